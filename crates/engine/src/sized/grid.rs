//! A grid of any size: its cells, how it is read from text and written back.

use std::fmt::Write;

use super::{Alphabet, Shape, SizedError};
use crate::grid::{Grid, Unit};
use crate::markup::{is_note_delimiter, is_separator};

/// A grid of any [`Shape`]: one value per cell in reading order, 0 for an empty cell, 1..=N
/// for a symbol (written through an [`Alphabet`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SizedGrid {
    shape: Shape,
    cells: Vec<u8>,
}

/// A value found more than once in one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizedConflict {
    /// The unit holding the repeated value.
    pub unit: Unit,
    /// The repeated value, from 1.
    pub value: u8,
    /// Two cells of the unit holding it, as (row, column) from 0.
    pub cells: [(usize, usize); 2],
}

impl SizedConflict {
    /// `row 3: H at r3c1 and r3c7`, the value written with `alphabet`.
    pub fn describe(&self, alphabet: Alphabet) -> String {
        let [(r1, c1), (r2, c2)] = self.cells;
        format!(
            "{}: {} at r{}c{} and r{}c{}",
            self.unit,
            alphabet.symbol(usize::from(self.value)),
            r1 + 1,
            c1 + 1,
            r2 + 1,
            c2 + 1
        )
    }
}

