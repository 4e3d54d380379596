import type { ChatMessage } from '../../message/messages.js';
import type { ActivityPart } from '../../message/parts.js';
import type { RecordHandler } from '../module.js';
import type { ReplyWriter } from '../reply.js';
import { patchJson } from './patch.js';
import { isObject, type Loose } from './values.js';

/*
 * A2UI over AG-UI, the way the AG-UI A2UI middleware sends it: `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA` events with
 * `activityType: "a2ui-surface"` whose `content.a2ui_operations` are A2UI messages. Each snapshot carries a surface's
 * whole history of operations, run after run; the chat's A2UI protocol applies each operation once. So, per
 * connection, what was applied to each surface is kept (by `surfaceId`, never by the activity's `messageId`):
 * operations that extend it go on as their new tail; any other history rebuilds the surface from its operations in
 * the same element (its `createSurface` is not sent again, so there is never a second surface or a duplicate-surface
 * error). A delta patches the activity's content (RFC 6902, bounded: patch.ts) and is applied the same way. The A2UI
 * messages go as `a2ui` records, which the A2UI protocol owns: this folder never imports it. A surface the conversation
 * already shows when this connection first hears of it (a history replayed after a reload, whose thread is another)
 * counts as applied with a history this connection does not know: its first snapshot rebuilds it in place. What is
 * kept is bounded: the latest MAX_KEPT activities and surfaces (an older activity's delta is refused and said), and the
 * latest MAX_KEPT surfaces the conversation shows that this connection has not applied.
 */

export const A2UI_ACTIVITY = 'a2ui-surface';
/** The most operations an activity may hold, and an `a2ui` record may carry. */
const MAX_OPERATIONS = 1024;
const PER_RECORD = 64;
/** The statuses the middleware gives a surface still being made (or that could not be). */
const STATUSES: ReadonlySet<unknown> = new Set(['building', 'retrying', 'failed']);

/** The most activities, and surfaces, whose operations a connection keeps. */
export const MAX_KEPT = 64;
/** What a surface has applied when it was made before this connection: matches no snapshot's history. */
const SHOWN = '\u0000shown before this connection';

/** `map` with `key` set to `value` as its newest entry, and its oldest entries dropped past MAX_KEPT. */
function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= MAX_KEPT) break;
    map.delete(oldest);
  }
}

const KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/** The surface an A2UI message is about; null for one that names none (the A2UI protocol says what is wrong). */
function surfaceOf(message: unknown): string | null {
  if (!isObject(message)) return null;
  for (const kind of KINDS) {
    const body = message[kind];
    if (isObject(body) && typeof body['surfaceId'] === 'string') return body['surfaceId'];
  }
  return null;
}

export class A2uiActivities {
  /** Each activity's content as it now stands, by the activity's `messageId`. */
  readonly #contents = new Map<string, unknown>();
  /** The operations applied to each surface, as JSON text, by `surfaceId`. */
  readonly #applied = new Map<string, string[]>();
  /** The status each activity last showed (building, retrying, failed), by its `messageId`. */
  readonly #statuses = new Map<string, string | null>();

  /** Surfaces the conversation shows that this connection has applied nothing to (see `known`). */
  #shown = new Set<string>();

