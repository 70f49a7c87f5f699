//! Huang's table (`--rules huang`), worked by hand from its rules as docs/rules-huang.md
//! states them.
//!
//! Unless a line says otherwise the winner is South (`seat=s`), winning on East's discard,
//! with the default `tin=late` (no Tin bonus) and round wind East. Payments (note 3): every
//! loser pays X, the dealer (East) double: a non-dealer winner receives 4X.
//!
//! Conventions of the working: "waits" lists the kinds the 13 tiles before the win were
//! waiting on (h.45 Single Tin needs exactly one); "hidden" counts h.61's concealed triples
//! (the one the winning tile completed excluded).

mod common;

use mjscore::render::{Format, Plain};
use mjscore::rules::HUANG;
use mjscore::score::{FalseWin, Outcome};
use mjscore::tile::Seat;
use mjscore::RuleSet;

/// "id:points … = X" (percentages as `id:+N%`), or why the hand does not win.
fn outcome(line: &str, rules: &RuleSet) -> String {
    let scored = mjscore::score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    let hand = mjscore::line::parse_for(line, rules).unwrap();
    mjscore::invariants::check(&hand, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    match scored.outcome {
        Outcome::Win { reading, .. } => {
            let ids: Vec<String> = reading
                .counted()
                .iter()
                .map(|c| format!("{}:{}", c.pattern.id, mjscore::output::points_label(c)))
                .collect();
            format!("{} = {}", ids.join(" "), reading.total)
        }
        Outcome::FalseWin(FalseWin::NotAWinningHand) => "not a winning hand".into(),
        Outcome::FalseWin(FalseWin::Refused { reason }) => format!("refused: {reason}"),
        Outcome::FalseWin(other) => format!("{other:?}"),
    }
}

fn payments(line: &str) -> [i64; 4] {
    match mjscore::score_line(line, &HUANG).unwrap().outcome {
        Outcome::Win { payments, .. } => Seat::ALL.map(|s| payments.of(s)),
        other => panic!("{line}: not a win: {other:?}"),
    }
}

fn check(table: &[(&str, &str)]) {
    let failures: Vec<String> = table
        .iter()
        .filter_map(|(line, want)| {
            let got = outcome(line, &HUANG);
            (got != *want).then(|| format!("{line}\n    want {want}\n    got  {got}"))
        })
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The worked example of docs/rules-huang.md (§ Percentages, payments, output), and with
/// `last=3`.
#[test]
fn the_worked_example() {
    // c123 c456 c789 runs, [p e111] open, pair d55 (d5 self-drawn). h.48 Mono Color Dragon 7
    // (it implies one h.21 Elder and Young: c123 with c789), h.20 the e111 triple 1, h.54
    // the d5 pair 1, h.45 Single Tin 2 (the 13 tiles waited on d5 alone), h.55 self-drawn 2,
    // h.7 Earth Tin 30: B = X = 43. h.1 fails: [p e111] is open. South receives 4 × 43.
    let line = "c123 c456 c789 d5 [p e111] +d5 self seat=s tin=earth";
    check(&[(line, "h.7:30 h.20:1 h.45:2 h.48:7 h.54:1 h.55:2 = 43")]);
    assert_eq!(payments(line), [-86, 172, -43, -43]);
    // last=3, self-drawn: h.62 +50 %: 43 × 1.5 = 64.5, rounded half up to 65.
    let line = format!("{line} last=3");
    check(&[(
        &line,
        "h.7:30 h.20:1 h.45:2 h.48:7 h.54:1 h.55:2 h.62:+50% = 65",
    )]);
    assert_eq!(payments(&line), [-130, 260, -65, -65]);
}

/// The three worked examples of docs/rules-huang.md § Seven Pairs: 20 + 2^N.
#[test]
fn seven_pairs_worked_examples() {
    check(&[
        // c11 c22 c33 d55 d66 b99 w11: trains c1-c2-c3 (2), d5-d6 (1), b9→East (1): N 4,
        // 20 + 16 = 36 (no regular reading: c112233 is c123 c123, d5566 is no set).
        ("c112233 d5566 b99 w1 +w1 seat=s from=e", "h.32:36 = 36"),
        // c22 c33 c44 d22 d33 d44 b77: the double train 234c ∥ 234d is 2 × 3 − 1 = 5
        // (C: three colours 0; D: four numbers 0): 20 + 32 = 52. The rival regular reading
        // c234 c234 d234 d234 b77 is worth h.1 2 + h.10 1 + h.35 1 + h.59 (four 234 runs in
        // two suits) 25 + h.45 (b7 only) 2 = 31: Seven Pairs wins.
        ("c223344 d223344 b7 +b7 seat=s from=e", "h.32:52 = 52"),
        // c11 c33 c55 c77 c99 w11 w44: A 1 (c9→East), C 4 (one suit and winds): 20 + 16.
        ("c1133557799 w114 +w4 seat=s from=e", "h.32:36 = 36"),
    ]);
}

/// Super trains of winds and of dragons: 4, 5, 6 or 7 pairs of one number (every wind is
/// one number, every dragon another; four identical tiles are two pairs) are worth 4, 5, 6
/// or 8, whether the pairs link or leave gaps. Won on East's discard, so h.32 alone counts.
/// "colours" and "numbers" are N's parts C and D, which a super train must beat or tie.
#[test]
fn seven_pairs_super_trains_of_honours() {
    check(&[
        // b1 c3 d5 + E W N N: East links to nothing here (E→S, and N→Red), yet the four wind
        // pairs are a super train: 4. Colours b c d w: 0; numbers 1 3 5 wind: 0. 20 + 2^4.
        ("b11 c33 d55 w1133444 +w4 seat=s from=e", "h.32:36 = 36"),
        // E W W N: the same with West doubled: 4 (W→N alone would be 1): 36.
        ("b11 c33 d55 w1133334 +w4 seat=s from=e", "h.32:36 = 36"),
        // E E S N: North has no neighbour among them: still a super train, 4: 36.
        ("b11 c33 d55 w1111224 +w4 seat=s from=e", "h.32:36 = 36"),
        // E S W N, no gap: the single train E→S→W→N is 3, the super train 4: 36.
        ("b11 c33 d55 w1122334 +w4 seat=s from=e", "h.32:36 = 36"),
        // E W W N N: a super train of 5 (5); numbers b1 c3 wind: 3, so D is 5 too: 20 + 32.
        ("b11 c33 w113333444 +w4 seat=s from=e", "h.32:52 = 52"),
        // E E W W N N: 6; numbers 1 and wind: D 6; colours b and winds: C 4. 20 + 64.
        ("b11 w11113333444 +w4 seat=s from=e", "h.32:84 = 84"),
        // E E S S W N N, all seven: 8 (C one colour 5, D one number 6): 20 + 256.
        ("w1111222233444 +w4 seat=s from=e", "h.32:276 = 276"),
        // E W N N and the Red pair: Red is a dragon, another number, so the super train stays
        // 4 pairs (W→N→Red alone is 2); colours 4 and numbers 4 give 0: 36, not 52.
        ("b11 c33 w11334444 e1 +e1 seat=s from=e", "h.32:36 = 36"),
        // Dragons R R G W: super train 4 (R→G→W is 2): 36.
        ("b11 c33 d55 e1112233 +e1 seat=s from=e", "h.32:36 = 36"),
        // R R W W, Green missing: 4 (two double trains R∥R and W∥W would be 1 + 1): 36.
        ("b11 c33 d55 e1111333 +e3 seat=s from=e", "h.32:36 = 36"),
        // R R G W W: 5; numbers b1 c3 dragon: D 5: 52.
        ("b11 c33 e111122333 +e3 seat=s from=e", "h.32:52 = 52"),
        // R R G G W W: 6; D 6; C (bamboo and dragons) 4: 84.
        ("b11 e11112222333 +e3 seat=s from=e", "h.32:84 = 84"),
    ]);
}

/// One hand for each pattern of Table 1 where it is the point of the hand, with its exact
/// pattern list.
#[test]
fn table_one_pattern_by_pattern() {
    check(&[
        // h.1 Door Clean: no meld. b123 c456 d789 runs (h.46 Three-Color Dragon 3), b555
        // hidden (h.61 1), w2 the only wait (h.45 2): 2 + 2 + 3 + 1 = 8.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e",
            "h.1:2 h.45:2 h.46:3 h.61:1 = 8",
        ),
        // The Tin declarations on the same hand: h.2 3, h.4 7, h.6 20, h.7 30, h.8 60.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=insect",
            "h.1:2 h.2:3 h.45:2 h.46:3 h.61:1 = 11",
        ),
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=ghost",
            "h.1:2 h.4:7 h.45:2 h.46:3 h.61:1 = 15",
        ),
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=human",
            "h.1:2 h.6:20 h.45:2 h.46:3 h.61:1 = 28",
        ),
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=earth",
            "h.1:2 h.7:30 h.45:2 h.46:3 h.61:1 = 38",
        ),
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=heaven",
            "h.1:2 h.8:60 h.45:2 h.46:3 h.61:1 = 68",
        ),
        // h.3 Mixed Color: b and winds/dragons. b123 b456 b789 (h.48 7, and its h.21 b123 +
        // b789 dropped), w222 the seat wind (h.27 1) hidden (h.61 1), e1 the only wait.
        (
            "b123 b456 b789 w222 e1 +e1 seat=s from=e",
            "h.1:2 h.3:5 h.27:1 h.45:2 h.48:7 h.61:1 = 18",
        ),
        // h.5 Mono Color: b123 b456 b789 b222 b55. b2 ×4 (b123 and b222): a hidden 4-in-2
        // item, h.58 6; h.48 7; b55 pair h.54 1; b222 hidden h.61 1; b5 the only wait.
        (
            "b123 b456 b789 b222 b5 +b5 seat=s from=e",
            "h.1:2 h.5:12 h.45:2 h.48:7 h.54:1 h.58:6 h.61:1 = 31",
        ),
        // h.9 All Characters: w111 w222 e111 e222 e33. h.24 Small Three Yuan 20 (drops two
        // h.20, h.22, h.23); h.27 w222 seat + w111 round 1 + 1; four hidden triples h.61 27;
        // h.9 drops h.12, h.16, h.43, h.47, h.51 (two numbers: winds, dragons).
        (
            "w111 w222 e111 e222 e3 +e3 seat=s from=e",
            "h.1:2 h.9:100 h.24:20 h.27:1 h.27:1 h.45:2 h.61:27 = 153",
        ),
        // h.10 No U and h.35 All Suit: runs, no 1 or 9, no honour; c2 pair h.54.
        (
            "b234 c456 d678 b567 c2 +c2 seat=s from=e",
            "h.1:2 h.10:1 h.35:1 h.45:2 h.54:1 = 7",
        ),
        // h.11 Two Colors: b and c only; b123 b456 c789 is h.44 Two-Color Dragon 1.
        (
            "b123 b456 c789 c234 b5 +b5 seat=s from=e",
            "h.1:2 h.11:2 h.35:1 h.44:1 h.45:2 h.54:1 = 9",
        ),
        // h.12 Mixed U and h.13 Five Color: every group a U or honours; b123 d123 a 2-suit
        // duplicate-run group h.59 1; w111 round-wind triple h.27 1, hidden h.61 1.
        (
            "b123 c789 d123 w111 e2 +e2 seat=s from=e",
            "h.1:2 h.12:4 h.13:5 h.27:1 h.45:2 h.59:1 h.61:1 = 16",
        ),
        // h.14 All with U (drops h.12): every group holds a U, no honour.
        (
            "b123 c789 d123 b999 c1 +c1 seat=s from=e",
            "h.1:2 h.14:7 h.45:2 h.59:1 h.61:1 = 13",
        ),
        // h.15 All with One Number (5 in every group), h.10, h.49 (3, 4, 5), h.58 (b5 ×4 in
        // b345 and b555: 6), h.59 345 in three suits 3. Waits c2 and c5: no h.45.
        (
            "b345 c345 d345 b555 c5 +c5 seat=s from=e",
            "h.1:2 h.10:1 h.15:12 h.49:12 h.54:1 h.58:6 h.59:3 h.61:1 = 38",
        ),
        // h.16 Mixed U Triples (drops h.47): b111 c999 w222 e333, d55 pair; h.13 five colours.
        (
            "b111 c999 w222 e333 d5 +d5 seat=s from=e",
            "h.1:2 h.13:5 h.16:20 h.20:1 h.27:1 h.45:2 h.54:1 h.61:27 = 59",
        ),
        // h.17 U Triples (drops h.16, h.47, h.49, one h.21: b111 with b999); h.60 1 in b, d
        // and 9 in b, c: 3 + 3.
        (
            "b111 c999 d111 b999 d5 +d5 seat=s from=e",
            "h.1:2 h.17:30 h.45:2 h.54:1 h.60:3 h.60:3 h.61:27 = 68",
        ),
        // h.18: the 13 tiles held a pair (e11), e2 was the one wait; h.19: 13 kinds.
        ("b19 c19 d19 w1234 e113 +e2 seat=s from=e", "h.18:60 = 60"),
        ("b19 c19 d19 w1234 e123 +e3 seat=s from=e", "h.19:100 = 100"),
        // h.20 Dragon Triple: e111; three suits' 123 456 789 is h.46.
        (
            "b123 c456 d789 e111 b5 +b5 seat=s from=e",
            "h.1:2 h.20:1 h.45:2 h.46:3 h.54:1 h.61:1 = 10",
        ),
        // h.21 Elder and Young: b123 with b789; 123b 456c 789b is h.44.
        (
            "b123 b789 c456 d234 w1 +w1 seat=s from=e",
            "h.1:2 h.21:2 h.44:1 h.45:2 = 7",
        ),
        // h.22 (drops one h.20), h.23 (drops two), h.24, h.25 (drops three h.20 and h.23).
        (
            "b123 c456 d789 e111 e2 +e2 seat=s from=e",
            "h.1:2 h.22:3 h.45:2 h.46:3 h.61:1 = 11",
        ),
        (
            "b123 c456 e111 e222 b5 +b5 seat=s from=e",
            "h.1:2 h.23:5 h.45:2 h.54:1 h.61:3 = 13",
        ),
        (
            "b123 c456 e111 e222 e3 +e3 seat=s from=e",
            "h.1:2 h.24:20 h.45:2 h.61:3 = 27",
        ),
        (
            "b123 e111 e222 e333 b5 +b5 seat=s from=e",
            "h.1:2 h.3:5 h.25:60 h.45:2 h.54:1 h.61:9 = 79",
        ),
        // h.26 All U: drops h.12, h.14, h.16, h.17, h.47, h.49, h.51 and one h.21.
        (
            "b111 b999 c111 d999 c9 +c9 seat=s from=e",
            "h.1:2 h.26:100 h.45:2 h.60:3 h.60:3 h.61:27 = 137",
        ),
        // h.28 Same Suit: b123 twice.
        (
            "b123123 c456 d789 w1 +w1 seat=s from=e",
            "h.1:2 h.28:2 h.45:2 h.46:3 = 9",
        ),
        // h.29 Open Quad (an open meld: no h.1).
        (
            "[k b2222] c456 d789 b567 w1 +w1 seat=s from=e",
            "h.29:3 h.45:2 = 5",
        ),
        // h.30 Small Three Winds; h.31 Big Three Winds; h.33 Small Four Winds (drops h.30,
        // h.31); h.34 Big Four Winds (drops h.31, h.16, h.43, h.47, h.49, h.51, every h.27).
        (
            "w111 w222 w3 b123 c456 +w3 seat=s from=e",
            "h.1:2 h.27:1 h.27:1 h.30:5 h.45:2 h.61:3 = 14",
        ),
        (
            "w111 w222 w333 b123 c5 +c5 seat=s from=e",
            "h.1:2 h.27:1 h.27:1 h.31:12 h.45:2 h.54:1 h.61:9 = 28",
        ),
        (
            "w111 w222 w333 w4 b123 +w4 seat=s from=e",
            "h.1:2 h.3:5 h.12:4 h.27:1 h.27:1 h.33:30 h.45:2 h.61:9 = 54",
        ),
        (
            "w111 w222 w333 w444 b5 +b5 seat=s from=e",
            "h.1:2 h.3:5 h.34:100 h.45:2 h.54:1 h.61:27 = 137",
        ),
        // h.36 Golden Rooster (drops h.45): four open melds; b c d w e, h.13.
        (
            "[c b123] [c c456] [p d777] [p w222] e1 +e1 seat=s from=e",
            "h.13:5 h.27:1 h.36:2 = 8",
        ),
        // The bi-ribbons (each drops the duplicate-run groups its runs make).
        (
            "b234 c234 d567 b567 w1 +w1 seat=s from=e",
            "h.1:2 h.37:3 h.45:2 = 7",
        ),
        (
            "b123 c123 d789 b789 w1 +w1 seat=s from=e",
            "h.1:2 h.12:4 h.21:2 h.38:4 h.45:2 = 14",
        ),
        (
            "b234 c234 b567 c567 w1 +w1 seat=s from=e",
            "h.1:2 h.39:5 h.45:2 = 9",
        ),
        (
            "b123 c123 b789 c789 w1 +w1 seat=s from=e",
            "h.1:2 h.12:4 h.21:2 h.21:2 h.40:7 h.45:2 = 19",
        ),
        // h.41/h.42 with an open chow, so that no Seven Pairs reading outscores them.
        (
            "[c b234] b234567567 w1 +w1 seat=s from=e",
            "h.3:5 h.41:12 h.45:2 = 19",
        ),
        (
            "[c b123] b123789789 w1 +w1 seat=s from=e",
            "h.3:5 h.12:4 h.42:20 h.45:2 = 31",
        ),
        // h.43 Character Triples (drops h.47, h.16, h.49); h.23 two dragon triples.
        (
            "w111 w222 e111 e222 b5 +b5 seat=s from=e",
            "h.1:2 h.3:5 h.23:5 h.27:1 h.27:1 h.43:60 h.45:2 h.54:1 h.61:27 = 104",
        ),
        // h.45 Single Tin: b12 waits on b3 only (an edge wait).
        (
            "b123 c456 d789 b12 w11 +b3 seat=s from=e",
            "h.1:2 h.28:2 h.45:2 h.46:3 = 9",
        ),
        // h.47 All in Triple; b c d w e: h.13.
        (
            "b222 c333 d444 w111 e1 +e1 seat=s from=e",
            "h.1:2 h.13:5 h.27:1 h.45:2 h.47:5 h.61:27 = 42",
        ),
        // h.49 Three Numbers: 1, 2, winds. Waits b2 and b3 (b11 + b123): no h.45.
        (
            "b111 c111 d222 w333 b2 +b2 seat=s from=e",
            "h.1:2 h.47:5 h.49:12 h.54:1 h.60:3 h.61:27 = 50",
        ),
        // h.50 Four Triples in 2, 5, 8 (drops h.47); 5 in b and c: h.60 4.
        (
            "b222 c555 d888 b555 w1 +w1 seat=s from=e",
            "h.1:2 h.45:2 h.50:20 h.60:4 h.61:27 = 55",
        ),
        // h.51 Two Numbers (drops h.47, h.49): 1s and winds; h.60 1 in all three suits 12.
        (
            "b111 c111 d111 w222 w3 +w3 seat=s from=e",
            "h.1:2 h.12:4 h.16:20 h.27:1 h.45:2 h.51:30 h.60:12 h.61:27 = 98",
        ),
        // h.52 Heaven Hu: drops h.1 and h.55; no Single Tin with heaven.
        (
            "b123 c456 d789 b789 w2 +w2 heaven",
            "h.21:2 h.46:3 h.52:200 h.59:1 = 206",
        ),
        // h.53 Earth Hu: drops h.1.
        (
            "b123 c456 d789 b789 w2 +w2 earth seat=s",
            "h.21:2 h.45:2 h.46:3 h.53:200 h.59:1 = 208",
        ),
        // h.55 Self Fetching; h.56 Last Card.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s self",
            "h.1:2 h.45:2 h.46:3 h.55:2 h.61:1 = 10",
        ),
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e lastcopy",
            "h.1:2 h.45:2 h.46:3 h.56:1 h.61:1 = 9",
        ),
    ]);
}

