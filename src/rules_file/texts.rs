//! The words of a rules file, apart from what they mean: how long a text may be and which
//! characters it may hold, where in the file a character is written, and the messages of
//! the TOML reader (in serde's words: "expected i64", "expected a map") said again in a
//! club keeper's words, with the fix where a slip is a common one.
//!
//! Everything here works on plain strings and byte offsets; the rules file places the
//! messages at their line and column.

use crate::output::is_unsafe;
use crate::rule_set::lookup::distance;

/// The most characters of a name or an id (a rule set's or a hand's name, a Chinese name,
/// a hand's id): each is repeated in output records and cards, and a name is a few words.
pub(crate) const MAX_NAME_CHARS: usize = 100;

/// The most characters of any other text of the file (a description, a summary, an
/// example, a word of the vocabulary).
pub(crate) const MAX_TEXT_CHARS: usize = 300;

/// Why `value` (a text the file calls `what`) cannot be shown as it is: too long, or
/// holding a character a terminal would act on (see [`is_unsafe`]); the character at
/// fault, if one is, and the message. `None` when the text is fine.
pub(crate) fn refused(value: &str, what: &str, most: usize) -> Option<(Option<char>, String)> {
    if let Some(c) = value.chars().find(|&c| is_unsafe(c)) {
        return Some((
            Some(c),
            format!(
                "{what} holds U+{:04X} ({}): the file's texts are shown on terminals and in tables, one line each, without control characters, tabs, line breaks or bidirectional controls",
                c as u32,
                kind_of(c)
            ),
        ));
    }
    let chars = value.chars().count();
    (chars > most).then(|| {
        (
            None,
            format!("{what} is {chars} characters long: at most {most}"),
        )
    })
}

/// What kind of character `c` (one [`is_unsafe`] refuses) is, in words.
fn kind_of(c: char) -> &'static str {
    match c {
        '\0' => "NUL",
        '\t' => "a tab",
        '\n' | '\r' | '\u{2028}' | '\u{2029}' | '\u{0b}' | '\u{0c}' | '\u{85}' => "a line break",
        '\u{1b}' => "escape, which starts a terminal's commands",
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            "a bidirectional control, which reorders the text after it"
        }
        _ => "a control character",
    }
}

/// Where, in `literal` (a string as written in the file, quotes and escapes included), the
/// first `c` of its value is written: the character itself, or the escape that writes it
/// (`\u001B`, `\e`, `\n`); the first of them. The literal's start when none is found.
pub(crate) fn written_at(literal: &str, c: char) -> usize {
    let short = match c {
        '\n' => Some("\\n"),
        '\t' => Some("\\t"),
        '\r' => Some("\\r"),
        '\u{8}' => Some("\\b"),
        '\u{c}' => Some("\\f"),
        '\u{1b}' => Some("\\e"),
        _ => None,
    };
    let lower = literal.to_ascii_lowercase();
    let escapes = [
        format!("\\u{:04x}", c as u32),
        format!("\\U{:08x}", c as u32).to_ascii_lowercase(),
        format!("\\x{:02x}", c as u32),
    ];
    literal
        .find(c)
        .into_iter()
        .chain(short.and_then(|s| literal.find(s)))
        .chain(escapes.iter().filter_map(|e| lower.find(e.as_str())))
        .min()
        .unwrap_or(0)
}

/// A message of the TOML reader about the value of `key` (the key written before it on its
/// line, if any), in a club keeper's words: what was expected, what was found, and the fix
/// where it is plain ("write 8, without quotes").
pub(crate) fn plain_words(message: &str, key: Option<&str>) -> String {
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            return wrong_type(found, expected, key);
        }
    }
    if let Some(field) = between(message, "missing field `", "`") {
        if field == "base" {
            return "no base: a rules file names the built-in rule set it changes, base = \"wsom\" (or \"zj\", \"doubling\", \"huang\")".to_string();
        }
        return match field {
            "of" => "triplets: expected of = \"TILES\", the tiles the triplets are of".to_string(),
            _ => format!("a new hand needs {field} = ... (its id, name and value at least)"),
        };
    }
    if let Some(field) = between(message, "unknown field `", "`") {
        let known: Vec<&str> = message
            .split_once("expected ")
            .map(|(_, list)| list.split('`').skip(1).step_by(2).collect())
            .unwrap_or_default();
        let nearest = known
            .iter()
            .map(|k| (distance(k, field), k))
            .min_by_key(|&(d, _)| d)
            .filter(|&(d, _)| d <= field.chars().count().div_ceil(3).max(1))
            .map(|(_, k)| k);
        let mut said = format!("no key '{field}' here");
        if let Some(nearest) = nearest {
            said.push_str(&format!(": did you mean {nearest}?"));
        }
        if !known.is_empty() {
            said.push_str(&format!(" (the keys: {})", known.join(", ")));
        }
        return said;
    }
    if message.starts_with("cannot recurse further") {
        // The TOML reader's own limit, far past any a hand's parts reach.
        return "tables and lists nested too deep: a hand's parts (any_of, all_of) go 3 deep at most".to_string();
    }
    message.to_string()
}

