//! Fuzz target: any bytes as a rules file (docs/rules-files.md), read as the command line
//! reads one (bytes that are not UTF-8 with U+FFFD in their place, as the page reads them).
//!
//! A file gives an error at a line and column of its text, or a rule set; under a rule set
//! the card, `rules show`, each new hand explained and a few hands scored are rendered in
//! every format, with the scoring invariants kept (`mjscore::invariants::check_rules_file`).
//! A panic, a broken invariant, or text that would act on a terminal is a crash. The seeds
//! are rules files, the shipped ones among them (fuzz/rules-seeds). Run: `cargo +nightly
//! fuzz run rules fuzz/corpus/rules fuzz/rules-seeds`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Err(broken) = mjscore::invariants::check_rules_file(&text) {
        panic!("{broken}\nfor {text:?}");
    }
});
