//! Sessions (docs/sessions.md): players seated by `players:` lines, the deal passing after
//! each hand, running totals and standings, in every format.
//!
//! The worked session is docs/examples/session.txt (WSOM, players Ann Bob Cho Dee), worked
//! by hand in docs/sessions.md. Each hand's payments are those worked in tests/batch.rs and
//! the README; the deal passes after every hand, so hand k is dealt by the (k−1 mod 4)-th
//! player of the `players:` line:
//!
//! | hand | E S W N | what happened | Ann | Bob | Cho | Dee |
//! |---|---|---|---|---|---|---|
//! | 1 | Ann Bob Cho Dee | Bob (S) self-draws 45: each pays 45 | −45 | 135 | −45 | −45 |
//! | 2 | Bob Cho Dee Ann | Cho (S) wins 45 on Bob's (E) discard: Bob 85, Dee and Ann 25 | −70 | 50 | 90 | −70 |
//! | 3 | Cho Dee Ann Bob | Ann (W) self-draws 135, claims 130: each pays 130 | 320 | −80 | −40 | −200 |
//! | 4 | Dee Ann Bob Cho | draw | 320 | −80 | −40 | −200 |
//! | 5 | Ann Bob Cho Dee | Ann's (E) false win | 320 | −80 | −40 | −200 |
//! | 6 | Bob Cho Dee Ann | Ann (N) wins 170 on Bob's (E) discard: Bob 460, Cho and Dee 25 | 830 | −540 | −65 | −225 |
//! | 7 | Cho Dee Ann Bob | Dee (S) wins 20 on Ann's (W) discard: each pays 20 | 810 | −560 | −85 | −165 |
//! | 8 | Dee Ann Bob Cho | Dee (E) wins 20 on Ann's (S) discard: each pays 20 | 790 | −580 | −105 | −105 |
//! | 9 | Ann Bob Cho Dee | Ann (E) self-draws 70: each pays 70 | 1000 | −650 | −175 | −175 |

mod common;

use std::path::Path;

use common::Mjscore;
use serde_json::json;

const SESSION: &str = include_str!("../docs/examples/session.txt");
const HANDS: &str = include_str!("../docs/examples/hands.txt");

