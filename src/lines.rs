//! Batch scoring: one hand per line from any number of inputs, results written in input
//! order as they are scored, and a [`Summary`] of the run.
//!
//! Memory stays flat however long the input: lines are read one at a time into one reused
//! buffer, a line longer than 64 KiB (`MAX_LINE`) bytes is skipped (reported as an error) without
//! being held, and the summary keeps counts only. A pipe or a terminal is read line by
//! line, and the output flushed whenever the input has nothing more buffered, so results
//! appear while a slow producer is still writing. A regular file is read ahead in chunks,
//! worked out on every core and written in input order (the `parallel` submodule): each
//! `Task` is split into its pure half (`Work`: read, score, render a line's own result)
//! and what must follow input order (the summary, a session's sheet), applied on one thread.
//!
//! Whatever ends a run, its output ends after a whole line: results are buffered here and
//! handed to the writer in whole lines, and a run is stopped from outside (a signal handler
//! of the binary: [`Control`]) only between lines. A thread the system will not start ends
//! no run either: the input is read line by line instead.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::line::{score_line_with, Error, LineError, Options, Scored};
use crate::output::{Columns, Location, Renderer};
use crate::rule_set::RuleSet;
use crate::session::{self, Directive, Played, SessionError, SessionErrorKind};
use crate::summary::Tally;
use parallel::Item;

mod parallel;
mod read;
pub(crate) mod stated;
mod task;
// The `waits` analysis over a list: a task of this module's run (the facade names it).
engine_modules!(waits);

use crate::summary::Summary;
// The command line's alone (re-exported by `batch` with the `cli` feature).
#[cfg_attr(not(feature = "cli"), allow(unused_imports))]
pub use read::first_players;
#[cfg_attr(not(feature = "cli"), allow(unused_imports))]
pub use stated::{first_rules, StatedRules};
use read::{Line, LineReader};
pub(crate) use task::{Task, Work};

/// One input of a batch run.
pub struct Input {
    /// Shown with each line's number when a run has several inputs.
    pub name: Option<String>,
    /// How a message names the input if it cannot be read: its path, or `standard input`.
    pub source: String,
    /// Where the lines come from.
    pub reader: Box<dyn Read>,
    /// Whether the input may be read ahead of its results: a regular file, whose lines
    /// are scored in chunks on every core. A pipe or a terminal (`false`) is read and
    /// answered line by line, as a slow producer waits for each result.
    pub read_ahead: bool,
}

/// What a batch run scores by and how it renders its results.
#[derive(Clone, Copy)]
pub struct Settings<'a> {
    /// The scoring system.
    pub rules: &'a RuleSet,
    /// The output format, made for `rules` (see [`crate::render::Format::renderer`]).
    pub output: &'a dyn Renderer,
    /// A claim, `--all`, the rule sets on offer.
    pub options: Options<'a>,
    /// The run's first `players:` line, when it was found before the run by looking ahead
    /// in its inputs (as the command line does for its files
    /// in TSV): a format with a header then has the session's columns from its first row,
    /// wherever the session starts, and the rows before it leave them empty. `None`: a
    /// session adds its columns only when its `players:` line is the first line read.
    pub session_ahead: Option<&'a [String; 4]>,
}

/// How a batch run is carried out, beside what it writes: on how many threads, what is
/// told when fewer can start, and how it is stopped early. [`Control::jobs`] sets only the
/// threads.
#[derive(Clone, Copy)]
pub struct Control<'a> {
    /// Threads that work out an input read ahead ([`Input::read_ahead`]), the one reading it
    /// among them; `1` reads every input line by line. At most twice the cores (and at
    /// least 4) are started: the work is all computing, and each thread takes memory (its
    /// stack, an allocator's arena) that a process under a memory limit may not have.
    pub jobs: usize,
    /// Set from outside (a signal handler) to stop the run: it ends after the line in hand,
    /// every result written whole and flushed.
    pub stop: Option<&'a AtomicBool>,
    /// Set by the run while it waits for input with every result so far written and
    /// flushed, and cleared when the input comes: ending the process then loses nothing, so
    /// a signal handler may end it at once (a run reading a terminal need not wait for one
    /// more line to stop).
    pub waiting: Option<&'a AtomicBool>,
    /// Told when the system would not start every thread (a memory or process limit): the
    /// run ends those that started and reads line by line, the same output, as a process at
    /// its limit is best left the least it can do with. Told once: the rest of the run is
    /// read line by line too.
    pub fewer_threads: Option<&'a dyn Fn(&FewerThreads)>,
}

impl<'a> Settings<'a> {
    /// A run scored under `rules`, rendered by `output` (made for `rules`), with the
    /// default options and no session looked ahead for; the `with_` methods set the rest.
    pub fn new(rules: &'a RuleSet, output: &'a dyn Renderer) -> Self {
        Settings {
            rules,
            output,
            options: Options::default(),
            session_ahead: None,
        }
    }

    /// With these options (a claim, `--all`, the rule sets on offer).
    pub fn with_options(mut self, options: Options<'a>) -> Self {
        self.options = options;
        self
    }