  /**
   * The surfaces `conversation` shows (each assistant message's surface parts), before a run: one this connection has
   * applied nothing to was made before it (a replayed history), so a snapshot that creates it again rebuilds it. The
   * latest MAX_KEPT of them are kept, apart from what this connection applied (which they never push out).
   */
  known(conversation: readonly ChatMessage[]): void {
    const shown = new Set<string>();
    for (let at = conversation.length - 1; at >= 0 && shown.size < MAX_KEPT; at -= 1) {
      const message = conversation[at];
      if (message?.role !== 'assistant') continue;
      for (const part of message.parts) if (part.type === 'data-mantis-surface' && !this.#applied.has(part.data.surfaceId)) shown.add(part.data.surfaceId);
    }
    this.#shown = shown;
  }

  /** An `ACTIVITY_SNAPSHOT` of an A2UI surface. False when it is not one (another activity type). */
  snapshot(event: Loose, reply: ReplyWriter): boolean {
    if (event['activityType'] !== A2UI_ACTIVITY) return false;
    const id = typeof event['messageId'] === 'string' ? event['messageId'] : '';
    // `replace: false` keeps what is there: a known activity stays as it is.
    if (event['replace'] === false && this.#contents.has(id)) return true;
    this.#apply(id, event['content'], reply);
    return true;
  }

  /** An `ACTIVITY_DELTA` of an A2UI surface: its JSON Patch applied to the activity's content, then applied as a snapshot. */
  delta(event: Loose, reply: ReplyWriter): boolean {
    if (event['activityType'] !== A2UI_ACTIVITY) return false;
    const id = typeof event['messageId'] === 'string' ? event['messageId'] : '';
    const content = this.#contents.get(id);
    const patched = content === undefined ? null : patchJson(content, event['patch']);
    if (!patched || !patched.ok) {
      const why = !patched || patched.refusal === 'invalid' ? 'names no A2UI surface activity this chat has, or has no patch' : patched.refusal === 'failed' ? 'could not be applied to its activity' : 'made its activity larger than this chat keeps';
      reply.say({ type: 'protocol-error', reason: `An AG-UI ACTIVITY_DELTA ${why}; it was skipped.` });
      return true;
    }
    this.#apply(id, patched.value, reply);
    return true;
  }

  #apply(id: string, content: unknown, reply: ReplyWriter): void {
    const operations = isObject(content) ? content['a2ui_operations'] : undefined;
    const status = isObject(content) && STATUSES.has(content['status']) ? (content['status'] as string) : null;
    if (!isObject(content) || (operations !== undefined && (!Array.isArray(operations) || operations.length > MAX_OPERATIONS))) {
      reply.say({ type: 'protocol-error', reason: 'An A2UI surface activity of the agent has no list of operations this chat can read; it was skipped.' });
      return;
    }
    keep(this.#contents, id, content);
    // A status is shown in the surface's place until the activity has another (or none).
    if (status !== (this.#statuses.get(id) ?? null)) reply.record({ type: 'a2ui-activity', id, status });
    keep(this.#statuses, id, status);
    const bySurface = new Map<string, unknown[]>();
    for (const operation of (operations as unknown[] | undefined) ?? []) {
      const surface = surfaceOf(operation) ?? '';
      bySurface.set(surface, [...(bySurface.get(surface) ?? []), operation]);
    }
    for (const [surface, list] of bySurface) {
      const texts = list.map((operation) => JSON.stringify(operation));
      const applied = this.#applied.get(surface) ?? (this.#shown.has(surface) ? [SHOWN] : []);
      const extends_ = applied.length <= texts.length && applied.every((text, index) => texts[index] === text);
      // A history this chat applied before, extended: only its new tail. Any other: the whole, but the surface is not
      // created again when it already is.
      const send = extends_ ? list.slice(applied.length) : list.filter((operation) => !(applied.length > 0 && isObject(operation) && 'createSurface' in operation));
      keep(this.#applied, surface, texts);
      this.#shown.delete(surface);
      for (let at = 0; at < send.length; at += PER_RECORD) reply.record({ type: 'a2ui', messages: send.slice(at, at + PER_RECORD) });
    }
  }
}

export interface ActivityRecord {
  readonly type: 'a2ui-activity';
  readonly id: string;
  readonly status: 'building' | 'retrying' | 'failed' | null;
}

/** The `a2ui-activity` record: an A2UI surface activity's status, in the surface's place. */
export const activityRecord: RecordHandler<ActivityRecord> = {
  read(value) {
    if (!isObject(value) || value['type'] !== 'a2ui-activity' || typeof value['id'] !== 'string' || value['id'].length > 256) return null;
    const status = STATUSES.has(value['status']) ? (value['status'] as ActivityRecord['status']) : null;
    return { type: 'a2ui-activity', id: value['id'], status };
  },
  apply(record, editor) {
    const part: ActivityPart = { type: 'data-mantis-activity', id: record.id, data: { status: record.status } };
    return editor.upsert(part, (p) => p.type === 'data-mantis-activity' && p.id === record.id);
  },
  key: (record) => record.id,
  merge: (_previous, next) => next,
};
