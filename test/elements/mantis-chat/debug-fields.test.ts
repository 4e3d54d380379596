import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import type { PersistedMessage } from '../../../src/index.js';

/*
 * 001 keeps `tool_call` and `artifacts` on assistant messages as deprecated compatibility and debug surfaces: a chat
 * shows them only as such, collapsed JSON text, never as UI.
 */

describe('<mantis-chat> deprecated tool_call and artifacts', () => {
  it('shows them collapsed as JSON text under their message, never as markup, and keeps them in the history', async () => {
    const messages = [
      { id: 'u1', role: 'user', text: 'Show me the history' },
      {
        id: 'a1',
        role: 'assistant',
        text: 'Here it is.',
        marker: { inlineUiVersion: 1, mode: 'orchestrator' },
        sequence: 2,
        events: [],
        inReplyTo: 'u1',
        tool_call: { name: 'view_history', arguments: { start_time: '2024-03-09T00:00:00Z' } },
        artifacts: [{ id: 'x', html: '<img src=x onerror="window.__pwned = true">' }],
      },
    ] as unknown as PersistedMessage[];
    const chat = await fixture<MantisChat>(html`<mantis-chat .messages=${messages}></mantis-chat>`);
    // Drawn by a module loaded when a message has them (elements/mantis-chat/debug-view.ts).
    await waitUntil(() => chat.shadowRoot?.querySelector('details[part="debug"]'), 'the deprecated fields are drawn');
    const debug = [...(chat.shadowRoot?.querySelectorAll('[part~="message-assistant"] details[part="debug"]') ?? [])];
    expect(debug.map((d) => d.querySelector('summary')?.textContent?.trim())).to.deep.equal(['Debug: tool_call (deprecated)', 'Debug: artifacts (deprecated)']);
    expect(debug.every((d) => !(d as HTMLDetailsElement).open)).to.equal(true);
    const pre = debug[1]?.querySelector('pre');
    expect(pre?.textContent).to.include('<img src=x onerror');
    expect(pre?.children.length).to.equal(0);
    expect(chat.shadowRoot?.querySelector('img')).to.equal(null);
    expect((window as { __pwned?: boolean }).__pwned).to.equal(undefined);
    const stored = chat.messages[1] as unknown as Record<string, unknown>;
    expect(stored.tool_call).to.deep.equal(messages[1] && (messages[1] as unknown as Record<string, unknown>).tool_call);
    await expect(chat).to.be.accessible();
  });
});
