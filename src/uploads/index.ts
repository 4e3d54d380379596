/**
 * mantis-ui/uploads: attachments from the user's side: the tray and its policy (also in `mantis-ui/core`, as the
 * session's), the resumable uploader and the content checks (sniffing a file's type from its first bytes).
 */
export * from './sniff.js';
export * from './policy.js';
export * from './check.js';
export * from './uploader.js';
export * from './tray.js';
