//! The pencil-mark state a logic command starts from, read from a record, and refused where
//! logic would have to make something up.

use std::time::Instant;

use sudoku_engine::sized::Shape;
use sudoku_engine::solver::{SearchStats, count_and_first_measured};
use sudoku_engine::{ParseError, Record, TimedOut};
use sudoku_logic::sized::SizedCandidates;
use sudoku_logic::{Candidates, CellDigit};

use crate::cli::logic_state::AnyState;
use crate::cli::output::{Budget, Problem, out_of};
use crate::cli::sizes::{SizeArgs, other_size, other_symbols};

/// The pencil-mark state of a record: from a puzzle of any size, or from a 729-character
/// candidate line or a 9x9 grid of pencil marks.
///
/// Refused: text that is not a puzzle, clashing givens, a candidate state that contradicts
/// itself. With `need_unique` (every command that takes steps: logic would make up a path
/// otherwise), also a state without exactly one solution, or whose eliminations rule out every
/// solution; the search that shows it stops at `budget`'s deadline, if there is one (a 9x9
/// count never comes near one).
pub(super) fn state_of(
    record: &Record,
    need_unique: bool,
    budget: Option<Budget>,
    sizes: &SizeArgs,
) -> Result<AnyState, Problem> {
    if let Some(state) = candidate_state(record, sizes) {
        return match need_unique {
            true => unique_state(state?, budget),
            false => state,
        };
    }
    if let Some(sized) = other_size(record, sizes) {
        let sized = sized?;
        if let Some(clash) = sized.clash() {
            return Err(clash);
        }
        if need_unique {
            let deadline = budget.map(|budget| budget.deadline);
            let (count, _first) = sized
                .count_and_first_measured(2, deadline, &mut SearchStats::default())
                .map_err(out_of(budget))?;
            match count.found {
                0 => return Err(Problem::NoSolution),
                1 => {}
                _ => return Err(Problem::NotUnique(count)),
            }
        }
        let state = SizedCandidates::from_grid(&sized.grid, sized.alphabet);
        return Ok(AnyState::Other(state));
    }
    let grid = match &record.puzzle {
        Ok(grid) => grid,
        Err(invalid) => return Err(Problem::Invalid(invalid.error.clone())),
    };
    let state = without_clash(Candidates::from_grid(grid))?;
    if !need_unique {
        return Ok(AnyState::Nine(Box::new(state)));
    }
    let count = state.count_solutions(2);
    match count.found {
        0 => Err(Problem::NoSolution),
        1 => Ok(AnyState::Nine(Box::new(state))),
        _ => Err(Problem::NotUnique(count)),
    }
}

/// A candidate state with exactly one solution (shown within `budget`), or why it has none
/// ([`why_no_solution`]) or several.
fn unique_state(state: AnyState, budget: Option<Budget>) -> Result<AnyState, Problem> {
    let deadline = budget.map(|budget| budget.deadline);
    let (count, _first) = state
        .count_and_first(2, deadline, &mut SearchStats::default())
        .map_err(out_of(budget))?;
    match count.found {
        0 => Err(why_no_solution(&state, budget)),
        1 => Ok(state),
        _ => Err(Problem::NotUnique(count)),
    }
}

/// The candidate line of another size than 9x9 (or of 9x9 in symbols other than digits) that
/// a record holds, if it holds one (see [`SizedCandidates::text_shape`]).
fn sized_candidates(record: &Record, sizes: &SizeArgs) -> Option<Result<SizedCandidates, Problem>> {
    let text = &record.puzzle.as_ref().err()?.text;
    // A 9x9 candidate line in digits is the 9x9 logic's (a stray letter in it is a typo it
    // names); in letters only (as a grid of pencil marks in letters reads back), or with
    // symbols of its own named, it is this one's.
    let in_letters = text.chars().any(|c| c.is_ascii_alphabetic())
        && !text.chars().any(|c| ('1'..='9').contains(&c));
    let own_symbols = other_symbols(sizes.alphabet) || in_letters;
    let shape = sizes.shape.filter(|&s| s != Shape::NINE || own_symbols);
    let shape = SizedCandidates::text_shape(text, shape).or_else(|| match own_symbols {
        true => SizedCandidates::text_shape(text, Some(Shape::NINE)),
        false => None,
    })?;
    Some(
        SizedCandidates::from_text(text, shape, sizes.alphabet)
            .map_err(|e| Problem::BadCandidates(e.to_string())),
    )
}

