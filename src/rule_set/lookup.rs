//! Finding a pattern by what a person calls it: its id, or one of its names, whole, begun
//! or in words ([`RuleSet::lookup`]), and the nearest patterns by spelling when nothing
//! answers. `explain`, claims (`claim=nine-tile`) and rules files look patterns up here.
//!
//! A claim on every line of a batch looks patterns up, so a lookup folds no name and
//! allocates nothing per pattern: each pattern's names are folded once per rule set
//! ([`FoldedNames`]), and a mistyped name, which is compared with every name, costs
//! distances worked out only as far as they can stay near.

use crate::patterns::Pattern;

use super::{FoldedName, FoldedNames, Lookup, PatternNotFound, RuleSet};
use super::named;

impl FoldedNames {
    pub(crate) fn of(pattern: &Pattern) -> FoldedNames {
        let names: Vec<String> = names_of(pattern).collect();
        FoldedNames {
            id: pattern.id.to_lowercase().chars().collect(),
            digits: names.iter().map(|name| FoldedName::of(with_digits(name))).collect(),
            names: names.into_iter().map(FoldedName::of).collect(),
        }
    }
}

impl FoldedName {
    fn of(text: String) -> FoldedName {
        let chars: Vec<char> = text.chars().collect();
        let sets = std::iter::once(0)
            .chain(chars.iter().scan(0u128, |set, &c| {
                *set |= 1 << bucket(c);
                Some(*set)
            }))
            .collect();
        FoldedName { chars, sets, text }
    }

    /// The set of its characters (see [`FoldedName::sets`]).
    fn set(&self) -> u128 {
        self.sets.last().copied().unwrap_or(0)
    }

    /// Whether each word of `query` starts a word of this name (both folded): `straight`
    /// is in `nine tile straight`, `one suit` in `mixed one suit`. A query in a script
    /// written without spaces (Chinese) is looked for inside the name instead.
    /// `query_set` is the set of the query's characters, as [`FoldedName::sets`] holds them.
    fn holds_words(&self, query: &str, query_set: u128) -> bool {
        if !query.is_ascii() {
            return self.text.contains(query);
        }
        // A letter of the query that the name lacks: no word of the name starts so.
        if query_set & !self.set() != 0 {
            return false;
        }
        query
            .split(' ')
            .all(|word| self.text.split(' ').any(|in_name| in_name.starts_with(word)))
    }
}

/// A pattern name or id as compared: lower case, hyphens as spaces, spaces collapsed.
fn folded(text: &str) -> String {
    text.to_lowercase()
        .replace('-', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A folded name with the numbers one to thirteen, written as words, in digits: players
/// say "13 orphans" and "thirteen orphans", "7 pairs" and "seven pairs", alike.
fn with_digits(folded: &str) -> String {
    const NUMBERS: [&str; 13] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen",
    ];
    folded
        .split(' ')
        .map(|word| match NUMBERS.iter().position(|&n| n == word) {
            Some(i) => (i + 1).to_string(),
            None => word.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every name `pattern` goes by, folded: English, Chinese, then its aliases.
fn names_of(pattern: &Pattern) -> impl Iterator<Item = String> + '_ {
    [&*pattern.name, &*pattern.chinese]
        .into_iter()
        .chain(pattern.aliases.iter().copied())
        .map(folded)
}

/// Whether `pattern` has the id or one of the names `query` (folded) says.
fn goes_by(pattern: &Pattern, query: &str) -> bool {
    pattern.id.eq_ignore_ascii_case(query) || names_of(pattern).any(|name| name == query)
}

/// The edit distance between `a` and `b` (insertions, deletions, substitutions) when it is
/// at most `bound`; `None` when it is more. Two strings whose lengths differ by more than
/// `bound` are that far apart at least, and are not compared. `row` is the caller's,
/// reused from one call to the next.
fn distance_within(a: &[char], b: &[char], bound: usize, row: &mut Vec<usize>) -> Option<usize> {
    if a.len().abs_diff(b.len()) > bound {
        return None;
    }
    distance_row(a, b, bound, row)?;
    Some(row[b.len()]).filter(|&d| d <= bound)
}

/// The edit distance between two words (insertions, deletions, substitutions), for a
/// message's "did you mean": what [`RuleSet::lookup`] measures, without a bound.
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut row = Vec::new();
    distance_row(&a, &b, usize::MAX, &mut row);
    row[b.len()]
}

/// Leaves in `row` the last row of the edit distances between `a` and `b`: `row[j]` is the
/// distance between `a` and the first `j` characters of `b`. `None`, and `row` unfinished,
/// as soon as a row is all past `bound`: no distance can come back within it.
fn distance_row(a: &[char], b: &[char], bound: usize, row: &mut Vec<usize>) -> Option<()> {
    row.clear();
    row.extend(0..=b.len());
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        let mut least = row[0];
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
            least = least.min(row[j + 1]);
        }
        if least > bound {
            return None;
        }
    }
    Some(())
}

