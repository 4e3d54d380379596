import type { ServerResponse } from 'node:http';
import { FaultyConnection, faultPlan } from './faults.js';
import { TURN_CORS } from './turn-endpoint.js';

/*
 * The fault switches of the Composer endpoints (faults.ts), on the one-POST-per-turn endpoints (the AI SDK's and
 * AG-UI's): `?fault=…` on the endpoint's URL, counted per `session_id` (each POST is a connection). `drop:N` ends the
 * response cleanly after N events (a stream cut before its end), `drops:A.B`, `malformed:N` (one `data:` line that is
 * not JSON after N events), `stall:N:MS`, `refuse:N` (503 for the first N requests) and `cut:MIN:MAX[:SEED]` (the
 * socket destroyed in the middle of an event). `duplicate` does not apply: these wires number nothing, so a client
 * cannot tell a repeated event from a new one.
 */

/** Requests per session, for `drops`, `refuse` and `cut` (the n-th request is the n-th connection). */
const requests = new Map<string, number>();

/**
 * Puts the response of one turn under the URL's fault plan: its writes go through a FaultyConnection, its end after
 * them. Returns true when the request was refused (answered 503 here).
 */
export function applyTurnFaults(res: ServerResponse, url: URL): boolean {
  const params = url.searchParams;
  if (params.getAll('fault').length === 0) return false;
  const key = `${url.pathname}\u0000${params.get('session_id') ?? ''}`;
  const number = (requests.get(key) ?? 0) + 1;
  requests.set(key, number);
  const plan = faultPlan(params, number);
  if (plan.refuse) {
    res.writeHead(503, { ...TURN_CORS, 'content-type': 'text/plain' });
    res.end('refused by a fault switch\n');
    return true;
  }
  const write = res.write.bind(res) as (chunk: string | Uint8Array) => boolean;
  const end = res.end.bind(res) as () => ServerResponse;
  const faulty = new FaultyConnection(
    plan,
    {
      write: (frame) => void write(frame),
      drop: () => void end(),
      size: (frame) => Buffer.byteLength(frame),
      cut: (frame, bytes) => {
        write(Buffer.from(frame).subarray(0, bytes));
        res.socket?.destroy();
      },
    },
    'data: {"type": not json\n\n',
  );
  res.once('close', () => faulty.stop());
  res.write = ((chunk: string | Uint8Array) => {
    faulty.send(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: string | Uint8Array) => {
    if (chunk !== undefined && typeof chunk !== 'function') faulty.send(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    faulty.finish(() => void end());
    return res;
  }) as ServerResponse['end'];
  return false;
}
