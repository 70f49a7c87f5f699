//! The exhaustive proof: every concealed winning hand, scored with every distinct
//! winning tile, self-drawn and on a discard, under WSOM, checked against
//! `mjscore::invariants`. Then, over every reading of every regular hand, each line of
//! Huang's "implied, not counted" table between shape patterns is proved a true
//! implication: whenever its pattern applies, so do the patterns it drops (as many
//! instances as it drops; docs/rules-huang.md states the table). Every hand scores under
//! WSOM written from nothing as a rules file (docs/examples/rules/wsom-as-data.toml) exactly
//! as under WSOM: on every reading the same patterns with the same points and sets, the same
//! total and limit, and the same reading chosen and payments. Run it in release mode:
//!
//! ```sh
//! cargo run --release --example exhaustive
//! ```
//!
//! The hands are the distinct 14-tile multisets that form 4 sets and a pair (11,498,658 of
//! them), Seven Pairs (16,417,104, four identical tiles counting as two pairs) and Thirteen
//! Terminals (13), enumerated as they are scored, never held: threads take units of each
//! list (see [`Hands`]), so memory stays a few megabytes. For each hand, every tile kind
//! it holds is tried as the winning tile. The program prints the counts, how often each
//! pattern counted, and the run time, and exits 1 if any hand breaks a property, fails to
//! win, or any pattern that needs no melds and no context never occurs.
//!
//! For profiling, `-- --sample N` scores only the hands whose tiles hash to a multiple of N:
//! about 1/N of each list, the same hands on every run (`valgrind --tool=callgrind` over
//! `--sample 200` takes about three minutes). The properties are checked on those hands,
//! but not the hand counts nor that every pattern occurs.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use mjscore::arrange::{arrangements, Shape};
use mjscore::hand::{Hand, Liable, WinBy, WinContext};
use mjscore::invariants;
use mjscore::patterns::{Condition, Facts, Pattern, Shapes, ANY_SEQUENCES, REGULAR};
use mjscore::rule_set::{Dropped, Implication, RuleSet};
use mjscore::rules::huang;
use mjscore::rules::WSOM;
use mjscore::score::{FalseWin, Outcome};
use mjscore::tile::{Seat, Tile, KINDS};
use mjscore::words::SystemWords;

/// WSOM written from nothing as a rules file: every hand must score under it exactly as under
/// WSOM, reading by reading.
const AS_DATA: &str = include_str!("../docs/examples/rules/wsom-as-data.toml");

/// [`AS_DATA`] read, once for every thread.
fn as_data() -> &'static RuleSet {
    static AS_DATA_RULES: OnceLock<RuleSet> = OnceLock::new();
    AS_DATA_RULES
        .get_or_init(|| mjscore::RuleSet::from_rules_file(AS_DATA).expect("WSOM as data checks"))
}

/// Instances of `pattern` in one reading, before implications: 0 when it does not apply.
fn instances(pattern: &Pattern, facts: &Facts) -> usize {
    match pattern.condition {
        Condition::Hand(holds) => usize::from(holds(facts)),
        Condition::EachSet(holds) => facts.sets().iter().filter(|s| holds(s, facts)).count(),
        Condition::Computed(points) => usize::from(points(facts) > 0),
        Condition::Instances(found) => found(facts).points().len(),
        Condition::Fallback => 0,
        Condition::Requires(requirements) => usize::from(requirements.holds(facts)),
        Condition::Closure(ref holds) => usize::from(holds(facts)),
        _ => panic!(
            "{}: a kind of condition the proof does not know",
            pattern.id
        ),
    }
}

/// The rows of Huang's implication table between regular-hand patterns, with how often
/// each row's pattern applied and the first readings that break it.
#[derive(Default)]
struct Implied {
    /// Per row of [`Rows::rows`].
    applied: Vec<u64>,
    failures: Vec<String>,
}

fn huang_pattern(id: &str) -> &'static Pattern {
    huang::PATTERNS
        .iter()
        .find(|p| p.id == id)
        .expect("an id of the table")
}

/// One row of Huang's implication table whose pattern needs a regular hand, its ids looked
/// up once rather than on every reading.
struct Row {
    implication: &'static Implication,
    counted: &'static Pattern,
    /// Per dropped group: what the table says, the patterns an instance may be, and how
    /// many instances the row needs.
    drops: Vec<(&'static Dropped, Vec<&'static Pattern>, usize)>,
}

