//! Simulation behaviour: emission counts, the particle cap, lifetimes, flipbooks, space.

use sp_sim::document::{
    Burst, EmitterShape, Flipbook, FlipbookMode, ParticleSystem, PlayMode, Range, SimulationSpace,
    Transform2D,
};
use sp_sim::sim::{ParticleEvent, SystemSim, particle_to_scene};

fn looping(rate: f32, lifetime: f32, max: u32) -> ParticleSystem {
    ParticleSystem {
        mode: PlayMode::LoopContinuous,
        rate_per_sec: rate,
        lifetime_secs: Range::fixed(lifetime),
        max_particles: max,
        ..ParticleSystem::default()
    }
}

/// Steps `sim` to `until` with a varying step, returning all events with the step end time.
fn run(sim: &mut SystemSim, until: f64, base_dt: f64) -> Vec<(f64, ParticleEvent)> {
    let mut out = Vec::new();
    let mut events = Vec::new();
    let mut i = 0u32;
    while sim.time_secs() < until {
        let dt = base_dt * (1.0 + 0.5 * f64::from(i % 3));
        events.clear();
        sim.advance(dt.min(until - sim.time_secs()), &mut events);
        out.extend(events.iter().map(|e| (sim.time_secs(), *e)));
        i += 1;
    }
    out
}

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
fn never_more_than_max_particles_and_slots_stay_in_the_pool() {
    let mut sys = looping(500.0, 1.5, 50);
    sys.bursts = vec![Burst::once(0.3, 80)];
    sys.duration_secs = 1.0;
    let mut sim = SystemSim::new(&sys);
    let mut events = Vec::new();
    let mut full_seen = false;
    for i in 1..=300 {
        sim.advance_to(f64::from(i) / 60.0, &mut events);
        let ps = sim.particles();
        assert!(ps.len() <= 50);
        full_seen |= ps.len() == 50;
        let mut slots: Vec<u32> = ps.iter().map(|p| p.slot).collect();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), ps.len(), "slots are unique");
        assert!(slots.iter().all(|&s| s < 50));
        assert!(
            ps.windows(2).all(|w| w[0].serial < w[1].serial),
            "sorted by serial"
        );
    }
    assert!(full_seen);
    assert_eq!(sim.slots_used(), 50);
}

#[test]
fn slots_are_reused_lowest_first() {
    // One particle every 0.1 s living 0.25 s: at most 3 alive, slots cycle through 0, 1, 2.
    let mut sim = SystemSim::new(&looping(10.0, 0.25, 100));
    let mut events = Vec::new();
    sim.advance_to(2.0, &mut events);
    let born_slots: Vec<u32> = events
        .iter()
        .filter_map(|e| match e {
            ParticleEvent::Born { slot, .. } => Some(*slot),
            ParticleEvent::Died { .. } => None,
        })
        .collect();
    assert_eq!(&born_slots[..7], [0, 1, 2, 0, 1, 2, 0]);
    assert_eq!(sim.slots_used(), 3);
}

#[test]
fn lifetimes_are_respected_exactly() {
    let mut sys = looping(37.0, 1.0, 10_000);
    sys.lifetime_secs = Range::new(0.2, 1.4);
    let mut sim = SystemSim::new(&sys);
    let mut events = Vec::new();
    let mut known: Vec<(u64, f64, f64)> = Vec::new(); // serial, birth, death
    for i in 0..=400 {
        let t = f64::from(i) / 97.0;
        sim.advance_to(t, &mut events);
        for p in sim.particles() {
            assert!(
                p.age_secs >= 0.0 && p.age_secs < p.lifetime_secs,
                "age within life"
            );
            assert!((f64::from(p.age_secs) - (t - p.birth_secs)).abs() < 1e-5);
            if !known.iter().any(|k| k.0 == p.serial) {
                known.push((
                    p.serial,
                    p.birth_secs,
                    p.birth_secs + f64::from(p.lifetime_secs),
                ));
            }
        }
        for &(serial, birth, death) in &known {
            let alive = sim.particles().iter().any(|p| p.serial == serial);
            assert_eq!(alive, birth <= t && t < death, "serial {serial} at {t}");
        }
    }
    assert!(known.len() > 100);
}

fn flipbook_system(mode: FlipbookMode) -> ParticleSystem {
    ParticleSystem {
        bursts: vec![Burst::once(0.0, 1)],
        rate_per_sec: 0.0,
        lifetime_secs: Range::fixed(2.0),
        textures: (0..4).map(|_| "builtin:soft_dot".to_string()).collect(),
        flipbook: Flipbook {
            enabled: true,
            fps: 10.0,
            mode,
        },
        ..ParticleSystem::default()
    }
}

