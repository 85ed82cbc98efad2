//! Colours in the document: `"#rrggbb"` strings in JSON, linear 0..1 floats in memory.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use ts_rs::TS;

/// An RGB colour, each channel 0..1 (sRGB-encoded values as the artist picked them; Spine slot
/// colours use the same encoding, so no conversion happens on export).
///
/// Serialised as `"#rrggbb"`; parsing accepts `#rgb` and `#rrggbb` (case-insensitive).
#[derive(Clone, Copy, Debug, PartialEq, TS)]
#[ts(type = "string")]
pub struct Rgb {
    /// Red, 0..1.
    pub r: f32,
    /// Green, 0..1.
    pub g: f32,
    /// Blue, 0..1.
    pub b: f32,
}

impl Rgb {
    /// White.
    pub const WHITE: Rgb = Rgb {
        r: 1.0,
        g: 1.0,
        b: 1.0,
    };

    /// From 8-bit channels.
    pub fn from_u8(r: u8, g: u8, b: u8) -> Rgb {
        Rgb {
            r: f32::from(r) / 255.0,
            g: f32::from(g) / 255.0,
            b: f32::from(b) / 255.0,
        }
    }

    /// To 8-bit channels, rounded, clamped.
    pub fn to_u8(self) -> [u8; 3] {
        [
            channel_to_u8(self.r),
            channel_to_u8(self.g),
            channel_to_u8(self.b),
        ]
    }

    /// `#rrggbb`, lower case.
    pub fn to_hex(self) -> String {
        let [r, g, b] = self.to_u8();
        format!("#{r:02x}{g:02x}{b:02x}")
    }

    /// Parses `#rgb` or `#rrggbb` (the `#` is optional).
    pub fn parse_hex(text: &str) -> Option<Rgb> {
        let hex = text.strip_prefix('#').unwrap_or(text);
        let digit = |i: usize| u8::from_str_radix(hex.get(i..i + 1)?, 16).ok();
        let pair = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
        match hex.len() {
            3 => Some(Rgb::from_u8(digit(0)? * 17, digit(1)? * 17, digit(2)? * 17)),
            6 => Some(Rgb::from_u8(pair(0)?, pair(2)?, pair(4)?)),
            _ => None,
        }
    }

    /// Linear interpolation per channel: `a + (b − a)·t`.
    pub fn lerp(self, other: Rgb, t: f32) -> Rgb {
        Rgb {
            r: self.r + (other.r - self.r) * t,
            g: self.g + (other.g - self.g) * t,
            b: self.b + (other.b - self.b) * t,
        }
    }
}

fn channel_to_u8(v: f32) -> u8 {
    // Clamp first, so NaN becomes 0 through `max`'s NaN handling.
    let v = v.clamp(0.0, 1.0);
    (v * 255.0 + 0.5) as u8
}

impl Default for Rgb {
    fn default() -> Self {
        Rgb::WHITE
    }
}

impl Serialize for Rgb {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Rgb {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Checked in the visitor, so the parser refuses a bad colour at the string itself: the
        // error's position then names the colour's field, not the object around it.
        struct Hex;
        impl serde::de::Visitor<'_> for Hex {
            type Value = Rgb;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a colour #rgb or #rrggbb")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Rgb, E> {
                Rgb::parse_hex(text)
                    .ok_or_else(|| E::custom(format!("colour {text:?} is not #rgb or #rrggbb")))
            }
        }
        deserializer.deserialize_str(Hex)
    }
}