/// A query's characters, and how many of each (by [`bucket`]: characters that share a
/// count can only make [`Letters::lacking`] lower, so it stays a bound).
struct Letters {
    chars: Vec<char>,
    counts: [u8; 128],
    /// The set of its characters, as [`FoldedName::sets`] holds them.
    set: u128,
}

impl Letters {
    fn of(query: &str) -> Letters {
        let chars: Vec<char> = query.chars().collect();
        let mut counts = [0u8; 128];
        for &c in &chars {
            let count = &mut counts[bucket(c)];
            *count = count.saturating_add(1);
        }
        Letters {
            set: set_of(&chars),
            chars,
            counts,
        }
    }

    /// How many of the query's characters a text whose set of characters is `set` lacks
    /// altogether: a lower bound of the edit distance from the query to it, as each takes
    /// an edit.
    fn lacking(&self, set: u128) -> usize {
        let mut lacked = self.set & !set;
        let mut count = 0;
        while lacked != 0 {
            count += usize::from(self.counts[lacked.trailing_zeros() as usize]);
            lacked &= lacked - 1;
        }
        count
    }
}

/// The place of a character's bit in a set of characters (its code modulo 128).
fn bucket(c: char) -> usize {
    (u32::from(c) & 127) as usize
}

/// The set of `chars`, as [`FoldedName::sets`] holds them.
fn set_of(chars: &[char]) -> u128 {
    chars.iter().fold(0, |set, &c| set | 1 << bucket(c))
}

/// How near `query` is to a name: the distance to the whole name within `bound`, or one
/// more than the distance to its start (its first characters, as many as the query's)
/// within `start_bound`, as a query that starts a name is found by it; `None` when
/// neither is near. One comparison gives both: the start's distance is on the last row
/// of the whole name's, at the query's length.
///
/// Most names are far from a query: the query's characters each name (or its start)
/// lacks are counted first ([`Letters::lacking`]), in a few instructions, and only a name
/// that may be near is compared character by character.
fn name_distance(
    query: &Letters,
    folded: &FoldedName,
    bound: usize,
    start_bound: usize,
    row: &mut Vec<usize>,
) -> Option<usize> {
    let name = &folded.chars[..];
    let length = query.chars.len();
    let start_bound = start_bound.min(bound);
    let whole_may_be_near =
        length.abs_diff(name.len()) <= bound && query.lacking(folded.set()) <= bound;
    let start_may_be_near = name.len() > length && query.lacking(folded.sets[length]) <= start_bound;
    if !whole_may_be_near && !start_may_be_near {
        return None;
    }
    let query = &query.chars[..];
    if name.len() <= length {
        return whole_may_be_near
            .then(|| distance_within(query, name, bound, row))
            .flatten();
    }
    // The start is as long as the query: compared as far as the whole needs, if it does.
    let compared = if whole_may_be_near { name } else { &name[..length] };
    let widest = if whole_may_be_near { bound } else { start_bound };
    distance_row(query, compared, widest, row)?;
    let whole = whole_may_be_near
        .then(|| row[name.len()])
        .filter(|&d| d <= bound);
    let started = Some(row[length] + 1).filter(|&d| row[length] <= start_bound && d <= bound);
    whole.into_iter().chain(started).min()
}

