//! One line of input, start to end: read the notation, read the system's words, validate
//! the hand, score it, check its claim. This is the library's main entry point
//! ([`score_line`]); the batch and the binary call it line by line. [`analyse_line`] does the
//! same for the `waits` analysis.

use crate::analysis::{self, Analysis};
use crate::claim::{self, Claim, ClaimCheck, ClaimError};
use crate::hand::{self, Hand, Holding};
use crate::notation::{self, ClaimSpec, NotationError, ParsedHand};
use crate::payment::Payments;
use crate::rule_set::RuleSet;
use crate::rules;
use crate::score::{self, Outcome, PaidOn, Reading};
use crate::validate::{system_words, validate};

pub(crate) use crate::error::{Error, Failure, LineError, MAX_LINE};

/// A claim written on its own (`--claim 45`, `--claim 1.2+7.1`): points, or patterns by id
/// or name joined by `+`. An error's column is 1.
impl std::str::FromStr for ClaimSpec {
    type Err = Error;

    fn from_str(value: &str) -> Result<ClaimSpec, Error> {
        notation::parse_claim(value).map_err(|kind| NotationError { column: 1, kind }.into())
    }
}

impl ClaimSpec {
    /// The claim read against `rules`: each pattern's id or name looked up, and the value it
    /// claims. An unknown pattern is an error (its column is 1).
    ///
    /// ```
    /// use mjscore::ClaimSpec;
    /// let spec: ClaimSpec = "1.2+nine-tile-straight".parse().unwrap();
    /// assert_eq!(spec.resolve(&mjscore::rules::WSOM).unwrap().value, 45);
    /// assert_eq!(spec.resolve(&mjscore::rules::HUANG).unwrap_err().kind(), mjscore::ErrorKind::Claim);
    /// ```
    pub fn resolve<'r>(&self, rules: &'r RuleSet) -> Result<Claim<'r>, Error> {
        claim::resolve(self.clone(), rules, &rules::ALL)
            .map_err(|error| Failure::Claim { column: 1, error }.into())
    }

    /// The referee's check of this claim on `hand`, scored as `outcome` under `rules`: a
    /// hand from tiles is checked as a line's `claim=` is.
    ///
    /// ```
    /// use mjscore::{rules, ClaimSpec, ClaimVerdict, Context, HandTiles, Seat, Tile, WonBy};
    /// let tile = |code: &str| code.parse::<Tile>().unwrap();
    /// // b66 c12345678 d111 +c9, self-drawn by South: 1.2 Concealed Hand 5 + 7.1 Nine-Tile
    /// // Straight 40 = 45. The player claims 50: corrected to 45.
    /// let hand = HandTiles {
    ///     concealed: ["b6", "b6", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "d1", "d1", "d1"]
    ///         .map(tile)
    ///         .to_vec(),
    ///     winning: Some(tile("c9")),
    ///     context: Context { seat: Seat::South, won_by: WonBy::SelfDraw, ..Context::default() },
    ///     ..HandTiles::default()
    /// }
    /// .hand(&rules::WSOM)?;
    /// let outcome = mjscore::score_hand(&hand, &rules::WSOM)?;
    /// let check = ClaimSpec::Points(50).check(&hand, &outcome, &rules::WSOM)?;
    /// assert_eq!((check.verdict, check.settled), (ClaimVerdict::Overclaimed, Some(45)));
    /// # Ok::<(), mjscore::Error>(())
    /// ```
    pub fn check<'r>(
        &self,
        hand: &Hand,
        outcome: &Outcome<'r>,
        rules: &'r RuleSet,
    ) -> Result<ClaimCheck<'r>, Error> {
        Ok(claim::check(self.resolve(rules)?, hand, outcome, rules))
    }
}

/// Reads one line of notation into a validated hand under the default rule set, WSOM (a
/// `claim=` on the line is ignored).
#[cfg(any(test, feature = "testing"))]
pub fn parse(line: &str) -> Result<Hand, Error> {
    parse_for(line, rules::DEFAULT)
}

