//! A particle's own age grid (see the parent module): its birth state, advancing grid step by
//! grid step with the held turbulence and contacts, and samples between grid points.

use super::*;

impl MotionModel {
    /// The grid index reached at age `age_secs`: `⌊a/h⌋` (0 for negative ages).
    #[inline]
    pub fn grid_index(&self, age_secs: f64) -> u32 {
        let n = f64::floor(age_secs * self.steps_per_sec);
        if n > 0.0 {
            n.min(f64::from(u32::MAX - 1)) as u32
        } else {
            0
        }
    }

    /// Direction of motion at `y` and age `a`, degrees clockwise (`0` when at rest).
    pub fn heading_deg(&self, r: &SpawnRecord, y: &Kinematics, age_secs: f64) -> f64 {
        let (mut dx, mut dy) = (y.v[0], y.v[1]);
        if self.has_flow {
            let u = (age_secs * r.inv_lifetime) as f32;
            let origin = Self::origin_at(self.follow.as_ref(), r.birth_secs + age_secs);
            let flow = self.flow_about(r, y.p, u, origin);
            dx += flow[0];
            dy += flow[1];
        }
        if dx == 0.0 && dy == 0.0 {
            0.0
        } else {
            libm::atan2(dy, dx).to_degrees()
        }
    }

    /// The grid state at birth (`track_heading`: keep the direction of motion).
    pub fn birth_grid(&self, r: &SpawnRecord, track_heading: bool) -> GridState {
        GridState {
            at: r.start,
            n: 0,
            contact: ContactState::default(),
            ahead: None,
            turbulence: self.turbulence(r, r.start.p, 0.0),
            heading_deg: if track_heading {
                self.heading_deg(r, &r.start, 0.0)
            } else {
                0.0
            },
        }
    }

    /// Moves `grid` forward to the last grid point at or before `age_secs` and returns the state
    /// at `age_secs` (a fractional step from it, not kept) and its unwrapped heading (when
    /// `track_heading`).
    pub fn advance(
        &self,
        r: &SpawnRecord,
        grid: &mut GridState,
        age_secs: f64,
        track_heading: bool,
    ) -> (Kinematics, f64) {
        self.advance_with(r, grid, age_secs, track_heading, |_, _| {})
    }

    /// [`MotionModel::advance`], calling `on_grid(n, state)` at every grid point reached (a
    /// trail records its candidates there, [`crate::sim::trail`]).
    pub fn advance_with(
        &self,
        r: &SpawnRecord,
        grid: &mut GridState,
        age_secs: f64,
        track_heading: bool,
        on_grid: impl FnMut(u32, &Kinematics),
    ) -> (Kinematics, f64) {
        let s = self.sample_with(r, grid, age_secs, track_heading, on_grid);
        (s.y, s.heading_deg)
    }

    /// One span `[a0, a0 + tau]` from `y` (a grid step or a fractional one), through the
    /// colliders when there are any.
    #[inline]
    fn span(
        &self,
        r: &SpawnRecord,
        y: &mut Kinematics,
        contact: &mut ContactState,
        a0: f64,
        tau: f64,
        turb: [f64; 2],
    ) {
        match &self.contacts {
            None => *y = self.step(r, y, a0, tau, turb),
            Some(c) => c.span(y, contact, a0, a0 + tau, |k, a, t| {
                self.step(r, k, a, t, turb)
            }),
        }
    }

    /// The heading after a span: the direction of motion, or the previous heading while the
    /// particle does not move on its own (stuck, paused, destroyed, at rest on a wall).
    #[inline]
    fn next_heading(
        &self,
        r: &SpawnRecord,
        y: &Kinematics,
        contact: &ContactState,
        age: f64,
        previous: f64,
    ) -> f64 {
        if self.contacts.is_some() && (contact.phase != Phase::Free || y.v == [0.0, 0.0]) {
            return previous;
        }
        unwrap_deg(self.heading_deg(r, y, age), previous)
    }

    /// Moves `grid` one step forward on the grid.
    #[inline]
    pub(super) fn grid_step(&self, r: &SpawnRecord, grid: &mut GridState, track_heading: bool) {
        if let Some(age) = self.grid_step_held(r, grid, track_heading) {
            grid.turbulence = self.turbulence(r, grid.at.p, age);
        }
    }

