//! Text to puzzles: a streaming reader that finds every puzzle in a text, whatever its layout, and
//! says precisely where and why a piece of text is not one.
//!
//! Two layouts are recognised, puzzle by puzzle, without being told which:
//!
//! * **One line**: 81 cells, digits `1`-`9`, blanks as `.`, `0`, `_` or `*`. Text after the cells,
//!   separated by a space, a tab, a comma or a semicolon, is an annotation (collections put
//!   ratings there) and is ignored.
//!   Cells separated by spaces (`5 3 . . 7 ...`) are accepted too.
//! * **A grid**: 9 lines of 9 cells, as books and most programs print them, with or without the
//!   separators `|`, `-` and `+` and spaces between cells. Box borders (lines of separators,
//!   with corners such as `*` or `.`: see [`crate::markup::is_border`]) are skipped. Lines
//!   drawn with box-drawing characters read as the same lines in ASCII, and cells split by
//!   commas or semicolons as cells split by spaces (see [`crate::markup::fold_markup`]).
//! * **A grid of pencil marks**: 9 lines of 9 words of candidate digits (`| 4 1679 12679 | ...`),
//!   as HoDoKu and Sudoku Explainer print them, or the 27 lines of 3x3 candidate blocks that
//!   `sudoku candidates` prints (see [`crate::pencil`]): a candidate state, not a puzzle. Its
//!   record holds [`ParseError::PencilMarks`] and, as its text, the 729-character form of the
//!   marks (see [`InvalidPuzzle::candidate_text`]).
//! * **A line in HoDoKu's library format** (`:0000:x:CELLS:STRUCK::`, see `library.rs`): the
//!   puzzle of its givens and placed digits, or, with candidates struck out, the candidate
//!   state, as a grid of pencil marks is one.
//!
//! Blank lines, lines starting with `#` and section headers (`[Puzzle]`) are skipped (a blank
//! line inside a grid ends it). CRLF line endings and a UTF-8 byte-order mark are accepted.
//! Memory does not grow with the input: a line is read into one reused buffer, and a line
//! longer than [`MAX_LINE`] is reported, not kept.

use std::io::{self, BufRead};

use crate::error::ParseError;
use crate::grid::{CELLS, Grid};
use crate::library::{LibraryLine, is_library_line, read_library_line};
use crate::lines::LineReader;
use crate::markup::{is_border, is_note_delimiter, is_section_header};
use crate::pencil::{
    BlockGrid, BlockPart, block_line, candidate_text, marks_of_cell, marks_row, marks_row_length,
};
use crate::sized::Shape;

/// The longest line kept, in bytes; a longer one is an error and the rest of it is skipped.
/// The longest line the tool writes fits: a 64x64 candidate line with every candidate, about
/// 750 KB.
pub const MAX_LINE: usize = 1 << 20;

/// One puzzle found in the input, or a piece of text that should have been one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The line it starts on, counted from 1; for a grid with a bad row, the line of that row.
    pub line: u64,
    /// The puzzle, or what is wrong with its text.
    pub puzzle: Result<Grid, InvalidPuzzle>,
    /// A second grid written after a one-line puzzle on the same line, as in files of puzzle and
    /// solution pairs: the annotation, when it starts with 81 cells.
    /// Boxed: it is rare, and without it a record is small enough to move without a call to
    /// `memcpy`.
    pub companion: Option<Box<Grid>>,
}

impl Record {
    /// The record of `puzzle` (or of the text that should have been one) starting at `line`,
    /// without a companion.
    pub fn new(line: u64, puzzle: Result<Grid, InvalidPuzzle>) -> Record {
        Record {
            line,
            puzzle,
            companion: None,
        }
    }
}

/// Text that is not a puzzle: the text itself (its first line) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPuzzle {
    /// The offending line, without its line ending.
    pub text: String,
    /// What is wrong with it.
    pub error: ParseError,
}

impl InvalidPuzzle {
    /// The 729-character form of a 9x9 candidate state (9 characters a cell, a digit where it
    /// is a candidate), when the text is one: a line of 729 characters, or a grid of pencil
    /// marks.
    pub fn candidate_text(&self) -> Option<&str> {
        match self.error {
            ParseError::WrongCellCount { found: 729 } | ParseError::PencilMarks => Some(&self.text),
            _ => None,
        }
    }
}

/// Reads puzzles one by one from a buffered reader; see the [module docs](self) for the layouts.
///
/// Yields `Err` only for an I/O error, after which it yields nothing more. A malformed puzzle is a
/// [`Record`] holding an [`InvalidPuzzle`], and reading goes on with the next one.
pub struct PuzzleReader<R> {
    lines: LineReader<R>,
    grid: Option<PartialGrid>,
    /// A grid of candidate blocks being read.
    blocks: Option<PartialBlocks>,
    pending: Option<Record>,
    finished: bool,
    /// The line read last made a record of its own (not a row of a grid).
    line_alone: bool,
    /// After this line, a line that would begin a grid with a faulty row is a record of its
    /// own (see [`PuzzleReader::giving_odd_first_rows_after`]); never when None.
    odd_first_rows_after: Option<u64>,
}

