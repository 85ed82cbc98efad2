//! Spine skeleton header reading and repair at the boundary (`sp_skel`), for the skeleton panel
//! (web/skeleton/):
//!
//! - `skelInfo(bytes, atlas?, legacyCharset?) -> string`: JSON of `sp_skel::SkeletonInfo`, the
//!   same shape as `spineparticle skel info --json`.
//! - `skelRepair(bytes, atlas?, legacyCharset?) -> SkelRepairResult`: the repaired skeleton
//!   (`skeleton(): Uint8Array`), the atlas to write with it (`atlas(): Uint8Array | undefined`,
//!   present whenever an atlas was given; `atlasChanged()` says whether it differs from the
//!   input) and the report (`reportJson(): string`, `sp_skel::RepairReport`).
//!
//! `legacyCharset` (e.g. `"gbk"`) selects `CharsetFix::LegacyReader` (rewrite the skeleton's
//! names for a runtime reading the atlas in that charset); absent or empty selects
//! `CharsetFix::ReencodeAtlas`. Inputs over 64 MiB (skeleton or atlas) are refused by
//! `sp_skel::check_size` before anything else. Errors are [`crate::Error`]s (what and where:
//! byte offset, JSON path, field name), thrown as JS errors with code and params.

// Natively only the tests call these; the wasm build exports them.
#![cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]

use sp_skel::{CharsetFix, RepairOptions, Repaired};

use crate::error::{Error, Result};

/// The outcome of [`repair`] as plain Rust (the JS class wraps it).
#[derive(Debug)]
pub struct RepairOutcome {
    /// Repaired skeleton bytes.
    pub skeleton: Vec<u8>,
    /// The atlas to write (when one was given).
    pub atlas: Option<Vec<u8>>,
    /// True when `atlas` differs from the atlas given.
    pub atlas_changed: bool,
    /// `sp_skel::RepairReport` as JSON.
    pub report_json: String,
}

/// Refuses oversized inputs, then builds the options from the JS arguments.
fn options<'a>(
    bytes: &[u8],
    atlas: Option<&'a [u8]>,
    legacy_charset: Option<&str>,
) -> Result<RepairOptions<'a>> {
    let file = |which| move |source| Error::SkelFile { which, source };
    sp_skel::check_size(bytes.len() as u64).map_err(file("skeleton"))?;
    if let Some(a) = atlas {
        sp_skel::check_size(a.len() as u64).map_err(file("atlas"))?;
    }
    let charset_fix = match legacy_charset.map(str::trim).filter(|s| !s.is_empty()) {
        Some(label) => CharsetFix::LegacyReader(sp_skel::legacy_charset(label)?),
        None => CharsetFix::ReencodeAtlas,
    };
    Ok(RepairOptions { atlas, charset_fix })
}

/// Header metadata and defects of a skeleton (JSON of `sp_skel::SkeletonInfo`).
pub fn info(bytes: &[u8], atlas: Option<&[u8]>, legacy_charset: Option<&str>) -> Result<String> {
    let opts = options(bytes, atlas, legacy_charset)?;
    let info = sp_skel::inspect(bytes, &opts)?;
    // Plain strings and numbers: serialising cannot fail.
    Ok(serde_json::to_string(&info).unwrap_or_default())
}

/// Repairs a skeleton (and its atlas); the inputs are never modified.
pub fn repair(
    bytes: &[u8],
    atlas: Option<&[u8]>,
    legacy_charset: Option<&str>,
) -> Result<RepairOutcome> {
    let opts = options(bytes, atlas, legacy_charset)?;
    let Repaired {
        skeleton,
        atlas: atlas_out,
        report,
    } = sp_skel::repair(bytes, &opts)?;
    let atlas_changed = match (&atlas_out, atlas) {
        (Some(out), Some(input)) => out.as_slice() != input,
        (Some(_), None) => true,
        (None, _) => false,
    };
    let report_json = serde_json::to_string(&report).unwrap_or_default();
    Ok(RepairOutcome {
        skeleton,
        atlas: atlas_out,
        atlas_changed,
        report_json,
    })
}

#[cfg(target_arch = "wasm32")]
mod js {
    use wasm_bindgen::prelude::*;

    /// `skelInfo(bytes, atlas?, legacyCharset?)`: JSON of the skeleton's header metadata and
    /// defects (`spineparticle skel info --json` shape); throws with the reader's message.
    #[wasm_bindgen(js_name = skelInfo)]
    pub fn skel_info(
        bytes: &[u8],
        atlas: Option<Vec<u8>>,
        legacy_charset: Option<String>,
    ) -> Result<String, JsValue> {
        Ok(super::info(
            bytes,
            atlas.as_deref(),
            legacy_charset.as_deref(),
        )?)
    }

    /// The result of `skelRepair`: repaired skeleton, atlas to write, report.
    #[wasm_bindgen(js_name = SkelRepairResult)]
    pub struct SkelRepairResult(super::RepairOutcome);

