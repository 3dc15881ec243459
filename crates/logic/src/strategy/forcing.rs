//! The last resorts: forcing chains, forcing nets, and brute force.
//!
//! Each candidate is assumed true in turn and the consequences followed. A forcing chain
//! follows only direct implications (a placed digit leaves its peers; a two-candidate cell or a
//! unit with two places for a digit then takes the other one); a forcing net follows every
//! single that appears, and pointing and claiming. An assumption that ends in a contradiction is false; a consequence
//! common to every candidate of a cell, or to every place of a digit in a unit, is true.
//! Brute force, when nothing else works, takes one digit from the solution, as HoDoKu does.

use super::forcing_trace::{Target, reasoning};
use super::{Technique, digits, elimination, lines_through, placement};
use crate::{Candidates, CellDigit, CellSet, Step, deadline};
use sudoku_engine::grid::{Position, Unit};

/// The candidates as one cell set per digit, with the cells already holding each digit.
#[derive(Clone, Copy)]
struct State {
    places: [CellSet; 10],
    holds: [CellSet; 10],
}

/// What an assumption leads to: the state after its consequences, or, when nothing can be
/// true, where it broke.
type Outcome = Result<State, String>;

/// How far consequences are followed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Only through cells with two candidates and units with two places at the start.
    Chain,
    /// Through every single, and pointing and claiming.
    Net,
}

impl State {
    fn of(candidates: &Candidates) -> State {
        let mut state = State {
            places: candidates.places(),
            holds: [CellSet::EMPTY; 10],
        };
        for position in Position::all() {
            if let Some(digit) = candidates.value(position) {
                state.holds[usize::from(digit)].insert(position);
            }
        }
        state
    }

    /// The cells with at least one, two and three candidates, counted bit-sliced over the
    /// nine digits.
    fn counts(&self) -> [CellSet; 3] {
        let [mut once, mut twice, mut thrice] = [CellSet::EMPTY; 3];
        for places in &self.places[1..] {
            thrice = thrice | (twice & *places);
            twice = twice | (once & *places);
            once = once | *places;
        }
        [once, twice, thrice]
    }

    /// Empty cells with exactly one candidate, and empty cells with none.
    fn naked(&self) -> (CellSet, CellSet) {
        let [once, twice, _] = self.counts();
        let filled = self.holds[1..].iter().fold(CellSet::EMPTY, |f, &h| f | h);
        (once - twice, !(once | filled))
    }

    fn place(&mut self, position: Position, digit: u8) {
        for other in 1..=9 {
            self.places[other] = self.places[other] - CellSet::single(position);
        }
        let d = usize::from(digit);
        self.places[d] = self.places[d] - CellSet::peers(position);
        self.holds[d].insert(position);
    }

    /// Places `digit` in `position` and follows the consequences as far as `reach` allows.
    /// `start` is the state before any assumption and `start_pairs` its two-candidate cells
    /// (a chain only goes through those, and through units with two places at the start).
    fn follow(
        mut self,
        (start, start_pairs): (&State, CellSet),
        position: Position,
        digit: u8,
        reach: Reach,
    ) -> Outcome {
        self.place(position, digit);
        loop {
            let (singles, dead) = self.naked();
            if let Some(cell) = dead.first() {
                return Err(format!("{cell} has no candidate left"));
            }
            let allowed = match reach {
                Reach::Chain => singles & start_pairs,
                Reach::Net => singles,
            };
            // Every naked single at once; one that an earlier one emptied shows up as a dead
            // cell on the next round.
            let mut progress = false;
            for digit in 1..=9u8 {
                for cell in (allowed & self.places[usize::from(digit)]).iter() {
                    if self.places[usize::from(digit)].contains(cell) {
                        self.place(cell, digit);
                        progress = true;
                    }
                }
            }
            if progress {
                continue;
            }
            for unit in Unit::all() {
                let cells = CellSet::unit(unit);
                for digit in 1..=9u8 {
                    let d = usize::from(digit);
                    if !(self.holds[d] & cells).is_empty() {
                        continue;
                    }
                    let spots = self.places[d] & cells;
                    if spots.is_empty() {
                        return Err(format!("{digit} has no place in {unit}"));
                    }
                    let direct = reach == Reach::Net || (start.places[d] & cells).len() == 2;
                    if spots.len() == 1 && direct {
                        self.place(spots.first().expect("one spot"), digit);
                        progress = true;
                    }
                }
            }
            if !progress && reach == Reach::Net {
                progress = self.locked_candidates();
            }
            if !progress {
                return Ok(self);
            }
        }
    }

