//! The library's error: why a line (or a hand from tiles) could not be scored at all, as
//! one [`Error`] with its column, a kind for scripts and a message. Inside it, each step's
//! own error as that step made it (the notation's, the hand's, the claim's, a batch line's
//! or a session's).

use std::fmt;

use crate::claim::ClaimError;
use crate::hand::{HandError, HandErrorKind};
use crate::notation::NotationError;

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

/// What kind of fault an [`Error`] is, as scripts read it: [`ErrorKind::as_str`] is the
/// `kind` of JSON's `error` object. New kinds may come.
///
/// ```
/// use mjscore::ErrorKind;
/// let error = mjscore::score_line("b123 c456 d789 w11 b5 b6", &mjscore::rules::WSOM).unwrap_err();
/// assert_eq!(error.kind(), ErrorKind::Syntax);
/// assert_eq!(error.kind().as_str(), "syntax");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The notation cannot be read: a word or a group that is none of its own.
    Syntax,
    /// The tiles read are no hand: a count, a meld, a tile used five times.
    InvalidHand,
    /// The context words do not agree with each other or with the hand.
    Context,
    /// A claim that cannot be read or names no pattern of the rule set.
    Claim,
    /// The line itself: not UTF-8, or too long.
    Input,
    /// A line of a session (`players:`, `draw`, `penalty`, `value=`, `rules:`) that cannot
    /// be read.
    Session,
}

impl ErrorKind {
    /// The kind's stable name: `syntax`, `invalid_hand`, `context`, `claim`, `input` or
    /// `session`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Syntax => "syntax",
            ErrorKind::InvalidHand => "invalid_hand",
            ErrorKind::Context => "context",
            ErrorKind::Claim => "claim",
            ErrorKind::Input => "input",
            ErrorKind::Session => "session",
        }
    }
}

impl std::fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a line could not be scored at all (a false win is not an error: see [`Outcome`](crate::Outcome)): the
/// column at fault, a kind for scripts, and a message that says what was expected there.
///
/// ```
/// let error = mjscore::score_line("b123 c456 d789 w11 b5 b6", &mjscore::rules::WSOM).unwrap_err();
/// assert_eq!((error.column(), error.kind().as_str()), (25, "syntax"));
/// assert_eq!(error.to_string(), format!("column 25: {}", error.message()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Failure>);

impl Error {
    /// 1-based column of the token at fault (for a hand from tiles, the item's place).
    pub fn column(&self) -> usize {
        self.0.column()
    }

    /// What kind of fault it is ([`ErrorKind::as_str`] names it for scripts).
    pub fn kind(&self) -> ErrorKind {
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

    /// What kind of fault it is.
    fn kind(&self) -> ErrorKind {
        match self {
            Failure::Notation(_) => ErrorKind::Syntax,
            Failure::Hand(HandError {
                kind:
                    HandErrorKind::Context(_)
                    | HandErrorKind::WordOfAnotherSystem { .. }
                    | HandErrorKind::CheckedUnderAnother { .. },
                ..
            }) => ErrorKind::Context,
            Failure::Hand(_) => ErrorKind::InvalidHand,
            Failure::Claim { .. } => ErrorKind::Claim,
            Failure::Line(_) => ErrorKind::Input,
            Failure::Session { .. } => ErrorKind::Session,
            Failure::AsWritten { error, .. } => error.kind(),
        }
    }

    /// The message without the column.
    fn message(&self) -> String {
        // Written into room for a usual message, not grown from nothing a piece at a time:
        // a batch may have a mistyped claim on every line.
        let written = |message: &dyn fmt::Display| {
            let mut text = String::with_capacity(192);
            let _ = fmt::Write::write_fmt(&mut text, format_args!("{message}"));
            text
        };
        match self {
            Failure::Notation(e) => written(&e.kind),
            Failure::Hand(e) => written(&e.kind),
            Failure::Claim { error, .. } => written(error),
            Failure::Line(e) => written(e),
            Failure::Session { message, .. } => message.clone(),
            Failure::AsWritten { message, .. } => message.clone(),
        }
    }
}

