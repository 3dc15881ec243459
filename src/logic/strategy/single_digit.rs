//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish.
//!
//! Each joins two strong links of one digit (units where it has exactly two places) by a weak
//! one: `a1 = b1 - b2 = a2`. If `a1` is not the digit, `b1` is, so `b2` is not, so `a2` is: one
//! of `a1` and `a2` holds the digit, and no cell seeing both can.

use super::{Technique, elimination};
use crate::grid::{Position, Unit};
use crate::logic::{Candidates, CellDigit, CellSet, Step};

/// True when two different cells share a row, column or box.
pub fn sees(a: Position, b: Position) -> bool {
    a != b && (a.row() == b.row() || a.column() == b.column() || a.block() == b.block())
}

/// The kind of pattern a chain `a1 = b1 - b2 = a2` over `first` and `second` links makes.
fn kind(first: Unit, second: Unit, b1: Position, b2: Position) -> Technique {
    match (first, second) {
        (Unit::Row(_), Unit::Row(_)) if b1.column() == b2.column() => Technique::Skyscraper,
        (Unit::Column(_), Unit::Column(_)) if b1.row() == b2.row() => Technique::Skyscraper,
        (Unit::Row(_), Unit::Column(_)) | (Unit::Column(_), Unit::Row(_))
            if b1.block() == b2.block() =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}

/// The first pattern of the `wanted` kind.
pub fn find(candidates: &Candidates, wanted: Technique) -> Option<Step> {
    (1..=9u8).find_map(|digit| {
        let links: Vec<(Unit, [Position; 2])> = Unit::all()
            .filter_map(|unit| {
                let mut cells = candidates.cells_with(unit, digit);
                match (cells.next(), cells.next(), cells.next()) {
                    (Some(a), Some(b), None) => Some((unit, [a, b])),
                    _ => None,
                }
            })
            .collect();
        for (i, &(first, ends1)) in links.iter().enumerate() {
            for &(second, ends2) in &links[i + 1..] {
                for (a1, b1) in [(ends1[0], ends1[1]), (ends1[1], ends1[0])] {
                    for (a2, b2) in [(ends2[0], ends2[1]), (ends2[1], ends2[0])] {
                        let distinct = [a1, b1].iter().all(|p| *p != a2 && *p != b2);
                        if !distinct || !sees(b1, b2) || kind(first, second, b1, b2) != wanted {
                            continue;
                        }
                        let eliminations: Vec<CellDigit> = Position::all()
                            .filter(|&p| candidates.has(p, digit))
                            .filter(|&p| p != b1 && p != b2 && sees(p, a1) && sees(p, a2))
                            .map(|position| CellDigit { position, digit })
                            .collect();
                        let reason =
                            format!("{digit} in {a1} = {b1} ({first}) - {b2} = {a2} ({second})");
                        if let Some(step) = elimination(wanted, eliminations, reason) {
                            return Some(step);
                        }
                    }
                }
            }
        }
        None
    })
}

/// An empty rectangle: in a box, a digit's candidates all lie on one row and one column of the
/// box (on both arms, three cells at least). A strong link on the digit whose one end is on that
/// row (or column) makes the box's digit sit on the column (or row): the cell where that column
/// meets the other end's row cannot hold the digit.
pub fn empty_rectangle(candidates: &Candidates) -> Option<Step> {
    (1..=9u8).find_map(|digit| {
        let places = candidates.digit_cells(digit);
        (0..9usize).find_map(|b| {
            let in_box = places & CellSet::unit(Unit::Box(b as u8));
            if in_box.len() < 3 {
                return None;
            }
            let (top, left) = (b / 3 * 3, b % 3 * 3);
            (top..top + 3).find_map(|row| {
                (left..left + 3).find_map(|column| {
                    let row_arm = in_box & CellSet::unit(Unit::Row(row as u8));
                    let column_arm = in_box & CellSet::unit(Unit::Column(column as u8));
                    let crossing = CellSet::single(Position::at(row, column));
                    let covered = (in_box - row_arm - column_arm).is_empty();
                    if !covered
                        || (row_arm - crossing).is_empty()
                        || (column_arm - crossing).is_empty()
                    {
                        return None;
                    }
                    rectangle_links(candidates, digit, b, row, column)
                })
            })
        })
    })
}

/// The strong links completing an empty rectangle in box `b` whose arms are `row` and `column`.
fn rectangle_links(
    candidates: &Candidates,
    digit: u8,
    b: usize,
    row: usize,
    column: usize,
) -> Option<Step> {
    let places = candidates.digit_cells(digit);
    // A strong link on a column outside the box, one end on `row`: the other end's row meets
    // `column` at the target. The same with rows and columns swapped.
    let column_links = (0..9)
        .filter(|c| c / 3 != b % 3)
        .map(|c| Unit::Column(c as u8));
    let row_links = (0..9)
        .filter(|r| r / 3 != b / 3)
        .map(|r| Unit::Row(r as u8));
    column_links.chain(row_links).find_map(|unit| {
        let ends: Vec<Position> = (places & CellSet::unit(unit)).iter().collect();
        let [a, z] = ends[..] else { return None };
        [(a, z), (z, a)].into_iter().find_map(|(near, far)| {
            let target = match unit {
                Unit::Column(_) if near.row() == row && far.row() / 3 != b / 3 => {
                    Position::at(far.row(), column)
                }
                Unit::Row(_) if near.column() == column && far.column() / 3 != b % 3 => {
                    Position::at(row, far.column())
                }
                _ => return None,
            };
            if !candidates.has(target, digit) {
                return None;
            }
            let reason = format!(
                "{digit} in box {} on row {} and column {}, linked by {near} = {far}",
                b + 1,
                row + 1,
                column + 1
            );
            let removed = vec![CellDigit {
                position: target,
                digit,
            }];
            elimination(Technique::EmptyRectangle, removed, reason)
        })
    })
}
