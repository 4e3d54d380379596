// Lenient at the wire, strict on content (docs/protocol.md "What the wire forgives"): a backend of a later protocol
// version (the reference server's `dialect=future`) adds fields to every frame, a tool state and a todo status the
// protocol does not list, and an event type it does not have. Over WebSocket and SSE the chat shows the whole reply
// (text, tool, todo list, view), notes the unknown event type once, and reports no error.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../../elements/mantis-chat/mantis-chat.js';
import type { MantisChat } from '../../../elements/mantis-chat/mantis-chat.js';
import type { ProtocolNoticeDetail } from '../../../elements/events.js';
import type { ProtocolRecord, ToolPart, TodoPart } from '../../../src/index.js';
import { composerSocketUrl, composerSseUrl } from '../../helpers/agent.js';
import { historyOf, reply } from '../../helpers/chat-replies.js';

const shadow = (el: MantisChat) => el.shadowRoot as ShadowRoot;
const connected = (el: MantisChat) => shadow(el).querySelector('[part="status"] [role="status"]')?.textContent === 'Connected';

async function openChat(sse: boolean): Promise<{ chat: MantisChat; notices: ProtocolNoticeDetail[]; errors: string[] }> {
  const params = { dialect: 'future', scenario: 'tools', delay: '0' };
  const url = sse ? composerSseUrl(params) : composerSocketUrl(params);
  const el = document.createElement('mantis-chat') as MantisChat;
  if (sse) el.setAttribute('transport', 'sse');
  el.setAttribute('url', url);
  const notices: ProtocolNoticeDetail[] = [];
  const errors: string[] = [];
  el.addEventListener('mantis-protocol-notice', (event) => notices.push(event.detail));
  el.addEventListener('mantis-protocol-error', (event) => errors.push(event.detail.reason));
  const chat = await fixture<MantisChat>(el);
  await waitUntil(() => connected(chat), 'never connected', { timeout: 5000 });
  return { chat, notices, errors };
}

for (const sse of [false, true]) {
  describe(`<mantis-chat> and a backend of a later protocol version, over ${sse ? 'SSE' : 'WebSocket'}`, function () {
    this.timeout(20000);

    it('streams the whole reply: text, the tool, the todo list with an unlisted status, and the view; the unknown event type is a notice', async () => {
      const { chat, notices, errors } = await openChat(sse);
      const history = historyOf(chat);
      const message = await reply(chat, 'Show me the densest cluster');
      expect(message.status).to.equal('done');
      const types = message.parts.map((p) => p.type);
      expect(types).to.include.members(['reasoning', 'text', 'dynamic-tool', 'data-mantis-todo', 'data-mantis-ui']);
      const tool = message.parts.find((p): p is ToolPart => p.type === 'dynamic-tool');
      expect([tool?.state, tool?.unlistedState]).to.deep.equal(['output-available', undefined]);
      // The todo list, its task's progress (a task event after the reply's end) applied too.
      const statuses = () => {
        const last = chat.session.thread.assistant(message.id);
        return last?.parts.find((p): p is TodoPart => p.type === 'data-mantis-todo')?.data.todos.map((t) => t.status).join();
      };
      await waitUntil(() => statuses() === 'completed,completed,cancelled', `the todo list is ${statuses()}`);
      // Drawn by a module loaded with the first todo list (elements/mantis-chat/todo-view.ts).
      await waitUntil(() => shadow(chat).querySelector('[part="todo"] li'), 'the todo list is drawn');
      // The unlisted status shows neutrally, under its own name.
      const item = [...shadow(chat).querySelectorAll('[part="todo"] li')].at(-1);
      expect(item?.classList.contains('todo-unlisted')).to.equal(true);
      expect(item?.textContent).to.match(/Ask the archive\s*\(cancelled\)/);
      // The view of the reply, validated as strictly as ever.
      expect(shadow(chat).querySelector('mantis-ui-view')).to.not.equal(null);
      // Fields it does not know were left behind: never carried into parts or storage.
      const stored = JSON.stringify(history.at(-1));
      for (const field of ['trace_id', 'server_time', 'duration_ms', 'demo-model-2', 'variant']) expect(stored, field).to.not.include(field);
      expect(errors).to.deep.equal([]);
      expect(notices.map((n) => n.key)).to.deep.equal(['event:usage']);
      // A second reply with the same unknown event type is not noted again.
      await reply(chat, 'Show me the densest cluster again');
      expect(notices).to.have.length(1);
    });

    it('shows a tool state it does not know neutrally, under its own name, while the call waits in it', async () => {
      const { chat } = await openChat(sse);
      const seen: Array<string | undefined> = [];
      chat.addEventListener('mantis-history-change', () => undefined);
      const off = chat.session.subscribe((event) => {
        if (event.type !== 'messages') return;
        const last = chat.session.messages.at(-1);
        const tool = last?.role === 'assistant' ? last.parts.find((p): p is ToolPart => p.type === 'dynamic-tool') : undefined;
        if (tool) seen.push(tool.unlistedState ?? tool.state);
      });
      await reply(chat, 'Show me the densest cluster');
      off();
      expect([...new Set(seen)]).to.deep.equal(['queued', 'input-available', 'output-available']);
    });
  });
}

describe('<mantis-chat> and an unlisted tool state in the transcript', () => {
  it('draws it with its raw name and a neutral symbol, never as another state', async () => {
    const chat = await fixture<MantisChat>(html`<mantis-chat></mantis-chat>`);
    chat.messages = [
      { id: 'u', role: 'user', text: 'Search' },
      {
        id: 'a',
        role: 'assistant',
        text: 'Searching.',
        marker: { inlineUiVersion: 1, mode: 'orchestrator' },
        sequence: 2,
        events: [{ at: 0, receivedAt: 1, event: { type: 'tool', message_id: 'a', sequence: 1, tool_call_id: 'c', tool_name: 'search_map', state: 'waiting_for_quota' } as ProtocolRecord }],
      },
    ];
    await chat.updateComplete;
    const tool = shadow(chat).querySelector('[part~="tool"]');
    expect(tool?.getAttribute('part')).to.equal('tool tool-unlisted');
    expect(tool?.getAttribute('aria-label')).to.equal('Tool search_map: waiting for quota');
    expect(tool?.querySelector('.tool-state')?.textContent).to.equal('waiting for quota');
    await expect(chat).to.be.accessible();
  });
});