/// Tables 2, 3 and 4 (h.58-h.61).
#[test]
fn the_lookup_tables() {
    check(&[
        // One hidden quad [ck], no item: Table 2 (H, none) 6; it is also a hidden triple.
        (
            "[ck b2222] c456 d789 b567 w1 +w1 seat=s from=e",
            "h.1:2 h.45:2 h.58:6 h.61:1 = 11",
        ),
        // 123 in b and c: a 2-suit group, h.59 1.
        (
            "b123 c123 d456 b789 w1 +w1 seat=s from=e",
            "h.1:2 h.21:2 h.45:2 h.46:3 h.59:1 = 10",
        ),
        // 3 in b and c as triples: h.60 2x3, "others" 2.
        (
            "b333 c333 d456 b789 w1 +w1 seat=s from=e",
            "h.1:2 h.45:2 h.60:2 h.61:3 = 9",
        ),
        // Two hidden triples: h.61 3.
        (
            "b111 c222 d456 b789 w1 +w1 seat=s from=e",
            "h.1:2 h.45:2 h.61:3 = 7",
        ),
    ]);
}

/// The percentages of notes 10 and 11 (h.62-h.67), on one 8-point hand (10 self-drawn).
#[test]
fn percentages_apply_once_to_the_base() {
    check(&[
        // last=3 self-drawn +50 %: 10 × 1.5 = 15.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s self last=3",
            "h.1:2 h.45:2 h.46:3 h.55:2 h.61:1 h.62:+50% = 15",
        ),
        // last=3 on a discard +25 %: 8 × 1.25 = 10.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e last=3",
            "h.1:2 h.45:2 h.46:3 h.61:1 h.63:+25% = 10",
        ),
        // last, self-drawn +100 %: 20; on the last discard +50 %: 12.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s self last",
            "h.1:2 h.45:2 h.46:3 h.55:2 h.61:1 h.64:+100% = 20",
        ),
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e last",
            "h.1:2 h.45:2 h.46:3 h.61:1 h.65:+50% = 12",
        ),
        // rob +100 % (the robbed d7 is not in the hand): h.1 2, h.45 (d89 waits on d7 only)
        // 2, h.46 3, h.61 b555 1: 8 × 2 = 16.
        (
            "b123 c456 d89 b555 w22 +d7 seat=s from=e rob",
            "h.1:2 h.45:2 h.46:3 h.61:1 h.66:+100% = 16",
        ),
        // rob with last=2: both percentages, +125 %: 8 × 2.25 = 18.
        (
            "b123 c456 d89 b555 w22 +d7 seat=s from=e rob last=2",
            "h.1:2 h.45:2 h.46:3 h.61:1 h.63:+25% h.66:+100% = 18",
        ),
        // d78 waits on d6 and d9: no Single Tin; 6 × 2 = 12.
        (
            "b123 c456 d78 b555 w22 +d9 seat=s from=e rob",
            "h.1:2 h.46:3 h.61:1 h.66:+100% = 12",
        ),
        // kong +100 %: [ck d1111] (h.58 H 6, h.61 1), b123 c456 c789 (h.44 1), e2 pair,
        // self-drawn (h.55 2): 14 × 2 = 28.
        (
            "[ck d1111] b123 c456 c789 e2 +e2 seat=s kong",
            "h.1:2 h.44:1 h.45:2 h.55:2 h.58:6 h.61:1 h.67:+100% = 28",
        ),
        // Rounding half up: 13 × 1.5 = 19.5 → 20 (the tin=insect hand, self-drawn: 11 + 2).
        (
            "b123 c456 d789 b555 w2 +w2 seat=s self tin=insect last=3",
            "h.1:2 h.2:3 h.45:2 h.46:3 h.55:2 h.61:1 h.62:+50% = 20",
        ),
        // And 11 × 1.25 = 13.75 → 14 on a discard.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=insect last=3",
            "h.1:2 h.2:3 h.45:2 h.46:3 h.61:1 h.63:+25% = 14",
        ),
    ]);
}

