/*
 * mantis-ui/react in React 19: react-dom/client renders the wrappers into this page (React and react-dom are served
 * as one ES module bundle by test/helpers/wtr-react-plugin.mjs), against the reference agent server.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createElement, StrictMode, version, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import {
  AgentEnvelope,
  ELEMENT_EVENTS,
  MantisA2uiSurface,
  MantisArtifactPanel,
  MantisChat,
  MantisMediaItem,
  MantisUiView,
  eventProp,
  type ConnectionChangeDetail,
  type MantisChatElement,
  type MantisMediaItemElement,
  type MantisUiViewElement,
  type MessageCompleteDetail,
  type SendDetail,
  type ViewErrorDetail,
} from '../../../elements/react/index.js';
import type { PersistedMessage } from '../../../src/index.js';
import { LitElement, type PropertyDeclarations } from 'lit';
import { wrap } from '../../../elements/react/wrap.js';
import { ScriptedTransport, reply, waitForReply } from '../../../elements/testing/index.js';
import { composerSocketUrl } from '../../helpers/agent.js';

const COMPONENTS: Record<keyof typeof ELEMENT_EVENTS, ComponentType<Record<string, unknown>>> = {
  'mantis-chat': MantisChat,
  'mantis-ui-view': MantisUiView,
  'agent-envelope': AgentEnvelope,
  'mantis-artifact-panel': MantisArtifactPanel,
  'mantis-media-item': MantisMediaItem,
  'mantis-a2ui-surface': MantisA2uiSurface,
};

let container: HTMLElement;
let root: Root;

/** Renders into the page and commits at once, as React does for a discrete event. */
function render(node: ReactNode): void {
  flushSync(() => root.render(node));
}

const heading = (text: string) => ({ version: 1, id: 'v', root: { id: 'h', type: 'heading', text } });
const shadowText = (el: Element | null, selector: string): string | undefined => el?.shadowRoot?.querySelector(selector)?.textContent?.trim();

