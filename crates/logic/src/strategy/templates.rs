//! The digits worth a search by the techniques of one digit (fish, the single-digit patterns,
//! colors, X-Chains): those with a place in no template (see `crate::templates`). The
//! verdicts are kept per digit for its places, since these techniques ask in turn about the
//! same ones.

use std::cell::Cell;

use super::{Technique, barren};
use crate::templates::{every_place_fits, skipping};
use crate::{Candidates, CellSet, Step};

thread_local! {
    /// Per digit (1-9 at 0-8), the places last asked about and whether they all fit.
    static LAST: Cell<[Option<(CellSet, bool)>; 9]> = const { Cell::new([None; 9]) };
}

/// False when reasoning about `digit` alone cannot remove any of its `places`: each lies in
/// some template.
fn may_remove(digit: u8, places: CellSet) -> bool {
    if !skipping() {
        return true;
    }
    let slot = usize::from(digit - 1);
    let mut last = LAST.get();
    let fits = match last[slot] {
        Some((asked, fits)) if asked == places => fits,
        _ => {
            let bits = places.bits();
            let rows: [u64; 9] = std::array::from_fn(|row| (bits >> (9 * row) & 0x1FF) as u64);
            let fits = every_place_fits(&rows, (3, 3)) == Some(true);
            last[slot] = Some((places, fits));
            LAST.set(last);
            fits
        }
    };
    !fits
}

/// The digits, 1 to 9, with their places (`places`, as [`Candidates::places`] gives them),
/// that reasoning about one digit alone may remove places of: those with a place in no
/// template.
pub(super) fn digits_to_search(places: &[CellSet; 10]) -> impl Iterator<Item = (u8, CellSet)> {
    (1..=9u8)
        .map(|digit| (digit, places[usize::from(digit)]))
        .filter(|&(digit, places)| may_remove(digit, places))
}

/// The first step `search` finds, asked digit by digit as [`barren::first_by_digit`] asks,
/// a digit whose every place lies in some template skipped. `search` must reason about the
/// digit and its places alone, so that it removes only places in no template.
pub(super) fn first_by_digit(
    candidates: &Candidates,
    technique: Technique,
    mut search: impl FnMut(u8, CellSet) -> Option<Step>,
) -> Option<Step> {
    barren::first_by_digit(candidates, technique, |digit, places| {
        if !may_remove(digit, places) {
            return None;
        }
        search(digit, places)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::templates::ONE_VALUE;

    /// The steps each technique of one digit finds at every state along the logic's path
    /// through `puzzles`, with the digits that fit skipped or not (set here for this thread),
    /// each kind in turn with its own memory of barren digits, as when solving.
    fn steps_found(puzzles: &[sudoku_engine::Grid], skipping: bool) -> Vec<Option<String>> {
        crate::templates::set_skipping(skipping);
        let mut found = Vec::new();
        for puzzle in puzzles {
            let (steps, _) = crate::explain(puzzle);
            let mut state = Candidates::from_grid(puzzle);
            for step in &steps {
                for kind in ONE_VALUE {
                    found.push(kind.find(&state).map(|step| step.to_string()));
                }
                state.apply(step);
            }
        }
        found
    }

    #[test]
    fn skipping_the_digits_that_fit_hides_no_step() {
        let text = include_str!("../../../../puzzles/top1465.txt");
        let puzzles: Vec<sudoku_engine::Grid> = text
            .lines()
            .filter(|line| !line.starts_with('#'))
            .take(12)
            .map(|line| line.trim().parse().expect("a puzzle"))
            .collect();
        // Each in a thread of its own: the skipping and the memory of barren digits are
        // per thread.
        let (with, without) = std::thread::scope(|scope| {
            let with = scope.spawn(|| steps_found(&puzzles, true));
            let without = scope.spawn(|| steps_found(&puzzles, false));
            (with.join().unwrap(), without.join().unwrap())
        });
        assert_eq!(with.len(), without.len());
        for (index, (with, without)) in with.iter().zip(&without).enumerate() {
            assert_eq!(
                with,
                without,
                "{} at state {}",
                ONE_VALUE[index % ONE_VALUE.len()],
                index / ONE_VALUE.len()
            );
        }
        // Steps were found, and digits skipped, on the way.
        let found = with.iter().filter(|step| step.is_some()).count();
        // Per puzzle and digit at the start: the digits that fit, and those that may lose a place.
        let mut verdicts = [0; 2];
        for puzzle in &puzzles {
            let places = Candidates::from_grid(puzzle).places();
            for digit in 1..=9u8 {
                verdicts[usize::from(may_remove(digit, places[usize::from(digit)]))] += 1;
            }
        }
        assert!(found > 30, "{found} steps found");
        assert!(verdicts[0] > 20 && verdicts[1] > 20, "{verdicts:?}");
    }
}
