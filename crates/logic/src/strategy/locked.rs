//! Locked candidates: pointing (box to line) and claiming (line to box). (Locked pairs and
//! triples are naked subsets; see the subsets module.)

use super::{Technique, elimination};
use crate::{Candidates, CellDigit, Step};
use sudoku_engine::grid::{Position, Unit};

/// The line both cells lie on, if they share a row (or else a column).
fn common_line(cells: &[Position]) -> Option<Unit> {
    let first = cells.first()?;
    if cells.iter().all(|p| p.row() == first.row()) {
        Some(Unit::Row(first.row() as u8))
    } else if cells.iter().all(|p| p.column() == first.column()) {
        Some(Unit::Column(first.column() as u8))
    } else {
        None
    }
}

/// Removes `digit` from the cells of `target` outside `source`.
fn eliminate_outside(
    candidates: &Candidates,
    digit: u8,
    target: Unit,
    source: &[Position],
) -> Vec<CellDigit> {
    candidates
        .cells_with(target, digit)
        .filter(|p| !source.contains(p))
        .map(|position| CellDigit { position, digit })
        .collect()
}

/// Inside a box, a digit's candidates all lie on one row or column: the digit goes in that box,
/// so not elsewhere on the line.
pub fn pointing(candidates: &Candidates) -> Option<Step> {
    (0..9).map(Unit::Box).find_map(|block| {
        (1..=9).find_map(|digit| {
            let cells: Vec<Position> = candidates.cells_with(block, digit).collect();
            let line = common_line(&cells)?;
            let eliminations = eliminate_outside(candidates, digit, line, &cells);
            let reason = || format!("{digit} in {block} is on {line}");
            elimination(Technique::Pointing, eliminations, reason)
        })
    })
}

/// Inside a row or column, a digit's candidates all lie in one box: the digit goes on that line,
/// so not elsewhere in the box.
pub fn claiming(candidates: &Candidates) -> Option<Step> {
    Unit::all().take(18).find_map(|line| {
        (1..=9).find_map(|digit| {
            let cells: Vec<Position> = candidates.cells_with(line, digit).collect();
            let first = cells.first()?;
            if cells.iter().any(|p| p.block() != first.block()) {
                return None;
            }
            let block = Unit::Box(first.block() as u8);
            let eliminations = eliminate_outside(candidates, digit, block, &cells);
            let reason = || format!("{digit} in {line} is in {block}");
            elimination(Technique::Claiming, eliminations, reason)
        })
    })
}

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn locked_pair_in_a_real_position() {
        assert_step(
            Technique::LockedPair,
            "....5....1..4...8912.4...89......7..12.4.....123.....9.....6...1.34.......34...8912......91..4.67.9..3.............8.12.456...12...6..9...45...91..45.7.....45.7.91......891..4.67891..4.6789..3.5...91..456...1.3..6..9.2.......1.345.7....345.789.....6....2.......1...5..89...4.....1...5.78.1.3...789..3.5..8...3.5......3.5......3....8...345..8....45..8...3.5.....2...6....2...6.........7..........91..............7..1.345..891..45..89..3.5...91...5..8.1.3....89..345..8..23456....23456...12......91....67.912...67.912...6.....3..........5.......4....9.......8..2.4.67.9...4.......3.56..9.2..56..9.2...6.........78.......78.1.........23.56....23.56..9123....8.1.3.5678.12..5678.12...6...........9...4.......3.5.....23.567...23.567..",
            "locked pair: 3,5 in r4c8, r4c9 (box 6, row 4) -> r4c3 <> 5, r4c5 <> 5, r4c6 <> 3, r4c7 <> 3, r4c7 <> 5, r6c7 <> 3, r6c7 <> 5, r6c8 <> 3, r6c8 <> 5, r6c9 <> 3, r6c9 <> 5",
        );
    }

    #[test]
    fn locked_triple_in_a_real_position() {
        assert_step(
            Technique::LockedTriple,
            "...4.....12..56..912..56.89....5.789..3......1...5.789.2..5...9.2..567...2..567.9123...7..123.5...912..5...9.....6...12.4..7.91..45.7.9.......8..23.5.7...2345.7.9.23..678..23.56..9.2..56.89...45.789.2.4..789...45.789.2345...9.23.567..1........123..6...1234.6...12.4.6.....34..78.....5....1.34.678.1234.............9.234..78.123.............8.12.45...9..34..7.91..4..7.91.34..7.9.....6...123.5.7...2345.7..1.3..6.........7..1..456..9.2.......1..4.6.891.34.6.891.345....1.3.5..8...345..8......6.8....4.6......4.6.8.1...........4.6.89.2.............7....3.56.8...3.56.89....5....12...6.....3............789.....6789.....678912......9...4......2...6.89........912.4.6.........7....345..8....4.6.8...3456.8.123.5....123.56.8..23.56.8.",
            "locked triple: 4,6,8 in r7c1, r7c2, r7c3 (box 7, row 7) -> r7c5 <> 4, r7c5 <> 6, r7c5 <> 8, r7c8 <> 6, r7c8 <> 8, r7c9 <> 6, r7c9 <> 8, r8c2 <> 6, r9c2 <> 4, r9c2 <> 6",
        );
    }
}
