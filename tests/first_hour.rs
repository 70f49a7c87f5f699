//! A referee's and a scripter's first hour with the program: one test (or more) for each
//! item that review raised, numbered as it numbered them, each with the values worked out
//! by hand.

mod common;

use common::{json, mjscore};

/// The first line of what `mjscore --color never ARGS` writes on stderr, and its status.
fn first_error(args: &[&str]) -> (String, i32) {
    let mut all = vec!["--color", "never"];
    all.extend_from_slice(args);
    let run = mjscore(&all);
    (
        run.stderr.lines().next().unwrap_or_default().to_string(),
        run.code,
    )
}

// Item 7: the winning tile written twice, and "1 tile".
#[test]
fn item7_a_winning_tile_also_among_the_concealed_tiles_is_named() {
    // b123 c456 d789 w11 b555 = 14 concealed tiles, + b5 = 15, and b5 is among them.
    let (error, code) = first_error(&["b123 c456 d789 w11 b555 +b5"]);
    assert_eq!(code, 2);
    assert_eq!(
        error,
        "error at column 1: the hand has 15 tiles; a winning hand has 14: did you list the winning tile twice? the tile after + (b5) is not written among the concealed tiles"
    );
    // 15 tiles whose winning tile is not among the concealed ones: the plain count.
    let (error, _) = first_error(&["b123 c456 d789 w11 b555 +b9"]);
    assert_eq!(
        error,
        "error at column 1: the hand has 15 tiles; a winning hand has 14: concealed tiles + winning tile + 3 for each meld (kongs count 3)"
    );
    let (error, _) = first_error(&["+b1"]);
    assert_eq!(
        error,
        "error at column 1: the hand has 1 tile; a winning hand has 14: concealed tiles + winning tile + 3 for each meld (kongs count 3)"
    );
    let (v, _) = json(&["b123 c456 d789 w11 b555 +b5"]);
    assert_eq!(v["error"]["kind"], "invalid_hand");
}

