//! Fish: X-Wing, Swordfish, Jellyfish, and their finned and sashimi forms.

use super::{Technique, cell_list, elimination, templates};
use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::Position;

/// One digit's candidates seen line by line: rows (or columns), each with the cross-lines
/// (columns, or rows) holding the digit, as bits.
#[derive(Clone, Copy)]
struct Lines {
    by_rows: bool,
    spots: [u16; 9],
}

impl Lines {
    /// The lines of a digit's places.
    fn of(places: CellSet, by_rows: bool) -> Lines {
        let mut lines = Lines {
            by_rows,
            spots: [0; 9],
        };
        for line in 0..9 {
            lines.spots[line] = (0..9)
                .filter(|&a| places.contains(lines.at(line, a)))
                .fold(0, |bits, a| bits | 1 << a);
        }
        lines
    }

    /// The cell where `line` meets cross-line `across`.
    fn at(&self, line: usize, across: usize) -> Position {
        if self.by_rows {
            Position::at(line, across)
        } else {
            Position::at(across, line)
        }
    }

    /// The lines whose number of cells is in `counts`, as bits.
    fn with_counts(&self, counts: std::ops::RangeInclusive<u32>) -> u16 {
        (0..9)
            .filter(|&l| counts.contains(&self.spots[l].count_ones()))
            .fold(0, |bits, l| bits | 1 << l)
    }

    /// The cells holding the digit on cross-lines `covers` outside the lines `bases`, within
    /// `within`: (lines, cross-lines) as bits. Listed cross-line by
    /// cross-line when `cover_first` (basic fish), else line by line (finned fish).
    fn outside(
        &self,
        bases: u16,
        covers: u16,
        within: (u16, u16),
        cover_first: bool,
    ) -> Vec<Position> {
        let (lines_in, across_in) = within;
        let mut cells: Vec<(usize, usize)> = lines(lines_in & !bases)
            .flat_map(|l| lines(self.spots[l] & covers & across_in).map(move |a| (l, a)))
            .collect();
        if cover_first {
            cells.sort_by_key(|&(l, a)| (a, l));
        }
        cells.into_iter().map(|(l, a)| self.at(l, a)).collect()
    }

    /// `7 in rows 2, 5 and columns 3, 8`, with the fins when there are some.
    fn reason(&self, digit: u8, bases: u16, covers: u16, fins: &[Position]) -> String {
        let names = |bits: u16| {
            let v: Vec<String> = lines(bits).map(|i| (i + 1).to_string()).collect();
            v.join(", ")
        };
        let (base_word, cover_word) = if self.by_rows {
            ("rows", "columns")
        } else {
            ("columns", "rows")
        };
        let mut reason = format!(
            "{digit} in {base_word} {} and {cover_word} {}",
            names(bases),
            names(covers)
        );
        if !fins.is_empty() {
            reason.push_str(&format!(", fins {}", cell_list(fins)));
        }
        reason
    }
}

fn removals(digit: u8, cells: Vec<Position>) -> Vec<CellDigit> {
    cells
        .into_iter()
        .map(|position| CellDigit { position, digit })
        .collect()
}

