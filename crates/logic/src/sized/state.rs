//! The pencil marks of a grid of any size: a value or a set of candidate values per cell.

use std::fmt;

use sudoku_engine::sized::{Alphabet, Shape, SizedGrid};

/// A grid of any shape with its candidates: the state the techniques of this module read and
/// the steps change. Values run from 1 to the side; candidate `v` is bit `v - 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizedCandidates {
    shape: Shape,
    alphabet: Alphabet,
    values: Vec<u8>,
    marks: Vec<u64>,
}

/// Which unit: rows, then columns, then boxes, each numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizedUnit {
    /// A row, from the top.
    Row(usize),
    /// A column, from the left.
    Column(usize),
    /// A box, in reading order.
    Box(usize),
}

impl fmt::Display for SizedUnit {
    /// `row 3`, `column 12`, `box 7`: numbered from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizedUnit::Row(r) => write!(f, "row {}", r + 1),
            SizedUnit::Column(c) => write!(f, "column {}", c + 1),
            SizedUnit::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

impl SizedCandidates {
    /// The pencil marks of `grid`, written in `alphabet`: every value not seen by a cell.
    pub fn from_grid(grid: &SizedGrid, alphabet: Alphabet) -> SizedCandidates {
        let shape = grid.shape();
        let all = all_values(shape.size());
        let mut state = SizedCandidates {
            shape,
            alphabet,
            values: grid.cells().to_vec(),
            marks: vec![all; shape.cells()],
        };
        for cell in 0..shape.cells() {
            let value = state.values[cell];
            if value != 0 {
                state.values[cell] = 0;
                state.place(cell, value);
            }
        }
        state
    }

    /// The state of candidate sets `marks` (one word per cell), written in `alphabet`: a cell
    /// with one candidate that no peer shares is filled, every other cell is open with its
    /// marks (see [`SizedCandidates::from_text`]).
    pub(super) fn from_marks(shape: Shape, alphabet: Alphabet, marks: &[u64]) -> SizedCandidates {
        let mut state = SizedCandidates {
            shape,
            alphabet,
            values: vec![0; shape.cells()],
            marks: marks.to_vec(),
        };
        for (cell, &bits) in marks.iter().enumerate() {
            let single = bits != 0 && bits & (bits - 1) == 0;
            let shared = state
                .units_of(cell)
                .into_iter()
                .flat_map(|unit| state.cells_of(unit))
                .any(|peer| peer != cell && marks[peer] & bits != 0);
            if single && !shared {
                state.values[cell] = bits.trailing_zeros() as u8 + 1;
                state.marks[cell] = 0;
            }
        }
        state
    }

