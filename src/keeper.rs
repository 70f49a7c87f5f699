//! A session driven from code ([`Session`]): seat four players, record each hand (a line of
//! notation that names its winner by seat or by player), a draw, a penalty, undo, and read
//! the running totals and the standings. It is the batch's own sheet, step for step: the same reading
//! of `players:` names, the same names read as seats, the same scoring and payments, the
//! same deal ([`crate::session`]), so a session kept in code and the file it writes
//! ([`Session::to_text`]) give the same standings. Nothing here renders.

use crate::line::{score_line_with, Error, Options};
use crate::rule_set::RuleSet;
use crate::session::{
    self, Directive, Entry, Played, SessionError, SessionErrorKind, Sheet, Standing,
};

/// One step of a session, as recorded: the line it was given as, how the hand went (a
/// seating is no hand) and the sheet after it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Recorded {
    /// The step as a line of a session file: `players: …`, a hand as given, `draw`, or
    /// `penalty NAME POINTS`.
    pub line: String,
    /// How the hand went (or the penalty), with the sheet's entry after it; `None` for a
    /// seating.
    pub hand: Option<(Played, Entry)>,
}

/// A keeper's session under one rule set, driven call by call (docs/sessions.md gives the
/// rulings it applies):
///
/// ```
/// use mjscore::{rules, Played, Session};
/// let mut session = Session::new(&rules::WSOM);
/// session.seat(["Ann", "Bob", "Cho", "Dee"])?;
/// // Bob, at South, wins on Ann's discard: 1.2 Concealed Hand 5 + 7.1 Nine-Tile
/// // Straight 40 = 45. Over 25 on a discard, WSOM has the others pay 25 each and the
/// // discarder 3 × 45 − 50 = 85: Bob receives 135.
/// let hand = session.record("b66 c12345678 d111 +c9 seat=Bob from=Ann")?;
/// assert!(matches!(hand.hand, Some((Played::Won { .. }, _))));
/// assert_eq!(
///     session.running(),
///     Some([("Ann", -85), ("Bob", 135), ("Cho", -25), ("Dee", -25)])
/// );
/// // The deal has passed: Bob deals the next hand.
/// assert_eq!(session.players(), Some(["Bob", "Cho", "Dee", "Ann"]));
/// session.draw()?;
/// assert!(session.undo() && session.undo());
/// assert_eq!(session.standings()[0].total, 0);
/// # Ok::<(), mjscore::Error>(())
/// ```
///
/// A call that fails changes nothing. A hand that cannot be read is refused, where a
/// session file records it as a hand that was played but cannot be scored: fix the line and
/// record it again.
#[derive(Debug, Clone)]
pub struct Session<'r> {
    rules: &'r RuleSet,
    sheet: Sheet,
    /// Each step, in order, with what the sheet applied: [`Session::undo`] applies them
    /// again but the last to a new sheet, rather than keeping a copy of the sheet a step.
    steps: Vec<(Recorded, Step)>,
}

/// What a step did to the sheet.
#[derive(Debug, Clone)]
enum Step {
    Seated([String; 4]),
    Played(Played),
}

