//! JSON output (docs/scripting.md § Formats): one object per line, so a batch is JSON Lines.
//!
//! The objects are written straight into a `String` by a small writer rather than built as
//! a `serde_json::Value` first: building the value took most of the time of a batch. Numbers,
//! tiles, sets and arrangements are written by their own writers (`Raw`,
//! `Object::notation`) rather than through `write!`, the fixed keys of a scored line
//! with their punctuation as one piece each, and a scored line allocates nothing but the
//! `String` it is written in. Keys appear in a fixed order; optional parts (`line`,
//! `file`, `claim`, `readings`) only when they apply.

use std::fmt::{self, Display, Write};

use crate::analysis::{Analysis, WaitValue, Waits};
use crate::arrange::Placement;
use crate::claim::ClaimCheck;
use crate::hand::WinBy;
use crate::line::{Error, Scored};
use crate::notation::SHARED_WORDS;
use crate::patterns::Pattern;
use crate::rule_set::RuleSet;
use crate::score::PaidOn;
use crate::score::{CountedPattern, FalseWin, Limit, Outcome, Reading};
use crate::session::{Entry, Played, Standing};
use crate::summary::Summary;
use crate::tile::Seat;
use crate::words::WordValues;

use super::Columns;
use super::{
    points_number, sum_number, total_number, write_false_win_reason, write_int, write_uint,
    Location, Number,
};

/// Whether a byte may have to be escaped in a JSON string: JSON's own (a quote, a
/// backslash, a control byte below 0x20), and DEL and the first byte of the C1 controls
/// (U+0080..U+009F), escaped too so that JSON shown on a terminal cannot drive it. 0xC2
/// also begins other characters (`½`), which [`write_string`] copies as they are.
///
/// 0xE2 and 0xD8 begin the characters that would reorder or break what a terminal or an
/// editor shows of the line ([`is_layout_control`]): the line and paragraph separators
/// (U+2028, U+2029), and the direction marks, embeddings, overrides and isolates.
const fn needs_escape(byte: u8) -> bool {
    (byte < 0x20)
        | (byte == b'"')
        | (byte == b'\\')
        | (byte == 0x7f)
        | (byte == 0xc2)
        | (byte == 0xe2)
        | (byte == 0xd8)
}

/// Whether `c` breaks a line or changes the direction of what follows it: U+2028 and
/// U+2029 (a JavaScript string cannot hold them raw), the marks U+200E, U+200F and U+061C,
/// the embeddings and overrides U+202A..U+202E, the isolates U+2066..U+2069. JSON escapes
/// them, so that a record shown on a terminal reads as it is.
fn is_layout_control(c: char) -> bool {
    matches!(c, '\u{2028}'..='\u{202e}' | '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{2066}'..='\u{2069}')
}

/// Whether `text` may hold a byte [`needs_escape`] names, quickly, so that most strings are
/// copied in one piece: plain ASCII is decided eight bytes at a time, and any other text has
/// every byte looked at without stopping early, which the compiler turns into wide
/// comparisons.
fn may_need_escape(text: &str) -> bool {
    !crate::ascii::is_printable_unquoted(text)
        && text
            .bytes()
            .fold(false, |found, byte| found | needs_escape(byte))
}

/// Whether `text` holds a character [`write_string`] escapes (exactly: `½` and `·`, which
/// begin with 0xC2 too, need none).
fn must_escape(text: &str) -> bool {
    may_need_escape(text)
        && text
            .chars()
            .any(|c| {
                c < ' '
                    || c == '"'
                    || c == '\\'
                    || ('\u{7f}'..='\u{9f}').contains(&c)
                    || is_layout_control(c)
            })
}

/// Writes what `write` writes as a JSON string literal, in place, escaped only if it needs
/// to be (then through an intermediate `String`): for text the program composes from its
/// own tables and from what the line says ([`Object::written`]).
#[inline(always)]
fn write_composed(out: &mut String, write: impl FnOnce(&mut String)) {
    out.push('"');
    let start = out.len();
    write(out);
    if must_escape(&out[start..]) {
        let text = out.split_off(start);
        out.pop();
        write_string(out, &text);
    } else {
        out.push('"');
    }
}

/// Writes `text` as a JSON string literal. Runs that need no escape are copied whole: this
/// is the hottest function of a JSON batch, and most strings need no escape at all.
pub(crate) fn write_string(out: &mut String, text: &str) {
    out.push('"');
    let bytes = text.as_bytes();
    if !may_need_escape(text) {
        out.push_str(text);
        out.push('"');
        return;
    }
    let mut plain_from = 0;
    while let Some(offset) = bytes[plain_from..].iter().position(|&b| needs_escape(b)) {
        let i = plain_from + offset;
        out.push_str(&text[plain_from..i]);
        match bytes[i] {
            // A two-byte character: escaped if it is a C1 control, else copied.
            0xc2 if !(0x80..=0x9f).contains(&bytes[i + 1]) => {
                out.push_str(&text[i..i + 2]);
                plain_from = i + 2;
                continue;
            }
            0xc2 => {
                let _ = write!(out, "\\u{:04x}", bytes[i + 1]);
                plain_from = i + 2;
                continue;
            }
            // A character of three bytes (0xE2) or two (0xD8): escaped if it is a
            // separator or a direction control, else copied.
            0xe2 | 0xd8 => {
                let c = text[i..].chars().next().expect("a character starts here");
                if is_layout_control(c) {
                    let _ = write!(out, "\\u{:04x}", u32::from(c));
                } else {
                    out.push(c);
                }
                plain_from = i + c.len_utf8();
                continue;
            }
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            byte => {
                let _ = write!(out, "\\u{byte:04x}");
            }
        }
        plain_from = i + 1;
    }
    out.push_str(&text[plain_from..]);
    out.push('"');
}

