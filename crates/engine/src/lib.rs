#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod check;
pub mod digit;
pub mod error;
pub mod generate;
pub mod grid;
mod library;
pub mod lines;
pub mod markup;
pub mod parse;
pub mod pencil;
pub mod sized;
pub mod solver;
mod unavoidable;

pub use digit::{Digit, DigitSet};
pub use error::{GenerateError, ParseError, TimedOut, UnknownSymmetry};
pub use grid::{Conflict, Grid, Position, Unit};
pub use parse::{InvalidPuzzle, PuzzleReader, Record};
pub use solver::{SolutionCount, count_solutions, is_unique, solve};
