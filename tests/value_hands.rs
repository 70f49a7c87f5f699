//! Hands recorded by their value (`value=45 seat=Bob from=Ann`): a hand the table agreed
//! without its tiles, paid by the rule set's scheme exactly as a scored hand of that total,
//! marked as not checked in every format (docs/sessions.md § Rulings).
//!
//! The scored twin of a value of 45 is b66 c12345678 d111 +c9: 1.2 Concealed Hand 5 + 7.1
//! Nine-Tile Straight 40 = 45 under WSOM (docs/rules.md).

mod common;

use common::Mjscore;
use mjscore::{rules, Played, Session};

fn run(args: &[&str], stdin: &str) -> common::Run {
    Mjscore::new(args).stdin(stdin).run()
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    (stdout.lines())
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

const TABLE: &str = "players: Ann Bob Cho Dee\n";

#[test]
fn a_value_is_paid_as_the_scored_hand_of_that_total() {
    // At Ann (E) Bob (S) Cho (W) Dee (N), under WSOM:
    // - Bob wins 45 on Ann's discard: over 25, the discarder pays 3 × 45 − 50 = 85, the
    //   others 25 each; Bob receives 135. The deal passes (South won).
    // - Then Bob (E) self-draws 45: each of the others pays 45; Bob receives 135. WSOM
    //   passes the deal after every hand: Cho East, Dee South, Ann West, Bob North.
    // - Dee (S) wins 45 on Cho's (E) discard, Ann (W) responsible (resp=Ann): Ann pays as
    //   the discarder would, 85; Cho and Bob 25 each; Dee receives 135.
    // Totals: Ann −85 −45 −85 = −215; Bob 135 + 135 − 25 = 245; Cho −25 −45 −25 = −95;
    // Dee −25 −45 + 135 = 65. They sum to 0.
    let valued = format!(
        "{TABLE}value=45 seat=Bob from=Ann\nvalue=45 seat=Bob self\nvalue=45 seat=Dee from=Cho resp=Ann\n"
    );
    let scored = format!(
        "{TABLE}b66 c12345678 d111 +c9 seat=Bob from=Ann\nb66 c12345678 d111 +c9 seat=Bob self\nb66 c12345678 d111 +c9 seat=Dee from=Cho resp=Ann\n"
    );
    let by_value = run(&["--format", "json"], &valued);
    assert_eq!(by_value.code, 0, "{}", by_value.stderr);
    let by_value = json_lines(&by_value.stdout);
    let by_tiles = json_lines(&run(&["--format", "json"], &scored).stdout);
    let payments: Vec<&serde_json::Value> = by_value.iter().map(|v| &v["payments"]).collect();
    assert_eq!(
        payments,
        [
            &serde_json::json!({"e": -85, "s": 135, "w": -25, "n": -25}),
            &serde_json::json!({"e": 135, "s": -45, "w": -45, "n": -45}),
            &serde_json::json!({"e": -25, "s": 135, "w": -85, "n": -25}),
        ]
    );
    for (value, tiles) in by_value.iter().zip(&by_tiles) {
        for key in [
            "total",
            "seat",
            "self_draw",
            "from",
            "responsible",
            "payments",
            "players",
            "running",
        ] {
            assert_eq!(value[key], tiles[key], "{key} of {}", value["input"]);
        }
        // Marked as agreed, with no patterns: nothing was read from tiles.
        assert_eq!(value["agreed"], true);
        assert!(value.get("patterns").is_none());
        assert!(tiles.get("agreed").is_none());
    }
    assert_eq!(
        by_value[2]["running"],
        serde_json::json!({"Ann": -215, "Bob": 245, "Cho": -95, "Dee": 65})
    );
}

#[test]
fn every_format_says_the_value_was_not_checked() {
    let input = format!("{TABLE}value=45 seat=Bob from=Ann\n");
    let text = run(&[], &input);
    assert_eq!(text.code, 0);
    common::assert_has_lines(
        &text.stdout,
        &[
            "Hand         value=45 seat=Bob from=Ann",
            "Win          South wins on East's discard",
            "Value        45, as the table agreed: no tiles, not checked",
            "Payments     discard, 45 > 25: East pays 3 × 45 − 50 = 85, the others 25 each",
            "  East (Ann) pays 85",
            "  South (Bob) receives 135",
            "             Bob wins on Ann's discard, by the value agreed (not checked)",
        ],
    );
    let tsv = run(&["--format", "tsv"], &input);
    let row: Vec<&str> = tsv.stdout.lines().nth(1).unwrap().split('\t').collect();
    // file, line, input, total, limit, patterns, e s w n, from, assumed, status, message.
    assert_eq!(
        row[..14],
        [
            "",
            "2",
            "value=45 seat=Bob from=Ann",
            "45",
            "",
            "",
            "-85",
            "135",
            "-25",
            "-25",
            "e",
            "no",
            "agreed",
            "value agreed at the table, not checked"
        ]
    );
}

#[test]
fn a_value_needs_no_table_but_then_names_seats() {
    // Without players: seat letters. South self-draws 45 under WSOM: each pays 45.
    let out = run(&["--format", "json"], "value=45 seat=s self\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let line = &json_lines(&out.stdout)[0];
    assert_eq!(
        line["payments"],
        serde_json::json!({"e": -45, "s": 135, "w": -45, "n": -45})
    );
    assert!(line.get("running").is_none());
}

#[test]
fn a_value_no_hand_of_the_rule_set_can_total_is_refused() {
    // WSOM's minimum is 5: 4 is refused, 5 is paid. Zung Jung's limit is 320: 320 is paid,
    // 321 refused. Huang's table has neither: 1 is paid as its payments say, every loser
    // X = 1, self-draw or discard alike, the dealer double: South wins, so East pays 2,
    // West and North 1 each, South receives 4.
    let cases = [
        (
            "wsom",
            "value=4 seat=s self",
            Some("value=4 is below the minimum of wsom, 5: no hand wins on less"),
        ),
        ("wsom", "value=5 seat=s self", None),
        ("zj", "value=320 seat=s self", None),
        (
            "zj",
            "value=321 seat=s self",
            Some("value=321 is over the limit of zj, 320: no hand scores more"),
        ),
        ("huang", "value=1 seat=s from=e", None),
    ];
    for (rules, line, refused) in cases {
        let out = run(
            &["--rules", rules, "--format", "json"],
            &format!("{line}\n"),
        );
        let result = &json_lines(&out.stdout)[0];
        match refused {
            Some(message) => {
                // A line that is not a hand: exit status 2.
                assert_eq!(out.code, 2, "{line}");
                assert_eq!(result["error"]["message"], message, "{line}");
                assert_eq!(result["error"]["column"], 1);
            }
            None => assert_eq!(out.code, 0, "{rules} {line}: {}", out.stdout),
        }
    }
    let huang = run(
        &["--rules", "huang", "--format", "json"],
        "value=1 seat=s from=e\n",
    );
    assert_eq!(
        json_lines(&huang.stdout)[0]["payments"],
        serde_json::json!({"e": -2, "s": 4, "w": -1, "n": -1})
    );
}

#[test]
fn what_a_value_line_refuses_it_says_at_its_word() {
    // (line, column, message)
    let cases = [
        ("value=45", 9, "say who won: seat= the winner (value=45 seat=Bob from=Ann)"),
        ("value=45 seat=s", 16, "say how the hand was won: from= the discarder, or self (value=45 seat=Bob self)"),
        ("value=x seat=s self", 1, "value= is the hand's points as the table agreed them, from 1 to 100000 (value=45 seat=Bob from=Ann)"),
        ("value=0 seat=s self", 1, "value= is the hand's points as the table agreed them, from 1 to 100000 (value=45 seat=Bob from=Ann)"),
        ("value=45 seat=s from=s", 17, "from=s: the winner did not discard the winning tile"),
        ("value=45 seat=s from=e self", 17, "from=e: from= and self cannot meet: a hand is won on a discard or by self-draw"),
        ("value=45 seat=s self resp=w", 22, "resp=w: resp= is for a hand won on a discard"),
        ("value=45 seat=s self self", 22, "self: given twice"),
        ("value=45 seat=s seat=e self", 17, "seat=e: given twice"),
        ("value=45 seat=q self", 10, "seat=q: expected a seat (e, s, w, n) or, at a seated table, a player's name"),
        ("value=45 b123 seat=s self", 10, "b123: a value line takes seat=, then from= or self, and resp= (value=45 seat=Bob from=Ann): no tiles, no other words"),
        ("value=45 seat=s self claim=45", 22, "claim=45: a value line takes seat=, then from= or self, and resp= (value=45 seat=Bob from=Ann): no tiles, no other words"),
    ];
    for (line, column, message) in cases {
        let out = run(&["--format", "json"], &format!("{line}\n"));
        assert_eq!(out.code, 2, "{line}");
        let error = &json_lines(&out.stdout)[0]["error"];
        assert_eq!(error["kind"], "session", "{line}");
        assert_eq!(error["message"], message, "{line}");
        assert_eq!(error["column"], column, "{line}");
    }
    // A value given as a single hand is sent to a list of hands.
    let alone = common::mjscore(&["value=45 seat=s self"]);
    assert_eq!(alone.code, 2);
    assert!(
        alone
            .stderr
            .contains("'value' records a hand by the value the table agreed, without its tiles"),
        "{}",
        alone.stderr
    );
}

#[test]
fn a_session_from_code_records_a_value_and_writes_it_back() {
    // Bob (S) wins 45 on Ann's (E) discard: Ann −85, Bob 135, Cho −25, Dee −25, the same
    // as the batch reads from the session's text.
    let mut session = Session::new(&rules::WSOM);
    session.seat(["Ann", "Bob", "Cho", "Dee"]).unwrap();
    let recorded = session.record("value=45 seat=Bob from=Ann").unwrap();
    assert!(matches!(
        recorded.hand,
        Some((Played::Won { agreed: true, .. }, _))
    ));
    assert_eq!(
        session.running(),
        Some([("Ann", -85), ("Bob", 135), ("Cho", -25), ("Dee", -25)])
    );
    let text = session.to_text();
    assert_eq!(
        text,
        "rules: wsom\nplayers: Ann Bob Cho Dee\nvalue=45 seat=Bob from=Ann\n"
    );
    let out = run(&["--format", "json"], &text);
    assert_eq!(
        json_lines(&out.stdout)[0]["running"],
        serde_json::json!({"Ann": -85, "Bob": 135, "Cho": -25, "Dee": -25})
    );
    // A value no hand can total is refused, and nothing is recorded.
    assert!(session.record("value=4 seat=Bob self").is_err());
    assert_eq!(session.steps().len(), 2);
}

#[test]
fn a_line_whose_sixth_byte_falls_inside_a_character_is_no_value_line() {
    // `play` then a byte order mark (three bytes): byte 6 is inside it. The line is read
    // as what it is (a players: line with a character that shows nothing, refused), not
    // cut in the middle of a character.
    let out = run(
        &["--format", "json"],
        "play\u{feff}: A B C D\nva\u{e9}lue=45 seat=s self\n",
    );
    assert_eq!(out.code, 2, "{}", out.stderr);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 2);
    assert!(
        lines.iter().all(|line| line.get("error").is_some()),
        "{lines:?}"
    );
}
