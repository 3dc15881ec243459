//! CSV input, with `--csv` or `--column`, or told by its first two rows (see
//! [`is_csv_with_header`]): a header row, then a puzzle per row, taken from the column named or
//! from the first field that holds one; the delimiter is the one the header row uses most,
//! unless `--delimiter` names it.

use std::io::{self, BufRead};

use sudoku_engine::parse::utf8_text;
use sudoku_engine::sized::Alphabet;
use sudoku_engine::{Grid, InvalidPuzzle, ParseError, Record};

use super::json_input::first_text_line;
use super::line_starts::LineStarts;
use super::sizes::{SizeArgs, cells_in, other_size, other_symbols};

/// The delimiters a CSV header row is searched for, the first winning a tie.
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];

/// The delimiter of CSV text that starts with `text` (its header row, or as much of it as has
/// come): the one of [`DELIMITERS`] found most often in the first row, outside quotes; a comma
/// when there is none.
fn delimiter_of(text: &[u8]) -> u8 {
    let mut counts = [0usize; DELIMITERS.len()];
    let mut quoted = false;
    for &byte in text {
        match byte {
            b'"' => quoted = !quoted,
            b'\n' | b'\r' if !quoted => break,
            _ if !quoted => {
                if let Some(at) = DELIMITERS.iter().position(|&d| d == byte) {
                    counts[at] += 1;
                }
            }
            _ => {}
        }
    }
    // The first of the commonest: `max_by_key` keeps the last, so backwards.
    (0..DELIMITERS.len())
        .rev()
        .max_by_key(|&at| counts[at])
        .filter(|&at| counts[at] > 0)
        .map_or(b',', |at| DELIMITERS[at])
}

/// The names of a header row's column of puzzles that tell CSV input without `--csv` (and of
/// the field JSON input takes a puzzle from without `--column`): the one `-f csv` writes, those
/// of the collections published as CSV (`quizzes,solutions`) and LeetCode's `board`.
pub const PUZZLE_COLUMN_NAMES: [&str; 7] = [
    "puzzle", "puzzles", "quiz", "quizzes", "sudoku", "grid", "board",
];

/// True when the text `reader` starts with is CSV with a header row, as `-f csv` writes it and
/// as collections of puzzles are published: past blank and `#` lines and a byte-order mark, a
/// first line that splits at its delimiter into names (each starting with a letter), one of
/// them a column of puzzles ([`PUZZLE_COLUMN_NAMES`], in any case). Looks only at what the
/// first read brings, as the header row is all it needs.
pub fn is_csv_with_header(reader: &mut impl BufRead) -> bool {
    let Some(header) = first_text_line(reader) else {
        return false;
    };
    // The header row read as the rows will be: quotes and spaces around a name taken off.
    let names = csv::ReaderBuilder::new()
        .has_headers(false)
        .delimiter(delimiter_of(header))
        .trim(csv::Trim::All)
        .from_reader(header)
        .into_byte_records()
        .next()
        .and_then(Result::ok);
    let Some(names) = names else {
        return false;
    };
    let is_name = |name: &[u8]| {
        name.first().is_some_and(u8::is_ascii_alphabetic)
            && name
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'_' | b'-' | b'.'))
    };
    let names_puzzles = |name: &[u8]| {
        PUZZLE_COLUMN_NAMES
            .iter()
            .any(|known| name.eq_ignore_ascii_case(known.as_bytes()))
    };
    names.len() >= 2 && names.iter().all(is_name) && names.iter().any(names_puzzles)
}

/// The records of a CSV source: one per row after the header, the puzzle taken from the named
/// column, or from the first field that holds one. Line numbers are the rows' lines in the file.
pub struct CsvRecords<R: BufRead> {
    reader: csv::Reader<LineStarts<R>>,
    /// The puzzle's column, once the header is read; `None` for "the first puzzle field".
    column: Option<usize>,
    /// The column's name, as asked.
    wanted: Option<String>,
    /// The shape and alphabet asked for, which tell a field holding a puzzle of another size.
    sizes: SizeArgs,
    /// Why the source cannot be read, found in its header: reported once, then the end.
    fault: Option<io::Error>,
    started: bool,
    /// Nothing more is read: the header was at fault.
    finished: bool,
}

impl<R: BufRead> CsvRecords<R> {
    /// The records of `reader`, whose fields are split at `delimiter`, or else at the one its
    /// header row tells (see [`delimiter_of`]).
    pub fn new(
        mut reader: R,
        column: Option<&str>,
        delimiter: Option<u8>,
        sizes: SizeArgs,
    ) -> CsvRecords<R> {
        // What has come of the header row: a read error is met again when the rows are read.
        let delimiter = delimiter.unwrap_or_else(|| reader.fill_buf().map_or(b',', delimiter_of));
        CsvRecords {
            reader: csv::ReaderBuilder::new()
                .flexible(true)
                .delimiter(delimiter)
                .from_reader(LineStarts::new(reader)),
            column: None,
            wanted: column.map(String::from),
            sizes,
            fault: None,
            started: false,
            finished: false,
        }
    }

