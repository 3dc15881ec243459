//! Uniqueness techniques: unique rectangles (types 1 to 4), the hidden rectangle and BUG+1.
//!
//! They rest on the puzzle having one solution: a pattern that could be completed in two ways
//! (the "deadly pattern") cannot be the solution, so some candidate that would leave it is true.
//! The commands only run the logic on puzzles whose uniqueness the solver has checked.

use super::{Technique, digits, elimination, placement};
use crate::grid::{Position, Unit};
use crate::logic::{Candidates, CellDigit, CellSet, Step};

/// Four empty cells on two rows, two columns and two boxes, all holding the two digits `pair`.
struct Rectangle {
    corners: [Position; 4],
    pair: u16,
}

/// Every rectangle of the grid whose four cells all allow both digits of some pair.
fn rectangles(candidates: &Candidates) -> Vec<Rectangle> {
    let mut found = Vec::new();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let corners = [
                        Position::at(r1, c1),
                        Position::at(r1, c2),
                        Position::at(r2, c1),
                        Position::at(r2, c2),
                    ];
                    let boxes: CellSet = corners.into_iter().collect();
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    if !two_boxes || boxes.len() != 4 {
                        continue;
                    }
                    let common = corners.iter().fold(0x3FE, |m, &p| m & candidates.marks(p));
                    for x in digits(common) {
                        for y in digits(common).filter(|&y| y > x) {
                            found.push(Rectangle {
                                corners,
                                pair: 1 << x | 1 << y,
                            });
                        }
                    }
                }
            }
        }
    }
    found
}

/// The units both cells lie in.
fn shared_units(a: Position, b: Position) -> Vec<Unit> {
    let mut units = Vec::new();
    if a.row() == b.row() {
        units.push(Unit::Row(a.row() as u8));
    }
    if a.column() == b.column() {
        units.push(Unit::Column(a.column() as u8));
    }
    if a.block() == b.block() {
        units.push(Unit::Box(a.block() as u8));
    }
    units
}

fn pair_name(pair: u16) -> String {
    let d: Vec<String> = digits(pair).map(|d| d.to_string()).collect();
    d.join("/")
}

fn corner_names(corners: &[Position]) -> String {
    let names: Vec<String> = corners.iter().map(ToString::to_string).collect();
    names.join(", ")
}

/// The first unique-rectangle step of `technique` (types 1 to 4).
pub fn unique_rectangle(candidates: &Candidates, technique: Technique) -> Option<Step> {
    rectangles(candidates).into_iter().find_map(|rect| {
        let pair = rect.pair;
        // The corners with more than the pair; the others hold the pair only.
        let roof: Vec<Position> = rect
            .corners
            .into_iter()
            .filter(|&p| candidates.marks(p) != pair)
            .collect();
        let reason = || {
            format!(
                "{} in {} would have two solutions",
                pair_name(pair),
                corner_names(&rect.corners)
            )
        };
        match (technique, roof.len()) {
            (Technique::UniqueRectangle1, 1) => {
                let removed = digits(pair).map(|digit| CellDigit {
                    position: roof[0],
                    digit,
                });
                elimination(technique, removed.collect(), reason())
            }
            (
                Technique::UniqueRectangle2
                | Technique::UniqueRectangle3
                | Technique::UniqueRectangle4,
                2,
            ) if !shared_units(roof[0], roof[1]).is_empty() => {
                roof_step(candidates, technique, pair, [roof[0], roof[1]], reason)
            }
            _ => None,
        }
    })
}

