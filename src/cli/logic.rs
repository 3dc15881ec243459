//! The human-style commands: `candidates`, `hint`, `explain`, `fill` and `rate`, over the logic
//! engine. Each prints exactly one answer per record (a line, a block or a JSON object), failures
//! included.

use std::collections::BTreeMap;
use std::io::Write;

use anyhow::Result;
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_engine::{ParseError, Record};
use sudoku_logic::sized::SizedCandidates;
use sudoku_logic::{
    Candidates, CellDigit, ExplainerRating, Rating, Technique, explainer_rating, tenths_text,
};

use super::color;
use super::input::{InputArgs, Source, run_puzzles};
use super::logic_state::{AnyState, AnyStep, rate};
use super::output::{
    Budget, JsonStatus, Output, OutputArgs, Problem, TimeoutArgs, csv_cell, puzzle_text,
};
use super::pipeline::{JobsArgs, Setup};
use super::sizes::{SizeArgs, other_size};
use super::status::Status;
use sudoku_engine::sized::Shape;

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
}

/// How `hint`, `explain` and `rate` print.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepsFormat {
    /// Words: `hint` one step per line, `explain` a block of steps per puzzle ending in a blank
    /// line, `rate` one rating per line.
    #[default]
    Text,
    /// One JSON object per puzzle, on one line.
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
    /// One JSON object per line (JSON Lines), with both forms.
    Json,
}

/// Arguments of `sudoku candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to print the pencil marks.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: CandidatesFormat,
    #[command(flatten)]
    jobs: JobsArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// Arguments of `sudoku hint`, `sudoku explain` and `sudoku rate`.
#[derive(Args, Debug)]
pub struct StepsArgs {
    #[command(flatten)]
    input: InputArgs,
    /// How to print the steps (or ratings).
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: StepsFormat,
    #[command(flatten)]
    timeout: TimeoutArgs,
    #[command(flatten)]
    jobs: JobsArgs,
    #[command(flatten)]
    output: OutputArgs,
}

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
    #[command(flatten)]
    timeout: TimeoutArgs,
    #[command(flatten)]
    jobs: JobsArgs,
    #[command(flatten)]
    output: OutputArgs,
    /// In the text format, follow each rating with how often each technique was used
    /// (`2.3 easy 204 full house 20, naked single 31`), as qqwing does; JSON always has them.
    #[arg(long)]
    techniques: bool,
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
    jobs: JobsArgs,
    #[command(flatten)]
    output: OutputArgs,
}

/// The pipeline set-up for a logic command: one puzzle at a time per worker, since a puzzle
/// can take a while and its answer should show as soon as it is ready.
fn setup(jobs: &JobsArgs) -> Setup {
    Setup {
        threads: jobs.threads(),
        chunk_size: 1,
    }
}

/// The pencil-mark state of a record: from a puzzle of any size, or from a 729-character
/// candidate line.
///
/// Refused: text that is not a puzzle, clashing givens, a candidate state that contradicts
/// itself. With `need_unique` (every command that takes steps: logic would make up a path
/// otherwise), also a state without exactly one solution, or whose eliminations rule out every
/// solution.
fn state_of(record: &Record, need_unique: bool, sizes: &SizeArgs) -> Result<AnyState, Problem> {
    if let Some(state) = sized_candidates(record, sizes) {
        return sized_state(state?, need_unique).map(AnyState::Other);
    }
    if let Some(sized) = other_size(record, sizes) {
        let sized = sized?;
        if let Some(clash) = sized.clash() {
            return Err(clash);
        }
        if need_unique {
            let count = sudoku_engine::sized::count_solutions(&sized.grid, 2);
            match count.found {
                0 => return Err(Problem::NoSolution),
                1 => {}
                _ => return Err(Problem::NotUnique(count)),
            }
        }
        let state = SizedCandidates::from_grid(&sized.grid, sized.alphabet);
        return Ok(AnyState::Other(state));
    }
    let (state, from_text) = match &record.puzzle {
        Ok(grid) => (Candidates::from_grid(grid), false),
        Err(invalid) => match invalid.error {
            ParseError::WrongCellCount { found: 729 } => {
                let state = Candidates::from_text(&invalid.text)
                    .map_err(|e| Problem::Unusable(format!("candidates: {e}")))?;
                (state, true)
            }
            _ => return Err(Problem::Invalid(invalid.error.clone())),
        },
    };
    let grid = state.grid();
    if let Some(conflict) = grid.first_conflict() {
        return Err(Problem::Clash(conflict.to_string()));
    }
    if !need_unique {
        return Ok(AnyState::Nine(Box::new(state)));
    }
    let count = state.count_solutions(2);
    match count.found {
        0 if from_text => Err(ruled_out(&state)),
        0 => Err(Problem::NoSolution),
        1 => Ok(AnyState::Nine(Box::new(state))),
        _ => Err(Problem::NotUnique(count)),
    }
}

