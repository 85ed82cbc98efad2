// Wording of the Rust errors and warnings in both languages, from their stable code and
// parameters (`err.code` / `err.params` of a wasm error, `ExportReport.warningDetails`).
// The codes and their parameter names come from web/generated/error-codes.ts; the tables are
// typed by them, so tsc refuses a missing code, and error-wording.test.ts refuses a placeholder
// that is not a parameter of its code. `{name}` placeholders are filled from the parameters.
// A nested issue (an MS3D section that could not be read, and why) comes as `{name}Code` (its
// code) with its parameters prefixed `{name}.`: `{name}` is then worded from those, in the same
// language, rather than with the English sentence in `{name}`. In Chinese, a parameter that
// carries an English phrase rather than data (a JSON syntax message, a serde type error, a binary
// field name, a reason) is worded by message-wording.ts when it knows the phrase.
// A full stop after a parameter that already ends a sentence is not doubled (fillTemplate).

import { ERROR_CODES, type ErrorCode } from '../generated/error-codes';
import { fillTemplate, lang, type Lang } from './index';
import { paramPhraseZh } from './message-wording';
import { errorText } from '../errors';

type Wording = Record<ErrorCode, string>;

/** English wording of every code. */
export const errorsEn: Wording = {
  'sim.document.tooLarge': 'The document is {sizeBytes} bytes, above the limit of {limitBytes} bytes.',
  'sim.document.normalizedTooLarge': 'The document is {sizeBytes} bytes once every field is written, above the limit of {limitBytes} bytes: it could not be saved and opened again.',
  'sim.document.json': 'Not valid JSON at line {line}, column {column}: {message}',
  'sim.document.newerVersion': 'The document is version {found}; this editor reads up to version {supported}.',
  'sim.field.type': '{path}: {message}',
  'sim.field.notFinite': '{path}: not a finite number.',
  'sim.field.aboveMax': '{path}: {value} is above the limit {limit}.',
  'sim.field.belowMin': '{path}: {value} is below the minimum {limit}.',
  'sim.field.notPositive': '{path}: {value} must be above 0.',
  'sim.field.zeroScale': '{path}: a scale must not be 0.',
  'sim.field.tooMany': '{path}: {count} entries, above the limit {limit}.',
  'sim.field.tooLong': '{path}: {count} characters, above the limit {limit}.',
  'sim.field.controlCharacters': '{path}: contains control characters.',
  'sim.field.empty': '{path}: is empty.',
  'sim.field.notAFileName': '{path}: must be a file name, without / or \\.',
  'sim.field.loopNeedsDuration': '{path}: a loop-continuous system needs a duration above 0.',
  'sim.field.duplicateName': '{path}: "{name}" is already the name of {other}.',
  'sim.field.notAChoice': '{path}: "{value}" is not one of the allowed values.',
  'sim.field.unknownBuiltin': '{path}: "{reference}" is not a built-in texture (known: {known}).',
  'sim.field.notRelative': '{path}: "{reference}" is not a path relative to the scene.',
  'sim.field.absolutePath': '{path}: "{reference}" is an absolute path; use a path relative to the scene.',
  'sim.field.backslash': '{path}: "{reference}" contains \\; use / between folders.',
  'sim.field.leavesFolder': '{path}: "{reference}" leaves the scene folder (..).',
  'sim.field.tooManyFirings': '{path}: {count} firings per cycle, above the limit {limit}; use a longer interval.',
  'sim.field.widerThanShape': '{path}: {value} is wider than the shape allows ({limit}).',
  'sim.field.trailHistoryTooLarge': '{path}: maxParticles × trail points = {count}, above the limit {limit}; shorten the trail or lower maxParticles.',
  'sim.field.trailMeshTooLarge': '{path}: maxParticles × trail mesh vertices = {count}, above the limit {limit}; use fewer grid rows or columns or lower maxParticles.',
  'sim.field.followTargetMissing': '{path}: must name a skeleton object and one of its bones.',
  'sim.field.tooManyHandles': '{path}: {count} handle pairs for {points} points (at most one per point).',
  'sim.follow.tooLarge': '{path}: the bone tracks are {sizeBytes} bytes, above the limit of {limitBytes} bytes.',
  'sim.follow.rateOutOfRange': '{path}: {value} is not in (0, {limit}].',
  'sim.follow.noPoints': '{path}: a bone track needs at least one point.',
  'sim.follow.tooManyPoints': '{path}: more than {limit} points in all bone tracks.',
  'sim.follow.coordinateOutOfRange': '{path}: {value} is not a coordinate within ±{limit}.',
  'sim.follow.duplicateTrack': '{path}: a second track for skeleton "{skeleton}", bone "{bone}", instance {instance}.',
  'spine.settings': 'Export settings, {field}: {message}',
  'spine.system': 'System {index} ("{name}"): {message}',
  'spine.invalid': 'The export is not valid Spine JSON at {path}: {message}',
  'spine.cancelled': 'Export cancelled.',
  'spine.json': 'Spine JSON: {message}',
  'spine.warning.followSeam':
    'System "{system}": the bone it follows is {gapPx} px away at the end of loop "{animation}" from where it was at the start, so the loop has a seam; make the loop length a multiple of the skeleton animation\'s period.',
  'spine.warning.loopDoesNotDivide':
    'System "{system}": its loop of {loopFrames} frames does not divide the loop animation "{animation}" of {spanFrames} frames; the joint loop has a seam.',
  'spine.warning.loopRounded':
    'System "{system}": loop length {durationSecs} s is not a whole number of frames at {fps} fps; exported as {loopFrames} frames.',
  'spine.warning.duplicatePath': 'Images "{other}" and "{reference}" both export as attachment path "{path}".',
  'spine.warning.missingImage': 'Image "{reference}" is missing or has no known size: exported as "{path}" with a {size}×{size} placeholder size.',
  'spine.warning.internalUrl': 'Image reference "{reference}" is an editor-internal URL: exported as "image".',
  'spine.warning.absoluteReference': 'Image reference "{reference}" is an absolute path or URL: exported by its file name.',
  'spine.warning.leavesImageFolder': 'Image reference "{reference}" leaves the image folder: "../" dropped.',
  'spine.warning.followTargetMissing': 'System "{system}" follows "{target}", which is not loaded: exported at its own transform.',
  'spine.warning.twoSegments': 'System "{system}" exports two segments into animation "{animation}": only the first is written.',
  'spine.warning.trailColorAlong': 'System "{system}": the trail\'s colour and alpha along its length are not exported (a Spine mesh has one colour per slot); put the fade into the trail image, e.g. builtin:trail_fade.',
  'spine.warning.trailWithoutImage': 'System "{system}": its trail has no image, so it is neither drawn nor exported.',
  'spine.warning.pathSeam':
    'System "{system}": its emitter is {gapPx} px away on its path at the end of loop "{animation}" from where it was at the start, so the loop has a seam; make the loop length a multiple of the path\'s travel time.',
  'spine.warning.pathMissing': 'System "{system}" travels the path "{path}", which the scene does not have: exported without it.',
  'spine.warning.followAndPath': 'System "{system}" follows a bone and travels a path: the path moves it.',
  'skel.tooLarge': 'The skeleton file is {lenBytes} bytes, above the limit of {maxBytes} bytes.',
  'skel.truncated': 'The skeleton file ends early: {what} at byte {offset} needs {needed} bytes, {available} remain.',
  'skel.badValue': '{what} at byte {offset} is {value}, which is not a valid {expected}.',
  'skel.notSkeleton': 'Not a Spine skeleton: {reason}',
  'skel.unsupportedVersion': 'Spine version {version} (byte {offset}) is not supported; export it from Spine 4.2.',
  'skel.jsonSyntax': 'JSON syntax error at byte {offset} (line {line}, column {column}): {message}',
  'skel.jsonShape': 'JSON skeleton: {path}: expected {expected}.',
  'skel.unknownCharset': 'Unknown character set "{label}".',
  'skel.unwritable': 'Cannot write {what}: {reason}',
  'skel.warning.numberFromText': '{path} is the string "{text}"; read as the number {value}, as the runtimes do.',
  'skel.warning.textNotNumber': '{path} is the string "{text}", not a number; ignored.',
  'skel.warning.numberFromBool': '{path} is {value}, not a number; read as {number}, as libGDX does.',
  'skel.warning.stringFromNumber': '{path} is the number {value}, not a string; read as "{value}".',
  'skel.warning.stringFromBool': '{path} is {value}, not a string; read as "{value}".',
  'skel.warning.ignored': '{path} is {found}, not {expected}; ignored.',
  'skel.warning.skeletonNotObject': 'skeleton is {found}, not an object; its metadata is ignored.',
  'ms3d.truncated': 'The model file ends early: {section} section, byte {offset} needs {needed} bytes, {available} remain.',
  'ms3d.countTooLarge':
    '{section} section, byte {offset}: {count} entries need at least {minBytes} bytes, only {available} remain.',
  'ms3d.badMagic': 'Not a MilkShape 3D file (magic MS3D000000 not found).',
  'ms3d.unsupportedVersion': 'MilkShape 3D version {version} is not supported (3 or 4 expected).',
  'ms3d.noTriangles': 'Triangles section, byte {offset}: the model has no triangles.',
  'ms3d.indexOutOfRange': '{section} section, byte {offset}: {what} {index} out of range (there are {len}).',
  'ms3d.negativeLength': '{section} section, byte {offset}: negative length {length}.',
  'ms3d.missingParent': 'Joints section, byte {offset}: joint "{joint}" names a missing parent "{parent}".',
  'ms3d.jointCycle': 'Joints section, byte {offset}: joint "{joint}" is its own ancestor.',
  'ms3d.stringTooLong': 'Writing the model: {field} "{value}" is {len} bytes, at most {max} fit.',
  'ms3d.unencodable': 'Writing the model: {field} "{value}" has characters Windows-1252 cannot encode.',
  'ms3d.tooMany': "Writing the model: {count} {what} do not fit the format's count field (max {max}).",
  'ms3d.sectionGap': 'Writing the model: {section} section present but the earlier {missing} section is absent.',
  'ms3d.badSubVersion': 'Writing the model: {section} sub-version {subVersion} cannot be written.',
  'ms3d.markerOutsideClip': 'Marker "{name}" at frame {frame} is outside clip "{clip}" (frames {startFrame}–{endFrame}).',
  'ms3d.outputLength': 'Skinning: output has {got} slots for {expected} vertices.',
  'ms3d.bake': 'Baking the model: {message}',
  'ms3d.warning.fpsBelowOne': '{section} section, byte {offset}: animation fps {fps} is below 1; using 1.',
  'ms3d.warning.vertexBoneMissing': '{section} section, byte {offset}: vertex {vertex} names bone {bone} but there are {joints} joints; it is not animated.',
  'ms3d.warning.colourAbove1': '{section} section, byte {offset}: material {material} {channel} colour {colour} looks like 0-255; divided by 255.',
  'ms3d.warning.groupMaterialMissing':
    '{section} section, byte {offset}: group {group} "{name}" has material index {material} but there are {materials} materials; using the default material.',
  'ms3d.warning.ungroupedTriangles': '{section} section: {count} triangles belong to no group; they are not drawn.',
  'ms3d.warning.commentsNotRead':
    '{section} section, byte {offset}: not read, so the comments (clip names and frame ranges among them) and the sections after them are missing: {error}',
  'ms3d.warning.vertexExtraNotRead':
    '{section} section, byte {offset}: not read, so vertices follow only their main joint (no blended weights) and joint colours are missing: {error}',
  'ms3d.warning.jointExtraNotRead': '{section} section, byte {offset}: not read, so joint colours and the model extras are missing: {error}',
  'ms3d.warning.modelExtraNotRead': '{section} section, byte {offset}: not read, so the joint size and transparency mode are missing: {error}',
  'ms3d.warning.trailingBytes': '{section} section, byte {offset}: {bytes} bytes after the last understood section were ignored.',
  'ms3d.warning.unknownSubVersion': '{section} section, byte {offset}: unknown sub-version {subVersion} (expected one of {expected}); the rest of the file is not read.',
  'ms3d.warning.groupCommentMissing': '{section} section, byte {offset}: group comment for group {index}, but there are {count}; kept, but it refers to nothing.',
  'ms3d.warning.materialCommentMissing':
    '{section} section, byte {offset}: material comment for material {index}, but there are {count}; kept, but it refers to nothing.',
  'ms3d.warning.jointCommentMissing': '{section} section, byte {offset}: joint comment for joint {index}, but there are {count}; kept, but it refers to nothing.',
  'ms3d.warning.modelComments': '{section} section, byte {offset}: {count} model comments (0 or 1 expected); joined with newlines.',
  'ms3d.warning.duplicateJointName':
    '{section} section, byte {offset}: joint {joint} has the name "{name}" of joint {first}; children naming it attach to joint {first}.',
  'ms3d.warning.parentNotFound': '{section} section, byte {offset}: joint "{joint}" has parent "{parent}", which matches no joint; loaded as a root.',
  'ms3d.warning.parentIsSelf': '{section} section, byte {offset}: joint "{joint}" names itself as its parent; loaded as a root.',
  'ms3d.warning.ownAncestor': '{section} section, byte {offset}: joint "{joint}" is its own ancestor (parent "{parent}"); loaded as a root.',
  'render.noRenderer': 'No GPU renderer is available: {reason}',
  'render.surface': 'Cannot draw to the canvas: {reason}',
  'render.badImage': 'Image "{path}": {reason}',
  'render.badClip': 'Vertex clip "{name}": {reason}',
  'render.unknownClip': 'Unknown vertex clip id {id}.',
  'wasm.skelFile': 'Skeleton file ({which}) could not be read.',
  'wasm.modelFile': 'Model file "{file}" could not be read.',
  'wasm.input': '{name}: {message}',
  'wasm.argument': '{name}: {reason}',
  'wasm.browser': '{message}',
  'wasm.warning.textureNotDropped': 'Group "{group}": texture "{texture}" was not dropped with the model; drawn with the material\'s flat colour.',
};

