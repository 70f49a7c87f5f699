//! Scoring: applies a rule set's patterns to every arrangement of a hand, keeps the series
//! rule (only the highest pattern of a series counts), applies the limit (one limit step
//! for every system, driven by the rule set's [`LimitRule`](crate::rule_set::LimitRule)), and
//! picks the best reading (docs/rules.md § Arrangement).

#[cfg(doc)]
use crate::arrange::arrangements;
use crate::arrange::{arrange_into, Arrangement, Arrangements, Placement, Shape};
use crate::hand::{Hand, WinContext};
use crate::patterns::{Condition, Facts, HandFacts, Pattern, ReadingBits, Value};
use crate::payment::Payments;
use crate::rule_set::{RuleSet, ShapePatterns, TableIndex};
use crate::sets::Set;
use crate::small::SmallVec;
use crate::tile::Tile;

/// The patterns of one reading: a handful, kept in place.
pub type Counted<'r> = SmallVec<CountedPattern<'r>, 8>;

/// The patterns a limit set aside: none, most often, so few are kept in place (a smaller
/// reading is cheaper to move).
pub(crate) type SetAside<'r> = SmallVec<CountedPattern<'r>, 2>;

/// One pattern as counted; `set` names the set for per-set patterns (Value Honor), or the
/// pair ([`SetKind::Pair`](crate::SetKind)) for a pattern a rules file counts once a pair.
#[derive(Debug, Clone, Copy)]
pub struct CountedPattern<'r> {
    /// The pattern.
    pub pattern: &'r Pattern,
    /// The set (or pair) it counted for, for a per-set pattern.
    pub set: Option<Set>,
    /// What it is worth in this hand (its value under this rule set's maximum).
    pub points: u32,
}

impl<'r> CountedPattern<'r> {
    /// The pattern counted for the whole hand, worth `points`.
    pub fn new(pattern: &'r Pattern, points: u32) -> CountedPattern<'r> {
        CountedPattern {
            pattern,
            set: None,
            points,
        }
    }

    /// What it is worth in this hand.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// The percentage it adds to the base (0 but for a percentage pattern).
    pub fn percent(&self) -> u32 {
        self.pattern.value.percent()
    }

    /// Whether it scores alone under `rules` rather than adding to a sum.
    pub(crate) fn scores_alone(&self, rules: &RuleSet) -> bool {
        matches!(self.pattern.value, Value::Maximum { .. } | Value::Alone(_))
            || rules
                .limit
                .alone_from
                .is_some_and(|from| self.points >= from)
    }
}

/// Which limit decided the total (docs/rules.md § Limits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Patterns summing to the limit or more score the limit.
    Compound,
    /// A pattern that scores alone (listed at the limit or more; a special hand).
    Listed,
}

impl Limit {
    /// Stable name for scripts: `compound` or `listed`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Compound => "compound",
            Limit::Listed => "listed",
        }
    }
}

/// One arrangement, scored.
#[derive(Debug)]
pub struct Reading<'r> {
    /// The arrangement scored.
    pub arrangement: Arrangement,
    /// The patterns that make up the total: under a listed limit, that one pattern alone
    /// (and any percentages).
    pub(crate) counted: Counted<'r>,
    /// Patterns the hand also has but that the limit leaves out: the rest under a listed
    /// limit, or a pattern that would score alone but is worth less than the sum.
    pub(crate) set_aside: SetAside<'r>,
    /// Sum of every applicable pattern's points, before the limit.
    pub sum: u32,
    /// The value after the limit, before any percentages.
    pub base: u32,
    /// The hand's value, after the limit and any percentages.
    pub total: u32,
    /// The limit that decided the total, if one did.
    pub limit: Option<Limit>,
}

/// A reading's lists are copied whole (`SmallVec::copied`): the `waits` analysis clones
/// the best reading of every value it makes.
impl<'r> Clone for Reading<'r> {
    fn clone(&self) -> Reading<'r> {
        Reading {
            arrangement: self.arrangement,
            counted: self.counted.copied(),
            set_aside: self.set_aside.copied(),
            sum: self.sum,
            base: self.base,
            total: self.total,
            limit: self.limit,
        }
    }
}

