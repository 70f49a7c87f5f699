//! The compact hand notation (docs/notation.md), read with nom into a [`ParsedHand`].
//!
//! This module owns syntax only: which tokens exist and where each one stands in the line.
//! It does not judge whether the tiles make a legal hand (that is [`crate::hand`]), but it keeps
//! the column of every token so that later checks can point at the offending one.
//!
//! Grammar (case-insensitive; `docs/notation.md` has it with examples):
//! ```text
//! line    = token* [ "#" comment ]
//! token   = group | meld | "+" tile | word
//! group   = suit digit+            suit = b | c | d | w | e
//!         | digit+ rsuit           rsuit = m | p | s | z   (riichi style, a whole hand)
//!         | glyph+                 glyph = U+1F000..U+1F021 (with either style)
//! meld    = "[" kind group+ "]"    kind = p | pung | pong | c | chow | chi | k | kong | ck | ckong
//! word    = self | last | kong | rob | heaven | earth | seat=X | from=X | resp=X | resp=none
//!         | claim=N | claim=ID+ID... | KEY | KEY=VALUE
//! ```
//! `KEY` and `KEY=VALUE` are words this module does not know: a scoring system may declare
//! them (the doubling table's `round=`). They are kept as [`NamedWord`]s, with their
//! column, for [`crate::words`] to read against the chosen system.
//! Tokens are separated by spaces; a group may directly follow another group (`b123c456`).

use nom::error::{ErrorKind, ParseError};
use nom::IResult;

use crate::sets::MeldKind;
use crate::small::SmallVec;
use crate::tile::{Seat, Suit, Tile};

/// A syntax error: where in the line (1-based column, in characters) and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct NotationError {
    /// The 1-based column (in characters) of the token at fault.
    pub column: usize,
    /// What was wrong there.
    pub kind: NotationErrorKind,
}

/// What went wrong, worded as what the user should have written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NotationErrorKind {
    /// A riichi-style group in a hand written with letters first, or the other way round.
    #[error("'{written}' is written {style}, but this hand is written {hand_style}: write it as {instead}")]
    MixedStyles {
        /// The group as written.
        written: String,
        /// Its style, in words.
        style: &'static str,
        /// The style of the hand's first group, in words.
        hand_style: &'static str,
        /// The same tiles in the hand's style.
        instead: String,
    },
    /// A riichi-style group with a number its suit does not have (`8z`, `0m`).
    #[error("{found}: {}", riichi_rank_rule(*.suit))]
    RiichiRankOutOfRange {
        /// The riichi suit letter (m, p, s or z).
        suit: char,
        /// The group as written.
        found: String,
    },
    /// A tile number the suit does not have (`w5`, `b0`); `found` is the group as written.
    #[error("{found}: {}", rank_rule(*.suit))]
    RankOutOfRange {
        /// The suit named.
        suit: Suit,
        /// The group as written.
        found: String,
    },
    /// A suit letter with no digits after it.
    #[error("'{0}' needs its tile numbers right after it, e.g. {0}1")]
    MissingRank(char),
    /// Digits with no suit letter before them.
    #[error("'{0}' is a number without a suit letter: write b, c, d, w or e before the digits, e.g. b{0}")]
    MissingSuit(String),
    /// Digits after a letter that is not a suit.
    #[error("'{0}' is not a suit: tiles are b (bamboo), c (characters), d (dots), w (winds) or e (dragons), e.g. b5{hint}", hint = riichi_hint(*.0))]
    UnknownSuit(char),
    /// A capital E or W before digits in a line of small letters (`E111`): a seat's initial
    /// more likely than the dragons' or the winds' letter.
    #[error("{token}: a capital {letter} is read as the suit letter {}, not as {}: write {}{} in small letters ({})", letter.to_ascii_lowercase(), if *letter == 'E' { "East" } else { "West" }, letter.to_ascii_lowercase(), &token[1..], if *letter == 'E' { "e1 Red, e2 Green, e3 White; the East wind is w1" } else { "w1 East, w2 South, w3 West, w4 North" })]
    SeatInitial {
        /// The group as written.
        token: String,
        /// `E` or `W`.
        letter: char,
    },
    /// A word neither the notation nor the chosen scoring system knows.
    #[error("unknown word '{word}'{}: expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or one of self, last, kong, rob, heaven, earth, seat=, from=, resp=, {system_words}claim=", guess.as_ref().map(|g| format!(" (did you mean {g}?)")).unwrap_or_default())]
    UnknownWord {
        /// The word as written.
        word: String,
        /// The words of the chosen scoring system, each followed by ", ".
        system_words: String,
        /// The word the line most likely meant: `self` for `tsumo` or `slef`.
        guess: Option<String>,
    },
    /// A word of another rule book or of the table's own language (`tsumo`, `自摸`): this
    /// notation says the same its own way, and the word is refused rather than read as
    /// that, so that a line means one thing wherever it is read.
    #[error("'{word}' {advice}")]
    TableWord {
        /// The word (or the words) as written.
        word: String,
        /// What it means here and what to write instead.
        advice: &'static str,
    },
    /// Tiles named in Chinese (`中`, `一萬`, `5筒`).
    #[error("'{written}' names tiles in Chinese: write {} {letters}", if *.count == 1 { "it" } else { "them" })]
    ChineseTiles {
        /// The token as written.
        written: String,
        /// The same tiles in this notation.
        letters: String,
        /// How many tiles it names.
        count: usize,
    },
    /// A comma between tokens: they are separated by spaces.
    #[error(
        "tokens are separated by spaces only: leave out the comma (b123 c456, not b123, c456)"
    )]
    Comma,
    /// A character that starts no token.
    #[error("unexpected {}: expected tiles (b123, w11, e2), a meld ([p d111]), the winning tile (+b9) or a context word", shown(*.0))]
    UnexpectedChar(char),
    /// Two tokens run together where a space is needed.
    #[error("expected a space before '{0}'")]
    MissingSpace(String),
    /// `word=value` for a word that takes no value.
    #[error("'{0}' takes no value")]
    UnexpectedValue(String),
    /// `seat=`, `from=` or `resp=` with no seat after it.
    #[error("{0}= needs a seat: e, s, w or n (e.g. {0}=s)")]
    MissingSeat(String),
    /// A seat that is not e, s, w or n (or `none` for `resp=`).
    #[error("{key}={found}: a seat is e, s, w or n{}{}", if key == "resp" { ", or none" } else { "" }, name_hint(found))]
    BadSeat {
        /// The word: `seat`, `from` or `resp`.
        key: String,
        /// The value as written.
        found: String,
    },
    /// A seat written in Chinese (`seat=南`).
    #[error("{key}={found}: a seat is written e, s, w or n: {key}={letter}")]
    SeatInChinese {
        /// The word: `seat`, `from` or `resp`.
        key: String,
        /// The seat as written.
        found: String,
        /// The seat's letter.
        letter: char,
    },
    /// A system's wind-valued word (`round=`) with no wind after it.
    #[error("{0}= needs a wind: e, s, w or n (e.g. {0}=s)")]
    MissingWind(String),
    /// A system's wind-valued word (`round=`) with a value that is no wind.
    #[error("{key}={found}: a wind is e, s, w or n")]
    BadWind {
        /// The word.
        key: String,
        /// The value as written.
        found: String,
    },
    /// The same context word twice.
    #[error("'{0}' is given twice")]
    Repeated(String),
    /// A scoring system's word given without the value it needs.
    #[error("{key}= needs a value: {expected} (e.g. {key}={example})")]
    MissingValue {
        /// The word.
        key: String,
        /// What its value may be.
        expected: String,
        /// A value it takes.
        example: String,
    },
    /// A scoring system's word given a value it does not take.
    #[error("{key}={found}: {expected}")]
    BadValue {
        /// The word.
        key: String,
        /// The value as written.
        found: String,
        /// What its value may be.
        expected: String,
    },
    /// `[` not followed by a meld kind.
    #[error("expected a meld kind after '[': p (pung), c (chow), k (kong) or ck (concealed kong), then its tiles, e.g. [p d111]")]
    MissingMeldKind,
    /// A meld kind that is not p, c, k or ck (or their long forms).
    #[error("unknown meld kind '{0}': expected p (pung/pong), c (chow/chi), k (kong) or ck (ckong, concealed kong)")]
    BadMeldKind(String),
    /// A meld with no tiles.
    #[error("expected the meld's tiles, e.g. [p d111], [c b345], [k e1111]")]
    MissingMeldTiles,
    /// A meld whose `]` is missing.
    #[error("expected ']' to close the meld")]
    UnclosedMeld,
    /// `+` not followed by a tile.
    #[error("expected the winning tile right after '+', e.g. +b9")]
    MissingWinningTile,
    /// `+` followed by more than one tile.
    #[error("+ marks exactly one winning tile, e.g. +b9, not +{0}")]
    SeveralWinningTiles(String),
    /// A second `+TILE`.
    #[error("a second winning tile: a hand has exactly one '+TILE'")]
    SecondWinningTile,
    /// A line with no token at all (an empty argument, or only spaces and a comment).
    #[error("empty hand: write the concealed tiles, the melds, the winning tile after + and the context words, e.g. b66 c12345678 d111 +c9 self seat=s (`mjscore notation` shows the notation)")]
    EmptyHand,
    /// No `+TILE` at all.
    #[error("no winning tile: mark the tile that completed the hand with +, e.g. +b9")]
    NoWinningTile,
    /// No `+TILE`, but 14 tiles without it: the `+` left off the tile that completed the
    /// hand.
    #[error("no winning tile: mark the tile that completed the hand with +; if it was the last one written, write it apart as +{last}{}", match complete_as {
        Some(arrangement) => format!(" (with it the hand is complete as {arrangement})"),
        None => " (these 14 tiles make no winning hand, whichever completed it)".to_string(),
    })]
    NoWinningTileOf14 {
        /// The last concealed tile written.
        last: Tile,
        /// The arrangement the 14 tiles make, if they make one.
        complete_as: Option<String>,
    },
    /// `claim=` with nothing after it.
    #[error("claim= needs the claimed points or pattern ids joined by +, e.g. claim=45 or claim=1.2+7.1")]
    MissingClaim,
    /// A claim whose pattern name runs on past a space (`claim=all pungs`).
    #[error("a pattern name in a claim is written without spaces: write claim={joined} (or in quotes, claim=\"{written}\")")]
    ClaimOfSeveralWords {
        /// The claim's value and the words after it, as written.
        written: String,
        /// The same with hyphens for the spaces.
        joined: String,
    },
    /// A claim quoted in parts (`claim="all pungs"+"mixed one-suit"`): the parts as one.
    #[error("a claim in quotes is quoted whole, its patterns joined by + inside the quotes: write claim=\"{0}\"")]
    ClaimQuotedInParts(String),
    /// A claim whose patterns are parted by commas (`claim=value, honor`).
    #[error("claim={written}: the patterns of a claim are joined by +, not by commas: write claim={joined}{}", as_one.as_ref().map(|one| format!(" for {} patterns, or claim={one} for one pattern of that name", joined.split('+').count())).unwrap_or_default())]
    ClaimWithCommas {
        /// The claim as written, with the words after its commas.
        written: String,
        /// The same joined by `+`.
        joined: String,
        /// The same as one name (words joined by hyphens), when it is not ids.
        as_one: Option<String>,
    },
    /// `claim="…` without the closing quote.
    #[error("a claim in quotes needs its closing quote, e.g. claim=\"all pungs\"")]
    UnclosedClaimQuote,
    /// A claim that is neither points nor patterns.
    #[error("claim={0}: a claim is a number of points from 1 to {MAX_CLAIM}, or pattern ids or names joined by + (e.g. claim=1.2+7.1, claim=concealed-hand+nine-tile-straight)")]
    BadClaim(String),
    /// A claim naming more patterns than any hand counts.
    #[error("claim= names {0} patterns: a claim names at most {MAX_CLAIMED} (no hand counts more)")]
    TooManyClaimed(usize),
}

/// The largest claim accepted: far above any hand (480 is the most a hand scores), low
/// enough that payments computed from it cannot overflow.
pub(crate) const MAX_CLAIM: u32 = 100_000;

/// The most patterns a claim names: no hand counts more (a table has at most 128), and a
/// claim pasted or generated past it would cost its length in look-ups.
pub(crate) const MAX_CLAIMED: usize = 128;

