//! `sudoku check`: whether grids are valid, and whether solutions solve their puzzles.

use std::io::{BufReader, Read, Write};
use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};
use serde::Serialize;
use sudoku_engine::check::{Fault, check_grid, check_solution};
use sudoku_engine::sized::SizedGrid;
use sudoku_engine::solver::SearchStats;
use sudoku_engine::{Grid, Position, Record};

use super::input::{InputArgs, Source, run_puzzles};
use super::json_input::puzzle_records;
use super::logic::{candidate_state, why_no_solution};
use super::logic_state::AnyState;
use super::output::{
    Budget, JsonStatus, Output, OutputArgs, Problem, Show, TimeoutArgs, Timer, TimerArgs, csv_cell,
    csv_record_cells, end_answer, micros_cell, out_of, puzzle_text, timed, write_shown,
};
use super::pipeline::{JobsArgs, Setup};
use super::sizes::{SizeArgs, SizedPuzzle, other_size, other_size_companion, solution_faults};
use super::status::Status;

/// Grids handed to a worker at a time: a check takes microseconds.
const CHUNK: usize = 256;

/// How results are printed.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CheckFormat {
    /// One line per grid: `ok` or `fail`; each fault goes to stderr.
    #[default]
    Line,
    /// One JSON object per line (JSON Lines), with the status, the kind of check and every fault.
    Json,
    /// CSV: a header row, then one row per grid with the JSON fields as columns.
    Csv,
}

/// Arguments of `sudoku check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,

    /// Read from FILE a solution for each puzzle, in the same order, and check that each solves
    /// its puzzle (`-`: standard input, when the puzzles come from files); a fault of a
    /// solution names its line in FILE too. A line of FILE with two grids (`PUZZLE SOLUTION`, as
    /// `solve --show puzzle` writes) gives its second. A FILE that names no file but is a grid on
    /// one line is that solution. Without --solution, a solution written after a one-line
    /// puzzle, on the same line, is used.
    #[arg(short, long, value_name = "FILE")]
    solution: Option<PathBuf>,

    /// How to print results.
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: CheckFormat,

    /// Print the grid too, before its verdict on the same line (`GRID ok`), so that a pipeline
    /// can keep the grids that failed (`grep ' fail$'`): in the line format (JSON and CSV
    /// always hold the grid).
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

/// One line of `--format json` output.
#[derive(Serialize)]
struct JsonCheck<'a> {
    source: String,
    line: u64,
    grid: String,
    status: JsonStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    valid: Option<bool>,
    faults: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// With --timer: the time the check took, in microseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
}

/// Where the solutions come from, when they come from a file of their own.
struct Solutions {
    source: Source,
    reader: Box<dyn Iterator<Item = std::io::Result<Record>>>,
    /// The line of the solution read for the record being checked, if one was.
    line_read: Option<u64>,
}

impl Solutions {
    /// The next 9x9 solution, or why there is none. Of a line `PUZZLE SOLUTION` (as `solve
    /// --show puzzle` writes it), the second grid.
    fn next(&mut self) -> Result<Grid, String> {
        let record = self.next_record()?;
        match record.puzzle {
            Ok(grid) => Ok(record.companion.map_or(grid, |solution| *solution)),
            Err(invalid) => Err(format!(
                "{}:{}: {}",
                self.source, record.line, invalid.error
            )),
        }
    }

    /// The next solution of the shape and alphabet of `puzzle`, or why there is none (of a
    /// line `PUZZLE SOLUTION`, the second grid).
    fn next_sized(&mut self, puzzle: &SizedPuzzle) -> Result<SizedPuzzle, String> {
        let record = self.next_record()?;
        if let Some(solution) = other_size_companion(&record, puzzle) {
            let place = |problem: Problem| format!("{}:{}: {problem}", self.source, record.line);
            return solution.map_err(place);
        }
        let text = match &record.puzzle {
            Ok(grid) => grid.to_string(),
            Err(invalid) => invalid.text.clone(),
        };
        SizedGrid::parse(&text, Some(puzzle.grid.shape()), Some(puzzle.alphabet))
            .map(|(grid, alphabet)| SizedPuzzle { grid, alphabet })
            .map_err(|error| format!("{}:{}: {error}", self.source, record.line))
    }

