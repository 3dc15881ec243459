//! Where puzzles come from: the files named on the command line, or stdin for none or `-`; and
//! the pipeline over them that every subcommand reading puzzles runs.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Result;
use clap::Args;
use sudoku_engine::parse::utf8_text;
use sudoku_engine::{Grid, InvalidPuzzle, ParseError, Record};

use super::json_input::{JsonRecords, is_json_lines, puzzle_records};
use super::line_starts::LineStarts;
use super::output::Output;
use super::pipeline::{self, Feed, Setup, Signal};
use super::sizes::{SizeArgs, cells_in, other_size, other_symbols};
use sudoku_engine::sized::Alphabet;

/// The size of the read buffer of every source.
const READ_BUFFER: usize = 64 * 1024;

/// The input arguments every subcommand that reads puzzles shares.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Files to read puzzles from, in order; `-` or none reads stdin. Gzip and zstd input is
    /// decompressed on the fly, and UTF-16 text read as UTF-8, told by its first bytes.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Read the input as CSV with a header row, one puzzle per row: the first field that holds
    /// a puzzle, or the one named by --column.
    #[arg(long)]
    pub csv: bool,

    /// With CSV input, the column that holds the puzzle (implies --csv); with JSON Lines input,
    /// the field [default: puzzle].
    #[arg(long, value_name = "NAME")]
    pub column: Option<String>,

    /// With CSV input, the character between fields: `,`, `;`, `tab`, `|` or any other ASCII
    /// character (implies --csv) [default: the one of `,` `;` tab `|` the header row holds most
    /// often, else `,`].
    #[arg(long, value_name = "CHAR", value_parser = parse_delimiter)]
    pub delimiter: Option<u8>,

    #[command(flatten)]
    pub sizes: SizeArgs,
}

/// How the text of the sources is laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Puzzles as lines or grids, of 9x9 or of another size, within `--box` and `--alphabet`
    /// (see [`SizeArgs::records`]).
    Puzzles(SizeArgs),
    /// CSV with a header row: the puzzle in the named column, or in the first field that holds
    /// one, of 9x9 or of another size (within `--box` and `--alphabet`, if given).
    Csv {
        /// The column asked for by name, if one was.
        column: Option<String>,
        /// The delimiter asked for; without one, each source's header row tells it.
        delimiter: Option<u8>,
        /// `--box` and `--alphabet`.
        sizes: SizeArgs,
    },
}

/// One input: a named file or stdin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input, named `<stdin>` in messages.
    Stdin,
    /// A file, named by its path in messages.
    File(PathBuf),
}

impl InputArgs {
    /// How the sources are laid out.
    pub fn layout(&self) -> Layout {
        if self.csv || self.column.is_some() || self.delimiter.is_some() {
            Layout::Csv {
                column: self.column.clone(),
                delimiter: self.delimiter,
                sizes: self.sizes,
            }
        } else {
            Layout::Puzzles(self.sizes)
        }
    }

    /// The sources to read, in order.
    pub fn sources(&self) -> Vec<Source> {
        if self.files.is_empty() {
            return vec![Source::Stdin];
        }
        self.files
            .iter()
            .map(|path| match path.to_str() {
                Some("-") => Source::Stdin,
                _ => Source::File(path.clone()),
            })
            .collect()
    }
}

/// The first bytes of a gzip stream.
const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];

/// The first bytes of a zstd frame.
const ZSTD_MAGIC: &[u8] = &[0x28, 0xb5, 0x2f, 0xfd];

impl Source {
    /// Opens the source for buffered reading, decompressing it when its first bytes say it is
    /// gzip or zstd (whatever its name), and transcoding it to UTF-8 when they are a UTF-16
    /// byte-order mark. A closed stdin (`<&-`) is an error, not an empty input.
    pub fn open(&self) -> io::Result<BufReader<Box<dyn Read + Send>>> {
        let raw: Box<dyn Read + Send> = match self {
            Source::Stdin if super::output::was_closed(0) => {
                return Err(io::Error::new(
                    io::ErrorKind::NotConnected,
                    "closed: nothing to read",
                ));
            }
            Source::Stdin => Box::new(io::stdin()),
            Source::File(path) => Box::new(File::open(path)?),
        };
        transcoded(decompressed(BufReader::with_capacity(READ_BUFFER, raw))?)
    }

    /// True when a person is typing into this source.
    pub fn is_interactive(&self) -> bool {
        *self == Source::Stdin && io::stdin().is_terminal()
    }
}