/// A value written as JSON as it is, without quotes: a number, `true`/`false`, `null`.
pub(crate) trait Raw {
    /// Writes the value.
    fn write_raw(&self, out: &mut String);
}

macro_rules! raw_unsigned {
    ($($t:ty),*) => {$(
        impl Raw for $t {
            fn write_raw(&self, out: &mut String) {
                let _ = write_uint(out, *self as u64);
            }
        }
    )*};
}
raw_unsigned!(u8, u16, u32, u64, usize);

macro_rules! raw_signed {
    ($($t:ty),*) => {$(
        impl Raw for $t {
            fn write_raw(&self, out: &mut String) {
                let _ = write_int(out, *self as i64);
            }
        }
    )*};
}
raw_signed!(i32, i64);

impl Raw for bool {
    fn write_raw(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl Raw for Number {
    fn write_raw(&self, out: &mut String) {
        let _ = self.write_to(out);
    }
}

/// `null`.
pub(crate) struct Null;

impl Raw for Null {
    fn write_raw(&self, out: &mut String) {
        out.push_str("null");
    }
}

impl<T: Raw> Raw for Option<T> {
    /// The value, or `null`.
    fn write_raw(&self, out: &mut String) {
        match self {
            Some(value) => value.write_raw(out),
            None => Null.write_raw(out),
        }
    }
}

/// An object being written: `{"key":value,...}`.
pub(crate) struct Object<'a> {
    out: &'a mut String,
    empty: bool,
}

impl<'a> Object<'a> {
    /// Opens an object in `out`.
    pub fn new(out: &'a mut String) -> Object<'a> {
        out.push('{');
        Object { out, empty: true }
    }

    /// Writes the key; the caller writes the value into the returned string.
    pub fn key(&mut self, key: &str) -> &mut String {
        if !self.empty {
            self.out.push(',');
        }
        self.empty = false;
        // Keys are names written in this program, never anything to escape.
        debug_assert!(!must_escape(key));
        self.out.push('"');
        self.out.push_str(key);
        self.out.push_str("\":");
        self.out
    }

    /// A string value, escaped.
    pub fn string(&mut self, key: &str, value: &str) -> &mut Self {
        let out = self.key(key);
        write_string(out, value);
        self
    }

    /// A number, `true`/`false` or `null`.
    pub fn raw(&mut self, key: &str, value: impl Raw) -> &mut Self {
        let out = self.key(key);
        value.write_raw(out);
        self
    }

    /// A string from the program's own tables (pattern ids and names, rule set ids): written
    /// without scanning for characters to escape, as a test checks there are none.
    pub fn table_string(&mut self, key: &str, value: &str) -> &mut Self {
        // A built-in table's texts need no escape (a test checks them); a rules file's may.
        if must_escape(value) {
            return self.string(key, value);
        }
        let out = self.key(key);
        out.push('"');
        out.push_str(value);
        out.push('"');
        self
    }

    /// A string written in place by `write`, escaped only if it needs to be (then through an
    /// intermediate `String`): for text the program composes (a message) from its own tables
    /// and from what the line says.
    pub fn written(&mut self, key: &str, write: impl FnOnce(&mut String)) -> &mut Self {
        write_composed(self.key(key), write);
        self
    }

    /// A value's `Display` as a string, written in place (see [`Object::written`]).
    pub fn display(&mut self, key: &str, value: impl Display) -> &mut Self {
        self.written(key, |out| {
            let _ = write!(out, "{value}");
        })
    }

    /// Notation (a tile, a set, an arrangement) as a string, written in place by `write`
    /// and not scanned for characters to escape: notation has none (a test writes every
    /// tile, set and shape of arrangement to check).
    pub fn notation(
        &mut self,
        key: &str,
        write: impl FnOnce(&mut String) -> fmt::Result,
    ) -> &mut Self {
        write_notation(self.key(key), write);
        self
    }

    /// A string, or `null`.
    pub fn optional_string(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(value) => self.string(key, value),
            None => self.raw(key, Null),
        }
    }

    /// An array of strings.
    pub fn strings<'s>(
        &mut self,
        key: &str,
        values: impl IntoIterator<Item = &'s str>,
    ) -> &mut Self {
        let out = self.key(key);
        out.push('[');
        for (i, value) in values.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_string(out, value);
        }
        out.push(']');
        self
    }

    /// Closes the object; write nothing more through it.
    pub fn end(&mut self) {
        self.out.push('}');
    }
}

/// The opening keys every object of a batch shares: where the line came from and its input
/// (the `waits` objects too).
pub(super) fn start<'a>(
    out: &'a mut String,
    at: Option<&Location>,
    input: &str,
    rules: &RuleSet,
) -> Object<'a> {
    // Fixed keys, written with their punctuation as one piece (see
    // `write_reading_and_context`).
    match at {
        Some(at) => {
            out.push_str("{\"line\":");
            let _ = write_uint(out, at.line as u64);
            if let Some(file) = at.file {
                out.push_str(",\"file\":");
                write_string(out, file);
            }
            out.push_str(",\"input\":");
        }
        None => out.push_str("{\"input\":"),
    }
    write_string(out, input);
    debug_assert!(!must_escape(&rules.id));
    out.push_str(",\"rules\":\"");
    out.push_str(&rules.id);
    out.push('"');
    Object { out, empty: false }
}

