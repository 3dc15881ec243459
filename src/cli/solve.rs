//! `sudoku solve`: the first solution of every puzzle, in input order.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use sudoku_engine::Record;
use sudoku_engine::solver::{SearchStats, solve_measured};

use super::count::count_record;
use super::input::{InputArgs, run_puzzles};
use super::logic::{candidate_state, why_no_solution};
use super::logic_state::AnyState;
use super::output::{
    Budget, CSV_RECORD_COLUMNS, Format, JsonSearch, JsonStatus, Output, OutputArgs, Problem, Show,
    TimeoutArgs, Timer, csv_record_cells, end_answer, micros_cell, out_of, puzzle_text,
    record_puzzle, unsolvable, write_shown,
};
use super::pipeline::{JobsArgs, Setup};
use super::sizes::{AnyGrid, SizeArgs, SizedPuzzle, other_size};
use super::status::Status;

/// Puzzles handed to a worker at a time: a solve takes microseconds.
const CHUNK: usize = 256;

/// Arguments of `sudoku solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,

    /// How to print solutions.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: Format,

    /// Print the puzzle too: before its solution on the same line (`PUZZLE SOLUTION`, which
    /// `sudoku check` reads back), or on its left in the grid format.
    #[arg(long, value_name = "WHAT", value_enum, ignore_case = true)]
    show: Option<Show>,

    /// Print the time each puzzle took to solve: after a tab on its line (`0.012 ms`), on a line
    /// of its own in the grid format, as `micros` in JSON and CSV.
    #[arg(long)]
    timer: bool,

    /// Answer only a puzzle with exactly one solution: one with more gets `error: not
    /// unique` (status `multiple` in JSON) and exit status 1, where without it its first
    /// solution is printed. The solution then comes from the count to 2 that shows it unique,
    /// a search that goes on past the first solution: up to twice the time of a plain solve.
    #[arg(short, long)]
    unique: bool,

    #[command(flatten)]
    timeout: TimeoutArgs,

    #[command(flatten)]
    jobs: JobsArgs,

    #[command(flatten)]
    output: OutputArgs,
}

/// A solve and what it took.
struct Solved {
    result: Result<AnyGrid, Problem>,
    search: SearchStats,
    /// With --timer: the time it took, in microseconds.
    micros: Option<f64>,
}

/// One line of `--format json` output.
#[derive(Serialize)]
struct JsonResult {
    source: String,
    line: u64,
    puzzle: String,
    status: JsonStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// With --stats: the search's work.
    #[serde(flatten)]
    search: Option<JsonSearch>,
    /// With --timer: the time the solve took, in microseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
}

/// How `solve` answers each record.
#[derive(Clone, Copy)]
struct Solving {
    /// Time each solve (reading the clock costs a little on the fastest puzzles).
    timed: bool,
    /// Refuse a puzzle with more than one solution.
    unique: bool,
    budget: TimeoutArgs,
    sizes: SizeArgs,
}

/// The solution of a record's puzzle, or why there is none, with the search's figures and the
/// time it took.
fn solve_record(record: &Record, solving: Solving) -> Solved {
    let timer = Timer::start(solving.timed);
    let mut search = SearchStats::default();
    let budget = solving.budget.start();
    let result = match solving.unique {
        true => unique_solution(record, budget, solving.sizes, &mut search),
        false => first_solution(record, budget, solving.sizes, &mut search),
    };
    Solved {
        result,
        search,
        micros: timer.micros(),
    }
}

/// The solution of a record's puzzle when it has exactly one, or why not: found by the count
/// to 2 that shows it unique, in one search.
fn unique_solution(
    record: &Record,
    budget: Option<Budget>,
    sizes: SizeArgs,
    search: &mut SearchStats,
) -> Result<AnyGrid, Problem> {
    let (count, first) = count_record(record, 2, budget, sizes, search, true)?;
    match count.found {
        0 | 1 => first.ok_or(Problem::NoSolution),
        _ => Err(Problem::NotUnique(count)),
    }
}

/// The record's puzzle as a grid for people, in its own symbols, to show beside its solution:
/// a candidate state's filled cells. None for a record that is no puzzle.
fn puzzle_block(record: &Record, sizes: &SizeArgs) -> Option<String> {
    if let Some(state) = candidate_state(record, sizes) {
        return state.ok().map(|state| state.filled().block());
    }
    if let Some(sized) = other_size(record, sizes) {
        return sized
            .ok()
            .map(|puzzle| puzzle.grid.to_block(puzzle.alphabet));
    }
    record
        .puzzle
        .as_ref()
        .ok()
        .map(|grid| grid.block().to_string())
}

/// The first solution of a record's puzzle, or why there is none.
fn first_solution(
    record: &Record,
    budget: Option<Budget>,
    sizes: SizeArgs,
    search: &mut SearchStats,
) -> Result<AnyGrid, Problem> {
    if let Some(state) = candidate_state(record, &sizes) {
        return state.and_then(|state| solve_state(&state, budget, search));
    }
    if let Some(sized) = other_size(record, &sizes) {
        return sized.and_then(|sized| solve_other_size(&sized, budget, search));
    }
    let puzzle = record_puzzle(record)?;
    solve_measured(puzzle, budget.map(|b| b.deadline), search)
        .map_err(out_of(budget))?
        .map(AnyGrid::Nine)
        .ok_or_else(|| unsolvable(puzzle))
}

