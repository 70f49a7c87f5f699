//! The `serde` feature: a line's result as `mjscore --format json` writes it. Every line the
//! command line writes for a corpus of hands (with claims of each kind, `--all`, under each
//! rule set), a false win, a typo and a session reads as a `Record` and writes back byte for
//! byte; the record the library makes of each scored line is the one read from the command
//! line's.

mod common;

use common::Mjscore;
use mjscore::record::Record;
use mjscore::rules::{ALL, WSOM};

/// Every object `mjscore --format json ARGS` writes for `input`.
fn json_lines(args: &[&str], input: &str) -> Vec<String> {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let run = Mjscore::new(&all).stdin(input).run();
    run.stdout.lines().map(str::to_string).collect()
}

/// Each line read as a record and written back the same; the records.
fn round_trip(lines: &[String]) -> Vec<Record> {
    lines
        .iter()
        .map(|line| {
            let record: Record =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            assert_eq!(serde_json::to_string(&record).unwrap(), *line);
            record
        })
        .collect()
}

#[test]
fn every_line_of_a_corpus_reads_back_as_written_and_as_the_library_makes_it() {
    let hands: Vec<String> = mjscore::corpus::winning_hands(2026, 300);
    for rules in ALL {
        for (suffix, all) in [("", false), (" claim=45", false), (" claim=1.2+7.1", true)] {
            let input: String = hands.iter().map(|h| format!("{h}{suffix}\n")).collect();
            let mut args = vec!["--rules", rules.id()];
            if all {
                args.push("--all");
            }
            let records = round_trip(&json_lines(&args, &input));
            assert_eq!(records.len(), hands.len());
            let options = mjscore::Options::new().with_all_readings(all);
            for (n, (hand, read)) in hands.iter().zip(&records).enumerate() {
                let line = format!("{hand}{suffix}");
                let made = match mjscore::score_line_with(&line, rules, options) {
                    Ok(scored) => Record::of(&scored, rules),
                    Err(error) => Record::of_error(&line, &error, rules),
                };
                let mut made = made;
                made.line = Some(n as u64 + 1);
                assert_eq!(&made, read, "{line} under {}", rules.id());
            }
        }
    }
}

#[test]
fn a_false_win_a_typo_half_points_and_a_session_read_back_as_written() {
    let examples = format!("{}/docs/examples", env!("CARGO_MANIFEST_DIR"));
    let hands = std::fs::read_to_string(format!("{examples}/hands.txt")).unwrap();
    let records = round_trip(&json_lines(&[], &hands));
    // docs/examples/hands.txt: a false win (line 7) and a typo (line 8), worked in
    // docs/scripting.md.
    let false_win = records.iter().find(|r| r.line == Some(7)).unwrap();
    assert_eq!(false_win.total, Some(None));
    assert_eq!(
        false_win.false_win.as_ref().unwrap().reason,
        "no scoring pattern (a Chicken Hand); WSOM needs at least 5 points"
    );
    let typo = records.iter().find(|r| r.line == Some(8)).unwrap();
    let error = typo.error.as_ref().unwrap();
    assert_eq!((error.kind.as_str(), error.column), ("syntax", Some(6)));
    // The doubling table's chicken hand is worth half a point: 0.5, written as such.
    let half = round_trip(&json_lines(
        &["--rules", "doubling"],
        "[c b123] [p w333] c456 d789 d2 +d2 from=s\n",
    ));
    assert_eq!(half[0].total, Some(Some(0.5)));
    // A session: its players and running totals, a draw and a penalty.
    let session = std::fs::read_to_string(format!("{examples}/session.txt")).unwrap();
    let records = round_trip(&json_lines(&[], &session));
    assert!(records.iter().any(|r| r.draw == Some(true)));
    let first = records.iter().find(|r| r.players.is_some()).unwrap();
    assert_eq!(first.players.as_ref().unwrap().e, "Ann");
    // The first hand: South (Bob) self-draws 45, each other player pays 45.
    assert_eq!(
        first.running.as_deref(),
        Some(
            &[
                ("Ann".to_string(), -45),
                ("Bob".to_string(), 135),
                ("Cho".to_string(), -45),
                ("Dee".to_string(), -45)
            ][..]
        )
    );
    let penalty = "players: Ann Bob Cho Dee\npenalty Cho 30\nvalue=45 seat=Bob self\n";
    let records = round_trip(&json_lines(&[], penalty));
    assert_eq!(records[0].penalty.as_ref().unwrap().points, 30);
    assert_eq!(records[1].agreed, Some(true));
    // A false win under a club that charges one: East, who declared it, pays 10 to each
    // (−30); the library's record of the line is the one read.
    let file = "docs/examples/rules/false-win-club.toml";
    let line = "[c b123] [p w333] c456 d789 d2 +d2 from=s";
    let records = round_trip(&json_lines(&["--rules", file], line));
    let paid = records[0].payments.as_ref().unwrap();
    assert_eq!((paid.e, paid.s, paid.w, paid.n), (-30, 10, 10, 10));
    assert!(records[0].false_win.is_some());
    let text = std::fs::read_to_string(file).unwrap();
    let club = mjscore::RuleSet::from_rules_file(&text).unwrap();
    let scored = mjscore::score_line(line, &club).unwrap();
    let mut made = Record::of(&scored, &club);
    made.line = records[0].line;
    assert_eq!(made, records[0]);
}

#[test]
fn the_library_makes_the_record_of_a_line_worked_by_hand() {
    // The WSOM scoring summary's Example 1, claimed at 50: 1.2 Concealed Hand 5 + 7.1
    // Nine-Tile Straight 40 = 45, self-drawn by South; the claim is higher, so corrected to
    // 45 and each other seat pays 45.
    let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s claim=50", &WSOM).unwrap();
    let record = Record::of(&scored, &WSOM);
    assert_eq!(record.total, Some(Some(45.0)));
    let ids: Vec<&str> = (record.patterns.iter().flatten())
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(ids, ["1.2", "7.1"]);
    assert_eq!(
        record.arrangement,
        Some(Some("b66 · c123 c456 c789 · d111".to_string()))
    );
    assert_eq!(record.winning_set, Some(Some("c789".to_string())));
    let payments = record.payments.as_ref().unwrap();
    assert_eq!(
        [payments.e, payments.s, payments.w, payments.n],
        [-45, 135, -45, -45]
    );
    let claim = record.claim.as_ref().unwrap();
    assert_eq!((claim.value, claim.settled), (50, Some(45.0)));
    assert_eq!(record.verdict.as_deref(), Some("overclaimed"));
    assert_eq!(
        serde_json::to_string(&record).unwrap(),
        r#"{"input":"b66 c12345678 d111 +c9 self seat=s claim=50","rules":"wsom","total":45,"limit":null,"sum":45,"patterns":[{"id":"1.2","name":"Concealed Hand","chinese":"門前清","points":5},{"id":"7.1","name":"Nine-Tile Straight","chinese":"一氣通貫","points":40}],"set_aside":[],"arrangement":"b66 · c123 c456 c789 · d111","winning_tile":"c9","winning_set":"c789","seat":"s","self_draw":true,"from":null,"from_assumed":false,"responsible":null,"payments":{"e":-45,"s":135,"w":-45,"n":-45},"claim":{"text":"50","value":50,"patterns":null,"settled":45,"missed":[],"not_there":[]},"verdict":"overclaimed"}"#
    );
}
