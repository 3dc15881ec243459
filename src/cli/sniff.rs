//! Grids of another size over several lines, without `--box`: a source whose first two lines
//! are rows of the same grid (each as many cells as the side of a grid with boxes, other than
//! 9 unless written in letters or `--alphabet` names symbols the 9x9 reader does not read), or
//! whose first and third are or second and third are, the other a row with a cell too many or
//! too few (a first one only where the 9x9 reader would hold it for a grid's other rows too),
//! is read as `--box` would read it. Everything else goes to the 9x9 reader, untouched.
//!
//! Sides that are also a whole small puzzle (16 cells: a 4x4 puzzle, 36: 6x6, 64: 8x8) count
//! as rows only when one of the two lines has a symbol that small puzzle cannot hold, and a
//! first line that is such a puzzle is answered at once rather than held for the next line.
//!
//! The decision is made again from each line the chosen reader refuses on its own (too few
//! cells for a puzzle, a symbol it does not know, a grid's first row of another length): the
//! lines from there on go through the same decision, so that a source may mix sizes. A reader
//! of grids of one shape also takes a grid whose rows all have another length, as many as
//! its rows, for a grid of that size (a 4x4 grid after 6x6 ones: rows that the 6x6 reader
//! would take for rows with two cells missing).

use std::io::{self, BufRead, Read};

use sudoku_engine::Record;
use sudoku_engine::markup::{fold_markup, is_border, is_section_header, is_separator};
use sudoku_engine::pencil::block_line;
use sudoku_engine::sized::{Alphabet, MAX_SIZE, Shape};
use sudoku_engine::{ParseError, PuzzleReader, parse};

use super::sized_marks::{marks_words, words_of};
use super::sizes::{SizedRecords, is_near_row, other_symbols};

/// Lines of comments, blanks and separators looked past before the first row; a source with
/// more is read as 9x9 puzzles.
const MAX_SKIPPED: usize = 64;

/// The most of a line looked at (no row of a grid comes near it: 64 numbers of two digits
/// with separators take about 200 bytes), so that what is held to be read again stays small;
/// the rest of a longer line is read as the next line here, and whole by the reader after.
const MAX_LOOKED_AT: usize = 64 * 1024;

/// The records of a source read without `--box`: grids of another size when its first two
/// lines are rows of one (see the module's words), 9x9 puzzles and one-line grids of every
/// size otherwise. `alphabet` is `--alphabet`, if given.
///
/// The decision is made again from each line that its reader refuses on its own (a line of the
/// wrong length, not a row of a grid it is reading): a source may hold grids of several sizes,
/// 9x9 puzzles then a 4x4 grid, a 4x4 grid then a 6x6 one.
pub fn records<'a, R: BufRead + 'a>(
    reader: R,
    alphabet: Option<Alphabet>,
) -> Box<dyn Iterator<Item = io::Result<Record>> + 'a> {
    let input = Replay {
        head: Vec::new(),
        at: 0,
        rest: reader,
    };
    Box::new(Resniffing {
        reading: Reading::of(input, alphabet),
        alphabet,
        offset: 0,
        sniffed: 0,
    })
}

/// A source's records read by the reader its first lines call for, and again from each line
/// that reader refuses on its own (see [`records`]).
struct Resniffing<R> {
    reading: Reading<R>,
    alphabet: Option<Alphabet>,
    /// The lines of the source before the first line of the current reader.
    offset: u64,
    /// The last line (of the source) read again from: a reader begun there refuses it for good.
    sniffed: u64,
}

/// The reader a source's lines call for.
enum Reading<R> {
    /// 9x9 puzzles and one-line grids of every size (boxed: it holds a whole grid in reading).
    Nine(Box<PuzzleReader<Replay<R>>>),
    /// Grids of the shape their first rows told, written in `alphabet`, and one-line grids.
    Grids {
        reader: SizedRecords<Replay<R>>,
        shape: Shape,
        alphabet: Option<Alphabet>,
    },
    /// One-line grids in the symbols --alphabet names.
    Lines(SizedRecords<Replay<R>>),
    /// None, while one is handed over.
    Done,
}

