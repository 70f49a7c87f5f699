//! A scoring system made up here, in the tests, and scored through the public API and the
//! batch path: adding a system needs no edit to the engine or the renderers.
//!
//! "Toy" has three patterns, each a different kind of value:
//! - t.1 Runs, 2 points: four sequences;
//! - t.2 Honors, computed: 3 for each honor triplet or kong, and 1 for an honor pair;
//! - t.3 Bonus, +50 %: the context word `bonus`, Toy's own (its ninth word: eight tags
//!   come before it, to prove a system may declare any number of words);
//! - t.4 Level, computed: `level=N` (its tenth word) is worth N points;
//! - t.5 Scattered, 8 points: Toy's own special shape, Scattered Terminals (14 concealed
//!   tiles, each a 1 or a 9 of a suit, in any numbers), which the engine knows nothing of.
//!
//! Its limit: the sum is capped at 10, then the percentage applies (rounded half up). Its
//! minimum is 1 point; only regular hands win. Its payments: on a self-draw each other
//! player pays X; on a discard the discarder alone pays 2X.

mod common;

use std::borrow::Cow;
use std::io;

use mjscore::arrange::SpecialShape;
use mjscore::batch::{self, Input, Settings};
use mjscore::hand::{Liable, WinContext};
use mjscore::patterns::{all_sequences, Condition, Facts, Pattern, Shapes, Value, ANY, REGULAR};
use mjscore::payment::Payments;
use mjscore::render::Format;
use mjscore::render::Plain;
use mjscore::rule_set::{DealRule, LimitRule, PaymentParams, PaymentRule, RuleSet, Wording};
use mjscore::score::{FalseWin, Outcome};
use mjscore::tile::{Seat, Tile};
use mjscore::words::{WordSpec, WordValues};
use mjscore::{invariants, rules, score_line, score_line_with, Analysis, Options};

/// A tag of no meaning to the scoring: eight of them (`alfa` … `hotel`), so that `bonus` is
/// Toy's ninth word.
const fn tag(key: &'static str) -> WordSpec {
    WordSpec {
        key,
        values: WordValues::Flag,
        default: 0,
        meaning: "a tag the table may write; it scores nothing",
    }
}

/// Toy's words: eight tags, then `bonus` (index 8) and `level=N` (index 9).
static WORDS: [WordSpec; 10] = [
    tag("alfa"),
    tag("bravo"),
    tag("charlie"),
    tag("delta"),
    tag("echo"),
    tag("foxtrot"),
    tag("golf"),
    tag("hotel"),
    WordSpec {
        key: "bonus",
        values: WordValues::Flag,
        default: 0,
        meaning: "the table called a bonus hand",
    },
    WordSpec {
        key: "level",
        values: WordValues::Number { min: 0, max: 3 },
        default: 0,
        meaning: "the table's level: each adds a point",
    },
];

const BONUS: usize = 8;
const LEVEL: usize = 9;

fn honors(f: &Facts) -> u32 {
    let sets = 3 * f.count_triplets(Tile::is_honor) as u32;
    sets + u32::from(f.pair().is_some_and(Tile::is_honor))
}

/// Toy's own winning shape: every one of the 14 tiles a 1 or a 9 of a suit.
static SCATTERED: [SpecialShape; 1] = [SpecialShape {
    name: "Scattered Terminals",
    key: "scattered_terminals",
    forms: |tiles| {
        tiles
            .iter()
            .all(|t| t.suit().is_number() && matches!(t.rank(), 1 | 9))
    },
}];