/** Chinese wording of every code. */
export const errorsZh: Wording = {
  'sim.document.tooLarge': '文档大小为 {sizeBytes} 字节，超过上限 {limitBytes} 字节。',
  'sim.document.normalizedTooLarge': '文档写出全部字段后为 {sizeBytes} 字节，超过上限 {limitBytes} 字节：保存后将无法再次打开。',
  'sim.document.json': 'JSON 格式错误（第 {line} 行，第 {column} 列）：{message}',
  'sim.document.newerVersion': '文档版本为 {found}；本编辑器最高支持版本 {supported}。',
  'sim.field.type': '{path}：{message}',
  'sim.field.notFinite': '{path}：不是有限数值。',
  'sim.field.aboveMax': '{path}：{value} 超过上限 {limit}。',
  'sim.field.belowMin': '{path}：{value} 低于下限 {limit}。',
  'sim.field.notPositive': '{path}：{value} 必须大于 0。',
  'sim.field.zeroScale': '{path}：缩放不能为 0。',
  'sim.field.tooMany': '{path}：共 {count} 项，超过上限 {limit}。',
  'sim.field.tooLong': '{path}：共 {count} 个字符，超过上限 {limit}。',
  'sim.field.controlCharacters': '{path}：包含控制字符。',
  'sim.field.empty': '{path}：不能为空。',
  'sim.field.notAFileName': '{path}：必须是文件名，不能包含 / 或 \\。',
  'sim.field.loopNeedsDuration': '{path}：连续循环的系统需要大于 0 的时长。',
  'sim.field.duplicateName': '{path}：“{name}”已是 {other} 的名称。',
  'sim.field.notAChoice': '{path}：“{value}”不是允许的取值。',
  'sim.field.unknownBuiltin': '{path}：“{reference}”不是内置贴图（可用：{known}）。',
  'sim.field.notRelative': '{path}：“{reference}”不是相对于场景的路径。',
  'sim.field.absolutePath': '{path}：“{reference}”是绝对路径；请使用相对于场景的路径。',
  'sim.field.backslash': '{path}：“{reference}”包含 \\；文件夹之间请使用 /。',
  'sim.field.leavesFolder': '{path}：“{reference}”跳出了场景文件夹（..）。',
  'sim.field.tooManyFirings': '{path}：每个周期发射 {count} 次，超过上限 {limit}；请加大间隔。',
  'sim.field.widerThanShape': '{path}：{value} 超出形状允许的宽度（{limit}）。',
  'sim.field.trailHistoryTooLarge': '{path}：最大粒子数 × 拖尾点数 = {count}，超过上限 {limit}；请缩短拖尾或降低最大粒子数。',
  'sim.field.trailMeshTooLarge': '{path}：最大粒子数 × 拖尾网格顶点数 = {count}，超过上限 {limit}；请减少网格行列数或降低最大粒子数。',
  'sim.field.followTargetMissing': '{path}：必须指定一个骨架对象及其中的一根骨骼。',
  'sim.field.tooManyHandles': '{path}：{points} 个点却有 {count} 对控制柄（每个点至多一对）。',
  'sim.follow.tooLarge': '{path}：骨骼轨迹为 {sizeBytes} 字节，超过上限 {limitBytes} 字节。',
  'sim.follow.rateOutOfRange': '{path}：{value} 不在 (0, {limit}] 范围内。',
  'sim.follow.noPoints': '{path}：骨骼轨迹至少需要一个点。',
  'sim.follow.tooManyPoints': '{path}：所有骨骼轨迹的点数超过 {limit}。',
  'sim.follow.coordinateOutOfRange': '{path}：{value} 不是 ±{limit} 范围内的坐标。',
  'sim.follow.duplicateTrack': '{path}：骨架“{skeleton}”实例 {instance} 的骨骼“{bone}”有第二条轨迹。',
  'spine.settings': '导出设置 {field}：{message}',
  'spine.system': '系统 {index}（“{name}”）：{message}',
  'spine.invalid': '导出结果在 {path} 处不是有效的 Spine JSON：{message}',
  'spine.cancelled': '导出已取消。',
  'spine.json': 'Spine JSON 错误：{message}',
  'spine.warning.followSeam': '系统“{system}”：循环“{animation}”结束时所跟随的骨骼与开始时相距 {gapPx} 像素，循环有接缝；请把循环长度设为骨架动画周期的整数倍。',
  'spine.warning.loopDoesNotDivide': '系统“{system}”：{loopFrames} 帧的循环不能整除 {spanFrames} 帧的循环动画“{animation}”；合并后的循环有接缝。',
  'spine.warning.loopRounded': '系统“{system}”：循环长度 {durationSecs} 秒在 {fps} fps 下不是整数帧；导出为 {loopFrames} 帧。',
  'spine.warning.duplicatePath': '图片“{other}”和“{reference}”导出为同一附件路径“{path}”。',
  'spine.warning.missingImage': '图片“{reference}”缺失或尺寸未知：导出为“{path}”，使用 {size}×{size} 占位尺寸。',
  'spine.warning.internalUrl': '图片引用“{reference}”是编辑器内部地址：导出为“image”。',
  'spine.warning.absoluteReference': '图片引用“{reference}”是绝对路径或网址：按文件名导出。',
  'spine.warning.leavesImageFolder': '图片引用“{reference}”跳出了图片文件夹：已去掉“../”。',
  'spine.warning.followTargetMissing': '系统“{system}”跟随的“{target}”未加载：按系统自身的变换导出。',
  'spine.warning.twoSegments': '系统“{system}”向动画“{animation}”导出了两段：只写入第一段。',
  'spine.warning.trailColorAlong': '系统“{system}”：拖尾沿长度的颜色和透明度不会导出（Spine 网格每个插槽只有一种颜色）；请把渐隐做进拖尾图片，例如 builtin:trail_fade。',
  'spine.warning.trailWithoutImage': '系统“{system}”：拖尾没有图片，因此既不绘制也不导出。',
  'spine.warning.pathSeam':
    '系统“{system}”：循环“{animation}”结束时发射器在路径上距开始时的位置 {gapPx} 像素，循环有接缝；请把循环长度设为沿路径走一趟时间的整数倍。',
  'spine.warning.pathMissing': '系统“{system}”沿路径“{path}”运动，但场景中没有该路径：导出时忽略它。',
  'spine.warning.followAndPath': '系统“{system}”既跟随骨骼又沿路径运动：由路径决定它的位置。',
  'skel.tooLarge': '骨架文件为 {lenBytes} 字节，超过上限 {maxBytes} 字节。',
  'skel.truncated': '骨架文件提前结束：第 {offset} 字节处的 {what} 需要 {needed} 字节，只剩 {available} 字节。',
  'skel.badValue': '第 {offset} 字节处的 {what} 为 {value}，不是有效的 {expected}。',
  'skel.notSkeleton': '不是 Spine 骨架：{reason}',
  'skel.unsupportedVersion': '不支持 Spine 版本 {version}（第 {offset} 字节）；请从 Spine 4.2 导出。',
  'skel.jsonSyntax': 'JSON 语法错误，第 {offset} 字节（第 {line} 行，第 {column} 列）：{message}',
  'skel.jsonShape': 'JSON 骨架：{path}：应为 {expected}。',
  'skel.unknownCharset': '未知字符集“{label}”。',
  'skel.unwritable': '无法写入 {what}：{reason}',
  'skel.warning.numberFromText': '{path} 是字符串“{text}”；已按运行时的方式读作数字 {value}。',
  'skel.warning.textNotNumber': '{path} 是字符串“{text}”，不是数字；已忽略。',
  'skel.warning.numberFromBool': '{path} 是 {value}，不是数字；已按 libGDX 的方式读作 {number}。',
  'skel.warning.stringFromNumber': '{path} 是数字 {value}，不是字符串；已读作“{value}”。',
  'skel.warning.stringFromBool': '{path} 是 {value}，不是字符串；已读作“{value}”。',
  'skel.warning.ignored': '{path} 的类型是{found}，应为{expected}；已忽略。',
  'skel.warning.skeletonNotObject': 'skeleton 是{found}，不是对象；其元数据已忽略。',
  'ms3d.truncated': '模型文件提前结束：{section}段第 {offset} 字节需要 {needed} 字节，只剩 {available} 字节。',
  'ms3d.countTooLarge': '{section}段第 {offset} 字节：{count} 项至少需要 {minBytes} 字节，只剩 {available} 字节。',
  'ms3d.badMagic': '不是 MilkShape 3D 文件（未找到标识 MS3D000000）。',
  'ms3d.unsupportedVersion': '不支持 MilkShape 3D 版本 {version}（应为 3 或 4）。',
  'ms3d.noTriangles': '三角形段第 {offset} 字节：模型没有三角形。',
  'ms3d.indexOutOfRange': '{section}段第 {offset} 字节：{what} {index} 超出范围（共 {len} 个）。',
  'ms3d.negativeLength': '{section}段第 {offset} 字节：长度 {length} 为负。',
  'ms3d.missingParent': '关节段第 {offset} 字节：关节“{joint}”的父关节“{parent}”不存在。',
  'ms3d.jointCycle': '关节段第 {offset} 字节：关节“{joint}”是自己的祖先。',
  'ms3d.stringTooLong': '写入模型：{field}“{value}”为 {len} 字节，最多 {max} 字节。',
  'ms3d.unencodable': '写入模型：{field}“{value}”含有 Windows-1252 无法编码的字符。',
  'ms3d.tooMany': '写入模型：{count} 个 {what} 超出格式计数字段上限（{max}）。',
  'ms3d.sectionGap': '写入模型：有 {section}段，但前面的 {missing}段缺失。',
  'ms3d.badSubVersion': '写入模型：无法写入 {section} 子版本 {subVersion}。',
  'ms3d.markerOutsideClip': '标记“{name}”位于第 {frame} 帧，在片段“{clip}”（第 {startFrame}–{endFrame} 帧）之外。',
  'ms3d.outputLength': '蒙皮：输出有 {got} 个槽位，顶点为 {expected} 个。',
  'ms3d.bake': '烘焙模型：{message}',
  'ms3d.warning.fpsBelowOne': '{section}段第 {offset} 字节：动画帧率 {fps} 小于 1；按 1 处理。',
  'ms3d.warning.vertexBoneMissing': '{section}段第 {offset} 字节：顶点 {vertex} 指向骨骼 {bone}，但只有 {joints} 个关节；该顶点不随动画运动。',
  'ms3d.warning.colourAbove1': '{section}段第 {offset} 字节：材质 {material} 的{channel}颜色 {colour} 看起来是 0-255 范围；已除以 255。',
  'ms3d.warning.groupMaterialMissing': '{section}段第 {offset} 字节：组 {group}“{name}”的材质编号为 {material}，但只有 {materials} 个材质；使用默认材质。',
  'ms3d.warning.ungroupedTriangles': '{section}段：{count} 个三角形不属于任何组；不会绘制。',
  'ms3d.warning.commentsNotRead': '{section}段第 {offset} 字节：未能读取，因此缺少注释（包括片段名称和帧范围）及其后的各段：{error}',
  'ms3d.warning.vertexExtraNotRead': '{section}段第 {offset} 字节：未能读取，因此顶点只跟随主关节（无混合权重），并缺少关节颜色：{error}',
  'ms3d.warning.jointExtraNotRead': '{section}段第 {offset} 字节：未能读取，因此缺少关节颜色和模型附加信息：{error}',
  'ms3d.warning.modelExtraNotRead': '{section}段第 {offset} 字节：未能读取，因此缺少关节尺寸和透明模式：{error}',
  'ms3d.warning.trailingBytes': '{section}段第 {offset} 字节：最后一个可识别段之后的 {bytes} 字节已忽略。',
  'ms3d.warning.unknownSubVersion': '{section}段第 {offset} 字节：未知子版本 {subVersion}（应为 {expected} 之一）；文件其余部分未读取。',
  'ms3d.warning.groupCommentMissing': '{section}段第 {offset} 字节：有组 {index} 的注释，但只有 {count} 个组；已保留，但它不对应任何组。',
  'ms3d.warning.materialCommentMissing': '{section}段第 {offset} 字节：有材质 {index} 的注释，但只有 {count} 个材质；已保留，但它不对应任何材质。',
  'ms3d.warning.jointCommentMissing': '{section}段第 {offset} 字节：有关节 {index} 的注释，但只有 {count} 个关节；已保留，但它不对应任何关节。',
  'ms3d.warning.modelComments': '{section}段第 {offset} 字节：有 {count} 条模型注释（应为 0 或 1 条）；已用换行连接。',
  'ms3d.warning.duplicateJointName': '{section}段第 {offset} 字节：关节 {joint} 与关节 {first} 同名“{name}”；以此名为父关节的子关节挂到关节 {first}。',
  'ms3d.warning.parentNotFound': '{section}段第 {offset} 字节：关节“{joint}”的父关节“{parent}”不存在；作为根关节载入。',
  'ms3d.warning.parentIsSelf': '{section}段第 {offset} 字节：关节“{joint}”把自己设为父关节；作为根关节载入。',
  'ms3d.warning.ownAncestor': '{section}段第 {offset} 字节：关节“{joint}”是自己的祖先（父关节“{parent}”）；作为根关节载入。',
  'render.noRenderer': '没有可用的 GPU 渲染器：{reason}',
  'render.surface': '无法绘制到画布：{reason}',
  'render.badImage': '图片“{path}”：{reason}',
  'render.badClip': '顶点片段“{name}”：{reason}',
  'render.unknownClip': '未知的顶点片段编号 {id}。',
  'wasm.skelFile': '无法读取骨架文件（{which}）。',
  'wasm.modelFile': '无法读取模型文件“{file}”。',
  'wasm.input': '{name}：{message}',
  'wasm.argument': '{name}：{reason}',
  'wasm.browser': '{message}',
  'wasm.warning.textureNotDropped': '组“{group}”：贴图“{texture}”没有随模型一起拖入；用材质的纯色绘制。',
};

