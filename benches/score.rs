//! `cargo bench`: the pipeline's steps over a fixed corpus of 100,000 generated winning hands
//! (`mjscore::corpus`, seed 2026: melds, kongs, Seven Pairs, Thirteen Terminals, self-draws,
//! discards, last tile, robbing, heaven and earth). Each figure is for the whole corpus, so
//! divan's "items" throughput is hands (or lines) per second.
//!
//! The `waits` figures are over 10,000 hands before their win: corpus hands less their
//! winning tile (skipping the contexts `waits` refuses: kong, rob, heaven, earth); the
//! `discards` figures over the same hands with their winning tile drawn (14 tiles: which
//! discard leaves them calling, and on what).

use std::io;

use mjscore::analysis;
use mjscore::batch::{self, Input, Settings};
use mjscore::hand::Holding;
use mjscore::line::{parse, parse_holding};
use mjscore::render::Format;
use mjscore::render::Plain;
use mjscore::rules::{HUANG, WSOM};
use mjscore::tile::KINDS;
use mjscore::waits::distance;
use mjscore::RuleSet;
use mjscore::{corpus, score, Options};

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

/// The same corpus scored under Huang's table (read with its words; the hands it refuses,
/// those with `resp=`, are left out), to compare with `score_only` per hand.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn score_only_huang(bencher: divan::Bencher) {
    let hands: Vec<_> = corpus()
        .iter()
        .filter_map(|l| mjscore::line::parse_for(l, &HUANG).ok())
        .collect();
    bencher
        .counter(divan::counter::ItemsCount::new(hands.len()))
        .bench(|| {
            for hand in &hands {
                divan::black_box(score::score(divan::black_box(hand), &HUANG));
            }
        });
}

/// The whole batch path: bytes in, JSON Lines out (to a sink), as `mjscore --format json`.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn batch_json(bencher: divan::Bencher) {
    let input: Vec<u8> = corpus().join("\n").into_bytes();
    let output = Format::Json.renderer(&WSOM, &Plain, None);
    let settings = Settings {
        rules: &WSOM,
        output: &*output,
        options: Options::default(),
        session_ahead: None,
    };
    bencher
        .counter(divan::counter::ItemsCount::new(HANDS))
        .bench(|| {
            let inputs = vec![Input {
                name: None,
                source: "the corpus".to_string(),
                reader: Box::new(io::Cursor::new(input.clone())),
                read_ahead: false,
            }];
            batch::run(inputs, &settings, &batch::Control::jobs(1), &mut io::sink()).unwrap()
        });
}

const WAITING: usize = 10_000;

/// 10,000 hands before their win, from the corpus.
fn before_the_win() -> Vec<Holding> {
    before_the_win_under(&WSOM, false)
}

/// The hands of [`before_the_win`] read with the words of `rules` (those it refuses left
/// out), with their winning tile drawn when `drawn` (14 tiles).
fn before_the_win_under(rules: &RuleSet, drawn: bool) -> Vec<Holding> {
    corpus::winning_hands(2026, 2 * WAITING)
        .iter()
        .filter_map(|line| {
            let hand = parse(line).unwrap();
            let mut before = corpus::before_the_win(&hand)?;
            if drawn {
                before = format!("{before} {}", hand.winning_tile()?);
            }
            parse_holding(&before, rules).ok()
        })
        .take(WAITING)
        .collect()
}

/// Every wait of each hand, valued both ways (the `waits` analysis without rendering).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn waits(bencher: divan::Bencher) {
    let hands = before_the_win();
    bencher
        .counter(divan::counter::ItemsCount::new(hands.len()))
        .bench(|| {
            for hand in &hands {
                divan::black_box(analysis::waits(divan::black_box(hand), &WSOM));
            }
        });
}

/// [`waits`] under Huang's table.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn waits_huang(bencher: divan::Bencher) {
    let hands = before_the_win_under(&HUANG, false);
    bencher
        .counter(divan::counter::ItemsCount::new(hands.len()))
        .bench(|| {
            for hand in &hands {
                divan::black_box(analysis::waits(divan::black_box(hand), &HUANG));
            }
        });
}

/// The 14-tile analysis: every discard that leaves the hand calling, with its waits.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn discards(bencher: divan::Bencher) {
    let hands = before_the_win_under(&WSOM, true);
    bencher
        .counter(divan::counter::ItemsCount::new(hands.len()))
        .bench(|| {
            for hand in &hands {
                divan::black_box(analysis::discards(divan::black_box(hand), &WSOM));
            }
        });
}

/// [`discards`] under Huang's table.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn discards_huang(bencher: divan::Bencher) {
    let hands = before_the_win_under(&HUANG, true);
    bencher
        .counter(divan::counter::ItemsCount::new(hands.len()))
        .bench(|| {
            for hand in &hands {
                divan::black_box(analysis::discards(divan::black_box(hand), &HUANG));
            }
        });
}

fn counts_before_the_win() -> Vec<([u8; KINDS], usize)> {
    before_the_win()
        .iter()
        .map(|h| (h.concealed_counts(), h.melds.len()))
        .collect()
}

/// The calling distance, its per-suit cache warm (after the first sample).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn calling_distance(bencher: divan::Bencher) {
    let hands = counts_before_the_win();
    bencher
        .counter(divan::counter::ItemsCount::new(hands.len()))
        .bench(|| {
            for (counts, melds) in &hands {
                let counts = divan::black_box(counts);
                divan::black_box(distance::calling_distance(counts, *melds, WSOM.shapes()));
            }
        });
}

/// The calling distance from a cold cache: each sample runs on a new thread.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn calling_distance_cold(bencher: divan::Bencher) {
    let hands = std::sync::Arc::new(counts_before_the_win());
    bencher
        .counter(divan::counter::ItemsCount::new(hands.len()))
        .bench(|| {
            let hands = hands.clone();
            std::thread::spawn(move || {
                for (counts, melds) in hands.iter() {
                    let counts = divan::black_box(counts);
                    divan::black_box(distance::calling_distance(counts, *melds, WSOM.shapes()));
                }
            })
            .join()
            .unwrap()
        });
}