    /// [`MotionModel::grid_step`] but for the turbulence, which it leaves as it was: the age of
    /// the grid point reached when that point samples the turbulence ([`TURBULENCE_HOLD_SECS`]),
    /// else `None`. One out-of-line copy in wasm (two callers).
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    pub(super) fn grid_step_held(
        &self,
        r: &SpawnRecord,
        grid: &mut GridState,
        track_heading: bool,
    ) -> Option<f64> {
        let a0 = f64::from(grid.n) * self.h;
        // The step's end `yₙ + h·k₂`, with `k₂` read in place from the slopes a sample kept
        // (in wasm, taking the whole kept `Option` copied it through the stack as 16-byte loads
        // of the 8-byte stores that had just written it: a store-forwarding stall, a fifth of
        // the step's samples in V8's code). None kept: the slopes computed here, skipping the
        // general step's dispatch (faster in V8; natively no change the benchmarks can show,
        // kept so that both targets run one code path: docs/performance-log.md).
        let end = match &grid.ahead {
            Some(s) => Some(Self::along(&grid.at, self.h, &s.k2)),
            None => self
                .midpoint_slopes(r, &grid.at, a0, self.h, grid.turbulence)
                .map(|s| Self::along(&grid.at, self.h, &s.k2)),
        };
        grid.ahead = None;
        match end {
            Some(y) => {
                // A plain midpoint step from its slopes: the same operations as the midpoint
                // branch of `step`, so the same grid state.
                let next = self.finish(r, y, a0 + self.h);
                // Field by field from values, not a copy of a local: in wasm the copy went
                // through the stack as 16-byte loads of 8-byte stores (store-forwarding stalls,
                // a third of the grid step's samples in V8's code profiled with `perf`).
                grid.at.p[0] = next.p[0];
                grid.at.p[1] = next.p[1];
                grid.at.v[0] = next.v[0];
                grid.at.v[1] = next.v[1];
            }
            None => {
                let mut at = grid.at;
                self.span(r, &mut at, &mut grid.contact, a0, self.h, grid.turbulence);
                grid.at = at;
            }
        }
        grid.n += 1;
        if track_heading {
            grid.heading_deg =
                self.next_heading(r, &grid.at, &grid.contact, a0 + self.h, grid.heading_deg);
        }
        (self.has_turbulence && grid.n.is_multiple_of(self.hold_steps)).then_some(a0 + self.h)
    }

    /// [`MotionModel::advance`] with the collision state at `age_secs`.
    pub fn sample(
        &self,
        r: &SpawnRecord,
        grid: &mut GridState,
        age_secs: f64,
        track_heading: bool,
    ) -> Sample {
        self.sample_with(r, grid, age_secs, track_heading, |_, _| {})
    }

    /// [`MotionModel::sample`], calling `on_grid(n, state)` at every grid point reached (after
    /// the step's collisions: a trail records the bounced path).
    pub fn sample_with(
        &self,
        r: &SpawnRecord,
        grid: &mut GridState,
        age_secs: f64,
        track_heading: bool,
        mut on_grid: impl FnMut(u32, &Kinematics),
    ) -> Sample {
        let target = self.grid_index(age_secs);
        while grid.n < target {
            self.grid_step(r, grid, track_heading);
            on_grid(grid.n, &grid.at);
        }
        let a0 = f64::from(grid.n) * self.h;
        let tau = age_secs - a0;
        if tau > 0.0 {
            if grid.ahead.is_none() {
                grid.ahead = self.midpoint_slopes(r, &grid.at, a0, self.h, grid.turbulence);
            }
            let (mut y, mut contact) = (grid.at, grid.contact);
            match grid.ahead {
                Some(s) => y = self.finish(r, Self::dense(&y, tau, self.h, &s), age_secs),
                None => self.span(r, &mut y, &mut contact, a0, tau, grid.turbulence),
            }
            let heading_deg = if track_heading {
                self.next_heading(r, &y, &contact, age_secs, grid.heading_deg)
            } else {
                0.0
            };
            Sample {
                y,
                heading_deg,
                contact,
            }
        } else {
            Sample {
                y: grid.at,
                heading_deg: grid.heading_deg,
                contact: grid.contact,
            }
        }
    }

    /// The age at which a particle of `record` and lifetime `lifetime_secs` is destroyed by a
    /// collider (the grid replayed from birth; the live simulation finds the same impact, so its
    /// death can be scheduled at birth), `None` when it lives its whole life.
    pub fn destroy_age(&self, r: &SpawnRecord, lifetime_secs: f64) -> Option<f64> {
        let c = self.contacts.as_ref()?;
        if c.response() != crate::behaviour::CollisionResponse::Destroy {
            return None;
        }
        let mut grid = self.birth_grid(r, false);
        while f64::from(grid.n) * self.h < lifetime_secs && grid.n < u32::MAX - 1 {
            self.grid_step(r, &mut grid, false);
            if let Phase::Dead { at_age } = grid.contact.phase {
                return (at_age < lifetime_secs).then_some(at_age);
            }
        }
        None
    }

    /// The state of `record` at `age_secs`, replayed from birth (the periodic emitter's and the
    /// tests' entry point; the live simulation keeps grid states instead).
    pub fn state_at(&self, r: &SpawnRecord, age_secs: f64) -> Kinematics {
        let mut grid = self.birth_grid(r, false);
        self.advance(r, &mut grid, age_secs, false).0
    }
}
