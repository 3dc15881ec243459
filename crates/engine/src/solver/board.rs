//! The engine's state and its propagation: per-digit band masks, settled band by band.

use super::Givens;
use super::isa::Instructions;
use super::sweep::clear_cells;
use super::tables::{
    BAND_BITS, BAND_PLACEMENTS, KEEP_WHEN_PLACED, SEEN_FROM_MINIROWS, SOLE_COLUMNS, SOLE_MINIROWS,
    STACK_IN_BAND, cells_in_columns, columns_of, count_per_box,
};
use crate::grid::{BAND_CELLS, CELLS, Grid};

// Inside the board, a digit is its index, 0-8 (`Digit::index`): the engine's public functions
// take `Digit`s and convert at the door.

/// The band (0-2) of a cell (0-80), and the cell's bit in that band's 27-bit masks.
#[inline(always)]
const fn band_and_bit(cell: usize) -> (usize, usize) {
    (cell / BAND_CELLS, cell % BAND_CELLS)
}

/// The index of the mask of `digit` (0-8) in `band` (0-2): a band's nine masks lie side by
/// side, so that a fixed cell leaves them in one sweep (a few percent faster than digit by
/// digit).
#[inline(always)]
const fn subband(digit: usize, band: usize) -> usize {
    9 * band + digit
}

/// Every mask of the board, as bits (bit `subband`).
const ALL_SUBBANDS: u32 = (1 << 27) - 1;

/// The engine's whole state: where each digit can still go, and which cells are still open.
#[derive(Clone, Copy)]
#[cfg_attr(test, derive(PartialEq, Eq, Debug))]
pub(super) struct Board {
    /// `masks[subband(digit, band)]`: cells of the band where the digit (0-8) may go. A cell
    /// whose digit is fixed stays set in that digit's mask only.
    masks: [u32; 27],
    /// The masks narrowed since the band logic last settled them, as bits (bit `subband`):
    /// these have to be settled again. Kept as each mask is written, rather than found by
    /// comparing every mask with a copy of what was settled: read back whole just after a
    /// few of its words were written, such a copy stalls the processor (docs/performance.md).
    unsettled: u32,
    /// Per band, the cells whose digit is not yet fixed.
    unsolved: [u32; 3],
}

/// Where the search guesses next.
pub(super) struct Guess {
    /// The open cell to guess on.
    pub(super) cell: usize,
    /// True when the cell has exactly two candidates, so that ruling one out places the other.
    pub(super) two_candidates: bool,
}

/// Where to guess when no open cell has two candidates (mostly at the root of hard puzzles).
#[derive(Clone, Copy)]
pub(super) enum Fallback {
    /// Of the first open cell of each band, the one with the fewest candidates. Searches for one
    /// solution use it: on puzzles in random order it needs about as many guesses as the other
    /// (1% more, measured), and far fewer on collections published in a canonical form, where
    /// the first cell often holds a 1.
    FirstOpenCells,
    /// The first open cell with the fewest candidates of all: smaller trees to walk whole, so
    /// counting uses it.
    FewestCandidates,
}

/// A branch of the search with no solution.
struct Contradiction;

/// What propagation concluded.
pub(super) enum Progress {
    /// The candidates contradict each other: this branch has no solution.
    Contradiction,
    /// Every cell is fixed.
    Solved,
    /// Nothing more follows without a guess. Per band, the open cells with two candidates.
    Stuck { pairs: [u32; 3] },
}

impl Board {
    /// The state before any given is placed: every mask still to be settled.
    const EMPTY: Board = Board {
        masks: [BAND_BITS; 27],
        unsettled: ALL_SUBBANDS,
        unsolved: [BAND_BITS; 3],
    };

    /// Builds the state for a puzzle: each given cell keeps its digit as its only candidate,
    /// and the digit leaves the given's row, column and box. Built with the best instructions
    /// the machine has (a few percent of an easy puzzle's time goes here).
    pub(super) fn from_givens(givens: &Givens) -> Board {
        super::isa::board_from_givens(givens)
    }

