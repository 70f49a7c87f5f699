//! The `waits` analysis rendered: text for people, JSON Lines and TSV for scripts
//! (docs/waits.md describes every field). Errors reuse the scoring renderers' text and JSON
//! forms; TSV has its own error row, its columns being different.

use std::fmt::Write;

use owo_colors::{OwoColorize, Style};

use crate::line::Error;
use crate::score::{CountedPattern, Reading};
use crate::system::RuleSet;
use crate::waits::analysis::{Analysis, Value, Wait, Waits};

use super::json::Object;
use super::{points_label, printable, total_label, total_number, Location};

fn paint(color: bool, text: impl std::fmt::Display, style: Style) -> String {
    if color {
        text.style(style).to_string()
    } else {
        text.to_string()
    }
}

fn label(color: bool, text: &str) -> String {
    paint(color, format!("{text:<12}"), Style::new().bold())
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The name of a reading's shape, as the text output says it.
fn shape_name(reading: &Reading) -> &'static str {
    use crate::arrange::Shape;
    match reading.arrangement.shape {
        Shape::Regular { .. } => "4 sets and a pair",
        Shape::SevenPairs { .. } => "Seven Pairs",
        Shape::ThirteenTerminals { .. } => "Thirteen Terminals",
        Shape::Declared => "a win by declaration",
    }
}

