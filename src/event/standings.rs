//! An event's standings: the tables' sheets (session files with a `table: R.T` line)
//! checked against the event and its draw, then merged and ranked (docs/events.md).
//!
//! Each sheet is played through a [`Session`] (the batch's own steps), so a player's
//! points at a table are what `mjscore -f SHEET --summary` gives them. Before anyone is
//! ranked, every sheet must be the table it says it is: the players the draw seated there,
//! the event's rules, every line readable, the event's number of hands, the table's totals
//! summing to zero; no table may come twice, no player sit at two tables of a round, and
//! no table be missing (unless the caller allows an incomplete event).

use std::collections::HashMap;

use crate::keeper::Session;
use crate::lines::stated;
use crate::rule_set::RuleSet;
use crate::score::PaidOn;
use crate::session::{self, name_key, Directive, Played};

use super::{Draw, Event, Ranked, Standings};

/// What one sheet gave: its table, and each of its players' results there.
#[derive(Clone)]
struct TableResult {
    file: String,
    round: usize,
    table: usize,
    /// By player index: points, wins, dealt in, biggest, hands.
    players: Vec<(usize, PlayerAtTable)>,
    /// Hands the sheet lacks of the event's number.
    lacking: usize,
}

#[derive(Clone, Copy)]
struct PlayerAtTable {
    points: i64,
    wins: usize,
    dealt_in: usize,
    biggest: Option<PaidOn>,
    hands: usize,
}

