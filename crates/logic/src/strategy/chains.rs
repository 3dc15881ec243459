//! Chains of alternating inference: X-Chain, XY-Chain, AIC and grouped AIC.
//!
//! A chain starts with a candidate assumed false and alternates strong links ("if this is false,
//! that is true") and weak links ("if this is true, that is false"). Ending on a strong link at
//! a candidate `t`, it proves that the first candidate `s` or `t` is true, so whatever sees both
//! is false. The search is breadth first, so each chain found is a shortest one from its start.
//! When the last candidate also has a weak link back to the first, the chain closes into a
//! continuous nice loop: each weak link of the loop then has exactly one true end, and its
//! eliminations join the step's. (A discontinuous nice loop is the case where the chain ends
//! on its own start, or on another candidate of the start's cell.)

use std::collections::HashMap;
use std::fmt;

use super::{Technique, elimination, hodoku_rank};
use crate::{Candidates, CellDigit, CellSet, Step, deadline};
use sudoku_engine::grid::Unit;

/// A node: a digit in one cell or, for grouped chains, in 2-3 cells where a box meets a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Node {
    digit: u8,
    cells: CellSet,
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.cells.iter().map(|p| p.to_string()).collect();
        if cells.len() == 1 {
            write!(f, "{}{}", self.digit, cells[0])
        } else {
            write!(f, "{}({})", self.digit, cells.join(","))
        }
    }
}

/// Which links a kind of chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One digit; strong links in units.
    X,
    /// Strong links inside two-candidate cells, weak links between cells on one digit.
    Xy,
    /// Any strong and weak links between single candidates.
    Aic,
    /// Any links, between single candidates and groups.
    Grouped,
}

/// The candidates and links a kind of chain may use.
struct Graph {
    nodes: Vec<Node>,
    strong: Vec<Vec<usize>>,
    weak: Vec<Vec<usize>>,
}

impl Graph {
    /// `places` are the digits' cells ([`Candidates::places`]).
    fn build(
        candidates: &Candidates,
        places: &[CellSet; 10],
        kind: Kind,
        only_digit: Option<u8>,
    ) -> Graph {
        let digits_used = (1..=9u8).filter(|&d| only_digit.is_none_or(|o| o == d));
        let mut nodes = Vec::new();
        // The nodes of each digit, which come one digit after another.
        let mut of_digit: [std::ops::Range<usize>; 10] = std::array::from_fn(|_| 0..0);
        for digit in digits_used {
            let first = nodes.len();
            for position in places[usize::from(digit)].iter() {
                nodes.push(Node {
                    digit,
                    cells: CellSet::single(position),
                });
            }
            if kind == Kind::Grouped {
                for segment in segments() {
                    let cells = places[usize::from(digit)] & segment;
                    if cells.len() >= 2 {
                        nodes.push(Node { digit, cells });
                    }
                }
            }
            of_digit[usize::from(digit)] = first..nodes.len();
        }
        // The single-candidate nodes of each cell, in order.
        let mut in_cell = vec![Vec::new(); 81];
        for (j, node) in nodes.iter().enumerate() {
            if node.cells.len() == 1 {
                let cell = node.cells.first().expect("one cell");
                in_cell[cell.index()].push(j);
            }
        }
        let index: HashMap<Node, usize> = nodes.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        let find = |node: Node| index.get(&node).copied();
        let mut strong = vec![Vec::new(); nodes.len()];
        let mut weak = vec![Vec::new(); nodes.len()];
        for (i, &node) in nodes.iter().enumerate() {
            let single = node.cells.len() == 1;
            let cell = node.cells.first().expect("nodes have cells");
            let marks = candidates.mark_bits(cell);
            // Strong links in units: the digit's other places in a unit holding the node.
            if kind != Kind::Xy {
                for unit in CellSet::units_of(cell) {
                    let in_unit = places[usize::from(node.digit)] & CellSet::unit(unit);
                    if (node.cells - in_unit).is_empty() && in_unit != node.cells {
                        let rest = Node {
                            digit: node.digit,
                            cells: in_unit - node.cells,
                        };
                        if let Some(j) = find(rest) {
                            push_new(&mut strong[i], j);
                        }
                    }
                }
            }
            // Links inside one cell.
            if single && kind != Kind::X {
                for &j in in_cell[cell.index()].iter().filter(|&&j| j != i) {
                    if marks.count_ones() == 2 {
                        push_new(&mut strong[i], j);
                    }
                    if kind != Kind::Xy {
                        push_new(&mut weak[i], j);
                    }
                }
            }
            // Weak links on one digit: nodes all of whose cells see all of this node's.
            let seeing = node.cells.common_peers();
            for j in of_digit[usize::from(node.digit)].clone() {
                if j != i && (nodes[j].cells - seeing).is_empty() {
                    push_new(&mut weak[i], j);
                }
            }
        }
        Graph {
            nodes,
            strong,
            weak,
        }
    }

