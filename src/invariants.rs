//! Properties every scored hand must have, whatever its tiles: checked by the exhaustive
//! proof (`cargo run --release --example exhaustive`) and by the property tests.
//!
//! They restate the rules independently of how the engine reaches its answer:
//! - the total is at most 480, and at most 320 unless a listed limit applies;
//! - the chosen reading is the best of all readings (highest total, then highest sum);
//! - no two counted patterns share a series, except 3.1 Value Honor (once per set);
//! - the payments sum to zero and the winner receives three times the total.

use crate::hand::Hand;
use crate::rules::RuleSet;
use crate::score::{self, Limit, Outcome, Reading};
use crate::tile::Seat;

/// The outcome of scoring `hand`, or the first property it breaks.
pub fn check(hand: &Hand, rules: &RuleSet) -> Result<Outcome, String> {
    let all = score::readings(hand, rules);
    let best = all.iter().map(|r| (r.total, r.sum)).max();
    for reading in &all {
        check_reading(reading)?;
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
            if received != 3 * i64::from(reading.total) {
                return Err(format!(
                    "the winner receives {received}, not 3 × {}",
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

fn check_reading(reading: &Reading) -> Result<(), String> {
    if reading.total > 480 {
        return Err(format!("total {} over 480", reading.total));
    }
    if reading.total > 320 && reading.limit != Some(Limit::Listed) {
        return Err(format!(
            "total {} over 320 without a listed limit",
            reading.total
        ));
    }
    let counted = &reading.counted;
    for (i, a) in counted.iter().enumerate() {
        for b in &counted[i + 1..] {
            if a.pattern.series == b.pattern.series && a.pattern.id != "3.1" {
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
        Some(Limit::Compound) => 320,
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
