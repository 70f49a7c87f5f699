//! An event: a tournament or a club night of many tables, read from an event file (TOML,
//! docs/events.md): its name, its rules, its players (a list, or a CSV or TSV file of
//! names with ids, countries and teams), its rounds and the hands of a round; and the seat
//! draw of its rounds ([`Event::draw`], the search in `draw`). Nothing here scores or
//! renders.
//!
//! An event file is read with the care of a rules file: it is at most
//! [`MAX_RULES_FILE_BYTES`](crate::RuleSet::MAX_RULES_FILE_BYTES) long, and every error names its line and
//! column and what was expected there.

use serde::Deserialize;
use toml::Spanned;

use crate::rules_file::{error_at, toml_error, RulesFileError};
use crate::session::{name_key, name_problem};

pub(crate) mod draw;
mod standings;
mod swiss;

/// The most players an event seats, and the most rounds it plays: far above a World
/// Series (a few hundred players, eight sessions), low enough that a draw's search stays
/// within memory and time.
pub(crate) const MAX_PLAYERS: usize = 1_000;
/// The most rounds an event plays (see [`MAX_PLAYERS`]).
pub(crate) const MAX_ROUNDS: usize = 50;

/// One player of an event: the name the tables' sheets write, and what a results upload
/// may want beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Player {
    /// The name, one word, as a `players:` line writes it.
    pub name: String,
    /// The player's id (a federation's number), if given.
    pub id: Option<String>,
    /// The player's country, if given.
    pub country: Option<String>,
    /// The player's team, if given: the draw seats no two of a team at one table.
    pub team: Option<String>,
}

/// An event read from its file ([`Event::parse`]), or made on the spot ([`Event::quick`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Event {
    /// The event's name.
    pub name: String,
    /// The rule set, as `--rules` takes it: a built-in id, or a rules file beside the event
    /// file.
    pub rules: String,
    /// Every player, in the file's order, with the substitutes the count needed at the end.
    pub players: Vec<Player>,
    /// Rounds played.
    pub rounds: usize,
    /// Hands a table plays in a round (WSOM: 16).
    pub hands: usize,
    /// The draw's seed (1 unless the file says): the draw and the standings' check of the
    /// tables both use it.
    pub seed: u64,
    /// `None` to rank by points (WSOM); the points of the places at a table, first to
    /// fourth, to rank by table points (`ranking = "table_points"`).
    pub table_points: Option<[i64; 4]>,
    /// Whether a penalty is paid to the other three at the table (each a third), rather
    /// than to nobody (`penalties = "to_others"` or `"to_nobody"`, the default).
    pub penalties_to_others: bool,
    /// The tie-breaks after the ranking, in order: `points`, `table_points`, `wins`,
    /// `fewest_dealt_in`, `biggest`, `head_to_head` (among the players tied so far, what
    /// each gained on the others at the tables they shared), `draw_order` (the order of the
    /// players' list).
    pub tie_breaks: Vec<String>,
    /// The last round of the seed's draw, when the rounds after it are drawn one at a time
    /// from the standings (Swiss, `swiss_after = 4`; [`Event::draw_after`]); `None` when the
    /// seed draws every round.
    pub swiss_after: Option<usize>,
    /// The cut, `(K, N)`: after round K only the top N of the standings play on (`cut = {
    /// after = 4, top = 32 }`); the rounds after K are drawn from the standings among them,
    /// and the standings rank them first. `None`: everyone plays every round.
    pub cut: Option<(usize, usize)>,
}

/// An event's standings ([`Event::standings`]).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Standings {
    /// Every player, best first.
    pub ranked: Vec<Ranked>,
    /// What an incomplete event lacks: tables without a sheet, sheets short of hands.
    pub missing: Vec<String>,
}

