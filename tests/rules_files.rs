//! Rules files (docs/rules-files.md): the shipped examples score the hands the document
//! works out, under every command that takes `--rules`; broken files are refused with the
//! line and column at fault; the vocabulary of new hands says what WSOM's own patterns say;
//! the scoring invariants hold under each shipped file.

mod common;

use common::{json, mjscore};
use mjscore::invariants;
use mjscore::patterns::{Facts, Pattern};
use mjscore::rules::WSOM;
use mjscore::{Outcome, RuleSet, Seat};

const CLUB_400: &str = "docs/examples/rules/club-400.toml";
const DISCARDER_PAYS: &str = "docs/examples/rules/discarder-pays.toml";
const SEASONAL: &str = "docs/examples/rules/seasonal.toml";
const HUANG_CLUB: &str = "docs/examples/rules/huang-club.toml";
const SHIPPED: [&str; 4] = [CLUB_400, DISCARDER_PAYS, SEASONAL, HUANG_CLUB];

fn load(path: &str) -> RuleSet {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    mjscore::rules_file::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The total and the payments (East, South, West, North) of a winning line.
fn scored(rules: &RuleSet, line: &str) -> (u32, [i64; 4]) {
    let scored = mjscore::score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    let Outcome::Win {
        reading, payments, ..
    } = &scored.outcome
    else {
        panic!("{line}: no win: {:?}", scored.outcome);
    };
    let amounts = Seat::ALL.map(|seat| payments.of(seat));
    (reading.total, amounts)
}

#[test]
fn club_400_needs_10_points_and_caps_a_sum_at_400() {
    let club = load(CLUB_400);
    // Four sequences, a melded chow: 1.1 All Sequences 5, no 1.2: 5, a false win under a
    // 10-point minimum (Zung Jung itself scores it 5).
    let line = "[c b123] c456 d789 b345 c7 +c7 seat=s from=e";
    let outcome = mjscore::score_line(line, &club).unwrap().outcome;
    assert!(matches!(outcome, Outcome::FalseWin { .. }), "{outcome:?}");
    assert_eq!(scored(&mjscore::rules::ZJ, line).0, 5);
    // Concealed: 1.1 5 + 1.2 Concealed Hand 5 = 10, the minimum; on East's discard, 10 ≤ 25:
    // each pays 10, South receives 30.
    assert_eq!(
        scored(&club, "b123 c456 d789 b345 c7 +c7 seat=s from=e"),
        (10, [-10, 30, -10, -10])
    );
    // Four exposed kongs: 4.1 All Triplets 30 + 4.3.4 Four Kong 480. Zung Jung scores 480
    // alone (listed at 320 or more); the club's single limit is 600, so 480 adds: 510,
    // capped at 400. East pays 3 × 400 − 50 = 1150, West and North 25 each.
    let kongs = "[k b1111] [k c2222] [k d3333] [k w4444] e1 +e1 from=e seat=s";
    assert_eq!(scored(&club, kongs), (400, [-1150, 1200, -25, -25]));
    assert_eq!(
        scored(&mjscore::rules::ZJ, kongs),
        (480, [-1390, 1440, -25, -25])
    );
}

#[test]
fn the_discarder_pays_the_whole_hand() {
    let club = load(DISCARDER_PAYS);
    // 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45 on East's discard: East pays
    // 3 × 45 = 135, West and North nothing (WSOM: East 85, the others 25).
    let line = "b66 c12345678 d111 +c9 from=e seat=s";
    assert_eq!(scored(&club, line), (45, [-135, 135, 0, 0]));
    assert_eq!(scored(&WSOM, line), (45, [-85, 135, -25, -25]));
    // From the first point: 1.1 5 + 1.2 5 = 10, East pays 30.
    assert_eq!(
        scored(&club, "b123 c456 d789 b345 c7 +c7 seat=s from=e"),
        (10, [-30, 30, 0, 0])
    );
    // A self-draw is paid as in WSOM: each 45.
    assert_eq!(
        scored(&club, "b66 c12345678 d111 +c9 self seat=s"),
        (45, [-45, 135, -45, -45])
    );
    // The text says who pays what.
    let run = mjscore(&["--rules", DISCARDER_PAYS, line]);
    assert!(
        run.stdout
            .contains("discard, 45 > 0: East pays 3 × 45 = 135, the others nothing"),
        "{}",
        run.stdout
    );
}

#[test]
fn spring_pairs_and_all_green_score_alone() {
    let club = load(SEASONAL);
    // Seven pairs of bamboo and characters, no honour: Spring Pairs 320, a limit, alone
    // (10.2 Seven Pairs is part of it). East self-draws: each pays 320.
    assert_eq!(
        scored(&club, "b11 b33 b55 b77 c22 c44 c6 +c6 self"),
        (320, [960, -320, -320, -320])
    );
    // A pair of winds: no Spring Pairs, 10.2 Seven Pairs 30 alone.
    assert_eq!(
        scored(&club, "b11 b33 b55 b77 c22 w44 c6 +c6 self"),
        (30, [90, -30, -30, -30])
    );
    // Every tile green: All Green 400 alone (1.2 5, 2.1.1 40, 3.1 10, 4.2.1 5 and 5.1.1 10
    // would make 70). Self-drawn: each pays 400; on North's discard, 400 > 25: North pays
    // 3 × 400 − 50 = 1150, the others 25.
    let green = "b234 b234 b666 e222 b8 +b8";
    assert_eq!(
        scored(&club, &format!("{green} self")),
        (400, [1200, -400, -400, -400])
    );
    assert_eq!(
        scored(&club, &format!("{green} from=n")),
        (400, [1200, -25, -25, -1150])
    );
    // b5 is not green: the same hand with a b55 pair is WSOM's 70.
    assert_eq!(
        scored(&club, "b234 b234 b666 e222 b5 +b5 self"),
        (70, [210, -70, -70, -70])
    );
}

#[test]
fn the_huang_club_changes_two_values() {
    let club = load(HUANG_CLUB);
    let huang = &mjscore::rules::HUANG;
    // h.1 Door Clean 2 + h.45 Single Tin 2 + h.46 Three-Color Dragon 3 + h.55 Self
    // Fetching 2 (the club: 3) + h.61 Hidden Triples 1 = 10 (11). South wins: each pays X,
    // East double.
    let line = "b123 c456 d789 b555 w2 +w2 seat=s self";
    assert_eq!(scored(huang, line), (10, [-20, 40, -10, -10]));
    assert_eq!(scored(&club, line), (11, [-22, 44, -11, -11]));
    // Base h.1 2 + h.46 3 + h.61 1 = 6; robbing a quad adds 100% (12), the club's 50%: 9.
    let rob = "b123 c456 d78 b555 w22 +d9 seat=s from=e rob";
    assert_eq!(scored(huang, rob), (12, [-24, 48, -12, -12]));
    assert_eq!(scored(&club, rob), (9, [-18, 36, -9, -9]));
}

#[test]
fn a_rules_file_works_wherever_a_rule_set_name_does() {
    // A single hand, in JSON: the rule set's id is made from its name.
    let (value, code) = json(&["--rules", SEASONAL, "b234 b234 b666 e222 b8 +b8 self"]);
    assert_eq!((value["total"].as_i64(), code), (Some(400), 0));
    assert_eq!(value["rules"], "spring-season");
    // A claim by the new hand's name.
    let run = mjscore(&[
        "--rules",
        SEASONAL,
        "--claim",
        "all-green",
        "b234 b234 b666 e222 b8 +b8 self",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    // The card, and the new hand explained with its example.
    let run = mjscore(&["patterns", "--rules", SEASONAL]);
    assert!(run.stdout.contains("All Green"), "{}", run.stdout);
    let run = mjscore(&["explain", "all green", "--rules", SEASONAL]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("b234 b234 b666 e222 b8 +b8 self"),
        "{}",
        run.stdout
    );
    // A list of hands, with the club's minimum: the second line is a false win (exit 1).
    let list = common::temp_dir("rules-file-batch").join("hands.txt");
    std::fs::write(
        &list,
        "b123 c456 d789 b345 c7 +c7 seat=s from=e\n[c b123] c456 d789 b345 c7 +c7 seat=s from=e\n",
    )
    .unwrap();
    let run = mjscore(&[
        "--rules",
        CLUB_400,
        "-f",
        list.to_str().unwrap(),
        "--summary",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.contains("Club 400 needs at least 10 points"),
        "{}",
        run.stdout
    );
    // Waits: the green hand before its win waits on b8, All Green 400, and on b7 (b678
    // and a b66 pair), not green: 1.2 5 + 2.1.1 40 + 3.1 10 + 5.1.1 10 = 65.
    let run = mjscore(&["waits", "--rules", SEASONAL, "b234 b234 b666 e222 b8"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let wait = |tile: &str| {
        let line = run
            .stdout
            .lines()
            .find(|l| l.trim_start().starts_with(tile));
        line.unwrap_or_else(|| panic!("{}", run.stdout)).to_string()
    };
    assert!(
        wait("b8 ").contains("discard 400  self-draw 400"),
        "{}",
        run.stdout
    );
    assert!(
        wait("b7 ").contains("discard 65   self-draw 65"),
        "{}",
        run.stdout
    );
    // A session: the running totals under the club's payments.
    let session = common::temp_dir("rules-file-session").join("session.txt");
    std::fs::write(
        &session,
        "players: Ann Bob Cho Dee\nb66 c12345678 d111 +c9 from=e seat=s\n",
    )
    .unwrap();
    let run = mjscore(&["--rules", DISCARDER_PAYS, "-f", session.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("135"), "{}", run.stdout);
}

#[test]
fn rules_check_and_show() {
    for file in SHIPPED {
        let run = mjscore(&["rules", "check", file]);
        assert_eq!(run.code, 0, "{file}: {}", run.stderr);
    }
    let run = mjscore(&["rules", "show", SEASONAL]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let new: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with('+')).collect();
    assert_eq!(new.len(), 2, "{}", run.stdout);
    assert!(
        new[1].contains("c.2") && new[1].contains("400"),
        "{}",
        run.stdout
    );
    let run = mjscore(&["rules", "show", HUANG_CLUB]);
    let changed: Vec<&str> = run.stdout.lines().filter(|l| l.starts_with('~')).collect();
    assert_eq!(changed.len(), 2, "{}", run.stdout);
    assert!(changed[1].contains("+50%") && changed[1].contains("rob: +50 %"));
    let run = mjscore(&["rules", "show", CLUB_400]);
    assert!(
        run.stdout.contains("~ minimum: 10 (was 0)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("~ compound limit: 400 (was 320)"));
    assert!(run.stdout.contains("~ single limit: 600 (was 320)"));
}

#[test]
fn a_broken_file_names_its_line_and_column_and_scores_nothing() {
    // (file, line, column, what the message says). Columns count characters from 1.
    let cases: &[(&str, usize, usize, &str)] = &[
        // A TOML slip: the value after `minimum = ` (10 characters) is missing.
        ("base = \"wsom\"\nminimum = \n", 2, 11, "expected"),
        // An unknown base, at its string after `base = ` (7 characters).
        ("base = \"riichi\"\n", 1, 8, "base is one of \"wsom\", \"zj\", \"doubling\" or \"huang\""),
        // An unknown key, at the key.
        ("base = \"wsom\"\nminimun = 10\n", 2, 1, "unknown field `minimun`"),
        // An unknown pattern id, with the nearest ones.
        ("base = \"wsom\"\n[values]\n\"7.7\" = 3\n", 3, 1, "no pattern '7.7' in wsom; the nearest: 7.1 Nine-Tile Straight"),
        ("base = \"wsom\"\noff = [\"4.2.9\"]\n", 2, 8, "the nearest: 4.2.1 Two Concealed Triplets"),
        // Values out of range, at the value after `"4.1" = ` (8 characters).
        ("base = \"wsom\"\n[values]\n\"4.1\" = -5\n", 3, 9, "expected a whole number from 0 to 1000000"),
        ("base = \"wsom\"\nminimum = 5000000\n", 2, 11, "the minimum is 5000000"),
        ("base = \"doubling\"\n[values]\n\"d.b\" = 31\n", 3, 9, "from 0 to 30"),
        ("base = \"huang\"\n[values]\n\"h.55\" = \"+50%\"\n", 3, 10, "h.55's points as a whole number"),
        ("base = \"huang\"\n[values]\n\"h.66\" = 50\n", 3, 10, "h.66 is a percentage"),
        // A payment number the base's scheme has not.
        ("base = \"wsom\"\n[payments]\ndealer_times = 2\n", 3, 1, "this base's payment scheme has no dealer_times"),
        // A new hand that implies itself: at the id in `implies = [` (11 characters).
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"Loop\"\nvalue = 10\nimplies = [\"c.1\"]\n", 6, 12, "'c.1' cannot imply itself"),
        // A new hand no hand can meet: at its [[hands]] header.
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"Green Pairs\"\nvalue = 10\ntiles = \"b23468 e2\"\nsuits = 2\n", 2, 1, "it needs 2 suits, and its tiles are of 1"),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"S\"\nvalue = 10\nsets = \"sequences\"\nkongs = 1\n", 2, 1, "its sets are all sequences, and it needs triplets or kongs"),
        // A tile that is not one, inside its string: `tiles = "b23 ` is 13 characters.
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 10\ntiles = \"b23 x3\"\n", 6, 14, "'x3': expected tiles"),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 10\ntiles = \"b0\"\n", 6, 11, "'0' is no b tile: expected b1 to b9"),
        // A word of the vocabulary that is not one, and a count past a hand's.
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 10\nhonours = \"few\"\n", 6, 11, "expected \"any\", \"none\", \"some\" or \"only\""),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 10\nkongs = 5\n", 6, 9, "kongs is 5: a hand has 0 to 4"),
        // An id the base has already, and an example the hand does not score.
        ("base = \"wsom\"\n[[hands]]\nid = \"4.1\"\nname = \"D\"\nvalue = 10\n", 3, 6, "has a pattern '4.1' already"),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"G\"\nvalue = 10\ntiles = \"b23468 e2\"\nexample = \"b123 c456 d789 b555 w2 +w2 self\"\n", 7, 11, "the example does not score 'G'"),
        // The doubling table has no single limit.
        ("base = \"doubling\"\n[limits]\nsingle = 10\n", 3, 10, "the doubling table has no single limit"),
    ];
    for &(text, line, column, message) in cases {
        let error = match mjscore::rules_file::parse(text) {
            Ok(_) => panic!("{text:?} was read"),
            Err(error) => error,
        };
        assert_eq!(
            (error.line, error.column),
            (line, column),
            "{text:?}: {error}"
        );
        assert!(error.message.contains(message), "{text:?}: {error}");
    }
    // The command line: one message naming the file, line and column; exit 2, nothing
    // scored.
    let file = common::temp_dir("rules-file-broken").join("club.toml");
    std::fs::write(&file, "base = \"wsom\"\n[values]\n\"7.7\" = 3\n").unwrap();
    let path = file.to_str().unwrap();
    for args in [
        vec!["rules", "check", path],
        vec!["--rules", path, "b66 c12345678 d111 +c9 self"],
    ] {
        let run = mjscore(&args);
        assert_eq!(run.code, 2);
        assert_eq!(run.stdout, "");
        assert_eq!(
            run.stderr,
            format!("mjscore: {path}:3:1: no pattern '7.7' in wsom; the nearest: 7.1 Nine-Tile Straight\n")
        );
    }
}

#[test]
fn no_bytes_make_a_rules_file_panic() {
    // Every prefix of a whole file, and a few bytes of nonsense: an error or a rule set.
    let text =
        std::fs::read_to_string(format!("{}/{SEASONAL}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
        let _ = mjscore::rules_file::parse(&text[..end]);
    }
    for junk in [
        "",
        "[[",
        "base = 1",
        "base = \"wsom\"\nhands = 3",
        "base = \"wsom\"\n[[hands]]\n",
    ] {
        assert!(mjscore::rules_file::parse(junk).is_err(), "{junk:?}");
    }
}

#[test]
fn the_vocabulary_says_what_wsoms_patterns_say() {
    // 26 WSOM patterns of 6 categories (trivial, one suit, honours, triplets, terminals,
    // irregular shapes) written again; each applies on the same readings as the pattern it
    // copies, over a few thousand random hands and every WSOM pattern's example (the long
    // run is examples/rules_vocabulary.rs in .ci/run).
    let again = load("tests/data/rules/wsom-again.toml");
    let pairs: Vec<(&Pattern, &Pattern)> = again
        .patterns()
        .iter()
        .filter_map(|copy| Some((WSOM.pattern(copy.id.strip_prefix("again ")?)?, copy)))
        .collect();
    assert_eq!(pairs.len(), 26);
    let mut applied = vec![0usize; pairs.len()];
    let examples = WSOM.patterns().iter().map(|p| p.example.to_string());
    for line in examples.chain(mjscore::corpus::winning_hands(7, 3000)) {
        let Ok(hand) = mjscore::line::parse(&line) else {
            continue;
        };
        if let Err(e) = invariants::check_same_readings(&hand, &pairs) {
            panic!("{line}: {e}");
        }
        for arrangement in &mjscore::arrange::arrangements(&hand) {
            let facts = Facts::new(&hand, arrangement);
            for (n, &(built_in, _)) in pairs.iter().enumerate() {
                applied[n] += usize::from(invariants::applies(built_in, &facts));
            }
        }
    }
    // Each was tested on a reading it applies to (its own example at least).
    for ((built_in, _), n) in pairs.iter().zip(applied) {
        assert!(n > 0, "{} never applied", built_in.id);
    }
}

#[test]
fn the_invariants_hold_under_each_shipped_file() {
    for file in SHIPPED {
        let rules = load(file);
        for line in mjscore::corpus::winning_hands(11, 500) {
            let Ok(hand) = mjscore::line::parse_for(&line, &rules) else {
                continue;
            };
            if let Err(broken) = invariants::check(&hand, &rules)
                .and_then(|_| invariants::check_readings_list(&hand, &rules))
            {
                panic!("{line} under {file}: {broken}");
            }
        }
    }
}

#[test]
fn each_schemes_payment_numbers_and_patterns_switched_off() {
    let parse = |text: &str| mjscore::rules_file::parse(text).unwrap();
    // The doubling table, the discarder paying one payout and a self-draw three.
    // d.b All Chee 1: payout 2^1 = 2 from each, South receives 6 (the table: East pays 4).
    let doubling =
        parse("base = \"doubling\"\n[payments]\nself_draw_times = 3\ndiscarder_times = 1\n");
    let line = "b123 c456 d789 b234 c5 +c5";
    assert_eq!(
        scored(&doubling, &format!("{line} from=e seat=s")),
        (1, [-2, 6, -2, -2])
    );
    // d.b 1 + d.i Self-Drawn 1 = 2: payout 4, three times from each: 12, South receives 36.
    assert_eq!(
        scored(&doubling, &format!("{line} self seat=s")),
        (2, [-12, 36, -12, -12])
    );
    // Huang's table with the dealer paying and receiving three times: the hand of 10 above.
    let huang = parse("base = \"huang\"\n[payments]\ndealer_times = 3\n");
    let hand = "b123 c456 d789 b555 w2 +w2 self";
    assert_eq!(
        scored(&huang, &format!("{hand} seat=s")),
        (10, [-30, 50, -10, -10])
    );
    assert_eq!(
        scored(&huang, &format!("{hand} seat=e")),
        (10, [90, -30, -30, -30])
    );
    // WSOM with a self-draw paid double, and 4.2.1 and 5.1.1 switched off: the green hand
    // of 70 less 4.2.1's 5 and 5.1.1's 10 is 55; each pays 2 × 55 = 110.
    let wsom =
        parse("base = \"wsom\"\noff = [\"4.2.1\", \"5.1.1\"]\n[payments]\nself_draw_times = 2\n");
    assert_eq!(
        scored(&wsom, "b234 b234 b666 e222 b8 +b8 self"),
        (55, [330, -110, -110, -110])
    );
    // What `rules show` says of them.
    let shown = mjscore::render::Text::changes(&wsom, &WSOM);
    assert!(
        shown.contains("- 4.2.1 Two Concealed Triplets: switched off"),
        "{shown}"
    );
    assert!(
        shown.contains("~ payments.self_draw_times: 2 (was 1)"),
        "{shown}"
    );
}
