//! What a pattern's condition reads: the [`Facts`] of one reading of a hand (its tiles, its
//! sets, the situation of its win), worked out as the predicates ask, and what the readings
//! of one hand share ([`HandFacts`]).

use std::cell::Cell;

use crate::arrange::{Arrangement, Placement, Shape, ANY};
use crate::hand::{Hand, Meld, WinContext};
use crate::sets::{MeldKind, Set, SetKind};
use crate::tile::{Seat, Tile, KINDS};
use crate::waits;
use crate::words::SystemWords;

/// What the predicates ask of the whole hand, whatever the reading: worked out when a
/// predicate first asks, and kept for the hand's other readings (a hand is read in one to a
/// dozen arrangements). Make one per hand and lend it to each reading's [`Facts`].
#[derive(Debug, Default)]
pub struct HandFacts {
    /// [`Facts::one_live_wait`], once asked.
    one_live_wait: Cell<Option<bool>>,
    /// [`Facts::kinds_held_four`], once asked.
    kinds_held_four: Cell<Option<u64>>,
}

impl HandFacts {
    /// The facts of a hand not yet asked.
    pub fn new() -> HandFacts {
        HandFacts::default()
    }

    /// These facts, knowing that the tiles before the win waited on exactly one live kind
    /// or not ([`Facts::one_live_wait`]): the waits analysis knows it from the waits it
    /// found.
    pub fn with_one_live_wait(self, known: bool) -> HandFacts {
        self.one_live_wait.set(Some(known));
        self
    }

    /// These facts, knowing the kinds the hand holds four of ([`Facts::kinds_held_four`]):
    /// the waits analysis knows them from the counts it has.
    pub fn with_kinds_held_four(self, kinds: u64) -> HandFacts {
        self.kinds_held_four.set(Some(kinds));
        self
    }

    /// The facts of the same tiles before the win, won on another tile or another way:
    /// what the 13 tiles before the win decide is kept (the waits analysis values every
    /// wait of a hand both ways), what the winning tile changes is left to be asked.
    pub fn for_another_win(&self) -> HandFacts {
        HandFacts {
            one_live_wait: Cell::new(self.one_live_wait.get()),
            ..HandFacts::default()
        }
    }
}

/// A reading's [`HandFacts`]: lent by the caller that reads the hand's arrangements, or
/// its own when a reading is looked at alone.
enum Shared<'a> {
    Lent(&'a HandFacts),
    #[cfg(any(test, feature = "testing"))]
    Own(HandFacts),
}

/// The situation of the win as the predicates see it ([`Facts::context`]): the seat, the
/// line's words, and how the winning tile came. Asking how it came is noted
/// ([`Facts::asked_how_won`]): only that differs between the same tiles won on a discard
/// and self-drawn, so a reading that never asks is read once for both (the waits analysis
/// values every wait both ways).
#[derive(Clone, Copy)]
pub struct Situation<'a> {
    context: &'a WinContext,
    asked: &'a Cell<bool>,
}

impl<'a> Situation<'a> {
    /// Whether the winning tile was self-drawn (not taken on a discard or robbed). Noted as
    /// asked.
    pub fn self_drawn(self) -> bool {
        self.asked.set(true);
        self.context.self_drawn()
    }

    /// The winner's seat (`seat=`).
    pub fn seat(self) -> Seat {
        self.context.seat
    }

    /// Won on the last tile.
    pub fn last_tile(self) -> bool {
        self.context.last_tile
    }

    /// Won on a kong's supplement tile (`kong`).
    pub fn kong_supplement(self) -> bool {
        self.context.kong_supplement
    }

    /// Won by robbing a kong (`rob`).
    pub fn robbed_kong(self) -> bool {
        self.context.robbed_kong
    }

    /// East's win on the initial 14 tiles (`heaven`).
    pub fn heaven(self) -> bool {
        self.context.heaven
    }

    /// A win on East's first discard with the initial 13 tiles (`earth`).
    pub fn earth(self) -> bool {
        self.context.earth
    }

    /// The words of the scoring system.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn words(self) -> &'a SystemWords {
        &self.context.words
    }
}

