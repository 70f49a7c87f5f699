//! One input read ahead and worked out on several threads: the reading thread cuts the
//! input into chunks of lines, worker threads work each chunk out with the task's
//! [`Work`], and the reading thread hands the results back in input order, one line at a
//! time, to be applied and written. The reading thread is one of the threads asked for:
//! while the next results have not come back, it works out a chunk itself. Nothing here
//! knows what a line means.
//!
//! Memory stays bounded: a chunk holds at most [`CHUNK_LINES`] lines and about
//! [`CHUNK_BYTES`] bytes, and at most [`AHEAD`] chunks per thread are read ahead of the
//! results handed back. The buffers of the chunks handed back are kept for the next
//! chunks, no more of them than can be under way.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};
use std::thread::{self, Scope, ScopedJoinHandle};
use std::time::Duration;

use super::read::{Line, LineReader};
use super::task::Work;
use crate::line::LineError;
use crate::output::Location;

/// Lines in a chunk at most: enough that passing a chunk between threads costs little
/// beside working out its lines (some microseconds each), few enough that the first
/// results come soon.
const CHUNK_LINES: usize = 256;

/// Bytes of text after which a chunk takes no more lines, so that long lines do not make
/// big chunks.
const CHUNK_BYTES: usize = 64 * 1024;

/// Chunks per thread read ahead of the results handed back: enough to keep every thread
/// busy while the reading thread writes.
const AHEAD: usize = 4;

/// Address space a chunk under way may take: its text, and its rendered results, which run
/// to a few times the text (JSON of a hand is longer than the hand; waits much longer).
const CHUNK_MEMORY: usize = 5 * CHUNK_BYTES;

/// Address space a worker takes beside its chunks: the state scoring keeps on each thread
/// (the waits analysis alone keeps 256 KB) and what its allocator holds.
const WORKER_MEMORY: usize = 1024 * 1024;

/// What the reading thread hands back, in input order.
pub(super) enum Item<'r, T> {
    /// A line's work, with the line's number, its text (as the work was given it) and the
    /// result its work rendered.
    Line(usize, &'r str, T, &'r str),
    /// The error that ended the input.
    Failure(io::Error),
}

/// Buffers of chunks handed back, for the next chunks to take instead of allocating
/// their own: a chunk's rendered results are larger than the allocator's threshold for
/// mapping fresh memory, and mapping and faulting in a new one for each chunk, then
/// unmapping it, cost a tenth of a run on two threads in the kernel alone.
struct Pool {
    buffers: Mutex<Vec<String>>,
    /// The most buffers kept: as many as chunks can be under way at once.
    kept: usize,
}

impl Pool {
    fn new(kept: usize) -> Pool {
        Pool {
            buffers: Mutex::new(Vec::new()),
            kept,
        }
    }

    /// A buffer handed back, emptied, or a new one of `capacity`.
    fn take(&self, capacity: usize) -> String {
        let kept = self.lock().pop();
        kept.unwrap_or_else(|| String::with_capacity(capacity))
    }

