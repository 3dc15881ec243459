//! Nice loops, AICs, forcing chains and forcing nets as HoDoKu finds them: with tables
//! ("Trebor's tables"). For every candidate, set and removed, a table of what follows
//! directly; each table is then expanded in place, in order, by the tables of what it
//! reaches, at most 1,000 entries each. Loops, AICs and forcing chains are read off the
//! tables; the chain that proves a step is walked back through them. Of all the steps found,
//! HoDoKu's order picks one, so this search takes the step HoDoKu takes (and the score it
//! gives follows).
//!
//! Written from the description of HoDoKu's `TablingSolver` (and its Python port,
//! hodoku-py), not from their code.

mod board;
mod build;
mod chain;
mod loops;
mod search;
mod table;
mod verdicts;

use super::Technique;
use crate::{CellDigit, Step, deadline};
use board::Board;
use build::{Contents, Tables, Which};
use chain::BRANCH_END;
use search::{Found, Kind, Search};
use sudoku_engine::grid::Position;
use table::{Node, cell_of, digit_of, is_group, is_set, node_cells};

/// How many rounds of singles a forcing net's table plays forward (HoDoKu's default).
const NET_ROUNDS: usize = 4;

/// The nice loop or AIC HoDoKu takes: `Technique::Aic` without groups, `GroupedAic` with
/// at least one (as HoDoKu lists grouped ones).
pub fn nice_loop(candidates: &crate::Candidates, technique: Technique) -> Option<Step> {
    let grouped = technique == Technique::GroupedAic;
    let contents = if grouped {
        Contents::DirectAndGroups
    } else {
        Contents::Direct
    };
    let tables = Tables::built(Board::of(candidates), contents);
    let mut search = Search::new(tables, false);
    search.only_grouped = grouped;
    search.nice_loops(Which::On);
    search.nice_loops(Which::Off);
    search.aics();
    if deadline::passed() {
        return None;
    }
    search.best_loop().map(step)
}

/// The forcing chain (`Technique::ForcingChain`) or net (`ForcingNet`) HoDoKu takes.
pub fn forcing(candidates: &crate::Candidates, technique: Technique) -> Option<Step> {
    let nets = technique == Technique::ForcingNet;
    let contents = if nets {
        Contents::NetsAndGroups { rounds: NET_ROUNDS }
    } else {
        Contents::DirectAndGroups
    };
    let tables = Tables::built(Board::of(candidates), contents);
    if deadline::passed() {
        return None;
    }
    let mut search = Search::new(tables, nets);
    search.forcing();
    if deadline::passed() {
        return None;
    }
    search.best_forcing().map(step)
}

/// The technique HoDoKu scores a step of `kind` as.
fn technique_of(kind: Kind) -> Technique {
    match kind {
        Kind::ChainContradiction | Kind::ChainVerity => Technique::ForcingChain,
        Kind::NetContradiction | Kind::NetVerity => Technique::ForcingNet,
        kind if kind.is_grouped() => Technique::GroupedAic,
        _ => Technique::Aic,
    }
}

/// The step found, with its chains written out as its reason.
fn step(found: Found) -> Step {
    let technique = technique_of(found.kind);
    let cell_digit = |&(cell, digit): &(usize, u8)| CellDigit {
        position: Position::new(cell),
        digit,
    };
    let mut eliminations: Vec<CellDigit> = Vec::new();
    for removal in found.removals.iter().map(cell_digit) {
        if !eliminations.contains(&removal) {
            eliminations.push(removal);
        }
    }
    let chains: Vec<String> = found.chains.iter().map(|chain| chain_text(chain)).collect();
    let kind = match found.kind {
        Kind::ContinuousLoop | Kind::GroupedContinuousLoop => "continuous nice loop: ",
        Kind::DiscontinuousLoop | Kind::GroupedDiscontinuousLoop => "discontinuous nice loop: ",
        Kind::ChainContradiction | Kind::NetContradiction => "contradiction: ",
        Kind::ChainVerity | Kind::NetVerity => "verity: ",
        Kind::Aic | Kind::GroupedAic => "",
    };
    Step {
        technique,
        placements: found.placements.iter().map(cell_digit).collect(),
        eliminations,
        reason: format!("{kind}{}", chains.join("; ")),
        rating: technique.rating(),
    }
}

