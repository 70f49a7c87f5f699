//! Text output for people: the full breakdown of a hand, errors with a caret under the
//! column, and the run summary.

use std::fmt::Write;

use owo_colors::{OwoColorize, Style};

use crate::arrange::{Arrangement, Shape};
use crate::claim::{ClaimCheck, Verdict};
use crate::hand::{Hand, WinBy, WinContext};
use crate::line::{Error, Scored};
use crate::payment::Payments;
use crate::score::{CountedPattern, FalseWin, Limit, Outcome, Reading};
use crate::sets::{Set, SetKind};
use crate::summary::Summary;
use crate::system::RuleSet;
use crate::tile::{write_run, Seat, Tile};

use super::{
    false_win_reason, limit_label, placement, points_label, printable, total_label, Location,
};

/// Applies a style only when colour is on.
struct Painter {
    color: bool,
}

impl Painter {
    fn paint(&self, text: impl std::fmt::Display, style: Style) -> String {
        if self.color {
            text.style(style).to_string()
        } else {
            text.to_string()
        }
    }
    fn label(&self, text: &str) -> String {
        self.paint(format!("{text:<12}"), Style::new().bold())
    }
}

/// The full human breakdown of a scored hand; in a batch, headed by where the line came from.
pub fn scored(scored: &Scored, rules: &RuleSet, color: bool, at: Option<&Location>) -> String {
    let p = Painter { color };
    let hand = &scored.hand;
    let mut out = String::new();
    if let Some(at) = at {
        let _ = writeln!(out, "{} {}", p.label("Line"), printable(&at.to_string()));
    }
    let input = printable(scored.input.trim());
    let _ = writeln!(out, "{} {input}", p.label("Hand"));
    let _ = writeln!(out, "{} {}", p.label("Rules"), rules.name);
    let _ = writeln!(out, "{} {}", p.label("Win"), describe_win(hand));
    match &scored.outcome {
        Outcome::Win {
            reading,
            payments,
            readings_compared,
        } => {
            write_reading(&mut out, &p, rules, hand, reading, *readings_compared);
            if let Some(check) = &scored.claim {
                write_claim(&mut out, &p, rules, check, reading.total);
            }
            let payments = scored.payments().unwrap_or(payments);
            write_payments(&mut out, &p, rules, payments, &hand.context);
        }
        Outcome::FalseWin(FalseWin::BelowMinimum { reading, .. }) => {
            write_arrangement(&mut out, &p, hand, &reading.arrangement, None);
            let _ = writeln!(
                out,
                "{} {}",
                p.paint("FALSE WIN:", Style::new().red().bold()),
                false_win_reason(&scored.outcome, rules).unwrap_or_default()
            );
        }
        Outcome::FalseWin(FalseWin::NotAWinningHand | FalseWin::Refused { .. }) => {
            let _ = writeln!(
                out,
                "{} {}",
                p.paint("FALSE WIN:", Style::new().red().bold()),
                false_win_reason(&scored.outcome, rules).unwrap_or_default()
            );
        }
    }
    if let (Some(check), Outcome::FalseWin(_)) = (&scored.claim, &scored.outcome) {
        let _ = writeln!(
            out,
            "{} claim={}: {}",
            p.label("Claim"),
            check.claim.spec,
            p.paint("false win", verdict_style(Verdict::FalseWin))
        );
    }
    if let Some(readings) = &scored.readings {
        write_all_readings(&mut out, &p, rules, hand, readings);
    }
    out
}

fn describe_win(hand: &Hand) -> String {
    let ctx = &hand.context;
    let seat = ctx.seat.name();
    // A win by declaration may be written without its tiles.
    let (on, of) = match hand.winning_tile {
        Some(tile) => (format!(" on {tile}"), format!(" of {tile}")),
        None => (String::new(), String::new()),
    };
    let mut text = match ctx.win_by {
        WinBy::SelfDraw => format!("{seat} wins by self-draw{on}"),
        WinBy::Discard { from, assumed: false } => {
            format!("{seat} wins on {}'s discard{of}", from.name())
        }
        WinBy::Discard { from, assumed: true } => format!(
            "{seat} wins on {}'s discard{of} (discarder assumed: {seat}'s upper seat; give from= to change)",
            from.name()
        ),
    };
    let mut extras = Vec::new();
    if ctx.last_tile {
        extras.push(if ctx.self_drawn() {
            "last tile of the wall"
        } else {
            "last discard"
        });
    }
    if ctx.kong_supplement {
        extras.push("on a kong's supplement tile");
    }
    if ctx.robbed_kong {
        extras.push("robbing a kong");
    }
    if ctx.heaven {
        extras.push("East's initial 14 tiles");
    }
    if ctx.earth {
        extras.push("East's first discard");
    }
    if !extras.is_empty() {
        let _ = write!(text, "; {}", extras.join(", "));
    }
    text
}

