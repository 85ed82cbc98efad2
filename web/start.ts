// The page's entry (index.html): starts the editor composed in main.ts with the page's own wasm
// build. A test build replaces this entry (tests/site/), never the composition.

import { startEditor } from './main';

void startEditor();
