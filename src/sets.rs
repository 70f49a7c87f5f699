//! Sets: the groups a hand is made of. A declared meld has a [`MeldKind`]; every set of a
//! regular hand, declared or not, is a [`Set`] of a [`SetKind`].
//!
//! This is vocabulary shared by the parser (meld kinds), the validated hand (melds as sets)
//! and the arrangements (concealed sets), so it sits below all three.

use std::fmt;

use crate::tile::{sequence_text, write_run, Tile};

/// The four kinds of declared set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// An exposed triplet: `[p d111]`.
    Pung,
    /// An exposed sequence: `[c b345]`.
    Chow,
    /// An exposed kong: `[k e1111]`.
    Kong,
    /// A declared concealed kong: `[ck w2222]`.
    ConcealedKong,
}

/// The kind of a set in a regular hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SetKind {
    /// Three consecutive tiles of one number suit.
    Sequence,
    /// Three identical tiles.
    Triplet,
    /// Four identical tiles, declared.
    Kong,
    /// Two identical tiles: never one of a reading's sets, but what a rules file's pattern
    /// counted once a pair names ([`CountedPattern::set`](crate::CountedPattern)).
    Pair,
}

/// One set of a regular hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Set {
    /// Sequence, triplet or kong.
    pub kind: SetKind,
    /// The lowest tile (a sequence's first tile; a triplet's or kong's only tile).
    pub tile: Tile,
    /// Declared with an exposed meld (pung, chow, exposed kong): breaks Concealed Hand.
    pub melded: bool,
    /// Made of concealed tiles, or a declared concealed kong. A triplet the winning tile
    /// completes is so too: whether a discard made it exposed is the win's
    /// ([`crate::patterns::Facts::concealed_triplets`]).
    pub concealed: bool,
}

impl Set {
    /// A triplet or a kong.
    pub fn is_triplet_or_kong(&self) -> bool {
        matches!(self.kind, SetKind::Triplet | SetKind::Kong)
    }

    /// The set's three tiles (a kong gives its tile three times: enough to ask what it holds;
    /// a pair its two).
    pub fn tiles(self) -> impl Iterator<Item = Tile> {
        let sequence = self.kind == SetKind::Sequence;
        let mut next = Some(self.tile);
        let count = if self.kind == SetKind::Pair { 2 } else { 3 };
        (0..count).filter_map(move |_| {
            let current = next?;
            next = if sequence {
                current.next_in_suit()
            } else {
                Some(current)
            };
            Some(current)
        })
    }

    /// Whether any tile of the set satisfies `test`.
    pub fn any_tile(&self, test: impl Fn(Tile) -> bool) -> bool {
        self.tiles().any(test)
    }

    /// A set made of concealed tiles (not declared).
    pub fn concealed(kind: SetKind, tile: Tile) -> Set {
        Set {
            kind,
            tile,
            melded: false,
            concealed: true,
        }
    }

    /// The pair of `tile`, as a pattern counted once a pair names it.
    pub(crate) fn pair(tile: Tile) -> Set {
        Set {
            kind: SetKind::Pair,
            tile,
            melded: false,
            concealed: true,
        }
    }

    /// The set a declared meld makes; `tile` is its lowest tile.
    pub fn from_meld(kind: MeldKind, tile: Tile) -> Set {
        let (kind, melded, concealed) = match kind {
            MeldKind::Chow => (SetKind::Sequence, true, false),
            MeldKind::Pung => (SetKind::Triplet, true, false),
            MeldKind::Kong => (SetKind::Kong, true, false),
            MeldKind::ConcealedKong => (SetKind::Kong, false, true),
        };
        Set {
            kind,
            tile,
            melded,
            concealed,
        }
    }
}

impl Set {
    /// Writes the set in notation form: `b345`, `d111`, and melds in brackets: `[p d111]`,
    /// `[ck w2222]`. Its `Display`, and what the renderers call on their `String` directly.
    // Always inlined: a line writes its arrangement's sets every time, and whether the
    // compiler inlined it came and went with unrelated changes elsewhere (46 instructions
    // a line of the JSON batch).
    #[inline(always)]
    pub fn write_to<W: fmt::Write>(self, w: &mut W) -> fmt::Result {
        let keyword = match (self.kind, self.melded) {
            (SetKind::Sequence, true) => Some("[c "),
            (SetKind::Triplet, true) => Some("[p "),
            (SetKind::Kong, true) => Some("[k "),
            (SetKind::Kong, false) => Some("[ck "),
            _ => None,
        };
        if let Some(keyword) = keyword {
            w.write_str(keyword)?;
        }
        match self.kind {
            SetKind::Sequence => match sequence_text(self.tile) {
                Some(text) => w.write_str(text)?,
                // No sequence starts at this tile: spelled as it is, whatever it is.
                None => {
                    w.write_char(self.tile.suit().letter())?;
                    for tile in self.tiles() {
                        w.write_char(tile.rank_digit())?;
                    }
                }
            },
            SetKind::Triplet => write_run(w, self.tile, 3)?,
            SetKind::Kong => write_run(w, self.tile, 4)?,
            SetKind::Pair => write_run(w, self.tile, 2)?,
        }
        if keyword.is_some() {
            w.write_char(']')?;
        }
        Ok(())
    }
}

/// Notation form (see [`Set::write_to`]).
impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}
