// Runs every mocha suite in turn, streams its output, and ends with one line of totals
// ("N passed, N failed") so a run is judged by what it executed, not only by its exit code.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mocha = ['node_modules/.bin/mocha', '--exit', '--color'];
const suites = [
    { name: 'node base (unit)', cwd: 'packages/node-base', args: ['--timeout', '20000', 'lib/**/*.spec.js'] },
    { name: 'protocol core (unit)', cwd: 'packages/companion-core', args: ['--timeout', '20000', 'lib/**/*.spec.js'] },
    { name: 'acp client engine (unit, a real ACP agent process)', cwd: 'packages/acp-client', args: ['--timeout', '20000', 'lib/**/*.spec.js'] },
    { name: 'agent api (unit)', cwd: 'packages/agent-api', args: ['--timeout', '20000', 'lib/**/*.spec.js'] },
    { name: 'theia agent api (unit)', cwd: 'packages/theia-agent-api', args: ['--timeout', '20000', '--require', 'reflect-metadata', 'lib/**/*.spec.js'] },
    { name: 'theia ai chat agents (unit)', cwd: 'packages/theia-ai-chat', args: ['--timeout', '20000', '--require', 'reflect-metadata', 'lib/**/*.spec.js'] },
    { name: 'theia extension (unit)', cwd: 'packages/theia-companion', args: ['--timeout', '20000', '--require', 'reflect-metadata', 'lib/**/*.spec.js'] },
    { name: 'vscode extension (unit)', cwd: 'packages/vscode-companion', args: ['--timeout', '20000', '--require', './lib/test/vscode-stand-in.js', 'lib/**/*.spec.js'] },
    { name: 'integration', cwd: 'test', args: ['--timeout', '180000', '--slow', '10000', 'integration/**/*.spec.mjs'] },
    { name: 'agent api (real CLIs)', cwd: 'test', args: ['--timeout', '180000', '--slow', '10000', 'agent-api/**/*.spec.mjs'] },
    { name: 'end-to-end', cwd: 'test', args: ['--timeout', '300000', '--slow', '30000', 'e2e/**/*.spec.mjs'] },
    { name: 'custom Theia app from the npm tarballs', cwd: 'test', args: ['--timeout', '900000', '--slow', '120000', 'custom-app/**/*.spec.mjs'] },
    { name: 'plugin host (.vsix in the Theia IDE-shaped app)', cwd: 'test', args: ['--timeout', '300000', '--slow', '30000', 'plugin-host/**/*.spec.mjs'] }
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = []; // repeated at the end: CI logs are often read from the tail only
let broken = false;
for (const suite of suites) {
    console.log(`\n=== ${suite.name} ===`);
    const { code, output } = await run(suite);
    const count = word => Number(new RegExp(`(\\d+) ${word}`).exec(output.replace(/\u001b\[[0-9;]*m/g, ''))?.[1] ?? 0);
    totals.passed += count('passing');
    totals.failed += count('failing');
    totals.skipped += count('pending');
    const failing = /\d+ failing[\s\S]*/.exec(output.replace(/\u001b\[[0-9;]*m/g, ''));
    if (failing) failures.push(`--- ${suite.name}: ${failing[0].slice(0, 8000).trimEnd()}`);
    if (code !== 0 && count('failing') === 0) {
        broken = true;
        totals.failed += 1; // the suite crashed or found no spec: count it, never pass silently
        console.log(`!!! ${suite.name} exited with ${code}`);
        failures.push(`--- ${suite.name}: exited with ${code}\n${output.slice(-4000)}`);
    }
}
if (failures.length > 0) {
    console.log(`\n=== what failed, again ===\n${failures.join('\n')}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken ? 1 : 0);

function run(suite) {
    return new Promise(resolve => {
        const child = spawn(process.execPath, [`${root}/${mocha[0]}`, ...mocha.slice(1), ...suite.args], {
            cwd: `${root}/${suite.cwd}`, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' }
        });
        let output = '';
        child.stdout.on('data', chunk => { output += chunk; process.stdout.write(chunk); });
        child.stderr.on('data', chunk => { output += chunk; process.stderr.write(chunk); });
        child.on('exit', code => resolve({ code, output }));
    });
}
