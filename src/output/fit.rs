//! Text for people fitted to a terminal's width: how many columns a string takes on screen
//! (`display_width`: a Chinese character or 🀄 takes two, a colour escape none), and
//! lines too long for the width broken at spaces ([`fit`]), each continuation indented
//! under the value it continues. [`Fitted`] does it to everything a renderer writes; the
//! command line wraps its text renderer in one when it knows the terminal's width. JSON and
//! TSV are never fitted: they are for programs.

use std::borrow::Cow;

use super::{Columns, Location, Renderer};
use crate::tile::Seat;
use crate::analysis::Analysis;
use crate::line::{Error, Scored};
use crate::session::{Entry, Played};
use crate::summary::Summary;

/// The columns `c` takes on a terminal: 2 for the wide characters of East Asian scripts,
/// the full-width forms and the pictographs terminals draw wide (🀄, emoji), 0 for
/// combining marks and variation selectors, 1 for anything else.
pub(crate) fn char_width(c: char) -> usize {
    match c {
        '\u{0300}'..='\u{036F}' | '\u{200B}'..='\u{200F}' | '\u{FE00}'..='\u{FE0F}' => 0,
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{303E}'
        | '\u{3041}'..='\u{33FF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{A000}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{FF00}'..='\u{FF60}'
        | '\u{FFE0}'..='\u{FFE6}'
        | '\u{1F004}'
        | '\u{1F0CF}'
        | '\u{1F300}'..='\u{1F64F}'
        | '\u{1F900}'..='\u{1F9FF}'
        | '\u{20000}'..='\u{3FFFD}' => 2,
        _ => 1,
    }
}

/// The characters `text` shows: its colour escapes (`ESC [ … m`) left out.
fn shown_chars(text: &str) -> impl Iterator<Item = char> + '_ {
    let mut chars = text.chars();
    std::iter::from_fn(move || loop {
        let c = chars.next()?;
        if c != '\u{1b}' {
            return Some(c);
        }
        // A CSI sequence ends at its first letter.
        chars.by_ref().find(char::is_ascii_alphabetic);
    })
}

/// The columns `text` takes on a terminal; colour escapes take none.
pub(crate) fn display_width(text: &str) -> usize {
    shown_chars(text).map(char_width).sum()
}

/// Where the continuation of a line too long goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Indent {
    /// Under the line's value: after a label and its spaces (`Payments     …`, column 13),
    /// two columns in from an item of a list (`  East pays …`), at its own indentation
    /// for a further line of a value.
    UnderValue,
    /// At this column (a table's last column).
    At(usize),
}

/// `text` fitted to `width` columns (values indented under their values), if a width is
/// given: the cards and explanations the text format writes for a terminal.
pub(crate) fn fit_owned(text: String, width: Option<usize>) -> String {
    match width.map(|width| fit(&text, width, Indent::UnderValue)) {
        Some(Cow::Owned(fitted)) => fitted,
        _ => text,
    }
}

/// `text` with every line wider than `width` columns broken at spaces, each continuation
/// indented as `indent` says (never more than half the width). A word wider than the room
/// stays whole. A line shown with a caret under it (an error's input) and the caret's line
/// are kept whole, so that the caret stays under its column.
pub fn fit(text: &str, width: usize, indent: Indent) -> Cow<'_, str> {
    let lines: Vec<&str> = text.split('\n').collect();
    let is_caret = |line: &str| {
        let bare = strip_escapes(line);
        bare.trim_start().starts_with('^') && bare.trim() == "^"
    };
    let too_wide = |i: usize, line: &str| {
        display_width(line) > width
            && !is_caret(line)
            && !lines.get(i + 1).is_some_and(|next| is_caret(next))
    };
    if !lines.iter().enumerate().any(|(i, line)| too_wide(i, line)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if too_wide(i, line) {
            let at = match indent {
                Indent::UnderValue => value_column(line),
                Indent::At(column) => column,
            };
            break_line(&mut out, line, width, at.min(width / 2));
        } else {
            out.push_str(line);
        }
    }
    Cow::Owned(out)
}

/// `line` without its colour escapes, for telling what it shows.
fn strip_escapes(line: &str) -> Cow<'_, str> {
    if line.contains('\u{1b}') {
        Cow::Owned(shown_chars(line).collect())
    } else {
        Cow::Borrowed(line)
    }
}

