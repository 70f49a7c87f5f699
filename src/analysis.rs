//! The `waits` analysis of a hand before its win ([`Holding`]): for 13 tiles, each tile kind
//! that completes it, what it is worth won on a discard and self-drawn, and how many copies
//! are still unseen, or how far it is from calling; for 14 tiles (a hand that has just
//! drawn), each discard that leaves it calling, with the waits after it.
//!
//! This module comes after [`crate::score`] in the data flow: it asks the counting core
//! (`waits::completing_kinds`, [`crate::waits::distance`]) which kinds complete the hand, builds
//! the won hand for each (as [`Holding::won_on`] does, but once for a hand: each wait sets
//! its winning tile, each discard its tiles) and scores it as any hand is scored, both
//! ways at once (`score::readings_both_ways_into`, [`score::verdict`]), so the rule
//! set's minimum applies. What is the same for many wins is worked out once: a 14-tile
//! hand's splits ([`Splits`]), the facts its counts already give ([`HandFacts`]), and a
//! reading whose patterns never ask how the tile came. Nothing in the engine imports it.

use std::cmp::Reverse;
use std::mem::Discriminant;

use crate::arrange::{arrangements, Arrangements, Shape, Splits};
use crate::hand::{Hand, Holding, Tiles};
use crate::patterns::HandFacts;
use crate::rule_set::RuleSet;
use crate::score::{self, Decision, Reading};
use crate::small::SmallVec;
use crate::tile::{Tile, KINDS};

use crate::waits::distance::calling_distance;
use crate::waits::{completing_kinds, kinds_of, AfterDiscards};

/// The best reading of each winning shape of a [`WaitValue`]: one for most hands, kept in place.
pub type BestReadings<'r> = SmallVec<Reading<'r>, 1>;

/// What a wait is worth won one way (on a discard, or self-drawn).
#[derive(Debug, Clone)]
pub struct WaitValue<'r> {
    /// What scoring decides on the best reading: a win, or a false win below the rule set's
    /// minimum or refused by the rule set (never "not a winning hand": the tile completes a
    /// shape the rules allow). The payments are the rule set's on the best total
    /// (as a win's are).
    pub verdict: Decision,
    /// The best reading of each winning shape the tiles take, best first: the first is the
    /// best reading, the one the verdict is on; two when the hand is both Seven Pairs and 4
    /// sets and a pair.
    pub(crate) shapes: BestReadings<'r>,
}

impl<'r> WaitValue<'r> {
    /// A value not scored yet, for a wait to be made where it stays and its values read
    /// into it: a value is a few hundred bytes, and each was copied several times on its
    /// way to its wait.
    fn unscored() -> WaitValue<'r> {
        WaitValue {
            verdict: Decision::NotAWinningHand,
            shapes: BestReadings::new(),
        }
    }

    /// The hand's value when it wins; `None` below the minimum (or refused).
    pub fn total(&self) -> Option<u32> {
        match self.verdict {
            Decision::Wins => self.shapes.first().map(|best| best.total),
            _ => None,
        }
    }

    /// The best reading (the one the verdict is on).
    pub fn best(&self) -> &Reading<'r> {
        &self.shapes[0]
    }

    /// The best reading of each winning shape the tiles take, best first: the first is
    /// [`WaitValue::best`]; two when the hand is both Seven Pairs and 4 sets and a pair.
    pub fn shapes(&self) -> &[Reading<'r>] {
        &self.shapes
    }
}

/// One tile kind that completes the hand.
#[derive(Debug, Clone)]
pub struct Wait<'r> {
    /// The tile.
    pub tile: Tile,
    /// Copies not in the hand or its melds (nor, after a discard, the discarded tile):
    /// 4 less those seen, a kong counting 4. 0 is a dead wait.
    pub unseen: u8,
    /// Won on a discard (with the line's `from=` and `resp=`).
    pub discard: WaitValue<'r>,
    /// Won by self-draw.
    pub self_draw: WaitValue<'r>,
}

impl Wait<'_> {
    /// No copy left to win on.
    pub fn is_dead(&self) -> bool {
        self.unseen == 0
    }
}

/// The waits of a 13-tile hand.
#[derive(Debug, Clone)]
pub struct Waits<'r> {
    /// Every completing kind, dead ones included, in tile order.
    pub waits: Vec<Wait<'r>>,
    /// The calling distance: 0 when the hand is calling (even on dead waits only), else
    /// how many useful draws it is from calling.
    pub distance: u8,
}

