// Labels of the document's fields in Chinese and English, keyed by their field-schema path
// (`systems[].ratePerSec`, `systems[].forces[](vortex).radiusPx`); a choice's options are keyed
// `path=option`, and `path=` labels an extra "unset" choice (the field absent, e.g. a trail's
// blend that follows its system's); units by their schema unit. tests/node/panel-schema.wasm.test.ts fails when a
// schema field or option of a particle system has no label in either language.

import { lang } from './index';

type Both = readonly [zh: string, en: string];

const SHAPE = 'systems[].emitter';
const FORCE = 'systems[].forces[]';
const force = (kind: string, fields: Record<string, Both>): Record<string, Both> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${FORCE}(${kind}).${k}`, v]));
const OVER_LIFE: Both = ['生命周期倍率', 'Multiplier over life'];
const SPACE: Both = ['中心坐标空间', 'Centre space'];

/** Field labels: path → [Chinese, English]. */
export const FIELD_LABELS: Readonly<Record<string, Both>> = {
  'systems[].name': ['名称', 'Name'],
  'systems[].visible': ['可见', 'Visible'],
  'systems[].animation': ['所属动画', 'Animation'],
  'systems[].loopAnimations.start': ['开始动画名', 'Start animation'],
  'systems[].loopAnimations.loop': ['循环动画名', 'Loop animation'],
  'systems[].loopAnimations.end': ['结束动画名', 'End animation'],
  'systems[].seed': ['随机种子', 'Seed'],
  'systems[].transform.x': ['位置 X', 'Position X'],
  'systems[].transform.y': ['位置 Y', 'Position Y'],
  'systems[].transform.rotationDeg': ['旋转', 'Rotation'],
  'systems[].transform.scaleX': ['缩放 X', 'Scale X'],
  'systems[].transform.scaleY': ['缩放 Y', 'Scale Y'],
  'systems[].space': ['坐标空间', 'Space'],
  'systems[].space=local': ['本地', 'Local'],
  'systems[].space=world': ['世界', 'World'],
  'systems[].mode': ['播放模式', 'Mode'],
  'systems[].mode=oneShot': ['单次', 'One-shot'],
  'systems[].mode=loopContinuous': ['循环持续', 'Loop continuous'],
  'systems[].durationSecs': ['持续时间', 'Duration'],
  'systems[].delaySecs': ['延迟', 'Delay'],
  [`${SHAPE}.kind`]: ['发射器形状', 'Emitter shape'],
  [`${SHAPE}.kind=point`]: ['点', 'Point'],
  [`${SHAPE}.kind=circle`]: ['圆形', 'Circle'],
  [`${SHAPE}.kind=rect`]: ['矩形', 'Rectangle'],
  [`${SHAPE}.kind=line`]: ['线段', 'Line'],
  [`${SHAPE}.kind=arc`]: ['圆弧', 'Arc'],
  [`${SHAPE}.kind=roundedRect`]: ['圆角矩形', 'Rounded rectangle'],
  [`${SHAPE}(circle).radius`]: ['半径', 'Radius'],
  [`${SHAPE}(circle).edge`]: ['仅边缘', 'Edge only'],
  [`${SHAPE}(circle).thicknessPx`]: ['边缘厚度', 'Edge thickness'],
  [`${SHAPE}(rect).width`]: ['宽', 'Width'],
  [`${SHAPE}(rect).height`]: ['高', 'Height'],
  [`${SHAPE}(rect).edge`]: ['仅边缘', 'Edge only'],
  [`${SHAPE}(rect).thicknessPx`]: ['边缘厚度', 'Edge thickness'],
  [`${SHAPE}(line).length`]: ['长度', 'Length'],
  [`${SHAPE}(arc).radius`]: ['外半径', 'Outer radius'],
  [`${SHAPE}(arc).startDeg`]: ['起始角', 'Start angle'],
  [`${SHAPE}(arc).spanDeg`]: ['张角', 'Span'],
  [`${SHAPE}(arc).thicknessPx`]: ['环带厚度', 'Band thickness'],
  [`${SHAPE}(roundedRect).width`]: ['宽', 'Width'],
  [`${SHAPE}(roundedRect).height`]: ['高', 'Height'],
  [`${SHAPE}(roundedRect).cornerRadiusPx`]: ['圆角半径', 'Corner radius'],
  [`${SHAPE}(roundedRect).edge`]: ['仅边缘', 'Edge only'],
  [`${SHAPE}(roundedRect).thicknessPx`]: ['边缘厚度', 'Edge thickness'],
  'systems[].ratePerSec': ['发射速率', 'Rate'],
  'systems[].rateCurve': ['发射速率曲线（持续时间内）', 'Rate over duration'],
  'systems[].bursts': ['爆发', 'Bursts'],
  'systems[].bursts[].timeSecs': ['时间', 'Time'],
  'systems[].bursts[].count': ['数量', 'Count'],
  'systems[].bursts[].intervalSecs': ['重复间隔', 'Repeat interval'],
  'systems[].bursts[].cycles': ['次数（0：填满）', 'Cycles (0: fill)'],
  'systems[].maxParticles': ['最大粒子数', 'Max particles'],
  'systems[].lifetimeSecs': ['生命周期', 'Lifetime'],
  'systems[].speed': ['速度', 'Speed'],
  'systems[].directionDeg': ['方向', 'Direction'],
  'systems[].spreadDeg': ['扩散角', 'Spread'],
  'systems[].gravity[0]': ['重力 X', 'Gravity X'],
  'systems[].gravity[1]': ['重力 Y', 'Gravity Y'],
  'systems[].damping': ['阻尼', 'Damping'],
  'systems[].startRotationDeg': ['初始旋转', 'Start rotation'],
  'systems[].angularVelocityDeg': ['角速度', 'Angular velocity'],
  'systems[].alignToVelocity': ['沿速度方向旋转（旧）', 'Align to velocity (legacy)'],
  'systems[].rotationMode': ['初始旋转模式', 'Start rotation mode'],
  'systems[].rotationMode=random': ['随机', 'Random'],
  'systems[].rotationMode=fixed': ['固定', 'Fixed'],
  'systems[].rotationMode=initialDirection': ['初始运动方向', 'Initial direction'],
  'systems[].rotationMode=velocity': ['跟随速度方向', 'Follow velocity'],
  'systems[].startScale': ['初始缩放', 'Start scale'],
  'systems[].scaleCurve': ['缩放曲线', 'Scale curve'],
  'systems[].colorGradient': ['颜色渐变', 'Colour gradient'],
  'systems[].colorGradient[].color': ['颜色', 'Colour'],
  'systems[].alphaCurve': ['透明度曲线', 'Alpha curve'],
  'systems[].scaleCurve[]': ['曲线关键点', 'Curve keys'],
  'systems[].overLife.speed': ['速度倍率（生命周期）', 'Speed over life'],
  'systems[].overLife.spin': ['角速度倍率（生命周期）', 'Spin over life'],
  'systems[].overLife.sizeX': ['宽度倍率（生命周期）', 'Size X over life'],
  'systems[].overLife.sizeY': ['高度倍率（生命周期）', 'Size Y over life'],
  'systems[].overLife.gravity': ['重力倍率（生命周期）', 'Gravity over life'],
  'systems[].forces': ['力场', 'Forces'],
  [`${FORCE}.kind`]: ['力场类型', 'Force'],
  [`${FORCE}.kind=turbulence`]: ['湍流', 'Turbulence'],
  [`${FORCE}.kind=vortex`]: ['涡旋', 'Vortex'],
  [`${FORCE}.kind=attractor`]: ['吸引点', 'Attractor'],
  [`${FORCE}.kind=wind`]: ['风', 'Wind'],
  [`${FORCE}.kind=drag`]: ['阻力', 'Drag'],
  [`${FORCE}.kind=speedLimit`]: ['限速', 'Speed limit'],
  ...force('turbulence', {
    accelPxPerSec2: ['强度', 'Strength'],
    overLife: OVER_LIFE,
    frequencyPerPx: ['空间频率', 'Frequency'],
    scrollPerSec: ['变化速度', 'Scroll speed'],
    octaves: ['细节层数', 'Octaves'],
    seed: ['种子偏移', 'Seed offset'],
  }),
  ...force('vortex', {
    spinDegPerSec: ['旋转强度', 'Spin'],
    overLife: OVER_LIFE,
    'center[0]': ['中心 X', 'Centre X'],
    'center[1]': ['中心 Y', 'Centre Y'],
    space: SPACE,
    'space=system': ['系统', 'System'],
    'space=scene': ['场景', 'Scene'],
    radiusPx: ['刚性半径', 'Radius'],
    pullPerSec: ['向心拉力', 'Pull'],
  }),
  ...force('attractor', {
    accelPxPerSec2: ['强度（负值：排斥）', 'Strength (negative: repel)'],
    overLife: OVER_LIFE,
    'position[0]': ['位置 X', 'Position X'],
    'position[1]': ['位置 Y', 'Position Y'],
    space: SPACE,
    'space=system': ['系统', 'System'],
    'space=scene': ['场景', 'Scene'],
    radiusPx: ['作用半径', 'Reach'],
    falloff: ['衰减', 'Falloff'],
    'falloff=constant': ['恒定', 'Constant'],
    'falloff=linear': ['线性', 'Linear'],
    'falloff=smooth': ['平滑', 'Smooth'],
  }),
  ...force('wind', { accelPxPerSec2: ['强度', 'Strength'], overLife: OVER_LIFE, directionDeg: ['方向', 'Direction'] }),
  ...force('drag', { perSec: ['阻力系数', 'Drag rate'], overLife: OVER_LIFE }),
  ...force('speedLimit', { maxPxPerSec: ['最大速度', 'Max speed'], overLife: OVER_LIFE }),
  'systems[].textures': ['贴图', 'Textures'],
  'systems[].textures[]': ['贴图', 'Texture'],
  'systems[].texturePick': ['贴图选择', 'Texture pick'],
  'systems[].texturePick=random': ['随机', 'Random'],
  'systems[].texturePick=inOrder': ['按顺序', 'In order'],
  'systems[].flipbook.enabled': ['序列帧动画', 'Flipbook'],
  'systems[].flipbook.fps': ['序列帧 FPS', 'Flipbook FPS'],
  'systems[].flipbook.mode': ['序列帧模式', 'Flipbook mode'],
  'systems[].flipbook.mode=onceVanish': ['单次-尾帧消失', 'Once, then vanish'],
  'systems[].flipbook.mode=onceHold': ['单次-尾帧固定', 'Once, hold last'],
  'systems[].flipbook.mode=loop': ['正向循环', 'Loop'],
  'systems[].flipbook.mode=reverseLoop': ['反向循环', 'Reverse loop'],
  'systems[].anchor[0]': ['锚点 X', 'Anchor X'],
  'systems[].anchor[1]': ['锚点 Y', 'Anchor Y'],
  'systems[].blend': ['混合模式', 'Blend'],
  'systems[].blend=normal': ['正常', 'Normal'],
  'systems[].blend=additive': ['叠加', 'Additive'],
  'systems[].blend=multiply': ['正片叠底', 'Multiply'],
  'systems[].blend=screen': ['滤色', 'Screen'],
  'systems[].drawOrder': ['绘制顺序', 'Draw order'],
  'systems[].drawOrder=newestOnTop': ['新粒子在上', 'Newest on top'],
  'systems[].drawOrder=oldestOnTop': ['旧粒子在上', 'Oldest on top'],
  'systems[].trail.enabled': ['拖尾', 'Trail'],
  'systems[].trail.lengthMode': ['长度方式', 'Length by'],
  'systems[].trail.lengthMode=secs': ['按时间', 'Seconds'],
  'systems[].trail.lengthMode=points': ['按点数', 'Points'],
  'systems[].trail.lengthSecs': ['长度', 'Length'],
  'systems[].trail.lengthPoints': ['长度（点数）', 'Length (points)'],
  'systems[].trail.bones': ['骨骼链节数', 'Chain bones'],
  'systems[].trail.widthPx': ['宽度', 'Width'],
  'systems[].trail.widthCurve': ['沿拖尾宽度（头→尾）', 'Width along (head → tail)'],
  'systems[].trail.widthBySize': ['宽度乘粒子尺寸', 'Width × particle size'],
  'systems[].trail.colorOverLife': ['颜色（生命周期）', 'Colour over life'],
  'systems[].trail.alphaOverLife': ['透明度（生命周期）', 'Alpha over life'],
  'systems[].trail.inheritColor': ['乘粒子颜色', "Multiply by the particle's colour"],
  'systems[].trail.colorAlong': ['沿拖尾颜色（仅预览）', 'Colour along (preview only)'],
  'systems[].trail.alphaAlong': ['沿拖尾透明度（仅预览）', 'Alpha along (preview only)'],
  'systems[].trail.images': ['拖尾贴图', 'Trail images'],
  'systems[].trail.images[]': ['拖尾贴图', 'Trail image'],
  'systems[].trail.imagePick': ['拖尾贴图选择', 'Trail image pick'],
  'systems[].trail.imagePick=random': ['随机', 'Random'],
  'systems[].trail.imagePick=particle': ['与粒子贴图序号相同', "The particle's image index"],
  'systems[].trail.uvRotationDeg': ['贴图旋转', 'Image rotation'],
  'systems[].trail.textureMode': ['贴图铺法', 'Image along length'],
  'systems[].trail.textureMode=stretch': ['拉伸', 'Stretch'],
  'systems[].trail.textureMode=tile': ['平铺', 'Tile'],
  'systems[].trail.tileCount': ['平铺次数', 'Tiles'],
  'systems[].trail.gridRows': ['网格行数', 'Mesh rows'],
  'systems[].trail.gridCols': ['网格列数（0：自动）', 'Mesh columns (0: auto)'],
  'systems[].trail.minMovePx': ['最小移动距离', 'Minimum movement'],
  'systems[].trail.blend': ['拖尾混合模式', 'Trail blend'],
  'systems[].trail.blend=': ['同粒子系统', "The system's"],
  'systems[].trail.blend=normal': ['正常', 'Normal'],
  'systems[].trail.blend=additive': ['叠加', 'Additive'],
  'systems[].trail.blend=multiply': ['正片叠底', 'Multiply'],
  'systems[].trail.blend=screen': ['滤色', 'Screen'],
  'systems[].trail.drawParticle': ['绘制粒子本身', 'Draw the particle too'],
  'systems[].collision.response': ['碰撞响应', 'Collision response'],
  'systems[].collision.response=none': ['不碰撞', 'None'],
  'systems[].collision.response=bounce': ['反弹', 'Bounce'],
  'systems[].collision.response=stop': ['停住', 'Stop'],
  'systems[].collision.response=pause': ['停顿后继续', 'Pause'],
  'systems[].collision.response=destroy': ['销毁', 'Destroy'],
  'systems[].collision.restitution': ['弹性', 'Restitution'],
  'systems[].collision.friction': ['摩擦', 'Friction'],
  'systems[].collision.pauseSecs': ['停顿时长', 'Pause length'],
  'systems[].collision.radiusPx': ['碰撞半径', 'Collision radius'],
  'systems[].pathFollow.mode': ['沿路径运动', 'On the path'],
  'systems[].pathFollow.mode=emitter': ['发射器', 'Emitter'],
  'systems[].pathFollow.mode=particles': ['每个粒子', 'Each particle'],
  'systems[].pathFollow.path': ['路径名称', 'Path name'],
  'systems[].pathFollow.timing': ['速度方式', 'Timing'],
  'systems[].pathFollow.timing=time': ['按时长', 'Travel time'],
  'systems[].pathFollow.timing=speed': ['按速度', 'Speed'],
  'systems[].pathFollow.travelSecs': ['走完一趟的时间（0 = 系统时长）', 'Travel time (0 = duration)'],
  'systems[].pathFollow.speedPxPerSec': ['沿路径速度', 'Speed along the path'],
  'systems[].pathFollow.repeat': ['重复', 'Repeat'],
  'systems[].pathFollow.repeat=once': ['一次', 'Once'],
  'systems[].pathFollow.repeat=loop': ['循环', 'Loop'],
  'systems[].pathFollow.repeat=pingPong': ['往返', 'Ping-pong'],
  'systems[].pathFollow.orient': ['沿路径转向', 'Turn along the path'],
  'systems[].pathFollow.start': ['起点', 'Start'],
  'systems[].pathFollow.start=pathStart': ['路径起点', 'Path start'],
  'systems[].pathFollow.start=nearest': ['最近的点', 'Nearest point'],
  'systems[].follow.skeleton': ['骨架', 'Skeleton'],
  'systems[].follow.bone': ['骨骼', 'Bone'],
  'systems[].follow.instance': ['实例', 'Instance'],
  'systems[].follow.offsetX': ['偏移 X', 'Offset X'],
  'systems[].follow.offsetY': ['偏移 Y', 'Offset Y'],
};

/** Unit labels: schema unit → [Chinese, English] (absent: shown as written). */
export const UNIT_LABELS: Readonly<Record<string, Both>> = {
  px: ['像素', 'px'],
  'px/s': ['像素/秒', 'px/s'],
  'px/s²': ['像素/秒²', 'px/s²'],
  deg: ['度', '°'],
  'deg/s': ['度/秒', '°/s'],
  s: ['秒', 's'],
  '1/s': ['每秒', '/s'],
  '1/px': ['每像素', '/px'],
  '×': ['倍', '×'],
  'image px': ['图像像素', 'image px'],
};

const pick = (both: Both | undefined): string | undefined => (both === undefined ? undefined : both[lang() === 'en' ? 1 : 0]);

/** Label of the schema field `path` in the UI language (the path itself when it has none). */
export function fieldLabel(path: string): string {
  return pick(FIELD_LABELS[path]) ?? path;
}

/** Label of `option` of the choice field `path`. */
export function optionLabel(path: string, option: string): string {
  return pick(FIELD_LABELS[`${path}=${option}`]) ?? option;
}

/** Whether the choice field `path` offers "unset" (a `path=` label). */
export function hasUnsetOption(path: string): boolean {
  return `${path}=` in FIELD_LABELS;
}

/** What one entry of a list is called where the list's own label is a plural ("Add burst", not
 * "Add Bursts"). */
const ENTRY_LABELS: Readonly<Record<string, Both>> = {
  'systems[].bursts': ['爆发', 'burst'],
  'systems[].forces': ['力场', 'force'],
};

/** The name of one entry of the list field `path` (the list's label when it has none). */
export function entryLabel(path: string): string {
  return pick(ENTRY_LABELS[path]) ?? fieldLabel(path);
}

/** A schema unit in the UI language (`undefined` for none), e.g. `°/s`, `倍`. */
export function unitLabel(unit: string): string | undefined {
  return unit === '' ? undefined : (pick(UNIT_LABELS[unit]) ?? unit);
}

/** A field's label with its unit, e.g. `Rate (/s)`. */
export function labelWithUnit(path: string, unit: string): string {
  const u = unitLabel(unit);
  return u === undefined ? fieldLabel(path) : `${fieldLabel(path)} (${u})`;
}
