//! One family of tiles at a time (a number suit's nine ranks, the four winds, the three
//! dragons): whether its counts split into sets, with one pair when their number calls for
//! one, and which of its kinds, one tile more, would make them split so.
//!
//! Sets never cross families, so a hand waits on a kind as its families do
//! ([`super::completing_kinds`]). A number suit's answer takes a
//! search over its splits; hands repeat the same few thousand suits, so each answer is
//! kept in a small per-thread memo keyed by the suit's counts. The honours form no
//! sequences, so theirs is a little arithmetic on each kind's count.

use std::cell::RefCell;

use crate::tile::KINDS;

/// The five families of tiles as ranges of kinds: sets never cross them.
pub(crate) const FAMILIES: [(usize, usize); 5] = [(0, 9), (9, 18), (18, 27), (27, 31), (31, 34)];

/// How one family of a hand's tiles splits, as its counts decide. Its tile count says which
/// split is wanted: 3n tiles sets only, 3n + 2 sets and the pair, 3n + 1 neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Family {
    /// The family's tiles (255 standing for more).
    tiles: u8,
    /// Whether the tiles split into the sets (and pair) their count calls for.
    splits: bool,
    /// The family's kinds (bit 0 its first) whose one tile more makes the family split.
    completing: u16,
}

impl Family {
    /// Family `g` ([`FAMILIES`]) of `counts`.
    pub(crate) fn of(counts: &[u8; KINDS], g: usize) -> Family {
        let (start, end) = FAMILIES[g];
        if start < 27 {
            suit(counts[start..end].try_into().expect("nine ranks"))
        } else {
            honours(&counts[start..end])
        }
    }

    /// Whether the family splits into the sets (and pair) its tile count calls for.
    pub(crate) fn splits(self) -> bool {
        self.splits
    }

    /// Whether the family's split holds the pair (its tiles are 3n + 2).
    pub(crate) fn has_pair(self) -> bool {
        self.tiles % 3 == 2
    }

    /// Whether, one tile more, the family's split would hold the pair (its tiles are
    /// 3n + 1).
    pub(crate) fn completed_has_pair(self) -> bool {
        self.tiles % 3 == 1
    }

    /// The kinds whose one tile more makes the family split, as bits of the hand's kinds
    /// (family `g`'s).
    pub(crate) fn completing_kinds(self, g: usize) -> u64 {
        u64::from(self.completing) << FAMILIES[g].0
    }

    /// The family's tiles (255 standing for more).
    pub(crate) fn tiles(self) -> u8 {
        self.tiles
    }
}

/// The family with no tiles: no sets, and nothing one tile completes.
const EMPTY: Family = Family {
    tiles: 0,
    splits: true,
    completing: 0,
};

/// An honour family (winds or dragons). Without sequences each kind stands alone: a count
/// of 3n is sets, 3n + 2 sets and a pair, 3n + 1 is left over. One tile more turns a
/// 3n + 1 into a pair, a 3n + 2 into sets.
fn honours(family: &[u8]) -> Family {
    // Most hands hold no wind, or no dragon.
    if family.iter().all(|&count| count == 0) {
        return EMPTY;
    }
    let (mut tiles, mut left_over, mut paired) = (0u8, 0u16, 0u16);
    for (kind, &count) in family.iter().enumerate() {
        tiles = tiles.saturating_add(count);
        match count % 3 {
            1 => left_over |= 1 << kind,
            2 => paired |= 1 << kind,
            _ => {}
        }
    }
    // The pairs the family holds, as its count says, and must hold with one tile more.
    let pairs = paired.count_ones();
    let splits = left_over == 0 && pairs == u32::from(tiles % 3 == 2);
    let wanted = u32::from(tiles % 3 == 1);
    let completing = if left_over.count_ones() == 1 && pairs + 1 == wanted {
        left_over
    } else if left_over == 0 && pairs == wanted + 1 {
        paired
    } else {
        0
    };
    Family {
        tiles,
        splits,
        completing,
    }
}

/// Slots of the per-thread memo of number suits (a power of two): 256 KB.
const MEMO_SLOTS: usize = 1 << 15;

thread_local! {
    /// Direct-mapped memo of number suits: a slot holds the last suit hashed to it, its
    /// key in the low [`KEY_BITS`] bits (see [`suit`]) and its answer above: whether it
    /// splits, then its completing ranks.
    static MEMO: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// Bits of a memo slot's key: four bits a rank.
const KEY_BITS: u32 = 36;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// A number suit, from the memo, or searched and kept there. The key packs the ranks'
/// counts four bits each, read eight at a time; a suit with a count over 15 (no hand holds
/// one) is searched without the memo. The empty suit is never kept, so an empty slot (0)
/// never matches.
fn suit(suit: &[u8; 9]) -> Family {
    let low = u64::from_le_bytes(suit[..8].try_into().expect("eight ranks"));
    let ninth = suit[8];
    if low & 0xF0F0_F0F0_F0F0_F0F0 != 0 || ninth > 15 {
        let tiles = suit.iter().fold(0u8, |sum, &c| sum.saturating_add(c));
        return search_suit(suit, tiles);
    }
    // The sum of the eight low counts collects in the top byte (each is under 16).
    let tiles = (low.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8 + ninth;
    if tiles == 0 {
        return EMPTY;
    }
    let mut key = (low | low >> 4) & 0x00FF_00FF_00FF_00FF;
    key = (key | key >> 8) & 0x0000_FFFF_0000_FFFF;
    key = (key | key >> 16) & 0xFFFF_FFFF;
    key |= u64::from(ninth) << 32;
    let slot =
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_SLOTS.trailing_zeros())) as usize;
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.is_empty() {
            memo.resize(MEMO_SLOTS, 0);
        }
        let kept = memo[slot];
        if kept & KEY_MASK == key {
            let answer = kept >> KEY_BITS;
            return Family {
                tiles,
                splits: answer & 1 != 0,
                completing: (answer >> 1) as u16,
            };
        }
        let family = search_suit(suit, tiles);
        let answer = u64::from(family.splits) | u64::from(family.completing) << 1;
        memo[slot] = key | answer << KEY_BITS;
        family
    })
}

