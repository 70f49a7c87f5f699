//! The `waits` analysis through the library: parsing a hand before its win, its waits and
//! their values, dead waits, the calling distance, the discards of a 14-tile hand. Every
//! value is worked out by hand from the Zung Jung table (docs/rules.md), the working in a
//! comment.

mod common;

use mjscore::analysis::{self, Analysis, Discards, WaitValue, Waits};
use mjscore::error::Failure;
use mjscore::hand::{ContextConflict, HandErrorKind};
use mjscore::line::parse_holding;
use mjscore::rules::{DOUBLING, WSOM, ZJ};
use mjscore::waits::distance::calling_distance;
use mjscore::RuleSet;

fn waits<'r>(line: &str, rules: &'r RuleSet) -> Waits<'r> {
    let holding = parse_holding(line, rules).unwrap_or_else(|e| panic!("{line}: {e}"));
    match analysis::analyse(&holding, rules) {
        Analysis::Waits(waits) => waits,
        Analysis::Discards(_) => panic!("{line}: 14 tiles"),
    }
}

fn discards<'r>(line: &str, rules: &'r RuleSet) -> Discards<'r> {
    let holding = parse_holding(line, rules).unwrap();
    match analysis::analyse(&holding, rules) {
        Analysis::Discards(discards) => discards,
        Analysis::Waits(_) => panic!("{line}: 13 tiles"),
    }
}

/// The waits as `tile unseen discard/self-draw`, a value below the minimum as `-`.
fn listed(waits: &Waits) -> Vec<String> {
    let total = |v: &WaitValue| v.total().map_or("-".to_string(), |t| t.to_string());
    waits
        .waits
        .iter()
        .map(|w| {
            format!(
                "{} {} {}/{}",
                w.tile,
                w.unseen,
                total(&w.discard),
                total(&w.self_draw)
            )
        })
        .collect()
}

/// The ids of the patterns counted by a value's best reading.
fn ids<'r>(value: &WaitValue<'r>) -> Vec<&'r str> {
    value
        .best()
        .counted()
        .iter()
        .map(|c| c.pattern.id.as_ref())
        .collect()
}

#[test]
fn nine_gates_waits_on_all_nine_each_worth_480() {
    // c1112345678999 plus any c tile is Nine Gates (no melds, the 13 tiles are
    // 1112345678999 of one suit, the winning tile of that suit): 2.2, listed at 480, scores
    // alone both ways. Unseen: c1 and c9 are held 3 times (1 left), c2-c8 once (3 left).
    let waits = waits("c1112345678999", &WSOM);
    assert_eq!(
        listed(&waits),
        [
            "c1 1 480/480",
            "c2 3 480/480",
            "c3 3 480/480",
            "c4 3 480/480",
            "c5 3 480/480",
            "c6 3 480/480",
            "c7 3 480/480",
            "c8 3 480/480",
            "c9 1 480/480"
        ]
    );
    for wait in &waits.waits {
        assert_eq!(ids(&wait.discard), ["2.2"]);
        assert_eq!(ids(&wait.self_draw), ["2.2"]);
    }
    // 1 + 7 × 3 + 1 = 23 tiles to win on, 9 kinds.
    assert_eq!(waits.unseen(), 23);
    assert_eq!(waits.live().count(), 9);
    assert_eq!(waits.distance, 0);
}

#[test]
fn thirteen_terminals_thirteen_ways_or_one() {
    // One of each of the 13 terminals and honors: any of them pairs up, 10.1 Thirteen
    // Terminals 160 (it scores 160 plus 9.x only), 3 copies unseen of each.
    let waits = waits("b19 c19 d19 w1234 e123", &WSOM);
    assert_eq!(waits.waits.len(), 13);
    for wait in &waits.waits {
        assert_eq!((wait.unseen, wait.discard.total()), (3, Some(160)));
        assert_eq!(wait.self_draw.total(), Some(160));
        assert_eq!(ids(&wait.discard), ["10.1"]);
    }
    assert_eq!(waits.unseen(), 39);
    // e33 instead of e2: only e2 completes it, its 4 copies unseen.
    let waits = self::waits("b19 c19 d19 w1234 e133", &WSOM);
    assert_eq!(listed(&waits), ["e2 4 160/160"]);
}

