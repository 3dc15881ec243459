//! `sudoku fill`: each puzzle with every step of the easier techniques made.

use std::io::Write;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_engine::Record;
use sudoku_logic::Technique;

use super::record_state::state_of;
use super::{JsonRecord, answer_or_report, setup, steps_within};
use crate::cli::input::{InputArgs, run_puzzles};
use crate::cli::output::{JsonStatus, Output, OutputArgs, TimeoutArgs};
use crate::cli::pipeline::JobsArgs;
use crate::cli::status::Status;

/// How `fill` prints.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FillFormat {
    /// The filled puzzle on one line of 81 cells (eliminations are not shown).
    #[default]
    Line,
    /// The 729-character candidate form, eliminations included.
    Candidates,
    /// One JSON object per line (JSON Lines), with both forms.
    Json,
}

/// Arguments of `sudoku fill`.
#[derive(Args, Debug)]
pub struct FillArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Apply every technique tried before this one (see `sudoku explain`); by default singles
    /// only: full house, naked and hidden singles.
    #[arg(long, value_name = "TECHNIQUE",
          value_parser = |name: &str| name.parse::<Technique>())]
    until: Option<Technique>,
    /// How to print the result.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: FillFormat,
    #[command(flatten)]
    timeout: TimeoutArgs,
    #[command(flatten)]
    jobs: JobsArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// One record of `fill --format json`.
#[derive(Serialize)]
struct JsonFill {
    #[serde(flatten)]
    record: JsonRecord,
    grid: String,
    candidates: String,
}

/// Runs `sudoku fill`.
pub fn fill(args: FillArgs) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["filled", "failed"], &sources)?;
    let format = args.format;
    let until = args
        .until
        .or(Technique::ALL.into_iter().find(|t| !t.is_single()));
    let sizes = args.input.sizes;
    let budget = args.timeout;
    let work = move |record: &Record| {
        let budget = budget.start();
        let state = state_of(record, true, budget, &sizes)?;
        Ok(steps_within(state, until, budget)?.1)
    };
    run_puzzles(
        &args.input,
        &mut output,
        setup(&args.jobs),
        work,
        |output, source, record, result| {
            let json = format == FillFormat::Json;
            let Some(state) = answer_or_report(output, json, source, &record, result, "")? else {
                return Ok(());
            };
            match format {
                FillFormat::Line => writeln!(output.stdout(), "{}", state.grid_line())?,
                FillFormat::Candidates => writeln!(output.stdout(), "{}", state.to_text())?,
                FillFormat::Json => output.json(&JsonFill {
                    record: JsonRecord::new(source, &record, JsonStatus::Ok),
                    grid: state.grid_line(),
                    candidates: state.to_text(),
                })?,
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
