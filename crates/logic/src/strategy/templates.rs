//! Templates: the ways one digit can still fill the grid, a place in every row, column and box
//! that still needs it, all among its candidates. A candidate in no template can never hold the
//! digit. Reasoning about one digit alone (every kind of fish) removes only such candidates:
//! each of its arguments holds in every template. So where every candidate of a digit lies in
//! some template, that reasoning has nothing to find for the digit, and need not look.

use std::cell::Cell;

use super::{Technique, barren};
use crate::{Candidates, CellSet, Step};

thread_local! {
    /// Whether digits whose places all fit are skipped: always, but in the test that compares
    /// the searches with and without the skipping.
    static SKIPPING: Cell<bool> = const { Cell::new(true) };
    /// Per digit (1-9 at 0-8), the places last asked about and whether they all fit: the
    /// techniques of one digit ask in turn about the same places.
    static LAST: Cell<[Option<(CellSet, bool)>; 9]> = const { Cell::new([None; 9]) };
}

/// False when reasoning about `digit` alone cannot remove any of its `places`: each lies in
/// some template.
pub(super) fn may_remove(digit: u8, places: CellSet) -> bool {
    if !SKIPPING.get() {
        return true;
    }
    let slot = usize::from(digit - 1);
    let mut last = LAST.get();
    let fits = match last[slot] {
        Some((asked, fits)) if asked == places => fits,
        _ => {
            let fits = every_place_fits(places);
            last[slot] = Some((places, fits));
            LAST.set(last);
            fits
        }
    };
    !fits
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

/// True when each of `places` (the empty cells still holding one digit) lies in some template:
/// a choice of places, one in each row, each column and each box that has any, no two in the
/// same row, column or box. False when some place lies in none, or there is no template at
/// all (a state without a solution).
pub(super) fn every_place_fits(places: CellSet) -> bool {
    let bits = places.bits();
    let rows: [u16; 9] = std::array::from_fn(|row| (bits >> (9 * row) & 0x1FF) as u16);
    let columns = rows.iter().fold(0u16, |columns, &row| columns | row);
    let boxes = (0..9)
        .filter(|&b| {
            rows[3 * (b / 3)..3 * (b / 3) + 3]
                .iter()
                .any(|&r| r & stack(b % 3) != 0)
        })
        .count() as u32;
    let needed = rows.iter().filter(|&&row| row != 0).count() as u32;
    // Each place fills a row, a column and a box: as many of each must be waiting.
    if columns.count_ones() != needed || boxes != needed {
        return false;
    }
    let mut search = Search {
        rows,
        fits: [0; 9],
        seen: [0; STATES / 64],
        alive: [0; STATES / 64],
    };
    search.completes(0, 0, 0);
    search.fits == rows
}

/// The columns of stack `stack` (0-2), as column bits.
fn stack(stack: usize) -> u16 {
    0b111 << (3 * stack)
}

/// The states of the search: a row (0-8), the columns taken (9 bits) and the stacks taken in
/// the row's band (3 bits).
const STATES: usize = 9 << 12;

/// Which places lie in some template, found by walking the rows in order; a state (row,
/// columns taken, stacks taken in the band) is worked out once, whatever way led to it.
struct Search {
    /// Per row, its places as column bits.
    rows: [u16; 9],
    /// Per row, the places found in some template so far.
    fits: [u16; 9],
    /// The states worked out, as bits.
    seen: [u64; STATES / 64],
    /// Of those, the states that some choice of the places left completes.
    alive: [u64; STATES / 64],
}

impl Search {
    /// Whether the rows from `row` on can be filled with the columns in `taken` gone and, in
    /// the band of `row`, the stacks in `stacks`; on the way, each place that starts such a
    /// completion goes into `fits`.
    fn completes(&mut self, row: usize, taken: u16, stacks: u16) -> bool {
        if row == 9 {
            return true;
        }
        let state = row << 12 | usize::from(taken) << 3 | usize::from(stacks);
        let (word, bit) = (state / 64, 1u64 << (state % 64));
        if self.seen[word] & bit != 0 {
            return self.alive[word] & bit != 0;
        }
        // Stacks start afresh with each band.
        let next_stacks = |stacks: u16| if row % 3 == 2 { 0 } else { stacks };
        let places = self.rows[row];
        let completes = if places == 0 {
            // A row that needs nothing (its digit is placed already).
            self.completes(row + 1, taken, next_stacks(stacks))
        } else {
            let blocked = taken
                | (0..3)
                    .filter(|s| stacks >> s & 1 != 0)
                    .fold(0, |b, s| b | stack(s));
            let mut open = places & !blocked;
            let mut any = false;
            while open != 0 {
                let column = open.trailing_zeros() as usize;
                open &= open - 1;
                let taken_now = taken | 1 << column;
                if self.completes(row + 1, taken_now, next_stacks(stacks | 1 << (column / 3))) {
                    self.fits[row] |= 1 << column;
                    any = true;
                }
            }
            any
        };
        self.seen[word] |= bit;
        if completes {
            self.alive[word] |= bit;
        }
        completes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Candidates;
    use proptest::prelude::*;

    /// Every template of `places`, by brute force: each row's place chosen in turn, every
    /// choice kept that leaves no column or box twice and fills every one that has places.
    fn templates(places: CellSet) -> Vec<u128> {
        let bits = places.bits();
        let mut all = Vec::new();
        let mut chosen = Vec::new();
        fn walk(bits: u128, row: usize, chosen: &mut Vec<usize>, all: &mut Vec<u128>) {
            if row == 9 {
                let template: u128 = chosen.iter().map(|&c| 1u128 << c).sum();
                let unit_count = |unit: fn(usize) -> usize| {
                    let mut with_places = [false; 9];
                    let mut filled = [0; 9];
                    for cell in 0..81 {
                        if bits >> cell & 1 != 0 {
                            with_places[unit(cell)] = true;
                        }
                        if template >> cell & 1 != 0 {
                            filled[unit(cell)] += 1;
                        }
                    }
                    (0..9).all(|u| filled[u] == usize::from(with_places[u]))
                };
                if unit_count(|c| c % 9) && unit_count(|c| 3 * (c / 27) + c % 9 / 3) {
                    all.push(template);
                }
                return;
            }
            let row_places: Vec<usize> = (0..9)
                .map(|c| 9 * row + c)
                .filter(|&cell| bits >> cell & 1 != 0)
                .collect();
            if row_places.is_empty() {
                walk(bits, row + 1, chosen, all);
            }
            for cell in row_places {
                chosen.push(cell);
                walk(bits, row + 1, chosen, all);
                chosen.pop();
            }
        }
        walk(bits, 0, &mut chosen, &mut all);
        all
    }

    /// One digit's places: a template (its stacks and columns in each band shuffled), the
    /// rows in `placed` left out (the digit placed there: its column and box lose it), the
    /// `extra` cells added where allowed, and the place at `strike` (an index among them)
    /// struck out, if given, so that some have no template.
    fn places(
        stacks: [Vec<usize>; 3],
        columns: [Vec<usize>; 3],
        placed: Vec<bool>,
        extra: Vec<usize>,
        strike: Option<usize>,
    ) -> CellSet {
        let column_of = |row: usize| {
            let stack = stacks[row / 3][row % 3];
            3 * stack + columns[stack][row / 3]
        };
        let blocked = |cell: usize| {
            let (row, column) = (cell / 9, cell % 9);
            (0..9).filter(|&p| placed[p]).any(|p| {
                let c = column_of(p);
                p == row || c == column || (p / 3 == row / 3 && c / 3 == column / 3)
            })
        };
        let mut bits = 0u128;
        for row in (0..9).filter(|&r| !placed[r]) {
            bits |= 1 << (9 * row + column_of(row));
        }
        for cell in extra.into_iter().filter(|&c| !blocked(c)) {
            bits |= 1 << cell;
        }
        if let Some(strike) = strike {
            let cells: Vec<usize> = (0..81).filter(|&c| bits >> c & 1 != 0).collect();
            if !cells.is_empty() {
                bits &= !(1 << cells[strike % cells.len()]);
            }
        }
        CellSet::from_bits(bits)
    }

    fn three() -> impl Strategy<Value = Vec<usize>> {
        Just(vec![0, 1, 2]).prop_shuffle()
    }

    proptest! {
        #[test]
        fn a_digit_fits_exactly_where_brute_force_finds_a_template(
            stacks in [three(), three(), three()],
            columns in [three(), three(), three()],
            placed in proptest::collection::vec(proptest::bool::weighted(0.3), 9),
            extra in proptest::collection::vec(0..81usize, 0..30),
            strike in proptest::option::weighted(0.3, 0..81usize),
        ) {
            let places = places(stacks, columns, placed, extra, strike);
            let union = templates(places).iter().fold(0, |u, t| u | t);
            prop_assert_eq!(every_place_fits(places), union == places.bits());
        }
    }

    /// The steps each technique of one digit finds at every state along the logic's path
    /// through `puzzles`, with the digits that fit skipped or not (set here for this thread),
    /// each kind in turn with its own memory of barren digits, as when solving.
    fn steps_found(puzzles: &[sudoku_engine::Grid], skipping: bool) -> Vec<Option<String>> {
        SKIPPING.set(skipping);
        let mut found = Vec::new();
        for puzzle in puzzles {
            let (steps, _) = crate::explain(puzzle);
            let mut state = Candidates::from_grid(puzzle);
            for step in &steps {
                for kind in ONE_DIGIT {
                    found.push(kind.find(&state).map(|step| step.to_string()));
                }
                state.apply(step);
            }
        }
        found
    }

    /// Every technique that reasons about one digit alone and skips the digits that fit.
    const ONE_DIGIT: [Technique; 20] = [
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::SimpleColors,
        Technique::MultiColors,
        Technique::XChain,
        Technique::FrankenXWing,
        Technique::FrankenSwordfish,
        Technique::FinnedFrankenXWing,
        Technique::FinnedFrankenSwordfish,
    ];

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
                ONE_DIGIT[index % ONE_DIGIT.len()],
                index / ONE_DIGIT.len()
            );
        }
        // Steps were found, and digits skipped, on the way.
        let found = with.iter().filter(|step| step.is_some()).count();
        let mut fits = [0; 2];
        for puzzle in &puzzles {
            let places = Candidates::from_grid(puzzle).places();
            for digit in 1..=9 {
                fits[usize::from(every_place_fits(places[digit]))] += 1;
            }
        }
        assert!(found > 30, "{found} steps found");
        assert!(fits[0] > 20 && fits[1] > 20, "{fits:?}");
    }
}
