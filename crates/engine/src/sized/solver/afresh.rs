//! Searches begun afresh: a run of searches, each with twice the node budget of the one
//! before, until one ends by itself. How random solutions avoid the subtrees a random search
//! now and then wanders into, and how grids with few givens are solved and counted.

use std::time::Instant;

use rand::{Rng, SeedableRng};

use super::search::Visitor;
use super::{Ended, Setup, SizedGrid, search_measured};
use crate::error::TimedOut;
use crate::solver::SearchStats;

/// Which searches a run begins afresh.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Plan {
    /// Random searches with the plain rules: they mostly run straight to a solution.
    Random,
    /// Before each random search, the search every other grid gets (the strong reasoning,
    /// guesses in order) on a budget [`RANDOM_NODES_PER_STRONG_NODE`] times smaller: a grid
    /// without a solution that takes the strong reasoning to show it (the sparse 9x9 grids
    /// of `puzzles/slow_no_solution.txt`, handed over by the 9x9 engine) would keep the random
    /// searches going for minutes.
    StrongThenRandom,
}

/// Runs searches of `puzzle` (its cells within `allowed`, when given) as `plan` says, each
/// with a fresh visitor from `visitor` and twice the node budget of the one before, until
/// one ends by itself: its visitor stopped it, or it went through its whole tree. A budget
/// is of nodes without a solution: a search that keeps finding them (a count of a grid with
/// many, to a high limit) is not lost, and goes on without being begun afresh. Returns
/// that search's visitor, so a count is that of one whole search (what a search cut short
/// found is dropped). Err once `deadline` has passed.
///
/// The budgets double without end, so a puzzle without a solution is still found to have
/// none, by the first search that runs to its end.
pub(super) fn search_afresh<V: Visitor>(
    puzzle: &SizedGrid,
    mut visitor: impl FnMut() -> V,
    rng: &mut dyn Rng,
    plan: Plan,
    (deadline, allowed): (Option<Instant>, Option<&[u64]>),
    stats: &mut SearchStats,
) -> Result<V, TimedOut> {
    let mut budget = RANDOM_RESTART_NODES_PER_CELL * puzzle.cells().len() as u64;
    loop {
        if plan == Plan::StrongThenRandom {
            let mut found = visitor();
            let setup = Setup {
                allowed,
                max_nodes: Some(budget / RANDOM_NODES_PER_STRONG_NODE),
                ..Setup::plain(deadline)
            };
            if search_measured(puzzle, &mut found, setup, stats)? == Ended::ByItself {
                return Ok(found);
            }
        }
        let mut found = visitor();
        let setup = Setup {
            rng: Some(&mut *rng),
            allowed,
            strong: false,
            max_nodes: Some(budget),
            ..Setup::plain(deadline)
        };
        if search_measured(puzzle, &mut found, setup, stats)? == Ended::ByItself {
            return Ok(found);
        }
        budget = budget.saturating_mul(2);
    }
}

/// Whether `puzzle` has so few givens (fewer than [`SPARSE_GIVENS_PERCENT`] of its cells)
/// that it is searched by [`search_afresh`] as [`Plan::StrongThenRandom`] says, from a fixed
/// seed (so that it always gets the same answer).
pub(super) fn is_sparse(puzzle: &SizedGrid) -> bool {
    puzzle.given_count() * 100 < SPARSE_GIVENS_PERCENT * puzzle.cells().len()
}

/// How many random nodes with the plain rules a search of [`Plan::StrongThenRandom`] works
/// for each node of the strong reasoning (which tries many literals a node). With 256 the
/// sparse 64x64 grids took 1.1x-1.9x the time of random searches alone; with 16 or 64 up to
/// 4x or more, and 1,024 was no faster than 256 (docs/performance.md).
const RANDOM_NODES_PER_STRONG_NODE: u64 = 256;

/// The random stream of the searches of a grid with few givens.
pub(super) fn sparse_rng() -> rand::rngs::ChaCha8Rng {
    rand::rngs::ChaCha8Rng::seed_from_u64(SPARSE_SEED)
}

/// How many nodes a cell a random search works before it begins afresh. From the empty
/// 64x64 grid, 2 and 4 both make every one of eight seeds in under a second (half of them
/// took minutes without); with 4, a first search of the empty grid that ran to its end in
/// under a second before mostly still does, so the grids of most seeds are the same as before.
pub(super) const RANDOM_RESTART_NODES_PER_CELL: u64 = 4;

/// Below this share of givens (in percent of the cells) a grid is searched by searches begun
/// afresh. There one search guessing in order (even with the strong reasoning) can run
/// into a subtree without a solution that it takes minutes to leave: the empty 49x49 grid,
/// and 36x36 and 64x64 grids with 5% of a solution's cells given, were not solved within
/// 20 s; searches begun afresh solve them in 0.14 s, 0.05 s and 9.9 s. At 20% the two ways
/// are both slow at 49x49 and 64x64 (docs/performance.md).
const SPARSE_GIVENS_PERCENT: usize = 15;

