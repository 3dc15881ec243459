//! Making puzzles: random solution grids, and minimal puzzles with exactly one solution, with an
//! optional symmetry of the clue pattern. Every random choice comes from the caller's generator,
//! so a seeded generator always makes the same puzzles.

use rand::seq::SliceRandom;
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};

use crate::digit::{Digit, DigitSet};
use crate::error::{GenerateError, UnknownSymmetry};
use crate::grid::{CELLS, Grid, Position, Unit};
use crate::solver::{Givens, random_solution, solvable_without};
use crate::unavoidable::UnavoidableSets;

/// A map of the grid onto itself, on (row, column) counted from 0.
/// A map of (row, column) on a grid whose last row and column are `last`.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// A symmetry the pattern of clues keeps: when a cell holds a clue, so do all its images.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None,
    /// Half-turn rotation about the centre (the classic newspaper symmetry).
    Rotational,
    /// Quarter-turn rotation about the centre (so also the half turn).
    Quarter,
    /// Reflection in the vertical centre line (left and right mirror each other).
    Mirror,
    /// Reflection in the horizontal centre line (top and bottom mirror each other).
    Flip,
    /// Reflection in the main diagonal, top left to bottom right.
    Diagonal,
    /// Reflection in the anti-diagonal, top right to bottom left.
    Antidiagonal,
    /// Every rotation and reflection of the square at once.
    Full,
}

impl Symmetry {
    /// Every symmetry, in the order of [`Symmetry::NAMES`].
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Quarter,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Full,
    ];

    /// The names of the symmetries, as [`Symmetry::name`] gives them and `parse` reads them.
    pub const NAMES: [&'static str; 8] = [
        "none",
        "rotational",
        "quarter",
        "mirror",
        "flip",
        "diagonal",
        "antidiagonal",
        "full",
    ];

    /// The symmetry's name, in lower case.
    pub fn name(self) -> &'static str {
        let index = Symmetry::ALL.iter().position(|&s| s == self);
        Symmetry::NAMES[index.expect("ALL lists every symmetry")]
    }

    /// The transformations generating this symmetry, as maps of (row, column).
    fn generators(self) -> &'static [CellMap] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotational => &[|r, c, l| (l - r, l - c)],
            Symmetry::Quarter => &[|r, c, l| (c, l - r)],
            Symmetry::Mirror => &[|r, c, l| (r, l - c)],
            Symmetry::Flip => &[|r, c, l| (l - r, c)],
            Symmetry::Diagonal => &[|r, c, _| (c, r)],
            Symmetry::Antidiagonal => &[|r, c, l| (l - c, l - r)],
            Symmetry::Full => &[|r, c, l| (c, l - r), |r, c, l| (r, l - c)],
        }
    }

    /// The cells that must all be clues together: each cell with all of its images. Worked out
    /// once per symmetry and process.
    pub fn orbits(self) -> &'static [Vec<Position>] {
        static ORBITS: [OnceLock<Vec<Vec<Position>>>; 8] = [const { OnceLock::new() }; 8];
        let index = Symmetry::ALL.iter().position(|&s| s == self);
        ORBITS[index.expect("ALL lists every symmetry")].get_or_init(|| self.find_orbits())
    }

    /// Works out [`Symmetry::orbits`].
    fn find_orbits(self) -> Vec<Vec<Position>> {
        let orbits = self.orbits_of_side(9);
        let positions = |orbit: Vec<usize>| orbit.into_iter().map(Position::new).collect();
        orbits.into_iter().map(positions).collect()
    }

    /// The orbits (see [`Symmetry::orbits`]) on a grid of any `side`, as cell indices in reading
    /// order, each orbit sorted, the orbits in the order of their first cell.
    pub fn orbits_of_side(self, side: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; side * side];
        let mut orbits = Vec::new();
        for start in 0..side * side {
            if seen[start] {
                continue;
            }
            let mut orbit = vec![start];
            seen[start] = true;
            let mut next = 0;
            while next < orbit.len() {
                let (r, c) = (orbit[next] / side, orbit[next] % side);
                for map in self.generators() {
                    let (r, c) = map(r, c, side - 1);
                    let image = r * side + c;
                    if !seen[image] {
                        seen[image] = true;
                        orbit.push(image);
                    }
                }
                next += 1;
            }
            orbit.sort_unstable();
            orbits.push(orbit);
        }
        orbits
    }

    /// True when the clue pattern of `grid` keeps this symmetry.
    pub fn holds_for(self, grid: &Grid) -> bool {
        self.orbits().iter().all(|orbit| {
            let clues = orbit.iter().filter(|p| grid.get(**p).is_some()).count();
            clues == 0 || clues == orbit.len()
        })
    }
}

