import type { ServerEvent } from '../protocol/composer-frames.js';
import type { ProtocolMarker } from '../protocol/marker.js';
import { createMessageParser, type MessageParser } from '../protocol/message-parser.js';
import type { MantisPart } from '../protocol/parts.js';

export interface UserMessage {
  readonly id: string;
  readonly role: 'user';
  /** Exactly what the user typed; always plain text, fences included. */
  readonly text: string;
}

export interface AssistantMessage {
  readonly id: string;
  readonly role: 'assistant';
  /** The original assistant text: the source of truth for persistence, replay and audit. */
  readonly text: string;
  /** The trusted protocol marker sent by the server for this message. */
  readonly marker: ProtocolMarker;
  readonly parts: readonly MantisPart[];
  readonly status: 'streaming' | 'done';
  /** The last applied event sequence; events at or below it are duplicates and ignored. */
  readonly sequence: number;
}

export type ChatMessage = UserMessage | AssistantMessage;

/**
 * The messages of one conversation and the rules that apply server events to them. A changed message is
 * replaced by a new object and unchanged ones keep their identity, so a renderer redraws only what changed.
 */
export class Thread {
  #messages: ChatMessage[] = [];
  readonly #parsers = new Map<string, MessageParser>();
  #nextUserId = 0;

  get messages(): readonly ChatMessage[] {
    return this.#messages;
  }

  addUserMessage(text: string): UserMessage {
    const message: UserMessage = { id: `user-${Date.now().toString(36)}-${this.#nextUserId++}`, role: 'user', text };
    this.#messages = [...this.#messages, message];
    return message;
  }

  /** Applies one validated server event. Returns the message it changed, or null if nothing changed. */
  apply(event: ServerEvent): AssistantMessage | null {
    if (event.type === 'error') return null;
    const index = this.#messages.findLastIndex((m) => m.id === event.message_id && m.role === 'assistant');
    const current = index >= 0 ? (this.#messages[index] as AssistantMessage) : undefined;

    if (event.type === 'message_start') {
      if (current) return null;
      const marker: ProtocolMarker = { inlineUiVersion: event.marker.inline_ui_version, mode: event.marker.mode };
      this.#parsers.set(event.message_id, createMessageParser(marker));
      const message: AssistantMessage = {
        id: event.message_id,
        role: 'assistant',
        text: '',
        marker,
        parts: [],
        status: 'streaming',
        sequence: event.sequence,
      };
      this.#messages = [...this.#messages, message];
      return message;
    }

    const parser = this.#parsers.get(event.message_id);
    if (!current || !parser || event.sequence <= current.sequence || current.status === 'done') return null;

    let next: AssistantMessage;
    if (event.type === 'text_delta') {
      next = { ...current, text: current.text + event.delta, parts: [...parser.push(event.delta)], sequence: event.sequence };
    } else {
      next = { ...current, parts: [...parser.end()], status: 'done', sequence: event.sequence };
      this.#parsers.delete(event.message_id);
    }
    this.#messages = this.#messages.with(index, next);
    return next;
  }
}
