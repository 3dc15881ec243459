//! The cells of every unit and the peers of every cell, worked out once per shape.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::sized::Shape;

/// The cells of every unit and the peers of every cell, for one shape.
pub(super) struct Layout {
    /// The grid's side: cells per unit, and values.
    pub(super) size: usize,
    /// Rows of a box.
    box_rows: usize,
    /// Columns of a box.
    box_columns: usize,
    /// Unit `u`'s cells at `units[u * size..][..size]`: rows, then columns, then boxes.
    units: Vec<u16>,
    /// Cell `c`'s peers at `peers[c * peer_count..][..peer_count]`.
    peers: Vec<u16>,
    /// Peers per cell.
    peer_count: usize,
    /// Each unit's partitions into the segments it shares with the units crossing it: a
    /// line's into the boxes it passes through, a box's into its rows and into its columns,
    /// each in the order of the unit's cells (see [`Layout::run`]).
    pub(super) partitions: Vec<Vec<Partition>>,
    /// Each cell's row, column and box (unit indices).
    pub(super) cell_units: Vec<[u16; 3]>,
    /// Each cell's place in its row, column and box (0 to size - 1).
    pub(super) cell_places: Vec<[u8; 3]>,
}

/// A unit cut into segments, each shared with one crossing unit (a box with a line).
pub(super) type Partition = Vec<Segment>;

/// What a unit shares with a crossing unit (its cells are a run of the unit's cells, found
/// by [`Layout::run`], so not kept here): the crossing unit's other cells. A value whose
/// places in the unit all lie in the segment leaves those others (the box-line interactions:
/// pointing when the unit is a box, claiming when it is a line).
pub(super) struct Segment {
    /// The crossing unit's other cells.
    pub(super) beyond: Vec<u16>,
}

thread_local! {
    /// The layouts built so far on this thread: generation searches hundreds of times on one
    /// shape, and a layout costs more to build than an easy search.
    static LAYOUTS: RefCell<HashMap<Shape, Rc<Layout>>> = RefCell::new(HashMap::new());
}

impl Layout {
    /// The layout of `shape`, built once per thread.
    pub(super) fn of(shape: Shape) -> Rc<Layout> {
        LAYOUTS.with(|layouts| {
            let mut layouts = layouts.borrow_mut();
            Rc::clone(
                layouts
                    .entry(shape)
                    .or_insert_with(|| Rc::new(Layout::new(shape))),
            )
        })
    }

