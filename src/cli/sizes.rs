//! Puzzles of other sizes than 9x9 (4x4 to 64x64): `--box` and `--alphabet`, how a record
//! holding one is told apart, and the grid type the subcommands that handle every size share.
//!
//! The 9x9 reader reads every record first; a record it cannot read as 9x9 (a line of 16,
//! 256 or 625 cells, or with letters) is read again here as a grid of another size. So 9x9
//! input goes the fast way, untouched. With `--box` naming another shape, [`SizedRecords`]
//! reads the input instead, grids over several lines included, and with an alphabet other than
//! digits named it reads the lines of every size (9x9 too); its records reach the subcommands
//! the same way, as text for [`other_size`] to read.

use std::io::{self, BufRead};
use std::time::Instant;

use clap::Args;
use sudoku_engine::lines::LineReader;
use sudoku_engine::markup::{is_border, is_note_delimiter, is_section_header, is_separator};
use sudoku_engine::parse::{MAX_LINE, utf8_text};
use sudoku_engine::sized::{self, Alphabet, Shape, SizedError, SizedGrid};
use sudoku_engine::solver::{self, SearchStats, SolutionCount};
use sudoku_engine::{Grid, InvalidPuzzle, ParseError, Record, TimedOut};

use super::offered::offered;
use super::output::Problem;
use super::sized_marks::{candidate_line, is_value, marks_words, words_of};
use super::sniff;

/// How puzzles of other sizes are read and written.
#[derive(Args, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SizeArgs {
    /// The box shape of puzzles of another size than 9x9, as ROWSxCOLUMNS of a box: 2x2 for
    /// 4x4 grids, 2x3 for 6x6, 4x4 for 16x16, 5x5 for 25x25. Without it the shape comes from the
    /// number of cells, the square of a side from 4 to 64 that is not prime (16, 36, 64, 100,
    /// 144, 225, 256, 400, 625, 900, 1296, ... 4096), with the squarest boxes, the wider box
    /// for a rectangle (2x3, not 3x2; 3x4 for 144 cells, not 2x6).
    #[arg(long = "box", value_name = "RxC", value_parser = |text: &str| text.parse::<Shape>())]
    pub shape: Option<Shape>,

    /// The symbols of the puzzles: digits (1-9 then A-Z: 1-9 and A-G for 16x16), letters (A-Z:
    /// A-I for 9x9, A-Y for 25x25), hex (0-9 then A-Z: 0-8 for 9x9, 0-9 and A-F for 16x16) or
    /// numbers (separated by spaces; any size, the only one above 35x35). Without it the
    /// alphabet comes from the symbols (digits, or numbers above 35x35, for a grid without
    /// any), and answers are written in the same one.
    #[arg(long, value_name = "NAME", ignore_case = true,
          hide_possible_values = true,
          value_parser = offered::<Alphabet>(Alphabet::ALL.map(Alphabet::name)))]
    pub alphabet: Option<Alphabet>,
}

/// True when `alphabet` (`--alphabet`, if given) names symbols the 9x9 reader does not read:
/// any alphabet but digits, in which `0` would be a blank and letters no symbols at all.
pub fn other_symbols(alphabet: Option<Alphabet>) -> bool {
    alphabet.is_some_and(|alphabet| alphabet != Alphabet::Digits)
}

impl SizeArgs {
    /// The records of `reader`, read as these arguments say: grids of the `--box` shape, as
    /// lines or over several lines, where the 9x9 reader cannot read them (another shape, or
    /// 9x9 in symbols other than digits); else as [`sniff::records`] tells them apart.
    pub fn records<'a, R: BufRead + 'a>(
        &self,
        reader: R,
    ) -> Box<dyn Iterator<Item = io::Result<Record>> + 'a> {
        match self.shape {
            Some(shape) if shape != Shape::NINE || other_symbols(self.alphabet) => {
                Box::new(SizedRecords::new(reader, shape, self.alphabet))
            }
            _ => sniff::records(reader, self.alphabet),
        }
    }
}

