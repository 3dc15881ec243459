//! `sudoku hint` and `sudoku explain`: the next step of each puzzle, or every step to its end.

use std::io::Write;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_engine::Record;

use super::record_state::state_of;
use super::{
    Explained, Form, JsonRecord, Timed, level_name, report_failure, setup, steps_within,
    write_csv_header, write_csv_row,
};
use crate::cli::color;
use crate::cli::input::{InputArgs, run_puzzles};
use crate::cli::logic_state::{AnyState, AnyStep, rate};
use crate::cli::output::{
    JsonStatus, Output, OutputArgs, Problem, Show, TimeoutArgs, TimerArgs, end_answer, out_of,
    timed, write_shown, write_shown_above,
};
use crate::cli::pipeline::JobsArgs;
use crate::cli::status::Status;

/// How `hint` and `explain` print.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepsFormat {
    /// Words: `hint` one step per line, `explain` a block of steps per puzzle ending in a blank
    /// line.
    #[default]
    Text,
    /// One JSON object per puzzle, on one line.
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON fields as columns, the steps
    /// as their texts, one per line of the field.
    Csv,
}

/// Arguments of `sudoku hint` and `sudoku explain`.
#[derive(Args, Debug)]
pub struct StepsArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to print the steps.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: StepsFormat,
    #[command(flatten)]
    timer: TimerArgs,

    /// Print the puzzle too, in the text format (JSON and CSV always hold it): `hint` before
    /// its step on the same line (`PUZZLE STEP`), `explain` on the first line of its block.
    #[arg(long, value_name = "WHAT", value_enum, ignore_case = true)]
    show: Option<Show>,
    #[command(flatten)]
    timeout: TimeoutArgs,
    #[command(flatten)]
    jobs: JobsArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// A step as JSON: rows, columns and digits counted from 1 (on other sizes, each digit's
/// symbol too).
#[derive(Serialize)]
struct JsonStep {
    technique: String,
    rating: f32,
    text: String,
    placements: Vec<JsonCell>,
    eliminations: Vec<JsonCell>,
}

#[derive(Serialize)]
struct JsonCell {
    row: usize,
    col: usize,
    digit: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    symbol: Option<String>,
}

impl JsonStep {
    fn of(step: &AnyStep) -> JsonStep {
        let cells = |placements: bool| {
            step.cells(placements)
                .into_iter()
                .map(|c| JsonCell {
                    row: c.row,
                    col: c.column,
                    digit: c.value,
                    symbol: c.symbol,
                })
                .collect()
        };
        JsonStep {
            technique: step.technique().name().to_string(),
            rating: step.rating(),
            text: step.to_string(),
            placements: cells(true),
            eliminations: cells(false),
        }
    }
}

/// One puzzle of `explain --format json` and `hint --format json`.
#[derive(Serialize)]
struct JsonExplanation {
    #[serde(flatten)]
    record: JsonRecord,
    solved: bool,
    rating: f32,
    level: Option<&'static str>,
    score: u32,
    /// How the rating was made (the same for every puzzle).
    dialect: &'static str,
    steps: Vec<JsonStep>,
    /// Where the steps lead: the grid with every placement made.
    end: String,
}

/// The columns of `hint --format csv` and `explain --format csv`, as [`csv_fields`] gives them.
const CSV_COLUMNS: [&str; 7] = [
    "solved", "rating", "level", "score", "steps", "end", "dialect",
];

/// The columns of a puzzle's steps in CSV: the JSON's fields, each step as its text on a line
/// of its own within the `steps` field.
fn csv_fields(steps: &[AnyStep], end: &AnyState, already_solved: bool) -> Vec<String> {
    let rating = rate(steps, end.is_solved());
    let texts: Vec<String> = steps.iter().map(AnyStep::to_string).collect();
    vec![
        end.is_solved().to_string(),
        format!("{:.1}", rating.explainer),
        level_name(&rating, already_solved)
            .unwrap_or_default()
            .to_string(),
        rating.score.to_string(),
        texts.join("\n"),
        end.grid_line(),
        rating_dialect!().to_string(),
    ]
}

