//! Helpers shared by the integration tests: puzzle files and random valid grids.

#![allow(dead_code)]

pub mod coprocess;
#[cfg(target_os = "linux")]
pub mod pty;

use std::path::PathBuf;

use assert_cmd::Command;
use proptest::prelude::*;
use sudoku_engine::{Grid, PuzzleReader};

/// An easy puzzle (singles only) whose solution is [`SOLUTION`].
pub const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// A valid solution grid to transform; the solution of [`EASY`].
pub const SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// Every subcommand that reads puzzles.
pub const READING_COMMANDS: [&str; 8] = [
    "solve",
    "count",
    "check",
    "candidates",
    "hint",
    "explain",
    "fill",
    "rate",
];

/// The built `sudoku` binary, ready to run.
pub fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("the binary is built")
}

/// Runs `sudoku ARGS` with `stdin`, returning (exit status, stdout, stderr).
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    run_bytes(args, stdin.as_bytes())
}

/// [`run`] with any bytes on stdin (not UTF-8, compressed).
pub fn run_bytes(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let output = sudoku().args(args).write_stdin(stdin).output().unwrap();
    (
        output.status.code().expect("exited normally"),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Runs `sudoku ARGS`, reads the first line it prints, then closes the pipe as `| head -1`
/// does. Returns that line, how the program ended, and how long it all took.
pub fn first_line_then_close(args: &[&str]) -> (String, std::process::Output, std::time::Duration) {
    use std::io::BufRead;
    let started = std::time::Instant::now();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the pipe is closed.
    let output = child.wait_with_output().unwrap();
    (first, output, started.elapsed())
}

/// The path of a file in `puzzles/`.
pub fn puzzle_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("puzzles")
        .join(name)
}

/// The text of the project's README.md, whose examples the tests run.
pub fn readme() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md");
    std::fs::read_to_string(path).expect("README.md is there")
}

/// Every puzzle of a file in `puzzles/`.
pub fn puzzles(name: &str) -> Vec<Grid> {
    let file = std::fs::File::open(puzzle_path(name)).expect("puzzle file exists");
    PuzzleReader::new(std::io::BufReader::new(file))
        .map(|r| r.expect("readable").puzzle.expect("valid puzzle"))
        .collect()
}

/// A strategy for valid full grids: the base solution under a random symmetry of sudoku
/// (relabelled digits, rows and columns shuffled within bands and stacks, bands and stacks
/// shuffled, maybe transposed). Every such image is a valid grid.
pub fn valid_grid() -> impl Strategy<Value = Grid> {
    let perm9 = Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle();
    let perm3 = || Just(vec![0usize, 1, 2]).prop_shuffle();
    let lines = || (perm3(), perm3(), perm3(), perm3());
    (perm9, lines(), lines(), any::<bool>()).prop_map(|(digits, rows, columns, transpose)| {
        let base: Grid = SOLUTION.parse().unwrap();
        let order = |(bands, a, b, c): &(Vec<usize>, Vec<usize>, Vec<usize>, Vec<usize>)| {
            let within = [a, b, c];
            (0..9)
                .map(|i| 3 * bands[i / 3] + within[bands[i / 3]][i % 3])
                .collect::<Vec<_>>()
        };
        let (row_order, column_order) = (order(&rows), order(&columns));
        let mut cells = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = (row_order[r], column_order[c]);
                let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
                cells[9 * r + c] = digits[usize::from(base.cells()[9 * sr + sc] - 1)];
            }
        }
        Grid::from_cells(cells).unwrap()
    })
}

/// A strategy for puzzles: a valid grid with each cell blanked with probability `blank`.
pub fn puzzle_from_grid(blank: f64) -> impl Strategy<Value = (Grid, Grid)> {
    (
        valid_grid(),
        proptest::collection::vec(proptest::bool::weighted(blank), 81),
    )
        .prop_map(|(solution, blanks)| {
            let mut cells = *solution.cells();
            for (cell, blank) in cells.iter_mut().zip(blanks) {
                if blank {
                    *cell = 0;
                }
            }
            (Grid::from_cells(cells).unwrap(), solution)
        })
}

/// The logic's steps for `puzzle` and the state they reach ([`sudoku_logic::explain`]),
/// worked out once per test run: the rating comparison and the soundness sweep both walk the
/// first 500 of top1465, the slowest puzzles to explain.
pub fn explained(
    puzzle: &Grid,
) -> std::sync::Arc<(Vec<sudoku_logic::Step>, sudoku_logic::Candidates)> {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Slot = Arc<OnceLock<Arc<(Vec<sudoku_logic::Step>, sudoku_logic::Candidates)>>>;
    static DONE: OnceLock<Mutex<HashMap<String, Slot>>> = OnceLock::new();
    let slot = {
        let mut done = DONE.get_or_init(Default::default).lock().unwrap();
        Arc::clone(done.entry(puzzle.to_string()).or_default())
    };
    // A second test asking for the same puzzle meanwhile waits for the first one's answer.
    Arc::clone(slot.get_or_init(|| Arc::new(sudoku_logic::explain(puzzle))))
}
