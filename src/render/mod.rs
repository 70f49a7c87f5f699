//! Rendering scored hands, errors and run summaries: [`text`] for people, [`json`] (JSON
//! Lines) and [`tsv`] for scripts (SPEC §3), [`reference`](mod@reference) for the pattern card,
//! [`waits`](mod@waits) for the `waits` analysis, and [`session`](mod@session) for what a
//! session of seated players adds to them.
//!
//! Nothing here scores: every number comes from [`crate::score`], [`crate::claim`] and
//! [`crate::payment`]. Colour is decided by the caller and passed in, so the same text
//! renders in tests and on a terminal.

pub mod json;
pub mod reference;
pub mod session;
pub mod text;
pub mod tsv;
pub mod waits;

use std::borrow::Cow;
use std::fmt::Write;

use crate::arrange::{Arrangement, Placement, Shape};
use crate::hand::Hand;
use crate::patterns::{Shapes, Value};
use crate::score::{CountedPattern, FalseWin, Limit, Outcome, Reading};
use crate::sets::SetKind;
use crate::system::RuleSet;

/// Where a line came from in batch mode: its 1-based line number, and its file when the
/// run reads several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location<'a> {
    /// The file, when the run reads several.
    pub file: Option<&'a str>,
    /// The 1-based line number.
    pub line: usize,
}

impl std::fmt::Display for Location<'_> {
    /// `hands.txt:3`, or `3` without a file.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.file {
            Some(file) => write!(f, "{file}:{}", self.line),
            None => write!(f, "{}", self.line),
        }
    }
}

/// Text read from the input (a line, a comment, a file name), safe to show on a terminal:
/// every control character is written as its code point (`U+001B`), so that no input can
/// move the cursor, clear the screen or retitle the window. A tab becomes a space: it
/// separates tokens as a space does.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\t' => out.push(' '),
            c if c.is_control() => {
                let _ = write!(out, "U+{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Output formats of a scored line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// For people.
    Text,
    /// JSON Lines: one object per line.
    Json,
    /// Tab-separated values with a header row.
    Tsv,
}

/// Why the outcome is a false win, in one sentence; `None` for a win.
pub fn false_win_reason(outcome: &Outcome, rules: &RuleSet) -> Option<String> {
    match outcome {
        Outcome::Win { .. } => None,
        Outcome::FalseWin(FalseWin::NotAWinningHand) => Some(format!(
            "the tiles do not form {}",
            winning_shapes(rules.shapes)
        )),
        Outcome::FalseWin(FalseWin::Refused { reason }) => Some(reason.to_string()),
        Outcome::FalseWin(FalseWin::BelowMinimum { reading, minimum }) => {
            let short_name = rules.wording.short_name;
            Some(if reading.counted.is_empty() {
                format!(
                    "{}; {short_name} needs at least {minimum} points",
                    rules.wording.no_pattern
                )
            } else {
                format!(
                    "the hand is worth {}; {short_name} needs at least {minimum} points",
                    reading.total
                )
            })
        }
    }
}

/// The winning shapes a rule set allows, in words: "4 sets and a pair, Seven Pairs or
/// Thirteen Terminals".
fn winning_shapes(shapes: Shapes) -> String {
    let names: Vec<&str> = [
        (shapes.regular, "4 sets and a pair"),
        (shapes.seven_pairs, "Seven Pairs"),
        (shapes.thirteen_terminals, "Thirteen Terminals"),
    ]
    .into_iter()
    .filter_map(|(allowed, name)| allowed.then_some(name))
    .collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "a winning hand".to_string(),
    }
}

/// A counted pattern's points as shown: a number, `½` for a half-point pattern, `+50%` for
/// a percentage.
pub fn points_label(counted: &CountedPattern) -> String {
    match counted.pattern.value {
        Value::Half | Value::Percent(_) => counted.pattern.value.label(None),
        _ => counted.points().to_string(),
    }
}

/// A value as a number for scripts (JSON, TSV): a half point is `0.5`, points not known
/// without a hand (a computed value on the card) are `null`.
pub fn number(value: &Value, points: Option<u32>) -> String {
    match (value, points) {
        (Value::Half, _) => "0.5".to_string(),
        (_, Some(points)) => points.to_string(),
        (_, None) => "null".to_string(),
    }
}

/// A counted pattern's points as a number for scripts (a percentage's points are 0: its
/// percentage is written apart).
pub fn points_number(counted: &CountedPattern) -> String {
    number(&counted.pattern.value, Some(counted.points()))
}

/// A reading's total as a number for scripts: 0.5 when a half-point pattern scores alone.
pub fn total_number(reading: &Reading) -> String {
    match reading.counted.as_slice() {
        [only] => number(&only.pattern.value, Some(reading.total)),
        _ => reading.total.to_string(),
    }
}

/// A reading's sum before the limit as a number for scripts: 0.5 when a half-point pattern
/// is all it has, as its total, so the sum is never below the total.
pub fn sum_number(reading: &Reading) -> String {
    match reading.counted.as_slice() {
        [only] if reading.sum == 0 => number(&only.pattern.value, Some(0)),
        _ => reading.sum.to_string(),
    }
}

/// A reading's total as shown: `½` when a half-point pattern scores alone.
pub fn total_label(reading: &Reading) -> String {
    match reading.counted.as_slice() {
        [only] if matches!(only.pattern.value, Value::Half) => points_label(only),
        _ => reading.total.to_string(),
    }
}

/// The rule set's name for a limit: "listed limit" / "compound limit" in Zung Jung,
/// "special hand" / "maximum" in the doubling table.
pub fn limit_label(rules: &RuleSet, limit: Limit) -> &'static str {
    match limit {
        Limit::Listed => rules.wording.alone,
        Limit::Compound => rules.wording.capped,
    }
}

/// Which group the winning tile completes, in words.
fn placement(hand: &Hand, arrangement: &Arrangement) -> String {
    let tile = hand.winning_tile.map(|t| t.to_string()).unwrap_or_default();
    match arrangement.placement {
        Placement::Set(i) => {
            let set = arrangement.sets()[i];
            if !set.concealed && set.kind == SetKind::Triplet && !set.melded {
                format!(
                    "{tile} completes {set}, a triplet completed by a discard, so not concealed"
                )
            } else {
                format!("{tile} completes {set}")
            }
        }
        Placement::Pair => format!(
            "{tile} completes the pair {}",
            arrangement
                .pair()
                .map(|t| format!("{t}{}", t.rank()))
                .unwrap_or_default()
        ),
        Placement::Irregular if arrangement.shape == Shape::Declared => {
            "the tiles are not scored".to_string()
        }
        Placement::Irregular => format!("{tile} completes the hand"),
    }
}