/// Runs `sudoku explain` (`only_first` false) or `sudoku hint` (true).
pub fn steps(args: StepsArgs, only_first: bool) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["explained", "failed"], &sources)?;
    let (format, show, timer) = (args.format, args.show, args.timer.timer);
    if format == StepsFormat::Csv {
        write_csv_header(&mut output, &CSV_COLUMNS, timer)?;
    }
    let budget = args.timeout;
    let sizes = args.input.sizes;
    let work = move |record: &Record| -> Explained {
        let budget = budget.start();
        // A 9x9 grid in letters is explained as the same grid in digits, in its own letters.
        let state = state_of(record, true, budget, &sizes)?.with_nine_logic();
        if !only_first {
            return steps_within(state, None, budget);
        }
        let deadline = budget.map(|budget| budget.deadline);
        let step: Vec<AnyStep> = state
            .next_step(deadline)
            .map_err(out_of(budget))?
            .into_iter()
            .collect();
        let mut end = state;
        step.iter().for_each(|step| end.apply(step));
        Ok((step, end))
    };
    // explain prints a block per puzzle, ended by a blank line; hint a line.
    let block = !only_first;
    run_puzzles(
        &args.input,
        &mut output,
        setup(&args.jobs),
        timed(timer, work),
        |output, source, record, (result, micros)| {
            match (format, only_first) {
                (StepsFormat::Text, true) => write_shown(output.stdout(), show, &record)?,
                (StepsFormat::Text, false) => write_shown_above(output.stdout(), show, &record)?,
                _ => {}
            }
            let (steps, end) = match result {
                Ok(done) => done,
                Err(problem) => {
                    let form = match format {
                        StepsFormat::Json => Form::Json,
                        StepsFormat::Text if block => Form::Block,
                        StepsFormat::Text => Form::Line,
                        StepsFormat::Csv => Form::Csv(CSV_COLUMNS.len()),
                    };
                    return report_failure(output, form, (source, &record), &problem, micros);
                }
            };
            let already_solved = steps.is_empty() && end.is_solved();
            let answered = end.is_solved() || (only_first && !steps.is_empty());
            let stuck = Problem::Stuck(steps.len());
            let status = if answered {
                JsonStatus::Ok
            } else {
                stuck.json_status()
            };
            if answered {
                output.success();
            } else {
                output.problem(source, record.line, &stuck);
            }
            match format {
                StepsFormat::Text => {
                    // hint: its step, or where it stopped; explain: every step, and the end.
                    let mut lines: Vec<String> = steps
                        .iter()
                        .map(|step| color::step_text(&step.to_string()))
                        .collect();
                    if block || steps.is_empty() {
                        let verdict = if end.is_solved() { "solved" } else { "stuck" };
                        lines.push(format!("{verdict}: {}", end.grid_line()));
                    }
                    let out = output.stdout();
                    out.write_all(lines.join("\n").as_bytes())?;
                    if block {
                        writeln!(out)?;
                    }
                    end_answer(out, block, micros)?
                }
                StepsFormat::Csv => {
                    let record = JsonRecord::new(source, &record, status);
                    write_csv_row(
                        output,
                        record,
                        csv_fields(&steps, &end, already_solved),
                        micros,
                    )?
                }
                StepsFormat::Json => {
                    let rating = rate(&steps, end.is_solved());
                    let answer = JsonExplanation {
                        record: JsonRecord::new(source, &record, status),
                        solved: end.is_solved(),
                        rating: rating.explainer,
                        level: level_name(&rating, already_solved),
                        score: rating.score,
                        dialect: rating_dialect!(),
                        steps: steps.iter().map(JsonStep::of).collect(),
                        end: end.grid_line(),
                    };
                    output.json(&Timed { answer, micros })?
                }
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