    /// The next record, or why there is none.
    fn next_record(&mut self) -> Result<Record, String> {
        match self.reader.next() {
            Some(Ok(record)) => {
                self.line_read = Some(record.line);
                Ok(record)
            }
            Some(Err(error)) => Err(format!("{}: {error}", self.source)),
            None => Err(format!("{}: no solution left for this puzzle", self.source)),
        }
    }

    /// Where the solution read for the record just checked came from (`FILE:LINE`), if one was
    /// read; the next record starts afresh.
    fn take_place(&mut self) -> Option<String> {
        let line = self.line_read.take()?;
        Some(format!("{}:{line}", self.source))
    }

    /// The line of the first solution left over, if any.
    fn left_over(&mut self) -> Option<u64> {
        match self.reader.next() {
            Some(Ok(record)) => Some(record.line),
            _ => None,
        }
    }
}

/// Where --solution reads from: `-` is standard input, a grid in place of a file's name is
/// that grid, called `<--solution>` in messages.
fn solution_source(path: &std::path::Path) -> Source {
    Source::of_argument(path, "--solution".to_string())
}

/// The records of a solutions file: read as the puzzles are, one a line, or with --box of
/// another size than 9x9, grids over several lines too, or JSON Lines.
fn solution_records(
    reader: BufReader<Box<dyn Read + Send>>,
    sizes: &SizeArgs,
) -> Box<dyn Iterator<Item = std::io::Result<Record>>> {
    // Of JSON Lines (`solve -f json`), each line's puzzle with its `solution` as second grid.
    puzzle_records(reader, sizes)
}

