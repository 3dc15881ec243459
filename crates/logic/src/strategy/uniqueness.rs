//! Uniqueness techniques: unique rectangles (types 1 to 6), the hidden rectangle and BUG+1.
//!
//! They rest on the puzzle having one solution: a pattern that could be completed in two ways
//! (the "deadly pattern") cannot be the solution, so some candidate that would leave it is true.
//! The commands only run the logic on puzzles whose uniqueness the solver has checked.

use std::collections::HashSet;

use super::{Technique, clear_digits, digits, elimination};
use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::{Position, Unit};

/// A unique rectangle as HoDoKu finds it: four open cells on two rows, two columns and two
/// boxes. The first corner holds exactly the two digits of `pair`; the others need only allow
/// both, in that no filled peer holds either (a step may have removed one as a candidate: the
/// deadly pattern is still ruled out, since it concerns the solution, not the candidates).
struct Rectangle {
    /// In the order found: the two-candidate cell, the cell beside it in its box, then the
    /// two cells across, in the other box.
    corners: [Position; 4],
    pair: u16,
}

/// For each digit (index 1-9), the open cells that no filled peer rules it out of.
fn allowed_cells(candidates: &Candidates) -> [CellSet; 10] {
    let mut allowed = [candidates.empty_cells(); 10];
    for position in Position::all() {
        if let Some(digit) = candidates.value(position) {
            let cells = &mut allowed[usize::from(digit)];
            *cells = *cells - CellSet::peers(position);
        }
    }
    allowed
}

/// The two cells across from `first` and `second` (one box, one row or column) on line `k`
/// of the other direction.
pub(super) fn across(first: Position, second: Position, k: usize) -> (Position, Position) {
    if first.row() == second.row() {
        (
            Position::at(k, first.column()),
            Position::at(k, second.column()),
        )
    } else {
        (Position::at(first.row(), k), Position::at(second.row(), k))
    }
}

/// The cells of `first`'s box on its row or column, in reading order.
pub(super) fn beside(first: Position) -> impl Iterator<Item = Position> {
    CellSet::unit(Unit::Box(first.block() as u8))
        .iter()
        .filter(move |&p| p != first && (p.row() == first.row() || p.column() == first.column()))
}

/// Every rectangle, in HoDoKu's order: from each two-candidate cell in reading order, the
/// cells beside it in its box, then each pair of cells across in another box, top to bottom
/// or left to right. A set of four cells is taken once, with the pair of the first
/// two-candidate cell that reaches it.
fn rectangles(candidates: &Candidates) -> Vec<Rectangle> {
    let allowed = allowed_cells(candidates);
    let allows = |p: Position, pair: u16| digits(pair).all(|d| allowed[usize::from(d)].contains(p));
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    for first in Position::all() {
        let pair = candidates.mark_bits(first);
        if pair.count_ones() != 2 {
            continue;
        }
        for second in beside(first).filter(|&p| allows(p, pair)) {
            for k in 0..9 {
                let (third, fourth) = across(first, second, k);
                if third.block() == first.block() || !allows(third, pair) || !allows(fourth, pair) {
                    continue;
                }
                let corners = [first, second, third, fourth];
                if seen.insert(corners.into_iter().collect::<CellSet>()) {
                    found.push(Rectangle { corners, pair });
                }
            }
        }
    }
    found
}

/// The units both cells lie in: row, column, box.
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

fn in_line(a: Position, b: Position) -> bool {
    a.row() == b.row() || a.column() == b.column()
}

fn pair_name(pair: u16) -> String {
    let d: Vec<String> = digits(pair).map(|d| d.to_string()).collect();
    d.join("/")
}

/// The corners in reading order, for the reason of a step.
fn corner_names(corners: &[Position]) -> String {
    let mut sorted = corners.to_vec();
    sorted.sort_unstable();
    let names: Vec<String> = sorted.iter().map(ToString::to_string).collect();
    names.join(", ")
}

/// The first step of `technique` (unique rectangle types 1 to 6, hidden rectangle) on the
/// rectangles in the order HoDoKu finds them.
pub fn unique_rectangle(candidates: &Candidates, technique: Technique) -> Option<Step> {
    rectangles(candidates)
        .iter()
        .find_map(|rect| rectangle_step(candidates, rect, technique))
}