static PATTERNS: [Pattern; 5] = [
    Pattern {
        id: Cow::Borrowed("t.1"),
        series: Cow::Borrowed("t.1"),
        name: Cow::Borrowed("Runs"),
        chinese: Cow::Borrowed("順"),
        aliases: &[],
        value: Value::Points(2),
        shapes: REGULAR,
        condition: Condition::Hand(all_sequences),
        summary: Cow::Borrowed("four sequences"),
        details: Cow::Borrowed("Four sequences and a pair."),
        example: Cow::Borrowed("b123 c456 d789 b234 w1 +w1 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("t.2"),
        series: Cow::Borrowed("t.2"),
        name: Cow::Borrowed("Honors"),
        chinese: Cow::Borrowed("字"),
        aliases: &[],
        value: Value::Computed {
            label: "3 a set, 1 a pair",
        },
        shapes: REGULAR,
        condition: Condition::Computed(honors),
        summary: Cow::Borrowed("3 for each honor triplet or kong, 1 for an honor pair"),
        details: Cow::Borrowed("Honor tiles: 3 for each triplet or kong, 1 for the pair."),
        example: Cow::Borrowed("w111 e222 b123 c456 d5 +d5 self"),
    },
    Pattern {
        id: Cow::Borrowed("t.3"),
        series: Cow::Borrowed("t.3"),
        name: Cow::Borrowed("Bonus"),
        chinese: Cow::Borrowed("獎"),
        aliases: &[],
        value: Value::Percent(50),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().words().flag(BONUS)),
        summary: Cow::Borrowed("the word bonus: +50 %"),
        details: Cow::Borrowed("The table called a bonus hand: the value grows by half."),
        example: Cow::Borrowed("w111 e222 b123 c456 d5 +d5 self bonus"),
    },
    Pattern {
        id: Cow::Borrowed("t.4"),
        series: Cow::Borrowed("t.4"),
        name: Cow::Borrowed("Level"),
        chinese: Cow::Borrowed("級"),
        aliases: &[],
        value: Value::Computed { label: "1 a level" },
        shapes: ANY,
        condition: Condition::Computed(|f| u32::from(f.context().words().value(LEVEL))),
        summary: Cow::Borrowed("level=N: N points"),
        details: Cow::Borrowed("The table's level, from the word level=N: N points."),
        example: Cow::Borrowed("w111 e222 b123 c456 d5 +d5 self level=2"),
    },
    Pattern {
        id: Cow::Borrowed("t.5"),
        series: Cow::Borrowed("t.5"),
        name: Cow::Borrowed("Scattered"),
        chinese: Cow::Borrowed("散"),
        aliases: &[],
        value: Value::Points(8),
        shapes: Shapes::SPECIAL_ONLY,
        condition: Condition::Hand(|_| true),
        summary: Cow::Borrowed("the special shape Scattered Terminals"),
        details: Cow::Borrowed("Fourteen concealed tiles, each a 1 or a 9 of a suit."),
        example: Cow::Borrowed("b11999 c1199 d1199 +b1 self"),
    },
];

fn pay(_: &PaymentParams, value: u32, context: &WinContext) -> Payments {
    let x = i64::from(value);
    let mut amounts = [0i64; 4];
    match context.responsible.seat() {
        Some(discarder) => amounts[discarder as usize] = -2 * x,
        None => {
            for seat in Seat::ALL.into_iter().filter(|&s| s != context.seat) {
                amounts[seat as usize] = -x;
            }
        }
    }
    amounts[context.seat as usize] = -amounts.iter().sum::<i64>();
    Payments {
        winner: context.seat,
        value,
        amounts,
    }
}

fn explain(out: &mut String, _: &PaymentParams, payments: &Payments, context: &WinContext) {
    use std::fmt::Write;
    let _ = match context.responsible {
        Liable::NoneSelfDraw => write!(out, "toy self-draw: each pays {}", payments.value),
        _ => write!(
            out,
            "toy discard: the discarder pays 2 × {}",
            payments.value
        ),
    };
}

