import type * as z from 'zod/mini';
import { actionRowDescription, actionRowExample } from './docs/action-row.js';
import { artifactDescription, artifactExample } from './docs/artifact.js';
import { calloutDescription, calloutExample } from './docs/callout.js';
import { citationListDescription, citationListExample } from './docs/citation-list.js';
import type { ContainerExamples } from './containers.js';
import { gridDescription, gridExample, stackDescription, stackExample } from './docs/containers.js';
import { dataTableDescription, dataTableExample } from './docs/data-table.js';
import type { ComponentDescription, ExampleOf } from './definition.js';
import { entityCardDescription, entityCardExample } from './docs/entity-card.js';
import { headingDescription, headingExample } from './docs/heading.js';
import type { ContainerType, InlineUiExamples, LeafType, NODE_DEFINITIONS, NodeType } from './index.js';
import { mediaGalleryDescription, mediaGalleryExample } from './docs/media-gallery.js';
import { metricGroupDescription, metricGroupExample } from './docs/metric-group.js';
import { taskCardDescription, taskCardExample } from './docs/task-card.js';

/*
 * What the catalog says about its components, for the backend prompt (src/prompt/) and the A2UI catalog JSON
 * (src/protocols/a2ui/catalog-mantis.ts): each component's description and example view, each in
 * docs/<component>.ts and assembled here, in catalog order. Nothing that validates or renders a view imports these
 * modules, so a page's first load carries none of it, even in a build whose lazy A2UI catalog does (a chunk holds
 * whole modules). Both tables are typed by `NodeType`: a component without a description or an
 * example, or with an example whose root is another component, fails the type check.
 */

/** What the prompt says about each component beyond its JSON shape: its purpose, and notes by field path. */
export const NODE_DESCRIPTIONS: { readonly [K in NodeType]: ComponentDescription } = {
  stack: stackDescription,
  grid: gridDescription,
  heading: headingDescription,
  callout: calloutDescription,
  'metric-group': metricGroupDescription,
  'entity-card': entityCardDescription,
  'citation-list': citationListDescription,
  'data-table': dataTableDescription,
  'task-card': taskCardDescription,
  'media-gallery': mediaGalleryDescription,
  artifact: artifactDescription,
  'action-row': actionRowDescription,
};

/** The example of each component, with the exact input type of its root. */
export type CatalogExamples = { readonly [K in LeafType]: ExampleOf<z.input<(typeof NODE_DEFINITIONS)[K]['schema']>> } & {
  readonly [K in ContainerType]: ExampleOf<ContainerExamples[K]>;
};

const EXAMPLES: CatalogExamples = {
  stack: stackExample,
  grid: gridExample,
  heading: headingExample,
  callout: calloutExample,
  'metric-group': metricGroupExample,
  'entity-card': entityCardExample,
  'citation-list': citationListExample,
  'data-table': dataTableExample,
  'task-card': taskCardExample,
  'media-gallery': mediaGalleryExample,
  artifact: artifactExample,
  'action-row': actionRowExample,
};

/**
 * One complete, valid view per component: the examples of the backend inline-UI prompt. Every ID is unique across
 * all examples, so the prompt can nest one example's root inside a container example. Between them the examples
 * use every action type; the Ask prompt drops the actions that are not read-only.
 */
export const INLINE_UI_EXAMPLES: InlineUiExamples = EXAMPLES;
