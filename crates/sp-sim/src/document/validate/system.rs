//! Validation of one particle system (see the parent module for the limits, read from the field
//! schema), its emitter shape, bursts, behaviour modules and follow target included.

use super::super::emission::EmitterShape;
use super::super::system::{FollowBone, ParticleSystem, PlayMode};
use super::*;

pub(super) fn system(p: &str, s: &ParticleSystem) -> Result<()> {
    text(&format!("{p}.name"), &s.name, &f::SYSTEM_NAME)?;
    text(
        &format!("{p}.animation"),
        &s.animation,
        &f::SYSTEM_ANIMATION,
    )?;
    let l = &s.loop_animations;
    text(
        &format!("{p}.loopAnimations.start"),
        &l.start,
        &f::LOOP_START,
    )?;
    text(
        &format!("{p}.loopAnimations.loop"),
        &l.looping,
        &f::LOOP_LOOP,
    )?;
    text(&format!("{p}.loopAnimations.end"), &l.end, &f::LOOP_END)?;
    transform(&format!("{p}.transform"), &s.transform)?;
    num(&format!("{p}.durationSecs"), s.duration_secs, &f::DURATION)?;
    if s.mode == PlayMode::LoopContinuous && s.duration_secs <= 0.0 {
        return Err(err(
            &format!("{p}.durationSecs"),
            FieldIssue::LoopNeedsDuration,
        ));
    }
    num(&format!("{p}.delaySecs"), s.delay_secs, &f::DELAY)?;
    emitter(&format!("{p}.emitter"), &s.emitter)?;
    num(&format!("{p}.ratePerSec"), s.rate_per_sec, &f::RATE)?;
    curve(&format!("{p}.rateCurve"), &s.rate_curve, &f::RATE_CURVE)?;
    list_len(&format!("{p}.bursts"), s.bursts.len(), &f::BURSTS, "bursts")?;
    for (i, b) in s.bursts.iter().enumerate() {
        let q = format!("{p}.bursts[{i}]");
        num(&format!("{q}.timeSecs"), b.time_secs, &f::BURST_TIME)?;
        int(&format!("{q}.count"), b.count, &f::BURST_COUNT)?;
        num(
            &format!("{q}.intervalSecs"),
            b.interval_secs,
            &f::BURST_INTERVAL,
        )?;
        int(&format!("{q}.cycles"), b.cycles, &f::BURST_CYCLES)?;
        let firings = crate::sim::schedule::burst_firings(b, s.duration_secs).len();
        let limit = MAX_BURST_FIRINGS as usize;
        if firings > limit {
            return Err(err(
                &format!("{q}.intervalSecs"),
                FieldIssue::TooManyFirings {
                    count: firings,
                    limit,
                },
            ));
        }
    }
    int(
        &format!("{p}.maxParticles"),
        s.max_particles,
        &f::MAX_PARTICLES_FIELD,
    )?;
    range(&format!("{p}.lifetimeSecs"), s.lifetime_secs, &f::LIFETIME)?;
    for (which, v) in [("min", s.lifetime_secs.min), ("max", s.lifetime_secs.max)] {
        positive(
            &format!("{p}.lifetimeSecs.{which}"),
            v,
            &f::LIFETIME,
            " seconds",
        )?;
    }
    range(&format!("{p}.speed"), s.speed, &f::SPEED)?;
    num(&format!("{p}.directionDeg"), s.direction_deg, &f::DIRECTION)?;
    num(&format!("{p}.spreadDeg"), s.spread_deg, &f::SPREAD)?;
    num(&format!("{p}.gravity[0]"), s.gravity[0], &f::GRAVITY_X)?;
    num(&format!("{p}.gravity[1]"), s.gravity[1], &f::GRAVITY_Y)?;
    num(&format!("{p}.damping"), s.damping, &f::DAMPING)?;
    range(
        &format!("{p}.startRotationDeg"),
        s.start_rotation_deg,
        &f::START_ROTATION,
    )?;
    range(
        &format!("{p}.angularVelocityDeg"),
        s.angular_velocity_deg,
        &f::ANGULAR_VELOCITY,
    )?;
    range(&format!("{p}.startScale"), s.start_scale, &f::START_SCALE)?;
    curve(&format!("{p}.scaleCurve"), &s.scale_curve, &f::SCALE_CURVE)?;
    gradient(&format!("{p}.colorGradient"), &s.color_gradient)?;
    curve(&format!("{p}.alphaCurve"), &s.alpha_curve, &f::ALPHA_CURVE)?;
    s.over_life.validate(&format!("{p}.overLife"))?;
    crate::behaviour::validate_forces(&format!("{p}.forces"), &s.forces)?;
    list_len(
        &format!("{p}.textures"),
        s.textures.len(),
        &f::TEXTURES,
        "textures",
    )?;
    for (i, t) in s.textures.iter().enumerate() {
        reference(&format!("{p}.textures[{i}]"), t, &f::TEXTURE)?;
    }
    num(
        &format!("{p}.flipbook.fps"),
        s.flipbook.fps,
        &f::FLIPBOOK_FPS,
    )?;
    num(&format!("{p}.anchor[0]"), s.anchor[0], &f::ANCHOR_X)?;
    num(&format!("{p}.anchor[1]"), s.anchor[1], &f::ANCHOR_Y)?;
    if let Some(follow_bone) = &s.follow {
        follow(&format!("{p}.follow"), follow_bone)?;
    }
    s.collision.validate(&format!("{p}.collision"))?;
    if let Some(f) = &s.path_follow {
        f.validate(&format!("{p}.pathFollow"))?;
    }
    s.trail.validate(&format!("{p}.trail"), s.max_particles)
}

