//! The mjscore engine as WebAssembly for the referee's page: plain `extern "C"` functions
//! over [`api`], strings passed as pointer and length in linear memory. No wasm-bindgen: the
//! page's loader (`web/page/loader.js`) is forty lines of JavaScript, and the build needs
//! nothing beyond cargo and the wasm32-unknown-unknown target.
//!
//! The protocol, as the loader follows it:
//!
//! 1. `mjs_alloc(len)` reserves `len` bytes and returns where; the caller writes the UTF-8
//!    of a string there, calls, then gives the bytes back with `mjs_free(ptr, len)`.
//! 2. A call (`mjs_score`, `mjs_waits`, ...) returns the length in bytes of its answer,
//!    UTF-8 at `mjs_answer()`, valid until the next call.
//!
//! Each call under a rule set comes twice: `mjs_score` takes a built-in rule set's id and
//! the doubling table's maximum, `mjs_score_file` the text of a rules file in their place
//! (read once, and kept for the calls after it: [`api::Rules`]).
//!
//! Input that is not UTF-8 is read with U+FFFD in place of the bad bytes (the loader always
//! writes UTF-8).

use std::borrow::Cow;
use std::cell::RefCell;

use api::Rules;

pub mod api;

thread_local! {
    /// The last call's answer, read by the caller through [`mjs_answer`].
    static ANSWER: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Keeps `answer` as the last answer and returns its length in bytes.
fn keep(answer: String) -> usize {
    ANSWER.with(|kept| {
        let len = answer.len();
        *kept.borrow_mut() = answer;
        len
    })
}

/// The text at `ptr`, `len` bytes long.
///
/// # Safety
///
/// `ptr` must point to `len` readable bytes (from [`mjs_alloc`]), or `len` must be 0.
unsafe fn text<'a>(ptr: *const u8, len: usize) -> Cow<'a, str> {
    if len == 0 {
        return Cow::Borrowed("");
    }
    // SAFETY: the caller promises `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    String::from_utf8_lossy(bytes)
}

/// A built-in rule set by its id, with the doubling table's maximum.
fn named(id: &str, max: u32) -> Rules<'_> {
    Rules::Named { id, max }
}

/// Reserves `len` bytes for the caller to write a string into; give them back with
/// [`mjs_free`].
#[no_mangle]
pub extern "C" fn mjs_alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len.max(1));
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Gives back bytes reserved by [`mjs_alloc`].
///
/// # Safety
///
/// `ptr` and `len` must be a pointer [`mjs_alloc`] returned and the length it was given,
/// not freed before.
#[no_mangle]
pub unsafe extern "C" fn mjs_free(ptr: *mut u8, len: usize) {
    // SAFETY: `mjs_alloc(len)` made this vector with capacity `len.max(1)`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// Where the last answer starts (its length is what the call returned).
#[no_mangle]
pub extern "C" fn mjs_answer() -> *const u8 {
    ANSWER.with(|kept| kept.borrow().as_ptr())
}

/// Scores one line under the rule set `rules` ([`api::score`]); `all` non-zero lists every
/// reading as `--all` does.
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_score(
    rules: *const u8,
    rules_len: usize,
    line: *const u8,
    line_len: usize,
    max: u32,
    all: u32,
) -> usize {
    // SAFETY: passed on from the caller.
    let (rules, line) = unsafe { (text(rules, rules_len), text(line, line_len)) };
    keep(api::score(named(&rules, max), &line, all != 0))
}

/// What a hand before its win waits for ([`api::waits`]).
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_waits(
    rules: *const u8,
    rules_len: usize,
    line: *const u8,
    line_len: usize,
    max: u32,
) -> usize {
    // SAFETY: passed on from the caller.
    let (rules, line) = unsafe { (text(rules, rules_len), text(line, line_len)) };
    keep(api::waits(named(&rules, max), &line))
}

/// The rule set's reference card ([`api::patterns`]).
///
/// # Safety
///
/// `rules` must point to `rules_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn mjs_patterns(rules: *const u8, rules_len: usize, max: u32) -> usize {
    // SAFETY: passed on from the caller.
    let rules = unsafe { text(rules, rules_len) };
    keep(api::patterns(named(&rules, max)))
}

