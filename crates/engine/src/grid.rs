//! The 9x9 grid: cells and givens, positions and units, the two text layouts, and validity checks.

use std::fmt;

use crate::digit::{Digit, DigitSet};

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// Number of cells in a band: three rows.
pub const BAND_CELLS: usize = 27;

/// A cell's position, counted from 0 in row-major order; prints as `r3c7` (counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(u8);

impl Position {
    /// The position of cell `index` (0-80). Panics when out of range.
    #[inline]
    pub const fn new(index: usize) -> Position {
        assert!(index < CELLS, "cell index is out of range");
        Position(index as u8)
    }

    /// All 81 positions, in reading order.
    #[inline]
    pub fn all() -> impl Iterator<Item = Position> {
        (0..CELLS).map(Position::new)
    }

    /// The position at `row` and `column`, both counted from 0.
    #[inline]
    pub fn at(row: usize, column: usize) -> Position {
        Position::new(row * 9 + column)
    }

    /// The cell index, 0-80.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row, counted from 0.
    #[inline]
    pub const fn row(self) -> usize {
        self.index() / 9
    }

    /// The column, counted from 0.
    #[inline]
    pub const fn column(self) -> usize {
        self.index() % 9
    }

    /// The box, counted from 0 left to right, top to bottom.
    #[inline]
    pub const fn block(self) -> usize {
        self.row() / 3 * 3 + self.column() / 3
    }

    /// Its row, column and box as unit numbers 0-26, in the order of [`Unit::all`]: the row
    /// (0-8), 9 + the column, 18 + the box.
    #[inline]
    pub const fn unit_numbers(self) -> [usize; 3] {
        [self.row(), 9 + self.column(), 18 + self.block()]
    }

    /// The band (three rows, 27 cells), counted from 0 top to bottom.
    #[inline]
    pub const fn band(self) -> usize {
        self.index() / BAND_CELLS
    }

    /// The cell's place within its band, 0-26, in reading order.
    #[inline]
    pub const fn index_in_band(self) -> usize {
        self.index() % BAND_CELLS
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.column() + 1)
    }
}

/// A row, column or box; prints as `row 3`, `column 7`, `box 5` (counted from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// A row, counted from 0.
    Row(u8),
    /// A column, counted from 0.
    Column(u8),
    /// A box, counted from 0 left to right, top to bottom.
    Box(u8),
}

impl Unit {
    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..9)
            .map(Unit::Row)
            .chain((0..9).map(Unit::Column))
            .chain((0..9).map(Unit::Box))
    }

    /// The nine cells of the unit, in reading order.
    pub fn cells(self) -> impl Iterator<Item = Position> {
        (0..9).map(move |i| match self {
            Unit::Row(r) => Position::at(usize::from(r), i),
            Unit::Column(c) => Position::at(i, usize::from(c)),
            Unit::Box(b) => {
                let (b, i) = (usize::from(b), i);
                Position::at(b / 3 * 3 + i / 3, b % 3 * 3 + i % 3)
            }
        })
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// A digit found more than once in one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The unit holding the repeated digit.
    pub unit: Unit,
    /// The repeated digit.
    pub digit: Digit,
    /// Every cell of the unit holding it, in reading order (two or more).
    pub cells: Vec<Position>,
}

impl fmt::Display for Conflict {
    /// `row 3: digit 5 at r3c1 and r3c7`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: digit {} at ", self.unit, self.digit)?;
        let last = self.cells.len() - 1;
        for (i, cell) in self.cells.iter().enumerate() {
            match i {
                0 => {}
                _ if i == last => f.write_str(" and ")?,
                _ => f.write_str(", ")?,
            }
            write!(f, "{cell}")?;
        }
        Ok(())
    }
}

/// A 9x9 grid of digits 1-9, with 0 for an empty cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

impl Grid {
    /// The grid with every cell empty.
    pub const fn empty() -> Grid {
        Grid { cells: [0; CELLS] }
    }

