//! `sudoku generate`: puzzles with exactly one solution, reproducible from a seed.

use std::io::Write;

use anyhow::{Result, bail};
use clap::Args;
use clap::builder::TypedValueParser;
use serde::Serialize;
use sudoku_engine::error::counted;
use sudoku_engine::generate::{self, DEFAULT_ATTEMPTS, Generated, Options, Symmetry, puzzle_rng};
use sudoku_engine::sized::{self, Alphabet, Shape, SizedGrid};
use sudoku_engine::{GenerateError, Grid};
use sudoku_logic::sized::{SizedCandidates, solve_steps, solved_within};
use sudoku_logic::{Level, explain, rate};

use super::offered::offered;
use super::output::{
    Format, JsonStatus, Output, OutputArgs, TimeoutArgs, TimerArgs, end_answer, micros_cell,
    print_message, timed,
};
use super::pipeline::{self, JobsArgs, Setup, Signal};
use super::sizes::{AnyGrid, SizeArgs, SizedPuzzle};
use super::status::Status;

/// Puzzles handed to a worker at a time, when each takes a millisecond or so.
const CHUNK: usize = 8;

/// Arguments of `sudoku generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles to make.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    count: u64,

    /// Seed for the random choices: the same seed prints the same puzzles, on any machine and
    /// with any number of jobs. Without it a fresh seed is drawn (shown by --verbose and in JSON).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,

    /// Make puzzles with at most N clues: minimal puzzles are made until one has few enough
    /// clues, failing after --attempts tries for a puzzle. 17 to 81 for 9x9 (no 9x9 puzzle has
    /// fewer than 17), 4 to 16 for 4x4, and at least the side less one at other sizes (a puzzle
    /// with two symbols missing has a second solution, the two swapped).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=4096))]
    clues: Option<u16>,

    /// Make puzzles of this HoDoKu level, as `sudoku rate` finds it: easy, medium, hard, unfair
    /// or extreme. Minimal puzzles are made and rated until one matches, failing after
    /// --attempts tries for a puzzle. At other sizes, below extreme, each clue is taken out
    /// only while that level's techniques still solve the puzzle (minimal puzzles there need
    /// the hardest ones), so the puzzles are minimal for their level.
    #[arg(long, value_name = "LEVEL", hide_possible_values = true,
          value_parser = offered::<Level>(Level::ALL.map(Level::name)))]
    difficulty: Option<Level>,

    /// How many minimal puzzles to try, per puzzle, to meet --clues and --difficulty.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ATTEMPTS,
          value_parser = clap::value_parser!(u32).range(1..))]
    attempts: u32,

    /// The symmetry the pattern of clues keeps.
    #[arg(long, value_name = "NAME", default_value = "none", ignore_case = true,
          value_parser = clap::builder::PossibleValuesParser::new(Symmetry::NAMES)
              .map(|name| name.parse::<Symmetry>().expect("a listed name")))]
    symmetry: Symmetry,

    /// Print complete random solution grids instead of puzzles.
    #[arg(long, conflicts_with_all = ["clues", "symmetry", "difficulty"])]
    solved: bool,

    /// Make puzzles above 20x20 minimal too. There, without it, a clue stays when the check of
    /// its removal would need a long search: the puzzle has one solution but may not be
    /// minimal. With it every such check is searched to its end, which can take a minute or
    /// more a 25x25 puzzle instead of about a tenth of a second. Puzzles up to 20x20, 9x9
    /// among them, are always minimal.
    #[arg(long, conflicts_with = "solved")]
    minimal: bool,

    /// How to print the puzzles: `line` (81 cells at 9x9), `grid` (a line per row and a blank
    /// one), or `json` (one object per line: seed as a string, index from 1, status, puzzle,
    /// clues, symmetry, level with --difficulty, solution, micros with --timer; error instead
    /// when the puzzle could not be made).
    #[arg(short, long, value_enum, default_value_t, ignore_case = true)]
    format: Format,

    #[command(flatten)]
    timeout: TimeoutArgs,

    #[command(flatten)]
    jobs: JobsArgs,

    #[command(flatten)]
    timer: TimerArgs,

    /// Print the seed on stderr.
    #[arg(short, long)]
    verbose: bool,

    #[command(flatten)]
    sizes: SizeArgs,

    #[command(flatten)]
    output: OutputArgs,
}

/// A puzzle made, of any size.
pub struct Made {
    /// The puzzle.
    pub puzzle: AnyGrid,
    /// Its solution.
    pub solution: AnyGrid,
    /// How many givens it has.
    pub clues: usize,
}

impl From<Generated> for Made {
    fn from(generated: Generated) -> Made {
        Made {
            puzzle: AnyGrid::Nine(generated.puzzle),
            solution: AnyGrid::Nine(generated.solution),
            clues: generated.puzzle.given_count(),
        }
    }
}

