// <mantis-chat> as a view of a ChatSession: property seams a framework binds, moves in the DOM, replies cut short,
// sends refused before anything shows, host sessions and the services views reach through context.
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { COMPOSER_LIMITS, ChatSession, type PersistedMessage } from '../../../src/index.js';
import { WebSocketTransport } from '../../../src/protocols/composer/transports.js';
import { composerSocketUrl, composerSseUrl } from '../../helpers/agent.js';
import { recordSocketFrames, recordSocketUrls } from '../../helpers/sockets.js';
import { InPageTransport } from '../../helpers/in-page-transport.js';

const shadow = (el: MantisChat) => el.shadowRoot as ShadowRoot;
const statusText = (el: MantisChat) => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent;
const connected = (el: MantisChat) => waitUntil(() => statusText(el) === 'Connected', 'never connected', { timeout: 5000 });

/** Captures console.warn calls. */
function captureWarnings(): { warnings: string[]; restore: () => void } {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  return { warnings, restore: () => (console.warn = warn) };
}

describe('<mantis-chat> property seams', () => {
  it('takes transport="sse" as a property too, as React, Vue and Svelte set it', async () => {
    const el = document.createElement('mantis-chat') as MantisChat;
    el.transport = 'sse';
    el.url = composerSseUrl();
    document.body.append(el);
    try {
      await connected(el);
      expect(el.session.transport?.constructor.name).to.equal('SseTransport');
      const complete = oneEvent(el, 'mantis-message-complete');
      el.send('over sse, set as a property');
      await complete;
    } finally {
      el.remove();
    }
  });

  it('sends on the new connection when the host switches it and sends at once', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl()}></mantis-chat>`);
    await connected(el);
    const old = el.session.transport;
    // Switched and sent in one task, as a page's "switch and ask" button does: nothing has rendered in between.
    el.transport = 'sse';
    el.url = composerSseUrl();
    const complete = oneEvent(el, 'mantis-message-complete');
    expect(el.send('right after the switch')).to.equal(true);
    expect(el.session.transport === old, 'still the old connection').to.equal(false);
    await complete;
    // The SSE transport's code loads when a chat first opens one: the message waited for it, and went on it.
    expect(el.session.transport?.constructor.name).to.equal('SseTransport');
    expect(el.conversation.filter((m) => m.role === 'user').map((m) => m.text)).to.deep.equal(['right after the switch']);
    expect(el.conversation.filter((m) => m.role === 'assistant')).to.have.length(1);
  });

  it('rejects a transport object given as `transport` with a warning and an event, not a TypeError', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl()}></mantis-chat>`);
    await connected(el);
    const { warnings, restore } = captureWarnings();
    try {
      const rejected = oneEvent(el, 'mantis-config-error');
      (el as unknown as { transport: unknown }).transport = new WebSocketTransport(composerSocketUrl());
      const { detail } = await rejected;
      await el.updateComplete;
      expect(detail.property).to.equal('transport');
      expect(detail.reason).to.contain('connection');
      expect(warnings.some((w) => w.includes('transport must be'))).to.equal(true);
      expect(el.transport).to.equal('ws');
      expect(statusText(el)).to.equal('Connected');
      (el as unknown as { connection: unknown }).connection = 'not a transport';
      const second = await oneEvent(el, 'mantis-config-error');
      expect(second.detail.property).to.equal('connection');
      expect(el.connection).to.equal(undefined);
    } finally {
      restore();
    }
  });

  it('shows a session a host made, and keeps showing what the host does with it headlessly', async () => {
    const transport = new WebSocketTransport(composerSocketUrl({ inline_ui_version: '1' }));
    const session = new ChatSession({ transport });
    const el = await fixture<MantisChat>(html`<mantis-chat .session=${session}></mantis-chat>`);
    await connected(el);
    const complete = oneEvent(el, 'mantis-message-complete');
    expect(session.send('from the host, no element involved').ok).to.equal(true);
    await complete;
    await el.updateComplete;
    expect(shadow(el).querySelectorAll('[part~="message-user"]')).to.have.length(1);
    expect(shadow(el).querySelector('mantis-ui-view')).to.not.equal(null);
    el.remove();
    transport.close();
  });
});

