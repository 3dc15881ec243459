//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish.
//!
//! Each joins two strong links of one digit (units where it has exactly two places) by a weak
//! one: `a1 = b1 - b2 = a2`. If `a1` is not the digit, `b1` is, so `b2` is not, so `a2` is: one
//! of `a1` and `a2` holds the digit, and no cell seeing both can.

use super::{Technique, elimination, templates};
use crate::{Candidates, CellDigit, CellSet, Step, sees};
use sudoku_engine::grid::{Position, Unit};

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
    templates::digits_to_search(&candidates.places()).find_map(|(digit, _)| {
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
                            || format!("{digit} in {a1} = {b1} ({first}) - {b2} = {a2} ({second})");
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
    templates::digits_to_search(&candidates.places()).find_map(|(digit, places)| {
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
                    rectangle_links(candidates, places, digit, b, row, column)
                })
            })
        })
    })
}

/// The strong links completing an empty rectangle in box `b` whose arms are `row` and `column`;
/// `places` are the digit's cells.
fn rectangle_links(
    candidates: &Candidates,
    places: CellSet,
    digit: u8,
    b: usize,
    row: usize,
    column: usize,
) -> Option<Step> {
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
            let reason = || {
                format!(
                    "{digit} in box {} on row {} and column {}, linked by {near} = {far}",
                    b + 1,
                    row + 1,
                    column + 1
                )
            };
            let removed = vec![CellDigit {
                position: target,
                digit,
            }];
            elimination(Technique::EmptyRectangle, removed, reason)
        })
    })
}

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn empty_rectangle_in_a_real_position() {
        assert_step(
            Technique::EmptyRectangle,
            "..345..89...45...9...45..8....4.6..9.2.4....9...4.6..9.234....9......7..1..........34....9.2............67.........8....4..7.91..........34.6..9..3.56..9..3456..9...4....91.............67......5.....2.4..7.9..3.......2.4.6..9.2...6.89.2.4.6.89......7.....45..8.........91.............6......45..8..234......23.5.....2345.......45.......456.....3.......2..........45...9...45.7.9.......8.1...........4567.91...........456.8..2.........34....9..345..89...45.789...4.67.9....56..9...4567.9...4...89..3......1...........4.67.9...4...89.2...........5.........6.89.....6789.....6.......5.7.9....5..8...3...7.91............5..89.23...7.9...4......23...789.2..........45.7.9...45..8...34.67.9..345..89...456.891..........3..6.89..3..6789",
            "Empty Rectangle: 4 in box 2 on row 1 and column 5, linked by r1c3 = r9c3 -> r9c5 <> 4",
        );
    }

    #[test]
    fn skyscraper_in_a_real_position() {
        assert_step(
            Technique::Skyscraper,
            "...4.........56..912...6.8.....5.789..3......1...5.789.2..5...9.2..567...2..567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7...2345.7.9.23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345...9.23.567..1........123..6.....34.6...12.4.6.....3...78.....5....1.3..678..23..............9.23...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7...2345.7..1.3..6.........7......5...9.2.......1....6.8.1.34.6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....12.........3............78......678......678.12......9...4......2......9........912.............7....3.5.......4.......3.5....12............6.8......6.8.",
            "Skyscraper: 4 in r5c4 = r3c4 (column 4) - r3c7 = r6c7 (column 7) -> r5c9 <> 4, r6c6 <> 4",
        );
    }

    #[test]
    fn two_string_kite_in_a_real_position() {
        assert_step(
            Technique::TwoStringKite,
            ".....6.......5.7..........9.234......2345.....2345....1.34..7..12.45...........8..23..........5..8..23............7.....45..8.1...........4.6..9...456..9....56..9...4.........5.78.1.............6..9.23.5..8......6..9..3...7...2..5.....23.5.7..1...5.7..........9.......8.123...........6....23.5.7..1.....7..12..........4.....1...5.7...2..........4.6...1..4...891..45.7.....45.7891....6789..3......1....67.91.....7....3.........4.6...12.4...8912.4..7...2.4..789....5....12...6.8912...67.9.23.....91.........23..........5......34.......34.6.8...34.6.89......7....3..6..9.......8....4.6.......5.7..1234.6...........9.234.67..1.34.6...1..456...1.3.56.....3.....9...4.6.......5.7..1.34.6.8.1.34..7....34.678..2.......1..456.891.3.56..9",
            "2-String Kite: 8 in r7c6 = r7c7 (row 7) - r9c8 = r6c8 (column 8) -> r6c6 <> 8",
        );
    }

    #[test]
    fn turbot_fish_in_a_real_position() {
        assert_step(
            Technique::TurbotFish,
            "...4...8.1..........3..........5............9.2.4...8.......78..2...67...2...6.8.....5..89.2...6....2..56....2...6.8.......7..12.....8....4......23.5...9123.5..8....45..89.2.4.67...2..5.7.....4.6.8...3......12.4...8.1...5..8912..5...912..5..8.1..........3..........56....2.4........45.....2.4..7.......67.........8.........9.2...............9...4...........78......6.......5.78...3......1...5.7..1...5.7........7......56..........8...3......1................9....56....2.4......2.4.......3.............8..2....7.91.........2.45.........6.......5.7.9...45.7.9...45.7.......6......45....1.......9...4..7.........8.....5.7...2.......1.3.....91.3.........45.....2....7..12....7..........9.2.45......3......1...5.78.1..4567..1..45678.",
            "Turbot Fish: 5 in r6c7 = r6c2 (row 6) - r8c2 = r9c1 (box 7) -> r9c7 <> 5",
        );
    }
}
