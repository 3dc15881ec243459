//! The candidate form of other sizes read back, as [`SizedCandidates::to_text`] writes it:
//! N characters per cell (the symbol of each candidate at its place, `.` for the others) for
//! sides that one character per symbol can write, or, in numbers, one word per cell with the
//! candidates separated by commas (`3,14,27 5 1,2`).

use thiserror::Error;

use sudoku_engine::sized::{Alphabet, Shape};

use super::state::{SizedCandidates, all_values};

/// Why a candidate line of another size cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SizedCandidatesError {
    /// Not as many characters (or words) as the side calls for.
    #[error("the candidates of a {size}x{size} grid take {expected} {unit}, found {found}")]
    WrongLength {
        /// The side.
        size: usize,
        /// The characters (or words) expected.
        expected: usize,
        /// Those found.
        found: usize,
        /// "characters" or "words".
        unit: &'static str,
    },
    /// A symbol outside the alphabet, or beyond the side.
    #[error("invalid symbol {found:?} in the candidates of r{row}c{column}")]
    InvalidSymbol {
        /// The symbol.
        found: String,
        /// The cell's row, from 1.
        row: usize,
        /// The cell's column, from 1.
        column: usize,
    },
    /// A cell with no candidate.
    #[error("r{row}c{column} has no candidate left")]
    EmptyCell {
        /// The cell's row, from 1.
        row: usize,
        /// The cell's column, from 1.
        column: usize,
    },
}

/// The alphabets that write one character per symbol, in the order they are tried.
const SINGLE: [Alphabet; 3] = [Alphabet::Digits, Alphabet::Letters, Alphabet::ZeroBased];

impl SizedCandidates {
    /// The shape of the candidate line `text` (of another size than 9x9), when it is one:
    /// `shape` if given (`--box`), else the side whose cube is the line's length (or whose
    /// square is its number of words, in numbers with commas). A line of 64 characters is
    /// 4x4 candidates only when every cell has its candidates at their places (it is more
    /// likely an 8x8 puzzle otherwise).
    pub fn text_shape(text: &str, shape: Option<Shape>) -> Option<Shape> {
        let text = text.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() > 1 {
            let numbers = words.iter().any(|word| word.contains(','));
            return match shape {
                Some(shape) if numbers && words.len() == shape.cells() => Some(shape),
                None if numbers => Shape::for_cells(words.len()),
                _ => None,
            };
        }
        let length = text.chars().count();
        if let Some(shape) = shape {
            return (length == shape.size().pow(3)).then_some(shape);
        }
        let side = (length as f64).cbrt().round() as usize;
        let shape = Shape::for_cells(side * side)?;
        let positional = || {
            let chars: Vec<char> = text.chars().collect();
            SINGLE.into_iter().any(|alphabet| {
                chars.chunks(side).all(|cell| {
                    let at_place = cell
                        .iter()
                        .enumerate()
                        .all(|(place, &c)| c == '.' || alphabet.value(c) == Some(place + 1));
                    at_place && cell.iter().any(|&c| c != '.')
                })
            })
        };
        let fits = side.pow(3) == length && side != 9;
        (fits && (side != 4 || positional())).then_some(shape)
    }

    /// Reads a candidate line of `shape` (see [`SizedCandidates::text_shape`]) in `alphabet`,
    /// or the one its symbols fit. As for 9x9, the form does not say which cells are filled: a
    /// cell with one candidate is filled when no peer still has that value as a candidate,
    /// and open otherwise, so that a state reads back as it was written.
    pub fn from_text(
        text: &str,
        shape: Shape,
        alphabet: Option<Alphabet>,
    ) -> Result<SizedCandidates, SizedCandidatesError> {
        let size = shape.size();
        let text = text.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        let (marks, alphabet) = if words.len() > 1 {
            (numbered_marks(&words, shape)?, Alphabet::Numbers)
        } else {
            let chars: Vec<char> = text.chars().collect();
            if chars.len() != size.pow(3) {
                return Err(SizedCandidatesError::WrongLength {
                    size,
                    expected: size.pow(3),
                    found: chars.len(),
                    unit: "characters",
                });
            }
            let fits = |alphabet: Alphabet| {
                alphabet.fits(size)
                    && chars
                        .iter()
                        .all(|&c| c == '.' || alphabet.value(c).is_some_and(|v| v <= size))
            };
            let alphabet = alphabet
                .or_else(|| SINGLE.into_iter().find(|&a| fits(a)))
                .unwrap_or(Alphabet::Digits);
            (lettered_marks(&chars, shape, alphabet)?, alphabet)
        };
        if let Some(cell) = marks.iter().position(|&m| m == 0) {
            return Err(SizedCandidatesError::EmptyCell {
                row: cell / size + 1,
                column: cell % size + 1,
            });
        }
        Ok(SizedCandidates::from_marks(shape, alphabet, &marks))
    }
}

