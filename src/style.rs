//! Colour by role: the text renderers say what a piece of text *is* (a label, a total, a
//! problem), and a [`Paint`] decides how that looks: [`Ansi`] colours for a terminal,
//! [`Plain`] nothing at all, and a front end of its own anything else (a page could open a
//! `<span class>` for each role). So no renderer writes an escape sequence itself.

use std::fmt::Write;

use owo_colors::Style;

/// What a piece of text output is, for its look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A line's label, padded to its column: `Total       `.
    Label,
    /// A heading over a list: `Patterns`, `Waits`.
    Heading,
    /// Something to see first in a line: the seat that receives, a wait's tile.
    Strong,
    /// A pattern's id.
    PatternId,
    /// A pattern's points.
    Points,
    /// The hand's total.
    Total,
    /// What is wrong: an error, the caret under it, a false win, an overclaim, a dead wait.
    Problem,
    /// A note that something falls short: a wait below the minimum.
    Shortfall,
    /// A claim that stands.
    Confirmed,
    /// A claim below the hand's value.
    Underscored,
}

/// How each role looks: what is written before and after a piece of text of that role.
pub trait Paint: Sync {
    /// Writes what goes before a piece of text of `role`.
    fn open(&self, out: &mut String, role: Role);
    /// Writes what goes after it.
    fn close(&self, out: &mut String, role: Role);
}

/// No look at all: the text alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct Plain;

impl Paint for Plain {
    fn open(&self, _out: &mut String, _role: Role) {}
    fn close(&self, _out: &mut String, _role: Role) {}
}

/// ANSI colours, for a terminal.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ansi;

impl Ansi {
    fn style(role: Role) -> Style {
        let style = Style::new();
        match role {
            Role::Label | Role::Heading | Role::Strong => style.bold(),
            Role::PatternId => style.cyan(),
            Role::Points => style.green(),
            Role::Total => style.bold().green(),
            Role::Problem => style.red().bold(),
            Role::Shortfall => style.red(),
            Role::Confirmed => style.green().bold(),
            Role::Underscored => style.yellow().bold(),
        }
    }
}

impl Paint for Ansi {
    fn open(&self, out: &mut String, role: Role) {
        let _ = write!(out, "{}", Ansi::style(role).prefix_formatter());
    }

    fn close(&self, out: &mut String, role: Role) {
        let _ = write!(out, "{}", Ansi::style(role).suffix_formatter());
    }
}

/// The width of a label, padding included: labels and values line up in two columns.
pub(crate) const LABEL_WIDTH: usize = 12;

/// Writes what `body` writes, as `role` looks.
pub(crate) fn paint(
    out: &mut String,
    look: &dyn Paint,
    role: Role,
    body: impl FnOnce(&mut String),
) {
    look.open(out, role);
    body(out);
    look.close(out, role);
}

/// Writes `text` as `role` looks.
pub(crate) fn paint_str(out: &mut String, look: &dyn Paint, role: Role, text: &str) {
    paint(out, look, role, |out| out.push_str(text));
}

/// `text` as `role` looks, in a new `String`.
pub(crate) fn painted(look: &dyn Paint, role: Role, text: impl std::fmt::Display) -> String {
    let mut out = String::new();
    paint(&mut out, look, role, |out| {
        let _ = write!(out, "{text}");
    });
    out
}

/// A label the program names, padded to [`LABEL_WIDTH`] columns when the program is
/// compiled: `padded_label!("Total")` is `Total` and seven spaces. Writing it is one
/// copy, where [`write_label`] counts a text's characters and writes its padding apart:
/// some sixty instructions more, for each of the eight labels of a hand.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PaddedLabel(&'static str);

impl PaddedLabel {
    /// `padded`, which [`pad_label`] made (the work of the crate's `padded_label!` macro).
    pub const fn of_padded(padded: &'static str) -> PaddedLabel {
        assert!(
            padded.len() == LABEL_WIDTH,
            "a padded label fills its column"
        );
        PaddedLabel(padded)
    }
}

