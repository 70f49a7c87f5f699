//! Properties every scored hand must have, whatever its tiles and whatever the scoring
//! system: checked by the exhaustive proof (`cargo run --release --example exhaustive`) and
//! by the property tests.
//!
//! They restate the rules independently of how the engine reaches its answer:
//! - the total is at most the rule set's maximum unless a pattern scores alone, and a
//!   pattern that scores alone is worth no more than the highest fixed value of the table;
//! - the total is what the counted patterns make: their sum (capped), or the one pattern
//!   that scores alone, plus any percentages, so never less than that base;
//! - the chosen reading is the best of all readings (highest total, then highest sum);
//! - no two counted patterns share a series, except per-set patterns (Value Honor, the
//!   doubling table's dragon and wind pongs);
//! - no pattern holds on a reading of four sets and a pair with a number of sequences its
//!   shapes leave out ([`Shapes::sequences`](crate::arrange::Shapes::sequences)): the engine
//!   does not test it there (`check_sequence_counts`);
//! - a line the notation's plain reading takes is read as token by token, column for column
//!   ([`check_plain_reading`]);
//! - the payments sum to zero and the winner receives what the system's payment rule says
//!   (3 × the total in Zung Jung; 2^points from each player, doubled for the responsible
//!   discarder or for everyone on a self-draw, in the doubling table);
//! - a rules file gives a rule set or an error at a line and column, never a panic; every
//!   text of the rule set it gives is printable and within its length, and so is all that
//!   is written under it ([`check_rules_file`]).

use crate::arrange::{arrangements, Arrangements, Shape};
use crate::hand::Hand;
use crate::patterns::{Condition, Facts, Pattern, Value};
use crate::rule_set::RuleSet;
use crate::score::{self, FalseWin, Limit, Outcome, Reading};
use crate::tile::Seat;

/// The outcome of scoring `hand`, or the first property it breaks.
/// The readings are those [`score::score`] chooses among, each checked as it is read (no
/// list of them is kept: the exhaustive proof calls this for 374 million hands).
pub fn check<'r>(hand: &Hand, rules: &'r RuleSet) -> Result<Outcome<'r>, String> {
    check_arranged(hand, rules, None)
}

/// [`check`], given the hand's [`crate::arrange::arrangements`]
/// when the caller has worked them out (the exhaustive proof scores the same tiles
/// self-drawn and on a discard, and arranges them once).
pub fn check_arranged<'r>(
    hand: &Hand,
    rules: &'r RuleSet,
    arranged: Option<&Arrangements>,
) -> Result<Outcome<'r>, String> {
    check_arranged_printing(hand, rules, arranged, None)
}

/// [`check_arranged`], keeping each reading in `prints` (emptied first) as
/// [`check_same_scoring`] compares it with another rule set's: the exhaustive proof reads
/// every hand once under WSOM for both.
pub fn check_arranged_printing<'r>(
    hand: &Hand,
    rules: &'r RuleSet,
    arranged: Option<&Arrangements>,
    mut prints: Option<&mut Vec<u64>>,
) -> Result<Outcome<'r>, String> {
    let mut best = None;
    let mut broken = Ok(());
    if let Some(prints) = prints.as_deref_mut() {
        prints.clear();
    }
    let (chosen, compared) = score::best_reading_inspected(hand, rules, arranged, |reading| {
        if let Some(prints) = prints.as_deref_mut() {
            prints.push(reading_print(reading));
        }
        best = best.max(Some((reading.total, reading.sum)));
        if broken.is_ok() {
            broken = check_reading(reading, rules)
                .and_then(|()| check_sequence_counts(hand, reading, rules));
        }
    });
    broken?;
    let outcome = score::decide_best(hand, rules, chosen, compared);
    match &outcome {
        Outcome::Win {
            reading, payments, ..
        } => {
            if Some((reading.total, reading.sum)) != best {
                return Err(format!(
                    "chose {} (sum {}) but the best reading is {best:?}",
                    reading.total, reading.sum
                ));
            }
            let sum: i64 = Seat::ALL.iter().map(|&s| payments.of(s)).sum();
            if sum != 0 {
                return Err(format!("payments sum to {sum}"));
            }
            let received = payments.of(hand.context.seat);
            let expected = (rules.payments.winner_receives)(
                &rules.payments.params,
                reading.total,
                &hand.context,
            );
            if received != expected {
                return Err(format!(
                    "the winner receives {received}, not {expected} for {}",
                    reading.total
                ));
            }
        }
        Outcome::FalseWin(FalseWin::Refused { .. }) => {
            if rules
                .refuse
                .and_then(|refuse| refuse(&hand.context))
                .is_none()
            {
                return Err("refused, but the rule set gives no reason".to_string());
            }
        }
        Outcome::FalseWin(_) if best.is_some_and(|(total, _)| total >= rules.minimum) => {
            return Err(format!("a false win although a reading is worth {best:?}"));
        }
        Outcome::FalseWin(_) => {}
    }
    Ok(outcome)
}

