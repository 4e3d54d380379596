import type { NodeOf } from '../../../src/index.js';
import { artifact, artifactStyles } from './artifact.js';
import { citationList, citationStyles } from './citation-list.js';
import type { NodeRenderer } from './context.js';
import { dataTable, tableStyles } from './data-table.js';
import { mediaGallery, mediaStyles } from './media-gallery.js';
import { taskCard, taskStyles } from './task-card.js';

/*
 * The components a first reply seldom shows, with their styles: a module of their own, loaded with the first view
 * that has one (../lazy-nodes.ts), so that a page whose agent never sends one pays nothing for them.
 */

/** The types this module draws. */
export type MoreNodeType = 'citation-list' | 'data-table' | 'task-card' | 'media-gallery' | 'artifact';

export const MORE_RENDERERS: { readonly [K in MoreNodeType]: NodeRenderer<NodeOf<K>> } = {
  'citation-list': citationList,
  'data-table': dataTable,
  'task-card': taskCard,
  'media-gallery': mediaGallery,
  artifact,
};

export const moreStyles = [citationStyles, tableStyles, taskStyles, mediaStyles, artifactStyles];
