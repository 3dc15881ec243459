//! Runs a job over a stream of items (puzzles read from the sources, or the indices of puzzles
//! to generate) on worker threads, and hands the results back in input order, as soon as they
//! are ready.
//!
//! Three kinds of thread take part:
//!
//! * a **feeder** produces the items and cuts them into chunks, as long as the workers take
//!   about [`CHUNK_TIME`] to work (by the time the last chunks took, a chunk a single item until
//!   one is done, never more than [`Setup::chunk_size`]): thousands of fast puzzles go in few
//!   hand-overs, while slow ones go one by one, to every worker, each answer as soon as it is
//!   ready. Before it does anything that may block (a read from stdin or a pipe), it sends off
//!   the chunk it holds with a mark saying that the input has nothing more ready;
//! * **workers** (`-j` of them) run the job on whole chunks;
//! * the calling thread puts the chunks back in order and passes each result to `report`. When it
//!   reaches a marked chunk it reports [`Signal::InputIdle`] (time to flush: someone may be waiting
//!   for this answer), and at most every [`TICK`] it reports [`Signal::Tick`] (time to flush what
//!   a slow job has produced, and to draw progress).
//!
//! Memory stays flat: at most a few chunks per worker are in flight. When `report` fails (a
//! closed pipe) or Ctrl-C is pressed, `run` returns at once, between two answers; the other
//! threads are left to end with the process. So it does, with an error, when the job panics on
//! a worker (a bug), rather than wait for ever for the answer that worker owed.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use clap::Args;

use super::interrupt;

/// The longest the calling thread goes without a [`Signal::Tick`] while results are pending.
pub const TICK: Duration = Duration::from_millis(200);

/// About how long a chunk should take a worker: long enough that handing it over costs little
/// beside it, short enough that a chunk of slow items does not hold back answers (and the
/// other workers) for long.
pub const CHUNK_TIME: Duration = Duration::from_millis(2);

/// What the last chunk worked took an item, in nanoseconds ([`UNMEASURED`] before any):
/// written by the workers, read by the feeder to size its chunks.
struct ItemCost(AtomicU64);

/// [`ItemCost`] before any chunk is done: chunks of one item until then.
const UNMEASURED: u64 = u64::MAX;

impl ItemCost {
    fn new() -> Self {
        ItemCost(AtomicU64::new(UNMEASURED))
    }

    /// Notes that `items` items took `elapsed`.
    fn note(&self, items: usize, elapsed: Duration) {
        let nanos = elapsed.as_nanos() / items.max(1) as u128;
        self.0.store(
            u64::try_from(nanos).unwrap_or(u64::MAX - 1),
            Ordering::Relaxed,
        );
    }

    /// How many items make a chunk of about [`CHUNK_TIME`], at least 1 and at most `most`.
    fn chunk_size(&self, most: usize) -> usize {
        match self.0.load(Ordering::Relaxed) {
            UNMEASURED => 1,
            nanos => {
                let fit = CHUNK_TIME.as_nanos() as u64 / nanos.max(1);
                usize::try_from(fit).unwrap_or(usize::MAX).clamp(1, most)
            }
        }
    }
}

/// The `-j/--jobs` argument shared by the subcommands that work puzzle by puzzle.
#[derive(Args, Debug, Clone)]
pub struct JobsArgs {
    /// Threads to use [default, and 0: every core; more than the cores are not used]. The
    /// output is the same, byte for byte, for any number.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<u16>,
}

impl JobsArgs {
    /// The number of worker threads: as asked (0: as many as the machine has cores), but never
    /// more than it has, where more would only cost time.
    pub fn threads(&self) -> usize {
        let cores = thread::available_parallelism().map_or(1, |n| n.get());
        match self.jobs {
            None | Some(0) => cores,
            Some(n) => usize::from(n).min(cores),
        }
    }
}

/// What the calling thread is told, in input order.
pub enum Signal<I, T> {
    /// An item and the job's result for it.
    Done(I, T),
    /// Everything produced so far has been reported, and the feeder is waiting for input: what
    /// was printed should be flushed now.
    InputIdle,
    /// Time has passed ([`TICK`]): flush anything a slow job produced, update progress.
    Tick,
}

/// A chunk of items, numbered in input order.
struct Chunk<I> {
    seq: u64,
    items: Vec<I>,
    /// The feeder waited for input after this chunk.
    then_idle: bool,
}

/// The feeder's side: collects items into chunks and sends them to the workers. Shared by
/// reference, so that a reader deep in the feeder can say when it is about to wait.
pub struct Feed<I> {
    state: RefCell<FeedState<I>>,
}

/// The chunk being filled and where chunks go.
struct FeedState<I> {
    chunk: Vec<I>,
    /// The most items a chunk holds ([`Setup::chunk_size`]).
    chunk_size: usize,
    /// What an item has been taking the workers, to size the chunks by.
    cost: Arc<ItemCost>,
    /// How many items the chunk being filled takes: sized by `cost` when the one before it
    /// went off.
    limit: usize,
    seq: u64,
    work: SyncSender<Chunk<I>>,
    /// One permit per chunk in flight; the calling thread takes one back per chunk reported.
    permits: SyncSender<()>,
    /// False once the pipeline has ended (the calling thread stopped).
    open: bool,
}

