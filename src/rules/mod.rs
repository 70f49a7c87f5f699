//! The program's rule sets: one module each, and the registry that offers them by id
//! (`--rules ID`). Each module owns its pattern table, its limit, its payments, its context
//! words and its wording, and offers them as a [`RuleSet`] (what a rule set is lives in
//! [`crate::rule_set`]).

pub mod doubling;
pub mod huang;
pub mod zung_jung;

pub use crate::rule_set::RuleSet;
pub use doubling::DOUBLING;
pub use huang::HUANG;
pub use zung_jung::{WSOM, ZJ};

/// Every rule set, by id.
pub static ALL: [&RuleSet; 4] = [&WSOM, &ZJ, &DOUBLING, &HUANG];

/// The rule set used when none is given.
pub(crate) static DEFAULT: &RuleSet = &WSOM;

/// The rule set with this id (any case).
pub fn by_id(id: &str) -> Option<&'static RuleSet> {
    ALL.iter().copied().find(|r| r.id.eq_ignore_ascii_case(id))
}

/// The doubling table with another maximum (`--max N`), for the rest of the program.
/// It is leaked: build it once per run (or own one with
/// [`crate::rules::doubling::with_maximum`]).
pub fn doubling_with_maximum(maximum: u32) -> &'static RuleSet {
    Box::leak(Box::new(crate::rules::doubling::with_maximum(maximum)))
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