/// What a `claim=` token (or `--claim`) says the hand is worth (docs/rules.md § Claims).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimSpec {
    /// `claim=45`: a value.
    Points(u32),
    /// `claim=1.2+7.1`: the patterns, by id or name, in lower case and joined by `+` as
    /// written (a pattern repeated for each Value Honor set); [`ClaimSpec::named`] gives
    /// them one by one. Kept as one text, not a list of texts: a claim on every line of a
    /// batch is read, and one text is one allocation.
    Patterns(String),
}

impl std::fmt::Display for ClaimSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_to(f)
    }
}

impl ClaimSpec {
    /// Writes the claim as it is written on a line (`45`, `1.2+7.1`), piece by piece: a
    /// claim on every line of a batch is written into its record.
    pub(crate) fn write_to<W: std::fmt::Write>(&self, out: &mut W) -> std::fmt::Result {
        match self {
            ClaimSpec::Points(points) => crate::digits::write_uint(out, u64::from(*points)),
            ClaimSpec::Patterns(named) => out.write_str(named),
        }
    }

    /// The patterns a pattern claim names, by id or name as written (in lower case), in
    /// order; none for a claim of points.
    pub fn named(&self) -> impl Iterator<Item = &str> {
        // Parted at each `+` found by memchr: `str::split` searching for a character cost
        // more than the rest of reading a claim.
        let mut rest = match self {
            ClaimSpec::Points(_) => None,
            ClaimSpec::Patterns(named) => Some(named.as_str()),
        };
        std::iter::from_fn(move || {
            let text = rest?;
            match memchr::memchr(b'+', text.as_bytes()) {
                Some(plus) => {
                    rest = Some(&text[plus + 1..]);
                    Some(&text[..plus])
                }
                None => {
                    rest = None;
                    Some(text)
                }
            }
        })
    }
}

/// Reads the value of a claim: digits are points, anything else pattern ids joined by `+`.
/// Ids are checked against a rule set later, in [`crate::claim`].
pub fn parse_claim(value: &str) -> Result<ClaimSpec, NotationErrorKind> {
    if value.is_empty() {
        return Err(NotationErrorKind::MissingClaim);
    }
    let bad = || NotationErrorKind::BadClaim(value.to_string());
    if value.bytes().all(|b| b.is_ascii_digit()) {
        return match value.parse::<u32>() {
            Ok(points) if (1..=MAX_CLAIM).contains(&points) => Ok(ClaimSpec::Points(points)),
            _ => Err(bad()),
        };
    }
    // A pattern is named by its id (`7.1`, `d.s1`) or by a name the rule set looks up
    // (`nine-tile-straight`, `一氣通貫`); what starts with a digit must be an id: letters
    // and digits in parts joined by dots, none empty. Checked on the bytes, a part at a time:
    // a claim on every line of a batch is read here.
    let bytes = value.as_bytes();
    let named = memchr::memchr_iter(b'+', bytes).count() + 1;
    if named > MAX_CLAIMED {
        return Err(NotationErrorKind::TooManyClaimed(named));
    }
    let is_id = |part: &[u8]| {
        part.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'.')
            && part.last() != Some(&b'.')
            && !part.windows(2).any(|pair| pair == b"..")
    };
    for part in bytes.split(|&b| b == b'+') {
        let names_a_pattern = match part.first() {
            None => false,
            Some(first) if first.is_ascii_digit() => is_id(part),
            Some(_) => true,
        };
        if !names_a_pattern {
            return Err(bad());
        }
    }
    Ok(ClaimSpec::Patterns(value.to_ascii_lowercase()))
}

/// Whether `c` shows nothing on a terminal, or looks like a plain space: control
/// characters, spaces other than the ASCII one, and what [`shows_nothing`].
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_control() || (c.is_whitespace() && c != ' ') || shows_nothing(c)
}

/// Whether `c` shows nothing where it stands (Unicode's default ignorable code points): a
/// zero-width space or joiner, a byte order mark, a soft hyphen, a direction mark or
/// control, a variation selector. A name that differs from another only by them looks the
/// same on paper and on screen.
pub(crate) fn shows_nothing(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// A character as a message shows it: quoted, or by code point when it would not print or
/// could not be told apart from a space or from nothing.
fn shown(c: char) -> String {
    if is_invisible(c) {
        format!("character U+{:04X}", c as u32)
    } else {
        format!("'{c}'")
    }
}

fn riichi_rank_rule(suit: char) -> &'static str {
    match suit {
        'z' => "riichi honours are 1z-7z (1-4 East, South, West, North; 5 white, 6 green, 7 red)",
        _ => "riichi suit tiles are numbered 1-9 (a red five, 0, is written 5 here)",
    }
}

fn rank_rule(suit: Suit) -> &'static str {
    match suit {
        Suit::Wind => "winds are w1-w4 (1 East, 2 South, 3 West, 4 North)",
        Suit::Dragon => "dragons are e1-e3 (1 Red, 2 Green, 3 White)",
        _ => "suit tiles are numbered 1-9",
    }
}

/// The context words every scoring system reads, as the notation card lists them: the word
/// as written and what it means.
pub const SHARED_WORDS: [(&str, &str); 11] = [
    ("self", "won by self-draw (default: won on a discard)"),
    ("seat=X", "the winner's seat, X = e, s, w or n (default e)"),
    (
        "from=X",
        "the discarder (default: the winner's upper seat, said as assumed)",
    ),
    (
        "resp=X",
        "who pays for the discard under Same-Round Immunity, if not the discarder",
    ),
    (
        "resp=none",
        "the winner himself had just discarded that tile",
    ),
    (
        "last",
        "won on the last tile: Final Draw with self, Final Discard without",
    ),
    ("kong", "won on a kong's supplement tile (a self-draw)"),
    ("rob", "won by robbing a small exposed kong (a discard)"),
    ("heaven", "Blessing of Heaven: East's initial 14 tiles"),
    ("earth", "Blessing of Earth: on East's first discard"),
    (
        "claim=N, claim=ID+ID",
        "what the winner claimed, points or patterns by id or name, to be checked",
    ),
];

/// What players call the tiles in words: `red dragon` is written e1. A slip, met with a
/// guess.
const TILE_WORDS: [(&str, &str); 5] = [
    ("red", "e1, the red dragon"),
    ("green", "e2, the green dragon"),
    ("white", "e3, the white dragon"),
    ("dragon", "a dragon: e1 red, e2 green, e3 white"),
    ("wind", "a wind: w1 East, w2 South, w3 West, w4 North"),
];

const SELF_DRAW: &str = "is a self-draw: write self";
const DISCARD_WIN: &str = "is a win on a discard, which a line is unless it says self: leave it out, and name the discarder with from=, by seat or, in a session, by name (from=s, from=Ann; without it the winner's upper seat is assumed)";
const WON: &str = "says that the hand won, as every line does: leave it out (a self-draw is written self; a win on a discard needs no word)";
const DISCARDER: &str =
    "names the player who discarded the winning tile: write from= with his seat or, in a session, his name (from=s, from=Ann)";
const LAST_DRAW: &str = "is a self-drawn win on the last tile of the wall: write last self";
const LAST_DISCARD: &str = "is a win on the last discard: write last";
const SUPPLEMENT: &str = "is a win on a kong's supplement tile: write kong";
const ROBBED: &str = "is a win by robbing a kong: write rob";
const HEAVEN: &str = "is Blessing of Heaven: write heaven";
const EARTH: &str = "is Blessing of Earth: write earth";
const PLAYERS: &str = "seats a table: write players: and the four names on a line of its own in a list of won hands (a file, or standard input), not in a hand";
const DRAWN: &str = "is a hand with no winner: write draw on a line of its own, in place of a hand";
const VALUE: &str = "records a hand by the value the table agreed, without its tiles: write value=45 seat=Bob from=Ann (or self) on a line of its own in a list of won hands (a file, or standard input)";
const CONCEALED: &str = "is the concealed-hand pattern, which is read from the tiles (a hand with no exposed meld scores it): leave it out (a referee's claim names it claim=concealed-hand)";
const DEALER: &str = "is East: write seat=e";

/// The words of other rule books and of the table's own language (Japanese, Chinese) for
/// what this notation writes its own way, each with what it means here and what to write.
/// None is read as what it means: a line says each thing one way, so that it reads the same
/// everywhere, and a referee never gets a hand other than the one written.
const TABLE_WORDS: [(&str, &str); 66] = [
    ("tsumo", SELF_DRAW),
    ("zimo", SELF_DRAW),
    ("selfdraw", SELF_DRAW),
    ("self-draw", SELF_DRAW),
    ("self-drawn", SELF_DRAW),
    ("selfdrawn", SELF_DRAW),
    ("自摸", SELF_DRAW),
    ("ron", DISCARD_WIN),
    ("agari", WON),
    ("hu", WON),
    ("mahjong", WON),
    ("食糊", WON),
    ("食胡", WON),
    ("胡", WON),
    ("糊", WON),
    ("和", WON),
    ("胡了", WON),
    ("放銃", DISCARDER),
    ("放铳", DISCARDER),
    ("點炮", DISCARDER),
    ("点炮", DISCARDER),
    ("放炮", DISCARDER),
    ("haitei", LAST_DRAW),
    ("haidi", LAST_DRAW),
    ("海底", LAST_DRAW),
    ("海底撈月", LAST_DRAW),
    ("海底捞月", LAST_DRAW),
    ("houtei", LAST_DISCARD),
    ("河底", LAST_DISCARD),
    ("河底撈魚", LAST_DISCARD),
    ("河底捞鱼", LAST_DISCARD),
    ("lasttile", "is written last"),
    ("last-tile", "is written last"),
    ("rinshan", SUPPLEMENT),
    ("槓上開花", SUPPLEMENT),
    ("杠上开花", SUPPLEMENT),
    ("chankan", ROBBED),
    ("搶槓", ROBBED),
    ("抢杠", ROBBED),
    ("tenhou", HEAVEN),
    ("天和", HEAVEN),
    ("天胡", HEAVEN),
    ("chiihou", EARTH),
    ("地和", EARTH),
    ("地胡", EARTH),
    ("players", PLAYERS),
    ("value", VALUE),
    ("draw", DRAWN),
    ("drawn", DRAWN),
    ("wash", DRAWN),
    ("washout", DRAWN),
    ("ryuukyoku", DRAWN),
    ("流局", DRAWN),
    ("荒莊", DRAWN),
    ("荒庄", DRAWN),
    ("黃莊", DRAWN),
    ("黄庄", DRAWN),
    ("concealed", CONCEALED),
    ("menzen", CONCEALED),
    ("門清", CONCEALED),
    ("门清", CONCEALED),
    ("門前清", CONCEALED),
    ("门前清", CONCEALED),
    ("dealer", DEALER),
    ("莊家", DEALER),
    ("庄家", DEALER),
];

/// Two words of a table's language that mean together what neither says alone, each with
/// its advice: `no winner`, `fully concealed`; `self drawn` and `last tile`, whose first
/// word this notation reads (so the second says nothing more).
const TABLE_PHRASES: [(&str, &str, &str); 6] = [
    ("no", "winner", DRAWN),
    ("fully", "concealed", CONCEALED),
    ("self", "drawn", "is a self-draw: self alone says it"),
    ("self", "draw", "is a self-draw: self alone says it"),
    ("last", "tile", "is written last alone"),
    ("closed", "hand", CONCEALED),
];

/// What a table's word (any case) means here, as the table of such words says.
pub fn table_word(word: &str) -> Option<&'static str> {
    TABLE_WORDS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
        .map(|&(_, advice)| advice)
}

/// What two words written one after the other mean together, as [`TABLE_PHRASES`] says.
fn table_phrase(first: &str, second: &str) -> Option<&'static str> {
    TABLE_PHRASES
        .iter()
        .find(|(a, b, _)| a.eq_ignore_ascii_case(first) && b.eq_ignore_ascii_case(second))
        .map(|&(_, _, advice)| advice)
}

