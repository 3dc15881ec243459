//! Filling the tables: for every candidate, set and removed, what follows directly (or, for
//! nets, by playing singles forward a few rounds); groups of a digit where a box meets a line
//! as nodes of their own; then every table expanded in place, in order, by the tables of what
//! it reaches.

use std::collections::HashMap;

use super::board::{Board, cells, digits, first, peers, unit_bits, units_of};
use super::table::{Node, Origin, Table, cell_of, digit_of, group_node, is_group, is_set, node};
use crate::deadline;

/// A group: two or three cells of one digit where a box meets a row or column.
#[derive(Clone, Copy)]
struct Group {
    digit: u8,
    cells: u128,
    /// The cells that see every cell of the group.
    sees: u128,
    block: usize,
    /// The row (0-8) or column (9-17) as a unit number.
    line: usize,
    first: [usize; 2],
    third: Option<usize>,
}

impl Group {
    fn new(digit: u8, cells_bits: u128, block: usize, line: usize) -> Group {
        let members: Vec<usize> = cells(cells_bits).collect();
        let sees = members.iter().fold(!0u128, |sees, &c| sees & peers(c));
        Group {
            digit,
            cells: cells_bits,
            sees,
            block,
            line,
            first: [members[0], members[1]],
            third: members.get(2).copied(),
        }
    }

    /// The group's node, set or removed.
    fn node(&self, set: bool) -> Node {
        group_node(self.first, self.third, self.digit, set)
    }
}

/// What a search's tables are filled with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Contents {
    /// Each candidate's direct consequences (nice loops and AICs).
    Direct,
    /// Direct consequences and groups (grouped loops and AICs, forcing chains).
    DirectAndGroups,
    /// Singles played forward `rounds` rounds, and groups (forcing nets).
    NetsAndGroups { rounds: usize },
}

/// Every table of one search.
pub(super) struct Tables {
    pub board: Board,
    /// "Cell `c` holds `d`" at `c * 10 + d`.
    pub on: Vec<Table>,
    /// "Cell `c` loses `d`" at `c * 10 + d`.
    pub off: Vec<Table>,
    /// The groups' tables, set and removed in turn.
    pub extended: Vec<Table>,
    /// Where each group node's table is in `extended`.
    pub extended_at: HashMap<Node, usize>,
    /// Emptied group tables, for the next groups.
    spare: Vec<Table>,
    /// What the tables hold, once filled and expanded in full (not cut short by a deadline).
    complete: Option<Contents>,
}

thread_local! {
    /// The tables of this thread's last search, for the next one. A search fills some 1,700
    /// tables, and making them anew each time cost more than the search (allocating and
    /// zeroing them); and a search of the same grid for the same contents (a grouped AIC, then
    /// a forcing chain, when nothing between them found a step) takes them as they are.
    static KEPT: std::cell::RefCell<Option<Tables>> = const { std::cell::RefCell::new(None) };
}

#[cfg(test)]
thread_local! {
    /// How many times this thread filled tables (not taking its last ones as they were).
    pub(super) static BUILDS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Drop for Tables {
    /// The tables are kept for this thread's next search.
    fn drop(&mut self) {
        // Nothing is kept while the thread ends, or when another search's tables are.
        let _ = KEPT.try_with(|slot| {
            if let Ok(mut slot) = slot.try_borrow_mut()
                && slot.is_none()
            {
                *slot = Some(Tables {
                    board: self.board.clone(),
                    on: std::mem::take(&mut self.on),
                    off: std::mem::take(&mut self.off),
                    extended: std::mem::take(&mut self.extended),
                    extended_at: std::mem::take(&mut self.extended_at),
                    spare: std::mem::take(&mut self.spare),
                    complete: self.complete,
                });
            }
        });
    }
}

/// Which list of tables an entry was copied from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Which {
    On,
    Off,
    Extended,
}

