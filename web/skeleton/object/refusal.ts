// Why a skeleton cannot be loaded or played, in the UI language: spine-core's failures come as
// SkeletonLoadError / AtlasLoadError data (web/skeleton/spine/load.ts) and are worded here with
// the file they concern, never as the runtime's raw exception ("Offset is outside the bounds of
// the DataView"); anything else is worded as every error of the page is (a coded Rust error in
// the UI language, else its message).

import { t } from '../../i18n';
import { issueText } from '../../i18n/error-wording';
import { spineCoreText } from '../../i18n/message-wording';
import { AtlasLoadError, SkeletonLoadError, type AtlasLoadProblem, type SkeletonLoadProblem } from '../spine';

/** The files a skeleton was loaded from (paths as dropped or as the document names them). */
export interface SkeletonFileNames {
  /** The `.skel` or `.json` file. */
  skeleton: string;
  /** Its `.atlas` file. */
  atlas: string;
}

/** Why spine-core could not load the skeleton file `file`, in the UI language. */
export function skeletonLoadText(problem: SkeletonLoadProblem, file: string): string {
  switch (problem.kind) {
    case 'endsEarly':
      return t('skelLoadEndsEarly', { file, size: problem.sizeBytes });
    case 'corrupt':
      return t('skelLoadCorrupt', { file });
    case 'rejected':
      return t('skelLoadRejected', { file, error: spineCoreText(problem.detail) });
    case 'noAnimation':
      return t('skelLoadNoAnimation', { file });
  }
}

/** Why the atlas file `file` cannot be used, in the UI language. */
export function atlasLoadText(problem: AtlasLoadProblem, file: string): string {
  return problem.kind === 'noPage' ? t('skelAtlasNoPage', { file }) : t('skelAtlasPageWithoutSize', { file, page: problem.page });
}

/** Text of anything thrown while loading or playing the skeleton of `files` (see the file comment). */
export function skeletonErrorText(e: unknown, files: SkeletonFileNames): string {
  if (e instanceof SkeletonLoadError) return skeletonLoadText(e.problem, files.skeleton);
  if (e instanceof AtlasLoadError) return atlasLoadText(e.problem, files.atlas);
  return issueText(e);
}
