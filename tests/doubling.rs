//! The doubling table (`--rules doubling`), worked by hand from the table's text
//! (docs/rules-doubling.md).
//! Unless a line says otherwise the winner is East (the dealer), the prevailing wind is
//! East, and the win is on South's discard: the payout is 2^points, West and North pay it,
//! South (the discarder) pays double, and East receives the sum, 4 × the payout.

mod common;

use mjscore::render::{Format, Plain};
use mjscore::rules::DOUBLING;
use mjscore::score::{FalseWin, Outcome};
use mjscore::tile::Seat;
use mjscore::RuleSet;

/// "ids = total [limit]" or why the hand does not win.
fn outcome(line: &str, rules: &RuleSet) -> String {
    let scored = mjscore::score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    match scored.outcome {
        Outcome::Win { reading, .. } => {
            let ids: Vec<String> = reading
                .counted()
                .iter()
                .map(|c| format!("{}:{}", c.pattern.id, c.points()))
                .collect();
            let limit = reading
                .limit
                .map(|l| format!(" {}", l.name()))
                .unwrap_or_default();
            format!("{} = {}{limit}", ids.join(" "), reading.total)
        }
        Outcome::FalseWin(FalseWin::NotAWinningHand) => "not a winning hand".into(),
        Outcome::FalseWin(other) => format!("{other:?}"),
    }
}

fn payments(line: &str, rules: &RuleSet) -> [i64; 4] {
    match mjscore::score_line(line, rules).unwrap().outcome {
        Outcome::Win { payments, .. } => Seat::ALL.map(|s| payments.of(s)),
        other => panic!("{line}: not a win: {other:?}"),
    }
}

