//! The pencil-mark grid: for every empty cell, the digits its row, column and box still allow.

use std::fmt;

use thiserror::Error;

use super::{CellDigit, CellSet, Step};
use sudoku_engine::DigitSet;
use sudoku_engine::grid::{CELLS, Grid, Position, Unit};
use sudoku_engine::solver::{SolutionCount, count_solutions_within, solve_within};

/// Why a 729-character candidate string cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CandidatesError {
    /// Not 729 characters.
    #[error("a candidate grid has 729 characters (9 per cell), found {found}")]
    WrongLength {
        /// How many were found.
        found: usize,
    },
    /// A character other than a digit or a blank.
    #[error("invalid character {found:?} at column {column} of the candidate grid")]
    InvalidCharacter {
        /// The character.
        found: char,
        /// Its column, from 1.
        column: usize,
    },
    /// A cell with no candidate left.
    #[error("{position} has no candidate left")]
    EmptyCell {
        /// The cell.
        position: Position,
    },
    /// A digit with no cell left in a unit: neither placed there nor a candidate of any cell.
    #[error("{unit} has no place left for {digit}")]
    NoPlace {
        /// The unit.
        unit: Unit,
        /// The digit, 1-9.
        digit: u8,
    },
    /// Two cells of a unit left with the same single candidate: both would have to hold it.
    #[error("{first} and {second} in {unit} can both only be {digit}")]
    ForcedTwice {
        /// The unit.
        unit: Unit,
        /// The digit, 1-9.
        digit: u8,
        /// The first cell.
        first: Position,
        /// The second cell.
        second: Position,
    },
}

/// A grid of filled cells and, for each empty cell, its candidates (bit `d` for digit d).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Candidates {
    cells: [u8; CELLS],
    marks: [u16; CELLS],
    /// The filled cells the state started with, as opposed to those a step filled since: only
    /// digits placed by logic may be swapped in an avoidable rectangle.
    givens: CellSet,
}

/// All nine digits as candidate bits.
const ALL: u16 = 0b11_1111_1110;