    /// With the run's first `players:` line found ahead of the run
    /// ([`Settings::session_ahead`]).
    pub fn with_session_ahead(mut self, players: &'a [String; 4]) -> Self {
        self.session_ahead = Some(players);
        self
    }
}

impl<'a> Control<'a> {
    /// A run to the end on `jobs` threads, told nothing.
    pub fn jobs(jobs: usize) -> Self {
        Control {
            jobs,
            stop: None,
            waiting: None,
            fewer_threads: None,
        }
    }

    /// Stopped when `stop` is set ([`Control::stop`]).
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Setting `waiting` while it waits for input with everything written
    /// ([`Control::waiting`]).
    pub fn with_waiting(mut self, waiting: &'a AtomicBool) -> Self {
        self.waiting = Some(waiting);
        self
    }

    /// Telling `told` when fewer threads start than asked ([`Control::fewer_threads`]).
    pub fn with_fewer_threads(mut self, told: &'a dyn Fn(&FewerThreads)) -> Self {
        self.fewer_threads = Some(told);
        self
    }

    fn stopped(&self) -> bool {
        self.stop.is_some_and(|stop| stop.load(Ordering::SeqCst))
    }

    fn set_waiting(&self, waiting: bool) {
        if let Some(flag) = self.waiting {
            flag.store(waiting, Ordering::SeqCst);
        }
    }
}

/// The system would not start every thread a run asked for: the run goes on line by line.
#[derive(Debug)]
pub struct FewerThreads {
    /// The threads asked for.
    pub wanted: usize,
    /// The threads that were at work: the reading thread and those that had started (and
    /// were ended).
    pub started: usize,
    /// Why the next would not start.
    pub error: io::Error,
}

impl std::error::Error for FewerThreads {
    /// Why the system would not start the next thread.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl fmt::Display for FewerThreads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.started >= self.wanted {
            // All started, but the memory they would take as they work was not there.
            write!(f, "the {} threads asked for started", self.wanted)?;
            write!(f, ", but the memory they need is not there")?;
        } else {
            write!(
                f,
                "could start only {} of the {} threads asked for",
                self.started, self.wanted
            )?;
        }
        write!(
            f,
            " ({}): reading line by line instead, with the same output",
            reason(&self.error)
        )
    }
}

/// A run stopped by an I/O error, with the counts of the lines scored until then: a reader
/// that closed the pipe early still gets their exit status.
#[derive(Debug, thiserror::Error)]
#[error("{error}")]
pub struct Stopped<'r> {
    /// The counts of the lines scored before the error.
    pub summary: Summary<'r>,
    /// The error writing the output.
    pub error: io::Error,
}

/// Scores every hand of every input, in order, writing each result to `out` as it goes.
/// Bad lines are reported in place and the run goes on; so is an input that cannot be read
/// (missing, a directory, a read error), and the run goes on with the next input. Only an
/// error writing `out` stops it, or `control`'s stop. An input read ahead is scored on
/// `control.jobs` threads; the output is the same whatever the threads.
///
/// ```
/// use mjscore::batch::{self, Control, Input, Settings};
/// use mjscore::render::Tsv;
/// use mjscore::{rules, Options};
///
/// let lines = "b66 c12345678 d111 +c9 self seat=s\nb1 +b1\n";
/// let input = Input {
///     name: None,
///     source: "a list".to_string(),
///     reader: Box::new(std::io::Cursor::new(lines)),
///     read_ahead: false,
/// };
/// let settings = Settings {
///     rules: &rules::WSOM,
///     output: &Tsv::new(&rules::WSOM),
///     options: Options::default(),
///     session_ahead: None,
/// };
/// let mut out = Vec::new();
/// let summary = batch::run(vec![input], &settings, &Control::jobs(1), &mut out).unwrap();
/// // The header, a scored row worth 45, an error row; the worst status: 2, not a hand.
/// let out = String::from_utf8(out).unwrap();
/// assert_eq!(out.lines().count(), 3);
/// assert!(out.lines().nth(1).unwrap().contains("\t45\t"));
/// assert_eq!((summary.scored, summary.errors, summary.exit_status()), (1, 1, 2));
/// ```
pub fn run<'r>(
    inputs: Vec<Input>,
    settings: &Settings<'r>,
    control: &Control,
    out: &mut impl Write,
) -> Result<Summary<'r>, Stopped<'r>> {
    let mut scoring = Scoring {
        settings,
        summary: Summary::new(settings.rules),
        lines: 0,
        session_columns: settings.session_ahead.is_some(),
        top: true,
        rules_line: None,
    };
    if let Some(names) = settings.session_ahead {
        scoring.summary.session.chart(names);
    }
    match run_task(inputs, settings.output, control, &mut scoring, out) {
        Ok(()) => Ok(scoring.summary),
        Err(error) => Err(Stopped {
            summary: scoring.summary,
            error,
        }),
    }
}


