//! mjscore scores mahjong hands: Zung Jung v3.3 and its World Series of Mahjong form, the
//! Lacobies' doubling table and Rui Xin Huang's table, each a module of [`systems`] on one
//! engine. The rules are stated in docs/rules.md, docs/rules-doubling.md and
//! docs/rules-huang.md.
//!
//! Data flows one way, one module per step, and no module imports one that imports it back:
//! text → [`notation`] (parsed tokens) → [`words`] and [`hand`] (validated hand + win
//! context) → [`arrange`] (every reading) → [`score`] with a [`system::RuleSet`] (its
//! [`patterns`], limit and [`payment`]s) → [`claim`] → [`render`] (text, JSON, TSV).
//! [`line`](mod@line) runs the steps for one line, [`batch`] for many, with a [`summary`]
//! and, when the lines seat players, a [`session`] sheet of their running totals.
//! The systems ([`systems`]) sit between the engine and the renderers: they fill in a
//! `RuleSet`, which is all the engine and the renderers see; [`rules`] lists them.
//!
//! ```
//! let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s", &mjscore::rules::WSOM).unwrap();
//! let mjscore::score::Outcome::Win { reading, .. } = &scored.outcome else { panic!() };
//! assert_eq!(reading.total, 45);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod arrange;
pub mod batch;
pub mod claim;
#[doc(hidden)] // test scaffolding: the corpus generator for benches and property tests
pub mod corpus;
pub mod hand;
#[doc(hidden)] // test scaffolding: the properties the exhaustive proof checks
pub mod invariants;
pub mod line;
pub mod notation;
pub mod patterns;
pub mod payment;
pub mod render;
pub mod rules;
pub mod score;
pub mod session;
pub mod sets;
pub mod small;
pub mod summary;
pub mod system;
pub mod systems;
pub mod tile;
pub mod waits;
pub mod words;

pub use line::{
    parse, parse_for, parse_holding, score_line, score_line_with, Error, Options, Scored,
};
