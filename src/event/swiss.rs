//! A round drawn from the standings so far (Swiss, docs/events.md): the rounds played are
//! read from the tables' sheets, the players ranked as [`Event::standings`] ranks them, and
//! the next round seats neighbours in the standings together while avoiding repeats first.

use std::collections::HashMap;

use crate::rule_set::RuleSet;
use crate::session::{self, name_key, Directive};

use super::draw::fewest_repeats;
use super::{wind_spread, Draw, Event};

/// A meeting of two players who met in an earlier round costs more than any spread in the
/// standings: the fewest repeats come first.
const REPEAT: u64 = 1 << 40;
/// Two team mates at one table cost more than any spread, less than a repeat.
const TEAM_MATES: u64 = 1 << 24;

impl Event {
    /// The draw of the round after round `after_round`, from the standings after it (Swiss):
    /// the rounds played are the seatings the tables' `sheets` (`(file name, text)` each,
    /// every table of rounds 1 to `after_round`, complete) show, and the players are ranked
    /// as [`Event::standings`] ranks them under `rules` (after the cut, [`Event::cut`], only
    /// the top ones, whom the standings rank first, play on). The new round's tables are
    /// the players in the order of the standings, four by four, then players swapped between
    /// tables for fewer meetings of pairs who met before, then no two of a team at a table,
    /// then the least spread in the standings at each table (the sum, over the tables, of
    /// the places between its best and its worst player). Its winds even out each player's
    /// count of each starting wind. The draw returned holds the rounds played and the new
    /// one; `repeats` and `team_mates` count over all of them. `Err` lists the problems of
    /// the sheets (as the standings do) or of the round asked.
    pub fn draw_after(
        &self,
        rules: &RuleSet,
        sheets: &[(String, String)],
        after_round: usize,
    ) -> Result<Draw, Vec<String>> {
        let first = self.seeded_rounds();
        if first == self.rounds {
            return Err(vec![
                "the event draws every round from its seed: an event file with swiss_after = K, or a cut after round K, draws the rounds after K from the standings".to_string(),
            ]);
        }
        if !(first..self.rounds).contains(&after_round) {
            return Err(vec![format!(
                "--after-round takes a round from {first} (the last the seed draws) to {}, the round before the last",
                self.rounds - 1
            )]);
        }
        let played = self.played(sheets, after_round)?;
        // The standings check the rounds of the seed's draw against it, and the later
        // ones as the sheets seat them.
        let standings = self.standings(rules, &self.draw(self.seed), sheets, true)?;
        let mut draw = Draw {
            seed: self.seed,
            rounds: played,
            repeats: 0,
            fewest_repeats: fewest_repeats(self.players.len(), after_round + 1),
            team_mates: 0,
            wind_spread: 0,
        };
        // The rounds asked for must be complete; later ones are not played yet.
        let lacking: Vec<String> = (standings.missing.iter())
            .filter(|m| !m.contains("no sheet"))
            .cloned()
            .collect();
        if !lacking.is_empty() {
            return Err(lacking);
        }
        let index: HashMap<String, usize> = (self.players.iter().enumerate())
            .map(|(i, p)| (name_key(&p.name), i))
            .collect();
        // After the cut, the players who made it: the standings rank them first.
        let playing = match self.cut {
            Some((after, top)) if after_round >= after => top,
            _ => self.players.len(),
        };
        let order: Vec<usize> = (standings.ranked.iter().take(playing))
            .map(|r| index[&name_key(&r.name)])
            .collect();
        let teams = self.team_indices();
        let players = self.players.len();
        let mut round = next_round(&order, players, &draw.rounds, &teams);
        deal_round_winds(&mut round, &draw.rounds, players);
        draw.rounds.push(round);
        (draw.repeats, draw.team_mates) = counts(&draw.rounds, players, &teams);
        draw.wind_spread = wind_spread(&draw.rounds, players, &order);
        Ok(draw)
    }

