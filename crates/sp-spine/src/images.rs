//! Image references → attachment paths and region sizes (export spec §8).
//!
//! Path rule: `\` becomes `/`; `data:`/`blob:` URLs and absolute paths never reach the JSON
//! (an absolute path keeps only its file name, a URL becomes `image`, both with a warning);
//! leading and repeated `./` and empty segments are removed; leading `../` segments are dropped
//! (with a warning); the image folder of the settings (e.g. `./images/`) is stripped when the
//! reference starts with it; the image extension is dropped. Built-ins (`builtin:NAME`) export as
//! `NAME`. Size: the caller's [`ImageSizes`] first, then the document's `images` list, then the
//! built-in texture size; otherwise a placeholder of [`PLACEHOLDER_SIZE`] with a warning.

use std::collections::BTreeMap;

use crate::warning::Warning;
use sp_sim::document::Scene;
use sp_sim::textures::{BUILTIN_PREFIX, builtin_size};

/// Width and height written for an image whose size is unknown.
pub const PLACEHOLDER_SIZE: u32 = 64;

const EXTENSIONS: [&str; 8] = [
    ".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tga", ".avif",
];

/// Pixel sizes of the images the caller has loaded, by the reference the systems use.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize, serde::Serialize, ts_rs::TS)]
#[serde(transparent)]
#[ts(as = "BTreeMap<String, [u32; 2]>")]
pub struct ImageSizes(pub BTreeMap<String, [u32; 2]>);

/// A resolved image.
#[derive(Clone, Debug, PartialEq)]
pub struct ResolvedImage {
    /// Path relative to `skeleton.images`, without extension.
    pub path: String,
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
}

/// Resolves references once each, collecting warnings in first-use order.
#[derive(Debug)]
pub struct ImageResolver<'a> {
    scene: &'a Scene,
    sizes: &'a ImageSizes,
    folder: String,
    resolved: BTreeMap<String, ResolvedImage>,
    by_path: BTreeMap<String, String>,
    /// Warnings so far.
    pub warnings: Vec<Warning>,
}

impl<'a> ImageResolver<'a> {
    /// A resolver for `scene` with the caller's sizes.
    pub fn new(scene: &'a Scene, sizes: &'a ImageSizes) -> ImageResolver<'a> {
        let folder = normalize_segments(&scene.export.images_path.replace('\\', "/")).0;
        ImageResolver {
            scene,
            sizes,
            folder,
            resolved: BTreeMap::new(),
            by_path: BTreeMap::new(),
            warnings: Vec::new(),
        }
    }

    /// Resolves `reference` (a system texture entry).
    pub fn resolve(&mut self, reference: &str) -> ResolvedImage {
        if let Some(r) = self.resolved.get(reference) {
            return r.clone();
        }
        let path = self.attachment_path(reference);
        if let Some(other) = self.by_path.get(&path) {
            self.warnings.push(Warning::DuplicatePath {
                other: other.clone(),
                reference: reference.to_owned(),
                path: path.clone(),
            });
        } else {
            self.by_path.insert(path.clone(), reference.to_owned());
        }
        // A size is given under the reference as written, or the scene lists the image under
        // this or another spelling of the same file (`./fx/a.png`, `fx\\a.png` and `fx/a.png`
        // are one image: §8.2, §8.4).
        let file = same_file_key(reference);
        let usable = |s: [u32; 2]| s[0] > 0 && s[1] > 0;
        let known = self
            .sizes
            .0
            .get(reference)
            .copied()
            .filter(|s| usable(*s))
            .or_else(|| {
                self.scene
                    .images
                    .iter()
                    .filter(|i| same_file_key(&i.path) == file)
                    .map(|i| [i.width, i.height])
                    .find(|s| usable(*s))
            })
            .or_else(|| {
                reference
                    .strip_prefix(BUILTIN_PREFIX)
                    .and_then(builtin_size)
                    .map(|(w, h)| [w, h])
            });
        let [width, height] = known.unwrap_or_else(|| {
            self.warnings.push(Warning::MissingImage {
                reference: reference.to_owned(),
                path: path.clone(),
                size: PLACEHOLDER_SIZE,
            });
            [PLACEHOLDER_SIZE, PLACEHOLDER_SIZE]
        });
        let r = ResolvedImage {
            path,
            width,
            height,
        };
        self.resolved.insert(reference.to_owned(), r.clone());
        r
    }

    fn attachment_path(&mut self, reference: &str) -> String {
        if let Some(name) = reference.strip_prefix(BUILTIN_PREFIX) {
            return crate::names::sanitize(name, "image");
        }
        let lower = reference.to_ascii_lowercase();
        if lower.starts_with("data:") || lower.starts_with("blob:") {
            self.warnings.push(Warning::InternalUrl {
                reference: truncate(reference),
            });
            return "image".into();
        }
        let mut text = reference.replace('\\', "/");
        let absolute = text.starts_with('/')
            || lower.starts_with("file:")
            || lower.starts_with("http:")
            || lower.starts_with("https:")
            || text.as_bytes().get(1) == Some(&b':');
        if absolute {
            let name = text.rsplit('/').next().unwrap_or_default().to_owned();
            self.warnings.push(Warning::AbsoluteReference {
                reference: reference.to_owned(),
            });
            text = name;
        }
        let (mut path, dropped_parent) = normalize_segments(&text);
        if dropped_parent {
            self.warnings.push(Warning::LeavesImageFolder {
                reference: reference.to_owned(),
            });
        }
        if !self.folder.is_empty()
            && let Some(rest) = path.strip_prefix(&format!("{}/", self.folder))
        {
            path = rest.to_owned();
        }
        let lower_path = path.to_ascii_lowercase();
        if let Some(ext) = EXTENSIONS.iter().find(|e| lower_path.ends_with(*e)) {
            path.truncate(path.len() - ext.len());
        }
        if path.is_empty() {
            "image".into()
        } else {
            path
        }
    }
}

