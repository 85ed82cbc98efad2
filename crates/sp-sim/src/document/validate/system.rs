//! Validation of one particle system (see the parent module for the limits), its follow
//! target included.

use super::super::system::{EmitterShape, FollowBone, ParticleSystem, PlayMode};
use super::*;

pub(super) fn system(p: &str, s: &ParticleSystem) -> Result<()> {
    name(&format!("{p}.name"), &s.name)?;
    name(&format!("{p}.animation"), &s.animation)?;
    name(
        &format!("{p}.loopAnimations.start"),
        &s.loop_animations.start,
    )?;
    name(
        &format!("{p}.loopAnimations.loop"),
        &s.loop_animations.looping,
    )?;
    name(&format!("{p}.loopAnimations.end"), &s.loop_animations.end)?;
    transform(&format!("{p}.transform"), &s.transform)?;
    num(
        &format!("{p}.durationSecs"),
        s.duration_secs,
        0.0,
        MAX_DURATION_SECS,
    )?;
    if s.mode == PlayMode::LoopContinuous && s.duration_secs <= 0.0 {
        return Err(err(
            &format!("{p}.durationSecs"),
            "a loop-continuous system needs a duration above 0",
        ));
    }
    num(
        &format!("{p}.delaySecs"),
        s.delay_secs,
        0.0,
        MAX_DURATION_SECS,
    )?;
    emitter(&format!("{p}.emitter"), &s.emitter)?;
    num(
        &format!("{p}.ratePerSec"),
        s.rate_per_sec,
        0.0,
        MAX_RATE_PER_SEC,
    )?;
    curve(&format!("{p}.rateCurve"), &s.rate_curve, 0.0, MAX_SCALE)?;
    if s.bursts.len() > MAX_BURSTS {
        return Err(err(
            &format!("{p}.bursts"),
            format!("{} bursts, above the limit {MAX_BURSTS}", s.bursts.len()),
        ));
    }
    for (i, b) in s.bursts.iter().enumerate() {
        num(
            &format!("{p}.bursts[{i}].timeSecs"),
            b.time_secs,
            0.0,
            MAX_DURATION_SECS,
        )?;
        int(&format!("{p}.bursts[{i}].count"), b.count, 0, MAX_PARTICLES)?;
        num(
            &format!("{p}.bursts[{i}].intervalSecs"),
            b.interval_secs,
            0.0,
            MAX_DURATION_SECS,
        )?;
        int(
            &format!("{p}.bursts[{i}].cycles"),
            b.cycles,
            0,
            MAX_BURST_FIRINGS,
        )?;
        let firings = crate::sim::schedule::burst_firings(b, s.duration_secs).len();
        if firings > MAX_BURST_FIRINGS as usize {
            return Err(err(
                &format!("{p}.bursts[{i}].intervalSecs"),
                format!(
                    "{firings} firings per cycle, above the limit {MAX_BURST_FIRINGS}; use a longer interval"
                ),
            ));
        }
    }
    int(
        &format!("{p}.maxParticles"),
        s.max_particles,
        0,
        MAX_PARTICLES,
    )?;
    range(
        &format!("{p}.lifetimeSecs"),
        s.lifetime_secs,
        0.0,
        MAX_LIFETIME_SECS,
    )?;
    for (which, v) in [("min", s.lifetime_secs.min), ("max", s.lifetime_secs.max)] {
        if v <= 0.0 {
            return Err(err(
                &format!("{p}.lifetimeSecs.{which}"),
                format!("{v} must be above 0 seconds"),
            ));
        }
    }
    range(&format!("{p}.speed"), s.speed, -MAX_COORD, MAX_COORD)?;
    num(
        &format!("{p}.directionDeg"),
        s.direction_deg,
        -MAX_COORD,
        MAX_COORD,
    )?;
    num(&format!("{p}.spreadDeg"), s.spread_deg, 0.0, 360.0)?;
    num(
        &format!("{p}.gravity[0]"),
        s.gravity[0],
        -MAX_COORD,
        MAX_COORD,
    )?;
    num(
        &format!("{p}.gravity[1]"),
        s.gravity[1],
        -MAX_COORD,
        MAX_COORD,
    )?;
    num(&format!("{p}.damping"), s.damping, 0.0, 1000.0)?;
    range(
        &format!("{p}.startRotationDeg"),
        s.start_rotation_deg,
        -MAX_COORD,
        MAX_COORD,
    )?;
    range(
        &format!("{p}.angularVelocityDeg"),
        s.angular_velocity_deg,
        -MAX_COORD,
        MAX_COORD,
    )?;
    range(&format!("{p}.startScale"), s.start_scale, 0.0, MAX_SCALE)?;
    curve(&format!("{p}.scaleCurve"), &s.scale_curve, 0.0, MAX_SCALE)?;
    gradient(&format!("{p}.colorGradient"), &s.color_gradient)?;
    curve(&format!("{p}.alphaCurve"), &s.alpha_curve, 0.0, 1.0)?;
    s.over_life.validate(&format!("{p}.overLife"))?;
    crate::behaviour::validate_forces(&format!("{p}.forces"), &s.forces)?;
    if s.textures.len() > 256 {
        return Err(err(
            &format!("{p}.textures"),
            format!("{} textures, above the limit 256", s.textures.len()),
        ));
    }
    for (i, t) in s.textures.iter().enumerate() {
        reference(&format!("{p}.textures[{i}]"), t)?;
    }
    num(&format!("{p}.flipbook.fps"), s.flipbook.fps, 1.0, 240.0)?;
    num(&format!("{p}.anchor[0]"), s.anchor[0], -10.0, 10.0)?;
    num(&format!("{p}.anchor[1]"), s.anchor[1], -10.0, 10.0)?;
    if let Some(f) = &s.follow {
        follow(&format!("{p}.follow"), f)?;
    }
    s.collision.validate(&format!("{p}.collision"))?;
    if let Some(f) = &s.path_follow {
        f.validate(&format!("{p}.pathFollow"))?;
    }
    s.trail.validate(&format!("{p}.trail"), s.max_particles)
}

