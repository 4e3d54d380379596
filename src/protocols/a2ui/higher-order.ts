import * as z from 'zod/mini';
import { Action, ChildList, DataBinding, DynamicString, componentCommon } from './schema.js';
import type { A2uiComponent } from './types.js';

/*
 * Higher-order components (004_655f119d9cdaeeed.txt, "What's still rough": higher-order composition): a catalog entry
 * the model writes as one component, which the client expands into basic-catalog primitives before rendering. The
 * model glues a handful of high-level things; every PricingCard looks the same because it is built once, here.
 *
 * The rules every expansion keeps:
 * - Its first component is the root of the expansion and carries the higher-order component's own `id` (and its
 *   `weight` and `accessibility`), so a parent's reference to it keeps working; every other id is derived from it as
 *   `${id}__part` (`__` never appears in the ids we derive from, by convention, so they do not collide).
 * - Dynamic values (bindings, function calls) are passed through unchanged, so data binding and templates work
 *   exactly as on the primitives; a bound list becomes a template (`{componentId, path}`) over that path.
 * - It holds basic-catalog components only, never another higher-order one: expansion is one pass, and each
 *   expansion's size is bounded by its props schema (KeyValueList, the largest, makes at most 3 + 3 × 40 components).
 */

/**
 * One higher-order component: its catalog schema, what the catalog says about it, and its expansion. Ours keep their
 * words in catalog-mantis-docs.ts (HIGHER_ORDER_DOCS), so the renderer's files do not carry them.
 */
export interface HigherOrderDefinition {
  /** The component name the model writes (`component`), PascalCase like the basic catalog's. */
  readonly name: string;
  /** What it is for and what it expands to: published in the catalog JSON. */
  readonly description?: string;
  /** Notes on single properties (`items.label`), published in the catalog JSON. */
  readonly notes?: Readonly<Record<string, string>>;
  /** The whole component (`{id, component, accessibility?, weight?, …props}`): strict; values may be Dynamic*. */
  readonly props: z.ZodMiniType;
  /**
   * The basic-catalog components that render it, the first one with the component's own id. Give it a component
   * that `props` accepts (expandHigherOrder checks first); it throws on one that `props` refuses.
   */
  expand(component: A2uiComponent): A2uiComponent[];
}

/** What expandHigherOrder needs of a catalog: its higher-order components by name. */
export interface HigherOrderCatalog {
  readonly higherOrder?: Readonly<Record<string, HigherOrderDefinition>>;
}

/** The most components one expansion may produce; a larger one is a bug, and the component is left unexpanded. */
export const MAX_EXPANSION = 128;

const hocSchema = <T extends string, S extends z.core.$ZodLooseShape>(name: T, shape: S) =>
  z.strictObject({ ...componentCommon, component: z.literal(name), ...shape });

/** Builds a definition whose `expand` sees the parsed, typed props. */
function define<S extends z.ZodMiniType>(
  name: string,
  props: S,
  expand: (props: z.output<S>, part: (suffix: string) => string) => A2uiComponent[],
): HigherOrderDefinition {
  return {
    name,
    props,
    expand(component) {
      const parsed = props.parse(component) as z.output<S> & { id: string; weight?: number; accessibility?: unknown };
      const [root, ...rest] = expand(parsed, (suffix) => `${parsed.id}__${suffix}`);
      if (!root) return [];
      const common = {
        ...(parsed.weight !== undefined ? { weight: parsed.weight } : {}),
        ...(parsed.accessibility !== undefined ? { accessibility: parsed.accessibility } : {}),
      };
      return [{ ...root, ...common, id: parsed.id }, ...rest];
    },
  };
}

/** A Text primitive; `variant` omitted for body text. */
const text = (id: string, value: unknown, variant?: string): A2uiComponent => ({
  id,
  component: 'Text',
  text: value,
  ...(variant ? { variant } : {}),
});

const isBinding = (value: unknown): value is { path: string } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { path?: unknown }).path === 'string';

/* PricingCard ------------------------------------------------------------------------------------------------- */

const PricingCardSchema = hocSchema('PricingCard', {
  title: DynamicString,
  /** Shown as given: a literal ("$12"), a binding, or a formatCurrency call. */
  price: DynamicString,
  /** Under the price: "per user / month". */
  caption: z.optional(DynamicString),
  /** Up to 12 literal (or bound) strings, or a binding to a list of strings. */
  features: z.optional(z.union([z.array(DynamicString).check(z.maxLength(12)), DataBinding])),
  /** The call to action: a primary Button. */
  cta: z.optional(z.strictObject({ label: DynamicString, action: Action })),
});

const pricingCard = define(
  'PricingCard',
  PricingCardSchema,
  (props, part) => {
    const out: A2uiComponent[] = [];
    const body = [part('title'), part('price')];
    out.push(text(part('title'), props.title, 'h3'), text(part('price'), props.price, 'h2'));
    if (props.caption !== undefined) {
      body.push(part('caption'));
      out.push(text(part('caption'), props.caption, 'caption'));
    }
    if (props.features !== undefined) {
      body.push(part('features'));
      if (isBinding(props.features)) {
        out.push({ id: part('features'), component: 'List', children: { componentId: part('feature'), path: props.features.path } });
        out.push(text(part('feature'), { path: '.' }));
      } else {
        const ids = props.features.map((_, i) => part(`feature_${i}`));
        out.push({ id: part('features'), component: 'Column', children: ids });
        props.features.forEach((feature, i) => out.push(text(ids[i] as string, feature)));
      }
    }
    if (props.cta !== undefined) {
      body.push(part('cta'));
      out.push({ id: part('cta'), component: 'Button', child: part('cta_label'), variant: 'primary', action: props.cta.action });
      out.push(text(part('cta_label'), props.cta.label));
    }
    return [{ id: '', component: 'Card', child: part('body') }, { id: part('body'), component: 'Column', children: body }, ...out];
  },
);

