import { waitUntil } from '@open-wc/testing';
import type { MantisChat } from '../../elements/mantis-chat/mantis-chat.js';
import type { MantisUiView } from '../../elements/mantis-ui-view/mantis-ui-view.js';
import { agentOrigin } from '../helpers/agent.js';

/** The Angular host as `ng build` wrote it (scripts/hosts.mjs, which npm test runs before the browser tests). */
export const ANGULAR_APP = '/demo/hosts/angular/dist/index.html';

export interface AngularApp {
  readonly frame: HTMLIFrameElement;
  readonly win: Window & typeof globalThis & { mantisAngularHost?: { define(): Promise<void> } };
  readonly doc: Document;
  /** The chat Angular binds by attributes, properties and events, wherever its card is docked. */
  chat(): MantisChat;
  /** The chat bound to a transport object the app made. */
  objectChat(): MantisChat;
  /** The standalone view, while Angular's `@if` shows it. */
  view(): MantisUiView | null;
  /** Clicks one of the app's own buttons, by id. */
  click(id: string): void;
  /** The items of one of the app's lists, by id (what its event handlers wrote). */
  list(id: string): string[];
}

/** The index.html of the built app; throws a clear error when the host was not built. */
export async function angularIndexHtml(): Promise<string> {
  const response = await fetch(ANGULAR_APP);
  if (!response.ok) {
    throw new Error(`The Angular host is not built (${ANGULAR_APP}: HTTP ${response.status}): run \`node scripts/hosts.mjs angular\`.`);
  }
  return response.text();
}

/**
 * Loads the built app in an iframe against the reference agent (`?agent=`), with the server's short pause between
 * deltas; `params` adds to its query (`define: 'manual'`). Resolves once Angular has rendered the app.
 */
export async function openAngularApp(params: Record<string, string> = {}): Promise<AngularApp> {
  await angularIndexHtml();
  const frame = document.createElement('iframe');
  frame.title = 'Angular host';
  frame.style.cssText = 'width: 1100px; height: 900px; border: 0';
  frame.src = `${ANGULAR_APP}?${new URLSearchParams({ agent: agentOrigin, delay: '1', ...params })}`;
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as AngularApp['win'];
  const doc = win.document;
  await waitUntil(() => doc.querySelector('#main-chat') && doc.querySelector('#object-chat'), 'Angular never rendered the app', { timeout: 8000 });
  const element = <T>(selector: string): T => {
    const found = doc.querySelector(selector);
    if (!found) throw new Error(`No ${selector} in the Angular app`);
    return found as T;
  };
  return {
    frame,
    win,
    doc,
    chat: () => element<MantisChat>('#main-chat'),
    objectChat: () => element<MantisChat>('#object-chat'),
    view: () => doc.querySelector<MantisUiView>('#bound-view'),
    click: (id) => element<HTMLButtonElement>(`#${id}`).click(),
    list: (id) => [...element<HTMLElement>(`#${id}`).querySelectorAll('li')].map((item) => item.textContent?.trim() ?? ''),
  };
}

/** The chat's connection line. */
export const statusText = (chat: MantisChat): string | null | undefined => chat.shadowRoot?.querySelector('[part="status"] [role="status"]')?.textContent;

export const connected = (chat: MantisChat): Promise<void> =>
  waitUntil(() => statusText(chat) === 'Connected', `${chat.id} never connected`, { timeout: 8000 });

/** The headings of the views a chat renders in its transcript, in order. */
export function chatViewHeadings(chat: MantisChat): string[] {
  return [...(chat.shadowRoot?.querySelectorAll('mantis-ui-view') ?? [])].map((view) => view.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim() ?? '');
}

/** The heading a standalone view renders. */
export const viewHeading = (view: MantisUiView | null): string | undefined => view?.shadowRoot?.querySelector('[role="heading"]')?.textContent?.trim();

/** The rendered messages of a chat's transcript. */
export const renderedMessages = (chat: MantisChat): number => chat.shadowRoot?.querySelectorAll('[part~="message"]').length ?? 0;
