//! Spawning one particle (see the parent module for the draws): its random numbers, lifetime,
//! slot and serial, its start on the emitter shape, its motion state (closed form, on its age
//! grid, or on a path) and its trail.

use super::*;

impl SystemSim {
    /// Creates a particle born at `tb` (see the module formula for the draws). A particle that
    /// also dies by `t1` (the end of this step) takes its serial, slot and random numbers but is
    /// never stored: so one long step (a seek) needs memory for the survivors only.
    pub(super) fn spawn(&mut self, tb: f64, t1: f64) -> (u32, u64) {
        let mut u = [0.0f32; 9];
        for x in &mut u {
            *x = self.rng.next_f32();
        }
        let mut strengths = [0.0f32; MAX_FORCES];
        for (slot, range) in strengths.iter_mut().zip(&self.prepared.force_ranges) {
            *slot = range.lerp(self.rng.next_f32());
        }
        let mut lifetime = self.system.lifetime_secs.lerp(u[0]);
        if !(lifetime.is_finite() && lifetime > 0.0) {
            lifetime = 0.0;
        }
        let serial = self.next_serial;
        self.next_serial += 1;
        let slot = self.pool.take();
        let life_death = tb + f64::from(lifetime);
        if !self.prepared.destroys {
            self.deaths.push((life_death.to_bits(), serial, slot));
            if life_death <= t1 && self.recorded.is_none() {
                return (slot, serial);
            }
        }
        let s = &self.system;
        let speed = s.speed.lerp(u[1]);
        let direction = s.direction_deg + (u[2] - 0.5) * s.spread_deg;
        let (sin, cos) = sin_cos_deg(direction);
        let [ex, ey] = emitter::sample(&s.emitter, u[3], u[4]);
        let (mut vx, mut vy) = (speed * cos, speed * sin);
        let (mut px, mut py) = (ex, ey);
        let mut rotation0 = match self.prepared.rotation_mode {
            RotationMode::Fixed => s.start_rotation_deg.min,
            _ => s.start_rotation_deg.lerp(u[5]),
        };
        let scale0 = s.start_scale.lerp(u[7]);
        let (mut scale0_x, mut scale0_y) = (scale0, scale0);
        if s.space == SimulationSpace::World {
            let t = &self.transform_at(tb);
            let trig = TransformTrig::of(t);
            [px, py] = trig.point(ex, ey);
            [vx, vy] = trig.vector(vx, vy);
            rotation0 += t.rotation_deg;
            scale0_x *= t.scale_x;
            scale0_y *= t.scale_y;
        }
        let speed_now = hypot_f32(vx, vy);
        let dir0 = if speed_now > 0.0 {
            [vx / speed_now, vy / speed_now]
        } else {
            [1.0, 0.0]
        };
        let inv_lifetime = if lifetime > 0.0 { 1.0 / lifetime } else { 0.0 };
        let integrated = self.prepared.model.as_ref().map(|model| {
            let record = SpawnRecord {
                birth_secs: tb,
                inv_lifetime: f64::from(inv_lifetime),
                start: Kinematics {
                    p: [f64::from(px), f64::from(py)],
                    v: [f64::from(vx), f64::from(vy)],
                },
                strengths,
            };
            let grid = model.birth_grid(&record, true);
            Integrated {
                record,
                grid,
                heading0_deg: grid.heading_deg,
                sampled: grid.contact,
            }
        });
        let mut death = life_death;
        if self.prepared.destroys {
            // A collider may end the life early: its death is known now (exact births and
            // drops when the pool is full, whatever the frame rate).
            death = integrated
                .as_ref()
                .zip(self.prepared.model.as_ref())
                .and_then(|(i, model)| model.destroy_age(&i.record, f64::from(lifetime)))
                .map_or(life_death, |a| tb + a);
            self.deaths.push((death.to_bits(), serial, slot));
            if death <= t1 && self.recorded.is_none() {
                return (slot, serial);
            }
        }
        let on_path = self.prepared.particle_path.as_ref().map(|travel| {
            let origin = match s.space {
                SimulationSpace::World => {
                    let t = self.transform_at(tb);
                    [f64::from(t.x), f64::from(t.y)]
                }
                SimulationSpace::Local => [0.0, 0.0],
            };
            OnPath {
                start: travel.particle_start([f64::from(px), f64::from(py)], origin),
                speed: travel.speed_for(f64::from(lifetime)),
                lifetime: f64::from(lifetime),
            }
        });
        match (self.prepared.rotation_mode, &integrated) {
            (RotationMode::Velocity | RotationMode::InitialDirection, Some(i)) => {
                rotation0 += i.heading0_deg as f32;
            }
            (RotationMode::Velocity | RotationMode::InitialDirection, None) => {
                rotation0 += libm::atan2f(dir0[1], dir0[0]).to_degrees();
            }
            _ => {}
        }
        let texture_index =
            picked_texture(s.texture_pick, self.prepared.texture_count, u[8], serial);
        let particle = Particle {
            slot,
            serial,
            birth_secs: tb,
            age_secs: 0.0,
            lifetime_secs: lifetime,
            x: px,
            y: py,
            rotation_deg: rotation0,
            scale_x: scale0_x,
            scale_y: scale0_y,
            color: s.color_gradient.eval(0.0),
            alpha: 1.0,
            texture_index,
            visible: true,
            impacts: 0,
        };
        // A particle on a path starts where the path puts it (its trail history too).
        let [mx, my] = match (&on_path, &self.prepared.particle_path) {
            (Some(o), Some(travel)) => travel.particle_at(&o.start, 0.0).0,
            _ => [f64::from(px), f64::from(py)],
        };
        let motion = Motion {
            pos: F64x2::new(mx, my),
            vel: F64x2::new(f64::from(vx), f64::from(vy)),
            rotation0_deg: rotation0,
            angular_deg_per_sec: s.angular_velocity_deg.lerp(u[6]),
            scale0_x,
            scale0_y,
            dir0,
            inv_lifetime,
            fresh: true,
            trail: NO_TRAIL,
            life_row: 0,
        };
        if let Some(recorded) = self.recorded.as_mut() {
            recorded.push(Birth {
                particle,
                motion,
                integrated,
                on_path,
                death_secs: death,
            });
            if death <= t1 {
                return (slot, serial);
            }
        }
        let mut motion = motion;
        if self.moving && self.prepared.trail.is_some() {
            let index = self.free_histories.pop().unwrap_or_else(|| {
                self.histories.push(History::default());
                (self.histories.len() - 1) as u32
            });
            self.histories[index as usize].start(motion.pos.to_array(), motion.vel.to_array());
            motion.trail = index;
        }
        self.particles.push(particle);
        self.motion.push(motion);
        if let Some(i) = integrated {
            self.integrated.push(i);
        }
        if let Some(o) = on_path {
            self.on_path.push(o);
        }
        (slot, serial)
    }
}
