import { LitElement, type PropertyDeclarations } from 'lit';
import type { A2uiCatalogInput, ActionRegistry, AttachmentLimits, ChatMessage, ChatSession, ComposerMode, MapAdapter, MediaTokenProvider, RequestOptions, Transport } from '../../src/index.js';
import { rejectValue } from '../internal/reject-value.js';
import type { Theme } from '../internal/theme.styles.js';
import { onUnlessFalse, type ChatTransportKind } from './session-binding.js';

/*
 * The attributes and properties of `<mantis-chat>` that a page sets and the chat maps onto its session's
 * configuration (config-controller.ts) or its layout: declared here, with what each means, so the element's own module
 * is about what it does with them. MantisChat extends this; the manifest lists them on `<mantis-chat>`.
 */
export abstract class MantisChatProperties extends LitElement {
  static override properties: PropertyDeclarations = {
    mode: { reflect: true },
    actions: { attribute: false },
    url: {},
    transport: {},
    chatId: { attribute: 'chat-id' },
    connection: { attribute: false },
    generativeUi: { attribute: 'generative-ui', converter: onUnlessFalse },
    theme: { reflect: true },
    placeholder: {},
    bagsUrl: { attribute: 'bags-url' },
    mediaBaseUrl: { attribute: 'media-base-url' },
    mediaCredentials: { attribute: 'media-credentials' },
    mediaToken: { attribute: false },
    uploadUrl: { attribute: 'upload-url' },
    attachmentAccept: { attribute: 'attachment-accept' },
    uploadChunkSize: { attribute: 'upload-chunk-size', type: Number },
    attachmentLimits: { attribute: false },
    account: {},
    historyKey: { attribute: 'history-key' },
    layoutKey: { attribute: 'layout-key' },
    artifactPanel: { attribute: 'artifact-panel' },
    agentUiUrl: { attribute: 'agent-ui-url' },
    a2uiCatalogs: { attribute: false },
    requestOptions: { attribute: false },
    agentUiHeaders: { attribute: false },
    mapAdapter: { attribute: false },
    canvas: { attribute: false },
    suggestions: { attribute: false },
  };

  /** The session this chat shows (see MantisChat). */
  abstract get session(): ChatSession;

  /** The messages of the conversation, oldest first, with their parts. */
  get conversation(): readonly ChatMessage[] {
    return this.session.messages;
  }

  /** The agent's shared state (AG-UI `STATE_SNAPSHOT`/`STATE_DELTA`; `mantis-agent-state` when it changes), read-only. */
  get agentState(): unknown {
    return this.session.agentState;
  }

  /** The Composer mode new replies are authored under. Replayed messages keep the mode they were authored in. */
  get mode(): ComposerMode {
    return this.session.mode;
  }
  set mode(mode: ComposerMode) {
    this.session.mode = mode;
  }

  /**
   * The action handlers (an `ActionRegistry` from `mantis-ui/core`): replace one with `defaultActions.with(handler)`,
   * remove one with `without(type)` (its actions show as unavailable). Handlers are narrow callbacks: no action takes
   * a URL or anything executable. Set on the session this chat shows.
   */
  get actions(): ActionRegistry {
    return this.session.actions;
  }
  set actions(value: ActionRegistry) {
    const fn = (key: string): boolean => typeof (value as unknown as Record<string, unknown> | null)?.[key] === 'function';
    if (!['handler', 'offers', 'needsConfirmation', 'describe'].every(fn)) {
      rejectValue(this, 'actions', 'an ActionRegistry');
      return;
    }
    this.session.actions = value;
    this.requestUpdate();
  }

  /** The agent's URL, absolute or relative to the page: the Composer's (its scheme follows `transport`), the AI SDK chat endpoint or the AG-UI agent's. */
  url: string | undefined = undefined;

  /**
   * The kind of connection to `url`: `ws` (the Composer over a WebSocket, the default), `sse` (the Composer over
   * Server-Sent Events with POSTed frames), `ai-sdk` (the AI SDK's chat protocol: one POST per turn, answered with its
   * UI message stream) or `ag-ui` (an AG-UI 1.0 agent: one run per turn, its events as Server-Sent Events).
   */
  transport: ChatTransportKind = 'ws';

  /**
   * The conversation's ID on the backend, the page's own for this chat (as it stores its messages under it): the AI
   * SDK's chat `id`, AG-UI's `threadId`. Without it each connection makes one up. With it, a `transport="ai-sdk"` chat
   * opened again (after a reload) takes up a reply that was still streaming: `GET {url}/{chat-id}/stream`.
   */
  chatId: string | undefined = undefined;

  /** A transport object to talk through instead of one built from `url`. The page keeps ownership: it is not closed here. */
  connection: Transport | undefined = undefined;

  /** Generative UI: on unless `generative-ui="false"`. Off, the capability is not advertised and replies are Markdown only. */
  generativeUi = true;

  /** Color scheme: `light`, `dark`, or `system` (the default) to follow the operating system. */
  theme: Theme = 'system';

  /** Placeholder text of the input. */
  placeholder = 'Send a message';

  /**
   * The backend's bags API (`…/api/v1/bags`), resolved against the page: add-to-bag confirmations ask it which bag
   * the points will go to, and whether it exists and is writable, before anything is sent. Without it they name what
   * the action names, and the backend still refuses what it must.
   */
  bagsUrl: string | undefined = undefined;