    /// Keeps `buffer` for a later chunk (emptied), if the pool is not full.
    fn give(&self, mut buffer: String) {
        buffer.clear();
        let mut buffers = self.lock();
        if buffers.len() < self.kept {
            buffers.push(buffer);
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<String>> {
        // No thread panics while holding it: a poisoned pool is as good.
        self.buffers.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Lines to work out, their text in one buffer.
#[derive(Default)]
struct Chunk {
    text: String,
    lines: Vec<Piece>,
}

/// A chunk worked out: each line's number, work and where its rendered result is in
/// `rendered`, the one buffer of the chunk's results (a `String` a line, allocated on a
/// worker and freed on the reading thread, made the threads contend for the allocator).
/// The chunk's text comes back with it (moved, not copied): the task applying a line may
/// need its text.
struct Worked<T> {
    text: String,
    rendered: String,
    lines: Vec<(usize, Range<usize>, T, Range<usize>)>,
}

/// One line of a chunk: its number, where its text is, and why it is unusable if it is.
struct Piece {
    number: usize,
    text: Range<usize>,
    unusable: Option<LineError>,
}

/// How the input stands after a chunk.
enum After {
    More,
    End,
    Failed(io::Error),
}

/// The system would not start a worker thread (a memory or process limit): those that
/// had started were ended again, and nothing was read.
pub(super) struct Refused {
    /// The threads that were at work: the reading thread and the workers that had started.
    pub started: usize,
    /// Why the next would not.
    pub error: io::Error,
}

/// Works out every line of `lines` with `work` on `jobs` threads (this one and `jobs - 1`
/// workers; `jobs` is at least 2), and hands each result to `each` in input order, then
/// the read error that ended the input, if any. An error from `each` stops the run and is
/// returned; so does `stop`, once set, after the line handed back when it was seen (the
/// lines read ahead are dropped).
///
/// A thread the system will not start, or threads that started but would not find the
/// memory to work in, are no failure: the threads started are ended, and `Refused` is
/// returned before a line is read, for the caller to read the input line by
/// line. Going on with the threads that did start would leave the process at the system's
/// limit: their memory, when it is memory that is short, fails them as they work (under
/// `ulimit -v`, `-j 16` aborted where the line-by-line run goes through).
pub(super) fn each_line<R: Read, W: Work>(
    lines: &mut LineReader<R>,
    file: Option<&str>,
    work: &W,
    jobs: usize,
    stop: Option<&AtomicBool>,
    each: &mut impl FnMut(Item<'_, W::Worked>) -> io::Result<()>,
) -> io::Result<Option<Refused>> {
    let stopped = || stop.is_some_and(|stop| stop.load(Ordering::SeqCst));
    let (chunks, queue) = mpsc::channel::<(usize, Chunk)>();
    let queue = Mutex::new(queue);
    // `None` says a worker panicked: its chunk will never come.
    let (done, results) = mpsc::channel::<(usize, Option<Worked<W::Worked>>)>();
    // Workers that have begun to run their loop. A thread the system started may still die
    // before that (under a tight memory limit, std cannot map its signal stack and the
    // thread panics at its start): it is then finished without being alive.
    let alive = AtomicUsize::new(0);
    // A chunk's text and its rendered results, each kept apart: their sizes differ.
    let under_way = jobs * AHEAD + 1;
    let (texts, renders) = (Pool::new(under_way), Pool::new(under_way));
    // This thread works too: a thread more than the cores, woken for every chunk that came
    // back, took a core from a worker each time.
    let helpers = jobs - 1;
    let shared = Shared {
        queue: &queue,
        alive: &alive,
        work,
        file,
        renders: &renders,
    };
    // Under a tight limit (`ulimit -v`) a thread the system starts may find no memory for
    // its own first needs (its signal stack, its thread-locals) and abort the process, or
    // die holding nothing and leave the run waiting. So what the threads will take, their
    // stacks included, is asked of the system before any is started.
    if helpers > 0 {
        if let Err(error) = memory_to_start(helpers, under_way) {
            return Ok(Some(Refused { started: 1, error }));
        }
    }
    thread::scope(|scope| {
        let workers = start_workers(scope, helpers, &shared, &done).and_then(|workers| {
            match ready_to_work(&workers, &alive, jobs, under_way) {
                Ok(()) => Ok(workers),
                Err(refused) => Err((workers, refused)),
            }
        });
        // The workers run until the queue's sender is dropped below; the scope joins them.
        let _workers = match workers {
            Ok(workers) => workers,
            Err((workers, refused)) => {
                // Without a chunk to take, the workers started end; the scope waits for
                // them.
                drop(chunks);
                join_quietly(workers);
                return Ok(Some(refused));
            }
        };
        drop(done);
        // The chunks are numbered as read; `next` is the number of the next to hand back,
        // and `waiting` holds those that came back before it.
        let (mut read, mut next) = (0, 0);
        let mut waiting = BTreeMap::new();
        let mut after = After::More;
        'results: loop {
            while matches!(after, After::More) && read - next < jobs * AHEAD && !stopped() {
                let chunk;
                (chunk, after) = read_chunk(lines, &texts);
                if !chunk.lines.is_empty() {
                    // A worker is alive until the queue's sender is dropped.
                    let _ = chunks.send((read, chunk));
                    read += 1;
                }
            }
            if next == read {
                break;
            }
            let Some((index, worked)) = next_worked(&results, &queue, work, file, &renders) else {
                break; // every worker panicked: the scope passes it on
            };
            let Some(worked) = worked else {
                break;
            };
            waiting.insert(index, worked);
            while let Some(worked) = waiting.remove(&next) {
                next += 1;
                if hand_back(worked, &stopped, each, (&texts, &renders))? == Handed::Stopped {
                    break 'results;
                }
            }
        }
        // Dropping the sender ends the workers, even when `each` failed above.
        drop(chunks);
        match after {
            After::Failed(error) if !stopped() => each(Item::Failure(error))?,
            _ => {}
        }
        Ok(None)
    })
}

/// What every worker shares: the queue of chunks, the count of workers alive, the work,
/// the file's name and the pool of buffers for rendered results.
struct Shared<'a, W> {
    queue: &'a Mutex<mpsc::Receiver<(usize, Chunk)>>,
    alive: &'a AtomicUsize,
    work: &'a W,
    file: Option<&'a str>,
    renders: &'a Pool,
}

/// Starts `helpers` workers, each sending what it works out to `done`; a thread the
/// system refuses ends the starting, with the workers started so far and why.
#[allow(clippy::type_complexity)] // the two halves of a refusal, said once
fn start_workers<'scope, W: Work>(
    scope: &'scope Scope<'scope, '_>,
    helpers: usize,
    shared: &'scope Shared<'scope, W>,
    done: &mpsc::Sender<(usize, Option<Worked<W::Worked>>)>,
) -> Result<Vec<ScopedJoinHandle<'scope, ()>>, (Vec<ScopedJoinHandle<'scope, ()>>, Refused)> {
    let mut workers = Vec::with_capacity(helpers);
    for started in 0..helpers {
        let done = done.clone();
        let worker = move || {
            shared.alive.fetch_add(1, Ordering::SeqCst);
            work_chunks(
                shared.queue,
                &done,
                shared.work,
                shared.file,
                shared.renders,
            );
        };
        match start(scope, started, worker) {
            Ok(handle) => workers.push(handle),
            Err(error) => {
                let refused = Refused {
                    started: started + 1,
                    error,
                };
                return Err((workers, refused));
            }
        }
    }
    Ok(workers)
}

/// Whether a chunk's lines were all handed back, or a stop came first.
#[derive(PartialEq, Eq)]
enum Handed {
    All,
    Stopped,
}

/// Hands back each line of a chunk worked out, in order, unless `stopped`; then gives its
/// buffers back to their pools (texts, rendered results).
fn hand_back<T>(
    worked: Worked<T>,
    stopped: &impl Fn() -> bool,
    each: &mut impl FnMut(Item<'_, T>) -> io::Result<()>,
    (texts, renders): (&Pool, &Pool),
) -> io::Result<Handed> {
    let Worked {
        text,
        rendered,
        lines,
    } = worked;
    for (number, line, worked, range) in lines {
        if stopped() {
            return Ok(Handed::Stopped);
        }
        each(Item::Line(number, &text[line], worked, &rendered[range]))?;
    }
    texts.give(text);
    renders.give(rendered);
    Ok(Handed::All)
}

/// Whether the workers started can work, or why the run goes line by line instead, as when
/// a thread is refused: a worker died as it started, or the memory they will work in is
/// not there.
fn ready_to_work(
    workers: &[ScopedJoinHandle<'_, ()>],
    alive: &AtomicUsize,
    jobs: usize,
    under_way: usize,
) -> Result<(), Refused> {
    // Every worker started is alive, or died at its start.
    let died = loop {
        let died = workers.iter().filter(|w| w.is_finished()).count();
        if alive.load(Ordering::SeqCst) + died >= workers.len() {
            break died;
        }
        thread::sleep(Duration::from_micros(100));
    };
    if died > 0 {
        return Err(Refused {
            started: jobs - died,
            error: io::Error::other("a thread stopped as it started"),
        });
    }
    // The threads started, but what they will take as they work may not fit: under a tight
    // limit (`ulimit -v`) an allocation would then fail halfway through the run, which
    // aborts the process with part of its output. What they need is asked of the system
    // now, and given back.
    memory_for(jobs, under_way).map_err(|error| Refused {
        started: jobs,
        error,
    })
}

/// The next chunk worked out, as a worker sends it back; while none has come back, a chunk
/// still queued is worked out on this thread rather than waited for. `None` when none will
/// come: every worker has ended.
fn next_worked<W: Work>(
    results: &mpsc::Receiver<(usize, Option<Worked<W::Worked>>)>,
    queue: &Mutex<mpsc::Receiver<(usize, Chunk)>>,
    work: &W,
    file: Option<&str>,
    renders: &Pool,
) -> Option<(usize, Option<Worked<W::Worked>>)> {
    match results.try_recv() {
        Ok(result) => return Some(result),
        Err(mpsc::TryRecvError::Disconnected) => return None,
        Err(mpsc::TryRecvError::Empty) => {}
    }
    // A worker holds the queue while it takes a chunk, or waits for one when none is
    // queued: this thread then waits for a result. A panic here unwinds out of the scope,
    // which closes the queue and so ends the workers.
    let queued = queue
        .try_lock()
        .ok()
        .and_then(|queue| queue.try_recv().ok());
    match queued {
        Some((index, chunk)) => Some((index, Some(chunk.work(work, file, renders)))),
        None => results.recv().ok(),
    }
}

/// Whether the address space the threads will take as they work (`under_way` chunks, and
/// `jobs - 1` workers' own) can be had: it is reserved and given back at once.
fn memory_for(jobs: usize, under_way: usize) -> io::Result<()> {
    let bytes = under_way * CHUNK_MEMORY + (jobs - 1) * WORKER_MEMORY;
    Vec::<u8>::new()
        .try_reserve_exact(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::OutOfMemory, "not enough memory for them"))
}

/// Address space a thread takes to start, beside what it works in: its stack (the
/// standard library's default, 2 MiB) and room for what it sets up first.
const THREAD_START_MEMORY: usize = 2 * 1024 * 1024 + 512 * 1024;

/// Room left beside all that the threads are counted to take: what the allocator takes
/// beside what is asked of it (each thread's own arena, where it can have one) cannot be
/// counted, and with less room than this a run on several threads was seen to fail an
/// allocation, which aborts the process, while the same run on one thread went through.
const MEMORY_MARGIN: usize = 16 * 1024 * 1024;

/// Whether the address space `helpers` threads need, to start and then to work with
/// `under_way` chunks, can be had, with [`MEMORY_MARGIN`] to spare: it is reserved and
/// given back at once.
fn memory_to_start(helpers: usize, under_way: usize) -> io::Result<()> {
    let bytes = helpers * (THREAD_START_MEMORY + WORKER_MEMORY)
        + under_way * CHUNK_MEMORY
        + MEMORY_MARGIN;
    Vec::<u8>::new()
        .try_reserve_exact(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::OutOfMemory, "not enough memory to start them"))
}

/// Starts a worker thread in `scope`, or says why the system would not (`started` workers
/// are running already). Unlike [`Scope::spawn`], which panics then, a refusal is an error
/// the caller can go on from.
fn start<'scope>(
    scope: &'scope Scope<'scope, '_>,
    started: usize,
    worker: impl FnOnce() + Send + 'scope,
) -> io::Result<ScopedJoinHandle<'scope, ()>> {
    if let Some(refusal) = refused_in_test(started) {
        return Err(refusal);
    }
    thread::Builder::new().spawn_scoped(scope, worker)
}

