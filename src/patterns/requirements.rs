//! A condition written as data rather than code: what a rules file's new hand asks of a
//! reading, in a small vocabulary (the tiles it may use, how many suits, honours, terminals,
//! its sets, what every set holds, concealed, self-drawn, kongs, the pair). Each part is a
//! test of bits the [`Facts`] already hold, so a hand made of them costs a few
//! instructions per reading.

use std::ops::RangeInclusive;

use super::facts::Facts;
use crate::arrange::Placement;
use crate::sets::{Set, SetKind};
use crate::tile::{kinds, Seat, Tile};

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
    /// The 13 tiles before the win waited on exactly one kind (`true`), or on more
    /// (`false`), every winning shape counted and a kind all four of whose copies the hand
    /// holds not waited on; a win on the dealt tiles (`heaven`) waited on none. `None`:
    /// either.
    pub(crate) one_kind_waited: Option<bool>,
    /// How many kongs.
    pub(crate) kongs: Count,
    /// How many sets melded in the open (a chow, a pung, an exposed kong; a concealed kong
    /// is not).
    pub(crate) melded_sets: Count,
    /// How many concealed triplets (and kongs), as Zung Jung counts them.
    pub(crate) concealed_triplets: Count,
    /// How many triplets (and kongs) of the kinds [`Requirements::triplets_of`].
    pub(crate) triplets: Count,
    /// The kinds [`Requirements::triplets`] counts.
    pub(crate) triplets_of: u64,
    /// The pair is of one of these kinds ([`ALL_KINDS`]: any pair, or none).
    pub(crate) pair: u64,
    /// How the hand ended, as bits of [`Ending`]: every one set must hold (0: any way).
    pub(crate) ended: u8,
    /// How the winning tile completed the reading, as bits of [`WaitKind`]: one of those set
    /// (0: any way, an irregular reading too).
    pub(crate) waits: u8,
    /// How many copies of one sequence, the most repeated.
    pub(crate) identical_sequences: Count,
    /// How many pairs of identical sequences (two of one sequence make a pair, four two).
    pub(crate) identical_pairs: Count,
    /// At least this many number suits hold a sequence of the same numbers (0: not asked).
    pub(crate) similar_sequences: u8,
    /// At least this many number suits hold a triplet (or kong) of the same number (0: not
    /// asked).
    pub(crate) similar_triplets: u8,
    /// Triplets of one number in two suits and the pair of that number in the third.
    pub(crate) similar_triplets_and_pair: bool,
    /// The sequences 123, 456 and 789 of one number suit.
    pub(crate) straight: bool,
    /// A sequence 123, one 456 and one 789 that span exactly this many number suits, 1 to 3
    /// (0: not asked): Huang's Two-Color and Three-Color Dragons.
    pub(crate) straight_suits: u8,
    /// At least this many triplets (or kongs) of consecutive numbers in one suit (0: not
    /// asked).
    pub(crate) consecutive_triplets: u8,
    /// The concealed tiles before the win, rank by rank (how many of ranks 1 to 9), all of
    /// one number suit, the winning tile's: Nine Gates holds 1112345678999.
    pub(crate) held: Option<[u8; 9]>,
    /// The hand's tiles, melds and the winning tile included, rank by rank at least (how
    /// many of ranks 1 to 9), all of the winning tile's number suit, no kong among them
    /// ([`hand_holds_at_least`]): the doubling table's All Suit Hand holds 1112345678999
    /// and one more.
    pub(crate) hand_at_least: Option<[u8; 9]>,
    /// Counted once for each triplet or kong of these kinds (and of the seat's own wind,
    /// with [`Requirements::each_seat_wind`]), as Value Honor is: 0 when counted once for
    /// the hand.
    pub(crate) each_set_of: u64,
    /// With [`Requirements::each_set_of`]: a triplet or kong of the seat's wind counts too.
    pub(crate) each_seat_wind: bool,
    /// With [`Requirements::each_set_of`]: which sets count.
    pub(crate) each_kind: CountedSets,
    /// With [`Requirements::each_set_of`]: a triplet or kong of the prevailing wind counts
    /// too, where the rule set has one (`round=`).
    pub(crate) each_prevailing_wind: bool,
    /// What the line says of the rule set's own context words (Huang's `tin=`, `last=`,
    /// `lastcopy`, `flowers=`; the round's wind): each word asked holds one of its values.
    pub(crate) words: [WordTest; MOST_WORDS],
}

/// The most context words one condition asks of: every word of the rule set that has most
/// (Huang's five).
pub(crate) const MOST_WORDS: usize = 5;

