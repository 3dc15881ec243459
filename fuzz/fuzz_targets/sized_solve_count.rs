//! The engine for grids of other sizes, with all of its reasoning (box-line, all-different,
//! probing, the look-ahead): on any small grid (sparse, clashing, without solution or with
//! many), and with any candidates struck out, solve and count agree with each other and with
//! a plain backtracking count where that one finishes quickly.
//!
//! The input: a byte choosing the shape and how the grid is made, then one of three:
//! - a byte a cell (mostly blank, any value where given): sparse grids, mostly with many
//!   solutions or clashing;
//! - 8 bytes of seed for a random complete grid, a byte for the share of blank cells, and a
//!   byte a cell choosing to give its value, a wrong one, or none: grids near the edge of
//!   uniqueness, where probing works hardest, with and without a solution;
//! - a byte choosing a puzzle with one solution ([`sudoku_fuzz::unique_puzzles`], up to
//!   16x16, Gecode's hard 16x16 ones among them), 8 bytes of seed transforming it, then a
//!   byte (or a draw from the seed) for how many of its clues go (none to three), how many
//!   of its solution's cells are given back (none to seven), and whether one clue is made
//!   wrong (without a clash where it can be): grids with exactly one, two or a few
//!   solutions, or none, at every size;
//!
//! then pairs of bytes, each striking a value out of a cell.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::RngExt;
use sudoku_engine::sized::{Shape, SizedGrid, count_solutions_within, random_grid, solve_within};

/// A plain backtracking count, the check on the engine: no reasoning beyond what a move
/// forces, written apart from the engine.
struct Reference {
    /// The cells of every unit: rows, columns, then boxes.
    units: Vec<Vec<usize>>,
    /// The three units of each cell.
    units_of: Vec<[usize; 3]>,
    /// The values each cell may take (bit `v - 1` for value `v`).
    allowed: Vec<u64>,
    /// Per unit, the values its filled cells hold.
    used: Vec<u64>,
    /// Nodes left to work before giving up.
    budget: u64,
}

impl Reference {
    /// A count of the ways to fill `cells` (0 for empty, no clash among the rest) within
    /// `allowed`, giving up after `budget` nodes.
    fn new(shape: Shape, cells: &[u8], allowed: &[u64], budget: u64) -> Reference {
        let size = shape.size();
        let (box_rows, box_columns) = (shape.box_rows(), shape.box_columns());
        let units_of: Vec<[usize; 3]> = (0..size * size)
            .map(|cell| {
                let (row, column) = (cell / size, cell % size);
                let band_box = row / box_rows * box_rows + column / box_columns;
                [row, size + column, 2 * size + band_box]
            })
            .collect();
        let mut units = vec![Vec::new(); 3 * size];
        let mut used = vec![0u64; 3 * size];
        for (cell, its_units) in units_of.iter().enumerate() {
            for &unit in its_units {
                units[unit].push(cell);
                if cells[cell] != 0 {
                    used[unit] |= 1 << (cells[cell] - 1);
                }
            }
        }
        Reference {
            units,
            units_of,
            allowed: allowed.to_vec(),
            used,
            budget,
        }
    }

    /// The values the empty `cell` can still take.
    fn options(&self, cell: usize) -> u64 {
        let [row, column, block] = self.units_of[cell];
        self.allowed[cell] & !(self.used[row] | self.used[column] | self.used[block])
    }

    /// The solutions of `cells`, up to `limit`. Each node tries the fewest ways there are to
    /// go on: an empty cell's values, or the places left in a unit for a value it lacks (a
    /// hidden single is then a forced move, as minimal puzzles need). None once the budget
    /// is spent.
    fn count(&mut self, cells: &mut [u8], limit: u64) -> Option<u64> {
        let size = self.units.len() / 3;
        let every = if size == 64 {
            u64::MAX
        } else {
            (1 << size) - 1
        };
        // The fewest: a cell and its values, or a unit and a value's places in it.
        let mut fewest: Option<(u32, usize, u64)> = None;
        for cell in (0..cells.len()).filter(|&cell| cells[cell] == 0) {
            let options = self.options(cell);
            if fewest.is_none_or(|(n, _, _)| options.count_ones() < n) {
                fewest = Some((options.count_ones(), cell, options));
            }
        }
        let Some((mut least, cell, mut options)) = fewest else {
            return Some(1);
        };
        let mut unit_value = None;
        for (unit, members) in self.units.iter().enumerate() {
            let mut places = [0u32; 64];
            for &member in members.iter().filter(|&&member| cells[member] == 0) {
                let mut mask = self.options(member);
                while mask != 0 {
                    places[mask.trailing_zeros() as usize] += 1;
                    mask &= mask - 1;
                }
            }
            let mut lacking = every & !self.used[unit];
            while lacking != 0 {
                let value = mask_value(lacking);
                lacking &= lacking - 1;
                if places[usize::from(value - 1)] < least {
                    least = places[usize::from(value - 1)];
                    unit_value = Some((unit, value));
                }
            }
        }
        let literals: Vec<(usize, u8)> = match unit_value {
            Some((unit, value)) => self.units[unit]
                .iter()
                .filter(|&&member| {
                    cells[member] == 0 && self.options(member) >> (value - 1) & 1 == 1
                })
                .map(|&member| (member, value))
                .collect(),
            None => {
                let mut literals = Vec::new();
                while options != 0 {
                    literals.push((cell, mask_value(options)));
                    options &= options - 1;
                }
                literals
            }
        };
        let mut found = 0;
        for (cell, value) in literals {
            self.budget = self.budget.checked_sub(1)?;
            cells[cell] = value;
            let bit = 1 << (value - 1);
            for unit in self.units_of[cell] {
                self.used[unit] |= bit;
            }
            let below = self.count(cells, limit - found);
            for unit in self.units_of[cell] {
                self.used[unit] &= !bit;
            }
            cells[cell] = 0;
            found += below?;
            if found >= limit {
                return Some(found);
            }
        }
        Some(found)
    }
}

