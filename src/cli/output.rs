//! What the subcommands share for output: the buffered stdout, the per-puzzle messages on stderr,
//! the exit status they add up to, and the `--stats` summary.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};

use clap::ValueEnum;
use sudoku_engine::sized::SizedError;
use sudoku_engine::solver::SearchStats;
use sudoku_engine::{Grid, ParseError, Record, SolutionCount, TimedOut};

use super::color;
use super::input::Source;
use super::interrupt::is_interruption;
use super::progress::{self, Progress};
use super::replacing::{WriteTarget, folder_of, put_in_place, temporary_file_for, write_target};
use super::status::Status;

/// How results are printed.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One line per grid: 81 characters at 9x9, a cell for each square at other sizes
    /// (space-separated numbers above 35x35).
    #[default]
    Line,
    /// A line per row (9 at 9x9) with box separators, and a blank line after each grid.
    Grid,
    /// One JSON object per line (JSON Lines): for puzzles read, source, line, puzzle, status and
    /// solution (or error); for generate, see --format.
    Json,
    /// CSV: a header row, then one row per puzzle with the JSON fields as columns.
    Csv,
}

/// With --stats, the search's work on one puzzle, as `solve` and `count` add it to their JSON
/// objects.
#[derive(serde::Serialize)]
pub struct JsonSearch {
    /// How many times the search guessed.
    guesses: u64,
    /// How many guesses it backed out of.
    backtracks: u64,
    /// How many positions it worked out.
    nodes: u64,
}

impl JsonSearch {
    /// The figures of `stats`, when `shown` (--stats).
    pub fn of(stats: &SearchStats, shown: bool) -> Option<JsonSearch> {
        shown.then_some(JsonSearch {
            guesses: stats.guesses,
            backtracks: stats.backtracks,
            nodes: stats.nodes,
        })
    }

    /// The names of the figures' CSV columns when `shown` (--stats), none without it.
    pub fn csv_header(shown: bool) -> &'static [&'static str] {
        match shown {
            true => &["guesses", "backtracks", "nodes"],
            false => &[],
        }
    }

    /// The figures as CSV cells, in the order of [`JsonSearch::csv_header`] (none without them).
    pub fn csv_cells(search: Option<&JsonSearch>) -> Vec<String> {
        let figures = search.map(|s| [s.guesses, s.backtracks, s.nodes]);
        figures
            .into_iter()
            .flatten()
            .map(|n| n.to_string())
            .collect()
    }
}

/// The `status` of every JSON object, in every subcommand: one vocabulary, each word meaning the
/// same everywhere, whatever the other flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonStatus {
    /// The record was answered; the answer is in the object.
    Ok,
    /// The text is not a puzzle, its givens clash, or its candidates contradict themselves.
    Invalid,
    /// The puzzle has no solution (or its candidates rule out every solution).
    NoSolution,
    /// The puzzle has more than one solution.
    Multiple,
    /// Logic found no step to take.
    Stuck,
    /// The grid failed its check (`check`), or the puzzle could not be made (`generate`).
    Failed,
    /// The puzzle ran out of its --timeout.
    Timeout,
}

impl JsonStatus {
    /// The word, as JSON and CSV write it.
    pub fn word(self) -> &'static str {
        match self {
            JsonStatus::Ok => "ok",
            JsonStatus::Invalid => "invalid",
            JsonStatus::NoSolution => "no_solution",
            JsonStatus::Multiple => "multiple",
            JsonStatus::Stuck => "stuck",
            JsonStatus::Failed => "failed",
            JsonStatus::Timeout => "timeout",
        }
    }
}

/// The CSV columns every row of answers starts with (the JSON's first fields), before the
/// subcommand's own; `check` names the third `grid`.
pub const CSV_RECORD_COLUMNS: [&str; 4] = ["source", "line", "puzzle", "status"];

/// The cells of [`CSV_RECORD_COLUMNS`] for one record's answer.
pub fn csv_record_cells(
    source: String,
    line: u64,
    puzzle: String,
    status: JsonStatus,
) -> [String; 4] {
    [source, line.to_string(), puzzle, status.word().to_string()]
}

