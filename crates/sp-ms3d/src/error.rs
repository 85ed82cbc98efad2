//! The crate's one error type. Every parse error names the [`Section`] being read and the byte
//! offset (from the start of the file) where the problem was found.

use crate::section::Section;

/// Everything that can go wrong in this crate.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// The file ends before a record or field that must be there.
    #[error(
        "{section} section, byte {offset}: file truncated ({needed} bytes needed, {available} left)"
    )]
    Truncated {
        /// Section being read.
        section: Section,
        /// Byte offset of the field that does not fit.
        offset: usize,
        /// Bytes the field needs.
        needed: usize,
        /// Bytes left in the file from `offset`.
        available: usize,
    },
    /// A record count that cannot fit in the bytes that remain (checked before allocating).
    #[error(
        "{section} section, byte {offset}: count {count} needs at least {min_bytes} bytes, only {available} left"
    )]
    CountTooLarge {
        /// Section being read.
        section: Section,
        /// Byte offset of the count field.
        offset: usize,
        /// The count read.
        count: u64,
        /// Minimum bytes `count` records take.
        min_bytes: u64,
        /// Bytes left after the count.
        available: usize,
    },
    /// The file does not start with `MS3D000000`.
    #[error("header section, byte 0: not a MilkShape 3D file (magic MS3D000000 not found)")]
    BadMagic,
    /// The header version is not 3 or 4.
    #[error("header section, byte 10: unsupported version {version} (3 or 4 expected)")]
    UnsupportedVersion {
        /// The version read.
        version: i32,
    },
    /// The model has no triangles, so there is nothing to draw.
    #[error("triangles section, byte {offset}: the model has no triangles")]
    NoTriangles {
        /// Byte offset of the triangle count.
        offset: usize,
    },
    /// An index refers past the end of the array it indexes.
    #[error("{section} section, byte {offset}: {what} {index} out of range (there are {len})")]
    IndexOutOfRange {
        /// Section being read.
        section: Section,
        /// Byte offset of the index field.
        offset: usize,
        /// What the index refers to, e.g. "vertex index".
        what: &'static str,
        /// The index read.
        index: i64,
        /// How many items exist.
        len: usize,
    },
    /// A length field is negative.
    #[error("{section} section, byte {offset}: negative length {length}")]
    NegativeLength {
        /// Section being read.
        section: Section,
        /// Byte offset of the length field.
        offset: usize,
        /// The length read.
        length: i32,
    },
    /// A joint names a parent that no joint has. No longer returned: such a joint loads as a
    /// root with a [`crate::Warning`] (see `hierarchy`); the variant stays for callers that
    /// match on it.
    #[error(
        "joints section, byte {offset}: joint \"{joint}\" has parent \"{parent}\", which matches no joint"
    )]
    MissingParent {
        /// Byte offset of the joint's parent-name field.
        offset: usize,
        /// The joint's name.
        joint: String,
        /// The parent name that matches nothing.
        parent: String,
    },
    /// Joints whose parent chain loops back on itself. No longer returned: the cycle is cut
    /// with a [`crate::Warning`] (see `hierarchy`); the variant stays for callers that match
    /// on it.
    #[error("joints section, byte {offset}: joint \"{joint}\" is its own ancestor")]
    JointCycle {
        /// Byte offset of the joint's parent-name field.
        offset: usize,
        /// The joint's name.
        joint: String,
    },
    /// The writer was given a string that does not fit its fixed-size field.
    #[error("writer: {field} \"{value}\" is {len} bytes, at most {max} fit")]
    StringTooLong {
        /// Field name.
        field: &'static str,
        /// The string.
        value: String,
        /// Its encoded length in bytes.
        len: usize,
        /// The largest length that fits (including room for the NUL).
        max: usize,
    },
    /// The writer was given a string that Windows-1252 cannot encode.
    #[error("writer: {field} \"{value}\" has characters Windows-1252 cannot encode")]
    Unencodable {
        /// Field name.
        field: &'static str,
        /// The string.
        value: String,
    },
    /// The writer was given more records than the format's count field holds.
    #[error("writer: {count} {what} do not fit the format's count field (max {max})")]
    TooMany {
        /// What was counted.
        what: &'static str,
        /// How many there are.
        count: usize,
        /// The format's maximum.
        max: usize,
    },
    /// An optional trailing section is present while an earlier one is absent, which the file
    /// layout cannot express (the trailing sections are positional).
    #[error("writer: {section} section present but the earlier {missing} section is absent")]
    SectionGap {
        /// The section that is present.
        section: Section,
        /// The earlier section that is missing.
        missing: Section,
    },
    /// The writer cannot write a section with this sub-version.
    #[error("writer: {section} sub-version {sub_version} cannot be written")]
    BadSubVersion {
        /// The section.
        section: Section,
        /// The sub-version asked for.
        sub_version: i32,
    },
    /// A marker placed outside its clip's frames.
    #[error(
        "marker \"{name}\" at frame {frame} is outside clip \"{clip}\" (frames {start_frame}..={end_frame})"
    )]
    MarkerOutsideClip {
        /// Marker name.
        name: String,
        /// Frame asked for.
        frame: f32,
        /// Clip name.
        clip: String,
        /// Clip's first frame.
        start_frame: f32,
        /// Clip's last frame.
        end_frame: f32,
    },
    /// An output buffer whose length does not match the vertex count.
    #[error("skinning: output has {got} slots for {expected} vertices")]
    OutputLength {
        /// Vertex count.
        expected: usize,
        /// Slots given.
        got: usize,
    },
    /// A bake or playback parameter is invalid.
    #[error("bake: {0}")]
    Bake(String),
}

