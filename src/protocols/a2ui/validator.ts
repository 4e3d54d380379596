import type { CatalogDefinition } from './catalog-basic.js';
import type { A2uiDialect } from './dialect.js';
import { applyExpanded } from './expand.js';
import { surfaceOf } from './placements.js';
import { A2uiSurfaceStore } from './surface.js';
import type { A2uiError, A2uiFunctionCallError, A2uiValidationError } from './types.js';
import { catalogsOf } from './validate.js';

/*
 * Validation for a backend across turns (issue 31): one validator per conversation checks each message the agent is
 * about to send, one at a time, against what the messages before it built (the surfaces, their catalogs, components
 * and data models), in the specification's error format. It holds a surface store (surface.ts), so it applies the
 * rules a renderer applies, limits included; a refused message changes nothing, so the agent can send a corrected one.
 * validateA2uiMessages stays for a whole stream at once.
 */

export interface A2uiValidatorOptions {
  /** The catalogs surfaces may name (default: the specification's basic and minimal catalogs, SPEC_CATALOGS). */
  readonly catalogs?: readonly CatalogDefinition[];
  /**
   * The versions read beside v0.9: A2UI_V1 (mantis-ui/a2ui-v1) for v1.0, whose basic catalog then joins the default
   * catalogs. A v1.0 callRendererFunction is checked against its catalog and refused with `INVALID_FUNCTION_CALL`
   * when the catalog keeps the function from the agent (`allowedCallers`).
   */
  readonly versions?: readonly A2uiDialect[];
  /**
   * Surfaces created before this validator existed (a conversation it did not see from the start): surfaceId →
   * catalogId (a v1.0 surface when the catalog is a v1.0 one). Messages for them are checked against their catalog; their trees are not (their earlier components are
   * unknown) until they are created again. One that cannot exist here (a catalog not in `catalogs`, too many
   * surfaces) is a mistake of the caller: createA2uiValidator throws a TypeError saying which.
   */
  readonly knownSurfaces?: ReadonlyMap<string, string>;
}

export type A2uiCheckResult = { readonly ok: true } | { readonly ok: false; readonly error: A2uiError | A2uiFunctionCallError };

export interface A2uiValidator {
  /**
   * Checks one server message against everything this validator accepted before, and remembers it when it is valid
   * (a refused message changes nothing). A reference to a component not sent yet is not an error here: components may
   * come in any order (a2ui_protocol.md); checkTrees() says what is still missing once the turn is complete.
   */
  check(message: unknown): A2uiCheckResult;
  /**
   * The tree problems of every surface with a `root`, in creation order: a reference to no component, a cycle, nesting
   * too deep. Each error's path points into the message that last defined the component. Call it when a turn is
   * complete; empty when every tree is whole.
   */
  checkTrees(): A2uiValidationError[];
  /** The IDs of the surfaces that exist now, in creation order. */
  surfaceIds(): string[];
}

/** A validator that remembers the surfaces of one conversation (mantis-ui/a2ui). */
export function createA2uiValidator(options: A2uiValidatorOptions = {}): A2uiValidator {
  const catalogs = catalogsOf(options);
  const versions = options.versions ?? [];
  const store = new A2uiSurfaceStore({ catalogs, versions });
  /** Surfaces created before the validator: their trees are partial here. */
  const partial = new Set<string>();
  for (const [surfaceId, catalogId] of options.knownSurfaces ?? []) {
    const version = catalogs.find((c) => c.catalogId === catalogId)?.protocolVersion === '1.0' ? 'v1.0' : 'v0.9';
    const refused = store.apply({ version, createSurface: { surfaceId, catalogId } });
    if (refused) throw new TypeError(`knownSurfaces: "${surfaceId.slice(0, 60)}" cannot exist here: ${refused.message}`);
    partial.add(surfaceId);
  }
  return {
    check(message) {
      // A message that addresses no surface (a v1.0 function call or answer) is checked by its version, never stored.
      const own = versions.find((d) => d.versions.includes((message as { version?: string } | null)?.version as string))?.checkCall(message, catalogs);
      if (own) return own;
      const surface = surfaceOf(message);
      const error = applyExpanded(store, message, catalogs);
      if (error) return { ok: false, error };
      if (surface && surface.kind !== 'updateComponents' && surface.kind !== 'updateDataModel') partial.delete(surface.surfaceId);
      return { ok: true };
    },
    checkTrees() {
      const errors: A2uiValidationError[] = [];
      for (const id of store.surfaceIds()) {
        const error = partial.has(id) ? null : store.checkSurface(id);
        if (error) errors.push(error);
      }
      return errors;
    },
    surfaceIds: () => store.surfaceIds(),
  };
}
