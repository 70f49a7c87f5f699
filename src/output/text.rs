//! Text output for people: the full breakdown of a hand, errors with a caret under the
//! column, and the run summary.
//!
//! A hand's block is written piece by piece into the one `String` it is returned in: tiles,
//! sets, arrangements and numbers by their own writers, lists wrapped in place. No
//! intermediate `String` or `Vec` is made for a scored hand (the payments' explanation,
//! which each rule set words, is the one exception): a text batch renders a block a line.

use std::fmt::Write;

use crate::arrange::{Arrangement, Shape};
use crate::claim::{ClaimCheck, ClaimVerdict};
use crate::hand::{Hand, WinBy, WinContext};
use crate::line::{Error, Scored};
use crate::payment::Payments;
use crate::rule_set::RuleSet;
use crate::score::PaidOn;
use crate::score::{CountedPattern, FalseWin, Limit, Outcome, Reading};
use crate::session::{Entry, Played};
use crate::sets::{Set, SetKind};
use crate::summary::Summary;
use crate::tile::{write_run, Seat, Tile};

use crate::style::{self, padded_label, PaddedLabel, Paint, Role};
use super::Columns;
use super::{
    limit_label, printable, trimmed, write_false_win_reason, write_int, write_placement,
    write_points_label, write_printable, write_total_label, write_uint, Location, Printable,
};
use crate::analysis::{Analysis, Wait, Waits};

use super::total_label;
use super::waits::{
    calling_text, ids, not_calling_text, patterns_text, plural, shape_name, value_text,
};

/// Writes the pieces of a block, each as its [`Role`] looks under a [`Paint`].
struct Painter<'l> {
    look: &'l dyn Paint,
}

impl Painter<'_> {
    /// Writes what `body` writes, as `role` looks.
    fn paint(&self, out: &mut String, role: Role, body: impl FnOnce(&mut String)) {
        style::paint(out, self.look, role, body);
    }

    /// Writes `text` as `role` looks.
    fn paint_str(&self, out: &mut String, text: &str, role: Role) {
        style::paint_str(out, self.look, role, text);
    }

    /// Starts a line with its label, padded to its column, then a space.
    fn label(&self, out: &mut String, label: PaddedLabel) {
        style::write_padded_label(out, self.look, label);
        out.push(' ');
    }

    /// What starts each further line of a wrapped list: a line break and an empty label.
    fn line_break(&self) -> String {
        let mut line_break = String::from("\n");
        self.label(&mut line_break, padded_label!(""));
        line_break
    }
}

/// The full human breakdown of a scored hand, written at the end of `out`; in a batch,
/// headed by where the line came from.
pub(crate) fn write_scored(
    out: &mut String,
    scored: &Scored,
    rules: &RuleSet,
    look: &dyn Paint,
    at: Option<&Location>,
) {
    write_scored_at_table(out, scored, rules, look, at, None);
}

/// [`write_scored`], with the payment lines naming the hand's `players` (East South West
/// North) beside their seats when they are known: "West (Cho) pays 460".
fn write_scored_at_table(
    out: &mut String,
    scored: &Scored,
    rules: &RuleSet,
    look: &dyn Paint,
    at: Option<&Location>,
    players: Option<[&str; 4]>,
) {
    let p = Painter { look };
    let hand = &scored.hand;
    // Enough for the block of a usual hand, so that it is not grown as it is written.
    out.reserve(1024);
    if let Some(at) = at {
        p.label(out, padded_label!("Line"));
        let _ = at.write_to(&mut Printable(out));
        out.push('\n');
    }
    p.label(out, padded_label!("Hand"));
    let _ = write_printable(out, trimmed(&scored.input));
    out.push('\n');
    p.label(out, padded_label!("Rules"));
    out.push_str(&rules.name);
    out.push('\n');
    p.label(out, padded_label!("Win"));
    write_win(out, hand);
    out.push('\n');
    match &scored.outcome {
        Outcome::Win {
            reading,
            payments,
            readings_compared,
        } => {
            write_reading(out, &p, rules, hand, reading, *readings_compared);
            if let Some(check) = &scored.claim {
                write_claim(out, &p, rules, check, reading);
            }
            let payments = scored.payments().unwrap_or(payments);
            write_payments(out, &p, rules, payments, &hand.context, players);
        }
        Outcome::FalseWin(false_win) => {
            if let FalseWin::BelowMinimum { reading, .. } = false_win {
                write_arrangement(out, &p, hand, &reading.arrangement, None);
            }
            p.paint_str(out, "FALSE WIN:", Role::Problem);
            out.push(' ');
            let _ = write_false_win_reason(out, &scored.outcome, rules);
            out.push('\n');
            if let Some(paid) = scored.false_win_payments(rules) {
                write_false_win_payments(out, &p, &paid, players);
            }
            if let Some(check) = &scored.claim {
                p.label(out, padded_label!("Claim"));
                out.push_str("claim=");
                let _ = check.claim.spec.write_to(&mut Printable(&mut *out));
                out.push_str(": ");
                p.paint_str(out, "false win", verdict_role(ClaimVerdict::FalseWin));
                out.push('\n');
            }
        }
    }
    if let Some(readings) = &scored.readings {
        write_all_readings(out, &p, rules, hand, readings);
    }
}

