//! The `mjscore` command. All the work is in the library; this file owns only arguments,
//! opening inputs, output streams, signals and the exit status (0 scored and confirmed, 1 a
//! false win or a claim that does not match, 2 input that is not a hand or a usage error,
//! 130 or 143 a list of hands stopped by SIGINT or SIGTERM: see [`Interrupt`]).
//!
//! Nothing written may panic: a stream that cannot be written (a full disk, `2>/dev/full`)
//! is reported where it still can be, and the run exits 2. A reader that stops reading
//! (`mjscore -f hands.txt | head -1`) is no failure: the exit status is the worst of the
//! lines scored until then.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

#[path = "main/event.rs"]
mod event;

use anyhow::{bail, Context, Result};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use mjscore::batch::{self, Control, FewerThreads, Input, Settings, StatedRules};
use mjscore::render::{self, Ansi, Columns, Format, Paint, Plain, Text};
use mjscore::rules;
use mjscore::{
    analyse_line, score_line_with, ClaimSpec, Error, Options, PatternNotFound, RuleSet, Summary,
};
use owo_colors::{OwoColorize, Stream};

/// Scores a mahjong hand (Zung Jung / World Series of Mahjong, the doubling table, Huang's
/// table), itemised, with what every seat pays.
///
/// Give one hand as arguments, or none (or -f FILE) to score a list of hands, one per line.
#[derive(Parser, Debug, Clone)]
#[command(
    name = "mjscore",
    version,
    about,
    after_help = EXAMPLES,
    subcommand_precedence_over_arg = true
)]
struct Cli {
    /// The hand in compact notation (`mjscore notation` shows it). Quote it, or give its
    /// tokens as separate arguments. Without it, hands are read one per line from -f files or
    /// stdin.
    #[arg(value_name = "HAND")]
    hand: Vec<String>,

    /// Read hands from FILE, one per line (blank lines and # comments skipped). Repeatable;
    /// `-` is standard input.
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Rule set: wsom (5-point minimum), zj (standard Zung Jung, 1-point chicken hand),
    /// doubling (Kevin & Connie Lacobie's doubling table: payout 2^points) or huang (Rui Xin
    /// Huang's table: Tin declarations, percentages, the dealer double).
    /// A rules file (a path ending .toml, docs/rules-files.md) gives a club's variant of one.
    #[arg(long, default_value = "wsom", value_parser = rules_parser(), value_name = "RULES")]
    rules: String,

    /// Output format: text for people; json (one object per line) or tsv for scripts.
    #[arg(long, value_enum, default_value_t = FormatArg::Text, ignore_case = true)]
    format: FormatArg,

    /// When to colour the text output; a non-empty NO_COLOR in the environment also turns it
    /// off.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    /// The doubling table's maximum (default 13): special hands score it (the small ones
    /// one less) and an ordinary sum is capped at it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=30))]
    max: Option<u32>,

    /// Check a claim for the single hand: points (45), or patterns by id or name joined by +
    /// (1.2+7.1, concealed-hand+一氣通貫). In a list of hands, write claim=... on the line
    /// instead.
    #[arg(long, value_name = "CLAIM", value_parser = claim_arg)]
    claim: Option<ClaimSpec>,

    /// Also list every reading (arrangement and winning-tile placement) with its score, best
    /// first.
    #[arg(long)]
    all: bool,

    /// End with counts: hands scored, false wins, errors, claim verdicts, patterns.
    /// With --format tsv the summary goes to stderr, to keep the table clean.
    #[arg(long)]
    summary: bool,

    /// Threads that score a list of hands read from a regular file (default: one per
    /// core); the output is the same whatever N. A pipe or a terminal is always scored
    /// line by line, each result written as soon as its line is complete.
    #[arg(short = 'j', long, value_name = "N", value_parser = jobs_arg())]
    jobs: Option<usize>,

    #[command(subcommand)]
    command: Option<Command>,

    /// Whether `--rules` was given (rather than left to its default): a list that states
    /// its rules is checked against it.
    #[arg(skip)]
    rules_given: bool,
}

/// The options of a subcommand that reads a rule set: given after the subcommand, or before
/// it (`mjscore --rules zj patterns`); after it wins.
#[derive(Args, Debug, Clone, Default)]
struct SystemOptions {
    /// Rule set: wsom (default), zj, doubling or huang (see `mjscore --help`), or a rules
    /// file (a path ending .toml).
    #[arg(long, value_parser = rules_parser(), value_name = "RULES")]
    rules: Option<String>,

    /// Output format: text (default), json or tsv.
    #[arg(long, value_enum, ignore_case = true)]
    format: Option<FormatArg>,

    /// The doubling table's maximum (default 13).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=30))]
    max: Option<u32>,
}

fn jobs_arg() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::new().range(1..=4096)
}

/// A built-in rule set's id (any case), or a rules file: a path ending `.toml` or holding
/// a `/` (docs/rules-files.md), read when the rule set is needed. The ids are its possible
/// values, for the help and the shell completions.
fn rules_parser() -> RulesArg {
    RulesArg
}

#[derive(Clone)]
struct RulesArg;

impl clap::builder::TypedValueParser for RulesArg {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> std::result::Result<String, clap::Error> {
        let text = value.to_string_lossy();
        if mjscore::RuleSet::is_rules_file_path(&text) {
            return Ok(text.into_owned());
        }
        if let Some(rules) = RuleSet::by_id(&text) {
            return Ok(rules.id().to_string());
        }
        let ids: Vec<&str> = rules::ALL.iter().map(|r| r.id()).collect();
        let mut error = clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(cmd);
        use clap::error::{ContextKind, ContextValue};
        if let Some(arg) = arg {
            error.insert(
                ContextKind::InvalidArg,
                ContextValue::String(arg.to_string()),
            );
        }
        error.insert(
            ContextKind::InvalidValue,
            ContextValue::String(text.into_owned()),
        );
        error.insert(
            ContextKind::ValidValue,
            ContextValue::Strings(ids.iter().map(|id| id.to_string()).collect()),
        );
        error.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![
                "or a rules file: a path ending .toml (docs/rules-files.md)".into(),
            ]),
        );
        Err(error)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(rules::ALL.iter().map(|&r| {
            let id: &'static str = r.id();
            clap::builder::PossibleValue::new(id)
        })))
    }
}

