import type { CatalogDefinition } from '../catalog-basic.js';
import type { TreeProblem } from '../dialect.js';
import { childRefs } from '../graph.js';
import type { A2uiComponent } from '../types.js';
import { SURFACE_COMPONENT } from './schema.js';

/*
 * v1.0's composition rules (a2ui_protocol.md "Composition constraints"): a catalog's component may name the parents
 * it accepts (`allowedParents`, where `Surface` is the implicit container of the component `root`) and the children
 * it accepts (`allowedChildren`). JSON Schema cannot say this of a flat adjacency list, so the renderer checks the
 * tree once its references resolve, and reports `UNALLOWED_PARENT` or `UNALLOWED_CHILD`.
 */

/** The first composition problem of what `root` reaches, each component's rules from its catalog; null when none. */
export function checkComposition(components: ReadonlyMap<string, A2uiComponent>, catalogId: string, catalogs: readonly CatalogDefinition[]): TreeProblem | null {
  const rules = (component: A2uiComponent) =>
    catalogs.find((c) => c.protocolVersion === '1.0' && c.catalogId === ((component['catalogId'] as string | undefined) ?? catalogId))?.composition?.[component.component];
  const root = components.get('root');
  if (!root) return null;
  const placed = (child: A2uiComponent, parent: string, componentId: string, refPath: string): TreeProblem | null => {
    const parents = rules(child)?.allowedParents;
    return parents && !parents.includes(parent)
      ? { code: 'UNALLOWED_PARENT', componentId, refPath, message: `A ${child.component} cannot be placed in ${parent === SURFACE_COMPONENT ? 'the surface' : `a ${parent}`} (its allowedParents: ${parents.join(', ') || 'none'}).` }
      : null;
  };
  const top = placed(root, SURFACE_COMPONENT, 'root', '');
  if (top) return top;
  const seen = new Set<string>(['root']);
  const queue: A2uiComponent[] = [root];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const allowed = rules(next)?.allowedChildren;
    for (const ref of childRefs(next)) {
      const child = components.get(ref.id);
      if (!child) continue;
      if (allowed && !allowed.includes(child.component)) {
        return { code: 'UNALLOWED_CHILD', componentId: next.id, refPath: ref.path, message: `A ${next.component} cannot hold a ${child.component} (its allowedChildren: ${allowed.join(', ') || 'none'}).` };
      }
      const problem = placed(child, next.component, next.id, ref.path);
      if (problem) return problem;
      if (!seen.has(ref.id)) {
        seen.add(ref.id);
        queue.push(child);
      }
    }
  }
  return null;
}
