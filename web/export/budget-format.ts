// Text of the budget panel (pure, testable): the estimate of sp_spine (export spec §7.2: "导出前
// 可以提示预计骨骼数量和文件体积") for the document's bone-pool setting, and the other setting
// for comparison.
import type { SpineEstimate } from './protocol';

/** `1234567` → `1.2 MB`, `2048` → `2.0 KB`, `12` → `12 B`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** Lines of the budget for `bonePool` (the active setting first). */
export interface BudgetText {
  /** Estimated bones and size with the document's setting. */
  headline: string;
  /** Keys (upper bound before reduction) and baked particle-frames. */
  keys: string;
  /** The other pool setting, for comparison. */
  other: string;
  /** A warning shown prominently when the pool is off (null when on). */
  poolOffWarning: string | null;
}

/** The budget text of `e` for the document's pool setting. */
export function budgetText(e: SpineEstimate, bonePool: boolean, zh: boolean): BudgetText {
  const on = { bones: e.bonesPoolOn, bytes: formatBytes(e.bytesPoolOn) };
  const off = { bones: e.bonesPoolOff, bytes: formatBytes(e.bytesPoolOff) };
  const cur = bonePool ? on : off;
  const alt = bonePool ? off : on;
  const headline = zh ? `预计骨骼 ${cur.bones}，大小 ≤ ${cur.bytes}` : `Estimated ${cur.bones} bones, ≤ ${cur.bytes}`;
  const keys = zh
    ? `关键帧 ≤ ${e.unreducedKeys}（精简前，${e.particleFrames} 粒子帧）`
    : `≤ ${e.unreducedKeys} keys before reduction (${e.particleFrames} particle-frames)`;
  const other = zh
    ? `骨骼池${bonePool ? '关闭' : '开启'}时：骨骼 ${alt.bones}，≤ ${alt.bytes}`
    : `With the bone pool ${bonePool ? 'off' : 'on'}: ${alt.bones} bones, ≤ ${alt.bytes}`;
  const ratio = e.bonesPoolOn > 0 ? e.bonesPoolOff / e.bonesPoolOn : 1;
  const poolOffWarning = bonePool
    ? null
    : zh
      ? `骨骼池已关闭：每个粒子一根骨骼，共 ${off.bones} 根（开启时 ${on.bones} 根，×${ratio.toFixed(1)}），文件 ≤ ${off.bytes}`
      : `Bone pool off: one bone per particle, ${off.bones} bones (${on.bones} with the pool, ×${ratio.toFixed(1)}), file ≤ ${off.bytes}`;
  return { headline, keys, other, poolOffWarning };
}
