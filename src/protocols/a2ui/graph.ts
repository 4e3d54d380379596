import { A2UI_LIMITS } from './limits.js';
import { formatPointer } from './pointer.js';
import type { A2uiComponent, A2uiValidationError } from './types.js';

/*
 * A surface's components are a flat adjacency list (a2ui_protocol.md "UI composition"); the tree is what `root`
 * reaches through the properties that hold component ids. The basic catalog's are the ones typed ComponentId or
 * ChildList in catalog.json: `child` (Card, Button), `children` (Row, Column, List: ids, or a template's
 * `componentId`), `tabs[].child` (Tabs), and `trigger` and `content` (Modal). `child`, `children` and `tabs` are read on
 * any component, so catalogs that reuse the common names are covered; `trigger`/`content` only on a Modal (elsewhere
 * they are ordinary words).
 *
 * A component reached from two parents is fine (the tree is a DAG), as long as the instances the tree draws stay
 * bounded (a component counts once per place it is referenced from). A cycle is not fine, except through a
 * template with a relative path: a template inside the component it instantiates then recurses into its items' own
 * data (a tree of folders, say), which the data and the depth limit bound where it renders.
 */

/** One reference from a component to another: where it is in the component (a JSON Pointer) and the id it names. */
export interface ChildRef {
  readonly path: string;
  readonly id: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every component id `component` references, in document order. */
export function childRefs(component: A2uiComponent): ChildRef[] {
  const refs: ChildRef[] = [];
  const single = (prop: string): void => {
    const value = component[prop];
    if (typeof value === 'string') refs.push({ path: formatPointer([prop]), id: value });
  };
  single('child');
  const children = component['children'];
  if (Array.isArray(children)) {
    children.forEach((id, i) => {
      if (typeof id === 'string') refs.push({ path: formatPointer(['children', i]), id });
    });
  } else if (isRecord(children) && typeof children['componentId'] === 'string') {
    refs.push({ path: '/children/componentId', id: children['componentId'] });
  }
  const tabs = component['tabs'];
  if (Array.isArray(tabs)) {
    tabs.forEach((tab, i) => {
      if (isRecord(tab) && typeof tab['child'] === 'string') refs.push({ path: formatPointer(['tabs', i, 'child']), id: tab['child'] });
    });
  }
  if (component.component === 'Modal') {
    single('trigger');
    single('content');
  }
  return refs;
}

export type GraphResult =
  | { readonly ok: true; readonly reachable: number; readonly depth: number }
  | {
      readonly ok: false;
      /** `path` is `/components/<i><refPath>`, `i` the component's position in the map's iteration order. */
      readonly error: Omit<A2uiValidationError, 'surfaceId'>;
      /** The component whose reference is wrong. */
      readonly componentId: string;
      /** Where that reference is inside the component (e.g. `/children/2`). */
      readonly refPath: string;
    };

export interface GraphLimits {
  /** Deepest nesting from root; root is depth 1. */
  readonly depth: number;
  /** Component instances the static tree draws (a component counts once per place it is referenced from). */
  readonly componentInstances?: number;
}

interface Frame {
  readonly id: string;
  readonly refs: readonly ChildRef[];
  next: number;
  /** Height of the tallest child subtree seen so far. */
  height: number;
  /** Instances its subtree draws so far (itself included), template items not counted. */
  instances: number;
}

/** A template's `componentId`: instantiated once per item of data, each in a scope of its own. */
const TEMPLATE = '/children/componentId';

/** Whether a component's template reads a path relative to its scope (so each level goes deeper into the data). */
const relativeTemplate = (component: A2uiComponent | undefined): boolean => {
  const children = component?.['children'];
  return isRecord(children) && typeof children['path'] === 'string' && !children['path'].startsWith('/');
};

/**
 * Checks what `root` reaches: every reference names an existing component, no reference closes a cycle, and no
 * chain is deeper than `limits.depth`. Iterative, and each component's subtree is walked once (a memoized height),
 * so neither a deep tree nor a DAG with many paths costs more than the references it has. Without a `root` there is
 * nothing to render yet and the result is ok with nothing reachable.
 */
export function checkGraph(components: ReadonlyMap<string, A2uiComponent>, limits: GraphLimits = A2UI_LIMITS): GraphResult {
  const root = components.get('root');
  if (!root) return { ok: true, reachable: 0, depth: 0 };
  const fail = (componentId: string, refPath: string, message: string): GraphResult => {
    const index = Array.from(components.keys()).indexOf(componentId);
    return { ok: false, componentId, refPath, error: { code: 'VALIDATION_FAILED', path: `/components/${index}${refPath}`, message } };
  };
  if (limits.depth < 1) return fail('root', '', `Components are nested deeper than ${limits.depth} levels.`);
  const heights = new Map<string, number>();
  const counts = new Map<string, number>();
  const maxInstances = limits.componentInstances ?? Infinity;
  const onStack = new Set<string>(['root']);
  const stack: Frame[] = [{ id: 'root', refs: childRefs(root), next: 0, height: 0, instances: 1 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const ref = frame.refs[frame.next];
    if (ref === undefined) {
      stack.pop();
      onStack.delete(frame.id);
      heights.set(frame.id, frame.height + 1);
      counts.set(frame.id, frame.instances);
      const parent = stack[stack.length - 1];
      if (parent) {
        parent.height = Math.max(parent.height, frame.height + 1);
        parent.instances += frame.instances;
        if (parent.instances > maxInstances) return fail(parent.id, '', `The components draw more than ${maxInstances} instances (shared components count once per place).`);
      }
      continue;
    }
    frame.next += 1;
    const child = components.get(ref.id);
    if (!child) return fail(frame.id, ref.path, `No component has the id "${ref.id}".`);
    // A template that instantiates a component it is inside of recurses into the items' own data (a tree): bounded by
    // the data and the depth limit where it renders, it is not a cycle.
    if (onStack.has(ref.id)) {
      if (ref.path === TEMPLATE && relativeTemplate(components.get(frame.id))) continue;
      return fail(frame.id, ref.path, `The reference to "${ref.id}" makes a cycle.`);
    }
    const height = heights.get(ref.id);
    if (height !== undefined) {
      if (stack.length + height > limits.depth) return fail(frame.id, ref.path, `Components are nested deeper than ${limits.depth} levels.`);
      frame.height = Math.max(frame.height, height);
      frame.instances += counts.get(ref.id) ?? 1;
      if (frame.instances > maxInstances) return fail(frame.id, ref.path, `The components draw more than ${maxInstances} instances (shared components count once per place).`);
      continue;
    }
    if (stack.length + 1 > limits.depth) return fail(frame.id, ref.path, `Components are nested deeper than ${limits.depth} levels.`);
    onStack.add(ref.id);
    stack.push({ id: ref.id, refs: childRefs(child), next: 0, height: 0, instances: 1 });
  }
  return { ok: true, reachable: heights.size, depth: heights.get('root') ?? 0 };
}
