/**
 * mantis-ui/core: the DOM-free core. It imports no Lit and touches no DOM, so backends can use its schemas,
 * limits and parser in Node. Optional parts are entries of their own, so the core stays small: `mantis-ui/prompt`
 * (the backend's system prompt), `mantis-ui/transports` (the Composer's WebSocket and SSE transports),
 * `mantis-ui/media` (the media service), `mantis-ui/uploads` (the uploader and content checks), `mantis-ui/a2ui` and
 * `mantis-ui/agent-ui`.
 */
export { LIMITS, TEXT_LIMITS, COMPOSER_LIMITS, ENVELOPE_THREAD_LIMITS, RESERVED_IDS, ID_PATTERN } from './limits.js';
export { utf8Length } from './utf8.js';
export * from './catalog/index.js';
// The docs themselves (NODE_DESCRIPTIONS, INLINE_UI_EXAMPLES) are prompt material: `mantis-ui/prompt`.
export type { CatalogExamples } from './catalog/docs.js';
export * from './schema/actions.js';
export * from './schema/uris.js';
export * from './schema/tour.js';
export { validateView, describeFailure, nestedIds } from './catalog/validate.js';
export type { MantisView, ViewIssue, ViewFailureReason, ValidateViewOptions, ValidateViewResult } from './catalog/validate.js';
export * from './message/marker.js';
export type * from './message/parts.js';
export { createFenceParser, VIEW_FENCE_INFO } from './protocols/composer/message-parser.js';
export type { MessageParser, PartsEditor } from './message/parser.js';
export { editFinished } from './message/parser.js';
export * from './protocols/connection.js';
export type * from './protocols/module.js';
export * from './protocols/registry.js';
export { defaultProtocols, registerProtocol, createMessageParser, parseAssistantText } from './protocols/register.js';
export { FENCE_PROTOCOL, TOUR_PROTOCOL } from './protocols/composer/text.js';
export { COMPOSER_RECORDS, type ReasoningRecord, type ToolRecord, type TodoRecord, type AttachmentRecord, type TaskRecord } from './protocols/composer/records.js';
export { TransportConnection, isTransport, toClientFrame } from './protocols/composer/connection.js';
export { openConnection } from './protocols/open.js';
export * from './protocols/composer/frames.js';
export * from './protocols/composer/transport.js';
// The transport classes are `mantis-ui/transports`: the session opens a connection by URL (`openConnection`), which
// loads the transport it needs when it first connects. Their types stay here, for the options the session names.
export type * from './protocols/composer/reconnecting.js';
export type * from './protocols/composer/websocket.js';
export type * from './protocols/composer/sse.js';
export type * from './protocols/composer/kinds.js';
export * from './chat/thread.js';
export * from './chat/session.js';
export type { A2uiActionInput, A2uiSendResult } from './chat/session-compat.js';
export { checkPersistedHistory, describeChecked, type CheckedHistory } from './chat/persisted-schema.js';
export * from './actions/registry.js';
export * from './actions/outcomes.js';
export * from './actions/bags.js';
export { prepareAddToBag } from './actions/bag-confirmation.js';
export * from './protocols/composer/tool-state.js';
export * from './message/citations.js';
export * from './chat/projections.js';
// The media service (authenticated previews and downloads) is `mantis-ui/media`; its types and limits stay here.
export * from './media/types.js';
export * from './artifacts/types.js';
export * from './artifacts/artifact-store.js';
// A2UI v0.9 is `mantis-ui/a2ui` (validateA2uiMessages, the catalogs, the action round trip): a backend that validates
// only views or prose does not carry the A2UI schemas. Here: the identifiers and types the chat session's API names.
export { A2UI_VERSION, BASIC_CATALOG_ID, BASIC_CATALOG_ALIAS_ID, MINIMAL_CATALOG_ID, MANTIS_CATALOG_ID, A2UI_CATALOG_PARAM, A2UI_CATALOGS } from './protocols/a2ui/types.js';
export type { A2uiAction, A2uiClientMessage, A2uiComponent, A2uiError, A2uiGenericError, A2uiValidationError, JsonValue, JsonObject } from './protocols/a2ui/types.js';
export type { A2uiServerMessage } from './protocols/a2ui/schema.js';
export type { CatalogDefinition } from './protocols/a2ui/catalog-basic.js';
export type { SurfacePlacement, SurfaceModel } from './protocols/a2ui/group.js';
// agent-ui@1's event wrapper (the whole agent-ui@1 core is `mantis-ui/agent-ui`).
export { UiEnvelopeEvent } from './protocols/agent-ui/wire.js';
export type { MapAdapter, MapActionParams, UiSurface, EnvelopeRejection } from './protocols/agent-ui/types.js';
export { UPLOAD_LIMITS } from './limits.js';
export type { A2uiCatalogInput } from './protocols/a2ui/catalog-input.js';
export { formatBytes } from './format.js';
// The session's attachment tray and policy; the uploader and the content checks are `mantis-ui/uploads`.
export * from './uploads/policy.js';
export * from './uploads/tray.js';
export type * from './uploads/uploader.js';