/// Built as a system of another crate must be: `RuleSet::new` with the parts every system
/// has, then only what Toy changes. Implications, refusals, context checks and declared
/// wins are left at their defaults (none), as is any hook the engine gains later.
static TOY: RuleSet = RuleSet::new(
    "toy",
    Cow::Borrowed("Toy (made up in tests/custom_system.rs)"),
    &PATTERNS,
    PaymentRule {
        pay,
        explain,
        winner_receives: |_, value, context| match context.responsible {
            Liable::NoneSelfDraw => 3 * i64::from(value),
            _ => 2 * i64::from(value),
        },
        params: PaymentParams::NONE,
        keys: &[],
    },
    Wording {
        alone: "alone",
        capped: "toy cap",
        short_name: "TOY",
        no_pattern: "nothing toy-worthy",
    },
)
.with_minimum(1)
// Regular hands, and Toy's own special shape; no Seven Pairs.
.with_shapes(Shapes {
    special: true,
    ..REGULAR
})
.with_special_shapes(&SCATTERED)
.with_limit(LimitRule {
    maximum: Some(10),
    alone_from: None,
    reached_at_maximum: true,
})
.with_words(&WORDS)
// Unlike every system of the program: East deals again after a drawn hand.
.with_deal(DealRule {
    dealer_keeps_on_win: false,
    dealer_keeps_on_draw: true,
});

/// "id:points … = total [limit]" and the payments E S W N, or why it does not win.
fn outcome(line: &str) -> String {
    let scored = score_line(line, &TOY).unwrap_or_else(|e| panic!("{line}: {e}"));
    let hand = mjscore::line::parse_for(line, &TOY).unwrap();
    invariants::check(&hand, &TOY).unwrap_or_else(|e| panic!("{line}: {e}"));
    match scored.outcome {
        Outcome::Win {
            reading, payments, ..
        } => {
            let ids: Vec<String> = reading
                .counted()
                .iter()
                .map(|c| format!("{}:{}", c.pattern.id, mjscore::output::points_label(c)))
                .collect();
            let limit = reading
                .limit
                .map(|l| format!(" {}", l.name()))
                .unwrap_or_default();
            format!(
                "{} = {}{limit}; {:?}",
                ids.join(" "),
                reading.total,
                Seat::ALL.map(|s| payments.of(s))
            )
        }
        Outcome::FalseWin(FalseWin::NotAWinningHand) => "not a winning hand".into(),
        Outcome::FalseWin(FalseWin::BelowMinimum { reading, .. }) => {
            format!("below the minimum at {}", reading.total)
        }
        Outcome::FalseWin(FalseWin::Refused { reason }) => reason.into(),
    }
}

