import type { ActionOutcome } from '../actions/outcomes.js';
import type { ServerEvent, UiEnvelopeEvent } from '../protocols/composer/frames.js';
import type { ProtocolMarker } from '../message/marker.js';
import { editFinished, type MessageParser } from '../message/parser.js';
import type { MantisPart } from '../message/parts.js';
import { citationIndex, type MessageCitation } from '../message/projections.js';
import { isRecordEvent, toRecord, type ReasoningRecord, type TrustedRecord } from '../protocols/composer/records.js';
import { normalizeEvents, replayParts, type PersistedAssistant, type PersistedMessage } from './persisted.js';

export type { PersistedMessage } from './persisted.js';
import { defaultProtocols, type ProtocolRegistry } from '../protocols/registry.js';
import type { RenderStatus, UiEnvelopeEntry } from '../protocols/agent-ui/types.js';
import { envelopeEntry, legacyDebug, withStatus, type LegacyDebug } from '../protocols/agent-ui/entries.js';

export type { LegacyDebug } from '../protocols/agent-ui/entries.js';
import { ENVELOPE_THREAD_LIMITS } from '../limits.js';
import { SurfacePlacements, touchedSurfaces, type SurfacePlacement } from '../protocols/a2ui/placements.js';
import type { AttachedFile } from '../uploads/tray.js';

export interface UserMessage {
  readonly id: string;
  readonly role: 'user';
  /** Exactly what the user typed; always plain text, fences included (empty when only files were sent). */
  readonly text: string;
  /**
   * The files sent with it, as the composer uploaded them (absent when none). What the backend stored and confirmed
   * comes as `attachment` records of the reply: only those make `data-mantis-attachment` parts.
   */
  readonly attachments?: readonly AttachedFile[];
}

/**
 * `streaming` until the reply ends: `done` with `message_end`; `interrupted` when it was cut short (the connection
 * was replaced or gave up, the server reported an error for it, or it stayed silent past the reply timeout).
 */
export type AssistantStatus = 'streaming' | 'done' | 'interrupted';

export interface AssistantMessage {
  readonly id: string;
  readonly role: 'assistant';
  /** The original assistant text: the source of truth for persistence, replay and audit. */
  readonly text: string;
  /** The trusted protocol marker sent by the server for this message. */
  readonly marker: ProtocolMarker;
  readonly parts: readonly MantisPart[];
  readonly status: AssistantStatus;
  /** The last applied event sequence; events at or below it are duplicates and ignored. */
  readonly sequence: number;
  /** The `client_message_id` of the user message this answers. */
  readonly inReplyTo?: string;
  /**
   * The trusted records of the message (reasoning runs, tools, todos, uploads, task progress) in arrival order, each
   * with the length of the text when it arrived: with the text, they rebuild the exact timeline on replay. The list
   * grows in place (records are never copied per event); each record is replaced, never mutated.
   */
  readonly events: readonly PersistedEvent[];
  /**
   * The message's one aggregate citation set, numbered continuously across its text and views (what a canvas
   * shows). Empty while the message streams.
   */
  readonly citations: readonly MessageCitation[];
  /** The state-changing actions of its views that ran, with their outcomes (persisted: each runs once, for good). */
  readonly actions: readonly ActionOutcome[];
  /**
   * The agent-ui@1 envelopes of its turn (001 "State Persistence"), as received, each with its render status. An
   * envelope is never validated here: its renderer does that, every time it renders.
   */
  readonly uiEnvelopes: readonly UiEnvelopeEntry[];
  /** The agent-ui `session_id` its envelopes came with: what their render_refs are resolved under. */
  readonly uiSessionId?: string;
  /**
   * The A2UI surfaces its `a2ui` records touched, in first-touch order (004's `surface_ids`). A surface renders only
   * in the latest message that touched it: see `Thread.surfaces`.
   */
  readonly surfaceIds: readonly string[];
  /**
   * Deprecated debug surfaces (001 "State Persistence": `tool_call` and `artifacts`), kept as loaded from a persisted
   * message and shown only as debug data, never rendered as UI.
   */
  readonly debug?: LegacyDebug;
}


export type ChatMessage = UserMessage | AssistantMessage;

