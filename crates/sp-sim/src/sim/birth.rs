//! A life as a function of its birth and age: the [`Birth`] the spawn made, the state of that
//! life at any age (closed form, its age grid, or its path; formulas in [`super::system`]) and
//! its trail history, for the loop set ([`super::looping`]) and the system step.

use super::integrate::GridState;
use super::pair::F64x2;
use super::particle::Particle;
use super::path_motion::PathTravel;
use super::state::{Integrated, Motion, OnPath, Prepared, finish};
use super::trail::History;

/// A particle as spawned: its public state and its motion state at birth. A life is a pure
/// function of this and its age ([`evaluate_traced`]); the loop set keeps one per life
/// ([`super::looping`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Birth {
    pub(super) particle: Particle,
    pub(super) motion: Motion,
    pub(super) integrated: Option<Integrated>,
    /// Its travel, when the particles follow a path.
    pub(super) on_path: Option<OnPath>,
    /// Its death time, seconds: birth + lifetime, or earlier when a collider destroys it.
    pub(super) death_secs: f64,
}

/// The public state of the life spawned as `birth` at age `age` seconds and its own velocity
/// (particle space), evaluated from its birth with the formulas of [`super::system`]:
/// closed-form motion over the whole age (as a newborn of a step is moved), or the particle's
/// own grid continued from `grid` (a kept grid state of this life at or before `age`, updated
/// in place; `None`: from its birth grid).
///
/// With `history` (the life's trail history recorded up to an age at or before `age`, on the
/// grid state `grid` stands at), it also records the trail's candidates up to `age` and prunes
/// the history there as the real simulation does ([`crate::sim::trail::history`]: the points are a function of the
/// age alone).
pub(super) fn evaluate_traced(
    prep: &Prepared,
    birth: &Birth,
    age: f64,
    grid: Option<&mut GridState>,
    history: Option<&mut History>,
) -> (Particle, [f64; 2]) {
    let mut p = birth.particle;
    let mut m = birth.motion;
    m.fresh = false;
    match (&prep.model, &birth.integrated) {
        (Some(model), Some(i)) => {
            let mut own = i.grid;
            let grid = grid.unwrap_or(&mut own);
            let sample = match (&prep.trail, history) {
                (Some(trail), Some(h)) => {
                    let (stride, rec) = (trail.stride, &trail.recorder);
                    let out = model.sample_with(&i.record, grid, age, prep.align, |n, y| {
                        if n.is_multiple_of(stride) {
                            h.offer(rec, n / stride, y.p);
                        }
                    });
                    h.prune(rec, age);
                    out
                }
                _ => model.sample(&i.record, grid, age, prep.align),
            };
            let y = sample.y;
            m.pos = F64x2::from(y.p);
            m.vel = F64x2::from(y.v);
            let turn = prep
                .align
                .then_some((sample.heading_deg - i.heading0_deg) as f32);
            finish(prep, &mut p, &m, age, turn);
            p.impacts = sample.contact.events;
        }
        (_, None) if birth.on_path.is_some() => {
            if let (Some(travel), Some(o)) = (&prep.particle_path, &birth.on_path) {
                place_on_path(prep, travel, o, &mut p, &mut m, age, history);
            }
        }
        _ => {
            if let (Some(trail), Some(h)) = (&prep.trail, history) {
                h.record_closed_form(&trail.recorder, age, prep.gravity, prep.damping);
                h.prune(&trail.recorder, age);
            }
            m.advance_closed_form(prep.damping, age, prep.gravity);
            finish(prep, &mut p, &m, age, None);
        }
    }
    (p, m.vel.to_array())
}

/// Where a particle travelling a path is at age `age` and its direction of travel (the
/// distance travelled is `v·L_life·∫₀ᵘ speed`, [`super::path_motion`]).
#[inline]
fn path_position(prep: &Prepared, travel: &PathTravel, o: &OnPath, age: f64) -> ([f64; 2], f64) {
    let age = age.max(0.0);
    let covered = if o.lifetime > 0.0 {
        o.lifetime * prep.speed_integral.eval(age / o.lifetime)
    } else {
        0.0
    };
    travel.particle_at(&o.start, o.speed * covered)
}

/// Places a particle travelling a path at age `age` ([`path_position`]) and writes its public
/// state; with `history`, records its trail's candidates up to `age` along the path.
#[inline]
pub(super) fn place_on_path(
    prep: &Prepared,
    travel: &PathTravel,
    o: &OnPath,
    p: &mut Particle,
    m: &mut Motion,
    age: f64,
    history: Option<&mut History>,
) {
    let (pos, heading) = path_position(prep, travel, o, age);
    m.pos = F64x2::from(pos);
    m.fresh = false;
    finish(prep, p, m, age.max(0.0), None);
    if travel.follow.orient {
        p.rotation_deg += heading as f32;
    }
    if let (Some(trail), Some(h)) = (&prep.trail, history) {
        h.record_with(&trail.recorder, age, |a| {
            path_position(prep, travel, o, a).0
        });
        h.prune(&trail.recorder, age);
    }
}

/// A fresh trail history of the life spawned as `birth` (its candidate 0 recorded).
pub(super) fn birth_history(birth: &Birth) -> History {
    let mut h = History::default();
    h.start(birth.motion.pos.to_array(), birth.motion.vel.to_array());
    h
}
