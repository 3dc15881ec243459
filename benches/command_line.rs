//! The `sudoku` binary at speed, whole process, beside the engine alone and beside the `sudoku`
//! crate doing the same job in-process (read the file, solve, print):
//!
//! * `sudoku solve -j1` and `sudoku count -j1` against the engine alone on the same puzzles:
//!   reading and printing must not dominate;
//! * `sudoku solve -j2` against `-j1`: the parallel speed-up;
//! * `sudoku solve -j1` against the crate's parse-solve-print loop.
//!
//! The input is 17_clue_1000.txt repeated 500 times (500,000 puzzles), so process start-up and
//! filling the pipeline are small beside the work. Solutions go to a file.

mod common;

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};

use peer_sudoku::Sudoku as Peer;
use sudoku_engine::{Grid, PuzzleReader, count_solutions, solve};

const REPEAT: usize = 500;

/// The limit both sides count to (`sudoku count`'s default, passed to it explicitly so that the
/// two sides cannot drift apart).
const COUNT_LIMIT: u64 = 1000;

/// Runs `sudoku ARGS... PATH > file`, as a user saving the results would, and returns how many
/// bytes it wrote.
fn run_binary(args: &[&str], path: &str) -> usize {
    let output = tempfile::tempfile().expect("a temporary file");
    let status = Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .arg(path)
        .stdout(output.try_clone().expect("the file handle clones"))
        .stderr(Stdio::inherit())
        .status()
        .expect("the binary runs");
    assert!(status.success());
    output.metadata().expect("the file has a length").len() as usize
}

fn main() {
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/puzzles/17_clue_1000.txt"
    ))
    .unwrap();
    let mut input = tempfile::NamedTempFile::new().unwrap();
    for _ in 0..REPEAT {
        input.write_all(sample.as_bytes()).unwrap();
    }
    let path = input.path().to_str().unwrap().to_string();
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles: Vec<Grid> = PuzzleReader::new(text.as_bytes())
        .map(|r| r.unwrap().puzzle.unwrap())
        .collect();
    let n = puzzles.len() as f64;
    let bytes = puzzles.len() * 82;

    let engine = || puzzles.iter().filter_map(solve).count() * 82;
    // `sudoku count` prints each count on a line, counting up to its default limit.
    let count_engine = || {
        puzzles
            .iter()
            .map(|p| count_solutions(p, COUNT_LIMIT).to_string().len() + 1)
            .sum::<usize>()
    };
    let peer_job = || {
        let mut out = Vec::with_capacity(bytes);
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let solution = Peer::from_str_line(line).unwrap().some_solution().unwrap();
            writeln!(out, "{}", solution.to_str_line()).unwrap();
        }
        black_box(out).len()
    };
    let rounds = common::rounds();
    let limit = COUNT_LIMIT.to_string();
    let solve_one_job = || run_binary(&["solve", "--jobs", "1"], &path);
    let (whole, alone) = common::interleaved(rounds, solve_one_job, engine);
    let (count_whole, count_alone) = common::interleaved(
        rounds,
        || run_binary(&["count", "--jobs", "1", "--limit", &limit], &path),
        count_engine,
    );
    let (two, one) = common::interleaved(
        rounds,
        || run_binary(&["solve", "--jobs", "2"], &path),
        solve_one_job,
    );
    let (ours, peer) = common::interleaved(rounds, solve_one_job, peer_job);

    println!(
        "input: {} puzzles (17_clue_1000.txt x {REPEAT})",
        puzzles.len()
    );
    println!("| comparison | first (puzzles/s) | second (puzzles/s) | ratio |");
    println!("|---|---:|---:|---:|");
    let row = |name: &str, first: f64, second: f64| {
        println!(
            "| {name} | {:.0} | {:.0} | {:.2}x |",
            n / first,
            n / second,
            first / second
        )
    };
    row(
        "`sudoku solve -j1` (whole process) / engine alone: time ratio",
        whole,
        alone,
    );
    row(
        "`sudoku count -j1` (whole process) / engine alone: time ratio",
        count_whole,
        count_alone,
    );
    row(
        "`sudoku solve -j1` / `sudoku solve -j2`: speed-up",
        one,
        two,
    );
    row(
        "`sudoku solve -j1` / sudoku crate parse+solve+print: time ratio",
        ours,
        peer,
    );
}
