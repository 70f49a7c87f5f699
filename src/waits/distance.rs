//! Calling distance (the riichi players' "shanten"): how many useful draws a hand is from
//! calling. 0 is calling (some tile completes it), 1 is one useful draw (and a discard) from
//! calling, and so on; the minimum over the winning shapes a rule set allows.
//!
//! Defined exactly: the fewest tiles of a complete 14-tile hand `H` (4 sets and a pair, the
//! melds counting as sets; Seven Pairs; Thirteen Terminals) that the hand lacks, less one:
//! `min |H − hand| − 1`. Each exchange (draw one, discard one) brings a hand at most one
//! tile closer to some `H`, and a good one always does; a 13-tile hand lacking one tile of
//! `H` is calling. Copies are not limited, as in `completing_kinds`: a shape that
//! needs a fifth copy still counts (a hand whose only wait is dead is calling, on nothing).
//!
//! The regular shape is split by suit: the tiles a suit lacks for `i` sets and `j` pairs
//! depend on that suit's counts only, so each suit's table of 5 × 2 costs is computed once
//! by a dynamic program over its ranks and kept in a small per-thread cache keyed by the
//! suit's counts; a hand is then a min-plus sum of four tables. Seven Pairs and Thirteen
//! Terminals are counted directly.

use std::cell::RefCell;

use crate::arrange::Shapes;
use crate::tile::{Tile, KINDS};

/// Returned when `shapes` allows no shape the hand could take (none allowed, or more than
/// four melds).
pub(crate) const UNREACHABLE: u8 = u8::MAX;

/// The calling distance of `counts` (the concealed tiles) with `melds` declared sets, the
/// minimum over the shapes `shapes` allows: 0 calling, 1 one useful draw from calling, …
/// (at most 6 for 13 tiles when Seven Pairs is allowed, 8 for the regular shape alone).
///
/// Meant for 13 − 3 × `melds` concealed tiles. With one tile more (a hand that has just
/// drawn) it is the distance after the best discard, 0 for a complete hand too.
pub fn calling_distance(counts: &[u8; KINDS], melds: usize, shapes: Shapes) -> u8 {
    let mut best = UNREACHABLE;
    if shapes.regular {
        best = best.min(regular(counts, melds));
    }
    if melds == 0 {
        if shapes.seven_pairs {
            best = best.min(seven_pairs(counts));
        }
        if shapes.thirteen_terminals {
            best = best.min(thirteen_terminals(counts));
        }
    }
    best
}

/// The distance to 4 − `melds` sets and a pair.
pub fn regular(counts: &[u8; KINDS], melds: usize) -> u8 {
    let Some(sets) = 4usize.checked_sub(melds) else {
        return UNREACHABLE;
    };
    let mut total = suit_costs(&counts[0..9], true);
    for range in [9..18, 18..27] {
        total = add(&total, &suit_costs(&counts[range], true));
    }
    total = add(&total, &suit_costs(&counts[27..34], false));
    total[sets][1].saturating_sub(1)
}

/// The distance to Seven Pairs, four of a kind being two pairs.
pub fn seven_pairs(counts: &[u8; KINDS]) -> u8 {
    // Each kind gives up to two whole pairs and, when it holds 1 or 3, a half pair (one
    // tile lacking). Whole pairs first, then half pairs, then pairs from nothing (2 each):
    // greedy is exact, as every pair costs 0, 1 or 2 on its own.
    let (mut whole, mut half) = (0u32, 0u32);
    for &count in counts {
        whole += u32::from(count.min(4) / 2);
        half += u32::from(count < 4 && count % 2 == 1);
    }
    let lacking_pairs = 7u32.saturating_sub(whole);
    let cost = 2 * lacking_pairs - lacking_pairs.min(half);
    u8::try_from(cost.saturating_sub(1)).unwrap_or(UNREACHABLE)
}

/// The distance to Thirteen Terminals: one of each terminal and honor and a second of one.
pub(crate) fn thirteen_terminals(counts: &[u8; KINDS]) -> u8 {
    let mut kinds = 0u8;
    let mut paired = false;
    for tile in Tile::terminals_and_honors() {
        let count = counts[tile.index()];
        kinds += u8::from(count > 0);
        paired |= count >= 2;
    }
    (14 - kinds - u8::from(paired)).saturating_sub(1)
}

/// Tiles lacking for `i` sets (row) and `j` pairs (column), `i` ≤ 4, `j` ≤ 1.
type Costs = [[u8; 2]; 5];

/// Marks a combination no choice reaches.
const NEVER: u8 = u8::MAX / 2;

/// Min-plus sum: the cheapest way to take `i` sets and `j` pairs from two groups of kinds.
fn add(a: &Costs, b: &Costs) -> Costs {
    let mut sum = [[NEVER; 2]; 5];
    for i in 0..5 {
        for j in 0..2 {
            for i1 in 0..=i {
                for j1 in 0..=j {
                    let cost = a[i1][j1].saturating_add(b[i - i1][j - j1]);
                    sum[i][j] = sum[i][j].min(cost);
                }
            }
        }
    }
    sum
}

