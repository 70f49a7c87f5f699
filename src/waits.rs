//! Waits: which tile kinds complete a hand that lacks one tile, for the shapes a rule set
//! allows. This is the counting core: it looks at tile counts only (no context, no scoring),
//! so a scoring system can ask it inside a predicate (Huang's Single Tin), and the `waits`
//! analysis can ask it for every candidate tile.
//!
//! Counts may exceed 4: a wait on a kind whose four copies are all in the hand is still a
//! shape the hand completes (a *dead* wait); callers decide what to make of it.
//!
//! [`distance`] (how far a hand is from calling) looks at counts only too. [`analysis`]
//! is the `waits` command's library: it values each wait by scoring the won hand, so it
//! comes after [`crate::score`] in the data flow, and only the renderers and the binary
//! import it.

use crate::arrange::Shapes;
use crate::tile::{Tile, KINDS};

pub mod analysis;
pub mod distance;

/// Whether `counts` (the concealed tiles, winning tile included) and `melds` declared sets
/// form a winning shape of `shapes`: 4 sets and a pair, Seven Pairs (four of a kind being
/// two pairs) or Thirteen Terminals. Seven Pairs and Thirteen Terminals need no melds.
pub fn is_complete(counts: &[u8; KINDS], melds: usize, shapes: Shapes) -> bool {
    let tiles: usize = counts.iter().map(|&c| usize::from(c)).sum();
    let Some(sets) = 4usize.checked_sub(melds) else {
        return false;
    };
    if tiles != 3 * sets + 2 {
        return false;
    }
    if shapes.regular && Groups::of(counts).complete() {
        return true;
    }
    if melds > 0 {
        return false;
    }
    (shapes.seven_pairs && counts.iter().all(|&c| c % 2 == 0))
        || (shapes.thirteen_terminals && thirteen_terminals(counts))
}

/// The tile kinds that complete `counts` (the concealed tiles without a winning tile) and
/// `melds` into a winning shape of `shapes`, as a bit set: bit `i` for [`Tile::ALL`]`[i]`.
/// Kinds whose four copies are all in the hand are included (see the module's note).
pub fn completing_kinds(counts: &[u8; KINDS], melds: usize, shapes: Shapes) -> u64 {
    completing_kinds_until(counts, melds, shapes, 0, u32::MAX)
}

/// [`completing_kinds`] but for the kinds in `ignored` (neither tried nor given), searched
/// no further than `enough` kinds: a caller that only asks whether there is one wait, or
/// exactly one, stops there.
pub fn completing_kinds_until(
    counts: &[u8; KINDS],
    melds: usize,
    shapes: Shapes,
    ignored: u64,
    enough: u32,
) -> u64 {
    let tiles: usize = counts.iter().map(|&c| usize::from(c)).sum();
    let Some(sets) = 4usize.checked_sub(melds) else {
        return 0;
    };
    if tiles + 1 != 3 * sets + 2 {
        return 0;
    }
    let mut kinds = 0u64;
    if melds == 0 {
        if shapes.seven_pairs {
            kinds |= seven_pairs_wait(counts);
        }
        if shapes.thirteen_terminals {
            kinds |= thirteen_terminals_waits(counts);
        }
        kinds &= !ignored;
    }
    if !shapes.regular || kinds.count_ones() >= enough {
        return kinds;
    }
    // A tile can only complete a set with a neighbour or a copy in the hand (a lone tile
    // makes a pair with its copy): a kind with no tile within two ranks cannot help. (The
    // shifts carry bits across families too: a kind tried for nothing, never one missed.)
    let mut held = 0u64;
    for (kind, &count) in counts.iter().enumerate() {
        held |= u64::from(count > 0) << kind;
    }
    let near = held | held << 1 | held << 2 | held >> 1 | held >> 2;
    // Each suit is judged once as it is; a candidate tile changes its own suit only, and
    // only a family the others leave room for can take it.
    let groups = Groups::of(counts);
    for (g, &(start, end)) in GROUPS.iter().enumerate() {
        let Some(pair) = groups.wanted_of(g) else {
            continue;
        };
        let mut family = family_counts(counts, g);
        // With the tile, the family must be sets and the pair (3n + 2 tiles), or sets only.
        let tiles: u8 = family.iter().sum();
        if (tiles + 1) % 3 != if pair { 2 } else { 0 } {
            continue;
        }
        let sequences = start < 27;
        for (at, kind) in (start..end).enumerate() {
            if (kinds | ignored | !near) & 1 << kind != 0 {
                continue;
            }
            family[at] += 1;
            let completes = splits(&mut family, sequences, pair);
            family[at] -= 1;
            if completes {
                kinds |= 1 << kind;
                if kinds.count_ones() >= enough {
                    return kinds;
                }
            }
        }
    }
    kinds
}

