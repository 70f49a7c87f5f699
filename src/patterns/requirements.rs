//! A condition written as data rather than code: what a rules file's new hand asks of a
//! reading, in a small vocabulary (the tiles it may use, how many suits, honours, terminals,
//! its sets, what every set holds, concealed, self-drawn, kongs, the pair). Each part is a
//! test of bits the [`Facts`] already hold, so a hand made of them costs a few
//! instructions per reading.

use std::ops::RangeInclusive;

use super::facts::Facts;
use crate::sets::SetKind;
use crate::tile::{kinds, Tile};

/// Every kind of tile, as a set of kinds: no restriction.
pub const ALL_KINDS: u64 = (1 << crate::tile::KINDS) - 1;

/// The number tiles, as a set of kinds.
const NUMBERS: u64 = kinds::BAMBOO | kinds::CHARACTERS | kinds::DOTS;

/// How many of something a reading has: at least `min` and at most `max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// The fewest.
    pub min: u8,
    /// The most.
    pub max: u8,
}

impl Count {
    /// Any number at all.
    pub const ANY: Count = Count {
        min: 0,
        max: u8::MAX,
    };

    /// Exactly `n`.
    pub const fn exactly(n: u8) -> Count {
        Count { min: n, max: n }
    }

    /// `n` or more.
    #[cfg(any(test, feature = "testing"))]
    pub const fn at_least(n: u8) -> Count {
        Count {
            min: n,
            max: u8::MAX,
        }
    }

    /// Whether `n` is within.
    #[inline]
    pub fn holds(self, n: usize) -> bool {
        (usize::from(self.min)..=usize::from(self.max)).contains(&n)
    }

    /// Whether it restricts nothing.
    pub fn is_any(self) -> bool {
        self == Count::ANY
    }
}

/// How a kind of tile (honours, terminals) may be present.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// Present or not.
    Any,
    /// Not one.
    None,
    /// At least one.
    Some,
    /// Every tile of the hand is of that kind (for terminals: every number tile is one).
    Only,
}

/// What the sets of a regular reading are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetsRule {
    /// Any mix.
    Any,
    /// Every set a triplet or a kong.
    Triplets,
    /// Every set a sequence.
    Sequences,
}

/// A condition as data ([`Condition::Requires`](super::Condition::Requires)): every part
/// must hold. The shape is the pattern's own ([`Pattern::shapes`](super::Pattern)); the
/// parts about sets and the pair hold of a regular reading only where they name sets (an
/// irregular reading has none, and fails a part that asks for a pair or a set holding a
/// tile).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requirements {
    /// The kinds the hand may hold, as a set of kinds (bit `i` for the kind whose [`Tile::index`](crate::Tile::index) is `i`).
    pub(crate) tiles: u64,
    /// How many number suits the hand holds.
    pub(crate) suits: Count,
    /// Honours (winds and dragons).
    pub(crate) honours: Presence,
    /// Terminals (suited 1s and 9s).
    pub(crate) terminals: Presence,
    /// What the sets are.
    pub(crate) sets: SetsRule,
    /// Every set and the pair hold a tile of these kinds ([`ALL_KINDS`]: no restriction).
    pub(crate) every_group_holds: u64,
    /// No set melded (a concealed kong is concealed); `None`: either.
    pub(crate) concealed: Option<bool>,
    /// Won by self-draw; `None`: either.
    pub(crate) self_drawn: Option<bool>,
    /// How many kongs.
    pub(crate) kongs: Count,
    /// How many concealed triplets (and kongs), as Zung Jung counts them.
    pub(crate) concealed_triplets: Count,
    /// How many triplets (and kongs) of the kinds [`Requirements::triplets_of`].
    pub(crate) triplets: Count,
    /// The kinds [`Requirements::triplets`] counts.
    pub(crate) triplets_of: u64,
    /// The pair is of one of these kinds ([`ALL_KINDS`]: any pair, or none).
    pub(crate) pair: u64,
}

