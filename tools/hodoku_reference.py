#!/usr/bin/env python3
"""Rates puzzles with hodoku-py (pip install hodoku-py; a port of HoDoKu) and prints one
tab-separated line per puzzle: puzzle, level, score. puzzles/hodoku_reference.tsv was made with

    python3 tools/hodoku_reference.py < PUZZLES >> puzzles/hodoku_reference.tsv

The test tests/hodoku.rs compares `sudoku rate` with those lines.
"""
import sys

from hodoku.api import Solver

solver = Solver()
for line in sys.stdin:
    puzzle = line.strip()
    if not puzzle or puzzle.startswith("#"):
        continue
    result = solver.solve(puzzle)
    print(f"{puzzle}\t{result.level.name.lower()}\t{result.score}", flush=True)
