//! Runs a job over every puzzle of every source, in batches, on as many threads as asked, and
//! hands the results back in input order. Memory stays flat: one batch is held at a time.

use std::io;

use anyhow::{Context, Result};
use clap::Args;
use rayon::prelude::*;
use sudoku_cli::{PuzzleReader, Record};

use super::input::Source;

/// Puzzles read before a batch is worked on.
const BATCH: usize = 4096;

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

/// Reads every source in turn, runs `work` on each record on `threads` threads, and passes the
/// results to `report` in input order. Stops early only when `report` fails.
pub fn run<T, W, R>(sources: &[Source], threads: usize, work: W, mut report: R) -> Result<()>
where
    T: Send,
    W: Fn(&Record) -> T + Sync,
    R: FnMut(Event<'_, T>) -> Result<()>,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")?;
    let mut batch: Vec<(usize, Record)> = Vec::with_capacity(BATCH);
    let flush = |batch: &mut Vec<(usize, Record)>, report: &mut R| -> Result<()> {
        let results: Vec<T> = if threads == 1 {
            batch.iter().map(|(_, record)| work(record)).collect()
        } else {
            pool.install(|| batch.par_iter().map(|(_, record)| work(record)).collect())
        };
        for ((index, record), result) in batch.drain(..).zip(results) {
            report(Event::Puzzle {
                source: &sources[index],
                record,
                result,
            })?;
        }
        Ok(())
    };
    for (index, source) in sources.iter().enumerate() {
        let limit = if source.is_interactive() { 1 } else { BATCH };
        let reader = match source.open() {
            Ok(reader) => reader,
            Err(error) => {
                flush(&mut batch, &mut report)?;
                report(Event::Unreadable { source, error })?;
                continue;
            }
        };
        for record in PuzzleReader::new(reader) {
            match record {
                Ok(record) => {
                    batch.push((index, record));
                    if batch.len() >= limit {
                        flush(&mut batch, &mut report)?;
                    }
                }
                Err(error) => {
                    flush(&mut batch, &mut report)?;
                    report(Event::Unreadable { source, error })?;
                }
            }
        }
    }
    flush(&mut batch, &mut report)
}