impl Made {
    /// The puzzle and its solution written in `alphabet`.
    fn written_in(self, alphabet: Alphabet) -> Made {
        Made {
            puzzle: self.puzzle.written_in(alphabet),
            solution: self.solution.written_in(alphabet),
            ..self
        }
    }
}

/// Puzzle number `index` of another size than 9x9 (or its solution grid alone when `solved`),
/// of the `difficulty` asked for, if any.
pub fn make_other_size(
    (seed, index): (u64, u64),
    (shape, alphabet): (Shape, Alphabet),
    solved: bool,
    difficulty: Option<Level>,
    options: &Options,
) -> Result<Made, GenerateError> {
    let rng = &mut puzzle_rng(seed, index);
    let (puzzle, solution) = if solved {
        let solution = sized::random_grid(shape, rng);
        (solution.clone(), solution)
    } else {
        // Below the hardest level, each removal must leave the puzzle to that level's
        // techniques: minimal puzzles of 12x12 and above nearly all need the hardest.
        let within = |puzzle: &SizedGrid| match difficulty {
            Some(level) if level < Level::Extreme => {
                let state = SizedCandidates::from_grid(puzzle, alphabet);
                solved_within(state, level, options.deadline) == Ok(true)
            }
            _ => true,
        };
        let accept = |puzzle: &SizedGrid| {
            difficulty.is_none_or(|level| {
                let (steps, end) = solve_steps(SizedCandidates::from_grid(puzzle, alphabet));
                sudoku_logic::sized::rate(&steps, end.is_solved()).level == Some(level)
            })
        };
        sized::generate_accepted(shape, rng, options, within, accept)?
    };
    let sized = |grid| AnyGrid::Other(SizedPuzzle { grid, alphabet });
    Ok(Made {
        clues: puzzle.given_count(),
        puzzle: sized(puzzle),
        solution: sized(solution),
    })
}

