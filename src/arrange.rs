//! Arrangements: every way the 14 tiles form a winning hand, times every set the winning
//! tile can complete (docs/rules.md § Arrangement: the best of them counts).
//!
//! A regular hand is 4 sets + a pair; the irregular hands are Seven Pairs and Thirteen
//! Terminals. Where the winning tile sits matters for one thing in Zung Jung: a triplet
//! completed by a discard (or robbed kong) counts as exposed for 4.2
//! (docs/rules.md § Arrangement). Each arrangement records that, so scoring never has to
//! look at the win context to decide it.
//!
//! The sets of shapes a pattern may be scored on or a rule set allows ([`Shapes`]) are
//! here too, below both the patterns and the waits that ask which shapes a hand completes.

use std::fmt;

use crate::hand::Hand;
use crate::sets::{Set, SetKind};
use crate::small::SmallVec;
use crate::tile::{kinds, write_run, Tile, KINDS};

/// The shape of a winning hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Four sets and a pair (the eyes).
    Regular {
        /// Melds first, then the concealed sets.
        sets: [Set; 4],
        /// The eyes.
        pair: Tile,
    },
    /// Seven pairs, sorted; four identical tiles give two equal entries.
    SevenPairs {
        /// The pairs' tiles.
        pairs: [Tile; 7],
    },
    /// One of each terminal and honor, plus a second of one of them.
    ThirteenTerminals {
        /// The kind held twice.
        pair: Tile,
    },
    /// A win by declaration that the tiles do not decide (Huang's eight flowers): the rule
    /// set's hook says so, and only patterns of this shape count.
    Declared,
    /// A shape of the rule set's own ([`SpecialShape`]), read from the 14 tiles of a hand
    /// without melds.
    Special {
        /// Which shape.
        shape: &'static SpecialShape,
        /// The 14 tiles, sorted.
        tiles: [Tile; 14],
    },
}

/// A winning shape a rule set brings of its own, beside four sets and a pair, Seven Pairs
/// and Thirteen Terminals, so that a new rule set needs no new variant of [`Shape`]: its
/// names, and the test of a hand's 14 concealed tiles (a hand with melds never has it).
#[derive(Debug, Clone, Copy)]
pub struct SpecialShape {
    /// The shape as the text output names it: `Scattered Terminals`.
    pub name: &'static str,
    /// The shape as scripts name it (JSON's `shape`): `scattered_terminals`.
    pub key: &'static str,
    /// Whether the 14 tiles, sorted, form it.
    pub forms: fn(&[Tile; 14]) -> bool,
}

/// Two special shapes are the same when they have the same key.
impl PartialEq for SpecialShape {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for SpecialShape {}

impl Shape {
    /// The shape as the text output names it: `4 sets and a pair`, `Seven Pairs`.
    pub fn name(&self) -> &'static str {
        match self {
            Shape::Regular { .. } => "4 sets and a pair",
            Shape::SevenPairs { .. } => "Seven Pairs",
            Shape::ThirteenTerminals { .. } => "Thirteen Terminals",
            Shape::Declared => "a win by declaration",
            Shape::Special { shape, .. } => shape.name,
        }
    }

    /// The shape as scripts name it: `regular`, `seven_pairs`, `thirteen_terminals`,
    /// `declared`, or a special shape's key.
    pub fn key(&self) -> &'static str {
        match self {
            Shape::Regular { .. } => "regular",
            Shape::SevenPairs { .. } => "seven_pairs",
            Shape::ThirteenTerminals { .. } => "thirteen_terminals",
            Shape::Declared => "declared",
            Shape::Special { shape, .. } => shape.key,
        }
    }
}

/// Where the winning tile went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Into `sets[index]` of a regular hand.
    Set(usize),
    /// Into the pair of a regular hand.
    Pair,
    /// Into an irregular hand, where its place makes no difference.
    Irregular,
}

/// One reading of a winning hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrangement {
    /// How the 14 tiles group.
    pub shape: Shape,
    /// Where the winning tile went.
    pub placement: Placement,
}

impl Arrangement {
    /// The sets of a regular hand; empty for an irregular hand.
    pub fn sets(&self) -> &[Set] {
        match &self.shape {
            Shape::Regular { sets, .. } => sets,
            _ => &[],
        }
    }

    /// The eyes of a regular hand.
    pub fn pair(&self) -> Option<Tile> {
        match self.shape {
            Shape::Regular { pair, .. } => Some(pair),
            _ => None,
        }
    }

