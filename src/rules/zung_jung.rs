//! Zung Jung v3.3 and its World Series of Mahjong form: the 44 patterns, the chicken hand
//! of standard Zung Jung, the 320 limit, and the payoff scheme (docs/rules.md). `wsom` and
//! `zj` differ only in the minimum and the chicken hand
//! (docs/rules.md § Minimum and chicken hand).

use std::borrow::Cow;

use crate::arrange::Shape;
use crate::digits::write_uint;
use crate::hand::{Liable, WinContext};
use crate::patterns::{
    all_sequences, all_triplets, is_dragon, is_wind, mixed_one_suit, pair_is, pure_one_suit,
    rank_counts, Condition, Facts, Pattern, Value, ANY, NINE_GATES, REGULAR, REGULAR_OR_PAIRS,
    SEVEN_PAIRS_ONLY, THIRTEEN_TERMINALS_ONLY,
};
use crate::payment::Payments;
use crate::rule_set::{LimitRule, PaymentParams, PaymentRule, RuleSet, Wording};
use crate::sets::Set;
use crate::tile::{kinds, Seat, Suit, Tile};

/// Zung Jung's limit: 320 (docs/rules.md § Limits).
pub(crate) const LIMIT: u32 = 320;

/// Hands above this value won on a discard are paid mostly by the responsible player.
pub(crate) const STANDARD_VALUE: u32 = 25;

/// A pattern listed at 320 or more scores alone (the highest such); otherwise a sum of
/// 320 or more scores 320 (docs/rules.md § Limits).
const LIMIT_RULE: LimitRule = LimitRule {
    maximum: Some(LIMIT),
    alone_from: Some(LIMIT),
    reached_at_maximum: true,
};

const WSOM_WORDING: Wording = Wording {
    alone: "listed limit",
    capped: "compound limit",
    short_name: "WSOM",
    no_pattern: "no scoring pattern (a Chicken Hand)",
};

const PAYMENTS: PaymentRule = PaymentRule {
    pay,
    explain,
    winner_receives,
    params: PaymentParams {
        discard_from: STANDARD_VALUE,
        ..PaymentParams::NONE
    },
    keys: &["discard_from", "discarder_pays_all", "self_draw_times"],
};

/// World Series of Mahjong: Zung Jung v3.3 with a 5-point minimum (the default).
// Every shape wins, and the deal always passes (the WSOM rulebook: the old South becomes
// East; East never repeats, docs/sessions.md § Rulings): both the defaults.
pub static WSOM: RuleSet = RuleSet::new(
    "wsom",
    Cow::Borrowed("WSOM (Zung Jung v3.3, 5-point minimum)"),
    PATTERNS,
    PAYMENTS,
    WSOM_WORDING,
)
.with_minimum(5)
.with_limit(LIMIT_RULE);

/// Standard Zung Jung v3.3: no minimum; a hand with no pattern is a 1-point Chicken Hand.
pub static ZJ: RuleSet = RuleSet::new(
    "zj",
    Cow::Borrowed("Zung Jung v3.3 (standard, chicken hand 1)"),
    PATTERNS_WITH_CHICKEN,
    PAYMENTS,
    Wording {
        short_name: "ZJ",
        ..WSOM_WORDING
    },
)
.with_limit(LIMIT_RULE);

/// Why the payments split the way they do (docs/rules.md § Payments).
enum Case {
    /// Self-draw, or nobody responsible (`resp=none`): each other player pays X (times
    /// the self-draw's factor, 1 in Zung Jung).
    EachPays { self_draw: bool },
    /// Won on a discard, X ≤ 25: each other player pays X, the discarder included.
    SmallDiscard,
    /// Won on a discard, X > 25: the other two pay 25 each, this seat 3X − 50 (or 3X and
    /// the others nothing, where the discarder pays all).
    Responsible(Seat),
}

fn case(params: &PaymentParams, value: u32, context: &WinContext) -> Case {
    match context.responsible {
        Liable::NoneSelfDraw => Case::EachPays { self_draw: true },
        Liable::Nobody => Case::EachPays { self_draw: false },
        Liable::Discarder(_) | Liable::Named(_) if value <= params.discard_from => {
            Case::SmallDiscard
        }
        Liable::Discarder(seat) | Liable::Named(seat) => Case::Responsible(seat),
    }
}

/// What the two players who are not responsible pay each, above the standard value.
fn others_pay(params: &PaymentParams) -> i64 {
    if params.discarder_pays_all {
        0
    } else {
        i64::from(params.discard_from)
    }
}

/// Zung Jung's payoff scheme for competition (docs/rules.md § Payments): the winner always
/// receives 3 × X on a discard (25 + 25 + 3X − 50 when one player is responsible).
fn pay(params: &PaymentParams, value: u32, context: &WinContext) -> Payments {
    let x = i64::from(value);
    let others = others_pay(params);
    let case = case(params, value, context);
    Payments::losers_pay(context.seat, value, |seat| match case {
        Case::Responsible(responsible) if seat == responsible => 3 * x - 2 * others,
        Case::Responsible(_) => others,
        Case::EachPays { self_draw: true } => i64::from(params.self_draw_times) * x,
        _ => x,
    })
}

/// Restated for the invariants: 3 × X, times the self-draw's factor on a self-draw.
fn winner_receives(params: &PaymentParams, value: u32, context: &WinContext) -> i64 {
    let x = 3 * i64::from(value);
    match context.responsible {
        Liable::NoneSelfDraw => i64::from(params.self_draw_times) * x,
        _ => x,
    }
}

