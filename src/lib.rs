//! mjscore scores mahjong hands: Zung Jung v3.3 and its World Series of Mahjong form
//! (WSOM), the Lacobies' doubling table and Rui Xin Huang's table, each a rule set on one
//! engine. It reads a
//! hand in a compact notation (`b123 c456 [p d111] w44 b78 +b9 seat=s from=e`, see
//! docs/notation.md) or from tiles, finds every way the tiles can be read, scores each
//! under the chosen rule set, and says which patterns count, the total, the limit applied
//! and what every seat pays. The rules it applies are stated in docs/rules.md,
//! docs/rules-doubling.md and docs/rules-huang.md.
//!
//! # Start here
//!
//! Score a line of notation with [`score_line`], under one of the program's rule sets
//! ([`rules::WSOM`], [`rules::ZJ`], [`rules::DOUBLING`], [`rules::HUANG`]):
//!
//! ```
//! use mjscore::{rules, score_line, Outcome, Seat};
//! let scored = score_line("b66 c12345678 d111 +c9 self seat=s", &rules::WSOM).unwrap();
//! let Outcome::Win { reading, payments, .. } = &scored.outcome else { panic!("a win") };
//! // 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40; self-drawn: each other seat pays 45.
//! assert_eq!(reading.total, 45);
//! assert_eq!(payments.of(Seat::East), -45);
//! assert_eq!(payments.of(Seat::South), 135);
//! ```
//!
//! - A hand held as tiles: [`HandTiles`] builds it without notation, [`score_hand`] scores
//!   it.
//! - A hand before its win: [`analyse_line`] lists its waits (13 tiles) or the discards that
//!   keep it calling (14), each wait valued.
//! - Many lines, in order, on every core, with a summary and a session's running totals:
//!   [`batch::run`]; the same for waits: [`batch::waits::run`].
//! - Output: [`render`] writes what the command line writes, as text, JSON Lines or TSV.
//! - A rule set of your own: [`RuleSet::new`] and the pattern table of [`patterns`];
//!   tests/custom_system.rs builds one.
//!
//! # How the modules fit
//!
//! Data flows one way, one module per step, and no module imports one that imports it back:
//! text → [`notation`] (parsed tokens) → [`words`] and [`hand`] (validated hand + win
//! context; [`build`] makes the same from tiles) → [`arrange`] (every reading) → [`score`]
//! with a [`RuleSet`] (its [`patterns`], limit and [`payment`]s) → [`claim`] → [`render`]
//! (text, JSON, TSV). [`line`](mod@line) runs the steps for one line, [`batch`] for many,
//! with a [`summary`] and, when the lines seat players, a [`session`] sheet of their running
//! totals. [`waits`] analyses a hand before its win. What a rule set is lives in
//! [`rule_set`]; the program's four, and the registry of them, in [`rules`].
//!
//! # Features
//!
//! - `cli` (default): the `mjscore` program and what only it needs (argument parsing, the
//!   man page, completions). `default-features = false` leaves the library alone, which
//!   builds for `wasm32-unknown-unknown` too.
//! - `testing`: the generator of random winning hands and the scoring invariants the tests,
//!   the benches and the exhaustive proof use.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod arrange;
mod ascii;
pub mod batch;
pub mod build;
pub mod claim;
pub mod context;
#[cfg(any(test, feature = "testing"))]
pub mod corpus;
mod digits;
pub mod hand;
#[cfg(any(test, feature = "testing"))]
pub mod invariants;
pub mod line;
pub mod notation;
pub mod patterns;
pub mod payment;
pub mod render;
pub mod rule_set;
pub mod rules;
pub mod rules_file;
pub mod score;
pub mod session;
pub mod sets;
pub mod small;
pub mod summary;
pub mod tile;
pub mod waits;
pub mod words;

pub use analysis::Analysis;
pub use build::HandTiles;
pub use hand::{Hand, WinContext};
pub use line::{
    analyse_line, analyse_line_with, parse, parse_for, parse_holding, score_line, score_line_with,
    Error, Options, Scored,
};
pub use notation::Word;
pub use payment::Payments;
pub use rule_set::RuleSet;
pub use score::{score as score_hand, FalseWin, Outcome, Reading};
pub use sets::MeldKind;
pub use tile::{Seat, Suit, Tile};

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
