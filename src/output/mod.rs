//! Rendering what the engine gives (scored hands, errors, waits, a session's steps, run
//! summaries) in an output format. A format is a [`Renderer`], each one submodule that
//! renders every kind of result, a session's part included: `text` for people, `json`
//! (JSON Lines) and `tsv` for scripts (docs/scripting.md). The `waits` submodule holds each
//! format's rendering of the `waits` analysis, `reference` the pattern and notation cards,
//! and `fit` the text fitted to a terminal's width. The registry of formats is
//! `crate::format`, above them; the colour by role the text is painted with,
//! `crate::style`, below.
//!
//! Nothing here scores: every number comes from the scoring, the claim and the payments.
//! The look of the text is decided by the caller and passed in (a [`Paint`]), so the same
//! text renders in tests, on a terminal or in a page.
//!
//! This module owns the pieces the formats share, each written by one function generic
//! over [`std::fmt::Write`]: numbers (`write_uint`), text shown as printable
//! (`write_printable`), a false win's reason, a pattern's points, where the winning tile
//! went. The renderers call them on the line's `String` directly, with no `write!`
//! machinery and no intermediate `String` in the path of a scored line: a batch renders
//! every line, so its rendering is a large share of the batch's time.

// Each format, and the pieces below them, are the crate's own (public to the tests with the
// `testing` feature): a caller renders through the `Renderer` of a format. They use this
// module's pieces; this module uses none of them (the registry of formats, above them all,
// is `crate::format`).
engine_modules!(fit, json, reference, text, tsv, waits);

use std::borrow::Cow;
use std::fmt::{self, Write};

pub(crate) use crate::digits::{write_int, write_uint};

use crate::tile::Seat;
use crate::analysis::{Analysis, Waits};
use crate::arrange::{Arrangement, Placement, Shape, SpecialShape};
use crate::hand::Hand;
use crate::line::{Error, Scored};
use crate::patterns::{Shapes, Value};
use crate::style::Paint;
use crate::rule_set::RuleSet;
use crate::score::{CountedPattern, FalseWin, Limit, Outcome, Reading};
use crate::session::{Entry, Played};
use crate::summary::Summary;

/// Where a line came from in batch mode: its 1-based line number, and its file when the
/// run reads several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location<'a> {
    /// The file, when the run reads several.
    pub file: Option<&'a str>,
    /// The 1-based line number.
    pub line: usize,
}

impl Location<'_> {
    /// Writes `hands.txt:3`, or `3` without a file (the file as given: the caller makes it
    /// printable if it shows it to people).
    pub fn write_to<W: Write>(&self, w: &mut W) -> fmt::Result {
        if let Some(file) = self.file {
            w.write_str(file)?;
            w.write_char(':')?;
        }
        write_uint(w, self.line as u64)
    }
}

impl fmt::Display for Location<'_> {
    /// `hands.txt:3`, or `3` without a file (see [`Location::write_to`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// Whether `text` may hold a character [`write_printable`] replaces: a byte below 0x20, DEL,
/// the first byte of U+0080..U+009F, or the first byte of U+2000..U+2FFF (where the
/// line and paragraph separators and the bidirectional controls are). A quick look at the
/// bytes, so that the common text is copied whole: printable ASCII is told eight bytes at a
/// time, and any other text has every byte looked at, without stopping early, which the
/// compiler turns into a few wide comparisons.
fn may_hold_control(text: &str) -> bool {
    !crate::ascii::is_printable(text)
        && text.bytes().fold(false, |found, b| {
            found | (b < 0x20) | (b == 0x7f) | (b == 0xc2) | (b == 0xe2)
        })
}

