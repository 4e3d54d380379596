import type { MantisPart, SubagentPart } from '../../message/parts.js';
import type { RecordHandler } from '../module.js';
import type { ReplyWriter } from '../reply.js';
import { isObject, str, type Loose } from './values.js';

/*
 * AG-UI subagents (`SUBAGENT_STARTED/FINISHED/ERROR`): each invocation is a record of its reply (`subagent`, keyed by
 * its `subagentRunId`), shown where it started with how it is doing; the tool calls it makes (events that carry its
 * `subagentRunId`) are attributed to it by name. Read leniently: an event without its invocation's ID is skipped; an
 * outcome this chat does not know shows neutrally under its own name.
 */

export type SubagentRecord = { readonly type: 'subagent'; readonly id: string } & SubagentPart['data'];


export const subagentRecord: RecordHandler<SubagentRecord> = {
  read(value) {
    if (!isObject(value)) return null;
    const id = str(value['id'], 200);
    const name = str(value['name'], 128);
    const state = str(value['state'], 64);
    if (!id || !name || !state) return null;
    const [description, message, toolCallId] = [str(value['description'], 2000), str(value['message'], 2000), str(value['toolCallId'], 200)];
    return { type: 'subagent', id, name, state, ...(description ? { description } : {}), ...(message ? { message } : {}), ...(toolCallId ? { toolCallId } : {}) };
  },
  apply(record, editor) {
    const { type: _type, id, ...data } = record;
    const part: MantisPart = { type: 'data-mantis-subagent', id, data };
    return editor.upsert(part, (p) => p.type === 'data-mantis-subagent' && p.id === id);
  },
};

/** The subagents of a run, by invocation: what their events record, and whose name a tool call carries. */
export class Subagents {
  readonly #known = new Map<string, SubagentRecord>();

  /** The name of the subagent an event belongs to, if it carries one this run announced. */
  agentOf(event: Loose): string | undefined {
    const id = str(event['subagentRunId'], 200);
    return id ? this.#known.get(id)?.name : undefined;
  }

  /**
   * A `SUBAGENT_*` event as its record, read by the record's own reader (the same bounds as a stored one); false when
   * it names no invocation (the caller says it is unreadable).
   */
  read(event: Loose, reply: ReplyWriter): boolean {
    const id = str(event['subagentRunId'], 200);
    if (!id) return false;
    const outcome = isObject(event['outcome']) ? str(event['outcome']['type'], 64) : undefined;
    const said =
      event['type'] === 'SUBAGENT_STARTED'
        ? { name: str(event['name'], 128) ?? 'subagent', description: event['description'], toolCallId: event['parentToolCallId'], state: 'running' }
        : { ...this.#known.get(id), message: event['message'], state: event['type'] === 'SUBAGENT_ERROR' ? 'failed' : outcome === undefined || outcome === 'success' ? 'done' : outcome };
    const record = subagentRecord.read({ name: 'subagent', ...said, type: 'subagent', id });
    if (!record) return false;
    this.#known.set(id, record);
    reply.record(record);
    return true;
  }
}
