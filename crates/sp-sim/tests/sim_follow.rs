//! Bone following in the simulation (export spec §10.4): World-space particles are born at the
//! bone's position of their own birth time and then ignore it; Local-space particles ride it;
//! a missing target falls back to the system's own transform; every step size agrees.

use std::sync::Arc;

use sp_sim::behaviour::{Attractor, CentreSpace, Falloff, Force};
use sp_sim::document::{FollowBone, ParticleSystem, PlayMode, Range, SimulationSpace};
use sp_sim::sim::{BoneTrack, Follow, FollowTracks, SceneSim, SystemSim};

/// A bone moving right at 100 px/s and down at 50 px/s, sampled at 60 Hz for 4 s.
fn moving_bone() -> BoneTrack {
    BoneTrack {
        sample_fps: 60.0,
        looping: false,
        points: (0..=240)
            .map(|i| {
                let t = i as f32 / 60.0;
                [100.0 * t, 50.0 * t]
            })
            .collect(),
    }
}

/// Motionless particles (speed 0), 10 per second, living 3 s.
fn still_particles(space: SimulationSpace) -> ParticleSystem {
    ParticleSystem {
        mode: PlayMode::LoopContinuous,
        space,
        rate_per_sec: 10.0,
        lifetime_secs: Range::fixed(3.0),
        speed: Range::fixed(0.0),
        max_particles: 1000,
        follow: Some(FollowBone {
            skeleton: "hero".into(),
            bone: "hand".into(),
            instance: 0,
            offset_x: 5.0,
            offset_y: -7.0,
        }),
        ..ParticleSystem::default()
    }
}

fn follow() -> Follow {
    Follow {
        track: Arc::new(moving_bone()),
        offset: [5.0, -7.0],
    }
}

#[test]
fn world_space_particles_stay_where_the_bone_was_at_their_birth() {
    let mut sim = SystemSim::new(&still_particles(SimulationSpace::World));
    sim.set_follow(Some(follow()));
    let mut events = Vec::new();
    sim.advance_to(2.5, &mut events);
    assert!(sim.particles().len() >= 20);
    for p in sim.particles() {
        let b = p.birth_secs as f32;
        let pose = sim.scene_pose(p);
        assert!(
            (pose.x - (100.0 * b + 5.0)).abs() < 1e-2,
            "{} at birth {b}",
            pose.x
        );
        assert!(
            (pose.y - (50.0 * b - 7.0)).abs() < 1e-2,
            "{} at birth {b}",
            pose.y
        );
    }
}

#[test]
fn local_space_particles_ride_the_bone() {
    let mut sim = SystemSim::new(&still_particles(SimulationSpace::Local));
    sim.set_follow(Some(follow()));
    let mut events = Vec::new();
    sim.advance_to(2.5, &mut events);
    for p in sim.particles() {
        let pose = sim.scene_pose(p);
        assert!((pose.x - (250.0 + 5.0)).abs() < 1e-2, "{}", pose.x);
        assert!((pose.y - (125.0 - 7.0)).abs() < 1e-2, "{}", pose.y);
    }
}

#[test]
fn step_size_does_not_change_where_followers_are_born() {
    let scene = sp_sim::document::Scene {
        systems: vec![still_particles(SimulationSpace::World)],
        ..sp_sim::document::Scene::default()
    };
    let mut tracks = FollowTracks::new();
    tracks.insert("hero", "hand", 0, moving_bone());
    let mut one = SceneSim::with_follow(&scene, &tracks);
    one.advance_to(2.0);
    let mut many = SceneSim::with_follow(&scene, &tracks);
    let mut t = 0.0;
    while t < 2.0 {
        t = (t + 1.0 / 7.0f64).min(2.0);
        many.advance_to(t);
    }
    let (a, b) = (one.systems()[0].particles(), many.systems()[0].particles());
    assert_eq!(a.len(), b.len());
    for (p, q) in a.iter().zip(b) {
        assert!((p.x - q.x).abs() < 1e-3 && (p.y - q.y).abs() < 1e-3);
    }
    assert!(
        a.iter().any(|p| p.x > 100.0),
        "particles were born along the bone"
    );
}

#[test]
fn a_missing_target_falls_back_to_the_system_transform() {
    let scene = sp_sim::document::Scene {
        systems: vec![still_particles(SimulationSpace::World)],
        ..sp_sim::document::Scene::default()
    };
    let mut tracks = FollowTracks::new();
    tracks.insert("hero", "other_bone", 0, moving_bone());
    let mut sim = SceneSim::with_follow(&scene, &tracks);
    sim.advance_to(1.0);
    let s = &sim.systems()[0];
    assert!(s.follow().is_none());
    assert!(s.particles().iter().all(|p| p.x == 0.0 && p.y == 0.0));
    assert_eq!(
        tracks.missing_targets(&scene.systems),
        vec![(0, "ParticleSystem".to_owned(), "hero/hand".to_owned())]
    );
}

