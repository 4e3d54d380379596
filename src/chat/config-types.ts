import type { MediaTokenProvider, MediaOptions, MediaService } from '../media/types.js';
import type { A2uiCatalogInput } from '../index.js';
import type { AttachmentLimits } from '../uploads/policy.js';
import type { Uploader } from '../uploads/uploader.js';

/*
 * The shapes a session is configured with (session-config.ts applies them): where it connects, the bags API, the media
 * store, attachments, the agent-ui@1 base and the A2UI catalogs. Types only.
 */

/** A connection of a kind a registered protocol opens (`ws` and `sse` for the Composer). */
export interface ConnectionConfig {
  readonly kind: string;
  readonly url: string;
  /** Headers for every request the connection makes (where its kind can send any), read per request. */
  readonly headers?: () => Record<string, string>;
  /** Fields of every turn's request body beside the protocol's own (`ai-sdk`; `ag-ui`'s `forwardedProps`), read per request. */
  readonly body?: () => Readonly<Record<string, unknown>>;
  /** The conversation's ID on the backend (AI SDK `id`, AG-UI `threadId`; 1–256 characters): see README "The AI SDK". */
  readonly chatId?: string;
}

export interface MediaConfig {
  /** The media store's base URL (see `MediaOptions.baseUrl`). */
  readonly baseUrl: string;
  readonly credentials?: 'omit' | 'same-origin' | 'include';
  /** The bearer token of media and upload requests, read per request. */
  readonly token?: MediaTokenProvider;
  /** The signed-in account: media is cached per account; a change revokes what the old one fetched. */
  readonly account?: string;
}

export interface UploadsConfig {
  /** The tus 1.0 upload endpoint. */
  readonly url: string;
  /** Bytes per PATCH request (a positive whole number); default one request per file. */
  readonly chunkSize?: number;
  /** The media types files may have, comma-separated (`image/*,application/pdf`). */
  readonly accept?: string;
  /** Lower limits per message (see UPLOAD_LIMITS). */
  readonly limits?: Partial<AttachmentLimits>;
  /** The bearer token of upload requests (as for media), read per request. */
  readonly token?: MediaTokenProvider;
  /** `include` sends cookies to an endpoint on another origin too. */
  readonly credentials?: 'omit' | 'same-origin' | 'include';
}

export interface ChatSessionConfig {
  /** Where it connects: a kind and URL, a transport object the host keeps (not closed by the session), or none. */
  readonly connection?: ConnectionConfig | object | null;
  /** The bags API (`…/api/v1/bags`) add-to-bag confirmations consult; none: they name what the action names. */
  readonly bagsUrl?: string | null;
  /** The authenticated media store; none: media shows its text alternative and nothing is requested. */
  readonly media?: MediaConfig | null;
  /** Attachments; none: files are refused as `unconfigured`. */
  readonly uploads?: UploadsConfig | null;
  /** The agent-ui@1 base URL (`…/api/v1/agent/chat/`); none: the same path on the connection URL's host. */
  readonly agentUiUrl?: string | null;
  /**
   * The A2UI catalogs surfaces may name, and the only ones advertised: definitions (`MANTIS_CATALOG`…), documents
   * in the specification's JSON catalog format (read by `mantis-ui/a2ui-json`, loaded for them), or the IDs of the
   * built-in catalogs (A2UI_CATALOGS). A document this
   * client cannot honour is left out and said (`config-error`). None: the specification's catalogs and ours.
   */
  readonly a2uiCatalogs?: readonly A2uiCatalogInput[] | null;
  /** What relative URLs are resolved against (a page passes `document.baseURI`). */
  readonly relativeTo?: string;
  /** What makes the media service and the uploader (they need a browser's APIs); without them, those parts are refused. */
  readonly factories?: SessionFactories;
}

/** What the session is given to make the parts that need a browser's APIs. */
export interface SessionFactories {
  /** Makes the media service of a `media` configuration (`createMediaService` from mantis-ui/media in a browser). */
  readonly media?: (options: MediaOptions) => MediaService;
  /** Makes the uploader of an `uploads` configuration, with its first file (a tus client in a browser). */
  readonly uploader?: (options: UploaderOptions) => Promise<Uploader>;
}

export interface UploaderOptions {
  readonly endpoint: string;
  readonly token: MediaTokenProvider;
  readonly withCredentials: boolean;
  readonly chunkSize?: number;
}

/** A value `configure` could not use: the setting (dotted: `media.baseUrl`) and what it must be. That part is left off. */
export interface ConfigProblem {
  readonly setting: string;
  readonly expected: string;
}
