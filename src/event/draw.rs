//! The seat draw of an event: every round, the players in tables of four, so that no two
//! meet twice where that can be done (else as few times as the search finds), no two of a
//! team sit at one table, and each player starts each round at each wind about as often
//! as every other (docs/events.md).
//!
//! The tables are found by a tabu search over swaps, the method of Dotú and Van Hentenryck
//! for the social golfer problem: a player who meets someone again (or sits with a team
//! mate) is swapped with a player of another table of the same round, the best swap first,
//! a swap just made not undone for a while; many short searches from seeds made from the
//! one given, the first in order that succeeds taken. The winds are then dealt by colouring
//! the edges between the players and the tables with the four winds, so that each player
//! starts at each wind ⌊R/4⌋ or ⌈R/4⌉ times. Everything follows from the seed: the same
//! seed gives the same draw, on any number of cores.

/// A small, fast, seeded generator (SplitMix64): the draw is the same for a seed on every
/// machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `below` (which is more than 0).
    fn below(&mut self, below: usize) -> usize {
        (self.next() % below as u64) as usize
    }
}

/// What one search is asked: how many players, how many rounds, each player's team (an
/// index; `None` for none), its seed, and how long it may look.
struct Ask<'a> {
    players: usize,
    rounds: usize,
    teams: &'a [Option<usize>],
    seed: u64,
    /// The most swaps the search weighs before it settles for the best it found.
    budget: u64,
}

/// A draw: for each round, its tables, each the players' indices East, South, West, North
/// for the round's first hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Drawn {
    pub(crate) rounds: Vec<Vec<[usize; 4]>>,
    /// Meetings of a pair after its first, over the event.
    pub(crate) repeats: usize,
    /// Pairs of team mates seated at one table, over the event.
    pub(crate) team_mates: usize,
}

/// The fewest meetings after the first that any draw of `players` over `rounds` must have
/// (the search stops when it gets there), the larger of two bounds:
/// - each player meets 3 others a round and can meet only `players - 1` once each: the rest
///   are repeats, each counted by both of its players;
/// - with fewer than four tables, each table of a later round seats some who sat together
///   in the first: 4 players from 2 tables make at least 2 such pairs (2 + 2), from 3
///   tables at least 1 (2 + 1 + 1), from 1 table all 6.
pub(crate) fn fewest_repeats(players: usize, rounds: usize) -> usize {
    let excess = (3 * rounds).saturating_sub(players.saturating_sub(1));
    let by_faces = (players * excess).div_ceil(2);
    let tables = players / 4;
    let per_table = match tables {
        1 => 6,
        2 => 2,
        3 => 1,
        _ => 0,
    };
    by_faces.max(rounds.saturating_sub(1) * tables * per_table)
}

/// Swaps one search weighs before it gives up and the next starts from a seed of its own
/// (more for a large event: a search must at least undo its random start). How long a
/// search takes to find a draw with no repeat varies widely from seed to seed, so many
/// short searches find one sooner than a few long ones.
const ATTEMPT: u64 = 40_000_000;
/// Swaps all the searches of one draw weigh together: about a minute of one core.
const TOTAL: u64 = 2_400_000_000;

