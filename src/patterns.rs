//! The pattern framework every scoring system's table is written in: a [`Pattern`] (id,
//! names, [`Value`], the [`Shapes`] it scores on, a [`Condition`] over [`Facts`], and its
//! wording), and the predicates more than one system shares.
//!
//! The tables themselves are in [`crate::rules`]. The engine in [`crate::score`] applies
//! the series rule and the limit; nothing here knows about either.

use std::borrow::Cow;

use crate::arrange::Shape;
use crate::sets::{Set, SetKind};
use crate::tile::{kinds, Suit, Tile};

// The sets of shapes live with the shapes (`crate::arrange`), below both this module and
// the waits it asks: named here too, where the pattern tables use them.
pub use crate::arrange::{
    Shapes, ANY, ANY_SEQUENCES, DECLARED_ONLY, REGULAR, REGULAR_OR_PAIRS, SEVEN_PAIRS_ONLY,
    THIRTEEN_TERMINALS_ONLY,
};

mod facts;
mod requirements;
mod screen;
pub use facts::{Facts, HandFacts, Situation};
pub use requirements::{Count, Presence, Requirements, SetsRule, ALL_KINDS};
pub(crate) use screen::{ReadingBits, Screen};
pub(crate) use requirements::{
    hand_holds_at_least, number_suits, ranks_held, straight_across, CountedSets, Ending, WaitKind, WordTest, MOST_WORDS,
};

/// When a pattern applies. New kinds of condition may come.
#[derive(Clone)]
#[non_exhaustive]
pub enum Condition {
    /// Once, if the whole hand satisfies the predicate.
    Hand(fn(&Facts) -> bool),
    /// Once for each set that satisfies the predicate (Zung Jung's Value Honor).
    EachSet(fn(&Set, &Facts) -> bool),
    /// Once, worth the points the function computes (a lookup table, a formula), if they
    /// are more than 0. The pattern's value is a [`Value::Computed`] label.
    Computed(fn(&Facts) -> u32),
    /// Once per instance the function finds, each worth the points it gives (Huang's
    /// duplicate runs: one table cell per group of runs).
    Instances(fn(&Facts) -> Instances),
    /// Only when no other pattern applies: a chicken hand.
    Fallback,
    /// Once, if the reading meets the requirements: a condition written as data (a rules
    /// file's new hand), tested as a [`Condition::Hand`] would be.
    Requires(Requirements),
    /// Once, if the whole hand satisfies the closure: a test made at run time that may
    /// hold data of its own (a club's list of tiles read from its database), where
    /// [`Condition::Hand`] takes a plain function. Tested as a [`Condition::Hand`] would
    /// be, after the plain tests.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use mjscore::{Condition, Pattern, Value};
    /// let lucky = 8; // read at run time
    /// let condition = Condition::Closure(Arc::new(move |f| f.pair().is_some_and(|t| t.rank() == lucky)));
    /// let pattern = Pattern::new("c.8", "Lucky Pair", Value::Points(8), condition);
    /// let mut club = mjscore::rules::WSOM.derive("club", "The club's WSOM");
    /// club.add_pattern(pattern, &[]).unwrap();
    /// // b88 is the pair: 1.1 All Sequences 5 + 1.2 Concealed Hand 5 + c.8 8 = 18.
    /// let scored = mjscore::score_line("b123 c456 d789 c234 b8 +b8 self", &club).unwrap();
    /// assert_eq!(scored.payments().unwrap().value, 18);
    /// ```
    Closure(std::sync::Arc<dyn Fn(&Facts) -> bool + Send + Sync>),
}

impl std::fmt::Debug for Condition {
    /// The kind of condition and its data; a function or a closure shows as such.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Condition::Hand(_) => f.write_str("Hand(fn)"),
            Condition::EachSet(_) => f.write_str("EachSet(fn)"),
            Condition::Computed(_) => f.write_str("Computed(fn)"),
            Condition::Instances(_) => f.write_str("Instances(fn)"),
            Condition::Fallback => f.write_str("Fallback"),
            Condition::Requires(requirements) => f.debug_tuple("Requires").field(requirements).finish(),
            Condition::Closure(_) => f.write_str("Closure(..)"),
        }
    }
}

