//! HoDoKu's library format: one position a line, as HoDoKu copies it to the clipboard and as
//! its collections of technique examples are written.
//!
//! A line is `:CODE:DIGITS:CELLS:DELETED:...`, fields between colons: the technique's code
//! (`0000` for a whole puzzle), the digits the example is about (`x` for none), the 81 cells
//! (`1`-`9` a given, `+` before a digit one placed since, `.` or `0` a blank), then the
//! candidates struck out beyond what the placed digits rule out, as `DRC` words (digit, row,
//! column: `337` is 3 at r3c7) separated by spaces. The fields after those (the step's
//! eliminations and placements, and notes) describe the example's answer and are not read.

use crate::error::ParseError;
use crate::grid::{CELLS, Grid, Position};
use crate::parse::invalid_character;
use crate::pencil::ALL_DIGITS;

/// What a line in the library format holds.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum LibraryLine {
    /// Givens and placed digits only: a puzzle.
    Puzzle(Grid),
    /// Candidates struck out too: a candidate state, each cell's candidates as bits (bit `d`
    /// for digit `d`; a filled cell has its digit's bit alone).
    Marks([u16; CELLS]),
}

/// True for a line (from its first non-blank byte) in the library format: a colon, and at
/// least three more after it, so that the cells' field is closed.
pub(crate) fn is_library_line(body: &[u8]) -> bool {
    body.first() == Some(&b':') && body.iter().filter(|&&b| b == b':').count() >= 4
}

/// The position a library line (from its first non-blank byte, `start` bytes into `line`)
/// holds, or what is wrong with it, columns counted on `line`.
pub(crate) fn read_library_line(line: &[u8], start: usize) -> Result<LibraryLine, ParseError> {
    let mut fields = line[start..].split(|&b| b == b':');
    // The empty text before the first colon, the code and the digits.
    let offset_of = |field: &[u8]| field.as_ptr() as usize - line.as_ptr() as usize;
    let cells_field = fields.nth(3).expect("a library line has four colons");
    let grid = read_cells(line, offset_of(cells_field), cells_field)?;
    let deleted = fields.next().unwrap_or_default();
    let struck = read_deleted(line, offset_of(deleted), deleted)?;
    if struck.is_empty() || grid.first_conflict().is_some() {
        return Ok(LibraryLine::Puzzle(grid));
    }
    // Each unit's digits; an open cell keeps those none of its units has.
    let mut used = [0u16; 27];
    for (position, digit) in grid.givens() {
        for unit in position.unit_numbers() {
            used[unit] |= 1 << digit.get();
        }
    }
    let mut marks = [0u16; CELLS];
    for position in Position::all() {
        marks[position.index()] = match grid.get(position) {
            Some(digit) => 1 << digit.get(),
            None => {
                let [row, column, block] = position.unit_numbers();
                ALL_DIGITS & !(used[row] | used[column] | used[block])
            }
        };
    }
    for (position, digit) in struck {
        if grid.get(position).is_none() {
            marks[position.index()] &= !(1 << digit);
        }
    }
    Ok(LibraryLine::Marks(marks))
}

/// The cells' field, `at` bytes into `line`: givens, placed digits (`+` before them) and
/// blanks, 81 of them.
fn read_cells(line: &[u8], at: usize, field: &[u8]) -> Result<Grid, ParseError> {
    let mut cells = [0u8; CELLS];
    let mut found = 0;
    let mut bytes = field.iter().enumerate().peekable();
    while let Some((offset, &byte)) = bytes.next() {
        let byte = match byte {
            b'+' => match bytes.next() {
                Some((_, &digit @ b'1'..=b'9')) => digit,
                _ => return Err(invalid_character(line, at + offset)),
            },
            _ => byte,
        };
        let value = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' => 0,
            _ => return Err(invalid_character(line, at + offset)),
        };
        if found < CELLS {
            cells[found] = value;
        }
        found += 1;
    }
    if found != CELLS {
        return Err(ParseError::WrongCellCount { found });
    }
    Ok(Grid::from_cells(cells).expect("cells are 0-9"))
}

/// The struck-out candidates' field, `at` bytes into `line`: `DRC` words between spaces.
fn read_deleted(line: &[u8], at: usize, field: &[u8]) -> Result<Vec<(Position, u8)>, ParseError> {
    let mut struck = Vec::new();
    let mut offset = 0;
    for word in field.split(|&b| b == b' ') {
        let word_at = at + offset;
        offset += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        if let Some(bad) = word.iter().position(|b| !(b'1'..=b'9').contains(b)) {
            return Err(invalid_character(line, word_at + bad));
        }
        let &[digit, row, column] = word else {
            return Err(ParseError::LibraryCandidate {
                found: String::from_utf8_lossy(word).into_owned(),
            });
        };
        let index = |b: u8| usize::from(b - b'1');
        struck.push((Position::at(index(row), index(column)), digit - b'0'));
    }
    Ok(struck)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first puzzle of `puzzles/sample.txt`.
    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn read(line: &str) -> Result<LibraryLine, ParseError> {
        let start = line.len() - line.trim_start().len();
        read_library_line(line.as_bytes(), start)
    }

    #[test]
    fn a_line_without_struck_candidates_is_its_puzzle() {
        let placed = PUZZLE.replacen("53..", "53+4.", 1);
        let Ok(LibraryLine::Puzzle(grid)) = read(&format!(":0000:x:{placed}:::")) else {
            panic!("not a puzzle");
        };
        assert_eq!(grid.to_string(), PUZZLE.replacen("53..", "534.", 1));
    }

    #[test]
    fn struck_candidates_leave_the_marks_the_placed_digits_allow_less_those() {
        // r1c3 allows 1, 2 and 4 in the puzzle; 2 and 4 are struck out.
        let Ok(LibraryLine::Marks(marks)) = read(&format!("  :0000:x:{PUZZLE}:213 413::")) else {
            panic!("not a candidate state");
        };
        assert_eq!(marks[2], 1 << 1);
        assert_eq!(marks[0], 1 << 5);
        assert_eq!(marks[3], (1 << 2) | (1 << 6));
    }

    #[test]
    fn faults_are_named_where_they_are() {
        let short = format!(":0000:x:{}:::", &PUZZLE[1..]);
        assert_eq!(read(&short), Err(ParseError::WrongCellCount { found: 80 }));
        let typo = format!(":0000:x:{}:::", PUZZLE.replacen('.', "x", 1));
        assert_eq!(
            read(&typo),
            Err(ParseError::InvalidCharacter {
                found: 'x',
                column: 11
            })
        );
        let plus = format!(":0000:x:+.{}:::", &PUZZLE[1..]);
        assert_eq!(
            read(&plus),
            Err(ParseError::InvalidCharacter {
                found: '+',
                column: 9
            })
        );
        let word = format!(":0000:x:{PUZZLE}:21 413::");
        assert_eq!(
            read(&word),
            Err(ParseError::LibraryCandidate {
                found: "21".to_string()
            })
        );
        let zero = format!(":0000:x:{PUZZLE}:203::");
        assert_eq!(
            read(&zero),
            Err(ParseError::InvalidCharacter {
                found: '0',
                column: 92
            })
        );
    }

    #[test]
    fn clashing_digits_are_left_to_the_grid_to_report() {
        let clash = PUZZLE.replacen("53..", "535.", 1);
        let Ok(LibraryLine::Puzzle(grid)) = read(&format!(":0000:x:{clash}:213::")) else {
            panic!("not a puzzle");
        };
        assert!(grid.first_conflict().is_some());
    }
}
