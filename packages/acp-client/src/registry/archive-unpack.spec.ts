import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeFolder, tempFolder } from '@ai-cli-companion/node-base/test-support';
import { unpackArchive } from './archive-unpack';
import { tarGz, TestEntry, zip } from './test/archives';

const LIMITS = { maxUnpackedBytes: 1024 * 1024, maxEntries: 100 };
const SPECIAL_BITS = 0o7000;

describe('unpackArchive: modes', () => {
    let home: string;

    beforeEach(() => {
        home = tempFolder('registry-unpack-');
    });

    afterEach(() => removeFolder(home));

    async function unpack(archive: Buffer, type: 'tar.gz' | 'zip'): Promise<string> {
        const file = path.join(home, `agent.${type}`);
        fs.writeFileSync(file, archive);
        const into = path.join(home, 'unpacked');
        fs.mkdirSync(into);
        await unpackArchive(file, type, into, LIMITS);
        return into;
    }

    const entries: TestEntry[] = [
        { path: 'sgid/', type: 'directory', mode: 0o2755 },
        { path: 'sticky/', type: 'directory', mode: 0o1777 },
        { path: 'sgid/agent', content: '#!/bin/sh\n', mode: 0o6755 }
    ];

    for (const type of ['tar.gz', 'zip'] as const) {
        it(`keeps only the permission bits of a ${type}: a 6755 file unpacks without setuid and setgid, folders without setgid and sticky`, async () => {
            const into = await unpack(type === 'tar.gz' ? tarGz(entries) : zip(entries), type);
            for (const name of ['sgid/agent', 'sgid', 'sticky']) {
                const mode = fs.statSync(path.join(into, name)).mode;
                assert.strictEqual(mode & SPECIAL_BITS, 0, `${name}: ${(mode & 0o7777).toString(8)}`);
            }
            // The rest of the mode stays: the program is still executable.
            assert.strictEqual(fs.statSync(path.join(into, 'sgid', 'agent')).mode & 0o111, 0o111);
        });
    }
});
