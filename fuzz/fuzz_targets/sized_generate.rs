//! Generation at other sizes on any seed, shape and symmetry: the puzzle has exactly one
//! solution (the one returned), keeps its symmetry, and is minimal for it (no orbit of clues
//! can go). Shapes up to 12x12, where a puzzle takes milliseconds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::generate::{Options, Symmetry, puzzle_rng};
use sudoku_engine::sized::{Shape, count_solutions, generate_accepted};

/// The shapes tried: every one up to 12x12, square boxes and both ways round.
const SHAPES: [(usize, usize); 9] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (2, 5),
    (3, 4),
    (4, 3),
];

fuzz_target!(|input: (u64, u8, u8)| {
    let (seed, shape_pick, symmetry_pick) = input;
    let (rows, columns) = SHAPES[usize::from(shape_pick) % SHAPES.len()];
    let shape = Shape::new(rows, columns).expect("a shape the engine takes");
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
