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

use crate::analysis::{Analysis, WaitValue, Waits};
use crate::claim::ClaimVerdict;
use crate::hand::WinBy;
use crate::line::{Error, Scored};
use crate::rule_set::RuleSet;
use crate::score::PaidOn;
use crate::score::{FalseWin, Limit, Outcome};
use crate::session::{Entry, Played};
use crate::summary::Summary;
use crate::tile::Seat;

use super::waits::{ids, not_calling_text};

use super::Columns;
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

/// The row of a scored hand (or a false win), written at the end of `row`.
pub(crate) fn write_scored(
    row: &mut String,
    scored: &Scored,
    rules: &RuleSet,
    at: Option<&Location>,
) {
    start(row, at, &scored.input);
    match &scored.outcome {
        Outcome::Win { reading, .. } => {
            let _ = total_number(reading).write_to(row);
            row.push('\t');
            row.push_str(reading.limit.map(Limit::name).unwrap_or(""));
            row.push('\t');
            write_ids(row, reading.counted.iter().map(|c| c.pattern.id.as_ref()));
            if let Some(payments) = scored.payments() {
                for seat in Seat::ALL {
                    row.push('\t');
                    let _ = write_int(row, payments.of(seat));
                }
            }
        }
        // No total; under the minimum, the patterns that fell short.
        Outcome::FalseWin(false_win) => {
            row.push_str("\t\t");
            if let FalseWin::BelowMinimum { reading, .. } = false_win {
                write_ids(row, reading.counted.iter().map(|c| c.pattern.id.as_ref()));
            }
            // What a false win costs, where the rule set charges one (0 each where not).
            match scored.false_win_payments(rules) {
                Some(paid) => {
                    for seat in Seat::ALL {
                        row.push('\t');
                        let _ = write_int(row, paid.of(seat));
                    }
                }
                None => row.push_str("\t0\t0\t0\t0"),
            }
        }
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
    let mut first = true;
    if let Outcome::FalseWin(_) = scored.outcome {
        first = false;
        // The reason is the rule set's wording and numbers: written straight, and only
        // written again as printable if the wording needs it (no built-in wording does).
        let from = row.len();
        row.push_str("false win: ");
        let _ = write_false_win_reason(row, &scored.outcome, rules);
        if super::may_hold_control(&row[from..]) {
            let reason = row.split_off(from);
            let _ = write_printable(row, &reason);
        }
    }
    let mut message = Printable(row);
    let mut note = |message: &mut Printable<String>| {
        if !std::mem::replace(&mut first, false) {
            let _ = message.write_str("; ");
        }
    };
    let Some(check) = &scored.claim else {
        return;
    };
    note(&mut message);
    let _ = message.write_str("claim=");
    let _ = check.claim.spec.write_to(&mut message);
    if check.claim.patterns().is_some() {
        let _ = message.write_str(" (");
        let _ = write_uint(&mut message, u64::from(check.claim.value));
        let _ = message.write_char(')');
    }
    if check.verdict == ClaimVerdict::Underscored {
        note(&mut message);
        let _ = message.write_str("paid on the claim");
    }
    if !check.missed().is_empty() {
        note(&mut message);
        let _ = message.write_str("missed ");
        write_ids(&mut message, check.missed().iter().map(|c| c.pattern.id.as_ref()));
    }
    if !check.not_there().is_empty() {
        note(&mut message);
        let _ = message.write_str("not there ");
        write_ids(&mut message, check.not_there().iter().map(|p| p.id.as_ref()));
    }
}

/// The row of a line that could not be read as a hand, written at the end of `row`.
pub(crate) fn write_error(row: &mut String, input: &str, error: &Error, at: Option<&Location>) {
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

/// Tab-separated values: a header, then one row a result (docs/scripting.md).
pub struct Tsv<'r> {
    rules: &'r RuleSet,
}

impl<'r> Tsv<'r> {
    /// TSV for a run under `rules`.
    pub fn new(rules: &'r RuleSet) -> Self {
        Tsv { rules }
    }
}

impl super::Renderer for Tsv<'_> {
    fn header(&self, columns: Columns) -> Option<String> {
        Some(match columns {
            // The file column is always there; the session's columns come last.
            Columns::Hands { session: None } => header(),
            Columns::Hands {
                session: Some(charted),
            } => {
                let mut header = header();
                header.pop();
                header.push_str(SESSION_COLUMNS);
                for name in charted {
                    header.push_str("\trunning_");
                    let _ = write_printable(&mut header, name);
                }
                header.push_str("\twinner\n");
                header
            }
            Columns::Waits { .. } => analysis_header(),
        })
    }

    fn scored(&self, out: &mut String, scored: &Scored, at: Option<&Location>) {
        write_scored(out, scored, self.rules, at);
    }

    fn error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        write_error(out, input, error, at);
    }

    fn input_failure(
        &self,
        out: &mut String,
        message: &str,
        file: Option<&str>,
        columns: Columns<'_>,
    ) {
        match columns {
            Columns::Hands { session } => {
                out.push_str(&input_failure(message, file));
                if session.is_some() {
                    out.push_str(SESSION_EMPTY);
                }
            }
            // The waits rows have their own columns: so does this one.
            Columns::Waits { .. } => {
                out.push_str(&analysis_input_failure(message, file));
            }
        }
    }

    fn seated(&self, _: &mut String, _: [&str; 4], _: &Location) {
        // Nothing: every row is a hand, and carries its players.
    }

    fn drawn(&self, out: &mut String, input: &str, at: &Location) {
        out.push_str(&drawn(input, at));
    }

    fn penalized(&self, out: &mut String, input: &str, at: &Location, by: Seat, points: u32) {
        start(out, Some(at), input);
        // total, limit and patterns empty; then the payments.
        out.push_str("\t\t");
        for seat in Seat::ALL {
            let _ = write!(out, "\t{}", if seat == by { -i64::from(points) } else { 0 });
        }
        let _ = write!(out, "\t\t\tpenalty\tpenalty of {points}, paid to nobody");
    }

    fn agreed(&self, out: &mut String, input: &str, at: &Location, played: &Played, _: Option<[&str; 4]>) {
        let Played::Won {
            payments,
            discarder,
            ..
        } = played
        else {
            return;
        };
        start(out, Some(at), input);
        // total; limit and patterns empty; the payments; from, assumed.
        let _ = write!(out, "{}\t\t", payments.value);
        for seat in Seat::ALL {
            let _ = write!(out, "\t{}", payments.of(seat));
        }
        // From and assumed: both empty for a self-draw; a value line names its discarder.
        let (from, assumed) = discarder.map_or(("", ""), |seat| (seat.key(), "no"));
        let _ = write!(out, "\t{from}\t{assumed}\tagreed\tvalue agreed at the table, not checked");
    }

    fn session(&self, out: &mut String, entry: &Entry, played: &Played) {
        write_session(out, entry, played);
    }

    fn unseated(&self, out: &mut String) {
        out.push_str(SESSION_EMPTY);
    }

    fn waits(&self, out: &mut String, input: &str, analysis: &Analysis, at: Option<&Location>) {
        out.push_str(&self::analysis(input, analysis, self.rules, at));
    }

    fn waits_error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        out.push_str(&analysis_error(input, error, at));
    }

    fn summary(&self, _: &Summary) -> Option<String> {
        None
    }

    fn summary_apart(&self, summary: &Summary, look: &dyn crate::style::Paint) -> String {
        let mut out = super::text::counts(summary, look);
        out.push_str(&standings(summary));
        out
    }
}