/// What the implication proof reads every hand with: the rows, and the context of the win
/// (on a discard, with Huang's default words).
struct Rows {
    rows: Vec<Row>,
    context: WinContext,
}

impl Rows {
    fn new() -> Rows {
        let rows = huang::IMPLICATIONS
            .iter()
            .map(|implication| Row {
                implication,
                counted: huang_pattern(&implication.counted),
                drops: implication
                    .drops
                    .iter()
                    .map(|drop| {
                        let patterns = drop.ids.iter().map(|id| huang_pattern(id)).collect();
                        (drop, patterns, drop.instances.unwrap_or(1))
                    })
                    .collect(),
            })
            // Patterns of four sets and a pair only, whatever numbers of sequences they need.
            .filter(|row| {
                let shapes = row.counted.shapes;
                REGULAR
                    == Shapes {
                        sequences: ANY_SEQUENCES,
                        ..shapes
                    }
            })
            .collect();
        Rows {
            rows,
            context: WinContext {
                words: SystemWords::defaults(&huang::WORDS),
                ..contexts()[1]
            },
        }
    }
}

/// Checks every implication row of shape patterns on every reading of one concealed hand.
fn prove_implications(packed: Packed, rows: &Rows, implied: &mut Implied) {
    // Won on its first tile, of the lowest kind it holds.
    let hand = won_on(&tiles(packed), 0, rows.context.clone());
    for arrangement in arrangements(&hand) {
        if !matches!(arrangement.shape, Shape::Regular { .. }) {
            continue;
        }
        let facts = Facts::new(&hand, &arrangement);
        for (index, row) in rows.rows.iter().enumerate() {
            if instances(row.counted, &facts) == 0 {
                continue;
            }
            if row.implication.when.is_some_and(|when| !when(&facts)) {
                continue;
            }
            implied.applied[index] += 1;
            for (drop, patterns, needed) in &row.drops {
                let found: usize = patterns.iter().map(|p| instances(p, &facts)).sum();
                if found < *needed && implied.failures.len() < 20 {
                    implied.failures.push(format!(
                        "{} applies but {} has {found} of {needed} instances: {} read as {arrangement}",
                        row.implication.counted,
                        drop.ids.join(" or "),
                        hand.notation()
                    ));
                }
            }
        }
    }
}

/// A multiset of tiles: 3 bits of count per kind.
type Packed = u128;

fn pack(counts: &[u8; KINDS]) -> Packed {
    counts
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &c)| acc | (Packed::from(c) << (3 * i)))
}

fn unpack(packed: Packed) -> [u8; KINDS] {
    std::array::from_fn(|i| ((packed >> (3 * i)) & 7) as u8)
}

/// A list of hands enumerated on demand, never held: cut into units of work that threads
/// take one at a time, each unit yielding its hands. Every hand of the list is in exactly
/// one unit, once.
trait Hands: Sync {
    /// How many units the list is cut into.
    fn units(&self) -> usize;
    /// Calls `visit` with every hand of unit `unit`.
    fn each(&self, unit: usize, visit: &mut dyn FnMut(Packed));
}

/// The kinds of a group that can hold sets: a suit (9 kinds, sequences too) or the
/// honours (7 kinds, triplets only).
struct Group {
    first: usize,
    kinds: usize,
    sequences: bool,
}

const GROUPS: [Group; 4] = [
    Group {
        first: 0,
        kinds: 9,
        sequences: true,
    },
    Group {
        first: 9,
        kinds: 9,
        sequences: true,
    },
    Group {
        first: 18,
        kinds: 9,
        sequences: true,
    },
    Group {
        first: 27,
        kinds: 7,
        sequences: false,
    },
];

impl Group {
    /// The kinds of set within the group, as tile kinds to add.
    fn sets(&self) -> Vec<[usize; 3]> {
        let mut sets = Vec::new();
        if self.sequences {
            for start in 0..self.kinds - 2 {
                let first = self.first + start;
                sets.push([first, first + 1, first + 2]);
            }
        }
        for kind in self.first..self.first + self.kinds {
            sets.push([kind; 3]);
        }
        sets
    }