#[derive(Subcommand, Debug, Clone)]
enum Command {
    /// Print the reference card: every pattern of the rule set with its points and condition.
    Patterns {
        #[command(flatten)]
        options: SystemOptions,
    },
    /// Explain one pattern in full, with an example hand that scores it.
    Explain {
        /// A pattern id (7.1), its name ("Nine-Tile Straight") or the start of its name
        /// (nine-tile); without one, the rule set's patterns are listed.
        pattern: Option<String>,
        #[command(flatten)]
        options: SystemOptions,
    },
    /// Print the notation card: tiles, melds, the winning tile and every context word.
    Notation,
    /// Check a rules file (`rules check FILE`), or show the table it makes, marking what it
    /// changes from its base (`rules show FILE`). See docs/rules-files.md.
    Rules {
        #[command(subcommand)]
        action: RulesAction,
    },
    /// An event of many tables: the seat draw of its rounds (`event draw EVENT.toml`, or
    /// `event draw --players N --rounds R`). See docs/events.md.
    Event {
        #[command(subcommand)]
        action: EventAction,
    },
    /// Print a shell completion script (e.g. `mjscore completions bash > ~/.local/share/bash-completion/completions/mjscore`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page in roff (e.g. `mjscore man | man -l -`).
    Man,
    /// What a hand before its win waits for: each tile that completes it, with its unseen
    /// copies and its value won on a discard and self-drawn; or how far it is from calling.
    ///
    /// Give the 13 tiles (kongs count 3) without a winning tile. A 14-tile hand (one that has
    /// just drawn; a +TILE counts as one of its tiles) gets the discard analysis: every
    /// discard that leaves it calling, with the waits after it, best first. Context words
    /// apply (seat=, from=, resp=, last, round=); self, kong, rob, heaven and earth do not,
    /// as each wait is valued both ways. See docs/waits.md.
    #[command(after_help = WAITS_EXAMPLES)]
    Waits {
        #[command(flatten)]
        options: SystemOptions,
        /// When to colour the text output (auto, always, never).
        #[arg(long, value_enum)]
        color: Option<ColorChoice>,
        /// The hand in compact notation, without +TILE (13 tiles) or with the tile just
        /// drawn (14). Without it, hands are read one per line from -f files or stdin.
        #[arg(value_name = "HAND")]
        hand: Vec<String>,
        /// Read hands from FILE, one per line (blank lines and # comments skipped).
        /// Repeatable; `-` is standard input.
        #[arg(short = 'f', long = "file", value_name = "FILE")]
        files: Vec<PathBuf>,
        /// Threads that analyse a list read from a regular file (default: one per core).
        #[arg(short = 'j', long, value_name = "N", value_parser = jobs_arg())]
        jobs: Option<usize>,
        /// Read, to say what waits has instead of a summary (clap's own message sent
        /// people to `-- --summary`).
        #[arg(long, hide = true)]
        summary: bool,
    },
}

#[derive(Subcommand, Debug, Clone)]
enum EventAction {
    /// The seats of every round: tables of four, East South West North for the round's
    /// first hand, so that no two players meet twice where that can be done, no two of a
    /// team sit at one table, and each player starts at each wind about as often as every
    /// other. The same seed gives the same draw.
    Draw {
        /// The event file (docs/events.md); or give --players and --rounds instead.
        file: Option<PathBuf>,
        /// Without a file: this many players, named 1 to N (a multiple of four).
        #[arg(long, value_name = "N", requires = "rounds", conflicts_with = "file")]
        players: Option<usize>,
        /// Without a file: this many rounds.
        #[arg(long, value_name = "R", requires = "players", conflicts_with = "file")]
        rounds: Option<usize>,
        /// The draw's seed (the event file's seed, else 1): the same seed, the same draw.
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Draw only the round after round K from the standings after it (an event file
        /// with swiss_after), given the tables' sheets of rounds 1 to K.
        #[arg(long, value_name = "K", requires = "file")]
        after_round: Option<usize>,
        /// With --after-round: the tables' sheets of the rounds played.
        #[arg(requires = "after_round")]
        sheets: Vec<PathBuf>,
        /// Output format: text (default), json (one object a table) or tsv.
        #[arg(long, value_enum, ignore_case = true)]
        format: Option<FormatArg>,
    },
    /// The standings of an event from its tables' sheets: each sheet (a session file with
    /// a `table: R.T` line) checked against the event and its draw, then merged and ranked.
    Standings {
        /// The event file.
        event: PathBuf,
        /// The tables' sheets.
        #[arg(required = true)]
        sheets: Vec<PathBuf>,
        /// Rank what there is when tables or hands are missing, and list what is missing.
        #[arg(long)]
        allow_incomplete: bool,
        /// Write the standings as the CSV of an EMA results upload instead (Place, Name,
        /// ID, Table points, Score, Country).
        #[arg(long, conflicts_with = "format")]
        ema: bool,
        /// Also write one self-contained HTML page for a projector to FILE: the standings
        /// and each player's running score by round as a chart.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Output format: text (default), json (one object a player) or tsv.
        #[arg(long, value_enum, ignore_case = true)]
        format: Option<FormatArg>,
    },
}

#[derive(Subcommand, Debug, Clone)]
enum RulesAction {
    /// Read the file and say whether it makes a rule set: nothing, or the error with its
    /// line and column (exit 2).
    Check {
        /// The rules file.
        file: PathBuf,
    },
    /// Print the table the file makes, as `mjscore patterns` does, each change from the
    /// base marked: ~ a value changed, + a new hand, - a pattern switched off.
    Show {
        /// The rules file.
        file: PathBuf,
    },
}

/// The rule set of the rules file at `path`, and its base; an error names the file, the
/// line and the column. The file is read within the library's limit and one byte more
/// (`/dev/zero` costs a megabyte), so that a longer one is refused in its words.
fn read_rules_file(path: &Path) -> Result<(RuleSet, &'static RuleSet)> {
    let limit = mjscore::RuleSet::MAX_RULES_FILE_BYTES;
    let bytes = read_within_limit(path)
        .with_context(|| format!("cannot read the rules file {}", path.display()))?;
    let at = |line: usize, column: usize, message: &str| {
        anyhow::anyhow!("{}:{line}:{column}: {message}", path.display())
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        // Too long: cut anywhere, and refused for its length.
        Err(e) if e.as_bytes().len() > limit => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let good = std::str::from_utf8(good).unwrap_or_default();
            let line = good.matches('\n').count() + 1;
            let column = good.rsplit('\n').next().unwrap_or_default().chars().count() + 1;
            return Err(at(line, column, "the file is not UTF-8: save it as UTF-8"));
        }
    };
    let (mut rules, base) = mjscore::RuleSet::from_rules_file_with_base(&text)
        .map_err(|e| at(e.line, e.column, &e.message))?;
    rules.read_from(path.to_string_lossy().into_owned());
    Ok((rules, base))
}

