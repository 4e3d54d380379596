/**
 * Watches what the page's WebSockets do while the sockets themselves stay real: the URLs they open and the frames the
 * client sends. Call `restore()` when done.
 */
import type { ClientFrame } from '../../src/index.js';

export function recordSocketUrls(): { readonly opened: string[]; restore(): void } {
  const opened: string[] = [];
  const RealWebSocket = window.WebSocket;
  window.WebSocket = class extends RealWebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      opened.push(String(url));
    }
  };
  return { opened, restore: () => (window.WebSocket = RealWebSocket) };
}

export function recordSocketFrames(): { readonly frames: ClientFrame[]; restore(): void } {
  const frames: ClientFrame[] = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    if (typeof data === 'string') frames.push(JSON.parse(data) as ClientFrame);
    return send.call(this, data);
  };
  return { frames, restore: () => (WebSocket.prototype.send = send) };
}
