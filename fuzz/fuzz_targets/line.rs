//! Fuzz target: any bytes, as one line under every rule set and as a batch input.
//!
//! Checks that the notation's plain reading, if it takes the bytes (when UTF-8), reads
//! them as the parser of every case does. Scores the bytes under each rule set, renders
//! the result in every format, checks `mjscore::invariants` on every hand that validates,
//! analyses them as a hand before its win (`mjscore waits`) and renders that in every
//! format, and runs the batch over the raw bytes in every format. A panic, a broken
//! invariant or output that would act on a terminal is a crash. Run: `cargo +nightly fuzz
//! run line fuzz/corpus/line fuzz/seeds`. The target `batch` runs lists of lines:
//! sessions, and two threads against one.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mjscore::batch::{self, Input, Settings};
use mjscore::render::Plain;
use mjscore::render::{Format, Location};
use mjscore::Options;

const FORMATS: [Format; 3] = [Format::Text, Format::Json, Format::Tsv];

fuzz_target!(|data: &[u8]| {
    if let Ok(line) = std::str::from_utf8(data) {
        if let Err(difference) = mjscore::invariants::check_plain_reading(line) {
            panic!("{difference}");
        }
    }
    for &rules in mjscore::rules::ALL.iter() {
        if let Ok(line) = std::str::from_utf8(data) {
            let result = mjscore::score_line(line, rules);
            let at = Location {
                file: Some("fuzz"),
                line: 1,
            };
            for format in FORMATS {
                let output = format.renderer(rules, &Plain, None);
                let mut rendered = String::new();
                match &result {
                    Ok(scored) => output.scored(&mut rendered, scored, Some(&at)),
                    Err(error) => output.error(&mut rendered, line, error, Some(&at)),
                }
                assert_printable(format, &rendered);
            }
            if let Ok(hand) = mjscore::line::parse_for(line, rules) {
                if let Err(broken) = mjscore::invariants::check(&hand, rules) {
                    panic!("{broken} under {} for {line:?}", rules.id());
                }
            }
            let analysis = mjscore::line::analyse_line(line, rules);
            for format in FORMATS {
                let output = format.renderer(rules, &Plain, None);
                let mut rendered = String::new();
                match &analysis {
                    Ok(analysis) => output.waits(&mut rendered, line, analysis, Some(&at)),
                    Err(error) => output.waits_error(&mut rendered, line, error, Some(&at)),
                }
                assert_printable(format, &rendered);
            }
        }
        for format in FORMATS {
            // Line by line only: the target `batch` compares the threads with it.
            let input = Input {
                name: Some("fuzz".to_string()),
                source: "fuzz".to_string(),
                reader: Box::new(std::io::Cursor::new(data.to_vec())),
                read_ahead: false,
            };
            let mut out = Vec::new();
            let output = format.renderer(rules, &Plain, None);
            let summary = batch::run(
                vec![input],
                &settings(rules, &*output),
                &batch::Control::jobs(1),
                &mut out,
            )
            .expect("writing to memory cannot fail");
            assert!(summary.exit_status() <= 2);
            let out = String::from_utf8(out).expect("the output is UTF-8");
            assert_printable(format, &out);
        }
    }
});

fn settings<'r>(
    rules: &'r mjscore::RuleSet,
    output: &'r dyn mjscore::render::Renderer,
) -> Settings<'r> {
    Settings {
        rules,
        output,
        options: Options::default(),
        session_ahead: None,
    }
}

/// Without colour, text and TSV hold no control character but line breaks (and TSV's tabs);
/// JSON escapes every one below U+0020.
fn assert_printable(format: Format, out: &str) {
    let allowed = |c: char| c == '\n' || (c == '\t' && format == Format::Tsv);
    let limit = |c: char| match format {
        Format::Json => c < ' ',
        Format::Text | Format::Tsv => c.is_control(),
    };
    if let Some(c) = out.chars().find(|&c| limit(c) && !allowed(c)) {
        panic!("{format:?} output holds U+{:04X}: {out:?}", c as u32);
    }
}
