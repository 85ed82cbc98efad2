//! [`SkeletonInfo`]: header metadata and defects of either format, in the CLI's JSON shape.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::binary::{BinarySkeleton, read_binary};
use crate::check::Checker;
use crate::defects::{Defect, DefectKind, Location, RepairOptions};
use crate::format::{Format, detect_format};
use crate::json::{JsonSkeleton, read_json};
use crate::{Result, text};

/// Everything `skel info` shows. Fields that do not exist in a format are `None` (`null`):
/// `nonessential`, `strings` and `headerSize` for JSON; `referenceScale` before 4.2.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SkeletonInfo {
    /// `"json"` or `"binary"`.
    pub format: Format,
    /// The Spine version string.
    pub version: Option<String>,
    /// The hash (binary 4.x: unpadded base64 of the 8 bytes, as in the JSON export).
    pub hash: Option<String>,
    /// Setup-pose bounds: left.
    pub x: f32,
    /// Setup-pose bounds: bottom.
    pub y: f32,
    /// Setup-pose bounds: width.
    pub width: f32,
    /// Setup-pose bounds: height.
    pub height: f32,
    /// 4.2 `referenceScale`.
    pub reference_scale: Option<f32>,
    /// Binary nonessential flag.
    pub nonessential: Option<bool>,
    /// Frames per second (30 when absent).
    pub fps: f32,
    /// Images folder.
    pub images: Option<String>,
    /// Audio folder.
    pub audio: Option<String>,
    /// Binary string table as the runtimes decode it.
    pub strings: Option<Vec<Option<String>>>,
    /// Binary header + string table size in bytes.
    pub header_size: Option<u64>,
    /// The defects found.
    pub defects: Vec<Defect>,
    /// What the reader tolerated (a header field of the wrong type, read as the runtimes read
    /// it or ignored); absent from the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// The same warnings with their codes and parameters (for the UI's zh/en wording); absent
    /// from the JSON when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warning_details: Vec<crate::WarningDetail>,
}

/// Intended texts of the non-null strings of a binary table.
pub(crate) fn table_names(skel: &BinarySkeleton) -> Vec<String> {
    skel.strings.iter().filter_map(|s| s.intended()).collect()
}

/// Names of a JSON skeleton (sites and region lookups).
pub(crate) fn json_names(skel: &JsonSkeleton) -> Vec<String> {
    let mut names: Vec<String> = skel
        .names
        .sites
        .iter()
        .map(|s| s.token.text.clone())
        .collect();
    names.extend(skel.names.lookups.iter().map(|l| l.region.clone()));
    names
}

/// Defects of a binary skeleton's string table.
pub(crate) fn binary_defects(skel: &BinarySkeleton, checker: &Checker) -> Vec<Defect> {
    let mut defects = Vec::new();
    for (index, s) in skel.strings.iter().enumerate() {
        let (Some(raw), Some(name)) = (s.bytes(), s.intended()) else {
            continue;
        };
        let mut kinds = checker.defects(&name);
        if text::runtime_misreads(raw) {
            kinds.insert(DefectKind::RuntimeDecoding);
        }
        for kind in kinds {
            defects.push(Defect {
                kind,
                location: Location::Index(index as u32),
                value: Some(name.clone()),
            });
        }
    }
    defects
}

/// Defects of a JSON skeleton's attachment names, in file order.
pub(crate) fn json_defects(skel: &JsonSkeleton, checker: &Checker) -> Vec<Defect> {
    let mut defects = Vec::new();
    for site in &skel.names.sites {
        for kind in checker.defects(&site.token.text) {
            defects.push(Defect {
                kind,
                location: Location::Path(site.path.clone()),
                value: Some(site.token.text.clone()),
            });
        }
    }
    defects
}

/// Reads a skeleton's metadata and finds its defects (checked against the atlas and charset
/// choice in `options`).
pub fn inspect(bytes: &[u8], options: &RepairOptions<'_>) -> Result<SkeletonInfo> {
    crate::check_size(bytes.len() as u64)?;
    match detect_format(bytes) {
        Format::Binary => {
            let skel = read_binary(bytes)?;
            let checker = Checker::new(options, &table_names(&skel))?;
            let h = &skel.header;
            Ok(SkeletonInfo {
                format: Format::Binary,
                version: h.version.text(),
                hash: h.hash.display(),
                x: h.x,
                y: h.y,
                width: h.width,
                height: h.height,
                reference_scale: h.reference_scale,
                nonessential: Some(h.nonessential.is_some()),
                fps: h.nonessential.as_ref().map_or(30.0, |n| n.fps),
                images: h.nonessential.as_ref().and_then(|n| n.images.text()),
                audio: h.nonessential.as_ref().and_then(|n| n.audio.text()),
                strings: Some(skel.strings.iter().map(|s| s.text()).collect()),
                header_size: Some(skel.header_size),
                defects: binary_defects(&skel, &checker),
                warnings: Vec::new(),
                warning_details: Vec::new(),
            })
        }
        Format::Json => {
            let skel = read_json(bytes)?;
            let checker = Checker::new(options, &json_names(&skel))?;
            let h = &skel.header;
            Ok(SkeletonInfo {
                format: Format::Json,
                version: h.version.clone(),
                hash: h.hash.clone(),
                x: h.x,
                y: h.y,
                width: h.width,
                height: h.height,
                reference_scale: h.reference_scale,
                nonessential: None,
                fps: h.fps,
                images: h.images.clone(),
                audio: h.audio.clone(),
                strings: None,
                header_size: None,
                defects: json_defects(&skel, &checker),
                warnings: skel.warnings.iter().map(ToString::to_string).collect(),
                warning_details: skel.warnings.iter().map(crate::Warning::detail).collect(),
            })
        }
    }
}
