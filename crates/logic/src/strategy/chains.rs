//! X-Chains and XY-Chains: chains of alternating inference on one digit, or through
//! two-candidate cells, from a digit back to the same digit.
//!
//! A chain starts with a candidate assumed false and alternates strong links ("if this is false,
//! that is true") and weak links ("if this is true, that is false"). Ending on a strong link at
//! a candidate `t` of the same digit, it proves that the first candidate `s` or `t` is true, so
//! whatever sees both loses the digit. The search is breadth first, so each chain found is a
//! shortest one from its start. (AICs and nice loops of any digits are HoDoKu's tabling search,
//! in the `tabling` module.)

use std::collections::HashMap;
use std::fmt;

use super::{Technique, elimination, hodoku_rank, templates};
use crate::{Candidates, CellDigit, CellSet, Step, deadline};

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

/// What `first` or `last` (of one digit) being true rules out: the digit, in the cells that
/// see both.
fn consequences(candidates: &Candidates, first: Node, last: Node) -> Vec<CellDigit> {
    let both = first.cells | last.cells;
    let targets = candidates.digit_cells(first.digit) & both.common_peers();
    targets
        .iter()
        .map(|position| CellDigit {
            position,
            digit: first.digit,
        })
        .collect()
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
        _ => best_digit_chain(candidates, &places, technique, Kind::Xy),
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
        Kind::X => templates::digits_to_search(places)
            .map(|(digit, _)| Graph::build(candidates, places, kind, Some(digit)))
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
                    && let Some(step) = elimination(technique, removed, || chain_text(graph, path))
                {
                    best = Some((rank, path.len(), step));
                }
                None
            });
        }
    }
    best.map(|(_, _, step)| step)
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
}
