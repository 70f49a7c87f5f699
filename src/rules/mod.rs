//! The program's rule sets: one module each, and the registry that offers them by id
//! (`--rules ID`). Each module owns its pattern table, its limit, its payments, its context
//! words and its wording, and offers them as a [`RuleSet`].

// Each system's module is the crate's own (public to the tests with the `testing` feature):
// a caller reaches a system through its `RuleSet` below.
engine_modules!(doubling, huang, zung_jung);

use crate::rule_set::RuleSet;
pub use doubling::DOUBLING;
pub use huang::HUANG;
pub use zung_jung::{WSOM, ZJ};

/// Every rule set, by id.
pub static ALL: [&RuleSet; 4] = [&WSOM, &ZJ, &DOUBLING, &HUANG];

/// The rule set used when none is given.
#[cfg(any(test, feature = "testing"))]
pub(crate) static DEFAULT: &RuleSet = &WSOM;

/// The rule set with this id (any case) ([`RuleSet::by_id`]).
pub(crate) fn by_id(id: &str) -> Option<&'static RuleSet> {
    ALL.iter().copied().find(|r| r.id.eq_ignore_ascii_case(id))
}

/// The program's rule sets, by id.
impl RuleSet {
    /// The built-in rule set with this id, in any case: `wsom`, `zj`, `doubling`, `huang`.
    ///
    /// ```
    /// let huang = mjscore::RuleSet::by_id("HUANG").unwrap();
    /// assert_eq!(huang.id(), "huang");
    /// ```
    pub fn by_id(id: &str) -> Option<&'static RuleSet> {
        by_id(id)
    }

    /// The doubling table with another maximum (`--max N`, 2 to 30; 13 is [`DOUBLING`]'s):
    /// special hands score it (the small ones one less) and an ordinary sum is capped at it.
    ///
    /// ```
    /// let max_8 = mjscore::RuleSet::doubling_with_maximum(8);
    /// assert_eq!(max_8.id(), "doubling");
    /// ```
    pub fn doubling_with_maximum(maximum: u32) -> RuleSet {
        doubling::with_maximum(maximum)
    }
}

/// What makes a scheme ([`SCHEMES`]): the system's rule set without its patterns.
type MakeScheme = fn() -> RuleSet;

/// The payment schemes a rules file written from nothing (`base = "none"`) chooses from
/// (`scheme = "zung_jung"`), in the order a message lists them, each with the system's
/// function that makes it.
pub(crate) const SCHEMES: [(&str, MakeScheme); 3] = [
    ("zung_jung", zung_jung::scheme),
    ("doubling", doubling::scheme),
    ("huang", huang::scheme),
];

/// The scheme `name` names ([`SCHEMES`]) as a rule set without patterns
/// ([`RuleSet::without_patterns`]), made once.
pub(crate) fn scheme(name: &str) -> Option<&'static RuleSet> {
    static MADE: [std::sync::OnceLock<RuleSet>; SCHEMES.len()] =
        [const { std::sync::OnceLock::new() }; SCHEMES.len()];
    let i = SCHEMES.iter().position(|&(s, _)| s == name)?;
    Some(MADE[i].get_or_init(SCHEMES[i].1))
}

/// The ids of the rule sets among `systems` that read the context word `key` (lower case),
/// as a message names them: `--rules doubling`, or `--rules doubling or --rules huang`.
pub(crate) fn knowing_word(key: &str, systems: &[&RuleSet]) -> Option<String> {
    let knowing: Vec<String> = systems
        .iter()
        .filter(|rules| rules.words.iter().any(|w| w.key == key))
        .map(|rules| format!("--rules {}", rules.id))
        .collect();
    (!knowing.is_empty()).then(|| knowing.join(" or "))
}
