//! Writes the benchmark corpus (or any size of it) as a hand list, one per line, for load
//! tests of the binary:
//!
//! ```sh
//! cargo run --release --example corpus -- 1000000 > hands.txt
//! /usr/bin/time -v target/release/mjscore -f hands.txt --format json > /dev/null
//! ```
//!
//! With `--before-the-win`, each hand is written as it stood before its win (without its
//! winning tile), for `mjscore waits`; the hands `waits` cannot take (a win on a kong's tile,
//! robbing a kong, the blessings) are skipped, so there may be fewer lines than COUNT. With
//! `--drawn`, the same hands with their winning tile drawn (14 tiles: which discard leaves
//! them calling), as the `discards` benchmark reads them.

use std::io::{self, BufWriter, Write};

fn main() -> io::Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| match args.iter().position(|a| a == name) {
        Some(at) => {
            args.remove(at);
            true
        }
        None => false,
    };
    let drawn = flag("--drawn");
    let before_the_win = flag("--before-the-win") || drawn;
    let count = match args.first().map(|n| n.parse::<usize>()) {
        None => 100_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("usage: corpus [--before-the-win | --drawn] [COUNT]: {e}");
            std::process::exit(2);
        }
    };
    let seed = 2026;
    let mut rng = mjscore::corpus::Rng::new(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..count {
        let line = mjscore::corpus::winning_hand(&mut rng);
        if !before_the_win {
            writeln!(out, "{line}")?;
            continue;
        }
        let hand = mjscore::line::parse(&line).expect("a corpus hand parses");
        let Some(before) = mjscore::corpus::before_the_win(&hand) else {
            continue;
        };
        match hand.winning_tile() {
            Some(tile) if drawn => writeln!(out, "{before} {tile}")?,
            _ => writeln!(out, "{before}")?,
        }
    }
    out.flush()
}