/// The bytes of the file at `path`, read up to one byte past the library's limit on a file
/// (rules, event, players, a table's sheet: [`mjscore::RuleSet::MAX_RULES_FILE_BYTES`]), so that a
/// longer file is told by its length and `/dev/zero` costs no more.
fn read_within_limit(path: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    File::open(path)?
        .take(mjscore::RuleSet::MAX_RULES_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

const WAITS_EXAMPLES: &str = "Examples:
  mjscore waits \"b123 c456 d789 w11 b5 b6\"
  mjscore waits --rules zj \"[c b123] [p w333] c456 d789 d2\"
  mjscore waits \"b123 c456 d789 w1 b3456\"      # 14 tiles: which discard?
  mjscore waits -f hands.txt --format tsv

Exit status: 0 calling (or a discard leaves the hand calling) on a tile still unseen,
1 not calling, or calling only on dead waits, 2 a line that is not a hand, or a usage error;
a list of hands exits with the worst.";

const EXAMPLES: &str = "Examples:
  mjscore \"b66 c12345678 d111 +c9 self seat=s\"
  mjscore \"[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e\" --format json
  mjscore --rules zj \"[c b123] [p w333] c456 d789 d2 +d2 from=s\"
  mjscore --claim 1.2+7.1 \"b66 c12345678 d111 +c9 self seat=s\"
  mjscore -f hands.txt --format tsv --summary
  mjscore -f evening.txt --summary
    (a list that starts with the line \"players: Ann Bob Cho Dee\" keeps each player's
    running total and standing; a line \"draw\" is a drawn hand: docs/sessions.md)
  mjscore explain 7.1

Exit status: 0 every hand scored (and every claim confirmed), 1 a false win or a claim
that does not match, 2 a line that is not a hand, or a usage error; 130 or 143 a list
stopped by SIGINT or SIGTERM (after whole lines).";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    Text,
    Json,
    Tsv,
}

impl From<FormatArg> for Format {
    fn from(format: FormatArg) -> Format {
        match format {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Tsv => Format::Tsv,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl Cli {
    /// The options given after a subcommand, in place of those given before it.
    /// `mjscore -` reads hands from standard input, as `mjscore -f -` does (a lone `-` is
    /// no hand, and `-` means standard input wherever a file is asked for).
    fn with_dash_as_stdin(mut self) -> Cli {
        if self.hand.len() == 1 && self.hand[0] == "-" && self.command.is_none() {
            self.hand.clear();
            self.files.push(PathBuf::from("-"));
        }
        self
    }

    fn with_subcommand_options(mut self) -> Cli {
        let (options, color, jobs) = match &self.command {
            Some(Command::Patterns { options } | Command::Explain { options, .. }) => {
                (options.clone(), None, None)
            }
            Some(Command::Waits {
                options,
                color,
                jobs,
                ..
            }) => (options.clone(), *color, *jobs),
            _ => return self,
        };
        self.jobs = jobs.or(self.jobs);
        if let Some(rules) = options.rules {
            self.rules = rules;
        }
        if let Some(format) = options.format {
            self.format = format;
        }
        self.max = options.max.or(self.max);
        self.color = color.unwrap_or(self.color);
        self
    }
}

fn claim_arg(value: &str) -> Result<ClaimSpec, String> {
    value.parse().map_err(|e: Error| e.message())
}

/// Address space a run on one thread may take as it works (its buffers, a chunk of
/// results, the rule tables), beside the program itself.
const MEMORY_TO_RUN: usize = 1024 * 1024;

fn main() -> ExitCode {
    // no-color.org: only a non-empty NO_COLOR turns colour off. The colour probe (and
    // clap's) would take an empty one as set: it is removed before anything reads it.
    if std::env::var_os("NO_COLOR").is_some_and(|value| value.is_empty()) {
        std::env::remove_var("NO_COLOR");
    }
    // Under a limit too tight to work in (`ulimit -v`), an allocation would fail halfway
    // through the run, which aborts it: the room a run on one thread takes is asked for
    // first, and a run without it stops at once, saying why.
    if Vec::<u8>::new().try_reserve_exact(MEMORY_TO_RUN).is_err() {
        report("not enough memory to run: a run needs about a megabyte more than the limit on this process leaves (ulimit -v)");
        return ExitCode::from(2);
    }
    if stdout_was_closed() {
        report("standard output is closed, so the results would be lost: send them to a file, or to /dev/null to discard them");
        return ExitCode::from(2);
    }
    let args = help_as_people_ask_it(std::env::args_os());
    let parsed = Cli::command()
        .try_get_matches_from(&args)
        .and_then(|matches| {
            let given =
                matches.value_source("rules") == Some(clap::parser::ValueSource::CommandLine);
            Cli::from_arg_matches(&matches).map(|cli| (cli, given))
        });
    let cli = match parsed {
        Ok((cli, given)) => Cli {
            rules_given: given,
            ..cli
        }
        .with_subcommand_options()
        .with_dash_as_stdin(),
        Err(e) => return ExitCode::from(clap_exit(&e, &args)),
    };
    // Raised as soon as a hand is scored, so that an output error after it keeps the status.
    let mut status = 0;
    match run(&cli, &mut status) {
        Ok(()) => ExitCode::from(status),
        // A closed pipe (`mjscore ... | head`) is not a failure worth a message.
        Err(e) if is_broken_pipe(&e) => ExitCode::from(status),
        Err(e) => {
            report(&format!("{e:#}"));
            ExitCode::from(2)
        }
    }
}

/// The arguments, with `help --help` (or `-h`) read as `--help`: clap's `help` subcommand
/// takes the name of a subcommand, and turned the flag people try first into an error.
fn help_as_people_ask_it(
    args: impl Iterator<Item = std::ffi::OsString>,
) -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = args.collect();
    let asks_help = |a: &std::ffi::OsString| a == "--help" || a == "-h";
    if args.len() == 3 && args[1] == "help" && asks_help(&args[2]) {
        args.remove(1);
    }
    args
}

/// Prints clap's help, version or usage error; its exit status. clap's own `exit` ignores a
/// failed write and exits 0 after `--help >/dev/full`: the help that was not written is an
/// error here.
fn clap_exit(e: &clap::Error, args: &[OsString]) -> u8 {
    if e.use_stderr() {
        // A usage error, shown without clap's colours, line by line printable as any input
        // is. If even stderr fails, the status still says so.
        let message = usage_error(e, args);
        let mut shown = String::with_capacity(message.len());
        for line in message.lines() {
            shown.push_str(&render::printable(line));
            shown.push('\n');
        }
        let _ = io::stderr().write_all(shown.as_bytes());
        return 2;
    }
    match e.print().and_then(|()| io::stdout().flush()) {
        Ok(()) => 0,
        Err(write) if write.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(write) => {
            let what = match e.kind() {
                clap::error::ErrorKind::DisplayVersion => "version",
                _ => "help",
            };
            report(&format!("cannot write the {what}: {write}"));
            2
        }
    }
}

/// The text of a usage error, with every argument it quotes shown as written. clap's text
/// drops the escape sequences and control bytes of a value it quotes (so that
/// `--format $'js\e[31mon'` would read "invalid value 'json'"), and a line feed in a value
/// splits its message: the arguments are parsed again with each control character written
/// as its code point (`U+001B`), and that error is the one shown when it is the same kind.
/// Otherwise (the value written so is no longer refused) each argument is made printable
/// where clap's text quotes it whole.
fn usage_error(e: &clap::Error, args: &[OsString]) -> String {
    let shown = args.iter().map(|arg| match arg.to_str() {
        Some(text) => OsString::from(render::printable(text).as_ref()),
        None => arg.clone(),
    });
    match Cli::try_parse_from(shown) {
        Err(again) if again.kind() == e.kind() => again.render().to_string(),
        _ => {
            let mut message = e.render().to_string();
            for arg in args.iter().filter_map(|arg| arg.to_str()) {
                if let Cow::Owned(printable) = render::printable(arg) {
                    message = message.replace(arg, &printable);
                }
            }
            message
        }
    }
}

/// `mjscore: MESSAGE` on stderr, control characters shown as code points. A stderr that cannot be written loses the message, not the
/// exit status, so the error is ignored (`eprintln!` would panic).
fn report(message: &str) {
    let _ = writeln!(io::stderr(), "mjscore: {}", render::printable(message));
}

/// Whether standard output was closed when the program started (`mjscore … >&-`). The
/// Rust runtime then opens /dev/null in its place, for reading and writing, so every
/// result would be lost and the run end well: that is told apart from a `> /dev/null` of
/// the user's, which is opened for writing only. Read from /proc; elsewhere, never.
fn stdout_was_closed() -> bool {
    if !cfg!(target_os = "linux") {
        return false;
    }
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|t| t == Path::new("/dev/null"));
    is_null
        && std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("flags:"))
                .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
                // O_ACCMODE is 3, O_RDWR 2.
                .is_some_and(|flags| flags & 0o3 == 0o2)
        })
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Does what the arguments ask, setting `status` to the exit status of the hands scored.
fn run(cli: &Cli, status: &mut u8) -> Result<()> {
    if let Some(Command::Rules { action }) = &cli.command {
        return rules_command(action);
    }
    if let Some(Command::Event { action }) = &cli.command {
        *status = event_command(cli, action)?;
        return Ok(());
    }
    match &cli.command {
        Some(command) => {
            let rules = chosen_rules(cli)?;
            if !(cli.hand.is_empty() && cli.files.is_empty()) {
                bail!("a command (patterns, explain, notation, completions, man) takes no hand and no -f");
            }
            run_command(cli, command, &rules, status)
        }
        None if cli.hand.is_empty() => {
            // `--max` alone may refine the doubling table a list states: judged after it.
            let chosen = match (cli.rules_given, cli.max) {
                (false, Some(_)) => None,
                _ => Some(chosen_rules(cli)?),
            };
            let mut inputs = open_inputs(&cli.files);
            match (stated_rules(cli, &mut inputs)?, chosen) {
                (Some(stated), _) => score_hands(cli, stated.rules(), inputs, status),
                (None, Some(rules)) => score_hands(cli, &rules, inputs, status),
                (None, None) => score_hands(cli, &*chosen_rules(cli)?, inputs, status),
            }
        }
        None => score_hands(cli, &*chosen_rules(cli)?, Vec::new(), status),
    }
}

/// The rule set the inputs state at their top (`rules: huang`, docs/sessions.md), read
/// before the run: the same in every input that states one, and the same as `--rules` and
/// `--max` when they are given; said on stderr when the command line left it to the list.
/// An input that cannot be read ahead is passed over: the run reports it in its turn.
fn stated_rules(cli: &Cli, inputs: &mut [Input]) -> Result<Option<StatedRules>> {
    let mut found: Option<(String, StatedRules)> = None;
    for (i, input) in inputs.iter_mut().enumerate() {
        let read = match cli.files.get(i) {
            // A regular file is opened a second time.
            Some(path) if input.read_ahead && path.as_os_str() != "-" => File::open(path)
                .ok()
                .and_then(|file| batch::first_rules(file).ok()),
            // The first input, if it cannot be read twice (standard input, a pipe), is read
            // through, and what was read handed to the run again: the run would wait for
            // its first lines anyway. A later one may not be written yet (a pipe whose
            // writer waits for the output of the files before it): its rules: line is
            // checked when the run reaches it.
            _ if i == 0 => read_ahead_through(input),
            _ => continue,
        };
        let stated = match read {
            Some(Ok(Some(stated))) => stated,
            Some(Ok(None)) | None => continue,
            Some(Err((line, error))) => bail!(
                "{}, line {line}, column {}: {}",
                input.source,
                error.column(),
                error.message()
            ),
        };
        match &found {
            None => found = Some((input.source.clone(), stated)),
            Some((first, earlier)) if *earlier != stated => bail!(
                "{first} states rules: {} (line {}) and {} states rules: {} (line {}): a run is scored under one rule set; score them apart",
                earlier.stated,
                earlier.line,
                input.source,
                stated.stated,
                stated.line
            ),
            Some(_) => {}
        }
    }
    let Some((source, stated)) = found else {
        return Ok(None);
    };
    match command_line_rules(cli)? {
        Some((given, same)) if !same(&stated) => bail!(
            "{given} differs from the rules {source} states at line {} (rules: {}{}): leave {given} out to score the list under the rules it states, or change its rules: line",
            stated.line,
            stated.stated,
            if stated.text().is_some() { ", its text in the #| lines after it" } else { "" }
        ),
        Some(_) => {}
        None => report(&format!(
            "scoring under {}, as {source} states at line {} (rules: {})",
            stated.rules().name(),
            stated.line,
            stated.stated
        )),
    }
    Ok(Some(stated))
}

/// What `--rules` and `--max` give, as the command line wrote it (`--rules zj`), and
/// whether a list's statement is the same rule set; `None` when neither is given. `--max`
/// alone is the doubling table's.
#[allow(clippy::type_complexity)]
fn command_line_rules(cli: &Cli) -> Result<Option<(String, Box<dyn Fn(&StatedRules) -> bool>)>> {
    let max = cli
        .max
        .map(|max| format!(" --max {max}"))
        .unwrap_or_default();
    if !cli.rules_given {
        let Some(max) = cli.max else {
            return Ok(None);
        };
        let rules = RuleSet::doubling_with_maximum(max);
        return Ok(Some((
            format!("--max {max}"),
            Box::new(move |stated| {
                stated.text().is_none() && same_built_in(stated.rules(), &rules)
            }),
        )));
    }
    let given = format!("--rules {}{max}", cli.rules);
    if mjscore::RuleSet::is_rules_file_path(&cli.rules) {
        let text = std::fs::read_to_string(&cli.rules)
            .with_context(|| format!("cannot read the rules file {}", cli.rules))?;
        let text = same_text(&text);
        return Ok(Some((
            given,
            Box::new(move |stated| stated.text().is_some_and(|t| same_text(t) == text)),
        )));
    }
    let rules = chosen_rules(cli)?;
    Ok(Some((
        given,
        Box::new(move |stated| stated.text().is_none() && same_built_in(stated.rules(), &rules)),
    )))
}

/// Whether two built-in rule sets are the same: their ids and names (the doubling table's
/// names its maximum).
fn same_built_in(a: &RuleSet, b: &RuleSet) -> bool {
    a.id() == b.id() && a.name() == b.name()
}

/// A rules file's text as compared with the one a list holds in its `#|` lines: without a
/// byte-order mark, carriage returns before line feeds, and line breaks at its end.
fn same_text(text: &str) -> String {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    text.replace("\r\n", "\n")
        .trim_end_matches('\n')
        .to_string()
}

/// The statement at the top of an input that cannot be read twice (standard input, a
/// pipe): read through, and what was read handed to the run again before the rest; `None`
/// when it cannot be read (the run reports it). At most 2 MiB are held: the top of a list
/// whose comments run longer is not looked into, and its `rules:` line, if any, is checked
/// when the run reaches it.
#[allow(clippy::type_complexity)]
fn read_ahead_through(input: &mut Input) -> Option<Result<Option<StatedRules>, (usize, Error)>> {
    const MOST: usize = 2 << 20;
    /// Keeps what it reads, up to the limit.
    struct Kept<'a> {
        reader: &'a mut dyn Read,
        kept: Vec<u8>,
    }
    impl Read for Kept<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.kept.len() >= MOST {
                return Err(io::Error::other("over the limit"));
            }
            let n = self.reader.read(buf)?;
            self.kept.extend_from_slice(&buf[..n]);
            Ok(n)
        }
    }
    let mut reader = std::mem::replace(&mut input.reader, Box::new(io::empty()));
    let mut kept = Kept {
        reader: &mut *reader,
        kept: Vec::new(),
    };
    let stated = batch::first_rules(&mut kept);
    let kept = std::mem::take(&mut kept.kept);
    input.reader = Box::new(io::Cursor::new(kept).chain(reader));
    stated.ok()
}