/// The scoring task of [`run`], and the session's sheet when lines seat players
/// (docs/sessions.md).
struct Scoring<'s, 'r> {
    settings: &'s Settings<'r>,
    summary: Summary<'r>,
    /// Lines handed to the task so far (not blank, not comments).
    lines: usize,
    /// Whether the rows carry the session's columns: the first line read was a `players:`
    /// line, so a header written after it names them.
    session_columns: bool,
    /// Whether the input's lines so far were comments and `rules:` lines only: its top,
    /// where a `rules:` line stands.
    top: bool,
    /// The line of the input's `rules:` line, once read.
    rules_line: Option<usize>,
}

/// The pure half of [`Scoring`]: reads and scores a line and renders its own result.
struct Scorer<'s, 'r> {
    settings: &'s Settings<'r>,
}

/// A line as [`Scorer`] worked it out, for the summary and the sheet to take in.
// Nearly every line is a `Line`: boxing it to match the small `Players` would cost an
// allocation a line.
#[allow(clippy::large_enum_variant)]
enum ScoredLine {
    /// A `players:` line: seated when applied, once it is known whether a TSV session may
    /// start (only as the first line read).
    Players {
        text: String,
        names: Box<[String; 4]>,
    },
    /// A `rules:` line: what it states (as written, and as read), checked when applied,
    /// once it is known whether it stands at the top of its input.
    Rules {
        stated: String,
        read: Result<stated::Stated, SessionError>,
    },
    /// A `penalty` line: charged when applied, to the player who holds the named seat then.
    Penalty {
        name: String,
        points: u32,
    },
    /// A `value=` line: read when applied, with the players at the table then.
    Value,
    /// A `table:` line: nothing for the run (an event reads it when it merges sheets), and
    /// no line of the session: a TSV session may still start on the next line.
    Table,
    /// Any other line (its own result rendered in the batch's buffer): what it adds to the
    /// summary, and how the hand ended, for the sheet (`None` for a `players:` line that
    /// cannot be read: it is no hand at the table). `hand`: the line was read as a hand,
    /// which a seated table works out again (see [`Scoring::hand_at_table`]).
    Line {
        tally: Tally,
        ended: Option<Played>,
        hand: bool,
    },
}

impl Work for Scorer<'_, '_> {
    type Worked = ScoredLine;

    fn line(&self, text: &str, at: &Location, out: &mut String) -> ScoredLine {
        let settings = self.settings;
        match session::directive(text) {
            Some(Ok(Directive::Players(names))) => {
                return ScoredLine::Players {
                    text: text.to_string(),
                    names: Box::new(names),
                }
            }
            Some(Ok(Directive::Rules { stated, column })) => {
                let read = stated::stated(&stated, column);
                return ScoredLine::Rules { stated, read };
            }
            Some(Ok(Directive::Table { .. })) => return ScoredLine::Table,
            Some(Ok(Directive::Value)) => return ScoredLine::Value,
            Some(Ok(Directive::Penalty { name, points })) => {
                return ScoredLine::Penalty { name, points }
            }
            Some(Ok(Directive::Draw)) => {
                settings.output.drawn(out, text, at);
                return ScoredLine::Line {
                    tally: Tally::Draw,
                    ended: Some(Played::Drawn),
                    hand: false,
                };
            }
            Some(Err(error)) => {
                // A `draw` that cannot be read is a hand whose end is unknown; a `players:`
                // line that cannot be read seats nobody.
                let was_draw = !error.kind.is_of_no_hand();
                let result = Err(Error::from(error));
                write_result(out, settings, text, &result, Some(at));
                return ScoredLine::Line {
                    tally: Tally::Error,
                    ended: was_draw.then_some(Played::Unknown),
                    hand: false,
                };
            }
            None => {}
        }
        let (tally, ended) = self.hand(text, text, at, out, None);
        ScoredLine::Line {
            tally,
            ended: Some(ended),
            hand: true,
        }
    }

    fn unusable(
        &self,
        display: &str,
        error: &LineError,
        at: &Location,
        out: &mut String,
    ) -> ScoredLine {
        let result = Err(Error::from(error.clone()));
        write_result(out, self.settings, display, &result, Some(at));
        ScoredLine::Line {
            tally: Tally::Error,
            ended: Some(Played::Unknown),
            hand: false,
        }
    }
}

impl Scorer<'_, '_> {
    /// A hand's line: `line` is scored, and its result rendered as the line `shown` (the
    /// same text, or the line as written when `line` has its players' names replaced by
    /// their seats, column for column), with the hand's `players` when a table is seated.
    fn hand(
        &self,
        shown: &str,
        line: &str,
        at: &Location,
        out: &mut String,
        players: Option<[&str; 4]>,
    ) -> (Tally, Played) {
        let settings = self.settings;
        // The result is a large value: it is not moved to change its input.
        let mut result = score_line_with(line, settings.rules, settings.options);
        // The same slice unless names were replaced (a comparison of the text would cost
        // every line a memcmp).
        if !std::ptr::eq(line, shown) {
            // Players' names were read as seats: the result shows the line as written, and
            // an error names the words as written.
            match &mut result {
                Ok(scored) => shown.clone_into(&mut scored.input),
                Err(_) => {
                    result = result.map_err(|error| session::error_as_written(error, shown));
                }
            }
        }
        match (&result, players) {
            (Ok(scored), Some(players)) => {
                settings
                    .output
                    .scored_at_table(out, scored, Some(at), players)
            }
            _ => write_result(out, settings, shown, &result, Some(at)),
        }
        let ended = Played::of(&result, settings.rules);
        (Tally::of(&result, settings.rules), ended)
    }
}

