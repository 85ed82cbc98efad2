//! Joint hierarchy: parents resolved by exact name (first joint with that name, as MilkShape's
//! `FindJointByName` does; "" = root), and an evaluation order in which every parent comes before
//! its children even when the file lists a child first.
//!
//! Files that MilkShape and other loaders open are opened here too, with a warning for each
//! repair (`docs/reference/ms3d-format.md` §3, §5):
//! - a parent name that matches no joint (exporters write `none` or leave stale names): the
//!   joint is a root, as in assimp, which roots only joints whose parent is "" and drops the
//!   others, and MilkShape's viewer, which leaves them unparented;
//! - a parent chain that loops back on itself (a joint naming itself, or `a → b → a`): the
//!   cycle is cut at its joint that comes first in the file, which becomes a root;
//! - a name used by several joints: children naming it attach to the first (MilkShape's rule),
//!   reported once per name.

use std::collections::BTreeMap;

use crate::Result;
use crate::model::Joint;
use crate::section::Section;
use crate::warning::{Warning, WarningKind};

/// Resolved parents, a parents-first order, and the repairs made.
#[derive(Debug, Clone, PartialEq)]
pub struct Hierarchy {
    /// Parent index of each joint, `None` for roots.
    pub parents: Vec<Option<usize>>,
    /// Joint indices, every parent before its children (stable: file order among equals).
    pub order: Vec<usize>,
    /// What was repaired (see the module docs), in joint order; empty for a sound hierarchy.
    pub warnings: Vec<Warning>,
}

/// Resolves parent names. `offsets` gives each joint's parent-name byte offset for the
/// warnings (0 without it). Never fails: every repair is a warning (see the module docs).
pub fn resolve_parents(joints: &[Joint], offsets: Option<&[usize]>) -> Result<Hierarchy> {
    let offset_of = |i: usize| offsets.and_then(|o| o.get(i).copied()).unwrap_or(0);
    let warn = |i: usize, kind: WarningKind| Warning {
        section: Section::Joints,
        offset: offset_of(i),
        kind,
    };
    let mut warnings = Vec::new();
    let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
    let mut reported: BTreeMap<&str, ()> = BTreeMap::new();
    for (i, j) in joints.iter().enumerate() {
        match by_name.get(j.name.as_str()) {
            None => {
                by_name.insert(j.name.as_str(), i);
            }
            Some(&first) => {
                if reported.insert(j.name.as_str(), ()).is_none() {
                    warnings.push(warn(
                        i,
                        WarningKind::DuplicateJointName {
                            joint: i,
                            name: j.name.clone(),
                            first,
                        },
                    ));
                }
            }
        }
    }
    let mut parents = Vec::with_capacity(joints.len());
    for (i, j) in joints.iter().enumerate() {
        if j.parent_name.is_empty() {
            parents.push(None);
            continue;
        }
        match by_name.get(j.parent_name.as_str()) {
            Some(&p) => parents.push(Some(p)),
            None => {
                warnings.push(warn(
                    i,
                    WarningKind::ParentNotFound {
                        joint: j.name.clone(),
                        parent: j.parent_name.clone(),
                    },
                ));
                parents.push(None);
            }
        }
    }
    break_cycles(joints, &mut parents, &mut |i, kind| {
        warnings.push(warn(i, kind))
    });
    // Depth of every joint, memoised (no cycles are left).
    let mut depth: Vec<Option<usize>> = vec![None; joints.len()];
    let mut chain = Vec::new();
    for start in 0..joints.len() {
        chain.clear();
        let mut cur = start;
        let base = loop {
            if let Some(d) = depth[cur] {
                break d + 1;
            }
            chain.push(cur);
            match parents[cur] {
                Some(p) if chain.len() <= joints.len() => cur = p,
                _ => break 0,
            }
        };
        for (k, &j) in chain.iter().rev().enumerate() {
            depth[j] = Some(base + k);
        }
    }
    let mut order: Vec<usize> = (0..joints.len()).collect();
    order.sort_by_key(|&i| depth[i].unwrap_or(0));
    warnings.sort_by_key(|w| w.offset);
    Ok(Hierarchy {
        parents,
        order,
        warnings,
    })
}

