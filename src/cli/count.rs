//! `sudoku count`: how many solutions each puzzle has, up to a limit.

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::io::Write;
use sudoku_engine::solver::{SearchStats, count_and_first_measured, count_measured};
use sudoku_engine::{Record, SolutionCount};

use super::input::{InputArgs, run_puzzles};
use super::logic::{candidate_state, why_no_solution};
use super::output::{
    Budget, CSV_RECORD_COLUMNS, JsonSearch, JsonStatus, Output, OutputArgs, Problem, Show,
    TimeoutArgs, Timer, csv_cell, csv_record_cells, end_answer, micros_cell, out_of, puzzle_text,
    record_puzzle, unsolvable, write_shown,
};
use super::pipeline::{JobsArgs, Setup};
use super::sizes::{AnyGrid, SizeArgs, other_size};
use super::status::Status;

/// Puzzles handed to a worker at a time: a count takes microseconds.
const CHUNK: usize = 256;

/// The default for `--limit`: counting this many solutions takes milliseconds, even for an
/// empty grid.
pub const DEFAULT_LIMIT: u64 = 1000;

/// How counts are printed.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CountFormat {
    /// One line per puzzle: the count (`1000+` when the limit stopped it).
    #[default]
    Line,
    /// One JSON object per line (JSON Lines): source, line, puzzle, status, count,
    /// limit_reached, unique (null when the limit left it open), or error; with --stats, the
    /// search's guesses, backtracks and nodes.
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON fields as columns.
    Csv,
}

/// Arguments of `sudoku count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Stop counting at N solutions; the count is then printed as a lower bound (`N+`). With
    /// --unique, counting goes on to 2 at least, so that a unique puzzle is told apart. 0 means
    /// no limit: every solution is counted, which can take years without a --timeout.
    #[arg(short, long, value_name = "N", default_value_t = DEFAULT_LIMIT)]
    limit: u64,

    #[command(flatten)]
    timeout: TimeoutArgs,

    /// Exit with status 1 if any puzzle does not have exactly one solution.
    #[arg(short, long)]
    unique: bool,

    /// How to print counts.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: CountFormat,

    /// Print the puzzle too, before its count on the same line (`PUZZLE 1`), so that a
    /// pipeline can keep the puzzles it wants (`awk '$2 == 1'`): in the line format (JSON and
    /// CSV always hold the puzzle).
    #[arg(long, value_name = "WHAT", value_enum, ignore_case = true)]
    show: Option<Show>,

    /// Print the time each puzzle took to count: after a tab on its line (`0.012 ms`), as
    /// `micros` in JSON and CSV.
    #[arg(long)]
    timer: bool,

    #[command(flatten)]
    jobs: JobsArgs,

    #[command(flatten)]
    output: OutputArgs,
}

/// One line of `--format json` output.
#[derive(Serialize)]
struct JsonCount {
    source: String,
    line: u64,
    puzzle: String,
    status: JsonStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    limit_reached: Option<bool>,
    /// Whether the puzzle has exactly one solution; null when the limit stopped the count at
    /// one, or there is no count.
    unique: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// With --stats: the search's work.
    #[serde(flatten)]
    search: Option<JsonSearch>,
    /// With --timer: the time the count took, in microseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
}

/// The count of a record's puzzle, with the first solution found (the solution, when there
/// is one) if `keep_first` is set, or why it cannot be counted, within `budget` (already
/// started); the search's work is added to `search`. (Keeping the first solution costs a 9x9
/// count about 2% on puzzles with many solutions; the other searches keep it anyway.)
pub(super) fn count_record(
    record: &Record,
    limit: u64,
    budget: Option<Budget>,
    sizes: SizeArgs,
    search: &mut SearchStats,
    keep_first: bool,
) -> Result<(SolutionCount, Option<AnyGrid>), Problem> {
    let deadline = budget.map(|budget| budget.deadline);
    let timed_out = out_of(budget);
    if let Some(state) = candidate_state(record, &sizes) {
        let state = state?;
        let (count, first) = state
            .count_and_first(limit, deadline, search)
            .map_err(timed_out)?;
        return match count.found {
            0 => Err(why_no_solution(&state, budget)),
            _ => Ok((count, first)),
        };
    }
    if let Some(sized) = other_size(record, &sizes) {
        let sized = sized?;
        if let Some(clash) = sized.clash() {
            return Err(clash);
        }
        return sized
            .count_and_first_measured(limit, deadline, search)
            .map_err(timed_out);
    }
    let puzzle = record_puzzle(record)?;
    let (count, first) = match keep_first {
        true => count_and_first_measured(puzzle, limit, deadline, search),
        false => count_measured(puzzle, limit, deadline, search).map(|count| (count, None)),
    }
    .map_err(timed_out)?;
    if count.found == 0
        && let clash @ Problem::Clash(_) = unsolvable(puzzle)
    {
        return Err(clash);
    }
    Ok((count, first.map(AnyGrid::Nine)))
}

