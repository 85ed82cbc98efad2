//! Baking one visible system ([`bake_system`]): its system bone's pose, its lives sampled frame
//! by frame, and their bones (one-shot: [`assign`]; loop-continuous: [`looping`]), for a system
//! whose stacking shows the cheapest of several pool sizes by estimated bytes.

use sp_sim::document::{PlayMode, Scene, SimulationSpace};
use sp_sim::sim::looping::longest_life_secs;
use sp_sim::sim::{Follow, LoopPlan, LoopSet, SystemEnv};

use super::trail::TrailArena;
use super::{BakedSystem, LoopAlignment, Segment, Track, assign, looping, sample};
use crate::coords::{Affine, Inherit, SpinePose};
use crate::error::{Error, Result};
use crate::warning::Warning;
use looping::{ArcCut, loop_tracks, windows};
use sample::{PoseContext, Stop, census, frame_state, sample_loop_lives, sample_system};

/// Quantises the system bone pose as it is written (2 decimals for position, 3 for rotation,
/// 4 for scale) and as the runtime stores it (`f32`), so particle bones are placed against
/// exactly the parent the runtime will compute.
pub fn written_root_pose(p: &SpinePose) -> SpinePose {
    let q = |v: f64, steps: f64| {
        let r = f64::round(v * steps) / steps;
        if r == 0.0 { 0.0 } else { r }
    };
    SpinePose {
        x: q(p.x, 100.0),
        y: q(p.y, 100.0),
        rotation_deg: q(p.rotation_deg, 1000.0),
        scale_x: q(p.scale_x, 10000.0),
        scale_y: q(p.scale_y, 10000.0),
    }
}

fn f32_pose(p: &SpinePose) -> SpinePose {
    let r = crate::reduce::runtime_curve::f32_round;
    SpinePose {
        x: r(p.x),
        y: r(p.y),
        rotation_deg: r(p.rotation_deg),
        scale_x: r(p.scale_x),
        scale_y: r(p.scale_y),
    }
}

/// Pool sizes tried for a system whose stacking shows, in halves of the most particles alive at
/// once (2 = that many, 3 = one and a half times, 4 = twice): the ring's headroom trades bones
/// for draw order keys ([`assign`]).
pub const RING_BUDGETS_HALVES: [usize; 3] = [2, 3, 4];

/// Estimated JSON bytes of one more particle bone (bone, slot, skin entry, timeline headers):
/// measured on the rain preset, 87 more bones for 26 KB.
pub const BONE_BYTES: usize = 300;
/// Estimated bytes of one draw order key and of one moved slot in it.
pub const DRAW_KEY_BYTES: usize = 20;
/// See [`DRAW_KEY_BYTES`].
pub const DRAW_OFFSET_BYTES: usize = 38;

/// Estimated bytes a bone assignment costs: its bones, and the draw order keys of its tracks
/// when the system is alone in its animations.
fn assignment_cost(tracks: &[Track], order: sp_sim::document::DrawOrder) -> usize {
    let bones = tracks.iter().map(|t| t.bones.len()).max().unwrap_or(0);
    let keys: usize = tracks
        .iter()
        .map(|t| {
            let (keys, offsets) =
                crate::draw_order::stacking_cost(&crate::draw_order::SystemPart {
                    first_slot: 0,
                    order,
                    bones: &t.bones,
                    end_frame: t.end_frame,
                });
            keys * DRAW_KEY_BYTES + offsets * DRAW_OFFSET_BYTES
        })
        .sum();
    bones * BONE_BYTES + keys
}

/// The cheapest of `candidates` by [`assignment_cost`] (the first of equals).
fn cheapest(candidates: Vec<Vec<Track>>, order: sp_sim::document::DrawOrder) -> Vec<Track> {
    let mut best: Option<(usize, Vec<Track>)> = None;
    for c in candidates {
        let cost = assignment_cost(&c, order);
        if best.as_ref().is_none_or(|(b, _)| cost < *b) {
            best = Some((cost, c));
        }
    }
    best.map(|(_, t)| t).unwrap_or_default()
}

/// How [`bake_system`] bakes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BakeSettings {
    /// Frames per second of the export.
    pub fps: u32,
    /// Reuse bones between lives (the document's `export.bonePool`).
    pub pool: bool,
    /// Sample the lives of a loop in parallel ([`crate::ExportOptions::parallel`]).
    pub parallel: bool,
}

