//! A session driven from code (`Session`) against the batch: on 200 random sessions the
//! sheet the calls build equals the sheet `mjscore -f` builds from the file the session
//! writes (`Session::to_text`), player for player, and every hand's running totals are
//! those the batch prints after the same line.

use std::io;

use mjscore::batch::{self, Input, Settings};
use mjscore::corpus::{winning_hand, Rng};
use mjscore::render::{Format, Plain};
use mjscore::{rules, Options, RuleSet, Session};

/// A random session under `rules`: seatings from a pool of six names, hands from the
/// corpus naming their winner by seat letter or by player, draws, and undos. Lines the
/// session refuses (a winner named as his own discarder, say) are left out of its file.
fn random_session(seed: u64, rules: &RuleSet) -> Session<'_> {
    let mut rng = Rng::new(seed);
    let pool = ["Ann", "Bob", "Cho", "Dee", "Eve", "Fay"];
    let mut session = Session::new(rules);
    for i in 0..rng.below(30) + 2 {
        // Undoing the first seating leaves nobody seated: then a table sits down again.
        if i == 0 || session.players().is_none() || rng.chance(8) {
            let mut names = pool.to_vec();
            let seated: [&str; 4] = std::array::from_fn(|_| names.remove(rng.below(names.len())));
            session
                .seat(seated)
                .expect("names of the pool are players' names");
        } else if rng.chance(10) {
            session.draw().expect("a table is seated");
        } else if rng.chance(5) {
            session.undo();
        } else if rng.chance(5) {
            // A penalty to a player at the table, named by the start of the name.
            let players = session.players().expect("seated");
            let name = players[rng.below(4)][..2].to_string();
            session
                .penalty(&name, 1 + rng.below(60) as u32)
                .expect("a player at the table");
        } else {
            let hand = winning_hand(&mut rng);
            // The winner by player, at a seat the deal has moved, or by letter.
            let line = match (hand.contains("seat="), session.players()) {
                (false, Some(players)) if rng.chance(50) => {
                    format!("{hand} seat={}", players[rng.below(4)])
                }
                (false, _) => format!("{hand} seat=e"),
                (true, _) => hand,
            };
            let _ = session.record(&line);
        }
    }
    session
}

#[test]
fn a_session_from_code_is_the_batch_on_the_file_it_writes() {
    let mut hands = 0;
    for seed in 0..200u64 {
        let rules = [&rules::WSOM, &rules::DOUBLING, &rules::HUANG][seed as usize % 3];
        let session = random_session(seed, rules);
        let text = session.to_text();
        let output = Format::Json.renderer(rules, &Plain, None);
        let settings = Settings {
            rules,
            output: &*output,
            options: Options::default(),
            session_ahead: None,
        };
        let input = vec![Input {
            name: None,
            source: "session".into(),
            reader: Box::new(io::Cursor::new(text.clone())),
            read_ahead: false,
        }];
        let mut out = Vec::new();
        let summary = batch::run(input, &settings, &batch::Control::jobs(1), &mut out)
            .expect("writing to memory");
        // 1 when a hand is a false win (recorded as one), never 2: no line is an error.
        assert!(summary.exit_status() <= 1, "seed {seed}:\n{text}");
        assert_eq!(*summary.session, *session.sheet(), "seed {seed}:\n{text}");
        // One object a hand (a players: line prints nothing in JSON), in order.
        let objects: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let recorded: Vec<_> = session.steps().filter_map(|s| s.hand.as_ref()).collect();
        assert_eq!(objects.len(), recorded.len(), "seed {seed}");
        for (object, (_, entry)) in objects.iter().zip(recorded) {
            assert!(object.get("error").is_none(), "seed {seed}: {object}");
            for (name, total) in &entry.running {
                assert_eq!(
                    object["running"][name].as_i64(),
                    Some(*total),
                    "seed {seed}"
                );
            }
            hands += 1;
        }
    }
    // The sessions are not empty: most steps are hands.
    assert!(hands > 1_500, "{hands} hands");
}

#[test]
fn a_call_that_fails_changes_nothing() {
    let mut session = Session::new(&rules::WSOM);
    // Nobody seated: no hand, no draw.
    assert_eq!(
        session.draw().unwrap_err().message(),
        "nobody is seated: seat four players before the first hand"
    );
    assert_eq!(
        session
            .seat(["Ann", "Bob", "Cho", "Ann Lee"])
            .unwrap_err()
            .message(),
        "Ann Lee is not one word: a player's name has no space, comma or #"
    );
    assert_eq!(
        session.seat(["Ann", "Bob", "Cho", "ann"]).unwrap_err().message(),
        "Ann and ann would be read as the same player: names that differ only in case, in width or in characters that show nothing cannot be told apart; give each seat a name of its own"
    );
    assert_eq!(session.steps().len(), 0);
    session.seat(["Ann", "Bob", "Cho", "Dee"]).unwrap();
    // Bob cannot win on his own discard; Zed is nobody at the table; the last hand
    // names no winner.
    for line in [
        "b66 c12345678 d111 +c9 seat=Bob from=Bob",
        "b66 c12345678 d111 +c9 seat=Zed",
        "b66 c12345678 d111 +c9",
    ] {
        assert!(session.record(line).is_err(), "{line}");
    }
    assert_eq!(session.steps().len(), 1);
    assert_eq!(session.players(), Some(["Ann", "Bob", "Cho", "Dee"]));
    // The error at a player's name quotes it as written.
    assert!(session
        .record("b66 c12345678 d111 +c9 seat=Bob from=bob")
        .unwrap_err()
        .message()
        .contains("from=bob"));
}