/// `mjscore rules check FILE` and `mjscore rules show FILE`.
fn rules_command(action: &RulesAction) -> Result<()> {
    let mut stdout = io::stdout().lock();
    match action {
        RulesAction::Check { file } => {
            let (rules, base) = read_rules_file(file)?;
            let line = format!(
                "{}: a rule set of {} patterns, {}\n",
                file.display(),
                rules.patterns().len(),
                base.base_words()
            );
            write_all(&mut stdout, line.as_bytes(), "the check")
        }
        RulesAction::Show { file } => {
            let (rules, base) = read_rules_file(file)?;
            let shown = Text::changes(&rules, base);
            write_all(&mut stdout, shown.as_bytes(), "the table")
        }
    }
}

/// The rule set `--rules` names (a built-in one, or a rules file), with `--max` for the
/// doubling table.
fn chosen_rules(cli: &Cli) -> Result<Cow<'static, RuleSet>> {
    if mjscore::RuleSet::is_rules_file_path(&cli.rules) {
        if cli.max.is_some() {
            bail!("--max changes the built-in doubling table; a rules file sets its own maximum ([limits] compound)");
        }
        return Ok(Cow::Owned(read_rules_file(Path::new(&cli.rules))?.0));
    }
    match (RuleSet::by_id(&cli.rules), cli.max) {
        (Some(rules), None) => Ok(Cow::Borrowed(rules)),
        (Some(rules), Some(max)) if rules.id() == rules::DOUBLING.id() => {
            Ok(Cow::Owned(RuleSet::doubling_with_maximum(max)))
        }
        (Some(_), Some(_)) => bail!("--max sets the doubling table's maximum: use it with --rules doubling (Zung Jung's limit is fixed at 320)"),
        (None, _) => unreachable!("clap accepts only known rule sets"),
    }
}