/// What the predicates look at: one arrangement of one hand, with its context.
pub struct Facts<'a> {
    /// The hand, with its context: read through [`Facts::context`], which notes whether
    /// the predicates asked how the winning tile came.
    hand: &'a Hand,
    /// The reading being scored.
    pub arrangement: &'a Arrangement,
    /// Bit `i` set when the hand holds tile kind `i`.
    present: u64,
    /// Bit `i` set when a sequence of the reading starts at tile kind `i`.
    sequence_starts: u64,
    /// Bit `i` set when a triplet or kong of the reading is of tile kind `i`.
    triplet_kinds: u64,
    /// How many times the reading's most repeated sequence occurs (three patterns ask).
    most_repeated_sequence: u8,
    /// How many sequences the reading has (six patterns ask first).
    sequences: u8,
    /// How many triplets and kongs of the reading are made of concealed tiles (whatever
    /// completed them), and how many sets are kongs (seven patterns ask).
    concealed_triplets: u8,
    kongs: u8,
    /// What is asked of the whole hand (shared by its readings).
    shared: Shared<'a>,
    /// Whether a predicate asked how the winning tile came ([`Situation::self_drawn`]).
    asked_how_won: Cell<bool>,
}

/// The kinds of tile `hand` holds, concealed, winning or melded, as bits (bit `i` for kind
/// `i`).
fn kinds_held(hand: &Hand) -> u64 {
    let mut present = 0u64;
    let mut mark = |tile: Tile| present |= 1 << tile.index();
    hand.concealed.iter().copied().for_each(&mut mark);
    hand.winning_tile.into_iter().for_each(&mut mark);
    for meld in &hand.melds {
        meld.set().tiles().for_each(&mut mark);
    }
    present
}

