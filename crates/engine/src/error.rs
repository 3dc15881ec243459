//! Typed errors of the library: what is wrong with a puzzle's text, precisely enough to fix it.

use thiserror::Error;

use crate::sized::{Shape, SizedError};

/// Why a piece of text is not a puzzle. Columns, rows and counts are counted from 1.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A character that is neither a digit, a blank (`.`, `0`, `_`, `*`) nor allowed layout.
    #[error("invalid character {found:?} at column {column}")]
    InvalidCharacter {
        /// The character found.
        found: char,
        /// Its column on the line, counted in characters from 1.
        column: usize,
    },
    /// A byte that does not start a valid UTF-8 character, shown as `\xff`.
    #[error("invalid byte \\x{byte:02x} at column {column}")]
    InvalidByte {
        /// The byte found.
        byte: u8,
        /// Its column on the line, counted in characters from 1.
        column: usize,
    },
    /// A one-line puzzle whose cell count is not 81 (nor that of a grid of another size).
    #[error("found {}, expected 81 (or a grid of 9 rows of 9){}", cells(.found), why_no_grid(.found))]
    WrongCellCount {
        /// How many cells the line holds.
        found: usize,
    },
    /// A row of a 9-line grid whose cell count is not 9.
    #[error("grid row {row} has {}, expected 9", cells(.found))]
    GridRowLength {
        /// The row of the grid, 1-9.
        row: usize,
        /// How many cells it holds.
        found: usize,
    },
    /// A 9-line grid cut short by a blank line, a one-line puzzle or the end of the input.
    #[error("grid ends after {rows} of its 9 rows")]
    IncompleteGrid {
        /// How many rows it had.
        rows: usize,
    },
    /// A line longer than any puzzle line could be; the rest of it was skipped.
    #[error("line is longer than {max} bytes")]
    LineTooLong {
        /// The longest line accepted, in bytes.
        max: usize,
    },
    /// In a source of grids of another size (side `size`), a line that is neither a row nor a
    /// whole grid.
    #[error("found {}, expected {size} (a row) or {} (a whole grid) for a {size}x{size} grid", cells(.found), size * size)]
    SizedCellCount {
        /// How many cells the line holds.
        found: usize,
        /// The side of the source's grids.
        size: usize,
    },
    /// In a source of grids of another size (side `size`), a row of a grid typed with a cell
    /// or a few too many or too few: it spoils only its grid.
    #[error("grid row {row} has {}, expected {size}", cells(.found))]
    SizedGridRowLength {
        /// The row of the grid, from 1.
        row: usize,
        /// How many cells it holds (words, in a grid of pencil marks).
        found: usize,
        /// The side of the source's grids.
        size: usize,
    },
    /// In a source of grids of another size, a grid cut short by a blank line, a one-line
    /// puzzle or the end of the input.
    #[error("grid ends after {rows} of its {size} rows")]
    SizedIncompleteGrid {
        /// How many rows it had.
        rows: usize,
        /// The side of the source's grids.
        size: usize,
    },
    /// A 9-line grid of pencil marks (each cell's candidates, as HoDoKu and Sudoku Explainer
    /// print them): a candidate state, which the commands that take one read from the
    /// record's text, its 729-character form.
    #[error("a grid of pencil marks is a candidate state, not a puzzle")]
    PencilMarks,
    /// In HoDoKu's library format, a struck-out candidate that is not a digit, a row and a
    /// column (`337`: 3 at r3c7).
    #[error("struck-out candidate `{found}` is not a digit, a row and a column (`337`: 3 at r3c7)")]
    LibraryCandidate {
        /// The word as written.
        found: String,
    },
    /// In a source of grids of another size, a grid that breaks that size's rules (a grid of
    /// pencil marks with a symbol outside its alphabet).
    #[error(transparent)]
    Sized(SizedError),
    /// A record of structured input (a line of JSON) without puzzle text where it is looked
    /// for: not an object, or no such field; `why` says which.
    #[error("{why}")]
    NoPuzzleField {
        /// What the record lacks, in words.
        why: String,
    },
    /// Text meant to hold one puzzle holds none, or more than one.
    #[error("expected one puzzle, found {found}")]
    NotOnePuzzle {
        /// How many puzzles (valid or not) the text holds.
        found: usize,
    },
}

/// `n` cells, in words: `1 cell`, `2 cells`.
pub(crate) fn cells(n: &usize) -> String {
    counted(*n as u64, "cell")
}