impl<'r> Reading<'r> {
    /// The patterns that make up the total: under a listed limit, that one pattern alone
    /// (and any percentages).
    pub fn counted(&self) -> &[CountedPattern<'r>] {
        &self.counted
    }

    /// Patterns the hand also has but that the limit leaves out: the rest under a listed
    /// limit, or a pattern that would score alone but is worth less than the sum.
    pub fn set_aside(&self) -> &[CountedPattern<'r>] {
        &self.set_aside
    }

    /// Whether the total is half a point: a half-point pattern scoring alone (counted 0 in
    /// the total, shown as ½).
    pub fn shows_half(&self) -> bool {
        matches!(&self.counted[..], [only] if matches!(only.pattern.value, Value::Half))
    }
}

/// The value a won hand was paid on, as its line shows it: points, or half a point (a
/// half-point pattern scoring alone: counted 0, so it pays as 0 points, but it is more than
/// a hand worth 0 and less than one worth 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaidOn {
    /// Whole points.
    Points(u32),
    /// Half a point.
    Half,
}

impl PaidOn {
    /// Half a point when `half`, else `points`.
    pub fn of(points: u32, half: bool) -> PaidOn {
        if half {
            PaidOn::Half
        } else {
            PaidOn::Points(points)
        }
    }

    /// The value in half points, for comparing.
    fn halves(self) -> u64 {
        match self {
            PaidOn::Points(points) => 2 * u64::from(points),
            PaidOn::Half => 1,
        }
    }
}

impl PartialOrd for PaidOn {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PaidOn {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.halves().cmp(&other.halves())
    }
}

/// Why a hand does not win.
// The reading of a hand below the minimum is held in place, as a win's is (see `Outcome`).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum FalseWin<'r> {
    /// The tiles form none of the winning shapes the rule set allows.
    NotAWinningHand,
    /// The rule set refuses the win whatever the tiles (Huang: no Tin declared).
    Refused {
        /// Why, in the system's words.
        reason: &'static str,
    },
    /// The best reading is under the rule set's minimum.
    BelowMinimum {
        /// The best reading.
        reading: Reading<'r>,
        /// The rule set's minimum.
        minimum: u32,
    },
}

/// The result of scoring a valid hand.
// A win holds its reading in place: it is made once a line and moved a few times, where
// a box cost an allocation every line.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Outcome<'r> {
    /// The hand wins.
    Win {
        /// The best reading.
        reading: Reading<'r>,
        /// What each seat pays on its total.
        payments: Payments,
        /// How many arrangements and placements were compared.
        readings_compared: usize,
    },
    /// The hand does not win.
    FalseWin(FalseWin<'r>),
}

