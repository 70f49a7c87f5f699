//! Tiles and seats: the 34 tile kinds of the 136-tile set and the four seat winds.
//!
//! A tile is a small index (0..34) so that hands can be counted in fixed arrays:
//! bamboo 1-9, characters 1-9, dots 1-9, winds East/South/West/North, dragons Red/Green/White.
//! Notation letters (docs/notation.md § Tiles): `b` `c` `d` for the suits, `w` for winds,
//! `e` for dragons.

use std::fmt;

/// Number of distinct tile kinds.
pub const KINDS: usize = 34;

/// Sets of tile kinds as bits, bit `i` for the kind of [`Tile::index`] `i`: a predicate over
/// every kind a hand holds tests the hand's bits against one of these in one step (a test
/// checks each against [`Tile`]'s own predicates).
pub mod kinds {
    /// Bamboo 1-9.
    pub const BAMBOO: u64 = 0x1ff;
    /// Characters 1-9.
    pub const CHARACTERS: u64 = BAMBOO << 9;
    /// Dots 1-9.
    pub const DOTS: u64 = BAMBOO << 18;
    /// East, South, West and North.
    pub const WINDS: u64 = 0xf << 27;
    /// The three dragons.
    pub const DRAGONS: u64 = 0x7 << 31;
    /// Winds and dragons.
    pub const HONORS: u64 = WINDS | DRAGONS;
    /// The 1s and 9s of the number suits.
    pub const TERMINALS: u64 = (1 | 1 << 8) * (1 | 1 << 9 | 1 << 18);
    /// The 2-8s of the number suits.
    pub const SIMPLES: u64 = (BAMBOO | CHARACTERS | DOTS) & !TERMINALS;
}

/// The five tile families. Bamboo, Characters and Dots are the number suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Bamboo 1-9, `b`.
    Bamboo,
    /// Characters 1-9, `c`.
    Characters,
    /// Dots 1-9, `d`.
    Dots,
    /// East, South, West, North, `w1`-`w4`.
    Wind,
    /// Red, Green, White, `e1`-`e3`.
    Dragon,
}

impl Suit {
    /// The notation letter of this family.
    pub const fn letter(self) -> char {
        match self {
            Suit::Bamboo => 'b',
            Suit::Characters => 'c',
            Suit::Dots => 'd',
            Suit::Wind => 'w',
            Suit::Dragon => 'e',
        }
    }

    /// The family named by a notation letter (lower case).
    pub fn from_letter(letter: char) -> Option<Suit> {
        match letter {
            'b' => Some(Suit::Bamboo),
            'c' => Some(Suit::Characters),
            'd' => Some(Suit::Dots),
            'w' => Some(Suit::Wind),
            'e' => Some(Suit::Dragon),
            _ => None,
        }
    }

    /// Highest rank that exists in this family (ranks start at 1).
    pub const fn max_rank(self) -> u8 {
        match self {
            Suit::Wind => 4,
            Suit::Dragon => 3,
            _ => 9,
        }
    }

    /// Bamboo, Characters or Dots.
    pub fn is_number(self) -> bool {
        matches!(self, Suit::Bamboo | Suit::Characters | Suit::Dots)
    }

    fn base(self) -> u8 {
        match self {
            Suit::Bamboo => 0,
            Suit::Characters => 9,
            Suit::Dots => 18,
            Suit::Wind => 27,
            Suit::Dragon => 31,
        }
    }
}

/// One tile kind, stored as its index 0..34. (The default, index 0, is only a fixed array's
/// starting value.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Tile(u8);

/// Text that is not one tile's code (`b5`, `w1`, `e3`: a suit letter and a digit).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a tile: a tile is a suit letter (b, c, d, w, e) and a digit, as b5")]
pub struct NotATile(pub String);

impl std::str::FromStr for Tile {
    type Err = NotATile;

    /// A tile from its code, any case: `"b5"`, `"E1"`.
    fn from_str(code: &str) -> Result<Tile, NotATile> {
        let mut chars = code.chars();
        let tile = match (chars.next(), chars.next(), chars.next()) {
            (Some(letter), Some(digit), None) => Suit::from_letter(letter.to_ascii_lowercase())
                .zip(digit.to_digit(10))
                .and_then(|(suit, rank)| Tile::new(suit, rank as u8)),
            _ => None,
        };
        tile.ok_or_else(|| NotATile(code.to_string()))
    }
}

impl Tile {
    /// The tile of `suit` with `rank` (1-based), if that rank exists in the suit.
    pub fn new(suit: Suit, rank: u8) -> Option<Tile> {
        (1..=suit.max_rank())
            .contains(&rank)
            .then(|| Tile(suit.base() + rank - 1))
    }

