/*
 * The test-control API of the reference server's upload endpoint (demo/server/uploads.ts), `/api/v1/test/uploads/`,
 * served only with `test: true`: what the endpoint holds (`GET stats`) and the faults it injects into the next
 * requests (`POST faults`, `DELETE faults`). docs/reference-server.md "Test-control API" describes it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UploadStore } from './upload-store.js';

/** The test-control API (only with `test: true`). */
export const UPLOADS_TEST_PATH = '/api/v1/test/uploads/';

/** One PATCH, for the test-control stats. */
export interface PatchRecord {
  readonly id: string;
  readonly startOffset: number;
  bytes: number;
  aborted: boolean;
}

/**
 * The faults the test-control API sets, by their names there, with the whole numbers each takes: cut the next PATCH
 * after N bytes; read PATCH bodies at most at N bytes/s; answer the next POST N ms after it created its upload; cut
 * the next N DELETEs before they delete anything.
 */
const FAULTS = {
  cut_after: { min: 0, max: Number.MAX_SAFE_INTEGER, unit: 'bytes' },
  throttle: { min: 1, max: Number.MAX_SAFE_INTEGER, unit: 'bytes per second' },
  hold_create: { min: 1, max: 10_000, unit: 'milliseconds' },
  cut_delete: { min: 1, max: 10, unit: 'requests' },
} as const;
type FaultName = keyof typeof FAULTS;
export type Faults = Record<FaultName, number | null>;
const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];
export const noFaults = (): Faults => ({ cut_after: null, throttle: null, hold_create: null, cut_delete: null });

const CONTROL_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'content-type',
} as const;

/**
 * The test-control API: `GET stats`; `POST faults` with any of `{"cut_after": BYTES, "throttle": BYTES_PER_SECOND,
 * "hold_create": MS, "cut_delete": REQUESTS}`; `DELETE faults`.
 */
export async function handleTestControl(req: IncomingMessage, res: ServerResponse, url: URL, store: UploadStore, patches: readonly PatchRecord[], faults: Faults): Promise<void> {
  const json = (status: number, body: unknown, extra: Record<string, string> = {}): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, { ...CONTROL_CORS, 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(text)), ...extra });
    res.end(text);
  };
  const current = (): Faults => ({ ...faults });
  const name = url.pathname.slice(UPLOADS_TEST_PATH.length);
  const allowed = name === 'stats' ? ['GET'] : name === 'faults' ? ['POST', 'DELETE'] : null;
  if (allowed === null) return json(404, { error: 'No such test-control endpoint' });
  if (req.method === 'OPTIONS') {
    res.writeHead(204, { ...CONTROL_CORS, 'access-control-max-age': '600', 'content-length': '0' });
    res.end();
    return;
  }
  if (!allowed.includes(req.method ?? '')) {
    req.resume();
    return json(405, { error: 'Method not allowed' }, { allow: `${allowed.join(', ')}, OPTIONS` });
  }
  if (name === 'stats') {
    return json(200, {
      uploads: store.records().map((record) => ({
        id: record.id,
        account: record.account,
        name: record.name,
        size: record.size,
        offset: record.offset,
        complete: record.state === 'stored',
        claimed: record.claimedBy !== null,
        ...(record.key !== undefined ? { key: record.key } : {}),
      })),
      stored: store.storedKeys(),
      patches,
      faults: current(),
    });
  }
  if (req.method === 'DELETE') {
    req.resume();
    Object.assign(faults, noFaults());
    return json(200, current());
  }
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 1024) return json(413, { error: 'The body is at most 1 KiB' });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return json(400, { error: 'The body is not JSON' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return json(400, { error: 'The body is a JSON object' });
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0 || entries.some(([key]) => !(FAULT_NAMES as string[]).includes(key))) {
    return json(400, { error: `Set any of ${FAULT_NAMES.join(', ')}` });
  }
  for (const [key, value] of entries) {
    const { min, max, unit } = FAULTS[key as FaultName];
    if (!(Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max)) {
      return json(400, { error: `${key} is a whole number of ${unit}, ${max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`}` });
    }
  }
  for (const [key, value] of entries) faults[key as FaultName] = value as number;
  return json(200, current());
}