/// A 9-line grid being read.
struct PartialGrid {
    start: u64,
    cells: [u8; CELLS],
    /// Each cell's candidates as bits (bit `d` for digit `d`), for a grid of pencil marks.
    marks: [u16; CELLS],
    /// The first row of pencil marks, as the error it is in a grid of cells: with one, the
    /// grid is a candidate state, unless a row of cells has a blank (no grid of pencil marks
    /// has one), when it is a row typed with a cell too many (`12 3 . 4 ...`).
    first_marks: Option<(u64, InvalidPuzzle)>,
    /// Some row of cells has a blank.
    has_blank: bool,
    rows: usize,
    /// The first bad row: its line and the error.
    fault: Option<(u64, InvalidPuzzle)>,
}

impl PartialGrid {
    fn new(start: u64) -> PartialGrid {
        PartialGrid {
            start,
            cells: [0; CELLS],
            marks: [0; CELLS],
            first_marks: None,
            has_blank: false,
            rows: 0,
            fault: None,
        }
    }

    /// The record for this grid, complete or not.
    fn into_record(self) -> Record {
        let typo = self.first_marks.as_ref().filter(|_| self.has_blank);
        if let Some((line, invalid)) = self.fault.or_else(|| typo.cloned()) {
            return Record::new(line, Err(invalid));
        }
        let puzzle = if self.rows == 9 && self.first_marks.is_some() {
            Err(InvalidPuzzle {
                text: candidate_text(&self.marks),
                error: ParseError::PencilMarks,
            })
        } else if self.rows == 9 {
            Ok(Grid::from_cells(self.cells).expect("cells are 0-9"))
        } else {
            let row = &self.cells[..9 * self.rows];
            Err(InvalidPuzzle {
                text: row.iter().map(|&d| char::from(b'0' + d)).collect(),
                error: ParseError::IncompleteGrid { rows: self.rows },
            })
        };
        Record::new(self.start, puzzle)
    }
}

/// A grid of candidate blocks being read.
struct PartialBlocks {
    /// The line it starts on.
    start: u64,
    grid: BlockGrid,
    /// The first line with a typo: its number and the error.
    fault: Option<(u64, InvalidPuzzle)>,
}

impl PartialBlocks {
    /// The record of this grid when it ends: its first typo, if it has one; else the candidate
    /// state, once whole (`marks`), or the grid cut short.
    fn into_record(self, marks: Option<[u16; CELLS]>) -> Record {
        if let Some((line, invalid)) = self.fault {
            return Record::new(line, Err(invalid));
        }
        let invalid = match marks {
            Some(marks) => InvalidPuzzle {
                text: candidate_text(&marks),
                error: ParseError::PencilMarks,
            },
            None => InvalidPuzzle {
                text: String::new(),
                error: ParseError::IncompleteGrid {
                    rows: self.grid.rows(),
                },
            },
        };
        Record::new(self.start, Err(invalid))
    }
}

/// A row of a grid: its cells, or its cells' pencil marks.
enum GridRow {
    /// Nine cells, 0 for a blank.
    Cells([u8; 9]),
    /// Nine cells' candidates as bits (bit `d` for digit `d`).
    Marks([u16; 9]),
}

/// What one line of input is.
enum Line {
    /// Blank: ends a grid in progress.
    Blank,
    /// A comment or a border made only of separators: skipped.
    Skip,
    /// A whole puzzle on one line, and the grid written after it, if any.
    Puzzle(Grid, Option<Grid>),
    /// A whole candidate state on one line (HoDoKu's library format), each cell's candidates
    /// as bits.
    Marks([u16; CELLS]),
    /// A row of a grid: nine cells, or nine cells' pencil marks.
    Row(GridRow),
    /// A line of the grid of candidate blocks that `sudoku candidates` prints, or one with a
    /// typo.
    Blocks(Result<[BlockPart; 9], ParseError>),
    /// Malformed; `fit` says whether it belongs to a grid.
    Bad { error: ParseError, fit: BadFit },
}

/// Where a malformed line belongs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum BadFit {
    /// On its own: a one-line puzzle gone wrong. It ends any grid in progress.
    Alone,
    /// A row of the grid in progress, if there is one (a row with a stray character); alone
    /// otherwise.
    InGrid,
    /// A grid row in any case: cells and separators only, but not nine cells (a row typed with
    /// ten). It starts a grid when none is in progress, so that the grid's other rows are not
    /// taken for the start of another.
    Row,
}

/// The fewest and the most cells a malformed line of cells can hold and still start a grid as
/// its first row: a row with a cell or two too many or too few. A line of a few cells (a typo
/// typed at a terminal, say) is answered at once rather than held as the start of a grid.
const ROW_CELLS: std::ops::RangeInclusive<usize> = 6..=18;

/// True when a line of `found` cells, outside a grid, is a malformed first row of a 9x9 grid
/// (6 to 18 cells), not a whole grid of another size (16 cells: a 4x4 puzzle), which is
/// refused on its own for the reader of other sizes. The reader holds such a line until its
/// grid's other rows have come.
pub fn starts_grid(found: usize) -> bool {
    ROW_CELLS.contains(&found) && Shape::for_cells(found).is_none()
}

