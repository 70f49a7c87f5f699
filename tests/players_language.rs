//! The words players use and the slips they make, met with a guess that names what they
//! meant: other names for the context words, a word one letter off, session lines written
//! as a keeper writes them, the rule set and format in any case, `-` for standard input.

mod common;

use common::Mjscore;
use mjscore::rules;

const HAND: &str = "b66 c12345678 d111 +c9";

/// The message of the error scoring `line` under WSOM gives.
fn message(line: &str) -> String {
    let err = mjscore::score_line(line, &rules::WSOM).unwrap_err();
    format!("column {}: {}", err.column(), err.message())
}

#[test]
fn other_names_and_slips_of_a_context_word_are_guessed() {
    // HAND is 23 characters and a space: the word starts at column 24.
    let list = "expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or one of self, last, kong, rob, heaven, earth, seat=, from=, resp=, claim=";
    for (word, meant) in [("slef", "self"), ("hevaen", "heaven"), ("seta", "seat=")] {
        assert_eq!(
            message(&format!("{HAND} {word} seat=s")),
            format!("column 24: unknown word '{word}' (did you mean {meant}?): {list}"),
            "{word}"
        );
    }
    // A word far from any: no guess.
    assert_eq!(
        message(&format!("{HAND} banana")),
        format!("column 24: unknown word 'banana': {list}")
    );
    // The rule set's own words are guessed too: Huang's lastcopy.
    let err = mjscore::score_line(&format!("{HAND} lastcopi tin=late"), &rules::HUANG).unwrap_err();
    assert!(
        err.message()
            .starts_with("unknown word 'lastcopi' (did you mean lastcopy?)"),
        "{}",
        err.message()
    );
    // Another run-together token stays a missing space.
    assert_eq!(
        message(&format!("{HAND} self-x")),
        "column 28: expected a space before '-x'"
    );
}

#[test]
fn a_players_line_as_a_keeper_writes_it() {
    // Commas between the names are separators: Ann is seated, not "Ann,". South (Bob)
    // self-draws 45 (1.2 5 + 7.1 40): each pays 45, Bob receives 135.
    let run = Mjscore::new(&["--format", "json"])
        .stdin(format!("players: Ann, Bob, Cho, Dee\n{HAND} self seat=s\n"))
        .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let hand: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        hand["running"],
        serde_json::json!({"Ann": -45, "Bob": 135, "Cho": -45, "Dee": -45})
    );
    // Without its colon the line is not read as a hand (an unknown word 'players') but said
    // to want its colon; it seats nobody and counts as no hand.
    let run = Mjscore::new(&["--color", "never"])
        .stdin("players Ann Bob Cho Dee\n")
        .run();
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stdout,
        "error at 1:1: write players: with its colon, then the four names (players: Ann Bob Cho Dee)\n  players Ann Bob Cho Dee\n  ^\n"
    );
}