/// The column where a line's value starts: after its label and the spaces that follow it
/// (two or more); for an indented line, two in from an item of a list (`  East pays`), or
/// its own indentation for the further lines of a labelled value.
fn value_column(line: &str) -> usize {
    let bare = strip_escapes(line);
    let lead = bare.len() - bare.trim_start_matches(' ').len();
    match lead {
        0 => {}
        1..=3 => return lead + 2,
        _ => return lead,
    }
    match bare.find("  ") {
        Some(label_end) => {
            let spaces = bare[label_end..].len() - bare[label_end..].trim_start_matches(' ').len();
            display_width(&bare[..label_end]) + spaces
        }
        None => 2,
    }
}

/// The length of the word `text` starts with: up to its first space, but a space inside a
/// meld's brackets (`[p c444]`, `([p e111])`) does not end it. A `[` whose `]` is not near,
/// before any other `[` (a lone one in a comment), is no meld: the line still breaks there.
fn word_length(text: &str) -> usize {
    let mut from = 0;
    loop {
        let Some(space) = text[from..].find(' ').map(|i| from + i) else {
            return text.len();
        };
        let before = &text[..space];
        let open = match (before.rfind('['), before.rfind(']')) {
            (Some(open), Some(close)) if close > open => return space,
            (Some(open), _) => open,
            (None, _) => return space,
        };
        let inside = &text[open + 1..];
        match inside.find(']') {
            Some(close) if close < MELD_MAX && !inside[..close].contains('[') => {
                from = open + 1 + close + 1;
            }
            _ => return space,
        }
    }
}

/// The most bytes between a meld's brackets (`[ckong w2222]` is 11): a `[` further from its
/// `]` is no meld.
const MELD_MAX: usize = 24;

/// Writes `line` broken at spaces into lines of at most `width` columns, each after the
/// first starting with `indent` spaces.
fn break_line(out: &mut String, line: &str, width: usize, indent: usize) {
    let mut used = 0;
    let mut first_word = true;
    // Words keep the spaces before them: a label's run of spaces stays as written.
    for (spaces, word) in words(line) {
        let room = display_width(spaces) + display_width(word);
        if !first_word && used + room > width && used > indent {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            out.push_str(word);
            used = indent + display_width(word);
        } else {
            out.push_str(spaces);
            out.push_str(word);
            used += room;
        }
        first_word = false;
    }
}

/// The words of `line`, each with the spaces before it. A meld (`[p c444]`) is one word:
/// broken at its space it would read as two tokens that are no notation.
fn words(line: &str) -> impl Iterator<Item = (&str, &str)> {
    let mut rest = line;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let word_start = rest.len() - rest.trim_start_matches(' ').len();
        let word_end = word_start + word_length(&rest[word_start..]);
        let item = (&rest[..word_start], &rest[word_start..word_end]);
        rest = &rest[word_end..];
        Some(item)
    })
}

/// A renderer whose text is fitted to `width` columns: what its inner renderer writes, each
/// line too long broken under its value ([`fit`]).
pub struct Fitted<'r> {
    inner: Box<dyn Renderer + 'r>,
    width: usize,
}

impl<'r> Fitted<'r> {
    /// `inner`'s output fitted to `width` columns.
    pub fn new(inner: Box<dyn Renderer + 'r>, width: usize) -> Self {
        Fitted { inner, width }
    }

    /// What `write` adds at the end of `out`, fitted.
    fn fitted(&self, out: &mut String, write: impl FnOnce(&mut String)) {
        let start = out.len();
        write(out);
        if let Cow::Owned(fitted) = fit(&out[start..], self.width, Indent::UnderValue) {
            out.truncate(start);
            out.push_str(&fitted);
        }
    }
}

