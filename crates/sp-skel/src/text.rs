//! Strings as the Spine runtimes read and write them, and the whitespace rule of issue #150.
//!
//! A binary string is `varint n` then `n − 1` bytes (`n = 0` is null, `n = 1` is empty). The
//! runtimes do not decode those bytes with a charset: per lead byte `b`, `b >> 4` of 12 or 13
//! starts a 2-byte sequence, 14 a 3-byte sequence, and anything else (ASCII, stray continuation
//! bytes, 4-byte leads) is one UTF-16 unit equal to the byte value. So BMP text in UTF-8 decodes
//! correctly, and supplementary characters (emoji) only decode correctly when written as two
//! 3-byte surrogate sequences (CESU-8), which is what [`runtime_encode`] writes.

/// Decodes string bytes exactly as the Spine runtimes do (Java `SkeletonInput.readString`,
/// spine-ts `BinaryInput.readString`), into UTF-16 units.
///
/// Differences from the runtimes: a multi-byte sequence cut by the end of the string is decoded
/// from the bytes that exist (the runtimes would read past the string); lone surrogates become
/// U+FFFD when turned into a Rust `String` (see [`runtime_decode`]).
pub fn runtime_decode_utf16(bytes: &[u8]) -> Vec<u16> {
    let mut units = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let byte = |k: usize| u16::from(bytes.get(k).copied().unwrap_or(0));
    while i < bytes.len() {
        let b = u16::from(bytes[i]);
        match b >> 4 {
            12 | 13 => {
                units.push(((b & 0x1F) << 6) | (byte(i + 1) & 0x3F));
                i += 2;
            }
            14 => {
                units.push(((b & 0x0F) << 12) | ((byte(i + 1) & 0x3F) << 6) | (byte(i + 2) & 0x3F));
                i += 3;
            }
            _ => {
                units.push(b);
                i += 1;
            }
        }
    }
    units
}

/// The text the runtimes see for these string bytes (lone surrogates become U+FFFD).
pub fn runtime_decode(bytes: &[u8]) -> String {
    String::from_utf16_lossy(&runtime_decode_utf16(bytes))
}

/// The text a string's bytes were meant to carry: strict UTF-8 when the bytes are valid UTF-8
/// (the editor writes UTF-8), otherwise what the runtimes decode.
pub fn intended_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => runtime_decode(bytes),
    }
}

/// True when the runtimes decode these bytes to something else than their UTF-8 reading: valid
/// UTF-8 containing supplementary characters (4-byte sequences).
pub fn runtime_misreads(bytes: &[u8]) -> bool {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.chars().any(|c| c.len_utf16() == 2),
        Err(_) => false,
    }
}

/// Encodes `text` so that the runtimes decode it back to `text`: UTF-8 for BMP characters,
/// and each supplementary character as its two UTF-16 surrogates in 3-byte form (CESU-8).
pub fn runtime_encode(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        if c.len_utf16() == 1 {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        } else {
            let mut pair = [0u16; 2];
            for unit in c.encode_utf16(&mut pair).iter() {
                out.push(0xE0 | (unit >> 12) as u8);
                out.push(0x80 | ((unit >> 6) & 0x3F) as u8);
                out.push(0x80 | (unit & 0x3F) as u8);
            }
        }
    }
    out
}

/// Whitespace for the #150 rule: Unicode whitespace (`char::is_whitespace`, which includes the
/// ideographic space U+3000) and every character up to U+0020 (what Java's `String.trim`, used
/// by libGDX's atlas reader on region names, removes).
pub fn is_trimmed_char(c: char) -> bool {
    c <= ' ' || c.is_whitespace()
}

/// `text` without trailing whitespace (see [`is_trimmed_char`]).
pub fn trim_end(text: &str) -> &str {
    text.trim_end_matches(is_trimmed_char)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bmp_utf8_decodes_like_utf8() {
        let s = "改 coin-front ä";
        assert_eq!(runtime_decode(s.as_bytes()), s);
        assert!(!runtime_misreads(s.as_bytes()));
    }

    #[test]
    fn four_byte_sequences_are_misread_and_cesu8_fixes_them() {
        let s = "fire🔥";
        assert!(runtime_misreads(s.as_bytes()));
        assert_ne!(runtime_decode(s.as_bytes()), s);
        let cesu = runtime_encode(s);
        assert_eq!(cesu.len(), 4 + 6);
        assert_eq!(runtime_decode(&cesu), s);
    }

    #[test]
    fn stray_bytes_decode_as_latin1_units() {
        assert_eq!(
            runtime_decode_utf16(&[0x41, 0x80, 0xFF]),
            vec![0x41, 0x80, 0xFF]
        );
        // A cut 3-byte sequence does not read past the slice.
        assert_eq!(runtime_decode_utf16(&[0xE6]).len(), 1);
    }

    #[test]
    fn trims_ascii_and_ideographic_spaces() {
        assert_eq!(trim_end("F_Weaon_Af3 "), "F_Weaon_Af3");
        assert_eq!(trim_end("a\t\r\n\u{3000}"), "a");
        assert_eq!(trim_end(" lead"), " lead");
    }
}