    #[wasm_bindgen(js_class = SkelRepairResult)]
    impl SkelRepairResult {
        /// The repaired skeleton file.
        pub fn skeleton(&self) -> Vec<u8> {
            self.0.skeleton.clone()
        }

        /// The atlas to write with it (re-encoded or unchanged), when an atlas was given.
        pub fn atlas(&self) -> Option<Vec<u8>> {
            self.0.atlas.clone()
        }

        /// Whether the atlas to write differs from the atlas given.
        #[wasm_bindgen(js_name = atlasChanged)]
        pub fn atlas_changed(&self) -> bool {
            self.0.atlas_changed
        }

        /// The repair report (`RepairReport`) as JSON.
        #[wasm_bindgen(js_name = reportJson)]
        pub fn report_json(&self) -> String {
            self.0.report_json.clone()
        }
    }

    /// `skelRepair(bytes, atlas?, legacyCharset?)`: repairs a skeleton; throws with the
    /// reader's message.
    #[wasm_bindgen(js_name = skelRepair)]
    pub fn skel_repair(
        bytes: &[u8],
        atlas: Option<Vec<u8>>,
        legacy_charset: Option<String>,
    ) -> Result<SkelRepairResult, JsValue> {
        Ok(
            super::repair(bytes, atlas.as_deref(), legacy_charset.as_deref())
                .map(SkelRepairResult)?,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/spine");

    fn coin_skel() -> Vec<u8> {
        std::fs::read(format!("{FIXTURES}/coin-pro-4.2.skel")).expect("coin fixture")
    }

    /// The coin with `clipping` (string 0) renamed `clipping ` (length varint 9 → 10).
    fn coin_with_trailing_space() -> Vec<u8> {
        let mut bytes = coin_skel();
        assert_eq!(&bytes[52..61], b"\x09clipping");
        bytes[52] = 10;
        bytes.insert(61, b' ');
        bytes
    }

    #[test]
    fn info_reads_the_coin_header() {
        let json = info(&coin_skel(), None, None).expect("info");
        let v: serde_json::Value = serde_json::from_str(&json).expect("json");
        assert_eq!(v["format"], "binary");
        assert_eq!(v["version"], "4.2.22");
        assert_eq!(v["referenceScale"], 100.0);
        assert_eq!(
            v["headerSize"], 186,
            "51-byte header + 8 strings ending at 0xba"
        );
        assert_eq!(v["strings"].as_array().map(Vec::len), Some(8));
        assert_eq!(v["defects"], serde_json::json!([]));
    }

    #[test]
    fn repair_trims_a_trailing_space_and_keeps_the_atlas() {
        let broken = coin_with_trailing_space();
        let v: serde_json::Value =
            serde_json::from_str(&info(&broken, None, None).expect("info")).expect("json");
        assert_eq!(
            v["defects"],
            serde_json::json!([{ "kind": "trailing_whitespace", "index": 0, "value": "clipping " }])
        );
        let atlas = b"coin.png\nsize:64,64\nclipping\nbounds:0,0,8,8\n".to_vec();
        let out = repair(&broken, Some(&atlas), None).expect("repair");
        assert_eq!(
            out.skeleton,
            coin_skel(),
            "repair gives back the original coin"
        );
        assert_eq!(out.atlas.as_deref(), Some(atlas.as_slice()));
        assert!(!out.atlas_changed);
        let report: serde_json::Value = serde_json::from_str(&out.report_json).expect("report");
        assert_eq!(report["changes"][0]["before"], "clipping ");
        assert_eq!(report["changes"][0]["after"], "clipping");
    }

    #[test]
    fn errors_name_the_problem() {
        assert!(
            info(&coin_skel(), None, Some("no-such-charset"))
                .expect_err("charset")
                .to_string()
                .contains("no-such-charset")
        );
        let truncated = &coin_skel()[..40];
        assert!(
            !info(truncated, None, None)
                .expect_err("truncated")
                .to_string()
                .is_empty()
        );
        assert!(repair(b"{", None, None).is_err());
        let huge = vec![0u8; (sp_skel::MAX_SKELETON_BYTES + 1) as usize];
        let err = info(&huge, None, None).expect_err("too large").to_string();
        assert!(
            err.starts_with("skeleton:") && err.contains("64 MiB"),
            "{err}"
        );
        let err = info(&coin_skel(), Some(&huge), None).expect_err("atlas too large");
        assert_eq!(err.code(), "skel.tooLarge");
        assert_eq!(err.params()["which"], "atlas");
        let err = err.to_string();
        assert!(err.starts_with("atlas:"), "{err}");
    }

    #[test]
    fn legacy_gbk_reader_is_accepted() {
        let out = repair(&coin_skel(), None, Some("gbk")).expect("repair");
        assert_eq!(out.skeleton, coin_skel());
        assert!(
            out.report_json.contains("legacy-reader"),
            "{}",
            out.report_json
        );
    }
}