/// What [`cell_value_or_marker`] gives for a byte that is not a cell character.
const NOT_A_CELL: u8 = u8::MAX;

/// The value of a byte as a cell character: 0 for a blank (`.`, `0`, `_` or `*`), 1-9 for a
/// digit, else [`NOT_A_CELL`]. Only comparisons and selects, so that a loop over many bytes
/// compiles to vector code.
#[inline(always)]
fn cell_value_or_marker(byte: u8) -> u8 {
    let digit = byte.wrapping_sub(b'0');
    let blank = (byte == b'.') | (byte == b'_') | (byte == b'*');
    if digit <= 9 {
        digit
    } else if blank {
        0
    } else {
        NOT_A_CELL
    }
}

/// The value of a cell character: 0 for a blank, 1-9 for a digit.
fn cell_value(byte: u8) -> Option<u8> {
    Some(cell_value_or_marker(byte)).filter(|&value| value != NOT_A_CELL)
}

/// How many cell characters `text` starts with.
fn cell_run(text: &[u8]) -> usize {
    text.iter()
        .take_while(|&&byte| cell_value(byte).is_some())
        .count()
}

/// The length of the run of cell characters `text` starts with, and the values of its first 81.
fn leading_cells(text: &[u8]) -> (usize, [u8; CELLS]) {
    // The common case first: 81 cell characters, read without a branch per byte.
    if let Some(first) = text.first_chunk::<CELLS>() {
        let mut cells = [0u8; CELLS];
        let mut all_cells = true;
        for (cell, &byte) in cells.iter_mut().zip(first) {
            *cell = cell_value_or_marker(byte);
            all_cells &= *cell != NOT_A_CELL;
        }
        if all_cells {
            return (CELLS + cell_run(&text[CELLS..]), cells);
        }
    }
    let run = cell_run(text);
    let mut cells = [0u8; CELLS];
    for (cell, &byte) in cells.iter_mut().zip(&text[..run]) {
        *cell = cell_value_or_marker(byte);
    }
    (run, cells)
}

/// Layout characters allowed between the cells of a grid row.
fn is_separator(byte: u8) -> bool {
    matches!(byte, b'|' | b'-' | b'+' | b' ' | b'\t')
}

/// `bytes` as text, or the error naming its first byte that does not start a valid UTF-8
/// character (see [`invalid_character`]).
pub fn utf8_text(bytes: &[u8]) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|error| invalid_character(bytes, error.valid_up_to()))
}

/// The error for the byte at `index`: the character there and its column in characters, or
/// the byte itself when it does not start a valid UTF-8 character.
pub fn invalid_character(line: &[u8], index: usize) -> ParseError {
    let column = line[..index].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
    let tail = &line[index..line.len().min(index + 4)];
    let valid = match std::str::from_utf8(tail) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&tail[..e.valid_up_to()]).unwrap_or_default(),
    };
    match valid.chars().next() {
        Some(found) => ParseError::InvalidCharacter { found, column },
        None => ParseError::InvalidByte {
            byte: line[index],
            column,
        },
    }
}

/// Classifies a line (without its line ending). `row` is the grid row it would be, from 1.
fn classify(line: &[u8], row: Option<usize>) -> Line {
    let start = line
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(line.len());
    let body = &line[start..];
    if body.is_empty() {
        return Line::Blank;
    }
    if body[0] == b'#' || (body[0] == b'[' && is_section_header(body)) {
        return Line::Skip;
    }
    if is_library_line(body) {
        return match read_library_line(line, start) {
            Ok(LibraryLine::Puzzle(grid)) => Line::Puzzle(grid, None),
            Ok(LibraryLine::Marks(marks)) => Line::Marks(marks),
            Err(error) => Line::Bad {
                error,
                fit: BadFit::Alone,
            },
        };
    }
    if body[0] == b'|'
        && let Some(parts) = block_line(body)
    {
        return Line::Blocks(parts.map_err(|offset| invalid_character(line, start + offset)));
    }
    let (run, cells) = leading_cells(body);
    if run > 9 {
        return classify_puzzle_line(line, start, run, cells, row);
    }
    classify_grid_row(line, start, row)
}

/// A line starting with a run of more than 9 cells: a one-line puzzle, maybe annotated.
fn classify_puzzle_line(
    line: &[u8],
    start: usize,
    run: usize,
    cells: [u8; CELLS],
    row: Option<usize>,
) -> Line {
    let next = line.get(start + run).copied();
    let blank_or_end = matches!(next, None | Some(b' ' | b'\t' | b'\r'));
    // After a whole puzzle, a comma or semicolon starts a note too (`PUZZLE;11.9`).
    let note_follows = blank_or_end || next.is_some_and(|b| is_note_delimiter(char::from(b)));
    if run == CELLS && note_follows {
        let companion = leading_grid(&line[start + run..]);
        let grid = Grid::from_cells(cells).expect("cells are 0-9");
        return Line::Puzzle(grid, companion);
    }
    let error = match next {
        _ if blank_or_end && run <= *ROW_CELLS.end() => {
            return classify_grid_row(line, start, row);
        }
        _ if blank_or_end => ParseError::WrongCellCount { found: run },
        _ => invalid_character(line, start + run),
    };
    Line::Bad {
        error,
        fit: BadFit::Alone,
    }
}

