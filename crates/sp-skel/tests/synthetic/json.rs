//! JSON skeletons: the same checks and a consistent rename in every version, renames that would
//! collide left alone, 3.7's object skins, and header fields of the wrong type.

use sp_skel::synth;
use sp_skel::{Format, Location, RepairOptions, inspect, repair};

use crate::support::is_clean;

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
        assert!(is_clean(&repaired.skeleton, &RepairOptions::default()));
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