/// One player's line of an event's standings.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Ranked {
    /// The place, from 1; players equal on the ranking and every tie-break share one.
    pub rank: usize,
    /// The player's name.
    pub name: String,
    /// Points won (positive) or lost over the tables.
    pub points: i64,
    /// Table points: each table's places' points, tied players sharing theirs.
    pub table_points: f64,
    /// Hands won.
    pub wins: usize,
    /// Hands dealt in (won on the player's discard, or that the player was responsible for).
    pub dealt_in: usize,
    /// The highest value the player was paid on.
    pub biggest: Option<crate::PaidOn>,
    /// Hands played.
    pub hands: usize,
    /// The points of each round, `None` where the player has no sheet.
    pub rounds: Vec<Option<i64>>,
    /// `table_points` in twelfths, as compared: shares of 2, 3 or 4 tied places are whole
    /// twelfths.
    twelfths: i64,
}

/// A seat draw: for each round, its tables, each the indices of [`Event::players`] East,
/// South, West and North for the round's first hand.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Draw {
    /// The seed it was drawn with: the same seed gives the same draw.
    pub seed: u64,
    /// The tables of each round.
    pub rounds: Vec<Vec<[usize; 4]>>,
    /// Meetings of a pair of players after their first: 0 when no two meet twice.
    pub repeats: usize,
    /// The fewest such meetings any draw of this many players and rounds must have, as two
    /// plain counts tell (docs/events.md): more rounds than new faces, or fewer than four
    /// tables, make some unavoidable.
    pub fewest_repeats: usize,
    /// Pairs of team mates seated at one table, over the event.
    pub team_mates: usize,
    /// The widest spread of any wind's count between two players: each player starts at
    /// each wind within this many times of every other (1 or 0 when even).
    pub wind_spread: usize,
}

impl Draw {
    /// The draw as `mjscore event draw --format json` writes it: one object a table of the
    /// rounds after the first `first` (0 for all), a line each:
    /// `{"round":1,"table":1,"seats":["Ann","Bob","Cho","Dee"]}`, the seats East South West
    /// North at the round's first hand. The page and the command line both write this.
    pub fn json_lines(&self, event: &Event, first: usize) -> String {
        let mut out = String::new();
        for (r, round) in self.rounds.iter().enumerate().skip(first) {
            for (t, table) in round.iter().enumerate() {
                out.push_str("{\"round\":");
                out.push_str(&(r + 1).to_string());
                out.push_str(",\"table\":");
                out.push_str(&(t + 1).to_string());
                out.push_str(",\"seats\":[");
                for (i, &player) in table.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    crate::output::json::write_string(&mut out, &event.players[player].name);
                }
                out.push_str("]}\n");
            }
        }
        out
    }
}

impl Standings {
    /// The standings as `mjscore event standings --format json` writes them: one object a
    /// player, best first, a line each, with the rank, name, points, table points (whole,
    /// or to two decimals), wins, hands dealt in, hands played and each round's points
    /// (`null` where the player has no sheet).
    pub fn json_lines(&self) -> String {
        let mut out = String::new();
        for r in &self.ranked {
            out.push_str("{\"rank\":");
            out.push_str(&r.rank.to_string());
            out.push_str(",\"player\":");
            crate::output::json::write_string(&mut out, &r.name);
            let rounds: Vec<String> = (r.rounds.iter())
                .map(|p| p.map_or("null".to_string(), |p| p.to_string()))
                .collect();
            out.push_str(&format!(
                ",\"points\":{},\"table_points\":{},\"wins\":{},\"dealt_in\":{},\"hands\":{},\"rounds\":[{}]}}\n",
                r.points,
                Ranked::table_points_text(r.table_points),
                r.wins,
                r.dealt_in,
                r.hands,
                rounds.join(",")
            ));
        }
        out
    }
}

