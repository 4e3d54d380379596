import { editFinished, type MessageParser } from '../message/parser.js';
import type { MantisPart } from '../message/parts.js';
import type { ProtocolRecord } from '../protocols/connection.js';
import type { RecordHandler } from '../protocols/module.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import { EMPTY_FIELDS, type AssistantMessage, type PersistedEvent } from '../message/messages.js';
import type { ConversationEvent } from '../protocols/connection.js';
import { trailingParts, type Kept } from './thread-records.js';

/*
 * How a Thread keeps a record with its message: in the message's records (a keyed one grows or replaces the one with
 * its key, where it stands), and in its parts (where its protocol's handler places it: in the text as it streams, or
 * among the parts that go after the others). Part of Thread, kept apart so thread.ts reads as the conversation's rules.
 */

/** A message's kept records (made from its `events` on first use, for a loaded message). */
export function keptOf(registry: ProtocolRegistry, all: Map<string, Kept>, message: AssistantMessage): Kept {
  let kept = all.get(message.id);
  if (!kept) {
    const made: Kept = { records: [...message.events], keys: new Map(), fields: null, trailing: null };
    all.set(message.id, made);
    made.records.forEach((entry, index) => {
      const key = registry.handler(entry.event.type)?.key?.(entry.event);
      if (key !== undefined) made.keys.set(`${entry.event.type}\u0000${key}`, index);
    });
    kept = made;
  }
  return kept;
}

/** The parts that go after the others, made again only after they were dropped. */
export function cachedTrailing(registry: ProtocolRegistry, kept: Kept): readonly MantisPart[] {
  kept.trailing ??= trailingParts(registry, kept.records);
  return kept.trailing;
}

/**
 * Keeps a record with its message and places it in the parts: one with the key of a kept record grows it (`merge`)
 * or, with `replace`, takes its place. Returns the message's new parts; null when its handler did not apply it or
 * nothing changed. `clock` stamps when it arrived or changed.
 */
export function keepRecord(
  registry: ProtocolRegistry,
  kept: Kept,
  current: AssistantMessage,
  live: MessageParser | undefined,
  { handler, record, replace }: { readonly handler: RecordHandler; readonly record: ProtocolRecord; readonly replace: boolean },
  clock: () => number,
): readonly MantisPart[] | null {
  const key = handler.key?.(record);
  const slot = key === undefined ? undefined : kept.keys.get(`${record.type}\u0000${key}`);
  const previous = slot === undefined ? undefined : kept.records[slot];
  const next = previous && !replace && handler.merge ? handler.merge(previous.event, record) : record;
  if (previous && next === previous.event) return null;
  const trailing = cachedTrailing(registry, kept);
  const content = current.parts.slice(0, current.parts.length - trailing.length);
  let parts: readonly MantisPart[];
  if (handler.placement === 'end') {
    const placed = handler.apply(next, editFinished(trailing), trailing);
    if (!placed) return null;
    kept.trailing = [...placed];
    parts = [...content, ...placed];
  } else {
    const placed = handler.apply(next, live ?? editFinished(content), content);
    if (!placed) return null;
    parts = [...placed, ...trailing];
  }
  const now = clock();
  if (previous && slot !== undefined) kept.records[slot] = { ...previous, updatedAt: now, event: next };
  else {
    const length = kept.records.push({ at: current.text.length, receivedAt: now, event: next });
    if (key !== undefined) kept.keys.set(`${record.type}\u0000${key}`, length - 1);
  }
  kept.fields = null;
  return parts;
}

/** Where each streaming message's current step began: its text's length and its records' count. */
export type Steps = Map<string, { readonly text: number; readonly records: number }>;

/**
 * A step of a streaming message begins (its start is marked: null), or is undone: the records kept since its start
 * are forgotten and the text it goes on from is returned. A keyed record that began before the step and grew in it
 * keeps what it grew: a record is one value, not its history.
 */
export function stepped(steps: Steps, kept: Kept, message: AssistantMessage, step: 'start' | 'reset'): string | null {
  const mark = steps.get(message.id);
  if (step === 'start') steps.set(message.id, { text: message.text.length, records: kept.records.length });
  if (step === 'start' || !mark) return null;
  cut(kept, mark.records);
  return message.text.slice(0, mark.text);
}

/**
 * The records of a message from the `from`-th on go: a step undone; or all of them, and its stored fields, for a reply
 * that replays from its start.
 */
export function cut(kept: Kept, from: number): void {
  if (from === 0) delete kept.pending;
  kept.records.splice(from);
  for (const [key, index] of kept.keys) if (index >= from) kept.keys.delete(key);
  kept.fields = null;
  kept.trailing = null;
}

/** A new assistant message, streaming, as its `message-start` describes it; `records`: the list its records grow in. */
export function startedMessage(event: Extract<ConversationEvent, { type: 'message-start' }>, records: PersistedEvent[]): AssistantMessage {
  return {
    id: event.messageId,
    role: 'assistant',
    text: '',
    marker: event.marker,
    parts: [],
    status: 'streaming',
    sequence: event.sequence ?? 0,
    events: records,
    citations: [],
    actions: [],
    ...EMPTY_FIELDS,
    ...(event.inReplyTo ? { inReplyTo: event.inReplyTo } : {}),
  };
}
