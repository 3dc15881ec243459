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
//! * A row left with one candidate fixes the digit there: the cell is removed from every other
//!   digit and the column from the other two bands.
//! * **Naked singles**: cells with one candidate digit, found for a whole band at once by counting
//!   candidates bit-sliced across the nine digit masks.
//! * **Hidden singles in columns**: a column with one candidate for a digit, also bit-parallel.
//!
//! Only what changed is looked at again: a dirty bit per digit and band for the band logic, and
//! per digit and per band for the column and naked singles.
//!
//! When nothing more follows, the engine guesses on a cell with the fewest candidates (a
//! two-candidate cell of the band with the most open cells, when there is one): it tries the
//! first digit on a copy of the state and, when that branch is done, removes the digit from the
//! cell and goes on. The whole state is about 130 bytes on the stack; nothing is allocated
//! during the search.

use rand::{Rng, RngExt};

use crate::grid::{CELLS, Grid, Position};

/// Bits of one band: 3 rows of 9 cells.
const BAND_BITS: u32 = 0x7FF_FFFF;
/// Bits of one row inside a band.
const ROW_BITS: u32 = 0x1FF;

/// For a 9-bit row field: bit `j` is set when box `j` of that row holds a candidate.
const BOXES_OF_ROW: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut row = 0;
    while row < 512 {
        let mut boxes = 0;
        let mut j = 0;
        while j < 3 {
            if row & (0b111 << (3 * j)) != 0 {
                boxes |= 1 << j;
            }
            j += 1;
        }
        table[row] = boxes;
        row += 1;
    }
    table
};

/// For a 3x3 presence matrix (bit `3 * row + box` set when that row has a candidate in that box),
/// the 27-bit mask of the cells that lie in some placement of the digit consistent with it: each
/// of the three rows in a different box. Zero when there is none.
const BAND_PLACEMENTS: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut presence = 0;
    while presence < 512 {
        let mut allowed = 0u32;
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut cells = 0u32;
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if presence & (1 << (3 * row + boxes[row])) == 0 {
                    fits = false;
                }
                cells |= 0b111 << (9 * row + 3 * boxes[row]);
                row += 1;
            }
            if fits {
                allowed |= cells;
            }
            p += 1;
        }
        table[presence] = allowed;
        presence += 1;
    }
    table
};

/// For a 9-bit row field: the field itself when it holds a single cell, else 0.
const SINGLE_OF_ROW: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut bit = 0;
    while bit < 9 {
        table[1 << bit] = 1 << bit;
        bit += 1;
    }
    table
};

/// The nine cells of the first stack (columns 1-3) inside a band.
const STACK_IN_BAND: u32 = 0o7007007;

/// The columns (bit `c` for column `c`) that hold any of `cells` of a band.
const fn columns_of(cells: u32) -> u32 {
    (cells | cells >> 9 | cells >> 18) & ROW_BITS
}

/// Every cell of a band in `columns` (bit `c` for column `c`).
const fn cells_in_columns(columns: u32) -> u32 {
    columns * (1 | 1 << 9 | 1 << 18)
}

/// The engine's whole state: candidate masks per digit and band, and what is still open.
#[derive(Clone, Copy)]
struct Board {
    /// `masks[band][digit]`: cells of the band where the digit (0-8) may go.
    masks: [[u32; 9]; 3],
    /// Bit `9 * band + digit` is set when that mask changed since the band logic last ran on it.
    dirty: u32,
    /// Bit `digit` is set when the digit's masks changed since its columns were last examined.
    unexamined_columns: u32,
    /// Bit `band` is set when some mask of the band changed since its cells were last examined.
    unexamined_bands: u32,
    /// Per band, the cells whose digit is not yet fixed.
    unsolved: [u32; 3],
}

/// What propagation concluded.
enum Progress {
    /// The candidates contradict each other: this branch has no solution.
    Contradiction,
    /// Every cell is fixed.
    Solved,
    /// Nothing more follows without a guess.
    Stuck,
}

