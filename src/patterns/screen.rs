//! The first pass over a rules file's hands: what rules most of them out on a reading
//! before their conditions are read part by part.
//!
//! A table written as data has some thirty conditions, and few hold on any reading. Each
//! is summed up once, when the table is indexed, as a [`Screen`]: the kinds of tiles it
//! allows, and the facts of a reading it needs and forbids among a few dozen that are
//! cheap to know (honours present, how many suits, every set a triplet, how many kongs,
//! the wait, how the hand ended, …). Each reading's facts are worked out once as bits
//! ([`ReadingBits::of`]), and a condition is read in full only when its screen admits the
//! reading. The screen is a necessary condition, never a sufficient one: what it admits is
//! still tested whole ([`Requirements::holds`]), so a screen can only make the engine
//! faster, and a screen that ruled out a reading a condition holds on would be a fault
//! (debug builds check that none does).

use super::facts::Facts;
use super::requirements::{
    has_straight, most_suits_at_one_rank, number_suits, Count, CountedSets, Ending, Presence, Requirements, SetsRule, WaitKind,
};
use crate::tile::kinds;

/// The number tiles, as a set of kinds.
const NUMBERS: u64 = kinds::BAMBOO | kinds::CHARACTERS | kinds::DOTS;

/// The bits of a reading's cheap facts ([`ReadingBits::of`]), each a flag or one of a
/// one-hot group (a count of 0 to 4, one bit each).
mod bit {
    /// Some honour.
    pub(super) const HONOURS: u64 = 1;
    /// Some number tile.
    pub(super) const NUMBERS: u64 = 1 << 1;
    /// Some terminal.
    pub(super) const TERMINALS: u64 = 1 << 2;
    /// Some number tile that is not a terminal.
    pub(super) const SIMPLES: u64 = 1 << 3;
    /// Every set a triplet or kong (no sequence).
    pub(super) const NO_SEQUENCE: u64 = 1 << 4;
    /// Every set a sequence (or no set).
    pub(super) const ONLY_SEQUENCES: u64 = 1 << 5;
    /// Some set melded in the open.
    pub(super) const MELDED: u64 = 1 << 6;
    /// Won by self-draw.
    pub(super) const SELF_DRAWN: u64 = 1 << 7;
    /// No wait (an irregular reading, or no winning tile): [`WAITS`] and on hold none.
    pub(super) const NO_WAIT: u64 = 1 << 8;
    /// How the winning tile completed the reading, by [`WaitKind`](super::WaitKind) bit.
    pub(super) const WAITS: u32 = 9;
    /// How the hand ended, by [`Ending`](super::Ending) bit.
    pub(super) const ENDED: u32 = 14;
    /// How many number suits, one-hot from 0.
    pub(super) const SUITS: u32 = 19;
    /// How many kongs, one-hot from 0.
    pub(super) const KONGS: u32 = 24;
    /// How many sets melded, one-hot from 0.
    pub(super) const MELDED_SETS: u32 = 29;
    /// How many concealed triplets, one-hot from 0.
    pub(super) const CONCEALED_TRIPLETS: u32 = 34;
    /// How many copies of the most repeated sequence, one-hot from 0.
    pub(super) const IDENTICAL_SEQUENCES: u32 = 39;
    /// Some set without a terminal or an honour: no outside hand.
    pub(super) const SET_OF_SIMPLES: u64 = 1 << 44;
    /// The sequences 123, 456 and 789 of one suit.
    pub(super) const STRAIGHT: u64 = 1 << 45;
    /// The most suits holding a sequence of one number, one-hot from 0.
    pub(super) const SIMILAR_SEQUENCES: u32 = 46;
    /// The most suits holding a triplet or kong of one number, one-hot from 0.
    pub(super) const SIMILAR_TRIPLETS: u32 = 51;
    /// The bits of each count, at its place.
    pub(super) const COUNT: u64 = 0b11111;
}

/// A reading's cheap facts, worked out once a reading for every screen: the kinds held,
/// the kinds of the triplets and kongs, and the rest as bits ([`bit`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ReadingBits {
    /// The kinds the hand holds.
    held: u64,
    /// The kinds of the reading's triplets and kongs.
    triplet_kinds: u64,
    /// The other facts, as [`bit`]s.
    bits: u64,
}

