//! What the subcommands share for output: the buffered stdout, the per-puzzle messages on stderr,
//! the exit status they add up to, and the `--stats` summary. The parts: the shape of answers
//! (`answer`), why a puzzle got none (`problem`), `--timer` and `--timeout` (`timing`), where
//! the answers go (`sink`) and the messages on stderr (`messages`).

mod answer;
mod messages;
mod problem;
mod sink;
mod timing;

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

use super::input::Source;
use super::interrupt::is_interruption;
use super::progress::{self, Progress};
use super::status::Status;
use sink::Sink;

pub use answer::{
    CSV_RECORD_COLUMNS, Format, JsonSearch, JsonStatus, Show, csv_cell, csv_record_cells,
    puzzle_text, write_shown, write_shown_above,
};
pub use messages::{check_stdout_is_open, print_error, print_message, was_closed};
pub use problem::{Problem, record_puzzle, unsolvable};
pub use timing::{Budget, TimeoutArgs, Timer, TimerArgs, end_answer, micros_cell, out_of, timed};

/// Where results and messages go: the flags every subcommand that prints results shares.
#[derive(clap::Args, Debug, Clone)]
pub struct OutputArgs {
    /// Write the results to FILE instead of stdout (`-`: stdout). They go to a temporary file
    /// beside it (beside the file a symbolic link leads to), renamed to FILE at the end, so an
    /// interrupted run never leaves half a file; FILE keeps the permissions, the owner and the
    /// extended attributes (an ACL) a shell's `>` would leave it with, and a FILE that is also
    /// an input is refused. A device or a named pipe (`/dev/null`) is written as `>` writes
    /// it; so is, at the end, a FILE with other names (hard links), or one that may be written
    /// but not replaced (in a folder that may not be written, or mounted on its own).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Print no messages on stderr (no faults, no progress); the exit status still tells.
    #[arg(short, long)]
    pub quiet: bool,

    /// Print a summary on stderr at the end: how many were read, answered and failed, the time
    /// taken and the rate (even with --quiet, and when Ctrl-C ends the run early).
    #[arg(long)]
    pub stats: bool,
}

/// Counters for the `--stats` summary.
#[derive(Debug, Default)]
struct Tally {
    read: u64,
    succeeded: u64,
    failed: u64,
    invalid: u64,
    timed_out: u64,
    unreadable: u64,
}

/// What a person typing `what` (puzzles, solutions) at a terminal is told first: the program
/// is waiting for them, and the key that ends the input (as gpg tells it, where cat and sort say
/// nothing and leave a newcomer wondering whether anything is running).
fn typing_hint(what: &str) -> String {
    let end = if cfg!(windows) {
        "Ctrl-Z then Enter ends"
    } else {
        "Ctrl-D ends"
    };
    format!("reading {what} from the terminal: one per line, or a grid; {end}")
}

