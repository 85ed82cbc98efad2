//! The ONE place where editor coordinates become Spine coordinates.
//!
//! Editor: pixels, y down, rotation in degrees clockwise on screen. Spine: y up, rotation in
//! degrees counter-clockwise. With the flip `F = diag(1, −1)`, an editor transform
//! `M = R(θ)·S(sx, sy)` (in y-down axes) becomes `F·M·F = R(−θ)·S(sx, sy)` (in y-up axes), so:
//! `x' = x`, `y' = −y`, `rotation' = −rotation`, `scale' = scale`.
//!
//! Bone world transforms follow Spine's `Bone.updateWorldTransform`: a bone's world matrix is
//! `[a b; c d]` with `a = cos(r)·sx`, `c = sin(r)·sx`, `b = −sin(r)·sy`, `d = cos(r)·sy` for
//! `inherit: onlyTranslation`, and `P·L` for `inherit: normal` (`P` the parent's matrix, `L` the
//! local one); the world position is always `P·(x, y) + parent world position`.
//!
//! Anchors (Pixi-style, `(ax, ay)` in 0..1 from the image's top-left, y down) become the region
//! offset of the image centre from the bone: `x = (0.5 − ax)·width`, `y = (ay − 0.5)·height`.

/// A pose in Spine axes (y up, degrees counter-clockwise).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpinePose {
    /// X, pixels.
    pub x: f64,
    /// Y (up), pixels.
    pub y: f64,
    /// Rotation, degrees counter-clockwise (unwrapped).
    pub rotation_deg: f64,
    /// Horizontal scale.
    pub scale_x: f64,
    /// Vertical scale.
    pub scale_y: f64,
}

impl SpinePose {
    /// The identity pose.
    pub const IDENTITY: SpinePose = SpinePose {
        x: 0.0,
        y: 0.0,
        rotation_deg: 0.0,
        scale_x: 1.0,
        scale_y: 1.0,
    };

    /// Converts an editor pose (y down, clockwise) to Spine axes (see the module formula).
    pub fn from_editor(x: f32, y: f32, rotation_deg: f32, scale_x: f32, scale_y: f32) -> SpinePose {
        SpinePose {
            x: f64::from(x),
            y: -f64::from(y),
            rotation_deg: -f64::from(rotation_deg),
            scale_x: f64::from(scale_x),
            scale_y: f64::from(scale_y),
        }
    }
}

/// How a bone composes with its parent (Spine's `inherit`; only the two the exporter writes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inherit {
    /// Full composition: the parent's rotation and scale apply to the child.
    Normal,
    /// Only the parent's transform of the position applies; rotation and scale are absolute.
    OnlyTranslation,
}

impl Inherit {
    /// The JSON name (`None` for the default `normal`, which is not written).
    pub fn json_name(self) -> Option<&'static str> {
        match self {
            Inherit::Normal => None,
            Inherit::OnlyTranslation => Some("onlyTranslation"),
        }
    }
}

/// A world transform as Spine's runtime keeps it: a 2×2 matrix and a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine {
    /// Matrix entry (x axis, x component).
    pub a: f64,
    /// Matrix entry (y axis, x component).
    pub b: f64,
    /// Matrix entry (x axis, y component).
    pub c: f64,
    /// Matrix entry (y axis, y component).
    pub d: f64,
    /// World x.
    pub x: f64,
    /// World y.
    pub y: f64,
}

/// `(sin, cos)` of degrees through `libm` (bit-identical natively and in wasm).
pub fn sin_cos_deg(deg: f64) -> (f64, f64) {
    let rad = deg.to_radians();
    libm::sincos(rad)
}

impl Affine {
    /// The identity (the root bone's world transform).
    pub const IDENTITY: Affine = Affine {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        x: 0.0,
        y: 0.0,
    };

    /// The matrix of a pose without a parent: `R(r)·S(sx, sy)` at `(x, y)`.
    pub fn from_pose(p: &SpinePose) -> Affine {
        let (sin, cos) = sin_cos_deg(p.rotation_deg);
        Affine {
            a: cos * p.scale_x,
            b: -sin * p.scale_y,
            c: sin * p.scale_x,
            d: cos * p.scale_y,
            x: p.x,
            y: p.y,
        }
    }

