//! Referee claims (docs/rules.md § Claims): what the winner said the hand is worth,
//! checked against what it is worth.
//!
//! A claim is points (`claim=45`) or patterns by id or name (`claim=1.2+7.1`,
//! `claim=concealed-hand+一氣通貫`, looked up as `explain` looks them up); a pattern claim is
//! worth what the rule set's limit makes of those patterns. The verdict compares values:
//! - *confirmed*: the claim equals the true value;
//! - *underscored*: the claim is lower; it stands, and the payments are on the claim;
//! - *overclaimed*: the claim is higher; it is corrected to the true value;
//! - *false win*: the hand does not win (or is under the minimum), whatever was claimed.
//!
//! For a pattern claim the check also names the patterns counted but not claimed
//! (`missed`) and the patterns claimed but not counted (`not_there`). They are reported
//! even when the values agree, but only the values decide the verdict (docs/rules.md).

use crate::hand::Hand;
use crate::notation::ClaimSpec;
use crate::patterns::{Pattern, Value};
use crate::payment::Payments;
use crate::rule_set::{joined, named, Lookup, RuleSet};
use crate::score::{self, CountedPattern, Outcome, PaidOn, Reading};
use crate::small::SmallVec;

/// The patterns of a claim, or of what a claim missed: a few, kept in place. A claim on
/// every line of a batch is checked, and these lists were most of its allocations.
type Few<T> = SmallVec<T, 4>;

/// A claim read against a rule set.
#[derive(Debug, Clone)]
pub struct Claim<'r> {
    /// The claim as written.
    pub spec: ClaimSpec,
    /// The points claimed; for a pattern claim, what the limit makes of their sum.
    pub value: u32,
    /// The claimed patterns, for a pattern claim ([`Claim::patterns`]).
    patterns: Option<Few<&'r Pattern>>,
}

impl<'r> Claim<'r> {
    /// The claimed patterns, in the order claimed, for a pattern claim; `None` for a claim
    /// of points.
    pub fn patterns(&self) -> Option<&[&'r Pattern]> {
        self.patterns.as_deref()
    }

    /// Whether the claim is half a point: a half-point pattern claimed alone (its `value`
    /// is then 0, as the pattern counts 0 and pays as 0 points).
    pub fn is_half(&self) -> bool {
        matches!(self.patterns.as_deref(), Some([only]) if matches!(only.value, Value::Half))
    }
}

/// Why a claim cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClaimError {
    /// An id or name of no pattern of the rule set.
    #[error("claim names '{id}', which is not a pattern of {rules}{}: `mjscore --rules {rules} patterns` lists them", nearest_of(nearest))]
    UnknownPattern {
        /// The id or name as written.
        id: String,
        /// The rule set, as `--rules` takes it ([`RuleSet::argument`](crate::RuleSet::argument)).
        rules: String,
        /// The nearest patterns by spelling, if any is near, as a message names them.
        nearest: Vec<String>,
    },
    /// An id or name of no pattern of the rule set, but of other rule sets of the program.
    #[error(
        "claim names '{id}', which is not a pattern of --rules {rules} but of {}: was the hand scored under the right rules?",
        crate::rule_set::joined(&elsewhere.iter().map(|id| format!("--rules {id}")).collect::<Vec<_>>(), " and of ")
    )]
    PatternElsewhere {
        /// The id or name as written.
        id: String,
        /// The rule set, as `--rules` takes it.
        rules: String,
        /// The ids of the rule sets that have it.
        elsewhere: Vec<String>,
    },
    /// A name several patterns of the rule set answer to.
    #[error(
        "claim names '{id}', which could be {} of {rules}: give more of the name, or the id",
        joined(patterns, " or ")
    )]
    AmbiguousPattern {
        /// The name as written.
        id: String,
        /// The rule set, as `--rules` takes it ([`RuleSet::argument`](crate::RuleSet::argument)).
        rules: String,
        /// The patterns it may mean, as a message names them.
        patterns: Vec<String>,
    },
    /// `claim=` on the line and `--claim` too.
    #[error("a claim is given both on the line and with --claim: give one")]
    GivenTwice,
}