impl RuleSet {
    /// The pattern `query` means, trying each way in turn until one finds any:
    /// 1. its id (any case), or one of its names (English, Chinese, the
    ///    aliases players use), in any case, a hyphen as a space;
    /// 2. the start of its English name (`nine-tile`);
    /// 3. words inside one of its names, each the start of a word there, in any order
    ///    (`straight`, `one suit`, `pure str`), or, for Chinese, characters inside one
    ///    (`七對`).
    ///
    /// Several patterns found the same way are all returned; none at all gives the nearest
    /// ones by spelling.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn lookup(&self, query: &str) -> Lookup<'_> {
        // An id as written, the usual claim (`claim=7.1`): nothing to fold, and found by
        // halving the ids in order.
        if let Some(id) = super::short_id(query) {
            let by_id = &self.table_index().by_id;
            let first = by_id.partition_point(|&(other, _)| other < id);
            if let Some(&(other, i)) = by_id.get(first) {
                if other == id {
                    return Lookup::Found(&self.patterns[i]);
                }
            }
        } else if let Some(pattern) = (self.patterns.iter()).find(|p| p.id.eq_ignore_ascii_case(query)) {
            return Lookup::Found(pattern);
        }
        let names = self.folded_names();
        let query = folded(query);
        if let Some(found) = self.found(&query, |i| &names[i].names) {
            return found;
        }
        // Then with numbers in digits on both sides (`13 orphans` is `thirteen orphans`).
        // A query with neither digits nor number words finds nothing new that way.
        let in_digits = with_digits(&query);
        if in_digits != query || query.bytes().any(|b| b.is_ascii_digit()) {
            if let Some(found) = self.found(&in_digits, |i| &names[i].digits) {
                return found;
            }
        }
        Lookup::NotFound(self.nearest(&query, names))
    }

    /// The one pattern `query` means (by id, by name, by the start of a name), or why
    /// there is none: several it may mean, the rule sets among `systems` that have a
    /// pattern of that very id or name, or the nearest patterns by spelling.
    pub fn find_pattern(
        &self,
        query: &str,
        systems: &[&RuleSet],
    ) -> Result<&Pattern, PatternNotFound> {
        match self.lookup(query) {
            Lookup::Found(pattern) => Ok(pattern),
            Lookup::Ambiguous(patterns) => Err(PatternNotFound::Ambiguous {
                query: query.to_string(),
                rules: self.argument().into_owned(),
                patterns: named(&patterns),
            }),
            Lookup::NotFound(nearest) => {
                let folded_query = folded(query);
                let elsewhere: Vec<String> = systems
                    .iter()
                    .filter(|other| other.id != self.id)
                    .filter(|other| other.patterns.iter().any(|p| goes_by(p, &folded_query)))
                    .map(|other| other.id.to_string())
                    .collect();
                // The chicken hand, asked of a rule set without one, where a hand with no
                // pattern is below the minimum.
                let chicken_elsewhere = systems.iter().any(|other| {
                    other.patterns.iter().any(|p| {
                        p.is_fallback()
                            && goes_by(p, &folded_query)
                            && elsewhere.iter().any(|id| *id == other.id)
                    })
                });
                Err(
                    if chicken_elsewhere && self.chicken().is_none() && self.minimum > 0 {
                        PatternNotFound::NoChicken {
                            query: query.to_string(),
                            rules: self.argument().into_owned(),
                            minimum: self.minimum,
                            elsewhere,
                        }
                    } else if elsewhere.is_empty() {
                        PatternNotFound::Missing {
                            query: query.to_string(),
                            rules: self.argument().into_owned(),
                            nearest: named(&nearest),
                        }
                    } else {
                        PatternNotFound::Elsewhere {
                            query: query.to_string(),
                            rules: self.argument().into_owned(),
                            elsewhere,
                        }
                    },
                )
            }
        }
    }

    /// The names of each pattern as [`RuleSet::lookup`] compares them (worked out on the
    /// first call).
    fn folded_names(&self) -> &[FoldedNames] {
        self.names
            .get_or_init(|| self.patterns.iter().map(FoldedNames::of).collect())
    }

    /// The patterns the ways of [`RuleSet::lookup`] find for `query` (folded), with the
    /// names of the pattern of each index as `names_of` gives them; `None` when none does.
    fn found<'n>(
        &self,
        query: &str,
        names_of: impl Fn(usize) -> &'n [FoldedName],
    ) -> Option<Lookup<'_>> {
        let indexed = || self.patterns.iter().enumerate();
        let query_set = query.chars().fold(0, |set, c| set | 1 << bucket(c));
        if let Some((_, pattern)) = indexed().find(|&(i, p)| {
            p.id.eq_ignore_ascii_case(query) || names_of(i).iter().any(|n| n.text == query)
        }) {
            return Some(Lookup::Found(pattern));
        }
        if query.is_empty() {
            return None;
        }
        // The start of its English name (its first name), then words inside any name.
        let ways: [&dyn Fn(usize) -> bool; 2] = [
            &|i| names_of(i).first().is_some_and(|n| n.text.starts_with(query)),
            &|i| names_of(i).iter().any(|n| n.holds_words(query, query_set)),
        ];
        for way in ways {
            let found: Vec<&Pattern> = indexed()
                .filter(|&(i, _)| way(i))
                .map(|(_, p)| p)
                .collect();
            match found.len() {
                0 => {}
                1 => return Some(Lookup::Found(found[0])),
                _ => return Some(Lookup::Ambiguous(found)),
            }
        }
        None
    }

    /// The patterns nearest by spelling to `query` (folded), which names none: an id
    /// within half its length (`7.2` for `7.3`), or a name, or the start of one, within a
    /// quarter of the query's length (a slip of a letter or two, not any word of the same
    /// length: `nine tyle` for Nine-Tile Straight). At most three, all equally near.
    fn nearest<'r>(&'r self, query: &str, names: &[FoldedNames]) -> Vec<&'r Pattern> {
        let letters = Letters::of(query);
        let query = &letters.chars;
        let length = query.len();
        let name_bound = length.div_ceil(4).max(1);
        let mut row = Vec::new();
        let mut nearest: Vec<(usize, &Pattern)> = Vec::new();
        for (pattern, folded) in self.patterns.iter().zip(names) {
            let id_bound = length.max(folded.id.len()).div_ceil(2);
            let by_id = distance_within(query, &folded.id, id_bound, &mut row);
            // A name nearer than the id counts even past the name's own bound.
            let bound = name_bound.max(by_id.unwrap_or(0));
            let mut by_name: Option<usize> = None;
            for name in &folded.names {
                by_name = [by_name, name_distance(&letters, name, bound, name_bound, &mut row)]
                    .into_iter()
                    .flatten()
                    .min();
            }
            let near = by_id.is_some() || by_name.is_some_and(|d| d <= name_bound);
            if let Some(closest) = by_id.into_iter().chain(by_name).min() {
                if near {
                    nearest.push((closest, pattern));
                }
            }
        }
        let closest = nearest.iter().map(|&(d, _)| d).min().unwrap_or(0);
        nearest.retain(|&(d, _)| d == closest);
        nearest.into_iter().take(3).map(|(_, p)| p).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn a_distance_is_told_only_within_its_bound() {
        let mut row = Vec::new();
        // kitten → sitting: k→s, e→i, +g: 3.
        let (kitten, sitting) = (chars("kitten"), chars("sitting"));
        assert_eq!(distance_within(&kitten, &sitting, 3, &mut row), Some(3));
        assert_eq!(distance_within(&kitten, &sitting, 2, &mut row), None);
        // Lengths 3 and 9 differ by 6: past a bound of 5 without comparing.
        assert_eq!(distance_within(&chars("abc"), &chars("abcdefghi"), 5, &mut row), None);
        assert_eq!(distance_within(&chars("abc"), &chars("abcdefghi"), 6, &mut row), Some(6));
        assert_eq!(distance_within(&chars(""), &chars(""), 0, &mut row), Some(0));
    }

    #[test]
    fn a_word_with_a_letter_the_name_lacks_starts_none_of_its_words() {
        let name = FoldedName::of("nine tile straight".to_string());
        let holds = |query: &str| {
            let chars: Vec<char> = query.chars().collect();
            name.holds_words(query, set_of(&chars))
        };
        assert!(holds("straight"));
        assert!(holds("tile nine"));
        assert!(!holds("zzz"));
        assert!(!holds("ile"));
    }

    #[test]
    fn a_name_lacking_the_querys_letters_is_that_far_at_least() {
        // "nine tyle" against the start of "all triplets" ("all tripl"): it lacks n (twice),
        // e (twice) and y: 5 letters, so at least 5 edits; the whole of "nine tile
        // straight" lacks only the y.
        let query = Letters::of("nine tyle");
        let name = FoldedName::of("all triplets".to_string());
        assert_eq!(query.lacking(name.sets[9]), 5);
        let name = FoldedName::of("nine tile straight".to_string());
        assert_eq!(query.lacking(name.set()), 1);
        // The sets hold each start: the first 4 characters of "nine tile straight".
        assert_eq!(name.sets[4], set_of(&['n', 'i', 'e']));
    }
}