    /// The triplet the winning tile completes, if it completes one. Won on a discard (or a
    /// robbed kong), that triplet counts as exposed (docs/rules.md § Arrangement); how the
    /// hand was won is the scoring's to ask ([`crate::patterns::Facts::concealed_triplets`]),
    /// so the same tiles arrange the same whichever way they were won.
    pub fn completed_triplet(&self) -> Option<&Set> {
        match self.placement {
            Placement::Set(index) => self
                .sets()
                .get(index)
                .filter(|set| set.kind == SetKind::Triplet),
            _ => None,
        }
    }
}

impl Arrangement {
    /// Writes the arrangement for referees: pair · sequences · triplets and kongs, e.g.
    /// `b66 · c123 c456 c789 · d111`; Seven Pairs as seven pairs; Thirteen Terminals as its
    /// tiles. Its `Display`, and what the renderers call on their `String` directly.
    pub fn write_to<W: fmt::Write>(&self, w: &mut W) -> fmt::Result {
        match &self.shape {
            Shape::Regular { sets, pair } => {
                write_run(w, *pair, 2)?;
                let mut sorted = *sets;
                sorted.sort_by_key(|s| (s.kind != SetKind::Sequence, s.tile));
                // " · " between the pair, the sequences and the triplets/kongs; " " within.
                let mut previous_was_sequence = None;
                for set in &sorted {
                    let sequence = set.kind == SetKind::Sequence;
                    let separator = if previous_was_sequence == Some(sequence) {
                        " "
                    } else {
                        " · "
                    };
                    w.write_str(separator)?;
                    set.write_to(w)?;
                    previous_was_sequence = Some(sequence);
                }
                Ok(())
            }
            Shape::SevenPairs { pairs } => {
                for (i, pair) in pairs.iter().enumerate() {
                    if i > 0 {
                        w.write_char(' ')?;
                    }
                    write_run(w, *pair, 2)?;
                }
                Ok(())
            }
            Shape::Declared => w.write_str("won by declaration, whatever the tiles"),
            Shape::Special { tiles, .. } => w.write_str(&crate::tile::grouped_by_suit(tiles)),
            Shape::ThirteenTerminals { pair } => {
                for (i, tile) in Tile::terminals_and_honors().enumerate() {
                    if i > 0 {
                        w.write_char(' ')?;
                    }
                    write_run(w, tile, if tile == *pair { 2 } else { 1 })?;
                }
                Ok(())
            }
        }
    }
}

/// Display for referees (see [`Arrangement::write_to`]).
impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// The arrangements of one hand: a few at most, kept in place.
pub type Arrangements = SmallVec<Arrangement, 4>;

/// Every arrangement of the hand, regular ones first. Empty when the tiles do not win. How
/// the hand was won does not change them: a caller that scores the same tiles in several
/// contexts (the exhaustive proof, the waits analysis) arranges them once.
pub fn arrangements(hand: &Hand) -> Arrangements {
    let mut found = Arrangements::new();
    arrange_into(hand, &mut found);
    found
}

/// [`arrangements`], pushed into `found` (empty): the list is filled where it stays, not
/// moved there.
pub(crate) fn arrange_into(hand: &Hand, found: &mut Arrangements) {
    Splits::of(hand).place(hand.winning_tile, found);
}

/// Every way a hand's tiles (its concealed tiles with the winning tile, and its melds)
/// split into a winning shape, before the winning tile is placed in them: the same tiles
/// won on different tiles split alike (the `waits` analysis of 14 tiles meets them once for
/// each discard that waits on the tile it discards), so they are split once.
pub struct Splits {
    /// The melds' sets.
    melds: SmallVec<Set, 4>,
    /// The splits of the concealed tiles into sets and a pair, sorted.
    regular: SmallVec<Decomposition, 8>,
    /// The pairs, if the tiles are Seven Pairs.
    seven_pairs: Option<[Tile; 7]>,
    /// The kind held twice, if the tiles are Thirteen Terminals.
    thirteen_terminals: Option<Tile>,
}

