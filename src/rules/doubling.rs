//! The doubling table ("Mahjong Scoring", Kevin & Connie Lacobie) as data:
//! conditions a–l, the special hands, the maximum, the prevailing wind (`round=`) and the
//! doubling payments. Its rulings are in docs/rules-doubling.md.
//!
//! Points here are few (a hand rarely passes 10) because each point doubles the payout.
//! Special hands are worth the chosen maximum (13 unless `--max N`), the two "small" ones
//! one less, and score alone unless the capped sum of the conditions is worth more.

use std::borrow::Cow;

use crate::digits::{write_int, write_uint};
use crate::hand::{Liable, WinContext};
use crate::patterns::{
    all_sequences, all_triplets, is_dragon, is_wind, mixed_one_suit, pair_is, pure_one_suit,
    hand_holds_at_least, Condition, Facts, Pattern, Value, ANY, NINE_GATES, REGULAR,
    THIRTEEN_TERMINALS_ONLY,
};
use crate::payment::Payments;
use crate::rule_set::{DealRule, LimitRule, PaymentParams, PaymentRule, RuleSet, Shapes, Wording};
use crate::sets::Set;
use crate::tile::{kinds, Seat, Suit};
use crate::words::{WordSpec, WordValues};

/// The maximum unless `--max` says otherwise.
pub(crate) const DEFAULT_MAXIMUM: u32 = 13;

/// The most points the doubling payout is computed for: 2^30 each keeps every sum in range.
pub(crate) const MAX_POINTS: u32 = 30;

/// The doubling table's own words: the prevailing wind.
pub static WORDS: [WordSpec; 1] = [WordSpec {
    key: "round",
    values: WordValues::Seat,
    default: Seat::East as u8,
    meaning: "the prevailing wind (default e)",
}];

/// Index of `round=` in [`WORDS`].
pub const ROUND: usize = 0;

/// The doubling table (`--rules doubling`): points double the payout, a ½-point chicken
/// hand, special hands worth the maximum (13 unless `--max`), the prevailing wind
/// (`round=`). No Seven Pairs. Rulings in docs/rules-doubling.md.
pub static DOUBLING: RuleSet = with_maximum_named(
    DEFAULT_MAXIMUM,
    Cow::Borrowed("Doubling table (Kevin & Connie Lacobie, Mahjong Scoring, 2019; maximum 13)"),
);

/// The doubling table with another maximum (`--max N`).
pub fn with_maximum(maximum: u32) -> RuleSet {
    let name = format!(
        "Doubling table (Kevin & Connie Lacobie, Mahjong Scoring, 2019; maximum {maximum})"
    );
    with_maximum_named(maximum, Cow::Owned(name))
}

const fn with_maximum_named(maximum: u32, name: Cow<'static, str>) -> RuleSet {
    let payments = PaymentRule {
        pay,
        explain,
        winner_receives,
        params: PaymentParams {
            self_draw_times: 2,
            discarder_times: 2,
            ..PaymentParams::NONE
        },
        keys: &["self_draw_times", "discarder_times"],
    };
    let wording = Wording {
        alone: "special hand",
        capped: "maximum",
        short_name: "DOUBLING",
        no_pattern: "no scoring pattern",
    };
    RuleSet::new("doubling", name, &PATTERNS, payments, wording)
        .with_shapes(Shapes {
            seven_pairs: false,
            special: false,
            ..ANY
        })
        // A special hand scores alone, unless the capped sum is more
        // (docs/rules-doubling.md); a sum is shown as capped only when it passes the
        // maximum.
        .with_limit(LimitRule {
            maximum: Some(maximum),
            alone_from: None,
            reached_at_maximum: false,
        })
        .with_words(&WORDS)
        // The document knows a dealer (East, "your seat is determined in relation to the
        // dealer") and a prevailing wind, and never says the deal always passes: East keeps
        // it when he wins, as at most tables (docs/sessions.md).
        .with_deal(DealRule::DEALER_KEEPS_ON_WIN)
}

