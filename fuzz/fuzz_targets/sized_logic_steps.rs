//! Every logic technique at other sizes is sound on any state a solver can reach: the input
//! takes a puzzle with one solution of some shape, transforms it, fills some more of its cells
//! and strikes out candidates that are not the solution's (as correct steps would); the chosen
//! technique's step on that state must then place the solution's values and strike out only
//! candidates that are not.
//!
//! The input: a byte choosing the technique, a byte choosing the puzzle from a pool (generated
//! puzzles of every shape up to 16x16, both ways round, and hard 9x9 ones read as
//! 3x3 boxes, solved once at start), 8 bytes of seed for a random transformation (values
//! relabelled, rows and columns permuted within bands and stacks, bands and stacks permuted),
//! a bit a cell choosing the cells filled since, then pairs of bytes naming candidates to
//! strike out (cell, value).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rand::seq::SliceRandom;
use sudoku_engine::generate::puzzle_rng;
use sudoku_engine::sized::{Alphabet, Shape, SizedGrid, generate, solve};
use sudoku_logic::sized::{SizedCandidates, TECHNIQUES, find_step};

/// A puzzle and its solution.
type Pair = (SizedGrid, SizedGrid);

/// Generated puzzles of every shape, and hard 9x9 ones.
fn pool() -> &'static [Pair] {
    static POOL: OnceLock<Vec<Pair>> = OnceLock::new();
    POOL.get_or_init(|| {
        let generated = (0..sudoku_fuzz::UP_TO_16X16).flat_map(|pick| {
            let shape = sudoku_fuzz::shape(pick as u8, sudoku_fuzz::UP_TO_16X16);
            (0..8).map(move |seed| generate(shape, &mut puzzle_rng(seed, 0)))
        });
        let nine = Shape::new(3, 3).expect("a shape");
        let hard = include_str!("../../puzzles/top1465.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .take(32)
            .map(|line| {
                let (puzzle, _) = SizedGrid::parse(&line[..81], Some(nine), None).expect("a grid");
                let solution = solve(&puzzle).expect("a proper puzzle");
                (puzzle, solution)
            });
        generated.chain(hard).collect()
    })
}

/// `grid` under a symmetry of its shape: the rows, the columns and the values moved as given.
fn moved(grid: &SizedGrid, rows: &[usize], columns: &[usize], values: &[u8]) -> SizedGrid {
    let size = grid.shape().size();
    let cells = (0..size * size)
        .map(|index| {
            values[usize::from(grid.get(rows[index / size] * size + columns[index % size]))]
        })
        .collect();
    SizedGrid::from_values(grid.shape(), cells).expect("the same shape")
}

fuzz_target!(|bytes: &[u8]| {
    let [choice, pick, rest @ ..] = bytes else {
        return;
    };
    let technique = TECHNIQUES[usize::from(*choice) % TECHNIQUES.len()];
    let (puzzle, solution) = &pool()[usize::from(*pick) % pool().len()];
    let shape = puzzle.shape();
    let (size, cells) = (shape.size(), shape.cells());
    let (mut rng, rest) = sudoku_fuzz::seeded_rng(rest);
    let (box_rows, box_columns) = (shape.box_rows(), shape.box_columns());
    let rows = sudoku_fuzz::shuffled_lines(size / box_rows, box_rows, &mut rng);
    let columns = sudoku_fuzz::shuffled_lines(size / box_columns, box_columns, &mut rng);
    let mut values: Vec<u8> = (0..=size as u8).collect();
    values[1..].shuffle(&mut rng);
    let (puzzle, solution) = (
        moved(puzzle, &rows, &columns, &values),
        moved(solution, &rows, &columns, &values),
    );
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
    for placed in &step.placements {
        assert_eq!(
            solution.get(placed.cell),
            placed.value,
            "{step}\n{}",
            state.to_text()
        );
    }
    for removed in &step.eliminations {
        assert_ne!(
            solution.get(removed.cell),
            removed.value,
            "{step}\n{}",
            state.to_text()
        );
    }
});
