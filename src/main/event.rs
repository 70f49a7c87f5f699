//! `mjscore event draw`: the seat draw of an event file, or of a number of players and
//! rounds, written as text, JSON (one object a table) or TSV (docs/events.md).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use mjscore::event::{Draw, Event};

/// What `event draw` was given.
pub(crate) struct DrawAsk<'a> {
    pub(crate) file: Option<&'a Path>,
    pub(crate) players: Option<usize>,
    pub(crate) rounds: Option<usize>,
    pub(crate) seed: u64,
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
    let draw = event.draw(ask.seed);
    let text = match ask.format {
        super::FormatArg::Text => text(&event, &draw),
        super::FormatArg::Json => json(&event, &draw),
        super::FormatArg::Tsv => tsv(&event, &draw),
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
fn read_event(path: &Path) -> Result<Event> {
    let limit = mjscore::rules_file::MAX_BYTES as u64;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(limit + 1).read_to_end(&mut bytes))
        .with_context(|| format!("cannot read the event file {}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        anyhow::anyhow!(
            "{}: the file is not UTF-8: save it as UTF-8",
            path.display()
        )
    })?;
    let beside = |name: &str| -> std::io::Result<String> {
        let at: PathBuf = path.parent().unwrap_or(Path::new(".")).join(name);
        let mut listed = String::new();
        std::fs::File::open(at)?
            .take(limit)
            .read_to_string(&mut listed)?;
        Ok(listed)
    };
    Event::parse(&text, beside)
        .map_err(|e| anyhow::anyhow!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message))
}

/// The players of a table, East South West North.
fn seats<'e>(event: &'e Event, table: &[usize; 4]) -> [&'e str; 4] {
    table.map(|i| event.players[i].name.as_str())
}

/// The draw for people: each round's tables, then what the draw achieved.
fn text(event: &Event, draw: &Draw) -> String {
    let mut out = format!(
        "{}: {} players, {} rounds of {} hands, seed {}\n",
        event.name,
        event.players.len(),
        draw.rounds.len(),
        event.hands,
        draw.seed
    );
    let width = event
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(1);
    for (r, round) in draw.rounds.iter().enumerate() {
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

/// One object a table: `{"round":1,"table":1,"seats":["Ann","Bob","Cho","Dee"]}`.
fn json(event: &Event, draw: &Draw) -> String {
    let mut out = String::new();
    for (r, round) in draw.rounds.iter().enumerate() {
        for (t, table) in round.iter().enumerate() {
            let seats: Vec<String> = seats(event, table).iter().map(|s| json_string(s)).collect();
            out.push_str(&format!(
                "{{\"round\":{},\"table\":{},\"seats\":[{}]}}\n",
                r + 1,
                t + 1,
                seats.join(",")
            ));
        }
    }
    out
}

/// A header, then one row a table: round, table, east, south, west, north.
fn tsv(event: &Event, draw: &Draw) -> String {
    let mut out = String::from("round\ttable\teast\tsouth\twest\tnorth\n");
    for (r, round) in draw.rounds.iter().enumerate() {
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

/// `text` as a JSON string. A player's name is one printable word (the event file refuses
/// any other), so only quotes and backslashes need escaping.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
