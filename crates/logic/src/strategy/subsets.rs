//! Naked and hidden subsets (pairs, triples, quads) inside one unit.

use super::{Technique, cell_list, choices, clear_digits, digits, elimination};
use crate::{Candidates, CellDigit, Step};
use sudoku_engine::grid::{Position, Unit};

/// `size` cells of a unit whose candidates, together, are `size` digits: those digits go in
/// those cells, so nowhere else in the unit.
pub fn naked(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    Unit::all().find_map(|unit| {
        let open: Vec<Position> = unit
            .cells()
            .filter(|&p| candidates.mark_bits(p) != 0)
            .collect();
        choices(&open, size).find_map(|chosen: Vec<Position>| {
            let marks = chosen.iter().fold(0, |m, &p| m | candidates.mark_bits(p));
            if marks.count_ones() != size {
                return None;
            }
            let others = open.iter().copied().filter(|p| !chosen.contains(p));
            let eliminations = clear_digits(candidates, others, marks);
            let reason = format!("{} in {} ({unit})", digit_list(marks), cell_list(&chosen));
            elimination(technique, eliminations, reason)
        })
    })
}

/// `size` digits of a unit whose candidates, together, lie in `size` cells: those cells hold
/// those digits, so no other candidate.
pub fn hidden(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    Unit::all().find_map(|unit| {
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
            let reason = format!(
                "{} only in {} ({unit})",
                digit_list(kept),
                cell_list(&in_spots)
            );
            elimination(technique, eliminations, reason)
        })
    })
}

/// The digits of a candidate mask: `1,5`.
fn digit_list(marks: u16) -> String {
    let names: Vec<String> = digits(marks).map(|d| d.to_string()).collect();
    names.join(",")
}
