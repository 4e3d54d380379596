import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ChatSession, globalGenerativeUiSwitch, isTransport, type RequestOptions, type SessionEvent, type Transport, type TransportKind } from '../../src/index.js';
import { emit } from '../events.js';
import { ContextProvider } from '@lit/context';
import { chatPort, type ChatServices } from '../internal/chat-context.js';
import { rejectValue } from '../internal/reject-value.js';

// In a module of its own, so that <mantis-artifact-panel>'s code (a lazy part) takes it without the core's index.
export { rejectValue };

/** `generative-ui` is on unless the attribute says exactly "false". */
export const onUnlessFalse = {
  fromAttribute: (value: string | null): boolean => value === null || value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean): string | null => (value ? null : 'false'),
};

/**
 * The kinds of connection `<mantis-chat transport>` accepts, attribute and property alike: `ws` and `sse` (the
 * Composer), `ai-sdk` (the AI SDK's UI message stream) and `ag-ui` (an AG-UI 1.0 agent). The kind of a protocol the
 * page registered (registerProtocol) is accepted too; typed templates know only these, so a TypeScript page names
 * another one with a cast.
 */
export type ChatTransportKind = TransportKind | 'ai-sdk' | 'ag-ui';

/**
 * The page-level switch, read once when the bundle loads, as NEXT_PUBLIC_COMPOSER_GENERATIVE_UI=false is in the
 * specification: `window.MANTIS_COMPOSER_GENERATIVE_UI = false` before the script (the session reads that too), or
 * `<meta name="mantis-composer-generative-ui" content="false">`. Off, no chat advertises the capability.
 */
const PAGE_ALLOWS_GENERATIVE_UI: boolean = (() => {
  const meta = globalThis.document?.querySelector?.('meta[name="mantis-composer-generative-ui"]');
  return globalGenerativeUiSwitch() && meta?.getAttribute('content')?.trim().toLowerCase() !== 'false';
})();

/**
 * How long a chat may stay out of the document before it releases its connection. Moving it (a framework
 * re-parenting it, a tab strip) disconnects and connects it again: within this grace nothing is released, so queued
 * messages are still delivered and a history reveal finishes.
 */
export const RELEASE_DELAY_MS = 1000;

const isFunction = (value: unknown): boolean => typeof value === 'function';

export { isTransport };

/** Whether a value a host set is a session (duck-typed, for the same reason). */
export function isSession(value: unknown): value is ChatSession {
  const s = value as Partial<Record<keyof ChatSession, unknown>> | null;
  return typeof s === 'object' && s !== null && isFunction(s.subscribe) && isFunction(s.send) && isFunction(s.useTransport) && isFunction(s.load);
}

/**
 * Checks the connection values a host or framework bound (`transport` names a kind, `connection` is a transport
 * object), puts back any of the wrong kind, and says whether where to connect really changed.
 */
export function checkConnectionValues(
  host: HTMLElement & { url: string | undefined; transport: unknown; chatId: string | undefined; connection: unknown; readonly session: ChatSession },
  changed: Map<PropertyKey, unknown>,
): boolean {
  if (changed.has('connection') && host.connection !== undefined && !isTransport(host.connection)) {
    rejectValue(host, 'connection', 'a Transport object (subscribe, send, connect, close)');
    host.connection = undefined;
  }
  const kinds = host.session.protocols.connectionKinds();
  const known = (value: unknown): boolean => typeof value === 'string' && kinds.includes(value);
  if (changed.has('transport') && !known(host.transport)) {
    const named = kinds.map((k) => `"${k}"`).join(', ');
    rejectValue(host, 'transport', isTransport(host.transport) ? `one of ${named} (set a transport object as \`connection\`)` : `one of ${named}`);
    host.transport = known(changed.get('transport')) ? changed.get('transport') : 'ws';
  }
  return (['url', 'transport', 'chatId', 'connection'] as const).some((name) => changed.has(name) && changed.get(name) !== host[name]);
}

export type BindingEvent = SessionEvent | { readonly type: 'session' };

/** Where `<mantis-chat>` connects, from its attributes and properties. */
export interface ConnectionSettings {
  readonly url: string | undefined;
  readonly kind: unknown;
  /** The conversation's ID on the backend (`chat-id`). */
  readonly chatId: string | undefined;
  readonly connection: Transport | undefined;
  readonly relativeTo: string;
  /** The element's `requestOptions`, read per request. */
  readonly options: () => RequestOptions | null;
}

/** An object a request option gives (itself, or what its function returns); anything else is nothing. */
function resolved<T extends object>(value: T | (() => T) | undefined): T | undefined {
  const given = typeof value === 'function' ? value() : value;
  return typeof given === 'object' && given !== null ? given : undefined;
}

/**
 * Binds a chat element to the session it shows: its own, or one a host set. It follows the element's lifecycle:
 * subscribed and holding the session connected while the element is in the document, released only when the
 * element stays out of it past RELEASE_DELAY_MS.
 */