#[test]
fn six_pairs_wait_on_the_single_tile() {
    // b11 b33 c55 c77 d22 w33 and e1: only e1 makes a seventh pair. 10.2 Seven Pairs 30;
    // b1 is a terminal (no 1.3), several suits (no 2.1.x): 30 both ways. e1 unseen: 3.
    let waits = waits("b1133 c5577 d22 w33 e1", &WSOM);
    assert_eq!(listed(&waits), ["e1 3 30/30"]);
    assert_eq!(ids(&waits.waits[0].discard), ["10.2"]);
}

#[test]
fn a_wait_that_is_both_seven_pairs_and_regular_keeps_the_best() {
    // b112233 c445566 d7 + d7: as b123 b123 c456 c456 d77, 1.1 All Sequences 5 + 1.2
    // Concealed Hand 5 + 5.1.2 Two Identical Sequences Twice 60 = 70; as Seven Pairs,
    // 10.2 30 (b1 a terminal: no 1.3). The regular reading counts: 70 both ways.
    let waits = waits("b112233 c445566 d7", &WSOM);
    assert_eq!(listed(&waits), ["d7 3 70/70"]);
    let discard = &waits.waits[0].discard;
    let totals: Vec<u32> = discard.shapes().iter().map(|r| r.total).collect();
    assert_eq!(totals, [70, 30]);
    assert_eq!(ids(discard), ["1.1", "1.2", "5.1.2"]);
    assert_eq!(discard.shapes()[1].counted()[0].pattern.id, "10.2");
}

#[test]
fn a_dead_wait_is_shown_but_never_live() {
    // b1111 c123 d456 w111: only b1 completes it (b111 + the pair b11), and all four b1
    // are in the hand: dead. Scored anyway: b111 and w111 concealed triplets (4.2.1 Two
    // Concealed Triplets 5; the winning tile completes the pair, so b111 stays concealed),
    // 1.2 Concealed Hand 5, 3.1 Value Honor for w111 (East's seat wind) 10: 20 both ways.
    let waits = waits("b1111 c123 d456 w111", &WSOM);
    assert_eq!(listed(&waits), ["b1 0 20/20"]);
    assert!(waits.waits[0].is_dead());
    assert_eq!(waits.live().count(), 0);
    assert_eq!(waits.unseen(), 0);
    assert!(!waits.has_live_wait());
    // Calling, on nothing.
    assert_eq!(waits.distance, 0);
}

#[test]
fn a_dead_wait_beside_a_live_one() {
    // b1111 b2233 c456 w11 (13 tiles), seat East, on a discard from North (assumed):
    // - b1 (all four held: dead): b111 b123 b123 c456 w11, 1.2 Concealed 5 + 5.1.1 Two
    //   Identical Sequences 10 = 15 (a triplet: no 1.1);
    // - b4 (4 unseen): b111 b123 b234 c456 w11, 1.2 alone: 5, the WSOM minimum;
    // - w1 (2 unseen): b11 b123 b123 c456 w111, 1.2 5 + 5.1.1 10 + 3.1 Value Honor (East's
    //   seat wind) 10 = 25 (completed by a discard w111 is exposed for 4.2 only).
    // No self-draw pattern applies: the same values self-drawn.
    let waits = waits("b1111 b2233 c456 w11", &WSOM);
    assert_eq!(listed(&waits), ["b1 0 15/15", "b4 4 5/5", "w1 2 25/25"]);
    assert!(waits.waits[0].is_dead());
    // Live: b4 and w1, 4 + 2 = 6 tiles; the dead b1 is not among them.
    let live: Vec<String> = waits.live().map(|w| w.tile.to_string()).collect();
    assert_eq!(live, ["b4", "w1"]);
    assert_eq!(waits.unseen(), 6);
    assert_eq!(waits.dead().count(), 1);
}

