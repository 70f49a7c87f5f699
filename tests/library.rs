//! The library as an outside crate uses it: each task a caller comes for, through the
//! crate's public items only, each value worked out by hand from the rules
//! (docs/rules*.md, docs/sessions.md).

use std::io;

use mjscore::batch::{self, Control, Input, Settings};
use mjscore::render::{Json, Location, Renderer};
use mjscore::rules::{HUANG, WSOM};
use mjscore::{
    Condition, Context, HandTiles, MeldKind, Options, Outcome, Pattern, Reading, RuleOption,
    Scored, Seat, Shapes, Tile, Tin, Value, WonBy,
};

/// The best reading of a line that wins under `rules`.
fn won<'s, 'r>(scored: &'s Scored<'r>) -> &'s Reading<'r> {
    match &scored.outcome {
        Outcome::Win { reading, .. } => reading,
        Outcome::FalseWin(why) => panic!("{}: a false win: {why:?}", scored.input),
    }
}

/// Each seat's payment, East South West North.
fn paid(scored: &Scored) -> [i64; 4] {
    let payments = scored.payments().expect("a win");
    Seat::ALL.map(|seat| payments.of(seat))
}

fn ids(reading: &Reading) -> Vec<String> {
    reading
        .counted()
        .iter()
        .map(|c| format!("{} {}", c.pattern.id, c.points))
        .collect()
}

/// (a) A line of notation: North wins on East's discard with four pungs of c2, c3, c4 and
/// the East wind, and a pair of c9. 2.1.1 Mixed One-Suit 40 (characters and honours) + 4.1
/// All Triplets 30 + 7.2.1 Three Consecutive Triplets 100 (c222 c333 c444) = 170. Over 25
/// on a discard: East pays 3 × 170 − 50 = 460, South and West 25 each; North receives 510.
#[test]
fn a_line_is_scored() {
    let line = "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e";
    let scored = mjscore::score_line(line, &WSOM).unwrap();
    let reading = won(&scored);
    assert_eq!(ids(reading), ["2.1.1 40", "4.1 30", "7.2.1 100"]);
    assert_eq!(reading.total, 170);
    assert_eq!(paid(&scored), [-460, -25, -25, 510]);
}

/// (b) The same hand from tiles and a typed context, with no notation: the same 170 and
/// the same payments.
#[test]
fn a_hand_from_tiles_and_a_typed_context() {
    let tile = |code: &str| code.parse::<Tile>().unwrap();
    let context = Context {
        seat: Seat::North,
        won_by: WonBy::Discard(Some(Seat::East)),
        ..Context::default()
    };
    let tiles = HandTiles {
        concealed: vec![tile("c9")],
        melds: ["c2", "c3", "c4", "w1"]
            .map(|first| (MeldKind::Pung, tile(first)))
            .to_vec(),
        winning: Some(tile("c9")),
        ..HandTiles::default()
    }
    .with_context(&context);
    let hand = tiles.hand(&WSOM).unwrap();
    let Outcome::Win {
        reading, payments, ..
    } = mjscore::score_hand(&hand, &WSOM).unwrap()
    else {
        panic!("a win");
    };
    assert_eq!(reading.total, 170);
    assert_eq!(Seat::ALL.map(|s| payments.of(s)), [-460, -25, -25, 510]);
    // A context the rules refuse is refused as the words would be: a discard by the
    // winner himself.
    let own = Context {
        won_by: WonBy::Discard(Some(Seat::North)),
        ..context
    };
    let refused = tiles.with_context(&own).hand(&WSOM).unwrap_err();
    assert!(refused.message().contains("his own discard"), "{refused}");
}