/// Who wins and how: "South wins by self-draw on b5; last tile of the wall".
fn write_win(out: &mut String, hand: &Hand) {
    let ctx = &hand.context;
    let seat = ctx.seat.name();
    // A win by declaration may be written without its tiles.
    let tile = |out: &mut String, word: &str| {
        if let Some(tile) = hand.winning_tile {
            out.push_str(word);
            let _ = tile.write_to(out);
        }
    };
    out.push_str(seat);
    match ctx.win_by {
        WinBy::SelfDraw => {
            out.push_str(" wins by self-draw");
            tile(out, " on ");
        }
        WinBy::Discard { from, assumed } => {
            out.push_str(" wins on ");
            out.push_str(from.name());
            out.push_str("'s discard");
            tile(out, " of ");
            if assumed {
                out.push_str(" (discarder assumed: ");
                out.push_str(seat);
                out.push_str("'s upper seat; give from= to change)");
            }
        }
    }
    let extras = [
        (
            ctx.last_tile,
            if ctx.self_drawn() {
                "last tile of the wall"
            } else {
                "last discard"
            },
        ),
        (ctx.kong_supplement, "on a kong's supplement tile"),
        (ctx.robbed_kong, "robbing a kong"),
        (ctx.heaven, "East's initial 14 tiles"),
        (ctx.earth, "East's first discard"),
    ];
    let extras = extras.iter().filter(|(on, _)| *on).map(|&(_, text)| text);
    for (i, extra) in extras.enumerate() {
        out.push_str(if i == 0 { "; " } else { ", " });
        out.push_str(extra);
    }
}

fn write_arrangement(
    out: &mut String,
    p: &Painter,
    hand: &Hand,
    arrangement: &Arrangement,
    compared: Option<usize>,
) {
    p.label(out, padded_label!("Arrangement"));
    let _ = arrangement.write_to(out);
    // The irregular shapes named after their tiles: ` (Seven Pairs)`.
    if !matches!(arrangement.shape, Shape::Regular { .. } | Shape::Declared) {
        out.push_str(" (");
        out.push_str(arrangement.shape.name());
        out.push(')');
    }
    out.push('\n');
    // The honors' line, for a hand that holds one (most hold none: nothing is written).
    if holds_honor(&arrangement.shape) {
        p.label(out, padded_label!(""));
        let text = out.len();
        out.push_str("honors: ");
        write_honor_names(out, arrangement);
        wrap(out, text, WIDTH - 13, || p.line_break());
        out.push('\n');
    }
    p.label(out, padded_label!(""));
    let _ = write_placement(out, hand, arrangement);
    if let Some(n) = compared.filter(|&n| n > 1) {
        out.push_str("; best of ");
        let _ = write_uint(out, n as u64);
        out.push_str(" readings");
    }
    out.push('\n');
}

/// What an honor set is called: "pung" or "kong" after the tile's name ("Red Dragon
/// pung"); `None` for a set of a number suit, whose notation is clear enough.
fn honor_set_kind(set: &Set) -> Option<&'static str> {
    let kind = match set.kind {
        SetKind::Triplet => "pung",
        SetKind::Kong => "kong",
        SetKind::Pair => "pair",
        SetKind::Sequence => return None,
    };
    set.tile.is_honor().then_some(kind)
}

/// Writes an honor set's name: "Red Dragon pung".
fn write_honor_set_name(out: &mut String, set: &Set, kind: &str) {
    out.push_str(set.tile.name());
    out.push(' ');
    out.push_str(kind);
}

/// Writes ", " before every item of a list but the first; `any` says whether one was.
fn separate(out: &mut String, any: &mut bool) {
    if std::mem::replace(any, true) {
        out.push_str(", ");
    }
}

/// Writes an honor group of a pair or a single tile with its name: `e33 White Dragon pair`.
fn write_honor_run(out: &mut String, tile: Tile, count: usize) {
    let _ = write_run(out, tile, count);
    out.push(' ');
    out.push_str(tile.name());
    if count == 2 {
        out.push_str(" pair");
    }
}

/// Whether the arrangement holds a wind or a dragon, which [`write_honor_names`] names.
fn holds_honor(shape: &Shape) -> bool {
    match shape {
        Shape::Regular { sets, pair } => pair.is_honor() || sets.iter().any(|s| s.tile.is_honor()),
        Shape::SevenPairs { pairs } => pairs.iter().any(|t| t.is_honor()),
        Shape::ThirteenTerminals { .. } => true,
        Shape::Special { tiles, .. } => tiles.iter().any(|t| t.is_honor()),
        Shape::Declared => false,
    }
}

