import type { Connection, ConnectionEvent, ConnectionListener, OutgoingFrame } from '../connection.js';
import type { ClientFrame } from './frames.js';
import { toConversation } from './events.js';
import type { Transport } from './transport.js';

/*
 * A Composer `Transport` (ours, or one a host made) as a connection of the one road: its server events become
 * conversation events, and outgoing frames become Composer client frames. It carries A2UI messages (`client_action`,
 * `a2ui_error`, `a2ui_function`, `a2ui_data_model`) and agent-ui@1 envelopes (`ui_envelope` on SSE) for their
 * protocols, by kind.
 */

/** The kinds of other protocols' messages the Composer's frames carry. */
const CARRIED = new Set(['a2ui']);

/** The Composer client frame of an outgoing frame; null for a kind the Composer's frames do not carry. */
export function toClientFrame(frame: OutgoingFrame): ClientFrame | null {
  switch (frame.type) {
    case 'user-message': {
      const files = frame.message.attachments ?? [];
      const model = frame.carried?.['a2ui'];
      return {
        type: 'user_message',
        client_message_id: frame.message.id,
        text: frame.message.text,
        mode: frame.mode,
        ...(model ? { a2ui_data_model: model as Extract<ClientFrame, { type: 'user_message' }>['a2ui_data_model'] } : {}),
        ...(files.length > 0 ? { attachments: files.map((f) => ({ upload_id: f.uploadId, name: f.name, media_type: f.mediaType, size: f.size })) } : {}),
      };
    }
    case 'action':
      return {
        type: 'action',
        client_action_id: frame.clientActionId,
        message_id: frame.messageId,
        view_id: frame.viewId,
        node_id: frame.nodeId,
        action: frame.action as Extract<ClientFrame, { type: 'action' }>['action'],
        ...(frame.createSelectionBag ? { create_selection_bag: true as const } : {}),
      };
    case 'abort':
      return { type: 'abort', message_id: frame.messageId };
    case 'carry': {
      if (!CARRIED.has(frame.kind) || typeof frame.payload !== 'object' || frame.payload === null) return null;
      const a2ui = frame.payload as Record<string, unknown>;
      if ('action' in a2ui && frame.clientActionId && frame.messageId) {
        const model = frame.carried?.['a2ui'];
        return {
          type: 'client_action',
          client_action_id: frame.clientActionId,
          message_id: frame.messageId,
          a2ui,
          ...(model ? { a2ui_data_model: model as Extract<ClientFrame, { type: 'client_action' }>['a2ui_data_model'] } : {}),
        };
      }
      // An error (a2ui_error), or else the answer to an agent's function call (a2ui_function, v1.0); an action
      // without its IDs is not sent.
      return 'action' in a2ui ? null : { type: 'error' in a2ui ? 'a2ui_error' : 'a2ui_function', ...(frame.messageId ? { message_id: frame.messageId } : {}), a2ui };
    }
  }
  // The Composer's wire has no answers to an agent's questions (its approvals are the backend's own).
  return null;
}

/** A Composer transport as a connection. */
export class TransportConnection implements Connection {
  readonly source: Transport;
  readonly advertise?: Connection['advertise'];
  readonly retry?: Connection['retry'];

  constructor(transport: Transport) {
    this.source = transport;
    if (typeof transport.advertise === 'function') this.advertise = (capabilities) => transport.advertise?.(capabilities);
    const retry = (transport as { retry?: unknown }).retry;
    if (typeof retry === 'function') this.retry = () => (retry as () => void).call(transport);
  }

  get state(): Connection['state'] {
    return this.source.state;
  }

  connect(options?: { signal?: AbortSignal }): void {
    this.source.connect(options);
  }

  close(): void {
    this.source.close();
  }

  carries(kind: string): boolean {
    return CARRIED.has(kind);
  }

  send(frame: OutgoingFrame): boolean {
    const client = toClientFrame(frame);
    if (!client) return false;
    this.source.send(client);
    return true;
  }

  subscribe(listener: ConnectionListener): () => void {
    return this.source.subscribe((event) => {
      let out: ConnectionEvent;
      if (event.type === 'server') out = toConversation(event.event);
      else if (event.type === 'ui-envelope') out = { type: 'record', record: { type: 'ui-envelope', ...event.event } };
      else out = event;
      listener(out);
    });
  }
}

const isFunction = (value: unknown): boolean => typeof value === 'function';

/** Whether a value is a Composer transport object (duck-typed: it may come from another copy of the bundle). */
export function isTransport(value: unknown): value is Transport {
  const t = value as Partial<Record<keyof Transport, unknown>> | null;
  return typeof t === 'object' && t !== null && isFunction(t.subscribe) && isFunction(t.send) && isFunction(t.connect) && isFunction(t.close);
}
