//! The steps one search finds, kept one per effect (the shorter chain wins), and the orders
//! HoDoKu picks the best of them by.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::build::{Tables, Which};
use super::chain::{Shape, Walker};
use super::table::{Node, Table, is_group};

/// What a step is, in HoDoKu's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    DiscontinuousLoop,
    ContinuousLoop,
    Aic,
    GroupedDiscontinuousLoop,
    GroupedContinuousLoop,
    GroupedAic,
    ChainContradiction,
    ChainVerity,
    NetContradiction,
    NetVerity,
}

impl Kind {
    /// HoDoKu's name of the kind, part of its key for "the same step".
    fn name(self) -> &'static str {
        match self {
            Kind::DiscontinuousLoop => "DISCONTINUOUS_NICE_LOOP",
            Kind::ContinuousLoop => "CONTINUOUS_NICE_LOOP",
            Kind::Aic => "AIC",
            Kind::GroupedDiscontinuousLoop => "GROUPED_DISCONTINUOUS_NICE_LOOP",
            Kind::GroupedContinuousLoop => "GROUPED_CONTINUOUS_NICE_LOOP",
            Kind::GroupedAic => "GROUPED_AIC",
            Kind::ChainContradiction => "FORCING_CHAIN_CONTRADICTION",
            Kind::ChainVerity => "FORCING_CHAIN_VERITY",
            Kind::NetContradiction => "FORCING_NET_CONTRADICTION",
            Kind::NetVerity => "FORCING_NET_VERITY",
        }
    }

    /// The grouped kind of a loop or AIC.
    pub fn grouped(self) -> Kind {
        match self {
            Kind::DiscontinuousLoop => Kind::GroupedDiscontinuousLoop,
            Kind::ContinuousLoop => Kind::GroupedContinuousLoop,
            Kind::Aic => Kind::GroupedAic,
            other => other,
        }
    }

    /// True for the grouped loops and AICs.
    pub fn is_grouped(self) -> bool {
        self.rank() == 5650
    }

    /// The kind's place in HoDoKu's list of techniques.
    fn rank(self) -> u32 {
        match self {
            Kind::DiscontinuousLoop | Kind::ContinuousLoop | Kind::Aic => 5600,
            Kind::GroupedDiscontinuousLoop | Kind::GroupedContinuousLoop | Kind::GroupedAic => 5650,
            Kind::ChainContradiction | Kind::ChainVerity => 8500,
            Kind::NetContradiction | Kind::NetVerity => 8600,
        }
    }

    /// The net kind of a forcing chain's kind.
    fn as_net(self) -> Kind {
        match self {
            Kind::ChainContradiction => Kind::NetContradiction,
            Kind::ChainVerity => Kind::NetVerity,
            other => other,
        }
    }
}

/// One step found: what it places or removes, and the chains that prove it.
#[derive(Clone, Debug)]
pub(super) struct Found {
    pub kind: Kind,
    /// Cells and the digits they take.
    pub placements: Vec<(usize, u8)>,
    /// Cells and the digits they lose.
    pub removals: Vec<(usize, u8)>,
    /// The chains, each in order from its premise (see the `chain` module); for a forcing
    /// step, written only once it is the one taken (see [`Proof`]).
    pub chains: Vec<Vec<i64>>,
    /// Where each chain of a forcing step is read: the table and the consequence.
    pub proofs: Vec<Proof>,
    /// How many entries its chains have in all.
    length: usize,
    /// Whether a chain has net branches.
    net: bool,
}

/// What a forcing step does: its kind (before its chains are measured), whether it places
/// (or removes) a digit, the cell and the digit.
pub(super) type Effect = (Kind, bool, usize, u8);

/// A forcing step noted but not yet measured: its effect and where its proofs are in the
/// search's list of them.
#[derive(Clone, Copy)]
struct Pending {
    effect: Effect,
    proofs: (usize, usize),
}

/// A chain as the table it is read from and the consequence it ends at.
pub(super) type Proof = (Which, usize, (usize, u8, bool));

impl Found {
    /// An empty step of `kind`.
    pub fn new(kind: Kind) -> Found {
        Found {
            kind,
            placements: Vec::new(),
            removals: Vec::new(),
            chains: Vec::new(),
            proofs: Vec::new(),
            length: 0,
            net: false,
        }
    }

    /// How many entries its chains have in all.
    pub fn chain_length(&self) -> usize {
        self.length
    }

    /// True when a chain has net branches.
    fn is_net(&self) -> bool {
        self.net
    }

    /// HoDoKu's key for "the same step" (its removals sorted by digit, then cell, as HoDoKu
    /// sorts them when it makes the key).
    fn key(&mut self) -> Option<String> {
        if !self.removals.is_empty() {
            self.removals.sort_by_key(|&(cell, digit)| (digit, cell));
            let parts: Vec<String> = self
                .removals
                .iter()
                .map(|(c, d)| format!("{c}:{d}"))
                .collect();
            Some(format!("{} ({})", parts.join(","), self.kind.name()))
        } else if !self.placements.is_empty() {
            let mut sorted = self.placements.clone();
            sorted.sort_unstable();
            let parts: Vec<String> = sorted.iter().map(|(c, d)| format!("{c}={d}")).collect();
            Some(format!("{}: {}", self.kind.name(), parts.join(",")))
        } else {
            None
        }
    }

