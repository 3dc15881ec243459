//! Unavoidable sets of a solution grid found from pairs of lines, a shortcut for generation.
//!
//! Take two rows of one band. Where the first holds digit `a` in some column, the second holds
//! `a` in another column; following that from column to column splits the nine columns into
//! cycles. The cells of one cycle in the two rows hold the same digits in both rows, so the rows
//! can swap their digits there: every column keeps its two digits, and every box too (a column's
//! two cells share a box within a band). The grid stays valid, so a puzzle with no clue among
//! those cells has a second solution. The same holds for two columns of one stack. A cycle of two
//! columns is the well-known unavoidable rectangle (`a b` over `b a`); longer cycles give sets of
//! 6, 8, ... cells.
//!
//! Generation removes clues one at a time; when the clue to remove is the last clue of such a
//! set, the puzzle is known to lose its uniqueness without a search.

use crate::grid::{CELLS, Grid};

/// The most sets two lines can give: nine columns in cycles of at least two.
const PER_PAIR: usize = 4;

/// Pairs of rows within a band and of columns within a stack: 9 each.
const PAIRS: usize = 18;

/// A grid's unavoidable sets found from pairs of lines, each as a mask of its cells (bit =
/// cell index).
#[derive(Clone, Copy)]
pub(crate) struct UnavoidableSets {
    masks: [u128; PAIRS * PER_PAIR],
    len: usize,
    /// For each cell, the sets that hold it, as indices into `masks`: one for each pair of
    /// lines through the cell (two pairs of rows, two of columns).
    of_cell: [[u8; SETS_PER_CELL]; CELLS],
}

/// A cell lies on two pairs of rows in its band and two pairs of columns in its stack, and in
/// one cycle of each.
const SETS_PER_CELL: usize = 4;

impl UnavoidableSets {
    /// The sets of the complete grid `solution`: one for each cycle of each pair of rows in a
    /// band and of columns in a stack.
    pub(crate) fn of(solution: &Grid) -> UnavoidableSets {
        let cells = solution.cells();
        let mut found = UnavoidableSets {
            masks: [0; PAIRS * PER_PAIR],
            len: 0,
            of_cell: [[0; SETS_PER_CELL]; CELLS],
        };
        let mut sets_of_cell = [0usize; CELLS];
        for (first, second) in pairs_within_thirds() {
            let rows = |line: usize, i: usize| line * 9 + i;
            let columns = |line: usize, i: usize| i * 9 + line;
            for cell_at in [&rows as &dyn Fn(usize, usize) -> usize, &columns] {
                let line = |l: usize| std::array::from_fn(|i| cells[cell_at(l, i)]);
                for cycle in cycles(line(first), line(second)) {
                    let mut mask = 0;
                    for i in (0..9).filter(|i| cycle & 1 << i != 0) {
                        for cell in [cell_at(first, i), cell_at(second, i)] {
                            mask |= 1 << cell;
                            found.of_cell[cell][sets_of_cell[cell]] = found.len as u8;
                            sets_of_cell[cell] += 1;
                        }
                    }
                    found.masks[found.len] = mask;
                    found.len += 1;
                }
            }
        }
        found
    }

    /// True when some set holding `cell` lies within `open` (the cells that are not clues, and
    /// `cell` with them): the puzzle has a second solution.
    pub(crate) fn completed_by(&self, open: u128, cell: usize) -> bool {
        let open = open | 1 << cell;
        self.of_cell[cell]
            .iter()
            .any(|&set| self.masks[usize::from(set)] & !open == 0)
    }
}

/// The pairs (i, j), i < j, of rows (or columns) in one band (or stack).
fn pairs_within_thirds() -> impl Iterator<Item = (usize, usize)> {
    (0..9).flat_map(|i| ((i + 1)..(i / 3 * 3 + 3)).map(move |j| (i, j)))
}

/// The cycles of two lines of a complete grid in one band or stack, as masks of places (bit
/// `i` for place `i` along the lines): from a place, go to the place where the second line holds
/// the first line's digit.
fn cycles(first: [u8; 9], second: [u8; 9]) -> impl Iterator<Item = u16> {
    let mut place_in_second = [0usize; 10];
    for (place, &digit) in second.iter().enumerate() {
        place_in_second[usize::from(digit)] = place;
    }
    let mut seen = 0u16;
    (0..9).filter_map(move |start| {
        if seen & 1 << start != 0 {
            return None;
        }
        let mut cycle = 0u16;
        let mut place = start;
        while cycle & 1 << place == 0 {
            cycle |= 1 << place;
            place = place_in_second[usize::from(first[place])];
        }
        seen |= cycle;
        Some(cycle)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{puzzle_rng, random_grid};
    use crate::grid::Position;
    use crate::solver::count_solutions;

    const SOLUTION: &str =
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642";

    #[test]
    fn pairs_stay_within_a_third() {
        let pairs: Vec<_> = pairs_within_thirds().collect();
        assert_eq!(pairs.len(), 9);
        assert!(pairs.iter().all(|&(i, j)| i < j && i / 3 == j / 3));
    }

    #[test]
    fn cycles_split_the_places() {
        // 1 2 3 4 5 6 7 8 9 over 2 1 3 ... is impossible in a grid (3 twice in a column), but
        // the cycles only follow the digits: (0 1), (2), (3 4 5), (6 7 8).
        let first = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let second = [2, 1, 3, 6, 4, 5, 9, 7, 8];
        let found: Vec<u16> = cycles(first, second).collect();
        assert_eq!(found, [0b11, 0b100, 0b111000, 0b111000000]);
    }

    /// Every set found, emptied from its grid, leaves at least two solutions, and is
    /// completed exactly when its last clue goes.
    fn check_sets_of(solution: &Grid) {
        let sets = UnavoidableSets::of(solution);
        for cell in 0..CELLS {
            let holding = sets.masks[..sets.len]
                .iter()
                .filter(|&&mask| mask & 1 << cell != 0);
            assert_eq!(holding.count(), SETS_PER_CELL);
        }
        for &mask in &sets.masks[..sets.len] {
            assert!(mask.count_ones() >= 4 && mask.count_ones() % 2 == 0);
            let mut puzzle = *solution;
            for cell in (0..CELLS).filter(|&cell| mask & 1 << cell != 0) {
                puzzle.set(Position::new(cell), None);
            }
            assert!(count_solutions(&puzzle, 2).found == 2, "{puzzle}");
            let last = mask.trailing_zeros() as usize;
            let others = mask & !(1 << last);
            assert!(sets.completed_by(others, last));
            assert!(!sets.completed_by(0, last));
        }
    }

    #[test]
    fn every_set_found_gives_a_second_solution_when_emptied() {
        let solution: Grid = SOLUTION.parse().unwrap();
        let sets = UnavoidableSets::of(&solution);
        // Rows 1 and 2 of this grid make one cycle of all nine columns, and so on: every pair
        // of lines gives at least one set.
        assert!(sets.len >= PAIRS);
        check_sets_of(&solution);
        for index in 0..50 {
            check_sets_of(&random_grid(&mut puzzle_rng(5, index)));
        }
    }
}
