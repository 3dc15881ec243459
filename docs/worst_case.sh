#!/bin/bash
# Usage, from the project root after `cargo build --release`: bash docs/worst_case.sh FILE...
# For each collection: mean time per puzzle (whole file, -j1, best of 3) and the time of the
# three puzzles with the most nodes in that command's --stats (each repeated 2000 times, best of
# 3), for solve and count.
S=${SUDOKU:-target/release/sudoku}
W=$(mktemp -d)
best() { local b=999999999999; for r in 1 2 3; do s=$(date +%s%N); "$@" > /dev/null 2>&1; e=$(date +%s%N); t=$(( (e-s)/1000 )); [ $t -lt $b ] && b=$t; done; echo $b; }
for f in "$@"; do
  n=$(grep -c . $f)
  for cmd in solve count; do
    $S $cmd --stats -f json -j2 $f 2>/dev/null | python3 -c "
import sys,json
rows=[json.loads(l) for l in sys.stdin]
rows=[o for o in rows if 'nodes' in o]
rows.sort(key=lambda o:-o['nodes'])
for o in rows[:3]: print(o['puzzle'])" > $W/top3.txt
    rep=$(( 20000 / n + 1 ))
    for i in $(seq $rep); do cat $f; done > $W/all.txt
    tall=$(best $S $cmd -j1 $W/all.txt)
    mean=$(python3 -c "print($tall/($n*$rep))")
    worst=0
    while read -r p; do
      for i in $(seq 2000); do echo "$p"; done > $W/one.txt
      t=$(best $S $cmd -j1 $W/one.txt)
      w=$(python3 -c "print($t/2000)")
      worst=$(python3 -c "print(max($worst,$w))")
    done < $W/top3.txt
    python3 -c "print('%-32s %-5s n=%6d mean %.2f us  worst of top-3-by-nodes %.1f us  ratio %.1f' % ('$(basename $f)','$cmd',$n,$mean,$worst,$worst/$mean))"
  done
done