/// A test of one of the rule set's context words ([`Requirements::words`]): the word at
/// `index` in the rule set's list holds one of the stored values in `allowed` (bit `v` for
/// the value `v`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WordTest {
    /// The word's place in the rule set's list; [`WordTest::NONE`] for no test.
    pub(crate) index: u8,
    /// The values allowed, as bits of their stored forms.
    pub(crate) allowed: u64,
}

impl WordTest {
    /// No test.
    pub(crate) const NONE: WordTest = WordTest {
        index: u8::MAX,
        allowed: 0,
    };

    /// Whether the line's words hold it.
    fn holds(self, words: &crate::words::SystemWords) -> bool {
        let value = u32::from(words.value(usize::from(self.index)));
        self.allowed & 1u64.checked_shl(value).unwrap_or(0) != 0
    }
}

/// The test of one group of a requirement's parts ([`asks`]).
type PartsTest = fn(&Requirements, &Facts) -> bool;

/// The groups of a requirement's parts, as bits ([`Requirements::asks`]).
pub(crate) mod asks {
    /// Honours, terminals and suits.
    pub(crate) const KINDS: u8 = 1;
    /// What the sets are, the tiles every group holds, the pair.
    pub(crate) const SETS: u8 = 2;
    /// Kongs, triplets of some kinds, a concealed hand.
    pub(crate) const COUNTS: u8 = 4;
    /// The sets compared with each other, Nine Gates' held tiles, the sets counted.
    pub(crate) const RELATIONS: u8 = 8;
    /// The wait and how the hand ended.
    pub(crate) const ENDING: u8 = 16;
    /// Melded sets, the line's words, the one-kind wait, concealed triplets, a self-draw.
    pub(crate) const RARE: u8 = 32;
}

/// Which sets a pattern counted once for each set counts ([`Requirements::each_triplet_of`]
/// and its siblings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CountedSets {
    /// Each triplet or kong of the tiles (Value Honor).
    Triplets,
    /// Each kong of the tiles.
    Kongs,
    /// Each sequence holding one of the tiles, by any of its three.
    Sequences,
    /// Each pair of the tiles: a regular reading's pair, or each of Seven Pairs' seven (four
    /// alike are two pairs).
    Pairs,
}

/// How a hand ended, as a bit of [`Requirements::ended`]: the words of the notation that
/// say it (`last`, `kong`, `rob`, `heaven`, `earth`), and the rules file's word for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// On the last tile of the wall, drawn or discarded (`last`).
    LastTile = 1,
    /// On a kong's replacement tile (`kong`).
    KongReplacement = 2,
    /// By robbing a kong (`rob`).
    RobbingAKong = 4,
    /// The dealer's win on the first draw (`heaven`).
    Heaven = 8,
    /// A win on the dealer's first discard (`earth`).
    Earth = 16,
}

impl Ending {
    /// Each ending with its word in a rules file and its words on the card, in order.
    pub(crate) const ALL: [(Ending, &'static str, &'static str); 5] = [
        (Ending::LastTile, "last_tile", "on the last tile"),
        (Ending::KongReplacement, "kong_replacement", "on a kong's replacement tile"),
        (Ending::RobbingAKong, "robbing_a_kong", "by robbing a kong"),
        (Ending::Heaven, "heaven", "by the dealer on the first draw (heaven)"),
        (Ending::Earth, "earth", "on the dealer's first discard (earth)"),
    ];

    /// Whether the hand of `f` ended so.
    pub(crate) fn holds(self, f: &Facts) -> bool {
        let context = f.context();
        match self {
            Ending::LastTile => context.last_tile(),
            Ending::KongReplacement => context.kong_supplement(),
            Ending::RobbingAKong => context.robbed_kong(),
            Ending::Heaven => context.heaven(),
            Ending::Earth => context.earth(),
        }
    }
}

/// How the winning tile completed a regular reading, as a bit of [`Requirements::waits`]:
/// into the pair (a single wait), the end of a run the edge of the suit leaves one way to
/// (3 of 12, 7 of 89), the middle of a run, either end of a run of two, or a triplet (one
/// of two pairs waited on). An irregular reading has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WaitKind {
    /// Into the pair.
    Single = 1,
    /// 3 to 12, or 7 to 89.
    Edge = 2,
    /// The middle of a run (2 to 13).
    Closed = 4,
    /// Either end of a run of two (1 or 4 to 23).
    Open = 8,
    /// A triplet, of one of two pairs.
    Dual = 16,
}