/// " (the nearest: 9.1 …)", or nothing when no pattern is near; written straight into
/// the message.
fn nearest_of(nearest: &[String]) -> NearestOf<'_> {
    NearestOf(nearest)
}

/// What [`nearest_of`] writes.
struct NearestOf<'a>(&'a [String]);

impl std::fmt::Display for NearestOf<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.split_last() {
            None => Ok(()),
            Some((last, [])) => write!(f, " (the nearest: {last})"),
            Some((last, rest)) => write!(f, " (the nearest: {} or {last})", rest.join(", ")),
        }
    }
}

/// Reads a claim against `rules`: looks up each pattern and values a pattern claim. An id
/// that is not one of `rules` but of another of `systems` (the rule sets on offer) is said
/// to be theirs.
pub fn resolve<'r>(
    spec: ClaimSpec,
    rules: &'r RuleSet,
    systems: &[&RuleSet],
) -> Result<Claim<'r>, ClaimError> {
    let mut claim = look_up(spec, rules, systems)?;
    if let Some(patterns) = &claim.patterns {
        claim.value = pattern_claim_value(patterns, rules, |_| None);
    }
    Ok(claim)
}

/// [`resolve`] but for the value of a pattern claim, left at 0 for [`check`] to work out
/// (in the hand, as a computed value needs): a claim on every line of a batch is read
/// here. The claim keeps `spec`, taken rather than copied, for the same reason.
pub(crate) fn look_up<'r>(
    spec: ClaimSpec,
    rules: &'r RuleSet,
    systems: &[&RuleSet],
) -> Result<Claim<'r>, ClaimError> {
    match &spec {
        ClaimSpec::Points(points) => Ok(Claim {
            value: *points,
            spec,
            patterns: None,
        }),
        ClaimSpec::Patterns(_) => {
            let patterns = spec
                .named()
                .map(|id| match rules.lookup(id) {
                    Lookup::Found(pattern) => Ok(pattern),
                    Lookup::Ambiguous(patterns) => Err(ClaimError::AmbiguousPattern {
                        id: id.to_string(),
                        rules: rules.argument().into_owned(),
                        patterns: named(&patterns),
                    }),
                    Lookup::NotFound(nearest) => Err(not_found(id, rules, systems, &nearest)),
                })
                .collect::<Result<Few<_>, _>>()?;
            Ok(Claim {
                spec,
                value: 0,
                patterns: Some(patterns),
            })
        }
    }
}

/// Why `id` names no pattern of `rules`: it is one of another of `systems` (a hand scored
/// under the wrong rules), or the nearest are these.
fn not_found(id: &str, rules: &RuleSet, systems: &[&RuleSet], nearest: &[&Pattern]) -> ClaimError {
    let elsewhere: Vec<String> = systems
        .iter()
        .filter(|other| other.id != rules.id && other.pattern(id).is_some())
        .map(|other| other.id.to_string())
        .collect();
    if elsewhere.is_empty() {
        ClaimError::UnknownPattern {
            id: id.to_string(),
            rules: rules.argument().into_owned(),
            nearest: named(nearest),
        }
    } else {
        ClaimError::PatternElsewhere {
            id: id.to_string(),
            rules: rules.argument().into_owned(),
            elsewhere,
        }
    }
}

