//! Generation at other sizes on any seed, shape and symmetry: the puzzle has exactly one
//! solution (the one returned), keeps its symmetry, and is minimal for it (no orbit of clues
//! can go). Shapes up to 16x16 (a 16x16 puzzle and its checks take about half a second,
//! the others milliseconds).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::generate::{Options, Symmetry, puzzle_rng};
use sudoku_engine::sized::{count_solutions, generate_accepted};

fuzz_target!(|input: (u64, u8, u8)| {
    let (seed, shape_pick, symmetry_pick) = input;
    let shape = sudoku_fuzz::shape(shape_pick, sudoku_fuzz::UP_TO_16X16);
    let symmetry = Symmetry::ALL[usize::from(symmetry_pick) % Symmetry::ALL.len()];
    let options = Options {
        symmetry,
        ..Options::default()
    };
    let rng = &mut puzzle_rng(seed, 0);
    let (puzzle, solution) =
        generate_accepted(shape, rng, &options, |_| true, |_| true).expect("no limit");
    assert!(solution.is_complete() && solution.first_conflict().is_none());
    assert!(solution.is_solution_of(&puzzle), "{puzzle:?}");
    assert!(count_solutions(&puzzle, 2).found == 1, "{puzzle:?}");
    for orbit in symmetry.orbits_of_side(shape.size()) {
        let clues = orbit.iter().filter(|&&cell| puzzle.get(cell) != 0).count();
        assert!(
            clues == 0 || clues == orbit.len(),
            "{symmetry:?} broken: {puzzle:?}"
        );
        if clues != 0 {
            let mut fewer = puzzle.clone();
            for &cell in &orbit {
                fewer.set(cell, 0);
            }
            assert!(
                count_solutions(&fewer, 2).found > 1,
                "{orbit:?} is redundant: {puzzle:?}"
            );
        }
    }
});