/// The applicable patterns of the reading `facts` describe, in table order, after the
/// series rule, pushed into `found` (empty): a reading's list is filled where it stays, not
/// moved there.
fn find_patterns<'r>(facts: &Facts, rules: &'r RuleSet, found: &mut Counted<'r>) {
    let table = rules.table_index();
    let maximum = rules.limit.maximum;
    // The table index of each pattern of `found`, in step with it.
    let mut indices = Indices::new();
    // The series of the patterns found so far, as bits of their first patterns' indices: a
    // pattern whose series is not among them (nearly every one) has no rival to look for.
    let mut series_found = 0u128;
    let kind = facts.arrangement.shape.kind();
    let listed = table.listed(kind, facts.sequence_count());
    let mut holding = Indices::new();
    for &(index, holds) in &listed.hand_tests {
        if holds(facts) {
            holding.push(index);
        }
    }
    if !listed.screened.is_empty() {
        screen_into(facts, listed, &mut holding);
        #[cfg(debug_assertions)]
        screened_out_fail(facts, rules, kind, &holding);
    }
    // In table order: the tests of the whole hand that hold, and every other pattern (two
    // lists in order, merged).
    let (mut held, mut others) = (holding.iter().peekable(), listed.others.iter().peekable());
    while let Some(&index) = match (held.peek(), others.peek()) {
        (Some(h), Some(o)) if o < h => others.next(),
        (Some(_), _) => held.next(),
        (None, _) => others.next(),
    } {
        let pattern = &rules.patterns[index];
        match pattern.condition {
            Condition::Requires(ref requirements) if !requirements.holds_asking(facts, table.asks[index]) => {}
            // Counted once for each set (or pair) it names, as Condition::EachSet is.
            Condition::Requires(ref requirements) if requirements.counts_each_set() => {
                let counted = requirements.counted(facts);
                let points = pattern.value.points(maximum);
                if count_each_set(pattern, counted, points, (found, &mut indices), index) {
                    series_found |= 1 << table.series[index];
                }
            }
            Condition::Closure(ref holds) if !holds(facts) => {}
            Condition::Hand(_) | Condition::Requires(_) | Condition::Closure(_) => {
                let counted = CountedPattern::new(pattern, pattern.value.points(maximum));
                // Series rule: keep only the highest applicable pattern of the series.
                let series = table.series[index];
                let rival = if series_found & 1 << series == 0 {
                    None
                } else {
                    indices.iter().position(|&i| table.series[i] == series)
                };
                series_found |= 1 << series;
                match rival {
                    Some(i) if found[i].points() >= counted.points() => {}
                    // The higher pattern takes its own place in table order.
                    Some(i) => {
                        found.remove(i);
                        indices.remove(i);
                        found.push(counted);
                        indices.push(index);
                    }
                    None => {
                        found.push(counted);
                        indices.push(index);
                    }
                }
            }
            Condition::EachSet(holds) => {
                let sets = facts.sets().iter().filter(|s| holds(s, facts)).copied();
                let points = pattern.value.points(maximum);
                if count_each_set(pattern, sets, points, (found, &mut indices), index) {
                    series_found |= 1 << table.series[index];
                }
            }
            Condition::Computed(points) => {
                let points = points(facts);
                if points > 0 {
                    found.push(CountedPattern::new(pattern, points));
                    indices.push(index);
                    series_found |= 1 << table.series[index];
                }
            }
            Condition::Instances(instances) => {
                for &points in instances(facts).points() {
                    found.push(CountedPattern::new(pattern, points));
                    indices.push(index);
                    series_found |= 1 << table.series[index];
                }
            }
            Condition::Fallback => {}
        }
    }
    drop_implied(found, &indices, table, facts);
    if found.is_empty() {
        if let Some(index) = table.fallback[kind] {
            let pattern = &rules.patterns[index];
            found.push(CountedPattern::new(pattern, pattern.value.points(maximum)));
        }
    }
}

/// Adds to `holding` (the tests of the whole hand of `listed` that hold, in table order)
/// the conditions as data whose screens admit the reading `facts` describes, to be tested
/// whole, keeping table order. Apart from [`find_patterns`], and not inlined there, so that
/// a table with no condition as data (every built-in one) pays nothing for it.
#[inline(never)]
fn screen_into(facts: &Facts, listed: &ShapePatterns, holding: &mut Indices) {
    let reading = ReadingBits::of(facts, listed.screens_ask);
    for &(index, screen) in &listed.screened {
        if screen.admits(&reading) {
            holding.push(index);
        }
    }
    if !listed.hand_tests.is_empty() {
        holding.sort_unstable();
    }
}

/// Debug builds: every condition as data that the table's lists or the screens leave out
/// of `holding` fails on the reading `facts` describes.
#[cfg(debug_assertions)]
fn screened_out_fail(facts: &Facts, rules: &RuleSet, kind: usize, holding: &Indices) {
    let sequences = facts.sequence_count();
    for (index, pattern) in rules.patterns.iter().enumerate() {
        let Condition::Requires(ref requirements) = pattern.condition else {
            continue;
        };
        let looked_for = pattern.shapes.allow_kind(kind)
            && (kind != 0 || pattern.shapes.allow_sequences(sequences));
        if looked_for && !holding.contains(&index) {
            assert!(
                !requirements.holds(facts),
                "{} holds but was screened out: {requirements:?}",
                pattern.id
            );
        }
    }
}