/// A CSV cell for a value that may be absent: empty then.
pub fn csv_cell<T: ToString>(value: Option<T>) -> String {
    value.map(|value| value.to_string()).unwrap_or_default()
}

/// JSON writes a status as its word: the one list of words is [`JsonStatus::word`].
impl serde::Serialize for JsonStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

/// Why a puzzle produced no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The text is not a puzzle.
    Invalid(ParseError),
    /// The text is not a puzzle of the other size it seems to be (or --box asked for).
    InvalidSized(SizedError),
    /// Two givens clash, described.
    Clash(String),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution, and one was asked for.
    NotUnique(SolutionCount),
    /// Input that is not usable, for a reason told in words.
    Unusable(String),
    /// A candidate state that cannot be read or contradicts itself, described.
    BadCandidates(String),
    /// Logic stopped after this many steps: no technique applies.
    Stuck(usize),
    /// A candidate state whose eliminations rule out every solution; the text names a cell whose
    /// digit was eliminated, when one can be named.
    RuledOut(String),
    /// The puzzle ran out of its --timeout.
    Timeout(std::time::Duration),
}

impl Problem {
    /// The exit status this problem calls for.
    pub fn status(&self) -> Status {
        match self {
            Problem::Invalid(_)
            | Problem::InvalidSized(_)
            | Problem::Clash(_)
            | Problem::Unusable(_)
            | Problem::BadCandidates(_) => Status::Error,
            Problem::NoSolution
            | Problem::NotUnique(_)
            | Problem::Stuck(_)
            | Problem::RuledOut(_) => Status::Failure,
            Problem::Timeout(_) => Status::Timeout,
        }
    }

    /// The word naming this problem in JSON output (see [`JsonStatus`]).
    pub fn json_status(&self) -> JsonStatus {
        match self {
            Problem::Invalid(_)
            | Problem::InvalidSized(_)
            | Problem::Clash(_)
            | Problem::Unusable(_)
            | Problem::BadCandidates(_) => JsonStatus::Invalid,
            Problem::NoSolution | Problem::RuledOut(_) => JsonStatus::NoSolution,
            Problem::NotUnique(_) => JsonStatus::Multiple,
            Problem::Stuck(_) => JsonStatus::Stuck,
            Problem::Timeout(_) => JsonStatus::Timeout,
        }
    }

    /// The line printed on stdout in place of a result, so that output stays one line per
    /// puzzle; no program would read it as a grid.
    pub fn placeholder(&self) -> &'static str {
        match self {
            Problem::Invalid(_)
            | Problem::InvalidSized(_)
            | Problem::Clash(_)
            | Problem::BadCandidates(_) => "error: invalid puzzle",
            Problem::Unusable(_) => "error: unusable input",
            Problem::NoSolution | Problem::RuledOut(_) => "error: no solution",
            Problem::NotUnique(_) => "error: not unique",
            Problem::Stuck(_) => "error: stuck",
            Problem::Timeout(_) => "error: timeout",
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Invalid(error) => write!(f, "{error}"),
            // Where the engine says a shape is missing, the flag that names one.
            Problem::InvalidSized(
                error @ (SizedError::NoShape { .. }
                | SizedError::InvalidSymbol {
                    row_of: Some(_), ..
                }),
            ) => write!(f, "{error}; --box RxC names a shape"),
            Problem::InvalidSized(error) => write!(f, "{error}"),
            Problem::Clash(conflict) => write!(f, "clashing givens: {conflict}"),
            Problem::NoSolution => f.write_str("no solution"),
            Problem::NotUnique(count) => write!(f, "not unique: {count} solutions"),
            Problem::Unusable(why) => f.write_str(why),
            Problem::BadCandidates(why) => write!(f, "candidates: {why}"),
            Problem::Stuck(steps) => {
                write!(f, "stuck after {steps} steps: no technique applies")
            }
            Problem::RuledOut(cell) => {
                write!(f, "the candidates rule out every solution{cell}")
            }
            Problem::Timeout(budget) => {
                write!(f, "timed out after {}", humantime::format_duration(*budget))
            }
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
        Some(conflict) => Problem::Clash(conflict.to_string()),
        None => Problem::NoSolution,
    }
}

