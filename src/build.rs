//! A hand built from tiles and context words rather than read from notation: for a program
//! that already holds tiles (a page's tile buttons, a game, a test table). The hand is
//! checked by the same rules as a line of notation ([`crate::hand`]), so the two can never
//! disagree, and [`Hand::notation`] gives the line back for showing or copying.
//!
//! An error names no column of a text: its column is the place of the item at fault,
//! counting from 1 the concealed tiles, then the melds, then the winning tile, then the
//! context: its seat, how the tile came, the last tile, the responsible player, and the
//! rule set's options in the order given (each part that says something counts one place).

use crate::context::Context;
use crate::hand::Hand;
use crate::error::Error;
use crate::validate;
use crate::notation::{NamedWord, ParsedHand, ParsedMeld, Spanned};
use crate::rule_set::RuleSet;
use crate::sets::MeldKind;
use crate::tile::Tile;

/// A hand as tiles: what a line of notation says, without the text.
///
/// ```
/// use mjscore::{Context, HandTiles, MeldKind, Outcome, Seat, Tile, WonBy};
/// let tile = |code: &str| code.parse::<Tile>().unwrap();
/// // b66 c12345678 +c9 with an exposed pung of d1, self-drawn by South.
/// let tiles = HandTiles {
///     concealed: ["b6", "b6", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]
///         .map(tile)
///         .to_vec(),
///     melds: vec![(MeldKind::Pung, tile("d1"))],
///     winning: Some(tile("c9")),
///     context: Context {
///         seat: Seat::South,
///         won_by: WonBy::SelfDraw,
///         ..Context::default()
///     },
/// };
/// let hand = tiles.hand(&mjscore::rules::WSOM).unwrap();
/// assert_eq!(hand.notation(), "b66 c12345678 [p d111] +c9 seat=s self");
/// // 7.1 Nine-Tile Straight, 40; the pung is open, so no 1.2 Concealed Hand.
/// let Outcome::Win { reading, .. } = mjscore::score_hand(&hand, &mjscore::rules::WSOM).unwrap() else {
///     panic!("a win")
/// };
/// assert_eq!(reading.total, 40);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandTiles {
    /// The concealed tiles, without the winning tile, in any order.
    pub concealed: Vec<Tile>,
    /// The declared melds: each its kind and its first tile (`[c b345]` is a chow of b3).
    pub melds: Vec<(MeldKind, Tile)>,
    /// The winning tile (`None` only where the rule set wins by declaration).
    pub winning: Option<Tile>,
    /// The situation of the win: the seat, how the tile came, the rule set's options.
    pub context: Context,
}

impl HandTiles {
    /// These tiles in the situation `context`, in place of the one given before.
    pub fn with_context(mut self, context: &Context) -> HandTiles {
        self.context = context.clone();
        self
    }

    /// The hand under `rules`, checked as a line of notation is (tile count, copies, meld
    /// shapes, context words); an error's column is the place of the item at fault (see the
    /// module's doc).
    pub fn hand(&self, rules: &RuleSet) -> Result<Hand, Error> {
        // The rule set's words as written, borrowed by the parsed hand.
        let system_words = self.context.system_words();
        let mut parsed = ParsedHand::empty();
        let mut place = 0;
        let mut next = || {
            place += 1;
            place
        };
        for &tile in &self.concealed {
            parsed.concealed.push(Spanned {
                value: tile,
                column: next(),
            });
        }
        for &(kind, first) in &self.melds {
            parsed.melds.push(ParsedMeld {
                kind,
                tiles: meld_tiles(kind, first).into_iter().flatten().collect(),
                column: next(),
            });
        }
        parsed.winning = self.winning.map(|tile| Spanned {
            value: tile,
            column: next(),
        });
        for word in self.context.words() {
            parsed.words.push(Spanned {
                value: word,
                column: next(),
            });
        }
        for (key, value) in &system_words {
            parsed.named.push(Spanned {
                value: NamedWord {
                    key,
                    value: value.as_deref(),
                },
                column: next(),
            });
        }
        parsed.end = next();
        validate::validate(&parsed, rules, &crate::rules::ALL)
    }
}

/// The tiles of a meld of `kind` that starts with `first`: three in a row for a chow (as
/// many as the suit has: a chow of b8 is no chow, and the check says so), three or four of
/// a kind otherwise.
fn meld_tiles(kind: MeldKind, first: Tile) -> [Option<Tile>; 4] {
    match kind {
        MeldKind::Chow => {
            let second = first.next_in_suit();
            let third = second.and_then(Tile::next_in_suit);
            [Some(first), second, third, None]
        }
        MeldKind::Pung => [Some(first), Some(first), Some(first), None],
        MeldKind::Kong | MeldKind::ConcealedKong => [Some(first); 4],
    }
}