describe('<mantis-chat> generative UI off, whatever the transport', () => {
  async function openedUrls(run: () => Promise<void>): Promise<string[]> {
    const { opened, restore } = recordSocketUrls();
    try {
      await run();
    } finally {
      restore();
    }
    return opened;
  }

  it('holds for a transport a host supplies: the session tells it not to advertise', async () => {
    const transport = new WebSocketTransport(composerSocketUrl({ inline_ui_version: '1' }));
    let marker: unknown;
    const opened = await openedUrls(async () => {
      const el = await fixture<MantisChat>(html`<mantis-chat generative-ui="false" .connection=${transport}></mantis-chat>`);
      await connected(el);
      const complete = oneEvent(el, 'mantis-message-complete');
      el.send('plain please');
      marker = (await complete).detail.message.marker;
      el.remove();
    });
    transport.close();
    expect(opened.length).to.be.greaterThan(0);
    for (const url of opened) expect(new URL(url).searchParams.has('inline_ui_version'), url).to.equal(false);
    expect(marker).to.deep.equal({ inlineUiVersion: null, mode: 'orchestrator' });
  });

  it('holds for a host’s own session under the page-level switch', async () => {
    const flags = globalThis as { MANTIS_COMPOSER_GENERATIVE_UI?: unknown };
    flags.MANTIS_COMPOSER_GENERATIVE_UI = false;
    const transport = new WebSocketTransport(composerSocketUrl({ inline_ui_version: '1' }));
    try {
      const opened = await openedUrls(async () => {
        const el = await fixture<MantisChat>(html`<mantis-chat .session=${new ChatSession({ transport })}></mantis-chat>`);
        await connected(el);
        el.remove();
      });
      for (const url of opened) expect(new URL(url).searchParams.has('inline_ui_version'), url).to.equal(false);
      expect(opened.length).to.be.greaterThan(0);
    } finally {
      delete flags.MANTIS_COMPOSER_GENERATIVE_UI;
      transport.close();
    }
  });
});

