// Property panel of the selected system: every property of the document's ParticleSystem.
// Rebuilt when the structure changes (selection, emitter kind, number of keys/bursts/textures,
// language); otherwise values refresh in place so typing keeps focus.

import { t } from '../i18n';
import { boneNames, missingReason } from '../skeleton/object/follow-live';
import type { EmitterShape, FollowBone, ParticleSystem, Scene } from '../document/types';
import type { EditorContext } from '../editor/context';
import { clear, h } from '../ui/dom';
import { appendCurveEditors } from './curves';
import { limitsOf } from './limits';
import { Form, type Choice } from '../ui/widgets';


/** The property panel. */
export class PropertiesPanel {
  private form: Form | null = null;
  private signature = '';

  constructor(
    private readonly root: HTMLElement,
    private readonly ctx: EditorContext,
  ) {}

  /** Shows the selected system of `doc`. */
  update(doc: Scene): void {
    const index = this.ctx.selected();
    const sys = index >= 0 ? doc.systems[index] : undefined;
    const skeletons = [...this.ctx.followSkeletons().keys()].map((n) => `${n}:${boneNames(this.ctx.followSkeletons(), n).length}`).join('\u0000');
    const signature = structureOf(index, sys, doc, skeletons);
    if (signature !== this.signature || this.form === null) {
      this.signature = signature;
      this.build(index, sys);
    }
    this.form?.refresh(doc);
  }

  /** Forces a rebuild (language change). */
  invalidate(): void {
    this.signature = '';
  }