/// Reads one line of notation into a validated hand, with the context words of `rules`.
#[cfg(any(test, feature = "testing"))]
pub fn parse_for(line: &str, rules: &RuleSet) -> Result<Hand, Error> {
    let parsed = notation::parse_line(line)?;
    validate(&parsed, rules, &rules::ALL)
}

/// Reads one line of notation, its `+TILE` optional, into a hand before its win (13 or 14
/// tiles) with the context words of `rules`: the `waits` analysis's input.
#[cfg(any(test, feature = "testing"))]
pub fn parse_holding(line: &str, rules: &RuleSet) -> Result<Holding, Error> {
    parse_holding_among(line, rules, &rules::ALL)
}

/// [`parse_holding`], a word of another rule set looked up among `systems`.
fn parse_holding_among(
    line: &str,
    rules: &RuleSet,
    systems: &[&RuleSet],
) -> Result<Holding, Error> {
    let parsed = notation::parse_holding(line)?;
    let system_words = system_words(&parsed.named, parsed.claim.as_ref(), rules, systems)?;
    Ok(hand::validate_holding(&parsed, system_words)?)
}

/// Reads one line as a hand before its win and analyses it under `rules`: its waits (13
/// tiles) or its discards (14). The `waits` command's step for one line.
///
/// ```
/// use mjscore::{rules, Analysis};
/// // b123 c456 d789 w11 and b5 b6: it waits on b4 or b7, to make b456 or b567.
/// let Analysis::Waits(waits) = mjscore::analyse_line("b123 c456 d789 w11 b5 b6", &rules::WSOM)?
/// else {
///     panic!("13 tiles: waits")
/// };
/// let tiles: Vec<String> = waits.waits.iter().map(|w| w.tile.to_string()).collect();
/// assert_eq!(tiles, ["b4", "b7"]);
/// # Ok::<(), mjscore::Error>(())
/// ```
pub fn analyse_line<'r>(line: &str, rules: &'r RuleSet) -> Result<Analysis<'r>, Error> {
    analyse_line_with(line, rules, Options::default())
}

/// [`analyse_line`] with the rule sets of `options` on offer (a claim and `--all` mean
/// nothing to the analysis): a batch's `waits` lines.
pub(crate) fn analyse_line_with<'r>(
    line: &str,
    rules: &'r RuleSet,
    options: Options,
) -> Result<Analysis<'r>, Error> {
    if line.len() > MAX_LINE {
        return Err(LineError::TooLong.into());
    }
    let holding = parse_holding_among(line, rules, options.systems)?;
    Ok(analysis::analyse(&holding, rules))
}

/// A scored line: the input, the hand read from it, the outcome, and the claim's check if
/// the line (or `--claim`) made one.
#[derive(Debug, Clone)]
pub struct Scored<'r> {
    /// The line as given, kept with its result: a result outlives the text it was read
    /// from, and is tied only to the rule set whose patterns it counts (`'r`).
    pub input: String,
    /// The hand it holds.
    pub hand: Hand,
    /// Win or false win.
    pub outcome: Outcome<'r>,
    /// The claim's check, if a claim was made (boxed: most lines make none, and a result
    /// is moved a few times on its way to the page).
    pub claim: Option<Box<ClaimCheck<'r>>>,
    /// Every reading, best first, when asked for (`--all`).
    pub readings: Option<Vec<Reading<'r>>>,
}

/// What to do with a line besides scoring it.
#[derive(Debug, Clone, Copy)]
pub struct Options<'a> {
    /// A claim made outside the line (`--claim`).
    pub claim: Option<&'a ClaimSpec>,
    /// Keep every reading, not only the best (`--all`).
    pub all_readings: bool,
    /// The rule sets on offer: a word the chosen one does not read is looked up in them,
    /// so that the message names the rule sets that read it (`'round=' is scored only by
    /// --rules doubling`). The program's own by default; a program with rule sets of its
    /// own lists them here.
    pub systems: &'a [&'a RuleSet],
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            claim: None,
            all_readings: false,
            systems: &rules::ALL,
        }
    }
}