impl Requirements {
    /// Nothing required: every reading holds.
    pub(crate) const ANY: Requirements = Requirements {
        tiles: ALL_KINDS,
        suits: Count::ANY,
        honours: Presence::Any,
        terminals: Presence::Any,
        sets: SetsRule::Any,
        every_group_holds: ALL_KINDS,
        concealed: None,
        self_drawn: None,
        kongs: Count::ANY,
        concealed_triplets: Count::ANY,
        triplets: Count::ANY,
        triplets_of: ALL_KINDS,
        pair: ALL_KINDS,
    };

    /// Nothing required yet: every reading holds. Each method below adds a part, so a
    /// condition reads as it is said:
    ///
    /// ```
    /// use mjscore::{Requirements, Suit, Tile};
    /// // Three pungs of bamboo or more in a hand of bamboo and honours, self-drawn.
    /// let suit = |suit, ranks| (1..=ranks).filter_map(move |rank| Tile::new(suit, rank));
    /// let bamboo: Vec<Tile> = suit(Suit::Bamboo, 9).collect();
    /// let tiles: Vec<Tile> = (bamboo.iter().copied())
    ///     .chain(suit(Suit::Wind, 4))
    ///     .chain(suit(Suit::Dragon, 3))
    ///     .collect();
    /// let seasonal = Requirements::any()
    ///     .only_tiles(&tiles)
    ///     .triplets_of(3..=4, &bamboo)
    ///     .self_drawn(true);
    /// assert_ne!(seasonal, Requirements::any());
    /// ```
    pub const fn any() -> Requirements {
        Requirements::ANY
    }

    /// The hand holds tiles of these kinds only.
    pub fn only_tiles(mut self, tiles: &[Tile]) -> Requirements {
        self.tiles = kinds_of(tiles);
        self
    }

    /// The hand holds this many number suits (bamboo, characters, dots), as `0..=1` or
    /// `2..=3` say.
    pub fn suits(mut self, count: RangeInclusive<u8>) -> Requirements {
        self.suits = count_of(count);
        self
    }

    /// No honour (wind or dragon) in the hand.
    pub fn without_honours(mut self) -> Requirements {
        self.honours = Presence::None;
        self
    }

    /// At least one honour in the hand.
    pub fn with_honours(mut self) -> Requirements {
        self.honours = Presence::Some;
        self
    }

    /// Every tile of the hand an honour.
    pub fn all_honours(mut self) -> Requirements {
        self.honours = Presence::Only;
        self
    }

    /// No terminal (a suited 1 or 9) in the hand.
    pub fn without_terminals(mut self) -> Requirements {
        self.terminals = Presence::None;
        self
    }

    /// At least one terminal in the hand.
    pub fn with_terminals(mut self) -> Requirements {
        self.terminals = Presence::Some;
        self
    }

    /// Every number tile of the hand a terminal.
    pub fn all_terminals(mut self) -> Requirements {
        self.terminals = Presence::Only;
        self
    }

    /// Every set a triplet or a kong.
    pub fn all_triplets(mut self) -> Requirements {
        self.sets = SetsRule::Triplets;
        self
    }

    /// Every set a sequence.
    pub fn all_sequences(mut self) -> Requirements {
        self.sets = SetsRule::Sequences;
        self
    }

    /// Every set and the pair hold a tile of these kinds (a reading without sets, Seven
    /// Pairs or Thirteen Orphans, fails it).
    pub fn every_group_holds(mut self, tiles: &[Tile]) -> Requirements {
        self.every_group_holds = kinds_of(tiles);
        self
    }

    /// No set melded (`true`; a concealed kong is concealed), or some set melded
    /// (`false`).
    pub fn concealed(mut self, concealed: bool) -> Requirements {
        self.concealed = Some(concealed);
        self
    }

    /// Won by self-draw (`true`) or on a discard (`false`).
    pub fn self_drawn(mut self, self_drawn: bool) -> Requirements {
        self.self_drawn = Some(self_drawn);
        self
    }

