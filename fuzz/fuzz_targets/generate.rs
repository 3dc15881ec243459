//! Generation on any seed and symmetry: the puzzle has exactly one solution, keeps its
//! symmetry, and is minimal (no clue can go).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_engine::generate::{Options, Symmetry, generate, puzzle_rng};
use sudoku_engine::{Position, count_solutions};

fuzz_target!(|input: (u64, u8)| {
    let (seed, pick) = input;
    let symmetry = Symmetry::ALL[usize::from(pick) % Symmetry::ALL.len()];
    let options = Options {
        symmetry,
        ..Options::default()
    };
    let made = generate(&mut puzzle_rng(seed, 0), &options).expect("no limit");
    assert!(made.solution.is_solution_of(&made.puzzle));
    assert!(
        count_solutions(&made.puzzle, 2).is_unique(),
        "{}",
        made.puzzle
    );
    assert!(symmetry.holds_for(&made.puzzle), "{}", made.puzzle);
    if symmetry == Symmetry::None {
        for index in 0..81 {
            let position = Position::new(index);
            if made.puzzle.get(position).is_some() {
                let mut fewer = made.puzzle;
                fewer.set(position, None);
                assert!(
                    !count_solutions(&fewer, 2).is_unique(),
                    "{position} is redundant"
                );
            }
        }
    }
});
