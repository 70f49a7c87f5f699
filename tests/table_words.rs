//! What a player writes in the words of his own table, and the slips a person makes: each is
//! met with an error at the slip that says what to write, or just works. Nothing is read as
//! a hand other than the one written.

mod common;

use common::Mjscore;
use mjscore::rules;
use mjscore::ClaimVerdict;

/// A concealed hand worth 45 under WSOM: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40
/// (b66 · c123 c456 c789 · d111). It is 22 characters long: a word after it and a space
/// starts at column 24.
const HAND: &str = "b66 c12345678 d111 +c9";

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

const SELF_DRAW: &str = "is a self-draw: write self";
const DISCARD_WIN: &str = "is a win on a discard, which a line is unless it says self: leave it out, and name the discarder with from=, by seat or, in a session, by name (from=s, from=Ann; without it the winner's upper seat is assumed)";
const WON: &str = "says that the hand won, as every line does: leave it out (a self-draw is written self; a win on a discard needs no word)";
const DISCARDER: &str =
    "names the player who discarded the winning tile: write from= with his seat or, in a session, his name (from=s, from=Ann)";
const LAST_DRAW: &str = "is a self-drawn win on the last tile of the wall: write last self";
const SUPPLEMENT: &str = "is a win on a kong's supplement tile: write kong";
const ROBBED: &str = "is a win by robbing a kong: write rob";
const DRAWN: &str = "is a hand with no winner: write draw on a line of its own, in place of a hand";
const CONCEALED: &str = "is the concealed-hand pattern, which is read from the tiles (a hand with no exposed meld scores it): leave it out (a referee's claim names it claim=concealed-hand)";

#[test]
fn the_tables_words_are_refused_with_what_this_notation_writes() {
    for (word, advice) in [
        ("ron", DISCARD_WIN),
        ("Ron", DISCARD_WIN),
        ("agari", WON),
        ("hu", WON),
        ("食糊", WON),
        ("放銃", DISCARDER),
        ("點炮", DISCARDER),
        ("tsumo", SELF_DRAW),
        ("zimo", SELF_DRAW),
        ("自摸", SELF_DRAW),
        ("self-drawn", SELF_DRAW),
        ("haitei", LAST_DRAW),
        ("海底", LAST_DRAW),
        ("rinshan", SUPPLEMENT),
        ("槓上開花", SUPPLEMENT),
        ("chankan", ROBBED),
        ("搶槓", ROBBED),
        ("drawn", DRAWN),
        ("wash", DRAWN),
        ("no winner", DRAWN),
        ("流局", DRAWN),
        ("荒莊", DRAWN),
        ("fully concealed", CONCEALED),
        ("menzen", CONCEALED),
        ("門前清", CONCEALED),
        ("self drawn", "is a self-draw: self alone says it"),
        ("last tile", "is written last alone"),
    ] {
        let line = format!("{HAND} {word} seat=s");
        assert_eq!(message(&line), format!("column 24: '{word}' {advice}"));
        // Under every rule set alike: none reads these words.
        for rules in rules::ALL {
            assert_eq!(
                message_under(&line, rules),
                format!("column 24: '{word}' {advice}")
            );
        }
    }
}

#[test]
fn no_rule_set_reads_a_word_of_the_tables() {
    // The table's words are refused as the line is read, before the rule set reads its own:
    // so none may be a rule set's own word.
    for rules in rules::ALL {
        for word in rules.words() {
            assert_eq!(
                mjscore::notation::table_word(word.key),
                None,
                "{}",
                word.key
            );
        }
    }
}

#[test]
fn following_the_advice_gives_the_hand_meant() {
    // `ron` is a discard win, the default: the line without it scores 45, its two patterns.
    // The old guess, `rob`, adds 9.3 Robbing a Kong (10): 55, a hand the referee did not see.
    assert_eq!(total(&format!("{HAND} seat=s from=w")), 5 + 40);
    assert_eq!(total(&format!("{HAND} rob seat=s from=w")), 5 + 40 + 10);
    assert!(!message(&format!("{HAND} ron")).contains("rob?"));
    // `tsumo` is `self`: a self-drawn concealed hand is still 1.2 + 7.1 (Zung Jung has no
    // pattern for the self-draw alone).
    assert_eq!(total(&format!("{HAND} self seat=s")), 5 + 40);
}

#[test]
fn a_short_word_is_guessed_only_from_a_slip_that_keeps_its_letters() {
    let list = "expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or one of self, last, kong, rob, heaven, earth, seat=, from=, resp=, claim=";
    for (word, guess) in [
        // Two letters swapped, one left out or doubled: slips of the word.
        ("rbo", Some("rob")),
        ("slef", Some("self")),
        ("robb", Some("rob")),
        ("kon", Some("kong")),
        // A changed letter in a short word makes another word: no guess.
        ("rib", None),
        ("kang", None),
        ("lost", None),
        // Five letters and more: two slips of any kind.
        ("heavon", Some("heaven")),
    ] {
        let hint = guess
            .map(|g| format!(" (did you mean {g}?)"))
            .unwrap_or_default();
        assert_eq!(
            message(&format!("{HAND} {word}")),
            format!("column 24: unknown word '{word}'{hint}: {list}"),
            "{word}"
        );
    }
}

