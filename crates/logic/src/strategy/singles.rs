//! Singles: full house, hidden single, naked single. Each places a digit.

use super::{Technique, boxes_first, digits, placement};
use crate::{Candidates, Step};
use sudoku_engine::grid::{Position, Unit};

/// The step placing `digit` in `cell` by the single `technique`, found in `unit` (a naked
/// single names none). A hidden single in a box rates 1.2 on Sudoku Explainer's scale, in a
/// line 1.5.
pub(crate) fn single_step(technique: Technique, cell: Position, digit: u8, unit: Unit) -> Step {
    let reason = match technique {
        Technique::FullHouse => unit.to_string(),
        Technique::HiddenSingle => format!("{digit} in {unit}"),
        _ => String::new(),
    };
    let mut step = placement(technique, cell, digit, reason);
    if technique == Technique::HiddenSingle && matches!(unit, Unit::Box(_)) {
        step.rating = 1.2;
    }
    step
}

/// The only empty cell of a unit takes the one digit the unit lacks.
pub fn full_house(candidates: &Candidates) -> Option<Step> {
    Unit::all().find_map(|unit| {
        let mut empty = unit.cells().filter(|&p| candidates.value(p).is_none());
        let (cell, None) = (empty.next()?, empty.next()) else {
            return None;
        };
        let digit = digits(candidates.mark_bits(cell)).next()?;
        Some(single_step(Technique::FullHouse, cell, digit, unit))
    })
}

/// A digit with one place left in a unit goes there. Boxes first, as people look.
pub fn hidden_single(candidates: &Candidates) -> Option<Step> {
    boxes_first().find_map(|unit| {
        (1..=9).find_map(|digit| {
            let mut cells = candidates.cells_with(unit, digit);
            let (cell, None) = (cells.next()?, cells.next()) else {
                return None;
            };
            Some(single_step(Technique::HiddenSingle, cell, digit, unit))
        })
    })
}

/// A cell with one candidate left takes it.
pub fn naked_single(candidates: &Candidates) -> Option<Step> {
    Position::all().find_map(|cell| {
        let marks = candidates.mark_bits(cell);
        (marks.count_ones() == 1).then(|| {
            let unit = Unit::Box(cell.block() as u8);
            single_step(
                Technique::NakedSingle,
                cell,
                marks.trailing_zeros() as u8,
                unit,
            )
        })
    })
}
