//! Basic fish: X-Wing, Swordfish, Jellyfish.

use super::{Technique, choices, elimination};
use crate::grid::{Position, Unit};
use crate::logic::{Candidates, CellDigit, Step};

/// For one digit: `size` rows whose candidates all lie in the same `size` columns. Each of those
/// rows takes the digit in one of those columns, which fills them: the digit goes nowhere else
/// in those columns. The same with rows and columns swapped.
pub fn basic(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    (1..=9u8).find_map(|digit| {
        [true, false].into_iter().find_map(|by_rows| {
            let line = |i: usize| {
                if by_rows {
                    Unit::Row(i as u8)
                } else {
                    Unit::Column(i as u8)
                }
            };
            let cover = |i: usize| {
                if by_rows {
                    Unit::Column(i as u8)
                } else {
                    Unit::Row(i as u8)
                }
            };
            let across = |p: Position| if by_rows { p.column() } else { p.row() };
            // Lines with between 2 and `size` candidates, with the cross-lines they touch.
            let bases: Vec<(usize, u16)> = (0..9)
                .map(|i| {
                    let spots = candidates.cells_with(line(i), digit);
                    (i, spots.fold(0u16, |bits, p| bits | 1 << across(p)))
                })
                .filter(|&(_, bits)| (2..=size).contains(&bits.count_ones()))
                .collect();
            choices(&bases, size).find_map(|chosen: Vec<(usize, u16)>| {
                let covers = chosen.iter().fold(0u16, |c, &(_, bits)| c | bits);
                if covers.count_ones() != size {
                    return None;
                }
                let base_lines: Vec<usize> = chosen.iter().map(|&(i, _)| i).collect();
                let cover_lines: Vec<usize> = (0..9).filter(|i| covers & (1 << i) != 0).collect();
                let eliminations: Vec<CellDigit> = cover_lines
                    .iter()
                    .flat_map(|&c| candidates.cells_with(cover(c), digit))
                    .filter(|&p| {
                        let own = if by_rows { p.row() } else { p.column() };
                        !base_lines.contains(&own)
                    })
                    .map(|position| CellDigit { position, digit })
                    .collect();
                let names = |lines: &[usize]| -> String {
                    let v: Vec<String> = lines.iter().map(|i| (i + 1).to_string()).collect();
                    v.join(", ")
                };
                let (base_word, cover_word) = if by_rows {
                    ("rows", "columns")
                } else {
                    ("columns", "rows")
                };
                let reason = format!(
                    "{digit} in {base_word} {} and {cover_word} {}",
                    names(&base_lines),
                    names(&cover_lines)
                );
                elimination(technique, eliminations, reason)
            })
        })
    })
}