/// The standings of a session's `--summary` as TSV, for a script: a header, then one row
/// per player, best total first (`rank`, `player`, `total`, `won`, `dealt_in`, `biggest`:
/// `0.5` for a half point, empty when the player won nothing, `false_wins`, `hands`).
/// Nothing when the run seated nobody.
pub fn standings(summary: &Summary) -> String {
    let standings = summary.session.standings();
    if standings.is_empty() {
        return String::new();
    }
    let mut out = String::from("rank\tplayer\ttotal\twon\tdealt_in\tbiggest\tfalse_wins\thands\n");
    for (rank, standing) in standings.iter().enumerate() {
        let _ = write!(out, "{}\t", rank + 1);
        let _ = write_printable(&mut out, &standing.name);
        let _ = write!(
            out,
            "\t{}\t{}\t{}\t",
            standing.total, standing.won, standing.dealt_in
        );
        match standing.biggest {
            Some(PaidOn::Points(points)) => {
                let _ = write!(out, "{points}");
            }
            Some(PaidOn::Half) => out.push_str("0.5"),
            None => {}
        }
        let _ = writeln!(out, "\t{}\t{}", standing.false_wins, standing.hands);
    }
    out
}

// ---- the `waits` analysis (docs/waits.md): its own columns ----

/// The TSV header row, with its line break.
/// The file column is always there, as in the scoring rows: empty for a hand given as
/// arguments or read from standard input alone.
pub(crate) fn analysis_header() -> String {
    "file\tline\tinput\tdiscard\twait\tunseen\tdiscard_value\tself_draw_value\tpatterns\tstatus\tmessage\n"
        .to_string()
}

