// The words of an export failure, in the UI language.

import { t } from '../i18n';
import type { ExportFailure } from './protocol';

/** `f` as a sentence. */
export function failureText(f: ExportFailure): string {
  switch (f.code) {
    case 'invalidJsonAt':
      return t('exportInvalidJsonAt', { path: f.path, line: f.line, column: f.column, offset: f.offset, token: JSON.stringify(f.token) });
    case 'invalidJson':
      return t('exportInvalidJson', { error: f.detail });
    case 'nonFinite':
      return t('exportNonFinite', { at: f.at });
    case 'nonFiniteDuration':
      return t('exportNonFiniteDuration', { at: f.at });
    case 'nonFiniteKey':
      return t('exportNonFiniteKey', { at: f.at, timeline: f.timeline, index: f.index });
    case 'runtimeRefused':
      return t('exportRuntimeRefused', { error: f.detail });
    case 'noSkeleton':
      return t('exportNoSkeleton');
    case 'noExporter':
      return t('exportNoExporter');
    case 'exporter':
      return f.detail;
    case 'worker':
      return t('exportWorkerFailed', { error: f.detail === '' ? t('exportWorkerNoStart') : f.detail });
    case 'cancelled':
      return t('exportCancelled');
  }
}
