// fast-json-patch's core alone (its package index adds the observer, `duplex`, which AG-UI's deltas do not need): the
// module's own declarations, under the path of the file that holds it.
declare module 'fast-json-patch/module/core.mjs' {
  export { applyPatch } from 'fast-json-patch';
  export type { Operation } from 'fast-json-patch';
}
