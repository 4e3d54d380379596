/**
 * mantis-ui/core: the DOM-free core. It imports no Lit and touches no DOM, so backends can use its schemas,
 * limits and parser in Node.
 */
export { LIMITS, TEXT_LIMITS, COMPOSER_LIMITS, ENVELOPE_THREAD_LIMITS, RESERVED_IDS, ID_PATTERN } from './limits.js';
export { utf8Length } from './utf8.js';
export * from './catalog/index.js';
export * from './schema/actions.js';
export * from './schema/uris.js';
export * from './schema/tour.js';
export { validateView, describeFailure, nestedIds } from './schema/validate.js';
export type { MantisView, ViewIssue, ViewFailureReason, ValidateViewResult } from './schema/validate.js';
export * from './protocol/marker.js';
export type * from './protocol/parts.js';
export { createFenceParser, VIEW_FENCE_INFO } from './protocol/message-parser.js';
export type { MessageParser, PartsEditor } from './protocol/parser.js';
export { editFinished } from './protocol/parser.js';
export * from './protocol/registry.js';
export * from './protocol/records.js';
export * from './protocol/composer-frames.js';
export * from './transport/transport.js';
export * from './transport/reconnecting.js';
export * from './transport/websocket.js';
export * from './transport/sse.js';
export * from './transport/kinds.js';
export * from './chat/thread.js';
export * from './chat/session.js';
export { checkPersistedHistory, type CheckedHistory } from './chat/persisted-schema.js';
export * from './actions/registry.js';
export * from './actions/outcomes.js';
export * from './actions/bags.js';
export * from './chat/tool-state.js';
export { buildInlineUiPrompt } from './prompt/inline-ui-prompt.js';
export type { InlineUiPromptMode, InlineUiPromptOptions } from './prompt/inline-ui-prompt.js';
export * from './protocol/projections.js';
export * from './media/types.js';
export * from './media/media-service.js';
export * from './artifacts/types.js';
export * from './artifacts/artifact-store.js';
