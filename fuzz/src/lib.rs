//! What the fuzz targets of other sizes share: the shapes of grid they try.

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
