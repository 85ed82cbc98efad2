//! The structured repair report (serde): each change with its location, before → after, why.

use std::collections::BTreeSet;
use ts_rs::TS;

use serde::{Deserialize, Serialize};

use crate::atlas::AtlasChange;
use crate::defects::{CharsetFix, DefectKind, Location};
use crate::format::Format;

/// One name changed in the skeleton.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Change {
    /// String-table index or JSON path.
    #[serde(flatten)]
    pub location: Location,
    /// The name before (`None` only for a null string, which is never changed).
    pub before: Option<String>,
    /// The name after.
    pub after: Option<String>,
    /// The defects this change fixes.
    pub kinds: Vec<DefectKind>,
    /// Human-readable reason.
    pub reason: String,
}

/// A defect found but deliberately left unchanged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Unresolved {
    /// String-table index or JSON path.
    #[serde(flatten)]
    pub location: Location,
    /// The name.
    pub value: Option<String>,
    /// The defects left.
    pub kinds: Vec<DefectKind>,
    /// Why it was not changed.
    pub reason: String,
}

/// What happened to the atlas.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AtlasReport {
    /// Encoding detected (`UTF-8`, `GBK/GB18030`, `Big5`, …).
    pub encoding: String,
    /// True when the input started with a UTF-8 BOM.
    pub bom: bool,
    /// Number of regions found.
    pub regions: usize,
    /// True when the atlas written differs from the input.
    pub changed: bool,
    /// Encoding of the atlas written.
    pub written_encoding: String,
    /// Region names changed (trailing whitespace removed).
    pub changes: Vec<AtlasChange>,
}

/// The result of a repair, shown in the UI and written next to the repaired files.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RepairReport {
    /// `"json"` or `"binary"`.
    pub format: Format,
    /// The skeleton's version.
    pub version: Option<String>,
    /// The hash, kept unchanged (see the crate docs: no runtime verifies it, and it still
    /// identifies the export the file came from).
    pub hash: Option<String>,
    /// `"reencode-atlas"` or `"legacy-reader:<charset>"`.
    pub charset_fix: String,
    /// Names changed, in string-table or file order.
    pub changes: Vec<Change>,
    /// Defects left unchanged, with the reason.
    pub unresolved: Vec<Unresolved>,
    /// The atlas, when one was given.
    pub atlas: Option<AtlasReport>,
    /// Binary: header + string table size before.
    pub header_size_before: Option<u64>,
    /// Binary: header + string table size after.
    pub header_size_after: Option<u64>,
    /// Bytes after the header (binary) copied unchanged, or bytes of the JSON text kept
    /// unchanged (everything but the replaced string tokens).
    pub bytes_copied_unchanged: u64,
}

/// The charset choice as a report string.
pub(crate) fn charset_fix_label(fix: CharsetFix) -> String {
    match fix {
        CharsetFix::ReencodeAtlas => "reencode-atlas".to_owned(),
        CharsetFix::LegacyReader(e) => format!("legacy-reader:{}", crate::atlas::encoding_name(e)),
    }
}

/// The reason text of a change.
pub(crate) fn reason(kinds: &BTreeSet<DefectKind>, fix: CharsetFix) -> String {
    let mut parts: Vec<String> = Vec::new();
    for kind in kinds {
        parts.push(match (kind, fix) {
            (DefectKind::CharsetMismatch, CharsetFix::LegacyReader(e)) => format!(
                "rewritten to what a reader decoding the atlas as {} sees (#160)",
                crate::atlas::encoding_name(e)
            ),
            (kind, _) => kind.explain().to_owned(),
        });
    }
    parts.join("; ")
}