impl Event {
    /// The standings of the event from its tables' sheets (`(file name, text)` each),
    /// scored under `rules` (the event's rule set) and checked against `draw` (the event's
    /// draw, [`Event::draw`] with its seed). `Err` lists every problem found, each naming
    /// its file (and line); with `allow_incomplete`, missing tables and hands are no
    /// problem but listed in [`Standings::missing`].
    pub fn standings(
        &self,
        rules: &RuleSet,
        draw: &Draw,
        sheets: &[(String, String)],
        allow_incomplete: bool,
    ) -> Result<Standings, Vec<String>> {
        let mut problems = Vec::new();
        let index: HashMap<String, usize> = (self.players.iter().enumerate())
            .map(|(i, p)| (name_key(&p.name), i))
            .collect();
        let mut results: Vec<TableResult> = Vec::new();
        // The table each sheet says it is, read or not: no table twice, and a sheet with a
        // problem is no missing table too.
        let mut tables: HashMap<(usize, usize), &str> = HashMap::new();
        for (file, text) in sheets {
            let mut table = None;
            let read = self.read_sheet(rules, draw, &index, file, text, &mut table);
            if let Some((round, t)) = table {
                if let Some(earlier) = tables.insert((round, t), file) {
                    problems.push(format!(
                        "{file}: table {round}.{t} comes twice, in {earlier} too"
                    ));
                }
            }
            match read {
                Ok(result) => results.push(result),
                Err(found) => problems.extend(found),
            }
        }
        // No player at two tables of a round (a table twice is told above).
        let mut seated: HashMap<(usize, usize), (&str, usize)> = HashMap::new();
        for result in &results {
            for &(player, _) in &result.players {
                let at = (result.file.as_str(), result.table);
                if let Some((other, table)) = seated.insert((result.round, player), at) {
                    if table != result.table {
                        problems.push(format!(
                            "{}: {} plays at two tables of round {}, in {other} too",
                            result.file, self.players[player].name, result.round
                        ));
                    }
                }
            }
        }
        let mut missing = Vec::new();
        for round in 1..=self.rounds {
            for table in 1..=self.tables_in(round) {
                if !tables.contains_key(&(round, table)) {
                    missing.push(format!("table {round}.{table}: no sheet"));
                }
            }
        }
        for result in &results {
            if result.lacking > 0 {
                missing.push(format!(
                    "{}: table {}.{} lacks {} of its {} hands",
                    result.file, result.round, result.table, result.lacking, self.hands
                ));
            }
        }
        if !allow_incomplete {
            problems.extend(missing.iter().cloned());
        }
        // After the cut, only those who made it play on.
        let finalists = self.cut.map(|(after, top)| {
            let before: Vec<TableResult> = (results.iter())
                .filter(|r| r.round <= after)
                .cloned()
                .collect();
            let names: Vec<String> = (self.ranked(&before).into_iter())
                .take(top)
                .map(|r| name_key(&r.name))
                .collect();
            (after, top, names)
        });
        if let Some((after, top, names)) = &finalists {
            for result in results.iter().filter(|r| r.round > *after) {
                for &(player, _) in &result.players {
                    let name = &self.players[player].name;
                    if !names.contains(&name_key(name)) {
                        problems.push(format!(
                            "{}: {name} plays in round {}, but is not in the top {top} after round {after}, the cut",
                            result.file, result.round
                        ));
                    }
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut ranked = self.ranked(&results);
        if let Some((_, _, names)) = &finalists {
            ranked = finalists_first(ranked, names);
        }
        Ok(Standings { ranked, missing })
    }

    /// One sheet played through and checked against the event and the draw: what it gave,
    /// or its problems. The table it says it is goes into `table` as soon as it is read, so
    /// that a sheet with a problem still stands for its table.
    fn read_sheet(
        &self,
        rules: &RuleSet,
        draw: &Draw,
        index: &HashMap<String, usize>,
        file: &str,
        text: &str,
        table: &mut Option<(usize, usize)>,
    ) -> Result<TableResult, Vec<String>> {
        let mut problems = Vec::new();
        let mut session = Session::new(rules);
        let mut seated: Option<Vec<String>> = None;
        let mut hands = 0;
        for (i, line) in text.lines().enumerate() {
            let at = |message: String| format!("{file}:{}: {message}", i + 1);
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            match session::directive(line) {
                Some(Ok(Directive::Table { round, table: t })) => {
                    if table.replace((round, t)).is_some() {
                        problems.push(at(
                            "a second table: line: a sheet is one table's".to_string()
                        ));
                    }
                }
                Some(Ok(Directive::Rules { stated, column })) => {
                    let honoured = stated::stated(&stated, column)
                        .is_ok_and(|read| read.is_honoured_by(rules));
                    if !honoured {
                        problems.push(at(format!(
                            "the sheet states rules: {stated}, but the event plays {}",
                            self.rules
                        )));
                    }
                }
                Some(Ok(Directive::Players(names))) => {
                    let keys = sorted_keys(names.iter().map(String::as_str));
                    match &seated {
                        Some(first) if *first != keys => problems.push(at(
                            "the sheet seats other players than its first players: line: a table keeps its four".to_string(),
                        )),
                        _ => seated = Some(keys),
                    }
                    let names = names.each_ref().map(String::as_str);
                    if let Err(e) = session.seat(names) {
                        problems.push(at(e.message()));
                    }
                }
                Some(Ok(Directive::Penalty { name, points })) => {
                    match session.penalty(&name, points) {
                        // Paid to the other three, a penalty is shared by them: it must
                        // divide by three.
                        Ok(recorded) if self.penalties_to_others && points % 3 != 0 => {
                            if let Some((Played::Penalty { by, .. }, entry)) = &recorded.hand {
                                problems.push(format!("{file}: {}'s penalty of {points} cannot be shared by the other three: the event pays penalties to them, so give a multiple of 3", entry.player(*by)));
                            }
                        }
                        Ok(_) => {}
                        Err(e) => problems.push(at(e.message())),
                    }
                }
                Some(Ok(Directive::Draw)) => match session.draw() {
                    Ok(_) => hands += 1,
                    Err(e) => problems.push(at(e.message())),
                },
                Some(Err(e)) => problems.push(at(e.kind.to_string())),
                Some(Ok(Directive::Value)) | None => match session.record(line) {
                    Ok(_) => hands += 1,
                    Err(e) => problems.push(at(format!("column {}: {}", e.column(), e.message()))),
                },
            }
        }
        let Some((round, t)) = *table else {
            problems.push(format!("{file}: no table: line: write table: R.T (round R, table T) before its players: line"));
            return Err(problems);
        };
        let tables = self.tables_in(round);
        if round > self.rounds || t > tables {
            let plural = |n: usize| if n == 1 { "" } else { "s" };
            problems.push(format!(
                "{file}: table {round}.{t} is not one of the event's ({} round{} of {tables} table{})",
                self.rounds,
                plural(self.rounds),
                plural(tables)
            ));
            return Err(problems);
        }
        // A round after the seed's draw was drawn from the standings (Swiss): its tables
        // are what the sheets seat, event players each (once a round, checked with all the
        // sheets).
        if round > self.seeded_rounds() {
            match &seated {
                None => problems.push(format!("{file}: no players: line")),
                Some(keys) => {
                    for key in keys.iter().filter(|key| !index.contains_key(*key)) {
                        problems.push(format!("{file}: {key} is not a player of the event"));
                    }
                }
            }
            return self.table_result(file, (round, t), hands, &session, index, problems);
        }
        let Some(drawn) = draw.rounds.get(round - 1).and_then(|r| r.get(t - 1)) else {
            problems.push(format!("{file}: table {round}.{t} is not drawn yet"));
            return Err(problems);
        };
        let drawn: Vec<usize> = drawn.to_vec();
        let drawn_keys = sorted_keys(drawn.iter().map(|&p| self.players[p].name.as_str()));
        let names_of = |players: &[usize]| {
            players
                .iter()
                .map(|&p| self.players[p].name.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        match &seated {
            None => problems.push(format!("{file}: no players: line")),
            Some(keys) if *keys != drawn_keys => {
                let written: Vec<&str> = (session.standings().into_iter())
                    .map(|s| s.name.as_str())
                    .collect();
                problems.push(format!(
                    "{file}: table {round}.{t} seats {}, but the draw seated {} there",
                    written.join(" "),
                    names_of(&drawn)
                ));
            }
            Some(_) => {}
        }
        self.table_result(file, (round, t), hands, &session, index, problems)
    }

    /// The results of a sheet played through `session` (table `round.t`, `hands` hands),
    /// after its last checks (its number of hands, its totals summing to zero); or every
    /// problem found, these and `problems`.
    fn table_result(
        &self,
        file: &str,
        (round, t): (usize, usize),
        hands: usize,
        session: &Session,
        index: &HashMap<String, usize>,
        mut problems: Vec<String>,
    ) -> Result<TableResult, Vec<String>> {
        if hands > self.hands {
            problems.push(format!(
                "{file}: {hands} hands, {} more than the event's {} a round",
                hands - self.hands,
                self.hands
            ));
        }
        let standings = session.standings();
        // Penalties apart, a table sums to zero.
        let charged: i64 = standings.iter().map(|s| s.penalties).sum();
        let sum: i64 = standings.iter().map(|s| s.total).sum::<i64>() + charged;
        if sum != 0 {
            problems.push(format!("{file}: the table's totals sum to {sum}, not 0"));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        // Paid to the other three: each gets a third of every penalty of the others (each a
        // multiple of 3, checked above), so a third of what the others were charged.
        let share = |charged_here: i64| {
            if self.penalties_to_others {
                (charged - charged_here) / 3
            } else {
                0
            }
        };
        let players = standings
            .iter()
            .map(|s| {
                let player = index[&name_key(&s.name)];
                let result = PlayerAtTable {
                    points: s.total + share(s.penalties),
                    wins: s.won,
                    dealt_in: s.dealt_in,
                    biggest: s.biggest,
                    hands: s.hands,
                };
                (player, result)
            })
            .collect();
        Ok(TableResult {
            file: file.to_string(),
            round,
            table: t,
            players,
            lacking: self.hands - hands,
        })
    }

    /// Every player's sums over the tables, ranked.
    fn ranked(&self, results: &[TableResult]) -> Vec<Ranked> {
        let mut ranked: Vec<Ranked> = (self.players.iter())
            .map(|p| Ranked {
                rank: 0,
                name: p.name.clone(),
                points: 0,
                table_points: 0.0,
                wins: 0,
                dealt_in: 0,
                biggest: None,
                hands: 0,
                rounds: vec![None; self.rounds],
                twelfths: 0,
            })
            .collect();
        let places = self.table_points.unwrap_or([4, 2, 1, 0]);
        for result in results {
            // Table points: by place at the table; tied players share their places' points.
            let mut by_points: Vec<(usize, i64)> =
                result.players.iter().map(|&(p, r)| (p, r.points)).collect();
            by_points.sort_by_key(|&(_, points)| std::cmp::Reverse(points));
            let mut place = 0;
            while place < by_points.len() {
                let tied = by_points[place..]
                    .iter()
                    .take_while(|&&(_, points)| points == by_points[place].1)
                    .count();
                let shared: i64 = places[place..place + tied].iter().sum();
                for &(player, _) in &by_points[place..place + tied] {
                    ranked[player].twelfths += shared * 12 / tied as i64;
                }
                place += tied;
            }
            for &(player, at) in &result.players {
                let r = &mut ranked[player];
                r.points += at.points;
                r.wins += at.wins;
                r.dealt_in += at.dealt_in;
                r.biggest = r.biggest.max(at.biggest);
                r.hands += at.hands;
                r.rounds[result.round - 1] = Some(at.points);
            }
        }
        for r in &mut ranked {
            r.table_points = r.twelfths as f64 / 12.0;
        }
        // The players, split by each key in turn into groups of players equal so far, the
        // better group first: head to head is worked out within a group (it compares the
        // players tied so far with each other), every other key player by player.
        let mut groups: Vec<Vec<usize>> = vec![(0..ranked.len()).collect()];
        for key in self.ranking_keys() {
            let mut split = Vec::with_capacity(groups.len());
            for mut group in groups {
                if group.len() == 1 {
                    split.push(group);
                    continue;
                }
                let margins = (key == "head_to_head").then(|| head_to_head(&group, results));
                let compare = |a: &usize, b: &usize| match &margins {
                    Some(margins) => margins[b].cmp(&margins[a]),
                    None => compare_by(key, &ranked[*a], &ranked[*b], *a, *b),
                };
                group.sort_by(compare);
                let mut rest = &group[..];
                while let Some(first) = rest.first() {
                    let equal = rest
                        .iter()
                        .take_while(|p| compare(first, p).is_eq())
                        .count();
                    split.push(rest[..equal].to_vec());
                    rest = &rest[equal..];
                }
            }
            groups = split;
        }
        let mut ranks = vec![0; ranked.len()];
        let mut order = Vec::with_capacity(ranked.len());
        for group in groups {
            let rank = order.len() + 1;
            for player in group {
                ranks[player] = rank;
                order.push(player);
            }
        }
        (order.into_iter())
            .map(|i| Ranked {
                rank: ranks[i],
                ..ranked[i].clone()
            })
            .collect()
    }

    /// The keys players are ranked by: the ranking, then the tie-breaks.
    fn ranking_keys(&self) -> Vec<&str> {
        let first = if self.table_points.is_some() {
            "table_points"
        } else {
            "points"
        };
        std::iter::once(first)
            .chain(self.tie_breaks.iter().map(String::as_str))
            .collect()
    }
}

/// `ranked` with the players who made the cut (`finalists`, by [`name_key`]) first, each
/// part in its order; ranks given again within each part (players who share a rank keep
/// sharing it), the others' after the finalists'.
fn finalists_first(ranked: Vec<Ranked>, finalists: &[String]) -> Vec<Ranked> {
    let (mut first, rest): (Vec<Ranked>, Vec<Ranked>) =
        (ranked.into_iter()).partition(|r| finalists.contains(&name_key(&r.name)));
    first.extend(rest);
    let mut previous: Option<(usize, bool, usize)> = None; // (old rank, finalist, new rank)
    for (at, r) in first.iter_mut().enumerate() {
        let finalist = at < finalists.len();
        let rank = match previous {
            Some((old, was_finalist, new)) if old == r.rank && was_finalist == finalist => new,
            _ => at + 1,
        };
        previous = Some((r.rank, finalist, rank));
        r.rank = rank;
    }
    first
}

/// The names as people tell them apart ([`name_key`]), in order: two tables of the same
/// four players give the same list, however they were written and seated.
fn sorted_keys<'n>(names: impl Iterator<Item = &'n str>) -> Vec<String> {
    let mut keys: Vec<String> = names.map(name_key).collect();
    keys.sort();
    keys
}

/// Head to head among `group` (players equal on every key before it): for each, what they
/// gained on each other player of the group at the tables they shared, their total there
/// less the other's, summed (two players who never met gain nothing on each other).
fn head_to_head(group: &[usize], results: &[TableResult]) -> HashMap<usize, i64> {
    let mut margins: HashMap<usize, i64> = group.iter().map(|&p| (p, 0)).collect();
    for result in results {
        let at_table: Vec<(usize, i64)> = (result.players.iter())
            .filter(|(p, _)| margins.contains_key(p))
            .map(|&(p, at)| (p, at.points))
            .collect();
        for &(player, points) in &at_table {
            let gained: i64 = at_table.iter().map(|&(_, other)| points - other).sum();
            *margins.entry(player).or_default() += gained;
        }
    }
    margins
}

/// `a` against `b` (players `i` and `j` of the draw's order) by one key, the better first.
fn compare_by(key: &str, a: &Ranked, b: &Ranked, i: usize, j: usize) -> std::cmp::Ordering {
    match key {
        "points" => b.points.cmp(&a.points),
        "table_points" => b.twelfths.cmp(&a.twelfths),
        "wins" => b.wins.cmp(&a.wins),
        "fewest_dealt_in" => a.dealt_in.cmp(&b.dealt_in),
        "biggest" => b.biggest.cmp(&a.biggest),
        _ => i.cmp(&j),
    }
}