impl<R: BufRead> Reading<R> {
    /// The reader `input`'s first lines call for (`alphabet` is `--alphabet`, if given).
    fn of(input: Replay<R>, alphabet: Option<Alphabet>) -> Reading<R> {
        match sniffed(input, alphabet) {
            (input, Some(row), _) => Reading::grids(input, row, alphabet),
            (input, None, _) if other_symbols(alphabet) => {
                Reading::Lines(SizedRecords::lines(input, alphabet))
            }
            (input, None, looked_at) => Reading::nine(input, looked_at),
        }
    }

    /// A reader of 9x9 puzzles that gives a line that would begin a grid with a faulty row
    /// alone (to be read again, in case it is a row of another size), except in the first
    /// `looked_at` lines, which the sniffer has judged already.
    fn nine(input: Replay<R>, looked_at: u64) -> Reading<R> {
        Reading::Nine(Box::new(
            PuzzleReader::new(input).giving_odd_first_rows_after(looked_at),
        ))
    }

    /// A reader of grids of the shape `row` is a row of.
    fn grids(input: Replay<R>, row: Row, alphabet: Option<Alphabet>) -> Reading<R> {
        let (shape, alphabet) = (
            row.grid_shape(),
            alphabet.or(row.numbers.then_some(Alphabet::Numbers)),
        );
        Reading::Grids {
            reader: SizedRecords::new(input, shape, alphabet).reshaping(),
            shape,
            alphabet,
        }
    }

    /// The reader to go on with from a line the current one refused on its own (its `cells`,
    /// when counted), reading the input from that line on: one of grids of another size when
    /// that line starts one; of 9x9 puzzles (or of lines in the symbols --alphabet names) when
    /// it is a row of nine cells; else another reader of the same kind, which refuses that line
    /// again. None, and the current reader goes on, when the line it gave last is not such a
    /// line.
    fn again(&mut self, cells: Option<usize>, alphabet: Option<Alphabet>) -> Option<Reading<R>> {
        let same_shape = match self {
            Reading::Grids {
                shape, alphabet, ..
            } => Some((*shape, *alphabet)),
            _ => None,
        };
        let (line, rest) = self.take_rest()?;
        // A row of nine cells, or a line of the 9x9 candidate blocks, is the 9x9 reader's.
        let nine = cells == Some(9) || is_block_line(line.clone());
        let (input, row, looked_at) = sniffed(rest.put_back(line), alphabet);
        Some(match (row, same_shape) {
            (Some(row), _) => Reading::grids(input, row, alphabet),
            (None, Some((shape, alphabet))) if !nine => Reading::Grids {
                reader: SizedRecords::new(input, shape, alphabet).reshaping(),
                shape,
                alphabet,
            },
            (None, _) if other_symbols(alphabet) => {
                Reading::Lines(SizedRecords::lines(input, alphabet))
            }
            (None, _) => Reading::nine(input, looked_at),
        })
    }

    /// The next record of the current reader.
    fn next(&mut self) -> Option<io::Result<Record>> {
        match self {
            Reading::Nine(reader) => reader.next(),
            Reading::Grids { reader, .. } | Reading::Lines(reader) => reader.next(),
            Reading::Done => None,
        }
    }

    /// The line read last and the input after it, leaving no reader, when the record given last
    /// is that line, refused on its own, with nothing else in hand.
    fn take_rest(&mut self) -> Option<(Vec<u8>, Replay<R>)> {
        let alone = match self {
            Reading::Nine(reader) => reader.gave_line_alone(),
            Reading::Grids { reader, .. } | Reading::Lines(reader) => reader.gave_line_alone(),
            Reading::Done => false,
        };
        if !alone {
            return None;
        }
        let lines = match std::mem::replace(self, Reading::Done) {
            Reading::Nine(reader) => reader.into_lines(),
            Reading::Grids { reader, .. } | Reading::Lines(reader) => reader.into_lines(),
            Reading::Done => unreachable!("no reader gives no line"),
        };
        Some(lines.into_rest())
    }
}

/// True for a line of the 9x9 candidate blocks `sudoku candidates` prints.
fn is_block_line(mut line: Vec<u8>) -> bool {
    fold_markup(&mut line);
    block_line(line.trim_ascii()).is_some()
}

/// `input`, with what its first lines tell: the row of a grid of another size they begin, if
/// they begin one (see [`first_rows`]), and how many lines that took.
fn sniffed<R: BufRead>(
    mut input: Replay<R>,
    alphabet: Option<Alphabet>,
) -> (Replay<R>, Option<Row>, u64) {
    let (seen, row) = first_rows(&mut input, other_symbols(alphabet));
    let looked_at = lines_in(&seen);
    (input.put_back(seen), row, looked_at)
}