impl<'s, 'r> Task for Scoring<'s, 'r> {
    type Work = Scorer<'s, 'r>;

    fn work(&self) -> Scorer<'s, 'r> {
        Scorer {
            settings: self.settings,
        }
    }

    fn apply<'t>(
        &mut self,
        worked: ScoredLine,
        text: &str,
        rendered: &'t str,
        at: &Location,
    ) -> Cow<'t, str> {
        match worked {
            ScoredLine::Rules { stated, read } => {
                return Cow::Owned(self.rules_stated(stated, read, text, at))
            }
            ScoredLine::Table => return Cow::Borrowed(""),
            _ => {}
        }
        self.lines += 1;
        self.top = false;
        match worked {
            ScoredLine::Rules { .. } | ScoredLine::Table => unreachable!("applied above"),
            ScoredLine::Penalty { name, points } => {
                Cow::Owned(self.penalty(text, at, &name, points))
            }
            ScoredLine::Value => Cow::Owned(self.value_hand(text, at)),
            ScoredLine::Players { text, names } => Cow::Owned(self.seat(&text, &names, at)),
            ScoredLine::Line { hand: true, .. } if self.summary.session.is_seated() => {
                Cow::Owned(self.hand_at_table(text, at))
            }
            ScoredLine::Line { tally, ended, .. } => {
                self.summary.count(&tally);
                match ended {
                    Some(ended) => self.after_hand(rendered, ended),
                    None => self.without_table(rendered),
                }
            }
        }
    }

    fn columns(&self, _with_file: bool) -> Columns<'_> {
        Columns::Hands {
            session: self
                .session_columns
                .then(|| self.summary.session.charted())
                .flatten(),
        }
    }

    fn input_failed(&mut self) {
        self.summary.record_unusable();
    }

    fn input_started(&mut self) {
        self.top = true;
        self.rules_line = None;
    }
}

impl Scoring<'_, '_> {
    /// A `rules:` line: nothing to write when it stands at the top of its input and states
    /// the rules the run is scored under (the command line reads it before the run:
    /// [`first_rules`]); otherwise an error, counted as one (it is no hand, and passes no
    /// deal), so that a list is never scored under rules other than those it states.
    fn rules_stated(
        &mut self,
        stated: String,
        read: Result<stated::Stated, SessionError>,
        text: &str,
        at: &Location,
    ) -> String {
        let rules = self.settings.rules;
        // A misplaced line is pointed at its first word.
        let first_word = 1 + text.chars().take_while(|c| c.is_whitespace()).count();
        let (column, kind) = match (read, self.rules_line) {
            _ if !self.top => (first_word, SessionErrorKind::RulesLate),
            (_, Some(line)) => (first_word, SessionErrorKind::RulesTwice { line }),
            (Ok(read), None) if read.is_honoured_by(rules) => {
                self.rules_line = Some(at.line);
                return String::new();
            }
            (Ok(_), None) => {
                self.rules_line = Some(at.line);
                let scored = rules.id().to_string();
                (first_word, SessionErrorKind::RulesDiffer { stated, scored })
            }
            (Err(error), None) => {
                self.rules_line = Some(at.line);
                (error.column, error.kind)
            }
        };
        let error = Error::from(SessionError { column, kind });
        self.summary.count(&Tally::Error);
        let mut rendered = String::new();
        write_result(&mut rendered, self.settings, text, &Err(error), Some(at));
        self.without_table(&rendered).into_owned()
    }

    /// A `players:` line: the table is seated for the next hand.
    fn seat(&mut self, text: &str, names: &[String; 4], at: &Location) -> String {
        let settings = self.settings;
        // A format with a header fixes its columns with the first line read: a session adds
        // its columns only when it starts there.
        if settings.output.header(self.columns(false)).is_some() {
            if self.lines == 1 {
                self.session_columns = true;
            } else if !self.session_columns {
                let error = Error::from(SessionError {
                    column: 1,
                    kind: SessionErrorKind::LateInTsv,
                });
                self.summary.record_unusable();
                let mut rendered = String::new();
                settings.output.error(&mut rendered, text, &error, Some(at));
                return rendered;
            }
        }
        let sheet = &mut self.summary.session;
        sheet.seat(names);
        let players = sheet.players().unwrap_or_default();
        let mut rendered = String::new();
        settings.output.seated(&mut rendered, players, at);
        rendered
    }

