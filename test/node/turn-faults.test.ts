// The fault switches of the one-POST-per-turn endpoints (#30 item 7; demo/server/turn-faults.ts), against the chat's
// AI SDK and AG-UI connections through a ChatSession: a stream cut short, a value that is not JSON, a refused request,
// a socket destroyed mid-event and a stall past the reply timeout each end as the client promises, never a reply that
// waits for nothing.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createChatSession, type AssistantMessage, type ChatSession, type SessionEvent } from '../../src/index.js';
import { AI_SDK_PATH } from '../../demo/server/ai-sdk.js';
import { AG_UI_PATH } from '../../demo/server/ag-ui.js';
import { useAgentServer } from './agent.js';

const agent = useAgentServer();
let sessions = 0;

function faulty(kind: 'ai-sdk' | 'ag-ui', faults: readonly string[], options: { replyTimeout?: number } = {}): { chat: ChatSession; events: SessionEvent[] } {
  const url = new URL(`${agent.server.origin}${kind === 'ai-sdk' ? AI_SDK_PATH : AG_UI_PATH}`);
  url.searchParams.set('session_id', `faults-${Date.now()}-${++sessions}`);
  for (const fault of faults) url.searchParams.append('fault', fault);
  const chat = createChatSession({ connection: { kind, url: url.href } }, options);
  const events: SessionEvent[] = [];
  chat.subscribe((event) => events.push(event));
  chat.connect();
  return { chat, events };
}

/** Sends `text`; resolves with how the reply ended. */
function ended(chat: ChatSession, text: string): Promise<{ message: AssistantMessage; reason?: string }> {
  return new Promise((resolve) => {
    const off = chat.subscribe((event) => {
      if (event.type === 'message-complete') resolve({ message: event.message });
      else if (event.type === 'message-interrupted') resolve({ message: event.message, reason: event.reason });
      else return;
      off();
    });
    chat.send(text);
  });
}

for (const kind of ['ai-sdk', 'ag-ui'] as const) {
  describe(`the ${kind} endpoint's fault switches`, { timeout: 30_000 }, () => {
    test('drop:N ends the stream before its end: the reply ends as interrupted, with what came', async () => {
      const { chat } = faulty(kind, ['drop:4']);
      const { message, reason } = await ended(chat, 'show the view');
      assert.equal(message.status, 'interrupted');
      assert.equal(reason, 'server-error');
      chat.disconnect();
    });

    test('malformed:N: a value that is not JSON is skipped and said; the reply goes on to its end', async () => {
      const { chat, events } = faulty(kind, ['malformed:3']);
      const { message } = await ended(chat, 'show the view');
      assert.equal(message.status, 'done');
      assert.match(message.text, /One site has an alert\./);
      assert.equal(events.filter((e) => e.type === 'protocol-error' && /not JSON/.test(e.reason)).length, 1);
      chat.disconnect();
    });

    test('refuse:1: the first request is refused and its turn ends as interrupted; the next one is answered', async () => {
      const { chat } = faulty(kind, ['refuse:1']);
      assert.equal((await ended(chat, 'show the view')).message.status, 'interrupted');
      assert.equal((await ended(chat, 'show the view')).message.status, 'done');
      chat.disconnect();
    });

    test('cut:MIN:MAX: the socket destroyed in the middle of an event ends the reply as interrupted', async () => {
      const { chat } = faulty(kind, ['cut:200:400:seed']);
      const { message } = await ended(chat, 'show the view');
      assert.equal(message.status, 'interrupted');
      chat.disconnect();
    });

    test('stall:N:MS past the reply timeout: the reply ends as interrupted by the silence', async () => {
      const { chat } = faulty(kind, ['stall:2:5000'], { replyTimeout: 300 });
      const { message, reason } = await ended(chat, 'show the view');
      assert.equal(message.status, 'interrupted');
      assert.equal(reason, 'timeout');
      chat.disconnect();
    });
  });
}