/// Whether a terminal could be made to do something by `c` rather than show it: a control
/// character (C0, DEL, C1), the line and paragraph separators U+2028 and U+2029, or a
/// bidirectional embedding, override or isolate (U+202A..U+202E, U+2066..U+2069), which
/// reorder the text shown after them.
pub(crate) fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text.trim()`, the usual case (a line that starts and ends with a token) decided from
/// its first and last bytes: the renderers show every line's input trimmed.
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) fn trimmed(text: &str) -> &str {
    // An ASCII byte other than these is no white space to `trim`.
    let plain = |byte: Option<&u8>| {
        byte.is_some_and(|&b| b.is_ascii() && !matches!(b, b'\t'..=b'\r' | b' '))
    };
    let bytes = text.as_bytes();
    if plain(bytes.first()) && plain(bytes.last()) {
        text
    } else {
        text.trim()
    }
}

/// Writes `text` as [`printable`] shows it: every control character, separator and bidi
/// control ([`is_unsafe`]) as its code point (`U+001B`), a tab as a space; runs without
/// one are copied whole.
pub(crate) fn write_printable<W: Write>(w: &mut W, text: &str) -> fmt::Result {
    if !may_hold_control(text) {
        return w.write_str(text);
    }
    let mut plain_from = 0;
    for (i, c) in text.char_indices() {
        if !is_unsafe(c) {
            continue;
        }
        w.write_str(&text[plain_from..i])?;
        match c {
            '\t' => w.write_char(' ')?,
            c => write!(w, "U+{:04X}", c as u32)?,
        }
        plain_from = i + c.len_utf8();
    }
    w.write_str(&text[plain_from..])
}

/// A writer that passes everything written to it on as [`write_printable`] shows it: for a
/// piece of output made of several writes (a TSV message) that must be printable whole.
pub(crate) struct Printable<'w, W>(pub &'w mut W);

impl<W: Write> Write for Printable<'_, W> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        write_printable(self.0, text)
    }
}

/// Text read from the input (a line, a comment, a file name), safe to show on a terminal:
/// every control character is written as its code point (`U+001B`), so that no input can
/// move the cursor, clear the screen or retitle the window, and so is every bidirectional
/// control and line or paragraph separator, so that none can reorder or break what is
/// shown after it. A tab becomes a space: it separates tokens as a space does.
///
/// ```
/// assert_eq!(mjscore::render::printable("b1\u{1b}[31m\tb2"), "b1U+001B[31m b2");
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    if !may_hold_control(text) || !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let _ = write_printable(&mut out, text);
    Cow::Owned(out)
}

/// Which rows a header names: a scoring run's (with a session's columns when the first
/// line seats players) or the `waits` analysis's (with a file column when the run reads
/// several inputs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Columns<'a> {
    /// Scored hands.
    Hands {
        /// The rows carry a session's columns: then the run's first four players, in the
        /// order of their `players:` line, whose running totals every row carries too.
        session: Option<[&'a str; 4]>,
    },
    /// Waits.
    Waits {
        /// The rows start with the file.
        file: bool,
    },
}

/// An output format: how each result the engine gives is written. The batch, the `waits`
/// analysis and the command line know nothing else of a format, so a new one is a type
/// that implements this and, for the command line, a line of
/// [`Format::renderer`](crate::render::Format::renderer) (tests/custom_format.rs makes one
/// up). A renderer is made for one run's rule set.
///
/// Each method writes at the end of `out`; one result is one line (JSON Lines, TSV), or a
/// block ending with a line break when [`Renderer::blocks`] says so.
///
/// Only [`Renderer::scored`] must be written: every other method has a default, in plain
/// words, that a format overrides where it has more to say (tests/library.rs has a format
/// of one method). By default a line that is not a hand is `line 3, column 7: message`,
/// the waits of a hand are the tiles it waits on, a session's lines add nothing, and a
/// format without a summary of its own shows none.
///
/// **Threads and order.** A batch run ([`crate::batch::run`]) on several threads calls a
/// renderer from each of its worker threads at once (hence `Sync`), each call with the
/// result of one line and a `String` of its own, in no order: the run then writes the
/// strings in the order of the lines, so what a renderer writes for a line may depend only
/// on that line's result and its location, never on the calls before it. A renderer keeps
/// no state between calls, and a format that must (a running count) gets it from the
/// result itself (a session's results carry their running totals). Writing to a `String`
/// does not fail; the run writes the strings to its output, stops there on the first error
/// it cannot write past (a full disk), and returns it (exit status 2 on the command line).
/// That is why a renderer writes to a `String` and not to an `io::Write`: the lines are
/// rendered on several threads at once and only the run, in one place and in order, writes
/// to the output, so the one write that can fail is the run's, and so is the stop.
pub trait Renderer: Sync {
    /// Whether results are blocks for people, a blank line between two, rather than one
    /// result a line.
    fn blocks(&self) -> bool {
        false
    }

    /// The header written before the first result, with its line break, if the format has
    /// one. Its columns are then fixed for the run: a session can only start with the
    /// first line read.
    fn header(&self, columns: Columns<'_>) -> Option<String> {
        let _ = columns;
        None
    }

