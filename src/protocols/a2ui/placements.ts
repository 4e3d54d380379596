/*
 * Surfaces follow the conversation (004_655f119d9cdaeeed.txt): each A2UI surface has one current version, owned by
 * the latest assistant message that touched it, and renders there only. The thread keeps this placement as its
 * `a2ui` records arrive (live and on replay), so reading it costs nothing per streamed chunk.
 */

/** Characters of a surface ID the chat keeps (longer IDs are not attributed to any message). */
const SURFACE_ID_CHARS = 128;
const PAYLOADS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/** The surface an A2UI message addresses and what it does, read without trusting its shape; null when it names none. */
export function surfaceOf(message: unknown): { readonly surfaceId: string; readonly kind: (typeof PAYLOADS)[number] } | null {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  // A v0.9 message is its version and one payload: anything else places (and deletes) nothing.
  const record = message as Record<string, unknown>;
  const keys = Object.keys(record);
  if (record['version'] !== 'v0.9' || keys.length !== 2) return null;
  const kind = PAYLOADS.find((k) => keys.includes(k));
  const payload = kind ? record[kind] : undefined;
  if (!kind || typeof payload !== 'object' || payload === null) return null;
  const id = (payload as Record<string, unknown>)['surfaceId'];
  // A deleteSurface holds its surfaceId alone: one with more is not a delete (its renderer refuses it).
  if (kind === 'deleteSurface' && Object.keys(payload).length !== 1) return null;
  return typeof id === 'string' && id.length > 0 && id.length <= SURFACE_ID_CHARS ? { surfaceId: id, kind } : null;
}

/** The IDs of the surfaces some A2UI messages touch, in first-touch order. */
export function touchedSurfaces(messages: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    const surface = surfaceOf(message);
    if (surface && !ids.includes(surface.surfaceId)) ids.push(surface.surfaceId);
  }
  return ids;
}

/** Where one surface renders, and what it is made of. */
export interface SurfacePlacement {
  readonly surfaceId: string;
  /** The latest assistant message that touched it: the only one it renders in. */
  readonly owner: string;
  /**
   * Counts the surface's lives: a surface deleted and created again under its ID is a new surface (a new element),
   * with a new generation.
   */
  readonly generation: number;
  /**
   * Its A2UI messages since it was (last) created, in arrival order, across every message that touched it. The
   * same objects as in the records, so a renderer given a longer list applies only the new ones.
   */
  readonly messages: readonly unknown[];
}

/** The placement of every live surface of a thread, grown by each `a2ui` record in order. */
export class SurfacePlacements {
  #surfaces = new Map<string, SurfacePlacement>();
  #generation = 0;
  /** The same Map until something changes: a renderer compares identities. */
  #snapshot: ReadonlyMap<string, SurfacePlacement> = this.#surfaces;

  get current(): ReadonlyMap<string, SurfacePlacement> {
    return this.#snapshot;
  }

  clear(): void {
    this.#surfaces = new Map();
    this.#snapshot = this.#surfaces;
  }

  /** Applies the A2UI messages of one record of assistant message `owner`. */
  touch(owner: string, messages: readonly unknown[]): void {
    const next = new Map(this.#surfaces);
    for (const message of messages) {
      const surface = surfaceOf(message);
      if (!surface) continue;
      const previous = next.get(surface.surfaceId);
      if (surface.kind === 'deleteSurface') {
        next.delete(surface.surfaceId);
        continue;
      }
      // A createSurface for a live surface is the agent's mistake: it is passed on, and its renderer refuses it.
      next.set(surface.surfaceId, {
        surfaceId: surface.surfaceId,
        owner,
        generation: previous ? previous.generation : ++this.#generation,
        messages: previous ? [...previous.messages, message] : [message],
      });
    }
    this.#surfaces = next;
    this.#snapshot = next;
  }
}
