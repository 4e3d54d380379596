/**
 * mantis-ui/media: the media service that fetches `agent_files/` previews and downloads with the page's
 * credentials, bounded in count, bytes and time (`createMediaService`). The chat makes one when it first shows
 * media; a program that fetches media itself imports it here.
 */
export * from './types.js';
export * from './media-service.js';