/// The candidate line of another size than 9x9 that a record holds, if it holds one (see
/// [`SizedCandidates::text_shape`]).
pub fn sized_candidates(
    record: &Record,
    sizes: &SizeArgs,
) -> Option<Result<SizedCandidates, Problem>> {
    let text = &record.puzzle.as_ref().err()?.text;
    let shape = SizedCandidates::text_shape(text, sizes.shape.filter(|&s| s != Shape::NINE))?;
    Some(
        SizedCandidates::from_text(text, shape, sizes.alphabet)
            .map_err(|e| Problem::Unusable(format!("candidates: {e}"))),
    )
}

/// A candidate state of another size, refused as the 9x9 one is: clashing values, a state that
/// contradicts itself, and with `need_unique`, a state without exactly one solution.
fn sized_state(state: SizedCandidates, need_unique: bool) -> Result<SizedCandidates, Problem> {
    let grid = state.grid();
    if let Some(conflict) = grid.first_conflict() {
        return Err(Problem::Clash(conflict.describe(state.alphabet())));
    }
    if let Some(contradiction) = state.contradiction() {
        return Err(Problem::Unusable(format!("candidates: {contradiction}")));
    }
    if !need_unique {
        return Ok(state);
    }
    let count = sudoku_engine::sized::count_solutions_within(&grid, &state.allowed(), 2);
    match count.found {
        0 => Err(sized_ruled_out(&state)),
        1 => Ok(state),
        _ => Err(Problem::NotUnique(count)),
    }
}

/// The problem with a candidate state of another size that has no solution: when its filled
/// cells alone have one, the first cell whose candidates leave out its value.
fn sized_ruled_out(state: &SizedCandidates) -> Problem {
    let grid = state.grid();
    if !sudoku_engine::sized::count_solutions(&grid, 2).is_unique() {
        return match sudoku_engine::sized::count_solutions(&grid, 1).found {
            0 => Problem::NoSolution,
            _ => Problem::RuledOut(String::new()),
        };
    }
    let solution = sudoku_engine::sized::solve(&grid).expect("a unique grid has a solution");
    let allowed = state.allowed();
    let cell = (0..grid.cells().len())
        .find(|&cell| allowed[cell] >> (solution.get(cell) - 1) & 1 == 0)
        .map(|cell| {
            let value = state.symbol(solution.get(cell));
            format!(" ({} must be {value})", state.cell_name(cell))
        });
    Problem::RuledOut(cell.unwrap_or_default())
}

/// The problem with a candidate state whose eliminations leave no solution: when its filled
/// cells alone have one solution, the first cell where the candidates leave out its digit.
fn ruled_out(state: &Candidates) -> Problem {
    let grid = state.grid();
    let cell = match sudoku_engine::count_solutions(&grid, 2) {
        count if count.is_unique() => sudoku_engine::solve(&grid)
            .and_then(|solution| state.first_ruled_out(&solution))
            .map(|CellDigit { position, digit }| format!(" ({position} must be {digit})")),
        _ => None,
    };
    Problem::RuledOut(cell.unwrap_or_default())
}

/// A record and the state read from it, as JSON fields every logic command shares.
#[derive(Serialize)]
struct JsonRecord {
    source: String,
    line: u64,
    puzzle: String,
    status: JsonStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl JsonRecord {
    fn new(source: &Source, record: &Record, status: JsonStatus) -> JsonRecord {
        JsonRecord {
            source: source.to_string(),
            line: record.line,
            puzzle: puzzle_text(record),
            status,
            error: None,
        }
    }

    /// The object for a record that failed, whatever the command.
    fn failed(source: &Source, record: &Record, problem: &Problem) -> JsonRecord {
        JsonRecord {
            error: Some(problem.to_string()),
            ..JsonRecord::new(source, record, problem.json_status())
        }
    }
}

/// Reports a record that failed, and prints its answer in its place: its JSON object, or its
/// placeholder line followed by `end_of_answer` (a blank line ends a block).
fn report_failure(
    output: &mut Output,
    json: bool,
    source: &Source,
    record: &Record,
    problem: &Problem,
    end_of_answer: &str,
) -> Result<()> {
    output.problem(source, record.line, problem);
    if json {
        output.json(&JsonRecord::failed(source, record, problem))?;
    } else {
        writeln!(output.stdout(), "{}{end_of_answer}", problem.placeholder())?;
    }
    Ok(())
}

/// A record's answer, counted as a success; or, for a failure, `None`, once the failure is
/// reported and its placeholder printed (see [`report_failure`]).
fn answer_or_report<T>(
    output: &mut Output,
    json: bool,
    source: &Source,
    record: &Record,
    result: Result<T, Problem>,
    end_of_answer: &str,
) -> Result<Option<T>> {
    match result {
        Ok(answer) => {
            output.success();
            Ok(Some(answer))
        }
        Err(problem) => {
            report_failure(output, json, source, record, &problem, end_of_answer)?;
            Ok(None)
        }
    }
}

/// One record of `candidates --format json`.
#[derive(Serialize)]
struct JsonCandidates {
    #[serde(flatten)]
    record: JsonRecord,
    candidates: String,
}

/// What ends a failed record's placeholder: a blank line where answers are blocks.
fn block_end(format: CandidatesFormat) -> &'static str {
    match format {
        CandidatesFormat::Grid => "\n",
        CandidatesFormat::Candidates | CandidatesFormat::Json => "",
    }
}

