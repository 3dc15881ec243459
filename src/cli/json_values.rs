//! A stream of JSON values cut out of the lines of a source: one object a line, as `-f json`
//! prints them, objects spread over several lines, as `jq` prints them, and objects in an
//! array (`jq -s`, a JSON file), each value numbered by the line it starts on. A value may be
//! an array too (a grid as rows of cells), on one line or several.
//!
//! Only the brackets and the strings are followed here; what a value holds is for its reader
//! to find out. A value that never closes is cut off where the input shows it is broken (a
//! string that runs past its line, which JSON does not allow; a `{` that starts a line at its
//! first column, as a new top-level object does; the end of the input; or more than
//! [`MAX_LINE`] bytes), so that one fault never swallows the values after it.

use std::collections::VecDeque;

use sudoku_engine::parse::MAX_LINE;

/// The text of one value (or of what should have been one), and the line it starts on.
#[derive(Debug, PartialEq, Eq)]
pub struct ValueText {
    /// The line it starts on, from 1.
    pub line: u64,
    /// Its text, lines joined by `\n`; or, when it was cut off for its length, why.
    pub text: Result<Vec<u8>, String>,
}

/// Cuts values out of lines fed one at a time.
#[derive(Default)]
pub struct ValueSplitter {
    /// The value being read: its first line and its text so far.
    open: Option<(u64, Vec<u8>)>,
    /// The line of a `[` that ended its line outside any value: what comes next tells whether
    /// it opens the array around objects or a value of its own (a grid as rows of cells).
    bracket: Option<u64>,
    /// How many brackets are open in it.
    depth: usize,
    /// Inside a string of it, and just after a backslash there.
    in_string: bool,
    escaped: bool,
    /// The values completed, in order, not yet taken.
    done: VecDeque<ValueText>,
}

impl ValueSplitter {
    /// Reads line `number` (without its line ending).
    pub fn feed(&mut self, line: &[u8], number: u64) {
        if self.open.is_some() && line.first() == Some(&b'{') && !self.in_string {
            self.cut_off();
        }
        if self.open.is_none() && is_skipped(line) {
            return;
        }
        let mut at = 0;
        while at < line.len() {
            if self.open.is_none() {
                match line[at] {
                    b' ' | b'\t' | b'\r' => at += 1,
                    b']' if self.bracket.take().is_some() => at += 1,
                    // What follows a lone `[`: an object, in the array around them, or the
                    // value the `[` opens.
                    byte if self.bracket.is_some() => {
                        let line = self.bracket.take().expect("a lone bracket");
                        if byte != b'{' {
                            self.open = Some((line, b"[\n".to_vec()));
                            (self.depth, self.in_string, self.escaped) = (1, false, false);
                        }
                    }
                    b',' | b']' => at += 1,
                    b'[' if line[at + 1..].trim_ascii().is_empty() => {
                        self.bracket = Some(number);
                        at += 1;
                    }
                    // The array around the values, when an object follows it (or nothing:
                    // `[]`).
                    b'[' if matches!(
                        line[at + 1..].trim_ascii_start().first(),
                        Some(b'{' | b']')
                    ) =>
                    {
                        at += 1
                    }
                    b'{' | b'[' => {
                        self.open = Some((number, Vec::new()));
                        (self.depth, self.in_string, self.escaped) = (0, false, false);
                    }
                    // Anything else is a value of its own, to be refused by its reader.
                    _ => {
                        let text = Ok(line[at..].to_vec());
                        self.done.push_back(ValueText { line: number, text });
                        return;
                    }
                }
                continue;
            }
            let start = at;
            let end = self.scan(&line[at..]).map(|length| at + length);
            let (_, text) = self.open.as_mut().expect("a value is open");
            text.extend_from_slice(&line[start..end.unwrap_or(line.len())]);
            match end {
                Some(end) => {
                    self.close();
                    at = end;
                }
                None => break,
            }
        }
        if let Some((_, text)) = &mut self.open {
            text.push(b'\n');
            if self.in_string || text.len() > MAX_LINE {
                self.cut_off();
            }
        }
    }

    /// Reads line `number`, too long to be kept: a fault of its own, after any value open.
    pub fn too_long(&mut self, number: u64) {
        self.cut_off();
        let text = Err(format!("line is longer than {MAX_LINE} bytes"));
        self.done.push_back(ValueText { line: number, text });
    }

    /// True when no value is open or waiting to be taken: a line that is one whole value may
    /// be read without being fed.
    pub fn is_idle(&self) -> bool {
        self.open.is_none() && self.bracket.is_none() && self.done.is_empty()
    }

    /// Ends the input: a value still open is cut off.
    pub fn finish(&mut self) {
        self.cut_off();
    }

    /// The next value completed, if any.
    pub fn next_value(&mut self) -> Option<ValueText> {
        self.done.pop_front()
    }