// Item 8: a byte-order mark at the start of a file is skipped; any other invisible
// character is named by its code point.
#[test]
fn item8_a_leading_byte_order_mark_is_skipped() {
    let dir = common::temp_dir("first-hour-bom");
    let file = dir.join("excel.txt");
    std::fs::write(
        &file,
        "\u{FEFF}b66 c12345678 d111 +c9 self seat=s\n\u{FEFF}b123 +b1\n",
    )
    .unwrap();
    let run = mjscore(&[
        "--color",
        "never",
        "--format",
        "tsv",
        "-f",
        file.to_str().unwrap(),
    ]);
    let rows: Vec<&str> = run.stdout.lines().collect();
    // Line 1 scores 45 (the WSOM scoring summary's Example 1); the mark on line 2 is no BOM but a
    // character in the line, named by its code point at column 1.
    assert!(
        rows[1].contains("\tb66 c12345678 d111 +c9 self seat=s\t45\t"),
        "{}",
        rows[1]
    );
    assert!(
        rows[2].ends_with("\terror\tcolumn 1: unexpected character U+FEFF: expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or a context word"),
        "{}",
        rows[2]
    );
    // A comment line behind a BOM is still a comment.
    std::fs::write(
        &file,
        "\u{FEFF}# hands of Monday\nb66 c12345678 d111 +c9 self seat=s\n",
    )
    .unwrap();
    let run = mjscore(&["-f", file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.starts_with("Line         2\n"), "{}", run.stdout);
}

#[test]
fn item8_invisible_characters_are_named_by_code_point() {
    for (line, column, named) in [
        ("b123\u{A0}c456 +b1", 5, "U+00A0"),
        ("b123 \u{200B}c456 +b1", 6, "U+200B"),
        ("b123 c456 +b1 self\u{2060}", 19, "U+2060"),
    ] {
        let (error, code) = first_error(&[line]);
        assert_eq!(code, 2, "{line:?}");
        assert_eq!(
            error,
            format!("error at column {column}: unexpected character {named}: expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or a context word"),
            "{line:?}"
        );
    }
}

// Item 11: the small inconsistencies.
#[test]
fn item11_round_takes_a_wind() {
    let (error, _) = first_error(&["--rules", "doubling", "b123 c456 d789 b55 w11 +w1 round=x"]);
    assert_eq!(error, "error at column 28: round=x: a wind is e, s, w or n");
    let (error, _) = first_error(&["--rules", "huang", "b123 c456 d789 b55 w11 +w1 round="]);
    assert_eq!(
        error,
        "error at column 28: round= needs a wind: e, s, w or n (e.g. round=s)"
    );
    // The seat words still take a seat.
    let (error, _) = first_error(&["b123 c456 d789 b55 w11 +w1 seat=x"]);
    assert_eq!(error, "error at column 28: seat=x: a seat is e, s, w or n");
}

#[test]
fn item11_the_claims_summary_counts_claims_on_a_false_win() {
    // docs/examples/hands.txt: one false win (line 7), without a claim.
    let run = mjscore(&["-f", "docs/examples/hands.txt", "--summary"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines.contains(&"Summary      6 hands: 4 scored, 1 false win, 1 error"));
    assert!(
        lines.contains(&"Claims       confirmed 1, underscored 1, overclaimed 1, on a false win 0")
    );
}

#[test]
fn item11_a_half_point_sum_is_not_below_its_total() {
    // The doubling table's chicken hand: ½ point, alone.
    let (v, _) = json(&["--rules", "doubling", "b123 c456 d777 b999 c5 +c5 from=s"]);
    assert_eq!(
        (v["total"].as_f64(), v["sum"].as_f64()),
        (Some(0.5), Some(0.5))
    );
    let (v, _) = json(&[
        "--rules",
        "doubling",
        "--all",
        "b123 c456 d777 b999 c5 +c5 from=s",
    ]);
    let reading = &v["readings"][0];
    assert_eq!(
        (reading["total"].as_f64(), reading["sum"].as_f64()),
        (Some(0.5), Some(0.5))
    );
}

#[test]
fn item11_an_unreadable_file_is_named() {
    // Already so before that review: checked here to keep it.
    let run = mjscore(&["-f", "/"]);
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (2, "error: cannot read /: Is a directory\n")
    );
}

#[test]
fn item11_an_empty_argument_is_an_empty_hand() {
    for hand in ["", "   ", "# only a comment"] {
        let (error, code) = first_error(&[hand]);
        assert_eq!(code, 2);
        assert_eq!(
            error,
            "error at column 1: empty hand: write the concealed tiles, the melds, the winning tile after + and the context words, e.g. b66 c12345678 d111 +c9 self seat=s (`mjscore notation` shows the notation)",
            "{hand:?}"
        );
    }
    // A line with tokens but no +TILE still says what is missing, where.
    let (error, _) = first_error(&["b123"]);
    assert_eq!(
        error,
        "error at column 5: no winning tile: mark the tile that completed the hand with +, e.g. +b9"
    );
}

#[test]
fn item11_only_a_non_empty_no_color_turns_colour_off() {
    let hand = "b66 c12345678 d111 +c9 self seat=s";
    // supports-color colours a stream that is no terminal when IGNORE_IS_TERMINAL is set.
    let colour = |no_color: &str| {
        common::Mjscore::new(&[hand])
            .env("IGNORE_IS_TERMINAL", "1")
            .env("TERM", "xterm-256color")
            .env("NO_COLOR", no_color)
            .run()
            .stdout
            .contains('\u{1b}')
    };
    assert!(colour(""), "an empty NO_COLOR is no NO_COLOR");
    assert!(!colour("1"));
    assert!(!colour("0"), "any non-empty value, 0 too");
}

#[test]
fn item11_no_seed_numbers_are_shown_to_users() {
    let help = mjscore(&["--help"]).stdout;
    let card = mjscore(&["--rules", "doubling", "patterns"]).stdout;
    let scored = mjscore(&["--rules", "doubling", "b111 c444 e222 d777 w3 +w3 self"]).stdout;
    for text in [&help, &card, &scored] {
        assert!(!text.contains(concat!("seed", " 00")), "{text}");
    }
    assert!(help.contains("(Kevin & Connie Lacobie's doubling table: payout 2^points)"));
    assert!(card.starts_with(
        "Doubling table (Kevin & Connie Lacobie, Mahjong Scoring, 2019; maximum 13): 20 patterns"
    ));
}

#[test]
fn item11_a_long_set_aside_list_is_wrapped() {
    // Nine Gates (480) alone; 1.2 (5), 2.1.2 (80) and 4.2.1 (5) are set aside.
    let run = mjscore(&["c1112345678999 +c5 self"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let total = lines.iter().position(|l| l.starts_with("Total")).unwrap();
    // On one line they would run to 102 characters: the list breaks after a comma.
    assert_eq!(
        lines[total..total + 3],
        [
            "Total        480 (listed limit: 2.2 Nine Gates scores alone)",
            "             not counted: 1.2 Concealed Hand 5, 2.1.2 Pure One-Suit 80,",
            "             4.2.1 Two Concealed Triplets 5",
        ]
    );
    assert!(
        run.stdout.lines().all(|l| l.chars().count() <= 100),
        "{}",
        run.stdout
    );
}

// Item 1: the notation from the binary (its full text is pinned in
// snapshots/cli/notation_card.snap).
#[test]
fn item1_the_notation_card_lists_tiles_melds_and_every_word() {
    let run = mjscore(&["notation"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let card = &run.stdout;
    for line in [
        "  w1-w4   winds: w1 East, w2 South, w3 West, w4 North",
        "  [ck w2222]  concealed, declared kong (also ckong)",
        "  claim=N, claim=ID+ID  what the winner claimed, points or patterns by id or name, to be checked",
    ] {
        assert!(
            card.lines().any(|l| l == line),
            "missing {line:?} in\n{card}"
        );
    }
    // Every shared word, and every word of every rule set, with the meaning it declares.
    for (word, meaning) in mjscore::notation::SHARED_WORDS {
        assert!(
            card.contains(&format!("{word}  ")) && card.contains(meaning),
            "{word}"
        );
    }
    for rules in mjscore::rules::ALL {
        assert!(
            card.contains(&format!("  --rules {}", rules.id())),
            "{}",
            rules.id()
        );
        for word in rules.words() {
            assert!(card.contains(word.meaning), "{}: {}", rules.id(), word.key);
        }
    }
    // The same card is in the man page, and the help points at it.
    let man = mjscore(&["man"]).stdout;
    assert!(man.contains(".SH NOTATION\n.nf\nOne hand is one line"));
    assert!(man.contains("  [p d111]    exposed pung (also pung, pong)"));
    assert!(mjscore(&["--help"])
        .stdout
        .contains("(`mjscore notation` shows it)"));
}

// Item 9: every command ends with a message and exit 2 on a write error, 0 on a closed
// pipe (completions and man already did before that review; patterns, explain and notation
// now name what they could not write).
#[test]
fn item9_every_command_reports_a_write_error_and_ignores_a_closed_pipe() {
    let commands: [(&[&str], &str); 6] = [
        (&["completions", "bash"], "the completion script"),
        (&["man"], "the manual page"),
        (&["patterns"], "the reference card"),
        (&["explain", "7.1"], "the explanation"),
        (&["explain", "7.1", "--format", "json"], "the explanation"),
        (&["notation"], "the notation card"),
    ];
    for (args, what) in commands {
        if let Some(full) = common::dev_full() {
            let run = common::Mjscore::new(args).stdout_to(full).run();
            assert_eq!(
                (run.code, run.stderr),
                (
                    2,
                    format!(
                        "mjscore: cannot write {what}: No space left on device (os error 28)\n"
                    )
                ),
                "{args:?}"
            );
        }
        // A reader that has gone: the write fails with a broken pipe.
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mjscore"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

// Item 10: explain by name, by prefix, with the nearest ids, the rule set of an id, JSON.
#[test]
fn item10_explain_by_name_or_prefix() {
    for query in [
        "Nine-Tile Straight",
        "nine tile straight",
        "nine-tile",
        "NINE T",
        "一氣通貫",
        "7.1",
    ] {
        let run = mjscore(&["explain", query]);
        assert_eq!(run.code, 0, "{query}: {}", run.stderr);
        assert!(
            run.stdout.starts_with("7.1 Nine-Tile Straight 一氣通貫\n"),
            "{query}"
        );
    }
    let run = mjscore(&["explain", "three"]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (2, "mjscore: 'three' could be several patterns of --rules wsom: 4.2.2 Three Concealed Triplets, 4.3.3 Three Kong, 5.1.3 Three Identical Sequences, 6.1 Three Similar Sequences, 6.2.2 Three Similar Triplets, 7.2.1 Three Consecutive Triplets; give more of the name, or the id\n")
    );
}

#[test]
fn item10_explain_an_unknown_pattern_suggests_the_nearest_and_the_rule_set() {
    let run = mjscore(&["explain", "7.11"]);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (2, "mjscore: no pattern '7.11' in --rules wsom; the nearest: 7.1 Nine-Tile Straight; `mjscore patterns --rules wsom` lists them all\n")
    );
    let run = mjscore(&["explain", "d.b"]);
    assert_eq!(
        run.stderr,
        "mjscore: 'd.b' is a pattern of --rules doubling, not of --rules wsom: `mjscore explain d.b --rules doubling`\n"
    );
    // Both ways of giving the rule set work.
    for args in [
        &["explain", "d.b", "--rules", "doubling"][..],
        &["--rules", "doubling", "explain", "d.b"],
    ] {
        let run = mjscore(args);
        assert!(
            run.stdout.starts_with("d.b All Chee 平和\n"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn item10_explain_in_json() {
    let run = mjscore(&["explain", "7.1", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["id"], "7.1");
    assert_eq!(v["name"], "Nine-Tile Straight");
    assert_eq!(v["points"], 40);
    assert_eq!(v["example"], "b66 c12345678 d111 +c9 self seat=s");
    // The example scores 1.2 (5) + 7.1 (40) = 45.
    assert_eq!(v["example_total"], 45);
    assert_eq!(v["example_patterns"], serde_json::json!(["1.2", "7.1"]));
}

#[test]
fn item10_subcommands_list_only_the_options_they_use() {
    for command in ["completions", "man", "notation"] {
        let help = mjscore(&[command, "--help"]).stdout;
        for option in ["--rules", "--format", "--max", "--color"] {
            assert!(
                !help.contains(option),
                "{command} --help shows {option}:\n{help}"
            );
        }
    }
    for command in ["patterns", "explain", "waits"] {
        let help = mjscore(&[command, "--help"]).stdout;
        for option in ["--rules", "--format", "--max"] {
            assert!(
                help.contains(option),
                "{command} --help lacks {option}:\n{help}"
            );
        }
    }
    assert!(mjscore(&["waits", "--help"]).stdout.contains("--color"));
    let run = mjscore(&["completions", "bash", "--rules", "zj"]);
    assert_eq!(run.code, 2);
}

// Item 11: the man page names no pages that do not exist.
#[test]
fn item11_the_man_page_refers_to_no_missing_pages() {
    let man = mjscore(&["man"]).stdout;
    assert!(!man.contains("(1)"), "{man}");
    assert!(
        man.contains(".SH COMMANDS\n.TP\n\\fBmjscore patterns\\fR\n"),
        "{man}"
    );
}

// Item 6: TSV names the discarder and whether it was assumed, in fixed columns.
#[test]
fn item6_tsv_says_who_discarded_and_whether_it_was_assumed() {
    let run = mjscore(&["--format", "tsv", "b123 c789 d111 e222 b9 +b9"]);
    let rows: Vec<Vec<&str>> = run
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(
        rows[0],
        [
            "file", "line", "input", "total", "limit", "patterns", "e", "s", "w", "n", "from",
            "assumed", "status", "message"
        ]
    );
    // East wins on a discard with no from=: North, East's upper seat, is assumed. 1.2 (5) +
    // 3.1 for e222 (10) + 4.2.1 for d111 e222 (5) + 8.1.1 (40; b123 c789 d111 e222 b99 all
    // hold a terminal or an honor) = 60 > 25: North pays 3 × 60 − 50 = 130.
    assert_eq!(rows[1][10..12], ["n", "yes"]);
    assert_eq!((rows[1][3], rows[1][9]), ("60", "-130"));
    let run = mjscore(&["--format", "tsv", "b123 c789 d111 e222 b9 +b9 from=w"]);
    assert_eq!(
        run.stdout
            .lines()
            .nth(1)
            .unwrap()
            .split('\t')
            .collect::<Vec<_>>()[10..12],
        ["w", "no"]
    );
    let run = mjscore(&["--format", "tsv", "b123 c789 d111 e222 b9 +b9 self"]);
    assert_eq!(
        run.stdout
            .lines()
            .nth(1)
            .unwrap()
            .split('\t')
            .collect::<Vec<_>>()[10..12],
        ["", ""]
    );
}

#[test]
fn item6_tsv_columns_are_the_same_with_one_file_or_several() {
    let one = mjscore(&["--format", "tsv", "-f", "docs/examples/hands.txt"]).stdout;
    let two = mjscore(&[
        "--format",
        "tsv",
        "-f",
        "docs/examples/hands.txt",
        "-f",
        "docs/examples/hands.txt",
    ])
    .stdout;
    assert_eq!(one.lines().next(), two.lines().next());
    // The total is column 4 either way: 45 + 45 + 135 + 20 = 245 a file.
    let totals = |tsv: &str| -> u32 {
        tsv.lines()
            .skip(1)
            .filter_map(|l| l.split('\t').nth(3)?.parse::<u32>().ok())
            .sum()
    };
    assert_eq!((totals(&one), totals(&two)), (245, 490));
    assert!(one
        .lines()
        .chain(two.lines())
        .all(|l| l.split('\t').count() == 14));
}

// Item 4: the README says how to install the command and which Rust it needs.
#[test]
fn item4_the_readme_installs_the_command_and_states_the_minimum_rust() {
    let readme = include_str!("../README.md");
    // The first command: one build, installed (then `mjscore` runs it).
    assert!(readme.contains("\ncargo install --locked --path .               # build once"));
    let manifest = include_str!("../Cargo.toml");
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = \""))
        .and_then(|v| v.strip_suffix('"'))
        .expect("rust-version in Cargo.toml");
    // u32::is_multiple_of (src/rules/huang.rs) was stabilised in Rust 1.87.
    assert_eq!(version, "1.87");
    assert!(readme.contains(&format!("It needs Rust {version} or later")));
}

// Item 3 (glyphs only): Unicode mahjong glyphs are tiles.
#[test]
fn item3_unicode_glyphs_score_as_their_letters() {
    // The WSOM scoring summary's Example 1, b66 c12345678 d111 +c9 self seat=s, in glyphs: 45.
    let run = mjscore(&["🀕🀕 🀇🀈🀉🀊🀋🀌🀍🀎 🀙🀙🀙 +🀏 self seat=s"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .contains("Arrangement  b66 · c123 c456 c789 · d111\n"));
    assert!(run.stdout.contains("Total        45 (no limit)\n"));
    // A red dragon pung as a meld, 🀃 (North) with U+FE0F as the winning tile: 3 + 9 + 1 +
    // 1 = 14 tiles; only 3.1 Value Honor for [p e111] (10) counts.
    let (v, _) = json(&["[p 🀄🀄🀄] b123 c456 d789 w4 +🀃\u{FE0F}"]);
    assert_eq!(
        (v["total"].as_u64(), v["winning_tile"].as_str()),
        (Some(10), Some("w4"))
    );
    assert_eq!(v["patterns"][0]["set"], "[p e111]");
}

// Item 3: the riichi (Tenhou) style, for a whole hand.
#[test]
fn item3_a_riichi_style_hand_scores_as_its_letters() {
    // 123m 456p 789s are c123 d456 b789; 555z is e333 (5z White), 1z +1z the East pair w11.
    // WSOM: 1.2 Concealed Hand 5 + 3.1 Value Honor 10 (the White pung) = 15; South wins on
    // East's discard, 15 ≤ 25: each pays 15, South receives 45.
    let (v, code) = json(&["123m456p789s555z1z +1z seat=s from=e"]);
    assert_eq!(code, 0);
    assert_eq!(v["total"], 15);
    assert_eq!(v["arrangement"], "w11 · b789 c123 d456 · e333");
    assert_eq!(v["payments"]["s"], 45);
    // Melds and the winning tile too: [p 777z] is [p e111] (7z Red), +9s is b9.
    let (v, _) = json(&["[p 777z] 123m456p78s11z +9s seat=s from=e"]);
    assert_eq!(
        (v["winning_tile"].as_str(), v["patterns"][0]["set"].as_str()),
        (Some("b9"), Some("[p e111]"))
    );
}

#[test]
fn item3_a_hand_mixing_the_two_styles_says_how_to_write_the_other() {
    let (error, code) = first_error(&["b123 456p c789 d111 w1 +w1"]);
    assert_eq!(code, 2);
    assert_eq!(
        error,
        "error at column 6: '456p' is written in riichi style (123s: m p s z after the digits), but this hand is written with the suit letter first (b123): write it as d456"
    );
    let (error, _) = first_error(&["123s b456 c789 d111 w1 +w1"]);
    assert_eq!(
        error,
        "error at column 6: 'b456' is written with the suit letter first (b123), but this hand is written in riichi style (123s: m p s z after the digits): write it as 456s"
    );
    // The winning tile counts too (18 characters of groups, a space, +, and w1 at column 21);
    // glyphs go with either style.
    let (error, _) = first_error(&["123s456p789m111z1z +w1"]);
    assert_eq!(
        error,
        "error at column 21: 'w1' is written with the suit letter first (b123), but this hand is written in riichi style (123s: m p s z after the digits): write it as 1z"
    );
    let (v, _) = json(&["123m456p789s555z1z +🀀 seat=s from=e"]);
    assert_eq!(v["total"], 15);
    // Riichi numbers a suit has not: a red five (0) and 8z.
    let (error, _) = first_error(&["123m406p789s11z +1z"]);
    assert_eq!(
        error,
        "error at column 5: 406p: riichi suit tiles are numbered 1-9 (a red five, 0, is written 5 here)"
    );
    let (error, _) = first_error(&["123m456p789s18z +1z"]);
    assert_eq!(
        error,
        "error at column 13: 18z: riichi honours are 1z-7z (1-4 East, South, West, North; 5 white, 6 green, 7 red)"
    );
}

// Item 2: the honor tiles are named in the text output.
#[test]
fn item2_the_red_dragon_pung_is_named_in_the_arrangement_and_the_pattern() {
    // e111 is the Red Dragon (e1), not the East seat: a concealed pung, 3.1 Value Honor 10,
    // with 1.2 Concealed Hand 5 = 15. The suits (b123 c456 d789, the pair b55) are not named.
    let run = mjscore(&["e111 b123 c456 d789 b5 +b5 seat=s from=e"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let arrangement = lines
        .iter()
        .position(|l| l.starts_with("Arrangement"))
        .unwrap();
    assert_eq!(
        lines[arrangement..arrangement + 7],
        [
            "Arrangement  b55 · b123 c456 d789 · e111",
            "             honors: e111 Red Dragon pung",
            "             b5 completes the pair b55",
            "Patterns",
            "  1.2 Concealed Hand 門前清 5",
            "  3.1 Value Honor 番牌 10 (e111, Red Dragon pung)",
            "Total        15 (no limit)",
        ]
    );
    // JSON is as it was: the set in notation, no name.
    let (v, _) = json(&["e111 b123 c456 d789 b5 +b5 seat=s from=e"]);
    assert_eq!(v["patterns"][1]["set"], "e111");
    assert!(!v.to_string().contains("Red Dragon"), "{v}");
}

#[test]
fn item2_a_wind_pung_is_named_under_the_doubling_table() {
    // South's own wind, w2, as an exposed pung: d.h Seat Wind 1; not the prevailing wind
    // (round east by default), and the pair is East's wind w11, worth nothing here.
    let run = mjscore(&[
        "--rules",
        "doubling",
        "[p w222] b123 c456 d789 w1 +w1 seat=s from=e",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let arrangement = lines
        .iter()
        .position(|l| l.starts_with("Arrangement"))
        .unwrap();
    assert_eq!(
        lines[arrangement..arrangement + 5],
        [
            "Arrangement  w11 · b123 c456 d789 · [p w222]",
            "             honors: w11 East Wind pair, [p w222] South Wind pung",
            "             w1 completes the pair w11",
            "Patterns",
            "  d.h Seat Wind 門風 1 ([p w222], South Wind pung)",
        ]
    );
}

#[test]
fn item2_thirteen_terminals_names_every_honor_within_the_width() {
    let run = mjscore(&["b19 c19 d19 w1234 e123 +e3 self"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(
        "             honors: w1 East Wind, w2 South Wind, w3 West Wind, w4 North Wind, e1 Red Dragon,\n             e2 Green Dragon, e33 White Dragon pair\n"
    ), "{}", run.stdout);
    // A hand without honors has no such line.
    let plain = mjscore(&["b66 c12345678 d111 +c9 self seat=s"]).stdout;
    assert!(!plain.contains("honors:"), "{plain}");
}
