import type { ActionOutcome } from '../actions/outcomes.js';
import { editFinished, type MessageParser } from '../message/parser.js';
import type { MantisPart } from '../message/parts.js';
import { citationIndex, type MessageCitation } from '../message/citations.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import { EMPTY_FIELDS, type AssistantMessage, type ChatMessage, type LegacyDebug, type PersistedAssistant, type PersistedEvent, type ProtocolFields } from '../message/messages.js';

/*
 * An assistant message's records as the thread keeps them, and the two conversions of a message: to its persisted
 * format, and back from it (docs/protocol.md "Trusted records, the persisted format and replay"). Both ask each
 * record's protocol: its handler places the record, its `fields` (agent-ui@1's `uiEnvelopes`) persist records
 * beside `events`. A protocol not loaded yet leaves its records and fields as they were stored until it is.
 */

/** What the thread keeps of an assistant message beside the message object. */
export interface Kept {
  /** The records, in arrival order; this list is the message's `events` and grows in place. */
  readonly records: PersistedEvent[];
  /** Where each keyed record is (`type\0key`), so the next one with its key replaces it there. */
  readonly keys: Map<string, number>;
  /** The protocol fields its records make, made again after they change (null: not made yet). */
  fields: ProtocolFields | null;
  /** Stored fields of protocols not loaded yet, kept as they came until their protocol reads them. */
  pending?: Readonly<Record<string, unknown>>;
  /** The parts that go after the others (placement `end`: envelopes), in order; null until first needed. */
  trailing: readonly MantisPart[] | null;
}

/** The parts of the records that go after a message's other parts (placement `end`). */
export function trailingParts(registry: ProtocolRegistry, records: readonly PersistedEvent[]): readonly MantisPart[] {
  let trailing: readonly MantisPart[] = [];
  for (const { event } of records) {
    const handler = registry.handler(event.type);
    if (handler?.placement === 'end') trailing = handler.apply(event, editFinished(trailing), trailing) ?? trailing;
  }
  return trailing;
}

/** The loaded protocols that persist fields, with the record types they own. */
function fieldOwners(registry: ProtocolRegistry) {
  return registry.registrations.flatMap((registration) => {
    const module = registry.loaded(registration.name);
    return module?.fields ? [{ registration, fields: module.fields, types: new Set(registration.records ?? []) }] : [];
  });
}

/** The protocol fields a message's records make (empty ones for protocols that have none to say). */
export function protocolFields(registry: ProtocolRegistry, records: readonly PersistedEvent[], _pending?: Readonly<Record<string, unknown>>): ProtocolFields {
  let fields: ProtocolFields = EMPTY_FIELDS;
  for (const owner of fieldOwners(registry)) {
    const own = records.filter((r) => owner.types.has(r.event.type));
    if (own.length > 0) fields = { ...fields, ...owner.fields.view(own) };
  }
  return fields;
}

/** A message in its persisted format: records in `events`, except those a protocol persists in fields of its own. */
export function persistMessage(registry: ProtocolRegistry, m: AssistantMessage, kept: Kept | undefined): PersistedAssistant {
  const records = kept?.records ?? m.events;
  const owners = fieldOwners(registry);
  const inFields = new Set(owners.flatMap((o) => o.fields.inFields));
  const fields: Record<string, unknown> = { ...kept?.pending };
  for (const owner of owners) {
    const own = records.filter((r) => owner.types.has(r.event.type));
    if (own.length > 0) Object.assign(fields, owner.fields.write(own, m));
  }
  return {
    id: m.id,
    role: m.role,
    text: m.text,
    marker: m.marker,
    sequence: m.sequence,
    // A copy: the host keeps a snapshot, while the thread's own list may grow.
    events: records.filter((r) => !inFields.has(r.event.type)),
    ...(m.actions.length > 0 ? { actions: m.actions } : {}),
    ...fields,
    ...m.debug,
    ...(m.inReplyTo ? { inReplyTo: m.inReplyTo } : {}),
    ...(m.status === 'interrupted' ? { status: m.status } : {}),
  };
}