impl Splits {
    /// The splits of `hand`'s tiles, its winning tile included.
    pub fn of(hand: &Hand) -> Splits {
        // The concealed tiles' counts, and the kinds held as bits for `decompose`.
        let mut counts = [0u8; KINDS];
        let mut held = 0u64;
        let mut count = |tile: Tile| {
            counts[tile.index()] += 1;
            held |= 1 << tile.index();
        };
        // Two plain loops: a chain of the list and the winning tile compiled to a loop that
        // asked at every tile which of the two it was in.
        hand.concealed.iter().copied().for_each(&mut count);
        hand.winning_tile.into_iter().for_each(count);
        let mut splits = Splits {
            melds: hand.melds.iter().map(|m| m.set()).collect(),
            regular: SmallVec::new(),
            seven_pairs: None,
            thirteen_terminals: None,
        };
        // More than four melds cannot win (validation rules it out; library callers may not).
        let Some(sets_needed) = 4usize.checked_sub(splits.melds.len()) else {
            return splits;
        };
        let mut current = ConcealedSets::new();
        decompose(
            &mut counts,
            held,
            sets_needed,
            None,
            &mut current,
            &mut splits.regular,
        );
        splits.regular.sort_unstable();
        splits.regular.dedup();

        // `decompose` leaves `counts` as it found it: the irregular shapes read the same
        // counts.
        if hand.melds.is_empty() {
            // Seven pairs hold at most seven kinds, Thirteen Terminals none but terminals
            // and honors: the kinds' bits turn most hands away before their counts are read.
            splits.seven_pairs = match held.count_ones() {
                0..=7 => seven_pairs(&counts),
                _ => None,
            };
            splits.thirteen_terminals = match held & !(kinds::TERMINALS | kinds::HONORS) {
                0 => thirteen_terminals(&counts),
                _ => None,
            };
        }
        splits
    }

    /// The arrangements of the tiles won on `winning_tile` (one of them), pushed into
    /// `found` (empty), as [`arrangements`] gives them.
    pub fn place(&self, winning_tile: Option<Tile>, found: &mut Arrangements) {
        let melds = &self.melds;
        for (concealed_sets, pair) in self.regular.iter() {
            let pair = *pair;
            let mut places: SmallVec<Placement, 5> = SmallVec::new();
            if Some(pair) == winning_tile {
                places.push(Placement::Pair);
            }
            for (i, &(kind, tile)) in concealed_sets.iter().enumerate() {
                let set = Set::concealed(kind, tile);
                let holds = set.any_tile(|t| Some(t) == winning_tile);
                // Identical sets give the same reading: place the tile in the first of them
                // only.
                let duplicate = concealed_sets[..i].contains(&(kind, tile));
                if holds && !duplicate {
                    places.push(Placement::Set(melds.len() + i));
                }
            }
            // Melds first, then the concealed sets: always four in all.
            let mut all_sets = [Set::concealed(SetKind::Triplet, pair); 4];
            let concealed = concealed_sets
                .iter()
                .map(|&(kind, tile)| Set::concealed(kind, tile));
            for (slot, set) in all_sets
                .iter_mut()
                .zip(melds.iter().copied().chain(concealed))
            {
                *slot = set;
            }
            for &placement in places.iter() {
                found.push(Arrangement {
                    shape: Shape::Regular {
                        sets: all_sets,
                        pair,
                    },
                    placement,
                });
            }
        }
        if let Some(pairs) = self.seven_pairs {
            found.push(Arrangement {
                shape: Shape::SevenPairs { pairs },
                placement: Placement::Irregular,
            });
        }
        if let Some(pair) = self.thirteen_terminals {
            found.push(Arrangement {
                shape: Shape::ThirteenTerminals { pair },
                placement: Placement::Irregular,
            });
        }
    }
}

/// The concealed sets of one split, by kind and lowest tile: four at most (a hand needs
/// four sets), so kept in a fixed array with their count. (As a `SmallVec`, which may move
/// to the heap, every push, pop and copy asked where its items were.)
#[derive(Clone, Copy)]
struct ConcealedSets {
    sets: [(SetKind, Tile); 4],
    len: usize,
}

impl ConcealedSets {
    fn new() -> Self {
        ConcealedSets {
            sets: [(SetKind::Triplet, Tile::default()); 4],
            len: 0,
        }
    }

    fn push(&mut self, set: (SetKind, Tile)) {
        self.sets[self.len] = set;
        self.len += 1;
    }

    fn pop(&mut self) {
        self.len -= 1;
    }
}

impl std::ops::Deref for ConcealedSets {
    type Target = [(SetKind, Tile)];
    fn deref(&self) -> &[(SetKind, Tile)] {
        &self.sets[..self.len]
    }
}

