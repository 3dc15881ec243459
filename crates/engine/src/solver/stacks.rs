//! The band logic along the stacks. Inside a stack (three boxes side by side across the three
//! bands), a digit takes one column in each box, a different column in each: its boxes are
//! matched to the stack's three columns. A box keeps a column only if some such matching
//! gives it that column, which takes in a column left to one box (column claiming, and a
//! column's hidden single), a box left one column (pointing, which the band logic across the
//! rows finds too), and pairs: two boxes left the same two columns leave the third box the
//! other one. A stack with no matching leaves a box without a place for the digit, which the
//! band logic then finds.
//!
//! The rule is worked out with shifts and masks alone (no table), so the same code runs on one
//! digit in a `u32` or on four side by side in an SSE2 vector, which every x86-64 processor
//! has: the nine digits take two vectors and one `u32`.

use super::tables::ROW_BITS;

/// The operations the rule needs, on one digit's mask (`u32`) or several side by side.
trait Lanes: Copy {
    /// Every lane set to `value`.
    fn splat(value: u32) -> Self;
    /// Bitwise AND.
    fn and(self, other: Self) -> Self;
    /// Bitwise OR.
    fn or(self, other: Self) -> Self;
    /// `self` without the bits of `other`.
    fn and_not(self, other: Self) -> Self;
    /// Each lane shifted right by `BITS`.
    fn shr<const BITS: i32>(self) -> Self;
    /// Each lane shifted left by `BITS`.
    fn shl<const BITS: i32>(self) -> Self;
    /// The lanes where `self` and `other` differ, as bits (bit `i` for lane `i`).
    fn differ(self, other: Self) -> u32;
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
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::Lanes;
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
        _mm_movemask_ps, _mm_or_si128, _mm_set1_epi32, _mm_slli_epi32, _mm_srli_epi32,
    };

    /// Four digits' masks side by side.
    #[derive(Clone, Copy)]
    pub(super) struct Four(pub(super) __m128i);

    // SAFETY (every `unsafe` below): SSE2 is part of every x86-64 processor, so these
    // instructions exist wherever this module is compiled, and none of them touches memory.
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
            let equal = unsafe { _mm_castsi128_ps(_mm_cmpeq_epi32(self.0, other.0)) };
            !(unsafe { _mm_movemask_ps(equal) } as u32) & 0b1111
        }
    }
}

/// A band's columns (9 bits) where its mask has a cell: `tables::columns_of` on any lanes.
#[inline(always)]
fn columns<L: Lanes>(mask: L) -> L {
    mask.or(mask.shr::<9>())
        .or(mask.shr::<18>())
        .and(L::splat(ROW_BITS))
}

/// Column fields with each box's three columns turned by one: bit `c` of the result is the
/// bit of the column after `c` in its box (the first after the last).
#[inline(always)]
fn next_in_box<L: Lanes>(columns: L) -> L {
    let down = columns.shr::<1>().and(L::splat(0b011_011_011));
    down.or(columns.shl::<2>().and(L::splat(0b100_100_100)))
}

/// Column fields with each box's three columns turned by two (see [`next_in_box`]).
#[inline(always)]
fn after_next_in_box<L: Lanes>(columns: L) -> L {
    let down = columns.shr::<2>().and(L::splat(0b001_001_001));
    down.or(columns.shl::<1>().and(L::splat(0b110_110_110)))
}

/// The rule on the three band masks of the digits in `bands`' lanes: returns the narrowed
/// masks, and per band the lanes it narrowed, as bits.
#[inline(always)]
fn match_lanes<L: Lanes>(bands: [L; 3]) -> ([L; 3], [u32; 3]) {
    let present = bands.map(columns);
    let next = present.map(next_in_box);
    let after_next = present.map(after_next_in_box);
    let mut narrowed = [0; 3];
    let kept = std::array::from_fn(|band| {
        let (one, two) = ((band + 1) % 3, (band + 2) % 3);
        // Box `band` keeps column `c` when the other two boxes can take the other two columns
        // of the box, one each, either way round.
        let matched = next[one]
            .and(after_next[two])
            .or(after_next[one].and(next[two]));
        let lost = present[band].and_not(matched);
        // The lost columns' cells, as `tables::cells_in_columns` on any lanes.
        let cells = lost.or(lost.shl::<9>()).or(lost.shl::<18>());
        let kept = bands[band].and_not(cells);
        narrowed[band] = kept.differ(bands[band]);
        kept
    });
    (kept, narrowed)
}