    /// World transform of a child with local pose `local` under `self` (Spine's composition).
    pub fn child(&self, local: &SpinePose, inherit: Inherit) -> Affine {
        let l = Affine::from_pose(local);
        let x = self.a * local.x + self.b * local.y + self.x;
        let y = self.c * local.x + self.d * local.y + self.y;
        match inherit {
            Inherit::Normal => Affine {
                a: self.a * l.a + self.b * l.c,
                b: self.a * l.b + self.b * l.d,
                c: self.c * l.a + self.d * l.c,
                d: self.c * l.b + self.d * l.d,
                x,
                y,
            },
            Inherit::OnlyTranslation => Affine { x, y, ..l },
        }
    }

    /// Determinant of the matrix.
    pub fn det(&self) -> f64 {
        self.a * self.d - self.b * self.c
    }

    /// Whether the matrix is a rotation times a uniform scale (possibly mirrored): then a child
    /// with `inherit: normal` keeps a shear-free world transform.
    pub fn is_conformal(&self) -> bool {
        let sx = libm::hypot(self.a, self.c);
        let sy = libm::hypot(self.b, self.d);
        let dot = self.a * self.b + self.c * self.d;
        sx > 1e-9 && (sx - sy).abs() <= 1e-6 * sx && dot.abs() <= 1e-6 * sx * sy
    }

    /// Largest axis scale (how much a local error grows in world space).
    pub fn max_scale(&self) -> f64 {
        libm::hypot(self.a, self.c).max(libm::hypot(self.b, self.d))
    }

    /// Largest singular value of the matrix: the most a local distance can grow in world space,
    /// `σ² = (T + √(T² − 4·det²)) / 2` with `T = a² + b² + c² + d²`.
    pub fn max_stretch(&self) -> f64 {
        let t = self.a * self.a + self.b * self.b + self.c * self.c + self.d * self.d;
        let det = self.det();
        f64::sqrt((t + f64::sqrt((t * t - 4.0 * det * det).max(0.0))) / 2.0)
    }

    /// Solves `self.matrix · (lx, ly) = (wx − x, wy − y)`; `None` when the matrix is singular.
    pub fn to_local_point(&self, wx: f64, wy: f64) -> Option<(f64, f64)> {
        let det = self.det();
        if det.abs() < 1e-12 || !det.is_finite() {
            return None;
        }
        let (dx, dy) = (wx - self.x, wy - self.y);
        Some((
            (self.d * dx - self.b * dy) / det,
            (self.a * dy - self.c * dx) / det,
        ))
    }
}

/// Nearest `angle + 360·k` to `hint` (rotation unwrapping, export spec §12.5).
pub fn unwrap_near(angle_deg: f64, hint_deg: f64) -> f64 {
    angle_deg + 360.0 * f64::round((hint_deg - angle_deg) / 360.0)
}

/// The local rotation near which [`local_pose`] unwraps a bone's angle: the way the bone's x
/// axis turns relative to its parent's, continuous in time. The world pose's x axis points at
/// its rotation, or the opposite way when its x scale is negative (a particle of a mirrored
/// Local-space system); the parent's at `parent_axis_deg`. The local angle is `world − parent`,
/// or `parent − world` under a mirrored parent (negative determinant), where the local angle
/// falls as the world angle rises. Unwrapped near anything else it could step by 360° where it
/// crossed ±180°, and the runtime turned the particle the long way between two keys (export
/// spec §12.5).
pub fn local_rotation_hint(world: &SpinePose, parent_axis_deg: f64, parent_mirrored: bool) -> f64 {
    let world_axis = world.rotation_deg + if world.scale_x < 0.0 { 180.0 } else { 0.0 };
    if parent_mirrored {
        parent_axis_deg - world_axis
    } else {
        world_axis - parent_axis_deg
    }
}

