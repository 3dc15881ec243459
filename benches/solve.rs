//! Solver throughput on the standard collections, ours beside the `sudoku` crate (0.8, the
//! fastest Rust solver on crates.io), measured in the same run.
//!
//! One criterion group per collection in `puzzles/`, each timing solve-first and count-to-2 (the
//! uniqueness check) for both solvers, plus a group counting all solutions of puzzles with
//! thousands. At the end a table in tdoku's style gives puzzles/second and the ratio, from
//! interleaved rounds so that both solvers see the same machine load.

use std::hint::black_box;
use std::time::Duration;

mod common;

use criterion::{Criterion, Throughput};
use peer_sudoku::Sudoku as Peer;
use sudoku_engine::{Grid, count_solutions, solve};

/// The collections measured, by file in `puzzles/`. `generator_feed` is what a generator
/// hands its solver: puzzles without a solution and with several. (slow_no_solution.txt is not
/// here: the crate searches 54 s on its seven grids; see docs/performance.md.)
const COLLECTIONS: [&str; 7] = [
    "17_clue_1000",
    "top1465",
    "hardest_1106",
    "hardest_1106_shuffled",
    "hardest_1905_1000",
    "generator_feed",
    "serg_1000",
];

/// Both solvers' view of the same puzzles.
struct Collection {
    name: &'static str,
    ours: Vec<Grid>,
    peer: Vec<Peer>,
}

fn load(name: &'static str) -> Collection {
    let ours = common::puzzles(name);
    let peer = ours
        .iter()
        .map(|g| Peer::from_bytes(*g.cells()).expect("valid for the crate"))
        .collect();
    Collection { name, ours, peer }
}

/// One measured task: the same work done by each solver.
#[derive(Clone, Copy)]
enum Task {
    SolveFirst,
    CountTo(u64),
}

impl Task {
    fn label(self) -> String {
        match self {
            Task::SolveFirst => "solve".into(),
            Task::CountTo(n) => format!("count-to-{n}"),
        }
    }

    fn run_ours(self, puzzles: &[Grid]) -> u64 {
        match self {
            Task::SolveFirst => puzzles.iter().filter(|p| solve(p).is_some()).count() as u64,
            Task::CountTo(n) => puzzles.iter().map(|p| count_solutions(p, n).found).sum(),
        }
    }

    fn run_peer(self, puzzles: &[Peer]) -> u64 {
        match self {
            Task::SolveFirst => puzzles
                .iter()
                .filter(|p| p.some_solution().is_some())
                .count() as u64,
            Task::CountTo(n) => puzzles
                .iter()
                .map(|p| p.solutions_count_up_to(n as usize) as u64)
                .sum(),
        }
    }
}

fn criterion_groups(c: &mut Criterion, collections: &[Collection], tasks: &[(Task, &[usize])]) {
    for &(task, which) in tasks {
        for &i in which {
            let collection = &collections[i];
            let mut group = c.benchmark_group(format!("{}/{}", collection.name, task.label()));
            group.throughput(Throughput::Elements(collection.ours.len() as u64));
            group.sample_size(10);
            group.measurement_time(Duration::from_secs(3));
            group.bench_function("ours", |b| {
                b.iter(|| task.run_ours(black_box(&collection.ours)))
            });
            group.bench_function("sudoku-crate", |b| {
                b.iter(|| task.run_peer(black_box(&collection.peer)))
            });
            group.finish();
        }
    }
}

fn ratio_table(collections: &[Collection], tasks: &[(Task, &[usize])], rounds: usize) {
    println!();
    println!("| collection | task | ours (puzzles/s) | sudoku crate (puzzles/s) | ours / crate |");
    println!("|---|---|---:|---:|---:|");
    for &(task, which) in tasks {
        for &i in which {
            let collection = &collections[i];
            let (ours, peer) = common::interleaved(
                rounds,
                || task.run_ours(black_box(&collection.ours)),
                || task.run_peer(black_box(&collection.peer)),
            );
            let n = collection.ours.len() as f64;
            println!(
                "| {} | {} | {:.0} | {:.0} | {:.2}x |",
                collection.name,
                task.label(),
                n / ours,
                n / peer,
                peer / ours
            );
        }
    }
}

fn main() {
    let collections: Vec<Collection> = COLLECTIONS.into_iter().map(load).collect();
    let all: Vec<usize> = (0..collections.len()).collect();
    let serg = [collections.len() - 1];
    let tasks: [(Task, &[usize]); 3] = [
        (Task::SolveFirst, &all),
        (Task::CountTo(2), &all),
        (Task::CountTo(100_000), &serg),
    ];
    let mut c = Criterion::default().configure_from_args();
    criterion_groups(&mut c, &collections, &tasks);
    c.final_summary();
    ratio_table(&collections, &tasks, common::rounds());
}
