import * as z from 'zod/mini';
import { ACTION_TYPES } from '../schema/actions.js';
import { UPLOAD_LIMITS } from '../limits.js';
import { MODES, type ProtocolMarker } from '../message/marker.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import { defaultProtocols } from '../protocols/register.js';
import type { PersistedAssistant, PersistedEvent, PersistedMessage, UserMessage } from '../message/messages.js';
import { readRecords } from './persisted-records.js';
import { integer } from '../schema/integer.js';

/*
 * The persisted format, read where it comes back from outside the session: a history a host sets, one read from
 * storage, or one a backend kept in its own shape (docs/protocol.md "Histories from elsewhere"). Lenient: a stored
 * message with a role and a text is shown, whatever else is missing or odd; what could not be read is left behind
 * and said (`downgraded`), never guessed into parts. Unknown keys are not carried on (into parts, templates, or the
 * history written back), except the fields of registered protocols, which they read themselves.
 */

const Id = z.string().check(z.minLength(1), z.maxLength(200));
const Time = z.number().check(z.nonnegative());

const StoredOutcome = z.object({
  viewId: Id,
  partId: z.optional(Id),
  actionId: Id,
  type: z.literal(ACTION_TYPES as unknown as [string, ...string[]]),
  clientActionId: Id,
  status: z.literal(['pending', 'delivered', 'rejected', 'failed']),
  reason: z.optional(z.string()),
  task: z.optional(z.literal(['delivered', 'running', 'completed', 'failed'])),
  at: Time,
});

const StoredFile = z.object({
  uploadId: z.string().check(z.minLength(1), z.maxLength(512)),
  name: z.string().check(z.maxLength(UPLOAD_LIMITS.nameLength)),
  mediaType: z.string().check(z.maxLength(100)),
  size: integer().check(z.nonnegative()),
});

