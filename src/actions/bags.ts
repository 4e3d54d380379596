
/*
 * The bags an add-to-bag action may write to, as the backend's bags API tells them (000_de6e533300a72cb9.txt,
 * "Actions": "an explicit destination must already exist and is never auto-created"; "when no destination is
 * specified, Mantis uses the active mutable bag or creates a confirmed Composer selection bag"). The client asks
 * before the user confirms, so the confirmation says exactly what will happen; the backend checks again before it
 * writes anything.
 */

export interface BagInfo {
  readonly id: string;
  readonly name: string;
  readonly mutable: boolean;
}

/** Looks bags up. Every method resolves to null when there is no such bag; it rejects when the API cannot be reached. */
export interface BagDirectory {
  /**
   * The active bag, mutable or not: an add-to-bag action with no destination goes there when it is mutable, and to the
   * "Composer selection" bag otherwise.
   */
  active(): Promise<BagInfo | null>;
  byId(id: string): Promise<BagInfo | null>;
  byName(name: string): Promise<BagInfo | null>;
}

/** The name of the bag used, after the user confirmed it, when no destination is given and no mutable bag is active. */
export const SELECTION_BAG_NAME = 'Composer selection';

export interface BagDirectoryOptions {
  /** Headers for each request (a bearer token, say); cookies go along for same-origin URLs. */
  readonly headers?: () => Record<string, string> | Promise<Record<string, string>>;
  readonly fetch?: typeof fetch;
}

/**
 * A BagDirectory over the bags API at `baseUrl` (`…/api/v1/bags`): `GET /active`, `GET /:id`, `GET /` (by name).
 * Answers are read as data and checked field by field; nothing in them is rendered as markup.
 */
export function createBagDirectory(baseUrl: string, options: BagDirectoryOptions = {}): BagDirectory {
  const base = baseUrl.replace(/\/+$/, '');
  const get = async (path: string): Promise<unknown> => {
    const response = await (options.fetch ?? fetch)(`${base}${path}`, {
      headers: { accept: 'application/json', ...(await options.headers?.()) },
      credentials: 'same-origin',
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`the bags API answered ${response.status}`);
    return response.json();
  };
  const bag = (value: unknown): BagInfo | null => {
    const v = value as Partial<Record<keyof BagInfo, unknown>> | null;
    return v && typeof v.id === 'string' && typeof v.name === 'string' && typeof v.mutable === 'boolean'
      ? { id: v.id, name: v.name, mutable: v.mutable }
      : null;
  };
  const byId = async (id: string): Promise<BagInfo | null> => bag(await get(`/${encodeURIComponent(id)}`));
  return {
    byId,
    async active() {
      const answer = (await get('/active')) as { id?: unknown } | null;
      return typeof answer?.id === 'string' ? byId(answer.id) : null;
    },
    async byName(name) {
      const answer = (await get('')) as { bags?: unknown } | null;
      const bags = Array.isArray(answer?.bags) ? answer.bags : [];
      return bags.map(bag).find((b) => b?.name === name) ?? null;
    },
  };
}

/** What the user is asked to confirm for an action, found out before the confirmation is shown. */
export interface ActionPreparation {
  /** The confirmation text, derived by the client from validated data and the bags API, never from model prose. */
  readonly description: string;
  /** False when the action cannot run (its bag does not exist or is read-only): nothing is offered to confirm. */
  readonly allowed: boolean;
  /** add-to-bag: confirming sends the points to the "Composer selection" bag, created when there is none yet. */
  readonly createSelectionBag?: boolean;
}
