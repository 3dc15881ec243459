//! The `sudoku` crate (crates.io, 0.8) doing the job of `sudoku solve` on one file: read it line
//! by line, solve each puzzle, print each solution. A peer for whole-process comparisons:
//!
//! ```sh
//! cargo build --release --example peer_solve
//! hyperfine 'target/release/sudoku solve -j1 FILE' 'target/release/examples/peer_solve FILE'
//! ```
//!
//! The crate is a dev-dependency only (it is AGPL); nothing of it reaches the library or binary.

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).expect("usage: peer_solve FILE");
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in file.lines() {
        let line = line?;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        match peer_sudoku::Sudoku::from_str_line(&line).map(|s| s.some_solution()) {
            Ok(Some(solution)) => writeln!(out, "{}", solution.to_str_line())?,
            _ => writeln!(out, "error")?,
        }
    }
    out.flush()
}
