//! The `skeleton` section of a JSON skeleton, read with the runtimes' defaults.

use serde::{Deserialize, Serialize};

use super::parser::Node;
use crate::binary::BinaryLayout;
use crate::{Error, Result};

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

fn number(section: &Node, key: &'static str, path: &'static str) -> Result<Option<f32>> {
    match section.get(key) {
        None | Some(Node::Null) => Ok(None),
        Some(Node::Number(v)) => Ok(Some(*v as f32)),
        Some(_) => Err(Error::JsonShape {
            path: path.to_owned(),
            expected: "a number",
        }),
    }
}

fn string(section: &Node, key: &'static str, path: &'static str) -> Result<Option<String>> {
    match section.get(key) {
        None | Some(Node::Null) => Ok(None),
        Some(Node::Str(s)) => Ok(Some(s.text.clone())),
        Some(_) => Err(Error::JsonShape {
            path: path.to_owned(),
            expected: "a string",
        }),
    }
}

/// Reads `skeleton.*` from the parsed root.
pub(crate) fn read_header(root: &Node) -> Result<JsonHeader> {
    if !matches!(root, Node::Object(_)) {
        return Err(Error::JsonShape {
            path: "(root)".to_owned(),
            expected: "an object",
        });
    }
    let section = match root.get("skeleton") {
        Some(s @ Node::Object(_)) => s,
        Some(_) => {
            return Err(Error::JsonShape {
                path: "skeleton".to_owned(),
                expected: "an object",
            });
        }
        None if root.get("bones").is_some() => &Node::Object(Vec::new()),
        None => {
            return Err(Error::NotSkeleton {
                reason: "a JSON object without a \"skeleton\" or \"bones\" section".to_owned(),
            });
        }
    };
    let version = string(section, "spine", "skeleton.spine")?;
    let is_4_2 = version.as_deref().and_then(BinaryLayout::for_version) == Some(BinaryLayout::V4_2);
    let reference_scale = match number(section, "referenceScale", "skeleton.referenceScale")? {
        Some(v) => Some(v),
        None if is_4_2 => Some(100.0),
        None => None,
    };
    Ok(JsonHeader {
        hash: string(section, "hash", "skeleton.hash")?,
        version,
        x: number(section, "x", "skeleton.x")?.unwrap_or(0.0),
        y: number(section, "y", "skeleton.y")?.unwrap_or(0.0),
        width: number(section, "width", "skeleton.width")?.unwrap_or(0.0),
        height: number(section, "height", "skeleton.height")?.unwrap_or(0.0),
        reference_scale,
        fps: number(section, "fps", "skeleton.fps")?.unwrap_or(30.0),
        images: string(section, "images", "skeleton.images")?,
        audio: string(section, "audio", "skeleton.audio")?,
    })
}
