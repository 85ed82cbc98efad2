//! [`super::to_json`] against `serde_json` on a file with every optional field present and absent.

use super::*;
use crate::json::{
    Attachment, AttachmentKey, BoneData, DrawOrderKey, DrawOrderOffset, MeshAttachment, OrderedMap,
    RegionAttachment, RgbaKey, SkeletonInfo, SkinData, SlotData,
};

/// Keys of every shape: zero and non-zero times, every curve, a non-finite value.
fn xy_keys(n: usize) -> Vec<XyKey> {
    let curves = [
        CurveJson::Linear,
        CurveJson::Stepped,
        CurveJson::Bezier([Num(0.1), Num(-2.5), Num(0.2), Num(3.0)].repeat(2)),
    ];
    (0..n)
        .map(|i| XyKey {
            time: Num(i as f64 / 30.0),
            x: Num(if i == 3 {
                f64::NAN
            } else {
                i as f64 * 1.25 - 2.0
            }),
            y: Num(-0.066666 * i as f64),
            curve: curves[i % 3].clone(),
        })
        .collect()
}

fn value_keys(n: usize) -> Vec<ValueKey> {
    xy_keys(n)
        .into_iter()
        .map(|k| ValueKey {
            time: k.time,
            value: k.y,
            curve: k.curve,
        })
        .collect()
}

fn slot_timelines(attachment: bool, rgba: bool) -> SlotTimelines {
    SlotTimelines {
        attachment: if attachment {
            vec![
                AttachmentKey {
                    time: Num(0.0),
                    name: Some("spark \"1\"\\ é\u{1}".into()),
                },
                AttachmentKey {
                    time: Num(0.5),
                    name: None,
                },
            ]
        } else {
            Vec::new()
        },
        rgba: if rgba {
            vec![
                RgbaKey {
                    time: Num(0.0),
                    color: "ffffffff".into(),
                    curve: CurveJson::Stepped,
                },
                RgbaKey {
                    time: Num(0.25),
                    color: "ff00ff80".into(),
                    curve: CurveJson::Bezier(vec![Num(0.3); 16]),
                },
                RgbaKey {
                    time: Num(1.0),
                    color: "00000000".into(),
                    curve: CurveJson::Linear,
                },
            ]
        } else {
            Vec::new()
        },
    }
}

/// A file with every optional field both present and absent.
fn every_case() -> SkeletonFile {
    let mut animations = OrderedMap::default();
    animations.push("empty", AnimationData::default());
    for (name, with_slots, with_bones, with_draw_order) in [
        ("bones only", false, true, false),
        ("slots only", true, false, false),
        ("draw order only", false, false, true),
        ("all \"quoted\"", true, true, true),
    ] {
        let mut a = AnimationData::default();
        if with_slots {
            for (i, (att, rgba)) in [(true, false), (false, true), (true, true), (false, false)]
                .into_iter()
                .enumerate()
            {
                a.slots.push(format!("slot {i}"), slot_timelines(att, rgba));
            }
        }
        if with_bones {
            for mask in 0..8usize {
                a.bones.push(
                    format!("_particle_{mask:03}"),
                    BoneTimelines {
                        rotate: if mask & 1 == 1 { value_keys(4) } else { vec![] },
                        translate: if mask & 2 == 2 { xy_keys(5) } else { vec![] },
                        scale: if mask & 4 == 4 { xy_keys(2) } else { vec![] },
                    },
                );
            }
        }
        if with_draw_order {
            a.draw_order = vec![
                DrawOrderKey {
                    time: Num(0.0),
                    offsets: vec![],
                },
                DrawOrderKey {
                    time: Num(0.4),
                    offsets: vec![DrawOrderOffset {
                        slot: "slot 1".into(),
                        offset: -2,
                    }],
                },
            ];
        }
        animations.push(name, a);
    }
    let mut regions = OrderedMap::default();
    regions.push(
        "spark",
        Attachment::Region(RegionAttachment {
            path: Some("images/spark".into()),
            x: Num(0.5),
            y: Num(0.0),
            width: Num(32.0),
            height: Num(16.25),
        }),
    );
    regions.push(
        "trail",
        Attachment::Mesh(MeshAttachment {
            kind: "mesh",
            path: None,
            uvs: vec![Num(0.0), Num(0.333333), Num(1.0), Num(0.5)],
            triangles: vec![0, 1, 2],
            vertices: vec![Num(2.0), Num(0.0), Num(-1.5), Num(0.75), Num(1.0)],
            hull: 2,
            width: Num(8.0),
            height: Num(2.0),
        }),
    );
    let mut skin = OrderedMap::default();
    skin.push("slot 0", regions);
    let mut bone = BoneData::new(
        "p \"0\"".into(),
        Some("root".into()),
        Some("onlyTranslation"),
    );
    bone.x = Num(-3.5);
    bone.rotation = Num(12.345678);
    SkeletonFile {
        skeleton: SkeletonInfo {
            hash: "hash-placeholder".into(),
            spine: "4.2.22".into(),
            x: Num(-328.58),
            y: Num(0.0),
            width: Num(814.21),
            height: Num(577.53),
            fps: Some(Num(30.0)),
            images: "./images/".into(),
            audio: String::new(),
        },
        bones: vec![BoneData::new("root".into(), None, None), bone],
        slots: vec![SlotData {
            name: "slot 0".into(),
            bone: "root".into(),
            color: "ffffffff".into(),
            attachment: Some("spark".into()),
            blend: Some("additive"),
        }],
        skins: vec![SkinData {
            name: "default".into(),
            attachments: skin,
        }],
        animations,
    }
}

