//! The exhaustive proof (issue 4): every concealed winning hand, scored with every distinct
//! winning tile, self-drawn and on a discard, under WSOM, checked against
//! `mjscore::invariants`. Then, over every reading of every regular hand, each line of
//! Huang's "implied, not counted" table (HUANG.md §5) between shape patterns is proved a
//! true implication: whenever its pattern applies, so do the patterns it drops (as many
//! instances as it drops). Run it in release mode:
//!
//! ```sh
//! cargo run --release --example exhaustive
//! ```
//!
//! The hands are the distinct 14-tile multisets that form 4 sets and a pair (11,498,658 of
//! them), Seven Pairs (16,417,104, four identical tiles counting as two pairs) and Thirteen
//! Terminals (13). For each, every tile kind it holds is tried as the winning tile. The
//! program prints the counts, how often each pattern counted, and the run time, and exits 1
//! if any hand breaks a property, fails to win, or any pattern that needs no melds and no
//! context never occurs.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use mjscore::arrange::{arrangements, Shape};
use mjscore::hand::{Hand, Responsible, WinBy, WinContext};
use mjscore::invariants;
use mjscore::patterns::{Condition, Facts, Pattern, REGULAR};
use mjscore::rules::WSOM;
use mjscore::score::{FalseWin, Outcome};
use mjscore::systems::huang;
use mjscore::tile::{Seat, Tile, KINDS};
use mjscore::words::SystemWords;

/// Instances of `pattern` in one reading, before implications: 0 when it does not apply.
fn instances(pattern: &Pattern, facts: &Facts) -> usize {
    match pattern.condition {
        Condition::Hand(holds) => usize::from(holds(facts)),
        Condition::EachSet(holds) => facts.sets().iter().filter(|s| holds(s, facts)).count(),
        Condition::Computed(points) => usize::from(points(facts) > 0),
        Condition::Instances(found) => found(facts).points().len(),
        Condition::Fallback => 0,
    }
}

/// The rows of Huang's implication table between regular-hand patterns, with how often
/// each row's pattern applied and the first readings that break it.
#[derive(Default)]
struct Implied {
    applied: Vec<u64>,
    failures: Vec<String>,
}

fn huang_pattern(id: &str) -> &'static Pattern {
    huang::PATTERNS
        .iter()
        .find(|p| p.id == id)
        .expect("an id of the table")
}

