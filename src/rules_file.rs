//! Rules files: a club's variant of a built-in rule set, written in TOML
//! (docs/rules-files.md). A file names its base (`base = "wsom"`) and changes it: its name
//! and description, pattern values, patterns switched off, the minimum, the limits, the
//! numbers of the payment scheme, and new hands made of a small vocabulary of conditions
//! ([`Requirements`]).
//!
//! ```
//! let club = mjscore::RuleSet::from_rules_file(r#"
//! base = "wsom"
//! name = "Thursday club"
//! minimum = 10
//! [values]
//! "4.1" = 40
//! "#)?;
//! // 3.1 Value Honor 10 (e333) + 4.1 All Triplets 40 (not 30) + 4.2.2 Three Concealed
//! // Triplets 30 (e333, b444, d888: the discard completes the pair): 80.
//! let scored = mjscore::score_line("[p d333] e333 b444 d888 w4 +w4 seat=s from=e", &club)?;
//! let mjscore::Outcome::Win { reading, .. } = &scored.outcome else { panic!("a win") };
//! assert_eq!(reading.total, 80);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every error names the line and column of the file it is about, and what was expected
//! there, in a club keeper's words rather than the TOML reader's; a file with an error gives
//! no rule set at all. A file is at most [`RuleSet::MAX_RULES_FILE_BYTES`](crate::RuleSet::MAX_RULES_FILE_BYTES) long, and each of its texts (a name,
//! an id, a summary) is one line of a bounded length, without a character a terminal would
//! act on: everything a rule set read here shows is printable as it is.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::patterns::{
    Condition, Count, CountedSets, Ending, Facts, Pattern, Presence, Requirements, SetsRule,
    Shapes, Value, WaitKind, WordTest, ALL_KINDS, ANY, MOST_WORDS, REGULAR, REGULAR_OR_PAIRS,
    SEVEN_PAIRS_ONLY, THIRTEEN_TERMINALS_ONLY,
};
use crate::rule_set::derive::ChangeError;
use crate::rule_set::{PaymentParams, RuleSet};
use crate::tile::{kinds, Suit, Tile};
use crate::words::{WordSpec, WordValues};

// The texts of the file: their lengths and characters, and the TOML reader's messages in
// plain words.
mod texts;

/// The longest rules file read, in bytes (1 MiB): a club's file is a few kilobytes, and a
/// longer text is refused before it is read as TOML. A caller reading a file reads at most
/// one byte more than this (`Read::take`), so that an endless input costs no more.
pub(crate) const MAX_BYTES: usize = 1 << 20;

/// The most points a value, a minimum or a limit may be: far above any real hand, and low
/// enough that no sum of a table's patterns overflows.
pub(crate) const MAX_POINTS: u32 = 1_000_000;

/// Why a rules file gives no rule set: where in the file, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct RulesFileError {
    /// The line of the file (from 1).
    pub line: usize,
    /// The column in that line, in characters (from 1).
    pub column: usize,
    /// What is wrong, and what was expected.
    pub message: String,
}

/// [`RuleSet::from_rules_file`].
pub(crate) fn parse(text: &str) -> Result<RuleSet, RulesFileError> {
    parse_with_base(text).map(|(rules, _)| rules)
}

/// [`RuleSet::from_rules_file_with_base`].
pub(crate) fn parse_with_base(text: &str) -> Result<(RuleSet, &'static RuleSet), RulesFileError> {
    if text.len() > MAX_BYTES {
        return Err(error_at(
            text,
            MAX_BYTES,
            format!("the file is longer than {MAX_BYTES} bytes (1 MiB): a rules file is a few kilobytes; is this the right file?"),
        ));
    }
    let file: File = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
    check_texts(&file, text)?;
    let base = base_of(&file, text)?;
    let name =
        match &file.name {
            Some(name) => name.get_ref().clone(),
            None if is_from_nothing(&file) => return Err(error_at(
                text,
                file.base.span().start,
                "a rule set written from nothing (base = \"none\") needs its name: name = \"...\""
                    .to_string(),
            )),
            None => format!("{} (variant)", base.name),
        };
    // Under the base's id while it is changed, so that a message names the rule set the
    // file changes; under its own at the end.
    let id = id_of(&name);
    let mut rules = base.derive(base.id.clone(), name);
    if let Some(description) = &file.description {
        rules.description = Cow::Owned(description.get_ref().clone());
    }
    if let Some(minimum) = &file.minimum {
        rules.set_minimum(points(minimum, 0, "the minimum", text)?);
    }
    set_values(&mut rules, base, &file, text)?;
    switch_off(&mut rules, &file.off, text)?;
    if let Some(limits) = &file.limits {
        set_limits(&mut rules, limits, text)?;
    }
    if let Some(payments) = &file.payments {
        set_payments(&mut rules, payments, text)?;
    }
    add_hands(&mut rules, base, &file, text)?;
    rules.set_id(id);
    Ok((rules, base))
}

/// Whether the file is written from nothing (`base = "none"`, in any case).
fn is_from_nothing(file: &File) -> bool {
    file.base.get_ref().eq_ignore_ascii_case(NO_BASE)
}

/// The word of `base` for a rule set written from nothing.
const NO_BASE: &str = "none";

/// The rule set the file starts from: the built-in one `base` names, in any case (`"WSOM"`
/// is `"wsom"`), or for `base = "none"` the `scheme` it names without patterns
/// ([`crate::rules::scheme`]). A scheme is asked for with `base = "none"` and only then.
fn base_of(file: &File, text: &str) -> Result<&'static RuleSet, RulesFileError> {
    let schemes = || {
        let quoted: Vec<String> = (crate::rules::SCHEMES.iter())
            .map(|(s, _)| format!("\"{s}\""))
            .collect();
        crate::rule_set::joined(&quoted, " or ")
    };
    match (&file.scheme, is_from_nothing(file)) {
        (None, true) => {
            return Err(error_at(
                text,
                file.base.span().start,
                format!(
                    "a rule set written from nothing (base = \"none\") says whose payments it uses: scheme = {}",
                    schemes()
                ),
            ))
        }
        (Some(scheme), true) => {
            return crate::rules::scheme(scheme.get_ref()).ok_or_else(|| {
                error_at(
                    text,
                    scheme.span().start,
                    format!("no scheme '{}': scheme is one of {}", scheme.get_ref(), schemes()),
                )
            })
        }
        (Some(scheme), false) => {
            return Err(error_at(
                text,
                scheme.span().start,
                format!(
                    "scheme is for a rule set written from nothing (base = \"none\"): base = \"{}\" has its own payments",
                    file.base.get_ref()
                ),
            ))
        }
        (None, false) => {}
    }
    let base = &file.base;
    crate::rules::by_id(base.get_ref()).ok_or_else(|| {
        let known: Vec<String> = crate::rules::ALL
            .iter()
            .map(|r| format!("\"{}\"", r.id))
            .collect();
        error_at(
            text,
            base.span().start,
            format!(
                "no built-in rule set '{}': base is one of {}, or \"none\" for a rule set written from nothing",
                base.get_ref(),
                crate::rule_set::joined(&known, " or ")
            ),
        )
    })
}

/// The TOML reader's error at its place, in a club keeper's words (the key of its line
/// tells what kind of value was expected).
pub(crate) fn toml_error(text: &str, error: &toml::de::Error) -> RulesFileError {
    let start = error.span().map_or(0, |span| span.start).min(text.len());
    let line_start = text[..text.floor_char_boundary_compat(start)]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let key = text[line_start..text.floor_char_boundary_compat(start)]
        .split_once('=')
        .map(|(key, _)| key.trim().trim_matches('"'));
    let message = texts::plain_words(error.message().trim_end(), key);
    error_at(text, start, message)
}

/// The words of `table`'s condition and of its parts', for [`check_texts`].
fn words_of<'f>(table: &'f impl ConditionTable, all: &mut Vec<(&'f Spanned<String>, &str, usize)>) {
    all.extend(table.words().map(|w| (w, "a word", texts::MAX_TEXT_CHARS)));
    let (all_of, any_of) = table.groups();
    for part in all_of.iter().chain(any_of) {
        words_of(part.get_ref(), all);
    }
}

/// Every text of the file checked before anything is read from it: no text longer than
/// its limit ([`MAX_NAME_CHARS`](texts::MAX_NAME_CHARS) for a name or an id,
/// [`MAX_TEXT_CHARS`](texts::MAX_TEXT_CHARS) for the others), and none holding a character
/// a terminal would act on, at the character's place in the file.
fn check_texts(file: &File, text: &str) -> Result<(), RulesFileError> {
    use texts::{MAX_NAME_CHARS as NAME, MAX_TEXT_CHARS as TEXT};
    let mut all: Vec<(&Spanned<String>, &str, usize)> = vec![(&file.base, "base", TEXT)];
    all.extend(file.scheme.iter().map(|s| (s, "the scheme", TEXT)));
    all.extend(file.name.iter().map(|n| (n, "the name", NAME)));
    all.extend(
        file.description
            .iter()
            .map(|d| (d, "the description", TEXT)),
    );
    all.extend(file.values.keys().map(|k| (k, "a pattern id", NAME)));
    all.extend(file.off.iter().map(|k| (k, "a pattern id", NAME)));
    if let Some(payments) = &file.payments {
        all.extend(payments.keys().map(|k| (k, "a payment number", NAME)));
    }
    for hand in &file.hands {
        let hand = hand.get_ref();
        all.push((&hand.id, "a hand's id", NAME));
        all.push((&hand.name, "a hand's name", NAME));
        all.extend(
            hand.chinese
                .iter()
                .map(|c| (c, "a hand's Chinese name", NAME)),
        );
        all.extend(hand.implies.iter().map(|i| (i, "a pattern id", NAME)));
        all.extend(hand.series.iter().map(|s| (s, "a hand's series", NAME)));
        all.extend(hand.summary.iter().map(|s| (s, "a hand's summary", TEXT)));
        all.extend(hand.example.iter().map(|e| (e, "a hand's example", TEXT)));
        all.extend(hand.shape.iter().map(|w| (w, "a word", TEXT)));
        words_of(hand, &mut all);
    }
    for (value, what, most) in all {
        check_text(value.get_ref(), value.span(), what, most, text)?;
        let at = |message: String| error_at(text, value.span().start, message);
        let written = value.get_ref();
        if matches!(what, "the name" | "a hand's name") && written.trim().is_empty() {
            return Err(at(format!("{what} is empty: write one")));
        }
        // An id a line refers to, with a space that would make it no id.
        if what == "a pattern id" && written.trim() != written {
            return Err(at(format!(
                "'{written}' has spaces around it: write \"{}\"",
                written.trim()
            )));
        }
    }
    for value in file.values.values() {
        if let toml::Value::String(s) = value.get_ref() {
            check_text(s, value.span(), "a value", TEXT, text)?;
        }
    }
    Ok(())
}

