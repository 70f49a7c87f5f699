//! Hostile input through the binary's batch mode, each at a size a test can afford (the full
//! sizes — a 100 MB line, ten million blank lines — were run by hand; figures in README).
//! Every case gets a clear error or a clean skip, and the good lines around it are still
//! scored: each input is wrapped between two good hands.

mod common;

use std::path::Path;

use common::Mjscore;

const GOOD: &str = "b66 c12345678 d111 +c9 self seat=s";

/// Runs `GOOD`, then `hostile`, then `GOOD` through `mjscore --format tsv`; returns the
/// rows as (line, status, message) and the exit status.
fn around(hostile: &[u8]) -> (Vec<(String, String, String)>, i32) {
    let mut input = Vec::new();
    input.extend_from_slice(GOOD.as_bytes());
    input.push(b'\n');
    input.extend_from_slice(hostile);
    input.push(b'\n');
    input.extend_from_slice(GOOD.as_bytes());
    input.push(b'\n');
    let run = Mjscore::new(&["--format", "tsv"]).stdin(input).run();
    let rows = run
        .stdout
        .lines()
        .skip(1)
        .map(|row| {
            let fields: Vec<&str> = row.split('\t').collect();
            (
                fields[1].to_string(),
                fields[12].to_string(),
                fields[13].to_string(),
            )
        })
        .collect();
    (rows, run.code)
}

fn row(line: usize, status: &str, message: &str) -> (String, String, String) {
    (line.to_string(), status.to_string(), message.to_string())
}

#[test]
fn a_line_far_over_the_limit_is_one_error() {
    let (rows, code) = around(&vec![b'b'; 1_000_000]);
    assert_eq!(code, 2);
    assert_eq!(
        rows,
        [
            row(1, "scored", ""),
            row(
                2,
                "error",
                "column 1: the line is longer than 65536 bytes; a hand is one short line"
            ),
            row(3, "scored", ""),
        ]
    );
}

#[test]
fn invalid_utf8_and_nul_bytes_are_errors_at_their_column() {
    let (rows, _) = around(b"b123\xc3\x28 +b1");
    assert_eq!(
        rows[1],
        row(
            2,
            "error",
            "column 5: the line is not valid UTF-8: save the file as UTF-8 (hands need only ASCII)"
        )
    );
    let (rows, _) = around(b"\0\0\0");
    assert_eq!(
        rows[1],
        row(2, "error", "column 1: unexpected character U+0000: expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or a context word")
    );
    assert_eq!(rows[2], row(3, "scored", ""));
}

#[test]
fn blank_lines_by_the_hundred_thousand_are_skipped_and_counted() {
    let (rows, code) = around(&vec![b'\n'; 100_000]);
    assert_eq!(code, 0);
    // Line numbers still count the skipped lines: the second hand is on line 1 + 100,001 + 1.
    assert_eq!(rows, [row(1, "scored", ""), row(100_003, "scored", "")]);
}

#[test]
fn ten_thousand_plus_signs_are_one_error() {
    let (rows, _) = around("+".repeat(10_000).as_bytes());
    assert_eq!(
        rows[1],
        row(
            2,
            "error",
            "column 1: expected the winning tile right after '+', e.g. +b9"
        )
    );
    let (rows, _) = around("[".repeat(10_000).as_bytes());
    assert_eq!(rows[1].1, "error");
    assert_eq!(rows[2], row(3, "scored", ""));
}

#[test]
fn a_long_line_of_valid_tokens_is_a_tile_count_error() {
    let line = format!("{}+b1", "b1 ".repeat(20_000));
    let (rows, _) = around(line.as_bytes());
    assert_eq!(
        rows[1],
        row(2, "error", "column 1: the hand has 20001 tiles; a winning hand has 14: concealed tiles + winning tile + 3 for each meld (kongs count 3)")
    );
}

#[test]
fn a_last_line_without_a_line_break_is_read() {
    let run = Mjscore::new(&["--format", "tsv"]).stdin(GOOD).run();
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.lines().count(), 2);
}

#[test]
fn four_megabytes_of_tokens_parse_in_linear_time() {
    // 1.4 million tokens. Counting every token's column from the line's start took over a
    // minute here; linear, it takes about a second even unoptimised. The parser runs on a
    // thread so that a regression fails at the timeout instead of hanging the test run.
    let line = format!("{}+b1", "b1 ".repeat(1_400_000));
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(mjscore::notation::parse_hand(&line).map(|hand| hand.concealed.len()));
    });
    let parsed = finished
        .recv_timeout(std::time::Duration::from_secs(15))
        .expect("parse_hand took over 15 s on a 4 MB line");
    assert_eq!(parsed, Ok(1_400_000));
}

