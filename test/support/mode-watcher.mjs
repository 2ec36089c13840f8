// Polls directories as fast as it can and reports every file ever seen with a mode other than
// 0600: a separate process, so it observes the writer's files at any instant, mid-write included.
import fs from 'node:fs';
import path from 'node:path';

const dirs = process.argv.slice(2);
const violations = [];
const seen = new Set();
let running = true;

process.on('message', message => {
    if (message === 'stop') {
        running = false;
    }
});

function scan() {
    for (const dir of dirs) {
        let names;
        try { names = fs.readdirSync(dir); } catch { continue; }
        for (const name of names) {
            try {
                const mode = fs.lstatSync(path.join(dir, name)).mode & 0o777;
                seen.add(name);
                if (mode !== 0o600) {
                    violations.push(`${name}: ${mode.toString(8)}`);
                }
            } catch { /* removed between readdir and stat */ }
        }
    }
    if (running) {
        setImmediate(scan);
    } else {
        process.send({ violations, seen: [...seen] }, () => process.exit(0));
    }
}
process.send('ready');
scan();
