//! Why a puzzle got no answer: [`Problem`], with the exit status, the JSON status, the
//! placeholder line and the message each kind calls for.

use std::fmt;

use sudoku_engine::sized::SizedError;
use sudoku_engine::{Grid, ParseError, Record, SolutionCount};

use super::JsonStatus;
use crate::cli::status::Status;

/// Why a puzzle produced no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The text is not a puzzle.
    Invalid(ParseError),
    /// The text is not a puzzle of the other size it seems to be (or --box asked for).
    InvalidSized(SizedError),
    /// Two givens clash, described.
    Clash(String),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution, and one was asked for.
    NotUnique(SolutionCount),
    /// Input that is not usable, for a reason told in words.
    Unusable(String),
    /// A candidate state that cannot be read or contradicts itself, described.
    BadCandidates(String),
    /// Logic stopped after this many steps: no technique applies.
    Stuck(usize),
    /// A candidate state whose eliminations rule out every solution; the text names a cell whose
    /// digit was eliminated, when one can be named.
    RuledOut(String),
    /// The puzzle ran out of its --timeout.
    Timeout(std::time::Duration),
}

impl Problem {
    /// The exit status this problem calls for, by its JSON status: an invalid input is an
    /// error, a timeout a timeout, and every other answer that is not one a failure.
    pub fn status(&self) -> Status {
        match self.json_status() {
            JsonStatus::Invalid => Status::Error,
            JsonStatus::Timeout => Status::Timeout,
            _ => Status::Failure,
        }
    }

    /// The word naming this problem in JSON output (see [`JsonStatus`]).
    pub fn json_status(&self) -> JsonStatus {
        match self {
            Problem::Invalid(_)
            | Problem::InvalidSized(_)
            | Problem::Clash(_)
            | Problem::Unusable(_)
            | Problem::BadCandidates(_) => JsonStatus::Invalid,
            Problem::NoSolution | Problem::RuledOut(_) => JsonStatus::NoSolution,
            Problem::NotUnique(_) => JsonStatus::Multiple,
            Problem::Stuck(_) => JsonStatus::Stuck,
            Problem::Timeout(_) => JsonStatus::Timeout,
        }
    }

    /// The line printed on stdout in place of a result, so that output stays one line per
    /// puzzle; no program would read it as a grid.
    pub fn placeholder(&self) -> &'static str {
        match self {
            Problem::Invalid(_)
            | Problem::InvalidSized(_)
            | Problem::Clash(_)
            | Problem::BadCandidates(_) => "error: invalid puzzle",
            Problem::Unusable(_) => "error: unusable input",
            Problem::NoSolution | Problem::RuledOut(_) => "error: no solution",
            Problem::NotUnique(_) => "error: not unique",
            Problem::Stuck(_) => "error: stuck",
            Problem::Timeout(_) => "error: timeout",
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Invalid(error) => write!(f, "{error}"),
            // Where the engine says a shape is missing, the flag that names one.
            Problem::InvalidSized(
                error @ (SizedError::NoShape { .. }
                | SizedError::InvalidSymbol {
                    row_of: Some(_), ..
                }),
            ) => write!(f, "{error}; --box RxC names a shape"),
            Problem::InvalidSized(error) => write!(f, "{error}"),
            Problem::Clash(conflict) => write!(f, "clashing givens: {conflict}"),
            Problem::NoSolution => f.write_str("no solution"),
            Problem::NotUnique(count) => write!(f, "not unique: {count} solutions"),
            Problem::Unusable(why) => f.write_str(why),
            Problem::BadCandidates(why) => write!(f, "candidates: {why}"),
            Problem::Stuck(steps) => {
                write!(f, "stuck after {steps} steps: no technique applies")
            }
            Problem::RuledOut(cell) => {
                write!(f, "the candidates rule out every solution{cell}")
            }
            Problem::Timeout(budget) => {
                write!(f, "timed out after {}", humantime::format_duration(*budget))
            }
        }
    }
}

/// The puzzle of a record, or why its text is not one.
pub fn record_puzzle(record: &Record) -> Result<&Grid, Problem> {
    record
        .puzzle
        .as_ref()
        .map_err(|invalid| Problem::Invalid(invalid.error.clone()))
}

/// Why a well-formed puzzle has no solution: clashing givens, or none that are plain to see.
/// (Only asked once the solver found nothing: a solution proves that no givens clash.)
pub fn unsolvable(puzzle: &Grid) -> Problem {
    match puzzle.first_conflict() {
        Some(conflict) => Problem::Clash(conflict.to_string()),
        None => Problem::NoSolution,
    }
}
