//! Solve one puzzle with the engine and print its solution as a grid:
//! `cargo run --example solve -- 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79`

use sudoku_engine::{Grid, solve};

fn main() {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".into()
    });
    let puzzle: Grid = match text.parse() {
        Ok(puzzle) => puzzle,
        Err(error) => {
            eprintln!("not a puzzle: {error}");
            std::process::exit(2);
        }
    };
    match solve(&puzzle) {
        Some(solution) => print!("{}", solution.block()),
        None => match puzzle.first_conflict() {
            Some(conflict) => println!("no solution: {conflict}"),
            None => println!("no solution"),
        },
    }
}
