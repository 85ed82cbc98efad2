//! Big-endian primitives of the binary format, read and written exactly as the runtimes do.
//!
//! - floats: 4 bytes IEEE-754 big-endian, kept bit for bit (`f32::from_bits`/`to_bits`);
//! - `long` (4.x hash): 8 raw bytes;
//! - `varint` (libGDX `readInt(true)`): little-endian base 128, 7 bits per byte, bit 0x80 =
//!   more, at most 5 bytes; the 5th byte is used whole (`b << 28`, bits past 31 dropped), so a
//!   varint never runs longer than 5 bytes;
//! - `string`: `varint n`, `0` = null, `1` = empty, else `n − 1` bytes (see [`crate::text`]).

use crate::{Error, Result};

/// A cursor over a byte slice that reports the offset and the field of every failure.
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at offset 0.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }

    /// Current offset.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// Takes `n` bytes.
    pub(crate) fn take(&mut self, n: u64, what: &dyn Fn() -> String) -> Result<&'a [u8]> {
        let available = (self.bytes.len() - self.pos) as u64;
        if n > available {
            return Err(Error::Truncated {
                offset: self.pos as u64,
                what: what(),
                needed: n,
                available,
            });
        }
        let start = self.pos;
        self.pos += n as usize;
        Ok(&self.bytes[start..self.pos])
    }

    /// One byte.
    pub(crate) fn u8(&mut self, what: &dyn Fn() -> String) -> Result<u8> {
        Ok(self.take(1, what)?[0])
    }

    /// A big-endian float, bit for bit.
    pub(crate) fn f32(&mut self, what: &dyn Fn() -> String) -> Result<f32> {
        let b = self.take(4, what)?;
        Ok(f32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// 8 raw bytes (the 4.x hash).
    pub(crate) fn long(&mut self, what: &dyn Fn() -> String) -> Result<[u8; 8]> {
        let b = self.take(8, what)?;
        let mut out = [0u8; 8];
        out.copy_from_slice(b);
        Ok(out)
    }

    /// A positive-optimised varint, as a Java `int` (may be negative).
    pub(crate) fn varint(&mut self, what: &dyn Fn() -> String) -> Result<i32> {
        let mut result: u32 = 0;
        for shift in [0u32, 7, 14, 21] {
            let b = self.u8(what)?;
            result |= u32::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return Ok(result as i32);
            }
        }
        let b = self.u8(what)?;
        result |= u32::from(b) << 28;
        Ok(result as i32)
    }

    /// A string's raw bytes (`None` for null).
    pub(crate) fn string(&mut self, what: &dyn Fn() -> String) -> Result<Option<&'a [u8]>> {
        let offset = self.pos as u64;
        let n = self.varint(what)?;
        match n {
            0 => Ok(None),
            1 => Ok(Some(&[])),
            n if n < 0 => Err(Error::BadValue {
                offset,
                what: what(),
                value: i64::from(n),
                expected: "string length (varint 0 = null, 1 = empty, n = n-1 bytes)",
            }),
            n => self.take(n as u64 - 1, what).map(Some),
        }
    }
}

/// Appends a canonical varint (shortest form).
pub(crate) fn write_varint(out: &mut Vec<u8>, value: u32) {
    let mut v = value;
    while v >= 0x80 {
        out.push((v as u8 & 0x7F) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends a string (`None` = null).
pub(crate) fn write_string(
    out: &mut Vec<u8>,
    bytes: Option<&[u8]>,
    what: &dyn Fn() -> String,
) -> Result<()> {
    match bytes {
        None => out.push(0),
        Some(b) => {
            let n = u32::try_from(b.len())
                .ok()
                .and_then(|len| len.checked_add(1))
                .filter(|n| *n <= i32::MAX as u32)
                .ok_or_else(|| Error::Unwritable {
                    what: what(),
                    reason: "string longer than 2^31 - 2 bytes",
                })?;
            write_varint(out, n);
            out.extend_from_slice(b);
        }
    }
    Ok(())
}

/// Appends a big-endian float, bit for bit.
pub(crate) fn write_f32(out: &mut Vec<u8>, value: f32) {
    out.extend_from_slice(&value.to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field() -> String {
        "test field".to_owned()
    }

    #[test]
    fn varints_round_trip_and_read_like_libgdx() {
        for v in [
            0u32,
            1,
            127,
            128,
            300,
            16_383,
            16_384,
            1 << 21,
            (1 << 28) - 1,
            1 << 28,
            u32::MAX,
        ] {
            let mut out = Vec::new();
            write_varint(&mut out, v);
            assert!(out.len() <= 5);
            let mut r = Reader::new(&out);
            assert_eq!(r.varint(&field).unwrap() as u32, v);
            assert_eq!(r.pos(), out.len());
        }
        // The 5th byte is taken whole, its high bit does not continue.
        let mut r = Reader::new(&[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]);
        assert_eq!(r.varint(&field).unwrap(), -1);
        assert_eq!(r.pos(), 5);
    }

    #[test]
    fn strings_null_empty_and_text() {
        let mut out = Vec::new();
        write_string(&mut out, None, &field).unwrap();
        write_string(&mut out, Some(b""), &field).unwrap();
        write_string(&mut out, Some(b"abc"), &field).unwrap();
        assert_eq!(out, [0, 1, 4, b'a', b'b', b'c']);
        let mut r = Reader::new(&out);
        assert_eq!(r.string(&field).unwrap(), None);
        assert_eq!(r.string(&field).unwrap(), Some(&b""[..]));
        assert_eq!(r.string(&field).unwrap(), Some(&b"abc"[..]));
    }

    #[test]
    fn truncation_and_negative_lengths_are_errors() {
        let err = Reader::new(&[5, b'a']).string(&field).unwrap_err();
        assert!(
            matches!(
                err,
                Error::Truncated {
                    offset: 1,
                    needed: 4,
                    available: 1,
                    ..
                }
            ),
            "{err:?}"
        );
        let err = Reader::new(&[0xFF, 0xFF, 0xFF, 0xFF, 0x0F])
            .string(&field)
            .unwrap_err();
        assert!(matches!(err, Error::BadValue { value: -1, .. }), "{err:?}");
    }
}
