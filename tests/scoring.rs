//! Scoring table: hands with the exact patterns they score and their total, worked out by
//! hand from Zung Jung v3.3 as docs/rules.md states it. Every one of the 44 patterns appears.
//!
//! Patterns are listed in table order; 3.1 Value Honor once per set. Unless a line says
//! `self`, the win is on a discard; the default seat is East.

use mjscore::rules::{WSOM, ZJ};
use mjscore::score::{FalseWin, Outcome};
use mjscore::tile::Seat;
use mjscore::RuleSet;

/// What a hand scores: counted pattern ids, total and limit, or why it is a false win.
fn outcome(line: &str, rules: &RuleSet) -> String {
    let scored = mjscore::score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    match scored.outcome {
        Outcome::Win { reading, .. } => {
            let ids: Vec<&str> = reading
                .counted()
                .iter()
                .map(|c| c.pattern.id.as_ref())
                .collect();
            let limit = reading
                .limit
                .map(|l| format!(" {} limit", l.name()))
                .unwrap_or_default();
            format!("{} = {}{limit}", ids.join(" "), reading.total)
        }
        Outcome::FalseWin(FalseWin::NotAWinningHand) => "not a winning hand".into(),
        Outcome::FalseWin(FalseWin::BelowMinimum { reading, .. }) => {
            format!("below minimum ({})", reading.total)
        }
        Outcome::FalseWin(FalseWin::Refused { reason }) => reason.into(),
    }
}

/// Signed payments East, South, West, North.
fn payments(line: &str, rules: &RuleSet) -> [i64; 4] {
    match mjscore::score_line(line, rules).unwrap().outcome {
        Outcome::Win { payments, .. } => Seat::ALL.map(|s| payments.of(s)),
        other => panic!("{line}: not a win: {other:?}"),
    }
}