#[test]
fn a_follower_reads_the_track_of_its_own_instance() {
    // The same bone of two instances: the second instance's track is the first's 500 px right.
    let mut tracks = FollowTracks::new();
    tracks.insert("hero", "hand", 0, moving_bone());
    let mut right = moving_bone();
    right.points.iter_mut().for_each(|p| p[0] += 500.0);
    tracks.insert("hero", "hand", 1, right);
    let mut second = still_particles(SimulationSpace::World);
    second.follow.as_mut().expect("follows").instance = 1;
    let third = {
        let mut s = second.clone();
        s.name = "third".into();
        s.follow.as_mut().expect("follows").instance = 2;
        s
    };
    let scene = sp_sim::document::Scene {
        systems: vec![still_particles(SimulationSpace::World), second, third],
        ..sp_sim::document::Scene::default()
    };
    let mut sim = SceneSim::with_follow(&scene, &tracks);
    sim.advance_to(1.0);
    // The same seed, so the same births: the second instance's particles are the first's 500 px
    // right; the third instance has no track (fallback at the system's own position, 0).
    let [a, b, c] = [0, 1, 2].map(|i| &sim.systems()[i]);
    assert_eq!(a.particles().len(), b.particles().len());
    assert!(a.particles().len() >= 5);
    for (p, q) in a.particles().iter().zip(b.particles()) {
        let (pa, pb) = (a.scene_pose(p), b.scene_pose(q));
        assert!(
            (pb.x - pa.x - 500.0).abs() < 1e-2 && (pb.y - pa.y).abs() < 1e-2,
            "{pa:?} {pb:?}"
        );
        assert!(pa.x > 4.0);
    }
    assert!(c.particles().iter().all(|p| c.scene_pose(p).x == 0.0));
    assert!(sim.systems()[2].follow().is_none());
    assert_eq!(
        tracks.missing_targets(&scene.systems),
        vec![(2, "third".to_owned(), "hero/hand#3".to_owned())]
    );
}

/// Still particles pulled hard toward a system-space attractor at `(20, 0)` (constant falloff,
/// strong drag: they trail the point at most a few pixels behind at the bone's speed).
fn pulled_particles(space: SimulationSpace, centre: CentreSpace) -> ParticleSystem {
    ParticleSystem {
        damping: 20.0,
        forces: vec![Force::Attractor(Attractor {
            accel_px_per_sec2: Range::fixed(20_000.0),
            position: [20.0, 0.0],
            space: centre,
            radius_px: 10_000.0,
            falloff: Falloff::Constant,
            ..Attractor::default()
        })],
        ..still_particles(space)
    }
}

/// [`pulled_particles`] following the moving bone.
fn pulled_follower(space: SimulationSpace, centre: CentreSpace) -> SystemSim {
    let mut sim = SystemSim::new(&pulled_particles(space, centre));
    sim.set_follow(Some(follow()));
    sim
}

/// The attractor's centre is at each `(t, want)` (within 1e-3 px).
fn assert_centres(sim: &SystemSim, centres: [(f64, [f64; 2]); 2]) {
    let model = sim.motion_model().expect("integrated");
    for (t, want) in centres {
        let c = model.centre_at(0, t).expect("attractor");
        assert!(
            (c[0] - want[0]).abs() < 1e-3 && (c[1] - want[1]).abs() < 1e-3,
            "centre at {t} s: {c:?}, want {want:?}"
        );
    }
}

/// Every particle born in the first second is within 25 px of the scene point `at`; returns
/// how many there are.
fn assert_first_second_near(sim: &SystemSim, at: [f32; 2]) -> usize {
    let mut near = 0;
    for p in sim.particles().iter().filter(|p| p.birth_secs <= 1.0) {
        let pose = sim.scene_pose(p);
        let d = libm::hypotf(pose.x - at[0], pose.y - at[1]);
        assert!(
            d < 25.0,
            "born {} at ({}, {}): {d} px off",
            p.birth_secs,
            pose.x,
            pose.y
        );
        near += 1;
    }
    near
}

#[test]
fn a_system_centre_rides_the_followed_bone_at_each_sample_time() {
    let mut sim = pulled_follower(SimulationSpace::World, CentreSpace::System);
    // c(t) = (20, 0) + bone(t) + offset, bone(t) = (100·t, 50·t), offset (5, −7).
    assert_centres(&sim, [(0.5, [75.0, 18.0]), (2.0, [225.0, 93.0])]);
    // The particles born at 0.5 s are pulled along with the point: at 3 s they sit near the
    // centre of 3 s, (325, 143), far from where the bone was at their birth.
    let mut events = Vec::new();
    sim.advance_to(3.0, &mut events);
    assert!(assert_first_second_near(&sim, [325.0, 143.0]) > 0);
}

#[test]
fn a_scene_centre_stays_put_for_particles_riding_the_bone() {
    let mut sim = pulled_follower(SimulationSpace::Local, CentreSpace::Scene);
    // Local particles live in system space, whose origin is bone(t) + offset: the scene point
    // (20, 0) is (20, 0) − (100·t + 5, 50·t − 7) there.
    assert_centres(&sim, [(0.5, [-35.0, -18.0]), (2.0, [-185.0, -93.0])]);
    let mut events = Vec::new();
    sim.advance_to(3.0, &mut events);
    assert_first_second_near(&sim, [20.0, 0.0]);
}

#[test]
fn centres_in_the_particles_own_space_do_not_move() {
    for (space, centre) in [
        (SimulationSpace::Local, CentreSpace::System),
        (SimulationSpace::World, CentreSpace::Scene),
    ] {
        let sim = pulled_follower(space, centre);
        let model = sim.motion_model().expect("integrated");
        assert_eq!(model.centre_at(0, 0.5), Some([20.0, 0.0]));
        assert_eq!(model.centre_at(0, 2.0), Some([20.0, 0.0]));
    }
}
