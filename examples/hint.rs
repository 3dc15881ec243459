//! Solve a puzzle as a person would, one named step at a time, then rate it:
//! `cargo run --example hint -- PUZZLE`.

use sudoku_engine::Grid;
use sudoku_logic::{Candidates, next_step, rate};

fn main() {
    let puzzle: Grid = std::env::args()
        .nth(1)
        .unwrap_or_else(|| {
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .into()
        })
        .parse()
        .expect("a puzzle of 81 cells");
    // The pencil marks: every digit each empty cell's row, column and box allow.
    let mut state = Candidates::from_grid(&puzzle);
    let mut steps = Vec::new();
    while let Some(step) = next_step(&state) {
        println!("{step}");
        state.apply(&step);
        steps.push(step);
    }
    let rating = rate(&steps, state.is_solved());
    println!("{} steps; {}", steps.len(), state.grid());
    if let Some(level) = rating.level {
        println!(
            "rating {:.1}, {level}, score {}",
            rating.explainer, rating.score
        );
    }
}