#[test]
fn a_kong_holds_all_four_copies_of_its_tile() {
    // [k b5555] b46 c456 d789 w11: the kong is 3 of the 13 tiles but holds four b5, so the
    // only wait, b5 between b4 and b6, has 4 - 4 = 0 copies unseen: dead, not calling.
    for kong in ["[k b5555]", "[ck b5555]"] {
        let waits = waits(&format!("{kong} b46 c456 d789 w11"), &WSOM);
        let tiles: Vec<(String, u8)> = waits
            .waits
            .iter()
            .map(|w| (w.tile.to_string(), w.unseen))
            .collect();
        assert_eq!(tiles, [("b5".to_string(), 0)], "{kong}");
        assert!(waits.waits[0].is_dead(), "{kong}");
        assert!(!waits.has_live_wait(), "{kong}");
        // With c1 drawn (14 tiles): discarding c1 is the only way back to calling (b4, b6,
        // w1 or a c/d tile leaves two lone tiles), and its one wait b5 is dead too.
        let discards = discards(&format!("{kong} b46 c456 d789 w11 c1"), &WSOM);
        let got: Vec<(String, u32)> = discards
            .discards
            .iter()
            .map(|d| (d.tile.to_string(), d.waits.unseen()))
            .collect();
        assert_eq!(got, [("c1".to_string(), 0)], "{kong}");
        assert!(!discards.has_live_wait(), "{kong}");
    }
}

#[test]
fn not_calling_one_two_and_six_away() {
    // b123 c456 d789 w11 b5 c9: the pair and three sets are there; the fourth set from b5
    // lacks 2 (b456, b567): one useful draw (b4 b6 b3 b7) makes it calling.
    assert_eq!(waits("b123 c456 d789 w11 b5 c9", &WSOM).distance, 1);
    // b123 c456 d789 w1 e1 b5 c9: a single must pair up too: 3 tiles lacking, 2 away.
    assert_eq!(waits("b123 c456 d789 w1 e1 b5 c9", &WSOM).distance, 2);
    // b147 c147 d147 w1234: no two tiles within reach of one set. Seven Pairs lacks 7
    // (6 away), Thirteen Terminals has 7 of its 13 kinds and lacks 7 (6 away), the
    // regular shape lacks 9 (8 away). WSOM: 6. The doubling table knows no Seven Pairs
    // but Thirteen Orphans: still 6.
    let lone = waits("b147 c147 d147 w1234", &WSOM);
    assert_eq!((lone.distance, lone.waits.len()), (6, 0));
    assert_eq!(waits("b147 c147 d147 w1234", &DOUBLING).distance, 6);
}

#[test]
fn a_wait_worth_nothing_is_below_the_wsom_minimum_and_a_chicken_under_zj() {
    // [c b123] [p w333] c456 d789 d2: only d2 completes it (the pair). Won, it has no
    // pattern: exposed sets (no 1.2), a triplet (no 1.1), w333 is West, not East's seat
    // wind nor a dragon (no 3.1), terminals b1/d9 (no 1.3). WSOM: below 5; zj: 1.
    let wsom = waits("[c b123] [p w333] c456 d789 d2", &WSOM);
    assert_eq!(listed(&wsom), ["d2 3 -/-"]);
    assert!(wsom.has_live_wait(), "a worthless wait is still a wait");
    let zj = waits("[c b123] [p w333] c456 d789 d2", &ZJ);
    assert_eq!(listed(&zj), ["d2 3 1/1"]);
    assert_eq!(ids(&zj.waits[0].discard), ["chicken"]);
}

#[test]
fn context_words_apply_to_the_values() {
    // b123 c456 d789 w11 b56 seat=s last: b4 and b7 (two-sided). Discard: 1.1 All
    // Sequences 5 + 1.2 Concealed 5 + 9.1.2 Final Discard 10 = 20; self-drawn: 1.1 + 1.2 +
    // 9.1.1 Final Draw 10 = 20 (no 1.3: b1, d9 terminals). w11 is East, not South's wind.
    let waits = waits("b123 c456 d789 w11 b56 seat=s last", &WSOM);
    assert_eq!(listed(&waits), ["b4 4 20/20", "b7 4 20/20"]);
    assert_eq!(ids(&waits.waits[0].discard), ["1.1", "1.2", "9.1.2"]);
    assert_eq!(ids(&waits.waits[0].self_draw), ["1.1", "1.2", "9.1.1"]);
}