impl ReadingBits {
    /// The facts of the reading `f` describes, those `asked` asks (every other bit left 0).
    #[inline]
    pub(crate) fn of(f: &Facts, asked: u64) -> ReadingBits {
        let held = f.kinds_held();
        let flag = |on: bool, bit: u64| if on { bit } else { 0 };
        let one_hot = |n: usize, at: u32| if n <= 4 { 1u64 << (at as usize + n) } else { 0 };
        let suits = number_suits(held);
        let sets = f.sets();
        let sequences = f.sequence_count();
        let mut bits = flag(held & kinds::HONORS != 0, bit::HONOURS)
            | flag(held & NUMBERS != 0, bit::NUMBERS)
            | flag(held & kinds::TERMINALS != 0, bit::TERMINALS)
            | flag(held & kinds::SIMPLES != 0, bit::SIMPLES)
            | flag(sequences == 0, bit::NO_SEQUENCE)
            | flag(sequences == sets.len(), bit::ONLY_SEQUENCES)
            | one_hot(suits, bit::SUITS)
            | one_hot(f.kongs(), bit::KONGS)
            | one_hot(f.max_identical_sequences(), bit::IDENTICAL_SEQUENCES);
        // The facts that ask more than a look at a stored count, only where some screen
        // of the list asks them.
        if asked & (bit::MELDED | bit::COUNT << bit::MELDED_SETS) != 0 {
            let melded = sets.iter().filter(|set| set.melded).count();
            bits |= flag(melded > 0, bit::MELDED) | one_hot(melded, bit::MELDED_SETS);
        }
        if asked & bit::SELF_DRAWN != 0 {
            bits |= flag(f.context().self_drawn(), bit::SELF_DRAWN);
        }
        if asked & (bit::NO_WAIT | bit::COUNT << bit::WAITS) != 0 {
            bits |= match WaitKind::of(f) {
                Some(wait) => (wait as u64) << bit::WAITS,
                None => bit::NO_WAIT,
            };
        }
        if asked & bit::COUNT << bit::ENDED != 0 {
            let ended = Ending::ALL.iter().filter(|(ending, _, _)| ending.holds(f));
            bits |= ended.fold(0, |all, &(ending, _, _)| all | (ending as u64) << bit::ENDED);
        }
        if asked & bit::COUNT << bit::CONCEALED_TRIPLETS != 0 {
            bits |= one_hot(f.concealed_triplets(), bit::CONCEALED_TRIPLETS);
        }
        if asked & bit::SET_OF_SIMPLES != 0 {
            bits |= flag(!f.every_set_holds(kinds::TERMINALS | kinds::HONORS), bit::SET_OF_SIMPLES);
        }
        if asked & bit::STRAIGHT != 0 {
            bits |= flag(has_straight(f), bit::STRAIGHT);
        }
        if asked & bit::COUNT << bit::SIMILAR_SEQUENCES != 0 {
            let suits = most_suits_at_one_rank(f.sequence_starts());
            bits |= one_hot(suits as usize, bit::SIMILAR_SEQUENCES);
        }
        if asked & bit::COUNT << bit::SIMILAR_TRIPLETS != 0 {
            let suits = most_suits_at_one_rank(f.triplet_kinds());
            bits |= one_hot(suits as usize, bit::SIMILAR_TRIPLETS);
        }
        ReadingBits {
            held,
            triplet_kinds: f.triplet_kinds(),
            bits,
        }
    }
}

/// What a condition as data needs of a reading's cheap facts: the kinds of tiles it
/// allows, how many triplets (and kongs) of some kinds at least, and the bits it needs set
/// (`want`) among those it looks at (`care`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Screen {
    /// The kinds the hand may hold.
    tiles: u64,
    /// The bits looked at.
    care: u64,
    /// Their values.
    want: u64,
    /// The kinds of which the reading has at least [`Screen::triplets`] triplets or kongs.
    triplets_of: u64,
    /// How many (0: no test).
    triplets: u32,
}