/// The payout for `points`: 2^points (the ½-point chicken hand, counted 0, pays 1).
fn payout(points: u32) -> i64 {
    1i64 << points.min(MAX_POINTS)
}

/// The table's payments: each other player pays the payout, the responsible discarder pays
/// double, and on a self-draw every player pays double. The winner receives the sum.
fn pay(params: &PaymentParams, points: u32, context: &WinContext) -> Payments {
    let payout = payout(points);
    Payments::losers_pay(context.seat, points, |seat| {
        let times = match context.responsible {
            Liable::NoneSelfDraw => params.self_draw_times,
            responsible if responsible.seat() == Some(seat) => params.discarder_times,
            _ => 1,
        };
        i64::from(times) * payout
    })
}

/// "double", "triple", "4 times": how many payouts a player pays.
fn times_word(out: &mut String, times: u32) {
    match times {
        1 => out.push_str("the payout"),
        2 => out.push_str("double"),
        3 => out.push_str("triple"),
        _ => {
            let _ = write_uint(out, times.into());
            out.push_str(" times");
        }
    }
}

fn explain(out: &mut String, params: &PaymentParams, payments: &Payments, context: &WinContext) {
    let x = payments.value;
    out.push_str(match context.responsible {
        Liable::NoneSelfDraw => "self-draw: ",
        Liable::Nobody => "discard, nobody responsible (resp=none): ",
        Liable::Discarder(_) | Liable::Named(_) => "discard: ",
    });
    // Only the ½-point chicken is paid on 0 points (a claim is at least 1): its half point
    // is said in words, as 2^½ would be no whole payout.
    if x == 0 {
        out.push_str("payout 1 (the ½-point chicken pays as 0 points: 2^0 = 1)");
    } else {
        out.push_str("payout 2^");
        let _ = write_uint(out, x.into());
        out.push_str(" = ");
        let _ = write_int(out, payout(x));
    }
    match context.responsible {
        Liable::NoneSelfDraw => {
            out.push_str(", each player pays ");
            times_word(out, params.self_draw_times);
        }
        Liable::Nobody => {}
        Liable::Discarder(seat) | Liable::Named(seat) => {
            out.push_str(", ");
            out.push_str(seat.name());
            out.push_str(" pays ");
            times_word(out, params.discarder_times);
        }
    }
}

/// Restated for the invariants: 2^points from each, doubled for the responsible player, or
/// for everyone on a self-draw.
fn winner_receives(params: &PaymentParams, points: u32, context: &WinContext) -> i64 {
    let each = payout(points);
    match context.responsible {
        Liable::NoneSelfDraw => 3 * i64::from(params.self_draw_times) * each,
        Liable::Nobody => 3 * each,
        Liable::Discarder(_) | Liable::Named(_) => {
            (2 + i64::from(params.discarder_times)) * each
        }
    }
}

/// Condition a: nothing else matches. Worth ½, counted 0 (payout 2^0 = 1).
const CHICKEN: Pattern = Pattern {
    id: Cow::Borrowed("d.a"),
    series: Cow::Borrowed("d.a"),
    name: Cow::Borrowed("Chicken"),
    chinese: Cow::Borrowed("雞和"),
    aliases: &["chicken hand", "gai wu", "ji hu", "鸡和", "雞糊", "鸡糊", "雞胡", "鸡胡"],
    value: Value::Half,
    shapes: ANY,
    condition: Condition::Fallback,
    summary: Cow::Borrowed("nothing else matches (mixed chee and pong): ½, counted only alone"),
    details: Cow::Borrowed("No other condition matches: a hand of mixed chee and pong. Worth ½ point, and the ½ is never added to other points (the table says so). Its payout is 1."),
    example: Cow::Borrowed("b123 c456 d777 b999 c5 +c5 from=s"),
};

/// The 14 tiles, melds included, are 1112345678999 of one suit plus one more of that suit.
/// A kong makes 15 tiles, so a hand with one never is.
fn all_suit(f: &Facts) -> bool {
    hand_holds_at_least(f, NINE_GATES)
}

