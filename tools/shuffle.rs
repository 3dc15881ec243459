//! Writes each puzzle of stdin again under a random symmetry of sudoku: digits relabelled, bands
//! and the rows inside each band shuffled, stacks and the columns inside each stack shuffled, and
//! half of the puzzles transposed. The puzzles stay as hard (same solution count, same logic);
//! only their written form changes. Collections published in a canonical form (such as the
//! forum's hardest list, each puzzle minimal in its lexical order) favour a solver that guesses
//! top left first and tries small digits first; shuffled, they measure the search itself:
//!
//! ```sh
//! cargo run --release --example shuffle -- 11 < puzzles/hardest_1106.txt
//! ```

use std::io::{BufRead, Write};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// A random order of 0-8 that keeps groups of three together: the groups shuffled, then the
/// members of each group.
fn grouped_order(rng: &mut impl rand::Rng) -> Vec<usize> {
    let mut groups = [0, 1, 2];
    groups.shuffle(rng);
    let mut order = Vec::with_capacity(9);
    for group in groups {
        let mut members = [0, 1, 2];
        members.shuffle(rng);
        order.extend(members.iter().map(|member| 3 * group + member));
    }
    order
}

fn main() -> std::io::Result<()> {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(seed);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let cells: Vec<char> = line.chars().collect();
        if line.starts_with('#') || cells.len() != 81 {
            writeln!(out, "{line}")?;
            continue;
        }
        let (rows, columns) = (grouped_order(&mut rng), grouped_order(&mut rng));
        let mut digits: Vec<char> = "123456789".chars().collect();
        digits.shuffle(&mut rng);
        let transpose = rng.random_bool(0.5);
        let shuffled: String = (0..81)
            .map(|i| {
                let (row, column) = (rows[i / 9], columns[i % 9]);
                let (row, column) = if transpose {
                    (column, row)
                } else {
                    (row, column)
                };
                match cells[9 * row + column].to_digit(10) {
                    Some(d @ 1..=9) => digits[d as usize - 1],
                    _ => '.',
                }
            })
            .collect();
        writeln!(out, "{shuffled}")?;
    }
    out.flush()
}
