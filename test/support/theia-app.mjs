// The Theia app as the end-to-end specs use it, from one import: the backend (theia-backend.mjs),
// Chromium windows on it (theia-window.mjs), temp folders (temp-tree.mjs), and the waits.
export { sleep, waitUntil } from './wait.mjs';
export { ARTIFACTS_DIR, BROWSER_APP, BROWSER_APP_NAME, REPO_ROOT, THEIA_IDE_APP, TheiaBackend } from './theia-backend.mjs';
export { MOD, NATIVE_UI, TheiaWindow, VSIX_UI, launchChromium } from './theia-window.mjs';
export { makeTempRoot, removeTempRoot, writeTree } from './temp-tree.mjs';