/// The word a line most likely meant by `word`, which no rule set reads: a player's name for
/// a tile (`red` is e1), or a word of this notation or of `known` (the rule set's own, as
/// written) that `word` is a slip of (`slef`, `lastcopi`).
///
/// Most of these words add a pattern, and a short word one letter off is as likely another
/// word as a slip (`ron`, a discard win, is one letter from `rob`): a word of under five
/// letters is guessed only from a slip that keeps its letters (two swapped, one doubled or
/// left out), never from a changed letter.
pub(crate) fn guess_word<'k>(
    word: &str,
    known: impl IntoIterator<Item = &'k str>,
) -> Option<String> {
    let word = word.to_ascii_lowercase();
    if let Some((_, meant)) = TILE_WORDS.iter().find(|(name, _)| *name == word) {
        return Some((*meant).to_string());
    }
    let key = word.split('=').next().unwrap_or_default();
    let shared = [
        "self", "last", "kong", "rob", "heaven", "earth", "seat=", "from=", "resp=",
    ];
    let key_length = key.chars().count();
    let near = |candidate: &str| {
        let bare = candidate.trim_end_matches('=');
        let long = bare.len() >= 5;
        let allowed = if long { 2 } else { 1 };
        // Words whose lengths differ by more are that far apart at least: a long word is
        // not compared letter by letter with every short one.
        (key_length.abs_diff(bare.len()) <= allowed && edit_distance(key, bare, long) <= allowed)
            .then(|| candidate.to_string())
    };
    shared.into_iter().chain(known).find_map(near)
}

/// The edit distance between two short words (insertions, deletions, substitutions if
/// `substitutions`, and a swap of two neighbours counted as one: `slef` is one from `self`).
/// Without substitutions a changed letter counts two, as a deletion and an insertion.
fn edit_distance(a: &str, b: &str, substitutions: bool) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = match (a[i - 1] == b[j - 1], substitutions) {
                (true, _) => 0,
                (false, true) => 1,
                (false, false) => 2,
            };
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// A context word every scoring system reads (docs/notation.md § Context words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word {
    /// `self`: won by self-draw.
    SelfDraw,
    /// `last`: won on the last tile.
    LastTile,
    /// `kong`: won on a kong's supplement tile.
    KongSupplement,
    /// `rob`: won by robbing a kong.
    RobbedKong,
    /// `heaven`: East's win on the initial 14 tiles.
    Heaven,
    /// `earth`: a win on East's first discard with the initial 13 tiles.
    Earth,
    /// `seat=X`: the winner's seat.
    Seat(Seat),
    /// `from=X`: the discarder.
    From(Seat),
    /// `resp=X`, or `resp=none` (None).
    Responsible(Option<Seat>),
}

/// A word this module does not know, as written: `key` or `key=value`. Read against the
/// chosen scoring system's own words by [`crate::words`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedWord<'a> {
    /// The word before any `=`, as written.
    pub key: &'a str,
    /// What follows the `=`, if there is one (it may be empty).
    pub value: Option<&'a str>,
}

impl Word {
    /// Whether a word of this kind is among `words` already (whatever its value). Each kind
    /// of word has its own keyword: comparing kinds compares keywords without comparing
    /// text.
    fn given_in(&self, words: &[Spanned<Word>]) -> bool {
        let kind = std::mem::discriminant(self);
        words
            .iter()
            .any(|seen| std::mem::discriminant(&seen.value) == kind)
    }

    /// The word as written in notation (without value), used in messages.
    pub fn keyword(self) -> &'static str {
        match self {
            Word::SelfDraw => "self",
            Word::LastTile => "last",
            Word::KongSupplement => "kong",
            Word::RobbedKong => "rob",
            Word::Heaven => "heaven",
            Word::Earth => "earth",
            Word::Seat(_) => "seat",
            Word::From(_) => "from",
            Word::Responsible(_) => "resp",
        }
    }
}

/// The context words of a line, as written: kept in place up to the few a line has (a
/// line that names more keeps them on the heap).
pub type Words = SmallVec<Spanned<Word>, 4>;

/// The words of a line that only some systems read, as written (see [`Words`]).
pub(crate) type NamedWords<'a> = SmallVec<Spanned<NamedWord<'a>>, 2>;

/// A value with the 1-based column where its token starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spanned<T> {
    /// What the token says.
    pub value: T,
    /// The 1-based column (in characters) where the token starts.
    pub column: usize,
}

/// A meld as written: its kind and tiles, not yet checked for shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedMeld {
    /// Pung, chow, kong or concealed kong.
    pub kind: MeldKind,
    /// The tiles inside the brackets.
    pub tiles: SmallVec<Tile, 4>,
    /// The column of the opening bracket.
    pub column: usize,
}

/// Everything the line says, token by token, with columns. No hand rules checked yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedHand<'a> {
    /// Concealed tiles, not including the winning tile.
    pub concealed: SmallVec<Spanned<Tile>, 14>,
    /// Declared melds, in the order written.
    pub melds: SmallVec<ParsedMeld, 4>,
    /// The tile after `+`, if the line gives one.
    pub winning: Option<Spanned<Tile>>,
    /// The column where the tokens end (at the end of the line, or at its comment): where a
    /// missing winning tile is reported.
    pub end: usize,
    /// The context words every system reads.
    pub words: Words,
    /// Other words, for the scoring system to read (the doubling table's `round=`).
    pub named: NamedWords<'a>,
    /// A referee claim on the line (`claim=`): not part of the hand, checked after scoring.
    pub claim: Option<Spanned<ClaimSpec>>,
}

impl ParsedHand<'_> {
    /// A line without a token, to be read into (`parse_line_into`).
    pub fn empty() -> Self {
        ParsedHand {
            concealed: SmallVec::new(),
            melds: SmallVec::new(),
            winning: None,
            end: 1,
            words: Words::new(),
            named: NamedWords::new(),
            claim: None,
        }
    }

    /// Whether the line holds no token at all: no tile, meld, word or claim.
    pub fn is_empty(&self) -> bool {
        self.concealed.is_empty()
            && self.melds.is_empty()
            && self.winning.is_none()
            && self.words.is_empty()
            && self.named.is_empty()
            && self.claim.is_none()
    }

    /// The error of a line without a winning tile: an empty hand, or the missing `+TILE`
    /// at the end of its tokens.
    pub fn no_winning_tile(&self) -> NotationError {
        let (column, kind) = if self.is_empty() {
            (1, NotationErrorKind::EmptyHand)
        } else {
            (self.end, NotationErrorKind::NoWinningTile)
        };
        NotationError { column, kind }
    }
}

/// A parsed context word: one every system reads, or one for the system to read.
enum AnyWord<'a> {
    Shared(Word),
    Named(NamedWord<'a>),
}

/// nom's `digit1`, over bytes: digits are ASCII, and nom's own walks the text character by
/// character, which was a tenth of reading a line.
fn digit1(input: &str) -> Res<'_, &str> {
    ascii_run(input, |b| b.is_ascii_digit(), ErrorKind::Digit)
}

/// nom's `alpha1` over bytes (ASCII letters), as [`digit1`].
fn alpha1(input: &str) -> Res<'_, &str> {
    ascii_run(input, |b| b.is_ascii_alphabetic(), ErrorKind::Alpha)
}

/// nom's `multispace0` over bytes: spaces, tabs, carriage returns and line feeds.
fn multispace0(input: &str) -> Res<'_, &str> {
    let spaces = ascii_prefix(input, |b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
    let (spaces, rest) = input.split_at(spaces);
    Ok((rest, spaces))
}

/// nom's `satisfy` over bytes: one ASCII byte that passes `test`, or a recoverable error.
/// (nom's decodes a character and goes through its generic parser machinery: some forty
/// instructions to look at one byte, for every token of every line.)
fn ascii_byte(input: &str, test: impl Fn(u8) -> bool) -> Res<'_, u8> {
    match input.as_bytes().first() {
        // An ASCII byte is a character of its own: 1 is a character boundary.
        Some(&byte) if byte.is_ascii() && test(byte) => Ok((&input[1..], byte)),
        _ => Err(nom::Err::Error(Failure::from_error_kind(
            input,
            ErrorKind::Satisfy,
        ))),
    }
}

/// How many bytes at the start of `input` pass `test`, which passes ASCII bytes only.
#[inline]
fn ascii_prefix(input: &str, test: impl Fn(u8) -> bool) -> usize {
    let bytes = input.as_bytes();
    let mut length = 0;
    while length < bytes.len() && test(bytes[length]) {
        length += 1;
    }
    length
}

/// The run of ASCII bytes that satisfy `test` at the start of `input`: at least one, or a
/// recoverable error of `kind`.
fn ascii_run(input: &str, test: impl Fn(u8) -> bool, kind: ErrorKind) -> Res<'_, &str> {
    match ascii_prefix(input, test) {
        0 => Err(nom::Err::Error(Failure::from_error_kind(input, kind))),
        // The run is ASCII, so `length` is a character boundary.
        length => {
            let (run, rest) = input.split_at(length);
            Ok((rest, run))
        }
    }
}

/// nom error carrying our own kind once a token has been recognised and found wrong.
#[derive(Debug)]
struct Failure<'a> {
    at: &'a str,
    kind: Option<NotationErrorKind>,
}

impl<'a> ParseError<&'a str> for Failure<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        Failure {
            at: input,
            kind: None,
        }
    }
    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, Failure<'a>>;

fn fail<T>(at: &str, kind: NotationErrorKind) -> Res<'_, T> {
    Err(nom::Err::Failure(Failure {
        at,
        kind: Some(kind),
    }))
}

/// How a group of tiles is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// mjscore's own: the suit letter first, `b123`.
    Letters,
    /// The riichi (Tenhou) style: the digits first, `123s`.
    Riichi,
    /// Unicode mahjong glyphs, which go with either.
    Glyphs,
}

impl Style {
    fn words(self) -> &'static str {
        match self {
            Style::Letters => "with the suit letter first (b123)",
            Style::Riichi => "in riichi style (123s: m p s z after the digits)",
            Style::Glyphs => "in glyphs",
        }
    }

    /// `tiles` (one group) written in this style.
    fn write(self, tiles: &[Tile]) -> String {
        match self {
            Style::Riichi => riichi(tiles),
            _ => crate::tile::grouped_by_suit(tiles),
        }
    }
}

