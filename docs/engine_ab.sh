#!/bin/bash
# Usage: docs/engine_ab.sh NEW OLD FILE... [-- ROUNDS]
#
# Two builds of the 9x9 engine in one process, their passes over a file alternating (NEW then
# OLD, then OLD then NEW, ...), so that each pair of passes meets the same state of a shared,
# noisy machine. Prints, per file and task (solve-first, count to 2), the median and quartiles
# of OLD's time over NEW's within each pair (above 1: NEW is faster) and the ratio of the two
# sides' fastest passes, from two builds (see the end). NEW and OLD are git revisions of this repository; "." is the working
# tree. Runs on core 1. The harness (docs/paired_passes.rs and a main written below) is built
# in a scratch directory outside the project.
set -e
new=$1; old=$2; shift 2
. "$(dirname "$0")/paired_passes.sh"
start_pairs "${AB_DIR:-/tmp/engine_ab}" "$@"

# Each revision's engine crate as a package of its own (engine_first, engine_second).
variant() {
  local name=$1 rev=$2 dir=$work/$1
  mkdir -p "$dir"
  if [ "$rev" = . ]; then cp -r "$repo/crates/engine/." "$dir/"
  else git -C "$repo" archive "$rev" crates/engine | tar -x -C "$dir" --strip-components=2; fi
  rm -rf "$dir/benches" "$dir/tests" "$dir/examples" "$dir/proptest-regressions"
  # Files from git keep their commit's time, which cargo would take for unchanged sources.
  find "$dir" -type f -exec touch {} +
  # The workspace's inherited fields written out.
  sed -i -e "s/^name = \"sudoku-engine\"/name = \"engine_$name\"/" \
    -e 's/^edition.workspace = true/edition = "2024"/' -e '/^rust-version.workspace/d' \
    -e '/^license.workspace/d' -e '/^proptest.workspace/d' "$dir/Cargo.toml"
  for dep in thiserror rand memchr; do
    line=$(grep "^$dep = " "$repo/Cargo.toml")
    sed -i "s|^$dep.workspace = true|$line|" "$dir/Cargo.toml"
  done
}
variant first "$new"
variant second "$old"

cat > "$work/Cargo.toml" <<'EOF'
[package]
name = "engine_ab"
version = "0.1.0"
edition = "2024"

[dependencies]
engine_first = { path = "first" }
engine_second = { path = "second" }

[profile.release]
lto = true
codegen-units = 1
EOF

cp "$repo/docs/paired_passes.rs" "$work/src/"
cat > "$work/src/main.rs" <<'EOF'
mod paired_passes;

/// One pass over the puzzles with one engine: how many it solved, or the sum of the counts.
macro_rules! pass {
    ($engine:ident, $grids:expr, $count:expr) => {{
        let grids: &[$engine::Grid] = $grids;
        if $count {
            grids.iter().map(|g| $engine::count_solutions(g, 2).found).sum::<u64>()
        } else {
            grids.iter().filter(|g| $engine::solve(g).is_some()).count() as u64
        }
    }};
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, count, rounds) = (&args[0], args[1] == "count", args[2].parse::<usize>().unwrap());
    let new_is_first = args[3] == "first";
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).map(|l| &l[..81]).collect();
    let first: Vec<engine_first::Grid> = lines.iter().filter_map(|l| l.parse().ok()).collect();
    let second: Vec<engine_second::Grid> = lines.iter().filter_map(|l| l.parse().ok()).collect();
    let run_first = || pass!(engine_first, &first, count);
    let run_second = || pass!(engine_second, &second, count);
    let (new, old): (paired_passes::Pass, paired_passes::Pass) = match new_is_first {
        true => (&run_first, &run_second),
        false => (&run_second, &run_first),
    };
    let label = format!("{} {}: old/new time, new linked {}", path.rsplit('/').next().unwrap(), args[1], args[3]);
    paired_passes::compare(&label, new, old, rounds, None);
}
EOF

# Where each engine lands in the binary moves its speed by a few percent (once by 17%, with
# the same code as fast as the other in the swapped build), so each file is measured twice:
# with the new engine in the first package, then in the second.
(cd "$work" && cargo build --release -q && cp target/release/engine_ab engine_ab_new_first)
mv "$work/first" "$work/swap" && mv "$work/second" "$work/first" && mv "$work/swap" "$work/second"
sed -i 's/^name = "engine_second"/name = "engine_first"/' "$work/first/Cargo.toml"
sed -i 's/^name = "engine_first"/name = "engine_second"/' "$work/second/Cargo.toml"
# Moved files keep their times, which cargo would take for unchanged sources.
find "$work/first" "$work/second" -type f -exec touch {} +
(cd "$work" && cargo build --release -q && cp target/release/engine_ab engine_ab_new_second)
for f in "${files[@]}"; do
  for task in solve count; do
    taskset -c 1 "$work/engine_ab_new_first" "$f" $task "$rounds" first
    taskset -c 1 "$work/engine_ab_new_second" "$f" $task "$rounds" second
  done
done
