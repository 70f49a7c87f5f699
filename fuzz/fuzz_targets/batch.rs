//! Fuzz target: any bytes as a list of hands, scored in a session and analysed for waits,
//! on two threads and on one.
//!
//! The scoring batch reads the bytes after a `players:` line, so that every hand among them
//! is played at a table (running totals, the deal passing, re-seats and `draw` lines in the
//! bytes); the `waits` batch reads the bytes alone. Each runs line by line and read ahead on
//! two threads: the two outputs and exit statuses must be the same. The first byte picks
//! the rule set and the format (starting threads is slow under the sanitizer: one pair a
//! run keeps the fuzzer fast). A panic, a difference or output that would act on a terminal
//! is a crash. Run: `ASAN_OPTIONS=detect_leaks=0 cargo +nightly fuzz run batch
//! fuzz/corpus/batch fuzz/seeds -- -detect_leaks=0` (the threads' thread-locals may be freed
//! after LeakSanitizer looks, after an input or at exit, which it takes for leaks).

#![no_main]

use libfuzzer_sys::fuzz_target;
use mjscore::batch::{self, Control, Input, Settings};
use mjscore::render::Plain;
use mjscore::render::Format;
use mjscore::RuleSet;
use mjscore::Options;

const FORMATS: [Format; 3] = [Format::Text, Format::Json, Format::Tsv];

fuzz_target!(|data: &[u8]| {
    let pick = usize::from(data.first().copied().unwrap_or_default());
    let all = &mjscore::rules::ALL;
    let rules = all[pick % all.len()];
    let format = FORMATS[pick / all.len() % FORMATS.len()];
    let mut session = b"players: Ann Bob Cho Dee\n".to_vec();
    session.extend_from_slice(data);
    let [one, two] = [false, true].map(|threads| score(&session, rules, format, threads));
    assert!(
        one == two,
        "scoring under {}, {format:?}: {one:?}\n{two:?}",
        rules.id()
    );
    let [one, two] = [false, true].map(|threads| waits(data, rules, format, threads));
    assert!(
        one == two,
        "waits under {}, {format:?}: {one:?}\n{two:?}",
        rules.id()
    );
});

/// The list as one input, read line by line or read ahead (then worked out on two
/// threads).
fn input(list: &[u8], threads: bool) -> Input {
    Input {
        name: None,
        source: "fuzz".to_string(),
        reader: Box::new(std::io::Cursor::new(list.to_vec())),
        read_ahead: threads,
    }
}

fn control(threads: bool) -> Control<'static> {
    Control::jobs(if threads { 2 } else { 1 })
}

/// The scoring batch's output and exit status.
fn score(list: &[u8], rules: &'static RuleSet, format: Format, threads: bool) -> (String, u8) {
    let output = format.renderer(rules, &Plain, None);
    // Looked ahead for, as the command line does for TSV files: the rows then all carry
    // the session's columns, wherever it starts.
    let ahead = mjscore::batch::first_players(list).ok().flatten();
    let settings = Settings {
        rules,
        output: &*output,
        options: Options::default(),
        session_ahead: ahead.as_ref(),
    };
    let mut out = Vec::new();
    let summary = batch::run(
        vec![input(list, threads)],
        &settings,
        &control(threads),
        &mut out,
    )
    .expect("writing to memory cannot fail");
    let out = String::from_utf8(out).expect("the output is UTF-8");
    assert_printable(format, &out);
    if format == Format::Tsv {
        // Every row has the header's fields, a session's included.
        let fields = |row: &str| row.split('\t').count();
        let header = out.lines().next().map_or(0, fields);
        assert!(out.lines().all(|row| fields(row) == header), "uneven TSV rows: {out:?}");
    }
    (out, summary.exit_status())
}

/// The `waits` batch's output and exit status.
fn waits(list: &[u8], rules: &'static RuleSet, format: Format, threads: bool) -> (String, u8) {
    let output = format.renderer(rules, &Plain, None);
    let settings = Settings {
        rules,
        output: &*output,
        options: Options::default(),
        session_ahead: None,
    };
    let mut out = Vec::new();
    let (status, written) = batch::run_waits(
        vec![input(list, threads)],
        &settings,
        &control(threads),
        &mut out,
    );
    written.expect("writing to memory cannot fail");
    let out = String::from_utf8(out).expect("the output is UTF-8");
    assert_printable(format, &out);
    (out, status)
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
