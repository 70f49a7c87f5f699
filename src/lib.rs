//! mjscore scores mahjong hands: Zung Jung v3.3 and its World Series of Mahjong form
//! (WSOM), the Lacobies' doubling table and Rui Xin Huang's table, each a rule set on one
//! engine. It reads a hand in a compact notation (`b123 c456 [p d111] w44 b78 +b9 seat=s
//! from=e`, see docs/notation.md) or from tiles, finds every way the tiles can be read,
//! scores each under the chosen rule set, and says which patterns count, the total, the
//! limit applied and what every seat pays. The rules it applies are stated in docs/rules.md,
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
//! # The API
//!
//! | to | use |
//! |---|---|
//! | score a line of notation | [`score_line`], [`score_line_with`] ([`Options`]: a claim, every reading) → [`Scored`], or an [`Error`] |
//! | score a hand held as tiles | [`HandTiles`] with a typed [`Context`] → [`Hand`] → [`score_hand`] → [`Outcome`]; a line's hand gives its context typed ([`Hand::context`]) |
//! | read what was scored | [`Reading`] (its [`Arrangement`], each [`CountedPattern`], the [`Limit`]), [`Payments`], a claim's [`ClaimCheck`] |
//! | a hand before its win | [`analyse_line`] → [`Analysis`]: its [`Waits`], or the [`Discards`] that keep it calling |
//! | many lines, a session | [`batch::run`] and [`batch::run_waits`]: every core, a [`Summary`], a session's [`Sheet`] |
//! | render | a [`render::Format`]'s [`render::Renderer`] (text, JSON Lines, TSV), or one of your own |
//! | rule sets | [`rules`] (the four), [`RuleSet::derive`] (a variant made at run time), [`RuleSet::from_rules_file`] (a club's TOML) |
//!
//! # How it is built
//!
//! Data flows one way, one step per module, and no module imports one that imports it back:
//! text → notation (parsed tokens) → words and hand (a validated hand and the context of
//! its win; a hand from tiles joins here) → arrangements (every reading) → scoring with a
//! rule set (its patterns, limit and payments) → the claim → rendering. The modules are the
//! crate's own; what a caller needs is re-exported here and in [`batch`], [`render`],
//! [`rules`] and [`rules_file`].
//!
//! # Features
//!
//! - `cli` (default): the `mjscore` program and what only it needs (argument parsing, the
//!   man page, completions). `default-features = false` leaves the library alone, which
//!   builds for `wasm32-unknown-unknown` too.
//! - `serde`: `record::Record`, a line's result as `mjscore --format json` writes it,
//!   `serde::Serialize` and `serde::Deserialize`.
//! - `testing`: the generator of random winning hands and the scoring invariants the tests,
//!   the benches and the exhaustive proof use; it also makes the engine's modules public
//!   (hidden from these docs), for tests that check the steps one by one.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// A type a public item reaches must be one of the names re-exported below, so that the
// docs show it.
#![warn(unnameable_types)]

/// Declares the engine's modules. They are the crate's own: a caller reaches what it needs
/// through the names re-exported below. With the `testing` feature (the tests, benches and
/// proofs, which check the steps one by one) they are public too, and hidden from the docs.
macro_rules! engine_modules {
    ($($name:ident),* $(,)?) => {$(
        #[cfg(feature = "testing")]
        #[doc(hidden)]
        pub mod $name;
        #[cfg(not(feature = "testing"))]
        pub(crate) mod $name;
    )*};
}

engine_modules!(
    analysis, arrange, build, claim, context, error, format, hand, keeper, line, lines, notation,
    output, patterns, payment, rule_set, score, session, sets, small, style, summary, tile,
    validate, waits, words,
);
mod ascii;
#[cfg(feature = "testing")]
pub mod corpus;
mod digits;
pub mod event;
#[cfg(feature = "testing")]
pub mod invariants;

pub mod batch {
    //! Many lines, in order: one hand per line from any number of inputs, worked out on
    //! every core and written in input order as they are done, with a [`Summary`] of the
    //! run and, when the lines seat players, a session's running totals. Memory stays
    //! flat however long the input, a bad line or an input that cannot be read is
    //! reported in place and the run goes on, and a run is stopped from outside only
    //! between lines ([`Control`]). [`run_waits`] does the same for the `waits` analysis.
    //!
    //! [`Summary`]: crate::Summary

    pub use crate::lines::waits::run as run_waits;
    pub use crate::lines::{run, Control, FewerThreads, Input, Settings, Stopped};
    // What only the command line asks before a run: the rules and players a list states at
    // its top, read ahead in its files.
    #[cfg(feature = "cli")]
    pub use crate::lines::{first_players, first_rules, StatedRules};
}
pub mod render {
    //! Rendering what the engine gives (scored hands, errors, waits, a session's steps, a run's
    //! summary) in an output format. A format is a [`Renderer`]: [`Text`] for people, coloured
    //! by role through a [`Paint`]; [`Json`] (JSON Lines) and [`Tsv`] for scripts. [`Format`]
    //! names them, makes their renderers and writes the reference cards. A format of one's own
    //! implements [`Renderer::scored`] alone: every other method has a default in plain words.

    pub use crate::format::Format;
    pub use crate::output::json::Json;
    pub use crate::output::text::Text;
    pub use crate::output::tsv::Tsv;
    // What the program shows of a text its user gave (an argument, a message quoting one).
    #[cfg(feature = "cli")]
    pub use crate::output::printable;
    pub use crate::output::{Columns, Location, Renderer};
    pub use crate::style::{Ansi, Paint, Plain, Role};
}
#[cfg(feature = "serde")]
pub mod record;
pub mod rules;
pub mod rules_file;

// Scoring a line of notation, and analysing one before its win.
pub use error::{Error, ErrorKind};
pub use line::{analyse_line, score_hand, score_line, score_line_with, Options, Scored};

// A hand from tiles and a typed context, without notation.
pub use build::HandTiles;
pub use context::{Context, Responsible, RuleOption, Tin, WonBy};
pub use hand::{Hand, Meld};
pub use sets::{MeldKind, Set, SetKind};
pub use tile::{NotATile, Seat, Suit, Tile};

// What a scored hand is: its best reading, the patterns counted, the payments, the claim.
pub use arrange::{Arrangement, Placement, Shape, Shapes, SpecialShape};
pub use claim::{Claim, ClaimCheck, ClaimVerdict};
pub use notation::ClaimSpec;
pub use payment::Payments;
pub use score::{CountedPattern, Decision, FalseWin, Limit, Outcome, PaidOn, Reading};

// A hand before its win: its waits, or the discards that keep it calling.
pub use analysis::{Analysis, Discard, Discards, Wait, WaitValue, Waits};

// Rule sets: what one is, its patterns, and one derived from another.
pub use patterns::{Condition, Facts, Instances, Pattern, Requirements, Situation, Value};
pub use rule_set::derive::ChangeError;
pub use rule_set::{PatternNotFound, RuleSet};

// Sessions: an evening's players and their running totals.
pub use keeper::{Recorded, Session};
pub use session::{Entry, Played, Sheet, Standing};
pub use summary::Summary;

/// The README's Rust examples, compiled and run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
