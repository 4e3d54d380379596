/*
 * agent-ui@1 (001_996c0b4640eee42b.txt) for the reference agent server: the UI registry, an SSE stream of scripted
 * `ui_envelope` events with resumption and injectable faults, and the render-ref endpoint that resolves the payload
 * of a `render_junctions` map action. Scripted and in memory; docs/reference-server.md describes every parameter.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SCENARIOS, SCHEMA_VERSION, UI_REGISTRY, junctions, script, type JunctionCollection, type Scenario } from './agent-ui-script.js';

export * from './agent-ui-script.js';

export const AGENT_UI_REGISTRY_PATH = '/api/v1/agent/chat/ui-registry';
export const AGENT_UI_STREAM_PATH = '/api/v1/agent/chat/stream';
export const AGENT_UI_RENDER_REF_PREFIX = '/api/v1/agent/chat/render-ref/';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/** The agent-ui@1 endpoints, and the envelopes a Composer reply sends on its own SSE stream. */
export type AgentUiHandler = RequestHandler & {
  /**
   * The `ui_envelope` payloads of one Composer reply in session `sessionId` (the Composer's session_id): a
   * HistoryPanel and a chart inline, a ScadaPanel for the side panel, and render_junctions for the map, whose fresh
   * render_ref this handler resolves for that session.
   */
  composerEnvelopes(sessionId: string): Array<{ session_id: string; envelope_id: string; created_at: number; envelope: unknown }>;
};

interface Entry {
  readonly envelope_id: string;
  readonly created_at: number;
  readonly envelope: unknown;
  /** The render_ref this envelope hands out, if any. */
  readonly renderRef?: string;
}

interface Session {
  /** The scripted log of each scenario, built on the session's first stream of it and replayed on resume. */
  readonly logs: Map<Scenario, Entry[]>;
  /** Payloads by render_ref, for refs the stream has handed out to this session. */
  readonly refs: Map<string, JunctionCollection>;
  readonly tag: string;
}

export interface AgentUiOptions {
  /** Sessions kept in memory; the least recently used is forgotten first. Default 200. */
  readonly maxSessions?: number;
}

type Fault =
  | { kind: 'drop'; after: number }
  | { kind: 'malformed'; after: number }
  | { kind: 'duplicate' }
  | { kind: 'stall'; after: number; ms: number };

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const RENDER_REF = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_COUNT = 1000;
const MAX_STALL_MS = 60_000;

function parseFaults(values: string[]): Fault[] | string {
  const faults: Fault[] = [];
  for (const value of values.flatMap((v) => v.split(',')).filter((v) => v !== '')) {
    const [name, ...args] = value.split(':');
    const nums = args.map((arg) => (/^\d{1,6}$/.test(arg) ? Number(arg) : NaN));
    const [n = NaN, m = NaN] = nums;
    if (name === 'duplicate' && args.length === 0) faults.push({ kind: 'duplicate' });
    else if ((name === 'drop' || name === 'malformed') && args.length === 1 && n <= MAX_COUNT) faults.push({ kind: name, after: n });
    // stall:MS before the first envelope; stall:N:MS after N envelopes (the Composer faults' form).
    else if (name === 'stall' && args.length === 1 && n <= MAX_STALL_MS) faults.push({ kind: 'stall', after: 0, ms: n });
    else if (name === 'stall' && args.length === 2 && n <= MAX_COUNT && m <= MAX_STALL_MS) faults.push({ kind: 'stall', after: n, ms: m });
    else return `unknown fault ${JSON.stringify(value)}: use drop:N, malformed:N, duplicate, stall:MS or stall:N:MS`;
  }
  return faults;
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extra,
  });
  res.end(text);
}

const sendError = (res: ServerResponse, status: number, message: string, extra?: Record<string, string>): void =>
  sendJson(res, status, { error: message }, extra);

