//! Keeps README.md true: every `$ mjscore ...` line in a ```console block is run, and its
//! output must be exactly the lines that follow it in the block. The opening `cargo run`
//! command is run the same way.

use std::process::Command;

/// Splits a command line the way a shell would for our examples: words, and "double quotes".
fn words(line: &str) -> Vec<String> {
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

fn run(args: &[String]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_mjscore"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run mjscore");
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

#[test]
fn every_console_example_in_the_readme_is_true() {
    let readme = include_str!("../README.md");
    let mut examples = 0;
    let mut in_console = false;
    let mut command: Option<Vec<String>> = None;
    let mut expected = String::new();
    let mut check = |command: &mut Option<Vec<String>>, expected: &mut String| {
        if let Some(args) = command.take() {
            assert_eq!(run(&args), *expected, "README example: mjscore {args:?}");
            expected.clear();
            examples += 1;
        }
    };
    for line in readme.lines() {
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
            command = Some(words(rest));
        } else {
            expected.push_str(line);
            expected.push('\n');
        }
    }
    assert!(examples >= 5, "found only {examples} README examples");
}

#[test]
fn the_first_command_in_the_readme_scores_a_hand() {
    let readme = include_str!("../README.md");
    let first = readme
        .lines()
        .find(|l| l.starts_with("cargo run --release -- "))
        .expect("README opens with a cargo run command");
    let command = first.split("   #").next().unwrap().trim_end();
    let args = words(command.strip_prefix("cargo run --release -- ").unwrap());
    let output = run(&args);
    assert!(output.contains("Total        45 (no limit)"), "{output}");
    assert!(
        readme.lines().any(|l| l.starts_with("cargo test")),
        "README names the test command"
    );
}
