// `<mantis-chat transport="ai-sdk">` and `transport="ag-ui"` against the reference server's endpoints written with
// their owners' packages (demo/server/ai-sdk.ts: `ai`; demo/server/ag-ui.ts: `@ag-ui/core`, `@ag-ui/encoder`): each
// protocol loads on first need and its reply is drawn as any other, in real Chromium.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import type { MessageCompleteDetail } from '../../../elements/events.js';
import { agentOrigin } from '../../helpers/agent.js';
import { recordFetch } from '../../helpers/fetch-log.js';

const ENDPOINTS = { 'ai-sdk': `${agentOrigin}/api/v1/ai-sdk/chat`, 'ag-ui': `${agentOrigin}/api/v1/ag-ui/agent` } as const;
const shadow = (el: HTMLElement): ShadowRoot => el.shadowRoot as ShadowRoot;

async function reply(chat: MantisChat, text: string): Promise<MessageCompleteDetail> {
  const complete = oneEvent(chat, 'mantis-message-complete');
  expect(chat.send(text)).to.equal(true);
  const { detail } = await complete;
  await chat.updateComplete;
  return detail;
}

for (const [kind, url] of Object.entries(ENDPOINTS)) {
  describe(`<mantis-chat transport="${kind}">`, () => {
    it('draws reasoning, a tool call by name, Markdown and a view, and requests nothing but its endpoint', async () => {
      const fetches = recordFetch();
      try {
        const chat = await fixture<MantisChat>(html`<mantis-chat transport=${kind} url=${url}></mantis-chat>`);
        const { message } = await reply(chat, 'show the view');
        expect(message.status).to.equal('done');
        const root = shadow(chat);
        expect(root.querySelector('[part="reasoning"]')?.textContent).to.contain('The user wants the site summary.');
        expect(root.querySelector('[part~="tool"]')?.textContent).to.contain('search_sites');
        expect(root.querySelector('[part~="message-assistant"] strong')?.textContent).to.equal('summary');
        const view = root.querySelector('mantis-ui-view') as HTMLElement & { updateComplete: Promise<unknown> };
        expect(view, 'the view is drawn').to.not.equal(null);
        await view.updateComplete;
        expect(view.shadowRoot?.textContent).to.contain('North region');
        expect(new Set(fetches.requested.map((u) => new URL(u).href))).to.deep.equal(new Set([url]));
      } finally {
        fetches.restore();
      }
    });
  });
}

describe('<mantis-chat transport="ai-sdk"> and an invalid data-mantis-ui part', () => {
  it('shows the view’s fallback in place, and the text after it', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${ENDPOINTS['ai-sdk']}></mantis-chat>`);
    await reply(chat, 'an invalid one, please');
    expect(shadow(chat).querySelector('[part="view-error"]')?.textContent).to.contain('not one this chat can show');
    expect(shadow(chat).querySelector('mantis-ui-view')).to.equal(null);
    expect(shadow(chat).querySelector('[part~="message-assistant"]')?.textContent).to.contain('After the view.');
  });
});

describe('<mantis-chat> requestOptions', () => {
  it('adds the page’s headers and body fields to each turn of an AI SDK connection, read per request', async () => {
    const realFetch = window.fetch;
    const sent: { headers: Record<string, string>; body: Record<string, unknown> }[] = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ headers: { ...(init?.headers as Record<string, string>) }, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
      return realFetch.call(window, input, init);
    };
    try {
      let token = 'first';
      const options = { headers: () => ({ authorization: `Bearer ${token}` }), body: { tenant: 'north' } };
      const chat = await fixture<MantisChat>(html`<mantis-chat transport="ai-sdk" url=${ENDPOINTS['ai-sdk']} .requestOptions=${options}></mantis-chat>`);
      await reply(chat, 'show the view');
      token = 'second';
      await reply(chat, 'show the view');
      expect(sent.map((s) => s.headers['authorization'])).to.deep.equal(['Bearer first', 'Bearer second']);
      expect(sent.map((s) => s.body['tenant'])).to.deep.equal(['north', 'north']);
      expect(sent.every((s) => s.body['trigger'] === 'submit-message')).to.equal(true);
    } finally {
      window.fetch = realFetch;
    }
  });
});

describe('<mantis-chat transport="ag-ui"> and the agent’s shared state', () => {
  it('reads the state as agentState, hears each change as mantis-agent-state (bubbling, composed), and shows none of it', async () => {
    const host = await fixture<HTMLDivElement>(html`<div><mantis-chat transport="ag-ui" url=${ENDPOINTS['ag-ui']}></mantis-chat></div>`);
    const chat = host.querySelector('mantis-chat') as MantisChat;
    expect(chat.agentState).to.equal(undefined);
    const heard: unknown[] = [];
    host.addEventListener('mantis-agent-state', (event) => heard.push(event.detail.state));
    await reply(chat, 'the state please');
    const state = { runs: 1, region: 'north', sites: ['north-1', 'north-2'] };
    expect(heard).to.deep.equal([{ runs: 0, region: 'north', sites: ['north-1'] }, state]);
    expect(chat.agentState).to.deep.equal(state);
    expect(shadow(chat).textContent).not.to.contain('north-2');
  });
});

describe('<mantis-chat transport="ag-ui"> and subagents', () => {
  it('shows each subagent where it started and how it did, and names the subagent at the tool calls it made', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${ENDPOINTS['ag-ui']}></mantis-chat>`);
    await reply(chat, 'a subagent please');
    await chat.updateComplete;
    const root = shadow(chat);
    await waitUntil(() => root.querySelectorAll('[part~="subagent"]').length === 2, 'the subagents were never drawn');
    const [researcher, checker] = [...root.querySelectorAll('[part~="subagent"]')];
    expect(researcher?.getAttribute('aria-label')).to.equal('Subagent researcher: done');
    expect(checker?.getAttribute('aria-label')).to.equal('Subagent checker: failed');
    expect(checker?.querySelector('[part="subagent-message"]')?.textContent).to.equal('The checker was rate limited.');
    const search = [...root.querySelectorAll('[part~="tool"]')].find((t) => t.textContent?.includes('web_search'));
    expect(search?.getAttribute('aria-label')).to.equal('Tool web_search by researcher: completed');
    await expect(chat).to.be.accessible();
  });
});

