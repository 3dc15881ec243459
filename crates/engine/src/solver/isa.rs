//! The instructions the search is compiled for, chosen once at run time.
//!
//! The band logic looks up a mask's presence matrix (which minirows hold a candidate) several
//! times a propagation. Three table look-ups do it on every machine; BMI2's `pext` does it in
//! one instruction, and with BMI1 and BMI2 at hand the compiler also picks shorter forms of the
//! engine's other bit operations. Together the search runs 4-10% faster (docs/performance.md).
//!
//! A `#[target_feature]` function lends its features only to what is inlined into it, and the
//! search is recursive, so it is compiled twice: once for every machine ([`Portable`]), once
//! with the features enabled ([`Bmi2`]), each a function that calls itself for a guess. Both
//! run the same node loop (`search_with` in the parent module) on the same tables and give
//! the same answers, node for node; a test compares them.

use super::board::Board;
use super::tables;
use super::{Givens, SearchStats, Visitor};

/// An instruction set the search can run on. A value is proof that the machine has it.
pub(super) trait Instructions: Copy {
    /// The presence matrix of a band mask, as [`tables::presence`] computes it.
    fn presence(self, mask: u32) -> usize;

    /// The search (`search_with` in the parent module) compiled for these instructions.
    fn search<V: Visitor, const STACKS: bool>(
        self,
        board: &mut Board,
        visitor: &mut V,
        stats: &mut SearchStats,
    ) -> bool;
}

/// Instructions every x86-64 (and every other target) has: presence by table look-ups.
#[derive(Clone, Copy, Debug)]
pub(super) struct Portable;

impl Instructions for Portable {
    #[inline(always)]
    fn presence(self, mask: u32) -> usize {
        tables::presence(mask)
    }

    fn search<V: Visitor, const STACKS: bool>(
        self,
        board: &mut Board,
        visitor: &mut V,
        stats: &mut SearchStats,
    ) -> bool {
        super::search_with::<V, STACKS, Self>(self, board, visitor, stats)
    }
}

/// BMI1 and BMI2, on a processor where `pext` is fast. Made only by [`Bmi2::detect`].
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(super) struct Bmi2 {
    _detected: (),
}

#[cfg(target_arch = "x86_64")]
impl Bmi2 {
    /// The instruction set, if this processor has it and runs `pext` in a cycle or so: every
    /// Intel processor with BMI2, and AMD's from Zen 3 (family 0x19) on. Earlier AMD
    /// processors have the instruction in microcode, tens of cycles slow, and keep the
    /// portable search. The answer is worked out once and kept.
    pub(super) fn detect() -> Option<Bmi2> {
        static FAST_PEXT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        let fast = *FAST_PEXT.get_or_init(|| {
            std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("popcnt")
                && pext_is_fast()
        });
        fast.then_some(Bmi2 { _detected: () })
    }
}

