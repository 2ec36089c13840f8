// Writes package.json's per-CLI commands and settings from the client profiles (src/manifest-contributions.ts, built
// to lib/): run by `npm run build`, so a new CLI in the agent table reaches the .vsix without editing package.json.
// extension-manifest.spec.ts fails when package.json and the profiles differ.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { isProfileContribution, profileCommands, profileSettings } = require('../lib/manifest-contributions.js');
const file = new URL('../package.json', import.meta.url);
const text = fs.readFileSync(file, 'utf8');
const manifest = JSON.parse(text);
const { contributes } = manifest;
contributes.commands = [...profileCommands(), ...contributes.commands.filter(command => !isProfileContribution(command.command))];
const others = Object.entries(contributes.configuration.properties).filter(([name]) => !isProfileContribution(name));
contributes.configuration.properties = { ...profileSettings(), ...Object.fromEntries(others) };
const written = `${JSON.stringify(manifest, null, 2)}\n`;
if (written !== text) {
    fs.writeFileSync(file, written);
    console.log('package.json: per-CLI commands and settings written from the client profiles');
}