impl Tables {
    /// The tables of `board` filled with `contents` and expanded: this thread's last ones
    /// when they were of the same grid and contents, else those emptied and filled anew.
    pub fn built(board: Board, contents: Contents) -> Tables {
        let kept = KEPT
            .try_with(|kept| kept.borrow_mut().take())
            .ok()
            .flatten();
        let mut tables = match kept {
            Some(kept) if kept.complete == Some(contents) && kept.board.same_grid(&board) => {
                return kept;
            }
            Some(mut kept) => {
                kept.empty();
                kept.board = board;
                kept
            }
            None => Tables {
                board,
                on: (0..810).map(|_| Table::new()).collect(),
                off: (0..810).map(|_| Table::new()).collect(),
                extended: Vec::new(),
                extended_at: HashMap::new(),
                spare: Vec::new(),
                complete: None,
            },
        };
        #[cfg(test)]
        BUILDS.with(|builds| builds.set(builds.get() + 1));
        match contents {
            Contents::Direct => tables.fill_direct(),
            Contents::DirectAndGroups => {
                tables.fill_direct();
                tables.fill_groups();
            }
            Contents::NetsAndGroups { rounds } => {
                tables.fill_nets(rounds);
                tables.fill_groups();
            }
        }
        tables.expand();
        if !deadline::passed() {
            tables.complete = Some(contents);
        }
        tables
    }

    /// Empties every table, keeping their room.
    fn empty(&mut self) {
        for table in self.on.iter_mut().chain(&mut self.off) {
            table.clear();
        }
        for mut table in self.extended.drain(..) {
            table.clear();
            self.spare.push(table);
        }
        self.extended_at.clear();
        self.complete = None;
    }

    /// A table by list and number.
    pub fn table(&self, which: Which, index: usize) -> &Table {
        match which {
            Which::On => &self.on[index],
            Which::Off => &self.off[index],
            Which::Extended => &self.extended[index],
        }
    }

    /// The direct consequences of every candidate set and removed: a set candidate removes the
    /// cell's others and the digit from its peers; a removed one sets the other candidate of a
    /// two-candidate cell and the other place of a digit in a unit with two.
    fn fill_direct(&mut self) {
        let board = &self.board;
        for cell in 0..81 {
            if board.values[cell] != 0 {
                continue;
            }
            let marks = board.marks[cell];
            for digit in digits(marks) {
                let at = cell * 10 + usize::from(digit);
                let (on, off) = (&mut self.on[at], &mut self.off[at]);
                on.add_direct(node(cell, digit, true));
                off.add_direct(node(cell, digit, false));
                for other in digits(marks).filter(|&o| o != digit) {
                    on.add_direct(node(cell, other, false));
                    if marks.count_ones() == 2 {
                        off.add_direct(node(cell, other, true));
                    }
                }
                let others = board.places[usize::from(digit)] & !(1 << cell);
                for unit in units_of(cell) {
                    let count = board.free[unit][usize::from(digit)];
                    let in_unit = others & unit_bits(unit);
                    if count < 2 || in_unit == 0 {
                        continue;
                    }
                    for peer in cells(in_unit) {
                        on.add_direct(node(peer, digit, false));
                    }
                    if count == 2 {
                        off.add_direct(node(first(in_unit), digit, true));
                    }
                }
            }
        }
    }

    /// The consequences of every candidate set and removed with singles played forward: the
    /// premise, then up to `rounds` rounds of every naked and hidden single it reveals.
    fn fill_nets(&mut self, rounds: usize) {
        let saved = self.board.clone();
        let mut board = saved.clone();
        for cell in 0..81 {
            if saved.values[cell] != 0 {
                continue;
            }
            if deadline::passed() {
                return;
            }
            for digit in digits(saved.marks[cell]) {
                let at = cell * 10 + usize::from(digit);
                for set in [true, false] {
                    let table = if set {
                        &mut self.on[at]
                    } else {
                        &mut self.off[at]
                    };
                    board.reset_to(&saved);
                    net_table(table, &mut board, &saved, (cell, digit, set), rounds);
                }
            }
        }
    }

