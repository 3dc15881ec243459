//! Forcing chains and nets read from the expanded tables: a premise whose table contradicts
//! itself is false (contradiction); a consequence shared by a candidate set and removed, or by
//! every candidate of a cell, or by every place of a digit in a unit, is true (verity).

use super::board::{cells, digits, first, peers, unit_bits};
use super::build::Which;
use super::search::{Effect, Kind, Search};
use super::table::{Table, cell_of, digit_of, is_set};

/// All 81 cells.
const ALL: u128 = (1 << 81) - 1;

/// The unit numbers of rows, columns and boxes, in HoDoKu's order of checking them.
const HOUSES: [std::ops::Range<usize>; 3] = [0..9, 9..18, 18..27];

impl Search {
    /// Every forcing chain (or net) the tables hold.
    pub fn forcing(&mut self) {
        let allowed = self.allowed();
        let filled = self.tables.board.solved();
        for i in 0..810 {
            self.contradictions(Which::On, i, &allowed, filled);
            self.contradictions(Which::Off, i, &allowed, filled);
        }
        for i in 0..810 {
            self.both_ways(i);
        }
        let board = &self.tables.board;
        let mut lists: Vec<Vec<usize>> = Vec::new();
        for cell in 0..81 {
            if board.values[cell] == 0 {
                lists.push(
                    digits(board.marks[cell])
                        .map(|d| cell * 10 + usize::from(d))
                        .collect(),
                );
            }
        }
        for houses in HOUSES {
            for unit in houses {
                for digit in 1..=9u8 {
                    let places = unit_bits(unit) & board.places[usize::from(digit)];
                    if places != 0 {
                        lists.push(cells(places).map(|c| c * 10 + usize::from(digit)).collect());
                    }
                }
            }
        }
        for list in lists {
            self.every_way(&list);
        }
    }

    /// Per digit, the open cells no placed digit rules it out of (HoDoKu checks units emptied
    /// of a digit against these, not against the candidates left).
    fn allowed(&self) -> [u128; 10] {
        let board = &self.tables.board;
        let mut allowed = [ALL; 10];
        for cell in 0..81 {
            let value = usize::from(board.values[cell]);
            if value != 0 {
                allowed[value] &= !peers(cell);
            }
        }
        let open = ALL & !board.solved();
        allowed.map(|cells| cells & open)
    }

    /// The effect of a step saying the premise of `table` is false: a set candidate is
    /// removed, a removed one placed.
    fn refuting(table: &Table) -> Effect {
        let premise = table.nodes[0];
        let (cell, digit) = (cell_of(premise), digit_of(premise));
        (Kind::ChainContradiction, !is_set(premise), cell, digit)
    }

    /// The contradictions of table `i` of `which` (`filled`: the filled cells).
    fn contradictions(&mut self, which: Which, i: usize, allowed: &[u128; 10], filled: u128) {
        let table = self.tables.table(which, i);
        if table.is_empty() {
            return;
        }
        let premise = table.nodes[0];
        let (cell, digit, set) = (cell_of(premise), digit_of(premise), is_set(premise));
        let on = table.on;
        let off = table.off;
        let me = [(which, i)];
        // The premise's own opposite follows from it.
        let opposite = if set { off } else { on };
        if opposite[usize::from(digit)] & 1 << cell != 0 {
            let step = Self::refuting(self.tables.table(which, i));
            self.note_forcing(step, &me, &[(cell, digit, !set)]);
        }
        // A candidate both set and removed.
        for d in 0..10u8 {
            let both = on[usize::from(d)] & off[usize::from(d)];
            if both != 0 {
                let at = first(both);
                let step = Self::refuting(self.tables.table(which, i));
                self.note_forcing(step, &me, &[(at, d, false), (at, d, true)]);
            }
        }
        // Two digits set in one cell.
        for a in 1..=9u8 {
            for b in a + 1..=9 {
                let both = on[usize::from(a)] & on[usize::from(b)];
                if both != 0 {
                    let at = first(both);
                    let step = Self::refuting(self.tables.table(which, i));
                    self.note_forcing(step, &me, &[(at, a, true), (at, b, true)]);
                }
            }
        }
        // A digit set twice in a unit.
        for houses in HOUSES {
            for d in 1..=9u8 {
                for unit in houses.clone() {
                    let twice = unit_bits(unit) & on[usize::from(d)];
                    if twice.count_ones() > 1 {
                        let targets: Vec<_> = cells(twice).map(|c| (c, d, true)).collect();
                        let step = Self::refuting(self.tables.table(which, i));
                        self.note_forcing(step, &me, &targets);
                    }
                }
            }
        }
        // A cell left without a candidate.
        let board = &self.tables.board;
        let mut emptied = ALL;
        for (removed, places) in off.iter().zip(&board.places).skip(1) {
            emptied &= removed | (ALL & !places);
        }
        for cells_set in on {
            emptied &= !cells_set;
        }
        emptied &= !filled;
        for at in cells(emptied) {
            let targets: Vec<_> = digits(self.tables.board.marks[at])
                .map(|d| (at, d, false))
                .collect();
            let step = Self::refuting(self.tables.table(which, i));
            self.note_forcing(step, &me, &targets);
        }
        // A unit left without a place for a digit.
        for houses in HOUSES {
            for d in 1..=9u8 {
                for unit in houses.clone() {
                    let places = unit_bits(unit) & allowed[usize::from(d)];
                    if places != 0 && places & off[usize::from(d)] == places {
                        let targets: Vec<_> = cells(places).map(|c| (c, d, false)).collect();
                        let step = Self::refuting(self.tables.table(which, i));
                        self.note_forcing(step, &me, &targets);
                    }
                }
            }
        }
    }

    /// What follows both from candidate `i` set and from it removed.
    fn both_ways(&mut self, i: usize) {
        let (on, off) = (&self.tables.on[i], &self.tables.off[i]);
        if on.is_empty() || off.is_empty() {
            return;
        }
        let not_premise = !(1u128 << cell_of(on.nodes[0]));
        let both = [(Which::On, i), (Which::Off, i)];
        let pairs = [(true, on.on, off.on), (false, on.off, off.off)];
        for (set, a, b) in pairs {
            for d in 1..=9u8 {
                let common = a[usize::from(d)] & b[usize::from(d)] & not_premise;
                for cell in cells(common) {
                    let step = (Kind::ChainVerity, set, cell, d);
                    self.note_forcing(step, &both, &[(cell, d, set)]);
                }
            }
        }
    }

    /// What follows from every one of the "on" tables `list` (the candidates of a cell, or the
    /// places of a digit in a unit).
    fn every_way(&mut self, list: &[usize]) {
        if list.is_empty() {
            return;
        }
        let tables = &self.tables;
        let mut on = tables.on[list[0]].on;
        let mut off = tables.on[list[0]].off;
        for &at in &list[1..] {
            for d in 1..10 {
                on[d] &= tables.on[at].on[d];
                off[d] &= tables.on[at].off[d];
            }
        }
        let sources: Vec<(Which, usize)> = list.iter().map(|&at| (Which::On, at)).collect();
        for d in 1..=9u8 {
            for (set, common) in [(true, on[usize::from(d)]), (false, off[usize::from(d)])] {
                for cell in cells(common) {
                    let step = (Kind::ChainVerity, set, cell, d);
                    self.note_forcing(step, &sources, &[(cell, d, set)]);
                }
            }
        }
    }
}