/// `text` padded with spaces to [`LABEL_WIDTH`] bytes, for the crate's `padded_label!`
/// macro: an ASCII label no wider than the column.
pub(crate) const fn pad_label(text: &str) -> [u8; LABEL_WIDTH] {
    let bytes = text.as_bytes();
    assert!(bytes.len() <= LABEL_WIDTH, "a label fits its column");
    let mut padded = [b' '; LABEL_WIDTH];
    let mut i = 0;
    while i < bytes.len() {
        assert!(bytes[i].is_ascii(), "a label is ASCII");
        padded[i] = bytes[i];
        i += 1;
    }
    padded
}

/// The [`PaddedLabel`] of a label the program names: `padded_label!("Total")`.
macro_rules! padded_label {
    ($text:literal) => {{
        const PADDED: [u8; $crate::style::LABEL_WIDTH] =
            $crate::style::pad_label($text);
        const LABEL: $crate::style::PaddedLabel =
            $crate::style::PaddedLabel::of_padded(match ::std::str::from_utf8(&PADDED) {
                Ok(text) => text,
                Err(_) => panic!("a label is ASCII"),
            });
        LABEL
    }};
}
pub(crate) use padded_label;

/// Writes a label the program names (see [`PaddedLabel`]), as [`write_label`] does.
pub(crate) fn write_padded_label(out: &mut String, look: &dyn Paint, label: PaddedLabel) {
    paint(out, look, Role::Label, |out| out.push_str(label.0));
}

/// Writes a line's label: padded to [`LABEL_WIDTH`] columns, as [`Role::Label`] looks
/// (the padding too), without the space after it.
pub(crate) fn write_label(out: &mut String, look: &dyn Paint, text: &str) {
    // An empty label's padding, the most any label needs: written in one piece.
    const BLANK_LABEL: &str = "            ";
    paint(out, look, Role::Label, |out| {
        out.push_str(text);
        // Characters counted as the bytes that start one: a label is a word or two, too
        // short for `chars().count()`'s setup to pay.
        let characters = text.bytes().filter(|&b| b & 0xc0 != 0x80).count();
        let padding = LABEL_WIDTH.saturating_sub(characters);
        out.push_str(&BLANK_LABEL[..padding]);
    });
}

/// A line's label in a new `String` (see `write_label`).
pub fn label(look: &dyn Paint, text: &str) -> String {
    let mut out = String::new();
    write_label(&mut out, look, text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use owo_colors::OwoColorize;

    #[test]
    fn ansi_writes_what_owo_colors_writes() {
        // Each role's look as the renderers painted it before roles: the same bytes.
        let cases = [
            (Role::Label, Style::new().bold()),
            (Role::PatternId, Style::new().cyan()),
            (Role::Points, Style::new().green()),
            (Role::Total, Style::new().bold().green()),
            (Role::Problem, Style::new().red().bold()),
            (Role::Shortfall, Style::new().red()),
            (Role::Confirmed, Style::new().green().bold()),
            (Role::Underscored, Style::new().yellow().bold()),
        ];
        for (role, style) in cases {
            assert_eq!(painted(&Ansi, role, "x"), "x".style(style).to_string());
            assert_eq!(painted(&Plain, role, "x"), "x");
        }
        assert_eq!(label(&Plain, "Total"), format!("{:<12}", "Total"));
        // A label padded when compiled is written as one padded at run time.
        for look in [&Plain as &dyn Paint, &Ansi] {
            let mut padded = String::new();
            write_padded_label(&mut padded, look, padded_label!("Total"));
            assert_eq!(padded, label(look, "Total"));
            let mut empty = String::new();
            write_padded_label(&mut empty, look, padded_label!(""));
            assert_eq!(empty, label(look, ""));
        }
        assert_eq!(
            label(&Ansi, "Total"),
            format!("{:<12}", "Total")
                .style(Style::new().bold())
                .to_string()
        );
    }
}
