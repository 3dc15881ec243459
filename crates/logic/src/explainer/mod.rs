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

use crate::{Candidates, CellDigit, deadline};
use grid::{Board, Cell};
use sudoku_engine::Position;

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

/// One step of Sudoku Explainer's path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplainerStep {
    /// Its difficulty in tenths (2.6 is 26).
    pub difficulty: u32,
    /// The candidates it removes.
    pub eliminations: Vec<CellDigit>,
    /// The value it places, if it places one (after its removals).
    pub placement: Option<CellDigit>,
}

/// The path Sudoku Explainer takes from the 9x9 position `candidates` (for a puzzle, its
/// givens with every candidate they allow), and whether it reaches the solution (false where
/// none of its techniques finds a step). Gives up with [`TimedOut`] once `deadline` has passed:
/// it is looked at between steps and, inside the chain searches a step may spend seconds on,
/// between their starting cells. Meant for puzzles with one solution: Sudoku Explainer's
/// uniqueness techniques assume it.
pub fn explainer_path(
    candidates: &Candidates,
    deadline: Option<Instant>,
) -> Result<(Vec<ExplainerStep>, bool), TimedOut> {
    let mut board = Board::from_candidates(candidates);
    let mut steps = Vec::new();
    while !board.is_solved() {
        // A step that changes nothing would be taken again and again: none is known, but the
        // loop must end.
        let progress = |hint: &Hint| {
            hint.placement.is_some()
                || hint
                    .removals
                    .iter()
                    .any(|&(cell, mask)| board.potentials[cell] & mask != 0)
        };
        // A search cut short by the deadline may have missed the step it should give: `within`
        // then gives no step at all.
        let hint = deadline::within(deadline, || next_hint(&board))?;
        let Some(hint) = hint.filter(progress) else {
            return Ok((steps, false));
        };
        let digit = |cell: Cell, digit: u8| CellDigit {
            position: Position::at(cell / 9, cell % 9),
            digit,
        };
        steps.push(ExplainerStep {
            difficulty: hint.difficulty,
            eliminations: hint
                .removals
                .iter()
                .flat_map(|&(cell, mask)| grid::values_of(mask).map(move |v| digit(cell, v)))
                .collect(),
            placement: hint.placement.map(|(cell, value)| digit(cell, value)),
        });
        hint.apply(&mut board);
    }
    Ok((steps, true))
}

/// Rates the 9x9 position `candidates` as Sudoku Explainer does (see [`explainer_path`]).
pub fn explainer_rating(
    candidates: &Candidates,
    deadline: Option<Instant>,
) -> Result<ExplainerRating, TimedOut> {
    let (steps, complete) = explainer_path(candidates, deadline)?;
    let mut rating = ExplainerRating {
        er: 0,
        ep: None,
        ed: None,
        complete,
    };
    for step in &steps {
        rating.er = rating.er.max(step.difficulty);
        rating.ed.get_or_insert(rating.er);
        if rating.ep.is_none() && step.placement.is_some() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::Grid;

    /// The first `n` steps Sudoku Explainer's path takes on `puzzle`, each written as
    /// `difficulty removals placement` (`26 r5c2-1 r8c2-1`, `12 r3c3=6`).
    fn path(puzzle: &str, n: usize) -> Vec<String> {
        let grid: Grid = puzzle.parse().expect("a puzzle");
        let mut board = Board::from_candidates(&Candidates::from_grid(&grid));
        let name = |cell: Cell| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
        let mut steps = Vec::new();
        while steps.len() < n {
            let hint = next_hint(&board).expect("a step");
            let mut removals = hint.removals.clone();
            removals.sort_unstable();
            let mut text = vec![hint.difficulty.to_string()];
            for (cell, mask) in removals {
                text.extend(grid::values_of(mask).map(|v| format!("{}-{v}", name(cell))));
            }
            if let Some((cell, value)) = hint.placement {
                text.push(format!("{}={value}", name(cell)));
            }
            steps.push(text.join(" "));
            hint.apply(&mut board);
        }
        steps
    }

    /// Sudoku Explainer 1.2.1's own steps (serate's solver, traced step by step on the
    /// development machine), for a puzzle it rates 7.1: singles, direct hidden pairs, pointing,
    /// hidden pair and triplet, a unique rectangle, an XY-Wing, a naked pair and forcing chains.
    #[test]
    fn the_path_is_sudoku_explainers_step_for_step() {
        let puzzle =
            "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........";
        let expected = [
            "12 r3c3=6",
            "12 r6c9=3",
            "26 r5c2-1 r8c2-1 r9c2-1",
            "26 r2c7-8 r3c7-8 r7c7-8 r9c7-8",
            "26 r2c5-9 r2c7-9 r2c9-9",
            "26 r3c7-7 r3c8-7 r3c9-7",
            "26 r3c8-8 r3c9-8",
            "26 r5c2-4 r5c3-4 r5c4-4 r5c6-4",
            "34 r3c4-2 r3c4-3 r3c4-9 r3c6-2 r3c6-3 r3c6-5 r3c6-9",
            "26 r4c5-3 r7c5-3 r9c5-3",
            "40 r2c7-7 r3c7-1 r9c7-1 r9c7-6 r9c7-7",
            "20 r2c5=4",
            "12 r3c5=3",
            "20 r1c2=1",
            "23 r4c5=9",
            "12 r5c3=9",
            "12 r2c1=9",
            "26 r1c8-5",
            "26 r1c9-9",
            "26 r4c7-1",
            "34 r2c8-5",
            "45 r5c8-6 r5c9-6",
            "26 r7c7-6",
            "42 r7c1-1",
            "66 r4c3-4",
            "26 r6c6-4",
            "34 r4c4-7 r4c6-7",
            "71 r6c5-6",
            "26 r7c6-6 r8c6-6 r9c6-6",
            "30 r9c5-2",
            "71 r5c2-7",
            "20 r8c2=8",
            "20 r2c2=3",
            "23 r7c1=6",
        ];
        assert_eq!(path(puzzle, expected.len()), expected);
    }

    /// The same for the hardest puzzle of sample.txt (10.3): a nested region forcing chain
    /// first, then Nishio and dynamic contradictions.
    #[test]
    fn nested_nishio_and_dynamic_steps_are_sudoku_explainers() {
        let puzzle =
            "........8..3...4.2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let expected = [
            "103 r6c5-4",
            "26 r1c4-4 r3c4-4 r7c4-4 r8c4-4",
            "77 r7c6-4",
            "94 r8c5-9",
            "95 r2c5-8",
            "92 r8c6-8",
        ];
        assert_eq!(path(puzzle, expected.len()), expected);
    }
}