impl Board {
    /// The state before any given is placed.
    const EMPTY: Board = Board {
        masks: [[BAND_BITS; 9]; 3],
        dirty: 0,
        unexamined_columns: ROW_BITS,
        unexamined_bands: 0b111,
        unsolved: [BAND_BITS; 3],
    };

    /// Builds the state for a puzzle: each given cell keeps its digit as its only candidate.
    fn from_grid(grid: &Grid) -> Board {
        let mut board = Board::EMPTY;
        let mut given = [[0u32; 9]; 3];
        for (cell, digit) in grid.givens() {
            given[cell / 27][usize::from(digit - 1)] |= 1 << (cell % 27);
        }
        for (band, digits) in given.iter().enumerate() {
            let any: u32 = digits.iter().fold(0, |any, &cells| any | cells);
            for (digit, &cells) in digits.iter().enumerate() {
                board.clear(digit, band, any & !cells);
            }
        }
        board
    }

    /// Removes `cells` from the mask of `digit` in `band`, marking it dirty if that changed it.
    #[inline(always)]
    fn clear(&mut self, digit: usize, band: usize, cells: u32) {
        let old = self.masks[band][digit];
        self.masks[band][digit] = old & !cells;
        self.dirty |= u32::from(old & cells != 0) << (9 * band + digit);
    }

    /// Removes `digit` (0-8) as a candidate of `cell`.
    #[inline]
    fn eliminate(&mut self, cell: usize, digit: usize) {
        self.clear(digit, cell / 27, 1 << (cell % 27));
    }

    /// Keeps `digit` (0-8) in `cell` only, among the cells of its row: the band logic then fixes it.
    #[inline]
    fn assign(&mut self, cell: usize, digit: usize) {
        let (band, bit) = (cell / 27, cell % 27);
        let row = ROW_BITS << (bit / 9 * 9);
        self.clear(digit, band, row & !(1 << bit));
    }

    /// Applies the band logic to one digit and band, then fixes every row that is left with a
    /// single candidate. Returns false on a contradiction.
    #[inline]
    fn settle_band(&mut self, digit: usize, band: usize) -> bool {
        let mask = self.masks[band][digit];
        let presence = BOXES_OF_ROW[(mask & ROW_BITS) as usize]
            | BOXES_OF_ROW[((mask >> 9) & ROW_BITS) as usize] << 3
            | BOXES_OF_ROW[(mask >> 18) as usize] << 6;
        // One pass is a fixpoint: the placements that survive use only the minirows they keep.
        let mask = mask & BAND_PLACEMENTS[presence as usize];
        if mask == 0 {
            return false;
        }
        self.masks[band][digit] = mask;

        let fixed = (SINGLE_OF_ROW[(mask & ROW_BITS) as usize]
            | SINGLE_OF_ROW[((mask >> 9) & ROW_BITS) as usize] << 9
            | SINGLE_OF_ROW[(mask >> 18) as usize] << 18)
            & self.unsolved[band];
        if fixed != 0 {
            // The newly fixed cells leave every other digit, and their columns the other bands.
            self.unsolved[band] &= !fixed;
            let mut changed = 0u32;
            for (other, mask) in self.masks[band].iter_mut().enumerate() {
                changed |= u32::from(*mask & fixed != 0) << other;
                *mask &= !fixed;
            }
            self.masks[band][digit] = mask;
            self.dirty |= (changed & !(1 << digit)) << (9 * band);
            let columns = cells_in_columns(columns_of(fixed));
            for other_band in 0..3 {
                if other_band != band {
                    self.clear(digit, other_band, columns);
                }
            }
        }
        true
    }

