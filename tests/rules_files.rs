//! Rules files (docs/rules-files.md): the shipped examples score the hands the document
//! works out, under every command that takes `--rules`; broken files are refused with the
//! line and column at fault; the vocabulary of new hands says what WSOM's own patterns say;
//! the scoring invariants hold under each shipped file.

mod common;

use common::{json, mjscore};
use mjscore::invariants;
use mjscore::patterns::{Facts, Pattern};
use mjscore::rules::{WSOM, ZJ};
use mjscore::{Outcome, RuleSet, Seat};

const CLUB_400: &str = "docs/examples/rules/club-400.toml";
const DISCARDER_PAYS: &str = "docs/examples/rules/discarder-pays.toml";
const SEASONAL: &str = "docs/examples/rules/seasonal.toml";
const HUANG_CLUB: &str = "docs/examples/rules/huang-club.toml";
const KONG_CLUB: &str = "docs/examples/rules/kong-club.toml";
const WSOM_AS_DATA: &str = "docs/examples/rules/wsom-as-data.toml";
const ZJ_AS_DATA: &str = "docs/examples/rules/zj-as-data.toml";
const EITHER_CLUB: &str = "docs/examples/rules/either-club.toml";
const FALSE_WIN_CLUB: &str = "docs/examples/rules/false-win-club.toml";
const COUNTING_CLUB: &str = "docs/examples/rules/counting-club.toml";
const SHIPPED: [&str; 10] = [
    EITHER_CLUB,
    COUNTING_CLUB,
    FALSE_WIN_CLUB,
    CLUB_400,
    DISCARDER_PAYS,
    SEASONAL,
    HUANG_CLUB,
    KONG_CLUB,
    WSOM_AS_DATA,
    ZJ_AS_DATA,
];