/// The draw of `players` (a multiple of four, at least four) over `rounds`, each player's
/// team as given, for `seed`: searches from seeds made from it, one after the other (or two
/// or more at once on as many cores), until one finds the fewest repeats any draw can have
/// and no team mates at a table, or the searches are spent; then the best of them. The
/// first search in order that succeeds is taken, however many run at once, so the draw
/// depends on the seed alone.
pub(crate) fn draw(players: usize, rounds: usize, teams: &[Option<usize>], seed: u64) -> Drawn {
    // A small event is searched through soon: fewer and shorter searches.
    let size = (players * rounds) as u64;
    let budget = (300_000 * size).clamp(1_000_000, ATTEMPT.max(20_000 * size));
    let attempts = (TOTAL / budget).min(size / 4).clamp(4, 60) as usize;
    // No thread is started where there are none (WebAssembly on a page).
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get().min(4));
    let goal = fewest_repeats(players, rounds);
    let ask = |attempt: usize| Ask {
        players,
        rounds,
        teams,
        seed: seed ^ (attempt as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
        budget,
    };
    let mut best: Option<Drawn> = None;
    let mut attempt = 0;
    'searches: while attempt < attempts {
        let batch = attempt..(attempt + threads).min(attempts);
        let found: Vec<Drawn> = if batch.len() == 1 {
            vec![search_once(&ask(attempt))]
        } else {
            std::thread::scope(|scope| {
                let searches: Vec<_> = batch
                    .clone()
                    .map(|a| {
                        let ask = ask(a);
                        scope.spawn(move || search_once(&ask))
                    })
                    .collect();
                (searches.into_iter())
                    .map(|s| s.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            })
        };
        for drawn in found {
            let key = |d: &Drawn| (d.repeats, d.team_mates);
            if best.as_ref().is_none_or(|b| key(&drawn) < key(b)) {
                best = Some(drawn);
            }
            if best.as_ref().is_some_and(|b| key(b) == (goal, 0)) {
                break 'searches;
            }
        }
        attempt = batch.end;
    }
    // The winds of the draw taken only: a search's tables are all it gives.
    let mut best = best.expect("at least one search");
    deal_winds(&mut best.rounds, players);
    best
}

/// One search for `ask`.
fn search_once(ask: &Ask) -> Drawn {
    let mut search = Search::new(ask);
    search.run(ask.budget);
    // The cost counts repeats in its high part and team mates in its low one.
    let repeats = (search.best_cost / REPEAT) as usize;
    let team_mates = (search.best_cost % REPEAT) as usize;
    Drawn {
        rounds: search.best,
        repeats,
        team_mates,
    }
}

/// The most players in conflict whose swaps are weighed for one swap.
const WEIGHED: usize = 24;

/// A repeated meeting costs more than any number of team mates at a table: the draw
/// avoids repeats first.
const REPEAT: u64 = 1 << 20;

/// The state of the search: the tables of each round, where each player sits, and how
/// often each pair meets.
struct Search {
    players: usize,
    /// Each player's team, 0 for none, else its index + 1: compared on every pair.
    teams: Vec<u32>,
    tables: Vec<Vec<[usize; 4]>>,
    /// For each round and player, the player's table.
    table_of: Vec<Vec<usize>>,
    /// How often each pair meets, `meets[a * players + b]`.
    meets: Vec<u16>,
    cost: u64,
    best: Vec<Vec<[usize; 4]>>,
    best_cost: u64,
    /// For each round and player, the swap count before which the player may not be moved
    /// again in that round.
    tabu: Vec<Vec<u64>>,
    rng: Rng,
}

