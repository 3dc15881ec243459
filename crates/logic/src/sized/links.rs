//! Reasoning along links, at every size. A strong link: a value with exactly two places in a
//! unit, so that one of them holds it. A weak link: two cells that see each other and both
//! have the value, so that at most one holds it. Chains of them prove that one of two cells
//! holds a value, which then leaves every cell seeing both: two strong links on one value
//! (Skyscraper, 2-String Kite, Turbot Fish), two equal two-candidate cells joined by one
//! (W-Wing), a box whose places of a value form a cross with a strong link outside (Empty
//! Rectangle), the two colors of a cluster of strong links (Simple Colors), any chain on one
//! value (X-Chain), and chains through two-candidate cells (XY-Chain; Remote Pair when every
//! cell of the chain has the same two).

use std::collections::VecDeque;

use super::state::{SizedCandidates, SizedUnit, values_of};
use super::techniques::{cell_list, elimination, value_list};
use super::{SizedMove, SizedStep, templates};
use crate::{Technique, deadline};

/// A value's two places in a unit.
#[derive(Clone, Copy)]
struct StrongLink {
    ends: [usize; 2],
    unit: SizedUnit,
}

/// The strong links of `value`, unit by unit (rows, columns, boxes).
fn strong_links(state: &SizedCandidates, value: u8) -> Vec<StrongLink> {
    state
        .units()
        .filter_map(|unit| {
            let mut places = state.places(unit, value);
            match (places.next(), places.next(), places.next()) {
                (Some(a), Some(b), None) => Some(StrongLink { ends: [a, b], unit }),
                _ => None,
            }
        })
        .collect()
}

/// The cells joined to `cell` by one of `links`.
fn partners(links: &[StrongLink], cell: usize) -> impl Iterator<Item = usize> + '_ {
    links.iter().filter_map(move |link| match link.ends {
        [a, b] if a == cell => Some(b),
        [a, b] if b == cell => Some(a),
        _ => None,
    })
}

/// The open cells other than `ends` that have `value` and see both ends: what a proof that
/// one of the ends holds `value` strikes out.
pub(super) fn seeing_both(state: &SizedCandidates, ends: [usize; 2], value: u8) -> Vec<SizedMove> {
    (0..state.shape().cells())
        .filter(|&c| {
            state.has(c, value)
                && !ends.contains(&c)
                && state.sees(c, ends[0])
                && state.sees(c, ends[1])
        })
        .map(|cell| SizedMove { cell, value })
        .collect()
}

