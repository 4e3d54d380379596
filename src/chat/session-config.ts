import { createBagDirectory, type BagDirectory } from '../actions/bags.js';
import { carriesTokenSafely, resolveBase } from '../media/config.js';
import type { MediaService } from '../media/types.js';
import type { ChatMessage } from '../message/messages.js';
import type { Connection } from '../protocols/connection.js';
import { openConnection } from '../protocols/open.js';
import { configureA2uiCatalogs } from '../protocols/register.js';
import type { ProtocolRegistry } from '../protocols/registry.js';
import { attachmentPolicy } from '../uploads/policy.js';
import type { AttachmentTray } from '../uploads/tray.js';
import { deferredUploader, type Uploader } from '../uploads/uploader.js';
import type { ChatSessionConfig, ConfigProblem, ConnectionConfig, MediaConfig, UploaderOptions } from './config-types.js';
import type { ProtocolOptions } from '../protocols/module.js';

export type { ChatSessionConfig, ConfigProblem, ConnectionConfig, MediaConfig, SessionFactories, UploaderOptions, UploadsConfig } from './config-types.js';

/*
 * What a session is configured with (issue 28, "one configuration"): where it connects, the bags API, the media
 * store, attachments and the agent-ui@1 base. `<mantis-chat>` maps its attributes and properties onto this; a host
 * without the element calls `createChatSession(config)` and `session.configure(partial)` itself. The checks live
 * here, once: a value that cannot be used is refused (listed in what `configure` returns) and leaves that part off,
 * never throws. Media and uploads make things a browser has (object URLs, the tus client), so the session is given
 * the factories that make them; without one, that part is refused.
 */

/** What the configuration works on: the session's parts. */
export interface ConfigTarget {
  readonly protocols: ProtocolRegistry;
  /** The conversation, which a connection may read (a resumed reply replaces the partial one it finds there). */
  readonly messages: readonly ChatMessage[];
  /** Settles once the history given last shows. */
  readonly historyReady: Promise<void>;
  readonly attachments: AttachmentTray;
  readonly generativeUi: boolean;
  bags: BagDirectory | null;
  media: MediaService | null;
  useConnection(connection: Connection | null, options?: { owned?: boolean }): void;
  useTransport(transport: object | null, options?: { owned?: boolean }): void;
  configureProtocol(name: string, given: ProtocolOptions): void;
}

const CREDENTIALS: readonly string[] = ['omit', 'same-origin', 'include'];

/** A `{ kind, url }` record (a plain object), not a transport object (which may carry a `url` of its own). */
const isConnectionConfig = (value: object): value is ConnectionConfig => {
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && typeof (value as Partial<ConnectionConfig>).url === 'string';
};

export class SessionConfiguration {
  #config: ChatSessionConfig = {};
  readonly #target: ConfigTarget;
  /** The media service made from `media` (a host's own `session.media` is never disposed here), and what made it. */
  #media: { readonly service: MediaService; readonly baseUrl: string; readonly credentials: string } | null = null;

  constructor(target: ConfigTarget) {
    this.#target = target;
  }

  get current(): ChatSessionConfig {
    return this.#config;
  }