/// A subcommand other than `rules`: a card, an explanation, a script, the manual page, or
/// the waits of hands.
fn run_command(cli: &Cli, command: &Command, rules: &RuleSet, status: &mut u8) -> Result<()> {
    let format = Format::from(cli.format);
    let mut stdout = io::stdout().lock();
    match command {
        Command::Patterns { .. } => {
            let card = format.card(rules, text_width());
            write_all(&mut stdout, card.as_bytes(), "the reference card")
        }
        Command::Explain { pattern, .. } => {
            if format == Format::Tsv {
                bail!("explain writes one pattern in full, as text or json; for a table of the patterns, use mjscore patterns --format tsv");
            }
            let Some(pattern) = pattern else {
                let list = format.pattern_list(rules);
                return write_all(&mut stdout, list.as_bytes(), "the list of patterns");
            };
            explain(rules, pattern, format, &mut stdout)
        }
        Command::Notation => {
            let card = Text::notation_card(&rules::ALL, text_width());
            write_all(&mut stdout, card.as_bytes(), "the notation card")
        }
        Command::Completions { shell } => {
            // clap_complete panics when it cannot write: generate in memory, then write.
            let mut script = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), "mjscore", &mut script);
            write_all(&mut stdout, &script, "the completion script")
        }
        Command::Man => write_all(&mut stdout, &man_page()?, "the manual page"),
        Command::Waits { summary: true, .. } => bail!(
            "waits has no --summary: its exit status says how the hands stand (0 calling, 1 not calling, 2 not a hand), and --format tsv gives a table to count"
        ),
        Command::Waits { hand, files, .. } => {
            *status = waits(cli, rules, hand, files)?;
            Ok(())
        }
        Command::Rules { action } => rules_command(action),
        Command::Event { action } => {
            *status = event_command(cli, action)?;
            Ok(())
        }
    }
}

