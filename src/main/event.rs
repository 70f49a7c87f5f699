//! `mjscore event draw`: the seat draw of an event file, or of a number of players and
//! rounds, written as text, JSON (one object a table) or TSV (docs/events.md).

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use mjscore::event::{Draw, Event, Ranked};

/// What `event draw` was given.
pub(crate) struct DrawAsk<'a> {
    pub(crate) file: Option<&'a Path>,
    pub(crate) players: Option<usize>,
    pub(crate) rounds: Option<usize>,
    pub(crate) seed: Option<u64>,
    /// Draw the round after this one from the standings, with the tables' sheets so far.
    pub(crate) after_round: Option<usize>,
    pub(crate) sheets: &'a [PathBuf],
    pub(crate) format: super::FormatArg,
}

/// What `event standings` was given.
pub(crate) struct StandingsAsk<'a> {
    pub(crate) sheets: &'a [PathBuf],
    pub(crate) allow_incomplete: bool,
    pub(crate) ema: bool,
    pub(crate) html: Option<&'a Path>,
    pub(crate) format: super::FormatArg,
}

/// Draws the event's seats and writes them to `out`; the exit status: 0 for a draw as
/// asked, 1 for one with more repeats than any draw must have or team mates at a table
/// (said on standard error too, for a script that reads JSON or TSV).
pub(crate) fn draw(ask: &DrawAsk, out: &mut impl Write) -> Result<u8> {
    let event = match (ask.file, ask.players, ask.rounds) {
        (Some(file), None, None) => read_event(file)?,
        (None, Some(players), Some(rounds)) => {
            Event::quick(players, rounds).map_err(anyhow::Error::msg)?
        }
        (Some(_), _, _) => bail!("give an event file or --players and --rounds, not both"),
        (None, _, _) => bail!(
            "give an event file (mjscore event draw EVENT.toml) or both --players N and --rounds R"
        ),
    };
    // The rounds written: every round drawn, or only the one drawn from the standings.
    let (draw, first) = match ask.after_round {
        None if !ask.sheets.is_empty() => {
            bail!("sheets are read to draw a round from the standings: give --after-round K")
        }
        None => (event.draw(ask.seed.unwrap_or(event.seed)), 0),
        Some(after) => {
            let rules = event_rules(&event, ask.file.unwrap_or(Path::new(".")))?;
            let sheets = read_sheets(ask.sheets)?;
            match event.draw_after(&rules, &sheets, after) {
                Ok(draw) => (draw, after),
                Err(problems) => {
                    tell_problems(&problems, "no round can be drawn from the standings");
                    return Ok(2);
                }
            }
        }
    };
    let text = match ask.format {
        super::FormatArg::Text => text(&event, &draw, first),
        super::FormatArg::Json => draw.json_lines(&event, first),
        super::FormatArg::Tsv => tsv(&event, &draw, first),
    };
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("cannot write the draw")?;
    if draw.repeats > draw.fewest_repeats || draw.team_mates > 0 {
        eprintln!("mjscore: {}", quality(&draw));
        return Ok(1);
    }
    Ok(0)
}

/// What the draw achieved, in a sentence.
fn quality(draw: &Draw) -> String {
    format!(
        "{}; {}; {}",
        match draw.repeats {
            0 => "no two players meet twice".to_string(),
            1 => "1 meeting of a pair after its first".to_string(),
            n => format!("{n} meetings of pairs after their first"),
        } + &match draw.fewest_repeats {
            0 => String::new(),
            n if n == draw.repeats => " (as few as any draw can have)".to_string(),
            n => format!(" (any draw has at least {n})"),
        },
        match draw.team_mates {
            0 => "no two of a team at one table".to_string(),
            n => format!("{n} pairs of team mates at one table"),
        },
        match draw.wind_spread {
            0 => "each player starts at each wind equally often".to_string(),
            1 => "each player starts at each wind within one time of every other".to_string(),
            n => format!("each player starts at each wind within {n} times of every other"),
        }
    )
}

