import { ENVELOPE_THREAD_LIMITS } from '../../limits.js';
import type { RenderStatus } from '../../message/messages.js';
import type { ProtocolHost, ProtocolModule, ProtocolState } from '../module.js';
import { ENVELOPE_FIELDS, ENVELOPE_RECORDS, type EnvelopeRecord } from './records.js';

/** agent-ui@1 in one conversation: how its envelopes rendered, recorded with their messages (001 "State Persistence"). */
export class EnvelopeSession implements ProtocolState {
  readonly name = 'agent-ui';
  readonly #host: ProtocolHost;

  constructor(host: ProtocolHost) {
    this.#host = host;
  }

  /** Records how an envelope rendered (its renderer reports it); persisted with its message. False when nothing changed. */
  setStatus(envelopeId: string, status: RenderStatus, error?: string): boolean {
    for (let i = this.#host.messages.length - 1; i >= 0; i--) {
      const message = this.#host.messages[i];
      if (message?.role !== 'assistant' || !message.uiEnvelopes.some((e) => e.envelopeId === envelopeId)) continue;
      const kept = message.events.find((e) => e.event.type === 'ui-envelope' && (e.event as EnvelopeRecord).envelope_id === envelopeId)?.event as EnvelopeRecord | undefined;
      if (!kept) return false;
      const text = error?.slice(0, ENVELOPE_THREAD_LIMITS.statusErrorChars);
      if (kept.renderStatus === status && kept.error === text) return false;
      const { error: _was, ...rest } = kept;
      const next: EnvelopeRecord = { ...rest, renderStatus: status, ...(text === undefined ? {} : { error: text }) };
      return this.#host.updateRecord(message.id, next);
    }
    return false;
  }
}

/** agent-ui@1 as a protocol of a chat: its envelope records, the `uiEnvelopes` it persists, its session state. */
export const agentUiProtocol: ProtocolModule = {
  name: 'agent-ui',
  records: ENVELOPE_RECORDS,
  fields: ENVELOPE_FIELDS,
  createState: (host) => new EnvelopeSession(host),
};

/** A session's agent-ui@1 state, once an envelope has been shown. */
export function envelopesOf(session: { protocol(name: string): unknown }): EnvelopeSession | undefined {
  const state = session.protocol('agent-ui');
  return state instanceof EnvelopeSession ? state : undefined;
}
