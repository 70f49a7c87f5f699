//! The event's seat draw (docs/events.md): every round seats every player once at a table
//! of four; the repeats, team mates and wind spread a draw reports are those counted here,
//! apart from the program; a draw is the same for a seed; sizes where no two need meet
//! twice get a draw where none do, and the others the fewest meetings any draw can have.
//! The larger sizes of the docs are proved with the release build in `.ci/run`
//! (benches/draw.sh).

mod common;

use std::collections::HashMap;

use common::Mjscore;
use mjscore::event::{Draw, Event};

/// What a draw is, counted here: repeats (meetings of a pair after its first), pairs of
/// team mates at a table, and the widest spread of a wind's count between two players;
/// asserting on the way that each round seats each player exactly once.
fn counted(event: &Event, draw: &Draw) -> (usize, usize, usize) {
    let n = event.players.len();
    let mut meets: HashMap<(usize, usize), usize> = HashMap::new();
    let mut team_mates = 0;
    let mut winds = vec![[0usize; 4]; n];
    assert_eq!(draw.rounds.len(), event.rounds);
    for round in &draw.rounds {
        assert_eq!(round.len(), n / 4);
        let mut seated: Vec<usize> = round.iter().flatten().copied().collect();
        seated.sort_unstable();
        assert_eq!(
            seated,
            (0..n).collect::<Vec<_>>(),
            "each player once a round"
        );
        for table in round {
            for (wind, &a) in table.iter().enumerate() {
                winds[a][wind] += 1;
                for &b in &table[wind + 1..] {
                    *meets.entry((a.min(b), a.max(b))).or_default() += 1;
                    let team = |p: usize| event.players[p].team.as_deref();
                    if team(a).is_some() && team(a) == team(b) {
                        team_mates += 1;
                    }
                }
            }
        }
    }
    let repeats = meets.values().map(|&m| m - 1).sum();
    let spread = (0..4)
        .map(|w| {
            let counts = winds.iter().map(|c| c[w]);
            counts.clone().max().unwrap() - counts.min().unwrap()
        })
        .max()
        .unwrap();
    (repeats, team_mates, spread)
}

#[test]
fn sizes_where_nobody_need_meet_twice_are_drawn_so_and_the_winds_within_one() {
    // 3 × rounds ≤ players − 1: each player can meet 3 new players every round.
    for (players, rounds) in [(16, 4), (16, 5), (20, 5), (28, 4), (40, 3)] {
        let event = Event::quick(players, rounds).unwrap();
        for seed in [1, 2, 3] {
            let draw = event.draw(seed);
            let (repeats, team_mates, spread) = counted(&event, &draw);
            assert_eq!(
                (repeats, draw.repeats),
                (0, 0),
                "{players}×{rounds} seed {seed}"
            );
            assert_eq!((team_mates, draw.team_mates), (0, 0));
            assert_eq!(draw.wind_spread, spread);
            // Rounds a multiple of four: each player at each wind equally often.
            assert!(
                spread <= usize::from(rounds % 4 != 0),
                "{players}×{rounds}: {spread}"
            );
            assert_eq!(event.draw(seed), draw, "the same seed, the same draw");
        }
    }
}

#[test]
fn more_rounds_than_new_faces_give_the_fewest_repeats_any_draw_can() {
    // 8 players, 3 rounds: each meets 9 others' seats but only 7 others exist, so each has
    // 2 repeats at least, counted by both: 8 × 2 / 2 = 8. 12 × 5: 15 − 11 = 4 each, 24.
    // 4 × 3: one table, all 6 pairs meet again in rounds 2 and 3: 12. 8 × 2: each table of
    // round 2 seats 4 of round 1's 2 tables, 2 + 2 at best, 2 pairs again: 4 in all.
    // 12 × 2: 4 from 3 tables, 2 + 1 + 1 at best: 1 pair a table, 3 in all.
    for (players, rounds, fewest) in [(8, 3, 8), (12, 5, 24), (4, 3, 12), (8, 2, 4), (12, 2, 3)] {
        let event = Event::quick(players, rounds).unwrap();
        let draw = event.draw(7);
        assert_eq!(counted(&event, &draw).0, fewest, "{players}×{rounds}");
        assert_eq!(draw.repeats, fewest);
    }
}

