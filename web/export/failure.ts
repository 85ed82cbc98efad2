// Export failures as data (protocol.ts `ExportFailure`): thrown inside the pipeline as an
// `ExportFailed`, posted by the workers as they are, worded by the page (failure-text.ts).

import { errorText } from '../errors';
import type { ExportFailure } from './protocol';

/** An error that carries its {@link ExportFailure}. */
export class ExportFailed extends Error {
  constructor(readonly failure: ExportFailure) {
    super(failure.code);
    this.name = 'ExportFailed';
  }
}

/** The failure of anything thrown: its own, else `fallback` with the thrown message. */
export function failureOf(e: unknown, fallback: 'exporter' | 'worker' = 'exporter'): ExportFailure {
  return e instanceof ExportFailed ? e.failure : { code: fallback, detail: errorText(e) };
}
