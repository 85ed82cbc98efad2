//! Colliders and paths with the other features of a system: a loop-continuous system's
//! periodic emitter (a copy bounces, pauses, dies and travels its path exactly as its original
//! life at its own time) and trails (a bouncing particle's trail follows its bounced path).

mod common;

use sp_sim::document::{
    Burst, Collision, CollisionResponse, ParticleSystem, PathFollow, PathFollowMode, PathKind,
    PathObject, PlayMode, Range, Scene, SimulationSpace,
};
use sp_sim::sim::trail::TrailDetail;
use sp_sim::sim::{Particle, SceneSim};

use common::floor_at;

/// The shower of sparks of `sim_colliders` ([`common::shower`]) loop-continuous: 20 sparks a
/// second living 0.8–1.6 s, at most 200, 2 px in radius.
fn looping_shower(response: CollisionResponse) -> Scene {
    let mut s = common::shower(response, 2.0);
    let sparks = &mut s.systems[0];
    sparks.mode = PlayMode::LoopContinuous;
    sparks.rate_per_sec = 20.0;
    sparks.max_particles = 200;
    sparks.lifetime_secs = Range::new(0.8, 1.6);
    s.colliders[1].name = "ledge".into();
    s.export.fps = 30;
    s
}

/// A loop-continuous band of particles travelling a path (Local space).
fn looping_on_path() -> Scene {
    let mut s = Scene {
        systems: vec![ParticleSystem {
            name: "band".into(),
            mode: PlayMode::LoopContinuous,
            space: SimulationSpace::Local,
            rate_per_sec: 15.0,
            duration_secs: 1.0,
            lifetime_secs: Range::new(0.7, 1.4),
            path_follow: Some(PathFollow {
                mode: PathFollowMode::Particles,
                path: "arc".into(),
                ..PathFollow::default()
            }),
            ..ParticleSystem::default()
        }],
        paths: vec![PathObject {
            name: "arc".into(),
            kind: PathKind::CatmullRom,
            points: vec![[0.0, 0.0], [120.0, -60.0], [240.0, 0.0], [300.0, 120.0]],
            ..PathObject::default()
        }],
        ..Scene::default()
    };
    s.export.fps = 30;
    s
}

fn bits(p: &Particle) -> [u32; 5] {
    [
        p.x.to_bits(),
        p.y.to_bits(),
        p.rotation_deg.to_bits(),
        p.alpha.to_bits(),
        p.impacts,
    ]
}

/// Every copy the periodic emitter shows over the loop segment (and between its frames) is the
/// real simulation's life of the same serial at the original time `v + k·Λ`, bit for bit
/// (impact count included), and none is shown after its life's death (a destroyed life dies
/// at its impact). Returns the copies checked and the impacts seen among them.
fn copies_match_their_lives(sc: &Scene) -> (usize, u32) {
    let mut sim = SceneSim::new(sc);
    let set = sim.systems()[0].loop_set().expect("periodic").clone();
    let plan = *set.plan();
    let (t0, l) = (plan.t0_frames, plan.loop_frames);
    let (mut checked, mut impacts) = (0, 0);
    for third in 0..=(3 * l) {
        let v = (f64::from(t0) + f64::from(third) / 3.0) / 30.0;
        sim.seek(v);
        // The real simulation at each original time shown (one per copy index).
        let mut real: std::collections::BTreeMap<i64, SceneSim> = Default::default();
        for p in sim.systems()[0].particles() {
            let c = set.copy_of_serial(p.serial).expect("copy");
            let life = set.lives()[c.life];
            let u = v + (c.k as f64) * f64::from(l) / 30.0;
            assert!(u < life.death_secs, "a copy shown after its life's death");
            let real = real.entry(c.k).or_insert_with(|| {
                let mut r = SceneSim::plain(sc);
                r.advance_to(u);
                r
            });
            let q = real.systems()[0]
                .particles()
                .iter()
                .find(|q| q.serial == life.serial)
                .expect("the real simulation shows the life");
            assert_eq!(bits(p), bits(q), "v {v} k {} serial {}", c.k, life.serial);
            impacts = impacts.max(p.impacts);
            checked += 1;
        }
    }
    (checked, impacts)
}

#[test]
fn a_loop_copy_bounces_as_its_original_at_its_own_time() {
    for response in [
        CollisionResponse::Bounce,
        CollisionResponse::Pause,
        CollisionResponse::Stop,
        CollisionResponse::Destroy,
    ] {
        let (checked, impacts) = copies_match_their_lives(&looping_shower(response));
        assert!(checked > 300, "{response:?}: {checked}");
        if response != CollisionResponse::Destroy {
            assert!(impacts >= 1, "{response:?}: copies meet the colliders");
        }
    }
}