    /// A hand at a seated table, worked out again here rather than as its [`Work`] did:
    /// which seat a player's name means (`seat=Bob`) depends on the hands before it, as
    /// the deal passes, and the result names the players beside their seats. (A session's
    /// hands are so worked out twice; a session is an evening's hands, not a million.)
    fn hand_at_table(&mut self, text: &str, at: &Location) -> String {
        let settings = self.settings;
        let sheet = &self.summary.session;
        let players: [String; 4] = sheet.players().unwrap_or_default().map(str::to_string);
        let players = players.each_ref().map(String::as_str);
        let mut out = String::new();
        let (tally, ended) = match session::seats_for_names(text, players) {
            Ok(line) => Scorer { settings }.hand(text, &line, at, &mut out, Some(players)),
            Err(error) => {
                write_result(&mut out, settings, text, &Err(Error::from(error)), Some(at));
                (Tally::Error, Played::Unknown)
            }
        };
        self.summary.count(&tally);
        self.after_hand(&out, ended).into_owned()
    }

    /// A hand's result, `rendered`, with the session's part when a table is seated; the
    /// sheet records the hand and passes the deal.
    fn after_hand<'t>(&mut self, rendered: &'t str, played: Played) -> Cow<'t, str> {
        let settings = self.settings;
        match self.summary.session.record(played, settings.rules.deal) {
            Some(entry) => {
                let mut rendered = rendered.to_string();
                settings.output.session(&mut rendered, &entry, &played);
                Cow::Owned(rendered)
            }
            None => self.without_table(rendered),
        }
    }

    /// A `penalty` line: the player named at the table is charged, paid to nobody (no hand:
    /// the deal does not pass); naming nobody at the table is an error, counted as one.
    fn penalty(&mut self, text: &str, at: &Location, name: &str, points: u32) -> String {
        let settings = self.settings;
        let mut rendered = String::new();
        match session::penalized_seat(name, self.summary.session.players()) {
            Ok(by) => {
                settings.output.penalized(&mut rendered, text, at, by, points);
                self.after_hand(&rendered, Played::Penalty { by, points })
                    .into_owned()
            }
            Err(error) => {
                self.summary.count(&Tally::Error);
                write_result(&mut rendered, settings, text, &Err(Error::from(error)), Some(at));
                self.without_table(&rendered).into_owned()
            }
        }
    }

    /// A `value=` line: a hand recorded by its value, paid as a scored hand of that total
    /// (its seat words may name the players at the table); a line that cannot be read is
    /// an error, counted as one, and a hand whose end is unknown.
    fn value_hand(&mut self, text: &str, at: &Location) -> String {
        let settings = self.settings;
        let mut rendered = String::new();
        let players = self.summary.session.players();
        match session::value_hand(text, settings.rules, players) {
            Ok((payments, context)) => {
                let played = Played::agreed(payments, &context);
                (settings.output).agreed(&mut rendered, text, at, &played, players);
                self.summary.count(&Tally::Hand {
                    verdict: None,
                    payments: Some(payments.amounts),
                    patterns: Some(0),
                });
                self.after_hand(&rendered, played).into_owned()
            }
            Err(error) => {
                self.summary.count(&Tally::Error);
                write_result(&mut rendered, settings, text, &Err(Error::from(error)), Some(at));
                self.after_hand(&rendered, Played::Unknown).into_owned()
            }
        }
    }

    /// A result no table was part of (before the session's `players:` line, or a
    /// `players:` line that cannot be read): in a run whose rows carry the session's
    /// columns, they are there, empty.
    fn without_table<'t>(&self, rendered: &'t str) -> Cow<'t, str> {
        if !self.session_columns {
            return Cow::Borrowed(rendered);
        }
        let mut rendered = rendered.to_string();
        self.settings.output.unseated(&mut rendered);
        Cow::Owned(rendered)
    }
}