/** Creates the agent-ui@1 handler with its own in-memory sessions. */
export function createAgentUiHandler(options: AgentUiOptions = {}): AgentUiHandler {
  const maxSessions = Math.max(1, options.maxSessions ?? 200);
  const sessions = new Map<string, Session>();

  /** The session, touched as most recently used; created when `create` and absent. */
  function session(id: string, create: boolean): Session | undefined {
    let found = sessions.get(id);
    if (found) sessions.delete(id);
    else if (create) found = { logs: new Map(), refs: new Map(), tag: randomBytes(4).toString('hex') };
    if (!found) return undefined;
    sessions.set(id, found);
    while (sessions.size > maxSessions) sessions.delete(sessions.keys().next().value as string);
    return found;
  }

  function log(state: Session, scenario: Scenario): Entry[] {
    let entries = state.logs.get(scenario);
    if (!entries) {
      const now = Date.now();
      const renderRef = `rr_${randomBytes(12).toString('hex')}`;
      entries = script(scenario, renderRef).map((item, i) => ({
        envelope_id: `env_${scenario}_${i + 1}_${state.tag}`,
        created_at: now + i,
        envelope: item.envelope,
        ...(item.renderRef ? { renderRef: item.renderRef } : {}),
      }));
      state.logs.set(scenario, entries);
    }
    return entries;
  }

  async function stream(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const sessionId = url.searchParams.get('session_id');
    if (sessionId === null || !SESSION_ID.test(sessionId)) {
      sendError(res, 400, 'session_id is required: 1 to 128 of A-Z a-z 0-9 _ . : -');
      return;
    }
    const scenario = url.searchParams.get('scenario') ?? 'default';
    if (!(SCENARIOS as readonly string[]).includes(scenario)) {
      sendError(res, 400, `unknown scenario ${JSON.stringify(scenario)}: use ${SCENARIOS.join(' or ')}`);
      return;
    }
    const faults = parseFaults(url.searchParams.getAll('fault'));
    if (typeof faults === 'string') {
      sendError(res, 400, faults);
      return;
    }
    const delayParam = Number(url.searchParams.get('delay') ?? '20');
    const delayMs = Number.isFinite(delayParam) && delayParam >= 0 ? Math.min(delayParam, 1000) : 20;

    const state = session(sessionId, true) as Session;
    const entries = log(state, scenario as Scenario);
    const header = req.headers['last-event-id'];
    const lastEventId = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('last_event_id');
    const resumeAt = lastEventId ? entries.findIndex((e) => e.envelope_id === lastEventId) + 1 : 0;
    const pending = entries.slice(resumeAt);
    if (resumeAt > 0 && pending.length === 0) {
      // Everything was delivered: 204 tells an EventSource to stop reconnecting.
      res.writeHead(204, { 'cache-control': 'no-cache' });
      res.end();
      return;
    }

    const closed = new AbortController();
    res.on('close', () => closed.abort());
    const wait = async (ms: number): Promise<void> => {
      if (ms > 0) await sleep(ms, undefined, { signal: closed.signal }).catch(() => undefined);
    };
    const write = async (text: string): Promise<void> => {
      if (closed.signal.aborted) return;
      if (!res.write(text)) {
        await new Promise<void>((done) => {
          const finish = () => {
            res.off('drain', finish);
            closed.signal.removeEventListener('abort', finish);
            done();
          };
          res.on('drain', finish);
          closed.signal.addEventListener('abort', finish);
        });
      }
    };

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    await write('retry: 1000\n\n');

    const has = <K extends Fault['kind']>(kind: K) => faults.filter((f): f is Extract<Fault, { kind: K }> => f.kind === kind);
    const copies = has('duplicate').length > 0 ? 2 : 1;
    let sent = 0;
    for (const entry of pending) {
      if (has('drop').some((f) => f.after === sent)) break;
      if (has('malformed').some((f) => f.after === sent)) {
        await write(`event: ui_envelope\ndata: {"session_id":${JSON.stringify(sessionId)},"envelope_id":\n\n`);
      }
      if (sent > 0) await wait(delayMs);
      for (const stall of has('stall')) if (stall.after === sent) await wait(stall.ms);
      if (closed.signal.aborted) return;
      if (entry.renderRef && !state.refs.has(entry.renderRef)) state.refs.set(entry.renderRef, junctions());
      const data = JSON.stringify({
        session_id: sessionId,
        envelope_id: entry.envelope_id,
        created_at: entry.created_at,
        envelope: entry.envelope,
      });
      for (let copy = 0; copy < copies; copy++) await write(`id: ${entry.envelope_id}\nevent: ui_envelope\ndata: ${data}\n\n`);
      sent++;
    }
    // A malformed event asked for after the last envelope still goes out.
    if (has('malformed').some((f) => f.after === sent) && !has('drop').some((f) => f.after === sent)) {
      await write(`event: ui_envelope\ndata: {"session_id":${JSON.stringify(sessionId)},"envelope_id":\n\n`);
    }
    if (!closed.signal.aborted) res.end();
  }

  function renderRef(res: ServerResponse, url: URL): void {
    const sessionId = url.searchParams.get('session_id');
    if (sessionId === null || sessionId === '') {
      sendError(res, 400, 'session_id is required');
      return;
    }
    let ref: string;
    try {
      ref = decodeURIComponent(url.pathname.slice(AGENT_UI_RENDER_REF_PREFIX.length));
    } catch {
      ref = '';
    }
    const payload = RENDER_REF.test(ref) ? session(sessionId, false)?.refs.get(ref) : undefined;
    if (!payload) {
      // The same answer for an unknown ref and for another session's ref.
      sendError(res, 404, 'unknown render_ref for this session');
      return;
    }
    sendJson(res, 200, payload, { 'content-type': 'application/geo+json; charset=utf-8', 'cache-control': 'private, no-store' });
  }

  let replies = 0;
  function composerEnvelopes(sessionId: string): ReturnType<AgentUiHandler['composerEnvelopes']> {
    const state = session(sessionId, true) as Session;
    const renderRef = `rr_${randomBytes(12).toString('hex')}`;
    state.refs.set(renderRef, junctions());
    const reply = ++replies;
    const now = Date.now();
    const scada = {
      kind: 'registered_component',
      schemaVersion: SCHEMA_VERSION,
      component: 'ScadaPanel',
      surface: 'side_panel',
      props: { station_id: 'PS-7', metrics: ['pressure', 'flow'] },
      fallbackText: 'Live SCADA readings of pumping station PS-7.',
    };
    const [history, chart, map] = script('default', renderRef);
    return [history, chart, { envelope: scada }, map].map((item, i) => ({
      session_id: sessionId,
      envelope_id: `env_chat_${reply}_${i + 1}_${state.tag}`,
      created_at: now + i,
      envelope: item?.envelope,
    }));
  }

  const handler = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    const path = url.pathname;
    const route =
      path === AGENT_UI_REGISTRY_PATH
        ? 'registry'
        : path === AGENT_UI_STREAM_PATH
          ? 'stream'
          : path.startsWith(AGENT_UI_RENDER_REF_PREFIX) && path.length > AGENT_UI_RENDER_REF_PREFIX.length
            ? 'render-ref'
            : null;
    if (route === null) return false;
    // Agents and their frontends live on different origins; authentication, where needed, is a bearer header.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, last-event-id');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'GET' });
      res.end();
      return true;
    }
    try {
      if (req.method !== 'GET') {
        sendError(res, 405, 'method not allowed', { allow: 'GET' });
      } else if (route === 'registry') {
        sendJson(res, 200, UI_REGISTRY, { 'cache-control': 'no-cache' });
      } else if (route === 'stream') {
        await stream(req, res, url);
      } else {
        renderRef(res, url);
      }
    } catch (error) {
      if (!res.headersSent) sendError(res, 500, 'internal error');
      else res.destroy(error instanceof Error ? error : undefined);
    }
    return true;
  };
  return Object.assign(handler, { composerEnvelopes });
}