/// What `--show` adds to each answer (every subcommand that reads puzzles).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// The puzzle.
    Puzzle,
}

/// With `--show puzzle`, writes the record's puzzle and a space, the start of its answer's
/// line (`PUZZLE ANSWER`, failures included); without, nothing.
pub fn write_shown(out: &mut impl Write, show: Option<Show>, record: &Record) -> io::Result<()> {
    write_shown_then(out, show, record, " ")
}

/// With `--show puzzle`, writes the record's puzzle on a line of its own, the first of its
/// answer's block (failures included); without, nothing.
pub fn write_shown_above(
    out: &mut impl Write,
    show: Option<Show>,
    record: &Record,
) -> io::Result<()> {
    write_shown_then(out, show, record, "\n")
}

/// With `--show puzzle`, writes the record's puzzle, on one line, and then `end`.
fn write_shown_then(
    out: &mut impl Write,
    show: Option<Show>,
    record: &Record,
    end: &str,
) -> io::Result<()> {
    match show {
        Some(Show::Puzzle) => write!(out, "{}{end}", on_one_line(&puzzle_text(record))),
        None => Ok(()),
    }
}

/// `text` with its line breaks made spaces (and the blanks around them, and blank lines,
/// dropped), so that a record refused over several lines (a JSON object cut short, say) still
/// keeps its answer on one line.
fn on_one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\n', '\r']) {
        return text.into();
    }
    let lines = text
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|line| !line.is_empty());
    lines.collect::<Vec<_>>().join(" ").into()
}

/// A stopwatch for `--timer`: started only when the time is asked for (reading the clock costs
/// a little on the fastest puzzles).
#[derive(Clone, Copy)]
pub struct Timer(Option<Instant>);

impl Timer {
    /// Starts the stopwatch, if `wanted`.
    pub fn start(wanted: bool) -> Timer {
        Timer(wanted.then(Instant::now))
    }

    /// The time since the start in microseconds; None when the time was not asked for.
    pub fn micros(self) -> Option<f64> {
        self.0
            .map(|started| started.elapsed().as_nanos() as f64 / 1e3)
    }
}

/// `work` with a stopwatch when `timed` (--timer): its answer, and the time it took in
/// microseconds.
pub fn timed<I: ?Sized, T>(
    timed: bool,
    work: impl Fn(&I) -> T + Send + Sync + 'static,
) -> impl Fn(&I) -> (T, Option<f64>) + Send + Sync + 'static {
    move |item| {
        let timer = Timer::start(timed);
        let answer = work(item);
        (answer, timer.micros())
    }
}

/// A time as a CSV cell: microseconds, to the nanosecond (`12.345`).
pub fn micros_cell(micros: f64) -> String {
    format!("{micros:.3}")
}

/// Writes a time after a tab, at the end of an answer's line (`\t0.012 ms`).
pub fn write_time(out: &mut impl Write, micros: f64) -> io::Result<()> {
    write!(out, "\t{:.3} ms", micros / 1000.0)
}

/// Ends a text answer, with its time when --timer asked for one: a line (`\t0.012 ms`, then
/// its newline), or a block whose lines are written (`time: 0.012 ms` on a line of its own,
/// then the blank line that ends the block).
pub fn end_answer(out: &mut impl Write, block: bool, micros: Option<f64>) -> io::Result<()> {
    match (block, micros) {
        (false, Some(micros)) => write_time(out, micros)?,
        (true, Some(micros)) => writeln!(out, "time: {:.3} ms", micros / 1000.0)?,
        (_, None) => {}
    }
    out.write_all(b"\n")
}

/// The `--timer` flag of the logic commands, check, candidates and generate.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct TimerArgs {
    /// Print the time each puzzle took: after a tab on its line (`0.012 ms`), on a line of its
    /// own at the end of a block (`time: 0.012 ms`), as `micros` in JSON and CSV.
    #[arg(long)]
    pub timer: bool,
}

/// The puzzle as text for JSON output: the grid on one line, or the text that failed to parse.
pub fn puzzle_text(record: &Record) -> String {
    match &record.puzzle {
        Ok(grid) => grid.to_string(),
        Err(invalid) => invalid.text.clone(),
    }
}

