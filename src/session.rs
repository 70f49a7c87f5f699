//! A session: the players seated at a table (`players: Ann Bob Cho Dee`), the deal passing
//! after each hand as the rule set says ([`DealRule`]), and each player's running total and
//! standing. The batch keeps one [`Sheet`] per run (in its [`crate::summary::Summary`]);
//! nothing here scores or renders. The rulings are in docs/sessions.md.
//!
//! Totals are kept per player name across the whole run: a new `players:` line seats a new
//! table (or re-seats the same players), and a name already seen keeps its total.

use std::borrow::Cow;
use std::collections::HashMap;


use crate::line::{Error, Failure, Scored};
use crate::notation::shows_nothing;
use crate::payment::Payments;
use crate::rule_set::{DealRule, HandEnd, RuleSet};
use crate::score::PaidOn;
use crate::tile::Seat;

/// A batch line that is not a hand but part of the session's sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Directive {
    /// `players: A B C D`: who sits East, South, West and North from the next hand.
    Players([String; 4]),
    /// `draw`: a drawn hand, nobody pays.
    Draw,
    /// `rules: huang`: the rule set the list is scored under, as written after the colon
    /// (before any comment, trimmed), with the column where it starts; what it names is
    /// read by the batch, which knows the rule sets and rules files.
    Rules {
        /// What follows `rules:`.
        stated: String,
        /// Its 1-based column (that of the colon's next character when nothing follows).
        column: usize,
    },
    /// `penalty Bob 30`: the player at the table so named (or whose name starts so) is
    /// charged the points, paid to nobody; no hand, and the deal does not pass.
    Penalty {
        /// The player, as written.
        name: String,
        /// The points charged.
        points: u32,
    },
    /// `value=45 seat=Bob from=Ann`: a hand recorded by the value the table agreed, without
    /// its tiles ([`value_hand`] reads it, with the players at the table).
    Value,
    /// `table: 2.3`: the sheet is that of an event's round 2, table 3 (docs/events.md).
    /// Nothing for a session: it is read when an event's sheets are merged.
    Table {
        /// The round, from 1.
        round: usize,
        /// The table, from 1.
        table: usize,
    },
}

/// Why a `players:` or `draw` line cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct SessionError {
    /// 1-based column of the word at fault.
    pub column: usize,
    /// What is wrong.
    pub kind: SessionErrorKind,
}

/// A session's error as a line's: the batch reports it where a hand's would be.
impl From<SessionError> for Failure {
    fn from(error: SessionError) -> Failure {
        Failure::Session {
            column: error.column,
            message: error.kind.to_string(),
        }
    }
}

