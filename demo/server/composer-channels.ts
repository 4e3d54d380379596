import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { ClientFrame, eventId, parseEventId, parseFrame } from '../../src/index.js';
import { greeting, serveA2uiErrors } from './a2ui-composer.js';
import { handleFrame, readOptions, sessionOf, type ComposerDeps } from './composer.js';
import { dressed } from './dialect.js';
import { FaultyConnection, faultPlan } from './faults.js';
import type { StreamItem } from './sessions.js';

/*
 * The Composer's connections: a WebSocket, or an SSE stream and its POSTs. Each runs the session's events through its
 * fault plan; what a frame does is composer.ts's.
 */

/** The length of a WebSocket frame header for a payload of `n` bytes, from the server (unmasked). */
const headerLength = (n: number): number => (n < 126 ? 2 : n < 65_536 ? 4 : 10);

/** A whole text frame as the server sends it: FIN and opcode 1, unmasked, not compressed (the server offers no deflate). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const n = payload.length;
  const header = Buffer.alloc(headerLength(n));
  header[0] = 0x81;
  if (n < 126) header[1] = n;
  else if (n < 65_536) {
    header[1] = 126;
    header.writeUInt16BE(n, 2);
  } else {
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([header, payload]);
}

/**
 * The Composer protocol on one WebSocket connection. `tcp` is the socket under it: the `cut` fault writes part of a
 * frame there, which `ws` cannot.
 */
export function handleComposerSocket(socket: WebSocket, url: URL, deps: ComposerDeps, tcp: Duplex): void {
  const session = sessionOf(url);
  const options = readOptions(url);
  session.connections += 1;
  const plan = faultPlan(url.searchParams, session.connections);
  if (plan.refuse) {
    socket.close(1013, 'try again later');
    return;
  }
  const hello = greeting(options.a2ui, plan);
  if (hello) socket.send(JSON.stringify(hello));
  const connection = new FaultyConnection(
    plan,
    {
      write: (frame) => socket.readyState === socket.OPEN && socket.send(frame),
      drop: () => socket.close(4000, 'fault: drop'),
      size: (frame) => {
        const n = Buffer.byteLength(frame);
        return headerLength(n) + n;
      },
      cut: (frame, bytes) => {
        session.cuts += 1;
        // `ws` sends whole frames and has none queued (it writes each at once): these bytes follow the last one.
        tcp.write(textFrame(frame).subarray(0, bytes), () => tcp.destroy());
      },
    },
    '{"type":"text_delta",',
  );
  // Events flow once the client said where it stands: a `resume` first frame replays the log after its position and
  // then goes live in the same tick, so nothing falls between the replay and the live events. A client that starts
  // with any other frame gets live events from then on.
  let stopListening: (() => void) | null = null;
  // Envelopes are SSE events (001): a WebSocket does not carry them.
  const send = (event: StreamItem): void => {
    if (event.type !== 'ui_envelope') connection.send(JSON.stringify(options.future ? dressed(event) : event));
  };
  const listen = (replay: StreamItem[]): void => {
    if (stopListening) return;
    for (const event of replay) send(event);
    stopListening = session.listen(send);
  };

  socket.on('message', (data, isBinary) => {
    const parsed = isBinary ? null : parseFrame(ClientFrame, String(data));
    if (!parsed?.ok) {
      connection.send(JSON.stringify({ type: 'error', code: 'bad_frame', message: parsed ? parsed.reason : 'binary frames are not accepted' }));
      return;
    }
    if (parsed.value.type === 'resume') {
      listen(session.after(parsed.value.after));
      return;
    }
    listen([]);
    // Replies to the sender (errors, action results) go to this connection only.
    const reply = handleFrame(session, options, parsed.value, deps);
    if (reply) connection.send(JSON.stringify(reply));
  });
  socket.on('close', () => {
    connection.stop();
    stopListening?.();
  });
}

/**
 * The SSE frame of one event: `id:` for message events and envelopes (what Last-Event-ID resumes from), `event:` its
 * type; an envelope's data is its agent-ui@1 `ui_envelope` payload.
 */
const sseFrame = (event: StreamItem): string =>
  `${'sequence' in event ? `id: ${eventId(event)}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event.type === 'ui_envelope' ? event.payload : event)}\n\n`;

/**
 * The Composer protocol over SSE: `GET` opens the event stream of a session (resuming after `Last-Event-ID`, or
 * replaying the session's log when a known session reconnects without one); `POST` takes one client frame.
 */
export async function handleComposerSse(req: IncomingMessage, res: ServerResponse, url: URL, deps: ComposerDeps): Promise<void> {
  const session = sessionOf(url);
  const options = readOptions(url);
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization, last-event-id' };
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST' });
    res.end();
    return;
  }
  if (req.method === 'POST') {
    let body = '';
    for await (const chunk of req) {
      body += String(chunk);
      if (body.length > 64 * 1024) break;
    }
    const parsed = parseFrame(ClientFrame, body);
    if (!parsed.ok) {
      res.writeHead(400, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', code: 'bad_frame', message: parsed.reason }));
      return;
    }
    const reply = handleFrame(session, options, parsed.value, deps);
    // Replies to the sender (errors, action results) go to the session's streams: the POST has no stream of its own.
    // They are not logged, so a stream that was down misses them; the client sends the frame again on reconnection.
    if (reply) session.publish(reply);
    res.writeHead(202, { ...cors, 'content-type': 'application/json' });
    res.end('{"ok":true}');
    return;
  }
  if (req.method !== 'GET') {
    res.writeHead(405, cors);
    res.end();
    return;
  }
  if (url.searchParams.get('inspect') === 'a2ui_errors') return serveA2uiErrors(res, session, cors);
  const isNew = session.connections === 0;
  session.connections += 1;
  const plan = faultPlan(url.searchParams, session.connections);
  if (plan.refuse) {
    res.writeHead(503, { ...cors, 'retry-after': '1' });
    res.end();
    return;
  }
  res.writeHead(200, { ...cors, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(`retry: ${options.retryMs}\n\n`);
  const hello = greeting(options.a2ui, plan);
  if (hello) res.write(sseFrame(hello));
  const connection = new FaultyConnection(
    plan,
    {
      write: (frame) => res.write(frame),
      drop: () => res.end(),
      size: (frame) => Buffer.byteLength(frame),
      cut: (frame, bytes) => {
        session.cuts += 1;
        // Not `end()`: the response stops inside an event, and the socket goes with it.
        res.write(Buffer.from(frame, 'utf8').subarray(0, bytes), () => res.destroy());
      },
    },
    'event: text_delta\ndata: {"type":\n\n',
  );
  const header = req.headers['last-event-id'];
  const position = typeof header === 'string' ? (parseEventId(header) ?? undefined) : undefined;
  const frame = (event: StreamItem): string => sseFrame(options.future ? dressed(event) : event);
  if (position || !isNew) for (const event of session.after(position)) connection.send(frame(event));
  const stopListening = session.listen((event) => connection.send(frame(event)));
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
  res.on('close', () => {
    clearInterval(keepAlive);
    connection.stop();
    stopListening();
  });
}