/// Note 3: the dealer pays and receives double; no feeder penalty.
#[test]
fn the_dealer_pays_and_receives_double() {
    // 8 points: South wins on East's discard: East pays 16, West and North 8: South 32.
    assert_eq!(
        payments("b123 c456 d789 b555 w2 +w2 seat=s from=e"),
        [-16, 32, -8, -8]
    );
    // The same on West's discard: nobody pays more for feeding.
    assert_eq!(
        payments("b123 c456 d789 b555 w2 +w2 seat=s from=w"),
        [-16, 32, -8, -8]
    );
    // East wins (8, w2 pair, on North's discard): each pays 16, East receives 48 = 6X.
    assert_eq!(
        payments("b123 c456 d789 b555 w2 +w2 seat=e from=n"),
        [48, -16, -16, -16]
    );
    // East self-draws: 10, each pays 20.
    assert_eq!(
        payments("b123 c456 d789 b555 w2 +w2 seat=e self"),
        [60, -20, -20, -20]
    );
}

/// docs/rules-huang.md § Context words: `tin=none` is a false win; the words' errors.
#[test]
fn context_words_and_their_errors() {
    check(&[(
        "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=none",
        "refused: no Tin declared (tin=none): in Huang's table you must declare Tin before you can Hu",
    )]);
    let error = |line: &str| {
        let e = mjscore::score_line(line, &HUANG).unwrap_err();
        (e.column(), e.message())
    };
    let hand = "b123 c456 d789 b555 w2 +w2";
    assert_eq!(
        error(&format!("{hand} seat=s from=e resp=w")),
        (
            42,
            "resp= has no meaning in Huang's table: nobody pays a feeder penalty (note 3)".into()
        )
    );
    assert_eq!(
        error(&format!("{hand} heaven tin=earth")),
        (
            28,
            "'heaven' cannot be combined with 'tin=': the dealer wins on his deal, no Tin is declared".into()
        )
    );
    assert_eq!(
        error(&format!("{hand} earth seat=s tin=none")).1,
        "'earth' cannot be combined with 'tin=': Earth Hu implies the Tin"
    );
    assert_eq!(
        error(&format!("{hand} earth seat=s last=2")).1,
        "'heaven' and 'earth' happen on the first turn: they cannot be combined with 'last=N' or 'lastcopy'"
    );
    assert_eq!(
        error(&format!("{hand} tin=soon")),
        (
            28,
            "tin=soon: one of heaven, earth, human, ghost, insect, late, none".into()
        )
    );
    assert_eq!(
        error(&format!("{hand} last=5")),
        (28, "last=5: a number from 1 to 4".into())
    );
    assert_eq!(
        error(&format!("{hand} flowers=9")),
        (28, "flowers=9: a number from 0 to 8".into())
    );
    // last=1 is last, and given with last it is given twice; so is last=01, the same number.
    assert_eq!(
        error(&format!("{hand} last last=1")),
        (33, "'last' is given twice".into())
    );
    assert_eq!(
        error(&format!("{hand} last last=01")),
        (33, "'last' is given twice".into())
    );
    // Under WSOM too: last=01 is Final Draw's last tile, not a word of Huang's alone.
    for last in ["last=1", "last=01"] {
        let line = "b123 c456 d789 b234 c5 +c5 self ".to_string() + last;
        let scored = mjscore::score_line(&line, &mjscore::rules::WSOM).unwrap();
        let mjscore::Outcome::Win { reading, .. } = &scored.outcome else {
            panic!("{line}: a win");
        };
        // 1.1 All Sequences 5 + 1.2 Concealed Hand 5 + 9.1.1 Final Draw 10 = 20.
        assert_eq!(reading.total, 20, "{line}");
    }
    // The other rule sets refuse Huang's words and say which rule set reads them.
    for word in ["tin=earth", "last=3", "lastcopy", "flowers=8"] {
        let e = mjscore::score_line(&format!("{hand} {word}"), &mjscore::rules::WSOM).unwrap_err();
        let key = word.split('=').next().unwrap();
        let shown = if word.contains('=') {
            format!("{key}=")
        } else {
            key.to_string()
        };
        assert_eq!(
            e.message(),
            format!("'{shown}' is scored only by --rules huang; with these rules, leave it out")
        );
    }
}

