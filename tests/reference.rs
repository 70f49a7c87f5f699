//! The reference card, `explain`, and the generated shell integration.

mod common;

use common::{assert_has_lines, mjscore};
use mjscore::score::Outcome;

/// Every pattern's `explain` example really scores that pattern (counted, not set aside),
/// under the rule set that has it.
#[test]
fn every_example_scores_its_pattern() {
    let mut failures = Vec::new();
    for rules in mjscore::rules::ALL {
        for pattern in rules.patterns().iter() {
            let scored = mjscore::score_line(&pattern.example, rules)
                .unwrap_or_else(|e| panic!("{}: {}: {e}", pattern.id, pattern.example));
            let counted = match &scored.outcome {
                Outcome::Win { reading, .. } => {
                    reading.counted().iter().any(|c| c.pattern.id == pattern.id)
                }
                Outcome::FalseWin(_) => false,
            };
            if !counted {
                failures.push(format!(
                    "{} under {}: {}",
                    pattern.id,
                    rules.id(),
                    pattern.example
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "examples that do not score their pattern: {failures:#?}"
    );
}

#[test]
fn the_card_lists_every_pattern_once() {
    let run = mjscore(&["patterns"]);
    assert_eq!(run.code, 0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "WSOM (Zung Jung v3.3, 5-point minimum): 44 patterns; a hand under 5 points is a false win"
    );
    assert_eq!(lines.len(), 2 + 44);
    assert_has_lines(
        &run.stdout,
        &[
            "1.1     1.1          5 All Sequences                 平和       4 sequences; no triplets or kong",
            "7.1     7.1         40 Nine-Tile Straight            一氣通貫   sequences 123, 456 and 789 of one suit",
            "10.2    10.2        30 Seven Pairs                   七對子     seven pairs; four identical tiles may be two pairs",
        ],
    );
    // Standard Zung Jung adds the chicken hand.
    let run = mjscore(&["patterns", "--rules", "zj"]);
    assert_eq!(run.stdout.lines().count(), 2 + 45);
    assert!(run.stdout.ends_with(
        "chicken chicken      1 Chicken Hand                  雞和       a winning hand with no pattern scores a token 1 point\n"
    ));
}

#[test]
fn the_card_for_scripts() {
    let run = mjscore(&["patterns", "--format", "tsv"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "id\tseries\tpoints\tname\tchinese\tcondition");
    assert_eq!(lines.len(), 1 + 44);
    // 7.1 is the 30th pattern of the Zung Jung list, after the header row.
    assert_eq!(
        lines[30],
        "7.1\t7.1\t40\tNine-Tile Straight\t一氣通貫\tsequences 123, 456 and 789 of one suit"
    );
    let run = mjscore(&["patterns", "--format", "json"]);
    let first: serde_json::Value =
        serde_json::from_str(run.stdout.lines().next().unwrap()).unwrap();
    assert_eq!(
        first,
        serde_json::json!({"id": "1.1", "series": "1.1", "name": "All Sequences",
            "chinese": "平和", "points": 5, "condition": "4 sequences; no triplets or kong"})
    );
}

#[test]
fn explain_gives_the_condition_and_a_scored_example() {
    let run = mjscore(&["explain", "7.1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "7.1 Nine-Tile Straight 一氣通貫\n\
         Also called  pure straight, straight, ittsu, ikkitsuukan, yi qi tong guan, 一气通贯, 清龙, 清龍, qing long\n\
         Points       40\n\
         Series       7.1 (only the highest pattern of a series counts)\n\
         Scores on    regular hands (4 sets and a pair)\n\
         Condition    A 123 sequence, a 456 sequence and a 789 sequence, all in the same suit. The hand must contain exactly those three sequences.\n\
         Example      b66 c12345678 d111 +c9 self seat=s\n\
         \x20            scores 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45 under wsom\n"
    );
}

#[test]
fn explain_an_unknown_id_says_where_to_look() {
    let run = mjscore(&["explain", "7.9"]);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "mjscore: no pattern '7.9' in --rules wsom; the nearest: 7.1 Nine-Tile Straight; `mjscore patterns --rules wsom` lists them all\n"
    );
    // The chicken hand belongs to standard Zung Jung only.
    assert_eq!(mjscore(&["explain", "chicken"]).code, 2);
    assert_eq!(mjscore(&["--rules", "zj", "explain", "chicken"]).code, 0);
}

#[test]
fn completions_and_man_page_are_generated_from_the_cli() {
    for (shell, marker) in [
        ("bash", "_mjscore()"),
        ("zsh", "#compdef mjscore"),
        ("fish", "complete -c mjscore"),
    ] {
        let run = mjscore(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stdout.contains(marker), "{shell}: no {marker}");
        for option in ["--rules", "--format", "--claim", "--summary", "explain"] {
            let name = option.trim_start_matches('-');
            assert!(
                run.stdout.contains(name),
                "{shell} completion lacks {option}"
            );
        }
    }
    let man = mjscore(&["man"]);
    assert_eq!(man.code, 0);
    assert!(man.stdout.starts_with(".ie \\n(.g .ds Aq \\(aq"));
    assert!(man.stdout.contains(".TH mjscore 1"));
    assert!(man.stdout.contains("\\-\\-summary"));
}
