//! The search for grids of any size: candidates as bits of a `u64` per cell. At each node:
//! naked and hidden singles and box-line interactions, to a fixed point; then a guess on the
//! cell with the fewest candidates, depth first. Solving and counting add the strong
//! reasoning: the all-different constraint of every unit made arc consistent (every naked and
//! hidden subset), failed-literal probing of the cells with two candidates (and, near the
//! root, of the values with two places in a unit; deeper once a count has found its first
//! solution and is showing there is no other, or a search has grown large), the guess on the
//! pair whose two trials strike out the most (the side that strikes out more first), and
//! otherwise on a value's places in a unit when they are fewer than a cell's candidates.
//! Generation's many small checks go faster without it. Each rule reads only the units that
//! changed since it last looked. A random solution, and a grid with few givens, are searched
//! instead by random searches with the plain rules (for the grid, each after a short search
//! of the kind above), begun afresh whenever one has worked its budget.
//!
//! Here: the public entry points and how a search is set up. The search itself is in
//! `search` (its state, its node, where it guesses), the rules in `rules`, probing and the
//! look-ahead in `probe`, searches begun afresh in `afresh`, the record that takes a guess
//! back in `trail`, and the units and peers of a shape in `layout`.

mod afresh;
mod layout;
mod probe;
mod rules;
mod search;
mod trail;

use std::time::Instant;

use rand::Rng;

use super::{Shape, SizedGrid};
use crate::error::TimedOut;
use crate::solver::{SearchStats, SolutionCount};
use afresh::{Plan, search_afresh};
use layout::Layout;
use search::{Counter, CounterKeepingFirst, First, Search, Stop, Visitor};

/// The single bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask & mask.wrapping_neg();
            mask ^= bit;
            bit
        })
    })
}

/// How a search runs, beyond its grid and visitor.
struct Setup<'a> {
    deadline: Option<Instant>,
    /// Shuffles the guesses, when set.
    rng: Option<&'a mut dyn Rng>,
    /// A value an empty cell must not take.
    exclude: Option<(usize, u8)>,
    /// The values each cell may take (bit `v - 1` for value `v`), when narrower than the
    /// grid's rules: a state with candidates struck out.
    allowed: Option<&'a [u64]>,
    /// Use the strong reasoning (see [`Search::strong`]).
    strong: bool,
    /// Stop after this many nodes without a solution, if set (the search has then
    /// [`Ended::OutOfNodes`]).
    max_nodes: Option<u64>,
    /// A complete grid: a guess tries first the literal it holds (a cell's value there, or
    /// the place where it has the value), when set.
    prefer: Option<&'a SizedGrid>,
}

impl Setup<'_> {
    /// A plain search: probing, no randomness, no exclusion.
    fn plain(deadline: Option<Instant>) -> Self {
        Setup {
            deadline,
            rng: None,
            exclude: None,
            allowed: None,
            strong: true,
            max_nodes: None,
            prefer: None,
        }
    }
}

/// How a search that its deadline did not stop came to an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    /// It went through its whole tree, or its visitor stopped it.
    ByItself,
    /// It worked the nodes its setup allowed ([`Setup::max_nodes`]) first.
    OutOfNodes,
}

/// Runs a search over `grid`, adding its work to `stats`; Err when the deadline passed first.
fn search_measured<V: Visitor>(
    grid: &SizedGrid,
    visitor: &mut V,
    setup: Setup<'_>,
    stats: &mut SearchStats,
) -> Result<Ended, TimedOut> {
    let layout = Layout::of(grid.shape());
    let (exclude, allowed) = (setup.exclude, setup.allowed);
    // The random stream's borrow, shortened to the layout's.
    let rng = setup.rng.map(|rng| rng as &mut dyn Rng);
    let mut search = Search::new(&layout, Setup { rng, ..setup });
    if let Some(mut state) = search.start(grid) {
        let excluded = match exclude {
            Some((cell, value)) => search.restrict(&mut state, cell, !(1u64 << (value - 1))),
            None => true,
        };
        if excluded && search.narrow(&mut state, allowed) {
            search.run(&mut state, visitor);
        }
    }
    stats.guesses += search.stats.guesses;
    stats.backtracks += search.stats.backtracks;
    stats.nodes += search.stats.nodes;
    match search.stopped {
        None => Ok(Ended::ByItself),
        Some(Stop::Budget) => Ok(Ended::OutOfNodes),
        Some(Stop::Deadline) => Err(TimedOut),
    }
}