/// Writes the honor tiles of an arrangement (the codes people misread: `e` is a dragon, `w`
/// a wind), each group with its name, joined by ", ", in the order the arrangement shows
/// them: `e33 White Dragon pair`, `e111 Red Dragon pung`, `w1 East Wind` (a single tile of
/// Thirteen Terminals). Called for a hand that [`holds_honor`].
fn write_honor_names(out: &mut String, arrangement: &Arrangement) {
    let mut any = false;
    match &arrangement.shape {
        Shape::Regular { sets, pair } => {
            if pair.is_honor() {
                separate(out, &mut any);
                write_honor_run(out, *pair, 2);
            }
            // The arrangement shows the pair, then the sequences, then the triplets and kongs
            // by tile: honor sets are never sequences, nor two of one tile, so taking them by
            // tile keeps its order.
            let mut honors = [None::<&Set>; 4];
            for (slot, set) in honors
                .iter_mut()
                .zip(sets.iter().filter(|s| s.tile.is_honor()))
            {
                *slot = Some(set);
            }
            honors.sort_unstable_by_key(|set| set.map(|s| s.tile));
            for set in honors.into_iter().flatten() {
                if let Some(kind) = honor_set_kind(set) {
                    separate(out, &mut any);
                    let _ = set.write_to(out);
                    out.push(' ');
                    write_honor_set_name(out, set, kind);
                }
            }
        }
        Shape::SevenPairs { pairs } => {
            for &tile in pairs.iter().filter(|t| t.is_honor()) {
                separate(out, &mut any);
                write_honor_run(out, tile, 2);
            }
        }
        Shape::ThirteenTerminals { pair } => {
            for tile in Tile::terminals_and_honors().filter(|t| t.is_honor()) {
                separate(out, &mut any);
                write_honor_run(out, tile, if tile == *pair { 2 } else { 1 });
            }
        }
        Shape::Special { tiles, .. } => {
            // Each honor kind once, with as many copies as the hand holds (sorted tiles).
            let mut at = 0;
            while at < tiles.len() {
                let tile = tiles[at];
                let copies = tiles[at..].iter().take_while(|&&t| t == tile).count();
                if tile.is_honor() {
                    separate(out, &mut any);
                    write_honor_run(out, tile, copies);
                }
                at += copies;
            }
        }
        Shape::Declared => {}
    }
}

fn write_pattern_line(out: &mut String, p: &Painter, counted: &CountedPattern) {
    let pattern = counted.pattern;
    p.paint_str(out, &pattern.id, Role::PatternId);
    out.push(' ');
    out.push_str(&pattern.name);
    out.push(' ');
    out.push_str(&pattern.chinese);
    out.push(' ');
    p.paint(out, Role::Points, |out| {
        let _ = write_points_label(out, counted);
    });
    // A per-set pattern names its set, and an honor set by name: "(e111, Red Dragon pung)".
    if let Some(set) = counted.set {
        out.push_str(" (");
        let _ = set.write_to(out);
        if let Some(kind) = honor_set_kind(&set) {
            out.push_str(", ");
            write_honor_set_name(out, &set, kind);
        }
        out.push(')');
    }
}

fn write_reading(
    out: &mut String,
    p: &Painter,
    rules: &RuleSet,
    hand: &Hand,
    reading: &Reading,
    compared: usize,
) {
    write_arrangement(out, p, hand, &reading.arrangement, Some(compared));
    p.paint_str(out, "Patterns", Role::Heading);
    out.push('\n');
    for counted in reading.counted.iter() {
        out.push_str("  ");
        write_pattern_line(out, p, counted);
        out.push('\n');
    }
    let listed_name = rules.wording.alone;
    let compound_name = rules.wording.capped;
    p.label(out, padded_label!("Total"));
    p.paint(out, Role::Total, |out| {
        let _ = write_total_label(out, reading);
    });
    out.push_str(" (");
    match reading.limit {
        None => out.push_str("no limit"),
        Some(Limit::Compound) => {
            out.push_str(compound_name);
            out.push_str(": the patterns sum to ");
            let _ = write_uint(out, reading.sum.into());
        }
        Some(Limit::Listed) => {
            let listed = &reading.counted[0].pattern;
            out.push_str(listed_name);
            out.push_str(": ");
            out.push_str(&listed.id);
            out.push(' ');
            out.push_str(&listed.name);
            out.push_str(" scores alone");
        }
    }
    let percent: u32 = reading.counted.iter().map(CountedPattern::percent).sum();
    if percent > 0 {
        // The exact value, in hundredths, before rounding half up: `base 24 + 50% = 36`,
        // `= 37.5, rounded half up to 38`, `= 12.05`.
        let hundredths = u64::from(reading.base) * (100 + u64::from(percent));
        let (whole, cents) = (hundredths / 100, hundredths % 100);
        out.push_str("; base ");
        let _ = write_uint(out, reading.base.into());
        out.push_str(" + ");
        let _ = write_uint(out, percent.into());
        out.push_str("% = ");
        let _ = write_uint(out, whole);
        if cents > 0 {
            out.push('.');
            out.push(char::from(b'0' + (cents / 10) as u8));
            if cents % 10 > 0 {
                out.push(char::from(b'0' + (cents % 10) as u8));
            }
            out.push_str(", rounded half up to ");
            let _ = write_uint(out, reading.total.into());
        }
    }
    out.push_str(")\n");
    // The patterns set aside, on lines of their own under the total: a listed limit may set
    // aside a dozen.
    if !reading.set_aside.is_empty() {
        p.label(out, padded_label!(""));
        let text = out.len();
        out.push_str("not counted: ");
        for (i, c) in reading.set_aside.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&c.pattern.id);
            out.push(' ');
            out.push_str(&c.pattern.name);
            out.push(' ');
            let _ = write_uint(out, c.points().into());
        }
        if reading.limit != Some(Limit::Listed) {
            out.push_str(if reading.set_aside.len() == 1 {
                " (a "
            } else {
                " (each a "
            });
            out.push_str(listed_name);
            out.push_str(" worth less than the sum)");
        }
        wrap(out, text, WIDTH - 13, || p.line_break());
        out.push('\n');
    }
}

/// The width text lines are kept to where they can be broken.
const WIDTH: usize = 100;

