import type { WebSocket } from 'ws';
import {
  ClientFrame,
  INLINE_UI_CAPABILITY,
  parseFrame,
  type ProtocolMarker,
  type ServerEvent,
} from '../../src/index.js';
import { scriptedReply, toDeltas } from './scenarios.js';

/** Options read from the Composer WebSocket URL. */
export interface ComposerSession {
  /** True only for the exact capability `inline_ui_version=1`. */
  readonly inlineUi: boolean;
  /** Milliseconds between streamed deltas. */
  readonly delayMs: number;
  /** Largest delta, in characters (deltas vary from 1 to this). */
  readonly chunk: number;
  /** The scripted scenario: `summary` (default) or `echo`, which replies with the user's text verbatim. */
  readonly scenario: 'summary' | 'echo';
}

export function readSession(url: URL): ComposerSession {
  const delay = Number(url.searchParams.get('delay') ?? '12');
  const chunk = Number(url.searchParams.get('chunk') ?? '7');
  return {
    inlineUi: url.searchParams.getAll(INLINE_UI_CAPABILITY.param).includes(INLINE_UI_CAPABILITY.value),
    delayMs: Number.isFinite(delay) && delay >= 0 ? Math.min(delay, 1000) : 12,
    chunk: Number.isInteger(chunk) && chunk >= 1 ? Math.min(chunk, 64 * 1024) : 7,
    scenario: url.searchParams.get('scenario') === 'echo' ? 'echo' : 'summary',
  };
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Runs the Composer protocol on one socket: every user message gets one scripted, streamed reply. */
export function handleComposerSocket(socket: WebSocket, session: ComposerSession): void {
  let replies = 0;
  const send = (event: ServerEvent): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };

  socket.on('message', (data, isBinary) => {
    const frame = isBinary ? null : parseFrame(ClientFrame, String(data));
    if (!frame?.ok) {
      send({ type: 'error', code: 'bad_frame', message: frame ? frame.reason : 'binary frames are not accepted' });
      return;
    }
    const { text, mode } = frame.value;
    // The server alone decides the marker: UI only for the exact capability, and only in orchestrator or ask.
    const marker: ProtocolMarker = { inlineUiVersion: session.inlineUi ? 1 : null, mode };
    const messageId = `assistant-${Date.now().toString(36)}-${replies++}`;
    // `echo` plays a model that repeats the user's text: how tests push attack inputs through the real reply path.
    void stream(messageId, marker, session.scenario === 'echo' ? text : scriptedReply(marker, text));
  });

  async function stream(messageId: string, marker: ProtocolMarker, reply: string): Promise<void> {
    let sequence = 0;
    send({
      type: 'message_start',
      message_id: messageId,
      sequence: sequence++,
      marker: { inline_ui_version: marker.inlineUiVersion, mode: marker.mode },
    });
    for (const delta of toDeltas(reply, session.chunk)) {
      if (session.delayMs > 0) await sleep(session.delayMs);
      send({ type: 'text_delta', message_id: messageId, sequence: sequence++, delta });
    }
    send({ type: 'message_end', message_id: messageId, sequence: sequence++ });
  }
}
