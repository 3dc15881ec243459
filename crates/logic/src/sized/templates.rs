//! The values worth a search by the techniques of one value at other sizes: those with a place
//! in no template (see `crate::templates`). The verdicts are kept per value for its places.

use std::cell::RefCell;

use super::state::{SizedCandidates, values_of};
use crate::templates::{every_place_fits, skipping};

/// A value's places (per row, as column bits) in a grid of boxes (rows, columns).
type Asked = ((usize, usize), Vec<u64>);

thread_local! {
    /// Per value (1 at 0), the shape of boxes and the places last asked about (per row, as
    /// column bits), and whether they all fit.
    static LAST: RefCell<Vec<(Asked, bool)>> = const { RefCell::new(Vec::new()) };
}

/// The values of `state`, in order, that reasoning about one value alone may remove places
/// of: those with a place in no template (or whose templates were too many to look through),
/// each with its places (per row, the columns holding it, as bits).
pub(super) fn values_to_search(state: &SizedCandidates) -> Vec<(u8, Vec<u64>)> {
    let size = state.size();
    // Per value, per row, the columns holding it.
    let mut places = vec![vec![0u64; size]; size];
    for cell in 0..size * size {
        for value in values_of(state.marks(cell)) {
            places[usize::from(value - 1)][cell / size] |= 1 << (cell % size);
        }
    }
    let values = (1..=size as u8).zip(places);
    if !skipping() {
        return values.collect();
    }
    let boxes = (state.shape().box_rows(), state.shape().box_columns());
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if last.len() < size {
            last.resize(size, (((0, 0), Vec::new()), false));
        }
        values
            .filter(|(value, rows)| {
                let ((asked_boxes, asked), fits) = &mut last[usize::from(value - 1)];
                if *asked_boxes != boxes || asked != rows {
                    *fits = every_place_fits(rows, boxes) == Some(true);
                    (*asked_boxes, *asked) = (boxes, rows.clone());
                }
                !*fits
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::templates::ONE_VALUE;

    /// The techniques of one value the logic at other sizes knows.
    fn one_value() -> impl Iterator<Item = crate::Technique> {
        let known = super::super::techniques::TECHNIQUES;
        ONE_VALUE.into_iter().filter(move |t| known.contains(t))
    }

    /// The steps each of [`one_value`] finds at every state along the logic's paths through
    /// generated puzzles of 12x12 and 16x16, with the values that fit skipped or not (set for
    /// this thread).
    fn steps_found(skipping: bool) -> Vec<Option<String>> {
        use sudoku_engine::generate::puzzle_rng;
        use sudoku_engine::sized::{Alphabet, Shape, generate};
        crate::templates::set_skipping(skipping);
        let mut found = Vec::new();
        for (rows, columns, seeds) in [(3, 4, 0..4), (4, 4, 0..1)] {
            let shape = Shape::new(rows, columns).unwrap();
            for seed in seeds {
                let (puzzle, _) = generate(shape, &mut puzzle_rng(seed, 0));
                let alphabet = Alphabet::default_for(shape.size());
                let mut state = SizedCandidates::from_grid(&puzzle, alphabet);
                while let Some(step) = super::super::next_step_before(&state, None).unwrap() {
                    for technique in one_value() {
                        let step = super::super::techniques::find(technique, &state);
                        found.push(step.map(|step| step.to_string()));
                    }
                    state.apply(&step);
                }
            }
        }
        found
    }

    #[test]
    fn skipping_the_values_that_fit_hides_no_step() {
        // Each in a thread of its own: the skipping is per thread.
        let (with, without) = std::thread::scope(|scope| {
            let with = scope.spawn(|| steps_found(true));
            let without = scope.spawn(|| steps_found(false));
            (with.join().unwrap(), without.join().unwrap())
        });
        assert_eq!(with, without);
        let found = with.iter().filter(|step| step.is_some()).count();
        assert!(found > 30, "{found} steps found in {} asks", with.len());
    }
}
