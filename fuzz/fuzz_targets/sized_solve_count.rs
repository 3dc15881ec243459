//! The engine for grids of other sizes, with all of its reasoning (box-line, all-different,
//! probing, the look-ahead): on any small grid (sparse, clashing, without solution or with
//! many), and with any candidates struck out, solve and count agree with each other and with
//! a plain backtracking count where that one finishes quickly.
//!
//! The input: a byte choosing the shape and how the grid is made, then either a byte a cell
//! (mostly blank, any value where given: sparse grids, mostly with many solutions or
//! clashing), or 8 bytes of seed for a random complete grid, a byte for the share of blank
//! cells, and a byte a cell choosing to give its value, a wrong one, or none (grids near the
//! edge of uniqueness, where probing works hardest, with and without a solution); then pairs
//! of bytes, each striking a value out of a cell.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rand::RngExt;
use sudoku_engine::sized::{Shape, SizedGrid, count_solutions_within, random_grid, solve_within};

/// The values `allowed` leaves the empty cell `cell` of `cells` that none of its peers holds,
/// as bits (bit `v - 1` for value `v`).
fn options(shape: Shape, cells: &[u8], allowed: &[u64], cell: usize) -> u64 {
    let size = shape.size();
    let (row, column) = (cell / size, cell % size);
    let (top, left) = (
        row / shape.box_rows() * shape.box_rows(),
        column / shape.box_columns() * shape.box_columns(),
    );
    let mut taken = 0u64;
    for i in 0..size {
        let box_cell = (top + i / shape.box_columns()) * size + left + i % shape.box_columns();
        for peer in [row * size + i, i * size + column, box_cell] {
            if cells[peer] != 0 {
                taken |= 1 << (cells[peer] - 1);
            }
        }
    }
    allowed[cell] & !taken
}

/// A plain backtracking count of the grids that fill `cells` (0 for empty) within `allowed`,
/// up to `limit`, each value tried in the empty cell with the fewest; None once it has used
/// up `budget` nodes.
fn reference_count(
    shape: Shape,
    cells: &mut [u8],
    allowed: &[u64],
    limit: u64,
    budget: &mut u64,
) -> Option<u64> {
    let empty = (0..cells.len()).filter(|&cell| cells[cell] == 0);
    let Some((cell, options)) = empty
        .map(|cell| (cell, options(shape, cells, allowed, cell)))
        .min_by_key(|&(_, options)| options.count_ones())
    else {
        return Some(1);
    };
    let mut found = 0;
    for value in (1..=shape.size() as u8).filter(|v| options >> (v - 1) & 1 == 1) {
        *budget = budget.checked_sub(1)?;
        cells[cell] = value;
        let below = reference_count(shape, cells, allowed, limit - found, budget);
        cells[cell] = 0;
        found += below?;
        if found >= limit {
            return Some(found);
        }
    }
    Some(found)
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&pick, rest)) = bytes.split_first() else {
        return;
    };
    let shape = sudoku_fuzz::shape(pick, sudoku_fuzz::UP_TO_16X16);
    let (size, count) = (shape.size(), shape.cells());
    let mut cells = vec![0u8; count];
    let from_a_grid = pick >= 128;
    let rest = match from_a_grid {
        true => {
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
        false => {
            let (cell_bytes, rest) = rest.split_at(rest.len().min(count));
            for (cell, &byte) in cells.iter_mut().zip(cell_bytes) {
                if byte % 4 == 0 {
                    *cell = (byte / 4) % (size as u8 + 1);
                }
            }
            rest
        }
    };
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
    let mut budget = 20_000;
    if let Some(expected) = reference_count(shape, &mut cells, &allowed, 3, &mut budget) {
        assert_eq!(counted.found, expected, "{puzzle:?} within {allowed:?}");
    }
});
