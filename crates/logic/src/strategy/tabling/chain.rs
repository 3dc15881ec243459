//! Walking a consequence back to its premise through the tables, as HoDoKu does, to write the
//! chain that proves it (and so to know its length, by which steps are ranked). In a forcing
//! net a single follows from several removals; the other branches are walked too, each until
//! it meets the main chain, and written after the entry they lead into, negated and closed
//! by [`BRANCH_END`].

use super::build::{Tables, Which};
use super::table::{CAPACITY, Node, Table, cell_of, node, node_cells};

/// Closes a net branch in a written chain.
pub(super) const BRANCH_END: i64 = -(1 << 31);

/// At most this many branches are followed per chain (HoDoKu's limit).
const MAX_BRANCHES: usize = 200;

/// How a written chain is checked while it is reversed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// A forcing chain or net: no check.
    Plain,
    /// A nice loop: no cell twice, but the start may come back at the end.
    Loop,
    /// An AIC: no cell twice.
    Aic,
}

/// The work space of the walks.
#[derive(Default)]
pub(super) struct Walker {
    /// The main chain, from the consequence back to the premise.
    main: Vec<Node>,
    /// The cells of the main chain.
    main_cells: u128,
    /// The branches, each from where it starts back to where it meets the main chain.
    branches: Vec<Vec<Node>>,
}

impl Walker {
    /// The chain from the premise of `table` to `(cell, digit, set)`, in order, with net
    /// branches; `None` when the table does not hold that node or `shape` rejects the chain
    /// (a cell met twice).
    pub fn chain(
        &mut self,
        tables: &Tables,
        table: &Table,
        target: (usize, u8, bool),
        shape: Shape,
    ) -> Option<Vec<i64>> {
        self.build(tables, table, target);
        if self.main.is_empty() {
            return None;
        }
        if shape == Shape::Loop
            && self.main.len() > 1
            && cell_of(self.main[0]) == cell_of(self.main[1])
        {
            return None;
        }
        let checked = shape != Shape::Plain;
        let first_cell = cell_of(self.main[self.main.len() - 1]);
        let mut lasso = 0u128;
        let mut last: Option<Node> = None;
        let mut written = Vec::new();
        for &entry in self.main.iter().rev() {
            if checked {
                if lasso & 1 << cell_of(entry) != 0 {
                    return None;
                }
                if let Some(last) = last
                    && (cell_of(last) != first_cell || shape == Shape::Aic)
                {
                    lasso |= node_cells(last);
                }
            }
            last = Some(entry);
            written.push(i64::from(entry));
            for branch in &self.branches {
                if branch[branch.len() - 1] == entry {
                    written.extend(
                        branch[..branch.len() - 1]
                            .iter()
                            .rev()
                            .map(|&n| -i64::from(n)),
                    );
                    written.push(BRANCH_END);
                }
            }
        }
        Some(written)
    }

    /// Walks the main chain and the branches of `target` in `table`.
    fn build(&mut self, tables: &Tables, table: &Table, (cell, digit, set): (usize, u8, bool)) {
        self.main.clear();
        self.branches.clear();
        self.main_cells = 0;
        let Some(index) = table.position(node(cell, digit, set)) else {
            return;
        };
        let mut main = std::mem::take(&mut self.main);
        self.walk(tables, table, index, false, &mut main);
        self.main = main;
        for k in 0..self.branches.len() {
            if let Some(start) = table.position(self.branches[k][0]) {
                let mut branch = std::mem::take(&mut self.branches[k]);
                self.walk(tables, table, start, true, &mut branch);
                self.branches[k] = branch;
            }
        }
    }

    /// Writes into `walked` the entries from `start` back to the premise of `origin` (or, for
    /// a `branch`, back to the first entry of the main chain met), jumping into the table an
    /// entry was copied from and back again.
    fn walk(
        &mut self,
        tables: &Tables,
        origin: &Table,
        start: usize,
        branch: bool,
        walked: &mut Vec<Node>,
    ) {
        walked.clear();
        walked.push(origin.nodes[start]);
        let mut table = origin;
        let mut index = start;
        let mut jumped = false;
        while index != 0 && walked.len() < CAPACITY {
            if table.origins.get(index).is_some_and(|o| o.expanded) {
                let from = origin
                    .origins
                    .get(index)
                    .map_or(0, |o| usize::from(o.from[0]));
                let flags = table.origins[index];
                let which = if flags.extended {
                    Which::Extended
                } else if flags.on_table {
                    Which::On
                } else {
                    Which::Off
                };
                let value = origin.nodes.get(index).copied().unwrap_or(0);
                table = tables.table(which, from);
                jumped = true;
                match table.position(value) {
                    Some(found) => index = found,
                    None => break,
                }
            }
            let here = table.origins.get(index).copied().unwrap_or_default();
            let before = usize::from(here.from[0]);
            index = before;
            let entry = table.nodes.get(before).copied().unwrap_or(0);
            walked.push(entry);
            if branch {
                if self.main_cells & 1 << cell_of(entry) != 0 && self.main.contains(&entry) {
                    return;
                }
            } else {
                self.main_cells |= node_cells(entry);
            }
            for &other in &here.from[1..] {
                if other != 0 && !branch && self.branches.len() < MAX_BRANCHES {
                    self.branches.push(vec![
                        table.nodes.get(usize::from(other)).copied().unwrap_or(0),
                    ]);
                }
            }
            if jumped && index == 0 {
                let premise = table.nodes[0];
                table = origin;
                jumped = false;
                match table.position(premise) {
                    Some(found) => index = found,
                    None => break,
                }
            }
        }
    }
}
