import { expect } from '@open-wc/testing';
import { createMessageParser, parseAssistantText, validateView } from '../../../src/index.js';
import { sharedCorpusOrSkip, type AttackEntry } from '../../helpers/corpus.js';

const V1 = { inlineUiVersion: 1, mode: 'orchestrator' } as const;

const OWN_JSON: readonly AttackEntry[] = [
  { id: 'own-proto', payload: '{"version":1,"id":"v","root":{"id":"h","type":"heading","text":"x","__proto__":{"polluted":1}}}', wrap: 'fence-body' },
  { id: 'own-constructor', payload: '{"version":1,"id":"v","constructor":{"prototype":{"polluted":1}},"root":{"id":"h","type":"heading","text":"x"}}', wrap: 'fence-body' },
  { id: 'own-dup', payload: '{"version":1,"id":"v","root":{"id":"h","type":"heading","text":"a"},"root":{"id":"x","type":"script"}}', wrap: 'fence-body' },
  { id: 'own-huge-number', payload: '{"version":1e999,"id":"v","root":{"id":"h","type":"heading","text":"x"}}', wrap: 'fence-body' },
  { id: 'own-nest', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, wrap: 'fence-body' },
  { id: 'own-breakout', payload: '{"version":1,"id":"v"\n```\n<script>alert(1)</script>\n```mantis-ui\n', wrap: 'fence-body' },
];

function wrap(entry: AttackEntry): string {
  return entry.wrap === 'document' ? entry.payload : `Before.\n\n\`\`\`mantis-ui\n${entry.payload}\n\`\`\`\n\nAfter.\n`;
}

/** Deterministic pseudo-random chunk sizes. */
function chunks(text: string, seed: number): string[] {
  const out: string[] = [];
  let state = seed;
  for (let i = 0; i < text.length; ) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const size = 1 + (state % 9);
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

function check(entries: readonly AttackEntry[]): void {
  for (const entry of entries) {
    const text = wrap(entry);
    const parts = parseAssistantText(text, V1);
    for (const part of parts) {
      expect(['text', 'data-mantis-ui', 'data-mantis-ui-error'], entry.id).to.include(part.type);
      // A view part is only ever a view that validates on its own.
      if (part.type === 'data-mantis-ui') expect(validateView(part.data).ok, entry.id).to.equal(true);
      if (part.type === 'data-mantis-ui-error') expect(JSON.stringify(part.data), entry.id).not.to.contain('<script');
    }
    if (text.length < 20_000) {
      const parser = createMessageParser(V1);
      for (const chunk of chunks(text, entry.id.length)) parser.push(chunk);
      expect(parser.end(), `${entry.id} streamed`).to.deep.equal(parts);
    }
  }
  expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
}

describe('json attack inputs through the message parser', () => {
  it('turns the suite’s own hostile fences into errors or valid views, never anything else', () => {
    check(OWN_JSON);
  });

  it('does the same for every json entry of the shared corpus, one-shot and streamed', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'its json group');
    this.timeout(60_000);
    check(corpus.json);
  });
});