describe('mantis-ui/react in React 19', () => {
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    root.unmount();
    container.remove();
  });

  it('sets a property of an element class whose tag another copy of mantis-ui defined (never finalized here) as a property', async () => {
    // Another copy's class: the same declarations, never defined, so its accessors are not made by a definition.
    class OtherCopy extends LitElement {
      static override properties: PropertyDeclarations = { view: { attribute: false } };
      declare view: unknown;
    }
    expect('view' in OtherCopy.prototype, 'a class never finalized has no accessor yet').to.equal(false);
    const Other = wrap('mantis-ui-view', OtherCopy, ELEMENT_EVENTS['mantis-ui-view'], 'OtherCopy');
    // What the wrapper (and @lit/react under React 18) reads to tell a property from an attribute.
    expect('view' in OtherCopy.prototype).to.equal(true);
    render(createElement(Other, { view: heading('From the other copy') }));
    const el = container.querySelector('mantis-ui-view') as MantisUiViewElement;
    expect(el.hasAttribute('view'), 'set as an attribute').to.equal(false);
    await el.updateComplete;
    expect(shadowText(el, '[role="heading"]')).to.equal('From the other copy');
  });

  it('runs on React 19 and defines every element when imported', () => {
    expect(version.split('.')[0]).to.equal('19');
    for (const tag of Object.keys(COMPONENTS)) expect(customElements.get(tag), tag).to.be.a('function');
  });

  it('renders <MantisChat> history by property, connects to the real server, and fires onSend and onMessageComplete', async () => {
    const messages: PersistedMessage[] = [
      { id: 'u1', role: 'user', text: 'An earlier question' },
      { id: 'a1', role: 'assistant', text: 'An *earlier* answer.', marker: { inlineUiVersion: 1, mode: 'orchestrator' }, sequence: 2, events: [], inReplyTo: 'u1' },
    ];
    const sent: SendDetail[] = [];
    const completed: MessageCompleteDetail[] = [];
    const states: ConnectionChangeDetail['state'][] = [];
    let chat: MantisChatElement | null = null;
    const url = composerSocketUrl({ scenario: 'echo' });
    const props = {
      ref: (el: MantisChatElement | null) => void (chat = el ?? chat),
      messages,
      url,
      placeholder: 'Ask the agent',
      onMessageComplete: (event: CustomEvent<MessageCompleteDetail>) => completed.push(event.detail),
      onConnectionChange: (event: CustomEvent<ConnectionChangeDetail>) => states.push(event.detail.state),
    };
    render(createElement(MantisChat, { ...props, onSend: (event) => sent.push(event.detail) }));
    const el = chat as MantisChatElement | null;
    if (!el) throw new Error('no <mantis-chat>');
    expect(el === container.querySelector('mantis-chat')).to.equal(true);
    // Properties, not attributes: the history is an array, and nothing of it was written to the DOM as text.
    expect(el.hasAttribute('messages')).to.equal(false);
    expect(el.hasAttribute('placeholder')).to.equal(false);
    await el.updateComplete;
    expect(el.messages.map((message) => message.id)).to.deep.equal(['u1', 'a1']);
    expect(shadowText(el, '[part~="message-user"]')).to.contain('An earlier question');
    expect(el.shadowRoot?.querySelector('[part~="message-assistant"] [part="text"] em')?.textContent).to.equal('earlier');
    expect(el.shadowRoot?.querySelector('textarea')?.getAttribute('placeholder')).to.equal('Ask the agent');

    await waitUntil(() => shadowText(el, '[part="status"] [role="status"]') === 'Connected', 'never connected', { timeout: 5000 });
    expect(states.at(-1)).to.equal('open');
    expect(el.send('Hello from React')).to.equal(true);
    await waitUntil(() => completed.length === 1, 'no onMessageComplete', { timeout: 5000 });
    expect(sent).to.deep.equal([{ text: 'Hello from React', attachments: [] }]);
    expect(completed[0]?.message.text).to.equal('Hello from React');
    await el.updateComplete;
    const replies = [...(el.shadowRoot?.querySelectorAll('[part~="message-assistant"] [part="text"]') ?? [])];
    expect(replies.at(-1)?.textContent?.trim()).to.equal('Hello from React');
    expect(el.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);

    // The page re-renders with the same history and a handler that cancels: the element is the same, its
    // conversation is kept (the unchanged `messages` is not set again), and the cancelled message is not sent.
    render(createElement(MantisChat, { ...props, onSend: (event) => event.preventDefault() }));
    expect(container.querySelector('mantis-chat') === el, 'the element was replaced').to.equal(true);
    expect(el.messages).to.have.length(4);
    expect(el.send('Kept back')).to.equal(false);
    expect(sent).to.have.length(1);
    expect(el.messages).to.have.length(4);
  });

  it('talks through a connection object the page made, kept across re-renders, and a new one replaces it', async () => {
    const first = new ScriptedTransport({ replies: [reply().text('Through the first.')] });
    render(createElement(MantisChat, { connection: first }));
    const el = container.querySelector('mantis-chat') as MantisChatElement;
    await el.updateComplete;
    expect(el.connection).to.equal(first);
    expect(first.state).to.equal('open');
    expect(el.send('one')).to.equal(true);
    expect((await waitForReply(el, { timeout: 5000 })).text).to.equal('Through the first.');
    // A re-render with the same object sets nothing; a new object is the chat's connection from then on.
    render(createElement(MantisChat, { connection: first }));
    expect(first.userMessages).to.deep.equal(['one']);
    // Its own IDs: the chat takes a reply with an ID it already has for a replay of that message.
    const second = new ScriptedTransport({ replies: [reply().text('Through the second.')], idPrefix: 'second-' });
    render(createElement(MantisChat, { connection: second }));
    await el.updateComplete;
    expect(el.connection).to.equal(second);
    expect(el.send('two')).to.equal(true);
    expect((await waitForReply(el, { timeout: 5000 })).text).to.equal('Through the second.');
    expect([first.userMessages, second.userMessages]).to.deep.equal([['one'], ['two']]);
  });

  it('renders <MantisUiView> by property and updates the same element on a re-render with new props', async () => {
    const errors: ViewErrorDetail[] = [];
    render(createElement(MantisUiView, { view: heading('Quarterly results'), headingLevel: 2, className: 'answer', title: 'Results' }));
    const el = container.querySelector('mantis-ui-view') as MantisUiViewElement;
    expect(el.className).to.equal('answer');
    expect(el.getAttribute('title')).to.equal('Results');
    await el.updateComplete;
    expect(shadowText(el, '[role="heading"]')).to.equal('Quarterly results');
    expect(el.shadowRoot?.querySelector('[role="heading"]')?.getAttribute('aria-level')).to.equal('2');

    render(createElement(MantisUiView, { view: heading('Annual results'), headingLevel: 4, theme: 'dark', onViewError: (event) => errors.push(event.detail) }));
    expect(container.querySelector('mantis-ui-view') === el, 'the element was replaced').to.equal(true);
    await el.updateComplete;
    expect(shadowText(el, '[role="heading"]')).to.equal('Annual results');
    expect(el.shadowRoot?.querySelector('[role="heading"]')?.getAttribute('aria-level')).to.equal('4');
    expect(el.getAttribute('theme')).to.equal('dark');

    // A handler added by the re-render gets the element's real event: an invalid view falls back.
    render(createElement(MantisUiView, { view: { version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'x', onclick: 'alert(1)' } }, onViewError: (event) => errors.push(event.detail) }));
    expect(container.querySelector('mantis-ui-view') === el, 'the element was replaced').to.equal(true);
    await waitUntil(() => errors.length === 1, 'no onViewError');
    expect(errors[0]?.reason).to.equal('invalid-root');
    // A property the page stopped passing is unset.
    expect(el.theme).to.equal(undefined);
    expect(el.hasAttribute('theme')).to.equal(false);
  });

  it('calls the handler of the latest render only, and none after unmounting, even if the page keeps the element', async () => {
    const calls: string[] = [];
    const invalid = (id: string) => ({ version: 1, id, root: { id: 'h', type: 'heading', text: 'x', onclick: 'alert(1)' } });
    render(createElement(MantisUiView, { view: invalid('v1'), onViewError: () => calls.push('first') }));
    const el = container.querySelector('mantis-ui-view') as MantisUiViewElement;
    await waitUntil(() => calls.length === 1, 'no first onViewError');

    render(createElement(MantisUiView, { view: invalid('v2'), onViewError: () => calls.push('second') }));
    await waitUntil(() => calls.length === 2, 'no second onViewError');
    expect(calls).to.deep.equal(['first', 'second']);

    root.unmount();
    expect(el.isConnected).to.equal(false);
    // The page moves the element elsewhere, and it fires again: a listener of its own hears it, the unmounted
    // component's handler does not (@lit/react's own event binding would still call it).
    document.body.append(el);
    const seen: ViewErrorDetail[] = [];
    el.addEventListener('mantis-view-error', (event) => seen.push(event.detail));
    el.view = invalid('v3');
    await waitUntil(() => seen.length === 1, 'the element did not fire');
    expect(calls).to.deep.equal(['first', 'second']);
    el.remove();
    root = createRoot(container);
  });

  it('honours a callback ref that returns a cleanup, as React 19 does: the cleanup runs instead of a call with null', () => {
    const calls: string[] = [];
    const ref = (el: MantisUiViewElement | null) => {
      calls.push(el ? `attach ${el.localName}` : 'null');
      return () => {
        calls.push('cleanup');
      };
    };
    render(createElement(MantisUiView, { view: heading('A'), ref }));
    expect(calls).to.deep.equal(['attach mantis-ui-view']);
    render(createElement('p', null, 'gone'));
    expect(calls).to.deep.equal(['attach mantis-ui-view', 'cleanup']);
  });

  it('delivers an event the element fires while its first properties are set', () => {
    // <mantis-chat> refuses an `actions` value that is not an ActionRegistry in its setter, at once.
    const reasons: string[] = [];
    render(createElement(MantisChat, { actions: {} as never, onConfigError: (event) => reasons.push(event.detail.property ?? '') }));
    expect(reasons).to.deep.equal(['actions']);
  });

  it('maps every event of every element in custom-elements.json to an on… prop of its component', async () => {
    interface Declaration {
      customElement?: boolean;
      tagName?: string;
      events?: { name: string }[];
    }
    const manifest = (await (await fetch('/custom-elements.json')).json()) as { modules: { declarations?: Declaration[] }[] };
    const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.customElement && d.tagName);
    expect(elements.map((d) => d.tagName).sort()).to.deep.equal(Object.keys(ELEMENT_EVENTS).sort());
    for (const { tagName, events = [] } of elements) {
      const tag = tagName as keyof typeof ELEMENT_EVENTS;
      expect([...ELEMENT_EVENTS[tag]].sort(), tag).to.deep.equal(events.map((e) => e.name).sort());
    }

    // Each prop is wired: in StrictMode (which attaches refs twice), each event reaches its handler exactly once.
    for (const [tag, names] of Object.entries(ELEMENT_EVENTS)) {
      const calls: string[] = [];
      const handlers = Object.fromEntries(names.map((name) => [eventProp(name), (event: Event) => calls.push(event.type)]));
      render(createElement(StrictMode, null, createElement(COMPONENTS[tag as keyof typeof ELEMENT_EVENTS], handlers)));
      const el = container.querySelector(tag) as HTMLElement;
      for (const name of names) el.dispatchEvent(new CustomEvent(name, { detail: {}, bubbles: true, composed: true }));
      expect(calls, tag).to.deep.equal([...names]);
      render(null);
    }
  });

  it('hydrates the markup a server render gives (the bare tag) and then sets the properties', async () => {
    // A root that has not rendered yet clears its container when it unmounts: unmount it before the served markup.
    root.unmount();
    // What renderToString makes of <MantisUiView view={…}> in Node (react-ssr.node.ts checks it there).
    container.innerHTML = '<mantis-ui-view></mantis-ui-view>';
    const served = container.firstElementChild as MantisUiViewElement;
    const recoverable: string[] = [];
    root = hydrateRoot(container, createElement(MantisUiView, { view: heading('Hydrated') }), { onRecoverableError: (error) => recoverable.push(String(error)) });
    await waitUntil(() => shadowText(served, '[role="heading"]') === 'Hydrated', 'the view was not set');
    expect(container.querySelector('mantis-ui-view') === served, 'hydration replaced the served element').to.equal(true);
    expect(recoverable).to.deep.equal([]);
  });

  it('works without the wrapper too: React 19 sets properties and listens to events of the tag itself', async () => {
    const errors: ViewErrorDetail[] = [];
    render(createElement('mantis-ui-view', { view: heading('Native'), 'onmantis-view-error': (event: CustomEvent<ViewErrorDetail>) => errors.push(event.detail) }));
    const el = container.querySelector('mantis-ui-view') as MantisUiViewElement;
    expect(el.hasAttribute('view')).to.equal(false);
    await el.updateComplete;
    expect(shadowText(el, '[role="heading"]')).to.equal('Native');
    render(createElement('mantis-ui-view', { view: { version: 1, id: 'v', root: { id: 'h', type: 'heading', text: 'x', onclick: 'alert(1)' } }, 'onmantis-view-error': (event: CustomEvent<ViewErrorDetail>) => errors.push(event.detail) }));
    await waitUntil(() => errors.length === 1, 'no mantis-view-error');
    expect(errors[0]?.reason).to.equal('invalid-root');
  });

  it('derives each prop from its event name', () => {
    expect(eventProp('mantis-message-complete')).to.equal('onMessageComplete');
    expect(eventProp('mantis-a2ui-action')).to.equal('onA2uiAction');
    expect(eventProp('mantis-artifact-panel-resize')).to.equal('onArtifactPanelResize');
  });

  it('sets a media item’s key, which React keeps for itself, through a ref', async () => {
    render(createElement(MantisMediaItem, { ref: (el: MantisMediaItemElement | null) => void (el && (el.key = 'agent_files/a.png')), alt: 'A chart' }));
    const el = container.querySelector('mantis-media-item') as MantisMediaItemElement;
    expect(el.key).to.equal('agent_files/a.png');
    expect(el.alt).to.equal('A chart');
  });

  it('types its props from the elements and their events', () => {
    // Compile-time checks (tsc reads this file): wrong property and detail types are errors.
    // @ts-expect-error messages is an array of persisted messages
    createElement(MantisChat, { messages: 'not a list' });
    // @ts-expect-error the detail of mantis-message-complete has no text
    createElement(MantisChat, { onMessageComplete: (event) => event.detail.text });
    // @ts-expect-error <mantis-ui-view> fires no mantis-send
    createElement(MantisUiView, { onSend: () => undefined });
    createElement(AgentEnvelope, { envelope: {}, onEnvelopeStatus: (event) => event.detail.status });
    createElement(MantisA2uiSurface, { messages: [], onA2uiAction: (event) => event.detail.action });
  });
});
