//! Every call the page makes into the mjscore library, and only here: each takes text and
//! returns the text the command line writes for the same request. When the library's API
//! changes, this is the one file to adapt.
//!
//! | here | the command line |
//! |---|---|
//! | [`score`] | `mjscore --rules R --format json LINE` (with `all`: `--all`) |
//! | [`waits`] | `mjscore waits --rules R --format json LINE` |
//! | [`patterns`] | `mjscore patterns --rules R --format json` |
//! | [`explain`] | `mjscore explain --rules R --format json PATTERN` |
//! | [`notation`] | `mjscore notation` |
//! | [`session`] | `mjscore -f FILE --rules R --format json --summary` (with `all`: `--all`) |
//! | [`rules_file`] | `mjscore rules check FILE` (the rule set it makes, or the error) |
//! | [`event`] | `mjscore event draw EVENT.toml --format json` and `mjscore event standings EVENT.toml SHEETS --allow-incomplete --format json`, in one answer |
//! | [`systems`] | (none: the rule sets and their context words, for the page's controls) |
//!
//! The rule set ([`Rules`]) is a built-in one named by its id, with the doubling table's
//! maximum (`max`, 0 for none: `--max N`, which only the doubling table takes), or the text
//! of a rules file (`--rules FILE`, docs/rules-files.md). A request the command line would
//! refuse as a usage error (an unknown rule set, an unknown pattern, a rules file that does
//! not check) gets `{"error":{"kind":"usage","message":...}}`, with the command line's
//! message.

use std::cell::RefCell;
use std::rc::Rc;

use mjscore::batch::{self, Control, Input, Settings};
use mjscore::render::{Format, Json, Renderer, Text};
use mjscore::rules;
use mjscore::rules_file::RulesFileError;
use mjscore::{analyse_line, score_line_with, Options, RuleSet};