    /// [`Board::from_givens`], compiled for `isa`.
    #[inline(always)]
    pub(super) fn from_givens_with(givens: &Givens, isa: impl Instructions) -> Board {
        let cells = &givens.cells;
        let given: [u32; 3] =
            std::array::from_fn(|band| cells.iter().fold(0, |given, own| given | own[band]));
        let mut board = Board::EMPTY;
        for (digit, own) in cells.iter().enumerate() {
            // The digit leaves the columns of its givens, in every band.
            let columns = cells_in_columns(columns_of(own[0] | own[1] | own[2]));
            for band in 0..3 {
                // It leaves the rows and boxes of its givens too (one look-up), and the cells
                // given other digits. Its own givens stay: two that clash leave the band no
                // placement, or one of them no candidate.
                let seen = SEEN_FROM_MINIROWS[isa.presence(own[band])];
                board.masks[subband(digit, band)] =
                    BAND_BITS & !((given[band] | seen | columns) & !own[band]);
            }
        }
        board
    }

    /// Keeps only `keep` of the mask `subband`, noting it as unsettled if that narrows it.
    /// Returns whether it did.
    #[inline(always)]
    fn narrow(&mut self, subband: usize, keep: u32) -> bool {
        let narrowed = self.narrowed(subband, keep);
        self.unsettled |= narrowed;
        narrowed != 0
    }

    /// Keeps only `keep` of the mask `subband`; returns the mask's bit among the unsettled if
    /// that narrowed it, else 0.
    #[inline(always)]
    fn narrowed(&mut self, subband: usize, keep: u32) -> u32 {
        let old = self.masks[subband];
        let new = old & keep;
        self.masks[subband] = new;
        u32::from(new != old) << subband
    }

    /// Removes `digit` (0-8) as a candidate of `cell`.
    #[inline]
    pub(super) fn eliminate(&mut self, cell: usize, digit: usize) {
        let (band, bit) = band_and_bit(cell);
        self.narrow(subband(digit, band), !(1 << bit));
    }

    /// Places `digit` (0-8) in `cell` as far as its band goes: see [`Board::place`].
    #[inline]
    pub(super) fn assign(&mut self, cell: usize, digit: usize) {
        let (band, bit) = band_and_bit(cell);
        self.place(digit, band, bit);
    }