/// (c) Huang's table with Tin: South self-draws d5 after declaring Tin with one tile
/// changed (`tin=earth`), on the third-last tile (`last=3`). Earth Tin 30, Dragon Triple
/// 1, Single Tin 2, Mono Color Dragon 7 (c123 c456 c789), Pair of 2, 5, 8 1 and Self
/// Fetching 2 make 43, and Near-Last Draw +50 %: 64.5, rounded half up to 65. Each player
/// pays 65, the dealer double: East 130; South receives 260.
#[test]
fn huangs_table_with_tin() {
    let line = "c123 c456 c789 d5 [p e111] +d5 self seat=s tin=earth last=3";
    let scored = mjscore::score_line(line, &HUANG).unwrap();
    let reading = won(&scored);
    assert_eq!(
        ids(reading),
        ["h.7 30", "h.20 1", "h.45 2", "h.48 7", "h.54 1", "h.55 2", "h.62 0"]
    );
    assert_eq!((reading.base, reading.total), (43, 65));
    assert_eq!(paid(&scored), [-130, 260, -65, -65]);
    // The same from tiles, the Tin and the third-last tile as typed options.
    let tile = |code: &str| code.parse::<Tile>().unwrap();
    let context = Context {
        seat: Seat::South,
        won_by: WonBy::SelfDraw,
        options: vec![RuleOption::Tin(Tin::Earth), RuleOption::NthLastTile(3)],
        ..Context::default()
    };
    let tiles = HandTiles {
        concealed: "c1 c2 c3 c4 c5 c6 c7 c8 c9 d5"
            .split(' ')
            .map(tile)
            .collect(),
        melds: vec![(MeldKind::Pung, tile("e1"))],
        winning: Some(tile("d5")),
        ..HandTiles::default()
    }
    .with_context(&context);
    let hand = tiles.hand(&HUANG).unwrap();
    let Outcome::Win { reading, .. } = mjscore::score_hand(&hand, &HUANG).unwrap() else {
        panic!("a win");
    };
    assert_eq!(reading.total, 65);
    // Made under Huang's table (its Tin and third-last tile read as Huang reads them), the
    // hand is not scored under WSOM: it says so, and names the rule set to make it under.
    let refused = mjscore::score_hand(&hand, &WSOM).unwrap_err();
    assert_eq!(refused.kind(), mjscore::ErrorKind::Context);
    assert_eq!(
        refused.message(),
        "the hand was checked under another rule set than wsom: make it under wsom (HandTiles::hand) to score it there"
    );
}

/// (d) The waits of 13 tiles: b123 c456 d789 w11 b5 b6 waits on b4 and b7 (b456 or
/// b567), four of each unseen. Either, won on a discard or self-drawn, is 1.1 All
/// Sequences 5 + 1.2 Concealed Hand 5 = 10.
#[test]
fn the_waits_of_thirteen_tiles() {
    let analysis = mjscore::analyse_line("b123 c456 d789 w11 b5 b6", &WSOM).unwrap();
    let mjscore::Analysis::Waits(waits) = analysis else {
        panic!("13 tiles are analysed for their waits");
    };
    let found: Vec<(String, u8, Option<u32>, Option<u32>)> = waits
        .waits
        .iter()
        .map(|w| {
            let (discard, self_draw) = (w.discard.total(), w.self_draw.total());
            (w.tile.to_string(), w.unseen, discard, self_draw)
        })
        .collect();
    assert_eq!(
        found,
        [
            ("b4".to_string(), 4, Some(10), Some(10)),
            ("b7".to_string(), 4, Some(10), Some(10)),
        ]
    );
}

/// (e) A session of three hands with names. Ann, Bob, Cho and Dee sit East, South, West
/// and North; under WSOM the deal always passes.
/// 1. Bob (South) self-draws 1.2 + 7.1 = 45: the others pay 45 each, Bob receives 135.
/// 2. Bob is East, Cho South: Cho wins 3.1 + 4.1 + 4.2.1 = 45 on Bob's discard; over 25,
///    so Bob pays 3 × 45 − 50 = 85, Dee and Ann 25 each; Cho receives 135.
/// 3. A drawn hand: nobody pays.
///
/// Totals: Cho 90, Bob 135 − 85 = 50, Ann −45 − 25 = −70, Dee −70 (Ann first, seated
/// first). Bob and Cho won one each; Bob dealt in once.
#[test]
fn a_session_of_three_hands_with_names() {
    let evening = "players: Ann Bob Cho Dee\n\
                   b66 c12345678 d111 +c9 self seat=Bob\n\
                   [p d333] [p b444] d888 e333 w4 +w4 seat=Cho from=Bob\n\
                   draw\n";
    // Built a part at a time: the rule set and the format, the rest as by default.
    let json = Json::new(&WSOM);
    let settings = Settings::new(&WSOM, &json).with_options(Options::new());
    let input = vec![Input {
        name: None,
        source: "the evening".to_string(),
        reader: Box::new(io::Cursor::new(evening.as_bytes().to_vec())),
        read_ahead: false,
    }];
    let mut out = Vec::new();
    let summary = batch::run(input, &settings, &Control::jobs(1), &mut out).unwrap();
    let standings: Vec<(&str, i64, usize, usize)> = summary
        .session
        .standings()
        .into_iter()
        .map(|s| (s.name.as_str(), s.total, s.won, s.dealt_in))
        .collect();
    assert_eq!(
        standings,
        [
            ("Cho", 90, 1, 0),
            ("Bob", 50, 1, 1),
            ("Ann", -70, 0, 0),
            ("Dee", -70, 0, 0)
        ]
    );
}

