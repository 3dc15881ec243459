//! Every logic technique at other sizes is sound on any state a solver can reach: the input
//! takes a puzzle with one solution of some shape, transforms it, fills some more of its cells
//! and strikes out candidates that are not the solution's (as correct steps would); the chosen
//! technique's step on that state must then place the solution's values and strike out only
//! candidates that are not.
//!
//! The input: a byte choosing the technique, a byte choosing the puzzle from a pool (generated
//! puzzles of every shape up to 16x16, both ways round, some of Gecode's 16x16 ones and hard
//! 9x9 ones read as 3x3 boxes, solved once at start: [`sudoku_fuzz::unique_puzzles`]), 8
//! bytes of seed for a random transformation (values relabelled, rows and columns permuted
//! within bands and stacks, bands and stacks permuted), a bit a cell choosing the cells
//! filled since, then pairs of bytes naming candidates to strike out (cell, value).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::sized::Alphabet;
use sudoku_logic::sized::{SizedCandidates, TECHNIQUES, find_step};

fuzz_target!(|bytes: &[u8]| {
    let [choice, pick, rest @ ..] = bytes else {
        return;
    };
    let technique = TECHNIQUES[usize::from(*choice) % TECHNIQUES.len()];
    let pool = sudoku_fuzz::unique_puzzles();
    let (mut rng, rest) = sudoku_fuzz::seeded_rng(rest);
    let (puzzle, solution) =
        sudoku_fuzz::transformed(&pool[usize::from(*pick) % pool.len()], &mut rng);
    let shape = puzzle.shape();
    let (size, cells) = (shape.size(), shape.cells());
    let mut state = SizedCandidates::from_grid(&puzzle, Alphabet::default_for(size));

    // Cells filled since, and candidates struck out, each as a correct step would.
    let (filled, strikes) = rest.split_at(rest.len().min(cells.div_ceil(8)));
    for cell in 0..cells {
        let byte = filled.get(cell / 8).copied().unwrap_or(0);
        if byte >> (cell % 8) & 1 == 1 && state.value(cell).is_none() {
            state.place(cell, solution.get(cell));
        }
    }
    for pair in strikes.chunks_exact(2) {
        let cell = usize::from(pair[0]) % cells;
        let value = pair[1] % size as u8 + 1;
        if value != solution.get(cell) && state.value(cell).is_none() {
            state.eliminate(cell, value);
        }
    }

    let Some(step) = find_step(technique, &state) else {
        return;
    };
    // A placement must be the solution's value, an elimination must not be.
    let placements = step.placements.iter().map(|placed| (placed, true));
    let eliminations = step.eliminations.iter().map(|removed| (removed, false));
    for (change, is_placement) in placements.chain(eliminations) {
        assert_eq!(
            solution.get(change.cell) == change.value,
            is_placement,
            "cell {} value {} in {step}\n{}",
            change.cell,
            change.value,
            state.to_text()
        );
    }
});
