//! Counts over a run of hands, for `--summary` and the exit status: hands scored, false
//! wins, draws, errors, claim verdicts, in how many hands each pattern counted, and what each
//! seat won or lost. It keeps counts only, so memory stays flat however long the run; a
//! session's [`Sheet`] keeps one line per player name.

use crate::claim::ClaimVerdict;
use crate::line::{Error, Scored};
use crate::patterns::Pattern;
use crate::rule_set::RuleSet;
use crate::score::Outcome;
use crate::session::Sheet;
use crate::tile::Seat;

/// Counts over a run, for `--summary` and the exit status.
#[derive(Debug, Clone)]
pub struct Summary<'r> {
    rules: &'r RuleSet,
    /// Hands that won (whatever a claim said).
    pub scored: usize,
    /// Hands that did not win.
    pub false_wins: usize,
    /// Lines that could not be read as a hand, and inputs that could not be read.
    pub errors: usize,
    /// Drawn hands (`draw` lines).
    pub draws: usize,
    verdicts: [usize; 4],
    /// Per pattern of the rule set, in table order: hands in which it counted.
    patterns: Vec<usize>,
    /// What each seat won or lost over the run, by [`Seat`] order: the payments as made.
    /// (Boxed, as is the sheet, to keep the summary small: [`crate::batch::Stopped`]
    /// returns it as an error.)
    seats: Box<[i64; 4]>,
    /// The session's sheet: the players and their running totals (empty without a
    /// `players:` line).
    pub session: Box<Sheet>,
}

impl<'r> Summary<'r> {
    /// An empty summary for a run under `rules`.
    pub fn new(rules: &'r RuleSet) -> Summary<'r> {
        Summary {
            rules,
            scored: 0,
            false_wins: 0,
            errors: 0,
            draws: 0,
            verdicts: [0; 4],
            patterns: vec![0; rules.patterns.len()],
            seats: Box::new([0; 4]),
            session: Box::new(Sheet::new()),
        }
    }

    /// Every line read as a hand, good or bad, and every drawn hand.
    pub fn hands(&self) -> usize {
        self.scored + self.false_wins + self.draws + self.errors
    }

    /// What each seat won (positive) or lost over the run, East South West North: the
    /// payments as made (an underscored claim as claimed; a false win what the rule set
    /// charges for one, nothing in the built-in ones). They sum to zero.
    pub fn seats(&self) -> impl Iterator<Item = (Seat, i64)> + '_ {
        Seat::ALL.into_iter().zip(*self.seats)
    }

    /// Counts a drawn hand.
    pub fn record_draw(&mut self) {
        self.draws += 1;
    }

    /// Counts one line's result.
    pub fn record(&mut self, result: &Result<Scored, Error>) {
        self.count(&Tally::of(result, self.rules));
    }

    /// Counts what one line adds, worked out apart from the summary by [`Tally::of`].
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn count(&mut self, tally: &Tally) {
        let (verdict, payments, patterns) = match tally {
            Tally::Error => return self.record_unusable(),
            Tally::Draw => return self.record_draw(),
            Tally::Hand {
                verdict,
                payments,
                patterns,
            } => (verdict, payments, patterns),
        };
        if let Some(verdict) = verdict {
            self.verdicts[*verdict as usize] += 1;
        }
        if let Some(payments) = payments {
            for (seat, amount) in self.seats.iter_mut().zip(payments) {
                *seat += amount;
            }
        }
        let Some(patterns) = patterns else {
            self.false_wins += 1;
            return;
        };
        self.scored += 1;
        let mut indices = *patterns;
        while indices != 0 {
            self.patterns[indices.trailing_zeros() as usize] += 1;
            indices &= indices - 1;
        }
    }

    /// Counts a line that could not be read at all.
    pub fn record_unusable(&mut self) {
        self.errors += 1;
    }

    /// Claim verdicts with their counts, in the order confirmed, underscored, overclaimed,
    /// false win.
    pub fn verdicts(&self) -> impl Iterator<Item = (ClaimVerdict, usize)> + '_ {
        ClaimVerdict::ALL.iter().map(|&v| (v, self.verdicts[v as usize]))
    }

    /// Patterns that counted at least once, in table order, with the number of hands.
    pub fn patterns(&self) -> impl Iterator<Item = (&'r Pattern, usize)> + '_ {
        self.rules
            .patterns
            .iter()
            .zip(&self.patterns)
            .filter(|(_, &count)| count > 0)
            .map(|(p, &count)| (p, count))
    }

    /// The run's exit status: 2 if any line was not a hand, else 1 if any false win or claim
    /// that is not confirmed, else 0 (docs/scripting.md § Summary and exit status).
    pub fn exit_status(&self) -> u8 {
        let unconfirmed: usize = self.verdicts[1..].iter().sum();
        if self.errors > 0 {
            2
        } else if self.false_wins > 0 || unconfirmed > 0 {
            1
        } else {
            0
        }
    }
}

/// What one line adds to a [`Summary`], worked out without it: the batch works lines out on
/// several threads and counts them, with [`Summary::count`], in input order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tally {
    /// A line that is not a hand.
    Error,
    /// A drawn hand.
    Draw,
    /// A hand read and scored.
    Hand {
        /// The claim's verdict, when the line made a claim.
        verdict: Option<ClaimVerdict>,
        /// The payments as made, by [`Seat`] order; for a false win, what the rule set
        /// charges for one, if anything.
        payments: Option<[i64; 4]>,
        /// For a win, the patterns that counted, as a set of indices into the rule set's
        /// table (bit `i` for pattern `i`; a table holds at most
        /// [`RuleSet::MAX_PATTERNS`]); `None` for a false win. A bit set rather than a
        /// list: a tally is worked out and moved for every line, summary asked for or not.
        patterns: Option<u128>,
    },
}

impl Tally {
    /// What `result`, scored under `rules`, adds to a summary.
    #[inline]
    pub fn of(result: &Result<Scored, Error>, rules: &RuleSet) -> Tally {
        let Ok(scored) = result else {
            return Tally::Error;
        };
        let patterns = match &scored.outcome {
            Outcome::Win { reading, .. } => {
                // A pattern that counts several times (once per set) is one bit: the
                // summary counts hands.
                let mut indices = 0u128;
                for counted in &reading.counted {
                    if let Some(i) = rules.pattern_index(counted.pattern) {
                        indices |= 1 << i;
                    }
                }
                Some(indices)
            }
            Outcome::FalseWin(_) => None,
        };
        Tally::Hand {
            verdict: scored.claim.as_ref().map(|check| check.verdict),
            // A win's payments as made, or what the rule set charges for a false win.
            payments: match scored.payments() {
                Some(payments) => Some(payments.amounts),
                None => scored.false_win_payments(rules).map(|p| p.amounts),
            },
            patterns,
        }
    }
}