fn run(args: &[&str], stdin: &str) -> common::Run {
    Mjscore::new(args)
        .stdin(stdin)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .run()
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The worked session: the seats of each hand (E S W N) and the running totals after it
/// (Ann Bob Cho Dee), from the table above.
const WORKED: [([&str; 4], [i64; 4]); 9] = [
    (["Ann", "Bob", "Cho", "Dee"], [-45, 135, -45, -45]),
    (["Bob", "Cho", "Dee", "Ann"], [-70, 50, 90, -70]),
    (["Cho", "Dee", "Ann", "Bob"], [320, -80, -40, -200]),
    (["Dee", "Ann", "Bob", "Cho"], [320, -80, -40, -200]),
    (["Ann", "Bob", "Cho", "Dee"], [320, -80, -40, -200]),
    (["Bob", "Cho", "Dee", "Ann"], [830, -540, -65, -225]),
    (["Cho", "Dee", "Ann", "Bob"], [810, -560, -85, -165]),
    (["Dee", "Ann", "Bob", "Cho"], [790, -580, -105, -105]),
    (["Ann", "Bob", "Cho", "Dee"], [1000, -650, -175, -175]),
];

const NAMES: [&str; 4] = ["Ann", "Bob", "Cho", "Dee"];

#[test]
fn a_batch_without_players_prints_what_it_printed_before() {
    // Outputs of docs/examples/hands.txt from the program before sessions existed (the text
    // regenerated when the honors were named: only the honors lines and pattern details differ;
    // JSON and TSV when a false win got its own shape: only line 7, the false win, differs).
    for (format, expected) in [
        ("text", include_str!("data/sessions/hands.text.out")),
        ("json", include_str!("data/sessions/hands.json.out")),
        ("tsv", include_str!("data/sessions/hands.tsv.out")),
    ] {
        let out = run(&["--format", format], HANDS);
        assert_eq!(out.stdout, expected, "{format}");
        assert_eq!(out.code, 2);
    }
}

#[test]
fn the_worked_session_in_json_carries_players_and_running_totals() {
    let out = run(&["--format", "json", "--summary"], SESSION);
    assert_eq!(out.code, 1, "a false win and an underscored claim");
    let mut objects = json_lines(&out.stdout);
    let summary = objects.pop().unwrap();
    assert_eq!(
        objects.len(),
        9,
        "one object per hand; the players: line prints none"
    );
    for (i, (object, (seats, running))) in objects.iter().zip(WORKED).enumerate() {
        assert_eq!(
            object["players"],
            json!({"e": seats[0], "s": seats[1], "w": seats[2], "n": seats[3]}),
            "hand {}",
            i + 1
        );
        let expected: serde_json::Map<String, serde_json::Value> = NAMES
            .iter()
            .zip(running)
            .map(|(n, t)| (n.to_string(), json!(t)))
            .collect();
        assert_eq!(object["running"], json!(expected), "hand {}", i + 1);
        assert_eq!(running.iter().sum::<i64>(), 0);
    }
    // Hand 3 is paid on its claim of 130, not on its value of 135.
    assert_eq!(objects[2]["total"], 135);
    assert_eq!(
        objects[2]["payments"],
        json!({"e": -130, "s": -130, "w": 390, "n": -130})
    );
    assert_eq!(objects[3]["draw"], true);
    assert_eq!(
        objects[3]["payments"],
        json!({"e": 0, "s": 0, "w": 0, "n": 0})
    );
    assert!(
        objects[4]["false_win"]["reason"].is_string(),
        "{}",
        objects[4]
    );
    assert_eq!(
        summary,
        json!({"summary": {
            "hands": 9, "scored": 7, "false_wins": 1, "errors": 0,
            "verdicts": {"confirmed": 0, "underscored": 1, "overclaimed": 0, "false_win": 0},
            "patterns": {"1.1": 2, "1.2": 4, "2.1.1": 1, "3.1": 2, "4.1": 2, "4.2.1": 1,
                         "4.2.2": 1, "5.1.1": 1, "5.1.2": 1, "7.1": 1, "7.2.1": 2},
            "draws": 1,
            // East: -45 - 85 - 130 - 460 - 20 + 60 + 210; South: 135 + 135 - 130 - 25 + 60
            // - 20 - 70; West: -45 - 25 + 390 - 25 - 20 - 20 - 70; North: -45 - 25 - 130
            // + 510 - 20 - 20 - 70.
            "seats": {"e": -470, "s": 85, "w": 185, "n": 200},
            "standings": [
                {"player": "Ann", "total": 1000, "won": 3, "dealt_in": 2, "biggest": 170,
                 "false_wins": 1, "hands": 9},
                {"player": "Cho", "total": -175, "won": 1, "dealt_in": 0, "biggest": 45,
                 "false_wins": 0, "hands": 9},
                {"player": "Dee", "total": -175, "won": 2, "dealt_in": 0, "biggest": 20,
                 "false_wins": 0, "hands": 9},
                {"player": "Bob", "total": -650, "won": 1, "dealt_in": 2, "biggest": 45,
                 "false_wins": 0, "hands": 9},
            ]
        }})
    );
}

#[test]
fn the_worked_session_in_tsv_has_players_and_running_columns_at_the_end() {
    let out = run(&["--format", "tsv", "--summary"], SESSION);
    let rows: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        rows[0],
        "file\tline\tinput\ttotal\tlimit\tpatterns\te\ts\tw\tn\tfrom\tassumed\tstatus\tmessage\
         \tplayer_e\tplayer_s\tplayer_w\tplayer_n\trunning_e\trunning_s\trunning_w\trunning_n\
         \trunning_Ann\trunning_Bob\trunning_Cho\trunning_Dee\twinner"
    );
    assert_eq!(rows.len(), 10, "a header and one row per hand");
    // The winner of each hand by name (worked by hand above): Bob, Cho, Ann (hand 3, the
    // underscored claim), nobody (4, the draw), Ann (5, her false win: the declarer),
    // Ann, Dee, Dee, Ann.
    let winners = ["Bob", "Cho", "Ann", "", "Ann", "Ann", "Dee", "Dee", "Ann"];
    // The 14 fixed columns of a scored row, then the session's 8, then one running total
    // per player of the `players:` line, wherever that player sits: a column a
    // spreadsheet charts across the evening; last the winner.
    for (i, (row, (seats, running))) in rows[1..].iter().zip(WORKED).enumerate() {
        let fields: Vec<&str> = row.split('\t').collect();
        assert_eq!(fields.len(), 27, "{row}");
        assert_eq!(fields[26], winners[i], "hand {}", i + 1);
        assert_eq!(fields[14..18], seats, "hand {}", i + 1);
        // The running total of the player at each seat.
        let by_seat: Vec<String> = seats
            .iter()
            .map(|s| running[NAMES.iter().position(|n| n == s).unwrap()].to_string())
            .collect();
        assert_eq!(fields[18..22], by_seat, "hand {}", i + 1);
        let by_player: Vec<String> = running.iter().map(i64::to_string).collect();
        assert_eq!(fields[22..26], by_player, "hand {}", i + 1);
    }
    assert_eq!(
        rows[4],
        "\t6\tdraw\t\t\t\t0\t0\t0\t0\t\t\tdraw\t\tDee\tAnn\tBob\tCho\t-200\t320\t-80\t-40\
         \t320\t-80\t-40\t-200\t"
    );
    common::assert_has_lines(
        &out.stderr,
        &[
            "Summary      9 hands: 7 scored, 1 false win, 1 draw, 0 errors",
            "Seats        East -470, South 85, West 185, North 200",
        ],
    );
    // The standings, for a script: the summary's only lines with a tab, a header and one
    // row per player, as the table of docs/sessions.md (every player sat at all 9 hands).
    let standings: Vec<&str> = out.stderr.lines().filter(|l| l.contains('\t')).collect();
    assert_eq!(
        standings,
        [
            "rank\tplayer\ttotal\twon\tdealt_in\tbiggest\tfalse_wins\thands",
            "1\tAnn\t1000\t3\t2\t170\t1\t9",
            "2\tCho\t-175\t1\t0\t45\t0\t9",
            "3\tDee\t-175\t2\t0\t20\t0\t9",
            "4\tBob\t-650\t1\t2\t45\t0\t9",
        ]
    );
    assert!(out.stderr.ends_with("4\tBob\t-650\t1\t2\t45\t0\t9\n"));
    // A half point is 0.5, and a player who won nothing has no biggest hand. Doubling:
    // A (East) wins a chicken (½ point, paid 2^0 = 1) on B's discard: B pays 2, C and D 1,
    // A receives 4.
    let out = run(
        &["--format", "tsv", "--summary", "--rules", "doubling"],
        "players: A B C D\nb123 c456 d777 b999 c5 +c5 seat=e from=s\n",
    );
    let standings: Vec<&str> = out.stderr.lines().filter(|l| l.contains('\t')).collect();
    assert_eq!(
        standings[1..],
        [
            "1\tA\t4\t1\t0\t0.5\t0\t1",
            "2\tC\t-1\t0\t0\t\t0\t1",
            "3\tD\t-1\t0\t0\t\t0\t1",
            "4\tB\t-2\t0\t1\t\t0\t1",
        ]
    );
    // Without players, no standings: nothing with a tab.
    let out = run(&["--format", "tsv", "--summary"], HANDS);
    assert!(!out.stderr.contains('\t'), "{}", out.stderr);
}

#[test]
fn the_worked_session_in_text_names_the_players_after_each_hand() {
    let out = run(&["--summary"], SESSION);
    let tables: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("Table "))
        .collect();
    let running: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("Running "))
        .collect();
    assert_eq!(tables.len(), 9);
    for (i, (seats, totals)) in WORKED.iter().enumerate() {
        assert_eq!(
            tables[i],
            format!(
                "Table        East {}, South {}, West {}, North {}",
                seats[0], seats[1], seats[2], seats[3]
            )
        );
        assert_eq!(
            running[i],
            format!(
                "Running      Ann {}, Bob {}, Cho {}, Dee {}",
                totals[0], totals[1], totals[2], totals[3]
            )
        );
    }
    common::assert_has_lines(
        &out.stdout,
        &[
            "Players      East Ann, South Bob, West Cho, North Dee",
            "             Bob wins by self-draw",
            "             Cho wins on Bob's discard",
            "             Ann wins by self-draw",
            "Draw         a drawn hand: nobody pays",
            "             nobody wins",
            "             Ann's false win: nobody pays",
            "             Ann wins on Bob's discard",
            "             Dee wins on Ann's discard",
            "Standings    every player of the run, best total first",
            "   1  Ann       1000    3         2      170           1",
            "   4  Bob       -650    1         2       45           0",
        ],
    );
}