/// The threads worth starting for `jobs` asked: no more than twice the cores (at least 4).
/// The work is all computing, so more threads give nothing, and each takes memory (its
/// stack, an allocator's arena): thousands of them exhaust a limited address space, where
/// an allocation that fails aborts the process.
pub(super) fn useful_threads(jobs: usize) -> usize {
    let cores = thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    jobs.min((2 * cores).max(4))
}

/// A worker's loop: takes chunks from `queue` until the reading thread closes it, and sends
/// each one's results to `done` (`None` if the work panicked, which the scope passes on).
fn work_chunks<W: Work>(
    queue: &Mutex<mpsc::Receiver<(usize, Chunk)>>,
    done: &mpsc::Sender<(usize, Option<Worked<W::Worked>>)>,
    work: &W,
    file: Option<&str>,
    renders: &Pool,
) {
    loop {
        // The lock is held only to take a chunk: no thread panics while holding it.
        let next = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
        let Ok((index, chunk)) = next else {
            return; // the reading thread is done
        };
        match panic::catch_unwind(AssertUnwindSafe(|| chunk.work(work, file, renders))) {
            Ok(worked) => {
                if done.send((index, Some(worked))).is_err() {
                    return;
                }
            }
            Err(panicked) => {
                let _ = done.send((index, None));
                // The scope passes the panic on once every thread has ended.
                panic::resume_unwind(panicked);
            }
        }
    }
}

