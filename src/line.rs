//! One line of input, start to end: read the notation, read the system's words, validate
//! the hand, score it, check its claim. This is the library's main entry point
//! ([`score_line`]); the batch and the binary call it line by line. [`analyse_line`] does the
//! same for the `waits` analysis.

use crate::analysis::{self, Analysis};
use crate::arrange;
use crate::claim::{self, Claim, ClaimCheck, ClaimError};
use crate::hand::{self, Hand, HandError, HandErrorKind, Holding};
use crate::notation::Spanned;
use crate::notation::{self, ClaimSpec, NamedWord, NotationError, NotationErrorKind, ParsedHand};
use crate::payment::Payments;
use crate::rule_set::RuleSet;
use crate::rules;
use crate::score::{self, Outcome, PaidOn, Reading};
use crate::words::{self, WordError};
use std::fmt;

/// The longest line read as a hand. A real hand line is under 100 bytes; the limit leaves
/// room for a long comment after the hand while keeping memory bounded on hostile input.
/// Comment and blank lines are skipped whatever their length.
pub const MAX_LINE: usize = 64 * 1024;

/// Why a line could not even be handed to the parser.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) enum LineError {
    /// Bytes that are not UTF-8.
    #[error("the line is not valid UTF-8: save the file as UTF-8 (hands need only ASCII)")]
    NotUtf8 {
        /// The column of the first character that could not be read.
        column: usize,
    },
    /// A line over [`MAX_LINE`] bytes.
    #[error("the line is longer than {MAX_LINE} bytes; a hand is one short line")]
    TooLong,
}

impl LineError {
    /// 1-based column of the first character that could not be read.
    pub fn column(&self) -> usize {
        match self {
            LineError::NotUtf8 { column } => *column,
            LineError::TooLong => 1,
        }
    }
}

/// Why a line could not be scored at all (a false win is not an error: see [`Outcome`]): the
/// column at fault, a kind for scripts, and a message that says what was expected there.
///
/// ```
/// let error = mjscore::score_line("b123 c456 d789 w11 b5 b6", &mjscore::rules::WSOM).unwrap_err();
/// assert_eq!((error.column(), error.kind()), (25, "syntax"));
/// assert_eq!(error.to_string(), format!("column 25: {}", error.message()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Failure>);

impl Error {
    /// 1-based column of the token at fault (for a hand from tiles, the item's place).
    pub fn column(&self) -> usize {
        self.0.column()
    }

    /// A stable name for scripts: `syntax`, `invalid_hand`, `context`, `claim`, `input` or
    /// `session`.
    pub fn kind(&self) -> &'static str {
        self.0.kind()
    }

    /// The message without the column.
    pub fn message(&self) -> String {
        self.0.message()
    }

    /// The step's own error, for the crate's renderers and tests.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn failure(&self) -> &Failure {
        &self.0
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl<T: Into<Failure>> From<T> for Error {
    fn from(failure: T) -> Error {
        Error(Box::new(failure.into()))
    }
}

/// What [`Error`] holds: each step's own error, kept as that step made it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "testing", visibility::make(pub))]
pub(crate) enum Failure {
    /// The text is not notation.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The notation is no possible hand, or its context words contradict each other.
    #[error(transparent)]
    Hand(#[from] HandError),
    /// The claim cannot be read against the rule set.
    #[error("column {column}: {error}")]
    Claim {
        /// The column of the claim (1 for `--claim`).
        column: usize,
        /// What is wrong with it.
        error: ClaimError,
    },
    /// A batch line that is not text the parser can read (not UTF-8, far too long).
    #[error("column {col}: {err}", col = .0.column(), err = .0)]
    Line(#[from] LineError),
    /// A session line (`players:`, `draw`) that cannot be read (the batch's sessions say
    /// what is wrong).
    #[error("column {column}: {message}")]
    Session {
        /// The column at fault.
        column: usize,
        /// What is wrong, in words.
        message: String,
    },
    /// An error in a hand whose players' names were read as seats, told with the words as
    /// the user wrote them (`from=ann`, not the `from=e` it was read as).
    #[error("column {}: {message}", .error.column())]
    AsWritten {
        /// The error of the line as read.
        error: Box<Failure>,
        /// Its message, naming the words as written.
        message: String,
    },
}

impl Failure {
    /// 1-based column of the token at fault.
    fn column(&self) -> usize {
        match self {
            Failure::Notation(e) => e.column,
            Failure::Hand(e) => e.column,
            Failure::Claim { column, .. } => *column,
            Failure::Line(e) => e.column(),
            Failure::Session { column, .. } => *column,
            Failure::AsWritten { error, .. } => error.column(),
        }
    }

    /// A stable name for scripts: `syntax`, `invalid_hand`, `context`, `claim`, `input` or
    /// `session`.
    fn kind(&self) -> &'static str {
        match self {
            Failure::Notation(_) => "syntax",
            Failure::Hand(HandError {
                kind: HandErrorKind::Context(_) | HandErrorKind::WordOfAnotherSystem { .. },
                ..
            }) => "context",
            Failure::Hand(_) => "invalid_hand",
            Failure::Claim { .. } => "claim",
            Failure::Line(_) => "input",
            Failure::Session { .. } => "session",
            Failure::AsWritten { error, .. } => error.kind(),
        }
    }

    /// The message without the column.
    fn message(&self) -> String {
        match self {
            Failure::Notation(e) => e.kind.to_string(),
            Failure::Hand(e) => e.kind.to_string(),
            Failure::Claim { error, .. } => error.to_string(),
            Failure::Line(e) => e.to_string(),
            Failure::Session { message, .. } => message.clone(),
            Failure::AsWritten { message, .. } => message.clone(),
        }
    }
}

/// A claim written on its own (`--claim 45`, `--claim 1.2+7.1`): points, or patterns by id
/// or name joined by `+`. An error's column is 1.
impl std::str::FromStr for ClaimSpec {
    type Err = Error;

