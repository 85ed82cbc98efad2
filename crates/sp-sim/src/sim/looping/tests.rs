use super::*;
use crate::behaviour::Force;
use crate::behaviour::turbulence::Turbulence;
use crate::document::{ParticleSystem, PlayMode, Range, Scene};
use crate::sim::{Particle, SceneSim};

fn looping(rate: f32, life: (f32, f32), duration: f32, max: u32) -> ParticleSystem {
    ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: rate,
        lifetime_secs: Range::new(life.0, life.1),
        duration_secs: duration,
        max_particles: max,
        speed: Range::new(40.0, 90.0),
        gravity: [0.0, 60.0],
        damping: 0.7,
        ..Default::default()
    }
}

fn turbulent(mut s: ParticleSystem) -> ParticleSystem {
    s.forces.push(Force::Turbulence(Turbulence {
        accel_px_per_sec2: Range::new(200.0, 300.0),
        frequency_per_px: 0.02,
        scroll_per_sec: 0.5,
        ..Turbulence::default()
    }));
    s
}

fn scene(systems: Vec<ParticleSystem>) -> Scene {
    let mut s = Scene {
        systems,
        ..Scene::default()
    };
    s.export.fps = 30;
    s
}

/// `(x, y, rotation, scale x, alpha, texture)` bit patterns, for exact comparisons.
fn bits(p: &Particle) -> [u32; 6] {
    [
        p.x.to_bits(),
        p.y.to_bits(),
        p.rotation_deg.to_bits(),
        p.scale_x.to_bits(),
        p.alpha.to_bits(),
        u32::from(p.texture_index),
    ]
}

fn shown(sim: &SceneSim, i: usize) -> Vec<[u32; 6]> {
    sim.systems()[i].particles().iter().map(bits).collect()
}

/// Copy `k` of a life at virtual time `v` is the real simulation's life at `v + k·Λ`: at every
/// frame of the loop segment (and a few between frames), every copy shown matches the plain
/// simulation's particle of the same serial at that time, closed form (within rounding of the
/// incremental steps) and integrated (bit for bit: the same grid).
#[test]
fn a_copy_is_the_real_life_shifted_by_whole_periods() {
    // The third scene aligns the system with a long-lived one: its window starts at 12 s and
    // the births of its warm-up are skipped (the cap cannot bind), not spawned.
    let long_lived = looping(1.0, (11.0, 11.0), 1.0, 20);
    for (system, partner) in [
        (looping(25.0, (0.6, 1.7), 1.0, 200), None),
        (turbulent(looping(25.0, (0.6, 1.7), 1.0, 200)), None),
        (looping(25.0, (0.6, 1.7), 1.0, 200), Some(long_lived)),
    ] {
        let integrated = !system.forces.is_empty();
        let aligned = partner.is_some();
        let sc = scene([Some(system), partner].into_iter().flatten().collect());
        let mut sim = SceneSim::new(&sc);
        let plan = *sim.systems()[0].loop_set().expect("periodic").plan();
        let (t0, l) = (plan.t0_frames, plan.loop_frames);
        let want = if aligned { 330 } else { 52 };
        assert_eq!((t0, l), (want, 30), "1.7 s in f32 is above 51 frames");
        let mut checked = 0;
        for tenth in 0..=(10 * 45) {
            let v = (f64::from(t0) + f64::from(tenth) / 10.0) / 30.0;
            sim.seek(v);
            let set = sim.systems()[0].loop_set().expect("periodic").clone();
            for p in sim.systems()[0].particles() {
                let c = set.copy_of_serial(p.serial).expect("copy");
                let life = set.lives()[c.life];
                let u = v + (c.k as f64) * f64::from(l) / 30.0;
                let mut real = SceneSim::plain(&sc);
                real.advance_to(u);
                let q = real.systems()[0]
                    .particles()
                    .iter()
                    .find(|q| q.serial == life.serial)
                    .expect("the real simulation shows the life");
                if integrated {
                    assert_eq!(bits(p), bits(q), "v {v} k {}", c.k);
                } else {
                    assert!((p.x - q.x).abs() < 1e-3 && (p.y - q.y).abs() < 1e-3);
                    assert_eq!(p.alpha.to_bits(), q.alpha.to_bits());
                }
                assert!((p.birth_secs - (life.birth_secs - u + v)).abs() < 1e-9);
                checked += 1;
            }
            if tenth > 80 {
                break;
            }
        }
        assert!(checked > 300, "{checked}");
    }
}