    /// Works out the layout of `shape`: see [`Layout::of`] for the cached one.
    fn new(shape: Shape) -> Layout {
        let size = shape.size();
        let cell = |row: usize, column: usize| (row * size + column) as u16;
        let mut units = Vec::with_capacity(3 * size * size);
        for row in 0..size {
            units.extend((0..size).map(|column| cell(row, column)));
        }
        for column in 0..size {
            units.extend((0..size).map(|row| cell(row, column)));
        }
        let stacks = size / shape.box_columns();
        for b in 0..size {
            let (top, left) = (
                b / stacks * shape.box_rows(),
                b % stacks * shape.box_columns(),
            );
            for i in 0..size {
                units.push(cell(
                    top + i / shape.box_columns(),
                    left + i % shape.box_columns(),
                ));
            }
        }
        let peer_count = 3 * size - shape.box_rows() - shape.box_columns() - 1;
        let mut peers = Vec::with_capacity(size * size * peer_count);
        for index in 0..size * size {
            let (row, column) = (index / size, index % size);
            let b = shape.box_of(row, column);
            let before = peers.len();
            for other in 0..size * size {
                let (r, c) = (other / size, other % size);
                let seen = r == row || c == column || shape.box_of(r, c) == b;
                if other != index && seen {
                    peers.push(other as u16);
                }
            }
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let mut partitions: Vec<Vec<Partition>> = (0..3 * size)
            .map(|u| match u < 2 * size {
                true => vec![Vec::new()],
                false => vec![Vec::new(), Vec::new()],
            })
            .collect();
        for b in 0..size {
            let box_cells = &units[(2 * size + b) * size..][..size];
            let lines = box_cells
                .iter()
                .map(|&c| usize::from(c) / size)
                .chain(box_cells.iter().map(|&c| size + usize::from(c) % size));
            let mut seen_lines = Vec::new();
            for line in lines {
                if seen_lines.contains(&line) {
                    continue;
                }
                seen_lines.push(line);
                let line_cells = &units[line * size..][..size];
                let line_rest = line_cells
                    .iter()
                    .copied()
                    .filter(|c| !box_cells.contains(c))
                    .collect();
                let box_rest = box_cells
                    .iter()
                    .copied()
                    .filter(|c| !line_cells.contains(c))
                    .collect();
                partitions[line][0].push(Segment { beyond: box_rest });
                // A box's rows make one partition, its columns the other.
                partitions[2 * size + b][usize::from(line >= size)]
                    .push(Segment { beyond: line_rest });
            }
        }
        let cell_units = (0..size * size)
            .map(|cell| {
                let (row, column) = (cell / size, cell % size);
                let b = shape.box_of(row, column);
                [row, size + column, 2 * size + b].map(|u| u as u16)
            })
            .collect();
        let cell_places = (0..size * size)
            .map(|cell| {
                let (row, column) = (cell / size, cell % size);
                let in_box =
                    row % shape.box_rows() * shape.box_columns() + column % shape.box_columns();
                [column, row, in_box].map(|i| i as u8)
            })
            .collect();
        Layout {
            size,
            box_rows: shape.box_rows(),
            box_columns: shape.box_columns(),
            units,
            peers,
            peer_count,
            partitions,
            cell_units,
            cell_places,
        }
    }

    /// The cells of unit `u` (rows, then columns, then boxes), in reading order.
    pub(super) fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.size..][..self.size]
    }

    /// Whether unit `u` is a box.
    pub(super) fn is_box(&self, u: usize) -> bool {
        u >= 2 * self.size
    }

    /// How many cells of unit `u`, in its order, make one segment of its first partition: a
    /// row passes through a box in `box_columns` cells, a column in `box_rows`, and a box's
    /// rows are `box_columns` long (its columns take every run's first cell, then every run's
    /// second, and so on).
    pub(super) fn run(&self, u: usize) -> usize {
        match u / self.size {
            1 => self.box_rows,
            _ => self.box_columns,
        }
    }

    /// The cells that share a row, column or box with `cell`.
    pub(super) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..][..self.peer_count]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of segment `k` of unit `u`'s partition `p`, as box-line reads them: the
    /// `k`-th run of [`Layout::run`] cells, or for a box's columns every run's `k`-th cell.
    fn segment_cells(layout: &Layout, u: usize, p: usize, k: usize) -> Vec<u16> {
        let (cells, run) = (layout.unit(u), layout.run(u));
        match p {
            0 => cells[k * run..][..run].to_vec(),
            _ => cells.iter().skip(k).step_by(run).copied().collect(),
        }
    }

    #[test]
    fn each_segment_read_as_a_run_and_its_cells_beyond_make_the_crossing_unit() {
        for shape in [
            "2x2", "2x3", "3x2", "3x3", "2x5", "3x4", "4x3", "5x5", "5x6",
        ] {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::new(shape);
            let size = layout.size;
            let sorted = |mut cells: Vec<u16>| {
                cells.sort_unstable();
                cells
            };
            let units: Vec<Vec<u16>> = (0..3 * size)
                .map(|u| sorted(layout.unit(u).to_vec()))
                .collect();
            for u in 0..3 * size {
                let partitions = &layout.partitions[u];
                assert_eq!(partitions.len(), if layout.is_box(u) { 2 } else { 1 });
                for (p, segments) in partitions.iter().enumerate() {
                    let mut covered = Vec::new();
                    for (k, segment) in segments.iter().enumerate() {
                        let cells = segment_cells(&layout, u, p, k);
                        covered.extend(&cells);
                        // The run and the cells beyond it are one crossing unit, whole.
                        let crossing = sorted([cells, segment.beyond.clone()].concat());
                        let found = units.iter().position(|unit| *unit == crossing);
                        let crossing = found.unwrap_or_else(|| panic!("{shape} {u} {p} {k}"));
                        assert_ne!(layout.is_box(crossing), layout.is_box(u), "{shape} {u}");
                        if layout.is_box(u) {
                            // Its rows first, then its columns.
                            assert_eq!(crossing / size, p, "{shape} box {u}");
                        }
                    }
                    assert_eq!(sorted(covered), units[u], "{shape}: unit {u} covered once");
                }
            }
        }
    }
}
