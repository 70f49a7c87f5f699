//! A validated hand and its win context: the tiles make a physically possible 14-tile hand
//! (concealed + winning tile + 3 per meld, at most 4 of any tile, melds of the right shape:
//! docs/notation.md) and the context words do not contradict each other
//! (docs/rules.md § Context).
//!
//! Whether the tiles form a *winning* hand is not decided here; that is [`crate::arrange`].

use std::fmt::Write;

use crate::context::{Context, Responsible, RuleOption, WonBy};
use crate::notation::{ParsedHand, ParsedHolding, ParsedMeld, Spanned, Word};
use crate::sets::{MeldKind, Set};
use crate::small::SmallVec;
use crate::tile::{grouped_by_suit, Seat, Tile, KINDS};
use crate::words::SystemWords;

/// A hand rule broken, with the column of the token that breaks it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct HandError {
    /// The 1-based column of the token at fault (1 for the hand as a whole).
    pub column: usize,
    /// Which rule the hand breaks.
    pub kind: HandErrorKind,
}

/// A rule of the notation (docs/notation.md) or of the context (docs/rules.md § Context) that
/// a hand breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandErrorKind {
    /// A pung meld that is not three identical tiles (the tiles as written).
    #[error("a pung is three identical tiles, e.g. [p d111]; this one has {0}")]
    BadPung(String),
    /// A chow meld that is not three consecutive tiles of one suit.
    #[error(
        "a chow is three consecutive tiles of one number suit, e.g. [c b345]; this one has {0}"
    )]
    BadChow(String),
    /// A kong meld that is not four identical tiles.
    #[error("a kong is four identical tiles, e.g. [k e1111]; this one has {0}")]
    BadKong(String),
    /// A meld whose tiles make a meld of another kind (`[p d1111]`, a kong).
    #[error("{kind_rule}; {tiles} is {is}: write {instead}")]
    WrongMeldKind {
        /// What the written kind is: "a pung is three identical tiles".
        kind_rule: &'static str,
        /// The tiles as written.
        tiles: String,
        /// What they are: "four identical tiles, a kong".
        is: &'static str,
        /// The meld to write: "[k d1111] (or [ck d1111], concealed)".
        instead: String,
    },
    /// Not 14 tiles in all.
    #[error("the hand has {}; a winning hand has 14: concealed tiles + winning tile + 3 for each meld (kongs count 3)", tile_count(*.tiles))]
    WrongTileCount {
        /// How many tiles the hand has, kongs counting 3.
        tiles: usize,
    },
    /// 15 tiles, the winning tile also written among the concealed tiles: most likely it
    /// was listed twice.
    #[error("the hand has 15 tiles; a winning hand has 14: did you list the winning tile twice? the tile after + ({0}) is not written among the concealed tiles")]
    WinningTileListedTwice(Tile),
    /// Four of a kind among the concealed tiles of a hand one tile too long for each: a
    /// kong written without its brackets (a kong counts 3, and only as a meld).
    #[error("the hand has {}; a winning hand has 14: a kong is written as a meld, [k {kong}{kong_tiles}] (exposed) or [ck {kong}{kong_tiles}] (concealed), where it counts 3", tile_count(*.tiles), kong = .tile.suit().letter(), kong_tiles = .tile.rank_digit().to_string().repeat(4))]
    KongWithoutBrackets {
        /// How many tiles the hand has, kongs counting 3.
        tiles: usize,
        /// The tile held four times among the concealed tiles.
        tile: Tile,
    },
    /// A hand given to `waits` that is neither 13 tiles nor 14.
    #[error("the hand has {}; waits takes 13 (the hand before its winning tile) or 14 (a hand that has just drawn): concealed tiles + 3 for each meld (kongs count 3), a +TILE counting as one of them", tile_count(*.tiles))]
    WrongTileCountBeforeWin {
        /// How many tiles the hand has, kongs counting 3, a `+TILE` counting 1.
        tiles: usize,
    },
    /// A fifth copy of a tile.
    #[error("{tile} appears {count} times; there are only 4 of each tile")]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How many copies the hand has.
        count: usize,
    },
    /// Context words that contradict each other.
    #[error("{0}")]
    Context(ContextConflict),
    /// A word the chosen scoring system does not score, that another one does.
    #[error("'{word}' is scored only by {systems}; with these rules, leave it out")]
    WordOfAnotherSystem {
        /// The word as written (with `=` when it takes a value).
        word: String,
        /// The rule sets that know it: `--rules doubling`.
        systems: String,
    },
    /// A hand made under one rule set scored under another ([`crate::score_hand`]): its
    /// context words were read and checked as the first reads them.
    #[error("the hand was checked under another rule set than {scored}: make it under {scored} (HandTiles::hand) to score it there")]
    CheckedUnderAnother {
        /// The rule set it was to be scored under, as `--rules` takes it.
        scored: String,
    },
}

/// "1 tile", "15 tiles".
fn tile_count(tiles: usize) -> String {
    match tiles {
        1 => "1 tile".to_string(),
        n => format!("{n} tiles"),
    }
}

