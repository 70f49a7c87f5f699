//! Finding a pattern by what a person calls it: its id, or one of its names, whole, begun
//! or in words ([`RuleSet::lookup`]), and the nearest patterns by spelling when nothing
//! answers. `explain`, claims (`claim=nine-tile`) and rules files look patterns up here.
//!
//! A claim on every line of a batch looks patterns up, so a lookup reads no name it need
//! not: each rule set's names are folded and indexed once ([`NameIndex`]), a name or a word
//! is found by halving, and a mistyped name is compared character by character (by Myers'
//! bit-parallel distance) only with the names its characters may be near.

use crate::patterns::Pattern;

use super::named;
use super::{CharCounts, FoldedName, Lookup, NameIndex, NameList, PatternNotFound, RuleSet, SortedTexts};

impl NameIndex {
    fn of(patterns: &[Pattern]) -> NameIndex {
        let names: Vec<Vec<String>> = patterns.iter().map(|p| names_of(p).collect()).collect();
        let digits = names
            .iter()
            .map(|names| names.iter().map(|name| with_digits(name)).collect())
            .collect();
        let ids: Vec<FoldedName> = (patterns.iter())
            .map(|p| FoldedName::of(p.id.to_lowercase()))
            .collect();
        NameIndex {
            id_counts: CharCounts::of(&ids),
            longest_id: ids.iter().map(|id| id.chars.len()).max().unwrap_or(0),
            ids,
            names: NameList::of(names),
            digits: NameList::of(digits),
        }
    }
}

impl NameList {
    /// The list of `names`, the names of each pattern in turn.
    fn of(names: Vec<Vec<String>>) -> NameList {
        let mut starts = vec![0];
        let mut pattern_of = Vec::new();
        let mut all = Vec::new();
        for (pattern, its_names) in names.into_iter().enumerate() {
            for name in its_names {
                pattern_of.push(pattern);
                all.push(FoldedName::of(name));
            }
            starts.push(all.len());
        }
        let text = |&k: &usize| all[k].text.as_str();
        let by_text = SortedTexts::of((0..all.len()).collect(), text);
        let firsts = (starts.windows(2))
            .filter(|pattern| pattern[0] < pattern[1])
            .map(|pattern| pattern[0])
            .collect();
        let firsts = SortedTexts::of(firsts, text);
        let mut words = Vec::new();
        for (k, name) in all.iter().enumerate() {
            let mut start = 0;
            for word in name.text.split(' ') {
                words.push((k, start, start + word.len()));
                start += word.len() + 1;
            }
        }
        let words = SortedTexts::of(words, |&(k, start, end)| &all[k].text[start..end]);
        let counts = CharCounts::of(&all);
        NameList {
            sets: all.iter().map(FoldedName::set).collect(),
            names: all,
            pattern_of,
            by_text,
            firsts,
            words,
            counts,
        }
    }

    /// The text of name `k`.
    fn text(&self, k: usize) -> &str {
        &self.names[k].text
    }

    /// The text of a word of a name.
    fn word(&self, &(k, start, end): &WordOfName) -> &str {
        &self.names[k].text[start..end]
    }

    /// The first pattern with a name that is `query` (folded), if any: among the names it
    /// starts, the first in order of the texts (then of the numbers).
    fn whole(&self, query: &str) -> Option<usize> {
        let &k = (self.by_text.starting_with(query, |&k| self.text(k))).first()?;
        (self.text(k) == query).then(|| self.pattern_of[k])
    }

    /// The patterns whose English name `query` starts, in table order.
    fn started(&self, query: &str) -> Vec<usize> {
        let mut patterns: Vec<usize> = (self.firsts.starting_with(query, |&k| self.text(k)))
            .iter()
            .map(|&k| self.pattern_of[k])
            .collect();
        patterns.sort_unstable();
        patterns
    }

    /// For each word of `query` (folded, in ASCII), the words of names it starts; or the
    /// first word that starts none, if one does.
    fn words_started<'l, 'q>(&'l self, query: &'q str) -> Result<WordsStarted<'l>, &'q str> {
        let mut started = WordsStarted::new();
        // Split a character at a time: the words are short, too short for a search to pay.
        for word in query.split([' ']) {
            let words = self.words.starting_with(word, |w| self.word(w));
            if words.is_empty() {
                return Err(word);
            }
            started.push(words);
        }
        Ok(started)
    }

    /// The patterns with a name holding every word of `query` (folded) at the start of one
    /// of its words (a name without a space holds no query of several words), or, for a
    /// query not in ASCII (Chinese), holding it anywhere; in table order. `started` is what
    /// [`NameList::words_started`] says of a query in ASCII.
    fn holding_words(&self, query: &str, started: &[&[WordOfName]]) -> Vec<usize> {
        let mut names: Vec<usize> = if query.is_ascii() {
            // For each word of the query, the words of names it starts (`started`, from
            // [`NameList::words_started`]); the names with the fewest such words are read,
            // and kept if each other query word starts one of their words too.
            let Some(fewest) = started.iter().min_by_key(|words| words.len()) else {
                return Vec::new();
            };
            let mut names: Vec<usize> = fewest.iter().map(|w| w.0).collect();
            names.sort_unstable();
            names.dedup();
            let space = if query.contains(' ') { 1u128 << bucket(' ') } else { 0 };
            names.retain(|&k| {
                self.names[k].set() & space == space
                    && started.iter().all(|words| words.iter().any(|w| w.0 == k))
            });
            names
        } else {
            // A name lacking one of the query's characters (a few operations on its set)
            // does not hold it: only the others are searched.
            let set = query.chars().fold(0, |set, c| set | 1 << bucket(c));
            let mut holding = Vec::new();
            for (k, &name_set) in self.sets.iter().enumerate() {
                if set & !name_set == 0 && self.names[k].text.contains(query) {
                    holding.push(k);
                }
            }
            holding
        };
        names.dedup_by_key(|k| self.pattern_of[*k]);
        names.iter().map(|&k| self.pattern_of[k]).collect()
    }
}