/// A chain as text: `r1c2=5 -> r1c7<>5 -> ...`, a net's branches in brackets after the
/// entry they lead into.
fn chain_text(chain: &[i64]) -> String {
    let mut text = String::new();
    let mut in_branch = false;
    for &entry in chain {
        if entry == BRANCH_END {
            text.push(']');
            in_branch = false;
        } else if entry < 0 {
            text.push_str(if in_branch { " -> " } else { " [" });
            in_branch = true;
            text.push_str(&node_text(entry.unsigned_abs() as Node));
        } else {
            if !text.is_empty() {
                text.push_str(" -> ");
            }
            text.push_str(&node_text(entry as Node));
        }
    }
    text
}

/// A node as text: `r1c2=5`, `r4c2<>7`; a group by its row and columns (`r1c23<>5`) or its
/// rows and column.
fn node_text(node: Node) -> String {
    let sign = if is_set(node) { "=" } else { "<>" };
    let digit = digit_of(node);
    if !is_group(node) {
        return format!("{}{sign}{digit}", Position::new(cell_of(node)));
    }
    let members: Vec<Position> = board::cells(node_cells(node)).map(Position::new).collect();
    let rows: String = dedup(members.iter().map(|p| p.row() + 1));
    let columns: String = dedup(members.iter().map(|p| p.column() + 1));
    format!("r{rows}c{columns}{sign}{digit}")
}

/// The distinct numbers, in order, written together.
fn dedup(numbers: impl Iterator<Item = usize>) -> String {
    let mut seen: Vec<usize> = numbers.collect();
    seen.dedup();
    seen.iter().map(ToString::to_string).collect()
}