fn dragon_set(set: &Set, _: &Facts) -> bool {
    set.is_triplet_or_kong() && set.tile.suit() == Suit::Dragon
}

fn prevailing_wind_set(set: &Set, f: &Facts) -> bool {
    set.is_triplet_or_kong() && set.tile == f.context().words().seat(ROUND).wind()
}

fn seat_wind_set(set: &Set, f: &Facts) -> bool {
    set.is_triplet_or_kong() && set.tile == f.context().seat().wind()
}

fn self_drawn(f: &Facts) -> bool {
    f.context().self_drawn()
}

/// Conditions b–l, the special hands in the document's order, and condition a, the chicken.
pub static PATTERNS: [Pattern; 20] = [
    Pattern {
        id: Cow::Borrowed("d.b"),
        series: Cow::Borrowed("d.b"),
        name: Cow::Borrowed("All Chee"),
        chinese: Cow::Borrowed("平和"),
        aliases: &["all chows", "all sequences", "all runs", "common hand", "ping hu", "pinghu", "ping wu", "平胡", "平糊"],
        value: Value::Points(1),
        shapes: REGULAR,
        condition: Condition::Hand(all_sequences),
        summary: Cow::Borrowed("all chee (sequences), plus a pair"),
        details: Cow::Borrowed("Four chee (sequences) plus a pair."),
        example: Cow::Borrowed("b123 c456 d234 b678 c5 +c5 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.c"),
        series: Cow::Borrowed("d.c"),
        name: Cow::Borrowed("All Pong"),
        chinese: Cow::Borrowed("對對和"),
        aliases: &["all pungs", "all pongs", "all triplets", "pung pung", "pong pong", "toitoi", "dui dui hu", "dui dui wu", "pung pung wu", "对对和", "碰碰和", "碰碰胡"],
        value: Value::Points(3),
        shapes: REGULAR,
        condition: Condition::Hand(all_triplets),
        summary: Cow::Borrowed("all pong/kong, plus a pair"),
        details: Cow::Borrowed("Four pong or kong plus a pair."),
        example: Cow::Borrowed("b111 [p c444] e222 d777 w3 +w3 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.d"),
        series: Cow::Borrowed("d.d"),
        name: Cow::Borrowed("One Suit with Honors"),
        chinese: Cow::Borrowed("混一色"),
        aliases: &["half flush", "mixed flush", "mixed one suit", "one suit with honours", "honitsu", "hun yi se", "wan yat sik"],
        value: Value::Points(3),
        shapes: REGULAR,
        condition: Condition::Hand(mixed_one_suit),
        summary: Cow::Borrowed("all one suit, plus honor tiles (dragons or winds)"),
        details: Cow::Borrowed("Every number tile is of one suit, and the hand has honor tiles (dragons or winds)."),
        example: Cow::Borrowed("b123 b456 e111 b789 b5 +b5 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.e"),
        series: Cow::Borrowed("d.e"),
        name: Cow::Borrowed("Clear Hand"),
        chinese: Cow::Borrowed("清一色"),
        aliases: &["full flush", "pure flush", "pure one suit", "chinitsu", "qing yi se", "ching yat sik"],
        value: Value::Points(6),
        shapes: REGULAR,
        condition: Condition::Hand(pure_one_suit),
        summary: Cow::Borrowed("all one suit, clear (no honors)"),
        details: Cow::Borrowed("Every tile is of one number suit; no honors."),
        example: Cow::Borrowed("b123 b456 b777 b789 b5 +b5 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.f"),
        series: Cow::Borrowed("d.f"),
        name: Cow::Borrowed("Dragon Pong"),
        chinese: Cow::Borrowed("箭刻"),
        aliases: &["dragon pung", "dragon pungs", "dragon triplet", "jian ke"],
        value: Value::Points(1),
        shapes: REGULAR,
        condition: Condition::EachSet(dragon_set),
        summary: Cow::Borrowed("1 for each pong/kong of a dragon"),
        details: Cow::Borrowed("A pong or kong of any dragon: 1 point for each."),
        example: Cow::Borrowed("b123 c456 e111 d789 c5 +c5 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.g"),
        series: Cow::Borrowed("d.g"),
        name: Cow::Borrowed("Prevailing Wind"),
        chinese: Cow::Borrowed("圈風"),
        aliases: &["prevalent wind", "round wind", "bakaze", "quan feng ke", "圈风", "圈风刻", "圈風刻"],
        value: Value::Points(1),
        shapes: REGULAR,
        condition: Condition::EachSet(prevailing_wind_set),
        summary: Cow::Borrowed("pong/kong of the prevailing wind (round=, default east)"),
        details: Cow::Borrowed("A pong or kong of the prevailing wind, given with round= (default east). A seat that is also the prevailing wind scores this and Seat Wind, 2 points."),
        example: Cow::Borrowed("w222 b123 c456 d789 c5 +c5 seat=e round=s from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.h"),
        series: Cow::Borrowed("d.h"),
        name: Cow::Borrowed("Seat Wind"),
        chinese: Cow::Borrowed("門風"),
        aliases: &["own wind", "jikaze", "men feng ke", "门风", "门风刻", "門風刻"],
        value: Value::Points(1),
        shapes: REGULAR,
        condition: Condition::EachSet(seat_wind_set),
        summary: Cow::Borrowed("pong/kong of your seat wind"),
        details: Cow::Borrowed("A pong or kong of your own seat's wind (seat=; East is the dealer)."),
        example: Cow::Borrowed("w222 b123 c456 d789 c5 +c5 seat=s from=e"),
    },
    Pattern {
        id: Cow::Borrowed("d.i"),
        series: Cow::Borrowed("d.i"),
        name: Cow::Borrowed("Self-Drawn"),
        chinese: Cow::Borrowed("自摸"),
        aliases: &["self draw", "tsumo", "zimo", "zi mo", "ji mo"],
        value: Value::Points(1),
        shapes: ANY,
        condition: Condition::Hand(self_drawn),
        summary: Cow::Borrowed("self-drawing the winning tile"),
        details: Cow::Borrowed("The winning tile was self-drawn (self, last with self, or kong)."),
        example: Cow::Borrowed("b123 c456 d234 b678 c5 +c5 self"),
    },
    Pattern {
        id: Cow::Borrowed("d.j"),
        series: Cow::Borrowed("d.j"),
        name: Cow::Borrowed("Last Piece"),
        chinese: Cow::Borrowed("海底撈月"),
        aliases: &["last tile draw", "moon from the bottom of the sea", "haitei", "haitei raoyue", "hai di lao yue", "海底捞月", "妙手回春"],
        value: Value::Points(1),
        shapes: ANY,
        condition: Condition::Hand(|f| self_drawn(f) && f.context().last_tile()),
        summary: Cow::Borrowed("self-drawing the very last piece (also scores i)"),
        details: Cow::Borrowed("Self-drawing the very last piece of the wall: 1, plus 1 for Self-Drawn. Write self last."),
        example: Cow::Borrowed("b123 c456 d789 b5 w333 +b5 self last seat=n"),
    },
    Pattern {
        id: Cow::Borrowed("d.k"),
        series: Cow::Borrowed("d.k"),
        name: Cow::Borrowed("Kong Draw"),
        chinese: Cow::Borrowed("嶺上開花"),
        aliases: &["win on kong", "out on a replacement tile", "out with replacement tile", "rinshan kaihou", "rinshan", "岭上开花", "杠上开花", "槓上開花"],
        value: Value::Points(1),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().kong_supplement()),
        summary: Cow::Borrowed("self-drawing on a kong's supplement (also scores i; with j, 3 in all)"),
        details: Cow::Borrowed("Self-drawing the winning tile as a kong's supplement: 1, plus 1 for Self-Drawn; if it is also the very last piece, Last Piece too, 3 in all. Write kong (and last)."),
        example: Cow::Borrowed("[ck d1111] b123 c456 c789 e2 +e2 kong"),
    },
    Pattern {
        id: Cow::Borrowed("d.l"),
        series: Cow::Borrowed("d.l"),
        name: Cow::Borrowed("Stealing the Kong"),
        chinese: Cow::Borrowed("搶槓"),
        aliases: &["robbing the kong", "robbing a kong", "chankan", "qiang gang", "抢杠", "抢杠和", "搶槓和"],
        value: Value::Points(1),
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().robbed_kong()),
        summary: Cow::Borrowed("stealing the kong (robbing a kong)"),
        details: Cow::Borrowed("Winning on the tile another player adds to his pong to make a kong. Write rob."),
        example: Cow::Borrowed("b123 c456 d789 w22 b7 b8 +b9 rob from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.s1"),
        series: Cow::Borrowed("d.s1"),
        name: Cow::Borrowed("13 Scholars"),
        chinese: Cow::Borrowed("十三么"),
        aliases: &["thirteen orphans", "13 orphans", "thirteen terminals", "thirteen scholars", "kokushi", "kokushi musou", "shi san yao", "sap saam yiu", "十三幺", "十三么九", "十三幺九"],
        value: Value::Maximum { less: 0 },
        shapes: THIRTEEN_TERMINALS_ONLY,
        condition: Condition::Hand(|_| true),
        summary: Cow::Borrowed("one of each wind, dragon, 1 and 9 of each suit, plus a matching piece: the maximum"),
        details: Cow::Borrowed("One of each wind and dragon and the 1 and 9 of each suit, plus a piece matching one of them. Special hand: the maximum, alone."),
        example: Cow::Borrowed("b19 c19 d19 w1234 e123 +e3 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.s2"),
        series: Cow::Borrowed("d.s2"),
        name: Cow::Borrowed("Big 4 Winds"),
        chinese: Cow::Borrowed("大四喜"),
        aliases: &["big four winds", "great four winds", "daisuushii", "da si xi", "daai sei hei"],
        value: Value::Maximum { less: 0 },
        shapes: REGULAR,
        condition: Condition::Hand(|f| f.triplets_in(kinds::WINDS) == 4),
        summary: Cow::Borrowed("pong/kong of all 4 winds, plus any pair: the maximum"),
        details: Cow::Borrowed("Pongs or kongs of all four winds, plus any pair. Special hand: the maximum, alone."),
        example: Cow::Borrowed("[p w111] [p w222] [p w333] [p w444] d9 +d9 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.s3"),
        series: Cow::Borrowed("d.s3"),
        name: Cow::Borrowed("Small 4 Winds"),
        chinese: Cow::Borrowed("小四喜"),
        aliases: &["small four winds", "little four winds", "shousuushii", "xiao si xi", "siu sei hei"],
        value: Value::Maximum { less: 1 },
        shapes: REGULAR,
        condition: Condition::Hand(|f| f.triplets_in(kinds::WINDS) == 3 && pair_is(f, is_wind)),
        summary: Cow::Borrowed("pong/kong of 3 winds, a pair of the 4th, and any set: the maximum − 1"),
        details: Cow::Borrowed("Pongs or kongs of three winds, a pair of the fourth, and a set of anything else. Special hand: the maximum − 1, alone."),
        example: Cow::Borrowed("w111 w222 w333 w4 b456 +w4 self"),
    },
    Pattern {
        id: Cow::Borrowed("d.s4"),
        series: Cow::Borrowed("d.s4"),
        name: Cow::Borrowed("Big 3 Dragons"),
        chinese: Cow::Borrowed("大三元"),
        aliases: &["big three dragons", "great three dragons", "three great scholars", "daisangen", "da san yuan", "daai saam yuen"],
        value: Value::Maximum { less: 0 },
        shapes: REGULAR,
        condition: Condition::Hand(|f| f.triplets_in(kinds::DRAGONS) == 3),
        summary: Cow::Borrowed("pong/kong of all 3 dragons, plus a set and a pair: the maximum"),
        details: Cow::Borrowed("Pongs or kongs of all three dragons, plus any other set and any pair. Special hand: the maximum, alone."),
        example: Cow::Borrowed("[p e111] [p e222] e333 b567 c1 +c1 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.s5"),
        series: Cow::Borrowed("d.s5"),
        name: Cow::Borrowed("Small 3 Dragons"),
        chinese: Cow::Borrowed("小三元"),
        aliases: &["small three dragons", "little three dragons", "shousangen", "xiao san yuan", "siu saam yuen"],
        value: Value::Maximum { less: 1 },
        shapes: REGULAR,
        condition: Condition::Hand(|f| f.triplets_in(kinds::DRAGONS) == 2 && pair_is(f, is_dragon)),
        summary: Cow::Borrowed("pong/kong of 2 dragons, a pair of the 3rd, and two sets: the maximum − 1"),
        details: Cow::Borrowed("Pongs or kongs of two dragons, a pair of the third, and any two other sets. Special hand: the maximum − 1, alone."),
        example: Cow::Borrowed("e111 e222 e3 b234 c678 +e3 from=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.s6"),
        series: Cow::Borrowed("d.s6"),
        name: Cow::Borrowed("Hand from Heaven"),
        chinese: Cow::Borrowed("天和"),
        aliases: &["heavenly hand", "blessing of heaven", "tenhou", "tian hu", "tin wu", "天胡"],
        value: Value::Maximum { less: 0 },
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().heaven()),
        summary: Cow::Borrowed("the dealer's starting hand is Mah-Jong: the maximum"),
        details: Cow::Borrowed("The dealer (East) wins with his starting hand. Special hand: the maximum, alone. Write heaven."),
        example: Cow::Borrowed("b123 c456 d789 b789 w2 +w2 heaven"),
    },
    Pattern {
        id: Cow::Borrowed("d.s7"),
        series: Cow::Borrowed("d.s7"),
        name: Cow::Borrowed("Hand from Earth"),
        chinese: Cow::Borrowed("地和"),
        aliases: &["earthly hand", "blessing of earth", "di hu", "dei wu", "地胡"],
        value: Value::Maximum { less: 0 },
        shapes: ANY,
        condition: Condition::Hand(|f| f.context().earth()),
        summary: Cow::Borrowed("a player wins on the dealer's first discard: the maximum"),
        details: Cow::Borrowed("A player other than the dealer wins on the dealer's first discard. Special hand: the maximum, alone. Write earth."),
        example: Cow::Borrowed("b123 c456 d789 b789 w2 +w2 earth seat=s"),
    },
    Pattern {
        id: Cow::Borrowed("d.s8"),
        series: Cow::Borrowed("d.s8"),
        name: Cow::Borrowed("All Suit Hand"),
        chinese: Cow::Borrowed("九蓮寶燈"),
        aliases: &["nine gates", "chuuren poutou", "chuuren", "jiu lian bao deng", "gau lin bo dang", "九莲宝灯"],
        value: Value::Maximum { less: 0 },
        shapes: REGULAR,
        condition: Condition::Hand(all_suit),
        summary: Cow::Borrowed("three 1s, three 9s, one each of 2-8, and one more, all of one suit: the maximum"),
        details: Cow::Borrowed("A clear hand of one suit: three 1s, three 9s, one each of 2 through 8, and any other piece of the same suit (14 tiles, so no kong). Special hand: the maximum, alone."),
        example: Cow::Borrowed("c1112345678999 +c5 self"),
    },
    CHICKEN,
];

/// The scheme a rules file written from nothing chooses with `scheme = "doubling"`: this rule
/// set's payments, winning shapes, context words and deal, without its patterns.
pub(crate) fn scheme() -> RuleSet {
    // Its points are doublings, paid as 2 to the power of the total: a sum needs its
    // maximum (13, which [limits] compound may change) as the table's own does.
    let mut scheme = DOUBLING.without_patterns("doubling", "The doubling table's scheme (no patterns)");
    scheme.set_limit(DOUBLING.limit);
    scheme
}