/// What is wrong with a `players:` or `draw` line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionErrorKind {
    /// Not four names.
    #[error("players: names four players, East South West North (found {found})")]
    PlayerCount {
        /// How many names the line gave.
        found: usize,
    },
    /// One name at two seats.
    #[error("{name} is named twice: each seat needs its own player")]
    SameName {
        /// The name given twice.
        name: String,
    },
    /// Two names a person could not tell apart: the same but for case, width or
    /// characters that show nothing.
    #[error(
        "{} and {} would be read as the same player: names that differ only in case, in width or in characters that show nothing cannot be told apart; give each seat a name of its own",
        shown_name(first),
        shown_name(second)
    )]
    LookAlike {
        /// The earlier name, as written.
        first: String,
        /// The later one, as written.
        second: String,
    },
    /// A name that a seat word reads as a seat (`e`, `East`, `none`): its player could
    /// never be named.
    #[error("{} cannot be a player's name: {meaning}, so the player could never be named: write another name", shown_name(name))]
    SeatWordName {
        /// The name, as written.
        name: String,
        /// What the seat word means instead.
        meaning: &'static str,
    },
    /// A name longer than [`MAX_NAME_CHARS`].
    #[error("a player's name is at most {MAX_NAME_CHARS} characters (this one has {length}): a name is shown beside every payment and in the standings")]
    LongName {
        /// Its length in characters.
        length: usize,
    },
    /// A name that is a word of the notation (`self`, `draw`): a line naming the player
    /// would read as that word.
    #[error("{} cannot be a player's name: {word} is a word of the notation ({meaning}): write another name", shown_name(name))]
    NotationWordName {
        /// The name, as written.
        name: String,
        /// The word it is read as.
        word: &'static str,
        /// What the word means.
        meaning: &'static str,
    },
    /// A name made only of characters that show nothing.
    #[error(
        "{} shows nothing: a player's name needs a letter people can read",
        shown_name(name)
    )]
    InvisibleName {
        /// The name, as written.
        name: String,
    },
    /// Something after `draw`.
    #[error("draw stands alone on its line (a # comment may follow)")]
    DrawTakesNothing,
    /// `players` without its colon: the line would otherwise be read as a hand.
    #[error("write players: with its colon, then the four names (players: Ann Bob Cho Dee)")]
    PlayersWithoutColon,
    /// A seat word (`seat=`, `from=`, `resp=`) naming nobody at the table.
    #[error(
        "{key}={found}: a seat is e, s, w or n, or a player at the table: {}",
        list_names(&players[..])
    )]
    UnknownPlayer {
        /// The word, in lower case.
        key: String,
        /// What followed its `=`, as written.
        found: String,
        /// The players at the table, East South West North (boxed: an error is moved
        /// about, and this one is rare).
        players: Box<[String; 4]>,
    },
    /// A seat word naming the start of more than one player's name.
    #[error(
        "{key}={found} could be {}: write more of the name",
        list_names(matches)
    )]
    AmbiguousPlayer {
        /// The word, in lower case.
        key: String,
        /// What followed its `=`, as written.
        found: String,
        /// The players whose names start so.
        matches: Vec<String>,
    },
    /// A hand at a seated table that does not say who won.
    #[error(
        "whose win is it? at a table write seat= and the winner: {} (or the seat: e, s, w, n)",
        list_names(&players[..])
    )]
    NoWinner {
        /// The players at the table, East South West North.
        players: Box<[String; 4]>,
    },
    /// A name given in code ([`crate::Session::seat`]) that is not one word: a session
    /// file could not write it on its `players:` line.
    #[error("{} is not one word: a player's name has no space, comma or #", shown_name(name))]
    NameNotOneWord {
        /// The name, as given.
        name: String,
    },
    /// A `penalty` line that does not name a player and the points.
    #[error("penalty names a player at the table and the points charged, from 1 to {MAX_PENALTY} (penalty Bob 30); a # comment may follow")]
    PenaltyUnreadable,
    /// A `penalty` line naming nobody at the table, or before anyone is seated.
    #[error("{}", penalty_nobody(found, players))]
    PenaltyNobody {
        /// The name, as written.
        found: String,
        /// The players at the table, East South West North (none before a seating).
        players: Vec<String>,
    },
    /// A `value=` line whose value is not a number of points in range.
    #[error("value= is the hand's points as the table agreed them, from 1 to {MAX_VALUE} (value=45 seat=Bob from=Ann)")]
    ValueUnreadable,
    /// A word a `value=` line does not take, or takes once.
    #[error("{found}: {why}")]
    ValueWord {
        /// The word, as written.
        found: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A `value=` line that says neither who discarded nor `self`.
    #[error("say how the hand was won: from= the discarder, or self (value=45 seat=Bob self)")]
    ValueHowWon,
    /// A `value=` line naming no winner.
    #[error("say who won: seat= the winner (value=45 seat=Bob from=Ann)")]
    ValueNoWinner,
    /// A value no hand of the rule set can total.
    #[error("{}", value_out_of_range(*value, rules, *minimum, *maximum))]
    ValueOutOfRange {
        /// The value given.
        value: u32,
        /// The rule set, as `--rules` takes it.
        rules: String,
        /// Its minimum (0: none).
        minimum: u32,
        /// Its limit, if it has one.
        maximum: Option<u32>,
    },
    /// A `table:` line that does not name a round and a table.
    #[error("table: names the event's round and table, as table: 2.3 for round 2, table 3 (found {found:?})")]
    TableUnreadable {
        /// What follows `table:`, as written.
        found: String,
    },
    /// A hand or a draw recorded in code before anyone is seated.
    #[error("nobody is seated: seat four players before the first hand")]
    NotSeated,
    /// `rules` without its colon: the line would otherwise be read as a hand.
    #[error("write rules: with its colon, then the rule set (rules: huang)")]
    RulesWithoutColon,
    /// `rules:` naming nothing the program knows, or with something after the rule set.
    #[error("{}", rules_expected(found))]
    RulesUnknown {
        /// What the line states, as written.
        found: String,
    },
    /// A `max=` that is not the doubling table's maximum.
    #[error("{found}: only the doubling table has a maximum, from 2 to 30 (rules: doubling max=10)")]
    RulesMaximum {
        /// The word, as written.
        found: String,
    },
    /// A rules file named without its text after it.
    #[error("rules: {name} states a rules file: its text follows the line, each of its lines after \"#| \" (as the page exports an evening); or leave the line out and give --rules with the file")]
    RulesWithoutText {
        /// The file's name, as written.
        name: String,
    },
    /// The text of a rules file, in the `#|` lines after `rules:`, that gives no rule set.
    #[error("the rules file in the #| lines: {message}")]
    RulesText {
        /// What is wrong, and what was expected.
        message: String,
    },
    /// A `rules:` line after a hand, a `draw` or a `players:` line.
    #[error("rules: stands at the top of its list, before the first hand, draw or players: line: a list is scored under one rule set")]
    RulesLate,
    /// A second `rules:` line.
    #[error("the list stated its rules at line {line} already: one rules: line a list")]
    RulesTwice {
        /// The line of the first.
        line: usize,
    },
    /// A list that states other rules than those it is scored under.
    #[error("the list states rules: {stated}, but it is being scored under {scored}: score it under the rules it states")]
    RulesDiffer {
        /// What the list states, as written.
        stated: String,
        /// The rule set of the run (its id).
        scored: String,
    },
    /// A session that starts after the TSV header was written without its columns.
    #[error("in TSV a session's players: line must be the first line read, so that the header has its columns (in a regular file given with -f it may stand anywhere; standard input, a pipe or a FIFO cannot be looked ahead in)")]
    LateInTsv,
}

impl SessionErrorKind {
    /// Whether the error is one of a line that is no hand (a `players:` line, which seats
    /// nobody, or a `table:` line), rather than one of a hand or a `draw`: it passes no deal.
    pub fn is_of_no_hand(&self) -> bool {
        use SessionErrorKind as Kind;
        // Every kind named, so that a new one is placed here on purpose: a bad players:
        // line taken for a hand would pass the deal at the table before it.
        match self {
            Kind::PlayerCount { .. }
            | Kind::SameName { .. }
            | Kind::LookAlike { .. }
            | Kind::SeatWordName { .. }
            | Kind::LongName { .. }
            | Kind::NotationWordName { .. }
            | Kind::InvisibleName { .. }
            | Kind::NameNotOneWord { .. }
            | Kind::PlayersWithoutColon
            | Kind::TableUnreadable { .. }
            | Kind::PenaltyUnreadable
            | Kind::PenaltyNobody { .. }
            | Kind::LateInTsv => true,
            Kind::DrawTakesNothing
            | Kind::UnknownPlayer { .. }
            | Kind::AmbiguousPlayer { .. }
            | Kind::NoWinner { .. }
            | Kind::NotSeated
            | Kind::RulesWithoutColon
            | Kind::RulesUnknown { .. }
            | Kind::RulesMaximum { .. }
            | Kind::RulesWithoutText { .. }
            | Kind::RulesText { .. }
            | Kind::RulesLate
            | Kind::RulesTwice { .. }
            | Kind::RulesDiffer { .. }
            | Kind::ValueUnreadable
            | Kind::ValueWord { .. }
            | Kind::ValueHowWon
            | Kind::ValueNoWinner
            | Kind::ValueOutOfRange { .. } => false,
        }
    }
}

/// What `rules:` takes, after what a line gave instead.
fn rules_expected(found: &str) -> String {
    let ids: Vec<&str> = crate::rules::ALL.iter().map(|r| r.id()).collect();
    let ids: Vec<String> = ids.iter().map(|id| id.to_string()).collect();
    let stated = if found.is_empty() {
        String::new()
    } else {
        format!(" {found}")
    };
    format!(
        "rules:{stated}: expected a rule set, {} (doubling may add max=N), or a rules file's name ending .toml, its text in #| lines after it",
        list_names(&ids)
    )
}