/// Results that can be kept: a scored line outlives the text it was read from (built here
/// at run time and dropped), is tied only to the rule set, and can be sent to another
/// thread and stored. b66 c12345678 d111 +c9 self seat=s: 1.2 Concealed Hand 5 + 7.1
/// Nine-Tile Straight 40 = 45, the others pay 45 each.
#[test]
fn a_result_outlives_its_text_and_crosses_threads() -> Result<(), mjscore::Error> {
    fn scored_from(tiles: &str) -> Result<Scored<'static>, mjscore::Error> {
        let line = format!("{tiles} +c9 self seat=s");
        mjscore::score_line(&line, &WSOM)
    }
    let kept: Vec<Scored<'static>> = vec![scored_from("b66 c12345678 d111")?];
    let sent = std::thread::spawn(move || kept)
        .join()
        .expect("the thread ends");
    assert_eq!(sent[0].input, "b66 c12345678 d111 +c9 self seat=s");
    assert_eq!(won(&sent[0]).total, 45);
    assert_eq!(paid(&sent[0]), [-45, 135, -45, -45]);
    Ok(())
}

/// (e′) The same evening kept from code, call by call, as a keeper's program would: the
/// same standings as the file's (worked above), and an undo takes back the draw only.
#[test]
fn the_same_session_kept_from_code() -> Result<(), mjscore::Error> {
    let mut session = mjscore::Session::new(&WSOM);
    session.seat(["Ann", "Bob", "Cho", "Dee"])?;
    session.record("b66 c12345678 d111 +c9 self seat=Bob")?;
    session.record("[p d333] [p b444] d888 e333 w4 +w4 seat=Cho from=Bob")?;
    session.draw()?;
    let standings = |session: &mjscore::Session| -> Vec<(String, i64, usize, usize)> {
        (session.standings().into_iter())
            .map(|s| (s.name.clone(), s.total, s.won, s.dealt_in))
            .collect()
    };
    let expected = [
        ("Cho", 90, 1, 0),
        ("Bob", 50, 1, 1),
        ("Ann", -70, 0, 0),
        ("Dee", -70, 0, 0),
    ]
    .map(|(name, total, won, dealt_in)| (name.to_string(), total, won, dealt_in));
    assert_eq!(standings(&session), expected);
    // After the draw Dee deals (the deal passed three times); undone, Cho deals again.
    assert_eq!(session.players().map(|p| p[0]), Some("Dee"));
    assert!(session.undo());
    assert_eq!(session.players().map(|p| p[0]), Some("Cho"));
    assert_eq!(standings(&session), expected);
    Ok(())
}

/// (f) A format of one method: a scored hand as a Markdown table. What it does not write
/// (a line that is not a hand, waits) the renderer's defaults do.
struct Markdown;

impl Renderer for Markdown {
    fn scored(&self, out: &mut String, scored: &Scored, _at: Option<&Location>) {
        out.push_str("| id | pattern | points |\n|---|---|---|\n");
        if let Outcome::Win { reading, .. } = &scored.outcome {
            for c in reading.counted().iter() {
                let (id, name) = (&c.pattern.id, &c.pattern.name);
                out.push_str(&format!("| {id} | {name} | {} |\n", c.points));
            }
            out.push_str(&format!("| | **Total** | **{}** |\n", reading.total));
        }
    }
}

