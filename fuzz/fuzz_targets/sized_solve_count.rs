//! The engine for grids of other sizes, with all of its reasoning (box-line, all-different,
//! probing, the look-ahead): on any small grid (sparse, clashing, without solution or with
//! many), and with any candidates struck out, solve and count agree with each other and with
//! a plain backtracking count where that one finishes quickly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::sized::{Shape, SizedGrid, count_solutions_within, solve_within};

/// The shapes tried: every one up to 16x16, square boxes and both ways round.
const SHAPES: [(usize, usize); 10] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (2, 5),
    (3, 4),
    (4, 3),
    (4, 4),
];

/// A plain backtracking count of the grids that fill `cells` (0 for empty) within `allowed`,
/// up to `limit`; None once it has used up `budget` nodes.
fn reference_count(
    shape: Shape,
    cells: &mut [u8],
    allowed: &[u64],
    limit: u64,
    budget: &mut u64,
) -> Option<u64> {
    let Some(empty) = cells.iter().position(|&c| c == 0) else {
        return Some(1);
    };
    let size = shape.size();
    let (row, column) = (empty / size, empty % size);
    let clashes = |cells: &[u8], value: u8| {
        (0..size).any(|i| {
            let (box_row, box_column) = (
                row / shape.box_rows() * shape.box_rows() + i / shape.box_columns(),
                column / shape.box_columns() * shape.box_columns() + i % shape.box_columns(),
            );
            cells[row * size + i] == value
                || cells[i * size + column] == value
                || cells[box_row * size + box_column] == value
        })
    };
    let mut found = 0;
    for value in 1..=size as u8 {
        *budget = budget.checked_sub(1)?;
        if allowed[empty] & (1 << (value - 1)) == 0 || clashes(cells, value) {
            continue;
        }
        cells[empty] = value;
        let below = reference_count(shape, cells, allowed, limit - found, budget);
        cells[empty] = 0;
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
    let (rows, columns) = SHAPES[usize::from(pick) % SHAPES.len()];
    let shape = Shape::new(rows, columns).expect("a shape the engine takes");
    let (size, count) = (shape.size(), shape.cells());
    // A byte a cell, mostly blank, as puzzles are; then pairs of bytes, each striking a value
    // out of a cell (givens included).
    let (cell_bytes, strikes) = rest.split_at(rest.len().min(count));
    let mut cells = vec![0u8; count];
    for (cell, &byte) in cells.iter_mut().zip(cell_bytes) {
        if byte % 4 == 0 {
            *cell = (byte / 4) % (size as u8 + 1);
        }
    }
    let mut allowed = vec![(1u64 << size) - 1; count];
    for strike in strikes.chunks_exact(2).take(32) {
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
