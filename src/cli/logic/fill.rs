//! `sudoku fill`: each puzzle with every step of the easier techniques made.

use std::io::Write;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_engine::Record;
use sudoku_logic::Technique;

use super::record_state::state_of;
use super::{
    Form, JsonRecord, Timed, answer_or_report, setup, steps_within, write_csv_header, write_csv_row,
};
use crate::cli::input::{InputArgs, run_puzzles};
use crate::cli::offered::offered;
use crate::cli::output::{
    JsonStatus, Output, OutputArgs, Show, TimeoutArgs, TimerArgs, end_answer, timed, write_shown,
    write_shown_above,
};
use crate::cli::pipeline::JobsArgs;
use crate::cli::status::Status;

/// How `fill` prints.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FillFormat {
    /// The filled puzzle on one line of 81 cells (eliminations are not shown).
    #[default]
    Line,
    /// The filled puzzle as a grid, one line per row with box separators, and a blank line
    /// after it (eliminations are not shown).
    Grid,
    /// The 729-character candidate form, eliminations included.
    Candidates,
    /// One JSON object per line (JSON Lines), with both forms.
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON fields as columns.
    Csv,
}

/// Arguments of `sudoku fill`.
#[derive(Args, Debug)]
pub struct FillArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Apply every technique tried before this one (see `sudoku explain`); by default singles
    /// only: full house, naked and hidden singles.
    #[arg(long, value_name = "TECHNIQUE", hide_possible_values = true,
          value_parser = offered::<Technique>(Technique::ALL.map(Technique::slug)))]
    until: Option<Technique>,
    /// How to print the result.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: FillFormat,
    /// Print the puzzle too: before its filled form on the same line (`PUZZLE FILLED`, as
    /// `solve --show puzzle` prints a solution), or on the first line of its grid (JSON and
    /// CSV always hold the puzzle).
    #[arg(long, value_name = "WHAT", value_enum, ignore_case = true)]
    show: Option<Show>,
    #[command(flatten)]
    timeout: TimeoutArgs,
    #[command(flatten)]
    timer: TimerArgs,
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

/// The columns of a filled puzzle in `fill --format csv`.
const CSV_COLUMNS: [&str; 2] = ["grid", "candidates"];

/// Runs `sudoku fill`.
pub fn fill(args: FillArgs) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["filled", "failed"], &sources)?;
    let (format, show) = (args.format, args.show);
    let until = args
        .until
        .or(Technique::ALL.into_iter().find(|t| !t.is_single()));
    let sizes = args.input.sizes;
    let budget = args.timeout;
    let work = move |record: &Record| {
        let budget = budget.start();
        let state = state_of(record, true, budget, &sizes)?.with_nine_logic();
        Ok(steps_within(state, until, budget)?.1)
    };
    let timer = args.timer.timer;
    if format == FillFormat::Csv {
        write_csv_header(&mut output, &CSV_COLUMNS, timer)?;
    }
    run_puzzles(
        &args.input,
        &mut output,
        setup(&args.jobs),
        timed(timer, work),
        |output, source, record, (result, micros)| {
            match format {
                FillFormat::Line | FillFormat::Candidates => {
                    write_shown(output.stdout(), show, &record)?
                }
                FillFormat::Grid => write_shown_above(output.stdout(), show, &record)?,
                FillFormat::Json | FillFormat::Csv => {}
            }
            let form = match format {
                FillFormat::Line | FillFormat::Candidates => Form::Line,
                FillFormat::Grid => Form::Block,
                FillFormat::Json => Form::Json,
                FillFormat::Csv => Form::Csv(CSV_COLUMNS.len()),
            };
            let answered = answer_or_report(output, form, (source, &record), (result, micros))?;
            let Some(state) = answered else {
                return Ok(());
            };
            let ok = || JsonRecord::new(source, &record, JsonStatus::Ok);
            let out = output.stdout();
            match format {
                FillFormat::Line => write!(out, "{}", state.grid_line())?,
                FillFormat::Grid => write!(out, "{}", state.filled().block())?,
                FillFormat::Candidates => write!(out, "{}", state.to_text())?,
                FillFormat::Json | FillFormat::Csv => {}
            }
            match format {
                FillFormat::Line | FillFormat::Candidates => end_answer(out, false, micros)?,
                FillFormat::Grid => end_answer(out, true, micros)?,
                FillFormat::Json => output.json(&Timed {
                    answer: JsonFill {
                        record: ok(),
                        grid: state.grid_line(),
                        candidates: state.to_text(),
                    },
                    micros,
                })?,
                FillFormat::Csv => {
                    let fields = vec![state.grid_line(), state.to_text()];
                    write_csv_row(output, ok(), fields, micros)?
                }
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