/**
 * An action loaded still pending had no answer when its history was saved: it shows as failed (it never runs again);
 * if its answer comes after all (the same page, its frame still unanswered), the answer replaces that.
 */
const settleLoaded = (outcome: ActionOutcome): ActionOutcome =>
  outcome.status === 'pending' ? { ...outcome, status: 'failed', reason: 'no answer had come when this conversation was loaded' } : outcome;

/** The deprecated debug fields of a persisted message, when it has any. */
function legacyDebug(m: PersistedAssistant): { debug?: LegacyDebug } {
  const debug: { tool_call?: unknown; artifacts?: unknown } = {};
  if (m.tool_call !== undefined) debug.tool_call = m.tool_call;
  if (m.artifacts !== undefined) debug.artifacts = m.artifacts;
  return Object.keys(debug).length > 0 ? { debug } : {};
}

/** Keeps a record the way live streaming does: one with the key of an earlier one grows or replaces it there. */
function keep(registry: ProtocolRegistry, kept: Kept, entry: PersistedEvent): void {
  const handler = registry.handler(entry.event.type);
  const key = handler?.key?.(entry.event);
  const slot = key === undefined ? undefined : kept.keys.get(`${entry.event.type}\u0000${key}`);
  const previous = slot === undefined ? undefined : kept.records[slot];
  if (previous && slot !== undefined) {
    const event = handler?.merge ? handler.merge(previous.event, entry.event) : entry.event;
    kept.records[slot] = { ...previous, updatedAt: entry.updatedAt ?? entry.receivedAt, event };
    return;
  }
  const length = kept.records.push(entry);
  if (key !== undefined) kept.keys.set(`${entry.event.type}\u0000${key}`, length - 1);
}

/**
 * A persisted assistant message made live again: its records kept as streaming kept them, the fields of loaded
 * protocols read back into records (in text order), its parts and citations derived on first use. `previous`: the
 * message it replaces (a protocol loaded later), whose actions and status stand.
 */
export function loadMessage(
  registry: ProtocolRegistry,
  m: PersistedAssistant,
  previous?: AssistantMessage,
  derived?: (message: AssistantMessage) => void,
): { message: AssistantMessage; kept: Kept } {
  const kept: Kept = { records: [], keys: new Map(), fields: null, trailing: null };
  const fieldRecords: PersistedEvent[] = [];
  const pending: Record<string, unknown> = {};
  const stored = m as unknown as Readonly<Record<string, unknown>>;
  for (const registration of registry.registrations) {
    const names = (registration.fields ?? []).filter((name) => stored[name] !== undefined);
    if (names.length === 0) continue;
    const fields = registry.loaded(registration.name)?.fields;
    if (fields) fieldRecords.push(...fields.read(stored, m.text.length).records);
    else for (const name of names) pending[name] = stored[name];
  }
  // Records from fields go where they arrived in the text, after the records of `events` at the same place.
  const ordered = [...m.events];
  for (const entry of fieldRecords) {
    const at = ordered.findLastIndex((e) => e.at <= entry.at);
    ordered.splice(at + 1, 0, entry);
  }
  for (const entry of ordered) keep(registry, kept, entry);
  if (Object.keys(pending).length > 0) kept.pending = pending;
  kept.fields = protocolFields(registry, kept.records, kept.pending);
  let parts: readonly MantisPart[] | undefined;
  let citations: readonly MessageCitation[] | undefined;
  const fields: Omit<AssistantMessage, 'parts' | 'citations'> = {
    id: m.id,
    role: 'assistant',
    text: m.text,
    marker: m.marker,
    sequence: m.sequence,
    events: kept.records,
    actions: previous ? previous.actions : ((m.actions ?? []).map(settleLoaded) as readonly ActionOutcome[]),
    ...kept.fields,
    ...legacyDebug(m),
    status: previous ? previous.status : m.status === 'interrupted' ? 'interrupted' : 'done',
    ...(m.inReplyTo ? { inReplyTo: m.inReplyTo } : {}),
  };
  const message = fields as AssistantMessage;
  const derive = (): readonly MantisPart[] => {
    parts = safeReplay(registry, m.text, m.marker, kept.records);
    derived?.(message);
    return parts;
  };
  Object.defineProperty(message, 'parts', { enumerable: true, get: () => parts ?? derive() });
  Object.defineProperty(message, 'citations', { enumerable: true, get: () => (citations ??= citationIndex(message.parts).citations) });
  return { message, kept };
}