/// What every rectangle step says first: `4/7 in r1c1, r1c5, r3c1, r3c5 would have two
/// solutions`.
fn two_solutions(rect: &Rectangle) -> String {
    format!(
        "{} in {} would have two solutions",
        pair_name(rect.pair),
        corner_names(&rect.corners)
    )
}

/// What `technique` finds on one rectangle. The floor is the corners holding nothing but
/// digits of the pair, the roof those with other candidates too.
fn rectangle_step(candidates: &Candidates, rect: &Rectangle, technique: Technique) -> Option<Step> {
    let pair = rect.pair;
    let (floor, roof): (Vec<Position>, Vec<Position>) = rect
        .corners
        .iter()
        .partition(|&&p| candidates.mark_bits(p) & !pair == 0);
    let reason = || two_solutions(rect);
    match technique {
        // Three corners hold the pair only: the fourth loses it.
        Technique::UniqueRectangle1 if floor.len() == 3 => {
            let removed = clear_digits(candidates, [roof[0]], pair);
            elimination(technique, removed, reason)
        }
        Technique::UniqueRectangle2 | Technique::UniqueRectangle5
            if (1..=2).contains(&floor.len()) =>
        {
            one_extra_digit(candidates, rect, &roof, technique)
        }
        Technique::UniqueRectangle3 if floor.len() == 2 => {
            shared_units(roof[0], roof[1]).into_iter().find_map(|unit| {
                let extras =
                    (candidates.mark_bits(roof[0]) | candidates.mark_bits(roof[1])) & !pair;
                let pool: Vec<Position> = unit
                    .cells()
                    .filter(|p| !rect.corners.contains(p))
                    .filter(|&p| {
                        candidates.mark_bits(p) != 0 && candidates.mark_bits(p) & pair == 0
                    })
                    .collect();
                let mut subset = vec![roof[0], roof[1]];
                extras_subset(candidates, rect, unit, &pool, 0, extras, &mut subset)
            })
        }
        Technique::UniqueRectangle4 if floor.len() == 2 && in_line(roof[0], roof[1]) => {
            // One digit of the pair nowhere else that both roof cells see: one of them holds
            // it, so neither holds the other (that would complete the pattern).
            let seeing_both = CellSet::peers(roof[0]) & CellSet::peers(roof[1]);
            let locked =
                digits(pair).find(|&d| (candidates.digit_cells(d) & seeing_both).is_empty())?;
            let removed = clear_digits(candidates, roof.iter().copied(), pair & !(1 << locked));
            let why = || format!("{}; {locked} is locked in the roof", reason());
            elimination(technique, removed, why)
        }
        Technique::UniqueRectangle6 if floor.len() == 2 && !in_line(roof[0], roof[1]) => {
            // A digit of the pair only in the rectangle on both its rows and both its
            // columns: it takes the floor, an X-Wing, so the roof cannot hold it.
            let corners: CellSet = rect.corners.into_iter().collect();
            let lines = roof.iter().fold(CellSet::EMPTY, |lines, p| {
                lines
                    | CellSet::unit(Unit::Row(p.row() as u8))
                    | CellSet::unit(Unit::Column(p.column() as u8))
            }) - corners;
            let digit = digits(pair).find(|&d| (candidates.digit_cells(d) & lines).is_empty())?;
            let mut sorted = roof.clone();
            sorted.sort_unstable();
            let removed = clear_digits(candidates, sorted, 1 << digit);
            let why = || {
                format!(
                    "{}; {digit} only in the rectangle on its rows and columns",
                    reason()
                )
            };
            elimination(technique, removed, why)
        }
        Technique::HiddenRectangle => {
            let diagonal = floor.len() == 2 && !in_line(floor[0], floor[1]);
            if !(floor.len() == 1 || diagonal) {
                return None;
            }
            floor
                .iter()
                .find_map(|&corner| hidden_rectangle(candidates, rect, corner))
        }
        _ => None,
    }
}