/// Most firings of one burst per emission cycle.
pub const MAX_BURST_FIRINGS: u32 = 10_000;

/// An emitter shape: sizes non-negative and within the scene, bands no wider than the shape.
fn emitter(p: &str, shape: &EmitterShape) -> Result<()> {
    let band = |thickness: f32, limit: f32| -> Result<()> {
        num(&format!("{p}.thicknessPx"), thickness, 0.0, MAX_COORD)?;
        if thickness > limit {
            return Err(err(
                &format!("{p}.thicknessPx"),
                format!("{thickness} is wider than the shape allows ({limit})"),
            ));
        }
        Ok(())
    };
    match *shape {
        EmitterShape::Point => Ok(()),
        EmitterShape::Circle {
            radius,
            thickness_px,
            ..
        } => {
            num(&format!("{p}.radius"), radius, 0.0, MAX_COORD)?;
            band(thickness_px, radius)
        }
        EmitterShape::Rect {
            width,
            height,
            thickness_px,
            ..
        } => {
            num(&format!("{p}.width"), width, 0.0, MAX_COORD)?;
            num(&format!("{p}.height"), height, 0.0, MAX_COORD)?;
            band(thickness_px, 0.5 * width.min(height))
        }
        EmitterShape::Line { length } => num(&format!("{p}.length"), length, 0.0, MAX_COORD),
        EmitterShape::Arc {
            radius,
            start_deg,
            span_deg,
            thickness_px,
        } => {
            num(&format!("{p}.radius"), radius, 0.0, MAX_COORD)?;
            num(&format!("{p}.startDeg"), start_deg, -MAX_COORD, MAX_COORD)?;
            num(&format!("{p}.spanDeg"), span_deg, 0.0, 360.0)?;
            band(thickness_px, radius)
        }
        EmitterShape::RoundedRect {
            width,
            height,
            corner_radius_px,
            thickness_px,
            ..
        } => {
            num(&format!("{p}.width"), width, 0.0, MAX_COORD)?;
            num(&format!("{p}.height"), height, 0.0, MAX_COORD)?;
            num(
                &format!("{p}.cornerRadiusPx"),
                corner_radius_px,
                0.0,
                0.5 * width.min(height),
            )?;
            band(thickness_px, 0.5 * width.min(height))
        }
    }
}

/// A bone follow: both names set, offsets finite and within the scene.
fn follow(p: &str, f: &FollowBone) -> Result<()> {
    name(&format!("{p}.skeleton"), &f.skeleton)?;
    name(&format!("{p}.bone"), &f.bone)?;
    for (field, v) in [("skeleton", &f.skeleton), ("bone", &f.bone)] {
        if v.trim().is_empty() {
            return Err(err(
                &format!("{p}.{field}"),
                "must name a skeleton object and one of its bones",
            ));
        }
    }
    num(&format!("{p}.offsetX"), f.offset_x, -MAX_COORD, MAX_COORD)?;
    num(&format!("{p}.offsetY"), f.offset_y, -MAX_COORD, MAX_COORD)
}