/// An emitter shape: sizes within the schema's limits, edge bands no wider than the shape and
/// corner radii at most half the shorter side (limits that depend on the other sizes).
fn emitter(p: &str, shape: &EmitterShape) -> Result<()> {
    let band = |thickness: f32, spec: &FieldSpec, widest: f32| -> Result<()> {
        num(&format!("{p}.thicknessPx"), thickness, spec)?;
        if thickness > widest {
            return Err(err(
                &format!("{p}.thicknessPx"),
                FieldIssue::WiderThanShape {
                    value: short(thickness),
                    limit: short(widest),
                },
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
            num(&format!("{p}.radius"), radius, &f::CIRCLE_RADIUS)?;
            band(thickness_px, &f::CIRCLE_THICKNESS, radius)
        }
        EmitterShape::Rect {
            width,
            height,
            thickness_px,
            ..
        } => {
            num(&format!("{p}.width"), width, &f::RECT_WIDTH)?;
            num(&format!("{p}.height"), height, &f::RECT_HEIGHT)?;
            band(thickness_px, &f::RECT_THICKNESS, 0.5 * width.min(height))
        }
        EmitterShape::Line { length } => num(&format!("{p}.length"), length, &f::LINE_LENGTH),
        EmitterShape::Arc {
            radius,
            start_deg,
            span_deg,
            thickness_px,
        } => {
            num(&format!("{p}.radius"), radius, &f::ARC_RADIUS)?;
            num(&format!("{p}.startDeg"), start_deg, &f::ARC_START)?;
            num(&format!("{p}.spanDeg"), span_deg, &f::ARC_SPAN)?;
            band(thickness_px, &f::ARC_THICKNESS, radius)
        }
        EmitterShape::RoundedRect {
            width,
            height,
            corner_radius_px,
            thickness_px,
            ..
        } => {
            num(&format!("{p}.width"), width, &f::ROUNDED_RECT_WIDTH)?;
            num(&format!("{p}.height"), height, &f::ROUNDED_RECT_HEIGHT)?;
            let half = 0.5 * width.min(height);
            num(
                &format!("{p}.cornerRadiusPx"),
                corner_radius_px,
                &f::ROUNDED_RECT_CORNER,
            )?;
            check(&format!("{p}.cornerRadiusPx"), corner_radius_px, 0.0, half)?;
            band(thickness_px, &f::ROUNDED_RECT_THICKNESS, half)
        }
    }
}

/// A bone follow: both names set, the instance within a skeleton's most instances, offsets
/// finite and within the scene.
fn follow(p: &str, b: &FollowBone) -> Result<()> {
    text(&format!("{p}.skeleton"), &b.skeleton, &f::FOLLOW_SKELETON)?;
    text(&format!("{p}.bone"), &b.bone, &f::FOLLOW_BONE)?;
    for (field, v) in [("skeleton", &b.skeleton), ("bone", &b.bone)] {
        if v.trim().is_empty() {
            return Err(err(
                &format!("{p}.{field}"),
                FieldIssue::FollowTargetMissing,
            ));
        }
    }
    int(&format!("{p}.instance"), b.instance, &f::FOLLOW_INSTANCE)?;
    num(&format!("{p}.offsetX"), b.offset_x, &f::FOLLOW_OFFSET_X)?;
    num(&format!("{p}.offsetY"), b.offset_y, &f::FOLLOW_OFFSET_Y)
}
