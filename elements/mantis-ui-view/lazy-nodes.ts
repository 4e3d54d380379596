import type { ComposerNode, InvalidNode } from '../../src/index.js';
import type * as MoreModule from './nodes/more.js';
import type { MoreNodeType } from './nodes/more.js';

/*
 * The components most replies do not have (citation lists, tables, task cards, media galleries, artifacts) are drawn
 * by nodes/more.ts, loaded once per page with the first view that holds one. Until then their place says it is
 * loading; if the module cannot be loaded, it says so.
 */

type More = typeof MoreModule;

/** Every type of `MoreNodeType` (the type check fails until a new one is here too). */
const MORE: ReadonlySet<string> = new Set(Object.keys({ 'citation-list': 1, 'data-table': 1, 'task-card': 1, 'media-gallery': 1, artifact: 1 } satisfies Record<MoreNodeType, 1>));

let more: More | null = null;
let failed = false;
let loading: Promise<void> | null = null;

/** Whether a node of this type is drawn by the lazily loaded module. */
export const isMoreType = (type: string): type is MoreNodeType => MORE.has(type);

/** The module once it is here; null while it loads, before it is asked for, or when it could not be loaded. */
export const moreNodes = (): More | null => more;

/** Whether the module could not be loaded (its components then say so in their place). */
export const moreFailed = (): boolean => failed;

/** Loads the module once; settles (never rejects) when it is here or could not be loaded. */
export function loadMoreNodes(): Promise<void> {
  return (loading ??= import('./nodes/more.js').then(
    (module) => void (more = module),
    (error: unknown) => {
      failed = true;
      console.warn('[mantis-ui] A view could not load the code that draws some of its components:', error);
    },
  ));
}

/** Whether a view's tree holds a component the module draws. */
export function needsMore(node: ComposerNode | InvalidNode): boolean {
  if (isMoreType(node.type)) return true;
  return 'children' in node && node.children.some(needsMore);
}