impl std::str::FromStr for Symmetry {
    type Err = UnknownSymmetry;

    /// Reads a symmetry by its name (see [`Symmetry::NAMES`]), in any case.
    fn from_str(name: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::NAMES
            .iter()
            .position(|&n| n.eq_ignore_ascii_case(name.trim()))
            .map(|i| Symmetry::ALL[i])
            .ok_or_else(|| UnknownSymmetry {
                name: name.to_string(),
            })
    }
}

/// A random complete, valid grid; every valid grid can come out.
///
/// The three boxes on the diagonal share no row or column, so they are filled first with three
/// random orders of 1-9 (every grid has some such diagonal), and the search with random guesses
/// fills in the rest: far fewer guesses than from an empty grid. (Every such diagonal is known
/// to complete; a new one is drawn if it ever did not.)
#[must_use]
pub fn random_grid(rng: &mut impl Rng) -> Grid {
    loop {
        let mut diagonal = Grid::empty();
        for block in [0, 4, 8] {
            let mut digits: [Digit; 9] = std::array::from_fn(Digit::from_index);
            digits.shuffle(rng);
            for (position, digit) in Unit::Box(block).cells().zip(digits) {
                diagonal.set(position, Some(digit));
            }
        }
        if let Some(grid) = random_solution(&diagonal, rng) {
            return grid;
        }
    }
}

/// Removes clues from `solution` in random order, orbit by orbit, as long as the puzzle keeps a
/// single solution. Without symmetry the result is minimal: removing any one clue would give it
/// more than one solution. With a symmetry, no whole orbit can be removed.
#[must_use]
pub fn minimal_puzzle(solution: &Grid, symmetry: Symmetry, rng: &mut impl Rng) -> Grid {
    let mut puzzle = Clues::of(solution);
    let unavoidable = UnavoidableSets::of(solution);
    let orbits = symmetry.orbits();
    let mut order: [u8; CELLS] = std::array::from_fn(|i| i as u8);
    let order = &mut order[..orbits.len()];
    order.shuffle(rng);
    for &index in order.iter() {
        remove_orbit_if_unique(
            &mut puzzle,
            solution,
            &unavoidable,
            &orbits[usize::from(index)],
        );
    }
    puzzle.grid
}

/// Removes the clues of `orbit` from `puzzle` if it keeps `solution` as its only solution;
/// otherwise leaves `puzzle` as it was. Works in place: no check copies the puzzle.
///
/// When the removal empties one of the `unavoidable` sets of the solution, the puzzle has two
/// solutions and no search is needed. Otherwise: any other solution differs from `solution` in
/// some removed cell; take the first such cell in the orbit's order. So the puzzle stays unique
/// exactly when, for each removed cell in turn, no solution avoids its digit while the cells
/// before it keep theirs: one search per cell (often none, when the cell is a single of what is
/// left), never a count of all solutions.
fn remove_orbit_if_unique(
    puzzle: &mut Clues,
    solution: &Grid,
    unavoidable: &UnavoidableSets,
    orbit: &[Position],
) {
    for &position in orbit {
        puzzle.remove(position);
    }
    let mut unique = !orbit
        .iter()
        .any(|position| unavoidable.completed_by(puzzle.open, position.index()));
    // Last cell first, each put back once checked: `puzzle` then lacks the cell being checked
    // and the ones before it. After the first failure the rest are only put back.
    for &position in orbit.iter().rev() {
        let digit = solution.get(position).expect("the solution is complete");
        unique = unique
            && (puzzle.forces(position, digit)
                || !solvable_without(&puzzle.givens, position, digit));
        puzzle.put(position, digit);
    }
    if unique {
        for &position in orbit {
            puzzle.remove(position);
        }
    }
}