for (const [kind, url] of Object.entries(ENDPOINTS)) {
  describe(`<mantis-chat transport="${kind}"> and the agent’s error`, () => {
    it('shows what the agent said where the reply stopped, as text, above the note that it was interrupted; a replay shows it too', async () => {
      const chat = await fixture<MantisChat>(html`<mantis-chat transport=${kind} url=${url}></mantis-chat>`);
      const interrupted = oneEvent(chat, 'mantis-message-interrupted');
      expect(chat.send('an error please')).to.equal(true);
      await interrupted;
      await chat.updateComplete;
      const said = async (el: MantisChat): Promise<Element | null> => {
        await waitUntil(() => shadow(el).querySelector('[part="agent-error"]'), 'the agent’s error was never drawn');
        return shadow(el).querySelector('[part="agent-error"]');
      };
      const error = await said(chat);
      expect(error?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('The agent reported an error: The model is overloaded.');
      expect(error?.getAttribute('role')).to.equal('note');
      // Its words come before the note that the reply was cut short.
      const note = shadow(chat).querySelector('[part="interrupted"]') as Element;
      expect(error?.compareDocumentPosition(note)).to.equal(Node.DOCUMENT_POSITION_FOLLOWING);
      await expect(chat).to.be.accessible();
      const replay = await fixture<MantisChat>(html`<mantis-chat .messages=${chat.messages}></mantis-chat>`);
      expect((await said(replay))?.textContent).to.equal(error?.textContent);
    });
  });
}

describe('<mantis-chat transport="ag-ui"> and the agent’s copy of the conversation (MESSAGES_SNAPSHOT)', () => {
  it('shows the turn the backend kept before the user’s message, in its place, once; a page keeping the history hears of it', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat transport="ag-ui" url=${ENDPOINTS['ag-ui']}></mantis-chat>`);
    const kept: number[] = [];
    chat.addEventListener('mantis-history-change', (event) => kept.push((event as CustomEvent<{ messages: readonly unknown[] }>).detail.messages.length));
    await reply(chat, 'show my history');
    const root = shadow(chat);
    await waitUntil(() => root.querySelectorAll('[part~="message-user"]').length === 2, 'the earlier turn was never added');
    await chat.updateComplete;
    const messages = [...root.querySelectorAll('[part~="message"]')];
    expect(messages.map((m) => m.getAttribute('part'))).to.deep.equal(['message message-user', 'message message-assistant', 'message message-user', 'message message-assistant']);
    expect(messages[0]?.textContent).to.contain('Where are the sites?');
    expect(messages[1]?.querySelector('[part~="tool"]')?.textContent).to.contain('search_sites');
    expect(messages[1]?.querySelector('strong')?.textContent).to.equal('north');
    expect(messages[2]?.textContent).to.contain('show my history');
    expect(messages[3]?.textContent).to.contain('Welcome back');
    expect(kept.at(-1)).to.equal(4);
    await expect(chat).to.be.accessible();
  });
});
