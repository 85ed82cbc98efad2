//! The particle pool: never more than the cap, slots unique and re-used lowest first, and
//! lifetimes respected exactly.

use sp_sim::document::{Burst, Range};
use sp_sim::sim::{ParticleEvent, SystemSim};

use crate::support::looping;

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
