import type { Attachment } from 'svelte/attachments';

/**
 * Moves the element it is attached to into `target` (a portal): the same node, re-parented, as a layout that docks a
 * chat in a sidebar does. Svelte runs it again when `target` changes. Attach it to a wrapper that has a parent of its
 * own in the markup (App.svelte's `.staging`): Svelte tracks a block by its first and last nodes, and those must not
 * be moved away.
 */
export function dockInto(target: HTMLElement | undefined): Attachment<HTMLElement> {
  return (node) => {
    if (target && node.parentElement !== target) target.append(node);
  };
}