impl<'r> Waits<'r> {
    /// The waits with a copy left.
    pub fn live(&self) -> impl Iterator<Item = &Wait<'r>> {
        self.waits.iter().filter(|w| !w.is_dead())
    }

    /// The dead waits.
    pub fn dead(&self) -> impl Iterator<Item = &Wait<'r>> {
        self.waits.iter().filter(|w| w.is_dead())
    }

    /// Unseen copies of the live waits: the tiles the hand can still win on.
    pub fn unseen(&self) -> u32 {
        self.live().map(|w| u32::from(w.unseen)).sum()
    }

    /// Whether some tile is left to win on.
    pub fn has_live_wait(&self) -> bool {
        self.live().next().is_some()
    }

    /// The best value of a live wait won on a discard (0 if none wins).
    pub fn best_discard_value(&self) -> u32 {
        self.live()
            .filter_map(|w| w.discard.total())
            .max()
            .unwrap_or(0)
    }
}

/// A discard of a 14-tile hand that leaves it calling.
#[derive(Debug, Clone)]
pub struct Discard<'r> {
    /// The tile discarded.
    pub tile: Tile,
    /// The waits after it.
    pub waits: Waits<'r>,
}

/// The discards of a 14-tile hand.
#[derive(Debug, Clone)]
pub struct Discards<'r> {
    /// Every discard (one per concealed kind) that leaves the hand calling, best first:
    /// most unseen live winning tiles, then the best value won on a discard, then tile
    /// order.
    pub discards: Vec<Discard<'r>>,
    /// The calling distance after the best discard: 0 when some discard leaves the hand
    /// calling.
    pub distance: u8,
}

impl Discards<'_> {
    /// Whether some discard leaves a tile to win on.
    pub fn has_live_wait(&self) -> bool {
        self.discards.iter().any(|d| d.waits.has_live_wait())
    }
}

/// The analysis of a hand given to `waits`, by its number of tiles.
#[derive(Debug, Clone)]
pub enum Analysis<'r> {
    /// 13 tiles: its waits.
    Waits(Waits<'r>),
    /// 14 tiles: its discards.
    Discards(Discards<'r>),
}

impl Analysis<'_> {
    /// Whether the hand is (or a discard leaves it) calling on a tile still unseen.
    pub fn has_live_wait(&self) -> bool {
        match self {
            Analysis::Waits(waits) => waits.has_live_wait(),
            Analysis::Discards(discards) => discards.has_live_wait(),
        }
    }
}

/// The waits of a 13-tile hand, or the discards of a 14-tile one.
pub fn analyse<'r>(holding: &Holding, rules: &'r RuleSet) -> Analysis<'r> {
    if holding.tiles() == 14 {
        Analysis::Discards(discards(holding, rules))
    } else {
        Analysis::Waits(waits(holding, rules))
    }
}

/// The waits of a 13-tile hand under `rules`.
pub fn waits<'r>(holding: &Holding, rules: &'r RuleSet) -> Waits<'r> {
    waits_seen(holding, &holding.held_counts(), rules)
}

/// The waits of `holding`, counting as seen the tiles of `seen` (the hand, and after a
/// discard the discarded tile).
fn waits_seen<'r>(holding: &Holding, seen: &[u8; KINDS], rules: &'r RuleSet) -> Waits<'r> {
    let kinds = completing_kinds(
        &holding.concealed_counts(),
        holding.melds.len(),
        rules.shapes,
    );
    let held = holding.held_counts();
    let before = Before {
        held: &held,
        four: held_four(&held),
    };
    waits_on(&mut Won::of(holding), kinds, before, seen, rules)
}

/// A hand before its win won on one tile both ways, on a discard and self-drawn. It is
/// made once for a hand, and each wait (and, for 14 tiles, each discard) changes only its
/// winning tile (its concealed tiles): building each won hand anew copied the tiles, the
/// melds and the context for every wait.
struct Won {
    /// Won on a discard (with the line's `from=` and `resp=`).
    on_discard: Hand,
    /// Self-drawn ([`Holding::self_drawn_context`]).
    self_drawn: Hand,
    /// For 14 tiles, how they split ([`Splits`]), and the tile discarded from them: won on
    /// that tile again, the hand holds the same 14 tiles, which are not split again.
    drawn: Option<(Splits, Option<Tile>)>,
}