/// A puzzle of another size, with the alphabet it is written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizedPuzzle {
    /// The grid.
    pub grid: SizedGrid,
    /// Its symbols.
    pub alphabet: Alphabet,
}

impl SizedPuzzle {
    /// Why the givens are not a puzzle, if two clash.
    pub fn clash(&self) -> Option<Problem> {
        let conflict = self.grid.first_conflict()?;
        Some(Problem::Clash(conflict.describe(self.alphabet)))
    }

    /// The same alphabet around another grid of the same size (a solution).
    pub fn with(&self, grid: SizedGrid) -> SizedPuzzle {
        SizedPuzzle {
            grid,
            alphabet: self.alphabet,
        }
    }

    /// The grid on one line.
    pub fn line(&self) -> String {
        self.grid.to_line(self.alphabet)
    }

    /// Its first solution, found within `deadline`, adding the search's work to `stats`: a 9x9
    /// grid (in letters, say) by the faster 9x9 engine, any other by the engine of every size.
    pub fn solution_measured(
        &self,
        deadline: Option<Instant>,
        stats: &mut SearchStats,
    ) -> Result<Option<AnyGrid>, TimedOut> {
        Ok(match self.grid.to_nine() {
            Some(nine) => solver::solve_measured(&nine, deadline, stats)?
                .map(|solution| AnyGrid::Nine(solution).written_in(self.alphabet)),
            None => sized::solve_measured(&self.grid, deadline, stats)?
                .map(|solution| AnyGrid::Other(self.with(solution))),
        })
    }

    /// Counts its solutions up to `limit` within `deadline`, with the first one found, adding
    /// the search's work to `stats`: a 9x9 grid (in letters, say) by the faster 9x9 engine, any
    /// other by the engine of every size.
    pub fn count_and_first_measured(
        &self,
        limit: u64,
        deadline: Option<Instant>,
        stats: &mut SearchStats,
    ) -> Result<(SolutionCount, Option<AnyGrid>), TimedOut> {
        Ok(match self.grid.to_nine() {
            Some(nine) => {
                let (count, first) =
                    solver::count_and_first_measured(&nine, limit, deadline, stats)?;
                let first = first.map(|solution| AnyGrid::Nine(solution).written_in(self.alphabet));
                (count, first)
            }
            None => {
                let (count, first) =
                    sized::count_and_first_measured(&self.grid, limit, deadline, stats)?;
                (
                    count,
                    first.map(|solution| AnyGrid::Other(self.with(solution))),
                )
            }
        })
    }
}

/// The cells of the smallest grid above 9x9 (10x10, boxes of 2x5): a line with fewer, even
/// with a symbol 9x9 has not, is read as a bad 9x9 line.
const CELLS_ABOVE_NINE: usize = 100;