impl Search {
    /// A random start: each round a shuffle of the players.
    fn new(ask: &Ask) -> Search {
        let n = ask.players;
        let mut rng = Rng::new(ask.seed);
        let mut tables = Vec::with_capacity(ask.rounds);
        for _ in 0..ask.rounds {
            let mut order: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                order.swap(i, rng.below(i + 1));
            }
            tables.push(order.chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect());
        }
        let mut search = Search {
            players: n,
            teams: (ask.teams.iter())
                .map(|t| t.map_or(0, |t| t as u32 + 1))
                .collect(),
            table_of: vec![vec![0; n]; ask.rounds],
            meets: vec![0; n * n],
            cost: 0,
            best: Vec::new(),
            best_cost: u64::MAX,
            tabu: vec![vec![0; n]; ask.rounds],
            tables: Vec::new(),
            rng,
        };
        search.seat(tables);
        search.keep_best();
        search
    }

    /// Seats `tables`, working out where each player sits, how often each pair meets and
    /// the cost from nothing.
    fn seat(&mut self, tables: Vec<Vec<[usize; 4]>>) {
        self.meets.iter_mut().for_each(|m| *m = 0);
        self.cost = 0;
        for (round, round_tables) in tables.iter().enumerate() {
            for (table, seated) in round_tables.iter().enumerate() {
                for (i, &a) in seated.iter().enumerate() {
                    self.table_of[round][a] = table;
                    for &b in &seated[i + 1..] {
                        self.cost += self.pair_added(a, b);
                        self.meet(a, b, 1);
                    }
                }
            }
        }
        self.tables = tables;
    }

    /// Swaps two players drawn at random in a round drawn at random, if they sit at
    /// different tables.
    fn random_swap(&mut self) {
        let (rounds, n) = (self.tables.len(), self.players);
        let round = self.rng.below(rounds);
        let (a, b) = (self.rng.below(n), self.rng.below(n));
        if self.table_of[round][a] != self.table_of[round][b] {
            self.swap(round, a, b);
        }
    }

    fn meets(&self, a: usize, b: usize) -> u16 {
        self.meets[a * self.players + b]
    }

    fn meet(&mut self, a: usize, b: usize, by: i32) {
        let n = self.players;
        for at in [a * n + b, b * n + a] {
            self.meets[at] = (i32::from(self.meets[at]) + by) as u16;
        }
    }

    fn team_mates(&self, a: usize, b: usize) -> bool {
        let team = self.teams[a];
        team != 0 && team == self.teams[b]
    }

    /// What seating `a` with `b` once more adds to the cost.
    fn pair_added(&self, a: usize, b: usize) -> u64 {
        let repeat = if self.meets(a, b) >= 1 { REPEAT } else { 0 };
        repeat + u64::from(self.team_mates(a, b))
    }

    /// The change of cost if `a` and `b` (at different tables) swap seats in `round`: `b`
    /// meets `a`'s three table mates instead of `a`, and `a` those of `b`. (Read row by row
    /// of the meetings: the search asks this of every swap it weighs.)
    fn delta(&self, round: usize, a: usize, b: usize) -> i64 {
        let n = self.players;
        let (row_a, row_b) = (&self.meets[a * n..][..n], &self.meets[b * n..][..n]);
        let (team_a, team_b) = (self.teams[a], self.teams[b]);
        let weigh = |x: usize, leaves: (&[u16], u32), joins: (&[u16], u32)| -> i64 {
            let team_x = self.teams[x];
            let added = if joins.0[x] >= 1 { REPEAT as i64 } else { 0 }
                + i64::from(team_x != 0 && team_x == joins.1);
            let removed = if leaves.0[x] >= 2 { REPEAT as i64 } else { 0 }
                + i64::from(team_x != 0 && team_x == leaves.1);
            added - removed
        };
        let mut delta = 0;
        for &x in &self.tables[round][self.table_of[round][a]] {
            if x != a {
                delta += weigh(x, (row_a, team_a), (row_b, team_b));
            }
        }
        for &y in &self.tables[round][self.table_of[round][b]] {
            if y != b {
                delta += weigh(y, (row_b, team_b), (row_a, team_a));
            }
        }
        delta
    }

    fn swap(&mut self, round: usize, a: usize, b: usize) {
        let delta = self.delta(round, a, b);
        let (ta, tb) = (self.table_of[round][a], self.table_of[round][b]);
        for (from, to, table) in [(a, b, ta), (b, a, tb)] {
            let seated = self.tables[round][table];
            for x in seated {
                if x != from {
                    self.meet(from, x, -1);
                    self.meet(to, x, 1);
                }
            }
        }
        for (player, table) in [(a, ta), (b, tb)] {
            let seat = self.tables[round][table]
                .iter()
                .position(|&p| p == player)
                .expect("seated at its table");
            self.tables[round][table][seat] = if player == a { b } else { a };
        }
        self.table_of[round][a] = tb;
        self.table_of[round][b] = ta;
        self.cost = (self.cost as i64 + delta) as u64;
    }

    /// Marks in `marks` (by round, then player) each player who meets someone of its table
    /// again in that round, or sits with a team mate: one look at each pair of each table.
    fn mark_conflicts(&self, marks: &mut [bool]) {
        marks.iter_mut().for_each(|m| *m = false);
        let n = self.players;
        for (round, tables) in self.tables.iter().enumerate() {
            for table in tables {
                for (i, &a) in table.iter().enumerate() {
                    for &b in &table[i + 1..] {
                        if self.meets(a, b) >= 2 || self.team_mates(a, b) {
                            marks[round * n + a] = true;
                            marks[round * n + b] = true;
                        }
                    }
                }
            }
        }
    }

    fn keep_best(&mut self) {
        if self.cost < self.best_cost {
            self.best_cost = self.cost;
            self.best.clone_from(&self.tables);
        }
    }

    /// Swaps until the cost is the least a draw can have or `budget` swaps have been
    /// weighed.
    fn run(&mut self, budget: u64) {
        let rounds = self.tables.len();
        let n = self.players;
        let mut since_best = 0u64;
        let mut swaps = 0;
        let mut in_conflict = vec![false; rounds * n];
        let mut conflicts: Vec<(usize, usize)> = Vec::new();
        let enough = fewest_repeats(n, rounds) as u64 * REPEAT;
        let mut weighed = 0u64;
        while self.best_cost > enough && weighed < budget {
            swaps += 1;
            // The best swap of a player in conflict with a player of another table, not
            // tabu unless it beats the best found; ties broken at random. When many are in
            // conflict (early on, or a large event) a few of them, drawn at random, are
            // weighed: a swap then costs a bounded number of looks, whatever the size.
            let mut chosen: Option<(usize, usize, usize)> = None;
            let mut chosen_delta = i64::MAX;
            let mut ties = 0;
            self.mark_conflicts(&mut in_conflict);
            conflicts.clear();
            conflicts.extend(
                (0..rounds * n)
                    .filter(|&i| in_conflict[i])
                    .map(|i| (i / n, i % n)),
            );
            while conflicts.len() > WEIGHED {
                let drop = self.rng.below(conflicts.len());
                conflicts.swap_remove(drop);
            }
            for &(round, a) in &conflicts {
                weighed += n as u64;
                for b in 0..n {
                    if self.table_of[round][b] == self.table_of[round][a] {
                        continue;
                    }
                    let delta = self.delta(round, a, b);
                    let tabu = self.tabu[round][a] > swaps || self.tabu[round][b] > swaps;
                    let aspires = (self.cost as i64 + delta) < self.best_cost as i64;
                    if tabu && !aspires {
                        continue;
                    }
                    if delta < chosen_delta {
                        (chosen, chosen_delta, ties) = (Some((round, a, b)), delta, 1);
                    } else if delta == chosen_delta {
                        ties += 1;
                        if self.rng.below(ties) == 0 {
                            chosen = Some((round, a, b));
                        }
                    }
                }
            }
            let Some((round, a, b)) = chosen else {
                // Everything is tabu: a random swap in a random round.
                self.random_swap();
                continue;
            };
            self.swap(round, a, b);
            let tenure = 4 + self.rng.below(n / 2 + 1) as u64;
            self.tabu[round][a] = swaps + tenure;
            self.tabu[round][b] = swaps + tenure;
            let before = self.best_cost;
            self.keep_best();
            if self.best_cost < before {
                since_best = 0;
            } else {
                since_best += 1;
            }
            // Stuck: shake a few players of the best state and go on from there.
            if since_best > 20 * n as u64 {
                since_best = 0;
                // Back to the best state found, with no swap tabu.
                self.seat(self.best.clone());
                self.tabu
                    .iter_mut()
                    .for_each(|t| t.iter_mut().for_each(|s| *s = 0));
                for _ in 0..n / 4 + 2 {
                    self.random_swap();
                }
            }
        }
    }
}

