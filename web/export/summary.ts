// The summary of an export (shown after the download and in the budget panel's last export),
// in the UI language.

import { lang, t } from '../i18n';
import { errorWording } from '../i18n/error-wording';
import type { ExportReport } from './protocol';

/** Summary lines in the UI language (bones, slots, attachments, keys by type, bytes, time, warnings). */
export function summaryLines(report: ExportReport, totalMs: number): string[] {
  const keys = Object.entries(report.keys)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const lines = [
    t('summaryCounts', { bones: report.bones, slots: report.slots, attachments: report.attachments }),
    t('summaryKeys', { keys }),
    t('summarySize', { kb: (report.bytes / 1024).toFixed(1), ms: (report.bakeMs ?? totalMs).toFixed(0) }),
  ];
  // Each warning worded in the UI language from its code and parameters (the English sentence
  // when it comes without them).
  const details = report.warningDetails.length === report.warnings.length ? report.warningDetails : [];
  report.warnings.forEach((w, i) => {
    const detail = details[i];
    lines.push(t('summaryWarning', { warning: detail === undefined ? w : (errorWording(detail, lang()) ?? detail.message) }));
  });
  return lines;
}
