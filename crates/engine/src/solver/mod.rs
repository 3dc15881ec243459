//! The search engine: backtracking over per-digit bitboards, with singles and locked candidates
//! propagated before every guess.
//!
//! # Representation
//!
//! For every digit the engine keeps, band by band (a band is three rows, 27 cells), a 27-bit mask
//! of the cells where that digit can still go. A cell whose digit is known stays set in its digit's
//! mask and is cleared from every other digit's mask. Row, column and box occupancy follow from
//! these masks: a digit is placed in a row when the row's 9-bit field holds a single bit.
//!
//! # Propagation
//!
//! * **Band logic** (per digit and band): the three rows of a band must take the digit in three
//!   different boxes. Of the six ways to do that, only those allowed by the current candidates
//!   survive, and every candidate outside them is removed. This one table look-up covers hidden
//!   singles in rows and boxes and locked candidates (pointing and claiming) inside the band.
//! * **Columns**: a digit whose candidates in a box of the band all lie in one column must go
//!   there, so that column leaves the digit's masks in the other two bands (pointing along
//!   columns). This is also how a fixed cell clears its column.
//! * **Stacks**, once a search has met a dead end: per digit, the boxes of a stack take three
//!   different columns, so a box keeps only the columns some such matching gives it (column
//!   claiming, hidden singles in columns, pairs of boxes left the same two columns).
//! * A row left with one candidate fixes the digit there: the cell leaves every other digit.
//! * **Naked singles**: cells with one candidate digit, found for a whole band at once by counting
//!   candidates bit-sliced across the nine digit masks.
//!
//! A mask is settled again when it has narrowed since the band logic last settled it. Each
//! write that narrows a mask notes it in a set of 27 bits, and a pass settles the masks of that
//! set, lowest first, collecting in a register what they narrow for the next pass, until a pass
//! narrows nothing. (JCZSolve, which the `sudoku` crate follows, keeps a copy of every mask as
//! last settled and branches on each of the 27 in turn; those branches are taken about three
//! times a pass in no order a predictor can learn. Comparing all 27 with such a copy at once,
//! without a branch, reads back words just written and stalls the processor; the set of bits
//! costs neither: docs/performance.md.)
//!
//! When nothing more follows, the engine guesses: on a two-candidate cell of the band and stack
//! with the most open cells when there is one (almost always), else on a cell with few
//! candidates (see `Fallback` in `board.rs`: a search for one solution and a count pick it
//! differently). It tries the first digit on a copy of the state and, when that branch is
//! done, removes the digit from the cell and goes on (placing the other digit at once when the
//! cell had two). The whole state is 124 bytes on the stack; nothing is allocated during the
//! search.
//!
//! The search is compiled twice: for every machine, and with BMI1 and BMI2, where a mask's
//! presence matrix is one `pext` instead of three table look-ups. Which one runs is decided
//! once, from what the processor has; both walk the same tree (`isa.rs`, with the gain).
//!
//! A search that guesses 10,000 times without finding a solution is lost in a grid whose
//! contradiction its propagation cannot see: it hands the puzzle over to the stronger, slower
//! other-size solver (see `handover.rs`).

use rand::{Rng, RngExt};

use std::time::Instant;

use crate::digit::{Digit, DigitSet};
use crate::error::TimedOut;
use crate::grid::{CELLS, Grid, Position};

mod board;
mod givens;
mod handover;
mod isa;
mod stacks;
mod sweep;
mod tables;

use board::{Board, Fallback, Guess, Progress};
pub use givens::Givens;
use handover::Patient;
use isa::Instructions;

/// How many guesses a search makes by its visitor's fallback rule before it falls back on the
/// fewest candidates whatever the visitor.
const FALLBACK_GUESSES: u64 = 256;

/// After this many dead ends, a search also applies the band logic along the stacks at every
/// node (`stacks.rs`; see `Board::propagate_with` and [`search_with`]). A puzzle solved without
/// a dead end does not pay for it; a search that has met one saves more nodes with it than it
/// costs (3-6% faster on the hardest collections, docs/performance.md). From the root on, it
/// costs puzzles with many solutions 6%.
const STACKS_AFTER_BACKTRACKS: u64 = 1;

/// Where the search reports solutions: it says whether to go on looking.
trait Visitor {
    /// Where to guess when no cell has two candidates: by default the rule that finds a first
    /// solution soonest.
    const FALLBACK: Fallback = Fallback::FirstOpenCells;