  private build(i: number, sys: ParticleSystem | undefined): void {
    clear(this.root);
    this.root.appendChild(h('h2', {}, t('properties')));
    const form = new Form(this.ctx);
    this.form = form;
    if (sys === undefined) {
      this.root.appendChild(h('p', { class: 'hint' }, t('noSelection')));
      return;
    }
    const S = (d: Scene): ParticleSystem => {
      const s = d.systems[i];
      if (s === undefined) throw new Error(t('systemGone'));
      return s;
    };
    const k = (path: string): string => `systems[${i}].${path}`;
    const schema = this.ctx.engine.fieldSchema();
    /** Limits of `systems[].<path>` from the core's schema. */
    const L = (path: string) => limitsOf(schema, `systems[].${path}`);
    const section = (title: string, open = true): HTMLElement => {
      const body = h('div', { class: 'section-body' });
      this.root.appendChild(h('details', { class: 'section', open }, h('summary', {}, title), body));
      return body;
    };

    // --- General
    let sec = section(t('secGeneral'));
    sec.append(
      form.text(t('name'), (d) => S(d).name, (d, v) => (S(d).name = v), k('name')),
      form.check(t('visible'), (d) => S(d).visible, (d, v) => (S(d).visible = v), k('visible')),
      form.select(t('mode'), [['oneShot', t('modeOneShot')], ['loopContinuous', t('modeLoop')]], (d) => S(d).mode, (d, v) => (S(d).mode = v as ParticleSystem['mode']), k('mode')),
      form.number(t('duration'), (d) => S(d).durationSecs, (d, v) => (S(d).durationSecs = v), k('durationSecs'), L('durationSecs')),
      form.number(t('delay'), (d) => S(d).delaySecs, (d, v) => (S(d).delaySecs = v), k('delaySecs'), L('delaySecs')),
      form.number(t('seed'), (d) => S(d).seed, (d, v) => (S(d).seed = v), k('seed'), L('seed')),
      form.select(t('space'), [['world', t('spaceWorld')], ['local', t('spaceLocal')]], (d) => S(d).space, (d, v) => (S(d).space = v as ParticleSystem['space']), k('space')),
    );
    const animChoices = (): Choice[] => this.ctx.store.doc.animations.map((a) => [a, a]);
    if (sys.mode === 'oneShot') {
      sec.append(form.select(t('animation'), animChoices(), (d) => S(d).animation, (d, v) => (S(d).animation = v), k('animation')));
    } else {
      sec.append(
        form.text(t('loopStart'), (d) => S(d).loopAnimations.start, (d, v) => (S(d).loopAnimations.start = v), k('loopAnimations.start')),
        form.text(t('loopLoop'), (d) => S(d).loopAnimations.loop, (d, v) => (S(d).loopAnimations.loop = v), k('loopAnimations.loop')),
        form.text(t('loopEnd'), (d) => S(d).loopAnimations.end, (d, v) => (S(d).loopAnimations.end = v), k('loopAnimations.end')),
      );
    }

    // --- Transform
    sec = section(t('secTransform'));
    sec.append(
      form.pair(t('position'), ['x', 'y'], [(d) => S(d).transform.x, (d) => S(d).transform.y], [(d, v) => (S(d).transform.x = v), (d, v) => (S(d).transform.y = v)], k('transform.xy')),
      form.number(t('rotation'), (d) => S(d).transform.rotationDeg, (d, v) => (S(d).transform.rotationDeg = v), k('transform.rotationDeg'), L('transform.rotationDeg')),
      form.pair(t('scale'), ['x', 'y'], [(d) => S(d).transform.scaleX, (d) => S(d).transform.scaleY], [(d, v) => (S(d).transform.scaleX = v), (d, v) => (S(d).transform.scaleY = v)], k('transform.scale'), L('transform.scaleX')),
    );

    // --- Follow a bone of a loaded skeleton (export spec §10.4)
    // Open when it is in use or when there is something to follow.
    sec = section(t('secFollow'), (sys.follow !== undefined && sys.follow !== null) || this.ctx.followSkeletons().size > 0);
    this.appendFollow(sec, form, sys, S, k);

    // --- Emission
    sec = section(t('secEmission'));
    const shapes: Choice[] = [['point', t('shapePoint')], ['circle', t('shapeCircle')], ['rect', t('shapeRect')], ['line', t('shapeLine')]];
    sec.append(form.select(t('emitter'), shapes, (d) => S(d).emitter.kind, (d, v) => (S(d).emitter = defaultShape(v, S(d).emitter)), k('emitter.kind')));
    const em = sys.emitter;
    if (em.kind === 'circle') {
      sec.append(
        form.number(t('radius'), (d) => shapeNum(S(d).emitter, 'radius'), (d, v) => setShapeNum(S(d).emitter, 'radius', v), k('emitter.radius'), L('emitter(circle).radius')),
        form.check(t('edgeOnly'), (d) => shapeEdge(S(d).emitter), (d, v) => setShapeEdge(S(d).emitter, v), k('emitter.edge')),
      );
    } else if (em.kind === 'rect') {
      sec.append(
        form.pair(t('size'), [t('width'), t('height')], [(d) => shapeNum(S(d).emitter, 'width'), (d) => shapeNum(S(d).emitter, 'height')], [(d, v) => setShapeNum(S(d).emitter, 'width', v), (d, v) => setShapeNum(S(d).emitter, 'height', v)], k('emitter.size'), L('emitter(rect).width')),
        form.check(t('edgeOnly'), (d) => shapeEdge(S(d).emitter), (d, v) => setShapeEdge(S(d).emitter, v), k('emitter.edge')),
      );
    } else if (em.kind === 'line') {
      sec.append(form.number(t('length'), (d) => shapeNum(S(d).emitter, 'length'), (d, v) => setShapeNum(S(d).emitter, 'length', v), k('emitter.length'), L('emitter(line).length')));
    }
    sec.append(
      form.number(t('rate'), (d) => S(d).ratePerSec, (d, v) => (S(d).ratePerSec = v), k('ratePerSec'), L('ratePerSec')),
      form.number(t('maxParticles'), (d) => S(d).maxParticles, (d, v) => (S(d).maxParticles = v), k('maxParticles'), L('maxParticles')),
    );
    const bursts = h('div', { class: 'list' }, h('div', { class: 'list-title' }, t('bursts')));
    sys.bursts.forEach((_, b) => {
      bursts.appendChild(
        h('div', { class: 'row keyrow' },
          form.numberInput(`${t('bursts')} ${b + 1} ${t('time')}`, (d) => S(d).bursts[b]?.timeSecs ?? 0, (d, v) => (S(d).bursts[b].timeSecs = v), k(`bursts[${b}].timeSecs`), L('bursts[].timeSecs')),
          form.numberInput(`${t('bursts')} ${b + 1} ${t('count')}`, (d) => S(d).bursts[b]?.count ?? 0, (d, v) => (S(d).bursts[b].count = v), k(`bursts[${b}].count`), L('bursts[].count')),
          h('button', { type: 'button', class: 'icon', title: t('remove'), onclick: () => this.ctx.edit(t('removeBurst'), (d) => void S(d).bursts.splice(b, 1)) }, '✕'),
        ),
      );
    });
    bursts.appendChild(h('button', { type: 'button', class: 'small', onclick: () => this.ctx.edit(t('addBurst'), (d) => void S(d).bursts.push({ timeSecs: 0, count: 10 })) }, t('addBurst')));
    sec.append(bursts);

    // --- Motion
    sec = section(t('secMotion'));
    const range = (label: string, field: 'lifetimeSecs' | 'speed' | 'startRotationDeg' | 'angularVelocityDeg' | 'startScale'): HTMLElement =>
      form.pair(label, [t('min'), t('max')], [(d) => S(d)[field].min, (d) => S(d)[field].max], [(d, v) => (S(d)[field].min = v), (d, v) => (S(d)[field].max = v)], k(field), L(field));
    sec.append(
      range(t('lifetime'), 'lifetimeSecs'),
      range(t('speed'), 'speed'),
      form.number(t('direction'), (d) => S(d).directionDeg, (d, v) => (S(d).directionDeg = v), k('directionDeg'), L('directionDeg')),
      form.number(t('spread'), (d) => S(d).spreadDeg, (d, v) => (S(d).spreadDeg = v), k('spreadDeg'), L('spreadDeg')),
      form.pair(t('gravity'), ['x', 'y'], [(d) => S(d).gravity[0], (d) => S(d).gravity[1]], [(d, v) => (S(d).gravity[0] = v), (d, v) => (S(d).gravity[1] = v)], k('gravity'), L('gravity[0]')),
      form.number(t('damping'), (d) => S(d).damping, (d, v) => (S(d).damping = v), k('damping'), L('damping')),
      range(t('startRotation'), 'startRotationDeg'),
      range(t('angularVelocity'), 'angularVelocityDeg'),
      form.check(t('alignToVelocity'), (d) => S(d).alignToVelocity, (d, v) => (S(d).alignToVelocity = v), k('alignToVelocity')),
    );

    // --- Appearance
    sec = section(t('secAppearance'));
    sec.append(range(t('startScale'), 'startScale'));
    appendCurveEditors(sec, form, this.ctx, i, sys);
    sec.append(
      form.pair(t('anchor'), ['x', 'y'], [(d) => S(d).anchor[0], (d) => S(d).anchor[1]], [(d, v) => (S(d).anchor[0] = v), (d, v) => (S(d).anchor[1] = v)], k('anchor'), L('anchor[0]')),
      form.select(t('blend'), [['normal', t('blendNormal')], ['additive', t('blendAdditive')], ['multiply', t('blendMultiply')], ['screen', t('blendScreen')]], (d) => S(d).blend, (d, v) => (S(d).blend = v as ParticleSystem['blend']), k('blend')),
      form.select(
        t('drawOrder'),
        [['newestOnTop', t('drawOrderNewestOnTop')], ['oldestOnTop', t('drawOrderOldestOnTop')]],
        (d) => S(d).drawOrder ?? 'newestOnTop',
        (d, v) => {
          // The default is not written, as the core saves it.
          if (v === 'oldestOnTop') S(d).drawOrder = 'oldestOnTop';
          else delete S(d).drawOrder;
        },
        k('drawOrder'),
      ),
    );

    // --- Textures and flipbook
    sec = section(t('secTextures'));
    const choices: Choice[] = this.ctx.textureChoices().map((c) => [c, c]);
    const missing = new Set(this.ctx.store.doc.images.filter((im) => !this.ctx.engine.imagePaths().includes(im.path)).map((im) => im.path));
    sys.textures.forEach((tex, ti) => {
      sec.append(
        h('div', { class: 'row keyrow' },
          form.selectInput(`${t('texture')} ${ti + 1}`, choices, (d) => S(d).textures[ti] ?? '', (d, v) => (S(d).textures[ti] = v), k(`textures[${ti}]`)),
          missing.has(tex) ? h('span', { class: 'badge warn', title: t('imageMissing') }, '!') : null,
          h('button', { type: 'button', class: 'icon', title: t('moveUp'), disabled: ti === 0, onclick: () => this.ctx.edit(t('reorderTextures'), (d) => swap(S(d).textures, ti, ti - 1)) }, '↑'),
          h('button', { type: 'button', class: 'icon', title: t('remove'), disabled: sys.textures.length <= 1, onclick: () => this.ctx.edit(t('removeTexture'), (d) => void S(d).textures.splice(ti, 1)) }, '✕'),
        ),
      );
    });
    sec.append(
      h('button', { type: 'button', class: 'small', onclick: () => this.ctx.edit(t('addTexture'), (d) => void S(d).textures.push(S(d).textures[S(d).textures.length - 1] ?? 'builtin:soft_dot')) }, t('addTexture')),
      h('p', { class: 'hint' }, t('dropHint')),
      form.select(t('texturePick'), [['random', t('pickRandom')], ['inOrder', t('pickInOrder')]], (d) => S(d).texturePick, (d, v) => (S(d).texturePick = v as ParticleSystem['texturePick']), k('texturePick')),
      form.check(t('flipbook'), (d) => S(d).flipbook.enabled, (d, v) => (S(d).flipbook.enabled = v), k('flipbook.enabled')),
      form.number(t('flipbookFps'), (d) => S(d).flipbook.fps, (d, v) => (S(d).flipbook.fps = v), k('flipbook.fps'), L('flipbook.fps')),
      form.select(t('flipbookMode'), [['onceVanish', t('fbOnceVanish')], ['onceHold', t('fbOnceHold')], ['loop', t('fbLoop')], ['reverseLoop', t('fbReverseLoop')]], (d) => S(d).flipbook.mode, (d, v) => (S(d).flipbook.mode = v as ParticleSystem['flipbook']['mode']), k('flipbook.mode')),
    );
  }