/// What a worker finds for one record, when the record holds all that is needed: the workers
/// do every check that needs no solution from the file, the searches among them, so that the
/// thread that prints stays free to stop the run at a signal.
enum Checked {
    /// A 9x9 grid alone, or with its solution on the same line: the kind of check and its
    /// faults.
    Nine(&'static str, Vec<Fault>),
    /// A candidate state without a solutions file: whether its eliminations leave it a
    /// solution (a search), or why it could not be read.
    Candidates(Result<Vec<String>, Problem>),
    /// Left to the thread that prints: a record checked against the solutions file, a grid of
    /// another size (a check of its clashes), or one that is not valid.
    Later,
}

/// The checks that need nothing beyond the record (see [`Checked`]); a candidate state's
/// search within `budget`, if there is one.
fn check_record(
    record: &Record,
    with_solution_file: bool,
    sizes: &SizeArgs,
    budget: Option<Budget>,
) -> Checked {
    if !with_solution_file && let Some(state) = candidate_state(record, sizes) {
        let faults = state.and_then(|state| candidate_faults(&state, None, budget));
        return Checked::Candidates(faults);
    }
    let Ok(grid) = record.puzzle.as_ref() else {
        return Checked::Later;
    };
    match record.companion.as_deref() {
        Some(solution) => Checked::Nine("solution", check_solution(grid, solution)),
        None if with_solution_file => Checked::Later,
        None if grid.is_complete() => Checked::Nine("grid", check_grid(grid)),
        None => Checked::Nine("puzzle", check_grid(grid)),
    }
}

/// Runs `sudoku check`.
pub fn run(args: CheckArgs) -> Result<Status> {
    let sources = args.input.sources();
    let solutions_from = args.solution.as_deref().map(solution_source);
    if solutions_from == Some(Source::Stdin) && sources.contains(&Source::Stdin) {
        bail!("--solution - needs the puzzles from files: both cannot be standard input");
    }
    // The solutions file is an input too: the output must not overwrite it.
    let words = ["passed", "failed"];
    let mut output = Output::reading(&args.output, words, &sources, solutions_from.as_ref())?;
    let mut solutions = match solutions_from {
        Some(source) => match source.open() {
            Ok(reader) => Some(Solutions {
                reader: solution_records(reader, &args.input.sizes),
                source,
                line_read: None,
            }),
            Err(error) => {
                output.unreadable(&source, &error);
                return Ok(output.finish()?);
            }
        },
        None => None,
    };
    let (format, show, timer) = (args.format, args.show, args.timer.timer);
    if format == CheckFormat::Csv {
        output.csv(csv_header(timer))?;
    }
    let with_solution_file = solutions.is_some();
    let setup = Setup {
        threads: args.jobs.threads(),
        chunk_size: CHUNK,
    };
    let sizes = args.input.sizes;
    let timeout = args.timeout;
    let work =
        move |record: &Record| check_record(record, with_solution_file, &sizes, timeout.start());
    run_puzzles(
        &args.input,
        &mut output,
        setup,
        timed(timer, work),
        |output, source, record, (checked, worked)| {
            if format == CheckFormat::Line {
                write_shown(output.stdout(), show, &record)?;
            }
            if let Some(solutions) = solutions.as_mut() {
                solutions.line_read = None;
            }
            // What is checked here (against the solutions file, or a candidate state's
            // search) counts in the time too.
            let stopwatch = Timer::start(timer);
            let verdict = verdict_of(&record, checked, solutions.as_mut(), &sizes);
            let micros = worked.zip(stopwatch.micros()).map(|(a, b)| a + b);
            match verdict {
                Ok(verdict) => report(output, format, (source, &record), verdict, micros),
                Err(problem) => report_problem(output, format, source, &record, &problem, micros),
            }
        },
    )?;
    if let Some(solutions) = solutions.as_mut()
        && let Some(line) = solutions.left_over()
    {
        let problem = Problem::Unusable("more solutions than puzzles".to_string());
        output.problem(&solutions.source, line, &problem);
    }
    Ok(output.finish()?)
}

/// The verdict on one record: the grid as its answer names it, the kind of check and the
/// faults found.
struct Verdict {
    grid: GridText,
    kind: &'static str,
    faults: Vec<String>,
}

/// A grid as JSON and CSV name it: a 9x9 grid, written out only when they ask for it (the
/// line format does not), or the text of another.
enum GridText {
    Nine(Grid),
    Written(String),
}

impl std::fmt::Display for GridText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GridText::Nine(grid) => write!(f, "{grid}"),
            GridText::Written(text) => f.write_str(text),
        }
    }
}

/// Checks `record` (a candidate state, a grid of another size, or a 9x9 grid whose own checks
/// the workers `checked`), against the next solution of `solutions` where one is needed; or
/// why it cannot be checked.
fn verdict_of(
    record: &Record,
    checked: Checked,
    mut solutions: Option<&mut Solutions>,
    sizes: &SizeArgs,
) -> Result<Verdict, Problem> {
    let candidates = |faults| {
        let grid = GridText::Written(puzzle_text(record));
        Verdict {
            grid,
            kind: "candidates",
            faults,
        }
    };
    match checked {
        Checked::Candidates(faults) => return Ok(candidates(faults?)),
        Checked::Nine(kind, faults) => {
            let grid = record.puzzle.as_ref().expect("the workers checked a grid");
            return Ok(Verdict {
                grid: GridText::Nine(*grid),
                kind,
                faults: faults_text(&faults, solutions),
            });
        }
        Checked::Later => {}
    }
    if let Some(state) = candidate_state(record, sizes) {
        let faults = candidate_faults(&state?, solutions.as_deref_mut(), None)?;
        return Ok(candidates(faults_text(&faults, solutions)));
    }
    if let Some(sized) = other_size(record, sizes) {
        let sized = sized?;
        let (kind, faults) = check_other_size(record, &sized, solutions.as_deref_mut())?;
        let faults = faults_text(&faults, solutions);
        return Ok(Verdict {
            grid: GridText::Written(sized.line()),
            kind,
            faults,
        });
    }
    let grid = match &record.puzzle {
        Ok(grid) => grid,
        Err(invalid) => return Err(Problem::Invalid(invalid.error.clone())),
    };
    let solutions = solutions.expect("without a solution file every valid grid is checked");
    let faults = match solutions.next() {
        Ok(solution) => check_solution(grid, &solution),
        Err(why) => return Err(Problem::Unusable(format!("cannot check: {why}"))),
    };
    Ok(Verdict {
        grid: GridText::Nine(*grid),
        kind: "solution",
        faults: faults_text(&faults, Some(solutions)),
    })
}

