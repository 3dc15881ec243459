//! The binary in a pseudo-terminal, as a person at a keyboard meets it: each puzzle typed is
//! answered at once, and a long run draws progress on stderr.
#![cfg(target_os = "linux")]

use crate::common;

use std::fs::File;
use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use common::{EASY, SOLUTION, puzzle_path};

/// A pseudo-terminal: the master side, read on a thread of its own, and the path of the side a
/// program gets as its terminal.
struct Terminal {
    master: File,
    terminal: String,
    screen: Receiver<Vec<u8>>,
    /// What the screen showed and no wait has used up yet.
    seen: String,
    /// Everything the screen showed.
    all: String,
}

impl Terminal {
    fn open() -> Terminal {
        let (master, terminal) = common::pty::open();
        let screen = common::pty::output(&master);
        Terminal {
            master,
            terminal,
            screen,
            seen: String::new(),
            all: String::new(),
        }
    }

    /// A handle on the terminal for a program's stdin, stdout or stderr.
    fn side(&self) -> Stdio {
        Stdio::from(common::pty::side(&self.terminal))
    }

    /// Starts the program with `args`, the terminal its stdin, stdout and stderr, as a person
    /// at a keyboard runs it.
    fn run(&self, args: &[&str]) -> Child {
        sudoku(args)
            .stdin(self.side())
            .stdout(self.side())
            .stderr(self.side())
            .spawn()
            .unwrap()
    }

    /// Types `text` as a person would.
    fn type_in(&mut self, text: &str) {
        self.master.write_all(text.as_bytes()).unwrap();
    }

    /// Takes in what the screen shows until it has stayed still for a moment (a program that
    /// has ended may have written more than the last wait saw).
    fn settle(&mut self) {
        while let Ok(bytes) = self.screen.recv_timeout(Duration::from_millis(300)) {
            self.all.push_str(&String::from_utf8_lossy(&bytes));
        }
    }

    /// Waits until the screen shows `text` (after what was seen before), and says how long that
    /// took; panics after `patience`.
    fn wait_for(&mut self, text: &str, patience: Duration) -> Duration {
        let started = Instant::now();
        loop {
            if let Some(at) = self.seen.find(text) {
                self.seen.drain(..at + text.len());
                return started.elapsed();
            }
            let left = patience.saturating_sub(started.elapsed());
            match self.screen.recv_timeout(left) {
                Ok(bytes) => {
                    let text = String::from_utf8_lossy(&bytes);
                    self.seen.push_str(&text);
                    self.all.push_str(&text);
                }
                Err(_) => panic!("{text:?} never showed; the screen has {:?}", self.seen),
            }
        }
    }
}

fn sudoku(args: &[&str]) -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("sudoku"));
    command.args(args);
    command
}

fn stop(mut child: Child) {
    let _ = child.kill();
    child.wait().unwrap();
}

#[test]
fn a_puzzle_typed_at_a_terminal_is_answered_at_once_with_any_jobs() {
    for jobs in ["1", "2"] {
        let mut terminal = Terminal::open();
        let child = terminal.run(&["solve", "-j", jobs]);
        for _ in 0..3 {
            terminal.type_in(&format!("{EASY}\n"));
            // The terminal echoes the puzzle; the solution follows while the input stays open.
            terminal.wait_for(EASY, Duration::from_secs(20));
            let took = terminal.wait_for(SOLUTION, Duration::from_secs(20));
            assert!(took < Duration::from_secs(5), "-j {jobs}: {took:?}");
        }
        // Ctrl-D ends the input: the program ends.
        terminal.type_in("\u{4}");
        let mut child = child;
        assert_eq!(child.wait().unwrap().code(), Some(0));
    }
}

#[test]
fn a_long_run_draws_progress_on_a_terminal() {
    let mut terminal = Terminal::open();
    let child = sudoku(&[
        "rate",
        "-j",
        "1",
        puzzle_path("hardest_1106.txt").to_str().unwrap(),
    ])
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(terminal.side())
    .spawn()
    .unwrap();
    terminal.wait_for(" done, ", Duration::from_secs(30));
    terminal.wait_for(" per second", Duration::from_secs(30));
    stop(child);
}

