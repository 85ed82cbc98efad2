//! Defect kinds, their locations, and [`RepairOptions`] (atlas + how to resolve charsets).

use encoding_rs::Encoding;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What is wrong with a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum DefectKind {
    /// Ark-Pets #150: the name ends with whitespace; libGDX trims atlas region names, the
    /// skeleton reader does not, so the region is not found.
    TrailingWhitespace,
    /// Ark-Pets #160: the name cannot match its atlas region because the atlas is written, or
    /// will be read, in another charset (e.g. a GBK atlas read as UTF-8, or a UTF-8 atlas read
    /// by a GBK-locale JVM).
    CharsetMismatch,
    /// The name has characters outside the BMP (emoji) in 4-byte UTF-8, which the Spine
    /// runtimes' binary string decoder misreads; written as surrogate pairs it reads correctly.
    RuntimeDecoding,
}

impl DefectKind {
    /// A one-sentence explanation for reports.
    pub fn explain(self) -> &'static str {
        match self {
            DefectKind::TrailingWhitespace => {
                "trailing whitespace removed (#150): libGDX trims atlas region names, the skeleton reader does not"
            }
            DefectKind::CharsetMismatch => "name and atlas disagree on the charset (#160)",
            DefectKind::RuntimeDecoding => {
                "supplementary characters re-encoded as surrogate pairs, which the Spine runtimes decode correctly"
            }
        }
    }
}

/// Where a defect or change is: a string-table index (binary) or a JSON path.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum Location {
    /// 0-based index in the binary string table (body references use `index + 1`).
    Index(u32),
    /// JSON path, e.g. `skins[0].attachments.head["eye "].path`.
    Path(String),
}

/// One defect: `{ "kind", "index" | "path", "value" }`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
pub struct Defect {
    /// What is wrong.
    pub kind: DefectKind,
    /// Where.
    #[serde(flatten)]
    pub location: Location,
    /// The name as found.
    pub value: Option<String>,
}

/// How to resolve a charset mismatch (#160): the user's choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CharsetFix {
    /// Re-encode the atlas as UTF-8 (needs the atlas); skeleton names stay as they are.
    #[default]
    ReencodeAtlas,
    /// Rewrite the skeleton's names to what a reader decoding the atlas in this legacy charset
    /// (e.g. GBK: libGDX on a Chinese-locale Windows with Java ≤ 17) will see — the original
    /// loader's approach. The atlas is left as it is.
    LegacyReader(&'static Encoding),
}

/// The atlas (if any) and the charset choice, for both checking and repairing.
#[derive(Clone, Copy, Debug, Default)]
pub struct RepairOptions<'a> {
    /// The skeleton's `.atlas` file, raw bytes.
    pub atlas: Option<&'a [u8]>,
    /// How to resolve charset mismatches.
    pub charset_fix: CharsetFix,
}
