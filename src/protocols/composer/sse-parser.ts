/*
 * eventsource-parser, as the Composer SSE transport loads it: with its first stream, not with the page (a lazy part of
 * the script-tag build, scripts/lazy-files.json), so a chat on a WebSocket never carries it.
 */
export { createParser } from 'eventsource-parser';