/// The `--all` path agrees with [`check`]'s: [`score::readings`] lists the readings best
/// first (highest total, then highest sum), and the outcome decided from that list is the
/// one [`score::score`] gives.
pub fn check_readings_list(hand: &Hand, rules: &RuleSet) -> Result<(), String> {
    let all = score::readings(hand, rules);
    if all
        .windows(2)
        .any(|pair| (pair[0].total, pair[0].sum) < (pair[1].total, pair[1].sum))
    {
        return Err("the readings are not listed best first".to_string());
    }
    let listed = format!("{:?}", score::decide(hand, rules, all));
    let scored = format!("{:?}", score::score(hand, rules));
    if listed != scored {
        return Err(format!(
            "the list of readings decides {listed}, scoring alone {scored}"
        ));
    }
    Ok(())
}

/// The highest fixed value of the table: what a pattern scoring alone is worth at most.
fn highest_value(rules: &RuleSet) -> u32 {
    rules
        .patterns
        .iter()
        .filter_map(|p| p.value.nominal(rules.limit.maximum))
        .max()
        .unwrap_or(0)
}

/// No pattern of `rules` holds on `reading` (of `hand`) if its shapes leave out the
/// reading's number of sequences: a pattern that declares it needs sequences or triplets is
/// not tested on readings without them, and this asks it anyway.
pub(crate) fn check_sequence_counts(
    hand: &Hand,
    reading: &Reading,
    rules: &RuleSet,
) -> Result<(), String> {
    if !matches!(reading.arrangement.shape, Shape::Regular { .. }) {
        return Ok(());
    }
    let facts = Facts::new(hand, &reading.arrangement);
    let count = facts.sequence_count();
    let left_out = rules
        .patterns
        .iter()
        .filter(|p| p.shapes.regular && !p.shapes.allow_sequences(count));
    for pattern in left_out {
        let holds = match pattern.condition {
            Condition::Hand(holds) => holds(&facts),
            Condition::EachSet(holds) => facts.sets().iter().any(|set| holds(set, &facts)),
            Condition::Computed(points) => points(&facts) > 0,
            Condition::Instances(instances) => !instances(&facts).points().is_empty(),
            Condition::Fallback => false,
            Condition::Requires(requirements) => requirements.holds(&facts),
            Condition::Closure(ref holds) => holds(&facts),
        };
        if holds {
            return Err(format!(
                "{} holds on {} with {count} sequences, a number its shapes leave out",
                pattern.id, reading.arrangement
            ));
        }
    }
    Ok(())
}

