import { expect } from '@open-wc/testing';
import {
  COMPOSER_LIMITS,
  LIMITS,
  createFenceParser,
  createMessageParser,
  parseAssistantText,
  utf8Length,
  validateView,
  type MantisPart,
  type ProtocolMarker,
} from '../../../src/index.js';
import { buildMaximalView } from '../../../bench/maximal-view.js';
import { sizedView } from '../../helpers/limit-views.js';

const V1: ProtocolMarker = { inlineUiVersion: 1, mode: 'orchestrator' };
const viewJson = (id = 'v') => JSON.stringify({ version: 1, id, root: { id: 'h', type: 'heading', text: 'Hello' } });
const fence = (body: string) => `\`\`\`mantis-ui\n${body}\n\`\`\``;
const types = (parts: readonly MantisPart[]) => parts.map((p) => p.type);

describe('parseAssistantText', () => {
  it('turns prose, a fence and prose into text, view, text in source order', () => {
    const parts = parseAssistantText(`Before.\n\n${fence(viewJson())}\n\nAfter.`, V1);
    expect(types(parts)).to.deep.equal(['text', 'data-mantis-ui', 'text']);
    expect((parts[0] as { text: string }).text.trim()).to.equal('Before.');
    expect((parts[2] as { text: string }).text.trim()).to.equal('After.');
    expect(parts.every((p) => p.type !== 'text' || p.state === 'done')).to.equal(true);
  });

  it('keeps fences as Markdown when the marker did not negotiate v1', () => {
    const text = `Before.\n\n${fence(viewJson())}\n`;
    expect(types(parseAssistantText(text, { inlineUiVersion: null, mode: 'orchestrator' }))).to.deep.equal(['text']);
    expect(types(parseAssistantText(text, { inlineUiVersion: 1, mode: 'ask' }))).to.deep.equal(['text', 'data-mantis-ui']);
  });

  it('does not treat a mantis-ui fence inside another code block as a view', () => {
    const text = `\`\`\`\`markdown\n${fence(viewJson())}\n\`\`\`\`\n`;
    expect(types(parseAssistantText(text, V1))).to.deep.equal(['text']);
  });

  it('turns an invalid fence into a non-actionable error part', () => {
    const parts = parseAssistantText(fence('{"version":1,"id":"v","root":{"id":"x","type":"script"}}'), V1);
    expect(parts).to.have.length(1);
    expect(parts[0]).to.deep.include({ type: 'data-mantis-ui-error' });
    expect(JSON.stringify(parts[0])).not.to.contain('script');
  });

  it('fails closed on a fence left open at the end of the message', () => {
    const parts = parseAssistantText(`Text\n\`\`\`mantis-ui\n${viewJson()}\n`, V1);
    expect(types(parts)).to.deep.equal(['text', 'data-mantis-ui-error']);
  });

  it(`refuses view ${LIMITS.viewsPerMessage + 1} with an error part`, () => {
    const text = Array.from({ length: LIMITS.viewsPerMessage + 1 }, (_, i) => fence(viewJson(`v${i}`))).join('\n');
    const parts = parseAssistantText(text, V1);
    expect(types(parts)).to.deep.equal([
      ...Array<string>(LIMITS.viewsPerMessage).fill('data-mantis-ui'),
      'data-mantis-ui-error',
    ]);
  });
});