  /** Applies the settings given (the others stay as they are); returns what it could not use. */
  apply(partial: ChatSessionConfig): ConfigProblem[] {
    const before = this.#config;
    const config = (this.#config = { ...before, ...partial });
    const problems: ConfigProblem[] = [];
    const has = (key: keyof ChatSessionConfig): boolean => Object.prototype.hasOwnProperty.call(partial, key);
    // Read apart from the first load (catalog documents by mantis-ui/a2ui-json), unless the same list came again (or
    // none again, null or undefined alike: hence ==); a later list makes an earlier one moot. Should the reader not
    // load, the promise rejects (said on the console) and the catalogs in force stay.
    const catalogs = config.a2uiCatalogs;
    if (catalogs != before.a2uiCatalogs) void configureA2uiCatalogs(catalogs, this.#target, () => this.#config.a2uiCatalogs == catalogs);
    if (has('connection')) this.#connect(config, problems);
    // Another base resolves the URLs again; the same one given again (as every call of a chat gives it) changes nothing.
    const moved = config.relativeTo !== before.relativeTo;
    if (has('bagsUrl') || (moved && config.bagsUrl)) this.#bags(config, problems);
    if (has('media') || (moved && config.media)) this.#applyMedia(before.media ?? null, config, problems);
    if (has('uploads') || (moved && config.uploads)) this.#uploads(config, problems);
    if (has('agentUiUrl') && config.agentUiUrl && !this.#url(config.agentUiUrl, config)) problems.push({ setting: 'agentUiUrl', expected: 'a URL (the agent-ui base)' });
    this.#agentUiBase = this.#resolveAgentUiBase(config);
    return problems;
  }

  #url(value: string, config: ChatSessionConfig): URL | null {
    try {
      return new URL(value, config.relativeTo);
    } catch {
      return null;
    }
  }

  #connect(config: ChatSessionConfig, problems: ConfigProblem[]): void {
    const target = this.#target;
    const given = config.connection;
    if (!given) return target.useConnection(null);
    if (!isConnectionConfig(given)) return target.useTransport(given);
    const kinds = target.protocols.connectionKinds();
    if (!kinds.includes(given.kind)) {
      problems.push({ setting: 'connection.kind', expected: `one of ${kinds.map((k) => `"${k}"`).join(', ')}` });
      return target.useConnection(null);
    }
    let connection: Connection | null = null;
    try {
      // Only the connection's own fields (a page's object may carry others); a chat ID is a segment of a URL path.
      const { url, headers, body, chatId } = given;
      const valid = chatId === undefined || (typeof chatId === 'string' && chatId.length > 0 && chatId.length < 257);
      if (!valid) problems.push({ setting: 'connection.chatId', expected: 'a string of 1 to 256 characters' });
      const options = {
        url,
        relativeTo: config.relativeTo,
        headers,
        body,
        chatId: valid ? chatId : undefined,
        generativeUi: target.generativeUi,
        advertises: target.protocols.advertises(),
        conversation: () => target.historyReady.then(() => target.messages),
        messages: () => target.messages,
      };
      connection = openConnection(target.protocols, given.kind, options);
    } catch {
      problems.push({ setting: 'connection.url', expected: 'a URL' });
    }
    target.useConnection(connection, { owned: true });
  }

  #bags(config: ChatSessionConfig, problems: ConfigProblem[]): void {
    const url = config.bagsUrl ? this.#url(config.bagsUrl, config) : null;
    if (config.bagsUrl && !url) problems.push({ setting: 'bagsUrl', expected: 'a URL (the bags API)' });
    this.#target.bags = url ? createBagDirectory(url.href) : null;
  }

  /** A fresh service for another store or credentials; the same one told of a new token or account. */
  #applyMedia(before: MediaConfig | null, config: ChatSessionConfig, problems: ConfigProblem[]): void {
    const media = config.media ?? null;
    let credentials = media?.credentials ?? 'same-origin';
    if (!CREDENTIALS.includes(credentials)) {
      problems.push({ setting: 'media.credentials', expected: '"omit", "same-origin" or "include"' });
      credentials = 'same-origin';
    }
    let token = media?.token;
    if (token !== undefined && typeof token !== 'function') {
      problems.push({ setting: 'media.token', expected: 'a function that returns the bearer token' });
      // A refused provider leaves the one in use as it was.
      token = before?.token;
    }
    const made = this.#media;
    const current = this.#target.media;
    if (media && made && made.service === current && made.baseUrl === media.baseUrl && made.credentials === credentials) {
      if (token !== before?.token) current.setToken(token);
      if (media.account !== before?.account) current.setAccount(media.account);
      return;
    }
    this.#dropMedia();
    if (!media) return;
    if (!this.#url(media.baseUrl, config)) return void problems.push({ setting: 'media.baseUrl', expected: 'a URL (the media store)' });
    const create = config.factories?.media;
    if (!create) return void problems.push({ setting: 'media', expected: 'given with a media factory (`factories: { media: createMediaService }`)' });
    const service = create({
      baseUrl: media.baseUrl,
      ...(config.relativeTo ? { relativeTo: config.relativeTo } : {}),
      credentials: credentials as MediaConfig['credentials'] & string,
      ...(token ? { token } : {}),
      ...(media.account !== undefined ? { account: media.account } : {}),
    });
    this.#media = { service, baseUrl: media.baseUrl, credentials };
    this.#target.media = service;
  }

