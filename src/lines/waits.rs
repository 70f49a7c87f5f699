//! The `waits` analysis over a list of lines: the batch's reading loop (and its threads),
//! with each line analysed as a hand before its win instead of scored. Its exit status is
//! the worst of its lines': 0 calling on a tile still unseen, 1 not calling (or only on dead
//! waits), 2 a line that is not a hand or an input that cannot be read.

use std::borrow::Cow;
use std::io::{self, Write};

use super::task::{Task, Work};
use super::{run_task, Control, Input, Settings};
use crate::analysis::Analysis;
use crate::line::{analyse_line_with, Error, LineError};
use crate::output::{Columns, Location};

/// The exit status of one line's analysis: 0 calling on a live wait, 1 not calling (or
/// only on dead waits), 2 not a hand.
pub(crate) fn status(result: &Result<Analysis, Error>) -> u8 {
    match result {
        Ok(analysis) if analysis.has_live_wait() => 0,
        Ok(_) => 1,
        Err(_) => 2,
    }
}

/// One line's analysis in the run's format, without a trailing line break for JSON and TSV.
pub(crate) fn render(
    settings: &Settings,
    input: &str,
    result: &Result<Analysis, Error>,
    at: Option<&Location>,
) -> String {
    let mut out = String::new();
    match result {
        Ok(analysis) => settings.output.waits(&mut out, input, analysis, at),
        Err(error) => settings.output.waits_error(&mut out, input, error, at),
    }
    out
}

/// Analyses every line of every input, in order, writing each result to `out` (a TSV
/// header first). As [`run`](super::run), a bad line or an input that cannot be read is reported
/// in place and the run goes on; only an error writing `out` stops it. Returns the worst
/// exit status of the lines analysed (those before such an error too), and how the writing
/// went.
pub fn run(
    inputs: Vec<Input>,
    settings: &Settings,
    control: &Control,
    out: &mut impl Write,
) -> (u8, io::Result<()>) {
    let mut task = Waits {
        settings,
        status: 0,
    };
    let written = run_task(inputs, settings.output, control, &mut task, out);
    (task.status, written)
}

/// The pure half of [`Waits`]: a line's analysis, rendered, and its exit status.
#[derive(Clone, Copy)]
struct Analyser<'s, 'r> {
    settings: &'s Settings<'r>,
}

impl Work for Analyser<'_, '_> {
    type Worked = u8;

    fn line(&self, text: &str, at: &Location, out: &mut String) -> u8 {
        let result = analyse_line_with(text, self.settings.rules, self.settings.options);
        out.push_str(&render(self.settings, text, &result, Some(at)));
        status(&result)
    }

    fn unusable(&self, display: &str, error: &LineError, at: &Location, out: &mut String) -> u8 {
        let result = Err(Error::from(error.clone()));
        out.push_str(&render(self.settings, display, &result, Some(at)));
        status(&result)
    }
}

/// `waits` over a list: each line's analysis, and the worst exit status so far.
struct Waits<'s, 'r> {
    settings: &'s Settings<'r>,
    status: u8,
}

impl<'s, 'r> Task for Waits<'s, 'r> {
    type Work = Analyser<'s, 'r>;

    fn work(&self) -> Analyser<'s, 'r> {
        Analyser {
            settings: self.settings,
        }
    }

    fn apply<'t>(
        &mut self,
        status: u8,
        _text: &str,
        rendered: &'t str,
        _at: &Location,
    ) -> Cow<'t, str> {
        self.status = self.status.max(status);
        Cow::Borrowed(rendered)
    }

    fn columns(&self, with_file: bool) -> Columns<'_> {
        Columns::Waits { file: with_file }
    }

    fn input_failed(&mut self) {
        self.status = 2;
    }
}
