//! When this engine gets lost: a search that has guessed [`PATIENCE`] times without finding a
//! single solution hands the puzzle over to the other-size solver ([`crate::sized`]), whose
//! stronger reasoning at every node (all-different consistency over each unit, probing) sees
//! what singles and locked candidates cannot. The case is the sparse grid without a solution
//! whose contradiction lies in a few units (three digits that must share two cells, say) while
//! the guesses go elsewhere: this engine can search for seconds there, the other answers in
//! microseconds. Puzzles with a solution are found well within the patience (the hardest known
//! need a few hundred guesses), so nothing else changes.

use std::time::Instant;

use super::{Board, Fallback, SearchStats, SolutionCount, Start, Visitor};
use crate::digit::DigitSet;
use crate::error::TimedOut;
use crate::grid::Grid;
use crate::sized::{self, SizedGrid};

/// How many guesses a search may make without a solution before it hands over.
pub(super) const PATIENCE: u64 = 10_000;

/// A visitor that gives up once the search has made [`PATIENCE`] guesses and found nothing.
pub(super) struct Patient<V> {
    pub inner: V,
    solutions: u64,
    /// Set when it gave up: the search's answer is not to be trusted, hand over.
    pub gave_up: bool,
}

impl<V> Patient<V> {
    pub fn new(inner: V) -> Patient<V> {
        Patient {
            inner,
            solutions: 0,
            gave_up: false,
        }
    }
}

impl<V: Visitor> Visitor for Patient<V> {
    const FALLBACK: Fallback = V::FALLBACK;

    fn solution(&mut self, board: &Board) -> bool {
        self.solutions += 1;
        self.inner.solution(board)
    }

    #[inline]
    fn keep_going(&mut self, guesses: u64) -> bool {
        if guesses >= PATIENCE && self.solutions == 0 {
            self.gave_up = true;
            return false;
        }
        self.inner.keep_going(guesses)
    }

    #[inline]
    fn first_guess(&mut self, candidates: u32) -> usize {
        self.inner.first_guess(candidates)
    }
}

/// The start as the other-size solver takes it: the grid, and for a pencil-mark state one
/// word of allowed values per cell (bit `v - 1` for value `v`), a given's its own value.
fn sized_start(start: Start<'_>) -> (SizedGrid, Option<Vec<u64>>) {
    let allowed = start.allowed.map(|allowed| {
        let cells = start.puzzle.cells().iter().zip(allowed);
        let word = |(&value, digits): (&u8, &DigitSet)| match value {
            0 => u64::from(digits.bits() >> 1),
            value => 1 << (value - 1),
        };
        cells.map(word).collect()
    });
    (SizedGrid::from_nine(start.puzzle), allowed)
}

/// A 9x9 grid of the other-size solver as a grid of this engine.
fn nine_of(grid: &SizedGrid) -> Grid {
    grid.to_nine().expect("a 9x9 grid of values 1-9")
}

/// The first solution by the other-size solver, its work added to `stats`.
pub(super) fn solve(
    start: Start<'_>,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<Grid>, TimedOut> {
    let solution = match sized_start(start) {
        (grid, None) => sized::solve_measured(&grid, deadline, stats)?,
        (grid, Some(allowed)) => sized::solve_within_measured(&grid, &allowed, deadline, stats)?,
    };
    Ok(solution.map(|solution| nine_of(&solution)))
}

/// The solutions counted by the other-size solver, up to `limit`.
pub(super) fn count(
    start: Start<'_>,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<SolutionCount, TimedOut> {
    match sized_start(start) {
        (grid, None) => sized::count_measured(&grid, limit, deadline, stats),
        (grid, Some(allowed)) => {
            sized::count_within_measured(&grid, &allowed, limit, deadline, stats)
        }
    }
}

/// The solutions counted by the other-size solver, up to `limit`, with the first one.
pub(super) fn count_and_first(
    start: Start<'_>,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<(SolutionCount, Option<Grid>), TimedOut> {
    let (count, first) = match sized_start(start) {
        (grid, None) => sized::count_and_first_measured(&grid, limit, deadline, stats)?,
        (grid, Some(allowed)) => {
            sized::count_and_first_within_measured(&grid, &allowed, limit, deadline, stats)?
        }
    };
    Ok((count, first.map(|solution| nine_of(&solution))))
}
