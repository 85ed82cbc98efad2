//! Every code is listed with its parameters, and the wording of each case.

use super::*;

/// One example per code (see the module doc's recipe).
fn examples() -> Vec<Error> {
    let f = |issue| Error::Field {
        path: "systems[0].x".into(),
        issue,
    };
    let r = || "a/b.png".to_string();
    vec![
        Error::TooLarge {
            size_bytes: 2,
            limit_bytes: 1,
        },
        Error::NormalizedTooLarge {
            size_bytes: 2,
            limit_bytes: 1,
        },
        Error::Json {
            line: 1,
            column: 2,
            message: "m".into(),
        },
        Error::NewerVersion {
            found: 9,
            supported: 1,
        },
        f(FieldIssue::Type("m".into())),
        f(FieldIssue::NotFinite),
        f(FieldIssue::AboveMax {
            value: 2.0,
            limit: 1.0,
        }),
        f(FieldIssue::BelowMin {
            value: 0.0,
            limit: 1.0,
        }),
        f(FieldIssue::NotPositive {
            value: 0.0,
            unit: "",
        }),
        f(FieldIssue::ZeroScale),
        f(FieldIssue::TooMany {
            count: 3,
            limit: 2,
            noun: "keys",
        }),
        f(FieldIssue::TooLong { count: 3, limit: 2 }),
        f(FieldIssue::ControlCharacters),
        f(FieldIssue::Empty),
        f(FieldIssue::NotAFileName),
        f(FieldIssue::LoopNeedsDuration),
        f(FieldIssue::DuplicateName {
            name: "a".into(),
            other: "skeletons[0]".into(),
        }),
        f(FieldIssue::NotAChoice {
            value: "x".into(),
            choices: "\"y\" or \"z\"",
        }),
        f(FieldIssue::UnknownBuiltin {
            reference: r(),
            known: "a".into(),
        }),
        f(FieldIssue::NotRelative { reference: r() }),
        f(FieldIssue::AbsolutePath { reference: r() }),
        f(FieldIssue::Backslash { reference: r() }),
        f(FieldIssue::LeavesFolder { reference: r() }),
        f(FieldIssue::TooManyFirings { count: 3, limit: 2 }),
        f(FieldIssue::WiderThanShape {
            value: 3.0,
            limit: 2.0,
        }),
        f(FieldIssue::FollowTargetMissing),
        f(FieldIssue::TooManyHandles {
            count: 3,
            points: 2,
        }),
        f(FieldIssue::TrailHistoryTooLarge { count: 3, limit: 2 }),
        f(FieldIssue::TrailMeshTooLarge { count: 3, limit: 2 }),
        f(FieldIssue::TracksTooLarge {
            size_bytes: 2,
            limit_bytes: 1,
        }),
        f(FieldIssue::RateOutOfRange {
            value: 0.0,
            limit: 1.0,
        }),
        f(FieldIssue::NoPoints),
        f(FieldIssue::TooManyPoints { limit: 1 }),
        f(FieldIssue::CoordinateOutOfRange {
            value: 9.0,
            limit: 1.0,
        }),
        f(FieldIssue::DuplicateTrack {
            skeleton: "s".into(),
            bone: "b".into(),
            instance: 1,
        }),
    ]
}

#[test]
fn every_code_is_listed_with_its_params() {
    let examples = examples();
    for e in &examples {
        let listed = ERROR_CODES.iter().find(|(c, _)| *c == e.code());
        let Some((_, names)) = listed else {
            panic!("{} is not in ERROR_CODES", e.code());
        };
        let params = e.params();
        let params: Vec<&str> = params.keys().map(String::as_str).collect();
        let mut expected: Vec<&str> = names.to_vec();
        expected.sort_unstable();
        assert_eq!(params, expected, "{}", e.code());
    }
    for (code, _) in ERROR_CODES {
        assert!(
            examples.iter().any(|e| e.code() == *code),
            "{code} has no example"
        );
    }
}

#[test]
fn the_message_stays_the_english_sentence() {
    let e = Error::Field {
        path: "systems[1].maxParticles".into(),
        issue: FieldIssue::AboveMax {
            value: 1e9,
            limit: 100_000.0,
        },
    };
    assert_eq!(
        e.to_string(),
        "systems[1].maxParticles: 1000000000 is above the limit 100000"
    );
    assert_eq!(e.code(), "sim.field.aboveMax");
    assert_eq!(e.params()["limit"], 100_000.0);
}
