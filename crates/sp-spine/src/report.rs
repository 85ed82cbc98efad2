//! The export summary shown after an export (export spec §16; issue "After export").

use std::collections::BTreeMap;
use ts_rs::TS;

use serde::Serialize;

/// Counts, sizes and warnings of one export.
#[derive(Clone, Debug, Default, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportReport {
    /// Bones written (root, system bones, particle bones).
    pub bones: usize,
    /// Slots written.
    pub slots: usize,
    /// Region attachments in the skin.
    pub attachments: usize,
    /// Keys by timeline type (`translate`, `rotate`, `scale`, `rgba`, `attachment`).
    pub keys: BTreeMap<String, u64>,
    /// Keys the same timelines would have with one key per baked frame.
    pub unreduced_keys: BTreeMap<String, u64>,
    /// Size of the JSON, bytes.
    pub bytes: usize,
    /// Bake + reduce + validate + serialise time, filled in by the caller (the core reads no
    /// clock).
    pub bake_ms: Option<f64>,
    /// Sum over systems of the most particles alive at once.
    pub peak_alive: usize,
    /// Particle lives baked (visible in at least one frame).
    pub lives: usize,
    /// Animation names written, in order.
    pub animations: Vec<String>,
    /// Warnings (missing images, duplicate paths, rounded loop lengths …), English sentences.
    pub warnings: Vec<String>,
    /// The same warnings with their code and parameters ([`crate::warning`]), for wording
    /// them in the UI's language.
    pub warning_details: Vec<sp_sim::Diagnostic>,
}

impl ExportReport {
    /// Total keys written.
    pub fn total_keys(&self) -> u64 {
        self.keys.values().sum()
    }
    /// Total keys unreduced.
    pub fn total_unreduced_keys(&self) -> u64 {
        self.unreduced_keys.values().sum()
    }
}