impl SizedGrid {
    /// An empty grid of `shape`.
    pub fn empty(shape: Shape) -> SizedGrid {
        SizedGrid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its values (0 for empty); None when the count or a value does not fit.
    pub fn from_values(shape: Shape, cells: Vec<u8>) -> Option<SizedGrid> {
        let fits =
            cells.len() == shape.cells() && cells.iter().all(|&v| usize::from(v) <= shape.size());
        fits.then_some(SizedGrid { shape, cells })
    }

    /// A 9x9 grid of the 9x9 engine as a grid of this kind.
    pub fn from_nine(grid: &Grid) -> SizedGrid {
        SizedGrid {
            shape: Shape::NINE,
            cells: grid.cells().to_vec(),
        }
    }

    /// The grid as the 9x9 engine takes it, when it is 9x9 (in whatever alphabet it was
    /// written): that engine is the faster at that size.
    pub fn to_nine(&self) -> Option<Grid> {
        let cells = self.cells.as_slice().try_into().ok()?;
        (self.shape == Shape::NINE).then(|| Grid::from_cells(cells))?
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The values of every cell, in reading order (0 for empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value of a cell (0 for empty), by index in reading order.
    pub fn get(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Sets a cell's value (0 empties it).
    ///
    /// # Panics
    /// When the value is larger than the side.
    pub fn set(&mut self, index: usize, value: u8) {
        assert!(
            usize::from(value) <= self.shape.size(),
            "value {value} does not fit"
        );
        self.cells[index] = value;
    }

    /// How many cells are filled.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when every cell is filled.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first value repeated in a unit (rows, then columns, then boxes), if any.
    pub fn first_conflict(&self) -> Option<SizedConflict> {
        self.conflicts_up_to(1).pop()
    }

    /// Every value repeated in a unit, rows first, then columns, then boxes (each with the
    /// first two cells holding it).
    pub fn conflicts(&self) -> Vec<SizedConflict> {
        self.conflicts_up_to(usize::MAX)
    }

    fn conflicts_up_to(&self, limit: usize) -> Vec<SizedConflict> {
        let mut found = Vec::new();
        let size = self.shape.size();
        let units = [
            |shape: Shape, i: usize, j: usize| (i, j, Unit::Row(i as u8), shape),
            |shape: Shape, i: usize, j: usize| (j, i, Unit::Column(i as u8), shape),
            |shape: Shape, i: usize, j: usize| {
                let band = i / (shape.size() / shape.box_columns()) * shape.box_rows();
                let stack = i % (shape.size() / shape.box_columns()) * shape.box_columns();
                let row = band + j / shape.box_columns();
                let column = stack + j % shape.box_columns();
                (row, column, Unit::Box(i as u8), shape)
            },
        ];
        for cell_of in units {
            for i in 0..size {
                // For each value: the first cell holding it, and whether a conflict was reported.
                let mut seen: [Option<((usize, usize), bool)>; 65] = [None; 65];
                for j in 0..size {
                    let (row, column, unit, _) = cell_of(self.shape, i, j);
                    let value = self.cells[row * size + column];
                    if value == 0 {
                        continue;
                    }
                    match seen[usize::from(value)] {
                        Some((first, false)) => {
                            found.push(SizedConflict {
                                unit,
                                value,
                                cells: [first, (row, column)],
                            });
                            if found.len() == limit {
                                return found;
                            }
                            seen[usize::from(value)] = Some((first, true));
                        }
                        Some((_, true)) => {}
                        None => seen[usize::from(value)] = Some(((row, column), false)),
                    }
                }
            }
        }
        found
    }

    /// True when this grid is complete, has no conflict, and keeps every given of `puzzle`.
    pub fn is_solution_of(&self, puzzle: &SizedGrid) -> bool {
        self.shape == puzzle.shape
            && self.is_complete()
            && self.first_conflict().is_none()
            && puzzle
                .cells
                .iter()
                .zip(&self.cells)
                .all(|(&given, &value)| given == 0 || given == value)
    }

    /// Reads a puzzle from one record of text: its cells on one line (the first word, or
    /// one-character cells separated by spaces, or numbers separated by spaces), with or
    /// without `|`, `+` and `-` separators. The shape comes from the number of cells unless
    /// given, the alphabet from the symbols unless given (see [`Alphabet::detect`]).
    pub fn parse(
        text: &str,
        shape: Option<Shape>,
        alphabet: Option<Alphabet>,
    ) -> Result<(SizedGrid, Alphabet), SizedError> {
        let (cells, numbers) = cell_texts(text, shape, alphabet);
        let detected = shape.is_none();
        let shape = match shape {
            Some(shape) if shape.cells() == cells.len() => shape,
            Some(shape) => {
                return Err(SizedError::WrongCellCount {
                    found: cells.len(),
                    shape,
                });
            }
            None => {
                Shape::for_cells(cells.len()).ok_or(SizedError::NoShape { found: cells.len() })?
            }
        };
        let size = shape.size();
        let alphabet = match alphabet {
            Some(alphabet) => alphabet,
            None if numbers => Alphabet::Numbers,
            None => Alphabet::detect(&cells.concat(), size),
        };
        if !alphabet.fits(size) {
            return Err(SizedError::AlphabetTooSmall { alphabet, size });
        }
        let mut values = Vec::with_capacity(cells.len());
        for (index, cell) in cells.iter().enumerate() {
            let value = read_cell(cell, alphabet).filter(|&v| v <= size);
            let blank =
                cell.chars().count() == 1 && alphabet.is_blank(cell.chars().next().unwrap_or(' '));
            match value {
                _ if blank => values.push(0),
                Some(value) => values.push(value as u8),
                None => {
                    // A symbol that would fit a grid whose side is this line's cell count.
                    let count = cells.len();
                    let wider = Alphabet::detect(&cells.concat(), count);
                    let fits_wider = read_cell(cell, wider).is_some_and(|v| v <= count);
                    let row_of =
                        (detected && fits_wider && Shape::for_cells(count * count).is_some())
                            .then_some(count);
                    return Err(SizedError::InvalidSymbol {
                        row_of,
                        symbol: cell.to_string(),
                        row: index / size + 1,
                        column: index % size + 1,
                        size,
                        allowed: alphabet.describe(size),
                    });
                }
            }
        }
        Ok((
            SizedGrid {
                shape,
                cells: values,
            },
            alphabet,
        ))
    }

    /// The grid on one line: one character per cell (`.` for empty), or for
    /// [`Alphabet::Numbers`] numbers separated by spaces.
    pub fn to_line(&self, alphabet: Alphabet) -> String {
        let symbols = self.cells.iter().map(|&v| match v {
            0 => ".".to_string(),
            v => alphabet.symbol(usize::from(v)),
        });
        let separator = if alphabet == Alphabet::Numbers {
            " "
        } else {
            ""
        };
        symbols.collect::<Vec<_>>().join(separator)
    }

    /// The grid as rows of cells separated by spaces, `|` between boxes and a rule between
    /// bands, each row on its own line.
    pub fn to_block(&self, alphabet: Alphabet) -> String {
        let size = self.shape.size();
        let width = match alphabet {
            Alphabet::Numbers => size.to_string().len(),
            _ => 1,
        };
        let mut rule = String::new();
        for stack in 0..size / self.shape.box_columns() {
            if stack > 0 {
                rule.push_str("-+-");
            }
            let cells = self.shape.box_columns() * (width + 1) - 1;
            rule.push_str(&"-".repeat(cells));
        }
        let mut text = String::new();
        for row in 0..size {
            if row > 0 && row % self.shape.box_rows() == 0 {
                text.push_str(&rule);
                text.push('\n');
            }
            for column in 0..size {
                if column > 0 {
                    text.push_str(if column % self.shape.box_columns() == 0 {
                        " | "
                    } else {
                        " "
                    });
                }
                let symbol = match self.cells[row * size + column] {
                    0 => ".".to_string(),
                    v => alphabet.symbol(usize::from(v)),
                };
                let _ = write!(text, "{symbol:>width$}");
            }
            text.push('\n');
        }
        text
    }
}

/// The value of one cell's text: a number for [`Alphabet::Numbers`], else one character.
fn read_cell(cell: &str, alphabet: Alphabet) -> Option<usize> {
    match alphabet {
        Alphabet::Numbers => cell.parse().ok().filter(|&v| v > 0),
        _ => {
            let mut chars = cell.chars();
            let c = chars.next()?;
            chars.next().is_none().then(|| alphabet.value(c)).flatten()
        }
    }
}

/// True for a word made only of the separators `|`, `+` and `-`.
fn is_separator_word(word: &str) -> bool {
    word.chars().all(is_separator)
}

/// The text of each cell of a record, and whether they are whole numbers: the first word's
/// characters when they make a grid (the rest is an annotation; a comma or a semicolon may end
/// the grid too), else every word when each is
/// one character, else the words as numbers when each is a number or a blank and their count
/// makes a grid, else every character.
fn cell_texts(text: &str, shape: Option<Shape>, alphabet: Option<Alphabet>) -> (Vec<&str>, bool) {
    let words: Vec<&str> = text
        .split_whitespace()
        .filter(|word| !is_separator_word(word))
        .collect();
    let fits = |count: usize| match shape {
        Some(shape) => shape.cells() == count,
        None => Shape::for_cells(count).is_some(),
    };
    if alphabet == Some(Alphabet::Numbers) {
        return (words, true);
    }
    if let Some(first) = words.first() {
        let cells: Vec<&str> = char_cells(first);
        if fits(cells.len()) {
            return (cells, false);
        }
        // A whole grid, then a comma or semicolon and a note (`PUZZLE;rating`).
        if let Some((grid, _)) = first.split_once(is_note_delimiter) {
            let cells: Vec<&str> = char_cells(grid);
            if fits(cells.len()) {
                return (cells, false);
            }
        }
    }
    if words.iter().all(|word| word.chars().count() == 1) {
        return (words, false);
    }
    let number_or_blank =
        |word: &&str| word.chars().all(|c| c.is_ascii_digit()) || matches!(*word, "." | "_" | "*");
    if alphabet.is_none() && words.iter().all(number_or_blank) && fits(words.len()) {
        return (words, true);
    }
    (
        words.iter().flat_map(|word| char_cells(word)).collect(),
        false,
    )
}

/// The one-character cells of a word, separators left out.
fn char_cells(word: &str) -> Vec<&str> {
    word.char_indices()
        .filter(|(_, c)| !is_separator(*c))
        .map(|(at, c)| &word[at..at + c.len_utf8()])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIXTEEN: &str = "D92.....G...43..4CF.....9D.2.6EB.E.1....F.8BC..AG56.....A3C....1.7G5A8....61....2...C....B7.......AE.964..G......F9.5.7.4............29....A.C..........645D.1......D....1.C.B7F.....E.C2G...8A9B..9.G52.....EF6.256..F.....D.B.E13.6.D........7A...8BC3....954.";

    #[test]
    fn a_grid_without_its_shape_is_told_without_the_command_lines_words() {
        let error = SizedGrid::parse(&"1".repeat(110), None, None).unwrap_err();
        assert_eq!(error, SizedError::NoShape { found: 110 });
        let text = error.to_string();
        assert!(
            text.starts_with("found 110 cells: not a grid with boxes"),
            "{text}"
        );
        assert!(!text.contains("--box"), "{text}");
        // Nor a row of a larger grid read alone.
        let row = "D 9 2 B | F C A 1 | G 6 E 7 | 4 3 8 5";
        let text = SizedGrid::parse(row, None, None).unwrap_err().to_string();
        assert!(text.contains("a row of a 16x16 grid?"), "{text}");
        assert!(!text.contains("--box"), "{text}");
    }

    #[test]
    fn a_9x9_grid_goes_to_the_9x9_engine_and_back_and_no_other_size_does() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let nine: Grid = line.parse().unwrap();
        let sized = SizedGrid::from_nine(&nine);
        assert_eq!(sized.to_line(Alphabet::Digits), line);
        assert_eq!(sized.to_nine(), Some(nine));
        let (sixteen, _) = SizedGrid::parse(SIXTEEN, None, None).unwrap();
        assert_eq!(sixteen.to_nine(), None);
    }

    #[test]
    fn a_16x16_line_reads_and_writes_back() {
        let (grid, alphabet) = SizedGrid::parse(SIXTEEN, None, None).unwrap();
        assert_eq!(grid.shape(), "4x4".parse().unwrap());
        assert_eq!(alphabet, Alphabet::Digits);
        assert_eq!(grid.get(0), 13);
        assert_eq!(grid.to_line(alphabet), SIXTEEN);
        let again = SizedGrid::parse(&grid.to_block(alphabet), None, None)
            .unwrap()
            .0;
        assert_eq!(again, grid);
    }

    #[test]
    fn small_grids_read_from_spaced_cells_and_blocks() {
        let (grid, _) = SizedGrid::parse("1 . 3 . | . . . 2 3 . . . . . . 4", None, None).unwrap();
        assert_eq!(grid.shape(), "2x2".parse().unwrap());
        assert_eq!(grid.cells()[..4], [1, 0, 3, 0]);
        let block = grid.to_block(Alphabet::Digits);
        assert_eq!(
            block,
            "1 . | 3 .\n. . | . 2\n----+----\n3 . | . .\n. . | . 4\n"
        );
        let six = "1.....|......|......|......|......|.....6";
        let (grid, _) = SizedGrid::parse(six, None, None).unwrap();
        assert_eq!(grid.shape().to_string(), "2x3");
    }

    #[test]
    fn numbers_are_read_for_any_size() {
        let mut text: Vec<String> = vec![".".into(); 36 * 36];
        text[0] = "36".into();
        text[37] = "12".into();
        let (grid, alphabet) = SizedGrid::parse(&text.join(" "), None, None).unwrap();
        assert_eq!(alphabet, Alphabet::Numbers);
        assert_eq!(grid.shape().to_string(), "6x6");
        assert_eq!((grid.get(0), grid.get(37)), (36, 12));
        assert_eq!(
            SizedGrid::parse(&grid.to_line(alphabet), None, None)
                .unwrap()
                .0,
            grid
        );
    }

    #[test]
    fn errors_name_the_symbol_and_what_belongs() {
        let bad = SIXTEEN.replacen('G', "H", 1);
        let error = SizedGrid::parse(&bad, None, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid symbol 'H' at r1c9: a 16x16 grid's symbols are 1-9 and A-G"
        );
        // A control character is named escaped, not written to the terminal as it is.
        let bad = SIXTEEN.replacen('G', "\u{1b}", 1);
        let error = SizedGrid::parse(&bad, None, None).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("invalid symbol '\\u{1b}' at r1c9"),
            "{error}"
        );
        let error = SizedGrid::parse("1234567", None, None).unwrap_err();
        assert!(error.to_string().starts_with("found 7 cells"), "{error}");
        let error = SizedGrid::parse(SIXTEEN, Some("3x3".parse().unwrap()), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "found 256 cells, expected 81 for boxes of 3x3"
        );
    }

    #[test]
    fn conflicts_name_the_unit_and_cells() {
        let (mut grid, alphabet) = SizedGrid::parse(SIXTEEN, None, None).unwrap();
        assert_eq!(grid.first_conflict(), None);
        grid.set(1, 13);
        let conflict = grid.first_conflict().unwrap();
        assert_eq!(conflict.describe(alphabet), "row 1: D at r1c1 and r1c2");
    }
}
