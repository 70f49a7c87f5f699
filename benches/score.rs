//! `cargo bench`: the pipeline's steps over a fixed corpus of 100,000 generated winning hands
//! (`mjscore::corpus`, seed 2026: melds, kongs, Seven Pairs, Thirteen Terminals, self-draws,
//! discards, last tile, robbing, heaven and earth). Each figure is for the whole corpus, so
//! divan's "items" throughput is hands (or lines) per second.

use std::io;

use mjscore::batch::{self, Input, Settings};
use mjscore::render::Format;
use mjscore::rules::WSOM;
use mjscore::{corpus, parse, score, Options};

const HANDS: usize = 100_000;

fn main() {
    divan::main();
}

fn corpus() -> Vec<String> {
    corpus::winning_hands(2026, HANDS)
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn parse_only(bencher: divan::Bencher) {
    let lines = corpus();
    bencher
        .counter(divan::counter::ItemsCount::new(HANDS))
        .bench(|| {
            for line in &lines {
                divan::black_box(parse(divan::black_box(line)).unwrap());
            }
        });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn score_only(bencher: divan::Bencher) {
    let hands: Vec<_> = corpus().iter().map(|l| parse(l).unwrap()).collect();
    bencher
        .counter(divan::counter::ItemsCount::new(HANDS))
        .bench(|| {
            for hand in &hands {
                divan::black_box(score::score(divan::black_box(hand), &WSOM));
            }
        });
}

/// The whole batch path: bytes in, JSON Lines out (to a sink), as `mjscore --format json`.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn batch_json(bencher: divan::Bencher) {
    let input: Vec<u8> = corpus().join("\n").into_bytes();
    let settings = Settings {
        rules: &WSOM,
        format: Format::Json,
        options: Options::default(),
        color: false,
    };
    bencher
        .counter(divan::counter::ItemsCount::new(HANDS))
        .bench(|| {
            let inputs = vec![Input {
                name: None,
                source: "the corpus".to_string(),
                reader: Box::new(io::Cursor::new(input.clone())),
            }];
            batch::run(inputs, &settings, &mut io::sink()).unwrap()
        });
}