fn write_arrangement(
    out: &mut String,
    p: &Painter,
    hand: &Hand,
    arrangement: &Arrangement,
    compared: Option<usize>,
) {
    let shape = match arrangement.shape {
        Shape::Regular { .. } => "",
        Shape::SevenPairs { .. } => " (Seven Pairs)",
        Shape::ThirteenTerminals { .. } => " (Thirteen Terminals)",
        Shape::Declared => "",
    };
    let _ = writeln!(out, "{} {arrangement}{shape}", p.label("Arrangement"));
    let honors = honor_names(arrangement);
    if !honors.is_empty() {
        for line in wrap(&format!("honors: {}", honors.join(", ")), WIDTH - 13) {
            let _ = writeln!(out, "{} {line}", p.label(""));
        }
    }
    let placement = placement(hand, arrangement);
    let compared = match compared {
        Some(n) if n > 1 => format!("; best of {n} readings"),
        _ => String::new(),
    };
    let _ = writeln!(out, "{} {placement}{compared}", p.label(""));
}

/// What an honor set is called: "Red Dragon pung", "South Wind kong"; `None` for a set of
/// a number suit, whose notation is clear enough.
fn honor_set_name(set: &Set) -> Option<String> {
    let kind = match set.kind {
        SetKind::Triplet => "pung",
        SetKind::Kong => "kong",
        SetKind::Sequence => return None,
    };
    set.tile
        .is_honor()
        .then(|| format!("{} {kind}", set.tile.name()))
}

/// The honor tiles of an arrangement (the codes people misread: `e` is a dragon, `w` a
/// wind), each group with its name, in the order the arrangement shows them:
/// `e33 White Dragon pair`, `e111 Red Dragon pung`, `w1 East Wind` (a single tile of
/// Thirteen Terminals). Empty when the hand has no honor.
fn honor_names(arrangement: &Arrangement) -> Vec<String> {
    let run = |tile: Tile, count: usize| {
        let mut text = String::new();
        let _ = write_run(&mut text, tile, count);
        let _ = write!(text, " {}", tile.name());
        if count == 2 {
            text.push_str(" pair");
        }
        text
    };
    match &arrangement.shape {
        Shape::Regular { sets, pair } => {
            // The arrangement shows the pair, then the sequences, then the triplets and kongs
            // by tile: honor sets are never sequences, so sorting them by tile keeps its order.
            let mut honors: Vec<&Set> = sets.iter().filter(|s| s.tile.is_honor()).collect();
            honors.sort_by_key(|s| s.tile);
            let pair = pair.is_honor().then(|| run(*pair, 2));
            pair.into_iter()
                .chain(
                    honors
                        .into_iter()
                        .filter_map(|set| honor_set_name(set).map(|name| format!("{set} {name}"))),
                )
                .collect()
        }
        Shape::SevenPairs { pairs } => pairs
            .iter()
            .filter(|t| t.is_honor())
            .map(|&t| run(t, 2))
            .collect(),
        Shape::ThirteenTerminals { pair } => Tile::terminals_and_honors()
            .filter(|t| t.is_honor())
            .map(|t| run(t, if t == *pair { 2 } else { 1 }))
            .collect(),
        Shape::Declared => Vec::new(),
    }
}

