//! The human-style commands: `candidates`, `hint`, `explain`, `fill` and `rate`, over the logic
//! engine, a module each. Each prints exactly one answer per record (a line, a block, a JSON
//! object or a CSV row), failures included. Here: what they share, the JSON and CSV fields of a
//! record and the report of a failed one.

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
use super::output::{
    Budget, CSV_RECORD_COLUMNS, JsonStatus, Output, Problem, csv_record_cells, end_answer,
    micros_cell, out_of, puzzle_text,
};
use super::pipeline::{JobsArgs, Setup};

pub use candidates::{CandidatesArgs, candidates};
pub use fill::{FillArgs, fill};
pub use rate::{RateArgs, rate_puzzles};
pub use record_state::{candidate_state, why_no_solution};
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

/// A logic command's JSON object for an answer or a failure, with the time --timer asked for
/// last, where `solve` and `count` put it (after the answer's fields, which follow the
/// record's).
#[derive(Serialize)]
struct Timed<T> {
    #[serde(flatten)]
    answer: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
}

/// The form a logic command prints a record's answer in, as a failure's answer needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// The placeholder line.
    Line,
    /// The placeholder line as a block of its own, ended by a blank line.
    Block,
    /// A JSON object.
    Json,
    /// A CSV row with this many columns for the answer, between the record's and the error.
    Csv(usize),
}

/// Writes the header of a logic command's CSV: the record's columns, `answer`'s, the time's
/// when `timed` (--timer), the error.
fn write_csv_header(output: &mut Output, answer: &[&str], timed: bool) -> Result<()> {
    let time = timed.then_some(&"micros");
    output.csv(
        CSV_RECORD_COLUMNS
            .iter()
            .chain(answer)
            .chain(time)
            .chain(&["error"]),
    )?;
    Ok(())
}

/// Writes a record's CSV row: its columns, the `answer`'s (empty for a failure), the time
/// (`micros`, with --timer), the error.
fn write_csv_row(
    output: &mut Output,
    record: JsonRecord,
    answer: Vec<String>,
    micros: Option<f64>,
) -> Result<()> {
    let JsonRecord {
        source,
        line,
        puzzle,
        status,
        error,
    } = record;
    output.csv(
        csv_record_cells(source, line, puzzle, status)
            .into_iter()
            .chain(answer)
            .chain(micros.map(micros_cell))
            .chain([error.unwrap_or_default()]),
    )?;
    Ok(())
}

/// Reports a record that failed, and prints its answer in its place, in `form`: its
/// placeholder line or block, its JSON object or its CSV row, with the time it took when
/// --timer asked for it (`micros`).
fn report_failure(
    output: &mut Output,
    form: Form,
    (source, record): (&Source, &Record),
    problem: &Problem,
    micros: Option<f64>,
) -> Result<()> {
    output.problem(source, record.line, problem);
    let failed = JsonRecord::failed(source, record, problem);
    match form {
        Form::Line | Form::Block => {
            let out = output.stdout();
            write!(out, "{}", problem.placeholder())?;
            if form == Form::Block {
                writeln!(out)?;
            }
            end_answer(out, form == Form::Block, micros)?
        }
        Form::Json => output.json(&Timed {
            answer: failed,
            micros,
        })?,
        Form::Csv(columns) => write_csv_row(output, failed, vec![String::new(); columns], micros)?,
    }
    Ok(())
}

/// A record's answer, counted as a success; or, for a failure, `None`, once the failure is
/// reported and its answer printed in `form` (see [`report_failure`]).
fn answer_or_report<T>(
    output: &mut Output,
    form: Form,
    (source, record): (&Source, &Record),
    (result, micros): (Result<T, Problem>, Option<f64>),
) -> Result<Option<T>> {
    match result {
        Ok(answer) => {
            output.success();
            Ok(Some(answer))
        }
        Err(problem) => {
            report_failure(output, form, (source, record), &problem, micros)?;
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
