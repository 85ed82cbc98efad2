//! Header + string table of binary skeletons, for the four layouts 3.8, 4.0, 4.1 and 4.2.
//!
//! ```text
//! 3.8:      string hash                     (27-char base64 text)
//! 4.0/4.1:  long   hash                     (8 raw bytes)
//! 4.2:      long   hash
//! all:      string version; float x, y, width, height
//! 4.2:      float  referenceScale
//! all:      bool   nonessential; if nonessential: float fps; string images; string audio
//! all:      varint stringCount; string × stringCount          <- the string table
//! ```
//! The body that follows refers to the table by index and holds no absolute offsets, so a
//! repair may change string lengths and copy the body unchanged. The layout is recognised by
//! the version string: a 4.x file has it at byte 8 (after the 8 hash bytes), a 3.8 file right
//! after its hash string. 3.7 and older have no string table and are refused.

use serde::{Deserialize, Serialize};

use super::io::{Reader, write_f32, write_string, write_varint};
use super::string::SkelString;
use crate::{Error, Result};

/// The binary header layouts this crate reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BinaryLayout {
    /// Spine 3.8: string hash, string table.
    #[serde(rename = "3.8")]
    V3_8,
    /// Spine 4.0: 8-byte hash.
    #[serde(rename = "4.0")]
    V4_0,
    /// Spine 4.1: same header as 4.0.
    #[serde(rename = "4.1")]
    V4_1,
    /// Spine 4.2: 8-byte hash, adds `referenceScale`.
    #[serde(rename = "4.2")]
    V4_2,
}

impl BinaryLayout {
    /// The layout for a version string such as `"4.2.22"`, if it is one of 3.8/4.0/4.1/4.2.
    pub fn for_version(version: &str) -> Option<BinaryLayout> {
        let mut parts = version.split('.');
        let major = parts.next()?;
        let minor = parts.next()?;
        match (major, minor) {
            ("3", "8") => Some(BinaryLayout::V3_8),
            ("4", "0") => Some(BinaryLayout::V4_0),
            ("4", "1") => Some(BinaryLayout::V4_1),
            ("4", "2") => Some(BinaryLayout::V4_2),
            _ => None,
        }
    }

    /// True for the 4.x layouts (8-byte hash).
    pub fn has_long_hash(self) -> bool {
        self != BinaryLayout::V3_8
    }

    /// True when the header has `referenceScale` (4.2).
    pub fn has_reference_scale(self) -> bool {
        self == BinaryLayout::V4_2
    }
}

/// The hash field: a string in 3.8, 8 bytes in 4.x.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryHash {
    /// 3.8: a string (27-char base64 in exports).
    Text(SkelString),
    /// 4.x: 8 raw bytes (a big-endian `long`).
    Long([u8; 8]),
}

impl BinaryHash {
    /// The hash as shown to users: the 3.8 string, or for 4.x the unpadded base64 of the 8 bytes,
    /// which is what the JSON export of the same skeleton holds (e.g. `"fKr+fe4rKEk"`).
    /// `None` for a null 3.8 hash.
    pub fn display(&self) -> Option<String> {
        use base64::Engine as _;
        match self {
            BinaryHash::Text(s) => s.text(),
            BinaryHash::Long(b) => Some(base64::engine::general_purpose::STANDARD_NO_PAD.encode(b)),
        }
    }
}

/// The nonessential part of the header (present when the nonessential flag is set).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Nonessential {
    /// Dopesheet frames per second.
    pub fps: f32,
    /// Images folder (may be empty or null).
    pub images: SkelString,
    /// Audio folder (may be empty or null).
    pub audio: SkelString,
}

