//! The size cap: skeleton (and atlas) files over 64 MiB are refused before being read whole.

use crate::{Error, Result};

/// Largest skeleton or atlas file accepted: 64 MiB (`64 << 20` bytes), as in the original loader.
pub const MAX_SKELETON_BYTES: u64 = 64 << 20;

/// Refuses a file of `len_bytes` bytes if it is over [`MAX_SKELETON_BYTES`].
///
/// Call it with the file's length *before* reading it (the UI with `File.size` of a drop, the
/// CLI with the file's metadata); every entry point of this crate also calls it on the slice
/// it is given.
pub fn check_size(len_bytes: u64) -> Result<()> {
    if len_bytes > MAX_SKELETON_BYTES {
        return Err(Error::TooLarge {
            len_bytes,
            max_bytes: MAX_SKELETON_BYTES,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_is_64_mib_inclusive() {
        assert!(check_size(0).is_ok());
        assert!(check_size(64 * 1024 * 1024).is_ok());
        let err = check_size(64 * 1024 * 1024 + 1).unwrap_err();
        assert!(matches!(
            err,
            Error::TooLarge {
                len_bytes: 67_108_865,
                ..
            }
        ));
        assert!(err.to_string().contains("64 MiB"), "{err}");
    }
}
