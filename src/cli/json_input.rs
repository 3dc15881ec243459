//! JSON Lines input, as `-f json` prints it: a source whose first text is `{` holds one object
//! a line, whose `puzzle` field (or the field --column names) is read as any puzzle's text, so
//! that every subcommand reads what another printed. A `solution` field goes with its puzzle
//! as the second grid `check` checks (as in `PUZZLE SOLUTION` lines).

use std::io::{self, BufRead, Cursor};

use serde_json::Value;
use sudoku_engine::lines::LineReader;
use sudoku_engine::parse::MAX_LINE;
use sudoku_engine::{InvalidPuzzle, ParseError, Record};

use super::csv_input::{CsvRecords, is_csv_with_header};
use super::sizes::SizeArgs;

/// The field a record's puzzle is read from, unless --column names another.
const PUZZLE_FIELD: &str = "puzzle";

/// The field of the solution that goes with the puzzle.
const SOLUTION_FIELD: &str = "solution";

/// True when the text `reader` starts with (after blanks, `#` lines and a byte-order mark) is
/// a JSON object: the source is JSON Lines. Looks only at what the first read brings.
pub fn is_json_lines(reader: &mut impl BufRead) -> bool {
    first_text_line(reader).is_some_and(|line| line.trim_ascii_start().starts_with(b"{"))
}

/// The first line of what the first read of `reader` brings that is not blank or a `#`
/// comment, past a byte-order mark: what tells a source's format (JSON Lines, CSV).
pub fn first_text_line(reader: &mut impl BufRead) -> Option<&[u8]> {
    let text = reader.fill_buf().ok()?;
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    text.split(|&b| b == b'\n' || b == b'\r')
        .find(|line| !is_skipped(line))
}

/// True for a line the readers skip: blank, or a comment.
fn is_skipped(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    line.is_empty() || line.starts_with(b"#")
}

/// The records of a source of puzzles: JSON Lines when its first text is `{` (the puzzle from
/// the `puzzle` field), CSV when it starts with a header row (see [`is_csv_with_header`]),
/// else text as [`SizeArgs::records`] reads it.
pub fn puzzle_records<'a, R: BufRead + 'a>(
    mut reader: R,
    sizes: &SizeArgs,
) -> Box<dyn Iterator<Item = io::Result<Record>> + 'a> {
    if is_json_lines(&mut reader) {
        Box::new(JsonRecords::new(reader, None, *sizes))
    } else if is_csv_with_header(&mut reader) {
        Box::new(CsvRecords::new(reader, None, None, *sizes))
    } else {
        sizes.records(reader)
    }
}

/// The records of a JSON Lines source: one per line that is not blank or a `#` comment,
/// numbered by its line.
pub struct JsonRecords<R> {
    lines: LineReader<R>,
    field: String,
    sizes: SizeArgs,
}

impl<R: BufRead> JsonRecords<R> {
    /// The records of `reader`, each puzzle from `field` (the `puzzle` field if None).
    pub fn new(reader: R, field: Option<&str>, sizes: SizeArgs) -> JsonRecords<R> {
        JsonRecords {
            lines: LineReader::new(reader, MAX_LINE),
            field: field.unwrap_or(PUZZLE_FIELD).to_string(),
            sizes,
        }
    }

    /// The record of one line of JSON, numbered `line`.
    fn record(&self, text: &[u8], line: u64) -> Record {
        let refused = |why: String| {
            let text = String::from_utf8_lossy(text).into_owned();
            let error = ParseError::NoPuzzleField { why };
            Record::new(line, Err(InvalidPuzzle { text, error }))
        };
        if self.lines.is_too_long() {
            return refused(format!("line is longer than {MAX_LINE} bytes"));
        }
        let object = match serde_json::from_slice::<Value>(text) {
            Ok(Value::Object(object)) => object,
            Ok(_) => return refused("a JSON value that is not an object".into()),
            Err(error) => return refused(format!("not JSON: {error}")),
        };
        let Some(puzzle) = object.get(&self.field).and_then(Value::as_str) else {
            return refused(format!("no {:?} field holding text", self.field));
        };
        // A one-line puzzle and its solution read as `PUZZLE SOLUTION` does.
        let solution = object.get(SOLUTION_FIELD).and_then(Value::as_str);
        let text = match solution {
            Some(solution) if self.field != SOLUTION_FIELD && !puzzle.trim().contains('\n') => {
                format!("{} {}\n", puzzle.trim(), solution.trim())
            }
            _ => format!("{puzzle}\n"),
        };
        let mut records = self.sizes.records(Cursor::new(text.into_bytes()));
        match (records.next(), records.next()) {
            (Some(Ok(record)), None) => Record { line, ..record },
            (Some(Err(error)), _) => refused(error.to_string()),
            (None, _) => refused(format!("the {:?} field holds no puzzle", self.field)),
            (Some(Ok(_)), Some(_)) => {
                let found = 2 + records.count();
                let error = ParseError::NotOnePuzzle { found };
                Record::new(
                    line,
                    Err(InvalidPuzzle {
                        text: puzzle.into(),
                        error,
                    }),
                )
            }
        }
    }
}

impl<R: BufRead> Iterator for JsonRecords<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        loop {
            match self.lines.advance() {
                Ok(true) => {}
                Ok(false) => return None,
                Err(error) => return Some(Err(error)),
            }
            let text = self.lines.line();
            if is_skipped(text) {
                continue;
            }
            return Some(Ok(self.record(text, self.lines.number())));
        }
    }
}
