//! The rules at the game's size: the grid's shape, symbols and units, and what the logic says of
//! a position (its candidates, a contradiction, the next step, the solutions, the hardest
//! technique). A 9x9 grid takes the 9x9 logic (HoDoKu's techniques and ratings); every other
//! size takes the logic of every size, with a time limit where a large grid could take long.
//!
//! Cells are numbered in reading order from 0 and values from 1; a set of values is a word with
//! bit `v` for value `v`.

use std::time::{Duration, Instant};

use sudoku_engine::sized::{self, Alphabet, Shape, SizedGrid};
use sudoku_engine::solver::{SearchStats, count_and_first_measured};
use sudoku_engine::{Grid, Position};
use sudoku_logic::sized::{SizedCandidates, SizedMove};
use sudoku_logic::{Candidates, CellDigit, Technique, explain, rate};

use crate::cli::logic_state::{AnyState, AnyStep};

/// How long the logic of other sizes may look for a step: a hard 25x25 grid can take
/// minutes.
const PATIENCE: Duration = Duration::from_secs(3);

/// The shape and symbols of a game's grid, with its units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    shape: Shape,
    alphabet: Alphabet,
    /// The cells of every unit: the rows, then the columns, then the boxes.
    units: Vec<Vec<usize>>,
}

/// How long the solutions of a grid of another size are counted before play starts; a count
/// that takes longer goes on in the background ([`IN_THE_BACKGROUND`]) while the player plays.
pub const AT_ONCE: Duration = Duration::from_millis(300);

/// How long a count of the solutions, or the search for the hardest technique the puzzle
/// needs, may go on in the background: the hardest 25x25 puzzles known take up to 13 s to
/// count.
pub const IN_THE_BACKGROUND: Duration = Duration::from_secs(120);

/// What the givens allow, worked out once when the puzzle is set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// Not looked at yet (the givens are still being entered).
    Unknown,
    /// Being counted in the background (a large, hard grid).
    Counting,
    /// Not settled within the time allowed (a large, hard grid).
    Unsettled,
    /// The givens clash or allow no solution.
    None,
    /// Exactly one solution: mistakes can be shown.
    Unique(Vec<u8>),
    /// More than one.
    Several,
}

/// A step of the logic, in the game's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The technique that found it.
    pub technique: Technique,
    /// The values it places.
    pub placements: Vec<SizedMove>,
    /// The candidates it removes.
    pub eliminations: Vec<SizedMove>,
    /// The step in words, as `sudoku hint` writes it.
    pub text: String,
}

/// The next step of a position, when one was looked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// The easiest step.
    Step(Hint),
    /// No technique applies.
    Nothing,
    /// The search took longer than the time allowed.
    TimedOut,
}

impl Rules {
    /// The rules of grids of `shape` written in `alphabet`.
    pub fn new(shape: Shape, alphabet: Alphabet) -> Rules {
        let size = shape.size();
        let rows = (0..size).map(|row| (0..size).map(|c| row * size + c).collect());
        let columns = (0..size).map(|column| (0..size).map(|r| r * size + column).collect());
        let mut boxes = vec![Vec::with_capacity(size); size];
        for cell in 0..shape.cells() {
            boxes[shape.box_of(cell / size, cell % size)].push(cell);
        }
        Rules {
            shape,
            alphabet,
            units: rows.chain(columns).chain(boxes).collect(),
        }
    }

    /// The rules of the usual 9x9 grid with digits.
    pub fn classic() -> Rules {
        Rules::new(Shape::NINE, Alphabet::Digits)
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The symbols values are written in.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }

    /// The side: cells in a unit, and values.
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// How many cells the grid has.
    pub fn cells(&self) -> usize {
        self.shape.cells()
    }

    /// True for 9x9 grids, in any alphabet: the 9x9 engine counts them, and the 9x9 logic
    /// finds the hardest technique (which is named without symbols).
    fn is_nine(&self) -> bool {
        self.shape == Shape::NINE
    }

    /// True for 9x9 grids in digits, which the 9x9 engine's types write (a 9x9 grid in letters
    /// is written as other sizes are, and its logic's words are turned into its letters).
    pub fn is_classic(&self) -> bool {
        self.is_nine() && self.alphabet == Alphabet::Digits
    }

