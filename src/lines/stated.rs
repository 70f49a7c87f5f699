//! The rule set a list of hands states at its top (`rules: huang`, or a rules file's name
//! with the file's text after it in `#|` lines): read ahead of a run, so that its lines are
//! scored under it ([`first_rules`]), and checked by the run when it meets the line, so that
//! a list is never scored under rules other than those it states. The rulings are in
//! docs/sessions.md.

use std::io::{self, Read};

use super::read::read_line_within;
use crate::line::Error;
use crate::rule_set::RuleSet;
use crate::rules;
use crate::session::{self, Directive, SessionError, SessionErrorKind};

/// The most a rules file's text in `#|` lines may hold: what a rules file may hold (the
/// text is kept whole while it is read).
const MAX_TEXT: usize = crate::rules_file::MAX_BYTES;

/// What a `rules:` line names.
pub(crate) enum Stated {
    /// A built-in rule set, with the doubling table's maximum when `max=` gives one.
    BuiltIn {
        rules: &'static RuleSet,
        max: Option<u32>,
    },
    /// A rules file (its text follows in `#|` lines, which only a reader ahead of the run
    /// sees: [`first_rules`]).
    File,
}

/// What `stated` (the words after `rules:`, which start at `column`) names: a built-in
/// rule set's id in any case, `doubling max=N`, or a rules file's name as `--rules` takes
/// one (a path ending `.toml` or holding a `/`; taken whole, spaces and all).
pub(crate) fn stated(stated: &str, column: usize) -> Result<Stated, SessionError> {
    let error = |column, kind| Err(SessionError { column, kind });
    if crate::rules_file::is_path(stated) {
        return Ok(Stated::File);
    }
    // The column of a word of `stated` (a slice of it).
    let at = |word: &str| {
        let offset = word.as_ptr() as usize - stated.as_ptr() as usize;
        column + stated[..offset].chars().count()
    };
    let mut words = stated.split_whitespace();
    let unknown = || SessionErrorKind::RulesUnknown {
        found: stated.to_string(),
    };
    let Some(rules) = words.next().and_then(rules::by_id) else {
        return error(column, unknown());
    };
    let max = match words.next() {
        None => None,
        Some(word) => {
            let maximum = word
                .get(..4)
                .filter(|key| key.eq_ignore_ascii_case("max="))
                .map(|_| &word[4..]);
            let Some(maximum) = maximum else {
                return error(at(word), unknown());
            };
            let is_doubling = rules.id() == rules::DOUBLING.id();
            match maximum.parse::<u32>() {
                Ok(n) if is_doubling && (2..=30).contains(&n) => Some(n),
                _ => {
                    let found = word.to_string();
                    return error(at(word), SessionErrorKind::RulesMaximum { found });
                }
            }
        }
    };
    if let Some(word) = words.next() {
        return error(at(word), unknown());
    }
    Ok(Stated::BuiltIn { rules, max })
}

impl Stated {
    /// Whether a run under `rules` honours what the line states: the same built-in rule set
    /// (the doubling table with the same maximum), or, for a rules file, a rule set that is
    /// no built-in one (which file made it, the run cannot tell: the command line compares
    /// the texts before the run, [`StatedRules`]).
    pub(crate) fn is_honoured_by(&self, rules: &RuleSet) -> bool {
        match self {
            Stated::BuiltIn { rules: stated, max } => {
                same_built_in(&built_in(stated, *max), rules)
            }
            Stated::File => !is_built_in(rules),
        }
    }
}

/// Whether `rules` is one of the built-in rule sets (the doubling table with any
/// maximum), rather than one a rules file made.
fn is_built_in(rules: &RuleSet) -> bool {
    let doubling_with = |max| same_built_in(&built_in(&rules::DOUBLING, Some(max)), rules);
    rules::ALL.iter().any(|&built| same_built_in(&Made::BuiltIn(built), rules))
        || (rules.id() == rules::DOUBLING.id() && rules.limit.maximum.is_some_and(doubling_with))
}

