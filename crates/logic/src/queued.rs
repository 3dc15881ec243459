//! Singles in the order HoDoKu's solver takes them.
//!
//! HoDoKu does not scan the grid for singles. It notes each cell left with one candidate, and
//! each unit left with one place for a digit, the moment a placement or an elimination makes it
//! so, and takes them first noted, first taken: a full house is the first noted cell that is the
//! last open cell of one of its units, a naked single the first noted cell, a hidden single the
//! first noted place. Which single comes first decides whether later ones are full houses, naked
//! or hidden singles, and so the score; keeping the same notes gives HoDoKu's path and score.

use std::collections::VecDeque;

use super::strategy::{Technique, single_step};
use super::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::Grid;
use sudoku_engine::grid::{Position, Unit};

/// A position together with HoDoKu's notes: how many places each digit has in each unit, and
/// the singles in the order they appeared.
#[derive(Clone, Debug)]
pub(crate) struct QueuedState {
    candidates: Candidates,
    /// Open cells holding each digit (index 1-9) in each unit (rows, columns, boxes).
    places: [[u8; 10]; 27],
    /// Cells that were left with one candidate, and that candidate.
    naked: VecDeque<CellDigit>,
    /// Cells that became the last place of a digit in some unit, and that digit.
    hidden: VecDeque<CellDigit>,
}

/// The index of `unit` in the table of places: rows, then columns, then boxes.
fn unit_index(unit: Unit) -> usize {
    match unit {
        Unit::Row(r) => usize::from(r),
        Unit::Column(c) => 9 + usize::from(c),
        Unit::Box(b) => 18 + usize::from(b),
    }
}

impl QueuedState {
    /// The notes HoDoKu would hold for `position` once loaded: its filled cells placed in
    /// reading order on an empty grid, then the candidates it lacks removed in reading order.
    pub fn new(position: &Candidates) -> QueuedState {
        let mut state = QueuedState {
            candidates: Candidates::from_grid(&Grid::empty()),
            places: [[9; 10]; 27],
            naked: VecDeque::new(),
            hidden: VecDeque::new(),
        };
        for cell in Position::all() {
            if let Some(digit) = position.value(cell) {
                state.place(cell, digit);
            }
        }
        for cell in Position::all().filter(|&p| position.value(p).is_none()) {
            for digit in 1..=9 {
                if !position.has(cell, digit) {
                    state.eliminate(cell, digit);
                }
            }
        }
        state.candidates = state.candidates.with_givens(position.givens());
        state
    }

    /// The position as it stands.
    pub fn candidates(&self) -> &Candidates {
        &self.candidates
    }

    /// Applies `step`: its placements, then its eliminations, each in the step's order.
    pub fn apply(&mut self, step: &Step) {
        for placed in &step.placements {
            self.place(placed.position, placed.digit);
        }
        for removed in &step.eliminations {
            self.eliminate(removed.position, removed.digit);
        }
    }

    /// The first single of `allowed` (full house, naked or hidden single, tried in that order)
    /// in HoDoKu's order. Naked and hidden singles use up the notes they pass.
    pub fn single(&mut self, allowed: &[Technique]) -> Option<Step> {
        let full_house = || allowed.contains(&Technique::FullHouse);
        if full_house()
            && let Some(step) = self.full_house()
        {
            return Some(step);
        }
        if allowed.contains(&Technique::NakedSingle)
            && let Some(step) = self.naked_single()
        {
            return Some(step);
        }
        if allowed.contains(&Technique::HiddenSingle) {
            return self.hidden_single();
        }
        None
    }

    fn places(&self, unit: Unit, digit: u8) -> u8 {
        self.places[unit_index(unit)][usize::from(digit)]
    }

    fn is_open(&self, cell: Position) -> bool {
        self.candidates.value(cell).is_none()
    }

    /// The first noted naked single that is the last open cell of one of its units.
    fn full_house(&self) -> Option<Step> {
        self.naked
            .iter()
            .filter(|noted| self.is_open(noted.position))
            .find_map(|&CellDigit { position, digit }| {
                let unit = CellSet::units_of(position).into_iter().find(|&unit| {
                    (1..=9).all(|other| other == digit || self.places(unit, other) == 0)
                })?;
                Some(single_step(Technique::FullHouse, position, digit, unit))
            })
    }