/// Breaks the list written in `out[start..]` (items joined by ", ") after its commas into
/// lines of at most `width` characters (a longer item stays whole on its own line), each
/// further line started by what `line_break` gives (asked only when a list is broken). In
/// place: most lists fit on one line, and a break only replaces the space after a comma.
fn wrap(out: &mut String, start: usize, width: usize, line_break: impl FnOnce() -> String) {
    if out[start..].chars().count() > width {
        let line_break = &line_break();
        let mut line_start = start;
        let mut piece_start = start;
        while piece_start < out.len() {
            let rest = &out[piece_start..];
            let piece_len = rest.find(", ").map_or(rest.len(), |i| i + 2);
            let line = out[line_start..piece_start].trim_end();
            let piece = rest[..piece_len].trim_end();
            let fits = line.chars().count() + piece.chars().count() <= width;
            if piece_start > line_start && !fits {
                let line_end = line_start + line.len();
                out.replace_range(line_end..piece_start, line_break);
                piece_start = line_end + line_break.len();
                line_start = piece_start;
            }
            piece_start += piece_len;
        }
        out.truncate(line_start + out[line_start..].trim_end().len());
    } else {
        out.truncate(start + out[start..].trim_end().len());
    }
}

fn write_payments(
    out: &mut String,
    p: &Painter,
    rules: &RuleSet,
    payments: &Payments,
    context: &WinContext,
    players: Option<[&str; 4]>,
) {
    p.label(out, padded_label!("Payments"));
    (rules.payments.explain)(out, &rules.payments.params, payments, context);
    out.push('\n');
    let seat_and_player = |out: &mut String, seat: Seat| write_seat_and_player(out, seat, players);
    for seat in Seat::ALL {
        let amount = payments.of(seat);
        out.push_str("  ");
        if seat == payments.winner {
            p.paint(out, Role::Strong, |out| {
                seat_and_player(out, seat);
                out.push_str(" receives ");
                let _ = write_int(out, amount);
            });
        } else {
            seat_and_player(out, seat);
            out.push_str(" pays ");
            let _ = write_int(out, -amount);
        }
        out.push('\n');
    }
}

/// A seat as the payments name it: `East`, or `East (Ann)` at a table.
fn write_seat_and_player(out: &mut String, seat: Seat, players: Option<[&str; 4]>) {
    out.push_str(seat.name());
    if let Some(players) = players {
        out.push_str(" (");
        let _ = write_printable(out, players[seat as usize]);
        out.push(')');
    }
}

/// What a false win costs (under a rule set that charges one): "a false win: East pays 10
/// to each other player", then each seat's payment.
fn write_false_win_payments(
    out: &mut String,
    p: &Painter,
    paid: &Payments,
    players: Option<[&str; 4]>,
) {
    let seat_and_player = |out: &mut String, seat: Seat| write_seat_and_player(out, seat, players);
    p.label(out, padded_label!("Payments"));
    out.push_str("a false win: ");
    seat_and_player(out, paid.winner);
    out.push_str(" pays ");
    let _ = write_int(out, i64::from(paid.value));
    out.push_str(" to each other player\n");
    for seat in Seat::ALL {
        let amount = paid.of(seat);
        out.push_str("  ");
        seat_and_player(out, seat);
        if seat == paid.winner {
            out.push_str(" pays ");
            let _ = write_int(out, -amount);
        } else {
            out.push_str(" receives ");
            let _ = write_int(out, amount);
        }
        out.push('\n');
    }
}

/// The error as a person reads it: the message (with `line:column` in a batch), then the
/// line with a caret under the column, written at the end of `out`.
pub(crate) fn write_error(
    out: &mut String,
    input: &str,
    error: &Error,
    look: &dyn Paint,
    at: Option<&Location>,
) {
    let p = Painter { look };
    let column = error.column();
    out.reserve(128 + 2 * input.len());
    p.paint_str(out, "error", Role::Problem);
    out.push_str(" at ");
    match at {
        None => {
            out.push_str("column ");
            let _ = write_uint(out, column as u64);
        }
        Some(at) => {
            let mut shown = Printable(out);
            let _ = at.write_to(&mut shown);
            let _ = shown.write_char(':');
            let _ = write_uint(&mut shown, column as u64);
        }
    }
    out.push_str(": ");
    let _ = write_printable(out, &error.message());
    out.push_str("\n  ");
    let _ = write_printable(out, input);
    out.push_str("\n  ");
    // The line is shown printable (a tab as a space, U+001B for an escape), so the caret
    // goes as far right as the printable text before the column is wide on a terminal (a
    // Chinese character or 🀄 takes two columns).
    let before = input
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(input.len(), |(i, _)| i);
    for _ in 0..super::fit::display_width(&printable(&input[..before])) {
        out.push(' ');
    }
    p.paint_str(out, "^", Role::Problem);
    out.push('\n');
}

/// An input that could not be read, reported in place of its lines: `error: MESSAGE`.
pub fn input_failure(message: &str, look: &dyn Paint) -> String {
    let p = Painter { look };
    let mut out = String::new();
    p.paint_str(&mut out, "error", Role::Problem);
    out.push_str(": ");
    let _ = write_printable(&mut out, message);
    out.push('\n');
    out
}

fn verdict_role(verdict: ClaimVerdict) -> Role {
    match verdict {
        ClaimVerdict::Confirmed => Role::Confirmed,
        ClaimVerdict::Underscored => Role::Underscored,
        ClaimVerdict::Overclaimed | ClaimVerdict::FalseWin => Role::Problem,
    }
}

