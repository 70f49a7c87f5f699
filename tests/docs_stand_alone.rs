//! The repository stands alone: no comment, doc, test or message points a reader at a file
//! or a tracker they do not have. Rules are stated in docs/rules.md, docs/rules-doubling.md
//! and docs/rules-huang.md, the notation in docs/notation.md; a reason is given in place,
//! not as a number in somebody else's list.
//!
//! This test walks the sources, tests, examples, benchmarks, fuzz targets, docs, snapshots,
//! README.md, Cargo.toml and .ci/, and fails with `file:line` for every line that cites:
//! - the developers' product specification by name (the upper-case word, alone),
//! - their reading of Huang's table by file name,
//! - a rule text by its number in their list (`seed` or `seeds`, then a `0` and a digit),
//! - an issue by number (the word, then a number or a number sign),
//! - a numbered section (a section sign and a digit): the product's docs have named
//!   sections, cited as `docs/rules-huang.md § Seven Pairs`.
//!
//! The needles are built from pieces, so that this file does not trip on itself.
//!
//! What replaces those citations must lead somewhere: a `docs/NAME.md § Heading` (or
//! `README.md § Heading`) must name a heading of that file, and a Markdown link to
//! `FILE.md#anchor` in README.md or docs/ must name one of its headings.

use std::fs;
use std::path::{Path, PathBuf};

/// Directories and files walked, from the repository root.
const ROOTS: &[&str] = &[
    "src",
    "tests",
    "examples",
    "benches",
    "fuzz",
    "docs",
    "snapshots",
    "README.md",
    "Cargo.toml",
    ".ci",
];

/// Paths left out: build output and the fuzzer's generated inputs and findings.
const SKIPPED: &[&str] = &["target", "fuzz/target", "fuzz/corpus", "fuzz/artifacts"];

fn files(root: &Path, path: &Path, out: &mut Vec<PathBuf>) {
    let relative = path.strip_prefix(root).unwrap_or(path);
    let shown = relative.to_string_lossy().replace('\\', "/");
    if SKIPPED
        .iter()
        .any(|s| shown == *s || shown.ends_with(&format!("/{s}")))
    {
        return;
    }
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = fs::read_dir(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .collect();
        entries.sort();
        for entry in entries {
            files(root, &entry, out);
        }
    } else if path.is_file() {
        out.push(path.to_path_buf());
    }
}

fn is_letter(byte: Option<&u8>) -> bool {
    byte.is_some_and(u8::is_ascii_alphabetic)
}

/// Every start of `needle` in `haystack`.
fn starts<'a>(haystack: &'a [u8], needle: &'a [u8]) -> impl Iterator<Item = usize> + 'a {
    (0..haystack.len().saturating_sub(needle.len() - 1))
        .filter(move |&i| haystack[i..].starts_with(needle))
}

/// What the line cites, if anything: a short name of the first needle found.
fn citation(line: &str) -> Option<&'static str> {
    let exact = line.as_bytes();
    let lower = line.to_ascii_lowercase();
    let lower = lower.as_bytes();

    // The specification's name: the upper-case word, not part of a longer word.
    let spec = concat!("SP", "EC").as_bytes();
    for i in starts(exact, spec) {
        let before = i.checked_sub(1).and_then(|j| exact.get(j));
        if !is_letter(before) && !is_letter(exact.get(i + spec.len())) {
            return Some("the specification by name");
        }
    }

    // The reading of Huang's table by its file name.
    // (docs/rules-huang.md is the product's own page.)
    for i in starts(lower, concat!("huang", ".md").as_bytes()) {
        let before = i.checked_sub(1).and_then(|j| lower.get(j));
        if !before.is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_')) {
            return Some("the reading of Huang's table by file name");
        }
    }

    // A rule text by number: the word, an optional s, a space, underscore or hyphen, 0, a digit.
    for i in starts(lower, concat!("se", "ed").as_bytes()) {
        let mut j = i + 4;
        if lower.get(j) == Some(&b's') {
            j += 1;
        }
        if matches!(lower.get(j), Some(b' ' | b'_' | b'-'))
            && lower.get(j + 1) == Some(&b'0')
            && lower.get(j + 2).is_some_and(u8::is_ascii_digit)
        {
            return Some("a rule text by number");
        }
    }

    // An issue by number: the word, an optional s, then a number sign, or a space and a digit.
    for i in starts(lower, concat!("iss", "ue").as_bytes()) {
        let mut j = i + 5;
        if lower.get(j) == Some(&b's') {
            j += 1;
        }
        let spaced = lower.get(j) == Some(&b' ');
        if spaced {
            j += 1;
        }
        match lower.get(j) {
            Some(b'#') => return Some("an issue by number"),
            Some(d) if spaced && d.is_ascii_digit() => return Some("an issue by number"),
            _ => {}
        }
    }

    // A numbered section: the section sign, an optional space, a digit.
    let section = "\u{a7}".as_bytes();
    for i in starts(exact, section) {
        let mut j = i + section.len();
        if exact.get(j) == Some(&b' ') {
            j += 1;
        }
        if exact.get(j).is_some_and(u8::is_ascii_digit) {
            return Some("a numbered section");
        }
    }
    None
}

