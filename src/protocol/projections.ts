import type { ComposerNode, InvalidNode } from '../schema/nodes.js';
import type { ProtocolMarker } from './marker.js';
import { parseAssistantText } from './message-parser.js';
import type { MantisPart } from './parts.js';

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
}

/** The visible prose of a message: its text parts joined, fences that were views removed. */
function visibleProse(message: ProjectableMessage): string {
  if (message.role === 'user' || !message.marker) return message.text;
  return proseOf(parseAssistantText(message.text, message.marker));
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

/** One citation of a message's aggregate set, numbered continuously across all of its views. */
export interface MessageCitation {
  readonly number: number;
  readonly viewId: string;
  readonly nodeId: string;
  readonly id: string;
  readonly title: string;
  readonly source?: string;
  readonly excerpt?: string;
  readonly target?: { readonly uri: string };
}

/** The aggregate citation set of a message (what a canvas shows), and the first number of each citation-list. */
export interface CitationIndex {
  readonly citations: readonly MessageCitation[];
  /** `${viewId}/${nodeId}` of a citation-list → the number of its first citation. */
  readonly startOf: ReadonlyMap<string, number>;
}

/** Numbers the citations of every citation-list in the message's views, in source order, from 1. */
export function citationIndex(parts: readonly MantisPart[]): CitationIndex {
  const citations: MessageCitation[] = [];
  const startOf = new Map<string, number>();
  const visit = (node: ComposerNode | InvalidNode, viewId: string): void => {
    if (node.type === 'stack' || node.type === 'grid') {
      for (const child of node.children) visit(child, viewId);
    } else if (node.type === 'citation-list') {
      startOf.set(`${viewId}/${node.id}`, citations.length + 1);
      for (const citation of node.citations) {
        citations.push({ ...citation, number: citations.length + 1, viewId, nodeId: node.id });
      }
    }
  };
  for (const part of parts) if (part.type === 'data-mantis-ui') visit(part.data.root, part.data.id);
  return { citations, startOf };
}
