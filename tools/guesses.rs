//! Prints, for each puzzle file named, how many guesses the engine needs per puzzle on average.
//! A quick look at search effort alongside the benchmarks:
//! `cargo run --release --example guesses -- puzzles/*.txt`.

use sudoku_engine::PuzzleReader;
use sudoku_engine::solver::solve_with_stats;

fn main() -> std::io::Result<()> {
    for path in std::env::args().skip(1) {
        let file = std::io::BufReader::new(std::fs::File::open(&path)?);
        let (mut puzzles, mut guesses) = (0u64, 0u64);
        for record in PuzzleReader::new(file) {
            if let Ok(grid) = record?.puzzle {
                puzzles += 1;
                guesses += solve_with_stats(&grid).1.guesses;
            }
        }
        let average = guesses as f64 / puzzles.max(1) as f64;
        println!("{path}: {puzzles} puzzles, {average:.2} guesses/puzzle");
    }
    Ok(())
}