/// The text between `start` and the next `end` in `text`.
fn between<'t>(text: &'t str, start: &str, end: &str) -> Option<&'t str> {
    let rest = &text[text.find(start)? + start.len()..];
    Some(&rest[..rest.find(end)?])
}

/// "expected a whole number, found \"8\": write 8, without quotes", and the like.
fn wrong_type(found: &str, expected: &str, key: Option<&str>) -> String {
    let points = matches!(key, Some("minimum" | "value"));
    let wanted = match expected {
        "i64" | "i32" | "u32" | "u64" | "u8" if points => "a whole number of points",
        "i64" | "i32" | "u32" | "u64" | "u8" => "a whole number",
        "a string" => "text in quotes",
        "a boolean" => "true or false",
        "a sequence" => "a list in brackets, as off = [\"4.2.1\", \"5.1.1\"]",
        "a map" if key == Some("payments") => {
            "a table: [payments], its numbers on the lines under it"
        }
        "a map" => "a table: [values], a line \"ID\" = VALUE under it for each pattern",
        "struct Limits" => "a table: [limits], compound = N or single = N on the lines under it",
        "struct Hand" => "a table: [[hands]], a new hand's keys on the lines under it",
        "struct Triplets" => "a table: { of = \"TILES\", at_least = N } (or at_most, exactly)",
        other => other,
    };
    // serde's `string "8"`, `integer `5``, `floating point `4.1``, `boolean `true``.
    let (kind, written) = found.split_once(' ').unwrap_or((found, ""));
    let written = written.trim_matches('`');
    let found_said = match kind {
        "string" => format!("the text {written}"),
        "integer" | "floating" => {
            let number = written.trim_start_matches("point `").trim_end_matches('`');
            format!("the number {number}")
        }
        "boolean" => written.to_string(),
        "sequence" => "a list".to_string(),
        "map" => "a table".to_string(),
        _ => found.to_string(),
    };
    let mut said = format!("expected {wanted}, found {found_said}");
    let unquoted = written.trim_matches('"');
    if kind == "string" && wanted.starts_with("a whole number") && unquoted.parse::<i64>().is_ok() {
        said.push_str(&format!(": write {unquoted}, without quotes"));
    } else if kind == "string" && wanted == "true or false" {
        said.push_str(": write true or false, without quotes");
    } else if matches!(kind, "integer" | "floating") && wanted == "text in quotes" {
        let number = found_said.trim_start_matches("the number ");
        said.push_str(&format!(": write \"{number}\", in quotes"));
    }
    said
}

/// Why `id` cannot be a new hand's id: empty, or holding a character other than a letter,
/// a digit, `.`, `-` or `_` (an id is written on the command line and after `claim=`,
/// where a space or a `+` would end it).
pub(crate) fn bad_id(id: &str) -> Option<String> {
    if id.is_empty() {
        return Some("a hand's id is empty: write one, as \"c.1\"".to_string());
    }
    let bad = id
        .chars()
        .find(|&c| !(c.is_alphanumeric() || matches!(c, '.' | '-' | '_')))?;
    Some(if bad.is_whitespace() && id.trim() != id {
        format!("'{id}' has spaces around it: write \"{}\"", id.trim())
    } else {
        format!("'{id}' holds '{bad}': an id is letters, digits, '.', '-' and '_', as \"c.1\"")
    })
}
