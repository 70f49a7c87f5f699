//! Referee claims (docs/rules.md § Claims): each verdict, what a pattern claim is worth, what it
//! missed and named wrongly, and on what the payments are made. Values worked by hand.
//!
//! Hand A, `[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e`, is worth 45:
//! 3.1 Value Honor 10 (e333) + 4.1 All Triplets 30 + 4.2.1 Two Concealed Triplets 5,
//! won by South on East's discard.

use mjscore::claim::{ClaimError, ClaimVerdict};
use mjscore::error::Failure;
use mjscore::notation::ClaimSpec;
use mjscore::rules::{WSOM, ZJ};
use mjscore::tile::Seat;
use mjscore::RuleSet;
use mjscore::{score_line, score_line_with, Options};

const HAND_A: &str = "[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e";

/// "verdict claimed→settled missed=... not_there=... pays E S W N".
fn verdict(line: &str, rules: &RuleSet) -> String {
    let scored = score_line(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    let check = scored.claim.as_ref().expect("a claim on the line");
    let ids = |ps: &[&mjscore::patterns::Pattern]| {
        ps.iter()
            .map(|p| p.id.as_ref())
            .collect::<Vec<_>>()
            .join("+")
    };
    let settled = check.settled.map_or("none".to_string(), |s| s.to_string());
    let pays = scored.payments().map_or("nothing".to_string(), |p| {
        Seat::ALL.map(|s| p.of(s).to_string()).join(" ")
    });
    format!(
        "{} {}→{settled} missed={} not_there={} pays {pays}",
        check.verdict.name(),
        check.claim.value,
        ids(&check.missed().iter().map(|c| c.pattern).collect::<Vec<_>>()),
        ids(check.not_there()),
    )
}

fn check(rules: &RuleSet, table: &[(&str, &str)]) {
    let failures: Vec<String> = table
        .iter()
        .filter_map(|(line, want)| {
            let got = verdict(line, rules);
            (got != *want).then(|| format!("{line}\n    want {want}\n    got  {got}"))
        })
        .collect();
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn points_claims() {
    check(
        &WSOM,
        &[
            // Equal: confirmed. 45 > 25 on East's discard: East pays 3 × 45 − 50 = 85.
            (
                &format!("{HAND_A} claim=45"),
                "confirmed 45→45 missed= not_there= pays -85 135 -25 -25",
            ),
            // Lower: the claim stands, and 20 ≤ 25 is a small hand: each pays 20.
            (
                &format!("{HAND_A} claim=20"),
                "underscored 20→20 missed= not_there= pays -20 60 -20 -20",
            ),
            // Higher: corrected to 45.
            (
                &format!("{HAND_A} claim=50"),
                "overclaimed 50→45 missed= not_there= pays -85 135 -25 -25",
            ),
            // Not a winning hand, and under the minimum: false wins, nothing paid.
            (
                "b123 c456 d789 b55 w1 w2 +w3 self claim=10",
                "false_win 10→none missed= not_there= pays nothing",
            ),
            (
                "[c b123] [p w333] c456 d789 d2 +d2 from=s claim=5",
                "false_win 5→none missed= not_there= pays nothing",
            ),
        ],
    );
}

#[test]
fn pattern_claims() {
    check(
        &WSOM,
        &[
            // Exactly the hand's patterns.
            (
                &format!("{HAND_A} claim=3.1+4.1+4.2.1"),
                "confirmed 45→45 missed= not_there= pays -85 135 -25 -25",
            ),
            // 4.1 30 + 4.2.2 30 = 60: overclaimed; 3.1 and 4.2.1 missed, 4.2.2 not there.
            (
                &format!("{HAND_A} claim=4.1+4.2.2"),
                "overclaimed 60→45 missed=3.1+4.2.1 not_there=4.2.2 pays -85 135 -25 -25",
            ),
            // 10 + 30 + 5 = 45 by another route: the value stands, the names are wrong.
            (
                &format!("{HAND_A} claim=3.1+4.1+1.2"),
                "confirmed 45→45 missed=4.2.1 not_there=1.2 pays -85 135 -25 -25",
            ),
            // Value Honor claimed twice but held once: one 3.1 is not there. 55.
            (
                &format!("{HAND_A} claim=3.1+3.1+4.1+4.2.1"),
                "overclaimed 55→45 missed= not_there=3.1 pays -85 135 -25 -25",
            ),
            // Only 4.1: 30, underscored and paid on 30 (> 25: East pays 90 − 50 = 40).
            (
                &format!("{HAND_A} claim=4.1"),
                "underscored 30→30 missed=3.1+4.2.1 not_there= pays -40 90 -25 -25",
            ),
            // A claim's value goes through the limit: 125 + 200 + 120 = 445 → 320.
            (
                &format!("{HAND_A} claim=4.2.3+7.2.2+5.1.3"),
                "overclaimed 320→45 missed=3.1+4.1+4.2.1 not_there=4.2.3+7.2.2+5.1.3 pays -85 135 -25 -25",
            ),
            // Big Four Winds is a listed limit: 3.3.4 scores 400 alone, so claiming 4.1
            // too is worth 400, and 4.1 is in the hand (set aside), not "not there".
            // 400 on South's discard: South pays 3 × 400 − 50 = 1150.
            (
                "[p w111] [p w222] [p w333] [p w444] d9 +d9 from=s claim=3.3.4+4.1",
                "confirmed 400→400 missed= not_there= pays 1200 -1150 -25 -25",
            ),
        ],
    );
}

#[test]
fn chicken_claims_under_standard_zung_jung() {
    check(
        &ZJ,
        &[
            (
                "[c b123] [p w333] c456 d789 d2 +d2 from=s claim=chicken",
                "confirmed 1→1 missed= not_there= pays 3 -1 -1 -1",
            ),
            (
                "[c b123] [p w333] c456 d789 d2 +d2 from=s claim=5",
                "overclaimed 5→1 missed= not_there= pays 3 -1 -1 -1",
            ),
        ],
    );
}

#[test]
fn unknown_ids_and_two_claims_are_errors_at_the_claim() {
    let err = score_line(&format!("{HAND_A} claim=1.2+9.9"), &WSOM).unwrap_err();
    assert_eq!(err.kind().as_str(), "claim");
    assert_eq!(err.column(), HAND_A.len() + 2);
    assert_eq!(
        err.message(),
        // 9.2 and 9.3 are one edit from 9.9; every other id (9.1.1, 7.1 …) is two or more.
        "claim names '9.9', which is not a pattern of wsom (the nearest: 9.2 Win on Kong or 9.3 Robbing a Kong): `mjscore --rules wsom patterns` lists them"
    );
    // The chicken hand is a pattern of zj only: the error says so.
    let err = score_line(&format!("{HAND_A} claim=chicken"), &WSOM).unwrap_err();
    assert!(matches!(
        err.failure(),
        Failure::Claim {
            error: ClaimError::PatternElsewhere { .. },
            ..
        }
    ));
    let outside = ClaimSpec::Points(45);
    let options = Options {
        claim: Some(&outside),
        ..Options::default()
    };
    let err = score_line_with(&format!("{HAND_A} claim=45"), &WSOM, options).unwrap_err();
    assert_eq!(
        err.failure(),
        &Failure::Claim {
            column: HAND_A.len() + 2,
            error: ClaimError::GivenTwice
        }
    );
}

#[test]
fn outside_claim_is_checked_like_one_on_the_line() {
    let outside = ClaimSpec::Patterns("4.1".into());
    let options = Options {
        claim: Some(&outside),
        ..Options::default()
    };
    let scored = score_line_with(HAND_A, &WSOM, options).unwrap();
    let check = scored.claim.unwrap();
    assert_eq!(check.verdict, ClaimVerdict::Underscored);
    assert_eq!(check.settled, Some(30));
}

#[test]
fn a_name_mistyped_in_its_first_words_suggests_the_pattern_it_starts() {
    // `nine-tyle` is `nine tile` with one letter wrong: one edit from the start of Nine-Tile
    // Straight (its first 9 characters), so one more (2) than a whole name that near. No
    // other name or alias is within 3 edits (a quarter of 9, rounded up) of the query or its
    // start, and no id within half its length.
    let err = score_line(&format!("{HAND_A} claim=nine-tyle"), &WSOM).unwrap_err();
    assert_eq!(
        err.message(),
        "claim names 'nine-tyle', which is not a pattern of wsom (the nearest: 7.1 Nine-Tile Straight): `mjscore --rules wsom patterns` lists them"
    );
}

#[test]
fn a_claim_of_more_patterns_than_a_hand_counts_is_refused_at_the_claim() {
    // 129 patterns joined by + (128 `+`): one more than a claim may name. 128 is accepted
    // and checked: hand A has melds, so each 1.2 (Concealed Hand) is claimed but not there.
    let ids = |n: usize| vec!["1.2"; n].join("+");
    let err = score_line(&format!("{HAND_A} claim={}", ids(129)), &WSOM).unwrap_err();
    assert_eq!(err.column(), HAND_A.len() + 2);
    assert_eq!(
        err.message(),
        "claim= names 129 patterns: a claim names at most 128 (no hand counts more)"
    );
    let line = format!("{HAND_A} claim={}", ids(128));
    let scored = score_line(&line, &WSOM).unwrap();
    assert_eq!(scored.claim.unwrap().not_there().len(), 128);
}

#[test]
fn an_id_of_another_rule_set_names_the_rules_that_have_it() {
    // d.b is an id of the doubling table only; 1.2 of WSOM and Zung Jung: under Huang's
    // table the claim says so, rather than offering Huang's nearest ids.
    let hand = "b66 c12345678 d111 +c9 self seat=s";
    for (claim, message) in [
        ("d.b", "claim names 'd.b', which is not a pattern of --rules huang but of --rules doubling: was the hand scored under the right rules?"),
        ("1.2", "claim names '1.2', which is not a pattern of --rules huang but of --rules wsom and of --rules zj: was the hand scored under the right rules?"),
    ] {
        let err = score_line(&format!("{hand} claim={claim}"), &mjscore::rules::HUANG).unwrap_err();
        assert_eq!(err.kind().as_str(), "claim");
        assert_eq!(err.message(), message);
    }
}