#[test]
fn a_hand_argument_over_the_line_limit_is_one_error() {
    // 70,002 bytes: over the 64 KiB a batch line may have, so refused the same way, and
    // not echoed back.
    let hand = "b1 ".repeat(23_334);
    let run = Mjscore::new(&["--format", "json", &hand]).run();
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stdout,
        concat!(
            r#"{"input":"","rules":"wsom","error":{"kind":"input","column":1,"#,
            r#""message":"the line is longer than 65536 bytes; a hand is one short line"}}"#,
            "\n"
        )
    );
    // Exactly at the limit it is read as a hand: 65,535 bytes, 21,845 tiles.
    let hand = format!("{}+b1", "b1 ".repeat(21_844));
    let run = Mjscore::new(&["--format", "tsv", &hand]).run();
    assert!(
        run.stdout.ends_with("column 1: the hand has 21845 tiles; a winning hand has 14: concealed tiles + winning tile + 3 for each meld (kongs count 3)\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn comment_and_blank_lines_are_skipped_whatever_their_bytes_and_length() {
    let long_comment = format!("# {}", "x".repeat(100_000));
    let long_blank = " \t".repeat(50_000);
    let skipped: [&[u8]; 6] = [
        b"# caf\xe9",                 // Latin-1, not UTF-8
        b"  \t# \xff\xfe\x00\x1b[2J", // indented, with bytes that are no text at all
        long_comment.as_bytes(),      // 100 KB, over the 64 KiB a hand line may have
        long_blank.as_bytes(),        // 100 KB of spaces and tabs
        b" \t \r",                    // blank, with a Windows line ending
        b"\x0c",                      // a form feed
    ];
    for line in skipped {
        let (rows, code) = around(line);
        // Line 2 gives no row; the line numbers around it still count it.
        assert_eq!(
            rows,
            [row(1, "scored", ""), row(3, "scored", "")],
            "{:?}",
            String::from_utf8_lossy(&line[..line.len().min(20)])
        );
        assert_eq!(code, 0);
    }
}

#[test]
fn a_comment_after_a_hand_is_not_read_either() {
    // The hand is scored; the Latin-1 é of its comment is shown replaced.
    let run = Mjscore::new(&["--format", "tsv"])
        .stdin(&b"b66 c12345678 d111 +c9 self seat=s # caf\xe9\n"[..])
        .run();
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout.lines().nth(1),
        Some("\t1\tb66 c12345678 d111 +c9 self seat=s # caf\u{fffd}\t45\t\t1.2+7.1\t-45\t135\t-45\t-45\t\t\tscored\t")
    );
    // Before the # the bytes are read, and must be UTF-8: é is at column 36.
    let (rows, _) = around(b"b66 c12345678 d111 +c9 self seat=s \xe9 # caf\xe9");
    assert_eq!(
        rows[1],
        row(
            2,
            "error",
            "column 36: the line is not valid UTF-8: save the file as UTF-8 (hands need only ASCII)"
        )
    );
}

