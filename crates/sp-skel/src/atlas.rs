//! `.atlas` files: region names, encoding detection and re-encoding to UTF-8 (issue #160).
//!
//! Region names are found the way spine-ts 4.2's `TextureAtlas` finds them: blank lines end a
//! page; the first line of a page is its image name, followed by `key: value` lines; every
//! other line not of the `key: value` form is a region name, followed by its own `key: value`
//! lines. Lines are split on `\n` (a trailing `\r` is dropped), which is safe in every encoding
//! tried here (all are ASCII-compatible: `\n` is never a trail byte).
//!
//! Encoding detection: a UTF-8 BOM means UTF-8; otherwise every candidate (UTF-8, GB18030 —
//! the superset of GBK —, Big5, Shift_JIS, EUC-KR, EUC-JP, windows-1252) that decodes the whole
//! file without a malformed sequence is scored by how many of the skeleton's names it makes
//! appear among the region names; the best score wins, ties go to the earlier candidate (so valid
//! UTF-8 wins unless another charset matches more names).

use encoding_rs::Encoding;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{Error, Result, text};

/// Encodings tried, in order of preference.
const CANDIDATES: [&Encoding; 7] = [
    encoding_rs::UTF_8,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_KR,
    encoding_rs::EUC_JP,
    encoding_rs::WINDOWS_1252,
];

/// One region of an atlas.
#[derive(Clone, Debug, PartialEq)]
pub struct AtlasRegion {
    /// The name as decoded with the atlas's encoding, untrimmed.
    pub name: String,
    /// The raw bytes of the name line (without `\r`).
    pub raw: Vec<u8>,
    /// 0-based line index in the file.
    pub line: usize,
}

/// A parsed atlas.
#[derive(Clone, Debug)]
pub struct Atlas {
    /// Detected encoding.
    pub encoding: &'static Encoding,
    /// True when the file starts with a UTF-8 byte-order mark.
    pub bom: bool,
    /// The regions, in file order.
    pub regions: Vec<AtlasRegion>,
    lines: Vec<Vec<u8>>,
    line_endings: Vec<&'static [u8]>,
}

/// Resolves a charset label (`gbk`, `gb18030`, `big5`, `shift_jis`, `euc-kr`, …).
pub fn legacy_charset(label: &str) -> Result<&'static Encoding> {
    Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| Error::UnknownCharset {
        label: label.to_owned(),
    })
}

/// A human name for an encoding (`GBK/GB18030` for GB18030, the WHATWG name otherwise).
pub fn encoding_name(encoding: &'static Encoding) -> String {
    if encoding == encoding_rs::GB18030 || encoding == encoding_rs::GBK {
        "GBK/GB18030".to_owned()
    } else {
        encoding.name().to_owned()
    }
}