    /// Reads the header and finds the column asked for.
    fn start(&mut self) {
        self.started = true;
        let Some(wanted) = &self.wanted else { return };
        match self.reader.headers() {
            Ok(header) => match header.iter().position(|name| name.trim() == wanted) {
                Some(index) => self.column = Some(index),
                None => {
                    let names: Vec<&str> = header.iter().collect();
                    self.fault = Some(io::Error::other(format!(
                        "no column {wanted:?} in the CSV header ({})",
                        names.join(", ")
                    )));
                }
            },
            Err(error) => self.fault = Some(io::Error::other(error)),
        }
    }

    /// The record for one row, which starts on `line`.
    fn record(&self, row: &csv::ByteRecord, line: u64) -> Record {
        // Text in another alphabet than digits is left whole for `other_size` to read: the
        // 9x9 reader would take it for digits.
        let alphabet = self.sizes.alphabet;
        let other_alphabet = other_symbols(alphabet);
        let read = |index: usize| {
            // A field that is not UTF-8 is refused for its first bad byte, as a line is.
            let bytes = row.get(index).unwrap_or_default().trim_ascii();
            let (text, puzzle) = match utf8_text(bytes) {
                Err(error) => (String::from_utf8_lossy(bytes).into_owned(), Err(error)),
                Ok(text) if other_alphabet => (
                    text.to_string(),
                    Err(ParseError::WrongCellCount {
                        found: cells_in(text, alphabet == Some(Alphabet::Numbers)),
                    }),
                ),
                Ok(text) => (text.to_string(), text.parse::<Grid>()),
            };
            Record::new(line, puzzle.map_err(|error| InvalidPuzzle { text, error }))
        };
        match self.column {
            Some(index) => read(index),
            // The first field that holds a puzzle, 9x9 or of another size (whose text the
            // reader of other sizes reads again, see `other_size`); else the error of the
            // longest field, the likeliest to be a puzzle gone wrong (not an id).
            None => {
                let reads = |record: &Record| {
                    record.puzzle.is_ok() || matches!(other_size(record, &self.sizes), Some(Ok(_)))
                };
                // The first of the longest: `max_by_key` keeps the last, so backwards.
                let longest = (0..row.len())
                    .rev()
                    .max_by_key(|&i| row[i].trim_ascii().len());
                (0..row.len())
                    .map(read)
                    .find(reads)
                    .unwrap_or_else(|| read(longest.unwrap_or(0)))
            }
        }
    }
}

impl<R: BufRead> Iterator for CsvRecords<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if !self.started {
            self.start();
        }
        if self.finished {
            return None;
        }
        if let Some(fault) = self.fault.take() {
            // Reported once; nothing more is read from this source.
            self.finished = true;
            return Some(Err(fault));
        }
        let mut row = csv::ByteRecord::new();
        match self.reader.read_byte_record(&mut row) {
            Ok(true) => {
                // The row's line as the puzzle reader counts lines (see LineStarts).
                let start = row.position().map_or(0, csv::Position::byte);
                let line = self.reader.get_mut().line_at(start);
                Some(Ok(self.record(&row, line)))
            }
            Ok(false) => None,
            Err(error) => Some(Err(io::Error::other(error))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn told(text: &str) -> bool {
        is_csv_with_header(&mut text.as_bytes())
    }

    #[test]
    fn a_header_row_naming_a_column_of_puzzles_tells_csv() {
        assert!(told("quizzes,solutions\n0043002090050,8643712593\n"));
        assert!(told("id;Puzzle;rating\n"));
        assert!(told("source,line,puzzle,status,solution,error\n"));
        assert!(told(
            "\u{feff}# from a spreadsheet\n\n\"Sudoku\"\t\"Level\"\r\n"
        ));
        // Not a header: a title, a row of cells, a row of a grid in letters, a puzzle, a name
        // alone, a name that is not a column of puzzles, JSON.
        assert!(!told("Puzzle 1, easy\n53..7....\n"));
        assert!(!told("5,3,,,7,,,,\n"));
        assert!(!told("ABC|DEF|GHI\n"));
        assert!(!told(&format!("{}\n", ".".repeat(81))));
        assert!(!told("puzzle\n"));
        assert!(!told("id,quizzes2\n"));
        assert!(!told("{\"puzzle\":\"...\"}\n"));
        assert!(!told(""));
    }

    #[test]
    fn the_header_row_tells_the_delimiter() {
        assert_eq!(delimiter_of(b"id;puzzle;note\n1,2,3,4,5\n"), b';');
        assert_eq!(delimiter_of(b"id\tpuzzle\n"), b'\t');
        assert_eq!(delimiter_of(b"a|b|c"), b'|');
        // Inside quotes a delimiter does not count; a tie goes to the comma; none is a comma.
        assert_eq!(delimiter_of(b"\"a;b;c\",d,e"), b',');
        assert_eq!(delimiter_of(b"a,b;c"), b',');
        assert_eq!(delimiter_of(b"puzzle\n"), b',');
        assert_eq!(delimiter_of(b""), b',');
        // A quoted line break is within the header row.
        assert_eq!(delimiter_of(b"\"a\nb\";c;d\ne,f,g,h,i"), b';');
    }
}
