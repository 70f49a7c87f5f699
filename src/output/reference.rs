//! The reference card (`mjscore patterns`) and one pattern explained (`mjscore explain`).

use std::fmt::Write;

use crate::line::Scored;
use crate::notation::SHARED_WORDS;
use crate::patterns::{
    Pattern, Shapes, Value, ANY, ANY_SEQUENCES, REGULAR, REGULAR_OR_PAIRS,
};
use crate::rule_set::{PaymentParams, RuleSet};
use crate::score::Outcome;
use crate::words::{WordSpec, WordValues};

use super::fit::{fit, Indent};
use super::json::Object;
use super::{limit_label, number, points_label, total_label, Number};

/// The reference card as text, fitted to `width` columns if given: a condition too long
/// continues under the condition column when the terminal leaves it 20 columns; on a
/// terminal narrower than that, each condition goes on the line under its pattern.
pub(crate) fn text_card(rules: &RuleSet, width: Option<usize>) -> String {
    let patterns = &rules.patterns[..];
    let name_width = patterns
        .iter()
        .map(|p| self::width(&p.name))
        .max()
        .unwrap_or(0);
    let chinese_width = patterns
        .iter()
        .map(|p| self::width(&p.chinese))
        .max()
        .unwrap_or(0);
    let title = format!(
        "{}: {} patterns; {}",
        rules.name,
        patterns.len(),
        minimum_said(rules)
    );
    let head = |id: &str, series: &str, points: &str, name: &str, chinese: &str| {
        format!(
            "{} {} {:>6} {} {} ",
            pad(id, 7),
            pad(series, 7),
            points,
            pad(name, name_width),
            pad(chinese, chinese_width)
        )
    };
    let condition_at = self::width(&head("", "", "", "", ""));
    let under = width.is_some_and(|width| condition_at + 20 > width);
    let mut table = String::new();
    let header = head("ID", "SERIES", "POINTS", "NAME", "CHINESE");
    if under {
        let _ = writeln!(table, "{}\n        CONDITION", header.trim_end());
    } else {
        let _ = writeln!(table, "{header}CONDITION");
    }
    for p in patterns {
        let row = head(&p.id, &p.series, &value(rules, p), &p.name, &p.chinese);
        if under {
            let _ = writeln!(table, "{}\n        {}", row.trim_end(), p.summary);
        } else {
            let _ = writeln!(table, "{row}{}", p.summary);
        }
    }
    match width {
        None => format!("{title}\n{table}"),
        Some(width) => {
            let at = if under { 8 } else { condition_at };
            format!(
                "{}\n{}",
                fit(&title, width, Indent::UnderValue),
                fit(&table, width, Indent::At(at))
            )
        }
    }
}

/// What the card's title says of a hand with no pattern and of the minimum (a chicken hand
/// under a minimum above its value is a false win too: a rules file's minimum under Zung
/// Jung), then what a false win costs, where the rule set charges one.
fn minimum_said(rules: &RuleSet) -> String {
    let said = minimum_only(rules);
    match rules.payments.params.false_win {
        0 => said,
        each => format!("{said}; a false win costs its declarer {each} to each other player"),
    }
}

/// What the card's title says of a hand with no pattern and of the minimum.
fn minimum_only(rules: &RuleSet) -> String {
    let minimum = rules.minimum;
    let under = super::waits::plural(minimum, "point", "points");
    match rules.chicken() {
        Some(chicken) if minimum == 0 => format!(
            "a hand with no pattern scores {} {}",
            chicken.id,
            value(rules, chicken)
        ),
        Some(chicken) if chicken.value.nominal(rules.limit.maximum) < Some(minimum) => format!(
            "a hand under {under} is a false win, a hand with no pattern ({} {}) too",
            chicken.id,
            value(rules, chicken)
        ),
        Some(chicken) => format!(
            "a hand with no pattern scores {} {}; a hand under {under} is a false win",
            chicken.id,
            value(rules, chicken)
        ),
        None if minimum == 0 => "no minimum: a winning hand worth 0 pays 0".to_string(),
        None => format!("a hand under {under} is a false win"),
    }
}

/// The rule set's patterns, one a line (id, name, Chinese name, points), under a line that
/// says how to ask for one: `mjscore explain` without a pattern.
pub(crate) fn pattern_list(rules: &RuleSet) -> String {
    let patterns = &rules.patterns[..];
    let widest =
        |name: fn(&Pattern) -> &str| patterns.iter().map(|p| width(name(p))).max().unwrap_or(0);
    let (id_width, name_width, chinese_width) = (
        widest(|p| &p.id),
        widest(|p| &p.name),
        widest(|p| &p.chinese),
    );
    let mut list = format!(
        "explain takes one pattern: its id, its name or the start of its name (mjscore explain {}, mjscore explain \"{}\"); the {} patterns of {}:\n",
        patterns[0].id,
        patterns[0].name.to_lowercase(),
        patterns.len(),
        rules.name
    );
    for p in patterns.iter() {
        let _ = writeln!(
            list,
            "  {} {} {} {}",
            pad(&p.id, id_width),
            pad(&p.name, name_width),
            pad(&p.chinese, chinese_width),
            value(rules, p)
        );
    }
    list
}

