//! Templates: the ways a value can still fill the grid, a place in every row, column and box
//! that still needs it, all among its candidates. A candidate in no template can never hold the
//! value. Reasoning about one value alone (every kind of fish, the single-digit patterns,
//! colors, X-Chains) removes only such candidates: each of its arguments holds in every
//! template. So where every candidate of a value lies in some template, that reasoning has
//! nothing to find for the value, and need not look (`strategy/templates.rs` for 9x9,
//! `sized/templates.rs` for the other sizes).
//!
//! Large grids have too many templates to walk them all, so the search here looks for a
//! template through each place that none found so far covers, within a budget.

use std::cell::Cell;
use std::collections::HashSet;

thread_local! {
    /// Whether the techniques of one value skip the values whose places all fit: always, but
    /// in the tests that compare the techniques with and without the skipping.
    static SKIPPING: Cell<bool> = const { Cell::new(true) };
}

/// Whether this thread's techniques of one value skip the values whose places all fit.
pub(crate) fn skipping() -> bool {
    SKIPPING.get()
}

/// Turns the skipping on or off for this thread (for the tests that compare the two).
#[cfg(test)]
pub(crate) fn set_skipping(on: bool) {
    SKIPPING.set(on);
}

/// How many rows the searches for one value may try in all before giving up (the value is
/// then searched by the techniques as if some place were in no template).
const BUDGET: u64 = 20_000;

/// Whether each place in `rows` (per row, the columns holding the value, as bits) lies in some
/// template of a grid with boxes of `box_rows` by `box_columns`: Some(false) when one lies in
/// none, or there is no template; None when the budget ran out first.
pub(crate) fn every_place_fits(
    rows: &[u64],
    (box_rows, box_columns): (usize, usize),
) -> Option<bool> {
    let size = rows.len();
    let columns = rows.iter().fold(0u64, |columns, &row| columns | row);
    let stacks = size / box_columns;
    let boxes = (0..size)
        .filter(|&b| {
            let band = b / stacks * box_rows;
            rows[band..band + box_rows]
                .iter()
                .any(|&row| row & stack_columns(b % stacks, box_columns) != 0)
        })
        .count();
    let needed = rows.iter().filter(|&&row| row != 0).count();
    // Each place fills a row, a column and a box: as many of each must be waiting.
    if columns.count_ones() as usize != needed || boxes != needed {
        return Some(false);
    }
    let mut search = Search {
        rows,
        box_rows,
        box_columns,
        chosen: vec![0; size],
        dead: HashSet::new(),
        nodes: 0,
    };
    let mut fits = vec![0u64; size];
    for row in 0..size {
        while rows[row] & !fits[row] != 0 {
            let missing = rows[row] & !fits[row];
            let place = missing & missing.wrapping_neg();
            search.dead.clear();
            if !search.completes(0, (row, place), 0, 0)? {
                return Some(false);
            }
            for (fit, &chosen) in fits.iter_mut().zip(&search.chosen) {
                *fit |= chosen;
            }
        }
    }
    Some(true)
}

/// The columns of stack `stack`, as bits, in a grid of boxes `box_columns` wide.
fn stack_columns(stack: usize, box_columns: usize) -> u64 {
    ((1u64 << box_columns) - 1) << (stack * box_columns)
}

/// A search for one template through a given place, row by row.
struct Search<'a> {
    rows: &'a [u64],
    box_rows: usize,
    box_columns: usize,
    /// Per row, the place chosen (a column bit; 0 for a row that needs none).
    chosen: Vec<u64>,
    /// States (row, columns taken, columns of the stacks taken in the band) known to have no
    /// completion.
    dead: HashSet<(usize, u64, u64)>,
    /// Rows tried so far, against [`BUDGET`].
    nodes: u64,
}

impl Search<'_> {
    /// Whether the rows from `row` on can be filled, row `through.0` with the place
    /// `through.1`, the columns in `taken` gone and, in the band of `row`, the columns of the
    /// stacks whose box has its place (`boxed`); the places chosen are left in `chosen`. None
    /// once the budget is spent.
    fn completes(
        &mut self,
        row: usize,
        through: (usize, u64),
        taken: u64,
        boxed: u64,
    ) -> Option<bool> {
        if row == self.rows.len() {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > BUDGET {
            return None;
        }
        // Below the given place the state alone decides; above it the place is still to come.
        let key = (row, taken, boxed);
        if row > through.0 && self.dead.contains(&key) {
            return Some(false);
        }
        let last_of_band = row % self.box_rows == self.box_rows - 1;
        let next_boxed = |boxed: u64| if last_of_band { 0 } else { boxed };
        let mut open = match row == through.0 {
            true => through.1,
            false => self.rows[row],
        };
        self.chosen[row] = 0;
        if open == 0 {
            // A row that needs nothing (its value is placed already).
            return self.completes(row + 1, through, taken, next_boxed(boxed));
        }
        open &= !taken & !boxed;
        while open != 0 {
            let place = open & open.wrapping_neg();
            open ^= place;
            let stack = place.trailing_zeros() as usize / self.box_columns;
            self.chosen[row] = place;
            let next = next_boxed(boxed | stack_columns(stack, self.box_columns));
            if self.completes(row + 1, through, taken | place, next)? {
                return Some(true);
            }
        }
        if row > through.0 {
            self.dead.insert(key);
        }
        Some(false)
    }
}