#[test]
fn writes_what_serde_json_writes_on_a_file_with_every_case() {
    let file = every_case();
    let theirs = serde_json::to_string(&file).expect("serde_json");
    for hint in [0, 1 << 16] {
        let ours = to_json(&file, hint, false).expect("ours");
        assert_eq!(ours.text, theirs);
        assert_eq!(ours.fnv1a_64, reference_fnv1a_64(theirs.as_bytes()));
    }
    // The fixture reaches every branch the writer has.
    for needle in [
        "\"empty\":{}",
        "\"attachment\":[{\"name\":",
        "\"name\":null",
        "{\"rgba\":[",
        "\"curve\":\"stepped\"",
        "\"curve\":[0.1,-2.5",
        "\"x\":null",
        "{\"scale\":[",
        "{\"rotate\":[{\"value\":0},{\"time\":",
        "\"drawOrder\":[{},",
        "\"slot 3\":{}",
        "\"_particle_000\":{}",
    ] {
        assert!(theirs.contains(needle), "{needle} in {theirs}");
    }
}

#[test]
fn writes_the_same_bytes_in_pieces_on_the_thread_pool() {
    let mut file = every_case();
    // Maps longer than a piece, not a multiple of it, and one shorter.
    for (a, (_, animation)) in file.animations.0.iter_mut().enumerate() {
        let n = [3 * PIECE_ENTRIES + 5, PIECE_ENTRIES - 1][a % 2];
        let bones = animation.bones.0.clone();
        let slots = animation.slots.0.clone();
        for k in 0..n {
            for (name, t) in &bones {
                animation.bones.push(format!("{name} {k}"), t.clone());
            }
            for (name, t) in &slots {
                animation.slots.push(format!("{name} {k}"), t.clone());
            }
        }
    }
    let theirs = serde_json::to_string(&file).expect("serde_json");
    assert!(theirs.len() > 10_000, "{} bytes", theirs.len());
    let ours = to_json(&file, 0, true).expect("in pieces");
    assert_eq!(ours.text, theirs);
    assert_eq!(ours.fnv1a_64, reference_fnv1a_64(theirs.as_bytes()));
}

/// FNV-1a 64 as its authors define it (offset basis 14695981039346656037, prime
/// 1099511628211), written here apart from the writer's.
fn reference_fnv1a_64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(14_695_981_039_346_656_037, |h: u64, &b| {
        (h ^ u64::from(b)).wrapping_mul(1_099_511_628_211)
    })
}

#[test]
fn fnv1a_64_gives_the_published_values() {
    // From the FNV authors' test suite (isthe.com/chongo/src/fnv/test_fnv.c).
    for (text, hash) in [
        ("", 0xcbf2_9ce4_8422_2325),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ] {
        assert_eq!(fnv1a_64(text.as_bytes()), hash, "{text:?}");
        assert_eq!(reference_fnv1a_64(text.as_bytes()), hash, "{text:?}");
    }
}
