//! Property tests (proptest). Each property runs `CASES` generated inputs; the figure is
//! reported in the issue notes. Failing inputs are shrunk and printed by proptest.
//!
//! - the parser: any text gives a hand or an error, never a panic; text built from the
//!   notation's own characters gets deep into validation and scoring;
//! - canonical notation: every valid hand printed back (`Hand::notation`) reads as itself;
//! - the engine: random valid hands (melds, kongs, irregular hands, every context) keep the
//!   invariants of `mjscore::invariants` under both rule sets;
//! - batch input: any bytes, in every format, never stop the run.

use std::io;

use mjscore::batch::{self, Input, Settings};
use mjscore::corpus::{winning_hand, Rng};
use mjscore::render::{self, Format};
use mjscore::{invariants, rules, Options};
use proptest::prelude::*;

const CASES: u32 = 5_000;

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn any_text_is_a_hand_or_an_error(text in "\\PC{0,80}") {
        let _ = mjscore::parse(&text);
    }

    #[test]
    fn notation_like_text_is_scored_or_rejected_and_rendered(
        text in "[bcdwe0-9\\[\\]pck+=selfastrobhvnmiu# .\t]{0,70}"
    ) {
        for rules in rules::ALL {
            match mjscore::score_line(&text, rules) {
                Ok(scored) => {
                    let _ = render::text::scored(&scored, rules, true, None);
                    let _ = render::json::scored(&scored, rules, None);
                    let _ = render::tsv::scored(&scored, rules, None);
                }
                Err(error) => {
                    prop_assert!(error.column() >= 1);
                    prop_assert!(error.column() <= text.chars().count() + 1);
                    let _ = render::text::error(&text, &error, false, None);
                }
            }
        }
    }

    #[test]
    fn canonical_notation_reads_back_as_the_same_hand(seed in any::<u64>()) {
        let line = winning_hand(&mut Rng::new(seed));
        let hand = mjscore::parse(&line).expect("the corpus gives valid hands");
        let printed = hand.notation();
        let again = mjscore::parse(&printed);
        prop_assert_eq!(again, Ok(hand), "{} printed as {}", line, printed);
    }

    #[test]
    fn random_hands_keep_every_invariant(seed in any::<u64>()) {
        let line = winning_hand(&mut Rng::new(seed));
        for rules in rules::ALL {
            // Each rule set reads the line with its own words (Huang refuses resp=).
            let Ok(hand) = mjscore::parse_for(&line, rules) else {
                continue;
            };
            if let Err(broken) = invariants::check(&hand, rules) {
                prop_assert!(false, "{} under {}: {}", line, rules.id, broken);
            }
        }
    }

    #[test]
    fn any_bytes_in_a_batch_never_stop_the_run(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        for format in [Format::Text, Format::Json, Format::Tsv] {
            let settings = Settings {
                rules: &rules::WSOM,
                format,
                options: Options { claim: None, all_readings: format != Format::Tsv },
                color: false,
            };
            let input = vec![Input { name: None, source: "bytes".into(), reader: Box::new(io::Cursor::new(bytes.clone())) }];
            let mut out = Vec::new();
            let summary = batch::run(input, &settings, &mut out).expect("writing to memory");
            prop_assert!(summary.exit_status() <= 2);
            prop_assert!(String::from_utf8(out).is_ok());
        }
    }
}
