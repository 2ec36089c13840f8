import * as vscode from 'vscode';
import type { CompanionLogger } from '@ai-cli-companion/core';

export const OUTPUT_CHANNEL_NAME = 'AI CLI Companion';

/** The "AI CLI Companion" output channel, also the core's logger; debug lines only with aiCli.debugLogging. */
export class CompanionOutput implements CompanionLogger, vscode.Disposable {
    readonly channel: vscode.OutputChannel;

    constructor(private readonly debugEnabled: () => boolean) {
        this.channel = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME);
    }

    debug(message: string): void {
        if (this.debugEnabled()) {
            this.write('debug', message);
        }
    }

    info(message: string): void {
        this.write('info', message);
    }

    warn(message: string): void {
        this.write('warn', message);
    }

    error(message: string): void {
        this.write('error', message);
    }

    show(): void {
        this.channel.show(true);
    }

    dispose(): void {
        this.channel.dispose();
    }

    private write(level: string, message: string): void {
        this.channel.appendLine(`[${new Date().toISOString()}] [${level}] ${message}`);
    }
}
