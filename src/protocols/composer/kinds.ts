import { SseTransport } from './sse.js';
import type { Transport } from './transport.js';
import { composerUrl } from './url.js';
import { WebSocketTransport } from './websocket.js';

/* The Composer's kinds of connection from a URL: what `<mantis-chat transport="ws|sse">` names. */

export interface TransportFactoryOptions {
  /** Resolves a relative URL (the page's base URL in a browser). */
  readonly relativeTo?: string;
  /** Whether the connection may advertise inline UI; the session tells the transport again when it changes. */
  readonly generativeUi: boolean;
  /** What the protocols a client may load advertise beside it, by URL parameter (A2UI's `a2ui_catalog`). */
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  /** Headers of every request (SSE only: a browser's WebSocket sends none), read per request. */
  readonly headers?: () => Record<string, string>;
}

export const TRANSPORT_KINDS = {
  /** The Composer protocol over a WebSocket. */
  ws: (url: string, options: TransportFactoryOptions): Transport =>
    new WebSocketTransport(composerUrl(url, options, options.relativeTo, 'ws')),
  /** The Composer protocol over Server-Sent Events, with POSTed client frames. */
  sse: (url: string, options: TransportFactoryOptions): Transport =>
    new SseTransport(composerUrl(url, options, options.relativeTo, 'http'), options.headers ? { headers: options.headers } : {}),
} as const satisfies Record<string, (url: string, options: TransportFactoryOptions) => Transport>;

export type TransportKind = keyof typeof TRANSPORT_KINDS;

export function isTransportKind(value: unknown): value is TransportKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TRANSPORT_KINDS, value);
}

/** Opens no connection yet: builds the transport of a kind for a URL. Throws on a URL that cannot be parsed. */
export function createTransport(kind: TransportKind, url: string, options: TransportFactoryOptions): Transport {
  return TRANSPORT_KINDS[kind](url, options);
}
