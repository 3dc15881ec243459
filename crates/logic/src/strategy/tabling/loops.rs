//! Nice loops and AICs read from the expanded tables: a table whose premise's cell comes back
//! in it closes a loop; an "off" table reaching a "set" candidate elsewhere is an AIC.

use super::board::{cells, peers};
use super::build::Which;
use super::chain::Shape;
use super::search::{Found, Kind, Search, add_chain};
use super::table::{Node, Table, cell_of, digit_of, is_group, is_set, node_cells};

/// The cells that see every cell of a chain node.
fn node_sees(node: Node) -> u128 {
    cells(node_cells(node)).fold(!0u128, |sees, cell| sees & peers(cell))
}

/// The written chain's entry `i` as a node (net branches are negated; loops have none).
fn entry(chain: &[i64], i: usize) -> Node {
    chain[i].unsigned_abs() as Node
}

impl Search {
    /// Every loop closing in the tables of `which`.
    pub fn nice_loops(&mut self, which: Which) {
        for i in 0..810 {
            let table = self.tables.table(which, i);
            if table.is_empty() {
                continue;
            }
            let start = cell_of(table.nodes[0]);
            let ends: Vec<usize> = (1..table.len())
                .filter(|&j| !is_group(table.nodes[j]) && cell_of(table.nodes[j]) == start)
                .collect();
            for j in ends {
                self.nice_loop(which, i, j);
            }
        }
    }

    /// The loop from the premise of table `i` back to its cell at entry `j`, if it is one and
    /// removes anything.
    fn nice_loop(&mut self, which: Which, i: usize, j: usize) {
        let Search { tables, walker, .. } = self;
        let table: &Table = tables.table(which, i);
        if table.distance(j) <= 2 {
            return;
        }
        let end = table.nodes[j];
        let mut step = Found::new(Kind::DiscontinuousLoop);
        let target = (cell_of(end), digit_of(end), is_set(end));
        if !add_chain(walker, tables, &mut step, table, target, Shape::Loop) {
            return;
        }
        let chain = step.chains[0].clone();
        if chain.len() < 2 || cell_of(entry(&chain, 0)) == cell_of(entry(&chain, 1)) {
            return;
        }
        let board = &tables.board;
        let first_strong = table.nodes.get(1).is_some_and(|&n| is_set(n));
        let last_strong = is_set(end);
        let start_digit = digit_of(table.nodes[0]);
        let end_digit = digit_of(end);
        let start = cell_of(table.nodes[0]);
        let same = start_digit == end_digit;
        if !first_strong && !last_strong && same {
            step.removals.push((start, start_digit));
        } else if first_strong && last_strong && same {
            for digit in super::board::digits(board.marks[start]).filter(|&d| d != start_digit) {
                step.removals.push((start, digit));
            }
        } else if first_strong != last_strong && !same {
            let digit = if first_strong { end_digit } else { start_digit };
            step.removals.push((start, digit));
        } else if (!first_strong && !last_strong && board.marks[start].count_ones() == 2)
            || (first_strong && last_strong)
            || (first_strong != last_strong && same)
        {
            step.kind = Kind::ContinuousLoop;
            self.continuous_removals(
                &mut step,
                start,
                (start_digit, end_digit),
                (first_strong, last_strong),
            );
        } else {
            return;
        }
        if step.removals.is_empty() {
            return;
        }
        self.keep_loop(step);
    }