/// Tiles in riichi style, one group per suit: `123s 11z`. Honours: 1z-4z the winds, 5z white,
/// 6z green, 7z red.
fn riichi(tiles: &[Tile]) -> String {
    let mut groups: Vec<(char, String)> = Vec::new();
    for tile in tiles {
        let (letter, digit) = match tile.suit() {
            Suit::Characters => ('m', tile.rank()),
            Suit::Dots => ('p', tile.rank()),
            Suit::Bamboo => ('s', tile.rank()),
            Suit::Wind => ('z', tile.rank()),
            Suit::Dragon => ('z', 8 - tile.rank()),
        };
        match groups.last_mut() {
            Some((last, digits)) if *last == letter => digits.push(char::from(b'0' + digit)),
            _ => groups.push((letter, char::from(b'0' + digit).to_string())),
        }
    }
    groups
        .iter()
        .map(|(letter, digits)| format!("{digits}{letter}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The tile a riichi-style digit names in the suit of `letter` (m, p, s or z, lower case).
fn riichi_tile(letter: u8, digit: u8) -> Option<Tile> {
    match letter {
        b'm' => Tile::new(Suit::Characters, digit),
        b'p' => Tile::new(Suit::Dots, digit),
        b's' => Tile::new(Suit::Bamboo, digit),
        _ if (1..=4).contains(&digit) => Tile::new(Suit::Wind, digit),
        _ if (5..=7).contains(&digit) => Tile::new(Suit::Dragon, 8 - digit),
        _ => None,
    }
}

/// `123s`, `11z`: digits and a riichi suit letter (m characters, p dots, s bamboo, z
/// honours). Recoverable error if the input does not start like one.
fn riichi_group(input: &str) -> Res<'_, Written<'_>> {
    let (rest, digits) = digit1(input)?;
    let (rest, letter) = ascii_byte(rest, |b| {
        matches!(b, b'm' | b'p' | b's' | b'z' | b'M' | b'P' | b'S' | b'Z')
    })?;
    let letter = char::from(letter.to_ascii_lowercase());
    let all_ranks = digits
        .bytes()
        .all(|digit| riichi_tile(letter as u8, digit - b'0').is_some());
    if !all_ranks {
        let found = format!("{digits}{letter}");
        let kind = NotationErrorKind::RiichiRankOutOfRange {
            suit: letter,
            found,
        };
        return fail(input, kind);
    }
    Ok((rest, Written::new(input, rest, Style::Riichi)))
}

/// A group of tiles as written, its ranks already checked: the text and its style. Its
/// tiles are read from the text when needed ([`Written::for_each_tile`]), so that reading
/// a line copies no tiles but into the hand's own list.
#[derive(Debug, Clone, Copy)]
struct Written<'a> {
    /// The group's text (`b123`, `123s`, glyphs).
    text: &'a str,
    style: Style,
}

impl<'a> Written<'a> {
    /// The group that starts `input` and ends where `rest` starts.
    fn new(input: &'a str, rest: &str, style: Style) -> Self {
        Written {
            text: &input[..input.len() - rest.len()],
            style,
        }
    }

    /// Calls `each` with the group's tiles, in the order written. (Internal iteration: the
    /// loop of each style is a plain loop over bytes.)
    fn for_each_tile(self, mut each: impl FnMut(Tile)) {
        let text = self.text;
        // Ranks were checked as the group was read: no digit here is out of range.
        match self.style {
            Style::Letters => {
                let letter = char::from(text.as_bytes()[0].to_ascii_lowercase());
                let Some(suit) = Suit::from_letter(letter) else {
                    return;
                };
                for digit in text[1..].bytes() {
                    if let Some(tile) = Tile::new(suit, digit - b'0') {
                        each(tile);
                    }
                }
            }
            Style::Riichi => {
                let (digits, letter) = text.split_at(text.len() - 1);
                let letter = letter.as_bytes()[0].to_ascii_lowercase();
                for digit in digits.bytes() {
                    if let Some(tile) = riichi_tile(letter, digit - b'0') {
                        each(tile);
                    }
                }
            }
            Style::Glyphs => text.chars().filter_map(glyph_tile).for_each(each),
        }
    }

    /// The group's first tile and how many it holds.
    fn first_and_count(self) -> (Option<Tile>, usize) {
        let (mut first, mut count) = (None, 0);
        self.for_each_tile(|tile| {
            first = first.or(Some(tile));
            count += 1;
        });
        (first, count)
    }
}

/// A group of tiles in any style.
fn styled_group(input: &str) -> Res<'_, Written<'_>> {
    // The first byte tells the style: a digit starts riichi style, another ASCII byte our
    // own, and only a longer character can be a glyph.
    match input.as_bytes().first() {
        Some(b'0'..=b'9') => riichi_group(input),
        Some(byte) if byte.is_ascii() => tile_group(input),
        _ => glyph_group(input),
    }
}

/// The hand's style so far (its first group's, glyphs aside); a group of the other style is
/// an error that says how to write it here.
#[inline]
fn check_style(hand: &mut Option<Style>, group: Written) -> Result<(), NotationErrorKind> {
    match *hand {
        _ if group.style == Style::Glyphs => Ok(()),
        None => {
            *hand = Some(group.style);
            Ok(())
        }
        Some(style) if style == group.style => Ok(()),
        Some(style) => Err(mixed_styles(style, group)),
    }
}

/// The error of a group written in another style than the hand's (kept out of line: every
/// group is checked, and nearly none is wrong).
#[cold]
fn mixed_styles(hand_style: Style, group: Written) -> NotationErrorKind {
    NotationErrorKind::MixedStyles {
        written: group.text.to_string(),
        style: group.style.words(),
        hand_style: hand_style.words(),
        instead: {
            let mut tiles = Vec::new();
            group.for_each_tile(|tile| tiles.push(tile));
            hand_style.write(&tiles)
        },
    }
}

/// The length and suit of the group of tiles written suit letter first (`b123`) that
/// starts `input`, every digit a rank of the suit; `None` for anything else (a digit out
/// of range included, which [`tile_group`] reports). The common token, read byte by byte.
#[inline]
fn letter_group(bytes: &[u8]) -> Option<(usize, Suit)> {
    let (suit, highest) = LETTER_SUITS[usize::from(*bytes.first()?)]?;
    // One pass: the group ends at the first byte that is not a digit, and fails at a
    // digit out of the suit's range.
    let mut length = 1;
    while let Some(&byte) = bytes.get(length) {
        match byte {
            b'1'..=b'9' if byte <= highest => length += 1,
            b'0'..=b'9' => return None,
            _ => break,
        }
    }
    (length > 1).then_some((length, suit))
}

/// The suit each byte names as the first letter of a group (`b`, `c`, `d`, `w`, `e`, in
/// either case), with the byte of its highest rank digit: every token is first tried as a
/// group, and one look-up answers what a chain of comparisons did.
static LETTER_SUITS: [Option<(Suit, u8)>; 256] = {
    let mut table = [None; 256];
    let suits = [
        Suit::Bamboo,
        Suit::Characters,
        Suit::Dots,
        Suit::Wind,
        Suit::Dragon,
    ];
    let mut i = 0;
    while i < suits.len() {
        let suit = suits[i];
        let entry = Some((suit, b'0' + suit.max_rank()));
        table[suit.letter() as usize] = entry;
        table[suit.letter().to_ascii_uppercase() as usize] = entry;
        i += 1;
    }
    table
};

/// The tiles of a group [`letter_group`] found in `text`, of `suit`: a tile a digit.
fn letter_tiles(text: &[u8], suit: Suit) -> impl Iterator<Item = Tile> + '_ {
    let ranks = text[1..].iter();
    ranks.map(move |&digit| Tile::of_checked_rank(suit, digit - b'0'))
}

/// `b123`, `w11`, `e2`: a suit letter and one or more digits. Recoverable error if the
/// input does not start like a group; a failure if it does but a digit is out of range.
fn tile_group(input: &str) -> Res<'_, Written<'_>> {
    if let Some((length, _)) = letter_group(input.as_bytes()) {
        let (text, rest) = input.split_at(length);
        let style = Style::Letters;
        return Ok((rest, Written { text, style }));
    }
    let suit_letter = |b: u8| matches!(b.to_ascii_lowercase(), b'b' | b'c' | b'd' | b'w' | b'e');
    let (rest, letter) = ascii_byte(input, suit_letter)?;
    let (rest, digits) = digit1(rest)?;
    let suit =
        Suit::from_letter(char::from(letter.to_ascii_lowercase())).expect("letter checked above");
    if !digits
        .bytes()
        .all(|digit| Tile::new(suit, digit - b'0').is_some())
    {
        let found = format!("{}{}", suit.letter(), digits);
        return fail(input, NotationErrorKind::RankOutOfRange { suit, found });
    }
    Ok((rest, Written::new(input, rest, Style::Letters)))
}

/// The tile a Unicode mahjong glyph shows (U+1F000-U+1F021): 🀀-🀃 the winds East, South,
/// West, North; 🀄 Red, 🀅 Green, 🀆 White; 🀇-🀏 characters, 🀐-🀘 bamboo, 🀙-🀡 dots, 1-9.
pub(crate) fn glyph_tile(c: char) -> Option<Tile> {
    let offset = (c as u32).checked_sub(0x1F000)?;
    let (suit, rank) = match offset {
        0..=3 => (Suit::Wind, offset + 1),
        4..=6 => (Suit::Dragon, offset - 3),
        7..=15 => (Suit::Characters, offset - 6),
        16..=24 => (Suit::Bamboo, offset - 15),
        25..=33 => (Suit::Dots, offset - 24),
        _ => return None,
    };
    Tile::new(suit, rank as u8)
}

/// A run of glyphs, `🀇🀈🀉`: one tile each. A variation selector after a glyph (`🀄️`, as
/// emoji keyboards write the red dragon) belongs to it.
fn glyph_group(input: &str) -> Res<'_, Written<'_>> {
    let mut glyphs = 0;
    let mut rest = input;
    while let Some(c) = rest.chars().next() {
        match glyph_tile(c) {
            Some(_) => glyphs += 1,
            None if glyphs > 0 && matches!(c, '\u{FE0E}' | '\u{FE0F}') => {}
            None => break,
        }
        rest = &rest[c.len_utf8()..];
    }
    if glyphs == 0 {
        // Not a glyph: no group at all, for the other tokens to try.
        return Err(nom::Err::Error(Failure::from_error_kind(
            input,
            ErrorKind::Satisfy,
        )));
    }
    Ok((rest, Written::new(input, rest, Style::Glyphs)))
}

/// `[p d111]`, `[chow b3 b4 b5]`, `[ck w2222]`, `[p 111z]`: its kind and tiles. Each group
/// is checked against the hand's `style` as it is read; a group of the wrong style is
/// reported once the whole meld has been read, so that an error in its syntax comes first.
fn meld<'a>(input: &'a str, style: &mut Option<Style>) -> Res<'a, (MeldKind, SmallVec<Tile, 4>)> {
    let (rest, _) = ascii_byte(input, |b| b == b'[')?;
    let (rest, _) = multispace0(rest)?;
    let Ok((after_kind, word)) = alpha1(rest) else {
        return fail(rest, NotationErrorKind::MissingMeldKind);
    };
    let Some(kind) = meld_kind(word.as_bytes()) else {
        return fail(rest, NotationErrorKind::BadMeldKind(word.to_string()));
    };
    let mut tiles = SmallVec::new();
    // The first group of the wrong style, with where it starts.
    let mut wrong_style: Option<(&str, NotationErrorKind)> = None;
    let mut rest = after_kind;
    loop {
        let (after_space, _) = multispace0(rest)?;
        rest = after_space;
        if let Some(after) = rest.strip_prefix(']') {
            if tiles.is_empty() {
                return fail(rest, NotationErrorKind::MissingMeldTiles);
            }
            return match wrong_style {
                Some((at, kind)) => fail(at, kind),
                None => Ok((after, (kind, tiles))),
            };
        }
        if rest.is_empty() || rest.starts_with('#') {
            return fail(input, NotationErrorKind::UnclosedMeld);
        }
        // The common group, suit letter first, read once (as in the hand).
        if let Some((length, suit)) = letter_group(rest.as_bytes()) {
            let (text, after) = rest.split_at(length);
            let group = Written {
                text,
                style: Style::Letters,
            };
            if wrong_style.is_none() {
                if let Err(kind) = check_style(style, group) {
                    wrong_style = Some((rest, kind));
                }
            }
            tiles.extend(letter_tiles(text.as_bytes(), suit));
            rest = after;
            continue;
        }
        match styled_group(rest) {
            Ok((after, group)) => {
                if wrong_style.is_none() {
                    if let Err(kind) = check_style(style, group) {
                        wrong_style = Some((rest, kind));
                    }
                }
                group.for_each_tile(|tile| tiles.push(tile));
                rest = after;
            }
            Err(nom::Err::Error(_)) if rest.starts_with(',') => {
                return fail(rest, NotationErrorKind::Comma)
            }
            Err(nom::Err::Error(_)) if foreign_token(meld_token(rest)).is_some() => {
                let kind = foreign_token(meld_token(rest)).expect("just found");
                return fail(rest, kind);
            }
            Err(nom::Err::Error(_)) if tiles.is_empty() => {
                return fail(rest, NotationErrorKind::MissingMeldTiles)
            }
            Err(nom::Err::Error(_)) => return fail(rest, NotationErrorKind::UnclosedMeld),
            Err(other) => return Err(other),
        }
    }
}

/// `+b9`, `+9s`: exactly one tile, with its group (for its style).
fn winning_tile(input: &str) -> Res<'_, (Written<'_>, Tile)> {
    let (rest, _) = ascii_byte(input, |b| b == b'+')?;
    // The common case, one tile written suit letter first (`+b9`), read directly.
    if let Some((2, suit)) = letter_group(rest.as_bytes()) {
        let (text, after) = rest.split_at(2);
        let tile = Tile::of_checked_rank(suit, text.as_bytes()[1] - b'0');
        let group = Written {
            text,
            style: Style::Letters,
        };
        return Ok((after, (group, tile)));
    }
    match styled_group(rest) {
        Ok((after, group)) => match group.first_and_count() {
            (Some(tile), 1) => Ok((after, (group, tile))),
            _ => fail(
                input,
                NotationErrorKind::SeveralWinningTiles(group.text.to_string()),
            ),
        },
        Err(nom::Err::Error(_)) => match chinese_tiles(meld_token(rest)) {
            Some(tiles) => fail(
                rest,
                NotationErrorKind::ChineseTiles {
                    written: meld_token(rest).to_string(),
                    letters: crate::tile::grouped_by_suit(&tiles),
                    count: tiles.len(),
                },
            ),
            None => fail(input, NotationErrorKind::MissingWinningTile),
        },
        Err(other) => Err(other),
    }
}

/// The text of a token inside a meld, or after `+`: up to a space, `]` or a comment.
fn meld_token(rest: &str) -> &str {
    let end = rest
        .find(|c: char| c.is_whitespace() || c == ']' || c == '#')
        .unwrap_or(rest.len());
    &rest[..end]
}