/// The problem with a count, if any: none at all is always one; more than one, when `unique` is
/// asked.
fn count_problem(count: &SolutionCount, unique: bool) -> Option<Problem> {
    if count.found == 0 {
        Some(Problem::NoSolution)
    } else if unique && count.found > 1 {
        Some(Problem::NotUnique(*count))
    } else {
        None
    }
}

/// Runs `sudoku count`.
pub fn run(args: CountArgs) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(
        &args.output,
        ["counted", "without solution or not unique"],
        &sources,
    )?;
    let (unique, format, show, timer) = (args.unique, args.format, args.show, args.timer);
    let limit = match args.limit {
        0 => u64::MAX,
        limit if unique => limit.max(2),
        limit => limit,
    };
    let budget = args.timeout;
    let sizes = args.input.sizes;
    let figures = args.output.stats;
    let work = move |record: &Record| {
        let (started, mut search) = (Timer::start(timer), SearchStats::default());
        let result = count_record(record, limit, budget.start(), sizes, &mut search, false)
            .map(|(count, _first)| count);
        (result, search, started.micros())
    };
    let setup = Setup {
        threads: args.jobs.threads(),
        chunk_size: CHUNK,
    };
    if format == CountFormat::Csv {
        let figures = JsonSearch::csv_header(figures);
        output.csv(
            CSV_RECORD_COLUMNS
                .into_iter()
                .chain(["count", "limit_reached", "unique"])
                .chain(figures.iter().copied())
                .chain(timer.then_some("micros"))
                .chain(["error"]),
        )?;
    }
    run_puzzles(
        &args.input,
        &mut output,
        setup,
        work,
        |output, source, record, (result, search, micros)| {
            let problem = match &result {
                Ok(count) => count_problem(count, unique),
                Err(problem) => Some(problem.clone()),
            };
            match &problem {
                None => output.success(),
                Some(problem) => output.problem(source, record.line, problem),
            }
            if format == CountFormat::Line {
                write_shown(output.stdout(), show, &record)?;
                let out = output.stdout();
                match &result {
                    Ok(count) => write!(out, "{count}")?,
                    Err(problem) => write!(out, "{}", problem.placeholder())?,
                }
                end_answer(out, false, micros)?;
                return Ok(());
            }
            let object = JsonCount {
                source: source.to_string(),
                line: record.line,
                puzzle: puzzle_text(&record),
                status: match &result {
                    Err(problem) => problem.json_status(),
                    Ok(count) if count.found == 0 => JsonStatus::NoSolution,
                    Ok(count) if count.found > 1 => JsonStatus::Multiple,
                    Ok(_) => JsonStatus::Ok,
                },
                unique: result
                    .as_ref()
                    .ok()
                    .filter(|count| !(count.found == 1 && count.limit_reached))
                    .map(SolutionCount::is_unique),
                count: result.as_ref().ok().map(|c| c.found),
                limit_reached: result.as_ref().ok().map(|c| c.limit_reached),
                error: result.as_ref().err().map(Problem::to_string),
                search: JsonSearch::of(&search, figures),
                micros,
            };
            match format {
                CountFormat::Csv => output.csv(
                    csv_record_cells(object.source, object.line, object.puzzle, object.status)
                        .into_iter()
                        .chain([
                            csv_cell(object.count),
                            csv_cell(object.limit_reached),
                            csv_cell(object.unique),
                        ])
                        .chain(JsonSearch::csv_cells(object.search.as_ref()))
                        .chain(micros.map(micros_cell))
                        .chain([csv_cell(object.error)]),
                )?,
                _ => output.json(&object)?,
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
