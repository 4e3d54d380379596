/*
 * The DOM-free part of mantis-ui/testing: scripted replies, a Transport that plays them, and fixtures. It runs in
 * Node too (a ChatSession driven headlessly); elements/testing/ adds the helpers that need a page.
 */
export { ReplyBuilder, ScriptError, reply, type A2uiStepOptions, type ReplyStep, type ScriptedTodo, type ScriptedTool, type StepOptions, type UnsequencedEvent } from './reply.js';
export { SCRIPT_EPOCH, ScriptIds, playReply, splitText, type PlayContext } from './play.js';
export { ScriptedTransport } from './scripted-transport.js';
export type { ActionAnswer, RecordedA2uiAction, ScriptedTransportOptions, TextMatcher } from './types.js';
export { normalizeTranscript, type TranscriptEntry } from './transcript.js';
export { a2uiFormMessages, chartEnvelope, historyFixture, viewFixtures } from './fixtures.js';