/// The rule over the 27 masks of a board (`masks[9 * band + digit]`); returns the masks it
/// narrowed, as bits (bit `9 * band + digit`). What it keeps is worked out from the masks as
/// they were given: a narrowing it makes can lead to more, which a second call finds.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn match_stacks(masks: &mut [u32; 27]) -> u32 {
    use sse2::Four;
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_storeu_si128};
    let mut narrowed = 0;
    for first_digit in [0, 4] {
        // SAFETY: SSE2 is part of every x86-64 processor, and each load and store goes
        // through a slice of four masks: 16 bytes, the width of an unaligned access.
        let bands: [Four; 3] = std::array::from_fn(|band| {
            let four = &masks[9 * band + first_digit..][..4];
            Four(unsafe { _mm_loadu_si128(four.as_ptr().cast::<__m128i>()) })
        });
        let (kept, lanes) = match_lanes(bands);
        for (band, kept) in kept.iter().enumerate() {
            let four = &mut masks[9 * band + first_digit..][..4];
            unsafe { _mm_storeu_si128(four.as_mut_ptr().cast::<__m128i>(), kept.0) };
            narrowed |= lanes[band] << (9 * band + first_digit);
        }
    }
    narrowed | match_digits(masks, 8..9)
}

/// [`match_stacks`] on other processors: every digit one at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn match_stacks(masks: &mut [u32; 27]) -> u32 {
    match_digits(masks, 0..9)
}

/// [`match_stacks`] for `digits`, one at a time.
#[inline(always)]
fn match_digits(masks: &mut [u32; 27], digits: std::ops::Range<usize>) -> u32 {
    let mut narrowed = 0;
    for digit in digits {
        let bands = std::array::from_fn(|band| masks[9 * band + digit]);
        let (kept, lanes) = match_lanes(bands);
        for (band, kept) in kept.into_iter().enumerate() {
            masks[9 * band + digit] = kept;
            narrowed |= lanes[band] << (9 * band + digit);
        }
    }
    narrowed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::tables::{PERMUTATIONS, cells_in_columns};

    /// The rule stated by enumeration: for each digit and stack, the (box, column) pairs of
    /// the permutations of columns that every box of the stack can take.
    fn by_permutations(masks: &mut [u32; 27]) -> u32 {
        let column_cells = |column: usize| cells_in_columns(1 << column);
        let before = *masks;
        for digit in 0..9 {
            for stack in 0..3 {
                let has = |band: usize, column: usize| {
                    before[9 * band + digit] & column_cells(3 * stack + column) != 0
                };
                let mut kept = [[false; 3]; 3];
                for columns in PERMUTATIONS {
                    if (0..3).all(|band| has(band, columns[band])) {
                        for band in 0..3 {
                            kept[band][columns[band]] = true;
                        }
                    }
                }
                for (band, kept) in kept.iter().enumerate() {
                    for (column, &kept) in kept.iter().enumerate() {
                        if !kept {
                            masks[9 * band + digit] &= !column_cells(3 * stack + column);
                        }
                    }
                }
            }
        }
        (0..27)
            .filter(|&i| masks[i] != before[i])
            .map(|i| 1 << i)
            .sum()
    }

    proptest::proptest! {
        /// All digits at once, through vectors where there are any, and one digit at a time
        /// give what enumerating the permutations gives.
        #[test]
        fn matching_at_once_matches_the_permutations(
            masks in proptest::array::uniform32(0u32..1 << 27),
            sparse in proptest::array::uniform32(0u32..4),
        ) {
            // Sparse masks leave boxes few columns, so that the rule has something to do.
            let mut masks: [u32; 27] = std::array::from_fn(|i| match sparse[i] {
                0 => masks[i],
                1 => masks[i] & masks[i] >> 5,
                _ => masks[i] & masks[i] >> 5 & masks[i] >> 11,
            });
            let (mut expected, mut one_at_a_time) = (masks, masks);
            let want = by_permutations(&mut expected);
            proptest::prop_assert_eq!(match_stacks(&mut masks), want);
            proptest::prop_assert_eq!(masks, expected);
            // The path of processors without SSE2, digit by digit.
            proptest::prop_assert_eq!(match_digits(&mut one_at_a_time, 0..9), want);
            proptest::prop_assert_eq!(one_at_a_time, expected);
        }
    }
}
