//! Exit statuses, and how the outcomes of many puzzles combine into one.

use std::process::ExitCode;

/// The exit status of a run; the worst outcome of any puzzle wins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// 0: every puzzle went well.
    #[default]
    Success,
    /// 1: some puzzle has no solution (or, when uniqueness was asked for, is not unique), or
    /// some grid failed its check.
    Failure,
    /// 2: bad usage, an invalid puzzle, or an input that could not be read.
    Error,
}

impl Status {
    /// Keeps the worse of the two statuses.
    pub fn merge(&mut self, other: Status) {
        *self = (*self).max(other);
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
  130  interrupted by Ctrl-C: every answer computed so far was printed whole
The other puzzles are still processed: one bad puzzle costs only its own answer.";