/// The object for a scored hand, written at the end of `out`; a false win has the same
/// fields, with nothing paid and a `false_win` object saying why. The patterns' openings
/// are written beforehand (a run's), if given.
pub(crate) fn write_scored_with(
    out: &mut String,
    scored: &Scored,
    rules: &RuleSet,
    at: Option<&Location>,
    heads: Option<&PatternHeads>,
) {
    let mut object = start(out, at, &scored.input, rules);
    match &scored.outcome {
        Outcome::Win { reading, .. } => write_win(&mut object, scored, reading, heads),
        Outcome::FalseWin(false_win) => {
            write_false_win(&mut object, scored, false_win, rules, heads)
        }
    }
    if let Some(check) = &scored.claim {
        write_claim(&mut object, check);
    }
    if let Some(readings) = &scored.readings {
        let out = object.key("readings");
        out.push('[');
        for (i, reading) in readings.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_reading_summary(out, reading);
        }
        out.push(']');
    }
    object.end();
}

fn write_win(
    object: &mut Object,
    scored: &Scored,
    reading: &Reading,
    heads: Option<&PatternHeads>,
) {
    // Fixed keys, written with their punctuation as one piece (see
    // `write_reading_and_context`).
    let out = &mut *object.out;
    out.push_str(",\"total\":");
    total_number(reading).write_raw(out);
    out.push_str(",\"limit\":");
    match reading.limit {
        Some(limit) => {
            out.push('"');
            out.push_str(limit.name());
            out.push('"');
        }
        None => out.push_str("null"),
    }
    out.push_str(",\"sum\":");
    sum_number(reading).write_raw(out);
    write_reading_and_context(object, scored, Some(reading), heads);
    if let Some(payments) = scored.payments() {
        write_payments(object, |seat| payments.of(seat));
    }
}

/// `payments`: what each seat pays (negative) or receives, by seat letter.
fn write_payments(object: &mut Object, amount: impl Fn(Seat) -> i64) {
    let out = object.key("payments");
    // The seats' keys are fixed: each written with its punctuation as one piece.
    for (seat, key) in Seat::ALL.into_iter().zip(PAYMENT_KEYS) {
        out.push_str(key);
        let _ = write_int(out, amount(seat));
    }
    out.push('}');
}

/// A false win: the fields of a win, with `total` null and every payment 0 (or what the
/// rule set charges for a false win), then
/// `false_win` with its `reason`. A hand under the minimum has the reading that fell
/// short (its `sum`, `patterns`, arrangement); a hand that does not win has none.
fn write_false_win(
    object: &mut Object,
    scored: &Scored,
    false_win: &FalseWin,
    rules: &RuleSet,
    heads: Option<&PatternHeads>,
) {
    let reading = match false_win {
        FalseWin::BelowMinimum { reading, .. } => Some(reading),
        FalseWin::NotAWinningHand | FalseWin::Refused { .. } => None,
    };
    object.raw("total", Null).raw("limit", Null);
    match reading {
        Some(reading) => object.raw("sum", sum_number(reading)),
        None => object.raw("sum", Null),
    };
    write_reading_and_context(object, scored, reading, heads);
    // Nothing paid, written as constant zeros, but where the rule set charges a false win.
    match scored.false_win_payments(rules) {
        Some(paid) => write_payments(object, |seat| paid.of(seat)),
        None => write_payments(object, |_| 0),
    }
    Object::new(object.key("false_win"))
        .written("reason", |out| {
            let _ = write_false_win_reason(out, &scored.outcome, rules);
        })
        .end();
}

/// The fields of a hand between its value and its payments: the patterns and the
/// arrangement of `reading` (empty and null without one), the winning tile, and who won
/// how, on whose discard. (Inlined: a win's line, written on every scored line, is then
/// written as if `reading` were no option; out of line it cost 350 instructions a line.)
#[inline(always)]
fn write_reading_and_context(
    object: &mut Object,
    scored: &Scored,
    reading: Option<&Reading>,
    heads: Option<&PatternHeads>,
) {
    let hand = &scored.hand;
    let ctx = &hand.context;
    let (from, assumed) = match ctx.win_by {
        WinBy::SelfDraw => (None, false),
        WinBy::Discard { from, assumed } => (Some(from), assumed),
    };
    let responsible = ctx.responsible.seat();
    let none: &[CountedPattern] = &[];
    // The keys are fixed and follow the value's: each written with its punctuation as one
    // piece, straight into the line (through `Object` a key cost four pieces and a call).
    debug_assert!(!object.empty, "the hand's fields follow its value");
    let out = &mut *object.out;
    out.push_str(",\"patterns\":");
    write_patterns(out, reading.map_or(none, |r| &r.counted), heads);
    out.push_str(",\"set_aside\":");
    write_patterns(out, reading.map_or(none, |r| &r.set_aside), heads);
    out.push_str(",\"arrangement\":");
    match reading {
        Some(reading) => write_notation(out, |out| reading.arrangement.write_to(out)),
        None => out.push_str("null"),
    }
    out.push_str(",\"winning_tile\":");
    match hand.winning_tile {
        Some(tile) => write_notation(out, |out| tile.write_to(out)),
        None => out.push_str("null"),
    }
    out.push_str(",\"winning_set\":");
    match reading {
        Some(reading) => write_winning_set_value(out, reading),
        None => out.push_str("null"),
    }
    // Who won how: short values, each from a table.
    out.push_str(",\"seat\":");
    out.push_str(quoted_seat(Some(ctx.seat)));
    out.push_str(",\"self_draw\":");
    out.push_str(if ctx.self_drawn() { "true" } else { "false" });
    out.push_str(",\"from\":");
    out.push_str(quoted_seat(from));
    out.push_str(",\"from_assumed\":");
    out.push_str(if assumed { "true" } else { "false" });
    out.push_str(",\"responsible\":");
    out.push_str(quoted_seat(responsible));
}