describe('<mantis-chat> moved in the DOM', () => {
  it('delivers a message typed while offline after the chat was moved, exactly once', async () => {
    const { frames, restore } = recordSocketFrames();
    try {
      const first = document.createElement('div');
      const second = document.createElement('div');
      document.body.append(first, second);
      const el = document.createElement('mantis-chat') as MantisChat;
      // The server refuses the first two connections: the message waits in the outbox.
      el.url = `${composerSocketUrl()}&fault=refuse:2`;
      first.append(el);
      await el.updateComplete;
      const complete = oneEvent(el, 'mantis-message-complete');
      expect(el.send('typed while offline')).to.equal(true);
      // A framework re-parents it: disconnected and connected again.
      second.append(el);
      await complete;
      await new Promise((resolve) => setTimeout(resolve, 150));
      // On the wire: the client sends it on each connection until it is answered (a refused connection opens and is
      // closed at once), always under one client_message_id, which the server answers once.
      const sent = frames.filter((f) => f.type === 'user_message' && f.text === 'typed while offline');
      expect(sent.length).to.be.at.least(1);
      expect(new Set(sent.map((f) => f.type === 'user_message' && f.client_message_id)).size).to.equal(1);
      expect(el.conversation.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
      first.remove();
      second.remove();
    } finally {
      restore();
    }
  });

  it('finishes revealing a long history after a move', async () => {
    const messages: PersistedMessage[] = Array.from({ length: 400 }, (_, i) => ({ id: `u${i}`, role: 'user', text: `Message ${i}` }));
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    el.messages = messages;
    await el.updateComplete;
    const other = document.createElement('div');
    document.body.append(other);
    other.append(el);
    await waitUntil(() => shadow(el).querySelectorAll('[part~="message"]').length === 400, 'the reveal stopped', { timeout: 10_000 });
    other.remove();
  });

  it('releases an owned connection only when it is removed for good', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl()}></mantis-chat>`);
    await connected(el);
    const transport = el.session.transport;
    el.remove();
    await waitUntil(() => transport?.state === 'closed', 'the connection was never released', { timeout: 5000 });
  });
});

describe('<mantis-chat> replies cut short', () => {
  it('ends a reply as interrupted when the URL changes mid-reply: visibly, persisted, actions live, Stop gone', async function () {
    this.timeout(20_000);
    // A long reply: its view arrives at once, the rest slowly, so the URL changes while it streams.
    const fence = JSON.stringify({
      version: 1,
      id: 'v',
      root: { id: 'c', type: 'entity-card', title: 'Card', actions: [{ id: 'go', type: 'navigate', label: 'Go', target: { uri: 'mantis://map/m/point/p' } }] },
    });
    const el = await fixture<MantisChat>(
      html`<mantis-chat url=${composerSocketUrl({ scenario: 'echo', chunk: '512', delay: '50', inline_ui_version: '1' })}></mantis-chat>`,
    );
    await connected(el);
    let persisted: readonly PersistedMessage[] = [];
    el.addEventListener('mantis-history-change', (event) => (persisted = event.detail.messages));
    el.send(`Before.\n\n\`\`\`mantis-ui\n${fence}\n\`\`\`\n\n${'After the view, more and more. '.repeat(600)}`);
    await waitUntil(() => shadow(el).querySelector('mantis-ui-view'), 'no view', { timeout: 5000 });
    const stop = shadow(el).querySelector('[part="stop-button"]') as HTMLButtonElement;
    expect(stop.hidden).to.equal(false);
    const interrupted = oneEvent(el, 'mantis-message-interrupted');
    el.url = composerSocketUrl();
    const { detail } = await interrupted;
    await el.updateComplete;
    expect(detail.reason).to.equal('transport-changed');
    expect(shadow(el).querySelector('[part="interrupted"]')?.textContent).to.contain('interrupted');
    expect(stop.hidden).to.equal(true);
    const view = shadow(el).querySelector('mantis-ui-view') as HTMLElement & { updateComplete: Promise<unknown> };
    await view.updateComplete;
    expect(view.hasAttribute('actions-disabled')).to.equal(false);
    expect((view.shadowRoot?.querySelector('[part~="action"]') as HTMLButtonElement).disabled).to.equal(false);
    const last = persisted.at(-1);
    expect(last?.role === 'assistant' && last.status).to.equal('interrupted');
    // Replayed, it is still interrupted.
    const replay = await fixture<MantisChat>(html`<mantis-chat .messages=${persisted}></mantis-chat>`);
    expect(shadow(replay).querySelector('[part="interrupted"]')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });
});

