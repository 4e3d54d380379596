import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { nothing } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { CitationsDetail, MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { type PersistedMessage } from '../../../src/index.js';
import { WebSocketTransport } from '../../../src/protocols/composer/transports.js';
import { composerSocketUrl, composerSseUrl } from '../../helpers/agent.js';
import { OWN_ATTACKS, sharedCorpusOrSkip } from '../../helpers/corpus.js';
import { assertNoActiveContent, watchSinks } from '../../helpers/sinks.js';
import { recordSocketFrames, recordSocketUrls } from '../../helpers/sockets.js';
import { recordFetch } from '../../helpers/fetch-log.js';

const shadow = (el: MantisChat) => el.shadowRoot as ShadowRoot;

/** The assistant message's rendered parts, in DOM order. */
const assistantParts = (el: MantisChat) =>
  [...shadow(el).querySelectorAll('[part~="message-assistant"] > [part]')].map((node) => node.getAttribute('part'));

async function openChat(url = composerSocketUrl(), generativeUi?: string): Promise<MantisChat> {
  const el = await fixture<MantisChat>(html`<mantis-chat url=${url} generative-ui=${generativeUi ?? nothing}></mantis-chat>`);
  await waitUntil(() => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return el;
}

async function typeAndSend(el: MantisChat, text: string): Promise<void> {
  const input = shadow(el).querySelector('textarea') as HTMLTextAreaElement;
  input.focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

describe('<mantis-chat>', () => {
  it('sends what is typed over a real WebSocket and renders the streamed reply: prose, view, prose', async () => {
    const el = await openChat();
    const complete = oneEvent(el, 'mantis-message-complete');
    await typeAndSend(el, 'Show me the clusters');

    const user = shadow(el).querySelector('[part~="message-user"]');
    expect(user?.textContent).to.contain('Show me the clusters');
    expect((shadow(el).querySelector('textarea') as HTMLTextAreaElement).value).to.equal('');
    expect(shadow(el).activeElement?.localName).to.equal('textarea');

    const { detail } = await complete;
    await el.updateComplete;
    expect(detail.message.marker).to.deep.equal({ inlineUiVersion: 1, mode: 'orchestrator' });
    expect(detail.message.text).to.contain('```mantis-ui');
    expect(assistantParts(el)).to.deep.equal(['text', 'view', 'text']);

    const view = shadow(el).querySelector('mantis-ui-view') as HTMLElement;
    await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(view.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim()).to.equal('Memory systems');
    expect(view.shadowRoot?.querySelector('[part="callout"] strong')?.textContent).to.equal('128 points');
    const texts = shadow(el).querySelectorAll('[part~="message-assistant"] [part="text"]');
    expect(texts[0]?.textContent).to.contain('strongest cluster');
    expect(texts[0]?.querySelector('em')?.textContent).to.equal('Show me the clusters');
    expect(texts[1]?.querySelector('strong')?.textContent).to.equal('compare');
    await expect(el).to.be.accessible();
  });

  it('shows a non-interactive placeholder while a view is still streaming', async function () {
    this.timeout(40_000);
    const el = await openChat(composerSocketUrl({ delay: '15' }));
    await typeAndSend(el, 'hi');
    await waitUntil(() => shadow(el).querySelector('[part="view-pending"]'), 'no placeholder seen', { timeout: 8000, interval: 5 });
    expect(shadow(el).querySelector('mantis-ui-view')).to.equal(null);
    await waitUntil(() => shadow(el).querySelector('mantis-ui-view'), 'view never rendered', { timeout: 30_000 });
    expect(shadow(el).querySelector('[part="view-pending"]')).to.equal(null);
  });

  it('advertises inline_ui_version=1 only while generative UI is on, and renders fences as Markdown when off', async () => {
    // Record the URLs sockets are opened with; the sockets themselves are real.
    const { opened, restore } = recordSocketUrls();
    try {
      const on = await openChat(composerSocketUrl());
      expect(new URL(opened.at(-1) as string).searchParams.getAll('inline_ui_version')).to.deep.equal(['1']);
      on.remove();

      // Off: the capability is removed even when the page's URL carries it.
      const el = await openChat(composerSocketUrl({ inline_ui_version: '1' }), 'false');
      expect(new URL(opened.at(-1) as string).searchParams.has('inline_ui_version')).to.equal(false);
      const complete = oneEvent(el, 'mantis-message-complete');
      await typeAndSend(el, 'plain please');
      const { detail } = await complete;
      await el.updateComplete;
      expect(detail.message.marker.inlineUiVersion).to.equal(null);
      expect(assistantParts(el)).to.deep.equal(['text']);
      expect(shadow(el).querySelector('mantis-ui-view')).to.equal(null);
    } finally {
      restore();
    }
  });

  it('keeps a fence the user typed as plain text', async () => {
    const el = await openChat();
    const fence = '```mantis-ui\n{"version":1,"id":"v","root":{"id":"h","type":"heading","text":"typed"}}\n```';
    el.send(fence);
    await el.updateComplete;
    const user = shadow(el).querySelector('[part~="message-user"] .user-text');
    expect(user?.textContent).to.equal(fence);
  });

  it('adds a line with Shift+Enter and does not send', async () => {
    const el = await openChat();
    const input = shadow(el).querySelector('textarea') as HTMLTextAreaElement;
    input.focus();
    await sendKeys({ type: 'one' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ type: 'two' });
    expect(input.value).to.equal('one\ntwo');
    expect(el.conversation).to.have.length(0);
  });

  it('lets a mantis-send listener cancel a message', async () => {
    const el = await openChat();
    el.addEventListener('mantis-send', (event) => event.preventDefault(), { once: true });
    expect(el.send('not this one')).to.equal(false);
    expect(el.conversation).to.have.length(0);
  });

  it('uses a transport handed to it as a property, and leaves it open when removed', async () => {
    const transport = new WebSocketTransport(composerSocketUrl({ inline_ui_version: '1' }));
    const el = await fixture<MantisChat>(html`<mantis-chat .connection=${transport}></mantis-chat>`);
    await waitUntil(() => transport.state === 'open');
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send('via property');
    await complete;
    // The chat commits once per animation frame: the message's last parts are drawn at its next update.
    await el.updateComplete;
    expect(assistantParts(el)).to.deep.equal(['text', 'view', 'text']);
    el.remove();
    expect(transport.state).to.equal('open');
    transport.close();
  });

  it('is accessible in light and dark themes', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await fixture<MantisChat>(html`<mantis-chat theme=${theme}></mantis-chat>`);
      expect(getComputedStyle(el).colorScheme).to.equal(theme);
      await expect(el).to.be.accessible();
    }
  });
});


describe('<mantis-chat> with attack inputs as assistant Markdown', () => {
  /** Each payload goes to the server, which streams it back verbatim as the assistant's reply. */
  async function echoAll(payloads: readonly { id: string; payload: string }[]): Promise<void> {
    const sinks = watchSinks();
    let el: MantisChat | null = null;
    try {
      for (const [index, { id, payload }] of payloads.entries()) {
        if (payload.trim().length === 0 || payload.length > 32 * 1024) continue;
        // A fresh chat now and then keeps this test about rendering, not about long threads.
        if (index % 40 === 0) {
          el?.remove();
          el = await openChat(composerSocketUrl({ scenario: 'echo', delay: '0', chunk: '2048' }));
        }
        const chat = el as MantisChat;
        const complete = oneEvent(chat, 'mantis-message-complete');
        chat.send(payload);
        const { detail } = await complete;
        expect(detail.message.text, id).to.equal(payload);
        await chat.updateComplete;
        const messages = shadow(chat).querySelectorAll('[part~="message-assistant"]');
        assertNoActiveContent(messages[messages.length - 1] as Element, id);
      }
      await new Promise((done) => setTimeout(done, 50));
      sinks.assertClean('assistant Markdown');
    } finally {
      sinks.restore();
      el?.remove();
    }
  }

  it('renders the suite’s own attack inputs inert', async () => {
    await echoAll(OWN_ATTACKS.map((payload, i) => ({ id: `own-${i}`, payload })));
  });

  it('renders every xss and markdown entry of the shared corpus inert', async function () {
    const corpus = await sharedCorpusOrSkip(this, 'the shared corpus');
    this.timeout(180_000);
    await echoAll([...corpus.xss, ...corpus.markdown]);
  });
});

describe('<mantis-chat> action policy of views', () => {
  const actionLabels = (el: MantisChat) =>
    [...(shadow(el).querySelector('mantis-ui-view')?.shadowRoot?.querySelectorAll('[part~="action"]') ?? [])].map((b) => b.textContent?.trim());

  it('disables a view’s actions while its message streams, and enables them at the end', async function () {
    this.timeout(40_000);
    // The echo scenario streams this text back as the reply: a view with an action, then about a second more of text.
    const fence = JSON.stringify({
      version: 1,
      id: 'v',
      root: { id: 'c', type: 'entity-card', title: 'Card', actions: [{ id: 'go', type: 'navigate', label: 'Go', target: { uri: 'mantis://map/m/point/p' } }] },
    });
    const el = await openChat(composerSocketUrl({ scenario: 'echo', delay: '10', chunk: '4' }));
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send(`\`\`\`mantis-ui\n${fence}\n\`\`\`\n\n${'More text after the view. '.repeat(20)}`);
    await waitUntil(() => shadow(el).querySelector('mantis-ui-view')?.shadowRoot?.querySelector('[part~="action"]'), 'no actions', {
      timeout: 20_000,
      interval: 5,
    });
    const view = shadow(el).querySelector('mantis-ui-view') as HTMLElement;
    expect(view.hasAttribute('actions-disabled')).to.equal(true);
    expect([...(view.shadowRoot?.querySelectorAll('button') ?? [])].every((b) => b.disabled)).to.equal(true);
    await complete;
    await el.updateComplete;
    expect(view.hasAttribute('actions-disabled')).to.equal(false);
    expect([...(view.shadowRoot?.querySelectorAll('button') ?? [])].some((b) => b.disabled)).to.equal(false);
  });

  it('offers only read-only actions in a message authored under Ask, whatever mode is selected later', async () => {
    const el = await openChat();
    el.mode = 'ask';
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send('hi');
    await complete;
    await el.updateComplete;
    el.mode = 'orchestrator';
    await el.updateComplete;
    const view = shadow(el).querySelector('mantis-ui-view') as HTMLElement & { updateComplete: Promise<unknown> };
    await view.updateComplete;
    expect(actionLabels(el)).to.deep.equal(['Summarize', 'Show on map']);

    const orchestrated = oneEvent(el, 'mantis-message-complete');
    el.send('again');
    await orchestrated;
    await el.updateComplete;
    const views = shadow(el).querySelectorAll('mantis-ui-view');
    const last = views[views.length - 1] as HTMLElement & { updateComplete: Promise<unknown> };
    await last.updateComplete;
    const labels = [...(last.shadowRoot?.querySelectorAll('[part~="action"]') ?? [])].map((b) => b.textContent?.trim());
    expect(labels).to.deep.equal(['Summarize', 'Show on map', 'Add the top points to a bag']);
  });
});

describe('<mantis-chat> in Visual Tour mode', () => {
  it('renders the whole-message JSON tour, and a step’s button asks to navigate to its target', async () => {
    const el = await openChat();
    el.mode = 'visual-tour';
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send('Give me a tour');
    const { detail } = await complete;
    await el.updateComplete;
    expect(detail.message.marker.mode).to.equal('visual-tour');
    expect(detail.message.text.startsWith('{"tour":')).to.equal(true);
    const steps = shadow(el).querySelectorAll('[part="tour-step"]');
    expect(steps).to.have.length(3);
    const action = oneEvent(el, 'mantis-action');
    (steps[1]?.querySelector('button') as HTMLButtonElement).click();
    const { detail: chosen } = await action;
    expect(chosen.action).to.deep.include({ type: 'navigate', target: { uri: 'mantis://map/map-id/point/p1' } });
    await expect(el).to.be.accessible();
  });
});

describe('<mantis-chat> citations across text and views', () => {
  it('numbers citations continuously across prose markup and views, and offers the aggregate set to the host', async () => {
    const list = (id: string, titles: string[]) =>
      JSON.stringify({ version: 1, id, root: { id: `${id}-l`, type: 'citation-list', citations: titles.map((title, i) => ({ id: `${id}-${i}`, title })) } });
    const reply = `First [1] [2].\n\n\`\`\`mantis-ui\n${list('a', ['One', 'Two'])}\n\`\`\`\n\nThen [3].\n\n\`\`\`mantis-ui\n${list('b', ['Three'])}\n\`\`\`\n`;
    const el = await openChat(composerSocketUrl({ scenario: 'echo', delay: '0', chunk: '64' }));
    const complete = oneEvent(el, 'mantis-message-complete');
    const cited = oneEvent(el, 'mantis-citations');
    el.send(reply);
    const { detail } = await complete;
    const set = (await cited).detail as CitationsDetail;
    await el.updateComplete;
    const views = [...shadow(el).querySelectorAll('mantis-ui-view')] as (HTMLElement & { updateComplete: Promise<unknown> })[];
    await Promise.all(views.map((v) => v.updateComplete));
    // [1] and [2] are the prose's own; the first list continues at 3, the second after it at 5.
    expect(views.map((v) => v.shadowRoot?.querySelector('ol')?.start)).to.deep.equal([3, 5]);
    expect(set.messageId).to.equal(detail.message.id);
    expect(set.citations.map((c) => `${c.number}:${c.origin}`)).to.deep.equal(['1:text', '2:text', '3:view', '4:view', '5:view']);
    expect(detail.message.citations.map((c: { number: number }) => c.number)).to.deep.equal([1, 2, 3, 4, 5]);
  });
});

describe('<mantis-chat> citations of a replayed conversation', () => {
  const V1 = { inlineUiVersion: 1, mode: 'orchestrator' } as const;
  const list = (id: string) =>
    JSON.stringify({ version: 1, id, root: { id: `${id}-l`, type: 'citation-list', citations: [{ id: `${id}-0`, title: `Source of ${id}` }] } });
  /** `pairs` questions and answers; each answer cites [1](mantis://…) in prose and one view citation, 2. */
  const history = (pairs: number): PersistedMessage[] =>
    Array.from({ length: pairs }, (_, i): PersistedMessage[] => [
      { id: `q${i}`, role: 'user', text: `Question ${i}` },
      { id: `a${i}`, role: 'assistant', text: `Answer ${i} [1](mantis://map/m/point/p${i}).\n\n\`\`\`mantis-ui\n${list(`v${i}`)}\n\`\`\`\n`, marker: V1, sequence: 2, events: [] },
    ]).flat();
  const summary = (detail: CitationsDetail) =>
    `${detail.messageId}: ${detail.citations.map((c) => (c.origin === 'text' ? `${c.number} ${c.target?.uri}` : `${c.number} ${c.title}`)).join(', ')}`;
  const expected = (pairs: number) =>
    Array.from({ length: pairs }, (_, i) => `a${i}: 1 mantis://map/m/point/p${i}, 2 Source of v${i}`).sort();

  /** A chat (not yet in the page) that records every mantis-citations event. */
  function recordingChat(attributes: Record<string, string> = {}) {
    const el = document.createElement('mantis-chat') as MantisChat;
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    const seen: string[] = [];
    el.addEventListener('mantis-citations', (e) => seen.push(summary(e.detail)));
    return { el, seen };
  }

  it('setting messages delivers each assistant message’s set once, as the history is revealed, the newest first', async () => {
    const pairs = 30; // 60 messages: more than the first paint, so most are revealed later
    const { el, seen } = recordingChat();
    await fixture(el);
    el.messages = history(pairs);
    await waitUntil(() => seen.length >= pairs, `${seen.length} of ${pairs} sets`, { timeout: 10_000 });
    await waitUntil(() => shadow(el).querySelector<HTMLElement>('.earlier')?.hidden, 'the reveal never ended', { timeout: 10_000 });
    await el.updateComplete;
    expect([...seen].sort()).to.deep.equal(expected(pairs));
    // The newest messages paint first (12 messages: the last 6 answers), so theirs are the first sets announced.
    expect(seen.slice(0, 6).map((line) => line.split(':')[0]).sort()).to.deep.equal(['a24', 'a25', 'a26', 'a27', 'a28', 'a29']);
    // Rendering again announces nothing more; setting the history again replays it, and announces it again.
    el.requestUpdate();
    await el.updateComplete;
    expect(seen).to.have.length(pairs);
    el.messages = history(2);
    await waitUntil(() => seen.length === pairs + 2, 'the new history was not announced', { timeout: 5000 });
    expect(seen.slice(pairs).sort()).to.deep.equal(expected(2));
  });

  it('a history restored from history-key delivers each assistant message’s set', async () => {
    const key = `citations-${Math.random().toString(36).slice(2, 10)}`;
    const { writeStored, historyKey } = await import('../../../elements/internal/storage.js');
    await writeStored(historyKey(key), history(3));
    const { el, seen } = recordingChat({ 'history-key': key });
    await fixture(el);
    await el.historyRestored;
    await waitUntil(() => seen.length === 3, `${seen.length} of 3 sets`, { timeout: 5000 });
    expect([...seen].sort()).to.deep.equal(expected(3));
    await el.clearStoredHistory();
  });
});

describe('<mantis-chat> transports and connection state', () => {
  it('talks SSE when transport="sse", and the reply renders the same way', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat transport="sse" url=${composerSseUrl()}></mantis-chat>`);
    await waitUntil(() => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send('over sse');
    const { detail } = await complete;
    await el.updateComplete;
    expect(detail.message.marker.inlineUiVersion).to.equal(1);
    expect(assistantParts(el)).to.deep.equal(['text', 'view', 'text']);
  });

  it('leaves the capability off the SSE URL too when generative UI is off, and gets Markdown only', async () => {
    const { requested, restore } = recordFetch();
    try {
      const el = await fixture<MantisChat>(
        html`<mantis-chat transport="sse" generative-ui="false" url=${composerSseUrl({ inline_ui_version: '1' })}></mantis-chat>`,
      );
      await waitUntil(() => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
      const complete = oneEvent(el, 'mantis-message-complete');
      el.send('plain over sse');
      const { detail } = await complete;
      expect(requested.length).to.be.greaterThan(0);
      for (const url of requested) expect(new URL(url).searchParams.has('inline_ui_version'), url).to.equal(false);
      expect(detail.message.marker.inlineUiVersion).to.equal(null);
      await el.updateComplete;
      expect(assistantParts(el)).to.deep.equal(['text']);
    } finally {
      restore();
    }
  });

  it('sends a message typed while offline once the connection opens, exactly once', async () => {
    const { frames, restore } = recordSocketFrames();
    try {
      const el = await fixture<MantisChat>(html`<mantis-chat url=${`${composerSocketUrl()}&fault=refuse:2`}></mantis-chat>`);
      expect(shadow(el).querySelector('[part="status"] [role="status"]')?.textContent).not.to.equal('Connected');
      const complete = oneEvent(el, 'mantis-message-complete');
      el.send('typed while offline');
      await complete;
      await new Promise((resolve) => setTimeout(resolve, 150));
      // What the client sent: the message under one client_message_id on every connection until it was answered
      // (a refused connection opens and closes at once); the server answers that ID once.
      const sent = frames.filter((f) => f.type === 'user_message');
      expect(sent.length).to.be.at.least(1);
      expect(new Set(sent.map((f) => f.type === 'user_message' && f.client_message_id)).size).to.equal(1);
      expect(el.conversation.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    } finally {
      restore();
    }
  });

  it('shows and announces reconnecting, with a retry button that reconnects', async () => {
    // The server refuses the first 3 connections; backoff grows, and the retry button skips the wait.
    const el = await fixture<MantisChat>(html`<mantis-chat url=${`${composerSocketUrl()}&fault=refuse:2`}></mantis-chat>`);
    const status = () => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent;
    // It says when the next attempt comes, from the transport's backoff schedule.
    await waitUntil(() => /^Reconnecting… Next try in \d+ s\.$/.test(status() ?? ''), 'never reconnecting', { timeout: 5000 });
    const retry = shadow(el).querySelector('[part="retry-button"]') as HTMLButtonElement;
    expect(retry.hidden).to.equal(false);
    await expect(el).to.be.accessible();
    retry.click();
    await waitUntil(() => status() === 'Connected', 'retry did not reconnect', { timeout: 5000 });
    expect(retry.hidden).to.equal(true);
  });
});
