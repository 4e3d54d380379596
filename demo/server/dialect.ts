import type { StreamItem } from './sessions.js';

/*
 * `dialect=future`: the reference server speaks as a backend of a later protocol version would (docs/reference-server.md):
 * every frame carries fields this client does not know (a timestamp, a trace ID, usage, the model's name on
 * `message_start`, a variant on the marker, a duration on tool events, a trace ID on envelope wrappers); the tools
 * prelude adds a tool state and a todo status the protocol does not list (`queued`, `cancelled`); and a reply ends
 * with an event of a type the protocol does not have yet (`usage`). A client that is lenient at the wire shows the
 * whole reply; one that is strict drops it.
 */

let traced = 0;

/** An event as a later backend sends it: the same event, with fields this client does not know. */
export function dressed(event: StreamItem): StreamItem {
  const extra = { timestamp: new Date().toISOString(), server_time: Date.now(), trace_id: `trace-${(traced++).toString(36)}` };
  if (event.type === 'ui_envelope') return { ...event, payload: { ...event.payload, ...extra } } as StreamItem;
  if (event.type === 'message_start') {
    return { ...event, ...extra, model: 'demo-model-2', usage: { input_tokens: 12 }, marker: { ...(event.marker ?? {}), variant: 'b' } } as StreamItem;
  }
  if (event.type === 'tool') return { ...event, ...extra, duration_ms: 42 } as StreamItem;
  return { ...event, ...extra } as StreamItem;
}

/** The usage report a later backend sends at the end of a reply: an event type this protocol does not have. */
export const usageEvent = { type: 'usage', input_tokens: 12, output_tokens: 345 } as const;
