//! The last resort: when no technique applies, brute force takes one digit from the
//! solution, as HoDoKu does.

use super::{Technique, placement};
use crate::{Candidates, Step};
use sudoku_engine::grid::Position;

/// Places the solution's digit in the middle one of the empty cells (in reading order, the
/// one at half their count, as HoDoKu picks it).
pub fn brute_force(candidates: &Candidates) -> Option<Step> {
    let empty: Vec<Position> = candidates.empty_cells().iter().collect();
    let cell = *empty.get(empty.len() / 2)?;
    let solution = candidates.solution()?;
    let digit = solution.get(cell)?.get();
    let reason = "no technique applies; the digit is the solution's".to_string();
    Some(placement(Technique::BruteForce, cell, digit, reason))
}

#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn brute_force_in_a_real_position() {
        assert_step(
            Technique::BruteForce,
            "......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5.......4....9..3..6.....34.6..9.2.........3456...1...........4.67.....45.78.....5.78.....5....123..6...1234.6.........78...34.6.........78..2...6..91..4.6...12......91......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6.....3......12...67..12...6..9...4..7.9.......8..2.4.6..91..4..7..1..45.7..1...5.7...2...6.8.....5.78..2..567..1.........2.456....2.4.67.....4..78.........9..3......12.....8.........91.3.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....8912.4.6.8...3.5.78.1234567....345..8912.4....9.2345..89.2...67.91.3..678.12....789",
            "brute force: no technique applies; the digit is the solution's -> r5c7 = 1",
        );
    }
}