describe('<mantis-chat> send checks', () => {
  it('refuses a message over the protocol limit before showing anything, says why, and the textarea knows the limit', async () => {
    const { frames, restore } = recordSocketFrames();
    try {
      const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl()}></mantis-chat>`);
      await connected(el);
      const textarea = shadow(el).querySelector('textarea') as HTMLTextAreaElement;
      expect(textarea.maxLength).to.equal(COMPOSER_LIMITS.userMessageLength);
      const refused = oneEvent(el, 'mantis-send-error');
      expect(el.send('x'.repeat(COMPOSER_LIMITS.userMessageLength + 1))).to.equal(false);
      const { detail } = await refused;
      await el.updateComplete;
      expect(detail.reason).to.equal('too-long');
      expect(el.conversation).to.have.length(0);
      expect(frames.filter((f) => f.type === 'user_message')).to.have.length(0);
      const error = shadow(el).querySelector('[part="send-error"]') as HTMLElement;
      expect(error.getAttribute('role')).to.equal('alert');
      expect(error.textContent).to.contain('too long');
      expect(textarea.getAttribute('aria-invalid')).to.equal('true');
      await expect(el).to.be.accessible();
    } finally {
      restore();
    }
  });

  it('refuses to send without any connection, with a clear message', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    const refused = oneEvent(el, 'mantis-send-error');
    expect(el.send('hello?')).to.equal(false);
    expect((await refused).detail.reason).to.equal('no-connection');
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="send-error"]')?.textContent).to.contain('no connection');
    expect(el.conversation).to.have.length(0);
  });
});

describe('<mantis-chat> services for its views', () => {
  it('runs a view’s action through the session: one mantis-action from the chat, naming the message', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl({ inline_ui_version: '1' })}></mantis-chat>`);
    await connected(el);
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send('show me');
    const { detail } = await complete;
    await el.updateComplete;
    const seen: { target: EventTarget | null; messageId?: string }[] = [];
    const listener = (event: Event) => seen.push({ target: event.target, messageId: (event as CustomEvent<{ messageId?: string }>).detail.messageId });
    document.addEventListener('mantis-action', listener);
    try {
      const view = shadow(el).querySelector('mantis-ui-view') as HTMLElement & { updateComplete: Promise<unknown> };
      await view.updateComplete;
      const navigate = [...(view.shadowRoot?.querySelectorAll<HTMLButtonElement>('[part~="action"]') ?? [])].find((b) => b.textContent?.includes('Show on map'));
      navigate?.click();
      expect(seen).to.have.length(1);
      expect(seen[0]?.target).to.equal(el);
      expect(seen[0]?.messageId).to.equal(detail.message.id);
    } finally {
      document.removeEventListener('mantis-action', listener);
    }
  });
});

describe('<mantis-chat> commits per animation frame', () => {
  it('folds chunks that arrive faster than the screen refreshes into one commit per frame, with the same result', async () => {
    const transport = new InPageTransport();
    const el = await fixture<MantisChat>(html`<mantis-chat .connection=${transport}></mantis-chat>`);
    await el.updateComplete;
    let commits = 0;
    const updated = (el as unknown as { updated: (changed: Map<PropertyKey, unknown>) => void }).updated.bind(el);
    (el as unknown as { updated: (changed: Map<PropertyKey, unknown>) => void }).updated = (changed) => {
      commits += 1;
      updated(changed);
    };
    let frames = 0;
    let counting = true;
    const tick = () => {
      frames += 1;
      if (counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const chunks = Array.from({ length: 400 }, (_, i) => `Word ${i}${i % 40 === 39 ? '.\n\n' : ' '}`);
    transport.deliver({ type: 'message_start', message_id: 'm', sequence: 0, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
    for (const [i, delta] of chunks.entries()) {
      transport.deliver({ type: 'text_delta', message_id: 'm', sequence: i + 1, delta });
      // Each chunk in its own task, as from a socket: much faster than a frame (a message task is not clamped).
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      });
    }
    transport.deliver({ type: 'message_end', message_id: 'm', sequence: chunks.length + 1 });
    await el.updateComplete;
    counting = false;
    expect(commits).to.be.greaterThan(0);
    expect(commits, `${commits} commits in ${frames} frames`).to.be.at.most(frames + 2);
    expect(commits).to.be.lessThan(chunks.length / 4);
    const message = el.conversation[0];
    expect(message?.role === 'assistant' && message.text).to.equal(chunks.join(''));
    const shown = shadow(el).querySelector('[part~="message-assistant"] [part="text"]')?.textContent?.replace(/\s+/g, ' ').trim();
    expect(shown).to.equal(chunks.join('').replace(/\s+/g, ' ').trim());
  });
});
