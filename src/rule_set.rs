//! What a scoring system is, as the engine and the renderers see it: a [`RuleSet`] of data
//! (its pattern table, minimum, winning shapes, limit, context words, wording) and a few
//! hooks (its payments). The systems themselves are in [`crate::rules`]; the registry of
//! those the program offers is [`crate::rules`].
//!
//! Nothing outside a system's own module names a system or a pattern id: a new system is a
//! new module that fills in a `RuleSet` (a test in `tests/` builds one of its own).

use std::borrow::Cow;
use std::sync::OnceLock;

use crate::arrange::{Shape, SpecialShape};
use crate::hand::{HandError, WinContext};
use crate::notation::ParsedHand;
pub use crate::patterns::Shapes;
use crate::patterns::{same_id, Condition, Facts, Pattern, Screen};
use crate::payment::Payments;
use crate::tile::Seat;
use crate::words::{SystemWords, WordSpec};

// Deriving a rule set from another at run time: methods of `RuleSet`, and their error.
engine_modules!(derive);
// Finding a pattern by id or name: `RuleSet::lookup` and `RuleSet::find_pattern`.
pub(crate) mod lookup;

/// A scoring system: its pattern table, minimum, winning shapes, limit, context words,
/// payments and wording. The program's four are in [`crate::rules`]; a variant of one,
/// with values changed and patterns taken out or added, is made at run time with
/// [`RuleSet::derive`], or read from a rules file ([`RuleSet::from_rules_file`]).
///
/// ```
/// use mjscore::rules::{WSOM, ZJ};
/// assert_eq!((WSOM.id(), WSOM.minimum()), ("wsom", 5));
/// // Zung Jung's 44 patterns, and the chicken hand, which WSOM does not have.
/// assert_eq!((WSOM.patterns().len(), ZJ.patterns().len()), (44, 45));
/// assert!(WSOM.shapes().seven_pairs);
/// ```
#[non_exhaustive]
pub struct RuleSet {
    /// Name on the command line (`--rules ID`) and in JSON.
    pub(crate) id: Cow<'static, str>,
    /// Human name, shown in the text output.
    pub(crate) name: Cow<'static, str>,
    /// The path of the rules file it was read from, if the caller says so
    /// ([`RuleSet::read_from`]): what `--rules` takes for it, where its id is no name
    /// `--rules` knows.
    pub(crate) path: Option<Cow<'static, str>>,
    /// What the rule set is, in one line (a rules file's `description`); empty for the
    /// built-in ones, whose name says it.
    pub(crate) description: Cow<'static, str>,
    /// Every pattern, in table order; a chicken hand is the one with [`Condition::Fallback`].
    /// At most [`RuleSet::MAX_PATTERNS`] of them.
    ///
    /// [`Condition::Fallback`]: crate::patterns::Condition::Fallback
    pub(crate) patterns: Cow<'static, [Pattern]>,
    /// A hand worth less than this is a false win.
    pub(crate) minimum: u32,
    /// Which hand shapes win at all (the doubling table knows no Seven Pairs).
    pub(crate) shapes: Shapes,
    /// Patterns that a counted pattern implies, and so are not counted with it (Huang's
    /// note 2). Empty for a system that has none.
    pub(crate) implications: Cow<'static, [Implication]>,
    /// How the applicable patterns become the hand's value.
    pub(crate) limit: LimitRule,
    /// Why no hand can win in this context whatever its tiles, if the system has such a
    /// rule (Huang: "you must declare Tin before you can Hu").
    pub(crate) refuse: Option<fn(&WinContext) -> Option<&'static str>>,
    /// The system's own checks of the context words, after the shared ones
    /// (docs/rules.md § Context; Huang: no `resp=`, no `tin=` with `heaven`), pointing at
    /// the word at fault.
    pub(crate) check_context: Option<ContextCheck>,
    /// Whether the context wins by declaration, whatever the tiles (Huang's eight flowers):
    /// then the hand is one [`Shape::Declared`] reading, with only that shape's patterns.
    ///
    /// [`Shape::Declared`]: crate::arrange::Shape::Declared
    pub(crate) declared: Option<fn(&SystemWords) -> bool>,
    /// The context words the system reads besides the shared ones (the doubling table's
    /// `round=`).
    pub(crate) words: &'static [WordSpec],
    /// Winning shapes of the system's own, beside the engine's (see [`SpecialShape`]); they
    /// win where [`RuleSet::shapes`] allows special shapes.
    pub(crate) special_shapes: &'static [SpecialShape],
    /// Who pays what.
    pub(crate) payments: PaymentRule,
    /// Whether the deal passes after a hand (a session: `players:` lines, docs/sessions.md).
    pub(crate) deal: DealRule,
    /// How the system names things in the output.
    pub(crate) wording: Wording,
    /// The series and implications by pattern index, worked out when first scored.
    index: OnceLock<TableIndex>,
    /// The names of the patterns as looked up, worked out at the first lookup by name.
    names: OnceLock<NameIndex>,
    /// [`RuleSet::fingerprint`]: its id hashed, worked out with the id (here, and again in
    /// [`RuleSet::set_id`]), as a line is checked under it on every line of a batch.
    fingerprint: u64,
}