/// The loop's last frame is its first, the start's last frame is the loop's first, and the
/// loop's last frame is the end's first: the same particles in the same states.
#[test]
fn the_three_joins_are_one_instant() {
    // Two systems sharing the animations: loops of 1 s and 1.5 s (span 1.5 s: the shorter loop
    // does not divide it, yet loop → end still joins).
    let sc = scene(vec![
        turbulent(looping(20.0, (0.5, 1.2), 1.0, 100)),
        looping(12.0, (1.0, 2.2), 1.5, 100),
    ]);
    let mut sim = SceneSim::new(&sc);
    let plans: Vec<LoopPlan> = (0..2)
        .map(|i| *sim.systems()[i].loop_set().expect("periodic").plan())
        .collect();
    assert_eq!(plans[0].t0_frames, plans[1].t0_frames, "aligned start");
    assert_eq!((plans[0].span_frames, plans[1].span_frames), (45, 45));
    let at = |sim: &mut SceneSim, kind, secs: f64| {
        sim.show_segment(kind, secs);
        (shown(sim, 0), shown(sim, 1))
    };
    let t0 = f64::from(plans[0].t0_frames) / 30.0;
    let span = 45.0 / 30.0;
    let start_last = at(&mut sim, SegmentKind::Start, t0);
    let loop_first = at(&mut sim, SegmentKind::Loop, 0.0);
    let loop_last = at(&mut sim, SegmentKind::Loop, span);
    let end_first = at(&mut sim, SegmentKind::End, 0.0);
    assert!(!loop_first.0.is_empty() && !loop_first.1.is_empty());
    assert_eq!(start_last, loop_first);
    assert_eq!(loop_last, end_first);
    // The second system's loop of 45 frames is seamless; the first (30 frames) repeats within
    // the span and shows the state of frame 15 of its loop at the span's end.
    assert_eq!(loop_last.1, loop_first.1);
    assert_eq!(loop_last.0, at(&mut sim, SegmentKind::Loop, 0.5).0);
    // The end runs out.
    let end = sim.timeline().segment_frames(SegmentKind::End);
    assert!(end > 0);
    let last = at(&mut sim, SegmentKind::End, f64::from(end) / 30.0);
    assert!(
        last.0.is_empty() && last.1.is_empty(),
        "every life finished"
    );
    let before = at(&mut sim, SegmentKind::End, f64::from(end - 1) / 30.0);
    assert!(
        !before.0.is_empty() || !before.1.is_empty(),
        "the end is not longer than needed"
    );
}

/// Any step size and any seek land on the same states, bit for bit.
#[test]
fn seeking_is_exact_at_any_frame_rate() {
    let sc = scene(vec![
        turbulent(looping(30.0, (0.5, 1.4), 1.0, 100)),
        looping(15.0, (0.8, 1.1), 1.0, 100),
    ]);
    let mut direct = SceneSim::new(&sc);
    for fps in [24.0, 30.0, 60.0, 144.0] {
        let mut stepped = SceneSim::new(&sc);
        let mut i = 0u32;
        while f64::from(i) / fps < 3.2 {
            let t = f64::from(i) / fps;
            stepped.advance_to(t);
            if i.is_multiple_of(6) {
                direct.seek(t);
                for s in 0..2 {
                    assert_eq!(shown(&stepped, s), shown(&direct, s), "{fps} fps, {t} s");
                }
            }
            i += 1;
        }
    }
}

