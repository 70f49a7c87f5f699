//! The scoring systems, one module each. Each owns its pattern table, its limit, its
//! payments, its context words and its wording, and offers them as a
//! [`crate::system::RuleSet`]; [`crate::rules`] lists them.

pub mod doubling;
pub mod huang;
pub mod zung_jung;