    /// A scored line: a win or a false win, with a claim's verdict.
    fn scored(&self, out: &mut String, scored: &Scored, at: Option<&Location>);

    /// A scored line of a session: the hand's `players`, East South West North, are known,
    /// and a format may name them beside their seats. The same as [`Renderer::scored`]
    /// unless the format says otherwise.
    fn scored_at_table(
        &self,
        out: &mut String,
        scored: &Scored,
        at: Option<&Location>,
        players: [&str; 4],
    ) {
        let _ = players;
        self.scored(out, scored, at);
    }

    /// A line that is not a hand.
    fn error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        let _ = input;
        if let Some(at) = at {
            out.push_str("line ");
            let _ = at.write_to(&mut Printable(out));
            out.push_str(", ");
        }
        out.push_str("column ");
        let _ = write_uint(out, error.column() as u64);
        out.push_str(": ");
        let _ = write_printable(out, &error.message());
    }

    /// An input that cannot be read (a missing file), in a run of these `columns`.
    fn input_failure(
        &self,
        out: &mut String,
        message: &str,
        file: Option<&str>,
        columns: Columns<'_>,
    ) {
        let _ = (file, columns);
        let _ = write_printable(out, message);
    }

    /// A `players:` line has seated a table.
    fn seated(&self, out: &mut String, players: [&str; 4], at: &Location) {
        let _ = (out, players, at);
    }

    /// A drawn hand (`draw`).
    fn drawn(&self, out: &mut String, input: &str, at: &Location) {
        let _ = (out, input, at);
    }

    /// A penalty (`penalty Bob 30`): the player at `by` is charged `points`, paid to nobody.
    fn penalized(&self, out: &mut String, input: &str, at: &Location, by: Seat, points: u32) {
        let _ = (out, input, at, by, points);
    }

    /// A hand recorded by the value the table agreed (`value=45 seat=Bob from=Ann`), without
    /// its tiles and so not checked: `played` is a [`Played::Won`], paid on that value as a
    /// scored hand of that total is; the hand's `players`, East South West North, when a
    /// table is seated.
    fn agreed(&self, out: &mut String, input: &str, at: &Location, played: &Played, players: Option<[&str; 4]>) {
        let _ = (out, input, at, played, players);
    }

    /// The session's part of a hand's result, added to `out`, which ends with the hand's
    /// own result: the table, the players, their running totals.
    fn session(&self, out: &mut String, entry: &Entry, played: &Played) {
        let _ = (out, entry, played);
    }

    /// The end of a result in a run whose results carry a session's part, for a result no
    /// table was part of (a hand before the session's `players:` line): nothing, unless
    /// the format's rows must all have the same fields.
    fn unseated(&self, out: &mut String) {
        let _ = out;
    }

    /// A hand before its win, analysed: its waits, or its discards.
    fn waits(&self, out: &mut String, input: &str, analysis: &Analysis, at: Option<&Location>) {
        let _ = (input, at);
        write_plain_waits(out, analysis);
    }

    /// A line of the `waits` analysis that is not a hand.
    fn waits_error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        self.error(out, input, error, at);
    }

    /// The run's summary (`--summary`), or `None` when the format keeps its output to its
    /// results (TSV's table): the summary is then shown apart ([`Renderer::summary_apart`]).
    fn summary(&self, summary: &Summary) -> Option<String> {
        let _ = summary;
        None
    }

    /// [`Renderer::summary`] for a terminal `width` columns wide, laid out to fit where the
    /// format has a layout of its own for it (text's standings table); the caller breaks
    /// any line still too long. The same as [`Renderer::summary`] unless the format says
    /// otherwise.
    fn summary_for_width(&self, summary: &Summary, width: usize) -> Option<String> {
        let _ = width;
        self.summary(summary)
    }

    /// The summary shown apart from the results (on standard error) when
    /// [`Renderer::summary`] gives none, painted by `look` where it is text: nothing, unless
    /// the format says otherwise (TSV's standings).
    fn summary_apart(&self, summary: &Summary, look: &dyn Paint) -> String {
        let _ = (summary, look);
        String::new()
    }
}

