//! Runs a job over every puzzle of every source, in batches, on as many threads as asked, and
//! hands the results back in input order. Memory stays flat: one batch is held at a time.

use std::io;

use anyhow::{Context, Result};
use clap::Args;
use rayon::prelude::*;
use sudoku_cli::{PuzzleReader, Record};

use super::input::Source;

/// Puzzles read before a batch is worked on.
const BATCH: usize = 1024;

/// The `-j/--jobs` argument shared by the subcommands that work in parallel.
#[derive(Args, Debug, Clone)]
pub struct JobsArgs {
    /// Threads to use [default: every core]. Output is the same, byte for byte, for any number.
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

impl JobsArgs {
    /// The number of threads to run.
    pub fn threads(&self) -> usize {
        match self.jobs {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// What the pipeline reports, in input order.
pub enum Event<'a, T> {
    /// A puzzle (or malformed text) and the job's result for it.
    Puzzle {
        /// Where it was read.
        source: &'a Source,
        /// What was read.
        record: Record,
        /// The job's result.
        result: T,
    },
    /// A source that could not be opened or read to the end.
    Unreadable {
        /// The source.
        source: &'a Source,
        /// Why.
        error: io::Error,
    },
}

/// One item of a batch: a record, or a source that failed, in input order.
enum Item {
    Record(usize, Record),
    Unreadable(usize, io::Error),
}

/// Reads the sources in turn and cuts what they hold into batches.
struct Batches<'a> {
    sources: &'a [Source],
    next_source: usize,
    /// The source being read.
    reader: Option<OpenSource>,
}

/// A source being read.
struct OpenSource {
    /// Its place in the list of sources.
    index: usize,
    /// Whether a person is typing into it.
    interactive: bool,
    reader: PuzzleReader<Box<dyn io::BufRead>>,
}

impl Batches<'_> {
    /// The next batch, empty at the end of the input. It ends early when a person is typing into
    /// stdin, so that each answer comes at once.
    fn next_batch(&mut self) -> Vec<Item> {
        let mut batch = Vec::new();
        let mut records = 0;
        while records < BATCH {
            let Some(open) = &mut self.reader else {
                let Some(source) = self.sources.get(self.next_source) else {
                    break;
                };
                let index = self.next_source;
                self.next_source += 1;
                match source.open() {
                    Ok(reader) => {
                        self.reader = Some(OpenSource {
                            index,
                            interactive: source.is_interactive(),
                            reader: PuzzleReader::new(reader),
                        });
                    }
                    Err(error) => batch.push(Item::Unreadable(index, error)),
                }
                continue;
            };
            let (index, interactive) = (open.index, open.interactive);
            match open.reader.next() {
                Some(Ok(record)) => {
                    batch.push(Item::Record(index, record));
                    records += 1;
                    if interactive {
                        break;
                    }
                }
                Some(Err(error)) => batch.push(Item::Unreadable(index, error)),
                None => self.reader = None,
            }
        }
        batch
    }
}

/// Reads every source in turn, runs `work` on each record on `threads` threads, and passes the
/// results to `report` in input order. Stops early only when `report` fails.
///
/// With more than one thread, the worker threads solve one batch while this thread reports the
/// batch before it and reads the batch after it.
pub fn run<T, W, R>(sources: &[Source], threads: usize, work: W, mut report: R) -> Result<()>
where
    T: Send,
    W: Fn(&Record) -> T + Sync,
    R: FnMut(Event<'_, T>) -> Result<()>,
{
    let work_on = |item: &Item| match item {
        Item::Record(_, record) => Some(work(record)),
        Item::Unreadable(..) => None,
    };
    let mut report_batch = |items: Vec<Item>, results: Vec<Option<T>>| -> Result<()> {
        for (item, result) in items.into_iter().zip(results) {
            match (item, result) {
                (Item::Record(index, record), Some(result)) => report(Event::Puzzle {
                    source: &sources[index],
                    record,
                    result,
                })?,
                (Item::Unreadable(index, error), _) => report(Event::Unreadable {
                    source: &sources[index],
                    error,
                })?,
                (Item::Record(..), None) => unreachable!("every record is worked on"),
            }
        }
        Ok(())
    };
    let mut batches = Batches {
        sources,
        next_source: 0,
        reader: None,
    };
    if threads == 1 {
        loop {
            let batch = batches.next_batch();
            if batch.is_empty() {
                return Ok(());
            }
            let results = batch.iter().map(work_on).collect();
            report_batch(batch, results)?;
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")?;
    let mut previous: Option<(Vec<Item>, Vec<Option<T>>)> = None;
    let mut current = batches.next_batch();
    loop {
        let mut results = Vec::new();
        let mut next = Vec::new();
        let reported = pool.in_place_scope(|scope| {
            scope.spawn(|_| results = current.par_iter().map(work_on).collect());
            if let Some((items, results)) = previous.take() {
                report_batch(items, results)?;
            }
            next = batches.next_batch();
            anyhow::Ok(())
        });
        reported?;
        if current.is_empty() {
            return Ok(());
        }
        previous = Some((current, results));
        current = next;
    }
}