/// Which two-link pattern joins two strong links whose inner ends `inner` see each other:
/// two parallel lines whose inner ends share a cross line (Skyscraper), a row and a column
/// whose inner ends share a box (2-String Kite), or any other (Turbot Fish).
fn two_link_kind(state: &SizedCandidates, links: [StrongLink; 2], inner: [usize; 2]) -> Technique {
    let [a, b] = inner.map(|c| state.units_of(c));
    match (links[0].unit, links[1].unit) {
        (SizedUnit::Row(_), SizedUnit::Row(_)) if a[1] == b[1] => Technique::Skyscraper,
        (SizedUnit::Column(_), SizedUnit::Column(_)) if a[0] == b[0] => Technique::Skyscraper,
        (SizedUnit::Row(_), SizedUnit::Column(_)) | (SizedUnit::Column(_), SizedUnit::Row(_))
            if a[2] == b[2] =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}

/// Two strong links on one value, with no cell in common, whose inner ends see each other:
/// one of the outer ends holds the value. `technique` (Skyscraper, 2-String Kite or Turbot
/// Fish) says which shape to look for.
pub(super) fn two_links(state: &SizedCandidates, technique: Technique) -> Option<SizedStep> {
    for (value, _) in templates::values_to_search(state) {
        let links = strong_links(state, value);
        for (i, &first) in links.iter().enumerate() {
            for &second in &links[i + 1..] {
                if first.ends.iter().any(|end| second.ends.contains(end)) {
                    continue;
                }
                for (x, y) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let inner = [first.ends[x], second.ends[y]];
                    let outer = [first.ends[1 - x], second.ends[1 - y]];
                    if !state.sees(inner[0], inner[1])
                        || two_link_kind(state, [first, second], inner) != technique
                    {
                        continue;
                    }
                    let reason = format!(
                        "{} in {} ({}) and {} ({}), joined at {}",
                        state.symbol(value),
                        first.unit,
                        cell_list(state, &first.ends),
                        second.unit,
                        cell_list(state, &second.ends),
                        cell_list(state, &inner),
                    );
                    let removed = seeing_both(state, outer, value);
                    if let Some(step) = elimination(state, technique, removed, reason) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// Empty Rectangle: a box whose places of a value all lie on one of its rows (R) and one of
/// its columns (C), on both, and a strong link on the value in a column outside the box's
/// stack from row R to a row R2 outside its band. Then the cell at R2 and C loses the value:
/// holding it, it would leave the box's places on R alone, which would take the value from
/// the link's end on R and give it to the end on R2, a second one in row R2. The same with
/// rows and columns swapped.
pub(super) fn empty_rectangle(state: &SizedCandidates) -> Option<SizedStep> {
    let size = state.size();
    let (row_of, column_of) = (|c: usize| c / size, |c: usize| c % size);
    for (value, _) in templates::values_to_search(state) {
        let links = strong_links(state, value);
        for b in 0..size {
            let places: Vec<usize> = state.places(SizedUnit::Box(b), value).collect();
            if places.len() < 2 {
                continue;
            }
            let rows: Vec<usize> = places.iter().map(|&c| row_of(c)).collect();
            let columns: Vec<usize> = places.iter().map(|&c| column_of(c)).collect();
            for &r in &rows {
                for &c in &columns {
                    let on_cross = places.iter().all(|&p| row_of(p) == r || column_of(p) == c);
                    let one_line = rows.iter().all(|&x| x == r) || columns.iter().all(|&x| x == c);
                    if !on_cross || one_line {
                        continue;
                    }
                    // Links in columns first, then in rows.
                    let in_columns = links
                        .iter()
                        .filter(|l| matches!(l.unit, SizedUnit::Column(_)));
                    let in_rows = links.iter().filter(|l| matches!(l.unit, SizedUnit::Row(_)));
                    for link in in_columns.chain(in_rows) {
                        let targets = rectangle_targets(state, b, (r, c), link);
                        let Some(target) = targets.into_iter().find(|&t| state.has(t, value))
                        else {
                            continue;
                        };
                        let reason = format!(
                            "{} in box {} ({}), {} in {}",
                            state.symbol(value),
                            b + 1,
                            cell_list(state, &places),
                            cell_list(state, &link.ends),
                            link.unit,
                        );
                        let removed = vec![SizedMove {
                            cell: target,
                            value,
                        }];
                        return elimination(state, Technique::EmptyRectangle, removed, reason);
                    }
                }
            }
        }
    }
    None
}

/// The cells an Empty Rectangle on box `b`'s cross of row `r` and column `c` strikes with
/// `link`, at most one for each way round its ends: a link in a column with its near end on
/// row R strikes its far end's row in column C, a link in a row with its near end on column C
/// strikes row R in its far end's column; the near end lies outside the box's stack (band) and
/// the target outside its band (stack). None for a link in a box.
fn rectangle_targets(
    state: &SizedCandidates,
    b: usize,
    (r, c): (usize, usize),
    link: &StrongLink,
) -> Vec<usize> {
    let (size, shape) = (state.size(), state.shape());
    let (row_of, column_of) = (|x: usize| x / size, |x: usize| x % size);
    let [first, second] = link.ends;
    [(first, second), (second, first)]
        .into_iter()
        .filter_map(|(near, far)| {
            let (near_box, target) = match link.unit {
                SizedUnit::Column(_) if row_of(near) == r => {
                    (shape.box_of(r, column_of(near)), row_of(far) * size + c)
                }
                SizedUnit::Row(_) if column_of(near) == c => {
                    (shape.box_of(row_of(near), c), r * size + column_of(far))
                }
                _ => return None,
            };
            let target_box = shape.box_of(row_of(target), column_of(target));
            (near_box != b && target_box != b).then_some(target)
        })
        .collect()
}

/// Two cells with the same two candidates X and Y that do not see each other, and a strong
/// link on X whose ends see one of them each: one of the two cells holds Y.
pub(super) fn w_wing(state: &SizedCandidates) -> Option<SizedStep> {
    let pairs = state.two_candidate_cells();
    // Each value's strong links (index 0 unused), read once rather than once a pair of cells.
    let links: Vec<Vec<StrongLink>> = (0..=state.size() as u8)
        .map(|value| match value {
            0 => Vec::new(),
            _ => strong_links(state, value),
        })
        .collect();
    for (i, &p) in pairs.iter().enumerate() {
        let marks = state.marks(p);
        for &q in &pairs[i + 1..] {
            if state.marks(q) != marks || state.sees(p, q) {
                continue;
            }
            for x in values_of(marks) {
                let y = values_of(marks & !(1 << (x - 1)))
                    .next()
                    .expect("two candidates");
                for link in &links[usize::from(x)] {
                    let [a, b] = link.ends;
                    if [a, b].iter().any(|end| *end == p || *end == q) {
                        continue;
                    }
                    let joined = (state.sees(a, p) && state.sees(b, q))
                        || (state.sees(a, q) && state.sees(b, p));
                    if !joined {
                        continue;
                    }
                    let reason = format!(
                        "{} and {} ({}), joined by {} in {} ({})",
                        state.cell_name(p),
                        state.cell_name(q),
                        value_list(state, marks),
                        state.symbol(x),
                        link.unit,
                        cell_list(state, &link.ends),
                    );
                    let removed = seeing_both(state, [p, q], y);
                    if let Some(step) = elimination(state, Technique::WWing, removed, reason) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// A node of a chain search: a cell, and what the chain says of it there (a value it holds,
/// or for a chain on one value whether it holds it), numbered from 1.
type Node = (usize, u8);

/// The nodes that chains from `start` reach, by breadth-first search (so each by a shortest
/// chain): `next` gives the nodes one link further, and a cell has `per_cell` possible
/// nodes. Each node reached comes with the cells of its chain, from the start.
fn chains_from(
    start: Node,
    cells: usize,
    per_cell: usize,
    mut next: impl FnMut(Node) -> Vec<Node>,
) -> impl Iterator<Item = (Node, Vec<usize>)> {
    let index = move |(cell, what): Node| cell * per_cell + usize::from(what) - 1;
    let mut parent: Vec<Option<Node>> = vec![None; cells * per_cell];
    parent[index(start)] = Some(start);
    let mut order = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for reached in next(node) {
            if parent[index(reached)].is_none() {
                parent[index(reached)] = Some(node);
                order.push(reached);
                queue.push_back(reached);
            }
        }
    }
    order.into_iter().map(move |node| {
        let mut chain = vec![node.0];
        let mut current = node;
        while let Some(from) = parent[index(current)].filter(|&from| from != current) {
            chain.push(from.0);
            current = from;
        }
        chain.reverse();
        (node, chain)
    })
}

/// A chain on one value, strong and weak links in turn, from a strong link at its start to
/// one at its end (at least three links): if the start does not hold the value, the end
/// does. Each link is a sound implication, so the shortest such chain is found by a search
/// over (cell, holds or not) without caring whether it passes a cell twice.
pub(super) fn x_chain(state: &SizedCandidates) -> Option<SizedStep> {
    let cells = state.shape().cells();
    for (value, _) in templates::values_to_search(state) {
        if deadline::passed() {
            return None;
        }
        let links = strong_links(state, value);
        let holders: Vec<usize> = (0..cells).filter(|&c| state.has(c, value)).collect();
        for &start in &holders {
            // A node's value 1: the cell holds it (reached by a strong link); 2: it does not
            // (reached by a weak link). The start does not.
            let reached = chains_from((start, 2), cells, 2, |(cell, holds)| match holds {
                2 => partners(&links, cell).map(|p| (p, 1)).collect(),
                _ => holders
                    .iter()
                    .filter(|&&c| state.sees(c, cell))
                    .map(|&c| (c, 2))
                    .collect(),
            });
            // An end the chain reaches holding the value, by a strong link.
            let ends = reached
                .filter(|((end, holds), chain)| *holds == 1 && *end != start && chain.len() >= 4);
            if let Some(step) = first_chain_step(state, Technique::XChain, value, start, ends) {
                return Some(step);
            }
        }
    }
    None
}

/// Simple Colors: the cells joined by strong links on one value form clusters, each colored
/// in two colors that alternate along the links, so that one color holds the value and the
/// other does not. Two cells of one color that see each other rule that color out, and its
/// cells lose the value (a wrap); a cell outside the cluster that sees both colors loses it
/// (a trap).
pub(super) fn simple_colors(state: &SizedCandidates) -> Option<SizedStep> {
    let cells = state.shape().cells();
    for (value, _) in templates::values_to_search(state) {
        let links = strong_links(state, value);
        let mut colored = vec![false; cells];
        for start in links.iter().map(|link| link.ends[0]) {
            if colored[start] {
                continue;
            }
            // The cluster of `start`, each cell with its color.
            let mut cluster = vec![(start, false)];
            colored[start] = true;
            let mut next = 0;
            while let Some(&(cell, color)) = cluster.get(next) {
                next += 1;
                for partner in partners(&links, cell) {
                    if !colored[partner] {
                        colored[partner] = true;
                        cluster.push((partner, !color));
                    }
                }
            }
            let of_color = |color: bool| -> Vec<usize> {
                let cells = cluster.iter().filter(move |&&(_, c)| c == color);
                cells.map(|&(cell, _)| cell).collect()
            };
            let (on, off) = (of_color(false), of_color(true));
            let reason = format!(
                "{}: colors {} and {}",
                state.symbol(value),
                cell_list(state, &on),
                cell_list(state, &off)
            );
            for side in [&on, &off] {
                let wrapped = side
                    .iter()
                    .enumerate()
                    .any(|(i, &a)| side[i + 1..].iter().any(|&b| state.sees(a, b)));
                if wrapped {
                    let removed = side.iter().map(|&cell| SizedMove { cell, value }).collect();
                    return elimination(state, Technique::SimpleColors, removed, reason);
                }
            }
            let trapped: Vec<SizedMove> = (0..cells)
                .filter(|&c| {
                    state.has(c, value)
                        && !cluster.iter().any(|&(cell, _)| cell == c)
                        && on.iter().any(|&a| state.sees(a, c))
                        && off.iter().any(|&b| state.sees(b, c))
                })
                .map(|cell| SizedMove { cell, value })
                .collect();
            if let Some(step) = elimination(state, Technique::SimpleColors, trapped, reason) {
                return Some(step);
            }
        }
    }
    None
}

/// A chain through two-candidate cells, each seeing the next and sharing a value with it:
/// if the first does not hold Z, the next holds its other value, which the one after that
/// does not, and so on, until the last holds Z. One of the ends holds Z.
pub(super) fn xy_chain(state: &SizedCandidates) -> Option<SizedStep> {
    let (cells, size) = (state.shape().cells(), state.size());
    let pairs = state.two_candidate_cells();
    let other = |cell: usize, value: u8| {
        values_of(state.marks(cell) & !(1 << (value - 1)))
            .next()
            .expect("a two-candidate cell")
    };
    for &start in &pairs {
        if deadline::passed() {
            return None;
        }
        for z in values_of(state.marks(start)) {
            // A node: a cell and the value it holds when the start does not hold Z.
            let reached = chains_from((start, other(start, z)), cells, size, |(cell, holds)| {
                pairs
                    .iter()
                    .filter(|&&p| p != cell && state.has(p, holds) && state.sees(p, cell))
                    .map(|&p| (p, other(p, holds)))
                    .collect()
            });
            let ends = reached.filter(|((end, holds), _)| *holds == z && *end != start);
            if let Some(step) = first_chain_step(state, Technique::XyChain, z, start, ends) {
                return Some(step);
            }
        }
    }
    None
}

/// A chain of cells with the same two candidates, each seeing the next: they alternate, so
/// of two cells an odd number of links apart one holds each value, and a cell seeing both
/// loses both. At least four cells (with two it is a naked pair).
pub(super) fn remote_pair(state: &SizedCandidates) -> Option<SizedStep> {
    let cells = state.shape().cells();
    let pairs = state.two_candidate_cells();
    for &start in &pairs {
        let marks = state.marks(start);
        // A node's second part: 1 for an even number of links from the start, 2 for odd.
        let reached = chains_from((start, 1), cells, 2, |(cell, parity)| {
            pairs
                .iter()
                .filter(|&&p| p != cell && state.marks(p) == marks && state.sees(p, cell))
                .map(|&p| (p, 3 - parity))
                .collect()
        });
        for (end, chain) in reached {
            if end.1 != 2 || chain.len() < 4 {
                continue;
            }
            let removed: Vec<SizedMove> = values_of(marks)
                .flat_map(|value| seeing_both(state, [start, end.0], value))
                .filter(|removed| !chain.contains(&removed.cell))
                .collect();
            let what = value_list(state, marks);
            if let Some(step) = chain_step(state, Technique::RemotePair, &what, &chain, removed) {
                return Some(step);
            }
        }
    }
    None
}

/// The first of `ends` (chains from `start`, each proving that `start` or its end holds
/// `value`) whose step strikes something out: the value leaves the cells seeing both.
fn first_chain_step(
    state: &SizedCandidates,
    technique: Technique,
    value: u8,
    start: usize,
    mut ends: impl Iterator<Item = (Node, Vec<usize>)>,
) -> Option<SizedStep> {
    let what = state.symbol(value);
    ends.find_map(|((end, _), chain)| {
        let removed = seeing_both(state, [start, end], value);
        chain_step(state, technique, &what, &chain, removed)
    })
}

/// The step of a chain proving `removed`, explained as `what on r1c1 - r1c5 - r3c5`.
fn chain_step(
    state: &SizedCandidates,
    technique: Technique,
    what: &str,
    chain: &[usize],
    removed: Vec<SizedMove>,
) -> Option<SizedStep> {
    let names: Vec<String> = chain.iter().map(|&c| state.cell_name(c)).collect();
    let reason = format!("{what} on {}", names.join(" - "));
    elimination(state, technique, removed, reason)
}
