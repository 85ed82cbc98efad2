//! Integrated motion (issue 10): frame-rate independence with every force on, and a known
//! answer per behaviour module.
//!
//! By concept: [`frame_rate`], [`forces`] (a known answer per force), [`stability`] (stiff and
//! runaway motion) and [`behaviours`] (bursts, rotation, spin and size).

mod behaviours;
mod forces;
mod frame_rate;
mod stability;
mod support;