impl Ranked {
    /// Table points as people write them: whole, or with up to two decimals (4.5, 1.33).
    pub fn table_points_text(points: f64) -> String {
        let two = format!("{points:.2}");
        two.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// The tie-breaks an event file may list, in the words it uses.
const TIE_BREAKS: [&str; 7] = [
    "points",
    "table_points",
    "wins",
    "fewest_dealt_in",
    "biggest",
    "head_to_head",
    "draw_order",
];

/// What `players` takes.
const PLAYERS_ARE: &str = "players is a list of names ([\"Ann\", \"Bob\", …]) or the name of a CSV or TSV file beside this one (\"players.csv\")";

/// The keys of an event file, as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    name: Spanned<String>,
    rules: Spanned<String>,
    players: Spanned<toml::Value>,
    #[serde(default)]
    substitutes: Vec<Spanned<String>>,
    rounds: Spanned<i64>,
    hands: Spanned<i64>,
    seed: Option<Spanned<i64>>,
    ranking: Option<Spanned<String>>,
    table_points: Option<Spanned<Vec<i64>>>,
    tie_breaks: Option<Spanned<Vec<String>>>,
    penalties: Option<Spanned<String>>,
    swiss_after: Option<Spanned<i64>>,
    cut: Option<Spanned<CutFile>>,
}

/// The `cut` key of an event file, as written.
#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct CutFile {
    after: i64,
    top: i64,
}