fn check_reading(reading: &Reading, rules: &RuleSet) -> Result<(), String> {
    if reading.total < reading.base {
        return Err(format!(
            "total {} under its base {}: percentages only add",
            reading.total, reading.base
        ));
    }
    let counted = &reading.counted;
    let percent: u32 = counted.iter().map(|c| c.percent()).sum();
    let base = if percent == 0 {
        reading.total
    } else {
        // Undo the percentage, rounded half up: the base is the one that gives the total.
        (0..=reading.total)
            .find(|&b| {
                (u64::from(b) * (100 + u64::from(percent)) + 50) / 100 == u64::from(reading.total)
            })
            .ok_or_else(|| format!("total {} is no base plus {percent}%", reading.total))?
    };
    if let (Some(maximum), true) = (rules.limit.maximum, reading.limit != Some(Limit::Listed)) {
        if base > maximum {
            return Err(format!(
                "total {base} over {maximum} without a listed limit"
            ));
        }
    }
    // Looked up only for a listed limit: scanning the table for every reading was about 5 %
    // of the exhaustive proof's instructions.
    if reading.limit == Some(Limit::Listed) {
        let highest = highest_value(rules);
        if base > highest {
            return Err(format!(
                "a pattern alone scores {base}, over the table's {highest}"
            ));
        }
    }
    for (i, a) in counted.iter().enumerate() {
        for b in &counted[i + 1..] {
            if a.pattern.series == b.pattern.series && !a.pattern.counts_per_instance() {
                return Err(format!(
                    "{} and {} are both counted in series {}",
                    a.pattern.id, b.pattern.id, a.pattern.series
                ));
            }
        }
    }
    let adding = counted
        .iter()
        .filter(|c| !matches!(c.pattern.value, Value::Percent(_)));
    let sum: u32 = adding.clone().map(|c| c.points()).sum();
    let expected = match reading.limit {
        Some(Limit::Listed) => {
            let alone: Vec<_> = adding.collect();
            if alone.len() != 1 {
                return Err(format!("{} patterns scoring alone", alone.len()));
            }
            alone[0].points()
        }
        Some(Limit::Compound) => rules.limit.maximum.unwrap_or(sum),
        None => sum,
    };
    if base != expected {
        return Err(format!(
            "total {} but the counted patterns make {expected}",
            reading.total
        ));
    }
    Ok(())
}

/// Whether the notation's quick reading of a plainly written line, when it takes `line`,
/// reads it exactly as the parser that handles every case does: the first difference if
/// not. (The fuzz target `line` checks this for every input.)
pub fn check_plain_reading(line: &str) -> Result<(), String> {
    crate::notation::plain_reading_agrees(line)
}

/// Whether `pattern` applies to the reading `facts` is of, before series, implications and
/// limits: its shapes allow the reading and its condition holds.
pub fn applies(pattern: &Pattern, facts: &Facts) -> bool {
    pattern.allows(&facts.arrangement.shape)
        && match pattern.condition {
            Condition::Hand(holds) => holds(facts),
            Condition::EachSet(holds) => facts.sets().iter().any(|set| holds(set, facts)),
            Condition::Computed(points) => points(facts) > 0,
            Condition::Instances(instances) => !instances(facts).points().is_empty(),
            Condition::Fallback => false,
            Condition::Requires(requirements) => requirements.holds(facts),
            Condition::Closure(ref holds) => holds(facts),
        }
}

/// A reading as two rule sets whose patterns share their ids compare it, folded into one
/// number (FNV-1a): its total, sum and limit, and each pattern counted and set aside with
/// its id, points and set. A hand's readings under one rule set are kept so, without
/// allocating, to be compared with the other's in turn.
fn reading_print(reading: &Reading) -> u64 {
    use std::hash::{Hash, Hasher};
    struct Fnv(u64);
    impl Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &byte in bytes {
                self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
    }
    let mut print = Fnv(0xcbf2_9ce4_8422_2325);
    (reading.total, reading.sum, reading.limit.map(Limit::name)).hash(&mut print);
    for (list, patterns) in [reading.counted(), reading.set_aside()]
        .into_iter()
        .enumerate()
    {
        (list, patterns.len()).hash(&mut print);
        for counted in patterns {
            (counted.pattern.id.as_ref(), counted.points(), counted.set).hash(&mut print);
        }
    }
    print.finish()
}

/// Whether `hand` scores under `b` exactly as under `a`, for rule sets whose patterns share
/// their ids (a built-in rule set and the same written as data): every reading alike (the
/// patterns counted and set aside, with their points and sets, the sum, the total and the
/// limit: [`reading_print`]), then the same outcome (the reading chosen and its payments, or
/// the same kind of false win). Each property of [`check`] is checked under `a` too.
pub fn check_scores_alike<'r>(hand: &Hand, a: &'r RuleSet, b: &'r RuleSet) -> Result<(), String> {
    let arranged = arrangements(hand);
    let mut prints = Vec::new();
    let outcome = check_arranged_printing(hand, a, Some(&arranged), Some(&mut prints))?;
    check_same_scoring(hand, &arranged, (a, &outcome, &prints), b)
}

