//! `cargo bench`: how long the steps of the pipeline take, over a fixed set of hands covering
//! every pattern, melds, kongs, irregular hands and both win kinds.
//! (Issue 4 replaces this set with a seeded corpus of 100,000 generated hands.)

use mjscore::rules::WSOM;
use mjscore::{parse, render, score};

fn main() {
    divan::main();
}

const HANDS: &[&str] = &[
    "b66 c12345678 d111 +c9 self seat=s",
    "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e",
    "c222333444 b789 d5 +d5 self seat=w",
    "d222 d888 c222 b44 b55 +b5 seat=e from=n",
    "b123345 d234678 e2 +e2",
    "[p d333] d456 d888 e333 w4 +w4 seat=n from=e",
    "c1112345678999 +c5 self",
    "e111 e222 e3 b234 c678 +e3 from=s",
    "[k b2222] [k b5555] [ck c7777] d444 e1 +e1 seat=s from=w",
    "b345345 d789789 c5 +c5 self",
    "b234234234234 d5 +d5 self",
    "b11123 c555 d999 w22 +b1 from=s",
    "b224466 c3366 d55 d8 +d8 self",
    "b19 c19 d19 w1234 e123 +e3 self last",
    "[ck d1111] b123 c456 c789 e2 +e2 kong last",
    "b1479 c258 d369 w12 e1 +e2 self",
];

#[divan::bench]
fn parse_only(bencher: divan::Bencher) {
    bencher
        .counter(divan::counter::ItemsCount::new(HANDS.len()))
        .bench(|| {
            for line in HANDS {
                divan::black_box(parse(divan::black_box(line)).unwrap());
            }
        });
}

#[divan::bench]
fn score_only(bencher: divan::Bencher) {
    let hands: Vec<_> = HANDS.iter().map(|l| parse(l).unwrap()).collect();
    bencher
        .counter(divan::counter::ItemsCount::new(HANDS.len()))
        .bench(|| {
            for hand in &hands {
                divan::black_box(score::score(divan::black_box(hand), &WSOM));
            }
        });
}

#[divan::bench]
fn line_to_json(bencher: divan::Bencher) {
    bencher
        .counter(divan::counter::ItemsCount::new(HANDS.len()))
        .bench(|| {
            for line in HANDS {
                let scored = mjscore::score_line(divan::black_box(line), &WSOM).unwrap();
                divan::black_box(render::json::scored(&scored, &WSOM, None));
            }
        });
}