/// A rule set's id hashed (FNV-1a), never 0 ([`RuleSet::fingerprint`]); `const`, for the
/// built-in rule sets made at compile time.
pub(crate) const fn fingerprint_of(id: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    let mut i = 0;
    while i < id.len() {
        hash = (hash ^ id[i] as u64).wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash | 1
}

/// A rule set's series and implications by place in its table rather than by id: the
/// engine tests them on every reading, and comparing indices and bit sets is cheaper than
/// comparing ids. Worked out from the ids once per rule set ([`RuleSet::table_index`]).
#[derive(Debug)]
pub(crate) struct TableIndex {
    /// For each pattern, the index of the first pattern of its series.
    pub(crate) series: Vec<usize>,
    /// The implications, in order.
    pub(crate) implications: Vec<IndexedImplication>,
    /// The patterns that may be scored on each kind of shape and are looked for (every one
    /// but the fallback): four sets and a pair by their number of sequences, 0 to 4 (see
    /// [`Shapes::sequences`](crate::arrange::Shapes::sequences)), then every other
    /// [`Shape::kind`] ([`TableIndex::listed`]).
    pub(crate) shapes: [ShapePatterns; LISTS],
    /// For each [`Shape::kind`], the first fallback pattern that may score on it.
    pub(crate) fallback: [Option<usize>; Shape::KINDS],
    /// Each pattern's id as a [`short_id`] with its index, in the order of those numbers,
    /// the first in the table first among equal ids (an id longer than a short one is not
    /// here): a claim by id (`claim=7.1`) on every line of a batch is looked up by halving
    /// numbers, not by comparing it with every id.
    pub(crate) by_id: Vec<(u64, usize)>,
    /// The patterns whose ids are too long for `by_id`, in table order (none in a built-in
    /// table): the only ones a query too long for a short id may name by id.
    pub(crate) long_ids: Vec<usize>,
    /// For each pattern of conditions as data, the groups of parts it asks
    /// ([`Requirements::asks`](crate::patterns::Requirements)), worked out once; 0 for others.
    pub(crate) asks: Vec<u8>,
}

/// An id of at most 7 bytes as a number: its bytes in lower case, the first the highest,
/// padded with zeros, then its length. Two ids are equal in any case exactly when their
/// numbers are. `None` for a longer id.
pub(crate) fn short_id(id: &str) -> Option<u64> {
    let bytes = id.as_bytes();
    if bytes.len() > 7 {
        return None;
    }
    let mut key = [0u8; 8];
    for (to, from) in key.iter_mut().zip(bytes) {
        *to = from.to_ascii_lowercase();
    }
    key[7] = bytes.len() as u8;
    Some(u64::from_be_bytes(key))
}

/// The names of a rule set's patterns as [`RuleSet::lookup`] compares them, with what
/// finds one without reading them all (the `lookup` module makes them and reads them). Worked out on the first lookup by name, not with
/// the table index: most runs look up no name at all.
#[derive(Debug)]
pub(crate) struct NameIndex {
    /// Each pattern's id in lower case, by pattern index, for distances.
    ids: Vec<FoldedName>,
    /// The characters of each id.
    id_counts: CharCounts,
    /// The length of the longest id, in characters.
    longest_id: usize,
    /// Every name of every pattern, folded (lower case, a hyphen as a space).
    names: NameList,
    /// The same names with the numbers one to thirteen in digits.
    digits: NameList,
}

/// One list of names, pattern by pattern, and its indexes.
#[derive(Debug)]
pub(crate) struct NameList {
    /// Every name of every pattern: English, Chinese, then its aliases, pattern by pattern.
    names: Vec<FoldedName>,
    /// The pattern of each name.
    pattern_of: Vec<usize>,
    /// The set of each name's characters ([`FoldedName::set`]), side by side.
    sets: Vec<u128>,
    /// Every name by its number, in the order of the texts: a whole name is found by
    /// halving.
    by_text: SortedTexts<usize>,
    /// The English names (the first of each pattern) by number, in the order of their
    /// texts: the names a query starts are next to each other.
    firsts: SortedTexts<usize>,
    /// Every word of every name, as (name number, start, end) in bytes of its text, in the
    /// order of the words: the names with a word a query word starts are next to each other.
    words: SortedTexts<(usize, usize, usize)>,
    /// The characters of each name, to bound its distance from a mistyped query.
    counts: CharCounts,
}

/// One folded name, with what makes comparing it cheap.
#[derive(Debug)]
pub(crate) struct FoldedName {
    /// The name, folded.
    text: String,
    /// Its characters, for edit distances.
    chars: Vec<char>,
    /// For each `k` from 0 to its length, the characters of its first `k` as a set: bit
    /// `c % 128` for each character `c`. A query's characters that the name (or its start)
    /// lacks tell it apart at once, without a word compared or a distance worked out.
    sets: Vec<u128>,
}

/// Things named by texts (names, words of names), in the order of the texts, each with
/// the first eight bytes of its text as a number: the things whose text starts with a
/// query are found by halving numbers, and only the texts that share the query's first
/// eight bytes are compared.
#[derive(Debug)]
pub(crate) struct SortedTexts<T> {
    /// The first eight bytes of each text, the first the highest, padded with zeros.
    keys: Vec<u64>,
    /// The things, in the order of their texts (and as given among equal texts).
    things: Vec<T>,
}

/// How many characters of each bucket (a character's code modulo 128) each of a list of
/// texts holds (at most 255), kept a bucket at a time for all the texts: how far a query
/// is from each text, at least, is worked out for all of them together
/// (`CharCounts::fewest_edits`).
#[derive(Debug)]
pub(crate) struct CharCounts {
    /// How many texts.
    texts: usize,
    /// Each text's length in characters, 255 for 255 or more, then the padding's.
    lengths: Vec<u8>,
    /// `counts[bucket * texts + text]`.
    counts: Vec<u8>,
    /// The same for the first `START_COUNTED` characters of each text.
    start_counts: Vec<u8>,
}

/// A test of the whole hand ([`Condition::Hand`]).
pub(crate) type HandTest = fn(&Facts) -> bool;

/// The patterns looked for on one kind of shape, as the engine reads them: every test of
/// the whole hand first, in one tight loop that notes which hold, then the patterns that
/// hold and the others, in table order. Most of a table's patterns are tests of the whole
/// hand, and few hold on any reading: reading the table entry by entry, with its shapes
/// and its kind of condition, cost more than the tests.
#[derive(Debug)]
pub(crate) struct ShapePatterns {
    /// Each pattern whose condition is a test of the whole hand ([`Condition::Hand`]), by
    /// table index.
    pub(crate) hand_tests: Vec<(usize, HandTest)>,
    /// Each pattern whose condition is data ([`Condition::Requires`]), by table index, in
    /// order, with its [`Screen`]: read in full only where the screen admits the reading
    /// (in a table of [`SCREENED_FROM`] such patterns or more; else they are `others`).
    pub(crate) screened: Vec<(usize, Screen)>,
    /// The bits of a reading the screens ask ([`ReadingBits::of`](crate::patterns::ReadingBits::of)).
    pub(crate) screens_ask: u64,
    /// The other patterns (per set, computed, per instance, in code), by table index, in
    /// order.
    pub(crate) others: Vec<usize>,
}

/// An [`Implication`] by pattern index: bit `i` of a mask stands for the `i`th pattern.
#[derive(Debug)]
pub(crate) struct IndexedImplication {
    /// The patterns of the implying id (one, unless the table repeats an id).
    pub(crate) counted: u128,
    /// The further condition, if any.
    pub(crate) when: Option<fn(&Facts) -> bool>,
    /// Each [`Dropped`]: its patterns, and how many instances (`None`: all).
    pub(crate) drops: Vec<(u128, Option<usize>)>,
}

/// How many conditions as data a table has at least for [`ShapePatterns::screened`] to
/// screen them. Working out a reading's screen costs about what testing four of them in
/// turn does: over a corpus, a file of two new hands cost 1.3 % more a line screened, one
/// of four the same either way, one of eight 3 % less, one of forty-four 9 % less.
const SCREENED_FROM: usize = 4;

/// How many lists of patterns a [`TableIndex`] keeps: five for four sets and a pair (0 to
/// 4 sequences), one for each other kind of shape.
const LISTS: usize = 5 + Shape::KINDS - 1;

/// The list of the patterns of a shape of kind `kind` ([`Shape::kind`]) with `sequences`
/// sequences (an irregular shape's count is not looked at).
fn list_of(kind: usize, sequences: usize) -> usize {
    match kind {
        0 => sequences.min(4),
        _ => 4 + kind,
    }
}

/// The kind of shape and the number of sequences of list `list` ([`list_of`] undone; 0
/// sequences for an irregular shape).
fn kind_of_list(list: usize) -> (usize, usize) {
    match list {
        0..=4 => (0, list),
        _ => (list - 4, 0),
    }
}

impl TableIndex {
    /// The patterns looked for on a reading of kind `kind` ([`Shape::kind`]) with
    /// `sequences` sequences.
    pub(crate) fn listed(&self, kind: usize, sequences: usize) -> &ShapePatterns {
        &self.shapes[list_of(kind, sequences)]
    }

    fn of(patterns: &[Pattern], implications: &[Implication]) -> TableIndex {
        assert!(
            patterns.len() <= RuleSet::MAX_PATTERNS,
            "a rule set has at most {} patterns",
            RuleSet::MAX_PATTERNS
        );
        let series = patterns
            .iter()
            .map(|p| {
                let first = patterns.iter().position(|q| same_id(&q.series, &p.series));
                first.unwrap_or(0)
            })
            .collect();
        // The patterns whose id is one of `ids`, as a mask.
        let mask = |ids: &[Cow<'static, str>]| {
            patterns
                .iter()
                .enumerate()
                .filter(|(_, p)| ids.iter().any(|id| same_id(id, &p.id)))
                .fold(0u128, |bits, (i, _)| bits | 1 << i)
        };
        let implications = implications
            .iter()
            .map(|implication| IndexedImplication {
                counted: mask(std::slice::from_ref(&implication.counted)),
                when: implication.when,
                drops: implication
                    .drops
                    .iter()
                    .map(|drop| (mask(&drop.ids), drop.instances))
                    .collect(),
            })
            .collect();
        // A table of a few conditions as data (a club's new hands over a built-in table)
        // tests them in turn: working out a reading's screen costs more than it saves there.
        let as_data = (patterns.iter())
            .filter(|p| matches!(p.condition, Condition::Requires(_)))
            .count();
        let screening = as_data >= SCREENED_FROM;
        let shapes = std::array::from_fn(|list| {
            let (kind, sequences) = kind_of_list(list);
            let mut list = ShapePatterns {
                hand_tests: Vec::new(),
                screened: Vec::new(),
                screens_ask: 0,
                others: Vec::new(),
            };
            for (index, pattern) in patterns.iter().enumerate() {
                match pattern.condition {
                    _ if !pattern.shapes.allow_kind(kind) => {}
                    _ if kind == 0 && !pattern.shapes.allow_sequences(sequences) => {}
                    Condition::Fallback => {}
                    Condition::Hand(holds) => list.hand_tests.push((index, holds)),
                    Condition::Requires(ref requirements) if screening => {
                        let screen = Screen::of(requirements);
                        list.screens_ask |= screen.asks();
                        list.screened.push((index, screen));
                    }
                    _ => list.others.push(index),
                }
            }
            list
        });
        let fallback = std::array::from_fn(|kind| {
            patterns
                .iter()
                .position(|p| p.is_fallback() && p.shapes.allow_kind(kind))
        });
        let mut by_id: Vec<(u64, usize)> = (patterns.iter().enumerate())
            .filter_map(|(i, p)| Some((short_id(&p.id)?, i)))
            .collect();
        // A stable sort: the first in the table stays first among equal ids.
        by_id.sort_by_key(|&(id, _)| id);
        let long_ids = (0..patterns.len())
            .filter(|&i| short_id(&patterns[i].id).is_none())
            .collect();
        let asks = (patterns.iter())
            .map(|p| match p.condition {
                Condition::Requires(ref requirements) => requirements.asks(),
                _ => 0,
            })
            .collect();
        TableIndex {
            series,
            implications,
            shapes,
            fallback,
            by_id,
            long_ids,
            asks,
        }
    }
}

/// A system's own check of the context words: the parsed line (for the words' columns)
/// and the context built from it.
pub(crate) type ContextCheck = fn(&ParsedHand, &WinContext) -> Result<(), HandError>;

/// When the pattern `counted` counts (and `when` holds, if given), the patterns of `drops`
/// do not count with it.
///
/// The engine reads a system's implications in order, and a pattern another row already
/// dropped drops nothing itself (no chains): so a row comes before the rows of the patterns
/// it drops.
#[derive(Clone)]
pub struct Implication {
    /// The id of the implying pattern.
    pub counted: Cow<'static, str>,
    /// A further condition on the hand, if the implication holds only sometimes.
    pub when: Option<fn(&Facts) -> bool>,
    /// What it drops.
    pub drops: Cow<'static, [Dropped]>,
}

/// What an [`Implication`] drops: every instance of a pattern, or this many instances of
/// one pattern or of either of several (Huang's duplicate-run groups, each h.28 or h.59).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// The ids of the dropped patterns: one, or the patterns an instance may be.
    pub ids: Cow<'static, [Cow<'static, str>]>,
    /// How many instances are dropped; `None`: all of them.
    pub instances: Option<usize>,
}

