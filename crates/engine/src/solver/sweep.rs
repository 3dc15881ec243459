//! Clearing cells from the nine masks of a band, as a fixed cell leaves every other digit:
//! the step the band logic takes most often.
//!
//! On x86-64 the masks go four at a time through SSE2 (part of every x86-64 processor, so
//! no detection is needed), and which of them narrowed comes out of one compare and a
//! `movemask`; written as a loop, the compiler gathered those bits with a dozen vector
//! operations more, and the search ran 2-3% slower (docs/performance.md). Elsewhere, the loop.

/// Clears `cells` from each of a band's nine masks; returns the masks this narrowed, as bits
/// (bit `d` for the mask of digit `d`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn clear_cells(masks: &mut [u32; 9], cells: u32) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128,
        _mm_movemask_ps, _mm_set1_epi32, _mm_storeu_si128,
    };
    let (first_four, rest) = masks.split_at_mut(4);
    let (next_four, last) = rest.split_at_mut(4);
    // Per mask of the eight, a bit set when clearing left it as it was.
    let mut unchanged = 0;
    for (shift, four) in [(0, first_four), (4, next_four)] {
        // SAFETY: SSE2 is enabled on every x86-64 target, and each load and store goes
        // through a slice of four u32: 16 bytes, the width of an unaligned load or store.
        unsafe {
            let old = _mm_loadu_si128(four.as_ptr().cast::<__m128i>());
            let new = _mm_andnot_si128(_mm_set1_epi32(cells as i32), old);
            _mm_storeu_si128(four.as_mut_ptr().cast::<__m128i>(), new);
            let equal = _mm_castsi128_ps(_mm_cmpeq_epi32(old, new));
            unchanged |= (_mm_movemask_ps(equal) as u32) << shift;
        }
    }
    let narrowed = !unchanged & 0xFF;
    narrowed | clear_cells_in_turn(last, cells) << 8
}

/// [`clear_cells`] on other processors.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn clear_cells(masks: &mut [u32; 9], cells: u32) -> u32 {
    clear_cells_in_turn(masks, cells)
}

/// Clears `cells` from each of `masks`, one after the other; returns the masks this
/// narrowed, as bits.
#[inline(always)]
fn clear_cells_in_turn(masks: &mut [u32], cells: u32) -> u32 {
    let mut narrowed = 0;
    for (index, mask) in masks.iter_mut().enumerate() {
        let old = *mask;
        *mask = old & !cells;
        narrowed |= u32::from(*mask != old) << index;
    }
    narrowed
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Both ways clear the same cells and report the same masks narrowed.
        #[test]
        fn clearing_at_once_matches_clearing_in_turn(
            masks in proptest::array::uniform9(0u32..1 << 27),
            cells in 0u32..1 << 27,
            sparse in proptest::bool::ANY,
        ) {
            // Sparse cells leave some masks as they were, so that both answers are exercised.
            let cells = if sparse { cells & cells >> 7 & cells >> 13 } else { cells };
            let (mut at_once, mut in_turn) = (masks, masks);
            let narrowed = clear_cells(&mut at_once, cells);
            proptest::prop_assert_eq!(narrowed, clear_cells_in_turn(&mut in_turn, cells));
            proptest::prop_assert_eq!(at_once, in_turn);
        }
    }
}