/// A contradiction between context words (docs/rules.md § Context). Each message names the
/// words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ContextConflict {
    /// `kong` with no kong in the hand.
    #[error(
        "'kong' (win on a kong's supplement tile) needs a kong in the hand: [k ...] or [ck ...]"
    )]
    KongWithoutKong,
    /// A discard-win word (`rob`, `earth`) with a self-draw word.
    #[error("'{0}' is a win on a discard; it cannot be combined with '{1}'")]
    DiscardWord(&'static str, &'static str),
    /// `rob` with `last` or `kong`.
    #[error("'rob' cannot be combined with '{0}': a robbed kong is neither the last tile nor a supplement tile")]
    RobWith(&'static str),
    /// `heaven` or `earth` with `last`, `kong` or `rob`.
    #[error("'{0}' cannot be combined with '{1}': the first turn is neither the last tile, a supplement tile nor a robbed kong")]
    BlessingWith(&'static str, &'static str),
    /// `heaven` for a seat other than East.
    #[error("'heaven' is East's win: it needs seat=e")]
    HeavenNotEast,
    /// `heaven` with melds.
    #[error("'heaven' needs East's initial 14 tiles: no melds and no kong")]
    HeavenWithMelds,
    /// `earth` for East.
    #[error("'earth' is a non-East player's win: it cannot be seat=e")]
    EarthEast,
    /// `earth` on a discard not from East.
    #[error("'earth' is won on East's first discard: from= must be e")]
    EarthNotFromEast,
    /// `earth` with melds.
    #[error("'earth' needs the initial 13-tile hand: no melds")]
    EarthWithMelds,
    /// `from=` the winner's own seat.
    #[error("from={0}: the winner cannot win on his own discard")]
    FromSelf(char),
    /// `from=` with a self-draw.
    #[error("from= names the discarder; a self-drawn win has none")]
    FromWithSelfDraw,
    /// `resp=` with a self-draw.
    #[error("resp= names who pays for a discard; a self-drawn win has no responsible player")]
    RespWithSelfDraw,
    /// `resp=` the winner's own seat.
    #[error("resp={0} is the winner; write resp=none when the winner himself had just discarded that tile")]
    RespWinner(char),
    /// A word given to `waits` that says how the hand was won (`self`, `kong`, `rob`,
    /// `heaven`, `earth`): each wait is valued both ways.
    #[error("'{0}' says how the hand was won; waits values every wait both won on a discard and self-drawn: leave '{0}' out")]
    HowWonBeforeTheWin(&'static str),
    /// A `claim=` given to `waits`.
    #[error("claim= checks what a won hand is worth; waits scores no win: leave it out")]
    ClaimBeforeTheWin,
    /// `rob` while the hand holds another copy of the robbed tile.
    #[error(
        "'rob': the robbed kong holds the other three {0}, so the hand cannot hold another {0}"
    )]
    RobbedTileHeld(Tile),
    /// A rule of the chosen scoring system about its context words, in its words.
    #[error("{0}")]
    SystemRule(&'static str),
}

/// A declared set, checked for shape. `tile` is its lowest tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meld {
    /// Pung, chow, kong or concealed kong.
    pub kind: MeldKind,
    /// The lowest tile.
    pub tile: Tile,
}

impl Meld {
    /// An exposed or concealed kong.
    pub fn is_kong(self) -> bool {
        matches!(self.kind, MeldKind::Kong | MeldKind::ConcealedKong)
    }

    /// The meld as a set of a regular hand.
    pub fn set(self) -> Set {
        Set::from_meld(self.kind, self.tile)
    }
}

/// How the winning tile was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinBy {
    /// Drawn from the wall (or a kong's supplement).
    SelfDraw,
    /// On a discard (or robbed kong).
    Discard {
        /// The discarder.
        from: Seat,
        /// The line did not say who discarded: the winner's upper seat is assumed.
        assumed: bool,
    },
}

/// Who pays for a big hand won on a discard (docs/rules.md § Payments, Same-Round Immunity).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Liable {
    /// Self-draw: nobody is responsible, everyone pays the same.
    NoneSelfDraw,
    /// The discarder, the usual case.
    Discarder(Seat),
    /// Another player who first discarded the same tile in the round (`resp=X`).
    Named(Seat),
    /// The winner had just discarded that tile himself (`resp=none`): everyone pays the same.
    Nobody,
}

impl Liable {
    /// The seat that pays for the discard, if one does.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Liable::Discarder(s) | Liable::Named(s) => Some(s),
            _ => None,
        }
    }
}

/// The situation of the win, kept apart from the tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinContext {
    /// The winner's seat (`seat=`, default East).
    pub seat: Seat,
    /// How the winning tile came.
    pub win_by: WinBy,
    /// Who pays for a discard.
    pub responsible: Liable,
    /// Won on the last tile: Final Draw if self-drawn, Final Discard otherwise.
    pub last_tile: bool,
    /// Won on a kong's supplement tile (`kong`).
    pub kong_supplement: bool,
    /// Won by robbing a kong (`rob`).
    pub robbed_kong: bool,
    /// East's win on the initial 14 tiles (`heaven`).
    pub heaven: bool,
    /// A win on East's first discard with the initial 13 tiles (`earth`).
    pub earth: bool,
    /// The words of the scoring system (the doubling table's `round=`).
    pub words: SystemWords,
}

