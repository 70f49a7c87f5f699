//! JSON output (SPEC §3): one object per line, so a batch is JSON Lines.
//!
//! The objects are written straight into a `String` by a small writer rather than built as
//! a `serde_json::Value` first: building the value took most of the time of a batch.
//! Keys appear in a fixed order; optional parts (`line`, `file`, `claim`, `readings`) only
//! when they apply.

use std::fmt::{Display, Write};

use crate::arrange::Placement;
use crate::claim::ClaimCheck;
use crate::hand::WinBy;
use crate::line::{Error, Scored};
use crate::score::{CountedPattern, Limit, Outcome, Reading};
use crate::summary::Summary;
use crate::system::RuleSet;
use crate::tile::Seat;

use super::{false_win_reason, points_number, sum_number, total_number, Location};

/// Whether a byte must be escaped in a JSON string.
const fn needs_escape(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// Writes `text` as a JSON string literal. Runs that need no escape are copied whole: this
/// is the hottest function of a JSON batch, and most strings need no escape at all.
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    let bytes = text.as_bytes();
    let mut plain_from = 0;
    while let Some(offset) = bytes[plain_from..].iter().position(|&b| needs_escape(b)) {
        let i = plain_from + offset;
        out.push_str(&text[plain_from..i]);
        match bytes[i] {
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

/// An object being written: `{"key":value,...}`.
pub struct Object<'a> {
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
        debug_assert!(!key.bytes().any(needs_escape));
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

    /// A number, or any value whose `Display` is valid JSON (`true`, `null`).
    pub fn raw(&mut self, key: &str, value: impl Display) -> &mut Self {
        let out = self.key(key);
        let _ = write!(out, "{value}");
        self
    }

    /// A string from the program's own tables (pattern ids and names, rule set ids): written
    /// without scanning for characters to escape, as a test checks there are none.
    pub fn table_string(&mut self, key: &str, value: &'static str) -> &mut Self {
        debug_assert!(!value.bytes().any(needs_escape));
        let out = self.key(key);
        out.push('"');
        out.push_str(value);
        out.push('"');
        self
    }

    /// A value's `Display` as a string, written in place (no intermediate `String` unless it
    /// needs escaping, which arrangements, tiles and sets never do).
    pub fn display(&mut self, key: &str, value: impl Display) -> &mut Self {
        let out = self.key(key);
        out.push('"');
        let start = out.len();
        let _ = write!(out, "{value}");
        if out.as_bytes()[start..].iter().any(|&b| needs_escape(b)) {
            let text = out.split_off(start);
            out.pop();
            write_string(out, &text);
        } else {
            out.push('"');
        }
        self
    }

    /// A string, or `null`.
    pub fn optional_string(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        match value {
            Some(value) => self.string(key, value),
            None => self.raw(key, "null"),
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
    let mut object = Object::new(out);
    if let Some(at) = at {
        object.raw("line", at.line);
        if let Some(file) = at.file {
            object.string("file", file);
        }
    }
    object
        .string("input", input)
        .table_string("rules", rules.id);
    object
}

/// The object for a scored hand; a false win has an `error` of kind `false_win`.
pub fn scored(scored: &Scored, rules: &RuleSet, at: Option<&Location>) -> String {
    let mut out = String::with_capacity(1024);
    let mut object = start(&mut out, at, &scored.input, rules);
    match &scored.outcome {
        Outcome::Win { reading, .. } => write_win(&mut object, scored, reading),
        Outcome::FalseWin(_) => {
            let message = format!(
                "false win: {}",
                false_win_reason(&scored.outcome, rules).unwrap_or_default()
            );
            let error = object.key("error");
            Object::new(error)
                .string("kind", "false_win")
                .string("message", &message)
                .end();
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
    out
}

fn write_win(object: &mut Object, scored: &Scored, reading: &Reading) {
    let hand = &scored.hand;
    let ctx = &hand.context;
    let (from, assumed) = match ctx.win_by {
        WinBy::SelfDraw => (None, false),
        WinBy::Discard { from, assumed } => (Some(from), assumed),
    };
    let responsible = ctx.responsible.seat();
    let winning_set = winning_set(reading);
    object
        .raw("total", total_number(reading))
        .optional_string("limit", reading.limit.map(Limit::name))
        .raw("sum", sum_number(reading));
    write_patterns(object.key("patterns"), &reading.counted);
    write_patterns(object.key("set_aside"), &reading.set_aside);
    object
        .display("arrangement", reading.arrangement)
        .optional_string(
            "winning_tile",
            hand.winning_tile.map(|t| t.to_string()).as_deref(),
        )
        .optional_string("winning_set", winning_set.as_deref())
        .string("seat", ctx.seat.key())
        .raw("self_draw", ctx.self_drawn())
        .optional_string("from", from.map(Seat::key))
        .raw("from_assumed", assumed)
        .optional_string("responsible", responsible.map(Seat::key));
    if let Some(payments) = scored.payments() {
        let mut seats = Object::new(object.key("payments"));
        for seat in Seat::ALL {
            seats.raw(seat.key(), payments.of(seat));
        }
        seats.end();
    }
}

/// The set the winning tile completes, `pair`, or nothing for an irregular hand.
fn winning_set(reading: &Reading) -> Option<String> {
    match reading.arrangement.placement {
        Placement::Set(i) => Some(reading.arrangement.sets()[i].to_string()),
        Placement::Pair => Some("pair".to_string()),
        Placement::Irregular => None,
    }
}

fn write_patterns(out: &mut String, patterns: &[CountedPattern]) {
    out.push('[');
    for (i, counted) in patterns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let mut object = Object::new(out);
        object
            .table_string("id", counted.pattern.id)
            .table_string("name", counted.pattern.name)
            .table_string("chinese", counted.pattern.chinese)
            .raw("points", points_number(counted));
        if counted.percent() > 0 {
            object.raw("percent", counted.percent());
        }
        if let Some(set) = counted.set {
            object.display("set", set);
        }
        object.end();
    }
    out.push(']');
}

fn write_claim(object: &mut Object, check: &ClaimCheck) {
    let claim = &check.claim;
    let mut inner = Object::new(object.key("claim"));
    inner.display("text", &claim.spec).raw("value", claim.value);
    match &claim.patterns {
        Some(patterns) => inner.strings("patterns", patterns.iter().map(|p| p.id)),
        None => inner.raw("patterns", "null"),
    };
    match check.settled {
        Some(settled) => inner.raw("settled", settled),
        None => inner.raw("settled", "null"),
    };
    inner
        .strings("missed", check.missed.iter().map(|p| p.id))
        .strings("not_there", check.not_there.iter().map(|p| p.id))
        .end();
    object.string("verdict", check.verdict.name());
}

/// One reading of `--all`: its arrangement, where the winning tile went, and its value.
fn write_reading_summary(out: &mut String, reading: &Reading) {
    let winning_set = winning_set(reading);
    let mut object = Object::new(out);
    object
        .display("arrangement", reading.arrangement)
        .optional_string("winning_set", winning_set.as_deref())
        .raw("total", total_number(reading))
        .optional_string("limit", reading.limit.map(Limit::name))
        .raw("sum", sum_number(reading))
        .strings("patterns", reading.counted.iter().map(|c| c.pattern.id))
        .end();
}

/// The object for a line that could not be read as a hand.
pub fn error(input: &str, rules: &RuleSet, error: &Error, at: Option<&Location>) -> String {
    let mut out = String::with_capacity(256);
    let mut object = start(&mut out, at, input, rules);
    let mut inner = Object::new(object.key("error"));
    inner
        .string("kind", error.kind())
        .raw("column", error.column())
        .string("message", &error.message())
        .end();
    object.end();
    out
}

/// An input that could not be read: `{"file", "rules", "error": {"kind": "input",
/// "message"}}`, with `file` when the run reads several (the message names it anyway).
pub fn input_failure(message: &str, rules: &RuleSet, file: Option<&str>) -> String {
    let mut out = String::with_capacity(128);
    let mut object = Object::new(&mut out);
    if let Some(file) = file {
        object.string("file", file);
    }
    object.table_string("rules", rules.id);
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
        patterns.raw(pattern.id, count);
    }
    patterns.end();
    super::session::write_summary_keys(&mut object, summary);
    object.end();
    outer.end();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_strings_need_no_escape() {
        for rules in crate::rules::ALL {
            assert!(!rules.id.bytes().any(needs_escape));
            for p in rules.patterns {
                for text in [p.id, p.name, p.chinese] {
                    assert!(!text.bytes().any(needs_escape), "{text}");
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
        ] {
            let mut out = String::new();
            write_string(&mut out, text);
            let back: String = serde_json::from_str(&out).unwrap();
            assert_eq!(back, text, "{out}");
        }
        let mut out = String::new();
        Object::new(&mut out).display("k", "say \"hi\"").end();
        assert_eq!(out, r#"{"k":"say \"hi\""}"#);
    }
}