    /// The tile of `suit` with `rank`, a rank the caller has checked is in the suit (the
    /// parser, which checks a group's digits as it finds them).
    pub(crate) fn of_checked_rank(suit: Suit, rank: u8) -> Tile {
        debug_assert!((1..=suit.max_rank()).contains(&rank));
        Tile(suit.base() + rank - 1)
    }

    /// Every tile kind, in index order: `Tile::ALL[i]` is the tile with index `i`.
    pub const ALL: [Tile; KINDS] = {
        let mut all = [Tile(0); KINDS];
        let mut i = 0;
        while i < KINDS {
            all[i] = Tile(i as u8);
            i += 1;
        }
        all
    };

    /// The tile with this index, if it is one of the 34 (0..34).
    pub fn from_index(index: usize) -> Option<Tile> {
        Tile::ALL.get(index).copied()
    }

    /// The tile's index, 0..34 (for counting tiles in fixed arrays).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's family.
    pub fn suit(self) -> Suit {
        match self.0 {
            0..=8 => Suit::Bamboo,
            9..=17 => Suit::Characters,
            18..=26 => Suit::Dots,
            27..=30 => Suit::Wind,
            _ => Suit::Dragon,
        }
    }

    /// Rank within the family: 1-9 for suits, 1-4 for winds, 1-3 for dragons.
    pub fn rank(self) -> u8 {
        self.0 - self.suit().base() + 1
    }

    /// A wind or a dragon.
    pub fn is_honor(self) -> bool {
        !self.suit().is_number()
    }

    /// A 1 or 9 of a number suit ("terminal number tile").
    pub fn is_terminal(self) -> bool {
        self.suit().is_number() && (self.rank() == 1 || self.rank() == 9)
    }

    /// A terminal or an honor tile.
    pub fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// The next tile of the same number suit (for sequences), if any.
    pub fn next_in_suit(self) -> Option<Tile> {
        (self.suit().is_number() && self.rank() < 9).then(|| Tile(self.0 + 1))
    }

    /// The thirteen terminal and honor kinds, in index order.
    pub fn terminals_and_honors() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8)
            .map(Tile)
            .filter(|t| t.is_terminal_or_honor())
    }
}

/// The English names of the 34 kinds, in index order (see [`Tile::name`]).
const NAMES: [&str; KINDS] = [
    "1 Bamboo",
    "2 Bamboo",
    "3 Bamboo",
    "4 Bamboo",
    "5 Bamboo",
    "6 Bamboo",
    "7 Bamboo",
    "8 Bamboo",
    "9 Bamboo",
    "1 Characters",
    "2 Characters",
    "3 Characters",
    "4 Characters",
    "5 Characters",
    "6 Characters",
    "7 Characters",
    "8 Characters",
    "9 Characters",
    "1 Dots",
    "2 Dots",
    "3 Dots",
    "4 Dots",
    "5 Dots",
    "6 Dots",
    "7 Dots",
    "8 Dots",
    "9 Dots",
    "East Wind",
    "South Wind",
    "West Wind",
    "North Wind",
    "Red Dragon",
    "Green Dragon",
    "White Dragon",
];

impl Tile {
    /// The tile's English name, for people: `"East Wind"` for `w1`, `"Red Dragon"` for `e1`,
    /// the rank and the suit for a number tile (`"5 Bamboo"` for `b5`). The honors are the
    /// tiles worth naming: `e` (dragon) is easily read as the East seat of `seat=e`.
    ///
    /// ```
    /// use mjscore::{Suit, Tile};
    /// let red = Tile::new(Suit::Dragon, 1).unwrap();
    /// assert_eq!(red.name(), "Red Dragon");
    /// assert_eq!(Tile::new(Suit::Wind, 2).unwrap().name(), "South Wind");
    /// ```
    pub fn name(self) -> &'static str {
        NAMES[self.index()]
    }

    /// The rank as its digit character (ranks are 1-9). Written with `write_char` rather
    /// than `write!`: tiles are printed in every JSON line of a batch.
    pub fn rank_digit(self) -> char {
        char::from(b'0' + self.rank())
    }
}

impl Tile {
    /// Writes the tile in notation form, e.g. `b5`, `w1`, `e3`: its `Display`, and what the
    /// renderers call on their `String` directly, with no formatting machinery in between.
    pub fn write_to<W: fmt::Write>(self, w: &mut W) -> fmt::Result {
        w.write_char(self.suit().letter())?;
        w.write_char(self.rank_digit())
    }
}

/// Notation form, e.g. `b5`, `w1`, `e3` (see [`Tile::write_to`]).
impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

/// Writes `count` copies of `tile` in compact notation: `b555`.
#[inline]
pub(crate) fn write_run(f: &mut impl fmt::Write, tile: Tile, count: usize) -> fmt::Result {
    if (1..=4).contains(&count) {
        let at = tile.index() * 5;
        return f.write_str(&RUNS[at..=at + count]);
    }
    f.write_char(tile.suit().letter())?;
    for _ in 0..count {
        f.write_char(tile.rank_digit())?;
    }
    Ok(())
}