/// A puzzle being thinned out, in the forms the checks read, kept in step clue by clue: the
/// grid, the engine's givens, the cells that are not clues, and the digits present in each row,
/// column and box (bit `d` for digit d). The clues must not clash (they are always part of one
/// solution here).
#[derive(Clone, Copy)]
struct Clues {
    grid: Grid,
    givens: Givens,
    /// Bit `i` for each cell `i` without a clue.
    open: u128,
    rows: [u16; 9],
    columns: [u16; 9],
    boxes: [u16; 9],
}

impl Clues {
    fn of(grid: &Grid) -> Clues {
        let mut clues = Clues {
            grid: Grid::empty(),
            givens: Givens::default(),
            open: (1 << CELLS) - 1,
            rows: [0; 9],
            columns: [0; 9],
            boxes: [0; 9],
        };
        for (position, digit) in grid.givens() {
            clues.put(position, digit);
        }
        clues
    }

    /// Gives the empty cell at `position` the clue `digit`.
    fn put(&mut self, position: Position, digit: Digit) {
        self.grid.set(position, Some(digit));
        self.givens.set(position, Some(digit));
        self.open &= !(1 << position.index());
        self.toggle(position, digit);
    }

    /// Empties the clue at `position`.
    fn remove(&mut self, position: Position) {
        let digit = self.grid.get(position).expect("only clues are removed");
        self.grid.set(position, None);
        self.givens.set(position, None);
        self.open |= 1 << position.index();
        self.toggle(position, digit);
    }

    /// Flips `digit` in the units of `position`.
    fn toggle(&mut self, position: Position, digit: Digit) {
        let bit = DigitSet::single(digit).bits();
        self.rows[position.row()] ^= bit;
        self.columns[position.column()] ^= bit;
        self.boxes[position.block()] ^= bit;
    }

    /// The digits seen by an empty cell at `position`.
    fn seen(&self, position: Position) -> u16 {
        self.rows[position.row()] | self.columns[position.column()] | self.boxes[position.block()]
    }

    /// True when the empty cell at `position` can hold only `digit` by the simplest logic: every
    /// other digit is seen from it (a naked single), or `digit` is seen from every other empty
    /// cell of one of its units (a hidden single). A cheap proof that removing a clue keeps the
    /// puzzle unique, saving a search.
    fn forces(&self, position: Position, digit: Digit) -> bool {
        let bit = DigitSet::single(digit).bits();
        if self.seen(position) | bit == DigitSet::ALL.bits() {
            return true;
        }
        // All ones when a unit's digits include `digit`, else none.
        let all_if_held = |digits: u16| u128::from(digits & bit != 0).wrapping_neg();
        let seeing = (0..9).fold(0u128, |seeing, i| {
            seeing
                | ROW_CELLS[i] & all_if_held(self.rows[i])
                | COLUMN_CELLS[i] & all_if_held(self.columns[i])
                | BOX_CELLS[i] & all_if_held(self.boxes[i])
        });
        // The open cells other than this one where `digit` could still go: none in a unit
        // makes it a hidden single there.
        let free = self.open & !seeing & !(1 << position.index());
        free & ROW_CELLS[position.row()] == 0
            || free & COLUMN_CELLS[position.column()] == 0
            || free & BOX_CELLS[position.block()] == 0
    }
}