/// Removes `.` and empty segments and leading `..` segments; returns the joined path (no
/// trailing `/`) and whether a `..` was dropped.
/// What two spellings of one image file have in common: separators as `/`, no `.` or empty
/// segments.
fn same_file_key(reference: &str) -> String {
    normalize_segments(&reference.replace('\\', "/")).0
}

fn normalize_segments(path: &str) -> (String, bool) {
    let mut out: Vec<&str> = Vec::new();
    let mut dropped = false;
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if out.pop().is_none() {
                    dropped = true;
                }
            }
            s => out.push(s),
        }
    }
    (out.join("/"), dropped)
}

fn truncate(s: &str) -> String {
    s.chars().take(32).collect::<String>() + if s.chars().count() > 32 { "…" } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sp_sim::document::ImageAsset;

    fn scene() -> Scene {
        let mut s = Scene::default();
        s.images.push(ImageAsset {
            path: "fx/fire_01.png".into(),
            width: 40,
            height: 30,
        });
        s
    }

    #[test]
    fn paths_follow_the_rules() {
        let scene = scene();
        let sizes = ImageSizes::default();
        let mut r = ImageResolver::new(&scene, &sizes);
        let path = |r: &mut ImageResolver, s: &str| r.resolve(s).path;
        assert_eq!(path(&mut r, "fx/fire_01.png"), "fx/fire_01");
        assert_eq!(path(&mut r, "./././images/fx\\smoke.PNG"), "fx/smoke");
        assert_eq!(path(&mut r, "images//a/./b.jpeg"), "a/b");
        assert_eq!(path(&mut r, "builtin:spark"), "spark");
        assert_eq!(path(&mut r, "C:\\Users\\me\\Desktop\\star.png"), "star");
        assert_eq!(path(&mut r, "/home/me/glow.webp"), "glow");
        assert_eq!(path(&mut r, "data:image/png;base64,AAAA"), "image");
        assert_eq!(path(&mut r, "../up.png"), "up");
        assert!(
            r.warnings
                .iter()
                .any(|w| w.to_string().contains("absolute"))
        );
        assert!(
            r.warnings
                .iter()
                .any(|w| w.to_string().contains("editor-internal"))
        );
        assert!(r.warnings.iter().any(|w| w.to_string().contains("\"../\"")));
    }

    #[test]
    fn sizes_and_missing_images() {
        let scene = scene();
        let mut sizes = ImageSizes::default();
        sizes.0.insert("loaded.png".into(), [10, 12]);
        let mut r = ImageResolver::new(&scene, &sizes);
        assert_eq!(r.resolve("fx/fire_01.png").width, 40);
        assert_eq!(r.resolve("loaded.png").height, 12);
        let b = r.resolve("builtin:soft_dot");
        assert!(b.width > 0 && b.width <= 128);
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        let m = r.resolve("gone/missing.png");
        assert_eq!(
            (m.path.as_str(), m.width, m.height),
            ("gone/missing", 64, 64)
        );
        assert_eq!(r.warnings.len(), 1);
        assert!(r.warnings[0].to_string().contains("missing"));
    }

    #[test]
    fn another_spelling_of_a_known_image_has_its_size() {
        let scene = scene();
        let mut sizes = ImageSizes::default();
        sizes.0.insert("ui/icon.png".into(), [16, 20]);
        let mut r = ImageResolver::new(&scene, &sizes);
        for reference in ["./fx/fire_01.png", "fx\\fire_01.png", "fx//./fire_01.png"] {
            let got = r.resolve(reference);
            assert_eq!((got.width, got.height), (40, 30), "{reference}");
        }
        let icon = r.resolve("ui/icon.png");
        assert_eq!((icon.width, icon.height), (16, 20));
        assert!(
            !r.warnings.iter().any(|w| w.to_string().contains("missing")),
            "{:?}",
            r.warnings
        );
    }

    #[test]
    fn duplicate_paths_are_warned() {
        let scene = scene();
        let sizes = ImageSizes::default();
        let mut r = ImageResolver::new(&scene, &sizes);
        r.resolve("fx/fire_01.png");
        r.resolve("fx/fire_01.jpg");
        assert!(
            r.warnings
                .iter()
                .any(|w| w.to_string().contains("both export")),
            "{:?}",
            r.warnings
        );
    }
}
