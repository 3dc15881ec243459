//! The board as Sudoku Explainer keeps it: a value or a set of potential values per cell, and
//! its regions in the order its searches visit them (blocks, rows, columns; cells in reading
//! order within each), so that "the first step found" means the same here as there.

use sudoku_engine::Position;

use crate::Candidates;

/// Cell index `y * 9 + x`.
pub type Cell = usize;

/// A kind of region; the order of [`KINDS`] is the order Sudoku Explainer visits them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A 3x3 box.
    Block,
    /// A row.
    Row,
    /// A column.
    Column,
}

/// Blocks, rows, columns: the order of most searches.
pub const KINDS: [Kind; 3] = [Kind::Block, Kind::Row, Kind::Column];

/// A region: its kind and number (blocks numbered in reading order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// Block, row or column.
    pub kind: Kind,
    /// 0-8.
    pub index: usize,
}

impl Region {
    /// The region of `kind` that holds `cell`.
    pub fn of(kind: Kind, cell: Cell) -> Region {
        let (y, x) = (cell / 9, cell % 9);
        let index = match kind {
            Kind::Block => (y / 3) * 3 + x / 3,
            Kind::Row => y,
            Kind::Column => x,
        };
        Region { kind, index }
    }

    /// The region's `j`-th cell.
    pub fn cell(self, j: usize) -> Cell {
        REGION_CELLS[self.kind as usize * 9 + self.index][j] as Cell
    }

    /// The region's cells in order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..9).map(move |j| self.cell(j))
    }

    /// Where `cell` sits in the region, if it does.
    pub fn position_of(self, cell: Cell) -> Option<usize> {
        (Region::of(self.kind, cell) == self).then(|| self.cells().position(|c| c == cell))?
    }

    /// Whether the two regions share a cell (and are not the same region).
    pub fn crosses(self, other: Region) -> bool {
        self != other && self.mask() & other.mask() != 0
    }

    /// The region's cells as bits.
    pub fn mask(self) -> u128 {
        REGION_MASKS[self.kind as usize * 9 + self.index]
    }

    /// The nine regions of `kind`.
    pub fn all(kind: Kind) -> impl Iterator<Item = Region> {
        (0..9).map(move |index| Region { kind, index })
    }
}

/// The cells of blocks 0-8, rows 0-8 and columns 0-8, in order.
static REGION_CELLS: [[u8; 9]; 27] = region_cells();