/// `n` and `noun`, plural unless `n` is 1 (`1 cell`, `2 cells`), as the messages count.
pub fn counted(n: u64, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// Why a number of cells is no grid, beyond 9x9's count: for a square count with a side of 5
/// or more and no usual shape ([`Shape::for_cells`]), the side is too large, or else prime
/// (no boxes but rows, which a shape of 1 row by the side names); for a count from 10x10's
/// 100 up that is no square (a larger grid's line a cell short, say), the grids nearest to
/// it. Nothing for other counts: below 100, a 9x9 line with a cell too many or too few.
fn why_no_grid(cells: &usize) -> String {
    let (side, max) = (cells.isqrt(), crate::sized::MAX_SIZE);
    let has_boxes = |side: &usize| Shape::for_cells(side * side).is_some();
    if side * side != *cells {
        let nearest = |side: usize| format!("{} ({side}x{side})", side * side);
        let below = (4..=side.min(max)).rev().find(has_boxes).map(nearest);
        let above = (side + 1..=max).find(has_boxes).map(nearest);
        // A count short of the next grid's after 9x9 (10x10's 100) is 9x9's with a cell
        // too many or too few.
        let beyond_nine = (10..=max)
            .find(has_boxes)
            .is_some_and(|next| *cells >= next * next);
        match (beyond_nine, below, above) {
            (true, Some(below), Some(above)) => {
                format!("; the nearest grids with boxes have {below} and {above} cells")
            }
            (true, Some(below), None) => format!("; the largest grid, {below} cells, has fewer"),
            _ => String::new(),
        }
    } else if side < 5 || has_boxes(&side) {
        String::new()
    } else if side > max {
        format!("; a {side}x{side} grid is larger than the largest, {max}x{max}")
    } else {
        format!("; a {side}x{side} grid has no boxes, {side} being prime: name a shape (1x{side})")
    }
}

/// Why the generator could not make a puzzle as asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No minimal puzzle within the clue limit came out of the attempts allowed.
    #[error(
        "no puzzle with at most {} in {} (the fewest found: {fewest}); \
         allow more clues or more attempts",
        counted(*.max_clues as u64, "clue"), counted(u64::from(*.attempts), "attempt")
    )]
    TooManyClues {
        /// The limit asked for.
        max_clues: usize,
        /// How many attempts were made.
        attempts: u32,
        /// The fewest clues of any puzzle made.
        fewest: usize,
    },
    /// The time allowed ran out before a puzzle was made.
    #[error("no puzzle within the time allowed")]
    TimedOut,
    /// No puzzle that the caller's acceptance test approves came out of the attempts allowed.
    #[error("no puzzle was accepted in {}", counted(u64::from(*.attempts), "attempt"))]
    NoneAccepted {
        /// How many attempts were made.
        attempts: u32,
    },
}

/// A symmetry name that is not one of [`crate::generate::Symmetry::NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown symmetry {name:?}")]
pub struct UnknownSymmetry {
    /// The name given.
    pub name: String,
}

/// A search that gave up: its time budget ran out before it had an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("no answer within the time allowed")]
pub struct TimedOut;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_of_cells_that_is_no_grid_says_why() {
        let message = |found| ParseError::WrongCellCount { found }.to_string();
        let expected = "expected 81 (or a grid of 9 rows of 9)";
        assert_eq!(message(80), format!("found 80 cells, {expected}"));
        assert_eq!(message(16), format!("found 16 cells, {expected}"));
        assert_eq!(message(1), format!("found 1 cell, {expected}"));
        let row = ParseError::GridRowLength { row: 2, found: 1 }.to_string();
        assert_eq!(row, "grid row 2 has 1 cell, expected 9");
        assert_eq!(
            message(1369),
            format!(
                "found 1369 cells, {expected}; a 37x37 grid has no boxes, 37 being prime: name a \
                 shape (1x37)"
            )
        );
        assert_eq!(
            message(4225),
            format!("found 4225 cells, {expected}; a 65x65 grid is larger than the largest, 64x64")
        );
        // A larger grid's line a cell short (or long) is told the grids nearest to it.
        assert_eq!(message(99), format!("found 99 cells, {expected}"));
        assert_eq!(
            message(255),
            format!(
                "found 255 cells, {expected}; the nearest grids with boxes have 225 (15x15) and \
                 256 (16x16) cells"
            )
        );
        assert_eq!(
            message(101),
            format!(
                "found 101 cells, {expected}; the nearest grids with boxes have 100 (10x10) and \
                 144 (12x12) cells"
            )
        );
        assert_eq!(
            message(4097),
            format!(
                "found 4097 cells, {expected}; the largest grid, 4096 (64x64) cells, has fewer"
            )
        );
    }
}
