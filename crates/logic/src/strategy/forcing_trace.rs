//! The reasoning behind a forcing chain or net, written out: the assumption is followed again,
//! one consequence at a time, each remembering what forced it, and the line from the
//! assumption to the fact that matters is printed (`r1c2=5 -> r1c7=3 -> r4c7=8 -> r4c3 has no
//! candidate left`). The search itself (in the forcing module) works on whole sets at once
//! and keeps no such record; this runs only for the step that is shown.
//!
//! In a chain every consequence has one cause, so the line is the whole chain. In a net a
//! consequence can need several; the line then follows the last of them, the one that
//! completed it.

use super::lines_through;
use crate::CellSet;
use sudoku_engine::grid::{Position, Unit};

/// A fact found while following an assumption.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Fact {
    /// A digit placed in a cell.
    Placed(Position, u8),
    /// A candidate struck out by pointing or claiming (nets only).
    Removed(Position, u8),
}

/// The fact to trace the reasoning to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Target {
    /// The first contradiction met.
    Contradiction,
    /// A digit placed in a cell.
    Placed(Position, u8),
    /// A candidate gone from a cell (by a placement or by pointing and claiming).
    Removed(Position, u8),
}

/// A consequence and what forced it (an index into the facts; none for the assumption).
struct Entry {
    fact: Fact,
    cause: Option<usize>,
}

/// An assumption being followed with a record of causes.
struct Trace {
    marks: [u16; 81],
    values: [u8; 81],
    /// For each cell and digit, the fact that struck the candidate out.
    removed_by: [[Option<usize>; 10]; 81],
    start_marks: [u16; 81],
    entries: Vec<Entry>,
}

impl Trace {
    fn place(&mut self, position: Position, digit: u8, cause: Option<usize>) -> usize {
        let index = self.entries.len();
        self.entries.push(Entry {
            fact: Fact::Placed(position, digit),
            cause,
        });
        let cell = position.index();
        self.values[cell] = digit;
        for other in 1..=9u8 {
            if other != digit && self.marks[cell] >> other & 1 == 1 {
                self.removed_by[cell][usize::from(other)] = Some(index);
            }
        }
        self.marks[cell] = 0;
        for peer in CellSet::peers(position).iter() {
            let peer = peer.index();
            if self.marks[peer] >> digit & 1 == 1 {
                self.marks[peer] &= !(1 << digit);
                self.removed_by[peer][usize::from(digit)] = Some(index);
            }
        }
        index
    }

    fn remove(&mut self, position: Position, digit: u8, cause: Option<usize>) -> usize {
        let index = self.entries.len();
        self.entries.push(Entry {
            fact: Fact::Removed(position, digit),
            cause,
        });
        self.marks[position.index()] &= !(1 << digit);
        self.removed_by[position.index()][usize::from(digit)] = Some(index);
        index
    }

    /// The latest fact that struck out any of `digits` from `cell` (those it had at the start).
    fn last_remover(&self, position: Position, digits: u16) -> Option<usize> {
        let cell = position.index();
        (1..=9)
            .filter(|&d| digits >> d & 1 == 1)
            .filter_map(|d| self.removed_by[cell][d])
            .max()
    }

    /// The latest fact that took `digit` out of `cells` (where it could be at the start).
    fn last_remover_in(&self, cells: impl Iterator<Item = Position>, digit: u8) -> Option<usize> {
        cells
            .filter_map(|p| self.removed_by[p.index()][usize::from(digit)])
            .max()
    }

    /// The line of facts from the assumption to `index`, written out.
    fn line_to(&self, index: usize) -> Vec<String> {
        let mut line = Vec::new();
        let mut at = Some(index);
        while let Some(i) = at {
            line.push(match self.entries[i].fact {
                Fact::Placed(position, digit) => format!("{position}={digit}"),
                Fact::Removed(position, digit) => format!("{position}<>{digit}"),
            });
            at = self.entries[i].cause;
        }
        line.reverse();
        line
    }

    /// The places of `digit` in `unit` at the start, and now.
    fn places(&self, unit: Unit, digit: u8) -> (usize, Vec<Position>) {
        let at_start = unit
            .cells()
            .filter(|p| self.start_marks[p.index()] >> digit & 1 == 1)
            .count();
        let now = unit
            .cells()
            .filter(|p| self.marks[p.index()] >> digit & 1 == 1)
            .collect();
        (at_start, now)
    }
}

