//! What the fuzz targets share: the shapes of grid they try, a random stream seeded from the
//! input, the shuffles of a grid's lines that keep it a sudoku, and a pool of puzzles with one
//! solution of every shape, to be transformed by those shuffles.

use std::sync::OnceLock;

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use sudoku_engine::generate::puzzle_rng;
use sudoku_engine::sized::{Shape, SizedGrid, generate, solve};

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

/// How many of [`SHAPES`] reach up to 16x16 (beyond it, at 25x25, a search or a puzzle made
/// takes too long for a fuzz input).
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

/// A puzzle and its solution.
pub type Pair = (SizedGrid, SizedGrid);

/// Puzzles with one solution, made once: 8 generated ones of every shape up to 16x16 (both
/// ways round), 16 of Gecode's 16x16 set (harder than the generated ones) and 32 hard 9x9
/// ones, each with its solution.
pub fn unique_puzzles() -> &'static [Pair] {
    static POOL: OnceLock<Vec<Pair>> = OnceLock::new();
    POOL.get_or_init(|| {
        let generated = (0..UP_TO_16X16).flat_map(|pick| {
            let shape = shape(pick as u8, UP_TO_16X16);
            (0..8).map(move |seed| generate(shape, &mut puzzle_rng(seed, 0)))
        });
        let read = |text: &'static str, shape: Shape, count: usize| {
            let cells = shape.cells();
            text.lines()
                .filter(|line| !line.starts_with('#'))
                .take(count)
                .map(move |line| {
                    let (puzzle, _) =
                        SizedGrid::parse(&line[..cells], Some(shape), None).expect("a grid");
                    let solution = solve(&puzzle).expect("a proper puzzle");
                    (puzzle, solution)
                })
        };
        let sixteen = Shape::new(4, 4).expect("a shape");
        let nine = Shape::new(3, 3).expect("a shape");
        generated
            .chain(read(
                include_str!("../../puzzles/gecode_16x16.txt"),
                sixteen,
                16,
            ))
            .chain(read(include_str!("../../puzzles/top1465.txt"), nine, 32))
            .collect()
    })
}

/// `pair` under a random symmetry of its shape drawn from `rng`: values relabelled, rows and
/// columns permuted within bands and stacks, bands and stacks permuted. The puzzle stays one
/// with one solution, the solution moved alike.
pub fn transformed(pair: &Pair, rng: &mut ChaCha8Rng) -> Pair {
    let shape = pair.0.shape();
    let size = shape.size();
    let rows = shuffled_lines(size / shape.box_rows(), shape.box_rows(), rng);
    let columns = shuffled_lines(size / shape.box_columns(), shape.box_columns(), rng);
    let mut values: Vec<u8> = (0..=size as u8).collect();
    values[1..].shuffle(rng);
    let moved = |grid: &SizedGrid| {
        let cells = (0..size * size)
            .map(|index| {
                values[usize::from(grid.get(rows[index / size] * size + columns[index % size]))]
            })
            .collect();
        SizedGrid::from_values(shape, cells).expect("the same shape")
    };
    (moved(&pair.0), moved(&pair.1))
}