/// Counts `pattern` (table index `index`) once for each of `sets` (or pairs), worth
/// `points` each, in the reading's patterns and their indices: Value Honor, in code or as
/// data. Whether it counted at all.
fn count_each_set<'r>(
    pattern: &'r Pattern,
    sets: impl Iterator<Item = Set>,
    points: u32,
    (found, indices): (&mut Counted<'r>, &mut Indices),
    index: usize,
) -> bool {
    let before = found.len();
    for set in sets {
        found.push(CountedPattern {
            pattern,
            set: Some(set),
            points,
        });
        indices.push(index);
    }
    found.len() > before
}

/// The table indices of a reading's patterns.
type Indices = SmallVec<usize, 16>;

/// Takes out the patterns that counted patterns imply (the rule set's implications, read in
/// order; a dropped pattern drops nothing itself). `indices` are the table indices of
/// `found`'s patterns.
fn drop_implied(found: &mut Counted<'_>, indices: &Indices, table: &TableIndex, facts: &Facts) {
    if table.implications.is_empty() {
        return;
    }
    // Most implications name a pattern the reading does not have: one bit test each.
    let present = indices.iter().fold(0u128, |bits, &i| bits | 1 << i);
    let mut dropped: SmallVec<bool, 16> = found.iter().map(|_| false).collect();
    for implication in &table.implications {
        if present & implication.counted == 0 {
            continue;
        }
        let implying = indices
            .iter()
            .zip(&dropped)
            .any(|(&i, &gone)| !gone && implication.counted & 1 << i != 0);
        if !implying || implication.when.is_some_and(|when| !when(facts)) {
            continue;
        }
        for &(drops, instances) in &implication.drops {
            let mut left = instances.unwrap_or(usize::MAX);
            // The last instances go first, so that the set named first stays.
            for at in (0..found.len()).rev() {
                if left > 0 && !dropped[at] && drops & 1 << indices[at] != 0 {
                    dropped[at] = true;
                    left -= 1;
                }
            }
        }
    }
    let mut flags = dropped.into_iter();
    found.retain(|_| !flags.next().unwrap_or(false));
}

/// The limit step, the same for every rule set (see [`crate::rule_set::LimitRule`]): the
/// highest pattern that scores alone, if it is worth at least the capped sum of the others;
/// otherwise that capped sum. Percentages then add to the base, rounded half up. The value
/// of `patterns` after it.
pub(crate) fn limited_total(rules: &RuleSet, patterns: Counted<'_>) -> u32 {
    let mut counted = patterns;
    limit_in_place(rules, &mut counted, &mut SetAside::new()).total
}

/// What the limit step makes of a reading's patterns, beside the lists ([`limit_in_place`]).
struct Limits {
    /// The sum of every pattern's points, before the limit.
    sum: u32,
    /// The value after the limit, before any percentages.
    base: u32,
    /// The value after the limit and the percentages.
    total: u32,
    /// The limit that decided the total, if one did.
    limit: Option<Limit>,
}

/// [`limited_total`] on the patterns where they are: `counted` keeps those that make up the total,
/// in the order of their value, and `set_aside` (empty) receives the others. Done in
/// place because a reading is scored for every arrangement of every line: copying its
/// lists was a tenth of the scoring.
fn limit_in_place<'r>(
    rules: &RuleSet,
    counted: &mut Counted<'r>,
    set_aside: &mut SetAside<'r>,
) -> Limits {
    let rule = rules.limit;
    // In one pass: the highest pattern that scores alone (the first of equals), the sum of
    // the others, the sum of all, and the percentages.
    let mut alone: Option<(usize, u32)> = None;
    let (mut sum, mut all, mut percent) = (0u32, 0u32, 0u32);
    for (i, c) in counted.iter().enumerate() {
        percent += c.percent();
        all += c.points();
        if !c.scores_alone(rules) {
            sum += c.points();
        } else if alone.is_none_or(|(_, highest)| c.points() > highest) {
            alone = Some((i, c.points()));
        }
    }
    let capped = rule.maximum.map_or(sum, |maximum| sum.min(maximum));
    let (base, limit) = match alone {
        Some((index, points)) if points >= capped => {
            // The pattern that scores alone comes first, then any percentages; the rest
            // are set aside.
            let alone = counted[index];
            set_aside.extend(
                counted
                    .iter()
                    .enumerate()
                    .filter(|&(i, c)| i != index && c.percent() == 0)
                    .map(|(_, c)| *c),
            );
            let mut at = 0;
            counted.retain(|c| {
                let percentage = at != index && c.percent() > 0;
                at += 1;
                percentage
            });
            counted.insert(0, alone);
            (points, Some(Limit::Listed))
        }
        _ => {
            if alone.is_some() {
                set_aside.extend(counted.iter().filter(|c| c.scores_alone(rules)).copied());
                counted.retain(|c| !c.scores_alone(rules));
            }
            let reached = rule.maximum.is_some_and(|maximum| {
                sum > maximum || (rule.reached_at_maximum && sum == maximum)
            });
            (capped, reached.then_some(Limit::Compound))
        }
    };
    Limits {
        sum: all,
        base,
        total: with_percent(base, percent),
        limit,
    }
}

