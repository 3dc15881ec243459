//! Sue de Coq: two or three cells where a box crosses a line, with other cells of the line and
//! of the box that between them lock every digit in place.

use super::{Technique, cell_list, clear_digits, crossings, elimination};
use crate::{Candidates, Step};
use sudoku_engine::grid::{Position, Unit};

/// The open cells of `unit` outside box `skip`.
fn open_cells(candidates: &Candidates, unit: Unit, skip: usize) -> Vec<Position> {
    unit.cells()
        .filter(|p| p.block() != skip && candidates.mark_bits(*p) != 0)
        .collect()
}

/// The candidates of every subset of `cells`, indexed by the subset's bits.
fn subset_marks(candidates: &Candidates, cells: &[Position]) -> Vec<u16> {
    let mut table = vec![0u16; 1 << cells.len()];
    for set in 1..table.len() {
        let lowest = set.trailing_zeros() as usize;
        table[set] = table[set & (set - 1)] | candidates.mark_bits(cells[lowest]);
    }
    table
}

fn pick(cells: &[Position], set: u32) -> Vec<Position> {
    (0..cells.len())
        .filter(|i| set & (1 << i) != 0)
        .map(|i| cells[i])
        .collect()
}

/// Cells C where a box crosses a line, holding digits V (at least two more than cells); cells A
/// of the rest of the line and B of the rest of the box, with digits Va and Vb sharing none.
/// When C, A and B together have as many cells as digits, every digit is placed in them once:
/// Va and V's digits outside Vb leave the rest of the line, Vb and V's outside Va the rest of
/// the box.
pub fn sue_de_coq(candidates: &Candidates) -> Option<Step> {
    crossings(candidates).find_map(|(b, block, line, crossing)| {
        let line_rest = open_cells(candidates, line, b);
        let box_rest: Vec<Position> = block
            .cells()
            .filter(|p| !line.cells().any(|q| q == *p) && candidates.mark_bits(*p) != 0)
            .collect();
        let (c_marks, a_marks, b_marks) = (
            subset_marks(candidates, &crossing),
            subset_marks(candidates, &line_rest),
            subset_marks(candidates, &box_rest),
        );
        (1u32..1 << crossing.len()).find_map(|c_set| {
            let size = c_set.count_ones();
            let v = c_marks[c_set as usize];
            if size < 2 || v.count_ones() < size + 2 {
                return None;
            }
            (1u32..1 << line_rest.len()).find_map(|a_set| {
                let va = a_marks[a_set as usize];
                if va & v == 0 {
                    return None;
                }
                (1u32..1 << box_rest.len()).find_map(|b_set| {
                    let vb = b_marks[b_set as usize];
                    let cells = size + a_set.count_ones() + b_set.count_ones();
                    if vb & v == 0 || va & vb != 0 || (v | va | vb).count_ones() != cells {
                        return None;
                    }
                    let (a, bx) = (pick(&line_rest, a_set), pick(&box_rest, b_set));
                    let line_gone = (va | v) & !vb;
                    let box_gone = (vb | v) & !va;
                    let clear = |rest: &[Position], chosen: &[Position], gone: u16| {
                        let left = rest.iter().copied().filter(|p| !chosen.contains(p));
                        clear_digits(candidates, left, gone)
                    };
                    let mut removed = clear(&line_rest, &a, line_gone);
                    removed.extend(clear(&box_rest, &bx, box_gone));
                    // The crossing's own cells outside C.
                    let c = pick(&crossing, c_set);
                    let outside_c: Vec<Position> = crossing
                        .iter()
                        .copied()
                        .filter(|p| !c.contains(p))
                        .collect();
                    removed.extend(clear(&outside_c, &[], v | va | vb));
                    let reason = format!(
                        "{} with {} ({line}) and {} ({block})",
                        cell_list(&c),
                        cell_list(&a),
                        cell_list(&bx)
                    );
                    elimination(Technique::SueDeCoq, removed, reason)
                })
            })
        })
    })
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