impl WinContext {
    /// A win at `seat` as `win_by` and `responsible` say, and nothing else: not on the last
    /// tile, a supplement or a robbed kong, no blessing (a hand recorded by its value).
    pub(crate) fn plain(
        seat: Seat,
        win_by: WinBy,
        responsible: Liable,
        words: SystemWords,
    ) -> WinContext {
        WinContext {
            seat,
            win_by,
            responsible,
            last_tile: false,
            kong_supplement: false,
            robbed_kong: false,
            heaven: false,
            earth: false,
            words,
        }
    }

    /// Won by self-draw.
    pub fn self_drawn(&self) -> bool {
        self.win_by == WinBy::SelfDraw
    }

    /// The discarder; `None` for a self-draw.
    pub fn discarder(&self) -> Option<Seat> {
        match self.win_by {
            WinBy::SelfDraw => None,
            WinBy::Discard { from, .. } => Some(from),
        }
    }

    /// The seat that dealt in: the one that paid for the discard, the responsible player
    /// (`resp=`) or else the discarder. Nobody for a self-draw, nor for `resp=none`: there
    /// everyone pays the same, as on a self-draw, so the discarder is charged with nothing.
    pub fn dealt_in(&self) -> Option<Seat> {
        match self.win_by {
            WinBy::SelfDraw => None,
            WinBy::Discard { .. } => self.responsible.seat(),
        }
    }
}

/// The tests' view of a hand: built from its parts without a check, and its context as the
/// engine holds it (the exhaustive proof builds millions of hands so).
#[cfg(feature = "testing")]
impl Hand {
    /// A hand of these parts, not validated.
    pub fn from_parts(
        concealed: impl IntoIterator<Item = Tile>,
        melds: &[Meld],
        winning_tile: Option<Tile>,
        context: WinContext,
    ) -> Hand {
        Hand {
            concealed: concealed.into_iter().collect(),
            melds: melds.iter().copied().collect(),
            winning_tile,
            context,
            checked_under: 0,
        }
    }

    /// The situation of the win, as the engine holds it.
    pub fn win_context(&self) -> &WinContext {
        &self.context
    }

    /// The same tiles in another situation.
    pub fn set_context(&mut self, context: WinContext) {
        self.context = context;
    }
}

/// A hand's concealed tiles: at most 14 in a winning hand, kept in place.
pub type Tiles = SmallVec<Tile, 14>;

/// A hand's declared melds: at most 4 in a winning hand, kept in place.
pub type Melds = SmallVec<Meld, 4>;

/// A hand that can exist at a table: the input to arrangement and scoring.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// Concealed tiles without the winning tile, sorted.
    pub(crate) concealed: Tiles,
    /// Declared melds.
    pub(crate) melds: Melds,
    /// The tile that completed the hand; none for a win by declaration written without
    /// tiles (Huang's eight flowers).
    pub(crate) winning_tile: Option<Tile>,
    /// The situation of the win.
    pub(crate) context: WinContext,
    /// The rule set it was checked under, as [`RuleSet::fingerprint`] gives it; 0 for a
    /// hand the engine made itself, checked under none.
    ///
    /// [`RuleSet::fingerprint`]: crate::RuleSet
    pub(crate) checked_under: u64,
}

impl Hand {
    /// The concealed tiles without the winning tile, sorted.
    pub fn concealed(&self) -> &[Tile] {
        &self.concealed
    }

    /// The declared melds, in the order written.
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// The tile that completed the hand; `None` only for a win by declaration written
    /// without tiles (Huang's eight flowers).
    pub fn winning_tile(&self) -> Option<Tile> {
        self.winning_tile
    }

    /// The winner's seat.
    pub fn seat(&self) -> Seat {
        self.context.seat
    }

    /// Whether the winning tile was drawn from the wall (a kong's supplement too).
    pub fn self_drawn(&self) -> bool {
        self.context.self_drawn()
    }

