/*
 * url-parse, as the script-tag build and the browser tests give it to tus-js-client: the platform's own URL.
 * tus-js-client's one use of it is `new URL(link, origin).toString()` (resolving a Location header against the
 * endpoint), which the WHATWG URL every supported browser has does the same way. url-parse and its two dependencies
 * are CommonJS: leaving them out spares the script tag's lazy files the bundler's CommonJS helpers, which the A2UI
 * and agent-ui files load too (vite.config.ts, web-test-runner.config.mjs). A host's own bundler keeps url-parse.
 */
export default URL;