/// The keys of `payments`, in [`Seat::ALL`] order, each with what comes before it.
const PAYMENT_KEYS: [&str; 4] = ["{\"e\":", ",\"s\":", ",\"w\":", ",\"n\":"];

/// A seat's key as a JSON string (`"e"`), or `null`.
fn quoted_seat(seat: Option<Seat>) -> &'static str {
    match seat {
        Some(Seat::East) => "\"e\"",
        Some(Seat::South) => "\"s\"",
        Some(Seat::West) => "\"w\"",
        Some(Seat::North) => "\"n\"",
        None => "null",
    }
}

/// The set the winning tile completes, `pair`, or `null` for an irregular hand.
fn write_winning_set(object: &mut Object, reading: &Reading) {
    write_winning_set_value(object.key("winning_set"), reading);
}

/// The value of [`write_winning_set`].
fn write_winning_set_value(out: &mut String, reading: &Reading) {
    let arrangement = &reading.arrangement;
    match arrangement.placement {
        Placement::Set(i) => write_notation(out, |out| arrangement.sets()[i].write_to(out)),
        Placement::Pair => out.push_str("\"pair\""),
        Placement::Irregular => out.push_str("null"),
    }
}

/// Notation (a tile, a set, an arrangement) as a JSON string, written in place by `write`
/// and not scanned for characters to escape: notation has none (a test writes every tile,
/// set and shape of arrangement to check).
fn write_notation(out: &mut String, write: impl FnOnce(&mut String) -> fmt::Result) {
    out.push('"');
    let start = out.len();
    let _ = write(out);
    debug_assert!(!must_escape(&out[start..]));
    out.push('"');
}

/// Each pattern's opening as JSON, the same in every line that counts it:
/// `{"id":"1.2","name":"Concealed Hand","chinese":"門前清","points":`. A batch writes them
/// once for its rule set and copies one whole for each pattern counted, instead of writing
/// its keys and strings piece by piece (a quarter of writing a JSON line). A pattern
/// counted at its usual points, for the whole hand and without a percentage (nearly every
/// one), is copied whole with its points and closing brace.
pub(crate) struct PatternHeads<'r> {
    rules: &'r RuleSet,
    heads: Vec<String>,
    /// By pattern: its usual points and its whole object at those points, for a pattern
    /// counted for the whole hand and adding no percentage.
    wholes: Vec<Option<(u32, String)>>,
}

impl<'r> PatternHeads<'r> {
    /// The openings of every pattern of `rules`, in table order.
    pub fn new(rules: &'r RuleSet) -> Self {
        let heads: Vec<String> = rules
            .patterns
            .iter()
            .map(|pattern| {
                let mut head = String::new();
                write_pattern_head(&mut head, pattern);
                head
            })
            .collect();
        let wholes = rules
            .patterns
            .iter()
            .zip(&heads)
            .map(|(pattern, head)| {
                let points = pattern.value.nominal(rules.limit.maximum)?;
                let counted = CountedPattern::new(pattern, points);
                if counted.percent() > 0 {
                    return None;
                }
                // Written as `write_patterns` writes a counted pattern.
                let mut whole = head.clone();
                points_number(&counted).write_raw(&mut whole);
                whole.push('}');
                Some((points, whole))
            })
            .collect();
        PatternHeads {
            rules,
            heads,
            wholes,
        }
    }

    /// The opening of `pattern`, if it is one of the rule set's.
    fn of(&self, pattern: &Pattern) -> Option<&str> {
        let index = self.rules.pattern_index(pattern)?;
        self.heads.get(index).map(String::as_str)
    }

    /// The whole object of `counted`, if it is counted at its pattern's usual points, for
    /// the whole hand, without a percentage.
    fn whole(&self, counted: &CountedPattern) -> Option<&str> {
        if counted.set.is_some() {
            return None;
        }
        let index = self.rules.pattern_index(counted.pattern)?;
        match self.wholes.get(index) {
            Some(Some((points, whole))) if *points == counted.points() => Some(whole),
            _ => None,
        }
    }
}

/// A pattern's opening, up to its points: see [`PatternHeads`].
fn write_pattern_head<'o>(out: &'o mut String, pattern: &Pattern) -> Object<'o> {
    let mut object = Object::new(out);
    object
        .table_string("id", &pattern.id)
        .table_string("name", &pattern.name)
        .table_string("chinese", &pattern.chinese)
        .key("points");
    object
}

fn write_patterns(out: &mut String, patterns: &[CountedPattern], heads: Option<&PatternHeads>) {
    out.push('[');
    for (i, counted) in patterns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        if let Some(whole) = heads.and_then(|heads| heads.whole(counted)) {
            out.push_str(whole);
            continue;
        }
        let mut object = match heads.and_then(|heads| heads.of(counted.pattern)) {
            Some(head) => {
                out.push_str(head);
                Object { out, empty: false }
            }
            None => write_pattern_head(out, counted.pattern),
        };
        points_number(counted).write_raw(object.out);
        if counted.percent() > 0 {
            object.raw("percent", counted.percent());
        }
        if let Some(set) = counted.set {
            object.notation("set", |out| set.write_to(out));
        }
        object.end();
    }
    out.push(']');
}