impl Won {
    /// `holding` won both ways, on no tile yet.
    fn of(holding: &Holding) -> Won {
        let on_discard = Hand {
            concealed: holding.concealed.copied(),
            melds: holding.melds.copied(),
            winning_tile: None,
            context: holding.context.clone(),
            checked_under: 0,
        };
        let self_drawn = Hand {
            concealed: holding.concealed.copied(),
            melds: holding.melds.copied(),
            winning_tile: None,
            context: holding.self_drawn_context(),
            checked_under: 0,
        };
        // 14 tiles: split before any is discarded.
        let drawn = (holding.tiles() == 14).then(|| (Splits::of(&on_discard), None));
        Won {
            on_discard,
            self_drawn,
            drawn,
        }
    }

    /// The hand's concealed tiles become `concealed` (sorted): what discarding `discarded`
    /// leaves.
    fn hold(&mut self, concealed: Tiles, discarded: Tile) {
        self.self_drawn.concealed = concealed.copied();
        self.on_discard.concealed = concealed;
        if let Some((_, tile)) = &mut self.drawn {
            *tile = Some(discarded);
        }
    }

    /// The arrangements of the hand won on its winning tile ([`arrangements`]).
    fn arrangements(&self) -> Arrangements {
        let won_on = self.on_discard.winning_tile;
        match &self.drawn {
            Some((splits, discarded)) if won_on.is_some() && *discarded == won_on => {
                let mut found = Arrangements::new();
                splits.place(won_on, &mut found);
                found
            }
            _ => arrangements(&self.on_discard),
        }
    }

    /// Both hands are won on `tile`.
    fn on(&mut self, tile: Tile) {
        self.on_discard.winning_tile = Some(tile);
        self.self_drawn.winning_tile = Some(tile);
    }
}

/// The waits of `won`'s tiles on `kinds` (the kinds of the rule set's shapes that
/// complete them; its own special shapes are added here), counting as seen the tiles of
/// `seen`.
fn waits_on<'r>(
    won: &mut Won,
    kinds: u64,
    before: Before,
    seen: &[u8; KINDS],
    rules: &'r RuleSet,
) -> Waits<'r> {
    let four_before = before.four;
    // What the tiles before the win decide is worked out for the first win valued only, or
    // known here: whether they wait on one live kind, when the rule set's shapes are those
    // that fact counts (a kind held four times is no live wait).
    let mut before_the_win = HandFacts::new();
    let shapes = rules.shapes;
    if shapes.regular && shapes.seven_pairs && shapes.thirteen_terminals {
        let live = kinds & !four_before;
        before_the_win = before_the_win.with_one_live_wait(live.count_ones() == 1);
    }
    let kinds = kinds | special_kinds(won, rules);
    let mut waits = Vec::with_capacity(kinds.count_ones() as usize);
    for tile in kinds_of(kinds) {
        won.on(tile);
        // The tiles are arranged once for both ways, and both ways share what the tiles
        // decide. The wait is made where it stays, and its values are read into it.
        let arranged = won.arrangements();
        // The winning tile makes a fourth of its kind, or a fifth.
        let four = match before.held[tile.index()] {
            3 => four_before | 1 << tile.index(),
            4 => four_before & !(1 << tile.index()),
            _ => four_before,
        };
        let facts = before_the_win.for_another_win().with_kinds_held_four(four);
        // Written into its place by resize_with: push built the wait (a kilobyte) on the
        // stack and copied it.
        waits.resize_with(waits.len() + 1, || Wait {
            tile,
            unseen: 4u8.saturating_sub(seen[tile.index()]),
            discard: WaitValue::unscored(),
            self_draw: WaitValue::unscored(),
        });
        if let Some(wait) = waits.last_mut() {
            values_into(won, &arranged, rules, &facts, wait);
        }
        before_the_win = facts;
    }
    let distance = if waits.is_empty() {
        let hand = &won.on_discard;
        let mut counts = [0u8; KINDS];
        for tile in &hand.concealed {
            counts[tile.index()] += 1;
        }
        calling_distance(&counts, hand.melds.len(), rules.shapes)
    } else {
        0
    };
    Waits { waits, distance }
}

/// What the tiles before the win hold: each kind's copies, concealed and melded (a kong
/// counting 4), and the kinds held four times as bits.
#[derive(Clone, Copy)]
struct Before<'a> {
    held: &'a [u8; KINDS],
    four: u64,
}

