//! Passes of two solvers timed in pairs: the module that docs/engine_ab.sh and
//! docs/tdoku_pairs.sh copy into the harness each builds outside the project.
//!
//! On a shared machine the speed drifts in phases; two passes run back to back meet the same
//! phase, so the ratio within each pair is steadier than rates taken minutes apart.

use std::time::Instant;

/// One side's work: a pass over the puzzles, returning a total to check the answers by.
pub type Pass<'a> = &'a dyn Fn() -> u64;

/// Times `rounds` pairs of passes of `a` and `b` after a second of warm-up, the side that goes
/// first alternating, and prints the median and quartiles of `b`'s time over `a`'s within the
/// pairs (above 1: `a` is faster), the ratio of the two sides' fastest passes, and with
/// `puzzles` (the puzzles in a pass) each side's fastest rate.
pub fn compare(label: &str, a: Pass, b: Pass, rounds: usize, puzzles: Option<usize>) {
    assert_eq!(a(), b(), "the two sides answer differently");
    let time = |pass: Pass| {
        let start = Instant::now();
        std::hint::black_box(pass());
        start.elapsed().as_secs_f64()
    };
    let warm_up = Instant::now();
    while warm_up.elapsed().as_secs_f64() < 1.0 {
        a();
        b();
    }
    let (mut fastest_a, mut fastest_b, mut ratios) = (f64::MAX, f64::MAX, Vec::new());
    for round in 0..rounds {
        let (time_a, time_b) = if round % 2 == 0 {
            let time_a = time(a);
            (time_a, time(b))
        } else {
            let time_b = time(b);
            (time(a), time_b)
        };
        fastest_a = fastest_a.min(time_a);
        fastest_b = fastest_b.min(time_b);
        ratios.push(time_b / time_a);
    }
    ratios.sort_by(f64::total_cmp);
    let n = ratios.len();
    let rates = puzzles.map_or(String::new(), |puzzles| {
        let rate = |seconds: f64| puzzles as f64 / seconds;
        format!(" ({:.0} / {:.0} puzzles/s)", rate(fastest_a), rate(fastest_b))
    });
    println!(
        "{label}: median {:.3} (quartiles {:.3}-{:.3}), fastest passes {:.3}{rates}",
        ratios[n / 2],
        ratios[n / 4],
        ratios[3 * n / 4],
        fastest_b / fastest_a
    );
}
