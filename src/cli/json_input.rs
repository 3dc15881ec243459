//! JSON input, as `-f json` prints it (JSON Lines) or jq does: a source whose first text is `{`
//! or `[` holds objects (one a line, spread over lines, or in an array: see [`ValueSplitter`]),
//! whose `puzzle` field (or `quizzes`, `grid`, `board` and the like, or the field --column
//! names) is read as any puzzle's text, so that every subcommand reads what another printed;
//! and grids written as arrays of cells or of rows. A `solution` field goes with its puzzle as
//! the second grid `check` checks (as in `PUZZLE SOLUTION` lines).

use std::collections::VecDeque;
use std::io::{self, BufRead, Cursor};

use serde_json::Value;
use sudoku_engine::lines::UTF8_MARK;
use sudoku_engine::{InvalidPuzzle, ParseError, Record};

use super::csv_input::{CsvRecords, PUZZLE_COLUMN_NAMES, is_csv_with_header};
use super::json_values::{ValueSplitter, ValueText, is_skipped};
use super::sizes::SizeArgs;

/// The field of the solution that goes with the puzzle.
const SOLUTION_FIELD: &str = "solution";

/// True when the text `reader` starts with (after blanks, `#` lines and a byte-order mark) is
/// a JSON object, an array of them, or an array of rows: the source is JSON (see
/// [`ValueSplitter`]). Looks only at what the first read brings.
pub fn is_json_lines(reader: &mut impl BufRead) -> bool {
    let text = first_text(reader).unwrap_or_default().trim_ascii_start();
    match text.strip_prefix(b"[") {
        // An array of objects, or a grid as an array of rows; its first element may be on a
        // line of its own, as jq prints it.
        Some(after) => matches!(after.trim_ascii_start().first(), Some(b'{' | b'[')),
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
    let mut text = text.strip_prefix(UTF8_MARK).unwrap_or(text);
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

/// The records of a JSON source: one per JSON value (an object a line, or spread over
/// several, alone or in an array; see [`ValueSplitter`]), numbered by the line it starts on.
pub struct JsonRecords<R> {
    reader: R,
    values: ValueSplitter,
    /// How each value becomes a record.
    reading: Reading,
    /// The records of the part of the input read last, not yet taken.
    ready: VecDeque<Record>,
    /// Something has been read (a byte-order mark may come before that).
    started: bool,
    /// The input has ended.
    finished: bool,
}

/// How a JSON value becomes a record: where its puzzle is, and how puzzles are read.
struct Reading {
    /// The field --column names, if it does.
    field: Option<String>,
    sizes: SizeArgs,
}

impl<R: BufRead> JsonRecords<R> {
    /// The records of `reader`, each puzzle from `field` (if None, the first field of
    /// [`PUZZLE_COLUMN_NAMES`] an object has: `puzzle` first).
    pub fn new(reader: R, field: Option<&str>, sizes: SizeArgs) -> JsonRecords<R> {
        JsonRecords {
            reader,
            values: ValueSplitter::default(),
            reading: Reading {
                field: field.map(str::to_string),
                sizes,
            },
            ready: VecDeque::new(),
            started: false,
            finished: false,
        }
    }

    /// Reads the next part of the input into records; false at its end.
    fn read_part(&mut self) -> io::Result<bool> {
        if !self.started {
            self.started = true;
            if self.reader.fill_buf()?.starts_with(UTF8_MARK) {
                self.reader.consume(UTF8_MARK.len());
            }
        }
        let Self {
            reader,
            values,
            reading,
            ready,
            ..
        } = self;
        let mut found = |value: ValueText<'_>| ready.push_back(reading.record(value));
        let bytes = reader.fill_buf()?;
        if bytes.is_empty() {
            values.finish(&mut found);
            return Ok(false);
        }
        let length = bytes.len();
        values.feed(bytes, &mut found);
        reader.consume(length);
        Ok(true)
    }
}

impl Reading {
    /// The record of one JSON value's text.
    fn record(&self, ValueText { line, text }: ValueText<'_>) -> Record {
        let text = match text {
            Ok(text) => text,
            Err(why) => return refused(line, &[], why),
        };
        let refused = |why: String| refused(line, text, why);
        let (puzzle, solution, holder) = match serde_json::from_slice(text) {
            Ok(Value::Object(object)) => {
                let field = self.field.as_deref().unwrap_or_else(|| {
                    let mut names = PUZZLE_COLUMN_NAMES.into_iter();
                    let found = names.find(|&name| object.contains_key(name));
                    found.unwrap_or(PUZZLE_COLUMN_NAMES[0])
                });
                let Some(puzzle) = object.get(field).and_then(puzzle_text) else {
                    let why = format!("no {field:?} field holding a puzzle");
                    return refused(why + " (text, or an array of cells or of rows)");
                };
                let solution = object
                    .get(SOLUTION_FIELD)
                    .filter(|_| field != SOLUTION_FIELD);
                let holder = format!("the {field:?} field");
                (puzzle, solution.and_then(puzzle_text), holder)
            }
            Ok(grid @ Value::Array(_)) => match puzzle_text(&grid) {
                Some(puzzle) => (puzzle, None, "the array".to_string()),
                None => return refused("an array that is not of cells or of rows".into()),
            },
            Ok(_) => return refused("a JSON value that is not an object or an array".into()),
            Err(error) => return refused(format!("not JSON: {error}")),
        };
        let (puzzle, solution) = (puzzle.as_str(), solution.as_deref());
        // A one-line puzzle and its solution read as `PUZZLE SOLUTION` does.
        let text = match solution {
            Some(solution) if !puzzle.trim().contains('\n') => {
                format!("{} {}\n", puzzle.trim(), solution.trim())
            }
            _ => format!("{puzzle}\n"),
        };
        let mut records = self.sizes.records(Cursor::new(text.into_bytes()));
        match (records.next(), records.next()) {
            (Some(Ok(record)), None) => Record { line, ..record },
            (Some(Err(error)), _) => refused(error.to_string()),
            (None, _) => refused(format!("{holder} holds no puzzle")),
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
            if let Some(record) = self.ready.pop_front() {
                return Some(Ok(record));
            }
            if self.finished {
                return None;
            }
            match self.read_part() {
                Ok(more) => self.finished = !more,
                Err(error) => {
                    self.finished = true;
                    return Some(Err(error));
                }
            }
        }
    }
}

/// The record of a JSON value (`text`, starting on `line`) that holds no puzzle, and `why`.
fn refused(line: u64, text: &[u8], why: String) -> Record {
    let text = String::from_utf8_lossy(text).into_owned();
    let error = ParseError::NoPuzzleField { why };
    Record::new(line, Err(InvalidPuzzle { text, error }))
}

/// The text of a puzzle a JSON value holds: a string as it is; or an array of cells, or of
/// rows (each an array of cells, or a string of them), as one line of cells. A cell is a
/// number (0 is a blank), a string (`""` is a blank) or null (a blank).
fn puzzle_text(value: &Value) -> Option<String> {
    let rows = match value {
        Value::String(text) => return Some(text.clone()),
        Value::Array(rows) => rows,
        _ => return None,
    };
    let mut cells = Vec::new();
    for row in rows {
        match row {
            Value::Array(row) => {
                for cell in row {
                    cells.push(cell_text(cell)?);
                }
            }
            // A row written as text: its words, or its characters when it has no blank.
            Value::String(row) if row.trim().chars().count() >= 4 => match row.contains(' ') {
                true => cells.extend(row.split_whitespace().map(str::to_string)),
                false => cells.extend(row.trim().chars().map(String::from)),
            },
            cell => cells.push(cell_text(cell)?),
        }
    }
    let compact = cells.iter().all(|cell| cell.chars().count() == 1);
    Some(cells.join(if compact { "" } else { " " }))
}

/// The text of one cell of a JSON grid: a number (0 is a blank), a string (`""` is a blank)
/// or null (a blank).
fn cell_text(cell: &Value) -> Option<String> {
    match cell {
        Value::Number(number) if number.as_u64() == Some(0) => Some(".".into()),
        Value::Number(number) => Some(number.to_string()),
        Value::String(text) if text.trim().is_empty() => Some(".".into()),
        Value::String(text) => Some(text.trim().to_string()),
        Value::Null => Some(".".into()),
        _ => None,
    }
}
