//! Property tests (proptest). Each property runs `CASES` generated inputs (the figure is in
//! README.md § Correctness beyond the tables). Failing inputs are shrunk and printed by
//! proptest.
//!
//! - the parser: any text gives a hand or an error, never a panic; text built from the
//!   notation's own characters gets deep into validation and scoring;
//! - canonical notation: every valid hand printed back (`Hand::notation`) reads as itself;
//! - the engine: random valid hands (melds, kongs, irregular hands, every context) keep the
//!   invariants of `mjscore::invariants` under both rule sets;
//! - batch input: any bytes, in every format, never stop the run;
//! - sessions: random sessions (players: lines from a pool of names, corpus hands, draws,
//!   bad lines) keep running totals that sum to zero after every hand and equal the
//!   hands' payments mapped through a seating the test rotates itself.

mod common;

use std::collections::BTreeMap;
use std::io;

use mjscore::batch::{self, Input, Settings};
use mjscore::corpus::{winning_hand, Rng};
use mjscore::render::Format;
use mjscore::render::{Ansi, Plain};
use mjscore::{invariants, rules, Options};
use proptest::prelude::*;

const CASES: u32 = 5_000;

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn any_text_is_a_hand_or_an_error(text in "\\PC{0,80}") {
        let _ = mjscore::line::parse(&text);
    }

    #[test]
    fn notation_like_text_is_scored_or_rejected_and_rendered(
        text in "[bcdwe0-9\\[\\]pck+=selfastrobhvnmiu# .\t]{0,70}"
    ) {
        for rules in rules::ALL {
            match mjscore::score_line(&text, rules) {
                Ok(scored) => {
                    let _ = common::rendered(Format::Text, rules, &Ansi, &scored);
                    let _ = common::rendered(Format::Json, rules, &Plain, &scored);
                    let _ = common::rendered(Format::Tsv, rules, &Plain, &scored);
                }
                Err(error) => {
                    prop_assert!(error.column() >= 1);
                    prop_assert!(error.column() <= text.chars().count() + 1);
                    let _ = common::rendered_error(Format::Text, rules, &Plain, &text, &error);
                }
            }
        }
    }

    #[test]
    fn canonical_notation_reads_back_as_the_same_hand(seed in any::<u64>()) {
        let line = winning_hand(&mut Rng::new(seed));
        let hand = mjscore::line::parse(&line).expect("the corpus gives valid hands");
        let printed = hand.notation();
        let again = mjscore::line::parse(&printed);
        prop_assert_eq!(again, Ok(hand), "{} printed as {}", line, printed);
    }

    #[test]
    fn random_hands_keep_every_invariant(seed in any::<u64>()) {
        let line = winning_hand(&mut Rng::new(seed));
        for rules in rules::ALL {
            // Each rule set reads the line with its own words (Huang refuses resp=).
            let Ok(hand) = mjscore::line::parse_for(&line, rules) else {
                continue;
            };
            if let Err(broken) = invariants::check(&hand, rules)
                .and_then(|_| invariants::check_readings_list(&hand, rules))
            {
                prop_assert!(false, "{} under {}: {}", line, rules.id(), broken);
            }
        }
    }

    #[test]
    fn any_bytes_in_a_batch_never_stop_the_run(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        for format in [Format::Text, Format::Json, Format::Tsv] {
            let output = format.renderer(&rules::WSOM, &Plain, None);
            let settings = Settings {
                rules: &rules::WSOM,
                output: &*output,
                options: Options { claim: None, all_readings: format != Format::Tsv, ..Options::default() },
                session_ahead: None,
            };
            let input = |read_ahead| vec![Input { name: None, source: "bytes".into(), reader: Box::new(io::Cursor::new(bytes.clone())), read_ahead }];
            let mut out = Vec::new();
            let summary = batch::run(input(false), &settings, &batch::Control::jobs(1), &mut out).expect("writing to memory");
            prop_assert!(summary.exit_status() <= 2);
            prop_assert!(String::from_utf8(out.clone()).is_ok());
            // Read ahead and worked out on three threads, the same bytes give the same output.
            let mut threaded = Vec::new();
            let again = batch::run(input(true), &settings, &batch::Control::jobs(3), &mut threaded).expect("writing to memory");
            prop_assert_eq!(again.exit_status(), summary.exit_status());
            prop_assert_eq!(String::from_utf8_lossy(&threaded), String::from_utf8_lossy(&out));
        }
    }

    #[test]
    fn session_totals_sum_to_zero_and_follow_the_seating(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let pool = ["Ann", "Bob", "Cho", "Dee", "Eve", "Fay"];
        let mut text = String::new();
        for i in 0..rng.below(14) + 2 {
            if i == 0 || rng.chance(10) {
                let mut names: Vec<&str> = pool.to_vec();
                let mut seated = Vec::new();
                for _ in 0..4 {
                    seated.push(names.remove(rng.below(names.len())));
                }
                text.push_str(&format!("players: {}\n", seated.join(" ")));
            } else if rng.chance(15) {
                text.push_str("draw\n");
            } else if rng.chance(5) {
                text.push_str("b123 w5 c456 +b9\n");
            } else {
                // At a table a hand names its winner: East where the corpus leaves it unsaid.
                let hand = winning_hand(&mut rng);
                text.push_str(&hand);
                if !hand.contains("seat=") {
                    text.push_str(" seat=e");
                }
                text.push('\n');
            }
        }
        for rules in [&rules::WSOM, &rules::DOUBLING] {
            let output = Format::Json.renderer(rules, &Plain, None);
            let settings = Settings {
                rules,
                output: &*output,
                options: Options::default(),
                session_ahead: None,
            };
            let input = vec![Input { name: None, source: "session".into(), reader: Box::new(io::Cursor::new(text.clone())), read_ahead: false }];
            let mut out = Vec::new();
            batch::run(input, &settings, &batch::Control::jobs(1), &mut out).expect("writing to memory");
            // The test's own sheet: the table in players: order, East's index in it, and
            // every name's total.
            let mut table: Vec<String> = Vec::new();
            let mut east = 0;
            let mut totals: BTreeMap<String, i64> = BTreeMap::new();
            let mut objects = String::from_utf8(out).unwrap().lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .collect::<Vec<_>>()
                .into_iter();
            for line in text.lines() {
                if let Some(names) = line.strip_prefix("players: ") {
                    table = names.split(' ').map(String::from).collect();
                    east = 0;
                    for name in &table {
                        totals.entry(name.clone()).or_insert(0);
                    }
                    continue;
                }
                let object = objects.next().expect("one object per hand");
                let seats: Vec<String> = (0..4).map(|i| table[(east + i) % 4].clone()).collect();
                let players = &object["players"];
                for (i, key) in ["e", "s", "w", "n"].into_iter().enumerate() {
                    prop_assert_eq!(players[key].as_str(), Some(seats[i].as_str()), "{}", line);
                    if let Some(amount) = object["payments"][key].as_i64() {
                        *totals.get_mut(&seats[i]).unwrap() += amount;
                    }
                }
                prop_assert_eq!(totals.values().sum::<i64>(), 0);
                let running = object["running"].as_object().unwrap();
                prop_assert_eq!(running.len(), 4);
                for (name, total) in running {
                    prop_assert_eq!(total.as_i64(), Some(totals[name]), "{} after {}", name, line);
                }
                if table.len() == totals.len() {
                    prop_assert_eq!(running.values().map(|t| t.as_i64().unwrap()).sum::<i64>(), 0);
                }
                // WSOM always passes the deal; the doubling table keeps it after East's win.
                let east_won = object["seat"] == "e" && object.get("payments").is_some()
                    && object.get("draw").is_none() && object.get("false_win").is_none();
                if !(rules.deal().dealer_keeps_on_win && east_won) {
                    east = (east + 1) % 4;
                }
            }
            prop_assert!(objects.next().is_none());
        }
    }
}
