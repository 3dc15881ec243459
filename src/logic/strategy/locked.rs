//! Locked candidates: pointing (box to line) and claiming (line to box).

use super::{Technique, elimination};
use crate::grid::{Position, Unit};
use crate::logic::{Candidates, CellDigit, Step};

/// The line both cells lie on, if they share a row (or else a column).
fn common_line(cells: &[Position]) -> Option<Unit> {
    let first = cells.first()?;
    if cells.iter().all(|p| p.row() == first.row()) {
        Some(Unit::Row(first.row() as u8))
    } else if cells.iter().all(|p| p.column() == first.column()) {
        Some(Unit::Column(first.column() as u8))
    } else {
        None
    }
}

/// Removes `digit` from the cells of `target` outside `source`.
fn eliminate_outside(
    candidates: &Candidates,
    digit: u8,
    target: Unit,
    source: &[Position],
) -> Vec<CellDigit> {
    candidates
        .cells_with(target, digit)
        .filter(|p| !source.contains(p))
        .map(|position| CellDigit { position, digit })
        .collect()
}

/// Inside a box, a digit's candidates all lie on one row or column: the digit goes in that box,
/// so not elsewhere on the line.
pub fn pointing(candidates: &Candidates) -> Option<Step> {
    (0..9).map(Unit::Box).find_map(|block| {
        (1..=9).find_map(|digit| {
            let cells: Vec<Position> = candidates.cells_with(block, digit).collect();
            let line = common_line(&cells)?;
            let eliminations = eliminate_outside(candidates, digit, line, &cells);
            let reason = format!("{digit} in {block} is on {line}");
            elimination(Technique::Pointing, eliminations, reason)
        })
    })
}

/// Inside a row or column, a digit's candidates all lie in one box: the digit goes on that line,
/// so not elsewhere in the box.
pub fn claiming(candidates: &Candidates) -> Option<Step> {
    Unit::all().take(18).find_map(|line| {
        (1..=9).find_map(|digit| {
            let cells: Vec<Position> = candidates.cells_with(line, digit).collect();
            let first = cells.first()?;
            if cells.iter().any(|p| p.block() != first.block()) {
                return None;
            }
            let block = Unit::Box(first.block() as u8);
            let eliminations = eliminate_outside(candidates, digit, block, &cells);
            let reason = format!("{digit} in {line} is in {block}");
            elimination(Technique::Claiming, eliminations, reason)
        })
    })
}