impl std::ops::DerefMut for ConcealedSets {
    fn deref_mut(&mut self) -> &mut [(SetKind, Tile)] {
        &mut self.sets[..self.len]
    }
}

/// Splits compare as their lists of sets do (the slots past `len` are no part of them).
impl PartialEq for ConcealedSets {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for ConcealedSets {}

impl PartialOrd for ConcealedSets {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ConcealedSets {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (**self).cmp(&**other)
    }
}

/// One split of the concealed tiles: its sets, sorted, and its pair.
type Decomposition = (ConcealedSets, Tile);

/// `held` after taking tiles of kind `i` out of `counts`: without `i` once none is left.
fn taken(held: u64, counts: &[u8; KINDS], i: usize) -> u64 {
    if counts[i] == 0 {
        held & !(1 << i)
    } else {
        held
    }
}

/// Splits `counts` into `sets_needed` sets plus one pair, pushing every split into `out`.
/// Always takes the lowest remaining tile first, so each split is reached once per choice.
/// `held` is the kinds `counts` holds, as bits (bit `i` for kind `i`): the lowest tile left
/// is its lowest bit, not a search through the counts.
fn decompose(
    counts: &mut [u8; KINDS],
    held: u64,
    sets_needed: usize,
    pair: Option<Tile>,
    current: &mut ConcealedSets,
    out: &mut SmallVec<Decomposition, 8>,
) {
    if held == 0 {
        if let (0, Some(pair)) = (sets_needed, pair) {
            let mut sets = *current;
            sets.sort_unstable();
            out.push((sets, pair));
        }
        return;
    }
    let first = held.trailing_zeros() as usize;
    let tile = Tile::ALL[first];
    if pair.is_none() && counts[first] >= 2 {
        counts[first] -= 2;
        let rest = taken(held, counts, first);
        decompose(counts, rest, sets_needed, Some(tile), current, out);
        counts[first] += 2;
    }
    if sets_needed == 0 {
        return;
    }
    if counts[first] >= 3 {
        counts[first] -= 3;
        current.push((SetKind::Triplet, tile));
        let rest = taken(held, counts, first);
        decompose(counts, rest, sets_needed - 1, pair, current, out);
        current.pop();
        counts[first] += 3;
    }
    let second = tile.next_in_suit();
    let third = second.and_then(Tile::next_in_suit);
    if let (Some(second), Some(third)) = (second, third) {
        if counts[second.index()] > 0 && counts[third.index()] > 0 {
            let mut rest = held;
            for t in [tile, second, third] {
                counts[t.index()] -= 1;
                rest = taken(rest, counts, t.index());
            }
            current.push((SetKind::Sequence, tile));
            decompose(counts, rest, sets_needed - 1, pair, current, out);
            current.pop();
            for t in [tile, second, third] {
                counts[t.index()] += 1;
            }
        }
    }
}

/// Seven pairs from 14 concealed tiles: every count even. Four of a kind make two pairs.
fn seven_pairs(counts: &[u8; KINDS]) -> Option<[Tile; 7]> {
    if counts.iter().any(|c| c % 2 == 1) {
        return None;
    }
    let mut pairs = [Tile::default(); 7];
    let mut found = 0;
    for (i, &count) in counts.iter().enumerate() {
        for _ in 0..count / 2 {
            *pairs.get_mut(found)? = Tile::ALL[i];
            found += 1;
        }
    }
    (found == 7).then_some(pairs)
}

/// One of each of the 13 terminals and honors and a second of one of them.
fn thirteen_terminals(counts: &[u8; KINDS]) -> Option<Tile> {
    let total: u32 = counts.iter().map(|&c| c as u32).sum();
    let all_present = Tile::terminals_and_honors().all(|t| counts[t.index()] >= 1);
    if total != 14 || !all_present {
        return None;
    }
    Tile::terminals_and_honors().find(|t| counts[t.index()] == 2)
}

/// Which hand shapes a pattern may be scored on, or a rule set allows at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shapes {
    /// Four sets and a pair.
    pub regular: bool,
    /// Seven pairs.
    pub seven_pairs: bool,
    /// One of each terminal and honor plus a pair of one of them.
    pub thirteen_terminals: bool,
    /// A win by declaration, whatever the tiles (see [`Shape::Declared`]).
    pub declared: bool,
    /// The rule set's own special shapes (see [`Shape::Special`]).
    pub special: bool,
    /// For four sets and a pair, the numbers of sequences (melded chows included) a reading
    /// may have: bit `n` for `n` sequences. Every number (`0b1_1111`) but for a
    /// pattern that needs sequences or triplets (All Sequences, All Triplets, Big Three
    /// Dragons): the engine does not test it on a reading with another number, which costs
    /// nothing, as it keeps the patterns of each number in a list of their own.
    pub sequences: u8,
}