/// The kind that completes Seven Pairs from 13 tiles: the one kind held an odd number of
/// times, when there is exactly one (four of a kind being two pairs).
fn seven_pairs_wait(counts: &[u8; KINDS]) -> u64 {
    let mut odd = (0..KINDS).filter(|&k| counts[k] % 2 == 1);
    match (odd.next(), odd.next()) {
        (Some(kind), None) => 1 << kind,
        _ => 0,
    }
}

/// The kinds that complete Thirteen Terminals from 13 tiles: all 13 when each is held once,
/// the missing one when 12 are held and one of them twice.
fn thirteen_terminals_waits(counts: &[u8; KINDS]) -> u64 {
    let mut held = 0u64;
    let mut pairs = 0;
    for (kind, &count) in counts.iter().enumerate() {
        let wanted = Tile::ALL[kind].is_terminal_or_honor();
        match (wanted, count) {
            (_, 0) => {}
            (false, _) | (true, 3..) => return 0,
            (true, 1) => held |= 1 << kind,
            (true, _) => {
                held |= 1 << kind;
                pairs += 1;
            }
        }
    }
    let all: u64 = Tile::terminals_and_honors().fold(0, |bits, t| bits | 1 << t.index());
    match (held.count_ones(), pairs) {
        (13, 0) => all,
        (12, 1) => all & !held,
        _ => 0,
    }
}

/// The kinds of a bit set from [`completing_kinds`], in index order.
pub fn kinds_of(bits: u64) -> impl Iterator<Item = Tile> {
    (0..KINDS)
        .filter(move |&i| bits & (1 << i) != 0)
        .map(|i| Tile::ALL[i])
}

/// The five families of tiles as ranges of kinds: sets never cross them.
const GROUPS: [(usize, usize); 5] = [(0, 9), (9, 18), (18, 27), (27, 31), (31, 34)];

/// How each family of a hand's tiles splits: into sets only, or into sets and one pair.
/// A regular hand is complete when one family holds the pair and every other family is sets.
struct Groups {
    sets_only: [bool; 5],
    with_pair: [bool; 5],
}

impl Groups {
    fn of(counts: &[u8; KINDS]) -> Groups {
        let mut groups = Groups {
            sets_only: [false; 5],
            with_pair: [false; 5],
        };
        for g in 0..GROUPS.len() {
            (groups.sets_only[g], groups.with_pair[g]) = family_splits(g, counts);
        }
        groups
    }

    /// What a tile added to family `g` must make of it for the hand to be complete: the
    /// family with the pair (`Some(true)`) when every other family is sets, sets only
    /// (`Some(false)`) when the others are sets and one pair; `None` when the others do
    /// not split so (then no tile of the family completes the hand).
    fn wanted_of(&self, g: usize) -> Option<bool> {
        let mut pairs = 0;
        for h in (0..GROUPS.len()).filter(|&h| h != g) {
            match (self.sets_only[h], self.with_pair[h]) {
                (true, _) => {}
                (false, true) => pairs += 1,
                (false, false) => return None,
            }
        }
        match pairs {
            0 => Some(true),
            1 => Some(false),
            _ => None,
        }
    }

    /// Whether the hand is a complete regular hand: one family holds the pair and every
    /// other family is sets.
    fn complete(&self) -> bool {
        (0..5).any(|pair| self.with_pair[pair] && (0..5).all(|g| g == pair || self.sets_only[g]))
    }
}

/// The counts of family `g` of `counts`, by rank (honours use the first 4 or 3).
fn family_counts(counts: &[u8; KINDS], g: usize) -> [u8; 9] {
    let (start, end) = GROUPS[g];
    let mut family = [0u8; 9];
    family[..end - start].copy_from_slice(&counts[start..end]);
    family
}

/// Whether family `g` of `counts` splits into sets only, and into sets and one pair. Its
/// tile count allows at most one of the two (sets take 3 tiles, the pair 2), so only that
/// one is tried: a count of the form 3n + 1 allows neither.
fn family_splits(g: usize, counts: &[u8; KINDS]) -> (bool, bool) {
    let mut family = family_counts(counts, g);
    let tiles: u8 = family.iter().sum();
    let sequences = GROUPS[g].0 < 27;
    match tiles % 3 {
        _ if tiles == 0 => (true, false),
        0 => (splits(&mut family, sequences, false), false),
        2 => (false, splits(&mut family, sequences, true)),
        _ => (false, false),
    }
}

