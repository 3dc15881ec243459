//! The logic commands' state and steps at any size: the 9x9 engine (every technique) or the
//! other-size one ([`sudoku_logic::sized`]), behind one face so that each command is written
//! once. A 9x9 grid in other symbols than digits is worked by the 9x9 engine and shown in its
//! own symbols.

use std::time::Instant;

use sudoku_engine::sized::{
    Alphabet, SizedGrid, count_and_first_within_measured as sized_count_and_first,
};
use sudoku_engine::solver::{SearchStats, count_and_first_within_measured, solve_within_measured};
use sudoku_engine::{Position, SolutionCount, TimedOut};
use sudoku_logic::sized::{self, SizedCandidates, SizedStep};
use sudoku_logic::{
    Candidates, CellDigit, Rating, Step, Technique, next_step_before, solve_steps_before,
};

use super::nine_symbols::{step_in, values_in};
use super::sizes::{AnyGrid, SizedPuzzle};

/// A pencil-mark state of any size.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyState {
    /// A 9x9 state.
    Nine(Box<Candidates>),
    /// A 9x9 state written in other symbols than digits, worked by the 9x9 engine.
    NineIn(Box<Candidates>, Alphabet),
    /// A state of another size.
    Other(SizedCandidates),
}

/// A step of any size.
pub enum AnyStep {
    /// A step of the 9x9 engine.
    Nine(Step),
    /// A step of the 9x9 engine on a grid written in other symbols than digits.
    NineIn(Step, Alphabet),
    /// A step of the other-size engine.
    Other(SizedStep),
}

/// A cell a step fills or strikes out a candidate of: row and column from 1, the value, and how
/// it is written where that is not the value itself (letters, on other sizes).
pub struct StepCell {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub column: usize,
    /// The value, from 1.
    pub value: u8,
    /// How the value is written, on other sizes.
    pub symbol: Option<String>,
}

impl AnyStep {
    /// The technique that found it.
    pub fn technique(&self) -> Technique {
        match self {
            AnyStep::Nine(step) | AnyStep::NineIn(step, _) => step.technique,
            AnyStep::Other(step) => step.technique,
        }
    }

    /// Its rating on the Sudoku Explainer scale.
    pub fn rating(&self) -> f32 {
        match self {
            AnyStep::Nine(step) | AnyStep::NineIn(step, _) => step.rating,
            AnyStep::Other(step) => step.rating,
        }
    }

    /// The side of its grid.
    pub fn side(&self) -> usize {
        match self {
            AnyStep::Nine(_) | AnyStep::NineIn(..) => 9,
            AnyStep::Other(step) => step.side(),
        }
    }

    /// The cells it fills (`placements` true) or the candidates it removes.
    pub fn cells(&self, placements: bool) -> Vec<StepCell> {
        match self {
            AnyStep::Nine(step) | AnyStep::NineIn(step, _) => {
                let list = if placements {
                    &step.placements
                } else {
                    &step.eliminations
                };
                let alphabet = match self {
                    AnyStep::NineIn(_, alphabet) => Some(*alphabet),
                    _ => None,
                };
                list.iter()
                    .map(|c| StepCell {
                        row: c.position.row() + 1,
                        column: c.position.column() + 1,
                        value: c.digit,
                        symbol: alphabet.map(|alphabet| alphabet.symbol(c.digit.into())),
                    })
                    .collect()
            }
            AnyStep::Other(step) => {
                let list = if placements {
                    &step.placements
                } else {
                    &step.eliminations
                };
                let side = step.side();
                list.iter()
                    .map(|m| StepCell {
                        row: m.cell / side + 1,
                        column: m.cell % side + 1,
                        value: m.value,
                        symbol: Some(step.symbol(m.value)),
                    })
                    .collect()
            }
        }
    }
}

impl std::fmt::Display for AnyStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyStep::Nine(step) => step.fmt(f),
            AnyStep::NineIn(step, alphabet) => f.write_str(&step_in(&step.to_string(), *alphabet)),
            AnyStep::Other(step) => step.fmt(f),
        }
    }
}

impl AnyState {
    /// The 9x9 state, if it is one (in whatever symbols).
    pub fn nine(&self) -> Option<&Candidates> {
        match self {
            AnyState::Nine(state) | AnyState::NineIn(state, _) => Some(state),
            AnyState::Other(_) => None,
        }
    }