/// True on Intel processors, and on AMD's from family 0x19 (Zen 3) on.
#[cfg(target_arch = "x86_64")]
fn pext_is_fast() -> bool {
    use std::arch::x86_64::__cpuid;
    // Leaf 0 names the vendor in EBX, EDX, ECX; leaf 1 gives the family in EAX.
    let vendor = __cpuid(0);
    let mut name = [0u8; 12];
    for (bytes, word) in name
        .chunks_exact_mut(4)
        .zip([vendor.ebx, vendor.edx, vendor.ecx])
    {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    let signature = __cpuid(1).eax;
    let base_family = (signature >> 8) & 0xF;
    let family = match base_family {
        0xF => base_family + ((signature >> 20) & 0xFF),
        _ => base_family,
    };
    match &name {
        b"GenuineIntel" => true,
        b"AuthenticAMD" => family >= 0x19,
        _ => false,
    }
}

#[cfg(target_arch = "x86_64")]
impl Instructions for Bmi2 {
    #[inline(always)]
    fn presence(self, mask: u32) -> usize {
        // A minirow holds a candidate when any of its three bits is set: OR each cell with the
        // next two, then gather the first cell of every minirow (bits 0, 3, ..., 24), which
        // lands minirow `3 * row + box` at that bit of the result.
        let any = mask | mask >> 1 | mask >> 2;
        // SAFETY: a `Bmi2` value exists only where `detect` found BMI2.
        let presence = unsafe { std::arch::x86_64::_pext_u32(any, 0x0124_9249) };
        // Nine bits gathered: masked so, the compiler knows it, and the tables indexed by it
        // need no bounds check (as with `tables::presence`).
        presence as usize & 0x1FF
    }

    #[inline(always)]
    fn search<V: Visitor, const STACKS: bool>(
        self,
        board: &mut Board,
        visitor: &mut V,
        stats: &mut SearchStats,
    ) -> bool {
        // SAFETY: a `Bmi2` value exists only where `detect` found every feature enabled there.
        unsafe { search_bmi2::<V, STACKS>(self, board, visitor, stats) }
    }
}

/// The search with BMI1 and BMI2 enabled for everything inlined into it (the whole node loop
/// and the board's propagation).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt,popcnt")]
fn search_bmi2<V: Visitor, const STACKS: bool>(
    isa: Bmi2,
    board: &mut Board,
    visitor: &mut V,
    stats: &mut SearchStats,
) -> bool {
    super::search_with::<V, STACKS, Bmi2>(isa, board, visitor, stats)
}

/// The board for `givens`, built with the best instructions this machine has (`pext` finds
/// each given's minirows in one instruction).
pub(super) fn board_from_givens(givens: &Givens) -> Board {
    #[cfg(target_arch = "x86_64")]
    if let Some(isa) = Bmi2::detect() {
        // SAFETY: a `Bmi2` value exists only where `detect` found every feature enabled there.
        return unsafe { board_from_givens_bmi2(isa, givens) };
    }
    Board::from_givens_with(givens, Portable)
}

/// [`Board::from_givens_with`] with BMI1 and BMI2 enabled, as for [`search_bmi2`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,lzcnt,popcnt")]
fn board_from_givens_bmi2(isa: Bmi2, givens: &Givens) -> Board {
    Board::from_givens_with(givens, isa)
}

/// Runs `search_with` on the best instructions this machine has.
#[inline]
pub(super) fn search_best<V: Visitor>(
    board: &mut Board,
    visitor: &mut V,
    stats: &mut SearchStats,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if let Some(isa) = Bmi2::detect() {
        return isa.search::<V, false>(board, visitor, stats);
    }
    Portable.search::<V, false>(board, visitor, stats)
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_puzzle;
    use super::super::{Counter, FirstSolution, Givens};
    use super::*;
    use crate::grid::Grid;

    #[test]
    fn presence_by_pext_matches_the_tables() {
        #[cfg(target_arch = "x86_64")]
        if let Some(isa) = Bmi2::detect() {
            // Every minirow pattern in each of the nine minirows, and random whole masks.
            for index in 0..9 {
                for pattern in 0..8u32 {
                    let mask = pattern << (3 * index);
                    assert_eq!(isa.presence(mask), tables::presence(mask), "{mask:027b}");
                }
            }
            let mut mask = 0x2545_F491u32;
            for _ in 0..100_000 {
                mask ^= mask << 13;
                mask ^= mask >> 17;
                mask ^= mask << 5;
                let band = mask & tables::BAND_BITS;
                assert_eq!(isa.presence(band), tables::presence(band), "{band:027b}");
            }
        }
    }

    proptest::proptest! {
        /// Both instruction sets build the same board and walk the same tree: from a random
        /// complete grid with a random part of its cells given (from nearly empty, many
        /// solutions, to nearly full), the same first solution, the same count to three, and
        /// the same numbers of nodes, guesses and dead ends. Wherever the machine lacks BMI2,
        /// the portable search is checked alone.
        #[test]
        fn both_instruction_sets_search_alike(seed in 0u64..1_000_000, keep in 0.1f64..0.6) {
            let (_, puzzle) = random_puzzle(seed, keep);
            let givens = Givens::of(&puzzle);
            let board = Board::from_givens_with(&givens, Portable);
            let portable = run(Portable, board);
            proptest::prop_assert!(portable.0.is_solution_of(&puzzle));
            #[cfg(target_arch = "x86_64")]
            if let Some(isa) = Bmi2::detect() {
                proptest::prop_assert_eq!(Board::from_givens_with(&givens, isa), board);
                proptest::prop_assert_eq!(run(isa, board), portable);
            }
        }
    }

    /// The first solution, the count to three, and the two searches' statistics.
    fn run(isa: impl Instructions, board: Board) -> (Grid, u64, SearchStats, SearchStats) {
        let mut first = FirstSolution(None);
        let mut first_stats = SearchStats::default();
        isa.search::<_, false>(&mut { board }, &mut first, &mut first_stats);
        let mut counter = Counter { found: 0, limit: 3 };
        let mut count_stats = SearchStats::default();
        isa.search::<_, false>(&mut { board }, &mut counter, &mut count_stats);
        let solution = first.0.expect("a grid taken from a solution has one");
        (solution, counter.found, first_stats, count_stats)
    }
}
