//! What follows from a potential: an on potential turns off its cell's other values and its
//! value in its block, row and column; an off potential turns on a cell's last value and a
//! value's last place in a region. A search that leaves its grid as it is reads them from a
//! table made once.

use super::*;

/// The links of a grid that does not change (a search that is not dynamic): for each value of
/// each cell, the peers that hold it, and what turning it off turns on.
pub(super) struct Links {
    of: Vec<ValueLinks>,
}

/// The links of one value in one cell.
#[derive(Clone, Copy)]
pub(super) struct ValueLinks {
    /// Peers holding the value, in house order, with the kind of region they share.
    peers: [(u8, Kind); 20],
    peer_count: u8,
    /// The cell's other value, when it has two (0 otherwise).
    last_value: u8,
    /// The value's other place in each region where it has two, each cell once.
    last_places: [(u8, Kind); 3],
    place_count: u8,
}

impl Links {
    pub(super) fn of(grid: &Board) -> Links {
        let empty = ValueLinks {
            peers: [(0, Kind::Block); 20],
            peer_count: 0,
            last_value: 0,
            last_places: [(0, Kind::Block); 3],
            place_count: 0,
        };
        let mut links = Links {
            of: vec![empty; 729],
        };
        for cell in 0..81 {
            for value in values_of(grid.potentials[cell]) {
                let entry = &mut links.of[cell * 9 + value as usize - 1];
                for (i, &other) in house_cells(cell).iter().enumerate() {
                    if grid.has(other, value) {
                        entry.peers[entry.peer_count as usize] = (other as u8, house_kind(i));
                        entry.peer_count += 1;
                    }
                }
                if has_two(u128::from(grid.potentials[cell])) {
                    entry.last_value = values_of(grid.potentials[cell] & !(1 << value))
                        .next()
                        .unwrap_or(0);
                }
                for kind in KINDS {
                    let places = grid.cells_in(Region::of(kind, cell), value);
                    if has_two(places) {
                        let other = (places & !(1 << cell)).trailing_zeros() as u8;
                        let known = &entry.last_places[..entry.place_count as usize];
                        if !known.iter().any(|&(c, _)| c == other) {
                            entry.last_places[entry.place_count as usize] = (other, kind);
                            entry.place_count += 1;
                        }
                    }
                }
            }
        }
        links
    }
}

/// The kind of region the `i`-th of a cell's house cells shares with it (8 of the block, then
/// 6 more of the row, 6 more of the column).
pub(super) fn house_kind(i: usize) -> Kind {
    match i {
        0..8 => Kind::Block,
        8..14 => Kind::Row,
        _ => Kind::Column,
    }
}

impl Search<'_> {
    /// What an on potential turns off: the cell's other values (when `y`), and its value
    /// elsewhere in its block, row and column. Made into potentials (with `p` as parent) only
    /// where kept.
    pub(super) fn on_to_off(&self, grid: &Board, p: u32, y: bool) -> Offs {
        let n = self.arena.node(p);
        let cell = n.cell as usize;
        let mut out = Offs::default();
        if y {
            for value in values_of(grid.potentials[cell] & !(1 << n.value)) {
                out.push(cell, value, Cause::NakedSingle);
            }
        }
        if let Some(links) = &self.links {
            let entry = &links.of[cell * 9 + n.value as usize - 1];
            for &(other, kind) in &entry.peers[..entry.peer_count as usize] {
                out.push(other as Cell, n.value, Cause::Region(kind));
            }
            return out;
        }
        // Block, row, column, each peer once: the house order.
        for (i, &other) in house_cells(cell).iter().enumerate() {
            if grid.has(other, n.value) {
                out.push(other, n.value, Cause::Region(house_kind(i)));
            }
        }
        out
    }

    /// What an off potential turns on: the cell's last value (when `y`), and the value's last
    /// place in a region (when `x`). Values gone from `grid` since `source` join the parents.
    pub(super) fn off_to_on(
        &mut self,
        grid: &Board,
        p: u32,
        source: &Board,
        offs: &PotSet,
        y: bool,
        x: bool,
    ) -> Made {
        let n = self.arena.node(p);
        let cell = n.cell as usize;
        let mut out = Made::default();
        if let Some(links) = &self.links {
            let entry = links.of[cell * 9 + n.value as usize - 1];
            if y && entry.last_value != 0 {
                let on = self
                    .arena
                    .push(cell, entry.last_value, true, Cause::NakedSingle, &[p]);
                out.push(on);
            }
            if x {
                for &(other, kind) in &entry.last_places[..entry.place_count as usize] {
                    out.push(self.arena.push(
                        other as Cell,
                        n.value,
                        true,
                        Cause::Region(kind),
                        &[p],
                    ));
                }
            }
            return out;
        }
        let mut parents = [0u32; 10];
        if y && has_two(u128::from(grid.potentials[cell])) {
            let mut values = values_of(grid.potentials[cell]);
            let mut other = values.next().unwrap_or(0);
            if other == n.value {
                other = values.next().unwrap_or(0);
            }
            parents[0] = p;
            let mut len = 1;
            // Only a dynamic search turns values off in its grid.
            let gone = if self.rule.dynamic() {
                source.potentials[cell] & !grid.potentials[cell]
            } else {
                0
            };
            for value in values_of(gone) {
                if let Some(parent) = offs.get(key_of(cell, value, false)) {
                    parents[len] = parent;
                    len += 1;
                }
            }
            out.push(
                self.arena
                    .push(cell, other, true, Cause::NakedSingle, &parents[..len]),
            );
        }
        if x {
            let mut taken: u128 = 0;
            for kind in KINDS {
                let region = Region::of(kind, cell);
                let places = grid.cells_in(region, n.value);
                if !has_two(places) {
                    continue;
                }
                let other = (places & !(1 << cell)).trailing_zeros() as Cell;
                if taken & (1 << other) != 0 {
                    continue;
                }
                taken |= 1 << other;
                parents[0] = p;
                let mut len = 1;
                let gone = if self.rule.dynamic() {
                    source.positions(region, n.value) & !grid.positions(region, n.value)
                } else {
                    0
                };
                for j in bits(gone) {
                    if let Some(parent) = offs.get(key_of(region.cell(j), n.value, false)) {
                        parents[len] = parent;
                        len += 1;
                    }
                }
                out.push(self.arena.push(
                    other,
                    n.value,
                    true,
                    Cause::Region(kind),
                    &parents[..len],
                ));
            }
        }
        out
    }
}