    /// HoDoKu's weighted sum of the removals (in digit, then cell order).
    fn index_sum(&self) -> usize {
        let mut sorted = self.removals.clone();
        sorted.sort_by_key(|&(cell, digit)| (digit, cell));
        sorted
            .iter()
            .enumerate()
            .map(|(k, &(cell, digit))| cell * (1 + 80 * k) + usize::from(digit))
            .sum()
    }

    /// True when both are the same kind with the same effect.
    fn same_as(&self, other: &Found) -> bool {
        if self.kind != other.kind {
            return false;
        }
        if !self.removals.is_empty() {
            same_members(&self.removals, &other.removals)
        } else {
            let cells = |f: &Found| f.placements.iter().map(|p| p.0).collect::<Vec<_>>();
            same_members(&cells(self), &cells(other))
        }
    }
}

/// True when both lists are as long and every member of `a` is in `b`.
fn same_members<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// How HoDoKu orders nice loops and AICs: more removals first, then (for different steps) the
/// lower weighted sum, then the shorter chain, then the kind's place in its list.
fn loop_order(a: &Found, b: &Found) -> Ordering {
    let by_count = b.removals.len().cmp(&a.removals.len());
    if by_count != Ordering::Equal {
        return by_count;
    }
    if !a.same_as(b) {
        return a.index_sum().cmp(&b.index_sum());
    }
    a.chain_length()
        .cmp(&b.chain_length())
        .then(a.kind.rank().cmp(&b.kind.rank()))
}