/// Every error code of this crate with its parameter names (see `sp_sim::error`; `section` is
/// the section's English name, `offset` a byte offset from the start of the file).
pub const ERROR_CODES: &[(&str, &[&str])] = &[
    (
        "ms3d.truncated",
        &["section", "offset", "needed", "available"],
    ),
    (
        "ms3d.countTooLarge",
        &["section", "offset", "count", "minBytes", "available"],
    ),
    ("ms3d.badMagic", &[]),
    ("ms3d.unsupportedVersion", &["version"]),
    ("ms3d.noTriangles", &["offset"]),
    (
        "ms3d.indexOutOfRange",
        &["section", "offset", "what", "index", "len"],
    ),
    ("ms3d.negativeLength", &["section", "offset", "length"]),
    ("ms3d.missingParent", &["offset", "joint", "parent"]),
    ("ms3d.jointCycle", &["offset", "joint"]),
    ("ms3d.stringTooLong", &["field", "value", "len", "max"]),
    ("ms3d.unencodable", &["field", "value"]),
    ("ms3d.tooMany", &["what", "count", "max"]),
    ("ms3d.sectionGap", &["section", "missing"]),
    ("ms3d.badSubVersion", &["section", "subVersion"]),
    (
        "ms3d.markerOutsideClip",
        &["name", "frame", "clip", "startFrame", "endFrame"],
    ),
    ("ms3d.outputLength", &["expected", "got"]),
    ("ms3d.bake", &["message"]),
];

impl Error {
    /// Stable code (one of [`ERROR_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            Error::Truncated { .. } => "ms3d.truncated",
            Error::CountTooLarge { .. } => "ms3d.countTooLarge",
            Error::BadMagic => "ms3d.badMagic",
            Error::UnsupportedVersion { .. } => "ms3d.unsupportedVersion",
            Error::NoTriangles { .. } => "ms3d.noTriangles",
            Error::IndexOutOfRange { .. } => "ms3d.indexOutOfRange",
            Error::NegativeLength { .. } => "ms3d.negativeLength",
            Error::MissingParent { .. } => "ms3d.missingParent",
            Error::JointCycle { .. } => "ms3d.jointCycle",
            Error::StringTooLong { .. } => "ms3d.stringTooLong",
            Error::Unencodable { .. } => "ms3d.unencodable",
            Error::TooMany { .. } => "ms3d.tooMany",
            Error::SectionGap { .. } => "ms3d.sectionGap",
            Error::BadSubVersion { .. } => "ms3d.badSubVersion",
            Error::MarkerOutsideClip { .. } => "ms3d.markerOutsideClip",
            Error::OutputLength { .. } => "ms3d.outputLength",
            Error::Bake(_) => "ms3d.bake",
        }
    }

    /// Named parameters (the names [`ERROR_CODES`] lists).
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::json;
        let v = match self {
            Error::Truncated {
                section,
                offset,
                needed,
                available,
            } => json!({ "section": section.to_string(), "offset": offset, "needed": needed,
                "available": available }),
            Error::CountTooLarge {
                section,
                offset,
                count,
                min_bytes,
                available,
            } => json!({ "section": section.to_string(), "offset": offset, "count": count,
                "minBytes": min_bytes, "available": available }),
            Error::BadMagic => json!({}),
            Error::UnsupportedVersion { version } => json!({ "version": version }),
            Error::NoTriangles { offset } => json!({ "offset": offset }),
            Error::IndexOutOfRange {
                section,
                offset,
                what,
                index,
                len,
            } => json!({ "section": section.to_string(), "offset": offset, "what": what,
                "index": index, "len": len }),
            Error::NegativeLength {
                section,
                offset,
                length,
            } => json!({ "section": section.to_string(), "offset": offset, "length": length }),
            Error::MissingParent {
                offset,
                joint,
                parent,
            } => json!({ "offset": offset, "joint": joint, "parent": parent }),
            Error::JointCycle { offset, joint } => json!({ "offset": offset, "joint": joint }),
            Error::StringTooLong {
                field,
                value,
                len,
                max,
            } => json!({ "field": field, "value": value, "len": len, "max": max }),
            Error::Unencodable { field, value } => json!({ "field": field, "value": value }),
            Error::TooMany { what, count, max } => {
                json!({ "what": what, "count": count, "max": max })
            }
            Error::SectionGap { section, missing } => {
                json!({ "section": section.to_string(), "missing": missing.to_string() })
            }
            Error::BadSubVersion {
                section,
                sub_version,
            } => json!({ "section": section.to_string(), "subVersion": sub_version }),
            Error::MarkerOutsideClip {
                name,
                frame,
                clip,
                start_frame,
                end_frame,
            } => json!({ "name": name, "frame": frame, "clip": clip, "startFrame": start_frame,
                "endFrame": end_frame }),
            Error::OutputLength { expected, got } => json!({ "expected": expected, "got": got }),
            Error::Bake(message) => json!({ "message": message }),
        };
        match v {
            serde_json::Value::Object(m) => m,
            _ => serde_json::Map::new(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
