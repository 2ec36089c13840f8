import * as fs from 'fs';
import * as path from 'path';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';

/** How long backend start may wait for the workspace argument; the server must be up before any terminal. */
const WORKSPACE_LOOKUP_TIMEOUT_MS = 2000;

/**
 * The roots the backend was started on, known before any window connects: a folder, or the folders
 * of a workspace file. A window later replaces them with its own.
 */
export async function startupWorkspaceRoots(workspaceServer: WorkspaceServer): Promise<string[]> {
    const uri = await Promise.race([
        workspaceServer.getMostRecentlyUsedWorkspace(),
        new Promise<undefined>(resolve => setTimeout(() => resolve(undefined), WORKSPACE_LOOKUP_TIMEOUT_MS).unref())
    ]);
    if (!uri) {
        return [];
    }
    const location = FileUri.fsPath(uri);
    try {
        if (fs.statSync(location).isDirectory()) {
            return [location];
        }
        const workspaceFile = JSON.parse(fs.readFileSync(location, 'utf8')) as { folders?: Array<{ path?: string }> };
        return (workspaceFile.folders ?? [])
            .map(folder => folder.path && path.resolve(path.dirname(location), folder.path))
            .filter((root): root is string => !!root);
    } catch {
        return [];
    }
}
