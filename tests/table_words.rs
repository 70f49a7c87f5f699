//! What a player writes in the words of his own table, and the slips a person makes: each is
//! met with an error at the slip that says what to write, or just works. Nothing is read as
//! a hand other than the one written.

mod common;

use common::Mjscore;
use mjscore::rules;

/// "column N: message" of the error scoring `line` under `rules` gives.
fn message_under(line: &str, rules: &mjscore::RuleSet) -> String {
    let err = mjscore::score_line(line, rules).unwrap_err();
    format!("column {}: {}", err.column(), err.message())
}

fn message(line: &str) -> String {
    message_under(line, &rules::WSOM)
}

/// WSOM's total of `line`, which must win.
fn total(line: &str) -> u32 {
    match mjscore::score_line(line, &rules::WSOM).unwrap().outcome {
        mjscore::Outcome::Win { reading, .. } => reading.total,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn a_meld_of_the_wrong_kind_says_which_kind_its_tiles_make() {
    // Each line has 14 tiles once the kind is right: [k d1111] counts 3 + b66 c12345678 +c9.
    for (line, expected) in [
        ("[p d1111] b66 c12345678 +c9", "a pung is three identical tiles; d1111 is four identical tiles, a kong: write [k d1111] (or [ck d1111], concealed)"),
        ("[k d111] b66 c12345678 +c9", "a kong is four identical tiles; d111 is three identical tiles, a pung: write [p d111]"),
        ("[ck d111] b66 c12345678 +c9", "a kong is four identical tiles; d111 is three identical tiles, a pung: write [p d111] (exposed), or d111 among the concealed tiles"),
        ("[c d111] b66 c12345678 +c9", "a chow is three consecutive tiles of one number suit; d111 is three identical tiles, a pung: write [p d111]"),
        ("[p d123] b66 c12345678 +c9", "a pung is three identical tiles; d123 is three consecutive tiles, a chow: write [c d123]"),
        // Tiles that make no meld at all: the kind's rule.
        ("[p d112] b66 c12345678 +c9", "a pung is three identical tiles, e.g. [p d111]; this one has d112"),
    ] {
        assert_eq!(message(line), format!("column 1: {expected}"));
    }
    // Followed: [k d1111] b66 c12345678 +c9 wins with 4.3.1 One Kong (5) and 7.1 (40), and
    // not 1.2 (the kong is exposed).
    assert_eq!(total("[k d1111] b66 c12345678 +c9"), 5 + 40);
}

#[test]
fn explain_without_a_pattern_lists_them() {
    let run = Mjscore::new(&["explain"]).run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    // A line that says how to ask, then WSOM's 44 patterns.
    assert_eq!(lines.len(), 1 + 44);
    assert_eq!(
        lines[0],
        "explain takes one pattern: its id, its name or the start of its name (mjscore explain 1.1, mjscore explain \"all sequences\"); the 44 patterns of WSOM (Zung Jung v3.3, 5-point minimum):"
    );
    assert!(
        lines[2].starts_with("  1.2   Concealed Hand "),
        "{}",
        lines[2]
    );
    assert!(lines[2].ends_with(" 5"), "{}", lines[2]);
}

#[test]
fn explain_reads_numbers_as_words_or_digits() {
    // Huang's table has two 13 U patterns: either way of writing thirteen names both.
    let answer = |query: &str| {
        let run = Mjscore::new(&["--rules", "huang", "explain", query]).run();
        (run.code, run.stderr.replace(query, "QUERY"))
    };
    let both = "mjscore: 'QUERY' could be several patterns of --rules huang: h.18 13 U, Single Tin, h.19 13 U, All Tin; give more of the name, or the id\n";
    assert_eq!(answer("13 orphans"), (2, both.to_string()));
    assert_eq!(answer("thirteen orphans"), (2, both.to_string()));
}

#[test]
fn explain_chicken_hand_under_wsom_says_it_is_a_false_win_there() {
    let run = Mjscore::new(&["explain", "chicken hand"]).run();
    assert_eq!(
        run.stderr,
        "mjscore: --rules wsom has no 'chicken hand': a winning hand with no pattern is a false win there (a hand needs at least 5 points); it is a pattern of --rules zj and of --rules doubling: `mjscore explain \"chicken hand\" --rules zj`\n"
    );
}

#[test]
fn the_doubling_tables_false_win_names_its_13_scholars() {
    // b12 c456 d789 w11 b555 +b9: no sets and a pair (b12 b9 do not run).
    let run = Mjscore::new(&[
        "--rules",
        "doubling",
        "--color",
        "never",
        "b12 c456 d789 w11 b555 +b9",
    ])
    .run();
    assert!(
        run.stdout
            .ends_with("FALSE WIN: the tiles do not form 4 sets and a pair or 13 Scholars\n"),
        "{}",
        run.stdout
    );
}