/// The limit, as data: one step of the scoring serves every system.
///
/// A pattern that *scores alone* ([`Value::Maximum`], or worth `alone_from` or more) is
/// worth itself and nothing else; the others add up, capped at `maximum`. The hand scores
/// whichever is more, the pattern alone when they are equal. Percentages
/// ([`Value::Percent`]) then add to that base.
///
/// [`Value::Maximum`]: crate::patterns::Value::Maximum
/// [`Value::Percent`]: crate::patterns::Value::Percent
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitRule {
    /// The most a sum of patterns scores; `None`: no limit.
    pub maximum: Option<u32>,
    /// A pattern worth this much or more scores alone (Zung Jung's listed limit, 320).
    pub alone_from: Option<u32>,
    /// Whether a sum of exactly the maximum is shown as capped (Zung Jung: "320 or more"),
    /// or only a sum above it (the doubling table).
    pub reached_at_maximum: bool,
}

impl LimitRule {
    /// No limit: every pattern adds up, none scores alone.
    pub const NONE: LimitRule = LimitRule {
        maximum: None,
        alone_from: None,
        reached_at_maximum: false,
    };
}

/// The payment hooks of a system, and the numbers they read: a variant of the system (a
/// rules file) changes the numbers and keeps the hooks.
#[derive(Debug, Clone, Copy)]
pub struct PaymentRule {
    /// What each seat pays or receives for a hand worth the value.
    pub pay: fn(&PaymentParams, u32, &WinContext) -> Payments,
    /// Writes the payments explained in one line at the end of `out`, as the text output
    /// shows them (written in place: the text output explains every hand's payments).
    pub explain: fn(&mut String, &PaymentParams, &Payments, &WinContext),
    /// What the winner receives, stated apart from `pay` so that the invariants can check
    /// it (Zung Jung: 3 × the value).
    // Read by the scoring invariants only (the `testing` feature), which check that the
    // payments agree with it.
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub winner_receives: fn(&PaymentParams, u32, &WinContext) -> i64,
    /// The numbers the hooks read.
    pub params: PaymentParams,
    /// Which of [`PaymentParams`]' numbers the hooks read, by [`PaymentParams::KEYS`] name:
    /// only these may be changed, besides [`PaymentParams::EVERY_SCHEME`]'s.
    pub keys: &'static [&'static str],
}

