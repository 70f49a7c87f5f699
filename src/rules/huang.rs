//! Huang's table (Rui Xin Huang's personal score table, 2010) as `--rules huang`, to the
//! letter of the product's reading of it: every rule and ruling is in docs/rules-huang.md.
//!
//! A 13-tile game: 4 sets and a pair, Seven Pairs (20 + 2^N) or Thirteen Terminals ("13 U").
//! The patterns add to a base B with no minimum and no limit; a pattern that another
//! counted pattern implies is not counted (note 2, [`IMPLICATIONS`]); percentages for the
//! last tiles, a robbed quad and a quad's supplement tile then apply once. The dealer
//! (East) pays and receives double; nobody pays a feeder penalty.
//!
//! Vocabulary: *U* is a suited 1 or 9; a *triple* is a pung or a kong, a *quad* a kong; a
//! *group* is one of the 4 sets or the pair; the five *colours* are the three suits, the
//! winds and the dragons; a tile's *number* is its rank, all winds being one number and all
//! dragons another (note 12).

use std::borrow::Cow;

use crate::context::Tin;
use crate::arrange::{Placement, Shape};
use crate::digits::write_uint;
use crate::hand::{ContextConflict, HandError, HandErrorKind, WinContext};
use crate::notation::{ParsedHand, Word};
use crate::patterns::{
    is_dragon, is_wind, mixed_one_suit, pair_is, pure_one_suit, straight_across, Condition, Facts, Instances,
    Pattern, Situation, Value, ANY, DECLARED_ONLY, REGULAR, SEVEN_PAIRS_ONLY,
    THIRTEEN_TERMINALS_ONLY,
};
use crate::payment::Payments;
use crate::rule_set::{
    DealRule, Dropped, Implication, PaymentParams, PaymentRule, RuleSet, Wording,
};
use crate::sets::{MeldKind, Set, SetKind};
use crate::small::SmallVec;
use crate::tile::{kinds, Seat, Suit, Tile};
use crate::words::{SystemWords, WordSpec, WordValues};

// ---- context words (docs/rules-huang.md § Context words) ----

/// The Tin declarations (`tin=`), by how many changes after the deal, as the typed
/// context lists them ([`Tin`]); `late` (5 or more, or changed after declaring) earns
/// nothing; `none` was not declared at all.
const TIN: [&str; 7] = crate::context::TIN_WORDS;

/// Index of `tin=` in [`WORDS`].
pub(crate) const TIN_WORD: usize = 0;
/// Index of `last=N` (N = 2-4; a bare `last` is the shared word, N = 1).
pub(crate) const LAST_WORD: usize = 1;
/// Index of `lastcopy`.
pub(crate) const LASTCOPY_WORD: usize = 2;
/// Index of `flowers=`.
pub(crate) const FLOWERS_WORD: usize = 3;
/// Index of `round=`.
pub(crate) const ROUND_WORD: usize = 4;

/// Huang's own words, beside the shared ones.
pub static WORDS: [WordSpec; 5] = [
    WordSpec {
        key: "tin",
        values: WordValues::Names(&TIN),
        default: Tin::Late as u8,
        meaning: "the Tin declaration: heaven, earth, human, ghost, insect, late (default) or none",
    },
    WordSpec {
        key: "last",
        values: WordValues::Number { min: 1, max: 4 },
        default: 0,
        meaning: "the winning tile is the N-th last of the wall (last=1 is last)",
    },
    WordSpec {
        key: "lastcopy",
        values: WordValues::Flag,
        default: 0,
        meaning: "the winning tile is the last copy of its kind (the other three are visible)",
    },
    WordSpec {
        key: "flowers",
        values: WordValues::Number { min: 0, max: 8 },
        default: 0,
        meaning: "flower tiles drawn, 0-8 (all 8 score 200 alone)",
    },
    WordSpec {
        key: "round",
        values: WordValues::Seat,
        default: Seat::East as u8,
        meaning: "the round (loop) wind (default e)",
    },
];

/// Which of the last tiles of the wall the win is on: 1 for `last` (or `last=1`), 2-4 for
/// `last=N`, 0 for none.
fn last_n(context: Situation) -> u8 {
    if context.last_tile() {
        1
    } else {
        context.words().value(LAST_WORD)
    }
}

/// The Tin declared (`tin=`).
fn tin(words: &SystemWords) -> Tin {
    Tin::of_stored(words.value(TIN_WORD))
}

/// All eight flowers: the hand wins on them alone, whatever its tiles (h.57).
fn all_flowers(words: &SystemWords) -> bool {
    words.value(FLOWERS_WORD) == 8
}

// ---- the rule set ----

/// Huang's table: no minimum, no limit, percentages after the base, the dealer double.
/// Every shape wins and there is no limit (the defaults).
pub static HUANG: RuleSet = RuleSet::new(
    "huang",
    Cow::Borrowed("Huang's table (Rui Xin Huang, 2010)"),
    &PATTERNS,
    PaymentRule {
        pay,
        explain,
        winner_receives,
        params: PaymentParams {
            dealer_times: 2,
            ..PaymentParams::NONE
        },
        keys: &["dealer_times"],
    },
    Wording {
        alone: "alone",
        capped: "limit",
        short_name: "HUANG",
        no_pattern: "no scoring pattern",
    },
)
.with_implications(&IMPLICATIONS)
.with_refusal(refuse)
.with_context_check(check_context)
.with_declared_win(|words| words.value(FLOWERS_WORD) == 8)
.with_words(&WORDS)
// Note 3 makes East the dealer, paid and paying double; the table never says the deal
// always passes: East keeps it when he wins (docs/sessions.md).
.with_deal(DealRule::DEALER_KEEPS_ON_WIN);

/// Note 1: "You must declare Tin before you can Hu" (all eight flowers need no Tin).
fn refuse(context: &WinContext) -> Option<&'static str> {
    (tin(&context.words) == Tin::None && !all_flowers(&context.words)).then_some(
        "no Tin declared (tin=none): in Huang's table you must declare Tin before you can Hu",
    )
}

/// Huang's own context errors (docs/rules-huang.md § Context words), beyond the shared
/// checks (docs/rules.md § Context).
fn check_context(parsed: &ParsedHand, context: &WinContext) -> Result<(), HandError> {
    let named = |key: &str| {
        parsed
            .named
            .iter()
            .find(|w| w.value.key.eq_ignore_ascii_case(key))
            .map(|w| w.column)
    };
    let shared = |word: fn(&Word) -> bool| {
        parsed
            .words
            .iter()
            .find(|w| word(&w.value))
            .map(|w| w.column)
    };
    let error = |column: usize, message: &'static str| {
        Err(HandError {
            column,
            kind: HandErrorKind::Context(ContextConflict::SystemRule(message)),
        })
    };
    if let Some(column) = shared(|w| matches!(w, Word::Responsible(_))) {
        return error(
            column,
            "resp= has no meaning in Huang's table: nobody pays a feeder penalty (note 3)",
        );
    }
    let blessing = if context.heaven {
        Some("heaven")
    } else if context.earth {
        Some("earth")
    } else {
        None
    };
    if let Some(blessing) = blessing {
        let column = shared(|w| matches!(w, Word::Heaven | Word::Earth)).unwrap_or(1);
        if named("tin").is_some() {
            return error(
                column,
                match blessing {
                    "heaven" => "'heaven' cannot be combined with 'tin=': the dealer wins on his deal, no Tin is declared",
                    _ => "'earth' cannot be combined with 'tin=': Earth Hu implies the Tin",
                },
            );
        }
        if named("last").is_some() || named("lastcopy").is_some() {
            return error(
                column,
                "'heaven' and 'earth' happen on the first turn: they cannot be combined with 'last=N' or 'lastcopy'",
            );
        }
    }
    Ok(())
}

/// Note 3: every loser pays X; the dealer (East) pays or receives double.
fn pay(params: &PaymentParams, value: u32, context: &WinContext) -> Payments {
    let x = i64::from(value);
    let winner = context.seat;
    let dealer = i64::from(params.dealer_times);
    Payments::losers_pay(winner, value, |seat| {
        if seat == Seat::East || winner == Seat::East {
            dealer * x
        } else {
            x
        }
    })
}

/// "double: 2 × X" as the dealer's share is said; "3 times" past triple.
fn dealer_word(out: &mut String, times: u64) {
    match times {
        2 => out.push_str("double"),
        3 => out.push_str("triple"),
        _ => {
            let _ = write_uint(out, times);
            out.push_str(" times");
        }
    }
}

fn explain(out: &mut String, params: &PaymentParams, payments: &Payments, context: &WinContext) {
    let x = u64::from(payments.value);
    let times = u64::from(params.dealer_times);
    if times == 1 {
        // The dealer pays and receives as anyone does.
        out.push_str("each player pays ");
        let _ = write_uint(out, x);
        out.push_str("; no feeder penalty");
    } else if context.seat == Seat::East {
        // "the dealer wins: each player pays double, 2 × X = 2X"
        out.push_str("the dealer wins: each player pays ");
        dealer_word(out, times);
        out.push_str(", ");
        let _ = write_uint(out, times);
        out.push_str(" × ");
        let _ = write_uint(out, x);
        out.push_str(" = ");
        let _ = write_uint(out, times * x);
    } else {
        // "each player pays X, the dealer (East) double: 2X; no feeder penalty"
        out.push_str("each player pays ");
        let _ = write_uint(out, x);
        out.push_str(", the dealer (East) ");
        dealer_word(out, times);
        out.push_str(": ");
        let _ = write_uint(out, times * x);
        out.push_str("; no feeder penalty");
    }
}

