//! Scoring: applies a rule set's patterns to every arrangement of a hand, keeps the series
//! rule (SPEC §2.5), lets the rule set apply its limit, and picks the best reading (§2.1).

use crate::arrange::{arrangements, Arrangement, Set};
use crate::hand::Hand;
use crate::patterns::{Condition, Facts, Pattern};
use crate::payment::Payments;
use crate::rules::RuleSet;

/// One pattern as counted; `set` names the set for per-set patterns (3.1 Value Honor).
#[derive(Debug, Clone, Copy)]
pub struct CountedPattern {
    pub pattern: &'static Pattern,
    pub set: Option<Set>,
    /// What it is worth in this hand: the table's points, unless the rule set's limit says
    /// otherwise (a doubling special hand is worth the chosen maximum).
    pub points: u32,
}

impl CountedPattern {
    pub fn new(pattern: &'static Pattern, set: Option<Set>) -> CountedPattern {
        CountedPattern {
            pattern,
            set,
            points: pattern.points,
        }
    }

    pub fn points(&self) -> u32 {
        self.points
    }
}

/// Which limit decided the total (SPEC §2.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Patterns summing to the limit or more score the limit.
    Compound,
    /// A pattern listed at the limit or more scores alone.
    Listed,
}

impl Limit {
    pub fn name(self) -> &'static str {
        match self {
            Limit::Compound => "compound",
            Limit::Listed => "listed",
        }
    }
}

/// One arrangement, scored.
#[derive(Debug, Clone)]
pub struct Reading {
    pub arrangement: Arrangement,
    /// The patterns that make up the total: under a listed limit, that one pattern alone.
    pub counted: Vec<CountedPattern>,
    /// Patterns the hand also has but that a listed limit sets aside.
    pub set_aside: Vec<CountedPattern>,
    /// Sum of every applicable pattern, before the limit.
    pub sum: u32,
    /// The hand's value, after the limit.
    pub total: u32,
    pub limit: Option<Limit>,
}

/// What a rule set's limit hook returns.
pub struct Limited {
    pub counted: Vec<CountedPattern>,
    pub set_aside: Vec<CountedPattern>,
    pub total: u32,
    pub limit: Option<Limit>,
}

/// Why a hand does not win.
#[derive(Debug, Clone)]
pub enum FalseWin {
    /// The tiles form no regular hand, Seven Pairs or Thirteen Terminals.
    NotAWinningHand,
    /// The best reading is under the rule set's minimum.
    BelowMinimum { reading: Box<Reading>, minimum: u32 },
}

/// The result of scoring a valid hand.
#[derive(Debug, Clone)]
pub enum Outcome {
    Win {
        reading: Box<Reading>,
        payments: Payments,
        /// How many arrangements and placements were compared.
        readings_compared: usize,
    },
    FalseWin(FalseWin),
}

/// The applicable patterns of one arrangement, in table order, after the series rule.
pub fn applicable_patterns(
    hand: &Hand,
    arrangement: &Arrangement,
    rules: &RuleSet,
) -> Vec<CountedPattern> {
    let facts = Facts::new(hand, arrangement);
    let mut found: Vec<CountedPattern> = Vec::new();
    for pattern in rules.patterns {
        if !pattern.allows(&arrangement.shape) {
            continue;
        }
        match pattern.condition {
            Condition::Hand(holds) => {
                if !holds(&facts) {
                    continue;
                }
                // Series rule: keep only the highest applicable pattern of the series.
                let rival = found
                    .iter()
                    .position(|c| c.pattern.series == pattern.series);
                match rival {
                    Some(i) if found[i].points() >= pattern.points => {}
                    Some(i) => found[i] = CountedPattern::new(pattern, None),
                    None => found.push(CountedPattern::new(pattern, None)),
                }
            }
            Condition::EachSet(holds) => {
                for set in facts.sets().iter().filter(|s| holds(s, &facts)) {
                    found.push(CountedPattern::new(pattern, Some(*set)));
                }
            }
        }
    }
    if found.is_empty() {
        if let Some(chicken) = rules.chicken {
            found.push(CountedPattern::new(chicken, None));
        }
    }
    found
}

/// Scores one arrangement under `rules`.
pub fn read(hand: &Hand, arrangement: Arrangement, rules: &RuleSet) -> Reading {
    let patterns = applicable_patterns(hand, &arrangement, rules);
    let sum = patterns.iter().map(CountedPattern::points).sum();
    let Limited {
        counted,
        set_aside,
        total,
        limit,
    } = (rules.limit)(rules, patterns);
    Reading {
        arrangement,
        counted,
        set_aside,
        sum,
        total,
        limit,
    }
}

/// Every reading of the hand, best first: highest total, then highest sum before the limit.
/// Equal readings keep the order of [`arrangements`].
pub fn readings(hand: &Hand, rules: &RuleSet) -> Vec<Reading> {
    let mut all: Vec<Reading> = arrangements(hand)
        .into_iter()
        .filter(|a| rules.shapes.allow(&a.shape))
        .map(|a| read(hand, a, rules))
        .collect();
    all.sort_by_key(|r| std::cmp::Reverse((r.total, r.sum)));
    all
}

/// Scores a validated hand: the best reading, the minimum, and the payments.
pub fn score(hand: &Hand, rules: &RuleSet) -> Outcome {
    decide(hand, rules, readings(hand, rules))
}

/// The outcome from the hand's readings, best first (as [`readings`] returns them).
pub fn decide(hand: &Hand, rules: &RuleSet, all: Vec<Reading>) -> Outcome {
    let readings_compared = all.len();
    let Some(best) = all.into_iter().next() else {
        return Outcome::FalseWin(FalseWin::NotAWinningHand);
    };
    if best.total < rules.minimum {
        return Outcome::FalseWin(FalseWin::BelowMinimum {
            reading: Box::new(best),
            minimum: rules.minimum,
        });
    }
    let payments = (rules.payments)(best.total, &hand.context);
    Outcome::Win {
        reading: Box::new(best),
        payments,
        readings_compared,
    }
}