impl<'a> Facts<'a> {
    /// The facts of one reading of `hand`, looked at alone (the tests' way in).
    #[cfg(any(test, feature = "testing"))]
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn new(hand: &'a Hand, arrangement: &'a Arrangement) -> Facts<'a> {
        Facts::of_reading(hand, arrangement, Shared::Own(HandFacts::new()))
    }

    /// The facts of one reading of `hand`, with what is asked of the whole hand kept in
    /// `hand_facts` for its other readings (`hand_facts` is of this hand only).
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn sharing(
        hand: &'a Hand,
        arrangement: &'a Arrangement,
        hand_facts: &'a HandFacts,
    ) -> Facts<'a> {
        Facts::of_reading(hand, arrangement, Shared::Lent(hand_facts))
    }

    fn of_reading(hand: &'a Hand, arrangement: &'a Arrangement, shared: Shared<'a>) -> Facts<'a> {
        // The predicates ask again and again whether a set is there: one bit test each.
        let (mut sequence_starts, mut triplet_kinds) = (0u64, 0u64);
        let (mut concealed_triplets, mut kongs, mut sequences) = (0u8, 0u8, 0u8);
        // The sequences counted by first tile, melded or concealed alike: `repeated[n]` holds
        // the first tiles of the sequences seen more than `n` times.
        let mut repeated = [0u64; 4];
        for set in arrangement.sets() {
            let bit = 1 << set.tile.index();
            if set.kind == SetKind::Sequence {
                for n in (1..repeated.len()).rev() {
                    repeated[n] |= repeated[n - 1] & bit;
                }
                repeated[0] |= bit;
                sequence_starts |= bit;
                sequences += 1;
            } else {
                triplet_kinds |= bit;
                concealed_triplets += u8::from(set.concealed);
                kongs += u8::from(set.kind == SetKind::Kong);
            }
        }
        let present = match arrangement.pair() {
            // A regular hand's sets and pair hold every tile it has: a sequence's three
            // kinds are its first one's bit and the next two (within a suit).
            Some(pair) => {
                let present = sequence_starts
                    | sequence_starts << 1
                    | sequence_starts << 2
                    | triplet_kinds
                    | 1 << pair.index();
                debug_assert_eq!(present, kinds_held(hand), "{arrangement}");
                present
            }
            None => kinds_held(hand),
        };
        let most_repeated_sequence = repeated.iter().filter(|&&starts| starts != 0).count() as u8;
        Facts {
            hand,
            arrangement,
            present,
            sequence_starts,
            triplet_kinds,
            most_repeated_sequence,
            sequences,
            concealed_triplets,
            kongs,
            shared,
            asked_how_won: Cell::new(false),
        }
    }

    /// What is asked of the whole hand.
    fn hand_facts(&self) -> &HandFacts {
        match &self.shared {
            Shared::Lent(facts) => facts,
            #[cfg(any(test, feature = "testing"))]
            Shared::Own(facts) => facts,
        }
    }

    /// Whether the 13 tiles before the win waited on exactly one kind, counting every
    /// winning shape (four sets and a pair, Seven Pairs, Thirteen Terminals); a kind whose
    /// four copies are all in the hand is not waited on. Worked out once per hand.
    pub fn one_live_wait(&self) -> bool {
        let memo = &self.hand_facts().one_live_wait;
        if let Some(known) = memo.get() {
            return known;
        }
        let known = !self.two_live_waits_shown() && one_live_wait(self.hand);
        memo.set(Some(known));
        known
    }

    /// Whether the reading shows two live waits without a search, where the winning tile
    /// went into a set: at one end of a sequence, the 13 tiles before the win held its
    /// other two, which the kind past their other end completes too (b23 waits on b1 and
    /// b4); into a triplet, they held two pairs, and the other pair's kind completes them
    /// too (b22 c55 waits on b2 and c5). Most hands won into a set are so.
    fn two_live_waits_shown(&self) -> bool {
        let (Placement::Set(at), Some(won), Some(pair)) = (
            self.arrangement.placement,
            self.hand.winning_tile,
            self.arrangement.pair(),
        ) else {
            return false;
        };
        let Some(set) = self.sets().get(at) else {
            return false;
        };
        if set.melded {
            return false;
        }
        let (first, rank) = (set.tile.index(), set.tile.rank());
        let other = match set.kind {
            SetKind::Sequence if won.index() == first && rank <= 6 => Tile::ALL[first + 3],
            SetKind::Sequence if won.index() == first + 2 && rank >= 2 => Tile::ALL[first - 1],
            SetKind::Triplet if pair != won => pair,
            _ => return false,
        };
        held_before_the_win(self.hand, won) < 4 && held_before_the_win(self.hand, other) < 4
    }

    /// The kinds the hand holds exactly four of, concealed, melded (a kong's fourth
    /// included) or as the winning tile, as a set of kinds (bit `i` for the kind whose [`Tile::index`](crate::Tile::index) is `i`).
    /// Worked out once per hand.
    pub fn kinds_held_four(&self) -> u64 {
        let memo = &self.hand_facts().kinds_held_four;
        if let Some(known) = memo.get() {
            return known;
        }
        let known = self
            .kinds_held_four_shown()
            .unwrap_or_else(|| held_four(self.hand));
        memo.set(Some(known));
        known
    }

    /// [`Facts::kinds_held_four`] as a regular reading with no kong shows it: a kind held
    /// four times is in two of its groups at least (a group holds three of a kind at most),
    /// and the few such kinds are counted in the groups. `None` for other readings.
    fn kinds_held_four_shown(&self) -> Option<u64> {
        let pair = self.arrangement.pair()?;
        if self.kongs > 0 {
            return None;
        }
        // A sequence's three kinds follow its first within one suit.
        let kinds_of = |set: &Set| match set.kind {
            SetKind::Sequence => 0b111 << set.tile.index(),
            _ => 1u64 << set.tile.index(),
        };
        let (mut once, mut twice) = (1u64 << pair.index(), 0u64);
        for set in self.sets() {
            twice |= once & kinds_of(set);
            once |= kinds_of(set);
        }
        let held = |tile: Tile| {
            let in_sets = self.sets().iter().map(|set| match set.kind {
                SetKind::Sequence => usize::from(kinds_of(set) & 1 << tile.index() != 0),
                _ => 3 * usize::from(set.tile == tile),
            });
            2 * usize::from(pair == tile) + in_sets.sum::<usize>()
        };
        Some(
            waits::kinds_of(twice)
                .filter(|&tile| held(tile) == 4)
                .fold(0, |four, tile| four | 1 << tile.index()),
        )
    }

    /// The situation of the win.
    pub fn context(&self) -> Situation<'_> {
        Situation {
            context: &self.hand.context,
            asked: &self.asked_how_won,
        }
    }

    /// Whether a predicate asked how the winning tile came, on a discard or self-drawn: if
    /// none did, the reading is the same for the same tiles won either way.
    pub fn asked_how_won(&self) -> bool {
        self.asked_how_won.get()
    }

    /// The winning tile.
    pub fn winning_tile(&self) -> Option<Tile> {
        self.hand.winning_tile
    }

    /// The concealed tiles without the winning tile, sorted.
    pub fn concealed(&self) -> &[Tile] {
        &self.hand.concealed
    }

    /// The declared melds.
    pub fn melds(&self) -> &[Meld] {
        &self.hand.melds
    }

    /// The four sets of a regular reading (none for an irregular one).
    pub fn sets(&self) -> &[Set] {
        self.arrangement.sets()
    }

    /// The eyes of a regular reading.
    pub fn pair(&self) -> Option<Tile> {
        self.arrangement.pair()
    }

    /// The reading's pairs: a regular reading's one, Seven Pairs' seven (four alike give two
    /// equal pairs), none for another shape.
    pub fn pairs(&self) -> &[Tile] {
        match &self.arrangement.shape {
            Shape::Regular { pair, .. } => std::slice::from_ref(pair),
            Shape::SevenPairs { pairs } => pairs,
            _ => &[],
        }
    }

    /// The distinct tile kinds in the hand.
    pub fn kinds(&self) -> impl Iterator<Item = Tile> + '_ {
        waits::kinds_of(self.present)
    }

    /// Whether every tile kind of the hand satisfies `test`.
    pub fn all_tiles(&self, test: impl Fn(Tile) -> bool) -> bool {
        self.kinds().all(test)
    }

    /// Whether every tile of the hand is of a kind in `kinds` (a set of kinds bit `i` for the kind whose [`Tile::index`](crate::Tile::index) is `i`):
    /// [`Facts::all_tiles`] in one step.
    pub fn holds_only(&self, kinds: u64) -> bool {
        self.present & !kinds == 0
    }

    /// The kinds the hand holds, as a set of kinds (bit `i` for the kind whose [`Tile::index`](crate::Tile::index) is `i`).
    pub fn kinds_held(&self) -> u64 {
        self.present
    }

    /// Whether some tile of the hand is of a kind in `kinds`.
    pub fn holds_any(&self, kinds: u64) -> bool {
        self.present & kinds != 0
    }

    /// The first tiles of the sequences.
    pub fn sequences(&self) -> impl Iterator<Item = Tile> + '_ {
        self.sets()
            .iter()
            .filter(|s| s.kind == SetKind::Sequence)
            .map(|s| s.tile)
    }

    /// Tiles of the triplets and kongs.
    pub fn triplets(&self) -> impl Iterator<Item = Tile> + '_ {
        self.sets()
            .iter()
            .filter(|s| s.is_triplet_or_kong())
            .map(|s| s.tile)
    }

    /// How many triplets and kongs are of a tile that satisfies `test`.
    pub fn count_triplets(&self, test: impl Fn(Tile) -> bool) -> usize {
        self.triplets().filter(|&t| test(t)).count()
    }

    /// How many triplets and kongs are of a kind in `kinds` (a set of kinds bit `i` for the kind whose [`Tile::index`](crate::Tile::index) is `i`):
    /// [`Facts::count_triplets`] in one step (a reading has at most one set of a kind).
    pub fn triplets_in(&self, kinds: u64) -> u32 {
        (self.triplet_kinds & kinds).count_ones()
    }

    /// Whether every set of the reading holds a tile of a kind in `kinds` (a sequence by any
    /// of its three tiles); true when there are no sets.
    pub fn every_set_holds(&self, kinds: u64) -> bool {
        // A sequence holds such a tile when it starts at one, or one or two kinds below one
        // (a shift can carry a bit into the suit below, at ranks 8 and 9, where no sequence
        // starts).
        let starts_holding = kinds | kinds >> 1 | kinds >> 2;
        self.sequence_starts & !starts_holding == 0 && self.triplet_kinds & !kinds == 0
    }

    /// Whether a triplet or kong is of `tile`.
    pub fn has_triplet(&self, tile: Tile) -> bool {
        self.triplet_kinds & (1 << tile.index()) != 0
    }

    /// Whether a sequence starts at `first`.
    pub fn has_sequence(&self, first: Tile) -> bool {
        self.sequence_starts & (1 << first.index()) != 0
    }

    /// How many sequences the reading has, identical ones each counted.
    pub fn sequence_count(&self) -> usize {
        usize::from(self.sequences)
    }

    /// How many times the most repeated sequence occurs.
    pub fn max_identical_sequences(&self) -> usize {
        usize::from(self.most_repeated_sequence)
    }

    /// The kinds of the reading's triplets and kongs, as a set of kinds (bit `i` for the kind whose [`Tile::index`](crate::Tile::index) is `i`).
    pub fn triplet_kinds(&self) -> u64 {
        self.triplet_kinds
    }

    /// The kinds the reading's sequences start at, as a set of kinds.
    pub fn sequence_starts(&self) -> u64 {
        self.sequence_starts
    }

    /// How many triplets and kongs of the reading count as concealed: of concealed tiles and
    /// not completed by a discard (or a robbed kong), or a declared concealed kong
    /// ([`Set::concealed`]). Asks how the winning tile came only when it completes a
    /// triplet.
    pub fn concealed_triplets(&self) -> usize {
        let exposed =
            self.arrangement.completed_triplet().is_some() && !self.context().self_drawn();
        usize::from(self.concealed_triplets - u8::from(exposed))
    }

    /// How many sets of the reading are kongs.
    pub fn kongs(&self) -> usize {
        usize::from(self.kongs)
    }

    /// How many different sequences the reading has (identical ones counted once).
    pub fn different_sequences(&self) -> u32 {
        self.sequence_starts.count_ones()
    }
}

