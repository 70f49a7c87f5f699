//! Rendering a scored hand (or an error) for people (text) and for scripts (JSON, SPEC §3).
//!
//! Nothing here scores: every number comes from [`crate::score`] and [`crate::payment`].
//! Colour is decided by the caller and passed in, so the same text renders in tests and on
//! a terminal.

use std::fmt::Write;

use owo_colors::{OwoColorize, Style};
use serde_json::{json, Value};

use crate::arrange::{Arrangement, Placement, SetKind, Shape};
use crate::hand::{Hand, Responsible, WinBy};
use crate::payment::{Basis, Payments, STANDARD_VALUE};
use crate::rules::RuleSet;
use crate::score::{CountedPattern, FalseWin, Limit, Outcome, Reading};
use crate::tile::Seat;
use crate::{Error, Scored};

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

/// The full human breakdown of a scored hand.
pub fn text(scored: &Scored, rules: &RuleSet, color: bool) -> String {
    let p = Painter { color };
    let hand = &scored.hand;
    let mut out = String::new();
    let _ = writeln!(out, "{} {}", p.label("Hand"), scored.input.trim());
    let _ = writeln!(out, "{} {}", p.label("Rules"), rules.name);
    let _ = writeln!(out, "{} {}", p.label("Win"), describe_win(hand));
    match &scored.outcome {
        Outcome::Win {
            reading,
            payments,
            readings_compared,
        } => {
            write_reading(&mut out, &p, hand, reading, *readings_compared);
            write_payments(&mut out, &p, payments);
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
        Outcome::FalseWin(FalseWin::NotAWinningHand) => {
            let _ = writeln!(
                out,
                "{} {}",
                p.paint("FALSE WIN:", Style::new().red().bold()),
                false_win_reason(&scored.outcome, rules).unwrap_or_default()
            );
        }
    }
    out
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

fn describe_win(hand: &Hand) -> String {
    let ctx = &hand.context;
    let seat = ctx.seat.name();
    let tile = hand.winning_tile;
    let mut text = match ctx.win_by {
        WinBy::SelfDraw => format!("{seat} wins by self-draw on {tile}"),
        WinBy::Discard { from, assumed: false } => {
            format!("{seat} wins on {}'s discard of {tile}", from.name())
        }
        WinBy::Discard { from, assumed: true } => format!(
            "{seat} wins on {}'s discard of {tile} (discarder assumed: {seat}'s upper seat; give from= to change)",
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
    };
    let _ = writeln!(out, "{} {arrangement}{shape}", p.label("Arrangement"));
    let tile = hand.winning_tile;
    let placement = match arrangement.placement {
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
    };
    let compared = match compared {
        Some(n) if n > 1 => format!("; best of {n} readings"),
        _ => String::new(),
    };
    let _ = writeln!(out, "{} {placement}{compared}", p.label(""));
}

fn pattern_line(p: &Painter, counted: &CountedPattern) -> String {
    let pattern = counted.pattern;
    let detail = counted.set.map(|s| format!(" ({s})")).unwrap_or_default();
    format!(
        "{} {} {} {}{detail}",
        p.paint(pattern.id, Style::new().cyan()),
        pattern.name,
        pattern.chinese,
        p.paint(pattern.points, Style::new().green())
    )
}

fn write_reading(out: &mut String, p: &Painter, hand: &Hand, reading: &Reading, compared: usize) {
    write_arrangement(out, p, hand, &reading.arrangement, Some(compared));
    let _ = writeln!(out, "{}", p.paint("Patterns", Style::new().bold()));
    for counted in &reading.counted {
        let _ = writeln!(out, "  {}", pattern_line(p, counted));
    }
    let total = p.paint(reading.total, Style::new().bold().green());
    let limit = match reading.limit {
        None => "no limit".to_string(),
        Some(Limit::Compound) => format!("compound limit: the patterns sum to {}", reading.sum),
        Some(Limit::Listed) => {
            let listed = &reading.counted[0].pattern;
            let others: Vec<String> = reading
                .set_aside
                .iter()
                .map(|c| format!("{} {} {}", c.pattern.id, c.pattern.name, c.points()))
                .collect();
            if others.is_empty() {
                format!("listed limit: {} {} scores alone", listed.id, listed.name)
            } else {
                format!(
                    "listed limit: {} {} scores alone; not counted: {}",
                    listed.id,
                    listed.name,
                    others.join(", ")
                )
            }
        }
    };
    let _ = writeln!(out, "{} {total} ({limit})", p.label("Total"));
}

fn write_payments(out: &mut String, p: &Painter, payments: &Payments) {
    let x = payments.value;
    let basis = match payments.basis {
        Basis::SelfDraw => format!("self-draw: each player pays {x}"),
        Basis::SmallDiscard => format!("discard, {x} ≤ {STANDARD_VALUE}: each player pays {x}"),
        Basis::NobodyResponsible => {
            format!("discard, nobody responsible (resp=none): each player pays {x}")
        }
        Basis::Responsible(seat) => format!(
            "discard, {x} > {STANDARD_VALUE}: {} pays 3 × {x} − 50 = {}, the others {STANDARD_VALUE} each",
            seat.name(),
            3 * x - 2 * STANDARD_VALUE
        ),
    };
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

/// The JSON object of SPEC §3 for a scored hand (a false win is reported as an error of
/// kind `false_win`).
pub fn json(scored: &Scored, rules: &RuleSet) -> Value {
    let hand = &scored.hand;
    let ctx = &hand.context;
    let (from, assumed) = match ctx.win_by {
        WinBy::SelfDraw => (Value::Null, false),
        WinBy::Discard { from, assumed } => (json!(from.letter().to_string()), assumed),
    };
    let responsible = match ctx.responsible {
        Responsible::Discarder(s) | Responsible::Named(s) => json!(s.letter().to_string()),
        _ => Value::Null,
    };
    match &scored.outcome {
        Outcome::Win {
            reading, payments, ..
        } => {
            let winning_set = match reading.arrangement.placement {
                Placement::Set(i) => json!(reading.arrangement.sets()[i].to_string()),
                Placement::Pair => json!("pair"),
                Placement::Irregular => Value::Null,
            };
            json!({
                "input": scored.input,
                "rules": rules.id,
                "total": reading.total,
                "limit": reading.limit.map(Limit::name),
                "sum": reading.sum,
                "patterns": reading.counted.iter().map(pattern_json).collect::<Vec<_>>(),
                "set_aside": reading.set_aside.iter().map(pattern_json).collect::<Vec<_>>(),
                "arrangement": reading.arrangement.to_string(),
                "winning_tile": hand.winning_tile.to_string(),
                "winning_set": winning_set,
                "seat": ctx.seat.letter().to_string(),
                "self_draw": ctx.self_drawn(),
                "from": from,
                "from_assumed": assumed,
                "responsible": responsible,
                "payments": Seat::ALL.iter().map(|&s| (s.letter().to_string(), json!(payments.of(s)))).collect::<serde_json::Map<_, _>>(),
            })
        }
        Outcome::FalseWin(_) => json!({
            "input": scored.input,
            "rules": rules.id,
            "error": {
                "kind": "false_win",
                "message": format!("false win: {}", false_win_reason(&scored.outcome, rules).unwrap_or_default()),
            },
        }),
    }
}

fn pattern_json(counted: &CountedPattern) -> Value {
    let mut value = json!({
        "id": counted.pattern.id,
        "name": counted.pattern.name,
        "chinese": counted.pattern.chinese,
        "points": counted.points(),
    });
    if let Some(set) = counted.set {
        value["set"] = json!(set.to_string());
    }
    value
}

/// The JSON object for a line that could not be read as a hand.
pub fn error_json(input: &str, rules: &RuleSet, error: &Error) -> Value {
    json!({
        "input": input,
        "rules": rules.id,
        "error": {
            "kind": error.kind(),
            "column": error.column(),
            "message": error.message(),
        },
    })
}

/// The error as a person reads it: the message, then the line with a caret under the column.
pub fn error_text(input: &str, error: &Error, color: bool) -> String {
    let p = Painter { color };
    let column = error.column();
    // Keep tabs so that the caret lines up under them.
    let pad: String = input
        .chars()
        .take(column.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    format!(
        "{} at column {column}: {}\n  {input}\n  {pad}{}\n",
        p.paint("error", Style::new().red().bold()),
        error.message(),
        p.paint("^", Style::new().red().bold())
    )
}
