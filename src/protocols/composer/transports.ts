/**
 * mantis-ui/transports: the Composer protocol's transports, for a program that opens one itself (a test, a custom
 * client, a transport wrapped in another). A chat does not need this entry: it opens its connection by URL and
 * loads the transport it names when it first connects.
 */
export * from './transport.js';
export * from './reconnecting.js';
export * from './websocket.js';
export * from './sse.js';
export * from './kinds.js';