#[test]
fn flipbook_frames_follow_each_mode() {
    let expect: [(FlipbookMode, [(u16, bool); 6]); 4] = [
        (
            FlipbookMode::OnceVanish,
            [
                (0, true),
                (1, true),
                (3, true),
                (3, false),
                (3, false),
                (3, false),
            ],
        ),
        (
            FlipbookMode::OnceHold,
            [
                (0, true),
                (1, true),
                (3, true),
                (3, true),
                (3, true),
                (3, true),
            ],
        ),
        (
            FlipbookMode::Loop,
            [
                (0, true),
                (1, true),
                (3, true),
                (0, true),
                (1, true),
                (2, true),
            ],
        ),
        (
            FlipbookMode::ReverseLoop,
            [
                (3, true),
                (2, true),
                (0, true),
                (3, true),
                (2, true),
                (1, true),
            ],
        ),
    ];
    let times = [0.0, 0.15, 0.35, 0.45, 0.55, 0.65];
    for (mode, frames) in expect {
        let mut sim = SystemSim::new(&flipbook_system(mode));
        let mut events = Vec::new();
        for (t, want) in times.iter().zip(frames) {
            sim.advance_to(*t, &mut events);
            let p = sim.particles()[0];
            assert_eq!((p.texture_index, p.visible), want, "{mode:?} at {t}");
        }
    }
}

#[test]
fn world_particles_stay_put_and_local_ones_follow_their_system() {
    let base = ParticleSystem {
        transform: Transform2D {
            x: 100.0,
            y: 50.0,
            rotation_deg: 90.0,
            scale_x: 2.0,
            scale_y: 2.0,
        },
        emitter: EmitterShape::Line { length: 30.0 },
        bursts: vec![Burst::once(0.0, 5)],
        rate_per_sec: 0.0,
        lifetime_secs: Range::fixed(3.0),
        ..ParticleSystem::default()
    };
    let world = ParticleSystem {
        space: SimulationSpace::World,
        ..base.clone()
    };
    let local = ParticleSystem {
        space: SimulationSpace::Local,
        ..base.clone()
    };
    let (mut ws, mut ls) = (SystemSim::new(&world), SystemSim::new(&local));
    let mut events = Vec::new();
    ws.advance_to(1.0, &mut events);
    ls.advance_to(1.0, &mut events);
    // Without gravity both spaces agree while the system stands still.
    for (w, l) in ws.particles().iter().zip(ls.particles()) {
        let (pw, pl) = (particle_to_scene(&world, w), particle_to_scene(&local, l));
        for (a, b) in [
            (pw.x, pl.x),
            (pw.y, pl.y),
            (pw.rotation_deg, pl.rotation_deg),
            (pw.scale_x, pl.scale_x),
        ] {
            assert!((a - b).abs() < 1e-3, "{a} vs {b}");
        }
    }
    // The default direction is up (270°) in system space; rotated 90° clockwise it points +x.
    let p = particle_to_scene(&world, &ws.particles()[0]);
    assert!(p.x > 100.0 + 100.0, "moved right: {}", p.x);
    // Moving the system moves the local particles only.
    let moved_world = ParticleSystem {
        transform: Transform2D {
            x: 400.0,
            ..world.transform
        },
        ..world.clone()
    };
    let moved_local = ParticleSystem {
        transform: Transform2D {
            x: 400.0,
            ..local.transform
        },
        ..local.clone()
    };
    let before_w = particle_to_scene(&world, &ws.particles()[0]);
    let before_l = particle_to_scene(&local, &ls.particles()[0]);
    assert_eq!(
        particle_to_scene(&moved_world, &ws.particles()[0]),
        before_w
    );
    assert!(
        (particle_to_scene(&moved_local, &ls.particles()[0]).x - before_l.x - 300.0).abs() < 1e-3
    );
    // A World system moved with set_transform releases new particles from the new place.
    let mut ws2 = SystemSim::new(&ParticleSystem {
        rate_per_sec: 10.0,
        mode: PlayMode::LoopContinuous,
        ..world
    });
    ws2.advance_to(0.05, &mut events);
    ws2.set_transform(Transform2D {
        x: -500.0,
        y: 0.0,
        rotation_deg: 0.0,
        scale_x: 1.0,
        scale_y: 1.0,
    });
    ws2.advance_to(0.15, &mut events);
    let newest = ws2.particles().last().copied().expect("a particle");
    assert!(newest.x < -400.0, "born at the new place: {}", newest.x);
    assert!(ws2.particles()[0].x > 0.0, "the old ones stayed");
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
fn align_to_velocity_turns_with_the_motion() {
    let sys = ParticleSystem {
        bursts: vec![Burst::once(0.0, 1)],
        rate_per_sec: 0.0,
        spread_deg: 0.0,
        direction_deg: 0.0,
        speed: Range::fixed(100.0),
        gravity: [0.0, 100.0],
        lifetime_secs: Range::fixed(5.0),
        align_to_velocity: true,
        ..ParticleSystem::default()
    };
    let mut sim = SystemSim::new(&sys);
    let mut events = Vec::new();
    sim.advance_to(0.0, &mut events);
    assert!(sim.particles()[0].rotation_deg.abs() < 1e-4);
    sim.advance_to(1.0, &mut events);
    // v = (100, 100): 45° clockwise (down-right).
    assert!((sim.particles()[0].rotation_deg - 45.0).abs() < 1e-3);
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
