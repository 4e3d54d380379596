import type { MessageEvent, ServerEvent } from '../protocol/composer-frames.js';
import { toolPart } from './tool-state.js';
import type { ProtocolMarker } from '../protocol/marker.js';
import { createMessageParser, type MessageParser } from '../protocol/message-parser.js';
import type { MantisPart, ReasoningPart, ToolPart } from '../protocol/parts.js';


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
  /** The `client_message_id` of the user message this answers. */
  readonly inReplyTo?: string;
  /**
   * The trusted events of the message (reasoning, tools, todos, uploads) in arrival order, each with the length of
   * the text when it arrived: with the text, they rebuild the exact timeline on replay.
   */
  readonly events: readonly PersistedEvent[];
}

export type ChatMessage = UserMessage | AssistantMessage;

/** Trusted message events that are not text: what a timeline holds besides the text. */
export type TrustedEvent = Extract<MessageEvent, { type: 'reasoning_start' | 'reasoning_delta' | 'reasoning_end' | 'tool' | 'todo' | 'attachment' }>;

/** One trusted event as persisted: where it happened in the text, and when it arrived. */
export interface PersistedEvent {
  /** The assistant text's length when the event arrived. */
  readonly at: number;
  /** Milliseconds since the epoch when it arrived (reasoning durations come from these). */
  readonly receivedAt: number;
  readonly event: TrustedEvent;
}

/**
 * The persisted format of a conversation (`<mantis-chat>.messages`, `mantis-history-change`): the original text as
 * the source of truth, the trusted marker, and the trusted events with their reasoning_id, tool_call_id and
 * sequence. Parts are never stored: they are derived again, exactly, on replay.
 */
export type PersistedMessage =
  | UserMessage
  | Pick<AssistantMessage, 'id' | 'role' | 'text' | 'marker' | 'sequence' | 'inReplyTo' | 'events'>;

/** The parts of a persisted assistant message: its text parsed under its stored marker, events where they arrived. */
function replayParts(m: Extract<PersistedMessage, { role: 'assistant' }>): readonly MantisPart[] {
  const parser = createMessageParser(m.marker);
  let parts: readonly MantisPart[] = [];
  let offset = 0;
  for (const { at, event } of m.events) {
    const upTo = Math.min(Math.max(at, offset), m.text.length);
    if (upTo > offset) parts = parser.push(m.text.slice(offset, upTo));
    offset = upTo;
    parts = applyTrusted(parser, parts, event);
  }
  if (offset < m.text.length) parser.push(m.text.slice(offset));
  return [...parser.end()];
}