    /// This many kongs.
    pub fn kongs(mut self, count: RangeInclusive<u8>) -> Requirements {
        self.kongs = count_of(count);
        self
    }

    /// This many concealed triplets (and kongs), as Zung Jung counts them.
    pub fn concealed_triplets(mut self, count: RangeInclusive<u8>) -> Requirements {
        self.concealed_triplets = count_of(count);
        self
    }

    /// This many triplets (and kongs) of tiles of these kinds.
    pub fn triplets_of(mut self, count: RangeInclusive<u8>, tiles: &[Tile]) -> Requirements {
        self.triplets = count_of(count);
        self.triplets_of = kinds_of(tiles);
        self
    }

    /// The pair is of one of these kinds.
    pub fn pair_of(mut self, tiles: &[Tile]) -> Requirements {
        self.pair = kinds_of(tiles);
        self
    }

    /// Whether the reading meets every part: the tests of the tiles first (bits of the
    /// hand), then those of the sets, then how the hand was won.
    pub fn holds(&self, f: &Facts) -> bool {
        let held = f.kinds_held();
        if held & !self.tiles != 0 || !presence(held, kinds::HONORS, held, self.honours) {
            return false;
        }
        if !presence(held, kinds::TERMINALS, held & NUMBERS, self.terminals) {
            return false;
        }
        if !self.suits.is_any() {
            let suits = [kinds::BAMBOO, kinds::CHARACTERS, kinds::DOTS]
                .iter()
                .filter(|&&suit| held & suit != 0)
                .count();
            if !self.suits.holds(suits) {
                return false;
            }
        }
        let sets_hold = match self.sets {
            SetsRule::Any => true,
            SetsRule::Triplets => f.sets().iter().all(|s| s.is_triplet_or_kong()),
            SetsRule::Sequences => f.sets().iter().all(|s| s.kind == SetKind::Sequence),
        };
        if !sets_hold {
            return false;
        }
        if self.every_group_holds != ALL_KINDS {
            let pair_holds = f
                .pair()
                .is_some_and(|p| self.every_group_holds & 1 << p.index() != 0);
            if !pair_holds || !f.every_set_holds(self.every_group_holds) {
                return false;
            }
        }
        let pair_of = |kinds: u64| f.pair().is_some_and(|p| kinds & 1 << p.index() != 0);
        if self.pair != ALL_KINDS && !pair_of(self.pair) {
            return false;
        }
        if !self.kongs.holds(f.kongs())
            || !self
                .triplets
                .holds(f.triplets_in(self.triplets_of) as usize)
        {
            return false;
        }
        if let Some(concealed) = self.concealed {
            if f.sets().iter().any(|s| s.melded) == concealed {
                return false;
            }
        }
        // Last: these ask how the winning tile came, and a reading that never asks is
        // valued once for a discard and a self-draw alike.
        if !self.concealed_triplets.is_any()
            && !self.concealed_triplets.holds(f.concealed_triplets())
        {
            return false;
        }
        self.self_drawn
            .is_none_or(|drawn| f.context().self_drawn() == drawn)
    }
}

/// The kinds of `tiles`, as a set of kinds.
fn kinds_of(tiles: &[Tile]) -> u64 {
    tiles.iter().fold(0, |kinds, tile| kinds | 1 << tile.index())
}

/// A count from a range (an empty range, `3..=1`, counts nothing: no reading holds it).
fn count_of(range: RangeInclusive<u8>) -> Count {
    Count {
        min: *range.start(),
        max: *range.end(),
    }
}

/// Whether the kinds `of` are present in `held` as `presence` says; `Only`: every kind of
/// `scope` is one of them.
fn presence(held: u64, of: u64, scope: u64, presence: Presence) -> bool {
    match presence {
        Presence::Any => true,
        Presence::None => held & of == 0,
        Presence::Some => held & of != 0,
        Presence::Only => scope & !of == 0,
    }
}