/// The value of the lowest bit of `mask` (bit `v - 1` for value `v`).
fn mask_value(mask: u64) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else {
        return;
    };
    let mut shape = sudoku_fuzz::shape(pick, sudoku_fuzz::UP_TO_16X16);
    let mut cells = vec![0u8; shape.cells()];
    let rest = match pick / 86 {
        2 => {
            let Some((&choice, rest)) = rest.split_first() else {
                return;
            };
            let pool = sudoku_fuzz::unique_puzzles();
            let (mut rng, rest) = sudoku_fuzz::seeded_rng(rest);
            let pair = &pool[usize::from(choice) % pool.len()];
            let (puzzle, solution) = sudoku_fuzz::transformed(pair, &mut rng);
            shape = puzzle.shape();
            cells = puzzle.cells().to_vec();
            // What is done to the puzzle: the input's byte, or one drawn from the seed.
            let (change, rest) = match rest.split_first() {
                Some((&change, rest)) => (change, rest),
                None => (rng.random(), rest),
            };
            let clues: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
            for _ in 0..change % 4 {
                cells[clues[rng.random_range(0..clues.len())]] = 0;
            }
            // Some of the solution's cells given back: one or two solutions left, not many.
            for _ in 0..(change >> 2) % 8 {
                let cell = rng.random_range(0..cells.len());
                cells[cell] = solution.get(cell);
            }
            if change & 32 != 0 {
                // One clue made wrong, with a value its peers do not hold where there is one:
                // no solution, without a clash to give it away.
                let clues: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != 0).collect();
                let clue = clues[rng.random_range(0..clues.len())];
                let (size, right) = (shape.size() as u8, cells[clue]);
                let wrong_values = (1..size).map(|step| (right - 1 + step) % size + 1);
                let mut fitting = wrong_values.filter(|&value| {
                    cells[clue] = value;
                    let grid = SizedGrid::from_values(shape, cells.clone());
                    grid.expect("values fit the shape")
                        .first_conflict()
                        .is_none()
                });
                cells[clue] = fitting.next().unwrap_or(right % size + 1);
            }
            rest
        }
        1 => {
            let (size, count) = (shape.size(), shape.cells());
            let (mut rng, rest) = sudoku_fuzz::seeded_rng(rest);
            let grid = random_grid(shape, &mut rng);
            // How many of the cells are blank, out of 256; the cells the input does not
            // reach are drawn from the seed.
            let (&blank, rest) = rest.split_first().unwrap_or((&160, &[]));
            let (cell_bytes, rest) = rest.split_at(rest.len().min(count));
            for (cell, value) in cells.iter_mut().enumerate() {
                let byte = cell_bytes
                    .get(cell)
                    .copied()
                    .unwrap_or_else(|| rng.random());
                *value = match byte {
                    _ if byte < blank => 0,
                    _ if byte - blank < 4 => byte % size as u8 + 1,
                    _ => grid.get(cell),
                };
            }
            rest
        }
        _ => {
            let size = shape.size();
            let (cell_bytes, rest) = rest.split_at(rest.len().min(cells.len()));
            for (cell, &byte) in cells.iter_mut().zip(cell_bytes) {
                if byte % 4 == 0 {
                    *cell = (byte / 4) % (size as u8 + 1);
                }
            }
            rest
        }
    };
    let (size, count) = (shape.size(), shape.cells());
    let mut allowed = vec![(1u64 << size) - 1; count];
    // Pairs of bytes, each striking a value out of a cell (givens included).
    for strike in rest.chunks_exact(2).take(32) {
        allowed[usize::from(strike[0]) % count] &= !(1 << (usize::from(strike[1]) % size));
    }
    let puzzle = SizedGrid::from_values(shape, cells.clone()).expect("values fit the shape");

    let solution = solve_within(&puzzle, &allowed);
    let counted = count_solutions_within(&puzzle, &allowed, 3);
    match &solution {
        Some(solution) => {
            assert!(solution.is_solution_of(&puzzle), "{puzzle:?}");
            for (value, allowed) in solution.cells().iter().zip(&allowed) {
                assert_ne!(allowed & (1 << (value - 1)), 0, "{puzzle:?}");
            }
            assert!(counted.found >= 1, "{puzzle:?}");
        }
        None => assert_eq!(counted.found, 0, "{puzzle:?}"),
    }
    assert_eq!(counted.limit_reached, counted.found >= 3);
    if puzzle.first_conflict().is_some() {
        assert!(solution.is_none(), "{puzzle:?}");
        return;
    }
    let given_struck =
        (cells.iter().zip(&allowed)).any(|(&v, a)| v != 0 && a & (1 << (v - 1)) == 0);
    if given_struck {
        assert!(solution.is_none(), "{puzzle:?}");
        return;
    }
    let mut reference = Reference::new(shape, &cells, &allowed, 20_000);
    if let Some(expected) = reference.count(&mut cells, 3) {
        assert_eq!(counted.found, expected, "{puzzle:?} within {allowed:?}");
    }
});
