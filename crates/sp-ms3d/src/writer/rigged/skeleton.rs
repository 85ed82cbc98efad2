//! The rigged character's skeleton and its motion: the joints (names, parents, offsets, the
//! body part, tube radius and limb depth of each, as the parent module's doc lays them out) and
//! the rotation of a joint at a phase of each clip.

use super::RiggedSpec;

/// Body part of a segment: its group, tube radius and swing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    Torso,
    Head,
    ArmL,
    ArmR,
    LegL,
    LegR,
}

impl Part {
    pub(super) fn group(self) -> usize {
        self as usize
    }
    pub(super) fn name(self) -> &'static str {
        match self {
            Part::Torso => "torso",
            Part::Head => "head",
            Part::ArmL => "arm_l",
            Part::ArmR => "arm_r",
            Part::LegL => "leg_l",
            Part::LegR => "leg_r",
        }
    }
    /// Mirror sign of the part's side (left = +X).
    fn side(self) -> f32 {
        match self {
            Part::ArmR | Part::LegR => -1.0,
            _ => 1.0,
        }
    }
}

pub(super) struct JointDef {
    pub(super) name: String,
    pub(super) parent: Option<usize>,
    pub(super) offset: [f32; 3],
    pub(super) part: Part,
    /// Tube radius of the segment ending at this joint.
    pub(super) radius: f32,
    /// Depth in its limb (0 at the limb's root joint): scales its swing.
    depth: u8,
}

pub(super) fn skeleton(spec: &RiggedSpec) -> Vec<JointDef> {
    let mut joints: Vec<JointDef> = Vec::new();
    let mut add = |name: String,
                   parent: Option<usize>,
                   offset: [f32; 3],
                   part: Part,
                   radius: f32,
                   depth: u8|
     -> usize {
        joints.push(JointDef {
            name,
            parent,
            offset,
            part,
            radius,
            depth,
        });
        joints.len() - 1
    };
    let hips = add("hips".into(), None, [0.0, 9.0, 0.0], Part::Torso, 0.0, 0);
    let spine1 = add(
        "spine1".into(),
        Some(hips),
        [0.0, 1.5, 0.0],
        Part::Torso,
        1.4,
        0,
    );
    let spine2 = add(
        "spine2".into(),
        Some(spine1),
        [0.0, 1.5, 0.0],
        Part::Torso,
        1.5,
        1,
    );
    let chest = add(
        "chest".into(),
        Some(spine2),
        [0.0, 1.5, 0.0],
        Part::Torso,
        1.7,
        2,
    );
    let neck = add(
        "neck".into(),
        Some(chest),
        [0.0, 1.2, 0.0],
        Part::Head,
        0.5,
        0,
    );
    let head = add(
        "head".into(),
        Some(neck),
        [0.0, 0.6, 0.0],
        Part::Head,
        0.45,
        1,
    );
    add(
        "head_end".into(),
        Some(head),
        [0.0, 1.8, 0.2],
        Part::Head,
        0.9,
        2,
    );
    for (part, tag) in [(Part::ArmL, "l"), (Part::ArmR, "r")] {
        let s = part.side();
        let clavicle = add(
            format!("clavicle_{tag}"),
            Some(chest),
            [0.4 * s, 0.9, 0.0],
            part,
            0.4,
            0,
        );
        let upper = add(
            format!("upper_arm_{tag}"),
            Some(clavicle),
            [1.3 * s, 0.0, 0.0],
            part,
            0.45,
            1,
        );
        let fore = add(
            format!("forearm_{tag}"),
            Some(upper),
            [2.4 * s, -0.2, 0.0],
            part,
            0.4,
            2,
        );
        let hand = add(
            format!("hand_{tag}"),
            Some(fore),
            [2.2 * s, -0.2, 0.1],
            part,
            0.32,
            3,
        );
        for f in 0..spec.fingers {
            let spread = (f32::from(f) - f32::from(spec.fingers.max(1) - 1) / 2.0) * 0.18;
            let mut parent = hand;
            for k in 0..spec.finger_joints {
                let first = k == 0;
                let offset = if first {
                    [0.8 * s, -0.05, spread]
                } else {
                    [0.3 * s, -0.02, 0.0]
                };
                parent = add(
                    format!("finger{f}_{k}_{tag}"),
                    Some(parent),
                    offset,
                    part,
                    if first { 0.25 } else { 0.08 },
                    4 + k,
                );
            }
        }
    }
    for (part, tag) in [(Part::LegL, "l"), (Part::LegR, "r")] {
        let s = part.side();
        let thigh = add(
            format!("thigh_{tag}"),
            Some(hips),
            [0.9 * s, -0.4, 0.0],
            part,
            0.7,
            0,
        );
        let shin = add(
            format!("shin_{tag}"),
            Some(thigh),
            [0.1 * s, -4.0, 0.1],
            part,
            0.65,
            1,
        );
        let foot = add(
            format!("foot_{tag}"),
            Some(shin),
            [0.0, -4.0, -0.2],
            part,
            0.5,
            2,
        );
        add(
            format!("toe_{tag}"),
            Some(foot),
            [0.0, -0.5, 1.4],
            part,
            0.35,
            3,
        );
    }
    joints
}

/// Rotation (Euler radians) of joint `j` at phase `x` (radians) of `clip` (0 idle, 1 walk,
/// 2 attack).
pub(super) fn pose(j: &JointDef, clip: usize, x: f32) -> [f32; 3] {
    let depth = f32::from(j.depth);
    let side = j.part.side();
    let s = |amp: f32, phase: f32| amp * libm::sinf(x + phase);
    match (clip, j.part) {
        // idle: breathing in the torso and neck, arms hanging and swaying a little.
        (0, Part::Torso | Part::Head) => [s(0.04, depth * 0.3), s(0.03, 1.0), 0.0],
        (0, Part::ArmL | Part::ArmR) => [s(0.06, depth * 0.4), 0.0, s(0.05, 0.5) * side],
        (0, _) => [s(0.02, depth), 0.0, 0.0],
        // walk: legs swing about X in opposite phase, knees bend, arms counter-swing, torso twists.
        (1, Part::LegL | Part::LegR) => {
            let phase = if side > 0.0 {
                0.0
            } else {
                core::f32::consts::PI
            };
            match j.depth {
                0 => [s(0.5, phase), 0.0, 0.0],
                1 => [0.35 + s(0.35, phase + 1.2), 0.0, 0.0],
                _ => [s(0.2, phase + 2.0), 0.0, 0.0],
            }
        }
        (1, Part::ArmL | Part::ArmR) => {
            let phase = if side > 0.0 {
                core::f32::consts::PI
            } else {
                0.0
            };
            [
                s(0.4 / (1.0 + depth), phase),
                0.0,
                -1.1 * side * f32::from(u8::from(j.depth == 1)),
            ]
        }
        (1, _) => [0.0, s(0.12, depth * 0.2), s(0.03, 0.0)],
        // attack: the right arm winds up and strikes, the torso turns with it, fingers curl.
        (2, Part::ArmR) => [s(1.2 / (1.0 + 0.3 * depth), 0.0), s(0.3, 0.7), s(0.5, 1.4)],
        (2, Part::ArmL) => [s(0.2, 0.0), 0.0, -0.9 * f32::from(u8::from(j.depth == 1))],
        (2, Part::Torso | Part::Head) => [s(0.1, 0.0), s(0.35, 0.4), 0.0],
        (_, _) => [s(0.08, 0.3 * depth), 0.0, 0.0],
    }
}
