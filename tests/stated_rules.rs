//! A list that states its rules (docs/sessions.md, "The rules a list states"): `rules: zj`,
//! `rules: doubling max=10`, or a rules file's name with its text in the `#|` lines after
//! it, as the page exports an evening. The command line scores the list under them without
//! `--rules` and says so on stderr; a `--rules` (or `--max`) that differs is refused,
//! naming both; a statement that cannot be read stops the run before any hand is scored.
//!
//! The hands, worked by hand:
//! - `[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s`: no scoring pattern. Under Zung Jung
//!   that is the Chicken Hand, 1 point; a discard win worth 25 or less is paid 1 by each
//!   loser, so East (Ann) receives 3 and South, West and North pay 1 each. Under WSOM the
//!   same hand is a false win (its 5-point minimum): nobody pays, exit status 1.
//! - `b66 c12345678 d111 +c9 self seat=s`: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight
//!   40 = 45, paid 45 by each loser under WSOM; under a club whose minimum is 50, a false
//!   win.

mod common;

use std::path::{Path, PathBuf};

use common::Mjscore;
use mjscore::batch::{self, Control, Input, Settings};
use mjscore::render::Json;
use mjscore::{rules, Options};
use serde_json::json;

const CHICKEN: &str = "[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s";
const NINE_TILE: &str = "b66 c12345678 d111 +c9 self seat=s";
const CLUB: &str = "base = \"wsom\"\nname = \"High club\"\nminimum = 50\n";

