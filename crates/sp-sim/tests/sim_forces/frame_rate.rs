//! Frame-rate independence with every force on: the same particles at the same places at 24,
//! 30, 60 and 144 fps, and one long seek equal to small steps.

use proptest::prelude::*;
use sp_sim::document::SimulationSpace;
use sp_sim::sim::SystemSim;

use crate::support::{every_force, sampled};

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// States sampled at 24, 30, 60 and 144 fps agree at common times within 1e-4 px (and the
    /// same particles are alive).
    #[test]
    fn every_frame_rate_sees_the_same_particles(
        seed in 0u32..10_000,
        strength in 50.0f32..800.0,
        local in any::<bool>(),
    ) {
        let space = if local { SimulationSpace::Local } else { SimulationSpace::World };
        let system = every_force(seed, strength, space);
        let times: Vec<u32> = (1..=15).collect(); // 1/6 s … 2.5 s
        let reference = sampled(&system, 24, &times);
        prop_assert!(reference.iter().any(|f| f.len() > 20));
        for fps in [30, 60, 144] {
            let other = sampled(&system, fps, &times);
            for (k, (a, b)) in reference.iter().zip(&other).enumerate() {
                prop_assert_eq!(a.len(), b.len(), "alive at {}/6 s, {} fps", times[k], fps);
                for (pa, pb) in a.iter().zip(b) {
                    prop_assert_eq!(pa.0, pb.0);
                    let d = (pa.1 - pb.1).abs().max((pa.2 - pb.2).abs());
                    prop_assert!(d <= 1e-4, "{} px apart at {}/6 s, {} fps", d, times[k], fps);
                    prop_assert!((pa.3 - pb.3).abs() <= 1e-3, "rotation {} vs {}", pa.3, pb.3);
                }
            }
        }
    }
}

#[test]
fn one_long_seek_equals_small_steps() {
    let system = every_force(7, 400.0, SimulationSpace::World);
    let mut stepped = SystemSim::new(&system);
    let mut events = Vec::new();
    for i in 1..=200 {
        stepped.advance_to(f64::from(i) / 100.0, &mut events);
    }
    let mut seek = SystemSim::new(&system);
    seek.advance_to(2.0, &mut events);
    assert_eq!(stepped.particles().len(), seek.particles().len());
    for (a, b) in stepped.particles().iter().zip(seek.particles()) {
        assert_eq!((a.serial, a.x, a.y), (b.serial, b.x, b.y), "bit for bit");
    }
}