/// The local pose that gives a bone the world pose `world` under a parent with world transform
/// `parent`, for the given inherit mode. Rotations stay unwrapped (continuous with the world
/// rotation). `None` when the parent is singular.
pub fn local_pose(parent: &Affine, world: &SpinePose, inherit: Inherit) -> Option<SpinePose> {
    let (x, y) = parent.to_local_point(world.x, world.y)?;
    match inherit {
        Inherit::OnlyTranslation => Some(SpinePose { x, y, ..*world }),
        Inherit::Normal => {
            // L = P⁻¹·W, decomposed into rotation and scale (shear-free when P is conformal).
            let w = Affine::from_pose(world);
            let det = parent.det();
            let (ia, ib, ic, id) = (
                parent.d / det,
                -parent.b / det,
                -parent.c / det,
                parent.a / det,
            );
            let la = ia * w.a + ib * w.c;
            let lc = ic * w.a + id * w.c;
            let lb = ia * w.b + ib * w.d;
            let ld = ic * w.b + id * w.d;
            let scale_x = libm::hypot(la, lc);
            if scale_x < 1e-12 {
                // Degenerate x axis: keep the world rotation relative to the parent's.
                let parent_rot = libm::atan2(parent.c, parent.a).to_degrees();
                let sy = libm::hypot(lb, ld);
                return Some(SpinePose {
                    x,
                    y,
                    rotation_deg: local_rotation_hint(world, parent_rot, det < 0.0),
                    scale_x: 0.0,
                    scale_y: sy,
                });
            }
            let scale_y = (la * ld - lb * lc) / scale_x;
            let parent_rot = libm::atan2(parent.c, parent.a).to_degrees();
            let rot = libm::atan2(lc, la).to_degrees();
            let rotation_deg = unwrap_near(rot, local_rotation_hint(world, parent_rot, det < 0.0));
            Some(SpinePose {
                x,
                y,
                rotation_deg,
                scale_x,
                scale_y,
            })
        }
    }
}