#[test]
fn toy_patterns_limit_percentage_and_payments() {
    let cases = [
        // Four sequences, an honor pair (w11): t.1 2 + t.2 1 = 3. South discarded: South
        // pays 2 × 3 = 6, East (the winner by default) receives 6.
        (
            "b123 c456 d789 b234 w1 +w1 from=s",
            "t.1:2 t.2:1 = 3; [6, -6, 0, 0]",
        ),
        // Two honor triplets (w111, e222): t.2 6; the bonus adds 50 %: 9. Self-drawn: each
        // of the three others pays 9, East receives 27.
        (
            "w111 e222 b123 c456 d5 +d5 self bonus",
            "t.2:6 t.3:+50% = 9; [27, -9, -9, -9]",
        ),
        // Four honor triplets and an honor pair: 4 × 3 + 1 = 13, capped at 10.
        (
            "w111 w222 e111 e222 e3 +e3 self",
            "t.2:13 = 10 compound; [30, -10, -10, -10]",
        ),
        // The percentage applies after the cap: 10 × 1.5 = 15.
        (
            "w111 w222 e111 e222 e3 +e3 self bonus",
            "t.2:13 t.3:+50% = 15 compound; [45, -15, -15, -15]",
        ),
        // Three honor triplets, a plain pair, won from North by South: 9 × 1.5 = 13.5,
        // rounded half up to 14; North pays 28.
        (
            "w111 w333 e333 b123 d5 +d5 seat=s from=n bonus",
            "t.2:9 t.3:+50% = 14; [0, 28, 0, -28]",
        ),
        // No pattern: 0, under Toy's 1-point minimum.
        (
            "b123 c456 d789 b222 c5 +c5 from=s",
            "below the minimum at 0",
        ),
        // Seven Pairs is not a winning shape in Toy.
        ("b1133 c5577 d22 w33 e1 +e1 self", "not a winning hand"),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(line, want)| {
            let got = outcome(line);
            (got != *want).then(|| format!("{line}\n    want {want}\n    got  {got}"))
        })
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn toy_words_messages_and_claims() {
    // Toy's own word is unknown to the built-in systems, and theirs to Toy.
    let err = score_line("b123 c456 d789 b234 w1 +w1 bonus", &mjscore::rules::WSOM).unwrap_err();
    assert_eq!((err.kind().as_str(), err.column()), ("syntax", 28));
    assert!(err.message().starts_with("unknown word 'bonus'"));
    let err = score_line("b123 c456 d789 b234 w1 +w1 bonus=2", &TOY).unwrap_err();
    assert_eq!(err.message(), "'bonus' takes no value");
    let err = score_line("b123 c456 d789 b234 w1 +w1 round=s", &TOY).unwrap_err();
    assert_eq!(
        err.message(),
        "'round=' is scored only by --rules doubling or --rules huang; with these rules, leave it out"
    );
    // An unknown word's message lists Toy's word.
    let err = score_line("b123 c456 d789 b234 w1 +w1 zz", &TOY).unwrap_err();
    assert!(
        err.message().ends_with(
            "resp=, alfa, bravo, charlie, delta, echo, foxtrot, golf, hotel, bonus, level=, claim="
        ),
        "{}",
        err.message()
    );

    // The false-win reasons use Toy's shapes and wording.
    let reason = |line: &str| {
        let scored = score_line(line, &TOY).unwrap();
        mjscore::output::false_win_reason(&scored.outcome, &TOY).unwrap()
    };
    assert_eq!(
        reason("b1133 c5577 d22 w33 e1 +e1 self"),
        "the tiles do not form 4 sets and a pair or Scattered Terminals"
    );
    assert_eq!(
        reason("b123 c456 d789 b222 c5 +c5 from=s"),
        "nothing toy-worthy; TOY needs at least 1 point"
    );

    // A pattern claim values a computed pattern as the hand has it: t.2 6 + 50 % = 9.
    let scored = score_line("w111 e222 b123 c456 d5 +d5 self bonus claim=t.2+t.3", &TOY).unwrap();
    let check = scored.claim.expect("a claim");
    assert_eq!((check.claim.value, check.verdict.name()), (9, "confirmed"));

    // The text output: the system's limit name and payment wording, as given.
    let scored = score_line("w111 w222 e111 e222 e3 +e3 self bonus", &TOY).unwrap();
    let text = common::rendered(Format::Text, &TOY, &Plain, &scored);
    for line in [
        "Rules        Toy (made up in tests/custom_system.rs)",
        "  t.2 Honors 字 13",
        "  t.3 Bonus 獎 +50%",
        "Total        15 (toy cap: the patterns sum to 13; base 10 + 50% = 15)",
        "Payments     toy self-draw: each pays 15",
        "  East receives 45",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "no line {line:?} in\n{text}"
        );
    }
}

