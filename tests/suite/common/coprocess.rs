//! The binary run as a coprocess: records written one at a time, each answer read while the
//! input stays open.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// Far longer than any answer here takes; an answer held back until the end of the input never
/// comes within it, since the input stays open.
const PATIENCE: Duration = Duration::from_secs(20);

/// The binary run as a coprocess: the test writes a record, then waits for its answer before
/// writing the next, as a program driving `sudoku` line by line does.
pub struct Coprocess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Coprocess {
    /// Starts `sudoku ARGS` with its stdin and stdout piped (stderr dropped).
    pub fn start(args: &[&str]) -> Coprocess {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if sender.send(line.unwrap()).is_err() {
                    return;
                }
            }
        });
        Coprocess {
            stdin: child.stdin.take(),
            child,
            lines,
        }
    }

    /// Writes `record` and returns the next `count` lines printed, which must come while the
    /// input is still open.
    pub fn ask(&mut self, record: &str, count: usize) -> Vec<String> {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(record.as_bytes()).unwrap();
        stdin.flush().unwrap();
        (0..count)
            .map(|_| {
                self.lines.recv_timeout(PATIENCE).unwrap_or_else(|_| {
                    panic!("no answer to {record:?} while the input stays open")
                })
            })
            .collect()
    }

    /// The most memory the process has held so far, in KB (VmHWM, while it still runs).
    #[cfg(target_os = "linux")]
    pub fn peak_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmHWM:"))
            .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmHWM in /proc/PID/status")
    }

    /// Closes the input and returns the exit status.
    pub fn finish(mut self) -> i32 {
        drop(self.stdin.take());
        self.child.wait().unwrap().code().unwrap()
    }
}