/// A directory holding `files` (name, text), for a run there.
fn dir_with(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = common::temp_dir(name);
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn run_in(dir: &Path, args: &[&str], stdin: &str) -> common::Run {
    Mjscore::new(args).stdin(stdin).current_dir(dir).run()
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The Zung Jung evening: the chicken hand at a seated table.
fn zj_evening() -> String {
    format!("# Tuesday\nrules: zj\nplayers: Ann Bob Cho Dee\n{CHICKEN}\n")
}

#[test]
fn a_list_that_states_zung_jung_is_scored_under_it_without_rules() {
    let dir = dir_with("stated-zj", &[("evening.txt", &zj_evening())]);
    let zj = "Zung Jung v3.3 (standard, chicken hand 1)";
    // From a file, on one thread and on three; from a pipe.
    for (args, source) in [
        (
            &["-f", "evening.txt", "--format", "json"][..],
            "evening.txt",
        ),
        (
            &["-f", "evening.txt", "--format", "json", "-j", "3"][..],
            "evening.txt",
        ),
        (&["--format", "json"][..], "standard input"),
    ] {
        let stdin = if source == "evening.txt" {
            ""
        } else {
            &zj_evening()
        };
        let out = run_in(&dir, args, stdin);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert_eq!(
            out.stderr,
            format!("mjscore: scoring under {zj}, as {source} states at line 2 (rules: zj)\n")
        );
        let hands = json_lines(&out.stdout);
        assert_eq!(hands.len(), 1);
        let hand = &hands[0];
        assert_eq!(
            (&hand["line"], &hand["rules"], &hand["total"]),
            (&json!(4), &json!("zj"), &json!(1))
        );
        assert_eq!(hand["payments"], json!({"e": 3, "s": -1, "w": -1, "n": -1}));
        assert_eq!(
            hand["running"],
            json!({"Ann": 3, "Bob": -1, "Cho": -1, "Dee": -1})
        );
    }
    // Given the same rules, nothing to say.
    let out = run_in(
        &dir,
        &["-f", "evening.txt", "--rules", "ZJ", "--format", "json"],
        "",
    );
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    // In TSV from a pipe, the rules: line before players: leaves the session its columns.
    let out = run_in(&dir, &["--format", "tsv"], &zj_evening());
    let rows: Vec<&str> = out.stdout.lines().collect();
    assert!(rows[0].ends_with("\trunning_Dee\twinner"), "{}", rows[0]);
    assert!(rows[1].starts_with(&format!("\t4\t{CHICKEN}\t1\t\tchicken\t3\t-1\t-1\t-1\t")));
    assert!(rows[1].ends_with("\tAnn"), "{}", rows[1]);
}

#[test]
fn a_rules_given_that_differs_from_the_stated_ones_is_refused_naming_both() {
    let doubling = "rules: doubling max=10\nb1 +b1\n";
    let dir = dir_with(
        "stated-differs",
        &[
            ("evening.txt", &zj_evening()),
            ("doubling.txt", doubling),
            ("club.toml", CLUB),
        ],
    );
    let refused = |args: &[&str], message: &str| {
        let out = run_in(&dir, args, "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(out.stderr, format!("mjscore: {message}\n"), "{args:?}");
    };
    let advice = "out to score the list under the rules it states, or change its rules: line";
    refused(
        &["-f", "evening.txt", "--rules", "huang"],
        &format!("--rules huang differs from the rules evening.txt states at line 2 (rules: zj): leave --rules huang {advice}"),
    );
    refused(
        &["-f", "evening.txt", "--rules", "wsom"],
        &format!("--rules wsom differs from the rules evening.txt states at line 2 (rules: zj): leave --rules wsom {advice}"),
    );
    refused(
        &["-f", "evening.txt", "--rules", "club.toml"],
        &format!("--rules club.toml differs from the rules evening.txt states at line 2 (rules: zj): leave --rules club.toml {advice}"),
    );
    // The doubling table's maximum is part of the rules.
    refused(
        &["-f", "doubling.txt", "--rules", "doubling"],
        &format!("--rules doubling differs from the rules doubling.txt states at line 1 (rules: doubling max=10): leave --rules doubling {advice}"),
    );
    refused(
        &["-f", "doubling.txt", "--max", "12"],
        &format!("--max 12 differs from the rules doubling.txt states at line 1 (rules: doubling max=10): leave --max 12 {advice}"),
    );
    for same in [
        &["--rules", "doubling", "--max", "10"][..],
        &["--max", "10"],
    ] {
        let out = run_in(&dir, &[&["-f", "doubling.txt"][..], same].concat(), "");
        assert_eq!(
            (out.code, out.stderr.as_str()),
            (2, ""),
            "b1 +b1 is no hand"
        );
    }
}

#[test]
fn an_evening_under_a_rules_file_is_scored_under_the_text_it_holds() {
    // As the page exports it: the file's text after the rules: line, each line after "#| ".
    let held: String = CLUB.lines().map(|l| format!("#| {l}\n")).collect();
    let evening = format!(
        "# mjscore session of 2026-11-20 20:00: mjscore -f THIS_FILE --summary\nrules: club.toml\n{held}players: Ann Bob Cho Dee\n{NINE_TILE}\n"
    );
    let other = CLUB.replace("50", "40");
    let dir = dir_with(
        "stated-file",
        &[
            ("evening.txt", &evening),
            ("club.toml", &CLUB.replace('\n', "\r\n")),
            ("other.toml", &other),
        ],
    );
    // 45 under a minimum of 50: a false win, nobody pays (under WSOM: 45 from each).
    let out = run_in(&dir, &["-f", "evening.txt", "--format", "json"], "");
    assert_eq!(out.code, 1, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "mjscore: scoring under High club, as evening.txt states at line 2 (rules: club.toml)\n"
    );
    let hand = &json_lines(&out.stdout)[0];
    assert_eq!(
        (&hand["rules"], &hand["total"]),
        (&json!("high-club"), &json!(null))
    );
    assert_eq!(hand["payments"], json!({"e": 0, "s": 0, "w": 0, "n": 0}));
    // The same file (its line endings aside): the same run, nothing said.
    let given = run_in(
        &dir,
        &[
            "-f",
            "evening.txt",
            "--rules",
            "club.toml",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(
        (given.code, given.stdout, given.stderr.as_str()),
        (1, out.stdout, "")
    );
    // Another text, or a built-in rule set: refused.
    for rules in ["other.toml", "wsom"] {
        let out = run_in(&dir, &["-f", "evening.txt", "--rules", rules], "");
        assert_eq!(out.code, 2);
        assert_eq!(out.stderr, format!("mjscore: --rules {rules} differs from the rules evening.txt states at line 2 (rules: club.toml, its text in the #| lines after it): leave --rules {rules} out to score the list under the rules it states, or change its rules: line\n"));
    }
}

#[test]
fn a_statement_that_cannot_be_read_stops_the_run_before_any_hand() {
    let table = [
        (
            "rules: hwang\nb1 +b1\n",
            "line 1, column 8: rules: hwang: expected a rule set, wsom, zj, doubling or huang (doubling may add max=N), or a rules file's name ending .toml, its text in #| lines after it",
        ),
        // The word at fault is pointed at, the same word as the rule set or not.
        (
            "rules: zj zj\n",
            "line 1, column 11: rules: zj zj: expected a rule set, wsom, zj, doubling or huang (doubling may add max=N), or a rules file's name ending .toml, its text in #| lines after it",
        ),
        (
            "rules:\nb1 +b1\n",
            "line 1, column 7: rules:: expected a rule set, wsom, zj, doubling or huang (doubling may add max=N), or a rules file's name ending .toml, its text in #| lines after it",
        ),
        (
            "rules: doubling max=40\n",
            "line 1, column 17: max=40: only the doubling table has a maximum, from 2 to 30 (rules: doubling max=10)",
        ),
        (
            "rules: huang max=10\n",
            "line 1, column 14: max=10: only the doubling table has a maximum, from 2 to 30 (rules: doubling max=10)",
        ),
        (
            "rules: zj  max=10\n",
            "line 1, column 12: max=10: only the doubling table has a maximum, from 2 to 30 (rules: doubling max=10)",
        ),
        (
            "rules: club.toml\nb1 +b1\n",
            "line 1, column 8: rules: club.toml states a rules file: its text follows the line, each of its lines after \"#| \" (as the page exports an evening); or leave the line out and give --rules with the file",
        ),
        // The file's line 2 is the list's line 3; its column 11 is the line's 14.
        (
            "rules: club.toml\n#| base = \"wsom\"\n#| minimum = \"x\"\nb1 +b1\n",
            "line 3, column 14: the rules file in the #| lines: expected a whole number of points, found the text \"x\"",
        ),
        (
            "rules: zj\n# again\nrules: zj\nb1 +b1\n",
            "line 3, column 1: the list stated its rules at line 1 already: one rules: line a list",
        ),
    ];
    let dir = common::temp_dir("stated-errors");
    for (list, message) in table {
        std::fs::write(dir.join("list.txt"), list).unwrap();
        let out = run_in(&dir, &["-f", "list.txt"], "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{list:?}");
        assert_eq!(
            out.stderr,
            format!("mjscore: list.txt, {message}\n"),
            "{list:?}"
        );
    }
    // A rules file's text is kept whole while it is read: over 1 MiB, it is refused.
    let long = format!(
        "rules: club.toml\n{}",
        "#| # a comment of the club's\n".repeat(50_000)
    );
    std::fs::write(dir.join("list.txt"), long).unwrap();
    let out = run_in(&dir, &["-f", "list.txt"], "");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(
            ": the rules file in the #| lines: the text is longer than 1048576 bytes (1 MiB)"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn a_rules_line_after_the_top_is_an_error_where_it_stands() {
    // The hand before it is scored under WSOM (45 from each); the line is an error of kind
    // session; the run goes on.
    let list = format!("{NINE_TILE}\nrules: huang\n{NINE_TILE}\n");
    let out = run_in(Path::new("."), &["--format", "json"], &list);
    assert_eq!(out.code, 2);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["total"], json!(45));
    assert_eq!(
        lines[1]["error"],
        json!({"kind": "session", "column": 1, "message": "rules: stands at the top of its list, before the first hand, draw or players: line: a list is scored under one rule set"})
    );
    assert_eq!(lines[2]["rules"], json!("wsom"));
}

#[test]
fn several_files_are_scored_under_the_one_rule_set_they_state() {
    let dir = dir_with(
        "stated-files",
        &[
            ("zj.txt", &format!("rules: zj\n{CHICKEN}\n")),
            ("plain.txt", &format!("{CHICKEN}\n")),
            ("huang.txt", "rules: huang\nb1 +b1\n"),
        ],
    );
    // A file that states nothing follows the run: the chicken hand is worth 1 in both.
    let out = run_in(
        &dir,
        &["-f", "zj.txt", "-f", "plain.txt", "--format", "json"],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let totals: Vec<_> = json_lines(&out.stdout)
        .iter()
        .map(|h| h["total"].clone())
        .collect();
    assert_eq!(totals, [json!(1), json!(1)]);
    let out = run_in(&dir, &["-f", "zj.txt", "-f", "huang.txt"], "");
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert_eq!(out.stderr, "mjscore: zj.txt states rules: zj (line 1) and huang.txt states rules: huang (line 1): a run is scored under one rule set; score them apart\n");
}

#[test]
fn the_batch_refuses_a_statement_it_does_not_honour() {
    // The library's run under WSOM, given a list that states Huang's table: the line is an
    // error; under Huang's table it writes nothing.
    let run = |rules: &'static mjscore::RuleSet| {
        let json = Json::new(rules);
        let settings = Settings {
            rules,
            output: &json,
            options: Options::default(),
            session_ahead: None,
        };
        let input = Input {
            name: None,
            source: "a list".to_string(),
            reader: Box::new(std::io::Cursor::new(format!("rules: huang\n{NINE_TILE}\n"))),
            read_ahead: false,
        };
        let mut out = Vec::new();
        batch::run(vec![input], &settings, &Control::jobs(1), &mut out).unwrap();
        json_lines(&String::from_utf8(out).unwrap())
    };
    let lines = run(&rules::WSOM);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[0]["error"]["message"],
        json!("the list states rules: huang, but it is being scored under wsom: score it under the rules it states")
    );
    let lines = run(&rules::HUANG);
    assert_eq!(lines.len(), 1);
    assert_eq!(
        (&lines[0]["line"], &lines[0]["rules"]),
        (&json!(2), &json!("huang"))
    );
}
