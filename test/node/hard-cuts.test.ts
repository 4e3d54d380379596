// Hard cuts mid-frame: the reference server's `cut:MIN:MAX[:SEED]` fault, read byte for byte by raw clients, and a
// ChatSession conversation over each transport that must come through a hundred such cuts with the transcript of a
// run without faults.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { describe, test } from 'node:test';
import { WebSocket } from 'ws';
import { COMPOSER_PATH, COMPOSER_SSE_PATH } from '../../demo/server/agent-server.js';
import { getSession } from '../../demo/server/sessions.js';
import { ChatSession, type SessionEvent, type SocketLike } from '../../src/index.js';
import { SseTransport, WebSocketTransport, type ReconnectingTransport } from '../../src/protocols/composer/transports.js';
import { useAgentServer } from './agent.js';
import { restore } from '../helpers/restore.js';

const agent = useAgentServer();

/** A seed for the server's cuts and the client's jitter: `CUT_SEED=<seed>` replays a failed run's cuts. */
const SEED = process.env.CUT_SEED ?? randomBytes(4).readUInt32BE(0).toString(36);

/** Prefixes an error with the seed, so a failure says how to replay it. */
async function reporting<T>(seed: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error) error.message = `[seed ${seed}: CUT_SEED=${seed} replays it] ${error.message}`;
    throw error;
  }
}

/** mulberry32: the client's jitter, from the seed. */
function seeded(seed: string): () => number {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193), 0x811c9dc5);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let sessions = 0;
const sessionId = (name: string) => `${name}-${SEED}-${++sessions}`;

// ---------------------------------------------------------------------------------------------------------------
// The fault, as raw bytes

/** A masked client text frame (a client must mask what it sends). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  assert.ok(payload.length < 126);
  const mask = randomBytes(4);
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0))]);
}

/** Server frames in the bytes after the handshake: the whole ones, and how many bytes of a last one came. */
function serverFrames(bytes: Buffer): { frames: string[]; partial: number } {
  const frames: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const short = bytes[at + 1] ?? 0;
    const header = short < 126 ? 2 : short === 126 ? 4 : 10;
    if (bytes.length - at < header) break;
    const length = short < 126 ? short : short === 126 ? bytes.readUInt16BE(at + 2) : Number(bytes.readBigUInt64BE(at + 2));
    if (bytes.length - at < header + length) break;
    assert.equal(bytes[at], 0x81, 'a whole text frame');
    frames.push(bytes.subarray(at + header, at + header + length).toString());
    at += header + length;
  }
  return { frames, partial: bytes.length - at };
}

/**
 * One WebSocket connection over a bare TCP socket: the handshake, a `resume`, a user message; resolves with every
 * byte the server sent after its handshake once the server ended the connection, or once the whole reply came (the
 * connection was not cut: this side ends it).
 */
function rawSocketTurn(query: string): Promise<{ bytes: Buffer; handshake: string }> {
  const { port } = agent.server;
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET ${COMPOSER_PATH}?delay=0&inline_ui_version=1${query} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      socket.write(clientFrame('{"type":"resume"}'));
      socket.write(clientFrame('{"type":"user_message","client_message_id":"u1","text":"Show me the clusters","mode":"orchestrator"}'));
    });
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (Buffer.concat(chunks).includes('"type":"message_end"')) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      resolve({ handshake: all.subarray(0, end).toString(), bytes: all.subarray(end + 4) });
    });
  });
}

/** One SSE stream, after a user message was POSTed: its `retry:` line, its bytes after it, and how the body ended. */
async function rawSseTurn(query: string, id: string): Promise<{ retry: string; bytes: Buffer; ended: 'cleanly' | 'cut' }> {
  const url = `${agent.server.origin}${COMPOSER_SSE_PATH}?delay=0&inline_ui_version=1&session_id=${id}${query}`;
  const stream = await fetch(url, { headers: { accept: 'text/event-stream' } });
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const post = await fetch(url, { method: 'POST', body: JSON.stringify({ type: 'user_message', client_message_id: 'u1', text: 'Show me the clusters', mode: 'orchestrator' }) });
  assert.equal(post.status, 202);
  const chunks: Uint8Array[] = [];
  let ended: 'cleanly' | 'cut' = 'cleanly';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      if (Buffer.concat(chunks).includes('event: message_end')) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    ended = 'cut';
  }
  const all = Buffer.concat(chunks);
  const retry = /^retry: \d+\n\n/.exec(all.toString())?.[0] ?? '';
  assert.notEqual(retry, '');
  return { retry, bytes: all.subarray(retry.length), ended };
}

