//! A format of one method: a scored hand as a Markdown table. Every other kind of result
//! (a line that is not a hand, waits) is written by the renderer's defaults.

use mjscore::render::{Location, Renderer};
use mjscore::{rules, Outcome, Scored};

// The whole format: one method, 12 lines.
struct Markdown;

impl Renderer for Markdown {
    fn scored(&self, out: &mut String, scored: &Scored, _at: Option<&Location>) {
        out.push_str("| id | pattern | points |\n|---|---|---|\n");
        if let Outcome::Win { reading, .. } = &scored.outcome {
            for counted in reading.counted.iter() {
                let (id, name) = (&counted.pattern.id, &counted.pattern.name);
                out.push_str(&format!("| {id} | {name} | {} |\n", counted.points));
            }
            out.push_str(&format!("| | **Total** | **{}** |\n", reading.total));
        }
    }
}

#[test]
fn a_scored_hand_is_a_markdown_table() {
    // The WSOM scoring summary's Example 1: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight
    // 40 = 45, South's self-draw.
    let scored = mjscore::score_line("b66 c12345678 d111 +c9 self seat=s", &rules::WSOM).unwrap();
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
fn what_the_format_does_not_write_the_defaults_do() {
    // A line that is not a hand: `b1` alone has 1 tile where a hand has 14.
    let error = mjscore::score_line("b1 +b1", &rules::WSOM).unwrap_err();
    let mut out = String::new();
    let at = Location {
        file: None,
        line: 3,
    };
    Markdown.error(&mut out, "b1 +b1", &error, Some(&at));
    assert!(out.starts_with("line 3, column "), "{out}");
    assert!(out.contains(&error.message()), "{out}");
    // Waits: b123 c456 d789 w11 b5 b6 waits on b4 and b7 (the run b456 or b567).
    let analysis = mjscore::analyse_line("b123 c456 d789 w11 b5 b6", &rules::WSOM).unwrap();
    let mut out = String::new();
    Markdown.waits(&mut out, "", &analysis, None);
    assert_eq!(out, "waits b4 b7");
}