/// Columns a string takes in a terminal: CJK characters take two.
fn width(text: &str) -> usize {
    super::fit::display_width(text)
}

fn pad(text: &str, columns: usize) -> String {
    let fill = columns.saturating_sub(width(text));
    format!("{text}{}", " ".repeat(fill))
}

/// A pattern's value in this rule set, as shown: a doubling special hand follows `--max`,
/// a half point is `½`, a percentage `+50%`.
fn value(rules: &RuleSet, pattern: &Pattern) -> String {
    pattern.value.label(rules.limit.maximum)
}

/// A pattern's value as a number for scripts: a percentage's points are 0 (its `percent`
/// is written apart), a value computed from the hand is `null`.
fn value_number(rules: &RuleSet, pattern: &Pattern) -> Number {
    number(&pattern.value, pattern.value.nominal(rules.limit.maximum))
}

/// Every pattern of the rule set as one JSON object a line.
pub(crate) fn json_card(rules: &RuleSet) -> String {
    let mut out = String::new();
    for p in rules.patterns.iter() {
        let mut object = Object::new(&mut out);
        object
            .string("id", &p.id)
            .string("series", &p.series)
            .string("name", &p.name)
            .string("chinese", &p.chinese)
            .raw("points", value_number(rules, p));
        if p.value.percent() > 0 {
            object.raw("percent", p.value.percent());
        }
        object.string("condition", &p.summary).end();
        out.push('\n');
    }
    out
}

/// Every pattern of the rule set as a TSV table, a header row first.
pub(crate) fn tsv_card(rules: &RuleSet) -> String {
    let mut out = String::from("id\tseries\tpoints\tname\tchinese\tcondition\n");
    for p in rules.patterns.iter() {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}",
            p.id,
            p.series,
            value_number(rules, p),
            p.name,
            p.chinese,
            p.summary
        );
    }
    out
}

fn shapes(shapes: Shapes) -> &'static str {
    // The numbers of sequences a pattern declares tell the engine where not to look; its
    // condition says what it needs.
    let shapes = Shapes {
        sequences: ANY_SEQUENCES,
        ..shapes
    };
    match shapes {
        s if s == REGULAR => "regular hands (4 sets and a pair)",
        s if s == REGULAR_OR_PAIRS => "regular hands and Seven Pairs",
        s if s == ANY => "any winning hand",
        s if s.seven_pairs => "Seven Pairs",
        s if s.declared => "a win by declaration, whatever the tiles",
        s if s.special && !s.thirteen_terminals => "the rule set's own special shapes",
        _ => "Thirteen Terminals",
    }
}

/// One pattern in full, with its example hand as scored (`example` is
/// `pattern.example` scored under `rules`; `None` when it has none).
pub(crate) fn explain(pattern: &Pattern, rules: &RuleSet, example: Option<&Scored>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} {} {}", pattern.id, pattern.name, pattern.chinese);
    if !pattern.aliases.is_empty() {
        let _ = writeln!(out, "Also called  {}", pattern.aliases.join(", "));
    }
    let _ = writeln!(out, "Points       {}", value(rules, pattern));
    let _ = writeln!(
        out,
        "Series       {} (only the highest pattern of a series counts{})",
        pattern.series,
        if pattern.counts_per_set() {
            format!("; {} counts once per set", pattern.name)
        } else if pattern.counts_per_pair() {
            format!("; {} counts once per pair", pattern.name)
        } else if pattern.counts_per_instance() {
            format!("; {} counts once per instance", pattern.name)
        } else {
            String::new()
        }
    );
    let _ = writeln!(out, "Scores on    {}", shapes(pattern.shapes));
    let _ = writeln!(out, "Condition    {}", pattern.details);
    let Some(example) = example else {
        let _ = writeln!(out, "Example      none given (a hand of a rules file may come without one)");
        return out;
    };
    let _ = writeln!(out, "Example      {}", pattern.example);
    let scored = match &example.outcome {
        Outcome::Win { reading, .. } => {
            let patterns: Vec<String> = reading
                .counted
                .iter()
                .map(|c| format!("{} {} {}", c.pattern.id, c.pattern.name, points_label(c)))
                .collect();
            let limit = reading
                .limit
                .map(|l| format!(" ({})", limit_label(rules, l)))
                .unwrap_or_default();
            format!("{} = {}{limit}", patterns.join(" + "), total_label(reading))
        }
        Outcome::FalseWin(_) => "a false win under these rules".to_string(),
    };
    let _ = writeln!(out, "             scores {scored} under {}", rules.id);
    out
}

