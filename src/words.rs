//! The context words a scoring system declares for itself, beside the shared ones of
//! [`crate::notation::Word`]: the doubling table's `round=` (the prevailing wind), say.
//!
//! A system lists its words as [`WordSpec`]s. The parser keeps every word it does not know
//! as a [`NamedWord`]; [`resolve`] reads those against the chosen system's list into
//! [`SystemWords`], the values the system's predicates look up by the word's index in its
//! list. So a system's context lives with the system, not as a field of a shared struct.

use std::fmt::{self, Write};

use crate::notation::{seat_name, NamedWord, NotationError, NotationErrorKind, Spanned};
use crate::small::SmallVec;
use crate::tile::Seat;

/// The words a hand keeps in place; a system that declares more keeps the rest on the heap.
const WORDS_IN_PLACE: usize = 8;

/// What values a system's word takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordValues {
    /// `key=X`, X a wind (`e`, `s`, `w`, `n`, or its name, as `round=`); stored as 0-3.
    Seat,
    /// `key=N`, N a whole number from `min` to `max`; stored as N.
    Number {
        /// The smallest value allowed.
        min: u8,
        /// The largest value allowed.
        max: u8,
    },
    /// `key=NAME`, NAME one of these (lower case); stored as its index.
    Names(&'static [&'static str]),
    /// The bare word, no value: stored as 1 when given, 0 when not.
    Flag,
}

/// One context word of a scoring system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordSpec {
    /// The word as written before any `=` (lower case).
    pub key: &'static str,
    /// The values it takes.
    pub values: WordValues,
    /// The value when the word is not given (in the stored form of `values`).
    pub default: u8,
    /// What it means, in one line, for the notation card and error messages.
    pub meaning: &'static str,
}

impl WordSpec {
    /// The word as lists show it: `round=` for a word with a value, `lastcopy` for a flag.
    pub fn shown(&self) -> String {
        match self.values {
            WordValues::Flag => self.key.to_string(),
            _ => format!("{}=", self.key),
        }
    }

    /// Reads `value` (as written after `=`, or `None` for a bare word) into the stored form.
    fn read(&self, value: Option<&str>) -> Result<u8, NotationErrorKind> {
        let key = self.key.to_string();
        let missing = |expected: &str, example: &str| NotationErrorKind::MissingValue {
            key: key.clone(),
            expected: expected.to_string(),
            example: example.to_string(),
        };
        let bad = |found: &str, expected: String| NotationErrorKind::BadValue {
            key: key.clone(),
            found: found.to_string(),
            expected,
        };
        let value = match (self.values, value) {
            (WordValues::Flag, None) => return Ok(1),
            (WordValues::Flag, Some(_)) => return Err(NotationErrorKind::UnexpectedValue(key)),
            (_, Some(value)) if !value.is_empty() => value.to_ascii_lowercase(),
            (WordValues::Seat, _) => return Err(NotationErrorKind::MissingWind(key)),
            (WordValues::Number { min, max }, _) => {
                return Err(missing(&format!("a number from {min} to {max}"), "1"))
            }
            (WordValues::Names(names), _) => {
                return Err(missing(&format!("one of {}", names.join(", ")), names[0]))
            }
        };
        match self.values {
            WordValues::Seat => match seat_name(&value) {
                Some(seat) => Ok(seat as u8),
                None => Err(NotationErrorKind::BadWind { key, found: value }),
            },
            WordValues::Number { min, max } => match value.parse::<u8>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(bad(&value, format!("a number from {min} to {max}"))),
            },
            WordValues::Names(names) => match names.iter().position(|&n| n == value) {
                Some(index) => Ok(index as u8),
                None => Err(bad(&value, format!("one of {}", names.join(", ")))),
            },
            WordValues::Flag => unreachable!("a flag returned above"),
        }
    }

    /// The stored `value` as written in canonical notation: ` round=s`, ` lastcopy`.
    fn write(&self, out: &mut impl Write, value: u8) -> fmt::Result {
        match self.values {
            WordValues::Flag if value == 0 => Ok(()),
            WordValues::Flag => write!(out, " {}", self.key),
            WordValues::Seat => {
                let seat = Seat::ALL.get(usize::from(value)).copied();
                write!(out, " {}={}", self.key, seat.unwrap_or(Seat::East).letter())
            }
            WordValues::Number { .. } => write!(out, " {}={value}", self.key),
            WordValues::Names(names) => {
                let name = names.get(usize::from(value)).copied().unwrap_or("");
                write!(out, " {}={name}", self.key)
            }
        }
    }
}

