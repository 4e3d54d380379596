import type { ProtocolMarker } from '../message/marker.js';
import type { MantisPart } from '../message/parts.js';
import { parseAssistantText } from '../protocols/register.js';
import { cleanFileName } from '../uploads/policy.js';

/*
 * Projections of a persisted assistant message (000_de6e533300a72cb9.txt, "Persistence, copy, and model
 * context"). The original text stays the source of truth and is never changed; UI fences are removed only from
 * these projections, so old view payloads never consume model context while replay stays exact. Visible prose
 * and citation markup are kept.
 */

/** What projections need of a message: its source text and trusted marker (user messages have no marker). */
export interface ProjectableMessage {
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly marker?: ProtocolMarker;
  /** A user message's files. */
  readonly attachments?: readonly { readonly name: string; readonly mediaType: string }[];
  /** An assistant message's trusted records: its `attachment` records are the files the backend confirmed. */
  readonly events?: readonly { readonly event: { readonly type: string } }[];
}

/** The files of a message, named (file name and type) without their content: `[Attached: a.png (image/png)]`. */
export function attachmentsLine(message: ProjectableMessage): string {
  const files =
    message.role === 'user'
      ? (message.attachments ?? []).map((f) => `${cleanFileName(f.name)} (${f.mediaType})`)
      : (message.events ?? []).flatMap(({ event }) => (isAttachment(event) ? [`${cleanFileName(event.name)} (${event.media_type})`] : []));
  return files.length > 0 ? `[Attached: ${files.join(', ')}]` : '';
}

const isAttachment = (event: { readonly type: string }): event is { type: 'attachment'; name: string; media_type: string } => event.type === 'attachment';

/** The visible prose of a message (its text parts joined, fences that were views removed), and its files named. */
function visibleProse(message: ProjectableMessage): string {
  // The whole text: copy and context keep what the display limit cut off on screen.
  const prose =
    message.role === 'user' || !message.marker ? message.text : proseOf(parseAssistantText(message.text, message.marker, { displayChars: Number.POSITIVE_INFINITY }));
  return [prose, attachmentsLine(message)].filter((text) => text.length > 0).join('\n\n');
}

/** Joins the text parts of parsed parts, without the views between them. */
export function proseOf(parts: readonly MantisPart[]): string {
  const prose: string[] = [];
  for (const part of parts) {
    if (part.type === 'text') prose.push(part.text.trim());
    // A Visual Tour has no prose of its own: its visible text is its title, summary and steps.
    if (part.type === 'data-mantis-tour') {
      const tour = part.data;
      prose.push(`${tour.title}`, tour.summary ?? '', tour.steps.map((step, i) => `${i + 1}. ${step.title}: ${step.body}`).join('\n'));
    }
  }
  return prose.filter((text) => text.length > 0).join('\n\n');
}

/** The text the copy button puts on the clipboard. */
export function copyText(message: ProjectableMessage): string {
  return visibleProse(message);
}

/** The prompt a follow-up suggestion is built from. */
export function followUpPrompt(message: ProjectableMessage): string {
  return visibleProse(message);
}

/** The preamble that resumes a conversation in a new model context: every message's visible prose, by role. */
export function contextPreamble(messages: readonly ProjectableMessage[]): string {
  return messages
    .map((message) => `${message.role === 'user' ? 'User' : 'Assistant'}: ${visibleProse(message)}`)
    .join('\n\n');
}