    fn from_str(value: &str) -> Result<ClaimSpec, Error> {
        notation::parse_claim(value).map_err(|kind| NotationError { column: 1, kind }.into())
    }
}

impl ClaimSpec {
    /// The claim read against `rules`: each pattern's id or name looked up, and the value it
    /// claims. An unknown pattern is an error (its column is 1).
    ///
    /// ```
    /// use mjscore::ClaimSpec;
    /// let spec: ClaimSpec = "1.2+nine-tile-straight".parse().unwrap();
    /// assert_eq!(spec.resolve(&mjscore::rules::WSOM).unwrap().value, 45);
    /// assert_eq!(spec.resolve(&mjscore::rules::HUANG).unwrap_err().kind(), "claim");
    /// ```
    pub fn resolve<'r>(&self, rules: &'r RuleSet) -> Result<Claim<'r>, Error> {
        claim::resolve(self, rules).map_err(|error| Failure::Claim { column: 1, error }.into())
    }
}

/// Reads one line of notation into a validated hand under the default rule set, WSOM (a
/// `claim=` on the line is ignored).
#[cfg(any(test, feature = "testing"))]
pub fn parse(line: &str) -> Result<Hand, Error> {
    parse_for(line, rules::DEFAULT)
}

/// Reads one line of notation into a validated hand, with the context words of `rules`.
#[cfg(any(test, feature = "testing"))]
pub fn parse_for(line: &str, rules: &RuleSet) -> Result<Hand, Error> {
    let parsed = notation::parse_line(line)?;
    validate(&parsed, rules, &rules::ALL)
}

/// Reads one line of notation, its `+TILE` optional, into a hand before its win (13 or 14
/// tiles) with the context words of `rules`: the `waits` analysis's input.
#[cfg(any(test, feature = "testing"))]
pub fn parse_holding(line: &str, rules: &RuleSet) -> Result<Holding, Error> {
    parse_holding_among(line, rules, &rules::ALL)
}

/// [`parse_holding`], a word of another rule set looked up among `systems`.
fn parse_holding_among(
    line: &str,
    rules: &RuleSet,
    systems: &[&RuleSet],
) -> Result<Holding, Error> {
    let parsed = notation::parse_holding(line)?;
    let system_words = system_words(&parsed.named, parsed.claim.as_ref(), rules, systems)?;
    Ok(hand::validate_holding(&parsed, system_words)?)
}

/// Reads one line as a hand before its win and analyses it under `rules`: its waits (13
/// tiles) or its discards (14). The `waits` command's step for one line.
pub fn analyse_line<'r>(line: &str, rules: &'r RuleSet) -> Result<Analysis<'r>, Error> {
    analyse_line_with(line, rules, Options::default())
}

/// [`analyse_line`] with the rule sets of `options` on offer (a claim and `--all` mean
/// nothing to the analysis).
pub fn analyse_line_with<'r>(
    line: &str,
    rules: &'r RuleSet,
    options: Options,
) -> Result<Analysis<'r>, Error> {
    if line.len() > MAX_LINE {
        return Err(LineError::TooLong.into());
    }
    let holding = parse_holding_among(line, rules, options.systems)?;
    Ok(analysis::analyse(&holding, rules))
}

