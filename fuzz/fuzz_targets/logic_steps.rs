//! Every logic technique is sound on any state a solver can reach: the input takes a puzzle
//! with one solution, transforms it, fills some more of its cells and strikes out candidates
//! that are not the solution's (as correct steps would); the chosen technique's step on that
//! state must then place the solution's digits and strike out only candidates that are not.
//!
//! The input: a byte choosing the technique (one per input, so that the slow ones do not set
//! the pace for all), a byte choosing the puzzle from a pool (generated ones and the hard
//! collections' first puzzles, solved once at start), 8 bytes of seed for a random
//! transformation (digits relabelled, rows, columns, bands and stacks permuted, transposed),
//! 11 bytes (81 bits) choosing the cells filled since, then pairs of bytes naming candidates
//! to strike out (cell, digit). The pool keeps the search engine out of each run: every state
//! has exactly one solution without counting, so uniqueness techniques are tested too.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rand::RngExt;
use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use sudoku_engine::generate::{Options, generate, puzzle_rng};
use sudoku_engine::{Grid, Position, solve};
use sudoku_logic::{Candidates, CellDigit, Technique};

/// A puzzle and its solution, as cell values (0 for empty).
type Pair = ([u8; 81], [u8; 81]);

/// Generated puzzles (mostly easy) and hard ones from the project's collections.
fn pool() -> &'static [Pair] {
    static POOL: OnceLock<Vec<Pair>> = OnceLock::new();
    POOL.get_or_init(|| {
        let generated = (0..32).map(|seed| {
            let made = generate(&mut puzzle_rng(seed, 0), &Options::default()).expect("no limit");
            (*made.puzzle.cells(), *made.solution.cells())
        });
        let collections = [
            include_str!("../../puzzles/top1465.txt"),
            include_str!("../../puzzles/hardest_1106.txt"),
            include_str!("../../puzzles/hardest_1905_1000.txt"),
        ];
        let hard = collections.into_iter().flat_map(|text| {
            text.lines()
                .filter(|line| !line.starts_with('#'))
                .take(32)
                .map(|line| {
                    let mut cells = [0u8; 81];
                    for (cell, byte) in cells.iter_mut().zip(line.bytes()) {
                        *cell = if byte.is_ascii_digit() {
                            byte - b'0'
                        } else {
                            0
                        };
                    }
                    let puzzle = Grid::from_cells(cells).expect("digits");
                    (cells, *solve(&puzzle).expect("a proper puzzle").cells())
                })
        });
        generated.chain(hard).collect()
    })
}

/// A random symmetry of the grid: where each cell goes, and what each digit becomes.
fn random_symmetry(rng: &mut ChaCha8Rng) -> ([usize; 81], [u8; 10]) {
    let mut digits: [u8; 10] = std::array::from_fn(|d| d as u8);
    digits[1..].shuffle(rng);
    let rows = sudoku_fuzz::shuffled_lines(3, 3, rng);
    let columns = sudoku_fuzz::shuffled_lines(3, 3, rng);
    let transpose = rng.random::<bool>();
    let cells = std::array::from_fn(|index| {
        let (row, column) = (rows[index / 9], columns[index % 9]);
        if transpose {
            9 * column + row
        } else {
            9 * row + column
        }
    });
    (cells, digits)
}

fuzz_target!(|bytes: &[u8]| {
    let [choice, pick, seed @ ..] = bytes else {
        return;
    };
    let technique = Technique::ALL[usize::from(*choice) % Technique::ALL.len()];
    let (puzzle_cells, solution_cells) = pool()[usize::from(*pick) % pool().len()];
    let (mut rng, rest) = sudoku_fuzz::seeded_rng(seed);
    let (moved, relabel) = random_symmetry(&mut rng);
    let (mut puzzle, mut solution) = ([0u8; 81], [0u8; 81]);
    for index in 0..81 {
        puzzle[moved[index]] = relabel[usize::from(puzzle_cells[index])];
        solution[moved[index]] = relabel[usize::from(solution_cells[index])];
    }
    let mut state = Candidates::from_grid(&Grid::from_cells(puzzle).expect("digits"));

    // Cells filled since, and candidates struck out, each as a correct step would.
    for (index, &digit) in solution.iter().enumerate() {
        let byte = rest.get(index / 8).copied().unwrap_or(0);
        let position = Position::new(index);
        if byte >> (index % 8) & 1 == 1 && state.value(position).is_none() {
            state.place(CellDigit { position, digit });
        }
    }
    for pair in rest.get(11..).unwrap_or(&[]).chunks_exact(2) {
        let index = usize::from(pair[0]) % 81;
        let digit = pair[1] % 9 + 1;
        if digit != solution[index] {
            state.eliminate(CellDigit {
                position: Position::new(index),
                digit,
            });
        }
    }

    let Some(step) = technique.find(&state) else {
        return;
    };
    for placed in &step.placements {
        let index = placed.position.index();
        assert_eq!(solution[index], placed.digit, "{step}\n{}", state.to_text());
    }
    for removed in &step.eliminations {
        let index = removed.position.index();
        assert_ne!(
            solution[index],
            removed.digit,
            "{step}\n{}",
            state.to_text()
        );
    }
});