#[test]
fn no_progress_is_drawn_while_a_person_types() {
    let mut terminal = Terminal::open();
    let child = terminal.run(&["solve"]);
    terminal.type_in(&format!("{EASY}\n"));
    terminal.wait_for(SOLUTION, Duration::from_secs(20));
    std::thread::sleep(Duration::from_millis(1500));
    terminal.type_in(&format!("{EASY}\n"));
    terminal.wait_for(SOLUTION, Duration::from_secs(20));
    assert!(!terminal.all.contains("done"), "{:?}", terminal.all);
    stop(child);
}

/// The variables that colour or uncolour output, as clap reads them for its own messages.
const COLOUR_VARIABLES: [&str; 5] = ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM", "CI"];

#[test]
fn a_terminal_gets_colour_as_the_environment_allows() {
    for (environment, coloured) in [
        (&[("TERM", "xterm")][..], true),
        (&[("TERM", "xterm"), ("NO_COLOR", "1")], false),
        (&[("TERM", "xterm"), ("CLICOLOR", "0")], false),
        (&[("TERM", "dumb")], false),
        (&[("TERM", "dumb"), ("CLICOLOR_FORCE", "1")], true),
    ] {
        let mut terminal = Terminal::open();
        let mut command = sudoku(&["hint"]);
        for variable in COLOUR_VARIABLES {
            command.env_remove(variable);
        }
        let child = command
            .envs(environment.iter().copied())
            .stdin(Stdio::piped())
            .stdout(terminal.side())
            .stderr(terminal.side())
            .spawn()
            .unwrap();
        let mut child = child;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(format!("{EASY}\n").as_bytes()).unwrap();
        drop(stdin);
        terminal.wait_for("r5c5 = 5", Duration::from_secs(20));
        assert_eq!(child.wait().unwrap().code(), Some(0));
        assert_eq!(
            terminal.all.contains('\u{1b}'),
            coloured,
            "{environment:?}: {:?}",
            terminal.all
        );
    }
    // CLICOLOR_FORCE colours a pipe too, as it does clap's own messages; NO_COLOR wins over it.
    for (no_color, coloured) in [(None, true), (Some("1"), false)] {
        let mut command = sudoku(&["hint"]);
        for variable in COLOUR_VARIABLES {
            command.env_remove(variable);
        }
        command.env("CLICOLOR_FORCE", "1");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut stdin = child.stdin.take().unwrap();
                stdin.write_all(format!("{EASY}\n").as_bytes())?;
                drop(stdin);
                child.wait_with_output()
            })
            .unwrap();
        assert!(output.status.success());
        assert_eq!(
            output.stdout.contains(&0x1b),
            coloured,
            "NO_COLOR={no_color:?}"
        );
    }
}