/// Checks every implication row of shape patterns on every reading of one concealed hand.
fn prove_implications(packed: Packed, implied: &mut Implied) {
    let counts = unpack(packed);
    let Some(winning) = (0..KINDS).find(|&k| counts[k] > 0) else {
        return;
    };
    let mut concealed = Vec::with_capacity(13);
    for (kind, &count) in counts.iter().enumerate() {
        let count = count - u8::from(kind == winning);
        concealed.extend(std::iter::repeat_n(Tile::ALL[kind], count as usize));
    }
    let hand = Hand {
        concealed,
        melds: Vec::new(),
        winning_tile: Some(Tile::ALL[winning]),
        context: WinContext {
            words: SystemWords::defaults(&huang::WORDS),
            ..contexts()[1]
        },
    };
    for arrangement in arrangements(&hand) {
        if !matches!(arrangement.shape, Shape::Regular { .. }) {
            continue;
        }
        let facts = Facts::new(&hand, &arrangement);
        for (row, implication) in huang::IMPLICATIONS.iter().enumerate() {
            let counted = huang_pattern(implication.counted);
            if counted.shapes != REGULAR || instances(counted, &facts) == 0 {
                continue;
            }
            if implication.when.is_some_and(|when| !when(&facts)) {
                continue;
            }
            implied.applied[row] += 1;
            for drop in implication.drops {
                let needed = drop.instances.unwrap_or(1);
                let found: usize = drop
                    .ids
                    .iter()
                    .map(|&id| instances(huang_pattern(id), &facts))
                    .sum();
                if found < needed && implied.failures.len() < 20 {
                    implied.failures.push(format!(
                        "{} applies but {} has {found} of {needed} instances: {} read as {arrangement}",
                        implication.counted,
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

/// The 55 kinds of set: 21 sequences and 34 triplets, as tile counts to add.
fn set_kinds() -> Vec<Vec<usize>> {
    let mut sets = Vec::new();
    for suit in 0..3 {
        for start in 0..7 {
            let first = suit * 9 + start;
            sets.push(vec![first, first + 1, first + 2]);
        }
    }
    for tile in 0..KINDS {
        sets.push(vec![tile; 3]);
    }
    sets
}

/// Every distinct multiset of 4 sets and a pair with at most 4 of each tile.
fn regular_hands() -> Vec<Packed> {
    let sets = set_kinds();
    let mut hands = Vec::with_capacity(15_000_000);
    let n = sets.len();
    let mut counts = [0u8; KINDS];
    let add = |counts: &mut [u8; KINDS], set: &[usize], sign: i8| {
        for &t in set {
            counts[t] = (counts[t] as i8 + sign) as u8;
        }
    };
    for a in 0..n {
        add(&mut counts, &sets[a], 1);
        for b in a..n {
            add(&mut counts, &sets[b], 1);
            for c in b..n {
                add(&mut counts, &sets[c], 1);
                for set in &sets[c..] {
                    add(&mut counts, set, 1);
                    if counts.iter().all(|&k| k <= 4) {
                        for pair in 0..KINDS {
                            if counts[pair] <= 2 {
                                counts[pair] += 2;
                                hands.push(pack(&counts));
                                counts[pair] -= 2;
                            }
                        }
                    }
                    add(&mut counts, set, -1);
                }
                add(&mut counts, &sets[c], -1);
            }
            add(&mut counts, &sets[b], -1);
        }
        add(&mut counts, &sets[a], -1);
    }
    hands.sort_unstable();
    hands.dedup();
    hands
}

/// Every Seven Pairs multiset: seven pairs, a kind used at most twice (as four tiles).
fn seven_pairs_hands() -> Vec<Packed> {
    fn extend(from: usize, pairs_left: u8, counts: &mut [u8; KINDS], out: &mut Vec<Packed>) {
        if pairs_left == 0 {
            out.push(pack(counts));
            return;
        }
        for kind in from..KINDS {
            for pairs in 1..=2u8.min(pairs_left) {
                counts[kind] = 2 * pairs;
                extend(kind + 1, pairs_left - pairs, counts, out);
            }
            counts[kind] = 0;
        }
    }
    let mut hands = Vec::with_capacity(16_500_000);
    extend(0, 7, &mut [0; KINDS], &mut hands);
    hands
}

fn thirteen_terminals_hands() -> Vec<Packed> {
    let terminals: Vec<Tile> = Tile::terminals_and_honors().collect();
    terminals
        .iter()
        .map(|&extra| {
            let mut counts = [0u8; KINDS];
            for t in terminals.iter().chain([&extra]) {
                counts[t.index()] += 1;
            }
            pack(&counts)
        })
        .collect()
}

/// What one worker saw.
#[derive(Default)]
struct Tally {
    scorings: u64,
    wins: u64,
    below_minimum: u64,
    max_total: u32,
    patterns: Vec<u64>,
    failures: Vec<String>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
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
        responsible: Responsible::NoneSelfDraw,
        last_tile: false,
        kong_supplement: false,
        robbed_kong: false,
        heaven: false,
        earth: false,
        words: SystemWords::NONE,
    };
    let discard = WinContext {
        win_by: WinBy::Discard {
            from: Seat::North,
            assumed: false,
        },
        responsible: Responsible::Discarder(Seat::North),
        ..base
    };
    [base, discard]
}

fn score_all(hand_sets: &[&[Packed]], tally: &mut Tally, next: &AtomicUsize, chunk: usize) {
    let all: Vec<&[Packed]> = hand_sets.to_vec();
    let total: usize = all.iter().map(|s| s.len()).sum();
    loop {
        let start = next.fetch_add(chunk, Ordering::Relaxed);
        if start >= total {
            return;
        }
        for index in start..(start + chunk).min(total) {
            let packed = locate(&all, index);
            score_hand(packed, tally);
        }
    }
}

/// The `index`-th hand across the lists, as if they were one.
fn locate(lists: &[&[Packed]], mut index: usize) -> Packed {
    for list in lists {
        if index < list.len() {
            return list[index];
        }
        index -= list.len();
    }
    unreachable!("index within the total")
}

fn score_hand(packed: Packed, tally: &mut Tally) {
    let counts = unpack(packed);
    for winning in (0..KINDS).filter(|&k| counts[k] > 0) {
        let mut concealed = Vec::with_capacity(13);
        for (kind, &count) in counts.iter().enumerate() {
            let count = count - u8::from(kind == winning);
            concealed.extend(std::iter::repeat_n(Tile::ALL[kind], count as usize));
        }
        for context in contexts() {
            let hand = Hand {
                concealed: concealed.clone(),
                melds: Vec::new(),
                winning_tile: Some(Tile::ALL[winning]),
                context,
            };
            tally.scorings += 1;
            match invariants::check(&hand, &WSOM) {
                Ok(Outcome::Win { reading, .. }) => {
                    tally.wins += 1;
                    tally.max_total = tally.max_total.max(reading.total);
                    for counted in &reading.counted {
                        let i = WSOM
                            .patterns
                            .iter()
                            .position(|p| p.id == counted.pattern.id)
                            .expect("a WSOM pattern");
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

fn main() {
    let started = Instant::now();
    let regular = regular_hands();
    let seven_pairs = seven_pairs_hands();
    let thirteen = thirteen_terminals_hands();
    println!(
        "hands: {} regular, {} Seven Pairs, {} Thirteen Terminals (enumerated in {:.1} s)",
        regular.len(),
        seven_pairs.len(),
        thirteen.len(),
        started.elapsed().as_secs_f64()
    );

    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let next = AtomicUsize::new(0);
    let merged = Mutex::new(Tally {
        patterns: vec![0; WSOM.patterns.len()],
        ..Tally::default()
    });
    let lists: [&[Packed]; 3] = [&regular, &seven_pairs, &thirteen];
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut tally = Tally {
                    patterns: vec![0; WSOM.patterns.len()],
                    ..Tally::default()
                };
                score_all(&lists, &mut tally, &next, 4096);
                merged.lock().expect("no worker panicked").merge(tally);
            });
        }
    });
    let tally = merged.into_inner().expect("no worker panicked");

    println!(
        "scored {} hand, winning tile and win kind combinations on {threads} threads: {} wins, {} under the WSOM minimum; highest total {}",
        tally.scorings, tally.wins, tally.below_minimum, tally.max_total
    );
    println!("times each pattern counted:");
    let mut missing = Vec::new();
    for (pattern, &count) in WSOM.patterns.iter().zip(&tally.patterns) {
        println!("  {:<6} {:<32} {count}", pattern.id, pattern.name);
        if count == 0 && !NEED_MELDS_OR_CONTEXT.contains(&pattern.id) {
            missing.push(pattern.id);
        }
    }
    println!("run time {:.1} s", started.elapsed().as_secs_f64());
    let mut failed = false;
    if !missing.is_empty() {
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
    let rows = huang::IMPLICATIONS.len();
    let next = AtomicUsize::new(0);
    let merged = Mutex::new(Implied {
        applied: vec![0; rows],
        failures: Vec::new(),
    });
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut implied = Implied {
                    applied: vec![0; rows],
                    failures: Vec::new(),
                };
                loop {
                    let start = next.fetch_add(4096, Ordering::Relaxed);
                    if start >= regular.len() {
                        break;
                    }
                    for &packed in &regular[start..(start + 4096).min(regular.len())] {
                        prove_implications(packed, &mut implied);
                    }
                }
                let mut merged = merged.lock().expect("no worker panicked");
                for (a, b) in merged.applied.iter_mut().zip(&implied.applied) {
                    *a += b;
                }
                merged.failures.extend(implied.failures);
            });
        }
    });
    let implied = merged.into_inner().expect("no worker panicked");
    for (implication, &applied) in huang::IMPLICATIONS.iter().zip(&implied.applied) {
        if huang_pattern(implication.counted).shapes == REGULAR {
            let drops: Vec<String> = implication
                .drops
                .iter()
                .map(|d| match d.instances {
                    Some(n) => format!("{n} × {}", d.ids.join("/")),
                    None => d.ids.join("/"),
                })
                .collect();
            println!(
                "  {:<5} ⇒ {:<40} held in {applied} readings",
                implication.counted,
                drops.join(", ")
            );
        }
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
    if regular.len() != 11_498_658 || seven_pairs.len() != 16_417_104 || thirteen.len() != 13 {
        println!("FAILED: the hand counts are not 11,498,658 / 16,417,104 / 13");
        failed = true;
    }
    if failed {
        std::process::exit(1);
    }
    println!("all properties hold");
}
