//! The pieces of the `waits` analysis that the formats share: how a shape, a value, a list
//! of patterns, being calling or not are said. Each format renders the analysis itself
//! (docs/waits.md describes every field).

use std::fmt::Write;

use crate::analysis::{Analysis, WaitValue, Waits};
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

/// An analysis in plain words, for a format that does not render waits itself: "waits b4
/// b7" (the tiles it waits on, dead ones included), or "not calling"; for 14 tiles, each
/// discard that leaves the hand calling and its waits, "discard b1: waits b4 b7; …".
pub(super) fn write_plain(out: &mut String, analysis: &Analysis) {
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

/// "not calling: 2 tiles from calling".
pub(super) fn not_calling_text(distance: u8) -> String {
    format!(
        "not calling: {} from calling",
        plural(u32::from(distance), "tile", "tiles")
    )
}