/// One pattern in full as a JSON object (`explain --format json`): the card's fields, its
/// full condition, and its example as scored (`example` is `pattern.example` scored under
/// `rules`; `None` when it has none: then `example` and `example_total` are `null`).
pub(crate) fn explain_json(pattern: &Pattern, rules: &RuleSet, example: Option<&Scored>) -> String {
    let mut out = String::new();
    let mut object = Object::new(&mut out);
    object
        .string("rules", &rules.id)
        .string("id", &pattern.id)
        .string("series", &pattern.series)
        .string("name", &pattern.name)
        .string("chinese", &pattern.chinese)
        .strings("aliases", pattern.aliases.iter().copied())
        .raw("points", value_number(rules, pattern));
    if pattern.value.percent() > 0 {
        object.raw("percent", pattern.value.percent());
    }
    object
        .string("scores_on", shapes(pattern.shapes))
        .string("condition", &pattern.details);
    match example.map(|e| &e.outcome) {
        None => {
            object
                .raw("example", super::json::Null)
                .raw("example_total", super::json::Null);
        }
        Some(Outcome::Win { reading, .. }) => {
            object.string("example", &pattern.example);
            object
                .raw("example_total", super::total_number(reading))
                .strings(
                    "example_patterns",
                    reading.counted.iter().map(|c| c.pattern.id.as_ref()),
                );
        }
        Some(Outcome::FalseWin(_)) => {
            object
                .string("example", &pattern.example)
                .raw("example_total", super::json::Null);
        }
    }
    object.end();
    out.push('\n');
    out
}

/// A system word as the notation card shows it: `round=WIND`, `last=N`, `lastcopy`.
fn written(word: &WordSpec) -> String {
    match word.values {
        WordValues::Seat => format!("{}=WIND", word.key),
        WordValues::Number { .. } => format!("{}=N", word.key),
        WordValues::Names(_) => format!("{}=NAME", word.key),
        WordValues::Flag => word.key.to_string(),
    }
}

/// The notation card (`mjscore notation`, and the man page's NOTATION section): tiles,
/// melds, the winning tile, the shared context words, then each rule set's own words, as
/// `systems` declare them.
pub(crate) fn notation(systems: &[&RuleSet]) -> String {
    let mut out = String::from(NOTATION_HEAD);
    let word_width = SHARED_WORDS.iter().map(|(w, _)| w.len()).max().unwrap_or(0);
    for (word, meaning) in SHARED_WORDS {
        let _ = writeln!(out, "  {word:<word_width$}  {meaning}");
    }
    out.push_str(
        "\nWords of one rule set (another rule set refuses them and says which reads them)\n",
    );
    for rules in systems {
        if rules.words.is_empty() {
            let _ = writeln!(out, "  --rules {}: none", rules.id);
            continue;
        }
        let _ = writeln!(out, "  --rules {}:", rules.id);
        let width = rules
            .words
            .iter()
            .map(|w| written(w).len())
            .max()
            .unwrap_or(0);
        for word in rules.words {
            let _ = writeln!(out, "    {:<width$}  {}", written(word), word.meaning);
        }
    }
    out.push_str(NOTATION_TAIL);
    out
}

const NOTATION_HEAD: &str = "\
One hand is one line: the concealed tiles (without the winning tile), the melds, the winning
tile after +, then context words. Concealed tiles + winning tile + 3 for each meld make 14
(a kong counts 3). Letters may be upper or lower case; # starts a comment.

Tiles (one tile per digit: b123 is b1 b2 b3, w44 two North)
  b1-b9   bamboo
  c1-c9   characters
  d1-d9   dots
  w1-w4   winds: w1 East, w2 South, w3 West, w4 North
  e1-e3   dragons: e1 Red, e2 Green, e3 White (e is a dragon here; East is w1, and e only
          in seat=e, from=e)
  Unicode mahjong glyphs are tiles too, one per glyph: \u{1F007}-\u{1F00F} c1-c9, \u{1F010}-\u{1F018} b1-b9,
  \u{1F019}-\u{1F021} d1-d9, \u{1F000}\u{1F001}\u{1F002}\u{1F003} w1-w4, \u{1F004} e1, \u{1F005} e2, \u{1F006} e3 (U+1F000-U+1F021).
  Riichi (Tenhou) style, digits first, for a whole hand: 123m characters, 456p dots, 789s
  bamboo, 1z-7z honours (1z-4z East South West North, 5z White, 6z Green, 7z Red):
  123m456p789s55z11z +1z is c123 d456 b789 e33 w11 +w1.

