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
use build::{Tables, Which};
use chain::BRANCH_END;
use search::{Found, Kind, Search};
use sudoku_engine::grid::Position;
use table::{Node, cell_of, digit_of, is_group, is_set, node_cells};

/// How many rounds of singles a forcing net's table plays forward (HoDoKu's default).
const NET_ROUNDS: usize = 4;

/// The nice loop or AIC HoDoKu takes: `Technique::Aic` without groups, `GroupedAic` with
/// them.
pub fn nice_loop(candidates: &crate::Candidates, technique: Technique) -> Option<Step> {
    let mut tables = Tables::new(Board::of(candidates));
    tables.fill_direct();
    if technique == Technique::GroupedAic {
        tables.fill_groups();
    }
    tables.expand(Which::On);
    tables.expand(Which::Off);
    let mut search = Search::new(tables, false);
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
    let mut tables = Tables::new(Board::of(candidates));
    if nets {
        tables.fill_nets(NET_ROUNDS);
    } else {
        tables.fill_direct();
    }
    tables.fill_groups();
    tables.expand(Which::On);
    tables.expand(Which::Off);
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
