//! Running the `mjscore` binary from tests: arguments, standard input, working directory,
//! and what came back; and a line's result rendered as the library renders it.
#![allow(dead_code)] // each test file uses a different part of this

use mjscore::render::{Format, Paint};
use mjscore::{Error, RuleSet, Scored};

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// One run of the binary, colour settings of the environment removed.
pub struct Mjscore {
    command: Command,
    stdin: Option<Vec<u8>>,
    stdin_file: Option<File>,
    stdout: Option<File>,
    stderr: Option<File>,
}

impl Mjscore {
    pub fn new(args: &[&str]) -> Mjscore {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mjscore"));
        command
            .args(args)
            .env_remove("NO_COLOR")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            // The text is fitted to COLUMNS when it is set: the tests read it unfitted.
            .env_remove("COLUMNS");
        Mjscore {
            command,
            stdin: None,
            stdin_file: None,
            stdout: None,
            stderr: None,
        }
    }

    pub fn stdin(mut self, input: impl Into<Vec<u8>>) -> Mjscore {
        self.stdin = Some(input.into());
        self
    }

    /// Reads standard input from `file` (a regular file, not a pipe).
    pub fn stdin_from(mut self, file: File) -> Mjscore {
        self.stdin_file = Some(file);
        self
    }

    /// Sends standard output to `file` instead of capturing it (`Run::stdout` is then empty).
    pub fn stdout_to(mut self, file: File) -> Mjscore {
        self.stdout = Some(file);
        self
    }

    /// Sends standard error to `file` instead of capturing it.
    pub fn stderr_to(mut self, file: File) -> Mjscore {
        self.stderr = Some(file);
        self
    }

    /// Sets an environment variable for the run.
    pub fn env(mut self, key: &str, value: &str) -> Mjscore {
        self.command.env(key, value);
        self
    }

    pub fn current_dir(mut self, dir: &Path) -> Mjscore {
        self.command.current_dir(dir);
        self
    }

    pub fn run(mut self) -> Run {
        let to = |file: Option<File>| file.map_or_else(Stdio::piped, Stdio::from);
        let from_file = self.stdin_file.is_some();
        self.command
            .stdin(self.stdin_file.map_or_else(Stdio::piped, Stdio::from))
            .stdout(to(self.stdout))
            .stderr(to(self.stderr));
        let mut child = self.command.spawn().expect("run mjscore");
        let stdin = child.stdin.take();
        assert_eq!(
            stdin.is_some(),
            !from_file,
            "stdin piped unless from a file"
        );
        let input = self.stdin.unwrap_or_default();
        // Write from another thread so a large input cannot deadlock against the output.
        let writer = std::thread::spawn(move || {
            if let Some(mut stdin) = stdin {
                let _ = stdin.write_all(&input);
            }
        });
        let output = child.wait_with_output().expect("wait for mjscore");
        writer.join().expect("stdin writer");
        Run {
            stdout: String::from_utf8(output.stdout).expect("utf-8 stdout"),
            stderr: String::from_utf8(output.stderr).expect("utf-8 stderr"),
            code: output.status.code().expect("exit code"),
        }
    }
}

/// `/dev/full`, where every write fails with "No space left on device"; `None` (and the
/// test skips) on a system without it.
pub fn dev_full() -> Option<File> {
    let file = std::fs::OpenOptions::new().write(true).open("/dev/full");
    if file.is_err() {
        eprintln!("skipped: no /dev/full on this system");
    }
    file.ok()
}

/// Runs `mjscore ARGS` with empty standard input.
pub fn mjscore(args: &[&str]) -> Run {
    Mjscore::new(args).run()
}

/// Every one of `lines` stands, whole, on a line of `output`.
pub fn assert_has_lines(output: &str, lines: &[&str]) {
    for line in lines {
        assert!(
            output.lines().any(|l| l == *line),
            "missing {line:?} in\n{output}"
        );
    }
}

/// `mjscore --format json ARGS`, its single line parsed.
pub fn json(args: &[&str]) -> (serde_json::Value, i32) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let run = mjscore(&all);
    let value =
        serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", run.stdout));
    (value, run.code)
}

/// A fresh directory under the target directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create test directory");
    dir
}

/// Splits a command line the way a shell would for our examples: words, and "double
/// quotes" around a word with spaces.
pub fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut in_word = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            ' ' if !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut current));
                }
                in_word = false;
            }
            _ => {
                current.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(current);
    }
    words
}

/// A scored hand as `format` writes it for a hand on its own (no line number), painted by
/// `look`.
pub fn rendered(format: Format, rules: &RuleSet, look: &dyn Paint, scored: &Scored) -> String {
    let mut out = String::new();
    format
        .renderer(rules, look, None)
        .scored(&mut out, scored, None);
    out
}

/// A line that is not a hand, as `format` writes it for a line on its own.
pub fn rendered_error(
    format: Format,
    rules: &RuleSet,
    look: &dyn Paint,
    input: &str,
    error: &Error,
) -> String {
    let mut out = String::new();
    format
        .renderer(rules, look, None)
        .error(&mut out, input, error, None);
    out
}