/// The seed of [`sparse_rng`].
const SPARSE_SEED: u64 = 1;

#[cfg(test)]
mod tests {
    use super::super::{count_measured, solve_measured};
    use super::*;
    use crate::sized::Shape;

    #[test]
    fn grids_with_few_givens_are_solved_and_counted_without_wandering() {
        // Guessing in order with the strong reasoning, the empty 36x36 grid took 23,187 nodes
        // (and 36x36 with 5% of a solution given did not finish in 20 s); a random search
        // mostly runs straight through, about a node a cell, or begins afresh a few times.
        let shapes = [
            (2, 2),
            (2, 3),
            (3, 4),
            (4, 4),
            (4, 5),
            (5, 5),
            (5, 6),
            (6, 6),
        ];
        for (rows, columns) in shapes {
            let shape = Shape::new(rows, columns).unwrap();
            let bound = 2 * shape.cells() as u64;
            let empty = SizedGrid::empty(shape);
            let mut stats = SearchStats::default();
            let solution = solve_measured(&empty, None, &mut stats).unwrap().unwrap();
            assert!(solution.is_solution_of(&empty), "{rows}x{columns}");
            assert!(
                stats.nodes <= bound,
                "{rows}x{columns}: {} nodes",
                stats.nodes
            );
            // One cell in twenty of that solution given.
            let mut puzzle = SizedGrid::empty(shape);
            for cell in (0..shape.cells()).step_by(20) {
                puzzle.set(cell, solution.get(cell));
            }
            assert!(is_sparse(&puzzle));
            let mut stats = SearchStats::default();
            let other = solve_measured(&puzzle, None, &mut stats).unwrap().unwrap();
            assert!(other.is_solution_of(&puzzle), "{rows}x{columns}");
            let count = count_measured(&puzzle, 2, None, &mut stats).unwrap();
            assert!(count.limit_reached && count.found == 2, "{rows}x{columns}");
            assert!(
                stats.nodes <= 8 * bound,
                "{rows}x{columns}: {} nodes",
                stats.nodes
            );
        }
    }

    #[test]
    fn a_count_that_keeps_finding_solutions_is_not_begun_afresh() {
        // Counted to 100,000, the empty 6x6 grid takes about two nodes a solution in one
        // search; cut short by a budget of all its nodes and begun afresh with twice as many,
        // it took 4.4 (the searches before the last one wasted).
        let empty = SizedGrid::empty(Shape::new(2, 3).unwrap());
        let limit = 100_000;
        let mut stats = SearchStats::default();
        let count = count_measured(&empty, limit, None, &mut stats).unwrap();
        assert!(count.limit_reached && count.found == limit);
        assert!(stats.nodes < 3 * limit, "{} nodes", stats.nodes);
    }

    #[test]
    fn a_sparse_grid_that_takes_the_strong_reasoning_is_still_settled_at_once() {
        // Eight givens and no solution, found by fuzzing: the strong reasoning shows it in a
        // few nodes. (Random searches with the plain rules alone took 267 s for the 16 such
        // grids of puzzles/slow_no_solution.txt, 0.02 s in all before.)
        let line =
            "5.....6.................2..62...4..........91...............4....................";
        let (puzzle, _) = SizedGrid::parse(line, Some(Shape::new(3, 3).unwrap()), None).unwrap();
        assert!(is_sparse(&puzzle));
        let mut stats = SearchStats::default();
        assert_eq!(solve_measured(&puzzle, None, &mut stats), Ok(None));
        let count = count_measured(&puzzle, 2, None, &mut stats).unwrap();
        assert_eq!(count.found, 0);
        assert!(stats.nodes < 10_000, "{} nodes", stats.nodes);
    }

    #[test]
    fn a_grid_with_few_givens_and_no_solution_is_found_to_have_none() {
        // 25x25: a 1 in each of the first four rows outside the first box, and the fifth row
        // of that box filled with other values, leave the 1 of the first box no place.
        let shape = Shape::new(5, 5).unwrap();
        let mut puzzle = SizedGrid::empty(shape);
        for row in 0..4 {
            puzzle.set(row * 25 + 5 * (row + 1), 1);
        }
        for column in 0..5 {
            puzzle.set(4 * 25 + column, 2 + column as u8);
        }
        assert!(is_sparse(&puzzle));
        let mut stats = SearchStats::default();
        assert_eq!(solve_measured(&puzzle, None, &mut stats), Ok(None));
        let count = count_measured(&puzzle, 2, None, &mut stats).unwrap();
        assert_eq!((count.found, count.limit_reached), (0, false));
    }
}
