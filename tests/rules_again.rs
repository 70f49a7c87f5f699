//! The vocabulary of a rules file's new hands (docs/rules-files.md) says what the patterns
//! of Huang's table and of the doubling table say, as far as it reaches:
//! tests/data/rules/huang-again.toml and tests/data/rules/doubling-again.toml write each
//! pattern X it can say again as a hand "again-X", and each applies on exactly the readings
//! X applies on, over every pattern's own example, hands of the corners the random hands
//! miss (for Huang's table, a hand for each part of the hands written one part for each
//! case: h.41, h.49, h.51), and 3000 random winning hands, as tests/rules_files.rs proves
//! of WSOM with wsom-again.toml; scored under each file, every invariant of a scoring
//! holds. Each file's first comment names the patterns left out and what the vocabulary
//! lacks to say them.

use mjscore::invariants;
use mjscore::patterns::{Facts, Pattern};
use mjscore::rules::{DOUBLING, HUANG};
use mjscore::{Outcome, RuleSet};

/// The rule set of the file at `path`, which checks whole (its card, its hands' texts, a
/// few hands scored under it: [`invariants::check_rules_file`]).
fn load(path: &str) -> RuleSet {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    invariants::check_rules_file(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    RuleSet::from_rules_file(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The hand under `rules`, if the line is one and wins under it (a random line may hold a
/// word the rule set refuses, `resp=` under Huang's table, or a shape it does not score,
/// Seven Pairs under the doubling table).
fn won(line: &str, rules: &RuleSet) -> Option<mjscore::Hand> {
    let hand = mjscore::line::parse_for(line, rules).ok()?;
    matches!(mjscore::score_hand(&hand, rules), Ok(Outcome::Win { .. })).then_some(hand)
}

/// Each hand "again-X" of the file at `path` applies on the same readings as `built_in`'s
/// pattern X, and on one at least; `written` lists the X's, in the file's order.
fn says_what_the_table_says(
    built_in: &RuleSet,
    path: &str,
    written: &[&str],
    corners: impl IntoIterator<Item = String>,
) {
    let again = load(path);
    let pairs: Vec<(&Pattern, &Pattern)> = again
        .patterns()
        .iter()
        .filter_map(|copy| Some((built_in.pattern(copy.id.strip_prefix("again-")?)?, copy)))
        .collect();
    let ids: Vec<&str> = pairs.iter().map(|(b, _)| b.id.as_ref()).collect();
    assert_eq!(ids, written, "{path}");
    let mut applied = vec![0usize; pairs.len()];
    let mut check = |line: &str, hand: &mjscore::Hand| {
        if let Err(e) = invariants::check_same_readings(hand, &pairs) {
            panic!("{path}: {line}: {e}");
        }
        // Scored under the file, every property of a scoring holds (a hand of the file is
        // passed by only on readings it cannot hold, among them).
        let under_file = mjscore::line::parse_for(line, &again).unwrap();
        if let Err(e) = invariants::check(&under_file, &again)
            .and_then(|_| invariants::check_readings_list(&under_file, &again))
        {
            panic!("{path}: {line} under the file: {e}");
        }
        for arrangement in &mjscore::arrange::arrangements(hand) {
            let facts = Facts::new(hand, arrangement);
            for (n, &(built_in, _)) in pairs.iter().enumerate() {
                applied[n] += usize::from(invariants::applies(built_in, &facts));
            }
        }
    };
    // Every pattern's example and every corner is a winning hand: none is passed by.
    let examples = built_in.patterns().iter().map(|p| p.example.to_string());
    for line in examples.chain(corners) {
        let hand = won(&line, built_in).unwrap_or_else(|| panic!("{line}: no win"));
        check(&line, &hand);
    }
    let mut used = 0;
    for line in mjscore::corpus::winning_hands(17, 3000) {
        if let Some(hand) = won(&line, built_in) {
            check(&line, &hand);
            used += 1;
        }
    }
    assert!(used > 2500, "{path}: only {used} random hands win");
    // Each was tested on a reading it applies to (its own example at least).
    for ((built_in, _), n) in pairs.iter().zip(applied) {
        assert!(n > 0, "{} never applied", built_in.id);
    }
}

#[test]
fn the_vocabulary_says_what_huangs_patterns_say() {
    says_what_the_table_says(
        &HUANG,
        "tests/data/rules/huang-again.toml",
        &[
            "h.1", "h.3", "h.5", "h.9", "h.10", "h.11", "h.12", "h.13", "h.14", "h.15", "h.16",
            "h.17", "h.20", "h.22", "h.23", "h.24", "h.25", "h.26", "h.30", "h.31", "h.32", "h.33",
            "h.34", "h.35", "h.41", "h.43", "h.47", "h.48", "h.49", "h.50", "h.51", "h.52", "h.53",
            "h.54", "h.55", "h.59", "h.60", "h.64", "h.65", "h.66", "h.67", "h.2", "h.4", "h.6",
            "h.7", "h.8", "h.56", "h.62", "h.63", "h.36", "h.45", "h.44", "h.46",
        ],
        [
            // The last tiles of the wall (last=2 to 4 is not the last tile), on a robbed
            // quad's tile and a kong's too, and Huang's words the vocabulary does not read.
            "b123 c456 d789 b555 w2 +w2 seat=s self last=2",
            "b123 c456 d789 b555 w2 +w2 seat=s from=e last=4",
            "b123 c456 d78 b555 w22 +d9 seat=s from=e rob last=3",
            "[ck d1111] b123 c456 c789 e2 +e2 seat=s kong last=2",
            "b123 c456 d789 b555 w2 +w2 seat=s from=e lastcopy tin=heaven round=s",
            "b123 c456 d789 b555 w2 +w2 seat=s self last=1",
            "b123 c456 d789 b555 w2 +w2 seat=s self last=01",
            "b123 c456 d789 b555 w2 +w2 seat=s from=e last",
            "b123 c456 d789 b555 w2 +w2 seat=s from=e last=001",
            // A single wait won on the dealt tiles, which waited on nothing (no h.45).
            "b123 c456 d789 b12 w11 +b3 heaven",
            // Seven Pairs and 13 U with the blessings.
            "c112233 d5566 b99 w1 +w1 heaven",
            "b19 c19 d19 w1234 e113 +e2 seat=s earth",
            // Four runs in one suit with a pair of another (h.41); in two suits, four alike,
            // or two of the same numbers in two suits (not h.41).
            "[c b234] b234567567 c5 +c5 seat=s from=e",
            "b123 b123 b789 b789 b4 +b4 seat=s from=e",
            "b234 b234 c567 c567 c5 +c5 seat=s from=e",
            "[c b234] b234234234 w1 +w1 seat=s from=e",
            "b234 b234 c234 c234 b5 +b5 seat=s from=e",
            // Three numbers with the winds and the dragons (h.49), two (h.51), four.
            "b111 c111 w222 e333 d1 +d1 seat=s from=e",
            "b111 c111 w222 w444 w3 +w3 seat=s from=e",
            "b111 c111 w222 e333 d2 +d2 seat=s from=e",
            // A wind in the pair only (h.13), a dragon in the pair only.
            "b123 c456 d789 e111 w1 +w1 seat=s from=e",
            "b123 c456 d789 w111 e2 +e2 seat=s from=e",
        ]
        .map(String::from)
        .into_iter()
        .chain(numbers_shown())
        .chain(runs_of_one_suit()),
    );
}

/// The kinds of tile that show number `n` (note 12): 0 to 8 the ranks 1 to 9 in the three
/// suits, 9 every wind, 10 every dragon.
fn kinds_of_number(n: usize) -> Vec<String> {
    match n {
        0..=8 => ["b", "c", "d"]
            .map(|suit| format!("{suit}{}", n + 1))
            .to_vec(),
        9 => (1..=4).map(|rank| format!("w{rank}")).collect(),
        _ => (1..=3).map(|rank| format!("e{rank}")).collect(),
    }
}

/// For every two, three and four of the 11 numbers, a hand of four triplets and a pair
/// that shows exactly those: h.51 Two Numbers and h.49 Three Numbers are written one part
/// for each two or three numbers, and each part is met (or, with four, none).
fn numbers_shown() -> Vec<String> {
    let mut lines = Vec::new();
    let mut chosen = Vec::new();
    fn choose(from: usize, size: usize, chosen: &mut Vec<usize>, lines: &mut Vec<String>) {
        if chosen.len() == size {
            // Five kinds, each number's in turn, so that every number shows.
            let kinds: Vec<Vec<String>> = chosen.iter().map(|&n| kinds_of_number(n)).collect();
            let five: Vec<&String> = (0..)
                .filter_map(|i| kinds[i % size].get(i / size))
                .take(5)
                .collect();
            let sets: Vec<String> = five[..4]
                .iter()
                .map(|k| format!("{k}{}", &k[1..].repeat(2)))
                .collect();
            lines.push(format!(
                "{} {} +{} seat=s from=e",
                sets.join(" "),
                five[4],
                five[4]
            ));
            return;
        }
        for n in from..11 {
            chosen.push(n);
            choose(n + 1, size, chosen, lines);
            chosen.pop();
        }
    }
    for size in 2..=4 {
        choose(0, size, &mut chosen, &mut lines);
    }
    lines
}

/// Four runs, two and two alike, of one suit (h.41 One-Color Bi-Ribbon) and of two, with a
/// pair of every kind: h.41 is written one part for each kind of another suit the pair may
/// be of.
fn runs_of_one_suit() -> Vec<String> {
    let kinds = ["b", "c", "d"]
        .iter()
        .flat_map(|suit| (1..=9).map(move |rank| format!("{suit}{rank}")))
        .chain((1..=4).map(|rank| format!("w{rank}")))
        .chain((1..=3).map(|rank| format!("e{rank}")));
    let kinds: Vec<String> = kinds.collect();
    let mut lines = Vec::new();
    for x in ["b", "c", "d"] {
        for y in ["b", "c", "d"] {
            for pair in &kinds {
                lines.push(format!(
                    "{x}234 {x}234 {y}567 {y}567 {pair} +{pair} seat=s from=e"
                ));
            }
        }
    }
    lines
}

#[test]
fn the_vocabulary_says_what_the_doubling_tables_patterns_say() {
    says_what_the_table_says(
        &DOUBLING,
        "tests/data/rules/doubling-again.toml",
        &[
            "d.b", "d.c", "d.d", "d.e", "d.f", "d.g", "d.h", "d.i", "d.j", "d.k", "d.l", "d.s1",
            "d.s2", "d.s3", "d.s4", "d.s5", "d.s6", "d.s7", "d.s8",
        ],
        [
            // All Suit Hand with melds (d.s8); with a pair of honours instead of c8; with a
            // kong (15 tiles); concealed but with two 8s and two 9s (not three 9s).
            "[p c111] [c c234] c5678999 +c5 from=s",
            "[p c111] [c c234] c567 c999 e1 +e1 from=s",
            "[k c1111] [c c234] c5678999 +c5 from=s",
            "c1112345678899 +c8 self",
            // The last discard is no Last Piece; a kong's tile with the last of the wall;
            // the seat's wind beside another prevailing wind.
            "b123 c456 d789 b5 w333 +b5 from=s last seat=n",
            "[ck d1111] b123 c456 c789 e2 +e2 kong last",
            "w222 b123 c456 d789 c5 +c5 seat=s round=w from=e",
            "w111 w222 w333 w4 b456 +w4 self seat=w round=n",
        ]
        .map(String::from),
    );
}