/// How many lines `text` holds, or begins: ended by LF, CRLF or a lone CR.
fn lines_in(text: &[u8]) -> u64 {
    let endings = memchr::memchr2_iter(b'\n', b'\r', text)
        .filter(|&at| text[at] == b'\n' || text.get(at + 1) != Some(&b'\n'))
        .count();
    let unended = text
        .last()
        .is_some_and(|&byte| byte != b'\n' && byte != b'\r');
    endings as u64 + u64::from(unended)
}

/// For a record refused in a way a row of a grid of another size is, its cells when they were
/// counted: too few for a whole puzzle, or a symbol the reader does not know (uncounted).
/// None for any other record.
fn row_cells(record: &Record) -> Option<Option<usize>> {
    let invalid = record.puzzle.as_ref().err()?;
    match invalid.error {
        ParseError::WrongCellCount { found }
        | ParseError::SizedCellCount { found, .. }
        | ParseError::GridRowLength { found, row: 1 } => (found <= MAX_SIZE).then_some(Some(found)),
        ParseError::InvalidCharacter { .. } => {
            (invalid.text.trim().chars().count() <= MAX_ROW_TEXT).then_some(None)
        }
        _ => None,
    }
}

/// The most characters a row refused for a symbol is looked at as the row of a grid of another
/// size may have: a row of 64 cells, with separators.
const MAX_ROW_TEXT: usize = 3 * MAX_SIZE;

impl<R: BufRead> Iterator for Resniffing<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        loop {
            let mut record = match self.reading.next()? {
                Ok(record) => record,
                Err(error) => return Some(Err(error)),
            };
            let line = self.offset + record.line;
            if line > self.sniffed
                && let Some(cells) = row_cells(&record)
                && let Some(reading) = self.reading.again(cells, self.alphabet)
            {
                // Read again from this line: it may start a grid of another size.
                self.sniffed = line;
                self.offset = line - 1;
                self.reading = reading;
                continue;
            }
            record.line = line;
            return Some(Ok(record));
        }
    }
}

/// A source with bytes to read again before the rest of it: the lines the sniffer looked at,
/// or a line a reader refused. Putting bytes back does not nest one replay in another.
struct Replay<R> {
    head: Vec<u8>,
    /// How much of `head` has been read.
    at: usize,
    rest: R,
}

impl<R> Replay<R> {
    /// The same source with `bytes` to read first.
    fn put_back(self, mut bytes: Vec<u8>) -> Replay<R> {
        bytes.extend_from_slice(&self.head[self.at..]);
        Replay {
            head: bytes,
            at: 0,
            rest: self.rest,
        }
    }
}

impl<R: BufRead> Read for Replay<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let taken = available.len().min(buffer.len());
        buffer[..taken].copy_from_slice(&available[..taken]);
        self.consume(taken);
        Ok(taken)
    }
}

impl<R: BufRead> BufRead for Replay<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self.at < self.head.len() {
            true => Ok(&self.head[self.at..]),
            false => self.rest.fill_buf(),
        }
    }

    fn consume(&mut self, amount: usize) {
        match self.at < self.head.len() {
            true => self.at += amount,
            false => self.rest.consume(amount),
        }
    }
}

