//! The `skeleton` section of a JSON skeleton, read with the runtimes' defaults.

use serde::{Deserialize, Serialize};

use super::parser::Node;
use crate::binary::BinaryLayout;
use crate::{Error, Result, Warning};

/// Header metadata of a JSON skeleton (`skeleton.*`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JsonHeader {
    /// `skeleton.hash` (null when absent).
    pub hash: Option<String>,
    /// `skeleton.spine`, the version (null when absent).
    pub version: Option<String>,
    /// `skeleton.x` (0 when absent, as libGDX).
    pub x: f32,
    /// `skeleton.y` (0 when absent).
    pub y: f32,
    /// `skeleton.width` (0 when absent).
    pub width: f32,
    /// `skeleton.height` (0 when absent).
    pub height: f32,
    /// `skeleton.referenceScale`: 100 when absent in a 4.2 file; null before 4.2.
    pub reference_scale: Option<f32>,
    /// `skeleton.fps` (30 when absent).
    pub fps: f32,
    /// `skeleton.images` (null when absent).
    pub images: Option<String>,
    /// `skeleton.audio` (null when absent).
    pub audio: Option<String>,
}

/// The JSON type of a node, for messages.
fn kind(node: &Node) -> &'static str {
    match node {
        Node::Null => "null",
        Node::Bool(_) => "a boolean",
        Node::Number(_) => "a number",
        Node::Str(_) => "a string",
        Node::Array(_) => "an array",
        Node::Object(_) => "an object",
    }
}

/// A number field. A numeric string or a boolean is read as libGDX's `getFloat` reads it (the
/// number; 1 or 0), anything else is ignored (the default applies); each with a warning.
fn number(section: &Node, path: &'static str, warnings: &mut Vec<Warning>) -> Option<f32> {
    let key = path.rsplit('.').next().unwrap_or(path);
    match section.get(key)? {
        Node::Null => None,
        Node::Number(v) => Some(*v as f32),
        Node::Str(s) => match s.text.trim().parse::<f64>() {
            Ok(v) if v.is_finite() => {
                warnings.push(Warning::NumberFromText {
                    path: path.to_owned(),
                    text: s.text.clone(),
                    value: v,
                });
                Some(v as f32)
            }
            _ => {
                warnings.push(Warning::TextNotNumber {
                    path: path.to_owned(),
                    text: s.text.clone(),
                });
                None
            }
        },
        Node::Bool(b) => {
            warnings.push(Warning::NumberFromBool {
                path: path.to_owned(),
                value: *b,
                number: u8::from(*b),
            });
            Some(f32::from(u8::from(*b)))
        }
        other => {
            warnings.push(Warning::Ignored {
                path: path.to_owned(),
                found: kind(other).to_owned(),
                expected: "a number".to_owned(),
            });
            None
        }
    }
}

/// A string field. A number or a boolean is read as its text (libGDX's `getString`), anything
/// else is ignored; each with a warning.
fn string(section: &Node, path: &'static str, warnings: &mut Vec<Warning>) -> Option<String> {
    let key = path.rsplit('.').next().unwrap_or(path);
    match section.get(key)? {
        Node::Null => None,
        Node::Str(s) => Some(s.text.clone()),
        Node::Number(v) => {
            warnings.push(Warning::StringFromNumber {
                path: path.to_owned(),
                value: *v,
            });
            Some(v.to_string())
        }
        Node::Bool(b) => {
            warnings.push(Warning::StringFromBool {
                path: path.to_owned(),
                value: *b,
            });
            Some(b.to_string())
        }
        other => {
            warnings.push(Warning::Ignored {
                path: path.to_owned(),
                found: kind(other).to_owned(),
                expected: "a string".to_owned(),
            });
            None
        }
    }
}

/// Reads `skeleton.*` from the parsed root. Only a root that is not an object, or has neither
/// a `skeleton` nor a `bones` section, is refused; a field of the wrong type is read as the
/// runtimes read it or ignored, with a warning in `warnings` (the Spine runtimes load such
/// files: this header is metadata, and skel info must show what they will play).
pub(crate) fn read_header(root: &Node, warnings: &mut Vec<Warning>) -> Result<JsonHeader> {
    if !matches!(root, Node::Object(_)) {
        return Err(Error::JsonShape {
            path: "(root)".to_owned(),
            expected: "an object",
        });
    }
    let empty = Node::Object(Vec::new());
    let section = match root.get("skeleton") {
        Some(s @ Node::Object(_)) => s,
        Some(other) if root.get("bones").is_some() => {
            warnings.push(Warning::SkeletonNotObject {
                found: kind(other).to_owned(),
            });
            &empty
        }
        Some(_) => {
            return Err(Error::JsonShape {
                path: "skeleton".to_owned(),
                expected: "an object",
            });
        }
        None if root.get("bones").is_some() => &empty,
        None => {
            return Err(Error::NotSkeleton {
                reason: "a JSON object without a \"skeleton\" or \"bones\" section".to_owned(),
            });
        }
    };
    let version = string(section, "skeleton.spine", warnings);
    let is_4_2 = version.as_deref().and_then(BinaryLayout::for_version) == Some(BinaryLayout::V4_2);
    let reference_scale = match number(section, "skeleton.referenceScale", warnings) {
        Some(v) => Some(v),
        None if is_4_2 => Some(100.0),
        None => None,
    };
    Ok(JsonHeader {
        hash: string(section, "skeleton.hash", warnings),
        version,
        x: number(section, "skeleton.x", warnings).unwrap_or(0.0),
        y: number(section, "skeleton.y", warnings).unwrap_or(0.0),
        width: number(section, "skeleton.width", warnings).unwrap_or(0.0),
        height: number(section, "skeleton.height", warnings).unwrap_or(0.0),
        reference_scale,
        fps: number(section, "skeleton.fps", warnings).unwrap_or(30.0),
        images: string(section, "skeleton.images", warnings),
        audio: string(section, "skeleton.audio", warnings),
    })
}
