//! Synthetic defective skeletons of every version, repaired and re-read.

use sp_skel::synth;
use sp_skel::{
    BinaryLayout, CharsetFix, DefectKind, Format, Location, RepairOptions, SkelString, inspect,
    legacy_charset, read_binary, repair,
};

const LAYOUTS: [BinaryLayout; 4] = [
    BinaryLayout::V3_8,
    BinaryLayout::V4_0,
    BinaryLayout::V4_1,
    BinaryLayout::V4_2,
];

fn body() -> Vec<u8> {
    (0..=255u8).cycle().take(4096).collect()
}

#[test]
fn each_layout_repairs_trailing_whitespace_and_keeps_the_body() {
    for layout in LAYOUTS {
        for nonessential in [false, true] {
            let header = synth::header(layout, nonessential);
            let table = synth::strings(&[
                Some("clean"),
                Some("F_Weaon_Af3 "),
                None,
                Some(""),
                Some("改\u{3000}"),
                Some("tab\t"),
            ]);
            let bytes = synth::binary(&header, &table, &body()).unwrap();
            let info = inspect(&bytes, &RepairOptions::default()).unwrap();
            assert_eq!(info.reference_scale.is_some(), layout == BinaryLayout::V4_2);
            assert_eq!(info.nonessential, Some(nonessential));
            assert_eq!(info.fps, 30.0);
            let flagged: Vec<_> = info
                .defects
                .iter()
                .map(|d| (d.kind, d.location.clone()))
                .collect();
            assert_eq!(
                flagged,
                [1, 4, 5].map(|i| (DefectKind::TrailingWhitespace, Location::Index(i))),
                "{layout:?}"
            );

            let repaired = repair(&bytes, &RepairOptions::default()).unwrap();
            assert_eq!(repaired.report.changes.len(), 3);
            assert_eq!(
                repaired.report.changes[0].after.as_deref(),
                Some("F_Weaon_Af3")
            );
            let again = read_binary(&repaired.skeleton).unwrap();
            assert_eq!(again.header, header, "header fields unchanged, hash kept");
            assert_eq!(
                again.strings,
                synth::strings(&[
                    Some("clean"),
                    Some("F_Weaon_Af3"),
                    None,
                    Some(""),
                    Some("改"),
                    Some("tab")
                ])
            );
            assert!(again.strings[2].is_null(), "null stays null");
            assert_eq!(
                &repaired.skeleton[again.header_size as usize..],
                &body()[..],
                "body copied unchanged"
            );
            assert_eq!(repaired.report.bytes_copied_unchanged, body().len() as u64);
            assert!(
                inspect(&repaired.skeleton, &RepairOptions::default())
                    .unwrap()
                    .defects
                    .is_empty()
            );
        }
    }
}

#[test]
fn emoji_names_are_rewritten_as_surrogate_pairs() {
    let header = synth::header(BinaryLayout::V4_2, false);
    let table = vec![SkelString(Some("fire🔥".as_bytes().to_vec()))];
    let bytes = synth::binary(&header, &table, b"body").unwrap();
    let info = inspect(&bytes, &RepairOptions::default()).unwrap();
    assert_eq!(info.defects[0].kind, DefectKind::RuntimeDecoding);
    let repaired = repair(&bytes, &RepairOptions::default()).unwrap();
    let again = read_binary(&repaired.skeleton).unwrap();
    assert_eq!(again.strings[0].text().as_deref(), Some("fire🔥"));
}

const GBK_ATLAS: &str = "\nskel.png\nsize: 64,64\n改\nbounds: 0,0,1,1\nplain\nbounds: 1,1,1,1\n";

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
        assert!(
            inspect(&repaired.skeleton, &after)
                .unwrap()
                .defects
                .is_empty()
        );
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
        assert!(
            inspect(&repaired.skeleton, &options)
                .unwrap()
                .defects
                .is_empty()
        );
    }
}