/// With the cap binding, the loop set holds exactly the real simulation's births in the window
/// (the cap's outcome there), no more.
#[test]
fn the_cap_decides_the_loop_set_as_in_the_real_simulation() {
    let system = looping(60.0, (0.9, 1.3), 1.0, 40);
    let sc = scene(vec![system.clone()]);
    let sim = SceneSim::new(&sc);
    let set = sim.systems()[0].loop_set().expect("periodic");
    let (w0, w1) = (
        f64::from(set.plan().t0_frames) / 30.0,
        f64::from(set.plan().t0_frames + set.plan().loop_frames) / 30.0,
    );
    let mut real = crate::sim::SystemSim::new(&system);
    let mut events = Vec::new();
    let mut born = Vec::new();
    let mut t = 0.0;
    while t < w1 + 0.5 {
        t += 1.0 / 240.0;
        events.clear();
        real.advance_to(t, &mut events);
        for p in real.particles() {
            if p.birth_secs >= w0 - 1e-9 && p.birth_secs < w1 - 1e-9 && !born.contains(&p.serial) {
                born.push(p.serial);
            }
        }
        assert!(real.particles().len() <= 40);
    }
    let serials: Vec<u64> = set.lives().iter().map(|l| l.serial).collect();
    assert_eq!(serials, born);
    assert!(
        serials.len() < 60,
        "the cap dropped births: {}",
        serials.len()
    );
}

/// The start shows only copies born at or after the delay; before the delay nothing.
#[test]
fn the_start_warms_up_from_the_delay() {
    let mut system = looping(10.0, (0.5, 0.9), 1.0, 50);
    system.delay_secs = 0.4;
    let sc = scene(vec![system]);
    let mut sim = SceneSim::new(&sc);
    sim.seek(0.39);
    assert!(sim.systems()[0].particles().is_empty());
    sim.seek(0.45);
    let first: Vec<f64> = sim.systems()[0]
        .particles()
        .iter()
        .map(|p| p.birth_secs)
        .collect();
    assert!(
        !first.is_empty() && first.iter().all(|&b| b >= 0.4 - 1e-9),
        "{first:?}"
    );
}

