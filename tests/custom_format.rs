//! An output format made up here, in the tests, and run through the batch, a session and
//! the waits analysis: adding a format needs no edit to the engine, the batch or the other
//! formats (as tests/custom_system.rs proves for a rule set).
//!
//! "Brief" writes one short line a result: `3: 45 = 1.2+7.1; e-45 s135 w-45 n-45` for a
//! scored hand, `3: error at 7` for a line that is not a hand, `3: waits b4 b7` for a hand
//! before its win; a session adds ` | Ann -45 Bob 135 …`; its header is `brief`.

use std::fmt::Write;
use std::io;

use mjscore::batch::{self, Control, Input, Settings};
use mjscore::render::{Columns, Location, Renderer};
use mjscore::Summary;
use mjscore::{rules, Analysis, Error, Options, Outcome, Scored, Seat};
use mjscore::{Entry, Played};

struct Brief;

fn place(at: Option<&Location>) -> String {
    at.map_or_else(|| "-".to_string(), |at| at.line.to_string())
}

impl Renderer for Brief {
    fn header(&self, columns: Columns) -> Option<String> {
        Some(match columns {
            Columns::Hands {
                session: Some(players),
            } => format!("brief, with players {}\n", players.join(" ")),
            Columns::Hands { session: None } => "brief\n".to_string(),
            Columns::Waits { .. } => "brief waits\n".to_string(),
        })
    }

    fn scored(&self, out: &mut String, scored: &Scored, at: Option<&Location>) {
        let _ = write!(out, "{}: ", place(at));
        match &scored.outcome {
            Outcome::Win {
                reading, payments, ..
            } => {
                let ids: Vec<&str> = reading
                    .counted()
                    .iter()
                    .map(|c| c.pattern.id.as_ref())
                    .collect();
                let _ = write!(out, "{} = {};", reading.total, ids.join("+"));
                for seat in Seat::ALL {
                    let _ = write!(out, " {}{}", seat.letter(), payments.of(seat));
                }
            }
            Outcome::FalseWin(_) => out.push_str("false win"),
        }
    }

    fn error(&self, out: &mut String, _input: &str, error: &Error, at: Option<&Location>) {
        let _ = write!(out, "{}: error at {}", place(at), error.column());
    }

    fn input_failure(&self, out: &mut String, _message: &str, file: Option<&str>, _: Columns) {
        let _ = write!(out, "unreadable {}", file.unwrap_or("input"));
    }

    fn seated(&self, out: &mut String, players: [&str; 4], _at: &Location) {
        let _ = write!(out, "seated {}", players.join(" "));
    }

    fn drawn(&self, out: &mut String, _input: &str, at: &Location) {
        let _ = write!(out, "{}: draw", at.line);
    }

    fn session(&self, out: &mut String, entry: &Entry, _played: &Played) {
        out.push_str(" |");
        for (name, total) in &entry.running {
            let _ = write!(out, " {name} {total}");
        }
    }

    fn waits(&self, out: &mut String, _input: &str, analysis: &Analysis, at: Option<&Location>) {
        let _ = write!(out, "{}: waits", place(at));
        if let Analysis::Waits(waits) = analysis {
            for wait in &waits.waits {
                let _ = write!(out, " {}", wait.tile);
            }
        }
    }

    fn waits_error(&self, out: &mut String, _input: &str, error: &Error, at: Option<&Location>) {
        let _ = write!(out, "{}: error at {}", place(at), error.column());
    }

    fn summary(&self, summary: &Summary) -> Option<String> {
        Some(format!(
            "{} scored, {} errors",
            summary.scored, summary.errors
        ))
    }
}

fn input(text: &str) -> Vec<Input> {
    vec![Input {
        name: None,
        source: "standard input".to_string(),
        reader: Box::new(io::Cursor::new(text.as_bytes().to_vec())),
        read_ahead: false,
    }]
}

#[test]
fn a_made_up_format_through_the_batch_and_a_session() {
    // Under WSOM:
    // - b66 c12345678 d111 +c9 self seat=s: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight
    //   40 = 45, self-drawn by South: each other seat pays 45, South receives 135.
    // - b1 +b2: 2 tiles, an error at column 1.
    // - [p d333] [p b444] d888 e333 w4 +w4 seat=s from=e: 4.1 All Triplets 30 + 3.1 Value
    //   Honor 10 + 4.2.1 Two Concealed Triplets 5 = 45 on East's discard: East pays
    //   3 × 45 − 50 = 85, West and North 25, South receives 135.
    let settings = Settings {
        rules: &rules::WSOM,
        output: &Brief,
        options: Options::default(),
        session_ahead: None,
    };
    let mut out = Vec::new();
    let lines = "b66 c12345678 d111 +c9 self seat=s\nb1 +b2\n\
                 [p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\n";
    let summary = batch::run(input(lines), &settings, &Control::jobs(1), &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "brief\n\
         1: 45 = 1.2+7.1; e-45 s135 w-45 n-45\n\
         2: error at 1\n\
         3: 45 = 3.1+4.1+4.2.1; e-85 s135 w-25 n-25\n"
    );
    assert_eq!(Brief.summary(&summary).unwrap(), "2 scored, 1 errors");

    // A session from the first line: the header names it, each hand carries the running
    // totals. Ann is East and Bob South in the first hand; the deal then passes (WSOM), so
    // in the second Bob is East, Cho South: Cho wins 45 on Bob's discard (Bob pays 85, Dee
    // and Ann 25 each), after Bob's 135 and the others' −45.
    let session = "players: Ann Bob Cho Dee\n\
                   b66 c12345678 d111 +c9 self seat=s\n\
                   [p d333] [p b444] d888 e333 w4 +w4 seat=s from=e\n\
                   draw\n";
    let mut out = Vec::new();
    batch::run(input(session), &settings, &Control::jobs(1), &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "brief, with players Ann Bob Cho Dee\n\
         seated Ann Bob Cho Dee\n\
         2: 45 = 1.2+7.1; e-45 s135 w-45 n-45 | Ann -45 Bob 135 Cho -45 Dee -45\n\
         3: 45 = 3.1+4.1+4.2.1; e-85 s135 w-25 n-25 | Ann -70 Bob 50 Cho 90 Dee -70\n\
         4: draw | Ann -70 Bob 50 Cho 90 Dee -70\n"
    );
}

#[test]
fn a_made_up_format_through_the_waits_analysis() {
    // b123 c456 d789 w11 b5 b6 waits on b4 and b7; b123 w5 is no hand: w5 at column 6.
    let settings = Settings {
        rules: &rules::WSOM,
        output: &Brief,
        options: Options::default(),
        session_ahead: None,
    };
    let mut out = Vec::new();
    let (status, written) = batch::run_waits(
        input("b123 c456 d789 w11 b5 b6\nb123 w5\n"),
        &settings,
        &Control::jobs(1),
        &mut out,
    );
    written.unwrap();
    assert_eq!(status, 2);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "brief waits\n1: waits b4 b7\n2: error at 6\n"
    );
}
