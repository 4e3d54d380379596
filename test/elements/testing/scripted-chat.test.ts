// mantis-ui/testing in a real chat: every kind of scripted reply renders in <mantis-chat> as it would from the
// reference server, and the helpers find it through the shadow roots it is in (chat → view, chat → envelope, chat →
// A2UI surface).
import { expect } from '@open-wc/testing';
import '../../../elements/index.js';
import {
  a2uiFormMessages,
  chartEnvelope,
  cleanupChats,
  deepText,
  findAllParts,
  findPart,
  historyFixture,
  mountChat,
  reply,
  sendMessage,
  viewFixtures,
  waitForReply,
} from '../../../elements/testing/index.js';

afterEach(() => cleanupChats());

describe('mantis-ui/testing: each reply kind renders in a real chat', () => {
  it('text, as Markdown', async () => {
    const { chat } = await mountChat({ replies: [reply().text('Hello **there**.')] });
    await sendMessage(chat, 'Hi');
    const message = await waitForReply(chat);
    expect(message.text).to.equal('Hello **there**.');
    expect(findPart(chat, '[part~="text"] strong')?.textContent).to.equal('there');
  });

  it('a view between paragraphs, found inside the view’s own shadow root', async () => {
    const { chat } = await mountChat({ replies: [reply().text('Before.').view(viewFixtures.card).text('After.')] });
    await sendMessage(chat, 'Show the card');
    await waitForReply(chat);
    const view = findPart(chat, 'mantis-ui-view');
    expect(view?.shadowRoot ?? null, 'a rendered view').to.not.equal(null);
    expect(deepText(view as HTMLElement)).to.contain('Memory systems');
    // The card's buttons live in the view's shadow root, inside the chat's: a plain query from the chat finds none.
    const buttons = findAllParts(chat, 'button[data-action]');
    expect(buttons.map((b) => b.textContent?.trim())).to.include.members(['Compare', 'Ask about it']);
    expect(buttons.every((b) => view?.shadowRoot?.contains(b))).to.equal(true);
    expect(chat.shadowRoot?.querySelector('button[data-action]')).to.equal(null);
    expect(findAllParts(chat, '[part~="text"]').map((p) => p.textContent?.trim())).to.deep.equal(['Before.', 'After.']);
  });

  it('a tool call and reasoning, in the timeline', async () => {
    const { chat } = await mountChat({
      replies: [reply().reasoning('Search first.').tool({ name: 'search_map', input: { query: 'dense' }, output: { clusters: 3 } }).text('Found 3.')],
    });
    await sendMessage(chat, 'Search');
    await waitForReply(chat);
    const tool = findPart(chat, '[part~="tool"]');
    expect(tool?.getAttribute('part')).to.equal('tool tool-output-available');
    expect(tool?.textContent).to.contain('search_map');
    expect(findPart(chat, '[part~="reasoning"]')?.textContent).to.contain('Search first.');
  });

  it('an agent-ui@1 chart envelope, drawn; an unchecked bad one falls back to its text', async () => {
    const broken = { ...chartEnvelope, spec: { ...chartEnvelope.spec, series: [{ type: 'sankey', name: 'S' }] }, fallbackText: 'No chart here.' };
    const { chat } = await mountChat({ replies: [reply().text('Pressure:').envelope(chartEnvelope).envelope(broken, { unchecked: true })] });
    await sendMessage(chat, 'Chart');
    const message = await waitForReply(chat);
    expect(message.uiEnvelopes.map((e) => e.renderStatus)).to.deep.equal(['rendered', 'fallback']);
    const [chart, fallback] = findAllParts(chat, 'agent-envelope');
    expect(findPart(chart as HTMLElement, '[part~="chart"] svg'), 'an ECharts SVG').to.not.equal(null);
    expect(findPart(fallback as HTMLElement, '[part~="fallback"]')?.textContent).to.contain('No chart here.');
  });

  it('an A2UI surface, with its fields', async () => {
    const { chat } = await mountChat({ replies: [reply().text('Here is a form.').a2ui(a2uiFormMessages)] });
    await sendMessage(chat, 'Book');
    const message = await waitForReply(chat);
    expect(message.surfaceIds).to.deep.equal(['booking']);
    const surface = findPart(chat, 'mantis-a2ui-surface');
    expect(deepText(surface as HTMLElement)).to.contain('Book a table');
    // The field is in the surface's shadow root, inside the chat's.
    const input = findPart<HTMLInputElement>(chat, 'input');
    expect(input && surface?.shadowRoot?.contains(input)).to.equal(true);
    expect(input?.labels?.[0]?.textContent).to.contain('Name');
  });

  it('a persisted history fixture, replayed', async () => {
    const { chat } = await mountChat({ messages: historyFixture });
    await chat.updateComplete;
    expect(findAllParts(chat, '[part~="message"]').length).to.equal(2);
    expect(findPart(chat, '[part~="tool"]')?.textContent).to.contain('search_map');
    expect(deepText(findPart(chat, 'mantis-ui-view') as HTMLElement)).to.contain('Memory systems');
  });
});