#[test]
fn fourteen_tiles_list_the_discards_that_leave_the_hand_calling() {
    // b123 c456 d789 w1 b3456 (14 tiles); the 14 are seen, a discarded tile included:
    // - discard w1: b3456 waits b3 (b33 b456, 2 unseen: two b3 held) and b6 (b345 b66, 3
    //   unseen): 5 tiles; each 1.1 All Sequences 5 + 1.2 Concealed Hand 5 = 10;
    // - discard b3: b456 and w1 alone waits w1 (3 unseen), 10;
    // - discard b6: b345 and w1 alone waits w1 (3 unseen), 10;
    // - any other discard leaves two lone tiles or a broken set: not calling.
    // Best first: w1 (5 tiles); b3 and b6 tie on tiles and value: tile order.
    let discards = discards("b123 c456 d789 w1 b3456", &WSOM);
    let got: Vec<(String, u32, u32)> = discards
        .discards
        .iter()
        .map(|d| {
            let best = d.waits.best_discard_value();
            (d.tile.to_string(), d.waits.unseen(), best)
        })
        .collect();
    let expected = [("b3", 3, 10), ("b6", 3, 10)];
    assert_eq!(got[0], ("w1".to_string(), 5, 10));
    assert_eq!(&got[1..], expected.map(|(t, u, v)| (t.to_string(), u, v)));
    assert_eq!(discards.distance, 0);
    let first: Vec<String> = discards.discards[0]
        .waits
        .waits
        .iter()
        .map(|w| format!("{} {}", w.tile, w.unseen))
        .collect();
    assert_eq!(first, ["b3 2", "b6 3"]);

    // b123 c456 d789 w11 b568: discard b8 leaves b56 (b4 b7, 8 tiles), discard b5 leaves
    // b68 (b7, 4 tiles); b6 leaves b58, nothing. 10 each (1.1 + 1.2).
    let discards = self::discards("b123 c456 d789 w11 b568", &WSOM);
    let got: Vec<(String, u32)> = discards
        .discards
        .iter()
        .map(|d| (d.tile.to_string(), d.waits.unseen()))
        .collect();
    assert_eq!(got, [("b8".to_string(), 8), ("b5".to_string(), 4)]);
}

#[test]
fn fourteen_tiles_not_calling_after_any_discard() {
    // b147 c147 d147 w1234 e1: 14 lone tiles. Seven Pairs lacks 7 with any 13 of them, and
    // Thirteen Terminals keeps 8 kinds (b1 c1 d1 w1-4 e1) after discarding b4: lacks 6 → 5.
    let discards = discards("b147 c147 d147 w1234 e1", &WSOM);
    assert!(discards.discards.is_empty());
    assert_eq!(discards.distance, 5);
}

#[test]
fn a_drawn_tile_counts_as_one_of_the_hand() {
    // The same 14 tiles with b8 written as +b8.
    let plain = discards("b123 c456 d789 w11 b568", &WSOM);
    let drawn = discards("b123 c456 d789 w11 b56 +b8", &WSOM);
    let tiles =
        |d: &Discards| -> Vec<String> { d.discards.iter().map(|d| d.tile.to_string()).collect() };
    assert_eq!(tiles(&plain), tiles(&drawn));
}

#[test]
fn words_that_say_how_the_hand_was_won_are_refused() {
    for (line, word, column) in [
        ("b123 c456 d789 w11 b56 self", "self", 24),
        ("b123 c456 d789 w11 b56 rob", "rob", 24),
        ("b123 c456 d789 w11 b56 earth seat=s", "earth", 24),
        ("b123 c456 d789 w11 b56 heaven", "heaven", 24),
        ("[k b1111] c456 d789 w11 b56 kong", "kong", 29),
    ] {
        let error = parse_holding(line, &WSOM).unwrap_err();
        assert_eq!(error.column(), column, "{line}");
        assert_eq!(error.kind().as_str(), "context");
        let Failure::Hand(e) = error.failure() else {
            panic!("{error}")
        };
        assert_eq!(
            e.kind,
            HandErrorKind::Context(ContextConflict::HowWonBeforeTheWin(word))
        );
        assert_eq!(
            error.message(),
            format!("'{word}' says how the hand was won; waits values every wait both won on a discard and self-drawn: leave '{word}' out")
        );
    }
    let error = parse_holding("b123 c456 d789 w11 b56 claim=5", &WSOM).unwrap_err();
    assert_eq!((error.column(), error.kind().as_str()), (24, "context"));
}