/// The `claim` object and the `verdict`, written with their keys and punctuation as pieces
/// and the pattern ids copied as they are ([`write_ids`]): a claim on every line of a batch
/// is written here, and its object is a quarter of such a line.
fn write_claim(object: &mut Object, check: &ClaimCheck) {
    let claim = &check.claim;
    let out = object.key("claim");
    out.push_str("{\"text\":");
    write_composed(out, |out| {
        let _ = claim.spec.write_to(out);
    });
    out.push_str(",\"value\":");
    claim.value.write_raw(out);
    out.push_str(",\"patterns\":");
    match claim.patterns() {
        Some(patterns) => write_ids(out, patterns.iter().copied()),
        None => Null.write_raw(out),
    }
    out.push_str(",\"settled\":");
    match check.settled {
        Some(_) if check.settled_half => Number::Half.write_raw(out),
        settled => settled.write_raw(out),
    }
    out.push_str(",\"missed\":");
    write_ids(out, check.missed().iter().map(|c| c.pattern));
    out.push_str(",\"not_there\":");
    write_ids(out, check.not_there().iter().copied());
    out.push_str("},\"verdict\":\"");
    out.push_str(check.verdict.name());
    out.push('"');
}

/// An array of pattern ids, copied without a look for characters to escape: an id is
/// letters, digits, `.`, `-` and `_` (a rules file's are checked so where it is read).
fn write_ids<'p>(out: &mut String, patterns: impl Iterator<Item = &'p Pattern>) {
    out.push('[');
    for (i, pattern) in patterns.enumerate() {
        debug_assert!(!must_escape(&pattern.id));
        out.push_str(if i == 0 { "\"" } else { ",\"" });
        out.push_str(&pattern.id);
        out.push('"');
    }
    out.push(']');
}

/// One reading of `--all`: its arrangement, where the winning tile went, and its value.
fn write_reading_summary(out: &mut String, reading: &Reading) {
    let mut object = Object::new(out);
    object.notation("arrangement", |out| reading.arrangement.write_to(out));
    write_winning_set(&mut object, reading);
    object
        .raw("total", total_number(reading))
        .optional_string("limit", reading.limit.map(Limit::name))
        .raw("sum", sum_number(reading))
        .strings(
            "patterns",
            reading.counted.iter().map(|c| c.pattern.id.as_ref()),
        )
        .end();
}

/// The object for a line that could not be read as a hand, written at the end of `out`.
pub(crate) fn write_error(
    out: &mut String,
    input: &str,
    rules: &RuleSet,
    error: &Error,
    at: Option<&Location>,
) {
    let mut object = start(out, at, input, rules);
    let mut inner = Object::new(object.key("error"));
    inner
        .string("kind", error.kind().as_str())
        .raw("column", error.column())
        .string("message", &error.message())
        .end();
    object.end();
}

/// An input that could not be read: `{"file", "rules", "error": {"kind": "input",
/// "message"}}`, with `file` when the run reads several (the message names it anyway).
pub fn input_failure(message: &str, rules: &RuleSet, file: Option<&str>) -> String {
    let mut out = String::with_capacity(128);
    let mut object = Object::new(&mut out);
    if let Some(file) = file {
        object.string("file", file);
    }
    object.table_string("rules", &rules.id);
    let mut inner = Object::new(object.key("error"));
    inner
        .string("kind", "input")
        .string("message", message)
        .end();
    object.end();
    out
}

/// The `--summary` object that ends a JSON Lines run: `{"summary":{...}}`.
pub fn summary(summary: &Summary<'_>) -> String {
    let mut out = String::new();
    let mut outer = Object::new(&mut out);
    let mut object = Object::new(outer.key("summary"));
    object
        .raw("hands", summary.hands())
        .raw("scored", summary.scored)
        .raw("false_wins", summary.false_wins)
        .raw("errors", summary.errors);
    let mut verdicts = Object::new(object.key("verdicts"));
    for (verdict, count) in summary.verdicts() {
        verdicts.raw(verdict.name(), count);
    }
    verdicts.end();
    let mut patterns = Object::new(object.key("patterns"));
    for (pattern, count) in summary.patterns() {
        patterns.raw(&pattern.id, count);
    }
    patterns.end();
    write_summary_keys(&mut object, summary);
    object.end();
    outer.end();
    out
}

/// JSON Lines: one object a result (docs/scripting.md).
pub struct Json<'r> {
    rules: &'r RuleSet,
    /// The patterns' openings, written once for the run.
    heads: PatternHeads<'r>,
}

impl<'r> Json<'r> {
    /// JSON for a run under `rules`.
    pub fn new(rules: &'r RuleSet) -> Self {
        Json {
            rules,
            heads: PatternHeads::new(rules),
        }
    }

    /// The rule sets of `systems` and the context words as one JSON object, for a program's
    /// controls: `{"shared":[{"word","meaning"}…],"systems":[{"id","name","short_name",
    /// "limits","words":[…]}…]}`.
    pub fn rule_sets(systems: &[&RuleSet]) -> String {
        rule_sets(systems)
    }

    /// A request a command line would refuse as a usage error (an unknown rule set, an
    /// unknown pattern) as one JSON object: `{"error":{"kind":"usage","message":…}}`.
    pub fn usage_error(message: &str) -> String {
        usage_error(message)
    }
}

