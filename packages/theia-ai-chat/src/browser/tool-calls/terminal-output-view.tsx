import * as React from '@theia/core/shared/react';
import { AcpTerminalView } from './terminal-outputs';
import { useChanges } from '../turn/use-changes';

/**
 * A command an agent runs through an ACP terminal, on its tool card: the command line, the output
 * as it comes (monospace, scrolling, following the end unless the user scrolled up), the exit.
 */
export const TerminalOutputView: React.FC<{ view: AcpTerminalView }> = ({ view }) => {
    useChanges(view);
    const output = React.useRef<HTMLPreElement>(null);
    const following = React.useRef(true);
    React.useLayoutEffect(() => {
        if (following.current && output.current) {
            output.current.scrollTop = output.current.scrollHeight;
        }
    });
    const onScroll = () => {
        const pre = output.current;
        if (pre) {
            following.current = pre.scrollTop + pre.clientHeight >= pre.scrollHeight - 8;
        }
    };
    const running = !view.exitStatus;
    return <div className={`theia-acp-terminal ${running ? 'theia-acp-terminal-running' : ''}`} data-terminal-id={view.terminalId}>
        <div className='theia-acp-terminal-command' title={view.command}>
            {/* The command's first push comes before the tool call on the same connection: without it, none will come (a restored chat). */}
            <span className='codicon codicon-terminal' /> <span>{view.command || `terminal ${view.terminalId}: output not available in this window`}</span>
        </div>
        <pre className='theia-acp-terminal-output' ref={output} onScroll={onScroll}>
            {view.cut && <span className='theia-acp-terminal-cut'>… earlier output not shown{'\n'}</span>}
            {view.text}
        </pre>
        {view.exitStatus && <div className={`theia-acp-terminal-exit ${view.exitStatus.exitCode === 0 ? 'theia-acp-terminal-ok' : 'theia-acp-terminal-failed'}`}>
            {exitText(view.exitStatus)}
        </div>}
    </div>;
};

function exitText(exit: NonNullable<AcpTerminalView['exitStatus']>): string {
    if (exit.signal) {
        return `Killed (${exit.signal})`;
    }
    return `Exit code ${exit.exitCode}`;
}