    /// The values each cell may still take, as bits: its value's, or its candidates.
    pub fn allowed(&self) -> Vec<u64> {
        (0..self.shape.cells()).map(|c| self.cell_bits(c)).collect()
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The alphabet values are written in.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// The side: how many cells a unit has, and how many values there are.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The value of a filled cell.
    pub fn value(&self, cell: usize) -> Option<u8> {
        Some(self.values[cell]).filter(|&v| v != 0)
    }

    /// The candidates of an open cell as bits (value `v` is bit `v - 1`); 0 for a filled one.
    pub fn marks(&self, cell: usize) -> u64 {
        self.marks[cell]
    }

    /// The open cells with exactly two candidates, in reading order.
    pub fn two_candidate_cells(&self) -> Vec<usize> {
        (0..self.marks.len())
            .filter(|&c| self.marks[c].count_ones() == 2)
            .collect()
    }

    /// True when `value` is a candidate of the open `cell`.
    pub fn has(&self, cell: usize, value: u8) -> bool {
        self.marks[cell] >> (value - 1) & 1 == 1
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The filled cells as a grid.
    pub fn grid(&self) -> SizedGrid {
        SizedGrid::from_values(self.shape, self.values.clone()).expect("values fit the shape")
    }

    /// Fills `cell` with `value` and removes `value` from the candidates of its peers.
    pub fn place(&mut self, cell: usize, value: u8) {
        self.values[cell] = value;
        self.marks[cell] = 0;
        let bit = !(1u64 << (value - 1));
        for unit in self.units_of(cell) {
            for peer in self.cells_of(unit) {
                self.marks[peer] &= bit;
            }
        }
    }

    /// Removes a candidate from an open cell (nothing happens if it is not one).
    pub fn eliminate(&mut self, cell: usize, value: u8) {
        self.marks[cell] &= !(1u64 << (value - 1));
    }

    /// Every unit: rows, then columns, then boxes.
    pub fn units(&self) -> impl Iterator<Item = SizedUnit> + use<> {
        let size = self.size();
        (0..size)
            .map(SizedUnit::Row)
            .chain((0..size).map(SizedUnit::Column))
            .chain((0..size).map(SizedUnit::Box))
    }

    /// The cells of `unit`, in reading order.
    pub fn cells_of(&self, unit: SizedUnit) -> impl Iterator<Item = usize> + use<> {
        let (size, rows, columns) = (self.size(), self.shape.box_rows(), self.shape.box_columns());
        (0..size).map(move |i| match unit {
            SizedUnit::Row(r) => r * size + i,
            SizedUnit::Column(c) => i * size + c,
            SizedUnit::Box(b) => {
                let boxes_per_band = size / columns;
                let (top, left) = (b / boxes_per_band * rows, b % boxes_per_band * columns);
                (top + i / columns) * size + left + i % columns
            }
        })
    }

    /// The row, column and box of `cell`.
    pub fn units_of(&self, cell: usize) -> [SizedUnit; 3] {
        let (row, column) = (cell / self.size(), cell % self.size());
        [
            SizedUnit::Row(row),
            SizedUnit::Column(column),
            SizedUnit::Box(self.shape.box_of(row, column)),
        ]
    }

    /// The open cells of `unit` that have `value` as a candidate.
    pub fn places(&self, unit: SizedUnit, value: u8) -> impl Iterator<Item = usize> + '_ {
        self.cells_of(unit)
            .filter(move |&cell| self.has(cell, value))
    }

    /// True when `a` and `b` (different cells) share a unit.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (ua, ub) = (self.units_of(a), self.units_of(b));
        a != b && ua.iter().zip(&ub).any(|(x, y)| x == y)
    }

    /// What makes the state impossible, if anything: an open cell without candidates, or a
    /// value of a unit with neither a cell holding it nor a place left.
    pub fn contradiction(&self) -> Option<String> {
        let empty = (0..self.shape.cells()).find(|&c| self.values[c] == 0 && self.marks[c] == 0);
        if let Some(cell) = empty {
            return Some(format!("{} has no candidate left", self.cell_name(cell)));
        }
        self.units().find_map(|unit| {
            let summary = self.summary(unit);
            let missing = all_values(self.size()) & !summary.held & !summary.once;
            values_of(missing)
                .next()
                .map(|value| format!("{} has no place in {unit}", self.symbol(value)))
        })
    }

    /// Which values a unit holds, and which it has as candidates once or more, and twice or
    /// more: one pass over its cells.
    pub(super) fn summary(&self, unit: SizedUnit) -> UnitSummary {
        let mut summary = UnitSummary::default();
        for cell in self.cells_of(unit) {
            let marks = self.marks[cell];
            summary.twice |= summary.once & marks;
            summary.once |= marks;
            if self.values[cell] != 0 {
                summary.held |= 1 << (self.values[cell] - 1);
            }
        }
        summary
    }

    /// `r12c3`: the cell's row and column, from 1.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.size() + 1, cell % self.size() + 1)
    }

    /// How `value` is written in this grid's alphabet.
    pub fn symbol(&self, value: u8) -> String {
        self.alphabet.symbol(usize::from(value))
    }