/// Where results and messages go: the flags every subcommand that prints results shares.
#[derive(clap::Args, Debug, Clone)]
pub struct OutputArgs {
    /// Write the results to FILE instead of stdout (`-`: stdout). They go to a temporary file
    /// beside it (beside the file a symbolic link leads to), renamed to FILE at the end, so an
    /// interrupted run never leaves half a file; FILE gets the permissions and the owner a
    /// shell's `>` would leave it with, and a FILE that is also an input is refused. A device
    /// or a named pipe (`/dev/null`) is written as `>` writes it; so is, at the end, a FILE
    /// with other names (hard links), or one that may be written but not replaced (in a folder
    /// that may not be written, or mounted on its own).
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

/// The `--timeout` flag of the subcommands that search or reason.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct TimeoutArgs {
    /// Give each puzzle at most this long (`250ms`, `5s`, `1m`; a bare number is seconds, as
    /// for timeout(1): `2`, `0.5`; 0 is no limit): one that runs out gets the status
    /// `timeout` (`error: timeout` in line formats), the others go on, and the exit status
    /// is 3.
    #[arg(long, value_name = "DURATION", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,
}

/// A `--timeout`: a duration with its unit (`250ms`, `1m 30s`), or a number of seconds.
fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) => std::time::Duration::try_from_secs_f64(seconds)
            .map_err(|_| format!("{text:?} is not a number of seconds from 0 to 2^64")),
        Err(_) => humantime::parse_duration(text).map_err(|error| error.to_string()),
    }
}

impl TimeoutArgs {
    /// The budget of a puzzle started now, if there is a --timeout (other than 0).
    pub fn start(&self) -> Option<Budget> {
        let timeout = self.timeout.filter(|timeout| !timeout.is_zero());
        timeout.map(|timeout| Budget {
            timeout,
            deadline: std::time::Instant::now() + timeout,
        })
    }
}

/// The time one puzzle is given: how long, and so until when.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    timeout: std::time::Duration,
    /// When the puzzle must be answered by.
    pub deadline: std::time::Instant,
}

impl Budget {
    /// The problem of a puzzle that ran out of this budget.
    pub fn problem(&self) -> Problem {
        Problem::Timeout(self.timeout)
    }
}

/// What a search that ran out of `budget` reports, for `map_err` (only a budget has a
/// deadline to run out of).
pub fn out_of(budget: Option<Budget>) -> impl Fn(TimedOut) -> Problem + Copy {
    move |TimedOut| budget.expect("only a deadline times out").problem()
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

/// Whether the read end of the pipe written through `fd` has been closed (poll reports an
/// error on the write end of such a pipe; on a file or a terminal it reports nothing).
#[cfg(unix)]
fn pipe_reader_gone(fd: std::os::fd::RawFd) -> bool {
    let mut poll = libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    };
    // SAFETY: poll reads and writes only the one pollfd it is given, which lives on this
    // stack frame for the whole call; with a timeout of 0 it returns at once.
    let ready = unsafe { libc::poll(&mut poll, 1, 0) };
    ready > 0 && poll.revents & libc::POLLERR != 0
}

#[cfg(not(unix))]
fn pipe_reader_gone(_: i32) -> bool {
    false
}

/// Where the results go: stdout, a temporary file to be renamed over `--output FILE` at the
/// end, or FILE itself when it is no file (a device, a named pipe). Its errors say which it
/// was (the kind is kept, so that a closed pipe is still recognised as one).
enum Sink {
    Stdout {
        stdout: io::Stdout,
        /// When stdout is a terminal (and only then): the progress line drawn on it, kept out
        /// of the answers' way.
        progress: Option<progress::Line>,
    },
    File {
        file: tempfile::NamedTempFile,
        /// FILE as the user named it, for messages.
        target: PathBuf,
        /// Where the file is put: FILE, or where its symbolic links lead.
        path: PathBuf,
    },
    InPlace {
        file: std::fs::File,
        target: PathBuf,
    },
}