/// A built-in rule set as stated: the static one, or the doubling table with another
/// maximum.
fn built_in(rules: &'static RuleSet, max: Option<u32>) -> Made {
    match max {
        Some(max) if rules.id() == rules::DOUBLING.id() => {
            Made::Owned(Box::new(RuleSet::doubling_with_maximum(max)))
        }
        _ => Made::BuiltIn(rules),
    }
}

/// Whether two rule sets are the same built-in one: the same id and the same name (the
/// doubling table's names its maximum).
fn same_built_in(made: &Made, rules: &RuleSet) -> bool {
    let stated = made.rules();
    stated.id() == rules.id() && stated.name() == rules.name()
}

/// A rule set as a statement makes it.
#[derive(Debug)]
enum Made {
    BuiltIn(&'static RuleSet),
    Owned(Box<RuleSet>),
}

impl Made {
    fn rules(&self) -> &RuleSet {
        match self {
            Made::BuiltIn(rules) => rules,
            Made::Owned(rules) => rules,
        }
    }
}

/// The rule set a list states at its top, as [`first_rules`] reads it: `rules: huang`,
/// `rules: doubling max=10`, or `rules: club.toml` followed by the file's text, each of its
/// lines after `#| `. Two statements are equal when they state the same rules: the same
/// built-in rule set, or rules files of the same text (whatever their names).
#[derive(Debug)]
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub struct StatedRules {
    /// The `rules:` line's number (from 1).
    pub line: usize,
    /// What the line states, as written after `rules:` (`huang`, `club.toml`).
    pub stated: String,
    made: Made,
    text: Option<String>,
}

#[cfg_attr(not(feature = "cli"), allow(dead_code))]
impl StatedRules {
    /// The rule set to score the list under.
    pub fn rules(&self) -> &RuleSet {
        self.made.rules()
    }

    /// The rules file's text as the `#|` lines hold it (its lines joined by line feeds,
    /// without a last one); `None` for a built-in rule set.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }
}

impl PartialEq for StatedRules {
    fn eq(&self, other: &StatedRules) -> bool {
        match (&self.text, &other.text) {
            (Some(a), Some(b)) => a == b,
            (None, None) => same_built_in(&self.made, other.rules()),
            _ => false,
        }
    }
}

/// The rule set `input` states at its top ([`StatedRules`]), read before a run: the
/// `rules:` line among the comments and blank lines before the first other line (a hand,
/// `draw`, `players:`), and for a rules file its text in the `#|` lines right after it.
/// `Ok(None)` when the list states none. A statement that cannot be read (an unknown rule
/// set, a rules file without its text or whose text does not check, a second `rules:`
/// line) is an error at its line (from 1), its column in that line. Only the top of the
/// input is read, a line at a time within 64 KiB, and a rules file's text within 1 MiB.
///
/// ```
/// let list = "# Tuesday\nrules: huang\nplayers: Ann Bob Cho Dee\nb1 +b1\n";
/// let stated = mjscore::batch::first_rules(list.as_bytes())?.unwrap().unwrap();
/// assert_eq!((stated.line, stated.rules().id()), (2, "huang"));
/// assert!(mjscore::batch::first_rules("b1 +b1\nrules: huang\n".as_bytes())?
///     .unwrap()
///     .is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
#[allow(clippy::type_complexity)]
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub fn first_rules(input: impl Read) -> io::Result<Result<Option<StatedRules>, (usize, Error)>> {
    let mut top = Top {
        input: io::BufReader::with_capacity(64 * 1024, input),
        line: Vec::new(),
        number: 0,
        held: Held::Nothing,
    };
    let mut found: Option<StatedRules> = None;
    while top.next()? {
        let Ok(text) = std::str::from_utf8(&top.line) else {
            break;
        };
        let start = text.trim_start();
        if start.is_empty() || start.starts_with('#') {
            continue;
        }
        let Some(Ok(Directive::Rules { stated, column })) = session::directive(text) else {
            break;
        };
        let at = top.number;
        if let Some(first) = &found {
            let kind = SessionErrorKind::RulesTwice { line: first.line };
            return Ok(Err((at, Error::from(SessionError { column: 1, kind }))));
        }
        let statement = match self::stated(&stated, column) {
            Err(error) => return Ok(Err((at, Error::from(error)))),
            Ok(Stated::BuiltIn { rules, max }) => StatedRules {
                line: at,
                stated,
                made: built_in(rules, max),
                text: None,
            },
            Ok(Stated::File) => match top.rules_file(stated, column)? {
                Ok(statement) => statement,
                Err(error) => return Ok(Err(error)),
            },
        };
        found = Some(statement);
    }
    Ok(Ok(found))
}

/// The top of a list as [`first_rules`] reads it, a line at a time.
struct Top<R> {
    input: io::BufReader<R>,
    /// The line in hand.
    line: Vec<u8>,
    /// Its number (from 1).
    number: usize,
    /// What the end of a rules file's text left.
    held: Held,
}

/// What a rules file's text ended at: the line after it, already read.
enum Held {
    Nothing,
    /// A line to look at next (in `line`).
    Line,
    /// The end of the input, or a line too long to be one of a list's top.
    Stop,
}

impl<R: Read> Top<R> {
    /// Reads the next line into `line`: `false` at the end of the input or at a line
    /// longer than 64 KiB (an error of the run's, never a `rules:` line).
    fn next(&mut self) -> io::Result<bool> {
        match std::mem::replace(&mut self.held, Held::Nothing) {
            Held::Line => return Ok(true),
            Held::Stop => return Ok(false),
            Held::Nothing => {}
        }
        self.line.clear();
        let Some(too_long) = read_line_within(&mut self.input, &mut self.line, |_| {})? else {
            return Ok(false);
        };
        self.number += 1;
        // A byte-order mark is no part of the first line (Excel and Notepad write one).
        if self.number == 1 && self.line.starts_with("\u{FEFF}".as_bytes()) {
            self.line.drain(..3);
        }
        Ok(!too_long)
    }

