import * as assert from 'assert';
import { URI } from '@theia/core/lib/common/uri';
import { agentFileTarget, agentLinkTarget } from './agent-links';

describe('agentLinkTarget (what a link in an agent\'s content may open)', () => {
    const roots = [URI.fromFilePath('/work/project')];
    const target = (href: string) => agentLinkTarget(href, roots)?.toString();

    it('opens web links', () => {
        assert.equal(target('https://example.com/docs#x'), 'https://example.com/docs#x');
        assert.equal(target('HTTP://example.com/'), 'http://example.com/');
    });

    it('opens nothing for command:, vscode:, javascript:, data: or protocol-relative links', () => {
        for (const href of ['command:aiCliCompanion.installCli?%5B%22gemini%22%5D', 'COMMAND:workbench.action.terminal.new', ' command:x',
            'vscode://file/work/project/a.ts', 'javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', 'mem-txt-readonly:/x?y', '#anchor', '']) {
            assert.equal(target(href), undefined, href);
        }
    });

    it('opens files inside the workspace only, however the path is written', () => {
        assert.equal(target('file:///work/project/src/a.ts'), 'file:///work/project/src/a.ts');
        assert.equal(target('/work/project/README.md'), 'file:///work/project/README.md');
        assert.equal(target('src/a.ts#L3'), 'file:///work/project/src/a.ts');
        assert.equal(target('./docs/../README.md'), 'file:///work/project/README.md');
        for (const href of ['file:///etc/passwd', 'file:///work/project/../secret', 'file:///work/project-other/a', '/etc/passwd',
            '../outside.txt', 'src/../../outside.txt', '%2e%2e/outside.txt', 'file:///work/project/%2e%2e/secret']) {
            assert.equal(target(href), undefined, href);
        }
    });

    it('opens nothing relative without a workspace', () => {
        assert.equal(agentLinkTarget('README.md', []), undefined);
        assert.equal(agentLinkTarget('https://example.com', [])?.toString(), 'https://example.com/');
    });

    it('takes tool-call locations as paths', () => {
        assert.equal(agentFileTarget('/work/project/a b.ts', roots)?.path.toString(), '/work/project/a b.ts');
        assert.equal(agentFileTarget('/etc/hosts', roots), undefined);
    });
});