/// Each kind of step on a position met while solving a real puzzle: the step HoDoKu's tables
/// give there, checked against the solution.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;
    use std::time::{Duration, Instant};

    #[test]
    fn aic_in_a_real_position() {
        assert_step(
            Technique::Aic,
            "...4.........56..912...6.8.....5.789..3......1...5.78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9...4..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "AIC: discontinuous nice loop: r1c6=5 -> r1c7<>5 -> r1c7=2 -> r4c7<>2 -> r4c7=3 -> r4c4<>3 -> r9c4=3 -> r9c4<>5 -> r9c6=5 -> r1c6<>5 -> r1c6 <> 5",
        );
    }

    #[test]
    fn grouped_aic_in_a_real_position() {
        assert_step(
            Technique::GroupedAic,
            "...4.........56..912...6.8.....5.789..3......1...5.789.2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345.7.9.23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "grouped AIC: discontinuous nice loop: r1c6=9 -> r1c9<>9 -> r2c9=9 -> r2c9<>4 -> r2c6=4 -> r5c6<>4 -> r5c4=4 -> r5c4<>9 -> r13c4=9 -> r1c6<>9 -> r1c6 <> 9",
        );
    }

    #[test]
    fn a_cell_seeing_a_whole_group_at_the_far_end_loses_its_digit() {
        // HoDoKu's grouped discontinuous nice loop r2c9 <> 5 (8 there, or 5 in the group).
        assert_step(
            Technique::GroupedAic,
            ".2...67...2..56..9.2..567......5..89...4......23...789....567.9.23.5..891.........2.4..7....3......12.45.7.......6...12..5..8.12....789...45.7.9.2.45..89.2.45.789.......8.12.456..912.4567..1...5...9123.5....123...7.9...4567.9.2345...9.234567.91.........2.4.6.8.........9...4...8.......7......5.......4.6....234......234.6....234.6....2.456....23456...1..4....91.3..6...1.3..6..9.......8.......7...2.456..9..34.67.....456.8...345678..2.........3..6.8...3..6.891..456..91..45...9...456..9..34....9......7....34.....1...5..8.1...5..8.1......8..2............6......4....9....5.....2...6....2...6.....3..............9...4.....1.....7..1......8.......78....4....91......8.1......8.......7...2...6....2...6.....3.........45...9...45...9",
            "grouped AIC: discontinuous nice loop: r2c9=5 -> r123c7<>5 -> r6c7=5 -> r6c7<>1 -> r6c8=1 -> r8c8<>1 -> r8c8=8 -> r8c9<>8 -> r2c9=8 -> r2c9 <> 5",
        );
    }

    #[test]
    fn forcing_chain_in_a_real_position() {
        assert_step(
            Technique::ForcingChain,
            "...4.........56..912...6.8.....5.789..3......1...5.78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "forcing chain: contradiction: r5c4=3 -> r5c4<>4 -> r5c6=4 -> r2c6<>4 -> r2c9=4 -> r2c9<>9 -> r1c9=9 -> r1c4<>9; r5c4=3 -> r5c4<>4 -> r3c4=4 -> r3c4<>9; r5c4=3 -> r5c4<>9 -> r5c4 <> 3",
        );
    }

    #[test]
    fn a_search_of_the_same_grid_takes_the_last_tables_unless_they_were_cut_short() {
        let position = "...4.........56..912...6.8.....5.789..3......1...5.78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.";
        let state = crate::Candidates::from_text(position).unwrap();
        let builds = || super::build::BUILDS.with(|builds| builds.get());
        let fresh = Technique::ForcingChain.find(&state);
        assert!(fresh.is_some());
        // A grouped AIC fills the same tables; the forcing chain after it takes them.
        Technique::GroupedAic.find(&state);
        let before = builds();
        assert_eq!(Technique::ForcingChain.find(&state), fresh);
        assert_eq!(builds(), before, "the grouped AIC's tables were taken");
        // Other contents, or another grid, are filled anew.
        Technique::Aic.find(&state);
        assert_eq!(builds(), before + 1);
        // Tables a deadline cut short are not taken: the next search fills them again.
        let soon = Instant::now() + Duration::from_millis(5);
        let cut = crate::deadline::within(Some(soon), || {
            std::thread::sleep(Duration::from_millis(10));
            Technique::ForcingChain.find(&state)
        });
        assert_eq!(cut, Err(sudoku_engine::TimedOut));
        assert_eq!(builds(), before + 2);
        assert_eq!(Technique::ForcingChain.find(&state), fresh);
        assert_eq!(builds(), before + 3);
    }

    #[test]
    fn forcing_net_in_a_real_position() {
        assert_step(
            Technique::ForcingNet,
            "...4.........56..912...6.8.....5.789..3......1.....78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9...4....91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "forcing net: verity: r1c2=5 [r1c4<>5] -> r1c7<>5 -> r1c7=2 -> r4c7<>2 -> r4c7=3 -> r4c4<>3 -> r9c4=3 -> r9c4<>5 -> r3c4=5 [r3c4<>4] [r3c4<>9] -> r3c4<>4 -> r5c4=4 -> r5c4<>9 -> r1c4=9 -> r1c9<>9 -> r2c9=9 -> r2c9<>4 -> r2c6=4 -> r3c6<>4 -> r3c7=4 -> r2c9<>4 -> r2c6=4; r1c2=6 [r4c2<>6] -> r7c2<>6 -> r7c2=4 -> r4c2<>4 -> r4c2=3 [r4c4<>3 -> r9c4=3 -> r9c4<>5] -> r4c7<>3 -> r4c7=2 -> r1c7<>2 -> r1c7=5 -> r1c4<>5 -> r3c4=5 [r3c4<>4] [r3c4<>9] -> r3c4<>4 -> r5c4=4 -> r5c4<>9 -> r1c4=9 -> r1c9<>9 -> r2c9=9 -> r2c9<>4 -> r2c6=4 -> r3c6<>4 -> r3c7=4 -> r2c9<>4 -> r2c6=4; r1c2=9 -> r1c9<>9 -> r2c9=9 -> r2c9<>4 -> r2c6=4 -> r2c6 = 4",
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
}