/// `reader` decompressed when its first bytes say it is gzip or zstd, else itself.
fn decompressed(
    mut reader: BufReader<Box<dyn Read + Send>>,
) -> io::Result<BufReader<Box<dyn Read + Send>>> {
    let start = reader.fill_buf()?;
    let decoded: Box<dyn Read + Send> = if start.starts_with(GZIP_MAGIC) {
        Box::new(flate2::bufread::MultiGzDecoder::new(reader))
    } else if start.starts_with(ZSTD_MAGIC) {
        Box::new(zstd::stream::read::Decoder::with_buffer(reader)?)
    } else {
        return Ok(reader);
    };
    Ok(BufReader::with_capacity(READ_BUFFER, decoded))
}

/// The byte-order marks of UTF-16, little-endian and big-endian.
const UTF16_MARKS: [&[u8]; 2] = [&[0xff, 0xfe], &[0xfe, 0xff]];

/// `reader` transcoded from UTF-16 to UTF-8 when it starts with a UTF-16 byte-order mark (as
/// Windows PowerShell 5 writes files and Excel saves "Unicode Text"), else itself, untouched.
fn transcoded(
    mut reader: BufReader<Box<dyn Read + Send>>,
) -> io::Result<BufReader<Box<dyn Read + Send>>> {
    let start = reader.fill_buf()?;
    if !UTF16_MARKS.iter().any(|mark| start.starts_with(mark)) {
        return Ok(reader);
    }
    let utf8 = encoding_rs_io::DecodeReaderBytesBuilder::new().build(reader);
    Ok(BufReader::with_capacity(READ_BUFFER, Box::new(utf8)))
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Stdin => f.write_str("<stdin>"),
            Source::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// What the feeder reads: a record, or a source that failed, with the source's place in the list.
pub enum Item {
    /// A record read from source number `.0`.
    Record(usize, Record),
    /// Source number `.0` could not be opened or read on.
    Unreadable(usize, io::Error),
}

/// A source's reader that tells the feed, before it asks the system for more bytes (which may
/// wait for a person or another program), that nothing more is ready.
struct WatchedReader<'a> {
    inner: BufReader<Box<dyn Read + Send>>,
    feed: &'a Feed<Item>,
}

impl WatchedReader<'_> {
    /// Tells the feed, when nothing is left in the buffer, that the next read may wait.
    fn before_reading(&self) {
        if self.inner.buffer().is_empty() {
            self.feed.idle();
        }
    }
}

impl Read for WatchedReader<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.before_reading();
        self.inner.read(buffer)
    }
}

impl BufRead for WatchedReader<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.before_reading();
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

/// Reads every source in turn into the feed.
fn feed_records(sources: &[Source], layout: &Layout, feed: &Feed<Item>) {
    for (index, source) in sources.iter().enumerate() {
        let inner = match source.open() {
            Ok(reader) => reader,
            Err(error) => {
                if !feed.push(Item::Unreadable(index, error)) {
                    return;
                }
                continue;
            }
        };
        let mut reader = WatchedReader { inner, feed };
        let records: Box<dyn Iterator<Item = io::Result<Record>>> = match layout {
            Layout::Puzzles(sizes) => puzzle_records(reader, sizes),
            // What `-f json` prints, the field named by --column.
            Layout::Csv { column, sizes, .. } if is_json_lines(&mut reader) => {
                Box::new(JsonRecords::new(reader, column.as_deref(), *sizes))
            }
            Layout::Csv {
                column,
                delimiter,
                sizes,
            } => Box::new(CsvRecords::new(
                reader,
                column.as_deref(),
                *delimiter,
                *sizes,
            )),
        };
        for record in records {
            let item = match record {
                Ok(record) => Item::Record(index, record),
                Err(error) => Item::Unreadable(index, error),
            };
            if !feed.push(item) {
                return;
            }
        }
    }
}

