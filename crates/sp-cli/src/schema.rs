//! `spineparticle schema`: the document's field schema as pretty JSON (the same table the
//! editor's `fieldSchema()` returns and validation reads; `sp_sim::document::schema`).

use std::io::Write;

use crate::error::{Error, Result};

/// Prints the schema to standard output.
pub fn run() -> Result<()> {
    let schema = sp_sim::document::field_schema();
    let text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    writeln!(std::io::stdout().lock(), "{text}").map_err(|source| Error::Io {
        path: "<stdout>".into(),
        source,
    })
}
