//! `serde::Serialize` for the outcome types (the `serde` feature), where deriving it does
//! not say what a caller wants: a pattern of the rule set's table is written as its id (its
//! table entry holds functions), a tile as its notation (`b5`), a special shape by its
//! name, a [`SmallVec`] as a sequence (and, in `words`, a system's context words as a
//! map of each word to its value).
//!
//! This shape of the results is the library's own, derived from its types; the command
//! line's JSON (docs/scripting.md) is written by hand and does not change with them.

use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use crate::arrange::SpecialShape;
use crate::patterns::Pattern;
use crate::small::SmallVec;
use crate::tile::Tile;

/// A pattern as its id.
pub(crate) fn pattern_id<S: Serializer>(pattern: &&Pattern, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&pattern.id)
}

/// Patterns as their ids.
pub(crate) fn pattern_ids<S: Serializer>(patterns: &[&Pattern], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(patterns.iter().map(|p| &*p.id))
}

/// Patterns as their ids, or nothing.
pub(crate) fn optional_pattern_ids<S: Serializer>(
    patterns: &Option<Vec<&Pattern>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match patterns {
        Some(patterns) => pattern_ids(patterns, s),
        None => s.serialize_none(),
    }
}

/// A special shape by its name.
pub(crate) fn special_shape_name<S: Serializer>(
    shape: &&SpecialShape,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(shape.name)
}

/// A tile as notation writes it: `b5`, `w1`.
impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A list as a sequence of its items.
impl<T: Clone + Serialize, const N: usize> Serialize for SmallVec<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for item in self.iter() {
            seq.serialize_element(item)?;
        }
        seq.end()
    }
}