/// Where `specs` lists the prevailing (round) wind's word, `round=`, if the system reads
/// one (the doubling table, Huang's table).
pub(crate) fn round_index(specs: &[WordSpec]) -> Option<usize> {
    specs.iter().position(|spec| spec.key == "round")
}

/// The values of a system's words for one hand, given or defaulted, by index in the
/// system's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemWords {
    specs: &'static [WordSpec],
    values: SmallVec<u8, WORDS_IN_PLACE>,
}

impl SystemWords {
    /// No system words: a system that declares none (the tests' hands).
    #[cfg(any(test, feature = "testing"))]
    pub fn none() -> SystemWords {
        SystemWords::defaults(&[])
    }

    /// Every word of `specs` at its default (any number of words).
    pub fn defaults(specs: &'static [WordSpec]) -> SystemWords {
        SystemWords {
            specs,
            values: specs.iter().map(|spec| spec.default).collect(),
        }
    }

    /// The stored value of the `index`-th word of the system (0 past the end of its list).
    pub fn value(&self, index: usize) -> u8 {
        self.values.get(index).copied().unwrap_or(0)
    }

    /// The `index`-th word as a seat (East when the word is not a seat word).
    pub fn seat(&self, index: usize) -> Seat {
        Seat::ALL
            .get(usize::from(self.value(index)))
            .copied()
            .unwrap_or(Seat::East)
    }

    /// The prevailing (round) wind, where the system reads one (`round=`, its default when
    /// not given); `None` where it reads none.
    pub fn round(&self) -> Option<Seat> {
        Some(self.seat(round_index(self.specs)?))
    }

    /// Whether the `index`-th word, a flag, was given.
    pub fn flag(&self, index: usize) -> bool {
        self.value(index) != 0
    }

    /// The words that differ from their defaults, in the system's order: each one's key and
    /// stored value.
    pub fn given(&self) -> impl Iterator<Item = (&'static str, u8)> + '_ {
        self.specs
            .iter()
            .zip(&self.values)
            .filter(|(spec, &value)| value != spec.default)
            .map(|(spec, &value)| (spec.key, value))
    }

    /// Writes the words that differ from their defaults, in canonical notation.
    pub fn write_notation(&self, out: &mut impl Write) -> fmt::Result {
        for (spec, &value) in self.specs.iter().zip(&self.values) {
            if value != spec.default {
                spec.write(out, value)?;
            }
        }
        Ok(())
    }
}

/// A word the chosen system does not declare: its column and key (lower case), for the
/// caller to say which other system knows it, or that none does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownWord {
    /// The 1-based column of the word.
    pub column: usize,
    /// The word as written, without any `=value`.
    pub word: String,
    /// The word in lower case.
    pub key: String,
}

/// Why the named words of a line could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WordError {
    /// A word of the system with a value it does not take.
    Notation(NotationError),
    /// A word the system does not declare.
    Unknown(UnknownWord),
}

/// Reads the words the parser did not know against a system's `specs`. Inlined where it
/// is called (every line), which the compiler does not always choose across its units.
#[inline]
pub fn resolve(
    named: &[Spanned<NamedWord>],
    specs: &'static [WordSpec],
) -> Result<SystemWords, WordError> {
    let mut words = SystemWords::defaults(specs);
    for word in named {
        let key = word.value.key.to_ascii_lowercase();
        let Some(index) = specs.iter().position(|spec| spec.key == key) else {
            return Err(WordError::Unknown(UnknownWord {
                column: word.column,
                word: word.value.key.to_string(),
                key,
            }));
        };
        words.values[index] = specs[index].read(word.value.value).map_err(|kind| {
            WordError::Notation(NotationError {
                column: word.column,
                kind,
            })
        })?;
    }
    Ok(words)
}

/// The words of `specs` as the unknown-word message lists them: `round=, ` (each followed
/// by a comma and a space).
pub fn listed(specs: &[WordSpec]) -> String {
    specs.iter().map(|s| format!("{}, ", s.shown())).collect()
}