/// Slots of the per-thread cache (a power of two): about 3 MB.
const CACHE_SLOTS: usize = 1 << 17;

thread_local! {
    /// Direct-mapped cache of suit tables by key: a slot holds the last suit hashed to it.
    static CACHE: RefCell<Vec<(u64, Costs)>> = const { RefCell::new(Vec::new()) };
}

/// The costs of one suit (nine ranks, sequences allowed) or of the honors (seven kinds, no
/// sequences), cached.
fn suit_costs(counts: &[u8], sequences: bool) -> Costs {
    // Four bits a kind (36 for a suit); a count over 14 lacks nothing more than 14 does (no
    // demand on one kind exceeds 4 triplets and a pair), so 15 stands for any larger count.
    // Bit 40 tells a number suit from the honors. An empty group is not cached, so the
    // empty slots' key 0 never matches.
    let mut key = 0u64;
    for &count in counts {
        key = (key << 4) | u64::from(count.min(15));
    }
    if key == 0 {
        return empty_costs();
    }
    key |= u64::from(sequences) << 40;
    let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % CACHE_SLOTS;
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.is_empty() {
            cache.resize(CACHE_SLOTS, (0, [[0; 2]; 5]));
        }
        let (cached_key, costs) = cache[slot];
        if cached_key == key {
            return costs;
        }
        let costs = compute_costs(counts, sequences);
        cache[slot] = (key, costs);
        costs
    })
}

/// A group with no tiles lacks every tile: 3 a set, 2 a pair.
fn empty_costs() -> Costs {
    let mut costs = [[0; 2]; 5];
    for (i, row) in costs.iter_mut().enumerate() {
        for (j, cost) in row.iter_mut().enumerate() {
            *cost = (3 * i + 2 * j) as u8;
        }
    }
    costs
}