    /// The groups (rows first, then columns; each line's digits in order, each crossed with the
    /// boxes in order), with their tables and their links into the candidates' tables.
    fn fill_groups(&mut self) {
        let groups = collect_groups(&self.board);
        for (i, group) in groups.iter().enumerate() {
            let on_at = self.new_extended(group.node(true));
            let off_at = self.new_extended(group.node(false));
            let places = self.board.places[usize::from(group.digit)];
            let seen = places & group.sees;
            if seen != 0 {
                for cell in cells(seen) {
                    self.extended[on_at].add_direct(node(cell, group.digit, false));
                    self.on[cell * 10 + usize::from(group.digit)].add_direct(group.node(false));
                }
                for unit in [18 + group.block, group.line] {
                    let rest = seen & unit_bits(unit);
                    if rest != 0 && rest.count_ones() == 1 {
                        let cell = first(rest);
                        self.extended[off_at].add_direct(node(cell, group.digit, true));
                        self.off[cell * 10 + usize::from(group.digit)].add_direct(group.node(true));
                    }
                }
            }
            // Other groups of the digit: one that shares a line or the box is off when this
            // one is on; when it is the only other group there and nothing else holds the
            // digit, it is on when this one is off.
            let mut line_only: (usize, Option<usize>) = (0, None);
            let mut block_only: (usize, Option<usize>) = (0, None);
            for (j, other) in groups.iter().enumerate() {
                if j == i || other.digit != group.digit || other.cells & group.cells != 0 {
                    continue;
                }
                if other.line == group.line {
                    line_only = (line_only.0 + 1, line_only.1.or(Some(j)));
                    self.extended[on_at].add_direct(other.node(false));
                }
                if other.block == group.block {
                    block_only = (block_only.0 + 1, block_only.1.or(Some(j)));
                    self.extended[on_at].add_direct(other.node(false));
                }
            }
            for ((count, only), unit) in [(line_only, group.line), (block_only, 18 + group.block)] {
                if let (1, Some(j)) = (count, only) {
                    let other = &groups[j];
                    let rest = unit_bits(unit) & places & !group.cells & !other.cells;
                    if rest == 0 {
                        self.extended[off_at].add_direct(other.node(true));
                    }
                }
            }
        }
    }

    /// A new table in `extended` for a group node, with the node as its premise.
    fn new_extended(&mut self, premise: Node) -> usize {
        let at = self.extended.len();
        let mut table = self.spare.pop().unwrap_or_else(Table::new);
        table.add_direct(premise);
        self.extended.push(table);
        self.extended_at.insert(premise, at);
        at
    }

    /// Expands the "on" tables, then the "off" ones (see [`Tables::expand_list`]).
    fn expand(&mut self) {
        for table in self
            .on
            .iter_mut()
            .chain(&mut self.off)
            .chain(&mut self.extended)
        {
            table.direct = table.len();
        }
        self.expand_list(Which::On);
        self.expand_list(Which::Off);
    }

    /// Expands every table of `which` (on or off) in order: each entry's own table's direct
    /// entries are copied in (and then expanded in their turn), or, when already there by a
    /// longer way, the shorter origin replaces the old one.
    fn expand_list(&mut self, which: Which) {
        let Tables {
            on,
            off,
            extended,
            extended_at,
            ..
        } = self;
        let (list, other) = match which {
            Which::On => (on, &*off),
            _ => (off, &*on),
        };
        for i in 0..list.len() {
            if deadline::passed() {
                return;
            }
            let (before, rest) = list.split_at_mut(i);
            let (dest, after) = rest.split_first_mut().expect("i is in the list");
            if dest.is_empty() {
                continue;
            }
            let mut j = 1;
            while j < dest.len() && !dest.is_full() {
                let entry = dest.nodes[j];
                let (source_list, at) = if is_group(entry) {
                    match extended_at.get(&entry) {
                        Some(&at) => (Which::Extended, at),
                        None => {
                            j += 1;
                            continue;
                        }
                    }
                } else {
                    let at = cell_of(entry) * 10 + usize::from(digit_of(entry));
                    (if is_set(entry) { Which::On } else { Which::Off }, at)
                };
                let source = if source_list == Which::Extended {
                    Some(&extended[at])
                } else if source_list != which {
                    Some(&other[at])
                } else if at < i {
                    Some(&before[at])
                } else if at > i {
                    Some(&after[at - i - 1])
                } else {
                    None
                };
                if let Some(source) = source {
                    merge(dest, source, j, source_list, at);
                }
                j += 1;
            }
        }
    }
}