/// Reads a line as a session directive: `Some` when its first word is `draw` or starts
/// with `players:` or `rules:` (letters in any case; `players` or `rules` without its colon
/// is an error that says so), `None` for any other line (a hand). A `#` starts
/// a comment, as on a hand line, so a name cannot hold one.
pub(crate) fn directive(line: &str) -> Option<Result<Directive, SessionError>> {
    // Every line of a batch asks: most are hands, which no session word starts, so they are
    // turned away before the line is split into words.
    let start = match line.as_bytes().first() {
        // Nearly every line starts with its first token: nothing to trim. (Only these ASCII
        // bytes are white space to `trim_start`.)
        Some(&byte) if byte.is_ascii() && !matches!(byte, b'\t'..=b'\r' | b' ') => line,
        _ => line.trim_start(),
    };
    // Two letters tell: no hand starts `dr`, `pl` or `ru` (a group is a letter and digits).
    match start.as_bytes() {
        [first, second, ..]
            if matches!(
                [first | 0x20, second | 0x20],
                [b'd', b'r'] | [b'p', b'l'] | [b'p', b'e'] | [b'r', b'u'] | [b't', b'a'] | [b'v', b'a']
            ) => {}
        _ => return None,
    }
    if could_be_word(start, "rules") {
        return rules_directive(line);
    }
    if could_be_word(start, "table") {
        return table_directive(start);
    }
    if could_be_word(start, "penalty") {
        return penalty_directive(line);
    }
    // Bytes, not characters: the line's sixth byte may fall inside a character.
    if start.len() > 6 && start.as_bytes()[..6].eq_ignore_ascii_case(b"value=") {
        return Some(Ok(Directive::Value));
    }
    if !could_be_word(start, "draw") && !could_be_word(start, "players") {
        return None;
    }
    let body = line.split('#').next().unwrap_or_default();
    let words = words_with_columns(body);
    let &(column, first) = words.first()?;
    if first.eq_ignore_ascii_case("draw") {
        return Some(match words.get(1) {
            Some(&(column, _)) => Err(SessionError {
                column,
                kind: SessionErrorKind::DrawTakesNothing,
            }),
            None => Ok(Directive::Draw),
        });
    }
    const PLAYERS: &str = "players:";
    if first.eq_ignore_ascii_case("players") {
        return Some(Err(SessionError {
            column,
            kind: SessionErrorKind::PlayersWithoutColon,
        }));
    }
    let prefix = first.get(..PLAYERS.len())?;
    if !prefix.eq_ignore_ascii_case(PLAYERS) {
        return None;
    }
    let mut names: Vec<(usize, &str)> = Vec::with_capacity(4);
    let glued = &first[PLAYERS.len()..];
    if !glued.is_empty() {
        names.push((column + PLAYERS.len(), glued));
    }
    names.extend_from_slice(&words[1..]);
    if names.len() != 4 {
        let column = names.get(4).map_or(column, |&(c, _)| c);
        return Some(Err(SessionError {
            column,
            kind: SessionErrorKind::PlayerCount { found: names.len() },
        }));
    }
    let keys = [0, 1, 2, 3].map(|i| name_key(names[i].1));
    for (i, &(column, name)) in names.iter().enumerate() {
        let error = |kind| Some(Err(SessionError { column, kind }));
        if let Some(kind) = name_problem(name, &keys[i]) {
            return error(kind);
        }
        if let Some(earlier) = (0..i).find(|&j| keys[j] == keys[i]) {
            let earlier = names[earlier].1;
            return error(if earlier == name {
                SessionErrorKind::SameName {
                    name: name.to_string(),
                }
            } else {
                SessionErrorKind::LookAlike {
                    first: earlier.to_string(),
                    second: name.to_string(),
                }
            });
        }
    }
    let names = [0, 1, 2, 3].map(|i| names[i].1.to_string());
    Some(Ok(Directive::Players(names)))
}

/// What keeps `name` (whose [`name_key`] is `key`) from being a player's name on its own,
/// if anything: too long, a word of the notation, nothing visible, a seat word.
pub(crate) fn name_problem(name: &str, key: &str) -> Option<SessionErrorKind> {
    let length = name.chars().count();
    if length > MAX_NAME_CHARS {
        return Some(SessionErrorKind::LongName { length });
    }
    if let Some((word, meaning)) = notation_word_meaning(key) {
        return Some(SessionErrorKind::NotationWordName {
            name: name.to_string(),
            word,
            meaning,
        });
    }
    if key.is_empty() {
        return Some(SessionErrorKind::InvisibleName {
            name: name.to_string(),
        });
    }
    seat_word_meaning(key).map(|meaning| SessionErrorKind::SeatWordName {
        name: name.to_string(),
        meaning,
    })
}

/// Why a `penalty` line names nobody: no table yet, or no such player at it.
fn penalty_nobody(found: &str, players: &[String]) -> String {
    if players.is_empty() {
        format!("penalty {found}: nobody is seated yet: a penalty charges a player at the table, after a players: line")
    } else {
        format!(
            "penalty {found}: nobody at the table is so named ({}): a penalty charges a player at the table",
            list_names(players)
        )
    }
}

/// The most points a `value=` line records.
pub(crate) const MAX_VALUE: u32 = 100_000;

/// Why no hand of `rules` totals `value`.
fn value_out_of_range(value: u32, rules: &str, minimum: u32, maximum: Option<u32>) -> String {
    match maximum {
        Some(maximum) if value > maximum => {
            format!("value={value} is over the limit of {rules}, {maximum}: no hand scores more")
        }
        _ => format!("value={value} is below the minimum of {rules}, {minimum}: no hand wins on less"),
    }
}

