//! mjscore scores mahjong hands under Zung Jung v3.3 and its World Series of Mahjong form.
//!
//! Data flows one way, one module per step:
//! text → [`notation`] (parsed tokens) → [`hand`] (validated hand + win context)
//! → [`arrange`] (every reading) → [`score`] with a [`rules::RuleSet`] and its [`patterns`]
//! and [`payment`] → [`render`] (text or JSON).
//!
//! ```
//! let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s", &mjscore::rules::WSOM).unwrap();
//! let mjscore::score::Outcome::Win { reading, .. } = &scored.outcome else { panic!() };
//! assert_eq!(reading.total, 45);
//! ```

pub mod arrange;
pub mod hand;
pub mod notation;
pub mod patterns;
pub mod payment;
pub mod render;
pub mod rules;
pub mod score;
pub mod tile;

use hand::{Hand, HandError, HandErrorKind};
use notation::NotationError;
use rules::RuleSet;
use score::Outcome;

/// Why a line could not be scored at all (a false win is not an error: see [`Outcome`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error(transparent)]
    Hand(#[from] HandError),
}

impl Error {
    /// 1-based column of the token at fault.
    pub fn column(&self) -> usize {
        match self {
            Error::Notation(e) => e.column,
            Error::Hand(e) => e.column,
        }
    }

    /// A stable name for scripts: `syntax`, `invalid_hand` or `context`.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Notation(_) => "syntax",
            Error::Hand(HandError {
                kind: HandErrorKind::Context(_),
                ..
            }) => "context",
            Error::Hand(_) => "invalid_hand",
        }
    }

    /// The message without the column.
    pub fn message(&self) -> String {
        match self {
            Error::Notation(e) => e.kind.to_string(),
            Error::Hand(e) => e.kind.to_string(),
        }
    }
}

/// Reads one line of notation into a validated hand.
pub fn parse(line: &str) -> Result<Hand, Error> {
    let parsed = notation::parse_hand(line)?;
    Ok(hand::validate(&parsed)?)
}

/// A scored line: the input, the hand read from it, and the outcome.
#[derive(Debug, Clone)]
pub struct Scored {
    pub input: String,
    pub hand: Hand,
    pub outcome: Outcome,
}

/// Parses, validates and scores one line under `rules`.
pub fn score_line(line: &str, rules: &RuleSet) -> Result<Scored, Error> {
    let hand = parse(line)?;
    let outcome = score::score(&hand, rules);
    Ok(Scored {
        input: line.to_string(),
        hand,
        outcome,
    })
}
