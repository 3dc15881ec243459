//! The library's engine over the sample collections, and its properties on random puzzles.

use crate::common;

use common::{puzzle_from_grid, puzzles, valid_grid};
use proptest::prelude::*;
use sudoku_engine::{Grid, count_solutions, is_unique, solve};

/// Every puzzle of a collection is solved, validly and keeping its givens.
fn solves_every_puzzle_of(name: &str) -> usize {
    let puzzles = puzzles(name);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let solution = solve(puzzle).unwrap_or_else(|| panic!("{name} #{}: no solution", i + 1));
        assert!(
            solution.is_solution_of(puzzle),
            "{name} #{}: {solution} does not solve {puzzle}",
            i + 1
        );
    }
    puzzles.len()
}

#[test]
fn solves_the_17_clue_sample() {
    assert_eq!(solves_every_puzzle_of("17_clue_1000.txt"), 1000);
}

#[test]
fn solves_the_hard_collections() {
    assert_eq!(solves_every_puzzle_of("top1465.txt"), 1465);
    assert_eq!(solves_every_puzzle_of("hardest_1106.txt"), 375);
    assert_eq!(solves_every_puzzle_of("hardest_1106_shuffled.txt"), 375);
    assert_eq!(solves_every_puzzle_of("hardest_1905_1000.txt"), 1000);
}

#[test]
fn the_unique_collections_are_unique() {
    for name in [
        "17_clue_1000.txt",
        "top1465.txt",
        "hardest_1106.txt",
        "hardest_1106_shuffled.txt",
    ] {
        assert!(puzzles(name).iter().all(is_unique), "{name}");
    }
}

#[test]
fn serg_puzzles_have_several_solutions() {
    for puzzle in puzzles("serg_1000.txt") {
        let count = count_solutions(&puzzle, 2);
        assert_eq!(count.found, 2, "{puzzle}");
        assert!(count.limit_reached);
        assert!(solve(&puzzle).unwrap().is_solution_of(&puzzle));
    }
}

/// Exact counts of the serg puzzles (several solutions each) agree with the `sudoku` crate's
/// counter, an independent engine (a dev-dependency only).
#[test]
fn serg_counts_agree_with_the_sudoku_crate() {
    for puzzle in &puzzles("serg_1000.txt") {
        let ours = count_solutions(puzzle, 100_000);
        let peer = peer_sudoku::Sudoku::from_bytes(*puzzle.cells())
            .expect("the crate reads our cells")
            .solutions_count_up_to(100_000);
        assert!(!ours.limit_reached, "{puzzle}");
        assert_eq!(ours.found, peer as u64, "{puzzle}");
    }
}

/// A plain reference counter: fill the empty cell with the fewest fitting digits, each in turn.
/// (The suite is built without optimisation: the digits that fit a cell are found in one pass
/// over its row, column and box, with no allocation.)
fn reference_count(grid: &mut [u8; 81], limit: u64) -> u64 {
    // The digits that fit an empty cell, as bits 1-9: those in none of its units.
    let fitting = |grid: &[u8; 81], cell: usize| {
        let (row, column) = (cell / 9, cell % 9);
        let mut seen = 0u16;
        for i in 0..9 {
            seen |= 1 << grid[9 * row + i];
            seen |= 1 << grid[9 * i + column];
            seen |= 1 << grid[9 * (row / 3 * 3 + i / 3) + column / 3 * 3 + i % 3];
        }
        !seen & 0b11_1111_1110
    };
    let mut best: Option<(usize, u16)> = None;
    for cell in (0..81).filter(|&cell| grid[cell] == 0) {
        let digits = fitting(grid, cell);
        if digits == 0 {
            return 0;
        }
        if best.is_none_or(|(_, fewest)| digits.count_ones() < fewest.count_ones()) {
            best = Some((cell, digits));
        }
    }
    let Some((cell, digits)) = best else {
        return 1;
    };
    let mut found = 0;
    for digit in (1..=9u8).filter(|&digit| digits & 1 << digit != 0) {
        grid[cell] = digit;
        found += reference_count(grid, limit - found);
        grid[cell] = 0;
        if found >= limit {
            break;
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solutions_are_valid_and_keep_the_givens((puzzle, _) in puzzle_from_grid(0.7)) {
        let solution = solve(&puzzle).expect("blanking a valid grid leaves a solution");
        prop_assert!(solution.is_solution_of(&puzzle));
        prop_assert!(count_solutions(&puzzle, 1).found >= 1);
    }

    #[test]
    fn a_full_grid_counts_exactly_one(grid in valid_grid()) {
        let count = count_solutions(&grid, 10);
        prop_assert_eq!(count.found, 1);
        prop_assert!(!count.limit_reached);
        prop_assert_eq!(solve(&grid), Some(grid));
    }

    #[test]
    fn counts_agree_with_a_plain_backtracker((puzzle, _) in puzzle_from_grid(0.6)) {
        let limit = 50;
        let expected = reference_count(&mut puzzle.cells().clone(), limit);
        let count = count_solutions(&puzzle, limit);
        prop_assert_eq!(count.found, expected);
        prop_assert_eq!(count.limit_reached, expected == limit);
    }

    #[test]
    fn a_wrong_given_leaves_no_solution_or_another((puzzle, solution) in puzzle_from_grid(0.5),
                                                   cell in 0usize..81, shift in 1u8..9) {
        // Change one given to another digit: any solution found must keep the new given.
        let mut cells = *puzzle.cells();
        if cells[cell] != 0 {
            cells[cell] = (solution.cells()[cell] - 1 + shift) % 9 + 1;
        }
        let changed = Grid::from_cells(cells).unwrap();
        if let Some(found) = solve(&changed) {
            prop_assert!(found.is_solution_of(&changed));
        } else {
            prop_assert_eq!(count_solutions(&changed, 5).found, 0);
        }
    }
}

/// Sparse grids without a solution made the first-solution search guess for seconds (up to 48 s),
/// and some made counting search for seconds too: the searches now fall back on counting's
/// guess rule after a few hundred guesses, and hand the puzzle to the other-size solver (with
/// all-different consistency) after 10,000 without a solution. Guesses, not time, are asserted.
#[test]
fn sparse_grids_without_a_solution_are_settled_in_few_guesses() {
    let mut grids = common::puzzles("slow_no_solution.txt");
    grids.push(
        "5.....6.................2..62...4..........91...............4...................."
            .parse()
            .unwrap(),
    );
    for grid in grids {
        let (solution, stats) = sudoku_engine::solver::solve_with_stats(&grid);
        assert_eq!(solution, None);
        assert!(stats.guesses < 12_000, "{grid}: {} guesses", stats.guesses);
        assert_eq!(count_solutions(&grid, 2).found, 0, "{grid}");
    }
}