/// The numbers of a payment scheme that a variant may change. Each scheme reads only those
/// it names ([`PaymentRule::keys`]); the others keep the values of [`PaymentParams::NONE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaymentParams {
    /// `discard_from`: on a discard, a hand worth more than this is paid mostly by the
    /// responsible player; up to it every loser pays alike (Zung Jung: 25).
    pub discard_from: u32,
    /// `discarder_pays_all`: above [`PaymentParams::discard_from`], whether the responsible
    /// player pays the whole hand (three times its value) and the others nothing, rather
    /// than the rest after the others pay `discard_from` each (Zung Jung: no).
    pub discarder_pays_all: bool,
    /// `self_draw_times`: on a self-draw, each loser pays this many times the value or
    /// payout (Zung Jung 1, the doubling table 2).
    pub self_draw_times: u32,
    /// `discarder_times`: the responsible discarder pays this many times the payout (the
    /// doubling table: 2).
    pub discarder_times: u32,
    /// `dealer_times`: the dealer (East) pays, and receives from each, this many times the
    /// value (Huang: 2).
    pub dealer_times: u32,
    /// `false_win`: the player who declares a false win pays each other player this many
    /// points (0, every built-in rule set: a false win costs nothing). Every scheme reads it:
    /// it is paid apart from a win's payments ([`RuleSet::false_win_payments`]).
    pub false_win: u32,
}

