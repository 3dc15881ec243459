//! Sudoku Explainer's rating, computed as Sudoku Explainer 1.2.1 (serate 1.2.1.3) computes it:
//! the same techniques in the same order, each taking the first step its scan finds, the
//! chains found and measured the same way, so that ER, EP and ED are its numbers.
//!
//! The rating walks the solving path: at each position the techniques are asked in a fixed
//! order and the first one that finds anything gives the step. ER is the hardest step's
//! difficulty, EP the hardest up to the first step that places a value, ED the first step's.

mod aligned;
mod basic;
mod chaining;
mod grid;
mod unique;

use std::time::Instant;

use sudoku_engine::TimedOut;

use crate::Candidates;
use grid::{Board, Cell};

/// A step: what it is worth and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Hint {
    /// Difficulty in tenths (2.3 is 23).
    difficulty: u32,
    /// Potential values removed, a mask per cell.
    removals: Vec<(Cell, u16)>,
    /// A value placed after the removals.
    placement: Option<(Cell, u8)>,
}

impl Hint {
    fn place(difficulty: u32, cell: Cell, value: u8) -> Hint {
        Hint {
            difficulty,
            removals: Vec::new(),
            placement: Some((cell, value)),
        }
    }

    fn remove(difficulty: u32, removals: Vec<(Cell, u16)>) -> Hint {
        Hint {
            difficulty,
            removals,
            placement: None,
        }
    }

    fn apply(&self, board: &mut Board) {
        for &(cell, mask) in &self.removals {
            board.remove(cell, mask);
        }
        if let Some((cell, value)) = self.placement {
            board.set_value(cell, value);
        }
    }
}

/// Sudoku Explainer's three numbers for a puzzle, in tenths (`er: 72` is 7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplainerRating {
    /// ER: the hardest step. When `complete` is false, a lower bound.
    pub er: u32,
    /// EP: the hardest step up to and including the first that places a value; `None` when
    /// the path stops before one.
    pub ep: Option<u32>,
    /// ED: the first step; `None` when there is none.
    pub ed: Option<u32>,
    /// False when the path reaches a position where none of Sudoku Explainer's techniques
    /// finds a step (serate prints 20.0 for such a puzzle; a puzzle with one solution has not
    /// been seen to do it): ER is then the hardest step before, a lower bound.
    pub complete: bool,
}

impl ExplainerRating {
    /// ER as Sudoku Explainer prints it (`8.5`), with `+` when it is a lower bound.
    pub fn er_text(&self) -> String {
        let plus = if self.complete { "" } else { "+" };
        format!("{}{plus}", tenths_text(self.er))
    }
}

/// Tenths as a number with one decimal: `85` is `8.5`.
pub fn tenths_text(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// Rates the 9x9 position `candidates` as Sudoku Explainer does; for a puzzle, its givens
/// with every candidate they allow. Gives up with [`TimedOut`] once `deadline` (looked at
/// between steps) has passed. Meant for puzzles with one solution: Sudoku Explainer's
/// uniqueness techniques assume it.
pub fn explainer_rating(
    candidates: &Candidates,
    deadline: Option<Instant>,
) -> Result<ExplainerRating, TimedOut> {
    let mut board = Board::from_candidates(candidates);
    let mut rating = ExplainerRating {
        er: 0,
        ep: None,
        ed: None,
        complete: true,
    };
    while !board.is_solved() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(TimedOut);
        }
        let Some(hint) = next_hint(&board) else {
            rating.complete = false;
            break;
        };
        rating.er = rating.er.max(hint.difficulty);
        hint.apply(&mut board);
        rating.ed.get_or_insert(rating.er);
        if rating.ep.is_none() && hint.placement.is_some() {
            rating.ep = Some(rating.er);
        }
    }
    Ok(rating)
}

/// The step Sudoku Explainer takes at `board`: the first technique, in its order, that finds one.
fn next_hint(board: &Board) -> Option<Hint> {
    use chaining::{Rule, chains};
    basic::hidden_single(board)
        .or_else(|| basic::locking(board, true))
        .or_else(|| basic::hidden_set(board, 2, true))
        .or_else(|| basic::naked_single(board))
        .or_else(|| basic::hidden_set(board, 3, true))
        .or_else(|| basic::locking(board, false))
        .or_else(|| basic::naked_set(board, 2))
        .or_else(|| basic::fish(board, 2))
        .or_else(|| basic::hidden_set(board, 2, false))
        .or_else(|| basic::naked_set(board, 3))
        .or_else(|| basic::fish(board, 3))
        .or_else(|| basic::hidden_set(board, 3, false))
        .or_else(|| basic::xy_wing(board, false))
        .or_else(|| basic::xy_wing(board, true))
        .or_else(|| unique::unique_loop(board))
        .or_else(|| basic::naked_set(board, 4))
        .or_else(|| basic::fish(board, 4))
        .or_else(|| basic::hidden_set(board, 4, false))
        .or_else(|| unique::bug(board))
        .or_else(|| aligned::aligned_exclusion(board, 2))
        .or_else(|| chains(board, Rule::Unary))
        .or_else(|| aligned::aligned_exclusion(board, 3))
        .or_else(|| chains(board, Rule::Nishio))
        .or_else(|| chains(board, Rule::Multiple))
        .or_else(|| chains(board, Rule::Dynamic))
        .or_else(|| chains(board, Rule::DynamicPlus))
        .or_else(|| chains(board, Rule::Nested(2)))
        .or_else(|| chains(board, Rule::Nested(3)))
        .or_else(|| chains(board, Rule::Nested(4)))
        .or_else(|| chains(board, Rule::Nested(5)))
}