/// The timeline: start | loop | end with the exported names, the loop repeating, the end when
/// asked, a restart at the end.
#[test]
fn the_timeline_repeats_the_loop_and_plays_the_end_when_asked() {
    let mut a = looping(20.0, (0.5, 1.0), 1.0, 100);
    a.loop_animations.start = "intro".into();
    let sc = scene(vec![a, looping(5.0, (1.0, 2.0), 2.0, 100)]);
    let sim = SceneSim::new(&sc);
    let tl = sim.timeline();
    let names: Vec<Vec<String>> = tl.segments().iter().map(|s| s.names.clone()).collect();
    assert_eq!(
        names,
        [vec!["intro", "start"], vec!["loop"], vec!["end"]]
            .map(|v| v.into_iter().map(String::from).collect::<Vec<_>>())
    );
    let r = *tl.regions().expect("loops");
    assert_eq!((r.start_frames, r.loop_frames), (60, 60));
    let (s, e) = (2.0, 4.0);
    assert_eq!(tl.play(3.9, 0.15, 0.0, false).time_secs, s + 0.05);
    assert!((tl.play(3.9, 0.15, 0.0, true).time_secs - 4.05).abs() < 1e-12);
    let length = tl.length_secs();
    assert!(length > e);
    let restart = tl.play(length - 0.01, 0.02, 0.0, true);
    assert!(restart.restarted && restart.time_secs == 0.0);
    assert!(!tl.play(length - 0.01, 0.02, length + 1.0, true).restarted);
    assert_eq!(tl.segment_at(1.0), Some(SegmentKind::Start));
    assert_eq!(tl.segment_at(2.0), Some(SegmentKind::Loop));
    assert_eq!(tl.segment_at(4.0), Some(SegmentKind::End));
    // The first system (start "intro", T₀ 30 frames, span 60) enters its loop a second before
    // the timeline's: at 3.5 s it is 45 frames into it.
    let at = tl.system_time(0, 3.5).expect("loop");
    assert!((at.virtual_secs - 1.5).abs() < 1e-12 && at.stop_frame.is_none());
    let end = tl.system_time(1, 4.5).expect("loop");
    assert_eq!(end.stop_frame, Some(120.0));
    // The exported animation each system shows: the first enters its loop after 1 s and wraps
    // with its 2 s span, so at 4 s (the timeline's end region) it is half-way through a loop
    // it finishes before its end plays; the second's loop is over at 4 s.
    let close = |got: Option<(SegmentKind, f64)>, kind: SegmentKind, secs: f64| {
        let (k, t) = got.expect("loop system");
        assert!(
            k == kind && (t - secs).abs() < 1e-9,
            "{got:?} vs {kind:?} {secs}"
        );
    };
    close(tl.animation_at(0, 0.5), SegmentKind::Start, 0.5);
    close(tl.animation_at(0, 1.0), SegmentKind::Loop, 0.0);
    close(tl.animation_at(0, 3.5), SegmentKind::Loop, 0.5);
    close(tl.animation_at(1, 1.0), SegmentKind::Start, 1.0);
    close(tl.animation_at(1, 3.0), SegmentKind::Loop, 1.0);
    close(tl.animation_at(1, 4.0), SegmentKind::End, 0.0);
    close(tl.animation_at(0, 4.25), SegmentKind::Loop, 1.25);
    close(tl.animation_at(0, 5.25), SegmentKind::End, 0.25);
}

/// A scene of one-shot systems has no segments and wraps at its end as before.
#[test]
fn one_shot_scenes_have_no_segments() {
    let one = ParticleSystem {
        duration_secs: 1.0,
        lifetime_secs: Range::new(0.5, 0.5),
        ..Default::default()
    };
    let sim = SceneSim::new(&scene(vec![one]));
    let tl = sim.timeline();
    assert!(tl.segments().is_empty() && tl.regions().is_none());
    assert_eq!(tl.length_secs(), 1.5);
    assert!(tl.play(1.45, 0.1, 0.0, false).restarted);
}

/// Playing through the wrap: at the loop's last frame every system shows what it shows at the
/// loop's first frame, playback past it lands in the loop again (not in the end) with the state
/// an exact seek gives, and with `play_end` it runs on into the end; one-shot systems in the
/// scene play at the timeline time.
#[test]
fn playing_wraps_the_loop_seamlessly_and_plays_into_the_end_when_asked() {
    let one = ParticleSystem {
        duration_secs: 0.5,
        rate_per_sec: 30.0,
        lifetime_secs: Range::new(0.5, 0.5),
        ..Default::default()
    };
    let sc = scene(vec![
        turbulent(looping(40.0, (0.5, 1.2), 1.0, 30)),
        looping(12.0, (1.0, 2.0), 2.0, 100),
        one,
    ]);
    let mut sim = SceneSim::new(&sc);
    let r = *sim.timeline().regions().expect("loops");
    let fps = f64::from(r.fps);
    let a = f64::from(r.start_frames) / fps;
    let b = f64::from(r.start_frames + r.loop_frames) / fps;
    // Play to the loop's last frame in display-sized steps.
    let dt = 1.0 / 60.0;
    while sim.time_secs() + dt < b {
        let p = sim.play(dt, 0.0, false);
        assert!(!p.restarted);
    }
    sim.play(b - sim.time_secs(), 0.0, false);
    assert_eq!(sim.time_secs(), b);
    let mut first = SceneSim::new(&sc);
    first.seek(a);
    for i in 0..2 {
        assert!(!shown(&sim, i).is_empty());
        assert_eq!(
            shown(&sim, i),
            shown(&first, i),
            "system {i}: last frame = first frame"
        );
    }
    // Across the wrap: back in the loop, as a seek there.
    let p = sim.play(0.025, 0.0, false);
    assert!(!p.restarted && (p.time_secs - (a + 0.025)).abs() < 1e-9);
    let mut there = SceneSim::new(&sc);
    there.seek(p.time_secs);
    for i in 0..3 {
        assert_eq!(
            shown(&sim, i),
            shown(&there, i),
            "system {i} after the wrap"
        );
    }
    // With the end asked for, the clock runs on past the loop and emission stops.
    sim.seek(b - 0.01);
    let p = sim.play(0.05, 0.0, true);
    assert!((p.time_secs - (b + 0.04)).abs() < 1e-9);
    assert_eq!(
        sim.timeline().segment_at(p.time_secs),
        Some(SegmentKind::End)
    );
    let length = sim.timeline().length_secs();
    while !sim.play(0.1, 0.0, true).restarted {
        assert!(sim.time_secs() <= length);
    }
    assert_eq!(sim.time_secs(), 0.0);
}