/// The claim of a winning hand, its verdict, and what differs (docs/rules.md § Claims).
fn write_claim(
    out: &mut String,
    p: &Painter,
    rules: &RuleSet,
    check: &ClaimCheck,
    truth: &Reading,
) {
    let claim = &check.claim;
    p.label(out, padded_label!("Claim"));
    // A claim given as an argument may hold any character: it is shown as input is.
    out.push_str("claim=");
    let _ = claim.spec.write_to(&mut Printable(&mut *out));
    if claim.patterns().is_some() {
        let _ = write!(out, " ({})", half_or_points(claim.value, claim.is_half()));
    }
    out.push_str(": ");
    p.paint_str(out, check.verdict.name(), verdict_role(check.verdict));
    let worth = half_or_points(truth.total, truth.shows_half());
    match check.verdict {
        ClaimVerdict::Confirmed | ClaimVerdict::FalseWin => {}
        ClaimVerdict::Underscored => {
            let _ = write!(
                out,
                "; the hand is worth {worth}, the claim stands: paid on {}",
                half_or_points(claim.value, claim.is_half())
            );
        }
        ClaimVerdict::Overclaimed => {
            let _ = write!(out, "; the hand is worth {worth}: corrected to {worth}");
        }
    }
    out.push('\n');
    // What was missed shows what it counted in this hand, so the lines add up to the
    // difference; what is not there shows its value on the card.
    for counted in check.missed() {
        let pattern = counted.pattern;
        let _ = write!(out, "  missed {} {} ", pattern.id, pattern.name);
        let _ = write_points_label(out, counted);
        out.push('\n');
    }
    for pattern in check.not_there() {
        let _ = writeln!(
            out,
            "  not there {} {} {}",
            pattern.id,
            pattern.name,
            pattern.value.label(rules.limit.maximum)
        );
    }
}

/// `½` when `half`, else the points.
fn half_or_points(points: u32, half: bool) -> String {
    paid_on_label(PaidOn::of(points, half))
}

/// `--all`: every reading with its value, best first, so the choice can be checked.
fn write_all_readings(
    out: &mut String,
    p: &Painter,
    rules: &RuleSet,
    hand: &Hand,
    readings: &[Reading],
) {
    p.paint_str(out, "All readings, best first", Role::Heading);
    out.push('\n');
    if readings.is_empty() {
        out.push_str("  none: the tiles form no winning hand\n");
    }
    for (i, reading) in readings.iter().enumerate() {
        out.push_str("  ");
        let _ = write_uint(out, i as u64 + 1);
        out.push_str(". ");
        let _ = write_total_label(out, reading);
        if let Some(limit) = reading.limit {
            out.push_str(" (");
            out.push_str(limit_label(rules, limit));
            out.push(')');
        }
        out.push_str(": ");
        let _ = reading.arrangement.write_to(out);
        out.push_str("; ");
        let _ = write_placement(out, hand, &reading.arrangement);
        out.push_str("\n     ");
        if reading.counted.is_empty() {
            out.push_str("no pattern");
        }
        for (i, c) in reading.counted.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&c.pattern.id);
            out.push(' ');
            out.push_str(&c.pattern.name);
            out.push(' ');
            let _ = write_points_label(out, c);
        }
        out.push('\n');
    }
}

/// The `--summary` block that ends a text run.
pub fn summary(summary: &Summary<'_>, look: &dyn Paint) -> String {
    summary_within(summary, look, None)
}

/// [`summary`] for a terminal `width` columns wide (`None`: as wide as it comes): the
/// standings table is laid out to fit it ([`standings_within`]).
pub(crate) fn summary_within(
    summary: &Summary<'_>,
    look: &dyn Paint,
    width: Option<usize>,
) -> String {
    let mut out = counts(summary, look);
    out.push_str(&standings_within(summary, look, width));
    out
}

/// The summary's counts, without the standings: hands, claims, seats, patterns.
pub fn counts(summary: &Summary<'_>, look: &dyn Paint) -> String {
    let p = Painter { look };
    let mut out = String::new();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    // Draws are named only when there were some, so a run without any reads as before.
    let draws = match summary.draws {
        0 => String::new(),
        n => format!(", {}", plural(n, "draw", "draws")),
    };
    p.label(&mut out, padded_label!("Summary"));
    let _ = writeln!(
        out,
        "{}: {} scored, {}{draws}, {}",
        plural(summary.hands(), "hand", "hands"),
        summary.scored,
        plural(summary.false_wins, "false win", "false wins"),
        plural(summary.errors, "error", "errors"),
    );
    if summary.verdicts().any(|(_, n)| n > 0) {
        let verdicts: Vec<String> = summary
            .verdicts()
            .map(|(v, n)| match v {
                // Not "false win 0" under a count of false wins that has some: the
                // verdict counts only the claims made on a false win.
                ClaimVerdict::FalseWin => format!("on a false win {n}"),
                v => format!("{} {n}", v.name().replace('_', " ")),
            })
            .collect();
        p.label(&mut out, padded_label!("Claims"));
        let _ = writeln!(out, "{}", verdicts.join(", "));
    }
    p.label(&mut out, padded_label!("Seats"));
    let _ = writeln!(out, "{}", seats_text(summary));
    if summary.patterns().next().is_some() {
        p.label(&mut out, padded_label!("Patterns"));
        out.push_str("hands in which each counted\n");
        for (pattern, count) in summary.patterns() {
            let _ = writeln!(
                out,
                "  {} {} {} {count}",
                pattern.id, pattern.name, pattern.chinese
            );
        }
    }
    out
}

