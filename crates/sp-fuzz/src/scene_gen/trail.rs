//! Trails of a generated system (`systems[].trail`): off in most systems, on in one in four with
//! every setting drawn — length in seconds or points, bones, width curve, colours over life and
//! along, images (built-in and user ones, the empty list that turns the trail off), image pick,
//! UV turn, stretch or tile, grid, least movement, blend, the particle drawn or not. Chains stay
//! short (mostly ≤ 8 bones, ≤ 0.5 s) so one export stays cheap; the limits' ends come up one
//! time in sixteen.

use arbitrary::{Result, Unstructured};
use sp_sim::behaviour::Trail;
use sp_sim::behaviour::trail::{self, ImagePick, LengthMode, TextureMode};
use sp_sim::document::{BlendMode, Curve};

use super::{curve, float, gradient};

/// Trail images: built-ins, user images (known, listed or unknown sizes, as for particles).
const IMAGES: [&str; 5] = [
    "builtin:trail",
    "builtin:trail_fade",
    "builtin:spark",
    "images/fx_1.png",
    "./images/sub/火.webp",
];

/// A trail: the default (off) three times in four, else drawn.
pub(super) fn trail(u: &mut Unstructured<'_>) -> Result<Trail> {
    if !u.ratio(1u8, 4u8)? {
        return Ok(Trail::default());
    }
    let extreme = u.ratio(1u8, 16u8)?;
    let mut images = Vec::new();
    for _ in 0..u.int_in_range(0..=2)? {
        images.push((*u.choose(&IMAGES)?).to_owned());
    }
    let maybe = |u: &mut Unstructured<'_>, lo: f32, hi: f32| -> Result<Curve> {
        if u.arbitrary()? {
            curve(u, lo, hi)
        } else {
            Ok(Curve { keys: Vec::new() })
        }
    };
    let empty_gradient = sp_sim::document::Gradient { keys: Vec::new() };
    Ok(Trail {
        enabled: !u.ratio(1u8, 8u8)?,
        length_mode: if u.arbitrary()? {
            LengthMode::Points
        } else {
            LengthMode::Secs
        },
        // Above 0 (`float` clamps its zero to the low end).
        length_secs: float(u, 0.01, if extreme { 2.0 } else { 0.5 })?,
        length_points: u.int_in_range(1..=if extreme { 120 } else { 30 })?,
        bones: u.int_in_range(trail::MIN_BONES..=if extreme { trail::MAX_BONES } else { 8 })?,
        width_px: float(u, 0.0, if extreme { trail::MAX_WIDTH_PX } else { 64.0 })?,
        width_curve: maybe(u, 0.0, 3.0)?,
        width_by_size: u.arbitrary()?,
        color_over_life: if u.arbitrary()? {
            gradient(u)?
        } else {
            empty_gradient.clone()
        },
        alpha_over_life: maybe(u, 0.0, 1.0)?,
        inherit_color: u.arbitrary()?,
        color_along: if u.ratio(1u8, 4u8)? {
            gradient(u)?
        } else {
            empty_gradient
        },
        alpha_along: if u.ratio(1u8, 4u8)? {
            curve(u, 0.0, 1.0)?
        } else {
            Curve { keys: Vec::new() }
        },
        images,
        image_pick: if u.arbitrary()? {
            ImagePick::Particle
        } else {
            ImagePick::Random
        },
        uv_rotation_deg: *u.choose(&[0, 90, 180, 270])?,
        texture_mode: if u.arbitrary()? {
            TextureMode::Tile
        } else {
            TextureMode::Stretch
        },
        tile_count: u.int_in_range(1..=if extreme { trail::MAX_TILES } else { 4 })?,
        grid_rows: u.int_in_range(1..=if extreme { trail::MAX_GRID_ROWS } else { 2 })?,
        grid_cols: u.int_in_range(0..=if extreme { trail::MAX_GRID_COLS } else { 8 })?,
        min_move_px: float(
            u,
            0.0,
            if extreme {
                trail::MAX_MIN_MOVE_PX
            } else {
                20.0
            },
        )?,
        blend: *u.choose(&[
            None,
            Some(BlendMode::Normal),
            Some(BlendMode::Additive),
            Some(BlendMode::Multiply),
            Some(BlendMode::Screen),
        ])?,
        draw_particle: !u.ratio(1u8, 4u8)?,
    })
}