/// [`check_scores_alike`], given the hand's outcome under `a` and its readings there as
/// [`check_arranged_printing`] keeps them.
pub fn check_same_scoring<'r>(
    hand: &Hand,
    arranged: &Arrangements,
    (a, outcome_a, prints): (&RuleSet, &Outcome<'r>, &[u64]),
    b: &'r RuleSet,
) -> Result<(), String> {
    let mut at = 0;
    let mut differs = None;
    let (chosen_b, compared_b) =
        score::best_reading_inspected(hand, b, Some(arranged), |reading| {
            if differs.is_none() && prints.get(at) != Some(&reading_print(reading)) {
                differs = Some(format!(
                    "reading {} ({}) counts {} under {} (total {})",
                    at + 1,
                    reading.arrangement,
                    ids_of(reading),
                    b.id,
                    reading.total,
                ));
            }
            at += 1;
        });
    if let Some(differs) = differs {
        let mut under_a = Vec::new();
        score::best_reading_inspected(hand, a, Some(arranged), |reading| {
            under_a.push(format!("{} (total {})", ids_of(reading), reading.total));
        });
        return Err(format!(
            "{differs}; under {} its readings count {}",
            a.id,
            under_a.join("; ")
        ));
    }
    if at != prints.len() {
        return Err(format!(
            "{} readings under {}, {at} under {}",
            prints.len(),
            a.id,
            b.id
        ));
    }
    let outcome_b = score::decide_best(hand, b, chosen_b, compared_b);
    match (outcome_a, &outcome_b) {
        (
            Outcome::Win {
                reading: ra,
                payments: pa,
                ..
            },
            Outcome::Win {
                reading: rb,
                payments: pb,
                ..
            },
        ) => {
            if reading_print(ra) != reading_print(rb) || ra.arrangement != rb.arrangement {
                return Err(format!(
                    "chooses {} ({}) under {}, {} ({}) under {}",
                    ra.arrangement,
                    ids_of(ra),
                    a.id,
                    rb.arrangement,
                    ids_of(rb),
                    b.id
                ));
            }
            if Seat::ALL.iter().any(|&s| pa.of(s) != pb.of(s)) {
                return Err(format!("pays {pa:?} under {}, {pb:?} under {}", a.id, b.id));
            }
            Ok(())
        }
        (Outcome::FalseWin(fa), Outcome::FalseWin(fb))
            if std::mem::discriminant(fa) == std::mem::discriminant(fb) =>
        {
            Ok(())
        }
        _ => Err(format!(
            "{outcome_a:?} under {}, {outcome_b:?} under {}",
            a.id, b.id
        )),
    }
}

/// A reading's patterns as a message names them: `1.2 5, 4.2.1 5 (set aside: ...)`.
fn ids_of(reading: &Reading) -> String {
    let each = |patterns: &[score::CountedPattern]| {
        let named: Vec<String> = patterns
            .iter()
            .map(|c| format!("{} {}", c.pattern.id, c.points()))
            .collect();
        named.join(", ")
    };
    if reading.set_aside().is_empty() {
        each(reading.counted())
    } else {
        format!(
            "{} (set aside: {})",
            each(reading.counted()),
            each(reading.set_aside())
        )
    }
}

/// Each pair `(a, b)` of patterns applies to the same readings of `hand`: the proof that a
/// pattern written again in a rules file's vocabulary is the pattern it copies. Each reading
/// is looked at both ways the winning tile may come only when the hand says so (the words of
/// the line); the error names the hand's reading and the two patterns.
pub fn check_same_readings(hand: &Hand, pairs: &[(&Pattern, &Pattern)]) -> Result<(), String> {
    check_same_readings_arranged(hand, &arrangements(hand), pairs)
}

/// [`check_same_readings`], given the hand's arrangements when the caller has them (the
/// exhaustive proof arranges the same tiles once for both ways they may be won).
pub fn check_same_readings_arranged(
    hand: &Hand,
    arranged: &Arrangements,
    pairs: &[(&Pattern, &Pattern)],
) -> Result<(), String> {
    for arrangement in arranged {
        let facts = Facts::new(hand, arrangement);
        for &(a, b) in pairs {
            let (by_a, by_b) = (applies(a, &facts), applies(b, &facts));
            if by_a != by_b {
                return Err(format!(
                    "{} {} {} and {} {} {} on the reading {arrangement}",
                    a.id,
                    a.name,
                    if by_a { "applies" } else { "does not apply" },
                    b.id,
                    b.name,
                    if by_b { "applies" } else { "does not" },
                ));
            }
        }
    }
    Ok(())
}