impl PaymentParams {
    /// Every number at the value that changes nothing.
    pub const NONE: PaymentParams = PaymentParams {
        discard_from: 0,
        discarder_pays_all: false,
        self_draw_times: 1,
        discarder_times: 1,
        dealer_times: 1,
        false_win: 0,
    };

    /// The numbers every scheme takes, paid apart from its hooks: what a false win costs
    /// ([`RuleSet::false_win_payments`]).
    pub const EVERY_SCHEME: [&'static str; 1] = ["false_win"];

    /// The name of each number, as [`PaymentRule::keys`] and a rules file name them.
    pub const KEYS: [&'static str; 6] = [
        "discard_from",
        "discarder_pays_all",
        "self_draw_times",
        "discarder_times",
        "dealer_times",
        "false_win",
    ];

    /// Each number as a rules file writes it, in the order of [`PaymentParams::KEYS`].
    pub fn shown(&self) -> [String; 6] {
        [
            self.discard_from.to_string(),
            self.discarder_pays_all.to_string(),
            self.self_draw_times.to_string(),
            self.discarder_times.to_string(),
            self.dealer_times.to_string(),
            self.false_win.to_string(),
        ]
    }
}

/// When the deal passes, as data: after each hand of a session the old South becomes East,
/// unless the rule keeps the deal with East. WSOM and Zung Jung: the deal always passes
/// (the WSOM rulebook passes it after every hand); the doubling table and Huang's table:
/// East keeps it when he wins (docs/sessions.md § Rulings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealRule {
    /// East deals again after a hand he won.
    pub dealer_keeps_on_win: bool,
    /// East deals again after a drawn hand.
    pub dealer_keeps_on_draw: bool,
}

impl DealRule {
    /// The deal always passes: East never repeats (WSOM, Zung Jung).
    pub const ALWAYS_PASSES: DealRule = DealRule {
        dealer_keeps_on_win: false,
        dealer_keeps_on_draw: false,
    };

    /// East keeps the deal when he wins; otherwise it passes.
    pub const DEALER_KEEPS_ON_WIN: DealRule = DealRule {
        dealer_keeps_on_win: true,
        dealer_keeps_on_draw: false,
    };

    /// Whether the deal passes after a hand that ended so.
    pub fn passes(&self, end: HandEnd) -> bool {
        match end {
            HandEnd::Won { by: Seat::East } => !self.dealer_keeps_on_win,
            HandEnd::Drawn => !self.dealer_keeps_on_draw,
            // Nobody won a false win, nor a hand whose line cannot be read: East did not win.
            HandEnd::Won { .. } | HandEnd::FalseWin | HandEnd::Unknown => true,
        }
    }
}

/// How a hand of a session ended, as far as the deal is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandEnd {
    /// A seat won (and was paid).
    Won {
        /// The winner's seat.
        by: Seat,
    },
    /// A false win: nobody pays.
    FalseWin,
    /// A drawn hand (`draw`): nobody pays.
    Drawn,
    /// A line that could not be read as a hand: nothing is paid.
    Unknown,
}

/// How a system names things in the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wording {
    /// A pattern that scores alone: "listed limit", "special hand".
    pub alone: &'static str,
    /// A capped sum: "compound limit", "maximum".
    pub capped: &'static str,
    /// The system in messages: "WSOM needs at least 5 points".
    pub short_name: &'static str,
    /// A winning hand with no pattern: "no scoring pattern (a Chicken Hand)".
    pub no_pattern: &'static str,
}