/// One text of the file ([`check_texts`]), written at `span`.
fn check_text(
    value: &str,
    span: Range<usize>,
    what: &str,
    most: usize,
    text: &str,
) -> Result<(), RulesFileError> {
    match texts::refused(value, what, most) {
        None => Ok(()),
        Some((character, message)) => {
            // At the character (or its escape) inside the string, else at the string.
            let literal = text.get(span.clone()).unwrap_or_default();
            let offset = character.map_or(0, |c| texts::written_at(literal, c));
            Err(error_at(text, span.start + offset, message))
        }
    }
}

/// [`RuleSet::is_rules_file_path`].
pub(crate) fn is_path(argument: &str) -> bool {
    argument.contains('/') || argument.to_ascii_lowercase().ends_with(".toml")
}

/// A rule set's id from its name: lower case, words joined by hyphens (`thursday-club`);
/// a name that would give a built-in rule set's id (`"WSOM"`) gives it with `-variant`
/// after it, so that JSON never names a variant as the rule set it changes.
fn id_of(name: &str) -> String {
    let id: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let id = if id.is_empty() {
        "custom".to_string()
    } else {
        id.join("-")
    };
    if crate::rules::by_id(&id).is_some() {
        format!("{id}-variant")
    } else {
        id
    }
}

/// The file as TOML gives it, each part with its place.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    base: Spanned<String>,
    scheme: Option<Spanned<String>>,
    name: Option<Spanned<String>>,
    description: Option<Spanned<String>>,
    minimum: Option<Spanned<i64>>,
    #[serde(default)]
    values: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(default)]
    off: Vec<Spanned<String>>,
    limits: Option<Limits>,
    payments: Option<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    #[serde(default)]
    hands: Vec<Spanned<Hand>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Limits {
    compound: Option<Spanned<toml::Value>>,
    single: Option<Spanned<toml::Value>>,
}

/// The condition keys of a table that has them ([`condition_table`]), read as data.
macro_rules! requirements_of {
    ($hand:expr, $text:expr) => {{
        let hand = $hand;
        let text = $text;
        let mut r = Requirements::ANY;
        if let Some(tiles) = &hand.tiles {
            r.tiles = tiles_of(tiles, text)?;
        }
        if let Some(suits) = &hand.suits {
            r.suits = count(suits, "suits", 3, text)?;
        }
        if let Some(honours) = &hand.honours {
            r.honours = choice(honours, &PRESENCE, text)?;
        }
        if let Some(terminals) = &hand.terminals {
            r.terminals = choice(terminals, &PRESENCE, text)?;
        }
        if let Some(sets) = &hand.sets {
            r.sets = choice(
                sets,
                &[
                    ("any", SetsRule::Any),
                    ("triplets", SetsRule::Triplets),
                    ("sequences", SetsRule::Sequences),
                ],
                text,
            )?;
        }
        if let Some(every) = &hand.every_set_holds {
            r.every_group_holds = tiles_of(every, text)?;
        }
        r.concealed = hand.concealed;
        r.self_drawn = hand.self_drawn;
        r.one_kind_waited = hand.one_kind_waited;
        if let Some(ended) = &hand.ended {
            r.ended = endings(ended, text)?;
        }
        if let Some(wait) = &hand.wait {
            r.waits = waits(wait, text)?;
        }
        if let Some(identical) = &hand.identical_sequences {
            r.identical_sequences = count(identical, "identical_sequences", 4, text)?;
        }
        if let Some(pairs) = &hand.identical_sequence_pairs {
            r.identical_pairs = count(pairs, "identical_sequence_pairs", 2, text)?;
        }
        let suits =
            |value: &Spanned<i64>, what: &str| number_within(value, what, 2..=3, "number suits", text);
        if let Some(n) = &hand.similar_sequences {
            r.similar_sequences = suits(n, "similar_sequences")?;
        }
        if let Some(n) = &hand.similar_triplets {
            r.similar_triplets = suits(n, "similar_triplets")?;
        }
        r.similar_triplets_and_pair = hand.similar_triplets_and_pair.unwrap_or(false);
        r.straight = hand.straight.unwrap_or(false);
        if let Some(n) = &hand.straight_suits {
            r.straight_suits = number_within(n, "straight_suits", 1..=3, "number suits", text)?;
        }
        // Counted once a set: of one kind of set only.
        let counted = [
            (&hand.each_triplet_of, "each_triplet_of", CountedSets::Triplets),
            (&hand.each_kong_of, "each_kong_of", CountedSets::Kongs),
            (&hand.each_sequence_of, "each_sequence_of", CountedSets::Sequences),
            (&hand.each_pair_of, "each_pair_of", CountedSets::Pairs),
        ];
        let mut given = counted.iter().filter_map(|(each, key, kind)| Some((each.as_ref()?, *key, *kind)));
        if let Some((each, key, kind)) = given.next() {
            if let Some((other, other_key, _)) = given.next() {
                return Err(error_at(text, other.span().start, format!("{other_key} and {key} both count a hand's sets or pairs: a hand counts one kind of set (or its pairs), once each")));
            }
            (r.each_set_of, r.each_seat_wind, r.each_prevailing_wind) =
                counted_tiles(each, key, kind, text)?;
            r.each_kind = kind;
        }
        // Ranks of one suit, a digit a tile, refused at their column if not so.
        let ranks = |written: &Spanned<String>, key: &str, what: &str| {
            crate::patterns::ranks_held(written.get_ref()).ok_or_else(|| {
                error_at(
                    text,
                    written.span().start,
                    format!("{key} is {:?}: {what} are digits 1 to 9, each at most four times (\"1112345678999\")", written.get_ref()),
                )
            })
        };
        if let Some(least) = &hand.hand_holds_at_least {
            let what = "the ranks the whole hand holds at least";
            r.hand_at_least = Some(ranks(least, "hand_holds_at_least", what)?);
        }
        if let Some(held) = &hand.held {
            let what = "the concealed tiles before the win, rank by rank,";
            r.held = Some(ranks(held, "held", what)?);
        }
        if let Some(n) = &hand.consecutive_triplets {
            r.consecutive_triplets =
                number_within(n, "consecutive_triplets", 2..=4, "triplets in a run", text)?;
        }
        if let Some(kongs) = &hand.kongs {
            r.kongs = count(kongs, "kongs", 4, text)?;
        }
        if let Some(melded) = &hand.melded_sets {
            r.melded_sets = count(melded, "melded_sets", 4, text)?;
        }
        if let Some(concealed) = &hand.concealed_triplets {
            r.concealed_triplets = count(concealed, "concealed_triplets", 4, text)?;
        }
        if let Some(triplets) = &hand.triplets {
            r.triplets_of = tiles_of(&triplets.get_ref().of, text)?;
            r.triplets = triplets_count(triplets, text)?;
        }
        if let Some(pair) = &hand.pair {
            r.pair = tiles_of(pair, text)?;
        }
        Ok(r)
    }};
}

/// A hand's `words`: what the line must say of the rule set's own context words (`specs`,
/// Huang's `tin=`, `last=`, `lastcopy`, `flowers=`, the round's `round=`), one test a word,
/// and the tests in words for the card (`tin=heaven or earth, last=2 to 4`). A word is
/// given as the line gives it: a flag `true` or `false`; a wind or a name, or a list of
/// them; a number, or `{ at_least = N, at_most = M }`.
fn word_tests(
    words: &BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    specs: &[WordSpec],
    text: &str,
) -> Result<([WordTest; MOST_WORDS], String), RulesFileError> {
    let mut tests = [WordTest::NONE; MOST_WORDS];
    let mut said = Vec::new();
    for (n, (key, value)) in words.iter().enumerate() {
        let name = key.get_ref();
        let index = specs.iter().position(|spec| spec.key == name.as_str());
        let (Some(index), Some(test)) = (index, tests.get_mut(n)) else {
            let has: Vec<String> = specs.iter().map(|spec| spec.key.to_string()).collect();
            return Err(error_at(
                text,
                key.span().start,
                if has.is_empty() {
                    format!("no context word '{name}': this rule set reads no words of its own (the doubling table reads round=, Huang's table tin=, last=, lastcopy, flowers= and round=)")
                } else {
                    format!(
                        "no context word '{name}' in this rule set: it reads {}",
                        crate::rule_set::joined(&has, " and ")
                    )
                },
            ));
        };
        let (allowed, values_said) = word_values(&specs[index], value, text)?;
        *test = WordTest {
            index: index as u8,
            allowed,
        };
        said.push(values_said);
    }
    Ok((tests, said.join(", ")))
}

