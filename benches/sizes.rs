//! Grids of other sizes: the 55 puzzles of Gecode's 16x16 set solved and counted to two, ours
//! beside a plain solver of the usual design written here as the peer (no crate solves other
//! sizes: the record 9x9 solvers decline them); and generation of minimal 16x16 puzzles and
//! of unique 25x25 ones (no peer: the plain solver does not count even the easiest of Gecode's
//! 25x25 puzzles in a minute).

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use sudoku_engine::sized::{self, Shape, SizedGrid};

/// The puzzles of `puzzles/NAME.txt`, of any size.
fn sized_puzzles(name: &str) -> Vec<SizedGrid> {
    let path = format!("{}/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| SizedGrid::parse(line, None, None).expect("a puzzle").0)
        .collect()
}

/// The peer: backtracking over row, column and box bitmasks, choosing where the choice is
/// narrowest (the empty cell with the fewest candidates, or a value's places in a unit, which
/// makes hidden singles), nothing more: the design most general-size solvers have.
struct Plain {
    shape: Shape,
    cells: Vec<u8>,
    rows: Vec<u64>,
    columns: Vec<u64>,
    boxes: Vec<u64>,
}

impl Plain {
    fn new(grid: &SizedGrid) -> Plain {
        let shape = grid.shape();
        let size = shape.size();
        let mut plain = Plain {
            shape,
            cells: grid.cells().to_vec(),
            rows: vec![0; size],
            columns: vec![0; size],
            boxes: vec![0; size],
        };
        for index in 0..size * size {
            if plain.cells[index] != 0 {
                plain.toggle(index, plain.cells[index]);
            }
        }
        plain
    }

    fn toggle(&mut self, index: usize, value: u8) {
        let size = self.shape.size();
        let (row, column) = (index / size, index % size);
        let bit = 1u64 << (value - 1);
        self.rows[row] ^= bit;
        self.columns[column] ^= bit;
        self.boxes[self.shape.box_of(row, column)] ^= bit;
    }

    fn free(&self, index: usize) -> u64 {
        let size = self.shape.size();
        let (row, column) = (index / size, index % size);
        let used =
            self.rows[row] | self.columns[column] | self.boxes[self.shape.box_of(row, column)];
        !used & ((1u64 << size) - 1)
    }

    /// The cell of unit `u` (rows, columns, boxes) at position `i`.
    fn unit_cell(&self, u: usize, i: usize) -> usize {
        let size = self.shape.size();
        let (r, c) = (self.shape.box_rows(), self.shape.box_columns());
        match u / size {
            0 => u * size + i,
            1 => i * size + u % size,
            _ => {
                let b = u % size;
                let (top, left) = (b / (size / c) * r, b % (size / c) * c);
                (top + i / c) * size + left + i % c
            }
        }
    }

    /// The narrowest choice: (cell, values) pairs to try; empty when the grid is stuck.
    fn choices(&self) -> Option<Vec<(usize, u8)>> {
        let size = self.shape.size();
        let mut best: Option<Vec<(usize, u8)>> = None;
        let values = |mut free: u64| {
            std::iter::from_fn(move || {
                (free != 0).then(|| {
                    let value = free.trailing_zeros() as u8 + 1;
                    free &= free - 1;
                    value
                })
            })
        };
        for index in (0..self.cells.len()).filter(|&i| self.cells[i] == 0) {
            let free = self.free(index);
            if best
                .as_ref()
                .is_none_or(|b| (free.count_ones() as usize) < b.len())
            {
                best = Some(values(free).map(|v| (index, v)).collect());
                if free.count_ones() <= 1 {
                    return best;
                }
            }
        }
        best.as_ref()?;
        for u in 0..3 * size {
            let cells: Vec<usize> = (0..size).map(|i| self.unit_cell(u, i)).collect();
            let placed = cells.iter().fold(0u64, |m, &c| match self.cells[c] {
                0 => m,
                v => m | 1 << (v - 1),
            });
            for value in values(!placed & ((1u64 << size) - 1)) {
                let places: Vec<(usize, u8)> = cells
                    .iter()
                    .filter(|&&c| self.cells[c] == 0 && self.free(c) >> (value - 1) & 1 != 0)
                    .map(|&c| (c, value))
                    .collect();
                if places.len() < best.as_ref().map_or(usize::MAX, Vec::len) {
                    let done = places.len() <= 1;
                    best = Some(places);
                    if done {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Counts solutions up to `limit`.
    fn count(&mut self, limit: u64) -> u64 {
        let Some(choices) = self.choices() else {
            return 1;
        };
        let mut found = 0;
        for (index, value) in choices {
            if found >= limit {
                break;
            }
            self.cells[index] = value;
            self.toggle(index, value);
            found += self.count(limit - found);
            self.toggle(index, value);
            self.cells[index] = 0;
        }
        found
    }
}

fn ours_count(puzzles: &[SizedGrid]) -> u64 {
    puzzles
        .iter()
        .map(|p| sized::count_solutions(black_box(p), 2).found)
        .sum()
}

fn peer_count(puzzles: &[SizedGrid]) -> u64 {
    puzzles
        .iter()
        .map(|p| Plain::new(black_box(p)).count(2))
        .sum()
}

fn ours_solve(puzzles: &[SizedGrid]) -> u64 {
    puzzles
        .iter()
        .map(|p| u64::from(sized::solve(black_box(p)).is_some()))
        .sum()
}

fn peer_solve(puzzles: &[SizedGrid]) -> u64 {
    puzzles
        .iter()
        .map(|p| Plain::new(black_box(p)).count(1))
        .sum()
}

/// Puzzles made per measured pass.
const GENERATED: u64 = 3;

/// Makes [`GENERATED`] puzzles of `shape` from `seed`, as `sudoku generate` does: unique, and
/// minimal up to 20x20 (see [`sized::generate`]).
fn generate(shape: Shape, seed: u64) -> usize {
    (0..GENERATED)
        .map(|i| {
            let (puzzle, _) =
                sized::generate(shape, &mut sudoku_engine::generate::puzzle_rng(seed, i));
            puzzle.given_count().min(1)
        })
        .sum()
}

fn main() {
    let puzzles = sized_puzzles("gecode_16x16");
    let mut c = Criterion::default().configure_from_args();
    let n = puzzles.len() as u64;
    for (task, ours, peer) in [
        (
            "solve",
            ours_solve as fn(&[SizedGrid]) -> u64,
            peer_solve as fn(&[SizedGrid]) -> u64,
        ),
        ("count-to-2", ours_count, peer_count),
    ] {
        let mut group = c.benchmark_group(format!("gecode_16x16/{task}"));
        group.throughput(Throughput::Elements(n));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("ours", |b| b.iter(|| ours(&puzzles)));
        group.bench_function("plain", |b| b.iter(|| peer(&puzzles)));
        group.finish();
    }
    for (side, name) in [(4, "generate-minimal-16x16"), (5, "generate-unique-25x25")] {
        let shape = Shape::new(side, side).expect("a shape");
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(GENERATED));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        let mut seed = 0;
        group.bench_function("ours", |b| {
            b.iter(|| {
                seed += 1;
                generate(shape, seed)
            })
        });
        group.finish();
    }
    c.final_summary();

    println!();
    println!("| gecode_16x16 (55) | ours (puzzles/s) | plain (puzzles/s) | ours / plain |");
    println!("|---|---:|---:|---:|");
    for (task, ours, peer) in [
        (
            "solve",
            ours_solve as fn(&[SizedGrid]) -> u64,
            peer_solve as fn(&[SizedGrid]) -> u64,
        ),
        ("count to 2", ours_count, peer_count),
    ] {
        let (ours_s, peer_s) =
            common::interleaved(common::rounds(), || ours(&puzzles), || peer(&puzzles));
        println!(
            "| {task} | {:.0} | {:.0} | {:.2}x |",
            n as f64 / ours_s,
            n as f64 / peer_s,
            peer_s / ours_s
        );
    }
}