    /// Every distinct tile count of the group that is `sets` sets and `pairs` (0 or 1)
    /// pairs with at most 4 of each tile, packed in place (so a hand is the OR of its
    /// groups' counts).
    fn fragments(&self, sets: usize, pairs: usize) -> Vec<Packed> {
        fn add(
            kinds: &[[usize; 3]],
            from: usize,
            left: usize,
            counts: &mut [u8; KINDS],
            out: &mut Vec<[u8; KINDS]>,
        ) {
            if left == 0 {
                out.push(*counts);
                return;
            }
            for (i, set) in kinds.iter().enumerate().skip(from) {
                set.iter().for_each(|&t| counts[t] += 1);
                if set.iter().all(|&t| counts[t] <= 4) {
                    add(kinds, i, left - 1, counts, out);
                }
                set.iter().for_each(|&t| counts[t] -= 1);
            }
        }
        let mut of_sets = Vec::new();
        add(&self.sets(), 0, sets, &mut [0; KINDS], &mut of_sets);
        let mut fragments = Vec::new();
        for mut counts in of_sets {
            if pairs == 0 {
                fragments.push(pack(&counts));
                continue;
            }
            for pair in self.first..self.first + self.kinds {
                if counts[pair] <= 2 {
                    counts[pair] += 2;
                    fragments.push(pack(&counts));
                    counts[pair] -= 2;
                }
            }
        }
        // Different sets can make the same tiles (b111 b222 b333 is b123 b123 b123).
        fragments.sort_unstable();
        fragments.dedup();
        fragments
    }
}

/// Every distinct multiset of 4 sets and a pair with at most 4 of each tile. A hand is
/// its four groups' counts, and the counts of a group say how many sets and pairs it
/// holds (3 × sets + 2 × pairs tiles), so a hand is one choice of a distinct fragment per
/// group: no two choices make the same hand, and nothing needs sorting or deduplicating.
struct Regular {
    /// `fragments[group][sets][pairs]`.
    fragments: Vec<[[Vec<Packed>; 2]; 5]>,
    /// How the 4 sets and the pair fall in the groups: `[(sets, pairs); 4]`.
    shapes: Vec<[(usize, usize); 4]>,
    /// A unit: a shape, and the index of the first group's fragment.
    units: Vec<(usize, usize)>,
}

impl Regular {
    fn new() -> Regular {
        let fragments: Vec<[[Vec<Packed>; 2]; 5]> = GROUPS
            .iter()
            .map(|group| {
                std::array::from_fn(|sets| {
                    std::array::from_fn(|pairs| group.fragments(sets, pairs))
                })
            })
            .collect();
        // Each group holds 0 to 4 sets and 0 or 1 pair: a digit 2 × sets + pairs per group.
        let mut shapes = Vec::new();
        for code in 0..10usize.pow(4) {
            let digit = |group: usize| code / 10usize.pow(group as u32) % 10;
            let shape: [(usize, usize); 4] = std::array::from_fn(|g| (digit(g) / 2, digit(g) % 2));
            let sets: usize = shape.iter().map(|s| s.0).sum();
            let pairs: usize = shape.iter().map(|s| s.1).sum();
            if sets == 4 && pairs == 1 {
                shapes.push(shape);
            }
        }
        let units = shapes
            .iter()
            .enumerate()
            .flat_map(|(i, shape)| {
                let (sets, pairs) = shape[0];
                (0..fragments[0][sets][pairs].len()).map(move |first| (i, first))
            })
            .collect();
        Regular {
            fragments,
            shapes,
            units,
        }
    }
}

impl Hands for Regular {
    fn units(&self) -> usize {
        self.units.len()
    }

    fn each(&self, unit: usize, visit: &mut dyn FnMut(Packed)) {
        let (shape, first) = self.units[unit];
        let of = |group: usize| {
            let (sets, pairs) = self.shapes[shape][group];
            &self.fragments[group][sets][pairs]
        };
        let hand = of(0)[first];
        for &b in of(1) {
            for &c in of(2) {
                for &honours in of(3) {
                    visit(hand | b | c | honours);
                }
            }
        }
    }
}

/// Every Seven Pairs multiset: seven pairs, a kind used at most twice (as four tiles). A
/// unit is the hand's two lowest kinds with their pairs (every such hand has at least
/// four kinds).
struct SevenPairs {
    /// Per unit: the counts of its two kinds, the next kind to choose from, and the pairs
    /// still to place.
    units: Vec<([u8; KINDS], usize, u8)>,
}

impl SevenPairs {
    fn new() -> SevenPairs {
        let mut units = Vec::new();
        for first in 0..KINDS {
            for second in first + 1..KINDS {
                for (a, b) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
                    let mut counts = [0u8; KINDS];
                    counts[first] = 2 * a;
                    counts[second] = 2 * b;
                    units.push((counts, second + 1, 7 - a - b));
                }
            }
        }
        SevenPairs { units }
    }
}