/// The puzzle of a record that the 9x9 reader could not read, when it is one of another size;
/// an error when it tried to be and failed (a symbol outside the alphabet, a count that does
/// not fit --box). None for a record that is no such attempt: its 9x9 error stands.
pub fn other_size(record: &Record, args: &SizeArgs) -> Option<Result<SizedPuzzle, Problem>> {
    let invalid = record.puzzle.as_ref().err()?;
    // A line cut short or not UTF-8 is no grid of any size, a grid cut short or with a symbol
    // not its own is refused as it is (the reader's words say why), a grid of pencil marks
    // is a candidate state, and a record of JSON without one puzzle has been read already.
    if matches!(
        invalid.error,
        ParseError::LineTooLong { .. }
            | ParseError::InvalidByte { .. }
            | ParseError::SizedIncompleteGrid { .. }
            | ParseError::SizedGridRowLength { .. }
            | ParseError::Sized(_)
            | ParseError::PencilMarks
            | ParseError::NoPuzzleField { .. }
            | ParseError::NotOnePuzzle { .. }
    ) {
        return None;
    }
    // 729 characters are a 9x9 candidate line (see `sudoku candidates`), not a 27x27 grid,
    // unless --box says so.
    if args.shape.is_none() && invalid.text.trim().chars().count() == 729 {
        return None;
    }
    let text = two_grids_in_numbers(&invalid.text, args.shape)
        .map_or(invalid.text.as_str(), |(puzzle, _)| puzzle);
    match SizedGrid::parse(text, args.shape, args.alphabet) {
        Ok((grid, alphabet)) => Some(Ok(SizedPuzzle { grid, alphabet })),
        // A line of --box's source that is neither a row nor a grid (nor a grid followed by
        // more): the reader says so, and what the counts should have been.
        Err(SizedError::WrongCellCount { .. })
            if matches!(invalid.error, ParseError::SizedCellCount { .. }) =>
        {
            None
        }
        // No shape fits the count: an ordinary bad 9x9 line (digits, a cell too many or too
        // few), unless it is longer than the next size's and holds a symbol 9x9 has not: then
        // it was meant as another size, and its count is what is wrong.
        Err(SizedError::NoShape { found })
            if found < CELLS_ABOVE_NINE
                || !matches!(invalid.error, ParseError::InvalidCharacter { .. }) =>
        {
            None
        }
        // Text with 81 cells that is no 9x9 puzzle: the 9x9 reader's words say it best,
        // unless the alphabet named is not its digits.
        Err(SizedError::InvalidSymbol { size: 9, .. })
            if args.shape.is_none() && !other_symbols(args.alphabet) =>
        {
            None
        }
        Err(error) => Some(Err(Problem::InvalidSized(error))),
    }
}

/// The grid written after the puzzle on a record's line (`sudoku solve --show puzzle` writes
/// `PUZZLE SOLUTION`), read with the puzzle's shape and alphabet: the second word where the
/// cells are one word each, or the second half of the words in numbers.
pub fn other_size_companion(
    record: &Record,
    puzzle: &SizedPuzzle,
) -> Option<Result<SizedPuzzle, Problem>> {
    let invalid = record.puzzle.as_ref().err()?;
    let shape = Some(puzzle.grid.shape());
    let second = match two_grids_in_numbers(&invalid.text, shape) {
        Some((_, solution)) => solution,
        None => {
            // Split as the 9x9 reader splits `PUZZLE SOLUTION`: at blanks, commas, semicolons.
            let mut words = invalid
                .text
                .split(|c: char| c.is_whitespace() || is_note_delimiter(c))
                .filter(|word| !word.is_empty());
            let (first, second) = (words.next()?, words.next()?);
            if first.chars().count() != puzzle.grid.cells().len() {
                return None;
            }
            second
        }
    };
    Some(
        SizedGrid::parse(second, shape, Some(puzzle.alphabet))
            .map(|(grid, alphabet)| SizedPuzzle { grid, alphabet })
            .map_err(Problem::InvalidSized),
    )
}

/// The two grids of a line of numbers that holds twice a grid's cells (`PUZZLE SOLUTION`, as
/// `solve --show puzzle` writes grids above 35x35), as the two parts of `text`: of `shape` if
/// given. No grid has half as many cells as another (a square is never twice a square), so a
/// single grid is never taken for two.
fn two_grids_in_numbers(text: &str, shape: Option<Shape>) -> Option<(&str, &str)> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let half = words.len() / 2;
    let fits = match shape {
        Some(shape) => shape.cells() == half,
        None => Shape::for_cells(half).is_some(),
    };
    if half < 2 || !words.len().is_multiple_of(2) || !fits {
        return None;
    }
    // Where the second grid's first word starts in `text`.
    let split = words[half].as_ptr() as usize - text.as_ptr() as usize;
    Some(text.split_at(split))
}