impl Screen {
    /// The screen of `requirements`.
    pub(crate) fn of(requirements: &Requirements) -> Screen {
        let mut screen = Screen {
            tiles: requirements.tiles,
            care: 0,
            want: 0,
            triplets_of: 0,
            triplets: 0,
        };
        let r = requirements;
        match r.honours {
            Presence::Any => {}
            Presence::None => screen.forbid(bit::HONOURS),
            Presence::Some => screen.need(bit::HONOURS),
            Presence::Only => screen.forbid(bit::NUMBERS),
        }
        match r.terminals {
            Presence::Any => {}
            Presence::None => screen.forbid(bit::TERMINALS),
            Presence::Some => screen.need(bit::TERMINALS),
            Presence::Only => screen.forbid(bit::SIMPLES),
        }
        match r.sets {
            SetsRule::Any => {}
            SetsRule::Triplets => screen.need(bit::NO_SEQUENCE),
            SetsRule::Sequences => screen.need(bit::ONLY_SEQUENCES),
        }
        match r.concealed {
            None => {}
            Some(true) => screen.forbid(bit::MELDED),
            Some(false) => screen.need(bit::MELDED),
        }
        match r.self_drawn {
            None => {}
            Some(true) => screen.need(bit::SELF_DRAWN),
            Some(false) => screen.forbid(bit::SELF_DRAWN),
        }
        if r.waits != 0 {
            // One of the waits asked: none of the others, and some wait.
            screen.forbid(bit::NO_WAIT | (bit::COUNT & !u64::from(r.waits)) << bit::WAITS);
        }
        if r.ended != 0 {
            screen.need(u64::from(r.ended) << bit::ENDED);
        }
        screen.count(r.suits, bit::SUITS);
        screen.count(r.kongs, bit::KONGS);
        screen.count(r.melded_sets, bit::MELDED_SETS);
        screen.count(r.concealed_triplets, bit::CONCEALED_TRIPLETS);
        screen.count(r.identical_sequences, bit::IDENTICAL_SEQUENCES);
        let at_least = |n: u8| Count {
            min: n,
            max: u8::MAX,
        };
        if r.identical_pairs.min > 0 {
            // A pair of identical sequences is a sequence repeated.
            screen.count(at_least(2), bit::IDENTICAL_SEQUENCES);
        }
        screen.count(at_least(r.similar_sequences), bit::SIMILAR_SEQUENCES);
        // Triplets of one number in two suits (and that number's pair in the third).
        let similar_triplets = r.similar_triplets.max(2 * u8::from(r.similar_triplets_and_pair));
        screen.count(at_least(similar_triplets), bit::SIMILAR_TRIPLETS);
        if r.straight {
            screen.need(bit::STRAIGHT);
        }
        if r.every_group_holds & !(kinds::TERMINALS | kinds::HONORS) == 0 {
            // Every set holds a terminal or an honour (the ANY of every kind is not so).
            screen.forbid(bit::SET_OF_SIMPLES);
        }
        if r.hand_at_least.is_some() {
            // The whole hand of one number suit, with no kong.
            screen.forbid(bit::HONOURS);
            screen.count(Count::exactly(1), bit::SUITS);
            screen.count(Count::exactly(0), bit::KONGS);
        }
        if let Some(held) = r.held {
            // Thirteen tiles held concealed, all of the winning tile's number suit: the
            // whole hand is of that suit.
            if held.iter().map(|&n| u32::from(n)).sum::<u32>() == 13 {
                screen.forbid(bit::HONOURS);
                screen.count(Count::exactly(1), bit::SUITS);
            }
        }
        // At least so many triplets or kongs of some kinds: those a count asks for; or
        // numbers, for a run of triplets; or a set counted once each, of its kinds (a wind
        // for the seat's or the round's).
        let winds = |on: bool| if on { kinds::WINDS } else { 0 };
        let each_of = r.each_set_of | winds(r.each_seat_wind || r.each_prevailing_wind);
        if r.counts_each_set() && r.counts_pairs() {
            // A pair of honours (or of number tiles) counted: the hand holds one.
            if each_of & !kinds::HONORS == 0 {
                screen.need(bit::HONOURS);
            } else if each_of & !NUMBERS == 0 {
                screen.need(bit::NUMBERS);
            }
        }
        (screen.triplets_of, screen.triplets) = if r.triplets.min > 0 {
            (r.triplets_of, u32::from(r.triplets.min))
        } else if r.consecutive_triplets > 0 {
            (NUMBERS, u32::from(r.consecutive_triplets))
        } else if r.counts_each_set()
            && matches!(r.each_kind, CountedSets::Triplets | CountedSets::Kongs)
        {
            (each_of, 1)
        } else {
            (0, 0)
        };
        screen
    }

