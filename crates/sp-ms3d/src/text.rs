//! Fixed-size NUL-padded strings: decoded as Windows-1252 up to the first NUL (all 256 byte
//! values decode, so decoding never fails); encoded back for the writer.

use crate::{Error, Result};

/// Decodes bytes up to the first NUL (or the whole slice when there is none) as Windows-1252.
pub fn decode_fixed(bytes: &[u8]) -> String {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    decode(&bytes[..end])
}

/// Decodes a whole byte slice (comments store a length, no NUL) as Windows-1252.
pub fn decode(bytes: &[u8]) -> String {
    let (text, _had_errors) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
    text.into_owned()
}

/// Encodes `value` as Windows-1252, failing on characters it cannot represent.
pub fn encode(field: &'static str, value: &str) -> Result<Vec<u8>> {
    let (bytes, _, had_errors) = encoding_rs::WINDOWS_1252.encode(value);
    if had_errors || bytes.contains(&0) {
        return Err(Error::Unencodable {
            field,
            value: value.to_owned(),
        });
    }
    Ok(bytes.into_owned())
}

/// Encodes `value` into a NUL-padded field of `size` bytes (at most `size - 1` bytes of text so
/// a NUL always ends it).
pub fn encode_fixed(field: &'static str, value: &str, size: usize) -> Result<Vec<u8>> {
    let mut bytes = encode(field, value)?;
    if bytes.len() >= size {
        return Err(Error::StringTooLong {
            field,
            value: value.to_owned(),
            len: bytes.len(),
            max: size - 1,
        });
    }
    bytes.resize(size, 0);
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_up_to_nul_as_cp1252() {
        assert_eq!(decode_fixed(b"ab\0cd"), "ab");
        assert_eq!(decode_fixed(b"abc"), "abc");
        assert_eq!(decode_fixed(&[0x80, 0xE9, 0]), "\u{20AC}\u{E9}");
    }

    #[test]
    fn encode_rejects_long_and_unencodable() {
        assert_eq!(
            encode_fixed("name", "é€", 4).ok(),
            Some(vec![0xE9, 0x80, 0, 0])
        );
        assert!(matches!(
            encode_fixed("name", "abcd", 4),
            Err(Error::StringTooLong { .. })
        ));
        assert!(matches!(
            encode_fixed("name", "日本", 32),
            Err(Error::Unencodable { .. })
        ));
    }
}