/// Reports a record that could not be checked, with its placeholder line or JSON object.
fn report_problem(
    output: &mut Output,
    format: CheckFormat,
    source: &Source,
    record: &Record,
    problem: &Problem,
    micros: Option<f64>,
) -> Result<()> {
    output.problem(source, record.line, problem);
    print_answer(output, format, problem.placeholder(), micros, || {
        JsonCheck {
            source: source.to_string(),
            line: record.line,
            grid: puzzle_text(record),
            status: problem.json_status(),
            kind: None,
            valid: None,
            faults: Vec::new(),
            error: Some(problem.to_string()),
            micros,
        }
    })
}

/// The columns of `--format csv`, with the time's when `timed` (--timer), before the error's
/// as in the other subcommands.
fn csv_header(timed: bool) -> Vec<&'static str> {
    let time = timed.then_some("micros");
    [
        "source", "line", "grid", "status", "kind", "valid", "faults",
    ]
    .into_iter()
    .chain(time)
    .chain(["error"])
    .collect()
}

/// Prints a check's answer: `line` in the line format, else its object (built only then) as
/// JSON or as a CSV row (the faults joined by `; `); with the time it took, when --timer
/// asked for it.
fn print_answer<'a>(
    output: &mut Output,
    format: CheckFormat,
    line: &str,
    micros: Option<f64>,
    object: impl FnOnce() -> JsonCheck<'a>,
) -> Result<()> {
    if format == CheckFormat::Line {
        let out = output.stdout();
        write!(out, "{line}")?;
        end_answer(out, false, micros)?;
        return Ok(());
    }
    let object = object();
    match format {
        CheckFormat::Csv => output.csv(
            csv_record_cells(object.source, object.line, object.grid, object.status)
                .into_iter()
                .chain([
                    csv_cell(object.kind),
                    csv_cell(object.valid),
                    object.faults.join("; "),
                ])
                .chain(object.micros.map(micros_cell))
                .chain([csv_cell(object.error)]),
        )?,
        _ => output.json(&object)?,
    }
    Ok(())
}