Melds (the tiles as one group or several; a chow's in any order)
  [p d111]    exposed pung (also pung, pong)
  [c b345]    exposed chow (also chow, chi)
  [k e1111]   exposed kong (also kong)
  [ck w2222]  concealed, declared kong (also ckong)
  Four identical concealed tiles not declared are written as tiles: b5555.

Winning tile
  +b9     the tile that completed the hand: exactly one, and not written again among
          the concealed tiles

Context words (each at most once; contradictions are errors)
";

const NOTATION_TAIL: &str = "
Session lines (in a list of hands: running totals by player, docs/sessions.md)
  players: Ann Bob Cho Dee  seats four players at East, South, West, North (spaces or commas)
  draw                      a drawn hand: nobody pays

Example
  b66 c12345678 d111 +c9 self seat=s     South self-draws c9: 1.2 + 7.1 = 45 under wsom

mjscore patterns lists the rule set's patterns; mjscore explain ID (or a name) shows one.
";

/// What the card's row does not say of each new hand of `rules` (one `base` has not): that
/// it is a limit, scoring alone, and what it implies, a line each:
/// `+ c.1 Spring Pairs: a limit, it scores alone; implies 10.2 Seven Pairs`.
fn new_hands(rules: &RuleSet, base: &RuleSet) -> Vec<String> {
    let mut lines = Vec::new();
    for pattern in rules.patterns.iter().filter(|p| base.pattern(&p.id).is_none()) {
        let mut said = Vec::new();
        if matches!(pattern.value, Value::Alone(_)) {
            said.push("a limit, it scores alone".to_string());
        }
        let implied: Vec<String> = rules
            .implications
            .iter()
            .filter(|i| i.counted == pattern.id)
            .flat_map(|i| i.drops.iter().flat_map(|d| d.ids.iter()))
            .map(|id| match rules.pattern(id) {
                Some(p) => format!("{} {}", p.id, p.name),
                None => id.to_string(),
            })
            .collect();
        if !implied.is_empty() {
            said.push(format!("implies {}", implied.join(", ")));
        }
        if !said.is_empty() {
            lines.push(format!("+ {} {}: {}", pattern.id, pattern.name, said.join("; ")));
        }
    }
    lines
}

/// The card of `rules` (as [`text_card`] writes it, unfitted) with what it changed from
/// `base` marked at the start of each row: `~` a value changed, `+` a new pattern; then the
/// patterns taken out, and the changed minimum, limits and payments, each on a line.
pub(crate) fn changes(rules: &RuleSet, base: &RuleSet) -> String {
    let card = text_card(rules, None);
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", rules.name, base.base_words());
    if !rules.description.is_empty() {
        let _ = writeln!(out, "{}", rules.description);
    }
    out.push('\n');
    let mut lines = card.lines();
    // The title and the header, then one row per pattern in table order.
    for line in lines.by_ref().take(2) {
        let _ = writeln!(out, "  {line}");
    }
    for (pattern, line) in rules.patterns.iter().zip(lines) {
        let mark = match base.pattern(&pattern.id) {
            None => '+',
            Some(old) if value(base, old) != value(rules, pattern) => '~',
            Some(_) => ' ',
        };
        let _ = writeln!(out, "{mark} {line}");
    }
    let mut changed = new_hands(rules, base);
    for old in base.patterns.iter() {
        if rules.pattern(&old.id).is_none() {
            changed.push(format!("- {} {}: switched off", old.id, old.name));
        }
    }
    if rules.minimum != base.minimum {
        changed.push(format!(
            "~ minimum: {} (was {})",
            rules.minimum, base.minimum
        ));
    }
    let limit = |l: Option<u32>| l.map_or("none".to_string(), |n| n.to_string());
    if rules.limit.maximum != base.limit.maximum {
        changed.push(format!(
            "~ compound limit: {} (was {})",
            limit(rules.limit.maximum),
            limit(base.limit.maximum)
        ));
    }
    if rules.limit.alone_from != base.limit.alone_from {
        changed.push(format!(
            "~ single limit: {} (was {})",
            limit(rules.limit.alone_from),
            limit(base.limit.alone_from)
        ));
    }
    let (new, old) = (rules.payments.params.shown(), base.payments.params.shown());
    let numbers = PaymentParams::KEYS.into_iter().zip(new).zip(old);
    for ((key, new), old) in numbers {
        if new != old {
            changed.push(format!("~ payments.{key}: {new} (was {old})"));
        }
    }
    if !changed.is_empty() {
        out.push('\n');
        for line in changed {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}