/// Reads the first lines of `reader` (as few as the decision needs) and returns them with the
/// decision: the row, when they are the first two rows of a grid of another size than 9x9 (or
/// of 9x9 too, with `nine_too`: in symbols the 9x9 reader does not read).
fn first_rows(reader: &mut impl BufRead, nine_too: bool) -> (Vec<u8>, Option<Row>) {
    let mut seen = Vec::new();
    let mut first: Option<Row> = None;
    // A row that did not match the others was looked past: the first (its cells), or another.
    let mut bad_first = None;
    let mut held_one = false;
    let mut skipped = 0;
    let mut after_return = false;
    loop {
        let start = seen.len();
        match read_line(reader, &mut seen) {
            Ok(0) | Err(_) => return (seen, None),
            Ok(_) => {}
        }
        // The `\n` of a `\r\n` ending arrives as a line of its own.
        let rest_of_ending = after_return && seen[start..] == *b"\n";
        after_return = seen.last() == Some(&b'\r');
        if rest_of_ending {
            continue;
        }
        let mut line = seen[start..].to_vec();
        fold_markup(&mut line);
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_start_matches('\u{feff}').trim();
        let row = Row::of_marks(text).unwrap_or_else(|| Row::of(text));
        let blank_or_comment =
            text.is_empty() || text.starts_with('#') || is_section_header(text.as_bytes());
        if (first.is_some() || bad_first.is_some()) && blank_or_comment {
            // The rows of a grid follow each other.
            return (seen, None);
        }
        if blank_or_comment || row.cells == 0 || is_border(text.as_bytes()) {
            // Comments and blank lines before the grid, borders in it.
            skipped += 1;
            if skipped > MAX_SKIPPED {
                return (seen, None);
            }
            continue;
        }
        // A line of the 9x9 candidate blocks `sudoku candidates` prints is the 9x9 reader's.
        if block_line(text.as_bytes()).is_some() {
            return (seen, None);
        }
        match (first, bad_first) {
            (None, None) if row.starts_grid(text, nine_too) => first = Some(row),
            // A first row with a cell too many or too few, held as the start of a grid by the
            // 9x9 reader too: the next two lines say whether it was another size's.
            (None, None) if parse::starts_grid(row.cells) && !row.numbers => {
                bad_first = Some(row.cells);
            }
            // A first row with a symbol that does not belong (`D 9 2 Z | ...` in a 16x16
            // grid): the next two lines say whether it was another size's.
            (None, None)
                if !row.marks && row.has_row_shape(text, nine_too) && !row.symbols_fit(text) =>
            {
                bad_first = Some(row.cells);
            }
            (None, Some(bad))
                if row.starts_grid(text, nine_too)
                    && (bad == row.cells || is_near_row(bad, row.cells)) =>
            {
                first = Some(row);
                held_one = true;
            }
            (None, _) => return (seen, None),
            (Some(earlier), _) if !held_one && earlier.cells != row.cells => {
                // A second row with a cell too many or too few (a word, among pencil marks):
                // the third says whether the first was a row.
                let count = match earlier.marks {
                    true => words_of(text).count(),
                    false => row.cells,
                };
                if !is_near_row(count, earlier.cells) {
                    return (seen, None);
                }
                held_one = true;
            }
            (Some(earlier), _) => {
                // A row of small numbers only reads the same either way.
                let numbers = earlier.numbers || row.numbers;
                let marks = earlier.marks || row.marks;
                let cells = (earlier.cells == row.cells).then_some(row.cells);
                let row = |cells| Row {
                    cells,
                    numbers,
                    marks,
                };
                return (seen, cells.map(row));
            }
        }
    }
}

/// Reads one line into `seen`, ending at `\n` or `\r` (a lone carriage return ends a line, as
/// the 9x9 reader has it, so that nothing waits for a `\n` that may never come) or after
/// [`MAX_LOOKED_AT`] bytes; the number of bytes read, 0 at the end.
fn read_line(reader: &mut impl BufRead, seen: &mut Vec<u8>) -> io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read);
        }
        let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
        let taken = end.map_or(buffer.len(), |end| end + 1);
        seen.extend_from_slice(&buffer[..taken]);
        reader.consume(taken);
        read += taken;
        if end.is_some() || read > MAX_LOOKED_AT {
            return Ok(read);
        }
    }
}

/// How many cells a line holds, counted as a row of a grid is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Row {
    cells: usize,
    /// The cells are whitespace-separated numbers, some of two digits or more.
    numbers: bool,
    /// The cells are pencil marks, a word each (see [`marks_words`]).
    marks: bool,
}

impl Row {
    /// The cells of `text` (trimmed): words of numbers when it is written so, else every
    /// character but whitespace and the separators `|`, `+`, `-`.
    fn of(text: &str) -> Row {
        let words: Vec<&str> = text
            .split_whitespace()
            .filter(|word| !word.chars().all(is_separator))
            .collect();
        let is_blank = |word: &str| matches!(word, "." | "_" | "*" | "0");
        let is_number = |word: &str| word.parse::<usize>().is_ok_and(|n| n > 0);
        // A row in numbers has a word per cell, so at least 4 (the side of a 4x4): a single
        // word of digits (`123456`, a row of a 6x6 with every cell given) is cells, not a number.
        let numbers = words.len() >= 4
            && words.iter().all(|w| is_blank(w) || is_number(w))
            && words
                .iter()
                .any(|w| w.parse::<usize>().is_ok_and(|n| n >= 10));
        let cells = match numbers {
            true => words.len(),
            false => words
                .iter()
                .flat_map(|word| word.chars())
                .filter(|&c| !is_separator(c))
                .count(),
        };
        Row {
            cells,
            numbers,
            marks: false,
        }
    }

