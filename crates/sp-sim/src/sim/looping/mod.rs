//! Loop-continuous systems as a periodic emitter: the one definition of their motion that the
//! preview ([`crate::sim::SceneSim`]), the exporter (`sp_spine::bake::looping`) and
//! `spineparticle simulate` all play (export spec §7.3, §11.3; DESIGN.md "Seamless loops").
//!
//! # The definition
//!
//! With the system's [`LoopPlan`] at the export rate `fps` — start length `T₀` frames, loop
//! period `L`, loop segment `span` ([`plan`]) — and `t₀ = T₀/fps`, `Λ = L/fps`:
//!
//! - The **loop set** is every life the real simulation ([`crate::sim::SystemSim`]) bears in
//!   `[t₀, t₀ + Λ)`, with its spawn draws and the cap's outcome there (births the cap drops
//!   are not in it). `t₀` is at least the delay plus the longest life, so the real simulation
//!   is in its steady state.
//! - **Copies**: copy `k ∈ ℤ` of a life born at `b` is the same life born at `b − k·Λ`; its
//!   state at time `v` is the life's state at the original time `v + k·Λ` (its age is
//!   `v + k·Λ − b`), so anything that reads the time, such as turbulence, sees the original
//!   time and a copy is exact. The emitter is the set of all copies: periodic in `v` with period
//!   `Λ`.
//! - **Emission** runs from the delay on: a copy is shown when it is alive at `v`
//!   (`b ≤ v + k·Λ < b + lifetime`), born at or after the delay (`b − k·Λ ≥ delay`) and, when
//!   emission stops at `s`, born at or before `s` (`b − k·Λ ≤ s`).
//! - **Segments** on this one virtual axis `v`: start `[0, t₀]` (the copies born since the
//!   delay warm up from empty), loop `[t₀, t₀ + span/fps]` (every copy: its last frame is its
//!   first when `L` divides `span`), end from `t₀ + span/fps` with emission stopped there (the
//!   living finish). The three joins are the same instant of one function: the last frame of
//!   start is the first of loop, and the last frame of loop is the first of end.
//!
//! Times within [`set::TIME_EPSILON_SECS`] count as equal in the window, delay and stop tests,
//! and a copy at an integer frame reads exactly the time the real simulation uses for the
//! corresponding frame ([`set`]), so the copies at a frame are the real simulation's lives at
//! the frame `k·L` later, state for state.
//!
//! [`SceneTimeline`] lays the segments of a scene out on the editor's timeline and maps each
//! system onto it (alignment of systems sharing animations: [`loop_alignment`]).

pub mod plan;
pub mod set;
#[cfg(test)]
mod tests;
pub mod timeline;
pub mod window;

pub use plan::{LoopAlignment, LoopPlan, longest_life_secs, loop_alignment, scene_loop_plans};
pub use set::{LifeTrail, LoopCopy, LoopLife, LoopSet};
pub use timeline::{
    LoopRegions, MIN_TIMELINE_SECS, Played, SceneTimeline, SegmentKind, SystemTime, TimelineSegment,
};