/// Whether one family's counts split into sets (triplets, and sequences when `sequences`)
/// and, when `pair`, exactly one pair. Takes the lowest rank first, so each split is tried
/// once; restores `counts` before returning. Counts may reach 5 (a dead wait).
fn splits(counts: &mut [u8; 9], sequences: bool, pair: bool) -> bool {
    let Some(first) = counts.iter().position(|&c| c > 0) else {
        return !pair;
    };
    if pair && counts[first] >= 2 {
        counts[first] -= 2;
        let found = splits(counts, sequences, false);
        counts[first] += 2;
        if found {
            return true;
        }
    }
    if counts[first] >= 3 {
        counts[first] -= 3;
        let found = splits(counts, sequences, pair);
        counts[first] += 3;
        if found {
            return true;
        }
    }
    if sequences && first + 2 < 9 && counts[first + 1] > 0 && counts[first + 2] > 0 {
        counts[first..first + 3].iter_mut().for_each(|c| *c -= 1);
        let found = splits(counts, sequences, pair);
        counts[first..first + 3].iter_mut().for_each(|c| *c += 1);
        return found;
    }
    false
}

/// One of each of the 13 terminals and honors and a second of one of them (14 tiles).
fn thirteen_terminals(counts: &[u8; KINDS]) -> bool {
    let mut pairs = 0;
    for (kind, &count) in counts.iter().enumerate() {
        let wanted = Tile::ALL[kind].is_terminal_or_honor();
        match (wanted, count) {
            (false, 0) => {}
            (false, _) | (true, 0) => return false,
            (true, 1) => {}
            (true, 2) => pairs += 1,
            (true, _) => return false,
        }
    }
    pairs == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrange::ANY;

    /// The counts of the concealed tiles written in `tiles` (the tests of `distance` too).
    pub(super) fn counts(tiles: &str) -> [u8; KINDS] {
        let line = format!("{tiles} +b1");
        let parsed = crate::notation::parse_hand(&line).unwrap();
        let mut counts = [0u8; KINDS];
        for tile in &parsed.concealed {
            counts[tile.value.index()] += 1;
        }
        counts
    }

    fn waits(tiles: &str, melds: usize, shapes: Shapes) -> String {
        let bits = completing_kinds(&counts(tiles), melds, shapes);
        kinds_of(bits)
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn nine_gates_waits_on_all_nine() {
        // 1112345678999 + any c: c1 makes c111 c123 c456 c789 c99... each kind completes.
        assert_eq!(
            waits("c1112345678999", 0, ANY),
            "c1 c2 c3 c4 c5 c6 c7 c8 c9"
        );
    }

    #[test]
    fn thirteen_terminals_waits() {
        // All 13 kinds: any of them pairs up.
        assert_eq!(
            waits("b19 c19 d19 w1234 e123", 0, ANY),
            "b1 b9 c1 c9 d1 d9 w1 w2 w3 w4 e1 e2 e3"
        );
        // A pair (e33) instead of e2: only e2 completes it.
        assert_eq!(waits("b19 c19 d19 w1234 e133", 0, ANY), "e2");
    }

    #[test]
    fn seven_pairs_and_regular_shapes() {
        // Six pairs and a single d7: only d7 (Seven Pairs); b112233 c445566 is also
        // b123 b123 c456 c456, so with d7 as the pair both shapes hold.
        assert_eq!(waits("b112233 c445566 d7", 0, ANY), "d7");
        // Without Seven Pairs (the doubling table) d7 still completes the regular reading.
        let no_pairs = Shapes {
            seven_pairs: false,
            ..ANY
        };
        assert_eq!(waits("b112233 c445566 d7", 0, no_pairs), "d7");
        // b1133 c5577 d22 w33 e1: Seven Pairs only.
        assert_eq!(waits("b1133 c5577 d22 w33 e1", 0, ANY), "e1");
        assert_eq!(waits("b1133 c5577 d22 w33 e1", 0, no_pairs), "");
        // A two-sided wait with a meld: [p w111] counts as a set.
        assert_eq!(waits("b23 c456 d789 e11", 1, ANY), "b1 b4");
    }

    #[test]
    fn a_dead_wait_is_still_a_shape() {
        // b1111 c123 d456 w111 waits on... b1111 is b111 + b1 needing a pair partner: b1,
        // a fifth copy (dead), and b1 b2 b3 can't form. Only b1.
        assert_eq!(waits("b1111 c123 d456 w111", 0, ANY), "b1");
    }
}
