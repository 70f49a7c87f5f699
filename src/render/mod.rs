//! Rendering scored hands, errors and run summaries: [`text`] for people, [`json`] (JSON
//! Lines) and [`tsv`] for scripts (SPEC §3), and [`reference`] for the pattern card.
//!
//! Nothing here scores: every number comes from [`crate::score`], [`crate::claim`] and
//! [`crate::payment`]. Colour is decided by the caller and passed in, so the same text
//! renders in tests and on a terminal.

pub mod json;
pub mod reference;
pub mod text;
pub mod tsv;

use std::borrow::Cow;
use std::fmt::Write;

use crate::arrange::{Arrangement, Placement, SetKind};
use crate::hand::Hand;
use crate::rules::RuleSet;
use crate::score::{CountedPattern, FalseWin, Limit, Outcome, Reading};

/// Where a line came from in batch mode: its 1-based line number, and its file when the
/// run reads several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location<'a> {
    pub file: Option<&'a str>,
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
    Text,
    Json,
    Tsv,
}

/// Why the outcome is a false win, in one sentence; `None` for a win.
pub fn false_win_reason(outcome: &Outcome, rules: &RuleSet) -> Option<String> {
    match outcome {
        Outcome::Win { .. } => None,
        Outcome::FalseWin(FalseWin::NotAWinningHand) => Some(
            "the tiles do not form 4 sets and a pair, Seven Pairs or Thirteen Terminals"
                .to_string(),
        ),
        Outcome::FalseWin(FalseWin::BelowMinimum { reading, minimum }) => {
            Some(if reading.counted.is_empty() {
                format!(
                    "no scoring pattern (a Chicken Hand); {} needs at least {minimum} points",
                    rules.id.to_uppercase()
                )
            } else {
                format!(
                    "the hand is worth {}; {} needs at least {minimum} points",
                    reading.total,
                    rules.id.to_uppercase()
                )
            })
        }
    }
}

/// A counted pattern's points as shown: a number, or `½` for the doubling chicken hand.
pub fn points_label(rules: &RuleSet, counted: &CountedPattern) -> String {
    if is_half_point_chicken(rules, counted) {
        "½".to_string()
    } else {
        counted.points().to_string()
    }
}

fn is_half_point_chicken(rules: &RuleSet, counted: &CountedPattern) -> bool {
    rules.half_point_chicken && rules.chicken.is_some_and(|c| c.id == counted.pattern.id)
}

/// A shown value as a number for scripts (JSON, TSV): `½` is `0.5`.
pub fn as_number(label: &str) -> &str {
    if label == "½" {
        "0.5"
    } else {
        label
    }
}

/// A reading's total as shown: `½` when it is the doubling chicken hand alone.
pub fn total_label(rules: &RuleSet, reading: &Reading) -> String {
    match reading.counted.as_slice() {
        [only] if is_half_point_chicken(rules, only) => "½".to_string(),
        _ => reading.total.to_string(),
    }
}

/// The rule set's name for a limit: "listed limit" / "compound limit" in Zung Jung,
/// "special hand" / "maximum" in the doubling table.
pub fn limit_label(rules: &RuleSet, limit: Limit) -> &'static str {
    match limit {
        Limit::Listed => rules.limit_names.0,
        Limit::Compound => rules.limit_names.1,
    }
}

/// Which group the winning tile completes, in words.
fn placement(hand: &Hand, arrangement: &Arrangement) -> String {
    let tile = hand.winning_tile;
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
        Placement::Irregular => format!("{tile} completes the hand"),
    }
}