#[test]
fn toy_reads_ten_words_of_its_own() {
    // Words past the eighth are read like the first: w111 e222 two honor triplets, t.2 6;
    // level=3 adds t.4 3: 9 (under the cap of 10); bonus +50 %: 13.5, rounded half up to
    // 14. Self-drawn: each of the three others pays 14, East receives 42. The tags score
    // nothing.
    let cases = [
        (
            "w111 e222 b123 c456 d5 +d5 self alfa hotel level=3 bonus",
            "t.2:6 t.3:+50% t.4:3 = 14; [42, -14, -14, -14]",
        ),
        // level=2 alone: 6 + 2 = 8; each pays 8.
        (
            "w111 e222 b123 c456 d5 +d5 self level=2",
            "t.2:6 t.4:2 = 8; [24, -8, -8, -8]",
        ),
    ];
    for (line, want) in cases {
        assert_eq!(outcome(line), want, "{line}");
    }
    // A value out of the word's range, at its column.
    let err = score_line("w111 e222 b123 c456 d5 +d5 self level=4", &TOY).unwrap_err();
    assert_eq!((err.kind().as_str(), err.column()), ("syntax", 33));
    // The words written back in canonical notation, in Toy's order, defaults left out.
    let hand =
        mjscore::line::parse_for("w111 e222 b123 c456 d5 +d5 self bonus level=1 bravo", &TOY)
            .unwrap();
    let mut words = String::new();
    hand.win_context().words.write_notation(&mut words).unwrap();
    assert_eq!(words, " bravo bonus level=1");
}

#[test]
fn toy_brings_a_shape_of_its_own() {
    // b1 b1 b1 b9 b9 b9 c1 c1 c9 c9 d1 d1 d9 d9: no 4 sets and a pair (two triplets and four
    // pairs), and Seven Pairs is no Toy shape; every tile a 1 or a 9: Scattered Terminals,
    // t.5 8. Self-drawn by East: each pays 8, East receives 24. With the bonus: 12.
    let cases = [
        ("b11999 c1199 d1199 +b1 self", "t.5:8 = 8; [24, -8, -8, -8]"),
        (
            "b11999 c1199 d1199 +b1 self bonus",
            "t.3:+50% t.5:8 = 12; [36, -12, -12, -12]",
        ),
        // A 2 among them: no shape at all.
        ("b11999 c1199 d1299 +b1 self", "not a winning hand"),
    ];
    for (line, want) in cases {
        assert_eq!(outcome(line), want, "{line}");
    }
    // The text names the shape; the false-win reason lists it among Toy's shapes.
    let scored = score_line("b11999 c1199 d1199 +b1 self", &TOY).unwrap();
    let text = common::rendered(Format::Text, &TOY, &Plain, &scored);
    assert!(
        text.lines()
            .any(|l| l == "Arrangement  b111999 c1199 d1199 (Scattered Terminals)"),
        "{text}"
    );
    let scored = score_line("b11999 c1199 d1299 +b1 self", &TOY).unwrap();
    assert_eq!(
        mjscore::output::false_win_reason(&scored.outcome, &TOY).unwrap(),
        "the tiles do not form 4 sets and a pair or Scattered Terminals"
    );
    // Its waits: the 13 tiles b11999 c1199 d1199 wait on every 1 and 9 of a suit (no
    // regular shape is one tile away). Unseen: b1 two held, b9 three, the others two.
    let holding = mjscore::line::parse_holding("b11999 c1199 d1199", &TOY).unwrap();
    let Analysis::Waits(waits) = mjscore::analysis::analyse(&holding, &TOY) else {
        panic!("13 tiles")
    };
    let listed: Vec<String> = waits
        .waits
        .iter()
        .map(|w| format!("{} {} {:?}", w.tile, w.unseen, w.self_draw.total()))
        .collect();
    assert_eq!(
        listed,
        [
            "b1 2 Some(8)",
            "b9 1 Some(8)",
            "c1 2 Some(8)",
            "c9 2 Some(8)",
            "d1 2 Some(8)",
            "d9 2 Some(8)"
        ]
    );
}

