#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod candidates;
mod cells;
mod deadline;
mod explainer;
mod queued;
mod rating;
pub mod sized;
pub mod strategy;
mod templates;

pub use candidates::{Candidates, CandidatesError};
pub use cells::{CellSet, sees};
pub use explainer::{
    ExplainerRating, ExplainerStep, explainer_path, explainer_rating, tenths_text,
};
pub use rating::{Rating, rate, rate_path};
pub use strategy::{Level, Technique, UnknownLevel, UnknownTechnique};

use std::fmt;
use std::time::Instant;

use queued::QueuedState;

use sudoku_engine::{Grid, Position, TimedOut};

/// A digit placed in a cell, or a candidate removed from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellDigit {
    /// The cell.
    pub position: Position,
    /// The digit, 1-9.
    pub digit: u8,
}

/// One logical step: what a technique proved, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The technique that found it.
    pub technique: Technique,
    /// Digits the step places.
    pub placements: Vec<CellDigit>,
    /// Candidates the step removes.
    pub eliminations: Vec<CellDigit>,
    /// Why, in words: the cells, units and digits that prove it (`7 in box 3`).
    pub reason: String,
    /// The step's rating on the Sudoku Explainer scale: the technique's, except where Sudoku
    /// Explainer tells cases apart (a hidden single in a box is easier than in a line).
    pub rating: f32,
}

impl fmt::Display for Step {
    /// `hidden single: 7 in box 3 -> r2c8 = 7`, `pointing: 4 in box 5 is on row 6 -> r6c1 <> 4`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.technique.name())?;
        if !self.reason.is_empty() {
            write!(f, "{} -> ", self.reason)?;
        }
        let placements = self
            .placements
            .iter()
            .map(|p| format!("{} = {}", p.position, p.digit));
        let eliminations = self
            .eliminations
            .iter()
            .map(|e| format!("{} <> {}", e.position, e.digit));
        let all: Vec<String> = placements.chain(eliminations).collect();
        f.write_str(&all.join(", "))
    }
}

/// The easiest step available in `candidates`, if any technique finds one. Among singles, the
/// one HoDoKu would take on loading this position (see [`solve_steps`]).
#[must_use]
pub fn next_step(candidates: &Candidates) -> Option<Step> {
    next_step_before(candidates, None).expect("no deadline, so no time-out")
}

/// Like [`next_step`], giving up once `deadline` (if any) has passed: the long searches
/// (chains, forcing chains and nets) look at the clock as they go, so a step is cut short.
pub fn next_step_before(
    candidates: &Candidates,
    deadline: Option<Instant>,
) -> Result<Option<Step>, TimedOut> {
    next_step_among(&mut QueuedState::new(candidates), &Technique::ALL, deadline)
}

/// How many of the first techniques are singles, taken from the queued notes.
const SINGLES: usize = 3;

/// The easiest step of `techniques` (a first part of [`Technique::ALL`]), within `deadline`:
/// singles in the order `state` noted them, then the other techniques in their order.
fn next_step_among(
    state: &mut QueuedState,
    techniques: &[Technique],
    deadline: Option<Instant>,
) -> Result<Option<Step>, TimedOut> {
    let singles = &techniques[..techniques.len().min(SINGLES)];
    if let Some(step) = state.single(singles) {
        return Ok(Some(step));
    }
    let others = techniques.get(SINGLES..).unwrap_or_default();
    let candidates = state.candidates();
    deadline::within(deadline, || {
        others
            .iter()
            .take_while(|_| !deadline::passed())
            .find_map(|technique| technique.find(candidates))
    })
}

/// The steps from `candidates` as far as the techniques go, and the state they reach (solved
/// when every cell is filled). `until`, when given, stops before the first step that needs that
/// technique or a harder one.
///
/// The path is HoDoKu's: techniques in its order and, among singles, the one it notes first
/// (see the `queued` module), so that the counts of each kind of single, and the score, match.
#[must_use]
pub fn solve_steps(candidates: Candidates, until: Option<Technique>) -> (Vec<Step>, Candidates) {
    solve_steps_before(candidates, until, None).expect("no deadline, so no time-out")
}

/// Like [`solve_steps`], giving up once `deadline` (if any) has passed, between two steps or
/// (see [`next_step_before`]) within one.
pub fn solve_steps_before(
    candidates: Candidates,
    until: Option<Technique>,
    deadline: Option<Instant>,
) -> Result<(Vec<Step>, Candidates), TimedOut> {
    let mut steps = Vec::new();
    let allowed = Technique::ALL
        .iter()
        .take_while(|&&t| until.is_none_or(|limit| t < limit))
        .count();
    let mut state = QueuedState::new(&candidates);
    while !state.candidates().is_solved() {
        let Some(step) = next_step_among(&mut state, &Technique::ALL[..allowed], deadline)? else {
            break;
        };
        state.apply(&step);
        steps.push(step);
    }
    Ok((steps, *state.candidates()))
}

/// The steps that solve `puzzle` by logic, as far as the techniques go.
#[must_use]
pub fn explain(puzzle: &Grid) -> (Vec<Step>, Candidates) {
    solve_steps(Candidates::from_grid(puzzle), None)
}