/// Restated for the invariants: the dealer receives 6X, anyone else 4X.
fn winner_receives(params: &PaymentParams, value: u32, context: &WinContext) -> i64 {
    let x = i64::from(value);
    let dealer = i64::from(params.dealer_times);
    if context.seat == Seat::East {
        3 * dealer * x
    } else {
        (2 + dealer) * x
    }
}

// ---- tile vocabulary ----

/// A suited 1 or 9.
fn is_u(t: Tile) -> bool {
    t.is_terminal()
}

/// A suited 2, 5 or 8.
fn is_258(t: Tile) -> bool {
    t.suit().is_number() && matches!(t.rank(), 2 | 5 | 8)
}

/// A tile's number (note 12): its rank 1-9, 10 for every wind, 11 for every dragon.
fn number(t: Tile) -> u8 {
    match t.suit() {
        Suit::Wind => 10,
        Suit::Dragon => 11,
        _ => t.rank(),
    }
}

/// How many numbers the hand's tiles show.
fn numbers(f: &Facts) -> u32 {
    // Ranks 1-9 as bits 0-8, whatever the suit; the winds and the dragons one number each.
    let held = f.kinds_held();
    let ranks = (held | held >> 9 | held >> 18) & 0x1ff;
    ranks.count_ones()
        + u32::from(f.holds_any(kinds::WINDS))
        + u32::from(f.holds_any(kinds::DRAGONS))
}

/// The colours of the hand, as a bit set over [`Suit`] order (b, c, d, winds, dragons).
fn colours(f: &Facts) -> u8 {
    let families = [
        kinds::BAMBOO,
        kinds::CHARACTERS,
        kinds::DOTS,
        kinds::WINDS,
        kinds::DRAGONS,
    ];
    families
        .iter()
        .enumerate()
        .fold(0, |bits, (suit, &family)| {
            bits | u8::from(f.holds_any(family)) << suit
        })
}

/// The number suits of the hand, as a bit set.
fn suits(f: &Facts) -> u8 {
    colours(f) & 0b111
}

fn no_honour(f: &Facts) -> bool {
    colours(f) & 0b11000 == 0
}

fn runs<'a>(f: &'a Facts) -> impl Iterator<Item = &'a Set> + 'a {
    f.sets().iter().filter(|s| s.kind == SetKind::Sequence)
}

fn all_sets_are(f: &Facts, test: impl Fn(&Set) -> bool) -> bool {
    !f.sets().is_empty() && f.sets().iter().all(test)
}

fn triple_of(test: fn(Tile) -> bool) -> impl Fn(&Set) -> bool {
    move |s| s.is_triplet_or_kong() && test(s.tile)
}

// ---- predicates, in table order ----

/// h.1: no open meld; a concealed kong is fine, and so is a discard win. Melds decide.
fn door_clean(f: &Facts) -> bool {
    f.melds().iter().all(|m| m.kind == MeldKind::ConcealedKong)
}

fn insect_tin(f: &Facts) -> bool {
    tin(f.context().words()) == Tin::Insect
}

fn ghost_tin(f: &Facts) -> bool {
    tin(f.context().words()) == Tin::Ghost
}

fn human_tin(f: &Facts) -> bool {
    tin(f.context().words()) == Tin::Human
}

fn earth_tin(f: &Facts) -> bool {
    tin(f.context().words()) == Tin::Earth
}

fn heaven_tin(f: &Facts) -> bool {
    tin(f.context().words()) == Tin::Heaven
}

/// h.10, h.11, h.35 (note 6): no honour tile at all.
fn no_u(f: &Facts) -> bool {
    f.holds_only(kinds::SIMPLES)
}

fn two_colors(f: &Facts) -> bool {
    no_honour(f) && suits(f).count_ones() == 2
}

fn mixed_u(f: &Facts) -> bool {
    // A group holds a U or is all honours: as the groups are of one family each, it holds
    // a U or an honour.
    let u_or_honour = kinds::TERMINALS | kinds::HONORS;
    f.pair().is_some_and(Tile::is_terminal_or_honor) && f.every_set_holds(u_or_honour)
}

fn five_color(f: &Facts) -> bool {
    colours(f) == 0b11111
}

fn all_with_u(f: &Facts) -> bool {
    no_honour(f) && f.pair().is_some_and(is_u) && f.every_set_holds(kinds::TERMINALS)
}

/// The numbers 1-9 that every group holds (no honour allowed), as a bit set.
fn numbers_in_every_group(f: &Facts) -> u16 {
    if !no_honour(f) {
        return 0;
    }
    // The ranks each group holds, as bit sets; the numbers in every group are their meet.
    let ranks = |tiles: &[Tile]| tiles.iter().fold(0u16, |bits, t| bits | 1 << t.rank());
    let Some(pair) = f.pair() else {
        return 0;
    };
    f.sets().iter().fold(ranks(&[pair]), |every, set| {
        every & set.tiles().fold(0u16, |bits, t| bits | 1 << t.rank())
    })
}

fn all_with_one_number(f: &Facts) -> bool {
    numbers_in_every_group(f) != 0
}

/// h.15 with 1 or 9 as its number implies h.14 and h.12.
fn one_number_is_u(f: &Facts) -> bool {
    numbers_in_every_group(f) & (1 << 1 | 1 << 9) != 0
}

fn mixed_u_triples(f: &Facts) -> bool {
    all_sets_are(f, triple_of(|t| is_u(t) || t.is_honor()))
}

fn u_triples(f: &Facts) -> bool {
    all_sets_are(f, triple_of(is_u))
}

/// h.18 / h.19: the 13 tiles before the win held a pair (one tile waited) or were 13
/// different kinds (13 waited). With `heaven` no tile was waited on: h.19.
fn thirteen_u_single(f: &Facts) -> bool {
    !f.context().heaven() && !thirteen_u_all(f)
}

fn thirteen_u_all(f: &Facts) -> bool {
    match f.arrangement.shape {
        Shape::ThirteenTerminals { pair } => f.context().heaven() || Some(pair) == f.winning_tile(),
        _ => false,
    }
}

fn dragon_triple(set: &Set, _: &Facts) -> bool {
    set.is_triplet_or_kong() && is_dragon(set.tile)
}

/// h.21: couples in one suit, 123 with 789 or 111 with 999, each set in one couple.
fn elder_and_young(f: &Facts) -> Instances {
    // For each number suit, how many runs 123, runs 789, triples of 1 and of 9.
    let mut ends = [[0usize; 4]; 3];
    for set in f.sets() {
        let suit = set.tile.suit();
        if !suit.is_number() {
            continue;
        }
        let end = match (set.kind == SetKind::Sequence, set.tile.rank()) {
            (true, 1) => 0,
            (true, 7) => 1,
            (false, 1) => 2,
            (false, 9) => 3,
            _ => continue,
        };
        ends[suit as usize][end] += 1;
    }
    let couples = ends.iter().map(|e| e[0].min(e[1]) + e[2].min(e[3])).sum();
    Instances::repeat(couples, 2)
}

fn dragon_triples(f: &Facts) -> u32 {
    f.triplets_in(kinds::DRAGONS)
}

fn wind_triples(f: &Facts) -> u32 {
    f.triplets_in(kinds::WINDS)
}

fn all_u(f: &Facts) -> bool {
    f.holds_only(kinds::TERMINALS)
}

/// h.27: 1 for a triple of the seat wind, 1 for a triple of the round wind.
fn wind_triple(f: &Facts) -> Instances {
    let seat = f.context().seat().wind();
    let round = f.context().words().seat(ROUND_WORD).wind();
    let count = f.count_triplets(|t| t == seat) + f.count_triplets(|t| t == round);
    Instances::repeat(count, 1)
}

/// The groups of two or more runs with the same numbers: (runs, suits) for each.
fn duplicate_run_groups<'a>(f: &'a Facts) -> impl Iterator<Item = (usize, u32)> + 'a {
    (1..=7u8).filter_map(|rank| {
        let (count, suits) = runs(f)
            .filter(|s| s.tile.rank() == rank)
            .fold((0, 0u8), |(count, suits), s| {
                (count + 1, suits | 1 << s.tile.suit() as u8)
            });
        (count >= 2).then_some((count, suits.count_ones()))
    })
}

/// Whether two runs of the reading start at the same number (in any suits): without such,
/// no group of runs (most readings), which two patterns ask.
fn runs_share_a_number(f: &Facts) -> bool {
    let mut ranks = 0u16;
    for run in runs(f) {
        let bit = 1 << run.tile.rank();
        if ranks & bit != 0 {
            return true;
        }
        ranks |= bit;
    }
    false
}

/// h.28: two identical runs (a group of 2 runs in 1 suit), 2 each.
fn same_suit(f: &Facts) -> Instances {
    if !runs_share_a_number(f) {
        return Instances::default();
    }
    Instances::repeat(duplicate_run_groups(f).filter(|&g| g == (2, 1)).count(), 2)
}