/// Everything that keeps `solution` from solving `puzzle` (same shape): empty cells, clashes,
/// changed givens, in words.
pub fn solution_faults(puzzle: &SizedPuzzle, solution: &SizedPuzzle) -> Vec<String> {
    let (grid, size) = (&solution.grid, solution.grid.shape().size());
    let name = |cell: usize| format!("r{}c{}", cell / size + 1, cell % size + 1);
    let symbol = |value: u8| puzzle.alphabet.symbol(usize::from(value));
    let mut faults = Vec::new();
    let empty: Vec<usize> = (0..grid.cells().len())
        .filter(|&c| grid.get(c) == 0)
        .collect();
    if let Some(&first) = empty.first() {
        let cells = if empty.len() == 1 { "cell" } else { "cells" };
        faults.push(format!(
            "{} empty {cells}, the first at {}",
            empty.len(),
            name(first)
        ));
    }
    faults.extend(
        grid.conflicts()
            .iter()
            .map(|c| c.describe(solution.alphabet)),
    );
    for (cell, (&given, &found)) in puzzle.grid.cells().iter().zip(grid.cells()).enumerate() {
        if given != 0 && found != 0 && given != found {
            let (given, found) = (symbol(given), symbol(found));
            faults.push(format!(
                "{}: the puzzle gives {given}, the solution has {found}",
                name(cell)
            ));
        }
    }
    faults
}

/// A grid of any size, as the subcommands that handle every size print it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGrid {
    /// The 9x9 grid of the fast path.
    Nine(Grid),
    /// Any other.
    Other(SizedPuzzle),
}

impl AnyGrid {
    /// The grid on one line.
    pub fn line(&self) -> String {
        match self {
            AnyGrid::Nine(grid) => grid.to_string(),
            AnyGrid::Other(sized) => sized.line(),
        }
    }

    /// The grid written in `alphabet`: a 9x9 grid in another alphabet than digits becomes a
    /// grid of the general kind, which writes any alphabet.
    pub fn written_in(self, alphabet: Alphabet) -> AnyGrid {
        match self {
            AnyGrid::Nine(grid) if alphabet != Alphabet::Digits => AnyGrid::Other(SizedPuzzle {
                grid: SizedGrid::from_nine(&grid),
                alphabet,
            }),
            grid => grid,
        }
    }

    /// The grid as rows with box separators, ending with a newline.
    pub fn block(&self) -> String {
        match self {
            AnyGrid::Nine(grid) => grid.block().to_string(),
            AnyGrid::Other(sized) => sized.grid.to_block(sized.alphabet),
        }
    }
}

/// The records of a source of grids of one shape other than 9x9 (`--box`): a line holding all
/// the cells, or a grid of one line per row (separators `|`, `+`, `-` and spaces allowed, lines
/// of separators only skipped, a blank line ending a grid). Or, without a shape, a record a
/// line, of any size. Each record carries its text for [`other_size`] to read, as the 9x9
/// reader's refused records do.
pub struct SizedRecords<R> {
    reader: LineReader<R>,
    /// The shape of the grids; none for one-line grids of any size.
    shape: Option<Shape>,
    /// `--alphabet`, if given.
    alphabet: Option<Alphabet>,
    numbers: bool,
    /// The grid being read.
    grid: Option<RowsRead>,
    /// A record found while a grid was ended by it, to give next.
    pending: Option<Record>,
    finished: bool,
    /// The line read last made a record of its own (not a row of a grid).
    line_alone: bool,
    /// The shape was told by the source's rows, not by --box: a grid whose rows all have
    /// another length is a grid of that size (see [`SizedRecords::reshaping`]).
    reshapes: bool,
}

/// The rows of a grid of another size read so far.
struct RowsRead {
    /// The line of its first row.
    line: u64,
    /// Each row's text.
    rows: Vec<String>,
    /// Some row is a row of pencil marks (see [`marks_words`]): the grid is a candidate state.
    marks: bool,
    /// The first row with a cell too many or too few: its line, its text and the error.
    fault: Option<(u64, String, ParseError)>,
}

/// True when a line of `cells` cells is a row of a grid of side `size` typed with a cell or a
/// few too many or too few (up to a third of the side, one at least), rather than a line of
/// its own: it then spoils only its grid, whose other rows stay with it.
pub fn is_near_row(cells: usize, size: usize) -> bool {
    cells != size && cells.abs_diff(size) <= (size / 3).max(1)
}

