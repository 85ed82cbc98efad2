//! The copies are the real simulation's lives shifted by whole periods: state for state, with
//! the cap's outcome in the window, and the windows' enumeration equal to the copies at each
//! frame.

use super::*;

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

/// The windows' integer enumeration ([`crate::sim::looping::window`]) shows exactly the copies of
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