/// Bakes one visible system (`scene.systems[index]`) at `fps`, its integrated motion (if any) on
/// the scene's grid of `substepsPerSec`, meeting the scene's colliders and path that act on it;
/// `follow` is the bone it follows (if any, resolved against the loaded tracks); `align` aligns
/// a loop-continuous system with the others of its animations.
pub fn bake_system(
    scene: &Scene,
    index: usize,
    how: BakeSettings,
    follow: Option<&Follow>,
    align: Option<LoopAlignment>,
    warnings: &mut Vec<Warning>,
) -> Result<BakedSystem> {
    let BakeSettings {
        fps,
        pool,
        parallel,
    } = how;
    let system = &scene.systems[index];
    let substeps = scene.substeps_per_sec;
    let env = SystemEnv::resolve(scene, system);
    let probe = {
        let mut sim = sp_sim::sim::SystemSim::with_env(system, substeps, env.clone());
        sim.set_follow(follow.cloned());
        sim
    };
    let err = |message: String| Error::System {
        index,
        name: system.name.clone(),
        message,
    };
    let t = probe.transform_at(0.0);
    let root_pose = written_root_pose(&SpinePose::from_editor(
        t.x,
        t.y,
        t.rotation_deg,
        t.scale_x,
        t.scale_y,
    ));
    let parent = Affine::IDENTITY.child(&f32_pose(&root_pose), Inherit::Normal);
    if parent.det().abs() < 1e-12 {
        return Err(err(
            "the system's scale is 0: its particles cannot be placed".into(),
        ));
    }
    let inherit = match system.space {
        SimulationSpace::World => Inherit::OnlyTranslation,
        SimulationSpace::Local if parent.is_conformal() => Inherit::Normal,
        SimulationSpace::Local => Inherit::OnlyTranslation,
    };
    let ctx = PoseContext { parent, inherit };
    // Normal blend: the stacking of the system's particles shows, bones are assigned for it.
    let stacks = crate::draw_order::stacking_shows(system.blend);
    let longest_life = longest_life_secs(system);
    let (tracks, peak_alive, lives, trails) = match system.mode {
        PlayMode::OneShot => {
            let last_burst = system
                .bursts
                .iter()
                .map(|b| b.time_secs)
                .fold(0.0f32, f32::max);
            let horizon = f64::from(system.delay_secs.max(0.0))
                + f64::from(system.duration_secs.max(last_burst).max(0.0))
                + f64::from(longest_life)
                + 1.0;
            let limit_frames =
                f64::ceil(horizon * f64::from(fps)).min(f64::from(u32::MAX / 2)) as u32 + 2;
            let sampled = sample_system(
                system,
                substeps,
                follow,
                &env,
                &ctx,
                fps,
                Stop::Finished { limit_frames },
            )
            .map_err(err)?;
            let track = |bones| Track {
                animation: system.animation.clone(),
                segment: Segment::OneShot,
                end_frame: sampled.last_frame,
                scene_frame0: 0,
                root_translate: None,
                root_rotate: None,
                bones,
            };
            let tracks = if stacks && pool {
                let candidates = RING_BUDGETS_HALVES
                    .iter()
                    .map(|h| {
                        let turn = assign::Turn::Ring(sampled.peak_alive * h / 2);
                        vec![track(assign::assign_line(&sampled.lives, true, turn))]
                    })
                    .collect();
                cheapest(candidates, system.draw_order)
            } else {
                vec![track(assign::assign_line(
                    &sampled.lives,
                    pool,
                    assign::Turn::Lowest,
                ))]
            };
            let lives = sampled
                .lives
                .iter()
                .filter(|l| !l.states.is_empty())
                .count();
            (tracks, sampled.peak_alive, lives, sampled.trails)
        }
        PlayMode::LoopContinuous => {
            let mut plan = LoopPlan::of(system, fps);
            if let Some((t0, span)) = align {
                plan = plan.aligned(t0, span);
            }
            if !plan.span_frames.is_multiple_of(plan.loop_frames) {
                warnings.push(Warning::LoopDoesNotDivide {
                    system: system.name.clone(),
                    loop_frames: plan.loop_frames,
                    animation: system.loop_animations.looping.clone(),
                    span_frames: plan.span_frames,
                });
            }
            let exact = f64::from(system.duration_secs) * f64::from(fps);
            if (exact - f64::from(plan.loop_frames)).abs() > 1e-6 {
                warnings.push(Warning::LoopRounded {
                    system: system.name.clone(),
                    duration_secs: system.duration_secs,
                    fps,
                    loop_frames: plan.loop_frames,
                });
            }
            let until = plan.sample_until(longest_life);
            if probe.travels_path() && system.space == SimulationSpace::World {
                let (a, b) = (
                    probe.transform_at(f64::from(plan.t0_frames) / f64::from(fps)),
                    probe.transform_at(
                        f64::from(plan.t0_frames + plan.loop_frames) / f64::from(fps),
                    ),
                );
                let gap = libm::hypotf(a.x - b.x, a.y - b.y);
                let turn = f64::from(a.rotation_deg - b.rotation_deg);
                let turn = (turn - 360.0 * f64::round(turn / 360.0)).abs();
                if gap > 0.1 || turn > 0.01 {
                    warnings.push(Warning::PathSeam {
                        system: system.name.clone(),
                        gap_px: f64::from(gap),
                        animation: system.loop_animations.looping.clone(),
                    });
                }
            }
            // The report counts the real simulation over the frames the loop is built from.
            let counted = census(system, substeps, follow, &env, fps, until);
            let set = LoopSet::record_in(system, substeps, follow, env.clone(), plan);
            let mut trails = TrailArena::new(set.trail().map_or(0, |t| t.mesh.bones));
            let motion = |t: f64| probe.transform_at(t);
            // A Local-space system whose bone moves (a followed bone, a path) carries each copy
            // at its own time.
            let restated = system.space == SimulationSpace::Local
                && (follow.is_some() || probe.travels_path());
            let lives =
                sample_loop_lives(&set, system, &motion, restated, &ctx, &mut trails, parallel)
                    .map_err(err)?;
            let windows = windows(&set);
            let trails = std::cell::RefCell::new(trails);
            let trail_frame = std::cell::RefCell::new(sp_sim::sim::trail::TrailFrame::default());
            let place = |life: &sample::Life, i: usize, v: u32| {
                let t = f64::from(v) / f64::from(fps);
                let p = &life.particles[i];
                let mut state = frame_state(system, &motion, &ctx, p, t)?;
                state.trail = life.states[i].trail;
                if let (Some(prepared), Some(lt)) = (set.trail(), life.histories.get(i)) {
                    state.trail = sample::trail_state(
                        system,
                        &motion,
                        prepared,
                        p,
                        &lt.history,
                        lt.age_secs,
                        lt.velocity,
                        t,
                        &mut trail_frame.borrow_mut(),
                        &mut trails.borrow_mut(),
                    );
                }
                Ok(state)
            };
            let restate: Option<looping::Restate<'_>> = restated.then_some(&place);
            let la = &system.loop_animations;
            let names = [la.start.as_str(), &la.looping, &la.end];
            let build = |pool: bool, budget: usize, cut: ArcCut| {
                loop_tracks(&set, &lives, &windows, pool, budget, cut, names, restate).map_err(err)
            };
            let tracks = if stacks {
                let mut candidates = vec![build(pool, 0, ArcCut::Seam)?];
                if pool {
                    for h in RING_BUDGETS_HALVES {
                        let budget = counted.peak_alive * h / 2;
                        candidates.push(build(true, budget, ArcCut::AgeRing)?);
                    }
                } else {
                    candidates.push(build(false, 0, ArcCut::Age)?);
                }
                cheapest(candidates, system.draw_order)
            } else {
                build(pool, 0, ArcCut::Age)?
            };
            (
                tracks,
                counted.peak_alive,
                counted.lives,
                trails.into_inner(),
            )
        }
    };
    let bone_count = tracks.iter().map(|t| t.bones.len()).max().unwrap_or(0);
    let mut tracks = tracks;
    for t in &mut tracks {
        t.bones.resize(bone_count, Vec::new());
    }
    Ok(BakedSystem {
        trails,
        scene_index: index,
        root_pose,
        parent,
        inherit,
        bone_count,
        peak_alive,
        lives,
        tracks,
    })
}
