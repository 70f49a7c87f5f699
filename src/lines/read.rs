//! Reading a list of hands line by line with bounded memory: each line whole or refused as
//! too long, a byte-order mark and CRLF line endings dropped, comments and blank lines
//! skipped whatever their bytes; and the search for a session's first `players:` line
//! ahead of a run.

use std::borrow::Cow;
use std::io::{self, BufRead, BufReader, Read};

use crate::line::{LineError, MAX_LINE};
use crate::session::{self, Directive};

/// A line as read: its text (lossy for display when it is not UTF-8) or why it is unusable.
pub(crate) enum Line<'a> {
    /// A line holding a hand. Borrowed, unless bytes of its comment had to be replaced.
    Text(Cow<'a, str>),
    /// A line that is not text the parser can read.
    Unusable {
        /// The line as far as it can be shown.
        display: String,
        /// Why it cannot be read.
        error: LineError,
    },
    /// A blank line or a `#` comment line, whatever its bytes and its length.
    Skipped,
}

/// Reads lines with a bounded buffer. `\n` ends a line; a `\r` before it (or at the end of
/// the input) is dropped, and so not counted against 64 KiB (`MAX_LINE`): a line of the limit's
/// length reads the same with a Windows line ending.
pub(crate) struct LineReader<R> {
    reader: BufReader<R>,
    buffer: Vec<u8>,
    number: usize,
}

impl<R: Read> LineReader<R> {
    /// Reads lines from `reader`.
    pub fn new(reader: R) -> Self {
        LineReader {
            reader: BufReader::with_capacity(64 * 1024, reader),
            buffer: Vec::with_capacity(256),
            number: 0,
        }
    }

    /// True when the next read has to ask the underlying reader, and so may wait.
    pub fn would_wait(&self) -> bool {
        self.reader.buffer().is_empty()
    }

    /// The next line and its 1-based number, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Line<'_>)>> {
        self.buffer.clear();
        if self.number == 0 {
            self.skip_byte_order_mark()?;
        }
        // The line's first byte that is not blank, once seen: it decides whether the line is
        // skipped, so that a comment or a blank line is skipped even when it is too long or
        // not UTF-8.
        let mut first: Option<u8> = None;
        let read = read_line_within(&mut self.reader, &mut self.buffer, |piece| {
            if first.is_none() {
                first = first_non_blank(piece);
            }
        })?;
        let Some(too_long) = read else {
            return Ok(None);
        };
        self.number += 1;
        if matches!(first, None | Some(b'#')) {
            return Ok(Some((self.number, Line::Skipped)));
        }
        if too_long {
            return Ok(Some((
                self.number,
                Line::Unusable {
                    display: String::new(),
                    error: LineError::TooLong,
                },
            )));
        }
        let line = match std::str::from_utf8(&self.buffer) {
            Ok(text) => Line::Text(Cow::Borrowed(text)),
            // Bytes after a `#` are a comment, never read: shown replaced, not an error.
            Err(e) if self.buffer[..e.valid_up_to()].contains(&b'#') => {
                Line::Text(String::from_utf8_lossy(&self.buffer))
            }
            Err(e) => {
                let valid = std::str::from_utf8(&self.buffer[..e.valid_up_to()]).unwrap_or("");
                Line::Unusable {
                    display: String::from_utf8_lossy(&self.buffer).into_owned(),
                    error: LineError::NotUtf8 {
                        column: valid.chars().count() + 1,
                    },
                }
            }
        };
        Ok(Some((self.number, line)))
    }
}

impl<R: Read> LineReader<R> {
    /// Skips a UTF-8 byte-order mark at the start of the input (Excel and Notepad write
    /// one): it is no part of line 1. Only a mark the first read brings in whole is seen.
    fn skip_byte_order_mark(&mut self) -> io::Result<()> {
        const BOM: &[u8] = "\u{FEFF}".as_bytes();
        let available = loop {
            match self.reader.fill_buf() {
                Ok(bytes) => break bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        if available.starts_with(BOM) {
            self.reader.consume(BOM.len());
        }
        Ok(())
    }
}

fn first_non_blank(bytes: &[u8]) -> Option<u8> {
    bytes.iter().copied().find(|b| !b.is_ascii_whitespace())
}

/// The first `players:` line of `input` that seats a table, read ahead of a run (a
/// format with a header must know the session's columns before the first row:
/// [`Settings::session_ahead`](super::Settings::session_ahead)). Only the lines holding a
/// `:` are looked at closely, and no hand holds one: a list of hands is passed over at
/// little more than the cost of reading its bytes. Memory stays bounded: a line longer
/// than 64 KiB is an error in the run, never a `players:` line, so no more of it is kept.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub fn first_players(input: impl std::io::Read) -> std::io::Result<Option<[String; 4]>> {
    use std::io::BufRead;
    let mut input = std::io::BufReader::with_capacity(64 * 1024, input);
    // What is consumed always ends with a line: each buffer starts a line.
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(None);
        }
        let Some(last) = memchr::memrchr(b'\n', buffer) else {
            // Not one whole line in the buffer: it is read in pieces, kept up to the limit.
            if let Some(line) = bounded_line(&mut input)? {
                if let Some(names) = players_of(&line) {
                    return Ok(Some(names));
                }
            }
            continue;
        };
        let lines = &buffer[..=last];
        for colon in memchr::memchr_iter(b':', lines) {
            let start = memchr::memrchr(b'\n', &lines[..colon]).map_or(0, |n| n + 1);
            let end = start + memchr::memchr(b'\n', &lines[start..]).unwrap_or(lines.len() - start);
            if let Some(names) = players_of(&lines[start..end]) {
                return Ok(Some(names));
            }
        }
        input.consume(last + 1);
    }
}

/// The next line of `input` (its line feed consumed), or `None` when it is longer than
/// 64 KiB (`MAX_LINE`) bytes.
fn bounded_line(input: &mut impl io::BufRead) -> io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let too_long = read_line_within(input, &mut line, |_| {})?;
    Ok(too_long.is_some_and(|too_long| !too_long).then_some(line))
}

/// Reads the next line of `input` into `line` (empty), its line feed consumed and a CRLF's
/// `\r` dropped, keeping at most 64 KiB (`MAX_LINE`) bytes of it: what is past the limit is read and
/// dropped, and the line is left empty. `piece` sees each piece of the line as it is read.
/// `None` at the end of the input; else whether the line was too long.
pub(super) fn read_line_within(
    input: &mut impl io::BufRead,
    line: &mut Vec<u8>,
    mut piece: impl FnMut(&[u8]),
) -> io::Result<Option<bool>> {
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        read_any = true;
        let (chunk, found_end) = match memchr::memchr(b'\n', available) {
            Some(i) => (&available[..i], true),
            None => (available, false),
        };
        piece(chunk);
        if !too_long {
            // One byte over the limit is held: it may be the `\r` of a CRLF line ending,
            // which is no part of the line (checked below, once it is dropped).
            if line.len() + chunk.len() > MAX_LINE + 1 {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let consumed = chunk.len() + usize::from(found_end);
        input.consume(consumed);
        if found_end {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > MAX_LINE {
        line.clear();
        return Ok(Some(true));
    }
    Ok(Some(false))
}

/// The names a `players:` line seats, if `line` is one that can be read.
fn players_of(line: &[u8]) -> Option<[String; 4]> {
    match session::directive(&String::from_utf8_lossy(line))? {
        Ok(Directive::Players(names)) => Some(names),
        _ => None,
    }
}

