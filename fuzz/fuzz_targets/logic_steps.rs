//! Every logic step is sound on any state reached while solving: a unique puzzle made from the
//! input's seed is solved step by step, and each step's placements are the solution's digits
//! and its eliminations are not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::generate::{Options, generate, puzzle_rng};
use sudoku_logic::{Candidates, next_step};

fuzz_target!(|seed: u64| {
    let made = generate(&mut puzzle_rng(seed, 0), &Options::default()).expect("no limit");
    let mut state = Candidates::from_grid(&made.puzzle);
    while let Some(step) = next_step(&state) {
        for placed in &step.placements {
            let digit = made.solution.get(placed.position).map(|d| d.get());
            assert_eq!(digit, Some(placed.digit), "{step}");
        }
        for removed in &step.eliminations {
            let digit = made.solution.get(removed.position).map(|d| d.get());
            assert_ne!(digit, Some(removed.digit), "{step}");
        }
        state.apply(&step);
    }
    assert!(state.is_solved(), "brute force ends every unique puzzle");
});
