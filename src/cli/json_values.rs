//! A stream of JSON values cut out of a source's bytes, read in parts of any size: one object
//! a line, as `-f json` prints them, objects spread over several lines, as `jq` prints them,
//! and objects in an array (`jq -s`, a JSON file, one line of any length), each value numbered
//! by the line it starts on. A value may be an array too (a grid as rows of cells).
//!
//! Only the brackets and the strings are followed here; what a value holds is for its reader
//! to find out. Blank lines and lines starting with `#` between values are skipped; other text
//! there is a value of its own, to its line's end. A value that never closes is cut off where
//! the input shows it is broken (a string that runs past its line, which JSON does not allow;
//! a `{` at the first column of a line, as a new top-level object starts; the end of the
//! input), and one longer than [`MAX_LINE`] bytes is refused, so that one fault never swallows
//! the values after it.

use sudoku_engine::parse::MAX_LINE;

/// The text of one value (or of what should have been one), and the line it starts on.
#[derive(Debug, PartialEq, Eq)]
pub struct ValueText<'a> {
    /// The line it starts on, from 1.
    pub line: u64,
    /// Its text; or, when it was refused for its length, why.
    pub text: Result<&'a [u8], String>,
}

/// Where the splitter is in its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Between values.
    Between,
    /// In a `#` comment between values.
    Comment,
    /// After a `[` between values: what follows tells whether it opens the array around
    /// objects or a value of its own.
    Bracket,
    /// In a value.
    Value,
    /// In a value too long to keep, until it closes.
    Skipped,
    /// In text between values that is no value, until its line ends.
    Stray,
}

/// Cuts values out of a source's bytes, fed in parts.
pub struct ValueSplitter {
    mode: Mode,
    /// Lines ended so far.
    lines: u64,
    /// The last byte fed ended a line (or none was fed): the next is at a line's first column.
    at_line_start: bool,
    /// Only blanks so far on this line.
    line_blank: bool,
    /// The line the value (or bracket, or stray text) being read starts on.
    start_line: u64,
    /// Its text from earlier parts of the input.
    held: Vec<u8>,
    /// How many brackets are open in the value, whether in a string of it, and just after a
    /// backslash there.
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl Default for ValueSplitter {
    fn default() -> ValueSplitter {
        ValueSplitter {
            mode: Mode::Between,
            lines: 0,
            at_line_start: true,
            line_blank: true,
            start_line: 0,
            held: Vec::new(),
            depth: 0,
            in_string: false,
            escaped: false,
        }
    }
}

impl ValueSplitter {
    /// Reads `bytes`, the next part of the input; hands each value it completes to `found`.
    pub fn feed(&mut self, bytes: &[u8], found: &mut dyn FnMut(ValueText<'_>)) {
        // Where the value (or bracket, or stray text) being read starts in `bytes`, when it
        // starts there; else its start is in `held`.
        let mut begin = 0;
        let mut at = 0;
        while at < bytes.len() {
            let in_value = matches!(self.mode, Mode::Value | Mode::Skipped);
            let broken = self.at_line_start && bytes[at] == b'{' && self.depth > 0;
            if in_value && !broken {
                // The value's bytes up to its end, or to a line's end, at once.
                let (length, closed) = self.follow(&bytes[at..]);
                at += length;
                if closed {
                    self.emit(bytes, begin, at, found);
                }
                if length > 0 {
                    (self.at_line_start, self.line_blank) = (false, false);
                    continue;
                }
            }
            let byte = bytes[at];
            match self.mode {
                Mode::Between => match byte {
                    b'#' if self.line_blank => self.mode = Mode::Comment,
                    b'[' => self.start(Mode::Bracket, at, &mut begin),
                    b'{' => {
                        self.start(Mode::Value, at, &mut begin);
                        continue;
                    }
                    _ if byte.is_ascii_whitespace() || byte == b',' || byte == b']' => {}
                    _ => self.start(Mode::Stray, at, &mut begin),
                },
                Mode::Comment => {}
                Mode::Bracket => match byte {
                    // The array around objects; the object is read next.
                    b'{' => {
                        self.mode = Mode::Between;
                        continue;
                    }
                    // `[]`: nothing.
                    b']' => self.mode = Mode::Between,
                    _ if byte.is_ascii_whitespace() => {}
                    // The value the `[` opens: a grid as rows, say.
                    _ => {
                        self.mode = Mode::Value;
                        (self.depth, self.in_string, self.escaped) = (1, false, false);
                        continue;
                    }
                },
                // A `{` that starts a line in a value starts the next one; a line's end in a
                // string ends a value broken off.
                Mode::Value | Mode::Skipped if broken => {
                    self.emit(bytes, begin, at, found);
                    continue;
                }
                Mode::Value | Mode::Skipped if self.in_string => {
                    self.emit(bytes, begin, at + 1, found)
                }
                Mode::Value | Mode::Skipped => {}
                Mode::Stray if byte == b'\n' => self.emit(bytes, begin, at, found),
                Mode::Stray => {}
            }
            if byte == b'\n' {
                self.lines += 1;
                if self.mode == Mode::Comment {
                    self.mode = Mode::Between;
                }
            }
            self.at_line_start = byte == b'\n';
            self.line_blank = self.at_line_start || (self.line_blank && byte.is_ascii_whitespace());
            at += 1;
        }
        self.hold(&bytes[begin.min(bytes.len())..], found);
    }

    /// Ends the input: a value (or stray text) still open is handed over as far as it goes.
    pub fn finish(&mut self, found: &mut dyn FnMut(ValueText<'_>)) {
        self.emit(&[], 0, 0, found);
    }

    /// Starts reading a value, a bracket or stray text at `at` in this part of the input.
    fn start(&mut self, mode: Mode, at: usize, begin: &mut usize) {
        self.mode = mode;
        self.start_line = self.lines + 1;
        self.held.clear();
        (self.depth, self.in_string, self.escaped) = (0, false, false);
        *begin = at;
    }

    /// Follows the value through `text` up to where it closes (true, and its length then) or
    /// to the end of the line or of `text` (false, and how far it went: not past a `\n`).
    fn follow(&mut self, text: &[u8]) -> (usize, bool) {
        let mut at = 0;
        while at < text.len() {
            if self.escaped {
                self.escaped = false;
                if text[at] == b'\n' {
                    return (at, false);
                }
                at += 1;
                continue;
            }
            if self.in_string {
                let Some(offset) = memchr::memchr3(b'"', b'\\', b'\n', &text[at..]) else {
                    return (text.len(), false);
                };
                at += offset;
                match text[at] {
                    b'\n' => return (at, false),
                    b'\\' => self.escaped = true,
                    _ => self.in_string = false,
                }
                at += 1;
                continue;
            }
            match text[at] {
                b'\n' => return (at, false),
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return (at + 1, true);
                    }
                }
                _ => {}
            }
            at += 1;
        }
        (text.len(), false)
    }

