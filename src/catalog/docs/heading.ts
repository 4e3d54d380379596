import type * as z from 'zod/mini';
import type { ComponentDescription, ExampleOf } from '../definition.js';
import type { HeadingSchema } from '../heading.js';

export const headingDescription: ComponentDescription = { purpose: 'A heading inside the view, as plain text.', notes: { level: '1 is the largest.' } };

export const headingExample: ExampleOf<z.input<typeof HeadingSchema>> = {
  version: 1,
  id: 'heading-example',
  root: { id: 'results-title', type: 'heading', text: 'Search results for “vector databases”', level: 2 },
};