impl super::Renderer for Json<'_> {
    fn scored(&self, out: &mut String, scored: &Scored, at: Option<&Location>) {
        write_scored_with(out, scored, self.rules, at, Some(&self.heads));
    }

    fn error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        write_error(out, input, self.rules, error, at);
    }

    fn input_failure(&self, out: &mut String, message: &str, file: Option<&str>, _: Columns) {
        out.push_str(&input_failure(message, self.rules, file));
    }

    fn seated(&self, _: &mut String, _: [&str; 4], _: &Location) {
        // Nothing: every object is a hand, and carries its players.
    }

    fn drawn(&self, out: &mut String, input: &str, at: &Location) {
        out.push_str(&drawn(self.rules, input, at));
    }

    fn penalized(&self, out: &mut String, input: &str, at: &Location, by: Seat, points: u32) {
        let mut object = start(out, Some(at), input, self.rules);
        let mut inner = Object::new(object.key("penalty"));
        inner
            .string("seat", by.key())
            .raw("points", points)
            .end();
        write_payments(&mut object, |seat| {
            if seat == by {
                -i64::from(points)
            } else {
                0
            }
        });
        object.end();
    }

    fn agreed(&self, out: &mut String, input: &str, at: &Location, played: &Played, _: Option<[&str; 4]>) {
        let Played::Won {
            payments,
            discarder,
            dealt_in,
            ..
        } = played
        else {
            return;
        };
        let mut object = start(out, Some(at), input, self.rules);
        object
            .raw("total", payments.value)
            .raw("agreed", true)
            .string("seat", payments.winner.key())
            .raw("self_draw", discarder.is_none());
        object.key("from").push_str(quoted_seat(*discarder));
        object.key("responsible").push_str(quoted_seat(*dealt_in));
        write_payments(&mut object, |seat| payments.of(seat));
        object.end();
    }

    fn session(&self, out: &mut String, entry: &Entry, _: &Played) {
        write_session(out, entry);
    }

    fn waits(&self, out: &mut String, input: &str, analysis: &Analysis, at: Option<&Location>) {
        out.push_str(&self::analysis(input, analysis, self.rules, at));
    }

    fn waits_error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        write_error(out, input, self.rules, error, at);
    }

    fn summary(&self, summary: &Summary) -> Option<String> {
        Some(self::summary(summary))
    }
}

// ---- for front ends ----

/// A request a command line would refuse as a usage error (an unknown rule set, an
/// unknown pattern), as one JSON object: `{"error":{"kind":"usage","message":...}}`.
fn usage_error(message: &str) -> String {
    let mut out = String::new();
    let mut object = Object::new(&mut out);
    let mut inner = Object::new(object.key("error"));
    inner
        .string("kind", "usage")
        .string("message", message)
        .end();
    object.end();
    out
}

/// The rule sets of `systems` and the context words, for a front end's controls (the
/// referee's page builds its toggles from it):
/// `{"shared":[{"word","meaning"}...],"systems":[{"id","name","short_name","limits",
/// "words":[...]}...]}`, `limits` naming a `"listed"` and a `"compound"` limit as the text
/// output does, a system word being `{"key","values","meaning"}` with `values` `"seat"`, `"flag"`, or
/// `{"min","max"}`, or a list of names.
fn rule_sets(systems: &[&RuleSet]) -> String {
    let mut out = String::new();
    let mut object = Object::new(&mut out);
    let shared = object.key("shared");
    shared.push('[');
    for (i, (word, meaning)) in SHARED_WORDS.iter().enumerate() {
        if i > 0 {
            shared.push(',');
        }
        let mut inner = Object::new(shared);
        inner.string("word", word).string("meaning", meaning).end();
    }
    shared.push(']');
    let list = object.key("systems");
    list.push('[');
    for (i, rules) in systems.iter().enumerate() {
        if i > 0 {
            list.push(',');
        }
        let mut system = Object::new(list);
        system
            .string("id", &rules.id)
            .string("name", &rules.name)
            .string("short_name", rules.short_name());
        Object::new(system.key("limits"))
            .string("listed", rules.wording.alone)
            .string("compound", rules.wording.capped)
            .end();
        let words = system.key("words");
        words.push('[');
        for (j, word) in rules.words.iter().enumerate() {
            if j > 0 {
                words.push(',');
            }
            let mut inner = Object::new(words);
            inner.string("key", word.key);
            match word.values {
                WordValues::Seat => {
                    inner.string("values", "seat");
                }
                WordValues::Flag => {
                    inner.string("values", "flag");
                }
                WordValues::Number { min, max } => {
                    Object::new(inner.key("values"))
                        .raw("min", u32::from(min))
                        .raw("max", u32::from(max))
                        .end();
                }
                WordValues::Names(names) => {
                    inner.strings("values", names.iter().copied());
                }
            }
            inner.string("meaning", word.meaning).end();
        }
        words.push(']');
        system.end();
    }
    list.push(']');
    object.end();
    out
}

// ---- the `waits` analysis (docs/waits.md) ----

fn write_value(object: &mut Object, key: &str, value: &WaitValue) {
    let mut inner = Object::new(object.key(key));
    let best = value.best();
    inner
        .raw("total", total_number(best))
        .raw("below_minimum", value.total().is_none())
        .strings(
            "patterns",
            best.counted.iter().map(|c| c.pattern.id.as_ref()),
        );
    let shapes = inner.key("shapes");
    shapes.push('[');
    for (i, reading) in value.shapes.iter().enumerate() {
        if i > 0 {
            shapes.push(',');
        }
        Object::new(shapes)
            .string("shape", reading.arrangement.shape.key())
            .raw("total", total_number(reading))
            .end();
    }
    shapes.push(']');
    inner.end();
}

fn write_waits_json(object: &mut Object, waits: &Waits) {
    object
        .raw("kinds", waits.live().count())
        .raw("unseen", waits.unseen());
    let out = object.key("waits");
    out.push('[');
    for (i, wait) in waits.waits.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let mut inner = Object::new(out);
        inner
            .display("tile", wait.tile)
            .raw("unseen", wait.unseen)
            .raw("dead", wait.is_dead());
        write_value(&mut inner, "discard", &wait.discard);
        write_value(&mut inner, "self_draw", &wait.self_draw);
        inner.end();
    }
    out.push(']');
}

