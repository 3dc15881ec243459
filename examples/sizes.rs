//! Solve puzzles of any size, one per line of stdin, and say whether each is proper (exactly
//! one solution), its shape told by the number of cells and its symbols by the cells:
//! `cargo run --release --example sizes < puzzles/gecode_16x16.txt`. An argument such as `2x3`
//! names the box shape instead (for a 6x6 grid with boxes of 3x2, `3x2`).

use std::error::Error;
use std::io::{BufRead, Write};

use sudoku_engine::sized::{Shape, SizedGrid, count_and_first_before};

fn main() {
    if let Err(error) = run() {
        // A reader that has gone (`| head`) ends the run quietly.
        let gone = error
            .downcast_ref::<std::io::Error>()
            .is_some_and(|error| error.kind() == std::io::ErrorKind::BrokenPipe);
        if !gone {
            eprintln!("sizes: {error}");
            std::process::exit(2);
        }
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let shape = std::env::args()
        .nth(1)
        .map(|text| text.parse::<Shape>())
        .transpose()?;
    let mut out = std::io::stdout().lock();
    for (index, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (puzzle, alphabet) = match SizedGrid::parse(&line, shape, None) {
            Ok(parsed) => parsed,
            Err(error) => {
                writeln!(out, "line {}: {error}", index + 1)?;
                continue;
            }
        };
        // One search to 2 finds the solution and tells a proper puzzle from a broken one.
        let (count, first) = count_and_first_before(&puzzle, 2, None)?;
        let verdict = match count.found {
            0 => "no solution",
            1 => "proper",
            _ => "more than one solution",
        };
        let size = puzzle.shape().size();
        match first {
            Some(solution) => writeln!(
                out,
                "{size}x{size} {verdict}: {}",
                solution.to_line(alphabet)
            )?,
            None => writeln!(out, "{size}x{size} {verdict}")?,
        }
    }
    Ok(())
}
