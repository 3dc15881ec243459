# Sourced by docs/engine_ab.sh and docs/tdoku_pairs.sh: their common start.
#
# start_pairs WORK FILE... [-- ROUNDS] sets `files` and `rounds` (default 100), `repo`
# (this repository's top) and `work` (the scratch directory WORK, emptied, with a src/ in it).
start_pairs() {
  work=$1; shift
  files=(); rounds=100
  while [ $# -gt 0 ]; do
    if [ "$1" = "--" ]; then rounds=$2; break; fi
    files+=("$1"); shift
  done
  repo=$(git rev-parse --show-toplevel)
  rm -rf "$work" && mkdir -p "$work/src"
}