fn trailed(mut s: ParticleSystem) -> ParticleSystem {
    s.trail.enabled = true;
    s.trail.images = vec!["builtin:trail_fade".into()];
    s.trail.length_secs = 0.4;
    s.trail.min_move_px = 0.5;
    s
}

/// A trail's chain (`x`, `y`, chord) and ribbon vertices as bit patterns.
type TrailBits = (Vec<[u64; 3]>, Vec<[u32; 2]>);

/// A trail's chain and ribbon as bit patterns.
fn trail_bits(f: &crate::sim::trail::TrailFrame) -> TrailBits {
    (
        f.nodes
            .iter()
            .map(|n| [n.x.to_bits(), n.y.to_bits(), n.length_px.to_bits()])
            .collect(),
        f.vertices
            .iter()
            .map(|v| [v[0].to_bits(), v[1].to_bits()])
            .collect(),
    )
}

fn trails_of(sim: &SceneSim, i: usize) -> Vec<TrailBits> {
    let s = &sim.systems()[i];
    let mut f = crate::sim::trail::TrailFrame::default();
    (0..s.particles().len())
        .map(|j| {
            assert!(s.trail_frame(j, &mut f, true), "copy {j} has a trail");
            trail_bits(&f)
        })
        .collect()
}

/// A copy shifted by `k·Λ` carries its life's trail shifted the same way: at every frame of the
/// loop segment, played forward and seeked backward, each copy's chain is the real simulation's
/// trail of the same life at `v + k·Λ` (bit for bit when integrated; within rounding of the
/// incremental steps in closed form), and the loop's last frame shows the first frame's trails.
#[test]
fn a_copy_carries_its_life_trail_shifted_by_whole_periods() {
    for system in [
        trailed(looping(12.0, (0.6, 1.7), 1.0, 200)),
        trailed(turbulent(looping(12.0, (0.6, 1.7), 1.0, 200))),
    ] {
        let integrated = !system.forces.is_empty();
        let sc = scene(vec![system]);
        let mut sim = SceneSim::new(&sc);
        let plan = *sim.systems()[0].loop_set().expect("periodic").plan();
        let (t0, l) = (plan.t0_frames, plan.loop_frames);
        let mut checked = 0;
        let mut f = crate::sim::trail::TrailFrame::default();
        let mut g = crate::sim::trail::TrailFrame::default();
        // Forward through the loop, then backward (kept histories must not be reused ahead).
        let frames: Vec<u32> = (t0..=t0 + l).chain((t0..t0 + l).rev().step_by(7)).collect();
        for frame in frames {
            let v = f64::from(frame) / 30.0;
            sim.seek(v);
            let s = &sim.systems()[0];
            let set = s.loop_set().expect("periodic").clone();
            for (i, p) in s.particles().iter().enumerate() {
                let c = set.copy_of_serial(p.serial).expect("copy");
                let life = set.lives()[c.life];
                let u = (f64::from(frame) + (c.k * i64::from(l)) as f64) / 30.0;
                let mut real = SceneSim::plain(&sc);
                real.advance_to(u);
                let r = &real.systems()[0];
                let q = r
                    .particles()
                    .iter()
                    .position(|q| q.serial == life.serial)
                    .expect("the real simulation shows the life");
                assert!(s.trail_frame(i, &mut f, true));
                assert!(r.trail_frame(q, &mut g, true));
                assert_eq!(f.nodes.len(), g.nodes.len());
                if integrated {
                    assert_eq!(trail_bits(&f), trail_bits(&g), "frame {frame} k {}", c.k);
                } else {
                    for (a, b) in f.nodes.iter().zip(&g.nodes) {
                        assert!((a.x - b.x).abs() < 1e-3 && (a.y - b.y).abs() < 1e-3);
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
        sim.seek(f64::from(t0) / 30.0);
        let first = trails_of(&sim, 0);
        sim.seek(f64::from(t0 + l) / 30.0);
        let mut last = trails_of(&sim, 0);
        let mut first = first;
        first.sort();
        last.sort();
        assert!(!first.is_empty());
        assert_eq!(
            first, last,
            "the loop's last frame shows its first frame's trails"
        );
    }
}

/// The windows' integer enumeration ([`super::window`]) shows exactly the copies of
/// [`LoopSet::copies_at`] at every frame, with and without the cap binding, lives shorter and
/// longer than the loop, delays on and off the frame grid, emission stopped, at 24 to 144 fps.
#[test]
fn copies_over_a_window_are_the_copies_at_each_frame() {
    let mut delayed = looping(25.0, (0.2, 0.5), 1.0, 500);
    delayed.delay_secs = 0.4;
    // Births and delays off the frame grid, a cap that binds, lives of several loops.
    let mut odd = looping(37.0, (0.05, 3.3), 0.7, 60);
    odd.delay_secs = 0.123;
    let mut fine = looping(143.0, (0.4, 0.9), 1.3, 90);
    fine.delay_secs = 1.0 / 3.0;
    for (system, fps) in [
        (looping(60.0, (0.9, 1.3), 1.0, 40), 30),
        (looping(20.0, (0.3, 2.7), 1.0, 500), 30),
        (delayed, 30),
        (odd.clone(), 24),
        (odd, 60),
        (fine.clone(), 30),
        (fine, 144),
    ] {
        let plan = LoopPlan::of(&system, fps);
        let set = LoopSet::record(&system, 240, None, plan);
        let stop = plan.stop_frame();
        let last = stop + set.end_frames(stop) + 3;
        let mut shown = 0;
        for s in [None, Some(f64::from(stop)), Some(f64::from(stop) - 0.37)] {
            let over = set.copies_over(0, last, s);
            assert_eq!(over.len() as u32, last + 1);
            for (v, copies) in over.iter().enumerate() {
                let mut at = Vec::new();
                set.copies_at(v as f64, s, &mut at);
                assert_eq!(copies, &at, "frame {v}, stop {s:?}");
                let mut every = Vec::new();
                set.copies_at_every_life(v as f64, s, &mut every);
                assert_eq!(at, every, "frame {v}, stop {s:?}");
                // Between frames too (the preview's positions).
                let mut half = Vec::new();
                set.copies_at(v as f64 + 0.5, s, &mut half);
                every.clear();
                set.copies_at_every_life(v as f64 + 0.5, s, &mut every);
                assert_eq!(half, every, "frame {v}.5, stop {s:?}");
                shown += at.len();
            }
        }
        assert!(shown > 100, "{shown}");
    }
}