fn check(table: &[(&str, &str)], rules: &RuleSet) {
    let failures: Vec<String> = table
        .iter()
        .filter_map(|(line, want)| {
            let got = outcome(line, rules);
            (got != *want).then(|| format!("{line}\n    want {want}\n    got  {got}"))
        })
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The document's own table ("Hand Conditions Score"), one row each. The chicken hand is
/// worth ½, counted 0 (so that its payout is 2^0 = 1).
#[test]
fn the_worked_table_of_the_text() {
    check(
        &[
            // chicken hand, A, ½: two chee, two pong, mixed suits, no honors.
            ("b123 c456 d777 b999 c5 +c5 from=s", "d.a:0 = 0"),
            // all chee, B, 1.
            ("b123 c456 d234 b678 c5 +c5 from=s", "d.b:1 = 1"),
            // one dragon, F, 1: three chee and a Red Dragon pong.
            ("b123 c456 e111 d789 c5 +c5 from=s", "d.f:1 = 1"),
            // all pong (with a dragon), C + F, 3 + 1 = 4. The West pair scores nothing.
            ("b111 [p c444] e222 d777 w3 +w3 from=s", "d.c:3 d.f:1 = 4"),
            // one suit plus dragon, D + F, 3 + 1 = 4.
            ("b123 b456 e111 b789 b5 +b5 from=s", "d.d:3 d.f:1 = 4"),
            // clear hand, E, 6 (a pong among the chee, so not B).
            ("b123 b456 b777 b789 b5 +b5 from=s", "d.e:6 = 6"),
            // clear hand, all pong, C + E, 3 + 6 = 9.
            ("b111 b333 [p b555] b777 b9 +b9 from=s", "d.c:3 d.e:6 = 9"),
        ],
        &DOUBLING,
    );
}

#[test]
fn the_chicken_is_shown_as_half_a_point_and_pays_one() {
    let line = "b123 c456 d777 b999 c5 +c5 from=s";
    // Payout 2^0 = 1: West and North pay 1, South (the discarder) 2; East receives 4.
    assert_eq!(payments(line, &DOUBLING), [4, -2, -1, -1]);
    let scored = mjscore::score_line(line, &DOUBLING).unwrap();
    let text = common::rendered(Format::Text, &DOUBLING, &Plain, &scored);
    assert!(text.contains("\n  d.a Chicken 雞和 ½\n"), "{text}");
    assert!(text.contains("\nTotal        ½ (no limit)\n"), "{text}");
    // The half point said in words where the payout is worked out.
    assert!(
        text.contains("\nPayments     discard: payout 1 (the ½-point chicken pays as 0 points: 2^0 = 1), South pays double\n"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&common::rendered(Format::Json, &DOUBLING, &Plain, &scored)).unwrap();
    assert_eq!(json["total"], 0.5);
    assert_eq!(json["patterns"][0]["points"], 0.5);
    // Anything else that matches, even only a self-draw, takes the chicken's place.
    check(
        &[("b123 c456 d777 b999 c5 +c5 self", "d.i:1 = 1")],
        &DOUBLING,
    );
}

#[test]
fn a_claimed_chicken_is_corrected_to_half_a_point_not_to_nothing() {
    // The chicken is worth ½ (counted 0, paid as 2^0 = 1). A claim of 1 point is more than
    // ½: overclaimed, corrected to ½, and paid as the chicken is (South wins on East's
    // discard: East pays double, 2; West and North 1 each; South receives 4).
    let line = "[c b123] [p w444] c456 d789 d2 +d2 seat=s from=e claim=1";
    let scored = mjscore::score_line(line, &DOUBLING).unwrap();
    let check = scored.claim.as_ref().unwrap();
    assert_eq!(check.verdict.name(), "overclaimed");
    assert!(check.settled_half);
    assert_eq!(payments(line, &DOUBLING), [-2, 4, -1, -1]);
    let text = common::rendered(Format::Text, &DOUBLING, &Plain, &scored);
    assert!(
        text.contains("\nClaim        claim=1: overclaimed; the hand is worth ½: corrected to ½\n"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&common::rendered(Format::Json, &DOUBLING, &Plain, &scored)).unwrap();
    assert_eq!(json["claim"]["settled"], 0.5);
    // The chicken claimed by its name is worth ½ as well: confirmed.
    let line = "[c b123] [p w444] c456 d789 d2 +d2 seat=s from=e claim=d.a";
    let scored = mjscore::score_line(line, &DOUBLING).unwrap();
    assert_eq!(scored.claim.as_ref().unwrap().verdict.name(), "confirmed");
    // In a session the winner's biggest hand is the ½ his line shows, not 0.
    let session = "players: A B C D\n[c b123] [p w444] c456 d789 d2 +d2 seat=s from=e claim=1\n";
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mjscore"))
        .args([
            "--rules",
            "doubling",
            "--format",
            "json",
            "--summary",
            "-f",
            "-",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(session.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    let last = String::from_utf8(out.stdout).unwrap();
    let summary: serde_json::Value = serde_json::from_str(last.lines().last().unwrap()).unwrap();
    // South is B at the first hand of `players: A B C D`.
    let standings = summary["summary"]["standings"].as_array().unwrap();
    let b = standings.iter().find(|s| s["player"] == "B").unwrap();
    assert_eq!(b["biggest"], 0.5, "{summary}");
}

#[test]
fn each_special_hand_scores_the_maximum_alone() {
    check(
        &[
            // 13 scholars.
            ("b19 c19 d19 w1234 e123 +e3 from=s", "d.s1:13 = 13 listed"),
            // Big 4 winds (All Pong, One Suit with Honors and East's double are set aside).
            (
                "[p w111] [p w222] [p w333] [p w444] d9 +d9 from=s",
                "d.s2:13 = 13 listed",
            ),
            // Small 4 winds: the maximum − 1.
            ("w111 w222 w333 w4 b456 +w4 self", "d.s3:12 = 12 listed"),
            // Big 3 dragons, and Small 3 dragons at the maximum − 1.
            (
                "[p e111] [p e222] e333 b567 c1 +c1 from=s",
                "d.s4:13 = 13 listed",
            ),
            ("e111 e222 e3 b234 c678 +e3 from=s", "d.s5:12 = 12 listed"),
            // Hand from Heaven (self-drawn by the dealer) and from Earth.
            ("b123 c456 d789 b789 w2 +w2 heaven", "d.s6:13 = 13 listed"),
            (
                "b123 c456 d789 b789 w2 +w2 earth seat=s",
                "d.s7:13 = 13 listed",
            ),
            // All Suit hand: 1112345678999 + one more, on any tile of the suit.
            ("c1112345678999 +c5 self", "d.s8:13 = 13 listed"),
            ("c1112345678999 +c9 from=s", "d.s8:13 = 13 listed"),
            // Melds count among the 14 tiles: b123 chowed, b111 b456 b789 b99 concealed.
            ("[c b123] b1145678999 +b1 from=s", "d.s8:13 = 13 listed"),
            // b1111 b234 b567 b999 b88 holds 1112345678999 + b8 if the kong counted as
            // three; with it there are 15 tiles: a clear hand, not an All Suit hand.
            ("[k b1111] b2345678999 +b8 from=s", "d.e:6 = 6"),
        ],
        &DOUBLING,
    );
}

#[test]
fn a_seat_that_is_also_the_prevailing_wind_scores_both() {
    check(
        &[
            // East in an East round: the East pong is G and H, 2.
            ("w111 b123 c456 d789 c5 +c5 from=s", "d.g:1 d.h:1 = 2"),
            // South in an East round: H only.
            ("w222 b123 c456 d789 c5 +c5 seat=s from=e", "d.h:1 = 1"),
            // South in a South round: both.
            (
                "w222 b123 c456 d789 c5 +c5 seat=s round=s from=e",
                "d.g:1 d.h:1 = 2",
            ),
            // East in a South round with a South pong: G only.
            ("w222 b123 c456 d789 c5 +c5 round=s from=s", "d.g:1 = 1"),
            // Dragons: F once per pong.
            ("e111 e222 b123 c456 d5 +d5 from=s", "d.f:1 d.f:1 = 2"),
        ],
        &DOUBLING,
    );
}

#[test]
fn self_draw_last_piece_and_kong_draw_stack() {
    check(
        &[
            // i: self-drawn.
            ("b123 c456 d234 b678 c5 +c5 self", "d.b:1 d.i:1 = 2"),
            // j with i: the very last piece. North, so the West pong scores nothing.
            (
                "b123 c456 d789 b5 w333 +b5 self last seat=n",
                "d.i:1 d.j:1 = 2",
            ),
            // k with i: on a kong's supplement.
            ("[ck d1111] b123 c456 c789 e2 +e2 kong", "d.i:1 d.k:1 = 2"),
            // i, j and k: the kong draw was the last piece, 3 in all.
            (
                "[ck d1111] b123 c456 c789 e2 +e2 kong last",
                "d.i:1 d.j:1 d.k:1 = 3",
            ),
            // l: stealing the kong (a discard win), with all chee.
            ("b123 c456 d789 w22 b7 b8 +b9 rob from=s", "d.b:1 d.l:1 = 2"),
            // The last discard is no self-draw: j does not apply.
            ("b123 c456 d234 b678 c5 +c5 last from=s", "d.b:1 = 1"),
        ],
        &DOUBLING,
    );
}

#[test]
fn the_maximum_caps_a_sum_and_moves_the_special_hands() {
    let max_8 = RuleSet::doubling_with_maximum(8);
    check(
        &[
            // Clear hand, all pong: 9, capped at 8.
            (
                "b111 b333 [p b555] b777 b9 +b9 from=s",
                "d.c:3 d.e:6 = 8 compound",
            ),
            // Special hands follow the maximum: 8, and 8 − 1 for a small one.
            (
                "[p w111] [p w222] [p w333] [p w444] d9 +d9 from=s",
                "d.s2:8 = 8 listed",
            ),
            ("w111 w222 w333 w4 b456 +w4 self", "d.s3:7 = 7 listed"),
        ],
        &max_8,
    );
    // A sum equal to the maximum is not capped.
    check(
        &[("b111 b333 [p b555] b777 b9 +b9 from=s", "d.c:3 d.e:6 = 9")],
        &RuleSet::doubling_with_maximum(9),
    );
}

#[test]
fn payments_double_for_the_discarder_and_for_everyone_on_a_self_draw() {
    // All pong with a dragon, 4: payout 16. South discarded: South 32, West and North 16.
    let hand = "b111 [p c444] e222 d777 w3 +w3";
    assert_eq!(
        payments(&format!("{hand} from=s"), &DOUBLING),
        [64, -32, -16, -16]
    );
    // Self-drawn (i adds 1): 5 points, payout 32, everyone pays double, 64 each.
    let drawn = "b111 c444 e222 d777 w3 +w3 self";
    assert_eq!(outcome(drawn, &DOUBLING), "d.c:3 d.f:1 d.i:1 = 5");
    assert_eq!(payments(drawn, &DOUBLING), [192, -64, -64, -64]);
    // South wins on West's discard: West pays double.
    assert_eq!(
        payments(&format!("{hand} seat=s from=w"), &DOUBLING),
        [-16, 64, -32, -16]
    );
    // resp= names another player to pay double; resp=none: nobody does.
    assert_eq!(
        payments(&format!("{hand} from=s resp=n"), &DOUBLING),
        [64, -16, -16, -32]
    );
    assert_eq!(
        payments(&format!("{hand} from=s resp=none"), &DOUBLING),
        [48, -16, -16, -16]
    );
    // 13 scholars at the maximum 13 on a discard: 8192, the discarder 16384.
    assert_eq!(
        payments("b19 c19 d19 w1234 e123 +e3 from=s", &DOUBLING),
        [32768, -16384, -8192, -8192]
    );
}

#[test]
fn seven_pairs_is_not_a_winning_hand_here() {
    check(
        &[("b1133 c5577 d22 w33 e1 +e1 self", "not a winning hand")],
        &DOUBLING,
    );
}

#[test]
fn the_prevailing_wind_reads_back_in_canonical_notation() {
    // `round=` is the doubling table's own word: read with its rule set.
    let hand =
        mjscore::line::parse_for("w222 b123 c456 d789 c5 +c5 round=s from=s", &DOUBLING).unwrap();
    assert_eq!(
        hand.context().options,
        [mjscore::RuleOption::Round(Seat::South)]
    );
    let printed = hand.notation();
    // Concealed tiles are grouped by suit, without the winning tile: c456 + c5 is c4556.
    assert_eq!(printed, "b123 c4556 d789 w222 +c5 seat=e round=s from=s");
    assert_eq!(mjscore::line::parse_for(&printed, &DOUBLING).unwrap(), hand);
    // Given twice, it is an error like any context word.
    let err = mjscore::line::parse_for("b123 c456 d789 w222 c5 +c5 round=s round=e", &DOUBLING)
        .unwrap_err();
    assert_eq!(err.message(), "'round' is given twice");
}

/// The ruling of docs/rules-doubling.md § Special hands: a special hand scores the larger of
/// its special value and the capped sum of the conditions it meets: the best reading, as
/// everywhere (docs/rules.md § Arrangement). When they are equal the special hand is named.
#[test]
fn a_special_hand_scores_no_less_than_its_conditions() {
    // East (seat and prevailing wind by default) self-draws the last tile as a kong's
    // supplement. Sets: w111 (East), e222 (Green), d555, [ck e3333] (White); pair e11 (Red).
    // Conditions: c all pong 3, d one suit with honors 3, f two dragon pongs 1 + 1,
    // g the East pong 1, h the East seat pong 1, i self-drawn 1, j last piece 1,
    // k kong draw 1: 13, the maximum (a sum equal to the maximum is not "capped").
    // Small 3 Dragons (two dragon pongs, a dragon pair) is worth 13 − 1 = 12: less.
    let line = "w111 e222 d555 e1 [ck e3333] +e1 kong last";
    check(
        &[(
            line,
            "d.c:3 d.d:3 d.f:1 d.f:1 d.g:1 d.h:1 d.i:1 d.j:1 d.k:1 = 13",
        )],
        &DOUBLING,
    );
    // Self-drawn: everyone pays double the payout 2^13 = 8192, 16,384 each.
    assert_eq!(
        payments(line, &DOUBLING),
        [49_152, -16_384, -16_384, -16_384]
    );
    // The special hand the conditions beat is set aside, not lost.
    let scored = mjscore::score_line(line, &DOUBLING).unwrap();
    let Outcome::Win { reading, .. } = scored.outcome else {
        panic!("{line} wins")
    };
    let aside: Vec<String> = reading
        .set_aside()
        .iter()
        .map(|c| format!("{}:{}", c.pattern.id, c.points()))
        .collect();
    assert_eq!(aside, ["d.s5:12"]);
    // The text says so under the Total line.
    let scored = mjscore::score_line(line, &DOUBLING).unwrap();
    let text = common::rendered(Format::Text, &DOUBLING, &Plain, &scored);
    let total: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Total"))
        .take(2)
        .collect();
    assert_eq!(
        total,
        [
            "Total        13 (no limit)",
            "             not counted: d.s5 Small 3 Dragons 12 (a special hand worth less than the sum)"
        ]
    );

    // With a maximum of 5: three wind pongs, a wind pair (w44) and b123, won on North's
    // discard (assumed). d one suit with honors 3, g and h the East pong 1 + 1 = 5, capped
    // at 5; Small 4 Winds is worth 5 − 1 = 4.
    check(
        &[("w111 w222 w333 b123 w4 +w4", "d.d:3 d.g:1 d.h:1 = 5")],
        &RuleSet::doubling_with_maximum(5),
    );
    // At the default 13 the special hand (12) beats the same conditions (5).
    check(
        &[("w111 w222 w333 b123 w4 +w4", "d.s3:12 = 12 listed")],
        &DOUBLING,
    );
}

/// `round=` belongs to the doubling table: it reads it, lists it among its words, and
/// checks its value; the Zung Jung rule sets refuse it and say which rule set reads it.
#[test]
fn round_is_the_doubling_tables_own_word() {
    let hand = "b123 c456 d789 b55 w11 +w1";
    let err = mjscore::score_line(&format!("{hand} foo"), &DOUBLING).unwrap_err();
    assert_eq!(
        (err.kind().as_str(), err.column(), err.message()),
        ("syntax", 28, "unknown word 'foo': expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or one of self, last, kong, rob, heaven, earth, seat=, from=, resp=, round=, claim=".to_string())
    );
    let err = mjscore::score_line(&format!("{hand} round=x"), &DOUBLING).unwrap_err();
    assert_eq!(
        (err.kind().as_str(), err.column(), err.message()),
        ("syntax", 28, "round=x: a wind is e, s, w or n".to_string())
    );
    for rules in [&mjscore::rules::WSOM, &mjscore::rules::ZJ] {
        let err = mjscore::score_line(&format!("{hand} ROUND=s"), rules).unwrap_err();
        assert_eq!(
            (err.kind().as_str(), err.column(), err.message()),
            (
                "context",
                28,
                "'round=' is scored only by --rules doubling or --rules huang; with these rules, leave it out".to_string()
            )
        );
    }
}