/// Header fields of a binary skeleton, before the string table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BinaryHeader {
    /// Which of the four layouts.
    pub layout: BinaryLayout,
    /// The hash field.
    pub hash: BinaryHash,
    /// Version string, e.g. `"4.2.22"`.
    pub version: SkelString,
    /// Setup-pose bounding box: left.
    pub x: f32,
    /// Setup-pose bounding box: bottom.
    pub y: f32,
    /// Setup-pose bounding box: width.
    pub width: f32,
    /// Setup-pose bounding box: height.
    pub height: f32,
    /// 4.2 only: `referenceScale` (physics).
    pub reference_scale: Option<f32>,
    /// Present when the nonessential flag is set.
    pub nonessential: Option<Nonessential>,
}

/// What [`read_binary`] found: header, string table and where they end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BinarySkeleton {
    /// The header fields.
    pub header: BinaryHeader,
    /// The string table, in file order (body references are `index + 1`).
    pub strings: Vec<SkelString>,
    /// Byte offset of the string table's count.
    pub string_table_offset: u64,
    /// Bytes of header + string table: the body starts here.
    pub header_size: u64,
}

fn named(name: &'static str) -> impl Fn() -> String {
    move || name.to_owned()
}

/// Reads the header and string table of a binary skeleton.
///
/// `bytes` may be the whole file or any prefix that contains the header and the table; a
/// prefix too short gives [`Error::Truncated`] ([`Error::is_truncated`]). Nothing after the
/// table is read.
pub fn read_binary(bytes: &[u8]) -> Result<BinarySkeleton> {
    crate::check_size(bytes.len() as u64)?;
    let (layout, mut r) = probe(bytes)?;
    let hash = if layout.has_long_hash() {
        BinaryHash::Long(r.long(&named("hash"))?)
    } else {
        BinaryHash::Text(SkelString(r.string(&named("hash"))?.map(<[u8]>::to_vec)))
    };
    let version = SkelString(r.string(&named("version"))?.map(<[u8]>::to_vec));
    let x = r.f32(&named("x"))?;
    let y = r.f32(&named("y"))?;
    let width = r.f32(&named("width"))?;
    let height = r.f32(&named("height"))?;
    let reference_scale = if layout.has_reference_scale() {
        Some(r.f32(&named("referenceScale"))?)
    } else {
        None
    };
    let nonessential = if r.u8(&named("nonessential"))? != 0 {
        let fps = r.f32(&named("fps"))?;
        let images = SkelString(r.string(&named("images"))?.map(<[u8]>::to_vec));
        let audio = SkelString(r.string(&named("audio"))?.map(<[u8]>::to_vec));
        Some(Nonessential { fps, images, audio })
    } else {
        None
    };
    let string_table_offset = r.pos() as u64;
    let count = r.varint(&named("string table count"))?;
    if count < 0 {
        return Err(Error::BadValue {
            offset: string_table_offset,
            what: "string table count".to_owned(),
            value: i64::from(count),
            expected: "count (0 or more)",
        });
    }
    // Every string takes at least one byte: never reserve more than what is left.
    let left = bytes.len() - r.pos();
    let mut strings = Vec::with_capacity((count as usize).min(left));
    for index in 0..count {
        let what = move || format!("string table entry {index}");
        strings.push(SkelString(r.string(&what)?.map(<[u8]>::to_vec)));
    }
    let header = BinaryHeader {
        layout,
        hash,
        version,
        x,
        y,
        width,
        height,
        reference_scale,
        nonessential,
    };
    Ok(BinarySkeleton {
        header,
        strings,
        string_table_offset,
        header_size: r.pos() as u64,
    })
}

