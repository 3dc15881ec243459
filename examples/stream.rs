//! Stream a file of puzzles (one per line or 9-line grids, mixed) through the reader and the
//! solver, one puzzle at a time, naming the line of every fault:
//! `cargo run --release --example stream -- puzzles/sample.txt`.

use std::fs::File;
use std::io::BufReader;

use sudoku_engine::{PuzzleReader, solve};

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).expect("usage: stream FILE");
    let reader = PuzzleReader::new(BufReader::new(File::open(&path)?));
    for record in reader {
        // An I/O error ends the stream; a malformed puzzle is a record like any other.
        let record = record?;
        match record.puzzle {
            Ok(puzzle) => match solve(&puzzle) {
                Some(solution) => println!("{solution}"),
                None => println!("{path}:{}: no solution", record.line),
            },
            Err(invalid) => println!("{path}:{}: {}", record.line, invalid.error),
        }
    }
    Ok(())
}
