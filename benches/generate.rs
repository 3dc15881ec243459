//! Puzzle generation, ours beside the `sudoku` crate's generator, in the same run: minimal
//! puzzles with exactly one solution, without symmetry and with the half-turn symmetry.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use peer_sudoku::Sudoku as Peer;
use peer_sudoku::Symmetry as PeerSymmetry;
use sudoku_engine::generate::{Options, Symmetry, generate, puzzle_rng};

/// Puzzles made per measured pass.
const PUZZLES: u64 = 50;

fn ours(symmetry: Symmetry, seed: u64) -> usize {
    let options = Options {
        symmetry,
        ..Options::default()
    };
    (0..PUZZLES)
        .map(|i| {
            let made = generate(&mut puzzle_rng(seed, i), &options).expect("no clue limit");
            black_box(made.puzzle).given_count().min(1)
        })
        .sum()
}

fn peer(symmetry: PeerSymmetry) -> usize {
    (0..PUZZLES)
        .map(|_| (black_box(Peer::generate_with_symmetry(symmetry)).n_clues() as usize).min(1))
        .sum()
}

fn main() {
    let cases = [
        ("none", Symmetry::None, PeerSymmetry::None),
        (
            "rotational",
            Symmetry::Rotational,
            PeerSymmetry::HalfRotation,
        ),
    ];
    let mut c = Criterion::default().configure_from_args();
    for &(name, symmetry, peer_symmetry) in &cases {
        let mut group = c.benchmark_group(format!("generate-minimal/{name}"));
        group.throughput(Throughput::Elements(PUZZLES));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(3));
        let mut seed = 0;
        group.bench_function("ours", |b| {
            b.iter(|| {
                seed += 1;
                ours(symmetry, seed)
            })
        });
        group.bench_function("sudoku-crate", |b| b.iter(|| peer(peer_symmetry)));
        group.finish();
    }
    c.final_summary();

    println!();
    println!("| symmetry | ours (puzzles/s) | sudoku crate (puzzles/s) | ours / crate |");
    println!("|---|---:|---:|---:|");
    for (round_seed, &(name, symmetry, peer_symmetry)) in (1000..).zip(&cases) {
        let (ours_s, peer_s) = common::interleaved(
            common::rounds(),
            || ours(symmetry, round_seed),
            || peer(peer_symmetry),
        );
        let n = PUZZLES as f64;
        println!(
            "| {name} | {:.0} | {:.0} | {:.2}x |",
            n / ours_s,
            n / peer_s,
            peer_s / ours_s
        );
    }
}