/// Waits up to `patience` for `child` to end, and gives its exit status (`None`: still running,
/// so killed).
fn ended_within(mut child: Child, patience: Duration) -> Option<i32> {
    let started = Instant::now();
    while started.elapsed() < patience {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    stop(child);
    None
}

#[test]
fn a_person_at_a_terminal_is_told_how_to_end_the_input_and_one_ctrl_d_ends_it() {
    for subcommand in ["solve", "count", "check", "rate"] {
        let mut terminal = Terminal::open();
        let child = terminal.run(&[subcommand]);
        terminal.wait_for("reading puzzles from the terminal", Duration::from_secs(20));
        terminal.wait_for("Ctrl-D ends\r\n", Duration::from_secs(5));
        // Nothing typed: the one Ctrl-D is the end of the input, as it is to cat.
        terminal.type_in("\u{4}");
        let status = ended_within(child, Duration::from_secs(10));
        assert_eq!(status, Some(0), "{subcommand}: {:?}", terminal.all);
    }
    // What is typed may be the solutions to check the puzzles of a file against.
    let mut terminal = Terminal::open();
    let puzzles = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(puzzles.path(), format!("{EASY}\n")).unwrap();
    let child = terminal.run(&["check", puzzles.path().to_str().unwrap(), "--solution", "-"]);
    terminal.wait_for(
        "reading solutions from the terminal",
        Duration::from_secs(20),
    );
    terminal.type_in(&format!("{SOLUTION}\n"));
    terminal.type_in("\u{4}");
    assert_eq!(ended_within(child, Duration::from_secs(10)), Some(0));
    assert!(
        !terminal.all.contains("reading puzzles"),
        "{:?}",
        terminal.all
    );
    // After a puzzle too, and without the hint when asked to be quiet.
    let mut terminal = Terminal::open();
    let child = terminal.run(&["solve", "-q"]);
    terminal.type_in(&format!("{EASY}\n"));
    terminal.wait_for(SOLUTION, Duration::from_secs(20));
    terminal.type_in("\u{4}");
    assert_eq!(ended_within(child, Duration::from_secs(10)), Some(0));
    assert!(!terminal.all.contains("reading"), "{:?}", terminal.all);
}

#[test]
fn no_hint_is_given_when_the_puzzles_come_from_a_pipe_or_a_file() {
    let terminal_stderr = |args: &[&str]| {
        let mut terminal = Terminal::open();
        let mut child = sudoku(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(terminal.side())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(format!("{EASY}\nxyz\n").as_bytes())
            .unwrap();
        drop(stdin);
        assert_eq!(child.wait().unwrap().code(), Some(2));
        terminal.wait_for("invalid character", Duration::from_secs(20));
        terminal.all
    };
    for args in [&["solve"][..], &["solve", "-"], &["count", "-f", "json"]] {
        let stderr = terminal_stderr(args);
        assert!(!stderr.contains("reading"), "{args:?}: {stderr:?}");
    }
}

#[test]
fn each_message_shows_beside_its_answer_when_both_go_to_the_terminal() {
    let folder = tempfile::tempdir().unwrap();
    let puzzles = folder.path().join("puzzles.txt");
    std::fs::write(&puzzles, format!("{EASY}\n{EASY}\n123\n{EASY}\n")).unwrap();
    let mut terminal = Terminal::open();
    let child = sudoku(&["solve", puzzles.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(terminal.side())
        .stderr(terminal.side())
        .spawn()
        .unwrap();
    assert_eq!(ended_within(child, Duration::from_secs(20)), Some(2));
    terminal.wait_for("error: invalid puzzle", Duration::from_secs(20));
    terminal.wait_for(SOLUTION, Duration::from_secs(20));
    // Buffered answers would all come at the end, after every message.
    let all = &terminal.all;
    let second_answer = all.match_indices(SOLUTION).nth(1).unwrap().0;
    let message = all.find("puzzles.txt:3: ").unwrap();
    let placeholder = all.find("error: invalid puzzle").unwrap();
    assert!(second_answer < message && message < placeholder, "{all:?}");
}

#[test]
fn the_progress_line_keeps_out_of_the_way_of_answers_on_the_same_terminal() {
    let mut terminal = Terminal::open();
    let mut child = sudoku(&["solve"])
        .stdin(Stdio::piped())
        .stdout(terminal.side())
        .stderr(terminal.side())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(format!("{EASY}\n").as_bytes()).unwrap();
    terminal.wait_for(SOLUTION, Duration::from_secs(20));
    // A run over a second: the progress line is drawn below the answer, then a second answer
    // is written where the line was, and the line drawn again below it.
    terminal.wait_for(" per second", Duration::from_secs(20));
    stdin.write_all(format!("{EASY}\n").as_bytes()).unwrap();
    terminal.wait_for(SOLUTION, Duration::from_secs(20));
    drop(stdin);
    assert_eq!(ended_within(child, Duration::from_secs(20)), Some(0));
    terminal.settle();
    let size = |n| std::num::NonZero::new(n).unwrap();
    let mut screen = vt100::Parser::new(size(24), size(100), 0);
    screen.process(terminal.all.as_bytes());
    let shown = screen.screen().contents();
    assert_eq!(
        shown.trim_end(),
        format!("{SOLUTION}\n{SOLUTION}"),
        "{shown:?}"
    );
}

#[test]
fn a_terminal_named_as_a_file_is_read_as_a_person_typing() {
    for named in ["/dev/stdin", "its own path"] {
        let mut terminal = Terminal::open();
        let path = terminal.terminal.clone();
        let args = ["count", if named == "/dev/stdin" { named } else { &path }];
        let child = terminal.run(&args);
        terminal.wait_for("Ctrl-D ends\r\n", Duration::from_secs(20));
        terminal.type_in(&format!("{EASY}\n"));
        terminal.wait_for(EASY, Duration::from_secs(20));
        // No progress line while the person thinks, however long.
        std::thread::sleep(Duration::from_millis(1500));
        terminal.type_in("\u{4}");
        let status = ended_within(child, Duration::from_secs(10));
        assert_eq!(status, Some(0), "{args:?}: {:?}", terminal.all);
        terminal.settle();
        assert!(
            !terminal.all.contains(" done, "),
            "{args:?}: {:?}",
            terminal.all
        );
    }
}