    /// The state in the 9x9 logic's terms when it is a 9x9 grid written in other symbols than
    /// digits, so that it is explained and rated as the same grid in digits is (and shown in its
    /// own symbols); any other state as it is.
    pub fn with_nine_logic(self) -> AnyState {
        let AnyState::Other(state) = &self else {
            return self;
        };
        let Some(grid) = state.grid().to_nine() else {
            return self;
        };
        let mut nine = Candidates::from_grid(&grid);
        for position in Position::all().filter(|&p| grid.get(p).is_none()) {
            for digit in 1..=9 {
                if nine.has(position, digit)
                    && state.marks(position.index()) >> (digit - 1) & 1 == 0
                {
                    nine.eliminate(CellDigit { position, digit });
                }
            }
        }
        AnyState::NineIn(Box::new(nine), state.alphabet())
    }

    /// The state as the other-size engine holds it when it is a 9x9 grid in other symbols than
    /// digits (the form every command but the logic ones works with); any other as it is.
    pub fn in_own_symbols(self) -> AnyState {
        match self {
            AnyState::NineIn(state, alphabet) => AnyState::Other(nine_shown_in(&state, alphabet)),
            state => state,
        }
    }

    /// The symbols its values are written in.
    pub fn alphabet(&self) -> Alphabet {
        match self {
            AnyState::Nine(_) => Alphabet::Digits,
            AnyState::NineIn(_, alphabet) => *alphabet,
            AnyState::Other(state) => state.alphabet(),
        }
    }

    /// The candidates of an open cell (bit `v` for value `v`, cells in reading order from 0); 0
    /// for a filled one.
    pub fn marks(&self, cell: usize) -> u64 {
        match self {
            AnyState::Nine(state) | AnyState::NineIn(state, _) => {
                u64::from(state.marks(Position::new(cell)).bits())
            }
            AnyState::Other(state) => state.marks(cell) << 1,
        }
    }

    /// The value of a filled cell.
    pub fn value(&self, cell: usize) -> Option<u8> {
        match self {
            AnyState::Nine(state) | AnyState::NineIn(state, _) => state.value(Position::new(cell)),
            AnyState::Other(state) => state.value(cell),
        }
    }

    /// What makes the state impossible, in words (values in its own symbols), if anything.
    pub fn contradiction(&self) -> Option<String> {
        match self {
            AnyState::Nine(state) => state.contradiction().map(|c| c.to_string()),
            AnyState::NineIn(state, alphabet) => state
                .contradiction()
                .map(|c| values_in(&c.to_string(), *alphabet)),
            AnyState::Other(state) => state.contradiction(),
        }
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        match self {
            AnyState::Nine(state) | AnyState::NineIn(state, _) => state.is_solved(),
            AnyState::Other(state) => state.is_solved(),
        }
    }

    /// The filled cells as a grid, in the state's symbols (its open cells blank).
    pub fn filled(&self) -> AnyGrid {
        match self {
            AnyState::Nine(state) => AnyGrid::Nine(state.grid()),
            AnyState::NineIn(state, alphabet) => AnyGrid::Nine(state.grid()).written_in(*alphabet),
            AnyState::Other(state) => AnyGrid::Other(SizedPuzzle {
                grid: state.grid(),
                alphabet: state.alphabet(),
            }),
        }
    }

    /// The filled cells on one line (81 characters for 9x9).
    pub fn grid_line(&self) -> String {
        self.filled().line()
    }

    /// The candidate form on one line (729 characters for 9x9).
    pub fn to_text(&self) -> String {
        match self {
            AnyState::Nine(state) => state.to_text(),
            AnyState::NineIn(state, alphabet) => nine_shown_in(state, *alphabet).to_text(),
            AnyState::Other(state) => state.to_text(),
        }
    }

    /// Counts the solutions the state allows (its values kept, every open cell one of its
    /// candidates), stopping at `limit`, within `deadline`, with the first solution found (the
    /// solution, when there is one), adding the search's work to `stats`.
    pub fn count_and_first(
        &self,
        limit: u64,
        deadline: Option<Instant>,
        stats: &mut SearchStats,
    ) -> Result<(SolutionCount, Option<AnyGrid>), TimedOut> {
        Ok(match self {
            AnyState::Nine(state) | AnyState::NineIn(state, _) => {
                let (grid, allowed) = (state.grid(), state.allowed());
                let (count, first) =
                    count_and_first_within_measured(&grid, &allowed, limit, deadline, stats)?;
                let first =
                    first.map(|solution| AnyGrid::Nine(solution).written_in(self.alphabet()));
                (count, first)
            }
            AnyState::Other(state) => {
                let (grid, allowed) = (state.grid(), state.allowed());
                let (count, first) =
                    sized_count_and_first(&grid, &allowed, limit, deadline, stats)?;
                let alphabet = state.alphabet();
                (
                    count,
                    first.map(|grid| AnyGrid::Other(SizedPuzzle { grid, alphabet })),
                )
            }
        })
    }