/// How HoDoKu orders forcing chains and nets: placements first (more first, then the lower
/// cell sum), then removals (more first, then by their cells and digits), then the shorter
/// chain.
fn forcing_order(a: &Found, b: &Found) -> Ordering {
    let (places_a, places_b) = (!a.placements.is_empty(), !b.placements.is_empty());
    if places_a != places_b {
        return if places_a {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    if places_a {
        let by_count = b.placements.len().cmp(&a.placements.len());
        if by_count != Ordering::Equal {
            return by_count;
        }
        if !a.same_as(b) {
            let sum = |f: &Found| f.placements.iter().map(|p| p.0).sum::<usize>();
            return match sum(a).cmp(&sum(b)) {
                Ordering::Equal => Ordering::Greater,
                other => other,
            };
        }
    } else {
        let by_count = b.removals.len().cmp(&a.removals.len());
        if by_count != Ordering::Equal {
            return by_count;
        }
        if !a.same_as(b) {
            let sorted = |f: &Found| {
                let mut r = f.removals.clone();
                r.sort_by_key(|&(cell, digit)| (digit, cell));
                r
            };
            let (ra, rb) = (sorted(a), sorted(b));
            for (x, y) in ra.iter().zip(&rb) {
                let order = (x.0 * 10 + usize::from(x.1)).cmp(&(y.0 * 10 + usize::from(y.1)));
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
    a.chain_length().cmp(&b.chain_length())
}

/// The first of `steps` that no later one beats: what a stable sort would put first.
fn best(steps: Vec<Found>, order: fn(&Found, &Found) -> Ordering) -> Option<Found> {
    let mut best: Option<Found> = None;
    for step in steps {
        if best
            .as_ref()
            .is_none_or(|b| order(&step, b) == Ordering::Less)
        {
            best = Some(step);
        }
    }
    best
}

/// Adds the chain to `target` in `table` to `step`; false when there is none (or the step
/// has its nine chains already).
pub(super) fn add_chain(
    walker: &mut Walker,
    tables: &Tables,
    step: &mut Found,
    table: &Table,
    target: (usize, u8, bool),
    shape: Shape,
) -> bool {
    if step.chains.len() >= 9 {
        return false;
    }
    match walker.chain(tables, table, target, shape) {
        Some(chain) => {
            step.length += chain.len();
            step.net |= chain.iter().any(|&entry| entry < 0);
            step.chains.push(chain);
            true
        }
        None => false,
    }
}

/// One search over the tables: the steps found so far and the work space for chains.
pub(super) struct Search {
    pub tables: Tables,
    pub steps: Vec<Found>,
    keys: HashMap<String, usize>,
    pub walker: Walker,
    /// Whether this search is for nets (chains without branches were already offered).
    pub nets: bool,
    /// The forcing steps found, not yet measured.
    pending: Vec<Pending>,
    /// Their proofs, each step's in one run.
    pending_proofs: Vec<Proof>,
    /// Each forcing chain's length and whether it has net branches, by table and consequence
    /// (`None`: the table does not hold it); many steps share chains.
    measured: HashMap<Proof, Option<(usize, bool)>>,
    /// Whether only loops and AICs with a group count (the grouped search: the others were
    /// offered by the plain one).
    pub only_grouped: bool,
}

impl Search {
    /// A search over filled and expanded `tables`.
    pub fn new(tables: Tables, nets: bool) -> Search {
        Search {
            tables,
            steps: Vec::new(),
            keys: HashMap::new(),
            walker: Walker::default(),
            nets,
            pending: Vec::new(),
            pending_proofs: Vec::new(),
            measured: HashMap::new(),
            only_grouped: false,
        }
    }

    /// Measures the chains of forcing step `step`'s proofs (their lengths and branches) and
    /// makes it a net when a chain has branches. Proofs whose chain the table does not hold
    /// are dropped (as a chain that cannot be written is left out).
    fn measure(&mut self, step: &mut Found) {
        let mut proofs = Vec::with_capacity(step.proofs.len());
        for &proof in &step.proofs {
            let (which, at, target) = proof;
            let measured = *self.measured.entry(proof).or_insert_with(|| {
                let table = self.tables.table(which, at);
                let chain = self
                    .walker
                    .chain(&self.tables, table, target, Shape::Plain)?;
                Some((chain.len(), chain.iter().any(|&entry| entry < 0)))
            });
            if let Some((length, net)) = measured {
                proofs.push(proof);
                step.length += length;
                step.net |= net;
            }
        }
        step.proofs = proofs;
        if step.is_net() {
            step.kind = step.kind.as_net();
        }
    }

    /// Writes out the chains of a forcing step's proofs.
    pub fn write_chains(&mut self, step: &mut Found) {
        for &(which, at, target) in &step.proofs {
            let table = self.tables.table(which, at);
            if let Some(chain) = self.walker.chain(&self.tables, table, target, Shape::Plain) {
                step.chains.push(chain);
            }
        }
    }

    /// Notes a forcing chain or net found: its effect, proved by the chains of each of
    /// `tables` to each of `targets` (its chains are measured only if its effect could be the
    /// one taken: see [`Search::best_forcing`]).
    pub fn note_forcing(
        &mut self,
        effect: Effect,
        tables: &[(Which, usize)],
        targets: &[(usize, u8, bool)],
    ) {
        let first = self.pending_proofs.len();
        for &(which, at) in tables {
            for &target in targets {
                self.pending_proofs.push((which, at, target));
            }
        }
        let proofs = (first, self.pending_proofs.len());
        self.pending.push(Pending { effect, proofs });
    }

    /// Keeps a loop or AIC (grouped when its chain has a group) unless an equal one with a
    /// chain no longer is kept (a shorter one is kept beside it).
    pub fn keep_loop(&mut self, mut step: Found) {
        if step.chains[0]
            .iter()
            .any(|&e| e >= 0 && is_group(e as Node))
        {
            step.kind = step.kind.grouped();
        }
        if self.only_grouped && !step.kind.is_grouped() {
            return;
        }
        let Some(key) = step.key() else { return };
        let length = step.chain_length();
        if let Some(&old) = self.keys.get(&key)
            && self.steps[old].chain_length() <= length
        {
            return;
        }
        self.keys.insert(key, self.steps.len());
        self.steps.push(step);
    }

    /// The best loop or AIC found.
    pub fn best_loop(&mut self) -> Option<Found> {
        best(std::mem::take(&mut self.steps), loop_order)
    }

    /// The best forcing chain or net found, with its chains written out.
    ///
    /// HoDoKu measures every chain of every step: a step whose chains have branches is a net
    /// (a forcing net search drops those without); of steps of one kind and effect the first
    /// with the shortest chains is kept; HoDoKu's order then takes the best. That order puts
    /// every effect (a placement by its cell, a removal by its candidate) before or after every
    /// other, so the step taken is among those of the first effect that keeps a step: only
    /// theirs are measured, effect after effect.
    pub fn best_forcing(&mut self) -> Option<Found> {
        // Placements by cell first, then removals by candidate; within one, as found.
        let rank = |p: &Pending| match p.effect {
            (_, true, cell, _) => (false, cell),
            (_, false, cell, digit) => (true, cell * 10 + usize::from(digit)),
        };
        let mut order: Vec<Pending> = std::mem::take(&mut self.pending);
        order.sort_by_key(rank);
        for group in order.chunk_by(|a, b| rank(a) == rank(b)) {
            let mut kept: Vec<Found> = Vec::new();
            let mut at: HashMap<(Kind, bool, usize, u8), usize> = HashMap::new();
            for pending in group {
                let (kind, places, cell, digit) = pending.effect;
                let mut step = Found::new(kind);
                if places {
                    step.placements.push((cell, digit));
                } else {
                    step.removals.push((cell, digit));
                }
                step.proofs = self.pending_proofs[pending.proofs.0..pending.proofs.1].to_vec();
                self.measure(&mut step);
                if self.nets && matches!(step.kind, Kind::ChainContradiction | Kind::ChainVerity) {
                    continue;
                }
                let key = (step.kind, places, cell, digit);
                match at.get(&key) {
                    Some(&old) => {
                        if kept[old].chain_length() > step.chain_length() {
                            kept[old] = step;
                        }
                    }
                    None => {
                        at.insert(key, kept.len());
                        kept.push(step);
                    }
                }
            }
            if let Some(mut step) = best(kept, forcing_order) {
                self.write_chains(&mut step);
                return Some(step);
            }
        }
        None
    }
}