/** An error or warning as Rust gives it: a code and its parameters. */
export interface CodedIssue {
  code: string;
  params?: Record<string, number | string | null>;
}

/**
 * Parameter values that are English words rather than data (the JSON kinds of sp-skel's
 * `found`/`expected`), worded for Chinese.
 */
const VALUE_WORDS_ZH: Readonly<Record<string, string>> = {
  null: 'null',
  'a boolean': '布尔值',
  'a number': '数字',
  'a string': '字符串',
  'an array': '数组',
  'an object': '对象',
};

/** The MS3D file sections (`Section`'s English names) in Chinese. */
const SECTION_WORDS_ZH: Readonly<Record<string, string>> = {
  header: '文件头',
  vertices: '顶点',
  triangles: '三角形',
  groups: '组',
  materials: '材质',
  keyframer: '关键帧设置',
  joints: '关节',
  comments: '注释',
  'vertex extra': '顶点附加',
  'joint extra': '关节附加',
  'model extra': '模型附加',
};

/**
 * Parameter values that are English words of one parameter (MS3D sections, material colour
 * channels), worded for Chinese; applied to that parameter only, so a group or joint that
 * happens to be named `header` keeps its name.
 */
const PARAM_WORDS_ZH: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  section: SECTION_WORDS_ZH,
  missing: SECTION_WORDS_ZH,
  channel: { ambient: '环境光', diffuse: '漫反射', specular: '高光', emissive: '自发光' },
  what: { 'vertex index': '顶点索引', 'triangle index': '三角形索引', 'vertex extra entries': '顶点附加项', 'joint colours': '关节颜色' },
};