/// The kinds of `held` (counts of each kind) held four times, as bits.
fn held_four(held: &[u8; KINDS]) -> u64 {
    held.iter()
        .enumerate()
        .fold(0, |kinds, (i, &count)| kinds | u64::from(count == 4) << i)
}

/// The kinds that complete one of the rule set's own special shapes (as the engine's shapes,
/// whatever the copies left: a wait on a fifth copy is dead, not missing).
fn special_kinds(won: &mut Won, rules: &RuleSet) -> u64 {
    if rules.special_shapes.is_empty() || !rules.shapes.special {
        return 0;
    }
    let mut bits = 0;
    for tile in Tile::ALL {
        won.on(tile);
        let Some(tiles) = crate::score::special_tiles(&won.self_drawn) else {
            // Melds, or not 13 tiles: no special shape.
            return 0;
        };
        if rules
            .special_shapes
            .iter()
            .any(|shape| (shape.forms)(&tiles))
        {
            bits |= 1 << tile.index();
        }
    }
    bits
}

/// What `won` (a holding won on one tile) is worth both ways, read into `wait`'s values (as
/// [`WaitValue::unscored`] leaves them); `arranged` are the hands' [`arrangements`]. The
/// two are read together ([`score::readings_both_ways_into`]): most readings score the same
/// either way.
fn values_into<'r>(
    won: &Won,
    arranged: &Arrangements,
    rules: &'r RuleSet,
    hand_facts: &HandFacts,
    wait: &mut Wait<'r>,
) {
    score::readings_both_ways_into(
        [&won.on_discard, &won.self_drawn],
        rules,
        arranged,
        hand_facts,
        [&mut wait.discard.shapes, &mut wait.self_draw.shapes],
    );
    value_decided(&won.on_discard, rules, &mut wait.discard);
    value_decided(&won.self_drawn, rules, &mut wait.self_draw);
}

/// The verdict on `value` (`hand`'s value), decided on its readings, best first, which it
/// then keeps only the best of each shape of.
fn value_decided<'r>(hand: &Hand, rules: &'r RuleSet, value: &mut WaitValue<'r>) {
    value.verdict = score::verdict(hand, rules, value.shapes.first());
    let readings = &mut value.shapes;
    // The readings come best first: the first of each shape is its best. They are kept in
    // the readings' own list, which saves a list for every value. One reading (most
    // hands) is the first of its shape.
    if readings.len() > 1 {
        let mut shapes: SmallVec<Discriminant<Shape>, 4> = SmallVec::new();
        readings.retain(|reading| {
            let shape = std::mem::discriminant(&reading.arrangement.shape);
            let first = !shapes.contains(&shape);
            if first {
                shapes.push(shape);
            }
            first
        });
    }
}

/// The discards of a 14-tile hand under `rules` that leave it calling, best first.
pub fn discards<'r>(holding: &Holding, rules: &'r RuleSet) -> Discards<'r> {
    let seen = holding.held_counts();
    let mut held = seen;
    let four = held_four(&seen);
    let mut kinds = holding.concealed.copied();
    kinds.dedup();
    let after_discards = AfterDiscards::new(
        &holding.concealed_counts(),
        holding.melds.len(),
        rules.shapes,
    );
    let mut won = Won::of(holding);
    let mut distance = u8::MAX;
    let mut discards = Vec::with_capacity(kinds.len());
    for tile in kinds {
        // The concealed tiles less the first of `tile` (they are sorted, so the rest stay so).
        let at = holding.concealed.iter().position(|&t| t == tile);
        let Some(at) = at else {
            continue;
        };
        let mut after = holding.concealed.copied();
        after.remove(at);
        won.hold(after, tile);
        // The discard leaves three of a kind held four times.
        held[tile.index()] -= 1;
        let before = Before {
            held: &held,
            four: four & !(1 << tile.index()),
        };
        let kinds = after_discards.completing_kinds(tile);
        let waits = waits_on(&mut won, kinds, before, &seen, rules);
        held[tile.index()] += 1;
        distance = distance.min(waits.distance);
        if waits.distance == 0 {
            discards.push(Discard { tile, waits });
        }
    }
    discards.sort_by_key(|d| {
        (
            Reverse(d.waits.unseen()),
            Reverse(d.waits.best_discard_value()),
            d.tile,
        )
    });
    Discards { discards, distance }
}