/// The sequence starting at `tile` in compact notation (`b456`), written as one piece; `None`
/// if no sequence starts there (an honor, or a rank over 7).
pub(crate) fn sequence_text(tile: Tile) -> Option<&'static str> {
    let at = tile.index() * 4;
    (tile.suit().is_number() && tile.rank() <= 7).then(|| &SEQUENCES[at..at + 4])
}

/// The notation letter and rank of the kind of index `i`, for the tables below (a `const`
/// form of [`Suit::letter`] and [`Tile::rank`]; a test checks they agree).
const fn letter_and_rank(i: usize) -> (u8, u8) {
    match i {
        0..=8 => (b'b', i as u8 + 1),
        9..=17 => (b'c', i as u8 - 8),
        18..=26 => (b'd', i as u8 - 17),
        27..=30 => (b'w', i as u8 - 26),
        _ => (b'e', i as u8 - 30),
    }
}

/// Each kind's letter and four rank digits (`b1111` … `e3333`), five bytes a kind: a run of
/// one to four copies of a tile is one slice of it (the renderers write a few a line).
const RUNS: &str = {
    const BYTES: [u8; KINDS * 5] = {
        let mut bytes = [0u8; KINDS * 5];
        let mut i = 0;
        while i < KINDS {
            let (letter, rank) = letter_and_rank(i);
            bytes[5 * i] = letter;
            let mut j = 1;
            while j < 5 {
                bytes[5 * i + j] = b'0' + rank;
                j += 1;
            }
            i += 1;
        }
        bytes
    };
    match std::str::from_utf8(&BYTES) {
        Ok(runs) => runs,
        Err(_) => panic!("the runs are ASCII"),
    }
};

/// The sequence starting at each number kind (`b123` … `d789`), four bytes a kind; the
/// entries of ranks 8 and 9, which start none, are never read.
const SEQUENCES: &str = {
    const BYTES: [u8; 27 * 4] = {
        let mut bytes = [b'-'; 27 * 4];
        let mut i = 0;
        while i < 27 {
            let (letter, rank) = letter_and_rank(i);
            bytes[4 * i] = letter;
            bytes[4 * i + 1] = b'0' + rank;
            bytes[4 * i + 2] = b'0' + rank + 1;
            bytes[4 * i + 3] = b'0' + rank + 2;
            i += 1;
        }
        bytes
    };
    match std::str::from_utf8(&BYTES) {
        Ok(sequences) => sequences,
        Err(_) => panic!("the sequences are ASCII"),
    }
};

/// Sorted tiles in compact notation, one group per suit: `b123 c4556 w222`.
pub(crate) fn grouped_by_suit(tiles: &[Tile]) -> String {
    let mut text = String::new();
    let mut suit = None;
    for tile in tiles {
        if suit != Some(tile.suit()) {
            if suit.is_some() {
                text.push(' ');
            }
            text.push(tile.suit().letter());
            suit = Some(tile.suit());
        }
        text.push(tile.rank_digit());
    }
    text
}

/// A seat at the table. Play passes East → South → West → North → East.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// East, the dealer.
    East,
    /// South.
    South,
    /// West.
    West,
    /// North.
    North,
}

impl Seat {
    /// The four seats in the order of play.
    pub const ALL: [Seat; 4] = [Seat::East, Seat::South, Seat::West, Seat::North];

    /// The seat named by its notation letter (lower case).
    pub fn from_letter(letter: char) -> Option<Seat> {
        match letter {
            'e' => Some(Seat::East),
            's' => Some(Seat::South),
            'w' => Some(Seat::West),
            'n' => Some(Seat::North),
            _ => None,
        }
    }

    /// The notation letter: `e`, `s`, `w`, `n`.
    pub fn letter(self) -> char {
        char::from(self.key().as_bytes()[0])
    }

    /// The notation letter as a string, as JSON keys and `seat=` values use it.
    pub fn key(self) -> &'static str {
        ["e", "s", "w", "n"][self as usize]
    }

    /// The seat's English name.
    pub fn name(self) -> &'static str {
        match self {
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
        }
    }

    /// The seat that plays just before this one (whose discards this seat may chow).
    pub fn upper(self) -> Seat {
        Seat::ALL[(self as usize + 3) % 4]
    }

    /// This seat's own wind tile.
    pub fn wind(self) -> Tile {
        Tile::new(Suit::Wind, self as u8 + 1).expect("four winds")
    }
}