/// The rule set a request is scored under.
#[derive(Debug, Clone, Copy)]
pub enum Rules<'a> {
    /// A built-in rule set by its id (`--rules wsom`), with the doubling table's maximum
    /// (`--max N`; 0: its default).
    Named { id: &'a str, max: u32 },
    /// The text of a rules file (`--rules FILE`).
    File(&'a str),
}

/// The rules files read lately, each with what it made: a page asks many times under the
/// same file (a keystroke, a sheet's every hand), and reads it once.
type Parsed = Rc<Result<(RuleSet, &'static RuleSet), RulesFileError>>;
const KEPT_FILES: usize = 4;
thread_local! {
    static FILES: RefCell<Vec<(String, Parsed)>> = const { RefCell::new(Vec::new()) };
}

/// The rule set of the rules file `text`, read once and kept (the last few files).
fn parsed(text: &str) -> Parsed {
    FILES.with(|files| {
        let mut files = files.borrow_mut();
        if let Some(at) = files.iter().position(|(kept, _)| kept == text) {
            let entry = files.remove(at);
            let rules = Rc::clone(&entry.1);
            files.insert(0, entry);
            return rules;
        }
        let rules = Rc::new(mjscore::RuleSet::from_rules_file_with_base(text));
        files.insert(0, (text.to_string(), Rc::clone(&rules)));
        files.truncate(KEPT_FILES);
        rules
    })
}

/// The rule set asked for, or the command line's usage message.
fn with_rules<T>(rules: Rules, then: impl FnOnce(&RuleSet) -> T) -> Result<T, String> {
    match rules {
        Rules::Named { id, max } => with_named(id, max, then),
        Rules::File(text) => match &*parsed(text) {
            Ok((rules, _)) => Ok(then(rules)),
            Err(error) => Err(format!("the rules file: {error}")),
        },
    }
}

/// The rule set `id` with the doubling table's maximum `max` (0: its default), or the
/// command line's usage message.
fn with_named<T>(id: &str, max: u32, then: impl FnOnce(&RuleSet) -> T) -> Result<T, String> {
    let Some(rules) = RuleSet::by_id(id) else {
        let ids: Vec<&str> = rules::ALL.iter().map(|r| r.id()).collect();
        return Err(format!(
            "invalid value '{id}' for '--rules <RULES>': possible values: {}",
            ids.join(", ")
        ));
    };
    match max {
        0 => Ok(then(rules)),
        2..=30 if rules.id() == rules::DOUBLING.id() => Ok(then(&RuleSet::doubling_with_maximum(max))),
        2..=30 => Err("--max sets the doubling table's maximum: use it with --rules doubling (Zung Jung's limit is fixed at 320)".to_string()),
        _ => Err(format!("invalid value '{max}' for '--max <N>': {max} is not in 2..=30")),
    }
}

/// A usage error as one JSON object.
fn usage(message: &str) -> String {
    Json::usage_error(message)
}

/// The answer, or the usage error.
fn answer(result: Result<String, String>) -> String {
    result.unwrap_or_else(|message| usage(&message))
}

/// One hand scored: the JSON object `mjscore --format json` writes for it (a false win and
/// a line that is not a hand included), without the line break. With `all`, every reading
/// too, as `--all`.
pub fn score(rules: Rules, line: &str, all: bool) -> String {
    answer(with_rules(rules, |rules| {
        let options = Options {
            all_readings: all,
            ..Options::default()
        };
        let result = score_line_with(line, rules, options);
        // A line over the library's limit is refused unread, and not echoed.
        let line = match &result {
            Err(error) if error.kind() == mjscore::ErrorKind::Input => "",
            _ => line,
        };
        let json = Json::new(rules);
        let mut out = String::new();
        match &result {
            Ok(scored) => json.scored(&mut out, scored, None),
            Err(error) => json.error(&mut out, line, error, None),
        }
        out
    }))
}

/// What a hand before its win waits for (13 tiles), or which discards leave it calling
/// (14): the JSON object of `mjscore waits --format json`, without the line break.
pub fn waits(rules: Rules, line: &str) -> String {
    answer(with_rules(rules, |rules| {
        let json = Json::new(rules);
        let mut out = String::new();
        match analyse_line(line, rules) {
            Ok(analysis) => json.waits(&mut out, line, &analysis, None),
            Err(error) => json.waits_error(&mut out, line, &error, None),
        }
        out
    }))
}

/// The reference card: one JSON object per pattern, one per line, as `mjscore patterns
/// --format json`.
pub fn patterns(rules: Rules) -> String {
    answer(with_rules(rules, |rules| Format::Json.card(rules, None)))
}

/// One pattern in full, named by its id, its name or the start of its name: the JSON object
/// of `mjscore explain --format json` (with its line break).
pub fn explain(rules: Rules, query: &str) -> String {
    answer(with_rules(rules, |rules| explained(rules, query)).and_then(|r| r))
}

fn explained(rules: &RuleSet, query: &str) -> Result<String, String> {
    // The command line's message; the page names no other rule set (it has its own picker).
    let pattern = rules
        .find_pattern(query, &[])
        .map_err(|missing| missing.to_string())?;
    // A rules file's hand may come without an example: explained without one.
    let example = match &*pattern.example {
        "" => None,
        line => Some(
            mjscore::score_line(line, rules)
                .map_err(|e| format!("the example of {} does not parse: {e}", pattern.id))?,
        ),
    };
    Ok(Format::Json
        .explain(pattern, rules, example.as_ref(), None)
        .unwrap_or_default())
}

/// A list of lines, a session file (docs/sessions.md): what `mjscore -f FILE --format json
/// --summary` writes for it, one JSON object a line, the summary last. It is the command
/// line's own batch run, read line by line on this one thread: the same seats, names,
/// running totals and standings.
pub fn session(rules: Rules, text: &str, all: bool) -> String {
    answer(with_rules(rules, |rules| {
        let json = Json::new(rules);
        let settings = Settings {
            rules,
            output: &json,
            options: Options {
                all_readings: all,
                ..Options::default()
            },
            session_ahead: None,
        };
        let input = Input {
            name: None,
            source: "the sheet".to_string(),
            reader: Box::new(std::io::Cursor::new(text.as_bytes().to_vec())),
            read_ahead: false,
        };
        let mut out = Vec::new();
        match batch::run(vec![input], &settings, &Control::jobs(1), &mut out) {
            Ok(summary) => {
                let mut text = String::from_utf8_lossy(&out).into_owned();
                text.push_str(&json.summary(&summary).unwrap_or_default());
                text.push('\n');
                text
            }
            // Writing to memory does not fail.
            Err(stopped) => usage(&stopped.error.to_string()),
        }
    }))
}

/// A rules file read as `mjscore rules check FILE` reads it: the rule set it makes,
/// `{"id","name","description","base","from","patterns":N,"system":{...}}` (`from` where it
/// started, in the check's words: [`RuleSet::base_words`]; `patterns` counted as
/// the check counts them, `system` as [`systems`] describes a rule set), or why it makes
/// none, `{"error":{"kind":"rules_file","line":L,"column":C,"message":...}}`, the line,
/// column and message the command line writes after the file's name.
pub fn rules_file(text: &str) -> String {
    match &*parsed(text) {
        Ok((rules, base)) => {
            let described = Json::rule_sets(&[rules]);
            // `{"shared":[...],"systems":[SYSTEM]}`: the one system.
            let system = described
                .find(r#""systems":["#)
                .map(|at| &described[at + r#""systems":["#.len()..described.len() - 2])
                .unwrap_or("null");
            format!(
                r#"{{"id":{},"name":{},"description":{},"base":{},"from":{},"patterns":{},"system":{system}}}"#,
                json_string(rules.id()),
                json_string(rules.name()),
                json_string(rules.description()),
                json_string(base.id()),
                json_string(&base.base_words()),
                rules.patterns().len(),
            )
        }
        Err(error) => located_error("rules_file", error),
    }
}

/// A file's error at its line and column, as the page reads it:
/// `{"error":{"kind":KIND,"line":L,"column":C,"message":...}}` (a rules file's or an event
/// file's: both are read by the same TOML reader, with the same kind of error).
fn located_error(kind: &str, error: &RulesFileError) -> String {
    format!(
        r#"{{"error":{{"kind":"{kind}","line":{},"column":{},"message":{}}}}}"#,
        error.line,
        error.column,
        json_string(&error.message)
    )
}

/// Files as the page passes several in one string: each name, then its text, every one
/// followed by a NUL (which no text file the page reads holds).
fn files(framed: &str) -> Vec<(String, String)> {
    let mut parts = framed.split('\0');
    let mut files = Vec::new();
    while let (Some(name), Some(text)) = (parts.next(), parts.next()) {
        files.push((name.to_string(), text.to_string()));
    }
    files
}

/// An event for the director's page (docs/events.md): the event file's `text`, with the
/// files it names beside it (`beside`: a players file, a rules file) and the tables'
/// sheets kept so far (`sheets`), each as [`files`] frames them. One answer:
/// `{"event":{"name","rules","players","rounds","hands","seed","seeded_rounds"},
/// "draw":[{"round","table","seats"}...],"standings":[...],"missing":[...],"problems":[...]}`:
/// the draw of the rounds the seed draws (or, with `after_round` K, the round after K drawn
/// from the standings, as `--after-round K`), each table as `mjscore event draw --format
/// json` writes it; the standings of the sheets as `mjscore event standings
/// --allow-incomplete --format json` writes them (empty without sheets), what is missing,
/// and every problem a sheet has. An event file that cannot be read gets
/// `{"error":{"kind":"event","line","column","message"}}`.
pub fn event(text: &str, beside: &str, sheets: &str, after_round: u32) -> String {
    let beside = files(beside);
    let sheets = files(sheets);
    let read_beside = |name: &str| -> std::io::Result<String> {
        (beside.iter().find(|(file, _)| file == name))
            .map(|(_, text)| text.clone())
            .ok_or_else(|| {
                std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!("{name} is not among the files chosen with the event file"),
                )
            })
    };
    let event = match mjscore::event::Event::parse(text, read_beside) {
        Ok(event) => event,
        Err(error) => return located_error("event", &error),
    };
    // The event's rule set: a built-in one, or the rules file chosen with it.
    let kept: Parsed;
    let rules: &RuleSet = match RuleSet::by_id(&event.rules) {
        Some(rules) => rules,
        None => match beside.iter().find(|(name, _)| *name == event.rules) {
            Some((_, text)) => {
                kept = parsed(text);
                match &*kept {
                    Ok((rules, _)) => rules,
                    Err(error) => return usage(&format!("{}: {error}", event.rules)),
                }
            }
            None => {
                return usage(&format!(
                    "the event plays under the rules file {}: choose it with the event file",
                    event.rules
                ))
            }
        },
    };
    let seeded = event.draw(event.seed);
    let mut problems = Vec::new();
    let (draw, first) = if after_round == 0 {
        (Some(seeded.clone()), 0)
    } else {
        match event.draw_after(rules, &sheets, after_round as usize) {
            Ok(draw) => (Some(draw), after_round as usize),
            Err(found) => {
                problems.extend(found);
                (None, 0)
            }
        }
    };
    let (standings, missing) = if sheets.is_empty() {
        (String::new(), Vec::new())
    } else {
        match event.standings(rules, &seeded, &sheets, true) {
            Ok(standings) => (standings.json_lines(), standings.missing),
            Err(found) => {
                problems.extend(found);
                (String::new(), Vec::new())
            }
        }
    };
    let lines = |text: &str| text.lines().collect::<Vec<_>>().join(",");
    let strings = |list: &[String]| {
        list.iter()
            .map(|s| json_string(s))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        r#"{{"event":{{"name":{},"rules":{},"players":{},"rounds":{},"hands":{},"seed":{},"seeded_rounds":{}}},"draw":[{}],"standings":[{}],"missing":[{}],"problems":[{}]}}"#,
        json_string(&event.name),
        json_string(&event.rules),
        event.players.len(),
        event.rounds,
        event.hands,
        event.seed,
        event.seeded_rounds(),
        lines(
            &draw
                .map(|d| d.json_lines(&event, first))
                .unwrap_or_default()
        ),
        lines(&standings),
        strings(&missing),
        strings(&problems),
    )
}

/// `text` as a JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c < ' ' || ('\u{7f}'..='\u{9f}').contains(&c) => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The notation on one screen: `mjscore notation`.
pub fn notation() -> String {
    Text::notation_card(&rules::ALL, None)
}

/// The rule sets and the context words, for the page's controls (see
/// [`Json::rule_sets`]).
pub fn systems() -> String {
    Json::rule_sets(&rules::ALL)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WSOM: Rules = Rules::Named { id: "wsom", max: 0 };
    const SEASONAL: &str = include_str!("../../docs/examples/rules/seasonal.toml");

    #[test]
    fn scores_as_the_command_line() {
        // README's first hand: 1.2 Concealed Hand 5 + 7.1 Nine-Tile Straight 40 = 45, a
        // self-draw by South, so each of the three others pays 45 and South receives 135.
        let json = score(WSOM, "b66 c12345678 d111 +c9 self seat=s", false);
        assert!(json.contains(r#""total":45,"#), "{json}");
        assert!(json.ends_with(r#""payments":{"e":-45,"s":135,"w":-45,"n":-45}}"#));
        // The notation's own example of an error: column 6 is the w5.
        assert_eq!(
            score(WSOM, "b123 w5 c456 +b9", false),
            r#"{"input":"b123 w5 c456 +b9","rules":"wsom","error":{"kind":"syntax","column":6,"message":"w5: winds are w1-w4 (1 East, 2 South, 3 West, 4 North)"}}"#
        );
    }

    #[test]
    fn refuses_what_the_command_line_refuses() {
        let riichi = Rules::Named {
            id: "riichi",
            max: 0,
        };
        assert!(score(riichi, "b1", false).starts_with(r#"{"error":{"kind":"usage","#));
        let wsom_13 = Rules::Named {
            id: "wsom",
            max: 13,
        };
        assert!(patterns(wsom_13).contains("--max sets the doubling table's maximum"));
        assert!(explain(WSOM, "no such pattern").contains(r#""kind":"usage""#));
    }

    #[test]
    fn an_events_draw_and_standings() {
        const EVENT: &str = include_str!("../../docs/examples/events/pairs-night.toml");
        const TABLE_1: &str = include_str!("../../docs/examples/events/pairs-night-1.1.txt");
        const TABLE_2: &str = include_str!("../../docs/examples/events/pairs-night-1.2.txt");
        // docs/events.md: the seed seats Hal, Eve, Dee and Cho at table 1.1 and Bob, Fay,
        // Gus and Ann at table 1.2; nothing is ranked before a sheet comes in.
        let draw = event(EVENT, "", "", 0);
        assert!(
            draw.starts_with(
                r#"{"event":{"name":"Pairs night","rules":"wsom","players":8,"rounds":1,"hands":2,"#
            ),
            "{draw}"
        );
        assert!(draw.contains(r#""draw":[{"round":1,"table":1,"seats":["Hal","Eve","Dee","Cho"]},{"round":1,"table":2,"seats":["Bob","Fay","Gus","Ann"]}],"standings":[],"missing":[],"problems":[]}"#), "{draw}");
        // Table 1.1 alone: Eve self-draws 45 (+135, the others -45) and a draw; table 1.2 is
        // missing. Places at 1.1: Eve 4 table points, then Hal, Dee and Cho share 2 + 1 + 0 (1
        // each).
        let one = event(EVENT, "", &format!("1.1.txt\0{TABLE_1}\0"), 0);
        assert!(
            one.contains(r#""standings":[{"rank":1,"player":"Eve","points":135,"table_points":4,"#),
            "{one}"
        );
        assert!(
            one.contains(r#""missing":["table 1.2: no sheet"]"#),
            "{one}"
        );
        // Both: Eve and Ann have 4 table points, Eve's 135 before Ann's 110.
        let both = event(
            EVENT,
            "",
            &format!("1.1.txt\0{TABLE_1}\01.2.txt\0{TABLE_2}\0"),
            0,
        );
        assert!(both.contains(r#""standings":[{"rank":1,"player":"Eve","points":135,"table_points":4,"wins":1,"dealt_in":0,"hands":2,"rounds":[135]},{"rank":2,"player":"Ann","points":110,"#), "{both}");
        assert!(both.ends_with(r#""missing":[],"problems":[]}"#), "{both}");
        // An event file that does not read: its line and column.
        let bad = event("name = \"x\"\nrounds = \"two\"\n", "", "", 0);
        assert!(
            bad.starts_with(r#"{"error":{"kind":"event","line":"#),
            "{bad}"
        );
    }

    #[test]
    fn runs_a_session_as_the_command_line() {
        // docs/sessions.md's shorter session: Bob (South) self-draws 45, Ann (North) wins
        // 170 on Bob's (East) discard (Bob pays 3 x 170 - 50 = 460), then a draw.
        let text = "# an evening\nplayers: Ann Bob Cho Dee\nb66 c12345678 d111 +c9 self seat=s\n\
            [p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e\ndraw\n";
        let json = session(WSOM, text, false);
        let lines: Vec<&str> = json.lines().collect();
        assert_eq!(lines.len(), 4, "{json}");
        assert!(lines[0].starts_with(r#"{"line":3,"#), "{}", lines[0]);
        assert!(lines[1].ends_with(r#""running":{"Ann":465,"Bob":-325,"Cho":-70,"Dee":-70}}"#));
        assert!(lines[2].contains(r#""draw":true"#));
        assert!(lines[3].contains(r#"{"player":"Ann","total":465,"won":1,"dealt_in":0,"biggest":170,"false_wins":0,"hands":3}"#), "{}", lines[3]);
        let zj_8 = Rules::Named { id: "zj", max: 8 };
        assert!(session(zj_8, text, false).contains(r#""kind":"usage""#));
    }

    #[test]
    fn lists_every_rule_set_and_its_words() {
        let json = systems();
        for id in ["wsom", "zj", "doubling", "huang"] {
            assert!(json.contains(&format!(r#"{{"id":"{id}","#)), "{id}");
        }
        assert!(json.contains(r#"{"key":"flowers","values":{"min":0,"max":8},"#));
    }

    #[test]
    fn scores_under_a_rules_file() {
        // docs/rules-files.md: All Green (c.2, 400) scores alone; on North's discard, 400 >
        // 25: North pays 3 x 400 - 50 = 1150, South and West 25 each, East receives 1200.
        let json = score(
            Rules::File(SEASONAL),
            "b234 b234 b666 e222 b8 +b8 from=n",
            false,
        );
        assert!(json.contains(r#""rules":"spring-season""#), "{json}");
        assert!(json.contains(r#""total":400,"#), "{json}");
        assert!(json.ends_with(r#""payments":{"e":1200,"s":-25,"w":-25,"n":-1150}}"#));
        // The same text again is read from what was kept, and answers the same.
        assert_eq!(
            json,
            score(
                Rules::File(SEASONAL),
                "b234 b234 b666 e222 b8 +b8 from=n",
                false
            )
        );
        // Its card has WSOM's 44 patterns and its own two.
        assert_eq!(patterns(Rules::File(SEASONAL)).lines().count(), 46);
        assert!(explain(Rules::File(SEASONAL), "c.1").contains(r#""name":"Spring Pairs""#));
    }

    #[test]
    fn reads_a_rules_file_as_rules_check_does() {
        let json = rules_file(SEASONAL);
        assert!(
            json.starts_with(
                r#"{"id":"spring-season","name":"Spring season","description":"WSOM with two hands of the club's own: Spring Pairs and All Green","base":"wsom","from":"from wsom","patterns":46,"system":{"id":"spring-season","name":"Spring season","#
            ),
            "{json}"
        );
        assert!(json.ends_with("]}}"), "{json}");
        // tests/data/rules/broken.toml: `mjscore rules check` says line 4, column 1.
        let broken = "# A club file with a slip: 7.7 is no WSOM pattern.\nbase = \"wsom\"\n[values]\n\"7.7\" = 30\n";
        assert_eq!(
            rules_file(broken),
            r#"{"error":{"kind":"rules_file","line":4,"column":1,"message":"no pattern '7.7' in wsom; the nearest: 7.1 Nine-Tile Straight"}}"#
        );
        // Nothing is scored under it: the command line's usage error.
        assert_eq!(
            score(Rules::File(broken), "b66 c12345678 d111 +c9 self", false),
            r#"{"error":{"kind":"usage","message":"the rules file: line 4, column 1: no pattern '7.7' in wsom; the nearest: 7.1 Nine-Tile Straight"}}"#
        );
        assert_eq!(
            json_string("a \"quote\"\\\n\u{1}"),
            r#""a \"quote\"\\\n\u0001""#
        );
    }

    #[test]
    fn a_rules_file_is_read_as_the_command_line_reads_it() {
        // Over 1 MiB: refused before it is read as TOML, at the byte past the limit (a
        // comment of one line after `base = "wsom"\n`, 14 bytes: column 1,048,576 - 14 + 1).
        let mut long = String::from("base = \"wsom\"\n#");
        long.push_str(&"x".repeat((1 << 20) - long.len() + 1));
        assert_eq!(
            rules_file(&long),
            r#"{"error":{"kind":"rules_file","line":2,"column":1048563,"message":"the file is longer than 1048576 bytes (1 MiB): a rules file is a few kilobytes; is this the right file?"}}"#
        );
        // An escape in the name: refused, its code point named.
        let escape = "base = \"wsom\"\nname = \"A\\u001b[2J\"\n";
        assert!(
            rules_file(escape).starts_with(
                r#"{"error":{"kind":"rules_file","line":2,"column":10,"message":"the name holds U+001B (escape, which starts a terminal's commands)"#
            ),
            "{}",
            rules_file(escape)
        );
        // A hand without an example is explained, its example null.
        let plain = "base = \"wsom\"\n[[hands]]\nid = \"c.1\"\nname = \"Low\"\nvalue = 50\ntiles = \"b123 c123 d123\"\n";
        let explained = explain(Rules::File(plain), "c.1");
        assert!(
            explained.contains(r#""example":null,"example_total":null}"#),
            "{explained}"
        );
    }
}