#[test]
fn the_needles_find_what_they_should_and_nothing_else() {
    let cited = [
        concat!("the compact notation of SP", "EC \u{a7}1"),
        concat!("(SP", "EC)"),
        concat!("`../shared/HUA", "NG.md`"),
        concat!("Huang (hua", "ng.md \u{a7}5)"),
        concat!("Zung Jung (se", "ed 003)"),
        concat!("Se", "eds 000 and 001"),
        concat!("Se", "ed-04"),
        concat!("fn se", "ed_000_example_1()"),
        concat!("as iss", "ue 12 asked"),
        concat!("(Iss", "ue #4)"),
        concat!("iss", "ues 4 and 9"),
        concat!("iss", "ue#7"),
        "the table of \u{a7}5",
        "\u{a7} 2.1",
    ];
    for line in cited {
        assert!(citation(line).is_some(), "not found in {line:?}");
    }
    let clean = [
        "ClaimSpec, a spec, the specification",
        "SPECIAL hands",
        "src/rules/huang.rs and tests/data/huang/cases.md",
        "mjscore::corpus, seed 2026; fuzz/seeds/01; the same seed always gives",
        "seed in any::<u64>()",
        "an issue of fairness; issues aside",
        "docs/rules-huang.md § Seven Pairs",
        "HUANG: RuleSet",
    ];
    for line in clean {
        assert_eq!(citation(line), None, "{line:?}");
    }
}

#[test]
fn nothing_cites_a_file_or_an_issue_the_reader_does_not_have() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut walked = Vec::new();
    for name in ROOTS {
        let path = root.join(name);
        assert!(path.exists(), "{name} is missing");
        files(root, &path, &mut walked);
    }
    assert!(walked.len() > 50, "only {} files walked", walked.len());

    let mut found = Vec::new();
    for path in &walked {
        let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = String::from_utf8_lossy(&bytes);
        for (number, line) in text.lines().enumerate() {
            if let Some(what) = citation(line) {
                let shown = path.strip_prefix(root).unwrap_or(path).display();
                found.push(format!("{shown}:{}: {what}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} lines cite what a reader of the repository does not have; say it in place or \
         cite the section of the product's own docs:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The headings of a Markdown file, without their `#`s, outside code blocks.
fn headings(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.push(line.trim_start_matches('#').trim().to_string());
        }
    }
    found
}

/// A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

fn read(root: &Path, name: &str) -> Option<String> {
    fs::read_to_string(root.join(name)).ok()
}

#[test]
fn every_cited_section_and_anchor_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut walked = Vec::new();
    for name in ROOTS {
        files(root, &root.join(name), &mut walked);
    }
    let mut cited = 0;
    let mut missing = Vec::new();
    for path in &walked {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let shown = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        if shown == "tests/docs_stand_alone.rs" {
            continue; // its comments show the form, with made-up names
        }
        for (number, line) in text.lines().enumerate() {
            // `docs/NAME.md § Heading` and `README.md § Heading`.
            for (at, _) in line.match_indices(".md \u{a7} ") {
                let before = &line[..at];
                let start = before
                    .rfind(|c: char| !(c.is_alphanumeric() || "-_/".contains(c)))
                    .map_or(0, |i| i + 1);
                let file = format!("{}.md", &before[start..]);
                if !(file.starts_with("docs/") || file == "README.md") {
                    continue;
                }
                // The heading is the start of what follows, or what follows, up to a
                // colon, comma, semicolon or closing bracket, is the start of the heading.
                let rest = &line[at + ".md \u{a7} ".len()..];
                let named = rest.split([':', ',', ';', ')']).next().unwrap_or("").trim();
                let found = read(root, &file).is_some_and(|doc| {
                    headings(&doc).iter().any(|h| {
                        let whole = rest
                            .strip_prefix(h.as_str())
                            .is_some_and(|after| !after.starts_with(char::is_alphanumeric));
                        let start = !named.is_empty()
                            && h.strip_prefix(named)
                                .is_some_and(|after| !after.starts_with(char::is_alphanumeric));
                        whole || start
                    })
                });
                cited += 1;
                if !found {
                    missing.push(format!(
                        "{shown}:{}: no such section: {file} \u{a7} {rest}",
                        number + 1
                    ));
                }
            }
        }
        // Markdown links with an anchor, in README.md and docs/.
        let markdown =
            shown == "README.md" || (shown.starts_with("docs/") && shown.ends_with(".md"));
        if !markdown {
            continue;
        }
        for (at, _) in text.match_indices("](") {
            let target = &text[at + 2..];
            let Some(end) = target.find(')') else {
                continue;
            };
            let Some((file, wanted)) = target[..end].split_once('#') else {
                continue;
            };
            let doc = if file.is_empty() {
                Some(text.clone())
            } else if file.ends_with(".md") && !file.contains("://") {
                let dir = path.parent().unwrap_or(root);
                fs::read_to_string(dir.join(file)).ok()
            } else {
                continue;
            };
            cited += 1;
            if !doc.is_some_and(|doc| headings(&doc).iter().any(|h| anchor(h) == wanted)) {
                let number = text[..at].lines().count();
                missing.push(format!("{shown}:{number}: no such anchor: {file}#{wanted}"));
            }
        }
    }
    assert!(cited > 10, "only {cited} citations of sections found");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