describe('createMessageParser', () => {
  it('shows an open fence as a placeholder until its closing delimiter arrives', () => {
    const parser = createMessageParser(V1);
    parser.push('Intro\n```mantis-ui\n');
    let parts = parser.push(viewJson());
    expect(types(parts)).to.deep.equal(['text', 'data-mantis-ui-pending']);
    parts = parser.push('\n``');
    expect(types(parts)).to.deep.equal(['text', 'data-mantis-ui-pending']);
    parts = parser.push('`\n');
    expect(types(parts)).to.deep.equal(['text', 'data-mantis-ui']);
  });

  it('streams prose as it arrives but holds back a line that may open a fence', () => {
    const parser = createMessageParser(V1);
    expect((parser.push('Hello wor')[0] as { text: string }).text).to.equal('Hello wor');
    const parts = parser.push('ld\n``');
    expect((parts[0] as { text: string }).text).to.equal('Hello world\n');
  });

  it('fails closed the moment a fence body passes the byte limit, without waiting for its end', () => {
    const parser = createMessageParser(V1);
    parser.push('```mantis-ui\n');
    parser.push('x'.repeat(LIMITS.viewBytes));
    expect(types(parser.push(''))).to.deep.equal(['data-mantis-ui-pending']);
    const parts = parser.push('y');
    expect(parts[0]).to.deep.include({ type: 'data-mantis-ui-error' });
    expect((parts[0] as { data: { reason: string } }).data.reason).to.equal('too-large');
    // The rest of the fence is discarded; prose after it streams again.
    parser.push('z'.repeat(100_000));
    const after = parser.push('\n```\nAfter\n');
    expect(types(after)).to.deep.equal(['data-mantis-ui-error', 'text']);
  });

  it('keeps the identity of parts that did not change', () => {
    const parser = createMessageParser(V1);
    const first = parser.push(`Intro\n\n${fence(viewJson())}\n`);
    const view = first[1];
    const next = parser.push('More text');
    expect(next[1]).to.equal(view);
  });

  it('yields the one-shot parts for a message split at every position', () => {
    const text = `Intro *é* 😀\n\n${fence(viewJson())}\r\n\nOutro 😀\n~~~js\ncode\n~~~\n`;
    const expected = parseAssistantText(text, V1);
    for (let i = 0; i <= text.length; i++) {
      for (const j of [i, Math.min(text.length, i + 1), Math.min(text.length, i + 3)]) {
        const parser = createMessageParser(V1);
        parser.push(text.slice(0, i));
        parser.push(text.slice(i, j));
        parser.push(text.slice(j));
        expect(parser.end(), `split at ${i}, ${j}`).to.deep.equal(expected);
      }
    }
  });
});

describe('trusted parts and frozen text', () => {
  const attachment = { type: 'data-mantis-attachment', id: 'a1', data: { name: 'data.csv', mediaType: 'text/csv', size: 12 } } as const;

  it('keeps text that arrived before a trusted event before it, even an unfinished line', () => {
    const parser = createMessageParser(V1);
    parser.push('Uploading the fi');
    parser.insert(attachment);
    parser.push('le now.\n');
    const parts = parser.end();
    expect(types(parts)).to.deep.equal(['text', 'data-mantis-attachment', 'text']);
    expect((parts[0] as { text: string }).text).to.equal('Uploading the fi');
    expect((parts[0] as { state: string }).state).to.equal('done');
    expect((parts[2] as { text: string }).text).to.equal('le now.\n');
  });

  it('places the event after a view that is still streaming, which completes in place', () => {
    const parser = createMessageParser(V1);
    parser.push(`Intro\n\`\`\`mantis-ui\n${viewJson().slice(0, 10)}`);
    parser.insert(attachment);
    parser.push(`${viewJson().slice(10)}\n\`\`\`\nAfter\n`);
    expect(types(parser.end())).to.deep.equal(['text', 'data-mantis-ui', 'data-mantis-attachment', 'text']);
  });

  it('never takes a trusted part from assistant text', () => {
    const text = '```data-mantis-attachment\n{"name":"x"}\n```\n{"type":"data-mantis-attachment"}';
    expect(types(parseAssistantText(text, V1))).to.deep.equal(['text']);
  });
});

