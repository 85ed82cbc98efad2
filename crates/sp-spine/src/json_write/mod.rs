//! Writing the skeleton file: `serde_json`'s compact output, byte for byte, with a fast path for
//! the numbers an export is made of.
//!
//! Nearly every number in an export is a key value or time written with at most six decimals
//! (the reducer quantises them, [`crate::reduce::ChannelSpec`]). `serde_json` writes a
//! non-integer `f64` as its shortest round-trip decimal (`zmij`), in fixed notation for a first
//! digit at `10⁻⁵ … 10¹⁵`. [`ShortDecimals`] writes `v` directly as `k / 10ᵈ` for the smallest
//! `d ∈ 1..=6` with `k = round(|v|·10ᵈ)` and `k / 10ᵈ == |v|` (one correctly rounded division
//! of two exact integers: the decimal then reads back as `v`), when `10⁻⁵ ≤ |v| < 10⁹`. That
//! decimal is the shortest one: a shorter decimal reading back as `v` would be found at a smaller
//! `d`, and two different decimals of at most 15 significant digits never read back as the same
//! `f64`. So the digits, and the fixed notation, are `serde_json`'s own (the tests compare both
//! on a million values); any other number goes to `serde_json`'s writer.
//!
//! The animations, nearly all of a file, are written here field by field in the order and
//! with the omissions of their `Serialize` derives (the keys' objects went through `serde`'s
//! generic struct machinery at ~1,000 instructions a translate key); the rest of the file
//! (skeleton, bones, slots, skins, draw order keys) through `serde_json` with the same
//! formatter. The output is sized once from an estimate, instead of doubling from 128 bytes.
//! A test compares [`to_json`] with `serde_json::to_string` on a file using every case.
//!
//! The file's FNV-1a 64 (`skeleton.hash`, [`Written::fnv1a_64`]) is formed while it is written:
//! the bytes of each key are hashed right after the key. FNV-1a is one chain of a multiply per
//! byte (~4 processor cycles a byte: ~2.6 ms for a 2 MB file, alone after the writing); hashed
//! key by key, the chain runs beside the writing of the next key instead of after the whole
//! file. The same hash as [`fnv1a_64`] over the finished text (a test compares them).

use crate::json::{
    AnimationData, BoneTimelines, CurveJson, Num, SkeletonFile, SlotTimelines, ValueKey, XyKey,
};
pub use decimal::ShortDecimals;
use decimal::write_u64;
use serde::Serialize;
use serde_json::ser::Formatter;

mod decimal;
#[cfg(test)]
mod tests;

/// A written file and its hash.
#[derive(Debug)]
pub struct Written {
    /// The compact JSON.
    pub text: String,
    /// FNV-1a 64 of `text`'s bytes ([`fnv1a_64`]).
    pub fnv1a_64: u64,
}

/// `file` as compact JSON, the same bytes as `serde_json::to_string(file)` (see the module
/// doc), written into a buffer of `size_hint` bytes first, with its FNV-1a 64. `parallel`: the
/// animations' bone and slot timelines are written in pieces on the export's thread pool
/// (`crate::par`) and joined in order: the same bytes.
pub fn to_json(
    file: &SkeletonFile,
    size_hint: usize,
    parallel: bool,
) -> serde_json::Result<Written> {
    let mut w = Writer {
        out: Vec::with_capacity(size_hint),
        parallel,
        hash: Some(Fnv1a::default()),
    };
    w.raw(b"{\"skeleton\":");
    w.serde(&file.skeleton)?;
    w.raw(b",\"bones\":");
    w.serde(&file.bones)?;
    w.raw(b",\"slots\":");
    w.serde(&file.slots)?;
    w.raw(b",\"skins\":");
    w.serde(&file.skins)?;
    w.raw(b",\"animations\":{");
    for (i, (name, animation)) in file.animations.0.iter().enumerate() {
        w.comma(i);
        w.serde(name)?;
        w.raw(b":");
        w.animation(animation)?;
    }
    w.raw(b"}}");
    w.hash_written();
    let fnv1a_64 = w.hash.map_or(0, |h| h.state);
    // serde_json writes valid UTF-8 and so does the rest; checked here, not assumed.
    let text = String::from_utf8(w.out).map_err(|e| serde::ser::Error::custom(e.to_string()))?;
    Ok(Written { text, fnv1a_64 })
}

/// FNV-1a 64 of `bytes`.
pub fn fnv1a_64(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::default();
    h.add(bytes);
    h.state
}

