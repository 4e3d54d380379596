/*
 * The authenticated media store of the reference agent server: `GET /api/v1/agent_files/<path>` serves the file
 * whose key is `agent_files/<path>` (000_de6e533300a72cb9.txt: "media-gallery with authenticated agent_files/...
 * keys") to a bearer token, which names an account (demo/server/accounts.ts). The files are generated in memory:
 * solid-colour PNGs and CSVs, and, only when asked for (`test: true`), the test files of demo/server/media-test.ts; the
 * upload endpoint (demo/server/uploads.ts) adds the files users upload, under `agent_files/uploads/<account>/`. No
 * SVG, which can carry script. docs/reference-server.md describes the endpoint and its test-control API.
 */
import type { ServerResponse } from 'node:http';
import { deflateSync } from 'node:zlib';
import { AGENT_FILE_KEY_MAX, AGENT_FILE_KEY_PATTERN } from '../../src/index.js';
import { challenge, createAccounts, sendText, type AccountOptions } from './accounts.js';
import type { RequestHandler } from './bags.js';
import { handleTestControl, MediaTestPeer, TEST_CONTROL_PATH } from './media-test.js';
import { SAMPLE_WEBM, wav } from './media-samples.js';

export type { RequestHandler };

/** The store's URL prefix: the key is everything after `/api/v1/`, so it starts with `agent_files/`. */
export const AGENT_FILES_PATH = '/api/v1/agent_files';
const KEY_START = '/api/v1/'.length;
const MAX_KEY_LENGTH = AGENT_FILE_KEY_MAX;

/** Keys only the `demo` account may read; another account gets 403. */
export const PRIVATE_PREFIX = 'agent_files/private/';
/**
 * The files users uploaded (demo/server/uploads.ts): `agent_files/uploads/<account>/<upload ID>/<name>`, readable by
 * that account only; another gets 403.
 */
export const UPLOADS_PREFIX = 'agent_files/uploads/';

/** The account a key belongs to (only it may read the key), or null for a key any account may read. */
export function ownerOf(key: string): string | null {
  if (key.startsWith(PRIVATE_PREFIX)) return 'demo';
  if (key.startsWith(UPLOADS_PREFIX)) return key.slice(UPLOADS_PREFIX.length).split('/', 1)[0] as string;
  return null;
}

export interface MediaOptions extends AccountOptions {
  /**
   * The files served, by key. Default: a fresh `demoMediaFiles()`. The upload endpoint adds the files users uploaded
   * to the same map (`startAgentServer` shares one between them).
   */
  readonly files?: MediaFiles;
  /**
   * Serves the test files and the test-control API of demo/server/media-test.ts: large streams, held responses, and
   * an unauthenticated stats endpoint that lists every key any account requested. For tests only (the browser test
   * runner and the Node tests that need them turn it on). Default false.
   */
  readonly test?: boolean;
}

export interface MediaFile {
  readonly contentType: string;
  readonly body: Buffer;
  /** Non-image files are offered as downloads, under this name. */
  readonly filename?: string;
}

/** The media store: files by key. */
export type MediaFiles = Map<string, MediaFile>;

/**
 * `content-disposition: attachment` with the file name: `filename="..."` alone for a name of plain characters, else
 * an ASCII stand-in plus the exact name as `filename*` (RFC 6266), so a user's file name never breaks the header.
 */