describe('Visual Tour messages', () => {
  const TOUR_MARKER = { inlineUiVersion: 1, mode: 'visual-tour' } as const;
  const tour = JSON.stringify({
    tour: { version: 1, title: 'T', steps: [{ id: 's', title: 'S', body: 'B', target: { uri: 'mantis://map/m/point/p' } }] },
  });

  it('parse the whole message as one tour object, shown as a placeholder until it ends', () => {
    const parser = createMessageParser(TOUR_MARKER);
    expect(types(parser.push(tour.slice(0, 20)))).to.deep.equal(['data-mantis-ui-pending']);
    parser.push(tour.slice(20));
    expect(types(parser.end())).to.deep.equal(['data-mantis-tour']);
  });

  it('never read fences as views, and fall back safely on anything but a valid tour', () => {
    const fenced = `Hello\n\`\`\`mantis-ui\n${viewJson()}\n\`\`\``;
    expect(types(parseAssistantText(fenced, TOUR_MARKER))).to.deep.equal(['data-mantis-ui-error']);
    expect(types(parseAssistantText('{"tour":{"version":2}}', TOUR_MARKER))).to.deep.equal(['data-mantis-ui-error']);
  });

  it('replays by the stored marker: the same text is a tour only when it was authored in Visual Tour', () => {
    expect(types(parseAssistantText(tour, V1))).to.deep.equal(['text']);
    expect(types(parseAssistantText(tour, TOUR_MARKER))).to.deep.equal(['data-mantis-tour']);
  });
});

describe('tool boundaries', () => {
  it('freeze live text: text before a tool event stays before the tool part, text after it follows', () => {
    const parser = createMessageParser(V1);
    parser.push('Let me look that up');
    parser.insert({ type: 'dynamic-tool', toolName: 'search', toolCallId: 'call-1', state: 'input-available', input: { q: 'x' } });
    parser.push(' — found it.\n');
    const parts = parser.end();
    expect(types(parts)).to.deep.equal(['text', 'dynamic-tool', 'text']);
    expect((parts[0] as { text: string }).text).to.equal('Let me look that up');
    expect((parts[2] as { text: string }).text).to.equal(' — found it.\n');
  });
});