/// `event draw` and `event standings`; the exit status.
fn event_command(cli: &Cli, action: &EventAction) -> Result<u8> {
    match action {
        EventAction::Draw {
            file,
            players,
            rounds,
            seed,
            after_round,
            sheets,
            format,
        } => {
            let ask = event::DrawAsk {
                file: file.as_deref(),
                players: *players,
                rounds: *rounds,
                seed: *seed,
                after_round: *after_round,
                sheets,
                format: format.unwrap_or(cli.format),
            };
            event::draw(&ask, &mut io::stdout().lock())
        }
        EventAction::Standings {
            event: file,
            sheets,
            allow_incomplete,
            ema,
            html,
            format,
        } => {
            let event = event::read_event(file)?;
            let rules = event::event_rules(&event, file)?;
            let ask = event::StandingsAsk {
                sheets,
                allow_incomplete: *allow_incomplete,
                ema: *ema,
                html: html.as_deref(),
                format: format.unwrap_or(cli.format),
            };
            event::standings(&event, &rules, &ask, &mut io::stdout().lock())
        }
    }
}

/// Scores the hand given as arguments, or the list of hands of the `-f` files (standard
/// input without any), and writes the summary if asked.
fn score_hands(cli: &Cli, rules: &RuleSet, inputs: Vec<Input>, status: &mut u8) -> Result<()> {
    let format = Format::from(cli.format);
    if let Some(spec) = &cli.claim {
        if cli.hand.is_empty() {
            bail!("--claim is for a single hand given as arguments; in a list of hands, write claim=N on each line");
        }
        // Unknown ids are a usage error, reported before anything is scored.
        if let Err(e) = spec.resolve(rules) {
            bail!("--claim: {}", e.message());
        }
    }
    if cli.all && format == Format::Tsv {
        bail!("--all lists readings in text or json; tsv has one row per hand");
    }
    let look = painter(use_color(cli.color, Stream::Stdout));
    let output = format.renderer(rules, look, text_width());
    // A header's columns are fixed before the first row: a session in any of the files
    // gives them its columns, wherever it starts.
    let players_ahead = match (
        output.header(Columns::Hands { session: None }),
        cli.hand.is_empty(),
    ) {
        (Some(_), true) => players_ahead(&cli.files),
        _ => None,
    };
    let settings = Settings {
        rules,
        output: &*output,
        options: Options {
            claim: cli.claim.as_ref(),
            all_readings: cli.all,
            ..Options::default()
        },
        session_ahead: players_ahead.as_ref(),
    };
    let mut stdout = io::stdout().lock();
    let summary = if cli.hand.is_empty() {
        match list(cli, inputs, &settings, status, &mut stdout)? {
            Some(summary) => summary,
            // Stopped by a signal: no summary, which would count only the lines before it.
            None => return Ok(()),
        }
    } else {
        if !cli.files.is_empty() {
            bail!("give either a hand as arguments or -f FILE, not both");
        }
        not_a_file(&cli.hand)?;
        single(cli, &settings, format, status, &mut stdout).context("cannot write the results")?
    };
    *status = summary.exit_status();
    if cli.summary {
        write_summary(&summary, &settings, cli.color, &mut stdout)
            .context("cannot write the summary")?;
    }
    stdout.flush().context("cannot write the results")?;
    Ok(())
}

/// The list of hands of the `-f` files, scored through the batch (which buffers its output
/// itself and writes whole lines only); `None` when a signal stopped it (`status` is then
/// its exit status).
fn list<'r>(
    cli: &Cli,
    inputs: Vec<Input>,
    settings: &Settings<'r>,
    status: &mut u8,
    stdout: &mut impl Write,
) -> Result<Option<Summary<'r>>> {
    let interrupt = Interrupt::catch();
    let summary = match batch::run(inputs, settings, &interrupt.control(jobs(cli)), stdout) {
        Ok(summary) => summary,
        Err(stopped) => {
            *status = stopped.summary.exit_status();
            return Err(anyhow::Error::new(stopped.error).context("cannot write the results"));
        }
    };
    if let Some(code) = interrupt.status() {
        *status = code;
        return Ok(None);
    }
    Ok(Some(summary))
}

/// A file name given where a hand goes (`mjscore hands.txt`) is a usage error that says to
/// use `-f`: no hand holds a '.' or a '/' (outside a comment).
fn not_a_file(hand: &[String]) -> Result<()> {
    if let [arg] = hand {
        if arg.contains(['.', '/']) && !arg.contains(char::is_whitespace) && !arg.contains('#') {
            if Path::new(arg).is_file() {
                bail!("'{arg}' is a file, not a hand: to score the hands in it, use -f {arg}");
            }
            bail!("'{arg}' is not a hand (no hand holds a '.' or a '/'); to read hands from a file, use -f FILE");
        }
    }
    Ok(())
}

/// One hand from the arguments: no line number, and a text error goes to stderr.
fn single<'r>(
    cli: &Cli,
    settings: &Settings<'r>,
    format: Format,
    status: &mut u8,
    stdout: &mut impl Write,
) -> Result<Summary<'r>> {
    let line = cli.hand.join(" ");
    let result = score_line_with(&line, settings.rules, settings.options);
    // A line over the limit is refused unread, and nothing hostile is echoed.
    let shown = if is_refused_unread(&result) {
        ""
    } else {
        &line
    };
    let mut summary = Summary::new(settings.rules);
    summary.record(&result);
    *status = summary.exit_status();
    let mut rendered = String::new();
    match &result {
        Ok(scored) => settings.output.scored(&mut rendered, scored, None),
        Err(error) => settings.output.error(&mut rendered, shown, error, None),
    }
    let header = settings.output.header(Columns::Hands { session: None });
    write_single(
        cli,
        settings.rules,
        stdout,
        shown,
        &result,
        format,
        (header, &rendered),
    )?;
    Ok(summary)
}

