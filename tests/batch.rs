//! Batch mode as a script uses it: hands from files and stdin, every format, per-line
//! errors, the worst exit status, the summary, and streaming.
//!
//! The mixed list is docs/examples/hands.txt; every expected value below was worked out by
//! hand from the rules (the hands themselves are checked in tests/scoring.rs):
//! - line 2: 1.2 + 7.1 = 45, self-drawn by South: each pays 45;
//! - line 3: 3.1 + 4.1 + 4.2.1 = 45 on East's discard, claim=45 confirmed: East pays
//!   3 × 45 − 50 = 85, West and North 25;
//! - line 4: 1.2 + 4.2.2 + 7.2.1 = 135 self-drawn by West, claim=130 underscored: the
//!   claim stands, each pays 130;
//! - line 5: 1.1 + 1.2 + 5.1.1 = 20 on South's discard; claim=1.1+1.2+5.1.2 is
//!   5 + 5 + 60 = 70, overclaimed: corrected to 20, each pays 20 (≤ 25); 5.1.1 missed,
//!   5.1.2 not there;
//! - line 7: no pattern, a false win under WSOM;
//! - line 8: `w5` is no tile (column 6).

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{assert_has_lines, Mjscore};

const HANDS: &str = include_str!("../docs/examples/hands.txt");

fn batch(args: &[&str], stdin: &str) -> common::Run {
    Mjscore::new(args).stdin(stdin).run()
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn tsv_row_for_every_hand_and_the_worst_exit_status() {
    let run = batch(&["--format", "tsv"], HANDS);
    assert_eq!(run.code, 2, "an error line makes the run exit 2");
    let expected = [
        "file\tline\tinput\ttotal\tlimit\tpatterns\te\ts\tw\tn\tfrom\tassumed\tstatus\tmessage",
        "\t2\tb66 c12345678 d111 +c9 self seat=s\t45\t\t1.2+7.1\t-45\t135\t-45\t-45\t\t\tscored\t",
        "\t3\t[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e claim=45\t45\t\t3.1+4.1+4.2.1\t-85\t135\t-25\t-25\te\tno\tconfirmed\tclaim=45",
        "\t4\tc222333444 b789 d5 +d5 self seat=w claim=130\t135\t\t1.2+4.2.2+7.2.1\t-130\t-130\t390\t-130\t\t\tunderscored\tclaim=130; paid on the claim",
        "\t5\tb345345 c678 d234 w2 +w2 from=s claim=1.1+1.2+5.1.2\t20\t\t1.1+1.2+5.1.1\t60\t-20\t-20\t-20\ts\tno\toverclaimed\tclaim=1.1+1.2+5.1.2 (70); missed 5.1.1; not there 5.1.2",
        // A false win: no total, no pattern (WSOM has no Chicken Hand), nothing paid.
        "\t7\t[c b123] [p w333] c456 d789 d2 +d2 from=s\t\t\t\t0\t0\t0\t0\ts\tno\tfalse_win\tfalse win: no scoring pattern (a Chicken Hand); WSOM needs at least 5 points",
        "\t8\tb123 w5 c456 +b9\t\t\t\t\t\t\t\t\t\terror\tcolumn 6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)",
    ];
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows, expected);
    // Every row has the header's 14 columns, so cut and awk line up.
    assert!(rows.iter().all(|r| r.split('\t').count() == 14));
    assert_eq!(run.stderr, "");
}

