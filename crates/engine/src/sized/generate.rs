//! Puzzles of any size: a random solution grid, thinned to a minimal puzzle with exactly one
//! solution.

use rand::Rng;
use rand::seq::SliceRandom;

use std::time::Instant;

use super::solver::{Effort, random_solution, solvable_without};
use super::{Shape, SizedGrid};
use crate::error::{GenerateError, TimedOut};
use crate::generate::Options;

/// A random complete grid of `shape`.
pub fn random_grid(shape: Shape, rng: &mut impl Rng) -> SizedGrid {
    random_solution(&SizedGrid::empty(shape), rng).expect("an empty grid has solutions")
}

/// How many nodes the plain check of one removal may search on grids larger than 16x16
/// before the strong search takes over (or, where that is not asked for, the removal is not
/// made). Most checks end well within it; up to 16x16 the plain check always runs to its end.
const CHECK_NODES: u64 = 64;

/// The largest side whose puzzles are always minimal: up to it, a removal the plain check
/// cannot settle within [`CHECK_NODES`] is settled by the strong search (0.4-0.8 s a 20x20
/// puzzle, 2026-11-29). Above it that is done only when asked (`minimal_at_every_size`):
/// three 25x25 puzzles took 8-99 s each so, against a tenth of a second without.
const ALWAYS_MINIMAL_UP_TO: usize = 20;

/// A puzzle with exactly one solution, and that solution: a random grid whose cells are
/// emptied in a random order, each only if no other solution appears. Minimal (no given can
/// go without a second solution) up to 20x20; above, unless the plain check of a removal ran
/// over its budget of 64 search nodes (a removal that needs more is not made). See
/// [`generate_accepted`] for puzzles minimal at every size.
pub fn generate(shape: Shape, rng: &mut impl Rng) -> (SizedGrid, SizedGrid) {
    generate_before(shape, rng, None).expect("no deadline")
}

/// Like [`generate`], giving up once `deadline` (if any) has passed: [`generate_accepted`]
/// with the default options and every puzzle accepted.
pub fn generate_before(
    shape: Shape,
    rng: &mut impl Rng,
    deadline: Option<Instant>,
) -> Result<(SizedGrid, SizedGrid), TimedOut> {
    let options = Options {
        deadline,
        ..Options::default()
    };
    // With no clue limit and nothing refused, only the deadline can stop it.
    generate_accepted(shape, rng, &options, |_| true, |_| true).map_err(|_| TimedOut)
}

/// Like [`generate`], with the options of the 9x9 generator (a symmetry of the clue pattern, at
/// most so many clues, a deadline, minimal at every size) and keeping only a puzzle that
/// `accept` approves (a level, say): puzzles are made until one passes, up to
/// `options.attempts`. Each removal is also kept only if the puzzle stays `within` a bound
/// (solved by the techniques of a level, say), so that the puzzle is minimal within it rather
/// than minimal: at 12x12 and above nearly every minimal puzzle needs the hardest techniques,
/// and a level below them is met only so.
pub fn generate_accepted(
    shape: Shape,
    rng: &mut impl Rng,
    options: &Options,
    within: impl Fn(&SizedGrid) -> bool,
    accept: impl Fn(&SizedGrid) -> bool,
) -> Result<(SizedGrid, SizedGrid), GenerateError> {
    let orbits = options.symmetry.orbits_of_side(shape.size());
    let attempts = options.attempts.max(1);
    let mut fewest = shape.cells();
    for _ in 0..attempts {
        let solution = random_grid(shape, rng);
        let (deadline, minimal) = (options.deadline, options.minimal_at_every_size);
        let puzzle = thin(&solution, &orbits, rng, deadline, minimal, &within)
            .map_err(|_| GenerateError::TimedOut)?;
        let clues = puzzle.given_count();
        fewest = fewest.min(clues);
        if options.max_clues.is_none_or(|max| clues <= max) && accept(&puzzle) {
            return Ok((puzzle, solution));
        }
    }
    Err(options.failure(fewest))
}

/// Empties the orbits of `solution` (cells that go together, for a symmetry) in a random
/// order, each only if the puzzle keeps its one solution and stays `within` its bound. Each
/// removal is checked before the deadline; where the plain check runs out of nodes, by the
/// strong search when the side is at most [`ALWAYS_MINIMAL_UP_TO`] or `minimal` asks for it.
fn thin(
    solution: &SizedGrid,
    orbits: &[Vec<usize>],
    rng: &mut impl Rng,
    deadline: Option<Instant>,
    minimal: bool,
    within: &dyn Fn(&SizedGrid) -> bool,
) -> Result<SizedGrid, TimedOut> {
    let size = solution.shape().size();
    let plain = Effort::Plain(if size <= 16 { u64::MAX } else { CHECK_NODES });
    let settle_every_check = minimal || size <= ALWAYS_MINIMAL_UP_TO;
    // Whether a puzzle has a solution without `value` in `cell`; None when that was not
    // settled within the plain check's nodes.
    let has_another_solution = |puzzle: &SizedGrid, excluded: (usize, u8)| match solvable_without(
        puzzle, excluded, solution, plain, deadline,
    )? {
        None if settle_every_check => {
            solvable_without(puzzle, excluded, solution, Effort::Strong, deadline)
        }
        answer => Ok(answer),
    };
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    order.shuffle(rng);
    for index in order {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(TimedOut);
        }
        let orbit = &orbits[index];
        for &cell in orbit {
            puzzle.set(cell, 0);
        }
        // Another solution would differ from this one in some emptied cell.
        let unique = orbit.iter().all(|&cell| {
            has_another_solution(&puzzle, (cell, solution.get(cell))) == Ok(Some(false))
        });
        if !unique || !within(&puzzle) {
            for &cell in orbit {
                puzzle.set(cell, solution.get(cell));
            }
        }
    }
    if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
        return Err(TimedOut);
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sized::count_solutions;
    use rand::SeedableRng;

    #[test]
    fn puzzles_thinned_within_a_bound_stay_within_it() {
        // The bound here: at least 9 givens of a 4x4 grid, where minimal puzzles have 4-6.
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(3);
        let shape: Shape = "2x2".parse().unwrap();
        let options = Options::default();
        for _ in 0..20 {
            let within = |puzzle: &SizedGrid| puzzle.given_count() >= 9;
            let (puzzle, solution) =
                generate_accepted(shape, &mut rng, &options, within, |_| true).unwrap();
            assert!(solution.is_solution_of(&puzzle));
            assert!(count_solutions(&puzzle, 2).is_unique());
            // Thinned as far as the bound allows: one given fewer would leave it.
            assert_eq!(puzzle.given_count(), 9, "{puzzle:?}");
        }
    }

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(1);
        // 4x5: where a removal's plain check runs out of nodes, the strong search settles it.
        for shape in ["2x2", "2x3", "2x4", "3x3", "4x5"] {
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

    #[test]
    fn puzzles_above_20x20_are_minimal_when_asked() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(2);
        let shape: Shape = "3x7".parse().unwrap();
        let options = Options {
            minimal_at_every_size: true,
            ..Options::default()
        };
        let (puzzle, _) = generate_accepted(shape, &mut rng, &options, |_| true, |_| true).unwrap();
        assert!(count_solutions(&puzzle, 2).is_unique());
        for cell in (0..shape.cells()).filter(|&c| puzzle.get(c) != 0) {
            let mut fewer = puzzle.clone();
            fewer.set(cell, 0);
            assert!(!count_solutions(&fewer, 2).is_unique(), "not minimal");
        }
    }
}
