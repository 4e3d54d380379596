import type { RecordHandler } from './module.js';
import type { ReplyWriter } from './reply.js';

/*
 * The agent's own words when its reply fails (an AI SDK `error` chunk's `errorText`, an AG-UI `RUN_ERROR`'s
 * `message`): a record of the protocol that carried them (`ai-sdk-error`, `ag-ui-error`), kept with the message and
 * shown as plain text where the reply stopped, live and on replay. The reply still ends as interrupted.
 */

export interface AgentErrorRecord {
  readonly type: 'ai-sdk-error' | 'ag-ui-error';
  readonly message: string;
}

/** The most of the agent's text that is kept; a longer one is cut there and ends with "…". */
export const MAX_AGENT_ERROR = 2000;

/** The agent's text, trimmed and cut to MAX_AGENT_ERROR characters; undefined when it is no text or empty. */
function errorText(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return undefined;
  return text.length > MAX_AGENT_ERROR ? `${text.slice(0, MAX_AGENT_ERROR - 1)}…` : text;
}

/** Ends a reply with the agent's error: its text (when it gave one) in the reply, then the reply as interrupted. */
export function agentFailed(reply: ReplyWriter, type: AgentErrorRecord['type'], value: unknown): void {
  const message = errorText(value);
  if (message && !reply.ended) reply.record({ type, message });
  reply.fail('agent_error', message ?? 'The agent reported an error.');
}

export const agentError: RecordHandler<AgentErrorRecord> = {
  read(value) {
    const v = value as Partial<Record<keyof AgentErrorRecord, unknown>> | null;
    const message = errorText(v?.message);
    return v && (v.type === 'ai-sdk-error' || v.type === 'ag-ui-error') && message ? { type: v.type, message } : null;
  },
  apply: (record, editor) => editor.insert({ type: 'data-mantis-agent-error', data: { message: record.message } }),
  placement: 'end',
};