    /// Pointing and claiming: a digit confined, in one unit, to where it meets another, leaves
    /// the rest of the other. Returns whether anything was removed.
    fn locked_candidates(&mut self) -> bool {
        let mut removed = false;
        for digit in 1..=9 {
            for b in 0..9 {
                let block = CellSet::unit(Unit::Box(b as u8));
                for line in lines_through(b) {
                    let line_cells = CellSet::unit(line);
                    let inside = self.places[digit] & block & line_cells;
                    if inside.is_empty() {
                        continue;
                    }
                    for (confined_to, other) in [(block, line_cells), (line_cells, block)] {
                        let rest = self.places[digit] & (other - confined_to);
                        if (self.places[digit] & (confined_to - other)).is_empty()
                            && !rest.is_empty()
                        {
                            self.places[digit] = self.places[digit] - rest;
                            removed = true;
                        }
                    }
                }
            }
        }
        removed
    }

    /// Empty cells with two candidates.
    fn naked_pairs(&self) -> CellSet {
        let [_, twice, thrice] = self.counts();
        twice - thrice
    }
}

/// What every outcome in `outcomes` implies, beyond `start`: placements and eliminations.
fn common(start: &State, outcomes: &[State]) -> (Vec<CellDigit>, Vec<CellDigit>) {
    let (mut placed, mut removed) = (Vec::new(), Vec::new());
    for digit in 1..=9u8 {
        let d = usize::from(digit);
        let new_holds = outcomes
            .iter()
            .fold(!CellSet::EMPTY, |all, s| all & s.holds[d])
            - start.holds[d];
        let gone = outcomes
            .iter()
            .fold(start.places[d], |all, s| all - s.places[d] - s.holds[d]);
        placed.extend(
            new_holds
                .iter()
                .map(|position| CellDigit { position, digit }),
        );
        removed.extend(gone.iter().map(|position| CellDigit { position, digit }));
    }
    (placed, removed)
}

/// A step from common consequences: placements first, else eliminations. `reason` writes the
/// reasoning that leads to the fact it is given.
fn verity(
    technique: Technique,
    start: &State,
    outcomes: &[State],
    reason: impl Fn(Target) -> String,
) -> Option<Step> {
    let (placed, removed) = common(start, outcomes);
    if let Some(&first) = placed.first() {
        let target = Target::Placed(first.position, first.digit);
        return Some(placement(
            technique,
            first.position,
            first.digit,
            reason(target),
        ));
    }
    let first = removed.first()?;
    let reason = reason(Target::Removed(first.position, first.digit));
    elimination(technique, removed, reason)
}

/// The state as the trace reads it: candidate bits and values per cell.
fn marks_and_values(candidates: &Candidates) -> ([u16; 81], [u8; 81]) {
    let mut marks = [0u16; 81];
    let mut values = [0u8; 81];
    for position in Position::all() {
        marks[position.index()] = candidates.mark_bits(position);
        values[position.index()] = candidates.value(position).unwrap_or(0);
    }
    (marks, values)
}

/// The reasoning of each assumption in `branches` that leads to `target`, joined with `; `.
fn branches_reasoning(
    state: ([u16; 81], [u8; 81]),
    branches: &[(Position, u8)],
    net: bool,
    target: Target,
) -> String {
    let lines: Vec<String> = branches
        .iter()
        .map(|&branch| {
            reasoning(state, branch, net, target)
                .unwrap_or_else(|| format!("{}={}", branch.0, branch.1))
        })
        .collect();
    lines.join("; ")
}