#[test]
fn a_scored_hand_rendered_by_a_format_of_ones_own() {
    // 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45.
    let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s", &WSOM).unwrap();
    let mut out = String::new();
    Markdown.scored(&mut out, &scored, None);
    assert_eq!(
        out,
        "| id | pattern | points |\n|---|---|---|\n\
         | 1.2 | Concealed Hand | 5 |\n\
         | 7.1 | Nine-Tile Straight | 40 |\n\
         | | **Total** | **45** |\n"
    );
}

#[test]
fn what_a_format_does_not_write_the_renderers_defaults_do() {
    // A line that is not a hand: `b1` alone has 1 tile where a hand has 14.
    let error = mjscore::score_line("b1 +b1", &WSOM).unwrap_err();
    let mut out = String::new();
    let at = Location {
        file: None,
        line: 3,
    };
    Markdown.error(&mut out, "b1 +b1", &error, Some(&at));
    assert!(out.starts_with("line 3, column "), "{out}");
    assert!(out.contains(&error.message()), "{out}");
    // Waits: b123 c456 d789 w11 b5 b6 waits on b4 and b7 (the run b456 or b567).
    let analysis = mjscore::analyse_line("b123 c456 d789 w11 b5 b6", &WSOM).unwrap();
    let mut out = String::new();
    Markdown.waits(&mut out, "", &analysis, None);
    assert_eq!(out, "waits b4 b7");
}

/// (g) A rule set derived at run time: WSOM with All Triplets worth 40, no Two Concealed
/// Triplets, and a pattern of the club's own, Low Tiles (every tile a 1, 2 or 3), 60.
#[test]
fn a_rule_set_derived_at_run_time() {
    let mut club = WSOM.derive("club", "The club's WSOM");
    club.set_value("4.1", Value::Points(40)).unwrap();
    club.remove_pattern("4.2.1").unwrap();
    const LOW: u64 = 0b111 * (1 | 1 << 9 | 1 << 18);
    let low = Pattern::new(
        "c.1",
        "Low Tiles",
        Value::Points(60),
        Condition::Hand(|f| f.holds_only(LOW)),
    )
    .with_shapes(Shapes::REGULAR);
    club.add_pattern(low, &[]).unwrap();
    // 3.1 Value Honor 10 (e333) + 4.1 All Triplets 40 = 50 (under WSOM 45, with 4.2.1 5 and
    // 4.1 30). On East's discard: East pays 3 × 50 − 50 = 100, West and North 25.
    let line = "[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e";
    let scored = mjscore::score_line(line, &club).unwrap();
    assert_eq!(ids(won(&scored)), ["3.1 10", "4.1 40"]);
    assert_eq!(paid(&scored), [-100, 150, -25, -25]);
    // 1.2 Concealed Hand 5 + 6.1 Three Similar Sequences 35 + Low Tiles 60 = 100,
    // self-drawn by East (the dealer): each pays 100.
    let scored = mjscore::score_line("b123 c123 d123 b222 c3 +c3 self", &club).unwrap();
    assert_eq!(ids(won(&scored)), ["1.2 5", "6.1 35", "c.1 60"]);
    assert_eq!(paid(&scored), [300, -100, -100, -100]);
    // The built-in rule set is untouched.
    let scored = mjscore::score_line(line, &WSOM).unwrap();
    assert_eq!(won(&scored).total, 45);
    // A change that cannot be made says why, naming the nearest. (A rule set cannot be
    // changed while a scored hand borrows it: the compiler says so.)
    let error = club.clone().remove_pattern("4.2.2x").unwrap_err();
    assert_eq!(
        error.to_string(),
        "no pattern '4.2.2x' in club; the nearest: 4.2.2 Three Concealed Triplets"
    );
}

#[test]
fn errors_are_errors_and_values_print() {
    // Each error the library returns works with `?` into a `Box<dyn Error>`, and says why;
    // a pattern's value and condition can be printed with `{:?}`.
    fn boxed(error: impl std::error::Error + 'static) -> Box<dyn std::error::Error> {
        Box::new(error)
    }
    // 9.9 is no id of WSOM; 9.2 Win on Kong and 9.3 Robbing a Kong are one edit from it.
    let missing = WSOM.find_pattern("9.9", &[&WSOM]).unwrap_err();
    assert_eq!(
        boxed(missing).to_string(),
        "no pattern '9.9' in --rules wsom; the nearest: 9.2 Win on Kong, 9.3 Robbing a Kong"
    );
    let fewer = batch::FewerThreads {
        wanted: 4,
        started: 2,
        error: io::Error::other("no room"),
    };
    let fewer = boxed(fewer);
    assert_eq!(fewer.source().unwrap().to_string(), "no room");
    let pattern = WSOM.pattern("4.1").unwrap();
    assert_eq!(format!("{:?}", pattern.value), "Points(30)");
    assert!(format!("{:?}", pattern.condition).starts_with("Hand("));
}

