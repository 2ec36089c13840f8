import * as assert from 'assert';
import { readAvailableCommands } from './acp-commands';

describe('readAvailableCommands: an agent\'s slash commands as the chat offers them', () => {
    it('keeps the entries with a string name, and a description only when it is a string', () => {
        assert.deepEqual(readAvailableCommands([{ name: 'memory', description: 'Show memory', input: { hint: 'x' } }, { name: 'init', description: {} }]),
            [{ name: 'memory', description: 'Show memory' }, { name: 'init', description: undefined }]);
    });

    it('drops what is not a command, and reads a value that is not a list as none', () => {
        assert.deepEqual(readAvailableCommands([null, 3, 'x', { name: 3 }, { description: 'no name' }]), []);
        assert.equal(readAvailableCommands('all'), undefined);
        assert.equal(readAvailableCommands(undefined), undefined);
    });
});
