//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish.
//!
//! Each joins two strong links of one digit (units where it has exactly two places) by a weak
//! one: `a1 = b1 - b2 = a2`. If `a1` is not the digit, `b1` is, so `b2` is not, so `a2` is: one
//! of `a1` and `a2` holds the digit, and no cell seeing both can.

use super::{Technique, elimination};
use crate::grid::{Position, Unit};
use crate::logic::{Candidates, CellDigit, Step};

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