/// Types 2 and 5: the roof cells have one extra digit between them, so one of them holds it
/// and every cell seeing them all loses it. Type 2 when the roof is two cells in a row or
/// column, type 5 otherwise.
fn one_extra_digit(
    candidates: &Candidates,
    rect: &Rectangle,
    roof: &[Position],
    technique: Technique,
) -> Option<Step> {
    let extras = roof.iter().fold(0, |m, &p| m | candidates.mark_bits(p)) & !rect.pair;
    if extras.count_ones() != 1 {
        return None;
    }
    let kind = if roof.len() == 2 && in_line(roof[0], roof[1]) {
        Technique::UniqueRectangle2
    } else {
        Technique::UniqueRectangle5
    };
    if kind != technique {
        return None;
    }
    let digit = extras.trailing_zeros() as u8;
    let corners: CellSet = rect.corners.into_iter().collect();
    let roof_set: CellSet = roof.iter().copied().collect();
    let seeing = (roof_set.common_peers() & candidates.digit_cells(digit)) - corners;
    let removed = seeing.iter().map(|position| CellDigit { position, digit });
    elimination(technique, removed.collect(), || two_solutions(rect))
}

/// Type 3: the roof's extra digits act as one cell; with cells of `pool` (open cells of a
/// unit the roof shares, holding neither digit of the pair) they make a naked subset, whose
/// digits the unit's other cells lose. Subsets grow one pool cell at a time, depth first, as
/// HoDoKu tries them; in a box, subsets on one row or column are left to that line's turn.
fn extras_subset(
    candidates: &Candidates,
    rect: &Rectangle,
    unit: Unit,
    pool: &[Position],
    start: usize,
    marks: u16,
    subset: &mut Vec<Position>,
) -> Option<Step> {
    for i in start..pool.len() {
        let marks = marks | candidates.mark_bits(pool[i]);
        subset.push(pool[i]);
        let cells: CellSet = subset.iter().copied().collect();
        let line_only =
            matches!(unit, Unit::Box(_)) && (cells.row().is_some() || cells.column().is_some());
        // The two roof cells count as one.
        if !line_only && marks.count_ones() as usize == subset.len() - 1 {
            let mut targets: Vec<Position> = unit.cells().collect();
            if let (false, Some(block)) = (matches!(unit, Unit::Box(_)), cells.block()) {
                targets.extend(Unit::Box(block as u8).cells());
            }
            let mut removed: Vec<CellDigit> = Vec::new();
            for target in targets.into_iter().filter(|p| !cells.contains(*p)) {
                for digit in digits(candidates.mark_bits(target) & marks) {
                    let candidate = CellDigit {
                        position: target,
                        digit,
                    };
                    if !removed.contains(&candidate) {
                        removed.push(candidate);
                    }
                }
            }
            let why = || {
                let extras = corner_names(&subset[2..]);
                format!("{}; extras with {extras}", two_solutions(rect))
            };
            if let Some(step) = elimination(Technique::UniqueRectangle3, removed, why) {
                return Some(step);
            }
        }
        if let Some(step) = extras_subset(candidates, rect, unit, pool, i + 1, marks, subset) {
            return Some(step);
        }
        subset.pop();
    }
    None
}

