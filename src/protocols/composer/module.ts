import type { ProtocolModule } from '../module.js';
import { TransportConnection, isTransport } from './connection.js';
import { COMPOSER_RECORDS } from './records.js';
import { FENCE_PROTOCOL, TOUR_PROTOCOL } from './text.js';

/**
 * The Composer protocol (000_de6e533300a72cb9.txt, docs/protocol.md): `mantis-ui` fences and Visual Tours in the
 * assistant's text, trusted records (reasoning, tools, todos, uploads, task progress), over a WebSocket (`ws`) or
 * Server-Sent Events with POSTed frames (`sse`), or any `Transport` object a host gives.
 */
export const composer: ProtocolModule = {
  name: 'composer',
  // Each wire's code loads when a chat first opens that kind (a WebSocket chat never loads the SSE reader): a backend
  // that only parses replies carries neither.
  connections: {
    ws: (options) => import('./websocket.js').then((m) => new TransportConnection(m.websocketFromUrl(options.url, options))),
    sse: (options) => import('./sse.js').then((m) => new TransportConnection(m.sseFromUrl(options.url, options))),
  },
  adapt: (value) => (isTransport(value) ? new TransportConnection(value) : null),
  text: [FENCE_PROTOCOL, TOUR_PROTOCOL],
  records: COMPOSER_RECORDS,
};