/// The instances of a pattern in one reading, each with its points: at most
/// [`Instances::MAX`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Instances {
    points: [u32; Instances::MAX],
    len: usize,
}

impl Instances {
    /// The most instances one pattern has in a hand.
    pub const MAX: usize = 4;

    /// `count` instances worth `points` each (at most [`Instances::MAX`]).
    pub fn repeat(count: usize, points: u32) -> Instances {
        let mut instances = Instances::default();
        for _ in 0..count {
            instances.push(points);
        }
        instances
    }

    /// One more instance worth `points` (ignored past [`Instances::MAX`]).
    pub fn push(&mut self, points: u32) {
        if self.len < Instances::MAX {
            self.points[self.len] = points;
            self.len += 1;
        }
    }

    /// Each instance's points.
    pub fn points(&self) -> &[u32] {
        &self.points[..self.len]
    }
}

/// What a pattern is worth.
#[derive(Debug, Clone, Copy)]
pub enum Value {
    /// A fixed number of points (for each instance, with [`Condition::EachSet`]).
    Points(u32),
    /// The rule set's maximum less `less`, scored alone: a doubling special hand.
    Maximum {
        /// How far under the maximum (1 for the doubling table's "small" hands).
        less: u32,
    },
    /// Half a point: shown as ½, counted 0, so it only ever scores alone.
    Half,
    /// A percentage of the base (the sum of the points), added after the limit.
    Percent(u32),
    /// A fixed number of points that scores alone, whatever the limits: a rules file's new
    /// hand said to be a limit.
    Alone(u32),
    /// Points the pattern computes from the hand ([`Condition::Computed`],
    /// [`Condition::Instances`]): a lookup table, a formula.
    Computed {
        /// The value as the card shows it, e.g. `20 + 2^N`.
        label: &'static str,
    },
}

impl Value {
    /// The points of a fixed value under a limit of `maximum` (None: no limit); 0 for a
    /// computed one, whose points come from its condition.
    pub fn points(&self, maximum: Option<u32>) -> u32 {
        self.nominal(maximum).unwrap_or(0)
    }

    /// The points whatever the hand, when they do not depend on it (a claim is valued so).
    pub fn nominal(&self, maximum: Option<u32>) -> Option<u32> {
        match *self {
            Value::Points(points) | Value::Alone(points) => Some(points),
            Value::Maximum { less } => Some(maximum.unwrap_or(0).saturating_sub(less)),
            Value::Half | Value::Percent(_) => Some(0),
            Value::Computed { .. } => None,
        }
    }

    /// The value as shown: `40`, `13`, `½`, `+50%`, or a computed value's label.
    pub fn label(&self, maximum: Option<u32>) -> String {
        match *self {
            Value::Half => "½".to_string(),
            Value::Percent(percent) => format!("+{percent}%"),
            Value::Computed { label, .. } => label.to_string(),
            _ => self.nominal(maximum).unwrap_or(0).to_string(),
        }
    }

    /// The percentage it adds, for a [`Value::Percent`].
    pub fn percent(&self) -> u32 {
        match *self {
            Value::Percent(percent) => percent,
            _ => 0,
        }
    }
}

/// Whether two ids (or series) of the tables are the same. Ids of one length most often
/// differ in their last character (`h.28`, `h.35`), so that is compared before the whole
/// text: scoring compares ids and series for every pattern found and every implication
/// row, and most of those pairs differ.
#[inline]
pub(crate) fn same_id(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().last() == b.as_bytes().last() && a == b
}

/// One scoring pattern. Its texts are borrowed for a built-in table, owned for one made at
/// run time (a rules file's new hand).
#[derive(Clone)]
pub struct Pattern {
    /// A short stable id: `7.1` in Zung Jung, `d.b` in the doubling table.
    pub id: Cow<'static, str>,
    /// Within a series only the highest applicable pattern counts.
    pub series: Cow<'static, str>,
    /// English name.
    pub name: Cow<'static, str>,
    /// Chinese name.
    pub chinese: Cow<'static, str>,
    /// Other names players use for it: synonyms from other rule books, romanisations,
    /// simplified Chinese (found by `explain` and in a claim, as the names are).
    pub aliases: &'static [&'static str],
    /// What it is worth.
    pub value: Value,
    /// The hand shapes it may be scored on.
    pub shapes: Shapes,
    /// When it applies.
    pub condition: Condition,
    /// The condition in one line, as the rule text states it.
    pub summary: Cow<'static, str>,
    /// The full condition, with the rulings that apply to it (`mjscore explain`).
    pub details: Cow<'static, str>,
    /// A hand in notation that scores this pattern (a test checks that it does).
    pub example: Cow<'static, str>,
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.id, self.name)
    }
}

