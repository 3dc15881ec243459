//! Digits and sets of digits: the one place where "1-9 as people write it" and "0-8 as arrays
//! and masks count" meet.

use std::fmt;
use std::num::NonZeroU8;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A sudoku digit, 1-9. [`Digit::get`] is the digit as people write it; [`Digit::index`]
/// counts from 0, for arrays and masks kept per digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `value`, if it is 1-9.
    #[inline]
    pub const fn new(value: u8) -> Option<Digit> {
        match NonZeroU8::new(value) {
            Some(digit) if value <= 9 => Some(Digit(digit)),
            _ => None,
        }
    }

    /// The digit with index `index` (0-8). Panics when out of range.
    #[inline]
    pub const fn from_index(index: usize) -> Digit {
        assert!(index < 9, "digit index out of range");
        match Digit::new(index as u8 + 1) {
            Some(digit) => digit,
            None => unreachable!(),
        }
    }

    /// The digit as people write it, 1-9.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0.get()
    }

    /// The digit counted from 0 (0-8), for arrays and masks kept per digit.
    #[inline]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// All nine digits, in order.
    #[inline]
    pub fn all() -> impl Iterator<Item = Digit> {
        (0..9).map(Digit::from_index)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A set of digits, as pencil marks are kept: bit `d` for digit `d` (1-9); bit 0 is never set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0b11_1111_1110);

    /// The set with bits `bits` (bit `d` for digit `d`); any other bit is dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & DigitSet::ALL.0)
    }

    /// The bits of the set (bit `d` for digit `d`).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding `digit` alone.
    #[inline]
    pub const fn single(digit: Digit) -> DigitSet {
        DigitSet(1 << digit.get())
    }

    /// True when `digit` is in the set.
    #[inline]
    pub const fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << digit.get()) != 0
    }

    /// Adds `digit`.
    #[inline]
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << digit.get();
    }

    /// Removes `digit`.
    #[inline]
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << digit.get());
    }

    /// How many digits the set holds.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set holds no digit.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Digit> {
        Digit::new(self.0.trailing_zeros() as u8)
    }

    /// The digits of the set, smallest first.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        Digit::all().filter(move |&digit| self.contains(digit))
    }
}

impl BitAnd for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitand(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }
}

impl BitOr for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitor(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }
}

impl BitAndAssign for DigitSet {
    #[inline]
    fn bitand_assign(&mut self, other: DigitSet) {
        self.0 &= other.0;
    }
}

impl BitOrAssign for DigitSet {
    #[inline]
    fn bitor_assign(&mut self, other: DigitSet) {
        self.0 |= other.0;
    }
}

impl Not for DigitSet {
    type Output = DigitSet;
    /// The digits not in the set.
    #[inline]
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & DigitSet::ALL.0)
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(digits: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        digits.into_iter().for_each(|digit| set.insert(digit));
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digit_is_1_to_9_and_indexes_from_0() {
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        let seven = Digit::new(7).unwrap();
        assert_eq!((seven.get(), seven.index()), (7, 6));
        assert_eq!(Digit::from_index(6), seven);
        assert_eq!(
            Digit::all().map(Digit::get).collect::<Vec<_>>(),
            (1..=9).collect::<Vec<_>>()
        );
    }

    #[test]
    fn sets_hold_what_was_put_in() {
        let digits: DigitSet = [2, 5, 9]
            .map(|d| Digit::new(d).unwrap())
            .into_iter()
            .collect();
        assert_eq!(digits.bits(), 1 << 2 | 1 << 5 | 1 << 9);
        assert_eq!(digits.len(), 3);
        assert_eq!(digits.first().map(Digit::get), Some(2));
        assert_eq!(digits.iter().map(Digit::get).collect::<Vec<_>>(), [2, 5, 9]);
        assert_eq!((!digits).len(), 6);
        assert_eq!(DigitSet::from_bits(u16::MAX), DigitSet::ALL);
        assert!(DigitSet::EMPTY.first().is_none());
    }
}