/// A hand recorded by its value (`value=45 seat=Bob from=Ann`, `value=45 seat=s self`,
/// `resp=` as on a hand): the payments `rules` makes on that total, as on a scored hand of
/// it, and how it was won. `players` (East South West North) are the table's, when one is
/// seated: then `seat=`, `from=` and `resp=` may name them ([`seats_for_names`]).
///
/// The value must be one a hand of the rule set can total: at least its minimum, at most
/// its limit. No claim is read: the value is itself what the table agreed.
pub(crate) fn value_hand(
    line: &str,
    rules: &crate::RuleSet,
    players: Option<[&str; 4]>,
) -> Result<(Payments, crate::hand::WinContext), SessionError> {
    use crate::hand::{Liable, WinBy, WinContext};
    let read = match players {
        Some(players) => seats_for_names(line, players)?,
        None => Cow::Borrowed(line),
    };
    let body = read.split('#').next().unwrap_or_default();
    let shown = words_with_columns(line.split('#').next().unwrap_or_default());
    let words = words_with_columns(body);
    // The word as written at the same column (names are replaced column for column).
    let as_written = |column: usize| {
        (shown.iter())
            .find(|&&(at, _)| at == column)
            .map_or(String::new(), |&(_, word)| word.to_string())
    };
    let error = |column: usize, kind: SessionErrorKind| SessionError { column, kind };
    let word_error = |column: usize, why: &'static str| {
        error(
            column,
            SessionErrorKind::ValueWord {
                found: as_written(column),
                why,
            },
        )
    };
    let Some((&(column, first), rest)) = words.split_first() else {
        return Err(error(1, SessionErrorKind::ValueUnreadable));
    };
    let value = match first[6..].parse::<u32>() {
        Ok(value) if (1..=MAX_VALUE).contains(&value) => value,
        _ => return Err(error(column, SessionErrorKind::ValueUnreadable)),
    };
    let (mut seat, mut from, mut self_drawn, mut resp) = (None, None, None, None);
    for &(column, word) in rest {
        let (key, seat_word) = word.split_once('=').unwrap_or((word, ""));
        let key = key.to_ascii_lowercase();
        let slot = match key.as_str() {
            "seat" => &mut seat,
            "from" => &mut from,
            "resp" => &mut resp,
            "self" if seat_word.is_empty() && !word.contains('=') => {
                if self_drawn.replace(column).is_some() {
                    return Err(word_error(column, "given twice"));
                }
                continue;
            }
            _ => {
                return Err(word_error(
                    column,
                    "a value line takes seat=, then from= or self, and resp= (value=45 seat=Bob from=Ann): no tiles, no other words",
                ))
            }
        };
        let meant = if key == "resp" && seat_word.eq_ignore_ascii_case("none") {
            None
        } else {
            match crate::notation::seat_name(seat_word) {
                Some(seat) => Some(seat),
                None => {
                    return Err(word_error(
                        column,
                        "expected a seat (e, s, w, n) or, at a seated table, a player's name",
                    ))
                }
            }
        };
        if slot.replace((column, meant)).is_some() {
            return Err(word_error(column, "given twice"));
        }
    }
    let Some((_, Some(winner))) = seat else {
        return Err(error(body.trim_end().chars().count() + 1, SessionErrorKind::ValueNoWinner));
    };
    let win_by = match (from, self_drawn) {
        (Some((column, _)), Some(_)) => return Err(word_error(column, "from= and self cannot meet: a hand is won on a discard or by self-draw")),
        (None, None) => {
            return Err(error(
                body.trim_end().chars().count() + 1,
                SessionErrorKind::ValueHowWon,
            ))
        }
        (Some((column, Some(from))), None) if from == winner => {
            return Err(word_error(column, "the winner did not discard the winning tile"))
        }
        (Some((_, from)), None) => WinBy::Discard {
            from: from.unwrap_or(winner),
            assumed: false,
        },
        (None, Some(_)) => WinBy::SelfDraw,
    };
    let responsible = match (win_by, resp) {
        (WinBy::SelfDraw, Some((column, _))) => {
            return Err(word_error(column, "resp= is for a hand won on a discard"))
        }
        (WinBy::SelfDraw, None) => Liable::NoneSelfDraw,
        (WinBy::Discard { from, .. }, None) => Liable::Discarder(from),
        (WinBy::Discard { .. }, Some((_, None))) => Liable::Nobody,
        (WinBy::Discard { .. }, Some((column, Some(named)))) if named == winner => {
            return Err(word_error(column, "the winner is not responsible for their own win: resp=none if they had just discarded the tile"))
        }
        (WinBy::Discard { .. }, Some((_, Some(named)))) => Liable::Named(named),
    };
    let maximum = rules.limit.maximum;
    if value < rules.minimum() || maximum.is_some_and(|maximum| value > maximum) {
        return Err(error(
            column,
            SessionErrorKind::ValueOutOfRange {
                value,
                rules: rules.argument().into_owned(),
                minimum: rules.minimum(),
                maximum,
            },
        ));
    }
    let words = crate::words::SystemWords::defaults(rules.words);
    let context = WinContext::plain(winner, win_by, responsible, words);
    Ok((rules.pay(value, &context), context))
}

/// The most points one `penalty` line charges.
pub(crate) const MAX_PENALTY: u32 = 100_000;

/// A line whose first word starts with `penalty`: `penalty NAME POINTS`, or an error at the
/// word at fault; `None` when the first word is another (`penaltyx`).
fn penalty_directive(line: &str) -> Option<Result<Directive, SessionError>> {
    let body = line.split('#').next().unwrap_or_default();
    let words = words_with_columns(body);
    let &(column, first) = words.first()?;
    if !first.eq_ignore_ascii_case("penalty") {
        return None;
    }
    let unreadable = |column| {
        Some(Err(SessionError {
            column,
            kind: SessionErrorKind::PenaltyUnreadable,
        }))
    };
    match words[1..] {
        [(_, name), (at, points)] => match points.parse::<u32>() {
            Ok(points) if (1..=MAX_PENALTY).contains(&points) => Some(Ok(Directive::Penalty {
                name: name.to_string(),
                points,
            })),
            _ => unreadable(at),
        },
        [] | [_] => unreadable(column),
        [_, _, (at, _), ..] => unreadable(at),
    }
}

/// The seat of the player at the table whom a `penalty` line names (`players`, East South
/// West North; `None` before a seating), as a seat word names a player: the whole name or
/// its start, in any case or width.
pub(crate) fn penalized_seat(name: &str, players: Option<[&str; 4]>) -> Result<Seat, SessionError> {
    let nobody = |players: Vec<String>| SessionError {
        column: 1,
        kind: SessionErrorKind::PenaltyNobody {
            found: name.to_string(),
            players,
        },
    };
    let Some(players) = players else {
        return Err(nobody(Vec::new()));
    };
    match player_named(name, players) {
        Ok(Some(seat)) => Ok(seat),
        Ok(None) | Err(_) => Err(nobody(players.map(str::to_string).to_vec())),
    }
}

