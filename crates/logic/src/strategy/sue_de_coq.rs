//! Sue de Coq: two or three cells where a box crosses a line, with other cells of the line and
//! of the box that between them lock every digit in place.
//!
//! The search is HoDoKu's, so that the step taken is the one it takes: rows, then columns, each
//! crossed with the boxes in order; in the crossing, pairs of cells and, after each pair, the
//! triples that extend it; then sets of the line's other cells, depth first, and for each, sets
//! of the box's other cells, depth first. The first one that removes anything is the step.

use super::{Technique, elimination};
use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::{Position, Unit};

use crate::cells::cell_indices as cells;

/// How many digits a candidate mask holds, as a signed count (the search subtracts them).
fn count(marks: u16) -> i32 {
    marks.count_ones() as i32
}

/// The search over one position: each cell's candidates.
struct Search {
    marks: [u16; 81],
}

/// The crossing being tried: its cells and digits, how many more digits than cells it has,
/// and the open cells of its line and of its box.
#[derive(Clone, Copy)]
struct Crossing {
    line: Unit,
    block: Unit,
    cells: u128,
    digits: u16,
    surplus: i32,
    line_open: u128,
    box_open: u128,
}

/// Cells C where a box crosses a line, holding digits V (at least two more than cells); cells A
/// of the rest of the line and B of the rest of the box, each holding some of V, that lock
/// V's surplus over C's cells between them. Then A's and V's digits not in B leave the rest of
/// the line, B's and V's not in A the rest of the box, and extra digits A and B share leave
/// both.
pub fn sue_de_coq(candidates: &Candidates) -> Option<Step> {
    let mut marks = [0u16; 81];
    for position in Position::all() {
        marks[position.index()] = candidates.mark_bits(position);
    }
    let search = Search { marks };
    let open = candidates.empty_cells().bits();
    let rows = (0..9u8).map(Unit::Row);
    let columns = (0..9u8).map(Unit::Column);
    for line in rows.chain(columns) {
        let line_open = CellSet::unit(line).bits() & open;
        for b in 0..9u8 {
            let block = Unit::Box(b);
            let box_open = CellSet::unit(block).bits() & open;
            let crossing = line_open & box_open;
            if crossing.count_ones() < 2 {
                continue;
            }
            if let Some(step) = search.crossing(line, block, crossing, line_open, box_open) {
                return Some(step);
            }
        }
    }
    None
}

