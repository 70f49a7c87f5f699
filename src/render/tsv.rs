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

use std::borrow::Cow;
use std::fmt::Write;

use crate::claim::Verdict;
use crate::hand::WinBy;
use crate::line::{Error, Scored};
use crate::score::{Limit, Outcome};
use crate::system::RuleSet;
use crate::tile::Seat;

use super::{false_win_reason, printable, total_number, Location};

/// The header row, with its line break: the same columns whatever the run reads.
pub fn header() -> String {
    "file\tline\tinput\ttotal\tlimit\tpatterns\te\ts\tw\tn\tfrom\tassumed\tstatus\tmessage\n"
        .to_string()
}

fn start(at: Option<&Location>, input: &str) -> String {
    let mut row = String::with_capacity(160);
    if let Some(Location {
        file: Some(file), ..
    }) = at
    {
        row.push_str(&clean(file));
    }
    row.push('\t');
    let line = at.map(|a| a.line.to_string()).unwrap_or_default();
    let _ = write!(row, "{line}\t{}\t", clean(input.trim()));
    row
}

/// A field may not hold a tab or a line break, nor any control character a terminal would
/// act on: a tab becomes a space, the others their code point (`U+001B`), as in text.
fn clean(text: &str) -> Cow<'_, str> {
    printable(text)
}

/// The row of a scored hand (or a false win).
pub fn scored(scored: &Scored, rules: &RuleSet, at: Option<&Location>) -> String {
    let mut row = start(at, &scored.input);
    match &scored.outcome {
        Outcome::Win { reading, .. } => {
            let ids: Vec<&str> = reading.counted.iter().map(|c| c.pattern.id).collect();
            let limit = reading.limit.map(Limit::name).unwrap_or("");
            let total = total_number(reading);
            let _ = write!(row, "{total}\t{limit}\t{}", ids.join("+"));
            if let Some(payments) = scored.payments() {
                for seat in Seat::ALL {
                    let _ = write!(row, "\t{}", payments.of(seat));
                }
            }
        }
        Outcome::FalseWin(_) => row.push_str("\t\t\t\t\t\t"),
    }
    match scored.hand.context.win_by {
        WinBy::SelfDraw => row.push_str("\t\t"),
        WinBy::Discard { from, assumed } => {
            let assumed = if assumed { "yes" } else { "no" };
            let _ = write!(row, "\t{}\t{assumed}", from.letter());
        }
    }
    let mut notes: Vec<String> = Vec::new();
    notes.extend(false_win_reason(&scored.outcome, rules).map(|r| format!("false win: {r}")));
    let status = match &scored.claim {
        Some(check) => {
            let value = match check.claim.patterns {
                Some(_) => format!(" ({})", check.claim.value),
                None => String::new(),
            };
            notes.push(format!("claim={}{value}", check.claim.spec));
            if check.verdict == Verdict::Underscored {
                notes.push("paid on the claim".to_string());
            }
            for (label, patterns) in [("missed", &check.missed), ("not there", &check.not_there)] {
                if !patterns.is_empty() {
                    let ids: Vec<&str> = patterns.iter().map(|p| p.id).collect();
                    notes.push(format!("{label} {}", ids.join("+")));
                }
            }
            check.verdict.name()
        }
        None if matches!(scored.outcome, Outcome::Win { .. }) => "scored",
        None => "false_win",
    };
    let message = notes.join("; ");
    let _ = write!(row, "\t{status}\t{}", clean(&message));
    row
}

/// The row of a line that could not be read as a hand.
pub fn error(input: &str, error: &Error, at: Option<&Location>) -> String {
    let mut row = start(at, input);
    let _ = write!(
        row,
        "\t\t\t\t\t\t\t\t\terror\tcolumn {}: {}",
        error.column(),
        clean(&error.message())
    );
    row
}

/// The row of an input that could not be read: no line, no input, status `error`, and the
/// message naming the file.
pub fn input_failure(message: &str, file: Option<&str>) -> String {
    let file = file.map(|f| clean(f).into_owned()).unwrap_or_default();
    format!("{file}\t\t\t\t\t\t\t\t\t\t\t\terror\t{}", clean(message))
}
