import { strict as assert } from 'assert';
import { mentionStart } from './agent-suggestion';

describe('Add Agent from ACP Registry… in the chat\'s @ list: where the mention starts (issue 25 part 1)', () => {
    it('finds the @ being typed at the line start or after a blank, with the word typed so far', () => {
        assert.equal(mentionStart('@'), 1);
        assert.equal(mentionStart('@Gem'), 1);
        assert.equal(mentionStart('hello @'), 7);
        assert.equal(mentionStart('hello\t@add-agent'), 7);
    });

    it('offers nothing inside a word, an address, or after the mention ended', () => {
        assert.equal(mentionStart('mail me@'), undefined);
        assert.equal(mentionStart('user@example'), undefined);
        assert.equal(mentionStart('@GeminiCLI '), undefined);
        assert.equal(mentionStart('plain text'), undefined);
    });
});
