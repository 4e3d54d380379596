import { expect } from '@open-wc/testing';
import { COMPOSER_LIMITS, citationIndex, contextPreamble, copyText, followUpPrompt, parseAssistantText, type ProjectableMessage } from '../../../src/index.js';

const citations = (id: string, titles: string[]) =>
  JSON.stringify({
    version: 1,
    id,
    root: { id: `${id}-list`, type: 'citation-list', citations: titles.map((title, i) => ({ id: `${id}-c${i}`, title })) },
  });

const TEXT = `Memory systems dominate the map [1].

\`\`\`mantis-ui
${citations('v1', ['Paper A', 'Paper B'])}
\`\`\`

The second cluster is more diverse [3].

\`\`\`mantis-ui
${citations('v2', ['Paper C'])}
\`\`\`
`;

const message: ProjectableMessage = { role: 'assistant', text: TEXT, marker: { inlineUiVersion: 1, mode: 'orchestrator' } };

describe('projections', () => {
  it('remove view fences from the copy text and keep prose and citation markup', () => {
    const copied = copyText(message);
    expect(copied).to.equal('Memory systems dominate the map [1].\n\nThe second cluster is more diverse [3].');
    expect(followUpPrompt(message)).to.equal(copied);
  });

  it('leave the stored text byte-identical', () => {
    const before = message.text;
    copyText(message);
    followUpPrompt(message);
    contextPreamble([message]);
    expect(message.text).to.equal(before);
    expect(message.text).to.contain('```mantis-ui');
  });

  it('keep fences that were Markdown when the message was authored without the capability', () => {
    const plain = { ...message, marker: { inlineUiVersion: null, mode: 'orchestrator' } as const };
    expect(copyText(plain)).to.contain('```mantis-ui');
  });

  it('build a resumable context preamble without old view payloads', () => {
    const preamble = contextPreamble([{ role: 'user', text: 'Which cluster?' }, message]);
    expect(preamble.startsWith('User: Which cluster?\n\nAssistant: Memory systems')).to.equal(true);
    expect(preamble).not.to.contain('citation-list');
    expect(preamble).to.contain('[3]');
  });

  it('keep the whole text of a reply longer than the display limit: copy reads what the screen cut off', () => {
    const text = `${'A long paragraph. '.repeat(Math.ceil(COMPOSER_LIMITS.displayChars / 18))}\n\nThe very end.`;
    const long: ProjectableMessage = { role: 'assistant', text, marker: message.marker! };
    expect(parseAssistantText(text, message.marker!).some((p) => p.type === 'data-mantis-truncated')).to.equal(true);
    expect(copyText(long).endsWith('The very end.')).to.equal(true);
    expect(followUpPrompt(long).endsWith('The very end.')).to.equal(true);
  });

  it('keep a user’s own fence in every projection', () => {
    const user: ProjectableMessage = { role: 'user', text: '```mantis-ui\n{}\n```' };
    expect(copyText(user)).to.equal(user.text);
  });
});

describe('citationIndex', () => {
  it('numbers citations continuously across the text and the views of a message, as one aggregate set', () => {
    // Prose citation markup keeps its number ([1]); each citation-list continues after the highest number before it.
    const index = citationIndex(parseAssistantText(TEXT, message.marker!));
    expect(index.citations.map((c) => `${c.number}:${c.origin === 'view' ? c.title : 'text'}`)).to.deep.equal([
      '1:text',
      '2:Paper A',
      '3:Paper B',
      '4:Paper C',
    ]);
    expect(index.startOf.get('view-0/v1-list')).to.equal(2);
    expect(index.startOf.get('view-1/v2-list')).to.equal(4);
  });

  it('keeps apart two views of one message that share a view ID and a list ID: each list has its own start', () => {
    const twice = `\`\`\`mantis-ui\n${citations('same', ['Paper A', 'Paper B'])}\n\`\`\`\n\nThen [3].\n\n\`\`\`mantis-ui\n${citations('same', ['Paper C'])}\n\`\`\`\n`;
    const parts = parseAssistantText(twice, message.marker!);
    const index = citationIndex(parts);
    expect([...index.startOf]).to.deep.equal([
      ['view-0/same-list', 1],
      ['view-1/same-list', 4],
    ]);
    expect(index.citations.map((c) => (c.origin === 'view' ? `${c.number}:${c.partId}:${c.title}` : `${c.number}:text`))).to.deep.equal([
      '1:view-0:Paper A',
      '2:view-0:Paper B',
      '3:text',
      '4:view-1:Paper C',
    ]);
  });

  it('reads no citation markup in code, and none past the last view unless asked for the final set', () => {
    const parts = parseAssistantText('Code `[7]` is not a citation.\n\n```mantis-ui\n' + citations('v', ['A']) + '\n```\n\nTrailing [5].\n', message.marker!);
    expect(citationIndex(parts).citations.map((c) => c.number)).to.deep.equal([1, 5]);
    expect(citationIndex(parts, { trailingText: false }).citations.map((c) => c.number)).to.deep.equal([1]);
  });
});
