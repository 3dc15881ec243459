//! Time spent in each technique while solving the puzzles on stdin, to see where rating time
//! goes: `cargo run --release --example technique_time < puzzles/top1465.txt`.

use std::collections::BTreeMap;
use std::io::BufRead;
use std::time::{Duration, Instant};
use sudoku_engine::Grid;
use sudoku_logic::{Candidates, Technique};

fn main() {
    // Per technique: time spent, calls, and calls that found a step.
    let mut time: BTreeMap<Technique, (Duration, usize, usize)> = BTreeMap::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let Ok(grid) = line.trim().parse::<Grid>() else {
            continue;
        };
        let mut c = Candidates::from_grid(&grid);
        while !c.is_solved() {
            let mut found = None;
            for t in Technique::ALL {
                let start = Instant::now();
                let step = t.find(&c);
                let e = time.entry(t).or_default();
                e.0 += start.elapsed();
                e.1 += 1;
                if let Some(step) = step {
                    e.2 += 1;
                    found = Some(step);
                    break;
                }
            }
            match found {
                Some(s) => c.apply(&s),
                None => break,
            }
        }
    }
    for (t, (d, calls, hits)) in time {
        println!(
            "{:>24} {:>8.3}s calls {:>7} hits {:>6}",
            t.name(),
            d.as_secs_f64(),
            calls,
            hits
        );
    }
}