/// What [`RuleSet::lookup`] found for a pattern asked for by id or by name.
#[derive(Debug, Clone)]
pub enum Lookup<'r> {
    /// The one pattern meant.
    Found(&'r Pattern),
    /// A name prefix several patterns share: each of them.
    Ambiguous(Vec<&'r Pattern>),
    /// Nothing matches: the nearest patterns by spelling (at most three, nearest first).
    NotFound(Vec<&'r Pattern>),
}

/// Why no one pattern of a rule set answers a query ([`RuleSet::find_pattern`]); its
/// `Display` is the message the command line and the referee's page show.
#[derive(Debug, Clone)]
pub enum PatternNotFound {
    /// Words several patterns' names share.
    Ambiguous {
        /// The query as asked.
        query: String,
        /// The rule set asked, as `--rules` takes it ([`RuleSet::argument`]).
        rules: String,
        /// Each pattern it may mean, as a message names it (`7.1 Nine-Tile Straight`).
        patterns: Vec<String>,
    },
    /// The id or name of a pattern of other rule sets.
    Elsewhere {
        /// The query as asked.
        query: String,
        /// The rule set asked, as `--rules` takes it ([`RuleSet::argument`]).
        rules: String,
        /// The ids of the rule sets that have it.
        elsewhere: Vec<String>,
    },
    /// The chicken hand of other rule sets, asked of one that has none and makes a hand
    /// with no pattern a false win.
    NoChicken {
        /// The query as asked.
        query: String,
        /// The rule set asked, as `--rules` takes it ([`RuleSet::argument`]).
        rules: String,
        /// Its minimum.
        minimum: u32,
        /// The ids of the rule sets that have it.
        elsewhere: Vec<String>,
    },
    /// Nothing matches.
    Missing {
        /// The query as asked.
        query: String,
        /// The rule set asked, as `--rules` takes it ([`RuleSet::argument`]).
        rules: String,
        /// The nearest patterns by spelling, as a message names them.
        nearest: Vec<String>,
    },
}

/// Patterns as a message names each: `7.1 Nine-Tile Straight`.
pub(crate) fn named(patterns: &[&Pattern]) -> Vec<String> {
    patterns
        .iter()
        .map(|p| [&*p.id, " ", &*p.name].concat())
        .collect()
}

/// Rule sets as a message names them: `--rules zj and of --rules huang`.
fn of_rule_sets(ids: &[String]) -> String {
    let listed: Vec<String> = ids.iter().map(|id| format!("--rules {id}")).collect();
    listed.join(" and of ")
}

/// Names joined as a message lists them, the last after `last`.
pub(crate) fn joined(named: &[String], last: &str) -> String {
    match named.split_last() {
        Some((final_one, rest)) if !rest.is_empty() => {
            format!("{}{last}{final_one}", rest.join(", "))
        }
        _ => named.join(""),
    }
}

impl std::error::Error for PatternNotFound {}

impl std::fmt::Display for PatternNotFound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PatternNotFound::Ambiguous {
                query,
                rules,
                patterns,
            } => write!(
                f,
                "'{query}' could be several patterns of --rules {rules}: {}; give more of the name, or the id",
                joined(patterns, ", ")
            ),
            PatternNotFound::Elsewhere {
                query,
                rules,
                elsewhere,
            } => {
                write!(
                    f,
                    "'{query}' is a pattern of {}, not of --rules {rules}: `mjscore explain {} --rules {}`",
                    of_rule_sets(elsewhere),
                    shell_argument(query),
                    elsewhere[0]
                )
            }
            PatternNotFound::NoChicken {
                query,
                rules,
                minimum,
                elsewhere,
            } => {
                write!(
                    f,
                    "--rules {rules} has no '{query}': a winning hand with no pattern is a false win there (a hand needs at least {minimum} points); it is a pattern of {}: `mjscore explain {} --rules {}`",
                    of_rule_sets(elsewhere),
                    shell_argument(query),
                    elsewhere[0]
                )
            }
            PatternNotFound::Missing {
                query,
                rules,
                nearest,
            } => {
                write!(f, "no pattern '{query}' in --rules {rules}")?;
                if !nearest.is_empty() {
                    write!(f, "; the nearest: {}", joined(nearest, ", "))?;
                }
                Ok(())
            }
        }
    }
}

/// A query as a shell reads it: a name of several words in quotes.
fn shell_argument(query: &str) -> String {
    if query.contains(char::is_whitespace) {
        format!("\"{query}\"")
    } else {
        query.to_string()
    }
}