#[test]
fn json_lines_carry_line_claim_and_verdict() {
    let run = batch(&["--format", "json"], HANDS);
    assert_eq!(run.code, 2);
    let objects = json_lines(&run.stdout);
    let lines: Vec<u64> = objects
        .iter()
        .map(|o| o["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [2, 3, 4, 5, 7, 8]);
    assert!(objects.iter().all(|o| o.get("file").is_none()));

    let plain = &objects[0];
    assert_eq!(plain["total"], 45);
    assert!(plain.get("claim").is_none() && plain.get("verdict").is_none());

    let confirmed = &objects[1];
    assert_eq!(confirmed["verdict"], "confirmed");
    assert_eq!(confirmed["claim"]["value"], 45);
    assert_eq!(confirmed["claim"]["settled"], 45);
    assert_eq!(
        confirmed["payments"],
        serde_json::json!({"e": -85, "s": 135, "w": -25, "n": -25})
    );

    let underscored = &objects[2];
    assert_eq!(underscored["verdict"], "underscored");
    assert_eq!(underscored["total"], 135, "total stays the true value");
    assert_eq!(underscored["claim"]["settled"], 130);
    assert_eq!(
        underscored["payments"],
        serde_json::json!({"e": -130, "s": -130, "w": 390, "n": -130})
    );

    let overclaimed = &objects[3];
    assert_eq!(overclaimed["verdict"], "overclaimed");
    assert_eq!(overclaimed["total"], 20);
    assert_eq!(
        overclaimed["claim"],
        serde_json::json!({
            "text": "1.1+1.2+5.1.2", "value": 70, "patterns": ["1.1", "1.2", "5.1.2"],
            "settled": 20, "missed": ["5.1.1"], "not_there": ["5.1.2"]
        })
    );
    assert_eq!(
        overclaimed["payments"],
        serde_json::json!({"e": 60, "s": -20, "w": -20, "n": -20})
    );

    // A false win is no input error: the hand's fields, nothing paid, and why.
    assert_eq!(objects[4].get("error"), None);
    assert_eq!(
        objects[4]["false_win"]["reason"],
        "no scoring pattern (a Chicken Hand); WSOM needs at least 5 points"
    );
    assert_eq!(objects[4]["total"], serde_json::Value::Null);
    assert_eq!(objects[4]["from"], "s");
    assert_eq!(
        objects[4]["payments"],
        serde_json::json!({"e": 0, "s": 0, "w": 0, "n": 0})
    );
    assert_eq!(objects[5]["error"]["kind"], "syntax");
    assert_eq!(objects[5]["error"]["column"], 6);
}

#[test]
fn text_blocks_are_headed_by_their_line_and_errors_give_line_and_column() {
    let run = batch(&[], HANDS);
    assert_eq!(run.code, 2);
    assert_has_lines(
        &run.stdout,
        &[
            "Line         2",
            "Line         3",
            "Claim        claim=45: confirmed",
            "Claim        claim=130: underscored; the hand is worth 135, the claim stands: paid on 130",
            "Payments     self-draw: each player pays 130",
            "Claim        claim=1.1+1.2+5.1.2 (70): overclaimed; the hand is worth 20: corrected to 20",
            "  missed 5.1.1 Two Identical Sequences 10",
            "  not there 5.1.2 Two Identical Sequences Twice 60",
            "Line         7",
            "FALSE WIN: no scoring pattern (a Chicken Hand); WSOM needs at least 5 points",
            "error at 8:6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)",
        ],
    );
    // Blocks are separated by one blank line: six results, five separators.
    assert_eq!(run.stdout.matches("\n\n").count(), 5, "{}", run.stdout);
    assert_eq!(run.stderr, "");
}

#[test]
fn summary_counts_hands_verdicts_and_patterns() {
    let run = batch(&["--format", "json", "--summary"], HANDS);
    let last = json_lines(&run.stdout).pop().unwrap();
    assert_eq!(
        last,
        serde_json::json!({"summary": {
            "hands": 6, "scored": 4, "false_wins": 1, "errors": 1,
            "verdicts": {"confirmed": 1, "underscored": 1, "overclaimed": 1, "false_win": 0},
            "patterns": {"1.1": 1, "1.2": 3, "3.1": 1, "4.1": 1, "4.2.1": 1, "4.2.2": 1,
                         "5.1.1": 1, "7.1": 1, "7.2.1": 1},
            // Per seat, the payments as made (line 4 paid on its claim of 130):
            // East -45 - 85 - 130 + 60, South 135 + 135 - 130 - 20,
            // West -45 - 25 + 390 - 20, North -45 - 25 - 130 - 20.
            "draws": 0,
            "seats": {"e": -200, "s": 120, "w": 300, "n": -220},
            "standings": []
        }})
    );
    // TSV keeps its table clean: the summary goes to stderr.
    let run = batch(&["--format", "tsv", "--summary"], HANDS);
    assert_eq!(run.stdout.lines().count(), 7);
    assert!(run
        .stderr
        .starts_with("Summary      6 hands: 4 scored, 1 false win, 1 error\n"));
    assert_has_lines(
        &run.stderr,
        &["Claims       confirmed 1, underscored 1, overclaimed 1, on a false win 0"],
    );
}

#[test]
fn exit_status_is_the_worst_over_all_lines() {
    let good = "b66 c12345678 d111 +c9 self seat=s\n";
    let false_win = "[c b123] [p w333] c456 d789 d2 +d2 from=s\n";
    let bad = "b123 w5 c456 +b9\n";
    let underscored = "b66 c12345678 d111 +c9 self seat=s claim=40\n";
    assert_eq!(batch(&[], good).code, 0);
    assert_eq!(batch(&[], "").code, 0, "no hands: nothing failed");
    assert_eq!(batch(&[], &format!("{good}{false_win}{good}")).code, 1);
    assert_eq!(batch(&[], &format!("{good}{underscored}")).code, 1);
    assert_eq!(batch(&[], &format!("{bad}{good}{false_win}")).code, 2);
    // Under standard Zung Jung the same chicken hand wins.
    assert_eq!(batch(&["--rules", "zj"], false_win).code, 0);
}

#[test]
fn several_files_tag_each_line_with_its_file_and_dash_is_stdin() {
    let dir = common::temp_dir("batch-several-files");
    std::fs::write(dir.join("a.txt"), "b66 c12345678 d111 +c9 self seat=s\n").unwrap();
    std::fs::write(dir.join("b.txt"), "# none here\n\nb123 w5 c456 +b9\n").unwrap();
    let run = Mjscore::new(&["-f", "a.txt", "-f", "-", "-f", "b.txt", "--format", "tsv"])
        .current_dir(&dir)
        .stdin("[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\n")
        .run();
    assert_eq!(run.code, 2);
    let first_columns: Vec<String> = run
        .stdout
        .lines()
        .map(|l| l.split('\t').take(3).collect::<Vec<_>>().join(" | "))
        .collect();
    assert_eq!(
        first_columns,
        [
            "file | line | input",
            "a.txt | 1 | b66 c12345678 d111 +c9 self seat=s",
            "- | 1 | [p d333] [p b444] d888 e333 w4 +w4 seat=s from=e",
            "b.txt | 3 | b123 w5 c456 +b9",
        ]
    );
    let run = Mjscore::new(&["-f", "a.txt", "-f", "b.txt", "--format", "json"])
        .current_dir(&dir)
        .run();
    let objects = json_lines(&run.stdout);
    assert_eq!(objects[0]["file"], "a.txt");
    assert_eq!(objects[1]["file"], "b.txt");
    assert_eq!(objects[1]["line"], 3);
    // And in text, an error names file:line:column.
    let run = Mjscore::new(&["-f", "a.txt", "-f", "b.txt"])
        .current_dir(&dir)
        .run();
    assert_has_lines(
        &run.stdout,
        &[
            "Line         a.txt:1",
            "error at b.txt:3:6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)",
        ],
    );
}

#[test]
fn a_missing_file_is_reported_in_place() {
    let run = Mjscore::new(&["-f", "no-such-file.txt"]).run();
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stdout,
        "error: cannot read no-such-file.txt: No such file or directory\n"
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn a_file_that_cannot_be_read_is_reported_in_place_and_the_run_goes_on() {
    let dir = common::temp_dir("batch-unreadable-file");
    std::fs::write(dir.join("good.txt"), "b66 c12345678 d111 +c9 self seat=s\n").unwrap();
    std::fs::create_dir(dir.join("sub")).unwrap();
    let args = [
        "-f",
        "good.txt",
        "-f",
        "sub",
        "-f",
        "missing.txt",
        "-f",
        "good.txt",
    ];
    let run = |format: &str| {
        let mut all = args.to_vec();
        all.extend(["--format", format]);
        Mjscore::new(&all).current_dir(&dir).run()
    };

    // TSV: each file's failure is a row with the file, no line, status error, and a message
    // naming the file; the files after it are still read.
    let tsv = run("tsv");
    assert_eq!(tsv.code, 2);
    let rows: Vec<Vec<&str>> = tsv
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    let empty = ["", "", "", "", "", "", "", "", "", "", ""];
    let failure = |file: &'static str, message: &'static str| {
        let mut row = vec![file];
        row.extend(empty);
        row.extend(["error", message]);
        row
    };
    assert_eq!(rows.len(), 5);
    assert_eq!(
        rows[1][..4],
        ["good.txt", "1", "b66 c12345678 d111 +c9 self seat=s", "45"]
    );
    assert_eq!(rows[2], failure("sub", "cannot read sub: Is a directory"));
    assert_eq!(
        rows[3],
        failure(
            "missing.txt",
            "cannot read missing.txt: No such file or directory"
        )
    );
    assert_eq!(
        rows[4][..4],
        ["good.txt", "1", "b66 c12345678 d111 +c9 self seat=s", "45"]
    );

    // JSON: an error object of kind input, with the file and no line.
    let json = run("json");
    assert_eq!(json.code, 2);
    let objects = json_lines(&json.stdout);
    assert_eq!(objects.len(), 4);
    assert_eq!(objects[0]["total"], 45);
    assert_eq!(
        objects[1],
        serde_json::json!({"file": "sub", "rules": "wsom", "error": {"kind": "input", "message": "cannot read sub: Is a directory"}})
    );
    assert_eq!(
        objects[2]["error"]["message"],
        "cannot read missing.txt: No such file or directory"
    );
    assert_eq!(objects[3]["total"], 45);

    // Text: a block of its own, between the hands.
    let text = run("text");
    assert_eq!(text.code, 2);
    assert!(
        text.stdout.contains(concat!(
            "  North pays 45\n\n",
            "error: cannot read sub: Is a directory\n\n",
            "error: cannot read missing.txt: No such file or directory\n\n",
            "Line         good.txt:1\n"
        )),
        "{}",
        text.stdout
    );
}

#[test]
fn unreadable_lines_are_reported_and_the_rest_scored() {
    let good = b"b66 c12345678 d111 +c9 self seat=s\n";
    let mut input = Vec::new();
    input.extend_from_slice(good);
    input.extend_from_slice(b"b123 \xff\xfe +b1\n"); // not UTF-8 at column 6
    input.extend_from_slice(&vec![b'b'; batch_limit() + 10]); // far too long
    input.push(b'\n');
    input.extend_from_slice(b"b123\0 +b1\r\n"); // a NUL byte; a Windows line ending
    input.extend_from_slice(good);
    let run = Mjscore::new(&["--format", "tsv"]).stdin(input).run();
    assert_eq!(run.code, 2);
    let status: Vec<String> = run
        .stdout
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            format!("{} {} {}", f[1], f[12], f[13])
        })
        .collect();
    assert_eq!(
        status,
        [
            "1 scored ",
            "2 error column 6: the line is not valid UTF-8: save the file as UTF-8 (hands need only ASCII)",
            "3 error column 1: the line is longer than 65536 bytes; a hand is one short line",
            "4 error column 5: unexpected character U+0000: expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or a context word",
            "5 scored ",
        ]
    );
}

/// The longest line read as a hand: 64 KiB (docs/scripting.md).
fn batch_limit() -> usize {
    64 * 1024
}

#[test]
fn claim_option_is_for_a_single_hand() {
    let run = Mjscore::new(&["--claim", "45"])
        .stdin("b66 c12345678 d111 +c9 self seat=s\n")
        .run();
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--claim is for a single hand"),
        "{}",
        run.stderr
    );
}