fn analysis_row_start(at: Option<&Location>, input: &str) -> String {
    let mut row = String::new();
    if let Some(Location {
        file: Some(file), ..
    }) = at
    {
        let _ = write!(row, "{}", printable(file));
    }
    row.push('\t');
    let line = at.map(|a| a.line.to_string()).unwrap_or_default();
    let _ = write!(row, "{line}\t{}\t", printable(input.trim()));
    row
}

fn analysis_wait_rows(
    rows: &mut Vec<String>,
    start: &str,
    discard: &str,
    waits: &Waits,
    rules: &RuleSet,
) {
    for wait in &waits.waits {
        let status = if wait.is_dead() { "dead" } else { "live" };
        let below = |value: &WaitValue, how: &str| {
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
pub fn analysis(
    input: &str,
    analysis: &Analysis,
    rules: &RuleSet,
    at: Option<&Location>,
) -> String {
    let start = analysis_row_start(at, input);
    let mut rows = Vec::new();
    let distance = match analysis {
        Analysis::Waits(waits) => {
            analysis_wait_rows(&mut rows, &start, "", waits, rules);
            waits.distance
        }
        Analysis::Discards(discards) => {
            for discard in &discards.discards {
                let tile = discard.tile.to_string();
                analysis_wait_rows(&mut rows, &start, &tile, &discard.waits, rules);
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

/// The TSV row of an input that could not be read (a missing file): no line, no input,
/// status `error`, the message naming the file; the file column when the run has one.
pub(crate) fn analysis_input_failure(message: &str, file: Option<&str>) -> String {
    let file = file.map(printable).unwrap_or_default();
    format!("{file}\t\t\t\t\t\t\t\t\terror\t{}", printable(message))
}

/// The TSV row of a line that could not be read as a hand.
pub(crate) fn analysis_error(input: &str, error: &Error, at: Option<&Location>) -> String {
    let message = printable(&error.message()).into_owned();
    format!(
        "{}\t\t\t\t\t\terror\tcolumn {}: {message}",
        analysis_row_start(at, input),
        error.column()
    )
}

// ---- a session (docs/sessions.md): columns at the end of a hand's row ----

/// The columns a session adds at the end of the header: the player at each seat, then
/// each of their running totals; the header then names one more column for each of the
/// run's first four players (`running_Ann`), their running totals whatever seat they
/// hold, for a spreadsheet to chart across the evening.
pub(crate) const SESSION_COLUMNS: &str =
    "\tplayer_e\tplayer_s\tplayer_w\tplayer_n\trunning_e\trunning_s\trunning_w\trunning_n";

/// The session's columns left empty, for a row that is not a hand (an unreadable input):
/// the eight of [`SESSION_COLUMNS`], the four `running_NAME` and `winner`.
pub(crate) const SESSION_EMPTY: &str = "\t\t\t\t\t\t\t\t\t\t\t\t\t";

/// A drawn hand (`draw`): the scoring rows' fixed columns (file, line, input, total,
/// limit, patterns, e s w n, from, assumed, status, message), nobody paying.
pub fn drawn(input: &str, at: &Location) -> String {
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

/// The session's columns, added to the hand's row at the end of `row`: the last is the
/// winner's name (the declarer's for a false win; empty for a draw or a line that could
/// not be read), for a script that counts a player's wins without working out seats.
pub(crate) fn write_session(row: &mut String, entry: &Entry, played: &Played) {
    for seat in Seat::ALL {
        let _ = write!(row, "\t{}", printable(entry.player(seat)));
    }
    for seat in Seat::ALL {
        let total = entry
            .running
            .iter()
            .find(|(name, _)| name == entry.player(seat))
            .map_or(0, |(_, total)| *total);
        let _ = write!(row, "\t{total}");
    }
    for total in entry.charted {
        let _ = write!(row, "\t{total}");
    }
    row.push('\t');
    let winner = match played {
        Played::Won { payments, .. } => Some(payments.winner),
        Played::FalseWin { by, .. } => Some(*by),
        Played::Drawn | Played::Unknown | Played::Penalty { .. } => None,
    };
    if let Some(seat) = winner {
        let _ = write_printable(row, entry.player(seat));
    }
}
