import { z } from 'zod';

/*
 * The wire contract as the real clients validate it (gemini-cli-core `ide/types.ts`, identical in
 * Qwen Code). Declared once: used to type what we build and to check it before it leaves, because a
 * notification that fails the client's parse disconnects the CLI.
 */

export const CursorSchema = z.object({
    line: z.number().int().min(1),
    character: z.number().int().min(1)
});

export const OpenFileSchema = z.object({
    path: z.string().min(1),
    timestamp: z.number(),
    isActive: z.boolean().optional(),
    selectedText: z.string().optional(),
    cursor: CursorSchema.optional()
});
export type OpenFile = z.infer<typeof OpenFileSchema>;

export const IdeContextSchema = z.object({
    workspaceState: z.object({
        openFiles: z.array(OpenFileSchema).optional(),
        isTrusted: z.boolean().optional()
    }).optional()
});
export type IdeContext = z.infer<typeof IdeContextSchema>;

export const DiffAcceptedParamsSchema = z.object({ filePath: z.string(), content: z.string() });
export type DiffAcceptedParams = z.infer<typeof DiffAcceptedParamsSchema>;

export const DiffRejectedParamsSchema = z.object({ filePath: z.string() });
export type DiffRejectedParams = z.infer<typeof DiffRejectedParamsSchema>;

export const OpenDiffArgumentsShape = {
    filePath: z.string().describe('Absolute path of the file to show a diff for'),
    newContent: z.string().describe('The proposed new content of the file')
};
export const CloseDiffArgumentsShape = {
    filePath: z.string().describe('Absolute path of the file whose diff to close'),
    suppressNotification: z.boolean().optional()
};

export const IdeNotificationMethods = {
    contextUpdate: 'ide/contextUpdate',
    diffAccepted: 'ide/diffAccepted',
    diffRejected: 'ide/diffRejected'
} as const;

export type IdeNotification =
    | { method: typeof IdeNotificationMethods.contextUpdate; params: IdeContext }
    | { method: typeof IdeNotificationMethods.diffAccepted; params: DiffAcceptedParams }
    | { method: typeof IdeNotificationMethods.diffRejected; params: DiffRejectedParams };

const PARAMS_SCHEMAS = {
    [IdeNotificationMethods.contextUpdate]: IdeContextSchema,
    [IdeNotificationMethods.diffAccepted]: DiffAcceptedParamsSchema,
    [IdeNotificationMethods.diffRejected]: DiffRejectedParamsSchema
};

/** Throws if the notification would fail the client's own schema. */
export function assertValidNotification(notification: IdeNotification): void {
    PARAMS_SCHEMAS[notification.method].parse(notification.params);
}

/** Limits the CLIs apply to context; applied before sending so nothing is cut on the other side. */
export const CONTEXT_LIMITS = {
    maxOpenFiles: 10,
    maxSelectedTextLength: 16384
} as const;