/// The first forcing chain (`Technique::ForcingChain`) or net (`ForcingNet`).
pub fn find(candidates: &Candidates, technique: Technique) -> Option<Step> {
    let reach = if technique == Technique::ForcingChain {
        Reach::Chain
    } else {
        Reach::Net
    };
    let start = State::of(candidates);
    let pairs = start.naked_pairs();
    // What each candidate implies.
    let mut implied: Vec<Vec<(u8, State)>> = vec![Vec::new(); 81];
    for position in Position::all() {
        if deadline::passed() {
            return None;
        }
        for digit in digits(candidates.mark_bits(position)) {
            match start.follow((&start, pairs), position, digit, reach) {
                Err(why) => {
                    let state = marks_and_values(candidates);
                    let net = reach == Reach::Net;
                    let line = reasoning(state, (position, digit), net, Target::Contradiction)
                        .unwrap_or(why);
                    let reason = format!("{position} = {digit} leads to a contradiction: {line}");
                    let removed = vec![CellDigit { position, digit }];
                    return elimination(technique, removed, reason);
                }
                Ok(state) => implied[position.index()].push((digit, state)),
            }
        }
    }
    let state = marks_and_values(candidates);
    let net = reach == Reach::Net;
    // Every candidate of a cell leads to the same thing.
    for position in Position::all() {
        let outcomes: Vec<State> = implied[position.index()].iter().map(|(_, s)| *s).collect();
        if outcomes.len() >= 2 {
            let branches: Vec<(Position, u8)> = implied[position.index()]
                .iter()
                .map(|&(digit, _)| (position, digit))
                .collect();
            let reason = |target| {
                let lines = branches_reasoning(state, &branches, net, target);
                format!("each candidate of {position} leads there: {lines}")
            };
            if let Some(step) = verity(technique, &start, &outcomes, reason) {
                return Some(step);
            }
        }
    }
    // Every place of a digit in a unit leads to the same thing.
    for unit in Unit::all() {
        for digit in 1..=9u8 {
            let (branches, outcomes): (Vec<(Position, u8)>, Vec<State>) = candidates
                .cells_with(unit, digit)
                .filter_map(|p| {
                    let outcome = implied[p.index()].iter().find(|(d, _)| *d == digit);
                    outcome.map(|(_, s)| ((p, digit), *s))
                })
                .unzip();
            if outcomes.len() >= 2 {
                let reason = |target| {
                    let lines = branches_reasoning(state, &branches, net, target);
                    format!("each place of {digit} in {unit} leads there: {lines}")
                };
                if let Some(step) = verity(technique, &start, &outcomes, reason) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Places the solution's digit in the empty cell with the fewest candidates.
pub fn brute_force(candidates: &Candidates) -> Option<Step> {
    let cell = Position::all()
        .filter(|&p| candidates.mark_bits(p) != 0)
        .min_by_key(|&p| candidates.mark_bits(p).count_ones())?;
    let solution = candidates.solution()?;
    let digit = solution.get(cell)?.get();
    let reason = "no technique applies; the digit is the solution's".to_string();
    Some(placement(Technique::BruteForce, cell, digit, reason))
}

/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;
    use std::time::{Duration, Instant};

    #[test]
    fn forcing_chain_in_a_real_position() {
        assert_step(
            Technique::ForcingChain,
            "...4.........56..912...6.8.....5.789..3......1...5.78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "forcing chain: r5c4 = 3 leads to a contradiction: r5c4=3 -> r5c6=4 -> r2c9=4 -> r1c9=9 -> 9 has no place in column 4 -> r5c4 <> 3",
        );
    }

    #[test]
    fn forcing_net_in_a_real_position() {
        assert_step(
            Technique::ForcingNet,
            "...4.........56..912...6.8.....5.789..3......1.....78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9...4....91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "forcing net: r1c2 = 5 leads to a contradiction: r1c2=5 -> r1c7=2 -> r4c7=3 -> r9c4=3 -> r3c4=5 -> r3c7=4 -> r6c7=5 -> r5c9=7 -> r4c9=8 -> r4c4=7 -> r8c4=8 -> r1c4=9 -> r1c9=6 -> r9c9 has no candidate left -> r1c2 <> 5",
        );
    }

    #[test]
    fn a_deadline_passing_cuts_the_net_search_short() {
        let position = "...4.........56..912...6.8.....5.789..3......1.....78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9...4....91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.";
        let state = crate::Candidates::from_text(position).unwrap();
        assert!(Technique::ForcingNet.find(&state).is_some());
        // The deadline passes after the search is entered: it must notice and give up.
        let deadline = Instant::now() + Duration::from_millis(5);
        let cut = crate::deadline::within(Some(deadline), || {
            std::thread::sleep(Duration::from_millis(10));
            Technique::ForcingNet.find(&state)
        });
        assert_eq!(cut, Err(sudoku_engine::TimedOut));
        let later = Instant::now() + Duration::from_secs(3600);
        let whole = crate::deadline::within(Some(later), || Technique::ForcingNet.find(&state));
        assert!(whole.is_ok_and(|step| step.is_some()));
    }

    #[test]
    fn brute_force_in_a_real_position() {
        assert_step(
            Technique::BruteForce,
            "......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5.......4....9..3..6.....34.6..9.2.........3456...1...........4.67.....45.78.....5.78.....5....123..6...1234.6.........78...34.6.........78..2...6..91..4.6...12......91......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6.....3......12...67..12...6..9...4..7.9.......8..2.4.6..91..4..7..1..45.7..1...5.7...2...6.8.....5.78..2..567..1.........2.456....2.4.67.....4..78.........9..3......12.....8.........91.3.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....8912.4.6.8...3.5.78.1234567....345..8912.4....9.2345..89.2...67.91.3..678.12....789",
            "brute force: no technique applies; the digit is the solution's -> r2c1 = 9",
        );
    }
}
