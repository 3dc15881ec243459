//! The board as Sudoku Explainer keeps it: a value or a set of potential values per cell, and
//! its regions in the order its searches visit them (blocks, rows, columns; cells in reading
//! order within each), so that "the first step found" means the same here as there.

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
        let i = self.index;
        match self.kind {
            Kind::Block => ((i / 3) * 3 + j / 3) * 9 + (i % 3) * 3 + j % 3,
            Kind::Row => i * 9 + j,
            Kind::Column => j * 9 + i,
        }
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
        self != other && self.cells().any(|c| other.position_of(c).is_some())
    }

    /// The nine regions of `kind`.
    pub fn all(kind: Kind) -> impl Iterator<Item = Region> {
        (0..9).map(move |index| Region { kind, index })
    }
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
        let mut n = 0;
        let mut j = 0;
        while j < 9 {
            let c = ((y / 3) * 3 + j / 3) * 9 + (x / 3) * 3 + j % 3;
            if c != cell {
                all[cell][n] = c;
                n += 1;
            }
            j += 1;
        }
        j = 0;
        while j < 9 {
            let c = y * 9 + j;
            if j / 3 != x / 3 {
                all[cell][n] = c;
                n += 1;
            }
            j += 1;
        }
        j = 0;
        while j < 9 {
            let c = j * 9 + x;
            if j / 3 != y / 3 {
                all[cell][n] = c;
                n += 1;
            }
            j += 1;
        }
        cell += 1;
    }
    all
}

/// Whether two different cells share a region.
pub fn sees(a: Cell, b: Cell) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// Values and potential values (bit `v` for value `v`, 1-9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The value of each cell, 0 when empty.
    pub values: [u8; 81],
    /// The potential values of each cell; empty for a filled cell.
    pub potentials: [u16; 81],
}

impl Board {
    /// The board of `givens` (0 for blank), every value a blank cell's peers allow.
    pub fn from_givens(givens: &[u8; 81]) -> Board {
        let mut board = Board {
            values: [0; 81],
            potentials: [0; 81],
        };
        for (cell, &given) in givens.iter().enumerate() {
            if given == 0 {
                board.potentials[cell] = 0x3FE;
            }
        }
        for (cell, &given) in givens.iter().enumerate() {
            if given != 0 {
                board.set_value(cell, given);
            }
        }
        board
    }

    /// Fills `cell` with `value` and removes `value` from its peers (`setValueAndCancel`).
    pub fn set_value(&mut self, cell: Cell, value: u8) {
        self.values[cell] = value;
        self.potentials[cell] = 0;
        for &peer in house_cells(cell) {
            self.potentials[peer] &= !(1 << value);
        }
    }

    /// Whether `cell` may hold `value`.
    pub fn has(&self, cell: Cell, value: u8) -> bool {
        self.potentials[cell] & (1 << value) != 0
    }

    /// The positions (bit `j` for the region's `j`-th cell) where `value` may go in `region`.
    pub fn positions(&self, region: Region, value: u8) -> u16 {
        let mut mask = 0;
        for j in 0..9 {
            if self.has(region.cell(j), value) {
                mask |= 1 << j;
            }
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