#[test]
fn json_skeletons_get_the_same_checks_and_a_consistent_rename() {
    for version in ["3.8.99", "4.0.64", "4.1.24", "4.2.22"] {
        let text = synth::json(version, &["head ", "clean"]);
        let info = inspect(text.as_bytes(), &RepairOptions::default()).unwrap();
        assert_eq!(info.format, Format::Json);
        let paths: Vec<String> = info
            .defects
            .iter()
            .map(|d| match &d.location {
                Location::Path(p) => p.clone(),
                Location::Index(i) => panic!("index {i} in JSON"),
            })
            .collect();
        let deform = if version.starts_with("4.1") || version.starts_with("4.2") {
            "attachments"
        } else {
            "deform"
        };
        assert!(
            paths.contains(&"slots[0].attachment".to_owned()),
            "{paths:?}"
        );
        assert!(
            paths.contains(&"skins[0].attachments.slot0[\"head \"]".to_owned()),
            "{paths:?}"
        );
        assert!(
            paths.contains(&"skins[0].attachments.slot0.mesh0.path".to_owned()),
            "{paths:?}"
        );
        assert!(
            paths.contains(&"animations.anim.slots.slot0.attachment[1].name".to_owned()),
            "{paths:?}"
        );
        assert_eq!(paths.len(), 4, "{paths:?} ({deform})");

        let repaired = repair(text.as_bytes(), &RepairOptions::default()).unwrap();
        assert_eq!(repaired.report.changes.len(), 4);
        assert_eq!(
            String::from_utf8(repaired.skeleton.clone()).unwrap(),
            synth::json(version, &["head", "clean"])
        );
        assert!(
            inspect(&repaired.skeleton, &RepairOptions::default())
                .unwrap()
                .defects
                .is_empty()
        );
    }
}

#[test]
fn json_renames_that_would_collide_are_left_and_reported() {
    // One slot with entries "head " and "head": trimming would merge them.
    let text = r#"{"skeleton":{"spine":"4.2.22"},"bones":[{"name":"root"}],
        "slots":[{"name":"s","bone":"root","attachment":"head "}],
        "skins":[{"name":"default","attachments":{"s":{"head ":{"width":1,"height":1},"head":{"width":2,"height":2}}}}]}"#;
    let repaired = repair(text.as_bytes(), &RepairOptions::default()).unwrap();
    assert!(
        repaired.report.changes.is_empty(),
        "{:?}",
        repaired.report.changes
    );
    assert!(!repaired.report.unresolved.is_empty());
    assert_eq!(repaired.skeleton, text.as_bytes());
}

#[test]
fn report_serialises_with_locations() {
    let bytes = synth::binary(
        &synth::header(BinaryLayout::V4_2, false),
        &synth::strings(&[Some("a ")]),
        b"",
    )
    .unwrap();
    let report = repair(&bytes, &RepairOptions::default()).unwrap().report;
    let value = serde_json::to_value(&report).unwrap();
    assert_eq!(value["changes"][0]["index"], 0);
    assert_eq!(value["changes"][0]["before"], "a ");
    assert_eq!(value["changes"][0]["after"], "a");
    assert_eq!(value["changes"][0]["kinds"][0], "trailing_whitespace");
    assert_eq!(value["hash"], "fKr+fe4rKEk");
    let back: sp_skel::RepairReport = serde_json::from_value(value).unwrap();
    assert_eq!(back, report);
}

#[test]
fn the_64_mib_cap_applies_before_parsing() {
    let big = vec![b' '; (64 << 20) + 1];
    for result in [
        inspect(&big, &RepairOptions::default()).map(|_| ()),
        repair(&big, &RepairOptions::default()).map(|_| ()),
    ] {
        assert!(matches!(result, Err(sp_skel::Error::TooLarge { .. })));
    }
    assert!(sp_skel::plan_binary_repair(b"", (64 << 20) + 1, &RepairOptions::default()).is_err());
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

#[test]
fn json_3_7_object_skins_are_checked_too() {
    let text = r#"{"skeleton":{"spine":"3.7.94"},"bones":[{"name":"root"}],
        "slots":[{"name":"s","bone":"root","attachment":"a "}],
        "skins":{"default":{"s":{"a ":{"width":1,"height":1}}}}}"#;
    let info = inspect(text.as_bytes(), &RepairOptions::default()).unwrap();
    let paths: Vec<_> = info.defects.iter().map(|d| d.location.clone()).collect();
    assert_eq!(
        paths,
        [
            Location::Path("slots[0].attachment".into()),
            Location::Path("skins.default.s[\"a \"]".into())
        ]
    );
    let repaired = repair(text.as_bytes(), &RepairOptions::default()).unwrap();
    assert_eq!(
        String::from_utf8(repaired.skeleton).unwrap(),
        text.replace("a \"", "a\"")
    );
}

