//! The `mjscore` binary as a user runs it: output, JSON, exit status, error messages.

mod common;

use common::{assert_has_lines, json, mjscore};

#[test]
fn nine_tile_straight_self_drawn_by_south() {
    // The WSOM scoring summary's Example 1.
    let run = mjscore(&["b66 c12345678 d111 +c9 self seat=s"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_has_lines(
        &run.stdout,
        &[
            "Arrangement  b66 · c123 c456 c789 · d111",
            "  1.2 Concealed Hand 門前清 5",
            "  7.1 Nine-Tile Straight 一氣通貫 40",
            "Total        45 (no limit)",
            "  East pays 45",
            "  South receives 135",
            "  West pays 45",
            "  North pays 45",
        ],
    );
}

#[test]
fn consecutive_triplets_on_easts_discard() {
    // The WSOM rulebook's worked example.
    let run = mjscore(&["[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e"]);
    assert_eq!(run.code, 0);
    assert_has_lines(
        &run.stdout,
        &[
            "  2.1.1 Mixed One-Suit 混一色 40",
            "  4.1 All Triplets 對對和 30",
            "  7.2.1 Three Consecutive Triplets 三連刻 100",
            "Total        170 (no limit)",
            "  East pays 460",
            "  South pays 25",
            "  West pays 25",
            "  North receives 510",
        ],
    );
    // East's wind is not North's seat wind: no Value Honor.
    assert!(!run.stdout.contains("Value Honor"));
}

#[test]
fn hand_tokens_may_be_separate_arguments() {
    let run = mjscore(&["b66", "c12345678", "d111", "+c9", "self", "seat=s"]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Total        45 (no limit)"));
}

#[test]
fn json_object_of_spec_section_3() {
    let (v, code) = json(&["[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e"]);
    assert_eq!(code, 0);
    assert_eq!(
        v["input"],
        "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e"
    );
    assert_eq!(v["rules"], "wsom");
    assert_eq!(v["total"], 170);
    assert_eq!(v["limit"], serde_json::Value::Null);
    let ids: Vec<&str> = v["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["2.1.1", "4.1", "7.2.1"]);
    assert_eq!(v["patterns"][2]["name"], "Three Consecutive Triplets");
    assert_eq!(v["patterns"][2]["points"], 100);
    assert_eq!(
        v["payments"],
        serde_json::json!({"e": -460, "s": -25, "w": -25, "n": 510})
    );
    assert_eq!(v["from"], "e");
    assert_eq!(v["from_assumed"], false);
}

#[test]
fn json_value_honor_once_per_set_and_limits() {
    let (v, _) = json(&["e111 e222 e3 b234 c678 +e3 from=s"]);
    let sets: Vec<&str> = v["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["id"] == "3.1")
        .map(|p| p["set"].as_str().unwrap())
        .collect();
    assert_eq!(sets, ["e111", "e222"]);
    assert_eq!(v["total"], 70);

    let (v, _) = json(&["c1112345678999 +c5 self"]);
    assert_eq!(v["limit"], "listed");
    assert_eq!(v["total"], 480);
    assert_eq!(v["patterns"].as_array().unwrap().len(), 1);
    assert_eq!(v["patterns"][0]["id"], "2.2");

    let (v, _) = json(&["e111 e222 e333 b999 b1 +b1 self"]);
    assert_eq!(v["limit"], "compound");
    assert_eq!(v["total"], 320);
    assert_eq!(v["sum"], 460);
}

#[test]
fn assumed_discarder_is_said() {
    let run = mjscore(&[
        "--color",
        "never",
        "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n",
    ]);
    assert!(run
        .stdout
        .contains("North wins on West's discard of c9 (discarder assumed: North's upper seat; give from= to change)"));
    assert!(run.stdout.contains("  West pays 460"));
    let (v, _) = json(&["[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n"]);
    assert_eq!(v["from"], "w");
    assert_eq!(v["from_assumed"], true);
}

#[test]
fn false_wins_exit_1_and_say_why() {
    // No pattern: a false win under WSOM, a 1-point chicken hand under standard ZJ.
    let chicken = "[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s";
    let run = mjscore(&[chicken]);
    assert_eq!(run.code, 1);
    assert!(run
        .stdout
        .contains("FALSE WIN: no scoring pattern (a Chicken Hand); WSOM needs at least 5 points"));
    let run = mjscore(&["--rules", "zj", chicken]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("  chicken Chicken Hand 雞和 1"));
    assert!(run.stdout.contains("  East receives 3"));

    let run = mjscore(&["b1479 c258 d369 w12 e1 +e2 self"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains(
        "FALSE WIN: the tiles do not form 4 sets and a pair, Seven Pairs or Thirteen Terminals"
    ));
    let (v, code) = json(&["b1479 c258 d369 w12 e1 +e2 self"]);
    assert_eq!(code, 1);
    // Not a winning shape: no reading, so no arrangement and no patterns; the seat and
    // the self-draw as written; nothing paid.
    assert_eq!(v.get("error"), None);
    assert_eq!(
        v["false_win"]["reason"],
        "the tiles do not form 4 sets and a pair, Seven Pairs or Thirteen Terminals"
    );
    assert_eq!(v["arrangement"], serde_json::Value::Null);
    assert_eq!(v["patterns"], serde_json::json!([]));
    assert_eq!(
        (v["seat"].as_str(), v["self_draw"].as_bool()),
        (Some("e"), Some(true))
    );
    assert_eq!(
        v["payments"],
        serde_json::json!({"e": 0, "s": 0, "w": 0, "n": 0})
    );
}

/// Bad input: each gives exit status 2 and one message naming the column and what to write.
#[test]
fn bad_input_names_column_and_what_was_expected() {
    let cases: &[(&str, &str)] = &[
        ("b123 w5 c456 +b9", "column 6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)"),
        ("b123 e4 +b1", "column 6: e4: dragons are e1-e3 (1 Red, 2 Green, 3 White)"),
        ("b0 +b1", "column 1: b0: suit tiles are numbered 1-9"),
        ("b123 x5 +b1", "column 6: 'x' is not a suit: tiles are b (bamboo), c (characters), d (dots), w (winds) or e (dragons), e.g. b5"),
        ("123 c456 +b1", "column 1: '123' is a number without a suit letter: write b, c, d, w or e before the digits, e.g. b123"),
        ("b123 +b", "column 6: expected the winning tile right after '+', e.g. +b9"),
        ("b123 +b12", "column 6: + marks exactly one winning tile, e.g. +b9, not +b12"),
        ("b123 +b1 +b2", "column 10: a second winning tile: a hand has exactly one '+TILE'"),
        ("b123 c456 d789 w11 b5", "column 22: no winning tile: mark the tile that completed the hand with +, e.g. +b9"),
        ("b123 c456 [q d111] d789 w1 +w1", "column 12: unknown meld kind 'q': expected p (pung/pong), c (chow/chi), k (kong) or ck (ckong, concealed kong)"),
        ("b123 c456 [p d111 d789 w1 +w1", "column 27: expected ']' to close the meld"),
        ("b123 c456 [p] d789 w1 +w1", "column 13: expected the meld's tiles, e.g. [p d111], [c b345], [k e1111]"),
        ("b123 c456 [p d112] d789 w11 +w1", "column 11: a pung is three identical tiles, e.g. [p d111]; this one has d112"),
        ("b123 c456 [c d135] d789 w11 +w1", "column 11: a chow is three consecutive tiles of one number suit, e.g. [c b345]; this one has d135"),
        ("b123 c456 [c w123] d789 w11 +w1", "column 11: a chow is three consecutive tiles of one number suit, e.g. [c b345]; this one has w123"),
        ("b123 c456 [k d111] d789 w11 +w1", "column 11: a kong is four identical tiles; d111 is three identical tiles, a pung: write [p d111]"),
        ("b123 c456 d789 w1 +w1", "column 1: the hand has 11 tiles; a winning hand has 14: concealed tiles + winning tile + 3 for each meld (kongs count 3)"),
        ("[p b111] b11 c456 d789 w11 +w1", "column 10: b1 appears 5 times; there are only 4 of each tile"),
        ("b123 c456 d789 b55 w11 +w1 seat=x", "column 28: seat=x: a seat is e, s, w or n"),
        ("b123 c456 d789 b55 w11 +w1 resp=q", "column 28: resp=q: a seat is e, s, w or n, or none"),
        ("b123 c456 d789 b55 w11 +w1 seat", "column 28: seat= needs a seat: e, s, w or n (e.g. seat=s)"),
        ("b123 c456 d789 b55 w11 +w1 self=1", "column 28: 'self' takes no value"),
        ("b123 c456 d789 b55 w11 +w1 self self", "column 33: 'self' is given twice"),
        // WSOM reads no words of its own: the list is the shared words (round= is not in it:
        // it is the doubling table's word, tested below).
        ("b123 c456 d789 b55 w11 +w1 foo", "column 28: unknown word 'foo': expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or one of self, last, kong, rob, heaven, earth, seat=, from=, resp=, claim="),
        ("b123 c456 d789 b55 w11 +w1 round=s", "column 28: 'round=' is scored only by --rules doubling or --rules huang; with these rules, leave it out"),
        ("b123self c456 +b1", "column 5: expected a space before 'self'"),
        // Context contradictions (docs/rules.md § Context).
        ("b123 c456 d789 b55 w11 +w1 kong", "column 28: 'kong' (win on a kong's supplement tile) needs a kong in the hand: [k ...] or [ck ...]"),
        ("b123 c456 d789 b55 w11 +w1 self rob", "column 33: 'rob' is a win on a discard; it cannot be combined with 'self'"),
        ("b123 c456 d789 b55 w11 +w1 rob last", "column 28: 'rob' cannot be combined with 'last': a robbed kong is neither the last tile nor a supplement tile"),
        ("b123 c456 d789 b55 w11 +b5 rob", "column 28: 'rob': the robbed kong holds the other three b5, so the hand cannot hold another b5"),
        ("[c b456] b123 d789 c55 w11 +b5 rob", "column 32: 'rob': the robbed kong holds the other three b5, so the hand cannot hold another b5"),
        ("b123 c456 d789 b55 w11 +w1 heaven seat=s", "column 28: 'heaven' is East's win: it needs seat=e"),
        ("[c b123] c456 d789 b55 w11 +w1 heaven", "column 32: 'heaven' needs East's initial 14 tiles: no melds and no kong"),
        ("b123 c456 d789 b55 w11 +w1 earth", "column 28: 'earth' is a non-East player's win: it cannot be seat=e"),
        ("b123 c456 d789 b55 w11 +w1 earth seat=s from=w", "column 41: 'earth' is won on East's first discard: from= must be e"),
        ("[c b123] c456 d789 b55 w11 +w1 earth seat=s", "column 32: 'earth' needs the initial 13-tile hand: no melds"),
        ("b123 c456 d789 b55 w11 +w1 from=e", "column 28: from=e: the winner cannot win on his own discard"),
        ("b123 c456 d789 b55 w11 +w1 self from=s", "column 33: from= names the discarder; a self-drawn win has none"),
        ("b123 c456 d789 b55 w11 +w1 self resp=s", "column 33: resp= names who pays for a discard; a self-drawn win has no responsible player"),
        ("b123 c456 d789 b55 w11 +w1 resp=e", "column 28: resp=e is the winner; write resp=none when the winner himself had just discarded that tile"),
    ];
    let mut failures = Vec::new();
    for (input, expected) in cases {
        let run = mjscore(&["--color", "never", input]);
        let first = run.stderr.lines().next().unwrap_or_default();
        let want = format!("error at {expected}");
        if run.code != 2 || first != want || !run.stdout.is_empty() {
            failures.push(format!(
                "{input}\n    want [2] {want}\n    got  [{}] {first}",
                run.code
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn error_shows_the_line_with_a_caret() {
    let run = mjscore(&["--color", "never", "b123 w5 c456 +b9"]);
    assert_eq!(
        run.stderr,
        "error at column 6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)\n  b123 w5 c456 +b9\n       ^\n"
    );
}

#[test]
fn error_as_json() {
    let (v, code) = json(&["b123 w5 c456 +b9"]);
    assert_eq!(code, 2);
    assert_eq!(v["input"], "b123 w5 c456 +b9");
    assert_eq!(v["error"]["kind"], "syntax");
    assert_eq!(v["error"]["column"], 6);
    assert_eq!(
        v["error"]["message"],
        "w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)"
    );
    let (v, _) = json(&["b123 c456 d789 b55 w11 +w1 from=e"]);
    assert_eq!(v["error"]["kind"], "context");
    let (v, _) = json(&["b123 c456 d789 w1 +w1"]);
    assert_eq!(v["error"]["kind"], "invalid_hand");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        mjscore(&["--format", "yaml", "b66 c12345678 d111 +c9 self"]).code,
        2
    );
    let run = mjscore(&["--rules", "riichi", "b66 c12345678 d111 +c9 self"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("[possible values: wsom, zj, doubling, huang]"),
        "{}",
        run.stderr
    );
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let hand = "b66 c12345678 d111 +c9 self seat=s";
    // Not a terminal here: auto means no colour.
    assert!(!mjscore(&[hand]).stdout.contains('\u{1b}'));
    assert!(mjscore(&["--color", "always", hand])
        .stdout
        .contains("\u{1b}["));
    assert!(!mjscore(&["--color", "never", hand])
        .stdout
        .contains('\u{1b}'));
}

#[test]
fn every_example_in_help_runs() {
    let help = mjscore(&["--help"]).stdout;
    let examples: Vec<&str> = help
        .lines()
        .filter_map(|l| l.strip_prefix("  mjscore "))
        .collect();
    assert_eq!(examples.len(), 7, "{help}");
    // The batch example reads hands.txt: give it one with two winning hands; the session
    // example, evening.txt, the same after a players: line, and a draw.
    let dir = common::temp_dir("help-examples");
    let hands = "b66 c12345678 d111 +c9 self seat=s\n# a comment\n\n[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\n";
    std::fs::write(dir.join("hands.txt"), hands).unwrap();
    std::fs::write(
        dir.join("evening.txt"),
        format!("players: Ann Bob Cho Dee\n{hands}draw\n"),
    )
    .unwrap();
    for example in examples {
        let args = common::shell_words(example);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = common::Mjscore::new(&args).current_dir(&dir).run();
        assert_eq!(
            run.code, 0,
            "mjscore {example}: {}{}",
            run.stdout, run.stderr
        );
        assert!(!run.stdout.is_empty(), "mjscore {example}: no output");
    }
}

#[test]
fn control_characters_in_arguments_are_shown_as_code_points() {
    let hand = "b66 c12345678 d111 +c9 self seat=s";
    // A claim given as an argument is read as a name with the control character as a space
    // where it can be (Full Flush, 80, over the 45 the hand is worth), and shown printable
    // in the Claim line: nothing reaches the terminal raw, and the line stays one line.
    for (written, shown) in [
        ("full\rflush", "fullU+000Dflush"),
        ("full\tflush", "full flush"),
        ("full\u{b}flush", "fullU+000Bflush"),
        ("full\u{85}flush", "fullU+0085flush"),
        ("full\u{2028}flush", "fullU+2028flush"),
        ("full\nflush", "fullU+000Aflush"),
    ] {
        let run = mjscore(&["--claim", written, hand]);
        let claim: Vec<&str> = run
            .stdout
            .lines()
            .filter(|l| l.starts_with("Claim"))
            .collect();
        assert_eq!(
            claim,
            [format!(
                "Claim        claim={shown} (80): overclaimed; the hand is worth 45: corrected to 45"
            )],
            "{written:?}\n{}",
            run.stdout
        );
    }
    // clap's own usage errors quote the value as written, an escape sequence as code points
    // (not deleted, which turned `js<ESC>[31mon` into "invalid value 'json'").
    let run = mjscore(&["--format", "js\u{1b}[31mon", hand]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("error: invalid value 'jsU+001B[31mon' for '--format <FORMAT>'\n"),
        "{}",
        run.stderr
    );
    // A line feed in a value refused by clap does not split the message over lines.
    let run = mjscore(&["--claim", "1.2+9\n9", hand]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("error: invalid value '1.2+9U+000A9' for '--claim <CLAIM>': claim=1.2+9U+000A9: a claim is"),
        "{}",
        run.stderr
    );
}