/// Two patterns are equal when their ids are: a pattern and its clone are, and so are the
/// entries of one id in two rule sets (WSOM's and Zung Jung's 1.1, or a club's 1.1 worth
/// more): an id names one pattern of a table, and a caller comparing patterns of two rule
/// sets compares the rule sets too where their values matter.
impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other) || same_id(&self.id, &other.id)
    }
}

impl std::hash::Hash for Pattern {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl Eq for Pattern {}

impl Pattern {
    /// A pattern of this id, name, value and condition, which may be scored on any shape,
    /// is its own series, and has no other names, no Chinese name, no summary or details
    /// beyond its name, and no example: the `with_` methods set them.
    pub fn new(
        id: impl Into<Cow<'static, str>>,
        name: impl Into<Cow<'static, str>>,
        value: Value,
        condition: Condition,
    ) -> Pattern {
        let id = id.into();
        let name = name.into();
        Pattern {
            series: id.clone(),
            id,
            summary: name.clone(),
            details: name.clone(),
            name,
            chinese: Cow::Borrowed(""),
            aliases: &[],
            value,
            shapes: ANY,
            condition,
            example: Cow::Borrowed(""),
        }
    }

    /// In the series `series`: only the highest pattern of a series that applies counts.
    pub fn with_series(mut self, series: impl Into<Cow<'static, str>>) -> Pattern {
        self.series = series.into();
        self
    }

    /// With this Chinese name.
    pub fn with_chinese(mut self, chinese: impl Into<Cow<'static, str>>) -> Pattern {
        self.chinese = chinese.into();
        self
    }

    /// Scored only on these shapes.
    pub fn with_shapes(mut self, shapes: Shapes) -> Pattern {
        self.shapes = shapes;
        self
    }

    /// With this condition in one line (the card) and in full (`explain`).
    pub fn with_text(
        mut self,
        summary: impl Into<Cow<'static, str>>,
        details: impl Into<Cow<'static, str>>,
    ) -> Pattern {
        self.summary = summary.into();
        self.details = details.into();
        self
    }

    /// With a hand in notation that scores it.
    pub fn with_example(mut self, example: impl Into<Cow<'static, str>>) -> Pattern {
        self.example = example.into();
        self
    }

    /// Whether it may be scored on `shape`.
    pub fn allows(&self, shape: &Shape) -> bool {
        self.shapes.allow(shape)
    }

    /// Whether it scores only when nothing else does (a chicken hand).
    pub fn is_fallback(&self) -> bool {
        matches!(self.condition, Condition::Fallback)
    }

    /// Whether it may count several times in one hand: once per set, or per instance.
    pub fn counts_per_instance(&self) -> bool {
        match &self.condition {
            Condition::EachSet(_) | Condition::Instances(_) => true,
            Condition::Requires(requirements) => requirements.counts_each_set(),
            _ => false,
        }
    }

    /// Whether it counts once for each set it names (Value Honor).
    pub(crate) fn counts_per_set(&self) -> bool {
        match &self.condition {
            Condition::EachSet(_) => true,
            Condition::Requires(requirements) => {
                requirements.counts_each_set() && !requirements.counts_pairs()
            }
            _ => false,
        }
    }