    /// Called with each solution found; returns false to stop the search.
    fn solution(&mut self, board: &Board) -> bool;

    /// Asked before every guess, with the number of guesses so far: false stops the search. By
    /// default always true, so that searches without a time budget pay nothing for it.
    #[inline(always)]
    fn keep_going(&mut self, _guesses: u64) -> bool {
        true
    }

    /// Which digit (0-8) of a cell's `candidates` (bit `d` for digit `d`, never empty) to try
    /// first when the search must guess there: by default the smallest.
    #[inline]
    fn first_guess(&mut self, candidates: u32) -> usize {
        candidates.trailing_zeros() as usize
    }
}

/// Depth-first search from `board`, which it uses up as scratch space. Returns false once the
/// visitor asked to stop.
///
/// The board is borrowed rather than moved: a move would copy the 124-byte state a second time
/// for every guess, on top of the copy that makes the branch.
fn search<V: Visitor>(board: &mut Board, visitor: &mut V, stats: &mut SearchStats) -> bool {
    isa::search_best(board, visitor, stats)
}

/// [`search`], with the band logic along the stacks at every node when `STACKS` is set.
/// Without it, once the search has met [`STACKS_AFTER_BACKTRACKS`] dead ends, each of its open
/// positions goes on with that rule as soon as a guess below it is done (the check is made
/// there, once a guess, so that the usual search pays nothing a node for it).
///
/// Inlined into one function per instruction set (see `isa.rs`), through which it recurses.
#[inline(always)]
fn search_with<V: Visitor, const STACKS: bool, I: Instructions>(
    isa: I,
    board: &mut Board,
    visitor: &mut V,
    stats: &mut SearchStats,
) -> bool {
    loop {
        stats.nodes += 1;
        let Guess {
            cell,
            two_candidates,
        } = match board.propagate_with::<STACKS, I>(isa) {
            Progress::Contradiction => {
                stats.backtracks += 1;
                return true;
            }
            Progress::Solved => return visitor.solution(board),
            Progress::Stuck { pairs } => {
                // A search that has guessed this often is in a tree the first-solution rule
                // handles badly (a sparse grid without a solution, say): from here on it
                // guesses as counting does, on the cell with the fewest candidates.
                let fallback = match stats.guesses < FALLBACK_GUESSES {
                    true => V::FALLBACK,
                    false => Fallback::FewestCandidates,
                };
                board.guess_cell(pairs, fallback)
            }
        };
        if !visitor.keep_going(stats.guesses) {
            return false;
        }
        let candidates = board.candidates(cell);
        let digit = visitor.first_guess(candidates);
        let mut branch = *board;
        branch.assign(cell, digit);
        stats.guesses += 1;
        if !isa.search::<V, STACKS>(&mut branch, visitor, stats) {
            return false;
        }
        // A cell of two candidates has one left: place it now rather than have propagation
        // find it as a naked single after another round. Placed, it loses the digit tried.
        match two_candidates {
            true => board.assign(cell, (candidates & !(1 << digit)).trailing_zeros() as usize),
            false => board.eliminate(cell, digit),
        }
        if !STACKS && stats.backtracks >= STACKS_AFTER_BACKTRACKS {
            return isa.search::<V, true>(board, visitor, stats);
        }
    }
}

/// Counters describing how much work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// How many times the search had to guess a digit.
    pub guesses: u64,
    /// How many guesses led to a contradiction, so that the search backed out of them.
    pub backtracks: u64,
    /// How many positions the search worked out: the puzzle's, each guess's, and each one left
    /// after backing out of a guess.
    pub nodes: u64,
}

/// The number of solutions found by [`count_solutions`], with whether the limit cut it short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionCount {
    /// Solutions found (never more than the limit).
    pub found: u64,
    /// True when the search stopped at the limit, so `found` is a lower bound.
    pub limit_reached: bool,
}

impl SolutionCount {
    /// True when the count is exact and equals one.
    #[must_use]
    pub fn is_unique(&self) -> bool {
        self.found == 1 && !self.limit_reached
    }
}

impl std::fmt::Display for SolutionCount {
    /// Prints the count, with a `+` when it is only a lower bound (`1000+`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.found)?;
        if self.limit_reached {
            f.write_str("+")?;
        }
        Ok(())
    }
}

