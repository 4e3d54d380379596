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
  // The protocol reaches each wire's code only by a dynamic import, when a connection of that kind is opened: a program
  // that parses replies and never connects (a backend) carries neither transport.
  connections: {
    ws: (options) => import('./websocket.js').then((m) => new TransportConnection(m.websocketFromUrl(options.url, options))),
    sse: (options) => import('./sse.js').then((m) => new TransportConnection(m.sseFromUrl(options.url, options))),
  },
  adapt: (value) => (isTransport(value) ? new TransportConnection(value) : null),
  text: [FENCE_PROTOCOL, TOUR_PROTOCOL],
  records: COMPOSER_RECORDS,
};
