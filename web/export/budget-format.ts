// Text of the budget panel (pure, testable): the estimate of sp_spine (export spec §7.2: "导出前
// 可以提示预计骨骼数量和文件体积") for the document's bone-pool setting, and the other setting
// for comparison, in the UI language.
import { t } from '../i18n';
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
export function budgetText(e: SpineEstimate, bonePool: boolean): BudgetText {
  const on = { bones: e.bonesPoolOn, bytes: formatBytes(e.bytesPoolOn) };
  const off = { bones: e.bonesPoolOff, bytes: formatBytes(e.bytesPoolOff) };
  const cur = bonePool ? on : off;
  const alt = bonePool ? off : on;
  const ratio = e.bonesPoolOn > 0 ? e.bonesPoolOff / e.bonesPoolOn : 1;
  return {
    headline: t('budgetHeadline', { bones: cur.bones, bytes: cur.bytes }),
    keys: t('budgetKeys', { keys: e.unreducedKeys, frames: e.particleFrames }),
    other: t(bonePool ? 'budgetWithPoolOff' : 'budgetWithPoolOn', { bones: alt.bones, bytes: alt.bytes }),
    poolOffWarning: bonePool ? null : t('budgetPoolOff', { bones: off.bones, poolBones: on.bones, ratio: ratio.toFixed(1), bytes: off.bytes }),
  };
}
