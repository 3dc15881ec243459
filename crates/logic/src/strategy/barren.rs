//! Digit-by-digit searches that remember where they found nothing. A fish of any kind looks at
//! one digit's places at a time, and what it finds there depends on those places alone. A step
//! changes the places of one or two digits, so at the next step most digits still have the
//! places the search last found nothing in: those are skipped.

use std::cell::RefCell;

use super::Technique;
use crate::{Candidates, CellSet, Step};

/// How many techniques there are.
const KINDS: usize = Technique::ALL.len();

thread_local! {
    /// For each technique and digit, the digit's places when the search last found nothing.
    static BARREN: RefCell<[[Option<CellSet>; 9]; KINDS]> =
        const { RefCell::new([[None; 9]; KINDS]) };
}

/// The first step `search` finds, asked digit by digit (1 to 9) with the digit's places; a
/// digit whose places are those `technique`'s search last found nothing in is skipped. The
/// search must depend on the digit and its places alone.
pub(super) fn first_by_digit(
    candidates: &Candidates,
    technique: Technique,
    mut search: impl FnMut(u8, CellSet) -> Option<Step>,
) -> Option<Step> {
    let places = candidates.places();
    let kind = technique as usize;
    (1..=9u8).find_map(|digit| {
        let spots = places[usize::from(digit)];
        let slot = usize::from(digit - 1);
        if BARREN.with(|barren| barren.borrow()[kind][slot]) == Some(spots) {
            return None;
        }
        let found = search(digit, spots);
        if found.is_none() {
            BARREN.with(|barren| barren.borrow_mut()[kind][slot] = Some(spots));
        }
        found
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CellDigit;

    /// Candidates of a puzzle (the 17-clue one with the most nodes in the engine's count).
    fn position() -> Candidates {
        Candidates::from_grid(
            &"..............1..2.34....5......6.......7..8.1.......9....623....7....4.9..1....."
                .parse()
                .unwrap(),
        )
    }

    /// The digits a search that finds nothing is asked about.
    fn asked(state: &Candidates, technique: Technique) -> Vec<u8> {
        let mut asked = Vec::new();
        first_by_digit(state, technique, |digit, _| {
            asked.push(digit);
            None
        });
        asked
    }

    #[test]
    fn a_digit_is_searched_again_only_when_its_places_change() {
        let technique = Technique::SashimiJellyfish;
        let mut state = position();
        assert_eq!(asked(&state, technique), (1..=9).collect::<Vec<u8>>());
        assert_eq!(asked(&state, technique), [], "the same places: none");
        // One candidate of 4 struck out: only 4 is asked again.
        let position = state.places()[4].iter().next().unwrap();
        state.eliminate(CellDigit { position, digit: 4 });
        assert_eq!(asked(&state, technique), [4]);
        // Another technique has its own memory.
        assert_eq!(asked(&state, Technique::SashimiSwordfish).len(), 9);
    }

    #[test]
    fn a_digit_where_something_was_found_is_searched_again() {
        let state = position();
        let asked = std::cell::Cell::new(0);
        let search = |digit: u8, _: CellSet| {
            asked.set(asked.get() + 1);
            (digit == 2).then(|| Step {
                technique: Technique::FinnedJellyfish,
                placements: Vec::new(),
                eliminations: Vec::new(),
                reason: String::new(),
                rating: 0.0,
            })
        };
        assert!(first_by_digit(&state, Technique::FinnedJellyfish, search).is_some());
        assert!(first_by_digit(&state, Technique::FinnedJellyfish, search).is_some());
        // Digit 1 is skipped the second time; digit 2 is asked both times.
        assert_eq!(asked.get(), 3);
    }
}
