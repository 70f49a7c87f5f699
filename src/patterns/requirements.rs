//! A condition written as data rather than code: what a rules file's new hand asks of a
//! reading, in a small vocabulary (the tiles it may use, how many suits, honours, terminals,
//! its sets, what every set holds, concealed, self-drawn, kongs, the pair). Each part is a
//! test of bits the [`Facts`] already hold, so a hand made of them costs a few
//! instructions per reading.

use super::facts::Facts;
use crate::sets::SetKind;
use crate::tile::kinds;

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