/**
 * An action loaded still pending had no answer when its history was saved: it shows as failed (it never runs again);
 * if its answer comes after all (the same page, its frame still unanswered), the answer replaces that.
 */
const settleLoaded = (outcome: ActionOutcome): ActionOutcome =>
  outcome.status === 'pending' ? { ...outcome, status: 'failed', reason: 'no answer had come when this conversation was loaded' } : outcome;

/** One trusted record as persisted: where it happened in the text, and when it arrived and last changed. */
export interface PersistedEvent {
  /** The assistant text's length when the record began. */
  readonly at: number;
  /** Milliseconds since the epoch when it began (reasoning durations come from these). */
  readonly receivedAt: number;
  /** When it last changed (a reasoning run's last delta or its end); absent when it never changed. */
  readonly updatedAt?: number;
  readonly event: TrustedRecord;
}

/** A streaming message's working state: its parser, its growing record list, and where each reasoning run is. */
interface Live {
  readonly parser: MessageParser;
  readonly runs: Map<string, number>;
}

/**
 * The messages of one conversation and the rules that apply server events to them. A changed message is
 * replaced by a new object and unchanged ones keep their identity, so a renderer redraws only what changed.
 */
export class Thread {
  readonly protocols: ProtocolRegistry;
  #messages: ChatMessage[] = [];
  readonly #live = new Map<string, Live>();
  /** Record lists this thread owns and grows in place, by message ID (a loaded history's lists are copied once). */
  readonly #records = new Map<string, PersistedEvent[]>();
  /** The message whose todo list is the current one (the legacy todo UI): task progress goes there. */
  #todoOwner: string | null = null;
  #nextUserId = 0;
  /** Envelope IDs already in the thread, with their message: an envelope delivered twice is kept once. */
  readonly #envelopes = new Map<string, string>();
  /** Envelopes that came before any assistant message of their turn; the next one takes them. */
  #orphanEnvelopes: UiEnvelopeEvent[] = [];
  readonly #surfaces = new SurfacePlacements();
  /** Assistant messages that arrived on a transport here, rather than from a persisted history. */
  readonly #arrived = new Set<string>();

  constructor(protocols: ProtocolRegistry = defaultProtocols) {
    this.protocols = protocols;
  }

  get messages(): readonly ChatMessage[] {
    return this.#messages;
  }

  /**
   * Every live A2UI surface by ID: its owner (the latest assistant message that touched it, the only one it renders
   * in) and its messages. The same Map until an `a2ui` record changes it.
   */
  get surfaces(): ReadonlyMap<string, SurfacePlacement> {
    return this.#surfaces.current;
  }

  /** Whether an assistant message arrived here on a transport (not loaded from a persisted history). */
  arrivedLive(messageId: string): boolean {
    return this.#arrived.has(messageId);
  }

  /** The IDs of the replies still streaming (without walking the thread: a long thread costs nothing here). */
  get streaming(): readonly string[] {
    return [...this.#live.keys()];
  }

  /** A new user message's ID (the `client_message_id` of its frame). */
  nextUserId(): string {
    return `user-${Date.now().toString(36)}-${this.#nextUserId++}`;
  }

  addUserMessage(text: string, id = this.nextUserId(), attachments: readonly AttachedFile[] = []): UserMessage {
    const message: UserMessage = { id, role: 'user', text, ...(attachments.length > 0 ? { attachments } : {}) };
    this.#messages = [...this.#messages, message];
    return message;
  }

  #recordsOf(message: AssistantMessage): PersistedEvent[] {
    let records = this.#records.get(message.id);
    if (!records) {
      records = [...message.events];
      this.#records.set(message.id, records);
    }
    return records;
  }