    /// The tables of rounds 1 to `rounds` as the sheets seat them (each sheet's `table:` and
    /// first `players:` line), or what is wrong: a table of those rounds with no sheet, a
    /// sheet without its table or players, a name that is no player of the event. Sheets of
    /// later rounds are refused: their round is not drawn yet.
    fn played(
        &self,
        sheets: &[(String, String)],
        rounds: usize,
    ) -> Result<Vec<Vec<[usize; 4]>>, Vec<String>> {
        let index: HashMap<String, usize> = (self.players.iter().enumerate())
            .map(|(i, p)| (name_key(&p.name), i))
            .collect();
        let mut played: Vec<Vec<Option<[usize; 4]>>> = (1..=rounds)
            .map(|r| vec![None; self.tables_in(r)])
            .collect();
        let mut problems = Vec::new();
        for (file, text) in sheets {
            let (mut table, mut seated) = (None, None);
            for line in text.lines() {
                match session::directive(line) {
                    Some(Ok(Directive::Table { round, table: t })) => table = Some((round, t)),
                    Some(Ok(Directive::Players(names))) if seated.is_none() => seated = Some(names),
                    _ => {}
                }
            }
            let (Some((round, t)), Some(names)) = (table, seated) else {
                problems.push(format!("{file}: a sheet names its table (table: R.T) and seats its players (players: …)"));
                continue;
            };
            if round == 0 || round > rounds || t == 0 || t > self.tables_in(round) {
                problems.push(format!("{file}: table {round}.{t} is not a table of rounds 1 to {rounds}: the round after {rounds} is the one being drawn"));
                continue;
            }
            let mut seats = [0; 4];
            for (seat, name) in seats.iter_mut().zip(&names) {
                match index.get(&name_key(name)) {
                    Some(&player) => *seat = player,
                    None => problems.push(format!("{file}: {name} is not a player of the event")),
                }
            }
            played[round - 1][t - 1] = Some(seats);
        }
        for (r, round) in played.iter().enumerate() {
            for (t, table) in round.iter().enumerate() {
                if table.is_none() {
                    problems.push(format!("table {}.{}: no sheet", r + 1, t + 1));
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok((played.into_iter())
            .map(|round| round.into_iter().flatten().collect())
            .collect())
    }

    /// Each player's team as an index (`None` for none), teams numbered as first listed.
    pub(super) fn team_indices(&self) -> Vec<Option<usize>> {
        let mut teams: Vec<&str> = Vec::new();
        (self.players.iter())
            .map(|p| {
                let team = p.team.as_deref()?;
                Some(match teams.iter().position(|&t| t == team) {
                    Some(i) => i,
                    None => {
                        teams.push(team);
                        teams.len() - 1
                    }
                })
            })
            .collect()
    }
}

/// How often each pair met in `rounds`, `met[a * players + b]`.
fn meetings(rounds: &[Vec<[usize; 4]>], players: usize) -> Vec<u16> {
    let mut met = vec![0u16; players * players];
    for table in rounds.iter().flatten() {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                met[a * players + b] += 1;
                met[b * players + a] += 1;
            }
        }
    }
    met
}

/// Meetings of pairs after their first, and pairs of team mates at one table, over
/// `rounds`.
fn counts(rounds: &[Vec<[usize; 4]>], players: usize, teams: &[Option<usize>]) -> (usize, usize) {
    let met = meetings(rounds, players);
    let mut repeats = 0;
    for a in 0..players {
        for b in a + 1..players {
            repeats += usize::from(met[a * players + b]).saturating_sub(1);
        }
    }
    let team_mates = (rounds.iter().flatten())
        .map(|table| {
            let mut pairs = 0;
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    pairs += usize::from(teams[a].is_some() && teams[a] == teams[b]);
                }
            }
            pairs
        })
        .sum();
    (repeats, team_mates)
}

