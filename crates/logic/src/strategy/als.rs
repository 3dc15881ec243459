//! Almost locked sets: ALS-XZ, ALS-XY-Wing and ALS-XY-Chain, as HoDoKu finds them.
//!
//! An almost locked set (ALS) is N cells of one unit holding N + 1 candidates between them:
//! remove any one digit and the rest is locked. Two ALSs share a restricted common candidate x
//! when every x of one sees every x of the other: x is then true in at most one of them.
//!
//! The sets are listed as HoDoKu lists them (rows, columns, boxes; within a unit, growing from
//! its first open cell, depth first), and so are the restricted commons (each pair of disjoint
//! sets once, the earlier set first, at most two digits). ALS-XZ and ALS-XY-Wing take the first
//! step in that order; ALS-XY-Chain, like HoDoKu, collects every chain and takes the best.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::{Technique, cell_list, digits, elimination, hodoku_rank};
use crate::{Candidates, CellDigit, CellSet, Step, deadline};
use sudoku_engine::grid::{Position, Unit};

/// An almost locked set.
struct Als {
    cells: CellSet,
    marks: u16,
    /// For each digit, the set's cells holding it.
    holding: [CellSet; 10],
    /// For each digit, the cells outside the set holding it that see all of the set's cells
    /// holding it.
    seeing: [CellSet; 10],
}

impl Als {
    fn name(&self) -> String {
        cell_list(&self.cells.iter().collect::<Vec<Position>>())
    }

    /// The cells that see every `digit` of this set (its own included).
    fn reach(&self, digit: u8) -> CellSet {
        let d = usize::from(digit);
        self.seeing[d] | self.holding[d]
    }
}

/// Every almost locked set of the grid of up to 8 cells, each cell set once, in HoDoKu's order.
fn all_sets(candidates: &Candidates) -> Vec<Als> {
    let places = candidates.places();
    let mut seen = HashSet::new();
    let mut found: Vec<Als> = Vec::new();
    for unit in Unit::all() {
        let open: Vec<Position> = unit
            .cells()
            .filter(|&p| candidates.mark_bits(p) != 0)
            .collect();
        grow(
            candidates,
            &places,
            &open,
            0,
            CellSet::EMPTY,
            0,
            &mut seen,
            &mut found,
        );
    }
    found
}

/// Adds to `cells` (holding `marks`) each open cell from `start` on, notes the almost locked
/// sets made, and goes on from each, depth first.
#[allow(clippy::too_many_arguments)]
fn grow(
    candidates: &Candidates,
    places: &[CellSet; 10],
    open: &[Position],
    start: usize,
    cells: CellSet,
    marks: u16,
    seen: &mut HashSet<CellSet>,
    found: &mut Vec<Als>,
) {
    if cells.len() >= 8 {
        return;
    }
    for i in start..open.len() {
        let mut cells = cells;
        cells.insert(open[i]);
        let marks = marks | candidates.mark_bits(open[i]);
        if marks.count_ones() == cells.len() + 1 && seen.insert(cells) {
            let mut holding = [CellSet::EMPTY; 10];
            let mut seeing = [CellSet::EMPTY; 10];
            for digit in digits(marks) {
                let d = usize::from(digit);
                holding[d] = cells & places[d];
                seeing[d] = (holding[d].common_peers() & places[d]) - cells;
            }
            found.push(Als {
                cells,
                marks,
                holding,
                seeing,
            });
        }
        grow(candidates, places, open, i + 1, cells, marks, seen, found);
    }
}

/// A restricted common between two disjoint sets (`from` listed before `to`): one digit, or
/// two.
#[derive(Clone, Copy)]
struct Link {
    from: usize,
    to: usize,
    first: u8,
    second: Option<u8>,
}

impl Link {
    /// The link's digits as a mask.
    fn mask(self) -> u16 {
        self.digits().fold(0, |mask, digit| mask | 1 << digit)
    }

    fn digits(self) -> impl Iterator<Item = u8> {
        std::iter::once(self.first).chain(self.second)
    }
}