/// The analysis of one line as one JSON object.
pub fn analysis(
    input: &str,
    analysis: &Analysis,
    rules: &RuleSet,
    at: Option<&Location>,
) -> String {
    let mut out = String::with_capacity(512);
    let mut object = start(&mut out, at, input, rules);
    match analysis {
        Analysis::Waits(waits) => {
            object
                .raw("tiles", 13)
                .raw("calling", waits.distance == 0)
                .raw("distance", waits.distance);
            write_waits_json(&mut object, waits);
        }
        Analysis::Discards(discards) => {
            object
                .raw("tiles", 14)
                .raw("calling", discards.distance == 0)
                .raw("distance", discards.distance);
            let out = object.key("discards");
            out.push('[');
            for (i, discard) in discards.discards.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let mut inner = Object::new(out);
                inner.display("discard", discard.tile);
                write_waits_json(&mut inner, &discard.waits);
                inner.end();
            }
            out.push(']');
        }
    }
    object.end();
    out
}

// ---- a session (docs/sessions.md): keys at the end of a hand's object ----

/// A drawn hand (`draw`): nobody pays.
pub fn drawn(rules: &RuleSet, input: &str, at: &Location) -> String {
    let mut out = String::with_capacity(160);
    let mut object = start(&mut out, Some(at), input, rules);
    object.raw("draw", true);
    write_payments(&mut object, |_| 0);
    object.end();
    out
}

/// The session's keys, `players` by seat and `running` by name, added to the hand's
/// object at the end of `out` (it is reopened: the hand is rendered before the sheet has
/// taken it in, on any thread).
pub(crate) fn write_session(out: &mut String, entry: &Entry) {
    debug_assert!(out.ends_with('}'));
    out.pop();
    out.push_str(",\"players\":{");
    for (i, seat) in Seat::ALL.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\":", seat.key());
        write_string(out, entry.player(seat));
    }
    out.push_str("},\"running\":{");
    for (i, (name, total)) in entry.running.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, name);
        let _ = write!(out, ":{total}");
    }
    out.push_str("}}");
}

/// The session's keys of a JSON `--summary`: `seats` by seat letter, `standings` best total
/// first (empty when the run seated nobody).
fn write_summary_keys(object: &mut Object, summary: &Summary<'_>) {
    object.raw("draws", summary.draws);
    let mut seats = Object::new(object.key("seats"));
    for (seat, total) in summary.seats() {
        seats.raw(seat.key(), total);
    }
    seats.end();
    let out = object.key("standings");
    out.push('[');
    for (i, standing) in summary.session.standings().into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_standing(out, standing);
    }
    out.push(']');
}

fn write_standing(out: &mut String, standing: &Standing) {
    let mut object = Object::new(out);
    object
        .string("player", &standing.name)
        .raw("total", standing.total)
        .raw("won", standing.won)
        .raw("dealt_in", standing.dealt_in);
    object
        .raw("biggest", standing.biggest.map(paid_on_number))
        .raw("false_wins", standing.false_wins)
        .raw("hands", standing.hands)
        .end();
}

