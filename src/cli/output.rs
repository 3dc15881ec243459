//! What the subcommands share for output: the buffered stdout, the per-puzzle messages on stderr,
//! the exit status they add up to, and the `--stats` summary.

use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::time::Instant;

use clap::ValueEnum;
use sudoku_cli::{Conflict, Grid, ParseError, Record, SolutionCount};

use super::input::Source;
use super::pipeline::Event;
use super::progress::Progress;
use super::status::Status;

/// How results are printed.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One line of 81 characters per grid.
    #[default]
    Line,
    /// 9 lines per grid with box separators, and a blank line after each.
    Grid,
    /// One JSON object per line (JSON Lines), with source, line, status and result.
    Json,
}

/// Why a puzzle produced no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The text is not a puzzle.
    Invalid(ParseError),
    /// Two givens clash.
    Clash(Conflict),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution, and one was asked for.
    NotUnique(SolutionCount),
    /// Input that is not usable, for a reason told in words.
    Unusable(String),
    /// Logic stopped after this many steps: no technique applies (only from candidate lines
    /// whose eliminations rule out the solution).
    Stuck(usize),
}

impl Problem {
    /// The exit status this problem calls for.
    pub fn status(&self) -> Status {
        match self {
            Problem::Invalid(_) | Problem::Clash(_) | Problem::Unusable(_) => Status::Error,
            Problem::NoSolution | Problem::NotUnique(_) | Problem::Stuck(_) => Status::Failure,
        }
    }

    /// The word naming this problem in JSON output.
    pub fn json_status(&self) -> &'static str {
        match self {
            Problem::Invalid(_) | Problem::Clash(_) | Problem::Unusable(_) => "invalid",
            Problem::NoSolution => "no_solution",
            Problem::NotUnique(_) => "not_unique",
            Problem::Stuck(_) => "stuck",
        }
    }

    /// The line printed on stdout in place of a result, so that output stays one line per
    /// puzzle; no program would read it as a grid.
    pub fn placeholder(&self) -> &'static str {
        match self {
            Problem::Invalid(_) | Problem::Clash(_) | Problem::Unusable(_) => {
                "error: invalid puzzle"
            }
            Problem::NoSolution => "error: no solution",
            Problem::NotUnique(_) => "error: not unique",
            Problem::Stuck(_) => "error: stuck",
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Invalid(error) => write!(f, "{error}"),
            Problem::Clash(conflict) => write!(f, "clashing givens: {conflict}"),
            Problem::NoSolution => f.write_str("no solution"),
            Problem::NotUnique(count) => write!(f, "not unique: {count} solutions"),
            Problem::Unusable(why) => f.write_str(why),
            Problem::Stuck(steps) => write!(
                f,
                "stuck after {steps} steps: no technique applies (do the candidates given rule out the solution?)"
            ),
        }
    }
}

/// The puzzle of a record, or why its text is not one.
pub fn record_puzzle(record: &Record) -> Result<&Grid, Problem> {
    record
        .puzzle
        .as_ref()
        .map_err(|invalid| Problem::Invalid(invalid.error.clone()))
}

/// Why a well-formed puzzle has no solution: clashing givens, or none that are plain to see.
/// (Only asked once the solver found nothing: a solution proves that no givens clash.)
pub fn unsolvable(puzzle: &Grid) -> Problem {
    match puzzle.first_conflict() {
        Some(conflict) => Problem::Clash(conflict),
        None => Problem::NoSolution,
    }
}

/// The puzzle as text for JSON output: the grid on one line, or the text that failed to parse.
pub fn puzzle_text(record: &Record) -> String {
    match &record.puzzle {
        Ok(grid) => grid.to_string(),
        Err(invalid) => invalid.text.clone(),
    }
}

/// Counters for the `--stats` summary.
#[derive(Debug, Default)]
struct Tally {
    read: u64,
    succeeded: u64,
    failed: u64,
    invalid: u64,
    unreadable: u64,
}

