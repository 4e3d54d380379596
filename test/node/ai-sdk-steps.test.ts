// The AI SDK's `reset-step` (#30 item 1): a step's text and parts go, as the SDK's own client removes them. The chunks
// come from the real `ai` package (`createUIMessageStream`), and the SDK's `readUIMessageStream` says what its client
// makes of them; a ChatSession must show the same text and tools.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createUIMessageStream, readUIMessageStream, type UIMessage, type UIMessageChunk, type UIMessageStreamWriter } from 'ai';
import { ChatSession, type AssistantMessage } from '../../src/index.js';
import { ChunkReader } from '../../src/protocols/ai-sdk/index.js';
import { ReplyWriter } from '../../src/protocols/reply.js';
import { restore } from '../helpers/restore.js';

/** The chunks a script writes, as the real SDK streams them. */
async function chunksOf(script: (writer: UIMessageStreamWriter) => void): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of createUIMessageStream({ execute: ({ writer }) => script(writer) }) as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
  return chunks;
}

/** What the SDK's client makes of the chunks: its last message. */
async function sdkMessage(chunks: readonly UIMessageChunk[]): Promise<UIMessage> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  assert.ok(last);
  return last;
}

/** What a session makes of the same chunks, read by our reader. */
function read(chunks: readonly UIMessageChunk[]): { readonly session: ChatSession; readonly message: AssistantMessage } {
  const session = new ChatSession();
  session.thread.addUserMessage('go', 'u1');
  const reader = new ChunkReader(new ReplyWriter((event) => session.receive(event), 'u1', () => 'a1'));
  for (const chunk of chunks) reader.read(JSON.parse(JSON.stringify(chunk)));
  const message = session.messages.at(-1);
  assert.equal(message?.role, 'assistant');
  return { session, message: message as AssistantMessage };
}

const text = (writer: UIMessageStreamWriter, id: string, value: string): void => {
  writer.write({ type: 'text-start', id });
  writer.write({ type: 'text-delta', id, delta: value });
  writer.write({ type: 'text-end', id });
};

describe('the AI SDK’s reset-step', () => {
  test('removes the step’s text and tool calls, as the SDK’s client does; what came before the step stays', async () => {
    const chunks = await chunksOf((writer) => {
      writer.write({ type: 'start' });
      writer.write({ type: 'start-step' });
      text(writer, 't1', 'Looking it up.');
      writer.write({ type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { q: 'north' } });
      writer.write({ type: 'finish-step' });
      writer.write({ type: 'start-step' });
      text(writer, 't2', 'A first try that the provider retries.');
      writer.write({ type: 'tool-input-available', toolCallId: 'c2', toolName: 'search', input: { q: 'again' } });
      writer.write({ type: 'reset-step' });
      writer.write({ type: 'start-step' });
      text(writer, 't3', 'The answer.');
      writer.write({ type: 'finish-step' });
      writer.write({ type: 'finish' });
    });
    const sdk = await sdkMessage(chunks);
    const { session, message: ours } = read(chunks);
    const sdkText = sdk.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n\n');
    assert.equal(ours.text, sdkText);
    assert.equal(ours.text, 'Looking it up.\n\nThe answer.');
    const tools = (parts: readonly { type: string; toolCallId?: string }[]) => parts.flatMap((p) => (p.type === 'dynamic-tool' || p.type.startsWith('tool-') ? [p.toolCallId] : []));
    assert.deepEqual(tools(ours.parts), tools(sdk.parts));
    assert.deepEqual(tools(ours.parts), ['c1']);
    assert.equal(ours.status, 'done');
    // The history holds what is shown: the reset step is gone from it too.
    const replayed = await restore({ messages: session.persisted });
    assert.deepEqual((replayed.messages.at(-1) as AssistantMessage).parts, ours.parts);
  });
});
