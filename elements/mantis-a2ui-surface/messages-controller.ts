import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { DEFAULT_CATALOGS, loadA2uiVersion, SurfaceGroup, surfaceOf, type A2uiAgentCall, type A2uiCallAnswer, type A2uiError, type CatalogDefinition, type SurfaceModel } from '../../src/protocols/a2ui/index.js';
import type { A2uiCatalogInput } from '../../src/protocols/a2ui/catalog-input.js';

/** What the controller needs of its element. */
interface MessagesHost extends ReactiveControllerHost {
  readonly cache: { forget(prefix: string): void };
  /** Its surfaces started over: the element drops what it kept of the ones before (and says what of the catalogs it refused). */
  restarted(refused?: readonly string[]): void;
  readonly messages: readonly unknown[];
}

/**
 * A `<mantis-a2ui-surface>` on its own: its `messages`, applied in order by a surface group of its own (the same core
 * code a chat's session uses). Appending messages applies only the new ones; any other array starts over. The
 * group's errors are kept for the element to fire after its update.
 */
export class MessagesController implements ReactiveController {
  readonly #host: MessagesHost;
  readonly #touched: (surfaceId: string) => void;
  #group: SurfaceGroup;
  #catalogs: readonly CatalogDefinition[] | undefined;
  /** The catalogs given last, as given. */
  #given: unknown = undefined;
  /** Those catalogs while documents among them are read (messages wait), else null. */
  #reading: unknown = null;
  /** How many messages were applied, and the first and last of them (what an extension keeps). */
  #applied: { count: number; first?: unknown; last?: unknown } = { count: 0 };
  #errors: A2uiError[] = [];
  #unsubscribe?: () => void;
  /**
   * The answers to the agent's function calls and the calls to its functions (v1.0), for the page to send: fired
   * after the update, like errors.
   */
  #answers: (A2uiCallAnswer | A2uiAgentCall)[] = [];

  constructor(host: MessagesHost, touched: (surfaceId: string) => void) {
    this.#host = host;
    this.#touched = touched;
    this.#group = this.#create();
    host.addController(this);
  }

  hostConnected(): void {}

  get group(): SurfaceGroup {
    return this.#group;
  }

  #create(): SurfaceGroup {
    // A group that was replaced (other messages, other catalogs) may still apply what waited for v1.0's rules: it no
    // longer reports or redraws anything.
    const current = (): boolean => this.#group === group;
    const group: SurfaceGroup = new SurfaceGroup({
      catalogs: this.#catalogs ?? DEFAULT_CATALOGS,
      report: (error) => void (current() && this.#errors.push(error)),
      respond: (answer) => current() && this.#answers.push(answer) > 0,
      // A call goes after a render (it asks for the update that fires it).
      send: (call) => current() && this.#answers.push(call) > 0 && (this.#host.requestUpdate(), true),
      loadVersion: loadA2uiVersion,
      // What waited applied: its errors are fired after the update this asks for, even those of no surface.
      waited: () => this.#host.requestUpdate(),
    });
    // The group it replaces says nothing more (a call of its own that times out, say).
    this.#unsubscribe?.();
    this.#unsubscribe = group.subscribe(this.#touched);
    return group;
  }

  /**
   * Applies the messages past those already applied, or starts over (other catalogs, or an array that is not an
   * extension). Catalogs with the same items in a new list are the same catalogs.
   */
  apply(given: readonly unknown[], catalogs: readonly A2uiCatalogInput[] | undefined, catalogsChanged: boolean): void {
    if (catalogsChanged && !sameList(catalogs, this.#given)) {
      this.#given = catalogs;
      // Documents (their functions are no Set) are read by mantis-ui/a2ui-json, loaded for them; messages wait till then.
      const reading = (this.#reading = catalogs != null && !(Array.isArray(catalogs) && catalogs.every((c) => (c as { functions?: unknown } | null)?.functions instanceof Set)) ? catalogs : null);
      if (reading) {
        void import('../../src/protocols/a2ui/catalog-input.js')
          .then(
            ({ readCatalogs }) => readCatalogs(catalogs, 'catalogs'),
            () => ({ catalogs: [], refused: ['catalogs could not be read'] }),
          )
          .then(({ catalogs: read, refused }) => {
            if (this.#reading !== reading) return;
            this.#reading = null;
            this.#catalogs = read;
            this.#restart(refused);
            this.apply(this.#host.messages, catalogs, false);
          });
        return;
      }
      this.#catalogs = catalogs as readonly CatalogDefinition[] | undefined;
      this.#restart();
    }
    if (this.#reading) return;
    const messages = Array.isArray(given) ? given : [];
    const { count, first, last } = this.#applied;
    // Checked by its ends, not item by item: a long-lived surface's list grows with every update, and this runs for each.
    const extension = messages.length >= count && (count === 0 || (messages[0] === first && messages[count - 1] === last));
    if (!extension) this.#restart();
    for (const message of messages.slice(this.#applied.count)) {
      const applied = this.#group.apply(message) === null;
      const surface = applied ? surfaceOf(message) : null;
      // A surface deleted or created anew starts without the state of one before it.
      if (surface?.kind === 'deleteSurface' || surface?.kind === 'createSurface') this.#host.cache.forget(`${surface.surfaceId}\u0000`);
    }
    this.#applied = { count: messages.length, first: messages[0], last: messages.at(-1) };
  }

  /** Starts over: a new group on the catalogs read, nothing applied yet. */
  #restart(refused?: readonly string[]): void {
    this.#group = this.#create();
    this.#applied = { count: 0 };
    this.#host.restarted(refused);
  }

  /**
   * The models of the surfaces to draw: `surfaceId`'s, or every one the messages named and did not delete, in the order
   * they were first named (one whose createSurface was refused too: it says so in its place).
   */
  models(surfaceId: string | undefined): SurfaceModel[] {
    return (surfaceId !== undefined ? [surfaceId] : [...this.#group.placements.keys()]).flatMap((id) => this.#group.surface(id) ?? []);
  }

  /** The errors since the last call (each fired once). */
  takeErrors(): A2uiError[] {
    const errors = this.#errors;
    this.#errors = [];
    return errors;
  }

  /** The answers and calls since the last call (each fired once). */
  takeAnswers(): (A2uiCallAnswer | A2uiAgentCall)[] {
    const answers = this.#answers;
    this.#answers = [];
    return answers;
  }
}

/** Two lists of catalogs with the same items (a framework that renders again gives a new list of the same ones). */
function sameList(a: unknown, b: unknown): boolean {
  return a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]));
}
