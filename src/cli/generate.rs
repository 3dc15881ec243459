//! `sudoku generate`: puzzles with exactly one solution, reproducible from a seed.

use std::io::Write;

use anyhow::{Context, Result};
use clap::Args;
use clap::builder::TypedValueParser;
use rayon::prelude::*;
use serde::Serialize;
use sudoku_cli::generate::{self, DEFAULT_ATTEMPTS, Generated, Options, Symmetry, puzzle_rng};
use sudoku_cli::logic::Level;
use sudoku_cli::{GenerateError, Grid};

use super::output::{Format, Output};
use super::pipeline::JobsArgs;
use super::status::Status;

/// Puzzles generated in parallel before they are printed.
const BATCH: u64 = 256;

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
    /// clues, failing after --attempts tries for a puzzle.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(17..=81))]
    clues: Option<u8>,

    /// Make puzzles of this HoDoKu level, as `sudoku rate` finds it: easy, medium, hard, unfair
    /// or extreme. Minimal puzzles are made and rated until one matches, failing after
    /// --attempts tries for a puzzle.
    #[arg(long, value_name = "LEVEL", value_parser = |name: &str| name.parse::<Level>())]
    difficulty: Option<Level>,

    /// How many minimal puzzles to try, per puzzle, to meet --clues and --difficulty.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_ATTEMPTS,
          value_parser = clap::value_parser!(u32).range(1..))]
    attempts: u32,

    /// The symmetry the pattern of clues keeps.
    #[arg(long, value_name = "NAME", default_value = "none",
          value_parser = clap::builder::PossibleValuesParser::new(Symmetry::NAMES)
              .map(|name| name.parse::<Symmetry>().expect("a listed name")))]
    symmetry: Symmetry,

    /// Print complete random solution grids instead of puzzles.
    #[arg(long, conflicts_with_all = ["clues", "symmetry", "difficulty"])]
    solved: bool,

    /// How to print the puzzles.
    #[arg(short, long, value_enum, default_value_t)]
    format: Format,

    #[command(flatten)]
    jobs: JobsArgs,

    /// Print the seed on stderr.
    #[arg(short, long)]
    verbose: bool,

    /// Print a summary on stderr at the end: puzzles made, time, speed.
    #[arg(long)]
    stats: bool,
}

/// One line of `--format json` output.
#[derive(Serialize)]
struct JsonPuzzle {
    seed: u64,
    index: u64,
    puzzle: String,
    clues: usize,
    symmetry: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
    solution: String,
}

/// Runs `sudoku generate`.
pub fn run(args: GenerateArgs) -> Result<Status> {
    let seed = args.seed.unwrap_or_else(rand::random);
    if args.verbose {
        eprintln!("sudoku: seed {seed}");
    }
    let options = Options {
        symmetry: args.symmetry,
        max_clues: args.clues.map(usize::from),
        level: args.difficulty,
        attempts: args.attempts,
    };
    let make = |index: u64| -> Result<Generated, GenerateError> {
        let mut rng = puzzle_rng(seed, index);
        if args.solved {
            let solution = generate::random_grid(&mut rng);
            return Ok(Generated {
                puzzle: solution,
                solution,
            });
        }
        generate::generate(&mut rng, &options)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.threads())
        .build()
        .context("cannot start the worker threads")?;
    let mut output = Output::new(args.stats, ["generated", "failed"]);
    let mut start = 0;
    while start < args.count {
        let end = args.count.min(start + BATCH);
        let batch: Vec<_> = pool.install(|| (start..end).into_par_iter().map(make).collect());
        for (index, result) in (start..end).zip(batch) {
            let generated = match result {
                Ok(generated) => generated,
                Err(error) => {
                    output.fail(format_args!("puzzle {}: {error}", index + 1));
                    return Ok(output.finish()?);
                }
            };
            output.success();
            print(&mut output, args.format, &generated.puzzle, || JsonPuzzle {
                seed,
                index,
                puzzle: generated.puzzle.to_string(),
                clues: generated.puzzle.given_count(),
                symmetry: args.symmetry.name(),
                level: args.difficulty.map(|level| level.name()),
                solution: generated.solution.to_string(),
            })?;
        }
        start = end;
    }
    Ok(output.finish()?)
}

/// Prints one grid in `format`; `json` builds its JSON object only when needed.
fn print(
    output: &mut Output,
    format: Format,
    grid: &Grid,
    json: impl FnOnce() -> JsonPuzzle,
) -> std::io::Result<()> {
    match format {
        Format::Line => writeln!(output.stdout(), "{grid}"),
        Format::Grid => writeln!(output.stdout(), "{}", grid.block()),
        Format::Json => output.json(&json()),
    }
}
