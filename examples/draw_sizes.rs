//! The seat draw's sizes (docs/events.md): for each players × rounds, the draw for seed 1,
//! how long it took, and what it achieved, counted here apart from the program: the
//! meetings of a pair after its first, and the widest spread of a wind's count between two
//! players. Exits 1 when a size of the goal (a draw where no two meet twice, each wind
//! within one) misses it. With `--harder`, the harder sizes after them are reported too
//! (about a minute). `.ci/run` runs the goal's sizes; `benches/draw.sh` all of them.
//!
//!     cargo run --release --example draw_sizes [--harder] [SEED]

use std::collections::HashMap;
use std::time::Instant;

use mjscore::event::Event;

/// The goal's sizes, then the harder ones reported.
const GOAL: [(usize, usize); 6] = [(24, 6), (28, 6), (32, 6), (36, 4), (40, 4), (44, 4)];
const HARDER: [(usize, usize); 6] = [(24, 7), (32, 8), (28, 7), (36, 6), (48, 8), (100, 8)];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let harder = args.iter().any(|a| a == "--harder");
    let seed = (args.iter()).find_map(|a| a.parse().ok()).unwrap_or(1);
    let mut sizes = GOAL.to_vec();
    if harder {
        sizes.extend(HARDER);
    }
    let mut missed = false;
    println!("players × rounds  seconds  repeats  wind spread  (seed {seed})");
    for (i, (players, rounds)) in sizes.into_iter().enumerate() {
        let event = Event::quick(players, rounds).expect("a multiple of four");
        let start = Instant::now();
        let draw = event.draw(seed);
        let seconds = start.elapsed().as_secs_f64();
        // Counted here: every player once a round, each pair's meetings, each wind's count.
        let mut meets: HashMap<(usize, usize), usize> = HashMap::new();
        let mut winds = vec![[0usize; 4]; players];
        for round in &draw.rounds {
            let mut seated: Vec<usize> = round.iter().flatten().copied().collect();
            seated.sort_unstable();
            assert_eq!(seated, (0..players).collect::<Vec<_>>());
            for table in round {
                for (wind, &a) in table.iter().enumerate() {
                    winds[a][wind] += 1;
                    for &b in &table[wind + 1..] {
                        *meets.entry((a.min(b), a.max(b))).or_default() += 1;
                    }
                }
            }
        }
        let repeats: usize = meets.values().map(|m| m - 1).sum();
        let spread = (0..4)
            .map(|w| {
                let counts = winds.iter().map(|c| c[w]);
                counts.clone().max().unwrap_or(0) - counts.min().unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        assert_eq!((repeats, spread), (draw.repeats, draw.wind_spread));
        let in_goal = i < GOAL.len();
        let miss = in_goal && (repeats > 0 || spread > 1);
        missed |= miss;
        println!(
            "{players:>7} × {rounds:<2}      {seconds:>7.2}  {repeats:>7}  {spread:>11}{}",
            if miss {
                "  MISSED"
            } else if in_goal {
                ""
            } else {
                "  (reported)"
            }
        );
    }
    if missed {
        std::process::exit(1);
    }
}
