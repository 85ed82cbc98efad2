//! Stable, globally unique names (export spec §4, §14.2).
//!
//! A name is cleaned first ([`sanitize`]: path separators and control characters become `_`,
//! surrounding whitespace is trimmed, an empty result takes the fallback). A clash with a name
//! already taken gets the shortest numeric suffix that is free: `name_2`, `name_3`, … (the first
//! holder keeps the plain name). Allocation order is the export's deterministic order (systems in
//! scene order, bones in pool order), so the same scene, seed and settings give the same names.

use std::collections::BTreeSet;

/// Cleans a user-visible name: `/`, `\`, `:` and control characters become `_`, whitespace at
/// either end is removed (runtimes trim atlas names), and an empty result becomes `fallback`.
pub fn sanitize(name: &str, fallback: &str) -> String {
    let cleaned: String = name
        .trim()
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | ':') || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    if cleaned.is_empty() {
        fallback.to_owned()
    } else {
        cleaned
    }
}

/// Hands out unique names within one namespace (bones, slots, or one slot's attachments).
#[derive(Clone, Debug, Default)]
pub struct NameAllocator {
    taken: BTreeSet<String>,
}

impl NameAllocator {
    /// An empty namespace.
    pub fn new() -> NameAllocator {
        NameAllocator::default()
    }

    /// Reserves `name` exactly (e.g. `root`); returns false if it was already taken.
    pub fn reserve(&mut self, name: &str) -> bool {
        self.taken.insert(name.to_owned())
    }

    /// `base` if free, else `base_N` with the smallest free `N ≥ 2`; the result is taken.
    pub fn claim(&mut self, base: &str) -> String {
        if self.taken.insert(base.to_owned()) {
            return base.to_owned();
        }
        let mut n = 2u64;
        loop {
            let candidate = format!("{base}_{n}");
            if self.taken.insert(candidate.clone()) {
                return candidate;
            }
            n += 1;
        }
    }

    /// Whether `name` is taken.
    pub fn contains(&self, name: &str) -> bool {
        self.taken.contains(name)
    }
}

/// The bone name of particle bone `index` of a system: `_particle_000`, … (at least 3 digits).
pub fn particle_bone_base(index: usize) -> String {
    format!("_particle_{index:03}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clashes_get_the_shortest_free_suffix() {
        let mut names = NameAllocator::new();
        assert!(names.reserve("root"));
        assert_eq!(names.claim("Fire"), "Fire");
        assert_eq!(names.claim("Fire"), "Fire_2");
        assert_eq!(names.claim("Fire_2"), "Fire_2_2");
        assert_eq!(names.claim("Fire"), "Fire_3");
        assert_eq!(names.claim("root"), "root_2");
        assert!(names.contains("Fire_3"));
    }

    #[test]
    fn sanitize_removes_separators_and_empties() {
        assert_eq!(sanitize("  a/b\\c:d\n ", "x"), "a_b_c_d");
        assert_eq!(sanitize("   ", "ParticleSystem"), "ParticleSystem");
        assert_eq!(sanitize("火焰 1", "x"), "火焰 1");
    }

    #[test]
    fn particle_names_are_padded() {
        assert_eq!(particle_bone_base(7), "_particle_007");
        assert_eq!(particle_bone_base(1234), "_particle_1234");
    }
}