/// From a floor corner: if one digit of the pair lies only in the rectangle on the opposite
/// corner's row and column, the opposite corner cannot hold the other digit (it would force
/// the pattern).
fn hidden_rectangle(candidates: &Candidates, rect: &Rectangle, corner: Position) -> Option<Step> {
    let opposite = *rect
        .corners
        .iter()
        .find(|p| p.row() != corner.row() && p.column() != corner.column())?;
    let row = Unit::Row(opposite.row() as u8);
    let column = Unit::Column(opposite.column() as u8);
    let corners: CellSet = rect.corners.into_iter().collect();
    let outside = (CellSet::unit(row) | CellSet::unit(column)) - corners;
    digits(rect.pair).find_map(|strong| {
        let other = (rect.pair & !(1 << strong)).trailing_zeros() as u8;
        let confined = (candidates.digit_cells(strong) & outside).is_empty();
        if !confined || !candidates.has(opposite, other) {
            return None;
        }
        let reason = || {
            format!(
                "{} in {}, {strong} only in the rectangle on {row} and {column}",
                pair_name(rect.pair),
                corner_names(&rect.corners)
            )
        };
        let removed = vec![CellDigit {
            position: opposite,
            digit: other,
        }];
        elimination(Technique::HiddenRectangle, removed, reason)
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
    let reason =
        || format!("every other empty cell has two candidates; {digit} is thrice in {row}");
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
            "Unique Rectangle Type 3: 1/4 in r2c4, r2c9, r3c4, r3c9 would have two solutions; extras with r1c4 -> r5c4 <> 3, r5c4 <> 8, r2c5 <> 8, r3c5 <> 3, r3c6 <> 3",
        );
    }

    #[test]
    fn unique_rectangle_4_in_a_real_position() {
        assert_step(
            Technique::UniqueRectangle4,
            ".......8.1................9...4.6....2...6....2.4.6.....3..........5.7......5.7...2.4.6....234......234.6.........7......5....1.........2.4............89.......89....5.....2.4...........7.........89..3.............89.2.4.6...1....6...12.......1.......9......7..1......8...3.5.......4.......3.5....1......89.2............6.....3.......2.4...8.12.4.6.8......6.8.........9.2...678.1.....78.1...5.78.1...5.78..2...6..9.2..5..89.2..56.8.1.........2...67...2...678.......789...4.......3......1.....7.9.....6...1.3.5..8..2.......1.....7....3.5.7.91.....78.1.3...789...4.....12.4..7.9.234....91234.......34.6..9.......8...34.67.9....5....1.3..67.912....7.912.4..7.9.2345..8912345..8...3456..91....67....34567.9.2...6...1.3..678912....789",
            "Unique Rectangle Type 4: 5/7 in r1c8, r1c9, r5c8, r5c9 would have two solutions; 5 is locked in the roof -> r5c8 <> 7, r5c9 <> 7",
        );
    }

    #[test]
    fn unique_rectangle_5_in_a_real_position() {
        assert_step(
            Technique::UniqueRectangle5,
            "1.3....8...3...7..12.....8......6....2..5.7..12..5.7...2.....8.........9...4........4...8..2.4..78.....5......3.......2.4..7..........9.2.....8......6...1................9.2.4.6...12.4.6...12.4............8.12.4...........7....3..........5........5....1................9.2....7....3...........6......4......2....7.........8......6....2.4.......3.......2.45.7...2.45.7.........8.1.......912..5.7...2....7.9......7...2.4...8..2.4...8.........91.........2.45......3.......2..5.........6....2...........5....1..4.6.8.1..4...8......6..9..3......1.......91..4..7........7.91.34.......34.6.........7..1..4..........6..912.4.........5...........8..2......91..4...8.........91..4...8.12.45.78..2.45.7..12.45.7.......6...12.4.......3......",
            "Unique Rectangle Type 5: 1/4 in r3c4, r3c6, r8c4, r8c6 would have two solutions -> r1c6 <> 2",
        );
    }

    #[test]
    fn unique_rectangle_6_in_a_real_position() {
        assert_step(
            Technique::UniqueRectangle6,
            "12..5...9.2..56..9..3......12.456...12.45...91..4567.9...4..78....45..89...45.7.9...4.....1...5.7.9....5.7..1...5...........8.1...5...9.2.........3...........6....2..5...9.2..56..........8...3.......2.45...9...4.67..1...........45...9...45.7.9.2..5..89...4.....12..5...91...5..8......6...1...5..8........89......7....3........3.5..8.....5.7......567..........9..345......345..8....4.6.8.1.........2.......1.3....891.3.....91....6..9......7..1.34......2..........4.6.89...45..89...45...9123.5...9123.5...9...4.....12..5..........7..1.3.5...9..3.....9.....6..........8......6...123.5..8912..5...912.45..8.12345...91.345..89..34..7.9.2.4....91..4..7.9......7...23....8912......912.4.6.8.1234....91.34.6.89....5.....2.4....91..4....9",
            "Unique Rectangle Type 6: 5/7 in r2c2, r2c3, r5c2, r5c3 would have two solutions; 7 only in the rectangle on its rows and columns -> r2c2 <> 7, r5c3 <> 7",
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