describe('the view byte limit', () => {
  const AT = LIMITS.viewBytes;
  /** A maximal view (every limit reached, multi-byte text) of exactly LIMITS.viewBytes bytes, on one line. */
  const maximal = buildMaximalView().json;
  /** Closing delimiters of a ```` ``` ```` fence: longer, indented, followed by spaces. */
  const BACKTICK_CLOSINGS = ['```', '````', '   ```', '```   ', '  `````  '];
  /** Opening and closing delimiters of every shape, the closing ones in the forms CommonMark allows. */
  const DELIMITERS: readonly (readonly [string, string])[] = [
    ...BACKTICK_CLOSINGS.map((closing) => ['```', closing] as const),
    ['~~~~', '~~~~'],
    ['~~~~', '   ~~~~~~ '],
  ];
  const message = (open: string, body: string, closing: string, after = '\nAfter\n') => `Intro\n${open}mantis-ui\n${body}\n${closing}${after}`;

  /** Streams `text`: everything before `from` in one chunk, then one UTF-16 unit per chunk (halves of pairs too). */
  const streamFrom = (text: string, from = 0): readonly MantisPart[] => {
    const parser = createMessageParser(V1);
    parser.push(text.slice(0, from));
    for (let i = from; i < text.length; i++) parser.push(text[i] as string);
    return parser.end();
  };
  const reasons = (parts: readonly MantisPart[]) =>
    parts.flatMap((p) => (p.type === 'data-mantis-ui-error' ? [(p as { data: { reason: string } }).data.reason] : []));
  const viewIds = (parts: readonly MantisPart[]) => parts.flatMap((p) => (p.type === 'data-mantis-ui' ? [p.data.id] : []));

  it('starts from bodies of exactly the limit that validate, and one byte more that do not', () => {
    for (const body of [maximal, sizedView('s', AT), sizedView('m', AT, { pad: '😀' }), sizedView('p', AT, { pretty: true })]) {
      expect(utf8Length(body)).to.equal(AT);
      expect(validateView(body).ok).to.equal(true);
    }
    expect(validateView(`${maximal} `)).to.deep.include({ ok: false, reason: 'too-large' });
  });

  it('accepts a view of exactly the limit with its closing delimiter split into one-character chunks', () => {
    for (const [open, closing] of DELIMITERS) {
      const text = message(open, maximal, closing);
      const expected = parseAssistantText(text, V1);
      expect(types(expected), closing).to.deep.equal(['text', 'data-mantis-ui', 'text']);
      expect(viewIds(expected)).to.deep.equal(['maximal']);
      // From the body's last character on, one character per chunk: the closing delimiter arrives piece by piece.
      expect(streamFrom(text, text.indexOf(`\n${closing}\n`) - 1), closing).to.deep.equal(expected);
    }
  });

  it('shows the view at the limit as pending, not failed, while its closing delimiter arrives', () => {
    const parser = createMessageParser(V1);
    parser.push(`\`\`\`mantis-ui\n${maximal}\n`);
    for (const piece of [' ', ' ', '`', '`', '`', '`', ' ', ' ']) {
      expect(types(parser.push(piece))).to.deep.equal(['data-mantis-ui-pending']);
    }
    expect(types(parser.push('\n'))).to.deep.equal(['data-mantis-ui']);
  });

  it('accepts a view at the limit whose closing delimiter is the last line, without a newline, ended by end()', () => {
    for (const [open, closing] of DELIMITERS) {
      const text = message(open, maximal, closing, '');
      const expected = parseAssistantText(text, V1);
      expect(types(expected), closing).to.deep.equal(['text', 'data-mantis-ui']);
      expect(streamFrom(text, text.length - closing.length - 2), closing).to.deep.equal(expected);
      const parser = createMessageParser(V1);
      parser.push(text);
      expect(parser.end(), closing).to.deep.equal(expected);
    }
  });

  it('accepts a view at the limit with CRLF line endings, the CR of every line in a chunk of its own', () => {
    // Pretty-printed: many body lines, each ending in CR LF; the body is the lines without their CRs.
    const body = sizedView('crlf', AT, { pretty: true });
    for (const after of ['\r\nAfter\r\n', '']) {
      const text = `Intro\r\n\`\`\`mantis-ui\r\n${body.replaceAll('\n', '\r\n')}\r\n\`\`\`${after}`;
      const expected = parseAssistantText(text, V1);
      expect(types(expected)).to.deep.equal(after ? ['text', 'data-mantis-ui', 'text'] : ['text', 'data-mantis-ui']);
      expect(viewIds(expected)).to.deep.equal(['crlf']);
      expect(streamFrom(text)).to.deep.equal(expected);
    }
  });

  it('accepts a multi-byte UTF-8 body of exactly the limit, split inside its characters', () => {
    for (const pad of ['é', '€', '😀']) {
      const body = sizedView('mb', AT, { pad });
      const text = message('```', body, '```');
      const expected = parseAssistantText(text, V1);
      expect(viewIds(expected), pad).to.deep.equal(['mb']);
      expect(streamFrom(text), pad).to.deep.equal(expected);
    }
  });

  it('refuses a view one byte over the limit, whatever the chunking', () => {
    const bodies = [
      `${maximal} `,
      sizedView('s', AT + 1),
      sizedView('m', AT + 1, { pad: '😀' }),
      sizedView('e', AT + 1, { pad: '€' }),
    ];
    for (const body of bodies) {
      expect(utf8Length(body)).to.equal(AT + 1);
      for (const [open, closing] of DELIMITERS) {
        for (const after of ['\nAfter\n', '']) {
          const text = message(open, body, closing, after);
          const expected = parseAssistantText(text, V1);
          expect(types(expected)).to.deep.equal(after ? ['text', 'data-mantis-ui-error', 'text'] : ['text', 'data-mantis-ui-error']);
          expect(reasons(expected)).to.deep.equal(['too-large']);
          expect(streamFrom(text, text.indexOf(`\n${closing}`) - 2), closing).to.deep.equal(expected);
        }
      }
      expect(streamFrom(message('```', body, '```'))).to.deep.equal(parseAssistantText(message('```', body, '```'), V1));
    }
    const crlf = `Intro\r\n\`\`\`mantis-ui\r\n${sizedView('crlf', AT + 1, { pretty: true }).replaceAll('\n', '\r\n')}\r\n\`\`\`\r\n`;
    expect(reasons(parseAssistantText(crlf, V1))).to.deep.equal(['too-large']);
    expect(streamFrom(crlf)).to.deep.equal(parseAssistantText(crlf, V1));
  });

  it('still fails at once when a line that could have closed the fence at the limit turns out not to', () => {
    for (const rest of ['x', ' x', '`x', ' '.repeat(1_000)]) {
      const parser = createMessageParser(V1);
      parser.push(`\`\`\`mantis-ui\n${maximal}\n\`\``);
      expect(types(parser.push(''))).to.deep.equal(['data-mantis-ui-pending']);
      // No newline yet: the view fails on this chunk, without buffering the rest of the line.
      expect(reasons(parser.push(rest)), JSON.stringify(rest)).to.deep.equal(['too-large']);
    }
  });

  it('does not take an overlong closing line at the limit for a closing delimiter, streamed or not', () => {
    // A closing-delimiter candidate is bounded, so that a line at the limit is never buffered without end.
    const text = message('```', maximal, `\`\`\`${' '.repeat(1_000)}`);
    expect(reasons(parseAssistantText(text, V1))).to.deep.equal(['too-large']);
    expect(streamFrom(text, text.indexOf('\n```') + 4)).to.deep.equal(parseAssistantText(text, V1));
  });

  it('closes a view at the limit, or a discarded fence, the same way streamed or not, for closing lines of any length', () => {
    // Around the bound on closing lines, with and without a CR: split one character at a time, and just after the CR.
    const closings = [3, 100, 250, 255, 256, 257, 258, 300].map((length) => `\`\`\`${' '.repeat(length - 3)}`);
    for (const body of [maximal, sizedView('over', AT + 1)]) {
      for (const closing of closings) {
        for (const eol of ['\n', '\r\n']) {
          const text = `Intro\n\`\`\`mantis-ui\n${body}\n${closing}${eol}After\n\`\`\`\nEnd\n`;
          const expected = parseAssistantText(text, V1);
          const label = `${utf8Length(body)} bytes, closing line of ${closing.length}${eol === '\n' ? '' : ' + CR'}`;
          const start = text.indexOf(`\n${closing}${eol}`) + 1;
          expect(streamFrom(text, start), label).to.deep.equal(expected);
          const parser = createMessageParser(V1);
          parser.push(text.slice(0, start + closing.length + eol.length - 1));
          parser.push(text.slice(start + closing.length + eol.length - 1));
          expect(parser.end(), label).to.deep.equal(expected);
        }
      }
    }
  });
});

