import { ClientFrame, ServerEvent, parseFrame } from '../protocol/composer-frames.js';
import { INLINE_UI_CAPABILITY } from '../protocol/marker.js';
import { BaseTransport } from './transport.js';

/** The part of the WebSocket API the transport uses; the browser's and Node 22's `WebSocket` both fit. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

const defaultFactory: SocketFactory = (url) => {
  const Socket = (globalThis as { WebSocket?: new (url: string) => SocketLike }).WebSocket;
  if (!Socket) throw new Error('No WebSocket in this environment: pass a socket factory');
  return new Socket(url);
};

export interface ComposerUrlOptions {
  /** Advertise `inline_ui_version=1`. Off restores Markdown-only replies. */
  readonly generativeUi: boolean;
}

/**
 * The Composer WebSocket URL with the client's capabilities. The capability is present only while generative UI
 * is on; any value the page put in the URL for it is removed otherwise, so a page cannot advertise it by accident.
 */
export function composerUrl(base: string, options: ComposerUrlOptions, relativeTo?: string): string {
  const url = new URL(base, relativeTo);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.delete(INLINE_UI_CAPABILITY.param);
  if (options.generativeUi) url.searchParams.set(INLINE_UI_CAPABILITY.param, INLINE_UI_CAPABILITY.value);
  return url.href;
}

/** The Composer protocol over one WebSocket. Frames sent before the socket opens are queued and sent once. */
export class WebSocketTransport extends BaseTransport {
  readonly url: string;
  readonly #factory: SocketFactory;
  #socket: SocketLike | null = null;
  #queue: string[] = [];

  constructor(url: string, factory: SocketFactory = defaultFactory) {
    super();
    this.url = url;
    this.#factory = factory;
  }

  connect(): void {
    if (this.#socket) return;
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.#factory(this.url);
    } catch (error) {
      this.emit({ type: 'protocol-error', reason: error instanceof Error ? error.message : 'cannot open socket' });
      this.setState('closed');
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      this.setState('open');
      for (const data of this.#queue.splice(0)) socket.send(data);
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') {
        this.emit({ type: 'protocol-error', reason: 'binary frame' });
        return;
      }
      const parsed = parseFrame(ServerEvent, event.data);
      this.emit(parsed.ok ? { type: 'server', event: parsed.value } : { type: 'protocol-error', reason: parsed.reason });
    };
    socket.onclose = () => {
      if (this.#socket === socket) this.#socket = null;
      this.setState('closed');
    };
    socket.onerror = () => {
      /* the close event follows and carries the state change */
    };
  }

  send(frame: ClientFrame): void {
    const checked = ClientFrame.parse(frame);
    const data = JSON.stringify(checked);
    if (this.#socket?.readyState === OPEN) this.#socket.send(data);
    else this.#queue.push(data);
  }

  close(): void {
    const socket = this.#socket;
    this.#socket = null;
    this.#queue = [];
    socket?.close(1000, 'client closed');
    this.setState('closed');
  }
}
