//! Column claiming for every digit at once: a column whose candidates for a digit all lie in
//! one band puts the digit of that band's box in that column, so the box's other two columns
//! lose it; two such columns in one box are a contradiction.
//!
//! The rule is worked out with shifts and masks alone (no table), so the same code runs on one
//! digit in a `u32` or on four side by side in an SSE2 vector, which every x86-64 processor
//! has: the nine digits take two vectors and one `u32`.

use super::tables::ROW_BITS;

/// The first column of each box, in a band's 9-bit column field.
const FIRST_COLUMN_OF_EACH_BOX: u32 = 0b001_001_001;

/// The operations the rule needs, on one digit's masks (`u32`) or several side by side.
trait Lanes: Copy {
    /// Every lane set to `value`.
    fn splat(value: u32) -> Self;
    fn and(self, other: Self) -> Self;
    fn or(self, other: Self) -> Self;
    /// `self` without the bits of `other`.
    fn and_not(self, other: Self) -> Self;
    fn shr<const BITS: i32>(self) -> Self;
    fn shl<const BITS: i32>(self) -> Self;
    /// The lanes where `self` and `other` differ, as bits (bit `i` for lane `i`).
    fn differ(self, other: Self) -> u32;
    /// Whether any lane has a bit set.
    fn any(self) -> bool;
}

impl Lanes for u32 {
    #[inline(always)]
    fn splat(value: u32) -> Self {
        value
    }
    #[inline(always)]
    fn and(self, other: Self) -> Self {
        self & other
    }
    #[inline(always)]
    fn or(self, other: Self) -> Self {
        self | other
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        self & !other
    }
    #[inline(always)]
    fn shr<const BITS: i32>(self) -> Self {
        self >> BITS
    }
    #[inline(always)]
    fn shl<const BITS: i32>(self) -> Self {
        self << BITS
    }
    #[inline(always)]
    fn differ(self, other: Self) -> u32 {
        u32::from(self != other)
    }
    #[inline(always)]
    fn any(self) -> bool {
        self != 0
    }
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::Lanes;
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
        _mm_movemask_epi8, _mm_movemask_ps, _mm_or_si128, _mm_set1_epi32, _mm_setzero_si128,
        _mm_slli_epi32, _mm_srli_epi32,
    };

    /// Four digits' masks side by side.
    #[derive(Clone, Copy)]
    pub(super) struct Four(pub(super) __m128i);

    // SAFETY (every block below): SSE2 is part of every x86-64 processor, so these
    // instructions exist wherever this module is compiled; none of them touches memory.
    impl Lanes for Four {
        #[inline(always)]
        fn splat(value: u32) -> Self {
            Four(unsafe { _mm_set1_epi32(value as i32) })
        }
        #[inline(always)]
        fn and(self, other: Self) -> Self {
            Four(unsafe { _mm_and_si128(self.0, other.0) })
        }
        #[inline(always)]
        fn or(self, other: Self) -> Self {
            Four(unsafe { _mm_or_si128(self.0, other.0) })
        }
        #[inline(always)]
        fn and_not(self, other: Self) -> Self {
            Four(unsafe { _mm_andnot_si128(other.0, self.0) })
        }
        #[inline(always)]
        fn shr<const BITS: i32>(self) -> Self {
            Four(unsafe { _mm_srli_epi32::<BITS>(self.0) })
        }
        #[inline(always)]
        fn shl<const BITS: i32>(self) -> Self {
            Four(unsafe { _mm_slli_epi32::<BITS>(self.0) })
        }
        #[inline(always)]
        fn differ(self, other: Self) -> u32 {
            let same =
                unsafe { _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(self.0, other.0))) };
            !(same as u32) & 0b1111
        }
        #[inline(always)]
        fn any(self) -> bool {
            let zero = unsafe { _mm_cmpeq_epi32(self.0, _mm_setzero_si128()) };
            unsafe { _mm_movemask_epi8(zero) != 0xFFFF }
        }
    }
}

/// A band's columns (9 bits) where its mask has a cell.
#[inline(always)]
fn columns<L: Lanes>(mask: L) -> L {
    mask.or(mask.shr::<9>())
        .or(mask.shr::<18>())
        .and(L::splat(ROW_BITS))
}

/// Claims columns in the three band masks of the digits in `bands`' lanes. Returns the
/// narrowed masks, the lanes each band narrowed (bits, per band), and whether some box of a
/// band holds two claimed columns (a contradiction). What each band claims is worked out from
/// the masks as they were given, before any of them narrowed.
#[inline(always)]
fn claim<L: Lanes>(bands: [L; 3]) -> ([L; 3], [u32; 3], bool) {
    let first = L::splat(FIRST_COLUMN_OF_EACH_BOX);
    let present = bands.map(columns);
    let mut narrowed = [0; 3];
    let mut contradiction = L::splat(0);
    let claimed = std::array::from_fn(|band| {
        let mask = bands[band];
        let only_here = present[band].and_not(present[(band + 1) % 3].or(present[(band + 2) % 3]));
        let (next, after) = (only_here.shr::<1>(), only_here.shr::<2>());
        // A box with two claimed columns: two of its three bits set.
        let two = only_here
            .and(next)
            .or(only_here.and(after))
            .or(next.and(after));
        contradiction = contradiction.or(two.and(first));
        // The boxes holding a claimed column, spread over their three columns, less the claim.
        let boxes = only_here.or(next).or(after).and(first);
        let cleared = boxes
            .or(boxes.shl::<1>())
            .or(boxes.shl::<2>())
            .and_not(only_here);
        let cells = cleared.or(cleared.shl::<9>()).or(cleared.shl::<18>());
        let kept = mask.and_not(cells);
        narrowed[band] = kept.differ(mask);
        kept
    });
    (claimed, narrowed, contradiction.any())
}