/// Recognises the layout by its version string; returns a reader at offset 0.
fn probe(bytes: &[u8]) -> Result<(BinaryLayout, Reader<'_>)> {
    // 4.x: 8 hash bytes, then the version string.
    if bytes.len() >= 8 {
        let mut r = Reader::new(&bytes[8..]);
        match r.string(&named("version (4.x layout, byte 8)")) {
            Ok(Some(v)) if v.starts_with(b"4.") => {
                let text = crate::text::runtime_decode(v);
                return match BinaryLayout::for_version(&text) {
                    Some(layout) => Ok((layout, Reader::new(bytes))),
                    None => Err(Error::UnsupportedVersion {
                        version: text,
                        offset: 8,
                    }),
                };
            }
            Err(Error::Truncated {
                offset,
                what,
                needed,
                available,
            }) if bytes.len() > 9 && bytes[9] == b'4' => {
                return Err(Error::Truncated {
                    offset: offset + 8,
                    what,
                    needed,
                    available,
                });
            }
            _ => {}
        }
    }
    // 3.x: hash string (base64 text, 27 characters in exports), then the version string.
    let mut r = Reader::new(bytes);
    let hash_len = r.varint(&named("hash (3.8 layout)"))?;
    let looks_like_hash = (0..=MAX_3X_HASH_BYTES + 1).contains(&hash_len)
        && bytes[r.pos()..]
            .iter()
            .take((hash_len.max(1) - 1) as usize)
            .all(|b| b.is_ascii_alphanumeric() || b"+/=".contains(b));
    if !looks_like_hash {
        return Err(not_skeleton());
    }
    let mut r = Reader::new(bytes);
    r.string(&named("hash (3.8 layout)"))?;
    let version_offset = r.pos() as u64;
    let version = r.string(&named("version (3.8 layout)"))?;
    match version {
        Some(v) if v.starts_with(b"3.") => {
            let text = crate::text::runtime_decode(v);
            match BinaryLayout::for_version(&text) {
                Some(layout) => Ok((layout, Reader::new(bytes))),
                None => Err(Error::UnsupportedVersion {
                    version: text,
                    offset: version_offset,
                }),
            }
        }
        _ => Err(not_skeleton()),
    }
}

/// Longest hash string accepted in a 3.x header (exports write 27 base64 characters).
const MAX_3X_HASH_BYTES: i32 = 64;

fn not_skeleton() -> Error {
    Error::NotSkeleton {
        reason: "no Spine version string at byte 8 (4.x layout) nor after a base64 hash string (3.8 layout), and the file does not start with '{' (JSON)".to_owned(),
    }
}

/// Writes a header and string table in `header.layout`, appending to `out`.
///
/// Unchanged fields are written back byte for byte (floats bit for bit, null strings null);
/// varints are written in their shortest form. Errors when the fields do not fit the layout
/// (a 3.8 header with an 8-byte hash, a 4.2 header without `referenceScale`, …).
pub fn write_header(
    header: &BinaryHeader,
    strings: &[SkelString],
    out: &mut Vec<u8>,
) -> Result<()> {
    let layout = header.layout;
    match (&header.hash, layout.has_long_hash()) {
        (BinaryHash::Long(b), true) => out.extend_from_slice(b),
        (BinaryHash::Text(s), false) => write_string(out, s.bytes(), &named("hash"))?,
        _ => {
            return Err(Error::Unwritable {
                what: "hash".to_owned(),
                reason: "3.8 has a string hash, 4.x an 8-byte hash",
            });
        }
    }
    write_string(out, header.version.bytes(), &named("version"))?;
    for v in [header.x, header.y, header.width, header.height] {
        write_f32(out, v);
    }
    match (header.reference_scale, layout.has_reference_scale()) {
        (Some(v), true) => write_f32(out, v),
        (None, false) => {}
        _ => {
            return Err(Error::Unwritable {
                what: "referenceScale".to_owned(),
                reason: "present in 4.2 headers and only there",
            });
        }
    }
    match &header.nonessential {
        None => out.push(0),
        Some(n) => {
            out.push(1);
            write_f32(out, n.fps);
            write_string(out, n.images.bytes(), &named("images"))?;
            write_string(out, n.audio.bytes(), &named("audio"))?;
        }
    }
    let count = u32::try_from(strings.len())
        .ok()
        .filter(|n| *n <= i32::MAX as u32)
        .ok_or_else(|| Error::Unwritable {
            what: "string table".to_owned(),
            reason: "more than 2^31 - 1 strings",
        })?;
    write_varint(out, count);
    for (index, s) in strings.iter().enumerate() {
        write_string(out, s.bytes(), &move || {
            format!("string table entry {index}")
        })?;
    }
    Ok(())
}
