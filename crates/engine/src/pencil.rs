//! Pencil marks written out as text, for the reader to take a candidate state from: a row of a
//! grid of pencil marks (`| 4 1679 12679 | ...`, as HoDoKu and Sudoku Explainer print them),
//! the lines of the grid of 3x3 candidate blocks that `sudoku candidates` prints, and the
//! 729-character form a state of either becomes.

use crate::grid::CELLS;

/// Every digit's bit: the candidates of a blank cell.
pub(crate) const ALL_DIGITS: u16 = 0x3fe;

/// The 729-character form of `marks` (each cell's candidates as bits, bit `d` for digit `d`):
/// 9 characters a cell, digit `d` in place `d` where it is a candidate, `.` elsewhere.
pub fn candidate_text(marks: &[u16; CELLS]) -> String {
    let digit = |cell: u16, d: u8| match cell >> d & 1 {
        1 => char::from(b'0' + d),
        _ => '.',
    };
    marks
        .iter()
        .flat_map(|&cell| (1..=9).map(move |d| digit(cell, d)))
        .collect()
}

/// The candidates of a cell of a grid row read as marks: its digit alone, or every digit for a
/// blank.
pub(crate) fn marks_of_cell(digit: u8) -> u16 {
    match digit {
        0 => ALL_DIGITS,
        d => 1 << d,
    }
}

/// A row of a grid of pencil marks: nine words of candidate digits 1-9, each digit once a word,
/// between spaces and `|` (`| 4  1679  12679 | 139 ...`); each word's digits as bits.
pub fn marks_row(line: &[u8]) -> Option<[u16; 9]> {
    let mut row = [0u16; 9];
    let words = line
        .split(|&byte| byte.is_ascii_whitespace() || byte == b'|')
        .filter(|word| !word.is_empty());
    let mut count = 0;
    for word in words {
        let cell = row.get_mut(count)?;
        for &byte in word {
            let digit = byte.wrapping_sub(b'0');
            if !(1..=9).contains(&digit) || *cell >> digit & 1 == 1 {
                return None;
            }
            *cell |= 1 << digit;
        }
        count += 1;
    }
    (count == 9).then_some(row)
}

/// How many cells a line of pencil-mark words holds when it is a row of pencil marks with a
/// cell too many or too few (`| 4 1679 | 139 ...`): every word candidate digits 1-9, each once,
/// some word two or more of them, and not nine words. None for any other line.
pub fn marks_row_length(line: &[u8]) -> Option<usize> {
    let words: Vec<&[u8]> = line
        .split(|&byte| byte.is_ascii_whitespace() || byte == b'|')
        .filter(|word| !word.is_empty())
        .collect();
    let candidates = |word: &&[u8]| {
        let mut seen = 0u16;
        word.iter().all(|&byte| {
            let digit = byte.wrapping_sub(b'0');
            let fresh = (1..=9).contains(&digit) && seen >> digit & 1 == 0;
            seen |= 1 << digit.min(15);
            fresh
        })
    };
    let marks = words.iter().all(candidates) && words.iter().any(|word| word.len() > 1);
    (marks && words.len() != 9).then_some(words.len())
}

/// What a line of the grid of candidate blocks shows of one cell: a third of its candidates
/// (` 1 . 3 `), its value (`  (5)  `, on the middle line), or nothing (`       `, above and
/// below a value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockPart {
    /// Candidates, as bits.
    Marks(u16),
    /// The cell's value.
    Value(u8),
    /// Blank.
    Empty,
}

/// A line of the grid of 3x3 candidate blocks that `sudoku candidates` prints: `|`, then nine
/// cells of seven characters each followed by `|`. `Some(Err(offset))` for such a line with a
/// typo: framed as one, some cell read, but another not (`offset`: the typo's byte in `line`).
pub fn block_line(line: &[u8]) -> Option<Result<[BlockPart; 9], usize>> {
    let inner = line
        .trim_ascii_end()
        .strip_prefix(b"|")?
        .strip_suffix(b"|")?;
    let cells: Vec<&[u8]> = inner.split(|&byte| byte == b'|').collect();
    if cells.len() != 9 || cells.iter().any(|cell| cell.len() != CELL_WIDTH) {
        return None;
    }
    let mut parts = [BlockPart::Empty; 9];
    let mut typo = None;
    for (index, (part, cell)) in parts.iter_mut().zip(&cells).enumerate() {
        match block_part(cell) {
            Some(read) => *part = read,
            None => {
                let start = 1 + index * (CELL_WIDTH + 1);
                typo = typo.or(Some(start + first_fault(cell)));
            }
        }
    }
    match typo {
        None => Some(Ok(parts)),
        Some(_) if parts.iter().all(|&part| part == BlockPart::Empty) => None,
        Some(offset) => Some(Err(offset)),
    }
}

/// The width of a cell on a line of candidate blocks.
const CELL_WIDTH: usize = 7;

/// Where a cell on a line of candidate blocks that is none of its forms goes wrong: its first
/// character that no form has, else the first that breaks the form of three candidates.
fn first_fault(cell: &[u8]) -> usize {
    let known = |byte: &u8| b" .()123456789".contains(byte);
    cell.iter()
        .position(|byte| !known(byte))
        .unwrap_or_else(|| {
            let fits = |at: usize, byte: u8| match at % 2 {
                0 => byte == b' ',
                _ => !b" ()".contains(&byte),
            };
            (0..cell.len()).find(|&at| !fits(at, cell[at])).unwrap_or(0)
        })
}

