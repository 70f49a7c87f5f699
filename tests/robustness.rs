//! No input may panic the program, however malformed. A fixed-seed generator builds lines from
//! the notation's own pieces — tiles, brackets, words, stray characters — so that most lines
//! get deep into validation and scoring, and each is scored under both rule sets and rendered.
//! (`tests/properties.rs` and `fuzz/` add proptest and fuzzing on top of this.)

mod common;

use mjscore::render::Format;
use mjscore::render::{Ansi, Plain};
use mjscore::rules;

/// A small linear congruential generator: deterministic, no dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % below
    }
}

const PIECES: &[&str] = &[
    "b",
    "c",
    "d",
    "w",
    "e",
    "1",
    "2",
    "3",
    "4",
    "5",
    "9",
    "0",
    "11",
    "123",
    "999",
    "1111",
    " ",
    " ",
    " ",
    "[",
    "]",
    "[p ",
    "[c ",
    "[k ",
    "[ck ",
    "+",
    "+b5",
    "+e3",
    "self",
    "last",
    "kong",
    "rob",
    "heaven",
    "earth",
    "seat=",
    "from=",
    "resp=",
    "none",
    "s",
    "n",
    "=",
    "#",
    "\t",
    "é",
    "中",
    "x",
    "-",
    "b123",
    "c456",
    "d789",
    "w111",
    "e222",
    "b55",
    "[p d111]",
    "[c b345]",
    "[k e1111]",
    "[ck w2222]",
];

#[test]
fn generated_lines_never_panic() {
    let mut rng = Lcg(2026);
    let mut errors = 0;
    for _ in 0..20_000 {
        let mut line = String::new();
        for _ in 0..rng.next(24) {
            line.push_str(PIECES[rng.next(PIECES.len())]);
        }
        for rules in rules::ALL {
            match mjscore::score_line(&line, rules) {
                Ok(s) => {
                    let _ = common::rendered(Format::Text, rules, &Ansi, &s);
                    let _ = common::rendered(Format::Json, rules, &Plain, &s);
                }
                Err(e) => {
                    errors += 1;
                    assert!(
                        e.column() >= 1 && e.column() <= line.chars().count() + 1,
                        "{line:?}: {e}"
                    );
                    let _ = common::rendered_error(Format::Text, rules, &Plain, &line, &e);
                }
            }
        }
    }
    // Almost every such line is rejected (14 exact tiles rarely happen by chance); the next
    // test is the one that reaches arrangement and scoring.
    assert!(errors > 0);
}

#[test]
fn valid_hands_built_from_sets_never_panic() {
    // Random 4 sets + pair, with random melds and context: exercises arrangement and scoring.
    let mut rng = Lcg(7);
    let words = [
        "",
        " self",
        " last",
        " self last",
        " rob",
        " seat=s",
        " seat=w from=e",
        " resp=none",
        " seat=n resp=s",
    ];
    let mut scored = 0;
    for _ in 0..5_000 {
        let mut counts = [0u8; 34];
        let mut parts: Vec<String> = Vec::new();
        let mut concealed: Vec<String> = Vec::new();
        let take = |tile: usize, n: u8, counts: &mut [u8; 34]| {
            counts[tile] += n;
            counts[tile] <= 4
        };
        let name = |t: usize| -> String {
            let (letter, rank) = match t {
                0..=8 => ('b', t + 1),
                9..=17 => ('c', t - 8),
                18..=26 => ('d', t - 17),
                27..=30 => ('w', t - 26),
                _ => ('e', t - 30),
            };
            format!("{letter}{rank}")
        };
        let mut ok = true;
        for _ in 0..4 {
            let t = rng.next(34);
            let meld = rng.next(3) == 0;
            if rng.next(2) == 0 && t < 27 && t % 9 <= 6 {
                ok &= take(t, 1, &mut counts)
                    && take(t + 1, 1, &mut counts)
                    && take(t + 2, 1, &mut counts);
                let tiles = format!("{}{}{}", name(t), &name(t + 1)[1..], &name(t + 2)[1..]);
                if meld {
                    parts.push(format!("[c {tiles}]"))
                } else {
                    concealed.push(tiles)
                }
            } else if rng.next(4) == 0 {
                ok &= take(t, 4, &mut counts);
                let kind = if rng.next(2) == 0 { "k" } else { "ck" };
                parts.push(format!("[{kind} {}]", name(t).repeat(4)));
            } else {
                ok &= take(t, 3, &mut counts);
                let tiles = name(t).repeat(3);
                if meld {
                    parts.push(format!("[p {tiles}]"))
                } else {
                    concealed.push(tiles)
                }
            }
        }
        let pair = rng.next(34);
        ok &= take(pair, 2, &mut counts);
        if !ok {
            continue;
        }
        concealed.push(name(pair).repeat(2));
        // The winning tile: the last tile of some concealed group.
        let group = rng.next(concealed.len());
        let tiles = concealed[group]
            .split_at(concealed[group].len() - 2)
            .0
            .to_string();
        let winning = concealed[group][concealed[group].len() - 2..].to_string();
        concealed[group] = tiles;
        let line = format!(
            "{} {} +{winning}{}",
            parts.join(" "),
            concealed.join(" "),
            words[rng.next(words.len())]
        );
        for rules in rules::ALL {
            if let Ok(s) = mjscore::score_line(&line, rules) {
                scored += 1;
                let _ = common::rendered(Format::Text, rules, &Plain, &s);
            }
        }
    }
    println!("{scored} scored of {} lines", 2 * 5_000);
    assert!(scored > 2_000, "only {scored} hands scored");
}
