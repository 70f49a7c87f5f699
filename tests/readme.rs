//! Keeps README.md and docs/*.md true: every `$ mjscore ...` line in a ```console block is
//! run from the repository root, and its output (stdout then stderr) must be exactly the
//! lines that follow it in the block. Every `mjscore` command in a ```sh or ```text block is
//! run too (on a small list of good hands, its redirections to /dev/null), and must succeed;
//! every hand of a ```text hands block (a hand, two spaces, what it is) is scored and must
//! score what its description says. The README's opening example command is run too.

mod common;

use std::path::Path;

use common::{shell_words, Mjscore};
use mjscore::score::Outcome;

fn run(args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = Mjscore::new(&args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .run();
    format!("{}{}", run.stdout, run.stderr)
}

/// Checks every console example of `text`; returns how many there were.
fn check_examples(name: &str, text: &str) -> usize {
    let mut examples = 0;
    let mut in_console = false;
    let mut command: Option<Vec<String>> = None;
    let mut expected = String::new();
    let mut check = |command: &mut Option<Vec<String>>, expected: &mut String| {
        if let Some(args) = command.take() {
            // NO_COLOR is not needed: the output is not a terminal.
            assert_eq!(run(&args), *expected, "{name} example: mjscore {args:?}");
            expected.clear();
            examples += 1;
        }
    };
    for line in text.lines() {
        if line.starts_with("```") {
            check(&mut command, &mut expected);
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(rest) = line.strip_prefix("$ mjscore ") {
            check(&mut command, &mut expected);
            command = Some(shell_words(rest));
        } else {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    examples
}

#[test]
fn every_console_example_in_the_readme_is_true() {
    let examples = check_examples("README.md", include_str!("../README.md"));
    assert!(examples >= 10, "found only {examples} README examples");
}

#[test]
fn every_console_example_in_docs_is_true() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut examples = 0;
    for entry in std::fs::read_dir(&docs).expect("docs/") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(&path).unwrap();
            examples += check_examples(&path.display().to_string(), &text);
        }
    }
    assert!(examples >= 3, "found only {examples} examples in docs/");
}

#[test]
fn the_readme_opens_with_one_build_an_example_hand_and_the_tests() {
    // The first block: install (the one build), score the example with the installed
    // command, run the tests. The example is run here with the binary under test.
    let readme = include_str!("../README.md");
    let commands: Vec<&str> = blocks(readme, &["sh"])
        .into_iter()
        .take(3)
        .map(|l| l.split("  #").next().unwrap().trim_end())
        .collect();
    assert_eq!(
        commands[0], "cargo install --locked --path .",
        "{commands:?}"
    );
    assert_eq!(commands[2], "cargo test", "{commands:?}");
    let args = shell_words(commands[1].strip_prefix("mjscore ").unwrap());
    let output = run(&args);
    assert!(output.contains("Total        45 (no limit)"), "{output}");
}

/// The Markdown files whose examples are checked: README.md and docs/*.md.
fn documents() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![(
        "README.md".to_string(),
        std::fs::read_to_string(root.join("README.md")).unwrap(),
    )];
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    for path in docs {
        let text = std::fs::read_to_string(&path).unwrap();
        files.push((path.display().to_string(), text));
    }
    files
}

/// The lines of every block of `text` whose info string is `info`.
fn blocks<'t>(text: &'t str, info: &[&str]) -> Vec<&'t str> {
    let mut lines = Vec::new();
    let mut inside: Option<bool> = None;
    for line in text.lines() {
        if let Some(fence) = line.strip_prefix("```") {
            inside = match inside {
                Some(_) => None,
                None => Some(info.contains(&fence)),
            };
            continue;
        }
        if inside == Some(true) {
            lines.push(line);
        }
    }
    lines
}

#[test]
fn every_mjscore_command_in_sh_and_text_blocks_runs() {
    let binary = Path::new(env!("CARGO_BIN_EXE_mjscore"));
    let dir = common::temp_dir("readme-commands");
    let good =
        "b66 c12345678 d111 +c9 self seat=s\n[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\n";
    for file in ["hands.txt", "monday.txt", "tuesday.txt"] {
        std::fs::write(dir.join(file), good).unwrap();
    }
    // docs/web.md's evening exported under a rules file: its rules: line, the file's text
    // after it in `#| ` lines (written out beside it as the `grep` of that block does, and
    // scored with it or without it).
    let seasonal = include_str!("../docs/examples/rules/seasonal.toml");
    std::fs::write(dir.join("seasonal.toml"), seasonal).unwrap();
    let mut evening = String::from("# exported from the page\nrules: seasonal.toml\n");
    for line in seasonal.lines() {
        evening.push_str(&format!("#| {line}\n"));
    }
    evening
        .push_str("players: Ann Bob Cho Dee\nb11 b33 b55 b77 c22 c44 c6 +c6 self seat=Ann\ndraw\n");
    std::fs::write(dir.join("mjscore-evening-2026-11-27-20-00.txt"), evening).unwrap();
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut commands = 0;
    for (name, text) in documents() {
        for line in blocks(&text, &["sh", "text"]) {
            if !line.starts_with("mjscore ") {
                continue;
            }
            // The command without its comment; written files and pagers become /dev/null.
            let command = line.split("   #").next().unwrap().trim_end();
            let command = match command.find(['>', '|']) {
                Some(at) if !command.contains("| awk") => {
                    format!("{} > /dev/null", &command[..at].trim_end())
                }
                _ => command.to_string(),
            };
            let output = std::process::Command::new("sh")
                .args(["-c", &command])
                .current_dir(&dir)
                .env("PATH", &path)
                .env("HOME", &dir)
                .output()
                .expect("run sh");
            assert_eq!(
                output.status.code(),
                Some(0),
                "{name}: {line}\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
            commands += 1;
        }
    }
    assert!(commands >= 8, "found only {commands} commands");
}

#[test]
fn every_hand_of_a_text_hands_block_scores_as_described() {
    let mut hands = 0;
    for (name, text) in documents() {
        for line in blocks(&text, &["text hands"]) {
            let (hand, description) = line.split_once("  ").expect("HAND  description");
            let description = description.trim();
            let scored = mjscore::score_line(hand, &mjscore::rules::WSOM)
                .unwrap_or_else(|e| panic!("{name}: {hand}: {e}"));
            match &scored.outcome {
                Outcome::Win { reading, .. } => {
                    let total = description.rsplit(": ").next().unwrap();
                    assert_eq!(total, reading.total.to_string(), "{name}: {line}");
                }
                Outcome::FalseWin(_) => {
                    assert!(description.contains("a false win"), "{name}: {line}")
                }
            }
            hands += 1;
        }
    }
    assert!(hands >= 6, "found only {hands} hands");
}
