//! Time per puzzle: the stopwatch of `--timer` and how its figure ends an answer, and the
//! budget of `--timeout`.

use std::io::{self, Write};
use std::time::Instant;

use sudoku_engine::TimedOut;

use super::Problem;

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
fn write_time(out: &mut impl Write, micros: f64) -> io::Result<()> {
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