fn load(path: &str) -> RuleSet {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    mjscore::RuleSet::from_rules_file(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
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
fn a_false_win_costs_its_declarer_what_the_file_charges() {
    let club = load(FALSE_WIN_CLUB);
    let amounts = |rules: &RuleSet, line: &str| {
        let scored = mjscore::score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(matches!(scored.outcome, Outcome::FalseWin(_)), "{line}");
        (scored.payments().is_none(), scored.amounts(rules))
    };
    // A West Wind pung East does not sit at, and nothing else: no pattern, a false win
    // under the 5-point minimum. East declared it: East pays 10 to each other player,
    // −30, whoever discarded; under WSOM nobody pays.
    let line = "[c b123] [p w333] c456 d789 d2 +d2 from=s";
    assert_eq!(amounts(&club, line), (true, [-30, 10, 10, 10]));
    assert_eq!(amounts(&WSOM, line), (true, [0, 0, 0, 0]));
    // The same tiles declared by South by self-draw: South pays 30.
    let line = "[c b123] [p w333] c456 d789 d2 +d2 seat=s self";
    assert_eq!(amounts(&club, line), (true, [10, -30, 10, 10]));
    // Tiles that form no winning shape, declared by North, cost the same.
    let line = "b1357 c2468 d13579 +e1 seat=n self";
    assert_eq!(amounts(&club, line), (true, [10, 10, 10, -30]));
    // Whatever was claimed: a claim on a false win is settled on nothing, and the charge
    // is paid.
    let line = "[c b123] [p w333] c456 d789 d2 +d2 from=s claim=20";
    assert_eq!(amounts(&club, line), (true, [-30, 10, 10, 10]));
    // A win is paid as in WSOM: West's own wind, 3.1 Value Honor 10, self-drawn: 10 each.
    let line = "[c b123] [p w333] c456 d789 d2 +d2 seat=w self";
    assert_eq!(scored(&club, line), (10, [-10, -10, 30, -10]));

    // Every format shows the charge where a win's payments go.
    let line = "[c b123] [p w333] c456 d789 d2 +d2 from=s";
    let (record, code) = json(&["--rules", FALSE_WIN_CLUB, line]);
    assert_eq!(code, 1);
    assert_eq!(
        record["payments"],
        serde_json::json!({"e": -30, "s": 10, "w": 10, "n": 10})
    );
    assert!(record["false_win"].is_object());
    let run = mjscore(&["--rules", FALSE_WIN_CLUB, "--format", "tsv", line]);
    let row: Vec<&str> = run.stdout.lines().nth(1).unwrap().split('\t').collect();
    assert_eq!(
        (row[6], row[7], row[8], row[9], row[12]),
        ("-30", "10", "10", "10", "false_win")
    );
    let run = mjscore(&["--rules", FALSE_WIN_CLUB, line]);
    assert!(
        run.stdout.contains("Payments     a false win: East pays 10 to each other player\n  East pays 30\n  South receives 10\n"),
        "{}",
        run.stdout
    );
    // The card says it, and what the file changes.
    let run = mjscore(&["rules", "show", FALSE_WIN_CLUB]);
    assert!(
        run.stdout
            .contains("a false win costs its declarer 10 to each other player"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("~ payments.false_win: 10 (was 0)"),
        "{}",
        run.stdout
    );

    // An evening: Ann's false win (she pays Bob, Cy and Dee 10 each), then Bob's 10-point
    // win on Ann's discard (1.1 + 1.2; 10 ≤ 25: each of the three pays 10). Ann −30 − 10 =
    // −40, Bob 10 + 30 = 40, Cy 10 − 10 = 0, Dee 10 − 10 = 0: the table sums to zero.
    let evening = "players: Ann Bob Cy Dee\n[c b123] [p w333] c456 d789 d2 +d2 seat=Ann from=Bob\nb123 c456 d789 b345 c7 +c7 seat=Bob from=Ann\n";
    let run = common::Mjscore::new(&["--rules", FALSE_WIN_CLUB, "--format", "tsv", "--summary"])
        .stdin(evening)
        .run();
    let standings: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with(char::is_numeric))
        .collect();
    assert_eq!(
        standings,
        [
            "1\tBob\t40\t1\t0\t10\t0\t2",
            "2\tCy\t0\t0\t0\t\t0\t2",
            "3\tDee\t0\t0\t0\t\t0\t2",
            "4\tAnn\t-40\t0\t1\t\t1\t2"
        ],
        "{}",
        run.stderr
    );
    // The charge goes in the running totals after the false win: Ann −30, the others 10.
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert!(
        rows[1].contains("\tAnn\tBob\tCy\tDee\t-30\t10\t10\t10\t"),
        "{}",
        rows[1]
    );
}

#[test]
fn a_false_win_charge_is_read_under_every_scheme_and_checked() {
    for base in ["wsom", "zj", "doubling", "huang"] {
        let file = format!("base = \"{base}\"\n[payments]\nfalse_win = 7\n");
        let rules = RuleSet::from_rules_file(&file).unwrap_or_else(|e| panic!("{base}: {e}"));
        // Declared by West: West pays 7 to each.
        let paid = rules.false_win_payments(Seat::West).unwrap();
        assert_eq!(paid.amounts, [7, 7, -21, 7], "{base}");
    }
    // 0 is a false win that costs nothing, as in the built-in rule sets.
    let free = RuleSet::from_rules_file("base = \"wsom\"\n[payments]\nfalse_win = 0\n").unwrap();
    assert!(free.false_win_payments(Seat::East).is_none());
    // Past the most points, or not a number: refused at the value.
    let err = RuleSet::from_rules_file("base = \"wsom\"\n[payments]\nfalse_win = 1000001\n")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("line 3, column 13")
            && err.contains("false_win is 1000001: expected 0 to 1000000"),
        "{err}"
    );
    let err = RuleSet::from_rules_file("base = \"wsom\"\n[payments]\nfalse_win = -1\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("line 3, column 13"), "{err}");
}

/// A WSOM club with one hand of `value` counted once for each set `key` names.
fn counting(
    key: &str,
    tiles: &str,
    value: u32,
) -> Result<RuleSet, mjscore::rules_file::RulesFileError> {
    one_hand("wsom", "Counted", value, &format!("{key} = \"{tiles}\""))
}

/// A club's rules file on `base` with one hand, c.1 `name` worth `value`, whose condition
/// is `keys` (TOML lines): the keys start on the file's line 6.
fn one_hand(
    base: &str,
    name: &str,
    value: u32,
    keys: &str,
) -> Result<RuleSet, mjscore::rules_file::RulesFileError> {
    RuleSet::from_rules_file(&format!(
        "base = \"{base}\"\n[[hands]]\nid = \"c.1\"\nname = \"{name}\"\nvalue = {value}\n{keys}\n"
    ))
}

/// The points of the club's hand c.1 on `line`, and how many times it counted.
fn counted_c1(rules: &RuleSet, line: &str) -> (u32, usize) {
    let scored = mjscore::score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    let Outcome::Win { reading, .. } = &scored.outcome else {
        panic!("{line}: no win");
    };
    let c1: Vec<_> = reading
        .counted()
        .iter()
        .filter(|c| &*c.pattern.id == "c.1")
        .collect();
    (c1.iter().map(|c| c.points()).sum(), c1.len())
}

#[test]
fn a_hand_counts_sequences_or_kongs_once_each() {
    // Each bamboo sequence, 5 each: b123 and b456 are bamboo, c789 and d123 are not: 2 x 5.
    // With 1.1 All Sequences 5 and 1.2 Concealed Hand 5, self-drawn by East: 20, each of
    // the three pays 20.
    let bamboo = counting("each_sequence_of", "bamboo", 5).unwrap();
    let line = "b123 b456 c789 d123 e1 +e1 self";
    assert_eq!(counted_c1(&bamboo, line), (10, 2));
    assert_eq!(scored(&bamboo, line), (20, [60, -20, -20, -20]));
    // A sequence holds a tile by any of its three: of b5, b345 and b567 count (b5 last and
    // first), b123 does not; a triplet of b5 is no sequence.
    let five = counting("each_sequence_of", "b5", 3).unwrap();
    assert_eq!(counted_c1(&five, "b345 b567 b123 d789 w1 +w1 self"), (6, 2));
    assert_eq!(counted_c1(&five, "b555 b567 b123 d789 w1 +w1 self"), (3, 1));
    // No sequence holding b5 (b111 b222 b333 read as triplets, or as b123 three times,
    // none of which holds it): c.1 does not count.
    assert_eq!(counted_c1(&five, "b111 b222 b333 d789 w1 +w1 self"), (0, 0));
    // Each kong of a dragon or the seat's wind, 8 each: South's exposed kong of the South
    // wind and concealed kong of the Red Dragon count, the kong of bamboo 1s does not: 16.
    let kongs = counting("each_kong_of", "dragons seat_wind", 8).unwrap();
    assert_eq!(
        counted_c1(
            &kongs,
            "[k w2222] [ck e1111] [k b1111] c789 d5 +d5 seat=s self"
        ),
        (16, 2)
    );
    // A triplet of a dragon is no kong.
    assert_eq!(
        counted_c1(&kongs, "[k w2222] e111 b123 c789 d5 +d5 seat=s self"),
        (8, 1)
    );
    // In words on the card.
    let summary = |rules: &RuleSet| rules.patterns().last().unwrap().summary.to_string();
    assert_eq!(
        summary(&bamboo),
        "once for each sequence holding b123456789"
    );
    assert_eq!(
        summary(&kongs),
        "once for each kong of e123 or the seat's wind"
    );

    // Refused, at the words at fault: a sequence of winds or dragons, two kinds of set
    // counted, and counting in a part.
    let no_run = counting("each_sequence_of", "dragons", 5).unwrap_err();
    assert_eq!(
        no_run.message,
        "each_sequence_of counts sequences, and no sequence holds these tiles: name number tiles (\"bamboo\", \"b5\", \"fives\")"
    );
    let wind = counting("each_sequence_of", "bamboo seat_wind", 5).unwrap_err();
    assert!(
        wind.message
            .starts_with("each_sequence_of counts sequences, and no sequence holds a wind"),
        "{}",
        wind.message
    );
    let both = one_hand(
        "wsom",
        "X",
        1,
        "each_kong_of = \"all\"\neach_sequence_of = \"all\"",
    )
    .unwrap_err();
    assert_eq!(
        both.message,
        "each_sequence_of and each_kong_of both count a hand's sets or pairs: a hand counts one kind of set (or its pairs), once each"
    );
    assert_eq!((both.line, both.column), (7, 20));
    // The prevailing wind, where the base reads one (round=): under the doubling table a
    // club's Round Pung, 2, counts the pung of the round's wind. North self-draws in the
    // South round with a South wind pung and a West wind pung: only w222 counts (2). Under
    // WSOM, which has no prevailing wind, it is refused at its words.
    let round = one_hand(
        "doubling",
        "Round Pung",
        2,
        "each_triplet_of = \"prevailing_wind\"",
    )
    .unwrap();
    assert_eq!(
        counted_c1(&round, "w222 w333 b123 c456 d5 +d5 seat=n round=s self"),
        (2, 1)
    );
    assert_eq!(
        counted_c1(&round, "w222 w333 b123 c456 d5 +d5 seat=n round=e self"),
        (0, 0)
    );
    assert_eq!(
        round.patterns().last().unwrap().summary.as_ref(),
        "once for each triplet or kong of the prevailing wind"
    );
    let none = one_hand("wsom", "X", 2, "each_kong_of = \"dragons prevailing_wind\"").unwrap_err();
    assert_eq!((none.line, none.column), (6, 16));
    assert!(
        none.message
            .starts_with("prevailing_wind: this rule set has no prevailing wind"),
        "{}",
        none.message
    );
    let in_a_part = one_hand(
        "wsom",
        "X",
        1,
        "any_of = [{ each_kong_of = \"all\" }, { kongs = 2 }]",
    )
    .unwrap_err();
    assert_eq!(
        in_a_part.message,
        "each_kong_of counts a hand's sets or pairs, each once: it is a key of the hand, not of a part"
    );
}

#[test]
fn a_hand_may_hold_ranks_of_one_suit_melds_included() {
    // Nine Gates counted with the melds (the doubling table's All Suit Hand): c111 melded,
    // c234 melded, c567 c8 c999 concealed and c5 won: three 1s, one each of 2 to 8 (and a
    // second 5), three 9s, all characters.
    let keys = "hand_holds_at_least = \"1112345678999\"";
    let gates = one_hand("wsom", "Open Gates", 40, keys).unwrap();
    assert_eq!(
        counted_c1(&gates, "[p c111] [c c234] c5678999 +c5 from=s"),
        (40, 1)
    );
    // A kong is a fifteenth tile; a pair of honours for the 8 leaves the suit; concealed
    // with two 9s is short of a 9.
    assert_eq!(
        counted_c1(&gates, "[k c1111] [c c234] c5678999 +c5 from=s"),
        (0, 0)
    );
    assert_eq!(
        counted_c1(&gates, "[p c111] [c c234] c567 c999 e1 +e1 from=s"),
        (0, 0)
    );
    assert_eq!(counted_c1(&gates, "c1112345678899 +c8 self"), (0, 0));
    assert_eq!(
        gates.patterns().last().unwrap().summary.as_ref(),
        "all of the winning tile's suit, melds included, with 1112345678999 at least and no kong"
    );
    let wrong = one_hand("wsom", "X", 1, "hand_holds_at_least = \"0111\"").unwrap_err();
    assert_eq!((wrong.line, wrong.column), (6, 23));
    assert_eq!(
        wrong.message,
        "hand_holds_at_least is \"0111\": the ranks the whole hand holds at least are digits 1 to 9, each at most four times (\"1112345678999\")"
    );
}

#[test]
fn a_hand_counts_pairs_once_each() {
    // Dragon Pairs, 4 for each pair of dragons, on regular hands and Seven Pairs.
    let keys = "each_pair_of = \"dragons\"\nshape = \"regular_or_seven_pairs\"";
    let pairs = one_hand("wsom", "Dragon Pairs", 4, keys).unwrap();
    // Seven Pairs b11 b55 c33 d77 e11 e22 w33: two of its pairs are dragons (e1, e2): 2 x 4.
    let seven = "b11 b55 c33 d77 e11 e22 w3 +w3 self";
    assert_eq!(counted_c1(&pairs, seven), (8, 2));
    // Four Red Dragons are two pairs of them.
    assert_eq!(
        counted_c1(&pairs, "b11 b55 c33 d77 e1111 w3 +w3 self"),
        (8, 2)
    );
    // A regular hand has one pair: e33 counts; with the pair w33 and a dragon pung, nothing
    // does (a pung is no pair).
    let regular = "b123 c456 d789 b777 e3 +e3 self";
    assert_eq!(counted_c1(&pairs, regular), (4, 1));
    assert_eq!(
        counted_c1(&pairs, "e111 b123 c456 d789 w3 +w3 self"),
        (0, 0)
    );
    // East self-draws the regular hand: 1.2 Concealed Hand 5 and Dragon Pairs once 4 (one
    // concealed triplet, b777, is not two): 9, from each of the three.
    assert_eq!(scored(&pairs, regular), (9, [27, -9, -9, -9]));
    // The seat's wind: South's pair of South winds counts, East's does not.
    let seat = one_hand("wsom", "Own Wind Pair", 2, "each_pair_of = \"seat_wind\"").unwrap();
    assert_eq!(
        counted_c1(&seat, "b123 c456 d789 b777 w2 +w2 seat=s self"),
        (2, 1)
    );
    assert_eq!(
        counted_c1(&seat, "b123 c456 d789 b777 w2 +w2 seat=e self"),
        (0, 0)
    );
    // In words on the card, and in the output, the pair named where a set is.
    assert_eq!(
        pairs.patterns().last().unwrap().summary.as_ref(),
        "once for each pair of e123"
    );
    let dir = common::temp_dir("dragon-pairs");
    let path = dir.join("dragon-pairs.toml");
    let file = format!(
        "base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"Dragon Pairs\"\nvalue = 4\n{keys}\n"
    );
    std::fs::write(&path, file).unwrap();
    let path = path.to_str().unwrap();
    let (record, code) = json(&["--rules", path, regular]);
    assert_eq!(code, 0);
    let counted = serde_json::json!({"id": "c.1", "name": "Dragon Pairs", "chinese": "", "points": 4, "set": "e33"});
    assert_eq!(record["patterns"][1], counted);
    let text = mjscore(&["--rules", path, seven]).stdout;
    let lines = [
        "  c.1 Dragon Pairs  4 (e11, Red Dragon pair)",
        "  c.1 Dragon Pairs  4 (e22, Green Dragon pair)",
    ];
    common::assert_has_lines(&text, &lines);
    // Refused: a shape with no pair, a set and pairs both counted.
    let no_pair = one_hand(
        "wsom",
        "X",
        1,
        "each_pair_of = \"dragons\"\nshape = \"thirteen_terminals\"",
    )
    .unwrap_err();
    assert_eq!(
        no_pair.message,
        "no hand can be 'X': it counts pairs, and its shape has none (a regular hand has one, Seven Pairs seven)"
    );
    let both = one_hand(
        "wsom",
        "X",
        1,
        "each_triplet_of = \"all\"\neach_pair_of = \"all\"",
    )
    .unwrap_err();
    assert_eq!(
        both.message,
        "each_pair_of and each_triplet_of both count a hand's sets or pairs: a hand counts one kind of set (or its pairs), once each"
    );
}

#[test]
fn a_hand_asks_how_many_kinds_the_hand_waited_on() {
    let lonely = one_hand("wsom", "Lonely Wait", 5, "one_kind_waited = true").unwrap();
    let applies = |line: &str| counted_c1(&lonely, line) == (5, 1);
    // b12 waits on b3 alone (no b0): one kind. b23 waits on b1 and b4: two.
    assert!(applies("b123 c456 d789 b12 w11 +b3 seat=s from=e"));
    assert!(!applies("b123 c456 d789 b23 w11 +b4 seat=s from=e"));
    // A win on the dealt tiles waited on nothing.
    assert!(!applies("b123 c456 d789 b12 w11 +b3 heaven"));
    assert_eq!(
        lonely.patterns().last().unwrap().summary.as_ref(),
        "waiting on one kind of tile"
    );
}

#[test]
fn a_straight_may_span_two_or_three_suits() {
    let mixed = one_hand("wsom", "Mixed Straight", 10, "straight_suits = 3").unwrap();
    let applies = |line: &str| counted_c1(&mixed, line) == (10, 1);
    // b123 c456 d789: one run in each suit.
    assert!(applies("b123 c456 d789 b555 w1 +w1 seat=s from=e"));
    // b123 c456 b789 spans two suits; b123 b456 b789 one (7.1, not this).
    assert!(!applies("b123 c456 b789 d555 w1 +w1 seat=s from=e"));
    assert!(!applies("b123 b456 b789 d555 w1 +w1 seat=s from=e"));
    assert_eq!(
        mixed.patterns().last().unwrap().summary.as_ref(),
        "123, 456 and 789 across 3 suits"
    );
    // Two suits at most leave no room for it.
    let never = one_hand(
        "wsom",
        "Never",
        10,
        "suits = { at_most = 2 }\nstraight_suits = 3",
    )
    .unwrap_err();
    assert_eq!(
        never.message,
        "no hand can be 'Never': its straight spans 3 suits, and it allows 2"
    );
}

#[test]
fn a_hand_counts_the_sets_melded_in_the_open() {
    // 3 or more sets melded in the open: two chows and a pung are 3; a concealed kong
    // beside them is not melded (still 3); with one chow held concealed, 2.
    let open = one_hand("wsom", "Open Table", 10, "melded_sets = { at_least = 3 }").unwrap();
    let applies = |line: &str| counted_c1(&open, line) == (10, 1);
    assert!(applies(
        "[c b123] [c c456] [p d777] w222 e1 +e1 seat=s from=e"
    ));
    assert!(applies(
        "[c b123] [c c456] [p d777] [ck w2222] e1 +e1 seat=s from=e"
    ));
    assert!(!applies("b123 [c c456] [p d777] w222 e1 +e1 seat=s from=e"));
    assert_eq!(
        open.patterns().last().unwrap().summary.as_ref(),
        "3+ melded sets"
    );
    // A concealed hand has none: refused at the hand.
    let never = one_hand("wsom", "Never", 10, "concealed = true\nmelded_sets = 1").unwrap_err();
    assert_eq!(
        never.message,
        "no hand can be 'Never': a concealed hand has no melded set"
    );
}

#[test]
fn a_hand_asks_what_the_line_says_of_the_rule_sets_own_words() {
    // Under Huang's table, a club's hand of 5 for a Tin declared on the dealt tiles or
    // after one change (tin=heaven or earth) in the South round: it asks both words.
    let club = one_hand(
        "huang",
        "Early Tin",
        5,
        "shape = \"any\"\nwords = { tin = [\"heaven\", \"earth\"], round = \"s\" }",
    )
    .unwrap();
    let applies = |line: &str| counted_c1(&club, line).1 == 1;
    let hand = "b123 c456 d789 b555 w2 +w2 seat=s from=e";
    assert!(applies(&format!("{hand} tin=earth round=s")));
    assert!(applies(&format!("{hand} tin=heaven round=s")));
    // The round left out is East's; another Tin is not one of the two.
    assert!(!applies(&format!("{hand} tin=earth")));
    assert!(!applies(&format!("{hand} tin=human round=s")));
    assert_eq!(
        club.patterns().last().unwrap().summary.as_ref(),
        "any winning hand; the line says round=s, tin=heaven or earth"
    );
    // A flag, asked absent; a number within bounds.
    let quiet = one_hand(
        "huang",
        "X",
        1,
        "shape = \"any\"\nwords = { lastcopy = false, flowers = { at_least = 1, at_most = 3 } }",
    )
    .unwrap();
    let applies = |line: &str| counted_c1(&quiet, line).1 == 1;
    assert!(applies(&format!("{hand} flowers=2")));
    assert!(!applies(&format!("{hand} flowers=2 lastcopy")));
    assert!(!applies(&format!("{hand} flowers=4")));
    assert!(!applies(hand));

    // Refused at the word or the value: a word the base does not read, a value it does
    // not take, and last=1, which the notation reads as the last tile.
    let refused =
        |base: &str, words: &str| one_hand(base, "X", 1, &format!("words = {words}")).unwrap_err();
    let wsom = refused("wsom", "{ tin = \"heaven\" }");
    assert_eq!((wsom.line, wsom.column), (6, 11));
    assert!(
        wsom.message
            .starts_with("no context word 'tin': this rule set reads no words of its own"),
        "{}",
        wsom.message
    );
    let doubling = refused("doubling", "{ tin = \"heaven\" }");
    assert_eq!(
        doubling.message,
        "no context word 'tin' in this rule set: it reads round"
    );
    let typo = refused("huang", "{ tin = \"heavn\" }");
    assert_eq!((typo.line, typo.column), (6, 17));
    assert_eq!(
        typo.message,
        "tin is the text \"heavn\": expected one of heaven, earth, human, ghost, insect, late, none, or a list of them"
    );
    let last = refused("huang", "{ last = 1 }");
    assert!(
        last.message
            .starts_with("last=1 is the last tile of the wall"),
        "{}",
        last.message
    );
    let flowers = refused("huang", "{ flowers = 9 }");
    assert_eq!(
        flowers.message,
        "flowers is the number 9: expected a number from 0 to 8, or { at_least = N, at_most = M }"
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
    assert_eq!(new.len(), 4, "{}", run.stdout);
    assert!(
        new[1].contains("c.2") && new[1].contains("400"),
        "{}",
        run.stdout
    );
    // What a row does not say: both hands are limits, and what each implies.
    assert_eq!(
        new[2..],
        [
            "+ c.1 Spring Pairs: a limit, it scores alone; implies 10.2 Seven Pairs",
            "+ c.2 All Green: a limit, it scores alone; implies 2.1.1 Mixed One-Suit, 2.1.2 Pure One-Suit",
        ]
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
        ("base = \"riichi\"\n", 1, 8, "base is one of \"wsom\", \"zj\", \"doubling\" or \"huang\", or \"none\" for a rule set written from nothing"),
        // An unknown key, at the key.
        ("base = \"wsom\"\nminimun = 10\n", 2, 1, "no key 'minimun' here: did you mean minimum?"),
        // An unknown pattern id, with the nearest ones.
        ("base = \"wsom\"\n[values]\n\"7.7\" = 3\n", 3, 1, "no pattern '7.7' in wsom; the nearest: 7.1 Nine-Tile Straight"),
        ("base = \"wsom\"\noff = [\"4.2.9\"]\n", 2, 8, "the nearest: 4.2.1 Two Concealed Triplets"),
        // Values out of range, at the value after `"4.1" = ` (8 characters).
        ("base = \"wsom\"\n[values]\n\"4.1\" = -5\n", 3, 9, "expected a whole number from 1 to 1000000"),
        ("base = \"wsom\"\nminimum = 5000000\n", 2, 11, "the minimum is 5000000"),
        ("base = \"doubling\"\n[values]\n\"d.b\" = 31\n", 3, 9, "from 1 to 30"),
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
        ("base = \"wsom\"\n[[hands]]\nid = \"4.1\"\nname = \"D\"\nvalue = 10\n", 3, 6, "'4.1' is wsom's 4.1 All Triplets: a new hand needs an id of its own"),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"G\"\nvalue = 10\ntiles = \"b23468 e2\"\nexample = \"b123 c456 d789 b555 w2 +w2 self\"\n", 7, 11, "the example does not score 'G'"),
        // The doubling table has no single limit.
        ("base = \"doubling\"\n[limits]\nsingle = 10\n", 3, 10, "the doubling table has no single limit"),
    ];
    for &(text, line, column, message) in cases {
        let error = match mjscore::RuleSet::from_rules_file(text) {
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
        let _ = mjscore::RuleSet::from_rules_file(&text[..end]);
    }
    for junk in [
        "",
        "[[",
        "base = 1",
        "base = \"wsom\"\nhands = 3",
        "base = \"wsom\"\n[[hands]]\n",
    ] {
        assert!(mjscore::RuleSet::from_rules_file(junk).is_err(), "{junk:?}");
    }
}

#[test]
fn a_hand_asks_how_the_hand_ended() {
    let file = "base = \"wsom\"\nname = \"Kong club\"\n[[hands]]\nid = \"c.1\"\nname = \"Bamboo Blossom\"\nvalue = 20\nsuits = 1\nhonours = \"none\"\nended = \"kong_replacement\"\n";
    let club = mjscore::RuleSet::from_rules_file(file).unwrap();
    // South self-draws on the replacement tile of a concealed kong of b9: b11 b123 b456
    // b678 [ck b9999]. WSOM: 1.2 Concealed Hand 5 (a concealed kong is concealed) + 2.1.2
    // Pure One-Suit 80 + 4.3.1 One Kong 5 + 9.2 Win on Kong 10 = 100, and the club's c.1
    // (one suit, no honours, on a kong's tile) 20: 120, each other seat pays 120.
    let line = "b123 b456 b678 b1 [ck b9999] +b1 self seat=s";
    assert_eq!(
        scored(&club, &format!("{line} kong")),
        (120, [-120, 360, -120, -120])
    );
    // Drawn from the wall, not on a kong's tile: neither 9.2 nor c.1, 90.
    assert_eq!(scored(&club, line), (90, [-90, 270, -90, -90]));
    // On the card, in words.
    assert_eq!(
        club.pattern("c.1").unwrap().summary,
        "one suit, no honours, won on a kong's replacement tile"
    );
    // A list: every ending given must hold. On a kong's tile but not the wall's last tile,
    // c.1 does not apply: WSOM's 100 alone.
    let both = mjscore::RuleSet::from_rules_file(&file.replace(
        "\"kong_replacement\"",
        "[\"last_tile\", \"kong_replacement\"]",
    ))
    .unwrap();
    assert_eq!(scored(&both, &format!("{line} kong")).0, 100);
    // Words it does not know are said, with the ones it does.
    let wrong =
        mjscore::RuleSet::from_rules_file(&file.replace("\"kong_replacement\"", "\"moon\""))
            .unwrap_err();
    assert_eq!(
        wrong.message,
        "'moon': ended is how the hand ended: \"last_tile\", \"kong_replacement\", \"robbing_a_kong\", \"heaven\" or \"earth\", or a list of them"
    );
    let number =
        mjscore::RuleSet::from_rules_file(&file.replace("\"kong_replacement\"", "3")).unwrap_err();
    assert!(
        number.message.ends_with(", or a list of them, in quotes"),
        "{}",
        number.message
    );
}

#[test]
fn hands_compare_their_sets_with_each_other() {
    // A club's five hands of 1 point, one for each new way of comparing sets.
    let club = mjscore::RuleSet::from_rules_file(
        "base = \"wsom\"\nname = \"Relations club\"\n\
         [[hands]]\nid = \"c.1\"\nname = \"Twins\"\nvalue = 1\nidentical_sequence_pairs = 2\n\
         [[hands]]\nid = \"c.2\"\nname = \"Mirror\"\nvalue = 1\nsimilar_sequences = 2\n\
         [[hands]]\nid = \"c.3\"\nname = \"Ladder\"\nvalue = 1\nconsecutive_triplets = 2\n\
         [[hands]]\nid = \"c.4\"\nname = \"Dragon\"\nvalue = 1\nstraight = true\n\
         [[hands]]\nid = \"c.5\"\nname = \"Echo\"\nvalue = 1\nsimilar_triplets = 2\n",
    )
    .unwrap();
    let counted = |line: &str| -> Vec<String> {
        let scored = mjscore::score_line(&format!("{line} seat=s from=e"), &club).unwrap();
        match &scored.outcome {
            Outcome::Win { reading, .. } => reading
                .counted()
                .iter()
                .map(|c| c.pattern.id.to_string())
                .collect(),
            Outcome::FalseWin(why) => panic!("{line}: {why:?}"),
        }
    };
    // b123 twice and c456 twice: two pairs of identical sequences (c.1, and WSOM's 5.1.2),
    // all sequences (1.1), concealed (1.2).
    assert_eq!(
        counted("b123 b123 c456 c45 w11 +c6"),
        ["1.1", "1.2", "5.1.2", "c.1"]
    );
    // b123 twice but c456 and c789 once: one pair, no c.1 (5.1.1 instead).
    assert_eq!(
        counted("b123 b123 c456 c789 w1 +w1"),
        ["1.1", "1.2", "5.1.1"]
    );
    // b123 and c123: the same numbers in two suits (c.2); the Green Dragon pung is 3.1.
    assert_eq!(
        counted("b123 c123 d5 [p w111] [p e222] +d5"),
        ["3.1", "c.2"]
    );
    // b111 and b222 are consecutive (c.3); b111 and b333 are not. Both hands have two
    // concealed triplets (4.2.1).
    assert_eq!(counted("b111 b222 c789 d5 [p w333] +d5"), ["4.2.1", "c.3"]);
    assert_eq!(counted("b111 b333 c789 d5 [p w333] +d5"), ["4.2.1"]);
    // b123 b456 b789: the straight (c.4, and WSOM's 7.1); the Red Dragon pung is 3.1.
    assert_eq!(
        counted("b123 b456 b78 c22 [p e111] +b9"),
        ["3.1", "7.1", "c.4"]
    );
    // b111 and c111: a triplet of one number in two suits (c.5).
    assert_eq!(counted("b111 c111 d234 d5 [p w333] +d5"), ["4.2.1", "c.5"]);
    // Nine Gates written as held tiles: a club's Golden Gates, a listed limit of 500, above
    // WSOM's 2.2 (480), so it scores alone: 500, each pays 500 on South's self-draw.
    let gates = mjscore::RuleSet::from_rules_file("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"Golden Gates\"\nvalue = 500\nlimit = true\nheld = \"1112345678999\"\n").unwrap();
    assert_eq!(
        scored(&gates, "c1112345678999 +c5 self seat=s"),
        (500, [-500, 1500, -500, -500])
    );
    // Held 1112345678899 (one 9 fewer, an 8 more) is no gate: WSOM's own patterns only.
    let other = mjscore::score_line("c1112345678899 +c9 self seat=s", &gates).unwrap();
    let Outcome::Win { reading, .. } = &other.outcome else {
        panic!("a win")
    };
    assert!(reading.counted().iter().all(|c| c.pattern.id != "c.1"));
    let bad = mjscore::RuleSet::from_rules_file(
        "base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 1\nheld = \"11111\"\n",
    )
    .unwrap_err();
    assert!(
        bad.message
            .starts_with("held is \"11111\": the concealed tiles before the win"),
        "{}",
        bad.message
    );
    // Value Honor written as data, in place of WSOM's own 3.1: 10 for each triplet or kong
    // of a dragon or of the seat's wind. South holds e111 (Red Dragon) and [p w222] (South,
    // the seat's wind): 2 x 10 = 20, paid 20 by each on a discard (20 <= 25), South
    // receiving 60. With the East wind pung [p w111] instead, only the dragon counts: 10.
    let honours = mjscore::RuleSet::from_rules_file("base = \"wsom\"\noff = [\"3.1\"]\n[[hands]]\nid = \"c.1\"\nname = \"Honour Pungs\"\nvalue = 10\neach_triplet_of = \"dragons seat_wind\"\n").unwrap();
    assert_eq!(
        scored(&honours, "b123 c456 e111 [p w222] d5 +d5 seat=s from=w"),
        (20, [-20, 60, -20, -20])
    );
    assert_eq!(
        scored(&honours, "b123 c456 e111 [p w111] d5 +d5 seat=s from=w"),
        (10, [-10, 30, -10, -10])
    );
    // Out of range: said with what it counts.
    let three = mjscore::RuleSet::from_rules_file("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 1\nsimilar_sequences = 4\n").unwrap_err();
    assert_eq!(
        three.message,
        "similar_sequences is 4: it counts number suits, 2 to 3"
    );
    // On the card, in words.
    let words: Vec<&str> = club
        .patterns()
        .iter()
        .rev()
        .take(5)
        .map(|p| &*p.summary)
        .collect();
    assert_eq!(
        words,
        [
            "triplets of the same number in 2+ suits",
            "123, 456 and 789 of one suit",
            "2+ triplets of consecutive numbers in one suit",
            "a sequence of the same numbers in 2+ suits",
            "2 pairs of identical sequences",
        ]
    );
}

#[test]
fn the_vocabulary_says_what_wsoms_patterns_say() {
    // 32 WSOM patterns of 7 categories (trivial, one suit, honours, triplets, terminals,
    // how the hand ended, irregular shapes) written again; each applies on the same
    // readings as the pattern it copies, over a few thousand random hands and every WSOM
    // pattern's example (the long run is examples/rules_vocabulary.rs in .ci/run).
    let again = load("tests/data/rules/wsom-again.toml");
    let pairs: Vec<(&Pattern, &Pattern)> = again
        .patterns()
        .iter()
        .filter_map(|copy| Some((WSOM.pattern(copy.id.strip_prefix("again-")?)?, copy)))
        .collect();
    assert_eq!(pairs.len(), 44);
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
    let parse = |text: &str| mjscore::RuleSet::from_rules_file(text).unwrap();
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

/// The line, column and message of the error of a file that does not check.
fn refused(text: &str) -> (usize, usize, String) {
    match mjscore::RuleSet::from_rules_file(text) {
        Ok(_) => panic!("{text:?} was read"),
        Err(e) => (e.line, e.column, e.message),
    }
}

#[test]
fn slips_get_the_fix_in_the_message() {
    // (file, line, column, the whole message). Columns count characters from 1.
    let cases: &[(&str, usize, usize, &str)] = &[
        // An id unquoted: TOML reads `4.1 = 40` as a table 4 holding 1 = 40.
        ("base = \"wsom\"\n[values]\n4.1 = 40\n", 3, 1,
         "write \"4.1\" = 40, the id in quotes: unquoted, TOML reads the dots in 4.1 as tables"),
        ("base = \"wsom\"\n[values]\n4.1 = 40\n4.2.1 = 10\n", 3, 1,
         "write \"4.1\" = 40, the id in quotes: unquoted, TOML reads the dots in 4.1 as tables"),
        ("base = \"huang\"\n[values]\nh.66 = \"+50%\"\n", 3, 1,
         "write \"h.66\" = \"+50%\", the id in quotes: unquoted, TOML reads the dots in h.66 as tables"),
        // A number in quotes, at the value after `minimum = ` (10 characters).
        ("base = \"wsom\"\nminimum = \"8\"\n", 2, 11,
         "expected a whole number of points, found the text \"8\": write 8, without quotes"),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = \"40\"\n", 5, 9,
         "expected a whole number of points, found the text \"40\": write 40, without quotes"),
        ("base = \"wsom\"\n[values]\n\"4.1\" = \"40\"\n", 3, 9,
         "expected 4.1's points as a whole number, found the text \"40\": write 40, without quotes"),
        ("base = \"wsom\"\n[limits]\ncompound = [400]\n", 3, 12,
         "expected the compound limit in points, or \"none\", found a list"),
        // An id written as a number, and a flag in quotes.
        ("base = \"wsom\"\n[[hands]]\nid = 4.1\nname = \"X\"\nvalue = 4\n", 3, 6,
         "expected text in quotes, found the number 4.1: write \"4.1\", in quotes"),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 4\nlimit = \"yes\"\n", 6, 9,
         "expected true or false, found the text \"yes\": write true or false, without quotes"),
        // Tables and lists in serde's words ("expected a map", "a sequence") no more.
        ("base = \"wsom\"\nvalues = 3\n", 2, 10,
         "expected a table: [values], a line \"ID\" = VALUE under it for each pattern, found the number 3"),
        ("base = \"wsom\"\noff = \"1.1\"\n", 2, 7,
         "expected a list in brackets, as off = [\"4.2.1\", \"5.1.1\"], found the text \"1.1\""),
        ("base = \"wsom\"\nlimits = 5\n", 2, 10,
         "expected a table: [limits], compound = N or single = N on the lines under it, found the number 5"),
        // No base; a key misspelt.
        ("name = \"Club\"\n", 1, 1,
         "no base: a rules file names the built-in rule set it changes, base = \"wsom\" (or \"zj\", \"doubling\", \"huang\")"),
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalu = 4\n", 5, 1,
         "no key 'valu' here: did you mean value? (the keys: id, name, chinese, value, limit, implies, series, fallback, summary, example, shape, words, tiles, suits, honours, terminals, sets, every_set_holds, concealed, self_drawn, one_kind_waited, kongs, melded_sets, concealed_triplets, triplets, pair, ended, wait, identical_sequences, identical_sequence_pairs, similar_sequences, similar_triplets, similar_triplets_and_pair, straight, straight_suits, consecutive_triplets, held, hand_holds_at_least, each_triplet_of, each_kong_of, each_sequence_of, each_pair_of, any_of, all_of)"),
        // A tile set with a comma: the words it takes are named, at `bamboo,` inside the
        // string (`tiles = "` is 9 characters).
        ("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"X\"\nvalue = 4\ntiles = \"bamboo, e2\"\n", 6, 10,
         "'bamboo,': expected tiles (b, c, d, w or e and digits, as b23468 e2) or a group (honours, winds, dragons, terminals, simples, bamboo, characters, dots, numbers, fives, all); the words are parted by spaces, without commas"),
    ];
    for &(text, line, column, message) in cases {
        assert_eq!(
            refused(text),
            (line, column, message.to_string()),
            "{text:?}"
        );
    }
}

#[test]
fn an_unknown_rules_value_and_a_pattern_misspelt_get_the_fix() {
    // --rules takes a path: the message says so.
    let run = mjscore(&["--rules", "club", "b66 c12345678 d111 +c9 self"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("tip: or a rules file: a path ending .toml (docs/rules-files.md)"),
        "{}",
        run.stderr
    );
    // A slip in the start of a name: the pattern it starts.
    let run = mjscore(&["explain", "nine-tyle"]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (2, "mjscore: no pattern 'nine-tyle' in --rules wsom; the nearest: 7.1 Nine-Tile Straight; `mjscore patterns --rules wsom` lists them all\n")
    );
}

/// `text` written to a rules file of its own (the test's name), its path.
fn rules_file(name: &str, text: &str) -> String {
    let file = common::temp_dir(name).join("club.toml");
    std::fs::write(&file, text).unwrap();
    file.to_str().unwrap().to_string()
}

#[test]
fn a_text_a_terminal_would_act_on_is_refused_where_it_is_written() {
    // Each text of a file, with an escape (U+001B), a line break, a NUL and a
    // right-to-left override written in it: (the key, its table, what the message calls
    // it). The hand is whole without the text, so that only the text is at fault.
    let hand = "[[hands]]\nid = \"c.1\"\nname = \"Low\"\nvalue = 50\n";
    let fields = [
        ("name", "", "the name"),
        ("description", "", "the description"),
        (
            "id",
            "[[hands]]\nname = \"Low\"\nvalue = 50\n",
            "a hand's id",
        ),
        (
            "name",
            "[[hands]]\nid = \"c.1\"\nvalue = 50\n",
            "a hand's name",
        ),
        ("chinese", hand, "a hand's Chinese name"),
        ("summary", hand, "a hand's summary"),
        ("example", hand, "a hand's example"),
    ];
    let characters = [
        (
            "\\u001b[2J",
            "U+001B (escape, which starts a terminal's commands)",
        ),
        ("\\n", "U+000A (a line break)"),
        ("\\u0000", "U+0000 (NUL)"),
        (
            "\\u202E",
            "U+202E (a bidirectional control, which reorders the text after it)",
        ),
    ];
    for (key, table, what) in fields {
        for (written, said) in characters {
            // `KEY = "A` then the escape: its column is the key's length + 6.
            let text = format!("base = \"wsom\"\n{table}{key} = \"A{written}\"\n");
            let line = text.lines().count();
            let message = format!("{what} holds {said}: the file's texts are shown on terminals and in tables, one line each, without control characters, tabs, line breaks or bidirectional controls");
            assert_eq!(refused(&text), (line, key.len() + 6, message), "{text:?}");
        }
    }
    // The command line, in every format: the message names the code point, and nothing
    // raw reaches the terminal.
    let path = rules_file(
        "rules-file-escape",
        "base = \"wsom\"\nname = \"A\\u001b[2J\"\n",
    );
    for format in ["text", "json", "tsv"] {
        let run = mjscore(&[
            "--rules",
            &path,
            "--format",
            format,
            "b66 c12345678 d111 +c9 self",
        ]);
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{format}");
        assert_eq!(
            run.stderr,
            format!("mjscore: {path}:2:10: the name holds U+001B (escape, which starts a terminal's commands): the file's texts are shown on terminals and in tables, one line each, without control characters, tabs, line breaks or bidirectional controls\n")
        );
    }
    // A message that quotes the file shows what it quotes printable: a tile set with a
    // tab... refused as a text first; an id of [values] with an escape likewise.
    assert_eq!(
        refused("base = \"wsom\"\n[values]\n\"4.1\\u001b\" = 40\n").2,
        "a pattern id holds U+001B (escape, which starts a terminal's commands): the file's texts are shown on terminals and in tables, one line each, without control characters, tabs, line breaks or bidirectional controls"
    );
}

#[test]
fn a_text_over_its_length_and_a_file_over_1_mib_are_refused() {
    // A name of 101 characters: at most 100.
    let text = format!("base = \"wsom\"\nname = \"{}\"\n", "N".repeat(101));
    assert_eq!(
        refused(&text),
        (
            2,
            8,
            "the name is 101 characters long: at most 100".to_string()
        )
    );
    assert!(mjscore::RuleSet::from_rules_file(&format!(
        "base = \"wsom\"\nname = \"{}\"\n",
        "N".repeat(100)
    ))
    .is_ok());
    // A description of 301: at most 300.
    let text = format!("base = \"wsom\"\ndescription = \"{}\"\n", "d".repeat(301));
    assert_eq!(
        refused(&text).2,
        "the description is 301 characters long: at most 300"
    );
    // A file of 1 MiB and a byte: refused before it is read as TOML, at the byte past the
    // limit (a comment of one line: line 2, column 1,048,576 − 14 + 1).
    let mut text = String::from("base = \"wsom\"\n#");
    text.push_str(&"x".repeat(mjscore::RuleSet::MAX_RULES_FILE_BYTES - text.len() + 1));
    assert_eq!(text.len(), (1 << 20) + 1);
    assert_eq!(
        refused(&text),
        (2, (1 << 20) - 14 + 1, "the file is longer than 1048576 bytes (1 MiB): a rules file is a few kilobytes; is this the right file?".to_string())
    );
    // Within the limit, the same comment is no fault.
    assert!(mjscore::RuleSet::from_rules_file(&text[..1 << 20]).is_ok());
}

#[test]
fn ids_are_one_word_each_once_in_any_case() {
    let hand = |id: &str| format!("[[hands]]\nid = \"{id}\"\nname = \"H\"\nvalue = 10\n");
    let file = |hands: &[&str]| {
        let mut text = String::from("base = \"wsom\"\n");
        for id in hands {
            text.push_str(&hand(id));
        }
        text
    };
    // Line 3 is the first hand's id line, line 7 the second's; the id's string starts at
    // column 6.
    let cases: &[(&[&str], usize, &str)] = &[
        (&[""], 3, "a hand's id is empty: write one, as \"c.1\""),
        (&["c.1 "], 3, "'c.1 ' has spaces around it: write \"c.1\""),
        (&["c 1"], 3, "'c 1' holds ' ': an id is letters, digits, '.', '-' and '_', as \"c.1\""),
        (&["c.1+c.2"], 3, "'c.1+c.2' holds '+': an id is letters, digits, '.', '-' and '_', as \"c.1\""),
        (&["c.1", "c.1"], 7, "the file defines hand 'c.1' twice: first on line 3; give this one an id of its own"),
        (&["c.1", "C.1"], 7, "'C.1' is the id of the hand on line 3, 'c.1', in another case: ids are the same in any case; give this one an id of its own"),
        (&["4.2.1"], 3, "'4.2.1' is wsom's 4.2.1 Two Concealed Triplets: a new hand needs an id of its own (a club's are written c.1, c.2, ...)"),
    ];
    for &(ids, line, message) in cases {
        assert_eq!(
            refused(&file(ids)),
            (line, 6, message.to_string()),
            "{ids:?}"
        );
    }
    // The ids the lines refer to: with spaces around, and twice.
    assert_eq!(
        refused("base = \"wsom\"\noff = [\"1.1 \"]\n"),
        (
            2,
            8,
            "'1.1 ' has spaces around it: write \"1.1\"".to_string()
        )
    );
    assert_eq!(
        refused("base = \"wsom\"\noff = [\"1.1\", \"1.1\"]\n"),
        (
            2,
            15,
            "'1.1' is listed twice in off (first at line 2, column 8): list it once".to_string()
        )
    );
    assert_eq!(
        refused("base = \"huang\"\n[values]\n\"h.55\" = 3\n\"H.55\" = 4\n"),
        (
            4,
            1,
            "'H.55' is given a value twice: 'h.55' on line 3 is the same pattern".to_string()
        )
    );
}

#[test]
fn a_hand_implies_any_pattern_of_the_table_a_later_hand_too() {
    // c.1 (every tile a 1, 2 or 3 of any suit, 60) implies c.2 (a pair of 1s, 20), which
    // is defined after it and implies 1.1 All Sequences.
    let text = "base = \"wsom\"\n\
        [[hands]]\nid = \"c.1\"\nname = \"Low\"\nvalue = 60\ntiles = \"b123 c123 d123\"\nimplies = [\"c.2\"]\n\
        [[hands]]\nid = \"c.2\"\nname = \"Ones\"\nvalue = 20\npair = \"b1 c1 d1\"\nimplies = [\"1.1\"]\n";
    let club = mjscore::RuleSet::from_rules_file(text).unwrap();
    // b123 b123 c123 d123 c11, self-drawn: 1.2 Concealed Hand 5 + 5.1.1 Two Identical
    // Sequences 10 (b123 b123) + 6.1 Three Similar Sequences 35 + 8.1.2 Pure Lesser
    // Terminals 50 (a 1 in every set and the pair) + c.1 Low 60 = 160; c.1 implies c.2,
    // and c.2, dropped, drops nothing: 1.1 All Sequences 5 counts too: 165, each pays 165.
    assert_eq!(
        scored(&club, "b123 b123 c123 d123 c1 +c1 self seat=s"),
        (165, [-165, 495, -165, -165])
    );
    // Not all low (d789): no c.1, no 6.1; c.2 Ones 20 counts and drops 1.1: 1.2 5 +
    // 5.1.1 10 + 8.1.2 50 (d789 holds a 9) + c.2 20 = 85.
    assert_eq!(
        scored(&club, "b123 b123 c123 d789 c1 +c1 self seat=s"),
        (85, [-85, 255, -85, -85])
    );
    // A circle, a pattern switched off, an id twice.
    let two = |first: &str, second: &str| {
        format!("base = \"wsom\"\noff = [\"10.2\"]\n[[hands]]\nid = \"c.1\"\nname = \"A\"\nvalue = 10\nimplies = [{first}]\n[[hands]]\nid = \"c.2\"\nname = \"B\"\nvalue = 10\nimplies = [{second}]\n")
    };
    assert_eq!(
        refused(&two("\"c.2\"", "\"c.1\"")),
        (
            7,
            12,
            "'c.1' and 'c.2' imply each other in a circle: a hand implies only lower ones"
                .to_string()
        )
    );
    // Three hands, two of them in a circle: the circle is named.
    let three = format!(
        "{}[[hands]]\nid = \"c.3\"\nname = \"C\"\nvalue = 10\nimplies = [\"c.1\"]\n",
        two("\"c.2\"", "\"c.3\"")
    );
    assert_eq!(
        refused(&three.replace("implies = [\"c.2\"]", "implies = [\"c.3\"]")).2,
        "'c.1' and 'c.3' imply each other in a circle: a hand implies only lower ones"
    );
    assert_eq!(
        refused(&three).2,
        "'c.1', 'c.2' and 'c.3' imply each other in a circle: a hand implies only lower ones"
    );
    assert_eq!(
        refused(&two("\"10.2\"", "")),
        (
            7,
            12,
            "'10.2' is switched off (off, line 2): a hand cannot imply it".to_string()
        )
    );
    assert_eq!(
        refused(&two("\"c.2\", \"C.2\"", "")),
        (
            7,
            19,
            "'C.2' is listed twice in implies: list it once".to_string()
        )
    );
    assert_eq!(
        refused(&two("\"c.3\"", "")),
        (
            7,
            12,
            "no pattern 'c.3' in wsom; the nearest: 1.3 No Terminals, 9.3 Robbing a Kong or c.1 A"
                .to_string()
        )
    );
}

#[test]
fn a_value_of_0_is_refused_with_the_way_to_switch_it_off() {
    assert_eq!(
        refused("base = \"zj\"\n[values]\n\"1.1\" = 0\n"),
        (3, 9, "1.1 is set to 0: a pattern is worth 1 point or more; to take it out, write off = [\"1.1\"]".to_string())
    );
    // Switched off as the message says, the hand has no pattern but 1.2 Concealed Hand 5
    // (b345 b789 d456 d789 d66, self-drawn): each pays 5. Without 1.2 too, the Chicken
    // Hand 1: each pays 1.
    let off = mjscore::RuleSet::from_rules_file("base = \"zj\"\noff = [\"1.1\"]\n").unwrap();
    let line = "b345789 d4566789 +d6 seat=s self";
    assert_eq!(scored(&off, line), (5, [-5, 15, -5, -5]));
    let bare =
        mjscore::RuleSet::from_rules_file("base = \"zj\"\noff = [\"1.1\", \"1.2\"]\n").unwrap();
    assert_eq!(scored(&bare, line), (1, [-1, 3, -1, -1]));
}

#[test]
fn explain_works_without_an_example_as_check_does() {
    let path = rules_file(
        "rules-file-no-example",
        "base = \"wsom\"\nname = \"Spring club\"\n[[hands]]\nid = \"c.1\"\nname = \"Low\"\nvalue = 50\ntiles = \"b123 c123 d123\"\n",
    );
    assert_eq!(mjscore(&["rules", "check", &path]).code, 0);
    let run = mjscore(&["explain", "c.1", "--rules", &path]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (
            0,
            "c.1 Low \n\
             Points       50\n\
             Series       c.1 (only the highest pattern of a series counts)\n\
             Scores on    regular hands and Seven Pairs\n\
             Condition    only b123 c123 d123.\n\
             Example      none given (a hand of a rules file may come without one)\n"
        ),
        "{}",
        run.stderr
    );
    let (value, code) = json(&["explain", "low", "--rules", &path, "--format", "json"]);
    assert_eq!(code, 0);
    assert_eq!(
        (&value["example"], &value["example_total"], &value["points"]),
        (
            &serde_json::Value::Null,
            &serde_json::Value::Null,
            &serde_json::json!(50)
        )
    );
}

#[test]
fn the_advice_names_the_files_path() {
    let path = rules_file(
        "rules-file-advice",
        "base = \"wsom\"\nname = \"Spring season\"\n",
    );
    // A claim of no pattern, on a line: the advice is a command that works.
    let run = mjscore(&[
        "--rules",
        &path,
        "--format",
        "tsv",
        "b66 c12345678 d111 +c9 self seat=s claim=9.9",
    ]);
    let message = run
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .split('\t')
        .nth(13)
        .unwrap()
        .to_string();
    assert_eq!(
        message,
        format!("column 36: claim names '9.9', which is not a pattern of {path} (the nearest: 9.2 Win on Kong or 9.3 Robbing a Kong): `mjscore --rules {path} patterns` lists them")
    );
    assert_eq!(mjscore(&["--rules", &path, "patterns"]).code, 0);
    let run = mjscore(&["explain", "xyzzy", "--rules", &path]);
    assert_eq!(
        run.stderr,
        format!("mjscore: no pattern 'xyzzy' in --rules {path}; `mjscore patterns --rules {path}` lists them all\n")
    );
    // JSON still names the rule set by its id.
    let (value, _) = json(&["--rules", &path, "b66 c12345678 d111 +c9 self seat=s"]);
    assert_eq!(value["rules"], "spring-season");
}

#[test]
fn a_base_in_any_case_and_a_name_that_is_a_built_in_id() {
    // "WSOM" is wsom; a variant named "WSOM" is not called wsom in JSON.
    let club = mjscore::RuleSet::from_rules_file("base = \"WSOM\"\nname = \"WSOM\"\n").unwrap();
    assert_eq!((club.id(), club.minimum()), ("wsom-variant", 5));
}

#[test]
fn the_card_says_a_minimum_over_the_chicken_hand() {
    let club = mjscore::RuleSet::from_rules_file("base = \"zj\"\nminimum = 10\n").unwrap();
    let card = mjscore::render::Format::Text.card(&club, None);
    assert_eq!(
        card.lines().next().unwrap(),
        "Zung Jung v3.3 (standard, chicken hand 1) (variant): 45 patterns; a hand under 10 points is a false win, a hand with no pattern (chicken 1) too"
    );
    // And it is: no pattern but the chicken hand, 1 < 10.
    let line = "[c b123] [p d555] c456 d789 w1 +w1 from=e seat=s";
    let outcome = mjscore::score_line(line, &club).unwrap().outcome;
    assert!(matches!(outcome, Outcome::FalseWin { .. }), "{outcome:?}");
}

#[test]
fn the_fuzzers_rules_seeds_and_their_mutations_keep_the_invariants() {
    // What the fuzz target `rules` checks of any bytes, over its seeds (fuzz/rules-seeds)
    // and, for each, each of its first 40 lines left out, written twice, and with a
    // character of TOML or an escape put in its middle (the fuzzer tries the rest).
    let dir = format!("{}/fuzz/rules-seeds", env!("CARGO_MANIFEST_DIR"));
    let mut seeds: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 10, "{seeds:?}");
    let mut read = 0;
    for seed in seeds {
        let text = std::fs::read_to_string(&seed).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut variants = vec![text.clone()];
        for i in 0..lines.len().min(40) {
            let with = |line: Option<String>| {
                let mut changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                match line {
                    Some(line) => changed[i] = line,
                    None => drop(changed.remove(i)),
                }
                changed.join("\n")
            };
            variants.push(with(None));
            variants.push(with(Some(format!("{}\n{}", lines[i], lines[i]))));
            for put in ["\"", "=", "[", "0", "\\u001b", "\u{202e}"] {
                let line = lines[i];
                let at = (0..=line.len() / 2)
                    .rev()
                    .find(|&at| line.is_char_boundary(at))
                    .unwrap_or(0);
                variants.push(with(Some(format!("{}{put}{}", &line[..at], &line[at..]))));
            }
        }
        for variant in variants {
            if let Err(broken) = mjscore::invariants::check_rules_file(&variant) {
                panic!("{}: {broken}\n{variant}", seed.display());
            }
            read += 1;
        }
    }
    assert!(read > 500, "{read}");
}

#[test]
fn a_pattern_scoring_alone_under_a_low_single_limit_is_the_best_of_two() {
    let text = "base = \"wsom\"\n[values]\n\"4.1\" = 40\n\"4.2.2\" = 45\n";
    let low = mjscore::RuleSet::from_rules_file(&format!("{text}[limits]\nsingle = 45\n")).unwrap();
    let plain = mjscore::RuleSet::from_rules_file(text).unwrap();
    // 3.1 Value Honor 10 (e333) + 4.1 All Triplets 40 + 4.2.2 Three Concealed Triplets 45
    // (e333, b444, d888). With single = 45, 4.2.2 scores alone, and the other two make 50 >
    // 45: the hand is worth 50, 4.2.2 set aside. On East's discard, 50 > 25: East pays
    // 3 × 50 − 50 = 100, the others 25. Without it the three add up: 95, East 3 × 95 − 50.
    let line = "[p d333] e333 b444 d888 w4 +w4 seat=s from=e";
    assert_eq!(scored(&low, line), (50, [-100, 150, -25, -25]));
    assert_eq!(scored(&plain, line), (95, [-235, 285, -25, -25]));
}

#[test]
fn wsom_and_zung_jung_written_from_nothing_score_as_the_built_ins() {
    for (built_in, file) in [(&WSOM, WSOM_AS_DATA), (&ZJ, ZJ_AS_DATA)] {
        let as_data = load(file);
        assert_eq!(
            as_data.patterns().len(),
            built_in.patterns().len(),
            "{file}"
        );
        // Every pattern's own example (each applies on one at least), then random hands:
        // every reading alike, the same reading chosen, the same payments.
        let examples = built_in.patterns().iter().map(|p| p.example.to_string());
        for line in examples.chain(mjscore::corpus::winning_hands(5, 2000)) {
            let Ok(hand) = mjscore::line::parse(&line) else {
                continue;
            };
            if let Err(e) = invariants::check_scores_alike(&hand, built_in, &as_data) {
                panic!("{line} under {file}: {e}");
            }
        }
    }
}

/// A table written from nothing: two hands of one series and, when asked, a chicken hand.
fn tiny(series: bool, chicken: bool) -> RuleSet {
    let series = if series { "series = \"t\"\n" } else { "" };
    let mut text = format!(
        "base = \"none\"\nscheme = \"zung_jung\"\nname = \"Tiny\"\n\
         [[hands]]\nid = \"t.1\"\nname = \"Two Pungs\"\nvalue = 10\n{series}\
         triplets = {{ of = \"all\", at_least = 2 }}\n\
         [[hands]]\nid = \"t.2\"\nname = \"Three Pungs\"\nvalue = 30\n{series}\
         triplets = {{ of = \"all\", at_least = 3 }}\n"
    );
    if chicken {
        text.push_str("[[hands]]\nid = \"c\"\nname = \"Chicken\"\nvalue = 1\nfallback = true\nshape = \"any\"\n");
    }
    mjscore::RuleSet::from_rules_file(&text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_table_written_from_nothing_counts_a_series_once_and_a_fallback_alone() {
    // b111 c222 d333: three triplets, so both Two Pungs (10) and Three Pungs (30) apply.
    let three = "b111 c222 d333 b456 w1 +w1 seat=s self";
    // Of one series only the higher counts: 30, self-drawn, each of three pays 30 (Zung
    // Jung's scheme, self_draw_times 1), South receives 90.
    assert_eq!(scored(&tiny(true, false), three), (30, [-30, 90, -30, -30]));
    // Without the series both count: 10 + 30 = 40, no limit to cap it.
    assert_eq!(
        scored(&tiny(false, false), three),
        (40, [-40, 120, -40, -40])
    );
    // Two triplets: Two Pungs alone, 10 from each.
    let two = "b111 c222 b456 d456 w1 +w1 seat=s self";
    assert_eq!(scored(&tiny(true, false), two), (10, [-10, 30, -10, -10]));
    // No triplet: the fallback hand scores alone, 1 from each.
    let none = "b123 c456 d789 b456 w1 +w1 seat=s self";
    assert_eq!(scored(&tiny(true, true), none), (1, [-1, 3, -1, -1]));
    // Without one and under no minimum, a hand with no pattern wins 0, as under Huang's
    // table; with minimum = 1 it is a false win, in Zung Jung's words (the scheme's).
    assert_eq!(scored(&tiny(true, false), none), (0, [0, 0, 0, 0]));
    let text = "base = \"none\"\nscheme = \"zung_jung\"\nname = \"Tiny\"\nminimum = 1\n\
                [[hands]]\nid = \"t.1\"\nname = \"Two Pungs\"\nvalue = 10\n\
                triplets = { of = \"all\", at_least = 2 }\n";
    let rules = mjscore::RuleSet::from_rules_file(text).unwrap_or_else(|e| panic!("{e}"));
    let scored = mjscore::score_line(none, &rules).unwrap();
    assert_eq!(
        mjscore::output::false_win_reason(&scored.outcome, &rules).as_deref(),
        Some("no scoring pattern (a Chicken Hand); Tiny needs at least 1 point")
    );
}

#[test]
fn a_doubling_table_from_nothing_keeps_its_maximum() {
    // One hand worth 20 doublings: capped at the doubling scheme's maximum, 13. Self-drawn,
    // each of three pays double the payout 2^13 = 8192, 16384; South receives 49152.
    let text = "base = \"none\"\nscheme = \"doubling\"\nname = \"Twenty\"\n\
                [[hands]]\nid = \"x\"\nname = \"Any Regular Hand\"\nvalue = 20\nshape = \"regular\"\n";
    let rules = mjscore::RuleSet::from_rules_file(text).unwrap_or_else(|e| panic!("{e}"));
    let line = "b123 c456 d789 b456 w1 +w1 seat=s self";
    assert_eq!(scored(&rules, line), (13, [-16384, 49152, -16384, -16384]));
}

#[test]
fn a_file_from_nothing_names_its_scheme_and_its_name() {
    let cases: &[(&str, usize, usize, &str)] = &[
        (
            "base = \"none\"\nname = \"X\"\n",
            1,
            8,
            "a rule set written from nothing (base = \"none\") says whose payments it uses: scheme = \"zung_jung\", \"doubling\" or \"huang\"",
        ),
        (
            "base = \"none\"\nscheme = \"zj\"\nname = \"X\"\n",
            2,
            10,
            "no scheme 'zj': scheme is one of \"zung_jung\", \"doubling\" or \"huang\"",
        ),
        (
            "base = \"wsom\"\nscheme = \"huang\"\n",
            2,
            10,
            "scheme is for a rule set written from nothing (base = \"none\"): base = \"wsom\" has its own payments",
        ),
        (
            "base = \"none\"\nscheme = \"huang\"\n",
            1,
            8,
            "a rule set written from nothing (base = \"none\") needs its name: name = \"...\"",
        ),
        (
            "base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"Chick\"\nvalue = 1\nfallback = true\nsuits = 1\n",
            2,
            1,
            "'Chick' is a fallback hand, which scores when no other pattern does: it asks nothing but its shape, and is no limit (a chicken hand: fallback = true, value and shape)",
        ),
        (
            "base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"S\"\nvalue = 1\nseries = \"a b\"\n",
            6,
            10,
            "a series is named as an id is: 'a b' holds ' ': an id is letters, digits, '.', '-' and '_', as \"c.1\"",
        ),
    ];
    for &(text, line, column, message) in cases {
        assert_eq!(refused(text), (line, column, message.to_string()), "{text}");
    }
}

#[test]
fn a_hand_holds_any_of_its_parts_or_all_of_them() {
    let rules = load(EITHER_CLUB);
    // Each hand self-drawn by East (the seat wind is w1), so each other seat pays the total.
    // Two dragon triplets: c.1 (either part), not c.2 (no wind triplet). 1.2 Concealed 5,
    // 3.1 Value Honor 10 twice, 4.2.1 Two Concealed Triplets 5, c.1 20: 50.
    assert_eq!(
        scored(&rules, "e111 e222 b123 c456 d5 +d5 self"),
        (50, [150, -50, -50, -50])
    );
    // A dragon and a South wind triplet: c.2 (both parts), not c.1 (one dragon, one wind).
    // 1.2 5, 3.1 10 (the dragon's; South is not East's wind), 4.2.1 5, c.2 15: 35.
    assert_eq!(
        scored(&rules, "e111 w222 b123 c456 d5 +d5 self"),
        (35, [105, -35, -35, -35])
    );
    // Three wind triplets: c.1 (its second part), not c.2 (no dragon). 1.2 5, 3.1 10 (w111,
    // East's own wind), 3.3.2 Big Three Winds 120, 4.2.2 Three Concealed Triplets 30,
    // c.1 20: 185.
    assert_eq!(
        scored(&rules, "w111 w222 w333 c456 d5 +d5 self"),
        (185, [555, -185, -185, -185])
    );
    // One wind triplet: neither. 1.2 5, 4.2.1 5: 10.
    assert_eq!(
        scored(&rules, "b111 w222 b123 c456 d5 +d5 self"),
        (10, [30, -10, -10, -10])
    );
    // The card words each.
    let card = mjscore(&["rules", "show", EITHER_CLUB]).stdout;
    assert!(
        card.contains("regular, and either (2+ triplets of e123) or (3+ triplets of w1234)"),
        "{card}"
    );
    assert!(
        card.contains("(1+ triplets of e123) and (1+ triplets of w1234)"),
        "{card}"
    );
}

#[test]
fn a_part_that_asks_nothing_or_counts_sets_is_refused() {
    let hand = |parts: &str| {
        format!("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"P\"\nvalue = 5\n{parts}\n")
    };
    let cases: &[(&str, usize, usize, &str)] = &[
        (
            "any_of = [{}]",
            6,
            11,
            "a part of any_of asks nothing: give it a condition's keys, as a hand's (tiles, triplets, ...)",
        ),
        (
            "all_of = [{ each_triplet_of = \"dragons\" }]",
            6,
            11,
            "each_triplet_of counts a hand's sets or pairs, each once: it is a key of the hand, not of a part",
        ),
        (
            "any_of = [{ suits = 2, tiles = \"bamboo\" }]",
            6,
            11,
            "no hand can meet this part of any_of: it needs 2 suits, and its tiles are of 1",
        ),
        (
            // The fourth part in, at its brace.
            "any_of = [{ any_of = [{ any_of = [{ any_of = [{ straight = true }] }] }] }]",
            6,
            47,
            "any_of is nested 4 deep: a part's parts go 3 deep at most",
        ),
    ];
    for &(parts, line, column, message) in cases {
        let text = hand(parts);
        assert_eq!(
            refused(&text),
            (line, column, message.to_string()),
            "{text}"
        );
    }
    // Nested past what the TOML reader itself takes (a few hundred deep), in plain words.
    let deep = "[{ any_of = ".repeat(3000) + "[{ straight = true }]" + &" }]".repeat(3000);
    let (line, _, message) = refused(&hand(&format!("any_of = {deep}")));
    assert_eq!(
        (line, message.as_str()),
        (
            6,
            "tables and lists nested too deep: a hand's parts (any_of, all_of) go 3 deep at most"
        )
    );
    // A key no part has, with the keys a part has.
    let (line, column, message) = refused(&hand("any_of = [{ triplet = 2 }]"));
    assert_eq!((line, column), (6, 13));
    assert!(
        message
            .starts_with("no key 'triplet' here: did you mean triplets? (the keys: tiles, suits,"),
        "{message}"
    );
    // A fallback hand has no parts.
    let text = "base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"F\"\nvalue = 1\nfallback = true\nany_of = [{ straight = true }]\n";
    assert!(
        refused(text).2.starts_with("'F' is a fallback hand"),
        "{:?}",
        refused(text)
    );
}

#[test]
fn a_hand_asks_how_the_winning_tile_completed_it() {
    let text = "base = \"wsom\"\n\
        [[hands]]\nid = \"c.1\"\nname = \"Closed Wait\"\nvalue = 5\nwait = \"closed\"\n\
        [[hands]]\nid = \"c.2\"\nname = \"Edge or Single\"\nvalue = 7\nwait = [\"edge\", \"single\"]\n\
        [[hands]]\nid = \"c.3\"\nname = \"Dual Wait\"\nvalue = 3\nwait = \"dual\"\n";
    let rules = mjscore::RuleSet::from_rules_file(text).unwrap_or_else(|e| panic!("{e}"));
    // Each self-drawn by East, with one reading each: 1.1 All Sequences 5 and 1.2 Concealed
    // Hand 5 where four runs, then the club's hand of its wait; each other seat pays it.
    let cases = [
        // b5 in the middle of b456: closed, c.1. 5 + 5 + 5.
        ("b123 c456 d789 b46 w11 +b5 self", 15),
        // b3 to b12: edge, c.2. 5 + 5 + 7.
        ("b12 c456 d789 b456 w11 +b3 self", 17),
        // b7 to b89: edge too.
        ("b123 c456 d89 b456 w11 +d7 self", 17),
        // b1 to b23, which b4 would have completed too: open, no club hand. 5 + 5.
        ("b23 c456 d789 b456 w11 +b1 self", 10),
        // w1 to the pair: single, c.2. 5 + 5 + 7.
        ("b123 c456 d789 b456 w1 +w1 self", 17),
        // b5 to b55, with w11 the other pair: dual, c.3; a triplet, so no 1.1. 1.2 5 + 3.
        ("b123 c456 d789 b55 w11 +b5 self", 8),
    ];
    for (line, total) in cases {
        let paid = total as i64;
        assert_eq!(
            scored(&rules, line),
            (total, [3 * paid, -paid, -paid, -paid]),
            "{line}"
        );
    }
    // The card words each.
    let path = std::env::temp_dir().join(format!("mjscore-waits-{}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let card = mjscore(&["rules", "show", path.to_str().unwrap()]).stdout;
    std::fs::remove_file(&path).unwrap();
    assert!(
        card.contains("won on a closed wait (the middle of a run)"),
        "{card}"
    );
    assert!(
        card.contains("won on a single wait (the pair) or on an edge wait (3 of 12, 7 of 89)"),
        "{card}"
    );
    // A word that is no wait, with the words that are.
    assert_eq!(
        refused("base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"W\"\nvalue = 5\nwait = \"kanchan\"\n"),
        (
            6,
            8,
            "'kanchan': wait is how the winning tile completed the hand: \"single\", \"edge\", \"closed\", \"open\" or \"dual\", or a list of them".to_string()
        )
    );
}
