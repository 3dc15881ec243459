//! Puzzles of any size: a random solution grid, thinned to a minimal puzzle with exactly one
//! solution.

use rand::Rng;
use rand::seq::SliceRandom;

use super::solver::{count_solutions, random_solution};
use super::{Shape, SizedGrid};

/// A random complete grid of `shape`.
pub fn random_grid(shape: Shape, rng: &mut impl Rng) -> SizedGrid {
    random_solution(&SizedGrid::empty(shape), rng).expect("an empty grid has solutions")
}

/// A minimal puzzle with exactly one solution, and that solution: a random grid whose cells
/// are emptied in a random order, each only if the puzzle keeps one solution. Minimal: no
/// given can go without a second solution appearing.
pub fn generate(shape: Shape, rng: &mut impl Rng) -> (SizedGrid, SizedGrid) {
    let solution = random_grid(shape, rng);
    let mut puzzle = solution.clone();
    let mut cells: Vec<usize> = (0..shape.cells()).collect();
    cells.shuffle(rng);
    for cell in cells {
        let value = puzzle.get(cell);
        puzzle.set(cell, 0);
        if !count_solutions(&puzzle, 2).is_unique() {
            puzzle.set(cell, value);
        }
    }
    (puzzle, solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(1);
        for shape in ["2x2", "2x3", "2x4", "3x3"] {
            let shape: Shape = shape.parse().unwrap();
            let (puzzle, solution) = generate(shape, &mut rng);
            assert!(solution.is_solution_of(&puzzle));
            assert!(count_solutions(&puzzle, 2).is_unique());
            for cell in (0..shape.cells()).filter(|&c| puzzle.get(c) != 0) {
                let mut fewer = puzzle.clone();
                fewer.set(cell, 0);
                assert!(
                    !count_solutions(&fewer, 2).is_unique(),
                    "{shape}: not minimal"
                );
            }
        }
    }
}