/// Options built a part at a time, so that a caller names only what it sets and a part
/// added later breaks no caller:
///
/// ```
/// use mjscore::{ClaimSpec, Options};
/// let claim = ClaimSpec::Points(50);
/// let options = Options::new().with_claim(&claim).with_all_readings(true);
/// let scored = mjscore::score_line_with("b66 c12345678 d111 +c9 self seat=s", &mjscore::rules::WSOM, options)?;
/// // 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45: the claim of 50 is corrected.
/// assert_eq!(scored.claim.map(|check| check.settled), Some(Some(45)));
/// assert_eq!(scored.readings.map(|all| all.len()), Some(1));
/// # Ok::<(), mjscore::Error>(())
/// ```
impl<'a> Options<'a> {
    /// Nothing besides scoring the line: no claim from outside, the best reading only, the
    /// program's rule sets on offer ([`Options::default`]).
    pub fn new() -> Self {
        Options::default()
    }

    /// With a claim made outside the line (`--claim`).
    pub fn with_claim(mut self, claim: &'a ClaimSpec) -> Self {
        self.claim = Some(claim);
        self
    }

    /// Keeping every reading (`--all`), or only the best.
    pub fn with_all_readings(mut self, all: bool) -> Self {
        self.all_readings = all;
        self
    }

    /// With these rule sets on offer, to name the one that reads a word the chosen one does
    /// not.
    pub fn with_systems(mut self, systems: &'a [&'a RuleSet]) -> Self {
        self.systems = systems;
        self
    }
}

impl Scored<'_> {
    /// The value the payments were made on, as the hand shows it: ½ for a half-point
    /// pattern scoring alone (paid as 0 points), else the points (an underscored claim as
    /// claimed). `None` for a false win.
    pub fn paid_on(&self) -> Option<PaidOn> {
        let payments = self.payments()?;
        Some(match (&self.claim, &self.outcome) {
            (None, Outcome::Win { reading, .. }) if reading.shows_half() => PaidOn::Half,
            (Some(check), _) if check.settled_half => PaidOn::Half,
            _ => PaidOn::Points(payments.value),
        })
    }

    /// The payments actually made: on the claim when it is underscored, else on the true
    /// total. `None` for a false win.
    pub fn payments(&self) -> Option<&Payments> {
        match (&self.claim, &self.outcome) {
            (Some(check), _) => check.payments.as_ref(),
            (None, Outcome::Win { payments, .. }) => Some(payments),
            (None, Outcome::FalseWin(_)) => None,
        }
    }

    /// What the false win costs under `rules` (the rule set it was scored under): the
    /// declarer pays each other player its `false_win` points
    /// ([`RuleSet::false_win_payments`]). `None` for a win, and for a false win under a rule
    /// set where one costs nothing (every built-in one).
    pub fn false_win_payments(&self, rules: &RuleSet) -> Option<Payments> {
        match self.outcome {
            Outcome::FalseWin(_) => rules.false_win_payments(self.hand.context.seat),
            Outcome::Win { .. } => None,
        }
    }

    /// Every seat's payment on the line under `rules`: a win's ([`Scored::payments`]) or a
    /// false win's ([`Scored::false_win_payments`]); 0 each where nothing is paid.
    pub fn amounts(&self, rules: &RuleSet) -> [i64; 4] {
        match (self.payments(), self.false_win_payments(rules)) {
            (Some(payments), _) => payments.amounts,
            (None, Some(payments)) => payments.amounts,
            (None, None) => [0; 4],
        }
    }
}

