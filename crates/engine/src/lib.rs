//! The sudoku engine: grids, a streaming reader, a fast solver and counter, checks, and a
//! generator of puzzles with exactly one solution. No command-line dependencies.
//!
//! The solver ([`solver`]) is a backtracking search over per-digit bitboards that propagates
//! singles and locked candidates before every guess; the reader ([`parse`]) finds puzzles in text
//! of either common layout and locates every fault; [`Grid`] holds a puzzle or a solution.
//!
//! ```
//! use sudoku_engine::{Grid, count_solutions, solve};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
//!         .parse()?;
//! let solution = solve(&puzzle).expect("this puzzle has a solution");
//! assert!(solution.is_solution_of(&puzzle));
//! assert!(count_solutions(&puzzle, 2).is_unique());
//! # Ok::<(), sudoku_engine::ParseError>(())
//! ```
#![warn(missing_docs)]

pub mod check;
pub mod error;
pub mod generate;
pub mod grid;
pub mod parse;
pub mod solver;

pub use error::{GenerateError, ParseError, UnknownSymmetry};
pub use grid::{Conflict, Grid, Position, Unit};
pub use parse::{InvalidPuzzle, PuzzleReader, Record};
pub use solver::{SolutionCount, count_solutions, is_unique, solve};
