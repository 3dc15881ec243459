//! The grid as HoDoKu's tables see it: per cell its value and candidates, per digit the cells
//! holding it, per unit and digit how many places are left, and (for forcing nets, which play
//! singles forward) the queues of naked and hidden singles in the order setting and removing
//! candidates reveals them.

use crate::{Candidates, CellSet};
use sudoku_engine::grid::{CELLS, Position};

/// The cells of each unit as bits: rows 0-8, columns 9-17, boxes 18-26.
pub(super) fn unit_bits(unit: usize) -> u128 {
    CellSet::unit(unit_of_index(unit)).bits()
}

/// The unit numbered as HoDoKu numbers its constraints.
fn unit_of_index(unit: usize) -> sudoku_engine::grid::Unit {
    use sudoku_engine::grid::Unit;
    match unit {
        0..=8 => Unit::Row(unit as u8),
        9..=17 => Unit::Column((unit - 9) as u8),
        _ => Unit::Box((unit - 18) as u8),
    }
}

/// The cell's row, column and box, as unit numbers.
pub(super) fn units_of(cell: usize) -> [usize; 3] {
    Position::new(cell).unit_numbers()
}

/// The 20 peers of a cell as bits.
pub(super) fn peers(cell: usize) -> u128 {
    CellSet::peers(Position::new(cell)).bits()
}

pub(super) use crate::cells::cell_indices as cells;

/// The lowest cell of a non-empty set.
pub(super) fn first(bits: u128) -> usize {
    bits.trailing_zeros() as usize
}

pub(super) use super::super::digits;

/// One state of the grid.
#[derive(Clone)]
pub(super) struct Board {
    /// The digit in each cell, 0 when open.
    pub values: [u8; CELLS],
    /// Each open cell's candidates, bit `d` for digit `d`.
    pub marks: [u16; CELLS],
    /// Per digit (1-9), the open cells holding it.
    pub places: [u128; 10],
    /// Per unit and digit, how many open cells of the unit hold the digit.
    pub free: [[u8; 10]; 27],
    /// Cells that became naked singles, with their digit, in the order they did.
    pub naked: Vec<(usize, u8)>,
    /// Cells that became the last place of a digit in some unit, in the order they did.
    pub hidden: Vec<(usize, u8)>,
}

impl Board {
    /// Whether `other` holds the same values and candidates (its places and counts follow
    /// from them; its queues are not compared).
    pub fn same_grid(&self, other: &Board) -> bool {
        self.values == other.values && self.marks == other.marks
    }

    /// The board of a candidate state, with empty queues (when the tables are built, every
    /// single has been taken, so none of HoDoKu's older queue entries can still apply).
    pub fn of(candidates: &Candidates) -> Board {
        let mut board = Board {
            values: [0; CELLS],
            marks: [0; CELLS],
            places: [0; 10],
            free: [[0; 10]; 27],
            naked: Vec::new(),
            hidden: Vec::new(),
        };
        for position in Position::all() {
            let cell = position.index();
            board.values[cell] = candidates.value(position).unwrap_or(0);
            board.marks[cell] = candidates.mark_bits(position);
            for digit in digits(board.marks[cell]) {
                board.places[usize::from(digit)] |= 1 << cell;
                for unit in units_of(cell) {
                    board.free[unit][usize::from(digit)] += 1;
                }
            }
        }
        board
    }

    /// Becomes a copy of `other`, keeping its own queues' room.
    pub fn reset_to(&mut self, other: &Board) {
        self.values = other.values;
        self.marks = other.marks;
        self.places = other.places;
        self.free = other.free;
        self.naked.clear();
        self.naked.extend_from_slice(&other.naked);
        self.hidden.clear();
        self.hidden.extend_from_slice(&other.hidden);
    }

    /// The filled cells as bits.
    pub fn solved(&self) -> u128 {
        (0..CELLS)
            .filter(|&cell| self.values[cell] != 0)
            .fold(0, |bits, cell| bits | 1 << cell)
    }

    /// Removes a candidate, noting the naked and hidden singles it makes.
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << digit;
        if self.marks[cell] & bit == 0 {
            return;
        }
        self.marks[cell] &= !bit;
        self.places[usize::from(digit)] &= !(1 << cell);
        for unit in units_of(cell) {
            self.free[unit][usize::from(digit)] -= 1;
            if self.free[unit][usize::from(digit)] == 1 {
                let left = self.places[usize::from(digit)] & unit_bits(unit);
                if left != 0 {
                    self.hidden.push((first(left), digit));
                }
            }
        }
        let left = self.marks[cell];
        if left != 0 && left & (left - 1) == 0 {
            self.naked.push((cell, left.trailing_zeros() as u8));
        }
    }

    /// Fills a cell: the digit leaves the peers, then the cell's other candidates go.
    pub fn set(&mut self, cell: usize, digit: u8) {
        if self.values[cell] == digit {
            return;
        }
        self.values[cell] = digit;
        for peer in cells(peers(cell)) {
            self.eliminate(peer, digit);
        }
        let old = self.marks[cell];
        self.marks[cell] = 0;
        for other in digits(old) {
            self.places[usize::from(other)] &= !(1 << cell);
            for unit in units_of(cell) {
                self.free[unit][usize::from(other)] -= 1;
                if self.free[unit][usize::from(other)] == 1 && other != digit {
                    let left = self.places[usize::from(other)] & unit_bits(unit);
                    if left != 0 {
                        self.hidden.push((first(left), other));
                    }
                }
            }
        }
    }

    /// Every single the queues hold now, as HoDoKu's nets collect them before playing them:
    /// the naked ones still open, then the hidden ones still open, still holding their digit
    /// and still alone in some unit (each cell once among the hidden ones). `true` marks a
    /// naked single.
    pub fn singles(&self) -> Vec<(usize, u8, bool)> {
        let mut found: Vec<(usize, u8, bool)> = self
            .naked
            .iter()
            .filter(|&&(cell, _)| self.values[cell] == 0)
            .map(|&(cell, digit)| (cell, digit, true))
            .collect();
        let mut seen = 0u128;
        for &(cell, digit) in &self.hidden {
            if self.values[cell] != 0 || seen & 1 << cell != 0 {
                continue;
            }
            if self.marks[cell] & 1 << digit == 0 {
                continue;
            }
            if units_of(cell)
                .iter()
                .any(|&unit| self.free[unit][usize::from(digit)] == 1)
            {
                found.push((cell, digit, false));
                seen |= 1 << cell;
            }
        }
        found
    }
}