/// The cells of each row, column and box, as masks (bit = cell index), by unit number.
const ROW_CELLS: [u128; 9] = UNIT_CELLS[0];
const COLUMN_CELLS: [u128; 9] = UNIT_CELLS[1];
const BOX_CELLS: [u128; 9] = UNIT_CELLS[2];

/// Rows, columns and boxes as cell masks, each cell placed by [`Position`]'s own numbering.
const UNIT_CELLS: [[u128; 9]; 3] = {
    let mut masks = [[0; 9]; 3];
    let mut cell = 0;
    while cell < CELLS {
        let position = Position::new(cell);
        masks[0][position.row()] |= 1 << cell;
        masks[1][position.column()] |= 1 << cell;
        masks[2][position.block()] |= 1 << cell;
        cell += 1;
    }
    masks
};

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// At most this many clues, if set.
    pub max_clues: Option<usize>,
    /// How many minimal puzzles to make before giving up on `max_clues` or the acceptance test
    /// (see [`generate_accepted`]).
    pub attempts: u32,
    /// Give up once this moment has passed (looked at between attempts), if set.
    pub deadline: Option<std::time::Instant>,
    /// Grids of another size above 20x20: settle every removal's check, however long its
    /// search, so that the puzzle is minimal there too (see
    /// [`crate::sized::generate_accepted`]); without it a removal whose check would take a
    /// long search is not made. 9x9 puzzles, and grids up to 20x20, are always minimal.
    pub minimal_at_every_size: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            symmetry: Symmetry::None,
            max_clues: None,
            attempts: DEFAULT_ATTEMPTS,
            deadline: None,
            minimal_at_every_size: false,
        }
    }
}

impl Options {
    /// Why every attempt failed, given the fewest clues a puzzle had: too many clues for
    /// `max_clues`, or none accepted.
    pub fn failure(&self, fewest: usize) -> GenerateError {
        let attempts = self.attempts.max(1);
        match self.max_clues {
            Some(max_clues) if fewest > max_clues => GenerateError::TooManyClues {
                max_clues,
                attempts,
                fewest,
            },
            _ => GenerateError::NoneAccepted { attempts },
        }
    }
}

/// How many minimal puzzles [`generate`] makes, by default, looking for one within the clue limit.
pub const DEFAULT_ATTEMPTS: u32 = 1000;

/// A generated puzzle with its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution, minimal for its symmetry.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
}

/// Makes a puzzle with exactly one solution, minimal for `options.symmetry`, with at most
/// `options.max_clues` clues when that is set (trying up to `options.attempts` times).
pub fn generate(rng: &mut impl Rng, options: &Options) -> Result<Generated, GenerateError> {
    generate_accepted(rng, options, |_| true)
}

/// Like [`generate`], keeping only a puzzle that `accept` approves (a difficulty, say, which the
/// caller measures): minimal puzzles are made until one passes, up to `options.attempts`.
pub fn generate_accepted(
    rng: &mut impl Rng,
    options: &Options,
    accept: impl Fn(&Grid) -> bool,
) -> Result<Generated, GenerateError> {
    let mut fewest = CELLS;
    let attempts = options.attempts.max(1);
    for _ in 0..attempts {
        if options
            .deadline
            .is_some_and(|deadline| std::time::Instant::now() >= deadline)
        {
            return Err(GenerateError::TimedOut);
        }
        let solution = random_grid(rng);
        let puzzle = minimal_puzzle(&solution, options.symmetry, rng);
        let clues = puzzle.given_count();
        fewest = fewest.min(clues);
        if options.max_clues.is_some_and(|max| clues > max) {
            continue;
        }
        if !accept(&puzzle) {
            continue;
        }
        return Ok(Generated { puzzle, solution });
    }
    Err(options.failure(fewest))
}