/// Reads every puzzle of the input, runs `work` on each on worker threads in chunks (as `setup`
/// says), and calls `report` with each result in input order. The other events are `output`'s:
/// an unreadable source is reported there, idle input and ticks flush it. Stops early only when
/// `report` or the output fails.
pub fn run_puzzles<T, W, R>(
    input: &InputArgs,
    output: &mut Output,
    setup: Setup,
    work: W,
    mut report: R,
) -> Result<()>
where
    T: Send + 'static,
    W: Fn(&Record) -> T + Send + Sync + 'static,
    R: FnMut(&mut Output, &Source, Record, T) -> Result<()>,
{
    let sources = input.sources();
    let layout = input.layout();
    let feeder_sources: Arc<[Source]> = sources.as_slice().into();
    let ran = pipeline::run(
        setup,
        move |feed| feed_records(&feeder_sources, &layout, feed),
        move |item: &Item| match item {
            Item::Record(_, record) => Some(work(record)),
            Item::Unreadable(..) => None,
        },
        |signal| match signal {
            Signal::Done(Item::Record(index, record), Some(result)) => {
                report(output, &sources[index], record, result)
            }
            Signal::Done(Item::Unreadable(index, error), _) => {
                output.unreadable(&sources[index], &error);
                Ok(())
            }
            Signal::Done(Item::Record(..), None) => unreachable!("every record is worked on"),
            Signal::InputIdle => Ok(output.flush()?),
            Signal::Tick => Ok(output.tick()?),
        },
    );
    output.after_run(ran)
}

/// The delimiters a CSV header row is searched for, the first winning a tie.
const DELIMITERS: [u8; 4] = [b',', b';', b'\t', b'|'];

/// The delimiter of CSV text that starts with `text` (its header row, or as much of it as has
/// come): the one of [`DELIMITERS`] found most often in the first row, outside quotes; a comma
/// when there is none.
fn delimiter_of(text: &[u8]) -> u8 {
    let mut counts = [0usize; DELIMITERS.len()];
    let mut quoted = false;
    for &byte in text {
        match byte {
            b'"' => quoted = !quoted,
            b'\n' | b'\r' if !quoted => break,
            _ if !quoted => {
                if let Some(at) = DELIMITERS.iter().position(|&d| d == byte) {
                    counts[at] += 1;
                }
            }
            _ => {}
        }
    }
    // The first of the commonest: `max_by_key` keeps the last, so backwards.
    (0..DELIMITERS.len())
        .rev()
        .max_by_key(|&at| counts[at])
        .filter(|&at| counts[at] > 0)
        .map_or(b',', |at| DELIMITERS[at])
}

/// Reads `--delimiter`: one ASCII character, or `tab` (or `\t`) for a tab.
fn parse_delimiter(text: &str) -> Result<u8, String> {
    match text {
        "tab" | "\\t" | "\t" => Ok(b'\t'),
        _ => match text.as_bytes() {
            [byte] if byte.is_ascii() && *byte != b'"' && *byte != b'\n' && *byte != b'\r' => {
                Ok(*byte)
            }
            _ => Err(
                "a delimiter is one ASCII character (not a quote or a line ending), or tab".into(),
            ),
        },
    }
}

/// The records of a CSV source: one per row after the header, the puzzle taken from the named
/// column, or from the first field that holds one. Line numbers are the rows' lines in the file.
struct CsvRecords<R: BufRead> {
    reader: csv::Reader<LineStarts<R>>,
    /// The puzzle's column, once the header is read; `None` for "the first puzzle field".
    column: Option<usize>,
    /// The column's name, as asked.
    wanted: Option<String>,
    /// The shape and alphabet asked for, which tell a field holding a puzzle of another size.
    sizes: SizeArgs,
    /// Why the source cannot be read, found in its header: reported once, then the end.
    fault: Option<io::Error>,
    started: bool,
    /// Nothing more is read: the header was at fault.
    finished: bool,
}

impl<R: BufRead> CsvRecords<R> {
    /// The records of `reader`, whose fields are split at `delimiter`, or else at the one its
    /// header row tells (see [`delimiter_of`]).
    fn new(
        mut reader: R,
        column: Option<&str>,
        delimiter: Option<u8>,
        sizes: SizeArgs,
    ) -> CsvRecords<R> {
        // What has come of the header row: a read error is met again when the rows are read.
        let delimiter = delimiter.unwrap_or_else(|| reader.fill_buf().map_or(b',', delimiter_of));
        CsvRecords {
            reader: csv::ReaderBuilder::new()
                .flexible(true)
                .delimiter(delimiter)
                .from_reader(LineStarts::new(reader)),
            column: None,
            wanted: column.map(String::from),
            sizes,
            fault: None,
            started: false,
            finished: false,
        }
    }

