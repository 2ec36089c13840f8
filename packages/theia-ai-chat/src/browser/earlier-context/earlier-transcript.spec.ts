import { strict as assert } from 'assert';
import { EARLIER_TRANSCRIPT_BUDGET, EarlierTurn, earlierTranscript } from './earlier-transcript';

const turn = (index: number, answer = `Answer ${index}.`): EarlierTurn => ({ user: `Question ${index}?`, agent: 'Gemini CLI', answer: [{ text: answer }] });

describe('earlierTranscript: the chat\'s own transcript for an agent that starts fresh', () => {
    it('gives nothing for a chat without earlier turns', () => {
        assert.equal(earlierTranscript([]), undefined);
    });

    it('has every turn in order, the user\'s words and the answer as text, and no left-out line when all fit', () => {
        const transcript = earlierTranscript([turn(1), turn(2)])!;
        assert.equal(transcript.included, 2);
        assert.equal(transcript.leftOut, 0);
        assert.doesNotMatch(transcript.text, /left out/);
        assert.match(transcript.text, /User: Question 1\?\n\nGemini CLI: Answer 1\.\n\nUser: Question 2\?\n\nGemini CLI: Answer 2\.$/);
    });

    it('joins an answer\'s text parts as they were streamed, and sums up each tool call in one line where it happened', () => {
        const transcript = earlierTranscript([{
            user: 'Fix the build', agent: 'Qwen Code', answer: [
                { text: 'Let me ' }, { text: 'look.' },
                { tool: 'Tool call Reading\n  package.json (read): completed' },
                { tool: `Tool call ${'npm run build '.repeat(40)}(execute): failed` },
                { text: 'Done.' }
            ]
        }])!;
        const lines = transcript.text.split('\n');
        assert.ok(lines.includes('Qwen Code: Let me look.'), transcript.text);
        assert.ok(lines.includes('- Tool call: Tool call Reading package.json (read): completed'), transcript.text);
        const long = lines.find(line => line.includes('npm run build'))!;
        assert.ok(long.length <= 200 + '- Tool call: '.length, `a tool call's line is cut: ${long.length}`);
        assert.match(long, /…$/);
        assert.equal(lines[lines.length - 1], 'Done.', 'the text after the calls comes after them');
    });

    it('keeps the most recent turns within the budget and says how many earlier turns were left out', () => {
        const turns = Array.from({ length: 100 }, (_, index) => turn(index + 1, `Answer ${index + 1}: ${'x'.repeat(900)}`));
        const transcript = earlierTranscript(turns)!;
        assert.ok(transcript.text.length <= EARLIER_TRANSCRIPT_BUDGET, `${transcript.text.length} characters`);
        assert.ok(transcript.included > 10 && transcript.included < 100, `${transcript.included} turns`);
        assert.equal(transcript.leftOut, 100 - transcript.included);
        assert.match(transcript.text, new RegExp(`\\(${transcript.leftOut} earlier turns are left out\\.\\)`));
        assert.match(transcript.text, /Question 100\?/, 'the newest turn is in');
        assert.doesNotMatch(transcript.text, /Question 1\?/, 'the oldest is not');
        const first = 100 - transcript.included + 1;
        assert.ok(transcript.text.indexOf(`Question ${first}?`) < transcript.text.indexOf('Question 100?'), 'oldest first');
    });

    it('says "1 earlier turn is left out" for one', () => {
        const transcript = earlierTranscript([turn(1, 'a'.repeat(3000)), turn(2)], 2000)!;
        assert.equal(transcript.leftOut, 1);
        assert.match(transcript.text, /\(1 earlier turn is left out\.\)/);
    });

    it('cuts the newest turn in its middle when even it alone is over the budget', () => {
        const transcript = earlierTranscript([turn(1), turn(2, `START ${'y'.repeat(50_000)} END`)], 4000)!;
        assert.ok(transcript.text.length <= 4000, `${transcript.text.length} characters`);
        assert.equal(transcript.included, 1);
        assert.equal(transcript.leftOut, 1);
        assert.match(transcript.text, /Question 2\?[\s\S]*START/);
        assert.match(transcript.text, /characters of this turn left out …\]\n[y]*y END$/);
    });
});