/// Whether a word's value is the number 1, however many zeros lead it (`1`, `01`): `last=01`
/// is the last tile as `last=1` is, under every rule set.
fn is_one(value: &[u8]) -> bool {
    let zeros = value.iter().take_while(|&&b| b == b'0').count();
    &value[zeros..] == b"1"
}

/// A context word, optionally `key=value`.
fn word(input: &str) -> Res<'_, AnyWord<'_>> {
    if let Some((length, word)) = plain_word(input.as_bytes()) {
        return Ok((&input[length..], AnyWord::Shared(word)));
    }
    // Not a word every system reads, written right: a mistake in one, or another word.
    let (rest, key) = alpha1(input)?;
    let (rest, value) = match rest.strip_prefix('=') {
        Some(after) => {
            let (value, after) = after.split_at(ascii_prefix(after, |b| b.is_ascii_alphanumeric()));
            (after, Some(value))
        }
        None => (rest, None),
    };
    // Messages name the word in lower case.
    let key_lower = || key.to_ascii_lowercase();
    let named = Ok((rest, AnyWord::Named(NamedWord { key, value })));
    use keyword::*;
    match lower_code(key.as_bytes()) {
        // `last=N` (N > 1) is left to the scoring system (Huang's last tiles of the wall).
        LAST if value.is_some_and(|v| !is_one(v.as_bytes())) => named,
        SELF | LAST | KONG | ROB | HEAVEN | EARTH => {
            fail(input, NotationErrorKind::UnexpectedValue(key_lower()))
        }
        SEAT | FROM | RESP => match value {
            Some("") if chinese_seat(rest).is_some() => fail(
                input,
                NotationErrorKind::SeatInChinese {
                    key: key_lower(),
                    found: token_text(rest),
                    letter: chinese_seat(rest).map_or('e', Seat::letter),
                },
            ),
            Some(found) if !found.is_empty() => fail(
                input,
                NotationErrorKind::BadSeat {
                    key: key_lower(),
                    found: found.to_string(),
                },
            ),
            _ => fail(input, NotationErrorKind::MissingSeat(key_lower())),
        },
        // A lone letter: a suit missing its digits, or digits after a letter that is no suit.
        _ if value.is_none() && key.len() == 1 => {
            let letter = key.as_bytes()[0].to_ascii_lowercase() as char;
            if Suit::from_letter(letter).is_some() {
                fail(input, NotationErrorKind::MissingRank(letter))
            } else if rest.starts_with(|c: char| c.is_ascii_digit()) {
                fail(input, NotationErrorKind::UnknownSuit(letter))
            } else {
                named
            }
        }
        _ => named,
    }
}

/// The [`keyword_code`]s of the context words every system reads.
mod keyword {
    use super::keyword_code;

    pub const SELF: u64 = keyword_code(b"self");
    pub const LAST: u64 = keyword_code(b"last");
    pub const KONG: u64 = keyword_code(b"kong");
    pub const ROB: u64 = keyword_code(b"rob");
    pub const HEAVEN: u64 = keyword_code(b"heaven");
    pub const EARTH: u64 = keyword_code(b"earth");
    pub const SEAT: u64 = keyword_code(b"seat");
    pub const FROM: u64 = keyword_code(b"from");
    pub const RESP: u64 = keyword_code(b"resp");
}

/// The kind of meld `word` names (`p`, `pung`, `pong`; `c`, `chow`, `chi`; `k`, `kong`;
/// `ck`, `ckong`; in any case).
fn meld_kind(word: &[u8]) -> Option<MeldKind> {
    const P: u64 = keyword_code(b"p");
    const PUNG: u64 = keyword_code(b"pung");
    const PONG: u64 = keyword_code(b"pong");
    const C: u64 = keyword_code(b"c");
    const CHOW: u64 = keyword_code(b"chow");
    const CHI: u64 = keyword_code(b"chi");
    const K: u64 = keyword_code(b"k");
    const CK: u64 = keyword_code(b"ck");
    const CKONG: u64 = keyword_code(b"ckong");
    match lower_code(word) {
        P | PUNG | PONG => Some(MeldKind::Pung),
        C | CHOW | CHI => Some(MeldKind::Chow),
        K | keyword::KONG => Some(MeldKind::Kong),
        CK | CKONG => Some(MeldKind::ConcealedKong),
        _ => None,
    }
}

/// A keyword's letters as one number, the first in the lowest byte: [`word`] compares a
/// word with every keyword as one comparison each, where comparing text took a call and a
/// loop each.
const fn keyword_code(word: &[u8]) -> u64 {
    let mut code = 0;
    let mut i = word.len();
    while i > 0 {
        i -= 1;
        code = code << 8 | word[i] as u64;
    }
    code
}

/// The [`keyword_code`] of `word` in lower case; 0, which is no keyword's, for a word of
/// more than eight letters (no keyword has so many).
fn lower_code(word: &[u8]) -> u64 {
    if word.len() > 8 {
        return 0;
    }
    let mut code = 0;
    for &byte in word.iter().rev() {
        code = code << 8 | u64::from(byte.to_ascii_lowercase());
    }
    code
}

/// The key of a claim word, `claim=`, read in any case.
const CLAIM_KEY: &str = "claim=";

/// `claim=VALUE`, where the value runs to the next space or comment; or `claim="VALUE"`,
/// where it runs to the closing quote, and its spaces are read as hyphens (a pattern's name
/// is the same with either: `claim="all pungs"` is `claim=all-pungs`).
fn claim_token(input: &str) -> Res<'_, ClaimSpec> {
    // The caller has seen `claim=` in any case (ASCII): nom's tag_no_case would fold
    // Unicode, at many times the cost of the claim itself.
    let after = &input[CLAIM_KEY.len()..];
    if let Some(quoted) = after.strip_prefix('"') {
        let Some(end) = quoted.find('"') else {
            return fail(input, NotationErrorKind::UnclosedClaimQuote);
        };
        let value = quoted[..end]
            .split('+')
            .map(|name| name.split_whitespace().collect::<Vec<_>>().join("-"))
            .collect::<Vec<_>>()
            .join("+");
        let rest = &quoted[end + 1..];
        if rest.starts_with("+\"") {
            return fail(input, quoted_in_parts(&quoted[..end], rest));
        }
        if rest.starts_with(|c: char| !c.is_whitespace() && c != '#') {
            return fail(rest, NotationErrorKind::MissingSpace(token_text(rest)));
        }
        return match parse_claim(&value) {
            Ok(claim) => Ok((rest, claim)),
            Err(kind) => fail(input, kind),
        };
    }
    let end = after
        .find(|c: char| c.is_whitespace() || c == '#')
        .unwrap_or(after.len());
    let (value, rest) = after.split_at(end);
    if value.contains(',') {
        return fail(input, with_commas(value, rest));
    }
    match parse_claim(value) {
        Ok(claim) => Ok((rest, claim)),
        Err(kind) => fail(input, kind),
    }
}

/// The error of a claim quoted in parts (`claim="all pungs"+"mixed one-suit"`): the first
/// part's text, and the rest of the line from the `+` after it. The advice quotes the
/// parts as one.
fn quoted_in_parts(first: &str, mut rest: &str) -> NotationErrorKind {
    let mut parts = vec![first];
    while let Some(next) = rest.strip_prefix("+\"") {
        let Some(end) = next.find('"') else { break };
        parts.push(&next[..end]);
        rest = &next[end + 1..];
    }
    NotationErrorKind::ClaimQuotedInParts(parts.join("+"))
}

/// The error of a claim whose patterns are parted by commas (`claim=value, honor`): the
/// claim's value up to the first space, and the rest of the line. The words after a value
/// ending in a comma are the claim's too; the advice joins them with `+`.
fn with_commas(value: &str, rest: &str) -> NotationErrorKind {
    let mut written = value.to_string();
    let mut words = rest.split_whitespace();
    while written.ends_with(',') {
        match words.next() {
            Some(word) if !word.contains('=') && !word.starts_with('#') => {
                written.push(' ');
                written.push_str(word);
            }
            _ => break,
        }
    }
    let joined: Vec<&str> = written
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .collect();
    let as_one = joined
        .iter()
        .any(|part| !part.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| joined.join("-").replace(' ', "-"));
    let joined = joined.join("+").replace(' ', "-");
    NotationErrorKind::ClaimWithCommas {
        written,
        joined,
        as_one,
    }
}

/// The seat whose wind's character (東 南 西 北, or 东) starts `text`, on its own or before
/// 風 (风) and the end of the token.
fn chinese_seat(text: &str) -> Option<Seat> {
    let mut chars = text.chars();
    let seat = match chars.next()? {
        '東' | '东' => Seat::East,
        '南' => Seat::South,
        '西' => Seat::West,
        '北' => Seat::North,
        _ => return None,
    };
    let rest = chars.as_str();
    let rest = rest
        .strip_prefix('風')
        .or_else(|| rest.strip_prefix('风'))
        .unwrap_or(rest);
    rest.chars()
        .next()
        .is_none_or(|c| c.is_whitespace() || c == '#')
        .then_some(seat)
}

/// Accepts a seat letter or its full name (`s`, `south`), in any case.
pub(crate) fn seat_name(value: &str) -> Option<Seat> {
    seat_of(value.as_bytes())
}

/// [`seat_name`] of the bytes of a word.
fn seat_of(value: &[u8]) -> Option<Seat> {
    // Read from the first byte: a seat word is ASCII, and most lines name one or two.
    // `| 0x20` lowers an ASCII letter, and makes no other byte a seat's letter.
    let seat = Seat::from_letter(char::from(value.first()? | 0x20))?;
    (value.len() == 1 || value.eq_ignore_ascii_case(seat.name().as_bytes())).then_some(seat)
}

/// For a seat word's value that reads as a name (`seat=Bob`): when a name means a seat.
fn name_hint(found: &str) -> &'static str {
    if found.len() > 1 && found.bytes().any(|b| b.is_ascii_alphabetic()) {
        " (a player's name means a seat only after a players: line seats the table)"
    } else {
        ""
    }
}

/// Character columns of positions in one line. Each call counts only the characters since
/// the previous one, so a line of many tokens costs linear time, not quadratic (counting
/// from the line's start for every token once took 47 s on a 2 MB line).
struct Columns<'a> {
    line: &'a str,
    /// The line is ASCII: a column is its byte offset + 1, with nothing to count.
    ascii: bool,
    /// A byte offset already counted, and its 1-based column.
    offset: usize,
    column: usize,
}

impl<'a> Columns<'a> {
    fn new(line: &'a str) -> Self {
        Columns {
            line,
            ascii: line.is_ascii(),
            offset: 0,
            column: 1,
        }
    }

    /// 1-based character column of `rest`, a suffix of the line.
    fn of(&mut self, rest: &str) -> usize {
        let offset = self.line.len() - rest.len();
        if self.ascii {
            return offset + 1;
        }
        if offset < self.offset {
            // Positions only move forward while parsing; start over if one ever does not.
            (self.offset, self.column) = (0, 1);
        }
        self.column += self.line[self.offset..offset].chars().count();
        self.offset = offset;
        self.column
    }

    fn error(&mut self, rest: &str, kind: NotationErrorKind) -> NotationError {
        NotationError {
            column: self.of(rest),
            kind,
        }
    }
}

/// Parses one hand line (docs/notation.md). A `#` starts a comment that runs to the end of
/// the line. A line without a winning tile is an error.
#[cfg(any(test, feature = "testing"))]
pub fn parse_hand(line: &str) -> Result<ParsedHand<'_>, NotationError> {
    let parsed = parse_line(line)?;
    match parsed.winning {
        Some(_) => Ok(parsed),
        None => Err(parsed.no_winning_tile()),
    }
}

/// Parses one line of notation, with or without a winning tile: the caller decides whether
/// it needs one (a hand to score does; a hand to ask for its waits does not).
pub(crate) fn parse_line(line: &str) -> Result<ParsedHand<'_>, NotationError> {
    let mut parsed = ParsedHand::empty();
    parse_line_into(line, &mut parsed)?;
    Ok(parsed)
}