    /// Whether it counts once for each pair it names (a rules file's `each_pair_of`).
    pub(crate) fn counts_per_pair(&self) -> bool {
        matches!(&self.condition, Condition::Requires(r) if r.counts_each_set() && r.counts_pairs())
    }
}

// ---- predicates more than one system uses ----

/// Four sequences.
pub fn all_sequences(f: &Facts) -> bool {
    f.sets().iter().all(|s| s.kind == SetKind::Sequence)
}

/// Four triplets or kongs.
pub(crate) fn all_triplets(f: &Facts) -> bool {
    f.sets().iter().all(Set::is_triplet_or_kong)
}

/// The one number suit of the hand, if its number tiles are all of one suit.
pub(crate) fn single_number_suit(f: &Facts) -> Option<Suit> {
    let suits = [
        (kinds::BAMBOO, Suit::Bamboo),
        (kinds::CHARACTERS, Suit::Characters),
        (kinds::DOTS, Suit::Dots),
    ];
    let mut held = suits.iter().filter(|&&(suit, _)| f.holds_any(suit));
    let &(_, first) = held.next()?;
    held.next().is_none().then_some(first)
}

/// Whether the hand holds any wind or dragon.
pub(crate) fn has_honors(f: &Facts) -> bool {
    f.holds_any(kinds::HONORS)
}

/// Number tiles of one suit, plus honors.
pub(crate) fn mixed_one_suit(f: &Facts) -> bool {
    single_number_suit(f).is_some() && has_honors(f)
}

/// Number tiles of one suit only.
pub(crate) fn pure_one_suit(f: &Facts) -> bool {
    single_number_suit(f).is_some() && !has_honors(f)
}

/// A dragon tile.
pub(crate) fn is_dragon(t: Tile) -> bool {
    t.suit() == Suit::Dragon
}

/// A wind tile.
pub(crate) fn is_wind(t: Tile) -> bool {
    t.suit() == Suit::Wind
}

/// Whether the eyes satisfy `test`.
pub(crate) fn pair_is(f: &Facts, test: fn(Tile) -> bool) -> bool {
    f.pair().is_some_and(test)
}

/// 1112345678999: how many of each rank Nine Gates holds.
pub(crate) const NINE_GATES: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];

/// How many of each rank a suit's tiles hold (in the tile module, below the patterns and
/// their requirements, which both count so).
pub(crate) use crate::tile::rank_counts;

#[cfg(test)]
mod tests {
    use super::{same_id, Facts};
    use crate::arrange::arrangements;
    use crate::hand::{self, Hand};
    use crate::notation;
    use crate::words::SystemWords;

    fn hand(line: &str) -> Hand {
        let parsed = notation::parse_hand(line).unwrap();
        hand::validate(&parsed, parsed.winning.unwrap(), SystemWords::none()).unwrap()
    }

    /// The concealed triplets of the hand's one reading, and whether counting them asked
    /// how the winning tile came.
    fn concealed_triplets(line: &str) -> (usize, bool) {
        let hand = hand(line);
        let all = arrangements(&hand);
        assert_eq!(all.len(), 1, "{line}");
        let facts = Facts::new(&hand, &all[0]);
        (facts.concealed_triplets(), facts.asked_how_won())
    }

    #[test]
    fn a_discard_completed_triplet_is_not_concealed() {
        // b5 completes b555: on a discard it is exposed, leaving c222 d222 d888; self-drawn
        // all four count. Counting had to ask how the tile came.
        assert_eq!(
            concealed_triplets("d222 d888 c222 b44 b55 +b5 from=n"),
            (3, true)
        );
        assert_eq!(
            concealed_triplets("d222 d888 c222 b44 b55 +b5 self"),
            (4, true)
        );
        // b4 completes the pair: the four triplets count whatever the way, without asking.
        assert_eq!(
            concealed_triplets("d222 d888 c222 b555 b4 +b4 from=n"),
            (4, false)
        );
        // A melded pung never counts; the triplet the discard completes does not either.
        assert_eq!(
            concealed_triplets("d222 c222 b44 b55 [p d888] +b5 from=n"),
            (2, true)
        );
    }

    #[test]
    fn same_id_compares_the_whole_text() {
        assert!(same_id("h.28", "h.28"));
        assert!(same_id("1.2", "1.2"));
        // Differing in the last character, elsewhere with the same last character, and in
        // length with a common start.
        assert!(!same_id("h.28", "h.35"));
        assert!(!same_id("h.28", "h.38"));
        assert!(!same_id("1.2", "1.2.1"));
        assert!(!same_id("", "1"));
        assert!(same_id("", ""));
    }
}
