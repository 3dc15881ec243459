#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod candidates;
mod cells;
mod deadline;
mod rating;
pub mod sized;
pub mod strategy;

pub use candidates::{Candidates, CandidatesError};
pub use cells::{CellSet, sees};
pub use rating::{Rating, rate, rate_path};
pub use strategy::{Level, Technique, UnknownLevel, UnknownTechnique};

use std::fmt;

use std::time::Instant;

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

/// The easiest step available in `candidates`, if any technique finds one.
#[must_use]
pub fn next_step(candidates: &Candidates) -> Option<Step> {
    Technique::ALL
        .iter()
        .find_map(|technique| technique.find(candidates))
}

/// Like [`next_step`], giving up once `deadline` (if any) has passed: the long searches
/// (chains, forcing chains and nets) look at the clock as they go, so a step is cut short.
pub fn next_step_before(
    candidates: &Candidates,
    deadline: Option<Instant>,
) -> Result<Option<Step>, TimedOut> {
    next_step_among(candidates, &Technique::ALL, deadline)
}

/// The easiest step of `techniques` (in their order), within `deadline`.
fn next_step_among(
    candidates: &Candidates,
    techniques: &[Technique],
    deadline: Option<Instant>,
) -> Result<Option<Step>, TimedOut> {
    deadline::within(deadline, || {
        techniques
            .iter()
            .take_while(|_| !deadline::passed())
            .find_map(|technique| technique.find(candidates))
    })
}

/// The steps from `candidates` as far as the techniques go, and the state they reach (solved
/// when every cell is filled). `until`, when given, stops before the first step that needs that
/// technique or a harder one.
#[must_use]
pub fn solve_steps(candidates: Candidates, until: Option<Technique>) -> (Vec<Step>, Candidates) {
    solve_steps_before(candidates, until, None).expect("no deadline, so no time-out")
}

/// Like [`solve_steps`], giving up once `deadline` (if any) has passed, between two steps or
/// (see [`next_step_before`]) within one.
pub fn solve_steps_before(
    mut candidates: Candidates,
    until: Option<Technique>,
    deadline: Option<Instant>,
) -> Result<(Vec<Step>, Candidates), TimedOut> {
    let mut steps = Vec::new();
    let allowed = Technique::ALL
        .iter()
        .take_while(|&&t| until.is_none_or(|limit| t < limit))
        .count();
    while !candidates.is_solved() {
        let Some(step) = next_step_among(&candidates, &Technique::ALL[..allowed], deadline)? else {
            break;
        };
        candidates.apply(&step);
        steps.push(step);
    }
    Ok((steps, candidates))
}

/// The steps that solve `puzzle` by logic, as far as the techniques go.
#[must_use]
pub fn explain(puzzle: &Grid) -> (Vec<Step>, Candidates) {
    solve_steps(Candidates::from_grid(puzzle), None)
}