/// Every almost locked set of a position and every restricted common between them.
struct Web {
    sets: Vec<Als>,
    links: Vec<Link>,
}

thread_local! {
    /// The web of the last position asked about, kept for the next ALS technique: the three
    /// are tried on the same position one after another, and building the web is most of
    /// their time.
    static LAST_WEB: RefCell<Option<(Candidates, Rc<Web>)>> = const { RefCell::new(None) };
}

/// The web of `candidates`, built once per position.
fn web(candidates: &Candidates) -> Rc<Web> {
    LAST_WEB.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((at, web)) = last.as_ref()
            && at == candidates
        {
            return Rc::clone(web);
        }
        let sets = all_sets(candidates);
        let links = links(&sets);
        let web = Rc::new(Web { sets, links });
        *last = Some((*candidates, Rc::clone(&web)));
        web
    })
}

/// The restricted commons of every pair of disjoint sets, in HoDoKu's order.
fn links(sets: &[Als]) -> Vec<Link> {
    let mut found = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for (j, b) in sets.iter().enumerate().skip(i + 1) {
            if !(a.cells & b.cells).is_empty() {
                continue;
            }
            let mut commons = digits(a.marks & b.marks).filter(|&digit| {
                let d = usize::from(digit);
                ((a.holding[d] | b.holding[d]) - (a.reach(digit) & b.reach(digit))).is_empty()
            });
            if let Some(first) = commons.next() {
                found.push(Link {
                    from: i,
                    to: j,
                    first,
                    second: commons.next(),
                });
            }
        }
    }
    found
}

/// Digits both sets hold, but for `except`: each is true in one of the two, so the cells that
/// see every one of them in both lose it.
fn common_removals(a: &Als, b: &Als, except: &[u8]) -> Vec<CellDigit> {
    digits(a.marks & b.marks)
        .filter(|z| !except.contains(z))
        .flat_map(|z| {
            let d = usize::from(z);
            (a.seeing[d] & b.seeing[d])
                .iter()
                .map(move |position| CellDigit { position, digit: z })
        })
        .collect()
}

/// Two sets joined by two restricted commons: with both digits taken by the pair, `a`'s other
/// digits are locked in `a`, so cells outside `b` seeing all of one of them lose it.
fn locked_removals(a: &Als, b: &Als, link: Link) -> Vec<CellDigit> {
    digits(a.marks)
        .filter(|&d| !link.digits().any(|x| x == d))
        .flat_map(|digit| {
            (a.seeing[usize::from(digit)] - b.cells)
                .iter()
                .map(move |position| CellDigit { position, digit })
        })
        .collect()
}

/// The eliminations without repeats, in the order found.
fn distinct(removals: Vec<CellDigit>) -> Vec<CellDigit> {
    let mut kept: Vec<CellDigit> = Vec::with_capacity(removals.len());
    for removal in removals {
        if !kept.contains(&removal) {
            kept.push(removal);
        }
    }
    kept
}

/// Two ALSs A and B with a restricted common x: x is true in at most one, so the other is
/// locked without it. Any other common digit z is then true in A or in B: cells seeing every z
/// of both lose it. With two restricted commons, both are true, one in each, and each set's
/// other digits are locked in it.
pub fn xz(candidates: &Candidates) -> Option<Step> {
    let web = web(candidates);
    let sets = &web.sets;
    web.links.iter().find_map(|&link| {
        let (a, b) = (&sets[link.from], &sets[link.to]);
        let mut removed = common_removals(a, b, &[link.first]);
        if let Some(second) = link.second {
            removed.extend(common_removals(a, b, &[second]));
            removed.extend(locked_removals(a, b, link));
            removed.extend(locked_removals(b, a, link));
        }
        let reason = || {
            let commons: Vec<String> = link.digits().map(|d| d.to_string()).collect();
            format!(
                "A = {}, B = {}, x = {}",
                a.name(),
                b.name(),
                commons.join(",")
            )
        };
        elimination(Technique::AlsXz, distinct(removed), reason)
    })
}

