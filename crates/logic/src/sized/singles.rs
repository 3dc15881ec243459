//! An assumption followed through naked and hidden singles, quickly: what a forcing chain
//! asks of every candidate of a state until one fails. Each unit keeps the values it holds
//! and how many open cells can still take each value, updated as candidates go, so that a
//! single or a contradiction is seen where it arises instead of by reading the whole grid
//! again after each round.
//!
//! Singles are unit propagation: whatever order they are placed in, they reach the same
//! state, and a contradiction met in one order (an open cell without candidates, or a value
//! with no place in a unit that does not hold it) stays to the end of any other. So the
//! verdict is the one that playing them round by round over the grid gives.

use super::state::{SizedCandidates, SizedUnit, values_of};

/// The bit of `value` (from 1).
fn bit(value: u8) -> u64 {
    1 << (value - 1)
}

/// A state without a way on: the assumption fails.
struct Contradiction;

/// A single waiting to be placed, if it still is one when its turn comes.
#[derive(Clone, Copy)]
enum Pending {
    /// The open cell has one candidate left.
    Naked(usize),
    /// The value has one open cell left in the unit (by index).
    Hidden(usize, u8),
}

/// Candidates with, per unit, what it holds and how many places each value has left.
#[derive(Clone)]
struct Counts {
    /// Each open cell's candidates (bit `v - 1` for value `v`); 0 for a filled cell (an open
    /// cell left with none is a contradiction, and the work stops there).
    marks: Vec<u64>,
    /// Per unit, the values its filled cells hold.
    held: Vec<u64>,
    /// Per unit and value (`unit * size + value - 1`), the open cells that can take it.
    places: Vec<u8>,
}

/// Follows assumptions made on one state through singles.
pub(super) struct Singles {
    size: usize,
    /// The cells of each unit: rows, then columns, then boxes.
    unit_cells: Vec<Vec<usize>>,
    /// The units of each cell (row, column, box), by index.
    cell_units: Vec<[usize; 3]>,
    /// The state the assumptions are made on.
    start: Counts,
    /// Whether the state contradicts itself already (then every assumption fails).
    contradictory: bool,
    /// The singles the state holds already: each assumption's work starts with them.
    waiting: Vec<Pending>,
    /// The state an assumption is worked in.
    work: Counts,
    /// The singles found and not yet placed.
    queue: Vec<Pending>,
}

impl Counts {
    /// The counts of `state`, whose units have the cells `unit_cells`.
    fn of(state: &SizedCandidates, unit_cells: &[Vec<usize>]) -> Counts {
        let (size, cells) = (state.size(), state.shape().cells());
        let mut counts = Counts {
            marks: (0..cells).map(|cell| state.marks(cell)).collect(),
            held: vec![0; unit_cells.len()],
            places: vec![0; unit_cells.len() * size],
        };
        for (unit, members) in unit_cells.iter().enumerate() {
            for &cell in members {
                match state.value(cell) {
                    Some(value) => counts.held[unit] |= bit(value),
                    None => {
                        for value in values_of(counts.marks[cell]) {
                            counts.places[slot(size, unit, value)] += 1;
                        }
                    }
                }
            }
        }
        counts
    }

    /// The values of `unit` that no filled cell holds and that have `places` open cells left.
    fn unheld_with(&self, size: usize, unit: usize, places: u8) -> impl Iterator<Item = u8> + '_ {
        (1..=size as u8).filter(move |&value| {
            self.held[unit] & bit(value) == 0 && self.places[slot(size, unit, value)] == places
        })
    }
}

/// Where the count of `value`'s places in `unit` is kept.
fn slot(size: usize, unit: usize, value: u8) -> usize {
    unit * size + usize::from(value - 1)
}

impl Singles {
    /// Ready to follow assumptions made on `state`.
    pub(super) fn new(state: &SizedCandidates) -> Singles {
        let size = state.size();
        let index = |unit: SizedUnit| match unit {
            SizedUnit::Row(r) => r,
            SizedUnit::Column(c) => size + c,
            SizedUnit::Box(b) => 2 * size + b,
        };
        let unit_cells: Vec<Vec<usize>> =
            state.units().map(|u| state.cells_of(u).collect()).collect();
        let cells = state.shape().cells();
        let cell_units: Vec<[usize; 3]> = (0..cells)
            .map(|cell| state.units_of(cell).map(index))
            .collect();
        let start = Counts::of(state, &unit_cells);
        let units = 0..unit_cells.len();
        let empty_cell =
            (0..cells).any(|cell| state.value(cell).is_none() && start.marks[cell] == 0);
        let missing_value = units
            .clone()
            .any(|unit| start.unheld_with(size, unit, 0).next().is_some());
        let naked = (0..cells)
            .filter(|&cell| start.marks[cell].count_ones() == 1)
            .map(Pending::Naked);
        let hidden = units.flat_map(|unit| {
            start
                .unheld_with(size, unit, 1)
                .map(move |value| Pending::Hidden(unit, value))
        });
        let waiting = naked.chain(hidden).collect();
        Singles {
            size,
            unit_cells,
            cell_units,
            work: start.clone(),
            start,
            contradictory: empty_cell || missing_value,
            waiting,
            queue: Vec::new(),
        }
    }