/// What the limit makes of the claimed patterns. A pattern whose value depends on the hand
/// (a computed value) is worth what `in_hand` says it is worth there, 0 if nothing.
fn pattern_claim_value(
    patterns: &[&Pattern],
    rules: &RuleSet,
    in_hand: impl Fn(&Pattern) -> Option<u32>,
) -> u32 {
    let maximum = rules.limit.maximum;
    let points = |pattern: &Pattern| {
        let points = pattern.value.nominal(maximum);
        points.or_else(|| in_hand(pattern)).unwrap_or(0)
    };
    // One pattern that adds to a sum (nearly every claim of a batch): the limit can only
    // cap it, so it is capped here rather than through a reading's limit step.
    if let [pattern] = patterns {
        let counted = CountedPattern::new(pattern, points(pattern));
        if !counted.scores_alone(rules) && counted.percent() == 0 {
            return maximum.map_or(counted.points(), |maximum| counted.points().min(maximum));
        }
    }
    let counted = patterns
        .iter()
        .map(|&pattern| CountedPattern::new(pattern, points(pattern)))
        .collect();
    score::limited_total(rules, counted)
}

/// The points `pattern` counted for in `reading`, counted or set aside.
fn points_in(reading: &Reading, pattern: &Pattern) -> Option<u32> {
    reading
        .counted
        .iter()
        .chain(&reading.set_aside)
        .find(|c| c.pattern.id == pattern.id)
        .map(CountedPattern::points)
}

/// The referee's verdict on a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ClaimVerdict {
    /// The claim equals the true value.
    Confirmed,
    /// The claim is lower: it stands.
    Underscored,
    /// The claim is higher: corrected to the true value.
    Overclaimed,
    /// The hand does not win.
    FalseWin,
}

impl ClaimVerdict {
    /// The four verdicts in order.
    pub const ALL: [ClaimVerdict; 4] = [
        ClaimVerdict::Confirmed,
        ClaimVerdict::Underscored,
        ClaimVerdict::Overclaimed,
        ClaimVerdict::FalseWin,
    ];

    /// Stable name for scripts (JSON, TSV).
    pub fn name(self) -> &'static str {
        match self {
            ClaimVerdict::Confirmed => "confirmed",
            ClaimVerdict::Underscored => "underscored",
            ClaimVerdict::Overclaimed => "overclaimed",
            ClaimVerdict::FalseWin => "false_win",
        }
    }
}

/// A claim with its verdict and what it settles.
#[derive(Debug, Clone)]
pub struct ClaimCheck<'r> {
    /// The claim.
    pub claim: Claim<'r>,
    /// What the referee rules.
    pub verdict: ClaimVerdict,
    /// The value the payments are made on: the claim if underscored, else the true total.
    /// `None` for a false win.
    pub settled: Option<u32>,
    /// Whether `settled` is half a point (a half-point pattern scoring alone, paid as 0
    /// points): shown as ½.
    pub settled_half: bool,
    /// The payments on `settled`.
    pub payments: Option<Payments>,
    /// Counted in the hand but not claimed ([`ClaimCheck::missed`]).
    missed: Few<CountedPattern<'r>>,
    /// Claimed but not counted in the hand ([`ClaimCheck::not_there`]).
    not_there: Few<&'r Pattern>,
}

impl<'r> ClaimCheck<'r> {
    /// Counted in the hand but not claimed (pattern claims only), each with the points it
    /// counted in the hand, so that they add up to what the claim missed.
    pub fn missed(&self) -> &[CountedPattern<'r>] {
        &self.missed
    }

    /// Claimed but not counted in the hand (pattern claims only).
    pub fn not_there(&self) -> &[&'r Pattern] {
        &self.not_there
    }
}

