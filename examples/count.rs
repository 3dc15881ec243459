//! Tell a proper puzzle (exactly one solution) from a broken one by counting its solutions up to
//! a limit: `cargo run --example count -- PUZZLE [LIMIT]`.

use sudoku_engine::{Grid, count_solutions};

fn main() {
    let mut args = std::env::args().skip(1);
    let puzzle: Grid = args
        .next()
        .unwrap_or_else(|| ".".repeat(81))
        .parse()
        .expect("a puzzle of 81 cells");
    let limit = args.next().map_or(10, |n| n.parse().expect("a number"));
    let count = count_solutions(&puzzle, limit);
    // A count that reached the limit is a lower bound, shown as `10+`.
    println!("{count} solutions");
    println!(
        "{}",
        match count.found {
            0 => "broken: no solution",
            1 if count.is_unique() => "proper: exactly one solution",
            _ => "broken: more than one solution",
        }
    );
}
