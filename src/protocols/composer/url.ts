import { INLINE_UI_CAPABILITY } from '../../message/marker.js';

/* The Composer URL a transport connects to: its own module, so that making one does not load a transport. */

export interface ComposerUrlOptions {
  /** Advertise `inline_ui_version=1`. Off restores Markdown-only replies. */
  readonly generativeUi: boolean;
  /**
   * What the protocols a client may load advertise beside it, by parameter (A2UI's `a2ui_catalog`: 004, clients
   * advertise their supported catalog IDs); advertised only while generative UI is on.
   */
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The Composer URL with the client's capabilities. They are present only while generative UI is on; any value the
 * page put in the URL for them is removed otherwise, so a page cannot advertise them by accident. `ws` keeps or makes
 * a ws(s) URL; `http` an http(s) one (SSE).
 */
export function composerUrl(base: string, options: ComposerUrlOptions, relativeTo?: string, scheme: 'ws' | 'http' = 'ws'): string {
  const url = new URL(base, relativeTo);
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  url.protocol = scheme === 'ws' ? (secure ? 'wss:' : 'ws:') : secure ? 'https:' : 'http:';
  const advertises = Object.entries(options.advertises ?? {});
  url.searchParams.delete(INLINE_UI_CAPABILITY.param);
  for (const [param] of advertises) url.searchParams.delete(param);
  if (options.generativeUi) {
    url.searchParams.set(INLINE_UI_CAPABILITY.param, INLINE_UI_CAPABILITY.value);
    for (const [param, values] of advertises) for (const value of values) url.searchParams.append(param, value);
  }
  return url.href;
}

export interface TransportFactoryOptions {
  /** Resolves a relative URL (the page's base URL in a browser). */
  readonly relativeTo?: string;
  /** Whether the connection may advertise inline UI; the session tells the transport again when it changes. */
  readonly generativeUi: boolean;
  /** What the protocols a client may load advertise beside it, by URL parameter (A2UI's `a2ui_catalog`). */
  readonly advertises?: Readonly<Record<string, readonly string[]>>;
  /** Headers of every request (SSE only: a browser's WebSocket sends none), read per request. */
  readonly headers?: () => Record<string, string>;
}
