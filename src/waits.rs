//! Waits: which tile kinds complete a hand that lacks one tile, for the shapes a rule set
//! allows. This is the counting core: it looks at tile counts only (no context, no scoring),
//! so a scoring system can ask it inside a predicate (Huang's Single Tin), and the `waits`
//! analysis can ask it for every candidate tile.
//!
//! Counts may exceed 4: a wait on a kind whose four copies are all in the hand is still a
//! shape the hand completes (a *dead* wait); callers decide what to make of it.
//!
//! The regular shape is judged one family of tiles at a time (sets never cross families):
//! each suit's split, and the ranks that complete it, are searched once and kept in a
//! per-thread memo, as hands repeat the same suits.
//!
//! [`distance`] (how far a hand is from calling) looks at counts only too. The `waits`
//! command's library, which values each wait by scoring the won hand, is
//! [`crate::analysis`]: it comes after [`crate::score`] in the data flow, and this module
//! imports nothing above the tiles.

use crate::arrange::Shapes;
use crate::tile::{Tile, KINDS};

pub mod distance;
mod family;

use family::{Family, FAMILIES};

/// The tile kinds that complete `counts` (the concealed tiles without a winning tile) and
/// `melds` into a winning shape of `shapes`, as a bit set: bit `i` for [`Tile::ALL`]`[i]`.
/// Kinds whose four copies are all in the hand are included (see the module's note).
pub(crate) fn completing_kinds(counts: &[u8; KINDS], melds: usize, shapes: Shapes) -> u64 {
    completing_kinds_of(counts, &Families::of(counts), melds, shapes)
}

/// [`completing_kinds`] with the families of `counts` already asked.
fn completing_kinds_of(
    counts: &[u8; KINDS],
    families: &Families,
    melds: usize,
    shapes: Shapes,
) -> u64 {
    let Some(sets) = 4usize.checked_sub(melds) else {
        return 0;
    };
    // The families count the tiles too.
    if families.tiles() + 1 != 3 * sets + 2 {
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
    }
    if !shapes.regular {
        return kinds;
    }
    kinds | families.completing_kinds()
}

/// The completing kinds of what a hand that has just drawn (14 tiles) leaves after each
/// discard it may make. A discard changes its own tile's family only, so the hand's
/// families are asked once and each discard asks its own family again.
pub(crate) struct AfterDiscards {
    counts: [u8; KINDS],
    families: Families,
    melds: usize,
    shapes: Shapes,
}

impl AfterDiscards {
    /// The hand's concealed `counts` (with the tile drawn), its `melds` and the shapes the
    /// rule set allows.
    pub(crate) fn new(counts: &[u8; KINDS], melds: usize, shapes: Shapes) -> AfterDiscards {
        AfterDiscards {
            counts: *counts,
            families: Families::of(counts),
            melds,
            shapes,
        }
    }

    /// [`completing_kinds`] of the hand less one `discard` (which it must hold).
    pub(crate) fn completing_kinds(&self, discard: Tile) -> u64 {
        let mut counts = self.counts;
        counts[discard.index()] -= 1;
        let mut families = Families(self.families.0);
        let g = FAMILIES
            .iter()
            .position(|&(start, end)| (start..end).contains(&discard.index()))
            .unwrap_or(0);
        families.0[g] = Family::of(&counts, g);
        completing_kinds_of(&counts, &families, self.melds, self.shapes)
    }
}

/// How each family of a hand's tiles splits, and which kinds complete it: a regular hand is
/// complete when every family splits and one of them holds the pair, and a tile completes
/// it when it makes its own family split so, the others splitting already.
struct Families([Family; FAMILIES.len()]);

impl Families {
    fn of(counts: &[u8; KINDS]) -> Families {
        Families(std::array::from_fn(|g| Family::of(counts, g)))
    }

    /// The hand's tiles.
    fn tiles(&self) -> usize {
        self.0.iter().map(|f| usize::from(f.tiles())).sum()
    }

    /// The kinds whose one tile more makes the hand a regular complete hand: those that
    /// make their family split when every other family splits already and, with the tile,
    /// the families hold one pair in all.
    fn completing_kinds(&self) -> u64 {
        let unsplit = self.0.iter().filter(|f| !f.splits()).count();
        let pairs = self.0.iter().filter(|f| f.splits() && f.has_pair()).count();
        match unsplit {
            // Every family splits (two with a pair, the tile count says): a tile can only
            // turn one of the two into sets.
            0 if pairs == 2 => (0..FAMILIES.len())
                .filter(|&g| self.0[g].has_pair())
                .fold(0, |kinds, g| kinds | self.0[g].completing_kinds(g)),
            // One family does not split: the tile must go there.
            1 => {
                let g = self.0.iter().position(|f| !f.splits()).unwrap_or(0);
                let family = self.0[g];
                if pairs + usize::from(family.completed_has_pair()) == 1 {
                    family.completing_kinds(g)
                } else {
                    0
                }
            }
            _ => 0,
        }
    }
}

/// The kind that completes Seven Pairs from 13 tiles: the one kind held an odd number of
/// times, when there is exactly one (four of a kind being two pairs).
fn seven_pairs_wait(counts: &[u8; KINDS]) -> u64 {
    // The kinds held an odd number of times, as bits: without a branch for each kind.
    let odd = counts.iter().enumerate().fold(0u64, |odd, (kind, &count)| {
        odd | u64::from(count & 1) << kind
    });
    if odd.count_ones() == 1 {
        odd
    } else {
        0
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
pub(crate) fn kinds_of(bits: u64) -> impl Iterator<Item = Tile> {
    // Set bits only, lowest first: a hand waits on a few kinds of the 34.
    let mut left = bits & ((1 << KINDS) - 1);
    std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        let index = left.trailing_zeros() as usize;
        left &= left - 1;
        Tile::ALL.get(index).copied()
    })
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
