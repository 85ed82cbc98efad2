//! A bounds-checked little-endian reader over the file bytes that knows which section it is in,
//! so every failure carries the section and the byte offset.

use crate::section::Section;
use crate::{Error, Result};

/// Reads little-endian values from a byte slice; never panics, never reads past the end.
pub struct Cursor<'a> {
    bytes: &'a [u8],
    offset: usize,
    /// The section being read (named in errors).
    pub section: Section,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Cursor {
            bytes,
            offset: 0,
            section: Section::Header,
        }
    }

    /// Current byte offset from the start of the file.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Bytes left from the current offset.
    pub fn remaining(&self) -> usize {
        self.bytes.len() - self.offset
    }

    /// Takes the next `n` bytes.
    pub fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        self.require(n)?;
        let slice = &self.bytes[self.offset..self.offset + n];
        self.offset += n;
        Ok(slice)
    }

    /// Takes exactly `N` bytes as an array.
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    /// Reads a `u8`.
    pub fn u8(&mut self) -> Result<u8> {
        Ok(self.array::<1>()?[0])
    }

    /// Reads an `i8`.
    pub fn i8(&mut self) -> Result<i8> {
        Ok(i8::from_le_bytes(self.array()?))
    }

    /// Reads a `u16`.
    pub fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    /// Reads an `i32`.
    pub fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_le_bytes(self.array()?))
    }

    /// Reads a `u32`.
    pub fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    /// Reads an `f32`.
    pub fn f32(&mut self) -> Result<f32> {
        Ok(f32::from_le_bytes(self.array()?))
    }

    /// Reads `N` `f32`s.
    pub fn f32s<const N: usize>(&mut self) -> Result<[f32; N]> {
        let mut out = [0f32; N];
        for v in &mut out {
            *v = self.f32()?;
        }
        Ok(out)
    }

    /// Checks that `count` records of at least `min_record_bytes` each can fit in the bytes left,
    /// before anything is allocated for them. `count_offset` is where the count was read.
    pub fn check_count(
        &self,
        count: u64,
        min_record_bytes: u64,
        count_offset: usize,
    ) -> Result<usize> {
        let min_bytes = count.saturating_mul(min_record_bytes);
        let available = self.remaining();
        if min_bytes > available as u64 {
            return Err(Error::CountTooLarge {
                section: self.section,
                offset: count_offset,
                count,
                min_bytes,
                available,
            });
        }
        // `count * min_record_bytes <= available <= usize::MAX`, so `count` fits in usize when
        // records are at least one byte; zero-size records never allocate per count.
        usize::try_from(count).map_err(|_| Error::CountTooLarge {
            section: self.section,
            offset: count_offset,
            count,
            min_bytes,
            available,
        })
    }
}

impl Cursor<'_> {
    /// Moves back to an earlier offset (used to leave an unknown section unread).
    pub fn rewind_to(&mut self, offset: usize) {
        self.offset = offset.min(self.offset);
    }
}

impl Cursor<'_> {
    /// Fails with [`Error::Truncated`] unless `n` more bytes are present.
    pub fn require(&self, n: usize) -> Result<()> {
        let available = self.remaining();
        if n > available {
            return Err(Error::Truncated {
                section: self.section,
                offset: self.offset,
                needed: n,
                available,
            });
        }
        Ok(())
    }
}