#[test]
fn rule_sets_and_formats_in_any_case_and_a_dash_for_stdin() {
    let upper = Mjscore::new(&[
        "--rules", "WSOM", "--format", "JSON", HAND, "self", "seat=s",
    ])
    .run();
    let lower = Mjscore::new(&[
        "--rules", "wsom", "--format", "json", HAND, "self", "seat=s",
    ])
    .run();
    assert_eq!(upper.code, 0, "{}", upper.stderr);
    assert_eq!(upper.stdout, lower.stdout);
    assert!(lower.stdout.contains(r#""rules":"wsom","total":45,"#));
    let huang = Mjscore::new(&["patterns", "--rules", "Huang", "--format", "TSV"]).run();
    assert_eq!(huang.code, 0, "{}", huang.stderr);
    // `mjscore -` reads the hands from standard input, as `-f -` does.
    let dash = Mjscore::new(&["-", "--format", "tsv"])
        .stdin(format!("{HAND} self seat=s\n"))
        .run();
    let file = Mjscore::new(&["-f", "-", "--format", "tsv"])
        .stdin(format!("{HAND} self seat=s\n"))
        .run();
    assert_eq!((dash.code, &dash.stdout), (0, &file.stdout));
    assert!(dash
        .stdout
        .contains("\t45\t\t1.2+7.1\t-45\t135\t-45\t-45\t"));
}

#[test]
fn first_guesses_get_the_right_blame() {
    // A file where a hand goes: said to be one, with -f.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = Mjscore::new(&["docs/examples/hands.txt"])
        .current_dir(dir)
        .run();
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "mjscore: 'docs/examples/hands.txt' is a file, not a hand: to score the hands in it, use -f docs/examples/hands.txt\n"
    );
    let run = Mjscore::new(&["no-such-list.txt"]).run();
    assert_eq!(
        run.stderr,
        "mjscore: 'no-such-list.txt' is not a hand (no hand holds a '.' or a '/'); to read hands from a file, use -f FILE\n"
    );
    // A tile by its players' name: bam1 is b1, dot5 d5, crak3 c3 (at column 1).
    for (name, tile) in [("bam1", "b1"), ("dot5", "d5"), ("crak3", "c3")] {
        let text = message(&format!("{name} c123"));
        assert!(
            text.starts_with(&format!(
                "column 1: unknown word '{name}' (did you mean {tile}?)"
            )),
            "{text}"
        );
    }
    // The riichi suit letter written first.
    assert_eq!(
        message("m123 b456"),
        "column 1: 'm' is not a suit: tiles are b (bamboo), c (characters), d (dots), w (winds) or e (dragons), e.g. b5 (the riichi style puts the letter after the digits: 123m is c123)"
    );
    // A kong written without its brackets: b2222 is four concealed tiles where the kong
    // counts 3 as a meld: 4 + 3 + 3 + 3 + 1 + 1 = 15 tiles, one too many. The error is at
    // the first b2, column 1.
    assert_eq!(
        message("b2222 c123 d456 d789 w3 +w3"),
        "column 1: the hand has 15 tiles; a winning hand has 14: a kong is written as a meld, [k b2222] (exposed) or [ck b2222] (concealed), where it counts 3"
    );
    // The same hand with the kong as a meld scores.
    assert!(mjscore::score_line("[k b2222] c123 d456 d789 w3 +w3", &rules::WSOM).is_ok());
    // A tile named in words: the red dragon is e1 (docs/notation.md: e1 Red, e2 Green, e3
    // White), at column 20 where `red` starts.
    assert!(
        message("b123 c456 d789 w11 red dragon +b4")
            .starts_with("column 20: unknown word 'red' (did you mean e1, the red dragon?)"),
        "{}",
        message("b123 c456 d789 w11 red dragon +b4")
    );
    assert!(message("dragon b1").contains("(did you mean a dragon: e1 red, e2 green, e3 white?)"));
}

#[test]
fn help_asked_for_as_people_ask_it() {
    // `help --help` and `help -h` were an error ("unrecognized subcommand '--help'").
    // They give what `--help` and `-h` give: the long help and the short one.
    for flag in ["--help", "-h"] {
        let help = Mjscore::new(&[flag]).run();
        let run = Mjscore::new(&["help", flag]).run();
        assert_eq!(run.code, 0, "help {flag}: {}", run.stderr);
        assert_eq!(run.stdout, help.stdout, "help {flag}");
    }
    // `help waits` is still the help of waits.
    let run = Mjscore::new(&["help", "waits"]).run();
    assert!(
        run.stdout
            .starts_with("What a hand before its win waits for"),
        "{}",
        run.stdout
    );
}

#[test]
fn explain_in_tsv_says_where_the_table_is() {
    // explain writes one pattern in full: text or JSON. TSV was silently text.
    let run = Mjscore::new(&["explain", "7.1", "--format", "tsv"]).run();
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert_eq!(
        run.stderr,
        "mjscore: explain writes one pattern in full, as text or json; for a table of the patterns, use mjscore patterns --format tsv\n"
    );
}

#[test]
fn waits_summary_says_what_waits_has_instead() {
    // clap said "to pass '--summary' as a value, use '-- --summary'", which is no help.
    let run = Mjscore::new(&["waits", "--summary", "b123 c456 d789 w11 b5 b6"]).run();
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert_eq!(
        run.stderr,
        "mjscore: waits has no --summary: its exit status says how the hands stand (0 calling, 1 not calling, 2 not a hand), and --format tsv gives a table to count\n"
    );
}

/// The pattern `explain` finds for `query` under `rules`: its first line.
fn explained(rules: &str, query: &str) -> String {
    let run = Mjscore::new(&["--rules", rules, "explain", query]).run();
    assert_eq!(run.code, 0, "{rules} {query}: {}", run.stderr);
    run.stdout.lines().next().unwrap_or_default().to_string()
}

#[test]
fn explain_finds_a_pattern_by_the_names_players_use() {
    // What each name means, from the rule books and languages it comes from: "all pungs"
    // and "all pongs" (Chinese Official, Hong Kong), dui dui hu (pinyin of 对对和, the
    // simplified 對對和), 碰碰和 (its other Chinese name) are All Triplets; a full flush is
    // all one suit, a half flush one suit with honours; pinghu is 平和; thirteen orphans and
    // 十三幺 are Thirteen Terminals; "straight" is a word of Nine-Tile Straight.
    for (query, found) in [
        ("all pungs", "4.1 All Triplets 對對和"),
        ("all pong", "4.1 All Triplets 對對和"),
        ("dui dui hu", "4.1 All Triplets 對對和"),
        ("对对和", "4.1 All Triplets 對對和"),
        ("碰碰和", "4.1 All Triplets 對對和"),
        ("full flush", "2.1.2 Pure One-Suit 清一色"),
        ("half flush", "2.1.1 Mixed One-Suit 混一色"),
        ("pinghu", "1.1 All Sequences 平和"),
        ("thirteen orphans", "10.1 Thirteen Terminals 十三么九"),
        ("十三幺", "10.1 Thirteen Terminals 十三么九"),
        ("straight", "7.1 Nine-Tile Straight 一氣通貫"),
    ] {
        assert_eq!(explained("wsom", query), found, "{query}");
    }
    // Huang's table has its own names for them; 七對 is inside its 七對, the simplified
    // 七对 and the Chinese Official "seven pairs" name it too, and tsumo is its self-draw.
    for (query, found) in [
        ("all pungs", "h.47 All in Triple 碰碰胡"),
        ("full flush", "h.5 Mono Color 清一色"),
        ("七对", "h.32 Seven Pairs 七對"),
        ("tsumo", "h.55 Self Fetching 自摸"),
    ] {
        assert_eq!(explained("huang", query), found, "{query}");
    }
    // A word two patterns share names both; a chicken hand is no pattern of WSOM, whose
    // minimum is 5, and the message says which rule sets have one.
    let run = Mjscore::new(&["explain", "one-suit"]).run();
    assert_eq!(
        run.stderr,
        "mjscore: 'one-suit' could be several patterns of --rules wsom: 2.1.1 Mixed One-Suit, \
         2.1.2 Pure One-Suit; give more of the name, or the id\n"
    );
    let run = Mjscore::new(&["explain", "雞和"]).run();
    assert!(
        run.stderr
            .contains("--rules wsom has no '雞和': a winning hand with no pattern is a false win there (a hand needs at least 5 points); it is a pattern of --rules zj and of --rules doubling"),
        "{}",
        run.stderr
    );
    // explain lists the names, in text and JSON.
    let run = Mjscore::new(&["explain", "4.1"]).run();
    assert!(
        run.stdout.contains("\nAlso called  all pungs, all pongs, "),
        "{}",
        run.stdout
    );
    let run = Mjscore::new(&["explain", "4.1", "--format", "json"]).run();
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let aliases = json["aliases"].as_array().unwrap();
    assert!(aliases.iter().any(|a| a == "toitoi"), "{json}");
}

#[test]
fn a_claim_names_patterns_as_explain_finds_them() {
    // The hand is 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45: claimed by name,
    // by Chinese name and by a word, it is confirmed.
    let hand = "b66 c12345678 d111 +c9 self seat=s";
    for claim in [
        "concealed-hand+一氣通貫",
        "1.2+straight",
        "menzen+pure-straight",
    ] {
        let run = Mjscore::new(&["--claim", claim, hand]).run();
        assert_eq!(run.code, 0, "{claim}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stdout.contains("(45): confirmed"),
            "{claim}: {}",
            run.stdout
        );
    }
    // On the line too, where a name is written without spaces.
    let run = Mjscore::new(&[&format!("{hand} claim=concealed-hand+nine-tile-straight")]).run();
    assert_eq!(run.code, 0, "{}", run.stdout);
    // A name that could be two patterns, and one of none.
    let err = mjscore::score_line(&format!("{hand} claim=1.2+one-suit"), &rules::WSOM).unwrap_err();
    assert_eq!(
        err.message(),
        "claim names 'one-suit', which could be 2.1.1 Mixed One-Suit or 2.1.2 Pure One-Suit of \
         wsom: give more of the name, or the id"
    );
    let err = mjscore::score_line(&format!("{hand} claim=1.2+qwerty"), &rules::WSOM).unwrap_err();
    assert_eq!(
        err.message(),
        "claim names 'qwerty', which is not a pattern of wsom: `mjscore --rules wsom patterns` lists them"
    );
    // What starts with a digit is an id.
    let err = mjscore::score_line(&format!("{hand} claim=1.2+4,5"), &rules::WSOM).unwrap_err();
    assert_eq!(err.kind().as_str(), "syntax");
}

/// The columns `text` takes on a terminal: a Chinese character two, anything else here one.
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if ('\u{2E80}'..='\u{9FFF}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum()
}

#[test]
fn text_fits_the_width_columns_gives_and_machine_formats_do_not() {
    let hand = "[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e";
    let wide = Mjscore::new(&[hand]).run();
    assert!(
        wide.stdout.lines().any(|l| columns(l) > 60),
        "{}",
        wide.stdout
    );
    let run = Mjscore::new(&[hand]).env("COLUMNS", "40").run();
    for line in run.stdout.lines() {
        assert!(
            columns(line) <= 40,
            "{line:?} is wider than 40 in\n{}",
            run.stdout
        );
    }
    // Nothing is lost: the same words, only the line breaks and indentation differ.
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(words(&run.stdout), words(&wide.stdout));
    // A continuation goes under the value it continues: the payments' explanation is
    // "discard, 45 > 25: East pays 3 × 45 − 50 = 85, the others 25 each" from column 13.
    assert!(
        run.stdout
            .contains("\nPayments     discard, 45 > 25: East pays\n             3 × 45"),
        "{}",
        run.stdout
    );
    // JSON and TSV are for programs: one line a hand, whatever COLUMNS says.
    for format in ["json", "tsv"] {
        let wide = Mjscore::new(&["--format", format, hand]).run();
        let narrow = Mjscore::new(&["--format", format, hand])
            .env("COLUMNS", "40")
            .run();
        assert_eq!(narrow.stdout, wide.stdout, "{format}");
    }
    // The card of the patterns at 80 columns: each condition on the line under its
    // pattern, indented 8, when the table leaves it too little room beside.
    let card = Mjscore::new(&["patterns"]).env("COLUMNS", "80").run();
    assert!(
        card.stdout.lines().all(|l| columns(l) <= 80),
        "{}",
        card.stdout
    );
    assert!(card
        .stdout
        .contains("\n1.1     1.1          5 All Sequences                 平和\n        4 sequences; no triplets or kong\n"));
}

#[test]
fn an_errors_caret_counts_wide_characters_as_two_columns() {
    // 🀄 (the red dragon, e1) is two columns wide: the caret under `xyz`, at column 28,
    // follows 🀄🀄 (4 columns) and " b123 c456 d789 w111 +b1 " (25), so it is 29 columns
    // in after the 2 of the indentation.
    let run = Mjscore::new(&["🀄🀄 b123 c456 d789 w111 +b1 xyz"]).run();
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("error at column 28: unknown word 'xyz'"),
        "{}",
        run.stderr
    );
    assert_eq!(lines[1], "  🀄🀄 b123 c456 d789 w111 +b1 xyz");
    assert_eq!(lines[2], format!("{}^", " ".repeat(2 + 29)));
    // Fitted to 40 columns, the message breaks but the line and its caret stay whole.
    let run = Mjscore::new(&["🀄🀄 b123 c456 d789 w111 +b1 xyz"])
        .env("COLUMNS", "40")
        .run();
    let lines: Vec<&str> = run.stderr.lines().collect();
    let n = lines.len();
    assert!(n > 3, "{}", run.stderr);
    assert_eq!(lines[n - 2], "  🀄🀄 b123 c456 d789 w111 +b1 xyz");
    assert_eq!(lines[n - 1], format!("{}^", " ".repeat(2 + 29)));
}
