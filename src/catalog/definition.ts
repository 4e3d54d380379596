import type * as z from 'zod/mini';

/*
 * The shape of one catalog entry. Everything the core knows about a component lives in its file: its definition
 * (the strict schema `validateView` checks, and the media it carries), what the backend prompt says about it (its
 * description) and its example view. `src/catalog/index.ts` assembles the definitions, which the validator and the
 * renderer map derive from; `src/catalog/docs.ts` assembles the descriptions and examples, which only the prompt and
 * the A2UI catalog JSON read: kept apart, a page that validates and renders views does not download them.
 */

/** What the prompt says about a component beyond its JSON shape. */
export interface ComponentDescription {
  /** What it is for, in a sentence. */
  readonly purpose: string;
  /** What the schema's JSON form cannot say, by field path (`metrics.change`): rendered as `"field": note`. */
  readonly notes?: Readonly<Record<string, string>>;
}

/**
 * A model-authored view as written in a fence, whose root is `R`. Each component has one (`<name>Example` in
 * docs/<name>.ts): complete and valid, its IDs unique across all the catalog's examples; a container's example may nest
 * other components, which the prompt drops when it does not document them.
 */
export interface ExampleOf<R> {
  version: 1;
  id: string;
  root: R;
}

interface DefinitionBase<T extends string, S extends z.ZodMiniType> {
  /** The `type` of its nodes; also its key in `NODE_DEFINITIONS`. */
  readonly type: T;
  /** Strict and bounded. Data only: no HTML, CSS, class names, URLs, event names, callbacks or scripts. */
  readonly schema: S;
}

/**
 * A leaf: validated whole. Every `id` of its nested objects (actions, rows, items…) is found by a generic walk and
 * must be unique across the view, so a leaf needs no code of its own for that.
 */
export interface LeafDefinition<T extends string = string, S extends z.ZodMiniType = z.ZodMiniType> extends DefinitionBase<T, S> {
  readonly kind: 'leaf';
  /** How many authenticated media items a node carries (limited across a whole message); none when absent. */
  media?(node: z.output<S>): number;
}

/**
 * A container: its own props validated by its schema, whose `children` is a bounded array of unknown values;
 * `validateView` checks each child on its own, so that an invalid child is salvaged without failing its siblings.
 */
export interface ContainerDefinition<T extends string = string, S extends z.ZodMiniType = z.ZodMiniType> extends DefinitionBase<T, S> {
  readonly kind: 'container';
}

export type NodeDefinition = LeafDefinition | ContainerDefinition;
