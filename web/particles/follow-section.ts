// The property panel's Follow section pickers: the skeleton (or none), the bone and the placed
// instance (`follow.instance`: 0, written as absent, is the first instance, at the skeleton's own
// position; n is its extra instance n). Their choices come from the loaded skeletons
// (FollowSkeletons), not from the field schema; a value the loaded skeleton does not have (a
// skeleton not loaded, a bone it lacks, an instance removed since) stays selectable, marked, and
// the section's note says why the system is not following (follow-live.ts `missingReason`). Each
// change is one undo step through the Form (ctx.edit).

import { t } from '../i18n';
import { boneNames, instanceOf, missingReason, type FollowSkeletons } from '../skeleton/object/follow-live';
import { instanceLabelValues } from '../skeleton/object/instances';
import type { FollowBone, ParticleSystem, Scene } from '../document/types';
import { h } from '../ui/dom';
import type { Choice, Form } from '../ui/widgets';

/** The selected system in a draft of the document (throws when it is gone). */
export type SystemOf = (d: Scene) => ParticleSystem;

/** Sets `follow.instance`, leaving it out for the first instance (documents stay as they were). */
export function setInstance(follow: FollowBone, instance: number): void {
  if (instance === 0) delete follow.instance;
  else follow.instance = instance;
}

/**
 * Menu entries of a skeleton's instances, `[index, "n (x, y)"]` counted from 1, plus `current`
 * marked "not placed" when the skeleton does not have it (only `current`, marked "not loaded",
 * while the skeleton is not loaded).
 */
export function instanceChoices(skeletons: FollowSkeletons, skeleton: string, current: number): Choice[] {
  const s = skeletons.get(skeleton);
  if (s === undefined) return [[String(current), t('followNotLoaded', { name: current + 1 })]];
  const instances = s.instances;
  const choices = instances.map((p, i): Choice => [String(i), t('followInstance', instanceLabelValues(i, p))]);
  if (current >= instances.length) choices.push([String(current), t('followInstanceGone', { n: current + 1 })]);
  return choices;
}

/** What decides the pickers' choices (the panel rebuilds when it changes). */
export function followSignature(skeletons: FollowSkeletons): string[] {
  return [...skeletons.entries()].map(([n, s]) => `${n}:${boneNames(skeletons, n).length}:${s.instances.map((p, i) => {
    const v = instanceLabelValues(i, p);
    return `${v.x},${v.y}`;
  }).join(';')}`);
}

/**
 * Appends the picker of `path` (`…follow.skeleton`, `…follow.bone` or `…follow.instance`) for
 * `sys` (the bone and instance only while the system follows something).
 */
export function followPicker(parent: HTMLElement, form: Form, skeletons: FollowSkeletons, path: string, label: string, key: string, S: SystemOf, sys: ParticleSystem): void {
  const f = sys.follow;
  if (path.endsWith('.skeleton')) {
    const names = [...skeletons.keys()].sort();
    const choices: Choice[] = [['', t('followNone')], ...names.map((n): Choice => [n, n])];
    if (f !== undefined && !skeletons.has(f.skeleton)) choices.push([f.skeleton, t('followNotLoaded', { name: f.skeleton })]);
    const setSkeleton = (d: Scene, name: string): void => {
      const s = S(d);
      if (name === '') {
        delete s.follow;
        return;
      }
      const bones = boneNames(skeletons, name);
      const previous = s.follow;
      const bone = previous !== undefined && bones.includes(previous.bone) ? previous.bone : (bones[0] ?? 'root');
      const next: FollowBone = { skeleton: name, bone, offsetX: previous?.offsetX ?? 0, offsetY: previous?.offsetY ?? 0 };
      // The instance carries over when the new skeleton has it, else the first.
      const instance = previous === undefined ? 0 : instanceOf(previous);
      setInstance(next, instance < (skeletons.get(name)?.instances.length ?? 0) ? instance : 0);
      s.follow = next;
    };
    parent.append(form.select(label, choices, (d) => S(d).follow?.skeleton ?? '', setSkeleton, key));
    return;
  }
  if (f === undefined) return;
  if (path.endsWith('.instance')) {
    const choices = instanceChoices(skeletons, f.skeleton, instanceOf(f));
    const get = (d: Scene): string => String(instanceOf(S(d).follow ?? { instance: 0 }));
    const set = (d: Scene, v: string): void => {
      const follow = S(d).follow;
      if (follow !== undefined) setInstance(follow, Number(v));
    };
    parent.append(form.select(label, choices, get, set, key));
    return;
  }
  const bones = boneNames(skeletons, f.skeleton);
  const choices: Choice[] = bones.map((b): Choice => [b, b]);
  if (!bones.includes(f.bone)) choices.push([f.bone, t('followNotLoaded', { name: f.bone })]);
  parent.append(form.select(label, choices, (d) => S(d).follow?.bone ?? '', (d, v) => {
    const follow = S(d).follow;
    if (follow !== undefined) follow.bone = v;
  }, key));
}

/** Why a followed target is not followed, or how to get something to follow. */
export function followNotes(parent: HTMLElement, skeletons: FollowSkeletons, sys: ParticleSystem): void {
  const f = sys.follow;
  if (f === undefined) {
    if (skeletons.size === 0) parent.append(h('p', { class: 'hint' }, t('followNoSkeleton')));
    return;
  }
  const instance = instanceOf(f);
  const reason = missingReason(skeletons, f.skeleton, f.bone, instance);
  if (reason === null) return;
  const text = reason === 'instance'
    ? t('followInstanceMissing', { n: instance + 1, name: f.skeleton, count: skeletons.get(f.skeleton)?.instances.length ?? 0 })
    : t('followMissing');
  parent.append(h('p', { class: 'hint warn', 'data-follow-missing': reason }, text));
}
