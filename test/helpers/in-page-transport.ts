import { BaseTransport, type ClientFrame, type ServerEvent, type UiEnvelopeEvent } from '../../src/index.js';

/**
 * An in-page transport: the test or bench delivers server events itself (no network; as fast as it likes). A fake
 * only in that it has no server behind it: the chat, session and parser it feeds are the real ones.
 */
export class InPageTransport extends BaseTransport {
  connect(): void {
    this.setState('open');
  }
  send(_frame: ClientFrame): void {}
  close(): void {
    this.setState('closed');
  }
  deliver(event: ServerEvent): void {
    this.emit({ type: 'server', event });
  }
  /** An agent-ui@1 `ui_envelope` event, as the SSE transport passes one on. */
  envelope(event: UiEnvelopeEvent): void {
    this.emit({ type: 'ui-envelope', event });
  }
}
