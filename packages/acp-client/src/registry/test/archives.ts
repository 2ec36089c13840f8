import * as zlib from 'zlib';

/** One entry of an archive made in a test: anything a hostile archive may hold, written byte by byte. */
export interface TestEntry {
    readonly path: string;
    readonly type?: 'file' | 'directory' | 'symlink' | 'hardlink' | 'fifo' | 'chardev';
    readonly content?: string | Buffer;
    readonly mode?: number;
    readonly linkTarget?: string;
}

const TAR_TYPES: Record<NonNullable<TestEntry['type']>, string> = {
    file: '0', hardlink: '1', symlink: '2', chardev: '3', directory: '5', fifo: '6'
};

/** A ustar .tar.gz with exactly these headers (no normalisation: `../x` and `/x` stay as written). */
export function tarGz(entries: readonly TestEntry[]): Buffer {
    const blocks: Buffer[] = [];
    for (const entry of entries) {
        const type = entry.type ?? 'file';
        const data = type === 'file' ? Buffer.from(entry.content ?? '') : Buffer.alloc(0);
        const header = Buffer.alloc(512);
        header.write(entry.path, 0, 100, 'utf8');
        octal(header, 100, 8, entry.mode ?? (type === 'directory' ? 0o755 : 0o644));
        octal(header, 108, 8, 0);
        octal(header, 116, 8, 0);
        octal(header, 124, 12, data.length);
        octal(header, 136, 12, 1_700_000_000);
        header.write(TAR_TYPES[type], 156, 1, 'ascii');
        header.write(entry.linkTarget ?? '', 157, 100, 'utf8');
        header.write('ustar\0', 257, 6, 'ascii');
        header.write('00', 263, 2, 'ascii');
        header.fill(' ', 148, 156);
        let sum = 0;
        for (const byte of header) {
            sum += byte;
        }
        header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
        blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
    blocks.push(Buffer.alloc(1024));
    return zlib.gzipSync(Buffer.concat(blocks));
}

function octal(buffer: Buffer, offset: number, length: number, value: number): void {
    buffer.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

const S_IF: Record<NonNullable<TestEntry['type']>, number> = {
    file: 0o100000, directory: 0o040000, symlink: 0o120000, hardlink: 0o100000, fifo: 0o010000, chardev: 0o020000
};

/** A stored (uncompressed) zip made on "Unix", with each entry's Unix file type in its external attributes. */
/**
 * The fields a zip's local header and its central-directory entry share, from "version needed" on: stored
 * (no compression), UTF-8 names, a fixed date, so the test archives are byte-for-byte reproducible.
 */
function writeEntryFields(header: Buffer, at: number, crc: number, size: number, nameLength: number): void {
    header.writeUInt16LE(20, at);
    header.writeUInt16LE(0x0800, at + 2);
    header.writeUInt16LE(0, at + 4);
    header.writeUInt16LE(0, at + 6);
    header.writeUInt16LE(0x21, at + 8);
    header.writeUInt32LE(crc, at + 10);
    header.writeUInt32LE(size, at + 14);
    header.writeUInt32LE(size, at + 18);
    header.writeUInt16LE(nameLength, at + 22);
}

export function zip(entries: readonly TestEntry[]): Buffer {
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const entry of entries) {
        const type = entry.type ?? 'file';
        const name = Buffer.from(entry.path, 'utf8');
        const data = type === 'symlink' ? Buffer.from(entry.linkTarget ?? '') : Buffer.from(entry.content ?? '');
        const crc = zlib.crc32(data);
        const local = Buffer.alloc(30);
        local.writeUInt32LE(0x04034b50, 0);
        writeEntryFields(local, 4, crc, data.length, name.length);
        local.writeUInt16LE(0, 28);
        const central = Buffer.alloc(46);
        central.writeUInt32LE(0x02014b50, 0);
        central.writeUInt16LE((3 << 8) | 20, 4);
        writeEntryFields(central, 6, crc, data.length, name.length);
        central.writeUInt32LE(((S_IF[type] | (entry.mode ?? (type === 'directory' ? 0o755 : 0o644))) << 16) >>> 0, 38);
        central.writeUInt32LE(offset, 42);
        locals.push(local, name, data);
        centrals.push(central, name);
        offset += local.length + name.length + data.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, directory, end]);
}

/**
 * A real, tiny ACP agent: answers `initialize` with its version, its argv and one env variable in
 * `agentInfo`, and writes `TINY_AGENT_RAN` (when set) so a test can tell it ran.
 */
export function tinyAgentScript(version: string): string {
    return `#!/usr/bin/env node
const fs = require('fs');
if (process.env.TINY_AGENT_RAN) { fs.writeFileSync(process.env.TINY_AGENT_RAN, String(process.pid)); }
let buffer = '';
process.stdin.on('data', chunk => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (!line.trim()) continue;
        const message = JSON.parse(line);
        if (message.method === 'initialize') {
            const title = JSON.stringify({ args: process.argv.slice(2), user: process.env.TINY_USER_VAR ?? null, fromRegistry: process.env.TINY_REGISTRY_VAR ?? null });
            process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {
                protocolVersion: 1, agentCapabilities: {}, authMethods: [], agentInfo: { name: 'tiny-agent', title, version: ${JSON.stringify(version)} }
            } }) + '\\n');
        } else if (message.id !== undefined) {
            process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'not here' } }) + '\\n');
        }
    }
});
process.stdin.on('end', () => process.exit(0));
`;
}