/// How many of each rank (1-9) of `suit` the tiles hold; `None` if any is of another suit.
pub(crate) fn rank_counts(tiles: impl IntoIterator<Item = Tile>, suit: Suit) -> Option<[u8; 9]> {
    let mut counts = [0u8; 9];
    for tile in tiles {
        if tile.suit() != suit {
            return None;
        }
        counts[usize::from(tile.rank()) - 1] += 1;
    }
    Some(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_sequences_are_written_as_their_tiles_spell_them() {
        for tile in Tile::ALL {
            assert_eq!(
                letter_and_rank(tile.index()),
                (tile.suit().letter() as u8, tile.rank())
            );
            for count in 1..=5 {
                let mut run = String::new();
                write_run(&mut run, tile, count).unwrap();
                let spelled: String = std::iter::once(tile.suit().letter())
                    .chain(std::iter::repeat_n(tile.rank_digit(), count))
                    .collect();
                assert_eq!(run, spelled);
            }
            let second = tile.next_in_suit();
            let third = second.and_then(Tile::next_in_suit);
            let spelled = second.zip(third).map(|(second, third)| {
                [
                    tile.suit().letter(),
                    tile.rank_digit(),
                    second.rank_digit(),
                    third.rank_digit(),
                ]
                .iter()
                .collect::<String>()
            });
            assert_eq!(sequence_text(tile).map(str::to_string), spelled, "{tile:?}");
        }
        assert_eq!(
            sequence_text(Tile::new(Suit::Dots, 7).unwrap()),
            Some("d789")
        );
        assert_eq!(sequence_text(Tile::new(Suit::Wind, 1).unwrap()), None);
    }

    #[test]
    fn kind_sets_hold_the_kinds_their_predicates_name() {
        let mask = |test: fn(Tile) -> bool| {
            Tile::ALL
                .iter()
                .filter(|&&t| test(t))
                .fold(0u64, |bits, t| bits | 1 << t.index())
        };
        assert_eq!(kinds::BAMBOO, mask(|t| t.suit() == Suit::Bamboo));
        assert_eq!(kinds::CHARACTERS, mask(|t| t.suit() == Suit::Characters));
        assert_eq!(kinds::DOTS, mask(|t| t.suit() == Suit::Dots));
        assert_eq!(kinds::WINDS, mask(|t| t.suit() == Suit::Wind));
        assert_eq!(kinds::DRAGONS, mask(|t| t.suit() == Suit::Dragon));
        assert_eq!(kinds::HONORS, mask(Tile::is_honor));
        assert_eq!(kinds::TERMINALS, mask(Tile::is_terminal));
        assert_eq!(
            kinds::SIMPLES,
            mask(|t| t.suit().is_number() && (2..=8).contains(&t.rank()))
        );
    }

    #[test]
    fn indices_round_trip_through_suit_and_rank() {
        for i in 0..KINDS {
            let t = Tile::from_index(i).unwrap();
            assert_eq!(Tile::new(t.suit(), t.rank()), Some(t));
            assert_eq!(t.index(), i);
        }
        assert_eq!(Tile::from_index(KINDS), None);
        assert_eq!(Tile::new(Suit::Wind, 5), None);
        assert_eq!(Tile::new(Suit::Dragon, 4), None);
        assert_eq!(Tile::new(Suit::Dots, 0), None);
    }

    #[test]
    fn thirteen_terminals_and_honors() {
        let names: Vec<String> = Tile::terminals_and_honors()
            .map(|t| t.to_string())
            .collect();
        assert_eq!(names.join(" "), "b1 b9 c1 c9 d1 d9 w1 w2 w3 w4 e1 e2 e3");
    }

    #[test]
    fn names_follow_the_notation() {
        let name = |code: &str| {
            let suit = Suit::from_letter(code.chars().next().unwrap()).unwrap();
            Tile::new(suit, code[1..].parse().unwrap()).unwrap().name()
        };
        assert_eq!(name("e1"), "Red Dragon");
        assert_eq!(name("e2"), "Green Dragon");
        assert_eq!(name("e3"), "White Dragon");
        assert_eq!(name("w1"), "East Wind");
        assert_eq!(name("w4"), "North Wind");
        assert_eq!(name("b5"), "5 Bamboo");
        assert_eq!(name("c9"), "9 Characters");
        assert_eq!(name("d1"), "1 Dots");
        // A seat's wind tile is named after the seat.
        for seat in Seat::ALL {
            assert_eq!(seat.wind().name(), format!("{} Wind", seat.name()));
        }
        // Every kind has its own name.
        let mut names: Vec<&str> = Tile::ALL.iter().map(|t| t.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), KINDS);
    }

    #[test]
    fn upper_seat_plays_just_before() {
        assert_eq!(Seat::South.upper(), Seat::East);
        assert_eq!(Seat::East.upper(), Seat::North);
        assert_eq!(Seat::North.wind().to_string(), "w4");
    }
}