impl Hands for SevenPairs {
    fn units(&self) -> usize {
        self.units.len()
    }

    fn each(&self, unit: usize, visit: &mut dyn FnMut(Packed)) {
        fn extend(
            from: usize,
            pairs_left: u8,
            counts: &mut [u8; KINDS],
            visit: &mut dyn FnMut(Packed),
        ) {
            if pairs_left == 0 {
                visit(pack(counts));
                return;
            }
            for kind in from..KINDS {
                for pairs in 1..=2u8.min(pairs_left) {
                    counts[kind] = 2 * pairs;
                    extend(kind + 1, pairs_left - pairs, counts, visit);
                }
                counts[kind] = 0;
            }
        }
        let (mut counts, from, left) = self.units[unit];
        extend(from, left, &mut counts, visit);
    }
}

/// The 13 Thirteen Terminals multisets: one unit.
struct ThirteenTerminals;

impl Hands for ThirteenTerminals {
    fn units(&self) -> usize {
        1
    }

    fn each(&self, _unit: usize, visit: &mut dyn FnMut(Packed)) {
        let terminals: Vec<Tile> = Tile::terminals_and_honors().collect();
        for &extra in &terminals {
            let mut counts = [0u8; KINDS];
            for t in terminals.iter().chain([&extra]) {
                counts[t.index()] += 1;
            }
            visit(pack(&counts));
        }
    }
}

/// How many hands a list holds, counted by enumerating it.
fn count(hands: &dyn Hands) -> u64 {
    let mut count = 0;
    for unit in 0..hands.units() {
        hands.each(unit, &mut |_| count += 1);
    }
    count
}

/// Runs `work` on every hand of `lists` (of the sample, see [`in_sample`]) on
/// `threads` threads, each with its own state made by `start`; the states, once every unit
/// is done. Threads take units from a shared counter, so a slow unit holds up only its own
/// thread.
fn on_threads<S: Send>(
    threads: usize,
    sample: usize,
    lists: &[&dyn Hands],
    start: impl Fn() -> S + Sync,
    work: impl Fn(usize, Packed, &mut S) + Sync,
) -> Vec<S> {
    let next = AtomicUsize::new(0);
    let total: usize = lists.iter().map(|l| l.units()).sum();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut state = start();
                    loop {
                        let mut unit = next.fetch_add(1, Ordering::Relaxed);
                        if unit >= total {
                            return state;
                        }
                        // The unit's list, and the unit within it.
                        let mut list = 0;
                        while unit >= lists[list].units() {
                            unit -= lists[list].units();
                            list += 1;
                        }
                        lists[list].each(unit, &mut |packed| {
                            if in_sample(packed, sample) {
                                work(list, packed, &mut state);
                            }
                        });
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("no worker panicked"))
            .collect()
    })
}

/// What one worker saw.
#[derive(Default)]
struct Tally {
    /// Hands scored, per list: regular, Seven Pairs, Thirteen Terminals.
    hands: [u64; 3],
    scorings: u64,
    wins: u64,
    below_minimum: u64,
    max_total: u32,
    patterns: Vec<u64>,
    failures: Vec<String>,
    /// The readings of the hand being scored, as [`invariants::check_same_scoring`] keeps
    /// them: reused from hand to hand.
    prints: Vec<u64>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        for (a, b) in self.hands.iter_mut().zip(other.hands) {
            *a += b;
        }
        self.scorings += other.scorings;
        self.wins += other.wins;
        self.below_minimum += other.below_minimum;
        self.max_total = self.max_total.max(other.max_total);
        for (a, b) in self.patterns.iter_mut().zip(&other.patterns) {
            *a += b;
        }
        self.failures.extend(other.failures);
    }
}

fn contexts() -> [WinContext; 2] {
    let base = WinContext {
        seat: Seat::East,
        win_by: WinBy::SelfDraw,
        responsible: Liable::NoneSelfDraw,
        last_tile: false,
        kong_supplement: false,
        robbed_kong: false,
        heaven: false,
        earth: false,
        words: SystemWords::none(),
    };
    let discard = WinContext {
        win_by: WinBy::Discard {
            from: Seat::North,
            assumed: false,
        },
        responsible: Liable::Discarder(Seat::North),
        ..base.clone()
    };
    [base, discard]
}