/// Keeps the first solution and stops.
struct FirstSolution(Option<Grid>);

impl Visitor for FirstSolution {
    fn solution(&mut self, board: &Board) -> bool {
        self.0 = Some(board.solution());
        false
    }
}

/// Notes that a solution exists and stops, without reading it out.
struct AnySolution(bool);

impl Visitor for AnySolution {
    fn solution(&mut self, _board: &Board) -> bool {
        self.0 = true;
        false
    }
}

/// Counts solutions up to a limit.
struct Counter {
    found: u64,
    limit: u64,
}

impl Counter {
    /// A counter that stops at `limit` solutions (a `limit` of 0 is 1).
    fn new(limit: u64) -> Counter {
        Counter {
            found: 0,
            limit: limit.max(1),
        }
    }

    /// The count, once the search is over: `finished` when it went through its whole tree.
    fn count(&self, finished: bool) -> SolutionCount {
        SolutionCount {
            found: self.found,
            limit_reached: !finished,
        }
    }
}

impl Visitor for Counter {
    // A count walks the whole tree (unless the limit stops it): the rule with smaller trees.
    const FALLBACK: Fallback = Fallback::FewestCandidates;

    fn solution(&mut self, _board: &Board) -> bool {
        self.found += 1;
        self.found < self.limit
    }
}

/// Counts solutions up to a limit, and keeps the first one.
struct CounterKeepingFirst {
    counter: Counter,
    first: Option<Grid>,
}

impl Visitor for CounterKeepingFirst {
    const FALLBACK: Fallback = Counter::FALLBACK;

    fn solution(&mut self, board: &Board) -> bool {
        if self.first.is_none() {
            self.first = Some(board.solution());
        }
        self.counter.solution(board)
    }
}

/// Keeps the first solution found while guessing at random.
struct RandomSolution<'a, R> {
    rng: &'a mut R,
    found: Option<Grid>,
}

impl<R: Rng> Visitor for RandomSolution<'_, R> {
    fn solution(&mut self, board: &Board) -> bool {
        self.found = Some(board.solution());
        false
    }

    fn first_guess(&mut self, candidates: u32) -> usize {
        let pick = self.rng.random_range(0..candidates.count_ones());
        (0..9)
            .filter(|digit| candidates & (1 << digit) != 0)
            .nth(pick as usize)
            .expect("pick is below the number of candidates")
    }
}

/// A solution of `puzzle` drawn at random: whenever the search must guess, the digit tried
/// first is chosen by `rng`. From the empty grid, every valid grid can come out. `None` when the
/// puzzle has no solution.
#[must_use]
pub fn random_solution(puzzle: &Grid, rng: &mut impl Rng) -> Option<Grid> {
    let mut visitor = RandomSolution { rng, found: None };
    search(
        &mut Board::from_givens(&Givens::of(puzzle)),
        &mut visitor,
        &mut SearchStats::default(),
    );
    visitor.found
}

/// True when `puzzle` has a solution in which the cell at `position` does not hold `digit`.
/// Given one known solution, a puzzle with one of that solution's digits removed stays
/// unique exactly when this is false: one search instead of a count to two.
#[must_use]
pub fn solvable_without(puzzle: &Givens, position: Position, digit: Digit) -> bool {
    let mut board = Board::from_givens(puzzle);
    board.eliminate(position.index(), digit.index());
    let mut visitor = AnySolution(false);
    search(&mut board, &mut visitor, &mut SearchStats::default());
    visitor.0
}

/// Solves `puzzle`, returning its first solution, or `None` when it has none.
///
/// The solution keeps every given. Givens that clash make the puzzle unsolvable; use
/// [`Grid::first_conflict`] to say why.
#[must_use]
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    solve_with_stats(puzzle).0
}

/// Like [`solve`], also returning how much work the search did.
#[must_use]
pub fn solve_with_stats(puzzle: &Grid) -> (Option<Grid>, SearchStats) {
    let mut stats = SearchStats::default();
    let solution = solve_measured(puzzle, None, &mut stats).expect("no deadline");
    (solution, stats)
}

/// Counts the solutions of `puzzle`, stopping once `limit` are found.
///
/// A `limit` of 0 is treated as 1. When the limit stops the search the result says so, and the
/// count is a lower bound.
#[must_use]
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    count_measured(puzzle, limit, None, &mut SearchStats::default()).expect("no deadline")
}

