import { sseFromUrl } from './sse.js';
import type { Transport } from './transport.js';
import type { TransportFactoryOptions } from './url.js';
import { websocketFromUrl } from './websocket.js';

export type { TransportFactoryOptions };

/* The Composer's kinds of connection from a URL: what `<mantis-chat transport="ws|sse">` names. */

export const TRANSPORT_KINDS = {
  /** The Composer protocol over a WebSocket. */
  ws: websocketFromUrl,
  /** The Composer protocol over Server-Sent Events, with POSTed client frames. */
  sse: sseFromUrl,
} as const satisfies Record<string, (url: string, options: TransportFactoryOptions) => Transport>;

export type TransportKind = keyof typeof TRANSPORT_KINDS;

export function isTransportKind(value: unknown): value is TransportKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(TRANSPORT_KINDS, value);
}

/** Opens no connection yet: builds the transport of a kind for a URL. Throws on a URL that cannot be parsed. */
export function createTransport(kind: TransportKind, url: string, options: TransportFactoryOptions): Transport {
  return TRANSPORT_KINDS[kind](url, options);
}
