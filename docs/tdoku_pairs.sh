#!/bin/bash
# Usage: docs/tdoku_pairs.sh FILE... [-- ROUNDS]
#
# The engine beside tdoku in one process, their passes over a file alternating (ours then
# tdoku's, then tdoku's then ours, ...), so that each pair of passes meets the same state of a
# shared, noisy machine; a pass goes through a short file several times, to last 20 ms or more.
# Prints, per file and task (solve-first, count to 2), the median and quartiles of tdoku's time
# over ours within each pair (above 1: ours is faster), the ratio of the two sides' fastest
# passes, and their rates (ours / tdoku). Runs on core 1.
#
# tdoku's source is fetched outside the project (TDOKU_SRC, default /tmp/tdoku: a clone of
# https://github.com/t-dillon/tdoku); its solver is compiled there into a static library with
# g++ -O3 -march=native, as for its own benchmark program (docs/performance.md, "Beside
# tdoku"). The harness (docs/paired_passes.rs and a main written below) is built in a
# scratch directory outside the project; the engine is this working tree's.
set -e
. "$(dirname "$0")/paired_passes.sh"
start_pairs "${PAIRS_DIR:-/tmp/tdoku_pairs}" "$@"
tdoku=${TDOKU_SRC:-/tmp/tdoku}

for part in solver_dpll_triad_simd util; do
  g++ -std=c++14 -O3 -march=native -c "$tdoku/src/$part.cc" -o "$work/$part.o"
done
ar rcs "$work/libtdoku.a" "$work/solver_dpll_triad_simd.o" "$work/util.o"

cat > "$work/Cargo.toml" <<EOF
[package]
name = "tdoku_pairs"
version = "0.1.0"
edition = "2024"

[dependencies]
sudoku-engine = { path = "$repo/crates/engine" }

[profile.release]
lto = true
codegen-units = 1
EOF

cat > "$work/build.rs" <<EOF
fn main() {
    println!("cargo:rustc-link-search=native=$work");
    println!("cargo:rustc-link-lib=static=tdoku");
    println!("cargo:rustc-link-lib=dylib=stdc++");
}
EOF

cp "$repo/docs/paired_passes.rs" "$work/src/"
cat > "$work/src/main.rs" <<'EOF'
mod paired_passes;

use sudoku_engine::{Grid, PuzzleReader, count_solutions, solve};

unsafe extern "C" {
    /// tdoku's entry point (include/tdoku.h): 81 characters, '.' for a blank.
    fn TdokuSolverDpllTriadSimd(
        input: *const u8,
        limit: usize,
        configuration: u32,
        solution: *mut u8,
        guesses: *mut usize,
    ) -> usize;
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, count, rounds) = (&args[0], args[1] == "count", args[2].parse::<usize>().unwrap());
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let grids: Vec<Grid> = PuzzleReader::new(file).filter_map(|r| r.unwrap().puzzle.ok()).collect();
    let texts: Vec<[u8; 82]> = grids
        .iter()
        .map(|grid| {
            let mut text = [0u8; 82];
            text[..81].copy_from_slice(&grid.line_bytes());
            text
        })
        .collect();
    let ours_once = || -> u64 {
        match count {
            true => grids.iter().map(|g| count_solutions(g, 2).found).sum(),
            false => grids.iter().filter(|g| solve(g).is_some()).count() as u64,
        }
    };
    let limit = if count { 2 } else { 1 };
    let theirs_once = || -> u64 {
        let (mut solution, mut guesses) = ([0u8; 82], 0usize);
        texts
            .iter()
            .map(|text| unsafe {
                TdokuSolverDpllTriadSimd(text.as_ptr(), limit, 0, solution.as_mut_ptr(), &mut guesses)
            } as u64)
            .sum()
    };
    // A pass goes through a short file several times, to last 20 ms or more.
    let start = std::time::Instant::now();
    ours_once();
    theirs_once();
    let once = start.elapsed().as_secs_f64() / 2.0;
    let repeat = ((0.02 / once).ceil() as usize).max(1);
    let label = format!("{} {}: tdoku/ours time", path.rsplit('/').next().unwrap(), args[1]);
    paired_passes::compare(
        &label,
        &|| (0..repeat).map(|_| ours_once()).sum(),
        &|| (0..repeat).map(|_| theirs_once()).sum(),
        rounds,
        Some(grids.len() * repeat),
    );
}
EOF

(cd "$work" && cargo build --release -q)
for f in "${files[@]}"; do
  for task in solve count; do
    taskset -c 1 "$work/target/release/tdoku_pairs" "$f" $task "$rounds"
  done
done
