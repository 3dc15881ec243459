//! The human-style commands: `candidates`, `hint`, `explain`, `fill` and `rate`, over the logic
//! engine, a module each. Each prints exactly one answer per record (a line, a block or a JSON
//! object), failures included. Here: what they share, the JSON fields of a record and the
//! report of a failed one.

mod candidates;
mod fill;
mod rate;
mod record_state;
mod steps;

use std::io::Write;

use anyhow::Result;
use serde::Serialize;
use sudoku_engine::Record;
use sudoku_logic::{Rating, Technique};

use super::input::Source;
use super::logic_state::{AnyState, AnyStep};
use super::output::{Budget, JsonStatus, Output, Problem, out_of, puzzle_text};
use super::pipeline::{JobsArgs, Setup};

pub use candidates::{CandidatesArgs, candidates};
pub use fill::{FillArgs, fill};
pub use rate::{RateArgs, rate_puzzles};
pub use record_state::sized_candidates;
pub use steps::{StepsArgs, steps};

/// The pipeline set-up for a logic command: one puzzle at a time per worker, since a puzzle
/// can take a while and its answer should show as soon as it is ready.
fn setup(jobs: &JobsArgs) -> Setup {
    Setup {
        threads: jobs.threads(),
        chunk_size: 1,
    }
}

/// A record and the state read from it, as JSON fields every logic command shares.
#[derive(Serialize)]
struct JsonRecord {
    source: String,
    line: u64,
    puzzle: String,
    status: JsonStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl JsonRecord {
    fn new(source: &Source, record: &Record, status: JsonStatus) -> JsonRecord {
        JsonRecord {
            source: source.to_string(),
            line: record.line,
            puzzle: puzzle_text(record),
            status,
            error: None,
        }
    }

    /// The object for a record that failed, whatever the command.
    fn failed(source: &Source, record: &Record, problem: &Problem) -> JsonRecord {
        JsonRecord {
            error: Some(problem.to_string()),
            ..JsonRecord::new(source, record, problem.json_status())
        }
    }
}

/// Reports a record that failed, and prints its answer in its place: its JSON object, or its
/// placeholder line followed by `end_of_answer` (a blank line ends a block).
fn report_failure(
    output: &mut Output,
    json: bool,
    source: &Source,
    record: &Record,
    problem: &Problem,
    end_of_answer: &str,
) -> Result<()> {
    output.problem(source, record.line, problem);
    if json {
        output.json(&JsonRecord::failed(source, record, problem))?;
    } else {
        writeln!(output.stdout(), "{}{end_of_answer}", problem.placeholder())?;
    }
    Ok(())
}

/// A record's answer, counted as a success; or, for a failure, `None`, once the failure is
/// reported and its placeholder printed (see [`report_failure`]).
fn answer_or_report<T>(
    output: &mut Output,
    json: bool,
    source: &Source,
    record: &Record,
    result: Result<T, Problem>,
    end_of_answer: &str,
) -> Result<Option<T>> {
    match result {
        Ok(answer) => {
            output.success();
            Ok(Some(answer))
        }
        Err(problem) => {
            report_failure(output, json, source, record, &problem, end_of_answer)?;
            Ok(None)
        }
    }
}

/// The steps from `state` as far as the techniques go (those tried before `until`, if given),
/// within `budget` if there is one (looked at between two steps and within one).
fn steps_within(state: AnyState, until: Option<Technique>, budget: Option<Budget>) -> Explained {
    let deadline = budget.map(|budget| budget.deadline);
    state.steps(until, deadline).map_err(out_of(budget))
}

/// What logic made of one puzzle: the steps taken and the state they lead to.
type Explained = Result<(Vec<AnyStep>, AnyState), Problem>;

/// The level to print: HoDoKu's, or `solved` for a grid that was solved already.
fn level_name(rating: &Rating, already_solved: bool) -> Option<&'static str> {
    match rating.level {
        Some(level) => Some(level.name()),
        None if already_solved => Some("solved"),
        None => None,
    }
}