impl RuleSet {
    /// A rule set of these parts, every other part at its default: no minimum, every
    /// winning shape, no implications, no limit, no refusal and no checks of its own, no
    /// declared win, no words and no special shapes of its own, and the deal passing after
    /// every hand.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn new(
        id: &'static str,
        name: Cow<'static, str>,
        patterns: &'static [Pattern],
        payments: PaymentRule,
        wording: Wording,
    ) -> RuleSet {
        RuleSet {
            id: Cow::Borrowed(id),
            name,
            path: None,
            description: Cow::Borrowed(""),
            patterns: Cow::Borrowed(patterns),
            minimum: 0,
            shapes: crate::patterns::ANY,
            implications: Cow::Borrowed(&[]),
            limit: LimitRule::NONE,
            refuse: None,
            check_context: None,
            declared: None,
            words: &[],
            special_shapes: &[],
            payments,
            deal: DealRule::ALWAYS_PASSES,
            wording,
            index: OnceLock::new(),
            names: OnceLock::new(),
            fingerprint: fingerprint_of(id.as_bytes()),
        }
    }

    /// The rule set as a number a hand keeps ([`crate::score_hand`] compares them): its id
    /// hashed (FNV-1a), never 0, worked out in a few instructions a line rather than kept as
    /// a text by every hand.
    pub(crate) fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The most patterns a table holds: the engine keeps sets of them as bits of a `u128`.
    pub const MAX_PATTERNS: usize = 128;

    /// The series and implications by pattern index (worked out on the first call).
    pub(crate) fn table_index(&self) -> &TableIndex {
        self.index
            .get_or_init(|| TableIndex::of(&self.patterns, &self.implications))
    }

    /// With this minimum: a hand worth less is a false win.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_minimum(mut self, minimum: u32) -> RuleSet {
        self.minimum = minimum;
        self
    }

    /// With only these winning shapes.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_shapes(mut self, shapes: Shapes) -> RuleSet {
        self.shapes = shapes;
        self
    }

    /// With these implications (see [`Implication`]).
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_implications(mut self, implications: &'static [Implication]) -> RuleSet {
        // The table it replaces is a borrowed one (a const fn cannot drop a value).
        std::mem::forget(std::mem::replace(
            &mut self.implications,
            Cow::Borrowed(implications),
        ));
        self
    }

    /// With this limit.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_limit(mut self, limit: LimitRule) -> RuleSet {
        self.limit = limit;
        self
    }

    /// With a rule that refuses a win whatever the tiles.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_refusal(
        mut self,
        refuse: fn(&WinContext) -> Option<&'static str>,
    ) -> RuleSet {
        self.refuse = Some(refuse);
        self
    }

    /// With the system's own checks of the context words.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_context_check(mut self, check: ContextCheck) -> RuleSet {
        self.check_context = Some(check);
        self
    }

    /// With a win by declaration.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_declared_win(mut self, declared: fn(&SystemWords) -> bool) -> RuleSet {
        self.declared = Some(declared);
        self
    }

    /// With context words of the system's own (any number).
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_words(mut self, words: &'static [WordSpec]) -> RuleSet {
        self.words = words;
        self
    }

    /// With winning shapes of the system's own (see [`SpecialShape`]).
    #[cfg(any(test, feature = "testing"))]
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_special_shapes(mut self, shapes: &'static [SpecialShape]) -> RuleSet {
        self.special_shapes = shapes;
        self
    }

    /// With this rule for passing the deal.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) const fn with_deal(mut self, deal: DealRule) -> RuleSet {
        self.deal = deal;
        self
    }

    /// Its id: the name on the command line (`--rules ID`) and in JSON.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// What `--rules` takes for it, as the messages that advise a command write it: its
    /// id, or the path of the rules file it was read from ([`RuleSet::read_from`]), quoted
    /// for a shell if it must be.
    ///
    /// ```
    /// let mut club = mjscore::RuleSet::from_rules_file("base = \"wsom\"\nname = \"Spring club\"\n")?;
    /// assert_eq!(club.argument(), "spring-club");
    /// club.read_from("clubs/spring club.toml");
    /// assert_eq!(club.argument(), "'clubs/spring club.toml'");
    /// assert_eq!(club.id(), "spring-club");
    /// # Ok::<(), mjscore::rules_file::RulesFileError>(())
    /// ```
    pub fn argument(&self) -> Cow<'_, str> {
        let Some(path) = &self.path else {
            return Cow::Borrowed(&self.id);
        };
        let plain = |c: char| c.is_alphanumeric() || "._/-+,:@%=~".contains(c);
        if !path.is_empty() && path.chars().all(plain) {
            Cow::Borrowed(path)
        } else {
            Cow::Owned(format!("'{}'", path.replace('\'', "'\\''")))
        }
    }

    /// Its human name, shown in the text output.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the rule set is, in one line (a rules file's `description`); empty for the
    /// built-in ones, whose name says it.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// Every pattern, in table order; a chicken hand is the one with
    /// [`Condition::Fallback`].
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// The minimum: a hand worth less is a false win.
    pub fn minimum(&self) -> u32 {
        self.minimum
    }

    /// The hand shapes that win at all (the doubling table knows no Seven Pairs).
    pub fn shapes(&self) -> Shapes {
        self.shapes
    }

    /// The context words the system reads besides the shared ones (the tests' view).
    #[cfg(feature = "testing")]
    pub fn words(&self) -> &'static [WordSpec] {
        self.words
    }

    /// Whether the deal passes after a hand (the tests' view).
    #[cfg(feature = "testing")]
    pub fn deal(&self) -> DealRule {
        self.deal
    }

    /// The pattern with this id.
    pub fn pattern(&self, id: &str) -> Option<&Pattern> {
        let index = self.first_by_id(id, |pattern| pattern.id == id)?;
        Some(&self.patterns[index])
    }

    /// The index of the first pattern whose id is `id` in any case (ASCII) and that `keep`
    /// keeps: a short id (every built-in one) found by halving the ids as numbers, a
    /// longer one among the few ids as long. A claim that names no pattern asks this of
    /// every rule set.
    pub(crate) fn first_by_id(&self, id: &str, keep: impl Fn(&Pattern) -> bool) -> Option<usize> {
        let index = self.table_index();
        match short_id(id) {
            // Equal numbers are ids equal in any case.
            Some(key) => {
                let first = index.by_id.partition_point(|&(other, _)| other < key);
                (index.by_id[first..].iter())
                    .take_while(|&&(other, _)| other == key)
                    .map(|&(_, i)| i)
                    .find(|&i| keep(&self.patterns[i]))
            }
            None => (index.long_ids.iter().copied())
                .find(|&i| self.patterns[i].id.eq_ignore_ascii_case(id) && keep(&self.patterns[i])),
        }
    }

    /// The place in this rule set's table of `pattern`, one of its entries; `None` for a
    /// pattern of another table. Read from the entry's address rather than by searching
    /// the table: the summary asks it for every pattern of every line.
    pub fn pattern_index(&self, pattern: &Pattern) -> Option<usize> {
        let size = std::mem::size_of::<Pattern>();
        let offset =
            (pattern as *const Pattern as usize).checked_sub(self.patterns.as_ptr() as usize)?;
        let index = offset / size;
        (offset % size == 0 && index < self.patterns.len()).then_some(index)
    }


    /// The system's name in messages ("WSOM needs at least 5 points"): its wording's short
    /// name, or for a variant made under another id (a rules file), its own name, which
    /// the base's short name would misname.
    pub fn short_name(&self) -> &str {
        if self.id.eq_ignore_ascii_case(self.wording.short_name) {
            self.wording.short_name
        } else {
            &self.name
        }
    }

    /// The chicken hand, if the system has one.
    pub fn chicken(&self) -> Option<&Pattern> {
        self.patterns.iter().find(|p| p.is_fallback())
    }

    /// What each seat pays or receives for a hand worth `value`.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn pay(&self, value: u32, context: &WinContext) -> Payments {
        (self.payments.pay)(&self.payments.params, value, context)
    }

    /// What a false win declared by `declarer` costs: the declarer pays each other player
    /// the rule set's `false_win` points (a rules file's `[payments]` `false_win`), so the
    /// payments sum to zero as a win's do; `None` where a false win costs nothing (every
    /// built-in rule set). The payments' `winner` is the declarer and their `value` the
    /// points each other player receives.
    ///
    /// ```
    /// use mjscore::{RuleSet, Seat};
    /// let club = RuleSet::from_rules_file("base = \"wsom\"\n[payments]\nfalse_win = 10\n")?;
    /// let paid = club.false_win_payments(Seat::South).unwrap();
    /// // South pays 10 to each of the three others.
    /// assert_eq!(paid.amounts, [10, -30, 10, 10]);
    /// assert!(mjscore::rules::WSOM.false_win_payments(Seat::South).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn false_win_payments(&self, declarer: Seat) -> Option<Payments> {
        let each = self.payments.params.false_win;
        (each > 0).then(|| Payments::losers_pay(declarer, each, |_| -i64::from(each)))
    }
}