/// Runs `sudoku candidates`.
pub fn candidates(args: CandidatesArgs) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["shown", "failed"], &sources)?;
    let format = args.format;
    let sizes = args.input.sizes;
    let work = move |record: &Record| state_of(record, false, &sizes);
    run_puzzles(
        &args.input,
        &mut output,
        setup(&args.jobs),
        work,
        |output, source, record, state| {
            let (json, end) = (format == CandidatesFormat::Json, block_end(format));
            let Some(state) = answer_or_report(output, json, source, &record, state, end)? else {
                return Ok(());
            };
            match format {
                CandidatesFormat::Grid => writeln!(output.stdout(), "{}", state.block())?,
                CandidatesFormat::Candidates => writeln!(output.stdout(), "{}", state.to_text())?,
                CandidatesFormat::Json => output.json(&JsonCandidates {
                    record: JsonRecord::new(source, &record, JsonStatus::Ok),
                    candidates: state.to_text(),
                })?,
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
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

/// The steps from `state` as far as the techniques go, within `budget` if there is one (looked at
/// between two steps and within one).
fn steps_within(state: AnyState, budget: Option<Budget>) -> Explained {
    let deadline = budget.map(|budget| budget.deadline);
    state
        .steps(None, deadline)
        .map_err(|_| budget.expect("only a deadline times out").problem())
}

/// What logic made of one puzzle: the steps taken and the state they lead to.
type Explained = Result<(Vec<AnyStep>, AnyState), Problem>;

/// Runs `sudoku explain` (`only_first` false) or `sudoku hint` (true).
pub fn steps(args: StepsArgs, only_first: bool) -> Result<Status> {
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["explained", "failed"], &sources)?;
    let format = args.format;
    let budget = args.timeout;
    let sizes = args.input.sizes;
    let work = move |record: &Record| -> Explained {
        let budget = budget.start();
        let state = state_of(record, true, &sizes)?;
        if !only_first {
            return steps_within(state, budget);
        }
        let deadline = budget.map(|budget| budget.deadline);
        let step: Vec<AnyStep> = state
            .next_step(deadline)
            .map_err(|_| budget.expect("only a deadline times out").problem())?
            .into_iter()
            .collect();
        let mut end = state;
        step.iter().for_each(|step| end.apply(step));
        Ok((step, end))
    };
    // explain prints a block per puzzle, ended by a blank line; hint a line.
    let end_of_answer = if only_first { "" } else { "\n" };
    run_puzzles(
        &args.input,
        &mut output,
        setup(&args.jobs),
        work,
        |output, source, record, result| {
            let (steps, end) = match result {
                Ok(done) => done,
                Err(problem) => {
                    let json = format == StepsFormat::Json;
                    return report_failure(output, json, source, &record, &problem, end_of_answer);
                }
            };
            let already_solved = steps.is_empty() && end.is_solved();
            let answered = end.is_solved() || (only_first && !steps.is_empty());
            let stuck = Problem::Stuck(steps.len());
            if answered {
                output.success();
            } else {
                output.problem(source, record.line, &stuck);
            }
            match format {
                StepsFormat::Text => {
                    for step in &steps {
                        writeln!(output.stdout(), "{}", color::step_text(&step.to_string()))?;
                    }
                    if !only_first || steps.is_empty() {
                        let verdict = if end.is_solved() { "solved" } else { "stuck" };
                        let grid = end.grid_line();
                        writeln!(output.stdout(), "{verdict}: {grid}{end_of_answer}")?;
                    }
                }
                StepsFormat::Json => {
                    let rating = rate(&steps, end.is_solved());
                    let status = if answered {
                        JsonStatus::Ok
                    } else {
                        stuck.json_status()
                    };
                    output.json(&JsonExplanation {
                        record: JsonRecord::new(source, &record, status),
                        solved: end.is_solved(),
                        rating: rating.explainer,
                        level: level_name(&rating, already_solved),
                        score: rating.score,
                        dialect: rating_dialect!(),
                        steps: steps.iter().map(JsonStep::of).collect(),
                        end: end.grid_line(),
                    })?
                }
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}

/// The level to print: HoDoKu's, or `solved` for a grid that was solved already.
fn level_name(rating: &Rating, already_solved: bool) -> Option<&'static str> {
    match rating.level {
        Some(level) => Some(level.name()),
        None if already_solved => Some("solved"),
        None => None,
    }
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
    let work = move |record: &Record| {
        let state = state_of(record, true, &sizes)?;
        Ok(state.steps(until, None).expect("no deadline").1)
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

/// Runs `sudoku rate`.
pub fn rate_puzzles(args: RateArgs) -> Result<Status> {
    let techniques = args.techniques;
    let sources = args.input.sources();
    let mut output = Output::new(&args.output, ["rated", "failed"], &sources)?;
    let format = args.format;
    let csv_row = |output: &mut Output, record: JsonRecord, rated: Option<&Rated>| {
        let counts = rated.map(|rated| technique_counts(&rated.path, "; "));
        let (ep, ed) = rated.map_or((None, None), Rated::ep_ed);
        output.csv([
            record.source,
            record.line.to_string(),
            record.puzzle,
            record.status.word().to_string(),
            csv_cell(rated.map(Rated::er_text)),
            csv_cell(ep.map(tenths_text)),
            csv_cell(ed.map(tenths_text)),
            csv_cell(rated.map(|rated| rated.level)),
            csv_cell(rated.map(|rated| rated.path.score)),
            counts.unwrap_or_default(),
            csv_cell(rated.map(|_| rating_dialect!())),
            csv_cell(record.error),
        ])
    };
    if format == RateFormat::Csv {
        let header = [
            "source", "line", "puzzle", "status", "rating", "ep", "ed", "level", "score",
        ];
        output.csv(header.into_iter().chain(["techniques", "dialect", "error"]))?;
    }
    let budget = args.timeout;
    let sizes = args.input.sizes;
    let work = move |record: &Record| -> Result<Rated, Problem> {
        let budget = budget.start();
        let state = state_of(record, true, &sizes)?;
        let already_solved = state.is_solved();
        let nine = state.nine().cloned();
        let (steps, end) = steps_within(state, budget)?;
        let path = rate(&steps, end.is_solved());
        let Some(level) = level_name(&path, already_solved) else {
            return Err(Problem::Stuck(steps.len()));
        };
        // Sudoku Explainer's own rating, once the path has shown the puzzle has one solution.
        let deadline = budget.map(|budget| budget.deadline);
        let explainer = nine
            .map(|nine| explainer_rating(&nine, deadline))
            .transpose()
            .map_err(|_| budget.expect("only a deadline times out").problem())?;
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
        work,
        |output, source, record, result| {
            let rated = match result {
                Ok(rated) => rated,
                Err(problem) if format == RateFormat::Csv => {
                    output.problem(source, record.line, &problem);
                    return Ok(csv_row(
                        output,
                        JsonRecord::failed(source, &record, &problem),
                        None,
                    )?);
                }
                Err(problem) => {
                    let json = format == RateFormat::Json;
                    return report_failure(output, json, source, &record, &problem, "");
                }
            };
            output.success();
            match format {
                RateFormat::Text => {
                    let out = output.stdout();
                    let (level, score) = (rated.level, rated.path.score);
                    write!(out, "{} {level} {score}", rated.er_text())?;
                    if techniques {
                        write!(out, " {}", technique_counts(&rated.path, ", "))?;
                    }
                    writeln!(out)?
                }
                RateFormat::Csv => csv_row(
                    output,
                    JsonRecord::new(source, &record, JsonStatus::Ok),
                    Some(&rated),
                )?,
                RateFormat::Json => output.json(&{
                    let (ep, ed) = rated.ep_ed();
                    JsonRating {
                        record: JsonRecord::new(source, &record, JsonStatus::Ok),
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
                    }
                })?,
            }
            Ok(())
        },
    )?;
    Ok(output.finish()?)
}