/// A line that starts with `table` (`start`, its first word first): `table: R.T`, or an
/// error; `None` when the first word is another (`tablex`).
fn table_directive(start: &str) -> Option<Result<Directive, SessionError>> {
    let rest = &start["table".len()..];
    if rest.starts_with(|c: char| c.is_alphanumeric()) {
        return None;
    }
    let body = rest.split('#').next().unwrap_or_default();
    let unreadable = |found: &str| {
        Some(Err(SessionError {
            column: 1,
            kind: SessionErrorKind::TableUnreadable {
                found: found.trim().to_string(),
            },
        }))
    };
    let Some(value) = body.trim_start().strip_prefix(':') else {
        return unreadable(body);
    };
    let value = value.trim();
    let number = |part: &str| part.parse::<usize>().ok().filter(|&n| (1..=10_000).contains(&n));
    match value.split_once('.') {
        Some((round, table)) => match (number(round), number(table)) {
            (Some(round), Some(table)) => Some(Ok(Directive::Table { round, table })),
            _ => unreadable(value),
        },
        None => unreadable(value),
    }
}

/// Whether `start` begins with `word`, in any case.
fn could_be_word(start: &str, word: &str) -> bool {
    start
        .get(..word.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(word))
}

/// A line that starts with `rules`: `rules:` and what follows it (read by the batch), or
/// `rules` without its colon, an error; `None` when the first word is another (`rulesx`).
fn rules_directive(line: &str) -> Option<Result<Directive, SessionError>> {
    const RULES: &str = "rules:";
    let body = line.split('#').next().unwrap_or_default();
    let words = words_with_columns(body);
    let &(column, first) = words.first()?;
    if first.eq_ignore_ascii_case("rules") {
        return Some(Err(SessionError {
            column,
            kind: SessionErrorKind::RulesWithoutColon,
        }));
    }
    if !first.get(..RULES.len())?.eq_ignore_ascii_case(RULES) {
        return None;
    }
    // What follows the colon, as written (a rules file's name may hold spaces).
    let start = body.find(':').map_or(body.len(), |colon| colon + 1);
    let rest = &body[start..];
    let trimmed = rest.trim_start();
    let column = body[..start].chars().count() + rest[..rest.len() - trimmed.len()].chars().count() + 1;
    Some(Ok(Directive::Rules {
        stated: trimmed.trim_end().to_string(),
        column,
    }))
}

/// Names joined for a message: "Ann, Bob, Cho or Dee".
fn list_names(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// A name as people tell names apart: its compatibility form (NFKC: a full-width `Ａ` is
/// `A`, the Kelvin sign U+212A is `K`), in lower case, without the characters that show
/// nothing (`shows_nothing`). Two names with the same key cannot be told apart on a score
/// sheet.
pub(crate) fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let shown: String = name.chars().filter(|&c| !shows_nothing(c)).nfkc().collect();
    // Lower case can undo the normal form (a capital whose small letter decomposes):
    // normalised again, so that equal-looking names have equal keys.
    shown.to_lowercase().nfkc().collect()
}

/// The most characters a player's name may have: far more than any name, few enough that a
/// hand's line costs what it costs whoever plays (every seat word is compared with the
/// four names).
pub(crate) const MAX_NAME_CHARS: usize = 64;

/// The word of the notation `key` (a [`name_key`]) is, standing alone (`self`, a
/// self-drawn win) or starting a line of a session (`draw`, `players`), and what it means;
/// `None` for any other. A player so named would be taken for the word.
fn notation_word_meaning(key: &str) -> Option<(&'static str, &'static str)> {
    let session = [
        ("draw", "a line of its own: a hand nobody won"),
        ("players", "players: seats a table"),
    ];
    crate::notation::SHARED_WORDS
        .iter()
        .chain(&session)
        .find(|(word, _)| *word == key.strip_suffix(':').unwrap_or(key))
        .copied()
}

/// What a seat word means by itself when its value is `key` (a [`name_key`]): a player
/// with such a name could never be named by `seat=`, `from=` or `resp=`.
fn seat_word_meaning(key: &str) -> Option<&'static str> {
    if key == "none" {
        return Some("resp=none says that nobody is responsible");
    }
    Some(match crate::notation::seat_name(key)? {
        Seat::East => "seat=e and seat=east name the East seat",
        Seat::South => "seat=s and seat=south name the South seat",
        Seat::West => "seat=w and seat=west name the West seat",
        Seat::North => "seat=n and seat=north name the North seat",
    })
}

/// `name` for a message: each character that shows nothing written as its code point
/// (`Ann<U+200B>`), and so is each one that shows as another it is read as, a
/// compatibility form such as the Kelvin sign (`<U+212A>arl`), so that two names that look
/// alike are seen to differ. Full-width letters (`Ａnn`) look other than their letters,
/// and are shown as they are.
fn shown_name(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let looks_like_another = |c: char| {
        !c.is_ascii()
            && !('\u{FF00}'..='\u{FFEF}').contains(&c)
            && !std::iter::once(c).nfkc().eq(std::iter::once(c))
    };
    let mut shown = String::with_capacity(name.len());
    for c in name.chars() {
        if shows_nothing(c) || looks_like_another(c) {
            shown.push_str(&format!("<U+{:04X}>", u32::from(c)));
        } else {
            shown.push(c);
        }
    }
    shown
}

/// The player `value` names among `players` (East South West North): the whole name or
/// its start, as people read it ([`name_key`]: in any case or width). Several whose
/// names start so are an error; none is `Ok(None)`.
fn player_named(value: &str, players: [&str; 4]) -> Result<Option<Seat>, Vec<String>> {
    let value = name_key(value);
    let lower = players.map(name_key);
    if let Some(at) = lower.iter().position(|name| *name == value) {
        return Ok(Some(Seat::ALL[at]));
    }
    let starting: Vec<usize> = (0..4).filter(|&i| lower[i].starts_with(&value)).collect();
    match starting[..] {
        [] => Ok(None),
        [at] => Ok(Some(Seat::ALL[at])),
        _ => Err(starting.iter().map(|&i| players[i].to_string()).collect()),
    }
}