    /// The situation of the win as typed values: what the line's context words said, read
    /// (a discarder the line did not name is left unsaid, as the line left it). A
    /// [`HandTiles`](crate::HandTiles) of the same tiles in this context makes this very
    /// hand again.
    ///
    /// ```
    /// use mjscore::{rules, RuleOption, Seat, Tin, WonBy};
    /// // 13 tiles and the winning e1: South self-draws, having declared Tin on one tile changed.
    /// let line = "b123 c456 d789 w111 e1 +e1 seat=s self tin=earth";
    /// let scored = mjscore::score_line(line, &rules::HUANG)?;
    /// let context = scored.hand.context();
    /// assert_eq!((context.seat, context.won_by), (Seat::South, WonBy::SelfDraw));
    /// assert_eq!(context.options, [RuleOption::Tin(Tin::Earth)]);
    /// # Ok::<(), mjscore::Error>(())
    /// ```
    pub fn context(&self) -> Context {
        let win = &self.context;
        let won_by = match win.win_by {
            WinBy::SelfDraw if win.heaven => WonBy::Blessing,
            WinBy::SelfDraw if win.kong_supplement => WonBy::KongSupplement,
            WinBy::SelfDraw => WonBy::SelfDraw,
            WinBy::Discard { .. } if win.earth => WonBy::Blessing,
            WinBy::Discard { from, assumed } => {
                let from = (!assumed).then_some(from);
                if win.robbed_kong {
                    WonBy::RobbingKong(from)
                } else {
                    from.map_or(WonBy::Unsaid, |from| WonBy::Discard(Some(from)))
                }
            }
        };
        let responsible = match win.responsible {
            Liable::Named(seat) => Some(Responsible::Player(seat)),
            Liable::Nobody => Some(Responsible::Nobody),
            Liable::Discarder(_) | Liable::NoneSelfDraw => None,
        };
        Context {
            seat: win.seat,
            won_by,
            last_tile: win.last_tile,
            responsible,
            options: win
                .words
                .given()
                .filter_map(|(key, value)| RuleOption::of_word(key, value))
                .collect(),
        }
    }

    /// The hand in canonical notation: concealed tiles grouped by suit, melds, the winning
    /// tile, then the context words that say exactly this context (the seat always). Reading
    /// it back gives the same hand.
    pub fn notation(&self) -> String {
        let mut line = grouped_by_suit(&self.concealed);
        for meld in &self.melds {
            let _ = write!(line, " {}", meld.set());
        }
        let ctx = &self.context;
        if let Some(tile) = self.winning_tile {
            let _ = write!(line, " +{tile}");
        }
        let _ = write!(line, " seat={}", ctx.seat.letter());
        let _ = ctx.words.write_notation(&mut line);
        match ctx.win_by {
            WinBy::SelfDraw if ctx.heaven => line.push_str(" heaven"),
            WinBy::SelfDraw if ctx.kong_supplement => line.push_str(" kong"),
            WinBy::SelfDraw => line.push_str(" self"),
            WinBy::Discard { .. } if ctx.earth => line.push_str(" earth"),
            WinBy::Discard { from, assumed } => {
                if !assumed {
                    let _ = write!(line, " from={}", from.letter());
                }
                if ctx.robbed_kong {
                    line.push_str(" rob");
                }
            }
        }
        match ctx.responsible {
            Liable::Named(seat) => {
                let _ = write!(line, " resp={}", seat.letter());
            }
            Liable::Nobody => line.push_str(" resp=none"),
            Liable::NoneSelfDraw | Liable::Discarder(_) => {}
        }
        if ctx.last_tile {
            line.push_str(" last");
        }
        line
    }

    /// Counts of the concealed tiles plus the winning tile (the part still to be arranged).
    pub fn concealed_counts_with_winning_tile(&self) -> [u8; KINDS] {
        let mut counts = [0u8; KINDS];
        for tile in self.concealed.iter().chain(&self.winning_tile) {
            counts[tile.index()] += 1;
        }
        counts
    }
}

/// Checks a parsed line and builds the [`Hand`] won on `winning` (the line's `+TILE`);
/// `words` are the scoring system's words the line gave, read by [`crate::words::resolve`].
pub(crate) fn validate(
    parsed: &ParsedHand,
    winning: Spanned<Tile>,
    words: SystemWords,
) -> Result<Hand, HandError> {
    validate_tiles(parsed, Some(winning), words, true)
}

/// Checks a line that wins by declaration whatever its tiles (Huang's eight flowers): the
/// tiles may be any number, or none, and the winning tile may be left out; the melds must
/// still have their shapes, and no tile may have a fifth copy.
pub(crate) fn validate_declared(
    parsed: &ParsedHand,
    words: SystemWords,
) -> Result<Hand, HandError> {
    validate_tiles(parsed, parsed.winning, words, false)
}

fn validate_tiles(
    parsed: &ParsedHand,
    winning: Option<Spanned<Tile>>,
    words: SystemWords,
    fourteen: bool,
) -> Result<Hand, HandError> {
    let mut melds = Melds::new();
    check_melds(&parsed.melds, &mut melds)?;

    let tiles = parsed.concealed.len() + usize::from(winning.is_some()) + 3 * melds.len();
    if fourteen && tiles != 14 {
        // Four of a kind among the concealed tiles, one too many for each: kongs without
        // their brackets.
        let mut counts = [0u8; KINDS];
        for tile in &parsed.concealed {
            counts[tile.value.index()] = counts[tile.value.index()].saturating_add(1);
        }
        let fours: Vec<&Spanned<Tile>> = parsed
            .concealed
            .iter()
            .filter(|t| counts[t.value.index()] == 4)
            .collect();
        if !fours.is_empty() && tiles == 14 + fours.len() / 4 {
            return Err(HandError {
                column: fours[0].column,
                kind: HandErrorKind::KongWithoutBrackets {
                    tiles,
                    tile: fours[0].value,
                },
            });
        }
        let listed_twice = winning
            .map(|w| w.value)
            .filter(|&w| tiles == 15 && parsed.concealed.iter().any(|t| t.value == w));
        return Err(HandError {
            column: 1,
            kind: match listed_twice {
                Some(tile) => HandErrorKind::WinningTileListedTwice(tile),
                None => HandErrorKind::WrongTileCount { tiles },
            },
        });
    }
    let counted = ConcealedCounts::of(&parsed.concealed);
    check_copies(&counted, &parsed.concealed, &parsed.melds, winning)?;

    let concealed = counted.sorted();
    let winning_tile = winning.map(|w| w.value);
    let context = build_context(&parsed.words, winning_tile, &concealed, &melds, words)?;
    Ok(Hand {
        concealed,
        melds,
        winning_tile,
        context,
        checked_under: 0,
    })
}

