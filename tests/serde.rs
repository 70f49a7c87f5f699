//! The `serde` feature: a scored line as serde writes it, each value worked by hand.

use mjscore::rules::WSOM;

#[test]
fn a_scored_line_serializes_with_its_reading_claim_and_payments() {
    // The WSOM scoring summary's Example 1, claimed at 50: 1.2 Concealed Hand 5 + 7.1
    // Nine-Tile Straight 40 = 45, self-drawn by South; the claim is higher, so corrected to
    // 45 and each other seat pays 45.
    let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s claim=50", &WSOM).unwrap();
    let value = serde_json::to_value(&scored).unwrap();
    let reading = &value["outcome"]["Win"]["reading"];
    assert_eq!(reading["total"], 45);
    assert_eq!(reading["counted"][0]["pattern"], "1.2");
    assert_eq!(reading["counted"][1]["pattern"], "7.1");
    assert_eq!(reading["counted"][1]["points"], 40);
    // The pair, then c123 c456 c789 and the d111 triplet; c9 went into the third set.
    let regular = &reading["arrangement"]["shape"]["Regular"];
    assert_eq!(regular["pair"], "b6");
    assert_eq!(regular["sets"][2]["tile"], "c7");
    assert_eq!(
        reading["arrangement"]["placement"],
        serde_json::json!({"Set": 2})
    );
    let payments = &value["outcome"]["Win"]["payments"];
    assert_eq!(payments["winner"], "South");
    assert_eq!(payments["amounts"], serde_json::json!([-45, 135, -45, -45]));
    assert_eq!(value["claim"]["verdict"], "Overclaimed");
    assert_eq!(value["claim"]["settled"], 45);
    assert_eq!(value["hand"]["winning_tile"], "c9");
    assert_eq!(value["hand"]["context"]["seat"], "South");
}
