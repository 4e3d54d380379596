// Our answer to an AI SDK tool approval against the SDK's own client: `AbstractChat` (what `useChat` is built on) with
// `addToolApprovalResponse` and `sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses`, talking
// to the same reference endpoint (demo/server/ai-sdk.ts, written with the real `ai`). Both must post the same request
// for the same conversation: a server written for `useChat` then serves `<mantis-chat transport="ai-sdk">` too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AbstractChat, DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import type { AssistantMessage } from '../../src/index.js';
import { AI_SDK_PATH } from '../../demo/server/ai-sdk.js';
import { useAgentServer } from './agent.js';
import { ArrayState } from './sdk-chat-state.js';
import { reply, turnSession } from './turn-session.js';

const agent = useAgentServer();

class SdkChat extends AbstractChat<UIMessage> {
  readonly #finished: (() => void)[] = [];

  constructor(api: string, posted: Record<string, unknown>[]) {
    const finished: (() => void)[] = [];
    super({
      onFinish: () => finished.shift()?.(),
      state: new ArrayState(),
      transport: new DefaultChatTransport({
        api,
        fetch: async (url, init) => {
          posted.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return fetch(url, init);
        },
      }),
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    });
    this.#finished = finished;
  }

  /** Resolves when the next reply has finished (the SDK's `onFinish`). */
  nextFinish(): Promise<void> {
    return new Promise((resolve) => this.#finished.push(resolve));
  }
}

/**
 * A tool part as a `dynamic-tool`: the SDK's client keeps a call of a tool its stream did not mark dynamic as
 * `tool-<name>`; the chat, which knows no tool schemas, keeps every call as `dynamic-tool` with its name, a form the
 * SDK itself normalizes static calls to and its `validateUIMessages` takes.
 */
function asDynamic(part: UIMessage['parts'][number]): unknown {
  if (!part.type.startsWith('tool-')) return part;
  const { type, ...rest } = part as { type: string };
  return { type: 'dynamic-tool', toolName: type.slice('tool-'.length), ...rest };
}

/** A posted body with the IDs each client makes for itself set aside. */
function shape(body: Record<string, unknown>): unknown {
  const messages = body['messages'] as UIMessage[];
  return {
    keys: Object.keys(body).sort(),
    trigger: body['trigger'],
    messages: messages.map((m) => ({ role: m.role, parts: m.parts.filter((p) => p.type !== 'step-start').map((p) => (p.type === 'text' ? { type: p.type, text: p.text } : asDynamic(p))) })),
  };
}

describe('an AI SDK tool approval, answered by us and by the SDK’s own client', () => {
  test('posts the same request: the conversation with the answered approval (its signature whole), for the same message', async () => {
    const url = `${agent.server.origin}${AI_SDK_PATH}`;
    const posted: Record<string, unknown>[] = [];
    const sdk = new SdkChat(url, posted);
    const first = sdk.nextFinish();
    await sdk.sendMessage({ text: 'approve the deletion' });
    await first;
    const asked = sdk.messages.at(-1)?.parts.find((p) => p.type === 'dynamic-tool' || p.type.startsWith('tool-')) as { approval?: { id: string } } | undefined;
    assert.ok(asked?.approval, 'the SDK saw the request');
    const second = sdk.nextFinish();
    await sdk.addToolApprovalResponse({ id: asked.approval.id, approved: true });
    await second;
    assert.equal(posted.length, 2);

    const { session: chat } = turnSession('ai-sdk', url);
    const message = await reply(chat, 'approve the deletion');
    const tool = message.parts.find((p) => p.type === 'dynamic-tool');
    assert.equal(tool?.type === 'dynamic-tool' && tool.state, 'approval-requested');
    const before = agent.server.aiSdkRequests.length;
    const continued = new Promise<AssistantMessage>((resolve) => chat.subscribe((e) => e.type === 'message-complete' && resolve(e.message)));
    assert.equal(await chat.answer(message.id, { kind: 'approval', toolCallId: tool?.type === 'dynamic-tool' ? tool.toolCallId : '', approved: true }), true);
    const done = await continued;
    const ours = agent.server.aiSdkRequests.at(before)?.body as Record<string, unknown>;

    assert.deepEqual(shape(ours), shape(posted[1] as Record<string, unknown>));
    assert.equal(ours['messageId'], message.id);
    assert.equal((posted[1] as Record<string, unknown>)['messageId'], sdk.messages.at(-1)?.id);
    // The continuation is drawn as the SDK's client draws it: in the same message.
    assert.equal(done.id, message.id);
    // The same paragraphs (ours are one Markdown text, the SDK's are parts).
    const paragraphs = (parts: readonly { type: string; text?: string }[]) => parts.flatMap((p) => (p.type === 'text' ? (p.text ?? '').split(/\n{2,}/).map((t) => t.trim()).filter(Boolean) : []));
    assert.deepEqual(paragraphs(done.parts), paragraphs(sdk.messages.at(-1)?.parts ?? []));
    chat.disconnect();
  });
});
