// What <mantis-chat> keeps around its session, against the reference server and real IndexedDB: the opt-in stored
// conversation (history-key) and what a reload restores, layout preferences (theme, the artifact panel's width) but
// never an artifact tab, storage failures degrading to memory, the built-in artifact panel, and the media service
// the chat's attributes configure.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { createStore, keys } from 'idb-keyval';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { historyKey, readLayout, readStored, resetStorageForTests, DATABASE_NAME, STORE_NAME } from '../../../elements/internal/storage.js';
import { composerSocketUrl } from '../../helpers/agent.js';
import { replyWithNode } from '../../helpers/chat-views.js';

const shadow = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}`;
const storedKeys = async () => (await keys(createStore(DATABASE_NAME, STORE_NAME))).map(String);

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
    await waitUntil(async () => JSON.stringify(await readStored(historyKey(key))) === messages, 'the conversation was not stored');
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
    expect(await readStored(historyKey(key))).to.equal(undefined);
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
    await new Promise((done) => setTimeout(done, 300));
    expect(await storedKeys()).to.deep.equal(before);
  });

  it('a stored conversation does not replace one already shown, and a malformed one is ignored with a warning', async () => {
    const key = unique('malformed');
    const { writeStored } = await import('../../../elements/internal/storage.js');
    await writeStored(historyKey(key), [{ role: 'assistant', id: 1, text: null }]);
    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args[0]);
    try {
      const el = await fixture<MantisChat>(html`<mantis-chat history-key=${key}></mantis-chat>`);
      await el.historyRestored;
      expect(el.messages).to.deep.equal([]);
      expect(warnings.some((w) => String(w).includes('not in the persisted format'))).to.equal(true);
      expect(shadow(el).querySelector('[part="send-error"]')?.textContent?.trim() ?? '').to.equal('');
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
