//! Payments: what each seat pays or receives for a won hand. Each scoring system computes
//! them with its own hook ([`crate::rule_set::PaymentRule`]); this is the shape they share.

use crate::tile::Seat;

/// Signed points per seat (East, South, West, North): the winner positive, the sum zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payments {
    /// The winner's seat.
    pub winner: Seat,
    /// The value paid on (the hand's total, or an underscored claim).
    pub value: u32,
    /// What each seat pays (negative) or receives (positive), by [`Seat`] order.
    pub amounts: [i64; 4],
}

impl Payments {
    /// Each seat but the winner pays what `pays` says (a positive amount, 0 for nothing);
    /// the winner receives the sum, so the payments always sum to zero.
    #[inline]
    pub fn losers_pay(winner: Seat, value: u32, pays: impl Fn(Seat) -> i64) -> Payments {
        let mut amounts = [0i64; 4];
        for seat in Seat::ALL.into_iter().filter(|&s| s != winner) {
            amounts[seat as usize] = -pays(seat);
        }
        amounts[winner as usize] = -amounts.iter().sum::<i64>();
        Payments {
            winner,
            value,
            amounts,
        }
    }

    /// What `seat` pays (negative) or receives (positive).
    pub fn of(&self, seat: Seat) -> i64 {
        self.amounts[seat as usize]
    }
}
