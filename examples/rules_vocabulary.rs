//! The proof that a rules file's vocabulary says what WSOM's own patterns say: each hand of
//! tests/data/rules/wsom-again.toml ("again-X") applies to exactly the readings WSOM's
//! pattern X applies to, over COUNT random winning hands (200,000 unless given) and every
//! WSOM pattern's own example. Prints how often each pattern applied; exits 1 on the first
//! reading where a pair differs, naming it.
//!
//! ```sh
//! cargo run --release --example rules_vocabulary -- 200000
//! ```

use mjscore::invariants::{applies, check_same_readings};
use mjscore::patterns::{Facts, Pattern};
use mjscore::rules::WSOM;

const AGAIN: &str = include_str!("../tests/data/rules/wsom-again.toml");

fn main() {
    let count = match std::env::args().nth(1).map(|n| n.parse::<usize>()) {
        None => 200_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("usage: rules_vocabulary [COUNT]: {e}");
            std::process::exit(2);
        }
    };
    let again = mjscore::rules_file::parse(AGAIN).expect("the vocabulary file checks");
    let pairs: Vec<(&Pattern, &Pattern)> = again
        .patterns()
        .iter()
        .filter_map(|copy| {
            let id = copy.id.strip_prefix("again-")?;
            Some((WSOM.pattern(id).expect("a WSOM pattern"), copy))
        })
        .collect();
    let mut applied = vec![0u64; pairs.len()];
    let examples = WSOM.patterns().iter().map(|p| p.example.to_string());
    let lines = examples.chain(mjscore::corpus::winning_hands(2026, count));
    let mut hands = 0u64;
    for line in lines {
        let Ok(hand) = mjscore::line::parse(&line) else {
            continue;
        };
        hands += 1;
        if let Err(e) = check_same_readings(&hand, &pairs) {
            eprintln!("{line}: {e}");
            std::process::exit(1);
        }
        for arrangement in &mjscore::arrange::arrangements(&hand) {
            let facts = Facts::new(&hand, arrangement);
            for (n, &(built_in, _)) in pairs.iter().enumerate() {
                applied[n] += u64::from(applies(built_in, &facts));
            }
        }
    }
    println!(
        "{} WSOM patterns written again, the same on every reading of {hands} hands:",
        pairs.len()
    );
    for ((built_in, _), n) in pairs.iter().zip(&applied) {
        println!(
            "  {:6} {:28} applied on {n} readings",
            built_in.id, built_in.name
        );
    }
}
