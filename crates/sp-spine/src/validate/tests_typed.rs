//! The typed validator finds exactly the issues the JSON validator finds in the serialised
//! skeleton, on a good skeleton and on each broken case.

use super::*;
use crate::json::{
    AnimationData, Attachment, AttachmentKey, BoneData, BoneTimelines, CurveJson, DrawOrderKey,
    DrawOrderOffset, Num, OrderedMap, RegionAttachment, RgbaKey, SkeletonFile, SkeletonInfo,
    SkinData, SlotData, SlotTimelines, ValueKey, XyKey,
};

/// The first skin entry of the fixture, a region.
fn region(f: &mut SkeletonFile) -> &mut RegionAttachment {
    match &mut f.skins[0].attachments.0[0].1.0[0].1 {
        Attachment::Region(r) => r,
        Attachment::Mesh(_) => panic!("the fixture's first attachment is a region"),
    }
}

fn good_file() -> SkeletonFile {
    let mut bones = OrderedMap::default();
    bones.push(
        "p0",
        BoneTimelines {
            rotate: vec![ValueKey {
                time: Num(0.0),
                value: Num(10.0),
                curve: CurveJson::Linear,
            }],
            translate: vec![
                XyKey {
                    time: Num(0.0),
                    x: Num(1.0),
                    y: Num(2.0),
                    curve: CurveJson::Stepped,
                },
                XyKey {
                    time: Num(0.5),
                    x: Num(3.0),
                    y: Num(0.0),
                    curve: CurveJson::Linear,
                },
            ],
            scale: vec![],
        },
    );
    let mut slots = OrderedMap::default();
    slots.push(
        "p0",
        SlotTimelines {
            attachment: vec![
                AttachmentKey {
                    time: Num(0.0),
                    name: None,
                },
                AttachmentKey {
                    time: Num(0.1),
                    name: Some("spark".into()),
                },
            ],
            rgba: vec![
                RgbaKey {
                    time: Num(0.0),
                    color: "ffffffff".into(),
                    curve: CurveJson::Bezier(
                        [0.1, 1.0, 0.2, 1.0]
                            .repeat(4)
                            .into_iter()
                            .map(Num)
                            .collect(),
                    ),
                },
                RgbaKey {
                    time: Num(0.3),
                    color: "ffffff00".into(),
                    curve: CurveJson::Linear,
                },
            ],
        },
    );
    let mut animations = OrderedMap::default();
    animations.push(
        "a",
        AnimationData {
            slots,
            bones,
            draw_order: vec![DrawOrderKey {
                time: Num(0.2),
                offsets: vec![DrawOrderOffset {
                    slot: "p0".into(),
                    offset: 1,
                }],
            }],
        },
    );
    animations.push("empty", AnimationData::default());
    let mut entries = OrderedMap::default();
    entries.push(
        "spark",
        Attachment::Region(RegionAttachment {
            path: None,
            x: Num(0.0),
            y: Num(1.5),
            width: Num(32.0),
            height: Num(16.0),
        }),
    );
    let mut skin = OrderedMap::default();
    skin.push("p0", entries);
    SkeletonFile {
        skeleton: SkeletonInfo {
            hash: "AAAAAAAAAAA".into(),
            spine: "4.2.22".into(),
            x: Num(0.0),
            y: Num(0.0),
            width: Num(10.0),
            height: Num(10.0),
            fps: Some(Num(30.0)),
            images: "./images/".into(),
            audio: String::new(),
        },
        bones: vec![
            BoneData::new("root".into(), None, None),
            BoneData::new("sys".into(), Some("root".into()), None),
            BoneData::new("p0".into(), Some("sys".into()), Some("onlyTranslation")),
        ],
        slots: vec![
            SlotData {
                name: "p0".into(),
                bone: "p0".into(),
                color: "ffffff00".into(),
                attachment: Some("spark".into()),
                blend: Some("additive"),
            },
            SlotData {
                name: "p1".into(),
                bone: "p0".into(),
                color: "ffffff00".into(),
                attachment: None,
                blend: None,
            },
        ],
        skins: vec![SkinData {
            name: "default".into(),
            attachments: skin,
        }],
        animations,
    }
}

/// Issues as `(path, message)`, sorted.
type Found = Vec<(String, String)>;

fn sorted(mut issues: Vec<Issue>) -> Found {
    issues.sort_by(|a, b| (&a.path, &a.message).cmp(&(&b.path, &b.message)));
    issues.into_iter().map(|i| (i.path, i.message)).collect()
}

/// Issues of the typed check and of the JSON check of the serialised file.
fn both(file: &SkeletonFile) -> (Found, Found) {
    let value = serde_json::to_value(file).expect("serialise");
    (sorted(validate_file(file)), sorted(validate(&value)))
}

#[test]
fn a_good_skeleton_passes_both() {
    let (typed, text) = both(&good_file());
    assert_eq!(typed, vec![]);
    assert_eq!(text, vec![]);
    assert!(validate_skeleton(&good_file()).is_ok());
}