/// Any number of sequences, 0 to 4 ([`Shapes::sequences`]).
pub const ANY_SEQUENCES: u8 = 0b1_1111;

/// Regular hands only: patterns that need sets.
pub const REGULAR: Shapes = Shapes {
    regular: true,
    seven_pairs: false,
    thirteen_terminals: false,
    declared: false,
    special: false,
    sequences: ANY_SEQUENCES,
};
/// Regular hands and Seven Pairs: patterns about which tiles the hand holds.
pub const REGULAR_OR_PAIRS: Shapes = Shapes {
    regular: true,
    seven_pairs: true,
    thirteen_terminals: false,
    declared: false,
    special: false,
    sequences: ANY_SEQUENCES,
};
/// Any hand that wins by its tiles, a rule set's special shapes included: the incidental
/// bonuses.
pub const ANY: Shapes = Shapes {
    regular: true,
    seven_pairs: true,
    thirteen_terminals: true,
    declared: false,
    special: true,
    sequences: ANY_SEQUENCES,
};
/// Seven Pairs only.
pub const SEVEN_PAIRS_ONLY: Shapes = Shapes {
    regular: false,
    seven_pairs: true,
    thirteen_terminals: false,
    declared: false,
    special: false,
    sequences: ANY_SEQUENCES,
};
/// Thirteen Terminals only.
pub const THIRTEEN_TERMINALS_ONLY: Shapes = Shapes {
    regular: false,
    seven_pairs: false,
    thirteen_terminals: true,
    declared: false,
    special: false,
    sequences: ANY_SEQUENCES,
};
/// A rule set's own special shapes only.
pub const SPECIAL_ONLY: Shapes = Shapes {
    regular: false,
    seven_pairs: false,
    thirteen_terminals: false,
    declared: false,
    special: true,
    sequences: ANY_SEQUENCES,
};
/// A win by declaration only.
pub const DECLARED_ONLY: Shapes = Shapes {
    regular: false,
    seven_pairs: false,
    thirteen_terminals: false,
    declared: true,
    special: false,
    sequences: ANY_SEQUENCES,
};


/// The sets of shapes the tables use, by name.
impl Shapes {
    /// Regular hands only: patterns that need sets.
    pub const REGULAR: Shapes = REGULAR;
    /// Regular hands and Seven Pairs: patterns about which tiles the hand holds.
    pub const REGULAR_OR_PAIRS: Shapes = REGULAR_OR_PAIRS;
    /// Any hand that wins by its tiles, a rule set's special shapes included: the incidental
    /// bonuses.
    pub const ANY: Shapes = ANY;
    /// Seven Pairs only.
    pub const SEVEN_PAIRS_ONLY: Shapes = SEVEN_PAIRS_ONLY;
    /// Thirteen Terminals only.
    pub const THIRTEEN_TERMINALS_ONLY: Shapes = THIRTEEN_TERMINALS_ONLY;
    /// A rule set's own special shapes only.
    pub const SPECIAL_ONLY: Shapes = SPECIAL_ONLY;
    /// A win by declaration only.
    pub const DECLARED_ONLY: Shapes = DECLARED_ONLY;
}

impl Shapes {
    /// These shapes, four sets and a pair only with `fewest` to `most` sequences: what a
    /// pattern declares that needs sequences or triplets. A test of the rules' invariants
    /// checks, on every reading it sees, that no pattern holds with another number.
    ///
    /// # Panics
    /// Unless `fewest <= most <= 4` (when a table is compiled, for a table's constants).
    pub const fn with_sequences(self, fewest: u8, most: u8) -> Shapes {
        assert!(
            fewest <= most && most <= 4,
            "0 <= fewest <= most <= 4 sequences"
        );
        let up_to_most = (1u8 << (most + 1)) - 1;
        let from_fewest = !((1u8 << fewest) - 1);
        Shapes {
            sequences: self.sequences & up_to_most & from_fewest,
            ..self
        }
    }

    /// Whether a reading of four sets and a pair with `count` sequences may be among these
    /// ([`Shapes::sequences`]).
    pub fn allow_sequences(&self, count: usize) -> bool {
        count < 8 && self.sequences & 1 << count != 0
    }