/// h.59 (Table 3, left): one cell per group of runs with the same numbers, but the
/// (2 runs, 1 suit) cell, which is h.28.
fn duplicate_runs(f: &Facts) -> Instances {
    let mut instances = Instances::default();
    if !runs_share_a_number(f) {
        return instances;
    }
    for group in duplicate_run_groups(f) {
        let points = match group {
            (2, 2) => 1,
            (3, 3) => 3,
            (3, 2) => 7,
            (3, 1) => 16,
            (4, 3) => 12,
            (4, 2) => 25,
            (4, 1) => 100,
            _ => 0,
        };
        if points > 0 {
            instances.push(points);
        }
    }
    instances
}

/// The (open, hidden) quads and the 4-in-k items (k, hidden) of the reading (Table 2).
struct Quads {
    open: usize,
    hidden: usize,
    /// The k of each item, sorted, and how many items are hidden.
    items: SmallVec<u8, 4>,
    hidden_items: usize,
}

fn quads(f: &Facts) -> Quads {
    let mut four = f.kinds_held_four();
    if four == 0 && !f.melds().iter().any(|m| m.is_kong()) {
        // No quad and no four of a kind, so no item: most hands.
        return Quads {
            open: 0,
            hidden: 0,
            items: SmallVec::new(),
            hidden_items: 0,
        };
    }
    let discard = !f.context().self_drawn();
    let completed = match f.arrangement.placement {
        Placement::Set(i) if discard => Some(i),
        _ => None,
    };
    // A set is open when declared open, or when a discard (or robbed quad) completed it.
    let open = |i: usize, set: &Set| set.melded || completed == Some(i);
    let open_quads = f
        .melds()
        .iter()
        .filter(|m| m.kind == MeldKind::Kong)
        .count();
    let hidden_quads = f
        .melds()
        .iter()
        .filter(|m| m.kind == MeldKind::ConcealedKong)
        .count();
    let mut items = SmallVec::new();
    let mut hidden_items = 0;
    while four != 0 {
        let kind = four.trailing_zeros() as usize;
        four &= four - 1;
        let tile = Tile::ALL[kind];
        let holding = || {
            f.sets()
                .iter()
                .enumerate()
                .filter(move |(_, s)| s.any_tile(|t| t == tile))
        };
        if holding().any(|(_, s)| s.kind == SetKind::Kong) {
            continue; // a quad, not an item
        }
        let groups = holding().count() + usize::from(f.pair() == Some(tile));
        let is_open =
            holding().any(|(i, s)| open(i, s)) || (discard && f.winning_tile() == Some(tile));
        items.push(groups as u8);
        hidden_items += usize::from(!is_open);
    }
    items.sort_unstable();
    Quads {
        open: open_quads,
        hidden: hidden_quads,
        items,
        hidden_items,
    }
}

/// Table 2 as printed: (open quads, hidden quads), the items' k's, and the values by the
/// number of hidden items. The (none, none) cell is 0; the (O, none) cell is h.29.
/// A cell of Table 2: (open quads, hidden quads), the items' k's, and the values by the
/// number of hidden items.
type Cell = ((usize, usize), &'static [u8], &'static [u32]);

const TABLE_2: &[Cell] = &[
    ((0, 0), &[2], &[4, 6]),
    ((0, 0), &[3], &[10, 15]),
    ((0, 0), &[2, 2], &[14, 20, 30]),
    ((0, 0), &[2, 3], &[20, 30, 40]),
    ((0, 0), &[2, 2, 2], &[30, 45, 60, 80]),
    ((0, 0), &[2, 2, 3], &[40, 60, 80, 100]),
    ((0, 0), &[4], &[50, 100]),
    ((0, 0), &[3, 4], &[60, 80, 120]),
    ((0, 0), &[4, 4], &[100, 120, 150]),
    ((0, 0), &[3, 4, 4], &[100, 130, 160, 200]),
    ((0, 0), &[4, 4, 4], &[150, 180, 240, 300]),
    ((1, 0), &[], &[3]),
    ((1, 0), &[2], &[12, 18]),
    ((1, 0), &[3], &[24, 36]),
    ((1, 0), &[2, 2], &[30, 45, 60]),
    ((1, 0), &[2, 3], &[40, 60, 80]),
    ((0, 1), &[], &[6]),
    ((0, 1), &[2], &[18, 27]),
    ((0, 1), &[3], &[36, 54]),
    ((0, 1), &[2, 2], &[60, 80, 100]),
    ((0, 1), &[2, 3], &[80, 100, 120]),
    ((2, 0), &[], &[12]),
    ((2, 0), &[2], &[24, 36]),
    ((2, 0), &[3], &[48, 72]),
    ((1, 1), &[], &[18]),
    ((1, 1), &[2], &[36, 54]),
    ((1, 1), &[3], &[54, 90]),
    ((0, 2), &[], &[24]),
    ((0, 2), &[2], &[45, 75]),
    ((0, 2), &[3], &[60, 100]),
    ((3, 0), &[], &[24]),
    ((2, 1), &[], &[30]),
    ((1, 2), &[], &[36]),
    ((0, 3), &[], &[48]),
    ((4, 0), &[], &[96]),
    ((3, 1), &[], &[120]),
    ((2, 2), &[], &[150]),
    ((1, 3), &[], &[180]),
    ((0, 4), &[], &[240]),
];

/// The Table 2 cell of the reading, if it has one (blank cells have none).
fn table_2(q: &Quads) -> Option<u32> {
    TABLE_2
        .iter()
        .find(|(row, items, _)| *row == (q.open, q.hidden) && *items == q.items.as_slice())
        .and_then(|(_, _, values)| values.get(q.hidden_items).copied())
}

/// h.29: one open quad and no 4-in-k item.
fn open_quad(f: &Facts) -> bool {
    if !f.melds().iter().any(|m| m.kind == MeldKind::Kong) {
        return false; // no open quad
    }
    let q = quads(f);
    (q.open, q.hidden) == (1, 0) && q.items.is_empty()
}

/// h.58: Table 2, but its (none, none) and (O, none) cells.
fn quads_and_items(f: &Facts) -> u32 {
    let q = quads(f);
    if q.open + q.hidden == 0 && q.items.is_empty() {
        return 0; // no quad and no item: most hands, a blank cell
    }
    if (q.open, q.hidden) == (1, 0) && q.items.is_empty() {
        return 0;
    }
    table_2(&q).unwrap_or(0)
}

fn small_three_winds(f: &Facts) -> bool {
    wind_triples(f) >= 2 && pair_is(f, is_wind)
}

/// h.37-h.42: four runs in two couples of same-number runs (a ≠ b): the suits they take,
/// and whether the numbers are 1 and 7 (a bi-dragon).
fn bi_ribbon(f: &Facts) -> Option<(u32, bool)> {
    // Six patterns ask, and nearly no hand has four runs: counted before they are copied.
    if f.sequence_count() != 4 {
        return None;
    }
    let runs: SmallVec<Set, 4> = runs(f).copied().collect();
    if runs.len() != 4 {
        return None;
    }
    let mut ranks = [0u8; 4];
    for (rank, run) in ranks.iter_mut().zip(runs.iter()) {
        *rank = run.tile.rank();
    }
    ranks.sort_unstable();
    let couples = ranks[0] == ranks[1] && ranks[2] == ranks[3] && ranks[1] != ranks[2];
    if !couples {
        return None;
    }
    let suits = runs
        .iter()
        .fold(0u8, |bits, s| bits | 1 << s.tile.suit() as u8)
        .count_ones();
    Some((suits, ranks[0] == 1 && ranks[2] == 7))
}

fn bi(suits: u32, dragon: bool) -> impl Fn(&Facts) -> bool {
    move |f| bi_ribbon(f).is_some_and(|(s, d)| s == suits && (d || !dragon))
}

/// h.45: the 13 tiles before the win waited on exactly one kind, counting every winning
/// shape; a kind whose four copies are all in the hand is not waited on. No Tin was waited
/// with `heaven`.
fn single_tin(f: &Facts) -> bool {
    !f.context().heaven() && f.one_live_wait()
}

/// h.60 (Table 3, right): one cell per number with suited triples in 2 or 3 suits.
fn same_number_triples(f: &Facts) -> Instances {
    let mut instances = Instances::default();
    let triples = f.triplet_kinds();
    // The ranks (bits 0-8) with triples in two suits or more: most readings have none.
    let (b, c, d) = (triples & 0x1ff, triples >> 9 & 0x1ff, triples >> 18 & 0x1ff);
    if (b & c) | (b & d) | (c & d) == 0 {
        return instances;
    }
    for rank in 1..=9u8 {
        // The rank's bit in each number suit (a reading has one triple of a kind at most).
        let suits = (triples >> (rank - 1) & (1 | 1 << 9 | 1 << 18)).count_ones();
        let (two, three) = match rank {
            2 | 5 | 8 => (4, 16),
            1 | 9 => (3, 12),
            _ => (2, 8),
        };
        match suits {
            2 => instances.push(two),
            3 => instances.push(three),
            _ => {}
        }
    }
    instances
}

/// h.61 (Table 4): triples concealed when Tin was declared: concealed triples and hidden
/// quads, but the one the winning tile completed (a pair then), unless `heaven`.
fn hidden_triples(f: &Facts) -> u32 {
    let completed = match f.arrangement.placement {
        Placement::Set(i) if !f.context().heaven() => Some(i),
        _ => None,
    };
    let count = f
        .sets()
        .iter()
        .enumerate()
        .filter(|&(i, s)| s.is_triplet_or_kong() && !s.melded && completed != Some(i))
        .count();
    [0, 1, 3, 9, 27][count.min(4)]
}

