//! Binary `.skel` files: primitives, strings, header and string table.

mod header;
pub(crate) mod io;
mod string;

pub use header::{
    BinaryHash, BinaryHeader, BinaryLayout, BinarySkeleton, Nonessential, read_binary, write_header,
};
pub use string::SkelString;
