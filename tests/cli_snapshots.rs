//! Snapshots of whole command runs: each format, each claim verdict, each exit status,
//! `--all`, the summary and `explain`. A snapshot holds the command, its exit status,
//! stdout and stderr, so a reviewer reads exactly what a user would see. Each was read line
//! by line against the rules (tests/batch.rs and tests/claims.rs give the sums) before it
//! was accepted.

mod common;

use std::path::Path;

use common::{shell_words, Mjscore};

fn run(command: &str) -> String {
    let words = shell_words(command);
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let run = Mjscore::new(&args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .run();
    format!(
        "$ mjscore {command}\nexit status {}\n--- stdout\n{}--- stderr\n{}",
        run.code, run.stdout, run.stderr
    )
}

macro_rules! snapshot {
    ($name:ident, $command:expr) => {
        #[test]
        fn $name() {
            insta::with_settings!({
                snapshot_path => "../snapshots/cli",
                prepend_module_to_snapshot => false,
                omit_expression => true,
            }, {
                insta::assert_snapshot!(stringify!($name), run($command));
            });
        }
    };
}

// Claims on one hand (45: 3.1 + 4.1 + 4.2.1, South wins on East's discard).
snapshot!(
    claim_confirmed,
    "--claim 45 \"[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\""
);
snapshot!(
    claim_underscored_below_the_standard_value,
    "--claim 20 \"[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\""
);
snapshot!(
    claim_overclaimed_by_patterns,
    "--claim 4.1+4.2.2 \"[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\""
);
snapshot!(
    claim_on_a_false_win,
    "\"[c b123] [p w333] c456 d789 d2 +d2 from=s claim=5\""
);
snapshot!(
    claim_json,
    "--format json --claim 3.1+4.1+1.2 \"[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\""
);
snapshot!(
    claim_unknown_pattern,
    "--claim 1.2+9.9 \"[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\""
);

// Every reading, best first: pungs (135) over three identical sequences (130).
snapshot!(
    all_readings_text,
    "--all \"c222333444 b789 d5 +d5 self seat=w\""
);
snapshot!(
    all_readings_json,
    "--all --format json \"b345345 d789789 c5 +c5 self\""
);

// The mixed list of docs/examples/hands.txt in each format, with the summary.
snapshot!(batch_text, "-f docs/examples/hands.txt --summary");
snapshot!(
    batch_json,
    "-f docs/examples/hands.txt --format json --summary"
);
snapshot!(
    batch_tsv,
    "-f docs/examples/hands.txt --format tsv --summary"
);

// One hand in TSV: header and row.
snapshot!(
    single_tsv,
    "--format tsv \"b66 c12345678 d111 +c9 self seat=s\""
);

snapshot!(explain_value_honor, "explain 3.1");

// The doubling table: all pong with a dragon, self-drawn: 3 + 1 + 1 = 5, payout
// 2^5 = 32, everyone pays double.
snapshot!(
    doubling_self_drawn,
    "--rules doubling \"b111 c444 e222 d777 w3 +w3 self\""
);
// The ½-point chicken hand pays 1 (the discarder 2), in JSON.
snapshot!(
    doubling_chicken_json,
    "--rules doubling --format json \"b123 c456 d777 b999 c5 +c5 from=s\""
);
// A special hand with --max 8: Small 4 Winds scores 8 − 1 = 7 alone.
snapshot!(
    doubling_special_hand_with_max,
    "--rules doubling --max 8 \"w111 w222 w333 w4 b456 +w4 self\""
);
snapshot!(doubling_card, "--rules doubling patterns");

// The notation card, as `mjscore notation` prints it.
snapshot!(notation_card, "notation");