/**
 * A message's text fed to a new parser under its marker, with its records placed where they arrived: the parser goes on
 * as the live one did (`parts`: so far, without the trailing parts).
 */
export function replayLive(registry: ProtocolRegistry, text: string, marker: AssistantMessage['marker'], records: readonly PersistedEvent[]): { readonly parser: MessageParser; readonly parts: readonly MantisPart[] } {
  const parser = registry.createParser(marker);
  let parts: readonly MantisPart[] = [];
  let offset = 0;
  for (const { at, event } of records) {
    const handler = registry.handler(event.type);
    if (!handler || handler.placement === 'end') continue;
    const upTo = Math.min(Math.max(at, offset), text.length);
    if (upTo > offset) parts = parser.push(text.slice(offset, upTo));
    offset = upTo;
    parts = handler.apply(event, parser, parts) ?? parts;
  }
  if (offset < text.length) parts = parser.push(text.slice(offset));
  return { parser, parts };
}

/** The parts of a persisted assistant message: its text parsed under its stored marker, records where they arrived. */
export function replayParts(registry: ProtocolRegistry, text: string, marker: AssistantMessage['marker'], records: readonly PersistedEvent[]): readonly MantisPart[] {
  return [...replayLive(registry, text, marker, records).parser.end(), ...trailingParts(registry, records)];
}

/**
 * Replays a persisted message; a record that its handler cannot apply (a history of the right shape but impossible
 * content) costs the records, never the render: the text is parsed alone.
 */
function safeReplay(registry: ProtocolRegistry, text: string, marker: AssistantMessage['marker'], records: readonly PersistedEvent[]): readonly MantisPart[] {
  try {
    return replayParts(registry, text, marker, records);
  } catch {
    return replayParts(registry, text, marker, []);
  }
}

/**
 * Messages of a history that hold records or fields of a protocol loaded after it (`records`, `fields`) read again
 * (new objects, parts derived afresh); the others keep their identity. A message still streaming is left alone.
 */
export function reloaded(
  registry: ProtocolRegistry,
  messages: readonly ChatMessage[],
  state: { readonly kept: Map<string, Kept>; readonly live: ReadonlyMap<string, unknown> },
  loaded: { readonly records: readonly string[]; readonly fields: readonly string[] },
): { messages: ChatMessage[]; changed: AssistantMessage[] } {
  const changed: AssistantMessage[] = [];
  const next = messages.map((m) => {
    if (m.role !== 'assistant' || state.live.has(m.id)) return m;
    const kept = state.kept.get(m.id);
    const touched = m.events.some((e) => loaded.records.includes(e.event.type)) || loaded.fields.some((f) => kept?.pending?.[f] !== undefined);
    if (!touched) return m;
    const { message, kept: again } = loadMessage(registry, persistMessage(registry, m, kept) as Parameters<typeof loadMessage>[1], m);
    state.kept.set(m.id, again);
    changed.push(message);
    return message;
  });
  return { messages: next, changed };
}

/** The message and outcome of an action by its client action ID (the newest messages are looked at first). */
export function findAction(messages: readonly ChatMessage[], clientActionId: string): { readonly message: AssistantMessage; readonly outcome: ActionOutcome } | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as ChatMessage;
    if (message.role !== 'assistant' || message.actions.length === 0) continue;
    const outcome = message.actions.find((o) => o.clientActionId === clientActionId);
    if (outcome) return { message, outcome };
  }
  return null;
}