/// A hand before its win in plain words (the default of [`Renderer::waits`]): for 13 tiles
/// "waits b4 b7" (the tiles it waits on, dead ones included), or "not calling"; for 14
/// tiles, each discard that leaves the hand calling and its waits, "discard b1: waits b4
/// b7; …".
fn write_plain_waits(out: &mut String, analysis: &Analysis) {
    let tiles = |waits: &Waits| -> String {
        if waits.waits.is_empty() {
            "not calling".to_string()
        } else {
            let tiles: Vec<String> = waits.waits.iter().map(|w| w.tile.to_string()).collect();
            format!("waits {}", tiles.join(" "))
        }
    };
    match analysis {
        Analysis::Waits(waits) => out.push_str(&tiles(waits)),
        Analysis::Discards(discards) if discards.discards.is_empty() => {
            out.push_str("no discard leaves the hand calling");
        }
        Analysis::Discards(discards) => {
            let each: Vec<String> = discards
                .discards
                .iter()
                .map(|d| format!("discard {}: {}", d.tile, tiles(&d.waits)))
                .collect();
            out.push_str(&each.join("; "));
        }
    }
}

/// Writes why the outcome is a false win, in one sentence; nothing for a win.
pub(crate) fn write_false_win_reason<W: Write>(
    w: &mut W,
    outcome: &Outcome,
    rules: &RuleSet,
) -> fmt::Result {
    match outcome {
        Outcome::Win { .. } => Ok(()),
        Outcome::FalseWin(FalseWin::NotAWinningHand) => {
            w.write_str("the tiles do not form ")?;
            write_winning_shapes(
                w,
                rules.shapes,
                rules.special_shapes,
                thirteen_terminals(rules),
            )
        }
        Outcome::FalseWin(FalseWin::Refused { reason }) => w.write_str(reason),
        Outcome::FalseWin(FalseWin::BelowMinimum { reading, minimum }) => {
            if reading.counted.is_empty() {
                w.write_str(rules.wording.no_pattern)?;
            } else {
                w.write_str("the hand is worth ")?;
                write_uint(w, reading.total.into())?;
            }
            w.write_str("; ")?;
            w.write_str(rules.short_name())?;
            w.write_str(" needs at least ")?;
            write_uint(w, (*minimum).into())?;
            w.write_str(if *minimum == 1 { " point" } else { " points" })
        }
    }
}

/// Why the outcome is a false win, in one sentence; `None` for a win (see
/// `write_false_win_reason`).
#[cfg(any(test, feature = "testing"))]
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) fn false_win_reason(outcome: &Outcome, rules: &RuleSet) -> Option<String> {
    match outcome {
        Outcome::Win { .. } => None,
        Outcome::FalseWin(_) => {
            let mut reason = String::new();
            let _ = write_false_win_reason(&mut reason, outcome, rules);
            Some(reason)
        }
    }
}

/// What the rule set calls Thirteen Terminals: the name of its one pattern scored on that
/// shape alone (the doubling table's 13 Scholars), or "Thirteen Terminals" when it has
/// none, or several.
fn thirteen_terminals(rules: &RuleSet) -> &str {
    let mut only = rules
        .patterns
        .iter()
        .filter(|p| p.shapes == crate::arrange::THIRTEEN_TERMINALS_ONLY);
    match (only.next(), only.next()) {
        (Some(pattern), None) => &pattern.name,
        _ => "Thirteen Terminals",
    }
}

/// Writes the winning shapes a rule set allows, in words: "4 sets and a pair, Seven Pairs
/// or Thirteen Terminals" (Thirteen Terminals by the rule set's name for it).
fn write_winning_shapes<W: Write>(
    w: &mut W,
    shapes: Shapes,
    special: &[SpecialShape],
    thirteen_terminals: &str,
) -> fmt::Result {
    let names = [
        (shapes.regular, "4 sets and a pair"),
        (shapes.seven_pairs, "Seven Pairs"),
        (shapes.thirteen_terminals, thirteen_terminals),
    ];
    let allowed = || {
        names
            .iter()
            .filter(|(allowed, _)| *allowed)
            .map(|&(_, n)| n)
            .chain(special.iter().filter(|_| shapes.special).map(|s| s.name))
    };
    let count = allowed().count();
    if count == 0 {
        return w.write_str("a winning hand");
    }
    for (i, name) in allowed().enumerate() {
        if i + 1 == count && i > 0 {
            w.write_str(" or ")?;
        } else if i > 0 {
            w.write_str(", ")?;
        }
        w.write_str(name)?;
    }
    Ok(())
}

