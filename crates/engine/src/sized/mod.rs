//! Grids of every size: 4x4 (boxes of 2x2), 6x6 (2x3), 8x8, 9x9, 10x10, 12x12, 15x15, 16x16,
//! 20x20, 25x25, 30x30, 36x36 and any other side up to 64 that has boxes of R rows and C
//! columns, written with digits and letters, letters only, hexadecimal, or numbers.
//!
//! The 9x9 engine ([`crate::solver`]) is kept apart and untouched: it is built for 81 cells
//! and allocates nothing. This one works on candidate bits in a `u64` per cell, with the same
//! ideas (singles propagated to a fixed point, the narrowest choice tried first) plus the
//! stronger reasoning that pays on larger grids: box-line interactions, all-different arc
//! consistency and probing (see the solver module).
//!
//! ```
//! use sudoku_engine::sized::{SizedGrid, solve};
//!
//! let (puzzle, alphabet) = SizedGrid::parse("..1..2.34.......", None, None).unwrap();
//! assert_eq!(puzzle.shape().to_string(), "2x2");
//! let solution = solve(&puzzle).unwrap();
//! assert!(solution.is_solution_of(&puzzle));
//! assert_eq!(solution.to_line(alphabet), "3412124343212134");
//! ```

mod alphabet;
mod generate;
mod grid;
mod shape;
mod solver;

use thiserror::Error;

pub use alphabet::Alphabet;
pub use generate::{generate, generate_accepted, generate_before, random_grid};
pub use grid::{SizedConflict, SizedGrid};
pub use shape::{MAX_SIZE, Shape};
pub use solver::{
    count_and_first_before, count_and_first_measured, count_and_first_within_measured,
    count_measured, count_solutions, count_solutions_before, count_solutions_within,
    count_solutions_within_before, count_within_measured, random_solution, solve, solve_before,
    solve_measured, solve_within, solve_within_measured,
};

/// What is wrong with a grid of another size, or with the words naming its shape or alphabet.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SizedError {
    /// Boxes that do not make a grid this engine handles.
    #[error("boxes of {box_rows}x{box_columns} do not make a grid of 2 to 64 symbols")]
    BadShape {
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_columns: usize,
    },
    /// A shape that is not written `RxC`.
    #[error("{text:?} is not a box shape: write rows x columns, as 2x3")]
    UnknownShape {
        /// The text.
        text: String,
    },
    /// An alphabet name that is not known.
    #[error("{text:?} is not an alphabet: digits, letters, hex or numbers")]
    UnknownAlphabet {
        /// The text.
        text: String,
    },
    /// A number of cells that is no grid with boxes.
    #[error(
        "found {}: not a grid with boxes (the square of a side from 4 to 64 that is \
         not prime: 16, 36, 64, 81, 100, 144, 196, 225, 256, ... 4096 cells)",
        crate::error::cells(.found)
    )]
    NoShape {
        /// Cells found.
        found: usize,
    },
    /// Not the number of cells the shape asked for has.
    #[error("found {}, expected {} for boxes of {shape}", crate::error::cells(.found), shape.cells())]
    WrongCellCount {
        /// Cells found.
        found: usize,
        /// The shape asked for.
        shape: Shape,
    },
    /// A symbol outside the grid's alphabet.
    #[error(
        "invalid symbol '{}' at r{row}c{column}: a {size}x{size} grid's symbols are {allowed}{}",
        // A control character is shown escaped, as the 9x9 reader's invalid character is.
        .symbol.escape_debug(),
        row_of.map(|side| format!(
            " (or is this a row of a {side}x{side} grid? a grid over several lines needs its \
             shape given)"
        )).unwrap_or_default()
    )]
    InvalidSymbol {
        /// The symbol as written.
        symbol: String,
        /// Its row, from 1.
        row: usize,
        /// Its column, from 1.
        column: usize,
        /// The side of the grid.
        size: usize,
        /// The symbols that belong, described.
        allowed: String,
        /// When the shape came from the cell count and that count is itself the side of a
        /// grid: that side (the text may be one row of such a grid).
        row_of: Option<usize>,
    },
    /// An alphabet without enough symbols for the side.
    #[error("the {alphabet} alphabet has no symbols for a side of {size}")]
    AlphabetTooSmall {
        /// The alphabet.
        alphabet: Alphabet,
        /// The side.
        size: usize,
    },
}