impl Candidates {
    /// The pencil marks of a puzzle: every digit not seen in the cell's row, column and box.
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut candidates = Candidates {
            cells: *grid.cells(),
            marks: [0; CELLS],
            givens: CellSet::default(),
        };
        for index in 0..CELLS {
            if candidates.cells[index] == 0 {
                let position = Position::new(index);
                let seen = CellSet::peers(position)
                    .iter()
                    .map(|p| 1u16 << candidates.cells[p.index()])
                    .fold(0, |seen, bit| seen | bit);
                candidates.marks[index] = ALL & !seen;
            } else {
                candidates.givens.insert(Position::new(index));
            }
        }
        candidates
    }

    /// Reads the 729-character form: 9 characters per cell, in reading order; in each, the
    /// digits that are candidates (at their own place or anywhere in the 9) and `.` or `0`
    /// for the others.
    ///
    /// The form does not say which cells are filled: a cell with one candidate is read as filled
    /// when no peer still has that digit as a candidate (filling it would change nothing else),
    /// and as an open cell with one candidate otherwise, so that the state reads back as it was
    /// written. A state that contradicts itself is refused: a cell with no candidate, a unit
    /// with no place for a digit, two cells of a unit with the same single candidate.
    pub fn from_text(text: &str) -> Result<Candidates, CandidatesError> {
        let text = text.trim();
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 9 * CELLS {
            return Err(CandidatesError::WrongLength { found: chars.len() });
        }
        let mut marks = [0u16; CELLS];
        for (index, cell) in chars.chunks(9).enumerate() {
            for (offset, &c) in cell.iter().enumerate() {
                match c {
                    '1'..='9' => marks[index] |= 1 << (c as u8 - b'0'),
                    '.' | '0' => {}
                    found => {
                        return Err(CandidatesError::InvalidCharacter {
                            found,
                            column: 9 * index + offset + 1,
                        });
                    }
                }
            }
            if marks[index] == 0 {
                return Err(CandidatesError::EmptyCell {
                    position: Position::new(index),
                });
            }
        }
        let mut candidates = Candidates {
            cells: [0; CELLS],
            marks,
            givens: CellSet::default(),
        };
        for index in 0..CELLS {
            let digit_bit = marks[index];
            let peers_have_it = CellSet::peers(Position::new(index))
                .iter()
                .any(|peer| marks[peer.index()] & digit_bit != 0);
            if digit_bit.count_ones() == 1 && !peers_have_it {
                candidates.cells[index] = digit_bit.trailing_zeros() as u8;
                candidates.marks[index] = 0;
                candidates.givens.insert(Position::new(index));
            }
        }
        candidates.contradiction().map_or(Ok(candidates), Err)
    }

    /// The first way this state contradicts itself, if any: an open cell with no candidate
    /// left, a unit with no place for a digit, or two of its cells left with the same single
    /// candidate. (Two equal digits placed in one unit are the grid's conflicts, see
    /// [`Grid::conflicts`].)
    pub fn contradiction(&self) -> Option<CandidatesError> {
        if let Some(position) =
            Position::all().find(|&p| self.cells[p.index()] == 0 && self.marks[p.index()] == 0)
        {
            return Some(CandidatesError::EmptyCell { position });
        }
        for unit in Unit::all() {
            for digit in 1..=9u8 {
                let placed = unit.cells().any(|p| self.value(p) == Some(digit));
                let mut forced = unit
                    .cells()
                    .filter(|&p| self.marks[p.index()] == 1 << digit)
                    .take(2);
                if let (Some(first), Some(second)) = (forced.next(), forced.next()) {
                    return Some(CandidatesError::ForcedTwice {
                        unit,
                        digit,
                        first,
                        second,
                    });
                }
                if !placed && self.cells_with(unit, digit).next().is_none() {
                    return Some(CandidatesError::NoPlace { unit, digit });
                }
            }
        }
        None
    }

    /// Counts the solutions this state allows (the filled cells kept, every open cell one of
    /// its candidates), stopping once `limit` are found.
    pub fn count_solutions(&self, limit: u64) -> SolutionCount {
        count_solutions_within(&self.grid(), &self.allowed(), limit)
    }

    /// The first solution this state allows, if any.
    pub fn solution(&self) -> Option<Grid> {
        solve_within(&self.grid(), &self.allowed())
    }

    /// For every cell, the digits it may hold: its value, or its candidates (what the engine's
    /// `*_within` searches take).
    pub fn allowed(&self) -> [DigitSet; CELLS] {
        std::array::from_fn(|index| DigitSet::from_bits(self.marks_or_value(index)))
    }

    /// The first open cell whose candidates leave out its digit in `solution`, and that digit.
    pub fn first_ruled_out(&self, solution: &Grid) -> Option<CellDigit> {
        Position::all().find_map(|position| {
            let digit = solution.get(position)?.get();
            (self.value(position).is_none() && !self.has(position, digit))
                .then_some(CellDigit { position, digit })
        })
    }

    /// The 729-character form (see [`Candidates::from_text`]); a filled cell shows its digit.
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity(9 * CELLS);
        for index in 0..CELLS {
            let marks = self.marks_or_value(index);
            for digit in 1..=9u8 {
                text.push(if marks & (1 << digit) != 0 {
                    char::from(b'0' + digit)
                } else {
                    '.'
                });
            }
        }
        text
    }

    fn marks_or_value(&self, index: usize) -> u16 {
        match self.cells[index] {
            0 => self.marks[index],
            digit => 1 << digit,
        }
    }

    /// The filled cells as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.cells).expect("cells are 0-9")
    }

    /// The digit in `position`, if filled.
    pub fn value(&self, position: Position) -> Option<u8> {
        Some(self.cells[position.index()]).filter(|&d| d != 0)
    }

    /// The candidates of an empty cell; none for a filled cell.
    pub fn marks(&self, position: Position) -> DigitSet {
        DigitSet::from_bits(self.marks[position.index()])
    }

    /// [`Candidates::marks`] as raw bits (bit `d` for digit `d`), for the strategies that
    /// combine the marks of many cells at once in tables of bits.
    pub(crate) fn mark_bits(&self, position: Position) -> u16 {
        self.marks[position.index()]
    }

    /// True when `digit` is a candidate of the (empty) cell at `position`.
    pub fn has(&self, position: Position, digit: u8) -> bool {
        self.marks[position.index()] & (1 << digit) != 0
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// The empty cells of `unit` holding candidate `digit`.
    pub fn cells_with(&self, unit: Unit, digit: u8) -> impl Iterator<Item = Position> + '_ {
        unit.cells().filter(move |&p| self.has(p, digit))
    }

    /// The empty cells holding candidate `digit`.
    pub fn digit_cells(&self, digit: u8) -> CellSet {
        Position::all().filter(|&p| self.has(p, digit)).collect()
    }

    /// For every digit (index 1-9; index 0 is empty), the empty cells holding it: all nine
    /// [`Candidates::digit_cells`] in one pass.
    pub fn places(&self) -> [CellSet; 10] {
        let mut places = [CellSet::EMPTY; 10];
        for position in Position::all() {
            for digit in self.marks(position).iter() {
                places[usize::from(digit.get())].insert(position);
            }
        }
        places
    }

    /// True when `position` was filled when this state was read, rather than by a step since.
    pub fn is_given(&self, position: Position) -> bool {
        self.givens.contains(position)
    }

    /// The same state with `givens` as the cells it was given (the rest of its filled cells
    /// count as placed by steps).
    pub(crate) fn with_givens(mut self, givens: CellSet) -> Candidates {
        self.givens = givens;
        self
    }

    /// The filled cells this state was given.
    pub(crate) fn givens(&self) -> CellSet {
        self.givens
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> CellSet {
        Position::all()
            .filter(|&p| self.cells[p.index()] == 0)
            .collect()
    }

    /// Places and eliminates what `step` says, removing placed digits from their peers.
    pub fn apply(&mut self, step: &Step) {
        for &placement in &step.placements {
            self.place(placement);
        }
        for &elimination in &step.eliminations {
            self.eliminate(elimination);
        }
    }

    /// Fills a cell with a digit and removes that digit from the candidates of its peers.
    pub fn place(&mut self, CellDigit { position, digit }: CellDigit) {
        self.cells[position.index()] = digit;
        self.marks[position.index()] = 0;
        for peer in CellSet::peers(position).iter() {
            self.marks[peer.index()] &= !(1 << digit);
        }
    }

    /// Removes a candidate from an open cell (nothing happens if it is not one).
    pub fn eliminate(&mut self, CellDigit { position, digit }: CellDigit) {
        self.marks[position.index()] &= !(1 << digit);
    }

    /// The grid as 9 rows of 3x3 candidate blocks, with box separators.
    pub fn block(&self) -> impl fmt::Display + '_ {
        CandidateBlock(self)
    }
}

