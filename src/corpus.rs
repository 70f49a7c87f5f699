//! A seeded generator of winning hands in notation, for benchmarks, property tests and load
//! tests: 4 sets and a pair (with pungs, chows, exposed and concealed kongs among them), some
//! Seven Pairs and Thirteen Terminals, and mixed win contexts. The same seed always gives
//! the same lines, so benchmark figures are comparable from run to run.
//!
//! Every line returned parses and validates; it is not always worth the WSOM minimum.

use crate::tile::{Seat, Tile, KINDS};

/// SplitMix64: small, fast, and good enough to spread hands over the tile space.
pub struct Rng(u64);

impl Rng {
    /// A generator that starts from `seed`: the same seed, the same numbers.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..below`.
    pub fn below(&mut self, below: usize) -> usize {
        (self.next_u64() % below.max(1) as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn seat(&mut self) -> Seat {
        Seat::ALL[self.below(4)]
    }
}

/// `count` winning hands from `seed`, one line each.
pub fn winning_hands(seed: u64, count: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    (0..count).map(|_| winning_hand(&mut rng)).collect()
}

/// One winning hand; tries again until the line validates (most do at once).
pub fn winning_hand(rng: &mut Rng) -> String {
    loop {
        let tiles = match rng.below(100) {
            0 => thirteen_terminals(rng),
            1..=5 => seven_pairs(rng),
            _ => regular(rng),
        };
        let Some((concealed, melds, has_kong)) = tiles else {
            continue;
        };
        let line = with_context(rng, concealed, &melds, has_kong);
        if crate::line::parse(&line).is_ok() {
            return line;
        }
    }
}

type Tiles = (Vec<Tile>, Vec<String>, bool);

fn take(counts: &mut [u8; KINDS], tile: Tile, n: u8) -> bool {
    counts[tile.index()] += n;
    counts[tile.index()] <= 4
}

/// 4 sets and a pair; the first few sets may be melds.
fn regular(rng: &mut Rng) -> Option<Tiles> {
    let mut counts = [0u8; KINDS];
    let mut concealed = Vec::new();
    let mut melds = Vec::new();
    let mut has_kong = false;
    let melded = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4][rng.below(11)];
    for set in 0..4 {
        let first = Tile::ALL[rng.below(KINDS)];
        let exposed = set < melded;
        let sequence = first.suit().is_number() && first.rank() <= 7 && rng.chance(50);
        if sequence {
            let run = [
                first,
                Tile::ALL[first.index() + 1],
                Tile::ALL[first.index() + 2],
            ];
            for &t in &run {
                if !take(&mut counts, t, 1) {
                    return None;
                }
            }
            if exposed {
                melds.push(format!(
                    "[c {}{}{}{}]",
                    first.suit().letter(),
                    run[0].rank(),
                    run[1].rank(),
                    run[2].rank()
                ));
            } else {
                concealed.extend(run);
            }
        } else if rng.chance(12) {
            if !take(&mut counts, first, 4) {
                return None;
            }
            has_kong = true;
            let kind = if exposed { "k" } else { "ck" };
            melds.push(format!("[{kind} {}]", run_text(first, 4)));
        } else {
            if !take(&mut counts, first, 3) {
                return None;
            }
            if exposed {
                melds.push(format!("[p {}]", run_text(first, 3)));
            } else {
                concealed.extend([first; 3]);
            }
        }
    }
    let pair = Tile::ALL[rng.below(KINDS)];
    if !take(&mut counts, pair, 2) {
        return None;
    }
    concealed.extend([pair; 2]);
    Some((concealed, melds, has_kong))
}

fn run_text(tile: Tile, count: usize) -> String {
    let mut text = String::new();
    let _ = crate::tile::write_run(&mut text, tile, count);
    text
}

/// Seven pairs of distinct kinds, now and then four of a kind as two pairs.
fn seven_pairs(rng: &mut Rng) -> Option<Tiles> {
    let mut counts = [0u8; KINDS];
    let mut concealed = Vec::new();
    for _ in 0..7 {
        let tile = Tile::ALL[rng.below(KINDS)];
        let allowed = if rng.chance(10) { 4 } else { 2 };
        if counts[tile.index()] + 2 > allowed {
            return None;
        }
        take(&mut counts, tile, 2);
        concealed.extend([tile; 2]);
    }
    Some((concealed, Vec::new(), false))
}

fn thirteen_terminals(rng: &mut Rng) -> Option<Tiles> {
    let mut concealed: Vec<Tile> = Tile::terminals_and_honors().collect();
    let extra = concealed[rng.below(concealed.len())];
    concealed.push(extra);
    Some((concealed, Vec::new(), false))
}

/// Picks the winning tile among the concealed tiles and writes the line with a context.
fn with_context(
    rng: &mut Rng,
    mut concealed: Vec<Tile>,
    melds: &[String],
    has_kong: bool,
) -> String {
    let winning = concealed.swap_remove(rng.below(concealed.len()));
    concealed.sort();
    let mut line = crate::tile::grouped_by_suit(&concealed);
    for meld in melds {
        line.push(' ');
        line.push_str(meld);
    }
    line.push_str(&format!(" +{winning}"));
    let seat = rng.seat();
    if seat != Seat::East || rng.chance(50) {
        line.push_str(&format!(" seat={}", seat.letter()));
    }
    let self_drawn = rng.chance(40);
    if self_drawn {
        if melds.is_empty() && seat == Seat::East && rng.chance(2) {
            line.push_str(" heaven");
            return line;
        }
        line.push_str(if has_kong && rng.chance(30) {
            " kong"
        } else {
            " self"
        });
    } else {
        if melds.is_empty() && seat != Seat::East && rng.chance(2) {
            line.push_str(" earth");
            return line;
        }
        if rng.chance(85) {
            let from = rng.seat();
            if from != seat {
                line.push_str(&format!(" from={}", from.letter()));
            }
        }
        if rng.chance(5) {
            line.push_str(" rob");
            return line;
        }
        if rng.chance(5) {
            let resp = rng.seat();
            if resp == seat {
                line.push_str(" resp=none");
            } else {
                line.push_str(&format!(" resp={}", resp.letter()));
            }
        }
    }
    if rng.chance(5) {
        line.push_str(" last");
    }
    line
}

/// A won hand's line before its win, for `waits`: its canonical notation without its
/// `+TILE` and `self`; `None` for a context `waits` cannot take (a win on a kong's tile,
/// robbing a kong, the blessings).
pub fn before_the_win(hand: &crate::hand::Hand) -> Option<String> {
    let ctx = &hand.context;
    if ctx.kong_supplement || ctx.robbed_kong || ctx.heaven || ctx.earth {
        return None;
    }
    let notation = hand.notation();
    let tokens: Vec<&str> = notation
        .split_whitespace()
        .filter(|t| !t.starts_with('+') && *t != "self")
        .collect();
    Some(tokens.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ZJ;
    use crate::score::Outcome;

    #[test]
    fn same_seed_same_hands_and_every_one_wins() {
        let hands = winning_hands(42, 2_000);
        assert_eq!(hands, winning_hands(42, 2_000));
        for line in &hands {
            let scored = crate::score_line(line, &ZJ).unwrap();
            assert!(matches!(scored.outcome, Outcome::Win { .. }), "{line}");
        }
        let with_melds = hands.iter().filter(|l| l.contains('[')).count();
        let self_drawn = hands.iter().filter(|l| l.contains(" self")).count();
        assert!(
            with_melds > 500 && self_drawn > 500,
            "{with_melds} {self_drawn}"
        );
    }
}