fn anim(f: &mut SkeletonFile) -> &mut AnimationData {
    &mut f.animations.0[0].1
}

#[test]
fn each_broken_case_gives_the_same_issues_as_the_json_validator() {
    let nan = Num(f64::NAN);
    type Edit = Box<dyn Fn(&mut SkeletonFile)>;
    let cases: Vec<(&str, Edit)> = vec![
        (
            "duplicate bone",
            Box::new(|f| f.bones[2].name = "sys".into()),
        ),
        ("bone order", Box::new(|f| f.bones.swap(1, 2))),
        ("root parent", Box::new(|f| f.bones[1].parent = None)),
        ("empty bone name", Box::new(|f| f.bones[2].name.clear())),
        ("bone x", Box::new(move |f| f.bones[1].x = nan)),
        ("bone scale", Box::new(move |f| f.bones[1].scale_y = nan)),
        (
            "inherit",
            Box::new(|f| f.bones[2].inherit = Some("OnlyTranslation")),
        ),
        ("slot bone", Box::new(|f| f.slots[0].bone = "nope".into())),
        (
            "slot colour",
            Box::new(|f| f.slots[0].color = "#fff".into()),
        ),
        ("blend", Box::new(|f| f.slots[0].blend = Some("add"))),
        (
            "duplicate slot",
            Box::new(|f| f.slots[1].name = "p0".into()),
        ),
        ("empty slot name", Box::new(|f| f.slots[1].name.clear())),
        (
            "setup attachment",
            Box::new(|f| f.slots[0].attachment = Some("nothing".into())),
        ),
        (
            "skin slot",
            Box::new(|f| f.skins[0].attachments.0[0].0 = "ghost".into()),
        ),
        ("region size", Box::new(move |f| region(f).height = nan)),
        ("region offset", Box::new(move |f| region(f).y = nan)),
        (
            "region path",
            Box::new(|f| region(f).path = Some("data:image/png;base64,AA".into())),
        ),
        ("version", Box::new(|f| f.skeleton.spine = "3.8.99".into())),
        ("bounds", Box::new(move |f| f.skeleton.width = nan)),
        ("fps", Box::new(move |f| f.skeleton.fps = Some(nan))),
        (
            "attachment key",
            Box::new(|f| anim(f).slots.0[0].1.attachment[1].name = Some("other".into())),
        ),
        (
            "rgba colour",
            Box::new(|f| anim(f).slots.0[0].1.rgba[1].color = "#ffffff00".into()),
        ),
        (
            "rgba curve length",
            Box::new(|f| {
                anim(f).slots.0[0].1.rgba[0].curve =
                    CurveJson::Bezier(vec![Num(0.1), Num(1.0), Num(0.2), Num(1.0)])
            }),
        ),
        (
            "curve handle",
            Box::new(move |f| {
                if let CurveJson::Bezier(h) = &mut anim(f).slots.0[0].1.rgba[0].curve {
                    h[5] = nan;
                }
            }),
        ),
        (
            "animation slot",
            Box::new(|f| anim(f).slots.0[0].0 = "ghost".into()),
        ),
        (
            "animation bone",
            Box::new(|f| anim(f).bones.0[0].0 = "ghost".into()),
        ),
        (
            "negative time",
            Box::new(|f| anim(f).bones.0[0].1.translate[1].time = Num(-1.0)),
        ),
        (
            "time order",
            Box::new(|f| anim(f).bones.0[0].1.translate[0].time = Num(2.0)),
        ),
        (
            "time not finite",
            Box::new(move |f| anim(f).slots.0[0].1.rgba[1].time = nan),
        ),
        (
            "translate value",
            Box::new(move |f| anim(f).bones.0[0].1.translate[1].x = nan),
        ),
        (
            "rotate value",
            Box::new(move |f| anim(f).bones.0[0].1.rotate[0].value = nan),
        ),
        (
            "draw order slot",
            Box::new(|f| anim(f).draw_order[0].offsets[0].slot = "ghost".into()),
        ),
        (
            "draw order target",
            Box::new(|f| anim(f).draw_order[0].offsets[0].offset = 5),
        ),
        (
            "draw order listing",
            Box::new(|f| {
                let o = &mut anim(f).draw_order[0].offsets;
                o.push(DrawOrderOffset {
                    slot: "p0".into(),
                    offset: 0,
                });
            }),
        ),
    ];
    for (name, edit) in cases {
        let mut f = good_file();
        edit(&mut f);
        let (typed, text) = both(&f);
        assert!(!text.is_empty(), "{name}: the JSON validator finds nothing");
        assert_eq!(typed, text, "{name}");
        let err = validate_skeleton(&f).expect_err(name);
        assert!(
            err.to_string().starts_with("invalid Spine JSON at "),
            "{err}"
        );
    }
}
