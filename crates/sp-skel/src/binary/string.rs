//! [`SkelString`]: one string of the binary format, kept as the bytes that were in the file.

use serde::{Deserialize, Serialize};

use crate::text;

/// A string of a binary skeleton: its raw bytes, or null (`varint 0`).
///
/// Bytes are kept as read so that an unchanged string is written back byte for byte, whatever
/// its encoding; [`SkelString::text`] gives what the runtimes decode.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkelString(pub Option<Vec<u8>>);

impl SkelString {
    /// The null string.
    pub fn null() -> Self {
        SkelString(None)
    }

    /// A string the runtimes will decode back to `text` ([`text::runtime_encode`]).
    pub fn from_text(text: &str) -> Self {
        SkelString(Some(text::runtime_encode(text)))
    }

    /// The raw bytes (`None` for null).
    pub fn bytes(&self) -> Option<&[u8]> {
        self.0.as_deref()
    }

    /// True for the null string.
    pub fn is_null(&self) -> bool {
        self.0.is_none()
    }

    /// What the Spine runtimes decode ([`text::runtime_decode`]); `None` for null.
    pub fn text(&self) -> Option<String> {
        self.bytes().map(text::runtime_decode)
    }

    /// What the bytes were meant to say ([`text::intended_text`]); `None` for null.
    pub fn intended(&self) -> Option<String> {
        self.bytes().map(text::intended_text)
    }
}