/// Waits for `workers` to end, a panic at a thread's start included: joined here, it is not
/// passed on by the scope (no line was given to such a thread, so none is lost).
fn join_quietly(workers: Vec<ScopedJoinHandle<'_, ()>>) {
    for worker in workers {
        let _ = worker.join();
    }
}

#[cfg(test)]
thread_local! {
    /// The worker threads this test thread's runs may start; the next is refused as a
    /// system at its limit would refuse it.
    static THREADS_ALLOWED: std::cell::Cell<usize> = const { std::cell::Cell::new(usize::MAX) };
}

/// Tests: lets the runs of this thread start only `count` worker threads.
#[cfg(test)]
pub(super) fn allow_threads(count: usize) {
    THREADS_ALLOWED.set(count);
}

/// Tests: the refusal of a thread beyond those [`allow_threads`] allows.
#[cfg(test)]
fn refused_in_test(started: usize) -> Option<io::Error> {
    (started >= THREADS_ALLOWED.get())
        .then(|| io::Error::new(io::ErrorKind::WouldBlock, "refused by the test"))
}

/// Outside tests every thread is asked of the system.
#[cfg(not(test))]
fn refused_in_test(_started: usize) -> Option<io::Error> {
    None
}

/// Reads the next chunk: up to [`CHUNK_LINES`] lines that are neither blank nor comments,
/// and how the input stands after it.
fn read_chunk<R: Read>(lines: &mut LineReader<R>, texts: &Pool) -> (Chunk, After) {
    let mut chunk = Chunk {
        text: texts.take(0),
        lines: Vec::new(),
    };
    while chunk.lines.len() < CHUNK_LINES && chunk.text.len() < CHUNK_BYTES {
        let (number, line) = match lines.next_line() {
            Ok(Some(next)) => next,
            Ok(None) => return (chunk, After::End),
            Err(error) => return (chunk, After::Failed(error)),
        };
        let start = chunk.text.len();
        let unusable = match line {
            Line::Skipped => continue,
            Line::Text(text) => {
                chunk.text.push_str(&text);
                None
            }
            Line::Unusable { display, error } => {
                chunk.text.push_str(&display);
                Some(error)
            }
        };
        chunk.lines.push(Piece {
            number,
            text: start..chunk.text.len(),
            unusable,
        });
    }
    (chunk, After::More)
}

impl Chunk {
    /// Every line's work with its number, in order, and their rendered results.
    fn work<W: Work>(self, work: &W, file: Option<&str>, renders: &Pool) -> Worked<W::Worked> {
        // About what a JSON line renders to, so that a new buffer seldom grows.
        let mut rendered = renders.take(self.lines.len() * 640);
        let lines = self
            .lines
            .iter()
            .map(|piece| {
                let at = Location {
                    file,
                    line: piece.number,
                };
                let text = &self.text[piece.text.clone()];
                let start = rendered.len();
                let worked = match &piece.unusable {
                    None => work.line(text, &at, &mut rendered),
                    Some(error) => work.unusable(text, error, &at, &mut rendered),
                };
                (
                    piece.number,
                    piece.text.clone(),
                    worked,
                    start..rendered.len(),
                )
            })
            .collect();
        Worked {
            text: self.text,
            rendered,
            lines,
        }
    }
}