/// Orders each table's four players East, South, West, North so that every player starts
/// at each wind ⌊R/4⌋ or ⌈R/4⌉ times over R rounds: an equitable colouring of the edges of a
/// bipartite graph with the four winds as colours.
///
/// The graph joins each player to each round's table: the tables are one side, and each
/// player is split into one node for every four rounds (rounds 1–4, 5–8, …). Every node
/// then has at most four edges, and a bipartite graph whose nodes have at most four edges
/// can have its edges coloured with four colours, no two edges of a node alike (König):
/// each table gets each wind once, and each of a player's nodes each wind at most once.
/// The colouring is König's own: an edge takes a colour free at both its ends, after the
/// path of two colours from one end has been swapped if none is.
fn deal_winds(rounds: &mut [Vec<[usize; 4]>], players: usize) {
    let tables_a_round = rounds.first().map_or(0, Vec::len);
    let player_nodes = players * rounds.len().div_ceil(4);
    // Each node's edge of each colour, as (round, table, seat) of the edge's player.
    type Edge = (usize, usize, usize);
    let mut at_player: Vec<[Option<Edge>; 4]> = vec![[None; 4]; player_nodes];
    let mut at_table: Vec<[Option<Edge>; 4]> = vec![[None; 4]; rounds.len() * tables_a_round];
    let player_node = |round: usize, player: usize| player * rounds.len().div_ceil(4) + round / 4;
    let table_node = |round: usize, table: usize| round * tables_a_round + table;
    // The colour of each edge, by (round, table, seat).
    let mut colour: Vec<Vec<[usize; 4]>> = rounds
        .iter()
        .map(|round| vec![[usize::MAX; 4]; round.len()])
        .collect();
    for r in 0..rounds.len() {
        for t in 0..tables_a_round {
            for seat in 0..4 {
                let edge = (r, t, seat);
                let u = player_node(r, rounds[r][t][seat]);
                let v = table_node(r, t);
                let free = |slots: &[Option<Edge>; 4]| slots.iter().position(Option::is_none);
                let a = free(&at_player[u]).expect("a player's node has at most four edges");
                let b = free(&at_table[v]).expect("a table has four edges");
                if at_table[v][a].is_some() {
                    // Swap a and b along the path from v that alternates them: then a is
                    // free at v, and still at u (the path cannot reach u in a bipartite
                    // graph where a is free at u and b free at v).
                    let mut path = Vec::new();
                    let (mut node_is_table, mut node, mut want) = (true, v, a);
                    loop {
                        let slots = if node_is_table {
                            &at_table[node]
                        } else {
                            &at_player[node]
                        };
                        let Some(next) = slots[want] else { break };
                        path.push((next, want));
                        let (er, et, es) = next;
                        node = if node_is_table {
                            player_node(er, rounds[er][et][es])
                        } else {
                            table_node(er, et)
                        };
                        node_is_table = !node_is_table;
                        want = if want == a { b } else { a };
                    }
                    for &((er, et, es), _) in &path {
                        let (pu, tv) = (player_node(er, rounds[er][et][es]), table_node(er, et));
                        let old = colour[er][et][es];
                        at_player[pu][old] = None;
                        at_table[tv][old] = None;
                    }
                    for &((er, et, es), was) in &path {
                        let (pu, tv) = (player_node(er, rounds[er][et][es]), table_node(er, et));
                        let new = if was == a { b } else { a };
                        colour[er][et][es] = new;
                        at_player[pu][new] = Some((er, et, es));
                        at_table[tv][new] = Some((er, et, es));
                    }
                }
                colour[r][t][seat] = a;
                at_player[u][a] = Some(edge);
                at_table[v][a] = Some(edge);
            }
        }
    }
    for (r, round) in rounds.iter_mut().enumerate() {
        for (t, table) in round.iter_mut().enumerate() {
            let seated = *table;
            for seat in 0..4 {
                table[colour[r][t][seat]] = seated[seat];
            }
        }
    }
}
