import * as z from 'zod/mini';
import { NODE_DEFINITIONS, type LeafDefinition, type NodeDefinition } from '../../catalog/index.js';
import { TEXT_LIMITS } from '../../limits.js';
import { Id } from '../../schema/primitives.js';
import { validateView, type MantisView } from '../../catalog/validate.js';
import { BASIC_COMPONENTS, BASIC_FUNCTION_CALLS, BasicTheme, type CatalogDefinition } from './catalog-basic.js';
import { HIGHER_ORDER, HIGHER_ORDER_COMPONENTS, type HigherOrderCatalog } from './higher-order.js';
import { componentCommon } from './schema.js';
import { MANTIS_CATALOG_ID, type A2uiComponent } from './types.js';

/*
 * Our A2UI catalog (MANTIS_CATALOG_ID): every basic-catalog component and function with the same schemas, so a surface
 * on it can use all the primitives; our v1 components (src/catalog) as A2UI leaves; and the higher-order components of
 * higher-order.ts. The v1 definitions are the contract: each Mantis* component is derived from its NODE_DEFINITIONS
 * record (schema) and its NODE_DESCRIPTIONS entry, so a change there is a change here; catalog-json.ts derives the JSON from this.
 *
 * A v1 leaf becomes `Mantis` + its type in PascalCase (`entity-card` → MantisEntityCard). Its props are the v1 node's
 * own (minus `type`), literal values only, checked by the v1 schema and validateView; plus A2UI's `id`, `component`,
 * `weight` and `accessibility`. The renderer turns one into a one-node v1 view (toMantisView) for `<mantis-ui-view>`.
 * Left out: the v1 containers (`stack`, `grid`): their children are nested nodes, not ids, and Row, Column and List do
 * their job in A2UI. Every v1 leaf works as an A2UI leaf; two differ in a detail (documented in MANTIS_NOTES): a
 * MantisCitationList numbers its entries from [1], and the v1 actions of a card or action row are v1 actions, run by
 * the same handlers (and policies) as in an inline view, not A2UI `action`s sent to the agent.
 */

/** `entity-card` → `MantisEntityCard`. */
export const mantisName = (type: string): string =>
  `Mantis${type.replace(/(^|-)([a-z])/g, (_match: string, _dash: string, letter: string) => letter.toUpperCase())}`;

/** Every v1 leaf, in catalog order; the containers are left out. */
const LEAVES = (Object.values(NODE_DEFINITIONS) as readonly NodeDefinition[]).filter(
  (definition): definition is LeafDefinition => definition.kind === 'leaf',
);

/** Mantis component name → the v1 leaf it shows. */
export const MANTIS_V1_COMPONENTS: Readonly<Record<string, LeafDefinition>> = Object.fromEntries(
  LEAVES.map((definition) => [mantisName(definition.type), definition]),
);

/** What differs from the v1 description of a leaf, by Mantis component name. */
export const MANTIS_NOTES: Readonly<Record<string, string>> = {
  MantisCitationList: 'Its entries are numbered from [1] within the component.',
  MantisEntityCard: 'Its actions are Mantis actions (not A2UI actions).',
  MantisTaskCard: 'Its actions are Mantis actions (not A2UI actions).',
  MantisActionRow: 'Its actions are Mantis actions (not A2UI actions).',
};

/** The v1 node id of an A2UI id: the same when it is a valid v1 ID (not reserved, like `root`), else a safe one. */
export function mantisNodeId(id: string): string {
  if (Id.safeParse(id).success) return id;
  return `a2ui-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, TEXT_LIMITS.id);
}

const A2UI_ONLY = new Set(['id', 'component', 'weight', 'accessibility']);

type Conversion = { ok: true; view: MantisView } | { ok: false; issues: { path: (string | number)[]; message: string }[] };

/** `/root/rows/0/cells` → `['rows', 0, 'cells']`: a view issue's path, made relative to the component. */
const componentPath = (pointer: string): (string | number)[] =>
  pointer
    .split('/')
    .slice(2)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));

function convert(component: A2uiComponent): Conversion {
  const definition = Object.prototype.hasOwnProperty.call(MANTIS_V1_COMPONENTS, component.component)
    ? MANTIS_V1_COMPONENTS[component.component]
    : undefined;
  if (!definition) return { ok: false, issues: [{ path: ['component'], message: `"${component.component.slice(0, 60)}" is not a Mantis component.` }] };
  const props = Object.fromEntries(Object.entries(component).filter(([key]) => !A2UI_ONLY.has(key)));
  const id = mantisNodeId(component.id);
  const result = validateView({ version: 1, id: `view-${id}`.slice(0, TEXT_LIMITS.id), root: { ...props, id, type: definition.type } });
  if (result.ok) return { ok: true, view: result.view };
  const issues = result.issues.map((issue) => ({ path: componentPath(issue.path), message: issue.message }));
  return { ok: false, issues: issues.length > 0 ? issues : [{ path: [], message: 'The component is not valid.' }] };
}

/**
 * One Mantis* component as the one-node v1 view `<mantis-ui-view .view=${view}>` renders, validated with validateView.
 * Its A2UI-only props (`weight`, `accessibility`) are the surface's to apply around it. Never throws.
 */
export function toMantisView(component: A2uiComponent): { ok: true; view: MantisView } | { ok: false; message: string } {
  try {
    const result = convert(component);
    if (result.ok) return result;
    const [first] = result.issues;
    const at = first && first.path.length > 0 ? ` at /${first.path.join('/')}` : '';
    return { ok: false, message: `Invalid ${component.component.slice(0, 60)}${at}: ${first?.message ?? 'not valid'}.` };
  } catch {
    return { ok: false, message: 'The component could not be converted.' };
  }
}

/** The v1 leaf's own props (its schema's shape minus `id` and `type`). */
function ownShape(definition: LeafDefinition): z.core.$ZodLooseShape {
  const def = definition.schema._zod.def;
  if (def.type !== 'object') throw new Error(`The v1 schema of "${definition.type}" is not an object.`);
  const { id: _id, type: _type, ...shape } = (def as z.core.$ZodObjectDef).shape;
  return shape;
}

/** The A2UI schema of a v1 leaf: its shape (for the catalog JSON) and, as a check, the v1 view validation itself. */
function mantisSchema(name: string, definition: LeafDefinition): z.ZodMiniType {
  return z.strictObject({ ...componentCommon, component: z.literal(name), ...ownShape(definition) }).check(
    z.superRefine((component, ctx) => {
      const result = convert(component as A2uiComponent);
      if (result.ok) return;
      for (const issue of result.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: component });
    }),
  );
}

export const MANTIS_COMPONENTS: Readonly<Record<string, z.ZodMiniType>> = Object.fromEntries(
  Object.entries(MANTIS_V1_COMPONENTS).map(([name, definition]) => [name, mantisSchema(name, definition)]),
);

/** Our catalog: the basic one's components and functions, the Mantis* leaves and the higher-order components. */
export const MANTIS_CATALOG: CatalogDefinition & HigherOrderCatalog = {
  catalogId: MANTIS_CATALOG_ID,
  components: { ...BASIC_COMPONENTS, ...MANTIS_COMPONENTS, ...HIGHER_ORDER_COMPONENTS },
  functions: new Set(Object.keys(BASIC_FUNCTION_CALLS)),
  functionCalls: BASIC_FUNCTION_CALLS,
  theme: BasicTheme,
  higherOrder: HIGHER_ORDER,
};
