//! Basic fish: X-Wing, Swordfish, Jellyfish.

use super::{Technique, cell_list, choices, elimination};
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

/// For one digit: `size` base rows whose candidates lie in `size` cover columns, except for
/// fins, all in one box. Either a fin holds the digit, or the fish does: the cover columns'
/// cells in the fins' box, outside the base rows, see both cases and lose the digit. Sashimi
/// when a base row keeps at most one cell in the covers. Rows and columns may swap.
pub fn finned(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    let sashimi = matches!(
        technique,
        Technique::SashimiXWing | Technique::SashimiSwordfish | Technique::SashimiJellyfish
    );
    (1..=9u8).find_map(|digit| {
        [true, false].into_iter().find_map(|by_rows| {
            let at = |line: usize, across: usize| {
                if by_rows {
                    Position::at(line, across)
                } else {
                    Position::at(across, line)
                }
            };
            // For each line, the cross-lines holding the digit, as bits.
            let mut spots = [0u16; 9];
            for (line, bits) in spots.iter_mut().enumerate() {
                *bits = (0..9)
                    .filter(|&a| candidates.has(at(line, a), digit))
                    .fold(0, |bits, a| bits | 1 << a);
            }
            // Fins lie in one box, so a base line spans at most `size` + 3 cross-lines.
            let usable = (0..9)
                .filter(|&l| spots[l] != 0 && spots[l].count_ones() <= size + 3)
                .fold(0u16, |bits, l| bits | 1 << l);
            let fish = submasks(usable, size).find_map(|bases| {
                let touched = lines(bases).fold(0u16, |t, l| t | spots[l]);
                if touched.count_ones() > size + 3 {
                    return None;
                }
                submasks(touched, size).find_map(|covers| {
                    let (band, stack) = fin_box(&spots, bases, covers)?;
                    let thin = lines(bases).any(|l| (spots[l] & covers).count_ones() <= 1);
                    if thin != sashimi {
                        return None;
                    }
                    let stack_bits = 0b111 << (3 * stack);
                    let targets = (3 * band..3 * band + 3)
                        .filter(|l| bases & (1 << l) == 0)
                        .flat_map(|l| lines(spots[l] & covers & stack_bits).map(move |a| at(l, a)));
                    let eliminations: Vec<CellDigit> = targets
                        .map(|position| CellDigit { position, digit })
                        .collect();
                    (!eliminations.is_empty()).then_some((bases, covers, eliminations))
                })
            })?;
            let (bases, covers, eliminations) = fish;
            let fins: Vec<Position> = lines(bases)
                .flat_map(|l| lines(spots[l] & !covers).map(move |a| at(l, a)))
                .collect();
            let base_lines: Vec<usize> = lines(bases).collect();
            let cover_lines: Vec<usize> = lines(covers).collect();
            let (base_word, cover_word) = if by_rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            let reason = format!(
                "{digit} in {base_word} {} and {cover_word} {}, fins {}",
                line_names(&base_lines),
                line_names(&cover_lines),
                cell_list(&fins)
            );
            elimination(technique, eliminations, reason)
        })
    })
}

/// The band and stack of the one box holding every fin (base candidates outside the covers),
/// or `None` when there is no fin or they spread over several boxes.
fn fin_box(spots: &[u16; 9], bases: u16, covers: u16) -> Option<(usize, usize)> {
    let mut found: Option<(usize, usize)> = None;
    for line in lines(bases) {
        let fins = spots[line] & !covers;
        if fins == 0 {
            continue;
        }
        let stack = fins.trailing_zeros() as usize / 3;
        if fins & !(0b111 << (3 * stack)) != 0 {
            return None;
        }
        match found {
            None => found = Some((line / 3, stack)),
            Some(place) if place == (line / 3, stack) => {}
            Some(_) => return None,
        }
    }
    found
}

/// The set bits of `bits`, lowest first.
fn lines(bits: u16) -> impl Iterator<Item = usize> {
    (0..16).filter(move |i| bits & (1 << i) != 0)
}

/// The subsets of `bits` with `size` members, in increasing order.
fn submasks(bits: u16, size: u32) -> impl Iterator<Item = u16> {
    // Walks every subset of `bits` (0 excluded), from the smallest up.
    let mut sub = 0u16;
    std::iter::from_fn(move || {
        sub = sub.wrapping_sub(bits) & bits;
        (sub != 0).then_some(sub)
    })
    .filter(move |sub| sub.count_ones() == size)
}

/// Lines counted from 1: `2, 5, 8`.
fn line_names(lines: &[usize]) -> String {
    let v: Vec<String> = lines.iter().map(|i| (i + 1).to_string()).collect();
    v.join(", ")
}