    /// Hands over what is being read (its text: `held`, then `bytes[begin..end]`), and goes
    /// back to reading between values. A bracket alone, or a value too long, gives nothing.
    fn emit(
        &mut self,
        bytes: &[u8],
        begin: usize,
        end: usize,
        found: &mut dyn FnMut(ValueText<'_>),
    ) {
        let mode = std::mem::replace(&mut self.mode, Mode::Between);
        let part = &bytes[begin.min(end)..end];
        let text = match self.held.is_empty() {
            true => part,
            false => {
                self.held.extend_from_slice(part);
                &self.held
            }
        };
        let line = self.start_line;
        match mode {
            Mode::Value => found(ValueText {
                line,
                text: Ok(text),
            }),
            Mode::Stray => found(ValueText {
                line,
                text: Ok(text.trim_ascii_end()),
            }),
            _ => {}
        }
        self.held.clear();
    }

    /// Keeps the part of the value (or bracket, or stray text) being read that this part of
    /// the input holds, for the next; refuses a value that grows too long.
    fn hold(&mut self, rest: &[u8], found: &mut dyn FnMut(ValueText<'_>)) {
        match self.mode {
            Mode::Value | Mode::Stray | Mode::Bracket => self.held.extend_from_slice(rest),
            _ => return,
        }
        if self.held.len() > MAX_LINE {
            let why = format!("a JSON value longer than {MAX_LINE} bytes");
            found(ValueText {
                line: self.start_line,
                text: Err(why),
            });
            self.held.clear();
            self.mode = match self.mode {
                Mode::Value => Mode::Skipped,
                _ => Mode::Comment,
            };
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

    /// The values of `text` fed in parts of `part` bytes: their lines and texts.
    fn values_in_parts(text: &str, part: usize) -> Vec<(u64, String)> {
        let mut splitter = ValueSplitter::default();
        let mut values = Vec::new();
        let mut found = |value: ValueText<'_>| {
            let text = String::from_utf8(value.text.unwrap().to_vec()).unwrap();
            values.push((value.line, text));
        };
        for bytes in text.as_bytes().chunks(part.max(1)) {
            splitter.feed(bytes, &mut found);
        }
        splitter.finish(&mut found);
        values
    }

    /// The values of `text`, the same whether it is fed whole or in parts of any size.
    fn values(text: &str) -> Vec<(u64, String)> {
        let whole = values_in_parts(text, text.len());
        for part in [1, 2, 3, 7] {
            assert_eq!(values_in_parts(text, part), whole, "parts of {part}");
        }
        whole
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
                (1, "[\n  [\n    5,\n    0\n  ],\n  [1, 2]\n]".into()),
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

        /// Whatever the bytes and however they are cut into parts, the values found start on
        /// lines of the input, in order, and nothing panics.
        #[test]
        fn any_bytes_give_values_at_lines_in_order(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b'{'), Just(b'}'), Just(b'['), Just(b']'), Just(b'"'),
                            Just(b'\\'), Just(b'\n'), Just(b'#'), Just(b' '), any::<u8>()],
                0..300,
            ),
            part in 1..40usize,
        ) {
            let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            let mut splitter = ValueSplitter::default();
            let mut found_lines = Vec::new();
            let mut found = |value: ValueText<'_>| found_lines.push(value.line);
            for chunk in bytes.chunks(part) {
                splitter.feed(chunk, &mut found);
            }
            splitter.finish(&mut found);
            prop_assert!(found_lines.windows(2).all(|w| w[0] <= w[1]), "{:?}", found_lines);
            let in_input = found_lines.iter().all(|&line| (1..=lines).contains(&line));
            prop_assert!(in_input, "{:?}", found_lines);
        }
    }
}
