import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AttachmentLimits, ChatSession, ChatSessionConfig, ConfigProblem, MediaConfig, MediaTokenProvider, SessionFactories } from '../../src/index.js';
import { emit } from '../events.js';
import type * as LazyMedia from '../internal/lazy-media.js';
import { loadTusUploader } from '../internal/lazy.js';
import { rejectValue } from '../internal/reject-value.js';

/*
 * `<mantis-chat>`'s attributes and properties, mapped onto the configuration of the session it shows
 * (`session.configure`, src/chat/session-config.ts, where the values are checked and the parts made): the bags API,
 * the media store (scoped to `account`), attachments and the agent-ui@1 base. A value the session could not use is
 * reported on the property the page set, as before: a console warning and `mantis-config-error`.
 */

/** What the configuration reads of the chat. */
export interface ConfigHost extends ReactiveControllerHost, HTMLElement {
  readonly session: ChatSession;
  readonly bagsUrl: string | undefined;
  readonly mediaBaseUrl: string | undefined;
  readonly mediaCredentials: 'omit' | 'same-origin' | 'include';
  readonly mediaToken: MediaTokenProvider | undefined;
  readonly account: string | undefined;
  readonly uploadUrl: string | undefined;
  readonly uploadChunkSize: number | undefined;
  readonly attachmentAccept: string | undefined;
  readonly attachmentLimits: Partial<AttachmentLimits> | undefined;
  readonly agentUiUrl: string | undefined;
  readonly a2uiCatalogs: ChatSessionConfig['a2uiCatalogs'];
}

/**
 * The code of a chat's media service (elements/internal/lazy-media.ts), loaded with the first chat that names a media
 * store: a page without one never fetches it. The session is given the media configuration once it is here.
 */
let lazyMedia: typeof LazyMedia | null = null;

/** The parts a chat's session makes with a browser's APIs: each loaded when first needed. */
const FACTORIES: SessionFactories = {
  media: (options) => (lazyMedia as typeof LazyMedia).createLazyMediaService(options),
  uploader: (options) => loadTusUploader().then((module) => module.createTusUploader(options)),
};

/** The chat property each setting comes from (the page is told it must be what the core expected). */
const PROPERTIES: Readonly<Record<string, string>> = {
  'media.baseUrl': 'mediaBaseUrl',
  'media.credentials': 'mediaCredentials',
  'media.token': 'mediaToken',
  bagsUrl: 'bagsUrl',
  agentUiUrl: 'agentUiUrl',
};

/** What the uploads configuration is made of (and the session: another one is configured again). */
const UPLOAD_SETTINGS = ['account', 'uploadUrl', 'uploadChunkSize', 'attachmentAccept', 'attachmentLimits', 'mediaToken', 'mediaCredentials', 'session'];

export class ChatConfigController implements ReactiveController {
  readonly #host: ConfigHost;
  readonly #changed: () => void;
  /** The session this chat gave a media service to (it takes it back when it shows another, or is removed for good). */
  #mediaSession: ChatSession | null = null;
  #released = false;
  /** The media service's code while it loads for this chat. */
  #loadingMedia: Promise<void> | null = null;

  /** `changed`: the media service changed, so what views see of the session must be given to them again. */
  constructor(host: ConfigHost, changed: () => void) {
    this.#host = host;
    this.#changed = changed;
    host.addController(this);
  }

  hostConnected(): void {
    // Put back after it was removed for good (a keep-alive router): its media service is made again.
    if (this.#released && this.#host.mediaBaseUrl) this.applyMedia();
    this.#released = false;
  }

  #configure(partial: ChatSessionConfig): void {
    const problems = this.#host.session.configure({ ...partial, relativeTo: document.baseURI, factories: FACTORIES });
    for (const problem of problems) this.#report(problem);
  }

