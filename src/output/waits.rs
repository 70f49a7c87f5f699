//! The pieces of the `waits` analysis that the formats share: how a shape, a value, a list
//! of patterns, being calling or not are said. Each format renders the analysis itself
//! (docs/waits.md describes every field).

use std::fmt::Write;

use crate::analysis::{WaitValue, Waits};
use crate::score::{CountedPattern, Reading};

use super::{points_label, total_label};

pub(super) fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The name of a reading's shape, as the text output says it.
pub(super) fn shape_name(reading: &Reading) -> &'static str {
    reading.arrangement.shape.name()
}

pub(super) fn patterns_text(counted: &[CountedPattern]) -> String {
    if counted.is_empty() {
        return "no pattern".to_string();
    }
    counted
        .iter()
        .map(|c| format!("{} {} {}", c.pattern.id, c.pattern.name, points_label(c)))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn ids<'r>(reading: &Reading<'r>) -> Vec<&'r str> {
    reading
        .counted
        .iter()
        .map(|c| c.pattern.id.as_ref())
        .collect()
}

/// A value as the text shows it: its total, or `-` below the minimum.
pub(super) fn value_text(value: &WaitValue) -> String {
    match value.total() {
        Some(_) => total_label(value.best()),
        None => "-".to_string(),
    }
}

/// "calling on 2 kinds, 7 tiles unseen", with the dead waits named.
pub(crate) fn calling_text(waits: &Waits) -> String {
    let kinds = waits.live().count() as u32;
    let dead: Vec<String> = waits.dead().map(|w| w.tile.to_string()).collect();
    let mut text = if kinds == 0 {
        "calling only on dead waits: no tile left to win on".to_string()
    } else {
        format!(
            "calling on {}, {} unseen",
            plural(kinds, "kind", "kinds"),
            plural(waits.unseen(), "tile", "tiles")
        )
    };
    if kinds > 0 && !dead.is_empty() {
        let _ = write!(text, "; dead: {} (all four held)", dead.join(" "));
    }
    text
}

/// "not calling: 2 tiles from calling".
pub(super) fn not_calling_text(distance: u8) -> String {
    format!(
        "not calling: {} from calling",
        plural(u32::from(distance), "tile", "tiles")
    )
}
