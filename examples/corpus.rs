//! Writes the benchmark corpus (or any size of it) as a hand list, one per line, for load
//! tests of the binary:
//!
//! ```sh
//! cargo run --release --example corpus -- 1000000 > hands.txt
//! /usr/bin/time -v target/release/mjscore -f hands.txt --format json > /dev/null
//! ```

use std::io::{self, BufWriter, Write};

fn main() -> io::Result<()> {
    let count = match std::env::args().nth(1).map(|n| n.parse::<usize>()) {
        None => 100_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("usage: corpus [COUNT]: {e}");
            std::process::exit(2);
        }
    };
    let seed = 2026;
    let mut rng = mjscore::corpus::Rng::new(seed);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..count {
        writeln!(out, "{}", mjscore::corpus::winning_hand(&mut rng))?;
    }
    out.flush()
}
