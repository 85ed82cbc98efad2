//! Fixtures shared by the crate's unit tests.

use crate::bake::FrameState;
use crate::coords::SpinePose;

/// A frame state at the identity pose, white, showing texture 0, without events or a trail.
pub(crate) fn still_state() -> FrameState {
    FrameState {
        world: SpinePose::IDENTITY,
        local: SpinePose::IDENTITY,
        color: [1.0; 4],
        texture: Some(0),
        events: 0,
        trail: crate::bake::trail::NO_TRAIL,
    }
}