describe('the display limit', () => {
  const LIMIT = 40;
  const small = () => createFenceParser(V1, { displayChars: LIMIT });
  const oneShot = (text: string) => {
    const parser = small();
    parser.push(text);
    return parser.end();
  };
  const texts = (parts: readonly MantisPart[]) => parts.flatMap((p) => (p.type === 'text' ? [p.text] : []));

  it('is COMPOSER_LIMITS.displayChars unless set, and shows a reply of exactly the limit whole', () => {
    const exact = 'a'.repeat(COMPOSER_LIMITS.displayChars);
    expect(types(parseAssistantText(exact, V1))).to.deep.equal(['text']);
    const over = parseAssistantText(`${exact}b`, V1);
    expect(types(over)).to.deep.equal(['text', 'data-mantis-truncated']);
    expect(over[1]).to.deep.equal({
      type: 'data-mantis-truncated',
      id: 'truncated',
      data: { shownChars: COMPOSER_LIMITS.displayChars, totalChars: COMPOSER_LIMITS.displayChars + 1 },
    });
  });

  it('stops growing the text at the limit and appends one notice, its total known once the message ends', () => {
    const parser = small();
    const first = 'Hello, this is prose.\nAnd a line ';
    const second = 'that goes past the limit.';
    parser.push(first);
    const cut = parser.push(second);
    expect(types(cut)).to.deep.equal(['text', 'data-mantis-truncated']);
    expect(texts(cut)).to.deep.equal([(first + second).slice(0, LIMIT)]);
    expect((cut[0] as { state: string }).state).to.equal('done');
    expect(cut[1]).to.deep.equal({ type: 'data-mantis-truncated', id: 'truncated', data: { shownChars: LIMIT } });
    const [text, notice] = cut;
    // Past the limit a chunk changes nothing: no part is replaced, nothing is read, views included.
    const rest = ['x'.repeat(100_000), `\n${fence(viewJson())}\n`];
    for (const chunk of rest) parser.push(chunk);
    const after = parser.push('more');
    expect(after).to.have.length(2);
    expect(after[0]).to.equal(text);
    expect(after[1]).to.equal(notice);
    const total = first.length + second.length + rest.join('').length + 4;
    expect(parser.end()[1]).to.deep.equal({ type: 'data-mantis-truncated', id: 'truncated', data: { shownChars: LIMIT, totalChars: total } });
  });

  it('fails a view still open at the limit as incomplete, and shows an unfinished prose line as it is', () => {
    const open = oneShot(`Intro\n\`\`\`mantis-ui\n${viewJson()}\n\`\`\`\n`);
    expect(types(open)).to.deep.equal(['text', 'data-mantis-ui-error', 'data-mantis-truncated']);
    expect((open[1] as { data: { reason: string } }).data.reason).to.equal('incomplete');
    // A line that could still have opened a fence is held back while streaming, but shown once the limit makes it final.
    const held = oneShot(`${'p'.repeat(LIMIT - 8)}\n\`\`\`mant${'x'.repeat(50)}`);
    expect(texts(held)).to.deep.equal([`${'p'.repeat(LIMIT - 8)}\n\`\`\`mant`]);
  });

  it('never shows half of a character outside the BMP, nor takes back one it showed', () => {
    const text = `${'a'.repeat(LIMIT - 1)}😀 more`;
    expect(oneShot(text).at(-1)).to.deep.equal({ type: 'data-mantis-truncated', id: 'truncated', data: { shownChars: LIMIT - 1, totalChars: text.length } });
    expect(texts(oneShot(text))).to.deep.equal(['a'.repeat(LIMIT - 1)]);
    const parser = small();
    const streamed = parser.push(text.slice(0, LIMIT));
    expect(texts(streamed)).to.deep.equal(['a'.repeat(LIMIT - 1)]);
    // A message that ends at the limit ends whole, the half character included (it was never cut).
    expect(texts(parser.end())).to.deep.equal([`${text.slice(0, LIMIT)}\n`]);
  });

  it('keeps trusted parts that arrive past the limit, after the notice', () => {
    const parser = small();
    parser.push('y'.repeat(LIMIT + 10));
    const parts = parser.insert({ type: 'data-mantis-attachment', id: 'f', data: { name: 'a.txt', mediaType: 'text/plain', size: 1 } });
    expect(types(parts)).to.deep.equal(['text', 'data-mantis-truncated', 'data-mantis-attachment']);
    expect(types(parser.end())).to.deep.equal(['text', 'data-mantis-truncated', 'data-mantis-attachment']);
  });
});
