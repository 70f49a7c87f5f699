//! The registry of output formats, above them all: each [`Format`] by name, the
//! [`Renderer`] it makes, and the reference cards it writes (the patterns, one explained).
//! The formats know nothing of it.

use crate::line::Scored;
use crate::output::fit::{self, Fitted};
use crate::output::json::Json;
use crate::output::reference;
use crate::output::text::Text;
use crate::output::tsv::Tsv;
use crate::output::Renderer;
use crate::patterns::Pattern;
use crate::rule_set::RuleSet;
use crate::style::Paint;

/// The program's output formats, by name: the registry of [`Renderer`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// For people.
    Text,
    /// JSON Lines: one object per line.
    Json,
    /// Tab-separated values with a header row.
    Tsv,
}

impl Format {
    /// The renderer of this format for a run under `rules`; `look` colours the text, and
    /// with a `width` the text is fitted to that many columns (the other formats are lines
    /// for programs, never broken).
    ///
    /// ```
    /// use mjscore::render::{Format, Plain};
    /// let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s", &mjscore::rules::WSOM).unwrap();
    /// let mut out = String::new();
    /// Format::Tsv.renderer(&mjscore::rules::WSOM, &Plain, None).scored(&mut out, &scored, None);
    /// // No file, no line number: a hand on its own.
    /// assert!(out.starts_with("\t\tb66 c12345678 d111 +c9 self seat=s\t45\t"));
    /// ```
    pub fn renderer<'r>(
        self,
        rules: &'r RuleSet,
        look: &'r dyn Paint,
        width: Option<usize>,
    ) -> Box<dyn Renderer + 'r> {
        match (self, width) {
            (Format::Text, Some(width)) => {
                Box::new(Fitted::new(Box::new(Text::new(rules, look)), width))
            }
            (Format::Text, None) => Box::new(Text::new(rules, look)),
            (Format::Json, _) => Box::new(Json::new(rules)),
            (Format::Tsv, _) => Box::new(Tsv::new(rules)),
        }
    }

    /// The reference card of `rules`: every pattern with its points and condition, as
    /// text (fitted to `width` columns, if given), one JSON object per pattern, or a TSV
    /// table.
    pub fn card(self, rules: &RuleSet, width: Option<usize>) -> String {
        match (self, width) {
            (Format::Text, Some(_)) => reference::text_card(rules, width),
            (Format::Text, None) => reference::text_card(rules, None),
            (Format::Json, _) => reference::json_card(rules),
            (Format::Tsv, _) => reference::tsv_card(rules),
        }
    }

    /// The patterns of `rules` listed by id and name, for choosing one to explain; in
    /// JSON, the card (the same objects).
    pub fn pattern_list(self, rules: &RuleSet) -> String {
        match self {
            Format::Json => reference::json_card(rules),
            _ => reference::pattern_list(rules),
        }
    }

    /// `pattern` of `rules` explained in full, with `example` (its example hand, scored;
    /// `None` for a pattern without one, as a rules file's hand may be): text (fitted to
    /// `width` columns, if given) or one JSON object; `None` in TSV, which has no place for
    /// a text in full.
    pub fn explain(
        self,
        pattern: &Pattern,
        rules: &RuleSet,
        example: Option<&Scored>,
        width: Option<usize>,
    ) -> Option<String> {
        match self {
            Format::Json => Some(reference::explain_json(pattern, rules, example)),
            Format::Text => Some(fit::fit_owned(reference::explain(pattern, rules, example), width)),
            Format::Tsv => None,
        }
    }
}