/// Whether the line was refused before it was read (too long to be a hand): then its text
/// is not shown.
fn is_refused_unread<T>(result: &Result<T, Error>) -> bool {
    matches!(result, Err(error) if error.kind() == mjscore::ErrorKind::Input)
}

/// ANSI colours when `color`, else none: the choice `--color` makes.
fn painter(color: bool) -> &'static dyn Paint {
    if color {
        &Ansi
    } else {
        &Plain
    }
}

/// Writes the result of one hand given as arguments: in text, an error goes to stderr with
/// a caret under its column; anything else goes to stdout (`rendered`, after the format's
/// header if it has one), ending with one line break.
fn write_single<T>(
    cli: &Cli,
    rules: &RuleSet,
    stdout: &mut impl Write,
    line: &str,
    result: &Result<T, Error>,
    format: Format,
    rendered: (Option<String>, &str),
) -> Result<()> {
    let (header, rendered) = rendered;
    match (result, format) {
        (Err(error), Format::Text) => {
            let look = painter(use_color(cli.color, Stream::Stderr));
            let mut text = String::new();
            Format::Text
                .renderer(rules, look, text_width())
                .error(&mut text, line, error, None);
            write!(io::stderr(), "{text}")?;
        }
        _ => {
            if let Some(header) = header {
                write!(stdout, "{header}")?;
            }
            write!(stdout, "{rendered}")?;
            if !rendered.ends_with('\n') {
                writeln!(stdout)?;
            }
        }
    }
    Ok(())
}

/// The threads of a batch run: `-j`, or one per core.
fn jobs(cli: &Cli) -> usize {
    cli.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// SIGINT and SIGTERM during a batch run: the run stops after the line in hand, with every
/// result written whole, and the process exits 128 + the signal's number (130, 143), as a
/// shell reports a process the signal ended. A run waiting for input with everything
/// written (a terminal, a slow pipe) exits at once; a second signal while a run is
/// stopping ends the process as it would have without mjscore's handlers.
struct Interrupt {
    /// Set by the first signal: the batch polls it between lines.
    stop: Arc<AtomicBool>,
    /// Set by the batch while it waits for input with everything written and flushed.
    waiting: Arc<AtomicBool>,
    /// The number of the signal that stopped the run; 0 while none has.
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    /// Catches SIGINT and SIGTERM from now on. A signal that cannot be caught (not on
    /// Unix, or the system refuses) keeps its default action: it ends the run at once.
    fn catch() -> Interrupt {
        let interrupt = Interrupt {
            stop: Arc::default(),
            waiting: Arc::default(),
            signal: Arc::default(),
        };
        #[cfg(unix)]
        for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            use signal_hook::flag;
            // The actions run in this order. Registering can fail only for a signal that
            // cannot be caught, which these two can: a failure leaves the default action.
            let exit_status = 128 + signal;
            let _ = flag::register_conditional_shutdown(
                signal,
                exit_status,
                Arc::clone(&interrupt.waiting),
            );
            let _ = flag::register_conditional_default(signal, Arc::clone(&interrupt.stop));
            let number = usize::try_from(signal).unwrap_or_default();
            let _ = flag::register_usize(signal, Arc::clone(&interrupt.signal), number);
            let _ = flag::register(signal, Arc::clone(&interrupt.stop));
        }
        interrupt
    }

    /// How the batch runs on `jobs` threads, stopped by these signals; a thread the system
    /// will not start is noted on stderr.
    fn control(&self, jobs: usize) -> Control<'_> {
        Control {
            jobs,
            stop: Some(&self.stop),
            waiting: Some(&self.waiting),
            fewer_threads: Some(&|fewer: &FewerThreads| report(&fewer.to_string())),
        }
    }

    /// The exit status of a run a signal stopped: 128 + the signal's number.
    fn status(&self) -> Option<u8> {
        match self.signal.load(Ordering::SeqCst) {
            0 => None,
            number => Some(u8::try_from(128 + number).unwrap_or(u8::MAX)),
        }
    }
}

/// The `-f` files in order, or standard input when there are none. Nothing is opened yet:
/// see [`LazyFile`]. A regular file (standard input too, when redirected from one) is read
/// ahead; anything else, a pipe, a FIFO, a terminal, is read line by line.
fn open_inputs(files: &[PathBuf]) -> Vec<Input> {
    let stdin = |name| Input {
        name,
        source: "standard input".to_string(),
        reader: Box::new(io::stdin()),
        read_ahead: stdin_is_a_file(),
    };
    if files.is_empty() {
        if io::stdin().is_terminal() {
            report("reading hands from standard input, one per line; end with Ctrl-D (see mjscore --help)");
        }
        return vec![stdin(None)];
    }
    let several = files.len() > 1;
    files
        .iter()
        .map(|path| {
            let name = several.then(|| path.display().to_string());
            if path.as_os_str() == "-" {
                return stdin(name);
            }
            Input {
                name,
                source: path.display().to_string(),
                reader: Box::new(LazyFile {
                    path: path.clone(),
                    file: None,
                }),
                // Asking what the path is opens nothing: a FIFO still waits for its turn.
                read_ahead: std::fs::metadata(path).is_ok_and(|m| m.is_file()),
            }
        })
        .collect()
}

/// The first `players:` line of the regular files of `files`, in order, read before the
/// run; standard input and what cannot be read are passed over (the run reports the
/// latter in its turn).
fn players_ahead(files: &[PathBuf]) -> Option<[String; 4]> {
    files
        .iter()
        .filter(|path| path.as_os_str() != "-")
        .filter(|path| std::fs::metadata(path).is_ok_and(|m| m.is_file()))
        .find_map(|path| {
            let file = File::open(path).ok()?;
            mjscore::batch::first_players(file).ok().flatten()
        })
}

/// Whether standard input is a regular file (`mjscore < hands.txt`), asked of a duplicate
/// of its descriptor, which is closed again.
#[cfg(unix)]
fn stdin_is_a_file() -> bool {
    use std::os::fd::AsFd;
    io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .and_then(|fd| File::from(fd).metadata())
        .is_ok_and(|m| m.is_file())
}

/// Elsewhere standard input is read line by line.
#[cfg(not(unix))]
fn stdin_is_a_file() -> bool {
    false
}

/// A file opened when it is first read: a run opens its files one at a time, in order, and
/// one that cannot be opened is reported when its turn comes, after the files before it.
struct LazyFile {
    path: PathBuf,
    file: Option<File>,
}