    /// The first noted cell with one candidate that is still open.
    fn naked_single(&mut self) -> Option<Step> {
        while let Some(CellDigit { position, digit }) = self.naked.pop_front() {
            if self.is_open(position) && self.candidates.has(position, digit) {
                return Some(single_step(
                    Technique::NakedSingle,
                    position,
                    digit,
                    Unit::Box(position.block() as u8),
                ));
            }
        }
        None
    }

    /// The first noted place whose cell is still open; HoDoKu gives up (until its next turn)
    /// when that note no longer holds, which a position without contradiction never shows.
    fn hidden_single(&mut self) -> Option<Step> {
        while let Some(CellDigit { position, digit }) = self.hidden.pop_front() {
            if !self.is_open(position) {
                continue;
            }
            if !self.candidates.has(position, digit) {
                return None;
            }
            // The unit named: the box when the digit has one place there (as people look, and
            // as Sudoku Explainer rates it), else the row, else the column.
            let [row, column, block] = CellSet::units_of(position);
            let unit = [block, row, column]
                .into_iter()
                .find(|&unit| self.places(unit, digit) == 1)?;
            return Some(single_step(Technique::HiddenSingle, position, digit, unit));
        }
        None
    }

    /// Fills `cell` as HoDoKu does: the digit leaves every peer in reading order, then the
    /// cell's own candidates go.
    fn place(&mut self, cell: Position, digit: u8) {
        if self.candidates.value(cell) == Some(digit) {
            return;
        }
        for peer in CellSet::peers(cell).iter() {
            self.eliminate(peer, digit);
        }
        let left = self.candidates.mark_bits(cell);
        self.candidates.place(CellDigit {
            position: cell,
            digit,
        });
        for other in (1..=9u8).filter(|&d| left & (1 << d) != 0) {
            for unit in CellSet::units_of(cell) {
                let count = &mut self.places[unit_index(unit)][usize::from(other)];
                *count -= 1;
                if *count == 1 && other != digit {
                    self.note_last_place(unit, other);
                }
            }
        }
    }

    /// Removes a candidate, noting a cell left with one candidate and a unit left with one
    /// place for the digit.
    fn eliminate(&mut self, cell: Position, digit: u8) {
        if !self.candidates.has(cell, digit) {
            return;
        }
        self.candidates.eliminate(CellDigit {
            position: cell,
            digit,
        });
        for unit in CellSet::units_of(cell) {
            let count = &mut self.places[unit_index(unit)][usize::from(digit)];
            *count -= 1;
            if *count == 1 {
                self.note_last_place(unit, digit);
            }
        }
        let left = self.candidates.mark_bits(cell);
        if left.count_ones() == 1 {
            self.naked.push_back(CellDigit {
                position: cell,
                digit: left.trailing_zeros() as u8,
            });
        }
    }

    fn note_last_place(&mut self, unit: Unit, digit: u8) {
        if let Some(position) = self.candidates.cells_with(unit, digit).next() {
            self.hidden.push_back(CellDigit { position, digit });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "85..6..3.....3....2.14......6.92.....1......49..6....57.6..3...1..27.....83.....9";

    /// Every single taken from the notes is one the scanning finders see too.
    #[test]
    fn every_noted_single_is_a_real_single() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let mut state = QueuedState::new(&Candidates::from_grid(&puzzle));
        let mut taken = 0;
        while let Some(step) = state.single(&Technique::ALL[..3]) {
            let placed = step.placements[0];
            let before = *state.candidates();
            assert!(before.has(placed.position, placed.digit), "{step}");
            match step.technique {
                Technique::NakedSingle | Technique::FullHouse => {
                    assert_eq!(before.marks(placed.position).len(), 1, "{step}");
                }
                _ => {
                    let units = CellSet::units_of(placed.position);
                    assert!(
                        units
                            .iter()
                            .any(|&u| before.cells_with(u, placed.digit).count() == 1),
                        "{step}"
                    );
                }
            }
            state.apply(&step);
            taken += 1;
        }
        assert!(state.candidates().is_solved());
        assert_eq!(taken, PUZZLE.matches('.').count());
    }

    /// Loading a position replays it, so the notes agree with the pencil marks.
    #[test]
    fn loading_keeps_the_position() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let position = Candidates::from_grid(&puzzle);
        let state = QueuedState::new(&position);
        assert_eq!(state.candidates(), &position);
        for unit in Unit::all() {
            for digit in 1..=9 {
                let count = position.cells_with(unit, digit).count() as u8;
                assert_eq!(state.places(unit, digit), count, "{unit} {digit}");
            }
        }
    }
}