/// The candidates of each cell from one character per (cell, symbol).
fn lettered_marks(
    chars: &[char],
    shape: Shape,
    alphabet: Alphabet,
) -> Result<Vec<u64>, SizedCandidatesError> {
    let size = shape.size();
    let mut marks = vec![0u64; shape.cells()];
    for (cell, symbols) in chars.chunks(size).enumerate() {
        for &c in symbols {
            if c == '.' {
                continue;
            }
            match alphabet.value(c).filter(|&v| v <= size) {
                Some(value) => marks[cell] |= 1 << (value - 1),
                None => {
                    return Err(SizedCandidatesError::InvalidSymbol {
                        found: c.to_string(),
                        row: cell / size + 1,
                        column: cell % size + 1,
                    });
                }
            }
        }
    }
    Ok(marks)
}

/// The candidates of each cell from one word per cell, numbers separated by commas.
fn numbered_marks(words: &[&str], shape: Shape) -> Result<Vec<u64>, SizedCandidatesError> {
    let size = shape.size();
    if words.len() != shape.cells() {
        return Err(SizedCandidatesError::WrongLength {
            size,
            expected: shape.cells(),
            found: words.len(),
            unit: "words",
        });
    }
    let mut marks = vec![0u64; shape.cells()];
    for (cell, word) in words.iter().enumerate() {
        for number in word.split(',') {
            match number.parse::<usize>() {
                Ok(value) if (1..=size).contains(&value) => marks[cell] |= 1 << (value - 1),
                _ => {
                    return Err(SizedCandidatesError::InvalidSymbol {
                        found: number.to_string(),
                        row: cell / size + 1,
                        column: cell % size + 1,
                    });
                }
            }
        }
    }
    debug_assert!(marks.iter().all(|&m| m & !all_values(size) == 0));
    Ok(marks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_engine::sized::SizedGrid;

    fn state(puzzle: &str) -> SizedCandidates {
        let (grid, alphabet) = SizedGrid::parse(puzzle, None, None).unwrap();
        SizedCandidates::from_grid(&grid, alphabet)
    }

    #[test]
    fn what_to_text_writes_reads_back_the_same() {
        let mut four = state("..1..2.34.......");
        four.eliminate(0, 4);
        let mut sixteen = state(
            "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8....61....\
             2...C....B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1...\
             ...D....1.C.B7F.....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A\
             ...8BC3....954.",
        );
        sixteen.eliminate(3, 7);
        let blank_36 = SizedGrid::empty(Shape::new(6, 6).unwrap());
        let mut numbers = SizedCandidates::from_grid(&blank_36, Alphabet::Numbers);
        numbers.place(0, 14);
        numbers.eliminate(1, 30);
        for state in [four, sixteen, numbers] {
            let text = state.to_text();
            let shape = SizedCandidates::text_shape(&text, None).expect("a candidate line");
            assert_eq!(shape, state.shape());
            let read = SizedCandidates::from_text(&text, shape, None).unwrap();
            assert_eq!(read.to_text(), text);
            assert_eq!(read.grid(), state.grid());
        }
    }

    #[test]
    fn other_lines_are_not_taken_for_candidates() {
        // An 8x8 puzzle has 64 cells, as many as 4x4 candidates.
        let eight = "1.......".repeat(8);
        assert_eq!(SizedCandidates::text_shape(&eight, None), None);
        assert_eq!(SizedCandidates::text_shape(&".".repeat(81), None), None);
        assert_eq!(
            SizedCandidates::text_shape(&"123456789".repeat(81), None),
            None
        );
    }

    #[test]
    fn bad_candidates_are_named() {
        let shape = Shape::new(2, 2).unwrap();
        let mut text = "1234".repeat(16);
        text.replace_range(4..8, "....");
        let error = SizedCandidates::from_text(&text, shape, None).unwrap_err();
        assert_eq!(error.to_string(), "r1c2 has no candidate left");
        text.replace_range(4..8, "12x4");
        let error = SizedCandidates::from_text(&text, shape, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid symbol \"x\" in the candidates of r1c2"
        );
        let error = SizedCandidates::from_text("1234", shape, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the candidates of a 4x4 grid take 64 characters, found 4"
        );
    }
}