#[test]
fn team_mates_never_share_a_table() {
    // 16 players in 4 teams of 4 (each team one of each letter): over 4 rounds no two of
    // a team meet, and still nobody meets twice.
    let names: Vec<String> = (0..16).map(|i| format!("p{i}")).collect();
    let csv: String = std::iter::once("name,team,country".to_string())
        .chain(
            names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{n},T{},HK", i % 4)),
        )
        .collect::<Vec<_>>()
        .join("\n");
    let text = "name = \"Teams\"\nrules = \"wsom\"\nrounds = 4\nhands = 16\nplayers = \"p.csv\"\n";
    let event = Event::parse(text, |name| {
        assert_eq!(name, "p.csv");
        Ok(csv.clone())
    })
    .unwrap();
    assert_eq!(event.players[5].team.as_deref(), Some("T1"));
    assert_eq!(event.players[5].country.as_deref(), Some("HK"));
    for seed in 1..=3 {
        let draw = event.draw(seed);
        assert_eq!(counted(&event, &draw), (0, 0, 0), "seed {seed}");
    }
}

#[test]
fn substitutes_fill_the_last_table_and_a_short_count_says_what_to_do() {
    let file = |players: &str, substitutes: &str| {
        format!("name = \"Club\"\nrules = \"zj\"\nrounds = 2\nhands = 8\nplayers = [{players}]\nsubstitutes = [{substitutes}]\n")
    };
    // 6 players and two substitutes: the first two fill the table, the third waits.
    let six = "\"A1\", \"B1\", \"C1\", \"D1\", \"E1\", \"F1\"";
    let event = Event::parse(&file(six, "\"S1\", \"S2\", \"S3\""), |_| unreachable!()).unwrap();
    let names: Vec<&str> = event.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["A1", "B1", "C1", "D1", "E1", "F1", "S1", "S2"]);
    let error = Event::parse(&file(six, "\"S1\""), |_| unreachable!()).unwrap_err();
    assert_eq!(
        (error.line, error.column, error.message.as_str()),
        (5, 11, "6 players do not make tables of four: name 2 more, or 2 substitutes (substitutes = [\"…\"]) to fill the last table (the file names 1)")
    );
}

#[test]
fn an_event_file_error_names_its_line_and_column() {
    let cases = [
        // A key the file does not know.
        ("name = \"C\"\nrules = \"wsom\"\nrounds = 2\nhands = 8\nseats = 4\nplayers = []\n", 5, 1),
        // A name a sheet cannot write: at its opening quote, column 22 of
        // `players = ["A", "B", "C D", "E"]`.
        ("name = \"C\"\nrules = \"wsom\"\nrounds = 2\nhands = 8\nplayers = [\"A\", \"B\", \"C D\", \"E\"]\n", 5, 22),
        // Rounds out of range.
        ("name = \"C\"\nrules = \"wsom\"\nrounds = 0\nhands = 8\nplayers = [\"A\", \"B\", \"C\", \"D\"]\n", 3, 10),
        // Two players a sheet cannot tell apart.
        ("name = \"C\"\nrules = \"wsom\"\nrounds = 1\nhands = 8\nplayers = [\"Ann\", \"ANN\", \"C\", \"D\"]\n", 5, 11),
    ];
    for (text, line, column) in cases {
        let error = Event::parse(text, |_| unreachable!()).unwrap_err();
        assert_eq!(
            (error.line, error.column),
            (line, column),
            "{text}: {}",
            error.message
        );
    }
}

#[test]
fn the_command_line_writes_one_json_object_a_table() {
    // 8 players, 2 rounds: 2 tables a round, 4 objects, each seating 4 of "1" … "8".
    let run = Mjscore::new(&[
        "event",
        "draw",
        "--players",
        "8",
        "--rounds",
        "2",
        "--format",
        "json",
    ])
    .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 4);
    for (i, object) in objects.iter().enumerate() {
        assert_eq!(object["round"], i / 2 + 1);
        assert_eq!(object["table"], i % 2 + 1);
        assert_eq!(object["seats"].as_array().unwrap().len(), 4);
        assert_eq!(object.as_object().unwrap().len(), 3);
    }
    let tsv = Mjscore::new(&[
        "event",
        "draw",
        "--players",
        "8",
        "--rounds",
        "2",
        "--format",
        "tsv",
    ])
    .run();
    assert_eq!(
        tsv.stdout.lines().next(),
        Some("round\ttable\teast\tsouth\twest\tnorth")
    );
    assert_eq!(tsv.stdout.lines().count(), 5);
    // 18 players: refused, with what to do.
    let short = Mjscore::new(&["event", "draw", "--players", "18", "--rounds", "2"]).run();
    assert_eq!(short.code, 2);
    assert_eq!(
        short.stderr,
        "mjscore: 18 players do not make tables of four: name 2 more, or 2 substitutes (substitutes = [\"…\"]) to fill the last table\n"
    );
}

