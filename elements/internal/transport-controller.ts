import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Transport, TransportListener } from '../../src/index.js';

/**
 * Subscribes a host to a transport while the host is connected. A transport the controller created is also
 * connected and closed with the host; one handed in by the page is only subscribed to, and left for the page.
 */
export class TransportController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #listener: TransportListener;
  #transport: Transport | null = null;
  #owned = false;
  #unsubscribe: (() => void) | null = null;
  #connected = false;

  constructor(host: ReactiveControllerHost, listener: TransportListener) {
    this.#host = host;
    this.#listener = listener;
    host.addController(this);
  }

  get transport(): Transport | null {
    return this.#transport;
  }

  /** Switches to another transport (or none). `owned` transports are connected and closed by the controller. */
  use(transport: Transport | null, owned: boolean): void {
    if (transport === this.#transport) return;
    this.#detach();
    this.#transport = transport;
    this.#owned = owned;
    if (this.#connected) this.#attach();
  }

  hostConnected(): void {
    this.#connected = true;
    this.#attach();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#detach();
  }

  #attach(): void {
    const transport = this.#transport;
    if (!transport || this.#unsubscribe) return;
    this.#unsubscribe = transport.subscribe(this.#listener);
    if (this.#owned || transport.state === 'idle') transport.connect();
    this.#host.requestUpdate();
  }

  #detach(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (this.#owned) this.#transport?.close();
  }
}
