import type * as z from 'zod/mini';
import { actionRowDescription, actionRowExample } from './action-row.js';
import { artifactDescription, artifactExample } from './artifact.js';
import { calloutDescription, calloutExample } from './callout.js';
import { citationListDescription, citationListExample } from './citation-list.js';
import { gridDescription, gridExample, stackDescription, stackExample, type ContainerExamples } from './containers.js';
import { dataTableDescription, dataTableExample } from './data-table.js';
import type { ComponentDescription, ExampleOf } from './definition.js';
import { entityCardDescription, entityCardExample } from './entity-card.js';
import { headingDescription, headingExample } from './heading.js';
import type { ContainerType, InlineUiExamples, LeafType, NODE_DEFINITIONS, NodeType } from './index.js';
import { mediaGalleryDescription, mediaGalleryExample } from './media-gallery.js';
import { metricGroupDescription, metricGroupExample } from './metric-group.js';
import { taskCardDescription, taskCardExample } from './task-card.js';

/*
 * What the catalog says about its components, for the backend prompt (src/prompt/) and the A2UI catalog JSON
 * (src/protocols/a2ui/catalog-mantis.ts): each component's description and example view, written beside its
 * definition and assembled here, in catalog order. Nothing that validates or renders a view imports this module, so
 * a page's bundle carries none of it. Both tables are typed by `NodeType`: a component without a description or an
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