    /// The cells of `text` (trimmed) when it is a row of pencil marks as `sudoku candidates`
    /// prints grids of other sizes (numbers when its candidates are joined by commas).
    fn of_marks(text: &str) -> Option<Row> {
        let numbers = text.contains(',');
        let words = marks_words(text, numbers)?;
        Some(Row {
            cells: words.len(),
            numbers,
            marks: true,
        })
    }

    /// True when `text`, of this row's cells, may be the first row of a grid of another size:
    /// it has the shape of one (see [`Row::has_row_shape`]), its symbols fit that side, and
    /// when it is as long as a whole smaller puzzle (16 cells: 4x4), one of them is beyond
    /// that puzzle's.
    fn starts_grid(self, text: &str, nine_too: bool) -> bool {
        self.has_row_shape(text, nine_too)
            && (self.marks || (self.symbols_fit(text) && !self.is_small_puzzle(text)))
    }

    /// True when `text`, of this row's cells, has the shape of a row of a grid of another size,
    /// its symbols aside: its count is the side of a grid with boxes (not 9, unless `nine_too`
    /// or it is written in letters), and it is no one-line puzzle followed by a note or a
    /// solution.
    fn has_row_shape(self, text: &str, nine_too: bool) -> bool {
        let side = self.cells;
        // A row of 9 is the 9x9 reader's, unless it is written in letters, which that reader
        // refuses (or `--alphabet` names symbols of their own).
        let letters = text.chars().any(|c| c.is_ascii_alphabetic());
        if (side == 9 && !nine_too && !letters) || Shape::for_cells(side * side).is_none() {
            return false;
        }
        if self.marks {
            // Its symbols are read when the grid is: the row's words are the cells.
            return true;
        }
        let words: Vec<&str> = text
            .split_whitespace()
            .filter(|word| !word.chars().all(is_separator))
            .collect();
        let first_word = words.first().map_or(0, |word| Row::of(word).cells);
        self.numbers || words.len() <= 1 || Shape::for_cells(first_word).is_none()
    }

    /// True when every symbol of `text` fits this row's side in one alphabet.
    fn symbols_fit(self, text: &str) -> bool {
        let side = self.cells;
        match self.numbers {
            true => text
                .split_whitespace()
                .filter(|word| !word.chars().all(is_separator))
                .all(|word| word.parse::<usize>().map_or(true, |n| n <= side)),
            false => Alphabet::ALL
                .into_iter()
                .filter(|&alphabet| alphabet != Alphabet::Numbers && alphabet.fits(side))
                .any(|alphabet| {
                    cells_of(text).all(|c| {
                        alphabet.is_blank(c) || alphabet.value(c).is_some_and(|v| v <= side)
                    })
                }),
        }
    }

    /// The usual shape of a grid with rows like this one.
    fn grid_shape(self) -> Shape {
        Shape::for_cells(self.cells * self.cells).expect("a row that may start a grid")
    }

    /// True when the line is also a whole puzzle of a smaller size (16 cells: 4x4) whose
    /// symbols all fit that size, so it is taken as that puzzle.
    fn is_small_puzzle(self, text: &str) -> bool {
        let Some(small) = Shape::for_cells(self.cells) else {
            return false;
        };
        !self.numbers
            && cells_of(text).all(|c| {
                Alphabet::Digits.is_blank(c)
                    || Alphabet::Digits.value(c).is_some_and(|v| v <= small.size())
            })
    }
}