/// A number suit searched: as it is, then with one tile more of each rank that has a tile
/// within two ranks (a tile with no neighbour nor copy completes no set).
fn search_suit(suit: &[u8; 9], tiles: u8) -> Family {
    let mut counts = *suit;
    let as_is = match tiles % 3 {
        0 => splits(&mut counts, true, false),
        2 => splits(&mut counts, true, true),
        _ => false,
    };
    let mut completing = 0u16;
    let pair = match (tiles % 3 + 1) % 3 {
        0 => false,
        2 => true,
        _ => {
            return Family {
                tiles,
                splits: as_is,
                completing: 0,
            }
        }
    };
    let held = (0..9).fold(0u16, |bits, rank| bits | u16::from(suit[rank] > 0) << rank);
    let near = held | held << 1 | held << 2 | held >> 1 | held >> 2;
    for rank in (0..9).filter(|&rank| near & 1 << rank != 0) {
        counts[rank] += 1;
        if splits(&mut counts, true, pair) {
            completing |= 1 << rank;
        }
        counts[rank] -= 1;
    }
    Family {
        tiles,
        splits: as_is,
        completing,
    }
}

/// Whether one family's counts split into sets (triplets, and sequences when `sequences`)
/// and, when `pair`, exactly one pair. Takes the lowest rank first, so each split is tried
/// once; restores `counts` before returning. Counts may reach 5 (a dead wait).
pub(crate) fn splits(counts: &mut [u8; 9], sequences: bool, pair: bool) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Family `g` answered the slow way: every split of the family as it is and with each
    /// kind added, with no memo and no shortcut.
    fn searched(counts: &[u8; KINDS], g: usize) -> Family {
        let (start, end) = FAMILIES[g];
        let mut family = [0u8; 9];
        family[..end - start].copy_from_slice(&counts[start..end]);
        let tiles: u8 = family.iter().sum();
        let sequences = start < 27;
        let splits_as = |family: &mut [u8; 9], tiles: u8| match tiles % 3 {
            0 => splits(family, sequences, false),
            2 => splits(family, sequences, true),
            _ => false,
        };
        let splits = splits_as(&mut family, tiles);
        let mut completing = 0u16;
        for kind in 0..end - start {
            family[kind] += 1;
            if splits_as(&mut family, tiles + 1) {
                completing |= 1 << kind;
            }
            family[kind] -= 1;
        }
        Family {
            tiles,
            splits,
            completing,
        }
    }

    /// Every count vector of `width` kinds with at most `tiles` tiles, four of a kind at
    /// most.
    fn families_up_to(width: usize, tiles: u8) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        for _ in 0..width {
            all = all
                .into_iter()
                .flat_map(|prefix: Vec<u8>| {
                    (0..=4).map(move |count| {
                        let mut longer = prefix.clone();
                        longer.push(count);
                        longer
                    })
                })
                .filter(|family| family.iter().sum::<u8>() <= tiles)
                .collect();
        }
        all
    }

    #[test]
    fn every_small_family_as_searched() {
        // Every family of up to eight tiles, asked twice (the second time from the memo).
        for (g, &(start, end)) in FAMILIES.iter().enumerate() {
            for family in families_up_to(end - start, 8) {
                let mut counts = [0u8; KINDS];
                counts[start..end].copy_from_slice(&family);
                for _ in 0..2 {
                    assert_eq!(Family::of(&counts, g), searched(&counts, g), "{family:?}");
                }
            }
        }
    }

    #[test]
    fn larger_suits_and_fifth_copies_as_searched() {
        let suits: [[u8; 9]; 6] = [
            [3, 1, 1, 1, 1, 1, 1, 1, 3],
            [4, 1, 1, 1, 1, 1, 1, 1, 3],
            [4, 4, 4, 1, 0, 0, 0, 0, 0],
            [5, 0, 0, 0, 0, 0, 0, 0, 0],
            [0, 2, 2, 2, 2, 2, 2, 2, 0],
            [0, 0, 1, 1, 4, 1, 1, 0, 0],
        ];
        for suit in suits {
            let mut counts = [0u8; KINDS];
            counts[9..18].copy_from_slice(&suit);
            assert_eq!(Family::of(&counts, 1), searched(&counts, 1), "{suit:?}");
        }
        let mut counts = [0u8; KINDS];
        counts[27] = 16;
        counts[0] = 17;
        assert_eq!(Family::of(&counts, 0), searched(&counts, 0));
        assert_eq!(Family::of(&counts, 3), searched(&counts, 3));
    }
}
