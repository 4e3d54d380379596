import { waitUntil } from '@open-wc/testing';
import type { MantisChat } from '../../elements/mantis-chat/mantis-chat.js';
import { agentOrigin } from '../helpers/agent.js';

/** Where scripts/hosts.mjs writes the built Svelte app (demo/hosts/svelte, `npm run build` there). */
export const SVELTE_APP = '/demo/hosts/svelte/dist/index.html';

/** The built Svelte app in an iframe, with ways to reach what a user sees in it. */
export interface SvelteApp {
  readonly frame: HTMLIFrameElement;
  readonly win: Window & typeof globalThis;
  readonly doc: Document;
  /** The app's `<mantis-chat>`: `main` (url, transport, messages…) or `side` (a Transport object as `connection`). */
  chat(name: 'main' | 'side'): MantisChat;
  /** A button of the app's header, by its `data-action`. */
  button(action: string): HTMLButtonElement;
  /** The text of one of the app's event outputs, by its `data-log`. */
  log(name: string): string;
  close(): void;
}

/**
 * Opens the built app against the reference server (`?agent=`), the server streaming fast (`delay=1`), with `params`
 * added (`define: 'late'` mounts it before mantis-ui defines its elements). Resolves once Svelte mounted it.
 */
export async function openSvelteApp(params: Record<string, string> = {}): Promise<SvelteApp> {
  const built = await fetch(SVELTE_APP, { method: 'HEAD' });
  if (!built.ok) throw new Error(`${SVELTE_APP} is missing: build the Svelte host first with \`node scripts/hosts.mjs svelte\`.`);
  const query = new URLSearchParams({ agent: agentOrigin, delay: '1', ...params });
  const frame = document.createElement('iframe');
  frame.title = 'Svelte host';
  frame.style.width = '1200px';
  frame.style.height = '900px';
  frame.src = `${SVELTE_APP}?${query}`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Window & typeof globalThis;
  const doc = win.document;
  await waitUntil(() => doc.querySelector('[data-defined]'), 'the Svelte app never mounted', { timeout: 5000 });
  const find = <T extends Element>(selector: string): T => {
    const found = doc.querySelector<T>(selector);
    if (!found) throw new Error(`The app has no ${selector}`);
    return found;
  };
  return {
    frame,
    win,
    doc,
    chat: (name) => find<MantisChat>(`mantis-chat[data-chat="${name}"]`),
    button: (action) => find<HTMLButtonElement>(`button[data-action="${action}"]`),
    log: (name) => find(`[data-log="${name}"]`).textContent ?? '',
    close: () => frame.remove(),
  };
}

const shadow = (chat: MantisChat): ShadowRoot => {
  if (!chat.shadowRoot) throw new Error('The chat has no shadow root: is mantis-ui defined?');
  return chat.shadowRoot;
};

/** The chat's connection line, as the user reads it. */
export const statusText = (chat: MantisChat): string | null | undefined => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent;

export const connected = (chat: MantisChat): Promise<void> => waitUntil(() => statusText(chat) === 'Connected', 'the chat never connected', { timeout: 8000 });

/** The messages the chat shows, user and assistant, in order. */
export const shownMessages = (chat: MantisChat): Element[] => [...shadow(chat).querySelectorAll('[part~="message"]')];

/** Types `text` in the chat's message box and presses Send, as a user does. */
export function typeAndSend(chat: MantisChat, text: string): void {
  const input = shadow(chat).querySelector<HTMLTextAreaElement>('[part="input"]');
  const send = shadow(chat).querySelector<HTMLButtonElement>('[part="send-button"]');
  if (!input || !send) throw new Error('The chat has no message box');
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  send.click();
}

/** The headings the views inside the chat's last assistant message render. */
export function lastReplyHeadings(chat: MantisChat): string[] {
  const replies = shadow(chat).querySelectorAll('[part~="message-assistant"]');
  const last = replies[replies.length - 1];
  return [...(last?.querySelectorAll('mantis-ui-view') ?? [])].map((view) => view.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim() ?? '');
}

/** Waits until the app's own list of replies (filled by its Svelte handlers) holds `count` from this chat. */
export function appHeardReplies(app: SvelteApp, chat: 'main' | 'side', count: number): Promise<void> {
  return waitUntil(() => app.doc.querySelectorAll(`[data-log="replies"] li[data-chat="${chat}"]`).length >= count, `the app heard fewer than ${count} replies`, {
    timeout: 8000,
  });
}
