import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../elements/mantis-chat/mantis-chat.js';
import { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import { type AssistantMessage, type MessageEvent, type PersistedMessage, type ToolState } from '../../../src/index.js';
import { composerSocketUrl } from '../../helpers/agent.js';
import { InPageTransport } from '../../helpers/in-page-transport.js';

const shadow = (el: MantisChat) => el.shadowRoot as ShadowRoot;
const statusText = (el: MantisChat) => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent;
const partNames = (el: MantisChat, index = 0) =>
  [...(shadow(el).querySelectorAll('[part~="message-assistant"]')[index]?.children ?? [])]
    .map((node) => node.getAttribute('part')?.split(' ')[0])
    .filter((name): name is string => Boolean(name));

async function openChat(params: Record<string, string> = {}): Promise<MantisChat> {
  const el = await fixture<MantisChat>(html`<mantis-chat url=${composerSocketUrl(params)}></mantis-chat>`);
  await waitUntil(() => statusText(el) === 'Connected', 'never connected', { timeout: 5000 });
  return el;
}

async function reply(el: MantisChat, text: string): Promise<AssistantMessage> {
  const complete = oneEvent(el, 'mantis-message-complete');
  el.send(text);
  const { detail } = await complete;
  await el.updateComplete;
  return detail.message;
}

const marker = { inlineUiVersion: 1, mode: 'orchestrator' } as const;
const toolEvent = (sequence: number, state: ToolState, toolCallId?: string, tool = 'search_map'): MessageEvent => ({
  type: 'tool',
  message_id: 'a1',
  sequence,
  tool_name: tool,
  state,
  ...(toolCallId ? { tool_call_id: toolCallId } : {}),
  ...(state === 'failed' ? { error: 'The map is offline.' } : {}),
});
const history = (events: MessageEvent[], text = 'Before the tools. After the tools.'): PersistedMessage[] => [
  { id: 'u1', role: 'user', text: 'Search' },
  {
    id: 'a1',
    role: 'assistant',
    text,
    marker,
    sequence: events.length + 1,
    events: events.map((event, i) => ({ at: 17, receivedAt: 1000 + i * 500, event: event as never })),
  },
];

describe('<mantis-chat> timeline', () => {
  it('shows every tool state, visibly distinct and with an accessible name', async () => {
    const states: ToolState[] = ['pending', 'running', 'awaiting_approval', 'approval_recorded', 'completed', 'failed', 'denied'];
    const el = await fixture<MantisChat>(html`<mantis-chat theme="light"></mantis-chat>`);
    el.messages = history(states.map((state, i) => toolEvent(i + 1, state, `call-${i}`, `tool_${i}`)));
    await el.updateComplete;
    const tools = [...shadow(el).querySelectorAll('[part~="tool"]')];
    expect(tools.map((t) => t.getAttribute('aria-label'))).to.deep.equal([
      'Tool tool_0: pending',
      'Tool tool_1: running',
      'Tool tool_2: awaiting approval',
      'Tool tool_3: approval recorded',
      'Tool tool_4: completed',
      'Tool tool_5: failed',
      'Tool tool_6: denied',
    ]);
    expect(tools.map((t) => t.querySelector('.tool-state')?.textContent)).to.deep.equal([
      'pending',
      'running',
      'awaiting approval',
      'approval recorded',
      'completed',
      'failed',
      'denied',
    ]);
    expect(tools.map((t) => t.getAttribute('part'))).to.deep.equal([
      'tool tool-input-streaming',
      'tool tool-input-available',
      'tool tool-approval-requested',
      'tool tool-approval-responded',
      'tool tool-output-available',
      'tool tool-output-error',
      'tool tool-output-denied',
    ]);
    const icons = tools.map((t) => t.querySelector('.tool-icon')?.textContent);
    expect(new Set(icons).size).to.equal(states.length);
    expect(tools[5]?.textContent).to.contain('The map is offline.');
    await expect(el).to.be.accessible();
    el.setAttribute('theme', 'dark');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('correlates tool events by tool_call_id first, and without one by sequence: the earliest open call behind it', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    el.messages = history([
      toolEvent(1, 'running', 'first'),
      toolEvent(2, 'running', 'second'),
      // Explicit ID: the first call completes, although the second is the latest.
      toolEvent(3, 'completed', 'first'),
      // No ID (legacy): the earliest open call of the same tool that has not finished, the second, fails.
      toolEvent(4, 'failed'),
    ]);
    await el.updateComplete;
    const labels = [...shadow(el).querySelectorAll('[part~="tool"]')].map((t) => t.getAttribute('aria-label'));
    expect(labels).to.deep.equal(['Tool search_map: completed', 'Tool search_map: failed']);
  });

  it('keeps text, tool, text in order, and shows reasoning collapsed with its duration', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    el.messages = history([
      { type: 'reasoning_start', message_id: 'a1', sequence: 1, reasoning_id: 'r1' },
      { type: 'reasoning_delta', message_id: 'a1', sequence: 2, reasoning_id: 'r1', delta: 'Thinking it over.' },
      { type: 'reasoning_end', message_id: 'a1', sequence: 3, reasoning_id: 'r1' },
      toolEvent(4, 'completed', 'c1'),
    ]);
    await el.updateComplete;
    expect(partNames(el)).to.deep.equal(['text', 'reasoning', 'tool', 'text']);
    const reasoning = shadow(el).querySelector('[part="reasoning"]') as HTMLDetailsElement;
    expect(reasoning.open).to.equal(false);
    expect(reasoning.querySelector('summary')?.textContent).to.equal('Reasoned for 1.0 s');
  });
});

describe('<mantis-chat> history', () => {
  it('emits the persisted conversation, and replays it exactly as authored while another mode is selected', async () => {
    const live = await openChat({ inline_ui_version: '1', scenario: 'tools', delay: '0' });
    live.mode = 'ask';
    let persisted: readonly PersistedMessage[] = [];
    live.addEventListener('mantis-history-change', (event) => (persisted = event.detail.messages));
    const message = await reply(live, 'find the cluster');
    // The trusted task event of the todo list arrives after message_end: compare once it is there, and persisted.
    await waitUntil(() => shadow(live).querySelector('[part="todo"] .todo-completed:last-child'), 'task 7 never completed', { timeout: 5000 });
    const last = persisted.at(-1);
    expect(last).to.deep.include({ id: message.id, text: message.text, marker: { inlineUiVersion: 1, mode: 'ask' } });
    expect(last?.role === 'assistant' && last.events.map((e) => e.event.type).at(-1)).to.equal('task');
    const livePart = partNames(live);

    const replayed = await fixture<MantisChat>(html`<mantis-chat mode="orchestrator"></mantis-chat>`);
    replayed.messages = JSON.parse(JSON.stringify(persisted)) as PersistedMessage[];
    await replayed.updateComplete;
    // The todo list is drawn by a module loaded with the first one (elements/mantis-chat/todo-view.ts).
    await waitUntil(() => !shadow(replayed).querySelector('[part="question-loading"]'), 'the todo list is drawn');
    expect(replayed.conversation.map((m) => (m.role === 'assistant' ? m.parts : m.text))).to.deep.equal(
      live.conversation.map((m) => (m.role === 'assistant' ? m.parts : m.text)),
    );
    expect(partNames(replayed)).to.deep.equal(livePart);
    // Authored under Ask: read-only actions only, whatever the chat's mode is now.
    const view = shadow(replayed).querySelector('mantis-ui-view') as HTMLElement & { updateComplete: Promise<unknown> };
    await view.updateComplete;
    expect(view.hasAttribute('read-only')).to.equal(true);
    expect([...(view.shadowRoot?.querySelectorAll('[part~="action"]') ?? [])].map((b) => b.textContent?.trim())).to.deep.equal(['Summarize', 'Show on map']);
  });

  it('keeps text, tool, text in order when the connection drops in the middle of a tool', async () => {
    const clean = await openChat({ inline_ui_version: '1', scenario: 'tools', delay: '0', chunk: '50' });
    const expected = (await reply(clean, 'go')).parts;
    // The tools scenario's tool events come around event 8: drop the first connections there.
    const el = await openChat({ inline_ui_version: '1', scenario: 'tools', delay: '0', chunk: '50', fault: 'drops:7.2.2' });
    const message = await reply(el, 'go');
    expect(message.parts).to.deep.equal(expected);
    expect(message.parts.map((p) => p.type).slice(0, 4)).to.deep.equal(['reasoning', 'text', 'data-mantis-todo', 'dynamic-tool']);
  });

  it('paints the newest messages of a long history first, then the rest', async () => {
    const messages: PersistedMessage[] = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0
        ? { id: `u${i}`, role: 'user', text: `Question ${i}` }
        : { id: `a${i}`, role: 'assistant', text: `Answer **${i}**.`, marker, sequence: 1, events: [] },
    );
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    el.messages = messages;
    await el.updateComplete;
    const rendered = () => shadow(el).querySelectorAll('[part~="message"]').length;
    expect(rendered()).to.be.at.most(30);
    const all = shadow(el).querySelectorAll('[part~="message"]');
    expect(all[all.length - 1]?.textContent).to.contain('999');
    await waitUntil(() => rendered() === 1000, 'the rest never rendered', { timeout: 20_000 });
  });
});

