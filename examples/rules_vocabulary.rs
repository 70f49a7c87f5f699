//! The proof that a rules file's vocabulary says what WSOM's own patterns say: each hand of
//! tests/data/rules/wsom-again.toml ("again-X") applies to exactly the readings WSOM's
//! pattern X applies to, over COUNT random winning hands (200,000 unless given) and every
//! WSOM pattern's own example; and on the same hands WSOM and Zung Jung written from nothing
//! (docs/examples/rules/wsom-as-data.toml, zj-as-data.toml) score every reading, and pay,
//! exactly as `--rules wsom` and `--rules zj` do. Prints how often each pattern applied;
//! exits 1 on the first reading where a pair differs, naming it.
//!
//! ```sh
//! cargo run --release --example rules_vocabulary -- 200000
//! ```

use mjscore::invariants::{applies, check_same_readings, check_scores_alike};
use mjscore::patterns::{Facts, Pattern};
use mjscore::rules::{WSOM, ZJ};

const AGAIN: &str = include_str!("../tests/data/rules/wsom-again.toml");
const WSOM_AS_DATA: &str = include_str!("../docs/examples/rules/wsom-as-data.toml");
const ZJ_AS_DATA: &str = include_str!("../docs/examples/rules/zj-as-data.toml");

fn main() {
    let count = match std::env::args().nth(1).map(|n| n.parse::<usize>()) {
        None => 200_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("usage: rules_vocabulary [COUNT]: {e}");
            std::process::exit(2);
        }
    };
    let again = mjscore::RuleSet::from_rules_file(AGAIN).expect("the vocabulary file checks");
    let pairs: Vec<(&Pattern, &Pattern)> = again
        .patterns()
        .iter()
        .filter_map(|copy| {
            let id = copy.id.strip_prefix("again-")?;
            Some((WSOM.pattern(id).expect("a WSOM pattern"), copy))
        })
        .collect();
    let wsom_as_data =
        mjscore::RuleSet::from_rules_file(WSOM_AS_DATA).expect("WSOM as data checks");
    let zj_as_data =
        mjscore::RuleSet::from_rules_file(ZJ_AS_DATA).expect("Zung Jung as data checks");
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
        for (built_in, as_data) in [(&WSOM, &wsom_as_data), (&ZJ, &zj_as_data)] {
            if let Err(e) = check_scores_alike(&hand, built_in, as_data) {
                eprintln!("{line}: written from nothing: {e}");
                std::process::exit(1);
            }
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
    println!(
        "WSOM and Zung Jung written from nothing: every reading of the {hands} hands scored, and every hand paid, as under wsom and zj"
    );
}