/// The grid at the start of an annotation (after its leading whitespace, or a comma or
/// semicolon), if it is one: exactly 81 cells, then the end, whitespace, a comma or a semicolon.
fn leading_grid(annotation: &[u8]) -> Option<Grid> {
    let between = |b: &u8| b.is_ascii_whitespace() || is_note_delimiter(char::from(*b));
    let start = annotation.iter().position(|b| !between(b))?;
    let text = &annotation[start..];
    let (run, cells) = leading_cells(text);
    let ends = text.get(run).is_none_or(between);
    (run == CELLS && ends).then(|| Grid::from_cells(cells).expect("cells are 0-9"))
}

/// True for a line that holds nine cells once each character other than a separator or
/// whitespace counts as one: a grid's first row with a stray character in place of a cell
/// (`5 3 x | . 7 . | . . .`), which is held as the start of its grid.
fn is_row_with_strays(text: &[u8]) -> bool {
    String::from_utf8_lossy(text)
        .chars()
        .filter(|&c| !(c.is_whitespace() || crate::markup::is_separator(c)))
        .count()
        == 9
}

/// A line that may be a grid row (cells with separators between them), a border, or 81 cells
/// spaced out.
fn classify_grid_row(line: &[u8], start: usize, row: Option<usize>) -> Line {
    let mut cells = [0u8; CELLS];
    let mut found = 0;
    for (offset, &byte) in line[start..].iter().enumerate() {
        if let Some(value) = cell_value(byte) {
            if found < CELLS {
                cells[found] = value;
            }
            found += 1;
        } else if !is_separator(byte) && byte != b'\r' {
            if is_border(&line[start..]) {
                return Line::Skip;
            }
            // Outside a grid, a row with a stray character in place of a cell starts one, so
            // that its other rows are not read as a grid of their own.
            let fit = match row {
                None if is_row_with_strays(&line[start..]) => BadFit::Row,
                _ => BadFit::InGrid,
            };
            return Line::Bad {
                error: invalid_character(line, start + offset),
                fit,
            };
        }
    }
    // Words of several digits: a row of pencil marks, not of cells.
    let marks = match found {
        0 | 9 | CELLS => None,
        _ => marks_row(&line[start..]),
    };
    if let Some(marks) = marks {
        return Line::Row(GridRow::Marks(marks));
    }
    // A row of pencil marks with a word too many or too few (more digits than a row of cells
    // holds) spoils only its grid.
    let words = match found {
        10.. if found != CELLS => {
            marks_row_length(&line[start..]).filter(|words| ROW_CELLS.contains(words))
        }
        _ => None,
    };
    if let Some(found) = words {
        return Line::Bad {
            error: ParseError::GridRowLength {
                row: row.unwrap_or(1),
                found,
            },
            fit: BadFit::Row,
        };
    }
    match found {
        0 => Line::Skip,
        9 => Line::Row(GridRow::Cells(cells[..9].try_into().expect("nine cells"))),
        // Corners drawn as blanks (`*-----*`, `.---.---.`).
        _ if is_border(&line[start..]) => Line::Skip,
        CELLS => Line::Puzzle(Grid::from_cells(cells).expect("cells are 0-9"), None),
        _ if row.is_some() || starts_grid(found) => Line::Bad {
            error: ParseError::GridRowLength {
                row: row.unwrap_or(1),
                found,
            },
            fit: BadFit::Row,
        },
        _ => Line::Bad {
            error: ParseError::WrongCellCount { found },
            fit: BadFit::Alone,
        },
    }
}

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `reader`, which it reads line by line.
    pub fn new(reader: R) -> PuzzleReader<R> {
        PuzzleReader {
            lines: LineReader::of_puzzles(reader, MAX_LINE),
            grid: None,
            blocks: None,
            pending: None,
            finished: false,
            line_alone: false,
            odd_first_rows_after: None,
        }
    }

    /// The same reader, except that after line `line`, a line that would begin a 9x9 grid with
    /// a faulty row (a cell too many or too few, a stray symbol) is a record of its own rather
    /// than held for the grid's other rows: for a reader that hands such lines over to a
    /// reader of other sizes, to which they may be the first row of a 6x6 or 16x16 grid (see
    /// [`PuzzleReader::gave_line_alone`]). Up to `line`, such a line is held as ever.
    #[must_use]
    pub fn giving_odd_first_rows_after(self, line: u64) -> PuzzleReader<R> {
        PuzzleReader {
            odd_first_rows_after: Some(line),
            ..self
        }
    }

    /// True when the record given last is the line read last, alone (not a row of a grid), and
    /// nothing else read is in hand: the input can be taken up again from that line by another
    /// reader, through [`PuzzleReader::into_lines`] and [`LineReader::into_rest`].
    pub fn gave_line_alone(&self) -> bool {
        self.line_alone
            && self.pending.is_none()
            && self.grid.is_none()
            && self.blocks.is_none()
            && !self.finished
    }

    /// The reader of its lines, where it stands.
    pub fn into_lines(self) -> LineReader<R> {
        self.lines
    }

    /// The current line as text, for an error report.
    fn line_text(&self) -> String {
        String::from_utf8_lossy(self.lines.line()).into_owned()
    }

    /// `error`, found on the current line, with its column counted on the line as written.
    fn as_written(&self, error: ParseError) -> ParseError {
        match error {
            ParseError::InvalidCharacter { found, column } => ParseError::InvalidCharacter {
                found,
                column: self.lines.column_as_written(column),
            },
            ParseError::InvalidByte { byte, column } => ParseError::InvalidByte {
                byte,
                column: self.lines.column_as_written(column),
            },
            error => error,
        }
    }

    /// The record for the current line when it is a puzzle or a malformed one.
    fn record(&self, puzzle: Result<Grid, ParseError>) -> Record {
        let puzzle = puzzle.map_err(|error| InvalidPuzzle {
            text: self.line_text(),
            error: self.as_written(error),
        });
        Record::new(self.lines.number(), puzzle)
    }

    /// Handles one line; returns the record it completes, if any.
    fn take_line(&mut self) -> Option<Record> {
        let line = self.classify_line();
        if !matches!(line, Line::Blocks(_) | Line::Skip)
            && let Some(cut_short) = self.end_blocks()
        {
            self.pending = self.take_classified(line);
            return Some(cut_short);
        }
        self.take_classified(line)
    }

    /// What the current line is.
    fn classify_line(&self) -> Line {
        // A comment is skipped whatever its length.
        if self.lines.is_too_long() && !self.lines.line().trim_ascii_start().starts_with(b"#") {
            return Line::Bad {
                error: ParseError::LineTooLong { max: MAX_LINE },
                fit: BadFit::Alone,
            };
        }
        let row = self.grid.as_ref().map(|grid| grid.rows + 1);
        classify(self.lines.line(), row)
    }

    /// Handles the current line, once classified as `line`; returns the record it completes,
    /// if any.
    fn take_classified(&mut self, line: Line) -> Option<Record> {
        self.line_alone = matches!(
            line,
            Line::Puzzle(..)
                | Line::Marks(_)
                | Line::Bad {
                    fit: BadFit::Alone,
                    ..
                }
        ) || matches!(line, Line::Bad { fit: BadFit::InGrid, .. } if self.grid.is_none());
        match line {
            Line::Skip => None,
            Line::Blocks(parts) => self.add_block_line(parts),
            Line::Blank => self.grid.take().map(PartialGrid::into_record),
            Line::Puzzle(grid, companion) => {
                let record = Record {
                    companion: companion.map(Box::new),
                    ..self.record(Ok(grid))
                };
                self.finish_grid_before(record)
            }
            Line::Marks(marks) => {
                let invalid = InvalidPuzzle {
                    text: candidate_text(&marks),
                    error: ParseError::PencilMarks,
                };
                let record = Record::new(self.lines.number(), Err(invalid));
                self.finish_grid_before(record)
            }
            Line::Bad {
                error,
                fit: BadFit::Alone,
            } => {
                let record = self.record(Err(error));
                self.finish_grid_before(record)
            }
            Line::Row(row) => self.add_row(Ok(row)),
            Line::Bad {
                error,
                fit: BadFit::Row,
            } if self.grid.is_none()
                && self
                    .odd_first_rows_after
                    .is_some_and(|after| self.lines.number() > after) =>
            {
                self.line_alone = true;
                Some(self.record(Err(error)))
            }
            Line::Bad {
                error,
                fit: BadFit::Row,
            } => self.add_row(Err(error)),
            Line::Bad {
                error,
                fit: BadFit::InGrid,
            } if self.grid.is_some() => self.add_row(Err(error)),
            Line::Bad { error, .. } => Some(self.record(Err(error))),
        }
    }

    /// Adds a line of candidate blocks, or one with a typo, to the grid of them in progress
    /// (starting one, and ending any grid of cells); returns the grid's record once it has its
    /// 27 lines.
    fn add_block_line(&mut self, parts: Result<[BlockPart; 9], ParseError>) -> Option<Record> {
        let line = self.lines.number();
        let ended = self.grid.take().map(PartialGrid::into_record);
        let parts = parts.map_err(|error| InvalidPuzzle {
            text: self.line_text(),
            error: self.as_written(error),
        });
        let blocks = self.blocks.get_or_insert_with(|| PartialBlocks {
            start: line,
            grid: BlockGrid::new(),
            fault: None,
        });
        let parts = parts.unwrap_or_else(|typo| {
            blocks.fault.get_or_insert((line, typo));
            [BlockPart::Empty; 9]
        });
        let whole = match blocks.grid.add(parts) {
            Some(marks) => self
                .blocks
                .take()
                .map(|blocks| blocks.into_record(Some(marks))),
            None => None,
        };
        match ended {
            Some(grid) => {
                self.pending = whole;
                Some(grid)
            }
            None => whole,
        }
    }

    /// The record of a grid of candidate blocks cut short, if one was being read.
    fn end_blocks(&mut self) -> Option<Record> {
        Some(self.blocks.take()?.into_record(None))
    }

    /// Returns `record`, first ending any grid in progress (which is then incomplete).
    fn finish_grid_before(&mut self, record: Record) -> Option<Record> {
        match self.grid.take() {
            Some(grid) => {
                self.pending = Some(record);
                Some(grid.into_record())
            }
            None => Some(record),
        }
    }

    /// Adds a row, good or bad, to the grid in progress (starting one if needed); returns the
    /// grid once it has nine rows.
    fn add_row(&mut self, row: Result<GridRow, ParseError>) -> Option<Record> {
        let line_number = self.lines.number();
        let row = row.map_err(|error| self.as_written(error));
        // The line's text is kept only where it may be shown: a row of cells needs none.
        let text = match row {
            Ok(GridRow::Cells(_)) => String::new(),
            _ => self.line_text(),
        };
        let grid = self
            .grid
            .get_or_insert_with(|| PartialGrid::new(line_number));
        let at = 9 * grid.rows..9 * grid.rows + 9;
        match row {
            Ok(GridRow::Cells(cells)) => {
                grid.cells[at.clone()].copy_from_slice(&cells);
                for (marks, &digit) in grid.marks[at].iter_mut().zip(&cells) {
                    *marks = marks_of_cell(digit);
                }
                grid.has_blank |= cells.contains(&0);
            }
            Ok(GridRow::Marks(marks)) => {
                grid.marks[at].copy_from_slice(&marks);
                let found = marks.iter().map(|m| m.count_ones() as usize).sum();
                let error = ParseError::GridRowLength {
                    row: grid.rows + 1,
                    found,
                };
                grid.first_marks
                    .get_or_insert((line_number, InvalidPuzzle { text, error }));
            }
            Err(error) => {
                grid.fault
                    .get_or_insert((line_number, InvalidPuzzle { text, error }));
            }
        }
        grid.rows += 1;
        if grid.rows == 9 {
            return self.grid.take().map(PartialGrid::into_record);
        }
        None
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        loop {
            if let Some(record) = self.pending.take() {
                return Some(Ok(record));
            }
            if self.finished {
                return None;
            }
            match self.lines.advance() {
                Err(e) => {
                    self.finished = true;
                    return Some(Err(e));
                }
                Ok(false) => {
                    self.finished = true;
                    let grid = self.grid.take().map(PartialGrid::into_record);
                    return grid.or_else(|| self.end_blocks()).map(Ok);
                }
                Ok(true) => {
                    if let Some(record) = self.take_line() {
                        return Some(Ok(record));
                    }
                }
            }
        }
    }
}