/// The kinds `hand` holds exactly four of: concealed, the winning tile, and melded (a
/// kong's fourth included). A count goes over 4 when a wait is valued whose copies are all
/// in the hand already (a dead wait). The kinds are marked as their count reaches 4, so
/// only those few are looked at again.
fn held_four(hand: &Hand) -> u64 {
    let mut counts = [0u8; KINDS];
    let mut reached = 0u64;
    let mut count = |tile: Tile, copies: u8| {
        let held = &mut counts[tile.index()];
        *held += copies;
        reached |= u64::from(*held >= 4) << tile.index();
    };
    for &tile in &hand.concealed {
        count(tile, 1);
    }
    if let Some(tile) = hand.winning_tile {
        count(tile, 1);
    }
    for meld in &hand.melds {
        for tile in meld.set().tiles() {
            count(tile, 1);
        }
        count(meld.tile, u8::from(meld.is_kong()));
    }
    waits::kinds_of(reached)
        .filter(|tile| counts[tile.index()] == 4)
        .fold(0, |four, tile| four | 1 << tile.index())
}

/// [`Facts::one_live_wait`], worked out: the waits of the concealed tiles (without the
/// winning tile) and the melds, less the kinds held four times before the win.
fn one_live_wait(hand: &Hand) -> bool {
    let mut counts = [0u8; KINDS];
    for tile in &hand.concealed {
        counts[tile.index()] += 1;
    }
    let waited_on = waits::completing_kinds(&counts, hand.melds.len(), ANY);
    // Only the few kinds waited on are counted: four before the win is a dead wait.
    let mut live = waits::kinds_of(waited_on).filter(|&tile| held_before_the_win(hand, tile) < 4);
    live.next().is_some() && live.next().is_none()
}

/// How many of `tile` the hand held before the win: concealed and melded (a kong's fourth
/// included).
fn held_before_the_win(hand: &Hand, tile: Tile) -> usize {
    let concealed = hand.concealed.iter().filter(|&&t| t == tile).count();
    let melded = hand.melds.iter().map(|meld| match meld.kind {
        // A chow's three kinds follow its first within one suit.
        MeldKind::Chow => {
            usize::from((meld.tile.index()..meld.tile.index() + 3).contains(&tile.index()))
        }
        MeldKind::Pung if meld.tile == tile => 3,
        MeldKind::Kong | MeldKind::ConcealedKong if meld.tile == tile => 4,
        _ => 0,
    });
    concealed + melded.sum::<usize>()
}