    /// Places `digit` (0-8) at `bit` of `band`: the digit leaves the cell's row and box, and the
    /// band logic then fixes the cell and clears its column and its other candidates. Returns
    /// whether that narrowed the digit's mask.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, bit: usize) -> bool {
        self.narrow(subband(digit, band), KEEP_WHEN_PLACED[bit])
    }

    /// Removes `cells` from the masks of `digit` in the two bands other than `band`; returns
    /// the masks this narrowed, as bits.
    #[inline(always)]
    fn clear_in_other_bands(&mut self, digit: usize, band: usize, cells: u32) -> u32 {
        self.narrowed(subband(digit, (band + 1) % 3), !cells)
            | self.narrowed(subband(digit, (band + 2) % 3), !cells)
    }

    /// Applies the band logic to the mask `subband`: keeps the cells of placements that fit,
    /// clears from the other bands every column the digit must take in this one, and fixes
    /// every row left with a single cell (which then leaves every other digit). Returns the
    /// masks this narrowed, as bits, its own possibly among them: the caller, which keeps
    /// them in a register (where the board's own set would be read and written through
    /// memory at every mask), drops that one, settled now.
    #[inline(always)]
    fn settle(&mut self, subband: usize, isa: impl Instructions) -> Result<u32, Contradiction> {
        let (digit, band) = (subband % 9, subband / 9);
        let presence = isa.presence(self.masks[subband]);
        let mask = self.masks[subband] & BAND_PLACEMENTS[presence];
        if mask == 0 {
            return Err(Contradiction);
        }

        let sole_columns = SOLE_COLUMNS[columns_of(mask) as usize];
        let mut narrowed = self.clear_in_other_bands(digit, band, sole_columns);

        // Clearing fixed cells again is harmless, and cheaper than a branch on whether any is new.
        // They leave every mask of the band in one sweep, this digit's too, whose mask is then
        // written whole.
        let fixed = mask & SOLE_MINIROWS[presence] & sole_columns;
        self.unsolved[band] &= !fixed;
        let in_band = clear_cells(
            (&mut self.masks[9 * band..9 * band + 9])
                .try_into()
                .expect("nine masks"),
            fixed,
        );
        narrowed |= in_band << (9 * band);
        self.masks[subband] = mask;
        Ok(narrowed)
    }

    /// Settles every mask that changed since it was last settled, until none did. False on a
    /// contradiction, which leaves the board half settled: the search drops it.
    #[inline(always)]
    fn settle_all(&mut self, isa: impl Instructions) -> bool {
        let mut unsettled = std::mem::take(&mut self.unsettled);
        while unsettled != 0 {
            // One pass over the masks unsettled as it begins; what it narrows waits for the next.
            let mut changed = std::mem::take(&mut unsettled);
            while changed != 0 {
                let subband = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                // Settled now, the mask no longer waits for the next pass.
                let Ok(narrowed) = self.settle(subband, isa) else {
                    return false;
                };
                unsettled = (unsettled | narrowed) & !(1 << subband);
            }
        }
        true
    }

    /// Counts, bit-sliced over the nine digits, how many candidates each cell of a band has:
    /// the cells with at least one, at least two and at least three.
    #[inline]
    fn candidate_counts(&self, band: usize) -> (u32, u32, u32) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for digit in 0..9 {
            let mask = self.masks[subband(digit, band)];
            three |= two & mask;
            two |= one & mask;
            one |= mask;
        }
        (one, two, three)
    }

    /// The digit (0-8) of the first candidate at `bit` of `band`, if any.
    #[inline(always)]
    fn first_candidate_in(&self, band: usize, bit: usize) -> Option<usize> {
        let set = self.candidates_in(band, bit);
        (set != 0).then(|| set.trailing_zeros() as usize)
    }

    /// The candidates of `cell` as a 9-bit mask, bit `d` for digit `d` (0-8).
    pub(super) fn candidates(&self, cell: usize) -> u32 {
        let (band, bit) = band_and_bit(cell);
        self.candidates_in(band, bit)
    }

    /// The candidates at `bit` of `band` as a 9-bit mask, bit `d` for digit `d` (0-8):
    /// gathered without a branch on each digit, which no predictor could guess (5% faster on
    /// puzzles solved in a straight dive, where a guess reads them once a node).
    #[inline(always)]
    fn candidates_in(&self, band: usize, bit: usize) -> u32 {
        let mut set = 0;
        for digit in 0..9 {
            set |= ((self.masks[subband(digit, band)] >> bit) & 1) << digit;
        }
        set
    }

    /// Places every naked single. `Err` on a contradiction (a cell without candidates), else
    /// `Ok(None)` when a placement narrowed a mask (so the band logic has more to do), or
    /// `Ok(Some(pairs))` when none did: per band, the cells with two candidates.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<Option<[u32; 3]>, Contradiction> {
        let mut placed = false;
        let mut pairs = [0; 3];
        for (band, pairs) in pairs.iter_mut().enumerate() {
            let (one, two, three) = self.candidate_counts(band);
            if one != BAND_BITS {
                return Err(Contradiction);
            }
            *pairs = two & !three;
            let mut singles = one & !two & self.unsolved[band];
            while singles != 0 {
                let bit = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken the cell's last candidate.
                let digit = self.first_candidate_in(band, bit).ok_or(Contradiction)?;
                // Only a placement that narrowed a mask gives the band logic more to do.
                placed |= self.place(digit, band, bit);
            }
        }
        Ok((!placed).then_some(pairs))
    }

    /// The band logic along the stacks, for every digit (see `stacks.rs`). Returns whether
    /// any mask narrowed; the next [`Board::settle_all`] settles them (and finds a box left
    /// without a place for a digit).
    #[inline]
    fn match_stacks(&mut self) -> bool {
        let narrowed = super::stacks::match_stacks(&mut self.masks);
        self.unsettled |= narrowed;
        narrowed != 0
    }

    /// Propagates everything the rules force, cheapest rule first; with the band logic along
    /// the stacks as a last rule when `STACKS` is set (more work a node, for smaller trees once
    /// a search has met a dead end). Inlined into the search, so that it is compiled for the
    /// search's `isa`.
    #[inline(always)]
    pub(super) fn propagate_with<const STACKS: bool, I: Instructions>(
        &mut self,
        isa: I,
    ) -> Progress {
        loop {
            if !self.settle_all(isa) {
                return Progress::Contradiction;
            }
            if self.unsolved == [0; 3] {
                return Progress::Solved;
            }
            match self.naked_singles() {
                Err(Contradiction) => return Progress::Contradiction,
                Ok(None) => continue,
                Ok(Some(pairs)) => {
                    if STACKS && self.match_stacks() {
                        continue;
                    }
                    return Progress::Stuck { pairs };
                }
            }
        }
    }

    /// The open cell to guess on: one of `pairs` (per band, the cells with two candidates) if
    /// there is one, else the cell that `fallback` picks.
    #[inline(always)]
    pub(super) fn guess_cell(&self, pairs: [u32; 3], fallback: Fallback) -> Guess {
        // Open cells per box, a byte per stack: band by band, then summed over the grid.
        let band_boxes_open: [u32; 3] =
            std::array::from_fn(|band| count_per_box(self.unsolved[band]));
        let stacks_open = band_boxes_open[0] + band_boxes_open[1] + band_boxes_open[2];
        // The best box holding a pair, as `score << 4 | (15 - box)`: the highest score wins,
        // and the first box in reading order among equals. Zero when no box holds a pair.
        let mut best = 0;
        for (band, (&band_pairs, &boxes_open)) in pairs.iter().zip(&band_boxes_open).enumerate() {
            // Score a pair by the open cells of its band and of its stack: the more it touches,
            // the more a guess there propagates. One pair per box is enough to look at.
            // Multiplying by 0x010101 adds the three bytes into the third.
            let band_open = (boxes_open.wrapping_mul(0x01_01_01) >> 16) & 0xFF;
            for stack in 0..3 {
                let score = band_open + ((stacks_open >> (8 * stack)) & 0xFF);
                let key = score << 4 | (15 - (3 * band + stack) as u32);
                if band_pairs & STACK_IN_BAND << (3 * stack) != 0 {
                    best = best.max(key);
                }
            }
        }
        if best != 0 {
            let best_box = 15 - (best & 15) as usize;
            let (band, stack) = (best_box / 3, best_box % 3);
            let in_box = pairs[band] & STACK_IN_BAND << (3 * stack);
            return Guess {
                cell: 27 * band + in_box.trailing_zeros() as usize,
                two_candidates: true,
            };
        }
        match fallback {
            Fallback::FirstOpenCells => self.fewest_of_first_open_cells(),
            Fallback::FewestCandidates => self.first_with_fewest_candidates(),
        }
    }

    /// JCZSolve's rule, which the `sudoku` crate follows too: of the first open cell of each
    /// band, the one with the fewest candidates.
    fn fewest_of_first_open_cells(&self) -> Guess {
        let cell = (0..3)
            .filter(|&band| self.unsolved[band] != 0)
            .map(|band| 27 * band + self.unsolved[band].trailing_zeros() as usize)
            .min_by_key(|&cell| self.candidates(cell).count_ones())
            .expect("a board that is stuck has open cells");
        Guess {
            cell,
            two_candidates: false,
        }
    }

    /// The first open cell with the fewest candidates: every open cell's candidates are
    /// counted in binary, bit-sliced.
    fn first_with_fewest_candidates(&self) -> Guess {
        let counters: [[u32; 4]; 3] = std::array::from_fn(|band| {
            let mut bits = [0u32; 4];
            for digit in 0..9 {
                let mut carry = self.masks[subband(digit, band)] & self.unsolved[band];
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
                    return Guess {
                        cell: 27 * band + exactly.trailing_zeros() as usize,
                        two_candidates: false,
                    };
                }
            }
        }
        unreachable!("a board that is stuck has open cells with candidates")
    }

    /// The solved grid; only meaningful once every cell is fixed.
    pub(super) fn solution(&self) -> Grid {
        // Each band is written into 32 bytes, so that no cell index needs a bounds check,
        // then copied into place.
        let mut bands = [[0u8; 32]; 3];
        for digit in 0..9 {
            for (band, cells) in bands.iter_mut().enumerate() {
                // Solved, each mask holds one cell per row: three, found without a loop
                // that ends on the data.
                let mut bits = self.masks[subband(digit, band)];
                debug_assert_eq!(bits.count_ones(), 3, "one cell per row once solved");
                for _row in 0..3 {
                    cells[bits.trailing_zeros() as usize & 31] = digit as u8 + 1;
                    bits &= bits.wrapping_sub(1);
                }
            }
        }
        let mut cells = [0u8; CELLS];
        for (cells, band) in cells.chunks_exact_mut(BAND_CELLS).zip(&bands) {
            cells.copy_from_slice(&band[..BAND_CELLS]);
        }
        Grid::from_digits(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::super::isa::Portable;
    use super::super::tests::{COLUMN_PUZZLE, random_puzzle};
    use super::*;

    #[test]
    fn the_two_fallbacks_pick_different_cells_without_pairs() {
        // Row 5 holds 1-6 in columns 1-6: r5c7-r5c9 keep {7, 8, 9}, every other open cell keeps
        // six or more candidates, and nothing follows without a guess.
        let text = format!("{}123456...{}", ".".repeat(36), ".".repeat(36));
        let grid: Grid = text.parse().expect("test puzzle parses");
        let mut board = Board::from_givens(&Givens::of(&grid));
        let Progress::Stuck { pairs } = board.propagate_with::<false, _>(Portable) else {
            panic!("the puzzle needs a guess");
        };
        assert_eq!(pairs, [0; 3]);
        // First open cells: r1c1 (8 candidates), r4c1 (6: not 1-3), r7c1 (8).
        let first = board.guess_cell(pairs, Fallback::FirstOpenCells);
        assert_eq!((first.cell, first.two_candidates), (27, false));
        // The first cell with three candidates, the fewest anywhere: r5c7.
        let fewest = board.guess_cell(pairs, Fallback::FewestCandidates);
        assert_eq!((fewest.cell, fewest.two_candidates), (42, false));
        assert_eq!(board.candidates(42), 0b111_000_000);
    }

    #[test]
    fn the_stacks_solve_what_the_band_rules_leave_open() {
        let grid: Grid = COLUMN_PUZZLE.parse().expect("test puzzle parses");
        let start = Board::from_givens(&Givens::of(&grid));
        let mut plain = start;
        assert!(matches!(
            plain.propagate_with::<false, _>(Portable),
            Progress::Stuck { .. }
        ));
        let mut stacks = start;
        assert!(matches!(
            stacks.propagate_with::<true, _>(Portable),
            Progress::Solved
        ));
        let solution = stacks.solution();
        assert!(solution.is_solution_of(&grid));
    }

    #[test]
    fn a_stack_that_cannot_place_a_digit_is_a_contradiction() {
        // Column 3 can take the digit 1 nowhere: the three boxes of the first stack are left
        // two columns for three.
        let without_column_3 = || {
            let mut board = Board::EMPTY;
            for band in 0..3 {
                board.masks[subband(0, band)] &= !cells_in_columns(0b100);
            }
            board
        };
        assert!(matches!(
            without_column_3().propagate_with::<true, _>(Portable),
            Progress::Contradiction
        ));
        // The band rules alone do not see it: every box still has two columns for the digit.
        assert!(matches!(
            without_column_3().propagate_with::<false, _>(Portable),
            Progress::Stuck { .. }
        ));
    }

    #[test]
    fn boxes_of_a_stack_take_different_columns() {
        // A column left to one box: that box loses its other two columns.
        let mut board = Board::EMPTY;
        for band in 1..3 {
            board.masks[subband(0, band)] &= !cells_in_columns(0b001);
        }
        assert!(board.match_stacks());
        assert_eq!(board.masks[subband(0, 0)] & cells_in_columns(0b110), 0);
        assert_ne!(board.masks[subband(0, 0)] & cells_in_columns(0b001), 0);
        assert!(!board.match_stacks());
        // Two boxes left the same two columns: the third box loses both.
        let mut board = Board::EMPTY;
        for band in 0..2 {
            board.masks[subband(4, band)] &= !cells_in_columns(0b100_000_000);
        }
        assert!(board.match_stacks());
        assert_eq!(
            board.masks[subband(4, 2)] & cells_in_columns(0b011_000_000),
            0
        );
        assert_ne!(
            board.masks[subband(4, 2)] & cells_in_columns(0b100_000_000),
            0
        );
        // The other digits are untouched.
        let mut untouched = (0..27).filter(|&i| i % 9 != 4);
        assert!(
            untouched.all(|i| board.masks[i] == BAND_BITS),
            "{:?}",
            board.masks
        );
        assert!(!board.match_stacks());
    }

    /// True when settling again any mask not marked unsettled would change nothing: every
    /// write that narrowed a mask marked it.
    fn narrowed_masks_are_marked(board: &Board) -> bool {
        (0..27)
            .filter(|subband| board.unsettled & 1 << subband == 0)
            .all(|subband| {
                let mut again = *board;
                again.settle(subband, Portable).is_ok() && again.masks == board.masks
            })
    }

    proptest::proptest! {
        /// Propagation stops only where nothing more follows, because every write that
        /// narrows a mask (a guess placed or ruled out, a naked single, the stacks' rule, the
        /// band logic itself) leaves it marked to be settled again. Down a path of guesses
        /// from random puzzles (the first or the other branch in turn, the stacks' rule at
        /// every other level), each guess marks what it narrows, and every stuck position is
        /// settled everywhere and holds no naked single.
        #[test]
        fn propagation_stops_at_its_fixed_point(seed in 0u64..1_000_000, keep in 0.1f64..0.5) {
            let (_, puzzle) = random_puzzle(seed, keep);
            let mut board = Board::from_givens(&Givens::of(&puzzle));
            for depth in 0..12 {
                let stacks = depth % 2 == 1;
                let progress = match stacks {
                    true => board.propagate_with::<true, _>(Portable),
                    false => board.propagate_with::<false, _>(Portable),
                };
                let Progress::Stuck { pairs } = progress else {
                    break;
                };
                proptest::prop_assert_eq!(board.unsettled, 0);
                proptest::prop_assert!(narrowed_masks_are_marked(&board), "{puzzle}, {depth}");
                let (mut singles, mut matched) = (board, board);
                proptest::prop_assert!(matches!(singles.naked_singles(), Ok(Some(_))));
                if stacks {
                    proptest::prop_assert!(!matched.match_stacks());
                }
                let guess = board.guess_cell(pairs, Fallback::FewestCandidates);
                let digit = board.candidates(guess.cell).trailing_zeros() as usize;
                match depth % 4 < 2 {
                    true => board.assign(guess.cell, digit),
                    false => board.eliminate(guess.cell, digit),
                }
                proptest::prop_assert!(narrowed_masks_are_marked(&board), "{puzzle}, {depth}");
            }
        }

        /// The stacks' rule never strikes out a digit of a solution: from a random complete grid
        /// with a random half or fewer of its cells given, propagation with it keeps every
        /// cell's digit among its candidates (and so never ends in a contradiction).
        #[test]
        fn the_stacks_keep_every_solution(seed in 0u64..1_000_000, keep in 0.05f64..0.5) {
            let (solution, puzzle) = random_puzzle(seed, keep);
            let mut board = Board::from_givens(&Givens::of(&puzzle));
            let progress = board.propagate_with::<true, _>(Portable);
            proptest::prop_assert!(!matches!(progress, Progress::Contradiction));
            for (position, digit) in solution.givens() {
                let candidates = board.candidates(position.index());
                proptest::prop_assert!(candidates & 1 << digit.index() != 0, "{puzzle}");
            }
        }
    }
}