fn pattern_line(p: &Painter, counted: &CountedPattern) -> String {
    let pattern = counted.pattern;
    // A per-set pattern names its set, and an honor set by name: "(e111, Red Dragon pung)".
    let detail = counted
        .set
        .map(|s| match honor_set_name(&s) {
            Some(name) => format!(" ({s}, {name})"),
            None => format!(" ({s})"),
        })
        .unwrap_or_default();
    format!(
        "{} {} {} {}{detail}",
        p.paint(pattern.id, Style::new().cyan()),
        pattern.name,
        pattern.chinese,
        p.paint(points_label(counted), Style::new().green())
    )
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
    let _ = writeln!(out, "{}", p.paint("Patterns", Style::new().bold()));
    for counted in &reading.counted {
        let _ = writeln!(out, "  {}", pattern_line(p, counted));
    }
    let total = p.paint(total_label(reading), Style::new().bold().green());
    let listed_name = rules.wording.alone;
    let compound_name = rules.wording.capped;
    // The patterns set aside, on lines of their own under the total: a listed limit may set
    // aside a dozen.
    let aside: Vec<String> = reading
        .set_aside
        .iter()
        .map(|c| format!("{} {} {}", c.pattern.id, c.pattern.name, c.points()))
        .collect();
    let limit = match reading.limit {
        None => "no limit".to_string(),
        Some(Limit::Compound) => format!("{compound_name}: the patterns sum to {}", reading.sum),
        Some(Limit::Listed) => {
            let listed = &reading.counted[0].pattern;
            format!("{listed_name}: {} {} scores alone", listed.id, listed.name)
        }
    };
    let aside = match (aside.is_empty(), reading.limit) {
        (true, _) => None,
        (false, Some(Limit::Listed)) => Some(format!("not counted: {}", aside.join(", "))),
        (false, _) => Some(format!(
            "not counted: {} ({} worth less than the sum)",
            aside.join(", "),
            if aside.len() == 1 {
                format!("a {listed_name}")
            } else {
                format!("each a {listed_name}")
            }
        )),
    };
    let percent: u32 = reading.counted.iter().map(CountedPattern::percent).sum();
    let percent = if percent == 0 {
        String::new()
    } else {
        // The exact value, in hundredths, before rounding half up.
        let hundredths = u64::from(reading.base) * (100 + u64::from(percent));
        let exact = format!("{}.{:02}", hundredths / 100, hundredths % 100);
        let exact = exact.trim_end_matches('0').trim_end_matches('.');
        let rounded = if hundredths % 100 == 0 {
            String::new()
        } else {
            format!(", rounded half up to {}", reading.total)
        };
        format!("; base {} + {percent}% = {exact}{rounded}", reading.base)
    };
    let _ = writeln!(out, "{} {total} ({limit}{percent})", p.label("Total"));
    if let Some(aside) = aside {
        for line in wrap(&aside, WIDTH - 13) {
            let _ = writeln!(out, "{} {line}", p.label(""));
        }
    }
}

/// The width text lines are kept to where they can be broken.
const WIDTH: usize = 100;