    /// A grid from 81 cell values in row-major order, 0 for empty; `None` if a value exceeds 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        cells.iter().all(|&d| d <= 9).then_some(Grid { cells })
    }

    /// A grid from 81 cell values that the caller built from digits 1-9 itself (the engine's
    /// solutions): not checked again, where a check of every cell would cost a solve 1-2%.
    pub(crate) fn from_digits(cells: [u8; CELLS]) -> Grid {
        debug_assert!(cells.iter().all(|&d| (1..=9).contains(&d)));
        Grid { cells }
    }

    /// The 81 cell values in row-major order, 0 for empty.
    #[inline]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The digit at `position`, or `None` when the cell is empty.
    #[inline]
    pub fn get(&self, position: Position) -> Option<Digit> {
        Digit::new(self.cells[position.index()])
    }

    /// Sets the cell at `position` to `digit`, or empties it with `None`.
    #[inline]
    pub fn set(&mut self, position: Position, digit: Option<Digit>) {
        self.cells[position.index()] = digit.map_or(0, Digit::get);
    }

    /// The filled cells with their digits, in reading order.
    pub fn givens(&self) -> impl Iterator<Item = (Position, Digit)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, &d)| Some((Position::new(i), Digit::new(d)?)))
    }

    /// How many cells are filled.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// True when every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Every digit that appears more than once in a unit, rows first, then columns, then boxes.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let mut found = Vec::new();
        // The common case, a grid without a clash, without an allocation.
        if !self.has_clash() {
            return found;
        }
        for unit in Unit::all() {
            let mut seen: [Vec<Position>; 9] = Default::default();
            for position in unit.cells() {
                if let Some(digit) = self.get(position) {
                    seen[digit.index()].push(position);
                }
            }
            for (index, cells) in seen.into_iter().enumerate() {
                if cells.len() > 1 {
                    found.push(Conflict {
                        unit,
                        digit: Digit::from_index(index),
                        cells,
                    });
                }
            }
        }
        found
    }

    /// The first clash among the filled cells, if any; cheap when there is none.
    pub fn first_conflict(&self) -> Option<Conflict> {
        self.conflicts().into_iter().next()
    }

    /// True when some digit appears twice in a unit: one pass over the cells, a bit per digit
    /// and unit.
    fn has_clash(&self) -> bool {
        let mut used = [0u16; 27];
        for (position, digit) in self.givens() {
            let bit = DigitSet::single(digit).bits();
            let units = position.unit_numbers();
            if units.iter().any(|&u| used[u] & bit != 0) {
                return true;
            }
            for u in units {
                used[u] |= bit;
            }
        }
        false
    }

    /// True when this grid is complete, has no clash, and keeps every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.is_complete()
            && self.first_conflict().is_none()
            && puzzle
                .givens()
                .all(|(position, digit)| self.get(position) == Some(digit))
    }

    /// The grid on one line, as bytes: 81 characters, `.` for an empty cell.
    pub fn line_bytes(&self) -> [u8; CELLS] {
        let mut line = [0u8; CELLS];
        for (byte, &digit) in line.iter_mut().zip(&self.cells) {
            *byte = if digit == 0 { b'.' } else { b'0' + digit };
        }
        line
    }

    /// The grid as 9 lines with box separators, as people print it (see [`Block`]).
    pub fn block(&self) -> Block<'_> {
        Block(self)
    }
}

/// Prints the grid on one line: 81 characters, `.` for an empty cell.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.line_bytes();
        f.write_str(std::str::from_utf8(&line).expect("digits and dots are ASCII"))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

/// A grid shown as 9 lines of 9 cells with box separators, each line ended by a newline:
///
/// ```text
/// 5 3 4 | 6 7 8 | 9 1 2
/// 6 7 2 | 1 9 5 | 3 4 8
/// 1 9 8 | 3 4 2 | 5 6 7
/// ------+-------+------
/// ```
pub struct Block<'a>(&'a Grid);

