//! Properties every scored hand must have, whatever its tiles: checked by the exhaustive
//! proof (`cargo run --release --example exhaustive`) and by the property tests.
//!
//! They restate the rules independently of how the engine reaches its answer:
//! - the total is at most the rule set's maximum (320 in Zung Jung, 13 in the doubling
//!   table) unless a listed limit (special hand) applies, and never more than the highest
//!   pattern of the table (480 in Zung Jung);
//! - the chosen reading is the best of all readings (highest total, then highest sum);
//! - no two counted patterns share a series, except per-set patterns (3.1 Value Honor,
//!   the doubling table's dragon and wind pongs);
//! - the payments sum to zero and the winner receives what the payoff says: three times
//!   the total in Zung Jung; in the doubling table 2^points from each player, doubled for
//!   the responsible discarder, or for everyone on a self-draw.

use crate::hand::Hand;
use crate::patterns::Condition;
use crate::payment::Basis;
use crate::rules::RuleSet;
use crate::score::{self, Limit, Outcome, Reading};
use crate::tile::Seat;

/// The outcome of scoring `hand`, or the first property it breaks.
pub fn check(hand: &Hand, rules: &RuleSet) -> Result<Outcome, String> {
    let all = score::readings(hand, rules);
    let best = all.iter().map(|r| (r.total, r.sum)).max();
    // No reading may pass the maximum or, under a listed limit, the table's highest pattern.
    let highest = rules.patterns.iter().map(|p| p.points).max().unwrap_or(0);
    let ceiling = highest.max(rules.maximum);
    for reading in &all {
        check_reading(reading, rules, ceiling)?;
    }
    let outcome = score::decide(hand, rules, all);
    match &outcome {
        Outcome::Win {
            reading, payments, ..
        } => {
            if Some((reading.total, reading.sum)) != best {
                return Err(format!(
                    "chose {} (sum {}) but the best reading is {best:?}",
                    reading.total, reading.sum
                ));
            }
            let sum: i64 = Seat::ALL.iter().map(|&s| payments.of(s)).sum();
            if sum != 0 {
                return Err(format!("payments sum to {sum}"));
            }
            let received = payments.of(hand.context.seat);
            let expected = match payments.basis {
                Basis::DoublingSelfDraw { payout } => 6 * payout,
                Basis::DoublingDiscard {
                    payout,
                    doubled: Some(_),
                } => 4 * payout,
                Basis::DoublingDiscard { payout, .. } => 3 * payout,
                _ => 3 * i64::from(reading.total),
            };
            if let Basis::DoublingSelfDraw { payout } | Basis::DoublingDiscard { payout, .. } =
                payments.basis
            {
                if payout != 1 << reading.total {
                    return Err(format!("payout {payout} for {} points", reading.total));
                }
            }
            if received != expected {
                return Err(format!(
                    "the winner receives {received}, not {expected} for {}",
                    reading.total
                ));
            }
        }
        Outcome::FalseWin(_) if best.is_some_and(|(total, _)| total >= rules.minimum) => {
            return Err(format!("a false win although a reading is worth {best:?}"));
        }
        Outcome::FalseWin(_) => {}
    }
    Ok(outcome)
}

fn check_reading(reading: &Reading, rules: &RuleSet, ceiling: u32) -> Result<(), String> {
    if reading.total > ceiling {
        return Err(format!("total {} over {ceiling}", reading.total));
    }
    if reading.total > rules.maximum && reading.limit != Some(Limit::Listed) {
        return Err(format!(
            "total {} over {} without a listed limit",
            reading.total, rules.maximum
        ));
    }
    let counted = &reading.counted;
    for (i, a) in counted.iter().enumerate() {
        for b in &counted[i + 1..] {
            let per_set = matches!(a.pattern.condition, Condition::EachSet(_));
            if a.pattern.series == b.pattern.series && !per_set {
                return Err(format!(
                    "{} and {} are both counted in series {}",
                    a.pattern.id, b.pattern.id, a.pattern.series
                ));
            }
        }
    }
    let sum: u32 = counted.iter().map(|c| c.points()).sum();
    let expected = match reading.limit {
        Some(Limit::Listed) => counted.first().map_or(0, |c| c.points()),
        Some(Limit::Compound) => rules.maximum,
        None => sum,
    };
    if reading.total != expected {
        return Err(format!(
            "total {} but the counted patterns make {expected}",
            reading.total
        ));
    }
    Ok(())
}