export interface CheckedHistory {
  /** What can be shown, in order: copies in the persisted format, each read as leniently as it could be. */
  readonly messages: PersistedMessage[];
  /** The indexes of entries that are not messages a chat shows (no role or text, another role), left out. */
  readonly dropped: readonly number[];
  /** The messages read with less than they held, and what they lost (`index`: in the history given). */
  readonly downgraded: readonly { readonly index: number; readonly what: string }[];
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === 'object' && value !== null && !Array.isArray(value);
const parse = <T>(schema: z.ZodMiniType<T>, value: unknown): T | undefined => {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
};

/** A stored marker: ours, or the wire's spelling; anything else (or none) reads as Markdown only. */
function markerOf(value: unknown, said: string[]): ProtocolMarker {
  const stored = isObject(value) ? value : {};
  const version = 'inlineUiVersion' in stored ? stored['inlineUiVersion'] : stored['inline_ui_version'];
  const mode = stored['mode'];
  if ((MODES as readonly unknown[]).includes(mode) && (version === 1 || version === null)) return { inlineUiVersion: version, mode: mode as ProtocolMarker['mode'] };
  said.push(value === undefined ? 'no marker: shown as Markdown' : 'a marker this chat does not know: shown as read-only Markdown');
  return (MODES as readonly unknown[]).includes(mode) ? { inlineUiVersion: null, mode: mode as ProtocolMarker['mode'] } : value === undefined ? { inlineUiVersion: null, mode: 'orchestrator' } : { inlineUiVersion: null, mode: 'ask' };
}

function readUser(stored: Readonly<Record<string, unknown>>, id: string, said: string[]): UserMessage {
  const files = Array.isArray(stored['attachments']) ? stored['attachments'].slice(0, UPLOAD_LIMITS.files).flatMap((f) => parse(StoredFile, f) ?? []) : [];
  if (stored['attachments'] !== undefined && files.length !== (Array.isArray(stored['attachments']) ? stored['attachments'].length : -1)) said.push('files that could not be read');
  return { id, role: 'user', text: stored['text'] as string, ...(files.length > 0 ? { attachments: files } : {}) };
}

function readAssistant(stored: Readonly<Record<string, unknown>>, id: string, protocols: ProtocolRegistry, said: string[]): PersistedAssistant {
  const text = stored['text'] as string;
  const marker = markerOf(stored['marker'], said);
  const { records, lost } = readRecords(stored['events'], protocols, text.length);
  if (lost > 0) said.push(`${lost} record(s) that could not be read`);
  const actions = Array.isArray(stored['actions']) ? stored['actions'].flatMap((a) => parse(StoredOutcome, a) ?? []) : [];
  if (stored['actions'] !== undefined && !(Array.isArray(stored['actions']) && actions.length === stored['actions'].length)) said.push('action outcomes that could not be read');
  const sequences = records.map((r) => (r.event as { sequence?: unknown }).sequence).filter((s): s is number => typeof s === 'number');
  const sequence = parse(integer().check(z.nonnegative()), stored['sequence']) ?? Math.max(0, ...sequences);
  // The fields registered protocols read themselves (agent-ui@1's uiEnvelopes), as stored; a loaded one says now what
  // of them it cannot read.
  const fields: Record<string, unknown> = {};
  for (const registration of protocols.registrations) {
    const names = (registration.fields ?? []).filter((field) => stored[field] !== undefined);
    for (const field of names) fields[field] = stored[field];
    const unread = names.length > 0 ? (protocols.loaded(registration.name)?.fields?.read(stored, text.length).unread ?? 0) : 0;
    if (unread > 0) said.push(`${unread} ${names.join('/')} entr${unread === 1 ? 'y' : 'ies'} that could not be read`);
  }
  const inReplyTo = parse(Id, stored['inReplyTo']);
  return {
    id,
    role: 'assistant',
    text,
    marker,
    sequence,
    events: records as PersistedEvent[],
    ...(actions.length > 0 ? { actions: actions as unknown as PersistedAssistant['actions'] } : {}),
    ...fields,
    ...(stored['tool_call'] !== undefined ? { tool_call: stored['tool_call'] } : {}),
    ...(stored['artifacts'] !== undefined ? { artifacts: stored['artifacts'] } : {}),
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(stored['status'] === 'interrupted' ? { status: 'interrupted' as const } : {}),
  };
}

/**
 * Reads a history leniently: every entry with a role (`user` or `assistant`) and a text is kept, downgraded where it
 * must be (a missing marker reads as Markdown, records that cannot be read are left out, a missing ID is made up);
 * other entries are left out. Null for a value that is not an array.
 */
export function checkPersistedHistory(value: unknown, protocols: ProtocolRegistry = defaultProtocols): CheckedHistory | null {
  if (!Array.isArray(value)) return null;
  const messages: PersistedMessage[] = [];
  const dropped: number[] = [];
  const downgraded: { index: number; what: string }[] = [];
  const ids = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const role = isObject(entry) ? entry['role'] : undefined;
    if (!isObject(entry) || (role !== 'user' && role !== 'assistant') || typeof entry['text'] !== 'string') {
      dropped.push(index);
      return;
    }
    const said: string[] = [];
    let id = parse(Id, entry['id']);
    if (!id || ids.has(id)) {
      said.push(id ? 'an ID used twice: given another' : 'no ID: given one');
      id = `stored-${index}-${role}`;
    }
    ids.add(id);
    messages.push(role === 'user' ? readUser(entry, id, said) : readAssistant(entry, id, protocols, said));
    if (said.length > 0) downgraded.push({ index, what: said.join('; ') });
  });
  return { messages, dropped, downgraded };
}

/** What reading a history changed, for people; null when it was read as it was. */
export function describeChecked(checked: CheckedHistory | null): string | null {
  if (checked === null) return 'A conversation must be an array of persisted messages; it was ignored.';
  const list = (indexes: readonly number[]) => `${indexes.slice(0, 10).join(', ')}${indexes.length > 10 ? ', …' : ''}`;
  const said: string[] = [];
  if (checked.dropped.length > 0) said.push(`${checked.dropped.length} entr${checked.dropped.length === 1 ? 'y is' : 'ies are'} not a message this chat shows (no role or text) and ${checked.dropped.length === 1 ? 'was' : 'were'} left out (index ${list(checked.dropped)}).`);
  if (checked.downgraded.length > 0) {
    const first = checked.downgraded.slice(0, 3).map((d) => `index ${d.index}: ${d.what}`);
    said.push(`${checked.downgraded.length} message(s) were read with less than they held (${first.join('; ')}${checked.downgraded.length > 3 ? '; …' : ''}).`);
  }
  return said.length > 0 ? said.join(' ') : null;
}
