//! JSON skeletons: a span-keeping parser, the `skeleton` header and the attachment names.

mod header;
pub(crate) mod names;
pub(crate) mod parser;

pub use header::JsonHeader;
pub(crate) use header::read_header;

use crate::Result;

/// A JSON skeleton as this crate sees it: its header and its attachment names.
#[derive(Clone, Debug)]
pub struct JsonSkeleton {
    /// The `skeleton` section.
    pub header: JsonHeader,
    /// Header fields of the wrong type, read as the runtimes read them or ignored (see
    /// `read_header`); empty for a well-formed header.
    pub warnings: Vec<crate::Warning>,
    pub(crate) names: names::Names,
}

/// Parses a JSON skeleton's header and collects its attachment names.
pub fn read_json(bytes: &[u8]) -> Result<JsonSkeleton> {
    crate::check_size(bytes.len() as u64)?;
    let root = parser::parse(bytes)?;
    let mut warnings = Vec::new();
    let header = read_header(&root, &mut warnings)?;
    Ok(JsonSkeleton {
        header,
        warnings,
        names: names::collect(&root),
    })
}