impl Event {
    /// Reads an event file. A `players` file named in it is read with `read_beside` (given
    /// its name as written), as a CSV or TSV file whose first line names its columns:
    /// `name`, and any of `id`, `country`, `team`.
    ///
    /// ```
    /// let event = mjscore::event::Event::parse(
    ///     "name = \"Club night\"\nrules = \"wsom\"\nrounds = 3\nhands = 8\n\
    ///      players = [\"Ann\", \"Bob\", \"Cho\", \"Dee\", \"Eve\", \"Fay\", \"Gus\", \"Hal\"]\n",
    ///     |_| unreachable!("no players file"),
    /// )?;
    /// assert_eq!((event.players.len(), event.rounds), (8, 3));
    /// # Ok::<(), mjscore::rules_file::RulesFileError>(())
    /// ```
    pub fn parse(
        text: &str,
        read_beside: impl Fn(&str) -> std::io::Result<String>,
    ) -> Result<Event, RulesFileError> {
        if text.len() > crate::rules_file::MAX_BYTES {
            return Err(error_at(
                text,
                crate::rules_file::MAX_BYTES,
                "the file is longer than 1 MiB: an event file is a few kilobytes; is this the right file?".to_string(),
            ));
        }
        let file: File = toml::from_str(text).map_err(|e| toml_error(text, &e))?;
        let at =
            |span: std::ops::Range<usize>, message: String| error_at(text, span.start, message);
        let rules = file.rules.get_ref().trim().to_string();
        if crate::rules::by_id(&rules).is_none() && !crate::rules_file::is_path(&rules) {
            return Err(at(file.rules.span(), format!("rules names the rule set: a built-in one (wsom, zj, doubling, huang) or a rules file beside this one, a name ending .toml (found {rules:?})")));
        }
        let rounds =
            count(&file.rounds, "rounds", MAX_ROUNDS).map_err(|m| at(file.rounds.span(), m))?;
        let hands = count(&file.hands, "hands", 1_000).map_err(|m| at(file.hands.span(), m))?;
        let players_span = file.players.span();
        let mut players = match file.players.get_ref() {
            toml::Value::Array(names) => {
                let mut players = Vec::with_capacity(names.len());
                // Each name's place: the next string in the list, searched from the last.
                let mut from = players_span.start;
                for name in names {
                    let toml::Value::String(name) = name else {
                        return Err(at(players_span, PLAYERS_ARE.to_string()));
                    };
                    let quoted = text[from..].find(name.as_str()).map_or(from, |i| from + i);
                    from = quoted + name.len();
                    let player = Player::named(name);
                    check_name(&player.name).map_err(|m| at(quoted - 1..quoted, m))?;
                    players.push(player);
                }
                players
            }
            toml::Value::String(path) => {
                let listed = read_beside(path).map_err(|e| {
                    at(
                        players_span.clone(),
                        format!("cannot read the players file {path}: {e}"),
                    )
                })?;
                players_of_table(&listed).map_err(|(line, message)| {
                    at(
                        players_span.clone(),
                        format!("{path}, line {line}: {message}"),
                    )
                })?
            }
            _ => return Err(at(players_span, PLAYERS_ARE.to_string())),
        };
        if players.len() > MAX_PLAYERS {
            return Err(at(
                players_span.clone(),
                format!(
                    "an event seats at most {MAX_PLAYERS} players (this one names {})",
                    players.len()
                ),
            ));
        }
        // Substitutes make up a multiple of four, in their order.
        let short = (4 - players.len() % 4) % 4;
        if short > file.substitutes.len() {
            return Err(at(
                players_span.clone(),
                short_of_four(players.len(), file.substitutes.len()),
            ));
        }
        for name in file.substitutes.iter().take(short) {
            let player = Player::named(name.get_ref());
            check_name(&player.name).map_err(|m| at(name.span(), m))?;
            players.push(player);
        }
        if players.is_empty() {
            return Err(at(
                players_span.clone(),
                "players names at least four players".to_string(),
            ));
        }
        // No two players a sheet could not tell apart.
        let mut seen = std::collections::HashMap::new();
        for (i, player) in players.iter().enumerate() {
            if let Some(&earlier) = seen.get(&name_key(&player.name)) {
                let earlier: &Player = &players[earlier];
                return Err(at(
                    players_span.clone(),
                    format!(
                        "{} and {} would be read as the same player: give each a name of its own",
                        earlier.name, player.name
                    ),
                ));
            }
            seen.insert(name_key(&player.name), i);
        }
        let seed = match &file.seed {
            Some(seed) if *seed.get_ref() < 0 => {
                return Err(at(seed.span(), "seed is a whole number from 0".to_string()))
            }
            Some(seed) => *seed.get_ref() as u64,
            None => 1,
        };
        let by_table_points = either(&file.ranking, "ranking", ["points", "table_points"])
            .map_err(|(span, m)| at(span, m))?;
        let table_points = match (&file.table_points, by_table_points) {
            (None, true) => Some([4, 2, 1, 0]),
            (None, false) => None,
            (Some(points), _) => {
                let list = points.get_ref();
                let ok = list.len() == 4 && list.iter().all(|p| (0..=1_000_000).contains(p));
                if !ok || !by_table_points {
                    return Err(at(points.span(), "table_points gives the points of the four places at a table, first to fourth ([4, 2, 1, 0]), with ranking = \"table_points\"".to_string()));
                }
                Some([list[0], list[1], list[2], list[3]])
            }
        };
        let tie_breaks = match &file.tie_breaks {
            None => default_tie_breaks(by_table_points),
            Some(list) => {
                if let Some(unknown) = list
                    .get_ref()
                    .iter()
                    .find(|t| !TIE_BREAKS.contains(&t.as_str()))
                {
                    return Err(at(
                        list.span(),
                        format!("{unknown:?} is not a tie-break: {}", TIE_BREAKS.join(", ")),
                    ));
                }
                list.get_ref().clone()
            }
        };
        let penalties_to_others = either(&file.penalties, "penalties", ["to_nobody", "to_others"])
            .map_err(|(span, m)| at(span, m))?;
        let swiss_after = match &file.swiss_after {
            None => None,
            Some(after) if (1..rounds as i64).contains(after.get_ref()) => {
                Some(*after.get_ref() as usize)
            }
            Some(after) => {
                return Err(at(
                    after.span(),
                    format!("swiss_after is the last round the seed draws, from 1 to {} (the rounds after it are drawn from the standings)", rounds.saturating_sub(1)),
                ))
            }
        };
        let cut = match &file.cut {
            None => None,
            Some(cut) => {
                let CutFile { after, top } = *cut.get_ref();
                let fits = (1..rounds as i64).contains(&after)
                    && (4..players.len() as i64).contains(&top)
                    && top % 4 == 0;
                if !fits {
                    return Err(at(
                        cut.span(),
                        format!("cut is {{ after = K, top = N }}: after round K (1 to {}) the top N players play on, N a multiple of 4 below the {} players", rounds.saturating_sub(1), players.len()),
                    ));
                }
                Some((after as usize, top as usize))
            }
        };
        Ok(Event {
            name: file.name.get_ref().clone(),
            rules,
            players,
            rounds,
            hands,
            seed,
            table_points,
            penalties_to_others,
            tie_breaks,
            swiss_after,
            cut,
        })
    }