/// The next round's tables for players ranked in `order` (best first; `players` in all),
/// after the rounds
/// `played`: the order four by four, then the swap between two tables that lowers the cost
/// most ([`REPEAT`] for each pair that met before, [`TEAM_MATES`] for team mates, and the
/// places between a table's best and worst player), as long as one does.
fn next_round(
    order: &[usize],
    players: usize,
    played: &[Vec<[usize; 4]>],
    teams: &[Option<usize>],
) -> Vec<[usize; 4]> {
    let met = meetings(played, players);
    let mut place = vec![0; players];
    for (at, &player) in order.iter().enumerate() {
        place[player] = at;
    }
    let cost = |table: &[usize; 4]| -> u64 {
        let mut cost = 0;
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                if met[a * players + b] > 0 {
                    cost += REPEAT;
                }
                if teams[a].is_some() && teams[a] == teams[b] {
                    cost += TEAM_MATES;
                }
            }
        }
        let places = table.map(|p| place[p]);
        let spread = places.iter().max().unwrap_or(&0) - places.iter().min().unwrap_or(&0);
        cost + spread as u64
    };
    let mut tables: Vec<[usize; 4]> = order.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
    let mut costs: Vec<u64> = tables.iter().map(cost).collect();
    // Best improvement first, the first found among equals: the same standings give the
    // same round. Each swap lowers the total cost, so the loop ends.
    loop {
        let mut best: Option<(u64, usize, usize, usize, usize)> = None;
        for t in 0..tables.len() {
            for u in t + 1..tables.len() {
                let before = costs[t] + costs[u];
                for i in 0..4 {
                    for j in 0..4 {
                        let (mut a, mut b) = (tables[t], tables[u]);
                        std::mem::swap(&mut a[i], &mut b[j]);
                        let after = cost(&a) + cost(&b);
                        if after < before && best.is_none_or(|(gain, ..)| before - after > gain) {
                            best = Some((before - after, t, u, i, j));
                        }
                    }
                }
            }
        }
        let Some((_, t, u, i, j)) = best else {
            break;
        };
        let (a, b) = (tables[t][i], tables[u][j]);
        tables[t][i] = b;
        tables[u][j] = a;
        costs[t] = cost(&tables[t]);
        costs[u] = cost(&tables[u]);
    }
    // Each table's players in the order of the standings, as the winds are dealt next.
    for table in &mut tables {
        table.sort_by_key(|&p| place[p]);
    }
    tables
}

/// Orders each table of `round` East, South, West, North so that each player's count of
/// each starting wind over the rounds `played` and this one stays as even as it can: at each
/// table, of the 24 orders, the one that gives each player the winds they started at least
/// (the first of equals).
fn deal_round_winds(round: &mut [[usize; 4]], played: &[Vec<[usize; 4]>], players: usize) {
    let mut started = vec![[0usize; 4]; players];
    for table in played.iter().flatten() {
        for (wind, &player) in table.iter().enumerate() {
            started[player][wind] += 1;
        }
    }
    for table in round.iter_mut() {
        let seated = *table;
        let mut best: Option<(usize, [usize; 4])> = None;
        for east in 0..4 {
            for south in (0..4).filter(|&s| s != east) {
                for west in (0..4).filter(|&w| w != east && w != south) {
                    // The one place left: the places sum to 0 + 1 + 2 + 3.
                    let north = 6 - east - south - west;
                    let seats = [east, south, west, north].map(|i| seated[i]);
                    // The square of each count after the round: an even spread costs least.
                    let cost = (seats.iter().enumerate())
                        .map(|(wind, &p)| (started[p][wind] + 1).pow(2))
                        .sum::<usize>();
                    if best.is_none_or(|(least, _)| cost < least) {
                        best = Some((cost, seats));
                    }
                }
            }
        }
        if let Some((_, seats)) = best {
            *table = seats;
        }
    }
}