/// One cell's seven characters on a line of candidate blocks.
fn block_part(cell: &[u8]) -> Option<BlockPart> {
    let digit = |byte: u8| Some(byte.wrapping_sub(b'0')).filter(|d| (1..=9).contains(d));
    match *cell {
        [b' ', b' ', b' ', b' ', b' ', b' ', b' '] => Some(BlockPart::Empty),
        [b' ', b' ', b'(', value, b')', b' ', b' '] => digit(value).map(BlockPart::Value),
        [b' ', first, b' ', second, b' ', third, b' '] => {
            let mut marks = 0;
            for byte in [first, second, third].into_iter().filter(|&b| b != b'.') {
                marks |= 1 << digit(byte)?;
            }
            Some(BlockPart::Marks(marks))
        }
        _ => None,
    }
}

/// A grid of candidate blocks being read: three lines a row of cells.
#[derive(Clone, Debug)]
pub(crate) struct BlockGrid {
    /// Each cell's candidates as bits, or its value's bit.
    marks: [u16; CELLS],
    /// Lines read.
    lines: usize,
}

impl BlockGrid {
    /// An empty grid.
    pub(crate) fn new() -> BlockGrid {
        BlockGrid {
            marks: [0; CELLS],
            lines: 0,
        }
    }

    /// Adds the next line; the grid once it has its 27 lines, as marks.
    pub(crate) fn add(&mut self, parts: [BlockPart; 9]) -> Option<[u16; CELLS]> {
        let row = self.lines / 3;
        for (cell, part) in self.marks[9 * row..9 * row + 9].iter_mut().zip(parts) {
            *cell |= match part {
                BlockPart::Marks(marks) => marks,
                BlockPart::Value(value) => 1 << value,
                BlockPart::Empty => 0,
            };
        }
        self.lines += 1;
        (self.lines == 27).then_some(self.marks)
    }

    /// How many rows of cells it has whole.
    pub(crate) fn rows(&self) -> usize {
        self.lines / 3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_of_pencil_marks_is_nine_words_of_digits() {
        let row = marks_row(b"| 4 1679 12679 | 139 2369 269 | 8 1239 5 |").unwrap();
        assert_eq!(row[0], 1 << 4);
        assert_eq!(row[1], 1 << 1 | 1 << 6 | 1 << 7 | 1 << 9);
        for line in [
            "1 2 3 4 5 6 7 8",
            "1 2 3 4 5 6 7 8 9 1",
            "11 2 3 4 5 6 7 8 9",
            "0 2 3 4 5 6 7 8 9",
        ] {
            assert_eq!(marks_row(line.as_bytes()), None, "{line}");
        }
        // A word left out, or one too many: the row's length; a row of cells is no such row.
        let short = b"| 4 1679 | 139 2369 269 | 8 1239 5 |";
        assert_eq!(marks_row_length(short), Some(8));
        assert_eq!(
            marks_row_length(b"4 1679 12679 139 2369 269 8 1239 5 7"),
            Some(10)
        );
        assert_eq!(
            marks_row_length(b"| 4 1679 12679 | 139 2369 269 | 8 1239 5 |"),
            None
        );
        assert_eq!(marks_row_length(b"1 2 3 4 5 6 7 8"), None);
        assert_eq!(marks_row_length(b"12 3 . 4 5 6 7 8 9"), None);
        assert_eq!(marks_row_length(b"11 2 3 4 5 6 7 8"), None);
    }

    #[test]
    fn the_lines_of_candidate_blocks_are_read_cell_by_cell() {
        let line = b"|       |  (3)  | 1 2 . | . . . | 7 8 9 | . 2 . | 1 . . | 1 2 . | . 2 . |";
        let parts = block_line(line).unwrap().unwrap();
        assert_eq!(parts[0], BlockPart::Empty);
        assert_eq!(parts[1], BlockPart::Value(3));
        assert_eq!(parts[2], BlockPart::Marks(1 << 1 | 1 << 2));
        assert_eq!(parts[3], BlockPart::Marks(0));
        assert_eq!(parts[4], BlockPart::Marks(1 << 7 | 1 << 8 | 1 << 9));
        // Eight cells, a cell of six characters, a letter: not such a line.
        assert_eq!(block_line(&line[..line.len() - 8]), None);
        assert_eq!(block_line(b"|      |"), None);
        assert_eq!(block_line(b"| a . . |"), None);
        // A boxed row of a grid of cells is not one either, nor a row of nine boxes in letters.
        assert_eq!(block_line(b"| 5 3 . | . 7 . | . . . |"), None);
        let letters = b"| A B C | D E F | G H I | J K L | M N O | P Q R | S T U | V W X | Y Z A |";
        assert_eq!(block_line(letters), None);
        // A line of blocks with a typo: where it is.
        let mut typo = *line;
        typo[11] = b'Z';
        assert_eq!(block_line(&typo), Some(Err(11)));
        // A candidate a place too far left, in the third cell (` 1 2 . ` from byte 17).
        let mut typo = *line;
        typo[17..24].copy_from_slice(b"1  2 . ");
        assert_eq!(block_line(&typo), Some(Err(17)));
    }

    #[test]
    fn a_block_grid_is_whole_after_27_lines() {
        let mut grid = BlockGrid::new();
        let marks = [BlockPart::Marks(1 << 1); 9];
        for _ in 0..26 {
            assert_eq!(grid.add(marks), None);
        }
        assert_eq!(grid.rows(), 8);
        let whole = grid.add(marks).unwrap();
        assert!(whole.iter().all(|&m| m == 1 << 1));
        assert_eq!(candidate_text(&whole)[..9], *"1........");
    }
}