fn check(table: &[(&str, &str)], rules: &RuleSet) {
    let mut failures = Vec::new();
    for (line, expected) in table {
        let got = outcome(line, rules);
        if got != *expected {
            failures.push(format!(
                "{line}\n    expected {expected}\n    got      {got}"
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_pattern_with_its_exact_list_and_total() {
    check(EVERY_PATTERN, &WSOM);
}

#[test]
fn the_table_covers_all_44_patterns() {
    let listed: Vec<&str> = EVERY_PATTERN
        .iter()
        .flat_map(|(_, expected)| expected.split(' '))
        .collect();
    let missing: Vec<&str> = mjscore::rules::zung_jung::PATTERNS
        .iter()
        .map(|p| p.id.as_ref())
        .filter(|id| !listed.contains(id))
        .collect();
    assert!(
        missing.is_empty(),
        "patterns with no hand in the table: {missing:?}"
    );
}

const EVERY_PATTERN: &[(&str, &str)] = &[
    // 1.1 + 1.2: b123 b345 d234 d678 e22 (WSOM's All Sequences hand). 5 + 5.
    ("b123345 d234678 e2 +e2", "1.1 1.2 = 10"),
    // 1.3: b222 c345 c456 d888 d22 (WSOM's example), self-drawn: b222 d888 concealed → 4.2.1.
    ("b222 c345456 d888 d2 +d2 self", "1.2 1.3 4.2.1 = 15"),
    // 2.1.1: d333 d456 d888 e333 w44 (WSOM's example), d333 melded. White Dragon pung 10;
    // d888 e333 concealed (the w4 went to the pair) → 4.2.1. 40 + 10 + 5.
    (
        "[p d333] d456 d888 e333 w4 +w4 seat=n from=e",
        "2.1.1 3.1 4.2.1 = 55",
    ),
    // 2.1.2: b222 b234 b456 b888 b99 (WSOM's example). 5 + 80 + 5.
    ("b222234456888 b9 +b9 self", "1.2 2.1.2 4.2.1 = 90"),
    // 2.2: 1112345678999 + any tile of the suit: listed limit, alone.
    ("c1112345678999 +c5 self", "2.2 = 480 listed limit"),
    ("c1112345678999 +c9 from=s", "2.2 = 480 listed limit"),
    // 3.1 twice: Red Dragon pung and South (seat wind of South) pung.
    (
        "b123 c456 e111 [p w222] d5 +d5 seat=s from=w",
        "3.1 3.1 = 20",
    ),
    // 3.2.1: e111 e222 + pair e33; two value honors; e111 e222 concealed. 5+20+40+5.
    (
        "e111 e222 e3 b234 c678 +e3 from=s",
        "1.2 3.1 3.1 3.2.1 4.2.1 = 70",
    ),
    // 3.2.2: three dragon pungs, three value honors. 30 + 130.
    (
        "[p e111] [p e222] e333 b567 c1 +c1 seat=w from=n",
        "3.1 3.1 3.1 3.2.2 = 160",
    ),
    // 3.3.1: w111 w222 + w33, with b123 b789: one suit + honors, every set terminal
    // or honor. North's seat wind is w4: no value honor. 5 + 40 + 30 + 5 + 40.
    (
        "w111 w222 w3 b123 b789 +w3 seat=n self",
        "1.2 2.1.1 3.3.1 4.2.1 8.1.1 = 120",
    ),
    // 3.3.2: three wind pungs; West's own wind w333 is a value honor. 10 + 120.
    (
        "[p w111] [p w222] [p w333] c456 d7 +d7 seat=w from=s",
        "3.1 3.3.2 = 130",
    ),
    // 3.3.3: three wind triplets + wind pair: listed limit.
    (
        "w111 w222 w333 w4 b456 +w4 self",
        "3.3.3 = 320 listed limit",
    ),
    // 3.3.4: four wind pungs: listed limit 400 (also 4.1, 2.1.1, 8.1.3, 3.1 set aside).
    (
        "[p w111] [p w222] [p w333] [p w444] d9 +d9 from=s",
        "3.3.4 = 400 listed limit",
    ),
    // 3.4: all honors, regular and as Seven Pairs.
    ("w111 w222 e111 e222 e3 +e3 self", "3.4 = 320 listed limit"),
    ("w11223344 e11223 +e3 self", "3.4 = 320 listed limit"),
    // 4.1: d333 b444 d888 e333 w44 (WSOM's example), two melded. 10 + 30 + 5.
    (
        "[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e",
        "3.1 4.1 4.2.1 = 45",
    ),
    // 4.2.2 and 4.2.3: the discard-completed triplet trap (b555 exposed by
    // the discard: 3 concealed; self-drawn: 4). 5 + 5 + 30 + 30 and 5 + 5 + 30 + 125.
    (
        "d222 d888 c222 b44 b55 +b5 seat=e from=n",
        "1.2 1.3 4.1 4.2.2 = 70",
    ),
    (
        "d222 d888 c222 b44 b55 +b5 seat=e self",
        "1.2 1.3 4.1 4.2.3 = 165",
    ),
    // 4.3.1: one exposed kong.
    ("[k b2222] c123 c456 d789 w3 +w3 from=s", "4.3.1 = 5"),
    // 4.3.2: one exposed and one concealed kong; one concealed "triplet" is not two.
    ("[k b2222] [ck b5555] c123 c789 d7 +d7 from=s", "4.3.2 = 20"),
    // 4.3.3: b2222 b5555 c7777 (WSOM's example) + d444 + e11; c7777 concealed kong and
    // d444 concealed. 30 + 5 + 120.
    (
        "[k b2222] [k b5555] [ck c7777] d444 e1 +e1 seat=s from=w",
        "4.1 4.2.1 4.3.3 = 155",
    ),
    // 4.3.4: four kong, listed limit.
    (
        "[k b2222] [k b5555] [k c7777] [ck e1111] d4 +d4 from=s",
        "4.3.4 = 480 listed limit",
    ),
    // 5.1.1: b345 twice.
    ("b345345 c678 d234 w2 +w2 from=s", "1.1 1.2 5.1.1 = 20"),
    // 5.1.2: b345 b345 d789 d789 (WSOM's example) + c55. Also Seven Pairs (30): the regular
    // reading is better, 5 + 5 + 60.
    ("b345345 d789789 c5 +c5 self", "1.1 1.2 5.1.2 = 70"),
    // 5.1.3: b567 ×3 + c123 + d55, won on a discarded b6. As triplets b555 b666 b777
    // the discard exposes b666: 5 + 5 + 100 = 110; as sequences 5 + 5 + 120 = 130.
    ("b55566777 c123 d55 +b6 from=s", "1.1 1.2 5.1.3 = 130"),
    // 5.1.4: b234 ×4 beats b222 b333 b444 b234 (140): listed limit.
    ("b234234234234 d5 +d5 self", "5.1.4 = 480 listed limit"),
    // 6.1: b567 c567 d567 + b999 + w11. 5 + 35.
    ("b567 c567 d567 b999 w1 +w1 from=s", "1.2 6.1 = 40"),
    // 6.2.1: b444 c444 + pair d44, with b678 and e333; all three triplets concealed
    // (the discard went to the pair). 5 + 10 + 30 + 30.
    (
        "b444 c444 d4 b678 e333 +d4 from=s",
        "1.2 3.1 4.2.2 6.2.1 = 75",
    ),
    // 6.2.2: b444 c444 d444.
    ("[p b444] [p c444] d444 b678 e3 +e3 from=s", "6.2.2 = 120"),
    // 7.1: the WSOM scoring summary's Example 1.
    ("b66 c12345678 d111 +c9 self seat=s", "1.2 7.1 = 45"),
    // 7.2.1: the WSOM rulebook's example (East's pung is no value honor for North).
    (
        "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e",
        "2.1.1 4.1 7.2.1 = 170",
    ),
    // 7.2.2: b111 b222 b333 b444 + e33. 40 + 30 + 200.
    (
        "[p b111] [p b222] [p b333] [p b444] e3 +e3 from=s",
        "2.1.1 4.1 7.2.2 = 270",
    ),
    // 8.1.1: b123 c789 b999 e111 d11 (WSOM's example). 5 + 10 + 5 + 40.
    (
        "b123 c789 b999 e111 d1 +d1 from=s",
        "1.2 3.1 4.2.1 8.1.1 = 60",
    ),
    // 8.1.2: b123 c789 b999 d999 d11 (WSOM's example). 5 + 5 + 50.
    ("b123 c789 b999 d999 d1 +d1 self", "1.2 4.2.1 8.1.2 = 60"),
    // 8.1.3: b111 c999 e111 e222 d11 (WSOM's example), b111 melded. 20 + 30 + 30 + 100.
    (
        "[p b111] c999 e111 e222 d1 +d1 from=s",
        "3.1 3.1 4.1 4.2.2 8.1.3 = 180",
    ),
    // 8.1.3 on Seven Pairs: 30 + 100.
    ("b1199 c1199 w11 e11 e2 +e2 self", "8.1.3 10.2 = 130"),
    // 8.1.4: b111 b999 d111 c111 c99 (WSOM's example), and as Seven Pairs with b1111.
    ("b111999 d111 c111 c9 +c9 self", "8.1.4 = 400 listed limit"),
    (
        "b1111 b99 c1199 d11 d9 +d9 self",
        "8.1.4 = 400 listed limit",
    ),
    // 9.1.1 / 9.1.2: West's own wind w333 is a value honor. 5 + 10 + 10.
    (
        "b123 c456 d789 b5 w333 +b5 self last seat=w",
        "1.2 3.1 9.1.1 = 25",
    ),
    (
        "b123 c456 d789 b5 w333 +b5 last seat=w from=n",
        "1.2 3.1 9.1.2 = 25",
    ),
    // 9.2: on a concealed kong's supplement; with `last` both count (docs/rules.md § Patterns).
    (
        "[ck d1111] b123 c456 c789 e2 +e2 kong",
        "1.2 4.3.1 9.2 = 20",
    ),
    (
        "[ck d1111] b123 c456 c789 e2 +e2 kong last",
        "1.2 4.3.1 9.1.1 9.2 = 30",
    ),
    // 9.3: robbing a kong of b9. 5 + 5 + 10.
    (
        "b123 c456 d789 w22 b7 b8 +b9 rob from=s",
        "1.1 1.2 9.3 = 20",
    ),
    // 9.4.1 / 9.4.2. 5 + 5 + 155.
    ("b123 c456 d789 b789 w2 +w2 heaven", "1.1 1.2 9.4.1 = 165"),
    (
        "b123 c456 d789 b789 w2 +w2 earth seat=s",
        "1.1 1.2 9.4.2 = 165",
    ),
    // 10.1: no other pattern but 9.x.
    ("b19 c19 d19 w1234 e123 +e3", "10.1 = 160"),
    ("b19 c19 d19 w1234 e123 +e3 self last", "9.1.1 10.1 = 170"),
    // 10.2, with four identical tiles as two pairs, and with No Terminals.
    ("b1133 c5577 d22 w33 e1 +e1 self", "10.2 = 30"),
    ("b1111 c5577 d22 w33 e1 +e1 self", "10.2 = 30"),
    ("b224466 c3366 d55 d8 +d8 self", "1.3 10.2 = 35"),
];

#[test]
fn arrangement_traps() {
    check(
        &[
            // A melded chow is the same sequence as two concealed ones: Three Identical
            // Sequences 120 (5.1.3) + All Sequences 5 (1.1: d77 pair, no honors) = 125.
            ("[c b123] b123123 c456 d7 +d7", "1.1 5.1.3 = 125"),
            // Pungs (5 + 30 + 100) beat three identical sequences (5 + 5 + 120).
            (
                "c222333444 b789 d5 +d5 self seat=w",
                "1.2 4.2.2 7.2.1 = 135",
            ),
            // The winning tile placed in the pair keeps every triplet concealed: here the
            // b5 can only go to b555, so the discard makes it exposed.
            (
                "d222 d888 c222 b44 b55 +b5 seat=e from=n",
                "1.2 1.3 4.1 4.2.2 = 70",
            ),
            // b11 b22 b33 c44 c55 c66 d77 is Seven Pairs (30) and b123 b123 c456 c456 d77
            // (5 + 5 + 60): the better one counts.
            ("b112233 c445566 d7 +d7 self", "1.1 1.2 5.1.2 = 70"),
            // Winning tile placement: the discarded b1 completes b111 (then exposed: two
            // concealed triplets, 4.2.1 = 10 in all) or b123 (b111 stays concealed: three
            // concealed triplets, 5 + 30). The better placement counts.
            ("b11123 c555 d999 w22 +b1 from=s", "1.2 4.2.2 = 35"),
        ],
        &WSOM,
    );
}

#[test]
fn limits() {
    check(
        &[
            // 325 without a listed pattern: 5 + 10 + 30 + 125 + 155 → compound limit 320.
            (
                "b111 c999 d555 e222 w1 +w1 heaven",
                "1.2 3.1 4.1 4.2.3 9.4.1 = 320 compound limit",
            ),
            // Big Three Dragons with b999 and b11: 5 + 40 + 30 + 130 + 30 + 125 + 100 = 460.
            (
                "e111 e222 e333 b999 b1 +b1 self",
                "1.2 2.1.1 3.1 3.1 3.1 3.2.2 4.1 4.2.3 8.1.3 = 320 compound limit",
            ),
            // Two listed patterns: the highest scores alone (Big Four Winds 400 over All
            // Honors 320).
            (
                "[p w111] [p w222] [p w333] [p w444] e1 +e1 from=s",
                "3.3.4 = 400 listed limit",
            ),
        ],
        &WSOM,
    );
}

#[test]
fn minimum_and_chicken_hand() {
    let chicken = "[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s";
    // WSOM: no pattern is a false win; ZJ: a 1-point Chicken Hand, each pays 1.
    assert_eq!(outcome(chicken, &WSOM), "below minimum (0)");
    assert_eq!(outcome(chicken, &ZJ), "chicken = 1");
    assert_eq!(payments(chicken, &ZJ), [3, -1, -1, -1]);
    // A hand with a pattern scores the same under both rule sets.
    assert_eq!(
        outcome("b66 c12345678 d111 +c9 self seat=s", &ZJ),
        "1.2 7.1 = 45"
    );
    // Tiles that win no way are a false win under both.
    assert_eq!(
        outcome("b1479 c258 d369 w12 e1 +e2 self", &WSOM),
        "not a winning hand"
    );
    assert_eq!(
        outcome("b1479 c258 d369 w12 e1 +e2 self", &ZJ),
        "not a winning hand"
    );
}

#[test]
fn payments_by_seat() {
    // The WSOM scoring summary's Example 1: self-drawn 45, each pays 45 to South.
    assert_eq!(
        payments("b66 c12345678 d111 +c9 self seat=s", &WSOM),
        [-45, 135, -45, -45]
    );
    // The WSOM rulebook's example: 170 on East's discard: East 3 × 170 − 50 = 460, the others 25.
    let example = "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e";
    assert_eq!(payments(example, &WSOM), [-460, -25, -25, 510]);
    // Same-Round Immunity: South first discarded the c9, so South is responsible.
    assert_eq!(
        payments(&format!("{example} resp=s"), &WSOM),
        [-25, -460, -25, 510]
    );
    // resp= naming the discarder changes nothing.
    assert_eq!(
        payments(&format!("{example} resp=e"), &WSOM),
        [-460, -25, -25, 510]
    );
    // The winner had just discarded it himself: nobody responsible, each pays 170.
    assert_eq!(
        payments(&format!("{example} resp=none"), &WSOM),
        [-170, -170, -170, 510]
    );
    // No from=: the discarder is North's upper seat, West.
    let assumed = "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n";
    assert_eq!(payments(assumed, &WSOM), [-25, -25, -460, 510]);
    // 25 or less on a discard: everyone pays the value, whoever is responsible.
    assert_eq!(
        payments("b123 c456 d789 b5 w333 +b5 last seat=w from=n", &WSOM),
        [-25, -25, 75, -25]
    );
    assert_eq!(
        payments(
            "b123 c456 d789 b5 w333 +b5 last seat=w from=n resp=e",
            &WSOM
        ),
        [-25, -25, 75, -25]
    );
    // Blessing of Earth: paid by East, the discarder by definition. 3 × 165 − 50 = 445.
    assert_eq!(
        payments("b123 c456 d789 b789 w2 +w2 earth seat=s", &WSOM),
        [-445, 495, -25, -25]
    );
    // A limit hand: 480 self-drawn, each pays 480.
    assert_eq!(
        payments("c1112345678999 +c5 self", &WSOM),
        [1440, -480, -480, -480]
    );
}
