//! `sudoku candidates`: the pencil marks of each puzzle.

use std::io::Write;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_engine::Record;

use super::record_state::state_of;
use super::{Form, JsonRecord, Timed, answer_or_report, setup, write_csv_header, write_csv_row};
use crate::cli::input::{InputArgs, run_puzzles};
use crate::cli::output::{
    JsonStatus, Output, OutputArgs, Show, TimerArgs, end_answer, timed, write_shown,
    write_shown_above,
};
use crate::cli::pipeline::JobsArgs;
use crate::cli::status::Status;

/// How `candidates` prints.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CandidatesFormat {
    /// 9 rows of 3x3 candidate blocks, and a blank line after each grid.
    #[default]
    Grid,
    /// The 729-character form: 9 characters per cell, a digit where it is a candidate.
    Candidates,
    /// One JSON object per line (JSON Lines), with the 729-character form.
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON fields as columns.
    Csv,
}

/// Arguments of `sudoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to print the pencil marks.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: CandidatesFormat,
    /// Print the puzzle too: on the first line of its grid of marks, or before its marks on the
    /// same line in the 729-character form (`PUZZLE MARKS`); JSON and CSV always hold it.
    #[arg(long, value_name = "WHAT", value_enum, ignore_case = true)]
    show: Option<Show>,
    #[command(flatten)]
    timer: TimerArgs,
    #[command(flatten)]
    jobs: JobsArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// One record of `candidates --format json`.
#[derive(Serialize)]
struct JsonCandidates {
    #[serde(flatten)]
    record: JsonRecord,
    candidates: String,
}

/// The form a failed record's answer takes: the grid's placeholder ends with a blank line, as
/// the blocks do.
fn form_of(format: CandidatesFormat) -> Form {
    match format {
        CandidatesFormat::Grid => Form::Block,
        CandidatesFormat::Candidates => Form::Line,
        CandidatesFormat::Json => Form::Json,
        CandidatesFormat::Csv => Form::Csv(CSV_COLUMNS.len()),
    }
}

/// The columns of the pencil marks in `candidates --format csv`.
const CSV_COLUMNS: [&str; 1] = ["candidates"];

/// Runs `sudoku candidates`.
pub fn candidates(args: CandidatesArgs) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["shown", "failed"], &sources)?;
    let (format, show) = (args.format, args.show);
    let sizes = args.input.sizes;
    let work = move |record: &Record| state_of(record, false, None, &sizes);
    let timer = args.timer.timer;
    if format == CandidatesFormat::Csv {
        write_csv_header(&mut output, &CSV_COLUMNS, timer)?;
    }
    run_puzzles(
        &args.input,
        &mut output,
        setup(&args.jobs),
        timed(timer, work),
        |output, source, record, (state, micros)| {
            match format {
                CandidatesFormat::Grid => write_shown_above(output.stdout(), show, &record)?,
                CandidatesFormat::Candidates => write_shown(output.stdout(), show, &record)?,
                CandidatesFormat::Json | CandidatesFormat::Csv => {}
            }
            let form = form_of(format);
            let answered = answer_or_report(output, form, (source, &record), (state, micros))?;
            let Some(state) = answered else {
                return Ok(());
            };
            let ok = || JsonRecord::new(source, &record, JsonStatus::Ok);
            match format {
                // The block's lines, each ended; the time and the blank line follow.
                CandidatesFormat::Grid => {
                    let out = output.stdout();
                    write!(out, "{}", state.block())?;
                    end_answer(out, true, micros)?
                }
                CandidatesFormat::Candidates => {
                    let out = output.stdout();
                    write!(out, "{}", state.to_text())?;
                    end_answer(out, false, micros)?
                }
                CandidatesFormat::Json => output.json(&Timed {
                    answer: JsonCandidates {
                        record: ok(),
                        candidates: state.to_text(),
                    },
                    micros,
                })?,
                CandidatesFormat::Csv => {
                    write_csv_row(output, ok(), vec![state.to_text()], micros)?
                }
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