    /// `r12c3`: a cell's row and column, from 1.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.size() + 1, cell % self.size() + 1)
    }

    /// How `value` is written.
    pub fn symbol(&self, value: u8) -> String {
        self.alphabet.symbol(usize::from(value))
    }

    /// The width of the widest symbol, in characters.
    pub fn symbol_width(&self) -> usize {
        self.symbol(self.size() as u8).len()
    }

    /// The value a one-character symbol stands for in this grid (capital letters only).
    pub fn value_of(&self, symbol: char) -> Option<u8> {
        if symbol.is_ascii_lowercase() {
            return None;
        }
        let value = self.alphabet.value(symbol)?;
        (value <= self.size()).then_some(value as u8)
    }

    /// The keys that place a value: `1-9`, `1-9 A-G`, `A-Y`, `0-9 A-F`, `01-36`.
    pub fn keys(&self) -> String {
        match self.alphabet {
            Alphabet::Numbers => format!("01-{:02}", self.size()),
            _ => self.alphabet.describe(self.size()).replace(" and ", " "),
        }
    }

    /// The cells of each unit `cell` is in: its row, its column and its box.
    pub fn units_of(&self, cell: usize) -> [&[usize]; 3] {
        let size = self.size();
        let (row, column) = (cell / size, cell % size);
        let boxed = self.shape.box_of(row, column);
        [
            &self.units[row],
            &self.units[size + column],
            &self.units[2 * size + boxed],
        ]
    }

    /// Two cells of one unit holding the same value, in words, if any.
    pub fn clash(&self, digits: &[u8]) -> Option<String> {
        if self.is_classic() {
            return nine_grid(digits).first_conflict().map(|c| c.to_string());
        }
        self.grid(digits)
            .first_conflict()
            .map(|conflict| conflict.describe(self.alphabet))
    }

    /// The filled cells on one line, as the other subcommands read them.
    pub fn line(&self, digits: &[u8]) -> String {
        match self.is_classic() {
            true => nine_grid(digits).to_string(),
            false => self.grid(digits).to_line(self.alphabet),
        }
    }

    fn grid(&self, digits: &[u8]) -> SizedGrid {
        SizedGrid::from_values(self.shape, digits.to_vec()).expect("values fit the grid")
    }

    /// The candidates of the position `digits`, less `eliminated` (bit `v` of a cell's word
    /// for value `v`): a 9x9 grid in any symbols for the 9x9 logic, any other for the logic of
    /// every size.
    pub fn state(&self, digits: &[u8], eliminated: &[u64]) -> AnyState {
        if self.is_nine() {
            let mut state = Candidates::from_grid(&nine_grid(digits));
            for (position, &bits) in Position::all().zip(eliminated) {
                for digit in values_of(bits) {
                    state.eliminate(CellDigit { position, digit });
                }
            }
            return match self.alphabet {
                Alphabet::Digits => AnyState::Nine(Box::new(state)),
                alphabet => AnyState::NineIn(Box::new(state), alphabet),
            };
        }
        let mut state = SizedCandidates::from_grid(&self.grid(digits), self.alphabet);
        for (cell, &bits) in eliminated.iter().enumerate() {
            for value in values_of(bits) {
                state.eliminate(cell, value);
            }
        }
        AnyState::Other(state)
    }

    /// How many solutions the givens allow (none, one or several), with the solution when
    /// there is one; at other sizes than 9x9, `Unsettled` when counting them takes longer than
    /// `patience`.
    pub fn solutions(&self, givens: &[u8], patience: Duration) -> Solutions {
        let (found, solution) = if self.is_nine() {
            let grid = nine_grid(givens);
            let mut stats = SearchStats::default();
            let (count, first) =
                count_and_first_measured(&grid, 2, None, &mut stats).expect("no deadline");
            (count.found, first.map(|s| s.cells().to_vec()))
        } else {
            let grid = self.grid(givens);
            let deadline = Some(Instant::now() + patience);
            let Ok((count, first)) = sized::count_and_first_before(&grid, 2, deadline) else {
                return Solutions::Unsettled;
            };
            (count.found, first.map(|s| s.cells().to_vec()))
        };
        match (found, solution) {
            (1, Some(solution)) => Solutions::Unique(solution),
            (0, _) | (1, None) => Solutions::None,
            _ => Solutions::Several,
        }
    }

    /// The hardest technique the givens need, as `sudoku rate` finds it, in words; at other
    /// sizes than 9x9, nothing when finding it takes longer than `patience`.
    pub fn hardest(&self, givens: &[u8], patience: Duration) -> String {
        let (ratings, level, explainer) = if self.is_nine() {
            let (steps, end) = explain(&nine_grid(givens));
            let rating = rate(&steps, end.is_solved());
            let ratings = steps.iter().map(|s| (s.technique, s.rating)).collect();
            (ratings, rating.level, rating.explainer)
        } else {
            let start = SizedCandidates::from_grid(&self.grid(givens), self.alphabet);
            let deadline = Some(Instant::now() + patience);
            let Ok((steps, end)) = sudoku_logic::sized::solve_steps_before(start, None, deadline)
            else {
                return String::new();
            };
            let rating = sudoku_logic::sized::rate(&steps, end.is_solved());
            let ratings = steps.iter().map(|s| (s.technique, s.rating)).collect();
            (ratings, rating.level, rating.explainer)
        };
        let ratings: Vec<(Technique, f32)> = ratings;
        let hardest = ratings.iter().max_by(|a, b| a.1.total_cmp(&b.1));
        match (hardest, level) {
            (Some((technique, _)), Some(level)) => format!(
                "Hardest technique: {} (rating {explainer:.1}, {level}).",
                technique.name()
            ),
            (Some(_), None) => "It needs more than the techniques `sudoku rate` knows.".into(),
            (None, _) => "It needed no technique at all.".into(),
        }
    }
}