    /// Reads the header and finds the column asked for.
    fn start(&mut self) {
        self.started = true;
        let Some(wanted) = &self.wanted else { return };
        match self.reader.headers() {
            Ok(header) => match header.iter().position(|name| name.trim() == wanted) {
                Some(index) => self.column = Some(index),
                None => {
                    let names: Vec<&str> = header.iter().collect();
                    self.fault = Some(io::Error::other(format!(
                        "no column {wanted:?} in the CSV header ({})",
                        names.join(", ")
                    )));
                }
            },
            Err(error) => self.fault = Some(io::Error::other(error)),
        }
    }

    /// The record for one row, which starts on `line`.
    fn record(&self, row: &csv::ByteRecord, line: u64) -> Record {
        // Text in another alphabet than digits is left whole for `other_size` to read: the
        // 9x9 reader would take it for digits.
        let alphabet = self.sizes.alphabet;
        let other_alphabet = other_symbols(alphabet);
        let read = |index: usize| {
            // A field that is not UTF-8 is refused for its first bad byte, as a line is.
            let bytes = row.get(index).unwrap_or_default().trim_ascii();
            let (text, puzzle) = match utf8_text(bytes) {
                Err(error) => (String::from_utf8_lossy(bytes).into_owned(), Err(error)),
                Ok(text) if other_alphabet => (
                    text.to_string(),
                    Err(ParseError::WrongCellCount {
                        found: cells_in(text, alphabet == Some(Alphabet::Numbers)),
                    }),
                ),
                Ok(text) => (text.to_string(), text.parse::<Grid>()),
            };
            Record::new(line, puzzle.map_err(|error| InvalidPuzzle { text, error }))
        };
        match self.column {
            Some(index) => read(index),
            // The first field that holds a puzzle, 9x9 or of another size (whose text the
            // reader of other sizes reads again, see `other_size`); else the error of the
            // longest field, the likeliest to be a puzzle gone wrong (not an id).
            None => {
                let reads = |record: &Record| {
                    record.puzzle.is_ok() || matches!(other_size(record, &self.sizes), Some(Ok(_)))
                };
                // The first of the longest: `max_by_key` keeps the last, so backwards.
                let longest = (0..row.len())
                    .rev()
                    .max_by_key(|&i| row[i].trim_ascii().len());
                (0..row.len())
                    .map(read)
                    .find(reads)
                    .unwrap_or_else(|| read(longest.unwrap_or(0)))
            }
        }
    }
}

impl<R: BufRead> Iterator for CsvRecords<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if !self.started {
            self.start();
        }
        if self.finished {
            return None;
        }
        if let Some(fault) = self.fault.take() {
            // Reported once; nothing more is read from this source.
            self.finished = true;
            return Some(Err(fault));
        }
        let mut row = csv::ByteRecord::new();
        match self.reader.read_byte_record(&mut row) {
            Ok(true) => {
                // The row's line as the puzzle reader counts lines (see LineStarts).
                let start = row.position().map_or(0, csv::Position::byte);
                let line = self.reader.get_mut().line_at(start);
                Some(Ok(self.record(&row, line)))
            }
            Ok(false) => None,
            Err(error) => Some(Err(io::Error::other(error))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_row_tells_the_delimiter() {
        assert_eq!(delimiter_of(b"id;puzzle;note\n1,2,3,4,5\n"), b';');
        assert_eq!(delimiter_of(b"id\tpuzzle\n"), b'\t');
        assert_eq!(delimiter_of(b"a|b|c"), b'|');
        // Inside quotes a delimiter does not count; a tie goes to the comma; none is a comma.
        assert_eq!(delimiter_of(b"\"a;b;c\",d,e"), b',');
        assert_eq!(delimiter_of(b"a,b;c"), b',');
        assert_eq!(delimiter_of(b"puzzle\n"), b',');
        assert_eq!(delimiter_of(b""), b',');
        // A quoted line break is within the header row.
        assert_eq!(delimiter_of(b"\"a\nb\";c;d\ne,f,g,h,i"), b';');
    }

    #[test]
    fn a_delimiter_is_one_ascii_character_or_tab() {
        assert_eq!(parse_delimiter(";"), Ok(b';'));
        assert_eq!(parse_delimiter("tab"), Ok(b'\t'));
        assert_eq!(parse_delimiter("\t"), Ok(b'\t'));
        for bad in ["", ";;", "\"", "\n", "é"] {
            assert!(parse_delimiter(bad).is_err(), "{bad:?}");
        }
    }
}