fn patterns_text(counted: &[CountedPattern]) -> String {
    if counted.is_empty() {
        return "no pattern".to_string();
    }
    counted
        .iter()
        .map(|c| format!("{} {} {}", c.pattern.id, c.pattern.name, points_label(c)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn ids(reading: &Reading) -> Vec<&'static str> {
    reading.counted.iter().map(|c| c.pattern.id).collect()
}

/// A value as the text shows it: its total, or `-` below the minimum.
fn value_text(value: &Value) -> String {
    match value.total() {
        Some(_) => total_label(value.best()),
        None => "-".to_string(),
    }
}

/// "calling on 2 kinds, 7 tiles unseen", with the dead waits named.
pub fn calling_text(waits: &Waits) -> String {
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
fn not_calling_text(distance: u8) -> String {
    format!(
        "not calling: {} from calling",
        plural(u32::from(distance), "tile", "tiles")
    )
}

/// One line per wait, indented.
fn write_waits(out: &mut String, waits: &Waits, rules: &RuleSet, color: bool) {
    for wait in &waits.waits {
        let _ = writeln!(out, "  {}", wait_line(wait, rules, color));
    }
}

fn wait_line(wait: &Wait, rules: &RuleSet, color: bool) -> String {
    let unseen = if wait.is_dead() {
        paint(color, "dead    ", Style::new().red().bold())
    } else {
        format!("{} unseen", wait.unseen)
    };
    let discard = &wait.discard;
    let self_draw = &wait.self_draw;
    let mut line = format!(
        "{}  {unseen}  discard {:<4} self-draw {:<4} {}",
        paint(color, wait.tile, Style::new().bold()),
        value_text(discard),
        value_text(self_draw),
        patterns_text(&discard.best().counted)
    );
    if ids(self_draw.best()) != ids(discard.best()) {
        let _ = write!(
            line,
            "; self-drawn: {}",
            patterns_text(&self_draw.best().counted)
        );
    }
    for other in &discard.shapes[1..] {
        let _ = write!(line, "; as {} {}", shape_name(other), total_label(other));
    }
    let below = match (discard.total(), self_draw.total()) {
        (Some(_), Some(_)) => None,
        (None, None) => Some(""),
        (None, Some(_)) => Some(" on a discard"),
        (Some(_), None) => Some(" self-drawn"),
    };
    if let Some(how) = below {
        let note = format!("below the {}-point minimum{how}", rules.minimum);
        let _ = write!(line, ": {}", paint(color, note, Style::new().red()));
    }
    line
}

/// The analysis of one line for people; in a batch, headed by where the line came from.
pub fn text(
    input: &str,
    analysis: &Analysis,
    rules: &RuleSet,
    color: bool,
    at: Option<&Location>,
) -> String {
    let mut out = String::new();
    if let Some(at) = at {
        let _ = writeln!(out, "{} {at}", label(color, "Line"));
    }
    // A control character of the input (in a comment) is shown as its code point.
    let hand = printable(input.trim());
    let _ = writeln!(out, "{} {hand}", label(color, "Hand"));
    let _ = writeln!(out, "{} {}", label(color, "Rules"), rules.name);
    match analysis {
        Analysis::Waits(waits) if waits.waits.is_empty() => {
            let _ = writeln!(
                out,
                "{} {}",
                label(color, "Summary"),
                not_calling_text(waits.distance)
            );
        }
        Analysis::Waits(waits) => {
            let _ = writeln!(out, "{}", paint(color, "Waits", Style::new().bold()));
            write_waits(&mut out, waits, rules, color);
            let _ = writeln!(out, "{} {}", label(color, "Summary"), calling_text(waits));
        }
        Analysis::Discards(discards) => {
            for discard in &discards.discards {
                let head = format!("Discard {}", discard.tile);
                let _ = writeln!(
                    out,
                    "{} {}",
                    label(color, &head),
                    calling_text(&discard.waits)
                );
                write_waits(&mut out, &discard.waits, rules, color);
            }
            let summary = match discards.discards.len() {
                0 => format!(
                    "not calling after any discard: the best leaves it {} from calling",
                    plural(u32::from(discards.distance), "tile", "tiles")
                ),
                n => format!(
                    "{} the hand calling",
                    plural(n as u32, "discard leaves", "discards leave")
                ),
            };
            let _ = writeln!(out, "{} {summary}", label(color, "Summary"));
        }
    }
    out
}

fn write_value(object: &mut Object, key: &str, value: &Value) {
    let mut inner = Object::new(object.key(key));
    let best = value.best();
    inner
        .raw("total", total_number(best))
        .raw("below_minimum", value.total().is_none())
        .strings("patterns", best.counted.iter().map(|c| c.pattern.id));
    let shapes = inner.key("shapes");
    shapes.push('[');
    for (i, reading) in value.shapes.iter().enumerate() {
        if i > 0 {
            shapes.push(',');
        }
        Object::new(shapes)
            .string("shape", shape_key(reading))
            .raw("total", total_number(reading))
            .end();
    }
    shapes.push(']');
    inner.end();
}

/// A reading's shape as scripts name it: `regular`, `seven_pairs`, `thirteen_terminals`.
fn shape_key(reading: &Reading) -> &'static str {
    use crate::arrange::Shape;
    match reading.arrangement.shape {
        Shape::Regular { .. } => "regular",
        Shape::SevenPairs { .. } => "seven_pairs",
        Shape::ThirteenTerminals { .. } => "thirteen_terminals",
        Shape::Declared => "declared",
    }
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
pub fn json(input: &str, analysis: &Analysis, rules: &RuleSet, at: Option<&Location>) -> String {
    let mut out = String::with_capacity(512);
    let mut object = super::json::start(&mut out, at, input, rules);
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

/// The TSV header row, with its line break.
pub fn tsv_header(with_file: bool) -> String {
    let file = if with_file { "file\t" } else { "" };
    format!("{file}line\tinput\tdiscard\twait\tunseen\tdiscard_value\tself_draw_value\tpatterns\tstatus\tmessage\n")
}

fn tsv_start(at: Option<&Location>, input: &str) -> String {
    // Input (a line, a file name) is shown as the scoring TSV shows it: a tab as a space, a
    // control character as its code point, so that no row can act on a terminal.
    let clean = |text: &str| printable(text).into_owned();
    let mut row = String::new();
    if let Some(Location {
        file: Some(file), ..
    }) = at
    {
        let _ = write!(row, "{}\t", clean(file));
    }
    let line = at.map(|a| a.line.to_string()).unwrap_or_default();
    let _ = write!(row, "{line}\t{}\t", clean(input.trim()));
    row
}

fn tsv_waits(rows: &mut Vec<String>, start: &str, discard: &str, waits: &Waits, rules: &RuleSet) {
    for wait in &waits.waits {
        let status = if wait.is_dead() { "dead" } else { "live" };
        let below = |value: &Value, how: &str| {
            value
                .total()
                .is_none()
                .then(|| format!("below the {}-point minimum {how}", rules.minimum))
        };
        let notes: Vec<String> = [
            below(&wait.discard, "on a discard"),
            below(&wait.self_draw, "self-drawn"),
        ]
        .into_iter()
        .flatten()
        .collect();
        rows.push(format!(
            "{start}{discard}\t{}\t{}\t{}\t{}\t{}\t{status}\t{}",
            wait.tile,
            wait.unseen,
            total_number(wait.discard.best()),
            total_number(wait.self_draw.best()),
            ids(wait.discard.best()).join("+"),
            notes.join("; ")
        ));
    }
}

/// The analysis of one line as TSV rows: one per wait (per discard and wait for 14 tiles),
/// or one `not_calling` row. No trailing line break.
pub fn tsv(input: &str, analysis: &Analysis, rules: &RuleSet, at: Option<&Location>) -> String {
    let start = tsv_start(at, input);
    let mut rows = Vec::new();
    let distance = match analysis {
        Analysis::Waits(waits) => {
            tsv_waits(&mut rows, &start, "", waits, rules);
            waits.distance
        }
        Analysis::Discards(discards) => {
            for discard in &discards.discards {
                let tile = discard.tile.to_string();
                tsv_waits(&mut rows, &start, &tile, &discard.waits, rules);
            }
            discards.distance
        }
    };
    if rows.is_empty() {
        rows.push(format!(
            "{start}\t\t\t\t\t\tnot_calling\t{}",
            not_calling_text(distance)
        ));
    }
    rows.join("\n")
}

/// The TSV row of a line that could not be read as a hand.
pub fn tsv_error(input: &str, error: &Error, at: Option<&Location>) -> String {
    let message = printable(&error.message()).into_owned();
    format!(
        "{}\t\t\t\t\t\terror\tcolumn {}: {message}",
        tsv_start(at, input),
        error.column()
    )
}
