//! Rating speed (`sudoku rate`'s work): hard puzzles from top1465 and easy generated ones, with
//! the time for the whole of top1465 on one core at the end. There is no peer in the same run:
//! HoDoKu's Python port is timed outside (see README.md).

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use sudoku_engine::Grid;
use sudoku_engine::generate::{Options, generate_accepted, puzzle_rng};
use sudoku_logic::{Level, explain, rate};

/// Easy puzzles made by our generator, reproducibly.
fn easy_puzzles(count: u64) -> Vec<Grid> {
    let easy = |puzzle: &Grid| {
        let (steps, end) = explain(puzzle);
        rate(&steps, end.is_solved()).level == Some(Level::Easy)
    };
    (0..count)
        .map(|i| {
            generate_accepted(&mut puzzle_rng(2026, i), &Options::default(), easy)
                .expect("easy puzzles are common")
        })
        .map(|made| made.puzzle)
        .collect()
}

/// Rates every puzzle; returns how many reached a level (all of them, when it works).
fn rate_all(puzzles: &[Grid]) -> usize {
    puzzles
        .iter()
        .filter(|puzzle| {
            let (steps, end) = explain(black_box(puzzle));
            rate(&steps, end.is_solved()).level.is_some()
        })
        .count()
}

/// Rounds for the table: one under `cargo bench -- --test`, which only checks that it runs.
fn rounds() -> usize {
    if std::env::args().any(|arg| arg == "--test") {
        1
    } else {
        5
    }
}

fn main() {
    let top = common::puzzles("top1465");
    let cases = [
        ("top1465-first-100", top[..100].to_vec()),
        ("easy-generated-1000", easy_puzzles(1000)),
    ];
    let mut c = Criterion::default().configure_from_args();
    for (name, puzzles) in &cases {
        let mut group = c.benchmark_group(format!("rate/{name}"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(5));
        group.bench_function("ours", |b| b.iter(|| rate_all(puzzles)));
        group.finish();
    }
    c.final_summary();

    println!();
    println!("| puzzles | rated/s (one core) |");
    println!("|---|---:|");
    for (name, puzzles) in &cases {
        let mut times: Vec<f64> = (0..rounds())
            .map(|_| {
                let start = Instant::now();
                assert_eq!(rate_all(puzzles), puzzles.len(), "every puzzle is rated");
                start.elapsed().as_secs_f64()
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        println!("| {name} | {:.0} |", puzzles.len() as f64 / median);
    }
    if rounds() > 1 {
        let start = Instant::now();
        let rated = rate_all(&top);
        println!(
            "whole top1465: {rated} of {} rated in {:.1} s on one core",
            top.len(),
            start.elapsed().as_secs_f64()
        );
    }
}
