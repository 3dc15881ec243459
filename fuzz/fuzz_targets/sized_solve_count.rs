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

    /// The solutions of `cells`, up to `limit`, trying the fewest ways on at each node (see
    /// [`Reference::fewest_ways_on`]). None once the budget is spent.
    fn count(&mut self, cells: &mut [u8], limit: u64) -> Option<u64> {
        let Some(literals) = self.fewest_ways_on(cells) else {
            return Some(1);
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

    /// The literals (cell, value) of which exactly one holds in any solution, the fewest
    /// there are: an empty cell's values, or the places left in a unit for a value it lacks
    /// (a hidden single is then a forced move, as minimal puzzles need). None when no cell
    /// is empty.
    fn fewest_ways_on(&self, cells: &[u8]) -> Option<Vec<(usize, u8)>> {
        let size = self.units.len() / 3;
        let (cell, options) = (0..cells.len())
            .filter(|&cell| cells[cell] == 0)
            .map(|cell| (cell, self.options(cell)))
            .min_by_key(|&(_, options)| options.count_ones())?;
        let (mut least, mut unit_value) = (options.count_ones(), None);
        for (unit, members) in self.units.iter().enumerate() {
            let mut places = [0u32; 64];
            for &member in members.iter().filter(|&&member| cells[member] == 0) {
                for value in values(self.options(member)) {
                    places[usize::from(value - 1)] += 1;
                }
            }
            let lacking = values(!self.used[unit]).take_while(|&value| usize::from(value) <= size);
            for value in lacking {
                if places[usize::from(value - 1)] < least {
                    least = places[usize::from(value - 1)];
                    unit_value = Some((unit, value));
                }
            }
        }
        Some(match unit_value {
            Some((unit, value)) => self.units[unit]
                .iter()
                .filter(|&&member| {
                    cells[member] == 0 && self.options(member) >> (value - 1) & 1 == 1
                })
                .map(|&member| (member, value))
                .collect(),
            None => values(options).map(|value| (cell, value)).collect(),
        })
    }
}

/// The values of `mask`'s bits (bit `v - 1` for value `v`), lowest first.
fn values(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let value = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            value
        })
    })
}

/// A grid and the input bytes it did not use.
type Made<'a> = (SizedGrid, &'a [u8]);

/// A sparse grid of `shape`: a byte a cell, a quarter of them giving any value (0 for none).
fn sparse_grid(shape: Shape, input: &[u8]) -> Made<'_> {
    let size = shape.size() as u8;
    let (cell_bytes, rest) = input.split_at(input.len().min(shape.cells()));
    let mut cells = vec![0u8; shape.cells()];
    for (cell, &byte) in cells.iter_mut().zip(cell_bytes) {
        if byte % 4 == 0 {
            *cell = (byte / 4) % (size + 1);
        }
    }
    (grid(shape, cells), rest)
}

/// A random complete grid of `shape` (from 8 bytes of seed) with a share of its cells blank
/// (a byte, out of 256) and a few given wrong: a byte a cell chooses, the seed choosing for
/// the cells the input does not reach.
fn from_a_random_grid(shape: Shape, input: &[u8]) -> Made<'_> {
    let size = shape.size() as u8;
    let (mut rng, rest) = sudoku_fuzz::seeded_rng(input);
    let complete = random_grid(shape, &mut rng);
    let (&blank, rest) = rest.split_first().unwrap_or((&160, &[]));
    let (cell_bytes, rest) = rest.split_at(rest.len().min(shape.cells()));
    let cells = (0..shape.cells())
        .map(|cell| {
            let byte = cell_bytes
                .get(cell)
                .copied()
                .unwrap_or_else(|| rng.random());
            match byte {
                _ if byte < blank => 0,
                _ if byte - blank < 4 => byte % size + 1,
                _ => complete.get(cell),
            }
        })
        .collect();
    (grid(shape, cells), rest)
}

/// A puzzle with one solution from the pool (a byte chooses it), under a random symmetry (8
/// bytes of seed), changed as a byte says (or, without one, a draw from the seed): up to
/// three clues taken out, up to seven of the solution's cells given back, and perhaps one
/// clue made wrong. None without a byte to choose the puzzle.
fn near_a_unique_puzzle(input: &[u8]) -> Option<Made<'_>> {
    let (&choice, rest) = input.split_first()?;
    let pool = sudoku_fuzz::unique_puzzles();
    let (mut rng, rest) = sudoku_fuzz::seeded_rng(rest);
    let (puzzle, solution) =
        sudoku_fuzz::transformed(&pool[usize::from(choice) % pool.len()], &mut rng);
    let shape = puzzle.shape();
    let mut cells = puzzle.cells().to_vec();
    let (change, rest) = match rest.split_first() {
        Some((&change, rest)) => (change, rest),
        None => (rng.random(), rest),
    };
    let clues =
        |cells: &[u8]| -> Vec<usize> { (0..cells.len()).filter(|&c| cells[c] != 0).collect() };
    let given = clues(&cells);
    for _ in 0..change % 4 {
        cells[given[rng.random_range(0..given.len())]] = 0;
    }
    // Some of the solution's cells given back: one or two solutions left, not many.
    for _ in 0..(change >> 2) % 8 {
        let cell = rng.random_range(0..cells.len());
        cells[cell] = solution.get(cell);
    }
    if change & 32 != 0 {
        let given = clues(&cells);
        let clue = given[rng.random_range(0..given.len())];
        cells[clue] = wrong_value(shape, &cells, clue);
    }
    Some((grid(shape, cells), rest))
}

/// Another value for the clue `clue` of `cells`: the first after its own that none of its
/// peers holds (the grid then has no solution, without a clash to give it away), or the next
/// one when every other value clashes.
fn wrong_value(shape: Shape, cells: &[u8], clue: usize) -> u8 {
    let (size, right) = (shape.size() as u8, cells[clue]);
    let mut changed = cells.to_vec();
    let mut others = (1..size).map(|step| (right - 1 + step) % size + 1);
    let fitting = others.find(|&value| {
        changed[clue] = value;
        grid(shape, changed.clone()).first_conflict().is_none()
    });
    fitting.unwrap_or(right % size + 1)
}

/// The grid of `shape` with these cells.
fn grid(shape: Shape, cells: Vec<u8>) -> SizedGrid {
    SizedGrid::from_values(shape, cells).expect("values fit the shape")
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else {
        return;
    };
    let shape = sudoku_fuzz::shape(pick, sudoku_fuzz::UP_TO_16X16);
    let (puzzle, rest) = match pick / 86 {
        0 => sparse_grid(shape, rest),
        1 => from_a_random_grid(shape, rest),
        _ => match near_a_unique_puzzle(rest) {
            Some(made) => made,
            None => return,
        },
    };
    let shape = puzzle.shape();
    let mut cells = puzzle.cells().to_vec();
    let (size, count) = (shape.size(), shape.cells());
    let mut allowed = vec![(1u64 << size) - 1; count];
    // Pairs of bytes, each striking a value out of a cell (givens included).
    for strike in rest.chunks_exact(2).take(32) {
        allowed[usize::from(strike[0]) % count] &= !(1 << (usize::from(strike[1]) % size));
    }

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