/// The 14 tiles of a hand, sorted.
fn tiles(packed: Packed) -> [Tile; 14] {
    let counts = unpack(packed);
    let mut tiles = [Tile::ALL[0]; 14];
    let mut held = 0;
    for (kind, &count) in counts.iter().enumerate() {
        for _ in 0..count {
            tiles[held] = Tile::ALL[kind];
            held += 1;
        }
    }
    assert_eq!(held, 14, "a hand of 14 tiles");
    tiles
}

/// The concealed hand of `tiles` won on `tiles[at]`, in `context`: the other 13 tiles, in
/// order. Built from the hand's tiles laid out once (its lists are kept in place: no
/// allocation).
fn won_on(tiles: &[Tile; 14], at: usize, context: WinContext) -> Hand {
    Hand::from_parts(
        tiles[..at].iter().chain(&tiles[at + 1..]).copied(),
        &[],
        Some(tiles[at]),
        context,
    )
}

/// Scores one hand with each tile kind it holds as the winning tile, self-drawn and on a
/// discard.
fn score_hand(packed: Packed, tally: &mut Tally) {
    let tiles = tiles(packed);
    let [self_draw, discard] = contexts();
    // Each kind held once, in order: the first tile of each run of equal tiles.
    for at in (0..14).filter(|&at| at == 0 || tiles[at] != tiles[at - 1]) {
        // One hand per winning tile; only its context changes between the two scorings.
        let mut hand = won_on(&tiles, at, self_draw.clone());
        // The tiles are arranged once for both: only the context changes.
        let arranged = arrangements(&hand);
        for context in [&self_draw, &discard] {
            hand.set_context(context.clone());
            tally.scorings += 1;
            let prints = Some(&mut tally.prints);
            let outcome =
                invariants::check_arranged_printing(&hand, &WSOM, Some(&arranged), prints);
            if let Ok(outcome) = &outcome {
                let under_wsom = (&WSOM, outcome, &tally.prints[..]);
                if let Err(e) =
                    invariants::check_same_scoring(&hand, &arranged, under_wsom, as_data())
                {
                    tally
                        .failures
                        .push(format!("{}: as data: {e}", hand.notation()));
                }
            }
            match outcome {
                Ok(Outcome::Win { reading, .. }) => {
                    tally.wins += 1;
                    tally.max_total = tally.max_total.max(reading.total);
                    for counted in reading.counted() {
                        // The engine counts the table's own patterns: placed by address, as
                        // comparing ids as strings cost more than this whole loop.
                        let i = WSOM.pattern_index(counted.pattern).expect("a WSOM pattern");
                        tally.patterns[i] += 1;
                    }
                }
                Ok(Outcome::FalseWin(FalseWin::BelowMinimum { .. })) => tally.below_minimum += 1,
                Ok(Outcome::FalseWin(FalseWin::NotAWinningHand)) => {
                    tally
                        .failures
                        .push(format!("{}: not a winning hand", hand.notation()));
                }
                Ok(Outcome::FalseWin(FalseWin::Refused { reason })) => tally
                    .failures
                    .push(format!("{}: refused: {reason}", hand.notation())),
                Err(broken) => tally
                    .failures
                    .push(format!("{}: {broken}", hand.notation())),
            }
        }
    }
}

/// Patterns no concealed hand without context can score: kongs need declared melds, the
/// incidental bonuses need context words.
const NEED_MELDS_OR_CONTEXT: &[&str] = &[
    "4.3.1", "4.3.2", "4.3.3", "4.3.4", "9.1.1", "9.1.2", "9.2", "9.3", "9.4.1", "9.4.2",
];

/// Whether the hand is in a sample of about 1 in `sample` (every hand for 1): its tiles
/// hashed (Fibonacci hashing of the packed counts' two halves), so that the sample is spread
/// over every list and every unit, yet the same on every run.
fn in_sample(packed: Packed, sample: usize) -> bool {
    let folded = (packed as u64) ^ ((packed >> 64) as u64);
    let hash = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
    sample == 1 || hash.is_multiple_of(sample as u64)
}

/// `--sample N` (see the module's documentation): 1, every hand, without it.
fn sample() -> usize {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => 1,
        [flag, n] if flag == "--sample" => match n.parse() {
            Ok(n) if n > 0 => n,
            _ => usage(),
        },
        _ => usage(),
    }
}

fn usage() -> ! {
    eprintln!("usage: exhaustive [--sample N]   (N > 0: about 1 hand in N)");
    std::process::exit(2);
}

