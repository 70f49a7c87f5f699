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
    let draw = |format: &str| {
        Mjscore::new(&[
            "event",
            "draw",
            "--players",
            "8",
            "--rounds",
            "2",
            "--format",
            format,
        ])
        .run()
    };
    let run = draw("json");
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
    let tsv = draw("tsv");
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
        "mjscore: 18 players do not make tables of four: draw for 16 or 20, or name the players in an event file with substitutes to fill the last table\n"
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

/// The sheets of docs/examples/events/pairs-night: (file name, text).
fn pairs_night() -> (Event, Vec<(String, String)>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/events");
    let text = std::fs::read_to_string(dir.join("pairs-night.toml")).unwrap();
    let event = Event::parse(&text, |_| unreachable!()).unwrap();
    let sheets = ["pairs-night-1.1.txt", "pairs-night-1.2.txt"]
        .map(|name| {
            (
                name.to_string(),
                std::fs::read_to_string(dir.join(name)).unwrap(),
            )
        })
        .to_vec();
    (event, sheets)
}

#[test]
fn the_pairs_night_is_ranked_by_table_points_then_points_then_the_lists_order() {
    // Table 1.1 (Hal Eve Dee Cho): Eve self-draws 1.2 + 7.1 = 45, each pays 45: Eve 135,
    // the others −45; then a draw. Places: Eve 4; Hal, Dee, Cho share 2 + 1 + 0: 1 each.
    // Table 1.2 (Bob Fay Gus Ann): Gus (West) wins 3.1 + 4.1 + 4.2.1 = 45 on Fay's
    // discard: over 25, Fay pays 3 × 45 − 50 = 85, Bob and Ann 25; the deal passes (Fay
    // East, Gus South, Ann West, Bob North) and Ann wins 1.2 + 7.1 = 45 on Gus's discard:
    // Gus 85, Fay and Bob 25. Gus 135 − 85 = 50, Ann 110, Fay −110, Bob −50.
    // Places: Ann 4, Gus 2, Bob 1, Fay 0.
    // Ranked: table points, then points (Eve 135 before Ann 110; the three −45 before Bob
    // −50), then wins, fewest dealt in, biggest (all equal among Cho, Dee, Hal) and the
    // players list's order: Cho, Dee, Hal.
    let (event, sheets) = pairs_night();
    let standings = event
        .standings(
            &mjscore::rules::WSOM,
            &event.draw(event.seed),
            &sheets,
            false,
        )
        .unwrap();
    let rows: Vec<(usize, &str, i64, f64, usize, usize)> = (standings.ranked.iter())
        .map(|r| {
            (
                r.rank,
                r.name.as_str(),
                r.points,
                r.table_points,
                r.wins,
                r.dealt_in,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (1, "Eve", 135, 4.0, 1, 0),
            (2, "Ann", 110, 4.0, 1, 0),
            (3, "Gus", 50, 2.0, 1, 1),
            (4, "Cho", -45, 1.0, 0, 0),
            (5, "Dee", -45, 1.0, 0, 0),
            (6, "Hal", -45, 1.0, 0, 0),
            (7, "Bob", -50, 1.0, 0, 0),
            (8, "Fay", -110, 0.0, 0, 1),
        ]
    );
    assert!(standings.missing.is_empty());
}

#[test]
fn every_check_of_the_sheets_catches_its_broken_file() {
    let (event, sheets) = pairs_night();
    let draw = event.draw(event.seed);
    let check = |sheets: &[(String, String)], allow: bool| {
        event.standings(&mjscore::rules::WSOM, &draw, sheets, allow)
    };
    let with = |i: usize, from: &str, to: &str| {
        let mut changed = sheets.clone();
        changed[i].1 = changed[i].1.replace(from, to);
        assert_ne!(changed[i].1, sheets[i].1, "{from}");
        changed
    };
    let problems = |sheets: Vec<(String, String)>| check(&sheets, false).unwrap_err();
    // The wrong players: Ann and Hal change places.
    let broken = with(0, "players: Hal Eve Dee Cho", "players: Ann Eve Dee Cho");
    assert!(problems(broken)
        .iter()
        .any(|p| p.starts_with("pairs-night-1.1.txt: table 1.1 seats")
            && p.ends_with("but the draw seated Hal Eve Dee Cho there")));
    // The wrong rules.
    let broken = with(1, "rules: wsom", "rules: zj");
    assert_eq!(
        problems(broken),
        ["pairs-night-1.2.txt:1: the sheet states rules: zj, but the event plays wsom"]
    );
    // A table twice.
    let mut twice = sheets.clone();
    twice.push(("copy.txt".to_string(), sheets[0].1.clone()));
    assert_eq!(
        problems(twice),
        ["copy.txt: table 1.1 comes twice, in pairs-night-1.1.txt too"]
    );
    // A missing table; allowed, it is listed.
    let one = vec![sheets[0].clone()];
    assert_eq!(problems(one.clone()), ["table 1.2: no sheet"]);
    let incomplete = check(&one, true).unwrap();
    assert_eq!(incomplete.missing, ["table 1.2: no sheet"]);
    // A hand too many, a hand short (allowed, listed), a line that cannot be read.
    let broken = with(0, "draw\n", "draw\ndraw\n");
    assert_eq!(
        problems(broken),
        ["pairs-night-1.1.txt: 3 hands, 1 more than the event's 2 a round"]
    );
    let short = with(0, "draw\n", "");
    assert_eq!(
        problems(short.clone()),
        ["pairs-night-1.1.txt: table 1.1 lacks 1 of its 2 hands"]
    );
    assert_eq!(
        check(&short, true).unwrap().missing,
        ["pairs-night-1.1.txt: table 1.1 lacks 1 of its 2 hands"]
    );
    let broken = with(0, "draw\n", "b123 +b4 seat=Eve\n");
    assert!(problems(broken)[0].starts_with("pairs-night-1.1.txt:5: column "));
    // No table: line; a table the event does not have.
    let broken = with(0, "table: 1.1\n", "");
    assert_eq!(problems(broken)[0], "pairs-night-1.1.txt: no table: line: write table: R.T (round R, table T) before its players: line");
    let broken = with(0, "table: 1.1", "table: 2.1");
    assert_eq!(
        problems(broken)[0],
        "pairs-night-1.1.txt: table 2.1 is not one of the event's (1 round of 2 tables)"
    );
    // A player at two tables of a round: table 1.2's sheet seats table 1.1's players.
    let broken = with(1, "table: 1.2", "table: 1.1");
    let found = problems(broken);
    assert!(found.iter().any(|p| p.contains("seats") && p.contains("but the draw seated Hal Eve Dee Cho there")), "{found:?}");
}

#[test]
fn an_event_played_out_ranks_the_sum_of_its_tables_summaries() {
    // 16 players, 3 rounds of 6 hands: every table's sheet made from corpus hands, each
    // won by a player named at random or drawn. Each player's points are the sum, over
    // their tables, of what `mjscore -f SHEET --summary` gives them (the batch's sheet),
    // worked here table by table.
    use mjscore::batch::{self, Input, Settings};
    use mjscore::corpus::{winning_hand, Rng};
    let event = Event::quick(16, 3).unwrap();
    let draw = event.draw(event.seed);
    let mut rng = Rng::new(2026);
    let mut sheets = Vec::new();
    let mut expected: HashMap<String, (i64, usize)> = HashMap::new();
    for (r, round) in draw.rounds.iter().enumerate() {
        for (t, table) in round.iter().enumerate() {
            let names: Vec<&str> = table
                .iter()
                .map(|&p| event.players[p].name.as_str())
                .collect();
            let mut text = format!(
                "rules: wsom\ntable: {}.{}\nplayers: {}\n",
                r + 1,
                t + 1,
                names.join(" ")
            );
            let mut hands = 0;
            while hands < 16 {
                let line = if rng.chance(10) {
                    "draw".to_string()
                } else {
                    let hand = winning_hand(&mut rng);
                    if hand.contains("seat=") || hand.contains("from=") || hand.contains("resp=") {
                        continue;
                    }
                    format!("{hand} seat={}", names[rng.below(4)])
                };
                text.push_str(&line);
                text.push('\n');
                hands += 1;
            }
            // The batch's summary of this sheet alone.
            let rules = &mjscore::rules::WSOM;
            let output =
                mjscore::render::Format::Json.renderer(rules, &mjscore::render::Plain, None);
            let settings = Settings {
                rules,
                output: &*output,
                options: mjscore::Options::default(),
                session_ahead: None,
            };
            let input = vec![Input {
                name: None,
                source: "sheet".into(),
                reader: Box::new(std::io::Cursor::new(text.clone())),
                read_ahead: false,
            }];
            let summary =
                batch::run(input, &settings, &batch::Control::jobs(1), &mut Vec::new()).unwrap();
            assert!(summary.exit_status() <= 1, "{text}");
            for standing in summary.session.standings() {
                let entry = expected.entry(standing.name.clone()).or_default();
                entry.0 += standing.total;
                entry.1 += standing.won;
            }
            sheets.push((format!("{}.{}.txt", r + 1, t + 1), text));
        }
    }
    let standings = event
        .standings(&mjscore::rules::WSOM, &draw, &sheets, false)
        .unwrap();
    assert_eq!(standings.ranked.len(), 16);
    for ranked in &standings.ranked {
        assert_eq!(
            (ranked.points, ranked.wins),
            expected[&ranked.name],
            "{}",
            ranked.name
        );
        assert_eq!(ranked.rounds.iter().flatten().sum::<i64>(), ranked.points);
    }
    assert_eq!(standings.ranked.iter().map(|r| r.points).sum::<i64>(), 0);
    // Best first, by points (the default ranking).
    assert!(standings
        .ranked
        .windows(2)
        .all(|w| w[0].points >= w[1].points));
    // Each table's places give 4 + 2 + 1 + 0 = 7 table points, however they tie: 12 tables.
    assert_eq!(
        standings.ranked.iter().map(|r| r.table_points).sum::<f64>(),
        7.0 * 12.0
    );
}

#[test]
fn the_standings_as_an_ema_upload_and_as_a_page_for_a_projector() {
    // The pairs night (worked above): the EMA columns, best first; ids and countries are
    // not given, so empty. The page holds each player's row and one line a player.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/events");
    let page = std::env::temp_dir().join(format!("mjscore-standings-{}.html", std::process::id()));
    let arg = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (event, one, two) = (
        arg("pairs-night.toml"),
        arg("pairs-night-1.1.txt"),
        arg("pairs-night-1.2.txt"),
    );
    let run = Mjscore::new(&[
        "event",
        "standings",
        &event,
        &one,
        &two,
        "--ema",
        "--html",
        page.to_str().unwrap(),
    ])
    .run();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "Place,Name,ID,Table points,Score,Country\n1,Eve,,4,135,\n2,Ann,,4,110,\n3,Gus,,2,50,\n4,Cho,,1,-45,\n5,Dee,,1,-45,\n6,Hal,,1,-45,\n7,Bob,,1,-50,\n8,Fay,,0,-110,\n"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::remove_file(&page).unwrap();
    assert!(
        html.contains("<tr><td>1</td><td>Eve</td><td>135</td><td>4</td><td>1</td><td>0</td></tr>")
    );
    assert_eq!(html.matches("<polyline").count(), 8);
    assert!(!html.contains("http"), "self-contained: nothing fetched");
}

#[test]
fn a_players_file_over_a_mebibyte_is_refused_not_cut() {
    // 200,000 names (about 1.3 MB): read one byte past 1 MiB and refused, never ranked as
    // the players the first megabyte happened to hold.
    let dir = std::env::temp_dir().join(format!("mjscore-big-players-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let names: String = std::iter::once("name".to_string())
        .chain((0..200_000).map(|i| format!("p{i}")))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(names.len() > 1 << 20);
    std::fs::write(dir.join("p.csv"), names).unwrap();
    let event = dir.join("e.toml");
    std::fs::write(
        &event,
        "name = \"B\"\nrules = \"wsom\"\nrounds = 1\nhands = 1\nplayers = \"p.csv\"\n",
    )
    .unwrap();
    let run = Mjscore::new(&["event", "draw", event.to_str().unwrap()]).run();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(run.code, 2);
    assert!(run.stderr.ends_with("e.toml:5:11: cannot read the players file p.csv: it is longer than 1 MiB: a players file is a few kilobytes\n"), "{}", run.stderr);
    assert!(run.stdout.is_empty());
}

#[test]
fn a_penalty_is_paid_to_nobody_or_shared_by_the_other_three() {
    // The pairs night's table 1.1 with `penalty Eve 30` after its hands: Eve 135 − 30 =
    // 105. Paid to nobody, Hal, Dee and Cho keep −45; paid to the other three, each gets
    // 10: −35, and the table sums to 0 again. A penalty of 10 cannot be shared in thirds.
    let (event, mut sheets) = pairs_night();
    sheets[0].1.push_str("penalty Eve 30\n");
    let points = |event: &Event, sheets: &[(String, String)]| -> Vec<(String, i64)> {
        let standings = event
            .standings(
                &mjscore::rules::WSOM,
                &event.draw(event.seed),
                sheets,
                false,
            )
            .unwrap();
        let mut points: Vec<(String, i64)> = standings
            .ranked
            .iter()
            .map(|r| (r.name.clone(), r.points))
            .collect();
        points.sort();
        points
    };
    let of =
        |points: &[(String, i64)], name: &str| points.iter().find(|(n, _)| n == name).unwrap().1;
    let to_nobody = points(&event, &sheets);
    assert_eq!(
        [
            of(&to_nobody, "Eve"),
            of(&to_nobody, "Hal"),
            of(&to_nobody, "Cho")
        ],
        [105, -45, -45]
    );
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/examples/events/pairs-night.toml"),
    )
    .unwrap();
    let shared = Event::parse(
        &format!("{text}penalties = \"to_others\"\n"),
        |_| unreachable!(),
    )
    .unwrap();
    let to_others = points(&shared, &sheets);
    assert_eq!(
        [
            of(&to_others, "Eve"),
            of(&to_others, "Hal"),
            of(&to_others, "Dee"),
            of(&to_others, "Cho")
        ],
        [105, -35, -35, -35]
    );
    sheets[0].1.push_str("penalty Hal 10\n");
    let problems = shared
        .standings(
            &mjscore::rules::WSOM,
            &shared.draw(shared.seed),
            &sheets,
            false,
        )
        .unwrap_err();
    assert_eq!(problems, ["pairs-night-1.1.txt: Hal's penalty of 10 cannot be shared by the other three: the event pays penalties to them, so give a multiple of 3"]);
}

#[test]
fn head_to_head_puts_first_the_tied_player_who_won_where_they_met() {
    // 8 players, 2 rounds: the players of a round-1 table are split two and two over the
    // round-2 tables. Take two players who met in round 1 and not in round 2, `ahead` the
    // later in the players list (so the list's order alone would rank them the other way).
    // Round 1, at their table: `ahead` self-draws b66 c12345678 d111 +c9, 1.2 Concealed
    // Hand 5 + 7.1 Nine-Tile Straight 40 = 45, each of the others pays 45: `ahead` +135,
    // `behind` −45; the other table draws. Round 2: `behind` self-draws the same 45 at their
    // table: +135; at `ahead`'s table a player from the other round-1 table self-draws it:
    // `ahead` −45. Totals: `ahead` 135 − 45 = 90, `behind` −45 + 135 = 90: tied on points.
    // Head to head: where they met, `ahead` gained 135 − (−45) = 180 on `behind`, who gained
    // −180: `ahead` ranks first, `behind` next.
    let mut event = Event::quick(8, 2).unwrap();
    let draw = event.draw(event.seed);
    let table_of = |round: usize, player: usize| {
        (draw.rounds[round].iter())
            .position(|table| table.contains(&player))
            .unwrap()
    };
    let first_table = &draw.rounds[0][0];
    let (mut behind, mut ahead) = (first_table.iter().copied())
        .flat_map(|a| first_table.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| a < b && table_of(1, a) != table_of(1, b))
        .unwrap();
    if behind > ahead {
        std::mem::swap(&mut behind, &mut ahead);
    }
    let name = |p: usize| event.players[p].name.clone();
    let winning = "b66 c12345678 d111 +c9 self";
    let mut sheets = Vec::new();
    for (r, round) in draw.rounds.iter().enumerate() {
        for (t, table) in round.iter().enumerate() {
            let names: Vec<String> = table.iter().map(|&p| name(p)).collect();
            let winner = match r {
                0 if t == 0 => Some(ahead),
                0 => None,
                _ if table.contains(&behind) => Some(behind),
                // From round 1's other table: not one of the tied pair's table-mates.
                _ => table.iter().copied().find(|&p| table_of(0, p) != 0),
            };
            let hand = match winner {
                Some(w) => format!("{winning} seat={}", name(w)),
                None => "draw".to_string(),
            };
            let text = format!(
                "rules: wsom\ntable: {}.{}\nplayers: {}\n{hand}\n",
                r + 1,
                t + 1,
                names.join(" ")
            );
            sheets.push((format!("{}.{}.txt", r + 1, t + 1), text));
        }
    }
    let ranked_pair = |event: &Event| {
        let standings = (event.standings(&mjscore::rules::WSOM, &draw, &sheets, true)).unwrap();
        let at = |p: usize| {
            let row = standings.ranked.iter().find(|r| r.name == name(p)).unwrap();
            (row.rank, row.points)
        };
        (at(ahead), at(behind))
    };
    event.tie_breaks = vec!["head_to_head".to_string(), "draw_order".to_string()];
    let ((ahead_rank, ahead_points), (behind_rank, behind_points)) = ranked_pair(&event);
    assert_eq!((ahead_points, behind_points), (90, 90));
    assert_eq!(ahead_rank + 1, behind_rank);
    // Without head to head, the players list's order ranks them the other way.
    event.tie_breaks = vec!["draw_order".to_string()];
    let ((ahead_rank, _), (behind_rank, _)) = ranked_pair(&event);
    assert_eq!(behind_rank + 1, ahead_rank);
}

#[test]
fn a_swiss_round_seats_the_leaders_together_with_the_fewest_repeats() {
    // 8 players, 2 rounds of 1 hand, the second drawn from the standings after the first.
    // Round 1 (the seed's draw): at each table its East self-draws b66 c12345678 d111 +c9,
    // 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45, each other player paying 45:
    // the two Easts +135, the six others −45. Round 2 (Swiss): any table of four takes
    // players from both tables of round 1, and at least two pairs of it met there (two
    // from each: 1 + 1; three and one: 3), so the fewest repeats are 2 a table; among the
    // draws with 2 a table, the two leaders, neighbours in the standings, sit together.
    let text = "name = \"Swiss night\"\nrules = \"wsom\"\nplayers = [\"Ann\", \"Bob\", \"Cho\", \"Dee\", \"Eve\", \"Fay\", \"Gus\", \"Hal\"]\nrounds = 2\nhands = 1\nswiss_after = 1\n";
    let event = Event::parse(text, |_| unreachable!()).unwrap();
    let first = event.draw(event.seed);
    assert_eq!(first.rounds.len(), 1, "the seed draws round 1 only");
    let name = |p: usize| event.players[p].name.clone();
    let sheets: Vec<(String, String)> = (first.rounds[0].iter().enumerate())
        .map(|(t, table)| {
            let names: Vec<String> = table.iter().map(|&p| name(p)).collect();
            let text = format!(
                "table: 1.{}\nplayers: {}\nb66 c12345678 d111 +c9 self seat={}\n",
                t + 1,
                names.join(" "),
                names[0]
            );
            (format!("1.{}.txt", t + 1), text)
        })
        .collect();
    let draw = event.draw_after(&mjscore::rules::WSOM, &sheets, 1).unwrap();
    assert_eq!(draw.rounds.len(), 2);
    let leaders = [first.rounds[0][0][0], first.rounds[0][1][0]];
    let table_one = first.rounds[0][0];
    for table in &draw.rounds[1] {
        let from_table_one = table.iter().filter(|p| table_one.contains(p)).count();
        assert_eq!(from_table_one, 2, "{table:?}");
    }
    assert_eq!(draw.repeats, 4);
    assert!(draw.rounds[1]
        .iter()
        .any(|table| leaders.iter().all(|l| table.contains(l))));
    // The same standings, the same round; and the standings take its sheets as they seat.
    assert_eq!(
        event.draw_after(&mjscore::rules::WSOM, &sheets, 1).unwrap(),
        draw
    );
    let mut all = sheets.clone();
    for (t, table) in draw.rounds[1].iter().enumerate() {
        let names: Vec<String> = table.iter().map(|&p| name(p)).collect();
        all.push((
            format!("2.{}.txt", t + 1),
            format!("table: 2.{}\nplayers: {}\ndraw\n", t + 1, names.join(" ")),
        ));
    }
    let standings = event
        .standings(&mjscore::rules::WSOM, &first, &all, false)
        .unwrap();
    assert_eq!(standings.ranked[0].points, 135);
    // A round the seed draws, or the last, is no round to draw after; nor is a round whose
    // sheets are missing.
    assert!(event.draw_after(&mjscore::rules::WSOM, &sheets, 2).is_err());
    let problems = event
        .draw_after(&mjscore::rules::WSOM, &sheets[..1], 1)
        .unwrap_err();
    assert_eq!(problems, ["table 1.2: no sheet"]);
}

#[test]
fn after_the_cut_the_top_play_on_and_rank_first() {
    // The Swiss night's players and round 1 (the seed seats Hal Eve Dee Cho at 1.1 and Bob
    // Fay Gus Ann at 1.2; each East self-draws 45: Hal and Bob +135, the others −45), with
    // a cut after round 1 of the top 4. The six at −45 are equal on every key but the list's
    // order (no wins, none dealt in, no biggest; head to head 0: those who met were all −45
    // there), so Ann and Cho make the cut with Bob and Hal, and round 2 is their one table.
    // There Ann self-draws 45: Ann, Bob, Hal 90 each, Cho −90. Head to head among the three:
    // Ann +180 (on Bob and Hal at round 2: 180 + 180; to Bob at 1.2: −180), Bob 0 (+180 on
    // Ann at 1.2, −180 to her at round 2, even with Hal), Hal −180. Ranked: Ann, Bob, Hal,
    // Cho (−90, above all who were cut), then Dee, Eve, Fay, Gus at −45 in the list's order.
    let text = "name = \"Cut night\"\nrules = \"wsom\"\nplayers = [\"Ann\", \"Bob\", \"Cho\", \"Dee\", \"Eve\", \"Fay\", \"Gus\", \"Hal\"]\nrounds = 2\nhands = 1\ncut = { after = 1, top = 4 }\n";
    let event = Event::parse(text, |_| unreachable!()).unwrap();
    let seeded = event.draw(event.seed);
    assert_eq!(seeded.rounds.len(), 1);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/events");
    let mut sheets: Vec<(String, String)> = ["swiss-night-1.1.txt", "swiss-night-1.2.txt"]
        .iter()
        .map(|f| (f.to_string(), std::fs::read_to_string(dir.join(f)).unwrap()))
        .collect();
    let draw = event.draw_after(&mjscore::rules::WSOM, &sheets, 1).unwrap();
    let mut finalists: Vec<&str> = (draw.rounds[1][0].iter())
        .map(|&p| event.players[p].name.as_str())
        .collect();
    finalists.sort();
    assert_eq!(draw.rounds[1].len(), 1);
    assert_eq!(finalists, ["Ann", "Bob", "Cho", "Hal"]);
    let seats: Vec<&str> = (draw.rounds[1][0].iter())
        .map(|&p| event.players[p].name.as_str())
        .collect();
    sheets.push((
        "2.1.txt".to_string(),
        format!(
            "table: 2.1\nplayers: {}\nb66 c12345678 d111 +c9 self seat=Ann\n",
            seats.join(" ")
        ),
    ));
    let standings = (event.standings(&mjscore::rules::WSOM, &seeded, &sheets, false)).unwrap();
    let rows: Vec<(usize, &str, i64)> = (standings.ranked.iter())
        .map(|r| (r.rank, r.name.as_str(), r.points))
        .collect();
    assert_eq!(
        rows,
        [
            (1, "Ann", 90),
            (2, "Bob", 90),
            (3, "Hal", 90),
            (4, "Cho", -90),
            (5, "Dee", -45),
            (6, "Eve", -45),
            (7, "Fay", -45),
            (8, "Gus", -45),
        ]
    );
    // A sheet after the cut that seats a player who was cut is refused.
    let mut wrong = sheets.clone();
    wrong[2].1 = wrong[2].1.replace("Cho", "Dee");
    let problems = (event.standings(&mjscore::rules::WSOM, &seeded, &wrong, false)).unwrap_err();
    assert!(
        problems.iter().any(|p| p
            == "2.1.txt: Dee plays in round 2, but is not in the top 4 after round 1, the cut"),
        "{problems:?}"
    );
}