/// Runs `task` on every line of every input, in order, writing each result to `out` as
/// `output` renders it (its header first, if it has one). Bad lines are reported in place
/// and the run goes on; so is an input that cannot be read (missing, a directory, a read
/// error), and the run goes on with the next input. Only an error writing `out` stops it.
///
/// An input that may be read ahead ([`Input::read_ahead`]) is worked out in chunks of
/// lines on `control.jobs` threads (when more than 1) and applied in input order; any other
/// input is read, worked out and written one line at a time, the output flushed whenever
/// the input has nothing more buffered, so that results appear while a slow producer is
/// still writing. Either way the output is the same.
///
/// `out` is only ever handed whole lines, and a stop (see [`Control`]) ends the run after
/// the line in hand, with what was written flushed: whatever ends a run, a reader of the
/// output never gets a line cut in half.
pub(crate) fn run_task<T: Task>(
    inputs: Vec<Input>,
    output: &dyn Renderer,
    control: &Control,
    task: &mut T,
    out: &mut impl Write,
) -> io::Result<()> {
    let work = task.work();
    let mut jobs = parallel::useful_threads(control.jobs);
    let with_file = inputs.iter().any(|i| i.name.is_some());
    let mut output = Output {
        out,
        pending: Vec::with_capacity(OUTPUT_BUFFER),
        blocks: output.blocks(),
        first: true,
        // The header is written with the first result (or at the end of a run without
        // any), so that the task has read its first line: a session adds columns to it.
        header: output.header(task.columns(with_file)).is_some(),
        renderer: output,
        with_file,
        failures: Vec::new(),
    };
    // Each line's result is rendered into this one buffer, written, and cleared.
    let mut rendered = String::with_capacity(1024);
    'inputs: for input in inputs {
        task.input_started();
        let file = input.name.as_deref();
        let source = input.source.as_str();
        let mut lines = LineReader::new(input.reader);
        if input.read_ahead && jobs > 1 {
            let refused =
                parallel::each_line(&mut lines, file, &work, jobs, control.stop, &mut |item| {
                    deliver(item, file, source, task, &mut output)
                })?;
            let Some(refused) = refused else {
                continue;
            };
            // Nothing was read: this input and the rest are read line by line.
            if let Some(tell) = control.fewer_threads {
                tell(&FewerThreads {
                    wanted: jobs,
                    started: refused.started,
                    error: refused.error,
                });
            }
            jobs = 1;
        }
        loop {
            if control.stopped() {
                break 'inputs;
            }
            let may_wait = lines.would_wait();
            if may_wait {
                output.flush()?;
                control.set_waiting(true);
                // A stop asked for before `waiting` was set found the run busy: seen here.
                // One asked for after it ends the process (the flags are sequentially
                // consistent: one of the two sees the other).
                if control.stopped() {
                    break 'inputs;
                }
            }
            rendered.clear();
            let next = lines.next_line();
            if may_wait {
                control.set_waiting(false);
            }
            let read;
            let item = match next {
                Err(error) => Item::Failure(error),
                Ok(None) => break,
                Ok(Some((number, line))) => {
                    let at = Location { file, line: number };
                    read = line;
                    let (text, worked) = match &read {
                        Line::Skipped => continue,
                        Line::Text(text) => (&**text, work.line(text, &at, &mut rendered)),
                        Line::Unusable { display, error } => (
                            &**display,
                            work.unusable(display, error, &at, &mut rendered),
                        ),
                    };
                    Item::Line(number, text, worked, &rendered)
                }
            };
            let failed = matches!(item, Item::Failure(_));
            deliver(item, file, source, task, &mut output)?;
            if failed {
                break;
            }
        }
    }
    output.finish(task)?;
    output.flush()
}

/// Applies one line's work (or an input's read error, which ends the input) to `task`, in
/// input order, and writes what it gives.
fn deliver<T: Task>(
    item: Item<'_, <T::Work as Work>::Worked>,
    file: Option<&str>,
    source: &str,
    task: &mut T,
    output: &mut Output<impl Write>,
) -> io::Result<()> {
    let rendered = match item {
        Item::Line(line, text, worked, rendered) => {
            task.apply(worked, text, rendered, &Location { file, line })
        }
        Item::Failure(error) => {
            let message = format!("cannot read {source}: {}", reason(&error));
            if output.header {
                // The first line read decides the header's columns: the row waits for it.
                output.failures.push((message, file.map(str::to_string)));
                return Ok(());
            }
            Cow::Owned(output.failure_row(task, &message, file))
        }
    };
    output.write(&rendered, task)
}

/// Why a read failed, as the system says it, without its error number.
fn reason(error: &io::Error) -> String {
    let text = error.to_string();
    match error.raw_os_error() {
        Some(code) => text
            .strip_suffix(&format!(" (os error {code})"))
            .unwrap_or(&text)
            .to_string(),
        None => text,
    }
}

/// One line's result in the chosen format, without a trailing separator, written at the
/// end of `out`.
pub(crate) fn write_result(
    out: &mut String,
    settings: &Settings,
    input: &str,
    result: &Result<Scored, Error>,
    at: Option<&Location>,
) {
    match result {
        Ok(scored) => settings.output.scored(out, scored, at),
        Err(error) => settings.output.error(out, input, error, at),
    }
}

/// Bytes of whole results held before they are written out (more only for one result
/// longer than that).
const OUTPUT_BUFFER: usize = 64 * 1024;

/// Where the results go, in input order.
struct Output<'o, 'r, O> {
    out: &'o mut O,
    renderer: &'r dyn Renderer,
    /// Whole results not yet written: `out` is handed whole lines only, so that a run cut
    /// short (a signal, a reader that sees the output as it comes) never leaves half a line
    /// in it, as a `BufWriter` would when it fills up in the middle of one.
    pending: Vec<u8>,
    /// Results are blocks, a blank line between two.
    blocks: bool,
    /// No block written yet: the next needs no blank line before it.
    first: bool,
    /// The header is still to be written.
    header: bool,
    /// The run has several inputs: the header may name a file column.
    with_file: bool,
    /// Inputs that could not be read before the header was written (a message and the
    /// file): their rows are written after it, with as many columns as it has, which the
    /// first line read decides (a `players:` line adds the session's).
    failures: Vec<(String, Option<String>)>,
}

