//! The animation of a trail (see the parent module's **Chain** and **Tolerances**): per pool
//! bone, the chain bones' translate, rotate and scale keys, solved head to tail against the
//! runtime's evaluation of the keys already written, and the trail slot's attachment and rgba
//! keys.

use super::{
    CHORD_BUDGET_PX, ROOT_BUDGET_PX, SPEC_ANGLE_DEG, SPEC_SCALE, TURN_BUDGET_PX, TrailNames,
    WIDTH_BUDGET_PX,
};
use crate::bake::trail::NO_TRAIL;
use crate::bake::{BakedSystem, FrameState, Run, Track};
use crate::coords::{Affine, Inherit, SpinePose, unwrap_near};
use crate::exporter::timelines::{
    Counted, Forced, KeyCounts, KeyMode, SlotLook, Specs, all_equal, channel, run_keys,
    slot_timelines_with, value_keys, xy_keys,
};
use crate::json::{BoneTimelines, Num, SlotTimelines};
use crate::reduce::runtime_curve::f32_round;
use crate::reduce::{ChannelSpec, Timing, runtime_value};

impl TrailNames {
    /// The timelines of pool bone `b`'s chain (one entry per chain bone, `None` when it has no
    /// key) and of its trail slot, in `track`.
    #[allow(clippy::too_many_arguments)]
    pub fn timelines(
        &self,
        b: usize,
        baked: &BakedSystem,
        track: &Track,
        specs: &Specs,
        mode: KeyMode,
        counts: &mut KeyCounts,
    ) -> (Vec<Option<BoneTimelines>>, Option<SlotTimelines>) {
        let runs = &track.bones[b];
        let arena = &baked.trails;
        let n = self.bones[b].len();
        if runs.is_empty() || n == 0 {
            return (vec![None; n], None);
        }
        // Shown while the particle is (a fake-dead particle shows no trail, as in the preview).
        let image = |s: &FrameState| {
            (s.trail != NO_TRAIL && s.texture.is_some())
                .then(|| arena.image(s.trail))
                .flatten()
        };
        let (l, w) = (self.bind_length_px, self.bind_width_px);
        // Tolerances (module docs).
        let longest = runs
            .iter()
            .flat_map(|r| &r.states)
            .filter(|s| s.trail != NO_TRAIL)
            .flat_map(|s| arena.nodes(s.trail).iter().map(|x| f64::from(x.length_px)))
            .fold(0.0f64, f64::max);
        // A chord `ℓ ≤ longest` turned by `δθ` moves its end by `ℓ·δθ`.
        let rotate = channel(if longest > 0.0 {
            SPEC_ANGLE_DEG.min((CHORD_BUDGET_PX / longest).to_degrees())
        } else {
            SPEC_ANGLE_DEG
        });
        let widest = self
            .mesh
            .vertices
            .iter()
            .map(|v| (v.y * w).abs())
            .fold(0.0f64, f64::max);
        let scale = [
            channel(SPEC_SCALE.min(CHORD_BUDGET_PX / l)),
            channel(if widest > 0.0 {
                SPEC_SCALE.min(WIDTH_BUDGET_PX / widest)
            } else {
                SPEC_SCALE
            }),
        ];
        let gain = baked.parent.max_stretch().max(1e-6);
        let translate = ChannelSpec {
            joint: true,
            ..channel(ROOT_BUDGET_PX / gain)
        };
        // A bone turned by δ moves its vertices across by (widest world offset)·δ.
        let widest_world = widest
            * runs
                .iter()
                .flat_map(|r| &r.states)
                .filter(|s| s.trail != NO_TRAIL)
                .map(|s| f64::from(arena.width(s.trail)) / w)
                .fold(0.0f64, f64::max);
        let max_turn_deg = if widest_world > 0.0 {
            (TURN_BUDGET_PX / widest_world).to_degrees()
        } else {
            180.0
        };
        let time = |f: u32| Num(mode.timing.key_time(f));
        let node = |s: &FrameState, j: usize| arena.nodes(s.trail).get(j).copied();
        let run_index = |run: &Run| runs.iter().position(|r| std::ptr::eq(r, run)).unwrap_or(0);
        // `actual[run][k]`: node `j`'s world position as the runtime poses it from the keys
        // written so far (the chain is solved head to tail against it, so errors do not add up).
        let mut actual: Vec<Vec<[f64; 2]>> = Vec::with_capacity(runs.len());
        let mut out = Vec::with_capacity(n);
        for j in 0..n {
            let mut t = BoneTimelines::default();
            if j == 0 {
                let (keys, frames) = run_keys(
                    runs,
                    &[translate; 2],
                    mode,
                    Forced::ImpactsAndCorners,
                    |run| {
                        run.states
                            .iter()
                            .enumerate()
                            .map(|(k, s)| {
                                let p = node(s, 0).unwrap_or_default();
                                let parent = parent_at(
                                    baked,
                                    track,
                                    run.start_frame + k as u32,
                                    mode.timing,
                                );
                                parent
                                    .to_local_point(f64::from(p.x), f64::from(p.y))
                                    .map_or([0.0, 0.0], |(x, y)| [x, y])
                            })
                            .collect()
                    },
                    image,
                );
                actual = runs
                    .iter()
                    .map(|run| {
                        (0..run.states.len() as u32)
                            .map(|k| {
                                let f = run.start_frame + k;
                                let [x, y] =
                                    runtime_value(&keys, f, mode.timing).unwrap_or([0.0, 0.0]);
                                let p = parent_at(baked, track, f, mode.timing);
                                [p.a * x + p.b * y + p.x, p.c * x + p.d * y + p.y]
                            })
                            .collect()
                    })
                    .collect();
                if !all_equal(&keys, [0.0, 0.0]) {
                    counts.add(Counted::Translate, keys.len(), frames);
                    t.translate = xy_keys(&keys, time);
                }
            }
            // Bone j's direction and chord: from where the runtime puts node j to the
            // simulation's node j + 1 (the tail bone: the simulation's last chord); where that
            // turns the bone by more than `max_turn` from the simulation's direction (a chord
            // shorter than the error), the simulation's direction and the chord along it.
            let target = |run: &Run, k: usize, s: &FrameState| -> (f64, f64) {
                let here = node(s, j).unwrap_or_default();
                let sim = (f64::from(here.rotation_deg), f64::from(here.length_px));
                let Some(next) = node(s, j + 1).filter(|_| j + 1 < n) else {
                    return sim;
                };
                let [x, y] = actual[run_index(run)][k];
                let (dx, dy) = (f64::from(next.x) - x, f64::from(next.y) - y);
                let chord = libm::hypot(dx, dy);
                let angle = libm::atan2(dy, dx).to_degrees();
                if chord > 1e-9 && (unwrap_near(angle, sim.0) - sim.0).abs() <= max_turn_deg {
                    return (angle, chord);
                }
                let (sin, cos) = crate::coords::sin_cos_deg(sim.0);
                (sim.0, (dx * cos + dy * sin).max(0.0))
            };
            let (rot_keys, frames) = run_keys(
                runs,
                &[rotate],
                mode,
                Forced::Impacts,
                |run| {
                    let mut prev: Option<f64> = None;
                    run.states
                        .iter()
                        .enumerate()
                        .map(|(k, s)| {
                            let raw = target(run, k, s).0;
                            let v = prev.map_or(raw, |p| unwrap_near(raw, p));
                            prev = Some(v);
                            [v]
                        })
                        .collect()
                },
                image,
            );
            if !all_equal(&rot_keys, [0.0]) {
                counts.add(Counted::Rotate, rot_keys.len(), frames);
                t.rotate = value_keys(&rot_keys, time);
            }
            let (scale_keys, frames) = run_keys(
                runs,
                &scale,
                mode,
                Forced::Attachments,
                |run| {
                    run.states
                        .iter()
                        .enumerate()
                        .map(|(k, s)| {
                            let width = if s.trail == NO_TRAIL {
                                0.0
                            } else {
                                f64::from(arena.width(s.trail))
                            };
                            [target(run, k, s).1 / l, width / w]
                        })
                        .collect()
                },
                image,
            );
            if !all_equal(&scale_keys, [1.0, 1.0]) {
                counts.add(Counted::Scale, scale_keys.len(), frames);
                t.scale = xy_keys(&scale_keys, time);
            }
            out.push(Some(t));
            // Node j + 1 as the runtime poses it: node j + bone j's matrix · (L, 0).
            if j + 1 < n {
                for (run, positions) in runs.iter().zip(actual.iter_mut()) {
                    for (k, p) in positions.iter_mut().enumerate() {
                        let f = run.start_frame + k as u32;
                        let [r] = runtime_value(&rot_keys, f, mode.timing).unwrap_or([0.0]);
                        let [sx, _] =
                            runtime_value(&scale_keys, f, mode.timing).unwrap_or([1.0, 1.0]);
                        let (sin, cos) = crate::coords::sin_cos_deg(r);
                        *p = [p[0] + cos * sx * l, p[1] + sin * sx * l];
                    }
                }
            }
        }
        let names = &self.attachments[b];
        let look = SlotLook {
            shown: &image,
            color: &|s: &FrameState| {
                if s.trail == NO_TRAIL {
                    [0.0; 4]
                } else {
                    arena.color(s.trail)
                }
            },
            name: &|k: u16| names.get(&k).cloned(),
        };
        let slot = slot_timelines_with(runs, track.end_frame, &look, specs, mode, counts);
        (out, slot)
    }
}

/// The system bone's world transform at `frame` of `track`, as the runtime evaluates it (its
/// translate keys when it follows a bone or travels a path, its rotate keys when it turns along
/// the path, [`crate::bake::follow`]).
fn parent_at(baked: &BakedSystem, track: &Track, frame: u32, timing: Timing) -> Affine {
    let Some(keys) = &track.root_translate else {
        return baked.parent;
    };
    let Some([x, y]) = runtime_value(keys, frame, timing) else {
        return baked.parent;
    };
    let root = baked.root_pose;
    let rotation_deg = match &track.root_rotate {
        Some(r) => match runtime_value(r, frame, timing) {
            Some([deg]) => deg,
            None => return baked.parent,
        },
        None => f32_round(root.rotation_deg),
    };
    let at = SpinePose {
        x,
        y,
        rotation_deg,
        scale_x: f32_round(root.scale_x),
        scale_y: f32_round(root.scale_y),
    };
    Affine::IDENTITY.child(&at, Inherit::Normal)
}