impl<'r> Session<'r> {
    /// A session under `rules` with nobody seated yet.
    pub fn new(rules: &'r RuleSet) -> Session<'r> {
        Session {
            rules,
            sheet: Sheet::new(),
            steps: Vec::new(),
        }
    }

    /// Seats `names` East, South, West and North for the next hand, as a `players:` line
    /// does: a name seen before keeps its total. Each name is one word a person can tell
    /// apart from the others and from the words of the notation (docs/sessions.md).
    pub fn seat(&mut self, names: [&str; 4]) -> Result<&Recorded, Error> {
        if let Some(name) = names
            .iter()
            .find(|name| name.contains(|c: char| c.is_whitespace() || c == ',' || c == '#'))
        {
            return Err(session_error(SessionErrorKind::NameNotOneWord {
                name: name.to_string(),
            }));
        }
        let line = format!("players: {}", names.join(" "));
        let names = match session::directive(&line) {
            Some(Ok(Directive::Players(names))) => names,
            Some(Err(error)) => return Err(Error::from(error)),
            _ => unreachable!("a players: line is read as one"),
        };
        self.sheet.seat(&names);
        Ok(self.step(Recorded { line, hand: None }, Step::Seated(names)))
    }

    /// Records a hand at the table: `line` is a hand in notation whose `seat=`, `from=` and
    /// `resp=` may name a player at the table (or the start of a name), as in a session
    /// file. The hand is scored, its payments made (an underscored claim as claimed, a false
    /// win only what the rule set charges for one) and the deal passes as the rule set says.
    ///
    /// A line `value=45 seat=Bob from=Ann` (or `self`) records a hand by the value the
    /// table agreed, without its tiles, paid as a scored hand of that total
    /// (docs/sessions.md).
    pub fn record(&mut self, line: &str) -> Result<&Recorded, Error> {
        let players = self.seated()?;
        if let Some(Ok(Directive::Value)) = session::directive(line) {
            let (payments, context) =
                session::value_hand(line, self.rules, Some(players)).map_err(Error::from)?;
            return self.play(line.to_string(), Played::agreed(payments, &context));
        }
        let read = session::seats_for_names(line, players).map_err(Error::from)?;
        let scored = score_line_with(&read, self.rules, Options::default())
            .map_err(|error| session::error_as_written(error, line))?;
        let played = Played::of(&Ok(scored), self.rules);
        self.play(line.to_string(), played)
    }

    /// Records a drawn hand: nobody pays, and the deal passes as the rule set says.
    pub fn draw(&mut self) -> Result<&Recorded, Error> {
        self.seated()?;
        self.play("draw".to_string(), Played::Drawn)
    }

    /// Charges the player at the table named `name` (or whose name starts so) `points`
    /// (1 to 100,000), paid to nobody, as a `penalty` line does: no hand, and the deal does
    /// not pass.
    pub fn penalty(&mut self, name: &str, points: u32) -> Result<&Recorded, Error> {
        if !(1..=session::MAX_PENALTY).contains(&points) {
            return Err(session_error(SessionErrorKind::PenaltyUnreadable));
        }
        let by = session::penalized_seat(name, self.sheet.players()).map_err(Error::from)?;
        self.play(format!("penalty {name} {points}"), Played::Penalty { by, points })
    }

    /// Takes back the last step (a hand, a draw, a penalty or a seating); `false` when there
    /// is none.
    pub fn undo(&mut self) -> bool {
        if self.steps.pop().is_none() {
            return false;
        }
        self.sheet = Sheet::new();
        for (_, step) in &self.steps {
            match step {
                Step::Seated(names) => self.sheet.seat(names),
                Step::Played(played) => {
                    self.sheet.record(*played, self.rules.deal);
                }
            }
        }
        true
    }

    /// The steps so far, in order.
    pub fn steps(&self) -> impl ExactSizeIterator<Item = &Recorded> + '_ {
        self.steps.iter().map(|(recorded, _)| recorded)
    }

    /// The sheet: every player seen, the table, its running totals.
    pub fn sheet(&self) -> &Sheet {
        &self.sheet
    }

    /// The players of the next hand, East South West North; `None` before a seating.
    pub fn players(&self) -> Option<[&str; 4]> {
        self.sheet.players()
    }

    /// The running totals of the table's players, in the order they were seated.
    pub fn running(&self) -> Option<[(&str, i64); 4]> {
        self.sheet.running()
    }

    /// Every player seen, best total first; equal totals in the order first seated.
    pub fn standings(&self) -> Vec<&Standing> {
        self.sheet.standings()
    }

    /// The session as a file `mjscore -f` reads to the same sheet: a `rules:` line stating
    /// the rule set as `--rules` takes it, then one line a step.
    pub fn to_text(&self) -> String {
        let mut text = format!("rules: {}\n", self.rules.argument());
        for (recorded, _) in &self.steps {
            text.push_str(&recorded.line);
            text.push('\n');
        }
        text
    }

    /// The players at the table, or why no hand can be recorded yet.
    fn seated(&self) -> Result<[&str; 4], Error> {
        self.sheet
            .players()
            .ok_or_else(|| session_error(SessionErrorKind::NotSeated))
    }

    /// Records `played` on the sheet as the step `line`.
    fn play(&mut self, line: String, played: Played) -> Result<&Recorded, Error> {
        let entry = self
            .sheet
            .record(played, self.rules.deal)
            .ok_or_else(|| session_error(SessionErrorKind::NotSeated))?;
        let hand = Some((played, entry));
        Ok(self.step(Recorded { line, hand }, Step::Played(played)))
    }

    fn step(&mut self, recorded: Recorded, step: Step) -> &Recorded {
        self.steps.push((recorded, step));
        &self.steps.last().expect("just pushed").0
    }
}

/// A session's error of a call, at no column of a line (column 1).
fn session_error(kind: SessionErrorKind) -> Error {
    Error::from(SessionError { column: 1, kind })
}