/// [`parse_line`], read into `parsed`, which must be [`ParsedHand::empty`]: the batch's
/// line is read where it stays, not moved there (a `ParsedHand` is some 600 bytes).
pub(crate) fn parse_line_into<'a>(
    line: &'a str,
    parsed: &mut ParsedHand<'a>,
) -> Result<(), NotationError> {
    debug_assert!(
        parsed.is_empty(),
        "parse_line_into reads into an empty ParsedHand"
    );
    if !plain_line(line, parsed) {
        // Not a plain line: read afresh, token by token, where every case is handled.
        *parsed = ParsedHand::empty();
        parse_tokens(line, parsed)?;
    } else if memchr::memchr2(b'E', b'W', line.as_bytes()).is_none() {
        // Nearly every line has no capital E or W at all.
        return Ok(());
    }
    match seat_initial(line) {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// A capital `E` or `W` starting a group of tiles (`E111`, `[p W333]`) in a line whose
/// other tiles are written in small letters: a seat's initial (East, West) rather than
/// the suit letter it reads as (e, the dragons; w, the winds), which would score unseen
/// (`E111` is three Red Dragons). A line with a group in capital B, C or D is written in
/// capitals, and reads its capitals as suit letters, as the notation's letters are read
/// in any case.
fn seat_initial(line: &str) -> Option<NotationError> {
    let body = line.split('#').next().unwrap_or_default();
    let bytes = body.as_bytes();
    let mut at = memchr::memchr2(b'E', b'W', bytes)?;
    let starts_group = |i: usize| {
        bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'='))
    };
    while !starts_group(at) {
        at += 1 + memchr::memchr2(b'E', b'W', &bytes[at + 1..])?;
    }
    // Written in small letters: a group of small letters, and no group of capital B, C or
    // D (capitals that are suit letters only).
    let group_of = |letters: &[u8]| {
        bytes
            .windows(2)
            .any(|w| letters.contains(&w[0]) && w[1].is_ascii_digit())
    };
    if !group_of(b"bcdwe") || group_of(b"BCD") {
        return None;
    }
    let digits = bytes[at + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let token = body[at..at + 1 + digits].to_string();
    let column = body[..at].chars().count() + 1;
    Some(NotationError {
        column,
        kind: NotationErrorKind::SeatInitial {
            token,
            letter: char::from(bytes[at]),
        },
    })
}

/// Reads `line` into `parsed` (empty) if it is written the plain way nearly every line
/// is, and says whether it was: ASCII; tokens apart by spaces; groups suit letter
/// first (`b123`); melds of one group each (`[p b555]`); a winning tile of one tile
/// (`+b5`); each context word every system reads at most once (`seat=s`, `self`); an
/// optional comment. It reads such a line exactly as [`parse_tokens`] does (a test
/// checks it does, line for line), in one pass over the bytes with the column of a token
/// its offset: reading a line token by token through the parsers that handle every case
/// (other styles, glued tokens, the system's own words, claims, every mistake) was a
/// quarter of scoring it. At anything else it stops, and leaves `parsed` partly read for
/// the caller to empty and read again with [`parse_tokens`].
fn plain_line<'a>(line: &'a str, parsed: &mut ParsedHand<'a>) -> bool {
    let bytes = line.as_bytes();
    let mut at = 0;
    // Bytes read so far beyond their characters: outside ASCII, only a claim's value (a
    // pattern's Chinese name) is read here, and a comment, after which nothing is; a
    // column counts characters.
    let mut wide_bytes = 0;
    loop {
        while bytes.get(at) == Some(&b' ') {
            at += 1;
        }
        let column = at + 1 - wide_bytes;
        let Some(&first) = bytes.get(at) else {
            parsed.end = column;
            return true;
        };
        let token_end = match first {
            b'#' => {
                parsed.end = column;
                return true;
            }
            b'[' => plain_meld(&bytes[at..]).map(|(length, kind, tiles)| {
                parsed.melds.push(ParsedMeld {
                    kind,
                    tiles,
                    column,
                });
                at + length
            }),
            b'+' => match letter_group(&bytes[at + 1..]) {
                Some((2, suit)) if parsed.winning.is_none() => {
                    let value = Tile::of_checked_rank(suit, bytes[at + 2] - b'0');
                    parsed.winning = Some(Spanned { value, column });
                    Some(at + 3)
                }
                _ => None,
            },
            b'c' | b'C' if parsed.claim.is_none() && plain_claim(&line[at..], parsed, column) => {
                let end = memchr::memchr(b' ', &bytes[at..]).map_or(line.len(), |end| at + end);
                let token = &line[at..end];
                wide_bytes += token.len() - token.chars().count();
                Some(end)
            }
            _ => match letter_group(&bytes[at..]) {
                Some((length, suit)) => {
                    let text = &bytes[at..at + length];
                    let tiles = letter_tiles(text, suit).map(|value| Spanned { value, column });
                    parsed.concealed.extend(tiles);
                    Some(at + length)
                }
                None => plain_word(&bytes[at..]).and_then(|(length, word)| {
                    (!word.given_in(&parsed.words)).then(|| {
                        parsed.words.push(Spanned {
                            value: word,
                            column,
                        });
                        at + length
                    })
                }),
            },
        };
        // A token ends at a space or at the end of the line.
        match token_end {
            Some(end) if matches!(bytes.get(end), None | Some(b' ')) => at = end,
            _ => return false,
        }
    }
}

/// Reads the claim `token` starts with (`claim=7.1`, `claim=一氣通貫`), written the plain
/// way (a value of visible ASCII and letters outside it to the next space, no quotes, no
/// comma, no comment glued to it) and valid, into `parsed` at `column`; says whether it
/// did. Anything else is left to [`parse_tokens`], which reads every form and tells every
/// mistake.
fn plain_claim<'a>(token: &'a str, parsed: &mut ParsedHand<'a>, column: usize) -> bool {
    // Most tokens that start with a c are groups of characters (`c123`): told apart at
    // the `=` first.
    if token.as_bytes().get(CLAIM_KEY.len() - 1) != Some(&b'=') {
        return false;
    }
    let key = &token[..CLAIM_KEY.len()];
    if !key.eq_ignore_ascii_case(CLAIM_KEY) {
        return false;
    }
    let value = &token[CLAIM_KEY.len()..];
    let value = &value[..memchr::memchr(b' ', value.as_bytes()).unwrap_or(value.len())];
    let plain = |c: char| match c {
        '#' | '"' | ',' => false,
        _ if c.is_ascii() => c.is_ascii_graphic(),
        // A letter of a name (一氣通貫); anything that may read as a space or a mark is
        // left to the other reading.
        _ => c.is_alphanumeric(),
    };
    if !value.chars().all(plain) {
        return false;
    }
    match parse_claim(value) {
        Ok(value) => {
            parsed.claim = Some(Spanned { value, column });
            true
        }
        Err(_) => false,
    }
}

/// Whether [`plain_line`], when it takes `line`, reads it as [`parse_tokens`] does; the
/// two readings if not (`invariants::check_plain_reading`).
#[cfg(any(test, feature = "testing"))]
pub(crate) fn plain_reading_agrees(line: &str) -> Result<(), String> {
    let mut plain = ParsedHand::empty();
    if !plain_line(line, &mut plain) {
        return Ok(());
    }
    let mut tokens = ParsedHand::empty();
    match parse_tokens(line, &mut tokens) {
        Ok(()) if tokens == plain => Ok(()),
        other => Err(format!(
            "{line:?}: the plain reading gives {plain:?}, token by token {:?}",
            other.map(|()| tokens)
        )),
    }
}

/// A meld of one group written suit letter first, `[p b555]`, `[ck w2222]`, at the start
/// of `text`: its length, kind and tiles; `None` for any other meld (or a mistake).
fn plain_meld(bytes: &[u8]) -> Option<(usize, MeldKind, SmallVec<Tile, 4>)> {
    let kind_length = bytes[1..]
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    let kind = meld_kind(&bytes[1..1 + kind_length])?;
    let group_at = 1 + kind_length + 1;
    if bytes.get(group_at - 1) != Some(&b' ') {
        return None;
    }
    let (length, suit) = letter_group(&bytes[group_at..])?;
    let close = group_at + length;
    if length > 5 || bytes.get(close) != Some(&b']') {
        return None;
    }
    // Four tiles at most (checked above), written in place.
    let mut tiles = [Tile::default(); 4];
    for (slot, tile) in tiles
        .iter_mut()
        .zip(letter_tiles(&bytes[group_at..close], suit))
    {
        *slot = tile;
    }
    Some((
        close + 1,
        kind,
        SmallVec::from_array_prefix(tiles, length - 1),
    ))
}

/// A context word every system reads, at the start of `text`, written without a mistake
/// (`self`, `last`, `seat=s`, `resp=none`): its length and the word; `None` for any other
/// word (the system's own, a claim) or a mistake.
fn plain_word(bytes: &[u8]) -> Option<(usize, Word)> {
    let key_length = bytes.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let key = lower_code(&bytes[..key_length]);
    let (length, value) = match bytes.get(key_length) {
        Some(b'=') => {
            let after = &bytes[key_length + 1..];
            let value_length = after
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric())
                .count();
            (key_length + 1 + value_length, Some(&after[..value_length]))
        }
        _ => (key_length, None),
    };
    use keyword::*;
    let seat = || value.filter(|v| !v.is_empty()).and_then(seat_of);
    let word = match (key, value) {
        (SELF, None) => Word::SelfDraw,
        (LAST, None) => Word::LastTile,
        (LAST, Some(n)) if is_one(n) => Word::LastTile,
        (KONG, None) => Word::KongSupplement,
        (ROB, None) => Word::RobbedKong,
        (HEAVEN, None) => Word::Heaven,
        (EARTH, None) => Word::Earth,
        (SEAT, Some(_)) => Word::Seat(seat()?),
        (FROM, Some(_)) => Word::From(seat()?),
        (RESP, Some(v)) if v.eq_ignore_ascii_case(b"none") => Word::Responsible(None),
        (RESP, Some(_)) => Word::Responsible(Some(seat()?)),
        _ => return None,
    };
    Some((length, word))
}

/// How many words for the scoring system a line may give before [`parse_tokens`] looks a
/// word up among them in a set rather than one by one.
const MANY_NAMED: usize = 16;

/// Reads `line` into `parsed` (empty) token by token: every style, glued tokens, the
/// system's own words, claims, and every mistake with its column.
fn parse_tokens<'a>(line: &'a str, parsed: &mut ParsedHand<'a>) -> Result<(), NotationError> {
    let mut columns = Columns::new(line);
    let mut rest = line;
    // Whether the previous token was a plain tile group (another may follow without a space)
    // or a meld (its closing bracket already separates it).
    let mut after_group = false;
    let mut after_meld = false;
    let mut first = true;
    // The hand's style, set by its first group: letters first (b123) or riichi (123s).
    let mut style: Option<Style> = None;
    // Where the token before this one starts: two words of a table's language may mean
    // together what neither says alone (`self drawn`).
    let mut token_start: Option<&str> = None;
    // The keys of the named words in lower case, once there are many of them.
    let mut named_keys: Option<std::collections::HashSet<String>> = None;
    loop {
        let before_spaces = rest;
        let (after_space, spaces) = multispace0(rest).expect("multispace0 cannot fail");
        let previous =
            token_start.map(|start: &str| (&start[..start.len() - before_spaces.len()], start));
        rest = after_space;
        token_start = Some(rest);
        if rest.is_empty() || rest.starts_with('#') {
            break;
        }
        let at = columns.of(rest);
        let separated = first || !spaces.is_empty() || after_meld;
        first = false;
        let next = rest.chars().next().expect("not empty");

        let no_space = !separated && !after_group;
        let concealed = &mut parsed.concealed;
        if let Some(after) =
            concealed_group(rest, at, no_space, &mut style, concealed, &mut columns)?
        {
            (rest, after_group, after_meld) = (after, true, false);
            continue;
        }
        if !next.is_ascii_graphic() && is_invisible(next) {
            return Err(columns.error(rest, NotationErrorKind::UnexpectedChar(next)));
        }
        if next == ',' {
            return Err(columns.error(rest, NotationErrorKind::Comma));
        }
        if !separated {
            return Err(glued(line, rest, &mut columns));
        }
        let token = Spanned {
            value: rest,
            column: at,
        };
        match other_token(token, previous, parsed, &mut style, &mut named_keys) {
            Ok((after, was_meld)) => (rest, after_group, after_meld) = (after, false, was_meld),
            Err(nom::Err::Failure(f) | nom::Err::Error(f)) => {
                let kind = f.kind.unwrap_or(NotationErrorKind::UnexpectedChar(next));
                return Err(columns.error(f.at, kind));
            }
            Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers only"),
        }
    }
    parsed.end = columns.of(rest);
    Ok(())
}

