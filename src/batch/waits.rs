//! `mjscore waits` over a list of hands (docs/waits.md): each line's analysis, on any
//! thread, through the batch's reading loop ([`run_task`](super::run_task)), and the worst
//! exit status of the lines. In the library rather than the binary, so that tests and the
//! fuzz target run the very task the command runs.

use std::borrow::Cow;

use super::{input_failure, Settings, Task, Work};
use crate::line::{analyse_line, Error, LineError, Options};
use crate::render::{self, Format, Location};
use crate::system::RuleSet;
use crate::waits::analysis::Analysis;

/// The `waits` analysis of one line, rendered, with its exit status: the pure half of
/// [`WaitsTask`], which works on any thread.
#[derive(Debug, Clone, Copy)]
pub struct WaitsWork<'r> {
    /// The scoring system that values each wait.
    pub rules: &'r RuleSet,
    /// Text, JSON Lines or TSV.
    pub format: Format,
    /// Colour the text output.
    pub color: bool,
}

impl WaitsWork<'_> {
    /// The line's exit status (0 calling on a tile still unseen, 1 not calling or calling
    /// only on dead waits, 2 not a hand) and its result.
    pub fn render(
        &self,
        input: &str,
        result: &Result<Analysis, Error>,
        at: Option<&Location>,
    ) -> (u8, String) {
        let status = match result {
            Ok(analysis) if analysis.has_live_wait() => 0,
            Ok(_) => 1,
            Err(_) => 2,
        };
        let rules = self.rules;
        let rendered = match (self.format, result) {
            (Format::Text, Ok(a)) => render::waits::text(input, a, rules, self.color, at),
            (Format::Text, Err(e)) => render::text::error(input, e, self.color, at),
            (Format::Json, Ok(a)) => render::waits::json(input, a, rules, at),
            (Format::Json, Err(e)) => render::json::error(input, rules, e, at),
            (Format::Tsv, Ok(a)) => render::waits::tsv(input, a, rules, at),
            (Format::Tsv, Err(e)) => render::waits::tsv_error(input, e, at),
        };
        (status, rendered)
    }
}

/// A line's work is its exit status; its result is written in the batch's buffer.
impl Work for WaitsWork<'_> {
    type Worked = u8;

    fn line(&self, text: &str, at: &Location, out: &mut String) -> u8 {
        let result = analyse_line(text, self.rules);
        let (status, rendered) = self.render(text, &result, Some(at));
        out.push_str(&rendered);
        status
    }

    fn unusable(&self, display: &str, error: &LineError, at: &Location, out: &mut String) -> u8 {
        let (status, rendered) = self.render(display, &Err(Error::Line(error.clone())), Some(at));
        out.push_str(&rendered);
        status
    }
}

/// `mjscore waits` over a list: each line's analysis (which may run on several threads),
/// and the worst exit status so far.
#[derive(Debug, Clone, Copy)]
pub struct WaitsTask<'r> {
    work: WaitsWork<'r>,
    status: u8,
}

impl<'r> WaitsTask<'r> {
    /// The task of analysing every line with `work`.
    pub fn new(work: WaitsWork<'r>) -> Self {
        WaitsTask { work, status: 0 }
    }

    /// The worst exit status of the lines so far (2 as well for an input that cannot be
    /// read).
    pub fn status(&self) -> u8 {
        self.status
    }
}

impl<'r> Task for WaitsTask<'r> {
    type Work = WaitsWork<'r>;

    fn work(&self) -> WaitsWork<'r> {
        self.work
    }

    fn apply<'t>(&mut self, status: u8, rendered: &'t str, _at: &Location) -> Cow<'t, str> {
        self.status = self.status.max(status);
        Cow::Borrowed(rendered)
    }

    fn tsv_header(&self, with_file: bool) -> String {
        render::waits::tsv_header(with_file)
    }

    fn input_failure(&mut self, message: &str, file: Option<&str>) -> String {
        self.status = 2;
        let settings = Settings {
            rules: self.work.rules,
            format: self.work.format,
            options: Options::default(),
            color: self.work.color,
        };
        input_failure(&settings, message, file)
    }
}
