//! Quick tests of whole texts for the plain case: every byte printable ASCII, looked at
//! eight at a time in a `u64` ("SWAR"). The renderers ask, for every input line and
//! arrangement they write, whether a text needs escaping or replacing; nearly every text
//! is plain ASCII, and this answers in about one instruction a byte where a byte-by-byte
//! look at its exact classes took three. A text it does not call plain (a control, a quote
//! where it matters, or any byte of a character beyond ASCII) is left to the exact look.

/// 0x01 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte.
const HIGHS: u64 = ONES * 0x80;

/// The high bit of each byte of `word` that is not printable ASCII (below 0x20, or 0x7F
/// and above); 0 when every byte is. Exact as an "any": a borrow or a carry crosses into
/// the next byte only from a byte that is itself outside.
#[inline]
fn outside_printable(word: u64) -> u64 {
    // Below 0x20: `- 0x20` borrows into the high bit, which the byte did not have.
    let below_space = word.wrapping_sub(ONES * 0x20) & !word;
    // 0x7F: `+ 1` reaches the high bit; 0x80 and above have it already.
    let high_or_delete = word.wrapping_add(ONES) | word;
    (below_space | high_or_delete) & HIGHS
}

/// The high bit of each byte of `word` equal to `byte` (exact as an "any", as above).
#[inline]
fn equal_to(word: u64, byte: u8) -> u64 {
    let zeroed = word ^ (ONES * u64::from(byte));
    zeroed.wrapping_sub(ONES) & !zeroed & HIGHS
}

/// ORs `test` of every eight bytes of `bytes` (the last eight overlapping the ones before
/// when the length is not a multiple of eight; a text shorter than eight padded with
/// spaces, which pass every test here).
#[inline]
fn any_word(bytes: &[u8], test: impl Fn(u64) -> u64) -> u64 {
    let word = |eight: &[u8]| u64::from_le_bytes(eight.try_into().expect("eight bytes"));
    if bytes.len() < 8 {
        let mut padded = [b' '; 8];
        padded[..bytes.len()].copy_from_slice(bytes);
        return test(u64::from_le_bytes(padded));
    }
    let mut chunks = bytes.chunks_exact(8);
    let mut found = chunks
        .by_ref()
        .fold(0, |found, eight| found | test(word(eight)));
    if !chunks.remainder().is_empty() {
        found |= test(word(&bytes[bytes.len() - 8..]));
    }
    found
}

/// Whether every byte of `text` is printable ASCII (0x20 to 0x7E): no control, no DEL and
/// no character beyond ASCII.
pub(crate) fn is_printable(text: &str) -> bool {
    any_word(text.as_bytes(), outside_printable) == 0
}

/// [`is_printable`], and no `"` or `\` either: a JSON string that needs no escape.
pub(crate) fn is_printable_unquoted(text: &str) -> bool {
    let test = |word| outside_printable(word) | equal_to(word, b'"') | equal_to(word, b'\\');
    any_word(text.as_bytes(), test) == 0
}

#[cfg(test)]
mod tests {
    use super::{is_printable, is_printable_unquoted};

    /// The byte-by-byte answers, to check the eight-at-a-time ones against.
    fn printable_bytes(text: &str) -> bool {
        text.bytes().all(|b| (0x20..0x7f).contains(&b))
    }

    #[test]
    fn every_byte_at_every_place_and_length() {
        // Each byte value at each position of texts of 1 to 20 bytes (below 8, exactly 8,
        // a multiple of 8, and an overlapping last word), among plain letters: the quick
        // answer agrees with the byte-by-byte one, and a quote or backslash is only refused
        // by the JSON test.
        for length in 1..=20 {
            for at in 0..length {
                for byte in 0..=0x7fu8 {
                    let mut bytes = vec![b'a'; length];
                    bytes[at] = byte;
                    let text = std::str::from_utf8(&bytes).expect("ASCII");
                    let printable = printable_bytes(text);
                    assert_eq!(
                        is_printable(text),
                        printable,
                        "{byte:#x} at {at} of {length}"
                    );
                    let unquoted = printable && byte != b'"' && byte != b'\\';
                    assert_eq!(is_printable_unquoted(text), unquoted, "{byte:#x} at {at}");
                }
            }
        }
    }

    #[test]
    fn characters_beyond_ascii_are_never_plain() {
        for text in ["½", "門前清", "b123 🀄", "\u{85}", "é", "abcdefgh\u{7f}"] {
            assert!(!is_printable(text), "{text:?}");
            assert!(!is_printable_unquoted(text), "{text:?}");
        }
        assert!(is_printable(""), "nothing is plain");
        assert!(is_printable(
            "b123 c456 d789 w11 +b1 seat=s # a comment: fine"
        ));
    }
}