/// Counts the solutions of `puzzle` in which every empty cell holds one of its allowed digits,
/// stopping once `limit` are found: `allowed[cell]` holds the digits the cell may take. This is
/// how a pencil-mark state, with its eliminations, is counted.
#[must_use]
pub fn count_solutions_within(
    puzzle: &Grid,
    allowed: &[DigitSet; CELLS],
    limit: u64,
) -> SolutionCount {
    let mut stats = SearchStats::default();
    count_within_measured(puzzle, allowed, limit, None, &mut stats).expect("no deadline")
}

/// Like [`count_solutions_within`], giving up once `deadline` (if any) has passed, and adding
/// the work done (up to the answer or the deadline) to `stats`.
pub fn count_within_measured(
    puzzle: &Grid,
    allowed: &[DigitSet; CELLS],
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<SolutionCount, TimedOut> {
    count_from(Start::within(puzzle, allowed), limit, deadline, stats)
}

/// Like [`count_within_measured`], with the first solution found too (the solution, for a
/// state that has one): the count and the solution of one search, not two.
pub fn count_and_first_within_measured(
    puzzle: &Grid,
    allowed: &[DigitSet; CELLS],
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<(SolutionCount, Option<Grid>), TimedOut> {
    count_and_first_from(Start::within(puzzle, allowed), limit, deadline, stats)
}

/// The first solution of `puzzle` in which every empty cell holds one of its allowed digits
/// (see [`count_solutions_within`]), or `None` when there is none.
#[must_use]
pub fn solve_within(puzzle: &Grid, allowed: &[DigitSet; CELLS]) -> Option<Grid> {
    let mut stats = SearchStats::default();
    solve_within_measured(puzzle, allowed, None, &mut stats).expect("no deadline")
}

/// Like [`solve_within`], giving up once `deadline` (if any) has passed, and adding the work
/// done (up to the answer or the deadline) to `stats`.
pub fn solve_within_measured(
    puzzle: &Grid,
    allowed: &[DigitSet; CELLS],
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<Grid>, TimedOut> {
    first_solution_from(Start::within(puzzle, allowed), deadline, stats)
}

/// Where a search starts: a puzzle and, for a pencil-mark state, the digits each of its empty
/// cells may take.
#[derive(Clone, Copy)]
struct Start<'a> {
    puzzle: &'a Grid,
    allowed: Option<&'a [DigitSet; CELLS]>,
}

impl<'a> Start<'a> {
    /// The start from `puzzle`'s givens.
    fn of(puzzle: &'a Grid) -> Start<'a> {
        Start {
            puzzle,
            allowed: None,
        }
    }

    /// The start from `puzzle`'s givens, each empty cell held to its `allowed` digits.
    fn within(puzzle: &'a Grid, allowed: &'a [DigitSet; CELLS]) -> Start<'a> {
        Start {
            puzzle,
            allowed: Some(allowed),
        }
    }

    /// The board the search begins with: the givens, and every digit an empty cell is not
    /// allowed removed from that cell.
    fn board(self) -> Board {
        let mut board = Board::from_givens(&Givens::of(self.puzzle));
        let Some(allowed) = self.allowed else {
            return board;
        };
        for (cell, (&value, &digits)) in self.puzzle.cells().iter().zip(allowed).enumerate() {
            if value == 0 {
                for digit in (!digits).iter() {
                    board.eliminate(cell, digit.index());
                }
            }
        }
        board
    }
}

/// A visitor with a time budget: it stops the search once `deadline` has passed, looking at
/// the clock every [`Timed::EVERY`] guesses or solutions.
struct Timed<V> {
    inner: V,
    deadline: Instant,
    solutions: u64,
    expired: bool,
}

impl<V> Timed<V> {
    /// How many guesses (or solutions) go by between two looks at the clock: a look costs tens
    /// of nanoseconds, a guess about as much as a few hundred.
    const EVERY: u64 = 64;

    fn new(inner: V, deadline: Instant) -> Timed<V> {
        Timed {
            inner,
            deadline,
            solutions: 0,
            expired: false,
        }
    }

    /// Looks at the clock; true while there is time left.
    fn in_time(&mut self) -> bool {
        self.expired |= Instant::now() >= self.deadline;
        !self.expired
    }
}

impl<V: Visitor> Visitor for Timed<V> {
    const FALLBACK: Fallback = V::FALLBACK;

    fn solution(&mut self, board: &Board) -> bool {
        self.solutions += 1;
        let on_time = !self.solutions.is_multiple_of(Self::EVERY) || self.in_time();
        on_time && self.inner.solution(board)
    }

    #[inline]
    fn keep_going(&mut self, guesses: u64) -> bool {
        !guesses.is_multiple_of(Self::EVERY) || self.in_time()
    }

    #[inline]
    fn first_guess(&mut self, candidates: u32) -> usize {
        self.inner.first_guess(candidates)
    }
}

/// Like [`solve`], giving up once `deadline` has passed.
pub fn solve_before(puzzle: &Grid, deadline: Instant) -> Result<Option<Grid>, TimedOut> {
    solve_measured(puzzle, Some(deadline), &mut SearchStats::default())
}

/// Like [`solve`], giving up once `deadline` (if any) has passed, and adding the work done (up
/// to the answer or the deadline) to `stats`.
pub fn solve_measured(
    puzzle: &Grid,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<Grid>, TimedOut> {
    first_solution_from(Start::of(puzzle), deadline, stats)
}

/// Like [`count_solutions`], giving up once `deadline` has passed: then the error holds the
/// solutions found so far. A `limit` of `u64::MAX` counts them all, which only a deadline keeps
/// short.
pub fn count_solutions_before(
    puzzle: &Grid,
    limit: u64,
    deadline: Instant,
) -> Result<SolutionCount, TimedOut> {
    count_measured(puzzle, limit, Some(deadline), &mut SearchStats::default())
}

/// Like [`count_solutions`], giving up once `deadline` (if any) has passed, and adding the work
/// done (up to the answer or the deadline) to `stats`.
pub fn count_measured(
    puzzle: &Grid,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<SolutionCount, TimedOut> {
    count_from(Start::of(puzzle), limit, deadline, stats)
}

/// Like [`count_measured`], with the first solution found too (the solution, for a puzzle
/// that has one): the count and the solution of one search, not two.
pub fn count_and_first_measured(
    puzzle: &Grid,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<(SolutionCount, Option<Grid>), TimedOut> {
    count_and_first_from(Start::of(puzzle), limit, deadline, stats)
}

/// The first solution from `start`, or `None`; Err once `deadline` (if any) has passed.
fn first_solution_from(
    start: Start<'_>,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<Grid>, TimedOut> {
    match run_search(start, FirstSolution(None), deadline, stats)? {
        Some((found, _)) => Ok(found.0),
        None => handover::solve(start, deadline, stats),
    }
}

/// The solutions from `start` counted up to `limit`; Err once `deadline` (if any) has passed.
fn count_from(
    start: Start<'_>,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<SolutionCount, TimedOut> {
    match run_search(start, Counter::new(limit), deadline, stats)? {
        Some((counter, finished)) => Ok(counter.count(finished)),
        None => handover::count(start, limit, deadline, stats),
    }
}

/// [`count_from`], with the first solution found too.
fn count_and_first_from(
    start: Start<'_>,
    limit: u64,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<(SolutionCount, Option<Grid>), TimedOut> {
    let keeping = CounterKeepingFirst {
        counter: Counter::new(limit),
        first: None,
    };
    match run_search(start, keeping, deadline, stats)? {
        Some((keeping, finished)) => Ok((keeping.counter.count(finished), keeping.first)),
        None => handover::count_and_first(start, limit, deadline, stats),
    }
}

/// Runs a search from `start` with `visitor`, up to `deadline` (if any): the visitor and
/// whether the search went through its whole tree, or `None` when the search got lost (see
/// `handover.rs`) and the puzzle is the other solver's.
fn run_search<V: Visitor>(
    start: Start<'_>,
    visitor: V,
    deadline: Option<Instant>,
    stats: &mut SearchStats,
) -> Result<Option<(V, bool)>, TimedOut> {
    let board = &mut start.board();
    // Without a deadline the search is compiled without the clock.
    let Some(deadline) = deadline else {
        let mut visitor = Patient::new(visitor);
        let finished = search(board, &mut visitor, stats);
        return Ok((!visitor.gave_up).then_some((visitor.inner, finished)));
    };
    let mut visitor = Patient::new(Timed::new(visitor, deadline));
    let finished = search(board, &mut visitor, stats);
    match (visitor.inner.expired, visitor.gave_up) {
        (true, _) => Err(TimedOut),
        (false, true) => Ok(None),
        (false, false) => Ok(Some((visitor.inner.inner, finished))),
    }
}

/// True when `puzzle` has exactly one solution.
pub fn is_unique(puzzle: &Grid) -> bool {
    count_solutions(puzzle, 2).is_unique()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(text: &str) -> Grid {
        text.parse().expect("test puzzle parses")
    }

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const EASY_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    const SEVENTEEN: &str =
        "...8.1..........435............7.8........1...2..3....6......75..34........2..6..";

    #[test]
    fn solves_an_easy_puzzle() {
        assert_eq!(solve(&grid(EASY)), Some(grid(EASY_SOLUTION)));
    }

    #[test]
    fn solves_a_seventeen_clue_puzzle_keeping_the_givens() {
        let puzzle = grid(SEVENTEEN);
        let solution = solve(&puzzle).expect("has a solution");
        assert!(solution.is_solution_of(&puzzle));
        assert!(is_unique(&puzzle));
    }

    #[test]
    fn a_full_grid_has_one_solution() {
        let count = count_solutions(&grid(EASY_SOLUTION), 10);
        assert_eq!(
            count,
            SolutionCount {
                found: 1,
                limit_reached: false
            }
        );
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut cells = *grid(EASY).cells();
        cells[2] = 5; // a second 5 in row 1
        let puzzle = Grid::from_cells(cells).unwrap();
        assert_eq!(solve(&puzzle), None);
        assert_eq!(count_solutions(&puzzle, 5).found, 0);
    }

    #[test]
    fn a_clash_in_any_unit_leaves_no_solution() {
        // Two 7s alone on an empty grid: in one row, one column (other bands), one box, and
        // side by side in one row and box, or one column and box.
        for (a, b) in [
            (0, 8),
            (0, 72),
            (10, 20),
            (40, 76),
            (0, 1),
            (0, 9),
            (50, 68),
        ] {
            let mut cells = [0u8; 81];
            (cells[a], cells[b]) = (7, 7);
            let puzzle = Grid::from_cells(cells).unwrap();
            assert_eq!(solve(&puzzle), None, "7s at cells {a} and {b}");
            assert_eq!(count_solutions(&puzzle, 5).found, 0);
        }
    }

    #[test]
    fn givens_follow_their_grid_through_changes() {
        let mut puzzle = grid(EASY);
        let mut givens = Givens::of(&puzzle);
        for (position, digit) in [(Position::new(0), None), (Position::new(2), Digit::new(4))] {
            puzzle.set(position, digit);
            givens.set(position, digit);
            assert_eq!(givens, Givens::of(&puzzle));
        }
    }

    /// A random complete grid, and a puzzle keeping each of its cells with probability `keep`
    /// (drawn from `seed`): for property tests from nearly empty to nearly full grids.
    pub(super) fn random_puzzle(seed: u64, keep: f64) -> (Grid, Grid) {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
        let solution = crate::generate::random_grid(&mut rng);
        let mut puzzle = solution;
        for position in Position::all() {
            if !rng.random_bool(keep) {
                puzzle.set(position, None);
            }
        }
        (solution, puzzle)
    }

    /// The 17-clue puzzle whose count walked the largest tree of its collection without the
    /// stacks' rule, which solves it at its root (see also `board`'s tests).
    pub(super) const COLUMN_PUZZLE: &str =
        "..............1..2.34....5......6.......7..8.1.......9....623....7....4.9..1.....";

    #[test]
    fn a_dead_end_turns_on_the_stacks() {
        // Without the stacks' rule, counting this 17-clue puzzle walks 1,525 nodes (762 dead
        // ends); with it from the first dead end on, the rest of the tree is cut short.
        let grid: Grid = COLUMN_PUZZLE.parse().unwrap();
        let mut stats = SearchStats::default();
        let count = count_measured(&grid, 2, None, &mut stats).unwrap();
        assert!(count.is_unique());
        assert!(stats.backtracks >= STACKS_AFTER_BACKTRACKS, "{stats:?}");
        assert!(stats.nodes < 40, "{stats:?}");
    }

    #[test]
    fn a_count_keeps_the_first_solution_it_meets() {
        let mut several = grid(SEVENTEEN);
        several.set(
            Position::new(several.cells().iter().position(|&v| v != 0).unwrap()),
            None,
        );
        // A sparse grid without a solution that the search hands over (line 13).
        let lost = include_str!("../../../../puzzles/slow_no_solution.txt")
            .lines()
            .nth(12);
        let lost = grid(&lost.unwrap()[..81]);
        let allowed = [DigitSet::ALL; CELLS];
        for (puzzle, limit) in [
            (grid(SEVENTEEN), 2),
            (several, 3),
            (grid(EASY), 1),
            (lost, 2),
        ] {
            let (mut counting, mut keeping) = (SearchStats::default(), SearchStats::default());
            let count = count_measured(&puzzle, limit, None, &mut counting).unwrap();
            let (kept, first) =
                count_and_first_measured(&puzzle, limit, None, &mut keeping).unwrap();
            assert_eq!((kept, keeping), (count, counting), "{puzzle}");
            assert_eq!(first.is_some(), count.found > 0, "{puzzle}");
            assert!(
                first.is_none_or(|first| first.is_solution_of(&puzzle)),
                "{puzzle}"
            );
            // The same within candidates that allow everything.
            let mut within = SearchStats::default();
            let (kept, first) =
                count_and_first_within_measured(&puzzle, &allowed, limit, None, &mut within)
                    .unwrap();
            assert_eq!((kept, within), (count, counting), "{puzzle}");
            assert_eq!(first.is_some(), count.found > 0, "{puzzle}");
            assert!(
                first.is_none_or(|first| first.is_solution_of(&puzzle)),
                "{puzzle}"
            );
            assert_eq!(solve_within(&puzzle, &allowed).is_some(), count.found > 0);
        }
        let mut lost_count = SearchStats::default();
        count_measured(&lost, 2, None, &mut lost_count).unwrap();
        assert!(lost_count.guesses >= handover::PATIENCE, "{lost_count:?}");
    }

    #[test]
    fn a_search_within_candidates_stops_at_its_deadline() {
        let (empty, allowed) = (Grid::empty(), [DigitSet::ALL; CELLS]);
        let deadline = Some(Instant::now() + std::time::Duration::from_millis(50));
        let mut stats = SearchStats::default();
        let count = count_within_measured(&empty, &allowed, u64::MAX, deadline, &mut stats);
        assert_eq!(count, Err(TimedOut));
        let count =
            count_and_first_within_measured(&empty, &allowed, u64::MAX, deadline, &mut stats);
        assert_eq!(count, Err(TimedOut));
    }

    #[test]
    fn unsolvable_without_clash() {
        // Row 1 needs a 9 in r1c9, but column 9 already has one further down.
        let text = format!("12345678.........9{}", ".".repeat(63));
        let puzzle = grid(&text);
        assert!(puzzle.first_conflict().is_none());
        assert_eq!(solve(&puzzle), None);
    }

    #[test]
    fn counts_stop_at_the_limit() {
        let empty = Grid::empty();
        let count = count_solutions(&empty, 1000);
        assert_eq!(count.found, 1000);
        assert!(count.limit_reached);
        assert_eq!(count.to_string(), "1000+");
    }

    #[test]
    fn counts_a_puzzle_with_two_solutions_exactly() {
        // Blank a deadly rectangle of a full grid: two digits swapped across two rows, two
        // columns and two boxes. Both ways of filling it back are solutions.
        let mut cells = *grid(EASY_SOLUTION).cells();
        let solution = grid(EASY_SOLUTION);
        let mut found = None;
        'outer: for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let a = solution.cells()[r1 * 9 + c1];
                        let b = solution.cells()[r1 * 9 + c2];
                        if solution.cells()[r2 * 9 + c1] == b
                            && solution.cells()[r2 * 9 + c2] == a
                            && (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3)
                        {
                            found = Some([r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]);
                            break 'outer;
                        }
                    }
                }
            }
        }
        let corners = found.expect("this grid has a deadly rectangle");
        for cell in corners {
            cells[cell] = 0;
        }
        let puzzle = Grid::from_cells(cells).unwrap();
        assert_eq!(
            count_solutions(&puzzle, 100),
            SolutionCount {
                found: 2,
                limit_reached: false
            }
        );
        assert!(!is_unique(&puzzle));
    }
}