/// Decodes `bytes` as `encoding` the way a legacy reader would (malformed → U+FFFD).
pub fn decode_lossy(encoding: &'static Encoding, bytes: &[u8]) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

fn split_lines(body: &[u8]) -> (Vec<Vec<u8>>, Vec<&'static [u8]>) {
    let mut lines = Vec::new();
    let mut endings: Vec<&'static [u8]> = Vec::new();
    let mut rest = body;
    loop {
        match rest.iter().position(|b| *b == b'\n') {
            Some(i) => {
                let (line, crlf) = match rest[..i].strip_suffix(b"\r") {
                    Some(l) => (l, true),
                    None => (&rest[..i], false),
                };
                lines.push(line.to_vec());
                endings.push(if crlf { b"\r\n" } else { b"\n" });
                rest = &rest[i + 1..];
            }
            None => {
                lines.push(rest.to_vec());
                endings.push(b"");
                break;
            }
        }
    }
    (lines, endings)
}

fn is_entry(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && t.contains(':')
}

/// Region line indices, following spine-ts 4.2's `TextureAtlas` reading loop.
fn region_lines(lines: &[String]) -> Vec<usize> {
    let mut regions = Vec::new();
    let mut i = 0;
    while i < lines.len() && lines[i].trim().is_empty() {
        i += 1;
    }
    while i < lines.len() && !lines[i].trim().is_empty() && is_entry(&lines[i]) {
        i += 1; // header entries
    }
    let mut in_page = false;
    while i < lines.len() {
        if lines[i].trim().is_empty() {
            in_page = false;
            i += 1;
            continue;
        }
        if in_page {
            regions.push(i);
        }
        in_page = true;
        i += 1;
        while i < lines.len() && is_entry(&lines[i]) {
            i += 1;
        }
    }
    regions
}

fn decode_all(encoding: &'static Encoding, lines: &[Vec<u8>]) -> Option<Vec<String>> {
    lines
        .iter()
        .map(|l| {
            encoding
                .decode_without_bom_handling_and_without_replacement(l)
                .map(|c| c.into_owned())
        })
        .collect()
}

/// Reads an atlas, detecting its encoding; `names` are the skeleton's names, used to break
/// ties between encodings (see the module docs).
pub fn read_atlas(bytes: &[u8], names: &[String]) -> Result<Atlas> {
    crate::check_size(bytes.len() as u64)?;
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    let body = if bom { &bytes[3..] } else { bytes };
    let (lines, line_endings) = split_lines(body);
    let wanted: std::collections::BTreeSet<&str> =
        names.iter().map(|n| text::trim_end(n)).collect();
    let mut best: Option<(usize, &'static Encoding, Vec<String>)> = None;
    let candidates: &[&'static Encoding] = if bom { &CANDIDATES[..1] } else { &CANDIDATES };
    for &encoding in candidates {
        let Some(decoded) = decode_all(encoding, &lines) else {
            continue;
        };
        let score = region_lines(&decoded)
            .iter()
            .filter(|i| wanted.contains(text::trim_end(&decoded[**i])))
            .count();
        if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
            best = Some((score, encoding, decoded));
        }
    }
    // windows-1252 decodes every byte, so a candidate always exists; keep a lossy fallback anyway.
    let (encoding, decoded) = match best {
        Some((_, e, d)) => (e, d),
        None => (
            encoding_rs::UTF_8,
            lines
                .iter()
                .map(|l| decode_lossy(encoding_rs::UTF_8, l))
                .collect(),
        ),
    };
    let regions = region_lines(&decoded)
        .into_iter()
        .map(|i| AtlasRegion {
            name: decoded[i].clone(),
            raw: lines[i].clone(),
            line: i,
        })
        .collect();
    Ok(Atlas {
        encoding,
        bom,
        regions,
        lines,
        line_endings,
    })
}

/// One change made to an atlas when it is rewritten.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct AtlasChange {
    /// 1-based line number.
    pub line: usize,
    /// The region name before.
    pub before: String,
    /// The region name after.
    pub after: String,
    /// Why.
    pub reason: String,
}

impl Atlas {
    /// True when the atlas is not UTF-8 (nor plain ASCII).
    pub fn is_legacy(&self) -> bool {
        self.encoding != encoding_rs::UTF_8
    }

    /// The region whose name, read in the atlas's own encoding, is `name` (both trimmed).
    pub fn find(&self, name: &str) -> Option<&AtlasRegion> {
        let name = text::trim_end(name);
        self.regions
            .iter()
            .find(|r| text::trim_end(&r.name) == name)
    }

    /// True when a reader decoding the atlas as `reader` finds a region named `name` (both
    /// trimmed, as libGDX trims region names).
    pub fn reader_sees(&self, reader: &'static Encoding, name: &str) -> bool {
        let name = text::trim_end(name);
        self.regions
            .iter()
            .any(|r| text::trim_end(&decode_lossy(reader, &r.raw)) == name)
    }

    /// The atlas written as UTF-8 without BOM, region names trimmed of trailing whitespace
    /// (except a name that trimming would empty: that would end the page instead).
    /// Returns the bytes and the region names that changed (empty when only the bytes of a
    /// legacy encoding changed).
    pub fn to_utf8(&self) -> (Vec<u8>, Vec<AtlasChange>) {
        let mut out = Vec::with_capacity(self.lines.iter().map(|l| l.len() + 2).sum());
        let mut changes = Vec::new();
        let mut region_at = self.regions.iter().peekable();
        for (i, (line, ending)) in self.lines.iter().zip(&self.line_endings).enumerate() {
            let mut decoded = decode_lossy(self.encoding, line);
            if let Some(region) = region_at.next_if(|r| r.line == i) {
                let trimmed = text::trim_end(&region.name);
                // A name made only of trimmed characters (NULs, controls) would become an
                // empty line, which ends the page: it stays as it is (found by fuzzing).
                if trimmed != region.name && !trimmed.is_empty() {
                    changes.push(AtlasChange {
                        line: i + 1,
                        before: region.name.clone(),
                        after: trimmed.to_owned(),
                        reason: "trailing whitespace removed from the region name (#150): libGDX trims region names, spine-ts does not".to_owned(),
                    });
                    decoded = trimmed.to_owned();
                }
            }
            out.extend_from_slice(decoded.as_bytes());
            out.extend_from_slice(ending);
        }
        (out, changes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ATLAS: &str = "\ncoin.png\nsize: 64,64\nfilter: Linear,Linear\n改\n  rotate: false\n  xy: 0, 0\nF_Weaon_Af3 \nbounds: 1,2,3,4\n\npage2.png\nsize: 8,8\nlast\n";

    #[test]
    fn finds_regions_like_spine_ts() {
        let atlas = read_atlas(ATLAS.as_bytes(), &[]).unwrap();
        let names: Vec<&str> = atlas.regions.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["改", "F_Weaon_Af3 ", "last"]);
        assert_eq!(atlas.encoding, encoding_rs::UTF_8);
    }

    #[test]
    fn detects_gbk_and_reencodes() {
        let (gbk, _, bad) = encoding_rs::GBK.encode(ATLAS);
        assert!(!bad);
        let atlas = read_atlas(&gbk, &["改".to_owned()]).unwrap();
        assert!(atlas.is_legacy());
        assert_eq!(encoding_name(atlas.encoding), "GBK/GB18030");
        assert!(atlas.find("改").is_some());
        assert!(!atlas.reader_sees(encoding_rs::UTF_8, "改"));
        let (utf8, changes) = atlas.to_utf8();
        assert_eq!(
            String::from_utf8(utf8).unwrap(),
            ATLAS.replace("Af3 \n", "Af3\n")
        );
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].line, 8);
    }

    #[test]
    fn a_region_named_only_by_control_characters_survives_reencoding() {
        // Fuzzing found it: trimmed to nothing, the name became a blank line (a page end).
        let atlas = read_atlas(b"\npage.png\nsize: 8,8\na\n\0\0\0\n", &[]).unwrap();
        let names: Vec<&str> = atlas.regions.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["a", "\0\0\0"]);
        let (utf8, changes) = atlas.to_utf8();
        assert!(changes.is_empty());
        let again = read_atlas(&utf8, &[]).unwrap();
        assert_eq!(again.regions.len(), 2);
    }

    #[test]
    fn unknown_charset_label_is_an_error() {
        assert!(legacy_charset("gbk").is_ok());
        assert!(matches!(
            legacy_charset("klingon"),
            Err(Error::UnknownCharset { .. })
        ));
    }
}
