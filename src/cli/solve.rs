//! `sudoku solve`: the first solution of every puzzle, in input order.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use sudoku_engine::{Grid, Record, solve};

use super::input::{InputArgs, run_puzzles};
use super::output::{
    Format, JsonStatus, Output, OutputArgs, Problem, puzzle_text, record_puzzle, unsolvable,
};
use super::pipeline::{JobsArgs, Setup};
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

    #[command(flatten)]
    jobs: JobsArgs,

    #[command(flatten)]
    output: OutputArgs,
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
}

/// The solution of a record's puzzle, or why there is none.
fn solve_record(record: &Record) -> Result<Grid, Problem> {
    let puzzle = record_puzzle(record)?;
    solve(puzzle).ok_or_else(|| unsolvable(puzzle))
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
    run_puzzles(&sources, setup, solve_record, |event| {
        let Some((source, record, result)) = output.puzzle(event)? else {
            return Ok(());
        };
        match &result {
            Ok(_) => output.success(),
            Err(problem) => output.problem(source, record.line, problem),
        }
        match (format, &result) {
            (Format::Line, Ok(solution)) => {
                let mut line = [b'\n'; 82];
                line[..81].copy_from_slice(&solution.line_bytes());
                output.stdout().write_all(&line)?
            }
            (Format::Grid, Ok(solution)) => writeln!(output.stdout(), "{}", solution.block())?,
            (Format::Line, Err(problem)) => writeln!(output.stdout(), "{}", problem.placeholder())?,
            (Format::Grid, Err(problem)) => {
                writeln!(output.stdout(), "{}\n", problem.placeholder())?
            }
            (Format::Json, _) => output.json(&JsonResult {
                source: source.to_string(),
                line: record.line,
                puzzle: puzzle_text(&record),
                status: match &result {
                    Ok(_) => JsonStatus::Ok,
                    Err(problem) => problem.json_status(),
                },
                solution: result.as_ref().ok().map(Grid::to_string),
                error: result.as_ref().err().map(Problem::to_string),
            })?,
        }
        Ok(())
    })?;
    Ok(output.finish()?)
}