/// `base` plus `percent` % of it, rounded half up.
pub(crate) fn with_percent(base: u32, percent: u32) -> u32 {
    let hundredths = u64::from(base) * (100 + u64::from(percent));
    u32::try_from((hundredths + 50) / 100).unwrap_or(u32::MAX)
}

/// Scores one arrangement under `rules`.
#[cfg(any(test, feature = "testing"))]
pub fn read<'r>(hand: &Hand, arrangement: Arrangement, rules: &'r RuleSet) -> Reading<'r> {
    read_sharing(hand, arrangement, rules, &HandFacts::new())
}

/// [`read`], with what is asked of the whole hand kept in `hand_facts` (the hand's) for
/// its other readings.
#[inline]
fn read_sharing<'r>(
    hand: &Hand,
    arrangement: Arrangement,
    rules: &'r RuleSet,
    hand_facts: &HandFacts,
) -> Reading<'r> {
    let mut reading = Reading::unread(arrangement);
    read_into(hand, rules, hand_facts, &mut reading);
    reading
}

impl<'r> Reading<'r> {
    /// `arrangement`, not read yet: no pattern, worth 0.
    fn unread(arrangement: Arrangement) -> Reading<'r> {
        Reading {
            arrangement,
            counted: Counted::new(),
            set_aside: SetAside::new(),
            sum: 0,
            base: 0,
            total: 0,
            limit: None,
        }
    }
}

/// [`read_sharing`] into `reading` ([`Reading::unread`], where it stays: a reading is a few
/// hundred bytes), and whether a pattern asked how the winning tile came
/// ([`Facts::asked_how_won`]): if none did, the same tiles won the other way read the same.
fn read_into<'r>(
    hand: &Hand,
    rules: &'r RuleSet,
    hand_facts: &HandFacts,
    reading: &mut Reading<'r>,
) -> bool {
    let facts = Facts::sharing(hand, &reading.arrangement, hand_facts);
    find_patterns(&facts, rules, &mut reading.counted);
    let asked = facts.asked_how_won();
    let limits = limit_in_place(rules, &mut reading.counted, &mut reading.set_aside);
    reading.sum = limits.sum;
    reading.base = limits.base;
    reading.total = limits.total;
    reading.limit = limits.limit;
    asked
}

/// The arrangements `rules` reads the hand in, pushed into `all` (empty): the one declared
/// shape when the rule set's hook says the hand wins by declaration, else every arrangement
/// of a shape it allows. The hand is arranged into the list, and sifted there.
fn shapes_read(hand: &Hand, rules: &RuleSet, all: &mut Arrangements) {
    if won_by_declaration(hand, rules) {
        all.push(DECLARED);
        return;
    }
    arrange_into(hand, all);
    all.retain(|a| rules.shapes.allow(&a.shape));
    each_special_shape(hand, rules, |a| all.push(a));
}

