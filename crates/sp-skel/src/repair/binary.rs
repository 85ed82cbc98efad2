//! Binary repair: header and string table rewritten for the file's own layout, fixed strings,
//! then every byte after the original table copied unchanged.

use std::collections::{BTreeMap, BTreeSet};

use super::atlas_out::atlas_output;
use super::report::{Change, RepairReport, charset_fix_label, reason};
use crate::binary::{SkelString, read_binary, write_header};
use crate::check::Checker;
use crate::defects::{DefectKind, Location, RepairOptions};
use crate::format::Format;
use crate::info::table_names;
use crate::{Result, text};

/// A binary repair without its body: write `header`, then the input from `body_offset` on.
///
/// Made from a prefix of the file, so a caller can stream a large body (the CLI copies it
/// file-to-file) instead of holding it in memory.
#[derive(Clone, Debug)]
pub struct BinaryRepairPlan {
    /// The new header + string table.
    pub header: Vec<u8>,
    /// Where the original body starts (the original header size).
    pub body_offset: u64,
    /// The atlas to write, when one was given.
    pub atlas: Option<Vec<u8>>,
    /// The report (its `bytes_copied_unchanged` is filled by the caller that knows the file
    /// length; [`plan_binary_repair`] sets it from `total_len`).
    pub report: RepairReport,
}

/// Plans the repair of a binary skeleton from a prefix holding its header and string table
/// (a too-short prefix gives [`crate::Error::Truncated`]). `total_len` is the file's length.
pub fn plan_binary_repair(
    prefix: &[u8],
    total_len: u64,
    options: &RepairOptions<'_>,
) -> Result<BinaryRepairPlan> {
    crate::check_size(total_len)?;
    let skel = read_binary(prefix)?;
    let checker = Checker::new(options, &table_names(&skel))?;
    let mut strings = skel.strings.clone();
    let mut changes = Vec::new();
    for (index, s) in strings.iter_mut().enumerate() {
        let (Some(raw), Some(name)) = (s.bytes(), s.intended()) else {
            continue;
        };
        let fixed = checker.fix(&name);
        let misread = text::runtime_misreads(raw);
        if fixed.is_none() && !misread {
            continue;
        }
        let (after, mut kinds) = fixed.unwrap_or_else(|| (name.clone(), BTreeSet::new()));
        if misread {
            kinds.insert(DefectKind::RuntimeDecoding);
        }
        let new = SkelString::from_text(&after);
        if new.bytes() == Some(raw) {
            continue;
        }
        changes.push((index, name, after, kinds));
        *s = new;
    }
    let mut header = Vec::with_capacity(skel.header_size as usize + 64);
    write_header(&skel.header, &strings, &mut header)?;
    // Final texts → indices, to note changes that make two strings equal.
    let mut by_text: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (index, s) in strings.iter().enumerate() {
        if let Some(t) = s.intended() {
            by_text.entry(t).or_default().push(index);
        }
    }
    let changes = changes
        .into_iter()
        .map(|(index, before, after, kinds)| {
            let mut why = reason(&kinds, checker.charset_fix);
            let equal = by_text.get(&after).and_then(|v| v.iter().find(|j| **j != index));
            if let Some(other) = equal {
                why.push_str(&format!(
                    "; now equal to string {other}: if both name attachments of one slot, one will replace the other"
                ));
            }
            Change {
                location: Location::Index(index as u32),
                before: Some(before),
                after: Some(after),
                kinds: kinds.into_iter().collect(),
                reason: why,
            }
        })
        .collect();
    let atlas = atlas_output(&checker, options.atlas);
    let report = RepairReport {
        format: Format::Binary,
        version: skel.header.version.text(),
        hash: skel.header.hash.display(),
        charset_fix: charset_fix_label(checker.charset_fix),
        changes,
        unresolved: Vec::new(),
        atlas: atlas.as_ref().map(|(_, r)| r.clone()),
        header_size_before: Some(skel.header_size),
        header_size_after: Some(header.len() as u64),
        bytes_copied_unchanged: total_len.saturating_sub(skel.header_size),
    };
    Ok(BinaryRepairPlan {
        header,
        body_offset: skel.header_size,
        atlas: atlas.map(|(b, _)| b),
        report,
    })
}