/// The values a hand's `words` allow one word (`spec`), as bits of their stored forms, and
/// as the card says them.
fn word_values(
    spec: &WordSpec,
    value: &Spanned<toml::Value>,
    text: &str,
) -> Result<(u64, String), RulesFileError> {
    let at = value.span().start;
    let key = spec.key;
    let wrong = |expected: String| {
        error_at(
            text,
            at,
            format!("{key} is {}: expected {expected}", found(value.get_ref())),
        )
    };
    // A word or a list of words, each read by `read` into its stored value.
    let listed = |read: &dyn Fn(&str) -> Option<u8>,
                  expected: String|
     -> Result<(u64, String), RulesFileError> {
        let words: Vec<&str> = match value.get_ref() {
            toml::Value::String(word) => vec![word.as_str()],
            toml::Value::Array(list) if !list.is_empty() => list
                .iter()
                .map(toml::Value::as_str)
                .collect::<Option<_>>()
                .ok_or_else(|| wrong(expected.clone()))?,
            _ => return Err(wrong(expected)),
        };
        let mut allowed = 0u64;
        for word in &words {
            let stored = read(&word.to_lowercase()).ok_or_else(|| wrong(expected.clone()))?;
            allowed |= 1 << stored;
        }
        let lowered: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
        Ok((allowed, format!("{key}={}", lowered.join(" or "))))
    };
    match spec.values {
        WordValues::Flag => match value.get_ref().as_bool() {
            Some(true) => Ok((1 << 1, key.to_string())),
            Some(false) => Ok((1 << 0, format!("no {key}"))),
            None => Err(wrong("true or false".to_string())),
        },
        WordValues::Seat => listed(
            &|word| crate::notation::seat_name(word).map(|seat| seat as u8),
            "a wind (e, s, w, n), or a list of them".to_string(),
        ),
        WordValues::Names(names) => listed(
            &|word| names.iter().position(|name| *name == word).map(|i| i as u8),
            format!("one of {}, or a list of them", names.join(", ")),
        ),
        WordValues::Number { min, max } => {
            let expected =
                format!("a number from {min} to {max}, or {{ at_least = N, at_most = M }}");
            let within = |n: &toml::Value| {
                n.as_integer()
                    .filter(|n| (i64::from(min)..=i64::from(max)).contains(n))
            };
            let (low, high) = match value.get_ref() {
                toml::Value::Integer(_) => {
                    let n = within(value.get_ref()).ok_or_else(|| wrong(expected.clone()))?;
                    (n, n)
                }
                toml::Value::Table(bounds)
                    if bounds.keys().all(|k| k == "at_least" || k == "at_most") =>
                {
                    let bound = |name: &str, default: u8| match bounds.get(name) {
                        None => Ok(i64::from(default)),
                        Some(n) => within(n).ok_or_else(|| wrong(expected.clone())),
                    };
                    (bound("at_least", min)?, bound("at_most", max)?)
                }
                _ => return Err(wrong(expected)),
            };
            if low > high || high >= 64 {
                return Err(wrong(expected));
            }
            // The notation reads `last=1` as the last tile, which every rule set reads
            // (`last`): the word itself never holds 1.
            if key == "last" && low <= 1 {
                return Err(error_at(text, at, "last=1 is the last tile of the wall, which every rule set reads: ask it with ended = \"last_tile\", and give last 2 to 4 here".to_string()));
            }
            let allowed = (low..=high).fold(0u64, |bits, n| bits | 1 << n);
            let said = if low == high {
                format!("{key}={low}")
            } else {
                format!("{key}={low} to {high}")
            };
            Ok((allowed, said))
        }
    }
}