/// Runs a search over `grid`; Err when the deadline passed first.
fn search<V: Visitor>(
    grid: &SizedGrid,
    visitor: &mut V,
    setup: Setup<'_>,
) -> Result<Ended, TimedOut> {
    search_measured(grid, visitor, setup, &mut SearchStats::default())
}

/// Runs the search that `puzzle` (its cells within `allowed`, when given) calls for, with a
/// visitor from `visitor`, and returns the visitor: one search, guessing in order with the
/// strong reasoning, or on a grid with few givens ([`afresh::is_sparse`]) searches begun
/// afresh, random ones with the plain rules among them. Err when `deadline` passed first.
fn search_for<V: Visitor>(
    puzzle: &SizedGrid,
    mut visitor: impl FnMut() -> V,
    (deadline, allowed): (Option<Instant>, Option<&[u64]>),
    stats: &mut SearchStats,
) -> Result<V, TimedOut> {
    if afresh::is_sparse(puzzle) {
        let (rng, plan) = (&mut afresh::sparse_rng(), Plan::StrongThenRandom);
        return search_afresh(puzzle, visitor, rng, plan, (deadline, allowed), stats);
    }
    let mut found = visitor();
    let setup = Setup {
        allowed,
        ..Setup::plain(deadline)
    };
    match search_measured(puzzle, &mut found, setup, stats)? {
        Ended::ByItself => Ok(found),
        Ended::OutOfNodes => unreachable!("a search without a node budget"),
    }
}

/// A fresh counter of solutions up to `limit` (at least 1), each time it is called.
fn counter(limit: u64) -> impl FnMut() -> Counter {
    move || Counter {
        found: 0,
        limit: limit.max(1),
    }
}

/// What a counter that has finished its search found.
fn count_of(counter: &Counter) -> SolutionCount {
    SolutionCount {
        found: counter.found,
        limit_reached: counter.found >= counter.limit,
    }
}

/// The solution a [`First`] that has finished its search kept, as a grid of `puzzle`'s shape.
fn solution_of(puzzle: &SizedGrid, first: First) -> Option<SizedGrid> {
    first
        .0
        .map(|candidates| grid_of(puzzle.shape(), &candidates))
}

/// The grid of `candidates`, each a single bit.
fn grid_of(shape: Shape, candidates: &[u64]) -> SizedGrid {
    let values = candidates
        .iter()
        .map(|c| c.trailing_zeros() as u8 + 1)
        .collect();
    SizedGrid::from_values(shape, values).expect("values fit the shape")
}

/// The first solution of `puzzle` the search meets, if it has one: the same every run (on a
/// grid with few givens, the searches' random stream has a fixed seed).
pub fn solve(puzzle: &SizedGrid) -> Option<SizedGrid> {
    solve_before(puzzle, None).expect("no deadline")
}

/// Like [`solve`], giving up once `deadline` (if any) has passed.
pub fn solve_before(
    puzzle: &SizedGrid,
    deadline: Option<Instant>,
) -> Result<Option<SizedGrid>, TimedOut> {
    solve_measured(puzzle, deadline, &mut SearchStats::default())
}