/// A token that is no group of concealed tiles, at `token` (the rest of the line from it,
/// and its column), kept in `parsed`: a meld, the winning tile, a claim, a context word, or
/// an error saying what it is. The text after it, and whether it was a meld.
fn other_token<'a>(
    token: Spanned<&'a str>,
    previous: Option<(&'a str, &'a str)>,
    parsed: &mut ParsedHand<'a>,
    style: &mut Option<Style>,
    named_keys: &mut Option<std::collections::HashSet<String>>,
) -> Res<'a, bool> {
    let (rest, at) = (token.value, token.column);
    match rest.chars().next().expect("not empty") {
        '[' => meld(rest, style).map(|(after, (kind, tiles))| {
            parsed.melds.push(ParsedMeld {
                kind,
                tiles,
                column: at,
            });
            (after, true)
        }),
        '+' => winning_tile(rest).and_then(|(after, (group, value))| {
            if parsed.winning.is_some() {
                return fail(rest, NotationErrorKind::SecondWinningTile);
            }
            if let Err(kind) = check_style(style, group) {
                return fail(&rest[1..], kind);
            }
            parsed.winning = Some(Spanned { value, column: at });
            Ok((after, false))
        }),
        'c' | 'C'
            if rest
                .get(..CLAIM_KEY.len())
                .is_some_and(|k| k.eq_ignore_ascii_case(CLAIM_KEY)) =>
        {
            claim_token(rest).and_then(|(after, value)| {
                if parsed.claim.is_some() {
                    return fail(rest, NotationErrorKind::Repeated("claim".to_string()));
                }
                parsed.claim = Some(Spanned { value, column: at });
                Ok((after, false))
            })
        }
        c if c.is_ascii_alphabetic() => word(rest).and_then(|(after, w)| {
            let (words, named) = (&mut parsed.words, &mut parsed.named);
            keep_word(w, token, after, previous, words, named, named_keys)
        }),
        c => match foreign_token(&token_text(rest)) {
            Some(kind) => fail(rest, kind),
            None if c.is_ascii_digit() => fail(
                rest,
                NotationErrorKind::MissingSuit(
                    rest.chars().take_while(|c| c.is_ascii_digit()).collect(),
                ),
            ),
            None => fail(rest, NotationErrorKind::UnexpectedChar(c)),
        },
    }
}

/// The group of concealed tiles `rest` starts with (`b123`, `123s`), its tiles kept in
/// `concealed` at column `at`: the text after it, or `None` when `rest` starts no group.
/// `no_space`: the token before ends where this one starts, with no space between.
fn concealed_group<'a>(
    rest: &'a str,
    at: usize,
    no_space: bool,
    style: &mut Option<Style>,
    concealed: &mut SmallVec<Spanned<Tile>, 14>,
    columns: &mut Columns,
) -> Result<Option<&'a str>, NotationError> {
    // Most tokens are groups written suit letter first: their tiles go straight into the
    // hand, each digit read once (the general path below reads them again).
    if let Some((length, suit)) = letter_group(rest.as_bytes()) {
        if no_space {
            return Err(columns.error(rest, NotationErrorKind::MissingSpace(token_text(rest))));
        }
        let (text, after) = rest.split_at(length);
        let group = Written {
            text,
            style: Style::Letters,
        };
        if let Err(kind) = check_style(style, group) {
            return Err(columns.error(rest, kind));
        }
        let tiles = letter_tiles(text.as_bytes(), suit);
        concealed.extend(tiles.map(|value| Spanned { value, column: at }));
        return Ok(Some(after));
    }
    // A letter without a digit after it starts a word, and `[` or `+` a meld or the winning
    // tile, never a group: the general path would only find that out.
    let next = rest.chars().next().expect("not empty");
    let starts_other = matches!(next, '[' | '+')
        || next.is_ascii_alphabetic() && !rest.as_bytes().get(1).is_some_and(u8::is_ascii_digit);
    if starts_other {
        return Ok(None);
    }
    match styled_group(rest) {
        Ok((after, group)) => {
            if no_space {
                return Err(columns.error(rest, NotationErrorKind::MissingSpace(token_text(rest))));
            }
            if let Err(kind) = check_style(style, group) {
                return Err(columns.error(rest, kind));
            }
            group.for_each_tile(|value| concealed.push(Spanned { value, column: at }));
            Ok(Some(after))
        }
        Err(nom::Err::Failure(Failure {
            at,
            kind: Some(kind),
        })) => Err(columns.error(at, kind)),
        Err(_) => Ok(None), // not a tile group: the other tokens are tried
    }
}

/// Keeps a context word read at `at` (its text from there on, and its column) in the
/// line's shared `words` or, for the scoring system, its `named` words; the error when the
/// word is given twice, or is a word of another table (`ron`) written where a word of this
/// notation is meant. `previous` is the token before (its text, and the line from it).
fn keep_word<'a>(
    word: AnyWord<'a>,
    at: Spanned<&'a str>,
    after: &'a str,
    previous: Option<(&'a str, &'a str)>,
    words: &mut Words,
    named: &mut NamedWords<'a>,
    named_keys: &mut Option<std::collections::HashSet<String>>,
) -> Res<'a, bool> {
    let rest = at.value;
    match word {
        AnyWord::Shared(w) => {
            let named_twin = named
                .iter()
                .any(|s| s.value.key.eq_ignore_ascii_case(w.keyword()));
            if named_twin || w.given_in(words) {
                return fail(rest, NotationErrorKind::Repeated(w.keyword().to_string()));
            }
            words.push(Spanned {
                value: w,
                column: at.column,
            });
        }
        AnyWord::Named(w) => {
            let key = w.key;
            // After a claim, a word may be the rest of a pattern's name
            // (`claim=fully concealed`), which the claim's check says.
            let after_claim = previous.is_some_and(|(text, _)| {
                text.get(..6)
                    .is_some_and(|k| k.eq_ignore_ascii_case("claim="))
            });
            // `value=45` is a session's line, not a word of a hand: said so.
            let is_value = key.eq_ignore_ascii_case("value");
            if (w.value.is_none() || is_value) && !after_claim {
                if let Some((at, kind)) = table_words(previous, rest, key, after) {
                    return fail(at, kind);
                }
            }
            let shared_twin = words
                .iter()
                .any(|s| s.value.keyword().eq_ignore_ascii_case(key));
            // A line has a few such words; one of thousands (each an error anyway) is
            // looked up in a set, not compared with each before it.
            let named_twin = if named.len() < MANY_NAMED {
                named.iter().any(|s| s.value.key.eq_ignore_ascii_case(key))
            } else {
                let seen = named_keys.get_or_insert_with(|| {
                    named
                        .iter()
                        .map(|s| s.value.key.to_ascii_lowercase())
                        .collect()
                });
                !seen.insert(key.to_ascii_lowercase())
            };
            if shared_twin || named_twin {
                let key = key.to_ascii_lowercase();
                return fail(rest, NotationErrorKind::Repeated(key));
            }
            named.push(Spanned {
                value: w,
                column: at.column,
            });
        }
    }
    Ok((after, false))
}

/// A line read for the `waits` analysis: a hand before its win, whose `+TILE` is optional.
/// The fields are those of [`ParsedHand`]; `drawn` is the `+TILE` if the line has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedHolding<'a> {
    /// Concealed tiles, not including a `+TILE`.
    pub concealed: SmallVec<Spanned<Tile>, 14>,
    /// Declared melds, in the order written.
    pub melds: SmallVec<ParsedMeld, 4>,
    /// The tile after `+`, if there is one (a hand that has just drawn it).
    pub drawn: Option<Spanned<Tile>>,
    /// The context words every system reads.
    pub words: Words,
    /// Other words, for the scoring system to read.
    pub named: NamedWords<'a>,
    /// A `claim=` on the line.
    pub claim: Option<Spanned<ClaimSpec>>,
}

/// Parses one hand line whose `+TILE` may be absent (the `waits` analysis). The tokens,
/// their columns and every error are those of [`parse_hand`], but for the missing `+TILE`.
pub fn parse_holding(line: &str) -> Result<ParsedHolding<'_>, NotationError> {
    let parsed = parse_line(line)?;
    Ok(ParsedHolding {
        concealed: parsed.concealed,
        melds: parsed.melds,
        drawn: parsed.winning,
        words: parsed.words,
        named: parsed.named,
        claim: parsed.claim,
    })
}

/// The error of a token run into the one before it (`rest` starts where the space is
/// missing). When the two read together are a word players use (`self-drawn`), the whole
/// is an unknown word with its guess, at its start; otherwise a space is missing.
fn glued(line: &str, rest: &str, columns: &mut Columns) -> NotationError {
    let at = line.len() - rest.len();
    let start = line[..at]
        .rfind(char::is_whitespace)
        .map_or(0, |space| space + 1);
    let whole = token_text(&line[start..]);
    if let Some(advice) = table_word(&whole) {
        let kind = NotationErrorKind::TableWord {
            word: whole,
            advice,
        };
        return columns.error(&line[start..], kind);
    }
    if let Some(guess) = guess_word(&whole, []).or_else(|| tile_guess(&whole)) {
        return columns.error(
            &line[start..],
            NotationErrorKind::UnknownWord {
                word: whole,
                system_words: String::new(),
                guess: Some(guess),
            },
        );
    }
    columns.error(rest, NotationErrorKind::MissingSpace(token_text(rest)))
}

/// The error of a word of a table's language (see [`TABLE_WORDS`]) at `word_at`, with
/// where it points: `key` alone, or with the token before it (`self drawn`, `previous` its
/// text and start) or the one after it (`no winner`, which starts `after`).
fn table_words<'a>(
    previous: Option<(&'a str, &'a str)>,
    word_at: &'a str,
    key: &str,
    after: &str,
) -> Option<(&'a str, NotationErrorKind)> {
    let phrase = |first: &str, second: &str| format!("{first} {second}");
    if let Some((text, start)) = previous {
        if let Some(advice) = table_phrase(text, key) {
            let word = phrase(text, key);
            return Some((start, NotationErrorKind::TableWord { word, advice }));
        }
    }
    let next = token_text(after.trim_start());
    if let Some(advice) = table_phrase(key, &next) {
        let word = phrase(key, &next);
        return Some((word_at, NotationErrorKind::TableWord { word, advice }));
    }
    let advice = table_word(key)?;
    let word = key.to_string();
    Some((word_at, NotationErrorKind::TableWord { word, advice }))
}

/// The error of a token that is no token of this notation but says something in a table's
/// language: tiles named in Chinese (`一萬`), or a word of [`TABLE_WORDS`] (`自摸`).
fn foreign_token(token: &str) -> Option<NotationErrorKind> {
    if let Some(tiles) = chinese_tiles(token) {
        return Some(NotationErrorKind::ChineseTiles {
            written: token.to_string(),
            letters: crate::tile::grouped_by_suit(&tiles),
            count: tiles.len(),
        });
    }
    let advice = table_word(token)?;
    Some(NotationErrorKind::TableWord {
        word: token.to_string(),
        advice,
    })
}

/// The tiles `token` names in Chinese, if that is all it says: the honours by their
/// characters (`中` `發` `白`, `東` `南` `西` `北`, also `紅中`, `白板`, `東風`), the suit tiles
/// by their numbers and suits (`一萬`, `5筒`, `三索`, `一二三萬`): 萬 is characters (c),
/// 筒 dots (d), 索 or 條 bamboo (b).
fn chinese_tiles(token: &str) -> Option<Vec<Tile>> {
    if token.is_ascii() {
        return None;
    }
    let numeral = |c: char| match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '１' as u32) as u8 + 1),
        _ => "一二三四五六七八九"
            .chars()
            .position(|n| n == c)
            .map(|i| i as u8 + 1),
    };
    let number_suit = |c: char| match c {
        '萬' | '万' => Some(Suit::Characters),
        '筒' | '餅' | '饼' => Some(Suit::Dots),
        '索' | '條' | '条' => Some(Suit::Bamboo),
        _ => None,
    };
    let honour = |c: char| match c {
        '中' => Tile::new(Suit::Dragon, 1),
        '發' | '发' => Tile::new(Suit::Dragon, 2),
        '白' => Tile::new(Suit::Dragon, 3),
        '東' | '东' => Tile::new(Suit::Wind, 1),
        '南' => Tile::new(Suit::Wind, 2),
        '西' => Tile::new(Suit::Wind, 3),
        '北' => Tile::new(Suit::Wind, 4),
        _ => None,
    };
    let mut tiles = Vec::new();
    let mut ranks = Vec::new();
    let mut chars = token.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(rank) = numeral(c) {
            ranks.push(rank);
        } else if let Some(suit) = number_suit(c) {
            if ranks.is_empty() {
                return None;
            }
            for rank in ranks.drain(..) {
                tiles.push(Tile::new(suit, rank)?);
            }
        } else if !ranks.is_empty() {
            return None;
        } else if matches!(c, '紅' | '红') && chars.peek() == Some(&'中') {
            // 紅中, the red centre: the 中 that follows is the tile.
        } else if let Some(tile) = honour(c) {
            tiles.push(tile);
            // 白板, 發財, 東風: the second character belongs to the tile's name.
            let suffix = match tile.suit() {
                Suit::Wind => &['風', '风'][..],
                _ if c == '白' => &['板'][..],
                _ if tile == Tile::new(Suit::Dragon, 2)? => &['財', '财'][..],
                _ => &[][..],
            };
            if chars.peek().is_some_and(|next| suffix.contains(next)) {
                chars.next();
            }
        } else {
            return None;
        }
    }
    (ranks.is_empty() && !tiles.is_empty()).then_some(tiles)
}

