//! The situation of a win as typed values, for a caller that holds tiles rather than text:
//! who won, how the winning tile came, who pays for a discard, and the options some rule
//! sets read (the prevailing wind, Huang's Tin, the N-th last tile, flowers). A
//! [`Context`] says what the context words of a line say, and is checked by the same rules
//! ([`HandTiles::with_context`]).
//!
//! [`HandTiles::with_context`]: crate::HandTiles::with_context

use crate::notation::Word;
use crate::tile::Seat;

/// How the winning tile came.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WonBy {
    /// On a discard: by this player's, or (`None`) the player's before the winner, as the
    /// text output then says it assumed.
    Discard(Option<Seat>),
    /// Drawn from the wall.
    SelfDraw,
    /// Drawn from the wall after a kong (a self-draw on the supplement tile).
    KongSupplement,
    /// Taken from a player's kong as he added to it: this player's, or (`None`) the
    /// player's before the winner.
    RobbingKong(Option<Seat>),
    /// With the initial tiles: East's 14 (`heaven`), or another's 13 and East's first
    /// discard (`earth`).
    Blessing,
    /// Not said: on a discard by the player before the winner.
    #[default]
    Unsaid,
}

/// Who pays for a discard beyond the discarder's share (the responsible player).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Responsible {
    /// This player (a player other than the discarder: Same-Round Immunity, a false
    /// discard).
    Player(Seat),
    /// Nobody: every loser pays the same.
    Nobody,
}

/// Huang's Tin declaration, by how many tiles were changed before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tin {
    /// None changed.
    Heaven,
    /// One.
    Earth,
    /// Two.
    Human,
    /// Three.
    Ghost,
    /// Four.
    Insect,
    /// Five or more, or a hand changed after declaring: no bonus.
    Late,
    /// No Tin declared: no win.
    None,
}

/// The values of Huang's `tin=`, in the order of [`Tin`]'s declarations (the rule set
/// reads the word by this list, and stores a declaration as its place in it).
pub(crate) const TIN_WORDS: [&str; 7] = [
    "heaven", "earth", "human", "ghost", "insect", "late", "none",
];

impl Tin {
    /// Every declaration, in the order of [`TIN_WORDS`].
    const ALL: [Tin; 7] = [
        Tin::Heaven,
        Tin::Earth,
        Tin::Human,
        Tin::Ghost,
        Tin::Insect,
        Tin::Late,
        Tin::None,
    ];

    /// The value of `tin=` that says it.
    fn word(self) -> &'static str {
        TIN_WORDS[self as usize]
    }

    /// The declaration stored as `value`, its place in [`TIN_WORDS`] (the rule set's
    /// words keep a value so); `Late`, the default, for a value past the list.
    pub(crate) fn of_stored(value: u8) -> Tin {
        Tin::ALL
            .get(usize::from(value))
            .copied()
            .unwrap_or(Tin::Late)
    }
}

/// An option a rule set reads beside the shared situation; a rule set that reads none
/// refuses it, as it refuses the word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleOption {
    /// The prevailing (round) wind: the doubling table and Huang's table.
    Round(Seat),
    /// The Tin declared: Huang's table.
    Tin(Tin),
    /// The winning tile is the N-th last of the wall, 1 to 4 (1: the last): Huang's table.
    NthLastTile(u8),
    /// The winning tile is the last copy of its kind: Huang's table.
    LastCopy,
    /// Flower tiles drawn, 0 to 8: Huang's table.
    Flowers(u8),
}

impl RuleOption {
    /// The option a rule set's word `key` says with the value it stores (a seat's,
    /// a declaration's or a number's place; a flag's 1), if it is one of these options.
    pub(crate) fn of_word(key: &str, value: u8) -> Option<RuleOption> {
        Some(match key {
            "round" => RuleOption::Round(*Seat::ALL.get(usize::from(value))?),
            "tin" => RuleOption::Tin(Tin::of_stored(value)),
            "last" => RuleOption::NthLastTile(value),
            "lastcopy" if value != 0 => RuleOption::LastCopy,
            "flowers" => RuleOption::Flowers(value),
            _ => return None,
        })
    }

    /// The option as a rule set's context word: key and value.
    fn word(self) -> (String, Option<String>) {
        let (key, value) = match self {
            RuleOption::Round(seat) => ("round", Some(seat.letter().to_string())),
            RuleOption::Tin(tin) => ("tin", Some(tin.word().to_string())),
            RuleOption::NthLastTile(n) => ("last", Some(n.to_string())),
            RuleOption::LastCopy => ("lastcopy", None),
            RuleOption::Flowers(n) => ("flowers", Some(n.to_string())),
        };
        (key.to_string(), value)
    }
}

/// The situation of a win: what the context words of a line say, as typed values.
///
/// ```
/// use mjscore::{Context, RuleOption, Seat, Tin, WonBy};
/// // South self-draws, having declared Tin with one tile changed, on the third-last tile.
/// let context = Context {
///     seat: Seat::South,
///     won_by: WonBy::SelfDraw,
///     options: vec![RuleOption::Tin(Tin::Earth), RuleOption::NthLastTile(3)],
///     ..Context::default()
/// };
/// assert_eq!(context.seat, Seat::South);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The winner's seat.
    pub seat: Seat,
    /// How the winning tile came.
    pub won_by: WonBy,
    /// Won on the last tile of the wall (or its last discard).
    pub last_tile: bool,
    /// Who pays for a discard, if not the discarder.
    pub responsible: Option<Responsible>,
    /// The options of the rule set, in any order, each once.
    pub options: Vec<RuleOption>,
}

impl Default for Context {
    /// East wins on a discard by the player before him, nothing else said.
    fn default() -> Context {
        Context {
            seat: Seat::East,
            won_by: WonBy::Unsaid,
            last_tile: false,
            responsible: None,
            options: Vec::new(),
        }
    }
}

impl Context {
    /// The shared context words that say this context, in the order a line writes them.
    pub(crate) fn words(&self) -> Vec<Word> {
        let mut words = vec![Word::Seat(self.seat)];
        match self.won_by {
            WonBy::Discard(Some(from)) => words.push(Word::From(from)),
            WonBy::Discard(None) | WonBy::Unsaid => {}
            WonBy::SelfDraw => words.push(Word::SelfDraw),
            WonBy::KongSupplement => words.push(Word::KongSupplement),
            WonBy::RobbingKong(from) => {
                words.push(Word::RobbedKong);
                words.extend(from.map(Word::From));
            }
            // East's blessing is self-drawn (heaven); another's is won on East's discard.
            WonBy::Blessing if self.seat == Seat::East => words.push(Word::Heaven),
            WonBy::Blessing => words.push(Word::Earth),
        }
        if self.last_tile {
            words.push(Word::LastTile);
        }
        match self.responsible {
            Some(Responsible::Player(seat)) => words.push(Word::Responsible(Some(seat))),
            Some(Responsible::Nobody) => words.push(Word::Responsible(None)),
            None => {}
        }
        words
    }

    /// The rule set's own words that say its options.
    pub(crate) fn system_words(&self) -> Vec<(String, Option<String>)> {
        self.options.iter().map(|option| option.word()).collect()
    }
}