/// Scores a hand made from tiles ([`HandTiles::hand`](crate::HandTiles::hand)) under
/// `rules`: its best reading, the minimum, and the payments. The hand must have been made
/// under the same rule set (its context words were read and checked as that rule set reads
/// them): one made under another is refused, an error of kind `context`.
///
/// ```
/// use mjscore::{rules, ErrorKind, Outcome};
/// // A hand read under Huang's table, which reads tin=, is not scored under WSOM.
/// let line = "c123 c456 c789 d5 [p e111] +d5 self seat=s tin=earth";
/// let hand = mjscore::score_line(line, &rules::HUANG)?.hand;
/// assert!(matches!(mjscore::score_hand(&hand, &rules::HUANG)?, Outcome::Win { .. }));
/// let refused = mjscore::score_hand(&hand, &rules::WSOM).unwrap_err();
/// assert_eq!(refused.kind(), ErrorKind::Context);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score_hand<'r>(hand: &Hand, rules: &'r RuleSet) -> Result<Outcome<'r>, Error> {
    // A hand the engine made itself (0) was checked under none.
    if hand.checked_under != 0 && hand.checked_under != rules.fingerprint() {
        return Err(hand::HandError {
            column: 1,
            kind: hand::HandErrorKind::CheckedUnderAnother {
                scored: rules.argument().into_owned(),
            },
        }
        .into());
    }
    Ok(score::score(hand, rules))
}

/// Parses, validates and scores one line under `rules`, checking a `claim=` on the line. A
/// line is a hand: one over 64 KiB is refused unread (an error of kind `input`).
pub fn score_line<'r>(line: &str, rules: &'r RuleSet) -> Result<Scored<'r>, Error> {
    score_line_with(line, rules, Options::default())
}

/// [`score_line`] with options. A line with a `claim=` scored with a `--claim` as well is
/// an error rather than a guess which one counts.
///
/// ```
/// use mjscore::{rules, score_line_with, ClaimSpec, ClaimVerdict, Options};
/// // The hand is worth 45 (1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40); a claim of
/// // 40 is lower: it stands.
/// let claim = ClaimSpec::Points(40);
/// let options = Options {
///     claim: Some(&claim),
///     ..Options::default()
/// };
/// let scored = score_line_with("b66 c12345678 d111 +c9 self seat=s", &rules::WSOM, options)?;
/// let check = scored.claim.expect("a claim was made");
/// assert_eq!(check.verdict, ClaimVerdict::Underscored);
/// # Ok::<(), mjscore::Error>(())
/// ```
pub fn score_line_with<'r>(
    line: &str,
    rules: &'r RuleSet,
    options: Options,
) -> Result<Scored<'r>, Error> {
    if line.len() > MAX_LINE {
        return Err(LineError::TooLong.into());
    }
    let mut parsed = ParsedHand::empty();
    notation::parse_line_into(line, &mut parsed)?;
    let hand = validate(&parsed, rules, options.systems)?;
    // The line's claim is taken from what was read, not copied: it is on every line of a
    // referee's batch.
    let spec = match (parsed.claim.take(), options.claim) {
        (Some(on_line), Some(_)) => {
            return Err(Failure::Claim {
                column: on_line.column,
                error: ClaimError::GivenTwice,
            }
            .into())
        }
        (Some(on_line), None) => Some((on_line.column, on_line.value)),
        (None, Some(outside)) => Some((1, outside.clone())),
        (None, None) => None,
    };
    let claim = spec
        .map(|(column, spec)| {
            claim::look_up(spec, rules, options.systems)
                .map_err(|error| Error::from(Failure::Claim { column, error }))
        })
        .transpose()?;
    let readings = options.all_readings.then(|| score::readings(&hand, rules));
    let outcome = match &readings {
        Some(all) => score::decide(&hand, rules, all.clone()),
        None => score::score(&hand, rules),
    };
    let claim = claim.map(|claim| Box::new(claim::check(claim, &hand, &outcome, rules)));
    Ok(Scored {
        input: line.to_owned(),
        hand,
        outcome,
        claim,
        readings,
    })
}