/// The dynamic program over ranks. At each rank it chooses how many triplets (`t`) and
/// sequences (`q`) start there and whether the pair is there (`p`); the rank's demand is
/// `3t + 2p` plus the sequences started at it and at the two ranks below, and it lacks
/// whatever of that demand its count does not cover. The state carries the sequences
/// started at the previous two ranks, the sets so far and the pair.
#[allow(clippy::needless_range_loop)] // the indices are the state, read and written apart
fn compute_costs(counts: &[u8], sequences: bool) -> Costs {
    // dp[a][b][i][j]: a sequences started one rank below, b two ranks below.
    let mut dp = [[[[NEVER; 2]; 5]; 5]; 5];
    dp[0][0][0][0] = 0;
    let ranks = counts.len();
    for (rank, &have) in counts.iter().enumerate() {
        let can_start = sequences && rank + 2 < ranks;
        let mut next = [[[[NEVER; 2]; 5]; 5]; 5];
        for a in 0..5 {
            for b in 0..5 - a {
                for i in 0..5 {
                    for j in 0..2 {
                        let cost = dp[a][b][i][j];
                        if cost == NEVER {
                            continue;
                        }
                        for t in 0..=4 - i {
                            let most_q = if can_start { 4 - i - t } else { 0 };
                            for q in 0..=most_q {
                                for p in 0..=1 - j {
                                    let demand = 3 * t + 2 * p + q + a + b;
                                    let lacking = (demand as u8).saturating_sub(have);
                                    let entry = &mut next[q][a][i + t + q][j + p];
                                    *entry = (*entry).min(cost + lacking);
                                }
                            }
                        }
                    }
                }
            }
        }
        dp = next;
    }
    // No sequence starts on the last two ranks, so none is left open.
    dp[0][0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrange::{ANY, REGULAR};

    use crate::waits::tests::counts;

    #[test]
    fn the_empty_suit_lacks_everything() {
        assert_eq!(compute_costs(&[0; 9], true), empty_costs());
        assert_eq!(compute_costs(&[0; 7], false), empty_costs());
    }

    #[test]
    fn one_suit_by_hand() {
        // b123 b55: one set and the pair lack nothing; two sets lack 1 (b123 and b555).
        let mut suit = [0u8; 9];
        for rank in [1, 2, 3, 5, 5] {
            suit[rank - 1] += 1;
        }
        let costs = compute_costs(&suit, true);
        assert_eq!(costs[1][1], 0);
        assert_eq!(costs[2][0], 1);
        assert_eq!(costs[2][1], 3); // b123 b555 lack 1, the pair from nothing 2
        assert_eq!(costs[0][1], 0);
        // As honors (no sequences) the same counts make no set at all.
        let costs = compute_costs(&suit[..7], false);
        assert_eq!(costs[1][0], 1); // b555 lacks one
    }

    #[test]
    fn calling_hands_are_at_zero() {
        // Two-sided wait, Seven Pairs' single tile, Thirteen Terminals' thirteen-way wait.
        assert_eq!(
            calling_distance(&counts("b123 c456 d789 w11 b56"), 0, ANY),
            0
        );
        assert_eq!(
            calling_distance(&counts("b1133 c5577 d22 w33 e1"), 0, ANY),
            0
        );
        assert_eq!(
            calling_distance(&counts("b19 c19 d19 w1234 e123"), 0, ANY),
            0
        );
        // With melds: b23 c456 e11 and one meld.
        assert_eq!(calling_distance(&counts("b23 c456 d789 e11"), 1, ANY), 0);
    }

    #[test]
    fn distances_worked_by_hand() {
        // b123 c456 d789 (9 tiles) + w1 e1 b5 c9: three sets; a single paired up lacks 1,
        // the fourth set from another single (b5: b456 or b567) lacks 2: 3 lacking → 2.
        assert_eq!(
            calling_distance(&counts("b123 c456 d789 w1 e1 b5 c9"), 0, ANY),
            2
        );
        // b123 c456 d789 w11 b5 c9: the pair is there, the fourth set from b5 lacks 2 → 1.
        assert_eq!(
            calling_distance(&counts("b123 c456 d789 w11 b5 c9"), 0, ANY),
            1
        );
        // Thirteen lone tiles, three apart: Seven Pairs lacks 7 (one of each of 7 singles)
        // → 6; Thirteen Terminals has b1 c1 d1 w1 w2 w3 w4 = 7 kinds, lacks 7 → 6; the
        // regular shape uses one tile per set and the pair: lacks 9 → 8.
        let lone = counts("b147 c147 d147 w1234");
        assert_eq!(calling_distance(&lone, 0, ANY), 6);
        assert_eq!(calling_distance(&lone, 0, REGULAR), 8);
        assert_eq!(regular(&lone, 0), 8);
    }

    /// Random hands: 13 − 3m tiles from a shuffled wall, or a corpus winning hand less one
    /// tile after a few random exchanges (so that small distances are well represented).
    fn random_hands(seed: u64, count: usize) -> Vec<([u8; KINDS], usize)> {
        use crate::corpus::{winning_hand, Rng};
        let mut rng = Rng::new(seed);
        let mut hands = Vec::new();
        while hands.len() < count {
            let (mut counts, melds) = if rng.chance(30) {
                let melds = [0, 0, 0, 1, 2, 3, 4][rng.below(7)];
                let mut wall: Vec<usize> = (0..4 * KINDS).map(|i| i / 4).collect();
                let mut counts = [0u8; KINDS];
                for _ in 0..13 - 3 * melds {
                    counts[wall.swap_remove(rng.below(wall.len()))] += 1;
                }
                (counts, melds)
            } else {
                let hand = crate::line::parse(&winning_hand(&mut rng)).unwrap();
                let mut counts = hand.concealed_counts_with_winning_tile();
                let held: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
                counts[held[rng.below(held.len())]] -= 1;
                (counts, hand.melds.len())
            };
            for _ in 0..rng.below(5) {
                let held: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
                counts[held[rng.below(held.len())]] -= 1;
                counts[rng.below(KINDS)] += 1;
            }
            hands.push((counts, melds));
        }
        hands
    }

    /// Exactness against the definition by exchanges: a hand is at 0 exactly when some
    /// tile completes it (`completing_kinds`), and
    /// otherwise the best exchange (discard one of its tiles, draw any kind, a fifth copy
    /// included) brings it exactly one step closer, and none brings it closer than that.
    /// By induction on the distance, a function with these two properties on every hand
    /// is the exchange distance; this checks them on random hands and every rule set's
    /// shapes.
    #[test]
    fn exact_against_the_exchange_definition() {
        use crate::arrange::{REGULAR_OR_PAIRS, SEVEN_PAIRS_ONLY, THIRTEEN_TERMINALS_ONLY};
        use crate::waits::completing_kinds;
        let mut seen = [0usize; 14];
        for (n, (counts, melds)) in random_hands(2026, 1000).into_iter().enumerate() {
            let shapes = [
                ANY,
                REGULAR,
                REGULAR_OR_PAIRS,
                SEVEN_PAIRS_ONLY,
                THIRTEEN_TERMINALS_ONLY,
            ][n % 5];
            let distance = calling_distance(&counts, melds, shapes);
            if distance == UNREACHABLE {
                assert!(melds > 0 && !shapes.regular);
                continue;
            }
            seen[usize::from(distance)] += 1;
            let calling = completing_kinds(&counts, melds, shapes) != 0;
            assert_eq!(distance == 0, calling, "{counts:?} {melds} {shapes:?}");
            if distance == 0 {
                continue;
            }
            let mut closest = UNREACHABLE;
            let mut next = counts;
            for out in (0..KINDS).filter(|&k| counts[k] > 0) {
                next[out] -= 1;
                for drawn in (0..KINDS).filter(|&k| k != out) {
                    next[drawn] += 1;
                    closest = closest.min(calling_distance(&next, melds, shapes));
                    next[drawn] -= 1;
                }
                next[out] += 1;
            }
            assert_eq!(closest, distance - 1, "{counts:?} {melds} {shapes:?}");
        }
        // The sample reaches calling hands and hands several steps away.
        assert!(
            seen[0] > 20 && seen[1] > 20 && seen[2] > 20 && seen[3..].iter().sum::<usize>() > 20,
            "{seen:?}"
        );
    }
}
