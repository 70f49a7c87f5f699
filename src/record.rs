//! A line's result as data a program keeps, sends and reads back (the `serde` feature): one
//! [`Record`] is one object of `mjscore --format json`, field for field, in the same order
//! and with the same names (docs/scripting.md § JSON records), so that what a program gets
//! from the library is what the command line prints, and `serde_json::from_str::<Record>`
//! reads either. A test reads every line the command line writes for a corpus of hands,
//! claims, false wins, errors and sessions, and writes each back byte for byte.
//!
//! A field the command line leaves out of a kind of line (`claim` on a line with no claim,
//! `total` on an error) is `None` here and left out again; a field it writes as `null` (the
//! `total` of a false win) is `Some(None)`. Points are numbers, whole but for the doubling
//! table's half-point chicken hand (`0.5`).

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::claim::ClaimCheck;
use crate::error::Error;
use crate::hand::WinBy;
use crate::line::Scored;
use crate::output::{points_number, sum_number, total_number, write_false_win_reason, Number};
use crate::rule_set::RuleSet;
use crate::score::{CountedPattern, FalseWin, Outcome, Reading};
use crate::tile::Seat;

/// One line's object of `mjscore --format json` (docs/scripting.md § JSON records): a hand
/// won or a false win, with its claim and its readings; a line that is no hand; or a
/// session's draw, penalty or hand agreed by its value, with the table's players and
/// running totals.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Record {
    /// The line's number in its input, from 1 (none for a hand given as an argument).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The file the line came from, when a run reads several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The line as given (none for a file that could not be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The rule set's id.
    pub rules: String,
    /// The hand's value after the limit; `Some(None)` for a false win.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "maybe_null_points"
    )]
    pub total: Option<Option<f64>>,
    /// The limit that decided the total (`compound`, `listed`), if one did.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "maybe_null")]
    pub limit: Option<Option<String>>,
    /// Every pattern's points before the limit; `Some(None)` for tiles that do not win.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "maybe_null_points"
    )]
    pub sum: Option<Option<f64>>,
    /// The patterns that make the total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub patterns: Option<Vec<PatternRecord>>,
    /// The patterns the hand has that the limit leaves out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_aside: Option<Vec<PatternRecord>>,
    /// The arrangement scored, in notation (`b66 · c123 c456 c789 · d111`).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "maybe_null")]
    pub arrangement: Option<Option<String>>,
    /// The winning tile (`c9`).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "maybe_null")]
    pub winning_tile: Option<Option<String>>,
    /// The set the winning tile completes (`c789`), `pair`, or null for an irregular hand.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "maybe_null")]
    pub winning_set: Option<Option<String>>,
    /// A session's hand recorded by its value (`value=45`): always true where present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agreed: Option<bool>,
    /// A session's drawn hand: always true where present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<bool>,
    /// A session's penalty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<PenaltyRecord>,
    /// The winner's seat letter (`e`, `s`, `w`, `n`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
    /// Whether the winning tile was self-drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub self_draw: Option<bool>,
    /// The discarder's seat letter; `Some(None)` for a self-draw.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "maybe_null")]
    pub from: Option<Option<String>>,
    /// Whether the discarder was taken to be the winner's upper seat (no `from=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_assumed: Option<bool>,
    /// The seat that pays as the discarder would; `Some(None)` for nobody.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "maybe_null")]
    pub responsible: Option<Option<String>>,
    /// What each seat pays (negative) or receives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payments: Option<Seats<i64>>,
    /// Why the hand is a false win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub false_win: Option<FalseWinRecord>,
    /// The line's claim, checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<ClaimRecord>,
    /// The claim's verdict: `confirmed`, `underscored`, `overclaimed` or `false_win`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
    /// Every reading, best first (`--all`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readings: Option<Vec<ReadingRecord>>,
    /// Why the line is no hand, or the input could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorRecord>,
    /// A session's players, by seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Seats<String>>,
    /// A session's running totals by name, in the order the command line writes them.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "running")]
    pub running: Option<Vec<(String, i64)>>,
}