impl<R: BufRead> SizedRecords<R> {
    /// Records of `shape` from `reader`; `alphabet` says whether cells are numbers.
    pub fn new(reader: R, shape: Shape, alphabet: Option<Alphabet>) -> SizedRecords<R> {
        let numbers = alphabet == Some(Alphabet::Numbers)
            || (alphabet.is_none() && !Alphabet::Digits.fits(shape.size()));
        SizedRecords {
            shape: Some(shape),
            numbers,
            ..SizedRecords::lines(reader, alphabet)
        }
    }

    /// One-line grids of any size from `reader`, written in `alphabet`: the way to read text
    /// in another alphabet than digits, which the 9x9 reader would take for digits (`0` as a
    /// blank, not hex's first symbol).
    pub fn lines(reader: R, alphabet: Option<Alphabet>) -> SizedRecords<R> {
        SizedRecords {
            reader: LineReader::of_puzzles(reader, MAX_LINE),
            shape: None,
            alphabet,
            numbers: alphabet == Some(Alphabet::Numbers),
            grid: None,
            pending: None,
            finished: false,
            line_alone: false,
            reshapes: false,
        }
    }

    /// The same records, the shape having been told by the source's rows rather than by --box:
    /// a grid whose rows all hold as many cells as it has rows, another side than the shape's
    /// (a 4x4 grid after 6x6 ones, which would otherwise be rows of a 6x6 grid with cells
    /// missing), is read as a grid of its own size.
    pub fn reshaping(self) -> SizedRecords<R> {
        SizedRecords {
            reshapes: true,
            ..self
        }
    }

    /// With [`SizedRecords::reshaping`], the record of `rows` (from `line` on) when they all
    /// hold as many cells as there are of them, a side with boxes: a 9x9 puzzle, or a grid of
    /// another size on one line for [`other_size`] to read.
    fn grid_of_its_own_size(&self, line: u64, rows: &[String], marks: bool) -> Option<Record> {
        let side = rows.len();
        let square = rows.iter().all(|row| cells_in(row, self.numbers) == side);
        if !self.reshapes || marks || !square || Shape::for_cells(side * side).is_none() {
            return None;
        }
        let text = one_line(rows, self.numbers);
        Some(match side {
            9 => match text.parse::<Grid>() {
                Ok(grid) => Record::new(line, Ok(grid)),
                Err(error) => record(line, text, error),
            },
            _ => record(
                line,
                text,
                ParseError::WrongCellCount { found: side * side },
            ),
        })
    }

    /// True when the record given last is the line read last, a line of the wrong length
    /// alone (not a row of a grid), and nothing else read is in hand: the input can be taken up
    /// again from that line by another reader, through [`SizedRecords::into_lines`] and
    /// [`LineReader::into_rest`].
    pub fn gave_line_alone(&self) -> bool {
        self.line_alone && self.pending.is_none() && self.grid.is_none() && !self.finished
    }

    /// The reader of its lines, where it stands.
    pub fn into_lines(self) -> LineReader<R> {
        self.reader
    }

    /// The line read last as text; or, when it is no row (too long, or not UTF-8), what was
    /// kept of it and why.
    fn line_text(&self) -> Result<String, (String, ParseError)> {
        let bytes = self.reader.line();
        // A comment is skipped whatever its length, as the 9x9 reader skips it.
        if self.reader.is_too_long() && !bytes.trim_ascii_start().starts_with(b"#") {
            let text = String::from_utf8_lossy(bytes).into_owned();
            return Err((text, ParseError::LineTooLong { max: MAX_LINE }));
        }
        match utf8_text(bytes) {
            Ok(text) => Ok(text.to_string()),
            Err(error) => Err((String::from_utf8_lossy(bytes).into_owned(), error)),
        }
    }

