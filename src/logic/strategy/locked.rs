//! Locked candidates: pointing (box to line) and claiming (line to box); locked pairs and
//! triples (a naked subset inside the crossing of a box and a line).

use super::{Technique, cell_list, choices, digits, elimination};
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

/// `size` cells where a box crosses a line, holding `size` candidates between them: those digits
/// go in those cells, so nowhere else in the box or on the line.
pub fn locked_subset(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    (0..9).map(Unit::Box).find_map(|block| {
        let Unit::Box(b) = block else { unreachable!() };
        let (top, left) = (usize::from(b) / 3 * 3, usize::from(b) % 3 * 3);
        let lines = (top..top + 3)
            .map(|r| Unit::Row(r as u8))
            .chain((left..left + 3).map(|c| Unit::Column(c as u8)));
        lines.into_iter().find_map(|line| {
            let crossing: Vec<Position> = line
                .cells()
                .filter(|p| p.block() == usize::from(b) && candidates.marks(*p) != 0)
                .collect();
            choices(&crossing, size).find_map(|chosen: Vec<Position>| {
                let marks = chosen.iter().fold(0, |m, &p| m | candidates.marks(p));
                if marks.count_ones() != size {
                    return None;
                }
                // Locked only when both the box and the line (outside the box) lose something,
                // as HoDoKu counts it; otherwise it is a plain naked subset.
                let clear = |cells: &mut dyn Iterator<Item = Position>| -> Vec<CellDigit> {
                    cells
                        .filter(|p| !chosen.contains(p))
                        .flat_map(|position| {
                            digits(candidates.marks(position) & marks)
                                .map(move |digit| CellDigit { position, digit })
                        })
                        .collect()
                };
                let mut eliminations = clear(&mut block.cells());
                let on_line = clear(&mut line.cells().filter(|p| p.block() != usize::from(b)));
                if eliminations.is_empty() || on_line.is_empty() {
                    return None;
                }
                eliminations.extend(on_line);
                let names: Vec<String> = digits(marks).map(|d| d.to_string()).collect();
                let reason = format!(
                    "{} in {} ({block}, {line})",
                    names.join(","),
                    cell_list(&chosen)
                );
                elimination(technique, eliminations, reason)
            })
        })
    })
}