/// One pattern in full ([`api::explain`]).
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_explain(
    rules: *const u8,
    rules_len: usize,
    query: *const u8,
    query_len: usize,
    max: u32,
) -> usize {
    // SAFETY: passed on from the caller.
    let (rules, query) = unsafe { (text(rules, rules_len), text(query, query_len)) };
    keep(api::explain(named(&rules, max), &query))
}

/// A session's lines, one a line ([`api::session`]); `all` non-zero lists every reading.
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_session(
    rules: *const u8,
    rules_len: usize,
    lines: *const u8,
    lines_len: usize,
    max: u32,
    all: u32,
) -> usize {
    // SAFETY: passed on from the caller.
    let (rules, lines) = unsafe { (text(rules, rules_len), text(lines, lines_len)) };
    keep(api::session(named(&rules, max), &lines, all != 0))
}

/// Scores one line under the rules file `file` (its text): [`mjs_score`] with `--rules FILE`.
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_score_file(
    file: *const u8,
    file_len: usize,
    line: *const u8,
    line_len: usize,
    all: u32,
) -> usize {
    // SAFETY: passed on from the caller.
    let (file, line) = unsafe { (text(file, file_len), text(line, line_len)) };
    keep(api::score(Rules::File(&file), &line, all != 0))
}

/// What a hand before its win waits for, under a rules file ([`mjs_waits`]).
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_waits_file(
    file: *const u8,
    file_len: usize,
    line: *const u8,
    line_len: usize,
) -> usize {
    // SAFETY: passed on from the caller.
    let (file, line) = unsafe { (text(file, file_len), text(line, line_len)) };
    keep(api::waits(Rules::File(&file), &line))
}

/// The reference card of a rules file's rule set ([`mjs_patterns`]).
///
/// # Safety
///
/// `file` must point to `file_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn mjs_patterns_file(file: *const u8, file_len: usize) -> usize {
    // SAFETY: passed on from the caller.
    let file = unsafe { text(file, file_len) };
    keep(api::patterns(Rules::File(&file)))
}

/// One pattern in full, under a rules file ([`mjs_explain`]).
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_explain_file(
    file: *const u8,
    file_len: usize,
    query: *const u8,
    query_len: usize,
) -> usize {
    // SAFETY: passed on from the caller.
    let (file, query) = unsafe { (text(file, file_len), text(query, query_len)) };
    keep(api::explain(Rules::File(&file), &query))
}

/// A session's lines under a rules file ([`mjs_session`]).
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_session_file(
    file: *const u8,
    file_len: usize,
    lines: *const u8,
    lines_len: usize,
    all: u32,
) -> usize {
    // SAFETY: passed on from the caller.
    let (file, lines) = unsafe { (text(file, file_len), text(lines, lines_len)) };
    keep(api::session(Rules::File(&file), &lines, all != 0))
}

/// A rules file checked: the rule set it makes, or its error's line and column
/// ([`api::rules_file`]).
///
/// # Safety
///
/// `file` must point to `file_len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn mjs_rules_file(file: *const u8, file_len: usize) -> usize {
    // SAFETY: passed on from the caller.
    let file = unsafe { text(file, file_len) };
    keep(api::rules_file(&file))
}

/// An event's draw and standings ([`api::event`]): the event file, the files beside it
/// and the tables' sheets (each a name and a text, every one followed by a NUL), and the
/// round after which a round is drawn from the standings (0: the seed's draw).
///
/// # Safety
///
/// Each pointer must point to as many readable bytes as its length says.
#[no_mangle]
pub unsafe extern "C" fn mjs_event(
    event: *const u8,
    event_len: usize,
    beside: *const u8,
    beside_len: usize,
    sheets: *const u8,
    sheets_len: usize,
    after_round: u32,
) -> usize {
    // SAFETY: passed on from the caller.
    let (event, beside, sheets) = unsafe {
        (
            text(event, event_len),
            text(beside, beside_len),
            text(sheets, sheets_len),
        )
    };
    keep(api::event(&event, &beside, &sheets, after_round))
}

/// The notation card ([`api::notation`]).
#[no_mangle]
pub extern "C" fn mjs_notation() -> usize {
    keep(api::notation())
}

/// The rule sets and their context words ([`api::systems`]).
#[no_mangle]
pub extern "C" fn mjs_systems() -> usize {
    keep(api::systems())
}