    /// What a continuous loop removes: in a cell the loop passes by two strong links, every
    /// other digit; on each weak link between cells, the digit from cells seeing both ends.
    fn continuous_removals(
        &self,
        step: &mut Found,
        start: usize,
        (start_digit, end_digit): (u8, u8),
        (first_strong, last_strong): (bool, bool),
    ) {
        let board = &self.tables.board;
        let chain = step.chains[0].clone();
        let on_chain = chain
            .iter()
            .filter(|&&e| e >= 0)
            .fold(0u128, |cells, &e| cells | node_cells(e as Node));
        let last = chain.len() - 1;
        for i in 0..=last {
            if chain[i] < 0 {
                continue;
            }
            let here = entry(&chain, i);
            let two_strong_start = i == 0 && first_strong && last_strong;
            let strong_into_cell = i > 0
                && is_set(here)
                && i + 2 <= last
                && cell_of(entry(&chain, i - 1)) != cell_of(here);
            if two_strong_start || strong_into_cell {
                let passes = i == 0 || {
                    let (next, after) = (entry(&chain, i + 1), entry(&chain, i + 2));
                    !is_set(next)
                        && cell_of(here) == cell_of(next)
                        && is_set(after)
                        && cell_of(next) != cell_of(after)
                };
                if passes {
                    let (keep_a, keep_b) = if i == 0 {
                        (start_digit, end_digit)
                    } else {
                        (digit_of(here), digit_of(entry(&chain, i + 2)))
                    };
                    let cell = cell_of(here);
                    for digit in super::board::digits(board.marks[cell]) {
                        if digit != keep_a && digit != keep_b {
                            step.removals.push((cell, digit));
                        }
                    }
                }
            }
            if i > 0 && !is_set(here) && cell_of(entry(&chain, i - 1)) != cell_of(here) {
                let digit = digit_of(here);
                let seeing = node_sees(entry(&chain, i - 1))
                    & node_sees(here)
                    & !on_chain
                    & !(1 << start)
                    & board.places[usize::from(digit)];
                for cell in cells(seeing) {
                    step.removals.push((cell, digit));
                }
            }
        }
    }

    /// Every AIC in the "off" tables: a removed candidate implying a set one in another cell,
    /// of the same digit with cells seeing both ends, or of another digit in a cell seeing the
    /// start with each end holding the other's digit.
    pub fn aics(&mut self) {
        for i in 0..810 {
            let table = self.tables.table(Which::Off, i);
            if table.is_empty() {
                continue;
            }
            let board = &self.tables.board;
            let start = cell_of(table.nodes[0]);
            let start_digit = digit_of(table.nodes[0]);
            let mut ends = Vec::new();
            for j in 1..table.len() {
                let end = table.nodes[j];
                if is_group(end) || !is_set(end) || cell_of(end) == start {
                    continue;
                }
                let (end_cell, end_digit) = (cell_of(end), digit_of(end));
                let wanted = if start_digit == end_digit {
                    let common =
                        peers(start) & peers(end_cell) & board.places[usize::from(start_digit)];
                    common.count_ones() >= 2
                } else {
                    peers(start) & 1 << end_cell != 0
                        && board.marks[end_cell] & 1 << start_digit != 0
                        && board.marks[start] & 1 << end_digit != 0
                };
                if wanted {
                    ends.push(j);
                }
            }
            for j in ends {
                self.aic(i, j);
            }
        }
    }

    /// The AIC from the premise of "off" table `i` to its entry `j`.
    fn aic(&mut self, i: usize, j: usize) {
        let Search { tables, walker, .. } = self;
        let table = tables.table(Which::Off, i);
        if table.distance(j) <= 2 {
            return;
        }
        let board = &tables.board;
        let end = table.nodes[j];
        let (start, start_digit) = (cell_of(table.nodes[0]), digit_of(table.nodes[0]));
        let (end_cell, end_digit) = (cell_of(end), digit_of(end));
        let mut step = Found::new(Kind::Aic);
        if start_digit == end_digit {
            let common = peers(start) & peers(end_cell) & board.places[usize::from(start_digit)];
            if common.count_ones() > 1 {
                for cell in cells(common).filter(|&c| c != start) {
                    step.removals.push((cell, start_digit));
                }
            }
        } else {
            if board.marks[start] & 1 << end_digit != 0 {
                step.removals.push((start, end_digit));
            }
            if board.marks[end_cell] & 1 << start_digit != 0 {
                step.removals.push((end_cell, start_digit));
            }
        }
        if step.removals.is_empty() {
            return;
        }
        let target = (end_cell, end_digit, true);
        if !add_chain(walker, tables, &mut step, table, target, Shape::Aic) {
            return;
        }
        self.keep_loop(step);
    }
}