// ---- Seven Pairs: 20 + 2^N (docs/rules-huang.md § Seven Pairs: 20 + 2^N) ----

/// The best N of a Seven Pairs hand: the best of trains (A), colour (C) and numbers (D).
fn seven_pairs(f: &Facts) -> u32 {
    let Shape::SevenPairs { pairs } = &f.arrangement.shape else {
        return 0;
    };
    let colour = {
        let colours = colours(f);
        let suits = (colours & 0b111).count_ones();
        match colours.count_ones() {
            5 => 3,
            1 => 5,
            2 => 4,
            _ if suits == 1 => 4,
            _ => 0,
        }
    };
    let numbers = match numbers(f) {
        0..=2 => 6,
        3 => 5,
        _ => 0,
    };
    let n = trains(pairs).max(colour).max(numbers);
    20 + (1 << n)
}

/// Whether a train may step from pair `a` to pair `b`: 1→…→9 in a suit, a 9 to the 1 of
/// another suit or to East, East→South→West→North→Red→Green→White.
fn links(a: Tile, b: Tile) -> bool {
    if a.suit().is_number() && a.rank() == 9 {
        return (b.suit().is_number() && b.suit() != a.suit() && b.rank() == 1)
            || b == Tile::ALL[27];
    }
    a.index() + 1 == b.index() && (a.suit() == b.suit() || (is_wind(a) && is_dragon(b)))
}

/// Whether pairs `a` and `b` stand side by side in parallel trains: the same number in
/// suits (any suits), or the same honour.
fn parallel(a: Tile, b: Tile) -> bool {
    if a.suit().is_number() {
        b.suit().is_number() && a.rank() == b.rank()
    } else {
        a == b
    }
}

/// How the seven pairs of a hand stand to each other, as sets of their positions (bit `j`
/// for `pairs[j]`): the trains' searches test a pair against many others, so each relation
/// is worked out once.
struct Relations {
    /// The pairs `pairs[i]` links to ([`links`]).
    next: [u8; 7],
    /// The pairs parallel to `pairs[i]`, itself included ([`parallel`]).
    parallel: [u8; 7],
    /// The pairs of `pairs[i]`'s number, itself included.
    same_number: [u8; 7],
    /// The pairs that may stand next to `pairs[i]` in a train: linked either way, or of one
    /// number (side by side in parallel trains, or in a super train, where all winds are
    /// one number, East and North included, and so are all dragons).
    neighbours: [u8; 7],
}

impl Relations {
    fn of(pairs: &[Tile; 7]) -> Relations {
        let mut relations = Relations {
            next: [0; 7],
            parallel: [0; 7],
            same_number: [0; 7],
            neighbours: [0; 7],
        };
        for (i, &a) in pairs.iter().enumerate() {
            for (j, &b) in pairs.iter().enumerate() {
                let bit = 1 << j;
                if links(a, b) {
                    relations.next[i] |= bit;
                    relations.neighbours[i] |= bit;
                    relations.neighbours[j] |= 1 << i;
                }
                if parallel(a, b) {
                    relations.parallel[i] |= bit;
                }
                if number(a) == number(b) {
                    relations.same_number[i] |= bit;
                    if i != j {
                        relations.neighbours[i] |= bit;
                    }
                }
            }
        }
        relations
    }
}

/// N_A: the best split of the seven pairs into trains.
fn trains(pairs: &[Tile; 7]) -> u32 {
    let relations = Relations::of(pairs);
    // A train's pairs are joined by neighbours, so no train crosses from one connected
    // group of pairs to another: the best split is the sum of each group's, and a hand's
    // groups are small (the subsets searched are a group's only).
    let mut best = [0u32; 1 << 7];
    let mut total = 0;
    let mut left = 0x7fu8;
    while left != 0 {
        let mut group = left & left.wrapping_neg();
        loop {
            let grown = positions(group).fold(group, |g, i| g | relations.neighbours[i]);
            if grown == group {
                break;
            }
            group = grown;
        }
        left &= !group;
        total += best_split(&relations, group, &mut best);
    }
    total
}

/// The best split of the pairs of `group` (joined by neighbours) into trains and pairs
/// alone, with `best` the best split of each of its subsets (filled here). Each subset's
/// split has its lowest pair alone, or heading a block worth something: a block worth
/// nothing does no better than the pair alone, since a split of fewer pairs is never worth
/// more (its left pairs stand alone).
fn best_split(relations: &Relations, group: u8, best: &mut [u32; 1 << 7]) -> u32 {
    // The blocks worth something as a train, each with its value. A block of two or more
    // in which some pair has no neighbour is no train, and most blocks are of that kind,
    // so they are not searched.
    let mut blocks: SmallVec<(u8, u32), 32> = SmallVec::new();
    // The subsets of the group in increasing order, so each one's own subsets come first.
    let mut mask = 0u8;
    loop {
        mask = mask.wrapping_sub(group) & group;
        if mask == 0 {
            return best[usize::from(group)];
        }
        let isolated = positions(mask).any(|i| relations.neighbours[i] & mask == 0);
        if mask.count_ones() >= 2 && !isolated {
            let worth = block_value(relations, mask);
            if worth > 0 {
                blocks.push((mask, worth));
            }
        }
        let low = mask & mask.wrapping_neg();
        let mut split = best[usize::from(mask ^ low)];
        for &(block, worth) in blocks.iter() {
            if block & low != 0 && block & !mask == 0 {
                split = split.max(worth + best[usize::from(mask ^ block)]);
            }
        }
        best[usize::from(mask)] = split;
    }
}

/// The positions of the bits of `mask`, lowest first.
fn positions(mask: u8) -> impl Iterator<Item = usize> {
    let mut left = mask;
    std::iter::from_fn(move || {
        let at = (left != 0).then(|| left.trailing_zeros() as usize)?;
        left &= left - 1;
        Some(at)
    })
}

/// The value of one block of pairs as a train: single n − 1, double 2n − 1, triple 3n − 1,
/// or a super train of 4-7 pairs of one number (4, 5, 6, 8); 0 if it is none.
fn block_value(relations: &Relations, block: u8) -> u32 {
    let size = block.count_ones() as usize;
    let first = block.trailing_zeros() as usize;
    if size >= 4 && block & !relations.same_number[first] == 0 {
        // A super train is worth more than any split into trains (n - 1).
        return [0, 0, 0, 0, 4, 5, 6, 8][size];
    }
    // Single, double or triple trains of all the pairs are each worth n - 1.
    let trains = (1..=3).any(|k| {
        size.is_multiple_of(k) && extend_trains(relations, k, block, &mut [0; 3], 0, None)
    });
    if trains {
        size as u32 - 1
    } else {
        0
    }
}

/// Whether the pairs of `unused` complete `k` parallel trains of one length, built a step
/// at a time: `heads[..step]` are this step's pairs so far, `previous` the last step's
/// (none at the first step). Each pair of a step is parallel to the step's first, and
/// linked from the pair of its train at the step before.
fn extend_trains(
    relations: &Relations,
    k: usize,
    unused: u8,
    heads: &mut [usize; 3],
    step: usize,
    previous: Option<&[usize; 3]>,
) -> bool {
    if step == k {
        if unused == 0 {
            return true;
        }
        let previous = *heads;
        return extend_trains(relations, k, unused, heads, 0, Some(&previous));
    }
    let mut fitting = unused;
    if step > 0 {
        fitting &= relations.parallel[heads[0]];
    }
    if let Some(previous) = previous {
        fitting &= relations.next[previous[step]];
    }
    for i in positions(fitting) {
        heads[step] = i;
        if extend_trains(relations, k, unused & !(1 << i), heads, step + 1, previous) {
            return true;
        }
    }
    false
}

// ---- the table ----

macro_rules! pattern {
    ($id:literal, $series:literal, $name:literal, $chinese:literal, $value:expr, $shapes:expr,
     $condition:expr, $summary:literal, $details:literal, $example:literal
     $(, aliases: [$($alias:literal),* $(,)?])?) => {
        Pattern {
            id: Cow::Borrowed($id),
            series: Cow::Borrowed($series),
            name: Cow::Borrowed($name),
            chinese: Cow::Borrowed($chinese),
            aliases: &[$($($alias),*)?],
            value: $value,
            shapes: $shapes,
            condition: $condition,
            summary: Cow::Borrowed($summary),
            details: Cow::Borrowed($details),
            example: Cow::Borrowed($example),
        }
    };
}

use Condition::{Computed, EachSet, Hand, Instances as Each};
use Value::Points;