fn main() {
    let sample = sample();
    let started = Instant::now();
    let regular = Regular::new();
    let seven_pairs = SevenPairs::new();
    let lists: [&dyn Hands; 3] = [&regular, &seven_pairs, &ThirteenTerminals];
    // Counted before scoring, by a pass that only enumerates; scoring counts them again.
    let counts = lists.map(count);
    println!(
        "hands: {} regular, {} Seven Pairs, {} Thirteen Terminals (enumerated in {:.1} s)",
        counts[0],
        counts[1],
        counts[2],
        started.elapsed().as_secs_f64()
    );

    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut tally = Tally {
        patterns: vec![0; WSOM.patterns().len()],
        ..Tally::default()
    };
    let tallies = on_threads(
        threads,
        sample,
        &lists,
        || Tally {
            patterns: vec![0; WSOM.patterns().len()],
            ..Tally::default()
        },
        |list, packed, tally| {
            tally.hands[list] += 1;
            score_hand(packed, tally);
        },
    );
    for other in tallies {
        tally.merge(other);
    }

    println!(
        "scored {} hand, winning tile and win kind combinations on {threads} threads: {} wins, {} under the WSOM minimum; highest total {}",
        tally.scorings, tally.wins, tally.below_minimum, tally.max_total
    );
    println!("times each pattern counted:");
    let mut missing = Vec::new();
    for (pattern, &count) in WSOM.patterns().iter().zip(&tally.patterns) {
        println!("  {:<6} {:<32} {count}", pattern.id, pattern.name);
        if count == 0 && !NEED_MELDS_OR_CONTEXT.contains(&pattern.id.as_ref()) {
            missing.push(pattern.id.as_ref());
        }
    }
    println!(
        "WSOM written from nothing as a rules file ({} patterns, docs/examples/rules/wsom-as-data.toml): every reading of every hand scored as under WSOM, and every hand paid alike (any difference is a failure below)",
        as_data().patterns().len()
    );
    println!("run time {:.1} s", started.elapsed().as_secs_f64());
    let mut failed = false;
    if sample > 1 {
        println!(
            "a sample of about 1 hand in {sample}: hand counts and missing patterns not checked"
        );
    }
    if !missing.is_empty() && sample == 1 {
        println!("FAILED: patterns that never counted: {missing:?}");
        failed = true;
    }
    if !tally.failures.is_empty() {
        println!(
            "FAILED: {} hands broke a property; the first:",
            tally.failures.len()
        );
        for failure in tally.failures.iter().take(20) {
            println!("  {failure}");
        }
        failed = true;
    }
    println!("Huang's implications between regular-hand patterns, over every regular reading:");
    let started_implications = Instant::now();
    let rows = Rows::new();
    let mut implied = Implied {
        applied: vec![0; rows.rows.len()],
        failures: Vec::new(),
    };
    let proved = on_threads(
        threads,
        sample,
        &[&regular],
        || Implied {
            applied: vec![0; rows.rows.len()],
            failures: Vec::new(),
        },
        |_, packed, implied| prove_implications(packed, &rows, implied),
    );
    for other in proved {
        for (a, b) in implied.applied.iter_mut().zip(&other.applied) {
            *a += b;
        }
        implied.failures.extend(other.failures);
    }
    for (row, &applied) in rows.rows.iter().zip(&implied.applied) {
        let drops: Vec<String> = row
            .implication
            .drops
            .iter()
            .map(|d| match d.instances {
                Some(n) => format!("{n} × {}", d.ids.join("/")),
                None => d.ids.join("/"),
            })
            .collect();
        println!(
            "  {:<5} ⇒ {:<40} held in {applied} readings",
            row.implication.counted,
            drops.join(", ")
        );
    }
    println!(
        "  (proved in {:.1} s; a row with 0 readings needs melds or context a concealed hand lacks)",
        started_implications.elapsed().as_secs_f64()
    );
    if !implied.failures.is_empty() {
        println!("FAILED: implications that do not hold; the first:");
        for failure in &implied.failures {
            println!("  {failure}");
        }
        failed = true;
    }
    // The hands scored, and those counted first: both the known counts.
    if sample == 1 && (counts != [11_498_658, 16_417_104, 13] || tally.hands != counts) {
        println!("FAILED: the hand counts are not 11,498,658 / 16,417,104 / 13");
        failed = true;
    }
    if failed {
        std::process::exit(1);
    }
    println!("all properties hold");
}
