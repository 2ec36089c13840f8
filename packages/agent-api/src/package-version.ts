import * as fs from 'fs';
import * as path from 'path';

/** The version in this package's package.json (what `/status` reports). */
export function packageVersion(): string {
    const file = path.join(__dirname, '..', 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