  /**
   * The authenticated media store's base URL, resolved against the page: a view's key `agent_files/a.png` is fetched
   * from `<media-base-url>agent_files/a.png` (for the reference server, `…/api/v1/`), with `mediaToken` as a bearer
   * token and `media-credentials` for cookies. Nothing else is ever fetched for media; without it, media shows its
   * text alternative and nothing is requested.
   */
  mediaBaseUrl: string | undefined = undefined;

  /** Cookies sent to the media store: `same-origin` (the default), `include` (a store on another origin too) or `omit`. */
  mediaCredentials: 'omit' | 'same-origin' | 'include' = 'same-origin';

  /**
   * Supplies the bearer token of media requests, read for each request (`() => token`, may return a promise);
   * none sends no Authorization header (cookies only).
   */
  mediaToken: MediaTokenProvider | undefined = undefined;

  /**
   * The upload endpoint for attachments (a tus 1.0 endpoint such as the reference server's `…/api/v1/uploads/`,
   * resolved against the page). With it the composer takes files (a button, drop, paste); each uploads at once with
   * `mediaToken` and `media-credentials`, and a message is sent once its files have uploaded. Without it no file is
   * taken.
   */
  uploadUrl: string | undefined = undefined;

  /**
   * The media types files may have, comma-separated (`image/*,application/pdf`): checked against what a file's bytes
   * prove it is. Default: PNG, JPEG, GIF, WebP and AVIF images, PDF, plain text, CSV, Markdown and JSON. HTML, SVG,
   * XML and scripts are never taken.
   */
  attachmentAccept: string | undefined = undefined;

  /**
   * Bytes per upload request (a positive whole number): a file larger than this goes in several PATCH requests, for a
   * proxy that caps request bodies. Default: one request per file.
   */
  uploadChunkSize: number | undefined = undefined;

  /** Lower limits for attachments: `{ files, fileBytes, totalBytes }` per message (see UPLOAD_LIMITS, which they cannot exceed). */
  attachmentLimits: Partial<AttachmentLimits> | undefined = undefined;

  /**
   * The signed-in account. Media previews are cached per account; when it changes, every object URL of the old
   * account is revoked and every media request aborted, so nothing of one account shows in another.
   */
  account: string | undefined = undefined;

  /**
   * Opt-in: keeps the conversation (its persisted format; never artifact payloads or media bytes) in IndexedDB under
   * this key, and restores it into an empty transcript when the page loads again. `clearStoredHistory()` deletes it.
   */
  historyKey: string | undefined = undefined;

  /** The name layout preferences are stored under (the artifact panel's width and state, the user's theme choice). */
  layoutKey = 'mantis-chat';

  /**
   * Where artifacts open: `built-in` (the default), a panel to the right of the conversation; `none` when the page
   * places its own `<mantis-artifact-panel for="<this chat's id>">` (or cancels `mantis-artifact-open`).
   */
  artifactPanel: 'built-in' | 'none' = 'built-in';

  /**
   * The agent-ui@1 base URL (`…/api/v1/agent/chat/`, resolved against the page): the registry is read from its
   * `ui-registry` (once per session, again with backoff after a failure) and render_refs are resolved under its
   * `render-ref/`. Default: the same path on the Composer URL's host.
   */
  agentUiUrl: string | undefined = undefined;

  /**
   * The A2UI catalogs surfaces may name, and the only ones the chat advertises (`a2ui_catalog` on the Composer URL,
   * AG-UI's `context`): definitions (`MANTIS_CATALOG`…), documents in the specification's JSON catalog format, read
   * by `mantis-ui/a2ui-json` (loaded for them), or the IDs of the built-in catalogs (a script-tag page keeps them beside
   * its own document that way). A document the chat cannot honour is left out, with
   * `mantis-config-error`. Unset: the specification's catalogs and ours. A change reads the conversation's surfaces again.
   */
  a2uiCatalogs: readonly A2uiCatalogInput[] | undefined = undefined;

  /**
   * What each request of the chat's connection carries besides the conversation, read per request: `headers`
   * (`{ authorization: 'Bearer …' }`; `ai-sdk`, `ag-ui` and `sse`, since a WebSocket cannot send any) and `body`, fields
   * of each turn beside the protocol's own (`ai-sdk`: the request body, as `DefaultChatTransport`'s `body` option;
   * `ag-ui`: `forwardedProps`). Each an object, or a function that returns one.
   */
  requestOptions: RequestOptions | null = null;

  /**
   * Headers of the agent-ui registry and render_ref requests (`() => ({ authorization: 'Bearer …' })`), read per
   * request; cookies follow the same-origin rule.
   */
  agentUiHeaders: (() => Record<string, string>) | null = null;

  /**
   * The map `map_overlay` envelopes act on (`createMapLibreAdapter(map)`, or the page's own MapAdapter). Without one,
   * a notice in the transcript says a map action was meant for a map this page does not show.
   */
  mapAdapter: MapAdapter | null = null;

  /**
   * An element of the page where `canvas` envelopes are drawn (the chat renders them into it). Without one, a
   * notice in the transcript says where they would have gone.
   */
  canvas: HTMLElement | null = null;

  /** Follow-up suggestions shown under the last reply (see `mantis-suggestions-request`); choosing one sends it. */
  suggestions: readonly string[] = [];
}