/// For each word of a query, the words of names it starts ([`NameList::words_started`]):
/// a few words, kept in place.
type WordsStarted<'l> = crate::small::SmallVec<&'l [WordOfName], 8>;

/// What a list of names' words say of a folded query: a name a query in ASCII is, starts
/// or holds has a word each of the query's words starts, so a query with a word that
/// starts none (a mistyped one) is none of them.
struct QueryWords<'l, 'q> {
    /// For each word of a query in ASCII, the words of names it starts; none for a query
    /// not in ASCII (its characters are searched for inside the names), or with a stray word.
    started: WordsStarted<'l>,
    /// The first word of the query that starts no word of a name, if one does.
    stray: Option<&'q str>,
}

impl<'l, 'q> QueryWords<'l, 'q> {
    /// What `list`'s words say of `query` (folded).
    fn of(list: &'l NameList, query: &'q str) -> QueryWords<'l, 'q> {
        match query.is_ascii().then(|| list.words_started(query)) {
            Some(Ok(started)) => QueryWords { started, stray: None },
            Some(Err(stray)) => QueryWords {
                started: WordsStarted::new(),
                stray: Some(stray),
            },
            None => QueryWords {
                started: WordsStarted::new(),
                stray: None,
            },
        }
    }
}

/// A word of a name: the name's number, and where the word starts and ends in its text.
type WordOfName = (usize, usize, usize);

/// The first eight bytes of `text` as a number, the first the highest, padded with zeros:
/// numbers in the order of the texts.
fn first_bytes(text: &str) -> u64 {
    let mut key = [0u8; 8];
    for (to, from) in key.iter_mut().zip(text.as_bytes()) {
        *to = *from;
    }
    u64::from_be_bytes(key)
}

impl<T: Copy> SortedTexts<T> {
    fn of<'t>(mut things: Vec<T>, text: impl Fn(&T) -> &'t str) -> SortedTexts<T> {
        things.sort_by(|a, b| text(a).cmp(text(b)));
        SortedTexts {
            keys: things.iter().map(|t| first_bytes(text(t))).collect(),
            things,
        }
    }

    /// The things whose text starts with `prefix`, in the order of their texts.
    fn starting_with<'t>(&self, prefix: &str, text: impl Fn(&T) -> &'t str) -> &[T] {
        let length = prefix.len();
        let low = first_bytes(prefix);
        let first = self.keys.partition_point(|&key| key < low);
        let keys = &self.keys[first..];
        // The keys that start with the prefix's bytes (all of its first eight).
        let end = first
            + match length {
                0..=7 => {
                    let high = u128::from(low) + (1u128 << (8 * (8 - length)));
                    keys.partition_point(|&key| u128::from(key) < high)
                }
                _ => keys.partition_point(|&key| key == low),
            };
        let things = &self.things[first..end];
        // Those are the texts starting with the prefix, unless it is longer than eight
        // bytes or ends in a zero byte (which a shorter text's padding matches).
        if length <= 8 && !prefix.ends_with('\0') {
            return things;
        }
        let from = things.partition_point(|t| text(t) < prefix);
        let things = &things[from..];
        &things[..things.partition_point(|t| text(t).starts_with(prefix))]
    }
}

/// How far a query is from each of a list of texts at least, as the characters they hold
/// tell ([`CharCounts::fewest_edits`]).
struct FewestEdits {
    /// How many texts, with the padding ([`CharCounts::of`]).
    texts: usize,
    /// How many texts, without it.
    real: usize,
    /// For each text, the fewest edits to the whole of it, then for each, to its start as
    /// long as the query (255 for a text no longer than the query), then room for a mark
    /// for each ([`FewestEdits::mark_near`]), eight to a word.
    edits: Vec<u8>,
}

impl FewestEdits {
    /// The fewest edits from the query to the whole of text `k`.
    fn to_whole(&self, k: usize) -> usize {
        usize::from(self.edits[k])
    }

    /// The fewest edits from the query to the start of text `k` as long as the query (255
    /// for a text no longer than it).
    fn to_start(&self, k: usize) -> usize {
        usize::from(self.edits[self.texts + k])
    }

    /// Marks the texts that may be within `whole_bound` edits of the query, or whose start
    /// may be within `start_bound` if one is given, as the counts tell: for all the texts
    /// together, a loop the compiler makes a few operations on many bytes at once.
    fn mark_near(&mut self, whole_bound: usize, start_bound: Option<usize>) {
        let (whole, rest) = self.edits.split_at_mut(self.texts);
        let (start, marks) = rest.split_at_mut(self.texts);
        if whole_bound.max(start_bound.unwrap_or(0)) >= 255 {
            // A bound the counts cannot hold (a query of hundreds of characters): every text.
            marks.fill(1);
        } else if let Some(start_bound) = start_bound {
            let (whole_bound, start_bound) = (whole_bound as u8, start_bound as u8);
            for ((mark, &whole), &start) in marks.iter_mut().zip(&*whole).zip(&*start) {
                *mark = u8::from(whole <= whole_bound) | u8::from(start <= start_bound);
            }
        } else {
            let whole_bound = whole_bound as u8;
            for (mark, &whole) in marks.iter_mut().zip(&*whole) {
                *mark = u8::from(whole <= whole_bound);
            }
        }
        marks[self.real..].fill(0);
    }

