#!/bin/bash
# Usage: docs/tdoku_compare.sh FILE:N ... (FILE: one puzzle a line, no comments; N: puzzles
# per run of ours, the file repeated)
# Interleaved: tdoku's run_benchmark (in-process) and `sudoku` (whole process on the file
# repeated), one core, fuzzers paused. Prints puzzles/s medians of 3 rounds.
S=${SUDOKU:-target/release/sudoku}; T=${TDOKU:-/tmp/tdoku/run_benchmark}
REP=$(mktemp)
pids=$(pgrep -f "release/(solve_count|generate|logic_steps) ")
[ -n "$pids" ] && kill -STOP $pids
for spec in "$@"; do f=${spec%%:*}; target=${spec##*:}
  n=$(wc -l < $f)
  # repeat the file so that our run takes about 2 s
  reps=$(( target / n + 1 )); for i in $(seq $reps); do cat $f; done > $REP
  total=$(( reps * n ))
  for task in solve count; do
    ours=(); theirs=()
    for r in 1 2 3; do
      if [ $task = solve ]; then flag=-f; cmd="solve"; else flag=""; cmd="count --limit 2"; fi
      t=$(taskset -c 0 $T -s tdoku -r 0 $flag -t 2 -w 1 -n $n $f 2>&1 | grep "^|tdoku" | awk -F'|' '{print $3}' | tr -d ' ')
      theirs+=($t)
      s=$( { /usr/bin/time -f "%e" taskset -c 0 $S $cmd -q -j1 $REP > /dev/null; } 2>&1 | tail -1)
      ours+=($(python3 -c "print(round($total/$s))"))
    done
    mo=$(printf "%s\n" "${ours[@]}" | sort -n | sed -n 2p); mt=$(printf "%s\n" "${theirs[@]}" | sort -n | sed -n 2p)
    echo "$(basename $f) $task ours=$mo tdoku=$mt ratio=$(python3 -c "print(round($mo/$mt,2))")"
  done
done
[ -n "$pids" ] && kill -CONT $pids
