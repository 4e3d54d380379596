/**
 * Loads mantis-ui, which defines its elements when imported. A dynamic import: the bundler puts mantis-ui in a chunk
 * of its own, fetched only when this runs, so Angular starts (and binds the elements) before the tags are defined.
 */
export function loadMantisUi(): Promise<void> {
  return import('mantis-ui').then(() => undefined);
}
