import type { z as Zod } from 'zod';
// That entry alone: common/ must not pull the rest of the Node base layer into a browser bundle.
import { deferredRequire } from '@ai-cli-companion/node-base/deferred-module';

/*
 * The wire contract as the real clients validate it (gemini-cli-core `ide/types.ts`, identical in
 * Qwen Code). Declared once: used to type what we build and to check it before it leaves, because a
 * notification that fails the client's parse disconnects the CLI. zod is loaded on first use (from
 * node_modules, see deferredRequire), not at backend start (it costs ~100 ms to evaluate).
 */
function buildSchemas(z: typeof Zod) {
    const Cursor = z.object({ line: z.number().int().min(1), character: z.number().int().min(1) });
    const Position = z.object({ line: z.number().int().min(0), character: z.number().int().min(0) });
    const OpenFile = z.object({
        path: z.string().min(1),
        timestamp: z.number(),
        isActive: z.boolean().optional(),
        selectedText: z.string().optional(),
        cursor: Cursor.optional(),
        // Ours, not Gemini's: the 0-based selection Claude Code's selection_changed needs. normalizeContext
        // leaves it out of what Gemini CLI and Qwen Code get.
        selection: z.object({ start: Position, end: Position }).optional()
    });
    const IdeContext = z.object({
        workspaceState: z.object({ openFiles: z.array(OpenFile).optional(), isTrusted: z.boolean().optional() }).optional()
    });
    const openDiffArguments = {
        filePath: z.string().describe('Absolute path of the file to show a diff for'),
        newContent: z.string().describe('The proposed new content of the file')
    };
    const closeDiffArguments = {
        filePath: z.string().describe('Absolute path of the file whose diff to close'),
        suppressNotification: z.boolean().optional()
    };
    return {
        OpenFile,
        IdeContext,
        DiffAcceptedParams: z.object({ filePath: z.string(), content: z.string() }),
        DiffRejectedParams: z.object({ filePath: z.string() }),
        openDiffArguments,
        closeDiffArguments,
        OpenDiffArguments: z.object(openDiffArguments),
        CloseDiffArguments: z.object(closeDiffArguments)
    };
}

type WireSchemas = ReturnType<typeof buildSchemas>;
let schemas: WireSchemas | undefined;

export function wireSchemas(): WireSchemas {
    return schemas ??= buildSchemas(deferredRequire<{ z: typeof Zod }>('zod').z);
}

export type OpenFile = Zod.infer<WireSchemas['OpenFile']>;
export type IdeContext = Zod.infer<WireSchemas['IdeContext']>;
export type DiffAcceptedParams = Zod.infer<WireSchemas['DiffAcceptedParams']>;
export type DiffRejectedParams = Zod.infer<WireSchemas['DiffRejectedParams']>;
export type OpenDiffArguments = Zod.infer<WireSchemas['OpenDiffArguments']>;
export type CloseDiffArguments = Zod.infer<WireSchemas['CloseDiffArguments']>;

export const IdeNotificationMethods = {
    contextUpdate: 'ide/contextUpdate',
    diffAccepted: 'ide/diffAccepted',
    diffRejected: 'ide/diffRejected'
} as const;

export type IdeNotification =
    | { method: typeof IdeNotificationMethods.contextUpdate; params: IdeContext }
    | { method: typeof IdeNotificationMethods.diffAccepted; params: DiffAcceptedParams }
    | { method: typeof IdeNotificationMethods.diffRejected; params: DiffRejectedParams };

/** Throws if the notification would fail the client's own schema. */
export function assertValidNotification(notification: IdeNotification): void {
    const s = wireSchemas();
    const schema = notification.method === IdeNotificationMethods.contextUpdate ? s.IdeContext
        : notification.method === IdeNotificationMethods.diffAccepted ? s.DiffAcceptedParams : s.DiffRejectedParams;
    schema.parse(notification.params);
}

/** Limits the CLIs apply to context; applied before sending so nothing is cut on the other side. */
export const CONTEXT_LIMITS = {
    maxOpenFiles: 10,
    maxSelectedTextLength: 16384
} as const;