/// No character that drives a terminal: ESC, the other C0 controls but the line break and
/// the tab (TSV's separator), DEL, the C1 controls (U+0080..U+009F), the bidi controls and
/// the line and paragraph separators.
fn assert_inert(output: &str) {
    let bad: Vec<char> = output
        .chars()
        .filter(|&c| {
            (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{2028}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        })
        .collect();
    assert!(bad.is_empty(), "{bad:?} in {output:?}");
}

#[test]
fn waits_shows_control_characters_as_code_points() {
    // An OSC that retitles the terminal, a BEL, a CSI that clears it: in the comment of a
    // hand that waits on b4 and b7, in every format.
    let hostile = &b"b123 c456 d789 w11 b5 b6 # \x1b]0;pwned\x07\x1b[2J\n"[..];
    let shown = "# U+001B]0;pwnedU+0007U+001B[2J";
    let text = Mjscore::new(&["waits", "--color", "never"])
        .stdin(hostile)
        .run();
    assert_eq!(text.code, 0);
    assert_inert(&text.stdout);
    assert!(
        text.stdout.contains(&format!("b5 b6 {shown}\n")),
        "{}",
        text.stdout
    );
    let tsv = Mjscore::new(&["waits", "--format", "tsv"])
        .stdin(hostile)
        .run();
    assert_inert(&tsv.stdout);
    assert_eq!(
        tsv.stdout.lines().nth(1),
        Some(
            format!("\t1\tb123 c456 d789 w11 b5 b6 {shown}\t\tb4\t4\t10\t10\t1.1+1.2\tlive\t")
                .as_str()
        )
    );
    // A line that is not a hand, and a file name: printable too.
    let dir = common::temp_dir("hostile-waits-file-name");
    std::fs::write(dir.join("w\x1b[2J.txt"), "b123 w5\x1b[2J\n").unwrap();
    for format in ["text", "json", "tsv"] {
        let run = Mjscore::new(&[
            "waits",
            "--format",
            format,
            "--color",
            "never",
            "-f",
            "w\x1b[2J.txt",
            "-f",
            "w\x1b[2J.txt",
        ])
        .current_dir(&dir)
        .run();
        assert_eq!(run.code, 2, "{format}");
        assert_inert(&run.stdout);
        assert!(
            run.stdout.contains("wU+001B[2J.txt") || format == "json",
            "{}",
            run.stdout
        );
    }
}

#[test]
fn bidi_controls_and_separators_are_shown_as_code_points() {
    // U+202E (right-to-left override) would show the rest of the line reversed; U+2066 an
    // isolate; U+2028 a line separator. In a comment, in text and TSV, and in player names.
    let input = "players: A\u{202e}n B\u{2066}o Cho Dee\n\
                 b66 c12345678 d111 +c9 self seat=s # \u{2028}x\u{202a}\n";
    let text = Mjscore::new(&["--color", "never", "--summary"])
        .stdin(input)
        .run();
    assert_inert(&text.stdout);
    common::assert_has_lines(
        &text.stdout,
        &["Hand         b66 c12345678 d111 +c9 self seat=s # U+2028xU+202A"],
    );
    assert!(text.stdout.contains("AU+202En"), "{}", text.stdout);
    assert!(text.stdout.contains("BU+2066o"), "{}", text.stdout);
    let tsv = Mjscore::new(&["--format", "tsv"]).stdin(input).run();
    assert_inert(&tsv.stdout);
    assert!(
        tsv.stdout.contains("\tAU+202En\tBU+2066o\tCho\tDee\t"),
        "{}",
        tsv.stdout
    );
}

#[test]
fn json_escapes_del_and_the_c1_controls() {
    // DEL and CSI as one C1 character (U+009B, a terminal's ESC [): JSON needs no escape
    // for them, but a terminal shown the JSON would act on them. ½ stays as it is.
    let run = Mjscore::new(&["--format", "json"])
        .stdin("b66 c12345678 d111 +c9 self seat=s # \u{7f}\u{9b}2J ½\n")
        .run();
    assert_eq!(run.code, 0);
    assert_inert(&run.stdout);
    assert!(
        run.stdout
            .contains(r#""input":"b66 c12345678 d111 +c9 self seat=s # \u007f\u009b2J ½""#),
        "{}",
        run.stdout
    );
}

#[test]
fn usage_errors_do_not_echo_escape_sequences() {
    // clap quotes the value it refuses: as written, each control character as its code
    // point (not deleted). Forced colour (as on a terminal) must not let the argument's own
    // sequences through either.
    for (value, shown) in [
        ("\x1b[2Jx", "'U+001B[2Jx'"),
        ("\x1b]0;pwned\x07y", "'U+001B]0;pwnedU+0007y'"),
        ("\u{9b}2Jz", "'U+009B2Jz'"),
        ("a\u{202e}b", "'aU+202Eb'"),
    ] {
        let run = Mjscore::new(&["--rules", value])
            .env("CLICOLOR_FORCE", "1")
            .run();
        assert_eq!(run.code, 2);
        assert_inert(&run.stderr);
        assert!(
            run.stderr
                .starts_with(&format!("error: invalid value {shown} for '--rules")),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn every_tsv_row_has_the_headers_fields() {
    // A missing file before a session file: its error row waits for the first line read,
    // which seats the table, so the header has the session's 13 columns (14 + 8 by seat
    // + 4 by player + the winner = 27) and so does every row, the error row included.
    // 1 error + 3 hands = 4 rows.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = Mjscore::new(&[
        "--format",
        "tsv",
        "-f",
        "/nonexistent",
        "-f",
        "docs/examples/short-session.txt",
    ])
    .current_dir(dir)
    .run();
    let rows: Vec<usize> = run.stdout.lines().map(|r| r.split('\t').count()).collect();
    assert_eq!(rows, [27; 5], "{}", run.stdout);
    assert!(run
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("/nonexistent\t"));
    // waits: its own 11 columns, the file first as in the scoring rows, whatever the
    // number of inputs.
    let run = Mjscore::new(&["waits", "--format", "tsv", "-f", "/nonexistent"]).run();
    let rows: Vec<usize> = run.stdout.lines().map(|r| r.split('\t').count()).collect();
    assert_eq!(rows, [11, 11], "{}", run.stdout);
    let run = Mjscore::new(&[
        "waits",
        "--format",
        "tsv",
        "-f",
        "/nonexistent",
        "-f",
        "docs/examples/waits.txt",
    ])
    .current_dir(dir)
    .run();
    let rows: Vec<usize> = run.stdout.lines().map(|r| r.split('\t').count()).collect();
    assert!(
        rows.len() > 2 && rows.iter().all(|&n| n == 11),
        "{}",
        run.stdout
    );
}

#[test]
fn control_characters_of_the_input_are_shown_as_code_points() {
    let unknown = "unknown word 'HAND': expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or one of self, last, kong, rob, heaven, earth, seat=, from=, resp=, claim=";
    // An escape sequence that would retitle the terminal and clear it.
    let hostile = &b"HAND # \x1b]0;x\x07\x1b[2J\n"[..];
    let run = Mjscore::new(&["--color", "never"]).stdin(hostile).run();
    assert_eq!(
        run.stdout,
        format!("error at 1:1: {unknown}\n  HAND # U+001B]0;xU+0007U+001B[2J\n  ^\n")
    );
    let run = Mjscore::new(&["--format", "tsv"]).stdin(hostile).run();
    assert_eq!(
        run.stdout.lines().nth(1),
        Some(
            format!(
                "\t1\tHAND # U+001B]0;xU+0007U+001B[2J\t\t\t\t\t\t\t\t\t\terror\tcolumn 1: {unknown}"
            )
            .as_str()
        )
    );

    // In the comment of a scored hand, and in a message quoting the input.
    let run = Mjscore::new(&["--color", "never"])
        .stdin(&b"b66 c12345678 d111 +c9 self seat=s # \x1b[2J\nb1self\x1b[2J +b1\n"[..])
        .run();
    common::assert_has_lines(
        &run.stdout,
        &[
            "Hand         b66 c12345678 d111 +c9 self seat=s # U+001B[2J",
            "error at 2:3: expected a space before 'selfU+001B[2J'",
            "  b1selfU+001B[2J +b1",
            "    ^",
        ],
    );

    // The caret stays under the column: a \r inside the line is six characters wide when
    // shown, a tab one (shown as a space). w5 is at column 7, then at column 6.
    let run = Mjscore::new(&["--color", "never"])
        .stdin(&b"b123\r w5 +b9\nb123\tw5 +b9\n"[..])
        .run();
    let rank = "w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)";
    assert_eq!(
        run.stdout,
        format!(
            "error at 1:7: {rank}\n  b123U+000D w5 +b9\n             ^\n\n\
             error at 2:6: {rank}\n  b123 w5 +b9\n       ^\n"
        )
    );

    // A file name is input too.
    let dir = common::temp_dir("hostile-file-name");
    std::fs::write(dir.join("a\x1b[2J.txt"), format!("{GOOD}\n")).unwrap();
    let run = Mjscore::new(&["-f", "a\x1b[2J.txt", "-f", "a\x1b[2J.txt"])
        .current_dir(&dir)
        .run();
    common::assert_has_lines(&run.stdout, &["Line         aU+001B[2J.txt:1"]);
}

#[test]
fn the_line_limit_counts_the_line_without_its_line_ending() {
    // 21,844 × "b1 " is 65,532 bytes; " +b1" makes 65,536, the limit exactly: 21,844
    // concealed b1 and the winning b1 are 21,845 tiles, a tile count error like any other.
    let at_limit = format!("{} +b1", "b1 ".repeat(21_844));
    assert_eq!(at_limit.len(), 65_536);
    let tiles = "column 1: the hand has 21845 tiles; a winning hand has 14: concealed tiles + winning tile + 3 for each meld (kongs count 3)";
    let too_long = "column 1: the line is longer than 65536 bytes; a hand is one short line";
    // `around` ends the line with LF: a CR before it makes a CRLF line ending, which is no
    // part of the line.
    let crlf = format!("{at_limit}\r");
    let (rows, _) = around(crlf.as_bytes());
    assert_eq!(rows[1], row(2, "error", tiles), "65,536 bytes + CRLF");
    let (rows, _) = around(at_limit.as_bytes());
    assert_eq!(rows[1], row(2, "error", tiles), "65,536 bytes + LF");
    // One byte more (a second space before +b1) is over the limit, CR or not.
    let over = format!("{}  +b1\r", "b1 ".repeat(21_844));
    assert_eq!(over.len(), 65_537 + 1);
    let (rows, _) = around(over.as_bytes());
    assert_eq!(
        rows,
        [
            row(1, "scored", ""),
            row(2, "error", too_long),
            row(3, "scored", "")
        ]
    );
    // The last line of an input has no line break: a CR that ends it is dropped as well.
    let mut input = format!("{GOOD}\n").into_bytes();
    input.extend_from_slice(crlf.as_bytes());
    let run = Mjscore::new(&["--format", "tsv"]).stdin(input).run();
    assert!(
        run.stdout.ends_with(&format!("\terror\t{tiles}\n")),
        "{}",
        run.stdout
    );
}

#[test]
fn thousands_of_tables_reseated_keep_every_players_total() {
    // 3,000 tables of new players (12,000 names), each playing one hand, then every table
    // seated again, last first, each player one seat on. The hand is GOOD: South wins 45
    // by self-draw, so East, West and North pay 45 each and South receives 135.
    //   first pass, `players: Ai Bi Ci Di`: Ai -45, Bi +135, Ci -45, Di -45
    //   second pass, `players: Bi Ci Di Ai` (Bi East, Ci South, Di West, Ai North):
    //     Bi 135 - 45 = 90, Ci -45 + 135 = 90, Di -45 - 45 = -90, Ai -45 - 45 = -90
    const TABLES: usize = 3_000;
    let mut input = String::new();
    for t in 0..TABLES {
        input.push_str(&format!("players: A{t} B{t} C{t} D{t}\n{GOOD}\n"));
    }
    for t in (0..TABLES).rev() {
        input.push_str(&format!("players: B{t} C{t} D{t} A{t}\n{GOOD}\n"));
    }
    let run = Mjscore::new(&["--format", "json", "--summary"])
        .stdin(input)
        .run();
    assert_eq!(run.code, 0);
    let lines: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        lines.len(),
        2 * TABLES + 1,
        "a result a hand, then the summary"
    );
    for (i, t) in (0..TABLES).rev().enumerate() {
        let hand = &lines[TABLES + i];
        let expected = format!(r#"{{"B{t}":90,"C{t}":90,"D{t}":-90,"A{t}":-90}}"#);
        assert_eq!(hand["running"].to_string(), expected, "table {t}");
    }
    // Every player once in the standings, having sat at 2 hands: the 6,000 at 90 first.
    let standings = lines[2 * TABLES]["summary"]["standings"]
        .as_array()
        .unwrap();
    assert_eq!(standings.len(), 4 * TABLES);
    assert!(standings.iter().all(|s| s["hands"] == 2));
    let totals: Vec<i64> = standings
        .iter()
        .map(|s| s["total"].as_i64().unwrap())
        .collect();
    assert!(totals[..2 * TABLES].iter().all(|&t| t == 90));
    assert!(totals[2 * TABLES..].iter().all(|&t| t == -90));
}

/// `lines` lines cycling through a won hand, a false win, a line that is no hand and a
/// won hand with two readings, written to a file of the test's own directory.
fn list_of_hands(test: &str, lines: usize) -> std::path::PathBuf {
    let hands = [
        GOOD,
        "[c b123] [p w333] c456 d789 d2 +d2 from=s",
        "b123 w5 c456 +b9",
        "c222333444 b789 d5 +d5 self seat=w",
    ];
    let text: String = hands
        .iter()
        .cycle()
        .take(lines)
        .map(|h| format!("{h}\n"))
        .collect();
    let path = common::temp_dir(test).join("hands.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn threads_the_system_will_not_start_leave_the_output_as_it_was() {
    // Neither 1 GB nor 100 MB of address space holds 4,096 threads' stacks (2 MB each), so
    // no more than twice the cores are started: each run must give what the run on one
    // thread gives. A thread the system refuses, or one that dies as it starts (std cannot
    // map its signal stack), never panics the run (exit 101, no output). What no program
    // can help (the last few bytes taken by the threads before one is refused, so that an
    // allocation fails and the process aborts) is told apart, and the run tried again.
    let path = list_of_hands("hostile-threads", 2_000);
    let file = path.to_str().unwrap();
    let serial = Mjscore::new(&["-j", "1", "--format", "json", "-f", file]).run();
    assert_eq!(serial.code, 2, "the list has lines that are no hands");
    for limit_kb in [1_000_000, 100_000] {
        // The limit is set by the shell, which then becomes mjscore: 77 if it cannot be.
        let script = format!("ulimit -v {limit_kb} || exit 77; exec \"$0\" \"$@\"");
        let bin = env!("CARGO_BIN_EXE_mjscore");
        let args = [
            "-c", &script, bin, "-j", "4096", "--format", "json", "-f", file,
        ];
        let attempt = || {
            std::process::Command::new("sh")
                .args(args)
                .output()
                .unwrap()
        };
        let out_of_memory = |run: &std::process::Output| {
            String::from_utf8_lossy(&run.stderr).contains("memory allocation of")
        };
        let mut run = attempt();
        for _ in 0..4 {
            if !out_of_memory(&run) {
                break;
            }
            run = attempt();
        }
        if out_of_memory(&run) {
            eprintln!("under {limit_kb} KB: an allocation failed in every attempt (an abort, not a panic)");
            continue;
        }
        let stderr = String::from_utf8_lossy(&run.stderr);
        if run.status.code() == Some(77) {
            eprintln!("skipped: the shell cannot limit the address space: {stderr}");
            return;
        }
        assert_eq!(run.status.code(), Some(2), "under {limit_kb} KB: {stderr}");
        assert!(
            run.stdout == serial.stdout.as_bytes(),
            "under {limit_kb} KB"
        );
        // The threads worth starting (twice the cores) usually fit; if one did not, one
        // line says how many had started (not known in advance) and why the next did not.
        if !stderr.is_empty() {
            assert!(stderr.starts_with("mjscore: could start only "), "{stderr}");
            assert!(stderr.contains(" threads asked for ("), "{stderr}");
            let rest = "): reading line by line instead, with the same output\n";
            assert!(stderr.ends_with(rest), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
}

#[test]
fn tsv_looks_ahead_for_the_players_line_in_bounded_memory() {
    // TSV looks through a file for its `players:` line before the first row, to know the
    // session's columns. A 48 MB line once was read whole to do so (and a 1 GB line took
    // 1 GB); under a 40 MB limit of address space that aborted. Such a line is an error in
    // the run (longer than 64 KB), never a `players:` line: the look-ahead keeps no more of
    // it, the players after it are still found, and the rows are those of the run.
    let path = common::temp_dir("hostile-tsv-ahead").join("long-line.txt");
    let mut text = Vec::with_capacity(48 << 20);
    text.extend_from_slice(b"b1");
    text.resize(48 << 20, b' ');
    text.extend_from_slice(b"\nplayers: Ann Bob Cho Dee\n");
    text.extend_from_slice(GOOD.as_bytes());
    text.push(b'\n');
    std::fs::write(&path, text).unwrap();
    let file = path.to_str().unwrap();
    let script = "ulimit -v 40000 || exit 77; exec \"$0\" \"$@\"";
    let bin = env!("CARGO_BIN_EXE_mjscore");
    let run = std::process::Command::new("sh")
        .args(["-c", script, bin, "--format", "tsv", "-f", file])
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    if run.status.code() == Some(77) {
        eprintln!("skipped: the shell cannot limit the address space: {stderr}");
        return;
    }
    // Exit 2: a line could not be read. The header has the session's columns (the
    // players were found past the long line), and the good hand is scored: Bob is South.
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    let rows: Vec<&str> = stdout.lines().collect();
    // (The `players:` line itself writes no row.)
    assert_eq!(rows.len(), 3, "{stdout}");
    assert!(rows[0].contains("\trunning_Ann\t"), "{}", rows[0]);
    assert!(
        rows[1].contains("the line is longer than 65536 bytes"),
        "{}",
        rows[1]
    );
    assert!(rows[2].contains("\tscored\t"), "{}", rows[2]);
}

/// A run of the list of hands (whose lines that are no hands make its status 2) under a
/// limit of `limit_kb` KB went as the run on one thread goes, writing `serial`: at most
/// one line on stderr, saying that it went line by line.
fn assert_as_on_one_thread(run: &std::process::Output, serial: &str, limit_kb: usize) {
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "under {limit_kb} KB: {stderr}");
    assert!(
        run.stdout == serial.as_bytes(),
        "under {limit_kb} KB: {stderr}"
    );
    if !stderr.is_empty() {
        assert_eq!(stderr.lines().count(), 1, "under {limit_kb} KB: {stderr}");
        let rest = "): reading line by line instead, with the same output\n";
        assert!(stderr.ends_with(rest), "under {limit_kb} KB: {stderr}");
    }
}

#[test]
fn threads_that_started_never_abort_the_run_for_want_of_memory() {
    // Under a limit of 12 to 30 MB of address space, four threads may all start and then
    // find no memory to work in: such a run aborted with part of its output. Each run
    // must now give what the run on one thread gives, saying in one line when it went
    // line by line; an allocation failure (an abort) is a failure of this test.
    let path = list_of_hands("hostile-thread-memory", 2_000);
    let file = path.to_str().unwrap();
    let serial = Mjscore::new(&["-j", "1", "--format", "json", "-f", file]).run();
    assert_eq!(serial.code, 2, "the list has lines that are no hands");
    let mut started = 0;
    for limit_kb in (10_000..=30_000).step_by(2_000) {
        let script = format!("ulimit -v {limit_kb} || exit 77; exec \"$0\" \"$@\"");
        let bin = env!("CARGO_BIN_EXE_mjscore");
        let run = std::process::Command::new("sh")
            .args([
                "-c", &script, bin, "-j", "4", "--format", "json", "-f", file,
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        if run.status.code() == Some(77) {
            eprintln!("skipped: the shell cannot limit the address space: {stderr}");
            return;
        }
        // Under the smallest limits the loader may not map the (debug) binary, or not set
        // up its first thread's storage: mjscore never ran, so there is nothing to test at
        // that limit.
        let not_loaded = [
            "error while loading shared libraries",
            "cannot allocate TLS",
        ];
        if run.status.code() == Some(127) && not_loaded.iter().any(|m| stderr.contains(m)) {
            continue;
        }
        // Under a little less, the loader itself dies mapping the binary (a signal, nothing
        // written), as `mjscore --version` does there too: nothing to test at that limit.
        // Only where --version runs is a death by a signal mjscore's own.
        if run.status.code().is_none() && run.stdout.is_empty() && stderr.is_empty() {
            let version = std::process::Command::new("sh")
                .args(["-c", &script, bin, "--version"])
                .output()
                .unwrap();
            if version.status.code().is_none() && version.stdout.is_empty() {
                continue;
            }
        }
        // Too little to run at all (the binary grows with the program): refused at once,
        // with nothing written, as the sweep below allows.
        if stderr.starts_with("mjscore: not enough memory to run") {
            assert_eq!(run.status.code(), Some(2), "under {limit_kb} KB: {stderr}");
            assert!(run.stdout.is_empty(), "under {limit_kb} KB");
            continue;
        }
        started += 1;
        assert_as_on_one_thread(&run, &serial.stdout, limit_kb);
    }
    assert!(
        started > 0,
        "the binary could not be loaded under any limit tried"
    );
}

/// Starts mjscore on `args` (reading `stdin` through a pipe, if given), sends it `signal`
/// (`INT`, `TERM`) once it has written its first results and `delay` ms more, and returns
/// its exit status and all it wrote.
fn interrupted(
    args: &[&str],
    stdin: Option<Vec<u8>>,
    signal: &str,
    delay: u64,
) -> (Option<i32>, Vec<u8>) {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjscore"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    if let (Some(input), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // The pipe breaks when mjscore stops: that is no failure.
        std::thread::spawn(move || pipe.write_all(&input));
    }
    let mut stdout = child.stdout.take().unwrap();
    let (first, written) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buffer = [0; 4096];
        while let Ok(n @ 1..) = stdout.read(&mut buffer) {
            all.extend_from_slice(&buffer[..n]);
            let _ = first.send(());
        }
        all
    });
    written
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("no output in 60 s");
    std::thread::sleep(std::time::Duration::from_millis(delay));
    let kill = format!("kill -{signal} {}", child.id());
    assert!(Command::new("sh")
        .args(["-c", &kill])
        .status()
        .unwrap()
        .success());
    let status = child.wait().unwrap();
    (status.code(), reader.join().unwrap())
}

/// Every line of `out` is a JSON result, numbered from line 1 on without a gap, and the
/// output ends with a line break.
fn assert_whole_results(out: &[u8], what: &str) {
    assert!(!out.is_empty(), "{what}: no output");
    assert_eq!(
        out.last(),
        Some(&b'\n'),
        "{what}: the output ends inside a line"
    );
    let text = std::str::from_utf8(out).unwrap();
    for (i, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("{what}: line {} is not JSON ({e}): {line:?}", i + 1));
        assert_eq!(value["line"], i + 1, "{what}");
    }
}

#[test]
fn a_signal_stops_a_run_after_whole_lines() {
    // 50,000 lines take seconds in a debug build: the signal comes long before the end.
    let path = list_of_hands("hostile-signals", 50_000);
    let file = path.to_str().unwrap();
    for (round, delay) in [0, 5, 20, 60].into_iter().enumerate() {
        for (signal, code) in [("INT", 130), ("TERM", 143)] {
            // From a file on two threads, from a file line by line, and from a pipe.
            let runs = [
                ("-j 2", vec!["--format", "json", "-j", "2", "-f", file]),
                ("-j 1", vec!["--format", "json", "-j", "1", "-f", file]),
                ("stdin", vec!["--format", "json"]),
            ];
            for (how, args) in runs {
                let stdin = (how == "stdin").then(|| std::fs::read(&path).unwrap());
                let what = format!("SIG{signal} after {delay} ms, {how}, round {round}");
                let (status, out) = interrupted(&args, stdin, signal, delay);
                assert_eq!(status, Some(code), "{what}");
                assert_whole_results(&out, &what);
            }
        }
    }
}

#[test]
fn a_signal_ends_a_run_waiting_for_input_at_once() {
    use std::io::Write;
    // A terminal or a pipe that has sent two hands and waits: nothing is in hand, and both
    // results were written.
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mjscore"))
            .args(["--format", "json"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all(format!("{GOOD}\n{GOOD}\n").as_bytes())
            .unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut out = Vec::new();
        for _ in 0..2 {
            std::io::BufRead::read_until(&mut stdout, b'\n', &mut out).unwrap();
        }
        let kill = format!("kill -{signal} {}", child.id());
        assert!(std::process::Command::new("sh")
            .args(["-c", &kill])
            .status()
            .unwrap()
            .success());
        // It exits with standard input still open.
        let mut waited = 0;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            assert!(waited < 10_000, "SIG{signal}: still running 10 s later");
            std::thread::sleep(std::time::Duration::from_millis(10));
            waited += 10;
        };
        drop(stdin);
        assert_eq!(status.code(), Some(code), "SIG{signal}");
        std::io::Read::read_to_end(&mut stdout, &mut out).unwrap();
        assert_whole_results(&out, &format!("SIG{signal}, waiting"));
        assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 2);
    }
}

#[test]
fn control_characters_of_the_input_are_shown_as_code_points_in_waits() {
    // As in the scoring table: the escape sequences of a line that is no hand, and of a
    // comment after a hand that waits on b4 and b7, are shown as code points.
    let hostile = &b"HAND # \x1b]0;x\x07\x1b[2J\nb123 c456 d789 w11 b5 b6 # \x1b[2J\n"[..];
    let run = Mjscore::new(&["waits", "--format", "tsv"])
        .stdin(hostile)
        .run();
    let unknown = "unknown word 'HAND': expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or one of self, last, kong, rob, heaven, earth, seat=, from=, resp=, claim=";
    let rows: Vec<&str> = run.stdout.lines().skip(1).collect();
    assert_eq!(
        rows[0],
        format!("\t1\tHAND # U+001B]0;xU+0007U+001B[2J\t\t\t\t\t\t\terror\tcolumn 1: {unknown}")
    );
    // b4 and b7 complete b56 (b456, b567): 4 unseen each, 1.1 All Sequences 5 and
    // 1.2 Concealed Hand 5, 10 on a discard and self-drawn alike.
    let hand = "\t2\tb123 c456 d789 w11 b5 b6 # U+001B[2J\t";
    assert_eq!(
        rows[1..],
        [
            format!("{hand}\tb4\t4\t10\t10\t1.1+1.2\tlive\t"),
            format!("{hand}\tb7\t4\t10\t10\t1.1+1.2\tlive\t"),
        ]
    );
    // And in text, a NUL of the comment as well.
    let run = Mjscore::new(&["waits", "--color", "never"])
        .stdin(&b"b123 c456 d789 w11 b5 b6 # \x1b[2J\x00\n"[..])
        .run();
    common::assert_has_lines(
        &run.stdout,
        &["Hand         b123 c456 d789 w11 b5 b6 # U+001B[2JU+0000"],
    );
}

#[test]
fn an_unknown_word_or_pattern_name_of_any_length_costs_little() {
    // The nearest words and patterns are looked for by spelling. Compared letter by letter
    // with every name, a 65,000-letter word took some 6 µs a letter (0.2-0.6 s optimised,
    // seconds here); a word far longer than any name is far from all of them, and costs
    // its length only: each case here takes milliseconds.
    let long = "x".repeat(65_000);
    let hand = "b66 c12345678 d111 +c9";
    let timed = |what: &str, run: &dyn Fn() -> String| {
        let start = std::time::Instant::now();
        let message = run();
        let took = start.elapsed();
        assert!(took.as_secs_f64() < 1.0, "{what} took {took:?}");
        message
    };
    let claim = timed("a claim", &|| {
        let check = mjscore::claim::resolve(
            mjscore::notation::ClaimSpec::Patterns(long.clone()),
            &mjscore::rules::WSOM,
            &mjscore::rules::ALL,
        );
        format!("{:?}", check.err().map(|e| e.to_string().len()))
    });
    // "claim names '…', which is not a pattern of wsom: `mjscore --rules wsom patterns`
    // lists them": 65,000 letters, 13 before them and 77 after, with no nearest pattern.
    assert_eq!(claim, format!("Some({})", 13 + 65_000 + 77));
    let word = timed("a word", &|| {
        let line = format!("{hand} {long}");
        mjscore::score_line(&line, &mjscore::rules::HUANG)
            .unwrap_err()
            .message()
    });
    assert!(word.starts_with("unknown word 'xxx"), "{word}");
    assert!(!word.contains("did you mean"), "{word}");
    // 12,000 different words no rule set reads, each compared with each before it for a
    // repetition, took 0.13 s optimised; looked up in a set once there are many, 5 ms. The
    // first is the error, whether or not a claim runs on into them.
    let words: Vec<String> = (0..12_000)
        .map(|i| {
            let letter = |n: usize| char::from(b'a' + (n % 26) as u8);
            format!("q{}{}{}", letter(i / 676), letter(i / 26), letter(i))
        })
        .collect();
    let words = words.join(" ");
    for (claim, expected) in [
        ("", "unknown word 'qaaa'"),
        ("claim=all ", "a pattern name"),
    ] {
        let message = timed("many words", &|| {
            let line = format!("{hand} {claim}{words}");
            mjscore::score_line(&line, &mjscore::rules::WSOM)
                .unwrap_err()
                .message()
        });
        assert!(message.starts_with(expected), "{}", &message[..40]);
    }
    for query in ["x".repeat(100_000), "七".repeat(33_000)] {
        let missing = timed("explain", &|| {
            let found = mjscore::rules::WSOM.find_pattern(&query, &mjscore::rules::ALL);
            found.unwrap_err().to_string()
        });
        // Nothing is near a name of 100,000 letters.
        assert!(!missing.contains("nearest"), "a nearest pattern named");
    }
}

#[test]
fn under_any_limit_of_memory_a_run_goes_through_or_stops_at_once_saying_why() {
    // Under a limit of address space a little above what the program takes to load (about
    // 8 MB for the release binary), two threads once started and then found no memory for
    // their own first needs: the run aborted with no output (exit 134), or a thread died
    // and the run waited for it for good. Swept across the limits from where the binary
    // cannot load to where every thread fits, each run must now be one of: the run on one
    // thread's output (saying in one line when it went line by line), or exit 2 at once
    // with a message that there is not memory to run, and never a hang (20 s at most).
    let path = list_of_hands("hostile-memory-sweep", 300);
    let file = path.to_str().unwrap();
    let dir = path.parent().unwrap();
    let serial = Mjscore::new(&["-j", "1", "--format", "json", "-f", file]).run();
    assert_eq!(serial.code, 2, "the list has lines that are no hands");
    let bin = env!("CARGO_BIN_EXE_mjscore");
    let (mut ran, mut refused) = (0, 0);
    // Finely where the program starts to fit (the band that failed was about 300 KB wide,
    // near 8 MB for the release binary and 10 MB for the debug one), then coarsely.
    let limits = (5_000..16_000)
        .step_by(64)
        .chain((16_000..=40_000).step_by(1_000));
    for limit_kb in limits {
        let script = format!("ulimit -v {limit_kb} || exit 77; exec \"$0\" \"$@\"");
        // Written to files, so that a run waited for never waits for its reader.
        let (out, err) = (dir.join("out"), dir.join("err"));
        let mut child = std::process::Command::new("sh")
            .args([
                "-c", &script, bin, "-j", "2", "--format", "json", "-f", file,
            ])
            .stdout(std::fs::File::create(&out).unwrap())
            .stderr(std::fs::File::create(&err).unwrap())
            .spawn()
            .unwrap();
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > std::time::Duration::from_secs(20) {
                let _ = child.kill();
                panic!("under {limit_kb} KB the run hung");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let run = std::process::Output {
            status: child.wait().unwrap(),
            stdout: std::fs::read(&out).unwrap(),
            stderr: std::fs::read(&err).unwrap(),
        };
        let stderr = String::from_utf8_lossy(&run.stderr);
        match run.status.code() {
            Some(77) => {
                eprintln!("skipped: the shell cannot limit the address space: {stderr}");
                return;
            }
            // The loader could not map the binary (exit 127, or killed as it mapped it,
            // saying nothing), or the runtime could not set up the first thread before the
            // program began: it never ran.
            Some(127) => continue,
            None if stderr.is_empty() && run.stdout.is_empty() && {
                use std::os::unix::process::ExitStatusExt;
                run.status.signal() == Some(11)
            } =>
            {
                continue
            }
            _ if stderr.contains("thread 'main'") && stderr.contains("alternative stack") => {
                continue
            }
            _ => {}
        }
        if stderr.starts_with("mjscore: not enough memory to run") {
            assert_eq!(run.status.code(), Some(2), "under {limit_kb} KB: {stderr}");
            assert!(run.stdout.is_empty(), "under {limit_kb} KB");
            refused += 1;
            continue;
        }
        ran += 1;
        assert_as_on_one_thread(&run, &serial.stdout, limit_kb);
    }
    assert!(ran > 0, "no limit tried let the run go through");
    eprintln!("{ran} runs went through, {refused} stopped for want of memory");
}

/// The message a rules file over the limit gets, at its line and column.
fn too_long(path: &str, line: usize, column: usize) -> String {
    format!("mjscore: {path}:{line}:{column}: the file is longer than 1048576 bytes (1 MiB): a rules file is a few kilobytes; is this the right file?\n")
}

#[cfg(unix)]
#[test]
fn an_endless_rules_file_is_read_to_its_limit_and_refused() {
    // /dev/zero never ends: read to 1 MiB and a byte, within 60 MB of address space (the
    // whole input read first grew past 2 GB, and out of memory here).
    let binary = env!("CARGO_BIN_EXE_mjscore");
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            &format!(
                "ulimit -v 60000; exec {binary} --rules /dev/zero 'b66 c12345678 d111 +c9 self'"
            ),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    // The NULs are one line: the byte past the limit is its column 1,048,577.
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        too_long("/dev/zero", 1, (1 << 20) + 1)
    );
}

#[test]
fn a_rules_file_over_1_mib_is_refused_by_every_command_that_reads_one() {
    // 3 MB of [values] lines, each `"x0000000" = 1` and its line break (15 bytes), after
    // 23 bytes of two lines: the 1,048,553 bytes up to the limit are 69,903 whole lines
    // and 8 bytes, so the byte past it is line 2 + 69,903 + 1 = 69,906, column 9.
    let dir = common::temp_dir("hostile-rules-size");
    let path = dir.join("club.toml");
    let mut text = String::from("base = \"wsom\"\n[values]\n");
    let head = text.len();
    let mut n = 0;
    while text.len() < 3_000_000 {
        text.push_str(&format!("\"x{n:07}\" = 1\n"));
        n += 1;
    }
    std::fs::write(&path, &text).unwrap();
    let path = path.to_str().unwrap();
    let whole_lines = ((1 << 20) - head) / 15;
    let column = (1 << 20) - head - whole_lines * 15 + 1;
    assert_eq!((whole_lines, column), (69_903, 9));
    let message = too_long(path, 2 + whole_lines + 1, column);
    for args in [
        vec!["rules", "check", path],
        vec!["rules", "show", path],
        vec!["--rules", path, "b66 c12345678 d111 +c9 self"],
        vec!["explain", "7.1", "--rules", path],
        vec!["patterns", "--rules", path],
        vec!["waits", "--rules", path, "b66 c12345678 d111 c9"],
    ] {
        let run = Mjscore::new(&args).run();
        assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(run.stderr, message, "{args:?}");
    }
}

#[test]
fn a_rules_files_escapes_never_reach_the_terminal() {
    // A name, a hand's id, name and summary that would clear the screen: refused where
    // they are written, the code point named; nothing raw on either stream.
    let dir = common::temp_dir("hostile-rules-escapes");
    let cases = [
        ("name = \"A\\u001b[2J\"\n", 2, 10, "the name"),
        (
            "[[hands]]\nid = \"c\\u001b[2J\"\nname = \"N\"\nvalue = 10\n",
            3,
            8,
            "a hand's id",
        ),
        (
            "[[hands]]\nid = \"c.1\"\nname = \"N\\u001b[2J\"\nvalue = 10\n",
            4,
            10,
            "a hand's name",
        ),
        (
            "[[hands]]\nid = \"c.1\"\nname = \"N\"\nvalue = 10\nsummary = \"\\u001b]0;x\\u0007\"\n",
            6,
            12,
            "a hand's summary",
        ),
    ];
    for (i, (body, line, column, what)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("{i}.toml"));
        std::fs::write(&path, format!("base = \"wsom\"\n{body}")).unwrap();
        let path = path.to_str().unwrap();
        for args in [
            vec!["rules", "check", path],
            vec!["rules", "show", path],
            vec![
                "--rules",
                path,
                "--format",
                "tsv",
                "b66 c12345678 d111 +c9 self",
            ],
            vec![
                "--rules",
                path,
                "--format",
                "json",
                "b66 c12345678 d111 +c9 self",
            ],
            vec!["patterns", "--rules", path],
        ] {
            let run = Mjscore::new(&args).run();
            assert_eq!((run.code, run.stdout.as_str()), (2, ""), "{args:?}");
            assert_eq!(
                run.stderr,
                format!("mjscore: {path}:{line}:{column}: {what} holds U+001B (escape, which starts a terminal's commands): the file's texts are shown on terminals and in tables, one line each, without control characters, tabs, line breaks or bidirectional controls\n"),
                "{args:?}"
            );
        }
    }
}
