//! The trail: what each change to the search's state was, so that a guess is taken back by
//! undoing its changes instead of by keeping a copy of the state from before it. A copy a
//! level held a search's memory at its depth times the grid's state: at 64x64 (a 43 KB state
//! and thousands of levels) over 150 MB; the trail holds only what changed, a few MB there.

use super::rules::{StaleUnits, place_print};
use super::search::{Search, State};

/// One change to a state, with what it takes to undo it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Change {
    /// A cell lost candidates: these are the ones it had.
    Candidates { cell: u16, before: u64 },
    /// A cell was settled; `fresh` says which of its units (bit `k` for its `k`-th) had not
    /// had its value placed before.
    Settled { cell: u16, fresh: u8 },
    /// Box-line's record of what it has done in a unit's partition, as it was.
    BoxLineDone { index: u32, before: u64 },
}

/// The changes made to the search's state, oldest first, while recording.
#[derive(Default)]
pub(super) struct Trail {
    changes: Vec<Change>,
    /// Off while probing works a trial in a copy of the state: that copy is thrown away, not
    /// undone.
    off: bool,
}

impl Trail {
    /// Where the trail ends now: what [`Search::undo_to`] takes the state back to.
    pub(super) fn mark(&self) -> usize {
        self.changes.len()
    }

    /// Notes `change`, unless recording is off.
    #[inline(always)]
    pub(super) fn record(&mut self, change: Change) {
        if !self.off {
            self.changes.push(change);
        }
    }

    /// Stops or resumes recording (see [`Trail::off`]).
    pub(super) fn set_recording(&mut self, recording: bool) {
        self.off = !recording;
    }
}

impl Search<'_> {
    /// Takes `state` back to where it was when the trail ended at `mark`, newest change
    /// first, and drops what the rules had still to do: the state there was at a fixed point.
    pub(super) fn undo_to(&mut self, state: &mut State, mark: usize) {
        while self.trail.changes.len() > mark {
            let change = self.trail.changes.pop().expect("longer than the mark");
            match change {
                Change::Candidates { cell, before } => {
                    let cell = usize::from(cell);
                    let now = state.candidates[cell];
                    state.candidates[cell] = before;
                    self.reprint(state, cell, |place| {
                        place_print(place, before) ^ place_print(place, now)
                    });
                }
                Change::Settled { cell, fresh } => {
                    let cell = usize::from(cell);
                    state.settled[cell] = false;
                    state.open += 1;
                    let bit = state.candidates[cell];
                    self.reprint(state, cell, |place| place_print(place, bit));
                    for (k, &unit) in self.layout.cell_units[cell].iter().enumerate() {
                        if fresh >> k & 1 != 0 {
                            state.placed[usize::from(unit)] &= !bit;
                        }
                    }
                }
                Change::BoxLineDone { index, before } => {
                    state.box_line_done[index as usize] = before;
                }
            }
        }
        self.stale = StaleUnits::default();
        self.queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::sized::Shape;
    use crate::sized::solver::layout::Layout;
    use crate::sized::solver::{Setup, random_puzzle};

    /// Guesses from a state at its fixed point, right and wrong ones, one level deep and many
    /// levels deep, each propagated and probed as a node would be (to a contradiction or not),
    /// are taken back to the very state they started from: every field of it.
    #[test]
    fn guesses_taken_back_leave_the_state_as_it_was() {
        let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(5);
        for shape in ["2x3", "3x3", "3x4", "4x4", "5x5"] {
            let shape: Shape = shape.parse().unwrap();
            let layout = Layout::of(shape);
            for _ in 0..6 {
                let (_, puzzle) = random_puzzle(shape, &mut rng, (7, 10));
                let mut search = Search::new(&layout, Setup::plain(None));
                let mut state = search.start(&puzzle).unwrap();
                assert!(search.propagate(&mut state) && search.probe(&mut state));
                let before = state.clone();
                let mark = search.trail.mark();
                let open: Vec<usize> = (0..shape.cells()).filter(|&c| !state.settled[c]).collect();
                for &cell in open.iter().take(8) {
                    // Each candidate of the cell, one level deep.
                    for bit in super::super::bits(state.candidates[cell]) {
                        search.restrict(&mut state, cell, bit);
                        let _ = search.propagate(&mut state) && search.probe(&mut state);
                        search.undo_to(&mut state, mark);
                        assert_eq!(state, before, "{shape}: one guess taken back");
                    }
                }
                // A line of guesses, a random candidate each, to a solution or a contradiction.
                while let Some(cell) = (0..shape.cells()).find(|&c| !state.settled[c]) {
                    let choices: Vec<u64> = super::super::bits(state.candidates[cell]).collect();
                    let bit = choices[rng.next_u32() as usize % choices.len()];
                    search.restrict(&mut state, cell, bit);
                    if !(search.propagate(&mut state) && search.probe(&mut state)) {
                        break;
                    }
                }
                search.undo_to(&mut state, mark);
                assert_eq!(state, before, "{shape}: a line of guesses taken back");
            }
        }
    }
}
