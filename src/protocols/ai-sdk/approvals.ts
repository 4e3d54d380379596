import type { AnsweredApproval, MantisPart, ToolApproval, ToolPart } from '../../message/parts.js';
import type { RecordHandler } from '../module.js';

/*
 * An AI SDK tool approval as the record `approval`: the request of a `tool-approval-request` chunk (its fields kept as
 * they came, so that the answer sends them back whole: servers verify `signature`), and its answer, given by a
 * `tool-approval-response` chunk or by the user (src/chat/session-answers.ts). Applied to the call's tool part: asked,
 * it is `approval-requested`; answered, `approval-responded`. Read as leniently as the wire: a field of the wrong kind
 * is left out; a request without its IDs is skipped; fields this client does not know are left behind.
 */

export interface ApprovalRecord {
  readonly type: 'approval';
  /** The call; absent in an answer that names only its approval (the call is the one that asked it). */
  readonly tool_call_id?: string;
  /** The tool's name, when the chunk's call was not seen in this reply (a continuation reads its calls afresh). */
  readonly tool_name?: string;
  readonly approval: ToolApproval & { readonly approved?: boolean; readonly reason?: string };
}

type Loose = Readonly<Record<string, unknown>>;
const text = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/** At most this much JSON of the SDK's own opaque fields (`descriptor`, `inputSchemaInput`) is kept. */
const OPAQUE_CHARS = 16 * 1024;

function opaque(value: unknown): unknown {
  try {
    const json = JSON.stringify(value);
    return json !== undefined && json.length <= OPAQUE_CHARS ? (JSON.parse(json) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** An approval's known fields, each checked; null without its ID. */
export function approvalOf(value: unknown): ApprovalRecord['approval'] | null {
  if (!isObject(value)) return null;
  const id = text(value['id'], 128);
  if (!id) return null;
  const approved = typeof value['approved'] === 'boolean' ? value['approved'] : undefined;
  const reason = text(value['reason'], 2000);
  const requestReason = text(value['requestReason'], 2000);
  const signature = text(value['signature'], 4096);
  const descriptor = value['descriptor'] === undefined ? undefined : opaque(value['descriptor']);
  const inputSchemaInput = value['inputSchemaInput'] === undefined ? undefined : opaque(value['inputSchemaInput']);
  return {
    id,
    ...(approved === undefined ? {} : { approved }),
    ...(reason ? { reason } : {}),
    ...(requestReason ? { requestReason } : {}),
    ...(value['isAutomatic'] === true ? { isAutomatic: true } : {}),
    ...(signature ? { signature } : {}),
    ...(descriptor === undefined ? {} : { descriptor }),
    ...(inputSchemaInput === undefined ? {} : { inputSchemaInput }),
  };
}

export const approval: RecordHandler<ApprovalRecord> = {
  read(value) {
    if (!isObject(value) || value['type'] !== 'approval') return null;
    const callId = text(value['tool_call_id'], 128);
    const asked = approvalOf(value['approval']);
    const name = text(value['tool_name'], 128);
    return asked ? { type: 'approval', approval: asked, ...(callId ? { tool_call_id: callId } : {}), ...(name ? { tool_name: name } : {}) } : null;
  },
  apply(record, editor, parts) {
    const asking = (p: MantisPart): p is ToolPart => p.type === 'dynamic-tool' && 'approval' in p && p.approval?.id === record.approval.id;
    const id = record.tool_call_id ?? parts.findLast(asking)?.toolCallId;
    // An answer to an approval this message never asked changes nothing.
    if (id === undefined) return null;
    const same = (p: MantisPart): p is ToolPart => p.type === 'dynamic-tool' && p.toolCallId === id;
    const previous = parts.findLast(same);
    // The answer grows the request it answers.
    const { approved, ...asked } = { ...(previous && 'approval' in previous ? previous.approval : undefined), ...record.approval };
    const call = { type: 'dynamic-tool', toolName: previous?.toolName ?? record.tool_name ?? 'tool', toolCallId: id, input: previous && 'input' in previous ? previous.input : undefined } as const;
    const part: ToolPart =
      approved === undefined ? { ...call, state: 'approval-requested', approval: asked } : { ...call, state: 'approval-responded', approval: { ...asked, approved } satisfies AnsweredApproval };
    return editor.upsert(part, same);
  },
};
