//! Rule sets made at run time from another: a club's variant of a built-in system is the
//! built-in one with some values changed, some patterns taken out, new hands added, and its
//! own minimum or limits. The result owns what it changed and borrows the rest, and is
//! scored as any rule set is.
//!
//! Each change is checked as it is made (a pattern that is not there, an id given twice, a
//! new hand that implies itself), so a rule set made here is one the engine can score.

use std::borrow::Cow;
use std::sync::OnceLock;

use super::{named, Dropped, Implication, RuleSet};
use crate::patterns::{Pattern, Value};

/// Why a change to a rule set cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChangeError {
    /// No pattern of the rule set has this id.
    #[error("no pattern '{id}' in {rules}{}", nearest_of(nearest))]
    UnknownPattern {
        /// The id as given.
        id: String,
        /// The rule set changed.
        rules: String,
        /// The patterns of nearest id or name, as a message names them.
        nearest: Vec<String>,
    },
    /// A pattern added with the id of one already there.
    #[error("{rules} has a pattern '{id}' already: a new one needs an id of its own")]
    IdTaken {
        /// The id given twice.
        id: String,
        /// The rule set changed.
        rules: String,
    },
    /// A pattern added to a full table.
    #[error(
        "{rules} has {} patterns, the most a rule set holds",
        RuleSet::MAX_PATTERNS
    )]
    TableFull {
        /// The rule set changed.
        rules: String,
    },
    /// A new pattern said to imply itself.
    #[error("'{id}' cannot imply itself")]
    ImpliesItself {
        /// The pattern's id.
        id: String,
    },
}

/// "; the nearest: 7.1 …", or nothing.
fn nearest_of(nearest: &[String]) -> String {
    if nearest.is_empty() {
        String::new()
    } else {
        format!("; the nearest: {}", super::joined(nearest, " or "))
    }
}

impl Clone for RuleSet {
    /// A copy with its table index to be worked out again (it is, on the first hand scored).
    fn clone(&self) -> RuleSet {
        RuleSet {
            id: self.id.clone(),
            name: self.name.clone(),
            path: self.path.clone(),
            description: self.description.clone(),
            patterns: self.patterns.clone(),
            minimum: self.minimum,
            shapes: self.shapes,
            implications: self.implications.clone(),
            limit: self.limit,
            refuse: self.refuse,
            check_context: self.check_context,
            declared: self.declared,
            words: self.words,
            special_shapes: self.special_shapes,
            payments: self.payments,
            deal: self.deal,
            wording: self.wording,
            index: OnceLock::new(),
            names: OnceLock::new(),
            fingerprint: self.fingerprint,
        }
    }
}