describe('<mantis-chat> the Composer', () => {
  it('renders the legacy todo list from trusted events, and a trusted task event completes its item', async () => {
    const el = await openChat({ scenario: 'tools', delay: '0' });
    await reply(el, 'plan');
    await waitUntil(() => shadow(el).querySelector('[part="todo"] .todo-completed:last-child'), 'task 7 never completed', { timeout: 5000 });
    const items = [...shadow(el).querySelectorAll('[part="todo"] li')].map((li) => li.className.replace('todo-item ', ''));
    expect(items).to.deep.equal(['todo-completed', 'todo-completed']);
  });

  it('does not lose a task event sent while the connection was down', async () => {
    const params = { scenario: 'tools', delay: '0', chunk: '50' };
    const clean = await reply(await openChat(params), 'plan');
    // Drop the connection right after message_end: the task event that follows it must arrive after the reconnect.
    const el = await openChat({ ...params, fault: `drops:${clean.sequence + 1}` });
    await reply(el, 'plan');
    await waitUntil(() => shadow(el).querySelector('[part="todo"] .todo-completed:last-child'), 'the task event was lost', { timeout: 5000 });
  });

  it('announces a reply politely once, not token by token', async () => {
    const el = await openChat({ delay: '0' });
    const region = shadow(el).querySelector('[aria-live="polite"]') as HTMLElement;
    expect(shadow(el).querySelector('[role="log"]')?.getAttribute('aria-live')).to.equal('off');
    await reply(el, 'hello');
    expect(region.textContent).to.match(/^Assistant replied: You asked: /);
    expect(region.textContent).not.to.contain('mantis-ui');
  });

  it('copies the copy projection and asks for follow-ups with the follow-up projection', async () => {
    const el = await openChat({ inline_ui_version: '1', delay: '0' });
    const request = oneEvent(el, 'mantis-suggestions-request');
    await reply(el, 'hello');
    const { detail: asked } = await request;
    expect(asked.prompt).to.contain('strongest cluster');
    expect(asked.prompt).not.to.contain('mantis-ui');
    el.addEventListener('mantis-copy', (event) => event.preventDefault(), { once: true });
    const copy = oneEvent(el, 'mantis-copy');
    (shadow(el).querySelector('[part="copy-button"]') as HTMLButtonElement).click();
    const { detail } = await copy;
    expect(detail.text).to.equal(asked.prompt);

    el.suggestions = ['Compare the clusters'];
    await el.updateComplete;
    const next = oneEvent(el, 'mantis-message-complete');
    (shadow(el).querySelector('[part="suggestion"]') as HTMLButtonElement).click();
    await next;
    expect(el.conversation.filter((m) => m.role === 'user').map((m) => m.text)).to.deep.equal(['hello', 'Compare the clusters']);
  });

  it('stops a streaming reply with the stop button', async () => {
    const el = await openChat({ delay: '20' });
    const complete = oneEvent(el, 'mantis-message-complete');
    el.send('long answer');
    await waitUntil(() => !(shadow(el).querySelector('[part="stop-button"]') as HTMLButtonElement).hidden, 'no stop button', { timeout: 5000 });
    (shadow(el).querySelector('[part="stop-button"]') as HTMLButtonElement).click();
    const { detail } = await complete;
    expect(detail.message.text).not.to.contain('neighboring cluster');
  });

  it('selects the mode from its selector, reflected to the attribute', async () => {
    const el = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    const select = shadow(el).querySelector('[part="mode-select"]') as HTMLSelectElement;
    select.focus();
    select.value = 'ask';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.getAttribute('mode')).to.equal('ask');
  });

  it('keeps focus in the input after sending with Enter', async () => {
    const el = await openChat({ delay: '0' });
    const input = shadow(el).querySelector('textarea') as HTMLTextAreaElement;
    input.focus();
    await sendKeys({ type: 'hello' });
    await sendKeys({ press: 'Enter' });
    expect(shadow(el).activeElement).to.equal(input);
    expect(input.value).to.equal('');
  });

  it('follows the stream at the bottom unless the user scrolled up', async function () {
    this.timeout(30_000);
    const el = await openChat({ delay: '0' });
    el.style.setProperty('--mantis-chat-height', '16rem');
    for (let i = 0; i < 3; i++) await reply(el, `message ${i}`);
    const transcript = shadow(el).querySelector('[part="transcript"]') as HTMLElement;
    expect(transcript.scrollHeight - transcript.scrollTop - transcript.clientHeight).to.be.below(2);

    // Scrolled up while a reply streams: the view stays where the user put it.
    el.remove();
    const slow = await openChat({ delay: '15', chunk: '20' });
    slow.style.setProperty('--mantis-chat-height', '16rem');
    for (let i = 0; i < 2; i++) await reply(slow, `message ${i}`);
    const complete = oneEvent(slow, 'mantis-message-complete');
    slow.send('and another');
    const log = shadow(slow).querySelector('[part="transcript"]') as HTMLElement;
    await waitUntil(() => shadow(slow).querySelectorAll('[part~="message-assistant"]').length === 3, 'no third reply', { timeout: 5000 });
    log.scrollTop = 0;
    log.dispatchEvent(new Event('scroll'));
    await complete;
    await slow.updateComplete;
    expect(log.scrollTop).to.equal(0);
  });

  it('keeps following when the reply grows before the chat’s own scroll to the bottom is reported', async () => {
    const transport = new InPageTransport();
    const el = await fixture<MantisChat>(html`<mantis-chat style="--mantis-chat-height: 16rem" .connection=${transport}></mantis-chat>`);
    const log = shadow(el).querySelector('[part="transcript"]') as HTMLElement;
    const gap = () => log.scrollHeight - log.scrollTop - log.clientHeight;
    let sequence = 0;
    const delta = (text: string) => transport.deliver({ type: 'text_delta', message_id: 'a1', sequence: ++sequence, delta: text });
    transport.deliver({ type: 'message_start', message_id: 'a1', sequence, marker: { inline_ui_version: 1, mode: 'orchestrator' } });
    delta(Array.from({ length: 12 }, (_, i) => `Paragraph ${i} of a long reply.\n\n`).join(''));
    await el.updateComplete;
    // In a task of its own, between two frames, as a busy page runs a commit, a view or an image that decodes.
    await new Promise((resolve) => setTimeout(resolve));
    // The content grows (here the host's larger font), the chat scrolls itself to the new bottom, and the content
    // grows again before the next frame reports that scroll.
    el.style.setProperty('--mantis-font-size', '1.5rem');
    await el.updateComplete;
    expect(gap()).to.be.below(2);
    const reported = oneEvent(log, 'scroll');
    el.style.setProperty('--mantis-font-size', '2rem');
    await reported;
    // Its own scroll, reported late against the taller content, is not the user scrolling up: the chat still follows.
    delta('One more paragraph.\n\n');
    await el.updateComplete;
    expect(gap()).to.be.below(2);
  });
});

describe('<mantis-chat> in framework hosts', () => {
  it('keeps properties a host set before the element was defined', async () => {
    // A tag not defined yet, as when Angular or Svelte sets properties before the bundle has loaded.
    const tag = `mantis-chat-late-${Math.floor(Math.random() * 1e9)}`;
    const el = document.createElement(tag) as MantisChat;
    el.messages = history([toolEvent(1, 'completed', 'c1')]);
    el.mode = 'ask';
    el.suggestions = ['Next?'];
    document.body.append(el);
    customElements.define(tag, class extends MantisChat {});
    await el.updateComplete;
    expect(el.getAttribute('mode')).to.equal('ask');
    expect(shadow(el).querySelectorAll('[part~="message"]')).to.have.length(2);
    expect(shadow(el).querySelector('[part="suggestion"]')?.textContent).to.equal('Next?');
    el.remove();
  });
});