/// The parsed line as a hand under `rules`: the system's words read (another's looked up
/// among `systems`), then the hand checked.
pub(crate) fn validate(
    parsed: &ParsedHand,
    rules: &RuleSet,
    systems: &[&RuleSet],
) -> Result<Hand, Error> {
    let system_words = system_words(&parsed.named, parsed.claim.as_ref(), rules, systems)?;
    let hand = if rules
        .declared
        .is_some_and(|declared| declared(&system_words))
    {
        hand::validate_declared(parsed, system_words)?
    } else {
        // After the words: an unknown word comes before the end of the line, where a
        // missing winning tile is reported.
        let Some(winning) = parsed.winning else {
            return Err(no_winning_tile(parsed, rules, &system_words).into());
        };
        hand::validate(parsed, winning, system_words)?
    };
    if let Some(check) = rules.check_context {
        check(parsed, &hand.context)?;
    }
    Ok(hand)
}

/// The error of a line without its `+TILE`. When its tiles make 14 without one, the `+`
/// was left off a tile written among the concealed ones: the error points at the last tile
/// written, the likeliest to be the one that completed the hand, and says whether the 14
/// tiles make a winning hand (whichever of them completed it: the tiles arrange alike).
fn no_winning_tile(
    parsed: &ParsedHand,
    rules: &RuleSet,
    words: &words::SystemWords,
) -> NotationError {
    let tiles = parsed.concealed.len() + 3 * parsed.melds.len();
    let Some(&last) = parsed.concealed.last().filter(|_| tiles == 14) else {
        return parsed.no_winning_tile();
    };
    let mut marked = parsed.clone();
    marked.concealed.pop();
    marked.winning = Some(last);
    let complete_as = hand::validate(&marked, last, words.clone())
        .ok()
        .and_then(|hand| {
            arrange::arrangements(&hand)
                .into_iter()
                .find(|a| rules.shapes.allow(&a.shape))
        })
        .map(|arrangement| arrangement.to_string());
    NotationError {
        column: last.column,
        kind: NotationErrorKind::NoWinningTileOf14 {
            last: last.value,
            complete_as,
        },
    }
}

/// The line's words that are not shared ones, read against the system's own.
fn system_words(
    named: &[Spanned<NamedWord>],
    claim: Option<&Spanned<ClaimSpec>>,
    rules: &RuleSet,
    systems: &[&RuleSet],
) -> Result<words::SystemWords, Error> {
    words::resolve(named, rules.words).map_err(|e| match e {
        WordError::Notation(e) => e.into(),
        WordError::Unknown(unknown) => match claim_run_on(claim, named, rules, &unknown) {
            Some(error) => error.into(),
            None => unknown_word(unknown, rules, systems),
        },
    })
}

/// The error of a claim whose pattern name runs on past a space (`claim=all pungs`), when
/// `unknown` is the word right after the claim: the words that follow it, up to one the
/// rule set reads, are taken as the rest of the name.
fn claim_run_on(
    claim: Option<&Spanned<ClaimSpec>>,
    named: &[Spanned<NamedWord>],
    rules: &RuleSet,
    unknown: &words::UnknownWord,
) -> Option<NotationError> {
    let claim = claim?;
    let ClaimSpec::Patterns(_) = &claim.value else {
        return None;
    };
    let value = claim.value.to_string();
    let mut next = claim.column + "claim=".len() + value.chars().count() + 1;
    if unknown.column != next {
        return None;
    }
    let mut words = vec![value];
    // The named words are in the order of the line: those after the claim follow `unknown`.
    let from = named.iter().position(|w| w.column == unknown.column)?;
    for word in &named[from..] {
        if word.column != next || word.value.value.is_some() {
            break;
        }
        if rules
            .words
            .iter()
            .any(|w| w.key.eq_ignore_ascii_case(word.value.key))
        {
            break;
        }
        words.push(word.value.key.to_string());
        next += word.value.key.chars().count() + 1;
    }
    Some(NotationError {
        column: claim.column,
        kind: NotationErrorKind::ClaimOfSeveralWords {
            written: words.join(" "),
            joined: words.join("-"),
        },
    })
}