/// `line` with every seat word that names a player (`seat=Bob`, `from=ann`, `resp=Ch`)
/// written with that player's seat at the hand instead (`players`, East South West North),
/// padded with spaces to the name's width, so that every column of the line, and so of any
/// error in it, stays where it was. Seat letters and seat names (`s`, `south`) and
/// `resp=none` always mean themselves; a line that names no player comes back as it is.
/// A hand that names no winner (no `seat=`) is an error: at a table, who won is a player.
pub(crate) fn seats_for_names<'l>(
    line: &'l str,
    players: [&str; 4],
) -> Result<Cow<'l, str>, SessionError> {
    let body = line.split('#').next().unwrap_or_default();
    let mut rewritten: Option<String> = None;
    for (column, word) in words_with_columns(body) {
        let Some((key, value)) = word.split_once('=') else {
            continue;
        };
        let key = key.to_ascii_lowercase();
        if !matches!(key.as_str(), "seat" | "from" | "resp")
            || value.is_empty()
            || crate::notation::seat_name(value).is_some()
            || (key == "resp" && value.eq_ignore_ascii_case("none"))
        {
            continue;
        }
        // A seat word written in another width or with characters that show nothing
        // (`seat=ｅ`, `resp=ｎｏｎｅ`) still means the seat, never a player whose name
        // starts so: the line is written with the plain word, as for a player's name.
        let as_people_read = name_key(value);
        let meaning = if key == "resp" && as_people_read == "none" {
            "none"
        } else if let Some(seat) = crate::notation::seat_name(&as_people_read) {
            seat.key()
        } else {
            match player_named(value, players) {
                Ok(Some(seat)) => seat.key(),
                Ok(None) => {
                    return Err(SessionError {
                        column,
                        kind: SessionErrorKind::UnknownPlayer {
                            key,
                            found: value.to_string(),
                            players: Box::new(players.map(str::to_string)),
                        },
                    })
                }
                Err(matches) => {
                    return Err(SessionError {
                        column,
                        kind: SessionErrorKind::AmbiguousPlayer {
                            key,
                            found: value.to_string(),
                            matches,
                        },
                    })
                }
            }
        };
        // The value's place in the line: the word is a slice of `line`.
        let start = value.as_ptr() as usize - line.as_ptr() as usize;
        let text = rewritten.get_or_insert_with(|| line.to_string());
        // Padded to the word's width; never cut (a compatibility form may be one
        // character for several letters).
        let width = value.chars().count().max(meaning.len());
        let seat_as_written = format!("{meaning:<width$}");
        // Same width in characters, perhaps fewer bytes: later words move left by the
        // difference, so they are found in `text` by their place from the end.
        let from_end = line.len() - start;
        let at = text.len() - from_end;
        text.replace_range(at..at + value.len(), &seat_as_written);
    }
    let line = rewritten.map_or(Cow::Borrowed(line), Cow::Owned);
    // At a table a win is a player's: one left to East by default would pay whoever sits
    // there. A line that is not notation is left for its own error to be told.
    if let Ok(parsed) = crate::notation::parse_line(&line) {
        let has_seat = parsed
            .words
            .iter()
            .any(|word| matches!(word.value, crate::notation::Word::Seat(_)));
        if !has_seat {
            // Just after the hand's last token, where the word is missing.
            let tokens = line.split('#').next().unwrap_or_default().trim_end();
            return Err(SessionError {
                column: tokens.chars().count() + 1,
                kind: SessionErrorKind::NoWinner {
                    players: Box::new(players.map(str::to_string)),
                },
            });
        }
    }
    Ok(line)
}

/// `error`, met scoring the line [`seats_for_names`] made of `shown`, told with the words of
/// `shown` as written where it is at a seat word that named a player ([`as_written`]).
pub(crate) fn error_as_written(error: Error, shown: &str) -> Error {
    match as_written(error.column(), &error.message(), shown) {
        Some(message) => Failure::AsWritten {
            error: Box::new(error.failure().clone()),
            message,
        }
        .into(),
        None => error,
    }
}

/// The message of an error at `column`, met scoring the line [`seats_for_names`] made of
/// `line`, told with the words of `line` as written: an error at a seat word that named a
/// player (`from=ann`) says `from=ann` where the line it read said `from=e`. `None` when
/// the error is at no such word.
pub(crate) fn as_written(column: usize, message: &str, line: &str) -> Option<String> {
    let body = line.split('#').next().unwrap_or_default();
    let (key, value) = words_with_columns(body)
        .into_iter()
        .find(|&(at, _)| at == column)
        .and_then(|(_, word)| word.split_once('='))?;
    let key = key.to_ascii_lowercase();
    if !matches!(key.as_str(), "seat" | "from" | "resp")
        || value.is_empty()
        || crate::notation::seat_name(value).is_some()
        || value.eq_ignore_ascii_case("none")
    {
        return None;
    }
    // The word as read: the key, `=`, and the seat's letter, then no more of a word.
    let read_as = Seat::ALL.iter().find_map(|seat| {
        let read = format!("{key}={}", seat.letter());
        message.match_indices(&read).find_map(|(at, _)| {
            let after = &message[at + read.len()..];
            (!after.starts_with(|c: char| c.is_alphanumeric())).then_some(at..at + read.len())
        })
    });
    let mut told = message.to_string();
    told.replace_range(read_as?, &format!("{key}={value}"));
    Some(told)
}

/// The words of `text` with their 1-based columns (in characters). Spaces or commas
/// separate them: `players: Ann, Bob, Cho, Dee` names Ann, not `Ann,`.
fn words_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    for (column, (byte, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace() || c == ',', start) {
            (true, Some((from, col))) => {
                words.push((col, &text[from..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, column + 1)),
            _ => {}
        }
    }
    if let Some((from, col)) = start {
        words.push((col, &text[from..]));
    }
    words
}

/// One player's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// The name, as on the `players:` line.
    pub name: String,
    /// What the player won (positive) or lost over the run.
    pub total: i64,
    /// Hands the player won (and was paid for).
    pub won: usize,
    /// Hands won on the player's discard, or for which the player was responsible
    /// (`resp=`): "dealt in".
    pub dealt_in: usize,
    /// The highest value the player was paid on (the hand's value, or an underscored claim),
    /// as the hand showed it.
    pub biggest: Option<PaidOn>,
    /// The player's false wins.
    pub false_wins: usize,
    /// The points the player was charged by penalties (already taken from `total`).
    pub penalties: i64,
    /// Hands the player sat at (wins, false wins, draws, unreadable lines).
    pub hands: usize,
}