#[test]
fn tile_counts_copies_and_syntax_are_checked_as_for_scoring() {
    // 12 tiles.
    let error = parse_holding("b123 c456 d789 w11 b5", &WSOM).unwrap_err();
    assert_eq!(
        error.to_string(),
        "column 1: the hand has 12 tiles; waits takes 13 (the hand before its winning tile) or 14 (a hand that has just drawn): concealed tiles + 3 for each meld (kongs count 3), a +TILE counting as one of them"
    );
    // 15 with the drawn tile.
    let error = parse_holding("b123 c456 d789 w11 b56 +b7 e1", &WSOM).unwrap_err();
    assert!(error.message().starts_with("the hand has 15 tiles"));
    // A fifth b1, brought in by the drawn tile at column 20.
    let error = parse_holding("b1111 c456 d789 w111 +b1", &WSOM).unwrap_err();
    assert_eq!(error.column(), 22);
    assert_eq!(
        error.message(),
        "b1 appears 5 times; there are only 4 of each tile"
    );
    // Syntax errors keep their columns; a system's word is read; another's is refused.
    assert_eq!(parse_holding("b123 w5", &WSOM).unwrap_err().column(), 6);
    assert!(parse_holding("b123 c456 d789 w11 b56 round=s", &DOUBLING).is_ok());
    let error = parse_holding("b123 c456 d789 w11 b56 round=s", &WSOM).unwrap_err();
    assert_eq!((error.column(), error.kind().as_str()), (24, "context"));
    // A comment after the hand, words after the tiles: the columns are those written.
    let error = parse_holding("b123 c456 d789 w11 b56 seat=q # note", &WSOM).unwrap_err();
    assert_eq!(error.column(), 24);
}

#[test]
fn calling_distance_is_zero_exactly_when_there_are_waits() {
    let holding = parse_holding("b123 c456 d789 w11 b56", &WSOM).unwrap();
    let counts = holding.concealed_counts();
    assert_eq!(calling_distance(&counts, 0, WSOM.shapes()), 0);
}

mod cli {
    //! The `waits` command: exit statuses, a list of hands, `--help`.
    use crate::common::{mjscore, Mjscore};

    #[test]
    fn exit_status_says_calling_not_calling_or_unreadable() {
        // b4 b7: calling → 0.
        assert_eq!(mjscore(&["waits", "b123 c456 d789 w11 b5 b6"]).code, 0);
        // Tokens as separate arguments.
        assert_eq!(
            mjscore(&["waits", "b123", "c456", "d789", "w11", "b5", "b6"]).code,
            0
        );
        // One draw from calling → 1; calling only on a dead b1 → 1.
        let run = mjscore(&["waits", "b123 c456 d789 w11 b5 c9"]);
        assert_eq!(run.code, 1);
        assert!(run
            .stdout
            .ends_with("Summary      not calling: 1 tile from calling\n"));
        let run = mjscore(&["waits", "b1111 c123 d456 w111"]);
        assert_eq!(run.code, 1);
        // The four b5 in a kong: its only wait is dead as well → 1.
        let kong = mjscore(&["waits", "[k b5555] b46 c456 d789 w11"]);
        assert_eq!(kong.code, 1, "{}", kong.stdout);
        assert!(kong.stdout.contains("  b5  dead  "), "{}", kong.stdout);
        assert!(run.stdout.contains("  b1  dead  "), "{}", run.stdout);
        assert!(run
            .stdout
            .ends_with("Summary      calling only on dead waits: no tile left to win on\n"));
        // Not a hand → 2, the message on stderr.
        let run = mjscore(&["waits", "b123 w5"]);
        assert_eq!((run.code, run.stdout.as_str()), (2, ""));
        assert!(run.stderr.starts_with("error at column 6: w5"));
        // A usage error.
        assert_eq!(
            mjscore(&["waits", "--all", "b123 c456 d789 w11 b5 b6"]).code,
            2
        );
    }

