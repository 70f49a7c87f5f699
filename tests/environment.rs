//! What the environment can do to the binary: streams that cannot be written (`/dev/full`),
//! a reader that closes the pipe early. Nothing of it may panic; every failure to write is
//! exit 2 with a message where one can still be written.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use common::{dev_full, Mjscore};

const GOOD: &str = "b66 c12345678 d111 +c9 self seat=s";
const BAD: &str = "b123 w5 c456 +b9";

fn hands_file() -> String {
    format!("{}/docs/examples/hands.txt", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn an_unwritable_stderr_is_exit_2_not_a_panic() {
    // Each of these writes to stderr: a text error of a single hand, a file that cannot be
    // read, the TSV summary. The message is lost; the status still says what happened.
    let hands = hands_file();
    for args in [
        vec!["xx"],
        vec!["-f", "/nonexistent"],
        vec!["-f", &hands, "--format", "tsv", "--summary"],
    ] {
        let Some(full) = dev_full() else { return };
        let run = Mjscore::new(&args).stderr_to(full).run();
        assert_eq!(run.code, 2, "mjscore {args:?}");
    }
    // The table itself still reached stdout before the summary failed: a header and the six
    // hands of the file.
    let Some(full) = dev_full() else { return };
    let run = Mjscore::new(&["-f", &hands, "--format", "tsv", "--summary"])
        .stderr_to(full)
        .run();
    assert_eq!(run.stdout.lines().count(), 7, "{}", run.stdout);
}

#[test]
fn an_unwritable_stdout_is_exit_2_with_a_message() {
    let hands = hands_file();
    let cases: [(&[&str], &str); 7] = [
        (&["--help"], "mjscore: cannot write the help: "),
        (&["--version"], "mjscore: cannot write the version: "),
        (
            &["completions", "bash"],
            "mjscore: cannot write the completion script: ",
        ),
        (&["man"], "mjscore: cannot write the manual page: "),
        (&[GOOD], "mjscore: cannot write the results: "),
        (&["-f", &hands], "mjscore: cannot write the results: "),
        (
            &["waits", "b123 c456 d789 w11 b5 b6"],
            "mjscore: cannot write the results: ",
        ),
    ];
    for (args, message) in cases {
        let Some(full) = dev_full() else { return };
        let run = Mjscore::new(args).stdout_to(full).run();
        assert_eq!(run.code, 2, "mjscore {args:?}");
        assert_eq!(
            run.stderr,
            format!("{message}No space left on device (os error 28)\n"),
            "mjscore {args:?}"
        );
    }
}

/// Runs `mjscore` in batch mode on `lines`, reads the first line of its output and closes
/// the pipe, as `mjscore | head -1` does; returns that line, the exit status and stderr.
fn first_line_then_close(lines: &str) -> (String, i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mjscore"))
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mjscore");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = lines.to_string();
    // mjscore stops reading once its output is gone, so this write may fail: that is fine.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = String::new();
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    stdout.read_line(&mut first).expect("read the first line");
    drop(stdout);
    let output = child.wait_with_output().expect("wait for mjscore");
    writer.join().expect("stdin writer");
    let stderr = String::from_utf8(output.stderr).expect("utf-8 stderr");
    (first, output.status.code().expect("exit code"), stderr)
}

#[test]
fn a_closed_pipe_exits_with_the_status_of_the_lines_scored() {
    // Far more output than a pipe holds (each text block is about 600 bytes), so mjscore is
    // still writing when the reader goes away.
    let many_good = format!("{GOOD}\n").repeat(20_000);
    let (first, code, stderr) = first_line_then_close(&format!("{BAD}\n{many_good}"));
    assert_eq!(
        first,
        "error at 1:6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)\n"
    );
    assert_eq!(
        code, 2,
        "the bad first line was written before the pipe closed"
    );
    assert_eq!(stderr, "", "a closed pipe is not worth a message");

    let (first, code, stderr) = first_line_then_close(&many_good);
    assert_eq!(first, "Line         1\n");
    assert_eq!(code, 0);
    assert_eq!(stderr, "");
}

#[test]
fn a_closed_stdout_is_exit_2_with_a_message() {
    // `mjscore … >&-`: the runtime gives the program /dev/null in place of the closed
    // stream, so the results would vanish and the run end well. Every command is refused
    // before it runs, with the message on stderr. A `> /dev/null` of the user's is kept.
    if !cfg!(target_os = "linux") {
        return;
    }
    let hands = hands_file();
    let binary = env!("CARGO_BIN_EXE_mjscore");
    let cases: [&[&str]; 4] = [
        &[GOOD],
        &["-f", &hands],
        &["waits", "b123 c456 d789 w11 b5 b6"],
        &["--help"],
    ];
    for args in cases {
        for (redirect, code, message) in [
            (">&-", 2, "mjscore: standard output is closed, so the results would be lost: send them to a file, or to /dev/null to discard them\n"),
            ("> /dev/null", 0, ""),
        ] {
            let out = Command::new("sh")
                .arg("-c")
                .arg(format!("exec \"$0\" \"$@\" {redirect}"))
                .arg(binary)
                .args(args)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args:?} {redirect}");
            // The file of hands has a line that is no hand among its lines: 2 either way.
            let expected = if args[0] == "-f" { 2 } else { code };
            assert_eq!(out.status.code(), Some(expected), "{args:?} {redirect}");
        }
    }
}