/// The event file at `path`, its players file read beside it; an error names the file,
/// the line and the column.
pub(crate) fn read_event(path: &Path) -> Result<Event> {
    let limit = mjscore::RuleSet::MAX_RULES_FILE_BYTES;
    let bytes = super::read_within_limit(path)
        .with_context(|| format!("cannot read the event file {}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        anyhow::anyhow!(
            "{}: the file is not UTF-8: save it as UTF-8",
            path.display()
        )
    })?;
    let beside = |name: &str| -> std::io::Result<String> {
        let at: PathBuf = path.parent().unwrap_or(Path::new(".")).join(name);
        let listed = super::read_within_limit(&at)?;
        // Read a byte past the limit, so that a longer file is refused, not cut.
        if listed.len() > limit {
            return Err(std::io::Error::other(
                "it is longer than 1 MiB: a players file is a few kilobytes",
            ));
        }
        String::from_utf8(listed).map_err(|_| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "stream did not contain valid UTF-8",
            )
        })
    };
    Event::parse(&text, beside)
        .map_err(|e| anyhow::anyhow!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message))
}

/// The players of a table, East South West North.
fn seats<'e>(event: &'e Event, table: &[usize; 4]) -> [&'e str; 4] {
    table.map(|i| event.players[i].name.as_str())
}

/// The rule set an event plays: a built-in one, or a rules file beside the event file at
/// `path`.
pub(crate) fn event_rules(event: &Event, path: &Path) -> Result<Cow<'static, mjscore::RuleSet>> {
    Ok(match mjscore::RuleSet::by_id(&event.rules) {
        Some(rules) => Cow::Borrowed(rules),
        None => {
            let beside = path.parent().unwrap_or(Path::new(".")).join(&event.rules);
            Cow::Owned(super::read_rules_file(&beside)?.0)
        }
    })
}

/// The tables' sheets at `paths`, as (the path as shown, the text).
fn read_sheets(paths: &[PathBuf]) -> Result<Vec<(String, String)>> {
    let mut sheets = Vec::new();
    for path in paths {
        let bytes = super::read_within_limit(path)
            .with_context(|| format!("cannot read the sheet {}", path.display()))?;
        if bytes.len() > mjscore::RuleSet::MAX_RULES_FILE_BYTES {
            bail!(
                "{}: the sheet is longer than 1 MiB: is this a table's sheet?",
                path.display()
            );
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            anyhow::anyhow!(
                "{}: the sheet is not UTF-8: save it as UTF-8",
                path.display()
            )
        })?;
        sheets.push((path.display().to_string(), text));
    }
    Ok(sheets)
}

/// Writes each problem on standard error, one a line as a compiler's errors are, then
/// `what` with their count.
fn tell_problems(problems: &[String], what: &str) {
    let count = problems.len();
    let mut told = String::new();
    for problem in problems {
        told.push_str(&format!(
            "mjscore: {}\n",
            mjscore::render::printable(problem)
        ));
    }
    told.push_str(&format!(
        "mjscore: {what}: {count} problem{}\n",
        if count == 1 { "" } else { "s" }
    ));
    let _ = std::io::stderr().write_all(told.as_bytes());
}

/// The draw for people: each round's tables from round `first + 1`, then what the draw
/// achieved.
fn text(event: &Event, draw: &Draw, first: usize) -> String {
    let mut out = format!(
        "{}: {} players, {} round{} of {} hand{}, seed {}\n",
        event.name,
        event.players.len(),
        draw.rounds.len(),
        if draw.rounds.len() == 1 { "" } else { "s" },
        event.hands,
        if event.hands == 1 { "" } else { "s" },
        draw.seed
    );
    let width = event
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(1);
    for (r, round) in draw.rounds.iter().enumerate().skip(first) {
        out.push_str(&format!("\nRound {}\n", r + 1));
        for (t, table) in round.iter().enumerate() {
            let [e, s, w, n] = seats(event, table);
            out.push_str(&format!(
                "  Table {:<3} East {e:<width$}  South {s:<width$}  West {w:<width$}  North {n}\n",
                t + 1
            ));
        }
    }
    let mut quality = quality(draw);
    quality[..1].make_ascii_uppercase();
    out.push_str(&format!("\n{quality}\n"));
    out
}

/// A header, then one row a table from round `first + 1`: round, table, east, south,
/// west, north.
fn tsv(event: &Event, draw: &Draw, first: usize) -> String {
    let mut out = String::from("round\ttable\teast\tsouth\twest\tnorth\n");
    for (r, round) in draw.rounds.iter().enumerate().skip(first) {
        for (t, table) in round.iter().enumerate() {
            out.push_str(&format!(
                "{}\t{}\t{}\n",
                r + 1,
                t + 1,
                seats(event, table).join("\t")
            ));
        }
    }
    out
}

