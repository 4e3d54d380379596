import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { LIMITS, createMessageParser, parseAssistantText, type MantisPart } from '../../../src/index.js';
import { MIXED_DOCUMENTS } from '../../helpers/documents.js';

const V1 = { inlineUiVersion: 1, mode: 'orchestrator' } as const;
const fence = (body: string, ticks = '```') => `${ticks}mantis-ui\n${body}\n${ticks}`;
const view = (id: string, text: string) => JSON.stringify({ version: 1, id, root: { id: `${id}-h`, type: 'heading', text } });

/** Mixed messages: prose with every Markdown construct, views, invalid views, fences in code, emoji, CRLF. */
const MESSAGES: readonly string[] = [
  `${MIXED_DOCUMENTS[0]}\n${fence(view('a', 'Emoji 😀 and é'))}\n\nAfter the view 🚀.\n`,
  `Intro\r\n\r\n${fence(view('b', 'CRLF'))}\r\nOutro\r\n`,
  `${fence('{"version":1,"id":"bad","root":{"id":"x","type":"script"}}')}\ntext\n${fence(view('c', 'ok'), '````')}\n`,
  `\`\`\`\`markdown\n${fence(view('d', 'inside code'))}\n\`\`\`\`\nThen ${'😀'.repeat(20)}\n`,
  `${fence('x'.repeat(LIMITS.viewBytes + 10))}\nafter an oversized view\n${fence(view('e', 'next'))}\n`,
  `${MIXED_DOCUMENTS[1]}${fence(view('f', 'left open'))}`.slice(0, -3),
  Array.from({ length: LIMITS.viewsPerMessage + 2 }, (_, i) => fence(view(`v${i}`, `view ${i}`))).join('\n'),
];

/** Splits `text` at the given cut points (fast-check picks them anywhere, inside delimiters and surrogate pairs). */
function split(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let last = 0;
  for (const point of points) {
    chunks.push(text.slice(last, point));
    last = point;
  }
  chunks.push(text.slice(last));
  return chunks;
}

describe('streaming any chunking of a message', () => {
  it('yields exactly the parts of the one-shot parse, for 1,000 random chunkings', function () {
    this.timeout(120_000);
    const expected = new Map<string, readonly MantisPart[]>(MESSAGES.map((m) => [m, parseAssistantText(m, V1)]));
    fc.assert(
      fc.property(fc.constantFrom(...MESSAGES), fc.array(fc.nat(), { maxLength: 400 }), (message, cuts) => {
        const parser = createMessageParser(V1);
        for (const chunk of split(message, cuts)) parser.push(chunk);
        expect(parser.end()).to.deep.equal(expected.get(message));
      }),
      { numRuns: 1000, seed: 20261130 },
    );
  });

  it('never shows a view before its closing delimiter, at any point of any chunking', function () {
    this.timeout(60_000);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), (cuts) => {
        const message = MESSAGES[0] as string;
        const closing = message.indexOf('\n```', message.indexOf('```mantis-ui')) + 4;
        const parser = createMessageParser(V1);
        let received = 0;
        for (const chunk of split(message, cuts)) {
          const parts = parser.push(chunk);
          received += chunk.length;
          if (received < closing) expect(parts.some((p) => p.type === 'data-mantis-ui')).to.equal(false);
        }
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