/// h.57: all eight flowers win 200 alone, whatever the tiles, with no other pattern, no
/// percentage and no Tin needed; the dealer's double applies.
#[test]
fn all_eight_flowers_score_two_hundred_alone() {
    check(&[
        // A hand that would score 10 on its own scores 200, nothing else.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s self flowers=8",
            "h.57:200 = 200",
        ),
        // Tiles that form no hand; the last discard (+50 %) adds nothing; no Tin.
        (
            "b1479 c258 d369 w12 e1 +e2 seat=s flowers=8 last tin=none",
            "h.57:200 = 200",
        ),
        // The tiles may be left out altogether (no +TILE either).
        ("flowers=8 seat=s", "h.57:200 = 200"),
        // Seven flowers score nothing: the hand scores as usual.
        (
            "b123 c456 d789 b555 w2 +w2 seat=s self flowers=7",
            "h.1:2 h.45:2 h.46:3 h.55:2 h.61:1 = 10",
        ),
    ]);
    // South: East pays 400, West and North 200: 800. East (the dealer): 400 each, 1,200.
    assert_eq!(
        payments("b123 c456 d789 b555 w2 +w2 seat=s self flowers=8"),
        [-400, 800, -200, -200]
    );
    assert_eq!(
        payments("b123 c456 d789 b555 w2 +w2 self flowers=8"),
        [1200, -400, -400, -400]
    );
    // The tiles must still be possible: a fifth b1 is an error.
    let e = mjscore::score_line("b11111 c456 d789 w22 +w2 seat=s flowers=8", &HUANG).unwrap_err();
    assert_eq!(e.kind().as_str(), "invalid_hand");
}

#[test]
fn a_claims_missed_patterns_show_what_they_counted_in_the_hand() {
    // Read as c111 c234 c55 c678 c999, self-drawn by East: Door Clean 2, Mono Color 12,
    // Elder and Young 2 (the c111 triple with the c999 triple), Pair of 2, 5, 8 1 (c55),
    // Self Fetching 2, and Hidden Triples for two concealed triples, 3 on Table 4:
    // 2 + 12 + 2 + 1 + 2 + 3 = 22.
    // A claim of "full flush" (Mono Color, 12) misses the other five, 22 − 12 = 10, and
    // each missed line shows the points it counted here: 2, 2, 1, 2, 3 (sum 10).
    let line = "c1112345678999 +c5 self claim=full-flush";
    let scored = mjscore::score_line(line, &HUANG).unwrap();
    let text = common::rendered(Format::Text, &HUANG, &Plain, &scored);
    let missed: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  missed "))
        .collect();
    assert_eq!(
        missed,
        [
            "  missed h.1 Door Clean 2",
            "  missed h.21 Elder and Young 2",
            "  missed h.54 Pair of 2, 5, 8 1",
            "  missed h.55 Self Fetching 2",
            "  missed h.61 Hidden Triples 3",
        ],
        "{text}"
    );
}
