//! The system bone's timelines and the skeleton bounds.

use super::timelines::{Counted, KeyCounts, xy_keys};
use crate::bake::{BakedSystem, Track};
use crate::coords::SpinePose;
use crate::json::{BoneTimelines, CurveJson, Num, ValueKey, XyKey};
use crate::reduce::Timing;

/// The system bone's timelines: its transform (spec §5.1: not in the setup pose) as constant
/// keys at frame 0 and at the segment's last frame (the latter also fixes the animation's
/// duration, so a loop lasts exactly its length); a system bone that follows a bone or travels
/// a path has the track's own translate (and rotate) keys instead ([`crate::bake::follow`]).
pub(super) fn system_timelines(
    pose: &SpinePose,
    track: &Track,
    timing: Timing,
    counts: &mut KeyCounts,
) -> BoneTimelines {
    let end_frame = track.end_frame;
    let frames: Vec<u32> = if end_frame > 0 {
        vec![0, end_frame]
    } else {
        vec![0]
    };
    let n = frames.len();
    let constant_xy = |x: f64, y: f64| -> Vec<XyKey> {
        frames
            .iter()
            .map(|&f| XyKey {
                time: Num(timing.key_time(f)),
                x: Num(x),
                y: Num(y),
                curve: CurveJson::Linear,
            })
            .collect()
    };
    let translate = match &track.root_translate {
        Some(keys) => {
            counts.add(Counted::Translate, keys.len(), end_frame as usize + 1);
            xy_keys(keys, |f| Num(timing.key_time(f)))
        }
        None => {
            counts.add(Counted::Translate, n, n);
            constant_xy(pose.x, pose.y)
        }
    };
    let mut t = BoneTimelines {
        translate,
        ..BoneTimelines::default()
    };
    if let Some(keys) = &track.root_rotate {
        counts.add(Counted::Rotate, keys.len(), end_frame as usize + 1);
        t.rotate = super::timelines::value_keys(keys, |f| Num(timing.key_time(f)));
    } else if pose.rotation_deg != 0.0 {
        t.rotate = frames
            .iter()
            .map(|&f| ValueKey {
                time: Num(timing.key_time(f)),
                value: Num(pose.rotation_deg),
                curve: CurveJson::Linear,
            })
            .collect();
        counts.add(Counted::Rotate, n, n);
    }
    if pose.scale_x != 1.0 || pose.scale_y != 1.0 {
        t.scale = constant_xy(pose.scale_x, pose.scale_y);
        counts.add(Counted::Scale, n, n);
    }
    t
}

/// `[x, y, width, height]` of every baked particle position (rounded outwards to 0.01 px).
pub(super) fn bounds(baked: &[BakedSystem]) -> [f64; 4] {
    let (mut x0, mut y0, mut x1, mut y1) = (
        f64::INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
    );
    for b in baked {
        for t in &b.tracks {
            for runs in &t.bones {
                for r in runs {
                    for s in &r.states {
                        x0 = x0.min(s.world.x);
                        y0 = y0.min(s.world.y);
                        x1 = x1.max(s.world.x);
                        y1 = y1.max(s.world.y);
                    }
                }
            }
        }
    }
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return [0.0; 4];
    }
    let lo = |v: f64| f64::floor(v * 100.0) / 100.0;
    let hi = |v: f64| f64::ceil(v * 100.0) / 100.0;
    let (x, y) = (lo(x0), lo(y0));
    [
        x,
        y,
        f64::round((hi(x1) - x) * 100.0) / 100.0,
        f64::round((hi(y1) - y) * 100.0) / 100.0,
    ]
}
