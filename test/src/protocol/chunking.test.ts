import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { COMPOSER_LIMITS, LIMITS, createMessageParser, parseAssistantText, type MantisPart } from '../../../src/index.js';
import { MIXED_DOCUMENTS } from '../../helpers/documents.js';
import { sizedView } from '../../helpers/limit-views.js';

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
  ...nearLimitMessages(),
  ...nearDisplayLimitMessages(),
];

/**
 * Views of exactly LIMITS.viewBytes bytes (`at-…`, valid: they become views) and one byte over (`over-…`, refused),
 * between prose, with and without a final newline, in every closing-delimiter shape, multi-byte and CRLF.
 */
function nearLimitMessages(): string[] {
  const at = (id: string, pad?: string) => sizedView(id, LIMITS.viewBytes, { pad });
  const over = (id: string, pad?: string) => sizedView(id, LIMITS.viewBytes + 1, { pad });
  const crlf = (text: string) => text.replaceAll('\n', '\r\n');
  return [
    `Before the view.\n\n${fence(at('at-a'))}\n\nAfter the view.\n`,
    `Before.\n${fence(at('at-b', '😀'))}`,
    `Before.\n\n${fence(over('over-a'))}\nAfter an oversized view.\n${fence(at('at-c', 'é'))}\nEnd`,
    `${fence(over('over-b', '€'))}`,
    `Tilde:\n~~~~mantis-ui\n${at('at-d')}\n   ~~~~~~  \nThen ${'😀'.repeat(5)}\n  \`\`\`\`  `,
    `Indented:\n\`\`\`mantis-ui\n${over('over-c', '😀')}\n  \`\`\`\`\nAfter.`,
    crlf(`Intro\n\n\`\`\`mantis-ui\n${sizedView('at-e', LIMITS.viewBytes, { pretty: true })}\n\`\`\`\nOutro\n`),
    crlf(`Intro\n\`\`\`mantis-ui\n${sizedView('over-d', LIMITS.viewBytes + 1, { pretty: true, pad: '€' })}\n\`\`\``),
  ];
}

/** Prose of exactly `chars` characters (paragraphs of Markdown lines), ending in a blank line when there is room. */
function filler(chars: number): string {
  const line = 'Some *prose* with `code` and a [link](https://example.com/a) in a line of a paragraph.\n';
  const paragraph = `${line.repeat(5)}\n`;
  const text = paragraph.repeat(Math.ceil(chars / paragraph.length));
  return chars >= 2 ? `${text.slice(0, chars - 2)}\n\n` : text.slice(0, chars);
}

/**
 * Messages around the display limit (COMPOSER_LIMITS.displayChars): exactly at it (shown whole) and past it (cut),
 * the cut inside a character outside the BMP, a CRLF, a line that may open a fence, a prose code block, an open
 * view, a discarded oversized view, and views after the limit (never read).
 */
function nearDisplayLimitMessages(): string[] {
  const limit = COMPOSER_LIMITS.displayChars;
  /** `tail` placed so that it starts `offset` characters before the limit, after prose. */
  const at = (offset: number, tail: string) => filler(limit - offset) + tail;
  return [
    at(3, 'End'),
    at(3, 'End.'),
    at(1, '😀'),
    at(1, '😀 and more'),
    at(2, '😀 and more'),
    at(1, '\r\nNext line\r\n'),
    at(5, '```mantis-ui\n' + view('after', 'never read') + '\n```\n'),
    at(40, 'A line\n```mantis-ui\n' + view('open', 'cut') + '\n```\nafter'),
    at(4, '```js\nconst x = 1;\n```\n'),
    `${filler(1000)}${fence(view('kept', 'before'))}\n${filler(limit)}${fence(view('late', 'never read'))}\n`,
    at(fence(view('edge', 'closes at the limit')).length, `${fence(view('edge', 'closes at the limit'))}\nafter`),
    `${filler(limit - LIMITS.viewBytes - 40)}${fence('x'.repeat(LIMITS.viewBytes + 100))}\nTail\n${fence(view('late', 'never read'))}\n`,
    `${filler(limit - 3)}\n${'x'.repeat(100_000)}`,
  ];
}

/** Where each fence delimiter line starts: cuts are drawn near these too, splitting the delimiters themselves. */
const delimiters = (text: string): number[] => [...text.matchAll(/^ {0,3}(?:`{3,}|~{3,})/gm)].map((m) => m.index);

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
    const nearDelimiter = fc.record({ delimiter: fc.nat(), offset: fc.integer({ min: -3, max: 12 }) });
    fc.assert(
      fc.property(
        fc.constantFrom(...MESSAGES),
        fc.array(fc.nat(), { maxLength: 400 }),
        fc.array(nearDelimiter, { maxLength: 12 }),
        // Cuts around the display limit too: the limit inside a chunk, at a chunk's end, or at the next one's start.
        fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 3 }),
        (message, cuts, near, nearLimit) => {
          const starts = delimiters(message);
          const nearCuts = starts.length === 0 ? [] : near.map((n) => Math.max(0, (starts[n.delimiter % starts.length] as number) + n.offset));
          const limitCuts = message.length > COMPOSER_LIMITS.displayChars ? nearLimit.map((n) => COMPOSER_LIMITS.displayChars + n) : [];
          const parser = createMessageParser(V1);
          for (const chunk of split(message, [...cuts, ...nearCuts, ...limitCuts])) parser.push(chunk);
          expect(parser.end()).to.deep.equal(expected.get(message));
        },
      ),
      { numRuns: 1000, seed: 20261130 },
    );
  });

  it('has near-limit documents that mean what they say: views at the limit shown, one byte over refused', () => {
    for (const message of nearLimitMessages()) {
      const parts = parseAssistantText(message, V1);
      const ids = [...message.matchAll(/"id":\s*"((?:at|over)-[a-z])"/g)].map((m) => m[1] as string);
      expect(ids.length, message.slice(0, 40)).to.be.greaterThan(0);
      expect(parts.flatMap((p) => (p.type === 'data-mantis-ui' ? [p.data.id] : []))).to.deep.equal(ids.filter((id) => id.startsWith('at-')));
      const refused = parts.flatMap((p) => (p.type === 'data-mantis-ui-error' ? [(p.data as { reason: string }).reason] : []));
      expect(refused).to.deep.equal(ids.filter((id) => id.startsWith('over-')).map(() => 'too-large'));
    }
  });

  it('has near-display-limit documents that mean what they say: shown whole up to the limit, cut once past it', () => {
    const limit = COMPOSER_LIMITS.displayChars;
    for (const message of nearDisplayLimitMessages()) {
      const parts = parseAssistantText(message, V1);
      const notices = parts.filter((p) => p.type === 'data-mantis-truncated');
      const shown = parts.reduce((n, p) => n + (p.type === 'text' ? p.text.length : 0), 0);
      if (message.length <= limit) {
        expect(notices, message.slice(-20)).to.deep.equal([]);
        continue;
      }
      expect(notices.map((p) => p.data.totalChars), message.slice(-20)).to.deep.equal([message.length]);
      expect(parts.at(-1)?.type).to.equal('data-mantis-truncated');
      const { shownChars } = notices[0]!.data;
      // Cut at the limit, or one before it when the limit falls inside a character outside the BMP.
      expect(shownChars).to.equal(/[\uD800-\uDBFF]/.test(message[limit - 1]!) ? limit - 1 : limit);
      expect(shown).to.be.at.most(shownChars);
      expect(parts.flatMap((p) => (p.type === 'data-mantis-ui' ? [p.data.id] : []))).not.to.include.members(['after', 'late', 'edge']);
    }
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
