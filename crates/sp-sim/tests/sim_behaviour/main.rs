//! Simulation behaviour: emission counts, the particle cap, lifetimes, flipbooks, space.
//!
//! By concept: [`emission`], [`pool`] (the cap, slots and lifetimes), [`flipbook`] and
//! [`motion`] (simulation space and velocity alignment).

mod emission;
mod flipbook;
mod motion;
mod pool;
mod support;
