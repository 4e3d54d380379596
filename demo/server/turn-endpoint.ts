import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * What the reference server's one-POST-per-turn endpoints share (the AI SDK's, demo/server/ai-sdk.ts, and AG-UI's,
 * demo/server/ag-ui.ts): cross-origin access for the browser tests' pages, the POSTed JSON, and a record of each
 * request for the tests.
 */

export const TURN_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type, authorization, accept',
  'access-control-allow-methods': 'GET, POST',
} as const;

/** What a client POSTed, as the endpoint received it (tests read them). */
export interface PostedTurn {
  readonly body: Record<string, unknown>;
  readonly headers: IncomingMessage['headers'];
  /** How the response ended: `finished` (all of it was sent) or `closed` (the client went away first). */
  readonly ended: Promise<'finished' | 'closed'>;
}

/** As a serverless host's request limit (about 4.5 MB): a long conversation goes whole with each turn. */
const MAX_BODY = 4 * 1024 * 1024;

async function json(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  let raw = '';
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > MAX_BODY) return null;
  }
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Answers a preflight (`'answered'`); otherwise reads the POSTed JSON object (null when there is none) and keeps the
 * request in `requests`, newest last (at most 20).
 */
export async function receiveTurn(req: IncomingMessage, res: ServerResponse, requests: PostedTurn[]): Promise<'answered' | Record<string, unknown> | null> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, TURN_CORS);
    res.end();
    return 'answered';
  }
  const ended = new Promise<'finished' | 'closed'>((resolve) => res.once('close', () => resolve(res.writableFinished ? 'finished' : 'closed')));
  const body = req.method === 'POST' ? await json(req) : null;
  if (body) {
    requests.push({ body, headers: req.headers, ended });
    requests.splice(0, requests.length - 20);
  }
  return body;
}

/** Refuses a request that is not the endpoint's kind, saying so. */
export function refuseTurn(res: ServerResponse, status: number, what: string): void {
  res.writeHead(status, { ...TURN_CORS, 'content-type': 'text/plain' });
  res.end(`not ${what}\n`);
}