    /// An event of `players` players named `1` to `players` and `rounds` rounds of 16
    /// hands under WSOM, for a draw without a file; `Err` with what to do when the players
    /// are not a multiple of four, or too many.
    pub fn quick(players: usize, rounds: usize) -> Result<Event, String> {
        if players == 0 || !players.is_multiple_of(4) {
            let (below, above) = (players / 4 * 4, (players / 4 + 1) * 4);
            let nearest = if below == 0 {
                format!("{above}")
            } else {
                format!("{below} or {above}")
            };
            return Err(format!("{players} players do not make tables of four: draw for {nearest}, or name the players in an event file with substitutes to fill the last table"));
        }
        if players > MAX_PLAYERS || rounds == 0 || rounds > MAX_ROUNDS {
            return Err(format!(
                "a draw seats 4 to {MAX_PLAYERS} players over 1 to {MAX_ROUNDS} rounds"
            ));
        }
        Ok(Event {
            name: "Draw".to_string(),
            rules: "wsom".to_string(),
            players: (1..=players)
                .map(|i| Player::named(&i.to_string()))
                .collect(),
            rounds,
            hands: 16,
            seed: 1,
            table_points: None,
            penalties_to_others: false,
            swiss_after: None,
            cut: None,
            tie_breaks: default_tie_breaks(false),
        })
    }

    /// The seat draw of every round for `seed` (the same seed, the same draw): no two
    /// players meet twice where the search finds such a draw, else as few times as it
    /// finds; no two of a team at one table where it can; and each player's count of each
    /// starting wind as even as can be (docs/events.md). For an event whose later rounds
    /// are drawn from the standings ([`Event::swiss_after`], [`Event::cut`]), the rounds
    /// before them.
    pub fn draw(&self, seed: u64) -> Draw {
        let team_of = self.team_indices();
        let n = self.players.len();
        let rounds = self.seeded_rounds();
        let drawn = draw::draw(n, rounds, &team_of, seed);
        let everyone: Vec<usize> = (0..n).collect();
        let wind_spread = wind_spread(&drawn.rounds, n, &everyone);
        Draw {
            seed,
            rounds: drawn.rounds,
            repeats: drawn.repeats,
            fewest_repeats: draw::fewest_repeats(n, rounds),
            team_mates: drawn.team_mates,
            wind_spread,
        }
    }
}

impl Event {
    /// The rounds the seed draws: all but those drawn from the standings (after
    /// `swiss_after`, or after the cut).
    pub fn seeded_rounds(&self) -> usize {
        let swiss = self.swiss_after.unwrap_or(self.rounds);
        let cut = self.cut.map_or(self.rounds, |(after, _)| after);
        swiss.min(cut)
    }

    /// The tables of round `round` (from 1): all the players', or the players' who made
    /// the cut after it.
    pub(crate) fn tables_in(&self, round: usize) -> usize {
        match self.cut {
            Some((after, top)) if round > after => top / 4,
            _ => self.players.len() / 4,
        }
    }
}

impl Player {
    fn named(name: &str) -> Player {
        Player {
            name: name.trim().to_string(),
            id: None,
            country: None,
            team: None,
        }
    }
}

/// The widest spread of a wind's count over `rounds` between two of the players
/// `playing` (of `players` in all: after a cut, only those who play on are compared).
fn wind_spread(rounds: &[Vec<[usize; 4]>], players: usize, playing: &[usize]) -> usize {
    let mut counts = vec![[0usize; 4]; players];
    for table in rounds.iter().flatten() {
        for (wind, &player) in table.iter().enumerate() {
            counts[player][wind] += 1;
        }
    }
    (0..4)
        .map(|wind| {
            let of = playing.iter().map(|&p| counts[p][wind]);
            of.clone().max().unwrap_or(0) - of.min().unwrap_or(0)
        })
        .max()
        .unwrap_or(0)
}

/// Whether a key that takes one of two words (`ranking`, `penalties`) says the second;
/// the first when the key is absent; the value's place and why when it is neither.
fn either(
    value: &Option<Spanned<String>>,
    key: &str,
    [first, second]: [&str; 2],
) -> Result<bool, (std::ops::Range<usize>, String)> {
    match value {
        None => Ok(false),
        Some(v) if v.get_ref() == first => Ok(false),
        Some(v) if v.get_ref() == second => Ok(true),
        Some(v) => Err((
            v.span(),
            format!(
                "{key} is \"{first}\" or \"{second}\" (found {:?})",
                v.get_ref()
            ),
        )),
    }
}

