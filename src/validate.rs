//! The checks that make a parsed hand a validated one under a rule set: the rule set's own
//! words read (a word of another rule set named as such), the winning tile found, the
//! tiles, melds and context checked, then the rule set's own checks of its context. A line
//! of notation and a hand from tiles both come through here, so they can never disagree.

use crate::arrange;
use crate::error::Error;
use crate::hand::{self, Hand, HandError, HandErrorKind};
use crate::notation::{self, ClaimSpec, NamedWord, NotationError, NotationErrorKind, ParsedHand, Spanned};
use crate::rule_set::RuleSet;
use crate::rules;
use crate::words::{self, WordError};

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
    let mut hand = hand;
    hand.checked_under = rules.fingerprint();
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
pub(crate) fn system_words(
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