impl Sink {
    /// The sink for `--output`: stdout without it; with it, a temporary file in the folder of
    /// FILE (or of the file its links lead to), or FILE itself when it is a device or a named
    /// pipe; refused when FILE is one of `inputs` or a folder. `progress` is the progress
    /// line, kept out of the way of stdout on a terminal.
    fn open(output: Option<&Path>, inputs: &[Source], progress: progress::Line) -> Result<Sink> {
        // `-o -` is stdout, as `-` is stdin among the inputs.
        let Some(target) = output.filter(|target| *target != Path::new("-")) else {
            if let Some(input) = inputs.iter().find(|input| stdout_is(input)) {
                bail!("stdout is also an input ({input}): the answers would be read back in");
            }
            let stdout = io::stdout();
            let progress = stdout.is_terminal().then_some(progress);
            return Ok(Sink::Stdout { stdout, progress });
        };
        if let Some(input) = inputs.iter().find(|input| is_same_file(input, target)) {
            bail!(
                "the output file {} is also an input ({input})",
                target.display()
            );
        }
        let path = match write_target(target) {
            WriteTarget::Replace(path) => path,
            WriteTarget::Folder => bail!("cannot write to {}: it names a folder", target.display()),
            WriteTarget::Unreachable(error) => {
                bail!("cannot write to {}: {error}", target.display())
            }
            WriteTarget::InPlace => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(target)
                    .with_context(|| format!("cannot write to {}", target.display()))?;
                return Ok(Sink::InPlace {
                    file,
                    target: target.to_path_buf(),
                });
            }
        };
        let file = temporary_file_for(&path).map_err(|error| {
            // Said of the target: the temporary file's name means nothing to the user.
            let cause = match error.kind() {
                io::ErrorKind::NotFound => format!("no folder {}", folder_of(&path).display()),
                kind => io::Error::from(kind).to_string(),
            };
            anyhow!("cannot write to {}: {cause}", target.display())
        })?;
        Ok(Sink::File {
            file,
            target: target.to_path_buf(),
            path,
        })
    }

    /// Whether the results go to a pipe whose reader has gone, found without writing to it:
    /// a slow job then ends as soon as the reader goes, not at its next answer.
    fn reader_gone(&self) -> bool {
        match self {
            Sink::Stdout { .. } => pipe_reader_gone(1),
            #[cfg(unix)]
            Sink::InPlace { file, .. } => pipe_reader_gone(std::os::fd::AsRawFd::as_raw_fd(file)),
            _ => false,
        }
    }

    /// Whether the results go to a terminal.
    fn on_terminal(&self) -> bool {
        matches!(
            self,
            Sink::Stdout {
                progress: Some(_),
                ..
            }
        )
    }

    /// An error of this sink, saying where it happened.
    fn name(&self, error: io::Error) -> io::Error {
        let place = match self {
            Sink::Stdout { .. } => "stdout".to_string(),
            Sink::File { target, .. } | Sink::InPlace { target, .. } => {
                target.display().to_string()
            }
        };
        io::Error::new(error.kind(), format!("cannot write to {place}: {error}"))
    }

    /// Puts the finished file in place (nothing to do for stdout or a file written in place).
    fn commit(self) -> io::Result<()> {
        match self {
            Sink::Stdout { .. } | Sink::InPlace { .. } => Ok(()),
            Sink::File { file, target, path } => put_in_place(file, &path).map_err(|error| {
                io::Error::new(
                    error.kind(),
                    format!("cannot write to {}: {error}", target.display()),
                )
            }),
        }
    }
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let written = match self {
            Sink::Stdout {
                stdout,
                progress: Some(line),
            } => line.clear_for(|| stdout.write(bytes)),
            Sink::Stdout { stdout, .. } => stdout.write(bytes),
            Sink::File { file, .. } => file.write(bytes),
            Sink::InPlace { file, .. } => file.write(bytes),
        };
        written.map_err(|error| self.name(error))
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = match self {
            Sink::Stdout {
                stdout,
                progress: Some(line),
            } => line.clear_for(|| stdout.flush()),
            Sink::Stdout { stdout, .. } => stdout.flush(),
            Sink::File { file, .. } => file.flush(),
            Sink::InPlace { file, .. } => file.flush(),
        };
        flushed.map_err(|error| self.name(error))
    }
}

