//! The name rules shared by binary and JSON skeletons: which defects a name has, and what it
//! becomes when repaired.
//!
//! - trailing whitespace (#150): `after = trim_end(name)`;
//! - charset (#160), with a legacy reader `L` (the user's choice): `L` decodes the atlas
//!   region's bytes `b` (the region matching the name, or the name's UTF-8 when there is no
//!   atlas); the name mismatches when `L(b) ≠ name`, and the repair sets `name = L(b)`;
//! - charset (#160), re-encoding the atlas (the default): a name mismatches when the atlas is
//!   in a legacy encoding in which it matches a region that a UTF-8 reader cannot match (the
//!   repair re-encodes the atlas, the name is unchanged), or when the name is what a GBK reader
//!   makes of a UTF-8 region name — a skeleton already "fixed" by the original loader — in which
//!   case the repair restores the region's real name.
//!
//! All comparisons are on trimmed names (libGDX trims region names).

use std::collections::{BTreeMap, BTreeSet};

use crate::atlas::{Atlas, decode_lossy, read_atlas};
use crate::defects::{CharsetFix, DefectKind, RepairOptions};
use crate::{Result, text};

/// Rules bound to one atlas and charset choice.
pub(crate) struct Checker {
    /// The parsed atlas, when one was given.
    pub atlas: Option<Atlas>,
    /// The user's choice.
    pub charset_fix: CharsetFix,
    /// Trimmed region names in the atlas's own encoding → region index.
    true_names: BTreeMap<String, usize>,
    /// Trimmed region names as the chosen reader decodes them (UTF-8 when re-encoding).
    reader_names: BTreeSet<String>,
    /// Re-encoding a UTF-8 atlas: region names as a GBK reader sees them → the real name.
    gbk_views: BTreeMap<String, String>,
}

impl Checker {
    /// Parses the atlas (if any), using `names` to detect its encoding.
    pub fn new(options: &RepairOptions<'_>, names: &[String]) -> Result<Checker> {
        let atlas = options.atlas.map(|a| read_atlas(a, names)).transpose()?;
        let mut true_names = BTreeMap::new();
        let mut reader_names = BTreeSet::new();
        let mut gbk_views = BTreeMap::new();
        if let Some(atlas) = &atlas {
            let reader = match options.charset_fix {
                CharsetFix::LegacyReader(e) => e,
                CharsetFix::ReencodeAtlas => encoding_rs::UTF_8,
            };
            for (i, region) in atlas.regions.iter().enumerate() {
                let name = text::trim_end(&region.name).to_owned();
                reader_names.insert(text::trim_end(&decode_lossy(reader, &region.raw)).to_owned());
                if options.charset_fix == CharsetFix::ReencodeAtlas
                    && !atlas.is_legacy()
                    && !name.is_ascii()
                {
                    let view =
                        text::trim_end(&decode_lossy(encoding_rs::GB18030, &region.raw)).to_owned();
                    gbk_views.insert(view, name.clone());
                }
                true_names.entry(name).or_insert(i);
            }
        }
        Ok(Checker {
            atlas,
            charset_fix: options.charset_fix,
            true_names,
            reader_names,
            gbk_views,
        })
    }

    /// Defect kinds of `name` (the name's intended text).
    pub fn defects(&self, name: &str) -> BTreeSet<DefectKind> {
        let mut kinds = BTreeSet::new();
        if text::trim_end(name) != name {
            kinds.insert(DefectKind::TrailingWhitespace);
        }
        if self.charset_mismatch(text::trim_end(name)) {
            kinds.insert(DefectKind::CharsetMismatch);
        }
        kinds
    }

    fn charset_mismatch(&self, name: &str) -> bool {
        if name.is_ascii() {
            return false;
        }
        let known = self.true_names.contains_key(name);
        match (self.charset_fix, &self.atlas) {
            (CharsetFix::LegacyReader(_), Some(_)) => known && !self.reader_names.contains(name),
            (CharsetFix::LegacyReader(reader), None) => {
                decode_lossy(reader, name.as_bytes()) != name
            }
            (CharsetFix::ReencodeAtlas, Some(atlas)) => {
                (atlas.is_legacy() && known && !self.reader_names.contains(name))
                    || (!known && self.gbk_views.contains_key(name))
            }
            (CharsetFix::ReencodeAtlas, None) => false,
        }
    }

    /// The repaired name and why, or `None` when the name stays.
    pub fn fix(&self, name: &str) -> Option<(String, BTreeSet<DefectKind>)> {
        let kinds = self.defects(name);
        let mut after = text::trim_end(name).to_owned();
        if kinds.contains(&DefectKind::CharsetMismatch) {
            match self.charset_fix {
                CharsetFix::LegacyReader(reader) => {
                    let bytes = match (self.true_names.get(&after), &self.atlas) {
                        (Some(i), Some(atlas)) => atlas.regions[*i].raw.clone(),
                        _ => after.as_bytes().to_vec(),
                    };
                    after = text::trim_end(&decode_lossy(reader, &bytes)).to_owned();
                }
                CharsetFix::ReencodeAtlas => {
                    if let Some(real) = self.gbk_views.get(&after) {
                        after = real.clone();
                    }
                }
            }
        }
        (after != name).then_some((after, kinds))
    }
}