/// A pattern counted (or set aside) in a record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct PatternRecord {
    /// The pattern's id.
    pub id: String,
    /// Its English name.
    pub name: String,
    /// Its Chinese name (empty if it has none).
    pub chinese: String,
    /// What it counts in this hand.
    #[serde(with = "points")]
    pub points: f64,
    /// A percentage it adds (Huang's h.62 to h.67), where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u32>,
    /// The set it counts for, for a pattern counted once a set (`e333`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
}

/// A claim and what it settles, in a record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ClaimRecord {
    /// The claim as written (`45`, `1.2+7.1`).
    pub text: String,
    /// The points claimed.
    pub value: u32,
    /// The ids claimed, for a claim of patterns.
    pub patterns: Option<Vec<String>>,
    /// The value the payments are made on; null for a false win.
    #[serde(with = "optional_points")]
    pub settled: Option<f64>,
    /// Counted in the hand but not claimed.
    pub missed: Vec<String>,
    /// Claimed but not counted in the hand.
    pub not_there: Vec<String>,
}

/// One reading of `--all`, in a record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ReadingRecord {
    /// The arrangement, in notation.
    pub arrangement: String,
    /// The set the winning tile completes, `pair`, or null.
    pub winning_set: Option<String>,
    /// Its value after the limit.
    #[serde(with = "points")]
    pub total: f64,
    /// The limit that decided it, if one did.
    pub limit: Option<String>,
    /// Its points before the limit.
    #[serde(with = "points")]
    pub sum: f64,
    /// The ids of the patterns that make its total.
    pub patterns: Vec<String>,
}

/// Something said of each seat: what it pays, who sits there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seats<T> {
    /// East.
    pub e: T,
    /// South.
    pub s: T,
    /// West.
    pub w: T,
    /// North.
    pub n: T,
}

/// Why a line is no hand, in a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ErrorRecord {
    /// Its kind ([`ErrorKind::as_str`](crate::ErrorKind::as_str)), or `input` for a file that
    /// could not be read.
    pub kind: String,
    /// The column at fault, from 1 (none for an input that could not be read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// What is wrong, and what was expected.
    pub message: String,
}

/// A session's penalty, in a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct PenaltyRecord {
    /// The seat of the player charged.
    pub seat: String,
    /// The points charged.
    pub points: u32,
}

/// Why a hand is a false win, in a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct FalseWinRecord {
    /// The reason, in one sentence.
    pub reason: String,
}