  /** The follow section: skeleton (or none), bone, offset, and why a target is not followed. */
  private appendFollow(sec: HTMLElement, form: Form, sys: ParticleSystem, S: (d: Scene) => ParticleSystem, k: (p: string) => string): void {
    const skeletons = this.ctx.followSkeletons();
    const f = sys.follow ?? null;
    const names = [...skeletons.keys()].sort();
    const choices: Choice[] = [['', t('followNone')], ...names.map((n): Choice => [n, n])];
    if (f !== null && !skeletons.has(f.skeleton)) choices.push([f.skeleton, t('followNotLoaded', { name: f.skeleton })]);
    const setSkeleton = (d: Scene, name: string): void => {
      const s = S(d);
      if (name === '') {
        delete s.follow;
        return;
      }
      const bones = boneNames(skeletons, name);
      const previous = s.follow ?? null;
      const bone = previous !== null && bones.includes(previous.bone) ? previous.bone : (bones[0] ?? 'root');
      const next: FollowBone = { skeleton: name, bone, offsetX: previous?.offsetX ?? 0, offsetY: previous?.offsetY ?? 0 };
      s.follow = next;
    };
    sec.append(form.select(t('followSkeleton'), choices, (d) => S(d).follow?.skeleton ?? '', setSkeleton, k('follow.skeleton')));
    if (f === null) {
      if (names.length === 0) sec.append(h('p', { class: 'hint' }, t('followNoSkeleton')));
      return;
    }
    const bones = boneNames(skeletons, f.skeleton);
    const boneChoices: Choice[] = bones.map((b): Choice => [b, b]);
    if (!bones.includes(f.bone)) boneChoices.push([f.bone, t('followNotLoaded', { name: f.bone })]);
    const followOf = (d: Scene): FollowBone => {
      const v = S(d).follow;
      if (v === undefined || v === null) throw new Error(t('systemGone'));
      return v;
    };
    sec.append(
      form.select(t('followBone'), boneChoices, (d) => S(d).follow?.bone ?? '', (d, v) => (followOf(d).bone = v), k('follow.bone')),
      form.pair(t('followOffset'), ['x', 'y'], [(d) => S(d).follow?.offsetX ?? 0, (d) => S(d).follow?.offsetY ?? 0], [(d, v) => (followOf(d).offsetX = v), (d, v) => (followOf(d).offsetY = v)], k('follow.offset'), limitsOf(this.ctx.engine.fieldSchema(), 'systems[].follow.offsetX')),
    );
    const reason = missingReason(skeletons, f.skeleton, f.bone);
    if (reason !== null) sec.append(h('p', { class: 'hint warn', 'data-follow-missing': reason }, t('followMissing')));
  }
}