/// The run's output: buffered stdout, messages on stderr, the exit status and the tally.
pub struct Output {
    stdout: BufWriter<Sink>,
    quiet: bool,
    status: Status,
    tally: Tally,
    started: Instant,
    stats: bool,
    words: [&'static str; 2],
    progress: Progress,
}

impl Output {
    /// Output for a run over `sources`. `words` name a good and a failed result in the
    /// `--stats` summary (`solved`, `without solution`). Progress is drawn on a terminal, unless a
    /// person is typing the puzzles in; that person is told, once, how to end the input.
    pub fn new(args: &OutputArgs, words: [&'static str; 2], sources: &[Source]) -> Result<Output> {
        Output::reading(args, words, sources, None)
    }

    /// Output for a run over `puzzles` that reads `solutions` beside them (`check --solution`):
    /// as [`Output::new`], the person typing told which of the two they are typing.
    pub fn reading(
        args: &OutputArgs,
        words: [&'static str; 2],
        puzzles: &[Source],
        solutions: Option<&Source>,
    ) -> Result<Output> {
        let typed = if puzzles.iter().any(Source::is_interactive) {
            Some("puzzles")
        } else {
            solutions
                .filter(|source| source.is_interactive())
                .map(|_| "solutions")
        };
        let interactive = typed.is_some();
        let line = progress::Line::default();
        let inputs: Vec<Source> = puzzles.iter().chain(solutions).cloned().collect();
        let sink = Sink::open(args.output.as_deref(), &inputs, line.clone())?;
        if let Some(what) = typed
            && !args.quiet
            && io::stderr().is_terminal()
        {
            print_message(format_args!("{}", typing_hint(what)));
        }
        Ok(Output {
            stdout: BufWriter::with_capacity(64 * 1024, sink),
            quiet: args.quiet,
            status: Status::Success,
            tally: Tally::default(),
            started: Instant::now(),
            stats: args.stats,
            words,
            progress: Progress::new(!interactive && !args.quiet, line),
        })
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

    /// Writes one CSV row (quoted where needed) and a newline: the header, or a record's fields.
    pub fn csv<I, F>(&mut self, fields: I) -> io::Result<()>
    where
        I: IntoIterator<Item = F>,
        F: AsRef<[u8]>,
    {
        // Straight into the buffered output, through a small quoting buffer of its own.
        let mut row = csv::WriterBuilder::new()
            .buffer_capacity(256)
            .from_writer(&mut self.stdout);
        row.write_record(fields).map_err(io::Error::other)?;
        row.flush()
    }

    /// Flushes what has been printed: someone may be waiting for it.
    pub fn flush(&mut self) -> io::Result<()> {
        self.stdout.flush()
    }

    /// Time has passed: flushes what a slow job printed (so that it shows, and so that a closed
    /// pipe is found soon) and updates progress.
    pub fn tick(&mut self) -> io::Result<()> {
        self.progress.tick(self.tally.read);
        if !self.stdout.buffer().is_empty() {
            self.stdout.flush()?;
        }
        if self.stdout.get_ref().reader_gone() {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "stdout: the reader has gone",
            ));
        }
        Ok(())
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

    /// One error message on stderr, clear of the progress line; none with --quiet. When stdout
    /// is a terminal, the answers before it are shown first, so that a person reads each
    /// message beside the answer it is about.
    fn message(&mut self, text: fmt::Arguments<'_>) {
        if self.quiet {
            return;
        }
        if self.stdout.get_ref().on_terminal() {
            // A failure stays in the buffer and is met again at the next flush.
            let _ = self.stdout.flush();
        }
        self.progress.suspend(|| print_error(text));
    }

    /// Counts a puzzle that failed and says why on stderr, located by source and line.
    pub fn problem(&mut self, source: &Source, line: u64, problem: &Problem) {
        self.count_failure(problem.status());
        self.message(format_args!("{source}:{line}: {problem}"));
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

    /// Counts a failure that belongs to no input line, with the exit status it calls for, and
    /// says why on stderr.
    pub fn fail_as(&mut self, status: Status, why: fmt::Arguments<'_>) {
        self.count_failure(status);
        self.message(why);
    }

    /// Counts one more puzzle done, a failure with `status`: invalid, timed out, or failed.
    fn count_failure(&mut self, status: Status) {
        self.count_one();
        match status {
            Status::Error => self.tally.invalid += 1,
            Status::Timeout => self.tally.timed_out += 1,
            _ => self.tally.failed += 1,
        }
        self.status.merge(status);
    }

    /// Reports a source that could not be read.
    pub fn unreadable(&mut self, source: &Source, error: &io::Error) {
        self.tally.unreadable += 1;
        self.status.merge(Status::Error);
        self.message(format_args!("{source}: {error}"));
    }

    /// Passes on how a run of the pipeline ended. One that Ctrl-C cut short is ended here
    /// first: the progress line goes, the answers printed so far are flushed (an output file
    /// is left out, never half written), and the summary, if asked, says how far it got.
    pub fn after_run(&mut self, ran: Result<()>) -> Result<()> {
        if let Err(error) = &ran
            && is_interruption(error)
        {
            self.progress.finish();
            let _ = self.stdout.flush();
            self.summary("interrupted after ");
        }
        ran
    }

    /// With --stats, the summary of the run on stderr, after `lead`. Asked for explicitly, so
    /// printed even with --quiet.
    fn summary(&self, lead: &str) {
        if !self.stats {
            return;
        }
        let seconds = self.started.elapsed().as_secs_f64();
        let t = &self.tally;
        let puzzles = if t.read == 1 { "puzzle" } else { "puzzles" };
        let mut summary = format!(
            "{lead}{} {puzzles}: {} {}, {} {}",
            t.read, t.succeeded, self.words[0], t.failed, self.words[1]
        );
        if t.invalid > 0 {
            summary += &format!(", {} invalid", t.invalid);
        }
        if t.timed_out > 0 {
            summary += &format!(", {} timed out", t.timed_out);
        }
        if t.unreadable > 0 {
            let inputs = if t.unreadable == 1 { "input" } else { "inputs" };
            summary += &format!("; {} unreadable {inputs}", t.unreadable);
        }
        let rate = progress::per_second(t.read, seconds);
        print_message(format_args!("{summary}; {seconds:.3} s, {rate} puzzles/s"));
    }

    /// Flushes the results (and puts an output file in place), prints the summary if asked,
    /// and returns the exit status.
    pub fn finish(mut self) -> io::Result<Status> {
        self.progress.finish();
        self.stdout.flush()?;
        self.summary("");
        let status = self.status;
        self.stdout
            .into_inner()
            .map_err(|error| error.into_error())?
            .commit()?;
        Ok(status)
    }
}