/// Table 1 (h.1-h.57), the tables h.58-h.61, and the percentages h.62-h.67.
pub static PATTERNS: [Pattern; 67] = [
    pattern!("h.1", "h.1", "Door Clean", "門清", Points(2), REGULAR, Hand(door_clean),
        "regular hand with no open meld ([ck] and a discard win allowed)",
        "A regular hand with no open meld: concealed quads [ck] are fine, and so is winning on a discard. The melds alone decide.",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e",
        aliases: ["concealed hand", "closed hand", "menzen", "men qing", "门清", "門前清", "门前清"]),
    pattern!("h.2", "h.2", "Insect Tin", "蟲聽", Points(3), ANY, Hand(insect_tin),
        "tin=insect: Tin after changing four tiles",
        "The Tin was declared after changing four tiles (note 9): tin=insect.",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=insect",
        aliases: ["chong ting", "虫听"]),
    pattern!("h.3", "h.3", "Mixed Color", "混一色", Points(5), REGULAR, Hand(mixed_one_suit),
        "suited tiles of exactly one suit, and at least one honour",
        "Every suited tile is of one suit, and the hand holds at least one honour.",
        "b123 b456 b789 w222 e1 +e1 seat=s from=e",
        aliases: ["half flush", "mixed flush", "mixed one suit", "one suit with honors", "honitsu", "hun yi se", "wan yat sik"]),
    pattern!("h.4", "h.4", "Ghost Tin", "鬼聽", Points(7), ANY, Hand(ghost_tin),
        "tin=ghost: Tin after changing three tiles",
        "The Tin was declared after changing three tiles: tin=ghost.",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=ghost",
        aliases: ["gui ting", "鬼听"]),
    pattern!("h.5", "h.5", "Mono Color", "清一色", Points(12), REGULAR, Hand(pure_one_suit),
        "all tiles of one suit",
        "Every tile is of one suit; no honour.",
        "b123 b456 b789 b222 b5 +b5 seat=s from=e",
        aliases: ["full flush", "pure flush", "pure one suit", "clear hand", "chinitsu", "qing yi se", "ching yat sik"]),
    pattern!("h.6", "h.6", "Human Tin", "人聽", Points(20), ANY, Hand(human_tin),
        "tin=human: Tin after changing two tiles",
        "The Tin was declared after changing two tiles: tin=human.",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=human",
        aliases: ["ren ting", "人听"]),
    pattern!("h.7", "h.7", "Earth Tin", "地聽", Points(30), ANY, Hand(earth_tin),
        "tin=earth: Tin after changing one tile",
        "The Tin was declared after changing one tile: tin=earth.",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=earth",
        aliases: ["di ting", "地听"]),
    pattern!("h.8", "h.8", "Heaven Tin", "天聽", Points(60), ANY, Hand(heaven_tin),
        "tin=heaven: Tin on the dealt tiles",
        "The Tin was declared without changing a tile: tin=heaven.",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e tin=heaven",
        aliases: ["tian ting", "天听"]),
    pattern!("h.9", "h.9", "All Characters", "字一色", Points(100), REGULAR.with_sequences(0, 0),
        Hand(|f| f.holds_only(kinds::HONORS)),
        "every tile an honour",
        "Every tile is a wind or a dragon.",
        "w111 w222 e111 e222 e3 +e3 seat=s from=e",
        aliases: ["all honors", "all honours", "all winds and dragons", "tsuuiisou", "zi yi se"]),
    pattern!("h.10", "h.10", "No U", "斷么", Points(1), REGULAR, Hand(no_u),
        "no U and no honour anywhere",
        "No suited 1 or 9 and no honour anywhere (note 6: not even an honour pair).",
        "b234 c456 d678 b567 c2 +c2 seat=s from=e",
        aliases: ["all simples", "no terminals", "tanyao", "duan yao", "断幺", "断么", "斷幺", "断幺九"]),
    pattern!("h.11", "h.11", "Two Colors", "缺一門", Points(2), REGULAR, Hand(two_colors),
        "suited tiles of exactly two suits, no honour",
        "The suited tiles are of exactly two suits, and there is no honour (note 6).",
        "b123 b456 c789 c234 b5 +b5 seat=s from=e",
        aliases: ["one voided suit", "missing one suit", "que yi men", "缺一门"]),
    pattern!("h.12", "h.12", "Mixed U", "混全帶么", Points(4), REGULAR, Hand(mixed_u),
        "every group holds a U or is of honours",
        "Every one of the 4 sets and the pair holds a suited 1 or 9, or is of honours.",
        "b123 c789 d123 w111 e2 +e2 seat=s from=e",
        aliases: ["outside hand", "chanta", "hun quan dai yao", "混全带幺", "混全带么", "全带幺"]),
    pattern!("h.13", "h.13", "Five Color", "五門齊", Points(5), REGULAR, Hand(five_color),
        "all three suits, a wind and a dragon",
        "The hand holds all three suits, a wind and a dragon.",
        "b123 c456 d789 w222 e1 +e1 seat=s from=e",
        aliases: ["all types", "wu men qi", "五门齐"]),
    pattern!("h.14", "h.14", "All with U", "純全帶么", Points(7), REGULAR, Hand(all_with_u),
        "every group holds a U; no honour",
        "Every one of the 4 sets and the pair holds a suited 1 or 9; no honour.",
        "b123 c789 d123 b999 c1 +c1 seat=s from=e",
        aliases: ["pure outside hand", "junchan", "chun quan dai yao", "纯全带幺", "纯全带么"]),
    pattern!("h.15", "h.15", "All with One Number", "全帶一數", Points(12), REGULAR,
        Hand(all_with_one_number),
        "some number 1-9 is in every group; no honour",
        "Some number from 1 to 9 is in every one of the 4 sets and the pair; no honour. With 1 or 9 as that number it implies h.14 and h.12.",
        "b345 c345 d345 b555 c5 +c5 seat=s from=e",
        aliases: ["quan dai yi shu", "全带一数"]),
    pattern!("h.16", "h.16", "Mixed U Triples", "混么九刻", Points(20), REGULAR.with_sequences(0, 0),
        Hand(mixed_u_triples),
        "all 4 sets are triples of U or honour tiles (the pair is free)",
        "Each of the 4 sets is a triple (or quad) of a suited 1 or 9 or of an honour; the pair may be anything.",
        "b111 c999 w222 e333 d5 +d5 seat=s from=e",
        aliases: ["混幺九刻"]),
    pattern!(
        "h.17",
        "h.17",
        "U Triples",
        "么九刻",
        Points(30),
        REGULAR.with_sequences(0, 0),
        Hand(u_triples),
        "all 4 sets are triples of U tiles (the pair is free)",
        "Each of the 4 sets is a triple (or quad) of a suited 1 or 9; the pair may be anything.",
        "b111 c999 d111 b999 d5 +d5 seat=s from=e"
    ),
    pattern!("h.18", "h.18", "13 U, Single Tin", "十三么單聽", Points(60), THIRTEEN_TERMINALS_ONLY,
        Hand(thirteen_u_single),
        "13 U; the 13 tiles before the win held a pair (one tile waited)",
        "Thirteen Terminals whose 13 tiles before the win held a pair, so one kind was waited on.",
        "b19 c19 d19 w1234 e113 +e2 seat=s from=e",
        aliases: ["thirteen orphans single wait", "十三幺单听", "十三么单听"]),
    pattern!("h.19", "h.19", "13 U, All Tin", "十三么十三面", Points(100), THIRTEEN_TERMINALS_ONLY,
        Hand(thirteen_u_all),
        "13 U; the 13 tiles before the win were 13 different kinds",
        "Thirteen Terminals whose 13 tiles before the win were all different, so all 13 kinds were waited on (with heaven no tile was waited on: it scores h.19).",
        "b19 c19 d19 w1234 e123 +e3 seat=s from=e",
        aliases: ["thirteen orphans thirteen sided wait", "kokushi juusanmen", "十三幺十三面"]),
    pattern!("h.20", "h.20", "Dragon Triple", "箭刻", Points(1), REGULAR, EachSet(dragon_triple),
        "1 for each triple of 中 發 白",
        "A triple (or quad) of a dragon: 1 point for each.",
        "b123 c456 d789 e111 b5 +b5 seat=s from=e",
        aliases: ["dragon pung", "dragon pong", "jian ke"]),
    pattern!("h.21", "h.21", "Elder and Young", "老少副", Points(2), REGULAR, Each(elder_and_young),
        "2 for each couple in one suit: 123 with 789, or 111 with 999",
        "In one suit, a 123 run with a 789 run, or a 111 triple with a 999 triple: 2 points for each couple, each set in one couple at most.",
        "b123 b789 c456 d234 w1 +w1 seat=s from=e",
        aliases: ["two terminal chows", "lao shao fu"]),
    pattern!(
        "h.22",
        "h.22",
        "Small Two Yuan",
        "小二元",
        Points(3),
        REGULAR.with_sequences(0, 3),
        Hand(|f| dragon_triples(f) >= 1 && pair_is(f, is_dragon)),
        "a dragon triple and a dragon pair",
        "A triple of one dragon and a pair of another.",
        "b123 c456 d789 e111 e2 +e2 seat=s from=e"
    ),
    pattern!("h.23", "h.23", "Big Two Yuan", "大二元", Points(5), REGULAR.with_sequences(0, 2),
        Hand(|f| dragon_triples(f) >= 2),
        "two dragon triples",
        "Triples of two dragons.",
        "b123 c456 e111 e222 b5 +b5 seat=s from=e",
        aliases: ["two dragon pungs", "双箭刻", "雙箭刻"]),
    pattern!("h.24", "h.24", "Small Three Yuan", "小三元", Points(20), REGULAR.with_sequences(0, 2),
        Hand(|f| dragon_triples(f) >= 2 && pair_is(f, is_dragon)),
        "two dragon triples and a dragon pair",
        "Triples of two dragons and a pair of the third.",
        "b123 c456 e111 e222 e3 +e3 seat=s from=e",
        aliases: ["small three dragons", "little three dragons", "shousangen", "xiao san yuan", "siu saam yuen"]),
    pattern!("h.25", "h.25", "Big Three Yuan", "大三元", Points(60), REGULAR.with_sequences(0, 1),
        Hand(|f| dragon_triples(f) >= 3),
        "three dragon triples",
        "Triples of all three dragons.",
        "b123 e111 e222 e333 b5 +b5 seat=s from=e",
        aliases: ["big three dragons", "great three dragons", "three great scholars", "daisangen", "da san yuan", "daai saam yuen"]),
    pattern!("h.26", "h.26", "All U", "清么九", Points(100), REGULAR.with_sequences(0, 0), Hand(all_u),
        "every tile a U",
        "Every tile is a suited 1 or 9.",
        "b111 b999 c111 d999 c9 +c9 seat=s from=e",
        aliases: ["all terminals", "chinroutou", "qing yao jiu", "清幺九"]),
    pattern!("h.27", "h.27", "Wind Triple, Seat or Loop", "門風刻 圈風刻", Points(1), REGULAR,
        Each(wind_triple),
        "1 for a triple of the seat wind, 1 for a triple of the round wind",
        "A triple of the seat wind scores 1, a triple of the round wind (round=, default East) 1: 2 when they are one wind.",
        "b123 c456 d789 w222 b5 +b5 seat=s from=e",
        aliases: ["wind pung", "seat wind", "prevalent wind", "round wind", "門風刻", "圈風刻", "门风刻", "圈风刻"]),
    pattern!("h.28", "h.28", "Same Suit", "一般高", Points(2), REGULAR, Each(same_suit),
        "2 for each pair of identical runs (Table 3's 2-run, 1-suit cell)",
        "Two identical runs, the same numbers in the same suit, and no third run of those numbers: 2 points for each such group (Table 3's 2 runs, 1 suit cell, reported as h.28).",
        "b123123 c456 d789 w1 +w1 seat=s from=e",
        aliases: ["pure double chow", "two identical sequences", "iipeikou", "yi ban gao"]),
    pattern!("h.29", "h.29", "Open Quad", "明槓", Points(3), REGULAR, Hand(open_quad),
        "one open quad and no 4-in-k item (Table 2's O, none cell)",
        "One open quad [k] and no other quad or 4-in-k item: Table 2's (O, none) cell, reported as h.29.",
        "[k b2222] c456 d789 b567 w1 +w1 seat=s from=e",
        aliases: ["melded kong", "exposed kong", "minkan", "ming gang", "明杠"]),
    pattern!("h.30", "h.30", "Small Three Winds", "小三風", Points(5), REGULAR.with_sequences(0, 2),
        Hand(small_three_winds),
        "two wind triples and a wind pair",
        "Triples of two winds and a pair of a third.",
        "w111 w222 w3 b123 c456 +w3 seat=s from=e",
        aliases: ["little three winds", "xiao san feng", "小三风"]),
    pattern!("h.31", "h.31", "Big Three Winds", "大三風", Points(12), REGULAR.with_sequences(0, 1),
        Hand(|f| wind_triples(f) >= 3),
        "three wind triples",
        "Triples of three winds.",
        "w111 w222 w333 b123 c5 +c5 seat=s from=e",
        aliases: ["great three winds", "three wind pungs", "da san feng", "大三风", "三风刻", "三風刻"]),
    pattern!("h.32", "h.32", "Seven Pairs", "七對", Value::Computed { label: "20 + 2^N" },
        SEVEN_PAIRS_ONLY, Computed(seven_pairs),
        "seven pairs: 20 + 2^N, N the best of trains, colour and numbers",
        "Seven pairs, no meld; four identical tiles may be two pairs. N is the best of: A, trains (links 1→2→…→9 in a suit, a 9 to the 1 of another suit or to East, East→South→West→North→中→發→白; a single train of n pairs n − 1, a double or triple train of n pairs each 2n − 1 or 3n − 1, a super train of 4, 5, 6 or 7 pairs of one number 4, 5, 6 or 8; the best split); C, colour (five colours 3, two colours or one suit with honours 4, one colour 5); D, numbers (3 numbers 5, 2 or fewer 6).",
        "c112233 d5566 b99 w1 +w1 seat=s from=e",
        aliases: ["chiitoitsu", "chiitoi", "qi dui", "qi dui zi", "七对", "七对子", "七對子"]),
    pattern!("h.33", "h.33", "Small Four Winds", "小四喜", Points(30), REGULAR.with_sequences(0, 1),
        Hand(|f| wind_triples(f) >= 3 && pair_is(f, is_wind)),
        "three wind triples and a wind pair",
        "Triples of three winds and a pair of the fourth.",
        "w111 w222 w333 w4 b123 +w4 seat=s from=e",
        aliases: ["little four winds", "shousuushii", "xiao si xi", "siu sei hei"]),
    pattern!("h.34", "h.34", "Big Four Winds", "大四喜", Points(100), REGULAR.with_sequences(0, 0),
        Hand(|f| wind_triples(f) == 4),
        "four wind triples",
        "Triples of all four winds.",
        "w111 w222 w333 w444 b5 +b5 seat=s from=e",
        aliases: ["great four winds", "daisuushii", "da si xi", "daai sei hei"]),
    pattern!("h.35", "h.35", "All Suit", "平胡", Points(1), REGULAR.with_sequences(4, 4),
        Hand(|f| f.sets().iter().all(|s| s.kind == SetKind::Sequence) && no_honour(f)),
        "all 4 sets are runs; no honour",
        "Four runs and no honour anywhere, the pair included (note 6).",
        "b123 c456 d789 b456 c5 +c5 seat=s from=e",
        aliases: ["all chows", "all sequences", "all runs", "ping hu", "pinghu", "ping wu", "平和", "平糊"]),
    pattern!("h.36", "h.36", "Golden Rooster", "金雞獨立", Points(2), REGULAR,
        Hand(|f| f.melds().len() == 4 && f.melds().iter().all(|m| m.kind != MeldKind::ConcealedKong)),
        "all 4 sets are open melds, the single concealed tile paired by the winning tile",
        "All 4 sets are open melds [c] [p] [k]; the one concealed tile is paired by the winning tile (a self-draw too).",
        "[c b123] [c c456] [p d777] [p w222] e1 +e1 seat=s from=e",
        aliases: ["jin ji du li", "金鸡独立"]),
    pattern!("h.37", "h.37", "Three-Color Bi-Ribbon", "三色雙連", Points(3), REGULAR.with_sequences(4, 4),
        Hand(|f| bi(3, false)(f)),
        "4 runs in two couples of same-number runs, in 3 suits",
        "Four runs making two couples of same-number runs (a to a+2 twice, b to b+2 twice, a ≠ b), in three suits in all.",
        "b234 c234 d567 b567 w1 +w1 seat=s from=e",
        aliases: ["三色双连"]),
    pattern!("h.38", "h.38", "Three-Color Bi-Dragon", "三色雙龍", Points(4), REGULAR.with_sequences(4, 4),
        Hand(|f| bi(3, true)(f)),
        "a bi-ribbon of 123, 123, 789, 789 in 3 suits",
        "A bi-ribbon whose numbers are 123 and 789, in three suits in all.",
        "b123 c123 d789 b789 w1 +w1 seat=s from=e",
        aliases: ["三色双龙"]),
    pattern!("h.39", "h.39", "Two-Color Bi-Ribbon", "二色雙連", Points(5), REGULAR.with_sequences(4, 4),
        Hand(|f| bi(2, false)(f)),
        "a bi-ribbon in exactly 2 suits",
        "Four runs in two couples of same-number runs, in exactly two suits.",
        "b234 c234 b567 c567 w1 +w1 seat=s from=e",
        aliases: ["二色双连"]),
    pattern!("h.40", "h.40", "Two-Color Bi-Dragon", "二色雙龍", Points(7), REGULAR.with_sequences(4, 4),
        Hand(|f| bi(2, true)(f)),
        "a bi-dragon in exactly 2 suits",
        "A bi-ribbon of 123 and 789 in exactly two suits.",
        "b123 c123 b789 c789 w1 +w1 seat=s from=e",
        aliases: ["二色双龙"]),
    pattern!("h.41", "h.41", "One-Color Bi-Ribbon", "一色雙連", Points(12), REGULAR.with_sequences(4, 4),
        Hand(|f| bi(1, false)(f)),
        "a bi-ribbon in one suit",
        "Four runs of one suit in two couples of identical runs.",
        "[c b234] b234567567 w1 +w1 seat=s from=e",
        aliases: ["一色双连"]),
    pattern!("h.42", "h.42", "One-Color Bi-Dragon", "一色雙龍會", Points(20), REGULAR.with_sequences(4, 4),
        Hand(|f| bi(1, true)(f)),
        "123, 123, 789, 789 in one suit",
        "The runs 123, 123, 789, 789 of one suit.",
        "[c b123] b123789789 w1 +w1 seat=s from=e",
        aliases: ["yi se shuang long hui", "一色双龙会"]),
    pattern!(
        "h.43",
        "h.43",
        "Character Triples",
        "字刻",
        Points(60),
        REGULAR.with_sequences(0, 0),
        Hand(|f| all_sets_are(f, triple_of(Tile::is_honor))),
        "all 4 sets are honour triples (the pair is free)",
        "Each of the 4 sets is a triple (or quad) of an honour; the pair may be anything.",
        "w111 w222 e111 e222 b5 +b5 seat=s from=e"
    ),
    pattern!("h.44", "straight", "Two-Color Dragon", "二色龍", Points(1), REGULAR.with_sequences(3, 4),
        Hand(|f| straight_across(f, 2)),
        "runs 123, 456, 789 in exactly 2 suits",
        "The runs 123, 456 and 789 in exactly two suits. Of h.48, h.46 and h.44 only the highest the reading holds counts.",
        "b123 c456 b789 d555 w1 +w1 seat=s from=e",
        aliases: ["二色龙"]),
    pattern!("h.45", "h.45", "Single Tin", "獨聽", Points(2), REGULAR, Hand(single_tin),
        "the 13 tiles before the win waited on exactly one kind",
        "The 13 tiles before the win (melds included) waited on exactly one tile kind, counting every winning shape; a kind whose four copies are all in the hand is not waited on. Not with heaven.",
        "b123 c456 d789 b12 w11 +b3 seat=s from=e",
        aliases: ["single wait", "du ting", "独听"]),
    pattern!("h.46", "straight", "Three-Color Dragon", "花龍", Points(3), REGULAR.with_sequences(3, 4),
        Hand(|f| straight_across(f, 3)),
        "runs 123, 456, 789 in three different suits",
        "The runs 123, 456 and 789, each in a different suit.",
        "b123 c456 d789 b555 w1 +w1 seat=s from=e",
        aliases: ["mixed straight", "hua long", "花龙"]),
    pattern!("h.47", "h.47", "All in Triple", "碰碰胡", Points(5), REGULAR.with_sequences(0, 0),
        Hand(|f| all_sets_are(f, Set::is_triplet_or_kong)),
        "all 4 sets are triples",
        "Each of the 4 sets is a triple (or quad).",
        "b222 c333 d444 w111 e1 +e1 seat=s from=e",
        aliases: ["all pungs", "all pongs", "all triplets", "pung pung", "pong pong", "toitoi", "dui dui hu", "dui dui wu", "peng peng hu", "对对和", "對對和", "碰碰和"]),
    pattern!("h.48", "straight", "Mono Color Dragon", "清龍", Points(7), REGULAR.with_sequences(3, 4),
        Hand(|f| straight_across(f, 1)),
        "runs 123, 456, 789 of one suit",
        "The runs 123, 456 and 789 of one suit.",
        "c123 c456 c789 d5 [p e111] +d5 self seat=s tin=earth",
        aliases: ["pure straight", "ittsu", "ikkitsuukan", "yi qi tong guan", "一气通贯", "一氣通貫", "清龙", "qing long"]),
    pattern!("h.49", "h.49", "Three Numbers", "三數", Points(12), REGULAR,
        Hand(|f| numbers(f) <= 3),
        "the tiles show at most 3 numbers",
        "The tiles show at most three numbers; all winds count as one number, all dragons as another (note 12).",
        "b111 c111 d222 w333 b2 +b2 seat=s from=e",
        aliases: ["三数"]),
    pattern!("h.50", "h.50", "Four Triples in 2, 5, 8", "四將刻", Points(20), REGULAR.with_sequences(0, 0),
        Hand(|f| all_sets_are(f, triple_of(is_258))),
        "all 4 sets are triples of suited 2, 5 or 8 (the pair is free)",
        "Each of the 4 sets is a triple (or quad) of a suited 2, 5 or 8; the pair may be anything.",
        "b222 c555 d888 b555 w1 +w1 seat=s from=e",
        aliases: ["四将刻"]),
    pattern!("h.51", "h.51", "Two Numbers", "二數", Points(30), REGULAR,
        Hand(|f| numbers(f) <= 2),
        "the tiles show at most 2 numbers",
        "The tiles show at most two numbers (note 12).",
        "b111 c111 d111 w222 w3 +w3 seat=s from=e",
        aliases: ["二数"]),
    pattern!("h.52", "h.52", "Heaven Hu", "天胡", Points(200), ANY,
        Hand(|f| f.context().heaven()),
        "heaven: the dealer wins on his 14 dealt tiles",
        "The dealer wins on the 14 tiles dealt to him (seat e, a self-draw, no melds): heaven.",
        "b123 c456 d789 b789 w2 +w2 heaven",
        aliases: ["heavenly hand", "blessing of heaven", "hand from heaven", "tenhou", "tian hu", "tin wu", "天和"]),
    pattern!("h.53", "h.53", "Earth Hu", "地胡", Points(200), ANY,
        Hand(|f| f.context().earth()),
        "earth: a non-dealer wins on the dealer's first discard",
        "A player other than the dealer wins on the dealer's first discard, with no melds: earth.",
        "b123 c456 d789 b789 w2 +w2 earth seat=s",
        aliases: ["earthly hand", "blessing of earth", "hand from earth", "di hu", "dei wu", "地和"]),
    pattern!("h.54", "h.54", "Pair of 2, 5, 8", "二五八將", Points(1), REGULAR,
        Hand(|f| pair_is(f, is_258)),
        "the pair is a suited 2, 5 or 8",
        "The pair is a suited 2, 5 or 8.",
        "b123 c456 d789 w222 b5 +b5 seat=s from=e",
        aliases: ["er wu ba jiang", "二五八将"]),
    pattern!("h.55", "h.55", "Self Fetching", "自摸", Points(2), ANY,
        Hand(|f| f.context().self_drawn()),
        "self-drawn (self, kong or heaven)",
        "The winning tile was self-drawn: self, kong or heaven.",
        "b123 c456 d789 b555 w2 +w2 seat=s self",
        aliases: ["self drawn", "self draw", "tsumo", "zimo", "zi mo", "ji mo"]),
    pattern!("h.56", "h.56", "Last Card", "和絕張", Points(1), ANY,
        Hand(|f| f.context().words().flag(LASTCOPY_WORD)),
        "lastcopy: the winning tile is the last copy of its kind",
        "The winning tile is the last copy of its kind: the other three are visible (lastcopy).",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e lastcopy",
        aliases: ["last tile", "he jue zhang", "和绝张", "绝张", "絕張"]),
    pattern!("h.57", "h.57", "All Eight Flowers", "八仙過海", Points(200), DECLARED_ONLY,
        Hand(|f| all_flowers(f.context().words())),
        "flowers=8: 200 alone, whatever the tiles",
        "All eight flowers drawn (flowers=8): the hand wins on the flowers alone, 200 and nothing else, paid as a self-draw; no Tin needed.",
        "b123 c456 d789 b555 w2 +w2 seat=s self flowers=8",
        aliases: ["eight immortals crossing the sea", "ba xian guo hai", "八仙过海"]),
    pattern!("h.58", "h.58", "Quads and Four of a Kind", "槓與四歸", Value::Computed { label: "Table 2" },
        REGULAR, Computed(quads_and_items),
        "quads and 4-in-k items: Table 2",
        "Table 2: the row is the hand's quads, open (O) or hidden (H); the column the 4-in-k items (all four copies of a kind, not as a quad, over k groups: 2 a triple and a run, 3 the pair and two runs, 4 four runs); a cell's numbers by how many items are hidden (none of their groups open, first number none hidden).\n  quads \\ items  none  2      3      2,2        2,3         2,2,2          2,2,3           4       3,4         4,4          3,4,4            4,4,4\n  none           0     4 6    10 15  14 20 30   20 30 40    30 45 60 80    40 60 80 100    50 100  60 80 120   100 120 150  100 130 160 200  150 180 240 300\n  O              3     12 18  24 36  30 45 60   40 60 80\n  H              6     18 27  36 54  60 80 100  80 100 120\n  OO             12    24 36  48 72\n  OH             18    36 54  54 90\n  HH             24    45 75  60 100\n  OOO 24, OOH 30, OHH 36, HHH 48, OOOO 96, OOOH 120, OOHH 150, OHHH 180, HHHH 240 (none column)\nThe (O, none) cell is h.29.",
        "[ck b2222] c456 d789 b567 w1 +w1 seat=s from=e",
        aliases: ["杠与四归"]),
    pattern!("h.59", "h.59", "Duplicate Runs", "一色多同順", Value::Computed { label: "Table 3" },
        REGULAR, Each(duplicate_runs),
        "a cell of Table 3 (left) for each group of runs with the same numbers",
        "Runs with the same numbers form a group when there are two or more; one cell per group, by runs and suits (the 2-run, 1-suit cell is h.28):\n  runs  3 suits  2 suits  1 suit\n  2     -        1        2 (h.28)\n  3     3        7        16\n  4     12       25       100",
        "b123 c123 d456 b789 w1 +w1 seat=s from=e",
        aliases: ["一色多同顺"]),
    pattern!("h.60", "h.60", "Same-Number Triples", "同數刻", Value::Computed { label: "Table 3" },
        REGULAR, Each(same_number_triples),
        "a cell of Table 3 (right) for each number with suited triples in 2 or 3 suits",
        "For each number, suited triples of it in two suits (2x3) or all three (3x3), by number:\n         2, 5, 8  1, 9  others\n  2x3    4        3     2\n  3x3    16       12    8",
        "b333 c333 d456 b789 w1 +w1 seat=s from=e",
        aliases: ["同数刻"]),
    pattern!("h.61", "h.61", "Hidden Triples", "暗刻", Value::Computed { label: "Table 4" },
        REGULAR, Computed(hidden_triples),
        "triples concealed when Tin was declared: 1, 3, 9, 27 (Table 4)",
        "Concealed triples and hidden quads of the reading, but the one the winning tile completed (it was a pair when Tin was declared); with heaven every concealed triple:\n  triples  1  2  3  4\n  points   1  3  9  27",
        "b111 c222 d456 b789 w1 +w1 seat=s from=e",
        aliases: ["concealed pungs", "concealed triplets", "an ke"]),
    pattern!("h.62", "h.62", "Near-Last Draw", "海底前撈", Value::Percent(50), ANY,
        Hand(|f| (2..=4).contains(&last_n(f.context())) && f.context().self_drawn()),
        "last=2..4, self-drawn: +50 %",
        "The winning tile is the 2nd, 3rd or 4th last of the wall, self-drawn: +50 % (note 10 A a).",
        "b123 c456 d789 b555 w2 +w2 seat=s self last=3",
        aliases: ["海底前捞"]),
    pattern!("h.63", "h.63", "Near-Last Discard", "河底前撈", Value::Percent(25), ANY,
        Hand(|f| (2..=4).contains(&last_n(f.context())) && !f.context().self_drawn()),
        "last=2..4, on a discard: +25 %",
        "The winning tile, discarded, is the 2nd, 3rd or 4th last of the wall: +25 % (note 10 A b).",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e last=3",
        aliases: ["河底前捞"]),
    pattern!("h.64", "h.64", "Moon from the Sea Floor", "海底撈月", Value::Percent(100), ANY,
        Hand(|f| last_n(f.context()) == 1 && f.context().self_drawn()),
        "last, self-drawn: +100 %",
        "Self-drawn on the last tile of the wall: +100 % (note 10 B a).",
        "b123 c456 d789 b555 w2 +w2 seat=s self last",
        aliases: ["last tile draw", "final draw", "moon from the bottom of the sea", "haitei", "haitei raoyue", "hai di lao yue", "海底捞月", "妙手回春"]),
    pattern!("h.65", "h.65", "Last Discard", "河底撈魚", Value::Percent(50), ANY,
        Hand(|f| last_n(f.context()) == 1 && !f.context().self_drawn()),
        "last, on the last discard: +50 %",
        "Won on the last discard: +50 % (note 10 B b).",
        "b123 c456 d789 b555 w2 +w2 seat=s from=e last",
        aliases: ["last tile claim", "final discard", "houtei", "houtei raoyui", "he di lao yu", "河底捞鱼"]),
    pattern!("h.66", "h.66", "Ripping a Quad", "搶槓", Value::Percent(100), ANY,
        Hand(|f| f.context().robbed_kong()),
        "rob: +100 %",
        "Won on the tile another player adds to an open triple to make a quad: +100 % (note 11).",
        "b123 c456 d78 b555 w22 +d9 seat=s from=e rob",
        aliases: ["robbing the kong", "robbing a kong", "stealing the kong", "chankan", "qiang gang", "抢杠", "抢杠和"]),
    pattern!("h.67", "h.67", "Quad-Flowering", "槓上開花", Value::Percent(100), ANY,
        Hand(|f| f.context().kong_supplement()),
        "kong: +100 %",
        "Self-drawn on a quad's supplement tile: +100 % (note 11).",
        "[ck d1111] b123 c456 c789 e2 +e2 seat=s kong",
        aliases: ["out on a replacement tile", "out with replacement tile", "win on kong", "kong draw", "rinshan kaihou", "rinshan", "杠上开花", "嶺上開花", "岭上开花"]),
];

