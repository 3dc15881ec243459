//! What the fuzz targets share: the shapes of grid they try, a random stream seeded from the
//! input, and the shuffles of a grid's lines that keep it a sudoku.

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use sudoku_engine::generate::puzzle_rng;
use sudoku_engine::sized::Shape;

/// The box shapes (rows x columns) the targets of other sizes try, smallest grid first: every
/// shape up to 16x16, square boxes and oblong ones both ways round, then 25x25.
pub const SHAPES: [(usize, usize); 11] = [
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (2, 5),
    (3, 4),
    (4, 3),
    (4, 4),
    (5, 5),
];

/// How many of [`SHAPES`] reach up to 12x12 (where generating a minimal puzzle takes
/// milliseconds), and up to 16x16.
pub const UP_TO_12X12: usize = 9;

/// See [`UP_TO_12X12`].
pub const UP_TO_16X16: usize = 10;

/// The shape `pick` chooses among the first `count` of [`SHAPES`].
pub fn shape(pick: u8, count: usize) -> Shape {
    let (rows, columns) = SHAPES[usize::from(pick) % count];
    Shape::new(rows, columns).expect("a shape the engine takes")
}

/// A random stream seeded from the first 8 bytes of `input` (those missing taken as 0), and
/// the bytes after them.
pub fn seeded_rng(input: &[u8]) -> (ChaCha8Rng, &[u8]) {
    let (seed, rest) = input.split_at(input.len().min(8));
    let mut seed_bytes = [0u8; 8];
    seed_bytes[..seed.len()].copy_from_slice(seed);
    (puzzle_rng(u64::from_le_bytes(seed_bytes), 0), rest)
}

/// `count` groups of `each` lines (a grid's bands of rows, or stacks of columns), the groups
/// and the lines within each shuffled: for each place, the line that goes there.
pub fn shuffled_lines(count: usize, each: usize, rng: &mut ChaCha8Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..count).collect();
    groups.shuffle(rng);
    let mut order = Vec::with_capacity(count * each);
    for group in groups {
        let mut within: Vec<usize> = (0..each).collect();
        within.shuffle(rng);
        order.extend(within.into_iter().map(|line| group * each + line));
    }
    order
}