/// Writes a counted pattern's points as shown: a number, `½` for a half-point pattern,
/// `+50%` for a percentage.
pub(crate) fn write_points_label<W: Write>(w: &mut W, counted: &CountedPattern) -> fmt::Result {
    match counted.pattern.value {
        // The card's own label, so that the two never differ (these patterns are rare).
        Value::Half | Value::Percent(_) => w.write_str(&counted.pattern.value.label(None)),
        _ => write_uint(w, counted.points().into()),
    }
}

/// A counted pattern's points as shown (see `write_points_label`).
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) fn points_label(counted: &CountedPattern) -> String {
    let mut label = String::new();
    let _ = write_points_label(&mut label, counted);
    label
}

/// A number for scripts (JSON, TSV): whole points, half a point, or points not known
/// without a hand (a computed value on the card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) enum Number {
    /// Whole points.
    Whole(u32),
    /// Half a point: `0.5`.
    Half,
    /// Not known without a hand: `null`.
    Unknown,
}

impl Number {
    /// Writes `12`, `0.5` or `null`.
    pub fn write_to<W: Write>(self, w: &mut W) -> fmt::Result {
        match self {
            Number::Whole(points) => write_uint(w, points.into()),
            Number::Half => w.write_str("0.5"),
            Number::Unknown => w.write_str("null"),
        }
    }
}

impl fmt::Display for Number {
    /// `12`, `0.5` or `null` (see [`Number::write_to`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// A value as a number for scripts (JSON, TSV): a half point is `0.5`, points not known
/// without a hand (a computed value on the card) are `null`.
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) fn number(value: &Value, points: Option<u32>) -> Number {
    match (value, points) {
        (Value::Half, _) => Number::Half,
        (_, Some(points)) => Number::Whole(points),
        (_, None) => Number::Unknown,
    }
}

/// A counted pattern's points as a number for scripts (a percentage's points are 0: its
/// percentage is written apart).
pub(crate) fn points_number(counted: &CountedPattern) -> Number {
    number(&counted.pattern.value, Some(counted.points()))
}

/// A reading's total as a number for scripts: 0.5 when a half-point pattern scores alone.
pub(crate) fn total_number(reading: &Reading) -> Number {
    match &reading.counted[..] {
        [only] => number(&only.pattern.value, Some(reading.total)),
        _ => Number::Whole(reading.total),
    }
}

/// A reading's sum before the limit as a number for scripts: 0.5 when a half-point pattern
/// is all it has, as its total, so the sum is never below the total.
pub(crate) fn sum_number(reading: &Reading) -> Number {
    match &reading.counted[..] {
        [only] if reading.sum == 0 => number(&only.pattern.value, Some(0)),
        _ => Number::Whole(reading.sum),
    }
}

/// Writes a reading's total as shown: `½` when a half-point pattern scores alone.
pub(crate) fn write_total_label<W: Write>(w: &mut W, reading: &Reading) -> fmt::Result {
    match &reading.counted[..] {
        [only] if reading.shows_half() => write_points_label(w, only),
        _ => write_uint(w, reading.total.into()),
    }
}

/// A reading's total as shown (see [`write_total_label`]).
pub(crate) fn total_label(reading: &Reading) -> String {
    let mut label = String::new();
    let _ = write_total_label(&mut label, reading);
    label
}

/// The rule set's name for a limit: "listed limit" / "compound limit" in Zung Jung,
/// "special hand" / "maximum" in the doubling table.
pub(crate) fn limit_label(rules: &RuleSet, limit: Limit) -> &'static str {
    match limit {
        Limit::Listed => rules.wording.alone,
        Limit::Compound => rules.wording.capped,
    }
}