#[test]
fn errors_have_kinds_and_patterns_are_equal_by_id() {
    // An error's kind is an enum whose name is what JSON's `kind` says.
    let error = mjscore::score_line("b123 zz", &WSOM).unwrap_err();
    assert_eq!(error.kind(), mjscore::ErrorKind::Syntax);
    assert_eq!(error.kind().to_string(), "syntax");
    // A pattern equals its clone and the pattern of the same id of another rule set;
    // patterns of different ids differ.
    let straight = WSOM.pattern("7.1").unwrap();
    assert_eq!(straight.clone(), *straight);
    assert_eq!(mjscore::rules::ZJ.pattern("7.1").unwrap(), straight);
    assert_ne!(WSOM.pattern("7.2.1").unwrap(), straight);
    let kept: std::collections::HashSet<mjscore::Pattern> =
        [straight.clone(), straight.clone()].into();
    assert_eq!(kept.len(), 1);
}

#[test]
fn a_condition_built_from_tiles_needs_no_code() {
    // The Low Tiles hand of the derived rule set above (every tile a 1, 2 or 3 of a suit,
    // 60 points), its condition built from the tiles rather than written as a function:
    // the same hand scores the same. 1.2 Concealed Hand 5 + 6.1 Three Similar Sequences 35
    // + Low Tiles 60 = 100, self-drawn by East (the dealer): each pays 100.
    use mjscore::{Requirements, Suit, Tile};
    let low: Vec<Tile> = [Suit::Bamboo, Suit::Characters, Suit::Dots]
        .into_iter()
        .flat_map(|suit| (1..=3).filter_map(move |rank| Tile::new(suit, rank)))
        .collect();
    let mut club = WSOM.derive("club", "The club's WSOM");
    let condition = Condition::Requires(Requirements::any().only_tiles(&low));
    let pattern =
        Pattern::new("c.1", "Low Tiles", Value::Points(60), condition).with_shapes(Shapes::REGULAR);
    club.add_pattern(pattern, &[]).unwrap();
    let scored = mjscore::score_line("b123 c123 d123 b222 c3 +c3 self", &club).unwrap();
    assert_eq!(ids(won(&scored)), ["1.2 5", "6.1 35", "c.1 60"]);
    assert_eq!(paid(&scored), [300, -100, -100, -100]);
    // A 4 of characters is no low tile: 1.2 5 + 6.1 35 = 40 only.
    let scored = mjscore::score_line("b123 c123 d123 b222 c4 +c4 self", &club).unwrap();
    assert_eq!(ids(won(&scored)), ["1.2 5", "6.1 35"]);
    // Parts a builder adds: bamboo pungs, at least three, self-drawn, no honour.
    let bamboo: Vec<Tile> = (1..=9)
        .filter_map(|rank| Tile::new(Suit::Bamboo, rank))
        .collect();
    let pungs = Requirements::any()
        .triplets_of(3..=4, &bamboo)
        .self_drawn(true)
        .without_honours();
    assert_ne!(pungs, Requirements::any().triplets_of(3..=4, &bamboo));
    // How the hand ended: a club's Last Bamboo, 30 points for a hand of bamboo and honours
    // won on the wall's last tile, drawn. East self-draws b9, the last tile, to b11 b123
    // b456 b789 [p w111]: 2.1.1 Mixed One-Suit 40 + 3.1 Value Honor 10 (East's own wind) +
    // 7.1 Nine-Tile Straight 40 + 9.1.1 Final Draw 10 + Last Bamboo 30 = 130. Drawn from the
    // wall before its end: neither 9.1.1 nor Last Bamboo, 90.
    let bamboo_and_honours: Vec<Tile> = (bamboo.iter().copied())
        .chain((1..=4).filter_map(|rank| Tile::new(Suit::Wind, rank)))
        .chain((1..=3).filter_map(|rank| Tile::new(Suit::Dragon, rank)))
        .collect();
    let last = Requirements::any()
        .only_tiles(&bamboo_and_honours)
        .on_the_last_tile()
        .self_drawn(true);
    let mut club = WSOM.derive("club", "The club's WSOM");
    let pattern = Pattern::new(
        "c.2",
        "Last Bamboo",
        Value::Points(30),
        Condition::Requires(last),
    );
    club.add_pattern(pattern, &[]).unwrap();
    let line = "b11 b123 b456 b78 [p w111] +b9 self";
    let scored = mjscore::score_line(&format!("{line} last"), &club).unwrap();
    assert_eq!(
        ids(won(&scored)),
        ["2.1.1 40", "3.1 10", "7.1 40", "9.1.1 10", "c.2 30"]
    );
    let scored = mjscore::score_line(line, &club).unwrap();
    assert_eq!(won(&scored).total, 90);
}