/// The text format: for people, coloured by a [`Paint`].
pub struct Text<'r> {
    rules: &'r RuleSet,
    look: &'r dyn Paint,
}

impl<'r> Text<'r> {
    /// Text for a run under `rules`, looking as `look` paints it.
    pub fn new(rules: &'r RuleSet, look: &'r dyn Paint) -> Self {
        Text { rules, look }
    }

    /// The notation card: tiles, melds, the winning tile and every context word, the rule
    /// set's own words of each of `systems` included; fitted to `width` columns, if given.
    pub fn notation_card(systems: &[&RuleSet], width: Option<usize>) -> String {
        super::fit::fit_owned(super::reference::notation(systems), width)
    }

    /// The reference card of `rules`, a variant of `base`, with each change marked: `~` a
    /// value changed, `+` a new hand, `-` a pattern of the base switched off.
    pub fn changes(rules: &RuleSet, base: &RuleSet) -> String {
        super::reference::changes(rules, base)
    }
}

impl super::Renderer for Text<'_> {
    fn blocks(&self) -> bool {
        true
    }

    fn scored(&self, out: &mut String, scored: &Scored, at: Option<&Location>) {
        write_scored(out, scored, self.rules, self.look, at);
    }

    fn scored_at_table(
        &self,
        out: &mut String,
        scored: &Scored,
        at: Option<&Location>,
        players: [&str; 4],
    ) {
        write_scored_at_table(out, scored, self.rules, self.look, at, Some(players));
    }

    fn error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        write_error(out, input, error, self.look, at);
    }

    fn input_failure(&self, out: &mut String, message: &str, _: Option<&str>, _: Columns) {
        out.push_str(&input_failure(message, self.look));
    }

    fn seated(&self, out: &mut String, players: [&str; 4], at: &Location) {
        out.push_str(&seated(players, at, self.look));
    }

    fn drawn(&self, out: &mut String, input: &str, at: &Location) {
        out.push_str(&drawn(self.rules, input, at, self.look));
    }

    fn penalized(&self, out: &mut String, input: &str, at: &Location, by: Seat, points: u32) {
        let _ = write!(
            out,
            "{} {}\n{} {}\n{} {} pays {points}, to nobody\n",
            label("Line", self.look),
            printable(&at.to_string()),
            label("Hand", self.look),
            printable(input.trim()),
            label("Penalty", self.look),
            by.name(),
        );
    }

    fn agreed(&self, out: &mut String, input: &str, at: &Location, played: &Played, players: Option<[&str; 4]>) {
        let words = crate::words::SystemWords::defaults(self.rules.words);
        let (Played::Won { payments, .. }, Some(context)) = (played, played.context(words)) else {
            return;
        };
        let p = Painter { look: self.look };
        p.label(out, padded_label!("Line"));
        let _ = at.write_to(&mut Printable(out));
        out.push('\n');
        p.label(out, padded_label!("Hand"));
        let _ = write_printable(out, trimmed(input));
        out.push('\n');
        p.label(out, padded_label!("Rules"));
        out.push_str(&self.rules.name);
        out.push('\n');
        p.label(out, padded_label!("Win"));
        out.push_str(context.seat.name());
        match context.discarder() {
            None => out.push_str(" wins by self-draw"),
            Some(from) => {
                let _ = write!(out, " wins on {}'s discard", from.name());
            }
        }
        out.push('\n');
        p.label(out, padded_label!("Value"));
        let _ = write!(out, "{}, as the table agreed: no tiles, ", payments.value);
        p.paint_str(out, "not checked", Role::Problem);
        out.push('\n');
        write_payments(out, &p, self.rules, payments, &context, players);
    }

    fn session(&self, out: &mut String, entry: &Entry, played: &Played) {
        write_session(out, entry, played, self.look);
    }

    fn waits(&self, out: &mut String, input: &str, analysis: &Analysis, at: Option<&Location>) {
        out.push_str(&self::analysis(input, analysis, self.rules, self.look, at));
    }

    fn waits_error(&self, out: &mut String, input: &str, error: &Error, at: Option<&Location>) {
        write_error(out, input, error, self.look, at);
    }

    fn summary(&self, summary: &Summary) -> Option<String> {
        Some(self::summary(summary, self.look))
    }

    fn summary_for_width(&self, summary: &Summary, width: usize) -> Option<String> {
        Some(summary_within(summary, self.look, Some(width)))
    }
}

// ---- the `waits` analysis (docs/waits.md) ----

/// One line per wait, indented.
fn write_waits(out: &mut String, waits: &Waits, rules: &RuleSet, look: &dyn Paint) {
    for wait in &waits.waits {
        let _ = writeln!(out, "  {}", wait_line(wait, rules, look));
    }
}

fn wait_line(wait: &Wait, rules: &RuleSet, look: &dyn Paint) -> String {
    let unseen = if wait.is_dead() {
        style::painted(look, Role::Problem, "dead    ")
    } else {
        format!("{} unseen", wait.unseen)
    };
    let discard = &wait.discard;
    let self_draw = &wait.self_draw;
    let mut line = format!(
        "{}  {unseen}  discard {:<4} self-draw {:<4} {}",
        style::painted(look, Role::Strong, wait.tile),
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
        let _ = write!(line, ": {}", style::painted(look, Role::Shortfall, note));
    }
    line
}