/// For one digit: `size` rows whose candidates all lie in the same `size` columns. Each of those
/// rows takes the digit in one of those columns, which fills them: the digit goes nowhere else
/// in those columns. The same with rows and columns swapped.
pub fn basic(candidates: &Candidates, size: u32, technique: Technique) -> Option<Step> {
    templates::first_by_digit(candidates, technique, |digit, places| {
        [true, false].into_iter().find_map(|by_rows| {
            let lines_of = Lines::of(places, by_rows);
            // Lines with between 2 and `size` candidates.
            let usable = lines_of.with_counts(2..=size);
            submasks(usable, size).find_map(|bases| {
                let covers = lines(bases).fold(0u16, |c, l| c | lines_of.spots[l]);
                if covers.count_ones() != size {
                    return None;
                }
                let targets = lines_of.outside(bases, covers, (0x1FF, 0x1FF), true);
                let reason = || lines_of.reason(digit, bases, covers, &[]);
                elimination(technique, removals(digit, targets), reason)
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
    templates::first_by_digit(candidates, technique, |digit, places| {
        [true, false].into_iter().find_map(|by_rows| {
            let lines_of = Lines::of(places, by_rows);
            let spots = &lines_of.spots;
            // Fins lie in one box, so a base line spans at most `size` + 3 cross-lines.
            let usable = lines_of.with_counts(1..=size + 3);
            submasks(usable, size).find_map(|bases| {
                let touched = lines(bases).fold(0u16, |t, l| t | spots[l]);
                if touched.count_ones() > size + 3 {
                    return None;
                }
                submasks(touched, size).find_map(|covers| {
                    let (band, stack) = fin_box(spots, bases, covers)?;
                    let thin = lines(bases).any(|l| (spots[l] & covers).count_ones() <= 1);
                    if thin != sashimi {
                        return None;
                    }
                    let box_lines = (0b111 << (3 * band), 0b111 << (3 * stack));
                    let targets = lines_of.outside(bases, covers, box_lines, false);
                    if targets.is_empty() {
                        return None;
                    }
                    let fins: Vec<Position> = lines(bases)
                        .flat_map(|l| lines(spots[l] & !covers).map(move |a| lines_of.at(l, a)))
                        .collect();
                    let reason = || lines_of.reason(digit, bases, covers, &fins);
                    elimination(technique, removals(digit, targets), reason)
                })
            })
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

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn x_wing_in_a_real_position() {
        assert_step(
            Technique::XWing,
            "1.............6.........7.........8.....5.....2......9...4......2......9..3........3.....9.2..........4.....1..........3..67.9..3..67.9....5..8......6.89....5..89..3.5..89..3....89....5..89...4......23..6..9.23..6..9......7...2...6..91...........4.........5......3............7..1...............89.....6..........89.2.............7..1......89.2...........5......3..6..9..34.6.891.3........34............89.......891......89.....6....2.........3.....9..34...891.3.5......34..7......5.7...23.....9...4..7..1.......9..3..6..........8.12....7....3.....9....5.......4.6........6.....3....8.1...5............9...4.....1...5.....2.........3...7........78..23.5..89...4..7......5..89..3..6....2....7...2..5.7....3....891...........4.6...",
            "X-Wing: 9 in rows 1, 4 and columns 6, 8 -> r2c6 <> 9, r3c6 <> 9, r5c6 <> 9, r6c6 <> 9, r2c8 <> 9, r3c8 <> 9",
        );
    }

    #[test]
    fn swordfish_in_a_real_position() {
        assert_step(
            Technique::Swordfish,
            "...4...89.2.4.6.89.2.4.6..9.......89..3..........56.89....56.89......7..1............5....1....6.89......7.....4.....1....6..9.2.........3..6.89..3..6.89..3..6.891.3....891....6.891.3..6..9......7..1...56..91...56.89....56.89.2.4......2.4......2.......1...5...91...5...9.....6...1...5...9..3....8....4.......3....8.......7..1..4....9..3.............8.12......9......7..1..45...91....6..9.2..56..9.2..56..9......7..1..456..91..456..9123....8912.45...91.345..891.3....89.23.5..89.23.5..89..34....9......7...2345...9.23.....9.......8...34.6..9..3..6..91..........3456..9.....6...1..4...891.34....9....5....1..4....9......7...2.........34...89..34...891.34...8912.45..8912345...9123.....912.4.6..91.34.6..9......7....3456.89..3456.89",
            "Swordfish: 1 in rows 2, 4, 8 and columns 2, 3, 5 -> r3c2 <> 1, r6c2 <> 1, r9c2 <> 1, r3c3 <> 1, r6c3 <> 1, r9c3 <> 1, r3c5 <> 1, r6c5 <> 1, r9c5 <> 1",
        );
    }

    #[test]
    fn finned_x_wing_in_a_real_position() {
        assert_step(
            Technique::FinnedXWing,
            "...4..........6..912...6.8.....5.789..3......1.....78..2..5.....2...67......567.9123...7......5....12............6...12....7.....4....9.......8..23...7.....4....9.23..678...3..6..9.2...6.8....45.789.2....78.....5.78...345.....23..67..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9...4....91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "Finned X-Wing: 3 in columns 2, 7 and rows 3, 4, fins r6c7 -> r4c9 <> 3",
        );
    }

    #[test]
    fn sashimi_x_wing_in_a_real_position() {
        assert_step(
            Technique::SashimiXWing,
            "..3......1....6.8.......7......5...9....56.89...4.....1.......9.2...........56..9...456....2...6....2.456...1.........2..56..9.23..67.9.......8...3456.....34567.9........912...6.8.12.456.8..23.5.7...2..56.8..23.5678.1.34..7..1.3456.....34567..1....678.12...678.12...6.8....4..7....3......1...5.7..1..4..7..........9...456.8.1....67......5......3.....9.......8.12.4....912....7.91234..7..1.34.6.....34.67..1.....78....4.......3.....9.....6...12..5...912..5.7.9123...7..1.3.5..8...3.5.78....4.678...3..6789...4.6.8..234....9.2.4.6.89.23..6.89....5......34..78.1.........2.......1.3..6.8.1..456.8...345..........7..1.3.56.8...34....9..34...8...34...891..45.78.1.3...7891..45..8...345...91..45..891.3.5..89.....6.....34..78..2.......",
            "Sashimi X-Wing: 5 in rows 1, 4 and columns 6, 9, fins r1c4, r1c5 -> r3c6 <> 5",
        );
    }

    #[test]
    fn finned_swordfish_in_a_real_position() {
        assert_step(
            Technique::FinnedSwordfish,
            "..3.56......4...........7.9..3.5.78.1..........3..67...2.........3..6.89..3.56.89.23.56....2..56.8..2...6.8...3.5.....2.456...........91..45..........7..1.34.6....23.56...1..............7.9..3.5.78..2.4.67...234.6.......5..8...34.6.89..3456.8912..5..........7.912..........4.......3..........5.7.......6...12.....8912....789.......8..2...67...23..6...1.....7.9.....67.91....67..1..4..7......5.....234.....1..456.......567.91.34.6....2..............8.1...567..1.....7.91.3.....91.3...7.9......7...23..6.......5....1.3.....9.2.4....9.......8.1..4....912.4.6..912.4.6..912.4......2.....8.12.4...8......6....2.45.7.912.4..7....3......12.4...8912.45.789........9.23..6.8.12.4.6.8.1.3.5.7...2.45.7..1234..7..1..45.78.12.4.6.8.12.45678.",
            "Finned Swordfish: 4 in rows 2, 5, 7 and columns 5, 7, 9, fins r7c8 -> r8c9 <> 4, r9c7 <> 4, r9c9 <> 4",
        );
    }

    #[test]
    fn sashimi_swordfish_in_a_real_position() {
        assert_step(
            Technique::SashimiSwordfish,
            ".....6....2..5.7..1.........2....7.9.2.45...9......7.9...4..7.9..3.............8....4..7....3...7.....45...........8...3.5...91.3..67.9.2.......1...5........56..9........9.23...7.........8..23..67....345....1.3..6...1..4.67..1..45.7.....4567..1...........4...........7...23.....9.23....89..3....89....5.........6....23.....9.2..5..8......6....23.5....123.....9......7.....45....1.34....912.4...8..234....9.2..5..8.........9.23.5....123...........6......45....1.34..7..12.4..78..234..7.....4..7.........8.........9....5....1.........2.........3..6......4..7....3..6.....3..........5.7...2.45.........67.9.......89.....6789...4..78..2..5....1.........2..5....1.............6......4.......3....8...3...78.......78.........9.2..5....",
            "Sashimi Swordfish: 7 in columns 1, 8, 9 and rows 3, 6, 7, fins r2c1 -> r3c2 <> 7",
        );
    }

    #[test]
    fn finned_jellyfish_in_a_real_position() {
        assert_step(
            Technique::FinnedJellyfish,
            "....5....1.3......1.3..67.....4......2...6.....3..6..........8..2....7.9......7.9...4...8....4...8...3..67...2..5............9....567...23......1.........23..67........7.9..3.....9.2.............78...3..6.8.1..........3..6......4.........5.........6....2....78.1.......9..3......1...5..8.....5..89...4......2..5.7.9.2....7.9.2.....8.....5......3.....912.....89......7.....4.....1....6....23..6..9.23..6...12....7....3...7.9...4.....12..5...9.2..56.......56..912..5...9..3...7.9.......8...3......12.4.....1...5...9.....6...1..45..8........89......7...2..5...9.2.4....912.4..........6.......5.7.91...5...9..345......3.5.7.9.23.5...9.......8..234....9...4..7.9...4..7.9.......8.....5.7.9..345.....2.........3.56..9..3.56...1........",
            "Finned Jellyfish: 9 in rows 1, 4, 5, 7 and columns 3, 6, 8, 9, fins r5c4 -> r6c6 <> 9",
        );
    }

    #[test]
    fn sashimi_jellyfish_in_a_real_position() {
        assert_step(
            Technique::SashimiJellyfish,
            "....5..8....45...9...45..8......6..9.2..........4.6.....3............7..1..........3.......2............67.........8....4..7.91...........4.6..9....56..9...456..9...4....91.............67......5.......4..7.9..3.......2.4.6..9.2.....8..2.4.6.8.......7.....45..8.........91.............6......45..8..2.4......23.......2345.......45.......4.6.....3.......2..........45...9...4..7.9.......8.1...........4.67.91...........456.8..2.........34....9..34...89...45.789...4.67.9....56..9...4567.9...4...89..3......1...........4.67.....4...89.2...........5.........6..9.....67.9.....6.......5.7.9....5..8...3...7..1...............89.2....7.....4......23...789.2.............7.9...4...8...34.67....3.5..89...456...1..........3....8...3..6789",
            "Sashimi Jellyfish: 9 in rows 1, 5, 8, 9 and columns 2, 5, 6, 9, fins r1c4 -> r2c5 <> 9, r3c5 <> 9",
        );
    }
}