/// True when stdout is the regular file `source` reads (`sudoku solve f.txt >> f.txt`, or
/// `< f.txt >> f.txt`), as `cat` tells "input file is output file".
#[cfg(unix)]
fn stdout_is(source: &Source) -> bool {
    use std::os::fd::AsFd;
    let input = identity_of_input(source);
    input.is_some() && input == identity_of_descriptor(io::stdout().as_fd())
}

#[cfg(not(unix))]
fn stdout_is(_: &Source) -> bool {
    false
}

/// True when `path` names the file the input `source` reads: by its name, links followed, or
/// as the same regular file under another name (a hard link) or open on stdin (`-o f.txt <
/// f.txt`). An output that does not exist yet is no input.
fn is_same_file(source: &Source, path: &Path) -> bool {
    #[cfg(unix)]
    {
        let input = identity_of_input(source);
        let output = std::fs::metadata(path).ok().and_then(identity);
        if input.is_some() && input == output {
            return true;
        }
    }
    let Source::File(input) = source else {
        return false;
    };
    match (std::fs::canonicalize(input), std::fs::canonicalize(path)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A regular file's device and inode: what tells it apart from every other file, whatever
/// name it is reached by.
#[cfg(unix)]
fn identity(file: std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    file.is_file().then(|| (file.dev(), file.ino()))
}

/// The identity of the regular file open on `fd`, if it is one.
#[cfg(unix)]
fn identity_of_descriptor(fd: std::os::fd::BorrowedFd<'_>) -> Option<(u64, u64)> {
    let file = std::fs::File::from(fd.try_clone_to_owned().ok()?);
    file.metadata().ok().and_then(identity)
}

/// The identity of the regular file `source` reads, if it reads one.
#[cfg(unix)]
fn identity_of_input(source: &Source) -> Option<(u64, u64)> {
    use std::os::fd::AsFd;
    match source {
        Source::File(path) => std::fs::metadata(path).ok().and_then(identity),
        Source::Stdin => identity_of_descriptor(io::stdin().as_fd()),
        Source::Argument { .. } => None,
    }
}

/// Writes one message on stderr, prefixed with the program's name, in one call so that the
/// messages of two programs writing to the same terminal never interleave mid-line. A failure
/// to write it is ignored: there is nowhere left to report it.
pub fn print_message(text: fmt::Arguments<'_>) {
    write_message(&text.to_string(), None);
}

/// Like [`print_message`], for an error: in red when stderr is coloured.
pub fn print_error(text: fmt::Arguments<'_>) {
    write_message(&text.to_string(), Some(color::ERROR));
}

/// Writes `sudoku: TEXT` and a newline on stderr in one call, coloured when stderr is.
fn write_message(text: &str, style: Option<anstyle::Style>) {
    let on = color::on_stderr();
    let name = color::paint("sudoku:", color::PROGRAM, on);
    let text = match style {
        Some(style) => color::paint(text, style, on),
        None => text.to_string(),
    };
    let line = format!("{name} {text}\n");
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// Fails when stdout is closed (`sudoku solve >&-`), rather than print into nothing and report
/// success.
pub fn check_stdout_is_open() -> io::Result<()> {
    if was_closed(1) {
        return Err(io::Error::new(
            io::ErrorKind::NotConnected,
            "stdout is closed: nowhere to print the results",
        ));
    }
    Ok(())
}

/// True when standard descriptor `fd` (0, 1 or 2) was closed when the program started.
///
/// The standard library's start-up code opens `/dev/null` (read and write) on a standard file
/// descriptor that is closed, so a closed one shows as exactly that; a shell's `> /dev/null` or
/// `< /dev/null` opens it for writing or reading only. Told apart on Linux (through /proc);
/// elsewhere this is always false.
pub fn was_closed(fd: u32) -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let is_null =
        std::fs::read_link(format!("/proc/self/fd/{fd}")).is_ok_and(|path| path == *"/dev/null");
    let read_write = || {
        let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")).unwrap_or_default();
        info.lines()
            .find_map(|line| line.strip_prefix("flags:"))
            .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2)
    };
    is_null && read_write()
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