/// The portable generator for puzzle number `index` of a run with `seed`: the same pair gives the
/// same puzzle on every machine, whatever the number of threads.
pub fn puzzle_rng(seed: u64, index: u64) -> rand::rngs::ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    key[8..16].copy_from_slice(&index.to_le_bytes());
    rand::rngs::ChaCha8Rng::from_seed(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::count_solutions;

    #[test]
    fn orbits_partition_the_grid() {
        for symmetry in Symmetry::ALL {
            assert_eq!(symmetry.name().parse(), Ok(symmetry));
            let orbits = symmetry.orbits();
            let total: usize = orbits.iter().map(Vec::len).sum();
            assert_eq!(total, CELLS, "{symmetry:?}");
        }
        assert_eq!(Symmetry::None.orbits().len(), 81);
        assert_eq!(Symmetry::Rotational.orbits().len(), 41);
        assert_eq!(Symmetry::Quarter.orbits().len(), 21);
        assert_eq!(Symmetry::Mirror.orbits().len(), 45);
        assert_eq!(Symmetry::Full.orbits().len(), 15);
    }

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        let mut rng = puzzle_rng(7, 0);
        let Generated { puzzle, solution } = generate(&mut rng, &Options::default()).unwrap();
        assert!(solution.is_solution_of(&puzzle));
        assert!(count_solutions(&puzzle, 2).is_unique());
        for (position, _) in puzzle.givens() {
            let mut fewer = puzzle;
            fewer.set(position, None);
            assert_eq!(
                count_solutions(&fewer, 2).found,
                2,
                "clue {position} is redundant"
            );
        }
    }

    /// The greedy removal done the plain way: a count to two after each orbit's removal.
    fn minimal_by_counting(solution: &Grid, symmetry: Symmetry, rng: &mut impl Rng) -> Grid {
        let orbits = symmetry.orbits();
        let mut order: [u8; CELLS] = std::array::from_fn(|i| i as u8);
        let order = &mut order[..orbits.len()];
        order.shuffle(rng);
        let mut puzzle = *solution;
        for &index in order.iter() {
            let mut fewer = puzzle;
            for &position in &orbits[usize::from(index)] {
                fewer.set(position, None);
            }
            if count_solutions(&fewer, 2).is_unique() {
                puzzle = fewer;
            }
        }
        puzzle
    }

    #[test]
    fn the_shortcuts_decide_every_removal_as_a_count_would() {
        // Forced cells, unavoidable sets and one-sided searches stand in for counts: the same
        // random order must give the same puzzle as counting after every removal.
        for symmetry in Symmetry::ALL {
            for index in 0..12 {
                // Two generators in the same state: each draws the grid, then the order.
                let (mut first, mut second) = (puzzle_rng(11, index), puzzle_rng(11, index));
                let solution = random_grid(&mut first);
                assert_eq!(random_grid(&mut second), solution);
                let fast = minimal_puzzle(&solution, symmetry, &mut first);
                let plain = minimal_by_counting(&solution, symmetry, &mut second);
                assert_eq!(fast, plain, "{symmetry:?}, puzzle {index}");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let options = Options::default();
        let a = generate(&mut puzzle_rng(42, 3), &options).unwrap();
        let b = generate(&mut puzzle_rng(42, 3), &options).unwrap();
        let c = generate(&mut puzzle_rng(42, 4), &options).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.puzzle, c.puzzle);
    }

    #[test]
    fn a_clue_limit_that_cannot_be_met_fails_clearly() {
        let options = Options {
            max_clues: Some(17),
            attempts: 3,
            ..Options::default()
        };
        let error = generate(&mut puzzle_rng(1, 0), &options).unwrap_err();
        assert!(matches!(
            error,
            GenerateError::TooManyClues { attempts: 3, .. }
        ));
        assert!(
            error
                .to_string()
                .starts_with("no puzzle with at most 17 clues in 3 attempts")
        );
    }
}