impl Record {
    /// The record of a scored line under `rules` (its `line` and `file` left for the caller,
    /// who knows where the line came from), as `mjscore --format json` writes it.
    ///
    /// ```
    /// use mjscore::{record::Record, rules::WSOM, score_line};
    /// // 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40, self-drawn by South: each other
    /// // seat pays 45.
    /// let scored = score_line("b66 c12345678 d111 +c9 self seat=s", &WSOM).unwrap();
    /// let record = Record::of(&scored, &WSOM);
    /// assert_eq!(record.total, Some(Some(45.0)));
    /// let payments = record.payments.as_ref().unwrap();
    /// assert_eq!((payments.e, payments.s), (-45, 135));
    /// ```
    pub fn of(scored: &Scored, rules: &RuleSet) -> Record {
        let hand = &scored.hand;
        let context = &hand.context;
        let (from, assumed) = match context.win_by {
            WinBy::SelfDraw => (None, false),
            WinBy::Discard { from, assumed } => (Some(from), assumed),
        };
        let (reading, false_win) = match &scored.outcome {
            Outcome::Win { reading, .. } => (Some(reading), None),
            Outcome::FalseWin(false_win) => {
                let mut reason = String::new();
                let _ = write_false_win_reason(&mut reason, &scored.outcome, rules);
                let reading = match false_win {
                    FalseWin::BelowMinimum { reading, .. } => Some(reading),
                    FalseWin::NotAWinningHand | FalseWin::Refused { .. } => None,
                };
                (reading, Some(FalseWinRecord { reason }))
            }
        };
        let won = false_win.is_none();
        let payments = scored.payments().filter(|_| won);
        Record {
            total: Some(
                reading
                    .filter(|_| won)
                    .and_then(|r| points_of(total_number(r))),
            ),
            limit: Some(
                reading
                    .filter(|_| won)
                    .and_then(|r| r.limit)
                    .map(|l| l.name().to_string()),
            ),
            sum: Some(reading.and_then(|r| points_of(sum_number(r)))),
            patterns: Some(
                reading.map_or_else(Vec::new, |r| r.counted().iter().map(pattern).collect()),
            ),
            set_aside: Some(
                reading.map_or_else(Vec::new, |r| r.set_aside().iter().map(pattern).collect()),
            ),
            arrangement: Some(reading.map(|r| r.arrangement.to_string())),
            winning_tile: Some(hand.winning_tile.map(|t| t.to_string())),
            winning_set: Some(reading.and_then(winning_set)),
            seat: Some(context.seat.key().to_string()),
            self_draw: Some(context.self_drawn()),
            from: Some(from.map(|s| s.key().to_string())),
            from_assumed: Some(assumed),
            responsible: Some(context.responsible.seat().map(|s| s.key().to_string())),
            // A false win's: 0 each, or what the rule set charges for one.
            payments: Some(match payments {
                Some(p) => seats(|seat| p.of(seat)),
                None => {
                    let amounts = scored.amounts(rules);
                    seats(|seat| amounts[seat as usize])
                }
            }),
            false_win,
            claim: scored.claim.as_deref().map(claim),
            verdict: (scored.claim.as_deref()).map(|check| check.verdict.name().to_string()),
            readings: (scored.readings.as_ref())
                .map(|readings| readings.iter().map(reading_record).collect()),
            ..Record::bare(Some(scored.input.clone()), rules)
        }
    }

    /// The record of a line that is no hand (`input`, read under `rules`), as `mjscore
    /// --format json` writes it.
    pub fn of_error(input: &str, error: &Error, rules: &RuleSet) -> Record {
        Record {
            error: Some(ErrorRecord {
                kind: error.kind().as_str().to_string(),
                column: Some(error.column()),
                message: error.message(),
            }),
            ..Record::bare(Some(input.to_string()), rules)
        }
    }

    /// A record with its input and rule set only.
    fn bare(input: Option<String>, rules: &RuleSet) -> Record {
        Record {
            input,
            rules: rules.id().to_string(),
            ..Record::default()
        }
    }
}

/// A number of points as a record holds it: `None` where the command line writes null.
fn points_of(number: Number) -> Option<f64> {
    match number {
        Number::Whole(points) => Some(f64::from(points)),
        Number::Half => Some(0.5),
        Number::Unknown => None,
    }
}

/// `amount` of each seat, as [`Seats`].
fn seats<T>(amount: impl Fn(Seat) -> T) -> Seats<T> {
    Seats {
        e: amount(Seat::East),
        s: amount(Seat::South),
        w: amount(Seat::West),
        n: amount(Seat::North),
    }
}

fn pattern(counted: &CountedPattern) -> PatternRecord {
    let pattern = counted.pattern;
    PatternRecord {
        id: pattern.id.to_string(),
        name: pattern.name.to_string(),
        chinese: pattern.chinese.to_string(),
        points: points_of(points_number(counted)).unwrap_or(0.0),
        percent: Some(counted.percent()).filter(|&p| p > 0),
        set: counted.set.map(|set| set.to_string()),
    }
}

/// The set the winning tile completes in `reading`, `pair`, or `None` for an irregular hand.
fn winning_set(reading: &Reading) -> Option<String> {
    use crate::arrange::Placement;
    let arrangement = &reading.arrangement;
    match arrangement.placement {
        Placement::Set(i) => Some(arrangement.sets()[i].to_string()),
        Placement::Pair => Some("pair".to_string()),
        Placement::Irregular => None,
    }
}