#[test]
fn a_change_that_makes_two_strings_equal_says_so() {
    let bytes = synth::binary(
        &synth::header(BinaryLayout::V4_1, false),
        &synth::strings(&[Some("a"), Some("a ")]),
        b"",
    )
    .unwrap();
    let report = repair(&bytes, &RepairOptions::default()).unwrap().report;
    assert_eq!(report.changes.len(), 1);
    assert!(
        report.changes[0].reason.contains("now equal to string 0"),
        "{}",
        report.changes[0].reason
    );
}

#[test]
fn json_header_fields_of_the_wrong_type_load_with_warnings() {
    // The runtimes load these files (libGDX reads "12" as 12 and true as 1; spine-ts takes any
    // value): skel info reads them too, says what it did, and the repair still works.
    let text = r#"{"skeleton":{"hash":7,"spine":"4.2.22","x":"-12.5","y":true,"width":[1],"height":"tall","fps":"24","images":{"a":1}},
        "bones":[{"name":"root"}],"slots":[{"name":"s","bone":"root","attachment":"eye "}],
        "skins":[{"name":"default","attachments":{"s":{"eye ":{"width":1,"height":1}}}}]}"#;
    let info = inspect(text.as_bytes(), &RepairOptions::default()).expect("loads");
    assert_eq!(
        (info.x, info.y, info.width, info.height, info.fps),
        (-12.5, 1.0, 0.0, 0.0, 24.0)
    );
    assert_eq!(info.hash.as_deref(), Some("7"));
    assert_eq!(info.images, None);
    assert_eq!(
        info.warnings,
        [
            "skeleton.hash is the number 7, not a string; read as \"7\"",
            "skeleton.x is the string \"-12.5\"; read as the number -12.5, as the runtimes do",
            "skeleton.y is true, not a number; read as 1, as libGDX does",
            "skeleton.width is an array, not a number; ignored",
            "skeleton.height is the string \"tall\", not a number; ignored",
            "skeleton.fps is the string \"24\"; read as the number 24, as the runtimes do",
            "skeleton.images is an object, not a string; ignored",
        ]
    );
    // The same warnings with codes and parameters, for the UI's zh/en wording.
    let codes: Vec<&str> = info
        .warning_details
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    assert_eq!(
        codes,
        [
            "skel.warning.stringFromNumber",
            "skel.warning.numberFromText",
            "skel.warning.numberFromBool",
            "skel.warning.ignored",
            "skel.warning.textNotNumber",
            "skel.warning.numberFromText",
            "skel.warning.ignored",
        ]
    );
    assert_eq!(info.warning_details[1].params["text"], "-12.5");
    assert_eq!(info.warning_details[1].message, info.warnings[1]);
    let json = serde_json::to_value(&info).expect("serialises");
    assert_eq!(json["warnings"].as_array().map(Vec::len), Some(7));
    assert_eq!(json["warningDetails"].as_array().map(Vec::len), Some(7));
    assert_eq!(info.defects.len(), 2, "{:?}", info.defects);
    let fixed = repair(text.as_bytes(), &RepairOptions::default()).expect("repairs");
    assert_eq!(fixed.report.changes.len(), 2);

    // A skeleton section that is not an object is ignored when there are bones…
    let odd = br#"{"skeleton":"4.2","bones":[{"name":"root"}]}"#;
    let info = inspect(odd, &RepairOptions::default()).expect("loads");
    assert_eq!(info.version, None);
    assert_eq!(
        info.warnings,
        ["skeleton is a string, not an object; its metadata is ignored"]
    );
    // …and a well-formed header has no warnings field at all.
    let clean = inspect(br#"{"bones":[]}"#, &RepairOptions::default()).expect("loads");
    assert!(
        serde_json::to_value(&clean)
            .expect("json")
            .get("warnings")
            .is_none()
    );
    // Without bones it is not a skeleton.
    assert!(inspect(br#"{"skeleton":5}"#, &RepairOptions::default()).is_err());
}