/// One line of `--format json` output.
#[derive(Serialize)]
struct JsonPuzzle {
    /// A string: seeds go up to 2^64, beyond what a double (jq, JavaScript) holds exactly.
    seed: String,
    /// The puzzle's number in the run, from 1.
    index: u64,
    status: JsonStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    puzzle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clues: Option<usize>,
    symmetry: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    /// With --timer: how long the puzzle took to make, in microseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The HoDoKu level of a puzzle, by the path `sudoku explain` takes.
fn level_of(puzzle: &Grid) -> Option<Level> {
    let (steps, end) = explain(puzzle);
    rate(&steps, end.is_solved()).level
}

/// Puzzle number `index` (from 0) of the run with `seed`, of the level `difficulty` if set:
/// the one `sudoku generate --seed` prints at that place.
pub fn make_puzzle(
    seed: u64,
    index: u64,
    difficulty: Option<Level>,
    options: &Options,
) -> Result<Generated, GenerateError> {
    let accept = |puzzle: &Grid| difficulty.is_none_or(|level| level_of(puzzle) == Some(level));
    generate::generate_accepted(&mut puzzle_rng(seed, index), options, accept)
}

/// Why a puzzle could not be made, in the words of the options asked for.
pub fn explain_failure(error: &GenerateError, difficulty: Option<Level>) -> String {
    match (error, difficulty) {
        (GenerateError::NoneAccepted { attempts }, Some(level)) => format!(
            "no {level} puzzle in {}; allow more attempts, or ask for another level",
            counted(u64::from(*attempts), "attempt")
        ),
        _ => error.to_string(),
    }
}

/// The fewest clues a puzzle of `shape` with one solution can have, as far as is proven: 17
/// at 9x9 (McGuire, Tugemann and Civario, 2012) and 4 at 4x4; at every other side N, N - 1,
/// since a puzzle whose clues lack two symbols has, beside each solution, that solution with
/// the two symbols swapped.
fn fewest_clues(shape: Shape) -> usize {
    match shape.size() {
        9 => 17,
        4 => 4,
        side => side - 1,
    }
}

/// Runs `sudoku generate`.
pub fn run(args: GenerateArgs) -> Result<Status> {
    let seed = args.seed.unwrap_or_else(rand::random);
    if args.verbose {
        print_message(format_args!("seed {seed}"));
    }
    let options = Options {
        symmetry: args.symmetry,
        max_clues: args.clues.map(usize::from),
        attempts: args.attempts,
        deadline: None,
        minimal_at_every_size: args.minimal,
    };
    let budget = args.timeout;
    let (solved, difficulty) = (args.solved, args.difficulty);
    let other_shape = args.sizes.shape.filter(|&shape| shape != Shape::NINE);
    let shape = other_shape.unwrap_or(Shape::NINE);
    let (cells, fewest) = (shape.cells(), fewest_clues(shape));
    match args.clues.map(usize::from) {
        Some(clues) if clues < fewest => {
            let side = shape.size();
            bail!(
                "--clues {clues}: no {side}x{side} puzzle with one solution has fewer than {fewest} clues"
            )
        }
        Some(clues) if clues > cells => bail!("--clues {clues}: the grid has {cells} cells"),
        _ => {}
    }
    let alphabet = match (args.sizes.alphabet, other_shape) {
        (Some(alphabet), Some(shape)) if !alphabet.fits(shape.size()) => {
            bail!(
                "the {alphabet} alphabet has no symbols for a side of {}",
                shape.size()
            )
        }
        (Some(alphabet), _) => alphabet,
        (None, shape) => Alphabet::default_for(shape.map_or(9, Shape::size)),
    };
    let make = move |&index: &u64| -> Result<Made, GenerateError> {
        if let Some(shape) = other_shape {
            let options = Options {
                deadline: budget.start().map(|budget| budget.deadline),
                ..options
            };
            let made = (seed, index);
            return make_other_size(made, (shape, alphabet), solved, difficulty, &options);
        }
        if solved {
            let solution = generate::random_grid(&mut puzzle_rng(seed, index));
            let generated = Generated {
                puzzle: solution,
                solution,
            };
            return Ok(Made::from(generated).written_in(alphabet));
        }
        let options = Options {
            deadline: budget.start().map(|budget| budget.deadline),
            ..options
        };
        make_puzzle(seed, index, difficulty, &options)
            .map(|generated| Made::from(generated).written_in(alphabet))
    };
    let timing = args.timer.timer;
    // A puzzle with a clue limit or a level can take seconds: hand them out one at a time.
    let slow = args.clues.is_some() || args.difficulty.is_some() || other_shape.is_some();
    let setup = Setup {
        threads: args.jobs.threads(),
        chunk_size: if slow { 1 } else { CHUNK },
    };
    let count = args.count;
    let mut output = Output::new(&args.output, ["generated", "failed"], &[])?;
    let format = args.format;
    let json = |index: u64, result: &Result<Made, GenerateError>, micros| JsonPuzzle {
        seed: seed.to_string(),
        index: index + 1,
        status: match result {
            Ok(_) => JsonStatus::Ok,
            Err(GenerateError::TimedOut) => JsonStatus::Timeout,
            Err(_) => JsonStatus::Failed,
        },
        puzzle: result.as_ref().ok().map(|made| made.puzzle.line()),
        clues: result.as_ref().ok().map(|made| made.clues),
        symmetry: args.symmetry.name(),
        level: args.difficulty.map(|level| level.name()),
        solution: result.as_ref().ok().map(|made| made.solution.line()),
        micros,
        error: result
            .as_ref()
            .err()
            .map(|error| explain_failure(error, args.difficulty)),
    };
    if format == Format::Csv {
        let columns = [
            "seed", "index", "status", "puzzle", "clues", "symmetry", "level", "solution",
        ];
        let time = timing.then_some("micros");
        output.csv(columns.into_iter().chain(time).chain(["error"]))?;
    }
    let ran = pipeline::run(
        setup,
        move |feed| {
            for index in 0..count {
                if !feed.push(index) {
                    return;
                }
            }
        },
        timed(timing, make),
        |signal| {
            let (index, (result, micros)) = match signal {
                Signal::Done(index, answer) => (index, answer),
                Signal::InputIdle => return Ok(output.flush()?),
                Signal::Tick => return Ok(output.tick()?),
            };
            match &result {
                Ok(_) => output.success(),
                Err(error) => {
                    let why = explain_failure(error, difficulty);
                    let status = match error {
                        GenerateError::TimedOut => Status::Timeout,
                        _ => Status::Failure,
                    };
                    output.fail_as(status, format_args!("puzzle {}: {why}", index + 1))
                }
            }
            match (format, &result) {
                (Format::Json, _) => output.json(&json(index, &result, micros))?,
                (Format::Csv, _) => {
                    let row = json(index, &result, micros);
                    let cells = [
                        row.seed,
                        row.index.to_string(),
                        row.status.word().to_string(),
                        row.puzzle.unwrap_or_default(),
                        row.clues.map(|n| n.to_string()).unwrap_or_default(),
                        row.symmetry.to_string(),
                        row.level.unwrap_or_default().to_string(),
                        row.solution.unwrap_or_default(),
                    ];
                    let time = row.micros.map(micros_cell);
                    let error = row.error.unwrap_or_default();
                    output.csv(cells.into_iter().chain(time).chain([error]))?
                }
                (Format::Line | Format::Grid, _) => {
                    let (out, block) = (output.stdout(), format == Format::Grid);
                    match &result {
                        Ok(made) if block => write!(out, "{}", made.puzzle.block())?,
                        Ok(made) => write!(out, "{}", made.puzzle.line())?,
                        Err(GenerateError::TimedOut) => write!(out, "error: timeout")?,
                        Err(_) => write!(out, "error: not generated")?,
                    }
                    if block && result.is_err() {
                        writeln!(out)?;
                    }
                    end_answer(out, block, micros)?
                }
            }
            Ok(())
        },
    );
    output.after_run(ran)?;
    Ok(output.finish()?)
}