/// Reads one puzzle, in either layout the reader accepts.
impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse_one(text)
    }
}

/// Reads exactly one puzzle from `text`, in either layout.
pub fn parse_one(text: &str) -> Result<Grid, ParseError> {
    let mut records =
        PuzzleReader::new(text.as_bytes()).map(|r| r.expect("reading from memory cannot fail"));
    let first = records
        .next()
        .ok_or(ParseError::NotOnePuzzle { found: 0 })?;
    let more = records.count();
    if more > 0 {
        return Err(ParseError::NotOnePuzzle { found: 1 + more });
    }
    first.puzzle.map_err(|invalid| invalid.error)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn records(text: &str) -> Vec<(u64, Result<String, ParseError>)> {
        PuzzleReader::new(text.as_bytes())
            .map(|r| {
                let r = r.unwrap();
                (r.line, r.puzzle.map(|g| g.to_string()).map_err(|i| i.error))
            })
            .collect()
    }

    fn grid_text(puzzle: &str) -> String {
        puzzle.parse::<Grid>().unwrap().block().to_string()
    }

    #[test]
    fn reads_one_line_puzzles_with_every_blank() {
        let zeros = PUZZLE.replace('.', "0");
        let mixed = PUZZLE.replacen('.', "_", 3).replacen('.', "*", 3);
        let text = format!("{PUZZLE}\n{zeros}\n{mixed}\n");
        let found = records(&text);
        assert_eq!(found.len(), 3);
        for (i, (line, puzzle)) in found.into_iter().enumerate() {
            assert_eq!(line, i as u64 + 1);
            assert_eq!(puzzle.unwrap(), PUZZLE);
        }
    }

    #[test]
    fn annotations_after_whitespace_a_comma_or_a_semicolon_are_ignored() {
        let text = format!("{PUZZLE}\t11.9/1.2/1.2\n{PUZZLE} # hard one\n{PUZZLE};11.9;x\n");
        assert!(
            records(&text)
                .iter()
                .all(|(_, p)| p.as_deref() == Ok(PUZZLE))
        );
    }

    #[test]
    fn comments_blank_lines_crlf_and_bom_are_fine() {
        let text = format!("\u{feff}# a comment\r\n\r\n{PUZZLE}\r\n\n# end\n{PUZZLE}");
        assert_eq!(
            records(&text),
            vec![(3, Ok(PUZZLE.to_string())), (6, Ok(PUZZLE.to_string()))]
        );
    }

    #[test]
    fn reads_boxed_and_plain_grids() {
        let boxed = grid_text(PUZZLE);
        let plain: String = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
            .collect();
        let bordered = format!("+-------+-------+-------+\n{}+-------+\n", boxed);
        let text = format!("{boxed}\n{plain}\n{bordered}{PUZZLE}\n");
        let found = records(&text);
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(found.iter().all(|(_, p)| p.as_deref() == Ok(PUZZLE)));
        assert_eq!(found[0].0, 1);
        assert_eq!(found[1].0, 13);
    }

    #[test]
    fn a_grid_of_pencil_marks_is_a_candidate_state() {
        // Row r: every cell holds r + 1 and the cell's column digit, but row 5 is solved (its
        // cells written as single digits, as HoDoKu writes a solved row).
        let marks = |r: usize, c: usize| -> String {
            let mut digits = [r + 1, c + 1];
            digits.sort();
            match (r, digits[0] == digits[1]) {
                (4, _) => (c + 1).to_string(),
                (_, true) => digits[0].to_string(),
                _ => format!("{}{}", digits[0], digits[1]),
            }
        };
        let row = |r: usize| -> String {
            let cells: Vec<String> = (0..9).map(|c| format!("{:<3}", marks(r, c))).collect();
            format!(
                "| {} | {} | {} |\n",
                cells[..3].concat(),
                cells[3..6].concat(),
                cells[6..].concat()
            )
        };
        let border = ".-----------.-----------.-----------.\n";
        let grid: String = std::iter::once(border.to_string())
            .chain((0..9).map(row))
            .chain([border.to_string(), format!("{PUZZLE}\n")])
            .collect();
        let mut reader = PuzzleReader::new(grid.as_bytes());
        let record = reader.next().unwrap().unwrap();
        assert_eq!(record.line, 2);
        let invalid = record.puzzle.unwrap_err();
        assert_eq!(invalid.error, ParseError::PencilMarks);
        let expected: String = (0..81)
            .map(|cell| {
                let held = marks(cell / 9, cell % 9);
                (1..=9)
                    .map(|d| match held.contains(char::from(b'0' + d)) {
                        true => char::from(b'0' + d),
                        false => '.',
                    })
                    .collect::<String>()
            })
            .collect();
        assert_eq!(invalid.candidate_text(), Some(expected.as_str()));
        // The puzzle after it is read as ever.
        let next = reader.next().unwrap().unwrap();
        assert_eq!(
            next.puzzle.map(|grid| grid.to_string()),
            Ok(PUZZLE.to_string())
        );
        // A row of eight words of marks (row 2 without its first cell) spoils its grid alone,
        // and a line of 81 cells in nine words is still a puzzle.
        let short = grid.replacen("| 12 ", "| ", 1);
        let found = records(&short);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            matches!(found[0], (3, Err(ParseError::GridRowLength { row: 2, .. }))),
            "{found:?}"
        );
        let spaced: Vec<&str> = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|w| std::str::from_utf8(w).unwrap())
            .collect();
        assert_eq!(records(&spaced.join(" ")), [(1, Ok(PUZZLE.to_string()))]);
        // In a grid with blanks, a row of nine words one of which has two digits is a row with
        // a cell too many, not pencil marks.
        let typo = grid_text(PUZZLE).replacen("5 3 .", "5 31 .", 1);
        assert_eq!(
            records(&typo),
            [(1, Err(ParseError::GridRowLength { row: 1, found: 10 }))]
        );
    }

    #[test]
    fn reads_grids_whose_borders_have_corners_of_their_own() {
        // Simple Sudoku's `*-----------*` and `|---+---+---|`, and HoDoKu's `.---.`, `:---:` and
        // `'---'`, whose corners would otherwise be read as blank cells.
        let rows: Vec<String> = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|row| {
                let row = std::str::from_utf8(row).unwrap();
                format!("|{}|{}|{}|\n", &row[..3], &row[3..6], &row[6..])
            })
            .collect();
        let framed = |top: &str, middle: &str, bottom: &str| {
            let bands: Vec<String> = rows.chunks(3).map(|band| band.concat()).collect();
            format!(
                "{top}\n{}{middle}\n{}{middle}\n{}{bottom}\n",
                bands[0], bands[1], bands[2]
            )
        };
        let simple = framed("*-----------*", "|---+---+---|", "*-----------*");
        let hodoku = framed(".---.---.---.", ":---+---+---:", "'---'---'---'");
        let found = records(&format!("{simple}{hodoku}{PUZZLE}\n"));
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found.iter().all(|(_, p)| p.as_deref() == Ok(PUZZLE)));
        assert_eq!(
            found[1].0, 15,
            "a grid is found at its first row, under its border"
        );
    }

    #[test]
    fn eighty_two_cells_is_an_error() {
        let text = format!("{PUZZLE}5\n{PUZZLE}\n");
        assert_eq!(
            records(&text),
            vec![
                (1, Err(ParseError::WrongCellCount { found: 82 })),
                (2, Ok(PUZZLE.to_string()))
            ]
        );
        // A comment is a comment at any length.
        let text = format!(" # {}\n{PUZZLE}\n", "1".repeat(MAX_LINE + 10));
        assert_eq!(records(&text), vec![(2, Ok(PUZZLE.to_string()))]);
    }

    #[test]
    fn short_lines_report_their_count() {
        let text = &PUZZLE[..80];
        assert_eq!(
            records(text),
            vec![(1, Err(ParseError::WrongCellCount { found: 80 }))]
        );
        assert_eq!(
            records("1234\n"),
            vec![(1, Err(ParseError::WrongCellCount { found: 4 }))]
        );
        // Ten cells are a grid row gone wrong: it starts a grid, which then ends too soon.
        assert_eq!(
            records("1234567891\n"),
            vec![(1, Err(ParseError::GridRowLength { row: 1, found: 10 }))]
        );
    }

    #[test]
    fn invalid_characters_report_their_column() {
        let text = format!("{}x{}", &PUZZLE[..40], &PUZZLE[41..]);
        assert_eq!(
            records(&text),
            vec![(
                1,
                Err(ParseError::InvalidCharacter {
                    found: 'x',
                    column: 41
                })
            )]
        );
        let text = format!("{}é{}", &PUZZLE[..10], &PUZZLE[11..]);
        assert_eq!(
            records(&text)[0].1,
            Err(ParseError::InvalidCharacter {
                found: 'é',
                column: 11
            })
        );
        let text = format!("{}|", PUZZLE);
        assert_eq!(
            records(&text)[0].1,
            Err(ParseError::InvalidCharacter {
                found: '|',
                column: 82
            })
        );
    }

    #[test]
    fn a_bad_grid_row_is_located_and_the_grid_consumed() {
        let mut lines: Vec<String> = grid_text(PUZZLE).lines().map(String::from).collect();
        lines[5] = "4 . . | 8 . 3 | . .".to_string(); // grid row 5 with 8 cells
        let text = format!("{}\n{PUZZLE}\n", lines.join("\n"));
        assert_eq!(
            records(&text),
            vec![
                (6, Err(ParseError::GridRowLength { row: 5, found: 8 })),
                (12, Ok(PUZZLE.to_string()))
            ]
        );
    }

    #[test]
    fn a_grid_cut_short_is_incomplete() {
        let rows: Vec<&str> = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|r| std::str::from_utf8(r).unwrap())
            .collect();
        let text = format!(
            "{}\n\n{}\n{PUZZLE}\n{}\n",
            rows[..4].join("\n"),
            rows[..2].join("\n"),
            rows[0]
        );
        assert_eq!(
            records(&text),
            vec![
                (1, Err(ParseError::IncompleteGrid { rows: 4 })),
                (6, Err(ParseError::IncompleteGrid { rows: 2 })),
                (8, Ok(PUZZLE.to_string())),
                (9, Err(ParseError::IncompleteGrid { rows: 1 })),
            ]
        );
    }

    #[test]
    fn a_second_grid_on_the_line_is_its_companion() {
        let solution = "1".repeat(81);
        let text = format!(
            "{PUZZLE} {solution} rated 1.2\n{PUZZLE}\t{}\n{PUZZLE} 11.9\n",
            &solution[1..]
        );
        let companions: Vec<Option<String>> = PuzzleReader::new(text.as_bytes())
            .map(|r| r.unwrap().companion.map(|g| g.to_string()))
            .collect();
        assert_eq!(companions, vec![Some(solution), None, None]);
    }

    #[test]
    fn spaced_out_cells_on_one_line() {
        let spaced: Vec<String> = PUZZLE.chars().map(String::from).collect();
        assert_eq!(records(&spaced.join(" "))[0].1.as_deref(), Ok(PUZZLE));
    }

    #[test]
    fn overlong_lines_are_reported_and_skipped() {
        let text = format!("{}\n{PUZZLE}\n", "1".repeat(MAX_LINE + 10));
        assert_eq!(
            records(&text),
            vec![
                (1, Err(ParseError::LineTooLong { max: MAX_LINE })),
                (2, Ok(PUZZLE.to_string()))
            ]
        );
    }

    proptest::proptest! {
        /// Any bytes at all: no panic, and a good puzzle after them is still found.
        #[test]
        fn arbitrary_bytes_never_stop_the_reader(bytes in proptest::collection::vec(
            proptest::prop_oneof![proptest::num::u8::ANY, proptest::sample::select(
                b"0123456789._*|-+ \t\r\n#".to_vec())],
            0..400,
        )) {
            let mut input = bytes;
            input.extend_from_slice(format!("\n\n{PUZZLE}\n").as_bytes());
            let records: Vec<Record> =
                PuzzleReader::new(input.as_slice()).map(|r| r.unwrap()).collect();
            let last = records.last().expect("the puzzle at the end is read");
            proptest::prop_assert_eq!(last.puzzle.as_ref().ok(), Some(&PUZZLE.parse().unwrap()));
        }
    }

    #[test]
    fn parse_one_wants_exactly_one() {
        assert_eq!(parse_one(PUZZLE).unwrap().to_string(), PUZZLE);
        assert_eq!(parse_one(""), Err(ParseError::NotOnePuzzle { found: 0 }));
        assert_eq!(
            parse_one(&format!("{PUZZLE}\n{PUZZLE}")),
            Err(ParseError::NotOnePuzzle { found: 2 })
        );
    }
}