impl WaitKind {
    /// Each wait with its word in a rules file and its words on the card, in order.
    pub(crate) const ALL: [(WaitKind, &'static str, &'static str); 5] = [
        (WaitKind::Single, "single", "on a single wait (the pair)"),
        (WaitKind::Edge, "edge", "on an edge wait (3 of 12, 7 of 89)"),
        (WaitKind::Closed, "closed", "on a closed wait (the middle of a run)"),
        (WaitKind::Open, "open", "on an open wait (an end of a run of two)"),
        (WaitKind::Dual, "dual", "on a dual wait (a triplet of one of two pairs)"),
    ];

    /// How the winning tile completed the reading of `f`; `None` for an irregular reading
    /// (or a hand without a winning tile).
    pub(crate) fn of(f: &Facts) -> Option<WaitKind> {
        let arrangement = f.arrangement;
        match arrangement.placement {
            Placement::Pair => Some(WaitKind::Single),
            Placement::Irregular => None,
            Placement::Set(i) => {
                let set = arrangement.sets().get(i)?;
                if set.kind != SetKind::Sequence {
                    return Some(WaitKind::Dual);
                }
                let won = f.winning_tile()?;
                Some(match (won.rank() - set.tile.rank(), set.tile.rank()) {
                    (1, _) => WaitKind::Closed,
                    (0, 7) | (2, 1) => WaitKind::Edge,
                    _ => WaitKind::Open,
                })
            }
        }
    }
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
        one_kind_waited: None,
        kongs: Count::ANY,
        melded_sets: Count::ANY,
        concealed_triplets: Count::ANY,
        triplets: Count::ANY,
        triplets_of: ALL_KINDS,
        pair: ALL_KINDS,
        ended: 0,
        waits: 0,
        identical_sequences: Count::ANY,
        identical_pairs: Count::ANY,
        similar_sequences: 0,
        similar_triplets: 0,
        similar_triplets_and_pair: false,
        straight: false,
        straight_suits: 0,
        consecutive_triplets: 0,
        held: None,
        hand_at_least: None,
        each_set_of: 0,
        each_seat_wind: false,
        each_kind: CountedSets::Triplets,
        each_prevailing_wind: false,
        words: [WordTest::NONE; MOST_WORDS],
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

    /// The 13 tiles before the win waited on exactly one kind (`true`) or on more
    /// (`false`), every winning shape counted; a win on the dealt tiles (`heaven`) waited on
    /// none, so it is never `true` (Huang's Single Tin).
    pub fn one_kind_waited(mut self, one: bool) -> Requirements {
        self.one_kind_waited = Some(one);
        self
    }

    /// This many kongs.
    pub fn kongs(mut self, count: RangeInclusive<u8>) -> Requirements {
        self.kongs = count_of(count);
        self
    }

