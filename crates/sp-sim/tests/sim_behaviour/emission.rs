//! Emission: counts match the rate, a one-shot emits for its duration after its delay, a loop
//! stops when asked, births under the cap match a brute-force reference, and a hostile system's
//! long seek stays small.

use sp_sim::document::{Burst, ParticleSystem, Range};
use sp_sim::sim::{ParticleEvent, SystemSim};

use crate::support::{looping, run};

#[test]
fn emission_counts_match_the_rate_within_one_per_second() {
    for &rate in &[1.0f32, 7.3, 20.0, 59.9, 250.0] {
        let mut sim = SystemSim::new(&looping(rate, 100.0, 100_000));
        let births: Vec<f64> = {
            let events = run(&mut sim, 10.0, 1.0 / 60.0);
            let born: Vec<u64> = events
                .iter()
                .filter_map(|(_, e)| match e {
                    ParticleEvent::Born { serial, .. } => Some(*serial),
                    ParticleEvent::Died { .. } => None,
                })
                .collect();
            assert_eq!(
                born,
                (0..born.len() as u64).collect::<Vec<_>>(),
                "serials count up"
            );
            sim.particles().iter().map(|p| p.birth_secs).collect()
        };
        for second in 0..10 {
            let n = births
                .iter()
                .filter(|&&t| t >= f64::from(second) && t < f64::from(second + 1))
                .count();
            assert!(
                (n as f32 - rate).abs() <= 1.0,
                "rate {rate}: {n} births in second {second}"
            );
        }
    }
}

#[test]
fn one_shot_emits_for_its_duration_after_its_delay() {
    let sys = ParticleSystem {
        rate_per_sec: 10.0,
        duration_secs: 2.0,
        delay_secs: 0.5,
        bursts: vec![Burst::once(1.0, 5)],
        lifetime_secs: Range::fixed(0.25),
        max_particles: 1000,
        ..ParticleSystem::default()
    };
    let mut sim = SystemSim::new(&sys);
    let events = run(&mut sim, 5.0, 0.1);
    let births: Vec<f64> = events
        .iter()
        .filter(|(_, e)| matches!(e, ParticleEvent::Born { .. }))
        .map(|(t, _)| *t)
        .collect();
    assert_eq!(births.len(), 20 + 5);
    assert!(births.iter().all(|t| (0.5..=2.7).contains(t)));
    assert!(sim.is_finished());
    assert!(sim.particles().is_empty());
}

#[test]
fn set_emitting_stops_a_loop_and_lets_the_living_finish() {
    let mut sim = SystemSim::new(&looping(20.0, 1.0, 1000));
    let mut events = Vec::new();
    sim.advance_to(3.0, &mut events);
    assert!(!sim.is_finished());
    sim.set_emitting(false);
    sim.advance_to(3.5, &mut events);
    assert!(sim.particles().iter().all(|p| p.birth_secs <= 3.0));
    sim.advance_to(4.01, &mut events);
    assert!(sim.is_finished());
}

#[test]
fn births_under_the_cap_match_a_brute_force_reference() {
    // Fixed lifetime, so the reference needs no random numbers: a scheduled birth at t is kept
    // when fewer than `max` kept particles are alive at t (alive on [birth, birth + life)).
    let (rate, life, max) = (50.0f32, 0.33f32, 7u32);
    let mut sys = looping(rate, life, max);
    sys.bursts = vec![Burst::once(0.41, 5)];
    sys.duration_secs = 0.9;
    let mut expected: Vec<f64> = Vec::new();
    let mut schedule: Vec<f64> = (0..250).map(|i| f64::from(i) / f64::from(rate)).collect();
    for c in 0..6 {
        for _ in 0..5 {
            schedule.push(f64::from(c) * f64::from(0.9f32) + f64::from(0.41f32));
        }
    }
    schedule.sort_by(f64::total_cmp);
    for &t in schedule.iter().filter(|&&t| t <= 4.0) {
        let alive = expected
            .iter()
            .filter(|&&b| t < b + f64::from(life))
            .count();
        if alive < max as usize {
            expected.push(t);
        }
    }
    // Small steps (shorter than any life): every kept particle is seen, at its exact birth time.
    let mut sim = SystemSim::new(&sys);
    let mut births: Vec<(u64, f64)> = Vec::new();
    for i in 1..=240 {
        sim.advance_to(f64::from(i) / 60.0, &mut Vec::new());
        births.extend(sim.particles().iter().map(|p| (p.serial, p.birth_secs)));
    }
    births.sort_by_key(|b| b.0);
    births.dedup_by_key(|b| b.0);
    assert_eq!(births.len(), expected.len());
    for ((serial, a), b) in births.iter().zip(&expected) {
        assert!((a - b).abs() < 1e-9, "serial {serial}: {a} vs {b}");
    }
    // One big step: the same births happen (counted from the events).
    let mut events = Vec::new();
    SystemSim::new(&sys).advance_to(4.0, &mut events);
    let born = events
        .iter()
        .filter(|e| matches!(e, ParticleEvent::Born { .. }))
        .count();
    assert_eq!(born, expected.len());
}

#[test]
fn a_long_seek_of_a_hostile_system_stays_small() {
    // 100 000 births per second living 10–20 ms, and a full pool of immortal-ish particles:
    // one seek of 1 s processes 100 000 births per system without storing the dead ones, and
    // the full pool drops births in bulk.
    let mut short = looping(100_000.0, 0.01, 100_000);
    short.lifetime_secs = Range::new(0.01, 0.02);
    let full = looping(100_000.0, 600.0, 20_000);
    let scene = sp_sim::document::Scene {
        systems: vec![short, full],
        ..Default::default()
    };
    let mut sim = sp_sim::sim::SceneSim::plain(&scene);
    sim.seek(1.0);
    let live: Vec<usize> = sim.systems().iter().map(|s| s.particles().len()).collect();
    assert!((1000..=2000).contains(&live[0]), "{live:?}");
    assert_eq!(live[1], 20_000);
    assert_eq!(
        sim.systems()[1].particles().last().map(|p| p.serial),
        Some(19_999)
    );
    // The preview plays the periodic emitter: its loop set is the 20 000 lives born when the
    // first ones die (about 600 s), each overlapping 300 periods of the 2 s loop; the cap keeps
    // the newest 20 000 copies, so a seek still evaluates no more than the pool.
    // Aligned with the immortal-ish system, the short one's window starts at 600 s: its
    // 60 million births before are skipped in O(1) (the cap cannot bind).
    let mut preview = sp_sim::sim::SceneSim::new(&scene);
    preview.seek(601.0);
    let live: Vec<usize> = preview
        .systems()
        .iter()
        .map(|s| s.particles().len())
        .collect();
    assert!((1000..=2000).contains(&live[0]), "{live:?}");
    assert_eq!(live[1], 20_000);
}
