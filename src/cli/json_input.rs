//! JSON input, as `-f json` prints it (JSON Lines) or jq does: a source whose first text is `{`
//! or `[{` holds objects (one a line, spread over lines, or in an array: see
//! [`ValueSplitter`]), whose `puzzle` field (or the field --column names) is read as any
//! puzzle's text, so that every subcommand reads what another printed. A `solution` field goes with its puzzle
//! as the second grid `check` checks (as in `PUZZLE SOLUTION` lines).

use std::io::{self, BufRead, Cursor};

use serde_json::Value;
use sudoku_engine::lines::LineReader;
use sudoku_engine::parse::MAX_LINE;
use sudoku_engine::{InvalidPuzzle, ParseError, Record};

use super::csv_input::{CsvRecords, is_csv_with_header};
use super::json_values::{ValueSplitter, ValueText, is_skipped};
use super::sizes::SizeArgs;

/// The field a record's puzzle is read from, unless --column names another.
const PUZZLE_FIELD: &str = "puzzle";

/// The field of the solution that goes with the puzzle.
const SOLUTION_FIELD: &str = "solution";

/// True when the text `reader` starts with (after blanks, `#` lines and a byte-order mark) is
/// a JSON object, or an array of them: the source is JSON Lines (or JSON objects spread over
/// lines, see [`ValueSplitter`]). Looks only at what the first read brings.
pub fn is_json_lines(reader: &mut impl BufRead) -> bool {
    let text = first_text(reader).unwrap_or_default().trim_ascii_start();
    match text.strip_prefix(b"[") {
        // The array's first object may be on a line of its own, as `jq -s` prints it.
        Some(after) => after.trim_ascii_start().starts_with(b"{"),
        None => text.starts_with(b"{"),
    }
}

/// The first line of what the first read of `reader` brings that is not blank or a `#`
/// comment, past a byte-order mark: what tells a source's format (JSON Lines, CSV).
pub fn first_text_line(reader: &mut impl BufRead) -> Option<&[u8]> {
    let text = first_text(reader)?;
    text.split(|&b| b == b'\n' || b == b'\r').next()
}

/// What the first read of `reader` brings, from its first line that is not blank or a `#`
/// comment, past a byte-order mark.
fn first_text(reader: &mut impl BufRead) -> Option<&[u8]> {
    let text = reader.fill_buf().ok()?;
    let mut text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
    loop {
        let end = text.iter().position(|&b| b == b'\n' || b == b'\r');
        let line = &text[..end.unwrap_or(text.len())];
        if !is_skipped(line) {
            return Some(text);
        }
        text = &text[end? + 1..];
    }
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

/// The records of a JSON Lines source: one per JSON value (an object a line, or spread over
/// several, alone or in an array; see [`ValueSplitter`]), numbered by the line it starts on.
pub struct JsonRecords<R> {
    lines: LineReader<R>,
    values: ValueSplitter,
    field: String,
    sizes: SizeArgs,
}

impl<R: BufRead> JsonRecords<R> {
    /// The records of `reader`, each puzzle from `field` (the `puzzle` field if None).
    pub fn new(reader: R, field: Option<&str>, sizes: SizeArgs) -> JsonRecords<R> {
        JsonRecords {
            lines: LineReader::new(reader, MAX_LINE),
            values: ValueSplitter::default(),
            field: field.unwrap_or(PUZZLE_FIELD).to_string(),
            sizes,
        }
    }

    /// The record of one JSON value.
    fn record(
        &self,
        ValueText {
            line,
            text: text_or_fault,
        }: ValueText,
    ) -> Record {
        let text = text_or_fault.as_deref().unwrap_or_default();
        let refused = |why: String| {
            let text = String::from_utf8_lossy(text).into_owned();
            let error = ParseError::NoPuzzleField { why };
            Record::new(line, Err(InvalidPuzzle { text, error }))
        };
        if let Err(why) = &text_or_fault {
            return refused(why.clone());
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
            if let Some(value) = self.values.next_value() {
                return Some(Ok(self.record(value)));
            }
            match self.lines.advance() {
                Ok(true) if self.lines.is_too_long() => self.values.too_long(self.lines.number()),
                Ok(true) => self.values.feed(self.lines.line(), self.lines.number()),
                Ok(false) => {
                    self.values.finish();
                    return self.values.next_value().map(|value| Ok(self.record(value)));
                }
                Err(error) => return Some(Err(error)),
            }
        }
    }
}