/// The `waits` analysis of one line for people; in a batch, headed by where the line came
/// from.
pub fn analysis(
    input: &str,
    analysis: &Analysis,
    rules: &RuleSet,
    look: &dyn Paint,
    at: Option<&Location>,
) -> String {
    let mut out = String::new();
    if let Some(at) = at {
        let _ = writeln!(
            out,
            "{} {}",
            label("Line", look),
            printable(&at.to_string())
        );
    }
    let _ = writeln!(out, "{} {}", label("Hand", look), printable(input.trim()));
    let _ = writeln!(out, "{} {}", label("Rules", look), rules.name);
    match analysis {
        Analysis::Waits(waits) if waits.waits.is_empty() => {
            let _ = writeln!(
                out,
                "{} {}",
                label("Summary", look),
                not_calling_text(waits.distance)
            );
        }
        Analysis::Waits(waits) => {
            let _ = writeln!(out, "{}", style::painted(look, Role::Heading, "Waits"));
            write_waits(&mut out, waits, rules, look);
            let _ = writeln!(out, "{} {}", label("Summary", look), calling_text(waits));
        }
        Analysis::Discards(discards) => {
            for discard in &discards.discards {
                let head = format!("Discard {}", discard.tile);
                let _ = writeln!(
                    out,
                    "{} {}",
                    label(&head, look),
                    calling_text(&discard.waits)
                );
                write_waits(&mut out, &discard.waits, rules, look);
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
            let _ = writeln!(out, "{} {summary}", label("Summary", look));
        }
    }
    out
}

// ---- a session (docs/sessions.md): lines at the end of a hand's block ----

fn label(text: &str, look: &dyn Paint) -> String {
    style::label(look, text)
}

fn seating(players: [&str; 4]) -> String {
    let seats: Vec<String> = Seat::ALL
        .iter()
        .zip(players)
        .map(|(seat, name)| format!("{} {}", seat.name(), printable(name)))
        .collect();
    seats.join(", ")
}

/// What happened at the table, with the players' names: "Bob wins on Ann's discard".
fn sentence(entry: &Entry, played: &Played) -> String {
    let name = |seat: Seat| printable(entry.player(seat)).into_owned();
    let mut text = match played {
        Played::Won {
            payments,
            discarder,
            dealt_in,
            agreed,
            ..
        } => {
            let winner = name(payments.winner);
            let mut text = match discarder {
                None => format!("{winner} wins by self-draw"),
                Some(from) => {
                    let mut text = format!("{winner} wins on {}'s discard", name(*from));
                    match dealt_in {
                        Some(responsible) if responsible != from => {
                            let _ = write!(text, "; {} is responsible", name(*responsible));
                        }
                        _ => {}
                    }
                    text
                }
            };
            if *agreed {
                text.push_str(", by the value agreed (not checked)");
            }
            text
        }
        Played::FalseWin { by, payments: None } => format!("{}'s false win: nobody pays", name(*by)),
        Played::FalseWin {
            by,
            payments: Some(paid),
        } => format!(
            "{}'s false win: pays {} to each other player",
            name(*by),
            paid.value
        ),
        Played::Drawn => "nobody wins".to_string(),
        Played::Unknown => "the line is not a hand: nothing is paid".to_string(),
        // No hand: the deal stays where it is, and that is no news.
        Played::Penalty { by, points } => {
            return format!("{} is charged a penalty of {points}, paid to nobody", name(*by))
        }
    };
    if !entry.passed {
        let _ = write!(text, "; {} keeps the deal", name(Seat::East));
    }
    text
}

/// A `players:` line: the seating.
pub fn seated(players: [&str; 4], at: &Location, look: &dyn Paint) -> String {
    format!(
        "{} {}\n{} {}\n",
        label("Line", look),
        printable(&at.to_string()),
        label("Players", look),
        seating(players)
    )
}

/// A drawn hand (`draw`): nobody pays.
pub fn drawn(rules: &RuleSet, input: &str, at: &Location, look: &dyn Paint) -> String {
    format!(
        "{} {}\n{} {}\n{} {}\n{} a drawn hand: nobody pays\n",
        label("Line", look),
        printable(&at.to_string()),
        label("Hand", look),
        printable(input.trim()),
        label("Rules", look),
        rules.name,
        label("Draw", look),
    )
}

/// The session's lines at the end of a hand's block: the table, what happened, the running
/// totals.
pub(crate) fn write_session(out: &mut String, entry: &Entry, played: &Played, look: &dyn Paint) {
    let players = entry.players.each_ref().map(String::as_str);
    let running: Vec<String> = entry
        .running
        .iter()
        .map(|(name, total)| format!("{} {total}", printable(name)))
        .collect();
    let _ = write!(
        out,
        "{} {}\n{} {}\n{} {}\n",
        label("Table", look),
        seating(players),
        label("", look),
        sentence(entry, played),
        label("Running", look),
        running.join(", ")
    );
}

/// The seats' totals of `--summary`: `East -45, South 135, West -45, North -45`.
pub(crate) fn seats_text(summary: &Summary<'_>) -> String {
    let seats: Vec<String> = summary
        .seats()
        .map(|(seat, total)| format!("{} {total}", seat.name()))
        .collect();
    seats.join(", ")
}

/// The standings table of a text `--summary` (nothing when the run seated nobody), fitted
/// to `width` columns: when the whole table is wider, its
/// columns are shared out among several tables one under the other, each starting with
/// the rank and the player, so that every number stays under its header rather than the
/// rows being broken.
pub(crate) fn standings_within(
    summary: &Summary<'_>,
    look: &dyn Paint,
    width: Option<usize>,
) -> String {
    let standings = summary.session.standings();
    if standings.is_empty() {
        return String::new();
    }
    let names: Vec<String> = standings
        .iter()
        .map(|s| printable(&s.name).into_owned())
        .collect();
    let name_width = names
        .iter()
        .map(|n| super::fit::display_width(n))
        .max()
        .unwrap_or(0)
        .max("player".len());
    // Each column: its header, its least width, and its values, one per player.
    let columns: Vec<(&str, usize, Vec<String>)> = vec![
        (
            "total",
            6,
            standings.iter().map(|s| s.total.to_string()).collect(),
        ),
        (
            "won",
            3,
            standings.iter().map(|s| s.won.to_string()).collect(),
        ),
        (
            "dealt in",
            8,
            standings.iter().map(|s| s.dealt_in.to_string()).collect(),
        ),
        (
            "biggest",
            7,
            standings
                .iter()
                .map(|s| s.biggest.map_or_else(|| "-".to_string(), paid_on_label))
                .collect(),
        ),
        (
            "false wins",
            10,
            standings.iter().map(|s| s.false_wins.to_string()).collect(),
        ),
    ];
    // Worked out once: a width found again for every row made a table of a few thousand
    // players quadratic.
    let widths: Vec<usize> = columns
        .iter()
        .map(|(header, least, values)| {
            values
                .iter()
                .map(|v| v.chars().count())
                .chain([header.len(), *least])
                .max()
                .unwrap_or(0)
        })
        .collect();
    // The ranks right-aligned under "#", as wide as the last one.
    let rank_width = standings.len().to_string().len().max(2);
    // "  #" then two spaces and the name: where every table's own columns start.
    let lead = 2 + rank_width + 2 + name_width;
    let mut tables: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = lead;
    for (i, width_of_column) in widths.iter().enumerate() {
        let room = 2 + width_of_column;
        let table = tables.last_mut().expect("a table");
        if !table.is_empty() && width.is_some_and(|width| used + room > width) {
            tables.push(vec![i]);
            used = lead + room;
        } else {
            table.push(i);
            used += room;
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} every player of the run, best total first",
        label("Standings", look)
    );
    for table in &tables {
        let _ = write!(out, "  {:>rank_width$}  {:<name_width$}", "#", "player");
        for &i in table {
            let _ = write!(out, "  {:>w$}", columns[i].0, w = widths[i]);
        }
        out.push('\n');
        for (rank, name) in names.iter().enumerate() {
            let pad = name_width - super::fit::display_width(name);
            let _ = write!(out, "  {:>rank_width$}  {name}{}", rank + 1, " ".repeat(pad));
            for &i in table {
                let _ = write!(out, "  {:>w$}", columns[i].2[rank], w = widths[i]);
            }
            out.push('\n');
        }
    }
    out
}

/// A value paid on as the hand's total shows it: `12`, or `½`.
fn paid_on_label(value: PaidOn) -> String {
    match value {
        PaidOn::Points(points) => points.to_string(),
        PaidOn::Half => "½".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use owo_colors::{OwoColorize, Style};

    #[test]
    fn a_wrapped_line_starts_with_an_empty_label() {
        for color in [false, true] {
            let look: &dyn Paint = if color { &style::Ansi } else { &style::Plain };
            let p = Painter { look };
            let mut label = String::from("\n");
            p.label(&mut label, padded_label!(""));
            assert_eq!(p.line_break(), label);
            // And the label is the one the lines had before: padded, then bold.
            let mut label = String::new();
            p.label(&mut label, padded_label!("Total"));
            let padded = format!("{:<12}", "Total");
            let old = if color {
                padded.style(Style::new().bold()).to_string()
            } else {
                padded
            };
            assert_eq!(label, format!("{old} "));
        }
    }

    /// The list wrapping as it was: split after each ", ", a line ended when the next piece
    /// does not fit.
    fn wrap_as_before(text: &str, width: usize) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for item in text.split_inclusive(", ") {
            let fits = line.trim_end().chars().count() + item.trim_end().chars().count() <= width;
            if !line.is_empty() && !fits {
                lines.push(line.trim_end().to_string());
                line.clear();
            }
            line.push_str(item);
        }
        if !line.is_empty() {
            lines.push(line.trim_end().to_string());
        }
        lines
    }

    #[test]
    fn lists_are_wrapped_after_their_commas() {
        let item = |n: usize| format!("p.{n} {} 中 {n}", "word ".repeat(n % 7));
        for count in 1..30 {
            let items: Vec<String> = (0..count).map(item).collect();
            let text = format!("not counted: {} (each a limit)", items.join(", "));
            for width in [10, 40, 87] {
                let mut expected = String::from("label ");
                expected.push_str(&wrap_as_before(&text, width).join("\n+ "));
                let mut out = String::from("label ");
                out.push_str(&text);
                wrap(&mut out, 6, width, || "\n+ ".to_string());
                assert_eq!(out, expected, "{count} items, width {width}");
            }
        }
    }
}