/// The East player of each hand of `session`, from the JSON output under `rules`.
fn easts(rules: &str, session: &str) -> Vec<String> {
    let out = run(&["--format", "json", "--rules", rules], session);
    json_lines(&out.stdout)
        .iter()
        .map(|o| o["players"]["e"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn five_hands_put_the_first_player_back_at_east_and_a_draw_passes_the_deal() {
    // WSOM: the deal always passes, whoever wins, and after a draw.
    let session = "players: A B C D\n\
                   b66 c12345678 d111 +c9 self seat=e\n\
                   draw\n\
                   b66 c12345678 d111 +c9 self seat=s\n\
                   draw\n\
                   b66 c12345678 d111 +c9 self seat=w\n";
    assert_eq!(easts("wsom", session), ["A", "B", "C", "D", "A"]);
    assert_eq!(easts("zj", session), ["A", "B", "C", "D", "A"]);
}

#[test]
fn the_doubling_and_huang_dealer_keeps_the_deal_when_he_wins() {
    // Hand 1: East (A) wins, and deals again; hand 2: South wins, the deal passes; hand
    // 3: a draw passes it; hand 4: East (C) wins and keeps it.
    let session = "players: A B C D\n\
                   b111 [p c444] e222 d777 w3 +w3 seat=e from=s\n\
                   b111 [p c444] e222 d777 w3 +w3 seat=s from=e\n\
                   draw\n\
                   b111 [p c444] e222 d777 w3 +w3 seat=e from=n\n\
                   draw\n";
    assert_eq!(easts("doubling", session), ["A", "A", "B", "C", "C"]);
    // The same under Huang's table, with its Tin declared.
    let huang = "players: A B C D\n\
                 c123 c456 c789 d5 [p e111] +d5 self seat=e tin=earth\n\
                 c123 c456 c789 d5 [p e111] +d5 self seat=s tin=earth\n\
                 draw\n\
                 c123 c456 c789 d5 [p e111] +d5 self seat=e tin=earth\n\
                 draw\n";
    assert_eq!(easts("huang", huang), ["A", "A", "B", "C", "C"]);
    let out = run(&["--rules", "doubling"], session);
    common::assert_has_lines(
        &out.stdout,
        &["             A wins on B's discard; A keeps the deal"],
    );
}

#[test]
fn a_false_win_records_no_payment_and_passes_the_deal() {
    // East's tiles form no winning hand under any rule set.
    let session = "players: A B C D\n\
                   b123 c456 d789 w12 e11 +e1 seat=e from=s\n\
                   draw\n";
    for rules in ["wsom", "doubling", "huang"] {
        let out = run(
            &["--format", "json", "--summary", "--rules", rules],
            session,
        );
        let objects = json_lines(&out.stdout);
        if rules == "wsom" {
            assert!(
                objects[0]["false_win"]["reason"].is_string(),
                "{}",
                objects[0]
            );
            assert_eq!(
                objects[0]["payments"],
                json!({"e": 0, "s": 0, "w": 0, "n": 0})
            );
            assert_eq!(
                objects[0]["running"],
                json!({"A": 0, "B": 0, "C": 0, "D": 0})
            );
            assert_eq!(
                objects[2]["summary"]["standings"][0],
                json!({"player": "A", "total": 0, "won": 0, "dealt_in": 0, "biggest": null,
                       "false_wins": 1, "hands": 2})
            );
        }
        // Even where East keeps the deal on a win, a false win passes it.
        assert_eq!(objects[1]["players"]["e"], "B", "{rules}");
    }
}

#[test]
fn an_underscored_claim_is_paid_as_claimed() {
    let session = "players: A B C D\nc222333444 b789 d5 +d5 self seat=w claim=130\n";
    let out = run(&["--format", "json", "--summary"], session);
    let objects = json_lines(&out.stdout);
    assert_eq!(objects[0]["verdict"], "underscored");
    assert_eq!(
        objects[0]["running"],
        json!({"A": -130, "B": -130, "C": 390, "D": -130})
    );
    assert_eq!(
        objects[1]["summary"]["seats"],
        json!({"e": -130, "s": -130, "w": 390, "n": -130})
    );
    assert_eq!(objects[1]["summary"]["standings"][0]["biggest"], 130);
}

#[test]
fn two_players_blocks_keep_totals_per_name() {
    // Table 1: A B C D, one hand: B (South) self-draws 45. Table 2 re-seats with two new
    // players: Eve at East, A South, Fay West, B North; A (South) self-draws 45.
    let session = "players: A B C D\n\
                   b66 c12345678 d111 +c9 self seat=s\n\
                   players: Eve A Fay B\n\
                   b66 c12345678 d111 +c9 self seat=s\n";
    let out = run(&["--format", "json", "--summary"], session);
    let objects = json_lines(&out.stdout);
    assert_eq!(
        objects[0]["running"],
        json!({"A": -45, "B": 135, "C": -45, "D": -45})
    );
    // A: -45 + 135; B: 135 - 45; Eve and Fay: -45 each. The four at the second table sum to
    // 90 + 90 - 45 - 45 = 90, the -90 of C and D who left: the run's totals sum to 0.
    assert_eq!(
        objects[1]["players"],
        json!({"e": "Eve", "s": "A", "w": "Fay", "n": "B"})
    );
    assert_eq!(
        objects[1]["running"],
        json!({"Eve": -45, "A": 90, "Fay": -45, "B": 90})
    );
    let standings: Vec<(String, i64)> = objects[2]["summary"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["player"].as_str().unwrap().to_string(),
                s["total"].as_i64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("A", 90),
        ("B", 90),
        ("C", -45),
        ("D", -45),
        ("Eve", -45),
        ("Fay", -45),
    ];
    assert_eq!(
        standings,
        expected.map(|(n, t)| (n.to_string(), t)).to_vec()
    );
}

#[test]
fn session_lines_that_cannot_be_read_are_errors() {
    let out = run(
        &["--format", "json"],
        "players: A B C\nplayers: A B A D\ndraw b1\n",
    );
    assert_eq!(out.code, 2);
    let objects = json_lines(&out.stdout);
    let errors: Vec<(i64, &str)> = objects
        .iter()
        .map(|o| {
            assert_eq!(o["error"]["kind"], "session");
            (
                o["error"]["column"].as_i64().unwrap(),
                o["error"]["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        errors,
        [
            (
                1,
                "players: names four players, East South West North (found 3)"
            ),
            (14, "A is named twice: each seat needs its own player"),
            (6, "draw stands alone on its line (a # comment may follow)"),
        ]
    );
    // In TSV from standard input, which cannot be looked ahead in, the header is written
    // before a later players: line: it is refused.
    let out = run(
        &["--format", "tsv"],
        "b66 c12345678 d111 +c9 self seat=s\nplayers: A B C D\n",
    );
    assert!(out.stdout.lines().nth(2).unwrap().ends_with(
        "\terror\tcolumn 1: in TSV a session's players: line must be the first line read, so that the header has its columns (in a regular file given with -f it may stand anywhere; standard input, a pipe or a FIFO cannot be looked ahead in)"
    ));
}

#[test]
fn in_tsv_a_session_may_start_in_any_file_and_on_any_line() {
    // hands.txt's six results come first, from rows without a table: their session
    // columns (8 by seat, 4 by player) are there, empty. The short session follows: Bob
    // (South) self-draws 45, each pays 45; Ann (North) wins 170 on Bob's (East) discard,
    // Bob pays 3 × 170 − 50 = 460, the others 25; then a draw (docs/sessions.md).
    let out = run(
        &[
            "--format",
            "tsv",
            "-f",
            "docs/examples/hands.txt",
            "-f",
            "docs/examples/short-session.txt",
        ],
        "",
    );
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .map(|r| r.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 1 + 6 + 3, "{}", out.stdout);
    assert!(rows.iter().all(|r| r.len() == 27), "{}", out.stdout);
    assert_eq!(
        rows[0][14..],
        [
            "player_e",
            "player_s",
            "player_w",
            "player_n",
            "running_e",
            "running_s",
            "running_w",
            "running_n",
            "running_Ann",
            "running_Bob",
            "running_Cho",
            "running_Dee",
            "winner"
        ]
    );
    for row in &rows[1..7] {
        assert_eq!(row[0], "docs/examples/hands.txt");
        assert!(row[14..].iter().all(|f| f.is_empty()), "{row:?}");
    }
    assert_eq!(
        rows[7][14..],
        [
            "Ann", "Bob", "Cho", "Dee", "-45", "135", "-45", "-45", "-45", "135", "-45", "-45",
            "Bob"
        ]
    );
    assert_eq!(
        rows[8][14..],
        [
            "Bob", "Cho", "Dee", "Ann", "-325", "-70", "-70", "465", "465", "-325", "-70", "-70",
            "Ann"
        ]
    );
    assert_eq!(rows[9][26], "", "nobody wins a draw");
    assert_eq!(rows[9][12], "draw");
    // One file whose players: line comes after two hands: the same, within the file.
    let dir = common::temp_dir("late-session");
    let file = dir.join("evening.txt");
    std::fs::write(
        &file,
        "b66 c12345678 d111 +c9 self seat=s\ndraw\nplayers: Ann Bob Cho Dee\nb66 c12345678 d111 +c9 self seat=Bob\n",
    )
    .unwrap();
    let out = run(&["--format", "tsv", "-f", file.to_str().unwrap()], "");
    let rows: Vec<Vec<&str>> = out
        .stdout
        .lines()
        .map(|r| r.split('\t').collect())
        .collect();
    assert!(rows.iter().all(|r| r.len() == 27), "{}", out.stdout);
    assert_eq!(rows.len(), 4, "{}", out.stdout);
    assert!(rows[1][14..].iter().all(|f| f.is_empty()));
    assert_eq!(rows[3][14..18], ["Ann", "Bob", "Cho", "Dee"]);
    assert_eq!(out.code, 0, "{}", out.stdout);
}

/// Each player's hands dealt in, from a JSON `--summary` object, best total first.
fn dealt_in(summary: &serde_json::Value) -> Vec<(&str, i64)> {
    summary["summary"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["player"].as_str().unwrap(),
                s["dealt_in"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn nobody_deals_in_when_nobody_is_responsible() {
    // [p d333] [p b444] d888 e333 w4 +w4 is worth 45 (hand 2 of the worked session). B sits
    // South and wins on A's (East) discard.
    // - resp=none: the winner had just discarded that tile himself; everyone pays 45 as on
    //   a self-draw, so A is charged with nothing and nobody dealt in.
    // - resp=w: C (West) is responsible: C pays 3 × 45 − 50 = 85, A and D 25; C dealt in.
    let hand = "[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e";
    let session = format!("players: A B C D\n{hand} resp=none\n");
    let out = run(&["--format", "json", "--summary"], &session);
    let objects = json_lines(&out.stdout);
    assert_eq!(
        objects[0]["running"],
        json!({"A": -45, "B": 135, "C": -45, "D": -45})
    );
    assert_eq!(
        dealt_in(&objects[1]),
        [("B", 0), ("A", 0), ("C", 0), ("D", 0)]
    );

    // The deal passed (South won), so the second hand's East is B: A sits North, C South,
    // D West. Written as South winning on North's discard with West (D) responsible:
    // D pays 85, B (East) and A (North) 25, C receives 135.
    let session = format!("players: A B C D\n{hand} resp=none\n{hand} resp=w\n")
        .replace("seat=s from=e resp=w", "seat=s from=n resp=w");
    let out = run(&["--format", "json", "--summary"], &session);
    let objects = json_lines(&out.stdout);
    assert_eq!(
        objects[1]["running"],
        json!({"A": -70, "B": 110, "C": 90, "D": -130})
    );
    assert_eq!(
        dealt_in(&objects[2]),
        [("B", 0), ("C", 0), ("A", 0), ("D", 1)]
    );
}

#[test]
fn a_chickens_half_point_is_its_biggest_hand() {
    // Doubling: b123 c456 d777 b999 c5 +c5 is a chicken (d.a, ½ point, paid as 2^0 = 1).
    // A (East) wins on B's (South) discard: B pays double, 2; C and D 1 each; A receives 4.
    // Standings: A's biggest hand is ½ as its line shows it (0.5 in JSON), not 0.
    let session = "players: A B C D\nb123 c456 d777 b999 c5 +c5 seat=e from=s\n";
    let out = run(
        &["--format", "json", "--summary", "--rules", "doubling"],
        session,
    );
    let objects = json_lines(&out.stdout);
    assert_eq!(objects[0]["total"], 0.5);
    assert_eq!(
        objects[0]["running"],
        json!({"A": 4, "B": -2, "C": -1, "D": -1})
    );
    let standings = &objects[1]["summary"]["standings"];
    assert_eq!(standings[0]["player"], "A");
    assert_eq!(standings[0]["biggest"], 0.5);
    assert_eq!(standings[1]["biggest"], json!(null));
    let text = run(
        &["--summary", "--rules", "doubling", "--color", "never"],
        session,
    );
    assert!(
        text.stdout
            .contains("   1  A            4    1         0        ½           0\n"),
        "{}",
        text.stdout
    );
}

/// The worked session's first three hands with each seat named by its player: hand 1 is
/// dealt by Ann (Bob is South), hand 2 by Bob (Cho South, Bob East), hand 3 by Cho (Ann
/// West). Written in any case and by the start of a name.
const NAMED: &str = "players: Ann Bob Cho Dee\n\
                     b66 c12345678 d111 +c9 self seat=Bob\n\
                     [p d333] [p b444] d888 e333 w4 +w4 seat=cho from=BOB\n\
                     c222333444 b789 d5 +d5 self seat=an claim=130\n";

#[test]
fn a_seat_may_be_named_by_the_player_who_holds_it() {
    // The same hands as the worked session's first three, with seat letters: the same
    // seats, payments and running totals (WORKED, hands 1 to 3).
    let out = run(&["--format", "json"], NAMED);
    let lines = json_lines(&out.stdout);
    let hands: Vec<_> = lines.iter().filter(|l| l.get("total").is_some()).collect();
    assert_eq!(hands.len(), 3, "{}", out.stdout);
    let seats: Vec<(&str, &str)> = hands
        .iter()
        .map(|h| {
            (
                h["seat"].as_str().unwrap(),
                h["from"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(seats, [("s", ""), ("s", "e"), ("w", "")]);
    for (hand, (_, running)) in hands.iter().zip(WORKED) {
        let totals: Vec<i64> = NAMES
            .iter()
            .map(|n| hand["running"][n].as_i64().unwrap())
            .collect();
        assert_eq!(totals, running, "{hand}");
    }
    // The line is shown as written.
    assert_eq!(hands[0]["input"], "b66 c12345678 d111 +c9 self seat=Bob");
    // Every hand was read; hand 3's claim is underscored, which exits 1.
    assert_eq!(out.code, 1, "{}", out.stderr);
}

#[test]
fn a_name_means_the_seat_its_player_holds_as_the_rule_set_passes_the_deal() {
    // Hand 1: Ann, East, self-draws. Under the doubling table East keeps the deal when
    // winning, so at hand 2 Ann is still East and Bob South: seat=Bob from=Ann is seat=s
    // from=e. Under WSOM the deal passes after every hand: Bob is East, Cho South, Dee West
    // and Ann North, so the same words are seat=e from=n.
    let session = "players: Ann Bob Cho Dee\n\
                   b66 c12345678 d111 +c9 self seat=Ann\n\
                   b66 c12345678 d111 +c9 seat=Bob from=Ann\n";
    for (rules, seat, from) in [("doubling", "s", "e"), ("wsom", "e", "n")] {
        let out = run(&["--format", "json", "--rules", rules], session);
        let lines = json_lines(&out.stdout);
        let hand = lines.iter().rfind(|l| l.get("seat").is_some()).unwrap();
        assert_eq!(
            (hand["seat"].as_str(), hand["from"].as_str()),
            (Some(seat), Some(from)),
            "{rules}"
        );
    }
}

#[test]
fn payment_lines_name_the_player_beside_the_seat() {
    // Hand 1: Bob (South) self-draws 45, each pays 45; hand 2: Cho (South) wins 45 on Bob's
    // (East) discard: Bob pays 85, Dee and Ann 25 each (WORKED).
    let out = run(&[], NAMED);
    common::assert_has_lines(
        &out.stdout,
        &[
            "  East (Ann) pays 45",
            "  South (Bob) receives 135",
            "  West (Cho) pays 45",
            "  North (Dee) pays 45",
            "  East (Bob) pays 85",
            "  South (Cho) receives 135",
            "  West (Dee) pays 25",
            "  North (Ann) pays 25",
        ],
    );
    // Without a table, payments name seats only.
    let alone = run(&["b66 c12345678 d111 +c9 self seat=s"], "");
    common::assert_has_lines(&alone.stdout, &["  East pays 45", "  South receives 135"]);
}

#[test]
fn a_name_nobody_at_the_table_has_is_an_error_that_lists_them() {
    // Hand 1 is dealt by Ann: the list is in seat order, East first.
    let out = run(
        &[],
        "players: Ann Abe Cho Dee\nb66 c12345678 d111 +c9 self seat=Zed\n",
    );
    common::assert_has_lines(
        &out.stdout,
        &[
            "error at 2:29: seat=Zed: a seat is e, s, w or n, or a player at the table: Ann, Abe, Cho or Dee",
        ],
    );
    // The start of two names.
    let out = run(
        &[],
        "players: Ann Abe Cho Dee\nb66 c12345678 d111 +c9 self seat=a\n",
    );
    common::assert_has_lines(
        &out.stdout,
        &["error at 2:29: seat=a could be Ann or Abe: write more of the name"],
    );
    assert_eq!(out.code, 2);
    // A name replaced by its seat keeps the columns after it: `xyz` is at column 38.
    let out = run(
        &[],
        "players: Ann Bob Cho Dee\nb66 c12345678 d111 +c9 self seat=Bob xyz\n",
    );
    assert!(
        out.stdout.contains("error at 2:38: unknown word 'xyz'"),
        "{}",
        out.stdout
    );
    // Seat letters and seat names keep their meaning, even beside a player called so.
    let out = run(
        &["--format", "json"],
        "players: Sam Ned Wu Eve\nb66 c12345678 d111 +c9 self seat=n\n",
    );
    assert_eq!(json_lines(&out.stdout)[0]["seat"], "n");
}

/// `players: PLAYERS` alone seats nobody: an error of exit status 2 at `column`, saying
/// `message`.
fn assert_players_refused(players: &str, column: usize, message: &str) {
    let out = run(&["--format", "json"], &format!("players: {players}\n"));
    assert_eq!(out.code, 2, "{players}");
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[0]["error"]["column"], column, "{players}");
    assert_eq!(lines[0]["error"]["message"], message, "{players}");
}

#[test]
fn names_a_person_cannot_tell_apart_are_refused_where_they_are_seated() {
    // Each line seats nobody: the error is at the later of the two names (column 14 is
    // the second name of `players: Ann ann Cho Dee`), it names both, and the hand after it
    // is scored at no table, so nobody is credited under a name. Kind session: exit 2.
    let hand = "b66 c12345678 d111 +c9 self seat=s";
    let look_alike = "would be read as the same player: names that differ only in case, in width or in characters that show nothing cannot be told apart; give each seat a name of its own";
    for (players, column, first, second) in [
        // Case.
        ("Ann ann Cho Dee", 14, "Ann", "ann"),
        // The Kelvin sign U+212A is K once normalised (NFKC); it shows as K, so the
        // message names it by its code point.
        ("Karl Cho Dee \u{212A}arl", 23, "Karl", "<U+212A>arl"),
        // Full-width letters are the letters they show.
        ("Ann Bob Cho \u{FF41}nn", 22, "Ann", "\u{FF41}nn"),
        // Characters that show nothing: zero-width space, byte order mark, right-to-left
        // mark, soft hyphen (shown in the message as code points).
        ("Ann Ann\u{200B} Cho Dee", 14, "Ann", "Ann<U+200B>"),
        ("Ann Bob \u{FEFF}Bob Dee", 18, "Bob", "<U+FEFF>Bob"),
        ("Ann Bob Dee Dee\u{200F}", 22, "Dee", "Dee<U+200F>"),
        ("Ann Bo\u{AD}b Bob Dee", 19, "Bo<U+00AD>b", "Bob"),
    ] {
        let input = format!("players: {players}\n{hand}\n");
        let out = run(&["--format", "json"], &input);
        assert_eq!(out.code, 2, "{players}");
        let lines = json_lines(&out.stdout);
        assert_eq!(lines[0]["error"]["kind"], "session", "{players}");
        assert_eq!(lines[0]["error"]["column"], column, "{players}");
        assert_eq!(
            lines[0]["error"]["message"],
            format!("{first} and {second} {look_alike}"),
            "{players}"
        );
        assert!(lines[1].get("players").is_none(), "{players}: {}", lines[1]);
    }
    // The case: seat=ann no longer pays Ann (East) for a hand nobody sat at.
    let out = run(
        &["--format", "json"],
        "players: Ann ann Cho Dee\nb66 c12345678 d111 +c9 self seat=ann\n",
    );
    assert_eq!(out.code, 2);
    assert!(!out.stdout.contains("\"running\""), "{}", out.stdout);
    // A name a seat word reads as a seat could never be named: e, East, S in any case or
    // width, and none (resp=none means nobody).
    for (players, column, message) in [
        ("e Bob Cho Dee", 10, "e cannot be a player's name: seat=e and seat=east name the East seat, so the player could never be named: write another name"),
        ("Ann Bob Cho East", 22, "East cannot be a player's name: seat=e and seat=east name the East seat, so the player could never be named: write another name"),
        ("Ann \u{FF33} Cho Dee", 14, "\u{FF33} cannot be a player's name: seat=s and seat=south name the South seat, so the player could never be named: write another name"),
        ("Ann Bob None Dee", 18, "None cannot be a player's name: resp=none says that nobody is responsible, so the player could never be named: write another name"),
        ("Ann \u{200B} Cho Dee", 14, "<U+200B> shows nothing: a player's name needs a letter people can read"),
    ] {
        assert_players_refused(players, column, message);
    }
    // Names that only start alike, or hold a seat's letter, are told apart: all seated.
    let out = run(
        &["--format", "json"],
        "players: Ann Anna Ned Wes\nb66 c12345678 d111 +c9 self seat=anna\n",
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert_eq!(json_lines(&out.stdout)[0]["seat"], "s");
}

#[test]
fn a_name_written_another_way_is_the_same_player() {
    // Table 1 seats Ann; table 2 writes her `ANN` and names her in full width at seat=.
    // Hand 1: Bob (South) self-draws 45 (1.2 5 + 7.1 40): Ann, Cho, Dee pay 45, Bob +135.
    // Hand 2 (a new table, `ANN` East): Ann self-draws the same 45: +135, the others -45.
    // Ann: -45 + 135 = 90; Bob: 135 - 45 = 90; Cho, Dee: -90. One line each.
    let session = "players: Ann Bob Cho Dee\n\
                   b66 c12345678 d111 +c9 self seat=s\n\
                   players: ANN Bob Cho Dee\n\
                   b66 c12345678 d111 +c9 self seat=\u{FF41}nn\n";
    let out = run(&["--format", "json", "--summary"], session);
    assert_eq!(out.code, 0, "{}", out.stdout);
    let lines = json_lines(&out.stdout);
    assert_eq!(lines[1]["seat"], "e");
    let standings: Vec<(&str, i64)> = lines[2]["summary"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["player"].as_str().unwrap(), s["total"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        standings,
        [("Ann", 90), ("Bob", 90), ("Cho", -90), ("Dee", -90)]
    );
}

#[test]
fn an_error_names_the_seat_words_as_written() {
    // Hand 2 of a WSOM table: hand 1 (Bob South self-draws 45) passed the deal, so Bob is
    // East and Ann North. `seat=Ann from=ann` reads as seat=n from=n: Ann on her own
    // discard. Each message quotes the word the keeper wrote, at its column (3:33 is
    // `from=ann`, 4:52 `resp=Cho`).
    let session = "players: Ann Bob Cho Dee\n\
                   b66 c12345678 d111 +c9 self seat=Bob\n\
                   b66 c12345678 d111 +c9 seat=Ann from=ann\n\
                   [p d333] [p b444] d888 e333 w4 +w4 seat=Cho from=w resp=Cho\n";
    let out = run(&["--format", "json"], session);
    assert_eq!(out.code, 2);
    let lines = json_lines(&out.stdout);
    let errors: Vec<(&str, i64, &str)> = lines
        .iter()
        .filter_map(|l| l.get("error"))
        .map(|e| {
            (
                e["kind"].as_str().unwrap(),
                e["column"].as_i64().unwrap(),
                e["message"].as_str().unwrap(),
            )
        })
        .collect();
    // Hand 3: hand 2 could not be scored, and the deal passed after it too: Cho is East,
    // and `resp=Cho` when Cho wins reads as resp=e, the winner.
    assert_eq!(
        errors,
        [
            (
                "context",
                33,
                "from=ann: the winner cannot win on his own discard"
            ),
            (
                "context",
                52,
                "resp=Cho is the winner; write resp=none when the winner himself had just discarded that tile"
            ),
        ]
    );
    // Before any players: line a name is no seat, and the message says when it is one.
    let out = run(
        &["--format", "json"],
        "b66 c12345678 d111 +c9 self seat=Bob\n",
    );
    assert_eq!(
        json_lines(&out.stdout)[0]["error"]["message"],
        "seat=Bob: a seat is e, s, w or n (a player's name means a seat only after a players: line seats the table)"
    );
}

#[test]
fn a_hand_at_a_table_must_say_who_won() {
    // Hand 1: Bob (South) self-draws 45, which passes the deal (WSOM): at hand 2 Bob is
    // East, Cho South, Dee West and Ann North, listed so. Hand 2 names no winner: it is
    // not paid to East (Bob) but refused, at the end of its tokens (column 28, after
    // `b66 c12345678 d111 +c9 self`), and the totals stay as hand 1 left them.
    let session = "players: Ann Bob Cho Dee\n\
                   b66 c12345678 d111 +c9 self seat=s\n\
                   b66 c12345678 d111 +c9 self # Bob's?\n";
    let out = run(&["--format", "json", "--summary"], session);
    assert_eq!(out.code, 2);
    let lines = json_lines(&out.stdout);
    assert_eq!(
        lines[1]["error"],
        json!({"kind": "session", "column": 28, "message": "whose win is it? at a table write seat= and the winner: Bob, Cho, Dee or Ann (or the seat: e, s, w, n)"})
    );
    assert_eq!(
        lines[1]["running"],
        json!({"Ann": -45, "Bob": 135, "Cho": -45, "Dee": -45})
    );
    // A missing from= is still assumed (the winner's upper seat, and the output says so):
    // Cho (South at hand 2) wins 45 on a discard from East (Bob), who pays 3 × 45 − 50 = 85.
    let out = run(
        &["--format", "json"],
        "players: Ann Bob Cho Dee\n\
         b66 c12345678 d111 +c9 self seat=s\n\
         [p d333] [p b444] d888 e333 w4 +w4 seat=Cho\n",
    );
    let lines = json_lines(&out.stdout);
    assert_eq!(
        (&lines[1]["from"], &lines[1]["from_assumed"]),
        (&json!("e"), &json!(true))
    );
    assert_eq!(lines[1]["payments"]["e"], -85);
    // A line that is no notation keeps its own error.
    let out = run(
        &["--format", "json"],
        "players: Ann Bob Cho Dee\nb123 w5 c456 +b9\n",
    );
    assert_eq!(json_lines(&out.stdout)[0]["error"]["kind"], "syntax");
    // Without a players: line a hand is East's, as ever: 45 × 3 = 135 to East.
    let out = run(&["--format", "json"], "b66 c12345678 d111 +c9 self\n");
    assert_eq!(out.code, 0);
    assert_eq!(json_lines(&out.stdout)[0]["payments"]["e"], 135);
}

#[test]
fn at_forty_columns_the_standings_keep_their_numbers_under_their_headers() {
    let out = Mjscore::new(&["--color", "never", "--summary"])
        .env("COLUMNS", "40")
        .stdin(SESSION)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .run();
    let lines: Vec<&str> = out.stdout.lines().collect();
    // No line is wider than 40 (the output here is ASCII but for the patterns' Chinese
    // names, two columns a character).
    for line in &lines {
        let width: usize = line
            .chars()
            .map(|c| if c >= '\u{2E80}' { 2 } else { 1 })
            .sum();
        assert!(width <= 40, "{width}: {line}");
    }
    // The table is 58 columns wide in one piece: at 40 it is two tables, each with the
    // rank and the player, and every row whole under its header (the standings of the
    // worked session, docs/sessions.md).
    let at = lines
        .iter()
        .position(|l| l.starts_with("Standings"))
        .unwrap();
    assert_eq!(
        lines[at + 2..],
        [
            "   #  player   total  won  dealt in",
            "   1  Ann       1000    3         2",
            "   2  Cho       -175    1         0",
            "   3  Dee       -175    2         0",
            "   4  Bob       -650    1         2",
            "   #  player  biggest  false wins",
            "   1  Ann         170           1",
            "   2  Cho          45           0",
            "   3  Dee          20           0",
            "   4  Bob          45           0",
        ]
    );
    // Every number ends where its header does.
    for table in [&lines[at + 2..at + 7], &lines[at + 7..at + 12]] {
        let header = table[0];
        let ends: Vec<usize> = ["total", "won", "dealt in", "biggest", "false wins"]
            .iter()
            .filter_map(|name| header.find(name).map(|at| at + name.len() - 1))
            .collect();
        assert!(!ends.is_empty(), "{header}");
        for row in &table[1..] {
            for &end in &ends {
                assert!(
                    row.as_bytes()[end] != b' '
                        && row.as_bytes().get(end + 1).is_none_or(|&b| b == b' '),
                    "{row} under {header}"
                );
            }
        }
    }
    // A meld is never split across lines: hand 6's arrangement and its line, at 40.
    for line in &lines {
        let opened = line.matches('[').count();
        assert_eq!(opened, line.matches(']').count(), "{line}");
    }
    assert!(
        lines.contains(&"             [p c444] [p w111]"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_seat_word_in_full_width_means_the_seat_not_a_player_whose_name_starts_so() {
    // Eve sits South and Ned West: `seat=ｅ` is East and `seat=ｎ` North, as `seat=e` and
    // `seat=n` are, never Eve or Ned. Hand 1, East self-draws 45 (1.2 Concealed Hand 5 +
    // 7.1 Nine-Tile Straight 40): Amy (East) +135, the others -45. The deal passes (WSOM):
    // hand 2 seats Eve East, Ned South, Zoe West, Amy North; `seat=ｎ from=ｅ` is Amy
    // winning the same 45 on Eve's discard: 45 > 25, so the discarder pays 3 × 45 − 50 =
    // 85, the others 25 each; Amy receives 135. Totals: Amy 135 + 135 = 270; Eve -45 - 85 = -130;
    // Ned -45 - 25 = -70; Zoe -45 - 25 = -70.
    let session = "players: Amy Eve Ned Zoe\n\
                   b66 c12345678 d111 +c9 self seat=\u{FF45}\n\
                   b66 c12345678 d111 +c9 seat=\u{FF4E} from=\u{FF45}\n";
    let out = run(&["--format", "json", "--summary"], session);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let lines = json_lines(&out.stdout);
    assert_eq!(
        (lines[0]["seat"].as_str(), lines[0]["from"].as_str()),
        (Some("e"), None)
    );
    assert_eq!(
        (lines[1]["seat"].as_str(), lines[1]["from"].as_str()),
        (Some("n"), Some("e"))
    );
    let running: Vec<i64> = ["Amy", "Eve", "Ned", "Zoe"]
        .iter()
        .map(|n| lines[1]["running"][n].as_i64().unwrap())
        .collect();
    assert_eq!(running, [270, -130, -70, -70]);
}

#[test]
fn with_a_hundred_players_and_more_the_ranks_stay_under_their_header() {
    // 26 tables of four, each with one hand: p0a … p25d, 104 players. At each table South
    // self-draws 45 (1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40): South +135, the
    // others -45. So the 26 Souths rank 1 to 26 at 135, then the 78 others at -45: the
    // last rank is 104, three digits, and "#" and every rank end in the same column.
    let mut session = String::new();
    for table in 0..26 {
        session.push_str(&format!(
            "players: p{table}a p{table}b p{table}c p{table}d\nb66 c12345678 d111 +c9 self seat=s\n"
        ));
    }
    let out = Mjscore::new(&["--color", "never", "--summary"])
        .env("COLUMNS", "200")
        .stdin(session)
        .run();
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("Standings"))
        .unwrap();
    let table = &lines[at + 1..at + 1 + 105];
    // Ties keep the order the players were first seated in.
    assert_eq!(
        table[0],
        "    #  player   total  won  dealt in  biggest  false wins"
    );
    assert_eq!(
        table[1],
        "    1  p0b        135    1         0       45           0"
    );
    assert_eq!(
        table[104],
        "  104  p25d       -45    0         0        -           0"
    );
    let hash_end = table[0].find('#').unwrap();
    for row in &table[1..] {
        let rank_end = row.find("  p").unwrap() - 1;
        assert_eq!(rank_end, hash_end, "{row}");
    }
}

#[test]
fn a_word_of_the_notation_or_a_name_past_64_characters_is_no_players_name() {
    // `self` alone on a hand's line says a self-draw, `draw` alone is a line of its own:
    // a player so named would be taken for the word, in any case or width. A name is at
    // most 64 characters: 64 is seated, 65 refused at the name.
    let at_most = "x".repeat(64);
    let over = "y".repeat(65);
    for (players, column, message) in [
        ("Ann Self Cho Dee", 14, "Self cannot be a player's name: self is a word of the notation (won by self-draw (default: won on a discard)): write another name".to_string()),
        ("Ann Bob Cho \u{FF44}raw", 22, "\u{FF44}raw cannot be a player's name: draw is a word of the notation (a line of its own: a hand nobody won): write another name".to_string()),
        ("last Bob Cho Dee", 10, "last cannot be a player's name: last is a word of the notation (won on the last tile: Final Draw with self, Final Discard without): write another name".to_string()),
        (&format!("Ann {over} Cho Dee") as &str, 14, "a player's name is at most 64 characters (this one has 65): a name is shown beside every payment and in the standings".to_string()),
    ] {
        assert_players_refused(players, column, &message);
    }
    let out = run(
        &["--format", "json"],
        &format!("players: Ann {at_most} Cho Dee\nb66 c12345678 d111 +c9 self seat=x\n"),
    );
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert_eq!(json_lines(&out.stdout)[0]["seat"], "s");
}

#[test]
fn a_players_line_refused_for_any_name_seats_nobody_and_passes_no_deal() {
    // Ann Bob Cho Dee sit; each refused players: line that follows is no hand, so the one
    // hand after it is still the table's first: Ann at East, Bob at South. (A refused line
    // once taken for an unreadable hand passed the deal, putting Bob at East.)
    let over = "y".repeat(65);
    for refused in [
        "Ann Bob Cho self",
        &format!("Ann Bob Cho {over}") as &str,
        "Ann Bob Cho",
        "Ann Bob Cho ann",
        "Ann Bob Cho e",
        "Ann Bob Cho \u{200B}",
    ] {
        let session = format!("players: Ann Bob Cho Dee\nplayers: {refused}\ndraw\n");
        let out = run(&["--format", "json"], &session);
        let objects = json_lines(&out.stdout);
        // The refused line's object is an error of its own, with no table's keys.
        assert_eq!(objects[0]["error"]["kind"], "session", "{refused}");
        assert!(objects[0].get("players").is_none(), "{refused}");
        assert_eq!(objects[1]["players"]["e"], "Ann", "{refused}");
        assert_eq!(objects[1]["players"]["s"], "Bob", "{refused}");
    }
}

#[test]
fn a_penalty_charges_the_player_named_and_passes_no_deal() {
    // Ann Bob Cho Dee sit. `penalty bob 30`: Bob (South) is charged 30, paid to nobody,
    // and the deal stays. Then Bob, still South, self-draws 1.2 + 7.1 = 45: the others
    // pay 45 each, Bob receives 135: Bob 135 − 30 = 105, the others −45. The table's
    // totals sum to −30: the penalty went to nobody.
    let session = "players: Ann Bob Cho Dee\n\
                   penalty bob 30 # slow play\n\
                   b66 c12345678 d111 +c9 self seat=Bob\n";
    let out = run(&["--format", "json"], session);
    assert_eq!(out.code, 0, "{}", out.stdout);
    let objects = json_lines(&out.stdout);
    assert_eq!(objects[0]["penalty"]["seat"], "s");
    assert_eq!(objects[0]["penalty"]["points"], 30);
    assert_eq!(objects[0]["payments"]["s"], -30);
    assert_eq!(objects[0]["running"]["Bob"], -30);
    assert_eq!(objects[1]["players"]["e"], "Ann", "the deal did not pass");
    assert_eq!(objects[1]["running"]["Bob"], 105);
    assert_eq!(objects[1]["running"]["Ann"], -45);
    // A name nobody at the table has, points that are no number, no table yet: errors.
    let errors = [
        ("players: Ann Bob Cho Dee\npenalty Zed 5\n", 1, "penalty Zed: nobody at the table is so named (Ann, Bob, Cho or Dee): a penalty charges a player at the table"),
        ("players: Ann Bob Cho Dee\npenalty Bob x\n", 13, "penalty names a player at the table and the points charged, from 1 to 100000 (penalty Bob 30); a # comment may follow"),
        ("penalty Bob 3\n", 1, "penalty Bob: nobody is seated yet: a penalty charges a player at the table, after a players: line"),
    ];
    for (session, column, message) in errors {
        let out = run(&["--format", "json"], session);
        assert_eq!(out.code, 2);
        let error = json_lines(&out.stdout).last().unwrap()["error"].clone();
        assert_eq!(
            (error["column"].as_u64(), error["message"].as_str()),
            (Some(column), Some(message))
        );
    }
}