/// The first solution a candidate state allows (its values kept, every open cell one of its
/// candidates), or why it has none, adding the search's work to `search`.
fn solve_state(
    state: &AnyState,
    budget: Option<Budget>,
    search: &mut SearchStats,
) -> Result<AnyGrid, Problem> {
    let solution = state
        .solution(budget.map(|budget| budget.deadline), search)
        .map_err(out_of(budget))?;
    solution.ok_or_else(|| why_no_solution(state, budget))
}

/// The solution of a puzzle of another size than 9x9, adding the search's work to `search`.
fn solve_other_size(
    puzzle: &SizedPuzzle,
    budget: Option<Budget>,
    search: &mut SearchStats,
) -> Result<AnyGrid, Problem> {
    if let Some(clash) = puzzle.clash() {
        return Err(clash);
    }
    puzzle
        .solution_measured(budget.map(|budget| budget.deadline), search)
        .map_err(out_of(budget))?
        .ok_or(Problem::NoSolution)
}

/// Runs `sudoku solve`.
pub fn run(args: SolveArgs) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["solved", "without solution"], &sources)?;
    let format = args.format;
    let setup = Setup {
        threads: args.jobs.threads(),
        chunk_size: CHUNK,
    };
    let (show, timer, figures) = (args.show, args.timer, args.output.stats);
    let show_puzzle = show.is_some();
    if format == Format::Csv {
        // The JSON's fields as columns: --stats and --timer add theirs before the error.
        let figures = JsonSearch::csv_header(figures).iter().copied();
        let time = timer.then_some("micros");
        output.csv(
            CSV_RECORD_COLUMNS
                .into_iter()
                .chain(["solution"])
                .chain(figures)
                .chain(time)
                .chain(["error"]),
        )?;
    }
    let sizes = args.input.sizes;
    let solving = Solving {
        timed: timer,
        unique: args.unique,
        budget: args.timeout,
        sizes,
    };
    let work = move |record: &Record| solve_record(record, solving);
    run_puzzles(
        &args.input,
        &mut output,
        setup,
        work,
        |output, source, record, solved| {
            let result = &solved.result;
            let status = result
                .as_ref()
                .err()
                .map_or(JsonStatus::Ok, Problem::json_status);
            match result {
                Ok(_) => output.success(),
                Err(problem) => output.problem(source, record.line, problem),
            }
            let out = output.stdout();
            match format {
                // The common case, one write of 82 bytes.
                Format::Line if !show_puzzle && !timer => match result {
                    Ok(AnyGrid::Nine(solution)) => {
                        let mut line = [b'\n'; 82];
                        line[..81].copy_from_slice(&solution.line_bytes());
                        out.write_all(&line)?
                    }
                    Ok(other) => writeln!(out, "{}", other.line())?,
                    Err(problem) => writeln!(out, "{}", problem.placeholder())?,
                },
                Format::Line => {
                    write_shown(out, show, &record)?;
                    match result {
                        Ok(solution) => out.write_all(solution.line().as_bytes())?,
                        Err(problem) => write!(out, "{}", problem.placeholder())?,
                    }
                    end_answer(out, false, solved.micros)?
                }
                Format::Grid => {
                    let shown = show_puzzle.then(|| puzzle_block(&record, &sizes)).flatten();
                    match (result, shown) {
                        // The puzzle on the left, its solution on the right.
                        (Ok(solution), Some(puzzle)) => {
                            for (a, b) in puzzle.lines().zip(solution.block().lines()) {
                                writeln!(out, "{a}    {b}")?;
                            }
                        }
                        (Ok(solution), None) => write!(out, "{}", solution.block())?,
                        (Err(problem), _) => writeln!(out, "{}", problem.placeholder())?,
                    }
                    end_answer(out, true, solved.micros)?
                }
                Format::Csv => output.csv(
                    csv_record_cells(
                        source.to_string(),
                        record.line,
                        puzzle_text(&record),
                        status,
                    )
                    .into_iter()
                    .chain([result.as_ref().map(AnyGrid::line).unwrap_or_default()])
                    .chain(JsonSearch::csv_cells(
                        JsonSearch::of(&solved.search, figures).as_ref(),
                    ))
                    .chain(solved.micros.map(micros_cell))
                    .chain([result
                        .as_ref()
                        .err()
                        .map(Problem::to_string)
                        .unwrap_or_default()]),
                )?,
                Format::Json => output.json(&JsonResult {
                    source: source.to_string(),
                    line: record.line,
                    puzzle: puzzle_text(&record),
                    status,
                    solution: result.as_ref().ok().map(AnyGrid::line),
                    error: result.as_ref().err().map(Problem::to_string),
                    search: JsonSearch::of(&solved.search, figures),
                    micros: solved.micros,
                })?,
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
