//! `sudoku solve`: the first solution of every puzzle, in input order.

use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::io::Write;
use sudoku_cli::{Grid, Record, solve};

use super::input::InputArgs;
use super::output::{Format, Output, Problem, puzzle_text, record_puzzle, unsolvable};
use super::pipeline::{self, JobsArgs};
use super::status::Status;

/// Arguments of `sudoku solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,

    /// How to print solutions.
    #[arg(short, long, value_enum, default_value_t)]
    format: Format,

    #[command(flatten)]
    jobs: JobsArgs,

    /// Print a summary on stderr at the end: puzzles read, solved, failed, time, speed.
    #[arg(long)]
    stats: bool,
}

/// One line of `--format json` output.
#[derive(Serialize)]
struct JsonResult<'a> {
    source: String,
    line: u64,
    puzzle: String,
    status: &'a str,
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
    let mut output = Output::new(args.stats, ["solved", "without solution"]);
    let format = args.format;
    let sources = args.input.sources();
    pipeline::run(&sources, args.jobs.threads(), solve_record, |event| {
        let Some((source, record, result)) = output.puzzle(event) else {
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
                    Ok(_) => "solved",
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
