//! Tab-separated output: a header row, then one row per hand, so `cut`, `sort` and `awk`
//! work on it.
//!
//! The columns are always the same 14, in this order: `file` (empty unless the run reads
//! several files), `line`, `input`, `total`, `limit`, `patterns` (ids joined by `+`, Value
//! Honor once per set), the payments of `e`, `s`, `w`, `n`, `from` (the discarder's seat) and
//! `assumed` (`yes` when no `from=` was given and the winner's upper seat was assumed, `no`
//! when it was given; both empty for a self-draw), then `status` (`scored`, `false_win`,
//! `error`, or a claim's verdict) and `message` (why, for anything but a plain score). A
//! field with no value (no limit, no total for an error) is empty. Tabs inside the input
//! become spaces, other control characters their code point (`U+001B`).
//!
//! A row is written field by field into one `String`, numbers and notes by the shared
//! writers of [`super`], with no intermediate `String` or `Vec`.

use std::fmt::Write;

use crate::claim::Verdict;
use crate::hand::WinBy;
use crate::line::{Error, Scored};
use crate::score::{Limit, Outcome};
use crate::system::RuleSet;
use crate::tile::Seat;

use super::{
    printable, total_number, trimmed, write_false_win_reason, write_int, write_printable,
    write_uint, Location, Printable,
};

/// The header row, with its line break: the same columns whatever the run reads.
pub fn header() -> String {
    "file\tline\tinput\ttotal\tlimit\tpatterns\te\ts\tw\tn\tfrom\tassumed\tstatus\tmessage\n"
        .to_string()
}

/// Writes a row's first three fields (file, line, input) and the tab after them, with room
/// reserved for the rest of a row of any usual line.
fn start(row: &mut String, at: Option<&Location>, input: &str) {
    row.reserve(128 + input.len());
    if let Some(Location {
        file: Some(file), ..
    }) = at
    {
        let _ = write_printable(row, file);
    }
    row.push('\t');
    if let Some(at) = at {
        let _ = write_uint(row, at.line as u64);
    }
    row.push('\t');
    let _ = write_printable(row, trimmed(input));
    row.push('\t');
}

/// Writes pattern ids joined by `+`.
fn write_ids<'p, W: Write>(w: &mut W, ids: impl IntoIterator<Item = &'p str>) {
    for (i, id) in ids.into_iter().enumerate() {
        if i > 0 {
            let _ = w.write_char('+');
        }
        let _ = w.write_str(id);
    }
}

/// The row of a scored hand (or a false win).
pub fn scored(scored: &Scored, rules: &RuleSet, at: Option<&Location>) -> String {
    let mut row = String::new();
    write_scored(&mut row, scored, rules, at);
    row
}

/// [`scored`], written at the end of `row`.
pub fn write_scored(row: &mut String, scored: &Scored, rules: &RuleSet, at: Option<&Location>) {
    start(row, at, scored.input);
    match &scored.outcome {
        Outcome::Win { reading, .. } => {
            let _ = total_number(reading).write_to(row);
            row.push('\t');
            row.push_str(reading.limit.map(Limit::name).unwrap_or(""));
            row.push('\t');
            write_ids(row, reading.counted.iter().map(|c| c.pattern.id));
            if let Some(payments) = scored.payments() {
                for seat in Seat::ALL {
                    row.push('\t');
                    let _ = write_int(row, payments.of(seat));
                }
            }
        }
        Outcome::FalseWin(_) => row.push_str("\t\t\t\t\t\t"),
    }
    match scored.hand.context.win_by {
        WinBy::SelfDraw => row.push_str("\t\t"),
        WinBy::Discard { from, assumed } => {
            row.push('\t');
            row.push(from.letter());
            row.push_str(if assumed { "\tyes" } else { "\tno" });
        }
    }
    let status = match &scored.claim {
        Some(check) => check.verdict.name(),
        None if matches!(scored.outcome, Outcome::Win { .. }) => "scored",
        None => "false_win",
    };
    row.push('\t');
    row.push_str(status);
    row.push('\t');
    write_message(row, scored, rules);
}

/// The message field: notes joined by `; ` (why a false win is one, the claim and what
/// differs), printable as a whole.
fn write_message(row: &mut String, scored: &Scored, rules: &RuleSet) {
    let mut message = Printable(row);
    let mut first = true;
    let mut note = |message: &mut Printable<String>| {
        if !std::mem::replace(&mut first, false) {
            let _ = message.write_str("; ");
        }
    };
    if let Outcome::FalseWin(_) = scored.outcome {
        note(&mut message);
        let _ = message.write_str("false win: ");
        let _ = write_false_win_reason(&mut message, &scored.outcome, rules);
    }
    let Some(check) = &scored.claim else {
        return;
    };
    note(&mut message);
    let _ = write!(message, "claim={}", check.claim.spec);
    if check.claim.patterns.is_some() {
        let _ = write!(message, " ({})", check.claim.value);
    }
    if check.verdict == Verdict::Underscored {
        note(&mut message);
        let _ = message.write_str("paid on the claim");
    }
    for (label, patterns) in [("missed", &check.missed), ("not there", &check.not_there)] {
        if !patterns.is_empty() {
            note(&mut message);
            let _ = message.write_str(label);
            let _ = message.write_char(' ');
            write_ids(&mut message, patterns.iter().map(|p| p.id));
        }
    }
}

/// The row of a line that could not be read as a hand.
pub fn error(input: &str, error: &Error, at: Option<&Location>) -> String {
    let mut row = String::new();
    write_error(&mut row, input, error, at);
    row
}

/// [`error`], written at the end of `row`.
pub fn write_error(row: &mut String, input: &str, error: &Error, at: Option<&Location>) {
    start(row, at, input);
    let _ = write!(
        row,
        "\t\t\t\t\t\t\t\t\terror\tcolumn {}: {}",
        error.column(),
        printable(&error.message())
    );
}

/// The row of an input that could not be read: no line, no input, status `error`, and the
/// message naming the file.
pub fn input_failure(message: &str, file: Option<&str>) -> String {
    let file = file.map(printable).unwrap_or_default();
    format!(
        "{file}\t\t\t\t\t\t\t\t\t\t\t\terror\t{}",
        printable(message)
    )
}