    /// Whether some symbols of this grid take more than one character (numbers above 9): then
    /// a cell's candidates are written apart, not run together.
    fn has_long_symbols(&self) -> bool {
        self.symbol(self.size() as u8).chars().count() > 1
    }

    /// The candidate form: per cell, the side's worth of characters, each value's symbol where it
    /// is a candidate (or the cell's value) and `.` elsewhere. Alphabets whose symbols take more
    /// than one character (numbers, above 35) write each cell as its values joined by `,`, the
    /// cells separated by spaces.
    pub fn to_text(&self) -> String {
        let (mut text, long) = (String::new(), self.has_long_symbols());
        for cell in 0..self.shape.cells() {
            let bits = self.cell_bits(cell);
            if !long {
                for value in 1..=self.size() as u8 {
                    match bits >> (value - 1) & 1 {
                        1 => text.push_str(&self.symbol(value)),
                        _ => text.push('.'),
                    }
                }
            } else {
                if cell > 0 {
                    text.push(' ');
                }
                let listed: Vec<String> = values_of(bits).map(|v| self.symbol(v)).collect();
                text.push_str(&listed.join(","));
            }
        }
        text
    }

    /// The grid of pencil marks for people: each cell its value, in parentheses as in the 9x9
    /// grid, or its candidates (in an alphabet of symbols longer than one character, joined
    /// by `,` as in [`SizedCandidates::to_text`], so that `1,14` is not read as `11,4`),
    /// columns as wide as their widest cell, boxes set apart by `|` and lines of `-`.
    pub fn block(&self) -> String {
        let size = self.size();
        let separator = match self.has_long_symbols() {
            false => "",
            true => ",",
        };
        let texts: Vec<String> = (0..self.shape.cells())
            .map(|cell| match self.value(cell) {
                Some(value) => format!("({})", self.symbol(value)),
                None => {
                    let listed: Vec<String> = values_of(self.marks[cell])
                        .map(|v| self.symbol(v))
                        .collect();
                    listed.join(separator)
                }
            })
            .collect();
        let widths: Vec<usize> = (0..size)
            .map(|column| {
                (0..size)
                    .map(|row| texts[row * size + column].chars().count())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        let columns = self.shape.box_columns();
        let groups: Vec<&[usize]> = widths.chunks(columns).collect();
        let rule: Vec<String> = groups
            .iter()
            .map(|group| "-".repeat(group.iter().sum::<usize>() + group.len() - 1))
            .collect();
        let mut lines = Vec::new();
        for row in 0..size {
            if row > 0 && row % self.shape.box_rows() == 0 {
                lines.push(rule.join("-+-"));
            }
            let cells: Vec<String> = (0..size)
                .map(|column| {
                    let width = widths[column];
                    format!("{:<width$}", texts[row * size + column])
                })
                .collect();
            let parts: Vec<String> = cells.chunks(columns).map(|group| group.join(" ")).collect();
            lines.push(parts.join(" | ").trim_end().to_string());
        }
        lines.join("\n")
    }

    /// A cell's value as a bit, or its candidates.
    fn cell_bits(&self, cell: usize) -> u64 {
        match self.values[cell] {
            0 => self.marks[cell],
            value => 1 << (value - 1),
        }
    }
}

/// A unit's values at a glance, as bits (see [`SizedCandidates::summary`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct UnitSummary {
    /// Values filled in.
    pub held: u64,
    /// Values that are a candidate of at least one open cell.
    pub once: u64,
    /// Values that are a candidate of at least two open cells.
    pub twice: u64,
}

/// Every value of a side of `size`, as bits.
pub(super) fn all_values(size: usize) -> u64 {
    if size == 64 {
        u64::MAX
    } else {
        (1u64 << size) - 1
    }
}

/// The values whose bits are set in `bits`, smallest first.
pub fn values_of(bits: u64) -> impl Iterator<Item = u8> {
    let mut rest = bits;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let value = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            value
        })
    })
}