/// [`shapes_read`] from the hand's [`arrangements`], worked out by the caller (`arranged`),
/// each handed to `each` as it comes: the waits analysis scores the same tiles won both
/// ways, and reads each arrangement straight into its list.
#[inline]
fn each_shape_read(
    hand: &Hand,
    rules: &RuleSet,
    arranged: &Arrangements,
    mut each: impl FnMut(Arrangement),
) {
    if won_by_declaration(hand, rules) {
        each(DECLARED);
        return;
    }
    // Only the shapes the rule set allows, as they come: a second pass over the list to
    // sift them cost every reading of the waits analysis.
    let allowed = rules.shapes;
    for arrangement in arranged.iter().filter(|a| allowed.allow(&a.shape)) {
        each(*arrangement);
    }
    each_special_shape(hand, rules, each);
}

/// Whether the rule set's hook says the hand wins by declaration: it is then read in the
/// one shape [`DECLARED`].
fn won_by_declaration(hand: &Hand, rules: &RuleSet) -> bool {
    rules
        .declared
        .is_some_and(|declared| declared(&hand.context.words))
}

/// The one shape of a hand won by declaration.
const DECLARED: Arrangement = Arrangement {
    shape: Shape::Declared,
    placement: Placement::Irregular,
};

/// The rule set's own shapes that the hand's 14 concealed tiles form, if it allows them (a
/// hand with melds has none).
fn each_special_shape(hand: &Hand, rules: &RuleSet, mut each: impl FnMut(Arrangement)) {
    if rules.special_shapes.is_empty() || !rules.shapes.special {
        return;
    }
    let Some(tiles) = special_tiles(hand) else {
        return;
    };
    for shape in rules.special_shapes {
        if (shape.forms)(&tiles) {
            each(Arrangement {
                shape: Shape::Special { shape, tiles },
                placement: Placement::Irregular,
            });
        }
    }
}

/// A hand's 14 tiles, sorted, when it has no melds and 14 concealed tiles with the winning
/// tile: what a special shape is read from.
pub(crate) fn special_tiles(hand: &Hand) -> Option<[Tile; 14]> {
    if !hand.melds.is_empty() {
        return None;
    }
    let mut tiles = [Tile::default(); 14];
    let mut held = hand.concealed.iter().chain(&hand.winning_tile);
    for slot in tiles.iter_mut() {
        *slot = *held.next()?;
    }
    if held.next().is_some() {
        return None;
    }
    tiles.sort_unstable();
    Some(tiles)
}

/// Every reading of the hand, best first: highest total, then highest sum before the limit.
/// Equal readings keep the order of [`arrangements`].
pub fn readings<'r>(hand: &Hand, rules: &'r RuleSet) -> Vec<Reading<'r>> {
    let mut shapes = Arrangements::new();
    shapes_read(hand, rules, &mut shapes);
    let hand_facts = HandFacts::new();
    let mut all: Vec<Reading> = shapes
        .into_iter()
        .map(|arrangement| read_sharing(hand, arrangement, rules, &hand_facts))
        .collect();
    all.sort_by_key(|r| std::cmp::Reverse((r.total, r.sum)));
    all
}

/// [`readings`] of the same tiles won two ways, from their [`arrangements`] (`arranged`):
/// `hands` hold the same tiles and melds in contexts that differ only in how the winning
/// tile came (the waits analysis values every wait won on a discard and self-drawn), and
/// `all` (empty) receive their readings, best first. A reading whose patterns never asked
/// how the tile came ([`Facts::asked_how_won`]) is read once and copied: only a few
/// patterns ask.
pub(crate) fn readings_both_ways_into<'r, const N: usize>(
    hands: [&Hand; 2],
    rules: &'r RuleSet,
    arranged: &Arrangements,
    hand_facts: &HandFacts,
    all: [&mut SmallVec<Reading<'r>, N>; 2],
) {
    let [first, second] = hands;
    debug_assert!(differ_only_in_how_won(first, second));
    let [first_all, second_all] = all;
    each_shape_read(first, rules, arranged, |arrangement| {
        // Each reading is read where it stays.
        first_all.push(Reading::unread(arrangement));
        let Some(reading) = first_all.last_mut() else {
            return;
        };
        if read_into(first, rules, hand_facts, reading) {
            second_all.push(Reading::unread(arrangement));
            if let Some(other) = second_all.last_mut() {
                read_into(second, rules, hand_facts, other);
            }
        } else {
            second_all.push(reading.clone());
        }
    });
    first_all.sort_by_key(|r| std::cmp::Reverse((r.total, r.sum)));
    second_all.sort_by_key(|r| std::cmp::Reverse((r.total, r.sum)));
}