impl<O: Write> Output<'_, '_, O> {
    /// Writes one result: one a line, or blocks separated by a blank line. An empty result
    /// (a session's `players:` line in JSON and TSV, a `rules:` line) writes nothing, not
    /// even the header: the lines after it may still decide its columns. The header, while
    /// pending, goes first, and the rows of the inputs that could not be read before it.
    fn write(&mut self, rendered: &str, task: &mut impl Task) -> io::Result<()> {
        if rendered.is_empty() {
            return Ok(());
        }
        // Looked at here, so that a line pays no call once the header is written.
        if self.header {
            self.write_header(task)?;
        }
        let blank_line = self.blocks && !std::mem::replace(&mut self.first, false);
        let line_break = !rendered.ends_with('\n');
        let length = usize::from(blank_line) + rendered.len() + usize::from(line_break);
        self.make_room(length)?;
        if blank_line {
            self.pending.push(b'\n');
        }
        self.pending.extend_from_slice(rendered.as_bytes());
        if line_break {
            self.pending.push(b'\n');
        }
        Ok(())
    }

    /// The end of the run: the header, if no result wrote it (a run without a row).
    fn finish(&mut self, task: &mut impl Task) -> io::Result<()> {
        self.write_header(task)
    }

    /// The header and the rows of the inputs that could not be read before it, if still
    /// pending.
    fn write_header(&mut self, task: &mut impl Task) -> io::Result<()> {
        if std::mem::take(&mut self.header) {
            if let Some(header) = self.renderer.header(task.columns(self.with_file)) {
                self.push_line(header.as_bytes())?;
            }
            for (message, file) in std::mem::take(&mut self.failures) {
                let row = self.failure_row(task, &message, file.as_deref());
                self.write(&row, task)?;
            }
        }
        Ok(())
    }

    /// The row of an input that could not be read (`message` names it and says why; `file`
    /// is its name when the run has several), in the run's columns; the task counts it.
    fn failure_row(&self, task: &mut impl Task, message: &str, file: Option<&str>) -> String {
        task.input_failed();
        let mut row = String::new();
        let columns = task.columns(self.with_file);
        self.renderer
            .input_failure(&mut row, message, file, columns);
        row
    }

    /// Holds `line`, which ends with its line break, to be written.
    fn push_line(&mut self, line: &[u8]) -> io::Result<()> {
        self.make_room(line.len())?;
        self.pending.extend_from_slice(line);
        Ok(())
    }

    /// Writes out what is held if `length` more bytes would not fit beside it.
    fn make_room(&mut self, length: usize) -> io::Result<()> {
        if self.pending.len() + length > OUTPUT_BUFFER {
            self.write_pending()?;
        }
        Ok(())
    }

    /// Writes out the whole results held.
    fn write_pending(&mut self) -> io::Result<()> {
        let written = self.out.write_all(&self.pending);
        self.pending.clear();
        // A result longer than the buffer made it grow: it gives the memory back.
        self.pending.shrink_to(OUTPUT_BUFFER);
        written
    }

    /// Writes out the whole results held, and flushes `out`.
    fn flush(&mut self) -> io::Result<()> {
        self.write_pending()?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::format::Format;
    use crate::line::MAX_LINE;
    use crate::rules;
    use crate::style::Plain;

    /// Four names as a `players:` line seats them.
    fn seated(list: [&str; 4]) -> [String; 4] {
        list.map(str::to_string)
    }

    #[test]
    fn the_first_players_line_is_found_ahead_wherever_it_stands() {
        let first = |text: &str| first_players(text.as_bytes()).unwrap();
        assert_eq!(first("b123 +b1\ndraw\n"), None);
        // Passed over: a comment's colon, a players: line that cannot be read; found: the
        // next, indented and in capitals.
        assert_eq!(
            first("b1 # note: x\nplayers: A B C\n  PLAYERS: Ann Bob Cho Dee\nplayers: W X Y Z\n"),
            Some(seated(["Ann", "Bob", "Cho", "Dee"]))
        );
        // Without a final line break, and astride the 64 KiB the input is read by: 65,530
        // bytes of hands before it put its colon past the first read.
        assert_eq!(
            first("players: A B C D"),
            Some(seated(["A", "B", "C", "D"]))
        );
        let mut long = "b123 c456 d789 w11 +b1\n".repeat(65_530 / 23);
        while long.len() < 65_530 {
            long.push('\n');
        }
        long.push_str("players: Ann Bob Cho Dee\nb1 +b1\n");
        assert_eq!(first(&long), Some(seated(["Ann", "Bob", "Cho", "Dee"])));
        // A line longer than a read, then the players.
        let line = format!("{}\nplayers: A B C D\n", "x".repeat(100_000));
        assert_eq!(first(&line), Some(seated(["A", "B", "C", "D"])));
        // A `players:` line longer than a line may be (its names padded with spaces) is
        // an error in the run, not a table: passed over here too. At the limit it is read.
        let padded = |spaces: usize| format!("players: A B C{} D\n", " ".repeat(spaces));
        let at_limit = padded(MAX_LINE - "players: A B C D".len());
        assert_eq!(first(&at_limit), Some(seated(["A", "B", "C", "D"])));
        let over = padded(MAX_LINE + 1 - "players: A B C D".len());
        assert_eq!(
            first(&format!("{over}players: Uma Vic Xia Yan\n")),
            Some(seated(["Uma", "Vic", "Xia", "Yan"]))
        );
    }

    /// Settings under WSOM, rendered as `format` renders.
    fn settings(output: &dyn Renderer) -> Settings<'_> {
        Settings {
            rules: &rules::WSOM,
            output,
            options: Options::default(),
            session_ahead: None,
        }
    }

