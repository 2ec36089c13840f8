import * as path from 'node:path';
import { TheiaBackend, TheiaWindow, launchChromium, makeTempRoot, removeTempRoot, writeTree, sleep } from './support/theia-app.mjs';
const root = makeTempRoot();
const ws = writeTree(path.join(root, 'ws1'), { 'src/a.ts': 'const alpha = 1;\nconst beta = 2;\n', 'src/b.ts': 'export const gamma = 3;\n' });
const backend = await TheiaBackend.start({ root, workspace: ws });
console.log('port', backend.port, backend.discoveryFiles());
const browser = await launchChromium();
try {
  const w = await TheiaWindow.open(browser, backend, ws);
  console.log('shell up');
  await w.screenshot('explore-1.png');
  await w.openFile('src/a.ts');
  console.log('opened a');
  await w.openFile('src/b.ts');
  await w.screenshot('explore-2.png');
  console.log(await w.diagnostics());
  console.log(backend.discoveryFiles());
} catch (e) { console.log('ERR', e); console.log(backend.logTail(100)); }
finally { await browser.close(); await backend.stop(); removeTempRoot(root); }