/// A hand before its win, for the `waits` analysis: 13 tiles waiting for a 14th, or 14 (a
/// hand that has just drawn, its `+TILE` among the concealed tiles), kongs counting 3.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holding {
    /// Concealed tiles, sorted.
    pub concealed: Tiles,
    /// Declared melds.
    pub melds: Melds,
    /// The context of a win on a discard: the seat, the discarder (`from=`, or the upper
    /// seat assumed), `resp=`, `last` and the system's words. A self-drawn win keeps all but
    /// the discarder and `resp=` ([`Holding::self_drawn_context`]).
    pub context: WinContext,
}

impl Holding {
    /// How many tiles the hand has, kongs counting 3: 13 or 14.
    pub fn tiles(&self) -> usize {
        self.concealed.len() + 3 * self.melds.len()
    }

    /// Counts of the concealed tiles.
    pub fn concealed_counts(&self) -> [u8; KINDS] {
        let mut counts = [0u8; KINDS];
        for tile in &self.concealed {
            counts[tile.index()] += 1;
        }
        counts
    }

    /// Counts of every tile the hand holds, concealed and melded, a kong counting 4.
    pub fn held_counts(&self) -> [u8; KINDS] {
        let mut counts = self.concealed_counts();
        for meld in &self.melds {
            for tile in meld.set().tiles() {
                counts[tile.index()] += 1;
            }
            // A kong's set is three tiles; its fourth is held too.
            counts[meld.tile.index()] += u8::from(meld.is_kong());
        }
        counts
    }

    /// The context of a self-drawn win: the discard context without its discarder and
    /// responsible player.
    pub fn self_drawn_context(&self) -> WinContext {
        WinContext {
            win_by: WinBy::SelfDraw,
            responsible: Liable::NoneSelfDraw,
            ..self.context.clone()
        }
    }

    /// The hand won on `tile`, self-drawn or on a discard. Built directly, not validated:
    /// for a dead wait it holds a fifth copy of `tile`.
    #[cfg(any(test, feature = "testing"))]
    pub fn won_on(&self, tile: Tile, self_drawn: bool) -> Hand {
        Hand {
            concealed: self.concealed.clone(),
            melds: self.melds.clone(),
            winning_tile: Some(tile),
            context: if self_drawn {
                self.self_drawn_context()
            } else {
                self.context.clone()
            },
            checked_under: 0,
        }
    }

    /// The hand after discarding one concealed `tile`; `None` if it holds none.
    #[cfg(any(test, feature = "testing"))]
    pub fn without(&self, tile: Tile) -> Option<Holding> {
        let at = self.concealed.iter().position(|&t| t == tile)?;
        let mut concealed = self.concealed.clone();
        concealed.remove(at);
        Some(Holding {
            concealed,
            ..self.clone()
        })
    }
}

/// Checks a line parsed for the `waits` analysis and builds the [`Holding`]: 13 or 14
/// tiles, the melds' shapes and at most four copies as for a winning hand, and the context
/// words that do not say how the hand was won (docs/waits.md has the rulings).
pub(crate) fn validate_holding(
    parsed: &ParsedHolding,
    words: SystemWords,
) -> Result<Holding, HandError> {
    let mut melds = Melds::new();
    check_melds(&parsed.melds, &mut melds)?;
    let tiles = parsed.concealed.len() + usize::from(parsed.drawn.is_some()) + 3 * melds.len();
    if tiles != 13 && tiles != 14 {
        return Err(HandError {
            column: 1,
            kind: HandErrorKind::WrongTileCountBeforeWin { tiles },
        });
    }
    let counted = ConcealedCounts::of(&parsed.concealed);
    check_copies(&counted, &parsed.concealed, &parsed.melds, parsed.drawn)?;
    for word in &parsed.words {
        let how_won = match word.value {
            Word::SelfDraw => "self",
            Word::KongSupplement => "kong",
            Word::RobbedKong => "rob",
            Word::Heaven => "heaven",
            Word::Earth => "earth",
            Word::LastTile | Word::Seat(_) | Word::From(_) | Word::Responsible(_) => continue,
        };
        return Err(HandError {
            column: word.column,
            kind: HandErrorKind::Context(ContextConflict::HowWonBeforeTheWin(how_won)),
        });
    }
    if let Some(claim) = &parsed.claim {
        return Err(HandError {
            column: claim.column,
            kind: HandErrorKind::Context(ContextConflict::ClaimBeforeTheWin),
        });
    }
    let mut concealed: Tiles = parsed
        .concealed
        .iter()
        .chain(&parsed.drawn)
        .map(|t| t.value)
        .collect();
    concealed.sort_unstable();
    let context = build_context(&parsed.words, None, &concealed, &melds, words)?;
    Ok(Holding {
        concealed,
        melds,
        context,
    })
}