/// A pivot ALS C with restricted commons to A and to B (not one same digit for both): one of
/// A and B is locked, so a digit z common to A and B (not a restricted common) is true in one
/// of them.
pub fn xy_wing(candidates: &Candidates) -> Option<Step> {
    let web = web(candidates);
    let (sets, links) = (&web.sets, &web.links);
    // Only links that share a set make a wing: for each link, the later links touching either
    // of its sets, in order, are all that the pairs in lexical order need to look at.
    let mut touching = vec![Vec::new(); sets.len()];
    for (i, link) in links.iter().enumerate() {
        touching[link.from].push(i);
        touching[link.to].push(i);
    }
    let mut later = Vec::new();
    links.iter().enumerate().find_map(|(i, &one)| {
        later.clear();
        for set in [one.from, one.to] {
            later.extend(touching[set].iter().copied().filter(|&j| j > i));
        }
        later.sort_unstable();
        later.dedup();
        later.iter().map(|&j| links[j]).find_map(|two| {
            if one.second.is_none() && two.second.is_none() && one.first == two.first {
                return None;
            }
            let (c, a, b) = pivot(one, two)?;
            let (a_set, b_set) = (&sets[a], &sets[b]);
            if !(a_set.cells & b_set.cells).is_empty() {
                return None;
            }
            let except: Vec<u8> = one.digits().chain(two.digits()).collect();
            let removed = common_removals(a_set, b_set, &except);
            let names = |link: Link| {
                let d: Vec<String> = link.digits().map(|d| d.to_string()).collect();
                d.join(",")
            };
            let reason = || {
                format!(
                    "A = {}, B = {}, pivot C = {}, x = {}, y = {}",
                    a_set.name(),
                    b_set.name(),
                    sets[c].name(),
                    names(one),
                    names(two)
                )
            };
            elimination(Technique::AlsXyWing, removed, reason)
        })
    })
}

/// The set two links share (the pivot) and the two others, if there are three sets in all.
fn pivot(one: Link, two: Link) -> Option<(usize, usize, usize)> {
    if one.from == two.from && one.to != two.to {
        Some((one.from, one.to, two.to))
    } else if one.from == two.to && one.to != two.from {
        Some((one.from, one.to, two.from))
    } else if one.to == two.from && one.from != two.to {
        Some((one.to, one.from, two.to))
    } else if one.to == two.to && one.from != two.from {
        Some((one.to, one.from, two.from))
    } else {
        None
    }
}

/// The longest ALS-XY-Chain looked at, in links (HoDoKu's bound).
const MOST_LINKS: usize = 50;

/// The most links one search puts on a chain before it gives up on longer ones. HoDoKu has no
/// such bound; without one, a grid with many sets (early in a puzzle) takes minutes.
const MOST_TRIES: usize = 200_000;

/// A chain of ALSs, each joined to the next by a restricted common, each left on a different
/// digit than it was entered by: if the first set's z is false, the first set is locked, so
/// the first link's digit is false in the second set, which is then locked, and so on to the
/// last. A digit z of both ends (not one of the end links' digits) is true in one of them.
/// HoDoKu goes from each set to later sets only, collects every chain of three links or more,
/// keeps for each set of eliminations the chain with the fewest cells, and takes the step
/// with the most eliminations, then the lowest weighted index sum.
pub fn xy_chain(candidates: &Candidates) -> Option<Step> {
    let web = web(candidates);
    let (sets, links) = (&web.sets, &web.links);
    let mut outgoing = vec![Vec::new(); sets.len()];
    for (i, link) in links.iter().enumerate() {
        outgoing[link.from].push(i);
    }
    let mut search = ChainSearch {
        sets,
        links,
        outgoing: &outgoing,
        in_chain: vec![false; sets.len()],
        chain: Vec::new(),
        tries: 0,
        found: HashMap::new(),
    };
    for start in 0..sets.len() {
        if deadline::passed() {
            return None;
        }
        search.in_chain[start] = true;
        search.extend(start);
        search.in_chain[start] = false;
    }
    let best = search
        .found
        .into_values()
        .min_by_key(|found| (hodoku_rank(&found.removed), found.order))?;
    elimination(Technique::AlsXyChain, best.removed, || {
        chain_text(sets, &best.links)
    })
}