/// The candidate state a record holds, if it holds one (a candidate line of any size, or a 9x9
/// grid of pencil marks), for the commands that solve and count: refused when its values
/// clash or it contradicts itself.
pub fn candidate_state(record: &Record, sizes: &SizeArgs) -> Option<Result<AnyState, Problem>> {
    if let Some(state) = sized_candidates(record, sizes) {
        return Some(state.and_then(sized_state).map(AnyState::Other));
    }
    let text = nine_candidate_text(record, sizes)?;
    Some(nine_candidates(text).map(|state| AnyState::Nine(Box::new(state))))
}

/// The 9x9 candidate state's text a record holds, if it holds one (see
/// [`sudoku_engine::InvalidPuzzle::candidate_text`]); a line of 729 cells is a 27x27 grid
/// instead when --box names that shape, as [`other_size`] reads it.
fn nine_candidate_text<'a>(record: &'a Record, sizes: &SizeArgs) -> Option<&'a str> {
    let invalid = record.puzzle.as_ref().err()?;
    let other_shape = sizes.shape.is_some_and(|shape| shape != Shape::NINE);
    if other_shape && matches!(invalid.error, ParseError::WrongCellCount { .. }) {
        return None;
    }
    invalid.candidate_text()
}

/// Why a candidate state has no solution: its eliminations rule its solution out (and which
/// cell shows it, when its filled cells alone have one solution), or it has none at all.
pub fn why_no_solution(state: &AnyState, budget: Option<Budget>) -> Problem {
    match state {
        AnyState::Nine(state) => ruled_out(state),
        AnyState::NineIn(..) => why_no_solution(&state.clone().in_own_symbols(), budget),
        AnyState::Other(state) => {
            let deadline = budget.map(|budget| budget.deadline);
            sized_ruled_out(state, deadline).unwrap_or_else(out_of(budget))
        }
    }
}

/// The 9x9 candidate state written as `text` (a candidate line, or a grid of pencil marks
/// turned into one), refused when it contradicts itself or two of its values clash.
fn nine_candidates(text: &str) -> Result<Candidates, Problem> {
    let state = Candidates::from_text(text).map_err(|e| Problem::BadCandidates(e.to_string()))?;
    without_clash(state)
}

/// A 9x9 state, refused when two of its values clash.
fn without_clash(state: Candidates) -> Result<Candidates, Problem> {
    match state.grid().first_conflict() {
        Some(conflict) => Err(Problem::Clash(conflict.to_string())),
        None => Ok(state),
    }
}

/// A candidate state of another size, refused as the 9x9 one is: clashing values, or a state
/// that contradicts itself.
fn sized_state(state: SizedCandidates) -> Result<SizedCandidates, Problem> {
    if let Some(conflict) = state.grid().first_conflict() {
        return Err(Problem::Clash(conflict.describe(state.alphabet())));
    }
    if let Some(contradiction) = state.contradiction() {
        return Err(Problem::BadCandidates(contradiction.to_string()));
    }
    Ok(state)
}

/// The problem with a candidate state of another size that has no solution: when its filled
/// cells alone have one, the first cell whose candidates leave out its value; Err once
/// `deadline` (if any) has passed.
fn sized_ruled_out(
    state: &SizedCandidates,
    deadline: Option<Instant>,
) -> Result<Problem, TimedOut> {
    let grid = state.grid();
    let (count, first) = sudoku_engine::sized::count_and_first_before(&grid, 2, deadline)?;
    let Some(solution) = first.filter(|_| count.is_unique()) else {
        return Ok(match count.found {
            0 => Problem::NoSolution,
            _ => Problem::RuledOut(String::new()),
        });
    };
    let allowed = state.allowed();
    let cell = (0..grid.cells().len())
        .find(|&cell| allowed[cell] >> (solution.get(cell) - 1) & 1 == 0)
        .map(|cell| {
            let value = state.symbol(solution.get(cell));
            format!(" ({} must be {value})", state.cell_name(cell))
        });
    Ok(Problem::RuledOut(cell.unwrap_or_default()))
}

/// The problem with a candidate state that has no solution, as [`sized_ruled_out`] words it:
/// none at all when its filled cells alone have none, else its eliminations rule every
/// solution out (and when those cells have one solution, the first cell where the candidates
/// leave out its digit).
fn ruled_out(state: &Candidates) -> Problem {
    let grid = state.grid();
    let mut stats = SearchStats::default();
    let (count, first) = count_and_first_measured(&grid, 2, None, &mut stats).expect("no deadline");
    if count.found == 0 {
        return Problem::NoSolution;
    }
    let cell = first
        .filter(|_| count.is_unique())
        .and_then(|solution| state.first_ruled_out(&solution))
        .map(|CellDigit { position, digit }| format!(" ({position} must be {digit})"));
    Problem::RuledOut(cell.unwrap_or_default())
}
