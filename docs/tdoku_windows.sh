#!/bin/bash
# Usage: docs/tdoku_windows.sh FILE ...
#
# The engine beside tdoku, each measured the same way: a 1 s warm-up, then the mean rate over a
# 1 s window; five rounds interleaved on core 0. Prints, per file and task, each side's best
# window (the least disturbed) and the ratio of the best windows and of the median windows.
#
# tdoku is built outside the project from its public source (docs/performance.md, "Beside
# tdoku"); a file of puzzles without a solution needs a first line "# ALLOWZERO" for it.
# Ours: cargo build --release --example rate_windows
T=${TDOKU:-/tmp/tdoku/run_benchmark}
OURS=${OURS:-target/release/examples/rate_windows}
ROUNDS=5
best() { printf "%s\n" "$@" | sort -g | tail -1; }
median() { printf "%s\n" "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
ratio() { python3 -c "print(round($1 / $2, 3))"; }
for f in "$@"; do
  for task in solve count; do
    flag=""; [ $task = solve ] && flag=-f
    theirs=(); ours=()
    for _ in $(seq $ROUNDS); do
      theirs+=($(taskset -c 0 $T -s tdoku -r 0 $flag -t 1 -w 1 $f 2>&1 |
        grep "^|tdoku" | awk -F'|' '{print $3}' | tr -d ' '))
      read -r _fastest mean < <(taskset -c 0 $OURS $f $task 1)
      ours+=($mean)
    done
    echo "$(basename $f .txt) $task tdoku=$(best "${theirs[@]}") ours=$(best "${ours[@]}")" \
      "best_ratio=$(ratio $(best "${ours[@]}") $(best "${theirs[@]}"))" \
      "median_ratio=$(ratio $(median "${ours[@]}") $(median "${theirs[@]}"))"
  done
done