    /// The first solution the state allows, as [`AnyState::count_and_first`] counts them,
    /// within `deadline`, adding the search's work to `stats`.
    pub fn solution(
        &self,
        deadline: Option<Instant>,
        stats: &mut SearchStats,
    ) -> Result<Option<AnyGrid>, TimedOut> {
        match self {
            AnyState::Nine(state) | AnyState::NineIn(state, _) => {
                let solution =
                    solve_within_measured(&state.grid(), &state.allowed(), deadline, stats)?;
                Ok(solution.map(|solution| AnyGrid::Nine(solution).written_in(self.alphabet())))
            }
            AnyState::Other(state) => {
                let (grid, allowed) = (state.grid(), state.allowed());
                let alphabet = state.alphabet();
                let solution =
                    sudoku_engine::sized::solve_within_measured(&grid, &allowed, deadline, stats)?;
                Ok(solution.map(|grid| AnyGrid::Other(SizedPuzzle { grid, alphabet })))
            }
        }
    }

    /// The pencil marks as a grid for people, ending in a newline.
    pub fn block(&self) -> String {
        match self {
            AnyState::Nine(state) => state.block().to_string(),
            AnyState::NineIn(state, alphabet) => nine_shown_in(state, *alphabet).block() + "\n",
            AnyState::Other(state) => state.block() + "\n",
        }
    }

    /// The easiest step, within `deadline`.
    pub fn next_step(&self, deadline: Option<Instant>) -> Result<Option<AnyStep>, TimedOut> {
        Ok(match self {
            AnyState::Nine(state) => next_step_before(state, deadline)?.map(AnyStep::Nine),
            AnyState::NineIn(state, alphabet) => {
                next_step_before(state, deadline)?.map(|step| AnyStep::NineIn(step, *alphabet))
            }
            AnyState::Other(state) => sized::next_step_before(state, deadline)?.map(AnyStep::Other),
        })
    }

    /// Applies `step` (of the same size).
    pub fn apply(&mut self, step: &AnyStep) {
        match (self, step) {
            (AnyState::Nine(state), AnyStep::Nine(step))
            | (AnyState::NineIn(state, _), AnyStep::NineIn(step, _)) => state.apply(step),
            (AnyState::Other(state), AnyStep::Other(step)) => state.apply(step),
            _ => unreachable!("a step applies to a state of its own size"),
        }
    }

    /// The steps as far as the techniques before `until` go (all, by default), within
    /// `deadline`, and the state they reach.
    pub fn steps(
        self,
        until: Option<Technique>,
        deadline: Option<Instant>,
    ) -> Result<(Vec<AnyStep>, AnyState), TimedOut> {
        Ok(match self {
            AnyState::Nine(state) => {
                let (steps, end) = solve_steps_before(*state, until, deadline)?;
                (
                    steps.into_iter().map(AnyStep::Nine).collect(),
                    AnyState::Nine(Box::new(end)),
                )
            }
            AnyState::NineIn(state, alphabet) => {
                let (steps, end) = solve_steps_before(*state, until, deadline)?;
                (
                    steps
                        .into_iter()
                        .map(|step| AnyStep::NineIn(step, alphabet))
                        .collect(),
                    AnyState::NineIn(Box::new(end), alphabet),
                )
            }
            AnyState::Other(state) => {
                let (steps, end) = sized::solve_steps_before(state, until, deadline)?;
                (
                    steps.into_iter().map(AnyStep::Other).collect(),
                    AnyState::Other(end),
                )
            }
        })
    }
}

/// A 9x9 state written in `alphabet` as the other-size engine holds it, for showing.
pub fn nine_shown_in(state: &Candidates, alphabet: Alphabet) -> SizedCandidates {
    let mut shown = SizedCandidates::from_grid(&SizedGrid::from_nine(&state.grid()), alphabet);
    for position in Position::all() {
        for digit in 1..=9 {
            if shown.has(position.index(), digit) && !state.has(position, digit) {
                shown.eliminate(position.index(), digit);
            }
        }
    }
    shown
}

/// Rates a path of steps of any size (see [`sized::rate`] for the level on other sizes).
pub fn rate(steps: &[AnyStep], solved: bool) -> Rating {
    let path = steps.iter().map(|s| (s.technique(), s.rating()));
    match steps.first() {
        Some(AnyStep::Other(_)) => sized::rate_path(path, solved),
        _ => sudoku_logic::rate_path(path, solved),
    }
}