#[test]
fn a_condition_made_at_run_time_holds_its_own_data() {
    // A club's lucky pair, read at run time (here: 8): c.8 Lucky Pair, 8 points, when the
    // pair is of that rank. b123 c456 d789 c234 b8 +b8 self-drawn by East: 1.1 All Sequences
    // 5 + 1.2 Concealed Hand 5 + c.8 8 = 18, each of the others pays 18. With the pair b77
    // the closure does not hold: 5 + 5 = 10.
    use std::sync::Arc;
    let lucky: u8 = "8".parse().unwrap();
    let condition = Condition::Closure(Arc::new(move |f| {
        f.pair().is_some_and(|t| t.rank() == lucky)
    }));
    let mut club = WSOM.derive("club", "The club's WSOM");
    club.add_pattern(
        Pattern::new("c.8", "Lucky Pair", Value::Points(8), condition),
        &[],
    )
    .unwrap();
    let scored = mjscore::score_line("b123 c456 d789 c234 b8 +b8 self", &club).unwrap();
    assert_eq!(ids(won(&scored)), ["1.1 5", "1.2 5", "c.8 8"]);
    assert_eq!(paid(&scored), [54, -18, -18, -18]);
    let scored = mjscore::score_line("b123 c456 d789 c234 b7 +b7 self", &club).unwrap();
    assert_eq!(ids(won(&scored)), ["1.1 5", "1.2 5"]);
    // The rule set goes to other threads as any does.
    let total = std::thread::scope(|scope| {
        scope
            .spawn(|| {
                mjscore::score_line("b123 c456 d789 c234 b8 +b8 self", &club)
                    .map(|s| s.payments().map(|p| p.value))
            })
            .join()
            .unwrap()
    });
    assert_eq!(total, Ok(Some(18)));
    assert_eq!(
        format!("{:?}", club.pattern("c.8").unwrap().condition),
        "Closure(..)"
    );
}

/// (i) A result kept as JSON and read back, in the command line's own schema: the WSOM
/// scoring summary's Example 1, 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45,
/// self-drawn by South: each other seat pays 45.
#[test]
fn a_result_kept_as_json_and_read_back() -> Result<(), Box<dyn std::error::Error>> {
    use mjscore::record::Record;
    let line = "b66 c12345678 d111 +c9 self seat=s";
    let scored = mjscore::score_line(line, &WSOM)?;
    let record = Record::of(&scored, &WSOM);
    let kept = serde_json::to_string(&record)?;
    // What `mjscore --format json` prints for the line, byte for byte.
    let mut printed = String::new();
    Json::new(&WSOM).scored(&mut printed, &scored, None);
    assert_eq!(kept, printed);
    let back: Record = serde_json::from_str(&kept)?;
    assert_eq!(back, record);
    assert_eq!(back.total, Some(Some(45.0)));
    let ids: Vec<&str> = back
        .patterns
        .iter()
        .flatten()
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(ids, ["1.2", "7.1"]);
    assert_eq!(
        back.payments.map(|p| [p.e, p.s, p.w, p.n]),
        Some([-45, 135, -45, -45])
    );
    Ok(())
}