impl fmt::Display for Block<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..9 {
            if row == 3 || row == 6 {
                f.write_str("------+-------+------\n")?;
            }
            for column in 0..9 {
                match column {
                    0 => {}
                    3 | 6 => f.write_str(" | ")?,
                    _ => f.write_str(" ")?,
                }
                match self.0.get(Position::at(row, column)) {
                    Some(digit) => write!(f, "{digit}")?,
                    None => f.write_str(".")?,
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The clashes found are exactly the digits seen more than once in a unit, counted
        /// the slow way, whether the grid has none (the quick pass) or some.
        #[test]
        fn conflicts_are_the_digits_a_unit_repeats(
            kept in proptest::collection::vec(any::<bool>(), CELLS),
            changes in proptest::collection::vec((0..CELLS, 1..=9u8), 0..3),
        ) {
            // A solution with cells blanked (no clash) and up to two cells changed (maybe some).
            let solution =
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
            let mut cells: Vec<u8> = solution
                .bytes()
                .zip(&kept)
                .map(|(digit, &keep)| if keep { digit - b'0' } else { 0 })
                .collect();
            for (index, digit) in changes {
                cells[index] = digit;
            }
            let grid = Grid::from_cells(cells.clone().try_into().unwrap()).unwrap();
            let mut expected = Vec::new();
            for unit in Unit::all() {
                for digit in 1..=9u8 {
                    let count = unit.cells().filter(|p| cells[p.index()] == digit).count();
                    if count > 1 {
                        expected.push((unit, digit, count));
                    }
                }
            }
            let found: Vec<(Unit, u8, usize)> = grid
                .conflicts()
                .iter()
                .map(|c| (c.unit, c.digit.get(), c.cells.len()))
                .collect();
            prop_assert_eq!(&found, &expected);
            prop_assert_eq!(grid.first_conflict().is_some(), !expected.is_empty());
        }
    }

    #[test]
    fn positions_print_from_one() {
        assert_eq!(Position::at(2, 6).to_string(), "r3c7");
        assert_eq!(Position::at(4, 4).block(), 4);
        assert_eq!(Position::at(8, 0).block(), 6);
    }

    #[test]
    fn box_cells_are_in_reading_order() {
        let cells: Vec<String> = Unit::Box(4).cells().map(|p| p.to_string()).collect();
        assert_eq!(
            cells,
            [
                "r4c4", "r4c5", "r4c6", "r5c4", "r5c5", "r5c6", "r6c4", "r6c5", "r6c6"
            ]
        );
    }

    #[test]
    fn conflicts_name_unit_digit_and_cells() {
        let mut grid = Grid::empty();
        grid.set(Position::at(2, 0), Digit::new(5));
        grid.set(Position::at(2, 6), Digit::new(5));
        grid.set(Position::at(2, 8), Digit::new(5));
        let conflicts = grid.conflicts();
        assert_eq!(
            conflicts[0].to_string(),
            "row 3: digit 5 at r3c1, r3c7 and r3c9"
        );
        assert_eq!(conflicts[1].to_string(), "box 3: digit 5 at r3c7 and r3c9");
        assert_eq!(conflicts.len(), 2);
        assert_eq!(grid.first_conflict(), Some(conflicts[0].clone()));
    }

    #[test]
    fn block_layout_has_separators() {
        let grid: Grid = "1".repeat(81).parse().unwrap();
        let text = grid.block().to_string();
        assert_eq!(text.lines().count(), 11);
        assert_eq!(text.lines().next(), Some("1 1 1 | 1 1 1 | 1 1 1"));
        assert_eq!(text.lines().nth(3), Some("------+-------+------"));
    }

    #[test]
    fn line_layout_uses_dots() {
        let mut grid = Grid::empty();
        grid.set(Position::new(0), Digit::new(7));
        assert_eq!(grid.to_string(), format!("7{}", ".".repeat(80)));
    }
}