/// Follows `digit` in `position` from the state given as candidate bits (`marks`, bit `d` for
/// digit d) and values, as a chain (`net` false: singles only in cells with two candidates at
/// the start, and in units with two places) or a net (every single, pointing and claiming),
/// and returns the line of reasoning to `target`, ending with the contradiction's words for
/// [`Target::Contradiction`]. None when the target is not reached.
pub(super) fn reasoning(
    (marks, values): ([u16; 81], [u8; 81]),
    (position, digit): (Position, u8),
    net: bool,
    target: Target,
) -> Option<String> {
    let mut trace = Trace {
        marks,
        values,
        removed_by: [[None; 10]; 81],
        start_marks: marks,
        entries: Vec::new(),
    };
    trace.place(position, digit, None);
    loop {
        if let Some(line) = reached(&trace, target) {
            return Some(line);
        }
        if let Some(line) = contradiction(&trace).filter(|_| target == Target::Contradiction) {
            return Some(line);
        }
        let progress = next_single(&mut trace, net) || (net && next_locked(&mut trace));
        if !progress {
            return None;
        }
    }
}

/// The line to `target` if it is already a fact.
fn reached(trace: &Trace, target: Target) -> Option<String> {
    let line = match target {
        Target::Contradiction => return None,
        Target::Placed(position, digit) => {
            let fact = Fact::Placed(position, digit);
            trace.line_to(trace.entries.iter().position(|e| e.fact == fact)?)
        }
        Target::Removed(position, digit) => {
            let index = trace.removed_by[position.index()][usize::from(digit)]?;
            let mut line = trace.line_to(index);
            if trace.entries[index].fact != Fact::Removed(position, digit) {
                line.push(format!("{position}<>{digit}"));
            }
            line
        }
    };
    Some(line.join(" -> "))
}

/// The first contradiction, written as the line that leads to it.
fn contradiction(trace: &Trace) -> Option<String> {
    for position in Position::all() {
        let cell = position.index();
        if trace.values[cell] == 0 && trace.marks[cell] == 0 {
            let cause = trace.last_remover(position, trace.start_marks[cell])?;
            let mut line = trace.line_to(cause);
            line.push(format!("{position} has no candidate left"));
            return Some(line.join(" -> "));
        }
    }
    for unit in Unit::all() {
        for digit in 1..=9u8 {
            let held = unit.cells().any(|p| trace.values[p.index()] == digit);
            if !held && trace.places(unit, digit).1.is_empty() {
                let cause = trace.last_remover_in(unit.cells(), digit)?;
                let mut line = trace.line_to(cause);
                line.push(format!("{digit} has no place in {unit}"));
                return Some(line.join(" -> "));
            }
        }
    }
    None
}

/// Places one naked or hidden single that the reach allows; false when there is none.
fn next_single(trace: &mut Trace, net: bool) -> bool {
    for position in Position::all() {
        let cell = position.index();
        let bits = trace.marks[cell];
        let pair_at_start = trace.start_marks[cell].count_ones() == 2;
        if trace.values[cell] == 0 && bits.count_ones() == 1 && (net || pair_at_start) {
            let cause = trace.last_remover(position, trace.start_marks[cell] & !bits);
            trace.place(position, bits.trailing_zeros() as u8, cause);
            return true;
        }
    }
    for unit in Unit::all() {
        for digit in 1..=9u8 {
            if unit.cells().any(|p| trace.values[p.index()] == digit) {
                continue;
            }
            let (at_start, now) = trace.places(unit, digit);
            if now.len() == 1 && (net || at_start == 2) {
                let cause = trace.last_remover_in(unit.cells(), digit);
                trace.place(now[0], digit, cause);
                return true;
            }
        }
    }
    false
}

/// Strikes out the candidates of one pointing or claiming; false when there is none.
fn next_locked(trace: &mut Trace) -> bool {
    for digit in 1..=9u8 {
        for b in 0..9u8 {
            let block = Unit::Box(b);
            for line in lines_through(usize::from(b)) {
                let has = |p: &Position| trace.marks[p.index()] >> digit & 1 == 1;
                let in_both = |p: &Position| line.cells().any(|q| q == *p);
                let inside = block.cells().filter(|p| has(p) && in_both(p)).count();
                if inside == 0 {
                    continue;
                }
                for (confined_to, other) in [(block, line), (line, block)] {
                    let in_other = |p: &Position| other.cells().any(|q| q == *p);
                    let outside = confined_to.cells().any(|p| has(&p) && !in_other(&p));
                    let rest: Vec<Position> = other
                        .cells()
                        .filter(|p| has(p) && !confined_to.cells().any(|q| q == *p))
                        .collect();
                    if !outside && !rest.is_empty() {
                        let cause = trace.last_remover_in(confined_to.cells(), digit);
                        for position in rest {
                            trace.remove(position, digit, cause);
                        }
                        return true;
                    }
                }
            }
        }
    }
    false
}