/** True when `e` carries a code of web/generated/error-codes.ts. */
export function isCoded(e: unknown): e is CodedIssue & { code: ErrorCode } {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { code?: unknown }).code === 'string' &&
    Object.hasOwn(ERROR_CODES, (e as { code: string }).code)
  );
}

/** The placeholders of a template, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * The wording of a coded error or warning in `lang`, its parameters filled in (a missing one
 * stays as `{name}`); null when `e` has no known code (use `errorText` then).
 */
export function errorWording(e: unknown, lang: Lang): string | null {
  if (!isCoded(e)) return null;
  const template = (lang === 'en' ? errorsEn : errorsZh)[e.code];
  const params = e.params ?? {};
  return fillTemplate(template, (name) => {
    const nested = nestedIssue(params, name);
    if (nested !== null) return errorWording(nested, lang);
    const v = params[name];
    if (v === undefined || v === null) return null;
    if (lang === 'en' || typeof v !== 'string') return String(v);
    return PARAM_WORDS_ZH[name]?.[v] ?? VALUE_WORDS_ZH[v] ?? paramPhraseZh(name, v) ?? v;
  });
}

/** The issue nested in parameter `name` (`{name}Code` + `{name}.*` parameters), or null. */
function nestedIssue(params: Readonly<Record<string, number | string | null>>, name: string): CodedIssue | null {
  const code = params[`${name}Code`];
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code)) return null;
  const prefix = `${name}.`;
  const nested: Record<string, number | string | null> = {};
  for (const [k, v] of Object.entries(params)) if (k.startsWith(prefix)) nested[k.slice(prefix.length)] = v;
  return { code, params: nested };
}

/**
 * Text of anything thrown, for the page's main thread: a coded Rust error worded in the UI
 * language (English keeps Rust's own sentence, which the CLI prints too), anything else as
 * {@link errorText} gives it. A worker has no UI language: it keeps `errorText`.
 */
export function issueText(e: unknown): string {
  const current = lang();
  return (current === 'en' ? null : errorWording(e, current)) ?? errorText(e);
}