/* StatCard ---------------------------------------------------------------------------------------------------- */

const TREND = { up: ['▲', 'Up'], down: ['▼', 'Down'], flat: ['→', 'Unchanged'] } as const;

const StatCardSchema = hocSchema('StatCard', {
  label: DynamicString,
  /** The figure as text: a literal ("12,480"), a binding, or a formatNumber / formatCurrency call. */
  value: DynamicString,
  /** The change beside the figure ("+4.2%"). */
  delta: z.optional(DynamicString),
  /** Which way the change goes: an arrow before the delta, named for screen readers. */
  trend: z.optional(z.literal(['up', 'down', 'flat'])),
  /** A line under the figure: "vs last week". */
  caption: z.optional(DynamicString),
});

const statCard = define(
  'StatCard',
  StatCardSchema,
  (props, part) => {
    const body = [part('label'), part('value')];
    const out: A2uiComponent[] = [text(part('label'), props.label, 'caption'), text(part('value'), props.value, 'h2')];
    if (props.delta !== undefined || props.trend !== undefined) {
      const row: string[] = [];
      if (props.trend !== undefined) {
        const [glyph, words] = TREND[props.trend];
        row.push(part('trend'));
        out.push({ ...text(part('trend'), glyph), accessibility: { label: words } });
      }
      if (props.delta !== undefined) {
        row.push(part('delta'));
        out.push(text(part('delta'), props.delta));
      }
      body.push(part('change'));
      out.push({ id: part('change'), component: 'Row', children: row, align: 'center' });
    }
    if (props.caption !== undefined) {
      body.push(part('caption'));
      out.push(text(part('caption'), props.caption, 'caption'));
    }
    return [{ id: '', component: 'Card', child: part('body') }, { id: part('body'), component: 'Column', children: body }, ...out];
  },
);

/* KeyValueList ------------------------------------------------------------------------------------------------ */

const KeyValueListSchema = hocSchema('KeyValueList', {
  title: z.optional(DynamicString),
  /** Up to 40 literal pairs, or a binding to a list of `{label, value}` objects. */
  items: z.union([z.array(z.strictObject({ label: DynamicString, value: DynamicString })).check(z.maxLength(40)), DataBinding]),
});

const keyValueList = define(
  'KeyValueList',
  KeyValueListSchema,
  (props, part) => {
    const root: A2uiComponent = { id: '', component: 'Column', children: [...(props.title !== undefined ? [part('title')] : []), part('items')] };
    const out: A2uiComponent[] = [root];
    if (props.title !== undefined) out.push(text(part('title'), props.title, 'h4'));
    const row = (suffix: string, label: unknown, value: unknown): A2uiComponent[] => [
      { id: part(`row${suffix}`), component: 'Row', children: [part(`label${suffix}`), part(`value${suffix}`)], justify: 'spaceBetween' },
      text(part(`label${suffix}`), label, 'caption'),
      text(part(`value${suffix}`), value),
    ];
    if (isBinding(props.items)) {
      out.push({ id: part('items'), component: 'List', children: { componentId: part('row'), path: props.items.path } });
      out.push(...row('', { path: 'label' }, { path: 'value' }));
    } else {
      out.push({ id: part('items'), component: 'Column', children: props.items.map((_, i) => part(`row_${i}`)) });
      props.items.forEach((item, i) => out.push(...row(`_${i}`, item.label, item.value)));
    }
    return out;
  },
);

/* FormSection ------------------------------------------------------------------------------------------------- */

const FormSectionSchema = hocSchema('FormSection', {
  title: DynamicString,
  description: z.optional(DynamicString),
  /** The inputs of the section: component ids, or a template. */
  children: ChildList,
});

const formSection = define(
  'FormSection',
  FormSectionSchema,
  (props, part) => [
    { id: '', component: 'Column', children: [part('title'), ...(props.description !== undefined ? [part('description')] : []), part('fields')] },
    text(part('title'), props.title, 'h4'),
    ...(props.description !== undefined ? [text(part('description'), props.description, 'caption')] : []),
    { id: part('fields'), component: 'Column', children: props.children },
  ],
);

/** Every higher-order component, by name. */
export const HIGHER_ORDER: Readonly<Record<string, HigherOrderDefinition>> = {
  PricingCard: pricingCard,
  StatCard: statCard,
  KeyValueList: keyValueList,
  FormSection: formSection,
};

/** The props schemas of the higher-order components, by name: what a catalog's `components` lists for them. */
export const HIGHER_ORDER_COMPONENTS: Readonly<Record<string, z.ZodMiniType>> = Object.fromEntries(
  Object.values(HIGHER_ORDER).map((definition) => [definition.name, definition.props]),
);

/**
 * Replaces each higher-order component of `catalog` by its expansion, in place in the list; every other component
 * is returned unchanged (the same object). One pass: expansions hold primitives only. A component its schema refuses,
 * or whose expansion is larger than MAX_EXPANSION, is left as it is, for validation to report. Never throws.
 */
export function expandHigherOrder(components: readonly A2uiComponent[], catalog: HigherOrderCatalog): A2uiComponent[] {
  const table = catalog.higherOrder ?? {};
  const out: A2uiComponent[] = [];
  for (const component of components) {
    const definition = Object.prototype.hasOwnProperty.call(table, component.component) ? table[component.component] : undefined;
    if (!definition || !definition.props.safeParse(component).success) {
      out.push(component);
      continue;
    }
    const expansion = definition.expand(component);
    if (expansion.length === 0 || expansion.length > MAX_EXPANSION) out.push(component);
    else out.push(...expansion);
  }
  return out;
}
