//! Decimal numbers written without the formatting machinery: every line of a batch writes
//! a few (points, payments, line numbers), and `write!` costs hundreds of instructions for
//! each. The renderers and the rule sets' payment lines share these.

use std::fmt::{self, Write};

/// Writes `n` in decimal, as `n.to_string()` does, without the formatting machinery: every
/// line of a batch writes a few numbers.
#[inline]
pub(crate) fn write_uint<W: Write>(w: &mut W, n: u64) -> fmt::Result {
    let digit = |d: u64| char::from(b'0' + d as u8);
    // Most numbers of a line (points, payments) have one or two digits.
    if n < 10 {
        return w.write_char(digit(n));
    }
    if n < 100 {
        w.write_char(digit(n / 10))?;
        return w.write_char(digit(n % 10));
    }
    if n < 1000 {
        return w.write_str(three_digits(n));
    }
    // Groups of three digits, the highest first (u64::MAX has seven groups).
    write_uint(w, n / 1000)?;
    w.write_str(three_digits(n % 1000))
}

/// "000", "001", … "999" laid end to end: [`write_uint`] writes a group of three digits as
/// one slice of it instead of a character at a time.
const THREE_DIGITS: &str = {
    const BYTES: [u8; 3000] = {
        let mut bytes = [0u8; 3000];
        let mut n = 0;
        while n < 1000 {
            bytes[3 * n] = b'0' + (n / 100) as u8;
            bytes[3 * n + 1] = b'0' + (n / 10 % 10) as u8;
            bytes[3 * n + 2] = b'0' + (n % 10) as u8;
            n += 1;
        }
        bytes
    };
    match std::str::from_utf8(&BYTES) {
        Ok(digits) => digits,
        Err(_) => panic!("the digits are ASCII"),
    }
};

/// The three digits of `n` (below 1000), with leading zeros.
fn three_digits(n: u64) -> &'static str {
    let at = n as usize * 3;
    &THREE_DIGITS[at..at + 3]
}

/// Writes `n` in decimal, a `-` before a negative number, as `n.to_string()` does.
pub(crate) fn write_int<W: Write>(w: &mut W, n: i64) -> fmt::Result {
    if n < 0 {
        w.write_char('-')?;
    }
    write_uint(w, n.unsigned_abs())
}
