//! The shape of a grid of any size: N = R·C symbols, boxes of R rows and C columns.

use std::fmt;
use std::str::FromStr;

use super::SizedError;

/// The largest grid side handled: candidates are bits of a `u64`.
pub const MAX_SIZE: usize = 64;

/// A grid's box shape: boxes of `box_rows` rows and `box_columns` columns, so a side (and the
/// number of symbols) of `box_rows * box_columns`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_columns: u8,
}

impl Shape {
    /// The classic 9x9 grid with 3x3 boxes.
    pub const NINE: Shape = Shape {
        box_rows: 3,
        box_columns: 3,
    };

    /// A shape with boxes of `box_rows` x `box_columns`: each at least 1, a side of 2 to
    /// [`MAX_SIZE`].
    pub fn new(box_rows: usize, box_columns: usize) -> Result<Shape, SizedError> {
        let size = box_rows * box_columns;
        if box_rows == 0 || box_columns == 0 || !(2..=MAX_SIZE).contains(&size) {
            return Err(SizedError::BadShape {
                box_rows,
                box_columns,
            });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_columns: box_columns as u8,
        })
    }

    /// The usual shape for a grid of `cells` cells: square boxes for a square side (16 cells:
    /// 2x2, 81: 3x3, 256: 4x4), otherwise the nearest factors with the wider side along the
    /// row (36 cells: boxes of 2 rows by 3 columns; 144: 3x4). None when `cells` is not the
    /// square of a side of at least 4 that has such boxes (a prime side has none).
    pub fn for_cells(cells: usize) -> Option<Shape> {
        let side = (cells as f64).sqrt().round() as usize;
        if side * side != cells || !(4..=MAX_SIZE).contains(&side) {
            return None;
        }
        let box_rows = (2..=side.isqrt())
            .rev()
            .find(|rows| side.is_multiple_of(*rows))?;
        Shape::new(box_rows, side / box_rows).ok()
    }

    /// The side: symbols, rows, columns and boxes each number this many.
    #[inline]
    pub fn size(self) -> usize {
        usize::from(self.box_rows) * usize::from(self.box_columns)
    }

    /// Cells in the grid.
    #[inline]
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// Rows of a box.
    #[inline]
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// Columns of a box.
    #[inline]
    pub fn box_columns(self) -> usize {
        usize::from(self.box_columns)
    }

    /// The box of a cell given by row and column, numbered in reading order from 0.
    #[inline]
    pub fn box_of(self, row: usize, column: usize) -> usize {
        let boxes_per_band = self.size() / self.box_columns();
        row / self.box_rows() * boxes_per_band + column / self.box_columns()
    }
}

impl fmt::Display for Shape {
    /// `3x3`, `2x3`: box rows x box columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_columns)
    }
}

impl FromStr for Shape {
    type Err = SizedError;

    /// Reads `RxC` (`2x3`, `4X4`): boxes of R rows and C columns.
    fn from_str(text: &str) -> Result<Shape, SizedError> {
        let bad = || SizedError::UnknownShape {
            text: text.to_string(),
        };
        let (rows, columns) = text.split_once(['x', 'X']).ok_or_else(bad)?;
        let rows = rows.trim().parse().map_err(|_| bad())?;
        let columns = columns.trim().parse().map_err(|_| bad())?;
        Shape::new(rows, columns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_size_has_its_usual_boxes() {
        let expected = [
            (16, "2x2"),
            (36, "2x3"),
            (64, "2x4"),
            (81, "3x3"),
            (100, "2x5"),
            (144, "3x4"),
            (225, "3x5"),
            (256, "4x4"),
            (400, "4x5"),
            (625, "5x5"),
            (900, "5x6"),
            (1296, "6x6"),
        ];
        for (cells, shape) in expected {
            assert_eq!(Shape::for_cells(cells).unwrap().to_string(), shape);
        }
        for cells in [9, 25, 49, 80, 121, 4] {
            assert_eq!(Shape::for_cells(cells), None, "{cells}");
        }
    }

    #[test]
    fn shapes_are_read_as_rows_by_columns() {
        let shape: Shape = "3x2".parse().unwrap();
        assert_eq!(
            (shape.box_rows(), shape.box_columns(), shape.size()),
            (3, 2, 6)
        );
        assert!("3".parse::<Shape>().is_err());
        assert!("9x9".parse::<Shape>().is_err(), "81 symbols is too many");
        assert_eq!(Shape::NINE.box_of(4, 7), 5);
        let six: Shape = "2x3".parse().unwrap();
        assert_eq!(six.box_of(3, 4), 3);
    }
}