    /// The record of the grid in progress, complete or not.
    fn end_grid(&mut self) -> Option<Record> {
        let RowsRead {
            line,
            rows,
            marks,
            fault,
        } = self.grid.take()?;
        if let Some((fault_line, text, error)) = fault {
            let own_size = self.grid_of_its_own_size(line, &rows, marks);
            return Some(own_size.unwrap_or_else(|| record(fault_line, text, error)));
        }
        let shape = self
            .shape
            .expect("only a shape has grids over several lines");
        let complete = rows.len() == shape.size();
        if complete && marks {
            // A candidate state, read by `sized_candidates`; or refused here, naming the
            // first symbol that is not the grid's.
            return Some(
                match candidate_line(&rows, shape, self.alphabet, self.numbers) {
                    Ok(text) => record(line, text, ParseError::PencilMarks),
                    Err(error) => record(line, rows.join(" "), ParseError::Sized(error)),
                },
            );
        }
        let error = match complete {
            true => ParseError::WrongCellCount {
                found: shape.cells(),
            },
            false => ParseError::SizedIncompleteGrid {
                rows: rows.len(),
                size: shape.size(),
            },
        };
        // An incomplete grid is refused as it is; a complete one is read by `other_size`, and
        // shown on one line where the puzzle is shown.
        let text = match complete {
            true => one_line(&rows, self.numbers),
            false => rows.join(" "),
        };
        Some(record(line, text, error))
    }

    /// How many cells a line of `cells` cells that is no row of `shape` holds when it is a row
    /// typed with a cell or a few too many or too few ([`is_near_row`]): counted in words in a
    /// grid of pencil marks (or on a line with a value in parentheses), else in cells; None for
    /// a line of its own (a whole puzzle, say).
    fn faulty_row_length(&self, text: &str, cells: usize, shape: Shape) -> Option<usize> {
        let in_marks =
            self.grid.as_ref().is_some_and(|grid| grid.marks) || words_of(text).any(is_value);
        let found = match in_marks {
            true => words_of(text).count(),
            false => cells,
        };
        (is_near_row(found, shape.size()) && found != shape.cells()).then_some(found)
    }

    /// The record of a line that is not a row, given after the grid it interrupts (if any,
    /// which is given first).
    fn after_grid(&mut self, text: String, error: ParseError) -> Record {
        let this = record(self.reader.number(), text, error);
        match self.end_grid() {
            Some(grid) => {
                self.pending = Some(this);
                grid
            }
            None => this,
        }
    }
}

/// A record holding `text` for [`other_size`] to read.
fn record(line: u64, text: String, error: ParseError) -> Record {
    Record::new(line, Err(InvalidPuzzle { text, error }))
}

impl<R: BufRead> Iterator for SizedRecords<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        loop {
            if let Some(record) = self.pending.take() {
                return Some(Ok(record));
            }
            if self.finished {
                return None;
            }
            match self.reader.advance() {
                Err(error) => {
                    self.finished = true;
                    return Some(Err(error));
                }
                Ok(false) => {
                    self.finished = true;
                    return self.end_grid().map(Ok);
                }
                Ok(true) => self.line_alone = false,
            }
            let line = match self.line_text() {
                Ok(text) => text,
                Err((text, error)) => return Some(Ok(self.after_grid(text, error))),
            };
            let text = line.trim_start_matches('\u{feff}').trim();
            if text.starts_with('#') || is_section_header(text.as_bytes()) {
                continue;
            }
            if text.is_empty() {
                if let Some(grid) = self.end_grid() {
                    return Some(Ok(grid));
                }
                continue;
            }
            let cells = cells_in(text, self.numbers);
            if cells == 0 || is_border(text.as_bytes()) {
                continue;
            }
            let Some(shape) = self.shape else {
                let error = ParseError::WrongCellCount { found: cells };
                self.line_alone = true;
                return Some(Ok(record(self.reader.number(), text.to_string(), error)));
            };
            let size = shape.size();
            let marks = marks_words(text, self.numbers).is_some_and(|words| words.len() == size);
            let faulty = match cells == size || marks {
                true => None,
                false => self.faulty_row_length(text, cells, shape),
            };
            if cells == size || marks || faulty.is_some() {
                let line = self.reader.number();
                let grid = self.grid.get_or_insert_with(|| RowsRead {
                    line,
                    rows: Vec::new(),
                    marks: false,
                    fault: None,
                });
                if let Some(found) = faulty {
                    let row = grid.rows.len() + 1;
                    let error = ParseError::SizedGridRowLength { row, found, size };
                    grid.fault.get_or_insert((line, text.to_string(), error));
                }
                grid.rows.push(text.to_string());
                grid.marks |= marks;
                if grid.rows.len() == size {
                    return self.end_grid().map(Ok);
                }
                continue;
            }
            // A whole puzzle on a line, or a line of the wrong length: a record of its own,
            // after the grid it interrupts.
            let error = match cells == shape.cells() {
                true => ParseError::WrongCellCount { found: cells },
                false => ParseError::SizedCellCount { found: cells, size },
            };
            self.line_alone = true;
            return Some(Ok(self.after_grid(text.to_string(), error)));
        }
    }
}

