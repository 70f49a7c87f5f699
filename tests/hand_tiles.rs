//! A hand built from tiles (`HandTiles`), without notation: checked by the rules a line of
//! notation is checked by, scored the same, written back as the line it stands for.

use mjscore::{
    rules, score_hand, score_line, Context, HandTiles, MeldKind, Outcome, RuleOption, RuleSet,
    Seat, Tile, WonBy,
};

/// South wins on East's discard.
fn on_easts_discard() -> Context {
    Context {
        seat: Seat::South,
        won_by: WonBy::Discard(Some(Seat::East)),
        ..Context::default()
    }
}

fn tile(code: &str) -> Tile {
    code.parse().unwrap()
}

fn tiles(codes: &str) -> Vec<Tile> {
    codes.split_whitespace().map(tile).collect()
}

#[test]
fn tiles_give_the_hand_the_line_gives() {
    // [p d333] [p b444] d888 e333 w4 +w4 seat=s from=e under WSOM: 4.1 All Triplets 30,
    // 3.1 Value Honor for the White Dragon triplet 10, 4.2.1 Two Concealed Triplets (d888,
    // e333: the winning tile completes the pair) 5 = 45. Built from tiles: the same hand,
    // the same total.
    let line = "[p d333] [p b444] d888 e333 w4 +w4 seat=s from=e";
    let mut built = HandTiles {
        concealed: tiles("d8 d8 d8 e3 e3 e3 w4"),
        melds: vec![(MeldKind::Pung, tile("d3")), (MeldKind::Pung, tile("b4"))],
        winning: Some(tile("w4")),
        context: on_easts_discard(),
    };
    let hand = built.hand(&rules::WSOM).unwrap();
    assert_eq!(hand, score_line(line, &rules::WSOM).unwrap().hand);
    let from_line = score_line(line, &rules::WSOM).unwrap();
    let (Outcome::Win { reading: a, .. }, Outcome::Win { reading: b, .. }) =
        (score_hand(&hand, &rules::WSOM).unwrap(), from_line.outcome)
    else {
        panic!("a win both ways")
    };
    assert_eq!((a.total, b.total), (45, 45));
    // Written back in canonical order: the concealed tiles by suit (b c d w e), then the
    // melds, the winning tile and the words.
    assert_eq!(
        hand.notation(),
        "d888 w4 e333 [p d333] [p b444] +w4 seat=s from=e"
    );

    // A rule set's own word: round=s under the doubling table.
    built.context.options = vec![RuleOption::Round(Seat::South)];
    let hand = built.hand(&rules::DOUBLING).unwrap();
    assert_eq!(
        hand,
        score_line(&format!("{line} round=s"), &rules::DOUBLING)
            .unwrap()
            .hand
    );
}

#[test]
fn an_error_names_the_place_of_the_item_at_fault() {
    // Items count from 1: the 7 concealed tiles, then the 2 melds (8, 9), the winning tile
    // (10), the context: its seat (11), how the tile came (12).
    let good = HandTiles {
        concealed: tiles("d8 d8 d8 e3 e3 e3 w4"),
        melds: vec![(MeldKind::Pung, tile("d3")), (MeldKind::Pung, tile("b4"))],
        winning: Some(tile("w4")),
        context: on_easts_discard(),
    };
    // A fifth b4: one concealed (place 7), three in the pung (place 9), the fifth the
    // winning tile (place 10).
    let mut hand = good.clone();
    hand.concealed = tiles("d8 d8 d8 e3 e3 e3 b4");
    hand.winning = Some(tile("b4"));
    let err = hand.hand(&rules::WSOM).unwrap_err();
    assert_eq!(
        (err.kind().as_str(), err.column()),
        ("invalid_hand", 10),
        "{err}"
    );
    // A chow of b8 runs off the suit: the meld's place, 9.
    let mut hand = good.clone();
    hand.melds[1] = (MeldKind::Chow, tile("b8"));
    let err = hand.hand(&rules::WSOM).unwrap_err();
    assert_eq!(err.column(), 9, "{err}");
    // from= the winner's own seat: the word's place, 12.
    let mut hand = good.clone();
    hand.context.won_by = WonBy::Discard(Some(Seat::South));
    let err = hand.hand(&rules::WSOM).unwrap_err();
    assert_eq!(
        (err.kind().as_str(), err.column()),
        ("context", 12),
        "{err}"
    );
    // An option WSOM does not read (the doubling table's prevailing wind): the rule set's
    // options come after the shared situation, so its place is 13.
    let mut hand = good;
    hand.context.options = vec![RuleOption::Round(Seat::South)];
    let err = hand.hand(&rules::WSOM).unwrap_err();
    assert_eq!(
        (err.kind().as_str(), err.column()),
        ("context", 13),
        "{err}"
    );
}

#[test]
fn a_tile_reads_from_its_code() {
    assert_eq!(tile("b5"), Tile::new(mjscore::Suit::Bamboo, 5).unwrap());
    assert_eq!(tile("E1"), Tile::new(mjscore::Suit::Dragon, 1).unwrap());
    for bad in ["", "b", "b0", "w5", "x1", "b12", "中"] {
        let err = bad.parse::<Tile>().unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "'{bad}' is not a tile: a tile is a suit letter (b, c, d, w, e) and a digit, as b5"
            )
        );
    }
}

/// The same tiles in the typed context a hand reports make that very hand again: over the
/// generated hands (self-draws, discards named and not, kongs, robbed kongs, the blessings,
/// last tiles, `resp=`) under every rule set, and with each rule set's own options
/// written on the line (the round, Huang's Tin, the N-th last tile, the last copy, flowers).
#[test]
fn a_hands_typed_context_makes_the_same_hand_again() {
    let own_words = [
        (&rules::DOUBLING, " round=s"),
        (&rules::HUANG, " tin=earth last=3"),
        (&rules::HUANG, " round=w lastcopy flowers=2 tin=none"),
    ];
    let mut checked = 0;
    for line in mjscore::corpus::winning_hands(2026, 3000) {
        let mut runs: Vec<(&RuleSet, String)> =
            rules::ALL.iter().map(|&r| (r, line.clone())).collect();
        runs.extend(
            own_words
                .iter()
                .map(|&(r, words)| (r, format!("{line}{words}"))),
        );
        for (rules, line) in runs {
            let Ok(scored) = score_line(&line, rules) else {
                continue;
            };
            let hand = scored.hand;
            let tiles = HandTiles {
                concealed: hand.concealed().to_vec(),
                melds: hand.melds().iter().map(|m| (m.kind, m.tile)).collect(),
                winning: hand.winning_tile(),
                context: hand.context(),
            };
            assert_eq!(
                tiles.hand(rules).as_ref(),
                Ok(&hand),
                "{line} under {}",
                rules.id()
            );
            checked += 1;
        }
    }
    // Most lines are hands under every rule set (a Huang line without a Tin is refused
    // only when scored, not read).
    assert!(checked > 15_000, "{checked} hands checked");
}