  #replace(index: number, next: AssistantMessage): AssistantMessage {
    this.#messages = this.#messages.with(index, next);
    return next;
  }

  /** A trusted task event goes to the message that owns the todo list, and is kept with it. */
  #applyTask(event: Extract<ServerEvent, { type: 'task' }>): AssistantMessage | null {
    const index = this.#messages.findLastIndex((m) => m.id === this.#todoOwner);
    const owner = this.#messages[index];
    if (!owner || owner.role !== 'assistant') return null;
    // A message still streaming keeps its parts in its parser: update them there, or its next delta undoes this.
    const live = this.#live.get(owner.id);
    const editor = live?.parser ?? editFinished(owner.parts);
    const parts = this.protocols.applyRecord(event, editor, owner.parts);
    if (!parts) return null;
    const records = this.#recordsOf(owner);
    records.push({ at: owner.text.length, receivedAt: Date.now(), event });
    return this.#replace(index, { ...owner, parts: [...parts], events: records });
  }

  /** The assistant message with this ID. */
  assistant(id: string): AssistantMessage | undefined {
    const message = this.#messages.findLast((m) => m.id === id);
    return message?.role === 'assistant' ? message : undefined;
  }

  /** Adds or replaces (by client action ID) the outcome of an action of a message; returns the changed message. */
  setAction(messageId: string, outcome: ActionOutcome): AssistantMessage | null {
    const index = this.#messages.findLastIndex((m) => m.id === messageId && m.role === 'assistant');
    const message = this.#messages[index] as AssistantMessage | undefined;
    if (!message) return null;
    const at = message.actions.findIndex((o) => o.clientActionId === outcome.clientActionId);
    const actions = at === -1 ? [...message.actions, outcome] : message.actions.with(at, outcome);
    return this.#replace(index, { ...message, actions });
  }

  /** The message and outcome of an action by its client action ID (the newest messages are looked at first). */
  findAction(clientActionId: string): { readonly message: AssistantMessage; readonly outcome: ActionOutcome } | null {
    for (let i = this.#messages.length - 1; i >= 0; i--) {
      const message = this.#messages[i] as ChatMessage;
      if (message.role !== 'assistant' || message.actions.length === 0) continue;
      const outcome = message.actions.find((o) => o.clientActionId === clientActionId);
      if (outcome) return { message, outcome };
    }
    return null;
  }

  /**
   * Applies one validated server event. Events at or below a message's last applied sequence are duplicates and
   * ignored, so a replay after reconnecting never doubles a part. Returns the message it changed, or null.
   */
  apply(event: ServerEvent): AssistantMessage | null {
    if (event.type === 'action_result' || event.type === 'capabilities') return null;
    if (event.type === 'task') return this.#applyTask(event);
    if (event.type === 'error') return event.message_id ? this.interrupt(event.message_id) : null;
    const index = this.#messages.findLastIndex((m) => m.id === event.message_id && m.role === 'assistant');
    const current = index >= 0 ? (this.#messages[index] as AssistantMessage) : undefined;

    if (event.type === 'message_start') {
      if (current) return null;
      const marker: ProtocolMarker = { inlineUiVersion: event.marker.inline_ui_version, mode: event.marker.mode };
      this.#live.set(event.message_id, { parser: this.protocols.createParser(marker), runs: new Map() });
      this.#arrived.add(event.message_id);
      const events: PersistedEvent[] = [];
      this.#records.set(event.message_id, events);
      const message: AssistantMessage = {
        id: event.message_id,
        role: 'assistant',
        text: '',
        marker,
        parts: [],
        status: 'streaming',
        sequence: event.sequence,
        events,
        citations: [],
        actions: [],
        uiEnvelopes: [],
        surfaceIds: [],
        ...(event.in_reply_to ? { inReplyTo: event.in_reply_to } : {}),
      };
      this.#messages = [...this.#messages, message];
      const orphans = this.#orphanEnvelopes;
      this.#orphanEnvelopes = [];
      for (const orphan of orphans) this.addEnvelope(orphan);
      return this.assistant(message.id) ?? message;
    }

    const live = this.#live.get(event.message_id);
    if (!current || !live || event.sequence <= current.sequence || current.status !== 'streaming') return null;

    if (event.type === 'message_end') return this.#finish(index, current, 'done', event.sequence);
    let text = current.text;
    let parts: readonly MantisPart[] = current.parts;
    let surfaceIds = current.surfaceIds;
    if (event.type === 'text_delta') {
      text += event.delta;
      parts = live.parser.push(event.delta);
    } else if (isRecordEvent(event)) {
      if (event.type === 'todo') this.#todoOwner = event.message_id;
      const records = this.#recordsOf(current);
      const now = Date.now();
      if ('reasoning_id' in event) {
        // One record per reasoning run, replaced where the run began: its deltas never add entries.
        const at = live.runs.get(event.reasoning_id);
        const previous = at === undefined ? undefined : records[at];
        const record = toRecord(event, previous?.event as ReasoningRecord | undefined);
        if (previous && at !== undefined) records[at] = { ...previous, updatedAt: now, event: record };
        else live.runs.set(event.reasoning_id, records.push({ at: text.length, receivedAt: now, event: record }) - 1);
        parts = this.protocols.applyRecord(record, live.parser, parts) ?? parts;
      } else {
        const record = toRecord(event);
        const applied = this.protocols.applyRecord(record, live.parser, parts);
        if (applied) {
          records.push({ at: text.length, receivedAt: now, event: record });
          parts = applied;
          if (record.type === 'a2ui') {
            this.#surfaces.touch(current.id, record.messages);
            const added = touchedSurfaces(record.messages).filter((id) => !surfaceIds.includes(id));
            if (added.length > 0) surfaceIds = [...surfaceIds, ...added];
          }
        }
      }
    }
    return this.#replace(index, { ...current, text, parts: [...parts], surfaceIds, sequence: event.sequence });
  }

  #finish(index: number, current: AssistantMessage, status: 'done' | 'interrupted', sequence = current.sequence): AssistantMessage {
    const live = this.#live.get(current.id);
    this.#live.delete(current.id);
    const parts = [...(live ? live.parser.end() : current.parts)];
    return this.#replace(index, { ...current, parts, status, sequence, citations: citationIndex(parts).citations });
  }

  /**
   * Ends a reply that was cut short: its parser is closed (an open view fence fails closed), it is kept as
   * interrupted, and later events for it are ignored. Returns the message, or null when it was not streaming.
   */
  interrupt(messageId: string): AssistantMessage | null {
    const index = this.#messages.findLastIndex((m) => m.id === messageId && m.role === 'assistant');
    const current = this.#messages[index];
    if (!current || current.role !== 'assistant' || current.status !== 'streaming') return null;
    return this.#finish(index, current, 'interrupted');
  }

  /**
   * Attaches an agent-ui@1 envelope to the assistant message of its turn: the newest one streaming, else the newest
   * one. An envelope ID already in the thread is ignored (a replay after a reconnect). Before any assistant message,
   * or after a user message not answered yet, envelopes wait (at most ENVELOPE_THREAD_LIMITS.waitingEnvelopes) for the next. Past
   * ENVELOPE_THREAD_LIMITS.envelopesPerMessage on one message, envelopes are dropped. Returns the changed message, or null.
   */
  addEnvelope(event: UiEnvelopeEvent): AssistantMessage | null {
    if (this.#envelopes.has(event.envelope_id)) return null;
    const streaming = [...this.#live.keys()].at(-1);
    const index = this.#messages.findLastIndex((m) => m.role === 'assistant' && (streaming === undefined || m.id === streaming));
    const message = this.#messages[index];
    // Nothing streams and the user spoke last: the envelope belongs to the reply to come, not to the one before.
    const awaitingReply = streaming === undefined && this.#messages.at(-1)?.role === 'user';
    if (!message || message.role !== 'assistant' || awaitingReply) {
      if (!this.#orphanEnvelopes.some((e) => e.envelope_id === event.envelope_id)) {
        this.#orphanEnvelopes = [...this.#orphanEnvelopes, event].slice(-ENVELOPE_THREAD_LIMITS.waitingEnvelopes);
      }
      return null;
    }
    if (message.uiEnvelopes.length >= ENVELOPE_THREAD_LIMITS.envelopesPerMessage) return null;
    this.#envelopes.set(event.envelope_id, message.id);
    const entry = envelopeEntry(event);
    return this.#replace(index, { ...message, uiEnvelopes: [...message.uiEnvelopes, entry], uiSessionId: message.uiSessionId ?? event.session_id });
  }

  /** Records how an envelope rendered; returns the changed message, or null when nothing changed. */
  setEnvelopeStatus(envelopeId: string, status: RenderStatus, error?: string): AssistantMessage | null {
    const messageId = this.#envelopes.get(envelopeId);
    const index = this.#messages.findLastIndex((m) => m.id === messageId && m.role === 'assistant');
    const message = this.#messages[index] as AssistantMessage | undefined;
    const at = message?.uiEnvelopes.findIndex((e) => e.envelopeId === envelopeId) ?? -1;
    const entry = message?.uiEnvelopes[at];
    const next = entry && withStatus(entry, status, error);
    return message && next ? this.#replace(index, { ...message, uiEnvelopes: message.uiEnvelopes.with(at, next) }) : null;
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
            // A copy: the host keeps a snapshot, while the thread's own list may grow.
            events: [...m.events],
            ...(m.actions.length > 0 ? { actions: m.actions } : {}),
            ...(m.uiEnvelopes.length > 0 ? { uiEnvelopes: m.uiEnvelopes } : {}),
            ...(m.uiSessionId ? { uiSessionId: m.uiSessionId } : {}),
            ...(m.surfaceIds.length > 0 ? { surfaceIds: m.surfaceIds } : {}),
            ...m.debug,
            ...(m.inReplyTo ? { inReplyTo: m.inReplyTo } : {}),
            ...(m.status === 'interrupted' ? { status: m.status } : {}),
          },
    );
  }

  /**
   * Replaces the conversation with persisted messages. Each assistant message is parsed again under its stored
   * marker (never the mode selected now), with its trusted records placed where they arrived in the text, so the
   * parts are exactly those of the live stream.
   */
  load(messages: readonly PersistedMessage[]): void {
    this.#live.clear();
    this.#records.clear();
    this.#todoOwner = null;
    this.#envelopes.clear();
    this.#orphanEnvelopes = [];
    this.#surfaces.clear();
    this.#arrived.clear();
    const protocols = this.protocols;
    this.#messages = messages.map((m) => {
      if (m.role === 'user') return m;
      const persisted: PersistedAssistant = { ...m, events: normalizeEvents(m.events) };
      if (persisted.events.some(({ event }) => event.type === 'todo')) this.#todoOwner = m.id;
      for (const entry of persisted.uiEnvelopes ?? []) this.#envelopes.set(entry.envelopeId, m.id);
      for (const { event } of persisted.events) if (event.type === 'a2ui') this.#surfaces.touch(m.id, event.messages);
      // Parts are derived on first use: a long history paints its newest messages without parsing the oldest.
      let parts: readonly MantisPart[] | undefined;
      let citations: readonly MessageCitation[] | undefined;
      const fields: Omit<AssistantMessage, 'parts' | 'citations'> = {
        id: persisted.id,
        role: 'assistant',
        text: persisted.text,
        marker: persisted.marker,
        sequence: persisted.sequence,
        events: persisted.events,
        actions: (persisted.actions ?? []).map(settleLoaded) as readonly ActionOutcome[],
        uiEnvelopes: [...(persisted.uiEnvelopes ?? [])],
        surfaceIds: touchedSurfaces(persisted.events.flatMap(({ event }) => (event.type === 'a2ui' ? event.messages : []))),
        ...(persisted.uiSessionId ? { uiSessionId: persisted.uiSessionId } : {}),
        ...legacyDebug(persisted),
        status: persisted.status === 'interrupted' ? 'interrupted' : 'done',
        ...(persisted.inReplyTo ? { inReplyTo: persisted.inReplyTo } : {}),
      };
      const message = fields as AssistantMessage;
      Object.defineProperty(message, 'parts', { enumerable: true, get: () => (parts ??= safeReplay(persisted, protocols)) });
      Object.defineProperty(message, 'citations', { enumerable: true, get: () => (citations ??= citationIndex(message.parts).citations) });
      return message;
    });
  }
}

/**
 * Replays a persisted message; a record that its handler cannot apply (a history of the right shape but impossible
 * content) costs the records, never the render: the text is parsed alone.
 */
function safeReplay(m: PersistedAssistant, protocols: ProtocolRegistry): readonly MantisPart[] {
  try {
    return replayParts(m, protocols);
  } catch {
    return replayParts({ ...m, events: [] }, protocols);
  }
}
