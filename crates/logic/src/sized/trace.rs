//! The reasoning behind a forcing chain of any size, written out: the assumption is followed
//! again through singles, one placement at a time, each remembering the placement that forced
//! it (the last one to take away what the single needed), and the line from the assumption to
//! the contradiction is printed (`r1c2=5 -> r1c7=G -> r4c7=8 -> r4c3 has no candidate left`).
//! The search (`follow_singles` in the techniques) keeps no such record; this runs only for
//! the step that is shown.

use super::state::{SizedCandidates, SizedUnit, values_of};

/// A placement and the placement that forced it (an index into the entries; none for the
/// assumption).
struct Entry {
    cell: usize,
    value: u8,
    cause: Option<usize>,
}

/// An assumption being followed with a record of causes.
struct Trace {
    state: SizedCandidates,
    /// Each cell's candidates before the assumption (bit `v - 1` for value `v`).
    start: Vec<u64>,
    /// For each cell and value (`cell * 64 + value - 1`), the placement that struck it out.
    removed_by: Vec<Option<usize>>,
    entries: Vec<Entry>,
}

impl Trace {
    fn new(state: &SizedCandidates) -> Trace {
        let cells = state.shape().cells();
        Trace {
            state: state.clone(),
            start: (0..cells).map(|cell| state.marks(cell)).collect(),
            removed_by: vec![None; cells * 64],
            entries: Vec::new(),
        }
    }

    fn slot(cell: usize, value: u8) -> usize {
        cell * 64 + usize::from(value - 1)
    }

    /// Places `value` in `cell`, noting it as the remover of every candidate it strikes out.
    fn place(&mut self, cell: usize, value: u8, cause: Option<usize>) {
        let index = self.entries.len();
        self.entries.push(Entry { cell, value, cause });
        for other in values_of(self.state.marks(cell) & !(1 << (value - 1))) {
            self.removed_by[Self::slot(cell, other)] = Some(index);
        }
        for unit in self.state.units_of(cell) {
            for peer in self.state.cells_of(unit) {
                if peer != cell && self.state.has(peer, value) {
                    self.removed_by[Self::slot(peer, value)] = Some(index);
                }
            }
        }
        self.state.place(cell, value);
    }

    /// The latest placement that struck out any of `bits` from `cell`.
    fn last_remover(&self, cell: usize, bits: u64) -> Option<usize> {
        values_of(bits)
            .filter_map(|value| self.removed_by[Self::slot(cell, value)])
            .max()
    }

    /// The latest placement that took `value` out of the cells of `unit`.
    fn last_remover_in(&self, unit: SizedUnit, value: u8) -> Option<usize> {
        self.state
            .cells_of(unit)
            .filter_map(|cell| self.removed_by[Self::slot(cell, value)])
            .max()
    }

    /// The placements from the assumption to entry `index`, written out.
    fn line_to(&self, index: usize) -> Vec<String> {
        let mut line = Vec::new();
        let mut at = Some(index);
        while let Some(i) = at {
            let Entry { cell, value, cause } = self.entries[i];
            let name = self.state.cell_name(cell);
            line.push(format!("{name}={}", self.state.symbol(value)));
            at = cause;
        }
        line.reverse();
        line
    }

    /// The values `unit` had as candidates at the start but now neither holds nor has a
    /// place for.
    fn missing(&self, unit: SizedUnit) -> u64 {
        let summary = self.state.summary(unit);
        self.start_of_unit(unit) & !summary.held & !summary.once
    }

    /// The values `unit` had as candidates at the start.
    fn start_of_unit(&self, unit: SizedUnit) -> u64 {
        self.state
            .cells_of(unit)
            .fold(0, |bits, cell| bits | self.start[cell])
    }
}

/// The line of reasoning from `value` in `cell` to the contradiction that singles meet in
/// `state`: each placement after the assumption with the one that forced it. None when singles
/// meet no contradiction.
pub(super) fn reasoning(state: &SizedCandidates, cell: usize, value: u8) -> Option<String> {
    let mut trace = Trace::new(state);
    trace.place(cell, value, None);
    loop {
        if let Some(line) = contradiction(&trace) {
            return Some(line.join(" -> "));
        }
        if !next_single(&mut trace) {
            return None;
        }
    }
}

/// The first contradiction, as the line that leads to it.
fn contradiction(trace: &Trace) -> Option<Vec<String>> {
    let state = &trace.state;
    for cell in 0..state.shape().cells() {
        if state.value(cell).is_none() && state.marks(cell) == 0 {
            let mut line = trace.line_to(trace.last_remover(cell, trace.start[cell])?);
            line.push(format!("{} has no candidate left", state.cell_name(cell)));
            return Some(line);
        }
    }
    for unit in state.units() {
        if let Some(value) = values_of(trace.missing(unit)).next() {
            let mut line = trace.line_to(trace.last_remover_in(unit, value)?);
            line.push(format!("{} has no place in {unit}", state.symbol(value)));
            return Some(line);
        }
    }
    None
}

/// Places one naked or hidden single; false when there is none.
fn next_single(trace: &mut Trace) -> bool {
    let cells = trace.state.shape().cells();
    for cell in 0..cells {
        let marks = trace.state.marks(cell);
        if marks.count_ones() == 1 {
            let cause = trace.last_remover(cell, trace.start[cell] & !marks);
            trace.place(cell, marks.trailing_zeros() as u8 + 1, cause);
            return true;
        }
    }
    for unit in trace.state.units() {
        let summary = trace.state.summary(unit);
        let once_only = summary.once & !summary.twice & !summary.held;
        if let Some(value) = values_of(once_only).next() {
            let place = trace.state.places(unit, value).next().expect("one place");
            let cause = trace.last_remover_in(unit, value);
            trace.place(place, value, cause);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::sized::SizedGrid;

    fn state(line: &str) -> SizedCandidates {
        let (grid, alphabet) = SizedGrid::parse(line, None, None).unwrap();
        SizedCandidates::from_grid(&grid, alphabet)
    }

    /// A 6x6 puzzle whose solution is 631524 542361 413652 256413 325146 164235.
    const SIX: &str = ".3....54..6.....52...4.....1..16..3.";

    #[test]
    fn a_wrong_value_is_followed_to_its_contradiction_through_open_candidates() {
        let start = state(SIX);
        let wrong = values_of(start.marks(0)).find(|&v| v != 6).unwrap();
        let line = reasoning(&start, 0, wrong).unwrap();
        let steps: Vec<&str> = line.split(" -> ").collect();
        assert_eq!(steps[0], format!("r1c1={wrong}"));
        let last = steps.last().unwrap();
        assert!(
            last.ends_with(" has no candidate left") || last.contains(" has no place in "),
            "{line}"
        );
        // Each placement written is still open once those before it are made.
        let mut followed = start.clone();
        followed.place(0, wrong);
        for step in &steps[1..steps.len() - 1] {
            let (name, value) = step.split_once('=').unwrap();
            let cell = (0..36).find(|&c| followed.cell_name(c) == name).unwrap();
            let value: u8 = value.parse().unwrap();
            assert!(followed.has(cell, value), "{step} in {line}");
            followed.place(cell, value);
        }
    }

    #[test]
    fn the_right_value_meets_no_contradiction() {
        assert_eq!(reasoning(&state(SIX), 0, 6), None);
    }
}