/// Copies the direct entries of `source` (the table of `dest`'s entry `j`) into `dest`.
fn merge(dest: &mut Table, source: &Table, j: usize, source_list: Which, source_at: usize) {
    if source.is_empty() {
        return;
    }
    let base = dest.distance(j);
    // Every entry copied from `source` gets this origin, with its own distance.
    let mut copied = Origin::of([source_at, 0, 0, 0, 0]);
    copied.expanded = true;
    copied.extended = source_list == Which::Extended;
    copied.on_table = source_list == Which::On;
    for k in 1..source.direct {
        let origin = source.origins[k];
        if origin.expanded {
            continue;
        }
        let entry = source.nodes[k];
        let distance = base + origin.distance;
        match dest.position(entry) {
            Some(old) => {
                // (HoDoKu also prefers a simpler node at the same distance, but the node is
                // the same one.)
                let was = dest.origins[old];
                if was.expanded && was.distance > distance {
                    dest.set_origin(old, copied, distance);
                }
            }
            None => dest.add_copied(entry, copied, distance),
        }
    }
}

/// One table of a forcing net: the premise played on `board` (a copy of `saved`), then
/// singles.
fn net_table(
    table: &mut Table,
    board: &mut Board,
    saved: &Board,
    (cell, digit, set): (usize, u8, bool),
    rounds: usize,
) {
    if set {
        set_in_net(table, board, saved, cell, digit, None);
    } else {
        board.eliminate(cell, digit);
        table.add_direct(node(cell, digit, false));
        let left = board.marks[cell];
        if left != 0 && left & (left - 1) == 0 {
            set_in_net(table, board, saved, cell, left.trailing_zeros() as u8, None);
        }
    }
    for _ in 0..rounds {
        let singles = board.singles();
        if singles.is_empty() {
            break;
        }
        for (single, value, naked) in singles {
            set_in_net(table, board, saved, single, value, Some(naked));
        }
    }
}

/// Sets `cell` to `digit` in a net's `board`, writing the set node (with, for a single found
/// on the way, the removals it needs: `naked` tells which kind) and the removals it makes.
fn set_in_net(
    table: &mut Table,
    board: &mut Board,
    saved: &Board,
    cell: usize,
    digit: u8,
    naked: Option<bool>,
) {
    let seeing = saved.places[usize::from(digit)] & peers(cell) & !(1 << cell);
    let others = board.marks[cell];
    let mut from = [0usize; 5];
    match naked {
        Some(true) => {
            let mut k = 0;
            for other in digits(saved.marks[cell]) {
                if other == digit && k < 5 {
                    continue;
                }
                if k < 5 {
                    from[k] = table.position_or_premise(cell, other, false);
                    k += 1;
                }
            }
        }
        Some(false) => {
            let units = units_of(cell);
            let mut best = units[0];
            let mut fewest = u8::MAX;
            for unit in units {
                if board.free[unit][usize::from(digit)] < fewest {
                    fewest = board.free[unit][usize::from(digit)];
                    best = unit;
                }
            }
            let rest = saved.places[usize::from(digit)] & unit_bits(best) & !(1 << cell);
            for (k, other) in cells(rest).take(5).enumerate() {
                from[k] = table.position_or_premise(other, digit, false);
            }
        }
        None => {}
    }
    let set_at = table.len();
    board.set(cell, digit);
    table.add(node(cell, digit, true), from);
    for peer in cells(seeing) {
        table.add(node(peer, digit, false), [set_at, 0, 0, 0, 0]);
    }
    for other in digits(others).filter(|&o| o != digit) {
        table.add(node(cell, other, false), [set_at, 0, 0, 0, 0]);
    }
}

/// The groups of `board`, in HoDoKu's order.
fn collect_groups(board: &Board) -> Vec<Group> {
    let mut groups = Vec::new();
    for line in 0..18 {
        for digit in 1..=9u8 {
            let in_line = board.places[usize::from(digit)] & unit_bits(line);
            if in_line == 0 {
                continue;
            }
            for block in 0..9 {
                let cells_bits = in_line & unit_bits(18 + block);
                if cells_bits.count_ones() >= 2 {
                    groups.push(Group::new(digit, cells_bits, block, line));
                }
            }
        }
    }
    groups
}
