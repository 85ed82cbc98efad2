//! Binary skeletons of every layout: trailing whitespace repaired with the body kept, emoji
//! names, the report and its serialisation, strings made equal, and the size cap.

use sp_skel::synth;
use sp_skel::{
    BinaryLayout, DefectKind, Location, RepairOptions, SkelString, inspect, read_binary, repair,
};

use crate::support::{LAYOUTS, body, is_clean};

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
            assert!(is_clean(&repaired.skeleton, &RepairOptions::default()));
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