#[test]
fn all_is_not_available_in_tsv() {
    let run = Mjscore::new(&["--all", "--format", "tsv", "b66 c12345678 d111 +c9 self"]).run();
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--all lists readings in text or json"),
        "{}",
        run.stderr
    );
}

/// Results must appear while the input is still open: a referee piping hands in one at a
/// time sees each score at once. The test writes one line, waits for its result, then
/// writes the next; a program that read everything first would never answer.
#[test]
fn results_stream_before_the_input_closes() {
    results_stream_with(&[]);
}

/// `-j` is for regular files: a pipe is still answered line by line.
#[test]
fn results_stream_on_a_pipe_whatever_the_jobs() {
    results_stream_with(&["-j", "4"]);
}

fn results_stream_with(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjscore"))
        .args(["--format", "json"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run mjscore");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, results) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // Generous: this is not a speed test, only a guard so a broken build fails, not hangs.
    let wait = Duration::from_secs(60);
    writeln!(stdin, "b66 c12345678 d111 +c9 self seat=s").unwrap();
    stdin.flush().unwrap();
    let first = results
        .recv_timeout(wait)
        .expect("first result while input is open");
    assert!(first.starts_with(r#"{"line":1,"#), "{first}");
    writeln!(stdin, "# a comment, then a bad line\nb123 w5 c456 +b9").unwrap();
    stdin.flush().unwrap();
    let second = results
        .recv_timeout(wait)
        .expect("second result while input is open");
    assert!(second.starts_with(r#"{"line":3,"#), "{second}");
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(2));
}

/// docs/scripting.md's awk line sums the totals of the scored hands:
/// 45 + 45 + 135 + 20 = 245 (false wins and errors have no total).
#[test]
fn the_awk_example_in_the_docs_works() {
    let docs = include_str!("../docs/scripting.md");
    let line = docs
        .lines()
        .find(|l| l.starts_with("mjscore -f hands.txt --format tsv | awk"))
        .expect("the awk example");
    let command = line.replacen("mjscore", env!("CARGO_BIN_EXE_mjscore"), 1);
    let dir = common::temp_dir("awk-example");
    std::fs::write(dir.join("hands.txt"), HANDS).unwrap();
    let output = Command::new("sh")
        .args(["-c", &command])
        .current_dir(&dir)
        .output()
        .expect("run sh");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "245\n");
}

#[test]
fn files_are_opened_one_at_a_time_when_reached() {
    // Opening a FIFO waits for a writer. Were every file opened first, the hand of good.txt
    // would not come out until the FIFO had a writer.
    let dir = common::temp_dir("batch-open-when-reached");
    std::fs::write(dir.join("good.txt"), "b66 c12345678 d111 +c9 self seat=s\n").unwrap();
    let made = Command::new("mkfifo").arg(dir.join("fifo")).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjscore"))
        .args(["-f", "good.txt", "-f", "fifo", "--format", "tsv"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .spawn()
        .expect("run mjscore");
    let stdout = child.stdout.take().unwrap();
    let (sender, results) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let wait = Duration::from_secs(20);
    let header = results.recv_timeout(wait);
    let first = results.recv_timeout(wait);
    // Whatever happened, give the FIFO its writer so that mjscore can finish.
    let mut fifo = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("fifo"))
        .unwrap();
    writeln!(fifo, "b123 w5 c456 +b9").unwrap();
    drop(fifo);
    assert!(header.unwrap().starts_with("file\tline\t"));
    assert!(first
        .expect("good.txt scored before the FIFO was opened")
        .starts_with("good.txt\t1\tb66 c12345678 d111 +c9 self seat=s\t45\t"));
    let last = results.recv_timeout(wait).unwrap();
    assert!(last.starts_with("fifo\t1\tb123 w5 c456 +b9\t"), "{last}");
    assert_eq!(child.wait().unwrap().code(), Some(2));
}

/// A 10,000-line list, numbered from 1, that mixes everything a batch meets: for line i,
/// by its last digit r = i % 10,
/// - r = 0: a comment (1,000 lines), r = 5: a blank line (1,000);
/// - r = 3: a bad hand, `w5` is no tile (1,000);
/// - r = 7: `draw` (999), but line 2007 is `draw later`, an error;
/// - otherwise a corpus hand (5,997), `seat=e` added where it names no seat, but line 1 is `players: Ann Bob Cho Dee`, line 5001
///   re-seats the table as `players: Eve Ann Fay Bob`, and line 4999 is not UTF-8.
///
/// Hands: 10,000 − 2,000 skipped − 2 `players:` lines = 7,998; errors 1,000 + 1 + 1 =
/// 1,002; draws 999.
fn mixed_list() -> Vec<u8> {
    let mut hands = mjscore::corpus::winning_hands(2026, 6_000).into_iter();
    let mut list = Vec::new();
    for i in 1..=10_000 {
        let line = match (i, i % 10) {
            (1, _) => "players: Ann Bob Cho Dee".to_string(),
            (5001, _) => "players: Eve Ann Fay Bob".to_string(),
            (4999, _) => {
                list.extend_from_slice(b"b123 c456 \xff\n");
                continue;
            }
            (2007, _) => "draw later".to_string(),
            (_, 0) => format!("# comment {i}"),
            (_, 5) => "   ".to_string(),
            (_, 3) => "b123 w5 c456 +b9".to_string(),
            (_, 7) => "draw".to_string(),
            // At a table a hand names its winner: East where the corpus leaves it unsaid.
            _ => {
                let hand = hands.next().unwrap();
                if hand.contains("seat=") {
                    hand
                } else {
                    format!("{hand} seat=e")
                }
            }
        };
        list.extend_from_slice(line.as_bytes());
        // Some lines end the Windows way.
        list.extend_from_slice(if i % 3 == 0 { b"\r\n" } else { b"\n" });
    }
    list
}

/// Scored on several threads or on one, a regular file gives the same bytes, line numbers
/// and session included, in every format and with the summary; and so does standard input
/// redirected from that file.
#[test]
fn a_file_scored_on_several_threads_gives_the_bytes_of_one() {
    let dir = common::temp_dir("batch-jobs");
    let path = dir.join("mixed.txt");
    std::fs::write(&path, mixed_list()).unwrap();
    let path = path.to_str().unwrap();
    for format in ["text", "json", "tsv"] {
        let run = |jobs: &[&str]| {
            let mut args = vec!["-f", path, "--format", format, "--summary"];
            args.extend_from_slice(jobs);
            Mjscore::new(&args).run()
        };
        let one = run(&["-j", "1"]);
        assert_eq!(one.code, 2, "bad lines make the run exit 2");
        for jobs in [&["-j", "3"][..], &["--jobs", "8"], &[]] {
            let many = run(jobs);
            assert!(
                many.stdout == one.stdout,
                "{format} {jobs:?}: stdout differs"
            );
            assert_eq!(many.stderr, one.stderr, "{format} {jobs:?}");
            assert_eq!(many.code, one.code, "{format} {jobs:?}");
        }
        let redirected = Mjscore::new(&["--format", format, "--summary", "-j", "3"])
            .stdin_from(std::fs::File::open(path).unwrap())
            .run();
        assert!(redirected.stdout == one.stdout, "{format} from stdin");
        if format == "json" {
            let objects = json_lines(&one.stdout);
            let summary = &objects.last().unwrap()["summary"];
            assert_eq!(summary["hands"], 7_998);
            assert_eq!(summary["errors"], 1_002);
            assert_eq!(summary["draws"], 999);
            let lines: Vec<u64> = objects[..objects.len() - 1]
                .iter()
                .map(|o| o["line"].as_u64().unwrap())
                .collect();
            assert_eq!(lines.len(), 7_998);
            assert_eq!(lines[..8], [2, 3, 4, 6, 7, 8, 9, 11]);
            assert_eq!(lines[lines.len() - 2..], [9_998, 9_999]);
            // After line 5001 the table is Eve, Ann, Fay, Bob, with East first.
            let after = objects.iter().find(|o| o["line"] == 5_002).unwrap();
            assert_eq!(after["players"]["e"], "Eve");
        }
    }
}
