/**
 * Every v1 limit of the Composer generative-UI specification (000_de6e533300a72cb9.txt, "Limits and fallback"),
 * named once. Schemas, the streaming parser, the prompt and the tests all read these; nothing repeats a number.
 */
export const LIMITS = {
  /** Views (`mantis-ui` fences) per assistant message; the next one is refused with an error part. */
  viewsPerMessage: 4,
  /** UTF-8 bytes of one fence body; a streaming fence fails closed the moment it passes this. */
  viewBytes: 16 * 1024,
  /** Nodes in one view, counting the root and every child, valid or not. */
  nodesPerView: 32,
  /** Nesting depth; the root is depth 1. */
  depth: 6,
  /** Children of one stack or grid. */
  fanOut: 8,
  /** Metrics in one metric-group. */
  metrics: 8,
  /** Columns of one data-table. */
  tableColumns: 8,
  /** Rows a data-table may carry inline. */
  tableRows: 25,
  /** Citations in one citation-list. */
  citations: 20,
  /** Authenticated media items across a whole assistant message. */
  mediaPerMessage: 8,
  /** Actions on one node or action-row. */
  actions: 4,
  /** Point references in one bag action. */
  bagPointRefs: 32,
  /** Attributes (label and value pairs) on one entity-card: ours, the specification gives none. */
  cardAttributes: 12,
} as const;

/**
 * Bounds on model-authored strings. The specification asks for "strict, bounded" schemas without giving string
 * sizes; these are ours, chosen so that the byte limit of a view binds before any one string does.
 */
export const TEXT_LIMITS = {
  /** Node, action, item and row IDs. */
  id: 64,
  /** Short labels: headings, titles, button labels, column headers. */
  label: 200,
  /** Short values: metric values, table cells, attribute values. */
  value: 500,
  /** Citation excerpts. */
  excerpt: 1000,
  /** Markdown bodies (callout body, descriptions) and follow-up texts. */
  markdown: 4000,
  /** An artifact's content; the view's own byte limit binds first for most payloads. */
  artifact: 12000,
} as const;

/**
 * Node IDs a view may not use. They name places in the host's own DOM and protocol (the view root, the
 * transcript, fallbacks) or are JavaScript object keys that could confuse code that indexes by ID.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  'root',
  'view',
  'fallback',
  'transcript',
  'composer',
  '__proto__',
  'constructor',
  'prototype',
]);

/** IDs are short, ASCII, start with a letter or digit, and never start with the host's `mantis-` prefix. */
export const ID_PATTERN = /^(?!mantis-)[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Bounds of the Composer protocol itself (docs/protocol.md): ours, the specification gives none. */
export const COMPOSER_LIMITS = {
  /** Characters (UTF-16 code units, as a textarea's `maxlength` counts them) of one user message. */
  userMessageLength: 32 * 1024,
  /** Milliseconds a streaming reply may stay silent while connected before it ends as interrupted. */
  replyTimeout: 120_000,
  /**
   * Milliseconds a state-changing action sent to the backend waits for its `action_result` before it shows as
   * failed. The transport keeps resending it until it is answered, and a late answer still replaces the failure.
   */
  actionTimeout: 30_000,
  /**
   * Characters (UTF-16 code units) of one assistant message's text that are displayed. 256 KiB is about 64,000
   * tokens, more than any model writes in one reply, and it bounds what one message can cost to render (rendering
   * is linear in the text, but a looping backend's output never ends). Past it the rest is neither rendered nor
   * read for views, a `data-mantis-truncated` part
   * says so, and the message's stored text stays whole.
   */
  displayChars: 256 * 1024,
  /**
   * Link reference definitions (`[label]: https://…`) of one message that links may use. A definition applies to the
   * whole text, so each one can change blocks already shown; past this many, later definitions still disappear from
   * the text as Markdown says, but references to them stay text. Real answers use a handful.
   */
  linkDefinitions: 64,
  /**
   * Columns of a Markdown table that are shown; the cells past them are not rendered, and a caption says how many
   * columns the table has. Laying out a table costs the browser time in proportion to its cells on every change, and
   * a table of thousands of columns (a few rows of a looping backend's output) cannot be read in a chat anyway.
   */
  markdownTableColumns: 64,
} as const;

/** The ceilings of the authenticated media service (000_de6e533300a72cb9.txt, media; see src/media/). */
export const MEDIA_LIMITS = {
  /** An image preview's bytes, counted while streaming: a larger body is cut, never buffered. */
  previewBytes: 12 * 1024 * 1024,
  /** A download's bytes, counted while streaming; past it the download stops with an error and releases what it held. */
  downloadBytes: 64 * 1024 * 1024,
  /** Distinct media fetches in flight across the whole page (previews and downloads alike). */
  concurrent: 4,
  /** Object URLs the preview cache keeps (least recently used go first). */
  cacheEntries: 64,
  /**
   * Bytes of the blobs behind those object URLs (so a preview larger than this is `too-large` too). Both cache bounds
   * give way only to previews shown near the viewport (pinned): see `MediaService.hold`.
   */
  cacheBytes: 96 * 1024 * 1024,
  /**
   * Milliseconds a fetch may go without progress (the token, the response's headers, then between body chunks) before
   * it is aborted as `network`, releasing its page-wide slot.
   */
  idleMs: 20_000,
} as const;

/**
 * Attachments a user sends with a message (docs/protocol.md "Attachments"). A host may lower each limit
 * (`<mantis-chat>.attachmentLimits`), never raise it: `fileBytes` is the reference server's ceiling too.
 */
export const UPLOAD_LIMITS = {
  /** Files attached to one message. */
  files: 10,
  /** Bytes of one file (the media store's download ceiling: what is stored can be downloaded again). */
  fileBytes: 64 * 1024 * 1024,
  /** Bytes of all the files of one message together. */
  totalBytes: 128 * 1024 * 1024,
  /** Bytes read from the start of a file to tell what it really is (an image's signature, markup). */
  sniffBytes: 1024,
  /** Characters of a file name as sent and shown (longer names are cut, keeping the extension). */
  nameLength: 200,
} as const;

/** The caps of the in-memory artifact store behind the artifact panel (see src/artifacts/). */
export const ARTIFACT_LIMITS = {
  /** Payloads (and so tabs) held at once. */
  entries: 32,
  /**
   * UTF-8 bytes of those payloads. Both caps bind: 32 maximal artifacts (12,000 UTF-16 units of at most 3 bytes each,
   * 36,000 bytes) would hold 1.1 MiB, so past 29 of them the bytes close tabs first. A store never sets it below
   * what one artifact can hold.
   */
  bytes: 1024 * 1024,
} as const;

/** How a conversation keeps agent-ui@1 envelopes (001_996c0b4640eee42b.txt); the envelopes' own limits are AGENT_UI_LIMITS. */
export const ENVELOPE_THREAD_LIMITS = {
  /** UTF-8 bytes of one envelope as JSON: a larger one is not kept (AGENT_UI_LIMITS.envelopeBytes is this). */
  envelopeBytes: 256 * 1024,
  /** Characters of an envelope's fallbackText (AGENT_UI_LIMITS.fallbackText is this). */
  fallbackText: 2000,
  /** Envelopes kept on one assistant message; later ones are not kept (nor shown). */
  envelopesPerMessage: 32,
  /** Envelopes that arrived before any assistant message, waiting for the first one (past this, the oldest goes). */
  waitingEnvelopes: 16,
  /** Characters of a render status's `error` kept and persisted. */
  statusErrorChars: 300,
} as const;
