// Every relative link in the README, ARCHITECTURE.md and docs/ must resolve: the file exists, and a `#anchor`
// names a heading of that file (GitHub's slugs). Web links are not fetched (no network here). Exits 1 with the list.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = ['README.md', 'ARCHITECTURE.md', ...fs.readdirSync(path.join(root, 'docs')).filter(name => name.endsWith('.md')).map(name => `docs/${name}`)];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
function slug(heading) {
    return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchorsOf(file) {
    const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map(match => slug(match[1])));
}

const broken = [];
for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
            continue; // http(s), mailto: not fetched here
        }
        const [linkPath, anchor] = target.split('#');
        const resolved = linkPath ? path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(linkPath)) : path.join(root, file);
        if (!fs.existsSync(resolved)) {
            broken.push(`${file}: ${target} (no such file)`);
        } else if (anchor && fs.statSync(resolved).isFile() && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) {
            broken.push(`${file}: ${target} (no such heading)`);
        }
    }
}
if (broken.length) {
    console.error(`Broken links in the documents:\n${broken.join('\n')}`);
    process.exit(1);
}
console.log(`Document links: ${files.length} files checked, none broken.`);