/// Merges the sheets into the event's standings and writes them to `out`; the exit status:
/// 0 for a complete event, 1 for an incomplete one ranked with `--allow-incomplete` (what
/// is missing on standard error), and an error (exit 2) listing every problem otherwise.
pub(crate) fn standings(
    event: &Event,
    rules: &mjscore::RuleSet,
    ask: &StandingsAsk,
    out: &mut impl Write,
) -> Result<u8> {
    let sheets = read_sheets(ask.sheets)?;
    let draw = event.draw(event.seed);
    let standings = match event.standings(rules, &draw, &sheets, ask.allow_incomplete) {
        Ok(standings) => standings,
        Err(problems) => {
            tell_problems(&problems, "the sheets cannot be ranked");
            return Ok(2);
        }
    };
    let text = match ask.format {
        _ if ask.ema => standings_ema(event, &standings),
        super::FormatArg::Text => standings_text(event, &standings),
        super::FormatArg::Json => standings.json_lines(),
        super::FormatArg::Tsv => standings_tsv(event, &standings),
    };
    if let Some(path) = ask.html {
        std::fs::write(path, standings_html(event, &standings))
            .with_context(|| format!("cannot write the page {}", path.display()))?;
    }
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("cannot write the standings")?;
    if standings.missing.is_empty() {
        return Ok(0);
    }
    let mut told = String::new();
    for missing in &standings.missing {
        told.push_str(&format!(
            "mjscore: missing: {}\n",
            mjscore::render::printable(missing)
        ));
    }
    let _ = std::io::stderr().write_all(told.as_bytes());
    Ok(1)
}

/// A player's points of each round joined by `separator`, `absent` where the player has
/// no sheet.
fn rounds_joined(ranked: &mjscore::event::Ranked, absent: &str, separator: &str) -> String {
    let rounds: Vec<String> = (ranked.rounds.iter())
        .map(|p| p.map_or(absent.to_string(), |p| p.to_string()))
        .collect();
    rounds.join(separator)
}

/// The standings for people: one line a player, the rounds' points at the end.
fn standings_text(event: &Event, standings: &mjscore::event::Standings) -> String {
    let mut out = format!("{}: standings\n\n", event.name);
    let width = standings
        .ranked
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    out.push_str(&format!(
        "Rank  {:<width$}  Points  Table pts  Won  Dealt in  Rounds\n",
        "Player"
    ));
    for r in &standings.ranked {
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>6}  {:>9}  {:>3}  {:>8}  {}\n",
            r.rank,
            r.name,
            r.points,
            Ranked::table_points_text(r.table_points),
            r.wins,
            r.dealt_in,
            rounds_joined(r, "-", " ")
        ));
    }
    out
}

/// A header, then one row a player.
fn standings_tsv(event: &Event, standings: &mjscore::event::Standings) -> String {
    let rounds: Vec<String> = (1..=event.rounds).map(|r| format!("round_{r}")).collect();
    let mut out = format!(
        "rank\tplayer\tpoints\ttable_points\twins\tdealt_in\thands\t{}\n",
        rounds.join("\t")
    );
    for r in &standings.ranked {
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            r.rank,
            r.name,
            r.points,
            Ranked::table_points_text(r.table_points),
            r.wins,
            r.dealt_in,
            r.hands,
            rounds_joined(r, "", "\t")
        ));
    }
    out
}

/// The standings as an EMA results upload takes them: a header, then one row a player,
/// best first. A field holding a comma or a quote is quoted.
fn standings_ema(event: &Event, standings: &mjscore::event::Standings) -> String {
    let field = |text: &str| {
        if text.contains([',', '"', '\n']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_string()
        }
    };
    let mut out = String::from("Place,Name,ID,Table points,Score,Country\n");
    for r in &standings.ranked {
        let player = event.players.iter().find(|p| p.name == r.name);
        let id = player.and_then(|p| p.id.as_deref()).unwrap_or_default();
        let country = player
            .and_then(|p| p.country.as_deref())
            .unwrap_or_default();
        out.push_str(&format!(
            "{},{},{},{},{},{}\n",
            r.rank,
            field(&r.name),
            field(id),
            Ranked::table_points_text(r.table_points),
            r.points,
            field(country)
        ));
    }
    out
}