/// How a hand of a session went, as the sheet records it: a plain value, kept apart from
/// the line and the rule set it was scored from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// A win, with the payments as made (an underscored claim as claimed).
    Won {
        /// The payments made.
        payments: Payments,
        /// The value they were made on, as the hand shows it.
        paid_on: PaidOn,
        /// The discarder; `None` for a self-draw.
        discarder: Option<Seat>,
        /// The player who dealt in: who paid for the discard (the responsible player, or
        /// else the discarder); `None` for a self-draw and when every loser paid the same.
        dealt_in: Option<Seat>,
        /// Recorded by the value the table agreed (`value=45 …`), without its tiles: not
        /// checked.
        agreed: bool,
    },
    /// A false win by this seat: nobody pays, unless the rule set charges a false win.
    FalseWin {
        /// The seat that declared the win.
        by: Seat,
        /// What it cost ([`RuleSet::false_win_payments`]):
        /// the declarer pays each other player; `None` where a false win costs nothing.
        payments: Option<Payments>,
    },
    /// A drawn hand: nobody pays.
    Drawn,
    /// A line that could not be read as a hand: nothing is paid.
    Unknown,
    /// A penalty (`penalty Bob 30`): the player at this seat is charged the points, paid to
    /// nobody. No hand: the deal does not pass.
    Penalty {
        /// The seat charged.
        by: Seat,
        /// The points charged.
        points: u32,
    },
}

impl Played {
    /// How the hand of `result`, scored under `rules`, went: paid on a win (an underscored
    /// claim as claimed); on a false win, only what the rule set charges for one; a line
    /// that could not be read is [`Played::Unknown`].
    pub fn of(result: &Result<Scored, Error>, rules: &RuleSet) -> Played {
        match result {
            Ok(scored) => match (scored.payments(), scored.paid_on()) {
                (Some(payments), Some(paid_on)) => Played::Won {
                    payments: *payments,
                    paid_on,
                    discarder: scored.hand.context.discarder(),
                    dealt_in: scored.hand.context.dealt_in(),
                    agreed: false,
                },
                _ => Played::FalseWin {
                    by: scored.hand.context.seat,
                    payments: scored.false_win_payments(rules),
                },
            },
            Err(_) => Played::Unknown,
        }
    }

    /// A hand recorded by its value: `payments` made on it, won as `context` says.
    pub(crate) fn agreed(payments: Payments, context: &crate::hand::WinContext) -> Played {
        Played::Won {
            payments,
            paid_on: PaidOn::Points(payments.value),
            discarder: context.discarder(),
            dealt_in: context.dealt_in(),
            agreed: true,
        }
    }

    /// How a win was won, as far as its payments tell (`None` for anything but a win): the
    /// winner, the discarder and who paid for the discard, with `words` for the system's
    /// own words. Enough to explain the payments again.
    pub(crate) fn context(&self, words: crate::words::SystemWords) -> Option<crate::hand::WinContext> {
        use crate::hand::{Liable, WinBy, WinContext};
        let Played::Won {
            payments,
            discarder,
            dealt_in,
            ..
        } = *self
        else {
            return None;
        };
        let (win_by, responsible) = match (discarder, dealt_in) {
            (None, _) => (WinBy::SelfDraw, Liable::NoneSelfDraw),
            (Some(from), None) => (WinBy::Discard { from, assumed: false }, Liable::Nobody),
            (Some(from), Some(paid)) if paid == from => {
                (WinBy::Discard { from, assumed: false }, Liable::Discarder(from))
            }
            (Some(from), Some(paid)) => (WinBy::Discard { from, assumed: false }, Liable::Named(paid)),
        };
        Some(WinContext::plain(payments.winner, win_by, responsible, words))
    }

    /// How the hand ended, for the deal; `None` for a penalty, which is no hand.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn end(&self) -> Option<HandEnd> {
        Some(match self {
            Played::Won { payments, .. } => HandEnd::Won {
                by: payments.winner,
            },
            Played::FalseWin { .. } => HandEnd::FalseWin,
            Played::Drawn => HandEnd::Drawn,
            Played::Unknown => HandEnd::Unknown,
            // No hand: nothing for the deal.
            Played::Penalty { .. } => return None,
        })
    }
}

/// The sheet after one hand: who sat where during it, and every player's running total
/// after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The players of the hand by seat, East South West North.
    pub players: [String; 4],
    /// The running totals of the table's players, in the order of its `players:` line.
    pub running: [(String, i64); 4],
    /// The running totals of the run's first four players (see [`Sheet::charted`]), in the
    /// order of their `players:` line, wherever they sit.
    pub charted: [i64; 4],
    /// Whether the deal passed after the hand.
    pub passed: bool,
}

impl Entry {
    /// The player at `seat` during the hand.
    pub fn player(&self, seat: Seat) -> &str {
        &self.players[seat as usize]
    }
}

/// The table being played: its four players in the order of their `players:` line (as
/// indices into the sheet's players), and which of them is East now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Table {
    order: [usize; 4],
    east: usize,
}

/// The scorekeeper's sheet: every player seen in the run, and the table being played.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sheet {
    /// Every player of the run, in the order first seated.
    players: Vec<Standing>,
    /// Where each name is in `players`, by its [`name_key`]: a `players:` line finds its names in constant time,
    /// so that a run re-seating a million tables is not quadratic in the players seen.
    /// (The standard hasher is keyed at random: names chosen to collide cannot slow it.)
    index: HashMap<String, usize>,
    table: Option<Table>,
    /// The first table's players, as indices into `players`.
    charted: Option<[usize; 4]>,
}

impl Sheet {
    /// An empty sheet: no table yet.
    pub fn new() -> Sheet {
        Sheet::default()
    }

    /// Seats `names` East, South, West, North for the next hand. A name seen before keeps
    /// its total.
    pub fn seat(&mut self, names: &[String; 4]) {
        let order = names.each_ref().map(|name| self.player(name));
        self.table = Some(Table { order, east: 0 });
        self.charted.get_or_insert(order);
    }

    /// Where `name` is in the sheet's players, added with nothing won if it is new. A name
    /// written differently but read the same ([`name_key`]: `ann` after `Ann`) is the same
    /// player, shown as first seated.
    fn player(&mut self, name: &str) -> usize {
        let key = name_key(name);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.players.len();
        self.index.insert(key, i);
        self.players.push(Standing {
            name: name.to_string(),
            total: 0,
            won: 0,
            dealt_in: 0,
            biggest: None,
            false_wins: 0,
            penalties: 0,
            hands: 0,
        });
        i
    }