#[test]
fn tiles_named_in_chinese_are_said_in_letters() {
    // 萬 is characters (c), 筒 dots (d), 索 and 條 bamboo (b); 中 發 白 the red, green and
    // white dragons e1 e2 e3; 東 南 西 北 the winds w1-w4.
    for (written, letters) in [
        ("中", "it e1"),
        ("中中中", "them e111"),
        ("發", "it e2"),
        ("白板", "it e3"),
        ("東南西北", "them w1234"),
        ("一萬", "it c1"),
        ("九萬", "it c9"),
        ("一二三萬", "them c123"),
        ("1筒", "it d1"),
        ("５筒", "it d5"),
        ("一索", "it b1"),
        ("三條", "it b3"),
        ("1索2索3索", "them b123"),
    ] {
        assert_eq!(
            message(&format!("{HAND} {written}")),
            format!("column 24: '{written}' names tiles in Chinese: write {letters}"),
        );
    }
    // In a meld, and after +: at the tiles.
    assert_eq!(
        message("[p 中中中] b66 c12345678 +c9"),
        "column 4: '中中中' names tiles in Chinese: write them e111"
    );
    assert_eq!(
        message("b66 c12345678 d11 +九萬"),
        "column 20: '九萬' names tiles in Chinese: write it c9"
    );
    // A seat by its wind's character: 東 南 西 北 are e s w n.
    for (word, letter) in [
        ("seat=南", "seat=s"),
        ("from=東風", "from=e"),
        ("resp=北", "resp=n"),
    ] {
        assert_eq!(
            message(&format!("{HAND} {word}")),
            format!("column 24: {word}: a seat is written e, s, w or n: {letter}")
        );
    }
    // A character that names no tile is still one the line cannot read.
    assert_eq!(
        message(&format!("{HAND} 国")),
        "column 24: unexpected '国': expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or a context word"
    );
}

#[test]
fn a_comma_between_groups_is_one_error_whether_spaced_or_not() {
    let comma =
        "tokens are separated by spaces only: leave out the comma (b123 c456, not b123, c456)";
    // Glued to the group before (column 8) or apart from it (column 9): the same advice,
    // which, followed, scores the hand.
    assert_eq!(
        message("b66 c123, c456 c78 d111 +c9"),
        format!("column 9: {comma}")
    );
    assert_eq!(
        message("b66 c123 , c456 c78 d111 +c9"),
        format!("column 10: {comma}")
    );
    assert_eq!(
        message("[c b1,b2,b3] b66 c45678 d111 +c9"),
        format!("column 6: {comma}")
    );
    assert_eq!(total("b66 c123 c456 c78 d111 +c9"), 5 + 40);
}

#[test]
fn a_claim_of_a_name_in_several_words() {
    // Spaces end a token: the name runs on into words the line cannot read, and the error
    // at the claim says how to write it.
    let several = "a pattern name in a claim is written without spaces";
    for (claim, joined, written) in [
        ("all pungs", "all-pungs", "all pungs"),
        (
            "1.2+nine tile straight",
            "1.2+nine-tile-straight",
            "1.2+nine tile straight",
        ),
    ] {
        assert_eq!(
            message(&format!("{HAND} claim={claim} self")),
            format!(
                "column 24: {several}: write claim={joined} (or in quotes, claim=\"{written}\")"
            )
        );
    }
    // In quotes it is read, as the same names with hyphens (the spaces around + are no
    // part of a name): 1.2 + 7.1 are claimed, the hand is worth 45 (5 + 40), the claim is
    // confirmed.
    let line = format!("{HAND} claim=\"concealed hand + nine tile straight\"");
    let scored = mjscore::score_line(&line, &rules::WSOM).unwrap();
    let check = scored.claim.expect("a claim");
    assert_eq!(
        (check.claim.value, check.verdict),
        (45, ClaimVerdict::Confirmed)
    );
    assert_eq!(
        check.claim.spec.to_string(),
        "concealed-hand+nine-tile-straight"
    );
    assert_eq!(
        message(&format!("{HAND} claim=\"all pungs")),
        "column 24: a claim in quotes needs its closing quote, e.g. claim=\"all pungs\""
    );
}

#[test]
fn fourteen_tiles_without_a_plus_point_at_the_last_tile() {
    // The c9 written last (column 20) completes b66 · c123 c456 c789 · d111.
    assert_eq!(
        message("b66 c12345678 d111 c9 self"),
        "column 20: no winning tile: mark the tile that completed the hand with +; if it was the last one written, write it apart as +c9 (with it the hand is complete as b66 · c123 c456 c789 · d111)"
    );
    // Last in its group: d1 of d111 (column 16), with the same arrangement.
    assert_eq!(
        message("b66 c123456789 d111"),
        "column 16: no winning tile: mark the tile that completed the hand with +; if it was the last one written, write it apart as +d1 (with it the hand is complete as b66 · c123 c456 c789 · d111)"
    );
    // c8 for c9: b66 c12345678 c8 d111 makes no winning hand.
    assert_eq!(
        message("b66 c12345678 d111 c8"),
        "column 20: no winning tile: mark the tile that completed the hand with +; if it was the last one written, write it apart as +c8 (these 14 tiles make no winning hand, whichever completed it)"
    );
    // 13 tiles: the winning tile is missing at the end of the line.
    assert_eq!(
        message("b66 c12345678 d11"),
        "column 18: no winning tile: mark the tile that completed the hand with +, e.g. +b9"
    );
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