export class ChatSessionController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #listener: (event: BindingEvent) => void;
  readonly #own = new ChatSession();
  #shown: ChatSession = this.#own;
  #services: ChatServices = this.#servicesOf(this.#own);
  #unsubscribe: (() => void) | null = null;
  #held = false;
  #release: ReturnType<typeof setTimeout> | undefined;

  /** `onRelease`: the chat stayed out of the document past RELEASE_DELAY_MS, and released its session. */
  /** `portChanged`: the port was given again (another session, another media service). */
  constructor(host: ReactiveControllerHost & HTMLElement, listener: (event: BindingEvent) => void, onRelease: () => void, portChanged: () => void) {
    this.#host = host;
    this.#listener = listener;
    this.#onRelease = onRelease;
    this.#portChanged = portChanged;
    this.#port = new ContextProvider(host, { context: chatPort, initialValue: this.#services });
    host.addController(this);
  }

  readonly #portChanged: () => void;

  readonly #onRelease: () => void;

  get session(): ChatSession {
    return this.#shown;
  }

  /** What views inside reach of the session (through context). */
  get services(): ChatServices {
    return this.#services;
  }

  generativeUiAllowed(attribute: boolean): boolean {
    return attribute && PAGE_ALLOWS_GENERATIVE_UI;
  }

  /**
   * Tells the session what it may advertise: the element's own session follows the element; a host's session is
   * only ever turned off by it (the attribute or the page-level switch), never turned on.
   */
  applyGenerativeUi(active: boolean): void {
    if (this.#shown === this.#own || !active) this.#shown.generativeUi = active;
  }

  #servicesOf(session: ChatSession): ChatServices {
    // The host is read when an action runs: services are made while the binding is constructed.
    const host = () => this.#host;
    return {
      get actions() {
        return session.actions;
      },
      // The page sees each action first and may take it over (mantis-action-request, cancelable).
      prepareAction: (request) => session.prepareAction(request),
      runAction: (request, options = {}) =>
        session.runAction(request, {
          ...options,
          beforeRun: (r) => emit(host(), 'mantis-action-request', { ...r }, { cancelable: true }),
          // A follow-up goes through the chat's own send: its cancelable mantis-send, its checks and its scrolling.
          send: (text) => ((host() as unknown as { send(text: string): boolean }).send(text) ? { ok: true } : { ok: false, message: 'the message was not sent' }),
        }),
      sendA2uiAction: (action) => void session.sendA2uiAction(action),
      setEnvelopeStatus: (envelopeId, status, message) => session.setEnvelopeStatus(envelopeId, status, message),
      get media() {
        return session.media;
      },
      openArtifact: (source) => {
        const { node } = source;
        const detail = {
          ...(source.messageId ? { messageId: source.messageId } : {}),
          viewId: source.viewId,
          ...(source.partId ? { partId: source.partId } : {}),
          nodeId: node.id,
          title: node.title,
          format: node.format,
          content: node.content,
          ...(node.language ? { language: node.language } : {}),
        };
        // The page sees it first and may show the artifact itself.
        if (!emit(host(), 'mantis-artifact-open', detail, { cancelable: true })) return false;
        try {
          session.artifacts.open(source);
        } catch (error) {
          // Only a payload over the store's whole byte cap is refused, and no validated view carries one.
          emit(host(), 'mantis-config-error', { reason: `The artifact "${source.node.title}" could not be opened: ${String(error)}` });
          return false;
        }
        return true;
      },
    };
  }

  /** Makes the services again, so that views see a change of the session's media service (context compares by identity). */
  refreshServices(): void {
    this.#services = this.#servicesOf(this.#shown);
    this.providePort();
  }

  /** The port children reach the session through (@lit/context), provided on the chat. */
  readonly #port: ContextProvider<typeof chatPort>;

  /** Gives the children the port as it is now (and whoever else `portChanged` tells: the page's canvas). */
  providePort(): void {
    this.#port.setValue(this.#services);
    this.#portChanged();
  }

  /** Shows another session (null: the element's own). */
  show(session: ChatSession | null): void {
    const next = session ?? this.#own;
    if (next === this.#shown) return;
    const held = this.#held;
    this.#let();
    this.#shown = next;
    this.#services = this.#servicesOf(next);
    if (held) this.#hold();
    this.#listener({ type: 'session' });
  }

  /** Applies the element's connection settings to the session. A host's session without them keeps its own transport. */
  connect(settings: ConnectionSettings): void {
    const session = this.#shown;
    if (settings.connection) return void session.configure({ connection: settings.connection });
    if (!settings.url) {
      if (session === this.#own) session.configure({ connection: null });
      return;
    }
    const kind = typeof settings.kind === 'string' ? settings.kind : 'ws';
    const headers = () => resolved(settings.options()?.headers) ?? {};
    const body = () => resolved(settings.options()?.body) ?? {};
    const problems = session.configure({ connection: { kind, url: settings.url, headers, body, ...(settings.chatId ? { chatId: settings.chatId } : {}) }, relativeTo: settings.relativeTo });
    if (problems.some((p) => p.setting === 'connection.url')) this.#listener({ type: 'protocol-error', reason: 'invalid url' });
  }

  hostConnected(): void {
    if (this.#release !== undefined) {
      // It was moved, not removed: nothing was released.
      clearTimeout(this.#release);
      this.#release = undefined;
      return;
    }
    this.#hold();
  }

  hostDisconnected(): void {
    clearTimeout(this.#release);
    this.#release = setTimeout(() => {
      this.#release = undefined;
      this.#let();
      this.#onRelease();
    }, RELEASE_DELAY_MS);
  }

  #hold(): void {
    if (this.#held) return;
    this.#held = true;
    this.#unsubscribe = this.#shown.subscribe(this.#listener);
    this.#shown.connect();
    this.#listener({ type: 'messages' });
    this.#host.requestUpdate();
  }

  #let(): void {
    if (!this.#held) return;
    this.#held = false;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#shown.disconnect();
  }
}