/// Like [`solve_before`], adding the work done (up to the answer or the deadline) to `stats`.
pub fn solve_measured(
    puzzle: &SizedGrid,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<SizedGrid>, TimedOut> {
    let first = search_for(puzzle, || First(None), (deadline, None), stats)?;
    Ok(solution_of(puzzle, first))
}

/// Counts the solutions of `puzzle`, stopping at `limit`.
pub fn count_solutions(puzzle: &SizedGrid, limit: u64) -> SolutionCount {
    count_solutions_before(puzzle, limit, None).expect("no deadline")
}

/// Like [`count_solutions`], giving up once `deadline` (if any) has passed.
pub fn count_solutions_before(
    puzzle: &SizedGrid,
    limit: u64,
    deadline: Option<Instant>,
) -> Result<SolutionCount, TimedOut> {
    count_measured(puzzle, limit, deadline, &mut SearchStats::default())
}

/// Like [`count_solutions_before`], adding the work done (up to the answer or the deadline) to
/// `stats`.
pub fn count_measured(
    puzzle: &SizedGrid,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<SolutionCount, TimedOut> {
    let counter = search_for(puzzle, counter(limit), (deadline, None), stats)?;
    Ok(count_of(&counter))
}

/// Like [`count_solutions_before`], with the first solution found too (the solution, for a
/// puzzle that has one): the count and the solution of one search, not two.
pub fn count_and_first_before(
    puzzle: &SizedGrid,
    limit: u64,
    deadline: Option<Instant>,
) -> Result<(SolutionCount, Option<SizedGrid>), TimedOut> {
    count_and_first_measured(puzzle, limit, deadline, &mut SearchStats::default())
}

/// Like [`count_and_first_before`], adding the work done (up to the answer or the deadline)
/// to `stats`.
pub fn count_and_first_measured(
    puzzle: &SizedGrid,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<(SolutionCount, Option<SizedGrid>), TimedOut> {
    count_keeping_first(puzzle, limit, (deadline, None), stats)
}

/// Like [`count_within_measured`], with the first solution found too, as
/// [`count_and_first_before`] keeps it.
pub fn count_and_first_within_measured(
    puzzle: &SizedGrid,
    allowed: &[u64],
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<(SolutionCount, Option<SizedGrid>), TimedOut> {
    assert_eq!(allowed.len(), puzzle.cells().len(), "one word per cell");
    count_keeping_first(puzzle, limit, (deadline, Some(allowed)), stats)
}

/// The count up to `limit` and the first solution of one search of `puzzle` (its cells within
/// `allowed`, when given); Err when `deadline` passed first.
fn count_keeping_first(
    puzzle: &SizedGrid,
    limit: u64,
    bounds: (Option<Instant>, Option<&[u64]>),
    stats: &mut SearchStats,
) -> Result<(SolutionCount, Option<SizedGrid>), TimedOut> {
    let mut counter = counter(limit);
    let visitor = move || CounterKeepingFirst {
        counter: counter(),
        first: First(None),
    };
    let found = search_for(puzzle, visitor, bounds, stats)?;
    Ok((count_of(&found.counter), solution_of(puzzle, found.first)))
}

/// Counts the solutions of `puzzle` in which every cell, givens included, takes one of its
/// `allowed` values (bit `v - 1` for value `v`, one word per cell), stopping at `limit`: the
/// solutions left to a state with candidates struck out.
pub fn count_solutions_within(puzzle: &SizedGrid, allowed: &[u64], limit: u64) -> SolutionCount {
    count_solutions_within_before(puzzle, allowed, limit, None).expect("no deadline")
}

/// Like [`count_solutions_within`], giving up once `deadline` (if any) has passed.
pub fn count_solutions_within_before(
    puzzle: &SizedGrid,
    allowed: &[u64],
    limit: u64,
    deadline: Option<Instant>,
) -> Result<SolutionCount, TimedOut> {
    let mut stats = SearchStats::default();
    count_within_measured(puzzle, allowed, limit, deadline, &mut stats)
}

/// Like [`count_solutions_within_before`], adding the work done (up to the answer or the
/// deadline) to `stats`.
pub fn count_within_measured(
    puzzle: &SizedGrid,
    allowed: &[u64],
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<SolutionCount, TimedOut> {
    assert_eq!(allowed.len(), puzzle.cells().len(), "one word per cell");
    let counter = search_for(puzzle, counter(limit), (deadline, Some(allowed)), stats)?;
    Ok(count_of(&counter))
}

/// The first solution of `puzzle` in which every cell takes one of its `allowed` values (see
/// [`count_solutions_within`]) that the search meets, as [`solve`] does, if it has one.
pub fn solve_within(puzzle: &SizedGrid, allowed: &[u64]) -> Option<SizedGrid> {
    let mut stats = SearchStats::default();
    solve_within_measured(puzzle, allowed, None, &mut stats).expect("no deadline")
}

/// Like [`solve_within`], giving up once `deadline` (if any) has passed, and adding the work
/// done to `stats`.
pub fn solve_within_measured(
    puzzle: &SizedGrid,
    allowed: &[u64],
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<SizedGrid>, TimedOut> {
    assert_eq!(allowed.len(), puzzle.cells().len(), "one word per cell");
    let first = search_for(puzzle, || First(None), (deadline, Some(allowed)), stats)?;
    Ok(solution_of(puzzle, first))
}

/// A solution of `puzzle` drawn at random (the candidates of each guess tried in a random
/// order), if it has one.
///
/// A random search mostly runs straight to a solution, but now and then enters a subtree
/// without one that takes it minutes to leave (from the empty grid, one seed in sixty at
/// 20x20, three at 42x42, half of them at 64x64). So the search begins afresh whenever it
/// has worked its budget, the random stream going on where it is, its budget doubling
/// from one search to the next; a puzzle without a solution is still found to have none.
pub fn random_solution(puzzle: &SizedGrid, rng: &mut impl Rng) -> Option<SizedGrid> {
    random_solution_measured(puzzle, rng, &mut SearchStats::default())
}

/// [`random_solution`], adding the work of its searches to `stats`.
fn random_solution_measured(
    puzzle: &SizedGrid,
    rng: &mut impl Rng,
    stats: &mut SearchStats,
) -> Option<SizedGrid> {
    let first = search_afresh(
        puzzle,
        || First(None),
        rng,
        Plan::Random,
        (None, None),
        stats,
    )
    .expect("no deadline");
    solution_of(puzzle, first)
}

/// How hard the check of a removal looks (see [`solvable_without`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Effort {
    /// The plain rules, giving up after so many nodes: enough for most removals, and far
    /// cheaper a node.
    Plain(u64),
    /// The strong reasoning, to the end.
    Strong,
}

/// Whether `puzzle` has a solution with another value than `value` in the empty `cell`
/// (emptying a cell of a unique puzzle keeps it unique exactly when it has none), searched
/// with `effort`: None when a plain search ran out of its nodes first, Err when `deadline`
/// passed first. Guesses try the value `solution` has first: another solution mostly
/// differs from it in a few cells.
pub(super) fn solvable_without(
    puzzle: &SizedGrid,
    (cell, value): (usize, u8),
    solution: &SizedGrid,
    effort: Effort,
    deadline: Option<Instant>,
) -> Result<Option<bool>, TimedOut> {
    let mut first = First(None);
    let (strong, max_nodes) = match effort {
        Effort::Plain(max_nodes) => (false, Some(max_nodes)),
        Effort::Strong => (true, None),
    };
    let setup = Setup {
        deadline,
        rng: None,
        exclude: Some((cell, value)),
        allowed: None,
        strong,
        max_nodes,
        prefer: Some(solution),
    };
    match search(puzzle, &mut first, setup)? {
        Ended::ByItself => Ok(Some(first.0.is_some())),
        Ended::OutOfNodes => Ok(None),
    }
}

/// A random solution of `shape` and a puzzle made from it: each cell emptied when the next
/// number of `rng`, modulo `emptied.1`, is below `emptied.0`. For the tests of the search's
/// parts, which start from such states.
#[cfg(test)]
fn random_puzzle(shape: Shape, rng: &mut impl Rng, emptied: (u32, u32)) -> (SizedGrid, SizedGrid) {
    let solution = random_solution(&SizedGrid::empty(shape), rng).unwrap();
    let mut puzzle = solution.clone();
    for cell in 0..shape.cells() {
        if rng.next_u32() % emptied.1 < emptied.0 {
            puzzle.set(cell, 0);
        }
    }
    (solution, puzzle)
}

#[cfg(test)]
mod tests {
    use super::afresh::RANDOM_RESTART_NODES_PER_CELL;
    use super::*;
    use rand::seq::SliceRandom;

    #[test]
    fn random_grids_begin_afresh_rather_than_wander() {
        // From the empty 20x20 grid, the first search of seed 116 works 21 million nodes
        // (31 s) when let run; seeds 314, 367 and 580 also run over the first budget. With the
        // restarts each of these, and every seed below 40, is done within a few doublings of
        // it (under 1,910 nodes, measured).
        use rand::SeedableRng;
        let shape = Shape::new(4, 5).unwrap();
        let budget = RANDOM_RESTART_NODES_PER_CELL * shape.cells() as u64;
        for seed in (0..40).chain([116, 314, 367, 580]) {
            let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
            let mut stats = SearchStats::default();
            let empty = SizedGrid::empty(shape);
            let grid = random_solution_measured(&empty, &mut rng, &mut stats).unwrap();
            assert!(grid.is_solution_of(&empty));
            assert!(
                stats.nodes < 8 * budget,
                "seed {seed}: {} nodes",
                stats.nodes
            );
        }
    }

    /// Every solution by plain backtracking, for small grids.
    fn slow_count(grid: &mut SizedGrid, limit: u64) -> u64 {
        let every_value = vec![u64::MAX; grid.cells().len()];
        slow_count_within(grid, &every_value, limit)
    }

    #[test]
    fn counts_agree_with_plain_backtracking_on_small_grids() {
        use rand::SeedableRng;
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
        for shape in ["2x2", "2x3", "3x2"] {
            let shape: Shape = shape.parse().unwrap();
            for blanks in [4, 8, 12, 16, 20, 24, 30] {
                let solution = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
                let mut puzzle = solution.clone();
                let mut cells: Vec<usize> = (0..shape.cells()).collect();
                cells.shuffle(&mut rng);
                for &cell in cells.iter().take(blanks.min(shape.cells())) {
                    puzzle.set(cell, 0);
                }
                let count = count_solutions(&puzzle, 50);
                assert_eq!(
                    count.found,
                    slow_count(&mut puzzle.clone(), 50),
                    "{shape} {blanks}"
                );
                let solved = solve(&puzzle).unwrap();
                assert!(solved.is_solution_of(&puzzle));
                // One search for both: the same count, and a solution.
                let (again, first) = count_and_first_before(&puzzle, 50, None).unwrap();
                assert_eq!(
                    (again.found, again.limit_reached),
                    (count.found, count.limit_reached)
                );
                assert!(first.unwrap().is_solution_of(&puzzle), "{shape} {blanks}");
                // And within the candidates of a solution's values but one cell's.
                let mut allowed = vec![u64::MAX >> (64 - shape.size()); shape.cells()];
                for (cell, &value) in solution.cells().iter().enumerate().skip(1) {
                    allowed[cell] = 1 << (value - 1);
                }
                let mut stats = SearchStats::default();
                let (within, first) =
                    count_and_first_within_measured(&puzzle, &allowed, 50, None, &mut stats)
                        .unwrap();
                assert_eq!(within, count_solutions_within(&puzzle, &allowed, 50));
                assert_eq!(within.found, 1, "{shape} {blanks}");
                assert_eq!(first, Some(solution.clone()), "{shape} {blanks}");
            }
        }
    }

    #[test]
    fn counts_within_allowed_values_agree_with_plain_backtracking() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(8);
        for shape in ["2x2", "2x3"] {
            let shape: Shape = shape.parse().unwrap();
            let all = (1u64 << shape.size()) - 1;
            for _ in 0..40 {
                let solution = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
                let mut puzzle = solution.clone();
                for cell in 0..shape.cells() {
                    if rng.next_u32() % 3 != 0 {
                        puzzle.set(cell, 0);
                    }
                }
                // Strike out a few values at random, the solution's own among them at times.
                let allowed: Vec<u64> = (0..shape.cells())
                    .map(|_| all & !(1u64 << (rng.next_u32() as usize % shape.size())))
                    .collect();
                let givens_allowed = (0..shape.cells())
                    .all(|c| puzzle.get(c) == 0 || allowed[c] >> (puzzle.get(c) - 1) & 1 == 1);
                let expected = match givens_allowed {
                    true => slow_count_within(&mut puzzle.clone(), &allowed, 50),
                    false => 0,
                };
                let count = count_solutions_within(&puzzle, &allowed, 50);
                assert_eq!(count.found, expected);
                match solve_within(&puzzle, &allowed) {
                    Some(found) => {
                        assert!(found.is_solution_of(&puzzle));
                        let kept =
                            (0..shape.cells()).all(|c| allowed[c] >> (found.get(c) - 1) & 1 == 1);
                        assert!(kept);
                    }
                    None => assert_eq!(expected, 0),
                }
            }
        }
    }

    proptest::proptest! {
        /// On 9x9 grids the engine of other sizes (all-different, probing, look-ahead
        /// guesses) must count what the 9x9 engine, a separate design, counts: grids with
        /// several solutions (a solution with cells emptied), with one or none (one given
        /// changed too), and sparse grids of random givens.
        #[test]
        fn counts_on_9x9_agree_with_the_9x9_engine(
            seed in 0u64..u64::MAX,
            blanks in 30usize..75,
            changed in proptest::bool::ANY,
            scattered in proptest::bool::ANY,
        ) {
            use rand::{RngExt, SeedableRng};
            let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
            let shape: Shape = "3x3".parse().unwrap();
            let mut puzzle = random_solution(&SizedGrid::empty(shape), &mut rng).unwrap();
            let mut cells: Vec<usize> = (0..81).collect();
            cells.shuffle(&mut rng);
            for &cell in &cells[..blanks] {
                puzzle.set(cell, 0);
            }
            if scattered {
                // Every given moves to a random cell with a random value, clashes left out.
                let mut sparse = SizedGrid::empty(shape);
                for _ in 0..81 - blanks {
                    let (cell, value) = (rng.random_range(0..81), rng.random_range(1..=9u8));
                    sparse.set(cell, value);
                    if sparse.first_conflict().is_some() {
                        sparse.set(cell, 0);
                    }
                }
                puzzle = sparse;
            } else if changed {
                let cell = cells[blanks];
                puzzle.set(cell, puzzle.get(cell) % 9 + 1);
            }
            let nine = puzzle.to_nine().unwrap();
            let expected = crate::solver::count_solutions(&nine, 30).found;
            proptest::prop_assert_eq!(count_solutions(&puzzle, 30).found, expected);
            match solve(&puzzle) {
                Some(found) => proptest::prop_assert!(found.is_solution_of(&puzzle)),
                None => proptest::prop_assert_eq!(expected, 0),
            }
        }
    }

    /// Like [`slow_count`], each empty cell taking only its allowed values.
    fn slow_count_within(grid: &mut SizedGrid, allowed: &[u64], limit: u64) -> u64 {
        let Some(empty) = grid.cells().iter().position(|&v| v == 0) else {
            return 1;
        };
        let mut found = 0;
        for value in 1..=grid.shape().size() as u8 {
            if allowed[empty] >> (value - 1) & 1 == 0 {
                continue;
            }
            grid.set(empty, value);
            if grid.first_conflict().is_none() {
                found += slow_count_within(grid, allowed, limit - found);
            }
            grid.set(empty, 0);
            if found >= limit {
                break;
            }
        }
        found
    }

    #[test]
    fn the_empty_4x4_has_288_solutions() {
        let count = count_solutions(&SizedGrid::empty("2x2".parse().unwrap()), 1000);
        assert_eq!((count.found, count.limit_reached), (288, false));
    }

    #[test]
    fn a_clash_has_no_solution() {
        let (grid, _) = SizedGrid::parse("11..............", None, None).unwrap();
        assert_eq!(solve(&grid), None);
        assert_eq!(count_solutions(&grid, 2).found, 0);
    }
}