/// Writes which group the winning tile completes, in words: `b5 completes b456`.
fn write_placement<W: Write>(w: &mut W, hand: &Hand, arrangement: &Arrangement) -> fmt::Result {
    // A win by declaration may be written without its tiles.
    let tile = |w: &mut W| match hand.winning_tile {
        Some(tile) => tile.write_to(w),
        None => Ok(()),
    };
    match arrangement.placement {
        Placement::Set(i) => {
            let set = arrangement.sets()[i];
            tile(w)?;
            w.write_str(" completes ")?;
            set.write_to(w)?;
            if arrangement.completed_triplet().is_some() && !hand.context.self_drawn() {
                // The triplet, not the hand: a hand without melds stays concealed.
                w.write_str(" on a discard: the triplet counts as exposed")?;
                if hand.melds.is_empty() {
                    w.write_str(" (the hand stays concealed)")?;
                }
            }
            Ok(())
        }
        Placement::Pair => {
            tile(w)?;
            w.write_str(" completes the pair ")?;
            match arrangement.pair() {
                Some(pair) => crate::tile::write_run(w, pair, 2),
                None => Ok(()),
            }
        }
        Placement::Irregular if arrangement.shape == Shape::Declared => {
            w.write_str("the tiles are not scored")
        }
        Placement::Irregular => {
            tile(w)?;
            w.write_str(" completes the hand")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trimmed_is_trim() {
        // Every ASCII byte and some Unicode spaces at either end, and none.
        let mut texts: Vec<String> = (0u8..128)
            .flat_map(|b| {
                let c = char::from(b);
                [
                    format!("{c}b123 +b4"),
                    format!("b123 +b4{c}"),
                    format!("{c}"),
                ]
            })
            .collect();
        for space in ["\u{a0}", "\u{2003}", "\u{3000}", "\u{85}", "\u{b}"] {
            texts.push(format!("{space}b1{space}"));
        }
        texts.push(String::new());
        for text in &texts {
            assert_eq!(trimmed(text), text.trim(), "{text:?}");
        }
    }

    #[test]
    fn numbers_are_written_as_to_string_writes_them() {
        for n in [
            0,
            1,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            1001,
            12_345,
            1_002_003,
            10_000_000,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let mut out = String::new();
            write_uint(&mut out, n).unwrap();
            assert_eq!(out, n.to_string());
        }
        for n in [0, 5, -5, -10, 120, -120, i64::MAX, i64::MIN] {
            let mut out = String::new();
            write_int(&mut out, n).unwrap();
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn printable_text_replaces_control_characters() {
        for (text, shown) in [
            ("b123 c456", "b123 c456"),
            ("a\tb", "a b"),
            ("\u{1b}[2J", "U+001B[2J"),
            ("del\u{7f} c1\u{85} é ½ 中", "delU+007F c1U+0085 é ½ 中"),
            ("\u{9f}\u{a0}", "U+009F\u{a0}"),
            // Bidi controls and separators, beside characters of the same leading byte
            // that are shown as they are (… and ‘’).
            ("a\u{202e}b\u{2066}c\u{2069}", "aU+202EbU+2066cU+2069"),
            (
                "\u{2028}\u{2029}\u{202a}\u{202d}",
                "U+2028U+2029U+202AU+202D",
            ),
            (
                "…‘’\u{2027}\u{202f}\u{2065}\u{206a}",
                "…‘’\u{2027}\u{202f}\u{2065}\u{206a}",
            ),
        ] {
            assert_eq!(printable(text), shown);
            let mut out = String::new();
            // In pieces, as a message is written: the same text.
            let mut writer = Printable(&mut out);
            for piece in text.split_inclusive(' ') {
                writer.write_str(piece).unwrap();
            }
            assert_eq!(out, shown);
        }
    }

    #[test]
    fn a_location_is_its_file_and_line() {
        let at = Location {
            file: Some("hands.txt"),
            line: 3,
        };
        assert_eq!(at.to_string(), "hands.txt:3");
        let at = Location {
            file: None,
            line: 120,
        };
        assert_eq!(at.to_string(), "120");
    }

    #[test]
    fn winning_shapes_are_listed_in_words() {
        let text = |regular, seven_pairs, thirteen_terminals| {
            let mut out = String::new();
            let shapes = Shapes {
                regular,
                seven_pairs,
                thirteen_terminals,
                declared: false,
                special: false,
                sequences: crate::arrange::ANY_SEQUENCES,
            };
            write_winning_shapes(&mut out, shapes, &[], "Thirteen Terminals").unwrap();
            out
        };
        assert_eq!(
            text(true, true, true),
            "4 sets and a pair, Seven Pairs or Thirteen Terminals"
        );
        assert_eq!(
            text(true, false, true),
            "4 sets and a pair or Thirteen Terminals"
        );
        assert_eq!(text(false, true, false), "Seven Pairs");
        assert_eq!(text(false, false, false), "a winning hand");
    }

    #[test]
    fn script_numbers() {
        assert_eq!(Number::Whole(40).to_string(), "40");
        assert_eq!(Number::Half.to_string(), "0.5");
        assert_eq!(Number::Unknown.to_string(), "null");
    }
}