    /// Follows the open value through `text`; returns how many bytes of it the value takes
    /// when it closes there.
    fn scan(&mut self, text: &[u8]) -> Option<usize> {
        for (offset, &byte) in text.iter().enumerate() {
            if self.in_string {
                match byte {
                    _ if self.escaped => self.escaped = false,
                    b'\\' => self.escaped = true,
                    b'"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match byte {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return Some(offset + 1);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The open value, whole.
    fn close(&mut self) {
        if let Some((line, text)) = self.open.take() {
            self.done.push_back(ValueText {
                line,
                text: Ok(text),
            });
        }
    }

    /// The open value, broken off: too long, or its text as far as it goes, for its reader to
    /// say what is wrong.
    fn cut_off(&mut self) {
        if let Some((line, text)) = self.open.take() {
            let text = match text.len() > MAX_LINE {
                true => Err(format!("a JSON value longer than {MAX_LINE} bytes")),
                false => Ok(text),
            };
            self.done.push_back(ValueText { line, text });
        }
    }
}

/// True for a line the readers skip: blank, or a comment.
pub fn is_skipped(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    line.is_empty() || line.starts_with(b"#")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::{Value, json};

    /// The values of `text`: their lines and texts.
    fn values(text: &str) -> Vec<(u64, String)> {
        let mut splitter = ValueSplitter::default();
        let mut values = Vec::new();
        for (number, line) in text.lines().enumerate() {
            splitter.feed(line.as_bytes(), number as u64 + 1);
            values.extend(std::iter::from_fn(|| splitter.next_value()));
        }
        splitter.finish();
        values.extend(std::iter::from_fn(|| splitter.next_value()));
        values
            .into_iter()
            .map(|v| (v.line, String::from_utf8(v.text.unwrap()).unwrap()))
            .collect()
    }

    #[test]
    fn one_object_a_line() {
        let text = "{\"a\":1}\n\n# note\n{\"b\":\"}\\\"{\"}\n";
        assert_eq!(
            values(text),
            [(1, "{\"a\":1}".into()), (4, "{\"b\":\"}\\\"{\"}".into())]
        );
    }

    #[test]
    fn objects_over_several_lines_as_jq_prints_them() {
        let text = "{\n  \"a\": [1,\n 2]\n}\n{\n  \"b\": {}\n}\n";
        assert_eq!(
            values(text),
            [
                (1, "{\n  \"a\": [1,\n 2]\n}".into()),
                (5, "{\n  \"b\": {}\n}".into())
            ]
        );
    }

    #[test]
    fn objects_in_an_array_on_one_line_or_several() {
        assert_eq!(
            values("[{\"a\":1},{\"b\":2}]\n"),
            [(1, "{\"a\":1}".into()), (1, "{\"b\":2}".into())]
        );
        assert_eq!(
            values("[\n  {\n    \"a\": 1\n  },\n  {\"b\": 2}\n]\n"),
            [(2, "{\n    \"a\": 1\n  }".into()), (5, "{\"b\": 2}".into())]
        );
    }

    #[test]
    fn an_array_that_holds_no_object_is_a_value() {
        assert_eq!(
            values("[\n  [\n    5,\n    0\n  ],\n  [1, 2]\n]\n[[3]]\n"),
            [
                (1, "[\n[\n    5,\n    0\n  ],\n  [1, 2]\n]".into()),
                (8, "[[3]]".into())
            ]
        );
        assert_eq!(values("[\n]\n{}\n"), [(3, "{}".into())]);
    }

    #[test]
    fn other_values_and_text_are_left_for_their_reader_to_refuse() {
        assert_eq!(
            values("[1]\nnot json\n{\"a\":1}\n"),
            [
                (1, "[1]".into()),
                (2, "not json".into()),
                (3, "{\"a\":1}".into())
            ]
        );
    }

    #[test]
    fn a_broken_value_is_cut_off_before_the_next_one() {
        // A string left open at the end of its line, a brace never closed before a line
        // starting with one, and the end of the input.
        let text = "{\"a\":\"1}\n{\"b\":1\n{\"c\":1}\n{\"d\":\n";
        assert_eq!(
            values(text),
            [
                (1, "{\"a\":\"1}\n".into()),
                (2, "{\"b\":1\n".into()),
                (3, "{\"c\":1}".into()),
                (4, "{\"d\":\n".into())
            ]
        );
    }

    /// A JSON object of a few fields, some with text that has brackets, quotes and
    /// backslashes in it, some nested.
    fn object() -> impl Strategy<Value = Value> {
        let text = "[a-z{}\\[\\]\"\\\\ ,:#]{0,12}";
        (
            text,
            any::<u32>(),
            proptest::collection::vec(any::<i8>(), 0..4),
            any::<bool>(),
        )
            .prop_map(|(text, number, list, nested)| match nested {
                true => json!({ "puzzle": text, "inner": { "n": number, "list": list } }),
                false => json!({ "puzzle": text, "n": number }),
            })
    }

    proptest! {
        /// However the objects are written (a line each, pretty over several lines, or in an
        /// array, compact or pretty), each comes back whole, in order, at the line where its
        /// text starts.
        #[test]
        fn objects_come_back_whole_in_order_at_their_lines(
            objects in proptest::collection::vec(object(), 0..6),
            style in 0..4usize,
        ) {
            let text = match style {
                0 => objects.iter().map(|o| format!("{o}\n")).collect(),
                1 => objects
                    .iter()
                    .map(|o| serde_json::to_string_pretty(o).unwrap() + "\n")
                    .collect(),
                2 => serde_json::to_string(&objects).unwrap() + "\n",
                _ => serde_json::to_string_pretty(&objects).unwrap() + "\n",
            };
            let found = values(&text);
            let read: Vec<Value> =
                found.iter().map(|(_, t)| serde_json::from_str(t).unwrap()).collect();
            prop_assert_eq!(&read, &objects);
            for (line, value) in &found {
                let at = text.lines().nth(*line as usize - 1).unwrap();
                let first = value.lines().next().unwrap();
                prop_assert!(at.contains(first), "line {}: {:?} not in {:?}", line, first, at);
            }
        }
    }
}