    /// Charts `names` (the run's first `players:` line, found before the run): they are
    /// the players [`Sheet::charted`] follows, seated or not yet.
    pub fn chart(&mut self, names: &[String; 4]) {
        let order = names.each_ref().map(|name| self.player(name));
        self.charted = Some(order);
    }

    /// The run's first four players, in the order of their `players:` line: those whose
    /// running totals a chart of the run follows (TSV's `running_NAME` columns), wherever
    /// they sit; `None` before any `players:` line.
    pub fn charted(&self) -> Option<[&str; 4]> {
        Some(self.charted?.map(|i| self.players[i].name.as_str()))
    }

    /// Whether a table has been seated: the run is a session.
    pub fn is_seated(&self) -> bool {
        self.table.is_some()
    }

    /// The players of the next hand by seat, East South West North; `None` before any
    /// `players:` line.
    pub fn players(&self) -> Option<[&str; 4]> {
        let table = self.table?;
        Some(Seat::ALL.map(|seat| self.players[table.at(seat)].name.as_str()))
    }

    /// The running totals of the table's players, in the order of its `players:` line.
    pub fn running(&self) -> Option<[(&str, i64); 4]> {
        let table = self.table?;
        Some(
            table
                .order
                .map(|i| (self.players[i].name.as_str(), self.players[i].total)),
        )
    }

    /// Records one hand at the table, then passes the deal if `deal` says so; `None` (and
    /// nothing recorded) when no table is seated.
    #[cfg_attr(feature = "testing", visibility::make(pub))]
    pub(crate) fn record(&mut self, played: Played, deal: DealRule) -> Option<Entry> {
        let table = self.table?;
        let player = |seat: Seat| table.at(seat);
        if played.end().is_some() {
            for seat in Seat::ALL {
                self.players[player(seat)].hands += 1;
            }
        }
        match played {
            Played::Won {
                payments,
                paid_on,
                dealt_in,
                ..
            } => {
                // The invariant of the sheet: every hand's payments sum to zero, so the
                // totals of all the players of the run do (and so the four at a table,
                // while they are all the players the run has seen). Checked hand by hand:
                // summing every player's total here would make a long run quadratic.
                debug_assert_eq!(
                    Seat::ALL.map(|seat| payments.of(seat)).iter().sum::<i64>(),
                    0
                );
                for seat in Seat::ALL {
                    self.players[player(seat)].total += payments.of(seat);
                }
                let winner = &mut self.players[player(payments.winner)];
                winner.won += 1;
                winner.biggest = winner.biggest.max(Some(paid_on));
                if let Some(seat) = dealt_in {
                    self.players[player(seat)].dealt_in += 1;
                }
            }
            Played::FalseWin { by, payments } => {
                self.players[player(by)].false_wins += 1;
                // Paid as a win's payments are, and summing to zero as they do.
                for seat in Seat::ALL {
                    self.players[player(seat)].total += payments.map_or(0, |p| p.of(seat));
                }
            }
            Played::Penalty { by, points } => {
                let charged = &mut self.players[player(by)];
                charged.total -= i64::from(points);
                charged.penalties += i64::from(points);
            }
            Played::Drawn | Played::Unknown => {}
        }
        let players = Seat::ALL.map(|seat| self.players[player(seat)].name.clone());
        let passed = played.end().is_some_and(|end| deal.passes(end));
        if passed {
            if let Some(table) = &mut self.table {
                table.east = (table.east + 1) % 4;
            }
        }
        let running = table
            .order
            .map(|i| (self.players[i].name.clone(), self.players[i].total));
        let charted = self
            .charted
            .unwrap_or(table.order)
            .map(|i| self.players[i].total);
        Some(Entry {
            players,
            running,
            charted,
            passed,
        })
    }

    /// Every player of the run, best total first; equal totals in the order first seated.
    pub fn standings(&self) -> Vec<&Standing> {
        let mut standings: Vec<&Standing> = self.players.iter().collect();
        standings.sort_by_key(|s| std::cmp::Reverse(s.total));
        standings
    }
}

impl Table {
    /// The index of the player at `seat`: East is `east` in the order of the `players:`
    /// line, and South, West and North follow it in that order.
    fn at(&self, seat: Seat) -> usize {
        self.order[(self.east + seat as usize) % 4]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: [&str; 4]) -> [String; 4] {
        list.map(String::from)
    }

    #[test]
    fn directives_are_read_with_their_columns() {
        assert_eq!(directive("b123 +b1"), None);
        assert_eq!(directive("  draw  # nobody"), Some(Ok(Directive::Draw)));
        assert_eq!(directive("DRAW"), Some(Ok(Directive::Draw)));
        assert_eq!(
            directive("players: Ann Bob Cho Dee # table 1"),
            Some(Ok(Directive::Players(names(["Ann", "Bob", "Cho", "Dee"]))))
        );
        assert_eq!(
            directive("Players:Ann 鮑勃 Cho Dee"),
            Some(Ok(Directive::Players(names(["Ann", "鮑勃", "Cho", "Dee"]))))
        );
        let error = |line| directive(line).unwrap().unwrap_err();
        assert_eq!(
            error("draw b1"),
            SessionError {
                column: 6,
                kind: SessionErrorKind::DrawTakesNothing
            }
        );
        assert_eq!(
            error("players: A B C"),
            SessionError {
                column: 1,
                kind: SessionErrorKind::PlayerCount { found: 3 }
            }
        );
        assert_eq!(error("players: A B C D E").column, 18);
        assert_eq!(
            error("players: A B A D"),
            SessionError {
                column: 14,
                kind: SessionErrorKind::SameName {
                    name: "A".to_string()
                }
            }
        );
    }

    #[test]
    fn the_deal_passes_to_south_and_comes_back_after_four_hands() {
        let mut sheet = Sheet::new();
        sheet.seat(&names(["A", "B", "C", "D"]));
        let mut easts = Vec::new();
        for _ in 0..5 {
            let entry = sheet
                .record(Played::Drawn, DealRule::ALWAYS_PASSES)
                .unwrap();
            easts.push(entry.players[0].clone());
        }
        assert_eq!(easts, ["A", "B", "C", "D", "A"]);
        assert_eq!(sheet.players(), Some(["B", "C", "D", "A"]));
    }
}
