//! Exit statuses, and how the outcomes of many puzzles combine into one.

use std::process::ExitCode;

/// The exit status of a run; the worst outcome of any puzzle wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    /// 0: every puzzle went well.
    #[default]
    Success,
    /// 1: some puzzle has no solution (or, when uniqueness was asked for, is not unique), or
    /// some grid failed its check.
    Failure = 1,
    /// 3: some puzzle ran out of its --timeout (ranked above failures, below errors).
    Timeout = 3,
    /// 2: bad usage, an invalid puzzle, or an input that could not be read.
    Error = 2,
}

impl Status {
    /// Keeps the worse of the two statuses.
    pub fn merge(&mut self, other: Status) {
        if other.rank() > self.rank() {
            *self = other;
        }
    }

    /// How bad the status is: an error outranks a time-out, which outranks a failure.
    fn rank(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failure => 1,
            Status::Timeout => 2,
            Status::Error => 3,
        }
    }
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(status as u8)
    }
}

/// The help text's section on exit statuses, shared by every subcommand.
pub const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  every puzzle was solved (or counted, generated, rated, passed its check)
  1  some puzzle has no solution, or is not unique where --unique (or the logic
     commands: hint, explain, fill, rate) needs it to be, logic got stuck, some
     grid failed its check, or generate could not meet --clues or --difficulty
  2  bad usage, an invalid puzzle (wrong length, bad character, clashing givens,
     contradictory candidates), a file that could not be read, or stdout closed
     or unwritable
  3  some puzzle ran out of its --timeout (no error, but no answer either)
  130  interrupted by Ctrl-C: every answer computed so far was printed whole
       (SIGTERM: 143, SIGHUP: 129, the same way)
The other puzzles are still processed: one bad puzzle costs only its own answer.";