#[test]
fn rule_sets_on_offer_are_passed_in() {
    // The program's rule sets know no `bonus`: by default it is an unknown word. A program
    // that offers Toy beside them passes its list, and the message names Toy.
    let line = "b123 c456 d789 b234 w1 +w1 bonus";
    let err = score_line(line, &rules::WSOM).unwrap_err();
    assert_eq!(err.kind().as_str(), "syntax");
    let offered = [
        &rules::WSOM,
        &rules::ZJ,
        &rules::DOUBLING,
        &rules::HUANG,
        &TOY,
    ];
    let options = Options {
        systems: &offered,
        ..Options::default()
    };
    let err = score_line_with(line, &rules::WSOM, options).unwrap_err();
    assert_eq!((err.kind().as_str(), err.column()), ("context", 28));
    assert_eq!(
        err.message(),
        "'bonus' is scored only by --rules toy; with these rules, leave it out"
    );
    // And Toy's list, passed in, names Huang's word for a Toy line.
    let err = score_line_with("b123 c456 d789 b234 w1 +w1 lastcopy", &TOY, options).unwrap_err();
    assert_eq!(
        err.message(),
        "'lastcopy' is scored only by --rules huang; with these rules, leave it out"
    );
}

#[test]
fn toy_through_the_batch_as_json_lines() {
    let input = "w111 e222 b123 c456 d5 +d5 self bonus\nnot a hand\n";
    let output = Format::Json.renderer(&TOY, &Plain, None);
    let settings = Settings {
        rules: &TOY,
        output: &*output,
        options: Options::default(),
        session_ahead: None,
    };
    let inputs = vec![Input {
        name: None,
        source: "standard input".to_string(),
        reader: Box::new(io::Cursor::new(input.as_bytes().to_vec())),
        read_ahead: false,
    }];
    let mut out = Vec::new();
    let summary = batch::run(inputs, &settings, &batch::Control::jobs(1), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    let win: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(win["rules"], "toy");
    // t.2 6 + 50 % = 9; `sum` is the base, before the percentage.
    assert_eq!(
        (win["total"].as_u64(), win["sum"].as_u64()),
        (Some(9), Some(6))
    );
    assert_eq!(win["patterns"][0]["id"], "t.2");
    assert_eq!(win["patterns"][0]["points"], 6);
    assert_eq!(win["patterns"][1]["id"], "t.3");
    assert_eq!(win["patterns"][1]["points"], 0);
    assert_eq!(win["patterns"][1]["percent"], 50);
    assert_eq!(win["payments"]["e"], 27);
    let error: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(error["error"]["kind"], "syntax");
    assert_eq!((summary.scored, summary.errors), (1, 1));
    let counted: Vec<(&str, usize)> = summary
        .patterns()
        .map(|(p, n)| (p.id.as_ref(), n))
        .collect();
    assert_eq!(counted, [("t.2", 1), ("t.3", 1)]);

    // The pattern card lists Toy's values as they are.
    let card = Format::Tsv.card(&TOY, None);
    assert_eq!(
        card.lines()
            .skip(1)
            .map(|l| l.split('\t').nth(2).unwrap())
            .collect::<Vec<_>>(),
        ["2", "null", "0", "null", "8"]
    );
}

#[test]
fn the_deal_follows_the_systems_own_rule() {
    // Toy keeps the deal with East after a drawn hand, where every system of the program
    // passes it; a win by South still passes it.
    let input = "players: A B C D\ndraw\ndraw\nw111 e222 b123 c456 d5 +d5 self seat=s\ndraw\n";
    let output = Format::Json.renderer(&TOY, &Plain, None);
    let settings = Settings {
        rules: &TOY,
        output: &*output,
        options: Options::default(),
        session_ahead: None,
    };
    let inputs = vec![Input {
        name: None,
        source: "standard input".to_string(),
        reader: Box::new(io::Cursor::new(input.as_bytes().to_vec())),
        read_ahead: false,
    }];
    let mut out = Vec::new();
    batch::run(inputs, &settings, &batch::Control::jobs(1), &mut out).unwrap();
    let easts: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| {
            let object: serde_json::Value = serde_json::from_str(l).unwrap();
            object["players"]["e"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(easts, ["A", "A", "A", "B"]);
}