const fn region_cells() -> [[u8; 9]; 27] {
    let mut all = [[0; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            all[i][j] = (((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3) as u8;
            all[9 + i][j] = (i * 9 + j) as u8;
            all[18 + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    all
}

/// The cells of each region as bits, in the order of [`REGION_CELLS`].
static REGION_MASKS: [u128; 27] = region_masks();

const fn region_masks() -> [u128; 27] {
    let mut masks = [0; 27];
    let mut r = 0;
    while r < 27 {
        let mut j = 0;
        while j < 9 {
            masks[r] |= 1 << REGION_CELLS[r][j];
            j += 1;
        }
        r += 1;
    }
    masks
}

/// The cells that share a region with `cell` (not `cell` itself), in Sudoku Explainer's order:
/// its block's, then its row's, then its column's, each once.
pub fn house_cells(cell: Cell) -> &'static [Cell; 20] {
    &HOUSES[cell]
}

static HOUSES: [[Cell; 20]; 81] = houses();

const fn houses() -> [[Cell; 20]; 81] {
    let mut all = [[0; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (y, x) = (cell / 9, cell % 9);
        // The cell's block, row and column in REGION_CELLS, in that order.
        let regions = [(y / 3) * 3 + x / 3, 9 + y, 18 + x];
        let mut n = 0;
        let mut r = 0;
        while r < 3 {
            let mut j = 0;
            while j < 9 {
                let other = REGION_CELLS[regions[r]][j] as Cell;
                // Each peer once: a row's or column's cells in the block came with the block.
                let in_block = other / 27 == cell / 27 && other % 9 / 3 == x / 3;
                if other != cell && (r == 0 || !in_block) {
                    all[cell][n] = other;
                    n += 1;
                }
                j += 1;
            }
            r += 1;
        }
        cell += 1;
    }
    all
}

/// Whether two different cells share a region (the crate's peer table, by cell number).
pub fn sees(a: Cell, b: Cell) -> bool {
    crate::sees(Position::at(a / 9, a % 9), Position::at(b / 9, b % 9))
}

/// Values and potential values (bit `v` for value `v`, 1-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The value of each cell, 0 when empty.
    pub values: [u8; 81],
    /// The potential values of each cell; empty for a filled cell. Change them only through
    /// [`Board::remove`] and [`Board::set_value`], which keep `cells_with` in step.
    pub potentials: [u16; 81],
    /// For each value, the cells that may hold it (bit `cell`).
    cells_with: [u128; 10],
}

impl Board {
    /// The board of a 9x9 position: its values, and the candidates of its empty cells.
    pub fn from_candidates(candidates: &Candidates) -> Board {
        let mut board = Board {
            values: [0; 81],
            potentials: [0; 81],
            cells_with: [0; 10],
        };
        for position in Position::all() {
            let cell = position.index();
            match candidates.value(position) {
                Some(value) => board.values[cell] = value,
                None => {
                    let marks = candidates.mark_bits(position) & 0x3FE;
                    board.potentials[cell] = marks;
                    for value in values_of(marks) {
                        board.cells_with[value as usize] |= 1 << cell;
                    }
                }
            }
        }
        board
    }

    /// Fills `cell` with `value` and removes `value` from its peers (`setValueAndCancel`).
    pub fn set_value(&mut self, cell: Cell, value: u8) {
        self.values[cell] = value;
        self.remove(cell, self.potentials[cell]);
        for &peer in house_cells(cell) {
            self.remove(peer, 1 << value);
        }
    }

    /// Removes the values of `mask` from `cell`'s potential values.
    pub fn remove(&mut self, cell: Cell, mask: u16) {
        let gone = self.potentials[cell] & mask;
        self.potentials[cell] &= !mask;
        for value in values_of(gone) {
            self.cells_with[value as usize] &= !(1 << cell);
        }
    }

    /// The cells of `region` that may hold `value`, as bits of cell numbers.
    pub fn cells_in(&self, region: Region, value: u8) -> u128 {
        self.cells_with[value as usize] & region.mask()
    }

    /// Whether `cell` may hold `value`.
    pub fn has(&self, cell: Cell, value: u8) -> bool {
        self.potentials[cell] & (1 << value) != 0
    }

    /// The positions (bit `j` for the region's `j`-th cell) where `value` may go in `region`.
    pub fn positions(&self, region: Region, value: u8) -> u16 {
        let cells = &REGION_CELLS[region.kind as usize * 9 + region.index];
        let mut mask = 0;
        for (j, &cell) in cells.iter().enumerate() {
            mask |= ((self.potentials[cell as usize] >> value) & 1) << j;
        }
        mask
    }

    /// How many cells of `region` are empty.
    pub fn empty_count(&self, region: Region) -> u32 {
        region.cells().filter(|&c| self.values[c] == 0).count() as u32
    }

    /// Whether every cell has a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }
}

/// Whether `mask` has exactly two bits set (without a population count, which the baseline
/// x86-64 target does in software).
pub fn has_two(mask: u128) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The values in a potential-value mask, in increasing order.
pub fn values_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |v| mask & (1 << v) != 0)
}

/// The set bits' indices of a position mask, in increasing order.
pub fn bits(mask: u16) -> impl Iterator<Item = usize> {
    (0..16).filter(move |j| mask & (1 << j) != 0)
}

/// Every `k`-subset of `0..n` as a mask, in increasing numeric order (Sudoku Explainer's
/// `Permutations`).
pub fn subsets(k: u32, n: u32) -> impl Iterator<Item = u32> {
    let mut next = if k <= n { Some((1u32 << k) - 1) } else { None };
    std::iter::from_fn(move || {
        let current = next?;
        next = if k == 0 {
            None
        } else {
            let smallest = current & current.wrapping_neg();
            let ripple = current + smallest;
            let ones = ((current ^ ripple) >> 2) / smallest;
            let following = ripple | ones;
            (following < (1 << n)).then_some(following)
        };
        Some(current)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_are_twenty_distinct_peers_block_first() {
        for cell in 0..81 {
            let house = house_cells(cell);
            let mut seen = house.to_vec();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 20);
            assert!(house.iter().all(|&c| sees(c, cell)));
            assert!(
                house[..8]
                    .iter()
                    .all(|&c| Region::of(Kind::Block, c) == Region::of(Kind::Block, cell))
            );
        }
    }

    #[test]
    fn subsets_come_in_increasing_order() {
        let all: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(all, [0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(3, 9).count(), 84);
        assert_eq!(subsets(1, 1).count(), 1);
    }
}
