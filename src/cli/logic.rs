//! The human-style commands: `candidates`, `hint`, `fill` and `explain`, over the logic engine.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_cli::logic::{
    Candidates, CellDigit, Rating, Step, Technique, next_step, rate, solve_steps,
};
use sudoku_cli::{ParseError, Record, count_solutions};

use super::input::InputArgs;
use super::output::{Output, Problem, puzzle_text};
use super::pipeline::{self, JobsArgs};
use super::status::Status;

/// How `candidates` prints.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CandidatesFormat {
    /// 9 rows of 3x3 candidate blocks.
    #[default]
    Grid,
    /// The 729-character form: 9 characters per cell, a digit where it is a candidate.
    Line,
}

/// How `hint`, `explain` and `rate` print.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepsFormat {
    /// Text: one step per line, in words (for `rate`, one rating per puzzle).
    #[default]
    Line,
    /// One JSON object per puzzle.
    Json,
}

/// How `fill` prints.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FillFormat {
    /// The filled puzzle on one line of 81 cells (eliminations are not shown).
    #[default]
    Line,
    /// The 729-character candidate form, eliminations included.
    Candidates,
}

/// Arguments of `sudoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to print the pencil marks.
    #[arg(short, long, value_enum, default_value_t)]
    format: CandidatesFormat,
}

/// Arguments of `sudoku hint`, `sudoku explain` and `sudoku rate`.
#[derive(Args, Debug)]
pub struct StepsArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to print the steps (or ratings).
    #[arg(short, long, value_enum, default_value_t)]
    format: StepsFormat,
    #[command(flatten)]
    jobs: JobsArgs,
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
    #[arg(short, long, value_enum, default_value_t)]
    format: FillFormat,
    #[command(flatten)]
    jobs: JobsArgs,
}

/// The pencil-mark state of a record: from a puzzle, or from a 729-character candidate line.
/// Refuses puzzles without exactly one solution: logic would make up a path for them.
fn state_of(record: &Record) -> Result<Candidates, Problem> {
    let candidates = match &record.puzzle {
        Ok(grid) => Candidates::from_grid(grid),
        Err(invalid) => match invalid.error {
            ParseError::WrongCellCount { found: 729 } => Candidates::from_text(&invalid.text)
                .map_err(|e| Problem::Unusable(e.to_string()))?,
            _ => return Err(Problem::Invalid(invalid.error.clone())),
        },
    };
    let grid = candidates.grid();
    if let Some(conflict) = grid.first_conflict() {
        return Err(Problem::Clash(conflict));
    }
    let count = count_solutions(&grid, 2);
    match count.found {
        0 => Err(Problem::NoSolution),
        1 => Ok(candidates),
        _ => Err(Problem::NotUnique(count)),
    }
}

/// Runs `sudoku candidates`.
pub fn candidates(args: CandidatesArgs) -> Result<Status> {
    let mut output = Output::new(false, ["shown", "failed"]);
    pipeline::run(&args.input.sources(), 1, state_of, |event| {
        let Some((source, record, state)) = output.puzzle(event) else {
            return Ok(());
        };
        match state {
            Ok(state) => {
                output.success();
                match args.format {
                    CandidatesFormat::Grid => writeln!(output.stdout(), "{}", state.block())?,
                    CandidatesFormat::Line => writeln!(output.stdout(), "{}", state.to_text())?,
                }
            }
            Err(problem) => output.problem(source, record.line, &problem),
        }
        Ok(())
    })?;
    Ok(output.finish()?)
}

/// A step as JSON: rows, columns and digits counted from 1.
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
}

impl JsonStep {
    fn of(step: &Step) -> JsonStep {
        let cells = |list: &[CellDigit]| {
            list.iter()
                .map(|c| JsonCell {
                    row: c.position.row() + 1,
                    col: c.position.column() + 1,
                    digit: c.digit,
                })
                .collect()
        };
        JsonStep {
            technique: step.technique.name().to_string(),
            rating: step.rating,
            text: step.to_string(),
            placements: cells(&step.placements),
            eliminations: cells(&step.eliminations),
        }
    }
}

/// One puzzle of `explain --format json`.
#[derive(Serialize)]
struct JsonExplanation {
    source: String,
    line: u64,
    puzzle: String,
    solved: bool,
    rating: f32,
    level: Option<&'static str>,
    score: u32,
    steps: Vec<JsonStep>,
}

/// What logic made of one puzzle.
type Explained = Result<(Vec<Step>, Candidates), Problem>;

