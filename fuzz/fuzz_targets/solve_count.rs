//! Solve and count on any grid (sparse, clashing, without solution or with many) agree with each
//! other, and with a slow reference search where that one finishes quickly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::solver::{
    SearchStats, count_and_first_measured, count_solutions_within, solve_within,
};
use sudoku_engine::{DigitSet, Grid, count_solutions, solve};

/// A plain backtracking count, up to `limit`, giving up (None) after `budget` nodes.
fn reference_count(cells: &mut [u8; 81], limit: u64, budget: &mut u64) -> Option<u64> {
    let Some(empty) = cells.iter().position(|&c| c == 0) else {
        return Some(1);
    };
    let (row, column) = (empty / 9, empty % 9);
    let mut found = 0;
    for digit in 1..=9u8 {
        *budget = budget.checked_sub(1)?;
        let clash = (0..9).any(|i| {
            let box_cell = 9 * (row / 3 * 3 + i / 3) + column / 3 * 3 + i % 3;
            cells[9 * row + i] == digit
                || cells[9 * i + column] == digit
                || cells[box_cell] == digit
        });
        if clash {
            continue;
        }
        cells[empty] = digit;
        let below = reference_count(cells, limit - found, budget);
        cells[empty] = 0;
        found += below?;
        if found >= limit {
            return Some(found);
        }
    }
    Some(found)
}

fuzz_target!(|bytes: &[u8]| {
    // Each byte is a cell: mostly blanks, so that puzzles have few clues, as generators make.
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(bytes) {
        *cell = if byte % 4 == 0 { byte % 10 } else { 0 };
    }
    let grid = Grid::from_cells(cells).expect("cells are 0-9");
    let solution = solve(&grid);
    let count = count_solutions(&grid, 2);
    match solution {
        Some(solution) => {
            assert!(solution.is_solution_of(&grid), "{grid}");
            assert!(count.found >= 1, "{grid}");
        }
        None => assert_eq!(count.found, 0, "{grid}"),
    }
    // The count that keeps its first solution counts the same, and that solution solves.
    let mut stats = SearchStats::default();
    let (counted, first) = count_and_first_measured(&grid, 2, None, &mut stats).unwrap();
    assert_eq!(counted, count, "{grid}");
    assert_eq!(first.is_some(), count.found > 0, "{grid}");
    assert!(first.is_none_or(|first| first.is_solution_of(&grid)), "{grid}");
    // Within candidates that allow every digit: the same searches.
    let allowed = [DigitSet::ALL; 81];
    assert_eq!(count_solutions_within(&grid, &allowed, 2), count, "{grid}");
    assert_eq!(solve_within(&grid, &allowed).is_some(), count.found > 0, "{grid}");
    // Clashing givens have no solution, whatever else.
    if grid.first_conflict().is_some() {
        assert!(solution.is_none(), "{grid}");
        return;
    }
    let mut budget = 20_000;
    if let Some(expected) = reference_count(&mut cells, 2, &mut budget) {
        assert_eq!(count.found, expected, "{grid}");
    }
});
