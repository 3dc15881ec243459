//! What the benchmarks share: the sample puzzles, and side-by-side timing of our code and a
//! peer's.

#![allow(dead_code)]

use std::time::Instant;

use sudoku_engine::{Grid, PuzzleReader};

/// The puzzles of `puzzles/NAME.txt`, read by the project's own reader.
pub fn puzzles(name: &str) -> Vec<Grid> {
    let path = format!("{}/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    PuzzleReader::new(std::io::BufReader::new(file))
        .map(|r| r.expect("readable").puzzle.expect("valid puzzle"))
        .collect()
}

/// Rounds for the ratio tables: one under `cargo bench -- --test`, which only checks that
/// everything runs, else enough for a stable median.
pub fn rounds() -> usize {
    if std::env::args().any(|arg| arg == "--test") {
        1
    } else {
        11
    }
}

/// Runs `ours` and `peer` alternately `rounds` times and returns the median seconds of each, so
/// that both see the same machine load. Each returns a check value; they must agree.
pub fn interleaved<T: PartialEq + std::fmt::Debug>(
    rounds: usize,
    mut ours: impl FnMut() -> T,
    mut peer: impl FnMut() -> T,
) -> (f64, f64) {
    let (mut ours_times, mut peer_times) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let start = Instant::now();
        let a = ours();
        ours_times.push(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let b = peer();
        peer_times.push(start.elapsed().as_secs_f64());
        assert_eq!(a, b, "the two sides disagree");
    }
    (median(ours_times), median(peer_times))
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