/// The tiles whose sets a hand counts once each (`key`, counting sets of `kind`): a tile
/// set, with the words `seat_wind` for the seat's own wind and `prevailing_wind` for the
/// round's where the sets are triplets or kongs (the set's words checked as any tile set's,
/// at their places); and whether the seat wind and the prevailing wind count.
fn counted_tiles(
    each: &Spanned<String>,
    key: &str,
    kind: CountedSets,
    text: &str,
) -> Result<(u64, bool, bool), RulesFileError> {
    let words = each.get_ref();
    let winds = ["seat_wind", "prevailing_wind"];
    let is_wind = |w: &str| winds.iter().any(|wind| w.eq_ignore_ascii_case(wind));
    let has = |wind: &str| {
        words
            .split_whitespace()
            .any(|w| w.eq_ignore_ascii_case(wind))
    };
    let (seat_wind, prevailing_wind) = (has("seat_wind"), has("prevailing_wind"));
    if (seat_wind || prevailing_wind) && kind == CountedSets::Sequences {
        let lower = words.to_ascii_lowercase();
        let at = winds
            .iter()
            .filter_map(|wind| lower.find(wind))
            .min()
            .unwrap_or(0);
        return Err(error_at(text, each.span().start + 1 + at, format!("{key} counts sequences, and no sequence holds a wind: name number tiles (\"bamboo\", \"b5\", \"fives\")")));
    }
    // The wind words blanked out, so that the others keep their places.
    let rest: String = (words.split(' '))
        .map(|w| {
            if is_wind(w) {
                " ".repeat(w.len())
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let of = if rest.trim().is_empty() {
        0
    } else {
        tile_set(&rest)
            .map_err(|(offset, message)| error_at(text, each.span().start + 1 + offset, message))?
    };
    let sets = match kind {
        CountedSets::Triplets => "triplets",
        CountedSets::Kongs => "kongs",
        CountedSets::Sequences => "sequences",
        CountedSets::Pairs => "pairs",
    };
    if of == 0 && !seat_wind && !prevailing_wind {
        return Err(error_at(
            text,
            each.span().start,
            format!("{key} names the tiles whose {sets} count, once each (\"dragons seat_wind\")"),
        ));
    }
    if kind == CountedSets::Sequences && of & (kinds::BAMBOO | kinds::CHARACTERS | kinds::DOTS) == 0
    {
        return Err(error_at(text, each.span().start, format!("{key} counts sequences, and no sequence holds these tiles: name number tiles (\"bamboo\", \"b5\", \"fives\")")));
    }
    Ok((of, seat_wind, prevailing_wind))
}

/// Declares a table of the file that holds a condition, a new hand or a part of one
/// (`any_of`, `all_of`): its own keys, then the condition's, which both kinds of table have,
/// with the reading of them into [`Requirements`] (`requirements`) and their words to check
/// (`words`). One list of the condition's keys for both, as TOML's reader knows a table's keys
/// only from its fields (and says the keys it knows, in their order, for one it does not).
macro_rules! condition_table {
    ($(#[$meta:meta])* struct $name:ident { $($own:tt)* }) => {
        $(#[$meta])*
        struct $name {
            $($own)*
            tiles: Option<Spanned<String>>,
            suits: Option<Spanned<toml::Value>>,
            honours: Option<Spanned<String>>,
            terminals: Option<Spanned<String>>,
            sets: Option<Spanned<String>>,
            every_set_holds: Option<Spanned<String>>,
            concealed: Option<bool>,
            self_drawn: Option<bool>,
            one_kind_waited: Option<bool>,
            kongs: Option<Spanned<toml::Value>>,
            melded_sets: Option<Spanned<toml::Value>>,
            concealed_triplets: Option<Spanned<toml::Value>>,
            triplets: Option<Spanned<Triplets>>,
            pair: Option<Spanned<String>>,
            ended: Option<Spanned<toml::Value>>,
            wait: Option<Spanned<toml::Value>>,
            identical_sequences: Option<Spanned<toml::Value>>,
            identical_sequence_pairs: Option<Spanned<toml::Value>>,
            similar_sequences: Option<Spanned<i64>>,
            similar_triplets: Option<Spanned<i64>>,
            similar_triplets_and_pair: Option<bool>,
            straight: Option<bool>,
            straight_suits: Option<Spanned<i64>>,
            consecutive_triplets: Option<Spanned<i64>>,
            held: Option<Spanned<String>>,
            hand_holds_at_least: Option<Spanned<String>>,
            each_triplet_of: Option<Spanned<String>>,
            each_kong_of: Option<Spanned<String>>,
            each_sequence_of: Option<Spanned<String>>,
            each_pair_of: Option<Spanned<String>>,
            #[serde(default)]
            any_of: Vec<Spanned<Part>>,
            #[serde(default)]
            all_of: Vec<Spanned<Part>>,
        }

        impl ConditionTable for $name {
            fn requirements(&self, text: &str) -> Result<Requirements, RulesFileError> {
                requirements_of!(self, text)
            }

            fn words(&self) -> impl Iterator<Item = &Spanned<String>> {
                [
                    &self.tiles,
                    &self.honours,
                    &self.terminals,
                    &self.sets,
                    &self.every_set_holds,
                    &self.pair,
                    &self.held,
                    &self.hand_holds_at_least,
                    &self.each_triplet_of,
                    &self.each_kong_of,
                    &self.each_sequence_of,
                    &self.each_pair_of,
                ]
                .into_iter()
                .flatten()
                .chain(self.triplets.iter().map(|t| &t.get_ref().of))
            }

            fn groups(&self) -> (&[Spanned<Part>], &[Spanned<Part>]) {
                (&self.all_of, &self.any_of)
            }
        }
    };
}

/// What a table holding a condition gives ([`condition_table`]): a new hand, or a part of
/// one.
trait ConditionTable {
    /// Its condition's keys as data (not its groups: [`Group::of`]).
    fn requirements(&self, text: &str) -> Result<Requirements, RulesFileError>;

    /// Its condition's words, to be checked as texts (tile sets, the words of a choice).
    fn words(&self) -> impl Iterator<Item = &Spanned<String>>;

    /// Its groups: every part of `all_of` must hold, and one part at least of `any_of`.
    fn groups(&self) -> (&[Spanned<Part>], &[Spanned<Part>]);
}

/// A condition with groups, as a hand of a rules file writes it: its own keys, every part
/// of `all_of`, and one part at least of `any_of`, each part a condition of the same kind.
/// Read once, when the file is; held by the hand's condition, a closure
/// ([`Condition::Closure`]).
#[derive(Debug)]
struct Group {
    own: Requirements,
    all_of: Vec<Group>,
    any_of: Vec<Group>,
}

/// How deep parts may hold parts: a club's "either this or that" is one level, rarely two.
const MOST_NESTED: usize = 4;

impl Group {
    /// The condition of `table`, its parts read in turn (at depth `depth`, 0 for a hand's
    /// own): a part that asks nothing, an empty `any_of`, a part counting a hand's sets or
    /// nested past [`MOST_NESTED`] are refused where they are written.
    fn of(
        table: &impl ConditionTable,
        depth: usize,
        shapes: Shapes,
        text: &str,
    ) -> Result<Group, RulesFileError> {
        let own = table.requirements(text)?;
        let (all_of, any_of) = table.groups();
        let parts = |list: &[Spanned<Part>], key: &str| -> Result<Vec<Group>, RulesFileError> {
            list.iter()
                .map(|part| {
                    let at = |message: String| error_at(text, part.span().start, message);
                    if depth + 1 >= MOST_NESTED {
                        return Err(at(format!("{key} is nested {MOST_NESTED} deep: a part's parts go {} deep at most", MOST_NESTED - 1)));
                    }
                    let group = Group::of(part.get_ref(), depth + 1, shapes, text)?;
                    if group.own == Requirements::ANY && group.all_of.is_empty() && group.any_of.is_empty() {
                        return Err(at(format!("a part of {key} asks nothing: give it a condition's keys, as a hand's (tiles, triplets, ...)")));
                    }
                    if group.own.counts_each_set() {
                        let key = match group.own.each_kind {
                            CountedSets::Triplets => "each_triplet_of",
                            CountedSets::Kongs => "each_kong_of",
                            CountedSets::Sequences => "each_sequence_of",
                            CountedSets::Pairs => "each_pair_of",
                        };
                        return Err(at(format!("{key} counts a hand's sets or pairs, each once: it is a key of the hand, not of a part")));
                    }
                    if let Some(why) = impossible(&group.own, shapes) {
                        return Err(at(format!("no hand can meet this part of {key}: {why}")));
                    }
                    Ok(group)
                })
                .collect()
        };
        let all_of_parts = parts(all_of, "all_of")?;
        let any_of_parts = parts(any_of, "any_of")?;
        Ok(Group {
            own,
            all_of: all_of_parts,
            any_of: any_of_parts,
        })
    }

    /// Whether it has groups at all (else its own keys are the whole condition).
    fn has_parts(&self) -> bool {
        !self.all_of.is_empty() || !self.any_of.is_empty()
    }

    /// Whether the reading of `f` meets it.
    fn holds(&self, f: &Facts) -> bool {
        self.own.holds(f)
            && self.all_of.iter().all(|part| part.holds(f))
            && (self.any_of.is_empty() || self.any_of.iter().any(|part| part.holds(f)))
    }

    /// The fewest and the most sequences of a regular reading that meets it
    /// ([`Requirements::sequence_bounds`]): within its own and every `all_of` part's, and
    /// within the widest of its `any_of` parts'.
    fn sequence_bounds(&self) -> (u8, u8) {
        let within = |(fewest, most): (u8, u8), (f, m): (u8, u8)| (fewest.max(f), most.min(m));
        let mut bounds = self.own.sequence_bounds();
        for part in &self.all_of {
            bounds = within(bounds, part.sequence_bounds());
        }
        if !self.any_of.is_empty() {
            let widest = (self.any_of.iter())
                .map(Group::sequence_bounds)
                .fold((4, 0), |(fewest, most), (f, m)| {
                    (fewest.min(f), most.max(m))
                });
            bounds = within(bounds, widest);
        }
        bounds
    }

    /// The condition in words, for the card: its own keys' (with the hand's shape), then
    /// "(…) and (…)" for `all_of` and "either (…) or (…)" for `any_of`, joined by ", and ".
    fn describe(&self, shapes: Shapes) -> String {
        let mut pieces = Vec::new();
        if self.own != Requirements::ANY || shapes != REGULAR_OR_PAIRS || !self.has_parts() {
            pieces.push(describe(&self.own, shapes));
        }
        let part = |group: &Group| format!("({})", group.describe(REGULAR_OR_PAIRS));
        if !self.all_of.is_empty() {
            let parts: Vec<String> = self.all_of.iter().map(part).collect();
            pieces.push(parts.join(" and "));
        }
        if !self.any_of.is_empty() {
            let parts: Vec<String> = self.any_of.iter().map(part).collect();
            pieces.push(format!("either {}", parts.join(" or ")));
        }
        pieces.join(", and ")
    }
}

condition_table! {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Hand {
        id: Spanned<String>,
        name: Spanned<String>,
        chinese: Option<Spanned<String>>,
        value: Spanned<i64>,
        #[serde(default)]
        limit: bool,
        #[serde(default)]
        implies: Vec<Spanned<String>>,
        series: Option<Spanned<String>>,
        #[serde(default)]
        fallback: bool,
        summary: Option<Spanned<String>>,
        example: Option<Spanned<String>>,
        shape: Option<Spanned<String>>,
        words: Option<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    }
}

condition_table! {
    /// A part of a hand's condition, in its `any_of` or `all_of`: condition keys, every one of
    /// which must hold, and groups of its own.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Part {}
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Triplets {
    of: Spanned<String>,
    at_least: Option<Spanned<i64>>,
    at_most: Option<Spanned<i64>>,
    exactly: Option<Spanned<i64>>,
}

/// The line and column of byte `offset` of `text`, and the message.
pub(crate) fn error_at(text: &str, offset: usize, message: String) -> RulesFileError {
    let offset = offset.min(text.len());
    let before = &text[..text.floor_char_boundary_compat(offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    // A message quotes the file: shown as any input text is, whatever the file holds.
    let message = crate::output::printable(&message).into_owned();
    RulesFileError {
        line,
        column,
        message,
    }
}

/// `str::floor_char_boundary`, which is not stable on the oldest Rust the crate builds with.
trait FloorBoundary {
    fn floor_char_boundary_compat(&self, index: usize) -> usize;
}

impl FloorBoundary for str {
    fn floor_char_boundary_compat(&self, index: usize) -> usize {
        (0..=index.min(self.len()))
            .rev()
            .find(|&i| self.is_char_boundary(i))
            .unwrap_or(0)
    }
}

fn change_error(text: &str, span: Range<usize>, error: ChangeError) -> RulesFileError {
    error_at(text, span.start, error.to_string())
}

/// A number of points from `lowest` to [`MAX_POINTS`].
fn points(
    value: &Spanned<i64>,
    lowest: u32,
    what: &str,
    text: &str,
) -> Result<u32, RulesFileError> {
    let n = *value.get_ref();
    u32::try_from(n)
        .ok()
        .filter(|&n| (lowest..=MAX_POINTS).contains(&n))
        .ok_or_else(|| {
            error_at(
                text,
                value.span().start,
                format!("{what} is {n}: expected a whole number from {lowest} to {MAX_POINTS}"),
            )
        })
}

/// The integer of a TOML value, or the error saying what was expected.
fn integer(
    value: &Spanned<toml::Value>,
    expected: &str,
    text: &str,
) -> Result<i64, RulesFileError> {
    value.get_ref().as_integer().ok_or_else(|| {
        let mut message = format!("expected {expected}, found {}", found(value.get_ref()));
        // A number in quotes.
        if let Some(n) = value
            .get_ref()
            .as_str()
            .and_then(|s| s.trim().parse::<i64>().ok())
        {
            message.push_str(&format!(": write {n}, without quotes"));
        }
        error_at(text, value.span().start, message)
    })
}

/// A TOML value as a message says what was found: `the text "8"`, `the number 1.5`, `a
/// list`, `a table`, `true`.
fn found(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => format!("the text \"{s}\""),
        toml::Value::Integer(n) => format!("the number {n}"),
        toml::Value::Float(x) => format!("the number {x}"),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(_) => "a date".to_string(),
        toml::Value::Array(_) => "a list".to_string(),
        toml::Value::Table(_) => "a table".to_string(),
    }
}

/// The file's `[values]`: each pattern of the base given its new value, once.
fn set_values(
    rules: &mut RuleSet,
    base: &RuleSet,
    file: &File,
    text: &str,
) -> Result<(), RulesFileError> {
    // In the file's order, so that a message names the earlier line.
    let mut values: Vec<_> = file.values.iter().collect();
    values.sort_by_key(|(id, _)| id.span().start);
    let mut set: Vec<&Spanned<String>> = Vec::new();
    for (id, value) in values {
        if let toml::Value::Table(table) = value.get_ref() {
            return Err(dotted_key(id, table, text));
        }
        if let Some(earlier) = set
            .iter()
            .find(|e| e.get_ref().eq_ignore_ascii_case(id.get_ref()))
        {
            return Err(error_at(
                text,
                id.span().start,
                format!(
                    "'{}' is given a value twice: '{}' on line {} is the same pattern",
                    id.get_ref(),
                    earlier.get_ref(),
                    line_of(text, earlier.span().start)
                ),
            ));
        }
        set.push(id);
        set_value(rules, base, id, value, text)?;
    }
    Ok(())
}

/// The error of `4.1 = 40` under `[values]`: TOML reads an unquoted `4.1` as the key `1`
/// of a table `4`. The id it meant is the keys down the tables.
fn dotted_key(id: &Spanned<String>, table: &toml::Table, text: &str) -> RulesFileError {
    let mut meant = id.get_ref().clone();
    let mut inner = table;
    let mut value = None;
    // The first id written so (`4.1 = 40` and `4.2 = 30` are one table 4).
    while let Some((key, next)) = inner.iter().next() {
        meant.push('.');
        meant.push_str(key);
        match next {
            toml::Value::Table(deeper) => inner = deeper,
            toml::Value::Integer(n) => {
                value = Some(n.to_string());
                break;
            }
            toml::Value::String(s) => {
                value = Some(format!("\"{s}\""));
                break;
            }
            _ => break,
        }
    }
    let value = value.unwrap_or_else(|| "VALUE".to_string());
    error_at(
        text,
        id.span().start,
        format!(
            "write \"{meant}\" = {value}, the id in quotes: unquoted, TOML reads the dots in {meant} as tables"
        ),
    )
}

/// The line of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    error_at(text, offset, String::new()).line
}

/// The file's `off`: each pattern of the base taken out, each named once.
fn switch_off(
    rules: &mut RuleSet,
    off: &[Spanned<String>],
    text: &str,
) -> Result<(), RulesFileError> {
    for (i, id) in off.iter().enumerate() {
        if let Some(earlier) = off[..i]
            .iter()
            .find(|e| e.get_ref().eq_ignore_ascii_case(id.get_ref()))
        {
            let (line, column) = {
                let at = error_at(text, earlier.span().start, String::new());
                (at.line, at.column)
            };
            return Err(error_at(
                text,
                id.span().start,
                format!(
                    "'{}' is listed twice in off (first at line {line}, column {column}): list it once",
                    id.get_ref()
                ),
            ));
        }
        rules
            .remove_pattern(id.get_ref())
            .map_err(|e| change_error(text, id.span(), e))?;
    }
    Ok(())
}

fn set_value(
    rules: &mut RuleSet,
    base: &RuleSet,
    id: &Spanned<String>,
    value: &Spanned<toml::Value>,
    text: &str,
) -> Result<(), RulesFileError> {
    // An id of no pattern: the error names the nearest ids.
    let at = rules
        .place_of(id.get_ref())
        .map_err(|e| change_error(text, id.span(), e))?;
    let pattern = &rules.patterns[at];
    let new = new_value(pattern, value, base, text)?;
    // A percentage's texts state it: they say the new one.
    if let (Value::Percent(old), Value::Percent(percent)) = (pattern.value, new) {
        let (was, now) = (format!("+{old} %"), format!("+{percent} %"));
        let (summary, details) = (
            pattern.summary.replace(&was, &now),
            pattern.details.replace(&was, &now),
        );
        let patterns = rules.patterns.to_mut();
        patterns[at].summary = Cow::Owned(summary);
        patterns[at].details = Cow::Owned(details);
    }
    rules
        .set_value(id.get_ref(), new)
        .map_err(|e| change_error(text, id.span(), e))
}

/// The value `[values]` gives `pattern`, of the kind its old value is: a percentage as
/// `"+N%"`, the doubling table's maximum as `"max"` or `"max - 1"`, points as a whole
/// number (up to the base's most); a computed or half-point value cannot be set.
fn new_value(
    pattern: &Pattern,
    value: &Spanned<toml::Value>,
    base: &RuleSet,
    text: &str,
) -> Result<Value, RulesFileError> {
    let at = value.span().start;
    match (pattern.value, value.get_ref()) {
        (Value::Percent(_), toml::Value::String(s)) => {
            let percent = s
                .strip_prefix('+')
                .and_then(|s| s.strip_suffix('%'))
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| (1..=1000).contains(n));
            percent.map(Value::Percent).ok_or_else(|| {
                error_at(
                    text,
                    at,
                    format!("'{s}': {} is a percentage: expected \"+N%\", N from 1 to 1000", pattern.id),
                )
            })
        }
        (Value::Percent(_), _) => Err(error_at(
            text,
            at,
            format!("{} is a percentage: expected a string \"+N%\" (e.g. \"+50%\")", pattern.id),
        )),
        (Value::Computed { label }, _) => Err(error_at(
            text,
            at,
            format!(
                "{} {} is computed from the hand ({label}): its value cannot be set; switch it off with off = [\"{}\"]",
                pattern.id, pattern.name, pattern.id
            ),
        )),
        (Value::Half, _) => Err(error_at(
            text,
            at,
            format!("{} {} is worth ½, counted only alone: its value cannot be set", pattern.id, pattern.name),
        )),
        (Value::Maximum { .. }, toml::Value::String(s)) => {
            let less = match s.replace(' ', "").as_str() {
                "max" | "maximum" => Some(0),
                "max-1" | "maximum-1" => Some(1),
                _ => None,
            };
            less.map(|less| Value::Maximum { less }).ok_or_else(|| {
                error_at(
                    text,
                    at,
                    format!("'{s}': expected \"max\", \"max - 1\" or a number of points"),
                )
            })
        }
        (old, _) => {
            let n = integer(value, &format!("{}'s points as a whole number", pattern.id), text)?;
            // The doubling table's points double the payout: past its cap they pay no more.
            let most = if base.id == crate::rules::DOUBLING.id {
                crate::rules::doubling::MAX_POINTS
            } else {
                MAX_POINTS
            };
            // A pattern worth 0 would still be counted: a hand with it and nothing else
            // would be no chicken hand, nor a false win, but a win that nobody pays.
            if n == 0 {
                return Err(error_at(
                    text,
                    at,
                    format!(
                        "{} is set to 0: a pattern is worth 1 point or more; to take it out, write off = [\"{}\"]",
                        pattern.id, pattern.id
                    ),
                ));
            }
            let points = u32::try_from(n).ok().filter(|&n| n <= most).ok_or_else(|| {
                error_at(
                    text,
                    at,
                    format!("{} is set to {n}: expected a whole number from 1 to {most}", pattern.id),
                )
            })?;
            Ok(match old {
                Value::Maximum { .. } => Value::Alone(points),
                _ => Value::Points(points),
            })
        }
    }
}

fn set_limits(rules: &mut RuleSet, limits: &Limits, text: &str) -> Result<(), RulesFileError> {
    let mut limit = rules.limit;
    // A limit is points, or "none".
    let read = |value: &Spanned<toml::Value>, what: &str| -> Result<Option<u32>, RulesFileError> {
        if value.get_ref().as_str() == Some("none") {
            return Ok(None);
        }
        let n = integer(
            value,
            &format!("the {what} limit in points, or \"none\""),
            text,
        )?;
        points(
            &Spanned::new(value.span(), n),
            1,
            &format!("the {what} limit"),
            text,
        )
        .map(Some)
    };
    if let Some(compound) = &limits.compound {
        limit.maximum = read(compound, "compound")?;
        if let (Some(maximum), true) = (limit.maximum, is_doubling(rules)) {
            if !(2..=crate::rules::doubling::MAX_POINTS).contains(&maximum) {
                return Err(error_at(
                    text,
                    compound.span().start,
                    format!(
                        "the doubling table's maximum is {maximum}: expected 2 to {}",
                        crate::rules::doubling::MAX_POINTS
                    ),
                ));
            }
        }
    }
    if let Some(single) = &limits.single {
        if is_doubling(rules) {
            return Err(error_at(
                text,
                single.span().start,
                "the doubling table has no single limit: its special hands score the maximum (limits.compound)".to_string(),
            ));
        }
        limit.alone_from = read(single, "single")?;
    }
    rules.set_limit(limit);
    Ok(())
}

/// Whether the rule set pays as the doubling table does (2^points).
fn is_doubling(rules: &RuleSet) -> bool {
    std::ptr::fn_addr_eq(rules.payments.pay, crate::rules::DOUBLING.payments.pay)
}

fn set_payments(
    rules: &mut RuleSet,
    payments: &BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    text: &str,
) -> Result<(), RulesFileError> {
    // The scheme's own numbers, then those of every scheme.
    let keys: Vec<&str> = (rules.payments.keys.iter().copied())
        .chain(PaymentParams::EVERY_SCHEME)
        .collect();
    let mut params = rules.payments.params;
    for (key, value) in payments {
        let name = key.get_ref().as_str();
        if !keys.contains(&name) {
            let has: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
            return Err(error_at(
                text,
                key.span().start,
                if PaymentParams::KEYS.contains(&name) {
                    format!(
                        "this base's payment scheme has no {name}; it has {}",
                        crate::rule_set::joined(&has, " and ")
                    )
                } else {
                    format!(
                        "no payment number '{name}': this base's scheme has {}",
                        crate::rule_set::joined(&has, " and ")
                    )
                },
            ));
        }
        let at = value.span().start;
        if name == "discarder_pays_all" {
            params.discarder_pays_all = value.get_ref().as_bool().ok_or_else(|| {
                error_at(
                    text,
                    at,
                    format!("expected true or false, found {}", found(value.get_ref())),
                )
            })?;
            continue;
        }
        let n = integer(value, "a whole number", text)?;
        let (lowest, highest) = if name == "discard_from" || name == "false_win" {
            (0, MAX_POINTS)
        } else {
            (1, 10)
        };
        let n = u32::try_from(n)
            .ok()
            .filter(|n| (lowest..=highest).contains(n))
            .ok_or_else(|| {
                error_at(
                    text,
                    at,
                    format!("{name} is {n}: expected {lowest} to {highest}"),
                )
            })?;
        match name {
            "discard_from" => params.discard_from = n,
            "self_draw_times" => params.self_draw_times = n,
            "discarder_times" => params.discarder_times = n,
            "false_win" => params.false_win = n,
            _ => params.dealer_times = n,
        }
    }
    rules.payments.params = params;
    Ok(())
}

/// A count: a whole number (exactly), or `{ at_least = N, at_most = M }`.
fn count(
    value: &Spanned<toml::Value>,
    what: &str,
    most: u8,
    text: &str,
) -> Result<Count, RulesFileError> {
    let at = value.span().start;
    let bounded = |n: i64| {
        u8::try_from(n)
            .ok()
            .filter(|&n| n <= most)
            .ok_or_else(|| error_at(text, at, format!("{what} is {n}: a hand has 0 to {most}")))
    };
    match value.get_ref() {
        toml::Value::Integer(n) => Ok(Count::exactly(bounded(*n)?)),
        toml::Value::Table(table) => {
            let mut count = Count::ANY;
            for (key, n) in table {
                let Some(n) = n.as_integer() else {
                    return Err(error_at(
                        text,
                        at,
                        format!("{what}.{key}: expected a whole number"),
                    ));
                };
                match key.as_str() {
                    "at_least" => count.min = bounded(n)?,
                    "at_most" => count.max = bounded(n)?,
                    _ => {
                        return Err(error_at(
                            text,
                            at,
                            format!("{what} has no '{key}': expected at_least or at_most"),
                        ))
                    }
                }
            }
            if count.min > count.max {
                return Err(error_at(
                    text,
                    at,
                    format!(
                        "{what}: at least {} and at most {} cannot both hold",
                        count.min, count.max
                    ),
                ));
            }
            Ok(count)
        }
        other => Err(error_at(
            text,
            at,
            format!(
                "{what}: expected a whole number or {{ at_least = N, at_most = M }}, found {}",
                found(other)
            ),
        )),
    }
}

/// A set of tile kinds written as words: tiles in notation (`b23468 e2`, `w1234`) and
/// groups (`honours`, `winds`, `dragons`, `terminals`, `simples`, `bamboo`, `characters`,
/// `dots`, `numbers`, `fives`, `all`).
pub(crate) fn tile_set(words: &str) -> Result<u64, (usize, String)> {
    let mut set = 0u64;
    let mut offset = 0;
    for word in words.split(' ') {
        let at = offset;
        offset += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        let group = match word.to_lowercase().as_str() {
            "honours" | "honors" => Some(kinds::HONORS),
            "winds" => Some(kinds::WINDS),
            "dragons" => Some(kinds::DRAGONS),
            "terminals" => Some(kinds::TERMINALS),
            "simples" => Some(kinds::SIMPLES),
            "bamboo" => Some(kinds::BAMBOO),
            "characters" => Some(kinds::CHARACTERS),
            "dots" => Some(kinds::DOTS),
            "numbers" => Some(kinds::BAMBOO | kinds::CHARACTERS | kinds::DOTS),
            "fives" => Some(0b1_0000 * (1 | 1 << 9 | 1 << 18)),
            "all" => Some(ALL_KINDS),
            _ => None,
        };
        if let Some(group) = group {
            set |= group;
            continue;
        }
        let mut chars = word.chars();
        let letter = chars.next().unwrap_or(' ');
        let digits = chars.as_str();
        // A word that is neither a group nor a letter and digits (`bamboo,`, `x3`).
        let suit = Suit::from_letter(letter.to_ascii_lowercase())
            .filter(|_| digits.chars().all(|c| c.is_ascii_digit()));
        let Some(suit) = suit else {
            let commas = if word.contains(',') {
                "; the words are parted by spaces, without commas"
            } else {
                ""
            };
            return Err((
                at,
                format!("'{word}': expected tiles (b, c, d, w or e and digits, as b23468 e2) or a group (honours, winds, dragons, terminals, simples, bamboo, characters, dots, numbers, fives, all){commas}"),
            ));
        };
        if digits.is_empty() {
            return Err((at, format!("'{word}': expected digits after '{letter}'")));
        }
        for (i, digit) in digits.char_indices() {
            let tile = digit
                .to_digit(10)
                .and_then(|d| Tile::new(suit, u8::try_from(d).ok()?));
            let Some(tile) = tile else {
                return Err((
                    at + 1 + i,
                    format!(
                        "'{digit}' is no {letter} tile: expected {letter}1 to {letter}{}",
                        suit.max_rank()
                    ),
                ));
            };
            set |= 1 << tile.index();
        }
    }
    if set == 0 {
        return Err((0, "expected at least one tile or group".to_string()));
    }
    Ok(set)
}

/// The tile set of a string of the file, its errors placed inside the string.
fn tiles_of(value: &Spanned<String>, text: &str) -> Result<u64, RulesFileError> {
    tile_set(value.get_ref()).map_err(|(offset, message)| {
        // The string's text starts after its opening quote.
        error_at(text, value.span().start + 1 + offset, message)
    })
}

/// A whole number of `what` (`unit`) within `range`.
fn number_within(
    value: &Spanned<i64>,
    what: &str,
    range: std::ops::RangeInclusive<u8>,
    unit: &str,
    text: &str,
) -> Result<u8, RulesFileError> {
    u8::try_from(*value.get_ref())
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            error_at(
                text,
                value.span().start,
                format!(
                    "{what} is {}: it counts {unit}, {} to {}",
                    value.get_ref(),
                    range.start(),
                    range.end()
                ),
            )
        })
}

/// `ended`: how the hand ended, one word or a list of them, every one to hold, as bits of
/// [`Ending`].
fn endings(value: &Spanned<toml::Value>, text: &str) -> Result<u8, RulesFileError> {
    let words = Ending::ALL.map(|(ending, word, _)| (ending as u8, word));
    word_bits(value, "ended is how the hand ended", &words, text)
}

/// `wait`: how the winning tile completed the reading, one word or a list of them, any one
/// to hold, as bits of [`WaitKind`].
fn waits(value: &Spanned<toml::Value>, text: &str) -> Result<u8, RulesFileError> {
    let words = WaitKind::ALL.map(|(wait, word, _)| (wait as u8, word));
    word_bits(
        value,
        "wait is how the winning tile completed the hand",
        &words,
        text,
    )
}

/// A word of `words`, or a list of them, as the bits they stand for together; `what` begins
/// the message for one that is none.
fn word_bits(
    value: &Spanned<toml::Value>,
    what: &str,
    words: &[(u8, &str)],
    text: &str,
) -> Result<u8, RulesFileError> {
    let at = value.span().start;
    let given: Vec<&toml::Value> = match value.get_ref() {
        toml::Value::Array(given) => given.iter().collect(),
        one => vec![one],
    };
    let names: Vec<String> = words
        .iter()
        .map(|(_, word)| format!("\"{word}\""))
        .collect();
    let expected = || {
        format!(
            "{what}: {}, or a list of them",
            crate::rule_set::joined(&names, " or ")
        )
    };
    let mut bits = 0;
    for word in given {
        let Some(word) = word.as_str() else {
            return Err(error_at(text, at, format!("{}, in quotes", expected())));
        };
        let folded = word.to_lowercase().replace(['-', ' '], "_");
        let Some(&(bit, _)) = words.iter().find(|(_, w)| *w == folded) else {
            return Err(error_at(text, at, format!("'{word}': {}", expected())));
        };
        bits |= bit;
    }
    Ok(bits)
}

fn choice<T: Copy>(
    value: &Spanned<String>,
    choices: &[(&str, T)],
    text: &str,
) -> Result<T, RulesFileError> {
    let word = value.get_ref().to_lowercase().replace(['-', ' '], "_");
    choices
        .iter()
        .find(|(name, _)| *name == word)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let names: Vec<String> = choices.iter().map(|(n, _)| format!("\"{n}\"")).collect();
            error_at(
                text,
                value.span().start,
                format!(
                    "'{}': expected {}",
                    value.get_ref(),
                    crate::rule_set::joined(&names, " or ")
                ),
            )
        })
}

const PRESENCE: [(&str, Presence); 4] = [
    ("any", Presence::Any),
    ("none", Presence::None),
    ("some", Presence::Some),
    ("only", Presence::Only),
];

const SHAPES: [(&str, Shapes); 5] = [
    ("regular", REGULAR),
    ("seven_pairs", SEVEN_PAIRS_ONLY),
    ("regular_or_seven_pairs", REGULAR_OR_PAIRS),
    ("thirteen_terminals", THIRTEEN_TERMINALS_ONLY),
    ("any", ANY),
];

/// The file's new hands: each one's pattern added in the file's order, then what each
/// implies (any pattern of the table, a hand further down the file included), then each
/// example checked to score its hand under the whole table.
fn add_hands(
    rules: &mut RuleSet,
    base: &RuleSet,
    file: &File,
    text: &str,
) -> Result<(), RulesFileError> {
    for (i, hand) in file.hands.iter().enumerate() {
        check_id(base, &file.hands[..i], &hand.get_ref().id, text)?;
        add_hand(rules, hand, text)?;
    }
    add_implications(rules, file, text)?;
    for hand in &file.hands {
        let hand = hand.get_ref();
        if let Some(example) = &hand.example {
            check_example(hand, example, rules, text)?;
        }
    }
    Ok(())
}

/// Refuses a new hand's id that is no id (empty, a space or a `+` in it), or that another
/// pattern has in any case: a pattern of the base (switched off or not) or a hand of the
/// file before it (`earlier`).
fn check_id(
    base: &RuleSet,
    earlier: &[Spanned<Hand>],
    id: &Spanned<String>,
    text: &str,
) -> Result<(), RulesFileError> {
    let at = |message: String| error_at(text, id.span().start, message);
    if let Some(message) = texts::bad_id(id.get_ref()) {
        return Err(at(message));
    }
    let same = |other: &str| other.eq_ignore_ascii_case(id.get_ref());
    if let Some(pattern) = base.patterns.iter().find(|p| same(&p.id)) {
        return Err(at(format!(
            "'{}' is {}'s {} {}: a new hand needs an id of its own (a club's are written c.1, c.2, ...)",
            id.get_ref(),
            base.id,
            pattern.id,
            pattern.name
        )));
    }
    if let Some(first) = earlier
        .iter()
        .map(|h| &h.get_ref().id)
        .find(|e| same(e.get_ref()))
    {
        let line = line_of(text, first.span().start);
        return Err(at(if first.get_ref() == id.get_ref() {
            format!(
                "the file defines hand '{}' twice: first on line {line}; give this one an id of its own",
                id.get_ref()
            )
        } else {
            format!(
                "'{}' is the id of the hand on line {line}, '{}', in another case: ids are the same in any case; give this one an id of its own",
                id.get_ref(),
                first.get_ref()
            )
        }));
    }
    Ok(())
}

/// Adds the new hand of a `[[hands]]` table to `rules`: its conditions read into
/// [`Requirements`] and its pattern made (what it implies comes once every hand is in).
fn add_hand(
    rules: &mut RuleSet,
    spanned: &Spanned<Hand>,
    text: &str,
) -> Result<(), RulesFileError> {
    let hand = spanned.get_ref();
    let shapes = match &hand.shape {
        Some(shape) => choice(shape, &SHAPES, text)?,
        None => REGULAR_OR_PAIRS,
    };
    let mut group = Group::of(hand, 0, shapes, text)?;
    let mut words_said = None;
    if let Some(words) = &hand.words {
        let (tests, said) = word_tests(words, rules.words, text)?;
        group.own.words = tests;
        words_said = Some(said);
    }
    let r = group.own;
    if r.each_prevailing_wind && crate::words::round_index(rules.words).is_none() {
        let counted = [
            &hand.each_triplet_of,
            &hand.each_kong_of,
            &hand.each_pair_of,
        ];
        let at = counted
            .into_iter()
            .flatten()
            .next()
            .map_or(spanned.span().start, |each| each.span().start);
        return Err(error_at(
            text,
            at,
            "prevailing_wind: this rule set has no prevailing wind (the doubling table's and Huang's round=); Zung Jung has none".to_string(),
        ));
    }
    if hand.fallback && (r != Requirements::ANY || group.has_parts() || hand.limit) {
        return Err(error_at(
            text,
            spanned.span().start,
            format!(
                "'{}' is a fallback hand, which scores when no other pattern does: it asks nothing but its shape, and is no limit (a chicken hand: fallback = true, value and shape)",
                hand.name.get_ref()
            ),
        ));
    }
    if let Some(series) = &hand.series {
        if let Some(message) = texts::bad_id(series.get_ref()) {
            return Err(error_at(
                text,
                series.span().start,
                format!("a series is named as an id is: {message}"),
            ));
        }
    }
    if let Some(why) = impossible(&r, shapes) {
        return Err(error_at(
            text,
            spanned.span().start,
            format!("no hand can be '{}': {why}", hand.name.get_ref()),
        ));
    }
    if r.counts_each_set() && group.has_parts() {
        return Err(error_at(
            text,
            spanned.span().start,
            format!(
                "'{}' counts some sets or pairs once each (each_triplet_of, each_kong_of, each_sequence_of, each_pair_of) and has parts (any_of, all_of): a hand counted once a set asks nothing else",
                hand.name.get_ref()
            ),
        ));
    }
    // Passed by on a regular reading with a number of sequences it cannot have, as a
    // built-in pattern is (its words on the card are those of the shape written).
    let narrowed = match group.sequence_bounds() {
        (fewest, most) if fewest <= most && !hand.fallback => shapes.with_sequences(fewest, most),
        _ => shapes,
    };
    let pattern = hand_pattern(hand, group, shapes, words_said, text)?.with_shapes(narrowed);
    rules
        .add_pattern(pattern, &[])
        .map_err(|e| change_error(text, hand.id.span(), e))
}

/// What the file's hands imply: each implied id a pattern of the whole table, named once,
/// and no circle of hands implying each other. The implications go in the order that puts
/// a hand's before those of the hands it implies (a dropped pattern drops nothing itself).
fn add_implications(rules: &mut RuleSet, file: &File, text: &str) -> Result<(), RulesFileError> {
    let hands: Vec<&Hand> = file.hands.iter().map(Spanned::get_ref).collect();
    for hand in &hands {
        check_implies(rules, hand, &file.off, text)?;
    }
    // Which hands of the file each hand implies.
    let implied: Vec<Vec<usize>> = hands
        .iter()
        .map(|hand| {
            let of_file = |id: &Spanned<String>| {
                hands
                    .iter()
                    .position(|h| h.id.get_ref().eq_ignore_ascii_case(id.get_ref()))
            };
            hand.implies.iter().filter_map(of_file).collect()
        })
        .collect();
    let order = implying_first(&implied).map_err(|circle| {
        let names: Vec<String> = circle
            .iter()
            .map(|&i| format!("'{}'", hands[i].id.get_ref()))
            .collect();
        let first = hands[circle[0]];
        let at = first.implies.first().map_or(first.id.span(), Spanned::span);
        error_at(
            text,
            at.start,
            format!(
                "{} imply each other in a circle: a hand implies only lower ones",
                crate::rule_set::joined(&names, " and ")
            ),
        )
    })?;
    for &i in order.iter().rev() {
        let hand = hands[i];
        let implies: Vec<&str> = hand.implies.iter().map(|i| i.get_ref().as_str()).collect();
        rules
            .add_implication(hand.id.get_ref(), &implies)
            .map_err(|e| change_error(text, hand.id.span(), e))?;
    }
    Ok(())
}

/// One hand's `implies`: every id a pattern of the table (not one switched off), none
/// twice, not the hand itself.
fn check_implies(
    rules: &RuleSet,
    hand: &Hand,
    off: &[Spanned<String>],
    text: &str,
) -> Result<(), RulesFileError> {
    for (i, id) in hand.implies.iter().enumerate() {
        let at = |message: String| error_at(text, id.span().start, message);
        let same = |other: &str| other.eq_ignore_ascii_case(id.get_ref());
        if hand.implies[..i].iter().any(|e| same(e.get_ref())) {
            return Err(at(format!(
                "'{}' is listed twice in implies: list it once",
                id.get_ref()
            )));
        }
        if let Some(switched) = off.iter().find(|o| same(o.get_ref())) {
            return Err(at(format!(
                "'{}' is switched off (off, line {}): a hand cannot imply it",
                id.get_ref(),
                line_of(text, switched.span().start)
            )));
        }
        if same(hand.id.get_ref()) {
            return Err(change_error(
                text,
                id.span(),
                ChangeError::ImpliesItself {
                    id: id.get_ref().clone(),
                },
            ));
        }
        if let Err(error) = rules.place_of(id.get_ref()) {
            return Err(change_error(text, id.span(), error));
        }
    }
    Ok(())
}

/// The hands in an order that puts each before the hands it implies (`implied[i]`: the
/// hands hand `i` implies), the file's order otherwise; or the hands of a circle.
fn implying_first(implied: &[Vec<usize>]) -> Result<Vec<usize>, Vec<usize>> {
    let mut order = Vec::with_capacity(implied.len());
    let mut placed = vec![false; implied.len()];
    while order.len() < implied.len() {
        // The first hand left that no hand left implies.
        let next = (0..implied.len()).find(|&i| {
            !placed[i]
                && !(0..implied.len()).any(|j| !placed[j] && j != i && implied[j].contains(&i))
        });
        match next {
            Some(i) => {
                placed[i] = true;
                order.push(i);
            }
            None => return Err(circle(implied, &placed)),
        }
    }
    Ok(order)
}

/// The hands of a circle among those not `placed`, in the file's order: each of them is
/// implied by another of them, so going back from one to a hand that implies it comes round.
fn circle(implied: &[Vec<usize>], placed: &[bool]) -> Vec<usize> {
    let implying = |i: usize| (0..implied.len()).find(|&j| !placed[j] && implied[j].contains(&i));
    let mut path: Vec<usize> = (0..implied.len()).filter(|&i| !placed[i]).take(1).collect();
    while let Some(back) = path.last().and_then(|&i| implying(i)) {
        if let Some(at) = path.iter().position(|&i| i == back) {
            let mut circle = path.split_off(at);
            circle.sort_unstable();
            return circle;
        }
        path.push(back);
    }
    path
}

/// How many triplets of the kinds `triplets = {of, …}` names: `exactly`, or `at_least`
/// and `at_most`; at least one of them.
fn triplets_count(triplets: &Spanned<Triplets>, text: &str) -> Result<Count, RulesFileError> {
    let at = |span: Range<usize>, message: String| error_at(text, span.start, message);
    let t = triplets.get_ref();
    let number = |n: &Spanned<i64>| {
        u8::try_from(*n.get_ref())
            .ok()
            .filter(|&n| n <= 4)
            .ok_or_else(|| {
                at(
                    n.span(),
                    format!(
                        "triplets: {} is no count of sets: expected 0 to 4",
                        n.get_ref()
                    ),
                )
            })
    };
    let mut count = Count::ANY;
    if let Some(n) = &t.exactly {
        count = Count::exactly(number(n)?);
    }
    if let Some(n) = &t.at_least {
        count.min = number(n)?;
    }
    if let Some(n) = &t.at_most {
        count.max = number(n)?;
    }
    if count.is_any() {
        return Err(at(
            triplets.span(),
            "triplets: expected how many, with at_least, at_most or exactly".to_string(),
        ));
    }
    Ok(count)
}

/// The pattern of a new hand: its id, names, value (a limit scores alone), condition,
/// shapes, and its text (given, or said from its conditions).
fn hand_pattern(
    hand: &Hand,
    group: Group,
    shapes: Shapes,
    words_said: Option<String>,
    text: &str,
) -> Result<Pattern, RulesFileError> {
    let points = points(&hand.value, 1, "a hand's value", text)?;
    let value = if hand.limit {
        Value::Alone(points)
    } else {
        Value::Points(points)
    };
    let summary = hand.summary.as_ref().map_or_else(
        || {
            let described = group.describe(shapes);
            match (&words_said, hand.fallback) {
                (_, true) => format!("{described}, with no other pattern"),
                // A hand asking only the words reads as one that any winning hand may be.
                (Some(said), false) if described == "any" => {
                    format!("any winning hand; the line says {said}")
                }
                (Some(said), false) => format!("{described}; the line says {said}"),
                (None, false) => described,
            }
        },
        |s| s.get_ref().clone(),
    );
    let details = format!(
        "{summary}{}",
        if hand.limit {
            ". A limit: it scores alone."
        } else {
            "."
        }
    );
    let mut pattern = Pattern::new(
        hand.id.get_ref().clone(),
        hand.name.get_ref().clone(),
        value,
        if hand.fallback {
            Condition::Fallback
        } else if group.has_parts() {
            // Parts, any of which may hold, are more than one set of requirements says: the
            // group is held by a closure, as a condition made in code is.
            let group = std::sync::Arc::new(group);
            Condition::Closure(std::sync::Arc::new(move |f: &Facts| group.holds(f)))
        } else {
            Condition::Requires(group.own)
        },
    )
    .with_chinese(
        hand.chinese
            .as_ref()
            .map_or_else(String::new, |c| c.get_ref().clone()),
    )
    .with_shapes(shapes)
    .with_text(summary, details);
    if let Some(example) = &hand.example {
        pattern = pattern.with_example(example.get_ref().clone());
    }
    if let Some(series) = &hand.series {
        pattern = pattern.with_series(series.get_ref().clone());
    }
    Ok(pattern)
}

/// Checks that a new hand's example scores it under the whole table.
fn check_example(
    hand: &Hand,
    example: &Spanned<String>,
    rules: &RuleSet,
    text: &str,
) -> Result<(), RulesFileError> {
    let at = |span: Range<usize>, message: String| error_at(text, span.start, message);
    let scored = crate::score_line(example.get_ref(), rules)
        .map_err(|e| at(example.span(), format!("the example is no hand: {e}")))?;
    let counts = match &scored.outcome {
        crate::Outcome::Win { reading, .. } => reading
            .counted
            .iter()
            .chain(reading.set_aside.iter())
            .any(|c| c.pattern.id == *hand.id.get_ref()),
        _ => false,
    };
    if !counts {
        return Err(at(
            example.span(),
            format!(
                "the example does not score '{}': expected a hand it applies to",
                hand.name.get_ref()
            ),
        ));
    }
    Ok(())
}

/// Why no reading can meet `r` on `shapes`, where that can be seen from the parts alone.
fn impossible(r: &Requirements, shapes: Shapes) -> Option<String> {
    let tiles = r.tiles;
    let numbers = kinds::BAMBOO | kinds::CHARACTERS | kinds::DOTS;
    let suits_possible = crate::patterns::number_suits(tiles) as u8;
    if r.suits.min > suits_possible {
        return Some(format!(
            "it needs {} suits, and its tiles are of {suits_possible}",
            r.suits.min
        ));
    }
    if r.honours == Presence::Some && tiles & kinds::HONORS == 0 {
        return Some("it needs honours, and its tiles have none".to_string());
    }
    if r.honours == Presence::Only && (tiles & kinds::HONORS == 0 || r.suits.min > 0) {
        return Some("it is all honours, and its tiles or suits say otherwise".to_string());
    }
    if r.terminals == Presence::Some && tiles & kinds::TERMINALS == 0 {
        return Some("it needs terminals, and its tiles have none".to_string());
    }
    if r.honours == Presence::Only && r.terminals == Presence::Some {
        return Some("it is all honours and needs terminals".to_string());
    }
    if r.suits.max == 0 && r.honours == Presence::None {
        return Some("it has no suit and no honours: no tiles at all".to_string());
    }
    if r.sets == SetsRule::Sequences
        && (r.kongs.min > 0 || r.concealed_triplets.min > 0 || r.triplets.min > 0)
    {
        return Some("its sets are all sequences, and it needs triplets or kongs".to_string());
    }
    if r.sets == SetsRule::Sequences && (tiles & numbers == 0 || r.honours == Presence::Only) {
        return Some("its sets are sequences, and it holds no number tiles".to_string());
    }
    if r.triplets.min > 0 && (r.triplets_of & tiles).count_ones() < u32::from(r.triplets.min) {
        return Some(format!(
            "it needs {} triplets of kinds its tiles allow {} of",
            r.triplets.min,
            (r.triplets_of & tiles).count_ones()
        ));
    }
    if r.counts_each_set()
        && r.each_kind == CountedSets::Pairs
        && !(shapes.allow_kind(0) || shapes.allow_kind(1))
    {
        return Some(
            "it counts pairs, and its shape has none (a regular hand has one, Seven Pairs seven)"
                .to_string(),
        );
    }
    if r.pair != ALL_KINDS && r.pair & tiles == 0 {
        return Some("its pair is of tiles it may not hold".to_string());
    }
    if r.every_group_holds != ALL_KINDS && r.every_group_holds & tiles == 0 {
        return Some("every set must hold tiles it may not hold".to_string());
    }
    if r.straight_suits > r.suits.max {
        return Some(format!(
            "its straight spans {} suits, and it allows {}",
            r.straight_suits, r.suits.max
        ));
    }
    if r.melded_sets.min > 0 && r.concealed == Some(true) {
        return Some("a concealed hand has no melded set".to_string());
    }
    if r.kongs.min > 0 && r.concealed_triplets.max < r.kongs.min && r.concealed == Some(true) {
        return Some(
            "a concealed hand's kongs are concealed triplets, and it allows fewer".to_string(),
        );
    }
    let regular = shapes.regular;
    let needs_sets = r.sets != SetsRule::Any
        || r.every_group_holds != ALL_KINDS
        || r.pair != ALL_KINDS
        || r.kongs.min > 0
        || r.melded_sets.min > 0
        || r.concealed_triplets.min > 0
        || r.triplets.min > 0
        || r.identical_sequences.min > 0
        || r.identical_pairs.min > 0
        || r.similar_sequences > 0
        || r.similar_triplets > 0
        || r.similar_triplets_and_pair
        || r.straight
        || r.straight_suits > 0
        || r.consecutive_triplets > 0
        || r.counts_each_set();
    if !regular && needs_sets {
        return Some("it asks about sets or the pair, and its shape has none".to_string());
    }
    None
}

/// The requirements in one line, for the card when the file gives no summary.
fn describe(r: &Requirements, shapes: Shapes) -> String {
    let mut parts: Vec<String> = Vec::new();
    let shape = SHAPES
        .iter()
        .find(|(_, s)| *s == shapes)
        .map_or("any", |(n, _)| n);
    if shape != "regular_or_seven_pairs" {
        parts.push(shape.replace('_', " "));
    }
    if r.tiles != ALL_KINDS {
        parts.push(format!("only {}", kinds_text(r.tiles)));
    }
    if !r.suits.is_any() {
        let suits = count_text(r.suits);
        parts.push(if suits == "1" {
            "one suit".to_string()
        } else {
            format!("{suits} suits")
        });
    }
    let presence = |p: Presence, what: &str| match p {
        Presence::Any => None,
        Presence::None => Some(format!("no {what}")),
        Presence::Some => Some(format!("some {what}")),
        Presence::Only => Some(format!("only {what}")),
    };
    parts.extend(presence(r.honours, "honours"));
    parts.extend(presence(r.terminals, "terminals"));
    match r.sets {
        SetsRule::Any => {}
        SetsRule::Triplets => parts.push("all triplets".to_string()),
        SetsRule::Sequences => parts.push("all sequences".to_string()),
    }
    if r.every_group_holds != ALL_KINDS {
        parts.push(format!(
            "every set and the pair hold {}",
            kinds_text(r.every_group_holds)
        ));
    }
    match r.concealed {
        Some(true) => parts.push("concealed".to_string()),
        Some(false) => parts.push("with a melded set".to_string()),
        None => {}
    }
    match r.self_drawn {
        Some(true) => parts.push("self-drawn".to_string()),
        Some(false) => parts.push("won on a discard".to_string()),
        None => {}
    }
    match r.one_kind_waited {
        Some(true) => parts.push("waiting on one kind of tile".to_string()),
        Some(false) => parts.push("waiting on more than one kind".to_string()),
        None => {}
    }
    // A count asked for, in words: "2+ kongs".
    let counted = |parts: &mut Vec<String>, count: Count, what: &str| {
        if !count.is_any() {
            parts.push(format!("{} {what}", count_text(count)));
        }
    };
    counted(&mut parts, r.kongs, "kongs");
    counted(&mut parts, r.melded_sets, "melded sets");
    counted(&mut parts, r.concealed_triplets, "concealed triplets");
    if !r.triplets.is_any() {
        parts.push(format!(
            "{} triplets of {}",
            count_text(r.triplets),
            kinds_text(r.triplets_of)
        ));
    }
    if r.pair != ALL_KINDS {
        parts.push(format!("a pair of {}", kinds_text(r.pair)));
    }
    counted(&mut parts, r.identical_sequences, "identical sequences");
    counted(
        &mut parts,
        r.identical_pairs,
        "pairs of identical sequences",
    );
    if r.similar_sequences > 0 {
        parts.push(format!(
            "a sequence of the same numbers in {}+ suits",
            r.similar_sequences
        ));
    }
    if r.similar_triplets > 0 {
        parts.push(format!(
            "triplets of the same number in {}+ suits",
            r.similar_triplets
        ));
    }
    if r.similar_triplets_and_pair {
        parts.push("triplets of one number in two suits and its pair in the third".to_string());
    }
    if r.straight {
        parts.push("123, 456 and 789 of one suit".to_string());
    }
    match r.straight_suits {
        0 => {}
        1 => parts.push("123, 456 and 789 in one suit".to_string()),
        n => parts.push(format!("123, 456 and 789 across {n} suits")),
    }
    if r.counts_each_set() {
        let mut of = Vec::new();
        if r.each_set_of != 0 {
            of.push(kinds_text(r.each_set_of));
        }
        if r.each_seat_wind {
            of.push("the seat's wind".to_string());
        }
        if r.each_prevailing_wind {
            of.push("the prevailing wind".to_string());
        }
        let sets = match r.each_kind {
            CountedSets::Triplets => "triplet or kong of",
            CountedSets::Kongs => "kong of",
            CountedSets::Sequences => "sequence holding",
            CountedSets::Pairs => "pair of",
        };
        parts.push(format!("once for each {sets} {}", of.join(" or ")));
    }
    // A rank count as its digits: 1112345678999.
    let digits = |counts: [u8; 9]| -> String {
        (1..=9u8)
            .flat_map(|rank| {
                std::iter::repeat_n(
                    char::from(b'0' + rank),
                    usize::from(counts[usize::from(rank) - 1]),
                )
            })
            .collect()
    };
    if let Some(held) = r.held {
        parts.push(format!(
            "holding {} of the winning tile's suit before the win",
            digits(held)
        ));
    }
    if let Some(least) = r.hand_at_least {
        parts.push(format!(
            "all of the winning tile's suit, melds included, with {} at least and no kong",
            digits(least)
        ));
    }
    if r.consecutive_triplets > 0 {
        parts.push(format!(
            "{}+ triplets of consecutive numbers in one suit",
            r.consecutive_triplets
        ));
    }
    for (ending, _, words) in Ending::ALL {
        if r.ended & ending as u8 != 0 {
            parts.push(format!("won {words}"));
        }
    }
    let waits: Vec<&str> = (WaitKind::ALL.iter())
        .filter(|&&(wait, _, _)| r.waits & wait as u8 != 0)
        .map(|&(_, _, words)| words)
        .collect();
    if !waits.is_empty() {
        parts.push(format!("won {}", waits.join(" or ")));
    }
    if parts.is_empty() {
        "any winning hand".to_string()
    } else {
        parts.join(", ")
    }
}

fn count_text(count: Count) -> String {
    match (count.min, count.max) {
        (min, max) if min == max => min.to_string(),
        (min, u8::MAX) => format!("{min}+"),
        (0, max) => format!("at most {max}"),
        (min, max) => format!("{min}-{max}"),
    }
}

/// A set of kinds in notation, one group per suit: `b23468 e2`.
fn kinds_text(set: u64) -> String {
    let tiles: Vec<Tile> = crate::waits::kinds_of(set).collect();
    crate::tile::grouped_by_suit(&tiles)
}
/// Rules files, read as rule sets.
impl RuleSet {
    /// The most bytes a rules file may have (1 MiB): a longer one is refused before it is
    /// read, so that a program reads no more than this and a byte of a file it is given.
    pub const MAX_RULES_FILE_BYTES: usize = MAX_BYTES;

    /// The rule set a rules file describes (docs/rules-files.md): its base with the file's
    /// changes, or a rule set written from nothing; or why the file does not check, at its
    /// line and column.
    ///
    /// ```
    /// use mjscore::{FalseWin, Outcome, RuleSet};
    /// let club = RuleSet::from_rules_file("base = \"wsom\"\nname = \"High club\"\nminimum = 50\n")?;
    /// // 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45: under this club's minimum.
    /// let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s", &club)?;
    /// let Outcome::FalseWin(FalseWin::BelowMinimum { reading, minimum }) = &scored.outcome else {
    ///     panic!("a false win")
    /// };
    /// assert_eq!((reading.total, *minimum), (45, 50));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_rules_file(text: &str) -> Result<RuleSet, RulesFileError> {
        parse(text)
    }

    /// [`RuleSet::from_rules_file`], with the rule set the file starts from (a built-in one,
    /// or the scheme of a file written from nothing), to show what it changed
    /// ([`Text::changes`](crate::render::Text::changes)).
    pub fn from_rules_file_with_base(
        text: &str,
    ) -> Result<(RuleSet, &'static RuleSet), RulesFileError> {
        parse_with_base(text)
    }

    /// Where a rules file made from this rule set (the base
    /// [`RuleSet::from_rules_file_with_base`] gives) started, in the words `mjscore rules check`
    /// and the card use: `from wsom`, or for a scheme without patterns (a file written from
    /// nothing) `written from nothing, scheme zung_jung`.
    pub fn base_words(&self) -> String {
        if self.patterns.is_empty() {
            format!("written from nothing, scheme {}", self.id)
        } else {
            format!("from {}", self.id)
        }
    }

    /// Whether a `--rules` argument names a rules file rather than a built-in rule set: a
    /// path ending `.toml` or holding a `/`.
    pub fn is_rules_file_path(argument: &str) -> bool {
        is_path(argument)
    }
}