/// A value paid on as a number for scripts: whole points, or `0.5`.
fn paid_on_number(value: PaidOn) -> Number {
    match value {
        PaidOn::Points(points) => Number::Whole(points),
        PaidOn::Half => Number::Half,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrange::{Arrangement, Shape};
    use crate::sets::{MeldKind, Set, SetKind};
    use crate::tile::{Suit, Tile};

    #[test]
    fn the_fixed_seat_keys_are_the_seats_keys() {
        // Written as Object would write them: "e" quoted, each key after `{` or `,`.
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            assert_eq!(quoted_seat(Some(seat)), format!("\"{}\"", seat.key()));
            let before = if i == 0 { '{' } else { ',' };
            assert_eq!(PAYMENT_KEYS[i], format!("{before}\"{}\":", seat.key()));
        }
        assert_eq!(quoted_seat(None), "null");
    }

    #[test]
    fn pattern_heads_write_what_the_keys_write() {
        // Every pattern's example hand, scored under its own rule set, written with the
        // batch's prepared openings and without them: the same line, byte for byte. The
        // example of the last pattern of each table matters most (the index arithmetic).
        let mut written = 0;
        for rules in crate::rules::ALL {
            let heads = PatternHeads::new(rules);
            for pattern in rules.patterns.iter() {
                let Ok(scored) = crate::line::score_line(&pattern.example, rules) else {
                    continue;
                };
                let mut plain = String::new();
                write_scored_with(&mut plain, &scored, rules, None, None);
                let mut prepared = String::new();
                write_scored_with(&mut prepared, &scored, rules, None, Some(&heads));
                assert_eq!(plain, prepared, "{} {}", rules.id, pattern.id);
                // The example scores its pattern: the line holds its opening.
                let head = heads.of(pattern).expect("a pattern of the table");
                assert!(plain.contains(head), "{} {}: {head}", rules.id, pattern.id);
                written += 1;
            }
            // A pattern of another table has no opening here: written key by key. (WSOM's
            // table is standard Zung Jung's without the chicken: the two share entries.)
            let other = crate::rules::ALL
                .iter()
                .find(|r| rules.pattern_index(&r.patterns[0]).is_none())
                .unwrap();
            assert_eq!(heads.of(&other.patterns[0]), None);
        }
        assert!(written > 100, "only {written} examples scored");
    }

    #[test]
    fn table_strings_need_no_escape() {
        for rules in crate::rules::ALL {
            assert!(!must_escape(&rules.id));
            for p in rules.patterns.iter() {
                for text in [&p.id, &p.name, &p.chinese] {
                    assert!(!must_escape(text), "{text}");
                }
            }
        }
    }

    #[test]
    fn strings_are_escaped_as_json_reads_them() {
        for text in [
            "",
            "plain",
            "a \"quote\" and \\",
            "tab\there\nline\r",
            "\u{0}\u{1f}",
            "中 · é",
            "del\u{7f} csi\u{9b}2J \u{80}\u{85} ½ \u{a0}",
        ] {
            let mut out = String::new();
            write_string(&mut out, text);
            let back: String = serde_json::from_str(&out).unwrap();
            assert_eq!(back, text, "{out}");
            // What a terminal would be shown: no control character at all.
            assert!(!out.chars().any(char::is_control), "{out}");
        }
        // DEL and the C1 controls escaped; ½ (0xC2 0xBD) and the no-break space as they are.
        let mut out = String::new();
        write_string(&mut out, "\u{7f}\u{9b}½\u{85}\u{a0}");
        assert_eq!(out, "\"\\u007f\\u009b½\\u0085\u{a0}\"");
        // The separators and direction controls escaped, so that a record shown on a
        // terminal is not broken or reversed; other characters of their lead bytes (the
        // ellipsis U+2026, Arabic U+0628) as they are.
        for (text, escaped) in [
            ("a\u{2028}b\u{2029}", "\"a\\u2028b\\u2029\""),
            ("\u{202e}evil\u{202c}", "\"\\u202eevil\\u202c\""),
            ("\u{200e}\u{200f}\u{61c}\u{2066}\u{2069}", "\"\\u200e\\u200f\\u061c\\u2066\\u2069\""),
            ("\u{2026} \u{628}", "\"\u{2026} \u{628}\""),
        ] {
            let mut out = String::new();
            write_string(&mut out, text);
            assert_eq!(out, escaped);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), text);
        }
        let mut out = String::new();
        Object::new(&mut out).display("k", "say \"hi\"").end();
        assert_eq!(out, r#"{"k":"say \"hi\""}"#);
    }

    fn tile(code: &str) -> Tile {
        let suit = Suit::from_letter(code.chars().next().unwrap()).unwrap();
        Tile::new(suit, code[1..].parse().unwrap()).unwrap()
    }

    /// Each shape of arrangement, with its notation worked out by hand.
    fn arrangements() -> Vec<(Arrangement, &'static str)> {
        let sets = [
            Set::from_meld(MeldKind::Pung, tile("d1")),
            Set::concealed(SetKind::Sequence, tile("c7")),
            Set::concealed(SetKind::Sequence, tile("c1")),
            Set::concealed(SetKind::Triplet, tile("w2")),
        ];
        let pairs = ["b1", "b1", "c5", "d9", "w1", "e2", "e3"].map(tile);
        let arrangement = |shape| Arrangement {
            shape,
            placement: Placement::Irregular,
        };
        vec![
            (
                arrangement(Shape::Regular {
                    sets,
                    pair: tile("e3"),
                }),
                "e33 · c123 c789 · [p d111] w222",
            ),
            (
                arrangement(Shape::SevenPairs { pairs }),
                "b11 b11 c55 d99 w11 e22 e33",
            ),
            (
                arrangement(Shape::ThirteenTerminals { pair: tile("w3") }),
                "b1 b9 c1 c9 d1 d9 w1 w2 w33 w4 e1 e2 e3",
            ),
            (
                arrangement(Shape::Declared),
                "won by declaration, whatever the tiles",
            ),
        ]
    }

    #[test]
    fn notation_is_written_as_display_writes_it_and_needs_no_escape() {
        let mut texts = Vec::new();
        for (arrangement, expected) in arrangements() {
            let mut out = String::new();
            arrangement.write_to(&mut out).unwrap();
            assert_eq!(out, expected);
            assert_eq!(arrangement.to_string(), expected);
            texts.push(out);
        }
        for (set, expected) in [
            (Set::concealed(SetKind::Sequence, tile("b3")), "b345"),
            (Set::concealed(SetKind::Triplet, tile("d1")), "d111"),
            (Set::from_meld(MeldKind::Chow, tile("b3")), "[c b345]"),
            (Set::from_meld(MeldKind::Pung, tile("d1")), "[p d111]"),
            (Set::from_meld(MeldKind::Kong, tile("e1")), "[k e1111]"),
            (
                Set::from_meld(MeldKind::ConcealedKong, tile("w2")),
                "[ck w2222]",
            ),
        ] {
            let mut out = String::new();
            set.write_to(&mut out).unwrap();
            assert_eq!(out, expected);
            assert_eq!(set.to_string(), expected);
            texts.push(out);
        }
        for tile in Tile::ALL {
            let mut out = String::new();
            tile.write_to(&mut out).unwrap();
            assert_eq!(out, format!("{}{}", tile.suit().letter(), tile.rank()));
            assert_eq!(tile.to_string(), out);
            texts.push(out);
        }
        for text in texts {
            assert!(!must_escape(&text), "{text}");
            let mut out = String::new();
            Object::new(&mut out)
                .notation("k", |out| out.write_str(&text))
                .end();
            let back: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(back["k"], text.as_str());
        }
    }

    #[test]
    fn raw_values() {
        let mut out = String::new();
        Object::new(&mut out)
            .raw("a", 0u32)
            .raw("b", -45i64)
            .raw("c", usize::MAX)
            .raw("d", true)
            .raw("e", Null)
            .raw("f", Some(12u32))
            .raw("g", None::<u32>)
            .raw("h", Number::Half)
            .end();
        assert_eq!(
            out,
            format!(
                r#"{{"a":0,"b":-45,"c":{},"d":true,"e":null,"f":12,"g":null,"h":0.5}}"#,
                usize::MAX
            )
        );
    }
}