impl RuleSet {
    /// A rule set like this one under another id and name, to be changed with the other
    /// methods here. It shares this one's tables until one is changed.
    ///
    /// ```
    /// use mjscore::{Condition, Pattern, Shapes, Value};
    /// use mjscore::rules::WSOM;
    ///
    /// // A club plays WSOM with a 10-point minimum, All Triplets worth 40, no Two Concealed
    /// // Triplets, and a hand of its own: every set and the pair of one suit's 1s to 3s.
    /// let mut club = WSOM.derive("club", "The club's WSOM");
    /// club.set_minimum(10);
    /// club.set_value("4.1", Value::Points(40))?;
    /// club.remove_pattern("4.2.1")?;
    /// const LOW: u64 = 0b111 * (1 | 1 << 9 | 1 << 18); // the 1s, 2s and 3s of each suit
    /// let low = Pattern::new("c.1", "Low Tiles", Value::Points(60), Condition::Hand(|f| {
    ///     f.holds_only(LOW)
    /// }))
    /// .with_shapes(Shapes::REGULAR);
    /// club.add_pattern(low, &[])?;
    ///
    /// // 3.1 Value Honor 10 (e333) + 4.1 All Triplets 40 (not 30); 4.2.1 is gone: 50.
    /// let line = "[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e";
    /// let scored = mjscore::score_line(line, &club)?;
    /// let mjscore::Outcome::Win { reading, .. } = &scored.outcome else { panic!() };
    /// assert_eq!(reading.total, 50);
    /// // Every tile a 1, 2 or 3: 1.2 Concealed Hand 5 + 6.1 Three Similar Sequences 35 + the
    /// // club's Low Tiles 60 = 100.
    /// let scored = mjscore::score_line("b123 c123 d123 b222 c3 +c3 self", &club)?;
    /// let mjscore::Outcome::Win { reading, .. } = &scored.outcome else { panic!() };
    /// assert_eq!(reading.total, 100);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn derive(
        &self,
        id: impl Into<Cow<'static, str>>,
        name: impl Into<Cow<'static, str>>,
    ) -> RuleSet {
        let mut derived = self.clone();
        derived.set_id(id);
        derived.name = name.into();
        derived
    }

    /// Its scheme without its patterns: a rule set of the same payments, winning shapes,
    /// context words, deal and wording, with no pattern, no implication, no minimum and no
    /// limit (a sum of exactly a maximum still shown as capped if this one's is). What a
    /// rules file written from nothing starts from (`base = "none"`).
    pub(crate) fn without_patterns(
        &self,
        id: &'static str,
        name: &'static str,
    ) -> RuleSet {
        let mut scheme = self.derive(id, name);
        scheme.patterns = Cow::Borrowed(&[]);
        scheme.implications = Cow::Borrowed(&[]);
        scheme.minimum = 0;
        scheme.limit = super::LimitRule {
            reached_at_maximum: self.limit.reached_at_maximum,
            ..super::LimitRule::NONE
        };
        scheme
    }

    /// Gives the rule set another id, and the fingerprint of that id
    /// ([`RuleSet::fingerprint`]).
    pub(crate) fn set_id(&mut self, id: impl Into<Cow<'static, str>>) {
        self.id = id.into();
        self.fingerprint = super::fingerprint_of(self.id.as_bytes());
    }

    /// Says that the rule set was read from the rules file at `path` (as the command line
    /// gives it): the messages that advise a command (`mjscore --rules … patterns`) then
    /// name the path, which `--rules` takes, rather than the id made from the file's name,
    /// which it does not ([`RuleSet::argument`]).
    pub fn read_from(&mut self, path: impl Into<Cow<'static, str>>) {
        self.path = Some(path.into());
    }

    /// Sets the minimum: a hand worth less is a false win.
    pub fn set_minimum(&mut self, minimum: u32) {
        self.minimum = minimum;
    }

    /// Sets the limits (see [`LimitRule`](super::LimitRule)).
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn set_limit(&mut self, limit: super::LimitRule) {
        self.limit = limit;
    }

    /// Gives the pattern `id` another value.
    pub fn set_value(&mut self, id: &str, value: Value) -> Result<(), ChangeError> {
        let at = self.place_of(id)?;
        self.patterns.to_mut()[at].value = value;
        self.changed();
        Ok(())
    }

    /// Takes the pattern `id` out of the table: it is never scored, and the implications
    /// that name it no longer apply to it. Returns it.
    pub fn remove_pattern(&mut self, id: &str) -> Result<Pattern, ChangeError> {
        let at = self.place_of(id)?;
        let removed = self.patterns.to_mut().remove(at);
        self.changed();
        Ok(removed)
    }

    /// Adds `pattern` at the end of the table. When it counts, the patterns of `implies`
    /// (ids of the table) do not count with it, as a series' lower patterns do not. Its id
    /// must be one no pattern of the table has, in any case: the table is read by id in any
    /// case (`explain C.1`, `claim=c.1`).
    pub fn add_pattern(&mut self, pattern: Pattern, implies: &[&str]) -> Result<(), ChangeError> {
        if self
            .patterns
            .iter()
            .any(|p| p.id.eq_ignore_ascii_case(&pattern.id))
        {
            return Err(ChangeError::IdTaken {
                id: pattern.id.into_owned(),
                rules: self.id.to_string(),
            });
        }
        if self.patterns.len() >= RuleSet::MAX_PATTERNS {
            return Err(ChangeError::TableFull {
                rules: self.id.to_string(),
            });
        }
        let dropped = self.dropped_by(&pattern.id, implies)?;
        let counted = pattern.id.clone();
        self.patterns.to_mut().push(pattern);
        self.imply(counted, dropped);
        self.changed();
        Ok(())
    }

    /// Makes the pattern `id` of the table imply the patterns of `implies`, as
    /// [`RuleSet::add_pattern`] does: a rules file's hands are added first, and what each
    /// implies after, so that a hand may imply one defined after it. Each implication goes
    /// before those already there.
    pub(crate) fn add_implication(&mut self, id: &str, implies: &[&str]) -> Result<(), ChangeError> {
        let counted = self.patterns[self.place_of(id)?].id.clone();
        let dropped = self.dropped_by(&counted, implies)?;
        self.imply(counted, dropped);
        self.changed();
        Ok(())
    }

    /// The patterns of `implies` as an implication of `id` drops them.
    fn dropped_by(&self, id: &str, implies: &[&str]) -> Result<Vec<Dropped>, ChangeError> {
        let mut dropped = Vec::with_capacity(implies.len());
        for &implied in implies {
            if implied.eq_ignore_ascii_case(id) {
                return Err(ChangeError::ImpliesItself {
                    id: implied.to_string(),
                });
            }
            let at = self.place_of(implied)?;
            dropped.push(Dropped {
                ids: Cow::Owned(vec![self.patterns[at].id.clone()]),
                instances: None,
            });
        }
        Ok(dropped)
    }

    /// The implication of `counted` dropping `dropped`, first: a new hand is the highest of
    /// what it implies, and a row comes before the rows of what it drops.
    fn imply(&mut self, counted: Cow<'static, str>, dropped: Vec<Dropped>) {
        if dropped.is_empty() {
            return;
        }
        self.implications.to_mut().insert(
            0,
            Implication {
                counted,
                when: None,
                drops: Cow::Owned(dropped),
            },
        );
    }

    /// The place in the table of the pattern `id` (any case), or the error naming the
    /// nearest.
    pub(crate) fn place_of(&self, id: &str) -> Result<usize, ChangeError> {
        if let Some(at) = self
            .patterns
            .iter()
            .position(|p| p.id.eq_ignore_ascii_case(id))
        {
            return Ok(at);
        }
        let nearest = match self.lookup(id) {
            super::Lookup::NotFound(nearest) => named(&nearest),
            super::Lookup::Found(one) => named(&[one]),
            super::Lookup::Ambiguous(some) => named(&some),
        };
        Err(ChangeError::UnknownPattern {
            id: id.to_string(),
            rules: self.id.to_string(),
            nearest,
        })
    }

    /// After a change of the table: its index is worked out again when next scored.
    fn changed(&mut self) {
        self.index = OnceLock::new();
        self.names = OnceLock::new();
    }
}