fn explain(out: &mut String, params: &PaymentParams, payments: &Payments, context: &WinContext) {
    let x = payments.value;
    let number = |out: &mut String, n: u64| {
        let _ = write_uint(out, n);
    };
    let standard = params.discard_from;
    match case(params, x, context) {
        Case::EachPays { self_draw } => {
            out.push_str(if self_draw {
                "self-draw"
            } else {
                "discard, nobody responsible (resp=none)"
            });
            out.push_str(": each player pays ");
            let times = u64::from(params.self_draw_times);
            if self_draw && times != 1 {
                // "self-draw: each player pays 2 × 40 = 80"
                number(out, times);
                out.push_str(" × ");
                number(out, x.into());
                out.push_str(" = ");
                number(out, times * u64::from(x));
            } else {
                number(out, x.into());
            }
        }
        // "discard, X ≤ 25: each player pays X"
        Case::SmallDiscard => {
            out.push_str("discard, ");
            number(out, x.into());
            out.push_str(" ≤ ");
            number(out, standard.into());
            out.push_str(": each player pays ");
            number(out, x.into());
        }
        // "discard, X > 25: South pays 3 × X − 50 = …, the others 25 each"
        Case::Responsible(seat) => {
            out.push_str("discard, ");
            number(out, x.into());
            out.push_str(" > ");
            number(out, standard.into());
            out.push_str(": ");
            out.push_str(seat.name());
            out.push_str(" pays 3 × ");
            number(out, x.into());
            if params.discarder_pays_all {
                // "South pays 3 × 40 = 120, the others nothing"
                out.push_str(" = ");
                number(out, 3 * u64::from(x));
                out.push_str(", the others nothing");
            } else {
                out.push_str(" − ");
                number(out, 2 * u64::from(standard));
                out.push_str(" = ");
                number(out, 3 * u64::from(x) - 2 * u64::from(standard));
                out.push_str(", the others ");
                number(out, standard.into());
                out.push_str(" each");
            }
        }
    }
}

// ---- predicates, in table order (the shared ones are in crate::patterns) ----

fn concealed_hand(f: &Facts) -> bool {
    !f.sets().iter().any(|s| s.melded)
}

fn no_terminals(f: &Facts) -> bool {
    f.holds_only(kinds::SIMPLES)
}

/// No melds, not even a concealed kong; the 13 tiles besides the winning tile are
/// 1112345678999 of one suit, and the winning tile is of that suit.
fn nine_gates(f: &Facts) -> bool {
    let Some(suit) = f.winning_tile().map(Tile::suit) else {
        return false;
    };
    // One suit and no honors first: a bit test that turns away most hands.
    pure_one_suit(f)
        && f.melds().is_empty()
        && suit.is_number()
        && rank_counts(f.concealed().iter().copied(), suit) == Some(NINE_GATES)
}

fn value_honor(set: &Set, f: &Facts) -> bool {
    set.is_triplet_or_kong()
        && (set.tile.suit() == Suit::Dragon || set.tile == f.context().seat().wind())
}

fn small_three_dragons(f: &Facts) -> bool {
    f.triplets_in(kinds::DRAGONS) >= 2 && pair_is(f, is_dragon)
}

fn big_three_dragons(f: &Facts) -> bool {
    f.triplets_in(kinds::DRAGONS) == 3
}

fn small_three_winds(f: &Facts) -> bool {
    f.triplets_in(kinds::WINDS) >= 2 && pair_is(f, is_wind)
}

fn big_three_winds(f: &Facts) -> bool {
    f.triplets_in(kinds::WINDS) >= 3
}

fn small_four_winds(f: &Facts) -> bool {
    f.triplets_in(kinds::WINDS) == 3 && pair_is(f, is_wind)
}

fn big_four_winds(f: &Facts) -> bool {
    f.triplets_in(kinds::WINDS) == 4
}

fn all_honors(f: &Facts) -> bool {
    f.holds_only(kinds::HONORS)
}

fn two_identical_sequences(f: &Facts) -> bool {
    f.max_identical_sequences() >= 2
}

/// Two groups of two identical sequences (four identical ones also make two groups,
/// but then 5.1.4 outranks this in the series).
fn two_identical_sequences_twice(f: &Facts) -> bool {
    // Two pairs of identical sequences take four sequences of two kinds at most: AABB, or
    // AAAA (two pairs of one sequence), but not AAAB.
    f.sequences().count() == 4 && f.different_sequences() <= 2 && f.max_identical_sequences() != 3
}

fn three_identical_sequences(f: &Facts) -> bool {
    f.max_identical_sequences() >= 3
}

fn four_identical_sequences(f: &Facts) -> bool {
    f.max_identical_sequences() == 4
}

const NUMBER_SUITS: [Suit; 3] = [Suit::Bamboo, Suit::Characters, Suit::Dots];

/// The ranks (bit r − 1 for rank r) at which `kinds`, a set of kinds, holds the kind of
/// every number suit: the three suits' nine bits laid over each other.
fn ranks_in_every_suit(kinds: u64) -> u64 {
    kinds & kinds >> 9 & kinds >> 18 & kinds::BAMBOO
}

fn three_similar_sequences(f: &Facts) -> bool {
    ranks_in_every_suit(f.sequence_starts()) != 0
}

fn small_three_similar_triplets(f: &Facts) -> bool {
    let Some(pair) = f.pair().filter(|p| p.suit().is_number()) else {
        return false;
    };
    let others = NUMBER_SUITS.iter().filter(|&&s| s != pair.suit());
    others
        .map(|&suit| Tile::new(suit, pair.rank()).expect("rank 1-9"))
        .all(|t| f.has_triplet(t))
}

fn three_similar_triplets(f: &Facts) -> bool {
    ranks_in_every_suit(f.triplet_kinds()) != 0
}

fn nine_tile_straight(f: &Facts) -> bool {
    NUMBER_SUITS.iter().any(|&suit| {
        [1, 4, 7]
            .iter()
            .all(|&rank| f.has_sequence(Tile::new(suit, rank).expect("rank 1-9")))
    })
}

/// Whether the reading has triplets (or kongs) of `length` (1 to 9) consecutive ranks of one
/// number suit: the starts where each of the next `length` kinds has one, among the ranks
/// where a run that long fits in its suit.
fn consecutive_triplets(f: &Facts, length: u32) -> bool {
    let triplets = f.triplet_kinds();
    // Ranks 1 to 10 − length of each number suit.
    let ranks = (1u64 << (10 - length)) - 1;
    let fitting = ranks | ranks << 9 | ranks << 18;
    (0..length).fold(fitting, |starts, step| starts & triplets >> step) != 0
}

/// Whether every set and the pair hold a tile of a kind in `kinds` (a regular reading).
fn every_group_holds(f: &Facts, kinds: u64) -> bool {
    f.every_set_holds(kinds) && f.pair().is_some_and(|p| kinds & 1 << p.index() != 0)
}