/// Region offset of the image centre from the bone for an editor anchor (see the module formula).
pub fn anchor_offset(anchor: [f32; 2], width: f64, height: f64) -> (f64, f64) {
    (
        (0.5 - f64::from(anchor[0])) * width,
        (f64::from(anchor[1]) - 0.5) * height,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    #[test]
    fn editor_to_spine_flips_y_and_rotation() {
        let p = SpinePose::from_editor(10.0, 20.0, 30.0, 2.0, 3.0);
        assert_eq!(
            (p.x, p.y, p.rotation_deg, p.scale_x, p.scale_y),
            (10.0, -20.0, -30.0, 2.0, 3.0)
        );
        // A point rotated clockwise on screen by 90° from +x lands on +y (down) in the editor,
        // i.e. on −y in Spine: R(−90°)·(1, 0) = (0, −1).
        let m = Affine::from_pose(&SpinePose {
            rotation_deg: -90.0,
            ..SpinePose::IDENTITY
        });
        assert!(close(m.a, 0.0, 1e-12) && close(m.c, -1.0, 1e-12));
    }

    #[test]
    fn max_stretch_is_the_largest_singular_value() {
        // Rotated by 30°, scaled (3, −2): the singular values are 3 and 2, whatever the rotation
        // or mirror.
        let m = Affine::from_pose(&SpinePose {
            rotation_deg: 30.0,
            scale_x: 3.0,
            scale_y: -2.0,
            ..SpinePose::IDENTITY
        });
        assert!(close(m.max_stretch(), 3.0, 1e-12), "{}", m.max_stretch());
        // A shear: the unit vector (0.6, 0.8) grows to |(0.6 + 0.8, 0.8)| = √2.6 ≤ σ.
        let shear = Affine {
            a: 1.0,
            b: 1.0,
            c: 0.0,
            d: 1.0,
            ..Affine::IDENTITY
        };
        assert!(shear.max_stretch() >= f64::sqrt(2.6));
        assert!(close(
            shear.max_stretch(),
            (1.0 + f64::sqrt(5.0)) / 2.0,
            1e-12
        ));
    }

    #[test]
    fn anchors_become_region_offsets() {
        assert_eq!(anchor_offset([0.5, 0.5], 64.0, 32.0), (0.0, 0.0));
        // Anchor at the top-left: the image centre is right of and below the bone, y up → −.
        assert_eq!(anchor_offset([0.0, 0.0], 64.0, 32.0), (32.0, -16.0));
        assert_eq!(anchor_offset([1.0, 1.0], 64.0, 32.0), (-32.0, 16.0));
    }

    #[test]
    fn local_pose_round_trips_through_the_runtime_composition() {
        let parents = [
            SpinePose {
                x: 100.0,
                y: -50.0,
                rotation_deg: 30.0,
                scale_x: 2.0,
                scale_y: 2.0,
            },
            SpinePose {
                x: -7.0,
                y: 3.0,
                rotation_deg: -120.0,
                scale_x: 1.5,
                scale_y: 0.5,
            },
            SpinePose {
                x: 0.0,
                y: 0.0,
                rotation_deg: 0.0,
                scale_x: -1.0,
                scale_y: 1.0,
            },
        ];
        let world = SpinePose {
            x: 12.0,
            y: 40.0,
            rotation_deg: 400.0,
            scale_x: 0.7,
            scale_y: 1.3,
        };
        for parent in &parents {
            let pm = Affine::IDENTITY.child(parent, Inherit::Normal);
            let inherits: &[Inherit] = if pm.is_conformal() {
                &[Inherit::Normal, Inherit::OnlyTranslation]
            } else {
                &[Inherit::OnlyTranslation]
            };
            for &inherit in inherits {
                let local = local_pose(&pm, &world, inherit).expect("regular parent");
                let got = pm.child(&local, inherit);
                let want = Affine::from_pose(&world);
                for (g, w) in [
                    (got.a, want.a),
                    (got.b, want.b),
                    (got.c, want.c),
                    (got.d, want.d),
                ] {
                    assert!(
                        close(g, w, 1e-9),
                        "{inherit:?} {parent:?}: {got:?} vs {want:?}"
                    );
                }
                assert!(close(got.x, world.x, 1e-9) && close(got.y, world.y, 1e-9));
            }
        }
    }

    /// A world rotation turning steadily through two full turns gives local rotations that
    /// turn steadily too, under plain, turned, mirrored (in x, in y, in both) and stretched
    /// parents: no step of 360° where the local angle crosses ±180° (export spec §12.5).
    #[test]
    fn local_rotations_stay_continuous_under_mirrored_parents() {
        for (rot, sx, sy) in [
            (0.0, 1.0, 1.0),
            (30.0, 2.0, 2.0),
            (0.0, -1.0, 1.0),
            (0.0, 1.0, -1.0),
            (0.0, -1.0, -1.0),
            (75.0, -1.5, 1.5),
            (-140.0, 0.5, -0.5),
        ] {
            let pm = Affine::IDENTITY.child(
                &SpinePose {
                    rotation_deg: rot,
                    scale_x: sx,
                    scale_y: sy,
                    ..SpinePose::IDENTITY
                },
                Inherit::Normal,
            );
            // The world pose of a particle of a Local-space system carries the system's mirror in
            // its scale (`pose_in_scene`): its x scale is negative under a mirrored system.
            for world_sx in [1.0, -1.0, 0.5, -2.0] {
                let mut previous: Option<f64> = None;
                for step in 0..=720 {
                    let world = SpinePose {
                        rotation_deg: -360.0 + f64::from(step),
                        scale_x: world_sx,
                        ..SpinePose::IDENTITY
                    };
                    let local = local_pose(&pm, &world, Inherit::Normal).expect("regular parent");
                    if let Some(p) = previous {
                        assert!(
                            (local.rotation_deg - p).abs() < 1.5,
                            "parent ({rot}°, {sx}, {sy}), world {}° x scale {world_sx}: local {} \
                             after {p}",
                            world.rotation_deg,
                            local.rotation_deg
                        );
                    }
                    previous = Some(local.rotation_deg);
                }
            }
        }
    }

    #[test]
    fn unwrap_keeps_turns() {
        assert_eq!(unwrap_near(1.0, 358.0), 361.0);
        assert_eq!(unwrap_near(-170.0, 540.0), 550.0);
    }
}