impl Search {
    /// Pairs of the crossing's cells, each followed by the triples extending it.
    fn crossing(
        &self,
        line: Unit,
        block: Unit,
        crossing: u128,
        line_open: u128,
        box_open: u128,
    ) -> Option<Step> {
        let members: Vec<usize> = cells(crossing).collect();
        let at = |cells: u128, digits: u16, size: i32| Crossing {
            line,
            block,
            cells,
            digits,
            surplus: count(digits) - size,
            line_open,
            box_open,
        };
        for (i, &first) in members.iter().enumerate() {
            for (j, &second) in members.iter().enumerate().skip(i + 1) {
                let pair = 1u128 << first | 1 << second;
                let pair_digits = self.marks[first] | self.marks[second];
                let chosen = at(pair, pair_digits, 2);
                if chosen.surplus >= 2
                    && let Some(step) = self.line_sets(&chosen)
                {
                    return Some(step);
                }
                for &third in &members[j + 1..] {
                    let chosen = at(pair | 1 << third, pair_digits | self.marks[third], 3);
                    if chosen.surplus >= 2
                        && let Some(step) = self.line_sets(&chosen)
                    {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// Sets A of the line's cells outside the box, depth first: each holding some of V, with
    /// more cells than extra digits, and leaving part of V's surplus for the box.
    fn line_sets(&self, c: &Crossing) -> Option<Step> {
        let source: Vec<usize> = cells(c.line_open & !c.cells).collect();
        self.line_from(c, &source, 0, (0, 0, 0))
    }

    fn line_from(
        &self,
        c: &Crossing,
        source: &[usize],
        from: usize,
        (size, chosen, digits): (i32, u128, u16),
    ) -> Option<Step> {
        for (i, &cell) in source.iter().enumerate().skip(from) {
            let digits = digits | self.marks[cell];
            let (size, chosen) = (size + 1, chosen | 1 << cell);
            let extra = count(digits & !c.digits);
            if digits & c.digits != 0 && size > extra && size - extra < c.surplus {
                let left = c.surplus - (size - extra);
                let box_source: Vec<usize> = cells(c.box_open & !c.cells & !chosen).collect();
                // The box may not use V's digits that A holds.
                let forbidden = digits & c.digits;
                let line_set = (chosen, digits);
                let state = (0, 0, 0);
                if let Some(step) =
                    self.box_from(c, &box_source, 0, state, (forbidden, left), line_set)
                {
                    return Some(step);
                }
            }
            if let Some(step) = self.line_from(c, source, i + 1, (size, chosen, digits)) {
                return Some(step);
            }
        }
        None
    }

    /// Sets B of the box's cells outside the line, depth first, without the digits A took
    /// from V, locking exactly what A left of V's surplus.
    fn box_from(
        &self,
        c: &Crossing,
        source: &[usize],
        from: usize,
        (size, chosen, digits): (i32, u128, u16),
        (forbidden, left): (u16, i32),
        line_set: (u128, u16),
    ) -> Option<Step> {
        for (i, &cell) in source.iter().enumerate().skip(from) {
            if self.marks[cell] & forbidden != 0 {
                continue;
            }
            let digits = digits | self.marks[cell];
            let (size, chosen) = (size + 1, chosen | 1 << cell);
            let extra = count(digits & !c.digits);
            if digits & c.digits != 0
                && size - extra == left
                && let Some(step) = self.step(c, line_set, (chosen, digits))
            {
                return Some(step);
            }
            if size - extra <= left {
                let state = (size, chosen, digits);
                if let Some(step) =
                    self.box_from(c, source, i + 1, state, (forbidden, left), line_set)
                {
                    return Some(step);
                }
            }
        }
        None
    }

    /// The step of crossing `c` with line set A and box set B, if it removes anything.
    fn step(&self, c: &Crossing, (a, va): (u128, u16), (b, vb): (u128, u16)) -> Option<Step> {
        let shared = va & vb & !c.digits;
        let mut removed = Vec::new();
        let mut clear = |region: u128, gone: u16| {
            for cell in cells(region) {
                for digit in super::digits(self.marks[cell] & gone) {
                    removed.push(CellDigit {
                        position: Position::new(cell),
                        digit,
                    });
                }
            }
        };
        clear(c.box_open & !c.cells & !b, ((c.digits | vb) & !va) | shared);
        clear(
            c.line_open & !c.cells & !a,
            ((c.digits | va) & !vb) | shared,
        );
        let names = |bits: u128| {
            let positions: Vec<String> =
                cells(bits).map(|i| Position::new(i).to_string()).collect();
            positions.join(", ")
        };
        let reason = || {
            format!(
                "{} with {} ({}) and {} ({})",
                names(c.cells),
                names(a),
                c.line,
                names(b),
                c.block
            )
        };
        elimination(Technique::SueDeCoq, removed, reason)
    }
}

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn sue_de_coq_in_a_real_position() {
        assert_step(
            Technique::SueDeCoq,
            "...4..........6..912...6.8.....5.789..3......1.....78..2..5.....2..567......567.9123...7....3.5....12............6...12....7.....4....9.......8..23.5.7.....4....9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9...4....91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "Sue de Coq: r1c4, r3c4 with r4c4, r8c4, r9c4 (column 4) and r2c6 (box 2) -> r3c6 <> 4, r3c6 <> 9",
        );
    }
}
