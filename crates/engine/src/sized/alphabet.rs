//! The symbols a grid is written with: digits then letters (`1`-`9`, `A`-`G` for 16x16),
//! letters only (`A`-`Y` for 25x25), zero-based (`0`-`9`, `A`-`F`: hexadecimal for 16x16), or
//! numbers separated by spaces (any size; the only way above 35).

use std::fmt;
use std::str::FromStr;

use super::SizedError;

/// How the values 1..=N of a grid are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alphabet {
    /// `1`-`9`, then `A`, `B`, ...: sides up to 35. Blanks: `.`, `0`, `_`, `*`.
    Digits,
    /// `A`, `B`, ...: sides up to 26. Blanks: `.`, `0`, `_`, `*`.
    Letters,
    /// `0`-`9`, then `A`, `B`, ... (value 1 is written `0`): sides up to 36. Blanks: `.`, `_`,
    /// `*`.
    ZeroBased,
    /// Decimal numbers separated by spaces: any side. Blanks: `.`, `0`, `_`, `*`.
    Numbers,
}

impl Alphabet {
    /// Every alphabet, in the order detection prefers them.
    pub const ALL: [Alphabet; 4] = [
        Alphabet::Digits,
        Alphabet::Letters,
        Alphabet::ZeroBased,
        Alphabet::Numbers,
    ];