/// Column claiming over the 27 masks of a board (`masks[9 * band + digit]`). Returns the
/// masks it narrowed, as bits (bit `9 * band + digit`), or `None` on a contradiction.
#[inline(always)]
pub(super) fn claim_columns(masks: &mut [u32; 27]) -> Option<u32> {
    #[cfg(target_arch = "x86_64")]
    {
        use sse2::Four;
        use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_storeu_si128};
        let mut narrowed = 0;
        for first_digit in [0, 4] {
            // SAFETY: SSE2 is part of every x86-64 processor; each load and store covers the
            // four masks `9 * band + first_digit ..+ 4`, inside the 27.
            let bands: [Four; 3] = std::array::from_fn(|band| {
                let at = masks[9 * band + first_digit..][..4].as_ptr();
                Four(unsafe { _mm_loadu_si128(at.cast::<__m128i>()) })
            });
            let (claimed, lanes, contradiction) = claim(bands);
            if contradiction {
                return None;
            }
            for (band, four) in claimed.iter().enumerate() {
                let at = masks[9 * band + first_digit..][..4].as_mut_ptr();
                unsafe { _mm_storeu_si128(at.cast::<__m128i>(), four.0) };
                narrowed |= lanes[band] << (9 * band + first_digit);
            }
        }
        claim_digits(masks, 8..9).map(|last| narrowed | last)
    }
    #[cfg(not(target_arch = "x86_64"))]
    claim_digits(masks, 0..9)
}

/// [`claim_columns`] for `digits`, one at a time.
#[inline(always)]
fn claim_digits(masks: &mut [u32; 27], digits: std::ops::Range<usize>) -> Option<u32> {
    let mut narrowed = 0;
    for digit in digits {
        let bands = std::array::from_fn(|band| masks[9 * band + digit]);
        let (claimed, lanes, contradiction) = claim(bands);
        if contradiction {
            return None;
        }
        for (band, mask) in claimed.into_iter().enumerate() {
            masks[9 * band + digit] = mask;
            narrowed |= lanes[band] << (9 * band + digit);
        }
    }
    Some(narrowed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule stated column by column: a column whose cells for the digit lie in one band
    /// only clears the other two columns of its box there, and two such columns in one box
    /// are a contradiction.
    fn column_by_column(masks: &mut [u32; 27]) -> Option<u32> {
        let before = *masks;
        for digit in 0..9 {
            let mut claimed = [0u32; 3];
            for column in 0..9 {
                let column_cells = (1 | 1 << 9 | 1 << 18) << column;
                let bands: Vec<usize> = (0..3)
                    .filter(|&band| before[9 * band + digit] & column_cells != 0)
                    .collect();
                if let [band] = bands[..] {
                    claimed[band] |= 1 << column;
                }
            }
            for (band, columns) in claimed.into_iter().enumerate() {
                for stack in 0..3 {
                    let in_box = (columns >> (3 * stack)) & 0b111;
                    if in_box.count_ones() > 1 {
                        return None;
                    }
                    if in_box != 0 {
                        let others = (0b111 & !in_box) << (3 * stack);
                        masks[9 * band + digit] &= !(others * (1 | 1 << 9 | 1 << 18));
                    }
                }
            }
        }
        Some(
            (0..27)
                .filter(|&i| masks[i] != before[i])
                .map(|i| 1 << i)
                .sum(),
        )
    }

    proptest::proptest! {
        /// Claiming all digits at once gives what the rule gives column by column.
        #[test]
        fn claiming_at_once_matches_the_rule(
            masks in proptest::array::uniform32(0u32..1 << 27),
            sparse in proptest::array::uniform32(0u32..4),
        ) {
            // Sparse masks leave columns to one band, so that claims and contradictions occur.
            let mut masks: [u32; 27] = std::array::from_fn(|i| match sparse[i] {
                0 => masks[i],
                1 => masks[i] & masks[i] >> 5,
                _ => masks[i] & masks[i] >> 5 & masks[i] >> 11,
            });
            let mut expected = masks;
            let want = column_by_column(&mut expected);
            let got = claim_columns(&mut masks);
            proptest::prop_assert_eq!(got, want);
            if want.is_some() {
                proptest::prop_assert_eq!(masks, expected);
            }
        }
    }
}
