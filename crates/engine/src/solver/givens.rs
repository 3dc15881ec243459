//! A puzzle in the engine's own form, read from a grid.
//!
//! Reading is a fixed cost of every search, a few percent of the time on collections that
//! mostly fall to propagation. On x86-64 each band's 27 cells are compared with each digit 16
//! at a time through SSE2 (part of every x86-64 processor, so no detection is needed); a loop
//! that files each cell under its value, the way other processors read, went through memory
//! a cell at a time and ran the search 2-3% slower on such collections (docs/performance.md).

use crate::digit::Digit;
use crate::grid::{BAND_CELLS, Grid, Position};

/// A puzzle in the engine's own form: for each digit and band, the cells given that digit.
///
/// Changing a clue is one bit operation, so searches on puzzles a clue apart (as generation
/// runs, one after another) skip reading a whole grid each time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Givens {
    /// `cells[digit.index()][band]`: bit `9 * row + column` for each cell of the band given
    /// `digit`.
    pub(super) cells: [[u32; 3]; 9],
}

impl Givens {
    /// The givens of `grid`.
    #[cfg(target_arch = "x86_64")]
    pub fn of(grid: &Grid) -> Givens {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        let mut givens = Givens::default();
        for (band, cells) in grid.cells().chunks_exact(BAND_CELLS).enumerate() {
            // The band's first 16 cells, and its last 16 (cells 11-26: five read twice).
            let (first, last) = (&cells[..16], &cells[BAND_CELLS - 16..]);
            // SAFETY: SSE2 is enabled on every x86-64 target, and each load reads a slice of
            // 16 bytes, the width of an unaligned load.
            unsafe {
                let first = _mm_loadu_si128(first.as_ptr().cast::<__m128i>());
                let last = _mm_loadu_si128(last.as_ptr().cast::<__m128i>());
                for (digit, cells) in givens.cells.iter_mut().enumerate() {
                    // A byte per cell: all ones where the cell holds the digit.
                    let value = _mm_set1_epi8(digit as i8 + 1);
                    let in_first = _mm_movemask_epi8(_mm_cmpeq_epi8(first, value)) as u32;
                    let in_last = _mm_movemask_epi8(_mm_cmpeq_epi8(last, value)) as u32;
                    cells[band] = in_first | in_last << (BAND_CELLS - 16);
                }
            }
        }
        givens
    }

    /// The givens of `grid`.
    #[cfg(not(target_arch = "x86_64"))]
    pub fn of(grid: &Grid) -> Givens {
        Givens::filed_by_value(grid)
    }

    /// [`Givens::of`] by filing each cell under its value: every cell is written, blanks to a
    /// slot of their own that is then dropped, so that there is no branch on whether a cell
    /// is given, which no predictor could guess.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    fn filed_by_value(grid: &Grid) -> Givens {
        let mut givens = Givens::default();
        for (band, cells) in grid.cells().chunks_exact(BAND_CELLS).enumerate() {
            let mut by_value = [0u32; 10];
            for (bit, &value) in cells.iter().enumerate() {
                by_value[usize::from(value)] |= 1 << bit;
            }
            for (digit, &given) in by_value[1..].iter().enumerate() {
                givens.cells[digit][band] = given;
            }
        }
        givens
    }

    /// Makes `position` hold `digit`, or nothing.
    pub fn set(&mut self, position: Position, digit: Option<Digit>) {
        let (band, bit) = (position.band(), 1 << position.index_in_band());
        for cells in &mut self.cells {
            cells[band] &= !bit;
        }
        if let Some(digit) = digit {
            self.cells[digit.index()][band] |= bit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::CELLS;

    proptest::proptest! {
        /// Both ways of reading find the same givens in any grid of values, clashing or not
        /// (made without the solver, which reads grids this way itself), from nearly empty
        /// to full.
        #[test]
        fn both_readings_agree(
            values in proptest::collection::vec(1u8..=9, CELLS),
            given in proptest::collection::vec(0.0f64..1.0, CELLS),
            density in 0.0f64..=1.0,
        ) {
            let cells: [u8; CELLS] = std::array::from_fn(|cell| match given[cell] < density {
                true => values[cell],
                false => 0,
            });
            let grid = Grid::from_cells(cells).expect("values 0-9");
            proptest::prop_assert_eq!(Givens::of(&grid), Givens::filed_by_value(&grid));
        }
    }
}
