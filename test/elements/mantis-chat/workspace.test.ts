// What <mantis-chat> keeps around its session, against the reference server and real IndexedDB: the opt-in stored
// conversation (history-key) and what a reload restores, layout preferences (theme, the artifact panel's width) but
// never an artifact tab, storage failures degrading to memory, the built-in artifact panel, and the media service
// the chat's attributes configure.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createStore, get, keys } from 'idb-keyval';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { historyKey, readLayout, readStored, resetStorageForTests, DATABASE_NAME, STORE_NAME } from '../../../elements/internal/storage.js';
import { composerSocketUrl } from '../../helpers/agent.js';
import { replyWithNode } from '../../helpers/chat-views.js';

const shadow = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}`;
const storedKeys = async () => (await keys(createStore(DATABASE_NAME, STORE_NAME))).map(String);
/** Read from IndexedDB itself, not through the storage module (which would fall back to memory). */
const inDatabase = (key: string) => get<unknown>(key, createStore(DATABASE_NAME, STORE_NAME));

async function openChat(attributes: Record<string, string> = {}): Promise<MantisChat> {
  const el = document.createElement('mantis-chat');
  el.setAttribute('url', composerSocketUrl({ scenario: 'echo', delay: '0' }));
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  const chat = await fixture<MantisChat>(el);
  await waitUntil(() => shadow(chat).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected', 'never connected', { timeout: 5000 });
  return chat;
}

const transcript = (el: MantisChat) => shadow(el).querySelector('.transcript-content')?.textContent?.replace(/\s+/g, ' ').trim();

const artifact = { id: 'report', type: 'artifact', title: 'Cluster sizes', format: 'csv', content: 'cluster,points\nA,1\nB,2\n' };

describe('<mantis-chat> stored conversation (history-key)', () => {
  it('with history-key a reload restores the conversation exactly, and clearStoredHistory deletes it', async () => {
    const key = unique('conversation');
    const first = await openChat({ 'history-key': key });
    await replyWithNode(first, { id: 'card', type: 'entity-card', title: 'Junction J-101' }, 'Pressure is **low**.\n\n');
    const messages = JSON.stringify(first.messages);
    await waitUntil(async () => JSON.stringify(await inDatabase(historyKey(key))) === messages, 'the conversation was not stored in IndexedDB');
    const shown = transcript(first);
    first.remove();

    // A reload: a new chat with the same key and no conversation of its own.
    const second = await fixture<MantisChat>(html`<mantis-chat history-key=${key}></mantis-chat>`);
    await second.historyRestored;
    await second.updateComplete;
    expect(JSON.stringify(second.messages)).to.equal(messages);
    expect(transcript(second)).to.equal(shown);
    expect(shadow(second).querySelector('mantis-ui-view')).to.not.equal(null);

    await second.clearStoredHistory();
    expect(await inDatabase(historyKey(key))).to.equal(undefined);
    // The transcript on screen stays.
    expect(JSON.stringify(second.messages)).to.equal(messages);
  });

  it('without history-key nothing is written to IndexedDB', async () => {
    const before = await storedKeys();
    const el = await openChat();
    await replyWithNode(el, artifact);
    // Opening an artifact is not a layout change either.
    (shadow(await replyWithNode(el, artifact)).querySelector('[part~="artifact-open"]') as HTMLButtonElement).click();
    await el.updateComplete;
    await el.historyRestored;
    expect(el.session.artifacts.tabs.length).to.equal(1);
    expect(await storedKeys()).to.deep.equal(before);
  });

  it('a stored conversation does not replace one already shown; that one is stored from then on', async () => {
    const key = unique('shown');
    const { writeStored } = await import('../../../elements/internal/storage.js');
    const old = [{ id: 'u-old', role: 'user', text: 'An older question' }];
    await writeStored(historyKey(key), old);
    const el = await openChat();
    await replyWithNode(el, { id: 'card', type: 'entity-card', title: 'Shown first' });
    const shown = JSON.stringify(el.messages);
    el.historyKey = key;
    await el.updateComplete;
    await el.historyRestored;
    expect(JSON.stringify(el.messages)).to.equal(shown);
    await replyWithNode(el, { id: 'card2', type: 'entity-card', title: 'And then' });
    await waitUntil(async () => JSON.stringify(await inDatabase(historyKey(key))) === JSON.stringify(el.messages), 'the shown conversation was not stored');
  });

  it('changing history-key switches to the conversation stored under the new key, or an empty one', async () => {
    const { writeStored } = await import('../../../elements/internal/storage.js');
    const [a, b, c] = [unique('a'), unique('b'), unique('c')];
    await writeStored(historyKey(a), [{ id: 'u-a', role: 'user', text: 'Conversation A' }]);
    await writeStored(historyKey(b), [{ id: 'u-b', role: 'user', text: 'Conversation B' }]);
    const el = await fixture<MantisChat>(html`<mantis-chat history-key=${a}></mantis-chat>`);
    await el.historyRestored;
    expect(el.messages.map((m) => m.text)).to.deep.equal(['Conversation A']);
    el.historyKey = b;
    await el.updateComplete;
    await el.historyRestored;
    expect(el.messages.map((m) => m.text)).to.deep.equal(['Conversation B']);
    el.historyKey = c;
    await el.updateComplete;
    await el.historyRestored;
    expect(el.messages).to.deep.equal([]);
    // Nothing of B was written under C, and B is unchanged.
    expect(await inDatabase(historyKey(c))).to.equal(undefined);
    expect(await inDatabase(historyKey(b))).to.deep.equal([{ id: 'u-b', role: 'user', text: 'Conversation B' }]);
  });

  it('a stored conversation of the wrong shape never breaks the chat: what cannot be read is left out with a warning, the rest of each message is kept', async () => {
    const { writeStored } = await import('../../../elements/internal/storage.js');
    const good = { id: 'a-good', role: 'assistant', text: 'Still **here**.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 1, events: [] };
    // A history kept elsewhere is read as far as it can be (docs/protocol.md "Histories from elsewhere"): a message
    // with one odd field is kept without it; only an entry that is no message at all is left out.
    const cases: Record<string, { readonly value: unknown; readonly kept: readonly string[] }> = {
      'not an array': { value: { role: 'assistant' }, kept: [] },
      'a null marker': { value: [{ ...good, id: 'a1', marker: null }, good], kept: ['a1', 'a-good'] },
      'events that are not records': { value: [{ ...good, id: 'a2', events: [1] }, good], kept: ['a2', 'a-good'] },
      'actions that are not a list': { value: [{ ...good, id: 'a3', actions: 5 }, good], kept: ['a3', 'a-good'] },
      'a wrong id': { value: [{ role: 'assistant', id: 1, text: null }, good], kept: ['a-good'] },
      'a tool record without its name': { value: [{ ...good, id: 'a4', events: [{ at: 0, receivedAt: 1, event: { type: 'tool', message_id: 'm', sequence: 1, state: 'running' } }] }, good], kept: ['a4', 'a-good'] },
    };
    for (const [name, { value, kept }] of Object.entries(cases)) {
      const key = unique('malformed');
      await writeStored(historyKey(key), value);
      const warnings: unknown[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args[0]);
      const errors: unknown[] = [];
      const onError = (event: Event) => errors.push(event);
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onError);
      try {
        const el = await fixture<MantisChat>(html`<mantis-chat history-key=${key}></mantis-chat>`);
        await el.historyRestored;
        await el.updateComplete;
        expect(el.messages.map((m) => m.id), name).to.deep.equal(kept);
        if (kept.length > 0) expect(transcript(el), name).to.contain('Still here.');
        expect(warnings.some((w) => String(w).includes('not all in the persisted format')), name).to.equal(true);
        expect(errors, name).to.deep.equal([]);
      } finally {
        console.warn = warn;
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onError);
      }
    }
  });

  it('messages set by a host are read as far as they can be, with mantis-config-error for what was not; a non-array is ignored', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    const reasons: string[] = [];
    el.addEventListener('mantis-config-error', (event) => reasons.push(event.detail.reason));
    const warn = console.warn;
    console.warn = () => {};
    try {
      el.messages = [{ id: 'u1', role: 'user', text: 'Kept' }, { id: 'a1', role: 'assistant', text: 'x', marker: null } as never, { id: 2, role: 'assistant' } as never];
      await el.updateComplete;
      // The reply with a marker this chat cannot read is kept, as read-only Markdown; the entry with no text is not.
      expect(el.messages.map((m) => m.id)).to.deep.equal(['u1', 'a1']);
      expect(reasons.some((r) => r.includes('index 1: a marker this chat does not know'))).to.equal(true);
      expect(reasons.some((r) => r.includes('left out (index 2)'))).to.equal(true);
      el.messages = 'nonsense' as never;
      await el.updateComplete;
      expect(el.messages.map((m) => m.id)).to.deep.equal(['u1', 'a1']);
      expect(reasons.some((r) => r.includes('messages'))).to.equal(true);
    } finally {
      console.warn = warn;
    }
  });
});

describe('<mantis-chat> storage failures', () => {
  afterEach(() => resetStorageForTests());

  for (const fault of ['IndexedDB cannot be opened (private mode)', 'a write fails (quota)'] as const) {
    it(`degrades to memory with one console warning when ${fault}, and shows no error`, async () => {
      resetStorageForTests();
      const open = IDBFactory.prototype.open;
      const put = IDBObjectStore.prototype.put;
      // Faults the real IndexedDB cannot produce on demand.
      if (fault.startsWith('IndexedDB')) {
        IDBFactory.prototype.open = () => {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        };
      } else {
        IDBObjectStore.prototype.put = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      }
      const warnings: unknown[] = [];
      const warn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args[0]);
      const errors: unknown[] = [];
      const onError = (event: ErrorEvent | PromiseRejectionEvent) => errors.push(event);
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onError);
      try {
        const key = unique('fault');
        const first = await openChat({ 'history-key': key, 'layout-key': key });
        await replyWithNode(first, { id: 'card', type: 'entity-card', title: 'Kept in memory' });
        first.chooseTheme('dark');
        const messages = JSON.stringify(first.messages);
        await waitUntil(async () => JSON.stringify(await readStored(historyKey(key))) === messages, 'not kept in memory');
        first.remove();
        // Within the page, the memory fallback still restores it.
        const second = await fixture<MantisChat>(html`<mantis-chat history-key=${key} layout-key=${key}></mantis-chat>`);
        await second.historyRestored;
        expect(JSON.stringify(second.messages)).to.equal(messages);
        await waitUntil(() => second.theme === 'dark', 'the theme choice was not kept');
        expect(warnings.filter((w) => String(w).includes('IndexedDB is not available')).length).to.equal(1);
        expect(errors).to.deep.equal([]);
      } finally {
        IDBFactory.prototype.open = open;
        IDBObjectStore.prototype.put = put;
        console.warn = warn;
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onError);
      }
    });
  }
});

describe('<mantis-chat> layout preferences', () => {
  it('a theme the user chose is remembered over the theme attribute; the attribute alone writes nothing', async () => {
    const key = unique('theme');
    const first = await fixture<MantisChat>(html`<mantis-chat layout-key=${key} theme="light"></mantis-chat>`);
    expect((await readLayout(key)).theme).to.equal(undefined);
    first.chooseTheme('dark');
    expect(first.theme).to.equal('dark');
    await waitUntil(async () => (await readLayout(key)).theme === 'dark', 'not stored');
    first.remove();
    const second = await fixture<MantisChat>(html`<mantis-chat layout-key=${key} theme="light"></mantis-chat>`);
    await waitUntil(() => second.theme === 'dark', 'not restored');
    expect(second.getAttribute('theme')).to.equal('dark');
  });

  it('a bad theme choice is refused with mantis-config-error', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    let reason = '';
    el.addEventListener('mantis-config-error', (event) => (reason = event.detail.reason));
    const warn = console.warn;
    console.warn = () => {};
    try {
      el.chooseTheme('sepia' as 'dark');
    } finally {
      console.warn = warn;
    }
    expect(reason).to.contain('theme');
    expect(el.theme).to.equal('system');
  });
});
