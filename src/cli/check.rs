//! `sudoku check`: whether grids are valid, and whether solutions solve their puzzles.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_cli::check::{Fault, check_grid, check_solution};
use sudoku_cli::{Grid, PuzzleReader, Record};

use super::input::{InputArgs, Source};
use super::output::{Output, Problem};
use super::pipeline;
use super::status::Status;

/// How results are printed.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CheckFormat {
    /// One line per grid: `ok` or `fail`; each fault goes to stderr.
    #[default]
    Line,
    /// One JSON object per line (JSON Lines), with the kind of check and every fault.
    Json,
}

/// Arguments of `sudoku check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Read from FILE a solution for each puzzle, in the same order, and check that each solves
    /// its puzzle. (A solution written after a one-line puzzle, on the same line, is used too.)
    #[arg(short, long, value_name = "FILE")]
    solution: Option<PathBuf>,

    /// How to print results.
    #[arg(short, long, value_enum, default_value_t)]
    format: CheckFormat,
}

/// One line of `--format json` output.
#[derive(Serialize)]
struct JsonCheck<'a> {
    source: String,
    line: u64,
    grid: String,
    kind: &'a str,
    valid: bool,
    faults: Vec<String>,
}

/// Where the solutions come from, when they come from a file of their own.
struct Solutions {
    source: Source,
    reader: PuzzleReader<Box<dyn std::io::BufRead>>,
}

impl Solutions {
    /// The next solution, or why there is none.
    fn next(&mut self) -> Result<Grid, String> {
        match self.reader.next() {
            Some(Ok(Record {
                puzzle: Ok(grid), ..
            })) => Ok(grid),
            Some(Ok(Record {
                puzzle: Err(invalid),
                line,
                ..
            })) => Err(format!("{}:{line}: {}", self.source, invalid.error)),
            Some(Err(error)) => Err(format!("{}: {error}", self.source)),
            None => Err(format!("{}: no solution left for this puzzle", self.source)),
        }
    }
}

/// Runs `sudoku check`.
pub fn run(args: CheckArgs) -> Result<Status> {
    let mut output = Output::new(false, ["passed", "failed"]);
    let mut solutions = match &args.solution {
        Some(path) => {
            let source = Source::File(path.clone());
            match source.open() {
                Ok(reader) => Some(Solutions {
                    reader: PuzzleReader::new(reader),
                    source,
                }),
                Err(error) => {
                    output.unreadable(&source, &error);
                    return Ok(output.finish()?);
                }
            }
        }
        None => None,
    };
    let format = args.format;
    pipeline::run(
        &args.input.sources(),
        1,
        |_| (),
        |event| {
            let Some((source, record, ())) = output.puzzle(event) else {
                return Ok(());
            };
            let grid = match &record.puzzle {
                Ok(grid) => *grid,
                Err(invalid) => {
                    output.problem(
                        source,
                        record.line,
                        &Problem::Invalid(invalid.error.clone()),
                    );
                    match format {
                        CheckFormat::Line => writeln!(output.stdout(), "error: invalid grid")?,
                        CheckFormat::Json => {}
                    }
                    return Ok(());
                }
            };
            let solution = match (record.companion.as_deref(), solutions.as_mut()) {
                (Some(&companion), _) => Some(Ok(companion)),
                (None, Some(solutions)) => Some(solutions.next()),
                (None, None) => None,
            };
            let (kind, faults) = match solution {
                Some(Ok(solution)) => ("solution", check_solution(&grid, &solution)),
                Some(Err(why)) => {
                    output.problem(
                        source,
                        record.line,
                        &Problem::Unusable(format!("cannot check: {why}")),
                    );
                    writeln!(output.stdout(), "error: no solution to check")?;
                    return Ok(());
                }
                None if grid.is_complete() => ("grid", check_grid(&grid)),
                None => ("puzzle", check_grid(&grid)),
            };
            report(&mut output, format, source, &record, &grid, kind, &faults)
        },
    )?;
    Ok(output.finish()?)
}

/// Prints the verdict on one grid, and each fault located on stderr.
fn report(
    output: &mut Output,
    format: CheckFormat,
    source: &Source,
    record: &Record,
    grid: &Grid,
    kind: &str,
    faults: &[Fault],
) -> Result<()> {
    if faults.is_empty() {
        output.success();
    } else {
        output.faults(source, record.line, faults.iter());
    }
    match format {
        CheckFormat::Line => {
            let verdict = if faults.is_empty() { "ok" } else { "fail" };
            writeln!(output.stdout(), "{verdict}")?;
        }
        CheckFormat::Json => output.json(&JsonCheck {
            source: source.to_string(),
            line: record.line,
            grid: grid.to_string(),
            kind,
            valid: faults.is_empty(),
            faults: faults.iter().map(ToString::to_string).collect(),
        })?,
    }
    Ok(())
}
