import * as path from 'node:path';
import { TheiaBackend, launchChromium, makeTempRoot, removeTempRoot, writeTree, sleep } from './support/theia-app.mjs';
const root = makeTempRoot();
const ws = writeTree(path.join(root, 'ws1'), { 'src/a.ts': 'const alpha = 1;\n' });
const backend = await TheiaBackend.start({ root, workspace: ws });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  page.on('console', m => console.log('CONSOLE', m.type(), m.text().slice(0, 300)));
  page.on('pageerror', e => console.log('PAGEERR', e));
  await page.goto(`${backend.url}/#${ws}`);
  await sleep(20000);
  console.log((await page.content()).slice(0, 2000));
  await page.screenshot({ path: '/tmp/explore/p.png' });
} catch (e) { console.log('ERR', e); }
finally { console.log(backend.logTail(30)); await browser.close(); await backend.stop(); removeTempRoot(root); }