    /// This many sets melded in the open (a concealed kong is not): Huang's Golden Rooster
    /// is all four, `melded_sets(4..=4)`.
    pub fn melded_sets(mut self, count: RangeInclusive<u8>) -> Requirements {
        self.melded_sets = count_of(count);
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

    /// This many copies of one sequence, the most repeated (2..=2: two identical
    /// sequences, and no three).
    pub fn identical_sequences(mut self, count: RangeInclusive<u8>) -> Requirements {
        self.identical_sequences = count_of(count);
        self
    }

    /// This many pairs of identical sequences: two of one sequence are a pair, four of one
    /// are two.
    pub fn identical_sequence_pairs(mut self, count: RangeInclusive<u8>) -> Requirements {
        self.identical_pairs = count_of(count);
        self
    }

    /// A sequence of the same numbers in at least `suits` number suits (3: in every one).
    pub fn similar_sequences(mut self, suits: u8) -> Requirements {
        self.similar_sequences = suits;
        self
    }

    /// A triplet (or kong) of the same number in at least `suits` number suits.
    pub fn similar_triplets(mut self, suits: u8) -> Requirements {
        self.similar_triplets = suits;
        self
    }

    /// Triplets of one number in two suits, and the pair of that number in the third.
    pub fn similar_triplets_and_pair(mut self) -> Requirements {
        self.similar_triplets_and_pair = true;
        self
    }

    /// The sequences 123, 456 and 789 of one number suit.
    pub fn straight(mut self) -> Requirements {
        self.straight = true;
        self
    }

    /// A sequence 123, one 456 and one 789 that span exactly `suits` number suits (1 to 3):
    /// 3 is the mixed straight, b123 c456 d789.
    pub fn straight_across(mut self, suits: u8) -> Requirements {
        self.straight_suits = suits;
        self
    }

    /// At least `length` triplets (or kongs) of consecutive numbers in one suit.
    pub fn consecutive_triplets(mut self, length: u8) -> Requirements {
        self.consecutive_triplets = length;
        self
    }

    /// The hand's tiles, its melds and the winning tile included, are all of the winning
    /// tile's number suit, with no kong, and hold each of these ranks at least as many
    /// times as it is written (1 to 9, a digit a tile, as `"1112345678999"`). `None` when a
    /// digit is not 1 to 9 or a rank comes more than four times.
    pub fn hand_holds_at_least(mut self, ranks: &str) -> Option<Requirements> {
        self.hand_at_least = Some(ranks_held(ranks)?);
        Some(self)
    }

    /// The concealed tiles before the win are these ranks (1 to 9, a digit a tile, as
    /// `"1112345678999"`), all of one number suit, the winning tile's. `None` when a digit
    /// is not 1 to 9 or a rank comes more than four times.
    pub fn held(mut self, ranks: &str) -> Option<Requirements> {
        self.held = Some(ranks_held(ranks)?);
        Some(self)
    }

    /// Counted once for each triplet or kong of these tiles (the hand needs one at least),
    /// with `seat_wind` of the seat's own wind too: Value Honor is the dragons and the
    /// seat wind.
    pub fn each_triplet_of(mut self, tiles: &[Tile], seat_wind: bool) -> Requirements {
        self.each_set_of = kinds_of(tiles);
        self.each_seat_wind = seat_wind;
        self.each_kind = CountedSets::Triplets;
        self
    }

    /// With [`Requirements::each_triplet_of`] or [`Requirements::each_kong_of`]: a set of the
    /// prevailing wind counts too, where the rule set reads one (`round=`: the doubling
    /// table's Prevailing Wind is `each_triplet_of(&[], false).and_the_prevailing_wind()`).
    pub fn and_the_prevailing_wind(mut self) -> Requirements {
        self.each_prevailing_wind = true;
        self
    }

    /// Counted once for each kong of these tiles, concealed or not (the hand needs one at
    /// least), with `seat_wind` of the seat's own wind too.
    pub fn each_kong_of(self, tiles: &[Tile], seat_wind: bool) -> Requirements {
        Requirements {
            each_kind: CountedSets::Kongs,
            ..self.each_triplet_of(tiles, seat_wind)
        }
    }

    /// Counted once for each pair of these tiles (and of the seat's own wind, with
    /// `seat_wind`), as [`Requirements::each_triplet_of`] counts triplets: the pair of a
    /// regular reading, or each of Seven Pairs' seven, four alike counted as two pairs. The
    /// hand needs one at least.
    pub fn each_pair_of(self, tiles: &[Tile], seat_wind: bool) -> Requirements {
        Requirements {
            each_kind: CountedSets::Pairs,
            ..self.each_triplet_of(tiles, seat_wind)
        }
    }

    /// Counted once for each sequence holding one of these tiles, by any of its three (the
    /// hand needs one at least): of `b5`, each sequence through the 5 of bamboo; of the
    /// bamboo tiles, each bamboo sequence.
    pub fn each_sequence_of(self, tiles: &[Tile]) -> Requirements {
        Requirements {
            each_kind: CountedSets::Sequences,
            ..self.each_triplet_of(tiles, false)
        }
    }

    /// The fewest and the most sequences a reading of four sets and a pair may have and hold
    /// these requirements, as the parts that count sets tell (every set a sequence, so many
    /// triplets, kongs or identical sequences, a straight...): a rules file's hand gets them
    /// as its shapes' [`Shapes::with_sequences`](crate::arrange::Shapes::with_sequences), so
    /// that the engine passes it by on a reading it cannot hold, as it does a built-in pattern.
    /// The fewest may be more than the most: then no regular reading holds them.
    pub(crate) fn sequence_bounds(&self) -> (u8, u8) {
        // Four sets in all: each is a sequence or a triplet or kong.
        let (mut fewest, mut most) = (0u8, 4u8);
        let mut at_most = |triplets_at_least: u8| most = most.min(4u8.saturating_sub(triplets_at_least));
        match self.sets {
            SetsRule::Any => {}
            SetsRule::Triplets => at_most(4),
            SetsRule::Sequences => fewest = 4,
        }
        at_most(self.triplets.min);
        at_most(self.kongs.min);
        at_most(self.concealed_triplets.min);
        at_most(self.similar_triplets);
        at_most(self.consecutive_triplets);
        if self.similar_triplets_and_pair {
            at_most(2);
        }
        if self.counts_each_set() {
            match self.each_kind {
                CountedSets::Triplets | CountedSets::Kongs => at_most(1),
                CountedSets::Sequences => fewest = fewest.max(1),
                CountedSets::Pairs => {}
            }
        }
        if self.triplets_of == ALL_KINDS {
            // Every triplet counted: at most so many of them leaves the rest sequences.
            fewest = fewest.max(4u8.saturating_sub(self.triplets.max));
        }
        let identical = self.identical_sequences.min.max(2 * self.identical_pairs.min);
        fewest = fewest
            .max(identical)
            .max(self.similar_sequences)
            .max(if self.straight || self.straight_suits > 0 { 3 } else { 0 });
        (fewest, most)
    }

    /// Whether it is counted once for each of the sets it names ([`Requirements::each_triplet_of`]).
    pub(crate) fn counts_each_set(&self) -> bool {
        self.each_set_of != 0 || self.each_seat_wind || self.each_prevailing_wind
    }

    /// Whether `set` is one it counts ([`Requirements::each_triplet_of`]); a pattern that
    /// counts pairs counts no set.
    pub(crate) fn counts_set(&self, set: &Set, f: &Facts) -> bool {
        match self.each_kind {
            CountedSets::Triplets => set.is_triplet_or_kong() && self.counts_tile(set.tile, f),
            CountedSets::Kongs => set.kind == SetKind::Kong && self.counts_tile(set.tile, f),
            // A sequence's three tiles are its first and the next two of the suit.
            CountedSets::Sequences => {
                set.kind == SetKind::Sequence && self.each_set_of & 0b111 << set.tile.index() != 0
            }
            CountedSets::Pairs => false,
        }
    }

    /// Whether it counts pairs, where it counts something once each
    /// ([`Requirements::each_pair_of`]).
    pub(crate) fn counts_pairs(&self) -> bool {
        self.each_kind == CountedSets::Pairs
    }

    /// Whether a pair of `tile` is one it counts ([`Requirements::each_pair_of`]).
    fn counts_pair(&self, tile: Tile, f: &Facts) -> bool {
        self.each_kind == CountedSets::Pairs && self.counts_tile(tile, f)
    }

    /// Whether a set or pair of `tile` is of the tiles it counts: of its kinds, or the
    /// seat's or the prevailing wind where it names them.
    fn counts_tile(&self, tile: Tile, f: &Facts) -> bool {
        self.each_set_of & 1 << tile.index() != 0
            || (self.each_seat_wind && tile == f.context().seat().wind())
            || (self.each_prevailing_wind
                && f.context().words().round().map(Seat::wind) == Some(tile))
    }

    /// The sets of the reading of `f` it counts, or its pairs (as sets of
    /// [`SetKind::Pair`]), where it counts them once each; none otherwise.
    pub(crate) fn counted<'f>(&'f self, f: &'f Facts) -> impl Iterator<Item = Set> + 'f {
        let sets = f.sets().iter().filter(|set| self.counts_set(set, f)).copied();
        let pairs = f.pairs().iter().filter(|&&pair| self.counts_pair(pair, f));
        sets.chain(pairs.map(|&pair| Set::pair(pair)))
    }

    /// Won on the last tile of the wall, drawn or discarded (the notation's `last`).
    pub fn on_the_last_tile(mut self) -> Requirements {
        self.ended |= Ending::LastTile as u8;
        self
    }

    /// Won on a kong's replacement tile (`kong`).
    pub fn on_a_kong_replacement(mut self) -> Requirements {
        self.ended |= Ending::KongReplacement as u8;
        self
    }

    /// Won by robbing a kong (`rob`).
    pub fn by_robbing_a_kong(mut self) -> Requirements {
        self.ended |= Ending::RobbingAKong as u8;
        self
    }

    /// Won by the dealer on the first draw (`heaven`).
    pub fn by_heaven(mut self) -> Requirements {
        self.ended |= Ending::Heaven as u8;
        self
    }

    /// Won on the dealer's first discard (`earth`).
    pub fn by_earth(mut self) -> Requirements {
        self.ended |= Ending::Earth as u8;
        self
    }

    /// Won on a single wait: the winning tile made the pair. Each of the wait methods adds a
    /// way the winning tile may complete the reading: `.edge_wait().closed_wait()` holds on
    /// either.
    pub fn single_wait(mut self) -> Requirements {
        self.waits |= WaitKind::Single as u8;
        self
    }

    /// Won on an edge wait: the 3 to 12, or the 7 to 89.
    pub fn edge_wait(mut self) -> Requirements {
        self.waits |= WaitKind::Edge as u8;
        self
    }

    /// Won on a closed wait: the middle tile of a run.
    pub fn closed_wait(mut self) -> Requirements {
        self.waits |= WaitKind::Closed as u8;
        self
    }

    /// Won on an open wait: an end of a run of two that could be completed at either end.
    pub fn open_wait(mut self) -> Requirements {
        self.waits |= WaitKind::Open as u8;
        self
    }

    /// Won on a dual wait: the winning tile made a triplet of one of two pairs.
    pub fn dual_wait(mut self) -> Requirements {
        self.waits |= WaitKind::Dual as u8;
        self
    }

    /// Whether the reading meets every part: the tests of the tiles first (bits of the
    /// hand), then those of the sets, then how the hand was won.
    pub fn holds(&self, f: &Facts) -> bool {
        self.holds_asking(f, self.asks())
    }

    /// The groups of parts ([`asks`]) that ask something: each of the others holds of every
    /// reading. A table's index keeps them ([`TableIndex`](crate::rule_set)), as a rules
    /// file's hand asks one to three parts, and every hand of its table is tested on every
    /// reading of every line.
    pub(crate) fn asks(&self) -> u8 {
        let kinds = self.honours != Presence::Any || self.terminals != Presence::Any || !self.suits.is_any();
        let sets = self.sets != SetsRule::Any || self.every_group_holds != ALL_KINDS || self.pair != ALL_KINDS;
        let counts = !self.kongs.is_any() || !self.triplets.is_any() || self.concealed.is_some();
        let relations = !self.identical_sequences.is_any()
            || !self.identical_pairs.is_any()
            || self.similar_sequences > 0
            || self.similar_triplets > 0
            || self.similar_triplets_and_pair
            || self.straight
            || self.straight_suits > 0
            || self.held.is_some()
            || self.hand_at_least.is_some()
            || self.counts_each_set()
            || self.consecutive_triplets > 0;
        let ending = self.waits != 0 || self.ended != 0;
        let rare = !self.melded_sets.is_any()
            || self.words[0].index != WordTest::NONE.index
            || self.one_kind_waited.is_some()
            || !self.concealed_triplets.is_any()
            || self.self_drawn.is_some();
        [
            (kinds, asks::KINDS),
            (sets, asks::SETS),
            (counts, asks::COUNTS),
            (relations, asks::RELATIONS),
            (ending, asks::ENDING),
            (rare, asks::RARE),
        ]
        .into_iter()
        .filter(|&(asked, _)| asked)
        .fold(0, |all, (_, group)| all | group)
    }

    /// [`Requirements::holds`], the groups of parts `asks` leaves out passed by: they hold
    /// of every reading (debug builds check that they do).
    #[inline]
    pub(crate) fn holds_asking(&self, f: &Facts, asks: u8) -> bool {
        let held = f.kinds_held();
        if held & !self.tiles != 0 {
            return false;
        }
        // In this order, the parts that tell most readings apart first.
        let groups: [(u8, PartsTest); 6] = [
            (asks::KINDS, Self::kinds_hold),
            (asks::SETS, Self::sets_hold),
            (asks::COUNTS, Self::counts_hold),
            (asks::RELATIONS, Self::relations_hold),
            (asks::ENDING, Self::ending_holds),
            (asks::RARE, Self::rare_parts_hold),
        ];
        for (group, holds) in groups {
            if asks & group != 0 {
                if !holds(self, f) {
                    return false;
                }
            } else {
                debug_assert!(holds(self, f), "a part left out by asks() fails: {self:?}");
            }
        }
        true
    }

    /// Honours, terminals and suits.
    #[inline]
    fn kinds_hold(&self, f: &Facts) -> bool {
        let held = f.kinds_held();
        if self.honours != Presence::Any && !presence(held, kinds::HONORS, held, self.honours) {
            return false;
        }
        if self.terminals != Presence::Any
            && !presence(held, kinds::TERMINALS, held & NUMBERS, self.terminals)
        {
            return false;
        }
        if !self.suits.is_any() && !self.suits.holds(number_suits(held)) {
            return false;
        }
        true
    }

    /// What the sets are, the tiles every group holds, the pair's kinds.
    #[inline]
    fn sets_hold(&self, f: &Facts) -> bool {
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
        self.pair == ALL_KINDS || f.pair().is_some_and(|p| self.pair & 1 << p.index() != 0)
    }

    /// Kongs, triplets of some kinds, a concealed hand.
    #[inline]
    fn counts_hold(&self, f: &Facts) -> bool {
        if !self.kongs.is_any() && !self.kongs.holds(f.kongs()) {
            return false;
        }
        if !self.triplets.is_any() && !self.triplets.holds(f.triplets_in(self.triplets_of) as usize) {
            return false;
        }
        self.concealed
            .is_none_or(|concealed| f.sets().iter().any(|s| s.melded) != concealed)
    }

    /// How the winning tile completed the reading, and how the hand ended.
    #[inline]
    fn ending_holds(&self, f: &Facts) -> bool {
        if self.waits != 0 && WaitKind::of(f).is_none_or(|wait| self.waits & wait as u8 == 0) {
            return false;
        }
        self.ended == 0
            || (Ending::ALL.iter()).all(|&(ending, _, _)| self.ended & ending as u8 == 0 || ending.holds(f))
    }

    /// The rarer parts, after those that tell most readings apart.
    #[inline]
    fn rare_parts_hold(&self, f: &Facts) -> bool {
        if !self.melded_sets.is_any()
            && !self.melded_sets.holds(f.sets().iter().filter(|set| set.melded).count())
        {
            return false;
        }
        if self.words[0].index != WordTest::NONE.index {
            let words = f.context().words();
            let asked = self.words.iter().take_while(|test| test.index != WordTest::NONE.index);
            if !asked.into_iter().all(|test| test.holds(words)) {
                return false;
            }
        }
        // Worked out once a hand, but a search of every tile: after the cheaper parts.
        if let Some(one) = self.one_kind_waited {
            if one != (!f.context().heaven() && f.one_live_wait()) {
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

    /// The parts that compare the sets with each other: identical and similar sets, the
    /// straight and runs of triplets.
    #[inline]
    fn relations_hold(&self, f: &Facts) -> bool {
        if !self.identical_sequences.is_any()
            && !self.identical_sequences.holds(f.max_identical_sequences())
        {
            return false;
        }
        if !self.identical_pairs.is_any() && !self.identical_pairs.holds(identical_pairs(f)) {
            return false;
        }
        if self.similar_sequences > 0
            && most_suits_at_one_rank(f.sequence_starts()) < u32::from(self.similar_sequences)
        {
            return false;
        }
        if self.similar_triplets > 0
            && most_suits_at_one_rank(f.triplet_kinds()) < u32::from(self.similar_triplets)
        {
            return false;
        }
        if self.similar_triplets_and_pair && !triplets_and_pair_alike(f) {
            return false;
        }
        if self.straight && !has_straight(f) {
            return false;
        }
        if self.straight_suits > 0 && !straight_across(f, u32::from(self.straight_suits)) {
            return false;
        }
        if let Some(held) = self.held {
            let Some(suit) = f.winning_tile().map(Tile::suit).filter(|s| s.is_number()) else {
                return false;
            };
            // The concealed tiles rank by rank, all of the winning tile's suit.
            if crate::tile::rank_counts(f.concealed().iter().copied(), suit) != Some(held) {
                return false;
            }
        }
        if self.hand_at_least.is_some_and(|least| !hand_holds_at_least(f, least)) {
            return false;
        }
        if self.counts_each_set() && self.counted(f).next().is_none() {
            return false;
        }
        self.consecutive_triplets == 0
            || longest_triplet_run(f.triplet_kinds()) >= u32::from(self.consecutive_triplets)
    }
}

/// How many of each rank `ranks` holds, a digit 1 to 9 a tile; `None` for another character
/// or a rank more than four times.
pub(crate) fn ranks_held(ranks: &str) -> Option<[u8; 9]> {
    let mut counts = [0u8; 9];
    for c in ranks.chars() {
        let rank = c.to_digit(10).filter(|d| (1..=9).contains(d))?;
        let count = &mut counts[rank as usize - 1];
        *count += 1;
        if *count > 4 {
            return None;
        }
    }
    Some(counts)
}

/// Whether the hand's tiles, its melds and the winning tile included, are all of the winning
/// tile's number suit, with no kong among them, and hold each rank at least as many times
/// as `least` says (ranks 1 to 9): the doubling table's All Suit Hand, and a rules file's
/// `hand_holds_at_least`.
pub(crate) fn hand_holds_at_least(f: &Facts, least: [u8; 9]) -> bool {
    let Some(suit) = f.winning_tile().map(Tile::suit) else {
        return false;
    };
    // A kong's fourth tile is one more than the hand's fourteen.
    if !suit.is_number() || f.melds().iter().any(|m| m.is_kong()) {
        return false;
    }
    let melded = f.melds().iter().flat_map(|m| m.set().tiles());
    let tiles = (f.concealed().iter().copied())
        .chain(f.winning_tile())
        .chain(melded);
    let counts = crate::tile::rank_counts(tiles, suit);
    counts.is_some_and(|counts| counts.iter().zip(least).all(|(&c, l)| c >= l))
}

/// Pairs of identical sequences: two copies of one sequence are a pair, four are two.
fn identical_pairs(f: &Facts) -> usize {
    let mut starts = [0u8; 34];
    for first in f.sequences() {
        starts[first.index()] += 1;
    }
    starts.iter().map(|&n| usize::from(n / 2)).sum()
}

/// How many number suits (bamboo, characters, dots) the kinds in `kinds` (a set of kinds)
/// touch.
pub(crate) fn number_suits(kinds: u64) -> usize {
    [kinds::BAMBOO, kinds::CHARACTERS, kinds::DOTS]
        .iter()
        .filter(|&&suit| kinds & suit != 0)
        .count()
}

/// Of the kinds in `kinds` (a set of kinds), the most number suits that hold the same rank.
pub(crate) fn most_suits_at_one_rank(kinds: u64) -> u32 {
    let suit = |s: u32| (kinds >> (9 * s)) & 0x1ff;
    (0..9)
        .map(|rank| (0..3).filter(|&s| suit(s) >> rank & 1 != 0).count() as u32)
        .max()
        .unwrap_or(0)
}

/// Triplets of one number in two suits and the pair of that number in the third.
fn triplets_and_pair_alike(f: &Facts) -> bool {
    let Some(pair) = f.pair().filter(|p| p.suit().is_number()) else {
        return false;
    };
    (0..3u32)
        .filter(|&s| s != pair.index() as u32 / 9)
        .all(|s| f.triplet_kinds() >> (9 * s + pair.index() as u32 % 9) & 1 != 0)
}

/// Whether a number suit holds the sequences 123, 456 and 789.
/// Whether the reading has a sequence 123, one 456 and one 789 that span exactly `suits`
/// number suits (b123 c456 b789 spans 2).
pub(crate) fn straight_across(f: &Facts, suits: u32) -> bool {
    // The suits (as bits, in suit order) of the runs starting at `rank`: the rank's bit in
    // each suit of the reading's run starts.
    let starts = |rank: u8| -> u8 {
        let at = f.sequence_starts() >> (rank - 1);
        (at & 1 | (at >> 9 & 1) << 1 | (at >> 18 & 1) << 2) as u8
    };
    let (low, middle, high) = (starts(1), starts(4), starts(7));
    if low == 0 || middle == 0 || high == 0 {
        return false;
    }
    let of = |bits: u8| (0..3u8).filter(move |suit| bits & 1 << suit != 0);
    of(low).any(|a| of(middle).any(|b| of(high).any(|c| (1u8 << a | 1 << b | 1 << c).count_ones() == suits)))
}

pub(crate) fn has_straight(f: &Facts) -> bool {
    let starts = f.sequence_starts();
    (0..3).any(|s| (starts >> (9 * s)) & 0b001_001_001 == 0b001_001_001)
}

/// The longest run of triplets (or kongs) of consecutive numbers in one suit, as a set of
/// kinds `triplets` holds them.
fn longest_triplet_run(triplets: u64) -> u32 {
    (0..3)
        .map(|s| {
            let mut ranks = (triplets >> (9 * s)) & 0x1ff;
            let mut length = 0;
            // Each step keeps the ranks whose next rank is held too: the run shortens by one.
            while ranks != 0 {
                length += 1;
                ranks &= ranks >> 1;
            }
            length
        })
        .max()
        .unwrap_or(0)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_requirement_asks_the_groups_of_the_parts_it_sets_and_no_other() {
        // Nothing set: no group asked, so only the tiles' kinds are tested.
        assert_eq!(Requirements::any().asks(), 0);
        // One part of each group in turn: that group alone.
        assert_eq!(Requirements::any().all_triplets().asks(), asks::SETS);
        assert_eq!(Requirements::any().kongs(1..=4).asks(), asks::COUNTS);
        assert_eq!(Requirements::any().concealed(true).asks(), asks::COUNTS);
        assert_eq!(Requirements::any().straight().asks(), asks::RELATIONS);
        assert_eq!(Requirements::any().self_drawn(true).asks(), asks::RARE);
        // Parts of three groups: those three.
        let three = Requirements::any().all_triplets().straight().self_drawn(false);
        assert_eq!(three.asks(), asks::SETS | asks::RELATIONS | asks::RARE);
    }
}