    fn tsv() -> Box<dyn Renderer> {
        Format::Tsv.renderer(&rules::WSOM, &Plain, None)
    }

    /// 2,000 lines, enough for several chunks: a winning hand, a false win and a line that
    /// is no hand, in turn.
    fn hands() -> Vec<u8> {
        let lines = [
            "b66 c12345678 d111 +c9 self seat=s",
            "[c b123] [p w333] c456 d789 d2 +d2 from=s",
            "b123 w5 c456 +b9",
        ];
        lines
            .iter()
            .cycle()
            .take(2_000)
            .flat_map(|l| format!("{l}\n").into_bytes())
            .collect()
    }

    fn file(bytes: Vec<u8>) -> Input {
        Input {
            name: None,
            source: "hands".to_string(),
            reader: Box::new(io::Cursor::new(bytes)),
            read_ahead: true,
        }
    }

    /// Runs `inputs` on `jobs` threads with only `allowed` workers started: the output, and
    /// what the run told of the threads that did not start.
    fn run_allowing(allowed: usize, jobs: usize, inputs: Vec<Input>) -> (String, Vec<String>) {
        parallel::allow_threads(allowed);
        let told = RefCell::new(Vec::new());
        let tell = |fewer: &FewerThreads| told.borrow_mut().push(fewer.to_string());
        let control = Control {
            fewer_threads: Some(&tell),
            ..Control::jobs(jobs)
        };
        let mut out = Vec::new();
        let tsv = tsv();
        let summary = run(inputs, &settings(&*tsv), &control, &mut out);
        parallel::allow_threads(usize::MAX);
        assert!(summary.is_ok());
        (String::from_utf8(out).unwrap(), told.into_inner())
    }

    #[test]
    fn threads_the_system_refuses_are_done_without() {
        let (serial, told) = run_allowing(usize::MAX, 1, vec![file(hands())]);
        assert!(told.is_empty());
        // A header and 2,000 rows.
        assert_eq!(serial.lines().count(), 2_001);
        // Not one worker, or two of the three: the input is read line by line. The reading
        // thread is one of the 4 threads asked for, and at work: 1 or 3 of them.
        for allowed in [0, 2] {
            let (out, told) = run_allowing(allowed, 4, vec![file(hands())]);
            assert_eq!(out, serial);
            let at_work = allowed + 1;
            assert_eq!(
                told,
                [format!("could start only {at_work} of the 4 threads asked for (refused by the test): reading line by line instead, with the same output")]
            );
        }
        // The next input is read line by line as well: it is told once.
        let (out, told) = run_allowing(2, 4, vec![file(hands()), file(hands())]);
        let rows = serial.split_once('\n').unwrap().1;
        assert_eq!(out, format!("{serial}{rows}"));
        assert_eq!(told.len(), 1);
        // All of them: nothing to tell.
        let (out, told) = run_allowing(4, 4, vec![file(hands())]);
        assert_eq!((out, told.len()), (serial, 0));
    }

    /// Records every write it is handed.
    #[derive(Default)]
    struct Writes(Vec<Vec<u8>>);

    impl Write for Writes {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.push(bytes.to_vec());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_writer_is_handed_whole_lines_only() {
        // The 2,000 hands, then a line whose JSON result is over 64 KiB (60,000 NUL bytes,
        // each escaped as \u0000 in its input), in every format, line by line and on
        // three threads.
        let mut input = hands();
        input.extend(std::iter::repeat_n(0, 60_000));
        input.push(b'\n');
        for format in [Format::Text, Format::Json, Format::Tsv] {
            for (jobs, read_ahead) in [(1, false), (3, true)] {
                let mut writes = Writes::default();
                let input = Input {
                    read_ahead,
                    ..file(input.clone())
                };
                let output = format.renderer(&rules::WSOM, &Plain, None);
                let settings = settings(&*output);
                assert!(run(vec![input], &settings, &Control::jobs(jobs), &mut writes).is_ok());
                let all: Vec<u8> = writes.0.concat();
                assert!(all.len() > 360_000, "{format:?}: {} bytes", all.len());
                for write in &writes.0 {
                    assert_eq!(write.last(), Some(&b'\n'), "{format:?}, {jobs} threads");
                }
            }
        }
    }

    #[test]
    fn a_stop_ends_the_run_after_the_line_in_hand() {
        // The stop is already asked for: a run reads nothing, whatever its threads.
        let stop = AtomicBool::new(true);
        for jobs in [1, 3] {
            let control = Control {
                stop: Some(&stop),
                ..Control::jobs(jobs)
            };
            let mut out = Vec::new();
            let tsv = tsv();
            let summary = run(vec![file(hands())], &settings(&*tsv), &control, &mut out)
                .ok()
                .unwrap();
            assert_eq!(summary.exit_status(), 0, "nothing counted");
            // Only the TSV header, written at the end of a run without a row.
            assert_eq!(out, crate::output::tsv::header().as_bytes());
        }
    }
}