#[test]
fn a_destroyed_life_ends_the_loop_copy_at_its_impact() {
    let sc = looping_shower(CollisionResponse::Destroy);
    let sim = SceneSim::new(&sc);
    let set = sim.systems()[0].loop_set().expect("periodic");
    let short = set
        .lives()
        .iter()
        .filter(|l| l.death_secs < l.birth_secs + 0.79)
        .count();
    assert!(
        short * 4 > set.lives().len(),
        "lives end at an impact before their 0.8 s minimum: {short} of {}",
        set.lives().len()
    );
}

#[test]
fn a_loop_copy_travels_its_path_as_its_original() {
    let (checked, _) = copies_match_their_lives(&looping_on_path());
    assert!(checked > 300, "{checked}");
}

/// A trailed spark dropped onto a floor: every trail node stays on the floor's side (the trail
/// follows the bounced path, it does not cut through the floor), and the head is the particle.
#[test]
fn a_bouncing_particle_trail_follows_its_bounced_path() {
    let mut system = ParticleSystem {
        name: "spark".into(),
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(2.0),
        speed: Range::fixed(150.0),
        direction_deg: 0.0,
        gravity: [0.0, 900.0],
        collision: Collision {
            response: CollisionResponse::Bounce,
            restitution: 0.7,
            ..Collision::default()
        },
        ..ParticleSystem::default()
    };
    system.trail.enabled = true;
    system.trail.images = vec!["builtin:trail_fade".into()];
    system.trail.length_secs = 0.3;
    system.trail.min_move_px = 0.5;
    let sc = Scene {
        systems: vec![system],
        colliders: vec![floor_at(100.0)],
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&sc);
    let mut frame = sp_sim::sim::trail::TrailFrame::default();
    let (mut bounced, mut checked) = (false, 0);
    for f in 1..=90 {
        sim.advance_to(f64::from(f) / 60.0);
        let s = &sim.systems()[0];
        let Some(p) = s.particles().first() else {
            break;
        };
        bounced |= p.impacts > 0;
        assert!(s.trail_frame(0, &mut frame, TrailDetail::Chain));
        let head = frame.nodes[0];
        assert!((head.x - f64::from(p.x)).abs() < 1e-3 && (head.y - f64::from(p.y)).abs() < 1e-3);
        for n in &frame.nodes {
            assert!(
                n.y <= 100.0 + 1e-6,
                "frame {f}: a trail node at y {} below the floor",
                n.y
            );
        }
        checked += 1;
    }
    assert!(
        bounced && checked > 60,
        "bounced {bounced}, {checked} frames"
    );
}

/// A trailed particle travelling a path: its trail lies on the path behind it (the history
/// starts where the path puts the particle, not at the emitter, and records the travel).
#[test]
fn a_trail_on_a_path_lies_on_the_path() {
    let mut system = ParticleSystem {
        name: "rider".into(),
        rate_per_sec: 0.0,
        bursts: vec![Burst::once(0.0, 1)],
        lifetime_secs: Range::fixed(1.5),
        speed: Range::fixed(200.0),
        path_follow: Some(PathFollow {
            mode: PathFollowMode::Particles,
            path: "rail".into(),
            ..PathFollow::default()
        }),
        ..ParticleSystem::default()
    };
    system.trail.enabled = true;
    system.trail.images = vec!["builtin:trail_fade".into()];
    system.trail.length_secs = 0.4;
    system.trail.min_move_px = 0.5;
    let sc = Scene {
        systems: vec![system],
        paths: vec![PathObject {
            name: "rail".into(),
            kind: PathKind::Polyline,
            points: vec![[100.0, 50.0], [500.0, 50.0]],
            ..PathObject::default()
        }],
        ..Scene::default()
    };
    let mut sim = SceneSim::new(&sc);
    let mut frame = sp_sim::sim::trail::TrailFrame::default();
    let mut longest = 0.0f64;
    for f in 1..=60 {
        sim.advance_to(f64::from(f) / 60.0);
        let s = &sim.systems()[0];
        let p = s.particles()[0];
        assert!(s.trail_frame(0, &mut frame, TrailDetail::Chain));
        for n in &frame.nodes {
            assert!(
                (n.y - 50.0).abs() < 1e-6,
                "frame {f}: node off the rail at y {}",
                n.y
            );
            assert!(
                n.x >= 100.0 - 1e-6 && n.x <= f64::from(p.x) + 1e-6,
                "frame {f}: x {}",
                n.x
            );
        }
        let tail = frame.nodes.last().map_or(0.0, |n| n.x);
        longest = longest.max(f64::from(p.x) - tail);
    }
    assert!(
        longest > 50.0,
        "the trail stretches behind the particle: {longest}"
    );
}