export function contentDisposition(filename: string): string {
  if (/^[\x20-\x7e]*$/.test(filename) && !/["\\]/.test(filename)) return `attachment; filename="${filename}"`;
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // A lone surrogate (a name cut inside a pair) would make encodeURIComponent throw.
  const whole = filename.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const encoded = encodeURIComponent(whole).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid PNG of one colour: 8-bit RGB, no interlace, every row with filter type 0. */
export function solidPng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter method 0, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The files of the demo store, by key. */
export function demoMediaFiles(): Map<string, MediaFile> {
  const png = (rgb: readonly [number, number, number], size = 16): MediaFile => ({
    contentType: 'image/png',
    body: solidPng(size, size, rgb),
  });
  return new Map<string, MediaFile>([
    ['agent_files/demo/pressure-map.png', png([37, 99, 235])],
    ['agent_files/demo/junction-photo.png', png([22, 163, 74])],
    ['agent_files/demo/alarm.png', png([220, 38, 38])],
    ['agent_files/demo/overview.png', png([100, 116, 139], 64)],
    ['agent_files/private/badge.png', png([234, 179, 8])],
    ['agent_files/demo/flow.webm', { contentType: 'video/webm', body: SAMPLE_WEBM }],
    ['agent_files/demo/alarm-tone.wav', { contentType: 'audio/wav', body: wav() }],
    [
      'agent_files/private/payroll.csv',
      { contentType: 'text/csv; charset=utf-8', filename: 'payroll.csv', body: Buffer.from('name,salary\r\nA. Person,1\r\n', 'utf8') },
    ],
    [
      'agent_files/demo/readings.csv',
      {
        contentType: 'text/csv; charset=utf-8',
        filename: 'readings.csv',
        body: Buffer.from(
          'time,junction,pressure_kpa\r\n2024-03-09T06:00:00Z,J-101,318\r\n2024-03-09T08:00:00Z,J-101,301\r\n2024-03-09T10:00:00Z,J-101,296\r\n',
          'utf8',
        ),
      },
    ],
  ]);
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'authorization',
  // A page on another origin reads the download's file name.
  'access-control-expose-headers': 'content-disposition',
} as const;

/** Creates the media handler. Its answers carry CORS headers, so a page on another origin can read them. */
export function createMediaHandler(options: MediaOptions = {}): RequestHandler {
  const accounts = createAccounts(options);
  const files = options.files ?? demoMediaFiles();
  const peer = options.test === true ? new MediaTestPeer() : null;
  let testPng: Buffer | undefined;

  const reply = (res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void =>
    sendText(res, status, message, { ...CORS, ...extra });

  return async (req, res, url) => {
    // The raw request target, before the URL parser resolved any dot segments away.
    const raw = req.url !== undefined && req.url.startsWith('/') ? (req.url.split(/[?#]/, 1)[0] as string) : url.pathname;
    if (peer && url.pathname.startsWith(TEST_CONTROL_PATH)) {
      handleTestControl(peer, req, res, url);
      return true;
    }
    const mine = (path: string) => path === AGENT_FILES_PATH || path.startsWith(`${AGENT_FILES_PATH}/`);
    if (!mine(raw) && !mine(url.pathname)) return false;

    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-max-age': '600', 'content-length': '0' });
      res.end();
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      reply(res, 405, 'Method not allowed', { allow: 'GET, HEAD, OPTIONS' });
      return true;
    }
    // Decoded exactly once: `%252e` stays `%2e`, which no key may contain.
    let key: string | null;
    try {
      key = mine(raw) ? decodeURIComponent(raw.slice(KEY_START)) : null;
    } catch {
      key = null;
    }
    const valid = key !== null && key.length <= MAX_KEY_LENGTH && AGENT_FILE_KEY_PATTERN.test(key);
    // Every request of a valid key is recorded, whatever its answer (the test-control API reports them).
    const tracked = valid && key !== null && peer ? peer.track(key, res) : { sent: () => undefined };

    const auth = accounts.authorize(req);
    if (typeof auth === 'string') {
      reply(res, 401, 'A bearer token is required', { 'www-authenticate': challenge('agent_files', auth) });
      return true;
    }
    if (!valid || key === null) {
      reply(res, 400, 'Not an agent_files/... key');
      return true;
    }
    // Checked before existence: another account learns nothing about which private or uploaded keys exist.
    const owner = ownerOf(key);
    if (owner !== null && auth.account !== owner) {
      reply(res, 403, 'This file belongs to another account');
      return true;
    }
    const headers = {
      ...CORS,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    };
    const file = files.get(key);
    if (!file) {
      if (peer && (await peer.serve(key, req, res, tracked, headers, () => (testPng ??= solidPng(8, 8, [147, 51, 234]))))) return true;
      reply(res, 404, 'No such file');
      return true;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': file.contentType,
      'content-length': String(file.body.length),
      ...(file.filename ? { 'content-disposition': contentDisposition(file.filename) } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
    if (req.method !== 'HEAD') tracked.sent(file.body.length);
    return true;
  };
}