/// Whether two hands hold the same tiles in contexts that differ only in how the winning
/// tile came (and so who is responsible): what [`readings_both_ways_into`] may share.
fn differ_only_in_how_won(first: &Hand, second: &Hand) -> bool {
    let same_context = WinContext {
        win_by: first.context.win_by,
        responsible: first.context.responsible,
        ..second.context.clone()
    };
    first.concealed == second.concealed
        && first.melds == second.melds
        && first.winning_tile == second.winning_tile
        && first.context == same_context
}

/// The first of [`readings`] without keeping the others, and how many were compared.
#[inline]
pub(crate) fn best_reading<'r>(hand: &Hand, rules: &'r RuleSet) -> (Option<Reading<'r>>, usize) {
    best_reading_inspected(hand, rules, None, |_| {})
}

/// [`best_reading`], showing `inspect` every reading as it is read: the invariants check
/// each reading of the hand that [`score`] chooses among, without keeping them all.
/// `arranged`, when given, is the hand's [`arrangements`] (the same tiles scored in
/// several contexts are arranged once); without it the hand is arranged here.
#[inline]
pub(crate) fn best_reading_inspected<'r>(
    hand: &Hand,
    rules: &'r RuleSet,
    arranged: Option<&Arrangements>,
    mut inspect: impl FnMut(&Reading<'r>),
) -> (Option<Reading<'r>>, usize) {
    let mut shapes = Arrangements::new();
    match arranged {
        Some(arranged) => each_shape_read(hand, rules, arranged, |a| shapes.push(a)),
        None => shapes_read(hand, rules, &mut shapes),
    }
    let compared = shapes.len();
    let Some((&first, others)) = shapes.split_first() else {
        return (None, compared);
    };
    // The first reading is read into its place (most hands have one), not moved there.
    let hand_facts = HandFacts::new();
    let mut best = read_sharing(hand, first, rules, &hand_facts);
    inspect(&best);
    for &arrangement in others {
        let reading = read_sharing(hand, arrangement, rules, &hand_facts);
        inspect(&reading);
        // Strictly better only: of equal readings the first stays, as in `readings`.
        if (reading.total, reading.sum) > (best.total, best.sum) {
            best = reading;
        }
    }
    (Some(best), compared)
}

/// Scores a validated hand: the best reading, the minimum, and the payments.
pub fn score<'r>(hand: &Hand, rules: &'r RuleSet) -> Outcome<'r> {
    let (best, compared) = best_reading(hand, rules);
    decide_best(hand, rules, best, compared)
}

/// The outcome from the hand's readings, best first (as [`readings`] returns them).
pub(crate) fn decide<'r>(hand: &Hand, rules: &'r RuleSet, all: Vec<Reading<'r>>) -> Outcome<'r> {
    let compared = all.len();
    decide_best(hand, rules, all.into_iter().next(), compared)
}

/// The outcome from the best of `compared` readings (`None` if the tiles win no way), as
/// [`best_reading`] gives them.
#[inline]
pub(crate) fn decide_best<'r>(
    hand: &Hand,
    rules: &'r RuleSet,
    best: Option<Reading<'r>>,
    compared: usize,
) -> Outcome<'r> {
    // The decision first, then the reading moved once, straight into the outcome: a tuple
    // of the two moved the reading (a few hundred bytes) once more on every line.
    let decision = verdict(hand, rules, best.as_ref());
    let Some(reading) = best else {
        return Outcome::FalseWin(match decision {
            Decision::Refused { reason } => FalseWin::Refused { reason },
            _ => FalseWin::NotAWinningHand,
        });
    };
    match decision {
        Decision::Wins => Outcome::Win {
            payments: rules.pay(reading.total, &hand.context),
            reading,
            readings_compared: compared,
        },
        Decision::BelowMinimum { minimum } => {
            Outcome::FalseWin(FalseWin::BelowMinimum { reading, minimum })
        }
        Decision::Refused { reason } => Outcome::FalseWin(FalseWin::Refused { reason }),
        Decision::NotAWinningHand => Outcome::FalseWin(FalseWin::NotAWinningHand),
    }
}