/// The depth-first search for ALS-XY-Chains.
struct ChainSearch<'a> {
    sets: &'a [Als],
    links: &'a [Link],
    /// For each set, its links to later sets.
    outgoing: &'a [Vec<usize>],
    in_chain: Vec<bool>,
    /// The chain so far: each link and the digits it uses (a mask).
    chain: Vec<(Link, u16)>,
    /// Links tried so far, against [`MOST_TRIES`].
    tries: usize,
    /// For each set of eliminations (sorted), the chain with the fewest cells.
    found: HashMap<Vec<CellDigit>, FoundChain>,
}

/// A chain kept for its eliminations.
struct FoundChain {
    cells: u32,
    /// When its eliminations were first found (ties go to the first).
    order: usize,
    removed: Vec<CellDigit>,
    /// The chain's links and the digits each uses (written out only for the step taken).
    links: Vec<(Link, u16)>,
}

impl ChainSearch<'_> {
    /// Tries each link from set `from` that the chain may take next.
    fn extend(&mut self, from: usize) {
        if self.chain.len() >= MOST_LINKS || self.tries >= MOST_TRIES || deadline::passed() {
            return;
        }
        let (outgoing, links) = (self.outgoing, self.links);
        for &index in &outgoing[from] {
            let link = links[index];
            if self.in_chain[link.to] {
                continue;
            }
            match self.chain.last() {
                // The first link goes on one digit; with two, each is tried in turn.
                None => {
                    for digit in link.digits() {
                        self.take(link, 1 << digit);
                    }
                }
                Some(&(_, used)) => {
                    // A link must leave on a digit other than the one it entered by; HoDoKu
                    // counts a link that used both its digits as entering by the lower one.
                    let entered = used & used.wrapping_neg();
                    let left = link.mask() & !entered;
                    if left != 0 {
                        self.take(link, left);
                    }
                }
            }
        }
    }

    /// Puts `link` (using the digits of `used`) on the chain, notes what it eliminates and
    /// goes on from there.
    fn take(&mut self, link: Link, used: u16) {
        self.tries += 1;
        self.chain.push((link, used));
        self.in_chain[link.to] = true;
        if self.chain.len() >= 3 {
            self.note();
        }
        self.extend(link.to);
        self.in_chain[link.to] = false;
        self.chain.pop();
    }

    /// Records what the chain as it stands eliminates.
    fn note(&mut self) {
        let (first, first_used) = self.chain[0];
        let (last, last_used) = self.chain[self.chain.len() - 1];
        let start = &self.sets[first.from];
        let end = &self.sets[last.to];
        let zs = start.marks & end.marks & !(first_used | last_used);
        if digits(zs)
            .all(|z| (start.seeing[usize::from(z)] & end.seeing[usize::from(z)]).is_empty())
        {
            return;
        }
        let except: Vec<u8> = digits(first_used | last_used).collect();
        let removed = common_removals(start, end, &except);
        let cells = start.cells.len()
            + self
                .chain
                .iter()
                .map(|(link, _)| self.sets[link.to].cells.len())
                .sum::<u32>();
        let mut key = removed.clone();
        key.sort_unstable_by_key(|r| (r.position.index(), r.digit));
        let order = self.found.len();
        if self.found.get(&key).is_some_and(|kept| kept.cells <= cells) {
            return;
        }
        let links = self.chain.clone();
        match self.found.get_mut(&key) {
            Some(kept) => {
                kept.cells = cells;
                kept.links = links;
            }
            None => {
                let found = FoundChain {
                    cells,
                    order,
                    removed,
                    links,
                };
                self.found.insert(key, found);
            }
        }
    }
}

/// A chain of `sets` written out: each set, and between two sets the digits that join them.
fn chain_text(sets: &[Als], links: &[(Link, u16)]) -> String {
    let mut text = sets[links[0].0.from].name();
    for &(link, used) in links {
        let digits: Vec<String> = digits(used).map(|d| d.to_string()).collect();
        text.push_str(&format!(" -{}- {}", digits.join(","), sets[link.to].name()));
    }
    text
}
/// Each technique on a position met while solving a real puzzle, with the step it finds there.
#[cfg(test)]
mod tests {
    use super::super::Technique;
    use super::super::testing::assert_step;

