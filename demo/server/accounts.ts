/*
 * The accounts of the reference agent server: a bearer token names an account. The media store
 * (demo/server/media.ts) and the upload endpoint (demo/server/uploads.ts) share one table, configured the same way:
 * `token` is the `demo` account's token (default `demo-token`), `accounts` maps other tokens to accounts (default
 * `{ 'other-token': 'other' }`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface AccountOptions {
  /** The bearer token of the `demo` account. Default `demo-token`. */
  readonly token?: string;
  /** Other accounts, by bearer token. Default `{ 'other-token': 'other' }`. */
  readonly accounts?: Readonly<Record<string, string>>;
}

/** A request's credentials: the account its token names, no `Authorization` header, or a header that names none. */
export type Authorization = { readonly account: string } | 'missing' | 'invalid';

export interface Accounts {
  /** The account of the request's `Authorization: Bearer <token>`, compared in constant time with every token. */
  authorize(req: IncomingMessage): Authorization;
  /** Every account name. */
  readonly names: readonly string[];
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function createAccounts(options: AccountOptions = {}): Accounts {
  const table = Object.entries({ [options.token ?? 'demo-token']: 'demo', ...(options.accounts ?? { 'other-token': 'other' }) }).map(
    ([token, account]) => ({ digest: digest(token), account }),
  );
  return {
    names: [...new Set(table.map(({ account }) => account))],
    authorize(req) {
      const header = req.headers.authorization;
      if (header === undefined) return 'missing';
      const match = /^Bearer ([\x21-\x7e]+)$/i.exec(header.trim());
      if (!match) return 'invalid';
      const presented = digest(match[1] as string);
      let found: string | null = null;
      // Every token is compared, whichever matches: the time taken does not tell which.
      for (const { digest: expected, account } of table) if (timingSafeEqual(presented, expected)) found = account;
      return found === null ? 'invalid' : { account: found };
    },
  };
}

/** The `WWW-Authenticate` header of a 401: `Bearer realm="<realm>"`, plus `error="invalid_token"` for a wrong token. */
export function challenge(realm: string, auth: 'missing' | 'invalid'): string {
  return auth === 'missing' ? `Bearer realm="${realm}"` : `Bearer realm="${realm}", error="invalid_token"`;
}

/** Answers with one sentence of plain text (never cached or sniffed), and the endpoint's own headers. */
export function sendText(res: ServerResponse, status: number, message: string, headers: Record<string, string>): void {
  const text = `${message}\n`;
  res.writeHead(status, {
    ...headers,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}