/// The run's output: buffered stdout, messages on stderr, the exit status and the tally.
pub struct Output {
    stdout: BufWriter<StdoutLock<'static>>,
    status: Status,
    tally: Tally,
    started: Instant,
    stats: bool,
    words: [&'static str; 2],
    progress: Progress,
}

impl Output {
    /// Output for a run. `words` name a good and a failed result in the `--stats` summary
    /// (`solved`, `without solution`).
    pub fn new(stats: bool, words: [&'static str; 2]) -> Output {
        Output {
            stdout: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
            status: Status::Success,
            tally: Tally::default(),
            started: Instant::now(),
            stats,
            words,
            progress: Progress::new(),
        }
    }

    /// Where results go.
    pub fn stdout(&mut self) -> &mut impl Write {
        &mut self.stdout
    }

    /// Writes one JSON object and a newline.
    pub fn json(&mut self, value: &impl serde::Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.stdout, value)?;
        self.stdout.write_all(b"\n")
    }

    /// The parts of a puzzle event, or `None` for a source that could not be read, which it
    /// reports.
    pub fn puzzle<'a, T>(&mut self, event: Event<'a, T>) -> Option<(&'a Source, Record, T)> {
        match event {
            Event::Puzzle {
                source,
                record,
                result,
            } => Some((source, record, result)),
            Event::Unreadable { source, error } => {
                self.unreadable(source, &error);
                None
            }
        }
    }

    /// Counts a puzzle that went well.
    pub fn success(&mut self) {
        self.tally.succeeded += 1;
        self.count_one();
    }

    /// Counts one more puzzle done.
    fn count_one(&mut self) {
        self.tally.read += 1;
        self.progress.update(self.tally.read);
    }

    /// One line on stderr, prefixed with the program's name, clear of the progress line. A
    /// failure to write it is ignored: there is nowhere left to report it.
    fn message(&self, text: fmt::Arguments<'_>) {
        self.progress.suspend(|| {
            let _ = writeln!(io::stderr().lock(), "sudoku: {text}");
        });
    }

    /// Counts a puzzle that failed and says why on stderr, located by source and line.
    pub fn problem(&mut self, source: &Source, line: u64, problem: &Problem) {
        self.count_one();
        match problem.status() {
            Status::Error => self.tally.invalid += 1,
            _ => self.tally.failed += 1,
        }
        self.status.merge(problem.status());
        self.message(format_args!("{source}:{line}: {problem}"));
    }

    /// Reports `problem` as [`Output::problem`] does and, for line-per-puzzle output
    /// (`placeholder`), prints the problem's placeholder on stdout so the lines stay aligned.
    pub fn problem_in_place(
        &mut self,
        source: &Source,
        line: u64,
        problem: &Problem,
        placeholder: bool,
    ) -> io::Result<()> {
        self.problem(source, line, problem);
        if placeholder {
            writeln!(self.stdout(), "{}", problem.placeholder())?;
        }
        Ok(())
    }

    /// Counts a grid that failed its check and says what is wrong on stderr, one line a fault.
    pub fn faults(
        &mut self,
        source: &Source,
        line: u64,
        faults: impl Iterator<Item = impl fmt::Display>,
    ) {
        self.count_one();
        self.tally.failed += 1;
        self.status.merge(Status::Failure);
        for fault in faults {
            self.message(format_args!("{source}:{line}: {fault}"));
        }
    }

    /// Counts a failure that belongs to no input line and says why on stderr.
    pub fn fail(&mut self, why: fmt::Arguments<'_>) {
        self.count_one();
        self.tally.failed += 1;
        self.status.merge(Status::Failure);
        self.message(why);
    }

    /// Reports a source that could not be read.
    pub fn unreadable(&mut self, source: &Source, error: &io::Error) {
        self.tally.unreadable += 1;
        self.status.merge(Status::Error);
        self.message(format_args!("{source}: {error}"));
    }

    /// Flushes stdout, prints the summary if asked, and returns the exit status.
    pub fn finish(mut self) -> io::Result<Status> {
        self.progress.finish();
        self.stdout.flush()?;
        if self.stats {
            let seconds = self.started.elapsed().as_secs_f64();
            let t = &self.tally;
            let mut summary = format!(
                "{} puzzles: {} {}, {} {}",
                t.read, t.succeeded, self.words[0], t.failed, self.words[1]
            );
            if t.invalid > 0 {
                summary += &format!(", {} invalid", t.invalid);
            }
            if t.unreadable > 0 {
                summary += &format!("; {} unreadable inputs", t.unreadable);
            }
            let rate = t.read as f64 / seconds.max(1e-9);
            self.message(format_args!(
                "{summary}; {seconds:.3} s, {rate:.0} puzzles/s"
            ));
        }
        Ok(self.status)
    }
}