/// The easiest next step of `state`, in the game's terms; on other sizes than 9x9, looked for
/// within [`PATIENCE`].
pub fn next_step(state: &AnyState) -> Found {
    let deadline = matches!(state, AnyState::Other(_)).then(|| Instant::now() + PATIENCE);
    let Ok(found) = state.next_step(deadline) else {
        return Found::TimedOut;
    };
    found.map_or(Found::Nothing, |step| Found::Step(Hint::of(&step)))
}

impl Hint {
    /// A step of the logic, in the game's terms.
    fn of(step: &AnyStep) -> Hint {
        let side = step.side();
        let moves = |placements: bool| {
            step.cells(placements)
                .into_iter()
                .map(|cell| SizedMove {
                    cell: (cell.row - 1) * side + cell.column - 1,
                    value: cell.value,
                })
                .collect()
        };
        Hint {
            technique: step.technique(),
            placements: moves(true),
            eliminations: moves(false),
            text: step.to_string(),
        }
    }
}

/// The values of a set, smallest first.
pub fn values_of(bits: u64) -> impl Iterator<Item = u8> {
    (1..64u8).filter(move |&v| bits >> v & 1 == 1)
}

/// The 9x9 grid of 81 values.
fn nine_grid(digits: &[u8]) -> Grid {
    let cells: [u8; 81] = digits.try_into().expect("81 cells");
    Grid::from_cells(cells).expect("values 0-9")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_of_a_6x6_cell_are_its_row_column_and_2x3_box() {
        let rules = Rules::new("2x3".parse().unwrap(), Alphabet::Digits);
        let [row, column, boxed] = rules.units_of(9); // r2c4
        assert_eq!(row, &[6, 7, 8, 9, 10, 11]);
        assert_eq!(column, &[3, 9, 15, 21, 27, 33]);
        assert_eq!(boxed, &[3, 4, 5, 9, 10, 11]);
    }

    #[test]
    fn keys_and_symbols_follow_the_alphabet() {
        let sixteen: Shape = "4x4".parse().unwrap();
        let digits = Rules::new(sixteen, Alphabet::Digits);
        assert_eq!(digits.keys(), "1-9 A-G");
        assert_eq!(digits.value_of('G'), Some(16));
        assert_eq!(digits.value_of('H'), None);
        assert_eq!(digits.value_of('g'), None, "small letters are commands");
        let hex = Rules::new(sixteen, Alphabet::ZeroBased);
        assert_eq!(
            (hex.keys().as_str(), hex.value_of('0')),
            ("0-9 A-F", Some(1))
        );
        let numbers = Rules::new("6x6".parse().unwrap(), Alphabet::Numbers);
        assert_eq!(
            (numbers.keys().as_str(), numbers.symbol_width()),
            ("01-36", 2)
        );
        assert_eq!(Rules::classic().keys(), "1-9");
    }

    #[test]
    fn a_9x9_grid_in_letters_takes_the_9x9_logic_in_its_letters() {
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let (letters, none) = (Rules::new(Shape::NINE, Alphabet::Letters), vec![0; 81]);
        let state = letters.state(puzzle.cells(), &none);
        let classic = Rules::classic().state(puzzle.cells(), &none);
        let (Found::Step(hint), Found::Step(in_digits)) = (next_step(&state), next_step(&classic))
        else {
            panic!("the puzzle has a step");
        };
        assert_eq!(in_digits.text, "naked single: r5c5 = 5");
        assert_eq!(hint.text, "naked single: r5c5 = E");
        assert_eq!(hint.placements, in_digits.placements);
        // A state with no place for I (9) in row 1: said in letters.
        let mut eliminated = vec![0; 81];
        eliminated[..9].fill(1 << 9);
        let state = letters.state(&[0; 81], &eliminated);
        let contradiction = state.contradiction().unwrap();
        assert_eq!(contradiction, "row 1 has no place left for I");
        assert!(
            state.to_text().starts_with("ABCDEFGH."),
            "{}",
            state.to_text()
        );
    }

    #[test]
    fn the_state_of_a_16x16_position_loses_the_players_eliminations() {
        let rules = Rules::new("4x4".parse().unwrap(), Alphabet::Digits);
        let mut digits = vec![0; 256];
        digits[1] = 16;
        let mut eliminated = vec![0; 256];
        eliminated[0] = 1 << 3;
        let state = rules.state(&digits, &eliminated);
        assert_eq!(
            state.marks(0),
            ((1u64 << 16) - 1) << 1 & !(1 << 16) & !(1 << 3)
        );
        assert_eq!(state.value(1), Some(16));
    }
}
