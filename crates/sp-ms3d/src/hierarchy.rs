//! Joint hierarchy: parents resolved by exact name (first joint with that name, as MilkShape's
//! `FindJointByName` does; "" = root), and an evaluation order in which every parent comes before
//! its children even when the file lists a child first. Unknown parent names and cycles are
//! errors.

use std::collections::BTreeMap;

use crate::model::Joint;
use crate::{Error, Result};

/// Resolved parents and a parents-first order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hierarchy {
    /// Parent index of each joint, `None` for roots.
    pub parents: Vec<Option<usize>>,
    /// Joint indices, every parent before its children (stable: file order among equals).
    pub order: Vec<usize>,
}

/// Resolves parent names. `offsets` gives each joint's parent-name byte offset for errors.
pub fn resolve_parents(joints: &[Joint], offsets: Option<&[usize]>) -> Result<Hierarchy> {
    let offset_of = |i: usize| offsets.and_then(|o| o.get(i).copied()).unwrap_or(0);
    let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, j) in joints.iter().enumerate() {
        by_name.entry(j.name.as_str()).or_insert(i);
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
                return Err(Error::MissingParent {
                    offset: offset_of(i),
                    joint: j.name.clone(),
                    parent: j.parent_name.clone(),
                });
            }
        }
    }
    // Depth of every joint, memoised; a chain longer than the joint count is a cycle.
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
            if chain.len() > joints.len() {
                return Err(Error::JointCycle {
                    offset: offset_of(start),
                    joint: joints[start].name.clone(),
                });
            }
            match parents[cur] {
                Some(p) => cur = p,
                None => break 0,
            }
        };
        for (k, &j) in chain.iter().rev().enumerate() {
            depth[j] = Some(base + k);
        }
    }
    let mut order: Vec<usize> = (0..joints.len()).collect();
    order.sort_by_key(|&i| depth[i].unwrap_or(0));
    Ok(Hierarchy { parents, order })
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
        Ok(())
    }

    #[test]
    fn unknown_parent_and_cycles_are_errors() {
        let missing = resolve_parents(&[joint("a", ""), joint("b", "none")], Some(&[10, 103]));
        assert!(matches!(
            missing,
            Err(Error::MissingParent { offset: 103, .. })
        ));
        let cycle = resolve_parents(&[joint("a", "b"), joint("b", "a")], None);
        assert!(matches!(cycle, Err(Error::JointCycle { .. })));
        let own = resolve_parents(&[joint("a", "a")], None);
        assert!(matches!(own, Err(Error::JointCycle { .. })));
    }
}
