//! The atlas to write next to a repaired skeleton.

use super::report::AtlasReport;
use crate::atlas::{Atlas, encoding_name};
use crate::check::Checker;
use crate::defects::CharsetFix;

/// The atlas bytes to write and their report: re-encoded to UTF-8 (region names trimmed)
/// when the choice is [`CharsetFix::ReencodeAtlas`], unchanged otherwise.
pub(crate) fn atlas_output(
    checker: &Checker,
    input: Option<&[u8]>,
) -> Option<(Vec<u8>, AtlasReport)> {
    let (atlas, input): (&Atlas, &[u8]) = (checker.atlas.as_ref()?, input?);
    let encoding = encoding_name(atlas.encoding);
    let (bytes, changes) = match checker.charset_fix {
        CharsetFix::ReencodeAtlas => {
            let (bytes, changes) = atlas.to_utf8();
            if bytes == input {
                (input.to_vec(), Vec::new())
            } else {
                (bytes, changes)
            }
        }
        CharsetFix::LegacyReader(_) => (input.to_vec(), Vec::new()),
    };
    let changed = bytes != input;
    let written_encoding = if changed {
        "UTF-8".to_owned()
    } else {
        encoding.clone()
    };
    let report = AtlasReport {
        encoding,
        bom: atlas.bom,
        regions: atlas.regions.len(),
        changed,
        written_encoding,
        changes,
    };
    Some((bytes, report))
}
