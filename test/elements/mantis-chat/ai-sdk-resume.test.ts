// `<mantis-chat transport="ai-sdk" chat-id>`: a chat opened again while its reply streams (a reload: the page gives
// back the history it kept from `mantis-history-change`) takes the reply up from the reference endpoint
// (demo/server/ai-sdk-resume.ts, with the real `ai` package's `consumeSseStream`) and shows it whole, in real Chromium.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import type { HistoryChangeDetail, MessageCompleteDetail } from '../../../elements/events.js';
import { agentOrigin } from '../../helpers/agent.js';
import { recordFetch } from '../../helpers/fetch-log.js';

const URL = `${agentOrigin}/api/v1/ai-sdk/chat`;
const shadow = (el: HTMLElement): ShadowRoot => el.shadowRoot as ShadowRoot;

describe('<mantis-chat transport="ai-sdk" chat-id>', () => {
  it('opened again while a reply streams, takes the reply up and shows it whole; its turns carry the page’s chat ID', async () => {
    const chatId = `page-chat-${Date.now()}`;
    let kept: HistoryChangeDetail['messages'] = [];
    const keep = (event: CustomEvent<HistoryChangeDetail>): void => void (kept = event.detail.messages);
    const first = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${URL} chat-id=${chatId} @mantis-history-change=${keep}></mantis-chat>`);
    expect(first.send('resumable please')).to.equal(true);
    await waitUntil(() => shadow(first).querySelector('[part~="message-assistant"]')?.textContent?.includes('The first part'), 'the reply never began', { timeout: 8000 });
    // The page leaves (its chat goes), keeping what the last history change said: the user's message.
    first.remove();
    expect(kept.map((m) => m.role)).to.deep.equal(['user']);

    const fetches = recordFetch();
    const second = document.createElement('mantis-chat');
    try {
      second.setAttribute('transport', 'ai-sdk');
      second.setAttribute('url', URL);
      second.setAttribute('chat-id', chatId);
      second.messages = kept;
      const complete = oneEvent(second, 'mantis-message-complete');
      document.body.append(second);
      const { message } = ((await complete) as CustomEvent<MessageCompleteDetail>).detail;
      await second.updateComplete;
      expect(message.status).to.equal('done');
      expect(message.text).to.equal('The first part of a long answer.\n\nAnd the rest, after the reload.');
      const replies = shadow(second).querySelectorAll('[part~="message-assistant"]');
      expect(replies).to.have.length(1);
      expect(replies[0]?.textContent).to.contain('The first part of a long answer.');
      expect(replies[0]?.textContent).to.contain('And the rest, after the reload.');
      expect(second.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
      // The next turn goes on in the same chat on the backend.
      const next = oneEvent(second, 'mantis-message-complete');
      expect(second.send('view')).to.equal(true);
      await next;
      expect(fetches.posted.map((body) => body['id'])).to.deep.equal([chatId]);
    } finally {
      fetches.restore();
      second.remove();
    }
  });

  it('with history-key, a chat opened again restores the history from IndexedDB and then takes the reply up', async () => {
    const chatId = `stored-chat-${Date.now()}`;
    const key = `resume-${chatId}`;
    const first = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${URL} chat-id=${chatId} history-key=${key}></mantis-chat>`);
    const saved = oneEvent(first, 'mantis-history-change');
    expect(first.send('resumable please')).to.equal(true);
    await saved;
    await waitUntil(() => shadow(first).querySelector('[part~="message-assistant"]')?.textContent?.includes('The first part'), 'the reply never began', { timeout: 8000 });
    first.remove();
    const second = document.createElement('mantis-chat');
    try {
      for (const [name, value] of [['transport', 'ai-sdk'], ['url', URL], ['chat-id', chatId], ['history-key', key]] as const) second.setAttribute(name, value);
      const complete = oneEvent(second, 'mantis-message-complete');
      document.body.append(second);
      const { message } = ((await complete) as CustomEvent<MessageCompleteDetail>).detail;
      expect(message.text).to.equal('The first part of a long answer.\n\nAnd the rest, after the reload.');
      expect(second.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    } finally {
      second.remove();
    }
  });
});
