import type { ToolApproval, ToolPart } from '../../message/parts.js';
import type { ToolRecord } from './records.js';

/**
 * Builds the AI SDK 7 `dynamic-tool` part for a tool event; `previous` carries what earlier events said (input, call
 * ID). The mapping (docs/protocol.md): pending → input-streaming, running → input-available, awaiting_approval →
 * approval-requested, approval_recorded → approval-responded, completed → output-available, failed → output-error,
 * denied → output-denied. A state this client does not know keeps the call where it was, with `unlistedState` naming
 * the new state so it shows neutrally under its own name.
 */
export function toolPart(event: ToolRecord, toolCallId: string, previous?: ToolPart): ToolPart {
  // A later event of a call may not know its name (a protocol's continuation reads its calls afresh): the first name stands.
  const agent = event.agent ?? previous?.agent;
  const base = { type: 'dynamic-tool', toolName: previous?.toolName ?? event.tool_name, toolCallId, ...(agent ? { agent } : {}) } as const;
  const input = event.input ?? (previous && 'input' in previous ? previous.input : undefined);
  // The approval a protocol recorded for the call (its own record: the AI SDK's), else one named for the call.
  const approval: ToolApproval & { readonly approved?: boolean } = (previous && 'approval' in previous && previous.approval) || { id: `approval-${toolCallId}` };
  // A call that ran once approved keeps its approval, as the AI SDK keeps it on the part: a backend reads the answer
  // from it on every later turn.
  const granted = approval.approved === true ? { approval: { ...approval, approved: true as const } } : {};
  switch (event.state) {
    case 'pending':
      return { ...base, state: 'input-streaming', input };
    case 'running':
      return { ...base, state: 'input-available', input };
    case 'awaiting_approval':
      return { ...base, state: 'approval-requested', input, approval };
    case 'approval_recorded':
      return { ...base, state: 'approval-responded', input, approval: { ...approval, approved: true } };
    case 'completed':
      return { ...base, state: 'output-available', input, output: event.output, ...granted };
    case 'failed':
      return { ...base, state: 'output-error', input, errorText: event.error ?? 'The tool failed.', ...granted };
    case 'denied':
      return { ...base, state: 'output-denied', input, approval: { ...approval, approved: false } };
    default: {
      const { unlistedState: _was, ...kept } = previous ?? { ...base, state: 'input-streaming' as const, input };
      return { ...kept, ...base, unlistedState: event.state };
    }
  }
}