/// For a riichi suit letter written first (`m123`): the riichi style writes it after.
fn riichi_hint(letter: char) -> &'static str {
    match letter.to_ascii_lowercase() {
        'm' => " (the riichi style puts the letter after the digits: 123m is c123)",
        'p' => " (the riichi style puts the letter after the digits: 123p is d123)",
        's' => " (the riichi style puts the letter after the digits: 123s is b123; the South wind is w2: w1 East, w2 South, w3 West, w4 North)",
        'n' => " (the North wind is w4: w1 East, w2 South, w3 West, w4 North)",
        'z' => " (the riichi style puts the letter after the digits: 1z is w1)",
        _ => "",
    }
}

/// The tile a player's name for it means: `bam1` is b1, `dot5` d5, `crak3` c3.
fn tile_guess(word: &str) -> Option<String> {
    let split = word.find(|c: char| c.is_ascii_digit())?;
    let (name, digits) = word.split_at(split);
    let letter = match name.to_ascii_lowercase().as_str() {
        "bam" | "bams" | "bamboo" | "bamboos" | "sou" | "bambu" => 'b',
        "crak" | "craks" | "crack" | "cracks" | "char" | "chars" | "character" | "characters"
        | "man" | "wan" => 'c',
        "dot" | "dots" | "circle" | "circles" | "pin" | "ball" | "balls" => 'd',
        _ => return None,
    };
    (digits.len() == 1 && digits != "0").then(|| format!("{letter}{digits}"))
}

/// The token starting at `rest`, for messages.
fn token_text(rest: &str) -> String {
    rest.split(|c: char| c.is_whitespace() || c == '#')
        .next()
        .unwrap_or(rest)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(spanned: &[Spanned<Tile>]) -> String {
        spanned
            .iter()
            .map(|t| t.value.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Whether [`plain_line`] takes `line`.
    fn plain_takes(line: &str) -> bool {
        plain_line(line, &mut ParsedHand::empty())
    }

    #[test]
    fn a_plain_line_is_read_as_token_by_token() {
        // Generated hands, each also with its letters in upper case, extra spaces, a
        // comment, and every context word, and then each of those with one byte dropped or
        // one of a few bytes put in at every place: wherever the plain reading takes a
        // line, the reading token by token reads the same hand (columns included).
        let mut lines: Vec<String> = Vec::new();
        for hand in crate::corpus::winning_hands(7, 120) {
            lines.push(hand.to_ascii_uppercase());
            lines.push(format!("  {}   # a comment", hand.replace(' ', "  ")));
            lines.push(format!("{hand} resp=none last=1 rob heaven earth kong"));
            lines.push(format!("{hand} from=South RESP=w seat=NORTH"));
            // Claims, which the plain reading takes too when written plainly.
            lines.push(format!("{hand} claim=1.2+7.1 # a claim"));
            lines.push(format!("CLAIM=nine-tile {hand}"));
            lines.push(format!("claim=一氣通貫x {hand} seat=s # 註"));
            lines.push(format!("{hand} claim=清一色+7.1 self"));
            lines.push(format!("{hand} claim=45 claim=\"all pungs\""));
            lines.push(hand);
        }
        let mut taken = 0;
        let mut checked = 0;
        for line in &lines {
            let mut variants = vec![line.clone()];
            for (at, _) in line.char_indices().step_by(3) {
                let mut dropped = line.clone();
                dropped.remove(at);
                variants.push(dropped);
                for byte in ["[", "]", "+", "=", "#", " ", "5", "0", "x", "\t", "é", ",", "\u{3000}"] {
                    let mut put = line.clone();
                    put.insert_str(at, byte);
                    variants.push(put);
                }
            }
            for variant in &variants {
                checked += 1;
                if plain_takes(variant) {
                    taken += 1;
                }
                assert_eq!(plain_reading_agrees(variant), Ok(()));
            }
        }
        // The comparison is not empty (most variants are mistakes, or name a word twice,
        // which the plain reading leaves to the other), and the plain reading is no
        // detour: it takes every generated hand as written.
        assert!(taken > checked / 20, "{taken} of {checked} taken");
        for hand in crate::corpus::winning_hands(7, 1000) {
            assert!(plain_takes(&hand), "{hand:?}");
            assert!(plain_takes(&format!("{hand} claim=7.1")), "{hand:?}");
            assert!(plain_takes(&format!("claim=一氣通貫 {hand}")), "{hand:?}");
        }
    }

    #[test]
    fn the_letter_table_names_the_suits_of_their_letters_only() {
        // b c d w e in either case name their suits, with their highest ranks (9 9 9 4 3);
        // no other byte names one.
        for byte in 0..=255u8 {
            let lower = byte.is_ascii_uppercase().then(|| byte.to_ascii_lowercase());
            let expected = Suit::from_letter(char::from(lower.unwrap_or(byte)))
                .filter(|_| byte.is_ascii_alphabetic())
                .map(|suit| (suit, b'0' + suit.max_rank()));
            assert_eq!(LETTER_SUITS[usize::from(byte)], expected, "byte {byte:#x}");
        }
        assert_eq!(LETTER_SUITS[usize::from(b'E')], Some((Suit::Dragon, b'3')));
        assert_eq!(LETTER_SUITS[usize::from(b'w')], Some((Suit::Wind, b'4')));
    }

    #[test]
    fn reads_groups_melds_winning_tile_and_words() {
        let hand = parse_hand("b123 c456 [p d111] w44 b7 b8 +b9 seat=s from=e").unwrap();
        assert_eq!(tiles(&hand.concealed), "b1 b2 b3 c4 c5 c6 w4 w4 b7 b8");
        assert_eq!(hand.melds.len(), 1);
        assert_eq!(hand.melds[0].kind, MeldKind::Pung);
        assert_eq!(hand.melds[0].column, 11);
        let winning = hand.winning.unwrap();
        assert_eq!(winning.value.to_string(), "b9");
        assert_eq!(winning.column, 30);
        assert_eq!(
            hand.words.iter().map(|w| w.value).collect::<Vec<_>>(),
            vec![Word::Seat(Seat::South), Word::From(Seat::East)]
        );
    }

    #[test]
    fn groups_may_touch_and_case_is_ignored() {
        let hand = parse_hand("B123c456 [PONG D1 D1 D1] +E2 SELF Seat=North # a comment").unwrap();
        assert_eq!(tiles(&hand.concealed), "b1 b2 b3 c4 c5 c6");
        assert_eq!(hand.melds[0].tiles.len(), 3);
        assert_eq!(hand.winning.unwrap().value.to_string(), "e2");
        assert_eq!(hand.words[1].value, Word::Seat(Seat::North));
    }

    #[test]
    fn tabs_and_a_windows_line_ending_are_spaces() {
        let hand = parse_hand("b123\tc456 +b9 self\r").unwrap();
        assert_eq!(tiles(&hand.concealed), "b1 b2 b3 c4 c5 c6");
        assert_eq!(hand.words[0].value, Word::SelfDraw);
    }

    #[test]
    fn long_meld_kinds() {
        for (text, kind) in [
            ("[chi b345]", MeldKind::Chow),
            ("[chow b345]", MeldKind::Chow),
            ("[kong e1111]", MeldKind::Kong),
            ("[ckong e1111]", MeldKind::ConcealedKong),
            ("[ck e1111]", MeldKind::ConcealedKong),
            ("[pung e111]", MeldKind::Pung),
        ] {
            let line = format!("{text} +b1");
            let hand = parse_hand(&line).unwrap();
            assert_eq!(hand.melds[0].kind, kind, "{text}");
        }
    }

    #[test]
    fn errors_point_at_the_token() {
        let err = parse_hand("b123 w5 c456 +b9").unwrap_err();
        assert_eq!(err.column, 6);
        assert_eq!(
            err.to_string(),
            "column 6: w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)"
        );
        assert_eq!(
            parse_hand("b123 +b9 +b8").unwrap_err().kind,
            NotationErrorKind::SecondWinningTile
        );
        assert_eq!(parse_hand("b123").unwrap_err().column, 5);
        assert_eq!(
            parse_hand("b123self +b1").unwrap_err().kind,
            NotationErrorKind::MissingSpace("self".into())
        );
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        // 国 and é are several bytes each but one column.
        let err = parse_hand("b123 国 +b9").unwrap_err();
        assert_eq!(
            (err.column, err.kind),
            (6, NotationErrorKind::UnexpectedChar('国'))
        );
        let hand = parse_hand("b1 # é\nb2").unwrap_err();
        assert_eq!(hand.column, 4, "the comment hides the rest");
        let hand = parse_hand("  [p e111]\té +b9").unwrap_err();
        assert_eq!(hand.column, 12);
        let mut columns = Columns::new("aé中b");
        assert_eq!(columns.of("b"), 4);
        assert_eq!(
            columns.of("中b"),
            3,
            "a position before the last one is counted again"
        );
        assert_eq!(columns.of(""), 5);
    }

    #[test]
    fn unicode_glyphs_are_tiles() {
        // 🀀 U+1F000 East … 🀃 North, 🀄 Red, 🀅 Green, 🀆 White, 🀇 c1 … 🀏 c9, 🀐 b1 … 🀘 b9,
        // 🀙 d1 … 🀡 d9.
        let hand = parse_hand("🀀🀃🀄🀆 🀇🀏🀐🀘🀙🀡 [p 🀅🀅🀅] +🀄\u{FE0F} self").unwrap();
        assert_eq!(tiles(&hand.concealed), "w1 w4 e1 e3 c1 c9 b1 b9 d1 d9");
        assert_eq!(hand.melds[0].tiles[0].to_string(), "e2");
        assert_eq!(hand.winning.unwrap().value.to_string(), "e1");
        // Columns count characters: 4 glyphs, a space, 6 glyphs, a space: the bracket is the 13th.
        assert_eq!(hand.melds[0].column, 13);
        assert_eq!(
            glyph_tile('\u{1F022}'),
            None,
            "U+1F022 (flower) is no tile here"
        );
    }

    #[test]
    fn claims_are_points_or_pattern_ids() {
        let hand = parse_hand("b123 +b1 claim=45 self").unwrap();
        let claim = hand.claim.unwrap();
        assert_eq!((claim.value, claim.column), (ClaimSpec::Points(45), 10));
        assert_eq!(hand.words.len(), 1);
        let hand = parse_hand("b123 +b1 CLAIM=1.2+7.1+3.1+3.1#note").unwrap();
        assert_eq!(
            hand.claim.unwrap().value,
            ClaimSpec::Patterns("1.2+7.1+3.1+3.1".into())
        );
        assert_eq!(
            parse_claim("chicken"),
            Ok(ClaimSpec::Patterns("chicken".into()))
        );
        for bad in [
            "0",
            "100001",
            "99999999999",
            "1..2",
            "1.2+",
            "+1.2",
            "4,5",
            "1.2++7.1",
        ] {
            assert_eq!(
                parse_claim(bad),
                Err(NotationErrorKind::BadClaim(bad.into())),
                "{bad}"
            );
        }
        let err = parse_hand("b123 +b1 claim=").unwrap_err();
        assert_eq!(
            (err.column, err.kind),
            (10, NotationErrorKind::MissingClaim)
        );
        let err = parse_hand("b123 +b1 claim=5 claim=6").unwrap_err();
        assert_eq!(
            (err.column, err.kind),
            (18, NotationErrorKind::Repeated("claim".into()))
        );
    }
}
