//! Tests of the warnings: every code is listed with its parameters, and the sentence.

use serde_json::Value;

use super::*;

#[test]
fn every_warning_code_is_listed_with_its_params() {
    let s = |s: &str| s.to_owned();
    let kinds = [
        WarningKind::FpsBelowOne { fps: s("0") },
        WarningKind::VertexBoneMissing {
            vertex: 3,
            bone: 9,
            joints: 2,
        },
        WarningKind::ColourAbove1 {
            material: 0,
            channel: "diffuse",
            colour: s("[255.0, 0.0, 0.0, 1.0]"),
        },
        WarningKind::GroupMaterialMissing {
            group: 0,
            name: s("body"),
            material: 4,
            materials: 1,
        },
        WarningKind::UngroupedTriangles { count: 2 },
        WarningKind::TrailingBytes { bytes: 4 },
        WarningKind::UnknownSubVersion {
            sub_version: 7,
            expected: s("[1]"),
        },
        WarningKind::ModelComments { count: 2 },
        WarningKind::DuplicateJointName {
            joint: 1,
            name: s("a"),
            first: 0,
        },
        WarningKind::ParentNotFound {
            joint: s("a"),
            parent: s("none"),
        },
        WarningKind::ParentIsSelf { joint: s("a") },
        WarningKind::OwnAncestor {
            joint: s("a"),
            parent: s("b"),
        },
    ]
    .into_iter()
    .chain(
        [
            Section::Comments,
            Section::VertexExtra,
            Section::JointExtra,
            Section::ModelExtra,
        ]
        .map(|section| WarningKind::TailNotRead {
            section,
            error: Error::Truncated {
                section,
                offset: 50,
                needed: 4,
                available: 1,
            },
        }),
    )
    .chain(
        [
            CommentAbout::Group,
            CommentAbout::Material,
            CommentAbout::Joint,
        ]
        .map(|about| WarningKind::CommentTargetMissing {
            about,
            index: 5,
            count: 1,
        }),
    );
    let examples: Vec<Warning> = kinds
        .map(|kind| Warning {
            section: Section::Joints,
            offset: 42,
            kind,
        })
        .collect();
    for w in &examples {
        let (_, names) = WARNING_CODES
            .iter()
            .find(|(c, _)| *c == w.code())
            .unwrap_or_else(|| panic!("{} is not listed", w.code()));
        let mut expected: Vec<&str> = names.to_vec();
        expected.sort_unstable();
        let params = w.params();
        let got: Vec<&str> = params
            .keys()
            .map(String::as_str)
            .filter(|k| !k.starts_with("error."))
            .collect();
        assert_eq!(got, expected, "{}", w.code());
        if let Some(code) = params.get("errorCode").and_then(Value::as_str) {
            let (_, nested) = crate::ERROR_CODES
                .iter()
                .find(|(c, _)| *c == code)
                .unwrap_or_else(|| panic!("{code} is not an error code"));
            for name in *nested {
                assert!(
                    params.contains_key(&format!("error.{name}")),
                    "{}: nested parameter {name}",
                    w.code()
                );
            }
        }
        assert_eq!(
            params["offset"],
            42,
            "{}: the byte is a parameter",
            w.code()
        );
        assert_eq!(w.detail().message, w.to_string());
    }
    for (code, _) in WARNING_CODES {
        assert!(
            examples.iter().any(|w| w.code() == *code),
            "{code} has no example"
        );
    }
}

#[test]
fn the_sentence_says_where_and_what() {
    let w = Warning {
        section: Section::Comments,
        offset: 120,
        kind: WarningKind::TailNotRead {
            section: Section::Comments,
            error: Error::NegativeLength {
                section: Section::Comments,
                offset: 124,
                length: -3,
            },
        },
    };
    assert_eq!(
        w.to_string(),
        "comments section, byte 120: not read, so the comments (clip names and frame ranges among them) and the sections after them are missing: comments section, byte 124: negative length -3"
    );
    let params = w.params();
    assert_eq!(params["section"], "comments");
    assert_eq!(params["errorCode"], "ms3d.negativeLength");
    assert_eq!(params["error.offset"], 124);
    assert_eq!(params["error.length"], -3);
}
