/**
 * mantis-ui/testing: what a host needs to test its integration in a real browser with no backend. A scripted
 * transport plays a conversation deterministically (text, views, tools, reasoning, agent-ui@1 envelopes, A2UI
 * messages) and records what the chat sent; fixtures give valid content; the helpers mount a chat, send as a user
 * does, wait for a reply and find what rendered through shadow roots. It depends on no test framework. Import
 * `mantis-ui` first: it defines the elements.
 */
export * from '../../src/testing/index.js';
export { findAllParts, findPart, deepText, type SearchRoot } from './find.js';
export { mountChat, cleanupChats, sendMessage, type MountChatOptions, type MountedChat } from './mount.js';
export { REPLY_WAIT_TIMEOUT, waitForReply, watchReplies, type WaitForReplyOptions } from './wait.js';
export { clickAction, clickButton, fillField, type FindOptions } from './interact.js';
