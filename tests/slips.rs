//! Slips a player or a referee makes at the table, each with the message that says what
//! to write instead, and that message's advice followed: it scores. Table-driven: the line,
//! the column of the error, the message.

use mjscore::rules::WSOM;
use mjscore::score_line;

/// `b123 c456 d789 … b5 +b5`, with a group at column 16.
fn with_group(group: &str) -> String {
    format!("b123 c456 d789 {group} b5 +b5")
}

#[test]
fn each_slip_gets_what_to_write_instead() {
    let hand = "b66 c12345678 d111 +c9 self seat=s";
    let cases: Vec<(String, usize, &str)> = vec![
        // A capital E or W in a line of small letters is a seat's initial more likely
        // than the dragons' or the winds' letter: E111 would score 10 points unseen (3.1
        // Value Honor, a Red Dragon pung).
        (with_group("E111"), 16, "E111: a capital E is read as the suit letter e, not as East: write e111 in small letters (e1 Red, e2 Green, e3 White; the East wind is w1)"),
        (with_group("[p W333]"), 19, "W333: a capital W is read as the suit letter w, not as West: write w333 in small letters (w1 East, w2 South, w3 West, w4 North)"),
        // S and N are no suit letters: the message names the winds' tiles.
        (with_group("S222"), 16, "'s' is not a suit: tiles are b (bamboo), c (characters), d (dots), w (winds) or e (dragons), e.g. b5 (the riichi style puts the letter after the digits: 123s is b123; the South wind is w2: w1 East, w2 South, w3 West, w4 North)"),
        (with_group("N444"), 16, "'n' is not a suit: tiles are b (bamboo), c (characters), d (dots), w (winds) or e (dragons), e.g. b5 (the North wind is w4: w1 East, w2 South, w3 West, w4 North)"),
        // A claim quoted in parts, or parted by commas (column 36: the claim).
        (format!("{hand} claim=\"all pungs\"+\"mixed one-suit\""), 36, "a claim in quotes is quoted whole, its patterns joined by + inside the quotes: write claim=\"all pungs+mixed one-suit\""),
        (format!("{hand} claim=value, honor"), 36, "claim=value, honor: the patterns of a claim are joined by +, not by commas: write claim=value+honor for 2 patterns, or claim=value-honor for one pattern of that name"),
        // Written without a space after the comma, names that are not ids: the same.
        (format!("{hand} claim=value,honor"), 36, "claim=value,honor: the patterns of a claim are joined by +, not by commas: write claim=value+honor for 2 patterns, or claim=value-honor for one pattern of that name"),
        (format!("{hand} claim=1.2,7.1"), 36, "claim=1.2,7.1: the patterns of a claim are joined by +, not by commas: write claim=1.2+7.1"),
        // A session's line given as a hand.
        ("players: Ann Bob Cho Dee".to_string(), 1, "'players' seats a table: write players: and the four names on a line of its own in a list of won hands (a file, or standard input), not in a hand"),
    ];
    for (line, column, message) in &cases {
        let err = score_line(line, &WSOM).unwrap_err();
        assert_eq!(
            (err.column(), err.message()),
            (*column, message.to_string()),
            "{line}"
        );
    }
}

#[test]
fn the_advice_followed_scores() {
    // b123 c456 d789 e111 b5 +b5: 3.1 Value Honor 10 (Red Dragon pung) + 1.2 Concealed
    // Hand 5 = 15 (the discard completes the pair, so no concealed-triplet pattern).
    let scored = score_line("b123 c456 d789 e111 b5 +b5", &WSOM).unwrap();
    let mjscore::Outcome::Win { reading, .. } = &scored.outcome else {
        panic!("a win")
    };
    assert_eq!(reading.total, 15);
    // A line written in capitals throughout reads E as the dragons' letter, as before:
    // the same hand, the same 15.
    let scored = score_line("B123 C456 D789 E111 B5 +B5", &WSOM).unwrap();
    let mjscore::Outcome::Win { reading, .. } = &scored.outcome else {
        panic!("a win")
    };
    assert_eq!(reading.total, 15);
    // The WSOM rulebook's hand (170: 2.1.1 Mixed One-Suit 40 + 4.1 All Triplets 30 + 7.2.1
    // Three Consecutive Triplets 100) claimed as 2.1.1 + 4.1 = 70, quoted whole: read,
    // and underscored.
    let line = "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e claim=\"all pungs+mixed one-suit\"";
    let scored = score_line(line, &WSOM).unwrap();
    let check = scored.claim.as_ref().unwrap();
    assert_eq!(
        (check.claim.value, check.verdict.name()),
        (70, "underscored")
    );
    // claim=value-honor is 3.1 Value Honor, 10: the hand b66 c12345678 d111 +c9 self is
    // worth 45 (1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40), so 10 is underscored.
    let scored = score_line(
        "b66 c12345678 d111 +c9 self seat=s claim=value-honor",
        &WSOM,
    )
    .unwrap();
    let check = scored.claim.as_ref().unwrap();
    assert_eq!(
        (check.claim.value, check.verdict.name()),
        (10, "underscored")
    );
}
