//! The shared pieces of the synthetic tests: the binary layouts, a body, a GBK-named atlas, and
//! whether a file reads back without defects.

use sp_skel::{BinaryLayout, RepairOptions, inspect};

/// Every binary layout the crate reads and writes.
pub const LAYOUTS: [BinaryLayout; 4] = [
    BinaryLayout::V3_8,
    BinaryLayout::V4_0,
    BinaryLayout::V4_1,
    BinaryLayout::V4_2,
];

/// A 4 KiB body after the header (every byte value), which a repair copies unchanged.
pub fn body() -> Vec<u8> {
    (0..=255u8).cycle().take(4096).collect()
}

/// An atlas with the region names "改" and "plain".
pub const GBK_ATLAS: &str =
    "\nskel.png\nsize: 64,64\n改\nbounds: 0,0,1,1\nplain\nbounds: 1,1,1,1\n";

/// Whether `bytes` read with `options` show no defect (what a repair must leave).
pub fn is_clean(bytes: &[u8], options: &RepairOptions<'_>) -> bool {
    inspect(bytes, options).expect("reads").defects.is_empty()
}