impl std::fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.id)
    }
}

#[cfg(test)]
mod tests {
    use crate::patterns::Condition;

    #[test]
    fn a_short_id_is_equal_only_to_the_same_id_in_any_case() {
        use super::short_id;
        assert_eq!(short_id("D.s1"), short_id("d.S1"));
        assert_ne!(short_id("7.1"), short_id("7.1\0"));
        assert_ne!(short_id("7.1"), short_id("7.10"));
        assert_ne!(short_id("1"), short_id("1."));
        // "1.2" sorts before "10.1", as the ids do byte by byte.
        assert!(short_id("1.2") < short_id("10.1"));
        assert_eq!(short_id("1234567").map(|_| ()), Some(()));
        assert_eq!(short_id("12345678"), None);
    }

    #[test]
    fn every_id_of_every_rule_set_is_found_by_halving_in_any_case() {
        // Each pattern is found by its id as written, in capitals and in lower case: the
        // first of the table among equal ids (none of the built-in tables repeats one).
        for rules in crate::rules::ALL {
            for pattern in rules.patterns.iter() {
                for id in [
                    pattern.id.to_string(),
                    pattern.id.to_ascii_uppercase(),
                    pattern.id.to_ascii_lowercase(),
                ] {
                    let found = rules.patterns.iter().find(|p| p.id.eq_ignore_ascii_case(&id));
                    match rules.lookup(&id) {
                        super::Lookup::Found(by_id) => {
                            assert!(std::ptr::eq(by_id, found.unwrap()), "{id}")
                        }
                        _ => panic!("{} {id}: not found", rules.name),
                    }
                }
            }
        }
    }

    #[test]
    fn each_shape_lists_every_pattern_looked_for_on_it_once() {
        // For every rule set and kind of shape: the tests of the whole hand and the other
        // patterns, together, are exactly the table's patterns allowed on that kind, but
        // the fallback, each once; each list in table order, each test its pattern's own.
        for rules in crate::rules::ALL {
            let table = rules.table_index();
            for (list, listed) in table.shapes.iter().enumerate() {
                let (kind, sequences) = super::kind_of_list(list);
                assert_eq!(super::list_of(kind, sequences), list);
                assert!(std::ptr::eq(table.listed(kind, sequences), listed));
                let tests: Vec<usize> = listed.hand_tests.iter().map(|&(i, _)| i).collect();
                let mut both = [tests.clone(), listed.others.clone()].concat();
                both.sort_unstable();
                let expected: Vec<usize> = (0..rules.patterns.len())
                    .filter(|&i| {
                        let pattern = &rules.patterns[i];
                        pattern.shapes.allow_kind(kind)
                            && (kind != 0 || pattern.shapes.allow_sequences(sequences))
                            && !pattern.is_fallback()
                    })
                    .collect();
                assert_eq!(
                    both, expected,
                    "{} kind {kind} with {sequences}",
                    rules.name
                );
                assert!(tests.is_sorted() && listed.others.is_sorted());
                for &(i, test) in &listed.hand_tests {
                    let Condition::Hand(own) = rules.patterns[i].condition else {
                        panic!("{} is no test of the whole hand", rules.patterns[i].id);
                    };
                    assert!(std::ptr::fn_addr_eq(test, own), "{}", rules.patterns[i].id);
                }
            }
        }
    }

    #[test]
    fn a_pattern_index_is_its_place_in_the_table() {
        for rules in crate::rules::ALL {
            for (i, pattern) in rules.patterns.iter().enumerate() {
                assert_eq!(rules.pattern_index(pattern), Some(i), "{}", pattern.id);
            }
        }
        // A pattern of another table is at no place in this one.
        let huang = &crate::rules::huang::PATTERNS[3];
        assert_eq!(crate::rules::WSOM.pattern_index(huang), None);
        assert_eq!(crate::rules::HUANG.pattern_index(huang), Some(3));
    }
}
