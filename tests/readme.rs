//! Keeps README.md and docs/*.md true: every `$ mjscore ...` line in a ```console block is
//! run from the repository root, and its output (stdout then stderr) must be exactly the
//! lines that follow it in the block. The README's opening `cargo run` command is run too.

mod common;

use std::path::Path;

use common::{shell_words, Mjscore};

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
fn the_first_command_in_the_readme_scores_a_hand() {
    let readme = include_str!("../README.md");
    let first = readme
        .lines()
        .find(|l| l.starts_with("cargo run --release -- "))
        .expect("README opens with a cargo run command");
    let command = first.split("   #").next().unwrap().trim_end();
    let args = shell_words(command.strip_prefix("cargo run --release -- ").unwrap());
    let output = run(&args);
    assert!(output.contains("Total        45 (no limit)"), "{output}");
    assert!(
        readme.lines().any(|l| l.starts_with("cargo test")),
        "README names the test command"
    );
}