/// The characters of `text` that are cells (not whitespace, not separators).
fn cells_of(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .filter(|&c| !c.is_whitespace() && !is_separator(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The box shape, and whether cells are numbers, that the first lines of `text` call for.
    fn decide(text: &str) -> Option<(String, bool)> {
        let row = first_rows(&mut text.as_bytes(), false).1?;
        Some((row.grid_shape().to_string(), row.numbers))
    }

    fn rows(box_rows: usize, box_columns: usize, numbers: bool) -> Option<(String, bool)> {
        Some((format!("{box_rows}x{box_columns}"), numbers))
    }

    #[test]
    fn a_first_row_with_a_symbol_that_does_not_belong_is_held_for_its_grid() {
        assert_eq!(
            decide("1 x | . .\n. . | . 2\n3 . | . .\n"),
            rows(2, 2, false)
        );
        let sixteen = "D92Z............\n4CF.....9D.2.6EB\n................\n";
        assert_eq!(decide(sixteen), rows(4, 4, false));
        // A 4x4 puzzle on one line is answered at once, whatever follows.
        assert_eq!(decide("1..4............\n4CF.....9D.2.6EB\n"), None);
    }

    #[test]
    fn two_rows_of_another_side_make_a_grid() {
        assert_eq!(decide("1 2 | 3 4\n3 4 | 1 2\n"), rows(2, 2, false));
        assert_eq!(decide("# a 6x6\n\n12.|4..\n..3|...\n"), rows(2, 3, false));
        assert_eq!(decide("+--+\n1.|.4\n.3|2.\n"), rows(2, 2, false));
        // Rows of digits without spaces, every cell given: cells, not one large number.
        assert_eq!(decide("123456\n456123\n"), rows(2, 3, false));
        assert_eq!(decide("1234\n3412\n"), rows(2, 2, false));
        let sixteen = "D92BFCA1G6E74385\n................\n";
        assert_eq!(decide(sixteen), rows(4, 4, false));
        // Rows of 9 in letters, which the 9x9 reader refuses.
        assert_eq!(
            decide("H C . | E I A | F G B\n...|H..|...\n"),
            rows(3, 3, false)
        );
        let row = |cells: [&str; 3]| cells.repeat(12).join(" ");
        let numbers = format!("{}\n{}\n", row(["14", ".", "26"]), row([".", "3", "."]));
        assert_eq!(decide(&numbers), rows(6, 6, true));
    }

    #[test]
    fn line_endings_of_every_kind_end_a_row() {
        assert_eq!(decide("1 2 | 3 4\r\n3 4 | 1 2\r\n"), rows(2, 2, false));
        assert_eq!(decide("1 2 | 3 4\r3 4 | 1 2\r"), rows(2, 2, false));
        // A lone carriage return after a whole puzzle decides without reading further.
        let text = format!("{}\r", ".".repeat(81));
        assert_eq!(
            first_rows(&mut text.as_bytes().chain(Blocking), false).1,
            None
        );
        let text = "1 2 | 3 4\r3 4 | 1 2\r";
        let row = first_rows(&mut text.as_bytes().chain(Blocking), false).1;
        assert_eq!(row.map(|row| row.cells), Some(4));
    }

    /// A reader that fails the test if it is ever read: input that has not come yet.
    struct Blocking;

    impl io::Read for Blocking {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            panic!("read past what the decision needed");
        }
    }

    impl BufRead for Blocking {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            panic!("read past what the decision needed");
        }

        fn consume(&mut self, _: usize) {}
    }

    #[test]
    fn anything_else_is_left_to_the_nine_by_nine_reader() {
        // 9x9 rows, a one-line 9x9 puzzle, one row alone, rows of different lengths.
        assert_eq!(decide("53..7....\n6..195...\n"), None);
        assert_eq!(decide(&".".repeat(81)), None);
        assert_eq!(decide("1 2 | 3 4\n"), None);
        assert_eq!(decide("1234\n123456\n"), None);
        // 4x4 puzzles, one a line, and one with a bad symbol.
        assert_eq!(decide("..1..2.34.......\n3412124343212134\n"), None);
        assert_eq!(decide("..1..2.34......x\n....\n"), None);
        assert_eq!(decide("..1..2.34......x\n1.1..2.34.......\n"), None);
        // Puzzles of 4x4 with their solutions: 32 cells a line, but no row of a 32x32.
        let pairs = "..1..2.34....... 3412124343212134\n..1..2.34....... 3412124343212131\n";
        assert_eq!(decide(pairs), None);
    }

    /// The puzzles of a source that mixes sizes, each with its line: a 9x9 line, grids over
    /// several lines of 4x4, 6x6, 9x9 and 16x16 (in letters), comments, blank lines.
    #[derive(Debug, Clone, Copy)]
    enum Item {
        NineLine,
        Grid(usize),
        Comment,
    }

    /// The text of `item`, and the cells of its puzzle (none for a comment).
    fn item_text(item: Item) -> (String, Option<usize>) {
        let rows = |side: usize, row: &str| format!("{}\n", row.repeat(side));
        match item {
            Item::NineLine => (format!("{}\n", ".".repeat(81)), Some(81)),
            Item::Grid(side) => {
                let row = match side {
                    16 => "G...............\n",
                    side => &format!("{}\n", ".".repeat(side)),
                };
                (rows(side, row) + "\n", Some(side * side))
            }
            Item::Comment => ("# a comment\n\n".to_string(), None),
        }
    }

    proptest! {
        #[test]
        fn every_puzzle_of_a_source_of_several_sizes_is_read_at_its_line(
            items in proptest::collection::vec(
                prop_oneof![
                    Just(Item::NineLine),
                    proptest::sample::select(vec![4, 6, 9, 16]).prop_map(Item::Grid),
                    Just(Item::Comment),
                ],
                0..12,
            ),
        ) {
            let (mut text, mut expected) = (String::new(), Vec::new());
            for item in items {
                let (item_text, cells) = item_text(item);
                let line = text.lines().count() as u64 + 1;
                expected.extend(cells.map(|cells| (line, cells)));
                text.push_str(&item_text);
            }
            let read: Vec<(u64, usize)> = records(text.as_bytes(), None)
                .map(|record| {
                    let record = record.unwrap();
                    let cells = match record.puzzle {
                        Ok(_) => 81,
                        Err(invalid) => invalid.text.chars().filter(|c| *c != ' ').count(),
                    };
                    (record.line, cells)
                })
                .collect();
            prop_assert_eq!(read, expected, "{}", text);
        }
    }

    proptest! {
        /// Whatever lines of rows of any length, pieces of grids, blanks and line endings come
        /// in whatever order, reading them again where a reader refuses one gives each record
        /// once, at a line that is in the input, in order.
        #[test]
        fn lines_read_again_give_each_record_once_in_order(
            pieces in proptest::collection::vec(
                prop_oneof![
                    Just("\n"), Just("\r"), Just("\r\n"), Just("1.3."), Just("12"),
                    Just(".3...."), Just("53..7...."), Just("53x|..7|..."), Just("G..."),
                    Just("............"), Just("# c"), Just(" "), Just("1 2 | 3 4"),
                    Just(concat!(
                        "|       | 1 2 . | 1 . . |       |       |",
                        "       |       |       |       |"
                    )),
                    Just(concat!(
                        "+-------+-------+-------+-------+-------+",
                        "-------+-------+-------+-------+"
                    )),
                ],
                0..60,
            ),
        ) {
            let text: String = pieces.concat();
            let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count() as u64;
            let mut last = 0;
            for record in records(text.as_bytes(), None) {
                let record = record.expect("in-memory input reads without error");
                let line = record.line;
                prop_assert!(line > last && line <= lines, "{} in {:?}", line, text);
                last = line;
            }
        }
    }

    #[test]
    fn a_line_read_again_is_answered_without_reading_further() {
        let text = format!("{}\n12\r", ".".repeat(81));
        let mut records = records(text.as_bytes().chain(Blocking), None);
        assert!(records.next().unwrap().unwrap().puzzle.is_ok());
        let refused = records.next().unwrap().unwrap();
        assert_eq!(
            (refused.line, refused.puzzle.unwrap_err().text),
            (2, "12".to_string())
        );
    }

    #[test]
    fn the_lines_read_to_decide_are_read_again() {
        let texts = |text: &str| -> Vec<String> {
            records(text.as_bytes(), None)
                .map(|record| match record.unwrap().puzzle {
                    Ok(grid) => grid.to_string(),
                    Err(invalid) => invalid.text,
                })
                .collect()
        };
        let nine = format!("# c\n{}\n", "5".repeat(81));
        assert_eq!(texts(&nine), ["5".repeat(81)]);
        assert_eq!(
            texts("# c\n1.|.4\n.3|2.\n..|..\n..|..\n"),
            ["1..4.32........."]
        );
    }
}