/// What scoring decides of a hand from its best reading: [`score_hand`](crate::score_hand)'s
/// outcome without the reading and the payments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The hand wins.
    Wins,
    /// The tiles form none of the winning shapes the rule set allows.
    NotAWinningHand,
    /// The rule set refuses the win whatever the tiles (Huang: no Tin declared).
    Refused {
        /// Why, in the system's words.
        reason: &'static str,
    },
    /// The best reading is under the rule set's minimum.
    BelowMinimum {
        /// The rule set's minimum.
        minimum: u32,
    },
}

/// The [`Decision`] on `hand` whose best reading is `best` (`None` if the tiles win no way):
/// the rule set's refusal first, then the shape, then the minimum.
pub fn verdict(hand: &Hand, rules: &RuleSet, best: Option<&Reading<'_>>) -> Decision {
    if let Some(reason) = rules.refuse.and_then(|refuse| refuse(&hand.context)) {
        return Decision::Refused { reason };
    }
    match best {
        None => Decision::NotAWinningHand,
        Some(best) if best.total < rules.minimum => Decision::BelowMinimum {
            minimum: rules.minimum,
        },
        Some(_) => Decision::Wins,
    }
}

#[cfg(test)]
mod tests {
    use super::{readings, readings_both_ways_into, with_percent, Reading};
    use crate::arrange::arrangements;
    use crate::hand::{Liable, WinBy, WinContext};
    use crate::patterns::HandFacts;
    use crate::small::SmallVec;

    /// The readings of one way, in the list the waits analysis keeps them in.
    type Shapes<'r> = SmallVec<Reading<'r>, 1>;

    #[test]
    fn the_readings_of_both_ways_read_together_are_each_way_read_alone() {
        // Every reading the two ways share is one whose patterns never asked how the tile
        // came: reading each way alone must give the very same lists, pattern for pattern.
        let mut shared = 0;
        for rules in crate::rules::ALL {
            for line in crate::corpus::winning_hands(2027, 400) {
                let Ok(on_discard) = crate::line::parse_for(&line, rules) else {
                    continue;
                };
                if on_discard.context.self_drawn() {
                    continue;
                }
                let mut self_drawn = on_discard.clone();
                self_drawn.context = WinContext {
                    win_by: WinBy::SelfDraw,
                    responsible: Liable::NoneSelfDraw,
                    ..on_discard.context.clone()
                };
                let arranged = arrangements(&on_discard);
                let facts = HandFacts::new();
                let (mut together, mut together_self): (Shapes, Shapes) =
                    (SmallVec::new(), SmallVec::new());
                readings_both_ways_into(
                    [&on_discard, &self_drawn],
                    rules,
                    &arranged,
                    &facts,
                    [&mut together, &mut together_self],
                );
                for (hand, together) in [(&on_discard, together), (&self_drawn, together_self)] {
                    let alone = readings(hand, rules);
                    assert_eq!(
                        format!("{:?}", together.as_slice()),
                        format!("{alone:?}"),
                        "{line} under {}",
                        rules.id
                    );
                }
                shared += 1;
            }
        }
        // About half the lines are won on a discard, in each of the four rule sets.
        assert!(shared > 600, "{shared}");
    }

    #[test]
    fn percentages_round_half_up() {
        // 43 × 1.5 = 64.5 → 65 (docs/rules-huang.md's worked example); 43 × 1.25 = 53.75 → 54.
        assert_eq!(with_percent(43, 50), 65);
        assert_eq!(with_percent(43, 25), 54);
        // 42 × 1.25 = 52.5 → 53; no percentage leaves the base.
        assert_eq!(with_percent(42, 25), 53);
        assert_eq!(with_percent(42, 0), 42);
    }
}
