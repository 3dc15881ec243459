//! `sudoku rate`: how hard each puzzle is, on Sudoku Explainer's scale and HoDoKu's.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_engine::Record;
use sudoku_logic::{ExplainerRating, Rating, explainer_rating, tenths_text};

use super::record_state::state_of;
use super::{
    Form, JsonRecord, Timed, answer_or_report, level_name, setup, steps_within, write_csv_header,
    write_csv_row,
};
use crate::cli::input::{InputArgs, run_puzzles};
use crate::cli::logic_state::rate;
use crate::cli::output::{
    JsonStatus, Output, OutputArgs, Problem, Show, TimeoutArgs, TimerArgs, csv_cell, end_answer,
    out_of, timed, write_shown,
};
use crate::cli::pipeline::JobsArgs;
use crate::cli::status::Status;

/// How `rate` prints.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RateFormat {
    /// One line per puzzle: rating, level, score.
    #[default]
    Text,
    /// One JSON object per puzzle, on one line, with how often each technique was used.
    Json,
    /// CSV: a header row, then one row per puzzle (source, line, puzzle, status, rating, level,
    /// score, techniques as `name count; ...`, error).
    Csv,
}

/// Arguments of `sudoku rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to print the ratings.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: RateFormat,
    /// Print the puzzle too, before its rating on the same line (`PUZZLE 7.2 hard 1420`), as
    /// Sudoku Explainer's batch rater does, so that `sort -k2 -n` orders the puzzles: in the
    /// text format (JSON and CSV always hold the puzzle).
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
    /// In the text format, follow each rating with how often each technique was used
    /// (`2.3 easy 204 full house 20, naked single 31`), as qqwing does; JSON always has them.
    #[arg(long)]
    techniques: bool,
}

/// One puzzle of `rate --format json`.
#[derive(Serialize)]
struct JsonRating {
    #[serde(flatten)]
    record: JsonRecord,
    /// Sudoku Explainer's ER (a lower bound when `rating_is_lower_bound`).
    rating: f32,
    rating_is_lower_bound: bool,
    /// Sudoku Explainer's EP and ED, where computed (9x9).
    ep: Option<f32>,
    ed: Option<f32>,
    level: &'static str,
    score: u32,
    techniques: BTreeMap<&'static str, usize>,
    /// How the rating was made (the same for every puzzle).
    dialect: &'static str,
}

/// How often each technique was used: `full house 20, naked single 31` (with `separator`).
fn technique_counts(rating: &Rating, separator: &str) -> String {
    let counts: Vec<String> = rating
        .counts
        .iter()
        .map(|(technique, count)| format!("{} {count}", technique.name()))
        .collect();
    counts.join(separator)
}

/// What `rate` finds for one puzzle.
struct Rated {
    /// The path's rating: HoDoKu's level and score, and the estimated Sudoku Explainer number.
    path: Rating,
    level: &'static str,
    /// Sudoku Explainer's own numbers, at 9x9.
    explainer: Option<ExplainerRating>,
}

impl Rated {
    /// ER as printed: Sudoku Explainer's own where there is one, else the estimate.
    fn er_text(&self) -> String {
        match &self.explainer {
            Some(explainer) => explainer.er_text(),
            None => format!("{:.1}", self.path.explainer),
        }
    }

    fn er(&self) -> f32 {
        match &self.explainer {
            Some(explainer) => explainer.er as f32 / 10.0,
            None => self.path.explainer,
        }
    }

    /// EP and ED, where known.
    fn ep_ed(&self) -> (Option<u32>, Option<u32>) {
        self.explainer.map_or((None, None), |e| (e.ep, e.ed))
    }
}

/// The columns of a rating in `rate --format csv`, as [`csv_fields`] gives them.
const CSV_COLUMNS: [&str; 7] = [
    "rating",
    "ep",
    "ed",
    "level",
    "score",
    "techniques",
    "dialect",
];

/// The columns of a rating in `rate --format csv`: rating, ep, ed, level, score, techniques and
/// dialect.
fn csv_fields(rated: &Rated) -> Vec<String> {
    let (ep, ed) = rated.ep_ed();
    vec![
        rated.er_text(),
        csv_cell(ep.map(tenths_text)),
        csv_cell(ed.map(tenths_text)),
        rated.level.to_string(),
        rated.path.score.to_string(),
        technique_counts(&rated.path, "; "),
        rating_dialect!().to_string(),
    ]
}

/// Runs `sudoku rate`.
pub fn rate_puzzles(args: RateArgs) -> Result<Status> {
    let (techniques, show) = (args.techniques, args.show);
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["rated", "failed"], &sources)?;
    let (format, timer) = (args.format, args.timer.timer);
    if format == RateFormat::Csv {
        write_csv_header(&mut output, &CSV_COLUMNS, timer)?;
    }
    let budget = args.timeout;
    let sizes = args.input.sizes;
    let work = move |record: &Record| -> Result<Rated, Problem> {
        let budget = budget.start();
        // A 9x9 grid in letters is rated as the same grid in digits (as explain shows it).
        let state = state_of(record, true, budget, &sizes)?.with_nine_logic();
        let already_solved = state.is_solved();
        let nine = state.nine().cloned();
        let (steps, end) = steps_within(state, None, budget)?;
        let path = rate(&steps, end.is_solved());
        let Some(level) = level_name(&path, already_solved) else {
            return Err(Problem::Stuck(steps.len()));
        };
        // Sudoku Explainer's own rating, once the path has shown the puzzle has one solution.
        let deadline = budget.map(|budget| budget.deadline);
        let explainer = nine
            .map(|nine| explainer_rating(&nine, deadline))
            .transpose()
            .map_err(out_of(budget))?;
        Ok(Rated {
            path,
            level,
            explainer,
        })
    };
    run_puzzles(
        &args.input,
        &mut output,
        setup(&args.jobs),
        timed(timer, work),
        |output, source, record, (result, micros)| {
            if format == RateFormat::Text {
                write_shown(output.stdout(), show, &record)?;
            }
            let form = match format {
                RateFormat::Text => Form::Line,
                RateFormat::Json => Form::Json,
                RateFormat::Csv => Form::Csv(CSV_COLUMNS.len()),
            };
            let answered = answer_or_report(output, form, (source, &record), (result, micros))?;
            let Some(rated) = answered else {
                return Ok(());
            };
            let ok = || JsonRecord::new(source, &record, JsonStatus::Ok);
            match format {
                RateFormat::Text => {
                    let out = output.stdout();
                    let (level, score) = (rated.level, rated.path.score);
                    write!(out, "{} {level} {score}", rated.er_text())?;
                    if techniques {
                        write!(out, " {}", technique_counts(&rated.path, ", "))?;
                    }
                    end_answer(out, false, micros)?
                }
                RateFormat::Csv => write_csv_row(output, ok(), csv_fields(&rated), micros)?,
                RateFormat::Json => output.json(&{
                    let (ep, ed) = rated.ep_ed();
                    let answer = JsonRating {
                        record: ok(),
                        rating: rated.er(),
                        rating_is_lower_bound: rated.explainer.is_some_and(|e| !e.complete),
                        ep: ep.map(|t| t as f32 / 10.0),
                        ed: ed.map(|t| t as f32 / 10.0),
                        level: rated.level,
                        score: rated.path.score,
                        techniques: rated
                            .path
                            .counts
                            .iter()
                            .map(|(technique, &count)| (technique.name(), count))
                            .collect(),
                        dialect: rating_dialect!(),
                    };
                    Timed { answer, micros }
                })?,
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