describe('the cut fault', { timeout: 20_000 }, () => {
  test('WebSocket: the connection ends inside a frame, within [MIN, MAX] bytes, with no close frame', async () => {
    for (const [min, max] of [
      [300, 400],
      [1000, 4000],
      [1, 1],
    ] as const) {
      const id = sessionId('cut-ws-raw');
      const { handshake, bytes } = await rawSocketTurn(`&session_id=${id}&fault=cut:${min}:${max}`);
      assert.match(handshake, /^HTTP\/1\.1 101 /);
      const { frames, partial } = serverFrames(bytes);
      // Mid-frame: part of a frame came, not all of it; whatever came whole is a JSON event (no close frame).
      assert.ok(partial >= 1, `a part of a frame: ${partial} bytes after ${frames.length} whole ones`);
      for (const frame of frames) assert.equal(typeof (JSON.parse(frame) as { type: unknown }).type, 'string');
      // The cut falls inside the frame that reaches the drawn count (at its last byte but one if it ends there).
      assert.ok(bytes.length >= min - 1 && bytes.length <= max, `${bytes.length} bytes, drawn in [${min}, ${max}]`);
      assert.equal(getSession(id).cuts, 1);
    }
  });

  test('SSE: the response stops inside an event, within [MIN, MAX] bytes, without ending cleanly', async () => {
    for (const [min, max] of [
      [300, 400],
      [1000, 4000],
    ] as const) {
      const id = sessionId('cut-sse-raw');
      const { retry, bytes, ended } = await rawSseTurn(`&retry=25&fault=cut:${min}:${max}`, id);
      assert.equal(ended, 'cut');
      // The first reconnection delay the stream asks for (`retry=`), which the cut leaves alone.
      assert.equal(retry, 'retry: 25\n\n');
      // Mid-event: after the last blank line that ends an event, part of another came, not all of it.
      const whole = bytes.lastIndexOf('\n\n') + 2;
      assert.ok(bytes.length - whole >= 1, `a part of an event after ${whole} bytes of whole ones`);
      for (const event of bytes.subarray(0, whole).toString().split('\n\n').slice(0, -1)) assert.match(event, /^id: [^\n]+\nevent: [a-z_]+\ndata: \{/);
      assert.ok(bytes.length >= min - 1 && bytes.length <= max, `${bytes.length} bytes, drawn in [${min}, ${max}]`);
      assert.equal(getSession(id).cuts, 1);
    }
  });

  test('the cut is drawn from the seed and the connection: the same seed cuts at the same byte, another seed elsewhere', async () => {
    const cutAt = async (seed: string) => (await rawSocketTurn(`&session_id=${sessionId('cut-seed')}&fault=cut:300:4000:${seed}`)).bytes.length;
    const first = await cutAt('alpha');
    assert.equal(await cutAt('alpha'), first);
    // Fixed seeds, so a fixed outcome: these two draw counts far apart.
    assert.notEqual(await cutAt('omega'), first);
    // Without a seed, the session ID is the seed: another session that names it as its seed is cut at the same byte.
    const id = sessionId('cut-session-seed');
    const unseeded = (await rawSocketTurn(`&session_id=${id}&fault=cut:300:4000`)).bytes.length;
    assert.equal(await cutAt(id), unseeded);
  });

  test('bad values are ignored, as with the other faults: the reply streams whole', async () => {
    for (const fault of ['cut:0:100', 'cut:500:100', 'cut:x:1', 'cut:100', 'cut:1:99999999999', 'cut:-1:5', 'cut:1.5:5']) {
      const id = sessionId('cut-bad');
      const socket = new WebSocket(agent.socketUrl(`&session_id=${id}&fault=${fault}`));
      const ended = await new Promise<string>((resolve, reject) => {
        socket.on('open', () => socket.send(JSON.stringify({ type: 'user_message', client_message_id: 'u', text: 'hi', mode: 'orchestrator' })));
        socket.on('message', (data) => {
          const type = (JSON.parse(String(data)) as { type: string }).type;
          if (type === 'message_end') resolve(type);
        });
        socket.on('close', () => resolve('closed'));
        socket.on('error', reject);
      });
      socket.close();
      assert.equal(ended, 'message_end', fault);
      assert.equal(getSession(id).cuts, 0, fault);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A conversation through a hundred cuts

type Kind = 'ws' | 'sse';

/** Five turns: the summary view, the media view, reasoning and a tool call (and a task event after it), two more. */
const TURNS = [
  'Show me the clusters',
  'Show me the photos of the junction',
  'Walk me through your reasoning and tool calls',
  'Which cluster is the densest?',
  'Thanks, that is all for now',
];

/** The cut fault of these runs: every connection is cut after 200 bytes to 2 KB, seeded. */
const CUT = (seed: string) => `cut:200:2000:${seed}`;
/** The whole conversation must end within this, or the test fails (as it does when reconnects climb to 15 s). */
const DEADLINE_MS = 45_000;

function makeTransport(kind: Kind, id: string, fault: string | null, random: () => number): ReconnectingTransport {
  const faults = fault ? `&fault=${fault}` : '';
  // A small first step and the default maxDelay: only delays that start again after each cut finish in time. Over
  // SSE the server's `retry:` is the first step: `retry=10` says it.
  const options = { sessionId: id, minDelay: 10, random };
  return kind === 'ws'
    ? new WebSocketTransport(`ws${agent.server.origin.slice(4)}${COMPOSER_PATH}?delay=1${faults}`, {
        ...options,
        socketFactory: (url) => new WebSocket(url) as unknown as SocketLike,
      })
    : new SseTransport(`${agent.server.origin}${COMPOSER_SSE_PATH}?delay=1&retry=10${faults}`, options);
}

/** Resolves with the session event that ends the reply being streamed: complete, or interrupted. */
function replyEnd(session: ChatSession): Promise<SessionEvent> {
  return new Promise((resolve) => {
    const off = session.subscribe((event) => {
      if (event.type !== 'message-complete' && event.type !== 'message-interrupted') return;
      off();
      resolve(event);
    });
  });
}

/** A record's event without the message's ID, which the server draws anew for every run. */
const withoutId = (event: object): object => Object.fromEntries(Object.entries(event).filter(([key]) => key !== 'message_id'));

/**
 * What a transcript is made of: each message's role, text and parts (live, and replayed from the persisted history),
 * and an assistant's status, marker and records (where in the text each came, and what it says).
 */
async function transcript(session: ChatSession) {
  const replay = await restore({ messages: session.persisted });
  return session.persisted.map((message, i) => ({
    ...(message.role === 'assistant'
      ? { role: message.role, text: message.text, status: message.status ?? 'done', marker: message.marker, records: message.events.map((e) => [e.at, withoutId(e.event)]) }
      : { role: message.role, text: message.text }),
    parts: session.messages[i]?.role === 'assistant' ? session.messages[i].parts : [],
    replayed: replay.messages[i]?.role === 'assistant' ? replay.messages[i].parts : [],
  }));
}

/** Runs the conversation; resolves with its transcript, the server's count of cuts and the transport's reconnects. */
async function converse(kind: Kind, fault: string | null, seed: string) {
  const id = sessionId(`conversation-${kind}-${fault ? 'cut' : 'clean'}`);
  const transport = makeTransport(kind, id, fault, seeded(seed));
  let reconnects = 0;
  transport.subscribe((event) => event.type === 'backoff' && (reconnects += 1));
  const session = new ChatSession({ transport });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let replies = 0;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${kind}: ${replies} of ${TURNS.length} replies after ${DEADLINE_MS} ms, ${getSession(id).cuts} cuts, ${reconnects} reconnects`)),
      DEADLINE_MS,
    );
  });
  try {
    session.connect();
    for (const text of TURNS) {
      const end = replyEnd(session);
      assert.equal(session.send(text).ok, true);
      const event = await Promise.race([end, deadline]);
      assert.equal(event.type, 'message-complete', `${kind}: reply ${replies + 1} ${event.type === 'message-interrupted' ? `interrupted (${event.reason})` : ''}`);
      replies += 1;
    }
    return { transcript: await transcript(session), cuts: getSession(id).cuts, reconnects };
  } finally {
    clearTimeout(timer);
    session.disconnect();
    transport.close();
  }
}

for (const kind of ['ws', 'sse'] as const) {
  test(`${kind === 'ws' ? 'WebSocket' : 'SSE'}: a conversation comes through a hundred hard cuts with the transcript of a run without faults`, { timeout: 2 * DEADLINE_MS }, (t) =>
    reporting(SEED, async () => {
      const clean = await converse(kind, null, SEED);
      assert.equal(clean.cuts, 0);
      assert.equal(clean.transcript.length, 2 * TURNS.length);
      // What the comparison covers: views, reasoning, a tool call and a todo list, not only text.
      const types = new Set<string>(clean.transcript.flatMap((message) => message.parts.map((part) => part.type)));
      for (const type of ['text', 'data-mantis-ui', 'reasoning', 'dynamic-tool', 'data-mantis-todo']) assert.ok(types.has(type), `no ${type} part`);
      const cut = await converse(kind, CUT(SEED), SEED);
      t.diagnostic(`seed ${SEED}: ${cut.cuts} cuts, ${cut.reconnects} reconnects`);
      assert.ok(cut.cuts >= 100, `${cut.cuts} cuts: the conversation is too short to prove anything`);
      // Seen from the client too (a cut after the last reply was complete may go unseen: the session is closed then).
      assert.ok(cut.reconnects >= 100, `${cut.reconnects} reconnects for ${cut.cuts} cuts`);
      assert.deepEqual(cut.transcript, clean.transcript);
    }),
  );
}