/// The tie-breaks of a file that lists none: all of them in order, but the ranking.
fn default_tie_breaks(by_table_points: bool) -> Vec<String> {
    let ranking = if by_table_points {
        "table_points"
    } else {
        "points"
    };
    (TIE_BREAKS.iter())
        .filter(|&&t| t != ranking)
        .map(|t| t.to_string())
        .collect()
}

/// What to do when `players` (some, but not a multiple of four) lack substitutes, with
/// `substitutes` named.
fn short_of_four(players: usize, substitutes: usize) -> String {
    let short = (4 - players % 4) % 4;
    format!(
        "{players} players do not make tables of four: name {short} more, or {} substitute{} (substitutes = [\"…\"]) to fill the last table{}",
        short,
        if short == 1 { "" } else { "s" },
        if substitutes > 0 { format!(" (the file names {substitutes})") } else { String::new() }
    )
}

/// `key`'s value as a count from 1 to `most`, or why not.
fn count(value: &Spanned<i64>, key: &str, most: usize) -> Result<usize, String> {
    let n = *value.get_ref();
    if n < 1 || n as u64 > most as u64 {
        return Err(format!(
            "{key} is a whole number from 1 to {most} (found {n})"
        ));
    }
    Ok(n as usize)
}

/// Why `name` cannot be a player's name, if it cannot: it must be one word that a sheet
/// can write and tell from the notation's words.
fn check_name(name: &str) -> Result<(), String> {
    if name.contains(|c: char| c.is_whitespace() || c == ',' || c == '#') {
        return Err(format!(
            "{name:?} is not one word: a player's name has no space, comma or #"
        ));
    }
    if name.contains(crate::notation::is_invisible) {
        return Err(format!("{name:?} holds a character that shows nothing or acts on a terminal: write the name in letters people can read"));
    }
    match name_problem(name, &name_key(name)) {
        Some(problem) => Err(problem.to_string()),
        None => Ok(()),
    }
}

/// The players of a CSV or TSV table whose first line names its columns; an error is the
/// line (from 1) and what is wrong.
fn players_of_table(text: &str) -> Result<Vec<Player>, (usize, String)> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Err((
            1,
            "the file is empty: its first line names the columns (name, id, country, team)"
                .to_string(),
        ));
    };
    let separator = if header.contains('\t') { '\t' } else { ',' };
    let columns: Vec<String> = header
        .split(separator)
        .map(|c| c.trim().to_ascii_lowercase())
        .collect();
    let column = |name: &str| columns.iter().position(|c| c == name);
    let Some(name_at) = column("name") else {
        return Err((
            1,
            "the first line names the columns, and one of them is name".to_string(),
        ));
    };
    if let Some(other) = columns
        .iter()
        .find(|c| !["name", "id", "country", "team"].contains(&c.as_str()))
    {
        return Err((
            1,
            format!("{other:?} is not a column of a players file: name, id, country, team"),
        ));
    }
    let mut players = Vec::new();
    for (i, line) in lines {
        let fields: Vec<&str> = line.split(separator).map(str::trim).collect();
        if fields.len() != columns.len() {
            return Err((
                i + 1,
                format!(
                    "{} fields where the first line names {} columns",
                    fields.len(),
                    columns.len()
                ),
            ));
        }
        let field = |name: &str| {
            column(name)
                .map(|c| fields[c].to_string())
                .filter(|f| !f.is_empty())
        };
        let player = Player {
            name: fields[name_at].to_string(),
            id: field("id"),
            country: field("country"),
            team: field("team"),
        };
        check_name(&player.name).map_err(|m| (i + 1, m))?;
        players.push(player);
        if players.len() > MAX_PLAYERS {
            return Err((
                i + 1,
                format!("an event seats at most {MAX_PLAYERS} players"),
            ));
        }
    }
    Ok(players)
}
