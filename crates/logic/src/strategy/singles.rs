//! Singles: full house, hidden single, naked single. Each places a digit.

use super::{Technique, digits, placement};
use crate::{Candidates, Step};
use sudoku_engine::grid::Unit;

/// The only empty cell of a unit takes the one digit the unit lacks.
pub fn full_house(candidates: &Candidates) -> Option<Step> {
    Unit::all().find_map(|unit| {
        let mut empty = unit.cells().filter(|&p| candidates.value(p).is_none());
        let (cell, None) = (empty.next()?, empty.next()) else {
            return None;
        };
        let digit = digits(candidates.mark_bits(cell)).next()?;
        Some(placement(
            Technique::FullHouse,
            cell,
            digit,
            unit.to_string(),
        ))
    })
}

/// A digit with one place left in a unit goes there. Boxes first, as people look.
pub fn hidden_single(candidates: &Candidates) -> Option<Step> {
    let boxes_first = (0..9).map(Unit::Box).chain(Unit::all().take(18));
    boxes_first.into_iter().find_map(|unit| {
        (1..=9).find_map(|digit| {
            let mut cells = candidates.cells_with(unit, digit);
            let (cell, None) = (cells.next()?, cells.next()) else {
                return None;
            };
            let reason = format!("{digit} in {unit}");
            let mut step = placement(Technique::HiddenSingle, cell, digit, reason);
            if let Unit::Box(_) = unit {
                // Sudoku Explainer: 1.2 in a box, 1.5 in a row or column.
                step.rating = 1.2;
            }
            Some(step)
        })
    })
}

/// A cell with one candidate left takes it.
pub fn naked_single(candidates: &Candidates) -> Option<Step> {
    sudoku_engine::grid::Position::all().find_map(|cell| {
        let marks = candidates.mark_bits(cell);
        (marks.count_ones() == 1).then(|| {
            placement(
                Technique::NakedSingle,
                cell,
                marks.trailing_zeros() as u8,
                String::new(),
            )
        })
    })
}