/// Every meld checked for shape, in the order written, pushed into `melds` (empty): the
/// first wrong one is the error. (A plain loop into the hand's own list: collecting through
/// a `Result` and moving the list cost more than checking the melds.)
fn check_melds(parsed: &[ParsedMeld], melds: &mut Melds) -> Result<(), HandError> {
    for meld in parsed {
        melds.push(check_meld(meld)?);
    }
    Ok(())
}

fn check_meld(meld: &ParsedMeld) -> Result<Meld, HandError> {
    let tiles = meld.tiles.as_slice();
    let identical = |n: usize| tiles.len() == n && tiles.iter().all(|t| *t == tiles[0]);
    // In any order: `[c b3 b5 b4]` is the chow b345. Asked only of a chow, or of a meld
    // that is no meld of its kind (most melds are pungs: every line of a batch checks them).
    let consecutive = || match *tiles {
        [a, b, c] => {
            let mut sorted = [a, b, c];
            sorted.sort_unstable();
            sorted[0].next_in_suit() == Some(sorted[1])
                && sorted[1].next_in_suit() == Some(sorted[2])
        }
        _ => false,
    };
    let (shaped, wrong, kind_rule) = match meld.kind {
        MeldKind::Pung => (
            identical(3),
            HandErrorKind::BadPung as fn(String) -> HandErrorKind,
            "a pung is three identical tiles",
        ),
        MeldKind::Kong | MeldKind::ConcealedKong => (
            identical(4),
            HandErrorKind::BadKong as _,
            "a kong is four identical tiles",
        ),
        MeldKind::Chow => (
            consecutive(),
            HandErrorKind::BadChow as _,
            "a chow is three consecutive tiles of one number suit",
        ),
    };
    let lowest = tiles.iter().min().copied();
    if let (Some(tile), true) = (lowest, shaped) {
        return Ok(Meld {
            kind: meld.kind,
            tile,
        });
    }
    let written = written_meld(tiles);
    // Tiles that make a meld of another kind: the kind letter was the slip.
    let other = match lowest {
        Some(_) if identical(4) => Some(("four identical tiles, a kong", "k")),
        Some(_) if identical(3) => Some(("three identical tiles, a pung", "p")),
        Some(_) if consecutive() => Some(("three consecutive tiles, a chow", "c")),
        _ => None,
    };
    let kind = match other {
        Some((is, letter)) => HandErrorKind::WrongMeldKind {
            kind_rule,
            is,
            instead: match (letter, meld.kind) {
                ("k", _) => format!("[k {written}] (or [ck {written}], concealed)"),
                // Three concealed tiles are no meld: they stay among the tiles.
                ("p", MeldKind::ConcealedKong) => {
                    format!("[p {written}] (exposed), or {written} among the concealed tiles")
                }
                _ => format!("[{letter} {written}]"),
            },
            tiles: written,
        },
        None => wrong(written),
    };
    Err(HandError {
        column: meld.column,
        kind,
    })
}