    #[test]
    fn a_list_exits_with_its_worst_line() {
        // calling (0), not calling (1): 1; then a line that is not a hand: 2.
        let run = Mjscore::new(&["waits", "--format", "json"])
            .stdin("b123 c456 d789 w11 b5 b6\n\n# a comment\nb123 c456 d789 w11 b5 c9\n")
            .run();
        assert_eq!(run.code, 1);
        let lines: Vec<serde_json::Value> = run
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["line"], 1);
        assert_eq!(lines[0]["calling"], true);
        assert_eq!(lines[0]["unseen"], 8);
        assert_eq!(lines[1]["line"], 4);
        assert_eq!(lines[1]["distance"], 1);
        let run = Mjscore::new(&["waits", "--format", "tsv", "-f", "-"])
            .stdin("b123 c456 d789 w11 b5 b6\nb1 +b2\n")
            .run();
        assert_eq!(run.code, 2);
        let rows: Vec<&str> = run.stdout.lines().collect();
        // Header, two waits, one error row, each with the header's 11 fields (the file
        // first, empty for standard input).
        assert_eq!(rows.len(), 4);
        assert!(rows.iter().all(|r| r.split('\t').count() == 11), "{rows:?}");
        assert!(rows[3].contains("\terror\tcolumn 1: the hand has 2 tiles"));
    }

    #[test]
    fn help_says_a_fourteen_tile_hand_gets_the_discard_analysis() {
        let run = mjscore(&["waits", "--help"]);
        assert_eq!(run.code, 0);
        assert!(run
            .stdout
            .contains("A 14-tile hand (one that has just drawn"));
        assert!(run.stdout.contains("gets the discard analysis"));
        assert!(mjscore(&["--help"]).stdout.contains("waits"));
    }
}

mod property {
    //! Random winning hands (`mjscore::corpus`): without their winning tile they wait on it,
    //! and the wait is worth what the hand scores.
    use mjscore::analysis::{self, Analysis};
    use mjscore::corpus::{before_the_win, winning_hand, Rng};
    use mjscore::rules;
    use mjscore::score::{self, Outcome};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

        #[test]
        fn a_winning_hand_less_its_tile_waits_on_it_for_the_same_score(seed in any::<u64>()) {
            let line = winning_hand(&mut Rng::new(seed));
            for rules in rules::ALL {
                // Each rule set reads the line with its own words (Huang refuses resp=).
                let Ok(hand) = mjscore::line::parse_for(&line, rules) else { continue };
                let Some(before) = before_the_win(&hand) else { return Ok(()) };
                let winning = hand.winning_tile().expect("a scored line has its winning tile");
                let direct = score::score(&hand, rules);
                let analysis = mjscore::line::analyse_line(&before, rules)
                    .map_err(|e| TestCaseError::fail(format!("{before}: {e}")))?;
                let Analysis::Waits(waits) = analysis else {
                    return Err(TestCaseError::fail(format!("{before}: not 13 tiles")));
                };
                let wait = waits.waits.iter().find(|w| w.tile == winning);
                if matches!(direct, Outcome::FalseWin(score::FalseWin::NotAWinningHand)) {
                    // A shape the rule set does not allow (Seven Pairs in the doubling table).
                    prop_assert!(wait.is_none(), "{} under {}", line, rules.id());
                    continue;
                }
                let wait = wait.ok_or_else(|| TestCaseError::fail(format!(
                    "{line} under {}: {before} does not wait on {}", rules.id(), winning)))?;
                let value = if hand.self_drawn() { &wait.self_draw } else { &wait.discard };
                let total = |o: &Outcome| match o {
                    Outcome::Win { reading, .. } => Some(reading.total),
                    Outcome::FalseWin(_) => None,
                };
                prop_assert_eq!(value.total(), total(&direct), "{} under {}", line, rules.id());
                prop_assert_eq!(value.best().sum, match &direct {
                    Outcome::Win { reading, .. } => reading.sum,
                    Outcome::FalseWin(score::FalseWin::BelowMinimum { reading, .. }) => reading.sum,
                    Outcome::FalseWin(_) => u32::MAX,
                });
                // The analysis's own scoring agrees with the direct path too.
                let again = analysis::waits(&mjscore::line::parse_holding(&before, rules).unwrap(), rules);
                prop_assert_eq!(again.waits.len(), waits.waits.len());
            }
        }
    }
}