impl Renderer for Fitted<'_> {
    fn blocks(&self) -> bool {
        self.inner.blocks()
    }

    fn header(&self, columns: Columns<'_>) -> Option<String> {
        self.inner.header(columns)
    }

    fn scored(&self, out: &mut String, scored: &Scored, at: Option<&Location>) {
        self.fitted(out, |out| self.inner.scored(out, scored, at));
    }

    fn scored_at_table(
        &self,
        out: &mut String,
        scored: &Scored,
        at: Option<&Location>,
        players: [&str; 4],
    ) {
        self.fitted(out, |out| {
            self.inner.scored_at_table(out, scored, at, players)
        });
    }

    fn error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        self.fitted(out, |out| self.inner.error(out, input, error, at));
    }

    fn input_failure(
        &self,
        out: &mut String,
        message: &str,
        file: Option<&str>,
        columns: Columns<'_>,
    ) {
        self.fitted(out, |out| {
            self.inner.input_failure(out, message, file, columns)
        });
    }

    fn seated(&self, out: &mut String, players: [&str; 4], at: &Location) {
        self.fitted(out, |out| self.inner.seated(out, players, at));
    }

    fn drawn(&self, out: &mut String, input: &str, at: &Location) {
        self.fitted(out, |out| self.inner.drawn(out, input, at));
    }

    fn penalized(&self, out: &mut String, input: &str, at: &Location, by: Seat, points: u32) {
        self.fitted(out, |out| self.inner.penalized(out, input, at, by, points));
    }

    fn agreed(&self, out: &mut String, input: &str, at: &Location, played: &Played, players: Option<[&str; 4]>) {
        self.fitted(out, |out| self.inner.agreed(out, input, at, played, players));
    }

    fn session(&self, out: &mut String, entry: &Entry, played: &Played) {
        self.fitted(out, |out| self.inner.session(out, entry, played));
    }

    fn unseated(&self, out: &mut String) {
        self.inner.unseated(out);
    }

    fn waits(&self, out: &mut String, input: &str, analysis: &Analysis, at: Option<&Location>) {
        self.fitted(out, |out| self.inner.waits(out, input, analysis, at));
    }

    fn waits_error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        self.fitted(out, |out| self.inner.waits_error(out, input, error, at));
    }

    fn summary(&self, summary: &Summary) -> Option<String> {
        let text = self.inner.summary_for_width(summary, self.width)?;
        Some(fit(&text, self.width, Indent::UnderValue).into_owned())
    }

    fn summary_for_width(&self, summary: &Summary, width: usize) -> Option<String> {
        let text = self.inner.summary_for_width(summary, width)?;
        Some(fit(&text, width, Indent::UnderValue).into_owned())
    }

    fn summary_apart(&self, summary: &Summary, look: &dyn crate::style::Paint) -> String {
        self.inner.summary_apart(summary, look)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_characters_and_escapes_are_measured_as_shown() {
        assert_eq!(display_width("b66 c123"), 8);
        // Two columns each: the Chinese name and the red dragon tile.
        assert_eq!(display_width("門前清"), 6);
        assert_eq!(display_width("🀄 b1"), 5);
        // A colour escape takes no column.
        assert_eq!(display_width("\u{1b}[1mTotal\u{1b}[0m"), 5);
    }

    #[test]
    fn a_long_line_breaks_under_its_value() {
        let text = "Payments     discard, 45 > 25: East pays 3 × 45 − 50 = 85, the others 25 each\n  East pays 85";
        // 30 columns: the value starts at column 13, so each continuation starts there.
        assert_eq!(
            fit(text, 30, Indent::UnderValue),
            "Payments     discard, 45 > 25:\n             East pays 3 × 45\n             − 50 = 85, the\n             others 25 each\n  East pays 85"
        );
        // Short enough: untouched, and not copied.
        assert!(matches!(
            fit(text, 100, Indent::UnderValue),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn a_meld_is_one_word() {
        // Also inside parentheses, as a pattern's set is shown.
        assert_eq!(
            fit(
                "  3.1 Value Honor 番牌 10 ([p e111])",
                30,
                Indent::UnderValue
            ),
            "  3.1 Value Honor 番牌 10\n    ([p e111])"
        );
        // At 30 columns the value starts at 13, leaving 17: "c99 · [p c222]" is 14, and
        // "[p c333]" does not fit after it, so it starts the next line whole, never "[p"
        // on one line and "c333]" on the next.
        let text = "Arrangement  c99 · [p c222] [p c333] [ck w2222]";
        assert_eq!(
            fit(text, 30, Indent::UnderValue),
            "Arrangement  c99 · [p c222]\n             [p c333]\n             [ck w2222]"
        );
        // A lone bracket (in a comment) is no meld: the line still breaks at its spaces.
        assert_eq!(
            fit(
                "Hand         b1 # [see the note below",
                30,
                Indent::UnderValue
            ),
            "Hand         b1 # [see the\n             note below"
        );
    }

    #[test]
    fn an_error_keeps_its_input_and_caret_whole() {
        let text = "error at column 30: unknown word 'xyz': expected tiles\n  b66 c12345678 d111 +c9 self xyz\n                              ^";
        let fitted = fit(text, 30, Indent::UnderValue);
        let lines: Vec<&str> = fitted.lines().collect();
        assert_eq!(lines[0], "error at column 30: unknown");
        assert_eq!(lines[lines.len() - 2], "  b66 c12345678 d111 +c9 self xyz");
        assert_eq!(lines[lines.len() - 1], "                              ^");
    }
}