impl<I> Feed<I> {
    /// Adds an item. Returns false when the pipeline has ended and nothing more is wanted.
    pub fn push(&self, item: I) -> bool {
        let mut state = self.state.borrow_mut();
        state.chunk.push(item);
        if state.chunk.len() >= state.limit {
            state.send(false);
        }
        state.open
    }

    /// Says that the input has nothing more ready: the chunk held so far goes off at once,
    /// marked, so that its results are flushed as soon as they are printed.
    pub fn idle(&self) {
        self.state.borrow_mut().send(true);
    }
}

impl<I> FeedState<I> {
    /// Sends the chunk held (even an empty one, when it carries the idle mark).
    fn send(&mut self, then_idle: bool) {
        if !self.open || (self.chunk.is_empty() && !then_idle) {
            return;
        }
        self.limit = self.cost.chunk_size(self.chunk_size);
        let chunk = Chunk {
            seq: self.seq,
            items: std::mem::replace(&mut self.chunk, Vec::with_capacity(self.limit)),
            then_idle,
        };
        self.seq += 1;
        self.open = self.permits.send(()).is_ok() && self.work.send(chunk).is_ok();
    }

    /// Sends what is left.
    fn finish(&mut self) {
        self.send(false);
    }
}

/// How a pipeline is set up.
pub struct Setup {
    /// Worker threads.
    pub threads: usize,
    /// The most items a chunk holds: large for fast jobs (fewer hand-overs), 1 for slow ones
    /// (each answer as soon as it is ready). Chunks are smaller while the items are slow (see
    /// [`CHUNK_TIME`]).
    pub chunk_size: usize,
}

