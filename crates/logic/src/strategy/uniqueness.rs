//! Uniqueness techniques: unique rectangles (types 1 to 4), the hidden rectangle and BUG+1.
//!
//! They rest on the puzzle having one solution: a pattern that could be completed in two ways
//! (the "deadly pattern") cannot be the solution, so some candidate that would leave it is true.
//! The commands only run the logic on puzzles whose uniqueness the solver has checked.

use super::{Technique, clear_digits, digits, elimination};
use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::{Position, Unit};

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
                    let common = corners
                        .iter()
                        .fold(0x3FE, |m, &p| m & candidates.mark_bits(p));
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
            .filter(|&p| candidates.mark_bits(p) != pair)
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
    let extras = (candidates.mark_bits(roof[0]) | candidates.mark_bits(roof[1])) & !pair;
    let roof_set: CellSet = roof.into_iter().collect();
    match technique {
        // One extra digit, the same in both: one roof cell holds it.
        Technique::UniqueRectangle2 => {
            let same = candidates.mark_bits(roof[0]) == candidates.mark_bits(roof[1]);
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
                    .filter(|p| !roof_set.contains(*p) && candidates.mark_bits(*p) != 0)
                    .collect();
                super::choices(&others, 1)
                    .chain(super::choices(&others, 2))
                    .chain(super::choices(&others, 3))
                    .find_map(|chosen: Vec<Position>| {
                        let marks = chosen
                            .iter()
                            .fold(extras, |m, &p| m | candidates.mark_bits(p));
                        if marks.count_ones() as usize != chosen.len() + 1 {
                            return None;
                        }
                        let rest = others.iter().copied().filter(|p| !chosen.contains(p));
                        let removed = clear_digits(candidates, rest, marks);
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
            if candidates.mark_bits(corner) != pair {
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
        match candidates.mark_bits(position).count_ones() {
            0 | 2 => {}
            3 if odd.is_none() => odd = Some(position),
            _ => return None,
        }
    }
    let cell = odd?;
    let row = Unit::Row(cell.row() as u8);
    let digit =
        digits(candidates.mark_bits(cell)).find(|&d| candidates.cells_with(row, d).count() == 3)?;
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
    // The cell keeps `digit`: its other candidates go (as HoDoKu writes the step).
    let others = candidates.mark_bits(cell) & !(1 << digit);
    let removed = digits(others).map(|other| CellDigit {
        position: cell,
        digit: other,
    });
    elimination(Technique::BugPlusOne, removed.collect(), reason)
}

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn bug_plus_one_in_a_real_position() {
        assert_step(
            Technique::BugPlusOne,
            "1......8.12......9..3.........4.....12...........5.........6.........7.........89....5....1....6..........89.......891....6.........7....3.........4......2.............7.....4......2...6..........89..3.......2...6...1......8.1.......9....5.........6....2..5....1..........3.......2..5.......4.............9.......8.......7..........9.......8.......7..1............56....2...6....2..5......3.........4........4.......3.......2..5..........7.........8.........9.2..5.........6...1.........2.......1.......9...4..........6.........7....3......1......8.....5...........891.3............7......56....2..5............9.......8....4.....12.........3..6.....3....8.....56..........89.2..5.......4.....1..............7...2......9..3..6...",
            "BUG+1: every other empty cell has two candidates; 1 is thrice in row 1 -> r1c2 <> 2, r1c2 <> 9",
        );
    }

    #[test]
    fn unique_rectangle_1_in_a_real_position() {
        assert_step(
            Technique::UniqueRectangle1,
            "...4.........56..912...6.8.....5.789..3......1...5.789.2..5...9.2..567...2..567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7...2345.7.9.23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345...9.23.567..1........123..6.....34.6...12.4.6.....3...78.....5....1.3..678..23..............9.23...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7...23.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....12.........3............78......678......678.12......9...4......2......9........912.............7....3.5.......4.......3.5....12............6.8......6.8.",
            "Unique Rectangle Type 1: 1/2 in r8c2, r8c7, r9c2, r9c7 would have two solutions -> r8c7 <> 1, r8c7 <> 2",
        );
    }

    #[test]
    fn unique_rectangle_2_in_a_real_position() {
        assert_step(
            Technique::UniqueRectangle2,
            ".......8.....5..........7.......6..9.2...6....2...6..9...4.....1..........3..............9.2...6...1..4.......3......1..4..78.1..4...8.....5.....2...678......678...3.......2...6...1..4.....1..4..78.....5....1..4...8..2...6..9.2...6.89.....6789.2..5.......4............8.1...56..9123..6.........7..1.3..6..9..3..6..91....6..9......7....3.....9..3..6..91..4.6.891.34.6.8.1.34.6.891.3..6..9....5.....2........2..5....1..........3..6..9....56..9.23..6....23.56..9......7.....4...8....4...8......6.....3....89..3.....9.2.......1.34..78.1.34...8.1.3........34..7......5....1..4...........7...2..5....1..456...1.34.6...1.3456..........8..234.6..91..4.6..91..4.......3....8..2..5....1..45678.........91.3456.8.123..6....234.67..1..4.67..",
            "Unique Rectangle Type 2: 1/4 in r2c3, r2c6, r3c3, r3c6 would have two solutions -> r2c5 <> 8, r3c4 <> 8, r5c6 <> 8, r7c6 <> 8, r9c6 <> 8",
        );
    }

    #[test]
    fn unique_rectangle_3_in_a_real_position() {
        assert_step(
            Technique::UniqueRectangle3,
            "...4............891..........3....8......6....2.........3.5...9..3.5.7.9....5.7.9..3.............89....5.7..1..4...8....45.789...45.7...2............6...1..4......2....7.......6....2..5.7..1.34.......345.7.9..345.7.........8...3.....91..4.....1............5..........789.2.........34..78......6.....34....9..3...789......789.....6.....34......2....789..34...8....45.78...345.7....345...91.........2..5.789.2....7....34......2....78.........9..345.78.1.............6....23.5.78..2..5.78.....5...9.2.........34...........7....34............8.1............5...9.....6..........8.1.............6.......5.....2...............9......7.....4.......3..........5...9......7....34..........6...1..........34.........5...9.2.....8..2.....8.",
            "Unique Rectangle Type 3: 1/4 in r2c4, r2c9, r3c4, r3c9 would have two solutions; extras with r1c4 -> r5c4 <> 3, r5c4 <> 8",
        );
    }

    #[test]
    fn unique_rectangle_4_in_a_real_position() {
        assert_step(
            Technique::UniqueRectangle4,
            ".......8.1................9...4.6....2...6....2.4.6.....3..........5.7......5.7...2.4.6....234......234.6.........7......5....1.........2.4............89.......89....5.....2.4...........7.........89..3.............89.2.4.6...1....6...12.......1.......9......7..1......8...3.5.......4.......3.5....1......89.2............6.....3.......2.4...8.12.4.6.8......6.8.........9.2...678.1.....78.1...5.78.1...5.78..2...6..9.2..5..89.2..56.8.1.........2...67...2...678.......789...4.......3......1.....7.9.....6...1.3.5..8..2.......1.....7....3.5.7.91.....78.1.3...789...4.....12.4..7.9.234....91234.......34.6..9.......8...34.67.9....5....1.3..67.912....7.912.4..7.9.2345..8912345..8...3456..91....67....34567.9.2...6...1.3..678912....789",
            "Unique Rectangle Type 4: 5/7 in r1c8, r1c9, r5c8, r5c9 would have two solutions; 5 is locked in row 5 -> r5c8 <> 7, r5c9 <> 7",
        );
    }

    #[test]
    fn hidden_rectangle_in_a_real_position() {
        assert_step(
            Technique::HiddenRectangle,
            "...4.........56..912...6.8.....5.789..3......1...5.789.2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345.7.9.23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345.....23.567..1........123..6.....34.6...12.4.6.....3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "Hidden Rectangle: 4/6 in r4c2, r4c3, r7c2, r7c3, 4 only in the rectangle on row 4 and column 3 -> r4c3 <> 6",
        );
    }
}