    /// Runs the band logic on every digit and band that changed since it last ran, until none did.
    #[inline]
    fn settle_all(&mut self) -> bool {
        let mut settled = 0;
        while self.dirty != 0 {
            let index = self.dirty.trailing_zeros() as usize;
            settled |= self.dirty;
            self.dirty &= self.dirty - 1;
            if !self.settle_band(index % 9, index / 9) {
                return false;
            }
        }
        let (b0, b1, b2) = (settled & ROW_BITS, (settled >> 9) & ROW_BITS, settled >> 18);
        self.unexamined_columns |= b0 | b1 | b2;
        self.unexamined_bands |=
            u32::from(b0 != 0) | u32::from(b1 != 0) << 1 | u32::from(b2 != 0) << 2;
        true
    }

    /// Counts, bit-sliced over the nine digits, how many candidates each open cell of a band has:
    /// the cells with at least one, at least two and at least three.
    #[inline]
    fn candidate_counts(&self, band: usize) -> (u32, u32, u32) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for digit in 0..9 {
            let mask = self.masks[band][digit] & self.unsolved[band];
            three |= two & mask;
            two |= one & mask;
            one |= mask;
        }
        (one, two, three)
    }

    /// The digit (0-8) of the first candidate of `cell`, if any.
    #[inline]
    fn first_candidate(&self, cell: usize) -> Option<usize> {
        let (band, bit) = (cell / 27, 1u32 << (cell % 27));
        (0..9).find(|&digit| self.masks[band][digit] & bit != 0)
    }

    /// The candidates of `cell` as a 9-bit mask, bit `d` for digit `d` (0-8).
    fn candidates(&self, cell: usize) -> u32 {
        let (band, bit) = (cell / 27, cell % 27);
        (0..9).fold(0, |set, digit| {
            set | ((self.masks[band][digit] >> bit) & 1) << digit
        })
    }

    /// Places every naked single. `None` on a contradiction, else whether anything was placed.
    #[inline]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        let mut bands = std::mem::take(&mut self.unexamined_bands);
        while bands != 0 {
            let band = bands.trailing_zeros() as usize;
            bands &= bands - 1;
            let (one, two, _) = self.candidate_counts(band);
            if self.unsolved[band] & !one != 0 {
                return None;
            }
            let mut singles = one & !two;
            while singles != 0 {
                let bit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let cell = 27 * band + bit;
                // An earlier single of this pass may have taken the cell's last candidate.
                let digit = self.first_candidate(cell)?;
                self.assign(cell, digit);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Places every digit that has a single candidate left in some column. `None` on a
    /// contradiction (a column with no room for a digit), else whether anything was placed.
    #[inline]
    fn column_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        let mut digits = std::mem::take(&mut self.unexamined_columns);
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let (mut any, mut several, mut fixed) = (0u32, 0u32, 0u32);
            let mut columns_in = [0u32; 3];
            for (band, columns) in columns_in.iter_mut().enumerate() {
                let mask = self.masks[band][digit];
                let (r0, r1, r2) = (mask & ROW_BITS, (mask >> 9) & ROW_BITS, mask >> 18);
                *columns = r0 | r1 | r2;
                several |= (r0 & r1) | (r0 & r2) | (r1 & r2) | (any & *columns);
                any |= *columns;
                fixed |= columns_of(mask & !self.unsolved[band]);
            }
            if any != ROW_BITS {
                return None;
            }
            let mut singles = any & !several & !fixed;
            while singles != 0 {
                let column = singles.trailing_zeros();
                singles &= singles - 1;
                let band = columns_in
                    .iter()
                    .position(|columns| columns & (1 << column) != 0)
                    .expect("a single column has its cell in some band");
                let cell = self.masks[band][digit] & cells_in_columns(1 << column);
                if cell == 0 {
                    // An earlier placement of this pass took the column's last candidate.
                    return None;
                }
                self.assign(27 * band + cell.trailing_zeros() as usize, digit);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Propagates everything the rules force, cheapest rule first.
    fn propagate(&mut self) -> Progress {
        loop {
            if !self.settle_all() {
                return Progress::Contradiction;
            }
            if self.unsolved == [0; 3] {
                return Progress::Solved;
            }
            match self.naked_singles() {
                None => return Progress::Contradiction,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.column_singles() {
                None => return Progress::Contradiction,
                Some(true) => continue,
                Some(false) => return Progress::Stuck,
            }
        }
    }

    /// The open cell to guess on: a two-candidate cell if there is one, else one with the fewest.
    fn guess_cell(&self) -> usize {
        let stacks_open: [u32; 3] = std::array::from_fn(|stack| {
            let cells = STACK_IN_BAND << (3 * stack);
            self.unsolved
                .iter()
                .map(|open| (open & cells).count_ones())
                .sum()
        });
        let mut best: Option<(u32, usize)> = None;
        for band in 0..3 {
            let (_, two, three) = self.candidate_counts(band);
            let pairs = two & !three;
            // Score a pair by the open cells of its band and of its stack: the more it touches,
            // the more a guess there propagates. One pair per stack is enough to look at.
            let band_open = self.unsolved[band].count_ones();
            for (stack, &stack_open) in stacks_open.iter().enumerate() {
                let in_stack = pairs & STACK_IN_BAND << (3 * stack);
                if in_stack != 0 && best.is_none_or(|(most, _)| band_open + stack_open > most) {
                    let cell = 27 * band + in_stack.trailing_zeros() as usize;
                    best = Some((band_open + stack_open, cell));
                }
            }
        }
        if let Some((_, cell)) = best {
            return cell;
        }
        // No two-candidate cell: count every open cell's candidates in binary, bit-sliced, and
        // take the first cell with the fewest.
        let counters: [[u32; 4]; 3] = std::array::from_fn(|band| {
            let mut bits = [0u32; 4];
            for digit in 0..9 {
                let mut carry = self.masks[band][digit] & self.unsolved[band];
                for bit in bits.iter_mut() {
                    let next = *bit & carry;
                    *bit ^= carry;
                    carry = next;
                }
            }
            bits
        });
        for count in 3..=9u32 {
            for (band, bits) in counters.iter().enumerate() {
                let exactly = bits
                    .iter()
                    .enumerate()
                    .fold(self.unsolved[band], |cells, (i, &b)| {
                        cells & if count & (1 << i) != 0 { b } else { !b }
                    });
                if exactly != 0 {
                    return 27 * band + exactly.trailing_zeros() as usize;
                }
            }
        }
        unreachable!("a board that is stuck has open cells with candidates")
    }

    /// The solved grid; only meaningful once every cell is fixed.
    fn solution(&self) -> Grid {
        let mut cells = [0u8; CELLS];
        for (band, digits) in self.masks.iter().enumerate() {
            for (digit, &mask) in digits.iter().enumerate() {
                let mut bits = mask;
                while bits != 0 {
                    cells[27 * band + bits.trailing_zeros() as usize] = digit as u8 + 1;
                    bits &= bits - 1;
                }
            }
        }
        Grid::from_cells(cells).expect("every cell holds a digit from 1 to 9")
    }
}

/// Where the search reports solutions: it says whether to go on looking.
trait Visitor {
    /// Called with each solution found; returns false to stop the search.
    fn solution(&mut self, board: &Board) -> bool;

    /// Which digit of `cell` to try first when the search must guess: by default the smallest.
    #[inline]
    fn first_guess(&mut self, board: &Board, cell: usize) -> usize {
        board
            .first_candidate(cell)
            .expect("propagation leaves every open cell a candidate")
    }
}

/// Depth-first search from `board`. Returns false once the visitor asked to stop.
fn search(mut board: Board, visitor: &mut impl Visitor, stats: &mut SearchStats) -> bool {
    loop {
        match board.propagate() {
            Progress::Contradiction => return true,
            Progress::Solved => return visitor.solution(&board),
            Progress::Stuck => {}
        }
        let cell = board.guess_cell();
        let digit = visitor.first_guess(&board, cell);
        let mut branch = board;
        branch.assign(cell, digit);
        stats.guesses += 1;
        if !search(branch, visitor, stats) {
            return false;
        }
        board.eliminate(cell, digit);
    }
}

/// Counters describing how much work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// How many times the search had to guess a digit.
    pub guesses: u64,
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

/// Counts solutions up to a limit.
struct Counter {
    found: u64,
    limit: u64,
}

impl Visitor for Counter {
    fn solution(&mut self, _board: &Board) -> bool {
        self.found += 1;
        self.found < self.limit
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

    fn first_guess(&mut self, board: &Board, cell: usize) -> usize {
        let candidates = board.candidates(cell);
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
pub fn random_solution(puzzle: &Grid, rng: &mut impl Rng) -> Option<Grid> {
    let mut visitor = RandomSolution { rng, found: None };
    search(
        Board::from_grid(puzzle),
        &mut visitor,
        &mut SearchStats::default(),
    );
    visitor.found
}

/// True when `puzzle` has a solution in which the cell at `position` does not hold `digit`
/// (1-9). Given one known solution, a puzzle with one of that solution's digits removed stays
/// unique exactly when this is false: one search instead of a count to two.
pub fn solvable_without(puzzle: &Grid, position: Position, digit: u8) -> bool {
    let mut board = Board::from_grid(puzzle);
    board.eliminate(position.index(), usize::from(digit - 1));
    let mut visitor = FirstSolution(None);
    search(board, &mut visitor, &mut SearchStats::default());
    visitor.0.is_some()
}

/// Solves `puzzle`, returning its first solution, or `None` when it has none.
///
/// The solution keeps every given. Givens that clash make the puzzle unsolvable; use
/// [`Grid::first_conflict`] to say why.
pub fn solve(puzzle: &Grid) -> Option<Grid> {
    solve_with_stats(puzzle).0
}

/// Like [`solve`], also returning how much work the search did.
pub fn solve_with_stats(puzzle: &Grid) -> (Option<Grid>, SearchStats) {
    let mut visitor = FirstSolution(None);
    let mut stats = SearchStats::default();
    search(Board::from_grid(puzzle), &mut visitor, &mut stats);
    (visitor.0, stats)
}

/// Counts the solutions of `puzzle`, stopping once `limit` are found.
///
/// A `limit` of 0 is treated as 1. When the limit stops the search the result says so, and the
/// count is a lower bound.
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    let mut counter = Counter {
        found: 0,
        limit: limit.max(1),
    };
    let mut stats = SearchStats::default();
    let finished = search(Board::from_grid(puzzle), &mut counter, &mut stats);
    SolutionCount {
        found: counter.found,
        limit_reached: !finished,
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
    fn band_placements_need_a_permutation() {
        // Only the diagonal is present: exactly those three minirows survive.
        let diagonal = 1 | 1 << 4 | 1 << 8;
        assert_eq!(BAND_PLACEMENTS[diagonal], 0b111 | 0b111 << 12 | 0b111 << 24);
        // All three rows only in box 0: impossible.
        assert_eq!(BAND_PLACEMENTS[1 | 1 << 3 | 1 << 6], 0);
        assert_eq!(BAND_PLACEMENTS[511], BAND_BITS);
    }

    #[test]
    fn one_pass_of_the_band_logic_is_a_fixpoint() {
        for (presence, &allowed) in BAND_PLACEMENTS.iter().enumerate() {
            let kept = (0..9)
                .filter(|&i| presence & (1 << i) != 0)
                .filter(|&i| allowed & (0b111 << (9 * (i / 3) + 3 * (i % 3))) != 0)
                .fold(0, |kept, i| kept | 1 << i);
            assert_eq!(BAND_PLACEMENTS[kept], allowed, "presence {presence:09b}");
        }
    }

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
