//! What a session adds to the output (docs/sessions.md): after each hand the players of the
//! hand and their running totals, in every format; a `players:` line and a drawn hand; the
//! seats' totals and the standings of `--summary`.
//!
//! A hand's own result is rendered as without a session, and the session's part is added
//! after it: lines at the end of a text block, keys at the end of a JSON object, columns at
//! the end of a TSV row. A run that seats nobody prints exactly what it printed before.

use std::fmt::Write;

use crate::hand::WinBy;
use crate::session::{Entry, PaidOn, Played, Standing};
use crate::summary::Summary;
use crate::system::RuleSet;
use crate::tile::Seat;

use super::json::{write_string, Object};
use super::style;
use super::{printable, Format, Location, Number};

/// The columns a session adds at the end of the TSV header: the player at each seat, then
/// each of their running totals.
pub const TSV_COLUMNS: &str =
    "\tplayer_e\tplayer_s\tplayer_w\tplayer_n\trunning_e\trunning_s\trunning_w\trunning_n";

/// The session's columns left empty, for a row that is not a hand (an unreadable input).
pub const TSV_EMPTY: &str = "\t\t\t\t\t\t\t\t";

fn label(text: &str, color: bool) -> String {
    style::label(style::painter(color), text)
}

fn seating(players: [&str; 4]) -> String {
    let seats: Vec<String> = Seat::ALL
        .iter()
        .zip(players)
        .map(|(seat, name)| format!("{} {}", seat.name(), printable(name)))
        .collect();
    seats.join(", ")
}

/// A `players:` line: in text, the seating; JSON and TSV print nothing (each object, each
/// row is a hand, and carries its players).
pub fn seated(format: Format, players: [&str; 4], at: &Location, color: bool) -> String {
    match format {
        Format::Text => format!(
            "{} {}\n{} {}\n",
            label("Line", color),
            printable(&at.to_string()),
            label("Players", color),
            seating(players)
        ),
        Format::Json | Format::Tsv => String::new(),
    }
}

/// A drawn hand (`draw`): nobody pays.
pub fn drawn(format: Format, rules: &RuleSet, input: &str, at: &Location, color: bool) -> String {
    match format {
        Format::Text => format!(
            "{} {}\n{} {}\n{} {}\n{} a drawn hand: nobody pays\n",
            label("Line", color),
            printable(&at.to_string()),
            label("Hand", color),
            printable(input.trim()),
            label("Rules", color),
            rules.name,
            label("Draw", color),
        ),
        Format::Json => {
            let mut out = String::with_capacity(160);
            let mut object = Object::new(&mut out);
            object.raw("line", at.line);
            if let Some(file) = at.file {
                object.string("file", file);
            }
            object
                .string("input", input)
                .table_string("rules", rules.id)
                .raw("draw", true);
            let mut seats = Object::new(object.key("payments"));
            for seat in Seat::ALL {
                seats.raw(seat.key(), 0);
            }
            seats.end();
            object.end();
            out
        }
        Format::Tsv => {
            // The scoring rows' fixed columns: file (always), line, input, total, limit,
            // patterns, e s w n, from, assumed, status, message.
            let mut row = String::new();
            if let Some(file) = at.file {
                let _ = write!(row, "{}", printable(file));
            }
            let _ = write!(
                row,
                "\t{}\t{}\t\t\t\t0\t0\t0\t0\t\t\tdraw\t",
                at.line,
                printable(input.trim())
            );
            row
        }
    }
}

/// What happened at the table, with the players' names: "Bob wins on Ann's discard".
fn sentence(entry: &Entry, played: &Played) -> String {
    let name = |seat: Seat| printable(entry.player(seat)).into_owned();
    let mut text = match played {
        Played::Won {
            payments, context, ..
        } => {
            let winner = name(payments.winner);
            match context.win_by {
                WinBy::SelfDraw => format!("{winner} wins by self-draw"),
                WinBy::Discard { from, .. } => {
                    let mut text = format!("{winner} wins on {}'s discard", name(from));
                    match context.responsible.seat() {
                        Some(responsible) if responsible != from => {
                            let _ = write!(text, "; {} is responsible", name(responsible));
                        }
                        _ => {}
                    }
                    text
                }
            }
        }
        Played::FalseWin { by } => format!("{}'s false win: nobody pays", name(*by)),
        Played::Drawn => "nobody wins".to_string(),
        Played::Unknown => "the line is not a hand: nothing is paid".to_string(),
    };
    if !entry.passed {
        let _ = write!(text, "; {} keeps the deal", name(Seat::East));
    }
    text
}

