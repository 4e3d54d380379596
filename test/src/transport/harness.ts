import { type ReconnectOptions, type ServerEvent, type SseTransportOptions, type TransportEvent, type WebSocketTransportOptions } from '../../../src/index.js';
import { SseTransport, WebSocketTransport, type ReconnectingTransport } from '../../../src/protocols/composer/transports.js';
import { composerSocketUrl, composerSseUrl } from '../../helpers/agent.js';

/** Shared pieces of the transport tests: every transport here talks to the real reference server. */
export type Kind = 'ws' | 'sse';
export const KINDS = ['ws', 'sse'] as const;
export const NAME: Record<Kind, string> = { ws: 'WebSocketTransport', sse: 'SseTransport' };

/** The Fetch the SSE transport takes. */
export type Fetch = NonNullable<SseTransportOptions['fetch']>;
/** A message event: one that carries `message_id` and `sequence`. */
export type MessageEvent = Extract<ServerEvent, { sequence: number }>;

/** The Composer URL of a transport kind, with server parameters and `fault`s (appended, several allowed). */
export function composerUrl(kind: Kind, params: Record<string, string> = {}, faults: string[] = []): string {
  const url = new URL(kind === 'ws' ? composerSocketUrl(params) : composerSseUrl(params));
  for (const fault of faults) url.searchParams.append('fault', fault);
  return url.href;
}

export function makeTransport(
  kind: Kind,
  url: string,
  options: ReconnectOptions & Pick<WebSocketTransportOptions, 'socketFactory'> & Pick<SseTransportOptions, 'fetch'> = {},
): ReconnectingTransport {
  const { socketFactory, fetch, ...rest } = options;
  return kind === 'ws' ? new WebSocketTransport(url, { ...rest, socketFactory }) : new SseTransport(url, { ...rest, fetch });
}

/** Every event of a transport, from now on. */
export function record(t: ReconnectingTransport): TransportEvent[] {
  const events: TransportEvent[] = [];
  t.subscribe((event) => events.push(event));
  return events;
}

/** Resolves with the first event that satisfies `test` (from now on). */
export function nextEvent<E extends TransportEvent>(t: ReconnectingTransport, test: (event: TransportEvent) => event is E): Promise<E>;
export function nextEvent(t: ReconnectingTransport, test: (event: TransportEvent) => boolean): Promise<TransportEvent>;
export function nextEvent(t: ReconnectingTransport, test: (event: TransportEvent) => boolean): Promise<TransportEvent> {
  return new Promise((resolve) => {
    const stop = t.subscribe((event) => {
      if (!test(event)) return;
      stop();
      resolve(event);
    });
  });
}

export const serverEvents = (events: readonly TransportEvent[]): ServerEvent[] =>
  events.flatMap((e) => (e.type === 'server' ? [e.event] : []));

/** The message_start that answers a user message, once it arrived. */
export const replyTo = (events: readonly TransportEvent[], clientMessageId: string): Extract<ServerEvent, { type: 'message_start' }>[] =>
  serverEvents(events).filter((e): e is Extract<ServerEvent, { type: 'message_start' }> => e.type === 'message_start' && e.in_reply_to === clientMessageId);

/** Resolves when the reply to a user message has ended; with its message_start. */
export async function replied(t: ReconnectingTransport, clientMessageId: string): Promise<Extract<ServerEvent, { type: 'message_start' }>> {
  let messageId: string | undefined;
  let start: Extract<ServerEvent, { type: 'message_start' }> | undefined;
  await nextEvent(t, (event) => {
    if (event.type !== 'server') return false;
    const e = event.event;
    if (e.type === 'message_start' && e.in_reply_to === clientMessageId) {
      messageId = e.message_id;
      start = e;
    }
    return e.type === 'message_end' && e.message_id === messageId;
  });
  return start as Extract<ServerEvent, { type: 'message_start' }>;
}

let counter = 0;
/** A user message frame with a fresh client_message_id. */
export function userMessage(text = 'hello'): { type: 'user_message'; client_message_id: string; text: string; mode: 'orchestrator' } {
  counter += 1;
  return { type: 'user_message', client_message_id: `user-${Date.now().toString(36)}-${counter}`, text, mode: 'orchestrator' };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The type of a client frame POSTed as JSON. */
export const frameType = (body: string | undefined): string => (JSON.parse(body ?? '{}') as { type?: string }).type ?? '?';