    /// The texts [`FewestEdits::mark_near`] marked, in order: read eight marks at a time,
    /// as most texts are far, and are passed over eight at once.
    fn marked(&self) -> impl Iterator<Item = usize> + '_ {
        let marks = &self.edits[2 * self.texts..];
        (0..marks.len() / 8).flat_map(move |chunk| {
            let eight = &marks[chunk * 8..chunk * 8 + 8];
            let mut marked = u64::from_le_bytes(eight.try_into().unwrap_or_default());
            std::iter::from_fn(move || {
                (marked != 0).then(|| {
                    let k = chunk * 8 + marked.trailing_zeros() as usize / 8;
                    marked &= marked - 1;
                    k
                })
            })
        })
    }
}

/// How many characters of each text's start [`CharCounts::start_counts`] counts: a query
/// as long as most mistyped names, or shorter.
const START_COUNTED: usize = 16;

impl CharCounts {
    fn of(texts: &[FoldedName]) -> CharCounts {
        // Each column padded to a multiple of 32 texts, so that the loops over a column
        // are all done many bytes at a time, with none left over to do one at a time.
        let padded = texts.len().next_multiple_of(32);
        let mut counts = vec![0u8; 128 * padded];
        let mut start_counts = vec![0u8; 128 * padded];
        for (k, text) in texts.iter().enumerate() {
            for (i, &c) in text.chars.iter().enumerate() {
                let count = &mut counts[bucket(c) * padded + k];
                *count = count.saturating_add(1);
                if i < START_COUNTED {
                    start_counts[bucket(c) * padded + k] += 1;
                }
            }
        }
        let mut lengths: Vec<u8> = (texts.iter())
            .map(|text| text.chars.len().min(255) as u8)
            .collect();
        // The padding is texts of 254 characters, far from any query shorter than 500;
        // their marks are cleared whatever they are ([`FewestEdits::mark_near`]).
        lengths.resize(padded, 254);
        CharCounts {
            texts: texts.len(),
            lengths,
            counts,
            start_counts,
        }
    }

