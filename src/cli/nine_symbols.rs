//! A 9x9 logic step's words for a grid written in other symbols than the digits 1-9 (letters
//! A-I, or 0-8): the values it names are written in the grid's symbols, its rows, columns and
//! boxes stay numbers.

use sudoku_engine::sized::Alphabet;

/// Words before which a number is a row, a column or a box, not a value.
const UNIT_WORDS: [&str; 3] = ["row ", "column ", "box "];

/// Words before which a number starts a list of rows, columns or boxes (`rows 1, 5, 8`).
const UNIT_LIST_WORDS: [&str; 3] = ["rows ", "columns ", "boxes "];

/// `text`, a 9x9 step as its `Display` writes it (`technique: reason -> r1c2 = 5`), with every
/// value in `alphabet`'s symbols (see [`values_in`]); the technique's name (before the first
/// `: `), which may hold numbers of its own (`Unique Rectangle Type 1`), is kept.
pub fn step_in(text: &str, alphabet: Alphabet) -> String {
    match text.split_once(": ") {
        Some((name, rest)) => format!(
            "{name}: {}",
            values_in(&sets_named_apart(rest, alphabet), alphabet)
        ),
        None => values_in(text, alphabet),
    }
}

/// The names of the sets an ALS step speaks of (`A = r1c2, ..., B = ..., pivot C = ...`) in
/// small letters when the values are capital ones, so that no set reads as a value.
fn sets_named_apart(reason: &str, alphabet: Alphabet) -> String {
    if alphabet != Alphabet::Letters {
        return reason.to_string();
    }
    let named = |name: &str| format!("{name} = r");
    let renamed = match reason.strip_prefix(&named("A")) {
        Some(rest) => format!("{}{rest}", named("a")),
        None => reason.to_string(),
    };
    renamed
        .replacen(
            &format!(", {}", named("B")),
            &format!(", {}", named("b")),
            1,
        )
        .replacen(
            &format!("pivot {}", named("C")),
            &format!("pivot {}", named("c")),
            1,
        )
}

/// `text`, words of the 9x9 logic about a grid (`box 6 has no place left for 7`), with every
/// value in `alphabet`'s symbols. A number is a value unless it is a row or column of a cell's
/// name (`r1c2`, `r13c456`), follows the word row, column or box, or belongs to a list of rows,
/// columns or boxes (`rows 1, 5, 8`).
pub fn values_in(text: &str, alphabet: Alphabet) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut in_unit_list = false;
    let mut at = 0;
    while at < chars.len() {
        if !chars[at].is_ascii_digit() {
            out.push(chars[at]);
            at += 1;
            continue;
        }
        let start = at;
        while at < chars.len() && chars[at].is_ascii_digit() {
            at += 1;
        }
        let before = out.as_str();
        let of_cell = matches!(before.chars().last(), Some('r' | 'c'));
        let starts_list = UNIT_LIST_WORDS
            .iter()
            .any(|word| ends_with_word(before, word));
        let continues_list = in_unit_list && before.ends_with(", ");
        let of_unit = UNIT_WORDS.iter().any(|word| ends_with_word(before, word));
        in_unit_list = starts_list || continues_list;
        if of_cell || of_unit || in_unit_list {
            out.extend(&chars[start..at]);
        } else {
            for digit in &chars[start..at] {
                let value = digit.to_digit(10).unwrap_or(0) as usize;
                out.push_str(&alphabet.symbol(value));
            }
        }
    }
    out
}

