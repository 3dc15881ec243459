//! Sets of cells as 81-bit masks, so the techniques can ask "which cells see both of these and
//! still hold 7" with a few bit operations.

use std::ops::{BitAnd, BitOr, Not, Sub};

use sudoku_engine::grid::{CELLS, Position, Unit};

/// A set of cells: bit `i` for cell index `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(u128);

const ALL_BITS: u128 = (1 << CELLS) - 1;

/// The 20 peers of each cell.
static PEERS: [CellSet; CELLS] = peer_table();

/// The cells of each unit: rows, then columns, then boxes.
static UNITS: [CellSet; 27] = unit_table();

const fn unit_table() -> [CellSet; 27] {
    let mut table = [CellSet(0); 27];
    let mut cell = 0;
    while cell < CELLS {
        let (row, column) = (cell / 9, cell % 9);
        let block = row / 3 * 3 + column / 3;
        table[row].0 |= 1 << cell;
        table[9 + column].0 |= 1 << cell;
        table[18 + block].0 |= 1 << cell;
        cell += 1;
    }
    table
}

const fn peer_table() -> [CellSet; CELLS] {
    let mut table = [CellSet(0); CELLS];
    let mut a = 0;
    while a < CELLS {
        let mut b = 0;
        while b < CELLS {
            let (pa, pb) = (Position::new(a), Position::new(b));
            let same_row = pa.row() == pb.row();
            let same_column = pa.column() == pb.column();
            let same_box = pa.block() == pb.block();
            if a != b && (same_row || same_column || same_box) {
                table[a].0 |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);

    /// The set as raw bits (bit `i` for cell index `i`), for searches that keep many sets.
    pub(crate) const fn bits(self) -> u128 {
        self.0
    }

    /// One cell.
    pub fn single(position: Position) -> CellSet {
        CellSet(1 << position.index())
    }

    /// The cells of a unit.
    pub fn unit(unit: Unit) -> CellSet {
        match unit {
            Unit::Row(r) => UNITS[usize::from(r)],
            Unit::Column(c) => UNITS[9 + usize::from(c)],
            Unit::Box(b) => UNITS[18 + usize::from(b)],
        }
    }

    /// The row, column and box of `position`.
    pub fn units_of(position: Position) -> [Unit; 3] {
        [
            Unit::Row(position.row() as u8),
            Unit::Column(position.column() as u8),
            Unit::Box(position.block() as u8),
        ]
    }

    /// The 20 cells sharing a row, column or box with `position`.
    pub fn peers(position: Position) -> CellSet {
        PEERS[position.index()]
    }

    /// The cells that see every cell of `self` (none of `self` itself). Every cell for an
    /// empty set.
    pub fn common_peers(self) -> CellSet {
        self.iter()
            .fold(CellSet(ALL_BITS), |seen, p| seen & CellSet::peers(p))
    }

    /// True when `position` is in the set.
    pub fn contains(self, position: Position) -> bool {
        self.0 & (1 << position.index()) != 0
    }

    /// Adds a cell.
    pub fn insert(&mut self, position: Position) {
        self.0 |= 1 << position.index();
    }

    /// How many cells.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True for the empty set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first cell, in reading order.
    pub fn first(self) -> Option<Position> {
        (self.0 != 0).then(|| Position::new(self.0.trailing_zeros() as usize))
    }

    /// The cells in reading order.
    pub fn iter(self) -> impl Iterator<Item = Position> {
        cell_indices(self.0).map(Position::new)
    }

    /// The row all the cells share, if they do.
    pub fn row(self) -> Option<usize> {
        let first = self.first()?;
        self.iter()
            .all(|p| p.row() == first.row())
            .then(|| first.row())
    }

    /// The column all the cells share, if they do.
    pub fn column(self) -> Option<usize> {
        let first = self.first()?;
        self.iter()
            .all(|p| p.column() == first.column())
            .then(|| first.column())
    }

    /// The box all the cells share, if they do.
    pub fn block(self) -> Option<usize> {
        let first = self.first()?;
        self.iter()
            .all(|p| p.block() == first.block())
            .then(|| first.block())
    }
}

impl FromIterator<Position> for CellSet {
    fn from_iter<I: IntoIterator<Item = Position>>(cells: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for p in cells {
            set.insert(p);
        }
        set
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }
}

impl Sub for CellSet {
    type Output = CellSet;
    fn sub(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    fn not(self) -> CellSet {
        CellSet(!self.0 & ALL_BITS)
    }
}

/// The cell indices of a raw cell bit set (bit `i` for cell `i`), in reading order: for the
/// searches that keep sets as bits.
pub(crate) fn cell_indices(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let cell = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            cell
        })
    })
}

/// True when two different cells share a row, column or box.
pub fn sees(a: Position, b: Position) -> bool {
    CellSet::peers(a).contains(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_and_common_peers() {
        let center = Position::at(4, 4);
        assert_eq!(CellSet::peers(center).len(), 20);
        assert!(!CellSet::peers(center).contains(center));
        let pair: CellSet = [Position::at(0, 0), Position::at(0, 8)]
            .into_iter()
            .collect();
        // Cells seeing both ends of row 1: the rest of row 1.
        assert_eq!(pair.common_peers(), CellSet::unit(Unit::Row(0)) - pair);
        assert_eq!(pair.row(), Some(0));
        assert_eq!(pair.block(), None);
        assert_eq!(pair.iter().count(), 2);
    }
}