/// Runs `sudoku explain` (`only_first` false) or `sudoku hint` (true).
pub fn steps(args: StepsArgs, only_first: bool) -> Result<Status> {
    let mut output = Output::new(false, ["explained", "failed"]);
    let work = |record: &Record| -> Explained {
        let state = state_of(record)?;
        Ok(if only_first {
            let step: Vec<Step> = next_step(&state).into_iter().collect();
            (step, state)
        } else {
            solve_steps(state, None)
        })
    };
    pipeline::run(&args.input.sources(), args.jobs.threads(), work, |event| {
        let Some((source, record, result)) = output.puzzle(event) else {
            return Ok(());
        };
        let (steps, end) = match result {
            Ok(done) => done,
            Err(problem) => {
                let line_format = args.format == StepsFormat::Line;
                output.problem_in_place(source, record.line, &problem, line_format)?;
                return Ok(());
            }
        };
        let finished = end.is_solved() || (only_first && !steps.is_empty());
        if finished {
            output.success();
        } else {
            let stuck = Problem::Stuck(steps.len());
            output.problem(source, record.line, &stuck);
        }
        match args.format {
            StepsFormat::Line => {
                for step in &steps {
                    writeln!(output.stdout(), "{step}")?;
                }
                if !only_first || steps.is_empty() {
                    let verdict = if end.is_solved() { "solved" } else { "stuck" };
                    let gap = if only_first { "" } else { "\n" };
                    writeln!(output.stdout(), "{verdict}: {}{gap}", end.grid())?;
                }
            }
            StepsFormat::Json => {
                let rating = rate(&steps, end.is_solved());
                output.json(&JsonExplanation {
                    source: source.to_string(),
                    line: record.line,
                    puzzle: puzzle_text(&record),
                    solved: end.is_solved(),
                    rating: rating.explainer,
                    level: rating.level.map(|l| l.name()),
                    score: rating.score,
                    steps: steps.iter().map(JsonStep::of).collect(),
                })?
            }
        }
        Ok(())
    })?;
    Ok(output.finish()?)
}

/// Runs `sudoku fill`.
pub fn fill(args: FillArgs) -> Result<Status> {
    let mut output = Output::new(false, ["filled", "failed"]);
    let until = args
        .until
        .or(Technique::ALL.into_iter().find(|t| !t.is_single()));
    let work = |record: &Record| state_of(record).map(|s| solve_steps(s, until).1);
    pipeline::run(&args.input.sources(), args.jobs.threads(), work, |event| {
        let Some((source, record, result)) = output.puzzle(event) else {
            return Ok(());
        };
        match result {
            Ok(state) => {
                output.success();
                match args.format {
                    FillFormat::Line => writeln!(output.stdout(), "{}", state.grid())?,
                    FillFormat::Candidates => writeln!(output.stdout(), "{}", state.to_text())?,
                }
            }
            Err(problem) => {
                output.problem_in_place(source, record.line, &problem, true)?;
            }
        }
        Ok(())
    })?;
    Ok(output.finish()?)
}

/// One puzzle of `rate --format json`.
#[derive(Serialize)]
struct JsonRating {
    source: String,
    line: u64,
    puzzle: String,
    rating: f32,
    level: &'static str,
    score: u32,
    techniques: BTreeMap<&'static str, usize>,
}

/// Runs `sudoku rate`.
pub fn rate_puzzles(args: StepsArgs) -> Result<Status> {
    let mut output = Output::new(false, ["rated", "failed"]);
    let work = |record: &Record| -> Result<Rating, Problem> {
        let (steps, end) = solve_steps(state_of(record)?, None);
        let rating = rate(&steps, end.is_solved());
        match rating.level {
            Some(_) => Ok(rating),
            None => Err(Problem::Stuck(steps.len())),
        }
    };
    pipeline::run(&args.input.sources(), args.jobs.threads(), work, |event| {
        let Some((source, record, result)) = output.puzzle(event) else {
            return Ok(());
        };
        let rating = match result {
            Ok(rating) => rating,
            Err(problem) => {
                let line_format = args.format == StepsFormat::Line;
                output.problem_in_place(source, record.line, &problem, line_format)?;
                return Ok(());
            }
        };
        output.success();
        let level = rating.level.expect("rated puzzles are solved").name();
        match args.format {
            StepsFormat::Line => writeln!(
                output.stdout(),
                "{:.1} {level} {}",
                rating.explainer,
                rating.score
            )?,
            StepsFormat::Json => output.json(&JsonRating {
                source: source.to_string(),
                line: record.line,
                puzzle: puzzle_text(&record),
                rating: rating.explainer,
                level,
                score: rating.score,
                techniques: rating
                    .counts
                    .iter()
                    .map(|(technique, &count)| (technique.name(), count))
                    .collect(),
            })?,
        }
        Ok(())
    })?;
    Ok(output.finish()?)
}
