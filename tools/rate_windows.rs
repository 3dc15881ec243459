//! The engine's rate on one file, in-process, measured the way tdoku's `run_benchmark` measures
//! its own: a warm-up of one second, then the mean over a window of whole passes through the
//! file. `docs/tdoku_windows.sh` runs it beside tdoku.
//!
//! ```sh
//! cargo build --release --example rate_windows
//! target/release/examples/rate_windows FILE solve|count [WINDOW_SECONDS]
//! ```
//!
//! Prints two rates, in puzzles per second: the fastest pass, and the mean over the window.
//! `count` counts to two, as tdoku's benchmark does without `-f`.

use std::time::{Duration, Instant};

use sudoku_engine::{Grid, PuzzleReader, count_solutions, solve};

const USAGE: &str = "usage: rate_windows FILE solve|count [WINDOW_SECONDS]";

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(task)) = (args.first(), args.get(1)) else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let window = match args.get(2).map(|text| text.parse::<f64>()) {
        None => Duration::from_secs(1),
        Some(Ok(seconds)) if seconds > 0.0 => Duration::from_secs_f64(seconds),
        Some(_) => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let pass: fn(&[Grid]) -> u64 = match task.as_str() {
        "solve" => |puzzles| puzzles.iter().filter(|p| solve(p).is_some()).count() as u64,
        "count" => |puzzles| puzzles.iter().map(|p| count_solutions(p, 2).found).sum(),
        _ => {
            eprintln!("{USAGE}");
            std::process::exit(2);
        }
    };
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut puzzles: Vec<Grid> = Vec::new();
    for record in PuzzleReader::new(file) {
        if let Ok(grid) = record?.puzzle {
            puzzles.push(grid);
        }
    }

    let warm_up = Instant::now();
    while warm_up.elapsed() < Duration::from_secs(1) {
        std::hint::black_box(pass(&puzzles));
    }
    let (start, mut fastest, mut passes) = (Instant::now(), Duration::MAX, 0u32);
    while start.elapsed() < window {
        let timer = Instant::now();
        std::hint::black_box(pass(&puzzles));
        fastest = fastest.min(timer.elapsed());
        passes += 1;
    }
    let size = puzzles.len() as f64;
    let mean = size * f64::from(passes) / start.elapsed().as_secs_f64();
    println!("{:.0} {mean:.0}", size / fastest.as_secs_f64());
    Ok(())
}