    /// The bits a reading must have set.
    fn need(&mut self, bits: u64) {
        self.care |= bits;
        self.want |= bits;
    }

    /// The bits a reading must not have set.
    fn forbid(&mut self, bits: u64) {
        self.care |= bits;
    }

    /// A count of 0 to 4 within `count`, its one-hot bits at `at`: the counts outside
    /// forbidden (a count the facts cannot have is no bit, and forbids nothing).
    fn count(&mut self, count: Count, at: u32) {
        let outside = (0..=4usize)
            .filter(|&n| !count.holds(n))
            .fold(0u64, |all, n| all | 1 << n);
        if outside != 0 {
            self.forbid(outside << at);
        }
    }

    /// The bits of a reading this screen looks at ([`ReadingBits::of`] works out only
    /// those some screen of a list asks).
    pub(crate) fn asks(&self) -> u64 {
        self.care
    }

    /// Whether a reading with the facts `reading` may hold the condition.
    #[inline]
    pub(crate) fn admits(&self, reading: &ReadingBits) -> bool {
        reading.held & !self.tiles == 0
            && reading.bits & self.care == self.want
            && (reading.triplet_kinds & self.triplets_of).count_ones() >= self.triplets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{Suit, Tile};

    /// The tiles of `suit` from rank `from` to `to`.
    fn tiles(suit: Suit, from: u8, to: u8) -> Vec<Tile> {
        (from..=to).filter_map(|rank| Tile::new(suit, rank)).collect()
    }

    /// Every reading of `line` with its facts, passed to `each`.
    fn each_reading(line: &str, mut each: impl FnMut(&Facts)) {
        let hand = crate::line::parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        for arrangement in &crate::arrange::arrangements(&hand) {
            each(&Facts::new(&hand, arrangement));
        }
    }

    #[test]
    fn a_reading_s_facts_are_its_bits() {
        // b123 b456 b789, d555 and the pair e11 (Red Dragons), won on e1 into the pair,
        // self-drawn; one reading. Bamboo and dots (2 suits), an honour, terminals (b1,
        // b9) and simples; three sequences and a triplet (neither NO_SEQUENCE nor
        // ONLY_SEQUENCES); no kong, nothing melded; a single wait; not the last tile or
        // any other ending; d555 concealed and self-drawn: one concealed triplet; no
        // sequence repeated (the most repeated, once); b456 holds no terminal or honour; a
        // straight in bamboo; a sequence of one number in one suit at most, a triplet too.
        let expected = bit::HONOURS
            | bit::NUMBERS
            | bit::TERMINALS
            | bit::SIMPLES
            | bit::SELF_DRAWN
            | (WaitKind::Single as u64) << bit::WAITS
            | 1 << (bit::SUITS + 2)
            | 1 << bit::KONGS
            | 1 << bit::MELDED_SETS
            | 1 << (bit::CONCEALED_TRIPLETS + 1)
            | 1 << (bit::IDENTICAL_SEQUENCES + 1)
            | bit::SET_OF_SIMPLES
            | bit::STRAIGHT
            | 1 << (bit::SIMILAR_SEQUENCES + 1)
            | 1 << (bit::SIMILAR_TRIPLETS + 1);
        let mut readings = 0;
        each_reading("b123456789 d555 e1 +e1 self", |facts| {
            readings += 1;
            assert_eq!(ReadingBits::of(facts, u64::MAX).bits, expected);
            // Only what is asked is worked out beyond the stored counts: no wait asked, no
            // wait bit.
            let asked = !(bit::NO_WAIT | bit::COUNT << bit::WAITS);
            let bits = ReadingBits::of(facts, asked).bits;
            assert_eq!(bits, expected & !((WaitKind::Single as u64) << bit::WAITS));
        });
        assert_eq!(readings, 1);
    }

    #[test]
    fn a_screen_admits_every_reading_its_condition_holds_on_and_rules_out_others() {
        use crate::tile::Suit::{Bamboo, Characters, Dots, Dragon, Wind};
        let dragons = tiles(Dragon, 1, 3);
        let winds = tiles(Wind, 1, 4);
        let ends: Vec<Tile> = [Bamboo, Characters, Dots]
            .into_iter()
            .flat_map(|suit| [Tile::new(suit, 1), Tile::new(suit, 9)])
            .flatten()
            .chain(dragons.iter().copied())
            .chain(winds.iter().copied())
            .collect();
        let any = Requirements::any;
        // A condition for each part the screen reads, and a few together.
        let conditions = [
            any().only_tiles(&[tiles(Bamboo, 1, 9), dragons.clone()].concat()),
            any().suits(1..=1),
            any().without_honours(),
            any().with_honours(),
            any().all_honours(),
            any().without_terminals(),
            any().with_terminals(),
            any().all_terminals(),
            any().all_triplets(),
            any().all_sequences(),
            any().every_group_holds(&ends),
            any().concealed(true),
            any().concealed(false),
            any().self_drawn(true),
            any().self_drawn(false),
            any().kongs(1..=4),
            any().melded_sets(2..=4),
            any().concealed_triplets(2..=4),
            any().triplets_of(2..=4, &dragons),
            any().identical_sequences(2..=4),
            any().identical_sequence_pairs(2..=2),
            any().similar_sequences(3),
            any().similar_triplets(2),
            any().similar_triplets_and_pair(),
            any().straight(),
            any().consecutive_triplets(3),
            any().held("1112345678999").expect("thirteen ranks"),
            any().hand_holds_at_least("11123").expect("five ranks"),
            any().each_triplet_of(&dragons, true),
            any().each_kong_of(&dragons, false),
            any().each_pair_of(&winds, true),
            any().on_the_last_tile(),
            any().on_a_kong_replacement().self_drawn(true),
            any().single_wait(),
            any().edge_wait().closed_wait(),
            any().all_triplets().with_honours().concealed(true),
        ];
        let words = ["", " self", " last", " kong self", " rob", " heaven", " earth"];
        // Random hands, each with one of the endings in turn, and every WSOM pattern's
        // example (the rare hands: all honours, Nine Gates, four kongs).
        let examples = crate::rules::WSOM.patterns().iter().map(|p| p.example.to_string());
        let lines = (crate::corpus::winning_hands(44, 3000).into_iter())
            .enumerate()
            .map(|(n, line)| line + words[n % words.len()])
            .chain(examples);
        let (mut held, mut ruled_out) = (vec![0; conditions.len()], vec![0; conditions.len()]);
        for line in lines {
            let Ok(_) = crate::line::parse(&line) else {
                continue;
            };
            each_reading(&line, |facts| {
                let reading = ReadingBits::of(facts, u64::MAX);
                let regular = facts.arrangement.shape.kind() == 0;
                for (n, condition) in conditions.iter().enumerate() {
                    let admitted = Screen::of(condition).admits(&reading);
                    if condition.holds(facts) {
                        held[n] += 1;
                        assert!(admitted, "{line}: {condition:?} holds, screened out");
                        // A hand's shapes allow these numbers of sequences only.
                        let (fewest, most) = condition.sequence_bounds();
                        let sequences = facts.sequence_count() as u8;
                        assert!(
                            !regular || (fewest..=most).contains(&sequences),
                            "{line}: {condition:?} holds, ruled out by its sequences"
                        );
                    } else if !admitted {
                        ruled_out[n] += 1;
                    }
                }
            });
        }
        // Each condition held somewhere, and its screen ruled out some reading it fails
        // on: neither half of the comparison is empty.
        for (n, condition) in conditions.iter().enumerate() {
            assert!(held[n] > 0 && ruled_out[n] > 0, "{condition:?}: held {} ruled out {}", held[n], ruled_out[n]);
        }
    }
}