    /// Whether `shape` is one of these.
    pub fn allow(&self, shape: &Shape) -> bool {
        self.allow_kind(shape.kind())
    }

    /// Whether shapes of [`Shape::kind`] `kind` are among these.
    pub(crate) fn allow_kind(&self, kind: usize) -> bool {
        [
            self.regular,
            self.seven_pairs,
            self.thirteen_terminals,
            self.declared,
            self.special,
        ][kind]
    }
}

impl Shape {
    /// How many kinds of shape there are ([`Shape::kind`]).
    pub(crate) const KINDS: usize = 5;

    /// The shape's kind as a number below [`Shape::KINDS`], in the order of its variants:
    /// the engine keeps, for each kind, the patterns that may be scored on it.
    pub(crate) fn kind(&self) -> usize {
        match self {
            Shape::Regular { .. } => 0,
            Shape::SevenPairs { .. } => 1,
            Shape::ThirteenTerminals { .. } => 2,
            Shape::Declared => 3,
            Shape::Special { .. } => 4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{hand, notation};

    /// The hand `line` writes, validated without a system's words.
    fn hand(line: &str) -> Hand {
        let parsed = notation::parse_hand(line).unwrap();
        hand::validate(
            &parsed,
            parsed.winning.unwrap(),
            crate::words::SystemWords::none(),
        )
        .unwrap()
    }

    fn readings(line: &str) -> Vec<String> {
        arrangements(&hand(line))
            .iter()
            .map(|a| {
                let at = match a.placement {
                    Placement::Set(i) => a.sets()[i].to_string(),
                    Placement::Pair => "pair".into(),
                    Placement::Irregular => "-".into(),
                };
                format!("{a} @ {at}")
            })
            .collect()
    }

    #[test]
    fn every_decomposition_and_placement() {
        // c222333444 can be three triplets or three identical sequences; the d5 only pairs.
        assert_eq!(
            readings("c222333444 b789 d5 +d5 self"),
            vec![
                "d55 · b789 c234 c234 c234 @ pair",
                "d55 · b789 · c222 c333 c444 @ pair"
            ]
        );
        // The winning b5 may complete the b55 pair or the b345 sequence.
        assert_eq!(
            readings("b3455 c123 d456 w111 +b5 self"),
            vec![
                "b55 · b345 c123 d456 · w111 @ pair",
                "b55 · b345 c123 d456 · w111 @ b345"
            ]
        );
    }

    #[test]
    fn a_hand_arranges_the_same_however_it_was_won() {
        // The winning b5 completes the b555 triplet: the tiles are concealed either way, and
        // whether a discard exposed the triplet is the scoring's to ask.
        let on_discard = arrangements(&hand("d222 d888 c222 b44 b55 +b5 from=n"));
        assert_eq!(
            on_discard,
            arrangements(&hand("d222 d888 c222 b44 b55 +b5 self"))
        );
        assert_eq!(on_discard.len(), 1);
        let concealed: Vec<String> = on_discard[0]
            .sets()
            .iter()
            .filter(|s| s.concealed)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(concealed, vec!["b555", "c222", "d222", "d888"]);
        assert_eq!(
            on_discard[0].completed_triplet().map(|s| s.to_string()),
            Some("b555".into())
        );
    }

    #[test]
    fn seven_pairs_with_four_of_a_kind_and_regular_reading_both_found() {
        // Four c9 make two pairs; there is no regular reading (c9999 undeclared is no set).
        let all = readings("b1122334455 c999 +c9 self");
        assert_eq!(all, vec!["b11 b22 b33 b44 b55 c99 c99 @ -"]);
        let both = readings("b112233 c445566 d7 +d7 self");
        assert_eq!(
            both,
            vec![
                "d77 · b123 b123 c456 c456 @ pair",
                "b11 b22 b33 c44 c55 c66 d77 @ -"
            ]
        );
    }

    #[test]
    fn thirteen_terminals() {
        assert_eq!(
            readings("b19 c19 d19 w1234 e123 +e3 self"),
            vec!["b1 b9 c1 c9 d1 d9 w1 w2 w3 w4 e1 e2 e33 @ -"]
        );
    }

    #[test]
    fn not_a_winning_hand() {
        assert!(readings("b1479 c258 d369 w12 e1 +e2 self").is_empty());
    }
}