/// `text` for HTML: the five characters that mark up escaped.
fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// One self-contained page for a projector: the standings, and each player's running score
/// by round as an inline SVG chart (a line a player, labelled at its end).
fn standings_html(event: &Event, standings: &mjscore::event::Standings) -> String {
    let name = html_text(&event.name);
    let mut rows = String::new();
    for r in &standings.ranked {
        rows.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            r.rank,
            html_text(&r.name),
            r.points,
            Ranked::table_points_text(r.table_points),
            r.wins,
            r.dealt_in
        ));
    }
    // The chart: x by round (0 = the start), y by running score.
    // Tall enough for every name at the chart's right, a line apart.
    const LABEL_GAP: f64 = 13.0;
    let margin = 48.0_f64;
    let width = 960.0_f64;
    let height = (480.0_f64).max(LABEL_GAP * standings.ranked.len() as f64 + 2.0 * margin);
    let rounds = event.rounds.max(1) as f64;
    let running: Vec<Vec<i64>> = (standings.ranked.iter())
        .map(|r| {
            std::iter::once(0)
                .chain(r.rounds.iter().scan(0i64, |sum, p| {
                    *sum += p.unwrap_or(0);
                    Some(*sum)
                }))
                .collect()
        })
        .collect();
    let low = running.iter().flatten().copied().min().unwrap_or(0).min(0) as f64;
    let high = running.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    let x = |round: usize| margin + (width - 3.0 * margin) * round as f64 / rounds;
    let y = |score: i64| margin + (height - 2.0 * margin) * (high - score as f64) / (high - low);
    // Each line's name at its end, moved down where it would cover the name above it.
    let mut label_at: Vec<(usize, f64)> = (running.iter().enumerate())
        .map(|(i, points)| (i, y(*points.last().unwrap_or(&0)) + 4.0))
        .collect();
    label_at.sort_by(|a, b| a.1.total_cmp(&b.1));
    for i in 1..label_at.len() {
        label_at[i].1 = label_at[i].1.max(label_at[i - 1].1 + LABEL_GAP);
    }
    label_at.sort_by_key(|&(i, _)| i);
    let mut lines = String::new();
    for (i, (r, points)) in standings.ranked.iter().zip(&running).enumerate() {
        let hue = (i * 137) % 360;
        let path: Vec<String> = (points.iter().enumerate())
            .map(|(round, &score)| format!("{:.1},{:.1}", x(round), y(score)))
            .collect();
        lines.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"hsl({hue},70%,45%)\" stroke-width=\"2\" points=\"{}\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" fill=\"hsl({hue},70%,35%)\" font-size=\"12\">{}</text>\n",
            path.join(" "),
            x(points.len() - 1) + 6.0,
            label_at[i].1,
            html_text(&r.name)
        ));
    }
    let zero = y(0);
    let axis = format!(
        "<line x1=\"{margin}\" y1=\"{zero:.1}\" x2=\"{:.1}\" y2=\"{zero:.1}\" stroke=\"#999\"/>\n",
        x(event.rounds)
    );
    let labels: String =
        (0..=event.rounds)
            .map(|round| {
                format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
                x(round),
                height - margin / 3.0,
                if round == 0 { "start".to_string() } else { format!("round {round}") }
            )
            })
            .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{name}: standings</title>\n<style>body{{font-family:system-ui,sans-serif;margin:2rem;font-size:1.4rem}}table{{border-collapse:collapse}}td,th{{padding:.2rem .8rem;text-align:right}}td:nth-child(2),th:nth-child(2){{text-align:left}}tr:nth-child(even){{background:#f2f2f2}}</style></head>\n<body><h1>{name}</h1>\n<table><tr><th>Rank</th><th>Player</th><th>Points</th><th>Table pts</th><th>Won</th><th>Dealt in</th></tr>\n{rows}</table>\n<h2>Running score by round</h2>\n<svg viewBox=\"0 0 {width} {height}\" width=\"100%\" role=\"img\" aria-label=\"each player's running score by round\">\n{axis}{lines}{labels}</svg>\n</body></html>\n"
    )
}
