//! Charset mismatches between names and atlas: a GBK atlas re-encoded to UTF-8, names
//! rewritten for a legacy reader, and names mangled for a GBK reader restored.

use sp_skel::synth;
use sp_skel::{
    BinaryLayout, CharsetFix, DefectKind, Location, RepairOptions, inspect, legacy_charset,
    read_binary, repair,
};

use crate::support::{GBK_ATLAS, LAYOUTS, is_clean};

#[test]
fn gbk_atlas_is_reencoded_to_utf8() {
    let (gbk, _, _) = encoding_rs::GBK.encode(GBK_ATLAS);
    for layout in LAYOUTS {
        let bytes = synth::binary(
            &synth::header(layout, true),
            &synth::strings(&[Some("改"), Some("plain")]),
            b"xyz",
        )
        .unwrap();
        let options = RepairOptions {
            atlas: Some(&gbk),
            charset_fix: CharsetFix::ReencodeAtlas,
        };
        let info = inspect(&bytes, &options).unwrap();
        assert_eq!(info.defects.len(), 1);
        assert_eq!(info.defects[0].kind, DefectKind::CharsetMismatch);
        assert_eq!(info.defects[0].location, Location::Index(0));
        let repaired = repair(&bytes, &options).unwrap();
        assert_eq!(
            repaired.skeleton, bytes,
            "names stay, only the atlas changes"
        );
        assert_eq!(repaired.atlas.as_deref(), Some(GBK_ATLAS.as_bytes()));
        let atlas = repaired.report.atlas.unwrap();
        assert_eq!(
            (atlas.encoding.as_str(), atlas.changed, atlas.regions),
            ("GBK/GB18030", true, 2)
        );
        let after = RepairOptions {
            atlas: repaired.atlas.as_deref(),
            charset_fix: CharsetFix::ReencodeAtlas,
        };
        assert!(is_clean(&repaired.skeleton, &after));
    }
}

#[test]
fn legacy_reader_choice_rewrites_names_like_the_original() {
    let gbk = legacy_charset("gbk").unwrap();
    for layout in LAYOUTS {
        let bytes = synth::binary(
            &synth::header(layout, false),
            &synth::strings(&[Some("改"), Some("plain ")]),
            b"xyz",
        )
        .unwrap();
        // UTF-8 atlas read by a GBK reader: the reader sees the mojibake of "改".
        let options = RepairOptions {
            atlas: Some(GBK_ATLAS.as_bytes()),
            charset_fix: CharsetFix::LegacyReader(gbk),
        };
        let kinds: Vec<_> = inspect(&bytes, &options)
            .unwrap()
            .defects
            .iter()
            .map(|d| d.kind)
            .collect();
        assert_eq!(
            kinds,
            [DefectKind::CharsetMismatch, DefectKind::TrailingWhitespace]
        );
        let repaired = repair(&bytes, &options).unwrap();
        let expected = encoding_rs::GBK
            .decode_without_bom_handling("改".as_bytes())
            .0
            .into_owned();
        let again = read_binary(&repaired.skeleton).unwrap();
        assert_eq!(again.strings[0].text(), Some(expected));
        assert_eq!(again.strings[1].text().as_deref(), Some("plain"));
        assert_eq!(
            repaired.atlas.as_deref(),
            Some(GBK_ATLAS.as_bytes()),
            "atlas untouched"
        );
        assert!(repaired.report.charset_fix.starts_with("legacy-reader:"));
        // Checked again against the same atlas and reader: nothing left.
        assert!(is_clean(&repaired.skeleton, &options));
    }
}

#[test]
fn names_mangled_for_a_gbk_reader_are_restored_against_a_utf8_atlas() {
    // What the original loader wrote on a GBK JVM: the GBK reading of "改"'s UTF-8 bytes.
    let mangled = encoding_rs::GBK
        .decode_without_bom_handling("改".as_bytes())
        .0
        .into_owned();
    let bytes = synth::binary(
        &synth::header(BinaryLayout::V3_8, true),
        &synth::strings(&[Some(&mangled)]),
        b"body",
    )
    .unwrap();
    let options = RepairOptions {
        atlas: Some(GBK_ATLAS.as_bytes()),
        charset_fix: CharsetFix::ReencodeAtlas,
    };
    let info = inspect(&bytes, &options).unwrap();
    assert_eq!(
        info.defects.iter().map(|d| d.kind).collect::<Vec<_>>(),
        [DefectKind::CharsetMismatch]
    );
    let repaired = repair(&bytes, &options).unwrap();
    assert_eq!(
        read_binary(&repaired.skeleton).unwrap().strings[0]
            .text()
            .as_deref(),
        Some("改")
    );
    assert_eq!(
        repaired.atlas.as_deref(),
        Some(GBK_ATLAS.as_bytes()),
        "a UTF-8 atlas is kept"
    );
    assert!(!repaired.report.atlas.unwrap().changed);
}