  #dropMedia(): void {
    const made = this.#media;
    if (!made) return;
    if (this.#target.media === made.service) this.#target.media = null;
    made.service.dispose();
    this.#media = null;
  }

  #uploads(config: ChatSessionConfig, problems: ConfigProblem[]): void {
    const tray = this.#target.attachments;
    const uploads = config.uploads ?? null;
    const endpoint = uploads ? resolveBase(uploads.url, config.relativeTo) : null;
    const token = typeof uploads?.token === 'function' ? uploads.token : undefined;
    // A bearer token goes only over https or to this machine, as for media.
    const usable = endpoint && (token === undefined || carriesTokenSafely(endpoint)) ? endpoint : null;
    if (uploads && !usable) problems.push({ setting: 'uploads.url', expected: 'an http(s) URL without credentials, query or fragment; https or this machine with a bearer token' });
    const make = config.factories?.uploader;
    if (usable && !make) problems.push({ setting: 'uploads', expected: 'given with an uploader factory' });
    if (usable && make) {
      const chunk = uploads?.chunkSize;
      const chunkSize = typeof chunk === 'number' && Number.isInteger(chunk) && chunk > 0 ? chunk : undefined;
      const options: UploaderOptions = { endpoint: usable.href, token: () => token?.(), withCredentials: uploads?.credentials === 'include', ...(chunkSize ? { chunkSize } : {}) };
      // One client per configuration, made with the first file: it remembers the uploads it may delete again.
      let made: Promise<Uploader> | undefined;
      tray.uploader = deferredUploader(() =>
        (made ??= make(options)).catch((error: unknown) => {
          made = undefined;
          throw error;
        }),
      );
    } else tray.uploader = null;
    try {
      tray.policy = attachmentPolicy(uploads?.limits ?? {}, uploads?.accept ?? '');
    } catch (error) {
      problems.push({ setting: 'uploads.limits', expected: `within UPLOAD_LIMITS (${(error as Error).message}); the default limits apply` });
      tray.policy = attachmentPolicy({}, uploads?.accept ?? '');
    }
  }

  /** Whether files can be attached: an `uploads` endpoint that can be used, and a way to upload. */
  get uploadsEnabled(): boolean {
    return this.#target.attachments.uploader !== null;
  }

  /**
   * The agent-ui@1 base URL: `agentUiUrl` resolved, else `/api/v1/agent/chat/` on the host of the connection URL (a
   * WebSocket URL's http(s) twin); '' when neither gives one. Worked out when the configuration changes.
   */
  get agentUiBase(): string {
    return this.#agentUiBase;
  }

  #agentUiBase = '';

  #resolveAgentUiBase(config: ChatSessionConfig): string {
    const connection = config.connection && isConnectionConfig(config.connection) ? config.connection.url : undefined;
    try {
      if (config.agentUiUrl) return new URL(config.agentUiUrl, config.relativeTo).href;
      if (!connection) return '';
      const url = new URL('/api/v1/agent/chat/', new URL(connection, config.relativeTo).href.replace(/^ws(s?):/i, 'http$1:'));
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
    } catch {
      return '';
    }
  }
}