    /// Whether `value` in the open `cell` (one of its candidates), followed through singles,
    /// meets a contradiction.
    pub(super) fn contradicts(&mut self, cell: usize, value: u8) -> bool {
        if self.contradictory {
            return true;
        }
        self.work.clone_from(&self.start);
        self.queue.clear();
        self.queue.extend_from_slice(&self.waiting);
        self.follow(cell, value).is_err()
    }

    /// Places `value` in `cell`, then every single that follows.
    fn follow(&mut self, cell: usize, value: u8) -> Result<(), Contradiction> {
        self.place(cell, value)?;
        while let Some(pending) = self.queue.pop() {
            match pending {
                Pending::Naked(cell) => {
                    let marks = self.work.marks[cell];
                    // (A cell filled meanwhile has none.)
                    if marks.count_ones() == 1 {
                        self.place(cell, marks.trailing_zeros() as u8 + 1)?;
                    }
                }
                Pending::Hidden(unit, value) => {
                    if self.work.held[unit] & bit(value) != 0 {
                        continue;
                    }
                    let place = self.unit_cells[unit]
                        .iter()
                        .copied()
                        .find(|&c| self.work.marks[c] & bit(value) != 0);
                    // (None: the count is 0, and that was reported where it fell.)
                    if let Some(place) = place {
                        self.place(place, value)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Fills `cell` with `value`: the cell's other candidates go, and the value leaves its
    /// peers.
    fn place(&mut self, cell: usize, value: u8) -> Result<(), Contradiction> {
        let others = self.work.marks[cell] & !bit(value);
        self.work.marks[cell] = 0;
        let units = self.cell_units[cell];
        for &unit in &units {
            self.work.held[unit] |= bit(value);
        }
        for other in values_of(others) {
            for &unit in &units {
                self.lose_place(unit, other)?;
            }
        }
        for &unit in &units {
            for i in 0..self.unit_cells[unit].len() {
                let peer = self.unit_cells[unit][i];
                if self.work.marks[peer] & bit(value) != 0 {
                    self.strike(peer, value)?;
                }
            }
        }
        Ok(())
    }

    /// Removes `value` from the candidates of the open cell `cell`.
    fn strike(&mut self, cell: usize, value: u8) -> Result<(), Contradiction> {
        let left = self.work.marks[cell] & !bit(value);
        self.work.marks[cell] = left;
        match left.count_ones() {
            0 => return Err(Contradiction),
            1 => self.queue.push(Pending::Naked(cell)),
            _ => {}
        }
        for unit in self.cell_units[cell] {
            self.lose_place(unit, value)?;
        }
        Ok(())
    }

    /// Counts one place fewer for `value` in `unit`.
    fn lose_place(&mut self, unit: usize, value: u8) -> Result<(), Contradiction> {
        let places = &mut self.work.places[slot(self.size, unit, value)];
        *places -= 1;
        if self.work.held[unit] & bit(value) != 0 {
            return Ok(());
        }
        match *places {
            0 => Err(Contradiction),
            1 => {
                self.queue.push(Pending::Hidden(unit, value));
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::techniques::follow_singles;
    use super::*;
    use sudoku_engine::generate::puzzle_rng;
    use sudoku_engine::sized::{Alphabet, Shape, SizedGrid, random_grid};

    /// The verdict of singles played round by round over the whole grid (what the forcing
    /// chains asked before this module).
    fn round_by_round(state: &SizedCandidates, cell: usize, value: u8) -> bool {
        let mut assumed = state.clone();
        assumed.place(cell, value);
        follow_singles(&mut assumed).is_some()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

        /// On a random solution's cells, some kept as givens, with candidates struck out at
        /// random (the solution's too, so that many assumptions fail and some states
        /// contradict themselves outright), every candidate of every open cell gets the
        /// verdict that playing singles round by round gives.
        #[test]
        fn the_quick_verdict_is_the_round_by_round_one(
            shape_index in 0usize..5,
            seed in 0u64..1_000_000,
            kept in proptest::collection::vec(proptest::bool::weighted(0.35), 256),
            struck in proptest::collection::vec((0usize..256, 1u8..=16), 0..40),
        ) {
            let (rows, columns) = [(2, 2), (2, 3), (3, 3), (2, 4), (4, 4)][shape_index];
            let shape = Shape::new(rows, columns).unwrap();
            let solution = random_grid(shape, &mut puzzle_rng(seed, 1));
            let givens: Vec<u8> = solution
                .cells()
                .iter()
                .zip(&kept)
                .map(|(&value, &keep)| if keep { value } else { 0 })
                .collect();
            let puzzle = SizedGrid::from_values(shape, givens).unwrap();
            let mut state = SizedCandidates::from_grid(&puzzle, Alphabet::default_for(shape.size()));
            for &(cell, value) in &struck {
                let (cell, value) = (cell % shape.cells(), (value - 1) % shape.size() as u8 + 1);
                if state.value(cell).is_none() && state.marks(cell).count_ones() > 1 {
                    state.eliminate(cell, value);
                }
            }
            let mut singles = Singles::new(&state);
            for cell in 0..shape.cells() {
                for value in values_of_cell(&state, cell) {
                    proptest::prop_assert_eq!(
                        singles.contradicts(cell, value),
                        round_by_round(&state, cell, value),
                        "{} = {} in {}", state.cell_name(cell), value, state.to_text()
                    );
                }
            }
        }
    }

    /// The candidates of `cell`, smallest first.
    fn values_of_cell(state: &SizedCandidates, cell: usize) -> Vec<u8> {
        super::super::state::values_of(state.marks(cell)).collect()
    }
}