fn mixed_lesser_terminals(f: &Facts) -> bool {
    every_group_holds(f, kinds::TERMINALS | kinds::HONORS)
}

fn pure_lesser_terminals(f: &Facts) -> bool {
    every_group_holds(f, kinds::TERMINALS)
}

/// An All Triplets or Seven Pairs hand of terminals and honors only (the pattern's shapes
/// leave out Thirteen Terminals, which scores 160 plus 9.x only).
fn mixed_greater_terminals(f: &Facts) -> bool {
    let shape_ok = match f.arrangement.shape {
        Shape::Regular { .. } => all_triplets(f),
        Shape::SevenPairs { .. } => true,
        Shape::ThirteenTerminals { .. } | Shape::Declared | Shape::Special { .. } => false,
    };
    shape_ok && f.holds_only(kinds::TERMINALS | kinds::HONORS)
}

fn pure_greater_terminals(f: &Facts) -> bool {
    f.holds_only(kinds::TERMINALS)
}

/// The Zung Jung v3.3 patterns, in the rule book's order (docs/rules.md § The 44 patterns),
/// then the chicken hand, which only standard Zung Jung scores: WSOM's table is the same
/// table without its last entry.
static TABLE: [Pattern; 45] = [
    Pattern {
        id: Cow::Borrowed("1.1"),
        series: Cow::Borrowed("1.1"),
        name: Cow::Borrowed("All Sequences"),
        chinese: Cow::Borrowed("平和"),
        aliases: &["all chows", "all runs", "common hand", "ping hu", "pinghu", "ping wu", "平胡", "平糊"],
        value: Value::Points(5),
        shapes: REGULAR.with_sequences(4, 4),
        condition: Condition::Hand(all_sequences),
        summary: Cow::Borrowed("4 sequences; no triplets or kong"),
        details: Cow::Borrowed("The hand contains 4 sequences; no triplets or kong. There are no other restrictions as to the eyes pair, a single call, or a concealed hand."),
        example: Cow::Borrowed("b123345 d234678 e2 +e2"),
    },
    Pattern {
        id: Cow::Borrowed("1.2"),
        series: Cow::Borrowed("1.2"),
        name: Cow::Borrowed("Concealed Hand"),
        chinese: Cow::Borrowed("門前清"),
        aliases: &["closed hand", "menzen", "men qian qing", "mun chin ching", "门前清", "門清", "门清"],
        value: Value::Points(5),
        shapes: REGULAR,
        condition: Condition::Hand(concealed_hand),
        summary: Cow::Borrowed(
            "regular hand with no exposed set; concealed kong and winning on a discard are fine",
        ),
        details: Cow::Borrowed("A regular hand which is concealed, without melding any exposed sets before winning. Winning on a discard is fine; concealed kongs are fine. Irregular hands (Seven Pairs, Thirteen Terminals) do not count for it."),
        example: Cow::Borrowed("b123345 d234678 e2 +e2"),
    },
    Pattern {
        id: Cow::Borrowed("1.3"),
        series: Cow::Borrowed("1.3"),
        name: Cow::Borrowed("No Terminals"),
        chinese: Cow::Borrowed("斷么九"),
        aliases: &["all simples", "tanyao", "duan yao", "duan yao jiu", "断幺九", "断么九", "斷幺九", "断幺"],
        value: Value::Points(5),
        shapes: REGULAR_OR_PAIRS,
        condition: Condition::Hand(no_terminals),
        summary: Cow::Borrowed("only middle number tiles (2-8); no terminals or honors"),
        details: Cow::Borrowed("The hand consists entirely of middle number tiles (2 to 8); no terminals or honors. Also scores on Seven Pairs."),
        example: Cow::Borrowed("b222 c345456 d888 d2 +d2 self"),
    },
    Pattern {
        id: Cow::Borrowed("2.1.1"),
        series: Cow::Borrowed("2.1"),
        name: Cow::Borrowed("Mixed One-Suit"),
        chinese: Cow::Borrowed("混一色"),
        aliases: &["half flush", "mixed flush", "one suit with honors", "honitsu", "hun yi se", "hunyise", "wan yat sik"],
        value: Value::Points(40),
        shapes: REGULAR_OR_PAIRS,
        condition: Condition::Hand(mixed_one_suit),
        summary: Cow::Borrowed("number tiles of one suit, plus honor tiles"),
        details: Cow::Borrowed("The hand consists entirely of number tiles in one suit, plus honor tiles. Also scores on Seven Pairs."),
        example: Cow::Borrowed("[p d333] d456 d888 e333 w4 +w4 seat=n from=e"),
    },
    Pattern {
        id: Cow::Borrowed("2.1.2"),
        series: Cow::Borrowed("2.1"),
        name: Cow::Borrowed("Pure One-Suit"),
        chinese: Cow::Borrowed("清一色"),
        aliases: &["full flush", "pure flush", "clear hand", "chinitsu", "qing yi se", "qingyise", "ching yat sik"],
        value: Value::Points(80),
        shapes: REGULAR_OR_PAIRS,
        condition: Condition::Hand(pure_one_suit),
        summary: Cow::Borrowed("number tiles of one suit only"),
        details: Cow::Borrowed("The hand consists entirely of number tiles in one suit. Also scores on Seven Pairs."),
        example: Cow::Borrowed("b222234456888 b9 +b9 self"),
    },
    Pattern {
        id: Cow::Borrowed("2.2"),
        series: Cow::Borrowed("2.2"),
        name: Cow::Borrowed("Nine Gates"),
        chinese: Cow::Borrowed("九蓮寶燈"),
        aliases: &["nine lanterns", "chuuren poutou", "chuuren", "jiu lian bao deng", "gau lin bo dang", "九莲宝灯"],
        value: Value::Points(480),
        shapes: REGULAR,
        condition: Condition::Hand(nine_gates),
        summary: Cow::Borrowed("no melds; 1112345678999 of one suit, winning on any tile of that suit"),
        details: Cow::Borrowed("A 9-way call: with 1112345678999 of one suit in the hand, no melds and no kong, winning on any tile of the same suit. Listed limit: scores 480 alone."),
        example: Cow::Borrowed("c1112345678999 +c5 self"),
    },
    Pattern {
        id: Cow::Borrowed("3.1"),
        series: Cow::Borrowed("3.1"),
        name: Cow::Borrowed("Value Honor"),
        chinese: Cow::Borrowed("番牌"),
        aliases: &["value honour", "value tiles", "yakuhai", "fan pai", "dragon pung", "seat wind pung"],
        value: Value::Points(10),
        shapes: REGULAR,
        condition: Condition::EachSet(value_honor),
        summary: Cow::Borrowed("10 for each triplet or kong of the seat wind or of a dragon"),
        details: Cow::Borrowed("A triplet or kong of the seat wind (your own wind) or of a dragon: 10 points for each such set. The prevailing wind is not recognised."),
        example: Cow::Borrowed("b123 c456 e111 [p w222] d5 +d5 seat=s from=w"),
    },
    Pattern {
        id: Cow::Borrowed("3.2.1"),
        series: Cow::Borrowed("3.2"),
        name: Cow::Borrowed("Small Three Dragons"),
        chinese: Cow::Borrowed("小三元"),
        aliases: &["little three dragons", "shousangen", "xiao san yuan", "siu saam yuen"],
        value: Value::Points(40),
        shapes: REGULAR.with_sequences(0, 2),
        condition: Condition::Hand(small_three_dragons),
        summary: Cow::Borrowed("two dragon triplets/kong plus a dragon pair"),
        details: Cow::Borrowed("Two triplets or kong of dragons, plus a pair of dragons as the eyes. Always scores two Value Honors too, so at least 40 + 10 + 10 = 60."),
        example: Cow::Borrowed("e111 e222 e3 b234 c678 +e3 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("3.2.2"),
        series: Cow::Borrowed("3.2"),
        name: Cow::Borrowed("Big Three Dragons"),
        chinese: Cow::Borrowed("大三元"),
        aliases: &["great three dragons", "three great scholars", "daisangen", "da san yuan", "daai saam yuen"],
        value: Value::Points(130),
        shapes: REGULAR.with_sequences(0, 1),
        condition: Condition::Hand(big_three_dragons),
        summary: Cow::Borrowed("three dragon triplets/kong"),
        details: Cow::Borrowed("Three triplets or kong of dragons. Always scores three Value Honors too, so at least 130 + 10 + 10 + 10 = 160."),
        example: Cow::Borrowed("[p e111] [p e222] e333 b567 c1 +c1 seat=w from=n"),
    },
    Pattern {
        id: Cow::Borrowed("3.3.1"),
        series: Cow::Borrowed("3.3"),
        name: Cow::Borrowed("Small Three Winds"),
        chinese: Cow::Borrowed("小三風"),
        aliases: &["little three winds", "xiao san feng", "siu saam fung", "小三风"],
        value: Value::Points(30),
        shapes: REGULAR.with_sequences(0, 2),
        condition: Condition::Hand(small_three_winds),
        summary: Cow::Borrowed("two wind triplets/kong plus a wind pair"),
        details: Cow::Borrowed("Two triplets or kong of winds, plus a pair of winds as the eyes."),
        example: Cow::Borrowed("w111 w222 w3 b123 b789 +w3 seat=n self"),
    },
    Pattern {
        id: Cow::Borrowed("3.3.2"),
        series: Cow::Borrowed("3.3"),
        name: Cow::Borrowed("Big Three Winds"),
        chinese: Cow::Borrowed("大三風"),
        aliases: &["great three winds", "three wind pungs", "da san feng", "daai saam fung", "大三风", "三风刻", "三風刻"],
        value: Value::Points(120),
        shapes: REGULAR.with_sequences(0, 1),
        condition: Condition::Hand(big_three_winds),
        summary: Cow::Borrowed("three wind triplets/kong"),
        details: Cow::Borrowed("Three triplets or kong of winds."),
        example: Cow::Borrowed("[p w111] [p w222] [p w333] c456 d7 +d7 seat=w from=s"),
    },
    Pattern {
        id: Cow::Borrowed("3.3.3"),
        series: Cow::Borrowed("3.3"),
        name: Cow::Borrowed("Small Four Winds"),
        chinese: Cow::Borrowed("小四喜"),
        aliases: &["little four winds", "shousuushii", "xiao si xi", "siu sei hei"],
        value: Value::Points(320),
        shapes: REGULAR.with_sequences(0, 1),
        condition: Condition::Hand(small_four_winds),
        summary: Cow::Borrowed("three wind triplets/kong plus a wind pair"),
        details: Cow::Borrowed("Three triplets or kong of winds, plus a pair of winds as the eyes. Listed limit: scores 320 alone."),
        example: Cow::Borrowed("w111 w222 w333 w4 b456 +w4 self"),
    },
    Pattern {
        id: Cow::Borrowed("3.3.4"),
        series: Cow::Borrowed("3.3"),
        name: Cow::Borrowed("Big Four Winds"),
        chinese: Cow::Borrowed("大四喜"),
        aliases: &["great four winds", "daisuushii", "da si xi", "daai sei hei"],
        value: Value::Points(400),
        shapes: REGULAR.with_sequences(0, 0),
        condition: Condition::Hand(big_four_winds),
        summary: Cow::Borrowed("four wind triplets/kong"),
        details: Cow::Borrowed("Four triplets or kong of winds. Listed limit: scores 400 alone."),
        example: Cow::Borrowed("[p w111] [p w222] [p w333] [p w444] d9 +d9 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("3.4"),
        series: Cow::Borrowed("3.4"),
        name: Cow::Borrowed("All Honors"),
        chinese: Cow::Borrowed("字一色"),
        aliases: &["all honours", "all winds and dragons", "tsuuiisou", "zi yi se", "ziyise"],
        value: Value::Points(320),
        shapes: REGULAR_OR_PAIRS.with_sequences(0, 0),
        condition: Condition::Hand(all_honors),
        summary: Cow::Borrowed("honor tiles only"),
        details: Cow::Borrowed("The hand consists entirely of honor tiles (winds and dragons). Also scores on Seven Pairs. Listed limit: scores 320 alone."),
        example: Cow::Borrowed("w111 w222 e111 e222 e3 +e3 self"),
    },
    Pattern {
        id: Cow::Borrowed("4.1"),
        series: Cow::Borrowed("4.1"),
        name: Cow::Borrowed("All Triplets"),
        chinese: Cow::Borrowed("對對和"),
        aliases: &["all pungs", "all pongs", "pung pung", "pong pong", "toitoi", "dui dui hu", "dui dui wu", "pung pung wu", "对对和", "碰碰和", "碰碰胡"],
        value: Value::Points(30),
        shapes: REGULAR.with_sequences(0, 0),
        condition: Condition::Hand(all_triplets),
        summary: Cow::Borrowed("4 triplets/kong; no sequences"),
        details: Cow::Borrowed("The hand contains 4 triplets or kong; no sequences."),
        example: Cow::Borrowed("[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e"),
    },
    Pattern {
        id: Cow::Borrowed("4.2.1"),
        series: Cow::Borrowed("4.2"),
        name: Cow::Borrowed("Two Concealed Triplets"),
        chinese: Cow::Borrowed("二暗刻"),
        aliases: &["two concealed pungs", "shuang an ke", "双暗刻", "雙暗刻"],
        value: Value::Points(5),
        shapes: REGULAR.with_sequences(0, 2),
        condition: Condition::Hand(|f| f.concealed_triplets() >= 2),
        summary: Cow::Borrowed("two concealed triplets/concealed kong"),
        details: Cow::Borrowed("The hand contains two concealed triplets or concealed kong. A triplet completed by a discarded winning tile (or a robbed kong) is not concealed."),
        example: Cow::Borrowed("[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e"),
    },
    Pattern {
        id: Cow::Borrowed("4.2.2"),
        series: Cow::Borrowed("4.2"),
        name: Cow::Borrowed("Three Concealed Triplets"),
        chinese: Cow::Borrowed("三暗刻"),
        aliases: &["three concealed pungs", "sanankou", "san an ke"],
        value: Value::Points(30),
        shapes: REGULAR.with_sequences(0, 1),
        condition: Condition::Hand(|f| f.concealed_triplets() >= 3),
        summary: Cow::Borrowed("three concealed triplets/concealed kong"),
        details: Cow::Borrowed("The hand contains three concealed triplets or concealed kong. A triplet completed by a discarded winning tile is not concealed."),
        example: Cow::Borrowed("d222 d888 c222 b44 b55 +b5 seat=e from=n"),
    },
    Pattern {
        id: Cow::Borrowed("4.2.3"),
        series: Cow::Borrowed("4.2"),
        name: Cow::Borrowed("Four Concealed Triplets"),
        chinese: Cow::Borrowed("四暗刻"),
        aliases: &["four concealed pungs", "suuankou", "si an ke", "kan kan hu", "坎坎胡"],
        value: Value::Points(125),
        shapes: REGULAR.with_sequences(0, 0),
        condition: Condition::Hand(|f| f.concealed_triplets() == 4),
        summary: Cow::Borrowed("four concealed triplets/concealed kong"),
        details: Cow::Borrowed("The hand contains four concealed triplets or concealed kong: so it is always also a Concealed Hand and All Triplets, at least 125 + 5 + 30 = 160."),
        example: Cow::Borrowed("d222 d888 c222 b44 b55 +b5 seat=e self"),
    },
    Pattern {
        id: Cow::Borrowed("4.3.1"),
        series: Cow::Borrowed("4.3"),
        name: Cow::Borrowed("One Kong"),
        chinese: Cow::Borrowed("一槓"),
        aliases: &["一杠"],
        value: Value::Points(5),
        shapes: REGULAR.with_sequences(0, 3),
        condition: Condition::Hand(|f| f.kongs() >= 1),
        summary: Cow::Borrowed("one kong, exposed or concealed"),
        details: Cow::Borrowed("The hand contains one kong, exposed or concealed."),
        example: Cow::Borrowed("[k b2222] c123 c456 d789 w3 +w3 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("4.3.2"),
        series: Cow::Borrowed("4.3"),
        name: Cow::Borrowed("Two Kong"),
        chinese: Cow::Borrowed("二槓"),
        aliases: &["two kongs", "二杠"],
        value: Value::Points(20),
        shapes: REGULAR.with_sequences(0, 2),
        condition: Condition::Hand(|f| f.kongs() >= 2),
        summary: Cow::Borrowed("two kong"),
        details: Cow::Borrowed("The hand contains two kong, exposed or concealed."),
        example: Cow::Borrowed("[k b2222] [ck b5555] c123 c789 d7 +d7 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("4.3.3"),
        series: Cow::Borrowed("4.3"),
        name: Cow::Borrowed("Three Kong"),
        chinese: Cow::Borrowed("三槓"),
        aliases: &["three kongs", "sankantsu", "san gang", "三杠"],
        value: Value::Points(120),
        shapes: REGULAR.with_sequences(0, 1),
        condition: Condition::Hand(|f| f.kongs() >= 3),
        summary: Cow::Borrowed("three kong"),
        details: Cow::Borrowed("The hand contains three kong, exposed or concealed."),
        example: Cow::Borrowed("[k b2222] [k b5555] [ck c7777] d444 e1 +e1 seat=s from=w"),
    },
    Pattern {
        id: Cow::Borrowed("4.3.4"),
        series: Cow::Borrowed("4.3"),
        name: Cow::Borrowed("Four Kong"),
        chinese: Cow::Borrowed("四槓"),
        aliases: &["four kongs", "suukantsu", "si gang", "四杠", "十八羅漢", "十八罗汉"],
        value: Value::Points(480),
        shapes: REGULAR.with_sequences(0, 0),
        condition: Condition::Hand(|f| f.kongs() == 4),
        summary: Cow::Borrowed("four kong"),
        details: Cow::Borrowed("The hand contains four kong, exposed or concealed. Listed limit: scores 480 alone."),
        example: Cow::Borrowed("[k b2222] [k b5555] [k c7777] [ck e1111] d4 +d4 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("5.1.1"),
        series: Cow::Borrowed("5.1"),
        name: Cow::Borrowed("Two Identical Sequences"),
        chinese: Cow::Borrowed("一般高"),
        aliases: &["pure double chow", "two identical chows", "iipeikou", "yi ban gao"],
        value: Value::Points(10),
        shapes: REGULAR.with_sequences(2, 4),
        condition: Condition::Hand(two_identical_sequences),
        summary: Cow::Borrowed("two sequences of the same suit and numbers"),
        details: Cow::Borrowed("Two sequences in the same suit in the same numbers."),
        example: Cow::Borrowed("b345345 c678 d234 w2 +w2 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("5.1.2"),
        series: Cow::Borrowed("5.1"),
        name: Cow::Borrowed("Two Identical Sequences Twice"),
        chinese: Cow::Borrowed("兩般高"),
        aliases: &["twice pure double chow", "ryanpeikou", "liang ban gao", "两般高"],
        value: Value::Points(60),
        shapes: REGULAR.with_sequences(4, 4),
        condition: Condition::Hand(two_identical_sequences_twice),
        summary: Cow::Borrowed("two groups of Two Identical Sequences"),
        details: Cow::Borrowed("The hand contains two groups of Two Identical Sequences."),
        example: Cow::Borrowed("b345345 d789789 c5 +c5 self"),
    },
    Pattern {
        id: Cow::Borrowed("5.1.3"),
        series: Cow::Borrowed("5.1"),
        name: Cow::Borrowed("Three Identical Sequences"),
        chinese: Cow::Borrowed("一色三同順"),
        aliases: &["pure triple chow", "three identical chows", "yi se san tong shun", "一色三同顺"],
        value: Value::Points(120),
        shapes: REGULAR.with_sequences(3, 4),
        condition: Condition::Hand(three_identical_sequences),
        summary: Cow::Borrowed("three sequences of the same suit and numbers"),
        details: Cow::Borrowed("Three sequences in the same suit in the same numbers."),
        example: Cow::Borrowed("b55566777 c123 d55 +b6 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("5.1.4"),
        series: Cow::Borrowed("5.1"),
        name: Cow::Borrowed("Four Identical Sequences"),
        chinese: Cow::Borrowed("一色四同順"),
        aliases: &["quadruple chow", "four identical chows", "yi se si tong shun", "一色四同顺"],
        value: Value::Points(480),
        shapes: REGULAR.with_sequences(4, 4),
        condition: Condition::Hand(four_identical_sequences),
        summary: Cow::Borrowed("four sequences of the same suit and numbers"),
        details: Cow::Borrowed("Four sequences in the same suit in the same numbers. Listed limit: scores 480 alone."),
        example: Cow::Borrowed("b234234234234 d5 +d5 self"),
    },
    Pattern {
        id: Cow::Borrowed("6.1"),
        series: Cow::Borrowed("6.1"),
        name: Cow::Borrowed("Three Similar Sequences"),
        chinese: Cow::Borrowed("三色同順"),
        aliases: &["mixed triple chow", "three similar chows", "sanshoku", "sanshoku doujun", "san se tong shun", "三色同顺", "三色三同顺"],
        value: Value::Points(35),
        shapes: REGULAR.with_sequences(3, 4),
        condition: Condition::Hand(three_similar_sequences),
        summary: Cow::Borrowed("sequences of the same numbers in all three suits"),
        details: Cow::Borrowed("Three sequences in the same numbers across the three suits. Two-suit patterns are not recognised."),
        example: Cow::Borrowed("b567 c567 d567 b999 w1 +w1 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("6.2.1"),
        series: Cow::Borrowed("6.2"),
        name: Cow::Borrowed("Small Three Similar Triplets"),
        chinese: Cow::Borrowed("三色小同刻"),
        aliases: &[],
        value: Value::Points(30),
        shapes: REGULAR.with_sequences(0, 2),
        condition: Condition::Hand(small_three_similar_triplets),
        summary: Cow::Borrowed("triplets/kong of one number in two suits, the pair of that number in the third"),
        details: Cow::Borrowed("Two triplets or kong in the same number in two suits, and the eyes pair in the same number in the third suit."),
        example: Cow::Borrowed("b444 c444 d4 b678 e333 +d4 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("6.2.2"),
        series: Cow::Borrowed("6.2"),
        name: Cow::Borrowed("Three Similar Triplets"),
        chinese: Cow::Borrowed("三色同刻"),
        aliases: &["triple pung", "three similar pungs", "sanshoku doukou", "san tong ke", "三同刻"],
        value: Value::Points(120),
        shapes: REGULAR.with_sequences(0, 1),
        condition: Condition::Hand(three_similar_triplets),
        summary: Cow::Borrowed("triplets/kong of the same number in all three suits"),
        details: Cow::Borrowed("Three triplets or kong in the same number across the three suits."),
        example: Cow::Borrowed("[p b444] [p c444] d444 b678 e3 +e3 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("7.1"),
        series: Cow::Borrowed("7.1"),
        name: Cow::Borrowed("Nine-Tile Straight"),
        chinese: Cow::Borrowed("一氣通貫"),
        aliases: &["pure straight", "straight", "ittsu", "ikkitsuukan", "yi qi tong guan", "一气通贯", "清龙", "清龍", "qing long"],
        value: Value::Points(40),
        shapes: REGULAR.with_sequences(3, 4),
        condition: Condition::Hand(nine_tile_straight),
        summary: Cow::Borrowed("sequences 123, 456 and 789 of one suit"),
        details: Cow::Borrowed("A 123 sequence, a 456 sequence and a 789 sequence, all in the same suit. The hand must contain exactly those three sequences."),
        example: Cow::Borrowed("b66 c12345678 d111 +c9 self seat=s"),
    },
    Pattern {
        id: Cow::Borrowed("7.2.1"),
        series: Cow::Borrowed("7.2"),
        name: Cow::Borrowed("Three Consecutive Triplets"),
        chinese: Cow::Borrowed("三連刻"),
        aliases: &["pure shifted pungs", "three consecutive pungs", "sanrenkou", "三连刻", "一色三节高", "一色三節高"],
        value: Value::Points(100),
        shapes: REGULAR.with_sequences(0, 1),
        condition: Condition::Hand(|f| consecutive_triplets(f, 3)),
        summary: Cow::Borrowed("three triplets/kong in consecutive numbers of one suit"),
        details: Cow::Borrowed("Three triplets or kong in consecutive numbers in the same suit."),
        example: Cow::Borrowed("[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e"),
    },
    Pattern {
        id: Cow::Borrowed("7.2.2"),
        series: Cow::Borrowed("7.2"),
        name: Cow::Borrowed("Four Consecutive Triplets"),
        chinese: Cow::Borrowed("四連刻"),
        aliases: &["four pure shifted pungs", "four consecutive pungs", "suurenkou", "四连刻", "一色四节高", "一色四節高"],
        value: Value::Points(200),
        shapes: REGULAR.with_sequences(0, 0),
        condition: Condition::Hand(|f| consecutive_triplets(f, 4)),
        summary: Cow::Borrowed("four triplets/kong in consecutive numbers of one suit"),
        details: Cow::Borrowed("Four triplets or kong in consecutive numbers in the same suit."),
        example: Cow::Borrowed("[p b111] [p b222] [p b333] [p b444] e3 +e3 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("8.1.1"),
        series: Cow::Borrowed("8.1"),
        name: Cow::Borrowed("Mixed Lesser Terminals"),
        chinese: Cow::Borrowed("混全帶么"),
        aliases: &["outside hand", "chanta", "chantaiyao", "hun quan dai yao", "混全带幺", "混全带么", "全带幺"],
        value: Value::Points(40),
        shapes: REGULAR,
        condition: Condition::Hand(mixed_lesser_terminals),
        summary: Cow::Borrowed("every set and the pair include a terminal or honor tile"),
        details: Cow::Borrowed("Every one of the 4 sets, and the pair of eyes, includes a terminal (1 or 9) or an honor tile."),
        example: Cow::Borrowed("b123 c789 b999 e111 d1 +d1 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("8.1.2"),
        series: Cow::Borrowed("8.1"),
        name: Cow::Borrowed("Pure Lesser Terminals"),
        chinese: Cow::Borrowed("純全帶么"),
        aliases: &["pure outside hand", "junchan", "chun quan dai yao", "纯全带幺", "纯全带么"],
        value: Value::Points(50),
        shapes: REGULAR,
        condition: Condition::Hand(pure_lesser_terminals),
        summary: Cow::Borrowed("every set and the pair include a terminal number tile"),
        details: Cow::Borrowed("Every one of the 4 sets, and the pair of eyes, includes a terminal number tile (1 or 9); no honors."),
        example: Cow::Borrowed("b123 c789 b999 d999 d1 +d1 self"),
    },
    Pattern {
        id: Cow::Borrowed("8.1.3"),
        series: Cow::Borrowed("8.1"),
        name: Cow::Borrowed("Mixed Greater Terminals"),
        chinese: Cow::Borrowed("混么九"),
        aliases: &["all terminals and honors", "all terminals and honours", "honroutou", "hun yao jiu", "混幺九"],
        value: Value::Points(100),
        shapes: REGULAR_OR_PAIRS.with_sequences(0, 0),
        condition: Condition::Hand(mixed_greater_terminals),
        summary: Cow::Borrowed("All Triplets or Seven Pairs of terminal and honor tiles only"),
        details: Cow::Borrowed("An All Triplets or Seven Pairs hand consisting entirely of terminal and honor tiles. Not applicable to Thirteen Terminals."),
        example: Cow::Borrowed("[p b111] c999 e111 e222 d1 +d1 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("8.1.4"),
        series: Cow::Borrowed("8.1"),
        name: Cow::Borrowed("Pure Greater Terminals"),
        chinese: Cow::Borrowed("清么九"),
        aliases: &["all terminals", "chinroutou", "qing yao jiu", "清幺九"],
        value: Value::Points(400),
        shapes: REGULAR_OR_PAIRS.with_sequences(0, 0),
        condition: Condition::Hand(pure_greater_terminals),
        summary: Cow::Borrowed("terminal number tiles only"),
        details: Cow::Borrowed("The hand consists entirely of terminal number tiles (1 and 9). Also scores on Seven Pairs. Listed limit: scores 400 alone."),
        example: Cow::Borrowed("b111999 d111 c111 c9 +c9 self"),
    },
    Pattern {
        id: Cow::Borrowed("9.1.1"),
        series: Cow::Borrowed("9.1"),
        name: Cow::Borrowed("Final Draw"),
        chinese: Cow::Borrowed("海底撈月"),
        aliases: &["last tile draw", "moon from the bottom of the sea", "haitei", "haitei raoyue", "hai di lao yue", "海底捞月", "妙手回春"],
        value: Value::Points(10),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().last_tile() && f.context().self_drawn()),
        summary: Cow::Borrowed("self-draw win on the last tile of the wall"),
        details: Cow::Borrowed("Self-draw win on the seabed tile: the last tile of the wall, not counting the dead wall. Write `last self`."),
        example: Cow::Borrowed("b123 c456 d789 b5 w333 +b5 self last seat=w"),
    },
    Pattern {
        id: Cow::Borrowed("9.1.2"),
        series: Cow::Borrowed("9.1"),
        name: Cow::Borrowed("Final Discard"),
        chinese: Cow::Borrowed("河底撈魚"),
        aliases: &["last tile claim", "last discard", "houtei", "houtei raoyui", "he di lao yu", "河底捞鱼"],
        value: Value::Points(10),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().last_tile() && !f.context().self_drawn()),
        summary: Cow::Borrowed("winning on the last discard"),
        details: Cow::Borrowed("Winning on the riverbed tile: the last discard, made by the player who drew the seabed tile. Write `last` on a discard win."),
        example: Cow::Borrowed("b123 c456 d789 b5 w333 +b5 last seat=w from=n"),
    },
    Pattern {
        id: Cow::Borrowed("9.2"),
        series: Cow::Borrowed("9.2"),
        name: Cow::Borrowed("Win on Kong"),
        chinese: Cow::Borrowed("嶺上開花"),
        aliases: &["out on a replacement tile", "out with replacement tile", "kong draw", "rinshan kaihou", "rinshan", "岭上开花", "杠上开花", "槓上開花"],
        value: Value::Points(10),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().kong_supplement()),
        summary: Cow::Borrowed("self-draw win on a kong's supplement tile"),
        details: Cow::Borrowed("Self-draw win on a supplement tile drawn after declaring a kong. If the supplement is also the seabed tile, Final Draw counts as well. Write `kong`."),
        example: Cow::Borrowed("[ck d1111] b123 c456 c789 e2 +e2 kong"),
    },
    Pattern {
        id: Cow::Borrowed("9.3"),
        series: Cow::Borrowed("9.3"),
        name: Cow::Borrowed("Robbing a Kong"),
        chinese: Cow::Borrowed("搶槓"),
        aliases: &["robbing the kong", "stealing the kong", "chankan", "qiang gang", "抢杠", "抢杠和", "搶槓和"],
        value: Value::Points(10),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().robbed_kong()),
        summary: Cow::Borrowed("winning on the tile of another player's small exposed kong"),
        details: Cow::Borrowed("Winning by robbing a kong: taking the tile another player adds to his exposed pung to make a small exposed kong. Write `rob`."),
        example: Cow::Borrowed("b123 c456 d789 w22 b7 b8 +b9 rob from=s"),
    },
    Pattern {
        id: Cow::Borrowed("9.4.1"),
        series: Cow::Borrowed("9.4"),
        name: Cow::Borrowed("Blessing of Heaven"),
        chinese: Cow::Borrowed("天和"),
        aliases: &["heavenly hand", "hand from heaven", "tenhou", "tian hu", "tin wu", "天胡"],
        value: Value::Points(155),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().heaven()),
        summary: Cow::Borrowed("East winning with his initial 14 tiles"),
        details: Cow::Borrowed("East winning with his initial 14-tile hand. Invalid if East has made a concealed kong. Write `heaven`."),
        example: Cow::Borrowed("b123 c456 d789 b789 w2 +w2 heaven"),
    },
    Pattern {
        id: Cow::Borrowed("9.4.2"),
        series: Cow::Borrowed("9.4"),
        name: Cow::Borrowed("Blessing of Earth"),
        chinese: Cow::Borrowed("地和"),
        aliases: &["earthly hand", "hand from earth", "di hu", "dei wu", "地胡"],
        value: Value::Points(155),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().earth()),
        summary: Cow::Borrowed("a non-East player winning on East's very first discard with his initial 13 tiles"),
        details: Cow::Borrowed("A non-East player calling with his initial 13-tile hand and winning on East's very first discard. Invalid if East has made a concealed kong. Write `earth`."),
        example: Cow::Borrowed("b123 c456 d789 b789 w2 +w2 earth seat=s"),
    },
    Pattern {
        id: Cow::Borrowed("10.1"),
        series: Cow::Borrowed("10.1"),
        name: Cow::Borrowed("Thirteen Terminals"),
        chinese: Cow::Borrowed("十三么九"),
        aliases: &["thirteen orphans", "13 orphans", "kokushi", "kokushi musou", "shi san yao", "sap saam yiu", "十三么", "十三幺", "十三幺九"],
        value: Value::Points(160),
        shapes: THIRTEEN_TERMINALS_ONLY,
        condition: Condition::Hand(|_| true),
        summary: Cow::Borrowed("one of each of the 13 terminals and honors, plus a second of one of them"),
        details: Cow::Borrowed("Among the 13 kinds of terminals and honors, one pair of one kind and one tile of each of the other 12. Scores 160 plus incidental bonuses (9.x) only."),
        example: Cow::Borrowed("b19 c19 d19 w1234 e123 +e3"),
    },
    Pattern {
        id: Cow::Borrowed("10.2"),
        series: Cow::Borrowed("10.2"),
        name: Cow::Borrowed("Seven Pairs"),
        chinese: Cow::Borrowed("七對子"),
        aliases: &["chiitoitsu", "chiitoi", "qi dui", "qi dui zi", "七对子", "七对", "七對"],
        value: Value::Points(30),
        shapes: SEVEN_PAIRS_ONLY,
        condition: Condition::Hand(|_| true),
        summary: Cow::Borrowed("seven pairs; four identical tiles may be two pairs"),
        details: Cow::Borrowed("The hand consists of seven pairs. Four identical tiles count as two pairs as long as no kong is declared. It cannot count patterns that need triplets, kong or sequences (nor Concealed Hand), but counts those that do not (1.3, 2.1.x, 3.4, 8.1.3, 8.1.4, 9.x)."),
        example: Cow::Borrowed("b1133 c5577 d22 w33 e1 +e1 self"),
    },
    CHICKEN_HAND,
];

/// Standard Zung Jung's token point for a hand with no pattern
/// (docs/rules.md § Minimum and chicken hand). Not one of the 44 patterns: it counts only
/// when nothing else applies.
const CHICKEN_HAND: Pattern = Pattern {
    id: Cow::Borrowed("chicken"),
    series: Cow::Borrowed("chicken"),
    name: Cow::Borrowed("Chicken Hand"),
    chinese: Cow::Borrowed("雞和"),
    aliases: &["chicken", "gai wu", "ji hu", "鸡和", "雞糊", "鸡糊", "雞胡", "鸡胡"],
    value: Value::Points(1),
    shapes: ANY,
    condition: Condition::Fallback,
    summary: Cow::Borrowed("a winning hand with no pattern scores a token 1 point"),
    details: Cow::Borrowed("Standard Zung Jung only (`--rules zj`): a winning hand with no pattern scores a token 1 point. Under WSOM it is a false win."),
    example: Cow::Borrowed("[c b123] [p w333] c456 d789 d2 +d2 from=s"),
};

/// The 44 patterns, for WSOM.
pub static PATTERNS: &[Pattern] = TABLE.split_at(44).0;

/// The 44 patterns and the chicken hand, for standard Zung Jung.
static PATTERNS_WITH_CHICKEN: &[Pattern] = &TABLE;

/// The scheme a rules file written from nothing chooses with `scheme = "zung_jung"`: this rule
/// set's payments, winning shapes, context words and deal, without its patterns.
pub(crate) fn scheme() -> RuleSet {
    ZJ.without_patterns("zung_jung", "Zung Jung's scheme (no patterns)")
}
