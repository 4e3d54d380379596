import { applyPatch, type Operation } from 'fast-json-patch/module/core.mjs';
import { isObject } from './values.js';

/*
 * RFC 6902 JSON Patch as AG-UI's deltas use it (`STATE_DELTA`, `ACTIVITY_DELTA`), bounded: at most MAX_PATCH
 * operations, no `copy` (a small delta could double the document with each operation), a result of at most MAX_JSON
 * characters of JSON, applied to a copy, and an operation that would change an object's prototype refused.
 */

/** The most operations a delta may hold, and the largest a patched document may grow to (JSON characters). */
export const MAX_PATCH = 256;
export const MAX_JSON = 2 * 1024 * 1024;

/** Why a delta was not applied: not a list of operations this allows, one that failed, or a result too large. */
export type PatchRefusal = 'invalid' | 'failed' | 'too-large';

/** The document with the patch applied (a new one), or why it was not. */
export function patchJson(document: unknown, patch: unknown): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly refusal: PatchRefusal } {
  if (!Array.isArray(patch) || patch.length > MAX_PATCH || patch.some((op) => !isObject(op) || op['op'] === 'copy')) return { ok: false, refusal: 'invalid' };
  let value: unknown;
  try {
    value = applyPatch(structuredClone(document), patch as Operation[], true, true, true).newDocument;
  } catch {
    return { ok: false, refusal: 'failed' };
  }
  return (JSON.stringify(value) ?? '').length > MAX_JSON ? { ok: false, refusal: 'too-large' } : { ok: true, value };
}
