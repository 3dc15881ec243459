//! The cells of every unit and the peers of every cell, worked out once per shape.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::sized::Shape;

/// The cells of every unit and the peers of every cell, for one shape.
pub(super) struct Layout {
    /// The grid's side: cells per unit, and values.
    pub(super) size: usize,
    /// Unit `u`'s cells at `units[u * size..][..size]`: rows, then columns, then boxes.
    units: Vec<u16>,
    /// Cell `c`'s peers at `peers[c * peer_count..][..peer_count]`.
    peers: Vec<u16>,
    /// Peers per cell.
    peer_count: usize,
    /// Each unit's partitions into the segments it shares with the units crossing it: a
    /// line's into the boxes it passes through, a box's into its rows and into its columns.
    pub(super) partitions: Vec<Vec<Partition>>,
    /// Each cell's row, column and box (unit indices).
    pub(super) cell_units: Vec<[u16; 3]>,
    /// Each cell's place in its row, column and box (0 to size - 1).
    pub(super) cell_places: Vec<[u8; 3]>,
}

/// A unit cut into segments, each shared with one crossing unit (a box with a line).
pub(super) type Partition = Vec<Segment>;

/// The cells a unit shares with a crossing unit, and the crossing unit's other cells: a
/// value whose places in the unit all lie in the segment leaves those others (the box-line
/// interactions: pointing when the unit is a box, claiming when it is a line).
pub(super) struct Segment {
    /// The cells both units share.
    pub(super) cells: Vec<u16>,
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
                let shared: Vec<u16> = line_cells
                    .iter()
                    .copied()
                    .filter(|c| box_cells.contains(c))
                    .collect();
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
                partitions[line][0].push(Segment {
                    cells: shared.clone(),
                    beyond: box_rest,
                });
                // A box's rows make one partition, its columns the other.
                partitions[2 * size + b][usize::from(line >= size)].push(Segment {
                    cells: shared,
                    beyond: line_rest,
                });
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

    /// The cells that share a row, column or box with `cell`.
    pub(super) fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..][..self.peer_count]
    }
}