  #report(problem: ConfigProblem): void {
    const host = this.#host;
    const known = PROPERTIES[problem.setting];
    if (known) return rejectValue(host, known, problem.expected);
    if (problem.setting === 'uploads.url') {
      const reason = `upload-url "${host.uploadUrl ?? ''}" cannot be used (${problem.expected}): files cannot be attached`;
      console.warn(`[mantis-ui] ${reason}.`);
      return void emit(host, 'mantis-config-error', { reason });
    }
    const reason = `${problem.setting} must be ${problem.expected}`;
    console.warn(`[mantis-ui] ${reason}.`);
    emit(host, 'mantis-config-error', { reason });
  }

  /** Applies what changed in an update; true when the upload settings did (the composer's controls follow them). */
  update(changed: Map<PropertyKey, unknown>, updatedBefore: boolean): boolean {
    if (changed.has('bagsUrl')) this.applyBags();
    if (changed.has('mediaBaseUrl') || changed.has('mediaCredentials')) this.applyMedia();
    else if (changed.has('mediaToken') || changed.has('account')) this.applyCredentials(changed.has('mediaToken'), changed.has('account'));
    if (changed.has('agentUiUrl')) this.applyAgentUi();
    if (changed.has('a2uiCatalogs')) this.applyCatalogs();
    if (updatedBefore && !UPLOAD_SETTINGS.some((name) => changed.has(name))) return false;
    this.applyUploads();
    return true;
  }

  /** Settles once the media service's code this chat waits for has loaded (or could not be). */
  get settled(): Promise<void> {
    return this.#loadingMedia ?? Promise.resolve();
  }

  /** The media attributes changed (a token or account alone reaches the same service), or the chat shows another session. */
  applyMedia(): void {
    const host = this.#host;
    if (host.mediaBaseUrl && !lazyMedia) {
      this.#loadingMedia ??= import('../internal/lazy-media.js').then(
        (module) => {
          lazyMedia = module;
          this.#loadingMedia = null;
          // A chat removed for good meanwhile makes its service when it is put back (hostConnected), not now.
          if (!this.#released) this.applyMedia();
        },
        () => {
          this.#loadingMedia = null;
          const reason = 'media-base-url cannot be used: the code of the media service could not be loaded, so media shows its text alone';
          console.warn(`[mantis-ui] ${reason}.`);
          emit(host, 'mantis-config-error', { reason });
        },
      );
      return;
    }
    const session = host.session;
    if (this.#mediaSession && this.#mediaSession !== session) this.#mediaSession.configure({ media: null });
    this.#mediaSession = host.mediaBaseUrl ? session : null;
    const media: MediaConfig | null = host.mediaBaseUrl
      ? {
          baseUrl: host.mediaBaseUrl,
          credentials: host.mediaCredentials,
          ...(host.mediaToken !== undefined ? { token: host.mediaToken } : {}),
          ...(host.account !== undefined ? { account: host.account } : {}),
        }
      : null;
    this.#configure({ media });
    this.#changed();
  }

  /** The token or the account changed: the chat's own service takes them; a host's own one is told as well. */
  applyCredentials(tokenChanged: boolean, accountChanged: boolean): void {
    const host = this.#host;
    if (host.mediaBaseUrl) return this.applyMedia();
    const media = host.session.media;
    if (accountChanged) media?.setAccount(host.account);
    if (!tokenChanged) return;
    const token = host.mediaToken;
    if (token !== undefined && typeof token !== 'function') return rejectValue(host, 'mediaToken', 'a function that returns the bearer token');
    media?.setToken(token);
  }

  /** The shown session consults the bags API the chat names (set or removed). */
  applyBags(): void {
    this.#configure({ bagsUrl: this.#host.bagsUrl ?? null });
  }

  /** Attachments: the upload endpoint and what files may be, with the media store's token and cookies. */
  applyUploads(): void {
    const host = this.#host;
    this.#configure({
      uploads: host.uploadUrl
        ? {
            url: host.uploadUrl,
            ...(host.uploadChunkSize !== undefined ? { chunkSize: host.uploadChunkSize } : {}),
            ...(host.attachmentAccept !== undefined ? { accept: host.attachmentAccept } : {}),
            ...(host.attachmentLimits !== undefined ? { limits: host.attachmentLimits } : {}),
            // Read at each request, as the page may replace the provider while a file uploads.
            ...(typeof host.mediaToken === 'function' ? { token: () => (typeof host.mediaToken === 'function' ? host.mediaToken() : undefined) } : {}),
            credentials: host.mediaCredentials,
          }
        : null,
    });
  }

  applyAgentUi(): void {
    this.#configure({ agentUiUrl: this.#host.agentUiUrl ?? null });
  }

  /** The A2UI catalogs (a list with the same items as the one in force changes nothing). */
  applyCatalogs(): void {
    this.#configure({ a2uiCatalogs: this.#host.a2uiCatalogs ?? null });
  }

  /** The chat shows another session: it is configured with the chat's settings (those the chat has). */
  sessionShown(): void {
    const host = this.#host;
    this.applyUploads();
    if (host.bagsUrl) this.applyBags();
    if (host.mediaBaseUrl) this.applyMedia();
    if (host.agentUiUrl) this.applyAgentUi();
    if (host.a2uiCatalogs) this.applyCatalogs();
  }

  /** The chat was removed for good: its own service revokes every object URL and aborts what is in flight. */
  release(): void {
    this.#mediaSession?.configure({ media: null });
    this.#mediaSession = null;
    this.#released = true;
    this.#changed();
  }
}