/// True when `text` ends with `word` as a whole word (not `narrow ` for `row `).
fn ends_with_word(text: &str, word: &str) -> bool {
    text.strip_suffix(word)
        .is_some_and(|rest| !rest.ends_with(|c: char| c.is_ascii_alphabetic()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(text: &str) -> String {
        step_in(text, Alphabet::Letters)
    }

    #[test]
    fn values_take_the_symbols_and_places_stay_numbers() {
        let cases = [
            (
                "hidden single: 7 in box 7 -> r9c3 = 7",
                "hidden single: G in box 7 -> r9c3 = G",
            ),
            (
                "locked triple: 4,6,8 in r7c1, r7c2, r7c3 (box 7, row 7) -> r7c5 <> 4",
                "locked triple: D,F,H in r7c1, r7c2, r7c3 (box 7, row 7) -> r7c5 <> D",
            ),
            (
                "Swordfish: 2 in rows 1, 5, 8 and columns 2, 6, 9 -> r3c2 <> 2",
                "Swordfish: B in rows 1, 5, 8 and columns 2, 6, 9 -> r3c2 <> B",
            ),
            (
                "Unique Rectangle Type 1: 1/2 in r8c2, r8c7, r9c2, r9c7 would have two \
                 solutions -> r8c7 <> 1",
                "Unique Rectangle Type 1: A/B in r8c2, r8c7, r9c2, r9c7 would have two \
                 solutions -> r8c7 <> A",
            ),
            (
                "XY-Chain: 1r4c1 = 9r4c1 - 9r4c7 = 1r4c7 -> r7c1 <> 1",
                "XY-Chain: Ar4c1 = Ir4c1 - Ir4c7 = Ar4c7 -> r7c1 <> A",
            ),
            (
                "grouped AIC: r3c5=9 -> r1c456<>9 -> r13c4=2 -> r3c5 <> 9",
                "grouped AIC: r3c5=I -> r1c456<>I -> r13c4=B -> r3c5 <> I",
            ),
            (
                "ALS-XY-Wing: A = r1c2, B = r4c7, pivot C = r4c4, x = 8, y = 3 -> r3c7 <> 2",
                "ALS-XY-Wing: a = r1c2, b = r4c7, pivot c = r4c4, x = H, y = C -> r3c7 <> B",
            ),
            (
                "ALS-XZ: A = r4c4, r4c5, B = r5c4, r5c7, x = 9 -> r5c6 <> 7",
                "ALS-XZ: a = r4c4, r4c5, b = r5c4, r5c7, x = I -> r5c6 <> G",
            ),
            (
                "ALS-XY-Chain: r5c2, r5c4 -2- r5c3, r5c9 -4,7- r5c7 -> r3c7 <> 4",
                "ALS-XY-Chain: r5c2, r5c4 -B- r5c3, r5c9 -D,G- r5c7 -> r3c7 <> D",
            ),
            (
                "Finned Franken Swordfish: 1 in row 2, row 5, box 6 and column 3, column 6, \
                 fins r4c8 -> r4c6 <> 1",
                "Finned Franken Swordfish: A in row 2, row 5, box 6 and column 3, column 6, \
                 fins r4c8 -> r4c6 <> A",
            ),
            (
                "BUG+1: every other empty cell has two candidates; 1 is thrice in row 1 -> \
                 r1c2 <> 2",
                "BUG+1: every other empty cell has two candidates; A is thrice in row 1 -> \
                 r1c2 <> B",
            ),
            (
                "Empty Rectangle: 4 in box 2 on row 1 and column 5, linked by r1c3 = r9c3 -> \
                 r9c5 <> 4",
                "Empty Rectangle: D in box 2 on row 1 and column 5, linked by r1c3 = r9c3 -> \
                 r9c5 <> D",
            ),
            (
                "forcing net: verity: r1c2=5 [r1c4<>5] -> r1c7<>5 -> r1c7 <> 9",
                "forcing net: verity: r1c2=E [r1c4<>E] -> r1c7<>E -> r1c7 <> I",
            ),
            ("naked single: r5c5 = 5", "naked single: r5c5 = E"),
            (
                "full house: row 9 -> r9c9 = 6",
                "full house: row 9 -> r9c9 = F",
            ),
        ];
        for (digits, expected) in cases {
            assert_eq!(letters(digits), expected);
        }
        // Words about a grid, without a technique's name.
        let text = "box 6 has no place left for 7";
        assert_eq!(
            values_in(text, Alphabet::Letters),
            "box 6 has no place left for G"
        );
        // Zero-based symbols: every value one less, the places as they were.
        let text = "pointing: 5 in box 4 is on column 3 -> r1c3 <> 5";
        assert_eq!(
            step_in(text, Alphabet::ZeroBased),
            "pointing: 4 in box 4 is on column 3 -> r1c3 <> 4"
        );
    }
}
