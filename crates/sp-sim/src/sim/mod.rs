//! Deterministic particle simulation, exact in time.
//!
//! A particle's state is a pure function of its spawn parameters and its age: births happen at
//! their exact scheduled times, deaths at birth + lifetime, motion follows the closed-form flow of
//! `v' = g − k·v`, `p' = v`, and everything else is a curve of the normalised life. So the step
//! size never changes what exists or where it is (beyond float rounding), baking at 30 fps samples
//! exactly what a 60 fps preview shows, and seeking is exact. Systems with forces that have no
//! closed form are integrated per particle on its own age grid ([`integrate`], whose doc holds
//! the design the loop, collider, path and trail work builds on). Each module states its formula:
//! [`follow`] (bone following), [`rng`] (PCG32), [`emitter`] (shapes), [`schedule`] (birth times), [`motion`] (gravity and
//! damping), [`lookup`] (curves), [`frames`] (flipbook and texture pick), [`pool`] (slots), [`draw_order`] (stacking),
//! [`system`] (one system), [`looping`] (loop-continuous systems as a periodic emitter, and the
//! editor's timeline), [`trail`] (trail geometry), [`particle`] (scene pose), [`hash`] (state
//! hash), [`bench`](mod@bench) (the benchmark workload), [`walls`] and [`contact`] (colliders),
//! [`path_geom`] and [`path_motion`] (paths), [`env`](mod@env) (what acts on a system in its
//! scene).

pub mod bench;
mod birth;
pub mod contact;
pub mod draw_order;
pub mod emitter;
pub mod env;
pub mod extent;
pub mod follow;
pub mod frames;
pub mod hash;
mod hypot;
pub mod integrate;
mod life_table;
pub mod lookup;
pub mod looping;
pub mod motion;
pub(crate) mod pair;
pub mod particle;
pub mod path_geom;
pub mod path_motion;
pub mod pool;
pub mod rng;
pub mod scene;
pub mod schedule;
mod state;
pub mod system;
pub mod trail;
pub mod walls;

pub use draw_order::back_to_front;
pub use env::SystemEnv;
pub use follow::{BoneTrack, BoneTrackJson, Follow, FollowTracks, FollowTracksJson};
pub use hash::{Fnv64, content_hash, frame_hash, state_hash, state_hash_following};
pub use looping::{LoopPlan, LoopSet, SceneTimeline, SegmentKind};
pub use particle::{Particle, ParticleEvent, ScenePose, particle_to_scene, pose_in_scene};
pub use scene::SceneSim;
pub use system::SystemSim;
