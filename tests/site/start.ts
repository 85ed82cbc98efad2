// The entry of the editor page in the test build (tests/site/vite.config.ts puts it in place of
// web/start.ts): the same composition (web/main.ts `startEditor`), with a wasm loader that can
// trap on demand, and the test seam published for the tests.

import { loadWasm } from '../../web/engine/wasm-loader';
import { startEditor } from '../../web/main';
import { testSeam, type SeamWindow } from './seam';
import { trapOnDemand } from './trap';

const trap = trapOnDemand(loadWasm);
const parts = await startEditor({ loader: trap.loader });
if (parts !== null) (window as unknown as SeamWindow).spineParticleTest = testSeam(parts, () => trap.arm());
