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

/// The help text's section on exit statuses for `sudoku --help` and the manual page: what
/// every status means in any subcommand.
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
When several apply, the worst wins: 2, then 3, then 1. The other puzzles are still
processed: one bad puzzle costs only its own answer.";

/// What the statuses 0, 1 and 2 mean for one subcommand that reads puzzles, and whether it has
/// a --timeout (status 3): the parts of its help's section on exit statuses that differ.
pub struct Outcomes {
    /// Status 0: every record got this answer.
    pub success: &'static str,
    /// Status 1, if the subcommand can fail a record without an error.
    pub failure: Option<&'static str>,
    /// Status 2: the errors besides bad usage and an unwritable output (what makes an invalid
    /// puzzle, a file that cannot be read).
    pub errors: &'static str,
    /// Whether a record can run out of its --timeout.
    pub timeout: bool,
}

/// The width the help's section is wrapped to, as clap wraps the rest of the help.
const HELP_WIDTH: usize = 80;

impl Outcomes {
    /// The section on exit statuses for this subcommand's help: only the statuses it can give.
    pub fn help(&self) -> String {
        let mut section = String::from("Exit status:\n");
        push_status(&mut section, "0", self.success);
        if let Some(failure) = self.failure {
            push_status(&mut section, "1", failure);
        }
        push_status(
            &mut section,
            "2",
            &format!(
                "bad usage, {}, or stdout (or the --output file) closed or unwritable",
                self.errors
            ),
        );
        if self.timeout {
            push_status(
                &mut section,
                "3",
                "some puzzle ran out of its --timeout (no error, but no answer either)",
            );
        }
        push_status(
            &mut section,
            "130",
            "interrupted by Ctrl-C: every answer computed so far was printed whole \
             (SIGTERM: 143, SIGHUP: 129, the same way)",
        );
        let worst_first = if self.timeout {
            "2, then 3, then 1"
        } else {
            "2, then 1"
        };
        if self.failure.is_some() {
            push_paragraph(
                &mut section,
                &format!("When several apply, the worst wins: {worst_first}."),
            );
        }
        push_paragraph(
            &mut section,
            "The other puzzles are still processed: one bad puzzle costs only its own answer.",
        );
        section.truncate(section.trim_end().len());
        section
    }
}

/// The section on exit statuses for `sudoku play`, which reads one puzzle and answers on the
/// terminal.
pub fn play_exit_status_help() -> String {
    let mut section = String::from("Exit status:\n");
    push_status(&mut section, "0", "the game ended with q");
    push_status(
        &mut section,
        "2",
        "bad usage, an invalid puzzle or saved game, a file that could not be read, or stdout \
         not a terminal",
    );
    push_status(
        &mut section,
        "129",
        "the terminal was closed (SIGHUP): the moves were saved first",
    );
    push_status(&mut section, "130", "Ctrl-C (SIGTERM: 143)");
    section.truncate(section.trim_end().len());
    section
}

/// Adds one status and its meaning, the meaning wrapped under itself.
fn push_status(section: &mut String, status: &str, meaning: &str) {
    let head = format!("  {status}  ");
    let hanging = " ".repeat(head.len());
    let mut lines = wrap(meaning, HELP_WIDTH - head.len()).into_iter();
    if let Some(first) = lines.next() {
        section.push_str(&head);
        section.push_str(&first);
        section.push('\n');
    }
    for line in lines {
        section.push_str(&hanging);
        section.push_str(&line);
        section.push('\n');
    }
}

/// Adds a paragraph, wrapped.
fn push_paragraph(section: &mut String, text: &str) {
    for line in wrap(text, HELP_WIDTH) {
        section.push_str(&line);
        section.push('\n');
    }
}

/// Breaks `text` into lines of at most `width` characters at spaces (a longer word keeps a
/// line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