/// Every technique that reasons about one value alone and skips the values that fit (those of
/// them the logic at other sizes knows are also skipped there).
#[cfg(test)]
pub(crate) const ONE_VALUE: [crate::Technique; 20] = {
    use crate::Technique::*;
    [
        XWing,
        Swordfish,
        Jellyfish,
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        FinnedXWing,
        SashimiXWing,
        FinnedSwordfish,
        SashimiSwordfish,
        FinnedJellyfish,
        SashimiJellyfish,
        SimpleColors,
        MultiColors,
        XChain,
        FrankenXWing,
        FrankenSwordfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
    ]
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every template of `rows` by brute force: each row's place chosen in turn, every choice
    /// kept that takes no column or box twice and fills each that has places.
    fn templates(rows: &[u64], (box_rows, box_columns): (usize, usize)) -> Vec<Vec<u64>> {
        let size = rows.len();
        let box_of = |row: usize, column: usize| row / box_rows * box_rows + column / box_columns;
        let mut all = Vec::new();
        let mut chosen: Vec<Option<usize>> = Vec::new();
        fn walk(
            rows: &[u64],
            box_of: &dyn Fn(usize, usize) -> usize,
            chosen: &mut Vec<Option<usize>>,
            all: &mut Vec<Vec<u64>>,
        ) {
            let (size, row) = (rows.len(), chosen.len());
            if row == size {
                let (mut columns, mut boxes) = (vec![0; size], vec![0; size]);
                let (mut column_places, mut box_places) = (vec![false; size], vec![false; size]);
                for r in 0..size {
                    for c in (0..size).filter(|&c| rows[r] >> c & 1 != 0) {
                        column_places[c] = true;
                        box_places[box_of(r, c)] = true;
                    }
                    if let Some(c) = chosen[r] {
                        columns[c] += 1;
                        boxes[box_of(r, c)] += 1;
                    }
                }
                let exact = (0..size).all(|u| {
                    columns[u] == usize::from(column_places[u])
                        && boxes[u] == usize::from(box_places[u])
                });
                if exact {
                    all.push(chosen.iter().map(|c| c.map_or(0, |c| 1 << c)).collect());
                }
                return;
            }
            if rows[row] == 0 {
                chosen.push(None);
                walk(rows, box_of, chosen, all);
                chosen.pop();
            }
            for column in (0..size).filter(|&c| rows[row] >> c & 1 != 0) {
                chosen.push(Some(column));
                walk(rows, box_of, chosen, all);
                chosen.pop();
            }
        }
        walk(rows, &box_of, &mut chosen, &mut all);
        assert!(all.iter().all(|t| t.len() == size));
        all
    }

    /// A value's places in a grid of boxes `box_rows` by `box_columns`: those of a solution
    /// built by the usual shifted pattern (value `value`), the rows in `placed` left out with
    /// their column and box, `extra` cells added where that leaves allowed, and the place at
    /// `strike` (an index among them) struck out, if given, so that some have no template.
    fn places(
        (box_rows, box_columns): (usize, usize),
        value: usize,
        placed: &[bool],
        extra: &[usize],
        strike: Option<usize>,
    ) -> Vec<u64> {
        let size = box_rows * box_columns;
        let column_of = |row: usize| {
            (value + size - (box_columns * (row % box_rows) + row / box_rows) % size) % size
        };
        let same_box = |a: (usize, usize), b: (usize, usize)| {
            a.0 / box_rows == b.0 / box_rows && a.1 / box_columns == b.1 / box_columns
        };
        let mut rows = vec![0u64; size];
        for row in (0..size).filter(|&r| !placed[r]) {
            rows[row] |= 1 << column_of(row);
        }
        for &cell in extra {
            let (row, column) = (cell / size % size, cell % size);
            let blocked = (0..size).filter(|&p| placed[p]).any(|p| {
                let c = column_of(p);
                p == row || c == column || same_box((p, c), (row, column))
            });
            if !blocked {
                rows[row] |= 1 << column;
            }
        }
        if let Some(strike) = strike {
            let cells: Vec<(usize, usize)> = (0..size)
                .flat_map(|r| (0..size).map(move |c| (r, c)))
                .filter(|&(r, c)| rows[r] >> c & 1 != 0)
                .collect();
            if !cells.is_empty() {
                let (r, c) = cells[strike % cells.len()];
                rows[r] &= !(1 << c);
            }
        }
        rows
    }

    proptest! {
        #[test]
        fn a_value_fits_exactly_where_brute_force_finds_a_template(
            shape in prop::sample::select(vec![(2usize, 2usize), (2, 3), (3, 2), (2, 4), (3, 3)]),
            value in 0..12usize,
            placed in proptest::collection::vec(proptest::bool::weighted(0.25), 9),
            extra in proptest::collection::vec(0..81usize, 0..30),
            strike in proptest::option::weighted(0.3, 0..81usize),
        ) {
            let size = shape.0 * shape.1;
            let rows = places(shape, value % size, &placed[..size], &extra, strike);
            let union: Vec<u64> = templates(&rows, shape)
                .iter()
                .fold(vec![0; size], |union, t| union.iter().zip(t).map(|(u, t)| u | t).collect());
            prop_assert_eq!(every_place_fits(&rows, shape), Some(union == rows));
        }
    }
}