/** Applies one trusted event to a message's parts through its parser (shared by live streaming and replay). */
function applyTrusted(parser: MessageParser, parts: readonly MantisPart[], event: TrustedEvent): readonly MantisPart[] {
  switch (event.type) {
    case 'reasoning_start':
    case 'reasoning_delta':
    case 'reasoning_end': {
      const id = event.reasoning_id;
      const previous = parts.findLast((p): p is ReasoningPart => p.type === 'reasoning' && p.id === id);
      const reasoning: ReasoningPart = {
        type: 'reasoning',
        id,
        text: (previous?.text ?? '') + (event.type === 'reasoning_delta' ? event.delta : ''),
        state: event.type === 'reasoning_end' ? 'done' : 'streaming',
      };
      return parser.upsert(reasoning, (p) => p.type === 'reasoning' && p.id === id);
    }
    case 'tool': {
      // Explicit tool_call_id correlation wins; the legacy fallback is the latest open call of the same tool.
      const previous = event.tool_call_id
        ? parts.findLast((p): p is ToolPart => p.type === 'dynamic-tool' && p.toolCallId === event.tool_call_id)
        : parts.findLast((p): p is ToolPart => p.type === 'dynamic-tool' && p.toolName === event.tool_name && !FINAL_TOOL_STATES.has(p.state));
      const toolCallId = event.tool_call_id ?? previous?.toolCallId ?? `${event.message_id}-seq-${event.sequence}`;
      return parser.upsert(toolPart(event, toolCallId, previous), (p) => p.type === 'dynamic-tool' && p.toolCallId === toolCallId);
    }
    case 'attachment':
      return parser.insert({
        type: 'data-mantis-attachment',
        id: event.attachment_id,
        data: { name: event.name, mediaType: event.media_type, size: event.size, ...(event.key ? { key: event.key } : {}) },
      });
    case 'todo':
      return parser.upsert({ type: 'data-mantis-todo', id: 'todo', data: { todos: event.todos } }, (p) => p.type === 'data-mantis-todo');
  }
}

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

  /** The message whose todo list is the current one (the legacy todo UI). */
  #todoOwner: string | null = null;

  /** A trusted task event updates the todo item that carries its persisted task ID, in the message that owns the list. */
  #applyTask(taskId: number, status: 'delivered' | 'running' | 'completed' | 'failed'): AssistantMessage | null {
    const index = this.#messages.findLastIndex((m) => m.id === this.#todoOwner);
    const owner = this.#messages[index];
    if (!owner || owner.role !== 'assistant') return null;
    const list = owner.parts.findLast((p) => p.type === 'data-mantis-todo');
    if (list?.type !== 'data-mantis-todo' || !list.data.todos.some((t) => t.task_id === taskId)) return null;
    const todos = list.data.todos.map((t) => (t.task_id === taskId ? { ...t, status: TASK_TO_TODO[status] } : t));
    // A message still streaming keeps its parts in its parser: update them there, or its next delta undoes this.
    const parser = this.#parsers.get(owner.id);
    const todo = { type: 'data-mantis-todo', id: 'todo', data: { todos } } as const;
    const parts = parser
      ? [...parser.upsert(todo, (p) => p.type === 'data-mantis-todo')]
      : owner.parts.map((p) => (p.type === 'data-mantis-todo' ? todo : p));
    const next: AssistantMessage = { ...owner, parts };
    this.#messages = this.#messages.with(index, next);
    return next;
  }

  /**
   * Applies one validated server event. Events at or below a message's last applied sequence are duplicates and
   * ignored, so a replay after reconnecting never doubles a part. Returns the message it changed, or null.
   */
  apply(event: ServerEvent): AssistantMessage | null {
    if (event.type === 'error' || event.type === 'action_result') return null;
    if (event.type === 'task') return this.#applyTask(event.task_id, event.status);
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
        events: [],
        ...(event.in_reply_to ? { inReplyTo: event.in_reply_to } : {}),
      };
      this.#messages = [...this.#messages, message];
      return message;
    }

    const parser = this.#parsers.get(event.message_id);
    if (!current || !parser || event.sequence <= current.sequence || current.status === 'done') return null;

    let text = current.text;
    let parts: readonly MantisPart[];
    let status: AssistantMessage['status'] = 'streaming';
    let events = current.events;
    if (event.type === 'text_delta') {
      text += event.delta;
      parts = parser.push(event.delta);
    } else if (event.type === 'message_end') {
      parts = parser.end();
      status = 'done';
      this.#parsers.delete(event.message_id);
    } else {
      if (event.type === 'todo') this.#todoOwner = event.message_id;
      parts = applyTrusted(parser, current.parts, event);
      events = [...events, { at: text.length, receivedAt: Date.now(), event }];
    }
    const next: AssistantMessage = { ...current, text, parts: [...parts], status, sequence: event.sequence, events };
    this.#messages = this.#messages.with(index, next);
    return next;
  }

  /** The conversation in its persisted format. */
  toPersisted(): PersistedMessage[] {
    return this.#messages.map((m) =>
      m.role === 'user'
        ? m
        : {
            id: m.id,
            role: m.role,
            text: m.text,
            marker: m.marker,
            sequence: m.sequence,
            events: m.events,
            ...(m.inReplyTo ? { inReplyTo: m.inReplyTo } : {}),
          },
    );
  }

  /**
   * Replaces the conversation with persisted messages. Each assistant message is parsed again under its stored
   * marker (never the mode selected now), with its trusted events placed where they arrived in the text, so the
   * parts are exactly those of the live stream.
   */
  load(messages: readonly PersistedMessage[]): void {
    this.#parsers.clear();
    this.#todoOwner = null;
    this.#messages = messages.map((m) => {
      if (m.role === 'user') return m;
      if (m.events.some(({ event }) => event.type === 'todo')) this.#todoOwner = m.id;
      // Parts are derived on first use: a long history paints its newest messages without parsing the oldest.
      let parts: readonly MantisPart[] | undefined;
      const message = { ...m, status: 'done' as const } as AssistantMessage;
      Object.defineProperty(message, 'parts', { enumerable: true, get: () => (parts ??= replayParts(m)) });
      return message;
    });
  }
}

const FINAL_TOOL_STATES: ReadonlySet<ToolPart['state']> = new Set(['output-available', 'output-error', 'output-denied']);
const TASK_TO_TODO = { delivered: 'pending', running: 'in_progress', completed: 'completed', failed: 'pending' } as const;