/// `text`, a list joined by ", ", broken after its commas into lines of at most `width`
/// characters (a longer item stays whole on its own line).
fn wrap(text: &str, width: usize) -> Vec<String> {
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

fn write_payments(
    out: &mut String,
    p: &Painter,
    rules: &RuleSet,
    payments: &Payments,
    context: &WinContext,
) {
    let basis = (rules.payments.explain)(payments, context);
    let _ = writeln!(out, "{} {basis}", p.label("Payments"));
    for seat in Seat::ALL {
        let amount = payments.of(seat);
        let line = if seat == payments.winner {
            p.paint(
                format!("{} receives {amount}", seat.name()),
                Style::new().bold(),
            )
        } else {
            format!("{} pays {}", seat.name(), -amount)
        };
        let _ = writeln!(out, "  {line}");
    }
}

/// The error as a person reads it: the message (with `line:column` in a batch), then the
/// line with a caret under the column.
pub fn error(input: &str, error: &Error, color: bool, at: Option<&Location>) -> String {
    let p = Painter { color };
    let column = error.column();
    // The line is shown printable (a tab as a space, U+001B for an escape), so the caret
    // goes as far right as the printable text before the column is long.
    let before: String = input.chars().take(column.saturating_sub(1)).collect();
    let pad = " ".repeat(printable(&before).chars().count());
    let position = match at {
        None => format!("column {column}"),
        Some(at) => printable(&format!("{at}:{column}")).into_owned(),
    };
    format!(
        "{} at {position}: {}\n  {}\n  {pad}{}\n",
        p.paint("error", Style::new().red().bold()),
        printable(&error.message()),
        printable(input),
        p.paint("^", Style::new().red().bold())
    )
}

/// An input that could not be read, reported in place of its lines: `error: MESSAGE`.
pub fn input_failure(message: &str, color: bool) -> String {
    let p = Painter { color };
    format!(
        "{}: {}\n",
        p.paint("error", Style::new().red().bold()),
        printable(message)
    )
}

fn verdict_style(verdict: Verdict) -> Style {
    match verdict {
        Verdict::Confirmed => Style::new().green().bold(),
        Verdict::Underscored => Style::new().yellow().bold(),
        Verdict::Overclaimed | Verdict::FalseWin => Style::new().red().bold(),
    }
}

/// The claim of a winning hand, its verdict, and what differs (SPEC §2.11).
fn write_claim(out: &mut String, p: &Painter, rules: &RuleSet, check: &ClaimCheck, truth: u32) {
    let claim = &check.claim;
    let value = match claim.patterns {
        Some(_) => format!(" ({})", claim.value),
        None => String::new(),
    };
    let verdict = p.paint(check.verdict.name(), verdict_style(check.verdict));
    let why = match check.verdict {
        Verdict::Confirmed | Verdict::FalseWin => String::new(),
        Verdict::Underscored => format!(
            "; the hand is worth {truth}, the claim stands: paid on {}",
            claim.value
        ),
        Verdict::Overclaimed => format!("; the hand is worth {truth}: corrected to {truth}"),
    };
    let _ = writeln!(
        out,
        "{} claim={}{value}: {verdict}{why}",
        p.label("Claim"),
        claim.spec
    );
    for (label, patterns) in [("missed", &check.missed), ("not there", &check.not_there)] {
        for pattern in patterns {
            let _ = writeln!(
                out,
                "  {label} {} {} {}",
                pattern.id,
                pattern.name,
                pattern.value.label(rules.limit.maximum)
            );
        }
    }
}

/// `--all`: every reading with its value, best first, so the choice can be checked.
fn write_all_readings(
    out: &mut String,
    p: &Painter,
    rules: &RuleSet,
    hand: &Hand,
    readings: &[Reading],
) {
    let _ = writeln!(
        out,
        "{}",
        p.paint("All readings, best first", Style::new().bold())
    );
    if readings.is_empty() {
        let _ = writeln!(out, "  none: the tiles form no winning hand");
    }
    for (i, reading) in readings.iter().enumerate() {
        let limit = reading
            .limit
            .map(|l| format!(" ({})", limit_label(rules, l)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {}. {}{limit}: {}; {}",
            i + 1,
            total_label(reading),
            reading.arrangement,
            placement(hand, &reading.arrangement)
        );
        let patterns: Vec<String> = reading
            .counted
            .iter()
            .map(|c| {
                let points = points_label(c);
                format!("{} {} {points}", c.pattern.id, c.pattern.name)
            })
            .collect();
        let patterns = if patterns.is_empty() {
            "no pattern".to_string()
        } else {
            patterns.join(", ")
        };
        let _ = writeln!(out, "     {patterns}");
    }
}

/// The `--summary` block that ends a text run.
pub fn summary(summary: &Summary<'_>, color: bool) -> String {
    let p = Painter { color };
    let mut out = String::new();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    // Draws are named only when there were some, so a run without any reads as before.
    let draws = match summary.draws {
        0 => String::new(),
        n => format!(", {}", plural(n, "draw", "draws")),
    };
    let _ = writeln!(
        out,
        "{} {}: {} scored, {}{draws}, {}",
        p.label("Summary"),
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
                Verdict::FalseWin => format!("on a false win {n}"),
                v => format!("{} {n}", v.name().replace('_', " ")),
            })
            .collect();
        let _ = writeln!(out, "{} {}", p.label("Claims"), verdicts.join(", "));
    }
    let _ = writeln!(
        out,
        "{} {}",
        p.label("Seats"),
        super::session::seats_text(summary)
    );
    if summary.patterns().next().is_some() {
        let _ = writeln!(out, "{} hands in which each counted", p.label("Patterns"));
        for (pattern, count) in summary.patterns() {
            let _ = writeln!(
                out,
                "  {} {} {} {count}",
                pattern.id, pattern.name, pattern.chinese
            );
        }
    }
    out.push_str(&super::session::standings_text(summary, color));
    out
}
