//! Avoidable rectangles: unique rectangles among cells that steps have filled.
//!
//! A digit the puzzle gave cannot move, but one a step placed could be swapped with another
//! if nothing else pinned it: four such cells holding two digits crosswise, on two rows, two
//! columns and two boxes, would give the puzzle a second solution. So when three corners are
//! filled that way (or two, with the other two left with one more digit each), the last
//! corners cannot complete the pattern.

use std::collections::HashSet;

use super::uniqueness::{across, beside};
use super::{Technique, elimination};
use crate::{Candidates, CellDigit, CellSet, Step};
use sudoku_engine::grid::Position;

/// The digit a step placed in `position`, if it is filled and was not given.
fn placed(candidates: &Candidates, position: Position) -> Option<u8> {
    candidates
        .value(position)
        .filter(|_| !candidates.is_given(position))
}

/// True when `position` is open with two candidates, `digit` one of them.
fn two_with(candidates: &Candidates, position: Position, digit: u8) -> bool {
    candidates.mark_bits(position).count_ones() == 2 && candidates.has(position, digit)
}

/// The first avoidable rectangle of `technique` (type 1 or 2), in HoDoKu's order: from each
/// placed cell in reading order, a placed cell beside it in its box, then the two cells
/// across in another box.
pub fn avoidable_rectangle(candidates: &Candidates, technique: Technique) -> Option<Step> {
    let mut seen = HashSet::new();
    for first in Position::all() {
        let Some(a) = placed(candidates, first) else {
            continue;
        };
        for second in beside(first) {
            let Some(b) = placed(candidates, second) else {
                continue;
            };
            for k in 0..9 {
                // `third` faces `first` and should end up `b`; `fourth` faces `second`.
                let (third, fourth) = across(first, second, k);
                if third.block() == first.block() {
                    continue;
                }
                let third_placed = placed(candidates, third) == Some(b);
                let fourth_placed = placed(candidates, fourth) == Some(a);
                let third_open = two_with(candidates, third, b);
                let fourth_open = two_with(candidates, fourth, a);
                let fits = (third_placed && fourth_open)
                    || (fourth_placed && third_open)
                    || (third_open && fourth_open);
                let corners = [first, second, third, fourth];
                if !fits || !seen.insert(corners.into_iter().collect::<CellSet>()) {
                    continue;
                }
                let reason = || {
                    let mut sorted = corners;
                    sorted.sort_unstable();
                    let names: Vec<String> = sorted.iter().map(ToString::to_string).collect();
                    format!(
                        "{}/{} in {}, none given, would have two solutions",
                        a.min(b),
                        a.max(b),
                        names.join(", ")
                    )
                };
                let step = if third_open && fourth_open {
                    (technique == Technique::AvoidableRectangle2)
                        .then(|| type_2(candidates, third, fourth, b, reason()))
                        .flatten()
                } else if technique == Technique::AvoidableRectangle1 {
                    // The open corner cannot take the digit that would complete the pattern.
                    let removed = if third_placed {
                        CellDigit {
                            position: fourth,
                            digit: a,
                        }
                    } else {
                        CellDigit {
                            position: third,
                            digit: b,
                        }
                    };
                    elimination(technique, vec![removed], reason)
                } else {
                    None
                };
                if step.is_some() {
                    return step;
                }
            }
        }
    }
    None
}

/// Type 2: both open corners hold one same extra digit besides the one that would complete
/// the pattern; one of them holds it, so the cells seeing both lose it.
fn type_2(
    candidates: &Candidates,
    third: Position,
    fourth: Position,
    b: u8,
    reason: String,
) -> Option<Step> {
    let digit = (candidates.mark_bits(third) & !(1 << b)).trailing_zeros() as u8;
    if !candidates.has(fourth, digit) {
        return None;
    }
    let both: CellSet = [third, fourth].into_iter().collect();
    let seeing = both.common_peers() & candidates.digit_cells(digit);
    let removed = seeing.iter().map(|position| CellDigit { position, digit });
    elimination(Technique::AvoidableRectangle2, removed.collect(), || reason)
}

/// Each type on a position met while solving a real puzzle (the first as its easiest step,
/// the second on the way), with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step_after;

    #[test]
    fn avoidable_rectangle_1_in_a_real_position() {
        assert_step_after(
            Technique::AvoidableRectangle1,
            "....6...8..2......49....31...6.34........85..94...1......2.94...8.......51.....3.",
            "1..........3..........5.7.....4..........6.......5.7...2......9.2......9.......8........8......6....2.......1................9..3............7.....45.......45.......4.............9....5.7........78.....5..8..2.........3......1.............6.........7......5.........6...........9..3.........4.....12.....8..2.....8.12.........3.......2.......1.............6.........7.........8.....5.......4....9...4....9........9...4............8.....5.....2.......1.............6.........7....3...........6.........7....3.......2.......1...5..8.........9...4.........5..8.1...5.....2..............8....4....9..3......1..45........5.7..1.......9.....6...1...5.7.9....5....1...........4....9......78....4...8......6....2.....89..3.......2....7.9",
            "Avoidable Rectangle Type 1: 3/7 in r1c2, r1c3, r7c2, r7c3, none given, would have two solutions -> r1c3 <> 7",
        );
    }

    #[test]
    fn avoidable_rectangle_2_in_a_real_position() {
        assert_step_after(
            Technique::AvoidableRectangle2,
            "8...46..71..9....4....8.9..2.4851..6..7...8.2...2.......8.74........95..4.15.....",
            ".......8..2..5............91...........4..........6....23........3.5..........7..1..............7...2...6...........9..3..........5.....2...6..........8....4.......3..6......4.........56.........7.........8..2...............91....6...1...5.....2.........3.....9...4............8.....5....1..........3...7....3...7.9.....6.......56..91..............7.....4..........6..9..3.............8.....5...9.2.........3..6..9.......8...3.56....2............6..9......7.....4.....1.3.....91...5........5...9....56..........8...3..6.........7.....4.....1.........2.........3.....9......7...2...6....23........3..6...1................9....5.......4............8....4.......3.....91............5.....2..............8......67.......67....3.....9",
            "Avoidable Rectangle Type 2: 2/5 in r2c3, r2c6, r3c3, r3c6, none given, would have two solutions -> r3c1 <> 6, r6c3 <> 6",
        );
    }

    #[test]
    fn given_digits_make_no_avoidable_rectangle() {
        // The same position read on its own: every filled cell counts as given.
        let state = crate::Candidates::from_text("1..........3..........5.7.....4..........6.......5.7...2......9.2......9.......8........8......6....2.......1................9..3............7.....45.......45.......4.............9....5.7........78.....5..8..2.........3......1.............6.........7......5.........6...........9..3.........4.....12.....8..2.....8.12.........3.......2.......1.............6.........7.........8.....5.......4....9...4....9........9...4............8.....5.....2.......1.............6.........7....3...........6.........7....3.......2.......1...5..8.........9...4.........5..8.1...5.....2..............8....4....9..3......1..45........5.7..1.......9.....6...1...5.7.9....5....1...........4....9......78....4...8......6....2.....89..3.......2....7.9").unwrap();
        assert!(Technique::AvoidableRectangle1.find(&state).is_none());
    }
}