/// FNV-1a 64 under way.
#[derive(Clone, Copy, Debug)]
struct Fnv1a {
    state: u64,
    /// Bytes of the output hashed so far.
    done: usize,
}

impl Default for Fnv1a {
    fn default() -> Self {
        Self {
            state: 0xcbf2_9ce4_8422_2325,
            done: 0,
        }
    }
}

impl Fnv1a {
    /// Hashes `bytes` after those hashed so far.
    #[inline(always)]
    fn add(&mut self, bytes: &[u8]) {
        let mut h = self.state;
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.state = h;
        self.done += bytes.len();
    }
}

/// The output being written.
struct Writer {
    out: Vec<u8>,
    /// Write long maps of timelines in pieces on the thread pool.
    parallel: bool,
    /// The hash of `out[..hash.done]`; `None` for a piece written on the thread pool (hashed
    /// when it is joined).
    hash: Option<Fnv1a>,
}

/// Entries of a timeline map per piece written on its own ([`Writer::entries`]).
const PIECE_ENTRIES: usize = 32;

impl Writer {
    fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }

    /// Hashes what was written since the last call (see the module doc for why key by key).
    #[inline(always)]
    fn hash_written(&mut self) {
        if let Some(hash) = &mut self.hash {
            hash.add(&self.out[hash.done..]);
        }
    }

    /// A `,` before every element but the first.
    fn comma(&mut self, index: usize) {
        if index > 0 {
            self.out.push(b',');
        }
    }

    /// `value` through `serde_json` with [`ShortDecimals`].
    fn serde<T: ?Sized + Serialize>(&mut self, value: &T) -> serde_json::Result<()> {
        value.serialize(&mut serde_json::Serializer::with_formatter(
            &mut self.out,
            ShortDecimals,
        ))
    }

    /// A [`Num`] as its `Serialize` writes it: an integer when it is one below 10¹⁵, `null`
    /// when not finite, else the shortest decimal.
    fn num(&mut self, Num(v): Num) {
        if v.abs() < 1e15 {
            // Exact for |v| < 10¹⁵; `-0.0` gives 0, as `fract() == 0.0` then `as i64` does.
            let i = v as i64;
            if i as f64 == v {
                let mut buf = [0u8; 24];
                let mut len = 0;
                if i < 0 {
                    buf[0] = b'-';
                    len = 1;
                }
                len += write_u64(i.unsigned_abs(), &mut buf[len..]);
                self.raw(&buf[..len]);
                return;
            }
        }
        if !v.is_finite() {
            self.raw(b"null");
            return;
        }
        // Writing into a Vec cannot fail.
        let _ = ShortDecimals.write_f64(&mut self.out, v);
    }

    /// `"time":t` unless `t` is 0 (the derives skip a zero time); whether it wrote it (the
    /// next field then needs a comma).
    fn time(&mut self, time: Num) -> bool {
        if time.0 == 0.0 {
            return false;
        }
        self.raw(b"\"time\":");
        self.num(time);
        true
    }

    /// `,"curve":…` unless linear.
    fn curve(&mut self, curve: &CurveJson) {
        match curve {
            CurveJson::Linear => {}
            CurveJson::Stepped => self.raw(b",\"curve\":\"stepped\""),
            CurveJson::Bezier(values) => {
                self.raw(b",\"curve\":[");
                for (i, v) in values.iter().enumerate() {
                    self.comma(i);
                    self.num(*v);
                }
                self.raw(b"]");
            }
        }
    }

    /// `{…}` of [`AnimationData`]: `slots`, `bones`, `drawOrder`, each left out when empty.
    fn animation(&mut self, a: &AnimationData) -> serde_json::Result<()> {
        self.raw(b"{");
        let mut fields = 0;
        if !a.slots.is_empty() {
            self.raw(b"\"slots\":{");
            self.entries(&a.slots.0, Writer::slot)?;
            self.raw(b"}");
            fields += 1;
        }
        if !a.bones.is_empty() {
            self.comma(fields);
            self.raw(b"\"bones\":{");
            self.entries(&a.bones.0, |w, t| {
                w.bone(t);
                Ok(())
            })?;
            self.raw(b"}");
            fields += 1;
        }
        if !a.draw_order.is_empty() {
            self.comma(fields);
            self.raw(b"\"drawOrder\":");
            self.serde(&a.draw_order)?;
        }
        self.raw(b"}");
        Ok(())
    }

    /// `"name":{…},…` of a map's entries, each value written by `value`; with `parallel`, in
    /// pieces of [`PIECE_ENTRIES`] written on the thread pool, then joined in order.
    fn entries<T: Sync>(
        &mut self,
        entries: &[(String, T)],
        value: fn(&mut Writer, &T) -> serde_json::Result<()>,
    ) -> serde_json::Result<()> {
        let entry = |w: &mut Writer, i: usize| {
            let (name, t) = &entries[i];
            w.comma(i);
            w.serde(name)?;
            w.raw(b":");
            value(w, t)
        };
        if !crate::par::enabled(self.parallel) || entries.len() <= PIECE_ENTRIES {
            return (0..entries.len()).try_for_each(|i| entry(self, i));
        }
        let pieces = entries.len().div_ceil(PIECE_ENTRIES);
        let written = crate::par::try_map(true, pieces, |piece| {
            let mut w = Writer {
                out: Vec::new(),
                parallel: false,
                hash: None,
            };
            let end = (piece * PIECE_ENTRIES + PIECE_ENTRIES).min(entries.len());
            (piece * PIECE_ENTRIES..end).try_for_each(|i| entry(&mut w, i))?;
            Ok(w.out)
        })?;
        for piece in written {
            self.raw(&piece);
        }
        Ok(())
    }

    /// `{…}` of [`SlotTimelines`]: `attachment`, `rgba`, each left out when empty.
    fn slot(&mut self, t: &SlotTimelines) -> serde_json::Result<()> {
        self.raw(b"{");
        if !t.attachment.is_empty() {
            self.raw(b"\"attachment\":[");
            for (i, k) in t.attachment.iter().enumerate() {
                self.comma(i);
                self.raw(b"{");
                if self.time(k.time) {
                    self.raw(b",");
                }
                self.raw(b"\"name\":");
                self.serde(&k.name)?;
                self.raw(b"}");
                self.hash_written();
            }
            self.raw(b"]");
        }
        if !t.rgba.is_empty() {
            self.comma(usize::from(!t.attachment.is_empty()));
            self.raw(b"\"rgba\":[");
            for (i, k) in t.rgba.iter().enumerate() {
                self.comma(i);
                self.raw(b"{");
                if self.time(k.time) {
                    self.raw(b",");
                }
                self.raw(b"\"color\":");
                self.serde(&k.color)?;
                self.curve(&k.curve);
                self.raw(b"}");
                self.hash_written();
            }
            self.raw(b"]");
        }
        self.raw(b"}");
        Ok(())
    }

    /// `{…}` of [`BoneTimelines`]: `rotate`, `translate`, `scale`, each left out when empty.
    fn bone(&mut self, t: &BoneTimelines) {
        self.raw(b"{");
        let mut fields = 0;
        if !t.rotate.is_empty() {
            self.raw(b"\"rotate\":[");
            self.keys(&t.rotate);
            fields += 1;
        }
        for (name, keys) in [
            (&b"\"translate\":["[..], &t.translate),
            (b"\"scale\":[", &t.scale),
        ] {
            if !keys.is_empty() {
                self.comma(fields);
                self.raw(name);
                self.keys(keys);
                fields += 1;
            }
        }
        self.raw(b"}");
    }

    /// `{"time":…,<values>,"curve":…},…]` (the time and the curve left out as the derives
    /// leave them out).
    fn keys<K: CurveKey>(&mut self, keys: &[K]) {
        for (i, k) in keys.iter().enumerate() {
            self.comma(i);
            self.raw(b"{");
            if self.time(k.time()) {
                self.raw(b",");
            }
            k.write_values(self);
            self.curve(k.curve());
            self.raw(b"}");
            self.hash_written();
        }
        self.raw(b"]");
    }
}

/// A bone timeline's key as [`Writer::keys`] writes it.
trait CurveKey {
    /// The key's time.
    fn time(&self) -> Num;
    /// Its curve to the next key.
    fn curve(&self) -> &CurveJson;
    /// The key's value fields, between its time and its curve.
    fn write_values(&self, w: &mut Writer);
}

impl CurveKey for ValueKey {
    fn time(&self) -> Num {
        self.time
    }
    fn curve(&self) -> &CurveJson {
        &self.curve
    }
    fn write_values(&self, w: &mut Writer) {
        w.raw(b"\"value\":");
        w.num(self.value);
    }
}

impl CurveKey for XyKey {
    fn time(&self) -> Num {
        self.time
    }
    fn curve(&self) -> &CurveJson {
        &self.curve
    }
    fn write_values(&self, w: &mut Writer) {
        w.raw(b"\"x\":");
        w.num(self.x);
        w.raw(b",\"y\":");
        w.num(self.y);
    }
}
