import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A URL prefix served from a folder. */
export interface StaticMount {
  readonly prefix: string;
  readonly dir: string;
  /**
   * Readable by pages of any origin, as a CDN serves a package (`access-control-allow-origin: *`): the IIFE imports
   * its lazy files as modules from the folder it came from, and a module of another origin needs CORS.
   */
  readonly cors?: boolean;
}

/**
 * Serves files under the mounts, GET and HEAD only. Paths are normalized and must stay inside their folder.
 * Returns false when no mount has the file, so the caller can answer 404.
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, mounts: readonly StaticMount[]): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return false;
  }
  for (const mount of mounts) {
    if (!pathname.startsWith(mount.prefix)) continue;
    const root = resolve(mount.dir);
    let file = resolve(join(root, normalize(pathname.slice(mount.prefix.length))));
    if (file !== root && !file.startsWith(root + sep)) continue;
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, 'index.html');
        info = await stat(file);
      }
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        ...(mount.cors ? { 'access-control-allow-origin': '*' } : {}),
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return true;
    } catch {
      continue;
    }
  }
  return false;
}
