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
pub mod batch;
pub mod claim;
pub mod corpus;
pub mod doubling;
pub mod hand;
pub mod invariants;
pub mod notation;
pub mod patterns;
pub mod payment;
pub mod render;
pub mod rules;
pub mod score;
pub mod tile;

use claim::{ClaimCheck, ClaimError};
use hand::{Hand, HandError, HandErrorKind};
use notation::{ClaimSpec, NotationError};
use payment::Payments;
use rules::RuleSet;
use score::{Outcome, Reading};

/// Why a line could not be scored at all (a false win is not an error: see [`Outcome`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error(transparent)]
    Hand(#[from] HandError),
    #[error("column {column}: {error}")]
    Claim { column: usize, error: ClaimError },
    /// A batch line that is not text the parser can read (not UTF-8, far too long).
    #[error("column {col}: {err}", col = .0.column(), err = .0)]
    Line(batch::LineError),
}

impl Error {
    /// 1-based column of the token at fault.
    pub fn column(&self) -> usize {
        match self {
            Error::Notation(e) => e.column,
            Error::Hand(e) => e.column,
            Error::Claim { column, .. } => *column,
            Error::Line(e) => e.column(),
        }
    }

    /// A stable name for scripts: `syntax`, `invalid_hand`, `context`, `claim` or `input`.
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Notation(_) => "syntax",
            Error::Hand(HandError {
                kind: HandErrorKind::Context(_),
                ..
            }) => "context",
            Error::Hand(_) => "invalid_hand",
            Error::Claim { .. } => "claim",
            Error::Line(_) => "input",
        }
    }

    /// The message without the column.
    pub fn message(&self) -> String {
        match self {
            Error::Notation(e) => e.kind.to_string(),
            Error::Hand(e) => e.kind.to_string(),
            Error::Claim { error, .. } => error.to_string(),
            Error::Line(e) => e.to_string(),
        }
    }
}

/// Reads one line of notation into a validated hand (a `claim=` on the line is ignored).
pub fn parse(line: &str) -> Result<Hand, Error> {
    let parsed = notation::parse_hand(line)?;
    Ok(hand::validate(&parsed)?)
}

/// A scored line: the input, the hand read from it, the outcome, and the claim's check if
/// the line (or `--claim`) made one.
#[derive(Debug, Clone)]
pub struct Scored {
    pub input: String,
    pub hand: Hand,
    pub outcome: Outcome,
    pub claim: Option<ClaimCheck>,
    /// Every reading, best first, when asked for (`--all`).
    pub readings: Option<Vec<Reading>>,
}

/// What to do with a line besides scoring it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options<'a> {
    /// A claim made outside the line (`--claim`).
    pub claim: Option<&'a ClaimSpec>,
    /// Keep every reading, not only the best (`--all`).
    pub all_readings: bool,
}

impl Scored {
    /// The payments actually made: on the claim when it is underscored, else on the true
    /// total. `None` for a false win.
    pub fn payments(&self) -> Option<&Payments> {
        match (&self.claim, &self.outcome) {
            (Some(check), _) => check.payments.as_ref(),
            (None, Outcome::Win { payments, .. }) => Some(payments),
            (None, Outcome::FalseWin(_)) => None,
        }
    }
}

/// Parses, validates and scores one line under `rules`, checking a `claim=` on the line.
pub fn score_line(line: &str, rules: &RuleSet) -> Result<Scored, Error> {
    score_line_with(line, rules, Options::default())
}

/// [`score_line`] with options. A line with a `claim=` scored with a `--claim` as well is
/// an error rather than a guess which one counts.
pub fn score_line_with(line: &str, rules: &RuleSet, options: Options) -> Result<Scored, Error> {
    let parsed = notation::parse_hand(line)?;
    let hand = hand::validate(&parsed)?;
    let spec = match (&parsed.claim, options.claim) {
        (Some(on_line), Some(_)) => {
            return Err(Error::Claim {
                column: on_line.column,
                error: ClaimError::GivenTwice,
            })
        }
        (Some(on_line), None) => Some((on_line.column, &on_line.value)),
        (None, Some(outside)) => Some((1, outside)),
        (None, None) => None,
    };
    let claim = spec
        .map(|(column, spec)| {
            claim::resolve(spec, rules).map_err(|error| Error::Claim { column, error })
        })
        .transpose()?;
    let all = score::readings(&hand, rules);
    let readings = options.all_readings.then(|| all.clone());
    let outcome = score::decide(&hand, rules, all);
    let claim = claim.map(|claim| claim::check(claim, &hand, &outcome, rules));
    Ok(Scored {
        input: line.to_string(),
        hand,
        outcome,
        claim,
        readings,
    })
}
