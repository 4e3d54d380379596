import { expect } from '@open-wc/testing';
import {
  LIMITS,
  createMessageParser,
  parseAssistantText,
  type MantisPart,
  type ProtocolMarker,
} from '../../../src/index.js';

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
