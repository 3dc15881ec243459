//! Naked and hidden subsets (pairs, triples, quads) inside one unit.

use super::{Technique, boxes_first, cell_list, choices, clear_digits, digits, elimination};
use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::{Position, Unit};

/// Naked subsets as HoDoKu finds them: `size` cells of a unit (boxes first, then rows, then
/// columns) holding `size` digits between them. Those digits go in those cells, so they leave
/// every other cell of each unit the cells share. A pair or triple inside a box and a line that
/// clears digits from both the box and the line outside it is locked (`LockedPair`,
/// `LockedTriple`); the others are naked.
pub fn naked(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    let locked_wanted = matches!(technique, Technique::LockedPair | Technique::LockedTriple);
    let units: Vec<Unit> = if locked_wanted {
        (0..9).map(Unit::Box).collect()
    } else {
        boxes_first().collect()
    };
    units.into_iter().find_map(|unit| {
        let small: Vec<Position> = unit
            .cells()
            .filter(|&p| (1..=size).contains(&candidates.mark_bits(p).count_ones()))
            .collect();
        choices(&small, size).find_map(|chosen: Vec<Position>| {
            let marks = chosen.iter().fold(0, |m, &p| m | candidates.mark_bits(p));
            if marks.count_ones() != size {
                return None;
            }
            let shared = shared_units(&chosen);
            let mut eliminations: Vec<CellDigit> = Vec::new();
            let (mut from_box, mut from_line_outside) = (false, false);
            for &shared_unit in &shared {
                let others = shared_unit.cells().filter(|p| !chosen.contains(p));
                for removed in clear_digits(candidates, others, marks) {
                    match shared_unit {
                        Unit::Box(_) => from_box = true,
                        _ if removed.position.block() != chosen[0].block() => {
                            from_line_outside = true;
                        }
                        _ => {}
                    }
                    if !eliminations.contains(&removed) {
                        eliminations.push(removed);
                    }
                }
            }
            let locked = size < 4 && shared.len() == 2 && from_box && from_line_outside;
            if locked != locked_wanted {
                return None;
            }
            let where_ = match shared[..] {
                [line, block @ Unit::Box(_)] if locked => format!("{block}, {line}"),
                _ => unit.to_string(),
            };
            let reason = || format!("{} in {} ({where_})", digit_list(marks), cell_list(&chosen));
            elimination(technique, eliminations, reason)
        })
    })
}

/// The units all of `cells` lie in: row, column, box, in that order.
fn shared_units(cells: &[Position]) -> Vec<Unit> {
    let first = cells[0];
    CellSet::units_of(first)
        .into_iter()
        .filter(|&unit| cells.iter().all(|&p| CellSet::units_of(p).contains(&unit)))
        .collect()
}

/// `size` digits of a unit whose candidates, together, lie in `size` cells: those cells hold
/// those digits, so no other candidate. Boxes first, then rows, then columns, as HoDoKu looks.
pub fn hidden(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    boxes_first().find_map(|unit| {
        let cells: Vec<Position> = unit.cells().collect();
        // For each digit still open in the unit, the cells (as bits of `cells`) that allow it.
        let places: Vec<(u8, u32)> = (1..=9u8)
            .map(|digit| {
                let where_ = (0..9).filter(|&i| candidates.has(cells[i], digit));
                (digit, where_.fold(0u32, |bits, i| bits | 1 << i))
            })
            .filter(|&(_, bits)| bits != 0)
            .collect();
        choices(&places, size).find_map(|chosen: Vec<(u8, u32)>| {
            let spots = chosen.iter().fold(0u32, |s, &(_, bits)| s | bits);
            if spots.count_ones() != size {
                return None;
            }
            let kept: u16 = chosen.iter().fold(0, |m, &(digit, _)| m | 1 << digit);
            let in_spots: Vec<Position> = (0..9)
                .filter(|i| spots & (1 << i) != 0)
                .map(|i| cells[i])
                .collect();
            let eliminations: Vec<CellDigit> = in_spots
                .iter()
                .flat_map(|&position| {
                    digits(candidates.mark_bits(position) & !kept)
                        .map(move |digit| CellDigit { position, digit })
                })
                .collect();
            let reason = || {
                format!(
                    "{} only in {} ({unit})",
                    digit_list(kept),
                    cell_list(&in_spots)
                )
            };
            elimination(technique, eliminations, reason)
        })
    })
}

/// The digits of a candidate mask: `1,5`.
fn digit_list(marks: u16) -> String {
    let names: Vec<String> = digits(marks).map(|d| d.to_string()).collect();
    names.join(",")
}
