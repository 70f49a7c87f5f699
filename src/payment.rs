//! Who pays what: the Zung Jung payoff (SPEC §2.10, seed 003's Payoff Scheme: the winner
//! always receives 3 × X) and the doubling table's (seed 002: each player pays 2^points,
//! the discarder double, everyone double on a self-draw).

use crate::hand::{Responsible, WinContext};
use crate::tile::Seat;

/// Hands above this value won on a discard are paid mostly by the responsible player.
pub const STANDARD_VALUE: u32 = 25;

/// Why the payments split the way they do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Self-draw: nobody is responsible; each other player pays X.
    SelfDraw,
    /// Won on a discard, X ≤ 25: each other player pays X, the discarder included.
    SmallDiscard,
    /// Won on a discard the winner had just discarded himself (`resp=none`): each pays X.
    NobodyResponsible,
    /// Won on a discard, X > 25: the other two pay 25 each, `responsible` pays 3X − 50.
    Responsible(Seat),
    /// Doubling table, self-draw: every player pays twice the payout 2^points.
    DoublingSelfDraw { payout: i64 },
    /// Doubling table, discard: every player pays the payout, the one responsible (the
    /// discarder, or `resp=`) twice; nobody twice with `resp=none`.
    DoublingDiscard { payout: i64, doubled: Option<Seat> },
}

/// Signed points per seat (East, South, West, North): the winner positive, the sum zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payments {
    pub winner: Seat,
    pub value: u32,
    pub basis: Basis,
    pub amounts: [i64; 4],
}

impl Payments {
    pub fn of(&self, seat: Seat) -> i64 {
        self.amounts[seat as usize]
    }
}

/// The Zung Jung formal competition scheme, used by both `zj` and `wsom`.
pub fn zung_jung(value: u32, context: &WinContext) -> Payments {
    let winner = context.seat;
    let basis = match context.responsible {
        Responsible::NoneSelfDraw => Basis::SelfDraw,
        Responsible::Nobody => Basis::NobodyResponsible,
        Responsible::Discarder(_) | Responsible::Named(_) if value <= STANDARD_VALUE => {
            Basis::SmallDiscard
        }
        Responsible::Discarder(seat) | Responsible::Named(seat) => Basis::Responsible(seat),
    };
    let x = i64::from(value);
    let mut amounts = [0i64; 4];
    for seat in Seat::ALL.into_iter().filter(|&s| s != winner) {
        amounts[seat as usize] = -match basis {
            Basis::Responsible(responsible) if seat == responsible => {
                3 * x - 2 * STANDARD_VALUE as i64
            }
            Basis::Responsible(_) => STANDARD_VALUE as i64,
            _ => x,
        };
    }
    amounts[winner as usize] = 3 * x;
    Payments {
        winner,
        value,
        basis,
        amounts,
    }
}

/// The most points the doubling payout is computed for: 2^30 each keeps every sum in range.
pub const MAX_DOUBLING_POINTS: u32 = 30;

/// Seed 002's payments: the payout is 2^points (the ½-point chicken hand, counted 0, pays
/// 2^0 = 1); each other player pays it, the responsible discarder pays double, and on a
/// self-draw every player pays double. The winner receives the sum.
pub fn doubling(points: u32, context: &WinContext) -> Payments {
    let winner = context.seat;
    let payout = 1i64 << points.min(MAX_DOUBLING_POINTS);
    let basis = match context.responsible {
        Responsible::NoneSelfDraw => Basis::DoublingSelfDraw { payout },
        Responsible::Nobody => Basis::DoublingDiscard {
            payout,
            doubled: None,
        },
        Responsible::Discarder(seat) | Responsible::Named(seat) => Basis::DoublingDiscard {
            payout,
            doubled: Some(seat),
        },
    };
    let mut amounts = [0i64; 4];
    for seat in Seat::ALL.into_iter().filter(|&s| s != winner) {
        let doubled = match basis {
            Basis::DoublingSelfDraw { .. } => true,
            Basis::DoublingDiscard { doubled, .. } => doubled == Some(seat),
            _ => false,
        };
        amounts[seat as usize] = -if doubled { 2 * payout } else { payout };
    }
    amounts[winner as usize] = -amounts.iter().sum::<i64>();
    Payments {
        winner,
        value: points,
        basis,
        amounts,
    }
}
