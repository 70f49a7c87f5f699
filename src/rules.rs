//! Rule sets: which patterns, which limit, which minimum, which payments.
//!
//! A rule set is data plus a few hooks, so that further systems (SPEC §4) share the engine.
//! `wsom` and `zj` differ only in the minimum (SPEC §2.9); `doubling` (seed 002) brings its
//! own patterns, limit hook and payment hook.

use crate::doubling;
use crate::hand::WinContext;
use crate::patterns::{Pattern, Shapes, ANY, CHICKEN_HAND, ZUNG_JUNG};
use crate::payment::{self, Payments};
use crate::score::{CountedPattern, Limit, Limited};

/// A scoring system.
pub struct RuleSet {
    /// Name on the command line (`--rules ID`) and in JSON.
    pub id: &'static str,
    /// Human name, shown in the text output.
    pub name: &'static str,
    pub patterns: &'static [Pattern],
    /// A hand worth less than this is a false win.
    pub minimum: u32,
    /// Scored when no pattern applies, if the rule set allows a chicken hand.
    pub chicken: Option<&'static Pattern>,
    /// The chicken hand is worth ½ (shown so), though it counts 0 in sums and payouts.
    pub half_point_chicken: bool,
    /// Which hand shapes win at all (the doubling table knows no Seven Pairs).
    pub shapes: Shapes,
    /// The limit: Zung Jung's 320, or the doubling table's chosen maximum.
    pub maximum: u32,
    /// How the text output names the two limits: (a pattern scoring alone, a capped sum).
    pub limit_names: (&'static str, &'static str),
    /// Turns the applicable patterns into the hand's value.
    pub limit: fn(&RuleSet, Vec<CountedPattern>) -> Limited,
    /// Splits the value among the players.
    pub payments: fn(u32, &WinContext) -> Payments,
}

impl RuleSet {
    /// The pattern with this id (the chicken hand included, where the rule set has it).
    pub fn pattern(&self, id: &str) -> Option<&'static Pattern> {
        self.patterns
            .iter()
            .chain(self.chicken)
            .find(|p| p.id == id)
    }
}

impl std::fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

/// Zung Jung's limit: 320 (seed 003, Basic Rule 6; SPEC §2.6).
pub const ZUNG_JUNG_LIMIT: u32 = 320;

/// A pattern listed at 320 or more scores alone (the highest such); otherwise a sum of
/// 320 or more scores 320.
fn zung_jung_limit(rules: &RuleSet, patterns: Vec<CountedPattern>) -> Limited {
    let limit = rules.maximum;
    let listed = patterns
        .iter()
        .enumerate()
        .filter(|(_, c)| c.points() >= limit)
        .max_by_key(|(i, c)| (c.points(), std::cmp::Reverse(*i)))
        .map(|(i, _)| i);
    if let Some(index) = listed {
        let mut set_aside = patterns;
        let counted = vec![set_aside.remove(index)];
        let total = counted[0].points();
        return Limited {
            counted,
            set_aside,
            total,
            limit: Some(Limit::Listed),
        };
    }
    let sum: u32 = patterns.iter().map(CountedPattern::points).sum();
    Limited {
        counted: patterns,
        set_aside: Vec::new(),
        total: sum.min(limit),
        limit: (sum >= limit).then_some(Limit::Compound),
    }
}

/// World Series of Mahjong: Zung Jung v3.3 with a 5-point minimum (the default).
pub static WSOM: RuleSet = RuleSet {
    id: "wsom",
    name: "WSOM (Zung Jung v3.3, 5-point minimum)",
    patterns: &ZUNG_JUNG,
    minimum: 5,
    chicken: None,
    half_point_chicken: false,
    shapes: ANY,
    maximum: ZUNG_JUNG_LIMIT,
    limit_names: ("listed limit", "compound limit"),
    limit: zung_jung_limit,
    payments: payment::zung_jung,
};

/// Standard Zung Jung v3.3: no minimum; a hand with no pattern is a 1-point Chicken Hand.
pub static ZJ: RuleSet = RuleSet {
    id: "zj",
    name: "Zung Jung v3.3 (standard, chicken hand 1)",
    patterns: &ZUNG_JUNG,
    minimum: 0,
    chicken: Some(&CHICKEN_HAND),
    half_point_chicken: false,
    shapes: ANY,
    maximum: ZUNG_JUNG_LIMIT,
    limit_names: ("listed limit", "compound limit"),
    limit: zung_jung_limit,
    payments: payment::zung_jung,
};

/// The doubling table of seed 002 (`--rules doubling`): points double the payout, a
/// ½-point chicken hand, special hands worth the maximum (13 unless `--max`), the
/// prevailing wind (`round=`). No Seven Pairs. Rulings in docs/rules-doubling.md.
pub static DOUBLING: RuleSet = RuleSet {
    id: "doubling",
    name: "Doubling table (seed 002, maximum 13)",
    patterns: &doubling::PATTERNS,
    minimum: 0,
    chicken: Some(&doubling::CHICKEN),
    half_point_chicken: true,
    shapes: Shapes {
        regular: true,
        seven_pairs: false,
        thirteen_terminals: true,
    },
    maximum: doubling::DEFAULT_MAXIMUM,
    limit_names: ("special hand", "maximum"),
    limit: doubling::limit,
    payments: payment::doubling,
};

/// Every rule set, by id.
pub static ALL: [&RuleSet; 3] = [&WSOM, &ZJ, &DOUBLING];

/// The doubling table with another maximum (`--max N`). Built once per run; it lives for
/// the rest of the program, as the static rule sets do.
pub fn doubling_with_maximum(maximum: u32) -> &'static RuleSet {
    let name = format!("Doubling table (seed 002, maximum {maximum})");
    Box::leak(Box::new(RuleSet {
        name: Box::leak(name.into_boxed_str()),
        maximum,
        ..DOUBLING
    }))
}

pub fn by_id(id: &str) -> Option<&'static RuleSet> {
    ALL.iter().copied().find(|r| r.id.eq_ignore_ascii_case(id))
}