#[test]
fn the_club_night_of_the_docs_keeps_its_couples_apart() {
    // docs/examples/events/club-night.toml: 16 players, 4 rounds, Ann and Bob (team Lee)
    // and Cho and Dee (team Wong). For every seed: nobody meets twice, no couple at one
    // table, and over 4 rounds each player starts once at each wind.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/events");
    let text = std::fs::read_to_string(dir.join("club-night.toml")).unwrap();
    let event = Event::parse(&text, |name| std::fs::read_to_string(dir.join(name))).unwrap();
    assert_eq!(event.players.len(), 16);
    assert_eq!(
        (event.rounds, event.hands, event.rules.as_str()),
        (4, 8, "wsom")
    );
    let teams: Vec<_> = event
        .players
        .iter()
        .filter_map(|p| p.team.as_deref())
        .collect();
    assert_eq!(teams, ["Lee", "Lee", "Wong", "Wong"]);
    for seed in 1..=5 {
        assert_eq!(counted(&event, &event.draw(seed)), (0, 0, 0), "seed {seed}");
    }
}

#[test]
fn what_an_event_file_refuses() {
    let file = |rules: &str, players: &str| {
        format!("name = \"C\"\nrules = \"{rules}\"\nrounds = 1\nhands = 8\nplayers = {players}\n")
    };
    let four = "[\"A\", \"B\", \"C\", \"D\"]";
    let refused = |text: &str| {
        Event::parse(text, |_| Err(std::io::ErrorKind::NotFound.into()))
            .unwrap_err()
            .message
    };
    assert!(refused(&file("wsomm", four)).starts_with("rules names the rule set"));
    assert!(refused(&file("wsom", "4")).starts_with("players is a list of names"));
    assert!(
        refused(&file("wsom", "[\"A\", \"B\", \"C\", \"D\\u001b[2J\"]"))
            .contains("acts on a terminal")
    );
    assert!(refused(&file("wsom", "[\"A\", \"B\", \"C\", \"self\"]"))
        .starts_with("self cannot be a player's name"));
    assert!(
        refused(&file("wsom", "\"gone.csv\"")).starts_with("cannot read the players file gone.csv")
    );
    // A rules file beside the event is taken as named.
    assert_eq!(
        Event::parse(&file("club.toml", four), |_| unreachable!())
            .unwrap()
            .rules,
        "club.toml"
    );
}

#[test]
fn a_draw_that_cannot_keep_team_mates_apart_exits_1_and_says_so() {
    // 8 players, all of one team: every table seats team mates (6 pairs a table, 2 tables,
    // 2 rounds: 24), and round 2 meets 4 pairs again (the fewest any draw has). The draw is
    // written all the same; standard error says what it achieved, and the status is 1.
    let dir = std::env::temp_dir().join(format!("mjscore-events-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv: String = std::iter::once("name,team".to_string())
        .chain((1..=8).map(|i| format!("p{i},X")))
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(dir.join("p.csv"), csv).unwrap();
    let event = dir.join("one-team.toml");
    std::fs::write(
        &event,
        "name = \"One team\"\nrules = \"wsom\"\nrounds = 2\nhands = 4\nplayers = \"p.csv\"\n",
    )
    .unwrap();
    let run = Mjscore::new(&["event", "draw", event.to_str().unwrap(), "--format", "tsv"]).run();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 5);
    assert_eq!(
        run.stderr,
        "mjscore: 4 meetings of pairs after their first (as few as any draw can have); 24 pairs of team mates at one table; each player starts at each wind within one time of every other\n"
    );
}