/// Checks `claim` against the scored outcome of `hand`.
pub fn check<'r>(
    mut claim: Claim<'r>,
    hand: &Hand,
    outcome: &Outcome<'r>,
    rules: &RuleSet,
) -> ClaimCheck<'r> {
    let Outcome::Win {
        reading, payments, ..
    } = outcome
    else {
        if let Some(patterns) = &claim.patterns {
            claim.value = pattern_claim_value(patterns, rules, |_| None);
        }
        return ClaimCheck {
            claim,
            verdict: ClaimVerdict::FalseWin,
            settled: None,
            settled_half: false,
            payments: None,
            missed: Few::new(),
            not_there: Few::new(),
        };
    };
    if let Some(patterns) = &claim.patterns {
        claim.value = pattern_claim_value(patterns, rules, |p| points_in(reading, p));
    }
    // Compared in half points: a doubling chicken hand is worth ½, more than a claim of 0
    // points and less than one of 1.
    let truth = reading.total;
    let truth_half = reading.shows_half();
    let claimed = PaidOn::of(claim.value, claim.is_half());
    let (verdict, settled, settled_half) = match claimed.cmp(&PaidOn::of(truth, truth_half)) {
        std::cmp::Ordering::Equal => (ClaimVerdict::Confirmed, truth, truth_half),
        std::cmp::Ordering::Less => (ClaimVerdict::Underscored, claim.value, claim.is_half()),
        std::cmp::Ordering::Greater => (ClaimVerdict::Overclaimed, truth, truth_half),
    };
    let (missed, not_there) = match &claim.patterns {
        None => (Few::new(), Few::new()),
        Some(claimed) => {
            // A pattern a listed limit set aside is in the hand: claiming it is no error.
            let in_hand = || reading.counted.iter().chain(&reading.set_aside);
            (
                multiset_difference(&reading.counted, || claimed.iter().copied(), |c| {
                    c.pattern
                }),
                multiset_difference(claimed, || in_hand().map(|c| c.pattern), |&p| p),
            )
        }
    };
    // Settled on the true value, the payments are the hand's own, not worked out again.
    let payments = if verdict == ClaimVerdict::Underscored {
        rules.pay(settled, &hand.context)
    } else {
        *payments
    };
    ClaimCheck {
        payments: Some(payments),
        claim,
        verdict,
        settled: Some(settled),
        settled_half,
        missed,
        not_there,
    }
}

/// The items of `from` left after taking out, one for one, those whose pattern is one of
/// `remove` (Value Honor may occur several times on either side): of the items of one
/// pattern, as many of the first as `remove` holds of it go. Counted where they are rather
/// than copied into a list to strike out: a claim on every line of a batch is checked, and
/// its lists are a few patterns long.
fn multiset_difference<'r, T: Clone, R: Iterator<Item = &'r Pattern>>(
    from: &[T],
    remove: impl Fn() -> R,
    pattern: impl Fn(&T) -> &'r Pattern,
) -> Few<T> {
    // The same entry of one table is the same pattern; else the ids tell.
    let same = |a: &Pattern, b: &Pattern| std::ptr::eq(a, b) || a.id == b.id;
    let mut left = Few::new();
    for (i, item) in from.iter().enumerate() {
        let this = pattern(item);
        let removed = remove().filter(|&p| same(p, this)).count();
        if removed == 0 || from[..i].iter().filter(|&e| same(pattern(e), this)).count() >= removed
        {
            left.push(item.clone());
        }
    }
    left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ALL;

    /// A single claimed pattern is valued without the limit step: it must come to what the
    /// limit step makes of it, for every pattern of every rule set (patterns that score
    /// alone, percentages, a maximum that caps, computed values worth 7 or 400 here).
    #[test]
    fn one_claimed_pattern_is_worth_what_the_limit_makes_of_it() {
        let low_maximum = RuleSet::doubling_with_maximum(2);
        let mut rule_sets: Vec<&RuleSet> = ALL.to_vec();
        rule_sets.push(&low_maximum);
        for rules in rule_sets {
            for pattern in rules.patterns.iter() {
                for in_hand in [7, 400] {
                    let points = pattern
                        .value
                        .nominal(rules.limit.maximum)
                        .unwrap_or(in_hand);
                    let by_limit_step = score::limited_total(
                        rules,
                        std::iter::once(CountedPattern::new(pattern, points)).collect(),
                    );
                    assert_eq!(
                        pattern_claim_value(&[pattern], rules, |_| Some(in_hand)),
                        by_limit_step,
                        "{} of {}",
                        pattern.id,
                        rules.id
                    );
                }
            }
        }
    }
}
