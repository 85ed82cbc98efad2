//! Repair: new bytes for a defective skeleton (and its atlas), never touching the input.

mod atlas_out;
mod binary;
mod json;
mod report;

pub use binary::{BinaryRepairPlan, plan_binary_repair};
pub use report::{AtlasReport, Change, RepairReport, Unresolved};

use crate::Result;
use crate::defects::RepairOptions;
use crate::format::{Format, detect_format};

/// A repaired skeleton, the atlas to write with it (when one was given) and the report.
#[derive(Clone, Debug)]
pub struct Repaired {
    /// The repaired skeleton file.
    pub skeleton: Vec<u8>,
    /// The atlas to write (re-encoded, or unchanged), when an atlas was given.
    pub atlas: Option<Vec<u8>>,
    /// What was changed and why.
    pub report: RepairReport,
}

/// Repairs a skeleton held in memory (either format). A skeleton without defects comes back
/// byte for byte identical.
pub fn repair(bytes: &[u8], options: &RepairOptions<'_>) -> Result<Repaired> {
    crate::check_size(bytes.len() as u64)?;
    match detect_format(bytes) {
        Format::Binary => {
            let plan = plan_binary_repair(bytes, bytes.len() as u64, options)?;
            let body = &bytes[plan.body_offset as usize..];
            let mut skeleton = Vec::with_capacity(plan.header.len() + body.len());
            skeleton.extend_from_slice(&plan.header);
            skeleton.extend_from_slice(body);
            Ok(Repaired {
                skeleton,
                atlas: plan.atlas,
                report: plan.report,
            })
        }
        Format::Json => {
            let (skeleton, atlas, report) = json::repair_json(bytes, options)?;
            Ok(Repaired {
                skeleton,
                atlas,
                report,
            })
        }
    }
}
