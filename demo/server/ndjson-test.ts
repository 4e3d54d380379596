import type { IncomingMessage, ServerResponse } from 'node:http';

/*
 * A test-only protocol's peer (the browser suite's test/fixtures/ndjson-protocol/): one POST per turn carrying the
 * conversation, answered with newline-delimited JSON lines (`start`, `text`, `end`). Mounted in test mode only. It
 * shows that a protocol the product does not ship lands as one folder and one registration line.
 */

export const NDJSON_TEST_PATH = '/api/v1/test/ndjson';

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'POST' };

let replies = 0;

async function body(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 64 * 1024) return null;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Answers the last user message of the conversation POSTed, line by line, `You said: …` in a few pieces. */
export function createNdjsonTestHandler(): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> {
  return async (req, res, url) => {
    if (url.pathname !== NDJSON_TEST_PATH) return false;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return true;
    }
    const posted = (await body(req)) as { messages?: Array<{ role?: unknown; text?: unknown }> } | null;
    const last = posted?.messages?.findLast((m) => m.role === 'user');
    if (req.method !== 'POST' || typeof last?.text !== 'string') {
      res.writeHead(400, CORS);
      res.end();
      return true;
    }
    res.writeHead(200, { ...CORS, 'content-type': 'application/x-ndjson' });
    const line = (value: unknown) => res.write(`${JSON.stringify(value)}\n`);
    line({ type: 'start', id: `ndjson-${++replies}`, turns: posted?.messages?.length });
    for (const piece of ['You said: ', last.text.slice(0, 200), ` (turn ${posted?.messages?.length ?? 0}).`]) {
      line({ type: 'text', delta: piece });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    line({ type: 'end' });
    res.end();
    return true;
  };
}