    /// How many of the query's characters each text holds, counted by bucket (more, not
    /// fewer, where characters share one), worked out a bucket at a time for all the texts
    /// together: a text of `n` characters holding `held` of them is at least
    /// `max(n, query length) - held` edits from the query, as each character of one that
    /// the other lacks takes an edit; its start as long as the query, at least `query
    /// length - held`, where for a query of [`START_COUNTED`] characters or fewer `held` is
    /// what the text's first [`START_COUNTED`] hold, which hold the start.
    fn fewest_edits(&self, query: &Letters) -> FewestEdits {
        let texts = self.lengths.len();
        let mut edits = vec![0u8; 3 * texts];
        let (whole, start) = edits.split_at_mut(texts);
        let start = &mut start[..texts];
        // How many of the query's characters each text holds, then its start: kept in
        // `whole` and `start` at first.
        let held = |counts: &[u8], held: &mut [u8]| {
            let mut buckets = query.set;
            while buckets != 0 {
                let b = buckets.trailing_zeros() as usize;
                buckets &= buckets - 1;
                let in_query = query.counts[b];
                let column = &counts[b * texts..(b + 1) * texts];
                for (held, &in_text) in held.iter_mut().zip(column) {
                    *held = held.saturating_add(in_text.min(in_query));
                }
            }
        };
        held(&self.counts, whole);
        if query.chars.len() <= START_COUNTED {
            held(&self.start_counts, start);
        } else {
            start.copy_from_slice(whole);
        }
        // A bound past 255 holds for 255. A text of 255 characters or more may hold more
        // than its counts: it is told nothing (0).
        let length = query.chars.len().min(255) as u8;
        for ((whole, start), &n) in whole.iter_mut().zip(start.iter_mut()).zip(&self.lengths) {
            // Written without a branch (masks of all ones or none), so that it too is done
            // many bytes at a time.
            let (held, held_at_start) = (*whole, *start);
            let told = u8::from(n != 255).wrapping_neg();
            let no_start = u8::from(n.saturating_sub(length) == 0).wrapping_neg();
            *whole = n.max(length).saturating_sub(held) & told;
            *start = (length.saturating_sub(held_at_start) | no_start) & told;
        }
        FewestEdits {
            texts,
            real: self.texts,
            edits,
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
}

/// A pattern name or id as compared: lower case, hyphens as spaces, spaces collapsed.
fn folded(text: &str) -> String {
    // A query in ASCII (nearly every one, a claim on a batch's line) is folded byte by
    // byte, with no lower-case copy made first.
    if text.is_ascii() {
        let mut folded = Vec::with_capacity(text.len());
        // A space is written before a word only if one was written before it.
        let mut between_words = false;
        for &b in text.as_bytes() {
            if b == b'-' || char::from(b).is_whitespace() {
                between_words = !folded.is_empty();
            } else {
                if between_words {
                    folded.push(b' ');
                    between_words = false;
                }
                folded.push(b.to_ascii_lowercase());
            }
        }
        // ASCII in, ASCII out: never the empty string of a failure.
        return String::from_utf8(folded).unwrap_or_default();
    }
    let lower = text.to_lowercase();
    let mut folded = String::with_capacity(lower.len());
    for word in lower.split(|c: char| c == '-' || c.is_whitespace()) {
        if !word.is_empty() {
            if !folded.is_empty() {
                folded.push(' ');
            }
            folded.push_str(word);
        }
    }
    folded
}

/// The numbers [`with_digits`] writes in digits.
const NUMBERS: [&str; 13] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen",
];

/// Whether `folded` has a number in words that [`with_digits`] writes in digits, or a digit.
fn has_numbers(folded: &str) -> bool {
    let bytes = folded.as_bytes();
    bytes.iter().any(u8::is_ascii_digit)
        || (bytes.split(|&b| b == b' ')).any(|word| NUMBERS.iter().any(|number| number.as_bytes() == word))
}

/// A folded name with the numbers one to thirteen, written as words, in digits: players
/// say "13 orphans" and "thirteen orphans", "7 pairs" and "seven pairs", alike.
fn with_digits(folded: &str) -> String {
    let mut in_digits = String::with_capacity(folded.len());
    // Split a character at a time: the words are short, too short for a search to pay.
    for word in folded.split([' ']) {
        if !in_digits.is_empty() {
            in_digits.push(' ');
        }
        match NUMBERS.iter().position(|&n| n == word) {
            Some(i) => {
                let _ = crate::digits::write_uint(&mut in_digits, i as u64 + 1);
            }
            None => in_digits.push_str(word),
        }
    }
    in_digits
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

/// The places in a query of 1 to 64 characters where each character stands, as bits.
struct Places {
    /// For each ASCII character.
    ascii: [u64; 128],
    /// For each other character in the query (Chinese ones): a few.
    others: Vec<(char, u64)>,
}

impl Places {
    /// Where `c` stands in the query.
    fn of(&self, c: char) -> u64 {
        match self.ascii.get(c as usize) {
            Some(&at) => at,
            None => (self.others.iter())
                .find(|&&(other, _)| other == c)
                .map_or(0, |&(_, at)| at),
        }
    }
}

/// A query's characters, and how many of each (by [`bucket`]: characters that share a
/// count can only make [`Letters::lacks_more_than`] say less, so it stays a bound).
struct Letters {
    chars: Vec<char>,
    counts: [u8; 128],
    /// The set of its characters, as [`FoldedName::sets`] holds them.
    set: u128,
    /// For a query of 1 to 64 characters: the places in the query where each character
    /// stands ([`myers_distances`]). Worked out when a name is first compared with it.
    places: std::cell::OnceCell<Option<Places>>,
    /// The pairs of neighbouring characters in the query, as bits ([`pair_bit`]).
    pairs: [u64; 16],
}

impl Letters {
    fn of(query: &str) -> Letters {
        // Room for them all at once: collected, they would be grown from a guess.
        let mut chars: Vec<char> = Vec::with_capacity(query.len());
        chars.extend(query.chars());
        let mut counts = [0u8; 128];
        for &c in &chars {
            let count = &mut counts[bucket(c)];
            *count = count.saturating_add(1);
        }
        let mut pairs = [0u64; 16];
        for pair in chars.windows(2) {
            let (word, bit) = pair_bit(pair[0], pair[1]);
            pairs[word] |= bit;
        }
        Letters {
            set: set_of(&chars),
            chars,
            counts,
            places: std::cell::OnceCell::new(),
            pairs,
        }
    }

    /// The places of each character in the query ([`Letters::places`]), if it is 1 to 64
    /// characters long.
    fn places(&self) -> Option<&Places> {
        let places = self.places.get_or_init(|| {
            (1..=64).contains(&self.chars.len()).then(|| {
                let mut places = Places {
                    ascii: [0u64; 128],
                    others: Vec::new(),
                };
                for (i, &c) in self.chars.iter().enumerate() {
                    match places.ascii.get_mut(c as usize) {
                        Some(at) => *at |= 1 << i,
                        None => match places.others.iter_mut().find(|(other, _)| *other == c) {
                            Some((_, at)) => *at |= 1 << i,
                            None => places.others.push((c, 1 << i)),
                        },
                    }
                }
                places
            })
        });
        places.as_ref()
    }

    /// How many of the query's characters `text` holds, as far as buckets tell.
    fn held_in(&self, text: &[char]) -> usize {
        let mut left = self.counts;
        let mut held = 0;
        for &c in text {
            let count = &mut left[bucket(c)];
            if *count > 0 {
                *count -= 1;
                held += 1;
            }
        }
        held
    }

    /// Whether `text` may be within `bound` edits of the query, as the pairs of neighbouring
    /// characters they share tell: an edit breaks at most two pairs, so two texts within
    /// `bound` edits share all but `2 × bound` of the longer's pairs (Ukkonen's q-gram
    /// lemma). The pairs of `text` the query may have are counted, more rather than fewer
    /// (pairs share bits): a name with the query's letters in another order has few.
    fn pairs_allow(&self, text: &[char], bound: usize) -> bool {
        let longer = text.len().max(self.chars.len());
        let needed = longer.saturating_sub(1 + 2 * bound);
        if needed == 0 {
            return true;
        }
        let shared: usize = (text.windows(2))
            .map(|pair| {
                let (word, bit) = pair_bit(pair[0], pair[1]);
                usize::from(self.pairs[word] & bit != 0)
            })
            .sum();
        shared >= needed
    }

    /// Whether the query has more than `bound` characters that a text whose set of
    /// characters is `set` lacks altogether: each takes an edit, so the text is then more
    /// than `bound` edits from the query. Counted only until there are more.
    fn lacks_more_than(&self, set: u128, bound: usize) -> bool {
        let mut lacked = self.set & !set;
        let mut count = 0;
        while lacked != 0 {
            count += usize::from(self.counts[lacked.trailing_zeros() as usize]);
            if count > bound {
                return true;
            }
            lacked &= lacked - 1;
        }
        false
    }
}

/// The place of a pair of neighbouring characters' bit in a set of pairs ([`Letters::pairs`]):
/// each character's code modulo 32, so that every pair of lower-case letters or spaces has
/// its own (others share).
fn pair_bit(first: char, second: char) -> (usize, u64) {
    let place = (u32::from(first) & 31) << 5 | (u32::from(second) & 31);
    ((place >> 6) as usize, 1 << (place & 63))
}

/// The place of a character's bit in a set of characters (its code modulo 128).
fn bucket(c: char) -> usize {
    (u32::from(c) & 127) as usize
}

/// The set of `chars`, as [`FoldedName::sets`] holds them.
fn set_of(chars: &[char]) -> u128 {
    chars.iter().fold(0, |set, &c| set | 1 << bucket(c))
}

/// The edit distances from a query of `length` characters (1 to 64) to the
/// first `at` characters of `text` and to the whole of it, by Myers' bit-parallel method
/// as Hyyrö writes it for edit distance: a column of the distance table is kept as two
/// words, the rows where it goes up by one and where it goes down, and moved one character
/// of `text` on in a dozen operations on words, not one per character of the query.
/// `places` holds, for each character, the places of the query where it stands.
fn myers_distances(places: &Places, length: usize, text: &[char], at: usize) -> (usize, usize) {
    let last = length - 1;
    // The column: (up, down, the distance to the whole query).
    let mut column = (u64::MAX, 0u64, length);
    // One character of `text` on: without a branch, as most names compared are near.
    let next = |(up, down, distance): (u64, u64, usize), c: char| {
        let equal = places.of(c);
        let across = equal | down;
        let diagonal = (((equal & up).wrapping_add(up)) ^ up) | equal;
        let rises = down | !(diagonal | up);
        let falls = up & diagonal;
        // The last row rises or falls (never both): the distance to the whole query.
        let distance = distance + ((rises >> last) & 1) as usize - ((falls >> last) & 1) as usize;
        // The first row, the distance from nothing, rises by one at every character.
        let (rises, falls) = ((rises << 1) | 1, falls << 1);
        (falls | !(across | rises), rises & across, distance)
    };
    let (first, rest) = text.split_at(at.min(text.len()));
    column = first.iter().fold(column, |column, &c| next(column, c));
    // The distance before any character, where `text` has no `at` characters.
    let at_distance = if (1..=text.len()).contains(&at) { column.2 } else { length };
    column = rest.iter().fold(column, |column, &c| next(column, c));
    (at_distance, column.2)
}

/// How near `query` is to a name: the distance to the whole name within `bound`, or one
/// more than the distance to its start (its first characters, as many as the query's)
/// within `start_bound`, as a query that starts a name is found by it; `None` when
/// neither is near. One comparison gives both: the start's distance is on the last row
/// of the whole name's, at the query's length. Called where the name or its start may be
/// near ([`RuleSet::nearest`]): the start alone is compared unless `whole_may_be_near`.
fn name_distance(
    query: &Letters,
    folded: &FoldedName,
    whole_may_be_near: bool,
    bound: usize,
    start_bound: usize,
    row: &mut Vec<usize>,
) -> Option<usize> {
    let name = &folded.chars[..];
    let length = query.chars.len();
    if let Some(places) = query.places() {
        // The start is as long as the query: compared as far as the whole needs, if it does.
        let compared = if whole_may_be_near { name } else { &name[..length.min(name.len())] };
        let (started, whole) = myers_distances(places, length, compared, length);
        let whole = whole_may_be_near.then_some(whole).filter(|&d| d <= bound);
        let started = (name.len() > length && started <= start_bound)
            .then_some(started + 1)
            .filter(|&d| d <= bound);
        return whole.into_iter().chain(started).min();
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
    let whole = whole_may_be_near.then(|| row[name.len()]).filter(|&d| d <= bound);
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
        if let Some(index) = self.first_by_id(query, |_| true) {
            return Lookup::Found(&self.patterns[index]);
        }
        let index = self.name_index();
        let query = folded(query);
        let words = QueryWords::of(&index.names, &query);
        if let Some(found) = self.found(&query, &index.names, &words) {
            return found;
        }
        // Then with numbers in digits on both sides (`13 orphans` is `thirteen orphans`).
        // A query with neither digits nor number words finds nothing new that way. The
        // names with numbers in digits have the same words but for the numbers: a word
        // that starts none of the names' words and is no number starts none of theirs.
        if has_numbers(&query) {
            let in_digits = with_digits(&query);
            let words = match words.stray {
                Some(word) if !has_numbers(word) => QueryWords {
                    started: WordsStarted::new(),
                    stray: Some(word),
                },
                _ => QueryWords::of(&index.digits, &in_digits),
            };
            if let Some(found) = self.found(&in_digits, &index.digits, &words) {
                return found;
            }
        }
        Lookup::NotFound(self.nearest(&query, index))
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

    /// The names of the patterns as [`RuleSet::lookup`] compares them (worked out on the
    /// first call).
    fn name_index(&self) -> &NameIndex {
        self.names.get_or_init(|| NameIndex::of(&self.patterns))
    }

    /// The patterns the ways of [`RuleSet::lookup`] find for `query` (folded) among the
    /// names of `list`, whose words `words` are; `None` when none does. Where a word of the
    /// query starts no word of the names, only an id may be found.
    fn found(&self, query: &str, list: &NameList, words: &QueryWords<'_, '_>) -> Option<Lookup<'_>> {
        let names_may_answer = words.stray.is_none();
        let by_id = self.first_by_id(query, |_| true);
        let whole = names_may_answer.then(|| list.whole(query)).flatten();
        if let Some(first) = by_id.into_iter().chain(whole).min() {
            return Some(Lookup::Found(&self.patterns[first]));
        }
        if query.is_empty() || !names_may_answer {
            return None;
        }
        // The start of its English name (its first name), then words inside any name.
        let ways: [&dyn Fn() -> Vec<usize>; 2] =
            [&|| list.started(query), &|| list.holding_words(query, &words.started)];
        for way in ways {
            let found = way();
            match found[..] {
                [] => {}
                [one] => return Some(Lookup::Found(&self.patterns[one])),
                _ => return Some(Lookup::Ambiguous(found.iter().map(|&i| &self.patterns[i]).collect())),
            }
        }
        None
    }

    /// The patterns nearest by spelling to `query` (folded), which names none: an id
    /// within half its length (`7.2` for `7.3`), or a name, or the start of one, within a
    /// quarter of the query's length (a slip of a letter or two, not any word of the same
    /// length: `nine tyle` for Nine-Tile Straight). At most three, all equally near.
    ///
    /// Every name is compared with the query, so most are told apart at once: by the
    /// query's characters each holds ([`CharCounts::fewest_edits`]), worked out for all
    /// the names together; only the names that may be near are visited
    /// ([`FewestEdits::marked`]), and of those only the ones whose start's characters
    /// allow it are compared character by character.
    fn nearest<'r>(&'r self, query: &str, index: &NameIndex) -> Vec<&'r Pattern> {
        let letters = Letters::of(query);
        let query = &letters.chars;
        let length = query.len();
        let name_bound = length.div_ceil(4).max(1);
        let list = &index.names;
        let mut row = Vec::new();
        // Each pattern's distance by its id, then by its names: `None` where it is not near.
        let mut distances: Vec<(Option<usize>, Option<usize>)> = vec![(None, None); self.patterns.len()];
        // An id is near within half the length of it or the query, whichever is longer:
        // none is, when the query is longer than the longest id by more than half its own
        // length (as are most mistyped names).
        let id_bound = length.max(index.longest_id).div_ceil(2);
        if length.saturating_sub(index.longest_id) <= id_bound {
            let mut from_id = index.id_counts.fewest_edits(&letters);
            from_id.mark_near(id_bound, None);
            for i in from_id.marked() {
                let id = &index.ids[i].chars;
                let id_bound = length.max(id.len()).div_ceil(2);
                if from_id.to_whole(i) <= id_bound {
                    distances[i].0 = match letters.places() {
                        // Many ids may be near a short query: each compared in a few
                        // operations a character ([`myers_distances`]).
                        Some(places) => Some(myers_distances(places, length, id, 0).1).filter(|&d| d <= id_bound),
                        None => distance_within(query, id, id_bound, &mut row),
                    };
                }
            }
        }
        // A name nearer than its pattern's id counts even past the name's own bound.
        let widest = (distances.iter()).fold(name_bound, |widest, &(by_id, _)| widest.max(by_id.unwrap_or(0)));
        let mut from_name = list.counts.fewest_edits(&letters);
        // Only the names whose characters may be near are visited.
        from_name.mark_near(widest, Some(name_bound.min(widest - 1)));
        for k in from_name.marked() {
            let (by_id, by_name) = &mut distances[list.pattern_of[k]];
            let bound = name_bound.max(by_id.unwrap_or(0));
            // The start of a name counts one more than its distance ([`name_distance`]).
            let start_bound = name_bound.min(bound - 1);
            let folded = &list.names[k];
            let name = &folded.chars;
            // Each test a bound of the distance, the cheapest first; a name (or its start)
            // is compared character by character only if none of them rules it out.
            let whole_may_be_near = from_name.to_whole(k) <= bound
                && !letters.lacks_more_than(folded.set(), bound)
                && letters.pairs_allow(name, bound);
            // The start's own characters are counted only if the whole name's may do: the
            // characters it lacks altogether first (a few operations on its set), then, if
            // they are few enough, how many it holds, then its pairs.
            let start_may_be_near = from_name.to_start(k) <= start_bound
                && name.len() > length
                && !letters.lacks_more_than(folded.sets[length], start_bound)
                && length - letters.held_in(&name[..length]) <= start_bound
                && letters.pairs_allow(&name[..length], start_bound);
            if whole_may_be_near || start_may_be_near {
                let distance = name_distance(&letters, folded, whole_may_be_near, bound, start_bound, &mut row);
                *by_name = [*by_name, distance].into_iter().flatten().min();
            }
        }
        // A pattern is near by its id, or by a name within the name's own bound; it is as
        // near as the nearer of the two.
        let closest = |&(by_id, by_name): &(Option<usize>, Option<usize>)| {
            let near = by_id.is_some() || by_name.is_some_and(|d| d <= name_bound);
            by_id.into_iter().chain(by_name).min().filter(|_| near)
        };
        let mut nearest: Vec<&Pattern> = Vec::new();
        let mut nearest_distance = usize::MAX;
        for (pattern, distances) in self.patterns.iter().zip(&distances) {
            match closest(distances) {
                Some(d) if d < nearest_distance => {
                    nearest_distance = d;
                    nearest.clear();
                    nearest.push(pattern);
                }
                Some(d) if d == nearest_distance && nearest.len() < 3 => nearest.push(pattern),
                _ => {}
            }
        }
        nearest
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
    fn a_text_sharing_too_few_pairs_of_letters_is_too_far() {
        // "nine tile straigth" (18 characters, 17 pairs) within 5 edits of a text of 18
        // must share 17 - 2 × 5 = 7 of its pairs. "thirteen terminals" shares only "th",
        // " t" and "in" (3): ruled out, though it holds most of the letters. "nine tile
        // straight" shares 15 (all but "gh" and "ht"): allowed, and it is 2 edits away.
        let query = Letters::of("nine tile straigth");
        let far: Vec<char> = "thirteen terminals".chars().collect();
        let near: Vec<char> = "nine tile straight".chars().collect();
        assert!(!query.pairs_allow(&far, 5));
        assert!(query.pairs_allow(&near, 5));
        assert_eq!(distance("nine tile straigth", "nine tile straight"), 2);
        // The counts exactly: 3 shared are enough from a bound of 7 (17 - 14), not 6 (5
        // needed); 15 from a bound of 1 (17 - 2), not 0 (all 17 needed).
        assert!(!query.pairs_allow(&far, 6) && query.pairs_allow(&far, 7));
        assert!(!query.pairs_allow(&near, 0) && query.pairs_allow(&near, 1));
    }

    #[test]
    fn a_name_lacking_the_querys_letters_is_that_far_at_least() {
        // "nine tyle" against the start of "all triplets" ("all tripl"): it lacks n (twice),
        // e (twice) and y: 5 letters, so at least 5 edits; the whole of "nine tile
        // straight" lacks only the y.
        let query = Letters::of("nine tyle");
        let name = FoldedName::of("all triplets".to_string());
        assert!(query.lacks_more_than(name.sets[9], 4));
        assert!(!query.lacks_more_than(name.sets[9], 5));
        let name = FoldedName::of("nine tile straight".to_string());
        assert!(query.lacks_more_than(name.set(), 0));
        assert!(!query.lacks_more_than(name.set(), 1));
        // The sets hold each start: the first 4 characters of "nine tile straight".
        assert_eq!(name.sets[4], set_of(&['n', 'i', 'e']));
    }

    /// [`RuleSet::lookup`] as its documentation says it, read plainly: every name compared
    /// in turn, whole distances worked out with no bound.
    /// (`names` and `digit_names` are each pattern's names, folded, by pattern index.)
    fn plain_lookup<'r>(
        rules: &'r RuleSet,
        query: &str,
        names: &[Vec<String>],
        digit_names: &[Vec<String>],
    ) -> Lookup<'r> {
        if let Some(p) = rules.patterns.iter().find(|p| p.id.eq_ignore_ascii_case(query)) {
            return Lookup::Found(p);
        }
        let folded_query = folded(query);
        let at = |p: &Pattern| rules.pattern_index(p).unwrap();
        let ways = |query: &str, names: &[Vec<String>]| -> Option<Lookup<'r>> {
            let names_of = |p: &Pattern| &names[at(p)];
            let patterns = rules.patterns.iter();
            if let Some(p) = patterns.clone().find(|p| {
                p.id.eq_ignore_ascii_case(query) || names_of(p).iter().any(|n| n == query)
            }) {
                return Some(Lookup::Found(p));
            }
            if query.is_empty() {
                return None;
            }
            let starts = |p: &&Pattern| names_of(p)[0].starts_with(query);
            let holds = |p: &&Pattern| {
                names_of(p).iter().any(|name| {
                    if !query.is_ascii() {
                        return name.contains(query);
                    }
                    // A name holds a query of several words only if it has several.
                    (!query.contains(' ') || name.contains(' '))
                        && query
                            .split(' ')
                            .all(|w| name.split(' ').any(|in_name| in_name.starts_with(w)))
                })
            };
            for way in [&starts as &dyn Fn(&&Pattern) -> bool, &holds] {
                let found: Vec<&Pattern> = patterns.clone().filter(way).collect();
                match found.len() {
                    0 => {}
                    1 => return Some(Lookup::Found(found[0])),
                    _ => return Some(Lookup::Ambiguous(found)),
                }
            }
            None
        };
        if let Some(found) = ways(&folded_query, names) {
            return found;
        }
        if let Some(found) = ways(&with_digits(&folded_query), digit_names) {
            return found;
        }
        let length = folded_query.chars().count();
        let name_bound = length.div_ceil(4).max(1);
        let mut nearest: Vec<(usize, &Pattern)> = Vec::new();
        for p in rules.patterns.iter() {
            let id = p.id.to_lowercase();
            let id_bound = length.max(id.chars().count()).div_ceil(2);
            let by_id = Some(distance(&folded_query, &id)).filter(|&d| d <= id_bound);
            let bound = name_bound.max(by_id.unwrap_or(0));
            let by_name = names[at(p)]
                .iter()
                .flat_map(|name| {
                    let whole = Some(distance(&folded_query, name)).filter(|&d| d <= bound);
                    let start: String = name.chars().take(length).collect();
                    let at_start = distance(&folded_query, &start);
                    let started = (name.chars().count() > length && at_start <= name_bound)
                        .then_some(at_start + 1)
                        .filter(|&d| d <= bound);
                    whole.into_iter().chain(started)
                })
                .min();
            let near = by_id.is_some() || by_name.is_some_and(|d| d <= name_bound);
            if let Some(closest) = by_id.into_iter().chain(by_name).min() {
                if near {
                    nearest.push((closest, p));
                }
            }
        }
        let closest = nearest.iter().map(|&(d, _)| d).min().unwrap_or(0);
        nearest.retain(|&(d, _)| d == closest);
        Lookup::NotFound(nearest.into_iter().take(3).map(|(_, p)| p).collect())
    }

    /// A lookup's answer as the ids it names.
    fn answer(lookup: Lookup) -> (u8, Vec<String>) {
        let ids = |patterns: Vec<&Pattern>| patterns.iter().map(|p| p.id.to_string()).collect();
        match lookup {
            Lookup::Found(p) => (0, vec![p.id.to_string()]),
            Lookup::Ambiguous(some) => (1, ids(some)),
            Lookup::NotFound(nearest) => (2, ids(nearest)),
        }
    }

    #[test]
    fn a_lookup_answers_as_comparing_every_name_in_turn_would() {
        // Queries from every name and id of every built-in rule set: whole, begun, cut to
        // a word, with a character dropped, doubled, changed or two swapped, in capitals,
        // and joined with another name's first word; and words found nowhere, one long
        // enough for the counts of its characters to pass 255.
        let mut seed = 2026u64;
        let mut next = move |below: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % below.max(1)
        };
        let mut queries = vec![
            String::new(),
            "zzz".into(),
            "nine-tyle".into(),
            "13 orphans".into(),
            "seven pairs".into(),
            // Numbers beside a word that starts no word of a name, and a word cut short.
            "thirteen orphanz".into(),
            "13 orphanz".into(),
            "eleven xyz".into(),
            "thirt orphans".into(),
            "nine tile straigth".into(),
            "9 tile straight".into(),
            "a a".into(),
            "一色".into(),
            "x".repeat(260),
        ];
        let fixed = queries.len();
        for rules in crate::rules::ALL {
            for pattern in rules.patterns.iter() {
                for name in names_of(pattern).chain([pattern.id.to_string()]) {
                    let chars: Vec<char> = name.chars().collect();
                    let cut = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
                    let n = chars.len();
                    queries.push(name.clone());
                    queries.push(name.to_uppercase());
                    queries.push(cut(0, n / 2));
                    queries.push(name.split(' ').next().unwrap_or_default().to_string());
                    for _ in 0..3 {
                        let i = next(n);
                        let mut typed = chars.clone();
                        match next(4) {
                            0 if n > 0 => drop(typed.remove(i)),
                            1 if n > 0 => typed.insert(i, typed[i]),
                            2 if n > 0 => typed[i] = (b'a' + next(26) as u8) as char,
                            _ if n > 1 => typed.swap(i.min(n - 2), i.min(n - 2) + 1),
                            _ => {}
                        }
                        queries.push(typed.into_iter().collect());
                    }
                    let other = &rules.patterns[next(rules.patterns.len())];
                    let word = other.name.split(' ').next().unwrap_or_default();
                    queries.push(format!("{} {word}", cut(0, n.min(4))));
                }
            }
        }
        // One in ten of the made queries, for a test that runs in seconds.
        let mut kept = 0;
        queries.retain(|_| {
            kept += 1;
            kept <= fixed || next(10) == 0
        });
        for rules in crate::rules::ALL {
            let names: Vec<Vec<String>> = rules.patterns.iter().map(|p| names_of(p).collect()).collect();
            let digit_names: Vec<Vec<String>> = (names.iter())
                .map(|names| names.iter().map(|n| with_digits(n)).collect())
                .collect();
            for query in &queries {
                assert_eq!(
                    answer(rules.lookup(query)),
                    answer(plain_lookup(rules, query, &names, &digit_names)),
                    "{} {query:?}",
                    rules.id
                );
            }
        }
    }

    #[test]
    fn myers_distances_are_the_tables() {
        // Against the table worked out cell by cell, for words of 1 to 64 letters from a
        // small alphabet (so that letters repeat), at every start.
        let mut seed = 7u64;
        let mut next = move |below: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % below
        };
        // Half the words of ASCII letters, half with Chinese characters among them.
        let mut word = |length: usize, alphabet: &[char]| (0..length).map(|_| alphabet[next(4)]).collect::<String>();
        for (length, alphabet) in [1, 2, 3, 9, 31, 63, 64]
            .into_iter()
            .flat_map(|length| [(length, ['a', 'b', 'c', 'd']), (length, ['a', '一', '色', 'd'])])
        {
            for text_length in [0, 1, 5, 20, 70] {
                let query = word(length, &alphabet);
                let text: Vec<char> = word(text_length, &alphabet).chars().collect();
                let letters = Letters::of(&query);
                let places = letters.places().unwrap();
                for at in 1..=text.len() {
                    let (started, whole) = myers_distances(places, length, &text, at);
                    let start: String = text[..at].iter().collect();
                    assert_eq!(started, distance(&query, &start), "{query} {start}");
                    assert_eq!(whole, distance(&query, &text.iter().collect::<String>()));
                }
            }
        }
    }
}
