import { ACTION_TYPES, type Action, type ActionType } from '../schema/actions.js';

/*
 * The action registry (000_de6e533300a72cb9.txt, "Actions"): one handler per action type, with its policy (allowed
 * under Ask's read-only policy or not, confirmed by a second click or not), how the client describes it (never from
 * model prose), and how it runs. Views ask the registry what to offer and how to confirm; the session runs the
 * handler. No action carries a URL or anything executable: handlers are narrow callbacks.
 */

/** One action chosen by the user, with where it was offered. */
export interface ActionRequest<A extends Action = Action> {
  /** The assistant message holding the view; absent for a view rendered on its own. */
  readonly messageId?: string;
  readonly viewId: string;
  /**
   * The view's part ID in its message (`view-0`, `view-1`, …), when a chat renders it. Two views of one message may
   * share a view ID: this tells their actions apart.
   */
  readonly partId?: string;
  readonly nodeId: string;
  readonly action: A;
}

/** What a handler may use to run an action: the session's narrow services. None takes a URL or code. */
export interface ActionServices {
  /** Hands the action to the host page (it owns the map and the canvas), as a `mantis-action` event. */
  deliverToHost(request: ActionRequest): void;
  /**
   * Sends the action to the backend as an `action` frame (resent until answered, applied once); its outcome follows
   * the backend's `action_result`. `createSelectionBag`: the user confirmed creating the "Composer selection" bag.
   */
  sendToBackend(request: ActionRequest, options?: { readonly createSelectionBag?: boolean }): void;
  /** Puts the text in the chat's own message box and focuses it; nothing is sent. */
  prefillComposer(text: string): void;
  /** Sends the text as the user's next message. */
  sendFollowUp(text: string): void;
  /** Reports the outcome of a confirmed action that the handler ran itself (a host's handler, say). */
  report(status: 'delivered' | 'rejected' | 'failed', reason?: string): void;
}

export interface ActionHandler<T extends ActionType = ActionType> {
  readonly type: T;
  /** Allowed under Ask's read-only policy. */
  readonly readOnly: boolean;
  /** Changes state: needs a second, confirming click, is disabled while its message streams, runs once per message. */
  readonly confirm: boolean;
  /** What the action will do, derived by the client from the validated action only; shown when confirming. */
  describe(action: Extract<Action, { type: T }>): string;
  /** Runs the action. */
  run(request: ActionRequest<Extract<Action, { type: T }>>, services: ActionServices): void;
}

const truncate = (text: string, max = 120): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const toHost = (request: ActionRequest, services: ActionServices): void => services.deliverToHost(request);

/** The six handlers of the closed action union. */
export const DEFAULT_ACTION_HANDLERS: { readonly [T in ActionType]: ActionHandler<T> } = {
  navigate: { type: 'navigate', readOnly: true, confirm: false, describe: () => 'Go to this item on the map.', run: toHost },
  summarize: { type: 'summarize', readOnly: true, confirm: false, describe: () => 'Summarize this item.', run: toHost },
  'prefill-composer': {
    type: 'prefill-composer',
    readOnly: true,
    confirm: false,
    describe: () => 'Put this text in the message box.',
    run: (request, services) => services.prefillComposer(request.action.text),
  },
  'add-to-bag': {
    type: 'add-to-bag',
    readOnly: false,
    confirm: true,
    describe: (action) => {
      const bag = action.bagName ? `the bag “${truncate(action.bagName, 60)}”` : action.bagId ? `bag ${action.bagId}` : 'the active bag';
      return `Add ${plural(action.targets.length, 'point')} to ${bag}?`;
    },
    run: (request, services) => services.sendToBackend(request),
  },
  'run-task': {
    type: 'run-task',
    readOnly: false,
    confirm: true,
    describe: (action) => `Start this task: “${truncate(action.task)}”?`,
    run: (request, services) => services.sendToBackend(request),
  },
  'submit-followup': {
    type: 'submit-followup',
    readOnly: false,
    confirm: true,
    describe: (action) => `Send this message: “${truncate(action.text)}”?`,
    run: (request, services) => services.sendFollowUp(request.action.text),
  },
};

/** Actions that change state: they need a second confirmation click, and run at most once per rendered message. */
export const CONFIRMED_ACTIONS: ReadonlySet<ActionType> = new Set(ACTION_TYPES.filter((type) => DEFAULT_ACTION_HANDLERS[type].confirm));

/** The only actions Ask's read-only policy allows. */
export const READ_ONLY_ACTIONS: ReadonlySet<ActionType> = new Set(ACTION_TYPES.filter((type) => DEFAULT_ACTION_HANDLERS[type].readOnly));

/** The handlers a chat uses: the defaults, with any a host replaced or removed. */
export class ActionRegistry {
  readonly #handlers: ReadonlyMap<ActionType, ActionHandler>;

  constructor(handlers: Iterable<ActionHandler> = Object.values(DEFAULT_ACTION_HANDLERS) as ActionHandler[]) {
    this.#handlers = new Map([...handlers].map((h) => [h.type, h]));
  }

  /** A registry with this handler in place of the one for its type. */
  with<T extends ActionType>(handler: ActionHandler<T>): ActionRegistry {
    return new ActionRegistry(new Map(this.#handlers).set(handler.type, handler as unknown as ActionHandler).values());
  }

  /** A registry without the handler of this type: such actions show as unavailable. */
  without(type: ActionType): ActionRegistry {
    return new ActionRegistry([...this.#handlers.values()].filter((h) => h.type !== type));
  }

  handler<T extends ActionType>(type: T): ActionHandler<T> | undefined {
    return this.#handlers.get(type) as ActionHandler<T> | undefined;
  }

  /**
   * Whether a message authored under `readOnly` (Ask) may offer this action at all. The specification's policy, not a
   * handler's: a host's handler replaces how an action runs, never whether Ask may offer it.
   */
  offers(type: ActionType, readOnly: boolean): boolean {
    return !readOnly || DEFAULT_ACTION_HANDLERS[type].readOnly;
  }

  /**
   * Whether the action needs a confirming second click, is disabled while its message streams, and runs once per
   * rendered message: the specification's policy for its type, whatever a host's handler says.
   */
  needsConfirmation(type: ActionType): boolean {
    return DEFAULT_ACTION_HANDLERS[type].confirm;
  }

  /** The client's description of an action, from its validated data. */
  describe(action: Action): string {
    const handler = (this.#handlers.get(action.type) ?? DEFAULT_ACTION_HANDLERS[action.type]) as ActionHandler;
    return handler.describe(action as never);
  }

}

/** The registry every chat starts with. */
export const defaultActions = new ActionRegistry();
