//! JSON or binary: the first non-whitespace byte (after an optional UTF-8 BOM) of a JSON
//! skeleton is `{`; anything else is treated as binary.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The two skeleton formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A `.json` skeleton.
    Json,
    /// A binary `.skel` skeleton.
    Binary,
}

/// Detects the format from the first bytes (1 KiB is enough).
pub fn detect_format(bytes: &[u8]) -> Format {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match body.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') => Format::Json,
        _ => Format::Binary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_both() {
        assert_eq!(
            detect_format(b"\xEF\xBB\xBF \n {\"skeleton\":{}}"),
            Format::Json
        );
        assert_eq!(detect_format(&[0x7c, 0xaa, 0xfe]), Format::Binary);
        // A 3.8 binary file starts with the hash length, never with '{'.
        assert_eq!(detect_format(b"\x1cDq1Q"), Format::Binary);
        assert_eq!(detect_format(b""), Format::Binary);
    }
}
