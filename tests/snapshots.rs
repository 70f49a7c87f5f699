//! Snapshots of the full human output for representative hands, kept in `snapshots/` at the
//! top of the repository. Each was read line by line against the rules before it was
//! accepted; a change to any of them shows up as a diff in review.

mod common;

use mjscore::render::Format;
use mjscore::render::Plain;
use mjscore::rules;
use mjscore::RuleSet;

fn text(line: &str, rules: &RuleSet) -> String {
    match mjscore::score_line(line, rules) {
        Ok(scored) => common::rendered(Format::Text, rules, &Plain, &scored),
        Err(error) => common::rendered_error(Format::Text, rules, &Plain, line, &error),
    }
}

macro_rules! snapshot {
    ($name:ident, $rules:expr, $line:expr) => {
        #[test]
        fn $name() {
            insta::with_settings!({
                snapshot_path => "../snapshots",
                prepend_module_to_snapshot => false,
                omit_expression => true,
                description => $line,
            }, {
                insta::assert_snapshot!(stringify!($name), text($line, $rules));
            });
        }
    };
}

// The WSOM scoring summary's Example 1: South self-draws; 1.2 + 7.1 = 45, each pays 45.
snapshot!(
    nine_tile_straight_self_drawn,
    &rules::WSOM,
    "b66 c12345678 d111 +c9 self seat=s"
);
// The WSOM rulebook's example: 40 + 30 + 100 = 170; East discarded: 460, the others 25.
snapshot!(
    consecutive_triplets_on_easts_discard,
    &rules::WSOM,
    "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e"
);
// Same hand, South first discarded the c9 this round: South pays 460.
snapshot!(
    same_round_immunity,
    &rules::WSOM,
    "[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e resp=s"
);
// Three pungs (135) beat three identical sequences (130).
snapshot!(
    pungs_beat_sequences,
    &rules::WSOM,
    "c222333444 b789 d5 +d5 self seat=w"
);
// The discard completes b555, which is then not concealed: 70.
snapshot!(
    discard_completed_triplet,
    &rules::WSOM,
    "d222 d888 c222 b44 b55 +b5 seat=e from=n"
);
// No from=: the discarder is assumed to be East's upper seat, North. Two value honors.
snapshot!(
    assumed_discarder_and_value_honors,
    &rules::WSOM,
    "e111 e222 e3 b234 c678 +e3"
);
// Seven Pairs with No Terminals: 35.
snapshot!(seven_pairs, &rules::WSOM, "b224466 c3366 d55 d8 +d8 self");
// Thirteen Terminals on the last tile: 160 + 10.
snapshot!(
    thirteen_terminals_final_draw,
    &rules::WSOM,
    "b19 c19 d19 w1234 e123 +e3 self last"
);
// Nine Gates: a listed limit, scored alone; the set-aside patterns are named.
snapshot!(
    nine_gates_listed_limit,
    &rules::WSOM,
    "c1112345678999 +c5 self"
);
// 460 points of patterns: compound limit 320.
snapshot!(
    compound_limit,
    &rules::WSOM,
    "e111 e222 e333 b999 b1 +b1 self"
);
// Win on a concealed kong's supplement tile, which was also the last tile.
snapshot!(
    win_on_kong_last_tile,
    &rules::WSOM,
    "[ck d1111] b123 c456 c789 e2 +e2 kong last"
);
// Blessing of Earth: paid by East.
snapshot!(
    blessing_of_earth,
    &rules::WSOM,
    "b123 c456 d789 b789 w2 +w2 earth seat=s"
);
// No pattern: a false win under WSOM, a 1-point chicken hand under standard Zung Jung.
snapshot!(
    chicken_false_win_wsom,
    &rules::WSOM,
    "[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s"
);
snapshot!(
    chicken_hand_zj,
    &rules::ZJ,
    "[c b123] [p w333] c456 d789 d2 +d2 seat=e from=s"
);
// Tiles that do not win.
snapshot!(
    not_a_winning_hand,
    &rules::WSOM,
    "b1479 c258 d369 w12 e1 +e2 self"
);
// A typo.
snapshot!(typo, &rules::WSOM, "b123 w5 c456 +b9");
