//! Huang's table against an independent hand-worked table: `tests/data/huang/cases.md` was
//! worked out from the written reading of the table alone (its rules are now stated in
//! docs/rules-huang.md), without the program, each case with its full working.
//! This test reads its two tables and checks every row:
//! - each scored case: the counted patterns (as a multiset: the file lists them in numeric
//!   id order), the percentages, the base B, the total X and every seat's payment; a case
//!   marked "(false win)" must be a false win;
//! - each context error: the line is refused, at the column of one of the words the row
//!   names as the conflict.
//!
//! When the program and the file disagree, one of them is wrong: the file's working says why
//! it expects what it does, and a correction is written into its working (case C062).

use std::collections::BTreeSet;

use mjscore::rules::HUANG;
use mjscore::score::{CountedPattern, Outcome};
use mjscore::tile::Seat;

const CASES: &str = include_str!("data/huang/cases.md");

/// The cells of a markdown table row, trimmed.
fn cells(line: &str) -> Vec<&str> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split(" | ").map(str::trim).collect()
}

/// The text between backticks.
fn code(cell: &str) -> &str {
    cell.trim().trim_matches('`')
}

fn sorted_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text
        .split_whitespace()
        .filter(|w| *w != "-" && *w != "(none)")
        .map(str::to_string)
        .collect();
    words.sort();
    words
}

/// The rows of the table that follows `heading`.
fn table<'a>(heading: &str) -> Vec<Vec<&'a str>> {
    CASES
        .lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip(1)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and its rule
        .map(cells)
        .collect()
}

#[test]
fn every_hand_worked_case_scores_as_worked() {
    let rows = table("## Summary table");
    assert!(rows.len() >= 140, "only {} cases read", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let [id, topic, input, patterns, percent, base, total, payments] = row[..] else {
            panic!("a row of 8 cells: {row:?}");
        };
        let line = code(input);
        let scored = match mjscore::score_line(line, &HUANG) {
            Ok(scored) => scored,
            Err(e) => {
                failures.push(format!("{id} {topic}: {line}: {e}"));
                continue;
            }
        };
        let got = match &scored.outcome {
            Outcome::Win {
                reading, payments, ..
            } => {
                let (percents, points): (Vec<&CountedPattern>, Vec<&CountedPattern>) =
                    reading.counted().iter().partition(|c| c.percent() > 0);
                let points: Vec<String> = points
                    .iter()
                    .map(|c| format!("{}:{}", c.pattern.id, c.points()))
                    .collect();
                let percents: Vec<String> = percents
                    .iter()
                    .map(|c| format!("{}:+{}%", c.pattern.id, c.percent()))
                    .collect();
                format!(
                    "{:?} {:?} B {} X {} {:?}",
                    sorted_words(&points.join(" ")),
                    sorted_words(&percents.join(" ")),
                    reading.base,
                    reading.total,
                    Seat::ALL.map(|s| payments.of(s))
                )
            }
            Outcome::FalseWin(_) => "(false win)".to_string(),
        };
        let want = if patterns.contains("(false win)") {
            "(false win)".to_string()
        } else {
            // "E -86 S +172 W -43 N -43": the amounts in seat order.
            let amounts: Vec<i64> = payments
                .split_whitespace()
                .filter_map(|w| w.trim_start_matches('+').parse().ok())
                .collect();
            format!(
                "{:?} {:?} B {base} X {total} {amounts:?}",
                sorted_words(patterns),
                sorted_words(percent)
            )
        };
        if got != want {
            failures.push(format!(
                "{id} {topic}: {line}\n    want {want}\n    got  {got}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

#[test]
fn every_hand_worked_context_error_is_refused_at_its_word() {
    let rows = table("## Context errors");
    assert!(rows.len() >= 20, "only {} error cases read", rows.len());
    let mut failures = Vec::new();
    for row in &rows {
        let [id, input, offending, _message] = row[..] else {
            panic!("a row of 4 cells: {row:?}");
        };
        let line = code(input);
        // The columns the row names: the offending word's, and the other word's of a
        // conflict (which of the two a message points at is a ruling either way).
        let columns: BTreeSet<usize> = offending
            .split("column ")
            .skip(1)
            .filter_map(|rest| {
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                digits.parse().ok()
            })
            .collect();
        match mjscore::score_line(line, &HUANG) {
            Ok(_) => failures.push(format!("{id}: {line}: accepted")),
            Err(e) if !columns.contains(&e.column()) => failures.push(format!(
                "{id}: {line}: refused at column {} ({}), not at {columns:?}",
                e.column(),
                e.message()
            )),
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