    #[test]
    fn als_xz_in_a_real_position() {
        assert_step(
            Technique::AlsXz,
            "......7..12...6..........8....45...9...456..9...456..9..3......1..456...12..5...9...4.6..9..3..6.....34.6..9.2.........3456..91...........4.67.9...45678.....5.789....5....123..6...1234.6..9......78...34.6..9......78.12.4.6..91..4.6...12......91......89...4.....1...5.7.9..3.5.7.9....5...9..3.5.7.91.....78..2............6.....3......12...67..12...67.9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7...2...6.8..2..5678..2..567..1.........2.456....2.4567.....4..78.........9..3......12.....8.........9123.5.7.......6...12..5.....23.5..8.12....7..1.3...78....4.....12.4.6.8.123..6.8.1234.6.....34...89......7...234...89....5....1.3..6.8.12.....8912.4.6.8.123.5678.1234567....345..8912.45...9.2345..8912...67.91.3..678.12....789",
            "ALS-XZ: A = r4c4, r4c5, r4c6, B = r5c4, r5c7, r5c8, r5c9, x = 9 -> r5c6 <> 7",
        );
    }

    #[test]
    fn als_xy_wing_in_a_real_position() {
        assert_step(
            Technique::AlsXyWing,
            "...4.........56..912...6.8.....5.789..3......1...5.78..2..5.....2..567......567.9123...7....3.5...912............6...12....7..1..45.7.9.......8..23.5.7....345.7.9.23..678...3.56..9.2...6.8....45.789.2....78....45.789.2345.....23.567..1........123..6.....34.6...12.4.......3...78.....5....1.3..678..23..............9..3...78.123.............8.....5...9..34..7.91.....7..1.34..7.9.....6...123.5.7....3.5.7..1.3..6.........7......5...9.2.......1....6.8.1.3..6.89..345....1.3.5..8...345..8......6.8....4.6......4.6.8.1................9.2.............7....3.5......3.5........5....1..........3............78......678......678.........9...4......2...............9.2.............7....3.5.......4.......3.5....1.............6.8......6.8.",
            "ALS-XY-Wing: A = r1c2, r1c4, r1c7, r1c8, r1c9, B = r4c7, pivot C = r4c4, r8c4, x = 8, y = 3 -> r3c7 <> 2",
        );
    }

    #[test]
    fn als_xy_chain_in_a_real_position() {
        assert_step(
            Technique::AlsXyChain,
            "...456......456.....3.56....2..5.78.....56.8..2...678..23.56...........91........1..............7......56..9.2.45......3.......2.4.6..9.2.456....2.4.6.8..2.456.8........8..2.........3.56..9...45....1...5...91..4.6..9..3456.....34.67....34567...2.4.6..9...4.6..9.2...678.1...........4.678.....5.....234.6..9.234.6.8..234.6.89..3......1..456..9....56.8..2.....8....4.6....2...6.8.......7..1..4.6.8....456.89.2.456...1..4.6....2..5678.........9...4.678...3......12.456...12.4.6.8..2.456.8..2......9..3....8.1.............6..........89...4..789..34....9....5.....234..7.9....56..9..3....8....4.......3.5.78..2.......1.....7891.3..6..91.3..67....3..67.9......7......56..9.2..56.....345....1...5...91..4....9.......8.1234.6....234.6..9",
            "ALS-XY-Chain: r7c1 -2- r1c3, r2c3, r3c3, r5c3, r9c3 -8- r2c4, r3c4, r5c4 -5- r1c5, r4c5, r5c5, r6c5, r7c5 -> r7c6 <> 9, r7c7 <> 9, r7c9 <> 9",
        );
    }

    #[test]
    fn each_position_gets_its_own_web_when_positions_alternate() {
        for _ in 0..2 {
            als_xz_in_a_real_position();
            als_xy_wing_in_a_real_position();
            als_xy_chain_in_a_real_position();
        }
    }
}
