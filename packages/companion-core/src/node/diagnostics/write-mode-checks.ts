import * as path from 'path';
import { readJsoncObject, valueAt } from '@ai-cli-companion/node-base';
import { ClientProfile, SilentWriteModes } from '../../common/client-profiles';
import { DiagnosisCheck } from '../../common/connection-diagnosis';

/**
 * The CLI's approval mode as it resolves it (the user's settings, then each workspace folder's files in order):
 * in a silent mode it writes without asking, so no diff ever opens in the editor.
 */
export function approvalModeCheck(profile: ClientProfile, rule: SilentWriteModes, userSettings: string, roots: readonly string[], editorName: string): DiagnosisCheck {
    const files = [userSettings, ...roots.flatMap(root => rule.projectFiles.map(name => path.join(root, rule.projectDir, name)))];
    let mode = rule.defaultMode;
    let source = 'default';
    for (const file of files) {
        const value = readKey(file, rule.key);
        if (typeof value === 'string') {
            mode = value;
            source = file;
        }
    }
    const key = rule.key.join('.');
    return rule.silent.includes(mode)
        ? { status: 'warning', title: `${profile.displayName}: ${key} is "${mode}" (${source})`, details: [`In this mode the CLI writes files without asking, so no diff ever opens in ${editorName}.`],
            fix: profile.diffModeNote ?? `Set "${key}": "default" in ${userSettings} (or press Shift+Tab in the CLI until it asks before edits).` }
        : { status: 'ok', title: `${profile.displayName}: ${key} is "${mode}" (${source}); edits are proposed as diffs` };
}

/** Claude Code: `"diffTool": "terminal"` in ~/.claude.json turns the IDE diff off. */
export function diffToolCheck(profile: ClientProfile, homedir: string): DiagnosisCheck {
    const file = path.join(homedir, '.claude.json');
    const diffTool = readKey(file, ['diffTool']);
    return diffTool === 'terminal'
        ? { status: 'warning', title: `${profile.displayName}: "diffTool" is "terminal" in ${file}`, details: ['Then the CLI never opens a diff in the IDE.'], fix: profile.diffModeNote }
        : { status: 'ok', title: `${profile.displayName}: "diffTool" is "${typeof diffTool === 'string' ? diffTool : 'auto'}" (${file}): diffs open in the IDE in ask-before-edit mode` };
}

function readKey(file: string, key: readonly string[]): unknown {
    return valueAt(readJsoncObject(file), [...key]);
}
