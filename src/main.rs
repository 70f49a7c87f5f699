//! The `mjscore` command: reads a hand from the command line, scores it, prints the result.
//! All the work is in the library; this file owns only arguments, output streams and the
//! exit status (0 scored, 1 false win, 2 input or usage error).

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::builder::PossibleValuesParser;
use clap::{Parser, ValueEnum};
use mjscore::rules::{self, RuleSet};
use mjscore::score::Outcome;
use mjscore::{render, score_line};
use owo_colors::{OwoColorize, Stream};

/// Scores a Zung Jung / World Series of Mahjong hand, itemised, with what every seat pays.
#[derive(Parser, Debug)]
#[command(name = "mjscore", version, about, after_help = EXAMPLES)]
struct Cli {
    /// The hand in compact notation (see docs/notation.md). Quote it, or give its tokens as
    /// separate arguments.
    #[arg(required = true, value_name = "HAND")]
    hand: Vec<String>,

    /// Rule set: wsom (5-point minimum) or zj (standard Zung Jung, 1-point chicken hand).
    #[arg(long, default_value = "wsom", value_parser = PossibleValuesParser::new(rules::ALL.iter().map(|r| r.id)))]
    rules: String,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// When to colour the text output; NO_COLOR in the environment also turns it off.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

const EXAMPLES: &str = "Examples:
  mjscore \"b66 c12345678 d111 +c9 self seat=s\"
  mjscore \"[p c222] [p c333] [p c444] [p w111] c9 +c9 seat=n from=e\" --format json
  mjscore --rules zj \"[c b123] [p w333] c456 d789 d2 +d2 from=s\"

Exit status: 0 scored, 1 false win, 2 input that is not a hand (or a usage error).";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(code) => ExitCode::from(code),
        // A closed pipe (`mjscore ... | head`) is not a failure worth a message.
        Err(e)
            if e.downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mjscore: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> Result<u8> {
    let rules: &RuleSet = rules::by_id(&cli.rules).expect("clap accepts only known rule sets");
    let line = cli.hand.join(" ");
    let mut stdout = io::stdout().lock();
    match score_line(&line, rules) {
        Ok(scored) => {
            match cli.format {
                Format::Text => write!(
                    stdout,
                    "{}",
                    render::text(&scored, rules, use_color(cli.color, Stream::Stdout))
                )?,
                Format::Json => writeln!(stdout, "{}", render::json(&scored, rules))?,
            }
            Ok(match scored.outcome {
                Outcome::Win { .. } => 0,
                Outcome::FalseWin(_) => 1,
            })
        }
        Err(error) => {
            match cli.format {
                Format::Text => {
                    let color = use_color(cli.color, Stream::Stderr);
                    write!(io::stderr(), "{}", render::error_text(&line, &error, color))?;
                }
                Format::Json => writeln!(stdout, "{}", render::error_json(&line, rules, &error))?,
            }
            Ok(2)
        }
    }
}

/// `--color auto` asks owo-colors' supports-color: colour only on a terminal, never when
/// NO_COLOR is set, and as FORCE_COLOR, CLICOLOR and TERM say.
fn use_color(choice: ColorChoice, stream: Stream) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let probe = "x".if_supports_color(stream, |t| t.red()).to_string();
            probe != "x"
        }
    }
}