/// Hands scored under a rules file by [`check_rules_file`]: one of each kind (a plain win, a
/// limit, Seven Pairs, a robbed kong, a claim, a false win on a discard) under any base.
const RULES_FILE_LINES: [&str; 7] = [
    "b66 c12345678 d111 +c9 self seat=s",
    "b11 b33 b55 b77 c22 c44 c6 +c6 self",
    "[k b1111] [k c2222] [k d3333] [k w4444] e1 +e1 from=e seat=s",
    "b234 b234 b666 e222 b8 +b8 from=n claim=c.1+1.2",
    "b123 c456 d78 b555 w22 +d9 seat=s from=e rob",
    "[c b123] [p d555] c456 d789 w1 +w1 from=e seat=s",
    "b123 c456 d789 b555 w2 +w2 seat=s self claim=40",
];

/// Reads `text` as a rules file: an error must be at a line and column of the text, its
/// message printable; a rule set must have every text printable (no control character,
/// line break or bidirectional control) and within the file's limits, and its card, its
/// changes, each of its patterns explained and a few hands scored under it (every
/// property of [`check`] kept) must be printable in every format. For the fuzz target
/// `rules` and the tests.
pub fn check_rules_file(text: &str) -> Result<(), String> {
    use crate::render::{Format, Plain, Text};
    let (rules, base) = match crate::rules_file::parse_with_base(text) {
        Err(e) => {
            let lines = text.split('\n').count();
            if e.line == 0 || e.line > lines.max(1) || e.column == 0 {
                return Err(format!(
                    "an error at line {} column {}: {e}",
                    e.line, e.column
                ));
            }
            return printable(&e.message, "an error's message");
        }
        Ok(parsed) => parsed,
    };
    printable(rules.id(), "the id")?;
    printable(rules.name(), "the name")?;
    printable(rules.description(), "the description")?;
    for p in rules.patterns().iter() {
        for text in [&p.id, &p.name, &p.chinese, &p.summary, &p.example] {
            printable(text, "a pattern's text")?;
        }
        // A built-in pattern's details may be a table of several lines.
        printable_lines(&p.details, "a pattern's details")?;
    }
    let formats = [Format::Text, Format::Json, Format::Tsv];
    printable_lines(&Text::changes(&rules, base), "rules show")?;
    for format in formats {
        printable_lines(&format.card(&rules, None), "the card")?;
        for p in rules
            .patterns()
            .iter()
            .filter(|p| base.pattern(&p.id).is_none())
        {
            let example = (!p.example.is_empty())
                .then(|| crate::score_line(&p.example, &rules))
                .transpose()
                .map_err(|e| format!("{}'s example, checked when read: {e}", p.id))?;
            let explained = format.explain(p, &rules, example.as_ref(), None);
            printable_lines(explained.as_deref().unwrap_or(""), "explain")?;
        }
    }
    for line in RULES_FILE_LINES {
        let scored = crate::score_line(line, &rules);
        if let Ok(hand) = crate::line::parse_for(line, &rules) {
            check(&hand, &rules).map_err(|broken| format!("{line}: {broken}"))?;
        }
        for format in formats {
            let output = format.renderer(&rules, &Plain, None);
            let mut out = String::new();
            match &scored {
                Ok(scored) => output.scored(&mut out, scored, None),
                Err(error) => output.error(&mut out, line, error, None),
            }
            printable_lines(&out, line)?;
        }
    }
    Ok(())
}

/// `text` holds nothing a terminal would act on ([`crate::output::is_unsafe`]).
fn printable(text: &str, what: &str) -> Result<(), String> {
    match text.chars().find(|&c| crate::output::is_unsafe(c)) {
        Some(c) => Err(format!("{what} holds U+{:04X}: {text:?}", c as u32)),
        None => Ok(()),
    }
}

/// [`printable`], for output of several lines (and TSV's tabs).
fn printable_lines(out: &str, what: &str) -> Result<(), String> {
    out.split(['\n', '\t'])
        .try_for_each(|line| printable(line, what))
}