/// What an implication drops, written as a value the compiler can keep in a static (a
/// function's result could not be): `dropped!("h.14")` every instance of h.14,
/// `dropped!("h.28", "h.59"; 2)` two instances, each h.28 or h.59.
macro_rules! dropped {
    ($($id:literal),+) => {
        Dropped { ids: Cow::Borrowed(&[$(Cow::Borrowed($id)),+]), instances: None }
    };
    ($($id:literal),+; $instances:literal) => {
        Dropped { ids: Cow::Borrowed(&[$(Cow::Borrowed($id)),+]), instances: Some($instances) }
    };
}

/// An implication that always holds: when `counted` counts, `drops` do not.
macro_rules! row {
    ($counted:literal, [$($drop:expr),* $(,)?] $(,)?) => {
        Implication {
            counted: Cow::Borrowed($counted),
            when: None,
            drops: Cow::Borrowed(&[$($drop),*]),
        }
    };
}

/// The two duplicate-run groups a bi-ribbon's runs make, each h.28 or h.59.
const RUN_GROUPS: Dropped = dropped!("h.28", "h.59"; 2);

/// Implied, not counted (docs/rules-huang.md § Implied patterns are not counted), ordered
/// so that a row comes before the rows of the patterns it drops (a dropped pattern drops
/// nothing itself).
pub static IMPLICATIONS: [Implication; 29] = [
    row!(
        "h.9",
        [
            dropped!("h.12"),
            dropped!("h.16"),
            dropped!("h.43"),
            dropped!("h.47"),
            dropped!("h.49"),
            dropped!("h.51"),
        ],
    ),
    row!(
        "h.34",
        [
            dropped!("h.31"),
            dropped!("h.16"),
            dropped!("h.43"),
            dropped!("h.47"),
            dropped!("h.49"),
            dropped!("h.51"),
            dropped!("h.27"),
        ],
    ),
    row!(
        "h.26",
        [
            dropped!("h.12"),
            dropped!("h.14"),
            dropped!("h.16"),
            dropped!("h.17"),
            dropped!("h.47"),
            dropped!("h.49"),
            dropped!("h.51"),
            dropped!("h.21"; 1),
        ],
    ),
    row!(
        "h.17",
        [
            dropped!("h.16"),
            dropped!("h.47"),
            dropped!("h.49"),
            dropped!("h.21"; 1),
        ],
    ),
    row!(
        "h.43",
        [dropped!("h.47"), dropped!("h.16"), dropped!("h.49"),],
    ),
    row!("h.16", [dropped!("h.47")]),
    row!("h.50", [dropped!("h.47")]),
    row!("h.51", [dropped!("h.47"), dropped!("h.49")]),
    Implication {
        counted: Cow::Borrowed("h.15"),
        when: Some(one_number_is_u),
        drops: Cow::Borrowed(&[dropped!("h.14"), dropped!("h.12")]),
    },
    row!("h.14", [dropped!("h.12")]),
    row!("h.25", [dropped!("h.20"; 3), dropped!("h.23")],),
    row!(
        "h.24",
        [dropped!("h.20"; 2), dropped!("h.22"), dropped!("h.23"),],
    ),
    row!("h.23", [dropped!("h.20"; 2)]),
    row!("h.22", [dropped!("h.20"; 1)]),
    row!("h.33", [dropped!("h.30"), dropped!("h.31")]),
    row!("h.42", [dropped!("h.41"), dropped!("h.21"; 2), RUN_GROUPS,],),
    row!("h.38", [dropped!("h.37"), RUN_GROUPS]),
    row!("h.40", [dropped!("h.39"), RUN_GROUPS]),
    row!("h.37", [RUN_GROUPS]),
    row!("h.39", [RUN_GROUPS]),
    row!("h.41", [RUN_GROUPS]),
    row!("h.48", [dropped!("h.21"; 1)]),
    row!("h.32", [dropped!("h.1"), dropped!("h.45")]),
    row!(
        "h.18",
        [dropped!("h.1"), dropped!("h.13"), dropped!("h.45"),],
    ),
    row!("h.19", [dropped!("h.1"), dropped!("h.13")]),
    row!("h.36", [dropped!("h.45")]),
    row!(
        "h.52",
        [
            dropped!("h.1"),
            dropped!("h.55"),
            // The Tin patterns.
            dropped!("h.2"),
            dropped!("h.4"),
            dropped!("h.6"),
            dropped!("h.7"),
            dropped!("h.8"),
        ],
    ),
    row!(
        "h.53",
        [
            dropped!("h.1"),
            // The Tin patterns.
            dropped!("h.2"),
            dropped!("h.4"),
            dropped!("h.6"),
            dropped!("h.7"),
            dropped!("h.8"),
        ],
    ),
    row!("h.66", [dropped!("h.56")]),
];

/// The scheme a rules file written from nothing chooses with `scheme = "huang"`: this rule
/// set's payments, winning shapes, context words and deal, without its patterns.
pub(crate) fn scheme() -> RuleSet {
    HUANG.without_patterns("huang", "Huang's scheme (no patterns)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine reads the implications in order and a dropped pattern drops nothing, so
    /// a row must come before the rows of the patterns it drops (h.24 before h.23).
    #[test]
    fn an_implication_row_comes_before_the_rows_of_what_it_drops() {
        for (i, row) in IMPLICATIONS.iter().enumerate() {
            for id in row.drops.iter().flat_map(|d| d.ids.iter()) {
                if let Some(j) = IMPLICATIONS.iter().position(|r| r.counted == *id) {
                    assert!(i < j, "{} drops {id}, whose row comes first", row.counted);
                }
            }
        }
    }

    /// Every id the implications name is a pattern of the table.
    #[test]
    fn the_implications_name_patterns_of_the_table() {
        for row in &IMPLICATIONS {
            for id in
                std::iter::once(&row.counted).chain(row.drops.iter().flat_map(|d| d.ids.iter()))
            {
                assert!(PATTERNS.iter().any(|p| p.id == *id), "{id}");
            }
        }
    }
}