struct CandidateBlock<'a>(&'a Candidates);

impl fmt::Display for CandidateBlock<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = "+-------+-------+-------+-------+-------+-------+-------+-------+-------+";
        for row in 0..9 {
            writeln!(
                f,
                "{}",
                if row % 3 == 0 {
                    rule.replace('-', "=")
                } else {
                    rule.to_string()
                }
            )?;
            for sub in 0..3u8 {
                f.write_str("|")?;
                for column in 0..9 {
                    let position = Position::at(row, column);
                    let text: String = match self.0.value(position) {
                        Some(digit) if sub == 1 => format!(" ({digit}) "),
                        Some(_) => "     ".to_string(),
                        None => (1..=3)
                            .map(|i| {
                                let digit = 3 * sub + i;
                                if self.0.has(position, digit) {
                                    format!("{digit} ")
                                } else {
                                    ". ".to_string()
                                }
                            })
                            .collect::<String>()
                            .trim_end()
                            .to_string(),
                    };
                    write!(f, " {text:<5} |")?;
                }
                f.write_str("\n")?;
            }
        }
        writeln!(f, "{}", rule.replace('-', "="))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn marks_are_what_the_peers_allow() {
        let candidates = Candidates::from_grid(&PUZZLE.parse().unwrap());
        // r1c3 sees 5, 3, 7 (row), 8 (column), 6, 9 (box): 1, 2, 4 remain.
        assert_eq!(
            candidates.marks(Position::at(0, 2)),
            DigitSet::from_bits(1 << 1 | 1 << 2 | 1 << 4)
        );
        assert!(candidates.marks(Position::at(0, 0)).is_empty());
    }

    #[test]
    fn the_729_character_form_round_trips() {
        let candidates = Candidates::from_grid(&PUZZLE.parse().unwrap());
        let text = candidates.to_text();
        assert_eq!(text.len(), 729);
        assert_eq!(&text[..9], "....5....");
        // The state reads back as it was, open cells with one candidate included.
        assert_eq!(Candidates::from_text(&text).unwrap(), candidates);
        assert_eq!(
            Candidates::from_text("12"),
            Err(CandidatesError::WrongLength { found: 2 })
        );
    }

    #[test]
    fn the_block_shows_every_cell() {
        let candidates = Candidates::from_grid(&PUZZLE.parse().unwrap());
        let text = candidates.block().to_string();
        assert_eq!(text.lines().count(), 9 * 3 + 10);
        assert!(
            text.lines()
                .nth(2)
                .unwrap()
                .starts_with("|  (5)  |  (3)  | 4 . . | . . 6 |")
        );
    }
}
