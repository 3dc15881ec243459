//! Checking grids: clashes in a grid, and whether a grid solves a given puzzle.

use std::fmt;

use crate::digit::Digit;
use crate::grid::{Conflict, Grid, Position};

/// One thing wrong with a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fault {
    /// A digit repeated in a unit.
    Clash(Conflict),
    /// The solution changes a given of the puzzle.
    ChangedGiven {
        /// Where.
        position: Position,
        /// The puzzle's digit there.
        given: Digit,
        /// The solution's digit there.
        found: Digit,
    },
    /// The solution leaves cells empty.
    Incomplete {
        /// How many cells are empty.
        empty: usize,
        /// The first of them.
        first: Position,
    },
}

impl fmt::Display for Fault {
    /// `row 3: digit 5 at r3c1 and r3c7`, `r1c3: the puzzle gives 4, the solution has 7`,
    /// `5 empty cells, the first at r2c4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Clash(conflict) => write!(f, "{conflict}"),
            Fault::ChangedGiven {
                position,
                given,
                found,
            } => write!(
                f,
                "{position}: the puzzle gives {given}, the solution has {found}"
            ),
            Fault::Incomplete { empty, first } => {
                write!(f, "{empty} empty cells, the first at {first}")
            }
        }
    }
}

/// Every clash in `grid`: none means a complete grid is a valid solution, and a partial grid a
/// puzzle whose givens agree.
#[must_use]
pub fn check_grid(grid: &Grid) -> Vec<Fault> {
    grid.conflicts().into_iter().map(Fault::Clash).collect()
}

/// Everything that keeps `solution` from solving `puzzle`: empty cells, clashes, changed givens.
#[must_use]
pub fn check_solution(puzzle: &Grid, solution: &Grid) -> Vec<Fault> {
    let mut faults = Vec::new();
    let mut empty = Position::all().filter(|&p| solution.get(p).is_none());
    if let Some(first) = empty.next() {
        faults.push(Fault::Incomplete {
            empty: 1 + empty.count(),
            first,
        });
    }
    faults.extend(check_grid(solution));
    for (position, given) in puzzle.givens() {
        match solution.get(position) {
            Some(found) if found != given => faults.push(Fault::ChangedGiven {
                position,
                given,
                found,
            }),
            _ => {}
        }
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn grid(text: &str) -> Grid {
        text.parse().unwrap()
    }

    #[test]
    fn a_valid_solution_has_no_fault() {
        assert!(check_grid(&grid(SOLUTION)).is_empty());
        assert!(check_solution(&grid(PUZZLE), &grid(SOLUTION)).is_empty());
    }

    #[test]
    fn swapped_cells_clash_and_change_givens() {
        // Swap r1c1 and r1c2: row 1 and box 1 still hold each digit once, columns 1 and 2 not.
        let swapped = format!("35{}", &SOLUTION[2..]);
        let faults: Vec<String> = check_solution(&grid(PUZZLE), &grid(&swapped))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            faults,
            [
                "column 1: digit 3 at r1c1 and r9c1",
                "column 2: digit 5 at r1c2 and r4c2",
                "r1c1: the puzzle gives 5, the solution has 3",
                "r1c2: the puzzle gives 3, the solution has 5",
            ]
        );
    }

    #[test]
    fn empty_cells_are_counted() {
        let faults = check_solution(&grid(PUZZLE), &grid(PUZZLE));
        assert_eq!(faults[0].to_string(), "51 empty cells, the first at r1c3");
        assert_eq!(faults.len(), 1);
    }
}