/// What is wrong with a candidate state that reads (its values do not clash, it does not
/// contradict itself). With the next solution of the solutions file: what keeps it from
/// solving the state (as for a puzzle, the state's values its givens) and every cell whose
/// candidates leave out its digit. Alone: nothing, or that its eliminations leave no solution
/// (and the cell that shows it, when its filled cells alone have one solution), found by a
/// search within `budget`, if there is one.
fn candidate_faults(
    state: &AnyState,
    solutions: Option<&mut Solutions>,
    budget: Option<Budget>,
) -> Result<Vec<String>, Problem> {
    let Some(solutions) = solutions else {
        let deadline = budget.map(|budget| budget.deadline);
        let stats = &mut SearchStats::default();
        let (count, _) = state
            .count_and_first(1, deadline, stats)
            .map_err(out_of(budget))?;
        if count.found > 0 {
            return Ok(Vec::new());
        }
        return match why_no_solution(state, budget) {
            timeout @ Problem::Timeout(_) => Err(timeout),
            why => Ok(vec![why.to_string()]),
        };
    };
    let cannot = |why: String| Problem::Unusable(format!("cannot check: {why}"));
    let left_out = |cell: &dyn std::fmt::Display, digit: &dyn std::fmt::Display| {
        format!("{cell}: the candidates leave out {digit}")
    };
    Ok(match state {
        AnyState::NineIn(..) => {
            return candidate_faults(&state.clone().in_own_symbols(), Some(solutions), None);
        }
        AnyState::Nine(state) => {
            let solution = solutions.next().map_err(cannot)?;
            let faults = check_solution(&state.grid(), &solution);
            let mut faults: Vec<String> = faults.iter().map(ToString::to_string).collect();
            faults.extend(Position::all().filter_map(|position| {
                let digit = solution.get(position)?.get();
                let open = state.value(position).is_none();
                (open && !state.has(position, digit)).then(|| left_out(&position, &digit))
            }));
            faults
        }
        AnyState::Other(state) => {
            let (grid, alphabet) = (state.grid(), state.alphabet());
            let puzzle = SizedPuzzle { grid, alphabet };
            let solution = solutions.next_sized(&puzzle).map_err(cannot)?;
            let mut faults = solution_faults(&puzzle, &solution);
            faults.extend((0..puzzle.grid.cells().len()).filter_map(|cell| {
                let value = solution.grid.get(cell);
                let open = value != 0 && state.value(cell).is_none();
                let (name, symbol) = (state.cell_name(cell), state.symbol(value));
                (open && !state.has(cell, value)).then(|| left_out(&name, &symbol))
            }));
            faults
        }
    })
}

/// Checks a grid of another size than 9x9: its clashes, or with a solution (after it on the
/// line, or the next of the solutions file) whether that solves it.
fn check_other_size(
    record: &Record,
    sized: &SizedPuzzle,
    solutions: Option<&mut Solutions>,
) -> Result<(&'static str, Vec<String>), Problem> {
    let solution = match (other_size_companion(record, sized), solutions) {
        (Some(companion), _) => Some(companion?),
        (None, Some(solutions)) => Some(
            solutions
                .next_sized(sized)
                .map_err(|why| Problem::Unusable(format!("cannot check: {why}")))?,
        ),
        (None, None) => None,
    };
    if let Some(solution) = solution {
        return Ok(("solution", solution_faults(sized, &solution)));
    }
    let faults = sized
        .grid
        .conflicts()
        .iter()
        .map(|conflict| conflict.describe(sized.alphabet))
        .collect();
    let kind = if sized.grid.is_complete() {
        "grid"
    } else {
        "puzzle"
    };
    Ok((kind, faults))
}

/// A record's faults as text; where its solution came from the solutions file, each names the
/// solution's place there (`the solution at FILE:LINE: ...`), as the record's own is named.
fn faults_text<F: std::fmt::Display>(
    faults: &[F],
    solutions: Option<&mut Solutions>,
) -> Vec<String> {
    let place = solutions.and_then(Solutions::take_place);
    let text = |fault: &F| match &place {
        Some(place) => format!("the solution at {place}: {fault}"),
        None => fault.to_string(),
    };
    faults.iter().map(text).collect()
}

/// Prints the verdict on one grid, and each fault located on stderr.
fn report(
    output: &mut Output,
    format: CheckFormat,
    (source, record): (&Source, &Record),
    Verdict { grid, kind, faults }: Verdict,
    micros: Option<f64>,
) -> Result<()> {
    if faults.is_empty() {
        output.success();
    } else {
        output.faults(source, record.line, faults.iter());
    }
    let verdict = if faults.is_empty() { "ok" } else { "fail" };
    print_answer(output, format, verdict, micros, || JsonCheck {
        source: source.to_string(),
        line: record.line,
        grid: grid.to_string(),
        status: if faults.is_empty() {
            JsonStatus::Ok
        } else {
            JsonStatus::Failed
        },
        kind: Some(kind),
        valid: Some(faults.is_empty()),
        faults,
        error: None,
        micros,
    })
}
