//! Every error code of the wrapped crates and of the boundary carries exactly the parameters its
//! list names (the lists become `web/generated/error-codes.ts`, which the UI's wordings are
//! checked against), and codes are unique.

use serde_json::{Map, Value};
use sp_ms3d::Section;
use sp_wasm::Error;

/// One example per variant of every crate's error whose list is checked here (sp-sim and the
/// export and skeleton-header warnings check their own lists in their crates).
fn examples() -> Vec<Error> {
    let s = || "x".to_string();
    let ms3d = [
        sp_ms3d::Error::Truncated {
            section: Section::Vertices,
            offset: 1,
            needed: 2,
            available: 1,
        },
        sp_ms3d::Error::CountTooLarge {
            section: Section::Groups,
            offset: 1,
            count: 9,
            min_bytes: 9,
            available: 1,
        },
        sp_ms3d::Error::BadMagic,
        sp_ms3d::Error::UnsupportedVersion { version: 9 },
        sp_ms3d::Error::NoTriangles { offset: 1 },
        sp_ms3d::Error::IndexOutOfRange {
            section: Section::Triangles,
            offset: 1,
            what: "vertex index",
            index: 9,
            len: 1,
        },
        sp_ms3d::Error::NegativeLength {
            section: Section::Groups,
            offset: 1,
            length: -1,
        },
        sp_ms3d::Error::MissingParent {
            offset: 1,
            joint: s(),
            parent: s(),
        },
        sp_ms3d::Error::JointCycle {
            offset: 1,
            joint: s(),
        },
        sp_ms3d::Error::StringTooLong {
            field: "name",
            value: s(),
            len: 40,
            max: 32,
        },
        sp_ms3d::Error::Unencodable {
            field: "name",
            value: s(),
        },
        sp_ms3d::Error::TooMany {
            what: "vertices",
            count: 9,
            max: 1,
        },
        sp_ms3d::Error::SectionGap {
            section: Section::Joints,
            missing: Section::Groups,
        },
        sp_ms3d::Error::BadSubVersion {
            section: Section::Groups,
            sub_version: 9,
        },
        sp_ms3d::Error::MarkerOutsideClip {
            name: s(),
            frame: 9.0,
            clip: s(),
            start_frame: 1.0,
            end_frame: 2.0,
        },
        sp_ms3d::Error::OutputLength {
            expected: 1,
            got: 2,
        },
        sp_ms3d::Error::Bake(s()),
    ];
    let skel = [
        sp_skel::Error::TooLarge {
            len_bytes: 2,
            max_bytes: 1,
        },
        sp_skel::Error::Truncated {
            offset: 1,
            what: s(),
            needed: 2,
            available: 1,
        },
        sp_skel::Error::BadValue {
            offset: 1,
            what: s(),
            value: -1,
            expected: "count",
        },
        sp_skel::Error::NotSkeleton { reason: s() },
        sp_skel::Error::UnsupportedVersion {
            version: s(),
            offset: 1,
        },
        sp_skel::Error::JsonSyntax {
            offset: 1,
            line: 1,
            column: 1,
            message: s(),
        },
        sp_skel::Error::JsonShape {
            path: s(),
            expected: "a number",
        },
        sp_skel::Error::UnknownCharset { label: s() },
        sp_skel::Error::Unwritable {
            what: s(),
            reason: "too long",
        },
    ];
    let render = [
        sp_render::Error::NoRenderer(s()),
        sp_render::Error::Surface(s()),
        sp_render::Error::BadImage {
            path: s(),
            reason: s(),
        },
        sp_render::Error::BadClip {
            name: s(),
            reason: s(),
        },
        sp_render::Error::UnknownClip(3),
    ];
    let spine = [
        sp_spine::Error::Settings {
            field: s(),
            message: s(),
        },
        sp_spine::Error::System {
            index: 1,
            name: s(),
            message: s(),
        },
        sp_spine::Error::Invalid {
            path: s(),
            message: s(),
        },
        sp_spine::Error::Cancelled,
        sp_spine::Error::Json(serde_json::from_str::<u8>("x").expect_err("not json")),
    ];
    let mut out: Vec<Error> = Vec::new();
    out.extend(ms3d.into_iter().map(Error::from));
    out.extend(skel.into_iter().map(Error::from));
    out.extend(render.into_iter().map(Error::from));
    out.extend(spine.into_iter().map(Error::from));
    out.extend([
        Error::Input {
            name: "imagesJson",
            message: s(),
        },
        Error::Argument {
            name: "fps",
            reason: s(),
        },
        Error::Browser(s()),
    ]);
    out
}

fn names(params: &Map<String, Value>) -> Vec<&str> {
    params.keys().map(String::as_str).collect()
}

#[test]
fn every_code_has_exactly_its_listed_params() {
    let codes = sp_wasm::error::all_codes();
    let examples = examples();
    for e in &examples {
        let (_, listed) = codes
            .iter()
            .find(|(c, _)| *c == e.code())
            .unwrap_or_else(|| panic!("{} is not listed", e.code()));
        let mut want = listed.to_vec();
        want.sort_unstable();
        let params = e.params();
        assert_eq!(names(&params), want, "{}", e.code());
    }
    for prefix in [
        "ms3d.",
        "skel.",
        "render.",
        "spine.settings",
        "spine.system",
    ] {
        // The skeleton header and MS3D parser warnings check their lists in their crates
        // (their `warning` modules).
        for (code, _) in codes.iter().filter(|(c, _)| {
            c.starts_with(prefix)
                && !c.starts_with("skel.warning.")
                && !c.starts_with("ms3d.warning.")
        }) {
            assert!(
                examples.iter().any(|e| e.code() == *code),
                "{code} has no example"
            );
        }
    }
    let mut all: Vec<&str> = codes.iter().map(|(c, _)| *c).collect();
    all.sort_unstable();
    let n = all.len();
    all.dedup();
    assert_eq!(all.len(), n, "codes are unique");
}

#[test]
fn the_texture_warning_has_its_listed_params() {
    let d = sp_wasm::error::texture_not_dropped("body", "skin.png");
    let (_, listed) = sp_wasm::error::WARNING_CODES
        .iter()
        .find(|(c, _)| *c == d.code)
        .expect("listed");
    let mut want = listed.to_vec();
    want.sort_unstable();
    assert_eq!(names(&d.params), want);
    assert!(
        d.message.contains("\"skin.png\" was not dropped"),
        "{}",
        d.message
    );
}

#[test]
fn file_wrappers_keep_the_inner_code_and_name_the_file() {
    let e = Error::ModelFile {
        file: "a.ms3d".into(),
        source: sp_ms3d::Error::BadMagic,
    };
    assert_eq!(e.code(), "ms3d.badMagic");
    assert_eq!(e.params()["file"], "a.ms3d");
    let d = e.diagnostic();
    assert!(
        d.message.starts_with("a.ms3d: header section"),
        "{}",
        d.message
    );
    let scene = sp_wasm::pure::normalize_scene(r#"{"version":1,"systems":[{"ratePerSec":1e9}]}"#)
        .expect_err("above the limit");
    let d = scene.diagnostic();
    assert_eq!(d.code, "sim.field.aboveMax");
    assert_eq!(d.params["path"], "systems[0].ratePerSec");
    assert_eq!(d.params["limit"], 100_000.0);
    assert_eq!(
        d.message,
        "systems[0].ratePerSec: 1000000000 is above the limit 100000"
    );
}