    /// The name used by `--alphabet`.
    pub fn name(self) -> &'static str {
        match self {
            Alphabet::Digits => "digits",
            Alphabet::Letters => "letters",
            Alphabet::ZeroBased => "hex",
            Alphabet::Numbers => "numbers",
        }
    }

    /// True when this alphabet can write every value of a side of `size`.
    pub fn fits(self, size: usize) -> bool {
        match self {
            Alphabet::Digits => size <= 35,
            Alphabet::Letters => size <= 26,
            Alphabet::ZeroBased => size <= 36,
            Alphabet::Numbers => true,
        }
    }

    /// The usual alphabet for a side: digits up to 35, numbers beyond.
    pub fn default_for(size: usize) -> Alphabet {
        if Alphabet::Digits.fits(size) {
            Alphabet::Digits
        } else {
            Alphabet::Numbers
        }
    }

    /// True when `c` stands for an empty cell.
    pub fn is_blank(self, c: char) -> bool {
        matches!(c, '.' | '_' | '*') || (c == '0' && self != Alphabet::ZeroBased)
    }

    /// The value (from 1) of a one-character symbol, whatever the side; None for a blank or a
    /// character outside the alphabet. [`Alphabet::Numbers`] reads whole numbers instead.
    pub fn value(self, c: char) -> Option<usize> {
        let c = c.to_ascii_uppercase();
        let letter = c.is_ascii_uppercase().then(|| c as usize - 'A' as usize);
        let digit = c.to_digit(10).map(|d| d as usize);
        match self {
            Alphabet::Digits => digit.filter(|&d| d > 0).or(letter.map(|l| l + 10)),
            Alphabet::Letters => letter.map(|l| l + 1),
            Alphabet::ZeroBased => digit.map(|d| d + 1).or(letter.map(|l| l + 11)),
            Alphabet::Numbers => digit.filter(|&d| d > 0),
        }
    }

    /// How `value` (from 1) is written.
    pub fn symbol(self, value: usize) -> String {
        let letter = |index: usize| char::from(b'A' + index as u8).to_string();
        match self {
            Alphabet::Digits if value <= 9 => value.to_string(),
            Alphabet::Digits => letter(value - 10),
            Alphabet::Letters => letter(value - 1),
            Alphabet::ZeroBased if value <= 10 => (value - 1).to_string(),
            Alphabet::ZeroBased => letter(value - 11),
            Alphabet::Numbers => value.to_string(),
        }
    }

    /// The symbols of a side of `size`, for messages: `1-9 and A-G`, `A-Y`, `0-9 and A-F`,
    /// `1-36`.
    pub fn describe(self, size: usize) -> String {
        let range = |first: usize, last: usize| {
            if first == last {
                self.symbol(first)
            } else {
                format!("{}-{}", self.symbol(first), self.symbol(last))
            }
        };
        match self {
            Alphabet::Digits if size > 9 => format!("{} and {}", range(1, 9), range(10, size)),
            Alphabet::ZeroBased if size > 10 => {
                format!("{} and {}", range(1, 10), range(11, size))
            }
            _ => range(1, size),
        }
    }

    /// The alphabet a grid of side `size` is most likely written in, from the characters of
    /// its cells: zero-based when a `0` appears among other blanks (`.`), so that it cannot be
    /// a blank, and no symbol needs more; else letters when a letter appears, no digit 1-9
    /// does and the side fits (a `0` is then a blank); the usual one for the side otherwise
    /// (a grid without a symbol included).
    pub fn detect(cells: &str, size: usize) -> Alphabet {
        let has = |test: fn(&char) -> bool| cells.chars().any(|c| test(&c));
        let has_digit = has(|c| ('1'..='9').contains(c));
        let has_zero = has(|c| *c == '0');
        let has_letter = has(char::is_ascii_alphabetic);
        let zero_is_a_symbol = has_zero && has(|c| matches!(c, '.' | '_' | '*'));
        if zero_is_a_symbol && Alphabet::ZeroBased.fits(size) {
            let fits = cells
                .chars()
                .filter_map(|c| Alphabet::ZeroBased.value(c))
                .all(|value| value <= size);
            if fits {
                Alphabet::ZeroBased
            } else {
                Alphabet::Digits
            }
        } else if has_letter && !has_digit && Alphabet::Letters.fits(size) {
            Alphabet::Letters
        } else {
            Alphabet::default_for(size)
        }
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Alphabet {
    type Err = SizedError;

    /// Reads `digits`, `letters`, `hex` (or `zero-based`) or `numbers`, in any case.
    fn from_str(text: &str) -> Result<Alphabet, SizedError> {
        match text.to_ascii_lowercase().as_str() {
            "digits" => Ok(Alphabet::Digits),
            "letters" => Ok(Alphabet::Letters),
            "hex" | "zero-based" => Ok(Alphabet::ZeroBased),
            "numbers" => Ok(Alphabet::Numbers),
            _ => Err(SizedError::UnknownAlphabet {
                text: text.to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_alphabet_reads_back_what_it_writes() {
        for alphabet in Alphabet::ALL {
            let size = if alphabet == Alphabet::Numbers {
                64
            } else {
                25
            };
            for value in 1..=size {
                let symbol = alphabet.symbol(value);
                let read = match alphabet {
                    Alphabet::Numbers => symbol.parse().ok(),
                    _ => alphabet.value(symbol.chars().next().unwrap()),
                };
                assert_eq!(read, Some(value), "{alphabet} {value}");
            }
        }
    }

    #[test]
    fn the_symbols_of_each_alphabet_are_described_as_people_write_them() {
        assert_eq!(Alphabet::Digits.describe(16), "1-9 and A-G");
        assert_eq!(Alphabet::Letters.describe(25), "A-Y");
        assert_eq!(Alphabet::ZeroBased.describe(16), "0-9 and A-F");
        assert_eq!(Alphabet::Digits.describe(6), "1-6");
        assert_eq!(Alphabet::Numbers.describe(36), "1-36");
    }

    #[test]
    fn the_alphabet_is_told_from_the_symbols() {
        assert_eq!(Alphabet::detect("D92.....G...43..", 16), Alphabet::Digits);
        assert_eq!(Alphabet::detect("...G...9..4.L8..", 25), Alphabet::Digits);
        assert_eq!(Alphabet::detect("A..Y.BC.", 25), Alphabet::Letters);
        assert_eq!(Alphabet::detect("0..F.1A.", 16), Alphabet::ZeroBased);
        assert_eq!(
            Alphabet::detect("0..G.1A.", 16),
            Alphabet::Digits,
            "G is beyond hex"
        );
        assert_eq!(
            Alphabet::detect("1020304", 16),
            Alphabet::Digits,
            "0 is the blank"
        );
        assert_eq!(
            Alphabet::detect("A0Y0BC00", 25),
            Alphabet::Letters,
            "0 is the blank"
        );
    }

    #[test]
    fn a_grid_without_symbols_is_written_in_the_usual_alphabet() {
        for size in [4, 6, 16, 25, 36] {
            for blanks in [".", "0", "_*"] {
                let cells = blanks.repeat(size * size / blanks.len());
                let usual = Alphabet::default_for(size);
                assert_eq!(Alphabet::detect(&cells, size), usual, "{size} {blanks:?}");
            }
        }
        assert_eq!(Alphabet::detect("#..", 16), Alphabet::Digits, "no letter");
    }
}