    /// The statement of the rules file `name` at the line in hand (`name` at `column`),
    /// with the file's text from the `#|` lines right after it: each line's text after
    /// `#| ` (or `#|` alone, an empty line), up to the first line that is not one.
    #[allow(clippy::type_complexity)]
    fn rules_file(
        &mut self,
        name: String,
        column: usize,
    ) -> io::Result<Result<StatedRules, (usize, Error)>> {
        let at = self.number;
        let error = |line, column, kind| Err((line, Error::from(SessionError { column, kind })));
        let mut text = String::new();
        let mut lines = 0;
        loop {
            if !self.next()? {
                self.held = Held::Stop;
                break;
            }
            let Some(rest) = self.line.strip_prefix(b"#|") else {
                self.held = Held::Line;
                break;
            };
            let rest = rest.strip_prefix(b" ").unwrap_or(rest);
            let Ok(rest) = std::str::from_utf8(rest) else {
                let message = "its line is not UTF-8 text".to_string();
                return Ok(error(self.number, 1, SessionErrorKind::RulesText { message }));
            };
            if text.len() + rest.len() >= MAX_TEXT {
                let message = format!("the text is longer than {MAX_TEXT} bytes (1 MiB): a rules file is a few kilobytes");
                return Ok(error(self.number, 1, SessionErrorKind::RulesText { message }));
            }
            if lines > 0 {
                text.push('\n');
            }
            text.push_str(rest);
            lines += 1;
        }
        if lines == 0 {
            return Ok(error(at, column, SessionErrorKind::RulesWithoutText { name }));
        }
        match crate::rules_file::parse(&text) {
            Ok(rules) => Ok(Ok(StatedRules {
                line: at,
                stated: name,
                made: Made::Owned(Box::new(rules)),
                text: Some(text),
            })),
            // The file's line 1 is the line after the `rules:` line; its columns are past
            // the `#| `.
            Err(e) => Ok(error(
                at + e.line,
                e.column + 3,
                SessionErrorKind::RulesText { message: e.message },
            )),
        }
    }
}