/// Runs the pipeline: `produce` feeds items on a thread of its own, `work` runs on `threads`
/// workers, and `report` is called on this thread with every result in input order, and with
/// the signals described in [`Signal`]. Stops early only when `report` fails, or with an error
/// when `work` panics (a bug: the run ends rather than wait for an answer that will not come).
pub fn run<I, T, P, W, R>(setup: Setup, produce: P, work: W, mut report: R) -> Result<()>
where
    I: Send + 'static,
    T: Send + 'static,
    P: FnOnce(&Feed<I>) + Send + 'static,
    W: Fn(&I) -> T + Send + Sync + 'static,
    R: FnMut(Signal<I, T>) -> Result<()>,
{
    let threads = setup.threads.max(1);
    let chunk_size = setup.chunk_size.max(1);
    let (work_sender, work_receiver) = mpsc::sync_channel::<Chunk<I>>(threads);
    let (permit_sender, permit_receiver) = mpsc::sync_channel::<()>(4 * threads + 2);
    let (done_sender, done_receiver) = mpsc::channel::<Done<I, T>>();
    let cost = Arc::new(ItemCost::new());

    let feeder_cost = cost.clone();
    let feeder = thread::Builder::new()
        .name("feeder".into())
        .spawn(move || {
            let feed = Feed {
                state: RefCell::new(FeedState {
                    chunk: Vec::new(),
                    chunk_size,
                    cost: feeder_cost,
                    limit: 1,
                    seq: 0,
                    work: work_sender,
                    permits: permit_sender,
                    open: true,
                }),
            };
            produce(&feed);
            feed.state.borrow_mut().finish();
        })?;
    let work = Arc::new(work);
    let work_receiver = Arc::new(Mutex::new(work_receiver));
    for index in 0..threads {
        let (work, chunks, done) = (work.clone(), work_receiver.clone(), done_sender.clone());
        let cost = cost.clone();
        thread::Builder::new()
            .name(format!("worker {index}"))
            .spawn(move || worker(&*work, &chunks, &done, &cost))?;
    }
    drop(done_sender);

    let mut waiting: BTreeMap<u64, (Chunk<I>, Vec<T>)> = BTreeMap::new();
    let mut next = 0;
    let mut last_tick = Instant::now();
    loop {
        let received = match done_receiver.recv_timeout(TICK) {
            Ok(done) => Some(done),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        interrupt::check()?;
        if last_tick.elapsed() >= TICK {
            last_tick = Instant::now();
            report(Signal::Tick)?;
        }
        let Some(done) = received else {
            continue;
        };
        // The other threads are left to end with the process, as when `report` fails: waiting
        // for them could be waiting for ever (the feeder blocked on a full channel).
        let Ok((chunk, results)) = done else {
            bail!(
                "internal error: the job panicked on a puzzle (a bug in sudoku: please report \
                 it); the rest of the input was not processed"
            );
        };
        waiting.insert(chunk.seq, (chunk, results));
        while let Some((chunk, results)) = waiting.remove(&next) {
            next += 1;
            let idle = chunk.then_idle;
            for (item, result) in chunk.items.into_iter().zip(results) {
                interrupt::check()?;
                report(Signal::Done(item, result))?;
            }
            if idle {
                report(Signal::InputIdle)?;
            }
            // A chunk reported frees its place for the feeder; the feeder may have ended.
            let _ = permit_receiver.try_recv();
        }
    }
    if feeder.join().is_err() || !waiting.is_empty() {
        bail!("internal error: a worker thread stopped before its work was done");
    }
    Ok(())
}

/// What a worker sends back when the job panicked on one of its items (a bug): the calling
/// thread then ends the run with an error instead of waiting for that chunk for ever.
struct Panicked;

/// What a worker sends back for a chunk: the chunk with its results in item order, or word
/// that the job panicked on one of its items.
type Done<I, T> = Result<(Chunk<I>, Vec<T>), Panicked>;

/// A worker: runs `work` on every item of each chunk it takes, and sends the results on, or
/// [`Panicked`] (and stops) when the job panics.
fn worker<I, T>(
    work: &impl Fn(&I) -> T,
    chunks: &Mutex<Receiver<Chunk<I>>>,
    done: &mpsc::Sender<Done<I, T>>,
    cost: &ItemCost,
) {
    loop {
        let chunk = match chunks.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(chunk) = chunk else { return };
        let started = Instant::now();
        // What the job held when it panicked is dropped, and the run ends as soon as the
        // calling thread hears of it, so no broken invariant is relied on afterwards.
        let results =
            panic::catch_unwind(AssertUnwindSafe(|| chunk.items.iter().map(work).collect()));
        let Ok(results) = results else {
            let _ = done.send(Err(Panicked));
            return;
        };
        cost.note(chunk.items.len(), started.elapsed());
        if done.send(Ok((chunk, results))).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_at_most_the_cores_and_0_is_all_of_them() {
        let cores = thread::available_parallelism().map_or(1, |n| n.get());
        let threads = |jobs| JobsArgs { jobs }.threads();
        assert_eq!(threads(None), cores);
        assert_eq!(threads(Some(0)), cores);
        assert_eq!(threads(Some(1)), 1);
        assert_eq!(threads(Some(u16::MAX)), cores);
    }

    /// Slow items go one by one even where chunks may hold many: every worker gets some, and
    /// the first answer is reported while later items are still to be worked. (With chunks of
    /// up to 256 filled regardless, one worker took all eight, and nothing was reported until
    /// the last was done.)
    #[test]
    fn slow_items_are_shared_out_and_answered_as_they_are_done() {
        use std::collections::BTreeSet;
        use std::sync::atomic::AtomicUsize;
        let started = Arc::new(AtomicUsize::new(0));
        let workers = Arc::new(Mutex::new(BTreeSet::new()));
        let setup = Setup {
            threads: 2,
            chunk_size: 256,
        };
        let produce = |feed: &Feed<u32>| {
            for item in 0..8 {
                feed.push(item);
            }
        };
        let work = {
            let (started, workers) = (started.clone(), workers.clone());
            move |&item: &u32| {
                started.fetch_add(1, Ordering::SeqCst);
                let name = thread::current().name().map(String::from);
                workers.lock().unwrap().insert(name);
                thread::sleep(Duration::from_millis(20));
                item
            }
        };
        let (mut reported, mut started_at_first) = (Vec::new(), None);
        run(setup, produce, work, |signal| {
            if let Signal::Done(_, value) = signal {
                started_at_first.get_or_insert(started.load(Ordering::SeqCst));
                reported.push(value);
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(reported, (0..8).collect::<Vec<_>>());
        assert_eq!(workers.lock().unwrap().len(), 2, "both workers took items");
        let started_at_first = started_at_first.unwrap();
        assert!(
            started_at_first < 8,
            "{started_at_first} of 8 begun at the first answer"
        );
    }

    #[test]
    fn a_job_that_panics_ends_the_run_with_an_error_instead_of_hanging() {
        let (sender, receiver) = mpsc::channel();
        thread::spawn(move || {
            let mut reported = Vec::new();
            let setup = Setup {
                threads: 1,
                chunk_size: 1,
            };
            let produce = |feed: &Feed<u32>| {
                for item in 0..100_000 {
                    if !feed.push(item) {
                        return;
                    }
                }
            };
            let work = |&item: &u32| {
                assert_ne!(item, 3, "a deliberate panic on item 3");
                item
            };
            let result = run(setup, produce, work, |signal| {
                if let Signal::Done(_, value) = signal {
                    reported.push(value);
                }
                Ok(())
            });
            let _ = sender.send((result.is_err(), reported));
        });
        let (failed, reported) = receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("the run ends instead of waiting for the lost answer");
        assert!(failed, "a panic is an error");
        // One worker, one item a chunk: the answers before the panic come first, in order.
        assert_eq!(reported, [0, 1, 2]);
    }
}
