//! JSON repair: attachment names renamed consistently at every place they appear, by
//! replacing only those string tokens; every other byte of the file is copied unchanged (key
//! order, number formatting and whitespace included).
//!
//! A rename that would make two sibling keys equal (e.g. entries `"a"` and `"a "` of one slot)
//! is not made: the name is reported as unresolved at every place it appears.

use std::collections::{BTreeMap, BTreeSet};

use super::atlas_out::atlas_output;
use super::report::{Change, RepairReport, Unresolved, charset_fix_label, reason};
use crate::Result;
use crate::check::Checker;
use crate::defects::{DefectKind, Location, RepairOptions};
use crate::format::Format;
use crate::info::json_names;
use crate::json::read_json;

/// Repairs a JSON skeleton; returns the new text, the atlas to write and the report.
pub(crate) fn repair_json(
    bytes: &[u8],
    options: &RepairOptions<'_>,
) -> Result<(Vec<u8>, Option<Vec<u8>>, RepairReport)> {
    let skel = read_json(bytes)?;
    let checker = Checker::new(options, &json_names(&skel))?;
    let sites = &skel.names.sites;

    let mut renames: BTreeMap<String, (String, BTreeSet<DefectKind>)> = BTreeMap::new();
    for site in sites {
        if !renames.contains_key(&site.token.text)
            && let Some(fix) = checker.fix(&site.token.text)
        {
            renames.insert(site.token.text.clone(), fix);
        }
    }

    // Drop renames that would make sibling keys collide, until none do.
    let mut blocked: BTreeMap<String, String> = BTreeMap::new();
    loop {
        let mut groups: BTreeMap<usize, BTreeMap<String, Vec<&str>>> = BTreeMap::new();
        for site in sites {
            if let Some(group) = site.key_group {
                let original = site.token.text.as_str();
                let final_name = renames.get(original).map_or(original, |(a, _)| a.as_str());
                groups
                    .entry(group)
                    .or_default()
                    .entry(final_name.to_owned())
                    .or_default()
                    .push(original);
            }
        }
        let mut dropped = false;
        for finals in groups.values() {
            for (final_name, originals) in finals {
                if originals.len() < 2 {
                    continue;
                }
                for original in originals {
                    if renames.remove(*original).is_some() {
                        blocked.insert(
                            (*original).to_owned(),
                            format!(
                                "renaming it would make it equal to its sibling key {final_name:?}"
                            ),
                        );
                        dropped = true;
                    }
                }
            }
        }
        if !dropped {
            break;
        }
    }

    let mut changes = Vec::new();
    let mut unresolved = Vec::new();
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for site in sites {
        let text = &site.token.text;
        if let Some((after, kinds)) = renames.get(text) {
            let token = serde_json::to_string(after).unwrap_or_else(|_| format!("\"{after}\""));
            edits.push((site.token.start, site.token.end, token));
            changes.push(Change {
                location: Location::Path(site.path.clone()),
                before: Some(text.clone()),
                after: Some(after.clone()),
                kinds: kinds.iter().copied().collect(),
                reason: reason(kinds, checker.charset_fix),
            });
        } else if let Some(why) = blocked.get(text) {
            unresolved.push(Unresolved {
                location: Location::Path(site.path.clone()),
                value: Some(text.clone()),
                kinds: checker.defects(text).into_iter().collect(),
                reason: why.clone(),
            });
        }
    }
    edits.sort_by_key(|e| e.0);
    let mut out = Vec::with_capacity(bytes.len() + 64);
    let mut at = 0;
    let mut kept = 0u64;
    for (start, end, token) in &edits {
        out.extend_from_slice(&bytes[at..*start]);
        kept += (*start - at) as u64;
        out.extend_from_slice(token.as_bytes());
        at = *end;
    }
    out.extend_from_slice(&bytes[at..]);
    kept += (bytes.len() - at) as u64;

    let atlas = atlas_output(&checker, options.atlas);
    let report = RepairReport {
        format: Format::Json,
        version: skel.header.version.clone(),
        hash: skel.header.hash.clone(),
        charset_fix: charset_fix_label(checker.charset_fix),
        changes,
        unresolved,
        atlas: atlas.as_ref().map(|(_, r)| r.clone()),
        header_size_before: None,
        header_size_after: None,
        bytes_copied_unchanged: kept,
    };
    Ok((out, atlas.map(|(b, _)| b), report))
}