impl Read for LazyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(File::open(&self.path)?),
        };
        file.read(buf)
    }
}

/// Text and JSON summaries end the output; TSV's goes to stderr to keep the table clean.
fn write_summary(
    summary: &Summary<'_>,
    settings: &Settings,
    color: ColorChoice,
    stdout: &mut impl Write,
) -> Result<()> {
    match settings.output.summary(summary) {
        // After blocks of text, a blank line; after lines, a line.
        Some(text) if settings.output.blocks() => write!(stdout, "\n{text}")?,
        Some(line) => writeln!(stdout, "{line}")?,
        // The format keeps its output to its results: the summary goes to stderr.
        None => {
            let look = painter(use_color(color, Stream::Stderr));
            write!(
                io::stderr(),
                "{}",
                settings.output.summary_apart(summary, look)
            )?;
        }
    }
    Ok(())
}

/// Writes `bytes` and flushes; a failure names `what` could not be written.
fn write_all(stdout: &mut impl Write, bytes: &[u8], what: &str) -> Result<()> {
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .with_context(|| format!("cannot write {what}"))
}

/// The manual page: clap's sections, the commands without references to pages of their
/// own (there are none), the notation card, the examples.
fn man_page() -> Result<Vec<u8>> {
    let command = Cli::command();
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    page.extend_from_slice(b".SH COMMANDS\n");
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        let _ = write!(
            page,
            ".TP\n\\fBmjscore {}\\fR\n{}\n",
            sub.get_name(),
            roff_text(&about)
        );
    }
    page.extend_from_slice(b".SH NOTATION\n.nf\n");
    for line in Text::notation_card(&rules::ALL, None).lines() {
        let _ = writeln!(page, "{}", roff_text(line));
    }
    page.extend_from_slice(b".fi\n");
    man.render_extra_section(&mut page)?;
    man.render_version_section(&mut page)?;
    Ok(page)
}

/// A line of text safe in roff: backslashes escaped, and a leading `.` or `'` (a request)
/// guarded.
fn roff_text(line: &str) -> String {
    let escaped = line.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// `mjscore explain`: the pattern by id, name or name prefix; for an unknown one, the rule
/// sets that have that id, or the nearest patterns.
fn explain(rules: &RuleSet, query: &str, format: Format, stdout: &mut impl Write) -> Result<()> {
    let pattern = match rules.find_pattern(query, &rules::ALL) {
        Ok(pattern) => pattern,
        Err(missing @ PatternNotFound::Missing { .. }) => bail!(
            "{missing}; `mjscore patterns --rules {}` lists them all",
            rules.argument()
        ),
        Err(other) => bail!("{other}"),
    };
    // A rules file's hand may come without an example: explained without one.
    let example = match &*pattern.example {
        "" => None,
        line => Some(
            mjscore::score_line(line, rules)
                .with_context(|| format!("the example of {} does not parse", pattern.id))?,
        ),
    };
    let text = format
        .explain(pattern, rules, example.as_ref(), text_width())
        .context("explain writes text or json")?;
    write_all(stdout, text.as_bytes(), "the explanation")
}

/// The width text for people is fitted to: `COLUMNS` when it is set (a number; at least
/// 30 is used), else the terminal's when standard output is one. `None` for a pipe or a
/// file without `COLUMNS`: lines as long as they come, for other programs to read.
fn text_width() -> Option<usize> {
    const NARROWEST: usize = 30;
    let columns = std::env::var("COLUMNS").ok();
    if let Some(columns) = columns.and_then(|c| c.trim().parse::<usize>().ok()) {
        return (columns > 0).then_some(columns.max(NARROWEST));
    }
    if !io::stdout().is_terminal() {
        return None;
    }
    let (terminal_size::Width(width), _) = terminal_size::terminal_size()?;
    Some(usize::from(width).max(NARROWEST))
}

/// `mjscore waits`: one hand from the arguments, or a list through the batch's reading loop.
fn waits(cli: &Cli, rules: &RuleSet, hand: &[String], files: &[PathBuf]) -> Result<u8> {
    if cli.claim.is_some() || cli.all || cli.summary {
        bail!("--claim, --all and --summary are for scoring a won hand, not for waits");
    }
    let format = Format::from(cli.format);
    let look = painter(use_color(cli.color, Stream::Stdout));
    let output = format.renderer(rules, look, text_width());
    let settings = Settings {
        rules,
        output: &*output,
        options: Options::default(),
        session_ahead: None,
    };
    let mut stdout = io::stdout().lock();
    if hand.is_empty() {
        let inputs = open_inputs(files);
        let interrupt = Interrupt::catch();
        let control = interrupt.control(jobs(cli));
        let (status, written) = batch::run_waits(inputs, &settings, &control, &mut stdout);
        // A closed pipe keeps the status of the lines analysed, as scoring does.
        match written {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
            other => other.context("cannot write the results")?,
        }
        return Ok(interrupt.status().unwrap_or(status));
    }
    if !files.is_empty() {
        bail!("give either a hand as arguments or -f FILE, not both");
    }
    let line = hand.join(" ");
    let result = analyse_line(&line, rules);
    let shown = if is_refused_unread(&result) {
        ""
    } else {
        &line
    };
    // 0 calling on a live wait (or a discard leaves the hand so), 1 not, 2 not a hand.
    let status = match &result {
        Ok(analysis) if analysis.has_live_wait() => 0,
        Ok(_) => 1,
        Err(_) => 2,
    };
    let mut rendered = String::new();
    match &result {
        Ok(analysis) => settings.output.waits(&mut rendered, shown, analysis, None),
        Err(error) => settings
            .output
            .waits_error(&mut rendered, shown, error, None),
    }
    let header = settings.output.header(Columns::Waits { file: false });
    write_single(
        cli,
        rules,
        &mut stdout,
        shown,
        &result,
        format,
        (header, rendered.trim_end()),
    )
    .context("cannot write the results")?;
    Ok(status)
}

/// `--color auto`: never when NO_COLOR is set to anything but the empty string (any value,
/// `0` too, as no-color.org says); otherwise owo-colors' supports-color decides: colour only
/// on a terminal, and as FORCE_COLOR, CLICOLOR and TERM say.
fn use_color(choice: ColorChoice, stream: Stream) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) => false,
        ColorChoice::Auto => {
            let probe = "x".if_supports_color(stream, |t| t.red()).to_string();
            probe != "x"
        }
    }
}
