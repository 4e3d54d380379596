import type { ProtocolModule } from '../module.js';
import { TransportConnection, isTransport } from './connection.js';
import { createTransport } from './kinds.js';
import { COMPOSER_RECORDS } from './records.js';
import { FENCE_PROTOCOL, TOUR_PROTOCOL } from './text.js';

/**
 * The Composer protocol (000_de6e533300a72cb9.txt, docs/protocol.md): `mantis-ui` fences and Visual Tours in the
 * assistant's text, trusted records (reasoning, tools, todos, uploads, task progress), over a WebSocket (`ws`) or
 * Server-Sent Events with POSTed frames (`sse`), or any `Transport` object a host gives.
 */
export const composer: ProtocolModule = {
  name: 'composer',
  connections: {
    ws: (options) => new TransportConnection(createTransport('ws', options.url, options)),
    sse: (options) => new TransportConnection(createTransport('sse', options.url, options)),
  },
  adapt: (value) => (isTransport(value) ? new TransportConnection(value) : null),
  text: [FENCE_PROTOCOL, TOUR_PROTOCOL],
  records: COMPOSER_RECORDS,
};