/// How many cells a line holds: its words in numbers, else its characters, the separators
/// `|`, `+` and `-` left out either way.
pub fn cells_in(line: &str, numbers: bool) -> usize {
    cells_of(line, numbers).count()
}

/// The cells of a line: its words in numbers, else its characters, without the separators
/// `|`, `+` and `-`.
pub fn cells_of(line: &str, numbers: bool) -> impl Iterator<Item = &str> {
    line.split_whitespace()
        .filter(move |word| !word.chars().all(is_separator))
        .flat_map(move |word| {
            // A word is a cell in numbers; else each of its characters but separators is.
            let whole = std::iter::once(word).filter(move |_| numbers);
            whole.chain(word.matches(move |c: char| !numbers && !is_separator(c)))
        })
}

/// The rows of a grid as one line, as a grid of its size is written on one: its cells one
/// after the other, numbers separated by spaces.
fn one_line(rows: &[String], numbers: bool) -> String {
    let cells = rows.iter().flat_map(|row| cells_of(row, numbers));
    match numbers {
        true => cells.collect::<Vec<_>>().join(" "),
        false => cells.collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_comment_is_skipped_at_any_length_and_another_long_line_named() {
        let shape = Shape::new(2, 2).unwrap();
        let long = "1".repeat(MAX_LINE + 10);
        let text = format!("# {long}\n{long}\n..1..2.34.......\n");
        let records: Vec<(u64, ParseError)> = SizedRecords::new(text.as_bytes(), shape, None)
            .map(|record| {
                let record = record.unwrap();
                (record.line, record.puzzle.unwrap_err().error)
            })
            .collect();
        assert_eq!(
            records,
            [
                (2, ParseError::LineTooLong { max: MAX_LINE }),
                (3, ParseError::WrongCellCount { found: 16 })
            ]
        );
    }

    proptest! {
        /// Whatever the bytes, reading them gives records only (never an error that would end
        /// the source), each at a line that is in the input, in order.
        #[test]
        fn any_bytes_read_as_records_in_order(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b'\n'), Just(b'\r'), Just(b'.'), Just(b'1'), Just(b'4'), Just(0xff), any::<u8>()],
                0..200,
            ),
            numbers in any::<bool>(),
        ) {
            // LF, CRLF and a lone CR each end a line.
            let text = String::from_utf8_lossy(&bytes).replace("\r\n", "\n");
            let lines = text.split(['\n', '\r']).count() as u64;
            let alphabet = numbers.then_some(Alphabet::Numbers);
            let shape = Shape::new(2, 2).unwrap();
            let mut last = 0;
            for record in SizedRecords::new(bytes.as_slice(), shape, alphabet) {
                let record = record.expect("in-memory input reads without error");
                prop_assert!(record.line > last && record.line <= lines, "{}", record.line);
                last = record.line;
            }
        }
    }
}
