import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { UIMessage, UIMessageStreamWriter } from 'ai';

/*
 * The AI SDK endpoint's tool approvals (demo/server/ai-sdk.ts), as a backend with `needsApproval` tools runs them: a
 * reply asks before `delete_site` runs (`tool-approval-request`, signed by the server), and the client's next POST
 * carries the user's answer in the asking message's tool part (`approval-responded`). The server believes an answer
 * only when the approval it names is one it signed for that call and that input, then goes on in that message.
 */

const MARKER = { mantis: { inlineUiVersion: 1, mode: 'orchestrator' } } as const;

/** Per process: a signature from another server run (or made up by a client) never verifies. */
const SECRET = randomBytes(32);

/** What the server signs: the approval, the call it is for, and that call's input (an answer cannot be moved to another site). */
export function approvalSignature(approvalId: string, toolCallId: string, input: unknown): string {
  return createHmac('sha256', SECRET).update(`${approvalId}\u0000${toolCallId}\u0000${JSON.stringify(input ?? null)}`).digest('base64url');
}

/** A tool part of a posted message, as much of it as an approval needs. */
interface AnsweredCall {
  readonly toolCallId: string;
  readonly input: unknown;
  readonly approval: { readonly id: string; readonly approved: boolean; readonly reason?: string; readonly signature?: string };
}

type Part = UIMessage['parts'][number];
const isToolPart = (part: Part): part is Extract<Part, { toolCallId: string }> => part.type === 'dynamic-tool' || part.type.startsWith('tool-');

/**
 * The calls the user answered, when the posted conversation ends with an assistant message holding any (the client
 * goes on with that message); null when it does not (a new turn).
 */
export function answeredCalls(messages: readonly UIMessage[]): AnsweredCall[] | null {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return null;
  const answered = last.parts.filter(isToolPart).flatMap((part): AnsweredCall[] => (part.state === 'approval-responded' ? [{ toolCallId: part.toolCallId, input: part.input, approval: part.approval }] : []));
  return answered.length > 0 ? answered : null;
}

/** Whether every answer names an approval this server signed for its call and input. */
export function signedByUs(calls: readonly AnsweredCall[]): boolean {
  return calls.every(({ approval, toolCallId, input }) => {
    const expected = Buffer.from(approvalSignature(approval.id, toolCallId, input));
    const given = Buffer.from(approval.signature ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** The sites the `approve` scripts ask to delete, by call. */
const SITES: Readonly<Record<string, string>> = { 'call-approve': 'north-3', 'call-a': 'north-3', 'call-b': 'south-1' };

type Text = (writer: UIMessageStreamWriter, id: string, value: string) => Promise<void>;

/** Asks to run `delete_site` for each call: the call, then the signed request (the reply then finishes and waits). */
function ask(writer: UIMessageStreamWriter, calls: ReadonlyArray<{ toolCallId: string; approvalId: string }>): void {
  for (const { toolCallId, approvalId } of calls) {
    const input = { site: SITES[toolCallId] };
    writer.write({ type: 'tool-input-start', toolCallId, toolName: 'delete_site' });
    writer.write({ type: 'tool-input-available', toolCallId, toolName: 'delete_site', input });
    writer.write({ type: 'tool-approval-request', approvalId, toolCallId, reason: 'Deleting a site cannot be undone.', signature: approvalSignature(approvalId, toolCallId, input) });
  }
}

/** The replies that ask (`approve`: one approval; `approve two`: two in one message, answered separately). */
export const APPROVAL_SCRIPTS = (text: Text): Record<string, (writer: UIMessageStreamWriter) => Promise<void>> => ({
  async 'approve two'(writer) {
    writer.write({ type: 'start', messageMetadata: MARKER });
    await text(writer, 't1', 'I will delete sites north-3 and south-1 once you approve each.');
    ask(writer, [
      { toolCallId: 'call-a', approvalId: 'approval-a' },
      { toolCallId: 'call-b', approvalId: 'approval-b' },
    ]);
    writer.write({ type: 'finish', finishReason: 'tool-calls' });
  },
  async approve(writer) {
    writer.write({ type: 'start', messageMetadata: MARKER });
    await text(writer, 't1', 'I will delete site north-3 once you approve.');
    ask(writer, [{ toolCallId: 'call-approve', approvalId: 'approval-1' }]);
    writer.write({ type: 'finish', finishReason: 'tool-calls' });
  },
});

/**
 * The reply that goes on after the answers: each approved call runs, each denied one does not, and the text says which.
 * `resumed`: waited for before the text (a reply that outlives its client: demo/server/ai-sdk-resume.ts).
 */
export async function continueAfter(writer: UIMessageStreamWriter, calls: readonly AnsweredCall[], text: Text, resumed?: () => Promise<void>): Promise<void> {
  writer.write({ type: 'start', messageMetadata: MARKER });
  const said: string[] = [];
  for (const { toolCallId, approval } of calls) {
    const site = SITES[toolCallId] ?? 'that site';
    if (approval.approved) {
      writer.write({ type: 'tool-output-available', toolCallId, output: { deleted: site } });
      said.push(`Site ${site} was deleted.`);
    } else {
      writer.write({ type: 'tool-output-denied', toolCallId });
      said.push(`I left ${site} alone.${approval.reason ? ` You said: ${approval.reason}` : ''}`);
    }
  }
  await resumed?.();
  await text(writer, 't-after', said.join(' '));
  writer.write({ type: 'finish', finishReason: 'stop' });
}