/// A meld's tiles as notation, sorted, for messages: `d112`, or `b1 w1 w1` across suits.
fn written_meld(tiles: &[Tile]) -> String {
    let mut tiles = tiles.to_vec();
    tiles.sort_unstable();
    let Some(suit) = tiles.first().map(|t| t.suit()) else {
        return "no tiles".to_string();
    };
    if tiles.iter().all(|t| t.suit() == suit) {
        let ranks: String = tiles.iter().map(|t| t.rank().to_string()).collect();
        format!("{}{ranks}", suit.letter())
    } else {
        tiles
            .iter()
            .map(Tile::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The concealed tiles of a line counted by kind, once: for the copies check and for the
/// hand's sorted tiles.
struct ConcealedCounts {
    /// Copies of each kind (saturating: a hostile line may hold a tile thousands of times).
    counts: [u8; KINDS],
    /// The kinds held, as bits (bit `i` for kind `i`).
    kinds: u64,
}

impl ConcealedCounts {
    fn of(concealed: &[Spanned<Tile>]) -> ConcealedCounts {
        let mut counts = [0u8; KINDS];
        let mut kinds = 0u64;
        for tile in concealed {
            let index = tile.value.index();
            counts[index] = counts[index].saturating_add(1);
            kinds |= 1 << index;
        }
        ConcealedCounts { counts, kinds }
    }

    /// The tiles in order, each kind as many times as counted: the counts are at hand, and
    /// writing the tiles out from them costs less than sorting the line's order. (Only
    /// after [`check_copies`], which leaves no count saturated.)
    fn sorted(&self) -> Tiles {
        let mut tiles = Tiles::new();
        let mut kinds = self.kinds;
        while kinds != 0 {
            let index = kinds.trailing_zeros() as usize;
            kinds &= kinds - 1;
            for _ in 0..self.counts[index] {
                tiles.push(Tile::ALL[index]);
            }
        }
        tiles
    }
}

/// At most four of any tile across concealed tiles (`counted`, as `concealed` holds them),
/// melds and the winning tile. Points at the token that brings in the fifth copy.
fn check_copies(
    counted: &ConcealedCounts,
    concealed: &[Spanned<Tile>],
    melds: &[ParsedMeld],
    winning: Option<Spanned<Tile>>,
) -> Result<(), HandError> {
    // Nearly every hand holds no fifth copy: counting says so without ordering the tokens.
    let mut counts = counted.counts;
    let mut count = |tile: Tile| {
        let count = &mut counts[tile.index()];
        *count = count.saturating_add(1);
    };
    if let Some(winning) = winning {
        count(winning.value);
    }
    for meld in melds {
        for &tile in meld.tiles.iter() {
            count(tile);
        }
    }
    if counts.iter().all(|&count| count <= 4) {
        return Ok(());
    }
    let mut tokens: Vec<(usize, Tile)> = concealed.iter().map(|t| (t.column, t.value)).collect();
    for meld in melds {
        tokens.extend(meld.tiles.iter().map(|t| (meld.column, *t)));
    }
    tokens.extend(winning.map(|w| (w.column, w.value)));
    tokens.sort_by_key(|(column, _)| *column);

    let mut totals = [0usize; KINDS];
    for (_, tile) in &tokens {
        totals[tile.index()] += 1;
    }
    let mut seen = [0usize; KINDS];
    for (column, tile) in tokens {
        seen[tile.index()] += 1;
        if seen[tile.index()] == 5 {
            return Err(HandError {
                column,
                kind: HandErrorKind::TooManyCopies {
                    tile,
                    count: totals[tile.index()],
                },
            });
        }
    }
    Ok(())
}

/// The shared context words of a line, each found once (the parser refuses a word given
/// twice), with its column.
#[derive(Default)]
struct GivenWords<'w> {
    self_draw: Option<&'w Spanned<Word>>,
    last: Option<&'w Spanned<Word>>,
    kong: Option<&'w Spanned<Word>>,
    rob: Option<&'w Spanned<Word>>,
    heaven: Option<&'w Spanned<Word>>,
    earth: Option<&'w Spanned<Word>>,
    seat: Option<&'w Spanned<Word>>,
    from: Option<&'w Spanned<Word>>,
    resp: Option<&'w Spanned<Word>>,
}

impl<'w> GivenWords<'w> {
    /// The words of `given`, found in one pass.
    fn of(given: &'w [Spanned<Word>]) -> GivenWords<'w> {
        let mut words = GivenWords::default();
        for word in given {
            let slot = match word.value {
                Word::SelfDraw => &mut words.self_draw,
                Word::LastTile => &mut words.last,
                Word::KongSupplement => &mut words.kong,
                Word::RobbedKong => &mut words.rob,
                Word::Heaven => &mut words.heaven,
                Word::Earth => &mut words.earth,
                Word::Seat(_) => &mut words.seat,
                Word::From(_) => &mut words.from,
                Word::Responsible(_) => &mut words.resp,
            };
            slot.get_or_insert(word);
        }
        words
    }

    /// The winner's seat: `seat=`, East by default.
    fn seat(&self) -> Seat {
        match self.seat.map(|w| w.value) {
            Some(Word::Seat(s)) => s,
            _ => Seat::East,
        }
    }

    /// The discarder `from=` names, if it is given.
    fn discarder(&self) -> Option<Seat> {
        self.from.and_then(|w| match w.value {
            Word::From(s) => Some(s),
            _ => None,
        })
    }

    /// The first word given that makes the win a self-draw: `self`, `kong` or `heaven`.
    fn self_drawn_by(&self) -> Option<&'static str> {
        [
            (self.self_draw, "self"),
            (self.kong, "kong"),
            (self.heaven, "heaven"),
        ]
        .into_iter()
        .find_map(|(w, name)| w.map(|_| name))
    }
}

/// The context error of `kind` at the word `at` (column 1 when no word is at fault).
fn conflict(at: Option<&Spanned<Word>>, kind: ContextConflict) -> HandError {
    HandError {
        column: at.map_or(1, |w| w.column),
        kind: HandErrorKind::Context(kind),
    }
}

/// Applies the context words and their checks (docs/rules.md § Context).
fn build_context(
    given: &[Spanned<Word>],
    winning: Option<Tile>,
    concealed: &[Tile],
    melds: &[Meld],
    words: SystemWords,
) -> Result<WinContext, HandError> {
    let given = GivenWords::of(given);
    check_words_meet(&given, winning, concealed, melds)?;
    let win_by = win_by(&given)?;
    let responsible = responsible(&given, win_by)?;
    Ok(WinContext {
        seat: given.seat(),
        win_by,
        responsible,
        last_tile: given.last.is_some(),
        kong_supplement: given.kong.is_some(),
        robbed_kong: given.rob.is_some(),
        heaven: given.heaven.is_some(),
        earth: given.earth.is_some(),
        words,
    })
}

/// The words that cannot meet, and those that need the hand or the seat to allow them
/// (docs/rules.md § Context), in the order a referee reads them.
fn check_words_meet(
    given: &GivenWords,
    winning: Option<Tile>,
    concealed: &[Tile],
    melds: &[Meld],
) -> Result<(), HandError> {
    let seat = given.seat();
    // Words that make a self-draw, and words that make a discard win, cannot meet.
    let self_drawn_by = given.self_drawn_by();
    for (word, name) in [(given.rob, "rob"), (given.earth, "earth")] {
        if let (Some(w), Some(by)) = (word, self_drawn_by) {
            return Err(conflict(Some(w), ContextConflict::DiscardWord(name, by)));
        }
    }
    if let Some(w) = given.rob {
        for (other, name) in [(given.last, "last"), (given.kong, "kong")] {
            if other.is_some() {
                return Err(conflict(Some(w), ContextConflict::RobWith(name)));
            }
        }
        if let Some(robbed) = winning {
            let in_melds = melds.iter().any(|m| m.set().tiles().any(|t| t == robbed));
            if concealed.contains(&robbed) || in_melds {
                return Err(conflict(Some(w), ContextConflict::RobbedTileHeld(robbed)));
            }
        }
    }
    for (blessing, name) in [(given.heaven, "heaven"), (given.earth, "earth")] {
        if let Some(w) = blessing {
            let others = [
                (given.last, "last"),
                (given.kong, "kong"),
                (given.rob, "rob"),
            ];
            for (other, other_name) in others {
                if other.is_some() {
                    return Err(conflict(
                        Some(w),
                        ContextConflict::BlessingWith(name, other_name),
                    ));
                }
            }
        }
    }
    if given.kong.is_some() && !melds.iter().any(|m| m.is_kong()) {
        return Err(conflict(given.kong, ContextConflict::KongWithoutKong));
    }
    if let Some(w) = given.heaven {
        if seat != Seat::East {
            return Err(conflict(Some(w), ContextConflict::HeavenNotEast));
        }
        if !melds.is_empty() {
            return Err(conflict(Some(w), ContextConflict::HeavenWithMelds));
        }
    }
    if let Some(w) = given.earth {
        if seat == Seat::East {
            return Err(conflict(Some(w), ContextConflict::EarthEast));
        }
        if !melds.is_empty() {
            return Err(conflict(Some(w), ContextConflict::EarthWithMelds));
        }
        if given.discarder().is_some_and(|s| s != Seat::East) {
            return Err(conflict(given.from, ContextConflict::EarthNotFromEast));
        }
    }
    Ok(())
}

/// How the winning tile came: self-drawn, or on whose discard (assumed, and said so, when
/// no `from=` gives it).
fn win_by(given: &GivenWords) -> Result<WinBy, HandError> {
    let seat = given.seat();
    if given.self_drawn_by().is_some() {
        if given.from.is_some() {
            return Err(conflict(given.from, ContextConflict::FromWithSelfDraw));
        }
        return Ok(WinBy::SelfDraw);
    }
    Ok(match given.discarder() {
        Some(s) if s == seat => {
            return Err(conflict(given.from, ContextConflict::FromSelf(s.letter())));
        }
        Some(s) => WinBy::Discard {
            from: s,
            assumed: false,
        },
        // Blessing of Earth is won on East's discard by definition: not a guess.
        _ if given.earth.is_some() => WinBy::Discard {
            from: Seat::East,
            assumed: false,
        },
        _ => WinBy::Discard {
            from: seat.upper(),
            assumed: true,
        },
    })
}

/// Who pays for a discard: the discarder, or the player `resp=` names, or nobody.
fn responsible(given: &GivenWords, win_by: WinBy) -> Result<Liable, HandError> {
    let named = given.resp.and_then(|w| match w.value {
        Word::Responsible(named) => Some(named),
        _ => None,
    });
    let resp = given.resp;
    Ok(match (win_by, named) {
        (WinBy::SelfDraw, Some(_)) => {
            return Err(conflict(resp, ContextConflict::RespWithSelfDraw))
        }
        (WinBy::SelfDraw, None) => Liable::NoneSelfDraw,
        (WinBy::Discard { from, .. }, None) => Liable::Discarder(from),
        (WinBy::Discard { .. }, Some(None)) => Liable::Nobody,
        (WinBy::Discard { .. }, Some(Some(s))) if s == given.seat() => {
            return Err(conflict(resp, ContextConflict::RespWinner(s.letter())));
        }
        (WinBy::Discard { from, .. }, Some(Some(s))) if s == from => Liable::Discarder(from),
        (WinBy::Discard { .. }, Some(Some(s))) => Liable::Named(s),
    })
}
