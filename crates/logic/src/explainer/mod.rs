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
    /// ER: the hardest step.
    pub er: u32,
    /// EP: the hardest step up to and including the first that places a value.
    pub ep: u32,
    /// ED: the first step.
    pub ed: u32,
}

/// Why a puzzle has no Sudoku Explainer rating here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExplainerError {
    /// A position where none of the techniques written here finds a step: the puzzle needs
    /// nested forcing chains (9.5 and up), or has no solution.
    #[error("no step found after a rating of {0}.{1} (nested forcing chains are not written yet, or the puzzle has no solution)", .er / 10, .er % 10)]
    Stuck {
        /// The hardest step taken before.
        er: u32,
    },
}

/// Rates `givens` (81 values, 0 for a blank) as Sudoku Explainer does.
pub fn explainer_rating(givens: &[u8; 81]) -> Result<ExplainerRating, ExplainerError> {
    let mut board = Board::from_givens(givens);
    let mut rating = ExplainerRating {
        er: 0,
        ep: 0,
        ed: 0,
    };
    let mut pearl_found = false;
    let mut first = true;
    while !board.is_solved() {
        let Some(hint) = next_hint(&board) else {
            return Err(ExplainerError::Stuck { er: rating.er });
        };
        rating.er = rating.er.max(hint.difficulty);
        hint.apply(&mut board);
        if !pearl_found {
            if first {
                rating.ed = rating.er;
                first = false;
            }
            if hint.placement.is_some() {
                rating.ep = rating.er;
                pearl_found = true;
            }
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
}