/// A word the rule set does not read: one another of `systems` reads, or one none does.
fn unknown_word(unknown: words::UnknownWord, rules: &RuleSet, systems: &[&RuleSet]) -> Error {
    let column = unknown.column;
    match rules::knowing_word(&unknown.key, systems) {
        Some(knowing) => Error::from(HandError {
            column,
            kind: HandErrorKind::WordOfAnotherSystem {
                word: systems
                    .iter()
                    .flat_map(|r| r.words)
                    .find(|w| w.key == unknown.key)
                    .map_or(unknown.word, |w| w.shown()),
                systems: knowing,
            },
        }),
        None => Error::from(NotationError {
            column,
            kind: NotationErrorKind::UnknownWord {
                guess: notation::guess_word(&unknown.word, rules.words.iter().map(|w| w.key)),
                word: unknown.word,
                system_words: words::listed(rules.words),
            },
        }),
    }
}

/// A scored line: the input, the hand read from it, the outcome, and the claim's check if
/// the line (or `--claim`) made one.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Scored<'a> {
    /// The line as given (borrowed: a batch line costs no copy of its text).
    pub input: &'a str,
    /// The hand it holds.
    pub hand: Hand,
    /// Win or false win.
    pub outcome: Outcome<'a>,
    /// The claim's check, if a claim was made (boxed: most lines make none, and a result
    /// is moved a few times on its way to the page).
    pub claim: Option<Box<ClaimCheck<'a>>>,
    /// Every reading, best first, when asked for (`--all`).
    pub readings: Option<Vec<Reading<'a>>>,
}

/// What to do with a line besides scoring it.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// A claim made outside the line (`--claim`).
    pub claim: Option<&'a ClaimSpec>,
    /// Keep every reading, not only the best (`--all`).
    pub all_readings: bool,
    /// The rule sets on offer: a word the chosen one does not read is looked up in them,
    /// so that the message names the rule sets that read it (`'round=' is scored only by
    /// --rules doubling`). The program's own by default; a program with rule sets of its
    /// own lists them here.
    pub systems: &'a [&'a RuleSet],
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            claim: None,
            all_readings: false,
            systems: &rules::ALL,
        }
    }
}

impl Scored<'_> {
    /// The value the payments were made on, as the hand shows it: ½ for a half-point
    /// pattern scoring alone (paid as 0 points), else the points (an underscored claim as
    /// claimed). `None` for a false win.
    pub fn paid_on(&self) -> Option<PaidOn> {
        let payments = self.payments()?;
        Some(match (&self.claim, &self.outcome) {
            (None, Outcome::Win { reading, .. }) if reading.shows_half() => PaidOn::Half,
            (Some(check), _) if check.settled_half => PaidOn::Half,
            _ => PaidOn::Points(payments.value),
        })
    }

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

/// Parses, validates and scores one line under `rules`, checking a `claim=` on the line. A
/// line is a hand: one over 64 KiB is refused unread (an error of kind `input`).
pub fn score_line<'a>(line: &'a str, rules: &'a RuleSet) -> Result<Scored<'a>, Error> {
    score_line_with(line, rules, Options::default())
}

/// [`score_line`] with options. A line with a `claim=` scored with a `--claim` as well is
/// an error rather than a guess which one counts.
pub fn score_line_with<'a>(
    line: &'a str,
    rules: &'a RuleSet,
    options: Options,
) -> Result<Scored<'a>, Error> {
    if line.len() > MAX_LINE {
        return Err(LineError::TooLong.into());
    }
    let mut parsed = ParsedHand::empty();
    notation::parse_line_into(line, &mut parsed)?;
    let hand = validate(&parsed, rules, options.systems)?;
    let spec = match (&parsed.claim, options.claim) {
        (Some(on_line), Some(_)) => {
            return Err(Failure::Claim {
                column: on_line.column,
                error: ClaimError::GivenTwice,
            }
            .into())
        }
        (Some(on_line), None) => Some((on_line.column, &on_line.value)),
        (None, Some(outside)) => Some((1, outside)),
        (None, None) => None,
    };
    let claim = spec
        .map(|(column, spec)| {
            claim::resolve(spec, rules).map_err(|error| Error::from(Failure::Claim { column, error }))
        })
        .transpose()?;
    let readings = options.all_readings.then(|| score::readings(&hand, rules));
    let outcome = match &readings {
        Some(all) => score::decide(&hand, rules, all.clone()),
        None => score::score(&hand, rules),
    };
    let claim = claim.map(|claim| Box::new(claim::check(claim, &hand, &outcome, rules)));
    Ok(Scored {
        input: line,
        hand,
        outcome,
        claim,
        readings,
    })
}
