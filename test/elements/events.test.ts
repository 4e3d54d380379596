import { expect, fixture, html } from '@open-wc/testing';
import '../../elements/mantis-ui-view/mantis-ui-view.js';
import type { MantisUiView } from '../../elements/mantis-ui-view/mantis-ui-view.js';
import { emit } from '../../elements/events.js';

/*
 * The typed event map covers every EventTarget an event bubbles to, not only elements: document and window
 * listeners get the typed detail without a cast. This file is type-checked with the project (tsc checks test/),
 * so an untyped `event.detail` on document or window fails the type check before any test runs.
 */

const VIEW = {
  version: 1,
  id: 'v1',
  root: {
    id: 'row',
    type: 'action-row',
    actions: [{ id: 'go', type: 'navigate', label: 'Show on map', target: { uri: 'mantis://map/atlas/cluster/c7' } }],
  },
};

/** A <mantis-ui-view> inside the shadow root of a plain host: its events must cross that root too. */
async function nestedView(): Promise<MantisUiView> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const root = host.attachShadow({ mode: 'open' });
  const view = document.createElement('mantis-ui-view');
  view.view = VIEW;
  root.append(view);
  await view.updateComplete;
  return view;
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('typed events on document and window', () => {
  it('a mantis-action clicked in a nested view reaches document and window listeners with its typed detail', async () => {
    const view = await nestedView();
    const seen: string[] = [];
    const onDocument = (event: GlobalEventHandlersEventMap['mantis-action']) => {
      // Typed without a cast: detail is ActionDetail.
      const type: string = event.detail.action.type;
      const viewId: string = event.detail.viewId;
      seen.push(`document ${viewId}/${event.detail.nodeId} ${type}`);
    };
    document.addEventListener('mantis-action', onDocument);
    cleanups.push(() => document.removeEventListener('mantis-action', onDocument));
    const onWindow = (event: WindowEventMap['mantis-action']) => seen.push(`window ${event.detail.action.type}`);
    window.addEventListener('mantis-action', onWindow);
    cleanups.push(() => window.removeEventListener('mantis-action', onWindow));

    const button = view.shadowRoot?.querySelector<HTMLButtonElement>('[data-action="go"]');
    expect(button !== null && button !== undefined, 'the navigate button is rendered').to.equal(true);
    button?.click();

    expect(seen).to.deep.equal(['document v1/row navigate', 'window navigate']);
  });

  it('inline listeners are typed too, and the retargeted target is the outermost host', async () => {
    const view = await nestedView();
    const details: string[] = [];
    const listener = (event: DocumentEventMap['mantis-view-error']) => {
      const reason: string | undefined = event.detail.reason;
      details.push(`${reason ?? 'partial'} ${event.detail.issues.length > 0} ${(event.target as Element).localName}`);
    };
    document.addEventListener('mantis-view-error', listener);
    cleanups.push(() => document.removeEventListener('mantis-view-error', listener));
    document.addEventListener(
      'mantis-artifact-open',
      (event) => {
        const title: string = event.detail.title;
        details.push(title);
      },
      { once: true },
    );

    view.view = undefined;
    view.spec = '{ not json';
    await view.updateComplete;
    expect(details.length).to.equal(1);
    expect(details[0]?.endsWith(' true div')).to.equal(true);

    emit(view, 'mantis-artifact-open', { viewId: 'v1', nodeId: 'a', title: 'Report', format: 'text', content: 'x' });
    expect(details[1]).to.equal('Report');
  });

  it('keeps emit() typed by event name', () => {
    const target = new EventTarget();
    let received = '';
    target.addEventListener('mantis-send', (event) => (received = (event as CustomEvent<{ text: string }>).detail.text));
    expect(emit(target, 'mantis-send', { text: 'hi', attachments: [] }, { cancelable: true })).to.equal(true);
    expect(received).to.equal('hi');
    // @ts-expect-error: the detail of mantis-send is { text }, not an action.
    emit(target, 'mantis-send', { viewId: 'v', nodeId: 'n' });
    // @ts-expect-error: emit() only knows mantis-ui's events.
    emit(target, 'click', undefined);
  });
});

// Type-level: listeners on document and window infer the typed event from the name alone.
export function typedListeners(): void {
  document.addEventListener('mantis-action', (event) => {
    const type: string = event.detail.action.type;
    void type;
  });
  window.addEventListener('mantis-history-change', (event) => {
    const count: number = event.detail.messages.length;
    void count;
  });
  document.body.addEventListener('mantis-connection-change', (event) => {
    const state: string = event.detail.state;
    void state;
  });
}
