//! What a run does with each line, in two halves: the pure [`Work`] of a line, done on any
//! thread, and the [`Task`] that applies each line's work in input order.

use std::borrow::Cow;

use crate::line::LineError;
use crate::output::{Columns, Location};

/// What a batch run does with each line, for [`run_task`]: scoring ([`run`]) or another
/// analysis of the same lines (`mjscore waits`), which shares the reading loop.
///
/// A task comes in two halves, so that lines can be worked out on several threads and the
/// output still be what one thread would write. Its [`Work`] does the pure part of a line
/// (read it, score it, render its own result) on any thread; the task itself then
/// [`apply`](Task::apply)s each line's work in input order, on one thread: everything
/// that depends on the lines before (counts, a session's sheet) belongs there.
pub(crate) trait Task {
    /// The pure half of the task.
    type Work: Work;
    /// The pure half, handed to the threads that work lines out.
    fn work(&self) -> Self::Work;
    /// One line's work, in input order, with the line's text (as its [`Work`] was given
    /// it) and the result its work rendered: what to write for it (that result itself,
    /// unless the task adds to it or works the line out again, knowing the lines before).
    fn apply<'t>(
        &mut self,
        worked: <Self::Work as Work>::Worked,
        text: &str,
        rendered: &'t str,
        at: &Location,
    ) -> Cow<'t, str>;
    /// The columns of the run's rows (see [`Renderer::header`]); `with_file`: the run reads
    /// several inputs.
    fn columns(&self, with_file: bool) -> Columns<'_>;
    /// An input could not be read: the task counts it (the batch renders its row, in the
    /// run's columns).
    fn input_failed(&mut self);
    /// The next input starts: its top may state the rules again (see `Scoring`).
    fn input_started(&mut self) {}
}

/// The pure half of a [`Task`]: what a line gives on its own, whatever the lines around
/// it. It is shared between threads, so it holds nothing that changes.
pub(crate) trait Work: Sync {
    /// A line's result as worked out, for [`Task::apply`].
    type Worked: Send;
    /// One line holding a hand (not blank, not a comment): its own result is rendered at
    /// the end of `out` (a buffer the batch reuses, so that a line allocates nothing for
    /// it), and what else [`Task::apply`] needs is returned.
    fn line(&self, text: &str, at: &Location, out: &mut String) -> Self::Worked;
    /// A line that is not text the parser can read, rendered at the end of `out`.
    fn unusable(
        &self,
        display: &str,
        error: &LineError,
        at: &Location,
        out: &mut String,
    ) -> Self::Worked;
}