/// `rendered`, one line's result, with the session's part added for `format`.
pub fn append(
    format: Format,
    mut rendered: String,
    entry: &Entry,
    played: &Played,
    color: bool,
) -> String {
    match format {
        Format::Text => {
            let players = entry.players.each_ref().map(String::as_str);
            let running: Vec<String> = entry
                .running
                .iter()
                .map(|(name, total)| format!("{} {total}", printable(name)))
                .collect();
            let _ = write!(
                rendered,
                "{} {}\n{} {}\n{} {}\n",
                label("Table", color),
                seating(players),
                label("", color),
                sentence(entry, played),
                label("Running", color),
                running.join(", ")
            );
        }
        Format::Json => {
            debug_assert!(rendered.ends_with('}'));
            rendered.pop();
            rendered.push_str(",\"players\":{");
            for (i, seat) in Seat::ALL.into_iter().enumerate() {
                if i > 0 {
                    rendered.push(',');
                }
                let _ = write!(rendered, "\"{}\":", seat.key());
                write_string(&mut rendered, entry.player(seat));
            }
            rendered.push_str("},\"running\":{");
            for (i, (name, total)) in entry.running.iter().enumerate() {
                if i > 0 {
                    rendered.push(',');
                }
                write_string(&mut rendered, name);
                let _ = write!(rendered, ":{total}");
            }
            rendered.push_str("}}");
        }
        Format::Tsv => {
            for seat in Seat::ALL {
                let _ = write!(rendered, "\t{}", printable(entry.player(seat)));
            }
            for seat in Seat::ALL {
                let total = entry
                    .running
                    .iter()
                    .find(|(name, _)| name == entry.player(seat))
                    .map_or(0, |(_, total)| *total);
                let _ = write!(rendered, "\t{total}");
            }
        }
    }
    rendered
}

/// The seats' totals of `--summary`: `East -45, South 135, West -45, North -45`.
pub fn seats_text(summary: &Summary<'_>) -> String {
    let seats: Vec<String> = summary
        .seats()
        .map(|(seat, total)| format!("{} {total}", seat.name()))
        .collect();
    seats.join(", ")
}

/// The standings table of a text `--summary`, or nothing when the run seated nobody.
pub fn standings_text(summary: &Summary<'_>, color: bool) -> String {
    let standings = summary.session.standings();
    if standings.is_empty() {
        return String::new();
    }
    let names: Vec<String> = standings
        .iter()
        .map(|s| printable(&s.name).into_owned())
        .collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max("player".len());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} every player of the run, best total first",
        label("Standings", color)
    );
    let _ = writeln!(
        out,
        "  {:>2}  {:<width$}  {:>6}  {:>3}  {:>8}  {:>7}  {:>10}",
        "#", "player", "total", "won", "dealt in", "biggest", "false wins"
    );
    for (rank, (standing, name)) in standings.iter().zip(&names).enumerate() {
        let pad = width - name.chars().count();
        let biggest = standing
            .biggest
            .map_or_else(|| "-".to_string(), paid_on_label);
        let _ = writeln!(
            out,
            "  {:>2}  {name}{}  {:>6}  {:>3}  {:>8}  {biggest:>7}  {:>10}",
            rank + 1,
            " ".repeat(pad),
            standing.total,
            standing.won,
            standing.dealt_in,
            standing.false_wins
        );
    }
    out
}

/// The session's keys of a JSON `--summary`: `seats` by seat letter, `standings` best total
/// first (empty when the run seated nobody).
pub(crate) fn write_summary_keys(object: &mut Object, summary: &Summary<'_>) {
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

/// A value paid on as the hand's total shows it: `12`, or `½`.
fn paid_on_label(value: PaidOn) -> String {
    match value {
        PaidOn::Points(points) => points.to_string(),
        PaidOn::Half => "½".to_string(),
    }
}

/// A value paid on as a number for scripts: whole points, or `0.5`.
fn paid_on_number(value: PaidOn) -> Number {
    match value {
        PaidOn::Points(points) => Number::Whole(points),
        PaidOn::Half => Number::Half,
    }
}