/// Cuts every parent cycle at its joint that comes first in the file (one pass: each joint is
/// walked once), reporting each cut through `warn`.
fn break_cycles(
    joints: &[Joint],
    parents: &mut [Option<usize>],
    warn: &mut dyn FnMut(usize, WarningKind),
) {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        New,
        OnPath,
        Done,
    }
    let mut state = vec![State::New; joints.len()];
    let mut path = Vec::new();
    for start in 0..joints.len() {
        path.clear();
        let mut cur = Some(start);
        while let Some(j) = cur {
            match state[j] {
                State::Done => break,
                State::OnPath => {
                    // The path from the first visit of `j` to its end is the cycle.
                    let from = path.iter().position(|&p| p == j).unwrap_or(0);
                    let cut = path[from..].iter().copied().min().unwrap_or(j);
                    let joint = &joints[cut];
                    let kind = if parents[cut] == Some(cut) {
                        WarningKind::ParentIsSelf {
                            joint: joint.name.clone(),
                        }
                    } else {
                        WarningKind::OwnAncestor {
                            joint: joint.name.clone(),
                            parent: joint.parent_name.clone(),
                        }
                    };
                    warn(cut, kind);
                    parents[cut] = None;
                    break;
                }
                State::New => {
                    state[j] = State::OnPath;
                    path.push(j);
                    cur = parents[j];
                }
            }
        }
        for &j in &path {
            state[j] = State::Done;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joint(name: &str, parent: &str) -> Joint {
        Joint {
            flags: 0,
            name: name.into(),
            parent_name: parent.into(),
            rotation_rad: [0.0; 3],
            position: [0.0; 3],
            rotation_keys: Vec::new(),
            position_keys: Vec::new(),
        }
    }

    #[test]
    fn child_listed_first_is_ordered_after_parent() -> Result<()> {
        let h = resolve_parents(&[joint("c", "b"), joint("b", "a"), joint("a", "")], None)?;
        assert_eq!(h.parents, vec![Some(1), Some(2), None]);
        assert_eq!(h.order, vec![2, 1, 0]);
        assert!(h.warnings.is_empty());
        Ok(())
    }

    #[test]
    fn unknown_parent_names_load_as_roots_with_a_warning() -> Result<()> {
        let joints = [
            joint("a", ""),
            joint("b", "none"),
            joint("c", "b"),
            joint("d", "a"),
        ];
        let h = resolve_parents(&joints, Some(&[10, 103, 196, 289]))?;
        assert_eq!(h.parents, vec![None, None, Some(1), Some(0)]);
        assert_eq!(h.order, vec![0, 1, 2, 3]);
        assert_eq!(h.warnings.len(), 1);
        assert_eq!(
            (h.warnings[0].section, h.warnings[0].offset),
            (Section::Joints, 103)
        );
        assert_eq!(
            h.warnings[0].to_string(),
            "joints section, byte 103: joint \"b\" has parent \"none\", which matches no joint; loaded as a root"
        );
        Ok(())
    }

    #[test]
    fn cycles_are_cut_at_their_first_joint() -> Result<()> {
        // a → b → c → a, and d under c: the cycle is cut at a (first in the file).
        let joints = [
            joint("b", "c"),
            joint("a", "b"),
            joint("c", "a"),
            joint("d", "c"),
        ];
        let h = resolve_parents(&joints, None)?;
        assert_eq!(h.parents, vec![None, Some(0), Some(1), Some(2)]);
        assert_eq!(h.order, vec![0, 1, 2, 3]);
        assert_eq!(h.warnings.len(), 1);
        assert!(
            h.warnings[0]
                .to_string()
                .contains("\"b\" is its own ancestor"),
            "{}",
            h.warnings[0]
        );
        let own = resolve_parents(&[joint("a", "a"), joint("b", "a")], None)?;
        assert_eq!(own.parents, vec![None, Some(0)]);
        assert!(own.warnings[0].to_string().contains("names itself"));
        Ok(())
    }

    #[test]
    fn duplicate_names_attach_children_to_the_first() -> Result<()> {
        let joints = [
            joint("x", ""),
            joint("x", ""),
            joint("x", ""),
            joint("y", "x"),
        ];
        let h = resolve_parents(&joints, None)?;
        assert_eq!(h.parents[3], Some(0));
        assert_eq!(h.warnings.len(), 1, "{:?}", h.warnings);
        assert!(h.warnings[0].to_string().contains("attach to joint 0"));
        Ok(())
    }

    #[test]
    fn thousands_of_self_parented_joints_resolve_in_one_pass() -> Result<()> {
        let joints: Vec<Joint> = (0..20_000)
            .map(|i| joint(&format!("j{i}"), &format!("j{i}")))
            .collect();
        let h = resolve_parents(&joints, None)?;
        assert!(h.parents.iter().all(Option::is_none));
        assert_eq!(h.warnings.len(), joints.len());
        Ok(())
    }
}