function structureOf(index: number, sys: ParticleSystem | undefined, doc: Scene, skeletons: string): string {
  if (sys === undefined) return `none|${doc.systems.length}`;
  return [
    sys.follow?.skeleton ?? '',
    sys.follow?.bone ?? '',
    skeletons,
    index,
    sys.mode,
    sys.emitter.kind,
    sys.bursts.length,
    sys.scaleCurve.length,
    sys.alphaCurve.length,
    sys.colorGradient.length,
    sys.textures.join('\u0000'),
    doc.animations.join('\u0000'),
    doc.images.map((i) => i.path).join('\u0000'),
  ].join('|');
}

function swap<T>(list: T[], a: number, b: number): void {
  const tmp = list[a];
  list[a] = list[b];
  list[b] = tmp;
}

function defaultShape(kind: string, previous: EmitterShape): EmitterShape {
  if (kind === previous.kind) return previous;
  switch (kind) {
    case 'circle':
      return { kind: 'circle', radius: 50, edge: false };
    case 'rect':
      return { kind: 'rect', width: 100, height: 100, edge: false };
    case 'line':
      return { kind: 'line', length: 100 };
    default:
      return { kind: 'point' };
  }
}

function shapeNum(shape: EmitterShape, field: 'radius' | 'width' | 'height' | 'length'): number {
  const value = (shape as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : 0;
}

function setShapeNum(shape: EmitterShape, field: 'radius' | 'width' | 'height' | 'length', v: number): void {
  (shape as unknown as Record<string, unknown>)[field] = v;
}

function shapeEdge(shape: EmitterShape): boolean {
  return 'edge' in shape ? shape.edge : false;
}

function setShapeEdge(shape: EmitterShape, v: boolean): void {
  if ('edge' in shape) shape.edge = v;
}