fn claim(check: &ClaimCheck) -> ClaimRecord {
    let ids = |patterns: &mut dyn Iterator<Item = &crate::patterns::Pattern>| {
        patterns.map(|p| p.id.to_string()).collect::<Vec<_>>()
    };
    let mut text = String::new();
    let _ = check.claim.spec.write_to(&mut text);
    ClaimRecord {
        text,
        value: check.claim.value,
        patterns: (check.claim.patterns()).map(|patterns| ids(&mut patterns.iter().copied())),
        settled: match check.settled {
            Some(_) if check.settled_half => Some(0.5),
            settled => settled.map(f64::from),
        },
        missed: ids(&mut check.missed().iter().map(|c| c.pattern)),
        not_there: ids(&mut check.not_there().iter().copied()),
    }
}

fn reading_record(reading: &Reading) -> ReadingRecord {
    ReadingRecord {
        arrangement: reading.arrangement.to_string(),
        winning_set: winning_set(reading),
        total: points_of(total_number(reading)).unwrap_or(0.0),
        limit: reading.limit.map(|l| l.name().to_string()),
        sum: points_of(sum_number(reading)).unwrap_or(0.0),
        patterns: (reading.counted().iter())
            .map(|c| c.pattern.id.to_string())
            .collect(),
    }
}

/// Points as the command line writes them: a whole number without a decimal point, else
/// as it is (`0.5`).
fn write_points<S: Serializer>(points: f64, s: S) -> Result<S::Ok, S::Error> {
    if points.fract() == 0.0 && (0.0..=u64::MAX as f64).contains(&points) {
        s.serialize_u64(points as u64)
    } else {
        s.serialize_f64(points)
    }
}

/// A number of points ([`write_points`]).
mod points {
    use super::*;

    pub fn serialize<S: Serializer>(points: &f64, s: S) -> Result<S::Ok, S::Error> {
        write_points(*points, s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        f64::deserialize(d)
    }
}

/// Points, or null.
mod optional_points {
    use super::*;

    pub fn serialize<S: Serializer>(points: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
        match points {
            Some(points) => write_points(*points, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
        Option::<f64>::deserialize(d)
    }
}

/// A field a kind of line may leave out (`None`) or write as null (`Some(None)`).
mod maybe_null {
    use super::*;

    pub fn serialize<S: Serializer, T: Serialize>(
        value: &Option<Option<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        // Left out where `None` (skip_serializing_if): only a present value comes here.
        match value {
            Some(value) => value.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<Option<Option<T>>, D::Error> {
        // Present: a value or null. (Absent, serde's default gives `None`.)
        Option::<T>::deserialize(d).map(Some)
    }
}

/// Points a kind of line may leave out or write as null ([`maybe_null`], [`write_points`]).
mod maybe_null_points {
    use super::*;

    pub fn serialize<S: Serializer>(value: &Option<Option<f64>>, s: S) -> Result<S::Ok, S::Error> {
        match value {
            Some(Some(points)) => write_points(*points, s),
            _ => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<f64>>, D::Error> {
        Option::<f64>::deserialize(d).map(Some)
    }
}

/// The running totals: an object by name, its order kept.
mod running {
    use super::*;

    pub fn serialize<S: Serializer>(
        running: &Option<Vec<(String, i64)>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let running = running.as_deref().unwrap_or_default();
        let mut map = s.serialize_map(Some(running.len()))?;
        for (name, total) in running {
            map.serialize_entry(name, total)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Vec<(String, i64)>>, D::Error> {
        struct InOrder;
        impl<'de> Visitor<'de> for InOrder {
            type Value = Vec<(String, i64)>;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the running totals, an object of names and points")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut running = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    running.push(entry);
                }
                Ok(running)
            }
        }
        d.deserialize_map(InOrder).map(Some)
    }
}