/// Types 2 to 4: the two roof cells share a unit and hold extra candidates.
fn roof_step(
    candidates: &Candidates,
    technique: Technique,
    pair: u16,
    roof: [Position; 2],
    reason: impl Fn() -> String,
) -> Option<Step> {
    let extras = (candidates.marks(roof[0]) | candidates.marks(roof[1])) & !pair;
    let roof_set: CellSet = roof.into_iter().collect();
    match technique {
        // One extra digit, the same in both: one roof cell holds it.
        Technique::UniqueRectangle2 => {
            let same = candidates.marks(roof[0]) == candidates.marks(roof[1]);
            if !same || extras.count_ones() != 1 {
                return None;
            }
            let digit = extras.trailing_zeros() as u8;
            let seeing = roof_set.common_peers() & candidates.digit_cells(digit);
            if seeing.is_empty() {
                return None;
            }
            let removed = seeing.iter().map(|position| CellDigit { position, digit });
            elimination(technique, removed.collect(), reason())
        }
        // The extras act as one cell: with other cells of a shared unit they make a naked
        // subset.
        Technique::UniqueRectangle3 => {
            shared_units(roof[0], roof[1]).into_iter().find_map(|unit| {
                let others: Vec<Position> = unit
                    .cells()
                    .filter(|p| !roof_set.contains(*p) && candidates.marks(*p) != 0)
                    .collect();
                super::choices(&others, 1)
                    .chain(super::choices(&others, 2))
                    .chain(super::choices(&others, 3))
                    .find_map(|chosen: Vec<Position>| {
                        let marks = chosen.iter().fold(extras, |m, &p| m | candidates.marks(p));
                        if marks.count_ones() as usize != chosen.len() + 1 {
                            return None;
                        }
                        let removed: Vec<CellDigit> = others
                            .iter()
                            .filter(|p| !chosen.contains(p))
                            .flat_map(|&position| {
                                digits(candidates.marks(position) & marks)
                                    .map(move |digit| CellDigit { position, digit })
                            })
                            .collect();
                        if removed.is_empty() {
                            return None;
                        }
                        let why = format!("{}; extras with {}", reason(), corner_names(&chosen));
                        elimination(technique, removed, why)
                    })
            })
        }
        // One of the pair has no other place in a shared unit: the roof holds it, so the other
        // digit of the pair is gone from both roof cells.
        Technique::UniqueRectangle4 => {
            shared_units(roof[0], roof[1]).into_iter().find_map(|unit| {
                digits(pair).find_map(|locked| {
                    let places: CellSet = candidates.cells_with(unit, locked).collect();
                    if places != roof_set {
                        return None;
                    }
                    let other = (pair & !(1 << locked)).trailing_zeros() as u8;
                    let removed = roof.iter().map(|&position| CellDigit {
                        position,
                        digit: other,
                    });
                    let why = format!("{}; {locked} is locked in {unit}", reason());
                    elimination(technique, removed.collect(), why)
                })
            })
        }
        _ => None,
    }
}

/// A rectangle with one two-candidate corner: if the opposite corner's row and column each hold
/// one digit of the pair only in the rectangle, the opposite corner cannot hold the other digit.
pub fn hidden_rectangle(candidates: &Candidates) -> Option<Step> {
    rectangles(candidates).into_iter().find_map(|rect| {
        let pair = rect.pair;
        rect.corners.iter().find_map(|&corner| {
            if candidates.marks(corner) != pair {
                return None;
            }
            let opposite = *rect
                .corners
                .iter()
                .find(|p| p.row() != corner.row() && p.column() != corner.column())?;
            let row = Unit::Row(opposite.row() as u8);
            let column = Unit::Column(opposite.column() as u8);
            let in_rect: CellSet = rect.corners.into_iter().collect();
            digits(pair).find_map(|strong| {
                let confined = [row, column].iter().all(|&unit| {
                    candidates
                        .cells_with(unit, strong)
                        .all(|p| in_rect.contains(p))
                });
                let other = (pair & !(1 << strong)).trailing_zeros() as u8;
                if !confined || !candidates.has(opposite, other) {
                    return None;
                }
                let reason = format!(
                    "{} in {}, {strong} only in the rectangle on {row} and {column}",
                    pair_name(pair),
                    corner_names(&rect.corners)
                );
                let removed = vec![CellDigit {
                    position: opposite,
                    digit: other,
                }];
                elimination(Technique::HiddenRectangle, removed, reason)
            })
        })
    })
}

/// Bivalue universal grave + 1: every empty cell has two candidates but one, which has three.
/// Without its extra digit the grid would have two solutions, so the cell takes the digit that
/// appears three times in its row.
pub fn bug_plus_one(candidates: &Candidates) -> Option<Step> {
    let mut odd = None;
    for position in Position::all() {
        match candidates.marks(position).count_ones() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(position),
            _ => return None,
        }
    }
    let cell = odd?;
    let row = Unit::Row(cell.row() as u8);
    let digit =
        digits(candidates.marks(cell)).find(|&d| candidates.cells_with(row, d).count() == 3)?;
    // The rest must be a true grave: every digit twice (or not at all) in every unit.
    let grave = Unit::all().all(|unit| {
        (1..=9u8).all(|d| {
            let count = candidates.cells_with(unit, d).count();
            let holds_cell = unit.cells().any(|p| p == cell);
            count == 0 || count == 2 || (count == 3 && d == digit && holds_cell)
        })
    });
    if !grave {
        return None;
    }
    let reason = format!("every other empty cell has two candidates; {digit} is thrice in {row}");
    Some(placement(Technique::BugPlusOne, cell, digit, reason))
}
