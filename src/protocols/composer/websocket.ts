import type { ClientFrame } from './frames.js';
import { ReconnectingTransport, type ReconnectOptions } from './reconnecting.js';
import { composerUrl, type TransportFactoryOptions } from './url.js';

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

export { composerUrl, type ComposerUrlOptions } from './url.js';

export interface WebSocketTransportOptions extends ReconnectOptions {
  /** Opens sockets; the global WebSocket by default. */
  readonly socketFactory?: SocketFactory;
}

/**
 * The Composer protocol over a WebSocket. Every connection starts with `resume` and the last applied event, so the
 * server replays what was missed; user messages that were not answered yet are sent again (the server answers each
 * once).
 */
export class WebSocketTransport extends ReconnectingTransport {
  /** The URL given to the constructor, with the session. */
  readonly #given: string;
  readonly #factory: SocketFactory;
  #socket: SocketLike | null = null;

  constructor(url: string, options: WebSocketTransportOptions = {}) {
    super(options);
    this.#given = this.withSession(url);
    this.#factory = options.socketFactory ?? defaultFactory;
  }

  /** The URL the socket connects to now: the given one, or derived from it by `composerUrl` once advertised. */
  get url(): string {
    const capabilities = this.capabilities;
    return capabilities ? composerUrl(this.#given, capabilities, undefined, 'ws') : this.#given;
  }

  protected get channelOpen(): boolean {
    return this.#socket?.readyState === OPEN;
  }

  protected openChannel(): void {
    this.closeChannel();
    let socket: SocketLike;
    try {
      socket = this.#factory(this.url);
    } catch (error) {
      this.emit({ type: 'protocol-error', reason: error instanceof Error ? error.message : 'cannot open socket' });
      this.lost();
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      // Every connection starts by saying where the client stands; the server replays what it missed.
      const after = this.resumePosition;
      socket.send(JSON.stringify(after ? { type: 'resume', after } : { type: 'resume' }));
      this.opened();
    };
    socket.onmessage = (event) => {
      if (this.#socket !== socket) return;
      if (typeof event.data !== 'string') {
        this.emit({ type: 'protocol-error', reason: 'binary frame' });
        return;
      }
      this.receivedFrame(event.data);
    };
    socket.onclose = () => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      this.lost();
    };
    socket.onerror = () => {
      /* the close event follows and carries the state change */
    };
  }

  protected closeChannel(): void {
    const socket = this.#socket;
    this.#socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      // Closing a socket that is still connecting reports an error; Node's `ws` throws it when nobody listens.
      socket.onerror = () => {};
      socket.close(1000, 'client closed');
    }
  }

  protected transmit(frame: ClientFrame): boolean {
    if (!this.channelOpen) return false;
    this.#socket?.send(JSON.stringify(frame));
    return true;
  }
}

/** The Composer protocol over a WebSocket at a URL (`<mantis-chat transport="ws">`). */
export function websocketFromUrl(url: string, options: TransportFactoryOptions): WebSocketTransport {
  return new WebSocketTransport(composerUrl(url, options, options.relativeTo, 'ws'));
}