    /// The shortest chain from `start` (assumed false) to each candidate it makes true, in
    /// order of length; `on(t)` is asked for each until it returns something.
    fn search<T>(&self, start: usize, mut on: impl FnMut(&[usize]) -> Option<T>) -> Option<T> {
        let count = self.nodes.len();
        // State 2n: node n false; 2n + 1: node n true.
        let mut parent = vec![usize::MAX; 2 * count];
        let mut queue = vec![2 * start];
        parent[2 * start] = 2 * start;
        let mut next = 0;
        while next < queue.len() {
            let state = queue[next];
            next += 1;
            let (node, is_true) = (state / 2, state % 2 == 1);
            let (links, to_true) = if is_true {
                (&self.weak[node], false)
            } else {
                (&self.strong[node], true)
            };
            for &other in links {
                let reached = 2 * other + usize::from(to_true);
                if parent[reached] != usize::MAX {
                    continue;
                }
                parent[reached] = state;
                queue.push(reached);
                if to_true {
                    let mut path = vec![reached];
                    while *path.last().expect("not empty") != 2 * start {
                        path.push(parent[*path.last().expect("not empty")]);
                    }
                    path.reverse();
                    let nodes: Vec<usize> = path.iter().map(|s| s / 2).collect();
                    if let Some(found) = on(&nodes) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }
}

fn push_new(list: &mut Vec<usize>, item: usize) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// The 54 places where a box meets a row or a column.
fn segments() -> impl Iterator<Item = CellSet> {
    (0..9u8).flat_map(|b| {
        let block = CellSet::unit(Unit::Box(b));
        let rows = (0..9u8).map(move |r| CellSet::unit(Unit::Row(r)) & block);
        let columns = (0..9u8).map(move |c| CellSet::unit(Unit::Column(c)) & block);
        rows.chain(columns).filter(|s| !s.is_empty())
    })
}

/// What `first` or `last` being true rules out.
fn consequences(candidates: &Candidates, first: Node, last: Node) -> Vec<CellDigit> {
    let both = first.cells | last.cells;
    if first.digit == last.digit {
        let targets = candidates.digit_cells(first.digit) & both.common_peers();
        return targets
            .iter()
            .map(|position| CellDigit {
                position,
                digit: first.digit,
            })
            .collect();
    }
    let (Some(a), Some(b)) = (first.cells.first(), last.cells.first()) else {
        return Vec::new();
    };
    if first.cells.len() > 1 || last.cells.len() > 1 {
        // A single end's cell loses the other end's digit when it sees all of that group.
        let (single, group) = match (first.cells.len(), last.cells.len()) {
            (1, _) => (first, last),
            (_, 1) => (last, first),
            _ => return Vec::new(),
        };
        let cell = single.cells.first().expect("one cell");
        let sees_all = (group.cells - CellSet::peers(cell)).is_empty();
        return if sees_all && candidates.has(cell, group.digit) {
            vec![CellDigit {
                position: cell,
                digit: group.digit,
            }]
        } else {
            Vec::new()
        };
    }
    if a == b {
        let others = candidates.mark_bits(a) & !(1 << first.digit | 1 << last.digit);
        return (1..=9u8)
            .filter(|d| others & (1 << d) != 0)
            .map(|digit| CellDigit { position: a, digit })
            .collect();
    }
    let mut removed = Vec::new();
    if CellSet::peers(a).contains(b) {
        if candidates.has(a, last.digit) {
            removed.push(CellDigit {
                position: a,
                digit: last.digit,
            });
        }
        if candidates.has(b, first.digit) {
            removed.push(CellDigit {
                position: b,
                digit: first.digit,
            });
        }
    }
    removed
}

/// The chain in Eureka-like notation: `5r1c2 = 5r1c7 - 5r3c9 = 5r3c1`.
fn chain_text(graph: &Graph, path: &[usize]) -> String {
    let mut text = graph.nodes[path[0]].to_string();
    for (i, &node) in path.iter().enumerate().skip(1) {
        let link = if i % 2 == 1 { " = " } else { " - " };
        text.push_str(link);
        text.push_str(&graph.nodes[node].to_string());
    }
    text
}

/// The longest chain HoDoKu looks for, in candidates (an XY-Chain of 10 cells has 20).
const LONGEST: usize = 20;

/// The chain step of `technique` that HoDoKu takes.
pub fn find(candidates: &Candidates, technique: Technique) -> Option<Step> {
    let places = candidates.places();
    match technique {
        Technique::XChain => best_digit_chain(candidates, &places, technique, Kind::X),
        Technique::XyChain => best_digit_chain(candidates, &places, technique, Kind::Xy),
        Technique::Aic => best_chain(candidates, &places, technique, Kind::Aic),
        _ => best_chain(candidates, &places, technique, Kind::Grouped),
    }
}

/// X-Chains and XY-Chains as HoDoKu takes them: every chain of up to [`LONGEST`] candidates
/// from a digit back to the same digit, which removes that digit from the cells seeing both
/// ends; of all their steps the best by [`hodoku_rank`], shown with its shortest chain. An
/// X-Chain that returns to its own start proves it, and clears the digit from its peers.
fn best_digit_chain(
    candidates: &Candidates,
    places: &[CellSet; 10],
    technique: Technique,
    kind: Kind,
) -> Option<Step> {
    let graphs: Vec<Graph> = match kind {
        Kind::X => (1..=9)
            .map(|digit| Graph::build(candidates, places, kind, Some(digit)))
            .collect(),
        _ => vec![Graph::build(candidates, places, kind, None)],
    };
    let mut best: Option<((std::cmp::Reverse<usize>, usize), usize, Step)> = None;
    for graph in &graphs {
        for start in 0..graph.nodes.len() {
            if deadline::passed() {
                return None;
            }
            let first = graph.nodes[start];
            graph.search(start, |path| {
                if path.len() > LONGEST {
                    return Some(());
                }
                let last = graph.nodes[*path.last().expect("a path")];
                if last.digit != first.digit || (kind == Kind::Xy && last == first) {
                    return None;
                }
                let removed = consequences(candidates, first, last);
                let rank = hodoku_rank(&removed);
                let better = best
                    .as_ref()
                    .is_none_or(|(r, length, _)| (rank, path.len()) < (*r, *length));
                if better
                    && let Some(step) = elimination(technique, removed, chain_text(graph, path))
                {
                    best = Some((rank, path.len(), step));
                }
                None
            });
        }
    }
    best.map(|(_, _, step)| step)
}

/// AICs and nice loops (grouped or not) as HoDoKu takes them: every chain from each single
/// candidate assumed false, shortest to each candidate it makes true; of all their steps the
/// best by [`hodoku_rank`], shown with its shortest chain.
fn best_chain(
    candidates: &Candidates,
    places: &[CellSet; 10],
    technique: Technique,
    kind: Kind,
) -> Option<Step> {
    let graph = Graph::build(candidates, places, kind, None);
    let mut best: Option<((std::cmp::Reverse<usize>, usize), usize, Step)> = None;
    for start in 0..graph.nodes.len() {
        if deadline::passed() {
            return None;
        }
        if graph.nodes[start].cells.len() > 1 {
            continue;
        }
        graph.search(start, |path| {
            let (removed, loop_text) = chain_removals(candidates, &graph, path)?;
            let rank = hodoku_rank(&removed);
            let better = best
                .as_ref()
                .is_none_or(|(r, length, _)| (rank, path.len()) < (*r, *length));
            // The text is written only for a chain better than the best so far.
            if better {
                let text = chain_text(&graph, path);
                let text = match loop_text {
                    true => format!("continuous nice loop {text} - {}", graph.nodes[start]),
                    false => text,
                };
                if let Some(step) = elimination(technique, removed, text) {
                    best = Some((rank, path.len(), step));
                }
            }
            None::<()>
        });
    }
    best.map(|(_, _, step)| step)
}

/// What a chain `path` (from its first candidate assumed false to its last made true) removes,
/// when it removes anything, and whether it is written as a continuous nice loop.
fn chain_removals(
    candidates: &Candidates,
    graph: &Graph,
    path: &[usize],
) -> Option<(Vec<CellDigit>, bool)> {
    let start = path[0];
    let (first, last) = (graph.nodes[start], graph.nodes[*path.last()?]);
    if last == first {
        // The start is true: the other candidates of its cell go (as HoDoKu writes it).
        let cell = first.cells.first()?;
        let others = candidates.mark_bits(cell) & !(1 << first.digit);
        let removed: Vec<CellDigit> = (1..=9u8)
            .filter(|d| others & (1 << d) != 0)
            .map(|digit| CellDigit {
                position: cell,
                digit,
            })
            .collect();
        return (!removed.is_empty()).then_some((removed, false));
    }
    let mut removed = consequences(candidates, first, last);
    let closes = graph.weak[*path.last()?].contains(&start);
    let distinct = path.iter().enumerate().all(|(i, n)| !path[..i].contains(n));
    let continuous = closes && distinct && path.len() >= 4;
    if continuous {
        // A continuous nice loop: every weak link of it holds exactly one true end.
        for pair in path[1..path.len() - 1].chunks(2) {
            let (a, b) = (graph.nodes[pair[0]], graph.nodes[pair[1]]);
            for more in consequences(candidates, a, b) {
                if !removed.contains(&more) {
                    removed.push(more);
                }
            }
        }
    }
    (!removed.is_empty()).then_some((removed, continuous))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::testing::assert_step;

    #[test]
    fn x_chain_in_a_real_position() {
        assert_step(
            Technique::XChain,
            ".......89.2.4......2.4............89..3..........56.......56.........7..1............5.........6.89......7.....4.....1.........2.........3..6.89..3..6.89..3..6.891.............6.89..3............7......56..9....56.89....56.89.2.4......2.4......2.......1...5...91...5...9.....6.......5...9..3....8....4.......3....8.......7.....4....9..3.............8.12......9......7..1..45...91....6..9.2..56..9.2..56..9......7.....45...9.....6...123....89.2.45...91.345..891.3....89.23.5..89.23.5..89..34....9......7...2.45.....23.............8....4.6..9.....6..91...........456..9.....6...1..4...891..4....9....5.......4....9......7...2.........34...89..34...89..34...89.2.45..89.2.45...9123.....9.2.4.6..91.34.6..9......7.....456.89...456.89",
            "X-Chain: 8r4c8 = 8r4c6 - 8r3c6 = 8r1c4 - 8r1c1 = 8r9c1 -> r9c8 <> 8",
        );
    }

    #[test]
    fn xy_chain_in_a_real_position() {
        assert_step(
            Technique::XyChain,
            "......7..12...6..........8....45...9...456..9...456..9..3......1...56...12..5............9..3.........4......2...........56...1.............67......5.78.....5.78.....5....12...6...12...6.........78...3............78..2...6..9...4.....12......91......8....4.........5.7.9..3.5.7......5...9..3.5.7..1......8..2............6.....3......12...6...12...6..9...4....9.......8..2.4.6..91..4.........5.7......5.7...2...6.8.....5.7...2..567..1.........2.456....2.4.67.....4...8.........9..3......12...............91.3.5.7.......6...12..5.....23.5..8..2....7..1.3...78....4.....12.4.6..........8.123..6.....34....9......7...234....9....5....1.3..6...12......9.2.4.6.......5.7..1.3.567....345..8912.4....9.2345..89.2...6..91.3..678.1.....789",
            "XY-Chain: 5r2c5 = 6r2c5 - 6r2c7 = 7r2c7 - 7r7c7 = 2r7c7 - 2r7c1 = 1r7c1 - 1r4c1 = 8r4c1 - 8r4c7 = 1r4c7 - 1r5c7 = 4r5c7 - 4r5c4 = 9r5c4 - 9r4c5 = 5r4c5 -> r1c5 <> 5, r6c5 <> 5, r7c5 <> 5",
        );
    }

    #[test]
    fn aic_in_a_real_position() {
        assert_step(
            Technique::Aic,
            "...4.........56..912...6.8.....5.789..3......1...5.78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345...9.23..678...3.56..9.2...6.8....45.789.2....78....45.789..345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9...4..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "AIC: 5r1c7 = 2r1c7 - 2r4c7 = 3r4c7 - 3r4c4 = 3r9c4 - 5r9c4 = 5r9c6 -> r1c6 <> 5",
        );
    }

    #[test]
    fn grouped_aic_in_a_real_position() {
        assert_step(
            Technique::GroupedAic,
            "...4.........56..912...6.8.....5.789..3......1...5.789.2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345.7.9.23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "grouped AIC: 9r1c9 = 9r2c9 - 4r2c9 = 4r2c6 - 4r3c4 = 4r5c4 - 9r5c4 = 9(r1c4,r3c4) -> r1c6 <> 9",
        );
    }

    use sudoku_engine::grid::Position;

    #[test]
    fn a_cell_seeing_a_whole_group_at_the_far_end_loses_its_digit() {
        // HoDoKu's grouped discontinuous nice loop r2c9 <> 5 (8 there, or 5 in the group).
        assert_step(
            Technique::GroupedAic,
            ".2...67...2..56..9.2..567......5..89...4......23...789....567.9.23.5..891.........2.4..7....3......12.45.7.......6...12..5..8.12....789...45.7.9.2.45..89.2.45.789.......8.12.456..912.4567..1...5...9123.5....123...7.9...4567.9.2345...9.234567.91.........2.4.6.8.........9...4...8.......7......5.......4.6....234......234.6....234.6....2.456....23456...1..4....91.3..6...1.3..6..9.......8.......7...2.456..9..34.67.....456.8...345678..2.........3..6.8...3..6.891..456..91..45...9...456..9..34....9......7....34.....1...5..8.1...5..8.1......8..2............6......4....9....5.....2...6....2...6.....3..............9...4.....1.....7..1......8.......78....4....91......8.1......8.......7...2...6....2...6.....3.........45...9...45...9",
            "grouped AIC: 8r2c9 = 8r8c9 - 7r8c9 = 7r8c7 - 1r8c7 = 1r6c7 - 5r6c7 = 5(r1c7,r2c7,r3c7) -> r2c9 <> 5",
        );
    }

    #[test]
    fn segments_cover_every_box_twice() {
        assert_eq!(segments().count(), 54);
        let first = segments().next().unwrap();
        let cells: Vec<Position> = first.iter().collect();
        assert_eq!(
            cells,
            [Position::at(0, 0), Position::at(0, 1), Position::at(0, 2)]
        );
    }
}
