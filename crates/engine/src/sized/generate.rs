//! Puzzles of any size: a random solution grid, thinned to a minimal puzzle with exactly one
//! solution.

use rand::Rng;
use rand::seq::SliceRandom;

use std::time::Instant;

use super::solver::{random_solution, solvable_without};
use super::{Shape, SizedGrid};
use crate::error::TimedOut;

/// A random complete grid of `shape`.
pub fn random_grid(shape: Shape, rng: &mut impl Rng) -> SizedGrid {
    random_solution(&SizedGrid::empty(shape), rng).expect("an empty grid has solutions")
}

/// How many nodes the check of one removal may search on grids larger than 16x16. A removal
/// whose check needs more is not made: there an occasional check would take seconds, and the
/// puzzle stays unique without it (if maybe not minimal). Up to 16x16 every check runs to its
/// end, and puzzles are minimal.
const CHECK_NODES: u64 = 64;

/// A puzzle with exactly one solution, and that solution: a random grid whose cells are
/// emptied in a random order, each only if no other solution appears. Minimal (no given can
/// go without a second solution) up to 16x16; above, unless the check of a removal ran over
/// [`CHECK_NODES`].
pub fn generate(shape: Shape, rng: &mut impl Rng) -> (SizedGrid, SizedGrid) {
    generate_before(shape, rng, None).expect("no deadline")
}

/// Like [`generate`], giving up once `deadline` (if any) has passed.
pub fn generate_before(
    shape: Shape,
    rng: &mut impl Rng,
    deadline: Option<Instant>,
) -> Result<(SizedGrid, SizedGrid), TimedOut> {
    let solution = random_grid(shape, rng);
    let mut puzzle = solution.clone();
    let mut cells: Vec<usize> = (0..shape.cells()).collect();
    cells.shuffle(rng);
    for cell in cells {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(TimedOut);
        }
        let value = puzzle.get(cell);
        puzzle.set(cell, 0);
        let max_nodes = if shape.size() <= 16 {
            u64::MAX
        } else {
            CHECK_NODES
        };
        let keeps_unique = solvable_without(&puzzle, (cell, value), max_nodes, deadline);
        if keeps_unique != Ok(false) {
            puzzle.set(cell, value);
        }
    }
    Ok((puzzle, solution))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sized::count_solutions;
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
